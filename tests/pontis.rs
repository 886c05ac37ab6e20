//! Pontis game fixtures: every `tests/pontis/**/*.json` is a game script with what
//! `croupier pontis` must answer, replayed by this one harness (like tests/scenarios.rs).
//!
//! A fixture: `{"title", "rule", "script": {game script} | "script_text": "…", "expect"}`.
//! `expect` is either a refusal, `{"error_play": N}` (N = 1-based refused play, 0 = refused
//! before the plays) with optional `"error_field"` (named in the message) and
//! `"error_contains": […]` (what the message must say), or the state: any of the output's
//! own fields (`complete`, `next`, `players`, `end`, `winners`), compared whole, and the
//! per-player shorthands `cards_left`, `scores`, `tops` (`{"Ana": 11}`).
//! The binary is run on every fixture too: exit 0 with that state, or exit 2 with nothing
//! on standard output and the refused play's position on standard error.

use std::path::{Path, PathBuf};
use std::process::Command;

use croupier::pontis_script::{PontisScript, state};
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

fn script_text(fixture: &Value) -> String {
    match fixture.get("script_text").and_then(Value::as_str) {
        Some(t) => t.to_string(),
        None => fixture["script"].to_string(),
    }
}

/// Runs one fixture through the library; `Err` says how it went wrong.
fn check(fixture: &Value) -> Result<(), String> {
    let expect = &fixture["expect"];
    let played = PontisScript::parse(&script_text(fixture), None).and_then(|s| s.play());
    if let Some(n) = expect.get("error_play") {
        let e = match played {
            Err(e) => e,
            Ok(g) => {
                return Err(format!(
                    "expected refusal at play {n}, but the script was accepted: {}",
                    state(&g)
                ));
            }
        };
        if Some(e.position() as u64) != n.as_u64() {
            return Err(format!("expected refusal at play {n}, got: {e}"));
        }
        let msg = e.to_string();
        let mut wanted: Vec<&str> = expect
            .get("error_contains")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        wanted.extend(expect.get("error_field").and_then(Value::as_str));
        if n.as_u64() != Some(0) && !msg.contains("; expected ") {
            return Err(format!("the refusal does not say what was expected: {msg}"));
        }
        return match wanted.iter().find(|w| !msg.contains(*w)) {
            Some(w) => Err(format!("the message lacks \"{w}\": {msg}")),
            None => Ok(()),
        };
    }
    let game = played.map_err(|e| format!("refused: {e}"))?;
    let out = state(&game);
    let mut wrong = Vec::new();
    let obj = expect.as_object().ok_or("expect is not an object")?;
    for (key, want) in obj {
        let per_player = match key.as_str() {
            "cards_left" => Some("cards_left"),
            "scores" => Some("score"),
            "tops" => Some("top"),
            _ => None,
        };
        match per_player {
            Some(field) => {
                for (name, w) in want.as_object().ok_or("per-player maps are objects")? {
                    let got = out["players"]
                        .as_array()
                        .and_then(|ps| ps.iter().find(|p| p["name"] == name.as_str()))
                        .map(|p| p[field].clone());
                    if got.as_ref() != Some(w) {
                        wrong.push(format!("{name}'s {field}: {got:?}, expected {w}"));
                    }
                }
            }
            None if out.get(key).is_some() => {
                if &out[key] != want {
                    wrong.push(format!("{key}: {}, expected {want}", out[key]));
                }
            }
            None => wrong.push(format!("unknown expect field {key}")),
        }
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(wrong.join("; "))
    }
}

/// Runs one fixture through `croupier pontis -`.
fn check_binary(fixture: &Value) -> Result<(), String> {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(["--db", "/nonexistent/never-opened.db", "pontis", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script_text(fixture).as_bytes())
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    match fixture["expect"].get("error_play").and_then(Value::as_u64) {
        Some(n) => {
            if out.status.code() != Some(2) || !stdout.is_empty() {
                return Err(format!(
                    "binary: expected exit 2 and no output, got {:?} and {stdout:?}",
                    out.status.code()
                ));
            }
            if n > 0 && !stderr.contains(&format!("play {n} ")) {
                return Err(format!("binary: stderr does not name play {n}: {stderr}"));
            }
            if let Some(field) = fixture["expect"].get("error_field").and_then(Value::as_str)
                && !stderr.contains(field)
            {
                return Err(format!("binary: stderr does not name `{field}`: {stderr}"));
            }
            Ok(())
        }
        None => {
            let want = PontisScript::parse(&script_text(fixture), None)
                .and_then(|s| s.play())
                .map(|g| state(&g))
                .map_err(|e| e.to_string())?;
            let got: Value = serde_json::from_str(&stdout)
                .map_err(|e| format!("binary: output is not JSON ({e}): {stderr}"))?;
            if out.status.code() != Some(0) || got != want {
                return Err(format!(
                    "binary: exit {:?}, printed {got}",
                    out.status.code()
                ));
            }
            Ok(())
        }
    }
}

#[test]
fn every_game_fixture_answers_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pontis");
    let mut files = Vec::new();
    fixtures(&root, &mut files);
    files.sort();
    assert!(
        files.len() >= 60,
        "only {} fixtures under {}",
        files.len(),
        root.display()
    );
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let name = f.strip_prefix(&root).unwrap().display().to_string();
        let result = serde_json::from_str::<Value>(&text)
            .map_err(|e| format!("bad fixture JSON: {e}"))
            .and_then(|v| check(&v).and_then(|()| check_binary(&v)));
        if let Err(why) = result {
            failures.push(format!("{name}: {why}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} game fixtures failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
