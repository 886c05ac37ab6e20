//! No `Result<_, String>` in the library (issue 22 item 2): an error is a closed enum that
//! carries what was wrong, and words are made from it where a user reads them. This reads
//! every `.rs` file under `src/` but the binary's (`main.rs` and the `mod`s it declares,
//! where `anyhow` is at home), finds each `Result<…>` whose error is `String`, and fails on
//! any one: there is no allow-list (the UI's status lines are `ui::status`'s closed
//! `Notice` and `UiError`, worded when shown). And the seams typed since (`SEAMS`: the
//! replay's, the sessions' and the floor's errors, a report's failed verdict) carry no
//! reason as text: a variant that holds a `String` reason fails.

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

/// The seams typed by issue 22 item 2 (file, enum, variants; `*` for all): none carries
/// its reason as text again. A variant fails when its payload is a tuple holding a
/// `String`, or has a `why`, `detail`, `reason` or `next` field of type `String`.
const SEAMS: &[(&str, &str, &[&str])] = &[
    (
        "src/session/error.rs",
        "ReplayError",
        &["Chain", "Mismatch", "Damaged", "Schema", "Totals"],
    ),
    (
        "src/session/error.rs",
        "Refused",
        &["CorrectionUnplayable", "CorrectionUnfinished"],
    ),
    ("src/session/error.rs", "InputError", &["*"]),
    ("src/session/error.rs", "LogFault", &["*"]),
    ("src/codes.rs", "NotNow", &["*"]),
    ("src/script.rs", "ScriptError", &["Step"]),
    ("src/session/money.rs", "Fault", &["Unreadable"]),
    ("src/floor/audit.rs", "Stop", &["Refused"]),
    ("src/floor/audit.rs", "Refusal", &["*"]),
    ("src/report/query.rs", "Verified", &["Failed"]),
];

/// The variants of `enum name` in `code`, each with its payload as written (`""` for none).
fn variants(code: &str, name: &str) -> Option<Vec<(String, String)>> {
    let at = code.find(&format!("enum {name} {{"))?;
    let body = &code[at + format!("enum {name} {{").len()..];
    let mut out = Vec::new();
    let (mut depth, mut word, mut payload_from) = (0i32, String::new(), None::<usize>);
    for (i, c) in body.char_indices() {
        match c {
            '(' | '{' | '[' | '<' => {
                if depth == 0 && !word.is_empty() {
                    out.push((std::mem::take(&mut word), String::new()));
                }
                if depth == 0 && c != '<' {
                    payload_from = Some(i);
                }
                depth += 1;
            }
            ')' | '}' | ']' | '>' if depth > 0 => {
                depth -= 1;
                if depth == 0
                    && c != '>'
                    && let Some(from) = payload_from.take()
                    && let Some(last) = out.last_mut()
                {
                    let (_, p): &mut (String, String) = last;
                    *p = body[from..=i].to_string();
                }
            }
            '}' => return Some(out),
            c if depth == 0 && (c.is_alphanumeric() || c == '_') => word.push(c),
            _ if depth == 0 && !word.is_empty() => {
                out.push((std::mem::take(&mut word), String::new()));
            }
            _ => {}
        }
    }
    None
}

/// Whether a variant's payload carries its reason as text.
fn text_payload(payload: &str) -> bool {
    let words: Vec<&str> = payload
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .filter(|w| !w.is_empty())
        .collect();
    let is_string = |w: &&str| *w == "String";
    match payload.starts_with('(') {
        true => words.iter().any(is_string),
        false => words
            .windows(2)
            .any(|w| ["why:", "detail:", "reason:", "next:"].contains(&w[0]) && is_string(&w[1])),
    }
}

#[test]
fn no_typed_seam_carries_text_again() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut wrong = Vec::new();
    for (file, name, which) in SEAMS {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let code = String::from_utf8_lossy(&code_only(&text)).into_owned();
        // Attributes (`#[error(…)]`, derives) are not payloads.
        let code = strip_attributes(&code);
        let Some(vs) = variants(&code, name) else {
            wrong.push(format!("{file}: no enum {name}: update SEAMS"));
            continue;
        };
        for w in which.iter().filter(|w| **w != "*") {
            if !vs.iter().any(|(v, _)| v == w) {
                wrong.push(format!("{file}: {name} has no variant {w}: update SEAMS"));
            }
        }
        for (v, payload) in &vs {
            if (which.contains(&"*") || which.contains(&v.as_str())) && text_payload(payload) {
                wrong.push(format!("{file}: {name}::{v}{payload}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "variants that carry their reason as text (carry the typed error, or a closed enum with the values): {wrong:#?}"
    );
}

/// The code without `#[…]` attributes.
fn strip_attributes(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[") {
        out.push_str(&rest[..at]);
        let mut depth = 0;
        let mut end = rest.len();
        for (i, c) in rest[at + 1..].char_indices() {
            match c {
                '[' => depth += 1,
                ']' => {
                    depth -= 1;
                    if depth == 0 {
                        end = at + 1 + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[test]
fn the_seam_scan_finds_text_payloads_and_nothing_else() {
    let code = strip_attributes(&String::from_utf8_lossy(&code_only(
        r#"
pub enum E {
    #[error("{0}")]
    A(String),
    B { why: String },
    C { name: String, why: Box<Typed> },
    D(Vec<(u8, String)>),
    F { next: Expecting },
    G,
    H(Typed<String>),
}
"#,
    )));
    let vs = variants(&code, "E").unwrap();
    let names: Vec<&str> = vs.iter().map(|(v, _)| v.as_str()).collect();
    assert_eq!(names, ["A", "B", "C", "D", "F", "G", "H"]);
    let text: Vec<&str> = vs
        .iter()
        .filter(|(_, p)| text_payload(p))
        .map(|(v, _)| v.as_str())
        .collect();
    assert_eq!(text, ["A", "B", "D", "H"]);
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
