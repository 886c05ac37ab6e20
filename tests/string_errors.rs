//! No `Result<_, String>` in the library (issue 22 item 2): an error is a closed enum that
//! carries what was wrong, and words are made from it where a user reads them. This reads
//! every `.rs` file under `src/` but the binary's (`main.rs` and the `mod`s it declares,
//! where `anyhow` is at home), finds each `Result<…>` whose error is `String`, and fails on
//! any one: there is no allow-list (the UI's status lines are `ui::status`'s closed
//! `Notice` and `UiError`, worded when shown).

use std::collections::BTreeMap;
use std::path::Path;

#[path = "common/source.rs"]
mod source;
use source::{code_only, rs_files};

/// The binary's files: `main.rs` and the modules it declares.
const BINARY: &[&str] = &[
    "src/main.rs",
    "src/cli_values.rs",
    "src/floor_cmd.rs",
    "src/lab_cli.rs",
    "src/money_cli.rs",
    "src/settings_cli.rs",
];

/// Each `Result<…>` in `code` whose last type argument is `String`, as written.
fn string_results(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("Result<") {
        let before = rest[..at].chars().last();
        let args = &rest[at + "Result<".len()..];
        rest = args;
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `StepResult<…>` and the like
        }
        let (mut depth, mut last_comma, mut end) = (0i32, None, None);
        for (i, c) in args.char_indices() {
            match c {
                '<' | '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                '>' if depth == 0 => {
                    end = Some(i);
                    break;
                }
                '>' => depth -= 1,
                ',' if depth == 0 => last_comma = Some(i),
                _ => {}
            }
        }
        let (Some(end), Some(comma)) = (end, last_comma) else {
            continue;
        };
        if args[comma + 1..end].trim() == "String" {
            found.push(format!(
                "Result<{}>",
                args[..end].split_whitespace().collect::<Vec<_>>().join(" ")
            ));
        }
    }
    found
}

#[test]
fn no_string_error_in_the_library() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rs_files(&root.join("src"), &mut files);
    let mut counts: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for f in &files {
        let rel = f
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if BINARY.contains(&rel.as_str()) {
            continue;
        }
        let code = code_only(&std::fs::read_to_string(f).unwrap());
        let found = string_results(&String::from_utf8_lossy(&code));
        if !found.is_empty() {
            counts.insert(rel, found);
        }
    }
    let wrong: Vec<String> = counts
        .iter()
        .map(|(file, found)| {
            format!("{file}: {found:?}: return a closed error enum (thiserror) that carries what was wrong")
        })
        .collect();
    assert!(wrong.is_empty(), "String errors in the library: {wrong:#?}");
}

#[test]
fn the_scan_finds_a_string_error_and_nothing_else() {
    let code = code_only(
        r#"
/// Result<(), String> in a comment
fn a() -> Result<Vec<(u8, String)>, String> { todo!() }
fn b() -> Result<HashMap<i64, String>, AuditError> { let s = "Result<(), String>"; }
fn c() -> StepResult<u8, String> {}
fn d(f: impl FnOnce() -> Result<u8,
    String>) {}
"#,
    );
    assert_eq!(
        string_results(&String::from_utf8_lossy(&code)),
        ["Result<Vec<(u8, String)>, String>", "Result<u8, String>"]
    );
}
