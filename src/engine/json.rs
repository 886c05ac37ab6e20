//! JSON text as the user wrote it (round scripts, rules files), read strictly: a key that
//! appears twice in one object is refused by name (serde_json alone keeps the last one),
//! and every number keeps its exact text (serde_json's `arbitrary_precision`), never an f64.
//! Text in, `Value` out: no files.

use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use super::shown;

/// Why JSON text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JsonError {
    /// serde_json's own words, with line and column.
    #[error("not valid JSON: {0}")]
    Syntax(String),
    #[error("key \"{}\" appears twice {}: each key may appear once in an object", shown(.key), place_words(.path))]
    DuplicateKey { key: String, path: String },
}

fn place_words(path: &str) -> String {
    if path.is_empty() {
        "at the top level".to_string()
    } else {
        format!("in {}", shown(path))
    }
}

/// Parses JSON text into a `Value`, refusing a repeated key at any depth.
pub fn parse(text: &str) -> Result<Value, JsonError> {
    // First pass: keys only (values are skipped), so that the second pass can be serde_json's
    // own `Value`, which keeps numbers exact; both passes share serde_json's depth limit.
    let check = KeyCheck {
        path: RefCell::new(Vec::new()),
        dup: RefCell::new(None),
    };
    let mut de = serde_json::Deserializer::from_str(text);
    if let Err(e) = Node(&check).deserialize(&mut de).and_then(|()| de.end()) {
        return Err(match check.dup.into_inner() {
            Some((key, path)) => JsonError::DuplicateKey { key, path },
            None => JsonError::Syntax(e.to_string()),
        });
    }
    serde_json::from_str(text).map_err(|e| JsonError::Syntax(e.to_string()))
}

/// Where the walk is (`bets[0].stake`), and the first repeated key with its place.
struct KeyCheck {
    path: RefCell<Vec<Segment>>,
    dup: RefCell<Option<(String, String)>>,
}

enum Segment {
    Key(String),
    Index(usize),
}

impl KeyCheck {
    fn place(&self) -> String {
        let mut s = String::new();
        for seg in self.path.borrow().iter() {
            match seg {
                Segment::Key(k) if s.is_empty() => s.push_str(k),
                Segment::Key(k) => {
                    s.push('.');
                    s.push_str(k);
                }
                Segment::Index(i) => s.push_str(&format!("[{i}]")),
            }
        }
        s
    }
}

/// One JSON value of the walk.
struct Node<'a>(&'a KeyCheck);

impl<'de> DeserializeSeed<'de> for Node<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Node<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut i = 0;
        loop {
            self.0.path.borrow_mut().push(Segment::Index(i));
            let more = seq.next_element_seed(Node(self.0))?;
            self.0.path.borrow_mut().pop();
            if more.is_none() {
                return Ok(());
            }
            i += 1;
        }
    }

    /// An object; with `arbitrary_precision`, serde_json also hands a number over as a
    /// one-entry map, which this walk passes like any other.
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if seen.contains(&key) {
                let place = self.0.place();
                *self.0.dup.borrow_mut() = Some((key.clone(), place));
                return Err(de::Error::custom(format_args!(
                    "key \"{}\" appears twice",
                    shown(&key)
                )));
            }
            self.0.path.borrow_mut().push(Segment::Key(key.clone()));
            map.next_value_seed(Node(self.0))?;
            self.0.path.borrow_mut().pop();
            seen.insert(key);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_key_is_refused_by_name_at_any_depth() {
        let cases = [
            (r#"{"bets": [], "bets": []}"#, "bets", ""),
            (r#"{"a": {"b": 1, "c": 2, "b": 3}}"#, "b", "a"),
            (
                r#"{"bets": [{"id": "1a"}, {"id": "2a", "id": "2b"}]}"#,
                "id",
                "bets[1]",
            ),
            (
                r#"{"limits": {"min_bet": 5, "min_bet": 6}}"#,
                "min_bet",
                "limits",
            ),
            (
                r#"{"r": {"x": [[{"k\u00e9": 1, "ké": 2}]]}}"#,
                "ké",
                "r.x[0][0]",
            ),
        ];
        for (text, key, path) in cases {
            assert_eq!(
                parse(text),
                Err(JsonError::DuplicateKey {
                    key: key.into(),
                    path: path.into()
                }),
                "{text}"
            );
        }
        let e = parse(r#"{"bets": 1, "bets": 2}"#).unwrap_err().to_string();
        assert!(
            e.contains("key \"bets\" appears twice at the top level"),
            "{e}"
        );
    }

    #[test]
    fn the_same_key_in_different_objects_is_fine_and_numbers_stay_exact() {
        let v =
            parse(r#"{"a": {"k": 1}, "b": {"k": 4.999999999999999999999}, "c": [{"k": 0.10}]}"#)
                .unwrap();
        assert_eq!(v["b"]["k"].to_string(), "4.999999999999999999999");
        assert_eq!(v["c"][0]["k"].to_string(), "0.10");
        assert_eq!(v["a"]["k"].as_u64(), Some(1));
    }

    #[test]
    fn bad_text_is_a_syntax_error_and_deep_nesting_does_not_overflow() {
        for text in ["", "{", "{\"a\": 1,}", "[1] 2", "01", "{\"a\" 1}", "nul"] {
            assert!(matches!(parse(text), Err(JsonError::Syntax(_))), "{text}");
        }
        let deep = "[".repeat(100_000);
        assert!(matches!(parse(&deep), Err(JsonError::Syntax(_))));
    }
}
