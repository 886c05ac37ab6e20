//! Chips: a database's chip set (its denominations) and counts of chips by denomination
//! (`500:20 100:35`), in exact money. Parsing and sums only; never reads or writes the
//! log (`money` logs what this checks).

use std::collections::BTreeMap;
use std::fmt;

use crate::engine::Money;
use crate::log::payload::{ChipCount, Denom};

/// The largest denomination: ten million units (keeps every tray's sum far from overflow).
const MAX_DENOM: Money = Money::units(10_000_000);
/// The most chips of one denomination in one count, fill or credit.
const MAX_COUNT: u32 = 1_000_000;

/// Why a chip set or a count was not taken (nothing was logged).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChipError {
    #[error(
        "{0:?} is not a denomination: write an amount above zero with at most two decimals, at most 10000000 (e.g. 25 or 0.50)"
    )]
    BadDenom(String),
    #[error("the denomination {0} is given twice: give each once")]
    Duplicate(Money),
    #[error("no denominations given: write them separated by spaces, e.g. \"25 100 500 1000\"")]
    EmptySet,
    #[error("{0:?} is not a count: write DENOM:COUNT, e.g. 500:20")]
    NotDenomCount(String),
    #[error("{0:?}: a count is a whole number of chips from 0 to 1000000")]
    BadCount(String),
    #[error("{denom} is not a denomination of the chip set ({set})")]
    NotInSet { denom: Money, set: String },
    #[error("no chips given: write at least one DENOM:COUNT, e.g. 500:20")]
    Empty,
    #[error(
        "this database has no chip set: a supervisor or admin sets one first (croupier chips --set \"25 100 500\" --by NAME)"
    )]
    NoChipSet,
}

/// A database's denominations, smallest first, each once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChipSet(Vec<Money>);

fn denom(word: &str) -> Result<Money, ChipError> {
    match Money::parse(word) {
        Ok(m) if m.is_positive() && m <= MAX_DENOM => Ok(m),
        _ => Err(ChipError::BadDenom(word.to_string())),
    }
}

impl ChipSet {
    /// Reads `25 100 500 1000` (spaces or commas between): every one above zero, none twice.
    pub fn parse(text: &str) -> Result<ChipSet, ChipError> {
        let mut out = Vec::new();
        for w in text.split([' ', ',', '\t']).filter(|w| !w.is_empty()) {
            let d = denom(w)?;
            if out.contains(&d) {
                return Err(ChipError::Duplicate(d));
            }
            out.push(d);
        }
        if out.is_empty() {
            return Err(ChipError::EmptySet);
        }
        out.sort();
        Ok(ChipSet(out))
    }

    pub fn denominations(&self) -> &[Money] {
        &self.0
    }

    pub(crate) fn to_logged(&self) -> Vec<Denom> {
        self.0.iter().map(|&d| Denom(d)).collect()
    }

    /// The set as logged; `None` if what is logged is not a set (empty, repeated, ≤ 0).
    pub(crate) fn from_logged(d: &[Denom]) -> Option<ChipSet> {
        let text: Vec<String> = d.iter().map(|d| d.0.to_string()).collect();
        let set = ChipSet::parse(&text.join(" ")).ok()?;
        (set.0.len() == d.len() && set.0.iter().zip(d).all(|(a, b)| *a == b.0)).then_some(set)
    }
}

impl fmt::Display for ChipSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.0.iter().map(|d| d.to_string()).collect();
        f.write_str(&words.join(" "))
    }
}

/// Chips by denomination: a tray count, a fill, a credit, a par.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chips(BTreeMap<Money, u32>);

impl Chips {
    /// Reads `500:20 100:35 25:40` against the chip set: each denomination in the set and
    /// given once, each count a whole number from 0 up.
    pub fn parse(text: &str, set: &ChipSet) -> Result<Chips, ChipError> {
        let mut out = BTreeMap::new();
        for w in text.split([' ', ',', '\t']).filter(|w| !w.is_empty()) {
            let (d, c) = w
                .split_once(':')
                .ok_or_else(|| ChipError::NotDenomCount(w.to_string()))?;
            let d = denom(d)?;
            let count = match c.parse::<u32>() {
                Ok(n) if n <= MAX_COUNT && c.bytes().all(|b| b.is_ascii_digit()) => n,
                _ => return Err(ChipError::BadCount(w.to_string())),
            };
            Self::in_set(d, set)?;
            if out.insert(d, count).is_some() {
                return Err(ChipError::Duplicate(d));
            }
        }
        if out.is_empty() {
            return Err(ChipError::Empty);
        }
        Ok(Chips(out))
    }

    fn in_set(d: Money, set: &ChipSet) -> Result<(), ChipError> {
        if set.0.contains(&d) {
            Ok(())
        } else {
            Err(ChipError::NotInSet {
                denom: d,
                set: set.to_string(),
            })
        }
    }

    /// What the chips are worth.
    pub fn total(&self) -> Money {
        self.0
            .iter()
            .map(|(d, c)| Money::from_cents(d.cents() * i64::from(*c)))
            .sum()
    }

    /// Each denomination and its count, largest first.
    pub fn counts(&self) -> impl Iterator<Item = (Money, u32)> + '_ {
        self.0.iter().rev().map(|(d, c)| (*d, *c))
    }

    pub(crate) fn to_logged(&self) -> Vec<ChipCount> {
        self.counts()
            .map(|(denom, count)| ChipCount { denom, count })
            .collect()
    }

    /// The chips as logged, checked against the set as `parse` would check them.
    pub(crate) fn from_logged(c: &[ChipCount], set: &ChipSet) -> Result<Chips, ChipError> {
        let text: Vec<String> = c
            .iter()
            .map(|c| format!("{}:{}", c.denom, c.count))
            .collect();
        Chips::parse(&text.join(" "), set)
    }
}

impl fmt::Display for Chips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.counts().map(|(d, c)| format!("{d}:{c}")).collect();
        f.write_str(&words.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn czk() -> ChipSet {
        ChipSet::parse("25 100 500 1000 5000 10000").unwrap()
    }

    #[test]
    fn a_chip_set_and_counts_read_exactly() {
        let set = ChipSet::parse("500 25, 100 0.50").unwrap();
        assert_eq!(set.to_string(), "0.50 25 100 500");
        let c = Chips::parse("500:20 100:35 25:40 0.50:3", &set).unwrap();
        assert_eq!(
            c.total(),
            Money::from_cents(1_000_000 + 350_000 + 100_000 + 150)
        );
        assert_eq!(c.to_string(), "500:20 100:35 25:40 0.50:3");
        assert_eq!(Chips::from_logged(&c.to_logged(), &set).unwrap(), c);
        assert_eq!(ChipSet::from_logged(&set.to_logged()), Some(set));
    }

    #[test]
    fn bad_chips_are_refused_with_what_was_expected() {
        let set = czk();
        for (text, want) in [
            (
                "250:4",
                "250 is not a denomination of the chip set (25 100 500 1000 5000 10000)",
            ),
            ("500:-3", "a count is a whole number"),
            ("500:+3", "a count is a whole number"),
            ("500:x", "a count is a whole number"),
            ("500:1.5", "a count is a whole number"),
            ("500:20 500:1", "the denomination 500 is given twice"),
            ("500", "write DENOM:COUNT"),
            ("-500:2", "is not a denomination"),
            ("", "no chips given"),
        ] {
            let e = Chips::parse(text, &set).unwrap_err().to_string();
            assert!(e.contains(want), "{text}: {e}");
        }
        for (text, want) in [
            ("25 25", "given twice"),
            ("0 25", "is not a denomination"),
            ("25 abc", "is not a denomination"),
            ("25.001", "is not a denomination"),
            ("  ", "no denominations given"),
        ] {
            let e = ChipSet::parse(text).unwrap_err().to_string();
            assert!(e.contains(want), "{text}: {e}");
        }
    }
}
