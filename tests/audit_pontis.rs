//! Pontis tables in the audit store, on real SQLite files: a game played input by input
//! (bank cards, plays, passes, a refusal, an undo) is logged in the hash chain, `verify`
//! replays it through the Pontis engine, `export-game` gives back a game script that
//! `croupier pontis` checks the same, a game in play survives reopening the file, a
//! stopped game is logged as abandoned, and Pontoon and Pontis tables keep apart names.

mod common;

use std::path::Path;

use croupier::engine::pontis::{End, PontisRules};
use croupier::engine::{Limits, Rules};
use croupier::log::{ManualClock, Store};
use croupier::pontis_script::{PontisScript, state};
use croupier::session::TableSession;
use croupier::session::pontis::{PontisInput, PontisSession, export_game};
use croupier::session::replay;
use croupier::session::table::InputError;
use croupier::session::users::{self, Role};
use rusqlite::Connection;

fn staffed(path: &Path) -> (Store, users::User) {
    let mut store = Store::open_with(path, Box::new(ManualClock::new(1_767_600_000_000))).unwrap();
    let admin = users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
    users::add_user(
        &mut store,
        "Jana Svoboda",
        Role::Dealer,
        "1001",
        Some(&admin),
    )
    .unwrap();
    let host = users::login(&mut store, "Jana Svoboda", "1001", None).unwrap();
    (store, host)
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Kinds in the log, by the `event_log` view's names.
fn kinds(path: &Path) -> Vec<String> {
    let c = Connection::open(path).unwrap();
    let mut stmt = c
        .prepare("SELECT kind FROM event_log ORDER BY seq")
        .unwrap();
    stmt.query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn a_game_is_logged_verified_and_exported_as_a_script_that_checks_the_same() {
    let path = common::fresh_dir("pontis-game").join("table.db");
    let (mut store, host) = staffed(&path);
    let mut s = PontisSession::open(&mut store, host, "Pontis 1", PontisRules::standard()).unwrap();
    let game = s
        .start_game(&mut store, names(&["Ana", "Ben", "Cyril"]), 0)
        .unwrap();
    assert_eq!(game, 1);
    for text in [
        "Ana: bank 7h",
        "Ben: bank Kd",
        "Ben: 6s",
        "Cyril: bank 3c",
        "Cyril: Kc 10h",
    ] {
        s.input_text(&mut store, text).unwrap();
    }
    // Ana needs 3 (7h against 10h): a 5 is refused, logged, and changes nothing.
    let before = s.live().unwrap().game.clone();
    match s.input_text(&mut store, "Ana: 5") {
        Err(InputError::Refused(why)) => {
            assert!(why.to_string().contains("difference 3"), "{why}")
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(s.live().unwrap().game, before);
    s.input_text(&mut store, "Ana: 3d").unwrap();
    s.input_text(&mut store, "Ben: pass").unwrap();
    s.input_text(&mut store, "Cyril: 4c").unwrap(); // a wrong entry…
    s.undo(&mut store).unwrap(); // …taken back
    s.input_text(&mut store, "Cyril: pass").unwrap();
    let ended = match s.input_text(&mut store, "Ana: pass").unwrap() {
        PontisInput::Ended(g) => g,
        PontisInput::Accepted => panic!("three passes of three players end the game"),
    };
    assert_eq!(ended.end(), Some(End::Blocked));
    assert_eq!(ended.winners(), vec![2]);
    assert_eq!(
        (0..3).map(|p| ended.score(p)).collect::<Vec<_>>(),
        [10, 19, 26]
    );
    assert!(s.live().is_none());
    assert!(matches!(s.undo(&mut store), Err(InputError::NotNow(_))));
    s.close(&mut store).unwrap();

    let logged = kinds(&path);
    let count = |k: &str| logged.iter().filter(|x| *x == k).count();
    assert_eq!(
        [
            count("pontis_opened"),
            count("pontis_started"),
            count("pontis_play"),
            count("pontis_refused"),
            count("pontis_undo"),
            count("pontis_ended"),
            count("table_closed"),
        ],
        [1, 1, 10, 1, 1, 1, 1]
    );

    let v = replay::verify(&store, |_| {}).unwrap();
    assert_eq!((v.games, v.games_ended, v.games_in_play), (1, 1, 0));

    let (script, end) = export_game(&store, 1).unwrap();
    let replayed = script.play().unwrap();
    assert_eq!(state(&replayed), state(&ended));
    assert_eq!(
        script.plays,
        [
            "Ben: 6s",
            "Cyril: Kc 10h",
            "Ana: 3d",
            "Ben: pass",
            "Cyril: pass",
            "Ana: pass"
        ]
    );
    drop(end);
    assert!(export_game(&store, 2).is_err());

    // The same through the binary: export-game, then croupier pontis on its output.
    drop(store);
    let db = path.to_str().unwrap();
    let out = common::run(&["export-game", "--db", db, "--game", "1"], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let checked = common::run(&["pontis", "-"], &out.stdout);
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    let printed: serde_json::Value = serde_json::from_slice(&checked.stdout).unwrap();
    assert_eq!(printed, state(&ended));
    assert_eq!(printed["winners"], serde_json::json!(["Cyril"]));
    let verified = common::run(&["verify", "--db", db], b"");
    let said = String::from_utf8_lossy(&verified.stdout);
    assert!(
        said.contains("pontis games: 1 (1 ended, 0 in play); refused: 1 inputs; undos: 1"),
        "{said}"
    );
    let missing = common::run(&["export-game", "--db", db, "--game", "7"], b"");
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no Pontis game 7"));
}

#[test]
fn a_game_in_play_comes_back_after_the_file_is_reopened_and_can_be_abandoned() {
    let path = common::fresh_dir("pontis-resume").join("table.db");
    let (mut store, host) = staffed(&path);
    let mut s = PontisSession::open(
        &mut store,
        host.clone(),
        "Pontis 2",
        PontisRules::standard(),
    )
    .unwrap();
    s.start_game(&mut store, names(&["Ana", "Ben"]), 1).unwrap();
    for text in ["Ben: bank 9h", "Ana: bank 4c", "Ana: Jk=5"] {
        s.input_text(&mut store, text).unwrap();
    }
    let was = s.live().unwrap().game.clone();
    drop(s);
    drop(store);
    let mut store = Store::open(&path).unwrap();
    // Another rule set needs a supervisor; the same rules reopen the game in play.
    let declared = PontisRules::from_json(r#"{"top": "declared"}"#).unwrap();
    assert!(PontisSession::open(&mut store, host.clone(), "Pontis 2", declared).is_err());
    let mut s = PontisSession::open(&mut store, host, "Pontis 2", PontisRules::standard()).unwrap();
    let live = s.live().expect("the game in play comes back");
    assert_eq!(live.game, was);
    assert_eq!(live.steps.len(), 3);
    let v = replay::verify(&store, |_| {}).unwrap();
    assert_eq!((v.games, v.games_ended, v.games_in_play), (1, 0, 1));
    s.abandon(&mut store).unwrap();
    assert!(s.live().is_none());
    let v = replay::verify(&store, |_| {}).unwrap();
    assert_eq!((v.games, v.games_ended, v.games_in_play), (1, 1, 0));
    // Exported, an abandoned game checks the same: not complete, nobody wins.
    let (script, end) = export_game(&store, 1).unwrap();
    assert_eq!(state(&script.play().unwrap()), state(&was));
    assert_eq!(
        croupier::log::payload::Payload::PontisEnded(end).to_text(),
        r#"{"game":1,"end":"abandoned","winners":[],"scores":[9,9],"inputs":3}"#
    );
}

#[test]
fn pontoon_and_pontis_tables_do_not_share_a_name_and_the_schema_names_the_kinds() {
    let path = common::fresh_dir("pontis-names").join("table.db");
    let (mut store, host) = staffed(&path);
    let czech = Rules::preset("czech").unwrap();
    TableSession::open(
        &mut store,
        host.clone(),
        "Table 1",
        czech,
        Some("czech"),
        Limits::NONE,
    )
    .unwrap();
    assert!(matches!(
        PontisSession::open(&mut store, host.clone(), "Table 1", PontisRules::standard()),
        Err(InputError::NotNow(_))
    ));
    PontisSession::open(
        &mut store,
        host.clone(),
        "Pontis 1",
        PontisRules::standard(),
    )
    .unwrap();
    assert!(matches!(
        TableSession::open(
            &mut store,
            host,
            "Pontis 1",
            czech,
            Some("czech"),
            Limits::NONE
        ),
        Err(InputError::NotNow(_))
    ));
    let c = Connection::open(&path).unwrap();
    let names: Vec<String> = c
        .prepare("SELECT name FROM event_kinds WHERE code BETWEEN 18 AND 23 ORDER BY code")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        names,
        [
            "pontis_opened",
            "pontis_started",
            "pontis_play",
            "pontis_refused",
            "pontis_undo",
            "pontis_ended"
        ]
    );
    let version: i32 = c
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, croupier::log::store::SCHEMA_VERSION);
    let _ = PontisScript::parse("{}", None).unwrap_err();
}

#[test]
fn the_summary_report_lists_pontis_games_per_table_and_host() {
    use croupier::engine::Money;
    use croupier::report::{self, Cell, Kind, Options};
    let path = common::fresh_dir("pontis-report").join("table.db");
    let (mut store, host) = staffed(&path);
    let mut s = PontisSession::open(&mut store, host, "Pontis 1", PontisRules::standard()).unwrap();
    s.start_game(&mut store, names(&["Ana", "Ben"]), 0).unwrap();
    for text in ["Ana: bank 9h", "Ben: bank 9d", "Ben: pass", "Ana: pass"] {
        s.input_text(&mut store, text).unwrap();
    }
    s.start_game(&mut store, names(&["Ana", "Ben", "Cyril"]), 1)
        .unwrap();
    s.input_text(&mut store, "Ben: bank 2c").unwrap();
    s.abandon(&mut store).unwrap();
    s.start_game(&mut store, names(&["Ana", "Ben"]), 1).unwrap();
    let options = Options {
        threshold: Money::units(400),
        verify: true,
        generated_at: "2026-02-01 00:00:00 UTC",
        ..common::options(Kind::Summary, "2026-01-05", "2026-01-05")
    };
    let r = report::build(std::slice::from_ref(&store), &options, |_| {}).unwrap();
    let Some(report::Verified::Passed(verified)) = r.sources[0].verified.clone() else {
        panic!("{:?}", r.sources[0].verified)
    };
    assert!(
        matches!(
            verified,
            report::verdict::Passed::File(report::verdict::Replayed { games: 3, .. })
        ),
        "{verified:?}"
    );
    assert!(
        verified.to_string().contains("3 Pontis games replayed"),
        "{verified}"
    );
    let section = |name: &str| {
        r.sections
            .iter()
            .find(|s| s.name == name)
            .unwrap_or_else(|| panic!("no section {name}"))
    };
    let games = section("pontis games");
    let t = |x: &str| Cell::Text(x.to_string());
    assert_eq!(games.rows.len(), 3);
    let ends: Vec<&Cell> = games.rows.iter().map(|row| &row[7]).collect();
    let w = Cell::Word;
    assert_eq!(ends, [&w("blocked"), &w("abandoned"), &w("in play")]);
    assert_eq!(games.rows[0][8], t("Ana, Ben"), "a tie shares the win");
    assert_eq!(games.rows[0][5], Cell::Int(4));
    assert_eq!(games.rows[1][4], t("Ana, Ben, Cyril"));
    let by = section("pontis games by table and host");
    assert_eq!(by.rows.len(), 1);
    assert_eq!(by.rows[0][..2], [t("Pontis 1"), t("Jana Svoboda")]);
    assert_eq!(
        by.rows[0][2..],
        [3, 0, 1, 1, 1, 4].map(Cell::Int),
        "games, empty hand, blocked, abandoned, in play, longest"
    );
}

/// A Pontis table on Prague's calendar (gaming day 06:00 to 06:00 local, UTC+1 in
/// January): a game started at 05:30 local on 6 January is gaming day 5 January's, one
/// started at 06:30 local is 6 January's, and each summary lists its own day's games
/// only, although the report reads a window that also covers the UTC calendar's day.
#[test]
fn a_pontis_game_is_in_the_summary_of_its_gaming_day_only() {
    use croupier::engine::Money;
    use croupier::report::{self, Kind, Options};
    use croupier::session::calendar::Calendar;
    use std::sync::atomic::Ordering;
    let path = common::fresh_dir("pontis-gaming-day").join("table.db");
    let hour = 3_600_000;
    let jan5 = 1_767_571_200_000; // 2026-01-05 00:00 UTC
    let clock = common::SetClock(std::sync::Arc::new((jan5 + 12 * hour).into()));
    let mut store = Store::open_with(&path, Box::new(clock.clone())).unwrap();
    let admin = users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
    users::add_user(
        &mut store,
        "Jana Svoboda",
        Role::Dealer,
        "1001",
        Some(&admin),
    )
    .unwrap();
    let cal = Calendar::new("Europe/Prague", "06:00 14:00 22:00").unwrap();
    assert!(croupier::session::settings::set_calendar(&mut store, &cal, &admin).unwrap());
    let host = users::login(&mut store, "Jana Svoboda", "1001", None).unwrap();
    let mut s = PontisSession::open(&mut store, host, "Pontis 1", PontisRules::standard()).unwrap();
    // 13:00, then 05:30 and 06:30 local (UTC+1) the next morning.
    for at in [
        jan5 + 12 * hour,
        jan5 + 28 * hour + hour / 2,
        jan5 + 29 * hour + hour / 2,
    ] {
        clock.0.store(at, Ordering::SeqCst);
        s.start_game(&mut store, names(&["Ana", "Ben"]), 0).unwrap();
        s.abandon(&mut store).unwrap();
    }
    let games = |day: &str| {
        let options = Options {
            threshold: Money::units(400),
            verify: false,
            generated_at: "2026-02-01 00:00:00 UTC",
            ..common::options(Kind::Summary, day, day)
        };
        let r = report::build(std::slice::from_ref(&store), &options, |_| {}).unwrap();
        (r.sections.iter().find(|s| s.name == "pontis games")).map_or(0, |s| s.rows.len())
    };
    assert_eq!(games("2026-01-05"), 2, "13:00 and the next day's 05:30");
    assert_eq!(games("2026-01-06"), 1, "06:30");
}

#[test]
fn both_games_open_a_table_under_one_policy() {
    use croupier::codes::{NotNow, TableGame};
    let path = common::fresh_dir("one-opening").join("table.db");
    let mut store = Store::open_with(&path, Box::new(ManualClock::new(1_767_600_000_000))).unwrap();
    let admin = users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
    let dealer = users::add_user(
        &mut store,
        "Jana Svoboda",
        Role::Dealer,
        "1001",
        Some(&admin),
    )
    .unwrap();
    let sup = users::add_user(
        &mut store,
        "Petr Novak",
        Role::Supervisor,
        "200200",
        Some(&admin),
    )
    .unwrap();
    let refusal = |r: Result<(), InputError>| match r {
        Err(InputError::NotNow(why)) => why,
        other => panic!("expected a NotNow refusal, got {other:?}"),
    };
    let (czech, belarus) = (
        Rules::preset("czech").unwrap(),
        Rules::preset("belarus").unwrap(),
    );
    let declared = PontisRules::from_json(r#"{"top": "declared"}"#).unwrap();
    let pontoon = |store: &mut Store, who: &users::User, name: &str, rules: Rules| {
        TableSession::open(store, who.clone(), name, rules, None, Limits::NONE).map(drop)
    };
    let pontis = |store: &mut Store, who: &users::User, name: &str, rules: PontisRules| {
        PontisSession::open(store, who.clone(), name, rules)
    };
    pontoon(&mut store, &dealer, "T", czech).unwrap();
    let mut p = pontis(&mut store, &dealer, "P", PontisRules::standard()).unwrap();
    p.start_game(&mut store, names(&["Ana", "Ben"]), 0).unwrap();
    let name = |n: &str, game| NotNow::OtherGamesTable {
        name: n.to_string(),
        game,
    };
    assert_eq!(
        refusal(pontis(&mut store, &dealer, "T", PontisRules::standard()).map(drop)),
        name("T", TableGame::Pontoon)
    );
    assert_eq!(
        refusal(pontoon(&mut store, &dealer, " P ", czech)),
        name("P", TableGame::Pontis)
    );
    assert_eq!(
        refusal(pontoon(&mut store, &dealer, "  ", czech)),
        NotNow::NoTableName
    );
    assert_eq!(
        refusal(pontis(&mut store, &dealer, "", declared).map(drop)),
        NotNow::NoTableName
    );
    // Other rules: a supervisor's, for both games; and never with a game in play.
    assert_eq!(
        refusal(pontoon(&mut store, &dealer, "T", belarus)),
        NotNow::RulesNeedSupervisor {
            name: "T".into(),
            game: TableGame::Pontoon
        }
    );
    assert_eq!(
        refusal(pontis(&mut store, &dealer, "P", declared).map(drop)),
        NotNow::RulesNeedSupervisor {
            name: "P".into(),
            game: TableGame::Pontis
        }
    );
    assert_eq!(
        refusal(pontis(&mut store, &sup, "P", declared).map(drop)),
        NotNow::RulesWhileInPlay {
            name: "P".into(),
            game: TableGame::Pontis
        }
    );
    pontoon(&mut store, &sup, "T", belarus).unwrap();
}
