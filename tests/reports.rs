//! Reports on a fixed `croupier demo --seed` database: golden files for every kind and
//! format, the summary's figures against the rounds' own nets, and a floor report over
//! two database files. `UPDATE_GOLDEN=1 cargo test --test reports` rewrites the goldens.

mod common;

use common::SetClock;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use croupier::engine::{BetSpec, Limits, Money, Rules};
use croupier::log::{EventKind, ManualClock, Store};
use croupier::report::{self, Cell, Kind, Options};
use croupier::session::TableSession;
use croupier::session::users::{self, Role};

fn demo(name: &str, rounds: &str, tables: &str, seed: &str) -> PathBuf {
    let n = |v: &str| v.parse::<u64>().unwrap();
    common::demo_db(name, n(rounds), n(tables), n(seed))
}

/// 1,800 rounds at two tables: three shifts over 5 and 6 January 2026.
fn fixed_db() -> &'static Path {
    static DB: OnceLock<PathBuf> = OnceLock::new();
    DB.get_or_init(|| demo("golden", "1800", "2", "11"))
}

fn options(kind: Kind) -> Options<'static> {
    Options {
        dealer: if kind == Kind::Rounds {
            Some("Jana Svoboda")
        } else {
            None
        },
        threshold: Money::units(400),
        verify: true,
        generated_by: "system user (golden test)",
        generated_at: "2026-02-01 00:00:00 UTC",
        ..common::options(kind, "2026-01-05", "2026-01-06")
    }
}

/// The report with the database's temporary path replaced, so the golden is stable.
fn stable(text: &str, db: &Path) -> String {
    text.replace(db.to_str().unwrap(), "<demo.db>")
}

fn golden(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "no golden file {}: run with UPDATE_GOLDEN=1 once",
            path.display()
        )
    });
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{name} differs from its golden file at line {}:\n golden: {:?}\n actual: {:?}",
            line + 1,
            expected.lines().nth(line),
            actual.lines().nth(line)
        );
    }
}

#[test]
fn every_kind_and_format_matches_its_golden_file() {
    let db = fixed_db();
    let store = Store::open_read(db).unwrap();
    for kind in [
        Kind::Summary,
        Kind::Rounds,
        Kind::Dealers,
        Kind::Exceptions,
        Kind::Protection,
    ] {
        let r = report::build(std::slice::from_ref(&store), &options(kind), |_| {}).unwrap();
        assert!(
            r.sources[0].verified.as_ref().is_some_and(|v| v.passed()),
            "{kind:?}: verify"
        );
        assert!(
            r.sections.iter().any(|s| !s.rows.is_empty()),
            "{kind:?}: an empty report proves nothing"
        );
        let base = kind.name().to_string();
        golden(
            &format!("{base}.json"),
            &stable(
                &(serde_json::to_string_pretty(&report::render_json(&r)).unwrap() + "\n"),
                db,
            ),
        );
        golden(
            &format!("{base}.html"),
            &stable(&report::render_html(&r), db),
        );
        let dir = db.parent().unwrap().join(format!("csv-{base}"));
        let files = report::render_csv(&r, &dir, true).unwrap();
        assert_eq!(
            files.len(),
            r.sections.len() + 1,
            "one CSV per table of the report, plus the footer"
        );
        let mut all = String::new();
        for f in files {
            all.push_str(&format!(
                "== {}\n",
                f.file_name().unwrap().to_string_lossy()
            ));
            all.push_str(&std::fs::read_to_string(f).unwrap());
        }
        golden(&format!("{base}.csv.txt"), &stable(&all, db));
    }
}

fn money_of(c: &Cell) -> Money {
    match c {
        Cell::Money(m) => *m,
        other => panic!("not money: {other:?}"),
    }
}

fn int_of(c: &Cell) -> i64 {
    match c {
        Cell::Int(n) => *n,
        other => panic!("not a count: {other:?}"),
    }
}

/// The summary's house win and round count, against an independent sum of every settled,
/// not voided round's per-bet nets straight from the log.
#[test]
fn summary_figures_add_up_to_the_rounds_nets() {
    let db = fixed_db();
    let store = Store::open_read(db).unwrap();
    let r = report::build(
        std::slice::from_ref(&store),
        &options(Kind::Summary),
        |_| {},
    )
    .unwrap();
    let total = r
        .sections
        .iter()
        .find(|s| s.name == "period total")
        .unwrap();
    let (rounds, win) = (int_of(&total.rows[0][1]), money_of(&total.rows[0][4]));
    let (a, b) = options(Kind::Summary).period.ms();
    // Straight from the log: every settlement in the period, less the voided rounds.
    let mut settled = Vec::new();
    let mut voided = std::collections::HashSet::new();
    store
        .each_event(1, |e| {
            match e.kind {
                EventKind::RoundSettled if e.at >= a && e.at < b => settled.push(e),
                EventKind::RoundVoided => {
                    voided.insert(e.round);
                }
                _ => {}
            }
            Ok::<(), ()>(())
        })
        .unwrap()
        .unwrap();
    let settled: Vec<_> = settled
        .iter()
        .filter(|e| !voided.contains(&e.round))
        .collect();
    let n = settled.len() as i64;
    let cents: i64 = settled
        .iter()
        .flat_map(|e| {
            let d: serde_json::Value = serde_json::from_str(&e.data).unwrap();
            d["nets"].as_array().cloned().unwrap_or_default()
        })
        .map(|b| -croupier::script::cents_of_number(b["net"].as_number().unwrap()).unwrap())
        .sum();
    assert_eq!(rounds, n);
    assert_eq!(win, Money::from_cents(cents));
    // The by-day and by-shift rows add up to the period total.
    for name in ["by day", "by shift"] {
        let s = r.sections.iter().find(|s| s.name == name).unwrap();
        let col = s.columns.iter().position(|c| *c == "house win").unwrap();
        let rcol = s.columns.iter().position(|c| *c == "rounds").unwrap();
        let sum: Money = s.rows.iter().map(|row| money_of(&row[col])).sum();
        let count: i64 = s.rows.iter().map(|row| int_of(&row[rcol])).sum();
        assert_eq!((sum, count), (win, rounds), "{name}");
    }
}

/// The summary says per table, in words, who has the edge under the rules it played: the
/// demo's presets give it to the players (their house edge, as the lab solves them, is
/// below zero), so each table's row says "players" beside that edge.
#[test]
fn the_summary_says_when_the_rules_give_the_players_the_edge() {
    let store = Store::open_read(fixed_db()).unwrap();
    let r = report::build(
        std::slice::from_ref(&store),
        &options(Kind::Summary),
        |_| {},
    )
    .unwrap();
    let s = r.sections.iter().find(|s| s.name == "rules edge").unwrap();
    assert_eq!(s.columns, ["table", "house edge %", "edge to"]);
    assert!(!s.rows.is_empty());
    let presets: Vec<f64> = ["czech", "belarus"]
        .iter()
        .map(|n| croupier::report::theory::of_rules(&Rules::preset(n).unwrap().to_value()))
        .map(|t| t.unwrap().edge * 100.0)
        .collect();
    for row in &s.rows {
        let Cell::Percent(Some(edge)) = row[1] else {
            panic!("{row:?}")
        };
        assert!(presets.contains(&edge), "{edge} is a preset's edge");
        assert!(edge < 0.0, "{row:?}");
        assert_eq!(row[2], Cell::Word("players"), "{row:?}");
    }
}

/// Two databases' tables of one name are two tables, not one row summing both (each
/// demo names its tables "Pontoon 1", "Pontoon 2", …): every section keyed by table has a
/// row per (database, table) holding that database's own figures, the name said with its
/// database where both have it ("Pontoon 1 (database 2)", in the report's language too),
/// and as it is where one has it; the period total counts three tables.
/// `games` Pontis games hosted by Jana Svoboda at "Pontis 1" in the demo file `path`, on
/// the evening of 6 January 2026 (in the reports' period), each ended by its players
/// passing.
fn with_pontis(path: &Path, games: usize) {
    use croupier::engine::pontis::PontisRules;
    use croupier::session::pontis::PontisSession;
    let mut store = Store::open_with(path, Box::new(ManualClock::new(1_767_729_600_000))).unwrap();
    let host = users::login(&mut store, "Jana Svoboda", "1001", None).unwrap();
    let mut s = PontisSession::open(&mut store, host, "Pontis 1", PontisRules::standard()).unwrap();
    for _ in 0..games {
        let players = ["Ana", "Ben"].map(String::from).to_vec();
        s.start_game(&mut store, players, 0).unwrap();
        for text in ["Ana: bank 9h", "Ben: bank 9d", "Ben: pass", "Ana: pass"] {
            s.input_text(&mut store, text).unwrap();
        }
    }
}

#[test]
fn tables_of_one_name_in_two_databases_are_not_summed_as_one() {
    use serde_json::{Value, json};
    let (a, b) = (
        demo("same-names-a", "1800", "2", "11"),
        demo("same-names", "600", "1", "12"),
    );
    with_pontis(&a, 1);
    with_pontis(&b, 2);
    let stores = [Store::open_read(&a).unwrap(), Store::open_read(&b).unwrap()];
    let o = options(Kind::Summary);
    let json_of =
        |stores: &[Store]| report::render_json(&report::build(stores, &o, |_| {}).unwrap());
    let (a_alone, b_alone, both) = (
        json_of(&stores[..1]),
        json_of(&stores[1..]),
        json_of(&stores),
    );
    let rows = |j: &Value, name: &str| -> Vec<Value> {
        let s = j["sections"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name);
        s.unwrap_or_else(|| panic!("no {name}"))["rows"]
            .as_array()
            .unwrap()
            .clone()
    };
    let labelled = |rows: Vec<Value>, n: usize| -> Vec<Value> {
        rows.into_iter()
            .map(|mut r| {
                for (col, name) in [(0, "Pontoon 1"), (0, "Pontis 1"), (1, "Pontis 1")] {
                    if r[col] == name {
                        r[col] = json!(format!("{name} (database {n})"));
                    }
                }
                r
            })
            .collect()
    };
    let sorted = |mut v: Vec<Value>| {
        v.sort_by_key(|r| r.to_string());
        v
    };
    for name in [
        "by shift",
        "by day",
        "month to date",
        "year to date",
        "rules edge",
    ] {
        let mut want = labelled(rows(&a_alone, name), 1);
        want.extend(labelled(rows(&b_alone, name), 2));
        let got = rows(&both, name);
        for label in [
            "Pontoon 1 (database 1)",
            "Pontoon 1 (database 2)",
            "Pontoon 2",
        ] {
            assert!(
                got.iter().any(|r| r[0] == label),
                "{name}: no {label}: {got:?}"
            );
        }
        assert_eq!(sorted(got), sorted(want), "{name}");
    }
    for (name, col, count) in [
        ("pontis games by table and host", 0, 2),
        ("pontis games", 1, 3),
    ] {
        let mut want = labelled(rows(&a_alone, name), 1);
        want.extend(labelled(rows(&b_alone, name), 2));
        let got = rows(&both, name);
        assert_eq!(got.len(), count, "{name}: {got:?}");
        for label in ["Pontis 1 (database 1)", "Pontis 1 (database 2)"] {
            assert!(got.iter().any(|r| r[col] == label), "{name}: no {label}");
        }
        assert_eq!(sorted(got), sorted(want), "{name}");
    }
    assert_eq!(rows(&both, "period total")[0][0], "3");
    // JSON: each labelled cell's name and database as fields too.
    let by_day = both["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "by day")
        .unwrap();
    let fields = by_day["tables_in_databases"].as_array().unwrap();
    assert!(!fields.is_empty());
    for f in fields {
        let (i, j) = (f["row"].as_u64().unwrap(), f["column"].as_u64().unwrap());
        let words = &by_day["rows"][i as usize][j as usize];
        let want = format!(
            "{} (database {})",
            f["table"].as_str().unwrap(),
            f["database"]
        );
        assert_eq!(words, &json!(want));
    }
    assert!(
        fields
            .iter()
            .any(|f| f["database"] == 2 && f["table"] == "Pontoon 1")
    );
    let sections = a_alone["sections"].as_array().unwrap();
    assert!(
        sections
            .iter()
            .all(|s| s.get("tables_in_databases").is_none())
    );
    let r = report::build(&stores, &o, |_| {}).unwrap();
    let cs = report::render_html_in(&r, &report::Style::of(croupier::i18n::Lang::Cs));
    assert!(cs.contains("Pontoon 1 (databáze 2)"), "Czech label");
    // One database alone: names as they are (the goldens hold the rest).
    assert!(
        rows(&a_alone, "by day")
            .iter()
            .all(|r| !r[0].to_string().contains("database"))
    );
}

/// The protection, players, rounds and exceptions reports over two demo files (the
/// close-out's: tests/money.rs) that both have a "Pontoon 1": each table column says which
/// database's "Pontoon 1" a row is (the streamed rounds and exceptions rows as these held
/// ones: tests/stream.rs), and the rows
/// are each file's own, relabelled (two identical names with different money would be no
/// use to a reader).
#[test]
fn every_report_says_which_database_a_shared_table_name_is() {
    use serde_json::{Value, json};
    let b = demo("same-names-others", "600", "1", "12");
    let stores = [
        Store::open_read(fixed_db()).unwrap(),
        Store::open_read(&b).unwrap(),
    ];
    let rows = |kind: Kind, stores: &[Store], name: &str| -> Vec<Value> {
        let r = report::build(stores, &options(kind), |_| {}).unwrap();
        let j = report::render_json(&r);
        let s = j["sections"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name);
        let mut v = s.unwrap_or_else(|| panic!("no {name}"))["rows"]
            .as_array()
            .unwrap()
            .clone();
        v.sort_by_key(|r| r.to_string());
        v
    };
    let labelled = |rows: Vec<Value>, col: usize, n: usize| -> Vec<Value> {
        rows.into_iter()
            .map(|mut r| {
                if r[col] == "Pontoon 1" {
                    r[col] = json!(format!("Pontoon 1 (database {n})"));
                }
                r
            })
            .collect()
    };
    for (kind, name, col) in [
        (Kind::Protection, "protection", 0),
        (Kind::Rounds, "players", 0),
        (Kind::Rounds, "rounds", 1),
        (Kind::Exceptions, "exceptions", 2),
    ] {
        let mut want = labelled(rows(kind, &stores[..1], name), col, 1);
        want.extend(labelled(rows(kind, &stores[1..], name), col, 2));
        want.sort_by_key(|r| r.to_string());
        let got = rows(kind, &stores, name);
        for label in ["Pontoon 1 (database 1)", "Pontoon 1 (database 2)"] {
            assert!(
                got.iter().any(|r| r[col] == label),
                "{kind:?} {name}: no {label}: {got:?}"
            );
        }
        assert_eq!(got, want, "{kind:?} {name}");
    }
}

/// Dealers over two demo files whose "Pontoon 1" deal over the same clock hours: a dealer
/// is a person, so their row sums both files' rounds, and their table-hours count each
/// database's "Pontoon 1" apart (one clock hour at each is two table-hours): both are the
/// sums of the two files' own rows.
#[test]
fn a_dealers_hours_at_two_databases_tables_of_one_name_are_summed() {
    use serde_json::Value;
    let b = demo("same-names-dealers", "600", "1", "12");
    let stores = [
        Store::open_read(fixed_db()).unwrap(),
        Store::open_read(&b).unwrap(),
    ];
    let o = options(Kind::Dealers);
    let figures = |stores: &[Store]| -> std::collections::BTreeMap<String, (i64, i64)> {
        let j = report::render_json(&report::build(stores, &o, |_| {}).unwrap());
        let s = j["sections"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == "dealers");
        let s = s.unwrap();
        let col = |name: &str| {
            s["columns"]
                .as_array()
                .unwrap()
                .iter()
                .position(|c| c == name)
                .unwrap()
        };
        let (rounds, hours) = (col("rounds"), col("hours at a table"));
        let n = |v: &Value| v.as_i64().unwrap();
        s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r[0].as_str().unwrap().to_string(),
                    (n(&r[rounds]), n(&r[hours])),
                )
            })
            .collect()
    };
    let (a, b, both) = (
        figures(&stores[..1]),
        figures(&stores[1..]),
        figures(&stores),
    );
    let mut shared = 0;
    for (dealer, (rounds, hours)) in &both {
        let (ra, ha) = a.get(dealer).copied().unwrap_or_default();
        let (rb, hb) = b.get(dealer).copied().unwrap_or_default();
        assert_eq!((*rounds, *hours), (ra + rb, ha + hb), "{dealer}");
        shared += usize::from(ha > 0 && hb > 0);
    }
    assert!(shared > 0, "no dealer at both files: {a:?} {b:?}");
}

/// `--table "Pontoon 1"` over two databases that both have one: both databases' rows,
/// each said with its database, and no other table.
#[test]
fn one_table_name_over_two_databases_gives_both_labelled() {
    let b = demo("same-names-table", "600", "1", "12");
    let stores = [
        Store::open_read(fixed_db()).unwrap(),
        Store::open_read(&b).unwrap(),
    ];
    let o = Options {
        table: Some("Pontoon 1"),
        ..options(Kind::Summary)
    };
    let j = report::render_json(&report::build(&stores, &o, |_| {}).unwrap());
    for name in ["by shift", "by day", "month to date", "year to date"] {
        let s = j["sections"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name);
        let rows = s.unwrap()["rows"].as_array().unwrap();
        let labels: std::collections::BTreeSet<&str> =
            rows.iter().map(|r| r[0].as_str().unwrap()).collect();
        assert_eq!(
            labels.into_iter().collect::<Vec<_>>(),
            ["Pontoon 1 (database 1)", "Pontoon 1 (database 2)"],
            "{name}"
        );
    }
}

/// Two files, one per table, make one floor report whose total is the sum of each.
#[test]
fn a_floor_report_over_two_files() {
    let a = fixed_db();
    let b = demo("second", "600", "1", "12");
    let stores = [Store::open_read(a).unwrap(), Store::open_read(&b).unwrap()];
    let total = |stores: &[Store]| {
        let r = report::build(stores, &options(Kind::Summary), |_| {}).unwrap();
        let t = r
            .sections
            .iter()
            .find(|s| s.name == "period total")
            .unwrap()
            .rows[0]
            .clone();
        (int_of(&t[1]), money_of(&t[4]), r)
    };
    let (na, wa, _) = total(&stores[..1]);
    let (nb, wb, _) = total(&stores[1..]);
    let (n, w, floor) = total(&stores);
    assert_eq!((n, w), (na + nb, wa + wb));
    assert_eq!(floor.sources.len(), 2);
    let footer = floor.footer();
    assert!(
        footer
            .iter()
            .any(|(k, v)| k == "Database 2 verify" && v.starts_with("PASSED"))
    );
    // The command line makes the same floor report into files.
    let out = a.parent().unwrap().join("floor");
    let run = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args([
            "report",
            "--db",
            a.to_str().unwrap(),
            "--db",
            b.to_str().unwrap(),
            "--from",
            "2026-01-05",
            "--to",
            "2026-01-06",
        ])
        .args([
            "--kind",
            "summary",
            "--format",
            "html",
            // English whatever the machine's locale: the words are checked below.
            "--lang",
            "en",
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let html = std::fs::read_to_string(out.join("summary-2026-01-05_2026-01-06.html")).unwrap();
    assert!(html.contains("<svg") && html.contains("PASSED") && html.contains(&stores[1].head().1));
    assert!(
        !html.contains("<script") && !html.contains("http://")
            || html.contains("http://www.w3.org/2000/svg")
    );
}

#[test]
fn bad_report_arguments_are_refused_clearly() {
    let db = fixed_db();
    let cases: [(&[&str], &str); 4] = [
        (
            &[
                "--from",
                "2026-01-40",
                "--to",
                "2026-01-06",
                "--kind",
                "summary",
                "--format",
                "csv",
            ],
            "expected a date as YYYY-MM-DD",
        ),
        (
            &[
                "--from",
                "2026-01-07",
                "--to",
                "2026-01-06",
                "--kind",
                "summary",
                "--format",
                "csv",
            ],
            "is after --to",
        ),
        (
            &[
                "--from",
                "2026-01-05",
                "--to",
                "2026-01-06",
                "--kind",
                "weekly",
                "--format",
                "csv",
            ],
            "possible values: summary, rounds, dealers, exceptions, protection",
        ),
        (
            &[
                "--from",
                "2026-01-05",
                "--to",
                "2026-01-06",
                "--kind",
                "summary",
                "--format",
                "pdf",
            ],
            "possible values: csv, json, html",
        ),
    ];
    for (args, words) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_croupier"))
            .args(["report", "--db", db.to_str().unwrap()])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(words),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

const FORMULA_TABLE: &str = r#"=HYPERLINK("http://example.invalid/","click")"#;

/// A database whose names are hostile: a table named like a spreadsheet formula, one named
/// like a template place, a dealer whose name starts with `-`; at each table a round the
/// house loses (box 1: K 9 against the dealer's 9 7 K).
fn hostile_db() -> &'static Path {
    static DB: OnceLock<PathBuf> = OnceLock::new();
    DB.get_or_init(|| {
        let dir =
            std::env::temp_dir().join(format!("croupier-reports-{}-hostile", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("hostile.db");
        let mut store =
            Store::open_with(&path, Box::new(ManualClock::new(1_767_600_000_000))).unwrap();
        let admin =
            users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
        users::add_user(&mut store, "-Eva Kral", Role::Dealer, "1001", Some(&admin)).unwrap();
        for table in [FORMULA_TABLE, "{{footer}}"] {
            let dealer = users::login(&mut store, "-Eva Kral", "1001", None).unwrap();
            let rules = Rules::preset("czech").unwrap();
            let mut s = TableSession::open(
                &mut store,
                dealer,
                table,
                rules,
                Some("czech"),
                Limits::NONE,
            )
            .unwrap();
            s.new_shoe(&mut store).unwrap();
            let bet = BetSpec {
                id: "1a".into(),
                box_no: 1,
                stake: Money::from_cents(1250),
            };
            s.start_round(&mut store, vec![bet]).unwrap();
            for step in ["K", "9", "9", "stick", "7", "K"] {
                s.input_text(&mut store, step).unwrap();
            }
            assert!(s.round().is_none(), "the round settled");
        }
        path
    })
}

fn hostile_report(kind: Kind) -> report::Report {
    let store = Store::open_read(hostile_db()).unwrap();
    let mut o = options(kind);
    o.dealer = None;
    report::build(std::slice::from_ref(&store), &o, |_| {}).unwrap()
}

/// Regression (issue 8): a table named `=HYPERLINK(…)` went into CSV as a live formula.
/// Text cells that a spreadsheet would run get a leading `'`; numbers, negative ones
/// included, are written as they are.
#[test]
fn names_that_look_like_formulas_are_written_as_text_in_csv() {
    let dir = hostile_db().parent().unwrap().join("csv");
    let mut fields = Vec::new();
    for kind in [Kind::Summary, Kind::Rounds, Kind::Dealers] {
        let r = hostile_report(kind);
        for f in report::render_csv(&r, &dir, true).unwrap() {
            let mut rd = csv::ReaderBuilder::new()
                .has_headers(false)
                .from_path(&f)
                .unwrap();
            for rec in rd.records() {
                fields.extend(rec.unwrap().iter().map(str::to_string));
            }
        }
    }
    let formula = format!("'{FORMULA_TABLE}");
    assert!(fields.contains(&formula), "the table's name, as text");
    assert!(
        fields.iter().any(|f| f == "'-Eva Kral"),
        "the dealer's name, as text"
    );
    assert!(
        fields.iter().any(|f| f == "-12.50"),
        "the house's loss, still a number: {fields:?}"
    );
    for f in &fields {
        let live = f.starts_with(['=', '+', '-', '@', '\t', '\r']);
        assert!(!live || f.parse::<f64>().is_ok(), "a live formula: {f:?}");
    }
}

/// Regression (issue 8): a table named `{{footer}}` made the HTML template paste the footer
/// into its cell. The template is filled in one pass: the name is shown as written.
#[test]
fn a_name_like_a_template_place_is_shown_as_written() {
    let html = report::render_html(&hostile_report(Kind::Rounds));
    assert!(html.contains("<td>{{footer}}</td>"), "the table's name");
    assert_eq!(html.matches("Generated by").count(), 1, "one footer");
    assert!(
        html.contains("<td>=HYPERLINK(&quot;http://example.invalid/&quot;,&quot;click&quot;)</td>")
    );
    assert!(!html.contains("{{sections}}") && !html.contains("{{charts}}"));
}

/// Regression (issue 8): `--out` onto an existing file replaced it silently. It is refused,
/// naming the file and `--force`, and the file is left as it was; `--force` replaces it.
#[test]
fn an_existing_report_file_is_kept_unless_forced() {
    let db = hostile_db();
    let dir = db.parent().unwrap().join("out");
    std::fs::create_dir_all(&dir).unwrap();
    let run = |format: &str, out: &Path, force: bool| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_croupier"));
        c.args(["report", "--db", db.to_str().unwrap()])
            .args([
                "--from",
                "2026-01-05",
                "--to",
                "2026-01-06",
                "--kind",
                "summary",
            ])
            .args(["--format", format, "--out", out.to_str().unwrap()]);
        if force {
            c.arg("--force");
        }
        c.output().unwrap()
    };
    let html = dir.join("mine.html");
    let folder_csv = dir.join("summary-2026-01-05_2026-01-06-footer.csv");
    for (format, out, existing) in [
        ("html", &html, &html),
        (
            "json",
            &dir,
            &dir.join("summary-2026-01-05_2026-01-06.json"),
        ),
        ("csv", &dir, &folder_csv),
    ] {
        std::fs::write(existing, "keep me").unwrap();
        let refused = run(format, out, false);
        let err = String::from_utf8_lossy(&refused.stderr);
        assert_eq!(refused.status.code(), Some(2), "{format}: {err}");
        assert!(
            err.contains(&format!("{} already exists", existing.display()))
                && err.contains("--force"),
            "{format}: {err}"
        );
        assert_eq!(
            std::fs::read_to_string(existing).unwrap(),
            "keep me",
            "{format}"
        );
        let forced = run(format, out, true);
        assert!(
            forced.status.success(),
            "{format}: {}",
            String::from_utf8_lossy(&forced.stderr)
        );
        assert_ne!(
            std::fs::read_to_string(existing).unwrap(),
            "keep me",
            "{format}"
        );
    }
    // A CSV report refused for one existing file writes none of the others.
    std::fs::write(&folder_csv, "keep me").unwrap();
    let first = dir.join("summary-2026-01-05_2026-01-06-by-shift.csv");
    std::fs::remove_file(&first).unwrap();
    assert_eq!(run("csv", &dir, false).status.code(), Some(2));
    assert!(!first.exists());
}

/// `--force` replaces a report file, never writes through a symbolic link put where the
/// report goes (issue 21): a link given as `--out`, or one named as a CSV file of the
/// folder, is refused (exit 2, naming it), the link and the file it points to left as
/// they were.
#[test]
fn force_never_writes_through_a_symlink() {
    let db = hostile_db();
    let dir = db.parent().unwrap().join("out-links");
    std::fs::create_dir_all(&dir).unwrap();
    let victim = dir.join("victim.txt");
    let csv_link = dir.join("summary-2026-01-05_2026-01-06-footer.csv");
    let html_link = dir.join("mine.html");
    for (format, out, link) in [
        ("html", &html_link, &html_link),
        ("json", &dir.join("mine.json"), &dir.join("mine.json")),
        ("csv", &dir, &csv_link),
    ] {
        std::fs::write(&victim, "keep me").unwrap();
        let _ = std::fs::remove_file(link);
        std::os::unix::fs::symlink(&victim, link).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_croupier"))
            .args(["report", "--db", db.to_str().unwrap()])
            .args([
                "--from",
                "2026-01-05",
                "--to",
                "2026-01-06",
                "--kind",
                "summary",
            ])
            .args([
                "--format",
                format,
                "--out",
                out.to_str().unwrap(),
                "--force",
            ])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{format}: {err}");
        assert!(
            err.contains(&format!("{} is a symbolic link", link.display())),
            "{format}: {err}"
        );
        assert_eq!(
            std::fs::read_to_string(&victim).unwrap(),
            "keep me",
            "{format}"
        );
        assert!(
            std::fs::symlink_metadata(link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        std::fs::remove_file(link).unwrap();
    }
}

/// The floor window reads the summary's day figures by report::key: each key is there,
/// and the figures read back add up to the period total.
#[test]
fn the_floor_window_s_keys_name_the_summary_s_day_figures() {
    use croupier::report::key;
    let store = Store::open_read(fixed_db()).unwrap();
    let r = report::build(
        std::slice::from_ref(&store),
        &options(Kind::Summary),
        |_| {},
    )
    .unwrap();
    let day = r
        .section(key::BY_DAY)
        .expect("the summary's by-day section");
    for k in [
        key::TABLE,
        key::ROUNDS,
        key::HANDLE,
        key::HOUSE_WIN,
        key::WIN_RATE,
    ] {
        assert!(day.columns.contains(&k), "{k}: {:?}", day.columns);
    }
    assert!(!day.rows.is_empty());
    let total = r.section("period total").unwrap();
    let rounds: i64 = day
        .rows
        .iter()
        .map(|row| int_of(day.cell(row, key::ROUNDS).unwrap()))
        .sum();
    assert_eq!(
        rounds,
        int_of(total.cell(&total.rows[0], key::ROUNDS).unwrap())
    );
    let win: Money = day
        .rows
        .iter()
        .map(|row| money_of(day.cell(row, key::HOUSE_WIN).unwrap()))
        .sum();
    assert_eq!(
        win,
        money_of(total.cell(&total.rows[0], key::HOUSE_WIN).unwrap())
    );
}

/// The data of `tests/fixtures/prague-dst.json`, replayed: a table database given the
/// Prague calendar, one round settled at each listed moment, then the summary's JSON.
/// Each round is in the by-shift row of its gaming day and shift (numbered), and the
/// gaming days of the clock changes hold 25 and 23 hours of rounds.
#[test]
fn a_prague_table_across_the_clock_changes_lands_each_round_in_its_gaming_day_and_shift() {
    let fixture: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/prague-dst.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let text = |v: &serde_json::Value| v.as_str().unwrap().to_string();
    let ms = |v: &serde_json::Value| {
        chrono::DateTime::parse_from_rfc3339(v.as_str().unwrap())
            .unwrap()
            .timestamp_millis()
    };
    let path = common::fresh_dir("prague-dst").join("prague.db");
    let clock = SetClock(std::sync::Arc::new(1_790_000_000_000.into())); // 2026-09-21
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
    let cal = croupier::session::calendar::Calendar::new(
        &text(&fixture["tz"]),
        &text(&fixture["shifts"]),
    )
    .unwrap();
    assert!(croupier::session::settings::set_calendar(&mut store, &cal, &admin).unwrap());
    let dealer = users::login(&mut store, "Jana Svoboda", "1001", None).unwrap();
    let rules = Rules::preset("czech").unwrap();
    let mut s = TableSession::open(
        &mut store,
        dealer,
        "Praha 1",
        rules,
        Some("czech"),
        Limits::NONE,
    )
    .unwrap();
    let round = &fixture["round"];
    let mut want: std::collections::BTreeMap<(String, u64), i64> = Default::default();
    for r in fixture["rounds"].as_array().unwrap() {
        clock
            .0
            .store(ms(&r["at"]), std::sync::atomic::Ordering::SeqCst);
        s.new_shoe(&mut store).unwrap();
        let bets = round["bets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| BetSpec {
                id: text(&b["id"]).into(),
                box_no: b["box"].as_u64().unwrap() as u8,
                stake: Money::units(b["stake"].as_i64().unwrap()),
            })
            .collect();
        s.start_round(&mut store, bets).unwrap();
        for step in round["steps"].as_array().unwrap() {
            s.input_text(&mut store, &text(step)).unwrap();
        }
        assert!(s.round().is_none(), "{}: the round settled", r["at"]);
        *want
            .entry((text(&r["day"]), r["shift"].as_u64().unwrap()))
            .or_default() += 1;
    }
    croupier::session::replay::verify(&store, |_| {}).unwrap();
    // Each clock change's month alone (31 gaming days: by shift and by day), and the
    // half year (longer: by month, each month's rounds).
    let report = |from: &str, to: &str| {
        let o = Options {
            threshold: Money::units(400),
            generated_at: "2027-04-01 00:00:00 UTC",
            ..common::options(Kind::Summary, from, to)
        };
        report::render_json(&report::build(std::slice::from_ref(&store), &o, |_| {}).unwrap())
    };
    let section = |json: &serde_json::Value, name: &str| {
        json["sections"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name)
            .unwrap_or_else(|| panic!("no section {name}"))
            .clone()
    };
    let half_year = report("2026-10-01", "2027-03-31");
    let by_month = section(&half_year, "by month");
    let months: Vec<(String, i64)> = by_month["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (text(&r[1]), r[2].as_i64().unwrap()))
        .collect();
    let in_month = |m: &str| {
        want.iter()
            .filter(|((d, _), _)| d.starts_with(m))
            .map(|(_, n)| n)
            .sum::<i64>()
    };
    assert_eq!(
        months,
        [
            ("2026-10-01 to 2026-10-31".to_string(), in_month("2026-10")),
            ("2027-03-01 to 2027-03-31".to_string(), in_month("2027-03")),
        ],
        "rounds per month"
    );
    for name in ["by shift", "by day"] {
        assert!(
            half_year["sections"]
                .as_array()
                .unwrap()
                .iter()
                .all(|s| s["name"] != name),
            "{name}"
        );
    }
    let months = [
        report("2026-10-01", "2026-10-31"),
        report("2027-03-01", "2027-03-31"),
    ];
    let rows_of = |name: &str| {
        let mut out = section(&months[0], name);
        let more = section(&months[1], name)["rows"]
            .as_array()
            .unwrap()
            .clone();
        out["rows"].as_array_mut().unwrap().extend(more);
        out
    };
    let by_shift = rows_of("by shift");
    let col = |s: &serde_json::Value, c: &str| {
        s["columns"]
            .as_array()
            .unwrap()
            .iter()
            .position(|x| x == c)
            .unwrap_or_else(|| panic!("no column {c}"))
    };
    let (d, sh, n) = (
        col(&by_shift, "date"),
        col(&by_shift, "shift"),
        col(&by_shift, "rounds"),
    );
    let got: std::collections::BTreeMap<(String, u64), i64> = by_shift["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                (text(&r[d]), r[sh].as_u64().unwrap()),
                r[n].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, want, "rounds per gaming day and shift");
    // The win rate of the handle: -15 on 10, every row.
    let wr = col(&by_shift, "win rate %");
    for r in by_shift["rows"].as_array().unwrap() {
        assert_eq!(r[wr].as_f64(), Some(-150.0), "{r}");
    }
    let by_day = rows_of("by day");
    let (d, n) = (col(&by_day, "date"), col(&by_day, "rounds"));
    let days: Vec<(String, i64)> = by_day["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (text(&r[d]), r[n].as_i64().unwrap()))
        .collect();
    assert!(days.contains(&("2026-10-24".into(), 7)), "{days:?}");
    assert!(days.contains(&("2027-03-27".into(), 5)), "{days:?}");
}

/// The protection report has a row per table and box with the keys the issue names, a
/// p-value for every box with a shoe of four rounds, and every flagged box is an
/// exception too (issue 26 item 3).
#[test]
fn the_protection_report_has_a_row_per_table_and_box_and_flags_reach_the_exceptions() {
    let db = fixed_db();
    let store = Store::open_read(db).unwrap();
    let stores = std::slice::from_ref(&store);
    let r = report::build(stores, &options(Kind::Protection), |_| {}).unwrap();
    let json = report::render_json(&r);
    let sec = &json["sections"][0];
    assert_eq!(sec["name"], "protection");
    assert_eq!(
        sec["columns"],
        serde_json::json!([
            "table",
            "box",
            "rounds",
            "correlation",
            "p_value",
            "flagged"
        ])
    );
    let rows = sec["rows"].as_array().unwrap();
    assert!(rows.len() >= 4, "the demo's tables and boxes: {rows:?}");
    let mut flagged = Vec::new();
    let mut keys = std::collections::BTreeSet::new();
    for row in rows {
        let (table, b) = (row[0].as_str().unwrap(), row[1].as_i64().unwrap());
        assert!(
            keys.insert((table.to_string(), b)),
            "one row per table and box"
        );
        assert!(
            (1..=7).contains(&b) && row[2].as_i64().unwrap() > 0,
            "{row:?}"
        );
        if let Some(p) = row[4].as_f64() {
            assert!((0.0..=1.0).contains(&p), "{row:?}");
            assert!(row[3].as_f64().unwrap().abs() <= 1.0, "{row:?}");
        }
        if row[5].as_bool().unwrap() {
            flagged.push((table.to_string(), b));
        }
    }
    let ex = report::build(stores, &options(Kind::Exceptions), |_| {}).unwrap();
    let listed: Vec<_> = ex.sections[1]
        .rows
        .iter()
        .filter(|row| row[1] == Cell::Word("bets follow the shoe"))
        .collect();
    assert_eq!(
        listed.len(),
        flagged.len(),
        "each flagged box is an exception"
    );
}

/// The dealers report for one table counts the refused inputs, undos and corrections
/// logged at that table only (as the exceptions report keeps them): over the demo's two
/// tables, each dealer's counts for "Pontoon 1" and for "Pontoon 2" add up to their counts
/// for both, and each table's own are fewer than both's somewhere.
#[test]
fn the_dealers_report_for_one_table_counts_that_tables_noted_inputs() {
    type Counts = std::collections::BTreeMap<String, [i64; 3]>;
    let stores = [Store::open_read(fixed_db()).unwrap()];
    let noted = |table: Option<&'static str>| -> Counts {
        let o = Options {
            table,
            ..options(Kind::Dealers)
        };
        let r = report::build(&stores, &o, |_| {}).unwrap();
        let s = r.sections.iter().find(|s| s.name == "dealers").unwrap();
        let col = |name: &str| s.columns.iter().position(|c| *c == name).unwrap();
        let cols = ["refused inputs", "undos", "corrections"].map(col);
        let int = |c: &Cell| match c {
            Cell::Int(n) => *n,
            other => panic!("not a count: {other:?}"),
        };
        let name = |c: &Cell| match c {
            Cell::Text(t) => t.clone(),
            other => panic!("not a name: {other:?}"),
        };
        (s.rows.iter())
            .map(|row| (name(&row[0]), cols.map(|i| int(&row[i]))))
            .collect()
    };
    let (both, one, two) = (
        noted(None),
        noted(Some("Pontoon 1")),
        noted(Some("Pontoon 2")),
    );
    let of = |c: &Counts, d: &str| c.get(d).copied().unwrap_or_default();
    for (dealer, all) in &both {
        let (a, b) = (of(&one, dealer), of(&two, dealer));
        assert_eq!(
            [0, 1, 2].map(|i| a[i] + b[i]),
            *all,
            "{dealer}: Pontoon 1 {a:?} + Pontoon 2 {b:?}"
        );
    }
    let split = both
        .iter()
        .filter(|(d, all)| all[0] > 0 && of(&one, d)[0] < all[0] && of(&two, d)[0] < all[0])
        .count();
    assert!(
        split > 0,
        "no dealer with refused inputs at both tables: {both:?}"
    );
}
