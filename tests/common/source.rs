//! Reading the crate's own source, for the tests that hold it to a rule
//! (`function_length.rs`, `string_errors.rs`): its `.rs` files, and their code with every
//! comment, string and char literal blanked.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
pub fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
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
pub fn code_only(text: &str) -> Vec<u8> {
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
