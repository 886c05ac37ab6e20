//! The languages are complete: every `.ftl` parses, every language has every message
//! (and attribute) of every other, every message id the code asks for exists, and plural
//! forms come out right.

use std::collections::BTreeSet;
use std::path::Path;

use croupier::i18n::{Lang, has};
use croupier::t;
use fluent_bundle::FluentResource;
use fluent_syntax::ast::{Entry, Pattern, PatternElement};

/// Every message id (`id`, `id.attribute`) of one language's file, and its parse errors.
fn ids(lang: Lang) -> (BTreeSet<String>, Vec<String>) {
    let (res, errors) = match FluentResource::try_new(lang.source().to_string()) {
        Ok(r) => (r, vec![]),
        Err((r, e)) => (r, e.iter().map(|e| format!("{e:?}")).collect()),
    };
    let mut out = BTreeSet::new();
    let mut errors = errors;
    for e in res.entries() {
        if let Entry::Message(m) = e {
            if out.contains(m.id.name)
                || out
                    .iter()
                    .any(|i: &String| i.starts_with(&format!("{}.", m.id.name)))
            {
                errors.push(format!("message {} is defined twice", m.id.name));
            }
            if m.value.as_ref().is_some_and(|p| !is_blank(p)) {
                out.insert(m.id.name.to_string());
            }
            for a in &m.attributes {
                out.insert(format!("{}.{}", m.id.name, a.id.name));
            }
        }
    }
    (out, errors)
}

fn is_blank(p: &Pattern<&str>) -> bool {
    p.elements
        .iter()
        .all(|e| matches!(e, PatternElement::TextElement { value } if value.trim().is_empty()))
}

#[test]
fn every_language_has_every_message() {
    let all: Vec<_> = Lang::ALL.iter().map(|&l| (l, ids(l))).collect();
    let mut union = BTreeSet::new();
    for (lang, (ids, errors)) in &all {
        assert!(
            errors.is_empty(),
            "data/i18n/{lang}.ftl does not parse: {errors:?}"
        );
        union.extend(ids.iter().cloned());
    }
    let mut missing = vec![];
    for (lang, (ids, _)) in &all {
        for id in union.difference(ids) {
            missing.push(format!("{lang}: {id}"));
        }
    }
    assert!(missing.is_empty(), "messages missing: {missing:#?}");
}

/// The string literal ids the code passes to `t!(lang, "id" …)`, `tr(lang, "id")` and
/// `tr_args(lang, "id", …)`, with the file each is in.
fn ids_in_code(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            ids_in_code(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&p).unwrap();
            for id in ids_in_text(&text) {
                out.push((id, p.display().to_string()));
            }
        }
    }
}

/// The ids of the calls in one file's text. A call is skipped only when it is inside a
/// comment: `//` earlier on its own line (an example in a doc comment), never because a
/// comment follows it.
fn ids_in_text(text: &str) -> Vec<String> {
    let mut out = vec![];
    for call in ["t!(", "tr(", "tr_args("] {
        for (i, _) in text.match_indices(call) {
            let before = &text[..i];
            let preceded_by_ident = before
                .chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '_');
            // The text of the call's line before the call: a comment there holds the call.
            let line = &before[before.rfind('\n').map_or(0, |n| n + 1)..];
            if preceded_by_ident || line.contains("//") {
                continue;
            }
            // The id is the first literal after the first comma (the language).
            let rest = &text[i + call.len()..];
            let Some(comma) = rest.find(',') else { break };
            let after = rest[comma + 1..].trim_start();
            if let Some(lit) = after.strip_prefix('"')
                && let Some(end) = lit.find('"')
            {
                out.push(lit[..end].to_string());
            }
        }
    }
    out
}

/// Review C5 (issue 15): a call followed by a comment is checked like any other; only a
/// call inside a comment is not.
#[test]
fn a_call_with_a_comment_after_it_is_still_checked() {
    let text = r#"
        let a = t!(lang, "with-note"); // the note
        let b = t!(lang, "plain");
        // let c = t!(lang, "commented-out");
        /// Shows `t!(lang, "in-doc")`.
        let d = tr_args(lang, "args-note", &x); // see t!(lang, "in-trailing-comment")
        let e = format!("{}", t!(
            lang,
            "multi-line"
        ));
    "#;
    let mut ids = ids_in_text(text);
    ids.sort();
    assert_eq!(ids, ["args-note", "multi-line", "plain", "with-note"]);
}

#[test]
fn every_id_the_code_asks_for_exists() {
    let mut used = vec![];
    ids_in_code(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut used,
    );
    assert!(
        used.len() > 5,
        "the scan finds the code's message ids ({} found)",
        used.len()
    );
    let missing: Vec<_> = used
        .iter()
        .filter(|(id, _)| !has(Lang::En, id))
        .map(|(id, file)| format!("{id} (in {file})"))
        .collect();
    assert!(
        missing.is_empty(),
        "ids not in data/i18n/en.ftl: {missing:#?}"
    );
}

#[test]
fn plural_forms_follow_each_language() {
    let cases = [
        (Lang::En, [(1, "1 card"), (2, "2 cards"), (5, "5 cards")]),
        (Lang::Cs, [(1, "1 karta"), (2, "2 karty"), (5, "5 karet")]),
        (Lang::Uk, [(1, "1 карта"), (2, "2 карти"), (5, "5 карт")]),
        (Lang::Ru, [(1, "1 карта"), (3, "3 карты"), (11, "11 карт")]),
    ];
    for (lang, forms) in cases {
        for (n, want) in forms {
            assert_eq!(t!(lang, "cards-count", n = n), want, "{lang}, {n}");
        }
    }
    // Ukrainian and Russian: 21 is singular, 22 "few", 25 "many".
    assert_eq!(t!(Lang::Uk, "cards-count", n = 21), "21 карта");
    assert_eq!(t!(Lang::Uk, "cards-count", n = 22), "22 карти");
    assert_eq!(t!(Lang::Ru, "cards-count", n = 25), "25 карт");
}

#[test]
fn languages_are_chosen_by_code_or_locale() {
    assert_eq!(Lang::parse("cs").unwrap(), Lang::Cs);
    assert_eq!(Lang::from_locale("uk_UA.UTF-8"), Some(Lang::Uk));
    assert_eq!(Lang::from_locale("be_BY"), Some(Lang::Ru));
    assert_eq!(Lang::from_locale("C.UTF-8"), None);
    let e = Lang::parse("de").unwrap_err().to_string();
    assert!(e.contains("expected one of en"), "{e}");
    assert_eq!(Lang::Cs.native_name(), "Čeština");
}

/// Rules that give the players the edge (a house edge below zero) are said so in every
/// language, with the players' edge as the language writes decimals; rules where the house
/// has the edge say nothing.
#[test]
fn the_players_edge_is_said_in_every_language() {
    use croupier::i18n::players_edge;
    let cases = [
        (Lang::En, "These rules give the players the edge", "1.33%"),
        (Lang::Cs, "Tato pravidla dávají výhodu hráčům", "1,33 %"),
        (Lang::Uk, "Ці правила дають перевагу гравцям", "1,33 %"),
        (Lang::Ru, "Эти правила дают преимущество игрокам", "1,33 %"),
    ];
    for (lang, words, edge) in cases {
        let said = players_edge(lang, -0.013348).unwrap();
        assert!(said.starts_with(words) && said.contains(edge), "{said}");
        assert_eq!(players_edge(lang, 0.0), None);
        assert_eq!(players_edge(lang, 0.0231), None);
    }
}

/// One wrong stake is "1 field", not "1 fields" (seen on the bets screen's status line).
#[test]
fn one_field_to_correct_is_singular() {
    let one = t!(Lang::En, "bets-refused", n = 1usize, why = "x");
    assert!(one.contains("1 field to correct"), "{one}");
    let two = t!(Lang::En, "bets-refused", n = 2usize, why = "x");
    assert!(two.contains("2 fields to correct"), "{two}");
}
