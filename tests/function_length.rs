//! No function in `src/` is longer than a screen or two (issue 22 item 4): this reads every
//! `.rs` file under `src/`, finds each `fn` with a body by matching braces (strings, chars
//! and comments skipped) and fails on a body of more than [`MAX_LINES`] lines, unless
//! [`ALLOWED`] lists it at no more than its present length.

use std::path::Path;

#[path = "common/source.rs"]
mod source;
use source::{code_only, rs_files};

/// Most lines a function may span, from its `fn` line to its closing brace.
const MAX_LINES: usize = 100;

/// Functions allowed to be longer: (where, name, lines), where a path or a folder (ending
/// in `/`) under the package, and the most lines it may span. Empty: every function in
/// `src/` is held to [`MAX_LINES`] (the desk, the settlement and open-table screens were
/// split into panels, issue 22 item 4). An unlisted function over [`MAX_LINES`] fails the
/// test, and so does a listed one that grew past its figure; one that shrank under the
/// limit or is gone only prints a note.
const ALLOWED: &[(&str, &str, usize)] = &[];

/// Whether an allow-list entry names this function.
fn allowed(entry: &(&str, &str, usize), f: &Function) -> bool {
    let (place, name, _) = *entry;
    name == f.name
        && if place.ends_with('/') {
            f.file.starts_with(place)
        } else {
            f.file == place
        }
}

/// A function found: where, its name, how many lines it spans, and whether it is a
/// `#[test]` (a test reads as its list of cases, and is not held to the length).
#[derive(Debug)]
struct Function {
    file: String,
    line: usize,
    name: String,
    lines: usize,
    test: bool,
}

/// Every `fn` with a body in a file's code.
fn functions(file: &str, text: &str) -> Vec<Function> {
    let code = code_only(text);
    let line_of = |at: usize| code[..at].iter().filter(|&&c| c == b'\n').count() + 1;
    let is_ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut found = Vec::new();
    let mut i = 0;
    while let Some(p) = code[i..].windows(3).position(|w| w == b"fn ") {
        let at = i + p;
        i = at + 3;
        if at > 0 && is_ident(code[at - 1]) {
            continue;
        }
        let name: String = code[i..]
            .iter()
            .take_while(|&&c| is_ident(c))
            .map(|&c| c as char)
            .collect();
        if name.is_empty() {
            continue; // `fn(` types, `impl Fn …`
        }
        // The body opens at the first `{` outside brackets; a `;` first: no body.
        let (mut depth, mut j) = (0i32, i);
        let open = loop {
            match code.get(j) {
                None => break None,
                Some(b'(' | b'[' | b'<') => depth += 1,
                Some(b')' | b']') => depth -= 1,
                Some(b'>') if code[j - 1] != b'-' && code[j - 1] != b'=' => depth -= 1,
                Some(b';') if depth == 0 => break None,
                Some(b'{') if depth == 0 => break Some(j),
                _ => {}
            }
            j += 1;
        };
        let Some(open) = open else { continue };
        let (mut braces, mut k) = (0i32, open);
        while k < code.len() {
            match code[k] {
                b'{' => braces += 1,
                b'}' => {
                    braces -= 1;
                    if braces == 0 {
                        break;
                    }
                }
                _ => {}
            }
            k += 1;
        }
        // `#[test]` among the attributes just above the `fn` line.
        let line_start = code[..at]
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |p| p + 1);
        let above = String::from_utf8_lossy(&code[..line_start]);
        let test = above
            .lines()
            .rev()
            .take_while(|l| l.trim().starts_with("#[") || l.trim().is_empty())
            .any(|l| l.trim() == "#[test]");
        found.push(Function {
            file: file.to_string(),
            line: line_of(at),
            name,
            lines: line_of(k) - line_of(at) + 1,
            test,
        });
    }
    found
}

fn all_functions() -> Vec<Function> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rs_files(&root.join("src"), &mut files);
    files.sort();
    let mut all = Vec::new();
    for f in &files {
        let rel = f
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        all.extend(functions(&rel, &std::fs::read_to_string(f).unwrap()));
    }
    all
}

#[test]
fn no_function_is_longer_than_a_hundred_lines() {
    let all = all_functions();
    // Not vacuous: the scan finds the code's functions (some two thousand of them).
    assert!(
        all.len() > 1000,
        "only {} functions found in src/",
        all.len()
    );
    if std::env::var_os("FUNCTION_LENGTH_LIST").is_some() {
        for f in all.iter().filter(|f| f.lines > 60) {
            eprintln!("{:4} {}:{} {}", f.lines, f.file, f.line, f.name);
        }
    }
    let long: Vec<&Function> = all
        .iter()
        .filter(|f| f.lines > MAX_LINES && !f.test)
        .collect();
    assert!(
        all.iter().any(|f| f.test),
        "the scan sees the tests in src/"
    );
    let mut wrong = Vec::new();
    for f in &long {
        match ALLOWED.iter().find(|e| allowed(e, f)) {
            None => wrong.push(format!(
                "{}:{} {} ({} lines): over {MAX_LINES}, split it",
                f.file, f.line, f.name, f.lines
            )),
            Some(&(_, _, most)) if f.lines > most => wrong.push(format!(
                "{}:{} {} ({} lines): grew past its allowed {most}",
                f.file, f.line, f.name, f.lines
            )),
            Some(_) => {}
        }
    }
    assert!(wrong.is_empty(), "functions too long: {wrong:#?}");
    for e in ALLOWED
        .iter()
        .filter(|e| !long.iter().any(|f| allowed(e, f)))
    {
        eprintln!(
            "note: {} in {} is no longer over {MAX_LINES} lines (or gone): take it off ALLOWED",
            e.1, e.0
        );
    }
}

#[test]
fn the_scan_measures_a_function_by_its_braces() {
    let text = r#"
/// fn in a comment { { {
fn short(a: Vec<u8>) -> Result<(), String> {
    let s = "} fn nope() {";
    let c = '}';
    let l: &'static str = r"{";
    if a.is_empty() { return Ok(()); }
    Ok(())
}
trait T { fn declared(&self); }
#[test]
#[allow(unused)]
fn a_test() {}
impl X {
    pub(crate) fn with_where<F>(f: F) -> u8
    where
        F: Fn() -> u8,
    {
        f()
    }
}
"#;
    let f = functions("x.rs", text);
    let got: Vec<(&str, usize, usize, bool)> = f
        .iter()
        .map(|f| (f.name.as_str(), f.line, f.lines, f.test))
        .collect();
    assert_eq!(
        got,
        [
            ("short", 3, 7, false),
            ("a_test", 13, 1, true),
            ("with_where", 15, 6, false)
        ]
    );
}
