//! What the log keeps, in words: a refusal's code and values (`codes::RefusalCode`) and a
//! dealer's input as the round script wrote it (`stick`, `insure 1a 5`), said in the
//! viewer's language whenever it was logged. Words only; a text that is not an input is
//! shown as typed, marked so, never translated.

use super::errors::{card, not_now, pontis_refusal};
use super::words::{decision, rank};
use super::{Lang, amount};
use crate::codes::{NotNowCode, PontisRefusalCode, RefusalCode};
use crate::engine::{Card, Decision, Money};
use crate::t;

/// A card as the log wrote it (`Kh`, `9`), in the language; another text as it was.
fn card_text(lang: Lang, text: &str) -> String {
    text.parse::<Card>()
        .map(|c| card(lang, c))
        .unwrap_or_else(|_| text.to_string())
}

fn cents(lang: Lang, c: i64) -> String {
    amount(lang, Money::from_cents(c))
}

/// Why an input was refused, from the code the log keeps (or the replay derived).
pub fn refusal_code(lang: Lang, code: &RefusalCode) -> String {
    use RefusalCode as C;
    match code {
        C::RoundComplete => t!(lang, "error-round-complete"),
        C::CardNotWanted => t!(lang, "error-card-not-wanted"),
        C::DecisionNotWanted => t!(lang, "error-decision-not-wanted"),
        C::ImpossibleRank {
            card: c,
            decks,
            max,
        } => match c.parse::<Card>() {
            Ok(parsed) => t!(
                lang,
                "error-impossible-rank",
                card = card(lang, parsed),
                rank = rank(lang, parsed.rank),
                decks = *decks,
                max = *max as i64
            ),
            Err(_) => t!(lang, "error-impossible-suited", card = c, decks = *decks),
        },
        C::ImpossibleSuited { card: c, decks } => t!(
            lang,
            "error-impossible-suited",
            card = card_text(lang, c),
            decks = *decks
        ),
        C::NoSuchBet { n } => t!(lang, "error-no-such-bet", n = *n),
        C::BetNotInPlay { bet } => t!(lang, "error-bet-not-in-play", bet = bet),
        C::NotABackBet { bet } => t!(lang, "error-not-a-back-bet", bet = bet),
        C::BetFinished { bet } => t!(lang, "error-bet-finished", bet = bet),
        C::NotOnThisHand { bet } => t!(lang, "error-not-on-this-hand", bet = bet),
        C::OffersNotOpen => t!(lang, "error-offers-not-open"),
        C::OffersClosed => t!(lang, "error-offers-closed"),
        C::OfferTaken { bet } => t!(lang, "error-offer-taken", bet = bet),
        C::InsuranceAmount { bet, max_cents } => t!(
            lang,
            "error-insurance-amount",
            bet = bet,
            max = cents(lang, *max_cents)
        ),
        C::EvenMoneyNotOffered => t!(lang, "error-even-money-not-offered"),
        C::NoPontoon { bet } => t!(lang, "error-no-pontoon", bet = bet),
        C::BuyAfterTwist => t!(lang, "error-buy-after-twist"),
        C::CardNotBuyable { n } if *n >= 5 => t!(lang, "error-fifth-not-buyable"),
        C::CardNotBuyable { n } => t!(lang, "error-card-not-buyable", n = *n),
        C::NotAPair { .. }
        | C::SplitNeedsTwoCards
        | C::SplitLimit { .. }
        | C::AceSplitLimit { .. }
        | C::SplitAceNoDecision { .. }
        | C::StickBelowMinimum { .. }
        | C::SurrenderNotAllowed
        | C::SurrenderAgainstAce
        | C::SurrenderTooLate
        | C::DeclinedTwice { .. }
        | C::NothingToDecline
        | C::DeclineMustPrecede => hand_refusal(lang, code),
        C::NoBets
        | C::NoSuchBox { .. }
        | C::DuplicateBet { .. }
        | C::StakeNotPositive { .. }
        | C::BelowMinimum { .. }
        | C::OverBoxMax { .. }
        | C::TooManyBets { .. }
        | C::BadLimits { .. }
        | C::UnreadableInput
        | C::Unended
        | C::NotNow { .. } => bets_refusal(lang, code),
    }
}

/// Why a Pontis input was refused, from the code the log keeps (or the replay derived):
/// the words the screen gave when it was refused, in the viewer's language.
pub fn pontis_refusal_code(lang: Lang, code: &PontisRefusalCode) -> String {
    match (code, code.to_play()) {
        (_, Some(r)) => pontis_refusal(lang, &r),
        (PontisRefusalCode::UnreadableInput, None) => t!(lang, "error-unreadable-input"),
        // Values that are no cards: a code written by hand, shown as logged.
        (other, None) => t!(lang, "error-as-logged", text = format!("{other:?}")),
    }
}

/// The codes of a hand's decisions refused: splits, sticks, surrenders, declines.
fn hand_refusal(lang: Lang, code: &RefusalCode) -> String {
    use RefusalCode as C;
    match code {
        C::NotAPair { a, b } => t!(
            lang,
            "error-not-a-pair",
            a = card_text(lang, a),
            b = card_text(lang, b)
        ),
        C::SplitNeedsTwoCards => t!(lang, "error-split-needs-two"),
        C::SplitLimit { n } => t!(lang, "error-split-limit", n = *n as i64),
        C::AceSplitLimit { n } => t!(lang, "error-ace-split-limit", n = *n as i64),
        C::SplitAceNoDecision { decision: d } => t!(
            lang,
            "error-split-ace-no-decision",
            decision = Decision::from_word(d).map_or_else(|| d.clone(), |d| decision(lang, d))
        ),
        C::StickBelowMinimum { total, min } => t!(
            lang,
            "error-stick-below-minimum",
            total = *total as i64,
            min = *min
        ),
        C::SurrenderNotAllowed => t!(lang, "error-surrender-not-allowed"),
        C::SurrenderAgainstAce => t!(lang, "error-surrender-against-ace"),
        C::SurrenderTooLate => t!(lang, "error-surrender-too-late"),
        C::DeclinedTwice { bet } => t!(lang, "error-declined-twice", bet = bet),
        C::NothingToDecline => t!(lang, "error-nothing-to-decline"),
        C::DeclineMustPrecede => t!(lang, "error-decline-must-precede"),
        // `refusal_code` sends only the codes above here.
        other => t!(lang, "error-as-logged", text = format!("{other:?}")),
    }
}

/// The codes of bets that would not start a round, and of lines that were no input or
/// came when they could not be taken.
fn bets_refusal(lang: Lang, code: &RefusalCode) -> String {
    use RefusalCode as C;
    match code {
        C::NoBets => t!(lang, "error-no-bets"),
        C::NoSuchBox { bet, box_no, boxes } => t!(
            lang,
            "error-no-such-box",
            bet = bet,
            box_no = *box_no,
            boxes = *boxes
        ),
        C::DuplicateBet { bet } => t!(lang, "error-duplicate-bet", bet = bet),
        C::StakeNotPositive { bet, stake_cents } => t!(
            lang,
            "error-stake-not-positive",
            bet = bet,
            stake = cents(lang, *stake_cents)
        ),
        C::BelowMinimum {
            bet,
            stake_cents,
            min_cents,
        } => t!(
            lang,
            "error-below-minimum",
            bet = bet,
            stake = cents(lang, *stake_cents),
            min = cents(lang, *min_cents)
        ),
        C::OverBoxMax {
            box_no,
            total_cents,
            max_cents,
        } => t!(
            lang,
            "error-over-box-max",
            box_no = *box_no,
            total = cents(lang, *total_cents),
            max = cents(lang, *max_cents)
        ),
        C::TooManyBets { box_no, count, max } => t!(
            lang,
            "error-too-many-bets",
            box_no = *box_no,
            count = *count,
            max = *max
        ),
        C::BadLimits { detail } => t!(lang, "error-bad-limits", detail = detail),
        C::UnreadableInput => t!(lang, "error-unreadable-input"),
        C::Unended => t!(lang, "error-unended-input"),
        C::NotNow { why } => not_now_code(lang, why),
        // The round's codes are said by `refusal_code`, which sends only these here.
        other => t!(lang, "error-as-logged", text = format!("{other:?}")),
    }
}

fn not_now_code(lang: Lang, why: &NotNowCode) -> String {
    match why.not_now() {
        Ok(n) => not_now(lang, &n),
        Err(text) => t!(lang, "error-as-logged", text = text),
    }
}

/// A dealer's input as the round script wrote it, in words: a card (`K♥`), a decision
/// (`stát`), an offer (`pojištění 1a 5,00`). A text that is none of these is shown as
/// typed, marked so.
pub fn input(lang: Lang, text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let keyword = words.first().map(|w| w.to_ascii_lowercase());
    let shown = match (keyword.as_deref(), &words[..]) {
        (_, [one]) => Decision::from_word(one)
            .map(|d| decision(lang, d))
            .or_else(|| one.parse::<Card>().ok().map(|c| card(lang, c))),
        (Some("surrender"), [_, bet]) => Some(t!(lang, "play-step-surrender-bet", bet = *bet)),
        (Some("even-money"), [_, bet]) => Some(t!(lang, "play-step-even-money", bet = *bet)),
        (Some("decline"), [_, bet]) => Some(t!(lang, "play-step-decline", bet = *bet)),
        (Some("insure"), [_, bet, m]) => Money::parse(m).ok().map(|m| {
            t!(
                lang,
                "play-step-insure",
                bet = *bet,
                amount = amount(lang, m)
            )
        }),
        _ => None,
    };
    shown.unwrap_or_else(|| t!(lang, "logged-typed", text = text))
}

/// Inputs in a row, each in words.
pub fn inputs<'t>(lang: Lang, texts: impl IntoIterator<Item = &'t str>) -> String {
    texts
        .into_iter()
        .map(|t| input(lang, t))
        .collect::<Vec<_>>()
        .join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_code_has_words_in_every_language() {
        for lang in Lang::ALL {
            for code in RefusalCode::examples() {
                let words = refusal_code(lang, &code);
                assert!(
                    !words.is_empty() && !words.contains("error-") && !words.contains('{'),
                    "{lang:?} {code:?}: {words}"
                );
                if lang != Lang::En
                    && !matches!(
                        code,
                        RefusalCode::NotNow {
                            why: NotNowCode::Other(_)
                        } | RefusalCode::BadLimits { .. }
                    )
                {
                    assert_ne!(words, refusal_code(Lang::En, &code), "{lang:?} {code:?}");
                }
            }
        }
    }

    /// Every Pontis code is worded in every language, each other than English, and as
    /// the screen words the engine's refusal it was made from.
    #[test]
    fn every_pontis_refusal_code_has_words_in_every_language() {
        for lang in Lang::ALL {
            for code in PontisRefusalCode::examples() {
                let words = pontis_refusal_code(lang, &code);
                assert!(
                    !words.is_empty()
                        && !words.contains("error-")
                        && !words.contains('{')
                        && !words.contains("as logged"),
                    "{lang:?} {code:?}: {words}"
                );
                if let Some(r) = code.to_play() {
                    assert_eq!(words, pontis_refusal(lang, &r));
                }
                if lang != Lang::En {
                    assert_ne!(
                        words,
                        pontis_refusal_code(Lang::En, &code),
                        "{lang:?} {code:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn an_input_is_said_in_the_language_and_a_stray_text_as_typed() {
        assert_eq!(
            input(Lang::Cs, "stick"),
            decision(Lang::Cs, Decision::Stick)
        );
        assert_ne!(input(Lang::Uk, "insure 1a 5"), "insure 1a 5");
        assert!(input(Lang::Uk, "insure 1a 5").contains("1a"));
        let typed = input(Lang::Ru, "bets 1a:20 xyz");
        assert!(typed.contains("bets 1a:20 xyz"), "{typed}");
        assert_eq!(input(Lang::En, "stick"), "stick");
    }
}
