//! JSON text as the user wrote it (round scripts, rules files), read strictly: a key that
//! appears twice in one object is refused by name (serde_json alone keeps the last one),
//! and every number keeps its exact text (serde_json's `arbitrary_precision`), never an f64.
//! Text in, `Value` out: no files.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
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
pub(crate) fn parse(text: &str) -> Result<Value, JsonError> {
    // First pass: keys only (borrowed from the text where they can be; values skipped), so
    // that the second pass can be serde_json's own `Value`, which keeps numbers exact. Both
    // passes share serde_json's depth limit.
    let dup = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_str(text);
    if let Err(e) = Node(&dup).deserialize(&mut de).and_then(|()| de.end()) {
        return Err(match dup.into_inner() {
            Some(Dup { key, mut path }) => {
                path.reverse();
                JsonError::DuplicateKey {
                    key,
                    path: place(&path),
                }
            }
            None => JsonError::Syntax(e.to_string()),
        });
    }
    serde_json::from_str(text).map_err(|e| JsonError::Syntax(e.to_string()))
}

/// The first repeated key, and where it is: the path is gathered innermost first, as the
/// walk unwinds.
struct Dup {
    key: String,
    path: Vec<Segment>,
}

enum Segment {
    Key(String),
    Index(usize),
}

/// `bets[0].stake`; empty at the top level.
fn place(path: &[Segment]) -> String {
    let mut s = String::new();
    for seg in path {
        match seg {
            Segment::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Segment::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s
}

/// One JSON value of the walk.
struct Node<'a>(&'a RefCell<Option<Dup>>);

impl<'de> DeserializeSeed<'de> for Node<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl Node<'_> {
    /// On the way out of an error: if it is the repeated key's, note where it was.
    fn unwind(&self, segment: impl FnOnce() -> Segment) {
        if let Some(dup) = self.0.borrow_mut().as_mut() {
            dup.path.push(segment());
        }
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
            match seq.next_element_seed(Node(self.0)) {
                Ok(Some(())) => i += 1,
                Ok(None) => return Ok(()),
                Err(e) => {
                    self.unwind(|| Segment::Index(i));
                    return Err(e);
                }
            }
        }
    }

    /// An object; with `arbitrary_precision`, serde_json also hands a number over as a
    /// one-entry map, which this walk passes like any other.
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        // Objects are small: a list, until one is not.
        let mut few: Vec<Cow<'de, str>> = Vec::new();
        let mut many: HashSet<Cow<'de, str>> = HashSet::new();
        while let Some(Key(key)) = map.next_key()? {
            if many.is_empty() && few.len() == 16 {
                many.extend(few.drain(..));
            }
            let repeated = if many.is_empty() {
                few.contains(&key)
            } else {
                many.contains(&key)
            };
            if repeated {
                *self.0.borrow_mut() = Some(Dup {
                    key: key.to_string(),
                    path: Vec::new(),
                });
                return Err(de::Error::custom(format_args!(
                    "key \"{}\" appears twice",
                    shown(&key)
                )));
            }
            if let Err(e) = map.next_value_seed(Node(self.0)) {
                self.unwind(|| Segment::Key(key.to_string()));
                return Err(e);
            }
            if many.is_empty() {
                few.push(key);
            } else {
                many.insert(key);
            }
        }
        Ok(())
    }
}

/// An object's key, borrowed from the text unless it holds an escape.
struct Key<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(s)))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(s.to_string())))
            }
        }
        d.deserialize_str(V)
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
        // A large object (past the first 16 keys, kept in a set) and an escaped key.
        let keys: Vec<String> = (0..100).map(|i| format!("\"k{i}\": {i}")).collect();
        let big = format!(r#"{{"x": [{{{}, "k\u0033": 0}}]}}"#, keys.join(", "));
        assert_eq!(
            parse(&big),
            Err(JsonError::DuplicateKey {
                key: "k3".into(),
                path: "x[0]".into()
            })
        );
        assert!(parse(&big.replace("k\\u0033", "k100")).is_ok());
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
