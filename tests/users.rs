//! Users managed after they are added (issue 24 item 10): a PIN reset and a role change by
//! those whose role allows it, through the library and the real binary; login takes the
//! newest PIN, a lock still holds, and `verify` refuses a PIN hash changed by hand.

mod common;

use std::path::Path;

use common::{DEALER, Person, SUPERVISOR, forge, login, past_guards, temp_db, verify_fails};
use croupier::log::{AuditError, Store};
use croupier::session::replay;
use croupier::session::users::{self, Change, Denied, LoginError, Role, User};
use rusqlite::Connection;

const SUPERVISOR2: Person = ("Olga Mala", Role::Supervisor, "800200");
const DEALER2: Person = ("Olha Koval", Role::Dealer, "1002");

/// An admin, two supervisors and two dealers, as logged in: [admin, sup, sup2, dealer, dealer2].
fn staffed(path: &Path) -> (Store, [User; 5]) {
    let mut store = common::store_at_t0(path);
    let admin = common::add_staff(&mut store, &[SUPERVISOR, SUPERVISOR2, DEALER, DEALER2]);
    let sup = login(&mut store, SUPERVISOR);
    let sup2 = login(&mut store, SUPERVISOR2);
    let dealer = login(&mut store, DEALER);
    let dealer2 = login(&mut store, DEALER2);
    (store, [admin, sup, sup2, dealer, dealer2])
}

fn denied<T: std::fmt::Debug>(r: Result<T, AuditError>) -> Denied {
    match r {
        Err(AuditError::Denied(d)) => d,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn the_rights_matrix() {
    let path = temp_db("users-rights");
    let (mut store, [admin, sup, sup2, dealer, dealer2]) = staffed(&path);
    let head = store.head();
    // A PIN reset: an admin anyone's (their own too), a supervisor a dealer's, a dealer none.
    for (by, user, may) in [
        (&admin, &dealer, true),
        (&admin, &sup, true),
        (&admin, &admin, true),
        (&sup, &dealer, true),
        (&sup, &sup2, false),
        (&sup, &sup, false),
        (&sup, &admin, false),
        (&dealer, &dealer2, false),
        (&dealer, &dealer, false),
        (&dealer, &admin, false),
    ] {
        let pin = if user.role == Role::Dealer {
            "4321"
        } else {
            "654321"
        };
        let r = users::may_change(&store, &user.name, Change::Pin(pin), by);
        match may {
            true => assert_eq!(r.unwrap().name, user.name, "{} → {}", by.name, user.name),
            false => assert!(
                matches!(denied(r), Denied::MayNotResetPin { .. }),
                "{} → {}",
                by.name,
                user.name
            ),
        }
    }
    // A role change: an admin only; a dealer may not raise their own role.
    for by in [&sup, &dealer] {
        for (user, to) in [
            (&dealer, Role::Supervisor),
            (&dealer, Role::Admin),
            (&sup2, Role::Dealer),
        ] {
            let r = users::may_change(&store, &user.name, Change::Role(to), by);
            assert!(matches!(denied(r), Denied::OnlyAdminSetsRoles { .. }));
        }
    }
    users::may_change(
        &store,
        &dealer.name,
        Change::RoleWithPin(Role::Supervisor, "482915"),
        &admin,
    )
    .unwrap();
    // Refusals name what was expected: the PIN's length for the role, the same role, a
    // user who does not exist, the last admin.
    let r = users::may_change(&store, &sup.name, Change::Pin("1234"), &admin);
    assert!(matches!(
        denied(r),
        Denied::PinLength {
            role: Role::Supervisor,
            min: 6
        }
    ));
    let r = users::may_change(&store, &dealer.name, Change::Role(Role::Dealer), &admin);
    assert!(matches!(denied(r), Denied::SameRole { .. }));
    let r = users::may_change(&store, "Nikdo Neni", Change::Pin("1234"), &admin);
    assert!(matches!(denied(r), Denied::NoSuchUser(_)));
    let r = users::change_user(
        &mut store,
        &admin.name,
        Change::Role(Role::Supervisor),
        &admin,
    );
    assert!(matches!(denied(r), Denied::LastAdmin(_)));
    // Nothing refused was logged.
    assert_eq!(store.head(), head);
    // With a second admin, the first may step down; then the second is the last.
    let petr =
        users::change_user(&mut store, &sup.name, Change::Role(Role::Admin), &admin).unwrap();
    assert_eq!(petr.role, Role::Admin);
    users::change_user(&mut store, &admin.name, Change::Role(Role::Dealer), &petr).unwrap();
    let r = users::change_user(&mut store, &petr.name, Change::Role(Role::Dealer), &petr);
    assert!(matches!(denied(r), Denied::LastAdmin(_)));
    // The demoted admin's login is stale: their rights are read again, so they change no one.
    let r = users::may_change(&store, &dealer.name, Change::Role(Role::Supervisor), &admin);
    assert!(matches!(
        denied(r),
        Denied::OnlyAdminSetsRoles {
            by_role: Role::Dealer,
            ..
        }
    ));
    let listed: Vec<(String, Role)> = users::list(&store)
        .unwrap()
        .into_iter()
        .map(|(u, _)| (u.name, u.role))
        .collect();
    assert!(
        listed.contains(&("Irena Dvorak".into(), Role::Dealer)),
        "{listed:?}"
    );
    assert!(
        listed.contains(&("Petr Novak".into(), Role::Admin)),
        "{listed:?}"
    );
    replay::verify(&store, |_| {}).unwrap();
}

#[test]
fn login_takes_the_newest_pin_and_a_lock_still_holds() {
    let path = temp_db("users-pin");
    let (mut store, [admin, sup, _, dealer, _]) = staffed(&path);
    users::change_user(&mut store, &dealer.name, Change::Pin("2468"), &sup).unwrap();
    assert!(matches!(
        users::login(&mut store, &dealer.name, "1001", None),
        Err(LoginError::Wrong)
    ));
    assert_eq!(
        users::login(&mut store, &dealer.name, "2468", None)
            .unwrap()
            .role,
        Role::Dealer
    );
    // Reset again: only the newest PIN opens.
    users::change_user(&mut store, &dealer.name, Change::Pin("97531"), &admin).unwrap();
    for old in ["1001", "2468"] {
        assert!(matches!(
            users::login(&mut store, &dealer.name, old, None),
            Err(LoginError::Wrong)
        ));
    }
    users::login(&mut store, &dealer.name, "97531", None).unwrap();
    // Five wrong PINs lock; a reset does not unlock (the new PIN is refused while locked).
    for _ in 0..5 {
        let _ = users::login(&mut store, &dealer.name, "0000", None);
    }
    users::change_user(&mut store, &dealer.name, Change::Pin("1357"), &sup).unwrap();
    assert!(matches!(
        users::login(&mut store, &dealer.name, "1357", None),
        Err(LoginError::Locked(_))
    ));
    users::unlock(&mut store, &dealer.name, &sup).unwrap();
    users::login(&mut store, &dealer.name, "1357", None).unwrap();
    // A role change shows at the next login (a promotion, so with a new, longer PIN).
    users::change_user(
        &mut store,
        &dealer.name,
        Change::RoleWithPin(Role::Supervisor, "135790"),
        &admin,
    )
    .unwrap();
    assert!(matches!(
        users::login(&mut store, &dealer.name, "1357", None),
        Err(LoginError::Wrong)
    ));
    let now = users::login(&mut store, &dealer.name, "135790", None).unwrap();
    assert_eq!(now.role, Role::Supervisor);
    // The log has the digest of each new hash, never the hash nor the PIN.
    let data: Vec<String> = store
        .conn()
        .prepare("SELECT data FROM event_log WHERE kind = 'user_changed' ORDER BY seq")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(data.len(), 5, "{data:?}");
    assert!(
        data[..3].iter().all(|d| d.contains("pin_hash_sha256")),
        "{data:?}"
    );
    // A salted hash's hex may hold a PIN's digits by chance: it is held to be a digest.
    let pins = ["1001", "2468", "97531", "1357", "135790"];
    assert!(
        !data
            .iter()
            .any(|d| d.contains("argon2") || leaks_a_pin(d, &pins)),
        "{data:?}"
    );
    assert!(
        data[3].contains(r#""role":"supervisor","was":"dealer""#),
        "{data:?}"
    );
    assert!(data[4].contains("pin_hash_sha256"), "{data:?}");
    replay::verify(&store, |_| {}).unwrap();
}

/// A user promoted to a role whose PIN is longer (a dealer's is 4 digits, a supervisor's
/// and an admin's 6) must get a new PIN with the role: the old short one may not stay.
/// Refused without one or with one too short for the new role, saying so in every
/// language, nothing logged; a demotion, or a change between roles of one length, needs
/// none. Before the fix the promotion was logged and the 4-digit PIN opened a supervisor.
#[test]
fn a_promotion_needs_a_pin_long_enough_for_the_new_role() {
    use croupier::i18n::{Lang, errors};
    let path = temp_db("users-promotion-pin");
    let (mut store, [admin, sup, _, dealer, _]) = staffed(&path);
    let head = store.head();
    for to in [Role::Supervisor, Role::Admin] {
        let r = users::change_user(&mut store, &dealer.name, Change::Role(to), &admin);
        let d = denied(r);
        assert_eq!(
            d,
            Denied::PromotionNeedsPin {
                name: dealer.name.clone(),
                role: to,
                min: 6
            }
        );
        let said: Vec<String> = Lang::ALL.iter().map(|&l| errors::denied(l, &d)).collect();
        for (l, s) in Lang::ALL.iter().zip(&said) {
            assert!(s.contains("Jana Svoboda") && s.contains('6'), "{l:?}: {s}");
        }
        let mut distinct = said.clone();
        distinct.dedup();
        assert_eq!(distinct.len(), said.len(), "{said:?}");
        for short in ["1234", "12345", "12345a"] {
            let r = users::change_user(
                &mut store,
                &dealer.name,
                Change::RoleWithPin(to, short),
                &admin,
            );
            assert!(
                matches!(denied(r), Denied::PinLength { role, min: 6 } if role == to),
                "{short}"
            );
        }
    }
    assert_eq!(store.head(), head);
    let now = users::login(&mut store, &dealer.name, "1001", None).unwrap();
    assert_eq!(now.role, Role::Dealer);
    // With a PIN long enough: the role and the PIN, two events; only the new PIN opens.
    users::change_user(
        &mut store,
        &dealer.name,
        Change::RoleWithPin(Role::Supervisor, "482915"),
        &admin,
    )
    .unwrap();
    assert_eq!(store.head().0, head.0 + 3, "login, role, PIN");
    assert!(matches!(
        users::login(&mut store, &dealer.name, "1001", None),
        Err(LoginError::Wrong)
    ));
    let jana = users::login(&mut store, &dealer.name, "482915", None).unwrap();
    assert_eq!(jana.role, Role::Supervisor);
    // Supervisor to admin (6 digits both) and a demotion need no new PIN.
    users::change_user(&mut store, &dealer.name, Change::Role(Role::Admin), &admin).unwrap();
    users::change_user(&mut store, &sup.name, Change::Role(Role::Dealer), &admin).unwrap();
    assert_eq!(
        users::login(&mut store, &sup.name, "800100", None)
            .unwrap()
            .role,
        Role::Dealer
    );
    replay::verify(&store, |_| {}).unwrap();
}

#[test]
fn verify_refuses_a_pin_hash_changed_by_hand() {
    let path = temp_db("users-tamper");
    let (mut store, [_, sup, _, dealer, _]) = staffed(&path);
    users::change_user(&mut store, &dealer.name, Change::Pin("2468"), &sup).unwrap();
    replay::verify(&store, |_| {}).unwrap();
    drop(store);
    let conn = Connection::open(&path).unwrap();
    let err = conn
        .execute("UPDATE user_changes SET pin_hash = 'x'", [])
        .unwrap_err()
        .to_string();
    assert!(err.contains("append-only"), "{err}");
    // Someone with the sqlite3 shell puts the supervisor's hash (whose PIN they know) in
    // place, then the trigger back as it was.
    past_guards(&conn, &["user_changes_no_update"], |conn| {
        conn.execute(
            "UPDATE user_changes SET pin_hash = (SELECT pin_hash FROM users WHERE name = 'Petr Novak')",
            [],
        )
        .unwrap()
    });
    drop(conn);
    // The PIN they know now opens the dealer's login, but verify names the row.
    let mut store = Store::open(&path).unwrap();
    users::login(&mut store, &dealer.name, "800100", None).unwrap();
    let e = verify_fails(&store);
    assert!(
        e.contains("user_changes") && e.contains("changed by hand"),
        "{e}"
    );
    drop(store);
    // A row slipped in without its event is caught as well.
    let path = temp_db("users-slipped");
    let (store, [_, _, _, dealer, _]) = staffed(&path);
    drop(store);
    forge(
        &path,
        "INSERT INTO user_changes (set_seq, user_id, role) VALUES (3, (SELECT id FROM users WHERE name = ?1), 'admin')",
        [&dealer.name],
    );
    let store = Store::open_read(&path).unwrap();
    let e = verify_fails(&store);
    assert!(e.contains("user_changes"), "{e}");
}

#[test]
fn the_command_line_resets_a_pin_and_changes_a_role() {
    let path = temp_db("users-cli");
    drop(staffed(&path).0);
    let db = path.to_str().unwrap();
    // A supervisor resets a dealer's PIN: the new PIN, then theirs.
    let out = common::run(
        &[
            "user",
            "pin",
            "Jana Svoboda",
            "--by",
            "Petr Novak",
            "--db",
            db,
        ],
        b"2468\n800100\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("reset the PIN of Jana Svoboda"));
    // A supervisor may not change a role; nothing is logged.
    let out = common::run(
        &[
            "user",
            "role",
            "Jana Svoboda",
            "--role",
            "supervisor",
            "--by",
            "Petr Novak",
            "--db",
            db,
        ],
        b"800100\n",
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("only an admin may"), "{err}");
    // An admin may, with a new PIN long enough for a supervisor (line 1, then hers);
    // without one the promotion is refused and nothing is logged.
    let promote = [
        "user",
        "role",
        "Jana Svoboda",
        "--role",
        "supervisor",
        "--by",
        "Irena Dvorak",
        "--db",
        db,
    ];
    let out = common::run(&promote, b"900000\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("only with a new PIN of 6 to 12 digits"),
        "{err}"
    );
    let out = common::run(&promote, b"2468\n900000\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("a supervisor's PIN is 6 to 12 digits"),
        "{err}"
    );
    let out = common::run(&promote, b"246813\n900000\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Jana Svoboda is now supervisor"));
    // The last admin stays one.
    let out = common::run(
        &[
            "user",
            "role",
            "Irena Dvorak",
            "--role",
            "dealer",
            "--by",
            "Irena Dvorak",
            "--db",
            db,
        ],
        b"900000\n",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("the last admin"),
        "{err}"
    );
    // A PIN missing from standard input says what was expected.
    let out = common::run(
        &[
            "user",
            "pin",
            "Jana Svoboda",
            "--by",
            "Petr Novak",
            "--db",
            db,
        ],
        b"2468\n",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("expected 2 PIN(s)"),
        "{err}"
    );
    let mut store = Store::open(&path).unwrap();
    assert!(users::login(&mut store, "Jana Svoboda", "2468", None).is_err());
    let jana = users::login(&mut store, "Jana Svoboda", "246813", None).unwrap();
    assert_eq!(jana.role, Role::Supervisor);
    replay::verify(&store, |_| {}).unwrap();
}

/// A `user_changes` row far past the head, with the argon2 hash of a PIN the forger knows,
/// is no PIN at all: login refuses it, and verify names the row.
#[test]
fn a_forged_change_row_far_ahead_is_refused() {
    let path = temp_db("users-forged-ahead");
    let (store, [admin, sup, ..]) = staffed(&path);
    drop(store);
    forge(
        &path,
        "INSERT INTO user_changes (set_seq, user_id, pin_hash) VALUES (9000000000000000, (SELECT id FROM users WHERE name = ?1), (SELECT pin_hash FROM users WHERE name = ?2))",
        [&admin.name, &sup.name],
    );
    let mut store = Store::open(&path).unwrap();
    assert!(matches!(
        users::login(&mut store, &admin.name, "800100", None),
        Err(LoginError::Wrong)
    ));
    users::login(&mut store, &admin.name, "900000", None).unwrap();
    let e = verify_fails(&store);
    assert!(
        e.contains("user_changes") && e.contains("9000000000000000"),
        "{e}"
    );
}

/// A users row slipped in by hand (no `user_added` event) cannot log in, and verify
/// names it.
#[test]
fn a_forged_user_row_is_refused() {
    let path = temp_db("users-forged-user");
    let (store, [_, sup, ..]) = staffed(&path);
    drop(store);
    forge(
        &path,
        "INSERT INTO users (name, role, pin_hash, added_seq) SELECT 'Eva Zlata', 'admin', pin_hash, 9000000000000000 FROM users WHERE name = ?1",
        [&sup.name],
    );
    let mut store = Store::open(&path).unwrap();
    assert!(matches!(
        users::login(&mut store, "Eva Zlata", "800100", None),
        Err(LoginError::Wrong)
    ));
    let e = verify_fails(&store);
    assert!(e.contains("Eva Zlata"), "{e}");
}

/// A supervisor demoted while their session is open keeps the `User` of their login, but
/// every right is checked against the role they have now: their void, their adding a
/// dealer, their unlock and their currency are refused. A user locked since their login
/// is refused too.
#[test]
fn a_demoted_or_locked_user_loses_their_rights_at_once() {
    use croupier::session::error::InputError;
    use croupier::session::{NotNow, exceptions, money_log, settings};
    let path = temp_db("users-demoted");
    let (mut store, [admin, sup, sup2, dealer, _]) = staffed(&path);
    users::change_user(&mut store, &sup.name, Change::Role(Role::Dealer), &admin).unwrap();
    let head = store.head();
    // `sup` still says supervisor: the store says dealer.
    assert_eq!(sup.role, Role::Supervisor);
    let void = exceptions::void_round(&mut store, &sup, 1, "player dispute upheld");
    assert!(
        matches!(
            void,
            Err(InputError::NotNow(NotNow::DealerCannotCorrect { .. }))
        ),
        "{void:?}"
    );
    assert!(matches!(
        denied(users::add_user(
            &mut store,
            "Eva Zlata",
            Role::Dealer,
            "1003",
            Some(&sup)
        )),
        Denied::MayNotAdd {
            by_role: Role::Dealer,
            ..
        }
    ));
    assert!(matches!(
        denied(users::may_unlock(&store, &dealer.name, &sup)),
        Denied::DealerCannotUnlock(_)
    ));
    let czk = croupier::engine::Currency::parse("CZK").unwrap();
    assert!(matches!(
        denied(settings::set_currency(&mut store, czk, &sup)),
        Denied::DealerCannotSetCurrency(_)
    ));
    let threshold = money_log::set_cash_threshold(&mut store, Money::units(1000), &sup);
    assert!(
        matches!(threshold, Err(money_log::MoneyError::NotSupervisor { .. })),
        "{threshold:?}"
    );
    assert_eq!(store.head(), head, "nothing was written");
    // Nor does their session open a table with other limits.
    use croupier::engine::{Limits, Money, Rules};
    use croupier::session::TableSession;
    let czech = || Rules::preset("czech").unwrap();
    let s = TableSession::open(
        &mut store,
        admin.clone(),
        "Pontoon 1",
        czech(),
        Some("czech"),
        Limits::NONE,
    )
    .unwrap();
    s.close(&mut store).unwrap();
    let limits = Limits::new(Some(Money::units(5)), Some(Money::units(500))).unwrap();
    let refused = TableSession::open(
        &mut store,
        sup.clone(),
        "Pontoon 1",
        czech(),
        Some("czech"),
        limits,
    );
    assert!(
        matches!(
            refused,
            Err(InputError::NotNow(NotNow::RulesNeedSupervisor { .. }))
        ),
        "{:?}",
        refused.err()
    );
    // A supervisor locked since their login (five wrong PINs at another screen) acts no more.
    for _ in 0..5 {
        let _ = users::login(&mut store, &sup2.name, "000000", None);
    }
    let void = exceptions::void_round(&mut store, &sup2, 1, "player dispute upheld");
    assert!(
        matches!(
            void,
            Err(InputError::Store(AuditError::Denied(Denied::LockedNow(_))))
        ),
        "{void:?}"
    );
    assert!(matches!(
        denied(users::add_user(
            &mut store,
            "Eva Zlata",
            Role::Dealer,
            "1003",
            Some(&sup2)
        )),
        Denied::LockedNow(_)
    ));
}

/// A PIN reset clears the failed attempts before it: four wrong PINs, a reset, then one
/// more wrong PIN does not lock (it would have been the fifth); five after the reset do.
#[test]
fn a_pin_reset_clears_the_failed_attempts() {
    let path = temp_db("users-reset-clears");
    let (mut store, [_, sup, _, dealer, _]) = staffed(&path);
    for _ in 0..4 {
        let _ = users::login(&mut store, &dealer.name, "0000", None);
    }
    users::change_user(&mut store, &dealer.name, Change::Pin("2468"), &sup).unwrap();
    assert!(matches!(
        users::login(&mut store, &dealer.name, "0000", None),
        Err(LoginError::Wrong)
    ));
    users::login(&mut store, &dealer.name, "2468", None).unwrap();
    for _ in 0..4 {
        let _ = users::login(&mut store, &dealer.name, "0000", None);
    }
    assert!(matches!(
        users::login(&mut store, &dealer.name, "0000", None),
        Err(LoginError::Locked(_))
    ));
    replay::verify(&store, |_| {}).unwrap();
}

/// Whether the JSON text `data` shows one of `pins`: in any string or number but a
/// `pin_hash_sha256`, which must be a digest (64 hex digits) or it counts as shown.
fn leaks_a_pin(data: &str, pins: &[&str]) -> bool {
    use serde_json::Value;
    fn shows(v: &Value, pins: &[&str], digest: bool) -> bool {
        match v {
            Value::String(s) if digest => {
                !(s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit()))
            }
            Value::String(s) => pins.iter().any(|p| s.contains(p)),
            Value::Number(n) => pins.iter().any(|p| n.to_string().contains(p)),
            Value::Array(items) => items.iter().any(|i| shows(i, pins, false)),
            Value::Object(map) => (map.iter()).any(|(k, i)| {
                shows(&Value::from(k.as_str()), pins, false)
                    || shows(i, pins, k == "pin_hash_sha256")
            }),
            Value::Bool(_) | Value::Null => false,
        }
    }
    shows(
        &serde_json::from_str(data).expect("an event's data is JSON"),
        pins,
        false,
    )
}
