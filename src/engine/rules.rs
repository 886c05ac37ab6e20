//! House rules (RULES.md A5): every knob, validated when built, no `Default`. Owns the rules
//! file format (JSON, knob names as in A5) and the shipped presets in `data/rules/`.
//! Parsing a string is all it does: reading files is the caller's business.

use serde_json::{Map, Value, json};
use std::fmt;

use super::money::Ratio;

/// Which pairs may be split (A4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SplitMatch {
    /// Same rank: 10-10 and K-K, not K-Q.
    Rank,
    /// Same value: any two ten-value cards.
    Value,
}

/// A player pontoon against a dealer pontoon (A4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PontoonVsPontoon {
    PlayerLoses,
    Push,
    /// Paid at the pontoon rate.
    PlayerWins,
}

/// Equal totals at showdown (A4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ties {
    DealerWins,
    Push,
}

/// Which stakes of a five-card trick its ratio is paid on (A5 `five_card_trick_stakes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TrickStakes {
    /// Every stake of the hand: the one it started with and each bought (the presets).
    All,
    /// The stake the hand started with (a bet's stake, a split hand's split stake); the
    /// stakes bought are paid 1:1.
    Original,
}

/// Which card numbers (3rd, 4th) a hand may buy. A small set over 3..=4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BuyCards(u8);

impl BuyCards {
    /// Whether the `nth` card (1-based) of a hand may be bought.
    pub(crate) fn allows(self, nth: usize) -> bool {
        nth < 8 && self.0 & (1 << nth) != 0
    }

    fn list(self) -> Vec<u8> {
        (0..8).filter(|&n| self.0 & (1 << n) != 0).collect()
    }
}

/// The validated house rules of a Pontoon table. Built only by [`Rules::from_json`] or
/// [`Rules::preset`]; every field is checked, and there is no default: every table names
/// its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    decks: u8,
    boxes: u8,
    bets_per_box: u8,
    min_stick: Option<u8>,
    buy_cards: BuyCards,
    buy_after_twist: bool,
    stop_at_21: bool,
    auto_fifth_card_max: Option<u8>,
    split_match: SplitMatch,
    max_splits: Option<u16>,
    ace_splits: u16,
    split_ace_cards: u8,
    pontoon_after_split: bool,
    pontoon_pays: Ratio,
    pontoon_paid_at_once: bool,
    pontoon_vs_pontoon: PontoonVsPontoon,
    five_card_trick_pays: Ratio,
    five_card_trick_stakes: TrickStakes,
    five_card_trick_paid_at_once: bool,
    five_card_trick_beats_dealer_pontoon: bool,
    three_of_a_kind_pays: Option<Ratio>,
    ties: Ties,
    dealer_hits_soft_17: bool,
    insurance_max: Ratio,
    insurance_pays: Ratio,
    even_money: bool,
    surrender: bool,
}

/// The knobs, in the order of RULES.md A5. A rules file sets every one of them, except
/// [`OPTIONAL_KNOB`].
const KNOBS: [&str; 27] = [
    "decks",
    "boxes",
    "bets_per_box",
    "min_stick",
    "buy_cards",
    "buy_after_twist",
    "stop_at_21",
    "auto_fifth_card_max",
    "split_match",
    "max_splits",
    "ace_splits",
    "split_ace_cards",
    "pontoon_after_split",
    "pontoon_pays",
    "pontoon_paid_at_once",
    "pontoon_vs_pontoon",
    "five_card_trick_pays",
    "five_card_trick_stakes",
    "five_card_trick_paid_at_once",
    "five_card_trick_beats_dealer_pontoon",
    "three_of_a_kind_pays",
    "ties",
    "dealer_hits_soft_17",
    "insurance_max",
    "insurance_pays",
    "even_money",
    "surrender",
];

/// The one knob a rules file may leave out, added after rules were first logged: absent, it
/// is `"all"`, as every rules object written before it existed meant; `to_value` leaves it
/// out when it is `"all"`, so those objects (and their logged hashes) stay as they were.
const OPTIONAL_KNOB: &str = "five_card_trick_stakes";

/// The presets shipped with Croupier, as rules files (`data/rules/NAME.json`).
const PRESETS: [(&str, &str); 2] = [
    ("czech", include_str!("../../data/rules/czech.json")),
    ("belarus", include_str!("../../data/rules/belarus.json")),
];

/// Most boxes a table may have (A3; the round script numbers boxes 1–7).
pub const MAX_BOXES: u8 = 7;
/// Most bets a box may hold; keeps every bet of a round addressable in one 64-bit set.
pub(crate) const MAX_BETS_PER_BOX: u8 = 9;

/// Why a rules file was refused. The message names the knob.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// Not valid JSON, or a knob set twice.
    #[error("rules file: {0}")]
    NotJson(super::json::JsonError),
    #[error("rules must be a JSON object of knobs (the keys of RULES.md A5)")]
    NotAnObject,
    #[error("unknown knob `{}` in the rules (the knobs are: {known})", super::shown(.0), known = KNOBS.join(", "))]
    UnknownKnob(String),
    #[error("knob `{0}` is missing: a rules file sets every knob of RULES.md A5")]
    MissingKnob(&'static str),
    #[error("knob `{knob}`: expected {expected}, got {}", super::shown(.got))]
    BadValue {
        knob: &'static str,
        expected: String,
        got: String,
    },
    #[error("unknown rules preset \"{}\": the presets are {list}", super::shown(.0), list = preset_names().join(", "))]
    UnknownPreset(String),
}

pub fn preset_names() -> Vec<&'static str> {
    PRESETS.iter().map(|(n, _)| *n).collect()
}

struct Reader<'a> {
    obj: &'a Map<String, Value>,
}

impl Reader<'_> {
    fn get(&self, knob: &'static str) -> Result<&Value, RulesError> {
        self.obj.get(knob).ok_or(RulesError::MissingKnob(knob))
    }

    fn bad(knob: &'static str, expected: impl Into<String>, got: &Value) -> RulesError {
        RulesError::BadValue {
            knob,
            expected: expected.into(),
            got: got.to_string(),
        }
    }

    fn int(&self, knob: &'static str, lo: u64, hi: u64) -> Result<u64, RulesError> {
        let v = self.get(knob)?;
        Self::int_of(knob, v, lo, hi)
    }

    fn int_of(knob: &'static str, v: &Value, lo: u64, hi: u64) -> Result<u64, RulesError> {
        match v.as_u64() {
            Some(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => Err(Self::bad(
                knob,
                format!("a whole number from {lo} to {hi}"),
                v,
            )),
        }
    }

    fn opt_int(&self, knob: &'static str, lo: u64, hi: u64) -> Result<Option<u64>, RulesError> {
        let v = self.get(knob)?;
        if v.is_null() {
            return Ok(None);
        }
        match v.as_u64() {
            Some(n) if (lo..=hi).contains(&n) => Ok(Some(n)),
            _ => Err(Self::bad(
                knob,
                format!("null (none) or a whole number from {lo} to {hi}"),
                v,
            )),
        }
    }

    fn flag(&self, knob: &'static str) -> Result<bool, RulesError> {
        let v = self.get(knob)?;
        v.as_bool()
            .ok_or_else(|| Self::bad(knob, "true or false", v))
    }

    fn ratio_of(knob: &'static str, v: &Value) -> Result<Ratio, RulesError> {
        let expected = || {
            Self::bad(
                knob,
                format!(
                    "a ratio [numerator, denominator] of whole numbers from 1 to {}",
                    Ratio::MAX_TERM
                ),
                v,
            )
        };
        let arr = v.as_array().ok_or_else(expected)?;
        match arr.as_slice() {
            [n, d] => {
                let (n, d) = (
                    n.as_u64().ok_or_else(expected)?,
                    d.as_u64().ok_or_else(expected)?,
                );
                Ratio::new(
                    u32::try_from(n).map_err(|_| expected())?,
                    u32::try_from(d).map_err(|_| expected())?,
                )
                .ok_or_else(expected)
            }
            _ => Err(expected()),
        }
    }

    fn ratio(&self, knob: &'static str) -> Result<Ratio, RulesError> {
        Self::ratio_of(knob, self.get(knob)?)
    }

    fn choice<T: Copy>(&self, knob: &'static str, options: &[(&str, T)]) -> Result<T, RulesError> {
        let v = self.get(knob)?;
        let names: Vec<String> = options.iter().map(|(n, _)| format!("\"{n}\"")).collect();
        v.as_str()
            .and_then(|s| options.iter().find(|(n, _)| *n == s).map(|(_, t)| *t))
            .ok_or_else(|| Self::bad(knob, format!("one of {}", names.join(", ")), v))
    }
}

const SPLIT_MATCH: [(&str, SplitMatch); 2] =
    [("rank", SplitMatch::Rank), ("value", SplitMatch::Value)];
const PVP: [(&str, PontoonVsPontoon); 3] = [
    ("player_loses", PontoonVsPontoon::PlayerLoses),
    ("push", PontoonVsPontoon::Push),
    ("player_wins", PontoonVsPontoon::PlayerWins),
];
const TIES: [(&str, Ties); 2] = [("dealer_wins", Ties::DealerWins), ("push", Ties::Push)];
const TRICK_STAKES: [(&str, TrickStakes); 2] = [
    ("all", TrickStakes::All),
    ("original", TrickStakes::Original),
];

fn name_of<T: PartialEq + Copy>(options: &[(&'static str, T)], t: T) -> &'static str {
    options
        .iter()
        .find(|(_, x)| *x == t)
        .map(|(n, _)| *n)
        .unwrap_or("?")
}

impl Rules {
    /// A shipped preset by name (`czech`, `belarus`).
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        let (_, text) = PRESETS
            .iter()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| RulesError::UnknownPreset(name.to_string()))?;
        Rules::from_json(text)
    }

    /// Parses and validates a rules file.
    pub fn from_json(text: &str) -> Result<Rules, RulesError> {
        let v = super::json::parse(text).map_err(RulesError::NotJson)?;
        Rules::from_value(&v)
    }

    /// Validates a rules object (a rules file already parsed, or a round script's `rules`).
    pub fn from_value(v: &Value) -> Result<Rules, RulesError> {
        let obj = v.as_object().ok_or(RulesError::NotAnObject)?;
        if let Some(k) = obj.keys().find(|k| !KNOBS.contains(&k.as_str())) {
            return Err(RulesError::UnknownKnob(k.clone()));
        }
        let r = Reader { obj };
        let buy_cards = {
            let v = r.get("buy_cards")?;
            let expected = || {
                Reader::bad(
                    "buy_cards",
                    "a list of card numbers, each 3 or 4 (e.g. [3, 4]; [] for no buying)",
                    v,
                )
            };
            let arr = v.as_array().ok_or_else(expected)?;
            let mut set = 0u8;
            for n in arr {
                let n = n
                    .as_u64()
                    .filter(|n| (3..=4).contains(n))
                    .ok_or_else(expected)?;
                set |= 1 << n;
            }
            BuyCards(set)
        };
        let three = {
            let v = r.get("three_of_a_kind_pays")?;
            if v.is_null() {
                None
            } else {
                Some(Reader::ratio_of("three_of_a_kind_pays", v)?)
            }
        };
        let insurance_max = r.ratio("insurance_max")?;
        if insurance_max.num() > insurance_max.den() {
            return Err(Reader::bad(
                "insurance_max",
                "a share of the stake no greater than [1, 1]",
                r.get("insurance_max")?,
            ));
        }
        Ok(Rules {
            decks: r.int("decks", 1, 8)? as u8,
            boxes: r.int("boxes", 1, MAX_BOXES as u64)? as u8,
            bets_per_box: r.int("bets_per_box", 1, MAX_BETS_PER_BOX as u64)? as u8,
            min_stick: r.opt_int("min_stick", 4, 21)?.map(|n| n as u8),
            buy_cards,
            buy_after_twist: r.flag("buy_after_twist")?,
            stop_at_21: r.flag("stop_at_21")?,
            auto_fifth_card_max: r.opt_int("auto_fifth_card_max", 4, 21)?.map(|n| n as u8),
            split_match: r.choice("split_match", &SPLIT_MATCH)?,
            max_splits: r.opt_int("max_splits", 0, 1000)?.map(|n| n as u16),
            ace_splits: r.int("ace_splits", 0, 1000)? as u16,
            split_ace_cards: r.int("split_ace_cards", 1, 3)? as u8,
            pontoon_after_split: r.flag("pontoon_after_split")?,
            pontoon_pays: r.ratio("pontoon_pays")?,
            pontoon_paid_at_once: r.flag("pontoon_paid_at_once")?,
            pontoon_vs_pontoon: r.choice("pontoon_vs_pontoon", &PVP)?,
            five_card_trick_pays: r.ratio("five_card_trick_pays")?,
            five_card_trick_stakes: match obj.get(OPTIONAL_KNOB) {
                None => TrickStakes::All,
                Some(_) => r.choice(OPTIONAL_KNOB, &TRICK_STAKES)?,
            },
            five_card_trick_paid_at_once: r.flag("five_card_trick_paid_at_once")?,
            five_card_trick_beats_dealer_pontoon: r.flag("five_card_trick_beats_dealer_pontoon")?,
            three_of_a_kind_pays: three,
            ties: r.choice("ties", &TIES)?,
            dealer_hits_soft_17: r.flag("dealer_hits_soft_17")?,
            insurance_max,
            insurance_pays: r.ratio("insurance_pays")?,
            even_money: r.flag("even_money")?,
            surrender: r.flag("surrender")?,
        })
    }

    /// The rules as a rules file object, knobs in A5 order; `from_value` takes it back.
    /// `five_card_trick_stakes` is left out when it is `"all"` (see [`OPTIONAL_KNOB`]).
    pub fn to_value(&self) -> Value {
        let mut v = self.every_knob();
        if self.five_card_trick_stakes == TrickStakes::All
            && let Some(obj) = v.as_object_mut()
        {
            obj.shift_remove(OPTIONAL_KNOB);
        }
        v
    }

    /// Every knob in A5 order, `five_card_trick_stakes` included even when `"all"`: for
    /// showing the rules (a rules list in words), not for writing them.
    pub fn every_knob(&self) -> Value {
        let ratio = |r: Ratio| json!([r.num(), r.den()]);
        json!({
            "decks": self.decks,
            "boxes": self.boxes,
            "bets_per_box": self.bets_per_box,
            "min_stick": self.min_stick,
            "buy_cards": self.buy_cards.list(),
            "buy_after_twist": self.buy_after_twist,
            "stop_at_21": self.stop_at_21,
            "auto_fifth_card_max": self.auto_fifth_card_max,
            "split_match": name_of(&SPLIT_MATCH, self.split_match),
            "max_splits": self.max_splits,
            "ace_splits": self.ace_splits,
            "split_ace_cards": self.split_ace_cards,
            "pontoon_after_split": self.pontoon_after_split,
            "pontoon_pays": ratio(self.pontoon_pays),
            "pontoon_paid_at_once": self.pontoon_paid_at_once,
            "pontoon_vs_pontoon": name_of(&PVP, self.pontoon_vs_pontoon),
            "five_card_trick_pays": ratio(self.five_card_trick_pays),
            "five_card_trick_stakes": name_of(&TRICK_STAKES, self.five_card_trick_stakes),
            "five_card_trick_paid_at_once": self.five_card_trick_paid_at_once,
            "five_card_trick_beats_dealer_pontoon": self.five_card_trick_beats_dealer_pontoon,
            "three_of_a_kind_pays": self.three_of_a_kind_pays.map(ratio),
            "ties": name_of(&TIES, self.ties),
            "dealer_hits_soft_17": self.dealer_hits_soft_17,
            "insurance_max": ratio(self.insurance_max),
            "insurance_pays": ratio(self.insurance_pays),
            "even_money": self.even_money,
            "surrender": self.surrender,
        })
    }

    pub fn decks(&self) -> u8 {
        self.decks
    }
    pub fn boxes(&self) -> u8 {
        self.boxes
    }
    pub fn bets_per_box(&self) -> u8 {
        self.bets_per_box
    }
    pub(crate) fn min_stick(&self) -> Option<u8> {
        self.min_stick
    }
    pub(crate) fn buy_cards(&self) -> BuyCards {
        self.buy_cards
    }
    pub(crate) fn buy_after_twist(&self) -> bool {
        self.buy_after_twist
    }
    pub(crate) fn stop_at_21(&self) -> bool {
        self.stop_at_21
    }
    pub(crate) fn auto_fifth_card_max(&self) -> Option<u8> {
        self.auto_fifth_card_max
    }
    pub(crate) fn split_match(&self) -> SplitMatch {
        self.split_match
    }
    pub(crate) fn max_splits(&self) -> Option<u16> {
        self.max_splits
    }
    pub(crate) fn ace_splits(&self) -> u16 {
        self.ace_splits
    }
    pub(crate) fn split_ace_cards(&self) -> u8 {
        self.split_ace_cards
    }
    pub(crate) fn pontoon_after_split(&self) -> bool {
        self.pontoon_after_split
    }
    pub(crate) fn pontoon_pays(&self) -> Ratio {
        self.pontoon_pays
    }
    pub(crate) fn pontoon_paid_at_once(&self) -> bool {
        self.pontoon_paid_at_once
    }
    pub(crate) fn pontoon_vs_pontoon(&self) -> PontoonVsPontoon {
        self.pontoon_vs_pontoon
    }
    pub(crate) fn five_card_trick_pays(&self) -> Ratio {
        self.five_card_trick_pays
    }
    pub(crate) fn five_card_trick_stakes(&self) -> TrickStakes {
        self.five_card_trick_stakes
    }
    pub(crate) fn five_card_trick_paid_at_once(&self) -> bool {
        self.five_card_trick_paid_at_once
    }
    pub(crate) fn five_card_trick_beats_dealer_pontoon(&self) -> bool {
        self.five_card_trick_beats_dealer_pontoon
    }
    pub(crate) fn three_of_a_kind_pays(&self) -> Option<Ratio> {
        self.three_of_a_kind_pays
    }
    pub(crate) fn ties(&self) -> Ties {
        self.ties
    }
    pub(crate) fn dealer_hits_soft_17(&self) -> bool {
        self.dealer_hits_soft_17
    }
    pub(crate) fn insurance_max(&self) -> Ratio {
        self.insurance_max
    }
    pub(crate) fn insurance_pays(&self) -> Ratio {
        self.insurance_pays
    }
    pub(crate) fn even_money(&self) -> bool {
        self.even_money
    }
    pub(crate) fn surrender(&self) -> bool {
        self.surrender
    }
}

impl fmt::Display for Rules {
    /// The rules file, pretty-printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = serde_json::to_string_pretty(&self.to_value()).map_err(|_| fmt::Error)?;
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_load_and_round_trip() {
        for name in preset_names() {
            let r = Rules::preset(name).unwrap();
            assert_eq!(Rules::from_json(&r.to_string()).unwrap(), r, "{name}");
        }
    }

    #[test]
    fn presets_differ_as_a5_says() {
        let cz = Rules::preset("czech").unwrap();
        let by = Rules::preset("belarus").unwrap();
        assert_eq!((cz.bets_per_box(), by.bets_per_box()), (3, 1));
        assert_eq!((cz.stop_at_21(), by.stop_at_21()), (true, false));
        assert_eq!(
            (cz.auto_fifth_card_max(), by.auto_fifth_card_max()),
            (Some(11), None)
        );
        assert_eq!((cz.max_splits(), by.max_splits()), (Some(3), None));
        assert_eq!(
            (cz.pontoon_paid_at_once(), by.pontoon_paid_at_once()),
            (true, false)
        );
        assert_eq!(
            (
                cz.five_card_trick_paid_at_once(),
                by.five_card_trick_paid_at_once()
            ),
            (true, false)
        );
        assert_eq!(
            (cz.three_of_a_kind_pays(), by.three_of_a_kind_pays()),
            (None, Ratio::new(1, 1))
        );
        assert_eq!((cz.surrender(), by.surrender()), (true, false));
    }

    /// Absent means `all` (every rules object written before the knob existed); `original`
    /// is kept and written back; a value it does not know is refused by name.
    #[test]
    fn five_card_trick_stakes_absent_means_all() {
        let cz = Rules::preset("czech").unwrap();
        assert_eq!(cz.five_card_trick_stakes(), TrickStakes::All);
        let v = cz.to_value();
        assert!(v.get("five_card_trick_stakes").is_none(), "{v}");
        assert_eq!(cz.every_knob()["five_card_trick_stakes"], json!("all"));
        let mut all = v.clone();
        all["five_card_trick_stakes"] = json!("all");
        assert_eq!(Rules::from_value(&all).unwrap(), cz);
        let mut orig = v.clone();
        orig["five_card_trick_stakes"] = json!("original");
        let r = Rules::from_value(&orig).unwrap();
        assert_eq!(r.five_card_trick_stakes(), TrickStakes::Original);
        assert_ne!(r, cz);
        assert_eq!(r.to_value(), orig);
        assert_eq!(Rules::from_json(&r.to_string()).unwrap(), r);
        let keys: Vec<String> = r.to_value().as_object().unwrap().keys().cloned().collect();
        assert_eq!(keys, KNOBS.map(String::from), "A5 order");
        for bad in [json!("bought"), json!(null), json!(true), json!("All")] {
            let mut v = v.clone();
            v["five_card_trick_stakes"] = bad.clone();
            let err = Rules::from_value(&v).unwrap_err().to_string();
            assert!(
                err.contains(
                    "knob `five_card_trick_stakes`: expected one of \"all\", \"original\""
                ),
                "{bad}: {err}"
            );
        }
    }

    /// Each (change to the czech preset, words the error must contain).
    #[test]
    fn bad_knobs_are_named() {
        let cases: [(&str, Value, &str); 12] = [
            (
                "decks",
                json!(0),
                "knob `decks`: expected a whole number from 1 to 8, got 0",
            ),
            ("boxes", json!(8), "knob `boxes`"),
            ("bets_per_box", json!("3"), "knob `bets_per_box`"),
            ("buy_cards", json!([2]), "each 3 or 4"),
            ("split_match", json!("suit"), "one of \"rank\", \"value\""),
            ("pontoon_pays", json!([2, 0]), "knob `pontoon_pays`"),
            ("pontoon_pays", json!([2]), "knob `pontoon_pays`"),
            ("ties", json!(null), "knob `ties`"),
            ("insurance_max", json!([3, 2]), "no greater than [1, 1]"),
            ("min_stick", json!(-1), "null (none) or a whole number"),
            ("surrender", json!(1), "true or false"),
            ("max_splits", json!(1.5), "knob `max_splits`"),
        ];
        for (knob, value, words) in cases {
            let mut v = Rules::preset("czech").unwrap().to_value();
            v[knob] = value;
            let err = Rules::from_value(&v).unwrap_err().to_string();
            assert!(err.contains(words), "{knob}: {err}");
        }
        let mut v = Rules::preset("czech").unwrap().to_value();
        v["deck"] = json!(6);
        assert!(
            Rules::from_value(&v)
                .unwrap_err()
                .to_string()
                .contains("unknown knob `deck`")
        );
        v.as_object_mut().unwrap().remove("deck");
        v.as_object_mut().unwrap().remove("ties");
        assert_eq!(Rules::from_value(&v), Err(RulesError::MissingKnob("ties")));
        assert!(matches!(
            Rules::preset("vegas"),
            Err(RulesError::UnknownPreset(_))
        ));
    }
}
