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

#[test]
fn every_test_and_file_an_invariant_names_exists() {
    let inv = invariants();
    let spans = quoted(&inv);
    let fns = fns();
    let tests: Vec<&str> = spans.iter().copied().filter(|s| a_tests_name(s)).collect();
    assert!(tests.len() >= 40, "only {} test names found", tests.len());
    let missing: Vec<&&str> = tests
        .iter()
        .filter(|t| !fns.iter().any(|f| f == *t))
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names no such test: {missing:?}"
    );
    let prefixes = ["tests/", "src/", "docs/", "benches/", "scripts/"];
    let files: Vec<&str> = (spans.iter().copied())
        .filter(|s| prefixes.iter().any(|p| s.starts_with(p)) && !s.contains(' '))
        .collect();
    assert!(files.len() >= 20, "only {} files found", files.len());
    let gone: Vec<&&str> = files.iter().filter(|f| !Path::new(f).exists()).collect();
    assert!(
        gone.is_empty(),
        "ARCHITECTURE.md names no such file: {gone:?}"
    );
}

/// The reading above finds a name that is not a test's, and a file that is not there.
#[test]
fn a_name_or_file_that_is_not_there_is_found() {
    let fns = fns();
    assert!(a_tests_name("a_test_that_was_renamed"));
    assert!(!fns.iter().any(|f| f == "a_test_that_was_renamed"));
    assert!(!a_tests_name("round_figures"));
    assert!(!a_tests_name("Store_same_log_in"));
    assert_eq!(quoted("x `a` y `b_c` z"), vec!["a", "b_c"]);
    assert!(
        fns.iter()
            .any(|f| f == "every_test_and_file_an_invariant_names_exists")
    );
}
