//! The round script (shared/ROUND-SCRIPT.md): the one JSON format for `croupier settle`,
//! audit exports and scenario tests. Owns reading a script into engine types, replaying it,
//! and writing the settlement. Strings in, strings out: no files, no clock.

use std::sync::Arc;

use serde_json::{Map, Number, Value, json};

use crate::engine::{
    BetSpec, Card, Decision, Expecting, Limits, Money, MoneyError, Round, Rules, RulesError,
    SetupError, Step, StepError, json as strict_json, shown,
};

/// The longest script read, in bytes (a whole file, or one line of `settle --jsonl`):
/// far above any round's (7 boxes of a few bets, some hundreds of steps), so that a
/// huge input is refused after reading this much, not held in memory whole.
pub const MAX_SCRIPT: usize = 8 << 20;

/// A round script, read and validated up to (not including) its steps.
#[derive(Clone, Debug)]
pub struct Script {
    pub(crate) rules: Rules,
    pub(crate) limits: Limits,
    pub(crate) bets: Arc<[BetSpec]>,
    pub(crate) seen: Vec<Card>,
    pub steps: Vec<String>,
}

/// Why a script is not a real round. `position` is the 1-based step, 0 before the steps.
///
/// Each message holds its whole cause once: no variant has a `source`, so that a caller
/// printing the error chain (anyhow's `{:#}`) does not repeat it.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    #[error("round script: {0}")]
    Format(String),
    #[error("round script: rules: {0}")]
    Rules(RulesError),
    #[error("round script: {0}")]
    Setup(SetupError),
    #[error("step {position} \"{}\": {why}", shown(.text))]
    Step {
        position: usize,
        text: String,
        why: Box<StepFault>,
    },
}

/// Why a script's step was refused, typed: the text is no step (the reader's error, with
/// what the round expected there), or the engine refused it (its `StepError` says why and
/// what it expected).
#[derive(Debug, thiserror::Error)]
pub enum StepFault {
    #[error("{error}; expected {expected}")]
    Words {
        error: StepWordsError,
        expected: Expecting,
    },
    #[error("{0}")]
    Refused(StepError),
}

impl From<RulesError> for ScriptError {
    fn from(e: RulesError) -> ScriptError {
        ScriptError::Rules(e)
    }
}

impl From<SetupError> for ScriptError {
    fn from(e: SetupError) -> ScriptError {
        ScriptError::Setup(e)
    }
}

impl ScriptError {
    /// The 1-based position of the refused step, or 0 when the script failed before its steps.
    pub fn position(&self) -> usize {
        match self {
            ScriptError::Step { position, .. } => *position,
            _ => 0,
        }
    }
}

fn format_err(msg: impl Into<String>) -> ScriptError {
    ScriptError::Format(msg.into())
}

/// A JSON number of currency units with at most two decimals, read exactly from its text
/// (`4.999999999999999999999` has too many decimals; it is never rounded to 5).
pub(crate) fn money_of(v: &Value, what: &str) -> Result<Money, ScriptError> {
    match v {
        Value::Number(n) => amount_of_number(n).map_err(|e| format_err(format!("{what}: {e}"))),
        other => Err(format_err(format!(
            "{what}: expected a JSON number of currency units (e.g. 10 or 2.5), got {}",
            shown(&other.to_string())
        ))),
    }
}

/// The exact amount a JSON number's text writes, exponent included (`25e-1` is 2.5).
pub(crate) fn amount_of_number(n: &Number) -> Result<Money, MoneyError> {
    let text = n.as_str();
    let Some((mantissa, exp)) = text.split_once(['e', 'E']) else {
        return Money::parse(text);
    };
    let (neg, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, mantissa),
    };
    let (whole, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{whole}{frac}");
    // Exponents saturate at ±10^15: an amount has at most 13 whole digits and 2 decimals.
    const LIMIT: i64 = 1_000_000_000_000_000;
    let exp = exp
        .parse::<i64>()
        .map_or(if exp.starts_with('-') { -LIMIT } else { LIMIT }, |e| {
            e.clamp(-LIMIT, LIMIT)
        });
    let (lead, sig) = match digits.find(|c| c != '0') {
        Some(i) => (i, digits[i..].trim_end_matches('0')),
        None => return Ok(Money::ZERO),
    };
    // The value is 0.SIG × 10^point (`digits` is ASCII, so every index is a boundary).
    let point = whole.len() as i64 - lead as i64 + exp;
    let decimals = sig.len() as i64 - point;
    if decimals > 2 {
        return Err(MoneyError::TooPrecise(text.to_string()));
    }
    if point > 13 {
        return Err(MoneyError::TooLarge(text.to_string()));
    }
    let plain = if point <= 0 {
        format!("0.{}{sig}", "0".repeat(point.unsigned_abs() as usize))
    } else if point as usize >= sig.len() {
        format!("{sig}{}", "0".repeat(point as usize - sig.len()))
    } else {
        let (w, f) = sig.split_at(point as usize);
        format!("{w}.{f}")
    };
    let m = Money::parse(&plain).map_err(|e| match e {
        MoneyError::TooLarge(_) => MoneyError::TooLarge(text.to_string()),
        MoneyError::TooPrecise(_) => MoneyError::TooPrecise(text.to_string()),
        MoneyError::NotAnAmount(_) => MoneyError::NotAnAmount(text.to_string()),
    })?;
    Ok(if neg { -m } else { m })
}

/// Cents of a JSON number with at most two decimals, with no cap but i64's (for logged
/// totals, which may exceed the largest single amount `Money::parse` accepts).
pub fn cents_of_number(n: &Number) -> Option<i64> {
    if let Some(u) = n.as_i64() {
        return u.checked_mul(100);
    }
    let text = n.as_str();
    let (neg, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let frac = frac.trim_end_matches('0');
    if frac.len() > 2
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let w: i64 = whole.parse().ok()?;
    let f: i64 = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<2}").parse().ok()?
    };
    let c = w.checked_mul(100)?.checked_add(f)?;
    Some(if neg { -c } else { c })
}

/// Money as a JSON number exact to the cent: `20`, `7.5`, `-0.03`. Built from the decimal
/// text, never through an f64; the text is the one earlier versions wrote (shortest form,
/// no trailing zero), so logged settlements and reports read the same as before.
pub fn money_json(m: Money) -> Value {
    let c = m.cents();
    if c % 100 == 0 {
        return json!(c / 100);
    }
    let sign = if c < 0 { "-" } else { "" };
    let (units, cents) = (c.unsigned_abs() / 100, c.unsigned_abs() % 100);
    let text = if cents % 10 == 0 {
        format!("{sign}{units}.{}", cents / 10)
    } else {
        format!("{sign}{units}.{cents:02}")
    };
    match text.parse::<Number>() {
        Ok(n) => Value::Number(n),
        // Digits, one point and an optional sign are always a JSON number.
        Err(_) => unreachable!("{text} is a JSON number"),
    }
}

/// Rules given by name (a shipped preset) or as a complete knob object.
pub(crate) fn rules_of(v: &Value) -> Result<Rules, RulesError> {
    match v {
        Value::String(name) => Rules::preset(name),
        other => Rules::from_value(other),
    }
}

const FIELDS: [&str; 5] = ["rules", "bets", "limits", "seen", "steps"];

impl Script {
    /// Reads a round script from JSON text. `rules_override`, when given, replaces the
    /// script's `rules` field (the `--rules FILE` option).
    pub fn parse(text: &str, rules_override: Option<Rules>) -> Result<Script, ScriptError> {
        let v = strict_json::parse(text).map_err(|e| format_err(e.to_string()))?;
        Script::from_value(&v, rules_override)
    }

    pub fn from_value(v: &Value, rules_override: Option<Rules>) -> Result<Script, ScriptError> {
        let obj = v
            .as_object()
            .ok_or_else(|| format_err("expected a JSON object with rules, bets and steps"))?;
        if let Some(k) = obj.keys().find(|k| !FIELDS.contains(&k.as_str())) {
            return Err(format_err(format!(
                "unknown field `{}` (a round script has {})",
                shown(k),
                FIELDS.join(", ")
            )));
        }
        let rules = match rules_override {
            Some(r) => r,
            None => rules_of(obj.get("rules").ok_or_else(|| {
                format_err(
                    "missing field `rules`: a preset name such as \"czech\", or a knob object",
                )
            })?)?,
        };
        let limits = limits_of(obj.get("limits"))?;
        let bets = bets_of(obj)?;
        let seen = match obj.get("seen") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(a)) => a
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    c.as_str()
                        .ok_or_else(|| {
                            format_err(format!("seen[{i}]: expected a card as a string"))
                        })?
                        .parse::<Card>()
                        .map_err(|e| format_err(format!("seen[{i}]: {e}")))
                })
                .collect::<Result<_, _>>()?,
            Some(_) => {
                return Err(format_err(
                    "`seen` must be a list of cards such as [\"As\", \"10\"]",
                ));
            }
        };
        let steps = match obj.get("steps") {
            Some(Value::Array(a)) => a
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    s.as_str().map(str::to_string).ok_or_else(|| {
                        format_err(format!(
                            "steps[{}]: expected a string such as \"K\" or \"stick\", got {}",
                            i + 1,
                            shown(&s.to_string())
                        ))
                    })
                })
                .collect::<Result<_, _>>()?,
            _ => {
                return Err(format_err(
                    "missing field `steps`: a list of dealer inputs (strings)",
                ));
            }
        };
        Ok(Script {
            rules,
            limits,
            bets,
            seen,
            steps,
        })
    }

    /// The round before its first step.
    pub(crate) fn start(&self) -> Result<Round, ScriptError> {
        Ok(Round::with_seen(
            self.rules,
            self.limits,
            self.bets.clone(),
            &self.seen,
        )?)
    }

    /// Plays every step; stops at the first refused one.
    pub fn play(&self) -> Result<Round, ScriptError> {
        let mut round = self.start()?;
        for (i, text) in self.steps.iter().enumerate() {
            let refuse = |why: StepFault| ScriptError::Step {
                position: i + 1,
                text: text.clone(),
                why: Box::new(why),
            };
            let step = parse_step(text, &round).map_err(|error| {
                refuse(StepFault::Words {
                    error,
                    expected: round.expecting(),
                })
            })?;
            round
                .apply(step)
                .map_err(|e| refuse(StepFault::Refused(e)))?;
        }
        Ok(round)
    }

    /// The script as JSON (what `export-round` writes), rules as a full knob object.
    pub fn to_value(&self) -> Value {
        let mut o = Map::new();
        o.insert("rules".into(), self.rules.to_value());
        let mut lim = Map::new();
        if let Some(m) = self.limits.min_bet() {
            lim.insert("min_bet".into(), money_json(m));
        }
        if let Some(m) = self.limits.box_max() {
            lim.insert("box_max".into(), money_json(m));
        }
        if !lim.is_empty() {
            o.insert("limits".into(), Value::Object(lim));
        }
        o.insert(
            "bets".into(),
            self.bets
                .iter()
                .map(|b| json!({"id": &*b.id, "box": b.box_no, "stake": money_json(b.stake)}))
                .collect(),
        );
        if !self.seen.is_empty() {
            o.insert(
                "seen".into(),
                self.seen.iter().map(|c| json!(c.to_string())).collect(),
            );
        }
        o.insert("steps".into(), json!(self.steps));
        Value::Object(o)
    }
}

fn limits_of(v: Option<&Value>) -> Result<Limits, ScriptError> {
    let Some(v) = v.filter(|v| !v.is_null()) else {
        return Ok(Limits::NONE);
    };
    let o = v.as_object().ok_or_else(|| {
        format_err("`limits` must be an object such as {\"min_bet\": 5, \"box_max\": 500}")
    })?;
    if let Some(k) = o.keys().find(|k| *k != "min_bet" && *k != "box_max") {
        return Err(format_err(format!(
            "limits: unknown field `{}` (expected min_bet, box_max)",
            shown(k)
        )));
    }
    let get = |k: &str| {
        o.get(k)
            .filter(|v| !v.is_null())
            .map(|v| money_of(v, &format!("limits.{k}")))
            .transpose()
    };
    Ok(Limits::new(get("min_bet")?, get("box_max")?)?)
}

fn bets_of(obj: &Map<String, Value>) -> Result<Arc<[BetSpec]>, ScriptError> {
    let arr = obj.get("bets").and_then(Value::as_array).ok_or_else(|| {
        format_err("missing field `bets`: a list of {\"id\", \"box\", \"stake\"}")
    })?;
    arr.iter()
        .enumerate()
        .map(|(i, b)| {
            let what = format!("bets[{i}]");
            let o = b.as_object().ok_or_else(|| {
                format_err(format!(
                    "{what}: expected an object {{\"id\", \"box\", \"stake\"}}"
                ))
            })?;
            if let Some(k) = o
                .keys()
                .find(|k| !["id", "box", "stake"].contains(&k.as_str()))
            {
                return Err(format_err(format!(
                    "{what}: unknown field `{}` (expected id, box, stake)",
                    shown(k)
                )));
            }
            let id = o
                .get("id")
                .and_then(Value::as_str)
                .filter(|s| !s.trim().is_empty() && !s.contains(char::is_whitespace))
                .ok_or_else(|| {
                    format_err(format!(
                        "{what}: `id` must be a non-empty string without spaces"
                    ))
                })?;
            let box_no = o
                .get("box")
                .and_then(Value::as_u64)
                .and_then(|n| u8::try_from(n).ok())
                .ok_or_else(|| {
                    format_err(format!("{what}: `box` must be a box number such as 1"))
                })?;
            let stake = money_of(
                o.get("stake").unwrap_or(&Value::Null),
                &format!("{what} (\"{}\"): stake", shown(id)),
            )?;
            Ok(BetSpec {
                id: Arc::from(id),
                box_no,
                stake,
            })
        })
        .collect()
}

/// Why a text is not a dealer input (the words the refusal logs and the CLI prints).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StepWordsError {
    #[error("there is no bet \"{}\" in this round (bets: {})", shown(.id), .bets.join(", "))]
    NoSuchBet { id: String, bets: Vec<String> },
    #[error("insurance amount: {0}")]
    InsuranceAmount(MoneyError),
    #[error("write insurance as \"insure ID AMOUNT\", e.g. \"insure 1a 5\"")]
    InsureForm,
    #[error("write it as \"{} ID\", naming one bet", shown(.0))]
    OneBet(String),
    #[error("\"{}\" takes no arguments here", shown(.0))]
    NoArguments(String),
    #[error(
        "\"{}\" is neither a card (A 2-9 10 or T J Q K, optional suit s h d c) nor a decision (stick, twist, buy, split, surrender, insure, even-money, decline)",
        shown(.0)
    )]
    NotCardNorDecision(String),
    #[error(
        "\"{}\" is not a dealer input: expected a card such as \"K\" or \"10h\", or a decision such as \"stick\" or \"insure 1a 5\"",
        shown(.0)
    )]
    NotAnInput(String),
}

/// Reads one dealer input as written in a round script. The bet ids are the round's.
pub(crate) fn parse_step(text: &str, round: &Round) -> Result<Step, StepWordsError> {
    // The common case, one word (a card or a bare decision), without collecting words.
    let one = text.trim();
    if !one.is_empty() && !one.contains(char::is_whitespace) {
        let step = Decision::from_word(one)
            .map(Decision::step)
            .or_else(|| one.parse::<Card>().ok().map(Step::Card));
        if let Some(step) = step {
            return Ok(step);
        }
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let bet = |id: &str| {
        round
            .bet_index(id)
            .ok_or_else(|| StepWordsError::NoSuchBet {
                id: id.to_string(),
                bets: (0..round.bet_count())
                    .map(|b| round.bet_id(b).to_string())
                    .collect(),
            })
    };
    let keyword = words.first().map(|w| w.to_ascii_lowercase());
    let decision = keyword.as_deref().and_then(Decision::from_word);
    let step = match (keyword.as_deref(), &words[..], decision) {
        (_, [_], Some(d)) => d.step(),
        (Some("surrender"), [_, id], _) => Step::SurrenderBet(bet(id)?),
        (Some("even-money"), [_, id], _) => Step::EvenMoney(bet(id)?),
        (Some("decline"), [_, id], _) => Step::Decline(bet(id)?),
        (Some("insure"), [_, id, amount], _) => {
            let b = bet(id)?;
            let m = Money::parse(amount).map_err(StepWordsError::InsuranceAmount)?;
            Step::Insure(b, m)
        }
        (Some("insure"), _, _) => return Err(StepWordsError::InsureForm),
        (Some("even-money" | "decline"), _, _) => {
            return Err(StepWordsError::OneBet(words[0].to_string()));
        }
        (_, _, Some(_)) => {
            return Err(StepWordsError::NoArguments(words[0].to_string()));
        }
        (_, [one], _) => Step::Card(
            one.parse::<Card>()
                .map_err(|_| StepWordsError::NotCardNorDecision(one.to_string()))?,
        ),
        _ => {
            return Err(StepWordsError::NotAnInput(text.to_string()));
        }
    };
    Ok(step)
}

/// The settlement JSON of `croupier settle` (ROUND-SCRIPT.md output).
pub fn settlement(round: &Round) -> Value {
    let complete = round.is_complete();
    let dealer = round.dealer_cards();
    let bets: Vec<Value> = (0..round.bet_count())
        .map(|b| {
            let open = round.bet_open(b);
            json!({
                "id": &**round.bet_id(b),
                "box": round.bet_box(b),
                "net": if open { Value::Null } else { money_json(round.bet_net(b)) },
                "staked": money_json(round.bet_staked(b)),
                "returned": money_json(round.bet_returned(b)),
            })
        })
        .collect();
    let all_closed = (0..round.bet_count()).all(|b| !round.bet_open(b));
    json!({
        "complete": complete,
        "next": if complete { Value::Null } else { json!(round.expected()) },
        "dealer": {
            "cards": dealer.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "total": if dealer.is_empty() { Value::Null } else { json!(round.dealer_total().best) },
        },
        "bets": bets,
        "house_net": if all_closed { money_json(round.house_net()) } else { Value::Null },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(text: &str) -> Value {
        Value::Number(text.parse().unwrap())
    }

    /// Amounts are read from the number's own text: never rounded through an f64.
    #[test]
    fn amounts_are_read_exactly() {
        let good = [
            ("10", 1000),
            ("2.5", 250),
            ("0.10", 10),
            ("7.50000000000000000000", 750),
            ("25e-1", 250),
            ("1E3", 100_000),
            ("0.0005e2", 5),
            ("-0", 0),
            ("0e999999999999999999999", 0),
            ("9999999999.99", 999_999_999_999),
        ];
        for (text, cents) in good {
            assert_eq!(
                money_of(&number(text), "stake").map(Money::cents).ok(),
                Some(cents),
                "{text}"
            );
        }
        let bad = [
            ("4.999999999999999999999", "more than two decimals"),
            (
                "0.1000000000000000055511151231257827",
                "more than two decimals",
            ),
            ("1.005", "more than two decimals"),
            ("1e-3", "more than two decimals"),
            ("1e-99999999999999999999", "more than two decimals"),
            ("1e20", "too large"),
            ("1e99999999999999999999", "too large"),
            ("123456789012345678901234567890", "too large"),
        ];
        for (text, words) in bad {
            let e = money_of(&number(text), "stake").unwrap_err().to_string();
            assert!(e.contains(words), "{text}: {e}");
        }
    }

    /// The text written is exact at any size, and the same as earlier versions wrote.
    #[test]
    fn money_json_writes_the_exact_decimal() {
        let cases = [
            (2000, "20"),
            (-1500, "-15"),
            (750, "7.5"),
            (-3, "-0.03"),
            (10, "0.1"),
            (1005, "10.05"),
            (999_999_999_999, "9999999999.99"),
            (1_234_567_890_123_456_789, "12345678901234567.89"),
            (-1_234_567_890_123_456_780, "-12345678901234567.8"),
        ];
        for (cents, text) in cases {
            let v = money_json(Money::from_cents(cents));
            assert_eq!(v.to_string(), text);
            // Read back exactly; beyond the largest single amount, refused rather than rounded.
            let single = cents.abs() <= crate::engine::money::MAX_AMOUNT.cents();
            assert_eq!(
                money_of(&v, "x").ok().map(Money::cents),
                single.then_some(cents)
            );
            assert_eq!(v.as_number().and_then(cents_of_number), Some(cents));
        }
    }

    /// Each cause appears once in the error and its chain; echoed text is capped.
    #[test]
    fn errors_hold_their_cause_once() {
        let e = Script::parse(
            r#"{"rules": "czech", "bets": [{"id": "2a", "box": 2, "stake": 0}], "steps": []}"#,
            None,
        )
        .and_then(|s| s.play())
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "round script: bet \"2a\": a stake must be positive, got 0"
        );
        assert!(std::error::Error::source(&e).is_none());
        let e = Script::parse(r#"{"rules": "vegas", "bets": [], "steps": []}"#, None).unwrap_err();
        assert!(std::error::Error::source(&e).is_none());
        assert_eq!(e.to_string().matches("vegas").count(), 1, "{e}");
        let long = "Q".repeat(1_000_000);
        let text = format!(
            r#"{{"rules": "czech", "bets": [{{"id": "1a", "box": 1, "stake": 5}}], "steps": ["{long}"]}}"#
        );
        let e = Script::parse(&text, None)
            .and_then(|s| s.play())
            .unwrap_err()
            .to_string();
        assert!(e.len() < 600, "{} bytes", e.len());
        assert_eq!(e.matches("… (1000000 bytes)").count(), 2, "{e}");
    }
}

#[cfg(test)]
mod step_words_tests {
    use super::*;

    #[test]
    fn a_text_that_is_no_input_says_which_way_it_is_not() {
        let rules = Rules::preset("czech").unwrap();
        let bets = vec![BetSpec {
            id: Arc::from("1a"),
            box_no: 1,
            stake: Money::units(5),
        }];
        let round = Round::new(rules, Limits::NONE, bets).unwrap();
        let no_bet = StepWordsError::NoSuchBet {
            id: "9z".into(),
            bets: vec!["1a".into()],
        };
        for (text, want) in [
            ("insure 1a", StepWordsError::InsureForm),
            ("decline", StepWordsError::OneBet("decline".into())),
            ("stick now", StepWordsError::NoArguments("stick".into())),
            ("surrender 9z", no_bet.clone()),
            ("Zq", StepWordsError::NotCardNorDecision("Zq".into())),
        ] {
            assert_eq!(parse_step(text, &round), Err(want), "{text}");
        }
        assert_eq!(
            no_bet.to_string(),
            "there is no bet \"9z\" in this round (bets: 1a)"
        );
    }
}
