//! Scenario fixtures: every `tests/scenarios/**/*.json` is a round script with the
//! settlement it must give, replayed by this one harness (like shakmaty's perft files).
//!
//! A fixture: `{"title", "rule", "script": {round script}, "expect": {...}}` where expect is
//! `{"complete": true, "nets": {"1a": -15}, "house_net": 15, "dealer_total": 18}`,
//! `{"complete": false}`, or `{"error_step": N}` (N = 1-based refused step, 0 = refused
//! before the steps).

use std::path::{Path, PathBuf};

use croupier::script::{Script, money_json};
use serde_json::Value;

fn fixtures(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            fixtures(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

/// Runs one fixture; `Err` says how it went wrong.
fn check(fixture: &Value) -> Result<(), String> {
    let expect = &fixture["expect"];
    let played = Script::from_value(&fixture["script"], None).and_then(|s| s.play());
    if let Some(step) = expect.get("error_step") {
        return match played {
            Err(e) if Some(e.position() as u64) == step.as_u64() => Ok(()),
            Err(e) => Err(format!("expected refusal at step {step}, got: {e}")),
            Ok(_) => Err(format!(
                "expected refusal at step {step}, but the script was accepted"
            )),
        };
    }
    let round = played.map_err(|e| format!("refused: {e}"))?;
    let complete = expect["complete"]
        .as_bool()
        .ok_or("fixture lacks expect.complete")?;
    if round.is_complete() != complete {
        return Err(format!(
            "complete: expected {complete}, got {} (next: {})",
            round.is_complete(),
            round.expected()
        ));
    }
    let mut wrong = Vec::new();
    if let Some(nets) = expect.get("nets").and_then(Value::as_object) {
        if nets.len() != round.bet_count() {
            wrong.push(format!(
                "fixture names {} bets, round has {}",
                nets.len(),
                round.bet_count()
            ));
        }
        for (id, want) in nets {
            let Some(b) = round.bet_index(id) else {
                wrong.push(format!("no bet {id}"));
                continue;
            };
            let got = money_json(round.bet_net(b));
            if !same_money(&got, want) {
                wrong.push(format!("{id}: net {got}, expected {want}"));
            }
        }
    }
    if let Some(want) = expect.get("house_net") {
        let got = money_json(round.house_net());
        if !same_money(&got, want) {
            wrong.push(format!("house_net {got}, expected {want}"));
        }
    }
    if let Some(want) = expect.get("dealer_total") {
        let got = round.dealer_total().best;
        if want.as_u64() != Some(got as u64) {
            wrong.push(format!("dealer_total {got}, expected {want}"));
        }
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(wrong.join("; "))
    }
}

/// Compares two JSON money figures to the cent.
fn same_money(a: &Value, b: &Value) -> bool {
    let cents = |v: &Value| v.as_f64().map(|f| (f * 100.0).round() as i64);
    cents(a).is_some() && cents(a) == cents(b)
}

#[test]
fn every_scenario_settles_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files = Vec::new();
    fixtures(&root, &mut files);
    files.sort();
    assert!(
        files.len() >= 40,
        "only {} scenario files under {}",
        files.len(),
        root.display()
    );
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let name = f.strip_prefix(&root).unwrap().display().to_string();
        let result = serde_json::from_str::<Value>(&text)
            .map_err(|e| format!("bad fixture JSON: {e}"))
            .and_then(|v| check(&v));
        if let Err(why) = result {
            failures.push(format!("{name}: {why}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
