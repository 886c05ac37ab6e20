//! The code's shape, read from `src/`: which module imports which (every `use` and every
//! `crate::`/`super::` path, re-exports followed to the module that defines the item), and
//! which files name the database drivers. Fails on an import circle between modules, on an
//! import against the layers of ARCHITECTURE.md, and on a driver outside its allowed files.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module is its path from the crate root: `["log", "store"]`; the root is `[]`.
type ModPath = Vec<String>;

struct Module {
    path: ModPath,

    /// The code with comments, strings, characters and `#[cfg(test)]` modules removed.
    code: String,
}

/// The library's modules (from `src/lib.rs`, following `mod x;`) and the binary's (`src/main.rs`),
/// the binary's under a root named `main`.
fn modules() -> Vec<Module> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    collect(&src.join("lib.rs"), Vec::new(), &mut out);
    collect(&src.join("main.rs"), vec!["main".to_string()], &mut out);
    out
}

fn collect(file: &Path, path: ModPath, out: &mut Vec<Module>) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let code = strip_tests(&strip(&text));
    // A file's child modules live beside it (`lib.rs`, `main.rs`, `mod.rs`) or under its stem.
    let name = file.file_name().unwrap().to_str().unwrap();
    let dir = if ["lib.rs", "main.rs", "mod.rs"].contains(&name) {
        file.parent().unwrap().to_path_buf()
    } else {
        file.with_extension("")
    };
    for child in declared_mods(&code) {
        let flat = dir.join(format!("{child}.rs"));
        let nested = dir.join(&child).join("mod.rs");
        let file = if flat.exists() { flat } else { nested };
        let mut p = path.clone();
        p.push(child);
        collect(&file, p, out);
    }
    out.push(Module { path, code });
}

/// The names of `mod x;` declarations (a module in its own file).
fn declared_mods(code: &str) -> Vec<String> {
    let toks = tokens(code);
    let mut out = Vec::new();
    for i in 0..toks.len().saturating_sub(2) {
        if toks[i] == "mod" && toks[i + 2] == ";" {
            out.push(toks[i + 1].clone());
        }
    }
    out
}

/// Removes comments, string and character literals (keeping lifetimes), so that only code
/// is read. Each removed literal leaves `""` behind.
fn strip(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if (c == 'r' || c == 'b')
            && !prev_is_ident(&b, i)
            && raw_string_start(&b, i).is_some()
        {
            let (hashes, body) = raw_string_start(&b, i).unwrap();
            i = body;
            loop {
                if i >= b.len() {
                    break;
                }
                if b[i] == '"' && (0..hashes).all(|k| b.get(i + 1 + k) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < b.len() && b[i] != '"' {
                i += if b[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && (next == Some('\\') || b.get(i + 2) == Some(&'\'')) {
            i += 1;
            while i < b.len() && b[i] != '\'' {
                i += if b[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn prev_is_ident(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

/// At `r"`, `r#"`, `br"`, `br#"`: the number of `#` and where the body starts.
fn raw_string_start(b: &[char], i: usize) -> Option<(usize, usize)> {
    let mut j = i;
    if b[j] == 'b' {
        j += 1;
    }
    if b.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while b.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    (b.get(j) == Some(&'"')).then_some((hashes, j + 1))
}

/// The attributes that make an item test-only.
const TEST_ONLY: [&str; 2] = ["#[cfg(test)]", "#[cfg(all(test, unix))]"];

/// Removes every test-only module: a test may use what its module's callers use.
fn strip_tests(code: &str) -> String {
    let mut out = code.to_string();
    while let Some((at, attr)) = TEST_ONLY
        .iter()
        .filter_map(|a| out.find(a).map(|at| (at, a.len())))
        .min()
    {
        let rest = &out[at..];
        let Some(open) = rest.find('{') else { break };
        // A test-only item without a body (`#[cfg(test)] mod tests;`, a test-only `use`)
        // ends at its `;`: only that item goes, never the code after it.
        if let Some(semi) = rest[..open].find(';') {
            out.replace_range(at..at + semi + 1, "");
            continue;
        }
        let is_mod = rest[..open].contains("mod ");
        if !is_mod {
            out.replace_range(at..at + attr, "");
            continue;
        }
        let mut depth = 0;
        let mut end = rest.len();
        for (k, ch) in rest[open..].char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.replace_range(at..at + end, "");
    }
    out
}

fn tokens(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() || c == '_' {
            cur.push(c);
            continue;
        }
        if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            out.push("::".to_string());
        } else if !c.is_whitespace() {
            out.push(c.to_string());
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// A path as written in one module: its segments and whether it came from a `pub use`.
struct Written {
    segs: Vec<String>,
    /// `Some(name)` for a `use` leaf: the name it binds in the module.
    binds: Option<String>,
    public: bool,
}

/// Every path the module writes: each `use` tree's leaves, and each `a::b::c` in the code.
fn written(code: &str) -> Vec<Written> {
    let toks = tokens(code);
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if toks[i] == "use" && (i == 0 || [";", "{", "}", ")", "]", "pub"].contains(&&*toks[i - 1]))
        {
            let public = i > 0 && (toks[i - 1] == "pub" || toks[i - 1] == ")");
            let mut j = i + 1;
            use_tree(&toks, &mut j, Vec::new(), public, &mut out);
            i = j;
            continue;
        }
        if is_ident(&toks[i])
            && toks.get(i + 1).is_some_and(|t| t == "::")
            && (i == 0 || toks[i - 1] != "::")
        {
            let mut segs = vec![toks[i].clone()];
            let mut j = i + 1;
            while toks.get(j).is_some_and(|t| t == "::")
                && toks.get(j + 1).is_some_and(|t| is_ident(t))
            {
                segs.push(toks[j + 1].clone());
                j += 2;
            }
            out.push(Written {
                segs,
                binds: None,
                public: false,
            });
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

fn use_tree(
    toks: &[String],
    j: &mut usize,
    prefix: Vec<String>,
    public: bool,
    out: &mut Vec<Written>,
) {
    let mut segs = prefix;
    loop {
        let Some(t) = toks.get(*j) else { return };
        if t == "{" {
            *j += 1;
            loop {
                use_tree(toks, j, segs.clone(), public, out);
                match toks.get(*j).map(String::as_str) {
                    Some(",") => *j += 1,
                    Some("}") => {
                        *j += 1;
                        break;
                    }
                    _ => return,
                }
                if toks.get(*j).is_some_and(|t| t == "}") {
                    *j += 1;
                    break;
                }
            }
            if toks.get(*j).is_some_and(|t| t == ";") {
                *j += 1;
            }
            return;
        }
        if t == "*" {
            *j += 1;
            out.push(Written {
                segs,
                binds: Some("*".into()),
                public,
            });
            return;
        }
        if is_ident(t) {
            segs.push(t.clone());
            *j += 1;
            if toks.get(*j).is_some_and(|t| t == "::") {
                *j += 1;
                continue;
            }
            let mut name = segs.last().cloned().unwrap();
            if name == "self" {
                segs.pop();
                name = segs.last().cloned().unwrap_or_default();
            }
            if toks.get(*j).is_some_and(|t| t == "as") {
                name = toks.get(*j + 1).cloned().unwrap_or_default();
                *j += 2;
            }
            out.push(Written {
                segs,
                binds: Some(name),
                public,
            });
            if toks.get(*j).is_some_and(|t| t == ";") {
                *j += 1;
            }
            return;
        }
        return;
    }
}

struct Crate {
    mods: Vec<Module>,
    by_path: BTreeMap<ModPath, usize>,
    /// Each module's `use` bindings: the name bound and the absolute path it stands for.
    binds: Vec<BTreeMap<String, ModPath>>,
    /// Each module's `pub use` bindings (re-exports), the same way.
    exports: Vec<BTreeMap<String, ModPath>>,
}

impl Crate {
    fn read() -> Crate {
        let mods = modules();
        let by_path = mods
            .iter()
            .enumerate()
            .map(|(i, m)| (m.path.clone(), i))
            .collect();
        let mut c = Crate {
            mods,
            by_path,
            binds: Vec::new(),
            exports: Vec::new(),
        };
        for i in 0..c.mods.len() {
            let mut binds = BTreeMap::new();
            let mut exports = BTreeMap::new();
            for w in written(&c.mods[i].code) {
                let (Some(name), Some(abs)) = (&w.binds, c.absolute(i, &w.segs, &BTreeMap::new()))
                else {
                    continue;
                };
                if w.public {
                    exports.insert(name.clone(), abs.clone());
                }
                binds.insert(name.clone(), abs);
            }
            c.binds.push(binds);
            c.exports.push(exports);
        }
        c
    }

    /// The path from the crate root, or `None` for another crate's path (`std::…`).
    fn absolute(
        &self,
        at: usize,
        segs: &[String],
        binds: &BTreeMap<String, ModPath>,
    ) -> Option<ModPath> {
        let here = &self.mods[at].path;
        let root: ModPath = if here.first().is_some_and(|s| s == "main") {
            vec!["main".into()]
        } else {
            vec![]
        };
        let first = segs.first()?;
        let (mut base, rest) = match first.as_str() {
            "crate" => (root, &segs[1..]),
            "croupier" => (vec![], &segs[1..]),
            "self" => (here.clone(), &segs[1..]),
            "super" => {
                let mut b = here.clone();
                let mut k = 0;
                while segs.get(k).is_some_and(|s| s == "super") {
                    b.pop();
                    k += 1;
                }
                (b, &segs[k..])
            }
            name => match binds.get(name) {
                Some(p) => (p.clone(), &segs[1..]),
                // Within the binary, `mod x;` children are named bare.
                None if self
                    .by_path
                    .contains_key(&[root.clone(), vec![name.to_string()]].concat()) =>
                {
                    (root, segs)
                }
                None => return None,
            },
        };
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The module that defines what `abs` names: the deepest module on the path, re-exports
    /// followed.
    fn defining(&self, abs: &[String], depth: usize) -> Option<usize> {
        let mut cur: ModPath = Vec::new();
        if abs.first().is_some_and(|s| s == "main") {
            cur.push("main".into());
        }
        let start = cur.len();
        for (k, seg) in abs.iter().enumerate().skip(start) {
            let mut next = cur.clone();
            next.push(seg.clone());
            if self.by_path.contains_key(&next) {
                cur = next;
                continue;
            }
            let at = self.by_path[&cur];
            if depth < 8
                && let Some(target) = self.exports[at].get(seg)
            {
                let mut t = target.clone();
                t.extend(abs[k + 1..].iter().cloned());
                return self.defining(&t, depth + 1);
            }
            return Some(at);
        }
        self.by_path.get(&cur).copied()
    }

    /// Module index → the modules it imports, with one example path for each.
    fn edges(&self) -> Vec<BTreeMap<usize, String>> {
        (0..self.mods.len())
            .map(|i| {
                let mut out = BTreeMap::new();
                for w in written(&self.mods[i].code) {
                    let Some(abs) = self.absolute(i, &w.segs, &self.binds[i]) else {
                        continue;
                    };
                    let Some(to) = self.defining(&abs, 0) else {
                        continue;
                    };
                    if to != i {
                        out.entry(to).or_insert_with(|| w.segs.join("::"));
                    }
                }
                out
            })
            .collect()
    }

    fn name(&self, i: usize) -> String {
        let p = &self.mods[i].path;
        if p.is_empty() {
            "crate".into()
        } else {
            p.join("::")
        }
    }
}

/// One module inside the other (a module and its own submodules work as one).
fn nested(a: &[String], b: &[String]) -> bool {
    a.starts_with(b) || b.starts_with(a)
}

/// The strongly connected groups of more than one module (Tarjan).
fn circles(n: usize, next: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct T<'a> {
        next: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        count: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(t: &mut T, v: usize) {
        t.index[v] = Some(t.count);
        t.low[v] = t.count;
        t.count += 1;
        t.stack.push(v);
        t.on[v] = true;
        for &w in &t.next[v] {
            match t.index[w] {
                None => {
                    visit(t, w);
                    t.low[v] = t.low[v].min(t.low[w]);
                }
                Some(iw) if t.on[w] => t.low[v] = t.low[v].min(iw),
                _ => {}
            }
        }
        if Some(t.low[v]) == t.index[v] {
            let mut group = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on[w] = false;
                group.push(w);
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                t.out.push(group);
            }
        }
    }
    let mut t = T {
        next,
        index: vec![None; n],
        low: vec![0; n],
        on: vec![false; n],
        stack: Vec::new(),
        count: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            visit(&mut t, v);
        }
    }
    t.out
}

#[test]
fn no_import_circle_between_modules() {
    let c = Crate::read();
    let edges = c.edges();
    let next: Vec<Vec<usize>> = edges
        .iter()
        .enumerate()
        .map(|(i, e)| {
            e.keys()
                .copied()
                .filter(|&j| !nested(&c.mods[i].path, &c.mods[j].path))
                .collect()
        })
        .collect();
    let found: Vec<String> = circles(c.mods.len(), &next)
        .into_iter()
        .map(|g| {
            let set: BTreeSet<usize> = g.iter().copied().collect();
            let mut lines: Vec<String> = Vec::new();
            for &a in &set {
                for &b in &next[a] {
                    if set.contains(&b) {
                        lines.push(format!(
                            "  {} -> {} ({})",
                            c.name(a),
                            c.name(b),
                            edges[a][&b]
                        ));
                    }
                }
            }
            lines.join("\n")
        })
        .collect();
    assert!(
        found.is_empty(),
        "import circles between modules:\n{}",
        found.join("\n\n")
    );
}

/// What each top-level module may import (besides itself and other crates). The binary
/// (`main`) may import anything. Reading down: the engine is pure; the log core knows no
/// table, user or language; i18n says codes in words (the log's errors too, as their
/// `codes::StoreCode`), knowing no session and no log type; the UI reaches the log only
/// through the sessions and reports.
const LAYERS: &[(&str, &[&str])] = &[
    ("engine", &[]),
    ("codes", &["engine"]),
    ("files", &[]),
    ("panics", &[]),
    ("script", &["engine"]),
    ("pontis_script", &["engine", "script"]),
    ("sim", &["engine", "script"]),
    ("lab", &["engine", "sim", "panics"]),
    ("log", &["engine", "codes", "script"]),
    ("i18n", &["engine", "codes"]),
    (
        "session",
        &[
            "engine",
            "codes",
            "log",
            "script",
            "pontis_script",
            "sim",
            "lab",
            "panics",
        ],
    ),
    (
        "report",
        &[
            "engine", "codes", "log", "session", "lab", "i18n", "script", "files", "panics",
        ],
    ),
    (
        "floor",
        &["engine", "codes", "log", "session", "report", "panics"],
    ),
    (
        "ui",
        &[
            "engine",
            "codes",
            "i18n",
            "log",
            "session",
            "report",
            "floor",
            "lab",
            "script",
            "pontis_script",
            "files",
            "panics",
        ],
    ),
];

/// The log core's modules the UI may name: the store as a handle and its errors. Events,
/// payloads and the file's innards are read through the sessions and reports.
const UI_MAY_NAME_OF_LOG: &[&str] = &["log", "log::store", "log::error"];

#[test]
fn imports_follow_the_layers() {
    let c = Crate::read();
    let edges = c.edges();
    let mut wrong = Vec::new();
    for (i, out) in edges.iter().enumerate() {
        let from = &c.mods[i].path;
        let Some(top) = from.first() else { continue };
        if top == "main" {
            continue;
        }
        let allowed = LAYERS
            .iter()
            .find(|(m, _)| m == top)
            .unwrap_or_else(|| {
                panic!("{top}: a top-level module the layers do not place; add it to LAYERS")
            })
            .1;
        for (&j, example) in out {
            let to = &c.mods[j].path;
            let Some(to_top) = to.first() else { continue };
            if to_top == top {
                continue;
            }
            if !allowed.contains(&to_top.as_str()) {
                wrong.push(format!("  {} -> {} ({example})", c.name(i), c.name(j)));
            } else if top == "ui"
                && to_top == "log"
                && !UI_MAY_NAME_OF_LOG.contains(&c.name(j).as_str())
            {
                wrong.push(format!(
                    "  {} -> {} ({example}): the UI reads the log through sessions and reports",
                    c.name(i),
                    c.name(j)
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

/// The files that may name each database driver. SQL against the log lives in the log
/// core, the report queries and the sessions' own lookups; PostgreSQL only in the floor
/// and the binary's `floor` command.
const DRIVERS: &[(&str, &[&str])] = &[
    (
        "rusqlite",
        &[
            "log::",
            "report::query",
            "session::users",
            "session::pontis",
            "session::table",
            "session::tables",
            "session::replay",
            // Test-only (cfg(test)): forges a kept row in a file to show a correction
            // without its row writes nothing.
            "session::exceptions::tests",
            "floor",
        ],
    ),
    ("postgres", &["floor", "main::floor_cmd"]),
];

#[test]
fn database_drivers_only_where_allowed() {
    let c = Crate::read();
    let mut wrong = Vec::new();
    for m in &c.mods {
        let name = m.path.join("::");
        let toks = tokens(&m.code);
        for (driver, places) in DRIVERS {
            let names_it = toks
                .iter()
                .any(|t| t == driver || t.starts_with(&format!("{driver}_")));
            let allowed = places.iter().any(|p| {
                name == *p
                    || name.starts_with(p)
                        && (p.ends_with("::") || name[p.len()..].starts_with("::"))
            });
            if names_it && !allowed {
                wrong.push(format!("  {name} names {driver}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "database drivers outside their places:\n{}",
        wrong.join("\n")
    );
}

/// What the engine may not name: I/O, time, randomness, storage and drawing.
const NOT_IN_ENGINE: &[&str] = &[
    "std::fs",
    "std::io",
    "std::net",
    "std::env",
    "std::process",
    "std::thread",
    "std::time",
    "rand",
    "rand_chacha",
    "chrono",
    "rusqlite",
    "postgres",
    "egui",
    "eframe",
];

#[test]
fn the_engine_names_no_io() {
    let c = Crate::read();
    let mut wrong = Vec::new();
    for m in c
        .mods
        .iter()
        .filter(|m| m.path.first().is_some_and(|s| s == "engine"))
    {
        for w in written(&m.code) {
            let path = w.segs.join("::");
            if NOT_IN_ENGINE
                .iter()
                .any(|n| path == *n || path.starts_with(&format!("{n}::")))
            {
                wrong.push(format!("  {} names {path}", m.path.join("::")));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the engine is pure:\n{}",
        wrong.join("\n")
    );
}

/// A body-less test module takes nothing after it out of the scan (it once hid
/// `engine::round::words` and a re-export from every check here).
#[test]
fn a_test_module_declaration_hides_no_code_after_it() {
    let code = "#[cfg(test)]\nmod tests;\nmod words;\npub use check::Checked;\n#[cfg(test)]\nmod inline {\n    use crate::x;\n}\nfn after() {}\n#[cfg(all(test, unix))]\nmod unix_only {\n    use crate::y;\n}\n";
    let kept = strip_tests(code);
    for must in ["mod words;", "pub use check::Checked;", "fn after() {}"] {
        assert!(kept.contains(must), "{must:?} was stripped: {kept:?}");
    }
    for gone in ["mod tests;", "use crate::x;", "use crate::y;"] {
        assert!(!kept.contains(gone), "{gone:?} was kept: {kept:?}");
    }
}

/// The modules that may apply a ratio to money: `engine::round::pay` (every payout and the
/// insurance cap, rounded down to the cent) and `engine::money`, which defines `times`.
const MAKES_PAYOUTS: &[&str] = &["engine::round::pay", "engine::money"];

/// What each `from_cents(…)` in the tokens is given, as tokens.
fn from_cents_args(toks: &[String]) -> Vec<Vec<String>> {
    call_args(toks, "from_cents")
}

/// What each call `name(…)` in the tokens is given, as tokens.
fn call_args(toks: &[String], name: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for i in 0..toks.len().saturating_sub(1) {
        if toks[i] != name || toks[i + 1] != "(" {
            continue;
        }
        let mut depth = 1;
        let mut arg = Vec::new();
        for t in &toks[i + 2..] {
            match t.as_str() {
                "(" => depth += 1,
                ")" => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                break;
            }
            arg.push(t.clone());
        }
        out.push(arg);
    }
    out
}

/// What pay.rs does to make a payout, nowhere else: applying a ratio to money (`.times(`),
/// and, in the engine, `Money::from_cents` of a computed product or quotient or cents
/// multiplied or divided (a payout worked out by hand); nowhere may a ratio's terms or a payout ratio of the rules
/// (`*_pays`) go into an amount.
#[test]
fn payouts_are_made_only_in_pay() {
    let c = Crate::read();
    let mut wrong = Vec::new();
    for m in &c.mods {
        let name = m.path.join("::");
        if MAKES_PAYOUTS.contains(&name.as_str()) {
            continue;
        }
        let toks = tokens(&m.code);
        if toks
            .windows(3)
            .any(|w| w[0] == "." && w[1] == "times" && w[2] == "(")
        {
            wrong.push(format!("  {name} applies a ratio to money (`.times(`)"));
        }
        let engine = m.path.first().is_some_and(|s| s == "engine");
        // A payout worked out through a local binding: `let won = stake.cents() * 3 / 2;`.
        let by_hand = |w: &[String]| {
            w[..4] == [".", "cents", "(", ")"] && ["*", "/"].contains(&w[4].as_str())
        };
        if engine && toks.windows(5).any(by_hand) {
            wrong.push(format!(
                "  {name} multiplies or divides cents (`.cents() *` or `/`)"
            ));
        }
        for arg in from_cents_args(&toks) {
            let ratio = arg
                .iter()
                .any(|t| t == "num" || t == "den" || t.ends_with("_pays"));
            let computed = engine && arg.iter().any(|t| t == "*" || t == "/");
            if ratio || computed {
                wrong.push(format!(
                    "  {name} makes an amount by hand: from_cents({})",
                    arg.join(" ")
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "payouts are made in engine::round::pay only:\n{}",
        wrong.join("\n")
    );
}

/// The tokens of the block that opens at the first `{` at or after `from`, braces included.
fn block(toks: &[String], from: usize) -> &[String] {
    let Some(open) = toks[from..].iter().position(|t| t == "{").map(|k| from + k) else {
        return &[];
    };
    let mut depth = 0;
    for (k, t) in toks[open..].iter().enumerate() {
        match t.as_str() {
            "{" => depth += 1,
            "}" => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return &toks[open..=open + k];
        }
    }
    &toks[open..]
}

/// A function signature (from `fn` to its body or `;`) or an impl header naming a float.
fn names_a_float(head: &[String]) -> bool {
    head.iter().any(|t| t == "f32" || t == "f64")
}

/// Whether tokens show a float: `f32`/`f64` (a type, `as f64`, a suffixed literal such as
/// `2f64`), a float literal (`1.5`: a number, `.`, a number), or a float's rounding method.
fn shows_a_float(toks: &[String]) -> bool {
    let number = |t: &String| t.starts_with(|c: char| c.is_ascii_digit());
    let rounding = ["round", "floor", "ceil", "trunc"];
    toks.iter().any(|t| {
        t == "f32" || t == "f64" || (number(t) && (t.ends_with("f32") || t.ends_with("f64")))
    }) || toks.windows(3).any(|w| {
        (number(&w[0]) && w[1] == "." && number(&w[2]))
            || (w[0] == "." && rounding.contains(&w[1].as_str()) && w[2] == "(")
    })
}

/// The modules that make money of a float, each for a figure that is only shown: the
/// expected win and its spread, rounded to the cent from the float that theory gives
/// (`from_cents(x.round() as i64)`). Nothing that is paid, logged or summed is made there.
const SHOWS_FLOAT_MONEY: &[&str] = &["report::kinds", "report::players"];

/// The engine modules that may name a float: `engine::json` only, whose serde visitor
/// must name `visit_f64` (it never reads one: every number keeps its exact text).
const ENGINE_MAY_NAME_FLOATS: &[&str] = &["engine::json"];

/// Money is made of integer cents only: no function of `engine::money` and no method of
/// `Money` takes or gives a float, no `From`/`TryFrom` converts between `Money` and a
/// float, and nothing given to `from_cents(`/`units(` shows a float, anywhere in `src/`
/// (but `SHOWS_FLOAT_MONEY`); the engine names no float at all (but `engine::json`).
#[test]
fn no_float_makes_money() {
    let c = Crate::read();
    let mut wrong = Vec::new();
    for m in &c.mods {
        let name = m.path.join("::");
        let toks = tokens(&m.code);
        if !SHOWS_FLOAT_MONEY.contains(&name.as_str()) {
            for call in ["from_cents", "units"] {
                for arg in call_args(&toks, call).iter().filter(|a| shows_a_float(a)) {
                    wrong.push(format!("  {name}: {call}({})", arg.join(" ")));
                }
            }
        }
        let engine = m.path.first().is_some_and(|s| s == "engine");
        if engine && !ENGINE_MAY_NAME_FLOATS.contains(&name.as_str()) && shows_a_float(&toks) {
            wrong.push(format!(
                "  {name} names a float (the engine counts in cents)"
            ));
        }
        let head_at = |i: usize| -> &[String] {
            let end = toks[i..]
                .iter()
                .position(|t| t == "{" || t == ";")
                .map_or(toks.len(), |k| i + k);
            &toks[i..end]
        };
        let fns_in = |body: &[String]| {
            let mut found = Vec::new();
            for (k, t) in body.iter().enumerate() {
                if t == "fn" {
                    let end = body[k..]
                        .iter()
                        .position(|t| t == "{" || t == ";")
                        .map_or(body.len(), |e| k + e);
                    found.push(body[k..end].to_vec());
                }
            }
            found
        };
        for (i, t) in toks.iter().enumerate() {
            if t != "impl" {
                continue;
            }
            let head = head_at(i);
            let converts = head.iter().any(|t| t == "From" || t == "TryFrom");
            if converts && head.iter().any(|t| t == "Money") && names_a_float(head) {
                wrong.push(format!("  {name}: {}", head.join(" ")));
            }
            if head.get(1).is_some_and(|t| t == "Money") && head.len() == 2 {
                for f in fns_in(block(&toks, i)) {
                    if names_a_float(&f) {
                        wrong.push(format!("  {name}: Money's {}", f.join(" ")));
                    }
                }
            }
        }
        if name == "engine::money" {
            for f in fns_in(&toks) {
                if names_a_float(&f) {
                    wrong.push(format!("  {name}: {}", f.join(" ")));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a float makes or takes money:\n{}",
        wrong.join("\n")
    );
}

/// Each place in `src/` (outside tests) that starts a thread, as (module, the function it
/// is started in), and how that thread's panic becomes a failure with its message
/// (`panics::panic_message`). A thread started anywhere else fails the test below.
const SPAWNS: &[(&str, &str)] = &[
    // The floor link's thread: catch_unwind, then `LinkState::Stopped { panic }`.
    ("floor::sync", "run"),
    // The floor view's reader: catch_unwind, then `ReadError::Panicked`, and it stops.
    ("ui::floor", "reading"),
    // The desk's background work: catch_unwind, then `UiError::WorkerPanicked`.
    ("ui::desk", "in_background"),
    // The lab's solver: catch_unwind, then the rules' recorded `WorkerPanic`.
    ("lab::solutions", "in_background"),
    // The lab's scoped workers: each join's Err becomes `WorkerPanic`.
    ("lab", "run_workers"),
    // The feed socket's acceptor: its join's Err becomes `SocketError::AcceptorPanicked`.
    ("session::feed_socket", "serve"),
    // verify's integrity check, replayer and kept-theory check: joins' Err become
    // `Damage::CheckFailed`, (through `joined`) a replay error with the message, and
    // (through `kept_theories`) `KeptTheoryFault::CheckFailed`.
    ("session::replay", "verify"),
    // The rounds report's reader of its next pages: its join's Err becomes
    // `StreamError::ReaderPanicked`.
    ("report::kinds::stream::kept", "ahead"),
];

/// Each function in the tokens with a body: its name and the token range of its body.
fn fn_bodies(toks: &[String]) -> Vec<(String, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    for k in 0..toks.len().saturating_sub(1) {
        if toks[k] != "fn" || !is_ident(&toks[k + 1]) {
            continue;
        }
        let Some(at) = toks[k..].iter().position(|t| t == "{" || t == ";") else {
            continue;
        };
        if toks[k + at] == ";" {
            continue;
        }
        let body = block(toks, k + at);
        out.push((toks[k + 1].clone(), k + at..k + at + body.len()));
    }
    out
}

/// Every thread started in `src/` fails its run, its view or its task with what its panic
/// said: each `spawn(` is in a function of `SPAWNS` (whose comment says how), and no
/// thread's `join()` is thrown away with `.unwrap_or`, `.unwrap_or_default` or `.ok()`.
#[test]
fn every_thread_that_is_started_fails_with_its_panic() {
    let c = Crate::read();
    let mut wrong = Vec::new();
    for m in &c.mods {
        let name = m.path.join("::");
        let toks = tokens(&m.code);
        let bodies = fn_bodies(&toks);
        for (i, w) in toks.windows(2).enumerate() {
            if w[0] == "spawn" && w[1] == "(" {
                let within = bodies
                    .iter()
                    .filter(|(_, r)| r.contains(&i))
                    .max_by_key(|(_, r)| r.start)
                    .map_or("(no function)", |(f, _)| f.as_str());
                if !SPAWNS.contains(&(name.as_str(), within)) {
                    wrong.push(format!("  {name}: a thread started in {within}"));
                }
            }
        }
        let dropped = ["unwrap_or", "unwrap_or_default", "ok"];
        for w in toks.windows(5) {
            if w[..4] == ["join", "(", ")", "."] && dropped.contains(&w[4].as_str()) {
                wrong.push(format!("  {name}: a panic thrown away by join().{}", w[4]));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "threads started where no panic is turned into its message (see SPAWNS):\n{}",
        wrong.join("\n")
    );
}
