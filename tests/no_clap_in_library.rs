//! The library carries no clap (issue 22 item 6): clap is the binary's, which maps its own
//! value enums onto the library's types (`src/cli_values.rs`). This reads `src/` and fails
//! on `clap` in any file that is not the binary's: `main.rs` and the modules it declares.

use std::path::{Path, PathBuf};

/// Files of the library that may name clap: none (`Role`, now in `src/codes.rs`, lost its
/// `clap::ValueEnum`; the binary maps `cli_values::RoleArg` onto it).
const ALLOWED: &[&str] = &[];

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

/// The modules `main.rs` declares (`mod NAME;`): the binary's own files.
fn binary_modules(main: &str) -> Vec<String> {
    main.lines()
        .filter_map(|l| {
            let l = l.trim();
            let name = l.strip_prefix("mod ")?.strip_suffix(';')?;
            Some(name.trim().to_string())
        })
        .collect()
}

/// Whether code (not a comment) names clap.
fn names_clap(text: &str) -> bool {
    text.lines().any(|l| {
        let code = l.split("//").next().unwrap_or("");
        code.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| w == "clap" || w == "ValueEnum" || w == "value_enum")
    })
}

#[test]
fn no_file_of_the_library_names_clap() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("src");
    let main = std::fs::read_to_string(src.join("main.rs")).unwrap();
    let bin = binary_modules(&main);
    assert!(
        ["cli_values", "lab_cli", "settings_cli", "floor_cmd"]
            .iter()
            .all(|m| bin.iter().any(|b| b == m)),
        "main.rs's modules: {bin:?}"
    );
    let is_binary = |rel: &str| {
        rel == "src/main.rs"
            || bin
                .iter()
                .any(|m| rel == format!("src/{m}.rs") || rel.starts_with(&format!("src/{m}/")))
    };
    let mut files = Vec::new();
    rs_files(&src, &mut files);
    let (mut library, mut binary_with_clap, mut offenders) = (0, 0, Vec::new());
    for f in &files {
        let rel = f
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(f).unwrap();
        if is_binary(&rel) {
            binary_with_clap += usize::from(names_clap(&text));
            continue;
        }
        library += 1;
        if names_clap(&text) && !ALLOWED.contains(&rel.as_str()) {
            offenders.push(rel);
        }
    }
    // Not vacuous: the library's files were read, and the scan does see the binary's clap.
    assert!(
        library > 50,
        "only {library} library files found under src/"
    );
    assert!(
        binary_with_clap >= 2,
        "the scan found clap in {binary_with_clap} binary files"
    );
    assert!(offenders.is_empty(), "clap in the library: {offenders:?}");
}

#[test]
fn the_scan_tells_code_from_comments() {
    assert!(names_clap("#[derive(Clone, clap::ValueEnum)]"));
    assert!(names_clap("use clap::Parser;"));
    assert!(!names_clap("// the binary's clap parser"));
    assert!(!names_clap("let clapper = 1;"));
}
