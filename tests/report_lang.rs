//! Reports in a language, through the real binary: the same figures whatever the language
//! of the report or of the dealer who logged the rounds, CSV for a Czech spreadsheet
//! (byte-order mark, `;`, decimal comma, plain numbers), money in the table's currency,
//! the system locale as the default, an unknown language refused before anything is
//! written, and databases of different currencies never added together.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use croupier::engine::{BetSpec, Currency, Limits, Money, Rules};
use croupier::i18n::Lang;
use croupier::log::{ManualClock, Store};
use croupier::session::users::{self, Role};
use croupier::session::{TableSession, settings};
use serde_json::Value;

/// A table database: an admin, a supervisor and a dealer; the dealer's language and the
/// currency set (if given) before two rounds are played on 5 January 2026 — one won by
/// the player for 12.50, one for 1,234.56.
fn table_db(name: &str, dealer_lang: Option<Lang>, currency: Option<&str>) -> PathBuf {
    let path = common::fresh_dir(name).join(format!("{name}.db"));
    let mut store = Store::open_with(&path, Box::new(ManualClock::new(1_767_600_000_000))).unwrap();
    let admin = users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
    users::add_user(
        &mut store,
        "Petr Novak",
        Role::Supervisor,
        "800100",
        Some(&admin),
    )
    .unwrap();
    users::add_user(&mut store, "Olha Koval", Role::Dealer, "1001", Some(&admin)).unwrap();
    if let Some(code) = currency {
        // As `croupier currency` does: the supervisor's PIN is checked (a login) first.
        let sup = users::login(&mut store, "Petr Novak", "800100", None).unwrap();
        settings::set_currency(&mut store, Currency::parse(code).unwrap(), &sup).unwrap();
    }
    let dealer = users::login(&mut store, "Olha Koval", "1001", None).unwrap();
    if let Some(lang) = dealer_lang {
        settings::set_language(&mut store, &dealer, lang, &dealer).unwrap();
    }
    let mut s = TableSession::open(
        &mut store,
        dealer,
        "Pontoon 1",
        Rules::preset("czech").unwrap(),
        Some("czech"),
        Limits::NONE,
    )
    .unwrap();
    s.new_shoe(&mut store).unwrap();
    for cents in [1250, 123_456] {
        let bet = BetSpec {
            id: "1a".into(),
            box_no: 1,
            stake: Money::from_cents(cents),
        };
        s.start_round(&mut store, vec![bet]).unwrap();
        for step in ["K", "9", "9", "stick", "7", "K"] {
            s.input_text(&mut store, step).unwrap();
        }
        assert!(s.round().is_none(), "the round settled");
    }
    path
}

/// `croupier report …` for 5 January 2026 with `args`, its environment's locale variables
/// replaced by `env` (so the machine's own locale never decides).
fn report(dbs: &[&Path], args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_croupier"));
    c.arg("report");
    for db in dbs {
        c.arg("--db").arg(db);
    }
    c.args(["--from", "2026-01-05", "--to", "2026-01-05"])
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .envs(env.iter().copied())
        .stdin(Stdio::null());
    c.output().unwrap()
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The CSV file of a report's section (`summary`, `by-day`) in `dir`.
fn csv_of(dir: &Path, kind: &str, section: &str) -> Vec<u8> {
    let name = format!("{kind}-2026-01-05_2026-01-05-{section}.csv");
    std::fs::read(dir.join(&name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A CSV file's rows, read with its delimiter after its byte-order mark.
fn rows(bytes: &[u8], delimiter: u8) -> Vec<Vec<String>> {
    let text = bytes
        .strip_prefix("\u{feff}".as_bytes())
        .expect("a byte-order mark first");
    csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .from_reader(text)
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

#[test]
fn a_czech_report_of_rounds_logged_under_russian_has_the_same_figures() {
    let db = table_db("lang-ru", Some(Lang::Ru), Some("CZK"));
    let base = db.parent().unwrap();
    let (cs, en) = (base.join("cs"), base.join("en"));
    for (lang, dir) in [("cs", &cs), ("en", &en)] {
        let args = [
            "--kind",
            "summary",
            "--format",
            "csv",
            "--lang",
            lang,
            "--out",
            dir.to_str().unwrap(),
        ];
        ok(&report(&[&db], &args, &[]));
    }
    // Czech spreadsheets: a byte-order mark, `;` between fields, a decimal comma, and
    // numbers as plain numbers (no group separator, no currency in the cell).
    let cs_bytes = csv_of(&cs, "summary", "by-day");
    let cs_rows = rows(&cs_bytes, b';');
    let en_rows = rows(&csv_of(&en, "summary", "by-day"), b',');
    assert_eq!(cs_rows[0][0], "Stůl", "Czech column names");
    assert_eq!(
        cs_rows[1][1], "2026-01-05",
        "a date any spreadsheet reads (ISO 8601)"
    );
    let handle_col = cs_rows[0].iter().position(|c| c == "Vsazeno").unwrap();
    let win_col = cs_rows[0].iter().position(|c| c == "Výhra kasina").unwrap();
    assert_eq!(cs_rows[1][handle_col], "1247,06");
    assert_eq!(cs_rows[1][win_col], "-1247,06");
    // Every number is the English report's number.
    let mut numbers = 0;
    for (cs_row, en_row) in cs_rows[1..].iter().zip(&en_rows[1..]) {
        for (c, e) in cs_row.iter().zip(en_row) {
            if let Ok(n) = e.parse::<f64>() {
                assert_eq!(
                    c.replace(',', ".").parse::<f64>().ok(),
                    Some(n),
                    "{c} vs {e}"
                );
                numbers += 1;
            }
        }
    }
    assert!(numbers >= 10, "{numbers} numbers compared");

    // The HTML page: money as Czech writes it, in the table's currency.
    let html = ok(&report(
        &[&db],
        &[
            "--kind", "summary", "--format", "html", "--lang", "cs", "--out", "-",
        ],
        &[],
    ));
    assert!(html.contains(r#"<html lang="cs">"#));
    assert!(html.contains("Přehled stolů"), "the Czech title");
    assert!(
        html.contains("-1\u{a0}247,06\u{a0}Kč"),
        "the house win in koruny"
    );
    assert!(html.contains("Databáze 1, měna</td><td>CZK"));
    // JSON is locale-neutral: the same with or without a language.
    let json = |lang: &[&str]| {
        let mut args = vec!["--kind", "summary", "--format", "json", "--out", "-"];
        args.extend_from_slice(lang);
        let text = ok(&report(&[&db], &args, &[("LANG", "ru_RU.UTF-8")]));
        let mut v: Value = serde_json::from_str(&text).unwrap();
        v["generated_at"] = Value::Null;
        v["footer"] = Value::Null;
        v
    };
    let neutral = json(&[]);
    assert_eq!(neutral, json(&["--lang", "cs"]));
    assert_eq!(neutral["sections"][1]["columns"][0], "table");
    // And the same figures as a database whose dealer never chose a language.
    let plain = table_db("lang-none", None, Some("CZK"));
    let text = ok(&report(
        &[&plain],
        &["--kind", "summary", "--format", "json", "--out", "-"],
        &[],
    ));
    let other: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(neutral["sections"], other["sections"]);
}

#[test]
fn the_csv_style_follows_the_language_unless_told() {
    let db = table_db("csv-style", None, None);
    let base = db.parent().unwrap();
    let cases = [
        ("cs", None, b';', "1247,06"),
        ("uk", None, b';', "1247,06"),
        ("en", None, b',', "1247.06"),
        ("cs", Some("comma"), b',', "1247.06"),
        ("en", Some("semicolon"), b';', "1247,06"),
    ];
    for (i, (lang, style, delimiter, handle)) in cases.into_iter().enumerate() {
        let dir = base.join(format!("out{i}"));
        // The dealers report: no theory to solve, so quick in a debug build.
        let mut args = vec![
            "--kind",
            "dealers",
            "--format",
            "csv",
            "--lang",
            lang,
            "--out",
            dir.to_str().unwrap(),
        ];
        if let Some(s) = style {
            args.extend(["--csv-style", s]);
        }
        ok(&report(&[&db], &args, &[]));
        let r = rows(&csv_of(&dir, "dealers", "dealers"), delimiter);
        assert!(r[1].len() > 5, "{lang} {style:?}: split by its delimiter");
        assert!(
            r[1].contains(&handle.to_string()),
            "{lang} {style:?}: {r:?}"
        );
    }
}

#[test]
fn an_unknown_language_is_refused_and_nothing_is_written() {
    let db = table_db("lang-xx", None, None);
    let dir = db.parent().unwrap().join("never");
    for format in ["csv", "html", "json"] {
        let out = report(
            &[&db],
            &[
                "--kind",
                "summary",
                "--format",
                format,
                "--lang",
                "xx",
                "--out",
                dir.to_str().unwrap(),
            ],
            &[],
        );
        assert_eq!(out.status.code(), Some(2));
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            said.contains("--lang") && said.contains("expected one of en (English), cs (Czech)"),
            "{said}"
        );
        assert!(!dir.exists(), "nothing written");
    }
}

#[test]
fn the_system_locale_is_the_default_language() {
    let db = table_db("lang-env", None, Some("UAH"));
    let html = |env: &[(&str, &str)]| {
        ok(&report(
            &[&db],
            &["--kind", "dealers", "--format", "html", "--out", "-"],
            env,
        ))
    };
    let uk = html(&[("LANG", "uk_UA.UTF-8")]);
    assert!(uk.contains("Croupier — Дилери"), "Ukrainian from LANG");
    assert!(uk.contains("-1\u{a0}247,06\u{a0}грн"), "hryvnias");
    assert!(html(&[("LC_MESSAGES", "cs_CZ.UTF-8"), ("LANG", "uk_UA")]).contains("Krupiéři"));
    // LC_ALL first; a locale that is none of ours reads English.
    let en = html(&[("LC_ALL", "C.UTF-8"), ("LANG", "cs_CZ.UTF-8")]);
    assert!(en.contains("Croupier — Dealers") && en.contains("UAH\u{a0}-1,247.06"));
    assert!(html(&[]).contains("Croupier — Dealers"));
}

#[test]
fn databases_of_different_currencies_are_never_added_together() {
    let czk = table_db("cur-czk", None, Some("CZK"));
    let eur = table_db("cur-eur", None, Some("EUR"));
    let json = |dbs: &[&Path]| -> Value {
        let text = ok(&report(
            dbs,
            &["--kind", "summary", "--format", "json", "--out", "-"],
            &[],
        ));
        serde_json::from_str(&text).unwrap()
    };
    let both = json(&[&czk, &eur]);
    let total = both["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "period total")
        .unwrap();
    assert_eq!(total["columns"][0], "currency");
    let rows = total["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "one total per currency: {rows:?}");
    let alone = json(&[&czk]);
    let alone_total = &alone["sections"].as_array().unwrap()[4]["rows"][0];
    for (row, code) in rows.iter().zip(["CZK", "EUR"]) {
        assert_eq!(row[0], code);
        // Each currency's total is its own database's, column for column.
        assert_eq!(
            row.as_array().unwrap()[2..],
            alone_total.as_array().unwrap()[1..]
        );
    }
    // The page says what it does, and shows amounts beside their currency.
    let html = ok(&report(
        &[&czk, &eur],
        &[
            "--kind", "summary", "--format", "html", "--lang", "cs", "--out", "-",
        ],
        &[],
    ));
    assert!(html.contains("se nikdy nesčítají"), "the note");
    assert!(
        html.contains("Výhra kasina podle dnů (EUR)"),
        "a chart per currency"
    );
}

/// Review (issue 15): with no system user name, the footer's "Generated by" says so in the
/// report's language, not with the English word "unknown".
#[test]
fn a_report_by_no_named_user_says_so_in_its_language() {
    let db = table_db("unnamed-user", None, None);
    for (lang, want) in [
        ("cs", "jméno neznámé"),
        ("uk", "ім’я невідоме"),
        ("ru", "имя неизвестно"),
        ("en", "name unknown"),
    ] {
        let dir = db.parent().unwrap().join(format!("unnamed-{lang}"));
        let args = [
            "--kind",
            "dealers",
            "--format",
            "csv",
            "--lang",
            lang,
            "--out",
            dir.to_str().unwrap(),
        ];
        ok(&report(&[&db], &args, &[("USER", ""), ("LOGNAME", "")]));
        let footer = String::from_utf8(csv_of(&dir, "dealers", "footer")).unwrap();
        assert!(footer.contains(want), "{lang}: {footer}");
        if lang != "en" {
            assert!(!footer.contains("unknown"), "{lang}: {footer}");
        }
    }
}

/// English words known to have leaked into the other languages' reports.
const ENGLISH: [&str; 10] = [
    " the ",
    "wanted",
    "decision",
    "expected",
    "stick",
    "twist",
    "insure",
    "even money",
    "logged out",
    " is ",
];

/// Refused inputs read in the report's language, from their codes: one logged now and
/// one the previous release logged in English only (its code derived by replaying its
/// round); the rounds report's inputs in words. JSON keeps the log's own text.
#[test]
fn refusals_old_and_new_read_in_ukrainian() {
    use croupier::t;
    let uk = Lang::Uk;
    // Logged now: `stick` when the first card is wanted.
    let new = table_db("codes-new", None, None);
    {
        let mut store =
            Store::open_with(&new, Box::new(ManualClock::new(1_767_601_000_000))).unwrap();
        let dealer = users::login(&mut store, "Olha Koval", "1001", None).unwrap();
        let mut s = TableSession::open(
            &mut store,
            dealer,
            "Pontoon 1",
            Rules::preset("czech").unwrap(),
            Some("czech"),
            Limits::NONE,
        )
        .unwrap();
        let bet = BetSpec {
            id: "1a".into(),
            box_no: 1,
            stake: Money::from_cents(500),
        };
        s.start_round(&mut store, vec![bet]).unwrap();
        assert!(s.input_text(&mut store, "stick").is_err());
    }
    // Logged by the previous release (schema 3): a `7` when a decision was due.
    let old = common::fresh_dir("codes-old").join("old.db");
    rusqlite::Connection::open(&old)
        .unwrap()
        .execute_batch(include_str!("fixtures/schema3-demo.sql"))
        .unwrap();
    drop(croupier::session::open::open(&old).unwrap());
    for (db, input, why) in [
        (
            &new,
            t!(uk, "decision-stick"),
            t!(uk, "error-decision-not-wanted"),
        ),
        (&old, "7".to_string(), t!(uk, "error-card-not-wanted")),
    ] {
        let dir = db.parent().unwrap().join("uk");
        let args = ["--kind", "exceptions", "--lang", "uk"];
        ok(&report(
            &[db],
            &[
                &args[..],
                &["--format", "csv", "--out", dir.to_str().unwrap()],
            ]
            .concat(),
            &[],
        ));
        let csv = String::from_utf8(csv_of(&dir, "exceptions", "exceptions")).unwrap();
        let html = ok(&report(
            &[db],
            &[&args[..], &["--format", "html", "--out", "-"]].concat(),
            &[],
        ));
        for text in [&csv, &html] {
            let row = text
                .lines()
                .find(|l| l.contains(&why))
                .unwrap_or_else(|| panic!("{why} not in {text}"));
            assert!(row.contains(&input), "{input} in {row}");
            let leak = ENGLISH.iter().find(|w| row.contains(*w));
            assert!(leak.is_none(), "{leak:?} in {row}");
        }
        let json = ok(&report(
            &[db],
            &["--kind", "exceptions", "--format", "json", "--out", "-"],
            &[],
        ));
        assert!(json.contains("wanted"), "JSON keeps the logged words");
    }
    // The rounds report: each input in words (`stick` as the language says it).
    let html = ok(&report(
        &[&new],
        &[
            "--kind", "rounds", "--lang", "uk", "--format", "html", "--out", "-",
        ],
        &[],
    ));
    assert!(html.contains(&t!(uk, "decision-stick")), "{html}");
    assert!(!html.contains(" stick "), "{html}");
    let json = ok(&report(
        &[&new],
        &["--kind", "rounds", "--format", "json", "--out", "-"],
        &[],
    ));
    assert!(
        json.contains("K 9 9 stick 7 K"),
        "JSON keeps the script's words"
    );
}
