//! The engines: cards, shoe, rules, the Pontoon round state machine and settlement, and
//! Pontis (`pontis`). Pure: no I/O, no clock, no SQL, no UI. Every rule of RULES.md parts
//! A and B lives here once.

pub mod card;
pub mod hand;
pub mod json;
pub mod money;
pub mod pontis;
pub mod round;
pub mod rules;
pub mod shoe;

pub use card::{Card, DeckCard, NotACard, NotADeckCard, Rank, Suit};
pub use hand::Total;
pub use money::{Currency, CurrencyError, Money, MoneyError, Ratio};
pub use round::{
    BetId, BetIx, BetSpec, CardReason, CardTo, Checked, Decision, Expecting, Hand, HandState,
    Limits, LineKind, Move, Next, Offer, OpenOffer, Outcome, Pay, Refusal, Round, RoundFigures,
    Seat, SettleLine, SettleTotals, SetupError, Stand, Step, StepError, Want,
};
pub use rules::{Rules, RulesError};
pub use shoe::{ImpossibleCard, Shoe};

/// Most characters of user text that a message echoes.
const SHOWN_CHARS: usize = 40;

/// User text as a message echoes it: at most 40 characters, then "… (N bytes)", with
/// control characters escaped, so that a refusal stays one short line whatever was typed.
pub(crate) fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    let long = text.chars().nth(SHOWN_CHARS).is_some();
    if !long && !text.contains(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::new();
    for c in text.chars().take(SHOWN_CHARS) {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if long {
        out.push_str(&format!("… ({} bytes)", text.len()));
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::shown;

    #[test]
    fn shown_caps_and_escapes_user_text() {
        let cases = [
            ("K", "K".to_string()),
            ("a\nb\tc", "a\\nb\\tc".to_string()),
            (&"é".repeat(40), "é".repeat(40)),
            (&"é".repeat(41), format!("{}… (82 bytes)", "é".repeat(40))),
            (
                &"x".repeat(50_000_000),
                format!("{}… (50000000 bytes)", "x".repeat(40)),
            ),
        ];
        for (text, want) in cases {
            assert_eq!(shown(text), want, "{} bytes", text.len());
        }
    }
}
