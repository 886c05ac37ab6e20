//! No function in `src/` is longer than a screen or two (issue 22 item 4): this reads every
//! `.rs` file under `src/`, finds each `fn` with a body by matching braces (strings, chars
//! and comments skipped) and fails on a body of more than [`MAX_LINES`] lines, unless
//! [`ALLOWED`] lists it at no more than its present length.

use std::path::{Path, PathBuf};

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

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The text with every comment, string and char literal blanked (newlines kept), so that
/// braces and `fn` are only the code's.
fn code_only(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to.min(b.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if let Some(hashes) = raw_string_at(b, i) {
            // r"…", r#"…"#, br"…": ends at a quote followed by as many hashes.
            i += b[i..].iter().position(|&c| c == b'"').unwrap() + 1;
            let close: Vec<u8> = std::iter::once(b'"').chain(vec![b'#'; hashes]).collect();
            while i < b.len() && !b[i..].starts_with(&close) {
                i += 1;
            }
            i += close.len();
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if b[i] == b'\'' {
            // A char literal ('x', '\n', '\u{..}', a multi-byte char), not a lifetime.
            let rest = &text[i + 1..];
            let mut chars = rest.char_indices();
            match chars.next() {
                Some((_, '\\')) => {
                    i += 1 + rest.find('\'').map_or(0, |p| {
                        // '\'' has its quote escaped: the closing one is after it.
                        if p == 1 {
                            rest[2..].find('\'').map_or(1, |q| q + 3)
                        } else {
                            p + 1
                        }
                    });
                }
                Some((_, c)) if rest[c.len_utf8()..].starts_with('\'') => {
                    i += 1 + c.len_utf8() + 1;
                }
                _ => i += 1,
            }
        } else {
            i += 1;
            continue;
        }
        blank(&mut out, start, i);
    }
    out
}

/// At a raw string's start (`r"`, `r#`, `br"`, not inside an identifier): its hashes.
fn raw_string_at(b: &[u8], i: usize) -> Option<usize> {
    if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') {
        return None;
    }
    let j = if b[i..].starts_with(b"br") {
        i + 2
    } else if b[i] == b'r' {
        i + 1
    } else {
        return None;
    };
    let hashes = b[j..].iter().take_while(|&&c| c == b'#').count();
    (b.get(j + hashes) == Some(&b'"')).then_some(hashes)
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
