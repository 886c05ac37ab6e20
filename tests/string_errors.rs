//! No `Result<_, String>` in the library (issue 22 item 2): an error is a closed enum that
//! carries what was wrong, and words are made from it where a user reads them. This reads
//! every `.rs` file under `src/` but the binary's (`main.rs` and the `mod`s it declares,
//! where `anyhow` is at home), finds each `Result<…>` whose error is `String`, and fails on
//! any one: there is no allow-list (the UI's status lines are `ui::status`'s closed
//! `Notice` and `UiError`, worded when shown). And the seams typed since (`SEAMS`: the
//! replay's, the sessions' and the floor's errors, a report's verdict and its detail) carry no
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

/// The seams typed by issue 22 item 2 and the inner types they carry (file, enum or
/// struct, variants; `*` for all; a struct is its one variant of its own name): none
/// carries text again. A field fails when its type names `String` or `str` by any path
/// (`std::string::String`, `Box<str>`, `Arc<str>`, `Cow<'_, str>`), whatever its name,
/// but `TEXT_KEPT`; a `&'static str` is a name the code chose from its own literals.
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
    ("src/session/error.rs", "ChainBreak", &["*"]),
    ("src/session/error.rs", "Discrepancy", &["*"]),
    ("src/session/error.rs", "Damage", &["*"]),
    ("src/codes.rs", "NotNow", &["*"]),
    ("src/script.rs", "ScriptError", &["Step"]),
    ("src/script.rs", "StepFault", &["*"]),
    ("src/session/money.rs", "Fault", &["Unreadable"]),
    ("src/floor/audit.rs", "Stop", &["Refused"]),
    ("src/floor/audit.rs", "Refusal", &["*"]),
    ("src/report/query.rs", "Verified", &["*"]),
    ("src/report/verdict.rs", "Passed", &["*"]),
    ("src/report/verdict.rs", "ChainRead", &["*"]),
    ("src/report/verdict.rs", "Rewalk", &["*"]),
    ("src/report/verdict.rs", "Chained", &["*"]),
    ("src/report/verdict.rs", "Pending", &["*"]),
    ("src/report/verdict.rs", "Unchecked", &["*"]),
    ("src/report/verdict.rs", "TotalsUnchecked", &["*"]),
    ("src/report/query.rs", "VerifyFailure", &["*"]),
    ("src/log/totals.rs", "TotalsDiffer", &["*"]),
    ("src/log/totals.rs", "TotalsColumn", &["*"]),
    ("src/log/totals.rs", "ColumnDiffer", &["*"]),
    ("src/session/feed.rs", "FeedError", &["Open"]),
];

/// The text fields of the seams that are text by nature (type, variant or `*`, field).
const TEXT_KEPT: &[(&str, &str, &str)] = &[
    // A table's name, as the floor and the user name it.
    ("NotNow", "*", "name"),
    // The feed's table, by the name it was asked for (as shown).
    ("FeedError", "Open", "table"),
    // A script's step as it was written: what was refused, shown back.
    ("ScriptError", "Step", "text"),
    // Hashes as the log shows them, in hex: what was found, not a reason.
    ("ChainBreak", "HashLength", "stored"),
    ("ChainBreak", "Hash", "stored"),
    ("ChainBreak", "Hash", "computed"),
    ("ChainBreak", "HeadHash", "kept"),
    ("ChainBreak", "HeadHash", "found"),
    // What a panic said (`panics::panic_message`): text is all a panic gives.
    ("Damage", "CheckFailed", "message"),
    // The refusal as the floor's auditor recorded it in the floor database, as text.
    ("VerifyFailure", "AuditorRefuses", "why"),
    // The first difference as the floor's SQL function `croupier.totals_break` words it.
    ("VerifyFailure", "TotalsBreak", "why"),
    // When the floor's auditor recorded its chain check, as the floor's SQL prints it (UTC):
    // a time, not a reason.
    ("VerifyFailure", "ChainBroken", "at"),
    // The same for the auditor's chain check a verdict read, and its totals check.
    ("Passed", "Floor", "at"),
    ("ChainRead", "Checked", "at"),
    ("Rewalk", "Touched", "at"),
    ("Rewalk", "Stale", "at"),
    ("Rewalk", "Months", "at"),
    ("TotalsUnchecked", "Touched", "at"),
    ("TotalsUnchecked", "EventsAfter", "at"),
    ("VerifyFailure", "ChainMissing", "at"),
    ("VerifyFailure", "HeadHash", "at"),
];

/// The variants of `enum name` in `code`, each with its payload as written (`""` for none);
/// for `struct name { … }`, the one variant `name` with its fields.
fn variants(code: &str, name: &str) -> Option<Vec<(String, String)>> {
    if let Some(at) = code.find(&format!("struct {name} {{")) {
        let from = at + format!("struct {name} ").len();
        let end = code[from..].find("\n}")? + from + 2;
        return Some(vec![(name.to_string(), code[from..end].to_string())]);
    }
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

/// A payload's fields, each as (name, type): `0`, `1`, … for a tuple's.
fn fields(payload: &str) -> Vec<(String, String)> {
    let inner = payload.trim();
    let tuple = inner.starts_with('(');
    let inner = inner.get(1..inner.len().saturating_sub(1)).unwrap_or("");
    let mut pieces = vec![String::new()];
    let mut depth = 0i32;
    for c in inner.chars() {
        match c {
            '(' | '{' | '[' | '<' => depth += 1,
            ')' | '}' | ']' | '>' => depth -= 1,
            ',' if depth == 0 => {
                pieces.push(String::new());
                continue;
            }
            _ => {}
        }
        pieces.last_mut().unwrap().push(c);
    }
    let pieces = pieces
        .into_iter()
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty());
    pieces
        .enumerate()
        .map(|(i, p)| match (tuple, p.split_once(':')) {
            (false, Some((name, ty))) => {
                let name = name
                    .trim()
                    .trim_start_matches("pub(crate)")
                    .trim_start_matches("pub");
                (name.trim().to_string(), ty.trim().to_string())
            }
            _ => (i.to_string(), p),
        })
        .collect()
}

/// Whether a field's type is text: `String` or `str` by any path, but `&'static str`.
fn text_type(ty: &str) -> bool {
    // `code_only` reads the lifetime's quote as a character's: `& static str`.
    if ty.replace([' ', '\''], "") == "&staticstr" {
        return false;
    }
    ty.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .any(|w| w == "String" || w == "str" || w.ends_with("::String") || w.ends_with("::str"))
}

/// The fields of a variant's payload that carry text.
fn text_fields(payload: &str) -> Vec<String> {
    fields(payload)
        .into_iter()
        .filter(|(_, ty)| text_type(ty))
        .map(|(n, _)| n)
        .collect()
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
            wrong.push(format!("{file}: no enum or struct {name}: update SEAMS"));
            continue;
        };
        for w in which.iter().filter(|w| **w != "*") {
            if !vs.iter().any(|(v, _)| v == w) {
                wrong.push(format!("{file}: {name} has no variant {w}: update SEAMS"));
            }
        }
        for (v, payload) in &vs {
            if !(which.contains(&"*") || which.contains(&v.as_str())) {
                continue;
            }
            for f in text_fields(payload) {
                let kept = |&(t, kv, kf): &(&str, &str, &str)| {
                    t == *name && (kv == "*" || kv == v) && kf == f
                };
                if !TEXT_KEPT.iter().any(kept) {
                    wrong.push(format!("{file}: {name}::{v} field {f}: {payload}"));
                }
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
    I { message: std::string::String, kind: &'static str },
    J { said: Box<str> },
    K(u8, Arc<str>),
    L { said: Cow<'static, str>, at: i64 },
    M { kind: &'static str, seq: i64 },
}
pub struct S {
    pub at: i64,
    pub text: String,
}
"#,
    )));
    let vs = variants(&code, "E").unwrap();
    let names: Vec<&str> = vs.iter().map(|(v, _)| v.as_str()).collect();
    assert_eq!(
        names,
        ["A", "B", "C", "D", "F", "G", "H", "I", "J", "K", "L", "M"]
    );
    let text: Vec<(&str, Vec<String>)> = vs
        .iter()
        .map(|(v, p)| (v.as_str(), text_fields(p)))
        .filter(|(_, f)| !f.is_empty())
        .collect();
    let want = [
        ("A", "0"),
        ("B", "why"),
        ("C", "name"),
        ("D", "0"),
        ("H", "0"),
        ("I", "message"),
        ("J", "said"),
        ("K", "1"),
        ("L", "said"),
    ];
    let want: Vec<(&str, Vec<String>)> = want
        .iter()
        .map(|(v, f)| (*v, vec![f.to_string()]))
        .collect();
    assert_eq!(text, want);
    let s = variants(&code, "S").unwrap();
    assert_eq!(s.len(), 1);
    assert_eq!(text_fields(&s[0].1), ["text"]);
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
