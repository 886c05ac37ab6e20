//! The table's money, end to end: every `tests/money/*.json` is a scenario replayed by
//! this one harness — tray counts, fills, credits and drops through the functions the
//! commands call, cash and rounds through the feed, at set times — then the close-out
//! report's JSON and the exceptions report are compared with what the scenario expects,
//! and `verify` must pass. Then the commands themselves, with bad input that changes
//! nothing.

mod common;

use common::SetClock;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use croupier::engine::{Limits, Money, Rules};
use croupier::log::Store;
use croupier::report::{self, Kind, Options};
use croupier::session::feed::{Feed, NewTable};
use croupier::session::money::Moment;
use croupier::session::money_log::{self, DropInput, Signers};
use croupier::session::replay;
use croupier::session::users::{self, Role};
use serde_json::Value;

const PINS: [(&str, &str, Role); 3] = [
    ("Irena Dvorak", "900000", Role::Admin),
    ("Petr Novak", "800100", Role::Supervisor),
    ("Jana Svoboda", "1001", Role::Dealer),
];

fn pin(name: &str) -> &'static str {
    PINS.iter().find(|p| p.0 == name).map(|p| p.1).unwrap()
}

fn ms(at: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(at)
        .unwrap()
        .timestamp_millis()
}

/// A database with its staff and the scenario's chip set.
fn staffed(path: &Path, clock: &SetClock, chips: &str) -> Store {
    let mut store = Store::open_with(path, Box::new(clock.clone())).unwrap();
    let admin = users::add_user(&mut store, PINS[0].0, PINS[0].2, PINS[0].1, None).unwrap();
    for (name, p, role) in &PINS[1..] {
        users::add_user(&mut store, name, *role, p, Some(&admin)).unwrap();
    }
    let sup = users::login(&mut store, PINS[1].0, PINS[1].1, None).unwrap();
    let set = croupier::session::chips::ChipSet::parse(chips).unwrap();
    assert!(money_log::set_chip_set(&mut store, &set, &sup).unwrap());
    store
}

/// Signs as the step's `by` and `witness` (their PINs checked) and runs `f`.
fn signed<T>(store: &mut Store, step: &Value, f: impl FnOnce(&mut Store, Signers) -> T) -> T {
    let name = |k: &str| step[k].as_str().unwrap().to_string();
    let by = users::login(store, &name("by"), pin(&name("by")), None).unwrap();
    let witness = users::login(store, &name("witness"), pin(&name("witness")), None).unwrap();
    f(
        store,
        Signers {
            by: &by,
            witness: &witness,
        },
    )
}

/// Feeds the step's lines to its table (opened with the Czech rules the first time):
/// each answered `ok`/`settled`, or as the line's `answer` says.
fn feed(store: Store, step: &Value, opened: &mut HashSet<String>) -> Store {
    let table = step["table"].as_str().unwrap();
    let mut store = store;
    let dealer = users::login(&mut store, PINS[2].0, PINS[2].1, None).unwrap();
    let new = opened.insert(table.to_string()).then(|| NewTable {
        rules: Rules::preset("czech").unwrap(),
        preset: Some("czech".into()),
        limits: Limits::NONE,
    });
    let mut f = match Feed::open(store, dealer.clone(), table, new) {
        Ok(f) => f,
        Err(_) => panic!("the feed did not open {table}"),
    };
    for line in step["lines"].as_array().unwrap() {
        let (text, want) = match line {
            Value::String(t) => (t.as_str(), None),
            o => (o["line"].as_str().unwrap(), o["answer"].as_str()),
        };
        let answer = f.line(text.as_bytes()).unwrap().unwrap().to_string();
        match want {
            Some(w) => assert!(answer.starts_with(w), "{text}: {answer}"),
            None => assert!(
                answer.starts_with("ok") || answer.starts_with("settled"),
                "{text}: {answer}"
            ),
        }
    }
    f.into_store()
}

/// One step of a scenario at its time.
fn step(store: Store, s: &Value, opened: &mut HashSet<String>) -> Store {
    let mut store = store;
    let (kind, d) = s
        .as_object()
        .unwrap()
        .iter()
        .find(|(k, _)| *k != "at")
        .unwrap();
    let text = |k: &str| d[k].as_str().unwrap().to_string();
    match kind.as_str() {
        "feed" => return feed(store, d, opened),
        "tray" => {
            let moment = Moment::parse(&text("moment")).unwrap();
            signed(&mut store, d, |st, sg| {
                money_log::count(st, &text("table"), moment, &text("count"), sg)
            })
            .unwrap();
        }
        "fill" | "credit" => {
            signed(&mut store, d, |st, sg| {
                money_log::slip(st, &text("table"), kind == "fill", &text("chips"), sg)
            })
            .unwrap();
        }
        "day" => {
            let by = text("by");
            let admin = users::login(&mut store, &by, pin(&by), None).unwrap();
            let cal = croupier::session::calendar::Calendar::new(&text("tz"), &text("shifts"));
            croupier::session::settings::set_calendar(&mut store, &cal.unwrap(), &admin).unwrap();
        }
        "par" => {
            let by = text("by");
            let sup = users::login(&mut store, &by, pin(&by), None).unwrap();
            money_log::set_par(&mut store, &text("table"), &text("chips"), &sup).unwrap();
        }
        "drop" => {
            let line = DropInput {
                table: text("table"),
                day: chrono::NaiveDate::parse_from_str(&text("day"), "%Y-%m-%d").unwrap(),
                shift: d["shift"].as_u64().unwrap() as u8,
                amount: Money::parse(&text("amount")).unwrap(),
            };
            signed(&mut store, d, |st, sg| money_log::drops(st, &[line], sg)).unwrap();
        }
        other => panic!("unknown step {other}"),
    }
    store
}

fn options(kind: Kind, from: &str, to: &str) -> Options<'static> {
    Options {
        threshold: Money::units(1_000_000),
        verify: true,
        generated_at: "2026-12-31 00:00:00 UTC",
        ..common::options(kind, from, to)
    }
}

fn section<'a>(json: &'a Value, name: &str) -> &'a Value {
    json["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no section {name}"))
}

/// A scenario's steps played into a new file (`tag` names its folder): the file, verified,
/// and the scenario.
fn played(path: &Path, tag: &str) -> (Store, Value) {
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let name = path.file_stem().unwrap().to_str().unwrap();
    let db = common::fresh_dir(&format!("money-{name}{tag}")).join("t.db");
    let first = ms(doc["steps"][0]["at"].as_str().unwrap()) - 3_600_000;
    let clock = SetClock(Arc::new(AtomicI64::new(first)));
    let mut store = staffed(&db, &clock, doc["chips"].as_str().unwrap());
    let mut opened = HashSet::new();
    for s in doc["steps"].as_array().unwrap() {
        clock
            .0
            .store(ms(s["at"].as_str().unwrap()), Ordering::SeqCst);
        store = step(store, s, &mut opened);
    }
    replay::verify(&store, |_| {}).unwrap_or_else(|e| panic!("{name}: verify: {e}"));
    (store, doc)
}

/// Plays a scenario; compares the close-out and the exceptions with its `expect`.
fn play(path: &Path) {
    let name = path.file_stem().unwrap().to_str().unwrap();
    let (store, doc) = played(path, "");
    let (from, to) = (
        doc["period"][0].as_str().unwrap(),
        doc["period"][1].as_str().unwrap(),
    );
    let stores = [store];
    let closeout = report::build(&stores, &options(Kind::Closeout, from, to), |_| {}).unwrap();
    let json = report::render_json(&closeout);
    let by_shift = section(&json, "by shift");
    let columns: Vec<&str> = by_shift["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let want: Vec<Vec<Value>> = doc["expect"]["by shift"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| columns.iter().map(|c| r[*c].clone()).collect())
        .collect();
    let got: Vec<Vec<Value>> = serde_json::from_value(by_shift["rows"].clone()).unwrap();
    assert_eq!(got.len(), want.len(), "{name}: {got:?}");
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g, w, "{name}: columns {columns:?}");
    }
    // A scenario with par tables: the par section's rows, per table and shift.
    if let Some(want) = doc["expect"].get("par") {
        assert_eq!(&section(&json, "par")["rows"], want, "{name}: par");
    }
    let ex = report::render_json(
        &report::build(&stores, &options(Kind::Exceptions, from, to), |_| {}).unwrap(),
    );
    let money_words = [
        "close-out difference",
        "count missing",
        "cash over threshold",
    ];
    // [word, detail], or [word, detail, time] where the scenario says each row's time.
    let timed = (doc["expect"]["exceptions"].as_array()).is_some_and(|rows| {
        rows.iter()
            .any(|r| r.as_array().is_some_and(|r| r.len() == 3))
    });
    let got: Vec<Value> = section(&ex, "exceptions")["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| money_words.contains(&r[1].as_str().unwrap()))
        .map(|r| match timed {
            true => serde_json::json!([r[1], r[5], r[0]]),
            false => serde_json::json!([r[1], r[5]]),
        })
        .collect();
    assert_eq!(&Value::from(got), &doc["expect"]["exceptions"], "{name}");
}

#[test]
fn every_money_scenario_closes_out_to_the_cent() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/money");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for f in &files {
        play(f);
    }
}

/// One scenario played into two files, reported together: each close-out section has a
/// row per database for each table, said with its database ("T1 (database 2)"), equal to
/// that file's own row; not two rows of one name with different money.
#[test]
fn a_closeout_over_two_files_says_which_database_each_table_is() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/money/par-shifts.json");
    let (a, doc) = played(&path, "-a");
    let (b, _) = played(&path, "-b");
    let (from, to) = (
        doc["period"][0].as_str().unwrap(),
        doc["period"][1].as_str().unwrap(),
    );
    let stores = [a, b];
    let json = |stores: &[Store]| {
        report::render_json(
            &report::build(stores, &options(Kind::Closeout, from, to), |_| {}).unwrap(),
        )
    };
    let (alone, both) = (json(&stores[..1]), json(&stores));
    for name in ["by shift", "by day", "month to date", "year to date", "par"] {
        let rows = |j: &Value| section(j, name)["rows"].as_array().unwrap().clone();
        let one = rows(&alone);
        assert!(!one.is_empty(), "{name}");
        let mut want = Vec::new();
        for n in [1, 2] {
            want.extend(one.iter().cloned().map(|mut r| {
                r[0] = Value::from(format!("{} (database {n})", r[0].as_str().unwrap()));
                r
            }));
        }
        let key = |r: &Value| r.to_string();
        want.sort_by_key(key);
        let mut got = rows(&both);
        got.sort_by_key(key);
        assert_eq!(got, want, "{name}");
    }
}

/// The chain head `croupier verify` reports (verify passes).
fn head(db: &str) -> String {
    let out = common::run(&["verify", "--db", db], b"");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{text}");
    text.lines()
        .find(|l| l.contains("chain head"))
        .unwrap()
        .to_string()
}

/// `croupier` with `args` (words split at `|`, so that names keep their spaces) and the
/// database, `stdin` as its input: (success, stdout, stderr).
fn cli(db: &str, args: &str, stdin: &[u8]) -> (bool, String, String) {
    let mut a: Vec<&str> = args.split('|').collect();
    a.extend(["--db", db]);
    let out = common::run(&a, stdin);
    let text = |b: &[u8]| String::from_utf8_lossy(b).to_string();
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

fn ok(db: &str, args: &str, stdin: &[u8]) -> String {
    let (ok, out, err) = cli(db, args, stdin);
    assert!(ok, "{args}: {out}{err}");
    out
}

/// A database with an admin, a supervisor, a dealer, a table and a chip set.
fn money_db(dir: &Path) -> String {
    let d = dir.join("t.db").to_str().unwrap().to_string();
    ok(&d, "user|add|Irena Dvorak|--role|admin", b"900000\n");
    let by = "--by|Irena Dvorak";
    ok(
        &d,
        &format!("user|add|Petr Novak|--role|supervisor|{by}"),
        b"800100\n900000\n",
    );
    ok(
        &d,
        &format!("user|add|Jana Svoboda|--role|dealer|{by}"),
        b"1001\n900000\n",
    );
    let feed = "feed|--table|Pontoon 1|--dealer|Jana Svoboda|--rules|czech";
    ok(&d, feed, b"1001\n");
    assert!(ok(&d, "chips", b"").contains("no chip set"));
    let said = ok(
        &d,
        "chips|--set|25 100 500 1000|--by|Petr Novak",
        b"800100\n",
    );
    assert!(said.contains("chip set 25 100 500 1000"), "{said}");
    d
}

/// A money command's refusal is in the system's language (LC_ALL, LC_MESSAGES, LANG), as
/// the screens word it; the log is unchanged.
#[test]
fn the_money_commands_refuse_in_the_users_language() {
    let dir = common::fresh_dir("money-cli-lang");
    let d = money_db(&dir);
    let before = head(&d);
    for (lang, args, want) in [
        (
            "cs_CZ.UTF-8",
            "tray|--table|Pontoon 1|--count|250:4|--by|Petr Novak|--witness|Jana Svoboda",
            "250 není hodnota sady žetonů (25 100 500 1000)",
        ),
        (
            "uk_UA.UTF-8",
            "fill|--table|Pontoon 1|--chips|500:2|--by|Petr Novak|--witness|Petr Novak",
            "Petr Novak підписав обидва рядки",
        ),
        (
            "ru_RU.UTF-8",
            "drop|--table|Pontoon 9|--day|2026-12-01|--shift|1|--cash|100|--by|Petr Novak|--witness|Jana Svoboda",
            "Pontoon 9",
        ),
    ] {
        let mut a: Vec<&str> = args.split('|').collect();
        a.extend(["--db", d.as_str()]);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_croupier"))
            .args(&a)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", lang)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(want), "{lang}: {err}");
        assert!(!err.contains("there is no table named"), "{lang}: {err}");
    }
    assert_eq!(head(&d), before);
}

/// The commands: bad input gets a message saying what was expected and logs nothing
/// (not even a login: names and chips are checked before the PINs).
#[test]
fn the_money_commands_refuse_bad_input_and_change_nothing() {
    let dir = common::fresh_dir("money-cli-bad");
    let d = money_db(&dir);
    let before = head(&d);
    let signed = "--by|Petr Novak|--witness|Jana Svoboda";
    for (args, want) in [
        (
            format!("tray|--table|Pontoon 1|--count|250:4|{signed}"),
            "250 is not a denomination of the chip set (25 100 500 1000)",
        ),
        (
            format!("tray|--table|Pontoon 1|--count|500:-4|{signed}"),
            "a count is a whole number of chips",
        ),
        (
            "fill|--table|Pontoon 1|--chips|500:2|--by|Petr Novak|--witness|Petr Novak".into(),
            "Petr Novak signed both lines",
        ),
        (
            format!("drop|--table|Pontoon 9|--day|2026-12-01|--shift|1|--cash|100|{signed}"),
            "no table named \"Pontoon 9\"",
        ),
        (
            "chips|--set|25 25|--by|Petr Novak".into(),
            "the denomination 25 is given twice",
        ),
    ] {
        let (ok, _, err) = cli(&d, &args, b"800100\n1001\n");
        assert!(!ok && err.contains(want), "{args}: {err}");
    }
    assert_eq!(head(&d), before, "nothing was logged");
}

/// The commands take good input and say it: counts against the expected tray, a slip
/// with its HTML page, a count room's CSV.
#[test]
fn the_money_commands_count_slip_and_drop() {
    let dir = common::fresh_dir("money-cli-good");
    let d = money_db(&dir);
    let (pins_jp, pins_pj) = (b"1001\n800100\n", b"800100\n1001\n");
    let tray = |count: &str| {
        let args = format!(
            "tray|--table|Pontoon 1|--count|{count}|--by|Jana Svoboda|--witness|Petr Novak"
        );
        ok(&d, &args, pins_jp)
    };
    let said = tray("500:20 100:5");
    assert!(said.contains("opening count 10500"), "{said}");
    let fill = "fill|--table|Pontoon 1|--chips|500:2|--by|Petr Novak|--witness|Jana Svoboda";
    let said = ok(&d, fill, pins_pj);
    assert!(said.contains("fill slip 1 of 1000"), "{said}");
    let slip = std::fs::read_to_string(dir.join("slip-Pontoon-1-fill-000001.html")).unwrap();
    assert!(
        slip.contains("Fill slip 1") && slip.contains("Jana Svoboda"),
        "{slip}"
    );
    let said = tray("500:21 100:5");
    assert!(
        said.contains("change count 11000") && said.contains("expected 11500, difference -500"),
        "{said}"
    );
    let csv = dir.join("count.csv");
    let rows = "table;day;shift;amount\nPontoon 1;2026-12-01;1;100,50\nPontoon 1;2026-12-01;2;7\n";
    std::fs::write(&csv, rows).unwrap();
    let args = format!(
        "drop|--import|{}|--by|Petr Novak|--witness|Jana Svoboda",
        csv.display()
    );
    let said = ok(&d, &args, pins_pj);
    assert!(said.contains("2 drop count(s) of 107.50"), "{said}");
    head(&d);
}

/// A running table takes its counts, fills and credits through its own feed (the CLI
/// cannot open a database the feed holds): the two sign with their PINs on the line,
/// answered `ok …` or refused with the reason; no PIN reaches the log; a count waits for
/// the round in play; a closing count makes the next bets wait for an opening one.
#[test]
fn a_running_table_counts_and_makes_slips_through_its_feed() {
    let db = common::fresh_dir("money-feed-count").join("t.db");
    let clock = SetClock(Arc::new(AtomicI64::new(ms("2026-12-01T06:00:00Z"))));
    let mut store = staffed(&db, &clock, "25 100 500 1000");
    let dealer = users::login(&mut store, PINS[2].0, PINS[2].1, None).unwrap();
    let new = NewTable {
        rules: Rules::preset("czech").unwrap(),
        preset: Some("czech".into()),
        limits: Limits::NONE,
    };
    let mut f = Feed::open(store, dealer, "Pontoon 1", Some(new)).unwrap_or_else(|_| panic!());
    let signed = "by Jana Svoboda 1001 witness Petr Novak 800100";
    let steps: Vec<(String, &str)> = vec![
        ("bets 1a:100".into(), "refused a count is due"),
        (
            "count 500:20 100:5 by Jana Svoboda 1001".into(),
            "refused a count is written count [opening|change|closing] CHIPS by NAME PIN witness NAME PIN",
        ),
        (
            format!("count 250:4 {signed}"),
            "refused 250 is not a denomination of the chip set (25 100 500 1000); expected bets",
        ),
        (
            "count 500:20 by Jana Svoboda 1001 witness Jana Svoboda 1001".into(),
            "refused Jana Svoboda signed both lines",
        ),
        (
            "count 500:20 by Jana Svoboda 1001 witness Petr Novak 1234".into(),
            "refused Petr Novak: wrong name or PIN",
        ),
        (
            format!("count 500:20 100:5 {signed}"),
            "ok opening count 10500: the table's first count; bets",
        ),
        ("bets 1a:100".into(), "ok"),
        (
            format!("count 500:20 {signed}"),
            "refused a round is already in play",
        ),
        ("10".into(), "ok"),
        ("7".into(), "ok"),
        ("10".into(), "ok"),
        ("stick".into(), "ok"),
        ("10".into(), "settled 1a:+100"),
        (
            "fill 500:2 by Petr Novak 800100 witness Jana Svoboda 1001".into(),
            "ok fill slip 1 of 1000 (500:2); bets",
        ),
        (
            "credit 100:1 by Petr Novak 800100 witness Jana Svoboda 1001".into(),
            "ok credit slip 2 of 100 (100:1)",
        ),
        (
            format!("count change 500:22 100:2 {signed}"),
            "ok change count 11200: expected 11300, difference -100",
        ),
        (
            format!("count closing 500:22 100:2 {signed}"),
            "ok closing count 11200: as expected (11200)",
        ),
        ("bets 1a:100".into(), "refused a count is due"),
    ];
    for (line, want) in &steps {
        let answer = f.line(line.as_bytes()).unwrap().unwrap().to_string();
        assert!(answer.starts_with(want), "{line}: {answer}");
    }
    let store = f.into_store();
    let mut texts = Vec::new();
    store
        .each_event(1, |e| {
            texts.push(e.data.clone());
            Ok::<(), ()>(())
        })
        .unwrap()
        .unwrap();
    let log = texts.join("\n");
    assert!(
        log.contains("count 500:20 100:5 by Jana Svoboda ****"),
        "the refused line is logged"
    );
    for pin in ["800100", "1001 ", "1234"] {
        let at: Vec<&str> = log.lines().filter(|l| l.contains(pin)).collect();
        assert!(at.is_empty(), "a PIN {pin} in the log: {at:?}");
    }
    replay::verify(&store, |_| {}).unwrap();
}
