//! The dealer screen, played by keystrokes with egui_kittest (no display needed): whole
//! rounds, what the screen shows, and what the database holds afterwards. Each scenario is
//! data: bets, keys, the nets the log must hold and words the screen must show.

use std::path::{Path, PathBuf};

use croupier::log::{ManualClock, Store};
use croupier::session::replay;
use croupier::session::settings;
use croupier::session::users::{self, Role};
use croupier::ui::{DealerApp, Screen};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use serde_json::{Value, json};

mod common;
#[path = "common/ui.rs"]
mod ui_common;
use common::{ADMIN, DEALER, SUPERVISOR, login};
use ui_common::{H, focused, full_table_in, log_in, log_in_labelled, screen, temp_db};

/// A database with a dealer, and the app logged in with an open czech table (5–500).
fn dealer_at_table(name: &str) -> (Harness<'static, DealerApp>, PathBuf) {
    let path = temp_db(name);
    {
        let mut store = common::store_at_t0(&path);
        common::add_staff(&mut store, &[DEALER]);
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
    // The chosen rules' edge, from the house-edge lab (czech favours the best play),
    // solved on a thread of its own: the screen says so meanwhile and never waits.
    wait_for_edge(&mut h, "house edge -1.33% of the initial stake");
    // Below zero, the screen says in words that the rules give the players the edge.
    assert!(
        h.query_by_label_contains(
            "These rules give the players the edge: a player who plays the best strategy \
             wins 1.33% of the initial stake"
        )
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
        let settled: serde_json::Value =
            serde_json::from_str(&croupier::log::payload::Payload::RoundSettled(settled).to_text())
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
    // The refused name gets the cursor back: the fix is typed with no click.
    assert!(
        focused(&h, "Name"),
        "after the refusal the cursor is in Name"
    );
    h.get_by_label("Name").type_text(" Novak"); // "Admin Novak"
    h.get_by_label("PIN again").click();
    h.run();
    h.get_by_label("PIN again").type_text("0");
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state().status().unwrap().contains("the two PINs differ"));
    assert!(
        focused(&h, "PIN"),
        "after differing PINs the cursor is in PIN"
    );
    for (label, text) in [("PIN", "482193"), ("PIN again", "482193")] {
        h.get_by_label(label).click();
        h.run();
        h.get_by_label(label).type_text(text);
    }
    h.get_by_label("Create admin (Enter)").click();
    h.run();
    assert_eq!(
        h.state().screen(),
        Screen::Login,
        "{:?}",
        h.state().status()
    );
}

/// The first admin may choose the language on the first screen: the screens switch at
/// once, and the language is saved as the admin's.
#[test]
fn the_first_admin_chooses_a_language() {
    use croupier::i18n::Lang;
    let path = temp_db("first-uk");
    let mut h = screen(&path);
    h.get_by_label("Українська").click();
    h.run();
    assert!(
        h.query_by_label("Перший запуск: створіть першого адміністратора")
            .is_some()
    );
    for (label, text) in [
        ("Ім'я", "Olena Koval"),
        ("PIN", "482193"),
        ("PIN ще раз", "482193"),
    ] {
        h.get_by_label(label).click();
        h.run();
        h.get_by_label(label).type_text(text);
    }
    h.get_by_label("Створити адміністратора (Enter)").click();
    h.run();
    assert_eq!(
        h.state().screen(),
        Screen::Login,
        "{:?}",
        h.state().status()
    );
    assert_eq!(
        h.state().status(),
        Some("Olena Koval — перший адміністратор: увійдіть")
    );
    drop(h);
    let store = Store::open_read(&path).unwrap();
    let olena = users::find_user(&store, "Olena Koval").unwrap().unwrap();
    assert_eq!(settings::language(&store, &olena).unwrap(), Some(Lang::Uk));
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
    searched(&mut h);
    assert!(
        h.state().status().unwrap().ends_with("rounds found"),
        "{:?}",
        h.state().status()
    );
    h.get_by_label("Open 118").click();
    h.run();
    assert!(
        h.state().status().unwrap().contains("round 118 open"),
        "{:?}",
        h.state().status()
    );
    h.get_by_label("|< first").click();
    h.run();
    assert!(
        h.query_by_label_contains("bets: ").is_some(),
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
    h.get_by_label("Yes, void round 118").click();
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

/// A void and a correction each ask first (nothing is logged until the yes, a cancel logs
/// nothing); the list marks the round at once; the next round's form starts empty.
#[test]
fn the_desk_confirms_a_change_then_marks_it_in_the_list() {
    let path = demo_db("desk-confirm", "120", "1");
    let mut h = screen(&path);
    log_in(&mut h, "Petr Novak", "800100");
    h.get_by_label("Supervisor desk").click();
    h.run();
    let newest = listed(&h)[0];
    let second = listed(&h)[1];
    h.get_by_label(&format!("Open {newest}")).click();
    h.run();
    // The panel is below the felt and the inputs: scrolled to, as a supervisor would.
    h.get_by_label("Void round").scroll_to_me();
    h.run();
    h.get_by_label("Reason").click();
    h.run();
    h.get_by_label("Reason").type_text("card entered twice");
    h.get_by_label("Void round").click();
    h.run();
    let logged = |kind: &str| logged_count(&Store::open_read(&path).unwrap(), kind);
    assert_eq!(
        logged("round_voided"),
        0,
        "nothing is logged before the yes"
    );
    assert_eq!(
        h.state().status(),
        Some(format!("confirm the void of round {newest} below").as_str())
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(
        h.state().status(),
        Some("nothing logged: the change was cancelled")
    );
    h.get_by_label("Void round").click();
    h.run();
    h.get_by_label(&format!("Yes, void round {newest}")).click();
    h.run();
    assert_eq!(logged("round_voided"), 1);
    h.get_by_label("Round history").click();
    h.run();
    // Marked at once, with no "Latest".
    assert!(h.query_by_label(&format!("Open {newest} (void)")).is_some());
    assert!(
        h.query_all_by_value("VOIDED").next().is_some(),
        "the void is marked on its row"
    );
    h.get_by_label(&format!("Open {second}")).click();
    h.run();
    h.get_by_label("Void round").scroll_to_me();
    h.run();
    assert!(
        h.query_all_by_value("card entered twice").next().is_none(),
        "the next round's reason starts empty"
    );
    h.get_by_label("Reason").click();
    h.run();
    h.get_by_label("Reason").type_text("wrong card keyed");
    h.get_by_label("Log correction").click();
    h.run();
    assert_eq!(
        logged("round_corrected"),
        0,
        "nothing is logged before the yes"
    );
    h.get_by_label(&format!("Yes, correct round {second}"))
        .click();
    h.run();
    assert_eq!(logged("round_corrected"), 1);
    h.get_by_label("Round history").click();
    h.run();
    assert!(
        h.query_all_by_value("CORRECTED").next().is_some(),
        "the correction is marked on its row"
    );
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
    h.get_by_label("Insure (up to 5.00)").click();
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
    h.get_by_label("Insure (up to 5.00)").click();
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
        serde_json::from_str(&croupier::log::payload::Payload::RoundSettled(settled).to_text())
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
    // The next dealer switches the login to Czech: the notice follows.
    assert_eq!(h.state().status(), Some("logged out"));
    h.get_by_label("Čeština").click();
    h.run();
    assert_eq!(h.state().status(), Some("odhlášeno"));
    drop(h);
    let store = Store::open_read(&path).unwrap();
    assert_eq!(logged_count(&store, "table_closed"), 1);
    assert_eq!(logged_count(&store, "logout"), 1);
}

/// A table another program drives (a feed holds the writer's lock): the screen opens the
/// database read-only, follows the round as inputs are logged, and no key writes anything.
#[test]
fn a_table_driven_elsewhere_is_watched_read_only() {
    use croupier::engine::{BetSpec, Limits, Money, Rules};
    use croupier::session::TableSession;
    let path = temp_db("watch");
    let mut store = common::store_at_t0(&path);
    let admin = common::add_staff(&mut store, &[]);
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
    // The round is settled: its settlement stays on screen between rounds.
    for _ in 0..40 {
        if t.round().is_none() {
            break;
        }
        if t.input_text(&mut store, "stick").is_err() {
            let _ = t.input_text(&mut store, "5");
        }
    }
    assert!(t.round().is_none(), "the feed settled its round");
    h.step();
    assert!(
        h.query_by_label_contains("Last round: ").is_some(),
        "{:?}",
        texts(&h)
    );
    assert!(h.query_by_label_contains("Between rounds").is_some());
    // The feed closes the table and exits: the screen says so and waits for no bets.
    t.close(&mut store).unwrap();
    drop(store);
    h.step();
    assert!(h.query_by_label_contains("The table was closed").is_some());
    assert!(h.query_by_label_contains("Between rounds").is_none());
    // The feed has exited (its lock is free): the screen stops watching and says so, and
    // works on the database itself from the login.
    h.step();
    assert_eq!(h.state().screen(), Screen::Login, "{:?}", texts(&h));
    let said = h.state().status().unwrap_or("").to_string();
    assert!(said.contains("has exited"), "{said}");
    log_in(&mut h, "Irena Dvorak", "900000");
    assert_eq!(
        h.state().screen(),
        Screen::Setup,
        "{:?}",
        h.state().status()
    );
}

/// A supervisor at a table looks at the desk and comes back to the round as it waited;
/// a table is closed without logging out.
#[test]
fn the_desk_from_a_table_and_closing_a_table_without_logging_out() {
    let path = temp_db("desk-from-table");
    {
        let mut store = common::store_at_t0(&path);
        common::add_staff(&mut store, &[]);
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
    // A round is in play: the screen asks first.
    assert_eq!(h.state().screen(), Screen::Play);
    h.get_by_label("Close the table, the round stays open")
        .click();
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

/// The cursor starts in the first run's Name field with no click, in a window of any size
/// and after the window loses and regains the keyboard; typing lands there.
#[test]
fn the_cursor_starts_in_the_first_field() {
    let path = temp_db("focus");
    let mut h = screen(&path);
    assert_eq!(h.state().screen(), Screen::FirstAdmin);
    assert!(focused(&h, "Name"), "first run: the cursor is in Name");
    h.get_by_label("Name").type_text("Admin Novak");
    h.run();
    assert!(focused(&h, "Name"));
    drop(h);
    let mut h = screen(&path);
    assert_eq!(h.state().screen(), Screen::FirstAdmin);
    h.set_size(egui::Vec2::new(1920.0, 1080.0)); // the zoom changes
    h.input_mut().focused = false;
    h.run();
    h.input_mut().focused = true;
    h.run();
    assert!(focused(&h, "Name"), "the cursor stays in Name");
    let typed: Vec<_> = "Irena".chars().collect();
    for c in typed {
        h.event(egui::Event::Text(c.to_string()));
    }
    h.run();
    assert!(
        !h.query_all_by_value("Irena").collect::<Vec<_>>().is_empty(),
        "typing with no click lands in Name"
    );
}

/// Every text on screen, in the order it is laid out (for asserting what a screen reads).
fn texts(h: &Harness<'static, DealerApp>) -> Vec<String> {
    h.root()
        .children_recursive()
        .filter_map(|n| {
            // A label's text is its value (AccessKit), a button's its label.
            let a = n.accesskit_node();
            a.label().or_else(|| a.value())
        })
        .collect()
}

/// Whether `want` appears in `got` in this order (other texts may come between).
fn in_order(got: &[String], want: &[&str]) -> bool {
    let mut rest = got.iter();
    want.iter().all(|w| rest.any(|g| g == w))
}

/// The settlement is paid stack by stack: a split box with insurance shows each hand and
/// the insurance on its own line, in table order, with each bet's net and the totals.
#[test]
fn the_settlement_is_shown_hand_by_hand() {
    let (mut h, _path) = dealer_at_table("settle-lines");
    for (id, stake) in [("1a", "20"), ("1b", "10"), ("3a", "50")] {
        h.get_by_label(id).click();
        h.run();
        h.get_by_label(id).type_text(stake);
        h.run();
    }
    h.key_press(Key::Escape);
    h.run();
    // Box 1 splits its eights (1b follows), insured at the most (10); box 3 sticks on 18;
    // the dealer makes 17 with an ace: hand 1 (21) wins, hand 2 (15) loses.
    for k in [
        "8", "9", "A", "8", "9", "I", "P", "3", "W", "T", "7", "S", "S", "6",
    ] {
        h.key_press(key_of(k));
        h.run();
    }
    assert_eq!(
        h.state().screen(),
        Screen::Settled,
        "{:?}",
        h.state().status()
    );
    let shown = texts(&h);
    let want = [
        "Dealer: A 6 (17)",
        // Box 1 as the dealer's hand passes it: both bets' stacks on hand 1, then on hand
        // 2, then 1a's insurance; each bet's net.
        "1a",
        "PAY 20.00",
        "hand 1 of 2: won",
        "8 3 10 = 21",
        "20.00",
        "1b",
        "PAY 10.00",
        "hand 1 of 2: won",
        "10.00",
        "1a",
        "COLLECT 20.00",
        "hand 2 of 2: lost",
        "8 7 = 15",
        "20.00",
        "1b",
        "COLLECT 10.00",
        "hand 2 of 2: lost",
        "1a",
        "COLLECT 10.00",
        "insurance: lost",
        "10.00",
        // Each bet's net in its own quiet column: no PAY or COLLECT on it.
        "net 1a",
        "50.00",
        "-10.00",
        "net 1b",
        "20.00",
        "0.00",
        "3a",
        "PAY 50.00",
        "hand: won",
        "9 9 = 18",
        // The totals under the lines, always in view.
        "Pay 80.00 · collect 40.00 · house net -40.00",
    ];
    assert!(in_order(&shown, &want), "the settlement reads {shown:#?}");
}

/// A database of rounds made by `croupier demo`.
fn demo_db(name: &str, rounds: &str, tables: &str) -> PathBuf {
    let path = temp_db(name);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(["demo", "--db", path.to_str().unwrap()])
        .args(["--rounds", rounds, "--tables", tables, "--seed", "5"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    path
}

/// The rounds the history lists, in the order listed (from its "Open N" buttons).
fn listed(h: &Harness<'static, DealerApp>) -> Vec<i64> {
    texts(h)
        .iter()
        .filter_map(|t| t.strip_prefix("Open "))
        .filter_map(|t| t.split(' ').next()?.parse().ok())
        .collect()
}

/// The desk opens on the latest rounds, newest first, with no search; older and newer
/// pages follow the database's order, 100 at a time.
#[test]
fn the_desk_opens_on_the_latest_rounds_a_page_at_a_time() {
    let path = demo_db("desk-pages", "250", "2");
    let newest_first: Vec<i64> = {
        let store = Store::open_read(&path).unwrap();
        let mut stmt = store
            .conn()
            .prepare("SELECT round_id FROM round_figures ORDER BY at DESC, round_id DESC")
            .unwrap();
        stmt.query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    assert_eq!(newest_first.len(), 250);
    let mut h = screen(&path);
    log_in(&mut h, "Petr Novak", "800100");
    h.get_by_label("Supervisor desk").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Desk);
    assert_eq!(
        listed(&h),
        newest_first[..100],
        "the first page, with no search"
    );
    assert!(h.query_by_label("Latest rounds, newest first").is_some());
    h.get_by_label("Older >").click();
    h.run();
    assert_eq!(listed(&h), newest_first[100..200]);
    h.get_by_label("Older >").click();
    h.run();
    assert_eq!(listed(&h), newest_first[200..]);
    assert!(
        h.get_by_label("Older >").accesskit_node().is_disabled(),
        "no page older than the oldest"
    );
    h.get_by_label("< Newer").click();
    h.run();
    assert_eq!(listed(&h), newest_first[100..200]);
    h.get_by_label("Latest").click();
    h.run();
    assert_eq!(listed(&h), newest_first[..100]);
    // A search lists what it found, newest first, a page at a time too.
    h.get_by_label("Search").click();
    searched(&mut h);
    assert_eq!(h.state().status(), Some("250 rounds found"));
    assert_eq!(listed(&h), newest_first[..100]);
    h.get_by_label("Older >").click();
    h.run();
    assert_eq!(listed(&h), newest_first[100..200]);
}

/// The charts read every round the filters find, not the page the history lists.
#[test]
fn the_charts_read_every_round_the_filters_find() {
    let path = demo_db("desk-charts", "250", "2");
    let mut h = screen(&path);
    log_in(&mut h, "Petr Novak", "800100");
    h.get_by_label("Supervisor desk").click();
    h.run();
    assert_eq!(listed(&h).len(), 100, "the history lists a page");
    h.get_by_label("Charts").click();
    // The search runs in the background (it costs each round's decisions now): step, not
    // run, until it answers.
    h.step();
    searched(&mut h);
    assert!(
        h.query_by_label("Charts of the 250 rounds the filters found (voids left out).")
            .is_some(),
        "{:?}",
        texts(&h)
    );
}

/// Export writes what the view shows (the days of the rounds listed, not 2000-01-01 to
/// today) into the folder typed; a filter the report cannot apply is refused.
#[test]
fn export_writes_the_view_where_asked() {
    let path = demo_db("desk-export", "120", "1");
    let out_dir = path.with_file_name("chosen");
    let newest: i64 = Store::open_read(&path)
        .unwrap()
        .conn()
        .query_row("SELECT max(at) FROM round_figures", [], |r| r.get(0))
        .unwrap();
    let newest = chrono::DateTime::from_timestamp_millis(newest)
        .unwrap()
        .date_naive();
    let mut h = screen(&path);
    log_in(&mut h, "Petr Novak", "800100");
    h.get_by_label("Supervisor desk").click();
    h.run();
    h.get_by_label("Export to folder").click();
    h.run();
    for _ in 0.."reports".len() {
        h.key_press(Key::Backspace);
    }
    h.get_by_label("Export to folder")
        .type_text(out_dir.to_str().unwrap());
    h.get_by_label("Box").click();
    h.run();
    h.get_by_label("Box").type_text("3");
    h.get_by_label("Export report").click();
    h.run();
    h.get_by_label("Table summary").click();
    h.run();
    assert!(
        h.state()
            .status()
            .unwrap()
            .contains("cannot filter by shift, box"),
        "{:?}",
        h.state().status()
    );
    h.get_by_label("Box").click();
    h.run();
    h.key_press(Key::Backspace);
    h.get_by_label("Export report").click();
    h.run();
    h.get_by_label("Table summary").click();
    h.run();
    let said = h.state().status().unwrap().to_string();
    let written = said.strip_prefix("exported ").expect(&said);
    assert!(written.starts_with(out_dir.to_str().unwrap()), "{said}");
    assert!(!written.contains("2000-01-01"), "{said}");
    assert!(written.ends_with(&format!("_{newest}.html")), "{said}");
    assert!(std::path::Path::new(written).is_file());
}

/// The hands the felt shows, in the order drawn (dealer first, then box 1 to box 7).
fn felt(h: &Harness<'static, DealerApp>) -> Vec<String> {
    texts(h)
        .into_iter()
        .filter(|t| t.starts_with("dealer: ") || t.starts_with("box "))
        .filter(|t| t.contains(": "))
        .collect()
}

/// The table is drawn as on the felt, dealer above and boxes left to right, with suits
/// when given; the desk's step-through lays the same round out again, input by input.
#[test]
fn the_table_is_drawn_and_laid_out_again_at_the_desk() {
    let path = temp_db("felt");
    {
        let mut store = common::store_at_t0(&path);
        common::add_staff(&mut store, &[]);
    }
    let mut h = screen(&path);
    log_in(&mut h, "Irena Dvorak", "900000");
    h.get_by_label("Open table (Enter)").click();
    h.run();
    for (id, stake) in [("3a", "50"), ("1a", "20")] {
        h.get_by_label(id).click();
        h.run();
        h.get_by_label(id).type_text(stake);
        h.run();
    }
    h.key_press(Key::Escape);
    h.run();
    // Box 1 gets an 8 of hearts (F2), box 3 a 9, the dealer a 7, box 1 an 8, box 3 a 9;
    // box 1 splits and takes a 3 on its first hand.
    for k in [
        Key::F2,
        Key::Num8,
        Key::Num9,
        Key::Num7,
        Key::Num8,
        Key::Num9,
    ] {
        h.key_press(k);
        h.run();
    }
    for k in ["P", "3"] {
        h.key_press(key_of(k));
        h.run();
    }
    assert_eq!(h.state().screen(), Screen::Play, "{:?}", h.state().status());
    let table = vec![
        "dealer: 7 = 7".to_string(),
        "box 1 hand 1: 8h 3 = 11, decide".to_string(),
        "box 1 hand 2: 8 = 8, card".to_string(),
        "box 3: 9 9 = 18, decide".to_string(),
    ];
    assert_eq!(felt(&h), table);
    // Hand 1 twists a ten (21), hand 2 takes a 7 and sticks, box 3 sticks, the dealer
    // draws a king: 17.
    for k in ["W", "T", "7", "S", "S", "K", "Enter"] {
        h.key_press(key_of(k));
        h.run();
    }
    assert_eq!(h.state().screen(), Screen::Bets, "{:?}", h.state().status());
    // The supervisor looks at the round at the desk: the same drawing, input by input.
    h.get_by_label("Supervisor desk").click();
    h.run();
    h.get_by_label("Open 1").click();
    h.run();
    assert_eq!(
        felt(&h),
        [
            "dealer: 7 K = 17",
            "box 1 hand 1: 8h 3 10 = 21, won",
            "box 1 hand 2: 8 7 = 15, lost",
            "box 3: 9 9 = 18, won"
        ],
        "the round opens at its end"
    );
    h.get_by_label("|< first").click();
    h.run();
    assert_eq!(
        felt(&h),
        [
            "dealer: no card yet",
            "box 1: no card yet",
            "box 3: no card yet"
        ]
    );
    for _ in 0..2 {
        h.get_by_label("next >").click();
        h.run();
    }
    assert_eq!(
        felt(&h),
        [
            "dealer: no card yet",
            "box 1: 8h = 8, card",
            "box 3: 9 = 9, card"
        ]
    );
}

/// Steps the screen until it shows `edge`, saying meanwhile that the rules are being solved
/// (on a thread of their own: the screen never waits).
fn wait_for_edge(h: &mut Harness<'static, DealerApp>, edge: &str) {
    for _ in 0..1200 {
        if h.query_by_label_contains(edge).is_some() {
            return;
        }
        assert!(
            h.query_by_label_contains("House edge: solving the rules")
                .is_some(),
            "neither {edge:?} nor that the rules are being solved"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.step();
    }
    panic!("{edge:?} never shown");
}

/// A house's rules file in the rules folder beside the database opens a table with those
/// rules (shown before opening); a file that cannot be played is refused with its reason
/// and nothing is logged.
#[test]
fn a_rules_file_from_the_folder_opens_a_table() {
    let path = temp_db("rules-files");
    {
        let mut store = Store::open(&path).unwrap();
        common::add_staff(&mut store, &[]);
    }
    let dir = path.parent().unwrap().join("rules");
    std::fs::create_dir_all(&dir).unwrap();
    let mut vip = croupier::engine::Rules::preset("czech").unwrap().to_value();
    vip["boxes"] = json!(5);
    vip["ties"] = json!("push");
    vip["five_card_trick_stakes"] = json!("original");
    std::fs::write(dir.join("vip.json"), vip.to_string()).unwrap();
    let mut broken = vip.clone();
    broken["decks"] = json!(0);
    std::fs::write(dir.join("broken.json"), broken.to_string()).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a rules file").unwrap();

    let mut h = screen(&path);
    log_in(&mut h, "Irena Dvorak", "900000");
    assert_eq!(h.state().screen(), Screen::Setup);
    let offered: Vec<String> = ["czech", "belarus", "broken.json", "vip.json", "notes.txt"]
        .iter()
        .filter(|n| h.query_by_label(n).is_some())
        .map(|n| n.to_string())
        .collect();
    assert_eq!(offered, ["czech", "belarus", "broken.json", "vip.json"]);

    h.get_by_label("broken.json").click();
    h.run();
    let reason = croupier::engine::Rules::from_json(&broken.to_string())
        .unwrap_err()
        .to_string();
    assert!(
        h.query_by_label(&format!("Cannot be played: {reason}"))
            .is_some(),
        "the reason is shown before opening: {reason}"
    );
    h.get_by_label("Open table (Enter)").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Setup);
    assert_eq!(
        h.state().status(),
        Some(format!("the rules broken.json cannot be played: {reason}").as_str())
    );

    h.get_by_label("vip.json").click();
    h.run();
    let shown = texts(&h);
    assert!(
        in_order(&shown, &["boxes", "5", "ties", "push"]),
        "{shown:?}"
    );
    assert!(
        in_order(
            &shown,
            &[
                "five card trick pays on",
                "the original stake (bought ones 1:1)"
            ]
        ),
        "{shown:?}"
    );
    // The file's house edge, as the lab solves it (ties that push: far in the players' favour).
    let r = croupier::engine::Rules::from_value(&vip).unwrap();
    let edge = croupier::lab::strategy::Strategy::solve(&r, 1)
        .unwrap()
        .house_edge;
    wait_for_edge(
        &mut h,
        &format!("house edge {:+.2}% of the initial stake", edge * 100.0),
    );
    assert_eq!(
        h.query_by_label_contains("These rules give the players the edge")
            .is_some(),
        edge < 0.0,
        "{edge}"
    );
    h.get_by_label("Open table (Enter)").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Bets, "{:?}", h.state().status());
    assert!(h.query_by_label("5a").is_some() && h.query_by_label("6a").is_none());
    drop(h);
    let store = Store::open_read(&path).unwrap();
    assert_eq!(logged_count(&store, "table_opened"), 1);
    let (preset, boxes): (String, i64) = store
        .conn()
        .query_row(
            "SELECT json_extract(data, '$.preset'), json_extract(data, '$.rules.boxes') FROM event_log WHERE kind = 'table_opened'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((preset.as_str(), boxes), ("vip.json", 5));
}

/// An existing table's form starts on its own rules; other rules ask first (a cancel opens
/// nothing); a rules file added while the desk was open is offered on coming back.
#[test]
fn other_rules_for_an_existing_table_ask_first() {
    use croupier::engine::{Limits, Rules};
    use croupier::session::TableSession;
    let path = temp_db("rules-change");
    let dir = path.parent().unwrap().join("rules");
    std::fs::create_dir_all(&dir).unwrap();
    let mut vip = Rules::preset("czech").unwrap().to_value();
    vip["boxes"] = json!(5);
    std::fs::write(dir.join("vip.json"), vip.to_string()).unwrap();
    {
        let mut store = Store::open(&path).unwrap();
        common::add_staff(&mut store, &[]);
        let u = login(&mut store, ADMIN);
        let rules = Rules::from_value(&vip).unwrap();
        let t = TableSession::open(
            &mut store,
            u.clone(),
            "Pontoon 1",
            rules,
            Some("vip.json"),
            Limits::NONE,
        )
        .unwrap();
        t.close(&mut store).unwrap();
    }
    let mut h = screen(&path);
    log_in(&mut h, "Irena Dvorak", "900000");
    assert_eq!(h.state().screen(), Screen::Setup);
    let shown = texts(&h);
    assert!(
        in_order(&shown, &["boxes", "5"]),
        "the form starts on the table's own rules: {shown:?}"
    );
    // A file added now is offered once the screen opens again.
    std::fs::write(dir.join("late.json"), vip.to_string()).unwrap();
    h.get_by_label("Supervisor desk").click();
    h.run();
    h.get_by_label("< Back to the tables").click();
    h.run();
    assert!(h.query_by_label("late.json").is_some());
    h.get_by_label("czech").click();
    h.run();
    h.get_by_label("Open table (Enter)").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Setup);
    assert_eq!(
        h.state().status(),
        Some("confirm the change of rules above")
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Setup);
    h.get_by_label("Open table (Enter)").click();
    h.run();
    h.get_by_label("Yes, open with czech").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Bets, "{:?}", h.state().status());
    drop(h);
    let store = Store::open_read(&path).unwrap();
    assert_eq!(logged_count(&store, "table_opened"), 2);
}

/// A full table (7 boxes × 3 bets) on a database, its round dealt by `inputs`, and the app
/// resumed on it at `size`.
fn full_table(name: &str, size: egui::Vec2, inputs: &[&str]) -> H {
    full_table_in(name, None, size, inputs)
}

/// Every control whose label starts with one of `words` lies inside the window, above the
/// status line (36 points): reachable by mouse or touch, not only by keys. Returns how many.
fn within_reach(h: &Harness<'static, DealerApp>, words: &[&str]) -> usize {
    let screen = h.ctx.content_rect();
    let mut seen = 0;
    for w in words {
        for n in h.query_all_by_label_contains(w) {
            let label = n.accesskit_node().label().unwrap_or_default();
            if !label.starts_with(w) {
                continue;
            }
            let r = n.rect();
            assert!(
                r.min.y >= screen.min.y
                    && r.max.y <= screen.max.y - 36.0
                    && r.max.x <= screen.max.x,
                "{label:?} at {r:?} is outside the window {screen:?}"
            );
            seen += 1;
        }
    }
    seen
}

/// A full table with the dealer's ace and 21 offers open, then box 1 split, fits the
/// screen at 1280×800 and 1920×1080: Undo, the decisions and the card buttons stay in reach.
#[test]
fn a_full_table_keeps_its_controls_on_screen() {
    let ace = [
        "8", "8", "9", "9", "9", "9", "9", "a", "8", "9", "9", "9", "9", "9", "9",
    ];
    for size in [
        egui::Vec2::new(1280.0, 800.0),
        egui::Vec2::new(1920.0, 1080.0),
    ] {
        let tag = format!("full-{}", size.x);
        let h = full_table(&tag, size, &ace);
        assert!(
            h.query_by_label_contains("Dealer shows an ace").is_some(),
            "the offers are open"
        );
        assert_eq!(within_reach(&h, &["Undo"]), 1, "Undo at {size:?}");
        assert!(
            within_reach(&h, &["Stick", "Twist", "Split"]) >= 3,
            "the decisions at {size:?}"
        );
        // Box 1 splits its eights (the offers close): the first hand wants a card.
        let mut inputs = ace.to_vec();
        inputs.push("split");
        let mut h = full_table(&format!("{tag}-split"), size, &inputs);
        assert_eq!(within_reach(&h, &["Undo"]), 1);
        assert_eq!(within_reach(&h, &["K", "A", "10"]), 3, "the card buttons");
        h.key_press(Key::Num3);
        h.run();
        h.run();
        assert_eq!(within_reach(&h, &["Undo"]), 1);
        assert!(within_reach(&h, &["Stick", "Twist"]) >= 2);
    }
}

/// A mistyped `--rules-dir` is said on screen at login; the presets are still offered.
#[test]
fn a_missing_rules_folder_named_on_the_command_line_is_said() {
    let path = temp_db("rules-dir-typo");
    {
        let mut store = Store::open(&path).unwrap();
        common::add_staff(&mut store, &[]);
    }
    let missing = path.parent().unwrap().join("rulez");
    let app = DealerApp::open(path.clone()).with_rules_dir(missing.clone());
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut DealerApp| app.ui(ui), app);
    log_in(&mut h, "Irena Dvorak", "900000");
    assert_eq!(h.state().screen(), Screen::Setup);
    let said = h.state().status().unwrap_or_default().to_string();
    assert!(
        said.contains(&format!(
            "{} (--rules-dir) is not a folder",
            missing.display()
        )),
        "{said}"
    );
    assert!(h.query_by_label("czech").is_some());
}

/// Frames until the desk's background search has answered (its status no longer says it
/// is searching), at most ten seconds.
fn searched(h: &mut Harness<'static, DealerApp>) {
    for _ in 0..1000 {
        h.step();
        if h.state().status() != Some("searching…") {
            // A few frames for the list and its grid to lay out.
            h.run_steps(8);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the search did not answer in ten seconds");
}

/// Paging where every round settled at the same instant (ties at each page boundary) and
/// the count is an exact multiple of a page: each page follows the database's order
/// (newest first, then the higher round id), and Older is offered only while there is an
/// older page.
#[test]
fn pages_of_rounds_that_tie_on_time() {
    use croupier::engine::{BetSpec, Limits, Money, Rules};
    use croupier::session::TableSession;
    let path = temp_db("desk-ties");
    {
        // The clock never moves: every round has the same time.
        let mut store = common::store_at_t0(&path);
        common::add_staff(&mut store, &[]);
        let dealer = login(&mut store, ADMIN);
        let rules = Rules::preset("czech").unwrap();
        let mut t =
            TableSession::open(&mut store, dealer, "Pontoon 1", rules, None, Limits::NONE).unwrap();
        for k in 0..200 {
            if k % 10 == 0 {
                t.new_shoe(&mut store).unwrap();
            }
            let bets = vec![BetSpec {
                id: "1a".into(),
                box_no: 1,
                stake: Money::units(10),
            }];
            t.start_round(&mut store, bets).unwrap();
            for s in ["10", "9", "10", "stick", "8"] {
                t.input_text(&mut store, s).unwrap();
            }
        }
    }
    let newest_first: Vec<i64> = {
        let store = Store::open_read(&path).unwrap();
        let mut stmt = store
            .conn()
            .prepare("SELECT round_id FROM round_figures ORDER BY at DESC, round_id DESC")
            .unwrap();
        stmt.query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    assert_eq!(newest_first.len(), 200, "every round settled");
    let mut h = screen(&path);
    log_in(&mut h, "Irena Dvorak", "900000");
    h.get_by_label("Supervisor desk").click();
    h.run();
    assert_eq!(listed(&h), newest_first[..100]);
    assert!(!h.get_by_label("Older >").accesskit_node().is_disabled());
    h.get_by_label("Older >").click();
    h.run();
    assert_eq!(
        listed(&h),
        newest_first[100..],
        "no round lost or repeated at the tie"
    );
    assert!(
        h.get_by_label("Older >").accesskit_node().is_disabled(),
        "200 rounds: the second page is the last"
    );
    h.get_by_label("< Newer").click();
    h.run();
    assert_eq!(listed(&h), newest_first[..100]);
}

/// The desk opens on the current shift's rounds when it has any (by the clock: rounds
/// settled now, and three more nine hours ago, always in an earlier shift); Older then goes
/// on to the earlier ones. With none in the shift it opens on the latest rounds
/// (`the_desk_opens_on_the_latest_rounds_a_page_at_a_time`: its rounds are from 2026-01-05).
#[test]
fn the_desk_opens_on_the_current_shift() {
    use croupier::engine::{BetSpec, Limits, Money, Rules};
    use croupier::session::TableSession;
    let path = temp_db("desk-shift");
    let now = chrono::Utc::now().timestamp_millis();
    for (at, table, rounds) in [(now - 9 * 3_600_000, "Pontoon 1", 3), (now, "Pontoon 2", 2)] {
        let mut store = Store::open_with(&path, Box::new(ManualClock::new(at))).unwrap();
        if at != now {
            common::add_staff(&mut store, &[]);
        }
        let dealer = login(&mut store, ADMIN);
        let rules = Rules::preset("czech").unwrap();
        let mut t =
            TableSession::open(&mut store, dealer, table, rules, None, Limits::NONE).unwrap();
        t.new_shoe(&mut store).unwrap();
        for _ in 0..rounds {
            let bets = vec![BetSpec {
                id: "1a".into(),
                box_no: 1,
                stake: Money::units(10),
            }];
            t.start_round(&mut store, bets).unwrap();
            for s in ["10", "9", "10", "stick", "8"] {
                t.input_text(&mut store, s).unwrap();
            }
        }
    }
    let newest_first: Vec<i64> = {
        let store = Store::open_read(&path).unwrap();
        let mut stmt = store
            .conn()
            .prepare("SELECT round_id FROM round_figures ORDER BY at DESC, round_id DESC")
            .unwrap();
        stmt.query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    assert_eq!(newest_first.len(), 5, "every round settled");
    let mut h = screen(&path);
    log_in(&mut h, "Irena Dvorak", "900000");
    h.get_by_label("Supervisor desk").click();
    h.run();
    assert_eq!(listed(&h), newest_first[..2], "only this shift's rounds");
    assert!(
        h.query_by_label_contains("gaming day, newest first")
            .is_some(),
        "the heading names the shift: {:#?}",
        texts(&h)
    );
    assert!(h.query_by_label("Latest rounds, newest first").is_none());
    h.get_by_label("Older >").click();
    h.run();
    assert_eq!(listed(&h), newest_first[2..], "then the earlier shift's");
    h.get_by_label("Latest").click();
    h.run();
    assert_eq!(listed(&h), newest_first[..2]);
}

/// A round in Czech through the same keys: the language switched on the login screen (by
/// its own name), the screens' words, the decisions in the seed's words (dotáhnout, stát),
/// a refusal said from the engine's reason, the settlement in Czech money and the
/// database's currency; the keys are the English ones. The language switched is saved as
/// the user's (in the log): it comes back at their next login after another user chose
/// English.
#[test]
fn a_round_in_czech_through_the_same_keys() {
    use croupier::i18n::Lang;
    let (h, path) = dealer_at_table("czech");
    drop(h);
    // A supervisor has set the database's currency: the table's money is written in it.
    {
        let mut store = Store::open(&path).unwrap();
        let irena = users::find_user(&store, "Irena Dvorak").unwrap().unwrap();
        let czk = croupier::engine::Currency::parse("CZK").unwrap();
        assert!(settings::set_currency(&mut store, czk, &irena).unwrap());
    }
    let mut h = screen(&path);
    assert_eq!(h.state().lang(), Lang::En);
    h.get_by_label("Čeština").click();
    h.run();
    assert_eq!(h.state().lang(), Lang::Cs);
    log_in_labelled(&mut h, ["Jméno", "PIN"], "Jana Svoboda", "1001");
    assert_eq!(
        h.state().screen(),
        Screen::Setup,
        "{:?}",
        h.state().status()
    );
    assert!(
        h.state()
            .status()
            .unwrap()
            .contains("přihlášený uživatel: Jana Svoboda (krupiér)"),
        "{:?}",
        h.state().status()
    );
    wait_for_edge(&mut h, "výhoda kasina -1,33 % z počáteční sázky");
    h.get_by_label("Otevřít stůl (Enter)").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Bets, "{:?}", h.state().status());
    assert!(h.query_by_label("Sázky na další kolo").is_some());
    h.get_by_label("1a").click();
    h.run();
    h.get_by_label("1a").type_text("10");
    h.run();
    h.key_press(Key::Escape);
    h.run();
    // The keys of the English scenarios, and what the status says after each (in Czech):
    // Enter deals, U with no card dealt has nothing to undo.
    let steps: [(Key, &str); 8] = [
        (Key::Enter, "kolo 1: rozdávejte"),
        (Key::U, "v tomto kole není co vrátit"),
        (Key::Num9, "OK 9"),
        (Key::Num7, "OK 7"),
        (Key::Num8, "OK 8"),
        (
            Key::P,
            "ODMÍTNUTO rozdělit: 9 a 8 nejsou pár, takže je nelze rozdělit; čeká se rozhodnutí pro box 1 (9 8, součet 17)",
        ),
        (Key::S, "OK stát"),
        (Key::K, "kolo je vyúčtované"),
    ];
    for (i, (key, said)) in steps.into_iter().enumerate() {
        if i == 5 {
            // The decisions in the seed's words, each with its key as it always is.
            for label in ["Stát (S)", "Dotáhnout (W)", "Koupit (B)", "Rozdělit (P)"] {
                assert!(h.query_by_label(label).is_some(), "no button {label}");
            }
            assert!(
                h.query_by_label_contains("NA ŘADĚ: rozhodnutí pro box 1")
                    .is_some()
            );
            assert!(h.query_by_label("dotáhnout").is_some(), "the key reference");
        }
        h.key_press(key);
        h.run();
        let status = h.state().status().unwrap_or("").to_string();
        assert!(
            status.contains(said),
            "after {key:?}: {status:?}, wanted {said:?}"
        );
    }
    assert_eq!(h.state().screen(), Screen::Settled);
    // 17 against 17: this table's dealer wins ties. Czech money: a decimal comma, the
    // currency's symbol after the amount (non-breaking spaces).
    for words in [
        "Vyúčtování",
        "ruka: prohra",
        "STÁHNOUT 10,00\u{a0}Kč",
        "Krupiér: 7 K (17)",
        "Vyplatit 0,00\u{a0}Kč · stáhnout 10,00\u{a0}Kč",
        "limity 5–500 CZK",
    ] {
        assert!(h.query_by_label_contains(words).is_some(), "no {words:?}");
    }
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().screen(), Screen::Bets);
    // Another user chooses English; Jana's Czech comes back at her next login.
    h.get_by_label("Odhlásit").click();
    h.run();
    h.get_by_label("English").click();
    h.run();
    log_in(&mut h, "Irena Dvorak", "900000");
    assert_eq!(h.state().lang(), Lang::En);
    h.get_by_label("Log out").click();
    h.run();
    log_in(&mut h, "Jana Svoboda", "1001");
    assert_eq!(h.state().lang(), Lang::Cs, "{:?}", h.state().status());
    // The languages are the users' own, in the log (schema v6); the log of the round is
    // language-neutral.
    drop(h);
    let store = Store::open_read(&path).unwrap();
    let lang_of = |name: &str| {
        let u = users::find_user(&store, name).unwrap().unwrap();
        settings::language(&store, &u).unwrap()
    };
    assert_eq!(lang_of("Jana Svoboda"), Some(Lang::Cs));
    assert_eq!(lang_of("Irena Dvorak"), Some(Lang::En));
    // The currency and the two languages chosen; Jana's second login changed nothing.
    assert_eq!(logged_count(&store, "setting_changed"), 3);
    assert_eq!(logged_count(&store, "step_refused"), 1);
}

/// In Ukrainian the ace is drawn Т: the key reference gives each card's letter with the
/// Latin key after it (and the ten's key as 0, not T), and the card buttons name their key.
#[test]
fn the_ukrainian_card_keys_say_their_marks() {
    use croupier::i18n::Lang;
    let (mut h, _path) = dealer_at_table("uk-keys");
    h.get_by_label("Log out").click();
    h.run();
    h.get_by_label("Українська").click();
    h.run();
    log_in_labelled(&mut h, ["Ім'я", "PIN"], "Jana Svoboda", "1001");
    assert_eq!(h.state().lang(), Lang::Uk);
    assert_eq!(
        h.state().screen(),
        Screen::Setup,
        "{:?}",
        h.state().status()
    );
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().screen(), Screen::Bets, "{:?}", h.state().status());
    h.get_by_label("1a").click();
    h.run();
    h.get_by_label("1a").type_text("10");
    h.run();
    h.key_press(Key::Escape);
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert!(
        h.query_by_label("Т/A  К/K  Д/Q  В/J  0\u{2192}10  2-9")
            .is_some(),
        "the key reference: {:?}",
        texts(&h)
    );
    for label in ["Т (A)", "К (K)", "Д (Q)", "В (J)", "10"] {
        assert!(h.query_by_label(label).is_some(), "no card button {label}");
    }
    // The ace's button enters an ace.
    h.get_by_label("Т (A)").click();
    h.run();
    assert!(
        h.state().status().unwrap_or("").contains("OK Т"),
        "{:?}",
        h.state().status()
    );
}

/// Clears the field labelled `label` (its text is at most `n` characters).
fn clear_field(h: &mut Harness<'static, DealerApp>, label: &str, n: usize) {
    h.get_by_label(label).click();
    h.run();
    for _ in 0..n {
        h.key_press(Key::End);
        h.key_press(Key::Backspace);
    }
    h.run();
}

/// A dealer locked out at the table terminal is unlocked from the desk, on the database the
/// terminal holds open (no "database in use"), and logs in again; the desk adds a dealer but
/// a supervisor may not add an admin (the rights of `session::users`, as on the CLI: the
/// role is drawn disabled, with why).
#[test]
fn a_locked_dealer_unlocked_from_the_desk_logs_in_at_the_table() {
    let path = temp_db("desk-users");
    {
        let mut store = common::store_at_t0(&path);
        common::add_staff(&mut store, &[SUPERVISOR, DEALER]);
    }
    let mut h = screen(&path);
    log_in(&mut h, "Jana Svoboda", "9999");
    for _ in 0..4 {
        h.get_by_label("PIN").click();
        h.run();
        h.get_by_label("PIN").type_text("9999");
        h.key_press(Key::Enter);
        h.run();
    }
    let said = h.state().status().unwrap_or("").to_string();
    assert!(said.contains("locked"), "{said}");
    // Locked: her right PIN does not let her in.
    h.get_by_label("PIN").click();
    h.run();
    h.get_by_label("PIN").type_text("1001");
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().screen(), Screen::Login);

    // The supervisor opens a table on this terminal, then the desk's Users tab.
    clear_field(&mut h, "Name", 20);
    log_in(&mut h, "Petr Novak", "800100");
    assert_eq!(
        h.state().screen(),
        Screen::Setup,
        "{:?}",
        h.state().status()
    );
    wait_for_edge(&mut h, "house edge");
    h.get_by_label("Open table (Enter)").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Bets, "{:?}", h.state().status());
    h.get_by_label("Supervisor desk").click();
    h.run();
    h.get_by_label("Users").click();
    h.run();
    h.run();
    assert!(h.query_by_label("locked").is_some(), "Jana is shown locked");
    h.get_by_label("Unlock Jana Svoboda").click();
    h.run();
    // Asked first: nothing is logged before the yes.
    assert_eq!(
        logged_count(&Store::open_read(&path).unwrap(), "user_unlocked"),
        0
    );
    h.get_by_label("Yes, unlock Jana Svoboda").click();
    h.run();
    let said = h.state().status().unwrap_or("").to_string();
    assert!(said.contains("Jana Svoboda unlocked"), "{said}");
    assert!(h.query_by_label("Unlock Jana Svoboda").is_none());

    // A supervisor adds dealers, not admins: the admin role is drawn disabled, with why.
    for (label, text) in [
        ("New user's name", "Olga Kral"),
        ("New user's PIN", "200200"),
        ("The PIN again", "200200"),
    ] {
        h.get_by_label(label).click();
        h.run();
        h.get_by_label(label).type_text(text);
    }
    // The role buttons come after the list (which names roles too).
    let admin_role = h.query_all_by_label("admin").last().unwrap();
    assert!(admin_role.accesskit_node().is_disabled());
    assert!(
        h.query_by_label_contains("may not add a supervisor")
            .is_some()
    );
    h.query_all_by_label("dealer").last().unwrap().click();
    h.run();
    h.get_by_label("Add user").click();
    h.run();
    h.get_by_label("Yes, add Olga Kral").click();
    h.run();
    let said = h.state().status().unwrap_or("").to_string();
    assert!(said.contains("Olga Kral added as dealer"), "{said}");

    // Back at the table, the supervisor logs out; the unlocked dealer logs in.
    h.get_by_label("< Back to the tables").click();
    h.run();
    h.get_by_label("Log out").click();
    h.run();
    assert_eq!(
        h.state().screen(),
        Screen::Login,
        "{:?}",
        h.state().status()
    );
    log_in(&mut h, "Jana Svoboda", "1001");
    assert_eq!(
        h.state().screen(),
        Screen::Setup,
        "{:?}",
        h.state().status()
    );
    drop(h);
    let store = Store::open_read(&path).unwrap();
    assert_eq!(logged_count(&store, "user_unlocked"), 1);
    assert_eq!(logged_count(&store, "user_added"), 4);
    let olga = users::find_user(&store, "Olga Kral").unwrap().unwrap();
    assert_eq!(olga.role, Role::Dealer);
}

/// Issue 24 item 10: an admin resets a dealer's PIN and makes her a supervisor from the
/// desk, each asked first; the promotion needs a new PIN long enough for a supervisor;
/// the last admin cannot step down; the dealer then logs in with the new PIN only, as a
/// supervisor.
#[test]
fn the_desk_resets_a_pin_and_changes_a_role() {
    let path = temp_db("desk-user-change");
    {
        let mut store = common::store_at_t0(&path);
        common::add_staff(&mut store, &[DEALER]);
    }
    let mut h = screen(&path);
    log_in(&mut h, "Irena Dvorak", "900000");
    wait_for_edge(&mut h, "house edge");
    h.get_by_label("Open table (Enter)").click();
    h.run();
    h.get_by_label("Supervisor desk").click();
    h.run();
    h.get_by_label("Users").click();
    h.run();
    h.run();
    h.get_by_label("Change Jana Svoboda").click();
    h.run();
    for (label, text) in [("New PIN", "2468"), ("The new PIN again", "2468")] {
        h.get_by_label(label).click();
        h.run();
        h.get_by_label(label).type_text(text);
    }
    h.get_by_label("Reset PIN").click();
    h.run();
    assert_eq!(
        logged_count(&Store::open_read(&path).unwrap(), "user_changed"),
        0
    );
    h.get_by_label("Yes, reset Jana Svoboda's PIN").click();
    h.run();
    let said = h.state().status().unwrap_or("").to_string();
    assert!(said.contains("Jana Svoboda's PIN reset"), "{said}");
    // The change form's roles come before the add form's (the last ones). A supervisor's
    // PIN is longer than a dealer's: the form says so, and the role alone is refused.
    click_second_last(&h, "supervisor");
    h.run();
    h.get_by_label(
        "supervisor needs a PIN of 6 to 12 digits: type the new PIN above, then change the role",
    );
    h.get_by_label("Change role").click();
    h.run();
    let said = h.state().status().unwrap_or("").to_string();
    assert!(
        said.contains("only with a new PIN of 6 to 12 digits"),
        "{said}"
    );
    assert!(
        h.query_by_label("Yes, make Jana Svoboda supervisor")
            .is_none()
    );
    for (label, text) in [("New PIN", "246813"), ("The new PIN again", "246813")] {
        h.get_by_label(label).click();
        h.run();
        h.get_by_label(label).type_text(text);
    }
    h.get_by_label("Change role").click();
    h.run();
    h.get_by_label("Yes, make Jana Svoboda supervisor").click();
    h.run();
    let said = h.state().status().unwrap_or("").to_string();
    assert!(said.contains("Jana Svoboda is now supervisor"), "{said}");
    // A role change that needs no new PIN leaves the PIN alone, whatever was left typed in
    // the PIN fields: its confirmation speaks of the role only, and only the role is logged.
    let before = logged_count(&Store::open_read(&path).unwrap(), "user_changed");
    h.get_by_label("Change Jana Svoboda").click();
    h.run();
    for (label, text) in [("New PIN", "135791"), ("The new PIN again", "135791")] {
        h.get_by_label(label).click();
        h.run();
        h.get_by_label(label).type_text(text);
    }
    click_second_last(&h, "dealer");
    h.run();
    h.get_by_label("Change role").click();
    h.run();
    h.get_by_label("Yes, make Jana Svoboda dealer").click();
    h.run();
    assert_eq!(
        logged_count(&Store::open_read(&path).unwrap(), "user_changed"),
        before + 1,
        "a demotion with a PIN left typed logged a PIN reset too"
    );
    // The last admin may not step down: refused, nothing logged.
    h.get_by_label("Change Irena Dvorak").click();
    h.run();
    click_second_last(&h, "dealer");
    h.run();
    h.get_by_label("Change role").click();
    h.run();
    let said = h.state().status().unwrap_or("").to_string();
    assert!(said.contains("last admin"), "{said}");
    assert!(h.query_by_label("Yes, make Irena Dvorak dealer").is_none());
    drop(h);
    let mut store = Store::open(&path).unwrap();
    assert_eq!(
        logged_count(&store, "user_changed"),
        4,
        "PIN; role and PIN; role"
    );
    for old in ["1001", "2468", "135791"] {
        assert!(users::login(&mut store, "Jana Svoboda", old, None).is_err());
    }
    let jana = users::login(&mut store, "Jana Svoboda", "246813", None).unwrap();
    assert_eq!(jana.role, Role::Dealer);
}

/// Clicks the second last widget labelled `label`.
fn click_second_last(h: &H, label: &str) {
    let all: Vec<_> = h.query_all_by_label(label).collect();
    all[all.len() - 2].click();
}

/// The desk as `name` sees it: logged in, a table opened, the desk's Users tab.
fn users_tab_as(path: &Path, name: &str, pin: &str) -> H {
    let mut h = screen(path);
    log_in(&mut h, name, pin);
    wait_for_edge(&mut h, "house edge");
    h.get_by_label("Open table (Enter)").click();
    h.run();
    h.get_by_label("Supervisor desk").click();
    h.run();
    h.get_by_label("Users").click();
    h.run();
    h.run();
    h
}

fn disabled(h: &H, label: &str) -> bool {
    h.get_by_label(label).accesskit_node().is_disabled()
}

/// Issue 24 (words item 4): the screens show only what the login may do, before any click.
/// A dealer is offered no desk; at the desk a supervisor's Users tab draws disabled, with
/// the reason, what only an admin may do (change a supervisor or admin, change a role, add
/// a supervisor or admin), and enables the rest; an admin's enables everything. Before,
/// every button was drawn enabled and the session refused it after the click.
#[test]
fn the_desk_draws_only_what_the_login_may_do() {
    let path = temp_db("desk-by-role");
    {
        let mut store =
            Store::open_with(&path, Box::new(ManualClock::new(1_767_600_000_000))).unwrap();
        let admin =
            users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
        for (name, role, pin) in [
            ("Petr Novak", Role::Supervisor, "800100"),
            ("Jana Svoboda", Role::Dealer, "1001"),
        ] {
            users::add_user(&mut store, name, role, pin, Some(&admin)).unwrap();
        }
    }
    // The dealer: no desk, neither from the tables nor at the table.
    let mut h = screen(&path);
    log_in(&mut h, "Jana Svoboda", "1001");
    wait_for_edge(&mut h, "house edge");
    assert!(h.query_by_label("Supervisor desk").is_none());
    h.get_by_label("Open table (Enter)").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Bets, "{:?}", h.state().status());
    assert!(h.query_by_label("Supervisor desk").is_none());
    drop(h);

    // The supervisor: a dealer's PIN, not a supervisor's or admin's; no role; dealers only.
    let mut h = users_tab_as(&path, "Petr Novak", "800100");
    assert!(!disabled(&h, "Change Jana Svoboda"));
    assert!(disabled(&h, "Change Irena Dvorak"));
    assert!(disabled(&h, "Change Petr Novak"));
    let last = |h: &H, l: &str| {
        h.query_all_by_label(l)
            .last()
            .unwrap()
            .accesskit_node()
            .is_disabled()
    };
    assert!(!last(&h, "dealer"));
    assert!(last(&h, "supervisor") && last(&h, "admin"));
    assert!(
        h.query_by_label_contains("may not add a supervisor")
            .is_some()
    );
    h.get_by_label("Change Jana Svoboda").click();
    h.run();
    assert!(!disabled(&h, "Reset PIN"));
    assert!(disabled(&h, "Change role"));
    assert!(h.query_by_label_contains("only an admin may").is_some());
    // A click on the disabled button asks nothing.
    h.get_by_label("Change role").click();
    h.run();
    assert!(h.query_by_label_contains("Yes, make").is_none());
    drop(h);

    // The admin: everything enabled, no reason shown.
    let mut h = users_tab_as(&path, "Irena Dvorak", "900000");
    for name in ["Jana Svoboda", "Petr Novak", "Irena Dvorak"] {
        assert!(!disabled(&h, &format!("Change {name}")), "{name}");
    }
    for role in ["dealer", "supervisor", "admin"] {
        assert!(!last(&h, role), "{role}");
    }
    assert!(h.query_by_label_contains("may not add").is_none());
    h.get_by_label("Change Petr Novak").click();
    h.run();
    assert!(!disabled(&h, "Reset PIN") && !disabled(&h, "Change role"));
    assert!(h.query_by_label_contains("only an admin may").is_none());
    let store = Store::open_read(&path).unwrap();
    assert_eq!(logged_count(&store, "user_changed"), 0);
}
