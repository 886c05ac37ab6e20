//! The floor on a real PostgreSQL server (`CROUPIER_TEST_FLOOR`, a connection string to a
//! superuser's database; `.ci/run` starts a throw-away server with
//! `scripts/pg-throwaway.sh` and sets it). Each test makes its own database there, so
//! they run in parallel. Without a server each test prints why it is skipped — and under
//! CI (`CI` set) a missing server fails instead.
//!
//! Sync (idempotent, complete), the server's refusal of a forged file and its alarm,
//! `verify --floor`, `report --floor` byte for byte against the files' floor report, and
//! the faults: the sync killed at random moments, two syncs at once, the server down and
//! restarted while a table deals, a wrong password, an unreachable host.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use croupier::engine::Money;
use croupier::floor::{self, Floor, FloorSource};
use croupier::log::{Clock, EventKind, ManualClock, Store};
use croupier::report::{self, Derived, Kind, Options, Period, Verified, VerifyFailure};
use croupier::session::demo;

/// The server, or `None` after saying why the test is skipped.
fn server(test: &str) -> Option<String> {
    match std::env::var("CROUPIER_TEST_FLOOR") {
        Ok(u) if !u.is_empty() => Some(u),
        _ => {
            if std::env::var_os("CI").is_some() {
                panic!(
                    "{test}: CI must give a PostgreSQL server in CROUPIER_TEST_FLOOR (.ci/run does)"
                );
            }
            // Straight to standard error, past the test harness's capture: a skip is said.
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED {test}: no PostgreSQL server; run `scripts/pg-throwaway.sh run cargo test --test floor` (or set CROUPIER_TEST_FLOOR)"
            );
            None
        }
    }
}

/// A new, empty database on the server for one test: its URL.
fn fresh_floor(base: &str, name: &str) -> String {
    static N: AtomicUsize = AtomicUsize::new(0);
    let db = format!(
        "croupier_{name}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    );
    let mut c = postgres::Client::connect(base, postgres::NoTls).unwrap();
    c.batch_execute(&format!("CREATE DATABASE {db}")).unwrap();
    let cut = base.rfind('/').unwrap();
    format!("{}/{db}", &base[..cut])
}

fn client(url: &str) -> postgres::Client {
    postgres::Client::connect(url, postgres::NoTls).unwrap()
}

/// Whether no session holds an advisory lock in `url`'s database (the auditor's, say).
fn no_advisory_lock(url: &str) -> bool {
    client(url)
        .query_opt(
            "SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
                AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            &[],
        )
        .unwrap()
        .is_none()
}

fn run(args: &[&str]) -> (bool, Option<i32>, String, String) {
    let out = common::run(args, b"");
    (
        out.status.success(),
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn last_seq(db: &Path) -> i64 {
    Store::open_read(db).unwrap().last_seq().unwrap()
}

/// (events, distinct seqs, highest seq) the floor holds, all tables.
fn floor_counts(url: &str) -> (i64, i64, i64) {
    let r = client(url)
        .query_one(
            "SELECT count(*), count(DISTINCT (tab, seq)), coalesce(max(seq), 0)::int8 FROM croupier.events",
            &[],
        )
        .unwrap();
    (r.get(0), r.get(1), r.get(2))
}

fn alarms(url: &str) -> Vec<(i64, String)> {
    client(url)
        .query("SELECT seq, what FROM croupier.alarms ORDER BY id", &[])
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

/// A demo file whose `created` event is stamped `shift` ms off the demo's clock, so that
/// it is a table database of its own on the floor (demo files otherwise start alike).
fn demo_file(name: &str, rounds: u64, seed: u64, shift: i64) -> PathBuf {
    let path = common::fresh_dir(name).join(format!("{name}.db"));
    let clock = ManualClock::new(demo::clock().now_ms() + shift);
    let mut store = Store::open_with(&path, Box::new(clock)).unwrap();
    demo::fill(&mut store, rounds, 1, seed, |_| {}).unwrap();
    path
}

#[test]
fn a_sync_sends_every_event_once_and_again_sends_nothing() {
    let Some(base) = server("sync") else { return };
    let url = fresh_floor(&base, "sync");
    let db = demo_file("sync", 300, 3, 0);
    let d = db.to_str().unwrap();
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok, "{err}");
    let n = last_seq(&db);
    assert!(out.contains(&format!("holds events 1-{n}")), "{out}");
    assert_eq!(floor_counts(&url), (n, n, n));
    // Again: nothing new, nothing doubled.
    let (ok, _, out, _) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok && out.contains("(0 sent now)"), "{out}");
    assert_eq!(floor_counts(&url), (n, n, n));
    // The floor's copy is the file's, event by event; the settlements' figures were read
    // by the server from the events' data.
    let (ok, _, out, err) = audited_verify(d, &url);
    assert!(ok, "{out}{err}");
    assert!(out.contains("matches the floor"), "{out}");
    let rounds: i64 = client(&url)
        .query_one("SELECT count(*) FROM croupier.rounds", &[])
        .unwrap()
        .get(0);
    assert_eq!(rounds, 300);
    // The environment gives the floor too.
    let out = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(["sync", "--db", d])
        .env("CROUPIER_FLOOR", &url)
        .output()
        .unwrap();
    assert!(out.status.success());
}

/// Forges a table file as someone who can write it would: drops the triggers, edits the
/// reason of the first refused input, recomputes the whole chain after it (the stored
/// hashes: 32 bytes, or the 8 a step keeps) and puts the triggers back as they were (else
/// `verify` says they are not). Returns the edited event's seq.
fn forge(db: &Path) -> i64 {
    forge_with(
        db,
        |e| e.kind == EventKind::StepRefused,
        |d| d.replacen("\"reason\":\"", "\"reason\":\"(nothing wrong) ", 1),
    )
}

/// Forges the first event `pick` chooses with `edit`, as `forge` does.
fn forge_with(
    db: &Path,
    pick: impl Fn(&croupier::log::Event) -> bool,
    edit: impl Fn(&str) -> String,
) -> i64 {
    let store = Store::open_read(db).unwrap();
    let mut events = Vec::new();
    store
        .each_event(1, |e| {
            events.push(e);
            Ok::<(), ()>(())
        })
        .unwrap()
        .unwrap();
    drop(store);
    let c = rusqlite::Connection::open(db).unwrap();
    let triggers: Vec<(String, String)> = c
        .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    for (t, _) in &triggers {
        c.execute_batch(&format!("DROP TRIGGER {t}")).unwrap();
    }
    let target = events
        .iter()
        .position(pick)
        .expect("the demo logs such an event");
    let edited = edit(&events[target].data);
    assert_ne!(edited, events[target].data);
    c.execute(
        "UPDATE events SET data = ?1 WHERE seq = ?2",
        rusqlite::params![edited, target as i64 + 1],
    )
    .unwrap();
    events[target].data = edited;
    let mut prev = [0u8; 32];
    for (i, e) in events.iter().enumerate() {
        let seq = i as i64 + 1;
        let (kind, t, u, len): (String, Option<i64>, Option<i64>, i64) = c
            .query_row(
                "SELECT k.name, e.table_id, e.user_id, length(e.hash) FROM events e JOIN event_kinds k ON k.code = e.kind WHERE e.seq = ?1",
                [seq],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .unwrap();
        let h = common::event_hash_spec(&prev, seq, e.at, &kind, (t, u, e.round), &e.data);
        if i >= target {
            c.execute(
                "UPDATE events SET hash = ?1 WHERE seq = ?2",
                rusqlite::params![&h[..len as usize], seq],
            )
            .unwrap();
        }
        prev = h;
    }
    for (_, sql) in &triggers {
        c.execute_batch(sql).unwrap();
    }
    target as i64 + 1
}

#[test]
fn a_forged_file_is_refused_by_the_floor_and_alarmed() {
    let Some(base) = server("forged") else { return };
    let url = fresh_floor(&base, "forged");
    let db = demo_file("forged", 200, 5, 0);
    let d = db.to_str().unwrap();
    assert!(run(&["sync", "--db", d, "--floor", &url]).0);
    let held = floor_counts(&url);
    let seq = forge(&db);
    // The forgery is good enough for the file's own verify…
    let (ok, _, out, err) = run(&["verify", "--db", d]);
    assert!(
        ok,
        "the forged file should pass its local verify: {out}{err}"
    );
    // …not for the floor: a sync is refused (the head it re-sends is not the one held),
    let (ok, code, _, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(!ok && code == Some(1), "{err}");
    assert!(err.contains("REFUSED"), "{err}");
    assert_eq!(floor_counts(&url), held, "nothing of the forged file taken");
    // verify --floor names the first event that differs, with both hashes,
    let (ok, _, out, _) = run(&["verify", "--db", d, "--floor", &url]);
    assert!(!ok);
    assert!(
        out.contains(&format!(
            "event {seq} differs from the floor's copy (its data changed)"
        )),
        "{out}"
    );
    assert!(
        out.contains("file hash") && out.contains("floor hash"),
        "{out}"
    );
    // both are alarms on the floor, with the seq,
    let a = alarms(&url);
    assert!(
        a.iter()
            .any(|(s, w)| *s == seq && w.starts_with("verify --floor")),
        "{a:?}"
    );
    assert!(
        a.iter().any(|(_, w)| w.starts_with("changed copy")),
        "{a:?}"
    );
    // and the floor's exceptions report shows them.
    let p = Period::parse("2026-01-01", "2100-12-31").unwrap();
    let o = Options {
        kind: Kind::Exceptions,
        period: p,
        table: None,
        dealer: None,
        threshold: Money::units(1000),
        verify: true,
        generated_by: "test",
        generated_at: "now",
    };
    let mut src = FloorSource::open(Floor::connect(&url).unwrap()).unwrap();
    let r = report::build_from(&mut src, &o, |_| {}).unwrap();
    let rows = &r.sections[1].rows;
    let alarm_rows: Vec<String> = rows
        .iter()
        .filter(|r| r[1] == croupier::report::Cell::Word("floor alarm"))
        .map(|r| format!("{:?}", r[5]))
        .collect();
    assert!(alarm_rows.len() >= 2, "{alarm_rows:?}");
    assert!(
        alarm_rows
            .iter()
            .any(|d| d.contains(&format!("event {seq}")))
    );
    assert!(
        matches!(r.sources[0].verified, Some(Verified::Failed(_))),
        "the footer says the alarms"
    );

    // The server refuses a forged event by itself, whoever inserts it: a row whose hash
    // does not follow, straight into the table, is refused by the trigger.
    let mut c = client(&url);
    let e = c.execute(
        "INSERT INTO croupier.events SELECT at, seq + 1000000, tab, table_id, user_id, round_id, kind, data, hash FROM croupier.events WHERE seq = 5",
        &[],
    );
    let msg = |e: postgres::Error| e.as_db_error().unwrap().message().to_string();
    assert!(msg(e.unwrap_err()).contains("does not follow"));
    let e = c.execute("UPDATE croupier.events SET data = data WHERE seq = 5", &[]);
    assert!(msg(e.unwrap_err()).contains("append-only"));

    // A sync that lies about hashes (a changed program at the table): the server takes
    // the events that chain, refuses the first that does not, and logs it.
    let head = held.2;
    let (id, head_hash): (Vec<u8>, Vec<u8>) = {
        let r = c
            .query_one("SELECT db, head_hash FROM croupier.tables", &[])
            .unwrap();
        (r.get(0), r.get(1))
    };
    let x = "{\"name\":\"x\"}";
    let good = common::event_hash_spec(
        &head_hash,
        head + 1,
        head + 1,
        "logout",
        (None, Some(1), None),
        x,
    );
    let forged = [0u8; 32];
    let (taken, new_head, problem, bad) = ingest(
        &mut c,
        &id,
        &[
            (head + 1, "logout", x, &good),
            (head + 2, "logout", x, &forged),
        ],
    )
    .unwrap();
    assert_eq!((taken, new_head, bad), (1, head + 1, Some(head + 2)));
    assert!(problem.unwrap().contains("does not follow"));
    let a = alarms(&url);
    assert!(
        a.iter()
            .any(|(s, w)| *s == head + 2 && w.starts_with("chain broken")),
        "{a:?}"
    );
    assert_eq!(floor_counts(&url).0, head + 1);
}

type Ingested = (i64, i64, Option<String>, Option<i64>);

/// Calls the floor's `ingest` by hand (as a changed program at a table would) with
/// events (seq, kind, data, hash), user 1, no table or round, at = seq: (taken, head,
/// problem, bad seq).
fn ingest(
    c: &mut postgres::Client,
    id: &[u8],
    events: &[(i64, &str, &str, &[u8; 32])],
) -> Result<Ingested, postgres::Error> {
    ingest_at(c, id, events, 0)
}

/// A time after every demo file's (2027-01-15): events sent by hand at `LATER + seq`
/// after a demo file's own go forward in time, as a table's clock does (an event dated
/// back by over an hour is the auditor's alarm).
const LATER: i64 = 1_800_000_000_000;

/// `ingest` with each event at `at0 + seq`.
fn ingest_at(
    c: &mut postgres::Client,
    id: &[u8],
    events: &[(i64, &str, &str, &[u8; 32])],
    at0: i64,
) -> Result<Ingested, postgres::Error> {
    let seq: Vec<i64> = events.iter().map(|e| e.0).collect();
    let kind: Vec<&str> = events.iter().map(|e| e.1).collect();
    let data: Vec<&str> = events.iter().map(|e| e.2).collect();
    let hash: Vec<&[u8]> = events.iter().map(|e| &e.3[..]).collect();
    let at: Vec<i64> = seq.iter().map(|s| at0 + s).collect();
    let none: Vec<Option<i64>> = vec![None; events.len()];
    let user: Vec<Option<i64>> = vec![Some(1); events.len()];
    let r = c.query_one(
        "SELECT * FROM croupier.ingest($1, 'by hand', $2, $3, $4, $5, $6, $7, $8, $9)",
        &[&id, &seq, &at, &kind, &none, &user, &none, &data, &hash],
    )?;
    Ok((r.get(0), r.get(1), r.get(2), r.get(3)))
}

/// Floor schema 18: a table database is registered only with its event 1, whose hash
/// its identity is. Before, any 32 bytes registered one (an empty call too), so a
/// file's events could be sent again under another identity and counted again. And a
/// refused batch leaves no month behind: the months are made inside the insert's
/// subtransaction (the good part's made again with it).
#[test]
fn a_table_database_is_registered_by_its_event_1_and_a_refused_batch_makes_no_month() {
    let Some(base) = server("identity") else {
        return;
    };
    let url = fresh_floor(&base, "identity");
    let db = demo_file("identity", 20, 3, 0);
    assert!(run(&["sync", "--db", db.to_str().unwrap(), "--floor", &url]).0);
    let mut c = client(&url);
    let x = "{\"name\":\"x\"}";
    let user = (None, Some(1), None);

    // A batch refused at its chain check, dated in a month the floor does not hold
    // (at = seq: January 1970), leaves no partition; one whose good part is taken makes
    // that part's month.
    let month = |c: &mut postgres::Client| -> bool {
        c.query_one(
            "SELECT to_regclass('croupier.events_1970_01') IS NOT NULL",
            &[],
        )
        .unwrap()
        .get(0)
    };
    assert!(!month(&mut c));
    let (id, head, head_hash): (Vec<u8>, i64, Vec<u8>) = {
        let r = c
            .query_one("SELECT db, head_seq, head_hash FROM croupier.tables", &[])
            .unwrap();
        (r.get(0), r.get(1), r.get(2))
    };
    let forged = [0u8; 32];
    let (taken, _, problem, bad) =
        ingest(&mut c, &id, &[(head + 1, "logout", x, &forged)]).unwrap();
    assert_eq!((taken, bad), (0, Some(head + 1)), "{problem:?}");
    assert!(!month(&mut c), "a refused batch made a month");
    let good = common::event_hash_spec(&head_hash, head + 1, head + 1, "logout", user, x);
    let (taken, ..) = ingest(
        &mut c,
        &id,
        &[
            (head + 1, "logout", x, &good),
            (head + 2, "logout", x, &forged),
        ],
    )
    .unwrap();
    assert_eq!(taken, 1);
    assert!(month(&mut c), "the good part's month is made");

    // No event at all, an event 1 under another identity (new, or registered with no
    // event), the events from event 2 on: each refused with its reason, nothing
    // registered or taken, nothing alarmed.
    let registered = |c: &mut postgres::Client| -> i64 {
        c.query_one("SELECT count(*) FROM croupier.tables", &[])
            .unwrap()
            .get(0)
    };
    let alarmed = alarms(&url).len();
    let created = common::event_hash_spec(&[0u8; 32], 1, 1, "created", user, x);
    let other = [9u8; 32];
    // An identity registered with no event, as an empty call did before schema 18: it
    // takes no event 1 but its own either.
    let empty = [8u8; 32];
    c.execute(
        "INSERT INTO croupier.tables (db, role, path) VALUES ($1, session_user, 'by hand')",
        &[&&empty[..]],
    )
    .unwrap();
    type Sent<'a> = Vec<(i64, &'a str, &'a str, &'a [u8; 32])>;
    let attacks: [(&[u8], Sent, &str); 4] = [
        (&other, vec![], "no event 1 (created) first"),
        (
            &empty,
            vec![(1, "created", x, &created)],
            "an event 1 whose hash is another identity",
        ),
        (
            &other,
            vec![(1, "created", x, &created)],
            "an event 1 whose hash is another identity",
        ),
        (
            &created,
            vec![(2, "logout", x, &created)],
            "no event 1 (created) first",
        ),
    ];
    for (id, events, why) in attacks {
        let e = ingest(&mut c, id, &events).expect_err(why);
        let said = e
            .as_db_error()
            .map(|d| d.message().to_string())
            .unwrap_or_default();
        assert!(
            said.contains("registers a table database with its event 1") && said.contains(why),
            "{said}"
        );
        assert_eq!(registered(&mut c), 2, "{why}: nothing registered");
    }
    assert_eq!(alarms(&url).len(), alarmed, "nothing alarmed");
    let empty_head: i64 = c
        .query_one(
            "SELECT head_seq FROM croupier.tables WHERE db = $1",
            &[&&empty[..]],
        )
        .unwrap()
        .get(0);
    assert_eq!(empty_head, 0, "nothing taken under the empty identity");
    // The control: the same event 1 under its own hash registers a table database.
    let (taken, head, problem, _) =
        ingest(&mut c, &created, &[(1, "created", x, &created)]).unwrap();
    assert_eq!((taken, head, problem), (1, 1, None));
    assert_eq!(registered(&mut c), 3);
}

/// Floor schema 18's migration holds the table databases registered before it to the
/// rule: one whose identity is not the hash of its event 1 is alarmed (under the owner:
/// the alarm stands and its footer reads FAILED); an honest one is not.
#[test]
fn a_floor_of_schema_17_alarms_an_identity_that_is_not_its_event_1s_hash() {
    let Some(base) = server("migrate18") else {
        return;
    };
    let url = fresh_floor(&base, "migrate18");
    let (a, b) = (
        demo_file("migrate18-a", 30, 5, 0),
        demo_file("migrate18-b", 30, 6, 3),
    );
    let mut admin = old_floor(&url, 17);
    for f in [&a, &b] {
        let n = last_seq(f);
        assert_eq!(ingest_file(&mut admin, f, 1), (n, n, None));
    }
    // As a floor before schema 18 let it be: table database 2's events under an
    // identity that is not its event 1's hash.
    let junk = [7u8; 32];
    admin
        .execute(
            "UPDATE croupier.tables SET db = $1 WHERE tab = 2",
            &[&&junk[..]],
        )
        .unwrap();
    Floor::connect(&url).unwrap();
    let version: i32 = admin
        .query_one("SELECT version FROM croupier.schema_version", &[])
        .unwrap()
        .get(0);
    assert_eq!(version, LATEST_FLOOR);
    let raised: Vec<(i32, i64, String)> = admin
        .query(
            "SELECT tab, seq, what FROM croupier.alarms ORDER BY id",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect();
    assert_eq!(raised.len(), 1, "{raised:?}");
    let (tab, seq, what) = &raised[0];
    assert_eq!((*tab, *seq), (2, 1));
    assert!(
        what.starts_with(
            "identity: table database 0707070707070707 is not the hash of its event 1"
        ),
        "{what}"
    );
    let (_, json, _) = floor_report_json(&url, "summary");
    let verdicts: Vec<String> = json["databases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["verify"]["verdict"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(verdicts[1], "failed", "{json}");
    assert_ne!(verdicts[0], "failed", "{json}");
}

/// The floor's URL with another login role (no password: the throw-away server trusts
/// loopback for every role but the one password test's).
fn as_role(url: &str, role: &str) -> String {
    let s = url.find("://").unwrap() + 3;
    let at = url[s..].find('@').map(|i| s + i).unwrap_or(s);
    let rest = if at == s { &url[s..] } else { &url[at + 1..] };
    format!("{}{role}@{rest}", &url[..s])
}

/// The floor does not rely on a table's credentials being honest. Set up by its admin
/// (`floor-init`), each table logs in as its own role in `croupier_table`: such a role
/// syncs, verifies and reports, and every attack of the review (a direct write to the
/// floor's tables, trigger or function DDL, a hijacked `sha256`, another table's
/// identity, an unknown kind, a rolled-back refusal) is refused, the refusals alarmed.
#[test]
fn a_least_privilege_table_role_syncs_and_every_attack_is_refused() {
    let Some(base) = server("roles") else { return };
    let url = fresh_floor(&base, "roles");
    let (ok, _, out, err) = run(&["floor-init", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let pid = std::process::id();
    let (ra, rb, evil) = (
        format!("tab_a_{pid}"),
        format!("tab_b_{pid}"),
        format!("evil_{pid}"),
    );
    let mut admin = client(&url);
    admin
        .batch_execute(&format!(
            "CREATE ROLE {ra} LOGIN IN ROLE croupier_table;
             CREATE ROLE {rb} LOGIN IN ROLE croupier_table;
             CREATE SCHEMA {evil} AUTHORIZATION {rb};"
        ))
        .unwrap();
    let (ua, ub) = (as_role(&url, &ra), as_role(&url, &rb));
    let a = demo_file("roles-a", 60, 3, 0);
    let b = demo_file("roles-b", 60, 4, 7);
    let (pa, pb) = (a.to_str().unwrap(), b.to_str().unwrap());
    // The honest path works with no more than the role's grants.
    for (f, u) in [(pa, &ua), (pb, &ub)] {
        let (ok, _, out, err) = run(&["sync", "--db", f, "--floor", u]);
        assert!(ok, "{out}{err}");
    }
    let (ok, _, out, err) = run(&["verify", "--db", pa, "--floor", &ua]);
    assert!(!ok && out.contains("NOT YET REPLAYED"), "{out}{err}");
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let (ok, _, out, err) = run(&["verify", "--db", pa, "--floor", &ua]);
    assert!(ok, "{out}{err}");
    let (ok, _, _, err) = run(&common::report_json_args_from("--floor", &ua, "summary"));
    assert!(ok, "{err}");
    let held = floor_counts(&url);
    let heads = |c: &mut postgres::Client| -> Vec<(String, i64)> {
        c.query(
            "SELECT role::text, head_seq FROM croupier.tables ORDER BY tab",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
    };
    let before = heads(&mut admin);
    assert_eq!(before.len(), 2);
    assert_eq!(before[0].0, ra);

    // B's role may not write the floor's tables, nor change its schema.
    let mut c = client(&ub);
    let denied = [
        format!("UPDATE croupier.tables SET head_seq = 1 WHERE role = '{ra}'"),
        "INSERT INTO croupier.rounds SELECT tab, seq, 1, at, NULL, NULL, 100000000, 0, 100000000, 0, 0, 0, 0, 0, 0, 0 FROM croupier.events WHERE seq = 2".into(),
        "INSERT INTO croupier.events SELECT at, seq + 1000, tab, table_id, user_id, round_id, kind, data, hash FROM croupier.events WHERE seq = 2".into(),
        "INSERT INTO croupier.alarms (at, db, seq, what) VALUES (1, '\\x00', 1, 'framed')".into(),
        "INSERT INTO croupier.round_starts SELECT tab, round_id + 1000, seq + 1000, box_sq, round_sq FROM croupier.round_starts".into(),
        "DELETE FROM croupier.alarms".into(),
        // Schema 19: nor acknowledge an alarm but through the owner's or auditor's call.
        "INSERT INTO croupier.alarm_acks (alarm, why) SELECT id, 'seen' FROM croupier.alarms".into(),
        // Schema 7: the floor's totals are its trigger's, never a table's.
        "INSERT INTO croupier.round_totals SELECT hour + 1, tab, table_id, dealer, opened, rounds, handle, paid, win, insurance_taken, insurance_paid, splits, buys, pontoons, five_card_tricks, box_sq, round_sq FROM croupier.round_totals".into(),
        "UPDATE croupier.round_totals SET win = win + 100000".into(),
        "DELETE FROM croupier.round_totals".into(),
        // Schema 12: nor the totals per day.
        "INSERT INTO croupier.day_totals SELECT day + 1, tab, table_id, dealer, opened, rounds, handle, paid, win, insurance_taken, insurance_paid, splits, buys, pontoons, five_card_tricks, box_sq, round_sq, cost, uncosted FROM croupier.day_totals".into(),
        "UPDATE croupier.day_totals SET win = win + 100000".into(),
        "DELETE FROM croupier.day_totals".into(),
        // Schema 13: nor the auditor's record of its totals check.
        "INSERT INTO croupier.totals_checked (tab, seq) VALUES (1000, 0)".into(),
        "UPDATE croupier.totals_checked SET touched = false, broken = NULL".into(),
        // Schema 14: nor the auditor's record of its chain check.
        "INSERT INTO croupier.chain_checked (tab, seq) VALUES (1000, 0)".into(),
        "UPDATE croupier.chain_checked SET touched = false, broken = NULL".into(),
        "SELECT croupier.bump_totals(ARRAY[1], ARRAY[2::int8], ARRAY[1::int8])".into(),
        "TRUNCATE croupier.events".into(),
        "ALTER TABLE croupier.events DISABLE TRIGGER events_chained".into(),
        "DROP TRIGGER events_append_only ON croupier.events".into(),
        "CREATE OR REPLACE FUNCTION croupier.cents(v jsonb) RETURNS bigint LANGUAGE sql AS 'SELECT 0::bigint'".into(),
        "CREATE SCHEMA own".into(),
        "SELECT croupier.refusal(1, '\\x00', 1, NULL, NULL, 'framed')".into(),
    ];
    for sql in &denied {
        let e = c.batch_execute(sql).expect_err(sql);
        assert_eq!(
            e.code(),
            Some(&postgres::error::SqlState::INSUFFICIENT_PRIVILEGE),
            "{sql}: {e}"
        );
    }

    let row = |c: &mut postgres::Client, role: &str| -> (Vec<u8>, i64, Vec<u8>) {
        let r = c
            .query_one(
                "SELECT db, head_seq, head_hash FROM croupier.tables WHERE role = $1",
                &[&role],
            )
            .unwrap();
        (r.get(0), r.get(1), r.get(2))
    };
    let x = "{\"name\":\"x\"}";
    // Impersonation: B's role sends a continuation of A's log that chains perfectly.
    // (A's row read by the admin: B's role sees only its own rows, schema 4.)
    let (ida, heada, hasha) = row(&mut admin, &ra);
    let next = common::event_hash_spec(
        &hasha,
        heada + 1,
        heada + 1,
        "logout",
        (None, Some(1), None),
        x,
    );
    let (taken, _, problem, _) = ingest(&mut c, &ida, &[(heada + 1, "logout", x, &next)]).unwrap();
    assert_eq!(taken, 0);
    assert!(
        problem.unwrap().contains("belongs to another role"),
        "impersonation refused"
    );
    // Retried (as the dealer screen's link retries), it is refused again, alarmed once.
    let (taken, ..) = ingest(&mut c, &ida, &[(heada + 1, "logout", x, &next)]).unwrap();
    assert_eq!(taken, 0);
    // So is a sync of a copy of A's file under B's role.
    let copy = common::fresh_dir("roles-copy").join("a.db");
    std::fs::copy(&a, &copy).unwrap();
    let (ok, code, _, err) = run(&["sync", "--db", copy.to_str().unwrap(), "--floor", &ub]);
    assert!(!ok && code == Some(1) && err.contains("REFUSED"), "{err}");

    // A hijacked sha256: B's own function first on its search_path, a forged event with
    // a gap after B's head, its hash what that function returns.
    c.batch_execute(&format!(
        "CREATE FUNCTION {evil}.sha256(bytea) RETURNS bytea LANGUAGE sql AS
             $$ SELECT '\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea $$;
         SET search_path = {evil}, pg_catalog;"
    ))
    .unwrap();
    let (idb, headb, hashb) = row(&mut c, &rb);
    let zero = [0u8; 32];
    let (taken, h, problem, _) = ingest(&mut c, &idb, &[(headb + 2, "logout", x, &zero)]).unwrap();
    assert_eq!((taken, h), (0, headb), "{problem:?}");
    c.batch_execute("RESET search_path").unwrap();

    // An event of a kind the floor does not know, chained correctly, is refused.
    let k = common::event_hash_spec(
        &hashb,
        headb + 1,
        headb + 1,
        "bogus",
        (None, Some(1), None),
        x,
    );
    let (taken, _, problem, bad) = ingest(&mut c, &idb, &[(headb + 1, "bogus", x, &k)]).unwrap();
    assert_eq!((taken, bad), (0, Some(headb + 1)));
    assert!(problem.unwrap().contains("kind"));

    // A changed client that rolls its refusal back avoids the alarm row, never the
    // refusal: nothing of it is on the floor.
    c.batch_execute("BEGIN").unwrap();
    let (taken, ..) = ingest(&mut c, &idb, &[(headb + 1, "logout", x, &zero)]).unwrap();
    assert_eq!(taken, 0);
    c.batch_execute("ROLLBACK").unwrap();

    assert_eq!(heads(&mut admin), before, "no head moved");
    assert_eq!(floor_counts(&url), held, "no event taken");
    // The refusals that were committed are alarms, each naming the role that sent it.
    let alarmed: Vec<(String, String)> = admin
        .query(
            "SELECT by_role::text, what FROM croupier.alarms ORDER BY id",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    for what in ["impersonation", "gap", "unknown kind"] {
        assert!(
            alarmed.iter().any(|(r, w)| *r == rb && w.starts_with(what)),
            "{what}: {alarmed:?}"
        );
    }
    assert_eq!(
        alarmed
            .iter()
            .filter(|(_, w)| w.starts_with("impersonation") && w.contains(&rb))
            .count(),
        2,
        "the direct call (alarmed once for two tries) and the copy's sync: {alarmed:?}"
    );
    // A's own next sync is still in order: nothing B did is blamed on A.
    let (ok, _, out, err) = run(&["sync", "--db", pa, "--floor", &ua]);
    assert!(ok, "{out}{err}");

    // B sends a known kind whose data is not JSON (it chains): the floor holds it, and
    // a floor report still reads every table.
    let (_, headb, hashb) = row(&mut c, &rb);
    let junk = "not json";
    let h = common::event_hash_spec(
        &hashb,
        headb + 1,
        headb + 1,
        "user_added",
        (None, Some(1), None),
        junk,
    );
    let (taken, ..) = ingest(&mut c, &idb, &[(headb + 1, "user_added", junk, &h)]).unwrap();
    assert_eq!(taken, 1);
    // (As B's role, which reads its own table database only, schema 4.)
    let (ok, _, out, err) = run(&common::report_json_args_from("--floor", &ub, "summary"));
    // (The year: its detail by month, `DETAIL_DAYS`.)
    assert!(out.contains("by month"), "{err}");
    // (It fails, saying why: the floor holds alarms; without the check it passes.)
    assert!(!ok && err.contains("verify FAILED"), "{err}");
    let (ok, _, out, err) = run(&[
        common::report_json_args_from("--floor", &ub, "summary"),
        vec!["--skip-verify"],
    ]
    .concat());
    assert!(ok && out.contains("by month"), "{err}");
}

/// Two table roles and their synced demo files, on a floor set up by `floor-init`:
/// (role, URL, file) for each.
fn two_tables(url: &str, tag: &str) -> [(String, String, PathBuf); 2] {
    let (ok, _, out, err) = run(&["floor-init", "--floor", url]);
    assert!(ok, "{out}{err}");
    let pid = std::process::id();
    let mut admin = client(url);
    [7, 8].map(|n| {
        let role = format!("{tag}{n}_{pid}");
        admin
            .batch_execute(&format!("CREATE ROLE {role} LOGIN IN ROLE croupier_table"))
            .unwrap();
        let u = as_role(url, &role);
        let f = demo_file(&format!("{tag}-{n}"), 30, n, n as i64);
        let (ok, _, out, err) = run(&["sync", "--db", f.to_str().unwrap(), "--floor", &u]);
        assert!(ok, "{out}{err}");
        (role, u, f)
    })
}

/// Issue 21: the migration lock at connect. A table's login holding the advisory lock
/// the floor's first migration uses (any login can take one), and a transaction that read
/// the schema's version, stalls neither another table's sync nor the owner's connect; it
/// may not take the lock the owner's migrations take. (Before: every connect waited on
/// the advisory lock, 60 s, then failed.)
#[test]
fn a_table_login_holding_the_migration_lock_stalls_no_one() {
    let Some(base) = server("advisory") else {
        return;
    };
    let url = fresh_floor(&base, "advisory");
    let [(_, u7, _), (_, u8, f8)] = two_tables(&url, "tv");
    let mut c7 = client(&u7);
    c7.batch_execute("SELECT pg_advisory_lock(4851033551896596303)")
        .unwrap();
    let mut c7b = client(&u7);
    c7b.batch_execute("BEGIN; SELECT version FROM croupier.schema_version")
        .unwrap();
    let e = client(&u7)
        .batch_execute("BEGIN; LOCK TABLE croupier.schema_version IN EXCLUSIVE MODE")
        .expect_err("a table's login may not take the migration's lock");
    assert_eq!(
        e.code(),
        Some(&postgres::error::SqlState::INSUFFICIENT_PRIVILEGE),
        "{e}"
    );
    let t = Instant::now();
    let (ok, _, out, err) = run(&["sync", "--db", f8.to_str().unwrap(), "--floor", &u8]);
    assert!(ok, "{out}{err}");
    Floor::connect(&url).expect("the owner connects and migrates");
    let (ok, _, out, err) = run(&["floor-init", "--floor", &url]);
    assert!(ok, "{out}{err}");
    assert!(
        t.elapsed() < Duration::from_secs(15),
        "stalled {:?} by another login's lock",
        t.elapsed()
    );
    c7b.batch_execute("COMMIT").unwrap();
}

/// Issue 21: an event of a kind the auditor's program does not know (a newer Croupier
/// logged it, and the floor's owner took the kind): the auditor stops there and says so,
/// raises one alarm naming the event and the kind however often it runs, records no
/// replay fault (a program that knows the kind replays on past it), and exits 1. The
/// floor's verdict on it is not PASSED. (Before: a FAILED verdict, for good.)
#[test]
fn an_event_kind_the_auditor_does_not_know_is_alarmed_once_and_no_fault() {
    let Some(base) = server("unknown-kind") else {
        return;
    };
    let url = fresh_floor(&base, "unknownkind");
    let [_, (r8, u8, _)] = two_tables(&url, "tk");
    let mut admin = client(&url);
    admin
        .batch_execute("INSERT INTO croupier.kinds (name, code) VALUES ('table_renamed', 120)")
        .unwrap();
    let (id8, head8, hash8) = table_row(&mut admin, &r8);
    let (x, at) = ("{\"name\":\"x\"}", head8 + 1);
    let h = common::event_hash_spec(&hash8, at, at, "table_renamed", (None, Some(1), None), x);
    let (taken, ..) = ingest(&mut client(&u8), &id8, &[(at, "table_renamed", x, &h)]).unwrap();
    assert_eq!(taken, 1);
    for _ in 0..2 {
        let (ok, code, out, err) = run(&["floor-audit", "--floor", &url]);
        assert!(!ok && code == Some(1), "{out}{err}");
        let want = format!(
            "replayed through event {head8} of {at}; NOT YET REPLAYED: stopped at event {at}: its kind \"table_renamed\" is not one this program knows"
        );
        assert!(out.contains(&want), "{out}");
        assert!(err.contains("cannot replay"), "{err}");
    }
    let said: Vec<_> = alarms(&url)
        .into_iter()
        .filter(|a| a.1.contains("the auditor cannot replay it"))
        .collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert_eq!(said[0].0, at);
    assert!(said[0].1.contains("table_renamed"), "{said:?}");
    let r = admin
        .query_one(
            "SELECT r.seq, r.failed_seq FROM croupier.replayed r JOIN croupier.tables t USING (tab)
              WHERE t.role = $1",
            &[&r8],
        )
        .unwrap();
    assert_eq!(
        (r.get::<_, i64>(0), r.get::<_, Option<i64>>(1)),
        (head8, None)
    );
}

/// (identity, head seq, head hash) of the table database a role sent.
fn table_row(c: &mut postgres::Client, role: &str) -> (Vec<u8>, i64, Vec<u8>) {
    let r = c
        .query_one(
            "SELECT db, head_seq, head_hash FROM croupier.tables WHERE role = $1",
            &[&role],
        )
        .unwrap();
    (r.get(0), r.get(1), r.get(2))
}

/// Issue 21, items 2 and 3. A table's role raises no alarm: not for another table's
/// database, not for its own (only the floor's own checks and its auditor do). Its
/// `ingest` of another table's identity is refused before anything is locked: the other
/// table syncs on at once while the forger's transaction stays open, and the refusal's
/// alarm names the forger and counts nothing against the other table's verify.
#[test]
fn a_table_role_can_neither_alarm_against_nor_stall_another_table() {
    let Some(base) = server("foreign") else {
        return;
    };
    let url = fresh_floor(&base, "foreign");
    let [(r7, u7, _), (r8, u8, f8)] = two_tables(&url, "tf");
    let mut admin = client(&url);
    let (id8, head8, hash8) = table_row(&mut admin, &r8);
    let (id7, ..) = table_row(&mut admin, &r7);

    let mut c7 = client(&u7);
    for id in [&id8, &id7] {
        let e = c7
            .execute(
                "SELECT croupier.raise_alarm($1, 1, NULL, NULL, 'framed')",
                &[id],
            )
            .expect_err("a table role raises no alarm");
        assert_eq!(
            e.code(),
            Some(&postgres::error::SqlState::INSUFFICIENT_PRIVILEGE),
            "{e}"
        );
    }
    assert!(alarms(&url).is_empty(), "{:?}", alarms(&url));

    // table7 claims table8's identity in a transaction it keeps open.
    let x = "{\"name\":\"x\"}";
    let next = |h: &[u8], seq: i64| {
        common::event_hash_spec(h, seq, LATER + seq, "logout", (None, Some(1), None), x)
    };
    let forged = next(&hash8, head8 + 1);
    c7.batch_execute("BEGIN").unwrap();
    let (taken, head, problem, _) =
        ingest_at(&mut c7, &id8, &[(head8 + 1, "logout", x, &forged)], LATER)
            .expect("refused, not an error");
    // Refused, telling table7 nothing of table8: not its role, not its head (schema 5).
    assert_eq!((taken, head), (0, 0));
    let problem = problem.unwrap();
    assert!(
        problem.contains("belongs to another role") && !problem.contains(&r8),
        "{problem}"
    );
    // Meanwhile table8 sends its own next event: taken at once (a lock held for table7
    // would make it wait out the lock timeout and fail).
    let mut c8 = client(&u8);
    c8.batch_execute("SET lock_timeout = '3s'").unwrap();
    let (taken, head, problem, _) =
        ingest_at(&mut c8, &id8, &[(head8 + 1, "logout", x, &forged)], LATER)
            .expect("table8's ingest does not wait on table7's transaction");
    assert_eq!((taken, head, problem), (1, head8 + 1, None));
    c7.batch_execute("COMMIT").unwrap();

    // The refusal is an alarm naming table7 …
    let rows: Vec<(String, String)> = admin
        .query(
            "SELECT by_role::text, what FROM croupier.alarms ORDER BY id",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].0, r7);
    assert!(rows[0].1.starts_with("impersonation"), "{rows:?}");
    assert!(
        rows[0].1.contains(&format!("belongs to role {r8}")),
        "{rows:?}"
    );
    // … and table8's verify on the floor still passes; the exceptions report lists the
    // alarm with the role that raised it.
    let o = Options {
        verify: true,
        ..common::options(Kind::Exceptions, "2026-01-01", "2100-12-31")
    };
    // Not yet replayed by the floor's auditor: NOT YET REPLAYED, never PASSED (nor
    // FAILED: table7's alarm does not count against table8).
    let report_now = || {
        let mut src = FloorSource::open(Floor::connect(&url).unwrap()).unwrap();
        report::build_from(&mut src, &o, |_| {}).unwrap()
    };
    let r = report_now();
    assert!(
        r.sources
            .iter()
            .all(|s| matches!(s.verified, Some(Verified::NotReplayed { through: 0, .. }))),
        "{:?}",
        r.sources
    );
    floor::Auditor::new(Floor::connect(&url).unwrap())
        .unwrap()
        .pass()
        .unwrap();
    let r = report_now();
    assert!(
        r.sources
            .iter()
            .all(|s| matches!(s.verified, Some(Verified::Passed(_)))),
        "{:?}",
        r.sources
    );
    let shown = format!("{:?}", r.sections[1].rows);
    assert!(shown.contains(&format!("raised by role {r7}")), "{shown}");
    // table8's file and sync are untouched by any of it: the floor's extra event is one
    // table8's role sent by hand, so its own file is now shorter, and says so: refused,
    // and not alarmed (its login may not raise alarms).
    let (ok, code, _, err) = run(&["sync", "--db", f8.to_str().unwrap(), "--floor", &u8]);
    assert!(!ok && code == Some(1), "{err}");
    assert!(
        err.contains("file ends at event") && err.contains("may not raise alarms"),
        "{err}"
    );
    assert_eq!(alarms(&url).len(), 1);

    // Item 5: a table's role reads only its own table database's rows; a supervisor's
    // login (IN ROLE croupier_reader) and the owner read every table's.
    let sup = format!("sup_{}", std::process::id());
    admin
        .batch_execute(&format!("CREATE ROLE {sup} LOGIN IN ROLE croupier_reader"))
        .unwrap();
    let seen = |url: &str| -> Vec<i64> {
        let mut c = client(url);
        [
            "tables",
            "events",
            "rounds",
            "round_starts",
            "alarms",
            "replayed",
            "round_totals",
            "day_totals",
        ]
        .iter()
        .map(|t| {
            c.query_one(
                &format!("SELECT count(DISTINCT tab) FROM croupier.{t}"),
                &[],
            )
            .unwrap()
            .get(0)
        })
        .collect()
    };
    // (The auditor has replayed both: each has its `replayed` row.)
    assert_eq!(
        seen(&u8),
        [1, 1, 1, 1, 0, 1, 1, 1],
        "table8 sees its own only"
    );
    assert_eq!(
        seen(&u7),
        [1, 1, 1, 1, 0, 1, 1, 1],
        "table7 sees its own only"
    );
    let own: Vec<Vec<u8>> = client(&u7)
        .query("SELECT db FROM croupier.tables", &[])
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(own, vec![id7]);
    assert_eq!(seen(&as_role(&url, &sup)), [2, 2, 2, 2, 0, 2, 2, 2]);
    assert_eq!(seen(&url), [2, 2, 2, 2, 0, 2, 2, 2]);
    // A table's floor report holds its own table database only; a supervisor's, both.
    let dbs = |url: &str| {
        FloorSource::open(Floor::connect(url).unwrap())
            .unwrap()
            .databases()
            .len()
    };
    assert_eq!((dbs(&u7), dbs(&as_role(&url, &sup))), (1, 2));
}

/// Sends a file's events `from..` to the floor by calling `ingest` directly, as a
/// changed program at the table would: (taken, head, problem).
fn ingest_file(c: &mut postgres::Client, db: &Path, from: i64) -> (i64, i64, Option<String>) {
    // The data as the store reads it (the file keeps it packed), the rest from SQL.
    let mut events = Vec::new();
    Store::open_read(db)
        .unwrap()
        .each_event(1, |e| {
            events.push(e);
            Ok::<(), ()>(())
        })
        .unwrap()
        .unwrap();
    let sql = rusqlite::Connection::open(db).unwrap();
    let mut prev = [0u8; 32];
    let mut id = None;
    let mut cols = (
        vec![],
        vec![],
        vec![],
        vec![],
        vec![],
        vec![],
        vec![],
        vec![],
    );
    for (i, e) in events.iter().enumerate() {
        let seq = i as i64 + 1;
        let (kind, table, user): (String, Option<i64>, Option<i64>) = sql
            .query_row(
                "SELECT k.name, e.table_id, e.user_id FROM events e JOIN event_kinds k ON k.code = e.kind WHERE e.seq = ?1",
                [seq],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap();
        let h = common::event_hash_spec(&prev, seq, e.at, &kind, (table, user, e.round), &e.data);
        prev = h;
        id.get_or_insert(h);
        if seq >= from {
            cols.0.push(seq);
            cols.1.push(e.at);
            cols.2.push(kind);
            cols.3.push(table);
            cols.4.push(user);
            cols.5.push(e.round);
            cols.6.push(e.data.clone());
            cols.7.push(h.to_vec());
        }
    }
    let r = c
        .query_one(
            "SELECT * FROM croupier.ingest($1, 'by hand', $2, $3, $4, $5, $6, $7, $8, $9)",
            &[
                &&id.unwrap()[..],
                &cols.0,
                &cols.1,
                &cols.2,
                &cols.3,
                &cols.4,
                &cols.5,
                &cols.6,
                &cols.7,
            ],
        )
        .unwrap();
    (r.get(0), r.get(1), r.get(2))
}

/// Issue 21, item 1: the floor replays what it certifies. A file whose first settlement
/// logs another house win (its chain recomputed) is refused by its own sync, naming the
/// event; sent anyway by its table's role calling `ingest`, it is taken by the floor (the
/// chain holds), and the floor's auditor, under its own role, replays it through the
/// engine and raises an alarm naming the round. The floor's summary footer then says
/// FAILED for that table database and PASSED, replayed through its last event, for the
/// others; the auditor resumes without raising it twice and follows what tables send.
#[test]
fn the_floor_auditor_replays_every_table_and_alarms_a_forged_settlement() {
    let Some(base) = server("auditor") else {
        return;
    };
    let url = fresh_floor(&base, "auditor");
    let [(_, _, f7), (r8, u8, _)] = two_tables(&url, "ta");
    let pid = std::process::id();
    let (r9, aud) = (format!("ta9_{pid}"), format!("aud_{pid}"));
    let mut admin = client(&url);
    admin
        .batch_execute(&format!(
            "CREATE ROLE {r9} LOGIN IN ROLE croupier_table;
             CREATE ROLE {aud} LOGIN IN ROLE croupier_auditor;"
        ))
        .unwrap();
    let (u9, ua) = (as_role(&url, &r9), as_role(&url, &aud));
    let f9 = demo_file("ta-9", 30, 9, 9);
    let d9 = f9.to_str().unwrap();
    let seq = forge_with(
        &f9,
        |e| e.kind == EventKind::RoundSettled,
        |d| {
            let i = d.find("\"house_net\":").unwrap() + "\"house_net\":".len();
            let j = i + d[i..].find(',').unwrap();
            let v: f64 = d[i..j].parse().unwrap();
            format!("{}{}{}", &d[..i], v + 500.0, &d[j..])
        },
    );
    let round: i64 = rusqlite::Connection::open(&f9)
        .unwrap()
        .query_row("SELECT round_id FROM events WHERE seq = ?1", [seq], |r| {
            r.get(0)
        })
        .unwrap();

    // The table's own sync refuses to send it, naming the event.
    let (ok, code, _, err) = run(&["sync", "--db", d9, "--floor", &u9]);
    assert!(!ok && code == Some(1), "{err}");
    assert!(
        err.contains(&format!("replay refuses event {seq}")) && err.contains("house win"),
        "{err}"
    );
    let mut c9 = client(&u9);
    let (_, head, _) = table_row(&mut admin, &r9);
    assert_eq!(head, seq - 1, "the events before it were sent");
    // A table role calling `ingest` itself: the floor takes every event (they chain).
    let (taken, head, problem) = ingest_file(&mut c9, &f9, seq - 1);
    assert_eq!(
        (taken, head, problem),
        (last_seq(&f9) - seq + 1, last_seq(&f9), None)
    );
    // Neither a table's role nor anyone but the auditor writes the verdicts or audits.
    let e = c9
        .batch_execute("INSERT INTO croupier.replayed (tab, seq) VALUES (1, 1000000)")
        .expect_err("a table writes no verdict");
    assert_eq!(
        e.code(),
        Some(&postgres::error::SqlState::INSUFFICIENT_PRIVILEGE)
    );
    let (ok, _, _, err) = run(&["floor-audit", "--floor", &u9]);
    assert!(!ok && err.contains("croupier_auditor"), "{err}");

    // The auditor replays every table database and alarms the forged settlement.
    let (ok, code, out, err) = run(&["floor-audit", "--floor", &ua]);
    assert!(!ok && code == Some(1), "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    for (i, f) in [&f7, &f9].iter().enumerate() {
        let n = last_seq(f);
        let line = lines[if i == 0 { 0 } else { 2 }];
        if i == 0 {
            assert!(
                line.ends_with(&format!("replayed through event {n} of {n}; no mismatch")),
                "{line}"
            );
        } else {
            assert!(
                line.contains(&format!(
                    "replayed through event {} of {n}; FAILED at event {seq}",
                    seq - 1
                )) && line.contains(&format!("round {round}")),
                "{line}"
            );
        }
    }
    let replay_alarms = |c: &mut postgres::Client| -> Vec<(i64, String, String)> {
        c.query(
            "SELECT seq, by_role::text, what FROM croupier.alarms WHERE what LIKE 'replay:%' ORDER BY id",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect()
    };
    let a = replay_alarms(&mut admin);
    assert_eq!(a.len(), 1, "{a:?}");
    assert_eq!((a[0].0, &a[0].1), (seq, &aud));
    assert!(
        a[0].2.contains(&format!("round {round}")) && a[0].2.contains("house win logged"),
        "{a:?}"
    );

    // The floor's summary: FAILED for the forged table database, PASSED for the others.
    let o = Options {
        verify: true,
        ..common::options(Kind::Summary, "2026-01-01", "2100-12-31")
    };
    let verdicts = |url: &str| {
        let mut src = FloorSource::open(Floor::connect(url).unwrap()).unwrap();
        report::build_from(&mut src, &o, |_| {}).unwrap().sources
    };
    let v = verdicts(&url);
    assert_eq!(v.len(), 3);
    for (s, f) in v.iter().zip([&f7, &f7, &f9]) {
        match &s.verified {
            // The auditor's refusal, typed, at the forged event; said as before.
            Some(Verified::Failed(why @ VerifyFailure::AuditorRefuses { seq: at, .. }))
                if f == &f9 =>
            {
                assert_eq!(*at, seq, "{why}");
                assert!(
                    why.to_string()
                        .contains(&format!("replay refuses event {seq}")),
                    "{why}"
                )
            }
            Some(Verified::Passed(passed)) if f != &f9 => {
                // Replayed by the auditor through its head, in data and in words.
                let report::verdict::Passed::Floor {
                    chained, replayed, ..
                } = passed
                else {
                    panic!("{passed:?}")
                };
                assert_eq!(*replayed, chained.head, "{passed}");
                // "replayed through event N of N", the head.
                let text = &passed.to_string();
                let i = text.find("replayed through event ").expect(text) + 23;
                let n: Vec<&str> = text[i..].split(' ').take(3).collect();
                assert!(n[0] == n[2] && n[1] == "of", "{text}");
                assert!(!text.contains("not yet replayed"), "{text}");
            }
            other => panic!("{f:?}: {other:?}"),
        }
    }

    // Again: the forged table stays FAILED and is not alarmed twice. A table's new event
    // is replayed by the next pass (here, the library's: the command's `--follow` loops
    // over the same pass).
    let (id8, head8, hash8) = table_row(&mut admin, &r8);
    let x = "{\"name\":\"x\"}";
    let next = common::event_hash_spec(
        &hash8,
        head8 + 1,
        LATER + head8 + 1,
        "logout",
        (None, Some(1), None),
        x,
    );
    let (taken, ..) = ingest_at(
        &mut client(&u8),
        &id8,
        &[(head8 + 1, "logout", x, &next)],
        LATER,
    )
    .unwrap();
    assert_eq!(taken, 1);
    // Not yet replayed: the footer says so, and does not pass.
    let v = verdicts(&url);
    let Some(Verified::NotReplayed {
        through,
        events,
        detail,
    }) = &v[1].verified
    else {
        panic!("{:?}", v[1])
    };
    assert_eq!((*through, *events), (head8, head8 + 1), "{detail}");
    assert_eq!(detail.chained.head, head8 + 1, "{detail}");
    assert!(detail.to_string().contains("no alarm"), "{detail}");
    let mut auditor = floor::Auditor::new(Floor::connect(&ua).unwrap()).unwrap();
    let all = auditor.pass().unwrap();
    assert_eq!(
        all.iter().map(|a| (a.through, a.head)).collect::<Vec<_>>()[1],
        (head8 + 1, head8 + 1)
    );
    assert!(all[2].failed.is_some());
    assert_eq!(replay_alarms(&mut admin).len(), 1);
    assert!(matches!(
        verdicts(&url)[1].verified,
        Some(Verified::Passed(_))
    ));
}

/// A floor of schema 1 holding a table's events is migrated by the next connection of
/// its owner (schema 2: the hash function STABLE so that it is inlined, no per-row
/// foreign key to `tables`; schema 3: the index by round keyed by kind, deduplicated, and
/// the rounds' openings in a table of their own), and keeps every check: the chain trigger itself refuses an
/// event of a table database the floor never registered, even from the owner, and the
/// table syncs on from where it was.
/// A floor as an older program left it: its migrations 1 to `upto` run from the text of
/// `src/floor/schema.rs` (the SQL that program held), and the kinds it knew.
fn old_floor(url: &str, upto: usize) -> postgres::Client {
    let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/floor/schema.rs"))
        .unwrap();
    let mut c = client(url);
    for v in 1..=upto.min(5) {
        let start = format!("const V{v}: &str = r#\"");
        let a = src.find(&start).unwrap() + start.len();
        let b = a + src[a..].find("\"#;").unwrap();
        c.batch_execute(&src[a..b]).unwrap();
    }
    let kinds = [
        "created",
        "user_added",
        "login",
        "login_failed",
        "logout",
        "user_locked",
        "user_unlocked",
        "table_opened",
        "table_closed",
        "shoe_new",
        "round_started",
        "step",
        "step_refused",
        "undo",
        "round_settled",
        "round_voided",
        "round_corrected",
        "pontis_opened",
        "pontis_started",
        "pontis_play",
        "pontis_refused",
        "pontis_undo",
        "pontis_ended",
        "setting_changed",
        "money",
    ];
    c.execute(
        "INSERT INTO croupier.kinds SELECT unnest($1::text[])",
        &[&&kinds[..]],
    )
    .unwrap();
    // Schemas 6 to 18 are SQL files of their own (6, 11, 17 and 18 followed by
    // `ingest`'s definition, today's); 6 numbers the kinds named above.
    let files: [&[&str]; 13] = [
        &["schema6.sql", "ingest.sql"],
        &["schema7.sql"],
        &["schema8.sql"],
        &["schema9.sql"],
        &["schema10.sql"],
        &["schema11.sql", "ingest.sql"],
        &["schema12.sql"],
        &["schema13.sql"],
        &["schema14.sql"],
        &["schema15.sql"],
        &["schema16.sql"],
        &["schema17.sql", "ingest.sql"],
        &["schema18.sql", "ingest.sql"],
    ];
    for v in 6..=upto {
        for f in files[v - 6] {
            let path = format!("{}/src/floor/{f}", env!("CARGO_MANIFEST_DIR"));
            c.batch_execute(&std::fs::read_to_string(path).unwrap())
                .unwrap();
        }
    }
    c.execute(
        "UPDATE croupier.schema_version SET version = $1",
        &[&(upto as i32)],
    )
    .unwrap();
    c
}

/// Issue 25 item 3: a floor of schema 1 and one of schema 5, each holding a table's
/// events, migrated by the owner's next connection to schema 6 (kinds as numbers, data
/// packed, no check kept for a step, one partition a month): every event is still there
/// and chained, `verify --floor` and the auditor's replay pass, the table syncs on, a new
/// table is taken whole, and the chain trigger still refuses a forged row whoever
/// inserts it.
#[test]
fn an_older_floor_is_migrated_and_keeps_its_checks() {
    let Some(base) = server("migrate") else {
        return;
    };
    for upto in [1, 5] {
        let url = fresh_floor(&base, "migrate");
        let db = demo_file(&format!("migrate{upto}"), 40, 5, 0);
        let d = db.to_str().unwrap();
        let mut admin = old_floor(&url, upto);
        let n = last_seq(&db);
        assert_eq!(ingest_file(&mut admin, &db, 1), (n, n, None));
        let shape = |c: &mut postgres::Client| -> (i32, String, String) {
            let r = c
                .query_one(
                    "SELECT (SELECT version FROM croupier.schema_version),
                            (SELECT provolatile::text FROM pg_proc WHERE proname = 'event_hash'),
                            (SELECT relkind::text FROM pg_class WHERE oid = 'croupier.events'::regclass)",
                    &[],
                )
                .unwrap();
            (r.get(0), r.get(1), r.get(2))
        };
        let before = shape(&mut admin);
        assert_eq!(before.0, upto as i32);
        assert_eq!(before.2, "r", "schema {upto}: one plain table of events");
        Floor::connect(&url).unwrap();
        // (To the latest schema.)
        assert_eq!(shape(&mut admin), (LATEST_FLOOR, "s".into(), "p".into()));
        // Schema 7's totals, built by the migration from the events already held.
        floor_totals_equal_the_files(&url, &[Store::open_read(&db).unwrap()]);
        // Every event kept, and the chain the server walks again whole.
        assert_eq!(floor_counts(&url), (n, n, n));
        let r = admin
            .query_one(
                "SELECT c.first_held, c.broken, (SELECT count(*) FROM croupier.events WHERE kind = 12 AND octet_length(hash) = 0)
                   FROM croupier.tables t, croupier.chain_break(t.tab) c",
                &[],
            )
            .unwrap();
        let (held, broken, short): (Option<i64>, Option<i64>, i64) = (r.get(0), r.get(1), r.get(2));
        assert_eq!((held, broken), (Some(1), None), "schema {upto}");
        assert!(short > n / 2, "a step keeps no check: {short} of {n}");
        let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
        assert!(ok && out.contains("(0 sent now)"), "{out}{err}");
        let (ok, _, out, err) = audited_verify(d, &url);
        assert!(ok && out.contains("matches the floor"), "{out}{err}");
        let (code, json, err) = floor_report_json(&url, "summary");
        assert_eq!(code, Some(0), "{err}");
        assert!(json.to_string().contains("\"passed\""), "{json}");
        let other = demo_file(&format!("migrate{upto}-b"), 30, 6, 9);
        let o = other.to_str().unwrap();
        let (ok, _, out, err) = run(&["sync", "--db", o, "--floor", &url]);
        assert!(ok, "{out}{err}");
        let (ok, _, out, err) = audited_verify(o, &url);
        assert!(ok && out.contains("matches the floor"), "{out}{err}");
        let m = n + last_seq(&other);
        assert_eq!(floor_counts(&url).0, m);
        let rounds: i64 = admin
            .query_one("SELECT count(*) FROM croupier.rounds", &[])
            .unwrap()
            .get(0);
        assert_eq!(rounds, 70);
        // Each round's opening, those of before the migration (filled by it) and after
        // (by the trigger), its stakes squared in the floor's table of them (schema 16),
        // equal to what the events' own give.
        let r = admin
            .query_one(
                "SELECT (SELECT count(*) FROM croupier.round_starts),
                        (SELECT count(*) FROM croupier.round_starts s JOIN croupier.event_text e
                           ON e.tab = s.tab AND e.seq = s.seq AND e.kind = 'round_started'
                          AND e.round_id = s.round_id AND s.box_sq > 0
                          AND (s.box_sq, s.round_sq) = (SELECT q.box_sq, q.round_sq
                                                          FROM croupier.start_squares(e.data) q)),
                        (SELECT count(*) FROM croupier.event_text WHERE kind = 'round_started')",
                &[],
            )
            .unwrap();
        let (starts, same, started): (i64, i64, i64) = (r.get(0), r.get(1), r.get(2));
        assert!(
            started >= 70 && starts == started && same == started,
            "{starts} {same} {started}"
        );
        // An event of a table database the floor never registered, inserted directly by
        // the owner with a hash that follows from the genesis: refused by the chain trigger.
        let data = "{\"program\":\"x\"}";
        let now = "(extract(epoch FROM now()) * 1000)::int8";
        let h = common::event_hash_spec(&[0u8; 32], 1, 1, "created", (None, None, None), data);
        let e = admin
            .execute(
                &format!("INSERT INTO croupier.events VALUES ({now}, 1, 999, NULL, NULL, NULL, 1, $1, $2)"),
                &[&data, &&h[..]],
            )
            .expect_err("an unregistered table database's event");
        assert!(db_message(&e).contains("does not follow"), "{e:?}");
        // A forged continuation of the registered table, by the owner: refused too.
        let (tab, head): (i32, i64) = {
            let r = admin
                .query_one(
                    "SELECT tab, head_seq FROM croupier.tables ORDER BY tab LIMIT 1",
                    &[],
                )
                .unwrap();
            (r.get(0), r.get(1))
        };
        let bad =
            common::event_hash_spec(&[1u8; 32], head + 1, 1, "logout", (None, None, None), data);
        let e = admin
            .execute(
                &format!("INSERT INTO croupier.events VALUES ({now}, $2::int8, $1, NULL, NULL, NULL, 5, $3, $4)"),
                &[&tab, &(head + 1), &data, &&bad[..]],
            )
            .expect_err("a hash that does not follow");
        assert!(db_message(&e).contains("does not follow"), "{e:?}");
    }
}

/// Issue 25 item 3: the floor's events are partitioned by UTC month, and a casino archives
/// a closed period by detaching its months (README, "Archiving a closed year"). What is
/// gone is never certified: the report's verdict for the table database whose first
/// events went says so and is not PASSED (exit 1), `verify --floor` says so too, and a
/// fresh auditor says it cannot replay it; a table database that lost only later events
/// is not PASSED either, and one whose months all stay still PASSES.
#[test]
fn a_detached_month_is_never_certified_and_the_rest_still_is() {
    let Some(base) = server("detach") else {
        return;
    };
    let url = fresh_floor(&base, "detach");
    let a = demo_file("detach-a", 20, 3, 0);
    let (ok, _, out, err) = run(&["sync", "--db", a.to_str().unwrap(), "--floor", &url]);
    assert!(ok, "{out}{err}");
    // B deals from a minute before February (UTC) into it, its clock going forward (a
    // demo file created later would go back to the demo's January: the auditor's alarm).
    let b = common::fresh_dir("detach-b").join("detach-b.db");
    deal_and_sync(&url, &b, 1_769_903_940_000, 20, 3, 5);
    let verdicts = |json: &serde_json::Value| -> Vec<String> {
        json["databases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["verify"]["verdict"].as_str().unwrap_or("").to_string())
            .collect()
    };
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let (code, json, err) = floor_report_json(&url, "summary");
    assert_eq!(
        (code, verdicts(&json)),
        (Some(0), vec!["passed".into(), "passed".into()]),
        "{err}"
    );
    let mut admin = client(&url);
    let months = |c: &mut postgres::Client, tab: i32| -> Vec<String> {
        c.query(
            "SELECT DISTINCT tableoid::regclass::text FROM croupier.events WHERE tab = $1",
            &[&tab],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect()
    };
    // A's events are all in the demo's month (January); B's run on into a later one.
    let (ma, mb) = (months(&mut admin, 1), months(&mut admin, 2));
    assert_eq!(ma.len(), 1, "{ma:?}");
    let later: Vec<&String> = mb.iter().filter(|m| **m != ma[0]).collect();
    assert_eq!(later.len(), 1, "{ma:?} {mb:?}");
    // The archive, as the README says: detach the month, (dump it,) drop it. B's later
    // month first: B is no longer PASSED (its head is not on the floor), A still is.
    let archive = |c: &mut postgres::Client, m: &str| {
        c.batch_execute(&format!(
            "ALTER TABLE croupier.events DETACH PARTITION {m}; DROP TABLE {m}"
        ))
        .unwrap();
    };
    archive(&mut admin, later[0]);
    let (code, json, err) = floor_report_json(&url, "summary");
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(verdicts(&json), vec!["passed".to_string(), "failed".into()]);
    let (ok, _, out, err) = run(&["verify", "--db", a.to_str().unwrap(), "--floor", &url]);
    assert!(ok && out.contains("matches the floor"), "{out}{err}");
    let (ok, _, out, err) = run(&["verify", "--db", b.to_str().unwrap(), "--floor", &url]);
    assert!(!ok && !out.contains("matches the floor"), "{out}{err}");
    // Then the demo's month: both lose their first events, and both say so.
    archive(&mut admin, &ma[0]);
    let (code, json, err) = floor_report_json(&url, "summary");
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(verdicts(&json), vec!["failed".to_string(), "failed".into()]);
    for d in json["databases"].as_array().unwrap() {
        assert!(
            d["verify"]
                .to_string()
                .contains("no longer holds events 1 to"),
            "{d}"
        );
    }
    let (ok, code, out, err) = run(&["verify", "--db", a.to_str().unwrap(), "--floor", &url]);
    assert!(!ok && code == Some(1), "{out}{err}");
    assert!(out.contains("no longer holds events 1 to"), "{out}{err}");
    // A new auditor cannot replay what lost its start: it says so (an alarm, no fault).
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(!ok, "{out}{err}");
    assert!(
        format!("{out}{err}").contains("no longer holds events 1 to"),
        "{out}{err}"
    );
}

/// A kind the floor was never told of (as schema 6's `setting_changed` will be to a floor
/// set up by an older program): a table that logs it is refused, alarmed and told that the
/// floor's admin adds kinds with `floor-init`; once the owner has run the program, the
/// same table's sync goes through. The floor's kinds come from the program that its owner
/// runs: no floor migration per new kind, and no table can add one.
#[test]
fn a_kind_new_to_the_floor_is_taken_once_its_owner_runs_the_program() {
    let Some(base) = server("kinds") else { return };
    let url = fresh_floor(&base, "kinds");
    let (ok, _, out, err) = run(&["floor-init", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let role = format!("tab_k_{}", std::process::id());
    let mut admin = client(&url);
    admin
        .batch_execute(&format!(
            "CREATE ROLE {role} LOGIN IN ROLE croupier_table;
             DELETE FROM croupier.kinds WHERE name = 'round_settled';"
        ))
        .unwrap();
    let db = demo_file("kinds", 20, 8, 0);
    let d = db.to_str().unwrap();
    let u = as_role(&url, &role);
    let (ok, code, _, err) = run(&["sync", "--db", d, "--floor", &u]);
    assert!(
        !ok && code == Some(1) && err.contains("round_settled") && err.contains("floor-init"),
        "{err}"
    );
    assert!(
        alarms(&url)
            .iter()
            .any(|(_, w)| w.starts_with("unknown kind")),
        "alarmed"
    );
    let (ok, _, out, err) = run(&["floor-init", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &u]);
    assert!(ok, "{out}{err}");
    assert_eq!(floor_counts(&url).0, last_seq(&db));
}

/// Schema 6's `setting_changed` on the floor: two tables that set their currencies
/// (different ones) and a dealer's language sync like any other (the floor's owner runs this program, so the floor
/// knows the kind), `verify --floor` matches, and the floor's summary equals the files',
/// currency columns and all.
#[test]
fn a_setting_changed_event_syncs_and_the_floor_reports_it_alike() {
    let Some(base) = server("setting") else {
        return;
    };
    let url = fresh_floor(&base, "setting");
    let a = demo_file("setting-a", 40, 9, 0);
    let b = demo_file("setting-b", 40, 10, 3);
    for (f, code, lang) in [
        (&a, "CZK", croupier::i18n::Lang::Cs),
        (&b, "EUR", croupier::i18n::Lang::Uk),
    ] {
        let mut store = Store::open(f).unwrap();
        let admin =
            croupier::session::users::login(&mut store, "Irena Dvorak", "900000", None).unwrap();
        let currency = croupier::engine::Currency::parse(code).unwrap();
        assert!(croupier::session::settings::set_currency(&mut store, currency, &admin).unwrap());
        // And a dealer's language, chosen by the dealer at the dealer screen's login.
        let jana =
            croupier::session::users::login(&mut store, "Jana Svoboda", "1001", None).unwrap();
        assert!(croupier::session::settings::set_language(&mut store, &jana, lang, &jana).unwrap());
        // And (issue 23) a gaming day of its own for the first table: Kyiv, two shifts.
        if code == "CZK" {
            let kyiv =
                croupier::session::calendar::Calendar::new("Europe/Kyiv", "08:00 20:00").unwrap();
            assert!(croupier::session::settings::set_calendar(&mut store, &kyiv, &admin).unwrap());
        }
        drop(store);
        let d = f.to_str().unwrap();
        let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
        assert!(ok, "{out}{err}");
        let (ok, _, out, err) = audited_verify(d, &url);
        assert!(ok && out.contains("matches the floor"), "{out}{err}");
    }
    let held: i64 = client(&url)
        .query_one(
            "SELECT count(*) FROM croupier.event_text WHERE kind = 'setting_changed'",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(held, 5, "two currencies, two languages and a gaming day");
    let langs: Vec<String> = client(&url)
        .query(
            "SELECT data FROM croupier.event_text WHERE kind = 'setting_changed' \
             AND data LIKE '%\"lang\"%' ORDER BY tab",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(langs.len(), 2, "{langs:?}");
    assert!(
        langs[0].contains("\"cs\"")
            && langs[1].contains("\"uk\"")
            && langs[0].contains("Jana Svoboda"),
        "{langs:?}"
    );
    let stores = [Store::open_read(&a).unwrap(), Store::open_read(&b).unwrap()];
    // The year (by month, past `DETAIL_DAYS`) and January (31 gaming days: by shift).
    let mut shown = String::new();
    for (from, to) in [("2026-01-01", "2026-12-31"), ("2026-01-01", "2026-01-31")] {
        let o = common::options(Kind::Summary, from, to);
        let files = report::build(&stores, &o, |_| {}).unwrap();
        let mut src = FloorSource::open(Floor::connect(&url).unwrap()).unwrap();
        let from_floor = report::build_from(&mut src, &o, |_| {}).unwrap();
        assert_eq!(files.sections, from_floor.sections, "{from} to {to}");
        shown = format!("{:?}", from_floor.sections);
        assert!(shown.contains("EUR") && shown.contains("CZK"), "{shown}");
    }
    // Each table's shifts by its own calendar, read from the floor's copy of its events.
    assert!(
        shown.contains("Shift(1, \"08:00–20:00\")") && shown.contains("Shift(1, \"06:00–14:00\")"),
        "{shown}"
    );
}

/// The server's own words for an error.
fn db_message(e: &postgres::Error) -> String {
    e.as_db_error()
        .map(|d| d.message().to_string())
        .unwrap_or_else(|| e.to_string())
}

/// The file's SQLite, its triggers dropped: what someone who can write it can do.
fn unguarded(db: &Path) -> rusqlite::Connection {
    let c = rusqlite::Connection::open(db).unwrap();
    let triggers: Vec<String> = c
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    for t in triggers {
        c.execute_batch(&format!("DROP TRIGGER {t}")).unwrap();
    }
    c
}

/// `verify --floor` names the event a file lacks, in the middle or at the end (a missing
/// last event never "matches"); a file altered at the table (its stored hash no longer
/// its content) is REFUSED by the sync and alarmed on the floor.
#[test]
fn a_file_missing_an_event_or_altered_at_the_table_is_named_and_alarmed() {
    let Some(base) = server("gaps") else { return };
    let url = fresh_floor(&base, "gaps");
    for (name, shift) in [("gap-mid", 0), ("gap-last", 1), ("altered", 2)] {
        let db = demo_file(name, 40, 9, shift);
        let d = db.to_str().unwrap();
        let mut last = last_seq(&db);
        if name == "gap-last" {
            // The floor holds the first half only (a copy cut there was synced): the
            // event the file lacks is the last one compared.
            let half = common::fresh_dir("gap-half").join("half.db");
            std::fs::copy(&db, &half).unwrap();
            last /= 2;
            unguarded(&half)
                .execute("DELETE FROM events WHERE seq > ?1", [last])
                .unwrap();
            assert!(run(&["sync", "--db", half.to_str().unwrap(), "--floor", &url]).0);
        } else {
            assert!(run(&["sync", "--db", d, "--floor", &url]).0);
        }
        let c = unguarded(&db);
        let (ok, _, out, err) = match name {
            "gap-mid" | "gap-last" => {
                let gone = if name == "gap-mid" { last / 2 } else { last };
                c.execute("DELETE FROM events WHERE seq = ?1", [gone])
                    .unwrap();
                drop(c);
                let r = run(&["verify", "--db", d, "--floor", &url]);
                assert!(
                    r.2.contains(&format!("the file has no event {gone}")),
                    "{}{}",
                    r.2,
                    r.3
                );
                r
            }
            _ => {
                c.execute(
                    "UPDATE events SET data = data || ' ' WHERE seq = ?1",
                    [last],
                )
                .unwrap();
                drop(c);
                let r = run(&["sync", "--db", d, "--floor", &url]);
                assert_eq!(r.1, Some(1), "{}", r.3);
                assert!(
                    r.3.contains("REFUSED") && r.3.contains("damaged"),
                    "{}",
                    r.3
                );
                r
            }
        };
        assert!(!ok, "{out}{err}");
    }
    let a = alarms(&url);
    assert!(
        a.iter()
            .any(|(_, w)| w.starts_with("file damaged at the table")),
        "{a:?}"
    );
    assert!(
        a.iter()
            .filter(|(_, w)| w.contains("the file has no event"))
            .count()
            >= 2,
        "{a:?}"
    );
}

/// A table file with one Pontis game, played on 5 January 2026 (in the reports' period).
fn pontis_file(name: &str) -> PathBuf {
    use croupier::engine::pontis::PontisRules;
    use croupier::session::pontis::PontisSession;
    use croupier::session::users::{self, Role};
    let path = common::fresh_dir(name).join("table.db");
    let mut store = Store::open_with(&path, Box::new(ManualClock::new(1_767_600_000_000))).unwrap();
    let admin = users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
    users::add_user(&mut store, "Petr Novak", Role::Dealer, "1001", Some(&admin)).unwrap();
    let host = users::login(&mut store, "Petr Novak", "1001", None).unwrap();
    let mut s = PontisSession::open(&mut store, host, "Pontis 1", PontisRules::standard()).unwrap();
    s.start_game(
        &mut store,
        vec!["Ana".into(), "Ben".into(), "Cyril".into()],
        0,
    )
    .unwrap();
    for text in [
        "Ana: bank 7h",
        "Ben: bank Kd",
        "Ben: 6s",
        "Cyril: bank 3c",
        "Cyril: Kc 10h",
        "Ana: 3d",
        "Ben: pass",
        "Cyril: pass",
        "Ana: pass",
    ] {
        s.input_text(&mut store, text).unwrap();
    }
    s.close(&mut store).unwrap();
    path
}

/// `report --floor` is the files' floor report, byte for byte, but for the footer: every
/// kind, every format, two tables.
#[test]
fn a_floor_report_equals_the_files_report() {
    let Some(base) = server("report") else { return };
    let url = fresh_floor(&base, "report");
    let a = common::demo_db("floor-report-a", 1800, 2, 11);
    let b = demo_file("floor-report-b", 600, 12, -1);
    let c = pontis_file("floor-report-c");
    for f in [&a, &b, &c] {
        let (ok, _, _, err) = run(&["sync", "--db", f.to_str().unwrap(), "--floor", &url]);
        assert!(ok, "{err}");
    }
    not_replayed_until_audited(&url, &a);
    // One round voided and one corrected on the files would need a supervisor: the demo
    // already logs refusals, undos and (at 1800 rounds) voids and corrections.
    let stores = [
        Store::open_read(&a).unwrap(),
        Store::open_read(&b).unwrap(),
        Store::open_read(&c).unwrap(),
    ];
    floor_totals_equal_the_files(&url, &stores);
    let out = common::fresh_dir("floor-report-out");
    for kind in [Kind::Summary, Kind::Rounds, Kind::Dealers, Kind::Exceptions] {
        let o = Options {
            dealer: (kind == Kind::Rounds).then_some("Jana Svoboda"),
            threshold: Money::units(400),
            verify: true,
            generated_at: "2026-02-01 00:00:00 UTC",
            ..common::options(kind, "2026-01-05", "2026-01-06")
        };
        let files = report::build(&stores, &o, |_| {}).unwrap();
        let mut src = FloorSource::open(Floor::connect(&url).unwrap()).unwrap();
        let mut from_floor = report::build_from(&mut src, &o, |_| {}).unwrap();
        assert_eq!(from_floor.sources.len(), 3);
        if kind == Kind::Summary {
            assert!(files.sections.iter().any(|s| s.name == "pontis games"));
            // The theory columns (issue 11) come through the floor too: the rules each
            // table opened with are read through the same `Source`, so they are filled
            // on both sides, not blank on both.
            let by_day = from_floor
                .sections
                .iter()
                .find(|s| s.name == "by day")
                .unwrap();
            let col = by_day
                .columns
                .iter()
                .position(|c| *c == "theoretical win rate %")
                .unwrap();
            assert!(
                by_day
                    .rows
                    .iter()
                    .any(|r| matches!(r[col], report::Cell::Percent(Some(_)))),
                "the floor's summary shows a theoretical hold"
            );
        }
        assert!(
            from_floor
                .sources
                .iter()
                .all(|s| matches!(s.verified, Some(Verified::Passed(_))))
        );
        assert!(files.sections.iter().map(|s| s.rows.len()).sum::<usize>() > 0);
        // The footer and the floor's rounds marked replayed (all of them, after the
        // audit) are the things allowed to differ.
        from_floor.sources = files.sources.clone();
        for sec in &mut from_floor.sections {
            let Some(i) = sec.columns.iter().position(|c| *c == MARK) else {
                continue;
            };
            assert_eq!(kind, Kind::Rounds);
            assert!(sec.rows.iter().all(|r| r[i] == report::Cell::Word("yes")));
            sec.columns.remove(i);
            sec.rows.iter_mut().for_each(|r| drop(r.remove(i)));
        }
        assert_eq!(
            report::render_json(&from_floor).to_string(),
            report::render_json(&files).to_string(),
            "{kind:?} json"
        );
        assert_eq!(
            report::render_html(&from_floor),
            report::render_html(&files),
            "{kind:?} html"
        );
        let (da, db) = (
            out.join(format!("{kind:?}-files")),
            out.join(format!("{kind:?}-floor")),
        );
        let pa = report::render_csv(&files, &da, false).unwrap();
        let pb = report::render_csv(&from_floor, &db, false).unwrap();
        assert_eq!(pa.len(), pb.len());
        for (x, y) in pa.iter().zip(&pb) {
            assert_eq!(
                std::fs::read(x).unwrap(),
                std::fs::read(y).unwrap(),
                "{}",
                x.display()
            );
        }
    }
    // And on the command line.
    let (ok, _, out, err) = run(&[
        "report",
        "--floor",
        &url,
        "--kind",
        "summary",
        "--format",
        "json",
        "--out",
        "-",
        "--from",
        "2026-01-05",
        "--to",
        "2026-01-06",
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("table database"),
        "the footer names the floor: {out}"
    );
}

/// Issue 25 item 1: the floor's kept totals (schema 7's `round_totals`, kept by its own
/// trigger, with the corrected rounds' difference its report source adds) equal the
/// files' (`log::totals`), every key and every sum. The floor's databases are the files'
/// in the same order. Returns how many voids and corrections the floor holds.
fn floor_totals_equal_the_files(url: &str, stores: &[Store]) -> (i64, i64) {
    use croupier::report::query::Source;
    let mut src = FloorSource::open(Floor::connect(url).unwrap()).unwrap();
    let floor = src.totals(i64::MIN / 2, i64::MAX / 2).unwrap().unwrap();
    let files = report::query::Files(stores)
        .totals(i64::MIN / 2, i64::MAX / 2)
        .unwrap()
        .unwrap();
    assert!(!files.is_empty());
    assert_eq!(floor.len(), files.len(), "as many buckets");
    // A file keeps `cost` and `uncosted` from log schema 10 on; before, its totals hold 0
    // there, and the floor's (schema 8) are held to the file's events instead
    // (`floor_costs_equal_the_events`).
    let file_keeps_costs = files
        .iter()
        .any(|t| t.figures().cost != 0 || t.figures().uncosted != 0);
    for (f, t) in floor.iter().zip(&files) {
        if file_keeps_costs {
            assert_eq!(f, t);
        } else {
            assert_eq!(
                (f.key(), &f.figures().row()[..12]),
                (t.key(), &t.figures().row()[..12])
            );
        }
    }
    let r = client(url)
        .query_one(
            "SELECT count(*) FILTER (WHERE kind = 16), count(*) FILTER (WHERE kind = 17)
               FROM croupier.events",
            &[],
        )
        .unwrap();
    (r.get(0), r.get(1))
}

/// Issue 25 item 1: a supervisor corrects a settled round (a card changed: its figures
/// move), corrects and then voids another, and voids a third, after the table's first
/// sync: the next sync's voids leave their buckets on the floor by its trigger, and the
/// floor's totals with the corrected round's difference equal the file's, every key and
/// sum. The floor's own rows hold the corrected round as settled (SQL cannot play a
/// correction): they differ from the file's until its report source adds the difference.
#[test]
fn the_floors_totals_follow_settlements_voids_and_corrections() {
    use croupier::session::{exceptions, replay, users};
    let Some(base) = server("totals") else {
        return;
    };
    let url = fresh_floor(&base, "totals");
    // Another table database first: the floor's to-date sums, one query for every
    // database (`total_sums`), keep each database's own and its corrections its own.
    let other = demo_file("floor-totals-other", 60, 11, 1_000);
    let (ok, _, out, err) = run(&["sync", "--db", other.to_str().unwrap(), "--floor", &url]);
    assert!(ok, "{out}{err}");
    let db = demo_file("floor-totals", 80, 7, 0);
    let d = db.to_str().unwrap();
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok, "{out}{err}");
    let clock = ManualClock::new(demo::clock().now_ms() + 20 * 86_400_000);
    let mut store = Store::open_with(&db, Box::new(clock)).unwrap();
    let sup = users::login(&mut store, "Petr Novak", "800100", None).unwrap();
    let rounds: Vec<i64> = store
        .conn()
        .prepare(
            "SELECT round_id FROM round_figures f WHERE NOT EXISTS (SELECT 1 FROM events e
              WHERE e.round_id = f.round_id AND e.kind = 16) ORDER BY round_id DESC LIMIT 12",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let kept = |s: &Store| croupier::log::totals::kept(s.conn(), None).unwrap();
    correct_a_card(&mut store, &sup, &rounds[3..]);
    let steps = replay::export_round(&store, rounds[1]).unwrap().0.steps;
    exceptions::correct_round(&mut store, &sup, rounds[1], steps, "re-entered").unwrap();
    for &round in &rounds[1..3] {
        exceptions::void_round(&mut store, &sup, round, "player dispute upheld").unwrap();
    }
    drop(store);
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok, "{out}{err}");
    let stores = [
        Store::open_read(&other).unwrap(),
        Store::open_read(&db).unwrap(),
    ];
    let (voids, fixes) = floor_totals_equal_the_files(&url, &stores);
    assert!(
        voids >= 2 && fixes >= 2,
        "{voids} voids, {fixes} corrections"
    );
    // Floor schema 7 keeps the first 12 columns (not `cost`, `uncosted`).
    let cols = croupier::log::totals::COLUMNS[..12]
        .iter()
        .map(|c| format!("sum({c})::int8"))
        .collect::<Vec<_>>();
    let r = client(&url)
        .query_one(
            &format!(
                "SELECT {} FROM croupier.round_totals
                  WHERE tab = (SELECT max(tab) FROM croupier.tables)",
                cols.join(", ")
            ),
            &[],
        )
        .unwrap();
    let floor_rows: Vec<i64> = (0..cols.len()).map(|i| r.get(i)).collect();
    let mut file_rows = croupier::log::totals::Figures::default();
    kept(&stores[1]).values().for_each(|f| file_rows.add(f, 1));
    assert_ne!(
        floor_rows,
        file_rows.row()[..12].to_vec(),
        "the floor's rows hold the corrected round as settled"
    );
    // Schema 12: the days followed the voids too (held to the hours by `totals_break`).
    assert_eq!(totals_breaks(&mut client(&url)), [None, None]);
    kept_reports_equal(&url, &stores);
    each_databases_sums_equal_its_files(&url, &stores);
}

/// Issue 25: where a long summary cannot be summed by gaming day, it reads the floor's
/// buckets (and the rounds of the hours they must), and is still the report the files
/// make by reading every round: a table with rounds logged without their decisions' cost
/// (as before issue 26) under rules with a theory; one with a correction logged without
/// its cost; a gaming day beginning at local midnight in London (23:00 UTC in summer: two
/// gaming days begin in one UTC day at the switch), on a floor with a Prague table too
/// (whose days alone could be summed: a report takes one path for all); one beginning at
/// 06:00 in Kolkata (00:30 UTC, no whole hour); and one at 06:00 in Macau (22:00 UTC the
/// day before: its hours before it, most of each day, are not read twice).
#[test]
fn a_long_floor_summary_reads_the_buckets_where_days_cannot_be_summed() {
    let Some(base) = server("longfall") else {
        return;
    };
    let uncosted = demo_file("longfall-uncosted", 60, 29, 0);
    assert_eq!(strip_costs(&uncosted, 2).len(), 2);
    let corrected = demo_file("longfall-corrected", 60, 31, 0);
    uncost_a_correction(&corrected);
    let table = |name: &str, at: i64, tz: &str, shifts: &str| {
        let path = common::fresh_dir(&format!("longfall-{name}")).join("t.db");
        calendar_table(&path, at, tz, shifts);
        path
    };
    let at = 1_771_545_600_000;
    let london = table("london", at, "Europe/London", "00:00 08:00 16:00");
    let prague = table("prague", at + 60_000, "Europe/Prague", "06:00 14:00 22:00");
    let kolkata = table("kolkata", at, "Asia/Kolkata", "06:00 14:00 22:00");
    let macau = table("macau", at, "Asia/Macau", "06:00 14:00 22:00");
    let cases: [(&str, Vec<&Path>); 5] = [
        ("uncosted", vec![&uncosted]),
        ("corrected", vec![&corrected]),
        ("london", vec![&london, &prague]),
        ("kolkata", vec![&kolkata]),
        ("macau", vec![&macau]),
    ];
    for (name, paths) in cases {
        let url = fresh_floor(&base, &format!("longfall_{name}"));
        for path in &paths {
            if path.ends_with("t.db") {
                // 2026-03-28 22:30 UTC (before London's switch) and 2026-03-29 22:30 UTC.
                for at in [1_774_737_000_000, 1_774_823_400_000] {
                    deal_and_sync(&url, path, at, 12, -1, -2);
                }
            } else {
                let (ok, _, out, err) =
                    run(&["sync", "--db", path.to_str().unwrap(), "--floor", &url]);
                assert!(ok, "{out}{err}");
            }
        }
        let stores: Vec<Store> = paths.iter().map(|p| Store::open_read(p).unwrap()).collect();
        for (from, to) in [("2026-01-01", "2026-04-30"), ("2026-03-01", "2026-12-31")] {
            let (floor, files, summed) = floor_and_reference(&url, &stores, from, to);
            assert!(!summed, "{name} {from}");
            assert_eq!(floor, files, "{name} {from}..{to}");
            let rows: usize = floor.sections.iter().map(|s| s.rows.len()).sum();
            assert!(rows > 0, "{name} {from}");
        }
    }
}

/// A demo file's last round corrected (its own inputs again) by its supervisor, and the
/// correction then forged to carry no decisions' cost, as one logged before issue 26: its
/// round is costed by replaying it.
fn uncost_a_correction(db: &Path) {
    use croupier::session::{exceptions, replay, users};
    let clock = ManualClock::new(demo::clock().now_ms() + 20 * 86_400_000);
    let mut store = Store::open_with(db, Box::new(clock)).unwrap();
    let sup = users::login(&mut store, "Petr Novak", "800100", None).unwrap();
    let round: i64 = store
        .conn()
        .query_row("SELECT max(round_id) FROM round_figures", [], |r| r.get(0))
        .unwrap();
    let steps = replay::export_round(&store, round).unwrap().0.steps;
    exceptions::correct_round(&mut store, &sup, round, steps, "re-entered").unwrap();
    drop(store);
    let costed = |e: &croupier::log::Event| {
        e.kind == EventKind::RoundCorrected && e.data.contains(",\"cost\":")
    };
    forge_with(db, costed, |d: &str| {
        let at = d.find(",\"cost\":").unwrap();
        let end = at + d[at..].find('}').unwrap();
        format!("{}{}", &d[..at], &d[end..])
    });
}

/// One of `rounds` corrected by `by` with a card changed (tried in turn) so that the
/// file's kept totals move: a correction whose figures differ from the settlement's.
fn correct_a_card(store: &mut Store, by: &croupier::session::users::User, rounds: &[i64]) {
    use croupier::session::{exceptions, replay};
    let kept = |s: &Store| croupier::log::totals::kept(s.conn(), None).unwrap();
    let before = kept(store);
    let moved = rounds.iter().any(|&round| {
        let steps = replay::export_round(store, round).unwrap().0.steps;
        (0..steps.len()).any(|i| {
            let mut changed = steps.clone();
            changed[i] = if steps[i] == "10" { "5" } else { "10" }.into();
            exceptions::correct_round(store, by, round, changed, "box 1 had another card").is_ok()
                && kept(store) != before
        })
    });
    assert!(moved, "a correction that moves a round's figures");
}

/// The floor's to-date sums (`FloorSource::total_sums`, one query for every database) of
/// each database equal its file's (`Files::total_sums`), database by database, key by key:
/// over every hour, over each corrected round's hour alone, over ranges beside it that
/// leave it out, and (schema 12) over ranges of whole UTC days with edge hours, starting and
/// ending mid-day, and shorter than a day. A report cannot tell the databases apart where their tables and dealers
/// share names; this can (a correction or a group given to the wrong database fails it).
fn each_databases_sums_equal_its_files(url: &str, stores: &[Store]) {
    use croupier::log::totals::BUCKET_MS;
    use croupier::report::query::Source;
    let hours: Vec<i64> = client(url)
        .query(
            "SELECT DISTINCT r.at / $1 FROM croupier.events c
               JOIN croupier.rounds r ON r.tab = c.tab AND r.round_id = c.round_id
              WHERE c.kind = 17 AND NOT EXISTS (SELECT 1 FROM croupier.events v
                    WHERE v.tab = c.tab AND v.round_id = c.round_id AND v.kind = 16)",
            &[&BUCKET_MS],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert!(!hours.is_empty(), "a corrected round not voided");
    let mut ranges = vec![(i64::MIN / 2, i64::MAX / 2)];
    for h in hours {
        ranges.extend([(h, h), (h - 2, h + 1), (h + 1, h + 400), (h - 400, h - 1)]);
        // Schema 12: whole UTC days from `day_totals`, their edge hours from
        // `round_totals` — a gaming day from 06:00 (no whole day), its day alone, whole
        // days with edges on either side or none, and days that end just before it.
        let day = h.div_euclid(24) * 24;
        ranges.extend([
            (day + 6, day + 29),
            (day - 18, day + 5),
            (day, day + 23),
            (day - 24, day + 47),
            (day - 24 * 9 + 6, day + 24 * 3 + 5),
            (day - 24 * 9 + 7, day + 23),
            (day, day + 24 * 3 + 4),
            (day - 24 * 5, day - 1),
            (day - 24 * 5 + 1, h - 1),
        ]);
        // Schema 15: whole UTC months from `month_totals`, the days and hours around
        // them — the month alone, to date, with edge days and hours on either side, two
        // months before it whole with days after them; and a month less a few of its
        // days (a gaming day's month to date from 06:00 on the 1st: the month less its
        // 1st day, those hours added; the month less its last days).
        let (month, next) = month_hours(h);
        let (before, _) = month_hours(month - 24 * 40);
        ranges.extend([
            (month, next - 1),
            (month, h),
            (month - 30, next + 5),
            (month - 24 * 3 + 6, next + 24 * 2 + 5),
            (before, next - 1),
            (before - 5, month - 1),
            (before + 24, h),
            (month + 6, next + 5),
            (month + 24 + 6, next + 24 * 2 + 5),
            (month + 6, next - 24 * 3 + 5),
            (before + 6, month + 5),
        ]);
    }
    let mut src = FloorSource::open(Floor::connect(url).unwrap()).unwrap();
    let mut files = report::query::Files(stores);
    let mut rows_seen = 0;
    for (lo, hi) in ranges {
        for db in 0..stores.len() {
            let by_key = |rows: Option<Vec<report::query::TotalRow>>| {
                let mut rows = rows.expect("sums that fit an i64");
                rows.sort_by_key(|t| t.key());
                rows
            };
            let floor = by_key(src.total_sums(db, lo, hi).unwrap());
            let file = by_key(files.total_sums(db, lo, hi).unwrap());
            rows_seen += file.len();
            assert_eq!(floor, file, "database {db}'s sums of the hours {lo}..={hi}");
        }
    }
    assert!(rows_seen > 0, "sums to compare");
}

/// A month row deleted by hand (read with `--skip-verify`, which reads no totals check):
/// the to-date sums of the month less its 1st day, whose rounds the month no longer holds,
/// would be the 1st day's figures taken from nothing, below 0. Not read so: `None`, and
/// the report reads that database's hourly buckets.
#[test]
fn a_month_row_deleted_by_hand_is_not_summed_below_zero() {
    use croupier::report::query::Source;
    let Some(base) = server("month deleted") else {
        return;
    };
    let url = fresh_floor(&base, "monthdeleted");
    let path = common::fresh_dir("floor-month-deleted").join("t.db");
    // 2026-01-01 01:00 UTC: the rounds on the month's 1st day, before 06:00.
    let at = 1_767_229_200_000;
    play_and_sync(&url, &path, at, 6);
    let (month, next) = month_hours(at / 3_600_000);
    let sums = |url: &str| {
        let mut src = FloorSource::open(Floor::connect(url).unwrap()).unwrap();
        src.total_sums(0, month + 6, next - 1).unwrap()
    };
    // (The month less its 1st day, that day's hours from 06:00 added: none of the rounds.)
    let kept = sums(&url).expect("sums from whole months less a day");
    assert!(kept.is_empty(), "{kept:?}");
    client(&url)
        .batch_execute("DELETE FROM croupier.month_totals")
        .unwrap();
    assert!(sums(&url).is_none(), "the hourly buckets read instead");
}

/// Floor schema 15's trigger after a void: the key's only round of a month voided, its
/// month row (as its hour's and day's) goes, and the totals still hold (`totals_break`,
/// which asks `months_break`).
#[test]
fn voiding_a_keys_only_round_of_a_month_deletes_its_month_row() {
    use croupier::session::{exceptions, users};
    let Some(base) = server("month void") else {
        return;
    };
    let url = fresh_floor(&base, "monthvoid");
    let path = common::fresh_dir("floor-month-void").join("t.db");
    play_and_sync(&url, &path, 1_770_249_600_000, 1);
    let count = |t: &str| -> i64 {
        client(&url)
            .query_one(&format!("SELECT count(*) FROM croupier.{t}"), &[])
            .unwrap()
            .get(0)
    };
    assert_eq!(count("month_totals"), 1, "the round's month row");
    let mut table = Store::open(&path).unwrap();
    let round: i64 = table
        .conn()
        .query_row("SELECT round_id FROM round_figures", [], |r| r.get(0))
        .unwrap();
    let by = users::login(&mut table, "Jana Svoboda", "100100", None).unwrap();
    exceptions::void_round(&mut table, &by, round, "dispute upheld").unwrap();
    drop(table);
    let (ok, _, _, err) = run(&["sync", "--db", path.to_str().unwrap(), "--floor", &url]);
    assert!(ok, "{err}");
    assert_eq!(
        (
            count("month_totals"),
            count("day_totals"),
            count("round_totals")
        ),
        (0, 0, 0),
        "the voided round's buckets gone"
    );
    assert_eq!(totals_breaks(&mut client(&url)), [None]);
}

/// The UTC month of hour `h` (hours since 1970): its first hour and the next month's.
fn month_hours(h: i64) -> (i64, i64) {
    use chrono::Datelike;
    let first = chrono::DateTime::from_timestamp(h * 3600, 0)
        .unwrap()
        .date_naive()
        .with_day(1)
        .unwrap();
    let next = first.checked_add_months(chrono::Months::new(1)).unwrap();
    let hour = |d: chrono::NaiveDate| d.and_hms_opt(0, 0, 0).unwrap().and_utc().timestamp() / 3600;
    (hour(first), hour(next))
}

/// Issue 25 item 2: the summary and the dealers report from the floor's kept totals equal
/// the file's from its own, section by section (the footer aside): over the rounds' months
/// (the summary of more than 31 gaming days summed by gaming day, `day_sums`; the dealers
/// report and a summary of at most 31 from the floor's buckets streamed, `visit_totals`),
/// and one day after them (the summary's month and year to date summed by the server,
/// `total_sums`, the corrections in place).
fn kept_reports_equal(url: &str, files: &[Store]) {
    let periods = [
        ("2026-01-01", "2026-02-28"),
        ("2026-03-02", "2026-03-02"),
        // Schema 15: a range over months, its to-dates from whole months and edge days.
        ("2026-01-20", "2026-03-03"),
        // 31 gaming days (by shift and by day) and 32 (by month, `DETAIL_DAYS`); the
        // first and third above are by month too (so only the one day and the 31 days
        // compare `by shift` and `by day` between the floor and the files).
        ("2026-01-05", "2026-02-04"),
        ("2026-01-04", "2026-02-04"),
        // Days whose month to date starts at 06:00 on the 1st, the rounds of its small
        // hours left out (the Prague table of the floor migrated to schema 15, on 1
        // February): read by the hours, and as February less its 1st day (`month_totals`
        // less `day_totals`, that day's hours from 06:00 added).
        ("2026-02-05", "2026-02-05"),
        ("2026-02-27", "2026-02-27"),
    ];
    for (kind, (from, to)) in [Kind::Summary, Kind::Dealers]
        .into_iter()
        .flat_map(|k| periods.map(|p| (k, p)))
    {
        let o = Options {
            threshold: Money::units(400),
            generated_at: "2026-03-01 00:00:00 UTC",
            ..common::options(kind, from, to)
        };
        let mut kept_files =
            report::build_from_kept_totals(&mut report::query::Files(files), &o, |_| {}).unwrap();
        let mut src = FloorSource::open(Floor::connect(url).unwrap()).unwrap();
        let kept_floor = report::build_from_kept_totals(&mut src, &o, |_| {}).unwrap();
        let rows: usize = kept_floor.sections.iter().map(|s| s.rows.len()).sum();
        assert!(
            rows > 0 || kind == Kind::Dealers && from != periods[0].0,
            "{kind:?} {from}"
        );
        kept_files.sources = kept_floor.sources.clone();
        assert_eq!(
            report::render_json(&kept_floor).to_string(),
            report::render_json(&kept_files).to_string(),
            "{kind:?} {from}..{to} from the kept totals"
        );
    }
}

/// Issue 25: a summary of more than `DETAIL_DAYS` gaming days reads the floor summed by
/// gaming day (`Source::day_sums`: each UTC day's row less its hours before the gaming
/// day begins, plus the next day's), and is the report the files make by reading every
/// round, charts included. Three calendars (Prague's and Kyiv's, whose gaming days begin
/// at 05:00 and 04:00 UTC in winter, an hour earlier in summer, and the UTC default's
/// 06:00), rounds dealt in the small hours before a gaming day begins on a month's first
/// day and across the switch to summer time (29 March 2026), each burst with a void and a
/// correction; periods that begin on a month's first day, inside a month (so a segment
/// counts to the year only), across a year's end, and at the switch.
#[test]
fn a_long_floor_summary_is_summed_by_gaming_day_and_equals_every_round_read() {
    use croupier::session::users;
    let Some(base) = server("longdays") else {
        return;
    };
    let url = fresh_floor(&base, "longdays");
    let utc = demo_file("longdays-utc", 120, 23, 0);
    let (ok, _, out, err) = run(&["sync", "--db", utc.to_str().unwrap(), "--floor", &url]);
    assert!(ok, "{out}{err}");
    let prague = common::fresh_dir("longdays-prague").join("t.db");
    prague_table(&prague, 1_771_545_600_000); // 2026-02-20 00:00 UTC
    let kyiv = common::fresh_dir("longdays-kyiv").join("t.db");
    // A minute after Prague's: a table database's identity is its first event's.
    calendar_table(&kyiv, 1_771_545_660_000, "Europe/Kyiv", "06:00 14:00 22:00");
    let h = 3_600_000;
    for (path, at, rounds) in [
        (&prague, 1_772_336_400_000 + 20 * 60_000, 10), // 2026-03-01 04:00 UTC: 28 February's
        (&prague, 1_774_670_400_000 + 50 * 60_000, 30), // 2026-03-28 04:50 UTC, past 05:00
        (&prague, 1_774_756_800_000 + 30 * 60_000, 12), // 2026-03-29 04:30 UTC: 06:30 CEST
        (&prague, 1_775_008_800_000 + 30 * 60_000, 10), // 2026-04-01 02:30 UTC: 31 March's
        (&prague, 1_775_815_200_000, 20),               // 2026-04-10 10:00 UTC
        (&kyiv, 1_772_321_400_000, 10),                 // 2026-02-28 23:30 UTC: 28 February's
        (&kyiv, 1_774_755_000_000, 12),                 // 2026-03-29 03:30 UTC: 06:30 EEST
        (&kyiv, 1_777_516_200_000, 10),                 // 2026-04-30 02:30 UTC: 29 April's
        (&kyiv, 1_777_602_600_000, 10),                 // 2026-05-01 02:30 UTC: 30 April's
    ] {
        let (void, correct) = if (at / h) % 2 == 0 {
            (-1, -2)
        } else {
            (-2, -4)
        };
        deal_and_sync(&url, path, at, rounds, void, correct);
        if at == 1_775_010_600_000 {
            // A correction that moves the figures, of a round in 31 March's small hours.
            let clock = Ticking(std::sync::atomic::AtomicI64::new(at + h));
            let mut table = Store::open_with(path, Box::new(clock)).unwrap();
            let by = users::login(&mut table, "Jana Svoboda", "100100", None).unwrap();
            let last: Vec<i64> = table
                .conn()
                .prepare("SELECT round_id FROM round_figures ORDER BY round_id DESC LIMIT 6")
                .unwrap()
                .query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            correct_a_card(&mut table, &by, &last[2..]);
            drop(table);
            let (ok, _, out, err) = run(&["sync", "--db", path.to_str().unwrap(), "--floor", &url]);
            assert!(ok, "{out}{err}");
        }
    }
    let stores = [
        Store::open_read(&utc).unwrap(),
        Store::open_read(&prague).unwrap(),
        Store::open_read(&kyiv).unwrap(),
    ];
    let mut by_day = 0;
    for (from, to) in [
        ("2026-02-01", "2026-04-30"),
        ("2026-02-15", "2026-05-10"),
        ("2025-12-01", "2026-03-01"),
        ("2026-03-28", "2026-04-30"),
        ("2026-01-01", "2026-12-31"),
        // Days from 1 March: its small hours (28 February's, Prague's and Kyiv's) taken
        // out of the first day (the year to date starts in 2027).
        ("2026-03-01", "2027-01-31"),
    ] {
        let (floor, files, summed) = floor_and_reference(&url, &stores, from, to);
        assert!(summed, "{from}..{to}: not summed by gaming day");
        assert_eq!(floor, files, "{from}..{to}");
        let month = floor.sections.iter().find(|s| s.name == "by month");
        by_day += month.map_or(0, |s| s.rows.len());
    }
    assert!(by_day >= 20, "{by_day} rows by month");
}

/// A summary from the floor's kept totals and the same read from every round of the table
/// files (its sources taken from the floor's), and whether the floor's said it was summed
/// by gaming day (the files' never is).
fn floor_and_reference(
    url: &str,
    stores: &[Store],
    from: &str,
    to: &str,
) -> (report::Report, report::Report, bool) {
    let o = Options {
        generated_at: "2026-06-01 00:00:00 UTC",
        ..common::options(Kind::Summary, from, to)
    };
    let mut said = Vec::new();
    let mut src = FloorSource::open(Floor::connect(url).unwrap()).unwrap();
    let floor = report::build_from_kept_totals(&mut src, &o, |p| said.push(p.to_string())).unwrap();
    let mut files = report::build_reading_every_round(&mut report::query::Files(stores), &o, |p| {
        assert_ne!(p, "summed by gaming day")
    })
    .unwrap();
    files.sources = floor.sources.clone();
    (
        floor,
        files,
        said.iter().any(|p| p == "summed by gaming day"),
    )
}

/// Takes the decisions' cost out of the first `n` settlements that log one (their chain
/// recomputed, as `forge_with` does): settlements such as those logged before costs were,
/// which `verify` takes. Returns their rounds.
fn strip_costs(db: &Path, n: usize) -> Vec<i64> {
    let costed = |e: &croupier::log::Event| {
        e.kind == EventKind::RoundSettled && e.data.contains(",\"cost\":")
    };
    let uncost = |d: &str| {
        let at = d.find(",\"cost\":").unwrap();
        let end = at + d[at..].find('}').unwrap();
        format!("{}{}", &d[..at], &d[end..])
    };
    let mut rounds = Vec::new();
    for _ in 0..n {
        let seq = forge_with(db, costed, uncost);
        keep_uncosted(db, seq);
        let store = Store::open_read(db).unwrap();
        let round: i64 = store
            .conn()
            .query_row("SELECT round_id FROM events WHERE seq = ?1", [seq], |r| {
                r.get(0)
            })
            .unwrap();
        rounds.push(round);
    }
    rounds
}

/// What the table's store keeps beside a settlement forged uncosted (log schema 10): its
/// `round_figures.cost` cleared, its kept row (log schema 12) without the boxes' figures
/// (a settlement that logs no cost keeps none) and `round_totals` rebuilt, so the file
/// verifies as one logged before costs (the test forges the old payload, not a damaged
/// file).
fn keep_uncosted(db: &Path, seq: i64) {
    use croupier::log::totals;
    use croupier::session::round_row::Row;
    let c = rusqlite::Connection::open(db).unwrap();
    common::past_guards(&c, &["round_figures_no_update"], |c| {
        c.execute("UPDATE round_figures SET cost = NULL WHERE seq = ?1", [seq])
            .unwrap();
    });
    let (round, bytes): (i64, Vec<u8>) = c
        .query_row(
            "SELECT r.round_id, r.row FROM round_rows r
               JOIN round_figures f ON f.round_id = r.round_id WHERE f.seq = ?1",
            [seq],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let mut row = Row::decode(&bytes).expect("a kept row reads");
    row.boxes = None;
    c.execute(
        "UPDATE round_rows SET row = ?1 WHERE round_id = ?2",
        rusqlite::params![row.encode(), round],
    )
    .unwrap();
    let rebuilt = totals::rebuild(&c).unwrap();
    c.execute("DELETE FROM round_totals", []).unwrap();
    let cols = totals::COLUMNS.join(", ");
    let marks = (1..=4 + totals::COLUMNS.len())
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "INSERT INTO round_totals (table_id, hour, dealer, opened, {cols}) VALUES ({marks})"
    );
    for (k, f) in rebuilt {
        let mut v = vec![k.table, k.hour, k.dealer, k.opened];
        v.extend(f.row());
        c.execute(&sql, rusqlite::params_from_iter(v)).unwrap();
    }
}

/// Per bucket key (table, hour, dealer, opening), (Σ cost, uncosted) as a file's events
/// make them (`log::totals`' definition, computed here from the payloads alone): every
/// settled round not voided, with its latest correction's cost in place of its settled one
/// when `corrected` (the floor's own rows hold each round as settled).
type Costs = std::collections::BTreeMap<(i64, i64, i64, i64), (i64, i64)>;

fn costs_of_the_events(store: &Store, corrected: bool) -> Costs {
    use std::collections::{HashMap, HashSet};
    let (mut opened, mut voided) = (HashMap::new(), HashSet::new());
    // Round → (its bucket's key, its standing cost).
    type Standing = ((i64, i64, i64, i64), Option<i64>);
    let mut rounds: std::collections::BTreeMap<i64, Standing> = Default::default();
    let cost = |d: &str| serde_json::from_str::<serde_json::Value>(d).unwrap()["cost"].as_i64();
    // Each event's seq, table and user (an event's own fields are the crate's).
    let ids: Vec<(i64, Option<i64>, Option<i64>)> = store
        .conn()
        .prepare("SELECT seq, table_id, user_id FROM events ORDER BY seq")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut ids = ids.into_iter();
    store
        .each_event(1, |e| {
            let (seq, table, user) = ids.next().unwrap();
            match (e.kind, e.round) {
                (EventKind::TableOpened, _) => drop(opened.insert(table, seq)),
                (EventKind::RoundSettled, Some(n)) => {
                    let key = (
                        table.unwrap_or(-1),
                        e.at.div_euclid(3_600_000),
                        user.unwrap_or(-1),
                        table.and_then(|_| opened.get(&table)).copied().unwrap_or(0),
                    );
                    rounds.insert(n, (key, cost(&e.data)));
                }
                (EventKind::RoundVoided, Some(n)) => drop(voided.insert(n)),
                (EventKind::RoundCorrected, Some(n)) if corrected => {
                    if let Some(r) = rounds.get_mut(&n) {
                        r.1 = cost(&e.data);
                    }
                }
                _ => {}
            }
            Ok::<(), ()>(())
        })
        .unwrap()
        .unwrap();
    let mut out = Costs::new();
    for (n, (key, c)) in rounds {
        if voided.contains(&n) {
            continue;
        }
        let b = out.entry(key).or_default();
        match c {
            Some(c) => b.0 += c,
            None => b.1 += 1,
        }
    }
    out
}

/// Issue 25 with 26: the floor's totals' `cost` and `uncosted` are what the file's events
/// make them — through its report source (corrections' costs in place) and in its own
/// rows (as settled) — and every settlement's `rounds.cost` is the one it logged.
fn floor_costs_equal_the_events(url: &str, store: &Store) {
    use croupier::report::query::Source;
    let mut src = FloorSource::open(Floor::connect(url).unwrap()).unwrap();
    let floor: Costs = src
        .totals(i64::MIN / 2, i64::MAX / 2)
        .unwrap()
        .unwrap()
        .iter()
        .map(|t| {
            let k = t.key();
            let f = t.figures();
            ((k.table, k.hour, k.dealer, k.opened), (f.cost, f.uncosted))
        })
        .collect();
    assert_eq!(
        floor,
        costs_of_the_events(store, true),
        "through the report source"
    );
    let rows: Costs = client(url)
        .query(
            "SELECT table_id, hour, dealer, opened, cost, uncosted FROM croupier.round_totals",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| {
            (
                (r.get(0), r.get(1), r.get(2), r.get(3)),
                (r.get(4), r.get(5)),
            )
        })
        .collect();
    assert_eq!(
        rows,
        costs_of_the_events(store, false),
        "the floor's own rows"
    );
    let mut logged = std::collections::BTreeMap::new();
    let mut seq = 0i64;
    store
        .each_event(1, |e| {
            seq += 1;
            if e.kind == EventKind::RoundSettled {
                let v: serde_json::Value = serde_json::from_str(&e.data).unwrap();
                logged.insert(seq, v["cost"].as_i64());
            }
            Ok::<(), ()>(())
        })
        .unwrap()
        .unwrap();
    let floor_rounds: std::collections::BTreeMap<i64, Option<i64>> = client(url)
        .query("SELECT seq, cost FROM croupier.rounds", &[])
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(floor_rounds, logged, "each settlement's cost on the floor");
}

/// Issue 25 with 26 (floor schema 8): a table whose settlements log their decisions' cost
/// (two without one, as before costs were logged) syncs; a supervisor then corrects a
/// costed and an uncosted round and voids two, and the table syncs again. The floor's
/// totals keep Σ cost and the uncosted rounds as the file's events make them, every
/// bucket, through its report source and in its own rows, and each `rounds.cost` is its
/// settlement's. The auditor passes it. A kept cost changed by hand fails the report's
/// footer (the totals rebuilt from the events), and passes again once put back; a
/// settlement's cost changed by hand (by a superuser, past the append-only trigger) is
/// caught by the auditor's next run, naming the round.
#[test]
fn the_floors_totals_keep_the_decisions_costs_and_the_auditor_checks_them() {
    use croupier::session::{exceptions, replay, users};
    let Some(base) = server("costs") else {
        return;
    };
    let url = fresh_floor(&base, "costs");
    let db = demo_file("floor-costs", 60, 13, 0);
    let d = db.to_str().unwrap();
    let uncosted = strip_costs(&db, 2);
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok, "{out}{err}");
    floor_costs_equal_the_events(&url, &Store::open_read(&db).unwrap());
    let clock = ManualClock::new(demo::clock().now_ms() + 20 * 86_400_000);
    let mut store = Store::open_with(&db, Box::new(clock)).unwrap();
    let sup = users::login(&mut store, "Petr Novak", "800100", None).unwrap();
    let costed: Vec<i64> = store
        .conn()
        .prepare(
            "SELECT round_id FROM round_figures f WHERE NOT EXISTS (SELECT 1 FROM events e
              WHERE e.round_id = f.round_id AND e.kind = 16) ORDER BY round_id DESC LIMIT 4",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for round in [uncosted[0], costed[0]] {
        let steps = replay::export_round(&store, round).unwrap().0.steps;
        exceptions::correct_round(&mut store, &sup, round, steps, "re-entered").unwrap();
    }
    for round in [uncosted[1], costed[1]] {
        exceptions::void_round(&mut store, &sup, round, "player dispute upheld").unwrap();
    }
    drop(store);
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok, "{out}{err}");
    let store = Store::open_read(&db).unwrap();
    floor_costs_equal_the_events(&url, &store);
    let all = costs_of_the_events(&store, true);
    let (cost, none): (i64, i64) = all.values().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert!(
        cost > 0 && none == 0,
        "costed, the uncosted round corrected with a cost: {cost} {none}"
    );
    let settled = costs_of_the_events(&store, false);
    assert_eq!(
        settled.values().map(|c| c.1).sum::<i64>(),
        1,
        "one uncosted round as settled"
    );
    let (ok, _, out, err) = audited_verify(d, &url);
    assert!(ok && out.contains("matches the floor"), "{out}{err}");

    // The footer reads the auditor's check of the totals and rebuilds nothing: with
    // `totals_break` out of reach of everyone, the audited floor's report still PASSES.
    let mut admin = client(&url);
    let (code, json, err) = floor_report_json(&url, "summary");
    assert_eq!(code, Some(0), "{err}");
    let verify = &json["databases"][0]["verify"];
    assert_eq!(verify["verdict"], "passed", "{json}");
    assert!(
        verify["detail"].as_str().unwrap().contains(&format!(
            "kept totals checked through event {}",
            last_seq(&db)
        )),
        "{verify}"
    );
    admin
        .batch_execute("ALTER FUNCTION croupier.totals_break(integer) RENAME TO totals_break_away")
        .unwrap();
    let (code, json, err) = floor_report_json(&url, "summary");
    assert_eq!(code, Some(0), "the footer called totals_break: {err}");
    assert_eq!(json["databases"][0]["verify"]["verdict"], "passed");
    admin
        .batch_execute("ALTER FUNCTION croupier.totals_break_away(integer) RENAME TO totals_break")
        .unwrap();
    // (Each of the other verdicts below is read from the auditor's check too.)

    // `day_totals` written by hand (schema 12's days, even a write that changes no
    // figure): the footer no longer reads the auditor's check as covering the totals
    // (NOT YET CHECKED) until its next pass, which finds them whole.
    admin
        .batch_execute("UPDATE croupier.day_totals SET win = win")
        .unwrap();
    let (code, json, err) = floor_report_json(&url, "summary");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("NOT YET CHECKED"), "{err}");
    let verify = &json["databases"][0]["verify"];
    assert_eq!(verify["verdict"], "totals_not_checked", "{json}");
    assert!(
        verify["detail"].as_str().unwrap().contains(
            "croupier.round_totals, croupier.day_totals or croupier.month_totals was written outside the floor's trigger"
        ),
        "{verify}"
    );
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let (code, json, err) = floor_report_json(&url, "summary");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        json["databases"][0]["verify"]["verdict"], "passed",
        "{json}"
    );

    // A kept cost changed by hand (the totals are derived and updated in place): the
    // footer no longer reads the auditor's check as covering them (NOT YET CHECKED, never
    // PASSED); the auditor's next pass rebuilds them, finds the break, records it and
    // alarms once, and the footer is FAILED with the break's words.
    let moved = "UPDATE croupier.round_totals SET cost = cost + $1
                  WHERE (hour, table_id, dealer, opened) =
                        (SELECT hour, table_id, dealer, opened FROM croupier.round_totals
                          ORDER BY hour, table_id, dealer, opened LIMIT 1)";
    admin.execute(moved, &[&1i64]).unwrap();
    let (code, json, err) = floor_report_json(&url, "summary");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("NOT YET CHECKED"), "{err}");
    // `verify --floor` certifies no more than the footer: the file matches the floor and
    // every event is replayed, yet it is not passed (nor below, with the break or the
    // alarm that stands after it).
    let floor_verify = || run(&["verify", "--db", d, "--floor", &url]);
    let (ok, code, out, err) = floor_verify();
    assert!(!ok && code == Some(1), "{out}{err}");
    assert!(
        out.contains("matches the floor") && out.contains("NOT YET CHECKED"),
        "{out}"
    );
    let verify = &json["databases"][0]["verify"];
    assert_eq!(
        (
            &verify["verdict"],
            &verify["passed"],
            &verify["totals_checked_through"]
        ),
        (
            &"totals_not_checked".into(),
            &false.into(),
            &last_seq(&db).into()
        ),
        "{json}"
    );
    assert!(
        verify["detail"]
            .as_str()
            .unwrap()
            .contains("written outside the floor's trigger since the auditor checked it"),
        "{verify}"
    );
    let totals_alarms = |c: &mut postgres::Client| -> i64 {
        c.query_one(
            "SELECT count(*) FROM croupier.alarms WHERE what LIKE 'totals: %'",
            &[],
        )
        .unwrap()
        .get(0)
    };
    for _ in 0..2 {
        let (ok, code, out, err) = run(&["floor-audit", "--floor", &url]);
        assert!(!ok && code == Some(1), "{out}{err}");
        assert!(out.contains("kept totals differ"), "{out}{err}");
        assert_eq!(totals_alarms(&mut admin), 1, "alarmed once, not every pass");
    }
    let (code, json, err) = floor_report_json(&url, "summary");
    assert_eq!(code, Some(1), "{err}");
    let text = json.to_string();
    assert!(
        text.contains("\"failed\"")
            && text.contains("kept totals differ")
            && text.contains("cost "),
        "{json}"
    );
    let (ok, code, out, err) = floor_verify();
    assert!(!ok && code == Some(1), "{out}{err}");
    assert!(
        out.contains("FAILED") && out.contains("kept totals differ"),
        "{out}"
    );
    // Put back by hand: the auditor finds them whole again, but its alarm stands.
    admin.execute(moved, &[&-1i64]).unwrap();
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let (code, json, err) = floor_report_json(&url, "summary");
    assert_eq!(code, Some(1), "{err}");
    assert!(json.to_string().contains("1 alarm(s)"), "{json}");
    let (ok, code, out, err) = floor_verify();
    assert!(!ok && code == Some(1), "{out}{err}");
    assert!(
        out.contains("FAILED") && out.contains("1 alarm(s)"),
        "{out}"
    );

    // A settlement's cost changed by hand on the floor: the auditor's next run fails it.
    let round: i64 = admin
        .query_one(
            "SELECT round_id FROM croupier.rounds WHERE cost IS NOT NULL ORDER BY seq LIMIT 1",
            &[],
        )
        .unwrap()
        .get(0);
    admin
        .batch_execute(&format!(
            "ALTER TABLE croupier.rounds DISABLE TRIGGER rounds_append_only;
             UPDATE croupier.rounds SET cost = cost + 1 WHERE round_id = {round};
             ALTER TABLE croupier.rounds ENABLE TRIGGER rounds_append_only;"
        ))
        .unwrap();
    let (ok, code, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(!ok && code == Some(1), "{out}{err}");
    assert!(
        out.contains(&format!("round {round}")) && out.contains("decisions' cost"),
        "{out}{err}"
    );
    let (code, json, err) = floor_report_json(&url, "summary");
    assert_eq!(code, Some(1), "{err}");
    assert!(json.to_string().contains("\"failed\""), "{json}");
}

/// Issue 25 with 26: a floor of schema 7 holding a table's events — its `rounds` and
/// totals without the decisions' costs, two settlements without one — is migrated to
/// schema 8 by its owner's next connection: each settlement's cost read from its event,
/// the totals' `cost` and `uncosted` built from them as the file's events make them; the
/// table then syncs on, and the auditor and `verify --floor` pass.
#[test]
fn a_floor_of_schema_7_is_migrated_to_keep_the_decisions_costs() {
    let Some(base) = server("migrate8") else {
        return;
    };
    let url = fresh_floor(&base, "migrate8");
    let db = demo_file("migrate8", 40, 11, 0);
    let d = db.to_str().unwrap();
    strip_costs(&db, 2);
    let mut admin = old_floor(&url, 7);
    let n = last_seq(&db);
    assert_eq!(ingest_file(&mut admin, &db, 1), (n, n, None));
    let shape = |c: &mut postgres::Client| -> (i32, i64) {
        let r = c
            .query_one(
                "SELECT (SELECT version FROM croupier.schema_version),
                        (SELECT count(*) FROM information_schema.columns
                          WHERE table_schema = 'croupier' AND column_name IN ('cost', 'uncosted')
                            AND table_name IN ('rounds', 'round_totals'))",
                &[],
            )
            .unwrap();
        (r.get(0), r.get(1))
    };
    assert_eq!(shape(&mut admin), (7, 0));
    // (The owner's connection migrates to the latest schema.)
    Floor::connect(&url).unwrap();
    assert_eq!(
        shape(&mut admin),
        (LATEST_FLOOR, 3),
        "rounds.cost, round_totals.cost and uncosted"
    );
    let store = Store::open_read(&db).unwrap();
    floor_costs_equal_the_events(&url, &store);
    let none = costs_of_the_events(&store, false);
    assert_eq!(none.values().map(|c| c.1).sum::<i64>(), 2);
    assert!(none.values().map(|c| c.0).sum::<i64>() > 0);
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok && out.contains("(0 sent now)"), "{out}{err}");
    let (ok, _, out, err) = audited_verify(d, &url);
    assert!(ok && out.contains("matches the floor"), "{out}{err}");
}

/// Floor schema 10 (issue 25, catch-up ingest): a floor of schema 9 holding a table's
/// events is migrated by its owner's next connection: every month's events get the
/// openings' index (`events_opening`, which the totals' lookup of a settlement's opening
/// reads instead of walking the table's events back to it), and so does a month made
/// after the migration; the totals still equal the file's and a rebuild from the events
/// (`totals_break`), and the table and a new one sync on and pass the auditor.
#[test]
fn a_floor_of_schema_9_is_migrated_to_index_the_openings() {
    let Some(base) = server("migrate10") else {
        return;
    };
    let url = fresh_floor(&base, "migrate10");
    let db = demo_file("migrate10", 60, 12, 0);
    let d = db.to_str().unwrap();
    let mut admin = old_floor(&url, 9);
    let n = last_seq(&db);
    assert_eq!(ingest_file(&mut admin, &db, 1), (n, n, None));
    // The schema, the months of events, and the months with an index of the openings.
    let shape = |c: &mut postgres::Client| -> (i32, i64, i64) {
        let r = c
            .query_one(
                "SELECT (SELECT version FROM croupier.schema_version),
                        (SELECT count(*) FROM pg_partition_tree('croupier.events') WHERE isleaf),
                        (SELECT count(*) FROM pg_partition_tree(to_regclass('croupier.events_opening'))
                          WHERE isleaf)",
                &[],
            )
            .unwrap();
        (r.get(0), r.get(1), r.get(2))
    };
    let (v, months, indexed) = shape(&mut admin);
    assert_eq!((v, indexed), (9, 0));
    assert!(months >= 2, "{months}");
    // (The owner's connection migrates to the latest schema: 11 since this test was
    // written, which keeps the index.)
    Floor::connect(&url).unwrap();
    assert_eq!(shape(&mut admin), (LATEST_FLOOR, months, months));
    admin
        .execute(
            "SELECT croupier.month_partition($1::int8 + 1000 * 86400000::int8)",
            &[&demo::clock().now_ms()],
        )
        .unwrap();
    assert_eq!(shape(&mut admin), (LATEST_FLOOR, months + 1, months + 1));
    assert_eq!(totals_breaks(&mut admin), [None]);
    floor_totals_equal_the_files(&url, &[Store::open_read(&db).unwrap()]);
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok && out.contains("(0 sent now)"), "{out}{err}");
    let other = demo_file("migrate10-b", 30, 13, 9);
    let o = other.to_str().unwrap();
    let (ok, _, out, err) = run(&["sync", "--db", o, "--floor", &url]);
    assert!(ok, "{out}{err}");
    assert_eq!(totals_breaks(&mut admin), [None, None]);
    floor_totals_equal_the_files(
        &url,
        &[
            Store::open_read(&db).unwrap(),
            Store::open_read(&other).unwrap(),
        ],
    );
    for f in [d, o] {
        let (ok, _, out, err) = audited_verify(f, &url);
        assert!(ok && out.contains("matches the floor"), "{out}{err}");
    }
}

/// Floor schema 11 (issue 25, catch-up ingest): a floor of schema 10 holding a table's
/// events is migrated by its owner's next connection: `openings` holds every opening of
/// the events already held (and then of every event taken), the totals read a
/// settlement's opening there and still equal the file's and a rebuild from the events,
/// the table and a new one sync on and pass the auditor, and a step packed with any of
/// the dictionary's fragments (as schema 6 packed it) still unpacks to its text.
#[test]
fn a_floor_of_schema_10_is_migrated_to_keep_the_openings() {
    let Some(base) = server("migrate11") else {
        return;
    };
    let url = fresh_floor(&base, "migrate11");
    let db = demo_file("migrate11", 60, 14, 0);
    let d = db.to_str().unwrap();
    let mut admin = old_floor(&url, 10);
    let n = last_seq(&db);
    assert_eq!(ingest_file(&mut admin, &db, 1), (n, n, None));
    // The schema, and the openings kept against those among the events.
    let shape = |c: &mut postgres::Client| -> (i32, Option<i64>, i64) {
        let r = c
            .query_one(
                "SELECT (SELECT version FROM croupier.schema_version),
                        to_regclass('croupier.openings') IS NOT NULL,
                        (SELECT count(*) FROM croupier.events WHERE kind = 8 AND table_id IS NOT NULL)",
                &[],
            )
            .unwrap();
        let kept = r.get::<_, bool>(1).then(|| {
            c.query_one("SELECT count(*) FROM croupier.openings", &[])
                .unwrap()
                .get::<_, i64>(0)
        });
        (r.get(0), kept, r.get(2))
    };
    let (v, kept, opened) = shape(&mut admin);
    assert_eq!((v, kept), (10, None));
    assert!(opened >= 1, "{opened}");
    Floor::connect(&url).unwrap();
    assert_eq!(shape(&mut admin), (LATEST_FLOOR, Some(opened), opened));
    assert_eq!(totals_breaks(&mut admin), [None]);
    floor_totals_equal_the_files(&url, &[Store::open_read(&db).unwrap()]);
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok && out.contains("(0 sent now)"), "{out}{err}");
    let other = demo_file("migrate11-b", 30, 15, 9);
    let o = other.to_str().unwrap();
    let (ok, _, out, err) = run(&["sync", "--db", o, "--floor", &url]);
    assert!(ok, "{out}{err}");
    let (_, kept, opened_now) = shape(&mut admin);
    assert!(opened_now > opened, "{opened_now} {opened}");
    assert_eq!(kept, Some(opened_now));
    assert_eq!(totals_breaks(&mut admin), [None, None]);
    floor_totals_equal_the_files(
        &url,
        &[
            Store::open_read(&db).unwrap(),
            Store::open_read(&other).unwrap(),
        ],
    );
    for f in [d, o] {
        let (ok, _, out, err) = audited_verify(f, &url);
        assert!(ok && out.contains("matches the floor"), "{out}{err}");
    }
    // The openings are append-only, as the rounds' starts.
    let e = admin
        .execute("DELETE FROM croupier.openings", &[])
        .expect_err("openings are append-only");
    let why = e.as_db_error().map(|d| d.message().to_string());
    assert!(why.is_some_and(|m| m.contains("append-only")), "{e:?}");
    // A step's text packed with every fragment it holds (kind 13 packs with all 28),
    // with its two (kind 12), or holding a raw control byte: each unpacks to itself.
    let texts = [
        r#"{"text":"hit"}"#,
        r#"{"text":"split 7a","box":3}"#,
        r#"{"text":"bet {\"id\":\"7a\",\"stake\":5},"}"#,
        r#"{"text":"x","net":1,"paid":2,"shoe":3}"#,
        "{\"text\":\"tab\there\"}",
    ];
    for t in texts {
        let r = admin
            .query_one(
                "SELECT croupier.unpack(12::int2, croupier.pack(13::int2, $1)),
                        croupier.unpack(12::int2, croupier.pack(12::int2, $1)),
                        croupier.unpack(14::int2, croupier.pack(13::int2, $1))",
                &[&t],
            )
            .unwrap();
        let got: (String, String, String) = (r.get(0), r.get(1), r.get(2));
        assert_eq!(got, (t.into(), t.into(), t.into()), "{t}");
    }
}

/// Floor schema 12 (issue 25, a day's summary): a floor of schema 11 holding a table's
/// events is migrated by its owner's next connection: `day_totals` holds its hours summed
/// per UTC day, the table and a new one sync on (their days, voids and corrections kept
/// by the trigger that keeps the hours), the to-date sums still equal the files' over whole days and mid-day edges,
/// and a day row changed, removed or added by hand (the owner's) is a break that
/// `totals_break` names and a verified floor report fails.
#[test]
fn a_floor_of_schema_11_is_migrated_to_keep_the_days() {
    let Some(base) = server("migrate12") else {
        return;
    };
    let url = fresh_floor(&base, "migrate12");
    let db = demo_file("migrate12", 300, 16, 0);
    let d = db.to_str().unwrap();
    let mut admin = old_floor(&url, 11);
    let n = last_seq(&db);
    assert_eq!(ingest_file(&mut admin, &db, 1), (n, n, None));
    // The schema, and the days' rounds against the hours'.
    let shape = |c: &mut postgres::Client| -> (i32, Option<(i64, i64)>) {
        let r = c
            .query_one(
                "SELECT (SELECT version FROM croupier.schema_version),
                        to_regclass('croupier.day_totals') IS NOT NULL",
                &[],
            )
            .unwrap();
        let days = r.get::<_, bool>(1).then(|| {
            let r = c
                .query_one(
                    "SELECT (SELECT sum(rounds)::int8 FROM croupier.day_totals),
                            (SELECT sum(rounds)::int8 FROM croupier.round_totals)",
                    &[],
                )
                .unwrap();
            (r.get(0), r.get(1))
        });
        (r.get(0), days)
    };
    assert_eq!(shape(&mut admin), (11, None));
    Floor::connect(&url).unwrap();
    let (v, days) = shape(&mut admin);
    assert_eq!(v, LATEST_FLOOR);
    assert!(days.is_some_and(|(a, b)| a == b && a > 0), "{days:?}");
    assert_eq!(totals_breaks(&mut admin), [None]);
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok && out.contains("(0 sent now)"), "{out}{err}");
    // Another table dealing two and three days later (from 07:00 UTC), a round voided and
    // one corrected each day, synced after each day.
    let other = common::fresh_dir("migrate12-b").join("t.db");
    let at = demo::clock().now_ms() + 2 * 86_400_000 + 7 * 3_600_000;
    deal_and_sync(&url, &other, at, 60, 3, 5);
    deal_and_sync(&url, &other, at + 86_400_000, 40, -1, -3);
    let (_, now) = shape(&mut admin);
    assert!(
        now.is_some_and(|(a, b)| a == b && b > days.unwrap().1),
        "{now:?}"
    );
    assert_eq!(totals_breaks(&mut admin), [None, None]);
    let stores = [
        Store::open_read(&db).unwrap(),
        Store::open_read(&other).unwrap(),
    ];
    floor_totals_equal_the_files(&url, &stores);
    kept_reports_equal(&url, &stores);
    let days_held: Vec<(i64, i32)> = admin
        .query(
            "SELECT DISTINCT day, tab FROM croupier.day_totals ORDER BY 1, 2",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert!(days_held.len() >= 3, "rounds on the days {days_held:?}");
    // Forged as the owner: one figure of the first day row, a row removed, a row added.
    let first = "(SELECT day, tab, table_id, dealer, opened FROM croupier.day_totals
                   WHERE tab = (SELECT min(tab) FROM croupier.tables)
                   ORDER BY day, table_id, dealer, opened LIMIT 1)";
    let forgeries = [
        (
            format!("UPDATE croupier.day_totals SET win = win + 100 WHERE (day, tab, table_id, dealer, opened) IN {first}"),
            " kept, ",
        ),
        (
            format!("DELETE FROM croupier.day_totals WHERE (day, tab, table_id, dealer, opened) IN {first}"),
            ": missing from day_totals",
        ),
        (
            "INSERT INTO croupier.day_totals SELECT day - 400, tab, table_id, dealer, opened, rounds, handle, paid, win, insurance_taken, insurance_paid, splits, buys, pontoons, five_card_tricks, box_sq, round_sq, cost, uncosted
               FROM croupier.day_totals WHERE tab = (SELECT min(tab) FROM croupier.tables) LIMIT 1".to_string(),
            ": kept in day_totals, but no hour of round_totals is in it",
        ),
    ];
    for (forge, said) in forgeries {
        let mut tx = admin.transaction().unwrap();
        tx.batch_execute(&forge).unwrap();
        let breaks: Vec<Option<String>> = tx
            .query(
                "SELECT croupier.totals_break(tab) FROM croupier.tables ORDER BY tab",
                &[],
            )
            .unwrap()
            .iter()
            .map(|r| r.get(0))
            .collect();
        assert_eq!(breaks.len(), 2);
        let why = breaks[0].clone().unwrap_or_default();
        assert!(
            why.starts_with("day ") && why.contains(said),
            "{forge}: {why}"
        );
        if said == " kept, " {
            assert!(why.contains("win "), "{why}");
            assert!(why.ends_with(" from round_totals"), "{why}");
        }
        assert_eq!(
            breaks[1], None,
            "the other table database's days are its own"
        );
        tx.rollback().unwrap();
    }
    // And once the auditor has checked the forged totals, a verified report fails the
    // forged table database, and it only. The footer reads the auditor's record
    // (`croupier.totals_checked`): checked before the forgery, both pass; forged, neither
    // check covers the totals now (NOT YET CHECKED, the hand write marks every table
    // database's); checked again, the forged one fails and the other passes.
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let o = Options {
        verify: true,
        generated_at: "2026-03-01 00:00:00 UTC",
        ..common::options(Kind::Summary, "2026-01-05", "2026-01-06")
    };
    let verdicts = |want: fn(&Option<Verified>) -> bool| -> Vec<bool> {
        let mut src = FloorSource::open(Floor::connect(&url).unwrap()).unwrap();
        let r = report::build_from_kept_totals(&mut src, &o, |_| {}).unwrap();
        r.sources.iter().map(|s| want(&s.verified)).collect()
    };
    let passed = |v: &Option<Verified>| matches!(v, Some(Verified::Passed(_)));
    assert_eq!(verdicts(passed), [true, true]);
    admin
        .batch_execute(&format!(
            "UPDATE croupier.day_totals SET rounds = rounds + 1 WHERE (day, tab, table_id, dealer, opened) IN {first}"
        ))
        .unwrap();
    let not_yet = |v: &Option<Verified>| matches!(v, Some(Verified::TotalsNotChecked { .. }));
    assert_eq!(verdicts(not_yet), [true, true]);
    let (ok, code, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(!ok && code == Some(1), "{out}{err}");
    let broken = |v: &Option<Verified>| {
        matches!(v, Some(Verified::Failed(VerifyFailure::TotalsBreak { .. })))
    };
    assert_eq!(verdicts(broken), [true, false]);
    assert_eq!(verdicts(passed), [false, true]);
}

/// Floor schema 15 (issue 25, a day's summary < 100 ms): a floor of schema 14 holding a
/// table's events is migrated by its owner's next connection: `month_totals` holds its
/// days summed per UTC month; a table dealing across two month ends syncs on (its gaming
/// day Prague's, with rounds in the small hours of a 1st that are the previous month's;
/// its months, voids and corrections kept by the trigger that keeps the hours and days);
/// the to-date sums and the reports still equal the files' over ranges of whole months
/// with edge days and hours; a month row changed, removed or added by hand is a break `totals_break`
/// names, and marks the auditor's record of the totals `touched`.
#[test]
fn a_floor_of_schema_14_is_migrated_to_keep_the_months() {
    let Some(base) = server("migrate15") else {
        return;
    };
    let url = fresh_floor(&base, "migrate15");
    let db = demo_file("migrate15", 300, 16, 0);
    let mut admin = old_floor(&url, 14);
    let n = last_seq(&db);
    assert_eq!(ingest_file(&mut admin, &db, 1), (n, n, None));
    let months = |c: &mut postgres::Client| -> Option<(i64, i64, i64)> {
        let r = c
            .query_one(
                "SELECT to_regclass('croupier.month_totals') IS NOT NULL",
                &[],
            )
            .unwrap();
        r.get::<_, bool>(0).then(|| {
            let r = c
                .query_one(
                    "SELECT (SELECT sum(rounds)::int8 FROM croupier.month_totals),
                            (SELECT sum(rounds)::int8 FROM croupier.day_totals),
                            (SELECT count(DISTINCT month)::int8 FROM croupier.month_totals)",
                    &[],
                )
                .unwrap();
            (r.get(0), r.get(1), r.get(2))
        })
    };
    assert_eq!(months(&mut admin), None);
    Floor::connect(&url).unwrap();
    let version: i32 = admin
        .query_one("SELECT version FROM croupier.schema_version", &[])
        .unwrap()
        .get(0);
    assert_eq!(version, LATEST_FLOOR);
    let built = months(&mut admin);
    assert!(built.is_some_and(|(a, b, _)| a == b && a > 0), "{built:?}");
    assert_eq!(totals_breaks(&mut admin), [None]);
    // Another table, its gaming day Prague's, dealing over the ends of January and
    // February (from 21:00 CET on their last days, from 01:30 CET on 1 February and
    // from 00:30 CET on 1 March: rounds of the months' last gaming days whose UTC month
    // or local date is the next one's), a round voided and one corrected each time.
    let other = common::fresh_dir("migrate15-b").join("t.db");
    prague_table(&other, 1_769_860_800_000);
    for (at, rounds, void, correct) in [
        (1_769_889_600_000, 40, 3, 5),
        (1_769_905_800_000, 12, -1, -2),
        (1_772_308_800_000, 40, -1, -3),
        (1_772_321_400_000, 12, -2, -5),
        (1_772_395_200_000, 40, -2, -4),
    ] {
        deal_and_sync(&url, &other, at, rounds, void, correct);
    }
    let now = months(&mut admin);
    assert!(
        now.is_some_and(|(a, b, m)| a == b && a > built.unwrap().0 && m >= 3),
        "{now:?}"
    );
    assert_eq!(totals_breaks(&mut admin), [None, None]);
    let stores = [
        Store::open_read(&db).unwrap(),
        Store::open_read(&other).unwrap(),
    ];
    floor_totals_equal_the_files(&url, &stores);
    kept_reports_equal(&url, &stores);
    each_databases_sums_equal_its_files(&url, &stores);
    months_forged_are_breaks(&url, &mut admin);
}

/// Floor schema 16 (issue 25 item 3, at most 120 bytes an event): a floor of schema 15
/// holding a table's events is migrated by its owner's next connection: `round_starts`
/// keeps each opening's boxes' stakes squared instead of its data — the same rows, each
/// one's figures what a file's report reads from its event (`start_squares`, which the
/// auditor holds them to); the kept totals still agree with them; a table syncs on (its
/// openings' rows by the trigger); the kept totals and the reports still equal the
/// files'; the auditor passes the migrated floor; a publication that named the table
/// names it again. And the trigger's `start_squares`
/// computes what the reports' does, NULL where the reports refuse a start.
#[test]
fn a_floor_of_schema_15_is_migrated_to_keep_the_openings_squared() {
    let Some(base) = server("migrate16") else {
        return;
    };
    let url = fresh_floor(&base, "migrate16");
    let db = demo_file("migrate16", 300, 17, 0);
    let mut admin = old_floor(&url, 15);
    let n = last_seq(&db);
    assert_eq!(ingest_file(&mut admin, &db, 1), (n, n, None));
    let keys = |c: &mut postgres::Client| -> Vec<(i64, i64)> {
        c.query(
            "SELECT round_id::int8, seq::int8 FROM croupier.round_starts ORDER BY tab, round_id, seq",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
    };
    let held = keys(&mut admin);
    assert!(held.len() >= 300, "{}", held.len());
    // A casino's publication to its group's server names `round_starts` (docs/scale.md);
    // the migration makes the table again and names it there again.
    let published = |c: &mut postgres::Client| -> Vec<String> {
        c.query(
            "SELECT tablename::text FROM pg_catalog.pg_publication_tables
              WHERE pubname = 'croupier_group' ORDER BY 1",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect()
    };
    admin
        .batch_execute(
            "CREATE PUBLICATION croupier_group FOR TABLE croupier.rounds, croupier.round_starts",
        )
        .unwrap();
    assert_eq!(published(&mut admin), ["round_starts", "rounds"]);
    Floor::connect(&url).unwrap();
    let version: i32 = admin
        .query_one("SELECT version FROM croupier.schema_version", &[])
        .unwrap()
        .get(0);
    assert_eq!(version, LATEST_FLOOR);
    assert_eq!(published(&mut admin), ["round_starts", "rounds"]);
    assert_eq!(keys(&mut admin), held);
    // Published with a column list (which names the old columns): refused, the floor left
    // at 15, the list named in the words.
    let listed = fresh_floor(&base, "migrate16_listed");
    let mut owner = old_floor(&listed, 15);
    owner
        .batch_execute(
            "CREATE PUBLICATION croupier_group FOR TABLE croupier.round_starts (tab, round_id, seq)",
        )
        .unwrap();
    let refused = Floor::connect(&listed).err().map(|e| e.to_string());
    assert!(
        refused
            .as_deref()
            .is_some_and(|e| e.contains("row filter or a column list")),
        "{refused:?}"
    );
    let at: i32 = owner
        .query_one("SELECT version FROM croupier.schema_version", &[])
        .unwrap()
        .get(0);
    assert_eq!(at, 15);
    starts_are_their_events_squares(&mut admin);
    assert_eq!(totals_breaks(&mut admin), [None]);
    let other = common::fresh_dir("migrate16-b").join("t.db");
    deal_and_sync(&url, &other, 1_769_889_600_000, 40, 3, 5);
    assert!(keys(&mut admin).len() >= held.len() + 40);
    starts_are_their_events_squares(&mut admin);
    assert_eq!(totals_breaks(&mut admin), [None, None]);
    let stores = [
        Store::open_read(&db).unwrap(),
        Store::open_read(&other).unwrap(),
    ];
    floor_totals_equal_the_files(&url, &stores);
    kept_reports_equal(&url, &stores);
    let all = floor::Auditor::new(Floor::connect(&url).unwrap())
        .unwrap()
        .pass()
        .unwrap();
    assert!(all.iter().all(|a| a.failed.is_none()), "{all:?}");
    // (an opening's text, its stakes squared as the reports read them)
    let texts: [(&str, Option<(i64, i64)>); 5] = [
        (
            r#"{"bets":[{"id":"a","box":1,"stake":10},{"id":"b","box":1,"stake":5},{"id":"c","box":2,"stake":1}],"shoe":1}"#,
            Some((1500 * 1500 + 100 * 100, 1600 * 1600)),
        ),
        (
            r#"{"bets":[{"id":"a","box":3,"stake":2.5}],"shoe":7}"#,
            Some((250 * 250, 250 * 250)),
        ),
        (r#"{"bets":[],"shoe":1}"#, Some((0, 0))),
        ("{", None),
        (
            r#"{"bets":[{"id":"a","box":1,"stake":"x"}],"shoe":1}"#,
            None,
        ),
    ];
    for (text, want) in texts {
        let r = admin
            .query_one(
                "SELECT box_sq, round_sq FROM croupier.start_squares($1)",
                &[&text],
            )
            .unwrap();
        let sql = match (r.get(0), r.get(1)) {
            (Some(b), Some(s)) => Some((b, s)),
            _ => None,
        };
        assert_eq!(
            (sql, report::data::start_squares(text)),
            (want, want),
            "{text}"
        );
    }
}

/// A casino's floor publishing to its group's server (docs/scale.md, "What logical
/// replication carries"), both at schema 15, taken to 16 in the order docs/scale.md gives:
/// the casino first (its publication still names `round_starts`), then the group's server
/// stops applying at the casino's first opening of the new shape, taking none of it; then
/// the group's server migrated, its `round_starts` emptied and its subscription refreshed:
/// its copy ends equal to the casino's, row for row, the events and the settlements too,
/// and the group's own auditor passes it. The publication is
/// docs/scale.md's, and its first copy goes without an error.
/// Both floors are databases of one server (the subscription's slot made by hand, as
/// PostgreSQL's documentation says for a publisher in the same cluster).
#[test]
fn a_casino_and_its_group_server_migrate_to_16_in_the_documented_order() {
    if server("replication16").is_none() {
        return;
    }
    // A cluster of its own (`wal_level = logical`), stopped however the test ends: no
    // subscription, slot or worker is left to another test or run.
    let pg = Private::start();
    let casino = fresh_floor(&pg.url, "repl16_casino");
    let group = fresh_floor(&pg.url, "repl16_group");
    let mut c = old_floor(&casino, 15);
    let mut g = old_floor(&group, 15);
    let db = demo_file("repl16", 120, 23, 0);
    let n = last_seq(&db);
    assert_eq!(ingest_file(&mut c, &db, 1), (n, n, None));
    // The group's copy is partitioned as the casino's: each month made before its rows
    // come (the casino's sync makes them there; nothing does on the group's server), here
    // by a moment of each day the casino's events have.
    let later = 1_769_000_000_000_i64; // 2026-01-21, the casino's rounds after its migration
    let months: Vec<i64> = c
        .query(
            "SELECT DISTINCT at / 86400000 * 86400000 FROM croupier.events UNION SELECT $1::int8",
            &[&later],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    for at in months {
        g.query_one("SELECT croupier.month_partition($1)", &[&at])
            .unwrap();
    }
    // The publication docs/scale.md gives (not `kinds`, `alarms`, `replayed`: the group's
    // server writes its own).
    c.batch_execute(
        "CREATE PUBLICATION croupier_group
             FOR TABLE croupier.tables, croupier.events, croupier.rounds, croupier.round_starts,
                       croupier.openings, croupier.round_totals, croupier.day_totals,
                       croupier.month_totals
             WITH (publish_via_partition_root = true)",
    )
    .unwrap();
    let slot = casino.rsplit('/').next().unwrap().to_string();
    c.query_one(
        "SELECT pg_catalog.pg_create_logical_replication_slot($1, 'pgoutput')::text",
        &[&slot],
    )
    .unwrap();
    g.batch_execute(&format!(
        "CREATE SUBSCRIPTION group_copy CONNECTION '{casino}' PUBLICATION croupier_group
             WITH (create_slot = false, slot_name = '{slot}')"
    ))
    .unwrap();
    // (what a floor holds, to compare: the openings' keys, and with their figures once
    // at 16; the events; the settlements)
    let text =
        |c: &mut postgres::Client, sql: &str| -> String { c.query_one(sql, &[]).unwrap().get(0) };
    let keys = "SELECT coalesce(md5(string_agg(tab || ' ' || round_id || ' ' || seq, ','
                    ORDER BY tab, round_id, seq)), '') FROM croupier.round_starts";
    let squares = "SELECT coalesce(md5(string_agg(tab || ' ' || round_id || ' ' || seq || ' '
                    || coalesce(box_sq::text, '-') || ' ' || coalesce(round_sq::text, '-'), ','
                    ORDER BY tab, round_id, seq)), '') FROM croupier.round_starts";
    let held = "SELECT (SELECT count(*) FROM croupier.events) || ' '
                    || (SELECT count(*) FROM croupier.rounds) || ' '
                    || (SELECT coalesce(sum(win), 0) FROM croupier.rounds)";
    let until = |what: &str, ok: &mut dyn FnMut() -> bool| {
        let start = Instant::now();
        while !ok() {
            assert!(
                start.elapsed() < Duration::from_secs(180),
                "{what}: not within 180 s"
            );
            std::thread::sleep(Duration::from_millis(250));
        }
    };
    until("the group's first copy", &mut || {
        text(&mut g, keys) == text(&mut c, keys) && text(&mut g, held) == text(&mut c, held)
    });
    // (the subscription's errors so far: its tables' first copies, its changes applied)
    let errors = |g: &mut postgres::Client| -> (i64, i64) {
        let r = g
            .query_one(
                "SELECT coalesce(sum(sync_error_count), 0)::int8, coalesce(sum(apply_error_count), 0)::int8
                   FROM pg_catalog.pg_stat_subscription_stats st
                   JOIN pg_catalog.pg_subscription su ON su.oid = st.subid
                  WHERE su.subname = 'group_copy' AND su.subdbid =
                        (SELECT oid FROM pg_catalog.pg_database WHERE datname = current_database())",
                &[],
            )
            .unwrap();
        (r.get(0), r.get(1))
    };
    let tables_copied = "SELECT count(*) FILTER (WHERE srsubstate = 'r') || ' of ' || count(*)
                           FROM pg_catalog.pg_subscription_rel";
    until("every table's first copy done", &mut || {
        text(&mut g, tables_copied) == "8 of 8"
    });
    assert_eq!(
        errors(&mut g),
        (0, 0),
        "the first copy went without an error"
    );
    let before = text(&mut c, keys);
    assert_ne!(before, "", "the casino holds openings");
    // The casino first: migrated by its owner's next connection, then a table syncs on.
    Floor::connect(&casino).unwrap();
    let published: i64 = c
        .query_one(
            "SELECT count(*) FROM pg_catalog.pg_publication_tables
              WHERE pubname = 'croupier_group' AND tablename = 'round_starts'",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(
        published, 1,
        "the casino's publication names round_starts again"
    );
    let other = common::fresh_dir("repl16-b").join("t.db");
    deal_and_sync(&casino, &other, later, 20, 3, 5);
    // The group's server (schema 15) stops at the first opening of the new shape.
    until("the group's apply refused", &mut || errors(&mut g).1 > 0);
    assert_eq!(
        text(&mut g, keys),
        before,
        "the group took no opening of the new shape"
    );
    // Then the group's server: migrated, its openings emptied, the subscription refreshed.
    Floor::connect(&group).unwrap();
    g.batch_execute(
        "ALTER TABLE croupier.round_starts DISABLE TRIGGER round_starts_append_only;
         TRUNCATE croupier.round_starts;
         ALTER TABLE croupier.round_starts ENABLE TRIGGER round_starts_append_only;",
    )
    .unwrap();
    g.batch_execute("ALTER SUBSCRIPTION group_copy REFRESH PUBLICATION")
        .unwrap();
    until("the group's copy after the refresh", &mut || {
        text(&mut g, squares) == text(&mut c, squares) && text(&mut g, held) == text(&mut c, held)
    });
    assert_ne!(
        text(&mut c, keys),
        before,
        "the casino's later openings are in the copy"
    );
    starts_are_their_events_squares(&mut g);
    // The group's own auditor (its own `replayed` and `alarms`, which the casino's do not
    // meet) passes the copy. (Its connection as the owner is what migrates the group's
    // server: docs/scale.md says to upgrade its program after the casino migrated.)
    let all = floor::Auditor::new(Floor::connect(&group).unwrap())
        .unwrap()
        .pass()
        .unwrap();
    assert_eq!(all.len(), 2, "{all:?}");
    assert!(all.iter().all(|a| a.failed.is_none()), "{all:?}");
    assert_eq!(errors(&mut g).0, 0, "no first copy failed");
    // The subscription and its slot taken down (the slot would keep the casino's WAL).
    g.batch_execute(
        "ALTER SUBSCRIPTION group_copy DISABLE;
         ALTER SUBSCRIPTION group_copy SET (slot_name = NONE);
         DROP SUBSCRIPTION group_copy;",
    )
    .unwrap();
    until("the slot dropped", &mut || {
        c.query_one("SELECT pg_catalog.pg_drop_replication_slot($1)", &[&slot])
            .is_ok()
    });
}

/// Every row of `croupier.round_starts` is at its table database's `round_started` event
/// of its round, and keeps the stakes squared a file's report reads from that event's
/// text (none unreadable).
fn starts_are_their_events_squares(admin: &mut postgres::Client) {
    let rows = admin
        .query(
            "SELECT s.seq::int8, e.kind, e.round_id::int8 = s.round_id, s.box_sq, s.round_sq, e.data
               FROM croupier.round_starts s
               LEFT JOIN croupier.event_text e ON e.tab = s.tab AND e.seq = s.seq",
            &[],
        )
        .unwrap();
    for r in &rows {
        let seq: i64 = r.get(0);
        let at: (Option<String>, Option<bool>) = (r.get(1), r.get(2));
        assert_eq!(at, (Some("round_started".into()), Some(true)), "{seq}");
        let kept = (r.get::<_, Option<i64>>(3), r.get::<_, Option<i64>>(4));
        let want = report::data::start_squares(r.get(5)).expect("a readable opening");
        assert_eq!(kept, (Some(want.0), Some(want.1)), "{seq}");
    }
}

/// A month row of the first table database changed, removed or added by the owner (in a
/// transaction rolled back): `totals_break` names it and the other table database's
/// months stay its own. Then a hand write that changes nothing still marks the
/// auditor's record of every table database's totals `touched`.
fn months_forged_are_breaks(url: &str, admin: &mut postgres::Client) {
    let first = "(SELECT month, tab, table_id, dealer, opened FROM croupier.month_totals
                   WHERE tab = (SELECT min(tab) FROM croupier.tables)
                   ORDER BY month, table_id, dealer, opened LIMIT 1)";
    let forgeries = [
        (
            format!("UPDATE croupier.month_totals SET win = win + 100 WHERE (month, tab, table_id, dealer, opened) IN {first}"),
            " kept, ",
        ),
        (
            format!("DELETE FROM croupier.month_totals WHERE (month, tab, table_id, dealer, opened) IN {first}"),
            ": missing from month_totals",
        ),
        (
            "INSERT INTO croupier.month_totals SELECT month - 14, tab, table_id, dealer, opened, rounds, handle, paid, win, insurance_taken, insurance_paid, splits, buys, pontoons, five_card_tricks, box_sq, round_sq, cost, uncosted
               FROM croupier.month_totals WHERE tab = (SELECT min(tab) FROM croupier.tables) LIMIT 1".to_string(),
            ": kept in month_totals, but no day of day_totals is in it",
        ),
    ];
    for (forge, said) in forgeries {
        let mut tx = admin.transaction().unwrap();
        tx.batch_execute(&forge).unwrap();
        let breaks: Vec<Option<String>> = tx
            .query(
                "SELECT croupier.totals_break(tab) FROM croupier.tables ORDER BY tab",
                &[],
            )
            .unwrap()
            .iter()
            .map(|r| r.get(0))
            .collect();
        let why = breaks[0].clone().unwrap_or_default();
        assert!(
            why.starts_with("month ") && why.contains(said),
            "{forge}: {why}"
        );
        if said == " kept, " {
            assert!(
                why.contains("win ") && why.ends_with(" from day_totals"),
                "{why}"
            );
        }
        assert_eq!(
            breaks[1], None,
            "the other table database's months are its own"
        );
        tx.rollback().unwrap();
    }
    let (ok, _, out, err) = run(&["floor-audit", "--floor", url]);
    assert!(ok, "{out}{err}");
    let touched = |c: &mut postgres::Client| -> Vec<bool> {
        c.query(
            "SELECT touched FROM croupier.totals_checked ORDER BY tab",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect()
    };
    assert_eq!(touched(admin), [false, false]);
    admin
        .batch_execute("UPDATE croupier.month_totals SET win = win")
        .unwrap();
    assert_eq!(touched(admin), [true, true]);
}

/// `croupier.month_of_day` (floor schema 15, the months `month_totals` keys) agrees with
/// the calendar (chrono's) on every seventh day over ±400 years of 1970, and on each leap
/// day and month end near 2000, and 1900 (no leap day), and the days around them; the
/// report source computes the same in Rust (`floor::months`, its unit tests).
#[test]
fn the_floors_month_of_a_day_is_the_calendars() {
    use chrono::Datelike;
    let Some(base) = server("month of day") else {
        return;
    };
    let url = fresh_floor(&base, "monthofday");
    Floor::connect(&url).unwrap();
    let epoch = chrono::NaiveDate::from_ymd_opt(1970, 1, 1).unwrap();
    let mut days: Vec<i64> = (-146_097..146_097).step_by(7).collect();
    for (y, m, d) in [
        (2000, 2, 29),
        (2000, 3, 1),
        (1900, 2, 28),
        (1900, 3, 1),
        (1969, 12, 31),
        (2026, 1, 31),
    ] {
        let at = chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap();
        let day = at.signed_duration_since(epoch).num_days();
        days.extend(day - 2..=day + 2);
    }
    let got: Vec<(i64, i64)> = client(&url)
        .query(
            "SELECT d, croupier.month_of_day(d) FROM unnest($1::int8[]) d",
            &[&days],
        )
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(got.len(), days.len());
    for (day, month) in got {
        let date = epoch + chrono::Duration::days(day);
        let want = (i64::from(date.year()) - 1970) * 12 + i64::from(date.month0());
        assert_eq!(month, want, "day {day}, {date}");
    }
}

/// A connection to a floor whose schema is current writes nothing and takes no lock a
/// writer holds (issue 25: a report's connection, 2-5 ms of a day's summary): it connects
/// to a database whose sessions are read-only by default (any write of its would be
/// refused) and while another session holds the schema's version row and the kinds
/// locked against writes; to a floor of an older schema, the same connection is refused
/// read-only and waits for the locks (its thread joined once it has migrated, so none is
/// left to migrate later).
#[test]
fn a_connection_to_a_current_floor_writes_nothing() {
    let Some(base) = server("read-only connect") else {
        return;
    };
    let url = fresh_floor(&base, "readonlyconnect");
    Floor::connect(&url).unwrap();
    let mut holder = client(&url);
    let db: String = holder
        .query_one("SELECT current_database()::text", &[])
        .unwrap()
        .get(0);
    let read_only = |on: bool| {
        let set = match on {
            true => "SET default_transaction_read_only = on",
            false => "RESET default_transaction_read_only",
        };
        // (Its own statement first: a batch is one transaction, read-only from its start.)
        let mut c = client(&url);
        c.batch_execute("SET default_transaction_read_only = off")
            .unwrap();
        c.batch_execute(&format!("ALTER DATABASE \"{db}\" {set}"))
            .unwrap();
    };
    read_only(true);
    let current = Floor::connect(&url).map(|_| ());
    read_only(false);
    assert!(
        current.is_ok(),
        "a current floor's connection wrote: {current:?}"
    );
    let connects = || {
        let (tx, rx) = std::sync::mpsc::channel();
        let u = url.clone();
        let t = std::thread::spawn(move || {
            let _ = tx.send(Floor::connect(&u).is_ok());
        });
        (rx, t)
    };
    let lock = "BEGIN; LOCK TABLE croupier.schema_version IN EXCLUSIVE MODE;
                LOCK TABLE croupier.kinds IN SHARE MODE";
    holder.batch_execute(lock).unwrap();
    let (rx, t) = connects();
    let waited = rx.recv_timeout(Duration::from_secs(20));
    holder.batch_execute("ROLLBACK").unwrap();
    t.join().unwrap();
    assert_eq!(waited, Ok(true), "a current floor's connection waited");
    // Behind by a schema: the owner's connection migrates, so it writes (refused
    // read-only) and waits for the lock.
    holder
        .batch_execute("UPDATE croupier.schema_version SET version = version - 1")
        .unwrap();
    read_only(true);
    let older = Floor::connect(&url).map(|_| ());
    read_only(false);
    assert!(
        older.is_err(),
        "an older floor's connection migrates: it writes"
    );
    holder.batch_execute(lock).unwrap();
    let (rx, t) = connects();
    let waited = rx.recv_timeout(Duration::from_secs(3));
    holder.batch_execute("ROLLBACK").unwrap();
    assert!(
        waited.is_err(),
        "an older floor's connection migrates, under the lock"
    );
    // Then it goes on (the version put back by hand: the latest migration runs again
    // over its own objects, and succeeds or fails on them), and ends before the test does.
    assert!(rx.recv().is_ok(), "it goes on once the lock is let go");
    t.join().unwrap();
}

/// Schema 13's trigger marks the auditor's record `touched` even while the auditor holds
/// it mid-check: a hand write to `day_totals` waits for the auditor's transaction (here
/// a first check, its row inserted and not yet committed) and marks the row after it, so
/// the auditor's `touched = false` never covers a write its check did not see. And a
/// table database never checked reads NOT YET CHECKED after such a write, not PASSED.
#[test]
fn a_hand_write_during_the_auditors_check_still_marks_it() {
    let Some(base) = server("touched") else {
        return;
    };
    let url = fresh_floor(&base, "touched");
    let db = demo_file("touched", 40, 11, 0);
    let d = db.to_str().unwrap();
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok, "{out}{err}");
    let mut auditor = client(&url);
    let mut tx = auditor.transaction().unwrap();
    tx.batch_execute(
        "INSERT INTO croupier.totals_checked (tab, seq) SELECT tab, 0 FROM croupier.tables
           ON CONFLICT (tab) DO NOTHING;
         SELECT 1 FROM croupier.totals_checked FOR UPDATE;",
    )
    .unwrap();
    let u = url.clone();
    let writer = std::thread::spawn(move || {
        client(&u)
            .batch_execute("UPDATE croupier.day_totals SET win = win")
            .unwrap();
    });
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert!(
        !writer.is_finished(),
        "the hand write waits for the auditor"
    );
    tx.batch_execute(
        "UPDATE croupier.totals_checked SET seq = (SELECT max(head_seq) FROM croupier.tables),
                at = now(), broken = NULL, touched = false",
    )
    .unwrap();
    tx.commit().unwrap();
    writer.join().unwrap();
    let touched: Vec<bool> = auditor
        .query("SELECT touched FROM croupier.totals_checked", &[])
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(touched, [true], "marked after the auditor's commit");
    // A table database the auditor never checked: the write inserts its row, not checked.
    auditor
        .batch_execute(
            "DELETE FROM croupier.totals_checked;
             UPDATE croupier.day_totals SET win = win;",
        )
        .unwrap();
    let r = auditor
        .query_one(
            "SELECT seq, at IS NULL, touched FROM croupier.totals_checked",
            &[],
        )
        .unwrap();
    assert_eq!(
        (r.get::<_, i64>(0), r.get::<_, bool>(1), r.get::<_, bool>(2)),
        (0, true, true)
    );
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    auditor
        .batch_execute("UPDATE croupier.day_totals SET win = win")
        .unwrap();
    let (code, json, err) = floor_report_json(&url, "summary");
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        json["databases"][0]["verify"]["verdict"], "totals_not_checked",
        "{json}"
    );
}

/// Floor schema 10: the kept theories on the floor. The floor keeps none until its
/// auditor's pass, which keeps the file's rows byte for byte (`croupier.kept_theories`,
/// the lab's solve of each rules a table opened with). A floor report reads them instead
/// of solving: a hold doubled by hand on the floor (the owner's UPDATE) moves the floor's
/// summary away from the file's, which a report that solved would not show. The
/// auditor's next pass catches the row: an alarm naming the rules, the table database's
/// verdict FAILED, the row put back as solved, and the summary the file's again.
#[test]
fn the_auditor_keeps_the_theories_a_floor_report_reads_and_catches_a_forged_one() {
    use croupier::lab::solutions::Figures;
    let Some(base) = server("kepttheory") else {
        return;
    };
    let url = fresh_floor(&base, "kepttheory");
    let db = demo_file("floor-kept-theory", 200, 14, 0);
    let d = db.to_str().unwrap();
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok, "{out}{err}");
    let mut admin = client(&url);
    let kept = |c: &mut postgres::Client| -> Vec<(String, String)> {
        c.query(
            "SELECT rules, figures FROM croupier.kept_theories ORDER BY rules",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
    };
    assert!(
        kept(&mut admin).is_empty(),
        "none before the auditor's pass"
    );
    let (ok, _, out, err) = audited_verify(d, &url);
    assert!(ok && out.contains("matches the floor"), "{out}{err}");
    let store = Store::open_read(&db).unwrap();
    let want = store.kept_derived().unwrap();
    assert!(!want.is_empty());
    assert_eq!(kept(&mut admin), want, "the file's rows, byte for byte");
    let summaries = || -> (String, String) {
        let o = Options {
            kind: Kind::Summary,
            period: Period::parse("2026-01-01", "2026-02-28").unwrap(),
            table: None,
            dealer: None,
            threshold: Money::units(400),
            verify: false,
            generated_by: "test",
            generated_at: "2026-03-01 00:00:00 UTC",
        };
        let files = std::slice::from_ref(&store);
        let mut from_files =
            report::build_from(&mut report::query::Files(files), &o, |_| {}).unwrap();
        let mut src = FloorSource::open(Floor::connect(&url).unwrap()).unwrap();
        let from_floor = report::build_from(&mut src, &o, |_| {}).unwrap();
        from_files.sources = from_floor.sources.clone();
        (
            report::render_json(&from_floor).to_string(),
            report::render_json(&from_files).to_string(),
        )
    };
    let (floor, files) = summaries();
    assert_eq!(floor, files);

    // Twice the hold, kept on the floor by hand.
    let (key, text) = &want[0];
    let mut f = Figures::parse(text).unwrap();
    f.hold *= 2.0;
    admin
        .execute(
            "UPDATE croupier.kept_theories SET figures = $1 WHERE rules = $2",
            &[&f.text(), key],
        )
        .unwrap();
    let (floor, files) = summaries();
    assert_ne!(floor, files, "the floor's report reads the kept row");
    // The pass that finds it says FAILED (it ran before the pass's verdicts).
    let (ok, code, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(!ok && code == Some(1), "{out}{err}");
    assert!(
        out.contains("FAILED") && out.contains("kept theory"),
        "{out}{err}"
    );
    let said = alarms(&url);
    assert!(
        said.iter()
            .any(|(_, w)| w.contains("kept theory") && w.contains(key.as_str())),
        "{said:?}"
    );
    assert_eq!(kept(&mut admin), want, "put back as the lab solves it");
    let (code, json, err) = floor_report_json(&url, "summary");
    assert_eq!(code, Some(1), "{err}");
    assert!(json.to_string().contains("\"failed\""), "{json}");
    let (floor, files) = summaries();
    assert_eq!(floor, files);

    // A row for rules no table opened with (one box more), and one whose text is not
    // rules: each alarmed and deleted by the next pass, which says FAILED.
    let mut more: serde_json::Value = serde_json::from_str(key).unwrap();
    more["boxes"] = serde_json::json!(more["boxes"].as_u64().unwrap() % 7 + 1);
    let unopened =
        croupier::lab::solutions::key(&croupier::engine::Rules::from_value(&more).unwrap());
    assert_ne!(&unopened, key);
    for k in [unopened.as_str(), "not rules"] {
        admin
            .execute(
                "INSERT INTO croupier.kept_theories (rules, figures) VALUES ($1, $2)",
                &[&k, &f.text()],
            )
            .unwrap();
    }
    let (ok, code, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(!ok && code == Some(1), "{out}{err}");
    assert!(out.contains("FAILED"), "{out}{err}");
    let said = alarms(&url);
    for k in [unopened.as_str(), "not rules"] {
        assert!(
            said.iter()
                .any(|(_, w)| w.contains("kept theory") && w.contains(k) && w.contains("deleted")),
            "{k}: {said:?}"
        );
    }
    assert_eq!(kept(&mut admin), want, "only the solved rows are left");
}

/// `floor-audit` (one pass, which must pass), then `verify --floor`: a floor verdict
/// passes only once the auditor has replayed every event.
fn audited_verify(db: &str, url: &str) -> (bool, Option<i32>, String, String) {
    let (ok, _, out, err) = run(&["floor-audit", "--floor", url]);
    assert!(ok, "{out}{err}");
    run(&["verify", "--db", db, "--floor", url])
}

/// The rounds report's column marking each round the floor's auditor has replayed.
/// The floor schema this program migrates to.
const LATEST_FLOOR: i32 = croupier::floor::FLOOR_VERSION;

const MARK: &str = "replayed by the floor's auditor";

/// A floor report `--out -` as JSON, and the command's exit code.
fn floor_report_json(url: &str, kind: &str) -> (Option<i32>, serde_json::Value, String) {
    let (_, code, out, err) = run(&[
        "report",
        "--floor",
        url,
        "--kind",
        kind,
        "--format",
        "json",
        "--out",
        "-",
        "--from",
        "2026-01-05",
        "--to",
        "2026-01-06",
    ]);
    let json = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    (code, json, err)
}

/// Synced but not yet replayed by the floor's auditor: no PASSED in any format, every
/// round marked, `report --floor` and `verify --floor` exit 1; after one `floor-audit`
/// pass, PASSED and exit 0.
fn not_replayed_until_audited(url: &str, file: &Path) {
    let db = file.to_str().unwrap();
    let (ok, code, out, err) = run(&["verify", "--db", db, "--floor", url]);
    assert!(!ok && code == Some(1), "{out}{err}");
    assert!(
        out.contains("NOT YET REPLAYED: replayed through event 0 of"),
        "{out}"
    );
    let (code, json, err) = floor_report_json(url, "rounds");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("NOT YET REPLAYED"), "{err}");
    for d in json["databases"].as_array().unwrap() {
        let v = &d["verify"];
        assert_eq!(
            (&v["verdict"], &v["passed"]),
            (&"not_replayed".into(), &false.into()),
            "{v}"
        );
        assert_eq!(v["replayed_through"], 0, "{v}");
        assert!(v["events"].as_i64().unwrap() > 0, "{v}");
    }
    let footer = json["footer"].to_string();
    assert!(
        footer.contains("NOT YET REPLAYED") && !footer.contains("PASSED"),
        "{footer}"
    );
    let rounds = &json["sections"][0];
    let i = rounds["columns"]
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c == MARK);
    let rows = rounds["rows"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(
        rows.iter().all(|r| r[i.unwrap()] == "not yet replayed"),
        "{rounds}"
    );
    for (lang, said) in [
        ("en", "NOT YET REPLAYED"),
        ("cs", "DOSUD NEPŘEHRÁNO"),
        ("uk", "ЩЕ НЕ ВІДТВОРЕНО"),
        ("ru", "ЕЩЁ НЕ ВОСПРОИЗВЕДЕНО"),
    ] {
        let (_, _, out, _) = run(&[
            "report",
            "--floor",
            url,
            "--kind",
            "rounds",
            "--format",
            "html",
            "--out",
            "-",
            "--lang",
            lang,
            "--from",
            "2026-01-05",
            "--to",
            "2026-01-06",
        ]);
        assert!(out.matches(said).count() > 3, "{lang}: {out}");
        assert!(!out.contains("PASSED"), "{lang}: {out}");
    }

    let (ok, _, out, err) = run(&["floor-audit", "--floor", url]);
    assert!(ok, "{out}{err}");
    let (ok, _, out, err) = run(&["verify", "--db", db, "--floor", url]);
    assert!(ok, "{out}{err}");
    let (code, json, err) = floor_report_json(url, "rounds");
    assert_eq!(code, Some(0), "{err}");
    for d in json["databases"].as_array().unwrap() {
        assert_eq!(d["verify"]["verdict"], "passed", "{d}");
    }
    totals_not_checked_until_checked(url);
}

/// Issue 25 item 2: every event replayed, but the kept totals not checked by the
/// auditor (never, or through an earlier event than the head): NOT YET CHECKED in every
/// format and language, saying through which event, never PASSED, exit 1; the auditor's
/// next pass checks them and the footer PASSES. (The check's record is changed by the
/// owner here, as no table can: the states a live floor passes through.)
fn totals_not_checked_until_checked(url: &str) {
    let mut admin = client(url);
    let heads: Vec<i64> = admin
        .query("SELECT head_seq FROM croupier.tables ORDER BY tab", &[])
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    for (change, through, said) in [
        (
            "UPDATE croupier.totals_checked SET seq = seq - 1",
            Some(1),
            "came after",
        ),
        (
            "DELETE FROM croupier.totals_checked",
            None,
            "has not checked its kept totals yet",
        ),
    ] {
        admin.batch_execute(change).unwrap();
        let (code, json, err) = floor_report_json(url, "summary");
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("NOT YET CHECKED"), "{err}");
        for (d, head) in json["databases"].as_array().unwrap().iter().zip(&heads) {
            let v = &d["verify"];
            let checked = through.map_or(0, |back| head - back);
            assert_eq!(
                (
                    &v["verdict"],
                    &v["passed"],
                    &v["totals_checked_through"],
                    &v["events"]
                ),
                (
                    &"totals_not_checked".into(),
                    &false.into(),
                    &checked.into(),
                    &(*head).into()
                ),
                "{v}"
            );
            assert!(v["detail"].as_str().unwrap().contains(said), "{v}");
        }
        let footer = json["footer"].to_string();
        assert!(
            footer.contains(&format!(
                "NOT YET CHECKED (kept totals checked through event {} of {})",
                through.map_or(0, |back| heads[0] - back),
                heads[0]
            )) && !footer.contains("PASSED"),
            "{footer}"
        );
    }
    for (lang, format, said) in [
        ("en", "html", "NOT YET CHECKED"),
        ("cs", "html", "DOSUD NEZKONTROLOVÁNO"),
        ("uk", "html", "ЩЕ НЕ ПЕРЕВІРЕНО"),
        ("ru", "html", "ЕЩЁ НЕ ПРОВЕРЕНО"),
    ] {
        let (_, code, out, err) = run(&[
            "report",
            "--floor",
            url,
            "--kind",
            "dealers",
            "--format",
            format,
            "--out",
            "-",
            "--lang",
            lang,
            "--from",
            "2026-01-05",
            "--to",
            "2026-01-06",
        ]);
        assert_eq!(code, Some(1), "{lang} {format}: {err}");
        assert!(out.contains(said), "{lang} {format}: {out}");
        assert!(!out.contains("PASSED"), "{lang} {format}: {out}");
    }
    // CSV: one file per table, the footer's among them.
    let dir = common::fresh_dir("floor-totals-csv");
    let (_, code, _, err) = run(&[
        "report",
        "--floor",
        url,
        "--kind",
        "summary",
        "--format",
        "csv",
        "--out",
        dir.to_str().unwrap(),
        "--from",
        "2026-01-05",
        "--to",
        "2026-01-06",
    ]);
    assert_eq!(code, Some(1), "csv: {err}");
    let csv: String = std::fs::read_dir(&dir)
        .unwrap()
        .map(|f| std::fs::read_to_string(f.unwrap().path()).unwrap())
        .collect();
    assert!(
        csv.contains("NOT YET CHECKED: the floor's kept totals checked through event 0 of")
            && !csv.contains("PASSED"),
        "{csv}"
    );
    let (ok, _, out, err) = run(&["floor-audit", "--floor", url]);
    assert!(ok, "{out}{err}");
    let (code, json, err) = floor_report_json(url, "summary");
    assert_eq!(code, Some(0), "{err}");
    for d in json["databases"].as_array().unwrap() {
        assert_eq!(d["verify"]["verdict"], "passed", "{d}");
    }
}

/// SIGKILL of a sync at random moments, many times: after each, the floor holds a
/// gapless prefix of the file, each event once; the last sync completes it.
#[test]
fn a_sync_killed_at_random_moments_leaves_no_event_missing_or_doubled() {
    let Some(base) = server("kills") else { return };
    let url = fresh_floor(&base, "kills");
    let db = demo_file("kills", 4000, 7, 0);
    let d = db.to_str().unwrap();
    let kills: usize = std::env::var("CROUPIER_FLOOR_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12);
    let mut seed = 0x9e37_79b9_u64;
    let mut cut_short = 0;
    for _ in 0..kills {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mut child = Command::new(env!("CARGO_BIN_EXE_croupier"))
            .args(["sync", "--db", d, "--floor", &url])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(seed % 400));
        if child.try_wait().unwrap().is_none() {
            cut_short += 1;
        }
        let _ = child.kill();
        let _ = child.wait();
        // One snapshot: a killed sync's last call may still be committing on the
        // server (it finishes or not as a whole). A sync killed before its first
        // connection had made the schema (one transaction) left nothing at all.
        let mut c = client(&url);
        let made: Option<String> = c
            .query_one("SELECT to_regclass('croupier.events')::text", &[])
            .unwrap()
            .get(0);
        if made.is_none() {
            continue;
        }
        let r = c
            .query_one(
                "SELECT count(*), count(DISTINCT (tab, seq)), coalesce(max(seq), 0)::int8,
                        coalesce((SELECT max(head_seq) FROM croupier.tables), 0)
                   FROM croupier.events",
                &[],
            )
            .unwrap();
        let (n, distinct, max, head): (i64, i64, i64, i64) =
            (r.get(0), r.get(1), r.get(2), r.get(3));
        assert_eq!(
            (n, distinct),
            (max, max),
            "a gapless prefix, each event once"
        );
        // The floor's head is its last event.
        assert_eq!(head, max);
        if max == last_seq(&db) {
            // Complete: the last sync below has nothing left to do.
            break;
        }
    }
    eprintln!("{cut_short} of the syncs were killed mid-way");
    assert!(run(&["sync", "--db", d, "--floor", &url]).0);
    let n = last_seq(&db);
    assert_eq!(floor_counts(&url), (n, n, n));
    assert!(audited_verify(d, &url).0);
}

#[test]
fn two_syncs_of_one_table_at_once_leave_one_copy() {
    let Some(base) = server("two") else { return };
    let url = fresh_floor(&base, "two");
    let db = demo_file("two", 2000, 8, 0);
    let d = db.to_str().unwrap();
    let spawn = || {
        Command::new(env!("CARGO_BIN_EXE_croupier"))
            .args(["sync", "--db", d, "--floor", &url])
            .output()
            .unwrap()
    };
    let (x, y) = std::thread::scope(|s| {
        let a = s.spawn(spawn);
        let b = s.spawn(spawn);
        (a.join().unwrap(), b.join().unwrap())
    });
    assert!(x.status.success(), "{}", String::from_utf8_lossy(&x.stderr));
    assert!(y.status.success(), "{}", String::from_utf8_lossy(&y.stderr));
    let n = last_seq(&db);
    assert_eq!(floor_counts(&url), (n, n, n));
    assert!(alarms(&url).is_empty());
}

/// A private server, stopped and started again by the test (the shared one stays up).
struct Private {
    url: String,
    dir: String,
}

impl Private {
    fn start() -> Private {
        let out = Command::new(script()).arg("start").output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let line = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let (url, dir) = line.split_once(' ').unwrap();
        Private {
            url: url.into(),
            dir: dir.into(),
        }
    }
    fn ctl(&self, what: &str) {
        let out = Command::new(script())
            .args([what, &self.dir])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{what}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

impl Drop for Private {
    fn drop(&mut self) {
        let _ = Command::new(script()).args(["stop", &self.dir]).output();
    }
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pg-throwaway.sh")
}

/// Waits (90 s at most) for the following auditor's hourly walk to record table database
/// 1's chain broken, after the test aged its last walk's start and changed the chain: a
/// walk recorded whole after that (its start within the hour) is the bug itself — a walk
/// that read the head as the pass had before the change (CI once saw that: the walk
/// re-reads the head when it starts).
fn wait_for_a_walk_to_break(url: &str) {
    wait_until("the auditor's hourly walk", Duration::from_secs(90), || {
        let r = client(url)
            .query_one(
                "SELECT broken, walked_at > now() - interval '1 hour' FROM croupier.chain_checked
                  WHERE tab = 1",
                &[],
            )
            .unwrap();
        let (broken, fresh): (Option<i64>, Option<bool>) = (r.get(0), r.get(1));
        assert!(
            broken.is_some() || fresh != Some(true),
            "a walk after the change recorded the chain whole"
        );
        broken.is_some()
    });
}

/// `croupier floor-audit --floor URL --follow` started with `env` set, its output into
/// files in a fresh folder named `name`; killed when dropped, so a test that fails an
/// assertion while it runs leaves no auditor behind.
fn following_auditor(url: &str, name: &str, env: &[(&str, &str)]) -> Following {
    let dir = common::fresh_dir(name);
    Following(
        Command::new(env!("CARGO_BIN_EXE_croupier"))
            .args(["floor-audit", "--floor", url, "--follow"])
            .envs(env.iter().copied())
            .stdout(std::fs::File::create(dir.join("stdout")).unwrap())
            .stderr(std::fs::File::create(dir.join("stderr")).unwrap())
            .spawn()
            .unwrap(),
    )
}

/// A child process (a following auditor) killed and reaped when dropped, a panic's
/// unwinding included.
struct Following(std::process::Child);

impl Following {
    /// Kills the child and waits for it (what dropping it does, said where it matters).
    fn stop(mut self) {
        self.0.kill().unwrap();
        self.0.wait().unwrap();
    }

    fn try_wait(&mut self) -> std::io::Result<Option<std::process::ExitStatus>> {
        self.0.try_wait()
    }
}

impl Drop for Following {
    fn drop(&mut self) {
        // Already stopped (`stop`, or it exited): nothing to do.
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

fn wait_until(what: &str, limit: Duration, mut f: impl FnMut() -> bool) {
    let t = Instant::now();
    while !f() {
        assert!(t.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The server goes down (as a crash would: mid-batch) while a table deals and a
/// following sync runs: the table keeps dealing, the link says unreachable, and once the
/// server is back the floor catches up, each event once.
/// Issue 21: `floor-audit --follow`, a child process. It replays what the floor holds,
/// picks up events synced after it started (its verdict moves, and the floor's with it),
/// and when the floor goes away it says so on stderr, tries again with backoff, and
/// replays on once the floor is back; it never exits by itself.
#[test]
fn a_following_auditor_picks_up_new_events_and_survives_a_lost_floor() {
    if server("follow-audit").is_none() {
        return;
    }
    let pg = Private::start();
    let files = [31, 32, 33].map(|n| demo_file(&format!("follow-{n}"), 20, n as u64, n));
    let sync = |f: &Path| {
        let (ok, _, out, err) = run(&["sync", "--db", f.to_str().unwrap(), "--floor", &pg.url]);
        assert!(ok, "{out}{err}");
    };
    sync(&files[0]);
    let dir = common::fresh_dir("follow-audit");
    let (out, err) = (dir.join("stdout"), dir.join("stderr"));
    let mut child = Following(
        Command::new(env!("CARGO_BIN_EXE_croupier"))
            .args(["floor-audit", "--floor", &pg.url, "--follow"])
            .stdout(std::fs::File::create(&out).unwrap())
            .stderr(std::fs::File::create(&err).unwrap())
            .spawn()
            .unwrap(),
    );
    let said = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    let replayed = |f: &Path| {
        let n = last_seq(f);
        let want = format!("replayed through event {n} of {n}; no mismatch");
        wait_until(&want, Duration::from_secs(90), || {
            said(&out).contains(&want)
        });
    };
    replayed(&files[0]);
    // Synced after it started: picked up, and the floor's verdict moves to PASSED.
    sync(&files[1]);
    replayed(&files[1]);
    let (ok, _, o, e) = run(&[
        "verify",
        "--db",
        files[1].to_str().unwrap(),
        "--floor",
        &pg.url,
    ]);
    assert!(ok, "{o}{e}");
    // The floor goes away: said, tried again, and the auditor is still there.
    pg.ctl("down");
    wait_until("the auditor to say so", Duration::from_secs(60), || {
        said(&err).contains("floor-audit: lost the floor")
    });
    std::thread::sleep(Duration::from_secs(3));
    assert!(child.try_wait().unwrap().is_none(), "{}", said(&err));
    pg.ctl("up");
    wait_until(
        "the auditor to connect again",
        Duration::from_secs(90),
        || said(&err).contains("connected to the floor"),
    );
    sync(&files[2]);
    replayed(&files[2]);
    assert!(child.try_wait().unwrap().is_none(), "{}", said(&err));
    child.stop();
}

#[test]
fn the_table_keeps_dealing_while_the_floor_is_down_and_it_catches_up() {
    if server("down").is_none() {
        return;
    }
    let pg = Private::start();
    let dir = common::fresh_dir("down");
    let db = dir.join("live.db");
    let d = db.to_str().unwrap();
    // A table that deals, input after durable input.
    let mut table = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(["live-play", "--db", d, "--rounds", "400", "--seed", "9"])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    wait_until("the table's first events", Duration::from_secs(30), || {
        db.exists() && Store::open_read(&db).is_ok_and(|s| s.last_seq().unwrap_or(0) > 50)
    });
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let states = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let follower = {
        let (stop, states, db, url) = (stop.clone(), states.clone(), db.clone(), pg.url.clone());
        std::thread::spawn(move || {
            floor::follow(&db, &url, &stop, |s| states.lock().unwrap().push(s.clone()))
        })
    };
    wait_until(
        "the floor to receive events",
        Duration::from_secs(30),
        || Floor::connect(&pg.url).is_ok() && floor_counts(&pg.url).0 > 0,
    );
    pg.ctl("down");
    let during = last_seq(&db);
    wait_until(
        "the table to deal on with the floor down",
        Duration::from_secs(60),
        || last_seq(&db) > during + 200 || table.try_wait().unwrap().is_some(),
    );
    wait_until(
        "the link to say unreachable",
        Duration::from_secs(30),
        || {
            states
                .lock()
                .unwrap()
                .iter()
                .any(|s| matches!(s, floor::LinkState::Unreachable { .. }))
        },
    );
    pg.ctl("up");
    let status = table.wait().unwrap();
    assert!(status.success(), "the table finished its rounds");
    let n = last_seq(&db);
    wait_until("the floor to catch up", Duration::from_secs(120), || {
        floor_counts(&pg.url) == (n, n, n)
    });
    stop.store(true, Ordering::Relaxed);
    follower.join().unwrap().unwrap();
    assert!(matches!(
        states.lock().unwrap().last(),
        Some(floor::LinkState::InSync { .. })
    ));
    assert!(audited_verify(d, &pg.url).0);
}

/// The server crashes (`pg_ctl stop -m immediate`) while a batch is inside its
/// transaction — seen running as `croupier.ingest` in `pg_stat_activity` — so the crash
/// lands mid-batch, not between batches. After the restart the floor holds a gapless
/// prefix of the file, each event once, its head and settlement figures agreeing with its
/// events (the cut batch undone as a whole); the next sync completes it.
#[test]
fn a_server_crash_inside_a_batch_leaves_no_event_missing_or_doubled() {
    if server("crash").is_none() {
        return;
    }
    let pg = Private::start();
    // Several batches, so that a batch is in flight for most of the sync.
    let db = demo_file("crash", 5000, 13, 0);
    let d = db.to_str().unwrap();
    let n = last_seq(&db);
    let mut watch = client(&pg.url);
    let sync = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(["sync", "--db", d, "--floor", &pg.url])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for a batch in flight after one committed: the floor's prefix is then not
    // empty, and the crash cuts the next batch.
    let t = Instant::now();
    let mut committed = 0;
    let in_flight = loop {
        let active: i64 = watch
            .query_one(
                "SELECT count(*) FROM pg_stat_activity
                  WHERE state = 'active' AND query LIKE '%croupier.ingest(%'
                    AND pid <> pg_backend_pid()",
                &[],
            )
            .unwrap()
            .get(0);
        if active > 0 {
            // The migration's own text names `croupier.ingest(` too, so the tables may not
            // exist yet: until they do, nothing is committed.
            committed = watch
                .query_one(
                    "SELECT coalesce(max(head_seq), 0) FROM croupier.tables",
                    &[],
                )
                .map_or(0, |r| r.get(0));
            if committed > 0 {
                break true;
            }
        }
        if t.elapsed() > Duration::from_secs(120) {
            break false;
        }
    };
    assert!(in_flight, "an ingest call was seen in flight");
    pg.ctl("down");
    drop(watch);
    let out = sync.wait_with_output().unwrap();
    assert!(
        !out.status.success(),
        "the sync whose server crashed under it says so"
    );
    pg.ctl("up");
    let r = client(&pg.url)
        .query_one(
            "SELECT count(*), count(DISTINCT seq), coalesce(max(seq), 0)::int8,
                    coalesce((SELECT max(head_seq) FROM croupier.tables), 0),
                    count(*) FILTER (WHERE kind = 15),
                    (SELECT count(*) FROM croupier.rounds)
               FROM croupier.events",
            &[],
        )
        .unwrap();
    let (count, distinct, max, head, settled, rounds): (i64, i64, i64, i64, i64, i64) =
        (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5));
    assert_eq!(
        (count, distinct),
        (max, max),
        "a gapless prefix, each event once"
    );
    assert!(
        committed <= max && max < n,
        "the crash cut the sync short after a batch ({committed} <= {max} < {n})"
    );
    eprintln!("the crash left {max} of {n} events on the floor");
    assert_eq!(head, max, "the floor's head is its last event");
    assert_eq!(settled, rounds, "each settlement's figures with its event");
    let (ok, _, _, err) = run(&["sync", "--db", d, "--floor", &pg.url]);
    assert!(ok, "{err}");
    assert_eq!(floor_counts(&pg.url), (n, n, n));
    assert!(alarms(&pg.url).is_empty(), "{:?}", alarms(&pg.url));
    assert!(audited_verify(d, &pg.url).0);
}

#[test]
fn a_wrong_password_or_an_unreachable_host_is_a_clear_message() {
    let Some(base) = server("refused-login") else {
        return;
    };
    let db = demo_file("login", 20, 2, 0);
    let d = db.to_str().unwrap();
    let before = std::fs::read(&db).unwrap();
    let hostport = base.split('@').nth(1).unwrap().split('/').next().unwrap();
    let wrong = format!("postgresql://croupier_pw:wrong@{hostport}/postgres");
    let (ok, code, _, err) = run(&["sync", "--db", d, "--floor", &wrong]);
    assert!(!ok && code == Some(2));
    assert!(err.contains("password authentication failed"), "{err}");
    assert!(
        err.contains("croupier_pw@") && !err.contains("wrong"),
        "no password shown: {err}"
    );
    assert!(err.contains("The table is unaffected"), "{err}");
    let (ok, _, _, err) = run(&[
        "sync",
        "--db",
        d,
        "--floor",
        "postgresql://x@127.0.0.1:1/floor",
    ]);
    assert!(!ok && err.contains("cannot connect"), "{err}");
    let (ok, _, _, err) = run(&["sync", "--db", d, "--floor", "not a url"]);
    assert!(
        !ok && err.contains("expected a PostgreSQL connection string"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&db).unwrap(),
        before,
        "the table's file untouched"
    );
    // The right password works.
    let right = format!("postgresql://croupier_pw:right@{hostport}/postgres");
    let url = fresh_floor(&base, "login");
    let right_db = right.replace("/postgres", &url[url.rfind('/').unwrap()..]);
    assert!(run(&["sync", "--db", d, "--floor", &right_db]).0);
}

/// The dealer screen with `--floor`: the top bar shows the link (in sync once the floor
/// holds the file; unreachable for a floor that is not there), and a supervisor opens the
/// Floor window: every table database and today's win rate per table.
#[test]
fn the_dealer_screen_shows_the_link_and_a_supervisor_opens_the_floor() {
    use croupier::session::users::{self, Role};
    use croupier::ui::DealerApp;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    let Some(base) = server("screen") else { return };
    let url = fresh_floor(&base, "screen");
    let dir = common::fresh_dir("screen");
    let db = dir.join("table.db");
    {
        let mut store = Store::open(&db).unwrap();
        users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
    }
    // Another table already on the floor, so the window has a day's figures to show.
    let other = demo_file("screen-other", 50, 4, 0);
    assert!(run(&["sync", "--db", other.to_str().unwrap(), "--floor", &url]).0);
    let app = DealerApp::open(db.clone()).with_floor(Some(url.clone()));
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut DealerApp| app.ui(ui), app);
    let n = last_seq(&db);
    let want = format!("floor: in sync (event {n})");
    wait_until(
        "the link in sync on screen",
        Duration::from_secs(30),
        || {
            h.run_steps(2);
            h.query_by_label(&want).is_some()
        },
    );
    // A supervisor logs in: the Floor button opens the floor view.
    h.get_by_label("Name").click();
    h.run_steps(2);
    h.get_by_label("Name").type_text("Irena Dvorak");
    h.get_by_label("PIN").click();
    h.run_steps(2);
    h.get_by_label("PIN").type_text("900000");
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    h.get_by_label("Floor").click();
    h.run_steps(2);
    wait_until("the floor view's figures", Duration::from_secs(30), || {
        h.run_steps(2);
        h.query_by_label("Today's win rate per table").is_some()
            && h.query_by_label(other.to_str().unwrap()).is_some()
            && h.query_by_label(db.to_str().unwrap()).is_some()
    });
    assert!(
        h.query_by_label_contains("on the floor not acknowledged")
            .is_none()
    );
    // Two alarms, one of them acknowledged (by the auditor's login: the owner raised
    // them): the window counts the one that stands.
    let (ok, _, out, err) = run(&["floor-init", "--floor", &url]);
    assert!(ok, "{out}{err}");
    client(&url)
        .batch_execute(&format!(
            "SELECT croupier.raise_alarm(db, 2, NULL, NULL, 'screen ' || tab) FROM croupier.tables;
             CREATE ROLE aud_screen_{0} LOGIN IN ROLE croupier_auditor",
            std::process::id()
        ))
        .unwrap();
    let auditor = as_role(&url, &format!("aud_screen_{}", std::process::id()));
    let first: i64 = client(&url)
        .query_one("SELECT min(id) FROM croupier.alarms", &[])
        .unwrap()
        .get(0);
    let n = first.to_string();
    let (ok, _, out, err) = run(&[
        "floor-alarms",
        "--floor",
        &auditor,
        "--ack",
        &n,
        "--why",
        "seen",
    ]);
    assert!(ok, "{out}{err}");
    wait_until(
        "the standing alarm counted",
        Duration::from_secs(60),
        || {
            h.run_steps(2);
            h.query_by_label_contains("1 alarm on the floor not acknowledged")
                .is_some()
        },
    );
    // A floor that is not there: the screen says so; the table is unaffected.
    let db2 = dir.join("lonely.db");
    let app = DealerApp::open(db2).with_floor(Some("postgresql://x@127.0.0.1:1/floor".into()));
    wait_until("unreachable on screen", Duration::from_secs(30), || {
        app.floor_state()
            .is_some_and(|s| s.starts_with("floor unreachable since"))
    });
}

/// TLS to the floor: with `sslmode=verify-full&sslrootcert=CA` a table syncs and verifies
/// over TLS (the role `croupier_tls` is refused in clear by the server, so its sync
/// succeeding shows the link was encrypted); a CA that did not sign the server's
/// certificate, a host the certificate does not name, `sslmode=require` (no check of who
/// the server is) and a missing CA file are each refused with what to do, nothing sent
/// and the table's file untouched.
#[test]
fn a_floor_over_tls_is_checked_against_its_ca() {
    let Some(base) = server("tls") else { return };
    let Some(ca) = std::env::var("CROUPIER_TEST_FLOOR_CA")
        .ok()
        .filter(|c| !c.is_empty())
    else {
        if std::env::var_os("CI").is_some() {
            panic!("tls: CI must give the server's CA in CROUPIER_TEST_FLOOR_CA (.ci/run does)");
        }
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED tls: no CA for the server; run `scripts/pg-throwaway.sh run cargo test --test floor` (or set CROUPIER_TEST_FLOOR_CA)"
        );
        return;
    };
    let other_ca = Path::new(&ca).with_file_name("other-ca.pem");
    let url = fresh_floor(&base, "tls");
    let name = &url[url.rfind('/').unwrap() + 1..];
    client(&base)
        .batch_execute(&format!("ALTER DATABASE {name} OWNER TO croupier_tls"))
        .unwrap();
    let hostport = base.split('@').nth(1).unwrap().split('/').next().unwrap();
    let port = hostport.rsplit(':').next().unwrap();
    let at =
        |host: &str, query: &str| format!("postgresql://croupier_tls@{host}:{port}/{name}?{query}");
    let db = demo_file("tls", 30, 4, 0);
    let d = db.to_str().unwrap();
    let before = std::fs::read(&db).unwrap();
    let sync = |floor: &str| run(&["sync", "--db", d, "--floor", floor]);

    // In clear: the server refuses this role (so what follows went over TLS).
    let (ok, _, _, err) = sync(&at("127.0.0.1", "sslmode=disable"));
    assert!(!ok && err.contains("no encryption"), "{err}");
    // The floor's certificate signed by another CA: refused before anything is sent.
    let (ok, code, _, err) = sync(&at(
        "127.0.0.1",
        &format!("sslmode=verify-full&sslrootcert={}", other_ca.display()),
    ));
    assert!(!ok && code == Some(2), "{err}");
    assert!(
        err.contains("certificate was refused") && err.contains("other-ca.pem"),
        "{err}"
    );
    // A host name the certificate does not name (it names 127.0.0.1 and localhost),
    // reached at the right address.
    let (ok, _, _, err) = sync(&at(
        "floor.example",
        &format!("hostaddr=127.0.0.1&sslmode=verify-full&sslrootcert={ca}"),
    ));
    assert!(!ok && err.contains("certificate was refused"), "{err}");
    // Encrypted but unchecked, a CA file that is not there, a CA with no mode: refused
    // with the form that works.
    let (ok, _, _, err) = sync(&at("127.0.0.1", "sslmode=require"));
    assert!(
        !ok && err.contains("sslmode=verify-full&sslrootcert=FILE"),
        "{err}"
    );
    let (ok, _, _, err) = sync(&at(
        "127.0.0.1",
        "sslmode=verify-full&sslrootcert=/nonexistent/ca.pem",
    ));
    assert!(
        !ok && err.contains("cannot read the floor's CA certificate /nonexistent/ca.pem"),
        "{err}"
    );
    let (ok, _, _, err) = sync(&at("127.0.0.1", &format!("sslrootcert={ca}")));
    assert!(
        !ok && err.contains("goes with sslmode=verify-full"),
        "{err}"
    );
    let untouched: bool = client(&url)
        .query_one("SELECT to_regclass('croupier.events') IS NULL", &[])
        .unwrap()
        .get(0);
    assert!(untouched, "no refused link so much as set the floor up");
    assert_eq!(
        std::fs::read(&db).unwrap(),
        before,
        "the table's file untouched"
    );

    // The floor's own CA, by address and by name: synced and verified over TLS.
    let good = at(
        "127.0.0.1",
        &format!("sslmode=verify-full&sslrootcert={ca}"),
    );
    let (ok, _, out, err) = sync(&good);
    assert!(ok, "{out}{err}");
    assert_eq!(floor_counts(&url).0, last_seq(&db));
    let by_name = at(
        "localhost",
        &format!("sslmode=verify-full&sslrootcert={ca}"),
    );
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &by_name]);
    assert!(ok, "{out}{err}");
    let (ok, _, out, err) = run(&["verify", "--db", d, "--floor", &by_name]);
    assert!(ok && out.contains("matches the floor"), "{out}{err}");
}

/// Schema 7's `money` events on the floor: a table's chip set, counts, slips, cash and a
/// drop sync like any other event, `verify --floor` matches, the auditor replays them
/// through the same `Replayer` without an alarm, and the close-out from the floor equals
/// the file's.
#[test]
fn money_events_sync_audit_and_close_out_alike_on_the_floor() {
    use croupier::session::money::Moment;
    use croupier::session::money_log::{self, DropInput, Signers};
    use croupier::session::users::login;
    let Some(base) = server("money") else {
        return;
    };
    let url = fresh_floor(&base, "money");
    let (ok, _, out, err) = run(&["floor-init", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let f = demo_file("money", 40, 11, 0);
    {
        let mut store = Store::open(&f).unwrap();
        let sup = login(&mut store, "Petr Novak", "800100", None).unwrap();
        let jana = login(&mut store, "Jana Svoboda", "1001", None).unwrap();
        let set = croupier::session::chips::ChipSet::parse("25 100 500").unwrap();
        money_log::set_chip_set(&mut store, &set, &sup).unwrap();
        let s = Signers {
            by: &jana,
            witness: &sup,
        };
        money_log::count(&mut store, "Pontoon 1", Moment::Opening, "500:20 100:5", s).unwrap();
        money_log::slip(&mut store, "Pontoon 1", true, "500:2", s).unwrap();
        money_log::count(&mut store, "Pontoon 1", Moment::Closing, "500:22 100:5", s).unwrap();
        let day = chrono::NaiveDate::from_ymd_opt(2026, 1, 5).unwrap();
        let d = DropInput {
            table: "Pontoon 1".into(),
            day,
            shift: 1,
            amount: Money::units(300),
        };
        money_log::drops(&mut store, &[d], s).unwrap();
    }
    let d = f.to_str().unwrap();
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok, "{out}{err}");
    // The floor's owner may run the auditor too; until it has replayed the money
    // events, the floor's verdict is NOT YET REPLAYED (issue 21).
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    assert!(alarms(&url).is_empty(), "{:?}", alarms(&url));
    let (ok, _, out, err) = run(&["verify", "--db", d, "--floor", &url]);
    assert!(ok && out.contains("matches the floor"), "{out}{err}");
    let stores = [Store::open_read(&f).unwrap()];
    let o = Options {
        kind: Kind::Closeout,
        // From the drop's day to today (the counts were made now).
        period: Period::parse("2026-01-01", &chrono::Utc::now().date_naive().to_string()).unwrap(),
        table: None,
        dealer: None,
        threshold: Money::units(1000),
        verify: false,
        generated_by: "test",
        generated_at: "now",
    };
    let files = report::build(&stores, &o, |_| {}).unwrap();
    let mut src = FloorSource::open(Floor::connect(&url).unwrap()).unwrap();
    let from_floor = report::build_from(&mut src, &o, |_| {}).unwrap();
    assert_eq!(files.sections, from_floor.sections);
    // The counted stretch (today) and the drop's shift.
    assert_eq!(files.sections[0].rows.len(), 2, "{:?}", files.sections);
}

/// Refusals logged before codes were (a schema 3 file) read the same from the floor as
/// from the file in Czech: the floor derives their codes by replaying the table's events
/// as the file's source does, instead of showing the English reason "as logged".
#[test]
fn old_refusals_read_alike_from_the_floor_and_the_file_in_czech() {
    let Some(base) = server("old refusals") else {
        return;
    };
    let url = fresh_floor(&base, "oldrefusals");
    let old = common::fresh_dir("floor-old-refusals").join("old.db");
    rusqlite::Connection::open(&old)
        .unwrap()
        .execute_batch(include_str!("fixtures/schema3-demo.sql"))
        .unwrap();
    drop(croupier::session::open::open(&old).unwrap());
    let (ok, _, _, err) = run(&["sync", "--db", old.to_str().unwrap(), "--floor", &url]);
    assert!(ok, "{err}");
    let o = Options {
        threshold: Money::units(400),
        generated_at: "2026-02-01 00:00:00 UTC",
        ..common::options(Kind::Exceptions, "2026-01-05", "2026-01-06")
    };
    let store = Store::open_read(&old).unwrap();
    let files = report::build(std::slice::from_ref(&store), &o, |_| {}).unwrap();
    let mut src = FloorSource::open(Floor::connect(&url).unwrap()).unwrap();
    let mut from_floor = report::build_from(&mut src, &o, |_| {}).unwrap();
    from_floor.sources = files.sources.clone();
    let cs = report::Style::of(croupier::i18n::Lang::Cs);
    let (file_html, floor_html) = (
        report::render_html_in(&files, &cs),
        report::render_html_in(&from_floor, &cs),
    );
    let why = croupier::t!(croupier::i18n::Lang::Cs, "error-card-not-wanted");
    assert!(file_html.contains(&why), "{file_html}");
    assert_eq!(floor_html, file_html);
}

/// A clock a second on at each reading: a table dealing in real time.
struct Ticking(std::sync::atomic::AtomicI64);

impl Clock for Ticking {
    fn now_ms(&self) -> i64 {
        self.0.fetch_add(1_000, Ordering::SeqCst)
    }
}

/// `rounds` more rounds dealt at `path` from `at` (ms), then a round of `void` voided and
/// one of `correct` corrected with its own inputs by the dealer (an admin), and synced.
fn deal_and_sync(url: &str, path: &Path, at: i64, rounds: u64, void: i64, correct: i64) {
    use croupier::session::{exceptions, replay, users};
    let clock = Ticking(std::sync::atomic::AtomicI64::new(at));
    let mut table = Store::open_with(path, Box::new(clock)).unwrap();
    demo::live_play(&mut table, at as u64 % 97, rounds, |_| {}).unwrap();
    let by = users::login(&mut table, "Jana Svoboda", "100100", None).unwrap();
    let ids = |t: &Store| -> Vec<i64> {
        let mut st = t
            .conn()
            .prepare("SELECT round_id FROM round_figures ORDER BY round_id")
            .unwrap();
        st.query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let ids = ids(&table);
    let pick = |i: i64| ids[i.rem_euclid(ids.len() as i64) as usize];
    exceptions::void_round(&mut table, &by, pick(void), "dispute upheld").unwrap();
    let steps = replay::export_round(&table, pick(correct)).unwrap().0.steps;
    exceptions::correct_round(&mut table, &by, pick(correct), steps, "re-entered").unwrap();
    drop(table);
    let (ok, _, _, err) = run(&["sync", "--db", path.to_str().unwrap(), "--floor", url]);
    assert!(ok, "{err}");
}

/// A new table database at `path`, created at `at` (ms) with the admin `live_play` deals
/// as, its gaming day Prague's (shifts at 06:00 14:00 22:00).
fn prague_table(path: &Path, at: i64) {
    calendar_table(path, at, "Europe/Prague", "06:00 14:00 22:00");
}

/// A new table database at `path`, created at `at` (ms) with the admin `live_play` deals
/// as, its calendar time zone `tz`'s with the shifts starting at `shifts`.
fn calendar_table(path: &Path, at: i64, tz: &str, shifts: &str) {
    use croupier::session::{calendar::Calendar, settings, users};
    let clock = Ticking(std::sync::atomic::AtomicI64::new(at));
    let mut table = Store::open_with(path, Box::new(clock)).unwrap();
    let admin = users::add_user(
        &mut table,
        "Jana Svoboda",
        users::Role::Admin,
        "100100",
        None,
    )
    .unwrap();
    let cal = Calendar::new(tz, shifts).unwrap();
    assert!(settings::set_calendar(&mut table, &cal, &admin).unwrap());
}

/// `rounds` rounds played at `path` from `at` (no void, no correction: the last event is
/// the last round's), synced to the floor at `url`.
fn play_and_sync(url: &str, path: &Path, at: i64, rounds: u64) {
    let clock = Ticking(std::sync::atomic::AtomicI64::new(at));
    let mut table = Store::open_with(path, Box::new(clock)).unwrap();
    demo::live_play(&mut table, at as u64 % 97, rounds, |_| {}).unwrap();
    drop(table);
    let (ok, _, _, err) = run(&["sync", "--db", path.to_str().unwrap(), "--floor", url]);
    assert!(ok, "{err}");
}

/// Issue 25: a streamed floor report certifies exactly what it read. The table deals on,
/// voids and corrects, and syncs while the report is written (after its frame, before its
/// rows, pages of 7): the report is, in JSON and as read in, the held report of the floor
/// as it stood at the heads its footer records.
#[test]
fn a_streamed_floor_report_reads_nothing_past_its_heads() {
    let Some(base) = server("stream heads") else {
        return;
    };
    let url = fresh_floor(&base, "streamheads");
    let dir = common::fresh_dir("floor-stream-heads");
    for (i, kind) in [Kind::Rounds, Kind::Exceptions].into_iter().enumerate() {
        let path = dir.join(format!("t{i}.db"));
        deal_and_sync(&url, &path, 1_767_600_000_000 + i as i64, 60, 3, 5);
        let o = Options {
            threshold: Money::units(300),
            generated_at: "2026-02-01 00:00:00 UTC",
            ..common::options(kind, "2026-01-01", "2026-12-31")
        };
        let open = || FloorSource::open(Floor::connect(&url).unwrap()).unwrap();
        let held = report::build_reading_every_round(&mut open(), &o, |_| {}).unwrap();
        let mut src = open();
        let mut s = report::stream_paged(&mut src, &o, 7, |_| {}).unwrap();
        // An hour later: 30 rounds more, an old round voided and a new one corrected.
        deal_and_sync(&url, &path, 1_767_603_600_000, 30, 10, -2);
        let mut json = Vec::new();
        s.write_json(&mut src, &mut json).unwrap();
        let expected = serde_json::to_string_pretty(&report::render_json(&held)).unwrap() + "\n";
        assert!(
            expected == String::from_utf8(json).unwrap(),
            "{kind:?}: the streamed JSON is not the held report at its heads"
        );
        assert_eq!(s.into_report(&mut src).unwrap(), held, "{kind:?} read in");
        // The test tells: the floor as it is now makes another report.
        let now = report::build_reading_every_round(&mut open(), &o, |_| {}).unwrap();
        assert_ne!(
            report::render_json(&now)["sections"],
            report::render_json(&held)["sections"],
            "{kind:?}: the floor did not change"
        );
    }
}

/// A held, verified floor report whose table syncs after the report opened the floor
/// (its heads read) and before its footer: the footer judges the head read with its
/// checks, so the settlements synced since are not yet replayed (not rounds "past the
/// head", FAILED, as they were judged against the head read at open), and the head it
/// names (the events it counts) is the one it judged; unverified, the footer names the
/// head as it stands then too; once the auditor has replayed them, PASSED.
#[test]
fn a_floor_report_judges_the_head_it_reads_with_its_checks() {
    let Some(base) = server("footer heads") else {
        return;
    };
    let url = fresh_floor(&base, "footerheads");
    let path = common::fresh_dir("floor-footer-heads").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 40, 3, 5);
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let o = Options {
        threshold: Money::units(300),
        verify: true,
        generated_at: "2026-02-01 00:00:00 UTC",
        ..common::options(Kind::Summary, "2026-01-01", "2026-12-31")
    };
    let open = || FloorSource::open(Floor::connect(&url).unwrap()).unwrap();
    let (mut src, mut unchecked) = (open(), open());
    let before = src.databases()[0].2;
    // An hour later, before the report is built from `src`: 20 rounds more.
    deal_and_sync(&url, &path, 1_767_603_600_000, 20, 2, -1);
    let head: i64 = client(&url)
        .query_one("SELECT head_seq::int8 FROM croupier.tables", &[])
        .unwrap()
        .get(0);
    assert!(head > before, "{head} {before}");
    let r = report::build_from(&mut src, &o, |_| {}).unwrap();
    let s = &r.sources[0];
    let Some(Verified::NotReplayed {
        through, events, ..
    }) = &s.verified
    else {
        panic!("{:?}", s.verified)
    };
    assert_eq!((*through, *events), (before, head));
    // Not verified, the footer names the head as it stands when the footer is read too.
    let o = Options { verify: false, ..o };
    let r = report::build_from(&mut unchecked, &o, |_| {}).unwrap();
    let j = report::render_json(&r);
    let sources = j["databases"].as_array().unwrap();
    assert_eq!(sources[0]["chain_head"]["seq"], head, "{sources:?}");
    let o = Options { verify: true, ..o };
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let r = report::build_from(&mut open(), &o, |_| {}).unwrap();
    assert!(
        matches!(r.sources[0].verified, Some(Verified::Passed(_))),
        "{:?}",
        r.sources[0].verified
    );
}

/// Floor schema 17: a fault of the server's inside `ingest`'s insert (here a lock it may
/// not wait for: `lock_timeout` while the owner holds `croupier.rounds`) aborts the call:
/// nothing of the batch is taken and nothing is alarmed (it was refused and alarmed as if
/// the events were at fault, and the table read FAILED until someone cleared it); the
/// sync fails as for an unreachable floor, and once the server can, takes it all, and the
/// table passes.
#[test]
fn a_fault_of_the_servers_inside_ingest_is_retried_not_refused() {
    let Some(base) = server("server fault") else {
        return;
    };
    let url = fresh_floor(&base, "serverfault");
    let path = common::fresh_dir("floor-server-fault").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 20, 1, 2);
    let head = |c: &mut postgres::Client| -> i64 {
        c.query_one("SELECT head_seq::int8 FROM croupier.tables", &[])
            .unwrap()
            .get(0)
    };
    let before = head(&mut client(&url));
    {
        let clock = Ticking(std::sync::atomic::AtomicI64::new(1_767_603_600_000));
        let mut table = Store::open_with(&path, Box::new(clock)).unwrap();
        demo::live_play(&mut table, 5, 10, |_| {}).unwrap();
    }
    let mut owner = client(&url);
    let db: String = owner
        .query_one("SELECT current_database()::text", &[])
        .unwrap()
        .get(0);
    owner
        .batch_execute(&format!(
            "ALTER DATABASE \"{db}\" SET lock_timeout = '300ms'"
        ))
        .unwrap();
    let mut held = owner.transaction().unwrap();
    held.batch_execute("LOCK TABLE croupier.rounds IN ACCESS EXCLUSIVE MODE")
        .unwrap();
    let (ok, _, out, err) = run(&["sync", "--db", path.to_str().unwrap(), "--floor", &url]);
    assert!(!ok, "{out}{err}");
    assert!(err.contains("lock"), "{out}{err}");
    let mut look = client(&url);
    assert_eq!(head(&mut look), before, "nothing taken");
    let alarms: i64 = look
        .query_one("SELECT count(*) FROM croupier.alarms", &[])
        .unwrap()
        .get(0);
    assert_eq!(alarms, 0, "nothing alarmed: {out}{err}");
    held.rollback().unwrap();
    owner
        .batch_execute(&format!("ALTER DATABASE \"{db}\" RESET lock_timeout"))
        .unwrap();
    let (ok, _, out, err) = run(&["sync", "--db", path.to_str().unwrap(), "--floor", &url]);
    assert!(ok, "{out}{err}");
    let now = head(&mut client(&url));
    assert!(now > before);
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let (ok, _, out, err) = run(&["verify", "--db", path.to_str().unwrap(), "--floor", &url]);
    let replayed = format!("replayed through event {now} of {now}");
    assert!(ok && out.contains(&replayed), "{out}{err}");
}

/// Floor schema 9: two syncs that make the same new month's partition at the same moment
/// both go on. The second `CREATE TABLE` waits for the first's transaction, then fails
/// on the catalog's unique index (SQLSTATE 23505), which `month_partition` took for an
/// error before: the sync that lost the race failed.
#[test]
fn two_syncs_making_one_months_partition_at_once_both_go_on() {
    let Some(base) = server("partition-race") else {
        return;
    };
    let url = fresh_floor(&base, "partition_race");
    let (ok, _, out, err) = run(&["floor-init", "--floor", &url]);
    assert!(ok, "{out}{err}");
    // 15 May 2031, UTC: a month no migration makes ahead.
    let at: i64 = 1_936_569_600_000;
    let mut first = client(&url);
    let mut tx = first.transaction().unwrap();
    let made: String = tx
        .query_one("SELECT croupier.month_partition($1)", &[&at])
        .unwrap()
        .get(0);
    assert_eq!(made, "events_2031_05");
    let second = {
        let url = url.clone();
        std::thread::spawn(move || {
            client(&url)
                .query_one("SELECT croupier.month_partition($1)", &[&at])
                .map(|r| r.get::<_, String>(0))
                .map_err(|e| e.to_string())
        })
    };
    // The second waits on the first's transaction before the first commits.
    let mut watch = client(&url);
    let waiting = (0..200).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(50));
        let n: i64 = watch
            .query_one(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
                &[],
            )
            .unwrap()
            .get(0);
        n > 0
    });
    assert!(waiting, "the second call waits for the first's transaction");
    tx.commit().unwrap();
    assert_eq!(
        second.join().expect("the second caller's thread"),
        Ok("events_2031_05".to_string()),
        "the call that lost the race takes the partition as made"
    );
    let attached: i64 = watch
        .query_one(
            "SELECT count(*) FROM pg_inherits WHERE inhparent = 'croupier.events'::regclass AND inhrelid = 'croupier.events_2031_05'::regclass",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(attached, 1);
}

/// Each table database's `croupier.totals_break` (its kept totals held to its events), in
/// `tab` order: `None` where they agree.
fn totals_breaks(c: &mut postgres::Client) -> Vec<Option<String>> {
    c.query(
        "SELECT croupier.totals_break(tab) FROM croupier.tables ORDER BY tab",
        &[],
    )
    .unwrap()
    .iter()
    .map(|r| r.get(0))
    .collect()
}

/// `croupier migrate --floor URL` brings the floor to this program's schema and touches no
/// table file (it once migrated the default database and ignored the floor); with --db
/// too it is refused, and nothing is made.
#[test]
fn migrate_with_a_floor_migrates_the_floor_and_no_file() {
    let Some(base) = server("migrate") else {
        return;
    };
    let url = fresh_floor(&base, "migrate");
    let dir = common::fresh_dir("migrate-floor");
    let default_db = dir.join("default.db");
    let out = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(["migrate", "--floor", &url])
        .env("CROUPIER_DB", &default_db)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let version = croupier::floor::FLOOR_VERSION;
    assert!(text.contains(&format!("schema {version}")), "{text}");
    let held: i32 = client(&url)
        .query_one("SELECT version FROM croupier.schema_version", &[])
        .unwrap()
        .get(0);
    assert_eq!(held, version);
    assert!(!default_db.exists(), "the default database was made");
    let named = dir.join("named.db");
    let (ok, code, _, err) = run(&["migrate", "--db", named.to_str().unwrap(), "--floor", &url]);
    assert!(!ok && code == Some(2), "{err}");
    assert!(err.contains("not both"), "{err}");
    assert!(!named.exists() && !default_db.exists());
}

/// The first table database's verify line of the floor's summary (January 5–6): the
/// command's exit code, its verdict and its detail.
fn chain_verdict(url: &str) -> (Option<i32>, String, String) {
    let (code, json, err) = floor_report_json(url, "summary");
    let v = &json["databases"][0]["verify"];
    let text = |k: &str| {
        v[k].as_str()
            .unwrap_or_else(|| panic!("{v} {err}"))
            .to_string()
    };
    (code, text("verdict"), text("detail"))
}

/// `sql` run by the superuser unseen by the floor's triggers (`session_replication_role =
/// replica`, and schema 14's row trigger, which fires in it too, disabled): what
/// docs/floor.md says no trigger can see.
fn unseen(url: &str, sql: &str) {
    client(url)
        .batch_execute(&format!(
            "BEGIN; SET LOCAL session_replication_role = replica;
             ALTER TABLE croupier.events DISABLE TRIGGER events_touched; {sql};
             ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched; COMMIT"
        ))
        .unwrap();
}

/// Floor schema 14: a verified floor report reads the auditor's chain check instead of
/// walking the chain again. Checked through the head: PASSED without a walk — shown by
/// an event changed unseen by the triggers (the superuser, `session_replication_role =
/// replica`, the limit docs/floor.md states), which the footer does not walk and the
/// auditor's next run, which walks every chain from its genesis, finds: an alarm, and the
/// footer FAILED in the auditor's words. Events synced after the check are walked on
/// from the checked one (the footer says so), and one forged among them, unseen, fails.
#[test]
fn a_floor_report_reads_the_auditors_chain_check_and_walks_only_what_came_after() {
    let Some(base) = server("chain checked") else {
        return;
    };
    let forge_after = |url: &str, seq: i64| {
        unseen(
            url,
            &format!(
                "UPDATE croupier.events SET data = data || ' ' WHERE tab = 1 AND seq = (SELECT min(seq) FROM croupier.events WHERE tab = 1 AND seq > {seq} AND kind <> 12)"
            ),
        );
    };
    // Checked through the head, then a middle event forged unseen.
    let url = fresh_floor(&base, "chainchecked");
    let path = common::fresh_dir("floor-chain-checked").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 20, 3, 5);
    let head = last_seq(&path);
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let checked = format!("its chain checked by the floor's auditor through event {head} at ");
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(0), "passed"), "{detail}");
    assert!(detail.contains(&checked), "{detail}");
    forge_after(&url, head / 2);
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!(
        (code, verdict.as_str()),
        (Some(0), "passed"),
        "not walked: {detail}"
    );
    let (ok, code, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(!ok && code == Some(1), "{out}{err}");
    let forged: i64 = client(&url)
        .query_one(
            "SELECT broken FROM croupier.chain_checked WHERE tab = 1",
            &[],
        )
        .unwrap()
        .get(0);
    assert!(forged > head / 2 && forged <= head, "{forged}");
    assert!(
        alarms(&url)
            .iter()
            .any(|(seq, what)| *seq == forged && what.contains(&format!("event {forged}"))),
        "{:?}",
        alarms(&url)
    );
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
    assert!(
        detail.contains("the floor's auditor found") && detail.contains(&format!("event {forged}")),
        "{detail}"
    );
    // Checked, then more events synced: walked on from the checked one; forged, failed.
    let url = fresh_floor(&base, "chainafter");
    let path = common::fresh_dir("floor-chain-after").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 20, 3, 5);
    let checked_head = last_seq(&path);
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    deal_and_sync(&url, &path, 1_767_603_600_000, 10, 10, -2);
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!(
        (code, verdict.as_str()),
        (Some(1), "not_replayed"),
        "{detail}"
    );
    assert!(
        detail.contains(&format!(
            "its chain checked by the floor's auditor through event {checked_head} at "
        )) && detail.contains(&format!("walked on from event {}", checked_head + 1)),
        "{detail}"
    );
    forge_after(&url, checked_head);
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
    assert!(
        detail.contains("the floor's chain breaks at"),
        "a break, not months detached: {detail}"
    );
}

/// Floor schema 14's triggers: an event UPDATEd or DELETEd after the auditor's chain
/// check (by the superuser, the append-only trigger off, or in `session_replication_role
/// = replica`, where only triggers fired ALWAYS fire: as a logical replication's apply),
/// through `croupier.events` or straight in its month, an event INSERTed straight into
/// its month, or the events or a month TRUNCATEd, marks the check `touched`: the next
/// report walks the whole chain again and fails the change. A change that changes
/// nothing is walked and passes; the auditor's next run walks the chain from its genesis
/// and the footer reads its check again.
#[test]
fn an_event_changed_after_the_auditors_check_marks_it_and_the_walk_fails_it() {
    let Some(base) = server("chain touched") else {
        return;
    };
    let middle =
        "tab = 1 AND seq = (SELECT max(seq) / 2 FROM croupier.events WHERE tab = 1 AND kind <> 12)";
    let update = format!("UPDATE {{}} SET data = data || ' ' WHERE {middle}");
    let delete = format!("DELETE FROM {{}} WHERE {middle}");
    let insert = "INSERT INTO {} SELECT at, seq + 1000, tab, table_id, user_id, round_id, kind, data, hash FROM {} WHERE tab = 1 AND seq = 2".to_string();
    // (how: the append-only guard off on the events or on the month, or the events in
    // replica role; the statement; passed after)
    let cases = [
        ("events", update.clone(), false),
        ("month", update.clone(), false),
        ("replica", update, false),
        ("events", delete.clone(), false),
        ("month", delete.clone(), false),
        ("replica", delete, false),
        ("month", insert, false),
        ("month", "TRUNCATE {}".to_string(), false),
        ("replica", "TRUNCATE {}".to_string(), false),
        (
            "events",
            "UPDATE {} SET data = data WHERE tab = 1".to_string(),
            true,
        ),
    ];
    for (i, (how, sql, passes)) in cases.iter().enumerate() {
        let url = fresh_floor(&base, "chaintouched");
        let path = common::fresh_dir(&format!("floor-chain-touched-{i}")).join("t.db");
        deal_and_sync(&url, &path, 1_767_600_000_000, 12, 3, 5);
        let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
        assert!(ok, "{out}{err}");
        let (code, verdict, detail) = chain_verdict(&url);
        assert_eq!((code, verdict.as_str()), (Some(0), "passed"), "{detail}");
        assert!(
            detail.contains("checked by the floor's auditor"),
            "{detail}"
        );
        let mut admin = client(&url);
        let month: String = admin
            .query_one(
                "SELECT DISTINCT tableoid::regclass::text FROM croupier.events WHERE tab = 1",
                &[],
            )
            .unwrap()
            .get(0);
        let (target, guard) = match *how {
            "month" => {
                let name = month.trim_start_matches("croupier.");
                (month.clone(), format!("{name}_direct"))
            }
            _ => (
                "croupier.events".to_string(),
                "events_append_only".to_string(),
            ),
        };
        let change = sql.replace("{}", &target);
        let script = if *how == "replica" {
            format!("BEGIN; SET LOCAL session_replication_role = replica; {change}; COMMIT")
        } else {
            format!(
                "BEGIN; ALTER TABLE {target} DISABLE TRIGGER {guard}; {change};
                 ALTER TABLE {target} ENABLE TRIGGER {guard}; COMMIT"
            )
        };
        admin.batch_execute(&script).unwrap();
        let touched: bool = admin
            .query_one(
                "SELECT touched FROM croupier.chain_checked WHERE tab = 1",
                &[],
            )
            .unwrap()
            .get(0);
        assert!(touched, "{how}: {change}");
        let (code, verdict, detail) = chain_verdict(&url);
        if !*passes {
            assert_eq!(
                (code, verdict.as_str()),
                (Some(1), "failed"),
                "{change}: {detail}"
            );
            continue;
        }
        assert_eq!(
            (code, verdict.as_str()),
            (Some(0), "passed"),
            "{change}: {detail}"
        );
        assert!(
            detail.contains("its chain walked again from event 1 (events changed on the floor"),
            "{detail}"
        );
        let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
        assert!(ok, "{out}{err}");
        let (code, verdict, detail) = chain_verdict(&url);
        assert_eq!((code, verdict.as_str()), (Some(0), "passed"), "{detail}");
        assert!(
            detail.contains("checked by the floor's auditor"),
            "{detail}"
        );
    }
}

/// The month partitions: the footer reads the auditor's chain check only while the months
/// attached are those its walk saw, or months `month_partition` made since. A month
/// ATTACHed by hand holding a forged copy of an event, and a month DETACHed from the
/// middle of a table database's events, set no trigger off: the footer walks the whole
/// chain again and fails each; with the forged month detached again, it reads the check.
#[test]
fn a_month_attached_or_detached_after_the_auditors_check_is_walked_and_fails() {
    let Some(base) = server("chain months") else {
        return;
    };
    let url = fresh_floor(&base, "chainmonths");
    let path = common::fresh_dir("floor-chain-months").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 8, 3, 5);
    deal_and_sync(&url, &path, 1_770_249_600_000, 8, -1, -3);
    deal_and_sync(&url, &path, 1_772_668_800_000, 8, -1, -3);
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let checked = "its chain checked by the floor's auditor through event";
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(0), "passed"), "{detail}");
    assert!(detail.contains(checked), "{detail}");
    let mut admin = client(&url);
    admin
        .batch_execute(
            "CREATE TABLE croupier.forged (LIKE croupier.events INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
             INSERT INTO croupier.forged
               SELECT 1924992000000, seq, tab, table_id, user_id, round_id, kind, data || ' ', hash
                 FROM croupier.events WHERE tab = 1 AND seq = 3;
             ALTER TABLE croupier.events ATTACH PARTITION croupier.forged
               FOR VALUES FROM (1924992000000) TO (1927670400000)",
        )
        .unwrap();
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!(
        (code, verdict.as_str()),
        (Some(1), "failed"),
        "attached: {detail}"
    );
    admin
        .batch_execute("ALTER TABLE croupier.events DETACH PARTITION croupier.forged")
        .unwrap();
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(0), "passed"), "{detail}");
    assert!(detail.contains(checked), "{detail}");
    let bound: String = admin
        .query_one(
            "SELECT pg_get_expr(relpartbound, oid) FROM pg_class WHERE oid = 'croupier.events_2026_02'::regclass",
            &[],
        )
        .unwrap()
        .get(0);
    admin
        .batch_execute("ALTER TABLE croupier.events DETACH PARTITION croupier.events_2026_02")
        .unwrap();
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!(
        (code, verdict.as_str()),
        (Some(1), "failed"),
        "the middle month detached: {detail}"
    );
    // Detached, changed and attached again: the same month (its OID), so the footer
    // reads the check (the limit docs/floor.md states); the auditor's next walk from the
    // genesis (each run; hash only, at least hourly, when following) finds it.
    admin
        .batch_execute(&format!(
            "ALTER TABLE croupier.events_2026_02 DISABLE TRIGGER events_2026_02_direct;
             UPDATE croupier.events_2026_02 SET data = data || ' '
              WHERE tab = 1 AND seq = (SELECT min(seq) FROM croupier.events_2026_02
                                        WHERE tab = 1 AND octet_length(hash) > 0);
             ALTER TABLE croupier.events_2026_02 ENABLE TRIGGER events_2026_02_direct;
             ALTER TABLE croupier.events ATTACH PARTITION croupier.events_2026_02 {bound}"
        ))
        .unwrap();
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!(
        (code, verdict.as_str()),
        (Some(0), "passed"),
        "unseen: {detail}"
    );
    let (ok, code, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(!ok && code == Some(1), "{out}{err}");
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
    assert!(detail.contains("the floor's auditor found"), "{detail}");
}

/// A following auditor walks each chain from its genesis again when its last such walk
/// started over an hour ago, hash only: an untouched chain's walk records a fresh
/// `walked_at` and replays nothing (`croupier.replayed` unchanged), and a change no
/// trigger saw (the events' triggers all disabled, in replica role), made after the
/// replay passed it, is found by that walk: recorded, alarmed, the replay's fault, and
/// the footer FAILED in its words.
#[test]
fn a_following_auditor_walks_every_chain_again_at_least_hourly() {
    let Some(base) = server("chain again") else {
        return;
    };
    let url = fresh_floor(&base, "chainagain");
    let path = common::fresh_dir("floor-chain-again").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 12, 3, 5);
    let head = last_seq(&path);
    let child = following_auditor(&url, "floor-chain-again-follow", &[]);
    let record = || -> (i64, Option<i64>) {
        let r = client(&url)
            .query_one(
                "SELECT seq, broken FROM croupier.chain_checked WHERE tab = 1",
                &[],
            )
            .unwrap();
        (r.get(0), r.get(1))
    };
    wait_until("the auditor's check", Duration::from_secs(90), || {
        client(&url)
            .query_opt(
                "SELECT 1 FROM croupier.chain_checked WHERE tab = 1 AND seq = $1",
                &[&head],
            )
            .unwrap()
            .is_some()
    });
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(0), "passed"), "{detail}");
    assert!(
        detail.contains("checked by the floor's auditor"),
        "{detail}"
    );
    // (replayed through, its last update, the check's walk started over an hour ago)
    let replayed = || -> (i64, String, bool) {
        let r = client(&url)
            .query_one(
                "SELECT r.seq, r.updated::text, k.walked_at < now() - interval '1 hour'
                   FROM croupier.replayed r JOIN croupier.chain_checked k USING (tab)
                  WHERE tab = 1",
                &[],
            )
            .unwrap();
        (r.get(0), r.get(1), r.get(2))
    };
    let make_old = || {
        client(&url)
            .batch_execute(
                "UPDATE croupier.chain_checked SET walked_at = walked_at - interval '3 hours', walking = walking - interval '3 hours'",
            )
            .unwrap();
    };
    // Untouched: walked again, hash only, nothing replayed again.
    let (through, updated, _) = replayed();
    assert_eq!(through, head);
    make_old();
    assert!(replayed().2);
    wait_until("the auditor's hash walk", Duration::from_secs(90), || {
        !replayed().2
    });
    assert_eq!(replayed(), (head, updated, false), "replayed nothing again");
    assert_eq!(record(), (head, None));
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(0), "passed"), "{detail}");
    // Changed after the replay passed it, every trigger of the events off: an event
    // that keeps a check (the break is at it), after the last one before it that keeps one.
    let one = |sql: &str| -> i64 { client(&url).query_one(sql, &[]).unwrap().get(0) };
    let changed = one(
        "SELECT min(seq)::int8 FROM croupier.events WHERE tab = 1 AND kind <> 12
            AND seq >= (SELECT max(seq) / 2 FROM croupier.events WHERE tab = 1)",
    );
    let after = one(&format!(
        "SELECT max(seq)::int8 FROM croupier.events WHERE tab = 1 AND seq < {changed} AND octet_length(hash) > 0"
    ));
    client(&url)
        .batch_execute(&format!(
            "BEGIN; ALTER TABLE croupier.events DISABLE TRIGGER ALL;
             SET LOCAL session_replication_role = replica;
             UPDATE croupier.events SET data = data || ' ' WHERE tab = 1 AND seq = {changed};
             ALTER TABLE croupier.events ENABLE TRIGGER ALL;
             ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched;
             ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched_t;
             ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched_i;
             COMMIT"
        ))
        .unwrap();
    assert_eq!(record(), (head, None), "unseen by any trigger");
    let touched: bool = client(&url)
        .query_one(
            "SELECT touched FROM croupier.chain_checked WHERE tab = 1",
            &[],
        )
        .unwrap()
        .get(0);
    assert!(!touched, "unseen by any trigger: not marked");
    make_old();
    let broken = || record().1;
    wait_until("the auditor's walk again", Duration::from_secs(90), || {
        broken().is_some()
    });
    child.stop();
    let forged = broken().unwrap();
    assert_eq!(forged, changed);
    let words = if after + 1 == changed {
        format!("event {changed} does not follow")
    } else {
        format!("at or before event {changed}, after event {after}")
    };
    let failed: (i64, Option<i64>) = {
        let r = client(&url)
            .query_one(
                "SELECT seq, failed_seq FROM croupier.replayed WHERE tab = 1",
                &[],
            )
            .unwrap();
        (r.get(0), r.get(1))
    };
    // The progress kept is the last event whose stored check held before the break
    // (`progress_cap`): the replay through the head took events the floor no longer
    // holds, and a step after that event (none keeps a check) may be the one changed.
    assert_eq!(
        failed,
        (after.min(forged - 1), Some(forged)),
        "the replay's progress"
    );
    assert!(
        alarms(&url)
            .iter()
            .any(|(seq, what)| *seq == forged && what.contains(&words)),
        "{:?}",
        alarms(&url)
    );
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
    assert!(detail.contains("the floor's auditor found"), "{detail}");
}

/// The hourly hash walk holds the settlements' rows too: a row of `croupier.rounds`
/// changed with its append-only trigger off, after the replay passed its settlement, is
/// found by the next hourly walk (the replay, which holds `rounds`, never passes it
/// again): the settlement refused, the replay's progress kept, the footer FAILED.
#[test]
fn the_hourly_walk_holds_a_rounds_row_changed_after_the_replay_passed_it() {
    let Some(base) = server("chain rounds") else {
        return;
    };
    let url = fresh_floor(&base, "chainrounds");
    let path = common::fresh_dir("floor-chain-rounds").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 12, 3, 5);
    let head = last_seq(&path);
    let child = following_auditor(&url, "floor-chain-rounds-follow", &[]);
    let one = |sql: &str| -> Option<i64> { client(&url).query_one(sql, &[]).unwrap().get(0) };
    wait_until("the auditor's check", Duration::from_secs(90), || {
        one("SELECT max(seq)::int8 FROM croupier.chain_checked WHERE tab = 1") == Some(head)
    });
    let settled = one("SELECT min(seq)::int8 FROM croupier.rounds WHERE tab = 1").unwrap();
    client(&url)
        .batch_execute(
            "BEGIN; ALTER TABLE croupier.rounds DISABLE TRIGGER ALL;
             UPDATE croupier.rounds SET paid = paid + 100 WHERE tab = 1
                AND seq = (SELECT min(seq) FROM croupier.rounds WHERE tab = 1);
             ALTER TABLE croupier.rounds ENABLE TRIGGER ALL;
             UPDATE croupier.chain_checked SET walked_at = walked_at - interval '3 hours',
                    walking = walking - interval '3 hours';
             COMMIT",
        )
        .unwrap();
    wait_until("the auditor's hourly walk", Duration::from_secs(90), || {
        one("SELECT failed_seq FROM croupier.replayed WHERE tab = 1").is_some()
    });
    child.stop();
    let (through, failed) = (
        one("SELECT seq FROM croupier.replayed WHERE tab = 1"),
        one("SELECT failed_seq FROM croupier.replayed WHERE tab = 1"),
    );
    assert_eq!((through, failed), (Some(head), Some(settled)));
    assert!(
        alarms(&url)
            .iter()
            .any(|(seq, what)| *seq == settled && what.contains("paid")),
        "{:?}",
        alarms(&url)
    );
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
}

/// A break the hourly walk finds past where the replay is (events synced since its last
/// pass, one changed unseen) does not move the replay's recorded progress past events it
/// never replayed: `croupier.replayed.seq` stays where it was. One auditor kept across
/// two passes, as a following auditor keeps it (`floor-audit --follow` is a loop over
/// `Auditor::pass`): the second pass's walk is due (its last walk aged past
/// `CHAIN_ANYWAY`) and comes before its replay, whatever the machine's speed. (This test
/// once paused a following auditor with SIGSTOP: a pause landing after a pass had read
/// the heads let that pass walk the old head, so the next pass's replay, not its walk,
/// found the change, and the test failed under load.)
#[test]
fn a_break_past_the_replay_leaves_its_progress_where_it_was() {
    let Some(base) = server("chain past") else {
        return;
    };
    let url = fresh_floor(&base, "chainpast");
    let path = common::fresh_dir("floor-chain-past").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 6, 3, 5);
    let head = last_seq(&path);
    let one = |sql: &str| -> Option<i64> { client(&url).query_one(sql, &[]).unwrap().get(0) };
    let mut auditor = floor::Auditor::new(Floor::connect(&url).unwrap()).unwrap();
    let all = auditor.pass().unwrap();
    assert_eq!((all[0].through, &all[0].failed), (head, &None));
    assert_eq!(
        one("SELECT seq FROM croupier.replayed WHERE tab = 1"),
        Some(head)
    );
    deal_and_sync(&url, &path, 1_767_600_000_000, 6, 8, 10);
    let forged = one(&format!(
        "SELECT min(seq)::int8 FROM croupier.events WHERE tab = 1 AND seq > {head} + 5 AND kind <> 12"
    ))
    .unwrap();
    unseen(
        &url,
        &format!("UPDATE croupier.events SET data = data || ' ' WHERE tab = 1 AND seq = {forged}"),
    );
    client(&url)
        .batch_execute(
            "UPDATE croupier.chain_checked SET walked_at = walked_at - interval '3 hours',
                    walking = walking - interval '3 hours'",
        )
        .unwrap();
    let all = auditor.pass().unwrap();
    drop(auditor);
    let failed = all[0].failed.as_ref().map(|f| f.0);
    assert_eq!((all[0].through, failed), (head, Some(forged)));
    let (through, failed) = (
        one("SELECT seq FROM croupier.replayed WHERE tab = 1"),
        one("SELECT failed_seq FROM croupier.replayed WHERE tab = 1"),
    );
    assert_eq!((through, failed), (Some(head), Some(forged)));
}

/// The head's hash the floor keeps (`tables.head_hash`) changed, unseen, while every
/// stored check still holds: the hourly walk words it as the head hash differing at the
/// head, not as an event that does not follow.
#[test]
fn the_hourly_walk_words_a_changed_head_hash_as_such() {
    let Some(base) = server("chain head") else {
        return;
    };
    let url = fresh_floor(&base, "chainhead");
    let path = common::fresh_dir("floor-chain-head").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 6, 3, 5);
    let head = last_seq(&path);
    let child = following_auditor(&url, "floor-chain-head-follow", &[]);
    let one = |sql: &str| -> Option<i64> { client(&url).query_one(sql, &[]).unwrap().get(0) };
    wait_until("the auditor's check", Duration::from_secs(90), || {
        one("SELECT max(seq)::int8 FROM croupier.chain_checked WHERE tab = 1") == Some(head)
    });
    let kept = one(&format!(
        "SELECT count(*)::int8 FROM croupier.events WHERE tab = 1 AND seq = {head} AND octet_length(hash) > 0"
    ));
    assert_eq!(kept, Some(1), "the head keeps its check");
    client(&url)
        .batch_execute(
            "BEGIN; ALTER TABLE croupier.tables DISABLE TRIGGER ALL;
             UPDATE croupier.tables SET head_hash = sha256(head_hash) WHERE tab = 1;
             ALTER TABLE croupier.tables ENABLE TRIGGER ALL;
             UPDATE croupier.chain_checked SET walked_at = walked_at - interval '3 hours',
                    walking = walking - interval '3 hours';
             COMMIT",
        )
        .unwrap();
    wait_for_a_walk_to_break(&url);
    child.stop();
    assert_eq!(
        one("SELECT broken FROM croupier.chain_checked WHERE tab = 1"),
        Some(head)
    );
    // The footer's SQL walk names the same event (floor schema 15; 14's named head + 1),
    // from the genesis and on from the auditor's record.
    assert_eq!(
        one("SELECT broken FROM croupier.chain_break(1)"),
        Some(head)
    );
    assert_eq!(
        one("SELECT b.broken FROM croupier.chain_checked k,
                    croupier.chain_break_from(k.tab, k.seq, k.hash) b WHERE k.tab = 1"),
        Some(head)
    );
    let said = format!("event {head}, the head: every stored check holds through it");
    assert!(
        alarms(&url)
            .iter()
            .any(|(seq, what)| *seq == head && what.contains(&said)),
        "{:?}",
        alarms(&url)
    );
    // The footer reads the recorded break as the head hash differing, not as an event
    // that does not follow.
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
    assert!(
        detail.contains(&format!(
            "every stored check holding through event {head}, the head, but the chain hash there differs from the head hash"
        )),
        "{detail}"
    );
    assert!(!detail.contains("does not follow"), "{detail}");
}

/// A table database's identity on the floor (`tables.db`: event 1's hash, what ingest
/// registers it by since floor schema 18) changed by the owner, unseen by ingest: the
/// auditor's replay refuses the table database at event 1 (a fresh audit), and so does
/// its hourly walk where the replay had passed event 1 before the change (a following
/// auditor); each raises its alarm and the footer says FAILED. Event 1 itself changed is
/// a break of the chain, worded as one, not a changed identity.
#[test]
fn the_auditor_holds_event_1_to_the_table_databases_identity() {
    let Some(base) = server("identity") else {
        return;
    };
    let url = fresh_floor(&base, "identity");
    let a = common::fresh_dir("floor-identity-a").join("t.db");
    let b = common::fresh_dir("floor-identity-b").join("t.db");
    deal_and_sync(&url, &a, 1_767_600_000_000, 6, 3, 5);
    deal_and_sync(&url, &b, 1_767_700_000_000, 6, 3, 5);
    let c = common::fresh_dir("floor-identity-c").join("t.db");
    deal_and_sync(&url, &c, 1_767_800_000_000, 6, 3, 5);
    let d = common::fresh_dir("floor-identity-d").join("t.db");
    deal_and_sync(&url, &d, 1_767_900_000_000, 6, 3, 5);
    let one = |sql: &str| -> Option<i64> { client(&url).query_one(sql, &[]).unwrap().get(0) };
    let failed = |tab: i32| {
        one(&format!(
            "SELECT failed_seq FROM croupier.replayed WHERE tab = {tab}"
        ))
    };
    let change_identity = |tab: i32| {
        client(&url)
            .batch_execute(&format!(
                "BEGIN; ALTER TABLE croupier.tables DISABLE TRIGGER ALL;
                 UPDATE croupier.tables SET db = sha256(db) WHERE tab = {tab};
                 ALTER TABLE croupier.tables ENABLE TRIGGER ALL; COMMIT"
            ))
            .unwrap()
    };
    let said = "event 1's chain hash is not this table database's identity on the floor";
    let alarmed = |tab: i32| {
        let n = one(&format!(
            "SELECT count(*)::int8 FROM croupier.alarms a JOIN croupier.tables t ON t.db = a.db
              WHERE t.tab = {tab} AND a.seq = 1 AND a.what LIKE '%identity on the floor%'"
        ));
        n.unwrap_or(0) > 0
    };
    // A fresh audit: A's identity changed before it, B's not, C's event 1 (its time).
    change_identity(1);
    unseen(
        &url,
        "UPDATE croupier.events SET at = at + 1 WHERE tab = 3 AND seq = 1",
    );
    // A report's footer before any audit: A FAILED on its identity (the footer hashes
    // event 1 itself), C on its chain.
    let (_, json, err) = floor_report_json(&url, "summary");
    let (fa, fc) = (
        footer_of(&json, "identity-a"),
        footer_of(&json, "identity-c"),
    );
    assert!(
        fa.contains(r#""verdict":"failed""#) && fa.contains(said),
        "{fa} {err}"
    );
    assert!(
        fc.contains(r#""verdict":"failed""#) && !fc.contains(said),
        "{fc}"
    );
    let (ok, code, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(!ok && code == Some(1), "{out}{err}");
    assert!(format!("{out}{err}").contains(said), "{out}{err}");
    assert_eq!((failed(1), failed(2), failed(3)), (Some(1), None, Some(1)));
    assert!(
        alarmed(1) && !alarmed(2) && !alarmed(3),
        "{:?}",
        alarms(&url)
    );
    let broke = "event 1 does not follow from the event before it";
    let chain_alarm = |name: &str| {
        (alarms(&url).iter())
            .any(|(seq, what)| *seq == 1 && what.contains(broke) && what.contains(name))
    };
    assert!(chain_alarm("identity-c"), "{:?}", alarms(&url));
    let (code, json, err) = floor_report_json(&url, "summary");
    assert_eq!(code, Some(1), "{err}");
    let verdict = |name: &str| {
        let dbs = json["databases"].as_array().unwrap();
        let d = dbs
            .iter()
            .find(|d| d["path"].as_str().unwrap_or("").contains(name));
        d.map(|d| d["verify"]["verdict"].to_string())
    };
    let verdicts = ["identity-a", "identity-b", "identity-c", "identity-d"].map(verdict);
    let want =
        [r#""failed""#, r#""passed""#, r#""failed""#, r#""passed""#].map(|v| Some(v.to_string()));
    assert_eq!(verdicts, want, "{json}");
    // A following auditor walks B and D again after its replay passed event 1, B's
    // identity changed and D's event 1: its walk refuses each, D's as a chain break.
    let (head, head_d) = (last_seq(&b), last_seq(&d));
    let us = "(extract(epoch FROM updated) * 1e6)::int8";
    let started = one("SELECT (extract(epoch FROM now()) * 1e6)::int8");
    let child = following_auditor(&url, "floor-identity-follow", &[]);
    // Its own replay of B and D through their heads (the fresh audit's are recorded).
    wait_until("the auditor's replay", Duration::from_secs(90), || {
        let at = |tab, head| {
            one(&format!(
                "SELECT {us} FROM croupier.replayed WHERE tab = {tab} AND seq = {head}"
            ))
        };
        at(2, head) > started && at(4, head_d) > started
    });
    change_identity(2);
    unseen(
        &url,
        "UPDATE croupier.events SET at = at + 1 WHERE tab = 4 AND seq = 1",
    );
    client(&url)
        .batch_execute(
            "UPDATE croupier.chain_checked SET walked_at = walked_at - interval '3 hours',
                    walking = walking - interval '3 hours'",
        )
        .unwrap();
    wait_until("the walk's refusals", Duration::from_secs(90), || {
        (failed(2), failed(4)) == (Some(1), Some(1))
    });
    child.stop();
    assert!(alarmed(2) && !alarmed(4), "{:?}", alarms(&url));
    assert!(chain_alarm("identity-d"), "{:?}", alarms(&url));
    // The walk refused event 1 after the replay had passed it: the progress kept is
    // the event before the refused one, not the replay of the history that was there
    // (`progress_cap`), in the auditor's record and in what its next pass says.
    let progress = |tab: i32| {
        one(&format!(
            "SELECT seq FROM croupier.replayed WHERE tab = {tab}"
        ))
    };
    assert_eq!(
        (progress(1), progress(2), progress(4)),
        (Some(0), Some(0), Some(0))
    );
    let (_, _, out, err) = run(&["floor-audit", "--floor", &url]);
    let b_line = out.lines().find(|l| l.contains("identity-b")).unwrap_or("");
    assert!(
        b_line.contains(&format!(
            "replayed through event 0 of {head}; FAILED at event 1"
        )),
        "{out}{err}"
    );
}

/// Floor schema 19: an alarm stands until another login of the floor's owner or its
/// auditor acknowledges it with a reason, through `croupier floor-alarms --ack N --why
/// TEXT`. Each wrong acknowledgement (a table's login, the role that raised it, a blank
/// reason, an alarm that is not there, one acknowledged already) is refused in words,
/// exit 1, nothing changed; a right one is kept beside the alarm (never changed or
/// removed), the alarm is listed and reported as acknowledged, it no longer makes the
/// footer FAILED, and the same refusal raised again is a new alarm that stands.
#[test]
fn an_alarm_stands_until_another_login_acknowledges_it_with_a_reason() {
    let Some(base) = server("ack") else {
        return;
    };
    let url = fresh_floor(&base, "ack");
    let (ok, _, out, err) = run(&["floor-init", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let pid = std::process::id();
    let (table, auditor) = (format!("tab_ack_{pid}"), format!("aud_ack_{pid}"));
    client(&url)
        .batch_execute(&format!(
            "CREATE ROLE {table} LOGIN IN ROLE croupier_table;
             CREATE ROLE {auditor} LOGIN IN ROLE croupier_auditor;"
        ))
        .unwrap();
    let (ut, ua) = (as_role(&url, &table), as_role(&url, &auditor));
    let file = demo_file("ack", 30, 5, 0);
    let f = file.to_str().unwrap();
    let (ok, _, out, err) = run(&["sync", "--db", f, "--floor", &ut]);
    assert!(ok, "{out}{err}");
    let (ok, _, out, err) = audited_verify(f, &url);
    assert!(ok, "{out}{err}");
    let verdict = || first_verdict(&url);
    assert_eq!(verdict(), "passed");
    // The owner raises an alarm (as the floor's own checks do): it stands.
    let raise = || {
        client(&url)
            .execute(
                "SELECT croupier.raise_alarm(db, 3, NULL, NULL, 'looked at by hand') FROM croupier.tables",
                &[],
            )
            .unwrap();
    };
    raise();
    assert_eq!(verdict(), "failed");
    let id: i64 = client(&url)
        .query_one("SELECT max(id) FROM croupier.alarms", &[])
        .unwrap()
        .get(0);
    let ack = |u: &str, id: i64, why: &str| {
        let n = id.to_string();
        run(&["floor-alarms", "--floor", u, "--ack", &n, "--why", why])
    };
    let acks = || -> i64 {
        let c = client(&url).query_one("SELECT count(*) FROM croupier.alarm_acks", &[]);
        c.unwrap().get(0)
    };
    let reason = "the dealer's screen was restarted; logs read, nothing missing";
    let refused = [
        (ut.as_str(), id, reason, "may not acknowledge alarms"),
        (
            url.as_str(),
            id,
            reason,
            "may not acknowledge its own alarm",
        ),
        (ua.as_str(), id, "   ", "needs its reason in words"),
        (
            ua.as_str(),
            id + 100,
            reason,
            &*format!("has no alarm {}", id + 100),
        ),
    ];
    for (u, n, why, said) in refused {
        let (ok, code, out, err) = ack(u, n, why);
        assert!(
            !ok && code == Some(1) && err.contains(said),
            "{said}: {out}{err}"
        );
        assert!(err.contains("nothing was acknowledged"), "{err}");
        assert_eq!(acks(), 0, "{said}");
    }
    assert_eq!(verdict(), "failed");
    let (ok, _, out, err) = ack(&ua, id, reason);
    assert!(
        ok && out.contains(&format!("alarm {id} acknowledged")),
        "{out}{err}"
    );
    assert!(
        out.contains(&format!("acknowledged by role {auditor} at ")),
        "{out}"
    );
    assert!(
        out.contains(reason) && out.contains("1 alarm(s) on the floor, 0 standing"),
        "{out}"
    );
    assert_eq!(verdict(), "passed");
    let (ok, code, out, err) = ack(&ua, id, "again");
    assert!(!ok && code == Some(1), "{out}{err}");
    assert!(
        err.contains(&format!("already acknowledged by role {auditor}")),
        "{err}"
    );
    assert_eq!(acks(), 1);
    // Kept for good: the owner can neither change nor remove it.
    for sql in [
        "UPDATE croupier.alarm_acks SET why = 'nothing'",
        "DELETE FROM croupier.alarm_acks",
        "TRUNCATE croupier.alarm_acks",
    ] {
        let e = client(&url).batch_execute(sql).expect_err(sql);
        assert!(
            e.as_db_error()
                .is_some_and(|d| d.message().contains("append-only")),
            "{sql}: {e:?}"
        );
    }
    // The exceptions report keeps the alarm, acknowledged.
    let (ok, _, out, err) = run(&common::report_json_args_from(
        "--floor",
        &url,
        "exceptions",
    ));
    assert!(ok, "{err}");
    assert!(
        out.contains("looked at by hand")
            && out.contains(&format!("acknowledged by role {auditor}")),
        "{out}"
    );
    // The same refusal again, within the hour: a new alarm (`twin`). Acknowledged by hand
    // by the owner, who raised it: refused as its own (the trigger sets the login,
    // whatever the row says).
    raise();
    let twin: i64 = client(&url)
        .query_one("SELECT max(id) FROM croupier.alarms", &[])
        .unwrap()
        .get(0);
    let by_hand = client(&url).execute(
        "INSERT INTO croupier.alarm_acks (alarm, by_role, why) VALUES ($1, 'someone_else', 'seen')",
        &[&twin],
    );
    let by_hand = by_hand.expect_err("the owner acknowledged its own alarm by hand");
    assert!(
        by_hand
            .as_db_error()
            .is_some_and(|d| d.message().contains("may not acknowledge its own alarm")),
        "{by_hand:?}"
    );
    // The twin: a new alarm, standing.
    let (ok, _, out, err) = run(&["floor-alarms", "--floor", &ua]);
    assert!(
        ok && out.contains("2 alarm(s) on the floor, 1 standing"),
        "{out}{err}"
    );
    assert!(out.contains("STANDS (not acknowledged)"), "{out}");
    assert_eq!(verdict(), "failed");
}

/// A table whose clock went back by over an hour (set back three hours mid-session, as
/// a machine whose clock was wrong and was put right): the floor takes its events (an
/// honest table with a wrong clock must be able to sync), the auditor's replay passes
/// and raises an alarm at the first event dated back, naming both events, so every
/// report of it reads FAILED until someone acknowledges it; a new auditor, replaying from
/// event 1 again, raises no second alarm for it, acknowledged or not. A step back of a
/// few minutes raises none.
#[test]
fn a_table_clock_going_back_over_an_hour_is_alarmed_once_and_acknowledged() {
    let Some(base) = server("clockback") else {
        return;
    };
    let url = fresh_floor(&base, "clockback");
    let (ok, _, out, err) = run(&["floor-init", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let path = common::fresh_dir("floor-clockback").join("t.db");
    let t = 1_767_600_000_000;
    deal_and_sync(&url, &path, t, 6, 3, 5);
    // A few minutes back (6 rounds take minutes at a second a reading): no alarm.
    deal_and_sync(&url, &path, t, 6, 8, 10);
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(
        ok && out.contains("no mismatch") && !out.contains("ALARM"),
        "{out}{err}"
    );
    assert!(alarms(&url).is_empty(), "{:?}", alarms(&url));
    // Three hours back.
    let back = last_seq(&path) + 1;
    deal_and_sync(&url, &path, t - 3 * 3_600_000, 6, -1, -2);
    let (ok, code, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(!ok && code == Some(1), "{out}{err}");
    assert!(
        err.contains("a table's clock went back by over an hour"),
        "{err}"
    );
    let said = format!("ALARM raised at event {back}: clock: event {back} is dated ");
    assert!(out.contains(&said) && out.contains("no mismatch"), "{out}");
    let raised = alarms(&url);
    assert_eq!(raised.len(), 1, "{raised:?}");
    assert_eq!(raised[0].0, back);
    assert!(
        raised[0]
            .1
            .contains("the table's clock went back by over an hour"),
        "{raised:?}"
    );
    assert!(
        raised[0].1.contains(" h ") && raised[0].1.contains(" min before event "),
        "{raised:?}"
    );
    let verdict = || first_verdict(&url);
    assert_eq!(verdict(), "failed");
    // A new auditor replays from event 1 again: the alarm is there, not raised again,
    // and it says that it stands (exit 1) until someone acknowledges it.
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    let stands = format!("ALARM stands (not acknowledged) at event {back}: clock: event {back}");
    assert!(
        !ok && out.contains(&stands) && !out.contains("ALARM raised"),
        "{out}{err}"
    );
    assert_eq!(alarms(&url).len(), 1);
    // Acknowledged by the auditor's login (the owner raised nothing here: the auditor's
    // run raised it as the owner, so another login acknowledges).
    let auditor = format!("aud_clock_{}", std::process::id());
    client(&url)
        .batch_execute(&format!(
            "CREATE ROLE {auditor} LOGIN IN ROLE croupier_auditor"
        ))
        .unwrap();
    let id: i64 = client(&url)
        .query_one("SELECT id FROM croupier.alarms", &[])
        .unwrap()
        .get(0);
    let (ok, _, out, err) = run(&[
        "floor-alarms",
        "--floor",
        &as_role(&url, &auditor),
        "--ack",
        &id.to_string(),
        "--why",
        "the table PC's clock was three hours slow after a battery change; set right at 11:10",
    ]);
    assert!(ok, "{out}{err}");
    assert_eq!(verdict(), "passed");
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok && !out.contains("ALARM"), "{out}{err}");
    assert_eq!(alarms(&url).len(), 1);
}

/// An event changed unseen after play steps (which keep no check of their own), found
/// by a fresh auditor's replay: the progress it records and the progress it prints are
/// the last event whose stored check held, not the event before the one refused (a step
/// in between may be the one changed).
#[test]
fn a_break_after_steps_keeps_the_progress_at_the_last_check_that_held() {
    let Some(base) = server("break after steps") else {
        return;
    };
    let url = fresh_floor(&base, "breaksteps");
    let path = common::fresh_dir("floor-break-steps").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 6, 3, 5);
    let head = last_seq(&path);
    let one = |sql: &str| -> i64 { client(&url).query_one(sql, &[]).unwrap().get(0) };
    // The first settlement that follows a step, and the last event before it that keeps
    // a check.
    let changed = one(
        "SELECT min(e.seq)::int8 FROM croupier.events e
          WHERE e.tab = 1 AND e.kind <> 12
            AND EXISTS (SELECT 1 FROM croupier.events p WHERE p.tab = 1 AND p.seq = e.seq - 1 AND p.kind = 12)",
    );
    let after = one(&format!(
        "SELECT max(seq)::int8 FROM croupier.events WHERE tab = 1 AND seq < {changed} AND octet_length(hash) > 0"
    ));
    assert!(after < changed - 1, "{after} {changed}");
    unseen(
        &url,
        &format!("UPDATE croupier.events SET data = data || ' ' WHERE tab = 1 AND seq = {changed}"),
    );
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(!ok, "{out}{err}");
    let said = format!("replayed through event {after} of {head}; FAILED at event {changed}");
    assert!(out.contains(&said), "{out}{err}");
    let kept = one("SELECT seq FROM croupier.replayed WHERE tab = 1");
    assert_eq!(kept, after);
}

/// The verdict (`passed`, `failed`, …) of a floor summary's first table database.
fn first_verdict(url: &str) -> String {
    let (_, json, err) = floor_report_json(url, "summary");
    let v = json["databases"][0]["verify"]["verdict"].as_str();
    v.map(str::to_string)
        .unwrap_or_else(|| panic!("{json} {err}"))
}

/// A floor report's footer (its `verify` object, as JSON text) of the table database
/// whose path contains `name`; empty when none does.
fn footer_of(json: &serde_json::Value, name: &str) -> String {
    let dbs = json["databases"].as_array().unwrap();
    let d = dbs
        .iter()
        .find(|d| d["path"].as_str().unwrap_or("").contains(name));
    d.map(|d| d["verify"].to_string()).unwrap_or_default()
}

/// The head hash changed with no auditor's record: the footer's own walk from the genesis
/// holds every stored check through the head and words it as the head hash differing, not
/// as events from the head on detached (which it holds).
#[test]
fn a_footer_walk_with_no_record_words_a_changed_head_hash_as_such() {
    let Some(base) = server("chain head walked") else {
        return;
    };
    let url = fresh_floor(&base, "chainheadwalked");
    let path = common::fresh_dir("floor-chain-head-walked").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 6, 3, 5);
    let head = last_seq(&path);
    client(&url)
        .batch_execute(
            "BEGIN; ALTER TABLE croupier.tables DISABLE TRIGGER ALL;
             UPDATE croupier.tables SET head_hash = sha256(head_hash) WHERE tab = 1;
             ALTER TABLE croupier.tables ENABLE TRIGGER ALL; COMMIT",
        )
        .unwrap();
    let row = client(&url)
        .query_one(
            "SELECT broken, head_differs FROM croupier.chain_break_from(1, 0, NULL)",
            &[],
        )
        .unwrap();
    assert_eq!((row.get(0), row.get(1)), (Some(head), Some(true)));
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
    assert!(
        detail.contains(&format!(
            "every stored check holds through event {head}, the head, but the chain hash there differs from the head hash"
        )),
        "{detail}"
    );
    assert!(!detail.contains("detached"), "{detail}");
}

/// The hourly walk read in many small ranges (`CROUPIER_TEST_CHUNK`, test only), each its
/// own transaction, over two months: the carry from range to range (seq, hash, last held
/// check, the replay's position) holds an intact chain whole through the head, no break.
/// (A month detached between two ranges is then `Detached`, not a break: the later
/// range reads the first event the floor holds now, in its transaction after its rows,
/// `detached_below`, as the replay's chunks do; no test here places a DETACH between two
/// ranges of a running walk, so for the walk that case rests on reading and on the
/// replay's test, `a_month_detached_between_two_chunks_of_the_replay_is_no_break`.)
#[test]
fn the_hourly_walk_over_many_small_ranges_holds_an_intact_chain() {
    let Some(base) = server("chain ranges") else {
        return;
    };
    let url = fresh_floor(&base, "chainranges");
    let path = common::fresh_dir("floor-chain-ranges").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 6, 3, 5);
    deal_and_sync(&url, &path, 1_770_249_600_000, 6, -1, -3);
    let head = last_seq(&path);
    assert!(
        head > 4 * 3,
        "the walk spans several ranges of 3: head {head}"
    );
    let child = following_auditor(
        &url,
        "floor-chain-ranges-follow",
        &[("CROUPIER_TEST_CHUNK", "3")],
    );
    let one = |sql: &str| -> Option<i64> { client(&url).query_one(sql, &[]).unwrap().get(0) };
    wait_until("the auditor's check", Duration::from_secs(90), || {
        one("SELECT max(seq)::int8 FROM croupier.chain_checked WHERE tab = 1") == Some(head)
    });
    client(&url)
        .batch_execute(
            "UPDATE croupier.chain_checked SET walked_at = walked_at - interval '3 hours',
                    walking = walking - interval '3 hours'",
        )
        .unwrap();
    wait_until("the auditor's hourly walk", Duration::from_secs(90), || {
        one("SELECT count(*)::int8 FROM croupier.chain_checked
              WHERE tab = 1 AND walked_at > now() - interval '1 hour'")
            == Some(1)
    });
    child.stop();
    let r = client(&url)
        .query_one(
            "SELECT seq, broken FROM croupier.chain_checked WHERE tab = 1",
            &[],
        )
        .unwrap();
    let (seq, broken): (i64, Option<i64>) = (r.get(0), r.get(1));
    assert_eq!((seq, broken), (head, None), "{:?}", alarms(&url));
    assert!(alarms(&url).is_empty(), "{:?}", alarms(&url));
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(0), "passed"), "{detail}");
}

/// The last events deleted unseen by any trigger after the replay passed them: the
/// hourly walk refuses the first of them as missing, and the footer, reading the
/// recorded break, says missing too (not "does not follow").
#[test]
fn a_tail_deleted_unseen_is_missing_in_the_alarm_and_the_footer() {
    let Some(base) = server("chain tail") else {
        return;
    };
    let url = fresh_floor(&base, "chaintail");
    let path = common::fresh_dir("floor-chain-tail").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 6, 3, 5);
    let head = last_seq(&path);
    let child = following_auditor(&url, "floor-chain-tail-follow", &[]);
    let one = |sql: &str| -> Option<i64> { client(&url).query_one(sql, &[]).unwrap().get(0) };
    wait_until("the auditor's check", Duration::from_secs(90), || {
        one("SELECT max(seq)::int8 FROM croupier.chain_checked WHERE tab = 1") == Some(head)
    });
    let gone = head - 2;
    client(&url)
        .batch_execute(&format!(
            "BEGIN; ALTER TABLE croupier.events DISABLE TRIGGER ALL;
             SET LOCAL session_replication_role = replica;
             DELETE FROM croupier.events WHERE tab = 1 AND seq >= {gone};
             ALTER TABLE croupier.events ENABLE TRIGGER ALL;
             ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched;
             ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched_t;
             ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched_i;
             UPDATE croupier.chain_checked SET walked_at = walked_at - interval '3 hours',
                    walking = walking - interval '3 hours';
             COMMIT"
        ))
        .unwrap();
    wait_for_a_walk_to_break(&url);
    child.stop();
    assert_eq!(
        one("SELECT broken FROM croupier.chain_checked WHERE tab = 1"),
        Some(gone)
    );
    assert!(
        alarms(&url).iter().any(|(seq, what)| *seq == gone
            && what.contains(&format!("event {gone} is missing on the floor"))),
        "{:?}",
        alarms(&url)
    );
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
    assert!(
        detail.contains(&format!("found event {gone} missing on the floor")),
        "{detail}"
    );
}

/// The hourly hash walk finds, after the replay passed them, changed unseen by any
/// trigger: a play step's data (it keeps no check: the break is at the next event that
/// keeps one, N, after the last before it that keeps one, M); and an event's kind made
/// one this program does not know (the replay took it as a known kind: a break at it,
/// 33e4c26); the last step before the head, which keeps a check (recorded at the head:
/// the footer words it as a break with its range, not as the head hash differing, though
/// `chain_break_from` names the head too). Each recorded at exactly N and worded "at or
/// before N, after M", by the auditor and by the footer.
#[test]
fn the_hourly_walk_finds_a_changed_step_and_an_unknown_kind() {
    let Some(base) = server("chain steps") else {
        return;
    };
    let half = "(SELECT max(seq) / 2 FROM croupier.events WHERE tab = 1)";
    // (what, the event changed, the change, whether the break is at the next check)
    let cases = [
        (
            "a step",
            format!(
                "SELECT min(seq)::int8 FROM croupier.events WHERE tab = 1 AND octet_length(hash) = 0 AND seq > {half}"
            ),
            "data = data || ' '",
            true,
        ),
        (
            "an unknown kind",
            format!(
                "SELECT min(e.seq)::int8 FROM croupier.events e JOIN croupier.events p ON p.tab = e.tab AND p.seq = e.seq - 1
                  WHERE e.tab = 1 AND octet_length(e.hash) > 0 AND octet_length(p.hash) = 0 AND e.seq > {half}"
            ),
            "kind = 999",
            false,
        ),
        (
            "the last step before the head",
            "SELECT max(seq)::int8 FROM croupier.events WHERE tab = 1 AND octet_length(hash) = 0"
                .to_string(),
            "data = data || ' '",
            true,
        ),
    ];
    for (i, (what, pick, change, next)) in cases.iter().enumerate() {
        let url = fresh_floor(&base, "chainsteps");
        let path = common::fresh_dir(&format!("floor-chain-steps-{i}")).join("t.db");
        if i == 2 {
            // Play only: the head is a round's settlement, which keeps a check, after its
            // steps, which keep none.
            play_and_sync(&url, &path, 1_767_600_000_000, 8);
        } else {
            deal_and_sync(&url, &path, 1_767_600_000_000, 8, 3, 5);
        }
        let head = last_seq(&path);
        let child = following_auditor(&url, &format!("floor-chain-steps-follow-{i}"), &[]);
        let one = |sql: &str| -> Option<i64> { client(&url).query_one(sql, &[]).unwrap().get(0) };
        wait_until("the auditor's check", Duration::from_secs(90), || {
            one("SELECT max(seq)::int8 FROM croupier.chain_checked WHERE tab = 1") == Some(head)
        });
        let changed = one(pick).unwrap();
        let n = if *next {
            one(&format!("SELECT min(seq)::int8 FROM croupier.events WHERE tab = 1 AND seq > {changed} AND octet_length(hash) > 0")).unwrap()
        } else {
            changed
        };
        let m = one(&format!("SELECT max(seq)::int8 FROM croupier.events WHERE tab = 1 AND seq < {changed} AND octet_length(hash) > 0")).unwrap();
        assert!(m + 1 < n, "{what}: {m} {n}");
        client(&url)
            .batch_execute(&format!(
                "BEGIN; ALTER TABLE croupier.events DISABLE TRIGGER ALL;
                 SET LOCAL session_replication_role = replica;
                 UPDATE croupier.events SET {change} WHERE tab = 1 AND seq = {changed};
                 ALTER TABLE croupier.events ENABLE TRIGGER ALL;
                 ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched;
                 ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched_t;
                 ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched_i;
                 UPDATE croupier.chain_checked SET walked_at = walked_at - interval '3 hours',
                        walking = walking - interval '3 hours';
                 COMMIT"
            ))
            .unwrap();
        wait_for_a_walk_to_break(&url);
        child.stop();
        assert_eq!(
            one("SELECT broken FROM croupier.chain_checked WHERE tab = 1"),
            Some(n),
            "{what}"
        );
        let said = format!("at or before event {n}, after event {m} (");
        assert!(
            alarms(&url)
                .iter()
                .any(|(seq, what)| *seq == n && what.contains(&said)),
            "{what}: {:?}",
            alarms(&url)
        );
        if i == 2 {
            assert_eq!(
                n, head,
                "{what}: the head keeps a check, the next after the step"
            );
        }
        let (code, verdict, detail) = chain_verdict(&url);
        assert_eq!(
            (code, verdict.as_str()),
            (Some(1), "failed"),
            "{what}: {detail}"
        );
        let said = format!("the chain broken at or before event {n}, after event {m}, ");
        assert!(detail.contains(&said), "{what}: {detail}");
        assert!(!detail.contains("head hash"), "{what}: {detail}");
    }
}

/// Floor schema 14's triggers in `session_replication_role = replica` (a superuser, or a
/// logical replication's apply: only triggers fired ALWAYS fire) on changes that land in
/// another month than the event's: an UPDATE moving an event to another table database
/// and month (run as a DELETE and an INSERT, no AFTER UPDATE trigger) marks the table
/// database it moves to as well as its own; an INSERT through the events of a copy of an
/// old event (its chain trigger does not fire) marks its table database; the footer then
/// walks and fails each. An ordinary sync after the check marks nothing.
#[test]
fn a_replica_role_change_into_another_month_marks_the_chain() {
    let Some(base) = server("chain replica") else {
        return;
    };
    let url = fresh_floor(&base, "chainreplica");
    let path = common::fresh_dir("floor-chain-replica").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 12, 3, 5);
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let mut admin = client(&url);
    admin
        .batch_execute(
            "SELECT croupier.month_partition(1770249600000);
             INSERT INTO croupier.chain_checked (tab, seq, touched) VALUES (2, 0, false);
             BEGIN; SET LOCAL session_replication_role = replica;
             UPDATE croupier.events SET tab = 2, at = at + 2678400000
              WHERE tab = 1 AND seq = 2; COMMIT",
        )
        .unwrap();
    let moved: i64 = admin
        .query_one(
            "SELECT count(*) FROM croupier.events_2026_02 WHERE tab = 2 AND seq = 2",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(moved, 1, "moved to the other month");
    let touched: Vec<(i32, bool)> = admin
        .query(
            "SELECT tab, touched FROM croupier.chain_checked ORDER BY tab",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(touched, vec![(1, true), (2, true)], "both table databases");
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
    // A copy of event 3, forged, INSERTed through the events into another month.
    let url = fresh_floor(&base, "chainreplicains");
    let path = common::fresh_dir("floor-chain-replica-insert").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 12, 3, 5);
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let mut admin = client(&url);
    admin
        .batch_execute(
            "SELECT croupier.month_partition(1770249600000);
             BEGIN; SET LOCAL session_replication_role = replica;
             INSERT INTO croupier.events
               SELECT at + 2678400000, seq, tab, table_id, user_id, round_id, kind, data || ' ', hash
                 FROM croupier.events WHERE tab = 1 AND seq = 3; COMMIT",
        )
        .unwrap();
    let touched: bool = admin
        .query_one(
            "SELECT touched FROM croupier.chain_checked WHERE tab = 1",
            &[],
        )
        .unwrap()
        .get(0);
    assert!(touched, "a copy of an old event inserted");
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
    // An ordinary sync after the check marks nothing.
    let url = fresh_floor(&base, "chainreplicasync");
    let path = common::fresh_dir("floor-chain-replica-sync").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 12, 3, 5);
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    deal_and_sync(&url, &path, 1_767_603_600_000, 6, 10, -2);
    let touched: bool = client(&url)
        .query_one(
            "SELECT touched FROM croupier.chain_checked WHERE tab = 1",
            &[],
        )
        .unwrap()
        .get(0);
    assert!(!touched, "an ordinary sync");
}

/// A table's login that takes the auditor's lock (an advisory lock: any login may take
/// one) keeps every auditor out; `floor-audit` says whose session holds it and how to end
/// it, instead of "another floor-audit", and alarms that login's table database (once a
/// session), so its footer reads FAILED; another table's does not. Once that session has
/// ended, the auditor runs.
#[test]
fn a_tables_login_holding_the_auditors_lock_is_named_and_alarmed() {
    let Some(base) = server("lock kept") else {
        return;
    };
    let url = fresh_floor(&base, "lockkept");
    let (ok, _, out, err) = run(&["floor-init", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let pid = std::process::id();
    let (evil, honest) = (format!("tab_kept_{pid}"), format!("tab_honest_{pid}"));
    client(&url)
        .batch_execute(&format!(
            "CREATE ROLE {evil} LOGIN IN ROLE croupier_table;
             CREATE ROLE {honest} LOGIN IN ROLE croupier_table;"
        ))
        .unwrap();
    let (ue, uh) = (as_role(&url, &evil), as_role(&url, &honest));
    let dir = common::fresh_dir("floor-lock-kept");
    let (pe, ph) = (dir.join("e.db"), dir.join("h.db"));
    deal_and_sync(&ue, &pe, 1_767_600_000_000, 8, 3, 5);
    deal_and_sync(&uh, &ph, 1_767_600_000_007, 8, 2, 4);
    let mut holder = client(&ue);
    let held: i32 = holder
        .query_one(
            "SELECT pg_backend_pid() FROM pg_advisory_lock(7165912507287692658)",
            &[],
        )
        .unwrap()
        .get(0);
    for raised in [1, 0] {
        let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
        assert!(!ok, "{out}{err}");
        assert!(
            err.contains(&format!("({raised} alarm(s) raised now")),
            "{err}"
        );
        let said = format!("held by login {evil} (server process {held}), which may not audit");
        assert!(err.contains(&said), "{out}{err}");
        assert!(err.contains(&format!("ALTER ROLE {evil} NOLOGIN")), "{err}");
        assert!(
            err.contains(&format!("pg_terminate_backend({held})")),
            "{err}"
        );
    }
    let alarms: Vec<(String, String, bool)> = client(&url)
        .query(
            "SELECT t.role::text, a.what, a.seq = t.head_seq
               FROM croupier.alarms a JOIN croupier.tables t ON t.db = a.db",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect();
    assert_eq!(
        alarms.len(),
        1,
        "once a session, its own table only: {alarms:?}"
    );
    assert_eq!((&alarms[0].0, alarms[0].2), (&evil, true), "at its head");
    assert!(
        alarms[0].1.contains("held the floor auditor's lock"),
        "{alarms:?}"
    );
    drop(holder);
    wait_until("the holder gone", Duration::from_secs(30), || {
        no_advisory_lock(&url)
    });
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    // The footer: the login's table database FAILED on its alarm, the other PASSED.
    let o = Options {
        verify: true,
        generated_at: "2026-02-01 00:00:00 UTC",
        ..common::options(Kind::Summary, "2026-01-01", "2026-12-31")
    };
    let mut src = FloorSource::open(Floor::connect(&url).unwrap()).unwrap();
    let r = report::build_from(&mut src, &o, |_| {}).unwrap();
    let v: Vec<&Option<Verified>> = r.sources.iter().map(|s| &s.verified).collect();
    assert!(
        matches!(
            v[0],
            Some(Verified::Failed(VerifyFailure::Alarms { count: 1, .. }))
        ),
        "{v:?}"
    );
    assert!(matches!(v[1], Some(Verified::Passed(_))), "{v:?}");
}

/// One auditor per floor: while a following auditor runs, a second `floor-audit` is
/// refused with a clear message and records nothing; once the first has stopped, it runs.
#[test]
fn a_second_auditor_on_the_same_floor_is_refused() {
    let Some(base) = server("one auditor") else {
        return;
    };
    let url = fresh_floor(&base, "oneauditor");
    let path = common::fresh_dir("floor-one-auditor").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 8, 3, 5);
    let head = last_seq(&path);
    let child = following_auditor(&url, "floor-one-auditor-follow", &[]);
    wait_until("the auditor's check", Duration::from_secs(90), || {
        client(&url)
            .query_opt(
                "SELECT 1 FROM croupier.chain_checked WHERE tab = 1 AND seq = $1",
                &[&head],
            )
            .unwrap()
            .is_some()
    });
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    child.stop();
    assert!(!ok, "{out}{err}");
    assert!(
        err.contains("another floor-audit is already auditing this floor"),
        "{out}{err}"
    );
    wait_until("the follower's lock gone", Duration::from_secs(30), || {
        no_advisory_lock(&url)
    });
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
}

/// A footer does not take a recorded hash on trust (one that is not the chain's at its
/// event fails), nor read a check whose walk from the genesis is over two hours old: it
/// walks the whole chain and says why, and a change no trigger saw fails.
#[test]
fn a_check_whose_walk_is_old_is_not_read() {
    let Some(base) = server("chain old") else {
        return;
    };
    let url = fresh_floor(&base, "chainold");
    let path = common::fresh_dir("floor-chain-old").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 12, 3, 5);
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    // A recorded hash that is not the chain's at its event: not taken on trust.
    client(&url)
        .batch_execute("UPDATE croupier.chain_checked SET hash = sha256(hash)")
        .unwrap();
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
    assert!(detail.contains("chain breaks at event"), "{detail}");
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    client(&url)
        .batch_execute(
            "UPDATE croupier.chain_checked SET walked_at = now() - interval '2 hours 1 minute'",
        )
        .unwrap();
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(0), "passed"), "{detail}");
    assert!(
        detail.contains("rests on a walk from event 1 over two hours old"),
        "{detail}"
    );
    unseen(
        &url,
        "UPDATE croupier.events SET data = data || ' ' WHERE tab = 1 AND seq = (SELECT max(seq) / 2 FROM croupier.events WHERE tab = 1 AND kind <> 12)",
    );
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
}

/// A table database whose first months were detached (archived) cannot be replayed, and
/// its footer says so itself: the auditor records no chain break for it (a recorded
/// break would outlive the months' re-attaching), and once they are attached again its
/// walk from the genesis is recorded through the head.
#[test]
fn first_months_detached_record_no_break_and_their_return_is_checked() {
    let Some(base) = server("chain detached") else {
        return;
    };
    let url = fresh_floor(&base, "chaindetached");
    let path = common::fresh_dir("floor-chain-detached").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 8, 3, 5);
    deal_and_sync(&url, &path, 1_770_249_600_000, 8, -1, -3);
    let head = last_seq(&path);
    let mut admin = client(&url);
    admin
        .batch_execute("ALTER TABLE croupier.events DETACH PARTITION croupier.events_2026_01")
        .unwrap();
    let record = |c: &mut postgres::Client| -> Option<(i64, Option<i64>)> {
        c.query_opt(
            "SELECT seq, broken FROM croupier.chain_checked WHERE tab = 1 AND at IS NOT NULL",
            &[],
        )
        .unwrap()
        .map(|r| (r.get(0), r.get(1)))
    };
    let (_, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(
        out.contains("cannot") || err.contains("cannot"),
        "{out}{err}"
    );
    assert_eq!(
        record(&mut admin).and_then(|r| r.1),
        None,
        "no break recorded"
    );
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
    admin
        .batch_execute(
            "ALTER TABLE croupier.events ATTACH PARTITION croupier.events_2026_01
               FOR VALUES FROM (1767225600000) TO (1769904000000)",
        )
        .unwrap();
    let (_, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert_eq!(record(&mut admin), Some((head, None)), "{out}{err}");
}

/// The record and the alarm of a break, and what the footer reads of each (for a change
/// made with the triggers on, `touched`: its own walk; then the auditor's record).
fn break_words(url: &str) -> (Option<i64>, String, String) {
    let broken: Option<i64> = client(url)
        .query_one(
            "SELECT broken FROM croupier.chain_checked WHERE tab = 1",
            &[],
        )
        .unwrap()
        .get(0);
    let alarm = alarms(url).last().map(|a| a.1.clone()).unwrap_or_default();
    (broken, alarm, chain_verdict(url).2)
}

/// A break is worded as exactly as the floor can tell (stop 37's finding): a play step
/// keeps no check of its own (floor schema 6), so a step changed shows only at the next
/// event that keeps one, N; the auditor's alarm and record and the footer (its own walk
/// of a `touched` chain, then the auditor's record) say "at or before event N, after
/// event M", M the last event before it whose check held. An ordinary event changed
/// after an event that keeps its check is named exactly, as before.
#[test]
fn a_break_is_worded_from_the_last_event_whose_check_held() {
    let Some(base) = server("chain words") else {
        return;
    };
    let half = "(SELECT max(seq) / 2 FROM croupier.events WHERE tab = 1)";
    // (what is changed, the query picking it, named exactly)
    let cases = [
        (
            "a step",
            format!(
                "SELECT min(seq)::int8 FROM croupier.events WHERE tab = 1 AND octet_length(hash) = 0 AND seq > {half}"
            ),
            false,
        ),
        (
            "an ordinary event",
            format!(
                "SELECT min(e.seq)::int8 FROM croupier.events e JOIN croupier.events p ON p.tab = e.tab AND p.seq = e.seq - 1
                  WHERE e.tab = 1 AND octet_length(e.hash) > 0 AND octet_length(p.hash) > 0 AND e.seq > {half}"
            ),
            true,
        ),
    ];
    for (i, (what, pick, exact)) in cases.iter().enumerate() {
        let url = fresh_floor(&base, "chainwords");
        let path = common::fresh_dir(&format!("floor-chain-words-{i}")).join("t.db");
        deal_and_sync(&url, &path, 1_767_600_000_000, 12, 3, 5);
        let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
        assert!(ok, "{out}{err}");
        let mut admin = client(&url);
        let changed: i64 = admin.query_one(pick.as_str(), &[]).unwrap().get(0);
        let r = admin
            .query_one(
                "SELECT (SELECT min(seq)::int8 FROM croupier.events WHERE tab = 1 AND seq >= $1::int8 AND octet_length(hash) > 0),
                        (SELECT max(seq)::int8 FROM croupier.events WHERE tab = 1 AND seq < $1::int8 AND octet_length(hash) > 0)",
                &[&changed],
            )
            .unwrap();
        let (n, m): (i64, i64) = (r.get(0), r.get(1));
        if *exact {
            assert_eq!((n, m), (changed, changed - 1), "{what}");
        } else {
            assert!(m < changed && changed < n, "{what}: {m} {changed} {n}");
        }
        // Changed in replica role: the row trigger (fired ALWAYS) marks the check.
        admin
            .batch_execute(&format!(
                "BEGIN; SET LOCAL session_replication_role = replica;
                 UPDATE croupier.events SET data = data || ' ' WHERE tab = 1 AND seq = {changed};
                 COMMIT"
            ))
            .unwrap();
        let (_, _, detail) = break_words(&url);
        let walked = if *exact {
            format!("the floor's chain breaks at event {n} (")
        } else {
            // One step between is one, not "events 42 to 42".
            let steps = if m + 2 == n {
                format!(
                    "event {} is a play step, which keeps no check of its own",
                    m + 1
                )
            } else {
                format!(
                    "events {} to {} are play steps, which keep no check of their own",
                    m + 1,
                    n - 1
                )
            };
            format!(
                "the floor's chain breaks at or before event {n}, after event {m}, the last event before it whose stored check holds ({steps}): one of events {} to {n} was changed, or its check",
                m + 1
            )
        };
        assert!(detail.contains(&walked), "{what}: {detail}");
        let (ok, code, out, err) = run(&["floor-audit", "--floor", &url]);
        assert!(!ok && code == Some(1), "{what}: {out}{err}");
        let (broken, alarm, detail) = break_words(&url);
        assert_eq!(broken, Some(n), "{what}");
        let (said, found) = if *exact {
            (
                format!("event {n} does not follow from the event before it on the floor"),
                format!("the floor's auditor found that event {n} does not follow"),
            )
        } else {
            (
                format!("the chain breaks at or before event {n}, after event {m} ("),
                format!(
                    "the floor's auditor found the chain broken at or before event {n}, after event {m}, "
                ),
            )
        };
        assert!(alarm.contains(&said), "{what}: {alarm}");
        assert!(detail.contains(&found), "{what}: {detail}");
    }
}

/// `record_chain`: the first break on a chain is the one recorded, whichever walk found
/// it (an earlier break found after a later one was recorded replaces it), and a walk
/// from the genesis that passes a recorded break whole clears it. The replay's fault is
/// cleared by hand each time (`croupier.replayed`) so that the auditor walks again.
#[test]
fn the_first_break_is_recorded_and_a_whole_walk_clears_it() {
    let Some(base) = server("chain first break") else {
        return;
    };
    let url = fresh_floor(&base, "chainfirst");
    let path = common::fresh_dir("floor-chain-first").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 12, 3, 5);
    let head = last_seq(&path);
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    // An event that keeps its check after one that does, past `part` of the chain.
    let pick = |part: i64| -> i64 {
        client(&url)
            .query_one(
                "SELECT min(e.seq)::int8 FROM croupier.events e JOIN croupier.events p ON p.tab = e.tab AND p.seq = e.seq - 1
                  WHERE e.tab = 1 AND octet_length(e.hash) > 0 AND octet_length(p.hash) > 0 AND e.seq > $1::int8",
                &[&part],
            )
            .unwrap()
            .get(0)
    };
    let (early, late) = (pick(head / 3), pick(2 * head / 3));
    assert!(early < late);
    let change = |seq: i64, sql: &str| {
        unseen(
            &url,
            &format!("UPDATE croupier.events SET data = {sql} WHERE tab = 1 AND seq = {seq}"),
        )
    };
    let again = || {
        client(&url)
            .batch_execute(
                "UPDATE croupier.replayed SET failed_seq = NULL, failed_why = NULL WHERE tab = 1",
            )
            .unwrap();
        run(&["floor-audit", "--floor", &url])
    };
    let record = || -> (i64, Option<i64>) {
        let r = client(&url)
            .query_one(
                "SELECT seq, broken FROM croupier.chain_checked WHERE tab = 1",
                &[],
            )
            .unwrap();
        (r.get(0), r.get(1))
    };
    change(late, "data || ' '");
    let (ok, _, out, err) = again();
    assert!(!ok, "{out}{err}");
    assert_eq!(record(), (late - 1, Some(late)));
    change(early, "data || ' '");
    let (ok, _, out, err) = again();
    assert!(!ok, "{out}{err}");
    assert_eq!(record(), (early - 1, Some(early)), "the earlier break wins");
    for seq in [early, late] {
        change(seq, "substr(data, 1, length(data) - 1)");
    }
    again();
    assert_eq!(record(), (head, None), "passed whole: cleared");
}

/// A row put in `croupier.rounds` at event `seq` of table database 1 by someone who may
/// disable the floor's triggers (a copy of its first row, as a new round), with the kept
/// totals bumped to match it (`bump_totals`, as the chain trigger would): what the
/// reports total then holds a round no settlement made, and `totals_break` sees nothing.
fn forge_stray_round(url: &str, seq: i64) {
    client(url)
        .batch_execute(&format!(
            "BEGIN; SET LOCAL session_replication_role = replica;
             ALTER TABLE croupier.rounds DISABLE TRIGGER ALL;
             CREATE TEMP TABLE stray ON COMMIT DROP AS
               SELECT * FROM croupier.rounds WHERE tab = 1 ORDER BY seq LIMIT 1;
             UPDATE stray SET seq = {seq}, round_id = 999999;
             INSERT INTO croupier.rounds SELECT * FROM stray;
             ALTER TABLE croupier.rounds ENABLE TRIGGER ALL;
             SELECT croupier.bump_totals(ARRAY[1], ARRAY[{seq}::int8], ARRAY[1::int8]);
             COMMIT"
        ))
        .unwrap();
    let broken: Option<String> = client(url)
        .query_one("SELECT croupier.totals_break(1)", &[])
        .unwrap()
        .get(0);
    assert_eq!(broken, None, "the kept totals agree with the forged row");
}

/// Table database 1's verdict in a verified floor summary, typed.
fn floor_verdict(url: &str) -> Option<Verified> {
    let o = Options {
        verify: true,
        ..common::options(Kind::Summary, "2026-01-01", "2100-12-31")
    };
    let mut src = FloorSource::open(Floor::connect(url).unwrap()).unwrap();
    let r = report::build_from(&mut src, &o, |_| {}).unwrap();
    r.sources[0].verified.clone()
}

/// Every row of `croupier.rounds` (what the floor's reports total) is accounted for: a
/// row at an event that settles no round — a play step, a void, past the head, before
/// the first event — added with the triggers disabled and the kept totals bumped to
/// match, is refused by the auditor's replay (an alarm at its event, the replay's
/// fault) and the footer is FAILED, typed (`StrayRound`, said in the reader's language);
/// one added at a step after the replay passed it is refused by the hourly walk. A row
/// of `round_totals` (and its day in `day_totals`) that no round explains is caught by
/// the auditor's totals check (`totals_break`): FAILED too.
#[test]
fn a_rounds_row_that_settles_no_round_fails_the_audit_and_the_footer() {
    let Some(base) = server("stray rounds") else {
        return;
    };
    let step =
        "SELECT min(seq)::int8 FROM croupier.events WHERE tab = 1 AND octet_length(hash) = 0";
    // (what, the event the row is put at, whether put after the replay passed it)
    let cases = [
        ("a play step", step, false),
        (
            "a void",
            "SELECT min(seq)::int8 FROM croupier.events WHERE tab = 1 AND kind = 16",
            false,
        ),
        (
            "past the head",
            "SELECT head_seq + 3 FROM croupier.tables WHERE tab = 1",
            false,
        ),
        ("before the first event", "SELECT 0::int8", false),
        ("a play step, after the replay", step, true),
    ];
    for (i, (what, pick, after)) in cases.iter().enumerate() {
        let url = fresh_floor(&base, "strayrounds");
        let path = common::fresh_dir(&format!("floor-stray-rounds-{i}")).join("t.db");
        deal_and_sync(&url, &path, 1_767_600_000_000, 8, 3, 5);
        let head = last_seq(&path);
        let stray: i64 = client(&url).query_one(*pick, &[]).unwrap().get(0);
        let mut auditor = floor::Auditor::new(Floor::connect(&url).unwrap()).unwrap();
        if *after {
            let all = auditor.pass().unwrap();
            assert_eq!((all[0].through, &all[0].failed), (head, &None), "{what}");
        }
        forge_stray_round(&url, stray);
        if *after {
            // The next pass walks the chain again from its genesis (due hourly).
            client(&url)
                .batch_execute(
                    "UPDATE croupier.chain_checked SET walked_at = walked_at - interval '3 hours',
                            walking = walking - interval '3 hours'",
                )
                .unwrap();
        }
        let all = auditor.pass().unwrap();
        drop(auditor);
        let words = format!("croupier.rounds at event {stray}, which settles no round");
        let (seq, why) = all[0].failed.clone().unwrap_or_else(|| panic!("{what}"));
        assert!(seq == stray && why.contains(&words), "{what}: {seq} {why}");
        let failed: Option<i64> = client(&url)
            .query_one(
                "SELECT failed_seq FROM croupier.replayed WHERE tab = 1",
                &[],
            )
            .unwrap()
            .get(0);
        assert_eq!(failed, Some(stray), "{what}");
        assert!(
            alarms(&url)
                .iter()
                .any(|(s, w)| *s == stray && w.contains(&words)),
            "{what}: {:?}",
            alarms(&url)
        );
        match floor_verdict(&url) {
            Some(Verified::Failed(f @ VerifyFailure::StrayRound { seq, .. })) => {
                assert_eq!(seq, stray, "{what}");
                assert!(f.to_string().contains(&words), "{f}");
            }
            other => panic!("{what}: {other:?}"),
        }
        let (code, verdict, detail) = chain_verdict(&url);
        assert_eq!(
            (code, verdict.as_str()),
            (Some(1), "failed"),
            "{what}: {detail}"
        );
        assert!(detail.contains(&words), "{what}: {detail}");
    }
    // An hour of `round_totals` and its day that no round explains.
    let url = fresh_floor(&base, "strayhour");
    let path = common::fresh_dir("floor-stray-hour").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 8, 3, 5);
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    client(&url)
        .batch_execute(
            "BEGIN; SET LOCAL session_replication_role = replica;
             INSERT INTO croupier.round_totals
               SELECT hour + 24000, tab, table_id, dealer, opened, rounds, handle, paid, win,
                      insurance_taken, insurance_paid, splits, buys, pontoons, five_card_tricks,
                      box_sq, round_sq, cost, uncosted
                 FROM croupier.round_totals WHERE tab = 1 ORDER BY hour LIMIT 1;
             INSERT INTO croupier.day_totals
               SELECT floor(hour::numeric / 24)::int8, tab, table_id, dealer, opened, rounds,
                      handle, paid, win, insurance_taken, insurance_paid, splits, buys,
                      pontoons, five_card_tricks, box_sq, round_sq, cost, uncosted
                 FROM croupier.round_totals
                WHERE tab = 1 AND hour = (SELECT max(hour) FROM croupier.round_totals WHERE tab = 1);
             COMMIT",
        )
        .unwrap();
    let (ok, code, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(!ok && code == Some(1), "{out}{err}");
    assert!(
        out.contains("kept, but no round of the events is in it"),
        "{out}{err}"
    );
    assert!(
        matches!(
            floor_verdict(&url),
            Some(Verified::Failed(VerifyFailure::TotalsBreak { .. }))
        ),
        "{:?}",
        floor_verdict(&url)
    );
}

/// A footer over a table database the auditor replayed through its head, with a row of
/// `croupier.rounds` put past the head since the auditor's last pass (triggers disabled,
/// the kept totals bumped to match, so the recorded totals check still holds): FAILED,
/// typed, at the row's event (the footer's own reading; the auditor's next pass refuses
/// it too).
#[test]
fn a_rounds_row_past_the_head_since_the_auditors_pass_fails_the_footer() {
    let Some(base) = server("stray past head") else {
        return;
    };
    let url = fresh_floor(&base, "straypast");
    let path = common::fresh_dir("floor-stray-past").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 8, 3, 5);
    let head = last_seq(&path);
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{out}{err}");
    assert!(
        matches!(floor_verdict(&url), Some(Verified::Passed(_))),
        "{:?}",
        floor_verdict(&url)
    );
    forge_stray_round(&url, head + 3);
    match floor_verdict(&url) {
        Some(Verified::Failed(VerifyFailure::StrayRound { through, seq, .. })) => {
            assert_eq!((through, seq), (head, head + 3));
        }
        other => panic!("{other:?}"),
    }
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
    let words = format!(
        "croupier.rounds at event {}, which settles no round",
        head + 3
    );
    assert!(detail.contains(&words), "{detail}");
}

/// The hourly walk holds every `rounds` row the replay passed also where its range stops
/// at an event of a kind this program does not know (past the replay, which stops there
/// too, NOT YET REPLAYED): a row forged at a step before it, after the replay passed it,
/// is a break at its event. (Before: the walk read "whole" there and the row escaped.)
#[test]
fn a_rounds_row_before_an_unknown_kind_fails_the_walk() {
    let Some(base) = server("stray unknown") else {
        return;
    };
    let url = fresh_floor(&base, "strayunknown");
    let path = common::fresh_dir("floor-stray-unknown").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 8, 3, 5);
    let one = |sql: &str| -> Option<i64> { client(&url).query_one(sql, &[]).unwrap().get(0) };
    let unknown = one(
        "SELECT min(seq)::int8 FROM croupier.events WHERE tab = 1 AND octet_length(hash) > 0
            AND seq > (SELECT max(seq) / 2 FROM croupier.events WHERE tab = 1)",
    )
    .unwrap();
    let stray = one(&format!(
        "SELECT max(seq)::int8 FROM croupier.events WHERE tab = 1 AND octet_length(hash) = 0 AND seq < {unknown}"
    ))
    .unwrap();
    client(&url)
        .batch_execute(&format!(
            "BEGIN; ALTER TABLE croupier.events DISABLE TRIGGER ALL;
             SET LOCAL session_replication_role = replica;
             UPDATE croupier.events SET kind = 999 WHERE tab = 1 AND seq = {unknown};
             ALTER TABLE croupier.events ENABLE TRIGGER ALL;
             ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched;
             ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched_t;
             ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched_i;
             COMMIT"
        ))
        .unwrap();
    let mut auditor = floor::Auditor::new(Floor::connect(&url).unwrap()).unwrap();
    let all = auditor.pass().unwrap();
    let stuck = all[0].stuck.as_ref().map(|s| s.0);
    assert_eq!(
        (all[0].through, &all[0].failed, stuck),
        (unknown - 1, &None, Some(unknown))
    );
    forge_stray_round(&url, stray);
    client(&url)
        .batch_execute(
            "UPDATE croupier.chain_checked SET walked_at = walked_at - interval '3 hours',
                    walking = walking - interval '3 hours'",
        )
        .unwrap();
    let all = auditor.pass().unwrap();
    drop(auditor);
    let words = format!("croupier.rounds at event {stray}, which settles no round");
    let (seq, why) = all[0].failed.clone().expect("the walk refuses the row");
    assert!(seq == stray && why.contains(&words), "{seq} {why}");
    assert_eq!(
        one("SELECT failed_seq FROM croupier.replayed WHERE tab = 1"),
        Some(stray)
    );
    assert!(
        alarms(&url)
            .iter()
            .any(|(s, w)| *s == stray && w.contains(&words)),
        "{:?}",
        alarms(&url)
    );
    // (No report reads here: one stops at the event it cannot read, the kind unknown.)
}

/// The last events deleted unseen by any trigger before any audit: the replay's last
/// chunk ends short of the head, and refuses the first missing event as missing (a break
/// recorded at it, an alarm, the footer FAILED), as the walk refuses it. (Before: the
/// replay stopped there silently, NOT YET REPLAYED.)
#[test]
fn a_tail_deleted_before_the_replay_is_refused_as_missing() {
    let Some(base) = server("replay tail") else {
        return;
    };
    let url = fresh_floor(&base, "replaytail");
    let path = common::fresh_dir("floor-replay-tail").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 6, 3, 5);
    let gone = last_seq(&path) - 2;
    client(&url)
        .batch_execute(&format!(
            "BEGIN; ALTER TABLE croupier.events DISABLE TRIGGER ALL;
             SET LOCAL session_replication_role = replica;
             DELETE FROM croupier.events WHERE tab = 1 AND seq >= {gone};
             ALTER TABLE croupier.events ENABLE TRIGGER ALL;
             ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched;
             ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched_t;
             ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched_i;
             COMMIT"
        ))
        .unwrap();
    let (ok, code, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(!ok && code == Some(1), "{out}{err}");
    let words = format!("event {gone} is missing on the floor");
    assert!(format!("{out}{err}").contains(&words), "{out}{err}");
    let r = client(&url)
        .query_one(
            "SELECT r.failed_seq, k.broken FROM croupier.replayed r
               JOIN croupier.chain_checked k USING (tab) WHERE tab = 1",
            &[],
        )
        .unwrap();
    let (failed, broken): (Option<i64>, Option<i64>) = (r.get(0), r.get(1));
    assert_eq!((failed, broken), (Some(gone), Some(gone)), "{out}{err}");
    assert!(
        alarms(&url)
            .iter()
            .any(|(seq, what)| *seq == gone && what.contains(&words)),
        "{:?}",
        alarms(&url)
    );
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
}

/// The replay records its chain check only at an event whose stored check held, never
/// at a play step (which keeps none): a table database synced up to a step (its head),
/// replayed in small chunks, is recorded as checked through the last event before it
/// that keeps a check; the step then changed unseen by any trigger is walked by the
/// footer from there and FAILED (a check recorded at the step itself would have vouched
/// for its content by hash, and the footer, walking nothing after it, read PASSED).
#[test]
fn the_replay_records_its_check_only_where_a_stored_check_held() {
    let Some(base) = server("check held") else {
        return;
    };
    let url = fresh_floor(&base, "checkheld");
    let full = demo_file("floor-check-held", 30, 6, 0);
    let cut = common::fresh_dir("floor-check-held-cut").join("t.db");
    std::fs::copy(&full, &cut).unwrap();
    let c = unguarded(&cut);
    let step: i64 = c
        .query_row(
            "SELECT max(e.seq) FROM events e JOIN event_kinds k ON k.code = e.kind
              WHERE k.name = 'step' AND e.seq < (SELECT max(seq) FROM events) / 2",
            [],
            |r| r.get(0),
        )
        .unwrap();
    c.execute_batch(&format!(
        "DELETE FROM events WHERE seq > {step}; DELETE FROM round_figures WHERE seq > {step}"
    ))
    .unwrap();
    drop(c);
    let (ok, _, out, err) = run(&["sync", "--db", cut.to_str().unwrap(), "--floor", &url]);
    assert!(ok, "{out}{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(["floor-audit", "--floor", &url])
        .env("CROUPIER_TEST_CHUNK", "4")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let r = client(&url)
        .query_one(
            "SELECT k.seq, octet_length(e.hash) > 0 AND substr(k.hash, 1, octet_length(e.hash)) = e.hash,
                    (SELECT max(seq)::int8 FROM croupier.events WHERE tab = 1 AND seq <= {step} AND octet_length(hash) > 0)
               FROM croupier.chain_checked k JOIN croupier.events e ON e.tab = k.tab AND e.seq = k.seq
              WHERE k.tab = 1"
                .replace("{step}", &step.to_string())
                .as_str(),
            &[],
        )
        .unwrap();
    let (seq, held, last_held): (i64, bool, i64) = (r.get(0), r.get(1), r.get(2));
    assert_eq!((seq, held), (last_held, true), "the head {step} is a step");
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(0), "passed"), "{detail}");
    // The hourly walk (a second pass of one auditor, its walk made due) records its
    // check where the replay's was: the last event that keeps one, not the step.
    let mut auditor = floor::Auditor::new(Floor::connect(&url).unwrap()).unwrap();
    auditor.pass().unwrap();
    client(&url)
        .batch_execute(
            "UPDATE croupier.chain_checked SET walked_at = walked_at - interval '3 hours',
                    walking = walking - interval '3 hours'",
        )
        .unwrap();
    let all = auditor.pass().unwrap();
    drop(auditor);
    assert_eq!((all[0].through, &all[0].failed), (step, &None));
    let r = client(&url)
        .query_one(
            "SELECT seq, walked_at > now() - interval '1 hour' FROM croupier.chain_checked WHERE tab = 1",
            &[],
        )
        .unwrap();
    let (seq, walked): (i64, bool) = (r.get(0), r.get(1));
    assert_eq!((seq, walked), (last_held, true), "the walk's record");
    unseen(
        &url,
        &format!("UPDATE croupier.events SET data = data || ' ' WHERE tab = 1 AND seq = {step}"),
    );
    let (code, verdict, detail) = chain_verdict(&url);
    assert_eq!((code, verdict.as_str()), (Some(1), "failed"), "{detail}");
}

/// The replay's chunks, each its own transaction (small here, `CROUPIER_TEST_CHUNK`): the
/// oldest month detached between two of them (by a trigger on the auditor's own record
/// of its progress, so it lands there every time) is an archive step, as the walk's
/// ranges take it: the replay says the first events are gone, as on a first run, and
/// records no break; once the month is attached again, the next run checks the chain
/// through the head. Both where the chunk after the DETACH spans January's end (a gap)
/// and where it lies wholly inside January (it reads nothing: short of its end).
#[test]
fn a_month_detached_between_two_chunks_of_the_replay_is_no_break() {
    let Some(base) = server("chunk detached") else {
        return;
    };
    // (where the chunk after the DETACH lies: its condition on the chunk just recorded,
    // ending at NEW.seq, n events a chunk)
    let cases = [
        // Across January's end: the next chunk finds a gap below the first event held.
        (
            "spanning January's end",
            "NEW.seq < {january} AND NEW.seq + {n} > {january}",
        ),
        // Wholly inside January: the next chunk reads nothing at all (short of its end).
        ("inside January", "NEW.seq + {n} <= {january}"),
    ];
    for (i, (what, when)) in cases.iter().enumerate() {
        detached_between_chunks(&base, i, what, when);
    }
}

/// One case of `a_month_detached_between_two_chunks_of_the_replay_is_no_break`: January
/// detached by a trigger on `croupier.replayed` when the chunk just recorded meets `when`.
fn detached_between_chunks(base: &str, i: usize, what: &str, when: &str) {
    let url = fresh_floor(base, "chunkdetached");
    let path = common::fresh_dir(&format!("floor-chunk-detached-{i}")).join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 8, 3, 5);
    deal_and_sync(&url, &path, 1_770_249_600_000, 8, -1, -3);
    let head = last_seq(&path);
    let mut admin = client(&url);
    let january: i64 = admin
        .query_one(
            "SELECT max(seq)::int8 FROM croupier.events_2026_01 WHERE tab = 1",
            &[],
        )
        .unwrap()
        .get(0);
    // A chunk length whose chunks do not end at January's last event, and two of them
    // inside it.
    let n = (3..).find(|n| january % n != 0).unwrap();
    assert!(january > 2 * n && january < head, "{january} {n} {head}");
    let when = when
        .replace("{january}", &january.to_string())
        .replace("{n}", &n.to_string());
    admin
        .batch_execute(&format!(
            "CREATE FUNCTION public.detach_once() RETURNS trigger LANGUAGE plpgsql AS $f$
             BEGIN
                 IF {when}
                    AND EXISTS (SELECT 1 FROM pg_inherits
                                 WHERE inhrelid = 'croupier.events_2026_01'::regclass) THEN
                     ALTER TABLE croupier.events DETACH PARTITION croupier.events_2026_01;
                 END IF;
                 RETURN NULL;
             END $f$;
             CREATE TRIGGER detach_once AFTER INSERT OR UPDATE ON croupier.replayed
                 FOR EACH ROW EXECUTE FUNCTION public.detach_once();"
        ))
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(["floor-audit", "--floor", &url])
        .env("CROUPIER_TEST_CHUNK", n.to_string())
        .output()
        .unwrap();
    let said = format!(
        "{what}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let detached: bool = admin
        .query_one(
            "SELECT NOT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = 'croupier.events_2026_01'::regclass)",
            &[],
        )
        .unwrap()
        .get(0);
    assert!(detached, "the trigger detached January: {said}");
    let r = admin
        .query_one(
            "SELECT r.failed_seq, k.broken FROM croupier.replayed r JOIN croupier.chain_checked k USING (tab)
              WHERE tab = 1",
            &[],
        )
        .unwrap();
    let (failed, broken): (Option<i64>, Option<i64>) = (r.get(0), r.get(1));
    assert_eq!((failed, broken), (None, None), "no break: {said}");
    assert!(said.contains("no longer holds events 1 to"), "{said}");
    admin
        .batch_execute(
            "DROP TRIGGER detach_once ON croupier.replayed;
             ALTER TABLE croupier.events ATTACH PARTITION croupier.events_2026_01
               FOR VALUES FROM (1767225600000) TO (1769904000000)",
        )
        .unwrap();
    let (ok, _, out, err) = run(&["floor-audit", "--floor", &url]);
    assert!(ok, "{what}: {out}{err}");
    let r = admin
        .query_one(
            "SELECT seq, broken FROM croupier.chain_checked WHERE tab = 1",
            &[],
        )
        .unwrap();
    let (seq, broken): (i64, Option<i64>) = (r.get(0), r.get(1));
    assert_eq!((seq, broken), (head, None), "{what}: {out}{err}");
}

/// A change to `croupier.round_starts` of table database 1 by someone who may disable the
/// floor's triggers (`forge`, SQL), made with the kept totals moved to match it: the
/// settlement `settled` taken out of them before (`bump_totals`, as the chain trigger
/// would, reading the round's opening as it is then) and put back after, so that
/// `totals_break` sees nothing and only a check of `round_starts` itself can notice.
fn forge_starts(url: &str, settled: i64, forge: &str) {
    client(url)
        .batch_execute(&format!(
            "BEGIN; SET LOCAL session_replication_role = replica;
             ALTER TABLE croupier.round_starts DISABLE TRIGGER ALL;
             SELECT croupier.bump_totals(ARRAY[1], ARRAY[{settled}::int8], ARRAY[-1::int8]);
             {forge};
             SELECT croupier.bump_totals(ARRAY[1], ARRAY[{settled}::int8], ARRAY[1::int8]);
             ALTER TABLE croupier.round_starts ENABLE TRIGGER ALL;
             COMMIT"
        ))
        .unwrap();
    let broken: Option<String> = client(url)
        .query_one("SELECT croupier.totals_break(1)", &[])
        .unwrap()
        .get(0);
    assert_eq!(broken, None, "the kept totals agree with the forged rows");
}

/// When a forgery of `croupier.round_starts` is made, for the auditor that finds it.
#[derive(Clone, Copy, PartialEq)]
enum Forged {
    /// Before the auditor's first pass: its replay finds it.
    BeforeTheReplay,
    /// After a pass replayed through the head: the next pass's hourly walk (or, for a
    /// round id past the replay's, its caught-up check) finds it.
    AfterTheReplay,
    /// After a pass, and more rounds synced since: the hourly walk's range holds events
    /// the replay passed and events it has not replayed yet (it goes on from where it
    /// was after the walk), and finds it among the first.
    AfterTheReplayThenMoreRounds,
}

/// Every row of `croupier.round_starts` (each round's opening: what the reports'
/// theoretical hold and its spread read, and the floor's index of rounds) is accounted
/// for: a round's row with a stake changed (or its figures made unreadable, or one of the
/// two changed or made unreadable), deleted, a row at an event that starts no round (a play step; before the
/// first event), a row past the head, a row at a round id past the replay's placed at an
/// event the replay passed — each made with the triggers disabled and the kept totals
/// moved to match — is refused by the auditor's replay (an alarm at its event, the
/// replay's fault) and the footer is FAILED, typed; a change made after the replay passed
/// it (a stake, a row past the head at an old round) is refused by the hourly walk, also
/// in a range the replay only half passed (rounds synced since).
#[test]
fn a_round_starts_row_no_event_gives_fails_the_audit_and_the_footer() {
    let Some(base) = server("stray starts") else {
        return;
    };
    // The round's opening's stakes squared made another's (its stakes doubled).
    let staked = "box_sq * 4, round_sq * 4";
    // (what, the forgery (R: the round, P: a play step of it, H: the head), when it is
    // made, the event the auditor names: S the round's start)
    use Forged::{AfterTheReplay, AfterTheReplayThenMoreRounds, BeforeTheReplay};
    let cases = [
        (
            "a stake changed",
            format!(
                "UPDATE croupier.round_starts SET (box_sq, round_sq) = ({staked}) WHERE tab = 1 AND round_id = R"
            ),
            BeforeTheReplay,
            "S",
        ),
        (
            "its figures made unreadable",
            "UPDATE croupier.round_starts SET (box_sq, round_sq) = (NULL, NULL) WHERE tab = 1 AND round_id = R"
                .to_string(),
            BeforeTheReplay,
            "S",
        ),
        (
            "one figure changed",
            "UPDATE croupier.round_starts SET round_sq = round_sq + 1 WHERE tab = 1 AND round_id = R"
                .to_string(),
            BeforeTheReplay,
            "S",
        ),
        (
            "one figure made unreadable",
            "UPDATE croupier.round_starts SET round_sq = NULL WHERE tab = 1 AND round_id = R"
                .to_string(),
            BeforeTheReplay,
            "S",
        ),
        (
            "a row deleted",
            "DELETE FROM croupier.round_starts WHERE tab = 1 AND round_id = R".to_string(),
            BeforeTheReplay,
            "S",
        ),
        (
            "a row at a play step",
            format!(
                "INSERT INTO croupier.round_starts SELECT tab, round_id, P, {staked}
                       FROM croupier.round_starts WHERE tab = 1 AND round_id = R"
            ),
            BeforeTheReplay,
            "P",
        ),
        (
            "a row before the first event",
            format!(
                "INSERT INTO croupier.round_starts SELECT tab, round_id, 0, {staked}
                       FROM croupier.round_starts WHERE tab = 1 AND round_id = R"
            ),
            BeforeTheReplay,
            "0",
        ),
        (
            "a row past the head",
            "INSERT INTO croupier.round_starts SELECT tab, round_id + 1000, H + 3, box_sq, round_sq
               FROM croupier.round_starts WHERE tab = 1 AND round_id = R"
                .to_string(),
            BeforeTheReplay,
            "H + 3",
        ),
        (
            "a stake changed, after the replay",
            format!(
                "UPDATE croupier.round_starts SET (box_sq, round_sq) = ({staked}) WHERE tab = 1 AND round_id = R"
            ),
            AfterTheReplay,
            "S",
        ),
        (
            "a row past the head at an old round, after the replay",
            format!(
                "INSERT INTO croupier.round_starts SELECT tab, round_id, H + 3, {staked}
                       FROM croupier.round_starts WHERE tab = 1 AND round_id = R"
            ),
            AfterTheReplay,
            "H + 3",
        ),
        (
            "a row at a new round id at a play step the replay passed",
            "INSERT INTO croupier.round_starts SELECT tab, round_id + 1000, P, box_sq, round_sq
               FROM croupier.round_starts WHERE tab = 1 AND round_id = R"
                .to_string(),
            BeforeTheReplay,
            "P",
        ),
        (
            "a stake changed, after the replay, in a walk's range it half passed",
            format!(
                "UPDATE croupier.round_starts SET (box_sq, round_sq) = ({staked}) WHERE tab = 1 AND round_id = R"
            ),
            AfterTheReplayThenMoreRounds,
            "S",
        ),
    ];
    for (i, (what, forge, when, named)) in cases.iter().enumerate() {
        let url = fresh_floor(&base, "straystarts");
        let path = common::fresh_dir(&format!("floor-stray-starts-{i}")).join("t.db");
        deal_and_sync(&url, &path, 1_767_600_000_000, 8, 3, 5);
        let head = last_seq(&path);
        let one = |sql: &str| -> i64 { client(&url).query_one(sql, &[]).unwrap().get(0) };
        // The first round settled (not voided) and its events.
        let round =
            one("SELECT round_id::int8 FROM croupier.rounds WHERE tab = 1 ORDER BY seq LIMIT 1");
        let settled =
            one("SELECT seq::int8 FROM croupier.rounds WHERE tab = 1 ORDER BY seq LIMIT 1");
        let start = one(&format!(
            "SELECT seq::int8 FROM croupier.events WHERE tab = 1 AND kind = 11 AND round_id = {round}"
        ));
        let step = one(&format!(
            "SELECT min(seq)::int8 FROM croupier.events
              WHERE tab = 1 AND octet_length(hash) = 0 AND seq > {start} AND seq < {settled}"
        ));
        let fill = |s: &str| {
            s.replace("round_id = R", &format!("round_id = {round}"))
                .replace(" P,", &format!(" {step},"))
                .replace("H + 3", &(head + 3).to_string())
        };
        let stray = match *named {
            "S" => start,
            "P" => step,
            "0" => 0,
            _ => head + 3,
        };
        let mut auditor = floor::Auditor::new(Floor::connect(&url).unwrap()).unwrap();
        if *when != BeforeTheReplay {
            let all = auditor.pass().unwrap();
            assert_eq!((all[0].through, &all[0].failed), (head, &None), "{what}");
        }
        if *when == AfterTheReplayThenMoreRounds {
            // An hour on, at the same table; the walk's one range holds both.
            play_and_sync(&url, &path, 1_767_603_600_000, 3);
            assert!(last_seq(&path) > head, "{what}: rounds synced since");
        }
        let starts = || -> String {
            client(&url)
                .query_one(
                    "SELECT md5(string_agg(round_id || ' ' || seq || ' ' || coalesce(box_sq::text, '-')
                                           || ' ' || coalesce(round_sq::text, '-'), ',' ORDER BY round_id, seq))
                       FROM croupier.round_starts WHERE tab = 1",
                    &[],
                )
                .unwrap()
                .get(0)
        };
        let before = starts();
        forge_starts(&url, settled, &fill(forge));
        assert_ne!(starts(), before, "{what}: the forgery changed round_starts");
        if *when != BeforeTheReplay {
            // The next pass walks the chain again from its genesis (due hourly).
            client(&url)
                .batch_execute(
                    "UPDATE croupier.chain_checked SET walked_at = walked_at - interval '3 hours',
                            walking = walking - interval '3 hours'",
                )
                .unwrap();
        }
        let all = auditor.pass().unwrap();
        drop(auditor);
        let words = format!("croupier.round_starts at event {stray} is not what the events give");
        let (seq, why) = all[0].failed.clone().unwrap_or_else(|| panic!("{what}"));
        assert!(seq == stray && why.contains(&words), "{what}: {seq} {why}");
        let failed: Option<i64> = client(&url)
            .query_one(
                "SELECT failed_seq FROM croupier.replayed WHERE tab = 1",
                &[],
            )
            .unwrap()
            .get(0);
        assert_eq!(failed, Some(stray), "{what}");
        assert!(
            alarms(&url)
                .iter()
                .any(|(s, w)| *s == stray && w.contains(&words)),
            "{what}: {:?}",
            alarms(&url)
        );
        match floor_verdict(&url) {
            Some(Verified::Failed(
                f @ VerifyFailure::StrayRound {
                    seq,
                    of: Derived::Starts,
                    ..
                },
            )) => {
                assert_eq!(seq, stray, "{what}");
                assert!(f.to_string().contains(&words), "{what}: {f}");
            }
            other => panic!("{what}: {other:?}"),
        }
        let (code, verdict, detail) = chain_verdict(&url);
        assert_eq!(
            (code, verdict.as_str()),
            (Some(1), "failed"),
            "{what}: {detail}"
        );
    }
}

/// A round started out of order (the last two rounds' ids swapped in every event of
/// theirs, the chain recomputed: as thorough as a forger gets; the first of them now
/// starts past a gap) is refused by the file's
/// own `verify` and by its sync (nothing from the start on sent) and, sent anyway by
/// calling `ingest`, by the floor's auditor in the same words: both run the replay, which
/// refuses it (`EventFault::RoundOutOfOrder`) before the auditor looks for its
/// `round_starts` row. An alarm and the recorded fault at the start, the footer FAILED
/// quoting them.
#[test]
fn a_round_started_out_of_order_is_refused_by_the_file_and_the_floor_alike() {
    let Some(base) = server("starts order") else {
        return;
    };
    let url = fresh_floor(&base, "startsorder");
    let path = common::fresh_dir("floor-starts-order").join("t.db");
    let clock = Ticking(std::sync::atomic::AtomicI64::new(1_767_600_000_000));
    let mut table = Store::open_with(&path, Box::new(clock)).unwrap();
    demo::live_play(&mut table, 5, 6, |_| {}).unwrap();
    let last: i64 = table
        .conn()
        .query_row("SELECT max(round_id) FROM round_figures", [], |r| r.get(0))
        .unwrap();
    drop(table);
    let swapped = [(last - 1, last), (last, last - 1)];
    let (forged, starts) = common::renumbered(&path, "forged", &swapped);
    let f = forged.to_str().unwrap();
    // The start of round `last`, now straight after round `last - 2`'s.
    let at = starts[starts.len() - 2];
    let words = format!(
        "round {last} started after round {}: rounds are numbered 1, 2, 3",
        last - 2
    );
    let (ok, _, out, err) = run(&["verify", "--db", f]);
    let said = format!("{out}{err}");
    assert!(
        !ok && said.contains(&format!("event {at} (round_started): {words}")),
        "{said}"
    );
    let (ok, _, out, err) = run(&["sync", "--db", f, "--floor", &url]);
    let said = format!("{out}{err}");
    assert!(!ok && said.contains(&words), "{said}");
    let head = |url: &str| -> i64 {
        client(url)
            .query_one("SELECT head_seq FROM croupier.tables WHERE tab = 1", &[])
            .unwrap()
            .get(0)
    };
    assert_eq!(
        head(&url),
        at - 1,
        "the sync sent nothing from the start on"
    );
    let (taken, _, problem) = ingest_file(&mut client(&url), &forged, at);
    assert_eq!(
        (taken, problem),
        (last_seq(&forged) - at + 1, None),
        "the chain holds"
    );
    let mut auditor = floor::Auditor::new(Floor::connect(&url).unwrap()).unwrap();
    let all = auditor.pass().unwrap();
    drop(auditor);
    let (seq, why) = all[0]
        .failed
        .clone()
        .expect("the auditor refuses the start");
    assert!(seq == at && why.contains(&words), "{seq} {why}");
    assert!(
        alarms(&url)
            .iter()
            .any(|(s, w)| *s == at && w.contains(&words)),
        "{:?}",
        alarms(&url)
    );
    match floor_verdict(&url) {
        Some(Verified::Failed(VerifyFailure::AuditorRefuses { seq, why, .. })) => {
            assert!(seq == at && why.contains(&words), "{seq} {why}");
        }
        other => panic!("{other:?}"),
    }
}

/// The replay's chunks small (`CROUPIER_TEST_CHUNK`, rounds spanning two of them): each
/// chunk holds the `round_starts` rows of the round ids it opened, so an intact floor
/// passes, and a stake changed in the last round (a later chunk's round ids) is refused at
/// its opening.
#[test]
fn the_round_starts_rows_are_held_chunk_by_chunk() {
    let Some(base) = server("starts chunks") else {
        return;
    };
    let url = fresh_floor(&base, "startschunks");
    let path = common::fresh_dir("floor-starts-chunks").join("t.db");
    deal_and_sync(&url, &path, 1_767_600_000_000, 8, 3, 5);
    let audit = || {
        Command::new(env!("CARGO_BIN_EXE_croupier"))
            .args(["floor-audit", "--floor", &url])
            .env("CROUPIER_TEST_CHUNK", "4")
            .output()
            .unwrap()
    };
    let out = audit();
    assert!(out.status.success(), "{out:?}");
    assert!(alarms(&url).is_empty(), "{:?}", alarms(&url));
    let one = |sql: &str| -> i64 { client(&url).query_one(sql, &[]).unwrap().get(0) };
    let round =
        one("SELECT round_id::int8 FROM croupier.rounds WHERE tab = 1 ORDER BY seq DESC LIMIT 1");
    let settled =
        one("SELECT seq::int8 FROM croupier.rounds WHERE tab = 1 ORDER BY seq DESC LIMIT 1");
    let start = one(&format!(
        "SELECT seq::int8 FROM croupier.events WHERE tab = 1 AND kind = 11 AND round_id = {round}"
    ));
    assert!(
        start > 4 * 10,
        "the round opens past the first chunks: {start}"
    );
    forge_starts(
        &url,
        settled,
        &format!(
            "UPDATE croupier.round_starts SET (box_sq, round_sq) = (box_sq * 4, round_sq * 4)
              WHERE tab = 1 AND round_id = {round}"
        ),
    );
    // A new run replays from the genesis.
    let out = audit();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let failed: Option<i64> = client(&url)
        .query_one(
            "SELECT failed_seq FROM croupier.replayed WHERE tab = 1",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(failed, Some(start));
}

/// The indexes of a month's events partition and of `croupier.rounds`, with the file each
/// is stored in (a reindex writes each anew).
fn index_files(admin: &mut postgres::Client, partition: &str) -> Vec<(String, u32)> {
    admin
        .query(
            "SELECT c.relname::text, pg_relation_filenode(c.oid)::int8 FROM pg_index x
               JOIN pg_class c ON c.oid = x.indexrelid
              WHERE x.indrelid IN ('croupier.rounds'::regclass, ('croupier.' || $1)::regclass)
              ORDER BY 1",
            &[&partition],
        )
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get::<_, i64>(1) as u32))
        .collect()
}

/// Issue 25 (README, "Compacting a closed month"): `floor-compact` builds a closed month's
/// events partition's indexes and the settlements' again (each in a new file), and the
/// table's next sync is in step with the floor after it; a text that is no month, a month
/// not ended, a month the floor holds no events of and a table's own role are refused,
/// each saying why, and change nothing.
#[test]
fn a_closed_month_is_compacted_by_the_floors_owner_only() {
    let Some(base) = server("compact") else {
        return;
    };
    let url = fresh_floor(&base, "compact");
    let (ok, _, out, err) = run(&["floor-init", "--floor", &url]);
    assert!(ok, "{out}{err}");
    let role = format!("tab_c_{}", std::process::id());
    let mut admin = client(&url);
    admin
        .batch_execute(&format!("CREATE ROLE {role} LOGIN IN ROLE croupier_table"))
        .unwrap();
    let db = demo_file("compact", 40, 9, 0);
    let d = db.to_str().unwrap();
    let u = as_role(&url, &role);
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &u]);
    assert!(ok, "{out}{err}");
    let month: String = admin
        .query_one(
            "SELECT to_char(to_timestamp(min(at) / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM') FROM croupier.events",
            &[],
        )
        .unwrap()
        .get(0);
    let partition = format!("events_{}", month.replace('-', "_"));
    let before = index_files(&mut admin, &partition);
    assert!(before.len() >= 6, "{before:?}");
    for (who, m, want) in [
        (&url, "2026-13", "expected a UTC month as YYYY-MM"),
        (&url, "26-01", "expected a UTC month as YYYY-MM"),
        (&url, "2999-01", "that month has not ended"),
        (&url, "2001-01", "holds no events partition for 2001-01"),
        (&u, month.as_str(), "must be run by the floor's owner"),
    ] {
        let (ok, _, out, err) = run(&["floor-compact", "--floor", who, "--month", m]);
        assert!(!ok && err.contains(want), "{m}: {out}{err}");
    }
    assert_eq!(
        index_files(&mut admin, &partition),
        before,
        "a refusal changed nothing"
    );
    // What a reindex stopped half way leaves: an index marked invalid.
    admin
        .batch_execute(
            "CREATE INDEX rounds_round_ccnew ON croupier.rounds (tab, round_id);
             UPDATE pg_index SET indisvalid = false
              WHERE indexrelid = 'croupier.rounds_round_ccnew'::regclass",
        )
        .unwrap();
    let (ok, _, out, err) = run(&["floor-compact", "--floor", &url, "--month", &month]);
    assert!(
        !ok && err.contains("invalid indexes are left") && err.contains("rounds_round_ccnew"),
        "{out}{err}"
    );
    admin
        .batch_execute("DROP INDEX croupier.rounds_round_ccnew")
        .unwrap();
    assert_eq!(index_files(&mut admin, &partition), before);
    let (ok, _, out, err) = run(&["floor-compact", "--floor", &url, "--month", &month]);
    assert!(
        ok && out.contains(&format!("croupier.{partition} reindexed")),
        "{out}{err}"
    );
    let after = index_files(&mut admin, &partition);
    assert_eq!(after.len(), before.len(), "{after:?}");
    for (b, a) in before.iter().zip(&after) {
        assert!(b.0 == a.0 && b.1 != a.1, "{b:?} -> {a:?}: not built again");
    }
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &u]);
    assert!(ok && out.contains("in sync"), "{out}{err}");
}
