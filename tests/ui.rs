//! The dealer screen, played by keystrokes with egui_kittest (no display needed): whole
//! rounds, what the screen shows, and what the database holds afterwards. Each scenario is
//! data: bets, keys, the nets the log must hold and words the screen must show.

use std::path::PathBuf;

use croupier::audit::replay;
use croupier::audit::users::{self, Role};
use croupier::audit::{ManualClock, Store};
use croupier::ui::{DealerApp, Screen};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use serde_json::{Value, json};

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("croupier-ui-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("table.db")
}

/// The dealer screen on a database, 1280×800, no display needed.
fn screen(path: &std::path::Path) -> Harness<'static, DealerApp> {
    let app = DealerApp::open(path.to_path_buf());
    Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut DealerApp| app.ui(ui), app)
}

/// Types a name and PIN on the login screen and presses Enter.
fn log_in(h: &mut Harness<'static, DealerApp>, name: &str, pin: &str) {
    h.get_by_label("Name").click();
    h.run();
    h.get_by_label("Name").type_text(name);
    h.get_by_label("PIN").click();
    h.run();
    h.get_by_label("PIN").type_text(pin);
    h.key_press(Key::Enter);
    h.run();
}

/// A database with a dealer, and the app logged in with an open czech table (5–500).
fn dealer_at_table(name: &str) -> (Harness<'static, DealerApp>, PathBuf) {
    let path = temp_db(name);
    {
        let mut store =
            Store::open_with(&path, Box::new(ManualClock::new(1_767_600_000_000))).unwrap();
        let admin =
            users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
        users::add_user(
            &mut store,
            "Jana Svoboda",
            Role::Dealer,
            "1001",
            Some(&admin),
        )
        .unwrap();
    }
    let mut h = screen(&path);
    assert_eq!(h.state().screen(), Screen::Login);
    log_in(&mut h, "Jana Svoboda", "1001");
    assert_eq!(
        h.state().screen(),
        Screen::Setup,
        "{:?}",
        h.state().status()
    );
    // The chosen rules' edge, from the house-edge lab (czech favours the best play).
    assert!(
        h.query_by_label_contains("house edge -1.33% of the initial stake")
            .is_some()
    );
    h.get_by_label("Open table (Enter)").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Bets, "{:?}", h.state().status());
    (h, path)
}

fn key_of(k: &str) -> Key {
    match k {
        "A" => Key::A,
        "2" => Key::Num2,
        "3" => Key::Num3,
        "4" => Key::Num4,
        "5" => Key::Num5,
        "6" => Key::Num6,
        "7" => Key::Num7,
        "8" => Key::Num8,
        "9" => Key::Num9,
        "0" | "T" | "10" => Key::T,
        "J" => Key::J,
        "Q" => Key::Q,
        "K" => Key::K,
        "S" => Key::S,
        "W" => Key::W,
        "B" => Key::B,
        "P" => Key::P,
        "R" => Key::R,
        "I" => Key::I,
        "E" => Key::E,
        "D" => Key::D,
        "U" => Key::U,
        "Down" => Key::ArrowDown,
        "Enter" => Key::Enter,
        other => panic!("no key {other}"),
    }
}

struct Scenario {
    name: &'static str,
    /// (bet id as labelled on the bets screen, stake)
    bets: &'static [(&'static str, &'static str)],
    /// Keys after the bets are typed: the first card key deals.
    keys: &'static [&'static str],
    /// Words the status line shows at some point (checked after the key at that index).
    shows: &'static [(usize, &'static str)],
    nets: Value,
    /// Event kinds the log must hold, with counts.
    logged: &'static [(&'static str, i64)],
}

fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "plain round: 17 against 17 loses",
            bets: &[("1a", "10")],
            keys: &["9", "7", "8", "S", "K"],
            shows: &[(4, "round settled")],
            nets: json!([{"id": "1a", "net": -10}]),
            logged: &[("step", 5), ("round_settled", 1)],
        },
        Scenario {
            name: "split, resplit, three hands win against a dealer bust",
            bets: &[("1a", "10")],
            keys: &[
                "8", "6", "8", "P", "8", "P", "10", "S", "9", "S", "2", "S", "K", "K",
            ],
            shows: &[(3, "OK split"), (5, "OK split")],
            nets: json!([{"id": "1a", "net": 30}]),
            logged: &[("step", 14)],
        },
        Scenario {
            name: "even money for a pontoon, insurance for a pair, dealer makes pontoon",
            bets: &[("1a", "10"), ("2a", "20")],
            keys: &["K", "9", "A", "A", "9", "E", "I", "S", "K"],
            shows: &[(5, "OK even-money 1a"), (6, "OK insure 2a 10")],
            nets: json!([{"id": "1a", "net": 10}, {"id": "2a", "net": 0}]),
            logged: &[("step", 9)],
        },
        Scenario {
            name: "surrender gives up the box, half back",
            bets: &[("1a", "10")],
            keys: &["10", "6", "6", "R"],
            shows: &[(3, "round settled")],
            nets: json!([{"id": "1a", "net": -5}]),
            logged: &[("step", 4)],
        },
        Scenario {
            name: "a back bet declines a buy and still wins on its own stake",
            bets: &[("1a", "10"), ("1b", "10")],
            keys: &["5", "9", "6", "D", "B", "9", "S", "8"],
            shows: &[(3, "OK decline 1b"), (4, "OK buy")],
            nets: json!([{"id": "1a", "net": 20}, {"id": "1b", "net": 10}]),
            logged: &[("step", 8)],
        },
        Scenario {
            name: "undo takes back a wrong card (a bust that did not end the round)",
            bets: &[("1a", "10"), ("2a", "10")],
            keys: &["9", "5", "7", "8", "6", "W", "K", "U", "2", "S", "S", "10"],
            shows: &[(6, "OK K"), (7, "undone: K")],
            nets: json!([{"id": "1a", "net": 10}, {"id": "2a", "net": -10}]),
            logged: &[("step", 11), ("undo", 1)],
        },
        Scenario {
            name: "a refused key says why and is logged; nothing moves",
            bets: &[("1a", "10")],
            keys: &["9", "7", "8", "5", "P", "S", "10"],
            shows: &[
                (3, "REFUSED 5: a card is not wanted now: a decision is due"),
                (4, "REFUSED split: 9 and 8 are not a pair"),
            ],
            nets: json!([{"id": "1a", "net": -10}]),
            logged: &[("step", 5), ("step_refused", 2)],
        },
    ]
}

fn logged_count(store: &Store, kind: &str) -> i64 {
    store
        .conn()
        .query_row(
            "SELECT count(*) FROM event_log WHERE kind = ?1",
            [kind],
            |r| r.get(0),
        )
        .unwrap()
}

#[test]
fn whole_rounds_by_keyboard() {
    for (n, sc) in scenarios().into_iter().enumerate() {
        let (mut h, path) = dealer_at_table(&format!("s{n}"));
        for (id, stake) in sc.bets {
            h.get_by_label(id).click();
            h.run();
            h.get_by_label(id).type_text(stake);
            h.run();
        }
        // Leave the text field so that card keys reach the table.
        h.key_press(Key::Escape);
        h.run();
        let keys_before = h.state().keystrokes;
        for (i, k) in sc.keys.iter().enumerate() {
            h.key_press(key_of(k));
            h.run();
            for (at, words) in sc.shows {
                if *at == i {
                    let status = h.state().status().unwrap_or("").to_string();
                    assert!(
                        status.contains(words),
                        "{}: after key {i} ({k}) the status is {status:?}, wanted {words:?}",
                        sc.name
                    );
                }
            }
        }
        assert_eq!(
            h.state().screen(),
            Screen::Settled,
            "{}: {:?}",
            sc.name,
            h.state().status()
        );
        // The settlement screen shows what to pay or collect.
        assert!(
            h.query_by_label_contains("house net").is_some(),
            "{}",
            sc.name
        );
        // One key confirms and starts the next round.
        h.key_press(Key::Enter);
        h.run();
        assert_eq!(h.state().screen(), Screen::Bets, "{}", sc.name);
        let keys = h.state().keystrokes - keys_before;
        drop(h);
        let store = Store::open_read(&path).unwrap();
        let (_, settled) = replay::export_round(&store, 1).unwrap();
        let settled: serde_json::Value = serde_json::from_str(
            &croupier::audit::payload::Payload::RoundSettled(settled).to_text(),
        )
        .unwrap();
        assert_eq!(settled["nets"], sc.nets, "{}", sc.name);
        for (kind, count) in sc.logged {
            assert_eq!(logged_count(&store, kind), *count, "{}: {kind}", sc.name);
        }
        replay::verify(&store, |_| {}).unwrap();
        // Keystrokes: every key was a card or a decision, plus the one confirming key.
        assert_eq!(keys as usize, sc.keys.len() + 1, "{}", sc.name);
    }
}

#[test]
fn a_round_in_play_survives_closing_the_window() {
    let (mut h, path) = dealer_at_table("close");
    h.get_by_label("3a").click();
    h.run();
    h.get_by_label("3a").type_text("25");
    h.key_press(Key::Escape);
    h.run();
    for k in ["9", "5", "7", "W"] {
        h.key_press(key_of(k));
        h.run();
    }
    let before = h.state().round().unwrap().expected();
    drop(h); // the window closes mid-round (or the process dies)

    let mut h = screen(&path);
    log_in(&mut h, "Jana Svoboda", "1001");
    h.get_by_label("Resume Pontoon 1 (round in play)").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Play);
    assert_eq!(h.state().round().unwrap().expected(), before);
    assert!(
        h.query_by_label_contains(&format!("NEXT: {before}"))
            .is_some()
    );
    let _ = path;
}

#[test]
fn the_first_run_creates_the_first_admin() {
    let path = temp_db("first");
    let mut h = screen(&path);
    assert_eq!(h.state().screen(), Screen::FirstAdmin);
    for (label, text) in [
        ("Name", "Admin"),
        ("PIN", "482193"),
        ("PIN again", "482193"),
    ] {
        h.get_by_label(label).click();
        h.run();
        h.get_by_label(label).type_text(text);
    }
    h.key_press(Key::Enter);
    h.run();
    assert!(
        h.state()
            .status()
            .unwrap()
            .contains("shared or generic accounts are not allowed")
    );
    h.get_by_label("Name").click();
    h.run();
    h.get_by_label("Name").type_text(" Novak"); // "Admin Novak"
    h.get_by_label("Create admin (Enter)").click();
    h.run();
    assert_eq!(
        h.state().screen(),
        Screen::Login,
        "{:?}",
        h.state().status()
    );
}

/// A supervisor finds a round in the history, steps through it, previews a correction and
/// voids it with a reason; the void is in the log and `verify` still passes.
#[test]
fn the_supervisor_desk_voids_a_round_with_a_reason() {
    let path = temp_db("desk");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args([
            "demo",
            "--db",
            path.to_str().unwrap(),
            "--rounds",
            "120",
            "--tables",
            "1",
            "--seed",
            "2",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let mut h = screen(&path);
    log_in(&mut h, "Petr Novak", "800100");
    h.get_by_label("Supervisor desk").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Desk);
    h.get_by_label("Dealer").click();
    h.run();
    h.get_by_label("Dealer").type_text("Jana");
    h.get_by_label("Box").click();
    h.run();
    h.get_by_label("Box").type_text("9");
    h.get_by_label("Search").click();
    h.run();
    assert!(
        h.state()
            .status()
            .unwrap()
            .contains("expected a box number"),
        "{:?}",
        h.state().status()
    );
    h.get_by_label("Box").click();
    h.run();
    h.key_press(Key::Backspace);
    h.get_by_label("Box").type_text("7");
    h.run();
    h.get_by_label("Search").click();
    h.run();
    assert!(
        h.state().status().unwrap().ends_with("rounds found"),
        "{:?}",
        h.state().status()
    );
    h.get_by_label("Open 118").click();
    h.run();
    assert!(h.state().status().unwrap().contains("round 118 open"));
    h.get_by_label("|< first").click();
    h.run();
    assert!(
        h.query_by_label_contains("bets [").is_some(),
        "the first event of a round is its bets"
    );
    h.get_by_label("Preview correction").click();
    h.run();
    assert!(
        h.state()
            .status()
            .unwrap()
            .contains("preview: nothing written yet"),
        "{:?}",
        h.state().status()
    );
    h.get_by_label("Void round").click();
    h.run();
    assert!(
        h.state().status().unwrap().contains("give a reason"),
        "{:?}",
        h.state().status()
    );
    h.get_by_label("Reason").click();
    h.run();
    h.get_by_label("Reason")
        .type_text("player dispute: card entered twice");
    h.get_by_label("Void round").click();
    h.run();
    assert!(
        h.state().status().unwrap().contains("round 118 voided"),
        "{:?}",
        h.state().status()
    );
    drop(h);
    let store = Store::open_read(&path).unwrap();
    let reason: String = store
        .conn()
        .query_row("SELECT json_extract(data, '$.reason') FROM event_log WHERE kind = 'round_voided' AND round_id = 118", [], |r| r.get(0))
        .unwrap();
    assert_eq!(reason, "player dispute: card entered twice");
    replay::verify(&store, |_| {}).unwrap();
}

/// Insurance for less than the most: the amount typed beside the bet; too much is refused
/// with the limit, and nothing changes.
#[test]
fn insurance_of_a_typed_amount() {
    let (mut h, path) = dealer_at_table("insure");
    h.get_by_label("1a").click();
    h.run();
    h.get_by_label("1a").type_text("10");
    h.key_press(Key::Escape);
    h.run();
    for k in ["9", "A", "9"] {
        h.key_press(key_of(k));
        h.run();
    }
    h.get_by_label("amount for 1a").click();
    h.run();
    h.get_by_label("amount for 1a").type_text("6");
    h.get_by_label("Insure (up to 5)").click();
    h.run();
    assert!(
        h.state()
            .status()
            .unwrap()
            .contains("must be more than 0 and at most 5"),
        "{:?}",
        h.state().status()
    );
    h.get_by_label("amount for 1a").click();
    h.run();
    h.key_press(Key::Backspace);
    h.get_by_label("amount for 1a").type_text("3");
    h.get_by_label("Insure (up to 5)").click();
    h.run();
    assert!(
        h.state().status().unwrap().contains("OK insure 1a 3"),
        "{:?}",
        h.state().status()
    );
    h.key_press(Key::Escape);
    h.run();
    for k in ["S", "K"] {
        h.key_press(key_of(k));
        h.run();
    }
    assert_eq!(h.state().screen(), Screen::Settled);
    drop(h);
    let store = Store::open_read(&path).unwrap();
    let (_, settled) = replay::export_round(&store, 1).unwrap();
    let settled: serde_json::Value =
        serde_json::from_str(&croupier::audit::payload::Payload::RoundSettled(settled).to_text())
            .unwrap();
    // 18 loses to the dealer's pontoon (−10); the insurance of 3 pays 2:1 (+6).
    assert_eq!(settled["nets"], json!([{"id": "1a", "net": -4}]));
}

/// Logging out closes the table and logs both; the next dealer starts from the login.
#[test]
fn logging_out_closes_the_table_in_the_log() {
    let (mut h, path) = dealer_at_table("logout");
    h.get_by_label("Log out").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Login);
    drop(h);
    let store = Store::open_read(&path).unwrap();
    assert_eq!(logged_count(&store, "table_closed"), 1);
    assert_eq!(logged_count(&store, "logout"), 1);
}

/// A table another program drives (a feed holds the writer's lock): the screen opens the
/// database read-only, follows the round as inputs are logged, and no key writes anything.
#[test]
fn a_table_driven_elsewhere_is_watched_read_only() {
    use croupier::audit::TableSession;
    use croupier::engine::{BetSpec, Limits, Money, Rules};
    let path = temp_db("watch");
    let mut store = Store::open_with(&path, Box::new(ManualClock::new(1_767_600_000_000))).unwrap();
    let admin = users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
    let rules = Rules::preset("czech").unwrap();
    let mut t = TableSession::open(
        &mut store,
        admin,
        "Pontoon 1",
        rules,
        Some("czech"),
        Limits::NONE,
    )
    .unwrap();
    let bet = |id: &str, b: u8| BetSpec {
        id: id.into(),
        box_no: b,
        stake: Money::units(10),
    };
    t.start_round(&mut store, vec![bet("1a", 1), bet("2a", 2)])
        .unwrap();
    t.input_text(&mut store, "9").unwrap();
    // The writer (this process, as a feed would be) still holds the file.
    let mut h = screen(&path);
    assert_eq!(
        h.state().screen(),
        Screen::Watch,
        "{:?}",
        h.state().status()
    );
    h.step();
    let shown = |h: &Harness<'static, DealerApp>| h.state().round().map(|r| r.expected());
    assert_eq!(shown(&h), t.round().map(|r| r.expected()));
    assert!(h.query_by_label_contains("Watching").is_some());
    // The feed goes on; the screen follows.
    for text in ["5", "7"] {
        t.input_text(&mut store, text).unwrap();
    }
    h.step();
    assert_eq!(shown(&h), t.round().map(|r| r.expected()));
    assert!(
        h.query_by_label_contains(&format!("next: {}", t.round().unwrap().expected()))
            .is_some()
    );
    // Keys do nothing here: the log does not move, and nothing was counted as acted on.
    let head = store.head();
    for key in [Key::K, Key::S, Key::Enter, Key::U] {
        h.key_press(key);
        h.step();
    }
    assert_eq!(h.state().keystrokes, 0);
    assert_eq!(store.last_seq().unwrap(), head.0);
    assert_eq!(shown(&h), t.round().map(|r| r.expected()));
}

/// A supervisor at a table looks at the desk and comes back to the round as it waited;
/// a table is closed without logging out.
#[test]
fn the_desk_from_a_table_and_closing_a_table_without_logging_out() {
    let path = temp_db("desk-from-table");
    {
        let mut store =
            Store::open_with(&path, Box::new(ManualClock::new(1_767_600_000_000))).unwrap();
        users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
    }
    let mut h = screen(&path);
    log_in(&mut h, "Irena Dvorak", "900000");
    h.get_by_label("Open table (Enter)").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Bets, "{:?}", h.state().status());
    h.get_by_label("1a").click();
    h.run();
    h.get_by_label("1a").type_text("20");
    h.run();
    h.key_press(Key::Escape);
    h.run();
    for k in [Key::Num9, Key::K] {
        h.key_press(k);
        h.run();
    }
    assert_eq!(h.state().screen(), Screen::Play);
    let waiting = h.state().round().map(|r| r.expected());
    h.get_by_label("Supervisor desk").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Desk);
    h.get_by_label("< Back to the tables").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Play, "back at the table");
    assert_eq!(h.state().round().map(|r| r.expected()), waiting);
    h.get_by_label("Close table").click();
    h.run();
    assert_eq!(
        h.state().screen(),
        Screen::Setup,
        "{:?}",
        h.state().status()
    );
    assert!(h.state().status().unwrap_or("").contains("closed"));
    assert!(
        h.query_by_label_contains("Irena Dvorak (admin)").is_some(),
        "still logged in"
    );
    drop(h);
    let store = Store::open_read(&path).unwrap();
    assert_eq!(logged_count(&store, "table_closed"), 1);
    assert_eq!(logged_count(&store, "logout"), 0);
}
