//! The house-edge lab through the real binary: `croupier odds`, `strategy`, `simulate` —
//! their JSON, a rules file as well as a preset, and bad input refused with one clear line
//! (exit 2, nothing on standard output).

mod common;

use serde_json::Value;

fn json_of(out: &std::process::Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A one-deck rules file whose dealer stands on soft 17, from `croupier rules czech`.
fn one_deck_file(dir: &std::path::Path) -> String {
    let out = common::run(&["rules", "czech"], b"");
    let mut v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["decks"] = 1.into();
    let path = dir.join("one-deck.json");
    std::fs::write(&path, v.to_string()).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn odds_from_a_rules_file_give_every_result_summing_to_one() {
    let dir = common::fresh_dir("lab-odds");
    let file = one_deck_file(&dir);
    let v = json_of(&common::run(
        &["odds", "--rules", &file, "--upcard", "2", "--json"],
        b"",
    ));
    let keys = ["17", "18", "19", "20", "21", "pontoon", "bust"];
    let sum: f64 = keys.iter().map(|k| v[k].as_f64().unwrap()).sum();
    assert!((sum - 1.0).abs() < 1e-12, "{v}");
    // The published one-deck S17 figure for a 2 up: bust 0.352973.
    assert!((v["bust"].as_f64().unwrap() - 0.352973).abs() < 1e-6, "{v}");
    // Cards removed change the odds: no tens left means no pontoon for an ace.
    let tens = ["10"; 4]
        .iter()
        .chain(["J"; 4].iter())
        .chain(["Q"; 4].iter())
        .chain(["K"; 4].iter())
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    let v = json_of(&common::run(
        &[
            "odds",
            "--rules",
            &file,
            "--upcard",
            "A",
            "--removed",
            &tens,
            "--json",
        ],
        b"",
    ));
    assert_eq!(v["pontoon"].as_f64(), Some(0.0), "{v}");
    // As text, a manager reads percentages, not fractions.
    let text =
        String::from_utf8(common::run(&["odds", "--rules", &file, "--upcard", "2"], b"").stdout)
            .unwrap();
    assert!(text.contains("(% of deals from this shoe)"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("bust") && l.ends_with(" 35.2973%")),
        "{text}"
    );
}

/// A simulation under rules that favour the players says what its negative edge means.
#[test]
fn a_simulation_says_what_a_negative_edge_means() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args([
            "simulate", "--rules", "czech", "--rounds", "2000", "--seed", "1",
        ])
        .env("LC_ALL", "C")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("These rules give the players the edge"),
        "{text}"
    );
}

/// The chart writes a decision with the key the dealer's screen takes for it: W twists
/// (T enters a ten there).
#[test]
fn the_charts_letters_are_the_screens_keys() {
    use croupier::engine::Decision;
    use croupier::lab::chart::letter;
    let got: Vec<_> = [
        Decision::Stick,
        Decision::Twist,
        Decision::Buy,
        Decision::Split,
        Decision::Surrender,
    ]
    .into_iter()
    .map(letter)
    .collect();
    assert_eq!(got, ["S", "W", "B", "P", "R"]);
}

#[test]
fn bad_lab_input_is_one_clear_line() {
    // Every card of a 6-deck shoe out but three twos (and the dealer's 2): the dealer
    // would run out of cards.
    let mut emptied: Vec<&str> = vec!["2"; 20];
    for r in ["A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] {
        emptied.extend([r; 24]);
    }
    let emptied = emptied.join(" ");
    let cases: [(&[&str], &str); 7] = [
        (
            &[
                "odds",
                "--rules",
                "czech",
                "--upcard",
                "2",
                "--removed",
                &emptied,
            ],
            "the shoe runs out before the dealer can finish",
        ),
        (
            &["strategy", "--rules", "czech", "--threads", "0"],
            "--threads: expected at least 1",
        ),
        (
            &["odds", "--rules", "vegas", "--upcard", "2"],
            "expected a preset",
        ),
        (
            &["odds", "--rules", "czech", "--upcard", "Z"],
            "is not a card",
        ),
        (
            &[
                "odds",
                "--rules",
                "czech",
                "--upcard",
                "A",
                "--removed",
                "A A A A A A A A A A A A A A A A A A A A A A A A",
            ],
            "impossible card",
        ),
        (
            &[
                "simulate", "--rules", "czech", "--rounds", "10", "--boxes", "8",
            ],
            "expected 1 to 7",
        ),
        (
            &["simulate", "--rules", "czech", "--rounds", "0"],
            "at least 1",
        ),
    ];
    for (args, words) in cases {
        let out = common::run(args, b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(err.contains(words), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn strategy_gives_the_edge_the_chart_and_a_printable_page() {
    let dir = common::fresh_dir("lab-strategy");
    let html = dir.join("chart.html");
    let v = json_of(&common::run(
        &[
            "strategy",
            "--rules",
            "czech",
            "--json",
            "--out",
            html.to_str().unwrap(),
        ],
        b"",
    ));
    let edge = v["house_edge"].as_f64().unwrap();
    assert!(edge.abs() < 0.05, "{edge}");
    let chart = v["chart"].as_array().unwrap();
    // Hard 20 as dealt sticks against every dealer card.
    let twenty: Vec<&Value> = chart
        .iter()
        .filter(|e| {
            e["cards"] == 2
                && e["total"] == 20
                && e["soft"] == false
                && e["pair"] == false
                && e["split_of"].is_null()
        })
        .collect();
    assert_eq!(twenty.len(), 10);
    assert!(twenty.iter().all(|e| e["best"] == "stick"), "{twenty:?}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("Pontoon strategy: czech") && page.contains("<table>"));
    assert!(page.contains("S stick, W twist") && !page.contains("T twist"));
    assert!(page.contains("<td class=\"W\">W") && !page.contains("class=\"T\""));
}

/// The chart says, in the user's language (the locale), when the rules give the players
/// the edge, and says nothing of it when the house has the edge; its JSON says who has it.
#[test]
fn the_chart_says_when_the_rules_give_the_players_the_edge() {
    let strategy = |locale: &str, rules: &str, json: bool| {
        let mut args = vec!["strategy", "--rules", rules];
        if json {
            args.push("--json");
        }
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_croupier"))
            .args(&args)
            .env("LC_ALL", locale)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let cs = strategy("cs_CZ.UTF-8", "czech", false);
    assert!(
        cs.contains(
            "Tato pravidla dávají výhodu hráčům: hráč, který hraje nejlépe, dlouhodobě \
             vyhrává 1,33 % z počáteční sázky."
        ),
        "{cs}"
    );
    let dir = common::fresh_dir("lab-house-edge");
    let file = dir.join("even-trick.json");
    let mut v: Value =
        serde_json::from_slice(&common::run(&["rules", "czech"], b"").stdout).unwrap();
    v["five_card_trick_pays"] = serde_json::json!([1, 1]);
    std::fs::write(&file, v.to_string()).unwrap();
    let file = file.to_str().unwrap();
    let en = strategy("C", file, false);
    assert!(
        en.starts_with("house edge 2.") && !en.contains("the players the edge"),
        "{en}"
    );
    let json = |rules| serde_json::from_str::<Value>(&strategy("C", rules, true)).unwrap();
    assert_eq!(json(file)["edge_to"], "house");
    assert_eq!(json("czech")["edge_to"], "players");
}

#[test]
fn simulate_reports_the_edge_with_its_interval_the_same_for_a_seed() {
    let args = [
        "simulate",
        "--rules",
        "belarus",
        "--rounds",
        "70000",
        "--seed",
        "3",
        "--threads",
        "2",
        "--json",
    ];
    let a = json_of(&common::run(&args, b""));
    let b = json_of(&common::run(&args, b""));
    for k in [
        "house_edge",
        "ci95",
        "element_of_risk",
        "per_box",
        "dealer_bust",
    ] {
        assert_eq!(a[k], b[k], "{k}");
    }
    let (lo, hi) = (
        a["ci95"][0].as_f64().unwrap(),
        a["ci95"][1].as_f64().unwrap(),
    );
    let edge = a["house_edge"].as_f64().unwrap();
    assert!(lo < edge && edge < hi, "{a}");
    assert!(a["per_box"]["pontoon"].as_f64().unwrap() > 0.03, "{a}");
    // Too few rounds for an interval: none is given, rather than one of zero width.
    let one = common::run(&["simulate", "--rules", "belarus", "--rounds", "1"], b"");
    let text = String::from_utf8_lossy(&one.stdout);
    assert!(one.status.success(), "{text}");
    assert!(
        text.contains("no interval (fewer than 1000 rounds)") && !text.contains("OUTSIDE"),
        "{text}"
    );
    let one = json_of(&common::run(
        &[
            "simulate", "--rules", "belarus", "--rounds", "999", "--json",
        ],
        b"",
    ));
    assert!(one["ci95"].is_null(), "{one}");
}

/// `odds` and `strategy` speak the user's language (the locale): the lines, the results'
/// names and percentages as the language writes them; the chart's letters stay the
/// screen's keys (W twists) with the language's words beside them.
#[test]
fn the_lab_speaks_the_users_language() {
    let run = |locale: &str, args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_croupier"))
            .args(args)
            .env("LC_ALL", locale)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let odds = ["odds", "--rules", "czech", "--upcard", "2"];
    let cs = run("cs_CZ.UTF-8", &odds);
    assert!(cs.starts_with("krupiér začíná kartou 2;"), "{cs}");
    assert!(
        cs.lines()
            .any(|l| l.trim_start().starts_with("přes 21") && l.ends_with(" %")),
        "{cs}"
    );
    assert!(!cs.contains("bust") && cs.contains(','), "{cs}");
    for (locale, bust, start) in [
        ("uk_UA.UTF-8", "перебір", "дилер починає"),
        ("ru_RU.UTF-8", "перебор", "дилер начинает"),
    ] {
        let t = run(locale, &odds);
        assert!(t.starts_with(start) && t.contains(bust), "{t}");
    }
    let chart = run("cs_CZ.UTF-8", &["strategy", "--rules", "czech"]);
    assert!(chart.starts_with("výhoda kasina -1,"), "{chart}");
    assert!(
        chart.contains("S stát, W dotáhnout, B koupit, P rozdělit, R vzdát se;"),
        "{chart}"
    );
    // The players' edge is said in words beside the negative figure.
    assert!(
        chart.contains("Tato pravidla dávají výhodu hráčům"),
        "{chart}"
    );
}
