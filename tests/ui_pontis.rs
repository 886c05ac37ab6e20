//! The Pontis table mode on the dealer screen, played by keystrokes with egui_kittest (no
//! display needed): a table opened, games started, bank cards, plays, jokers, passes, a
//! refusal, an undo, the end and the next game with the deal rotated, a game abandoned.
//! Each game is data: the keys, what the screen or status line shows after a key, and
//! then what the log holds (kinds, verify, the exported game through the engine).

use std::path::PathBuf;

use croupier::log::{ManualClock, Store};
use croupier::pontis_script::state;
use croupier::session::pontis::export_game;
use croupier::session::replay;
use croupier::session::users::{self, Role};
use croupier::ui::{DealerApp, Screen};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("croupier-ui-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("table.db")
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
        "0" | "T" => Key::T,
        "J" => Key::J,
        "Q" => Key::Q,
        "K" => Key::K,
        "X" => Key::X,
        "M" => Key::M,
        "P" => Key::P,
        "U" => Key::U,
        "Esc" => Key::Escape,
        "Enter" => Key::Enter,
        "F1" => Key::F1,
        "F2" => Key::F2,
        "F3" => Key::F3,
        "F4" => Key::F4,
        other => panic!("no key {other}"),
    }
}

/// A database with an admin, a supervisor (Petr Novak, 800100) and a dealer (Jana
/// Svoboda, 1001).
fn staffed(path: &std::path::Path) -> Store {
    let mut store = Store::open_with(path, Box::new(ManualClock::new(1_767_600_000_000))).unwrap();
    let admin = users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
    for (name, role, pin) in [
        ("Petr Novak", Role::Supervisor, "800100"),
        ("Jana Svoboda", Role::Dealer, "1001"),
    ] {
        users::add_user(&mut store, name, role, pin, Some(&admin)).unwrap();
    }
    store
}

/// The dealer screen on `path`, logged in as `name`.
fn logged_in(path: &std::path::Path, name: &str, pin: &str) -> Harness<'static, DealerApp> {
    let app = DealerApp::open(path.to_path_buf());
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut DealerApp| app.ui(ui), app);
    h.get_by_label("Name").click();
    h.run();
    h.get_by_label("Name").type_text(name);
    h.get_by_label("PIN").click();
    h.run();
    h.get_by_label("PIN").type_text(pin);
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(
        h.state().screen(),
        Screen::Setup,
        "{:?}",
        h.state().status()
    );
    h
}

/// A dealer logged in, the Pontis screen open with table "Pontis 1" (two jokers, top last).
fn host_at_pontis_table(name: &str) -> (Harness<'static, DealerApp>, PathBuf) {
    let path = temp_db(name);
    drop(staffed(&path));
    let mut h = logged_in(&path, "Jana Svoboda", "1001");
    // "pontis" beside the Pontoon presets, then Enter: the Pontis table's own screen.
    h.get_by_label("pontis").click();
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().screen(), Screen::Pontis);
    h.key_press(Key::Enter); // the table name is filled in: open it
    h.run();
    assert!(
        h.state()
            .status()
            .is_some_and(|s| s.contains("Pontis table Pontis 1 open")),
        "{:?}",
        h.state().status()
    );
    (h, path)
}

/// Types players and dealer in the new-game form and starts the game.
fn start_game(h: &mut Harness<'static, DealerApp>, players: &str, dealer: &str) {
    for (field, text) in [("Players", players), ("Dealer", dealer)] {
        h.get_by_label(field).click();
        h.run();
        h.get_by_label(field).type_text(text);
    }
    h.key_press(Key::Enter);
    h.run();
    assert!(
        h.state().status().is_some_and(|s| s.contains("started")),
        "{:?}",
        h.state().status()
    );
}

struct Game {
    name: &'static str,
    players: &'static str,
    dealer: &'static str,
    keys: &'static [&'static str],
    /// (after the key at this index, words on screen or in the status line)
    shows: &'static [(usize, &'static str)],
}

/// Plays the keys, checking what is shown after each listed key.
fn play(h: &mut Harness<'static, DealerApp>, g: &Game) {
    for (i, k) in g.keys.iter().enumerate() {
        h.key_press(key_of(k));
        h.run();
        for (_, words) in g.shows.iter().filter(|(at, _)| *at == i) {
            let status = h.state().status().unwrap_or_default().to_string();
            assert!(
                status.contains(words) || h.query_by_label_contains(words).is_some(),
                "{}: after key {i} ({k}) expected \"{words}\"; status: {status}",
                g.name
            );
        }
    }
}

#[test]
fn pontis_games_by_keyboard_are_refereed_logged_and_verified() {
    let (mut h, path) = host_at_pontis_table("pontis-keys");
    start_game(&mut h, "Ana, Ben, Cyril", "Ana");
    let first = Game {
        name: "bank cards, plays, a refusal, an undo, blocked by a full circle",
        players: "Ana, Ben, Cyril",
        dealer: "Ana",
        keys: &[
            "F2", "7", // Ana (dealer) turns up 7h
            "F3", "K", // Ben turns up Kd
            "6", "Enter", // Ben meets 6
            "3",     // Cyril turns up 3
            "K", "0", "Enter", // Cyril meets 3 with K 10
            "5", "Enter", // Ana needs 3: refused
            "3", "Enter", // Ana meets 3
            "P",     // Ben passes
            "4", "Enter", // Cyril plays 4…
            "U",     // …taken back
            "P", "P", // Cyril and Ana pass: a full circle
        ],
        shows: &[
            (1, "Ben turns up the bank card"),
            (3, "Ben to play: difference 6 (bank Kd against Ana's 7h)"),
            (4, "play 6"),
            (5, "OK Ben: 6"),
            (9, "Ana to play: difference 3 (bank 7h against Cyril's 10)"),
            (11, "REFUSED Ana: 5"),
            (11, "difference 3"),
            (16, "OK Cyril: 4"),
            (17, "undone: Cyril: 4"),
            (19, "game over"),
            (19, "Winner: Cyril"),
            (19, "Cyril: 26 points"),
        ],
    };
    play(&mut h, &first);
    // Enter: the next game, same players, the deal rotated to Ben.
    h.key_press(Key::Enter);
    h.run();
    assert!(
        h.state().status().is_some_and(|s| s.contains("Ben deals")),
        "{:?}",
        h.state().status()
    );
    let second = Game {
        name: "jokers by their named value, an ace's two differences, the third joker refused",
        players: "Ana, Ben, Cyril",
        dealer: "Ben",
        keys: &[
            "X", "5", // Ben turns up a joker named 5
            "A", // Cyril turns up an ace
            "9", "Enter", // 4 or 9: 9
            "2",     // Ana turns up a 2
            "X", "7", "Enter", // 7 with a joker named 7
            "X", "2", "Enter", // Ben needs 2: a third joker is refused
            "Esc",
        ],
        shows: &[
            (
                2,
                "Cyril to play: difference 4 or 9 (bank A against Ben's Jk=5)",
            ),
            (8, "OK Ana: Jk=7"),
            (11, "all 2 jokers"),
        ],
    };
    play(&mut h, &second);
    h.get_by_label("Abandon game").click();
    h.run();
    assert!(h.state().status().is_some_and(|s| s.contains("abandoned")));
    assert_eq!(h.state().screen(), Screen::Pontis);
    h.get_by_label("Close table").click();
    h.run();
    drop(h);

    let store = Store::open_read(&path).unwrap();
    let v = replay::verify(&store, |_| {}).unwrap();
    assert_eq!((v.games, v.games_ended, v.games_in_play), (2, 2, 0));
    let (script, _) = export_game(&store, 1).unwrap();
    let out = state(&script.play().unwrap());
    assert_eq!(out["end"], "blocked");
    assert_eq!(out["winners"], serde_json::json!(["Cyril"]));
    let (script, end) = export_game(&store, 2).unwrap();
    assert_eq!(state(&script.play().unwrap())["complete"], false);
    let ended = croupier::log::payload::Payload::PontisEnded(end).to_text();
    assert!(ended.contains("\"end\":\"abandoned\""), "{ended}");
    assert_eq!(first.players, second.players);
    assert_eq!((first.dealer, second.dealer), ("Ana", "Ben"));
    let c = rusqlite::Connection::open(&path).unwrap();
    let count = |k: &str| -> i64 {
        c.query_row("SELECT count(*) FROM event_log WHERE kind = ?1", [k], |r| {
            r.get(0)
        })
        .unwrap()
    };
    assert_eq!(
        [
            count("pontis_started"),
            count("pontis_play"),
            count("pontis_refused"),
            count("pontis_undo"),
            count("pontis_ended"),
        ],
        [2, 15, 2, 1, 2]
    );
}

#[test]
fn the_supervisor_desk_lists_pontis_games() {
    use croupier::engine::pontis::PontisRules;
    use croupier::session::pontis::PontisSession;
    let path = temp_db("pontis-desk");
    {
        let mut store = staffed(&path);
        let host = users::login(&mut store, "Jana Svoboda", "1001", None).unwrap();
        let mut s =
            PontisSession::open(&mut store, host, "Pontis 7", PontisRules::standard()).unwrap();
        s.start_game(&mut store, vec!["Zora".into(), "Emil".into()], 0)
            .unwrap();
        for t in ["Zora: bank 9h", "Emil: bank Kd", "Emil: pass", "Zora: pass"] {
            s.input_text(&mut store, t).unwrap();
        }
    }
    let mut h = logged_in(&path, "Petr Novak", "800100");
    h.get_by_label("Supervisor desk").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Desk);
    h.get_by_label("Pontis games").click();
    h.run();
    h.get_by_label("Search games").click();
    h.run();
    assert_eq!(h.state().status(), Some("1 Pontis game found"));
    for words in ["Pontis 7", "Jana Svoboda", "Zora, Emil", "blocked"] {
        assert!(h.query_by_label_contains(words).is_some(), "{words}");
    }
    // The winner is Emil (a king's 13 against 9).
    assert!(h.query_by_label("Emil").is_some());
}
