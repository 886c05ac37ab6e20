//! Pontis's house rules (RULES.md B, PONTIS-SCRIPT.md `rules`): `jokers`, `aside`, `top`,
//! `score`. Validated once, private fields, no `Default`: a table's rules come only from
//! `PontisRules::from_json`/`from_value`, which refuse an unknown knob or an impossible
//! value by name. A knob left out takes the contract's stated value; `null` is refused.

use serde_json::{Map, Value, json};

/// Which of two cards played together lies on top of the bank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Top {
    /// The second card written (RULES.md B's knob, the default).
    Last,
    /// The player says which: the script marks it with `^`.
    Declared,
}

/// What happens to the cards that do not divide equally among the hands. The source
/// text has only one answer; the knob is closed on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aside {
    /// Set aside unseen.
    Aside,
}

/// How a blocked game's banks are scored. The source text gives no point values; the
/// house's one choice is the sum of the cards' values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// 2–10 face value, J 11, Q 12, K 13, ace 14, a joker its named value.
    Sum,
}

/// The knobs of a Pontis game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PontisRules {
    jokers: u8,
    aside: Aside,
    top: Top,
    score: Score,
}

/// What `jokers` may be.
const JOKERS: &str = "a whole number from 2 to 4";

/// The knobs' names, in the order a rules file writes them.
pub const KNOBS: [&str; 4] = ["jokers", "aside", "top", "score"];

/// Why a Pontis rules object was refused; the message names the knob.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PontisRulesError {
    #[error("rules file: {0}")]
    NotJson(crate::engine::json::JsonError),
    #[error("Pontis rules must be a JSON object of knobs ({})", KNOBS.join(", "))]
    NotAnObject,
    #[error("unknown knob `{}` in the Pontis rules (the knobs are: {known})", crate::engine::shown(.0), known = KNOBS.join(", "))]
    UnknownKnob(String),
    #[error("knob `{knob}`: expected {expected}, got {}", crate::engine::shown(.got))]
    BadValue {
        knob: &'static str,
        expected: &'static str,
        got: String,
    },
}

impl PontisRules {
    /// The rules with every knob at the contract's stated value (`{}`).
    pub fn standard() -> PontisRules {
        PontisRules {
            jokers: 2,
            aside: Aside::Aside,
            top: Top::Last,
            score: Score::Sum,
        }
    }

    /// The rules with these knobs (`aside` and `score` have one value each), checked as a
    /// rules file's are: `jokers` 2 to 4.
    pub fn new(jokers: u8, top: Top) -> Result<PontisRules, PontisRulesError> {
        if !(2..=4).contains(&jokers) {
            return Err(PontisRulesError::BadValue {
                knob: "jokers",
                expected: JOKERS,
                got: jokers.to_string(),
            });
        }
        Ok(PontisRules {
            jokers,
            top,
            ..PontisRules::standard()
        })
    }

    pub fn from_json(text: &str) -> Result<PontisRules, PontisRulesError> {
        let v = crate::engine::json::parse(text).map_err(PontisRulesError::NotJson)?;
        PontisRules::from_value(&v)
    }

    /// Validates a rules object; a knob left out takes its stated value (`null` is a
    /// value, and refused: PONTIS-SCRIPT.md makes knobs optional, not nullable).
    pub fn from_value(v: &Value) -> Result<PontisRules, PontisRulesError> {
        let obj: &Map<String, Value> = v.as_object().ok_or(PontisRulesError::NotAnObject)?;
        if let Some(k) = obj.keys().find(|k| !KNOBS.contains(&k.as_str())) {
            return Err(PontisRulesError::UnknownKnob(k.clone()));
        }
        let get = |k: &str| obj.get(k);
        let bad =
            |knob: &'static str, expected: &'static str, got: &Value| PontisRulesError::BadValue {
                knob,
                expected,
                got: got.to_string(),
            };
        let mut r = PontisRules::standard();
        if let Some(v) = get("jokers") {
            r.jokers = v
                .as_u64()
                .filter(|n| (2..=4).contains(n))
                .ok_or_else(|| bad("jokers", JOKERS, v))? as u8;
        }
        if let Some(v) = get("aside") {
            r.aside = match v.as_str() {
                Some("aside") => Aside::Aside,
                _ => return Err(bad("aside", "\"aside\" (set aside unseen)", v)),
            };
        }
        if let Some(v) = get("top") {
            r.top = match v.as_str() {
                Some("last") => Top::Last,
                Some("declared") => Top::Declared,
                _ => return Err(bad("top", "\"last\" or \"declared\"", v)),
            };
        }
        if let Some(v) = get("score") {
            r.score = match v.as_str() {
                Some("sum") => Score::Sum,
                _ => return Err(bad("score", "\"sum\"", v)),
            };
        }
        Ok(r)
    }

    /// Every knob, as a rules file writes it.
    pub fn to_value(&self) -> Value {
        json!({
            "jokers": self.jokers,
            "aside": "aside",
            "top": match self.top { Top::Last => "last", Top::Declared => "declared" },
            "score": "sum",
        })
    }

    pub fn jokers(&self) -> u8 {
        self.jokers
    }
    pub fn top(&self) -> Top {
        self.top
    }
    pub fn aside(&self) -> Aside {
        self.aside
    }
    pub fn score(&self) -> Score {
        self.score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knobs_read_write_back_and_refuse_by_name() {
        let r = PontisRules::from_json(r#"{"jokers": 4, "top": "declared"}"#).unwrap();
        assert_eq!((r.jokers(), r.top()), (4, Top::Declared));
        assert_eq!(PontisRules::from_value(&r.to_value()).unwrap(), r);
        assert_eq!(
            PontisRules::from_json("{}").unwrap(),
            PontisRules::standard()
        );
        for (text, knob) in [
            (r#"{"jokers": 5}"#, "jokers"),
            (r#"{"jokers": 1}"#, "jokers"),
            (r#"{"top": "first"}"#, "top"),
            (r#"{"aside": "dealt"}"#, "aside"),
            (r#"{"score": "count"}"#, "score"),
            (r#"{"decks": 1}"#, "decks"),
            (r#"{"jokers": null}"#, "jokers"),
            (r#"{"top": null}"#, "top"),
        ] {
            let e = PontisRules::from_json(text).unwrap_err().to_string();
            assert!(e.contains(knob), "{text}: {e}");
        }
    }

    /// The typed constructor is the rules file's check: the same rules, the same refusal.
    #[test]
    fn new_checks_as_a_rules_file_does() {
        for jokers in 0..=6u8 {
            for (top, word) in [(Top::Last, "last"), (Top::Declared, "declared")] {
                let text = format!(r#"{{"jokers": {jokers}, "top": "{word}"}}"#);
                assert_eq!(
                    PontisRules::new(jokers, top),
                    PontisRules::from_json(&text),
                    "{text}"
                );
            }
        }
    }
}
