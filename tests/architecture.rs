//! ARCHITECTURE.md's invariants each name the test that keeps them: this holds every name
//! there to the code, so a test renamed or removed cannot leave an invariant kept by a
//! test that no longer exists. A file it names (`tests/…`, `src/…`, `docs/…`, `benches/…`,
//! `scripts/…`) must exist; a test's name (a back-quoted name of four or more words joined
//! by `_`, as every test's is and no table, column or module's here) must be a `fn` in
//! `src/`, `tests/` or `benches/`.

use std::path::{Path, PathBuf};

#[path = "common/source.rs"]
mod source;
use source::{code_only, rs_files};

/// The text of ARCHITECTURE.md's invariants (from its heading to the next section's).
fn invariants() -> String {
    let text = std::fs::read_to_string("ARCHITECTURE.md").expect("ARCHITECTURE.md reads");
    let from = text.find("## Invariants").expect("an Invariants section");
    let rest = &text[from + 2..];
    let to = rest.find("\n## ").map_or(rest.len(), |i| i + 1);
    rest[..to].to_string()
}

/// Every back-quoted span of `text`.
fn quoted(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// Whether `name` reads as a test's: lower-case words, four or more, joined by `_`.
fn a_tests_name(name: &str) -> bool {
    let words = name.split('_').count();
    words >= 4
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// Every `fn NAME` in the package's Rust code (not its comments or strings).
fn fns() -> Vec<String> {
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in ["src", "tests", "benches"] {
        rs_files(Path::new(dir), &mut files);
    }
    let mut out = Vec::new();
    for f in files {
        let code = code_only(&std::fs::read_to_string(&f).unwrap());
        let text = String::from_utf8_lossy(&code);
        for (i, _) in text.match_indices("fn ") {
            let name: String = text[i + 3..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            out.push(name);
        }
    }
    out
}

/// What the invariants' text `inv` names that the code does not have: test names no `fn`
/// in `fns` has, and paths no file is at; with the counts of each it read.
fn not_there(inv: &str, fns: &[String]) -> (Vec<String>, Vec<String>, usize, usize) {
    let spans = quoted(inv);
    let tests: Vec<&str> = spans.iter().copied().filter(|s| a_tests_name(s)).collect();
    let missing = (tests.iter())
        .filter(|t| !fns.iter().any(|f| f == *t))
        .map(|t| t.to_string())
        .collect();
    let prefixes = ["tests/", "src/", "docs/", "benches/", "scripts/"];
    let files: Vec<&str> = (spans.iter().copied())
        .filter(|s| prefixes.iter().any(|p| s.starts_with(p)) && !s.contains(' '))
        .collect();
    let gone = (files.iter())
        .filter(|f| !Path::new(f).exists())
        .map(|f| f.to_string())
        .collect();
    (missing, gone, tests.len(), files.len())
}

#[test]
fn every_test_and_file_an_invariant_names_exists() {
    let inv = invariants();
    // An unpaired back-quote would shift every span after it.
    assert_eq!(
        inv.matches('`').count() % 2,
        0,
        "an unpaired ` in the invariants"
    );
    let (missing, gone, tests, files) = not_there(&inv, &fns());
    assert!(tests >= 40, "only {tests} test names found");
    assert!(files >= 20, "only {files} files found");
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names no such test: {missing:?}"
    );
    assert!(
        gone.is_empty(),
        "ARCHITECTURE.md names no such file: {gone:?}"
    );
}

/// The reading above finds a test renamed and a file gone in a made-up section, and
/// passes what is there.
#[test]
fn a_name_or_file_that_is_not_there_is_found() {
    let fns = fns();
    let inv = "- **A rule.** `tests/architecture.rs` (`a_test_that_was_renamed`,
  `every_test_and_file_an_invariant_names_exists`), `tests/gone.rs`, `round_figures`.";
    let (missing, gone, tests, files) = not_there(inv, &fns);
    assert_eq!(missing, vec!["a_test_that_was_renamed".to_string()]);
    assert_eq!(gone, vec!["tests/gone.rs".to_string()]);
    assert_eq!((tests, files), (2, 2));
    assert!(!a_tests_name("Store_same_log_in"));
    assert_eq!(quoted("x `a` y `b_c` z"), vec!["a", "b_c"]);
}
