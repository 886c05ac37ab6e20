//! The real `croupier` binary on real files: good scripts, and each kind of bad input
//! (exit 2, nothing on stdout, one line on stderr naming the problem).

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

fn croupier(args: &[&str], stdin: Option<&str>) -> Output {
    common::run(args, stdin.unwrap_or("").as_bytes())
}

fn example() -> Value {
    json!({
        "rules": "czech",
        "bets": [
            {"id": "1a", "box": 1, "stake": 10},
            {"id": "1b", "box": 1, "stake": 5},
            {"id": "4a", "box": 4, "stake": 20}
        ],
        "steps": ["9", "K", "A", "9", "A", "insure 1a 5", "even-money 4a", "stick", "7"]
    })
}

fn write_temp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("croupier-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn settles_the_readme_example_from_a_file_and_from_stdin() {
    let path = write_temp("example.json", &example().to_string());
    for out in [
        croupier(&["settle", path.to_str().unwrap()], None),
        croupier(&["settle", "-"], Some(&example().to_string())),
    ] {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["complete"], json!(true));
        assert_eq!(v["next"], Value::Null);
        assert_eq!(v["dealer"], json!({"cards": ["A", "7"], "total": 18}));
        let nets: Vec<Value> = v["bets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| json!([b["id"], b["net"]]))
            .collect();
        assert_eq!(
            nets,
            [json!(["1a", -15]), json!(["1b", -5]), json!(["4a", 20])]
        );
        assert_eq!(v["house_net"], json!(0));
    }
}

#[test]
fn an_unfinished_script_says_what_comes_next() {
    let mut s = example();
    s["steps"] = json!(["9", "K", "A", "9", "A"]);
    let out = croupier(&["settle", "-"], Some(&s.to_string()));
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["complete"], json!(false));
    let next = v["next"].as_str().unwrap();
    assert!(
        next.contains("insure 1a (up to 5)") && next.contains("even-money 4a"),
        "{next}"
    );
    assert!(
        next.contains("a decision for box 1 (9 9, total 18)"),
        "{next}"
    );
}

/// (what is wrong, the script, words stderr must contain)
#[test]
fn bad_input_exits_2_with_one_line_and_no_stdout() {
    let with = |f: &dyn Fn(&mut Value)| {
        let mut s = example();
        f(&mut s);
        s.to_string()
    };
    let mut unknown_knob = croupier::engine::Rules::preset("czech").unwrap().to_value();
    unknown_knob["decks_count"] = json!(6);
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "bad JSON",
            "{\"rules\": \"czech\",".into(),
            "not valid JSON",
        ),
        (
            "unknown preset",
            with(&|s| s["rules"] = json!("vegas")),
            "unknown rules preset \"vegas\"",
        ),
        (
            "unknown knob",
            with(&|s| s["rules"] = unknown_knob.clone()),
            "unknown knob `decks_count`",
        ),
        (
            "stake over the box max",
            with(&|s| s["limits"] = json!({"min_bet": 5, "box_max": 12})),
            "box 1: the bets total 15, over the box maximum 12",
        ),
        (
            "stake under the minimum",
            with(&|s| s["limits"] = json!({"min_bet": 6})),
            "stake 5 is below the table minimum 6",
        ),
        (
            "stake with three decimals",
            with(&|s| s["bets"][0]["stake"] = json!(1.005)),
            "more than two decimals",
        ),
        (
            "negative stake",
            with(&|s| s["bets"][0]["stake"] = json!(-10)),
            "must be positive",
        ),
        (
            "not a card",
            with(&|s| s["steps"][1] = json!("11")),
            "step 2 \"11\": \"11\" is neither a card",
        ),
        (
            "impossible seen card",
            with(&|s| s["seen"] = json!(["Ks", "Ks", "Ks", "Ks", "Ks", "Ks", "Ks"])),
            "the shoe's earlier cards ('seen'): impossible card Ks",
        ),
        (
            "illegal step",
            with(&|s| s["steps"][7] = json!("surrender")),
            "step 8 \"surrender\": no surrender when the dealer's card is an ace; expected an offer (insure 1b (up to 2.50)) or a decision for box 1 (9 9, total 18): stick, twist, buy, split, decline 1b",
        ),
        (
            "step after the round",
            with(&|s| s["steps"].as_array_mut().unwrap().push(json!("5"))),
            "step 10 \"5\": the round is already complete; expected nothing",
        ),
        (
            "unknown bet",
            with(&|s| s["steps"][5] = json!("insure 9z 5")),
            "no bet \"9z\"",
        ),
        (
            "box off the table",
            with(&|s| s["bets"][2]["box"] = json!(8)),
            "box 8 is not on this table",
        ),
        (
            "unknown field",
            with(&|s| s["stpes"] = json!([])),
            "unknown field `stpes`",
        ),
    ];
    for (what, script, words) in cases {
        let out = croupier(&["settle", "-"], Some(&script));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {err}");
        assert!(
            out.stdout.is_empty(),
            "{what}: stdout {:?}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{what}: {err}");
        assert!(err.contains(words), "{what}: {err}");
    }
    // The impossible card: six Ks already out of a 6-deck shoe, then the deal gives a K.
    let mut s = example();
    s["seen"] = json!(["Ks", "Ks", "Ks", "Ks", "Ks", "Ks"]);
    s["steps"][1] = json!("Ks");
    let out = croupier(&["settle", "-"], Some(&s.to_string()));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("step 2 \"Ks\": impossible card Ks"), "{err}");
}

#[test]
fn a_missing_file_is_named() {
    let out = croupier(&["settle", "/nonexistent/round.json"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/round.json"));
}

#[test]
fn rules_list_and_print_round_trip_through_settle() {
    let out = croupier(&["rules"], None);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .collect::<Vec<_>>(),
        ["czech", "belarus"]
    );
    for name in ["czech", "belarus"] {
        let out = croupier(&["rules", name], None);
        assert!(out.status.success());
        let printed = String::from_utf8(out.stdout).unwrap();
        let shipped = std::fs::read_to_string(format!(
            "{}/data/rules/{name}.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let (a, b): (Value, Value) = (
            serde_json::from_str(&printed).unwrap(),
            serde_json::from_str(&shipped).unwrap(),
        );
        assert_eq!(a, b, "{name}");
        // The printed file is accepted back by --rules and by the script's rules field.
        let path = write_temp(&format!("{name}.json"), &printed);
        let mut s = example();
        s["bets"] = json!([{"id": "1a", "box": 1, "stake": 10}]);
        s["steps"] = json!(["9", "A", "9", "stick", "K"]);
        let by_option = croupier(
            &["settle", "--rules", path.to_str().unwrap(), "-"],
            Some(&s.to_string()),
        );
        s["rules"] = a.clone();
        let by_field = croupier(&["settle", "-"], Some(&s.to_string()));
        assert!(by_option.status.success() && by_field.status.success());
        assert_eq!(by_option.stdout, by_field.stdout);
    }
    let out = croupier(&["rules", "vegas"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the presets are czech, belarus"));
}

#[test]
fn batch_settles_one_script_per_line() {
    let good = example().to_string();
    let mut bad = example();
    bad["steps"][7] = json!("surrender");
    let input = format!("{good}\n{}\n{good}\n", bad);
    let out = croupier(&["settle", "--jsonl", "-"], Some(&input));
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["house_net"], json!(0));
    assert_eq!(lines[1]["line"], json!(2));
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("step 8 \"surrender\"")
    );
    assert_eq!(lines[2], lines[0]);
}

/// Runs the binary on `stdin` and checks the refusal: exit 2, nothing on stdout, one line on
/// stderr. Returns that line.
fn refused(what: &str, args: &[&str], stdin: &str) -> String {
    let out = croupier_bytes(args, stdin.as_bytes());
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{what}: {err}");
    assert!(out.stdout.is_empty(), "{what}: stdout not empty");
    assert_eq!(err.trim_end().lines().count(), 1, "{what}: {err}");
    err
}

/// `croupier` with raw bytes on standard input.
fn croupier_bytes(args: &[&str], stdin: &[u8]) -> Output {
    common::run(args, stdin)
}

/// Regression (issue 8): a non-ASCII letter where a card goes panicked the card parser
/// (exit 101). It is a card like no other: refused, with what a card is.
#[test]
fn a_non_ascii_card_is_refused_not_a_panic() {
    for bad in ["é", "Aé", "10é", "Ké", "€", "🂡"] {
        let mut s = example();
        s["steps"][0] = json!(bad);
        let err = refused(bad, &["settle", "-"], &s.to_string());
        assert!(
            err.contains(&format!("step 1 \"{bad}\": \"{bad}\" is neither a card")),
            "{err}"
        );
        let mut s = example();
        s["seen"] = json!(["K", bad]);
        let err = refused(bad, &["settle", "-"], &s.to_string());
        assert!(
            err.contains(&format!("seen[1]: \"{bad}\" is not a card")),
            "{err}"
        );
    }
}

/// Regression (issue 8): money was read through an f64, so `4.999999999999999999999`
/// settled as a stake of 5. Every amount is read from its exact text: more than two
/// decimals is refused, whatever the float nearest to it.
#[test]
fn amounts_are_read_exactly_never_through_a_float() {
    let with_stake = |stake: &str| {
        example()
            .to_string()
            .replacen("\"stake\":10", &format!("\"stake\":{stake}"), 1)
    };
    for stake in [
        "4.999999999999999999999",
        "0.1000000000000000055511151231257827",
        "10.000000000000001",
        "1e-3",
    ] {
        let script = with_stake(stake);
        assert!(script.contains(stake), "{script}");
        let err = refused(stake, &["settle", "-"], &script);
        assert!(err.contains("bets[0] (\"1a\"): stake:"), "{stake}: {err}");
        assert!(err.contains("more than two decimals"), "{stake}: {err}");
    }
    let limits = example().to_string().replacen(
        "\"steps\"",
        "\"limits\":{\"min_bet\":4.999999999999999999999},\"steps\"",
        1,
    );
    let err = refused("min_bet", &["settle", "-"], &limits);
    assert!(
        err.contains("limits.min_bet:") && err.contains("more than two decimals"),
        "{err}"
    );
    // Exact amounts settle to the cent (a pontoon, paid 2:1 at once), written exactly.
    for (stake, staked, net) in [
        ("10.00", "10", "20"),
        ("0.10", "0.1", "0.2"),
        ("25e-1", "2.5", "5"),
        ("1234567.8e1", "12345678", "24691356"),
        ("9999999999.99", "9999999999.99", "19999999999.98"),
    ] {
        let script = format!(
            r#"{{"rules": "czech", "bets": [{{"id": "1a", "box": 1, "stake": {stake}}}], "steps": ["K", "9", "A"]}}"#
        );
        let out = croupier(&["settle", "-"], Some(&script));
        assert!(
            out.status.success(),
            "{stake}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        let bet = &v["bets"][0];
        assert_eq!(
            (bet["staked"].to_string(), bet["net"].to_string()),
            (staked.to_string(), net.to_string()),
            "{stake}"
        );
    }
}

/// Regression (issue 8): a key written twice was accepted, the last one winning (a second
/// `"bets"` replaced the first). It is refused by name at every level of the script, and in
/// a rules file.
#[test]
fn a_repeated_key_is_refused_by_name() {
    let rules = croupier::engine::Rules::preset("czech")
        .unwrap()
        .to_value()
        .to_string();
    let twice_in_rules = rules.replacen("\"decks\":6", "\"decks\":6,\"decks\":8", 1);
    assert_ne!(rules, twice_in_rules);
    let cases = [
        (
            r#"{"rules": "czech", "bets": [{"id": "1a", "box": 1, "stake": 10}], "bets": [{"id": "1a", "box": 1, "stake": 1000}], "steps": []}"#.to_string(),
            "key \"bets\" appears twice at the top level",
        ),
        (
            r#"{"rules": "czech", "bets": [{"id": "1a", "box": 1, "stake": 10, "stake": 1000}], "steps": []}"#.into(),
            "key \"stake\" appears twice in bets[0]",
        ),
        (
            r#"{"rules": "czech", "limits": {"box_max": 10, "box_max": 5000}, "bets": [], "steps": []}"#.into(),
            "key \"box_max\" appears twice in limits",
        ),
        (
            format!(r#"{{"rules": {twice_in_rules}, "bets": [], "steps": []}}"#),
            "key \"decks\" appears twice in rules",
        ),
        (
            r#"{"rules": "czech", "bets": [], "steps": [], "steps": ["K"]}"#.into(),
            "key \"steps\" appears twice at the top level",
        ),
    ];
    for (script, words) in cases {
        let err = refused(words, &["settle", "-"], &script);
        assert!(err.contains(words), "{err}");
    }
    let path = write_temp("twice.json", &twice_in_rules);
    let err = refused(
        "--rules",
        &["settle", "--rules", path.to_str().unwrap(), "-"],
        &example().to_string(),
    );
    assert!(
        err.contains("rules file: key \"decks\" appears twice at the top level"),
        "{err}"
    );
}

/// Regression (issue 8): `settle --jsonl` stopped at a line that was not UTF-8 and dropped
/// every later line. That line gets its error line like any refused line; the batch goes on.
#[test]
fn batch_goes_on_past_a_line_that_is_not_utf8() {
    let good = example().to_string();
    let mut input = Vec::new();
    input.extend_from_slice(good.as_bytes());
    input.extend_from_slice(b"\n{\"rules\": \"cz\xe9ch\"}\r\n\xff\xfe\n");
    input.extend_from_slice(good.as_bytes());
    input.extend_from_slice(b"\r\n");
    let out = croupier_bytes(&["settle", "--jsonl", "-"], &input);
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0]["house_net"], json!(0));
    for (i, byte) in [(1, 14), (2, 1)] {
        assert_eq!(lines[i]["line"], json!(i + 1));
        let e = lines[i]["error"].as_str().unwrap();
        assert!(
            e.contains(&format!("not UTF-8 text (byte {byte} of the line")),
            "{e}"
        );
    }
    assert_eq!(lines[3], lines[0]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 2, "{err}");
}

/// Regression (issue 8): a setup error printed its cause twice ("…got 0: bet "2a": …got
/// 0"), and a 50 MB step was echoed whole, twice, into one line. Each cause is said once;
/// echoed text is capped at 40 characters and its size.
#[test]
fn each_cause_is_said_once_and_long_input_is_not_echoed_whole() {
    let mut s = example();
    s["bets"][0] = json!({"id": "2a", "box": 2, "stake": 0});
    let err = refused("stake 0", &["settle", "-"], &s.to_string());
    assert_eq!(
        err,
        "croupier: round script: bet \"2a\": a stake must be positive, got 0\n"
    );
    let mut s = example();
    s["rules"] = json!("vegas");
    let err = refused("preset", &["settle", "-"], &s.to_string());
    assert_eq!(err.matches("vegas").count(), 1, "{err}");
    let big = "Q".repeat(5_000_000);
    for (what, field) in [("a step", "steps"), ("a seen card", "seen")] {
        let mut s = example();
        s[field] = json!([big]);
        let err = refused(what, &["settle", "-"], &s.to_string());
        assert!(err.len() < 400, "{what}: {} bytes", err.len());
        assert!(
            err.contains(&format!("{}… (5000000 bytes)", "Q".repeat(40))),
            "{err}"
        );
    }
    // A control character in echoed text cannot break the one line.
    let mut s = example();
    s["steps"][0] = json!("K\nQ");
    let err = refused("newline", &["settle", "-"], &s.to_string());
    assert!(err.contains("step 1 \"K\\nQ\""), "{err}");
}

/// A small demo database, made once per test run.
fn demo_db() -> std::path::PathBuf {
    static DB: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DB.get_or_init(|| {
        let path = write_temp("demo.db", "");
        std::fs::remove_file(&path).unwrap();
        let out = croupier(
            &[
                "demo",
                "--db",
                path.to_str().unwrap(),
                "--rounds",
                "30",
                "--tables",
                "1",
            ],
            None,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        path
    })
    .clone()
}

/// Regression (issue 8): writing to a closed pipe or a full disk panicked (exit 101) in
/// every command that prints. A closed pipe (the reader has gone, as with `| head`) ends
/// quietly with status 141, 128 + SIGPIPE, as a shell reports a command a closed pipe
/// stopped; a full disk is one clear line and status 2.
#[test]
fn a_closed_pipe_ends_quietly_and_a_full_disk_is_one_clear_line() {
    let db = demo_db();
    let db = db.to_str().unwrap();
    let script = example().to_string();
    let two = format!("{script}\n{script}\n");
    let commands: [(&[&str], &str); 8] = [
        (&["settle", "-"], &script),
        (&["settle", "--jsonl", "-"], &two),
        (&["rules", "czech"], ""),
        (&["rules"], ""),
        (&["verify", "--db", db], ""),
        (&["export-round", "--db", db, "--round", "1"], ""),
        (&["user", "list", "--db", db], ""),
        (&common::report_json_args(db, "rounds"), ""),
    ];
    let run = |args: &[&str], stdin: &str, stdout: Stdio| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_croupier"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(stdout)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut pipe = child.stdin.take().unwrap();
        let _ = pipe.write_all(stdin.as_bytes());
        drop(pipe);
        child.wait_with_output().unwrap()
    };
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    if full.is_err() {
        println!("skipping the full-disk half: this system has no /dev/full");
    }
    for (args, stdin) in commands {
        // The pipe's read end is closed before the command starts.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = run(args, stdin, writer.into());
        assert_eq!(
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).into_owned()
            ),
            (Some(141), String::new()),
            "{args:?} into a closed pipe"
        );
        if let Ok(full) = &full {
            let out = run(args, stdin, full.try_clone().unwrap().into());
            assert_eq!(
                (
                    out.status.code(),
                    String::from_utf8_lossy(&out.stderr).into_owned()
                ),
                (
                    Some(2),
                    "croupier: cannot write to standard output: No space left on device\n"
                        .to_string()
                ),
                "{args:?} into /dev/full"
            );
        }
    }
}

/// Review C3 (issue 15): a currency code is one of ISO 4217's, and naming the currency of
/// a database that already has rounds relabels them for good, so it needs --yes; without
/// it nothing is asked and nothing is logged.
#[test]
fn naming_the_currency_over_logged_rounds_needs_yes() {
    let db = write_temp("currency-over-rounds.db", "");
    std::fs::copy(demo_db(), &db).unwrap();
    let db = db.to_str().unwrap();
    let verified = || {
        let out = croupier(&["verify", "--db", db], None);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let before = verified();
    let err = refused(
        "a typo",
        &["currency", "--db", db, "--set", "CKZ", "--by", "Petr Novak"],
        "800100\n",
    );
    assert!(err.contains("ISO 4217") && err.contains("CZK"), "{err}");
    let err = refused(
        "no --yes",
        &["currency", "--db", db, "--set", "CZK", "--by", "Petr Novak"],
        "800100\n",
    );
    assert!(
        err.contains("30 rounds") && err.contains("--yes") && err.contains("never"),
        "{err}"
    );
    assert_eq!(verified(), before, "nothing logged without --yes");
    let out = croupier(
        &[
            "currency",
            "--db",
            db,
            "--set",
            "czk",
            "--by",
            "Petr Novak",
            "--yes",
        ],
        Some("800100\n"),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = croupier(&["currency", "--db", db], None);
    assert!(String::from_utf8_lossy(&out.stdout).contains("currency CZK"));
    assert_ne!(verified(), before);
}

/// Issue 21: what is read is capped, as the feed caps a line. A script longer than 8 MiB
/// (a file, standard input, or one line of `settle --jsonl`) is refused once that much
/// is read, and the batch goes on past such a line; checking 100,000 bets is not
/// quadratic (the refusal comes at once); `user add` keeps at most 256 bytes of a PIN
/// line and refuses a longer one, adding no one.
#[test]
fn what_is_read_is_capped_and_checked_in_linear_time() {
    const CAP: usize = 8 << 20;
    let huge = format!(
        "{{\"rules\":\"czech\",\"steps\":[\"{}\"]}}",
        "Q".repeat(CAP)
    );
    let good = example().to_string();
    let out = croupier_bytes(
        &["settle", "--jsonl", "-"],
        format!("{huge}\n{good}\n").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(
        lines[0]["error"],
        json!(format!(
            "round script: the line is longer than {CAP} bytes: expected one JSON round script per line"
        ))
    );
    assert_eq!(lines[1]["house_net"], json!(0));

    let err = refused("a long script", &["settle", "-"], &huge);
    assert_eq!(
        err,
        format!("croupier: standard input: longer than {CAP} bytes; expected one script\n")
    );

    let bets: Vec<Value> = (0..100_000)
        .map(|n| json!({"id": format!("b{n}"), "box": 1, "stake": 5}))
        .collect();
    let mut many = example();
    many["bets"] = json!(bets);
    let err = refused("100,000 bets", &["settle", "-"], &many.to_string());
    assert_eq!(
        err,
        "croupier: round script: box 1: 100000 bets, but the rules allow 3 per box (holder and back bets)\n"
    );

    let dir = common::fresh_dir("cli-pin-cap");
    let db = dir.join("t.db");
    let db = db.to_str().unwrap();
    let add = ["user", "add", "--db", db, "--role", "admin", "Ana Novak"];
    let err = croupier_bytes(&add, "4".repeat(1 << 20).as_bytes());
    assert_eq!(err.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&err.stderr),
        "croupier: PIN line 1: longer than 256 bytes; expected a PIN of digits, one per line\n"
    );
    let out = croupier_bytes(&add, b"482193\n");
    assert_eq!(out.status.code(), Some(0), "the refused line added no one");
}

/// Issue 23: `croupier day` sets the gaming day (time zone and shift starts) as a
/// supervisor, prints it, and refuses bad input — an unknown zone, shifts out of order,
/// a time that is not one, none at all — with what was expected, logging nothing; a
/// dealer is refused and the gaming day stays as it was.
#[test]
fn the_gaming_day_is_set_by_a_supervisor_and_bad_input_changes_nothing() {
    let db = write_temp("gaming-day.db", "");
    std::fs::copy(demo_db(), &db).unwrap();
    let db = db.to_str().unwrap();
    let verified = || {
        let out = croupier(&["verify", "--db", db], None);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let shown = || {
        let out = croupier(&["day", "--db", db], None);
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert!(
        shown().contains("time zone UTC, shifts 1 06:00–14:00, 2 14:00–22:00, 3 22:00–06:00")
            && shown().contains("not set"),
        "{}",
        shown()
    );
    let before = verified();
    let by = ["--by", "Petr Novak"];
    for (what, args, want) in [
        ("a zone on Mars", vec!["--tz", "Mars/Base"], "IANA name"),
        ("backwards", vec!["--shifts", "14:00 06:00"], "must rise"),
        ("no such hour", vec!["--shifts", "25:00"], "HH:MM"),
        ("empty", vec!["--shifts", ""], "no shift start"),
    ] {
        let args: Vec<&str> = ["day", "--db", db]
            .iter()
            .chain(&args)
            .chain(&by)
            .copied()
            .collect();
        let err = refused(what, &args, "800100\n");
        assert!(err.contains(want), "{what}: {err}");
    }
    assert_eq!(verified(), before, "nothing logged for bad input");
    let prague = [
        "day",
        "--db",
        db,
        "--tz",
        "Europe/Prague",
        "--shifts",
        "06:00 14:00 22:00",
    ];
    let as_dealer: Vec<&str> = prague
        .iter()
        .chain(&["--by", "Jana Svoboda"])
        .copied()
        .collect();
    let err = refused("a dealer", &as_dealer, "1001\n");
    assert!(err.contains("only a supervisor or an admin"), "{err}");
    assert!(shown().contains("time zone UTC"), "{}", shown());
    let as_sup: Vec<&str> = prague.iter().chain(&by).copied().collect();
    let out = croupier(&as_sup, Some("800100\n"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        shown().contains("time zone Europe/Prague, shifts 1 06:00–14:00")
            && !shown().contains("not set"),
        "{}",
        shown()
    );
    verified();
}

/// `user role --new-pin-stdin` says what standard input holds rather than counting its
/// lines: line 1 the user's new PIN, line 2 the admin's, both required (one line is
/// refused with what was expected, and the role stays). Without the flag the older form
/// still works: two lines are the new PIN and the admin's.
#[test]
fn user_role_takes_the_new_pin_by_flag_and_the_older_form_still_works() {
    let dir = common::fresh_dir("cli-role-new-pin");
    let db = dir.join("t.db");
    let db = db.to_str().unwrap();
    let ok = |out: Output| {
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    ok(croupier_bytes(
        &["user", "add", "--db", db, "--role", "admin", "Ana Novak"],
        b"482193\n",
    ));
    for dealer in ["Eva Dvorak", "Jan Maly"] {
        ok(croupier_bytes(
            &[
                "user",
                "add",
                "--db",
                db,
                "--role",
                "dealer",
                "--by",
                "Ana Novak",
                dealer,
            ],
            b"1234\n482193\n",
        ));
    }
    let role = |who: &str, flag: bool, stdin: &[u8]| {
        let mut args = vec![
            "user",
            "role",
            who,
            "--role",
            "supervisor",
            "--by",
            "Ana Novak",
            "--db",
            db,
        ];
        if flag {
            args.push("--new-pin-stdin");
        }
        croupier_bytes(&args, stdin)
    };
    let listed = || ok(croupier(&["user", "list", "--db", db], None));
    let out = role("Eva Dvorak", true, b"482193\n");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("expected 2 PIN(s)"), "{err}");
    assert!(
        listed()
            .lines()
            .any(|l| l.starts_with("Eva Dvorak") && l.contains("dealer")),
        "{}",
        listed()
    );
    let said = ok(role("Eva Dvorak", true, b"246813\n482193\n"));
    assert!(said.contains("Eva Dvorak is now supervisor"), "{said}");
    let said = ok(role("Jan Maly", false, b"135792\n482193\n"));
    assert!(said.contains("Jan Maly is now supervisor"), "{said}");
    // Each one's new PIN is theirs now (reading one's own language logs one in).
    let login = |who: &str, pin: &str| {
        croupier_bytes(
            &["user", "language", who, "--db", db],
            format!("{pin}\n").as_bytes(),
        )
    };
    ok(login("Eva Dvorak", "246813"));
    ok(login("Jan Maly", "135792"));
}
