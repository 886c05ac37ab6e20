//! The round in words: why a step was refused, what is expected now, a step as a round
//! script writes it, a hand's outcome. Words only: nothing here decides a rule.

use std::fmt;

use super::{BetIx, Decision, Outcome, Pay, Refusal, Round, Step, StepError};

impl Round {
    pub(super) fn error(&self, refusal: Refusal) -> StepError {
        StepError {
            reason: self.describe(&refusal),
            expected: self.expected(),
            refusal,
        }
    }

    fn name(&self, b: BetIx) -> String {
        match self.bets.get(b) {
            Some(_) => format!("bet {}", self.specs[b].id),
            None => format!("bet #{}", b + 1),
        }
    }

    /// Why a refusal, in words a dealer reads.
    pub(crate) fn describe(&self, r: &Refusal) -> String {
        match r {
            Refusal::RoundComplete => "the round is already complete".into(),
            Refusal::CardNotWanted => "a card is not wanted now: a decision is due".into(),
            Refusal::DecisionNotWanted => "no decision is due now: a card is wanted".into(),
            Refusal::Impossible(e) => e.to_string(),
            Refusal::NoSuchBet(b) => format!("there is no bet #{}", b + 1),
            Refusal::BetNotInPlay(b) => format!("{} is not on the box in play", self.name(*b)),
            Refusal::NotABackBet(b) => format!(
                "{} is the box holder's bet: the holder surrenders with 'surrender' and cannot decline",
                self.name(*b)
            ),
            Refusal::BetFinished(b) => {
                format!("{} is already finished (surrendered or took even money)", self.name(*b))
            }
            Refusal::NotOnThisHand(b) => format!("{} has no stake on this hand", self.name(*b)),
            Refusal::OffersNotOpen => {
                "insurance and even money are offered only when the dealer's card is an ace, right after the deal".into()
            }
            Refusal::OffersClosed => {
                "the offers are closed: they end with the first input that is not an offer".into()
            }
            Refusal::OfferTaken(b) => format!(
                "{} has already taken insurance or even money (at most one, once)",
                self.name(*b)
            ),
            Refusal::InsuranceAmount { bet, max } => {
                let limit = self.rules.insurance_max();
                let share = if limit.num() == limit.den() {
                    "all".to_string()
                } else {
                    format!("{}/{}", limit.num(), limit.den())
                };
                format!(
                    "insurance for {} must be more than 0 and at most {max} ({share} of its stake, rounded down)",
                    self.name(*bet)
                )
            }
            Refusal::EvenMoneyNotOffered => "even money is not offered under these rules".into(),
            Refusal::NoPontoon(b) => {
                format!("{}'s box has no pontoon, so it cannot take even money", self.name(*b))
            }
            Refusal::BuyAfterTwist => "this hand has twisted, so it may no longer buy".into(),
            Refusal::CardNotBuyable(n) if *n >= 5 => {
                format!("card {n} may not be bought: the fifth card can only be twisted")
            }
            Refusal::CardNotBuyable(n) => format!("card {n} of a hand may not be bought under these rules"),
            Refusal::NotAPair(a, b) => format!("{a} and {b} are not a pair, so they cannot be split"),
            Refusal::SplitNeedsTwoCards => "only the first two cards of a hand can be split".into(),
            Refusal::SplitLimit(m) => format!("this box has already split {m} times, the most the rules allow"),
            Refusal::AceSplitLimit(m) => format!("aces may be split only {m} time(s) per box"),
            Refusal::SplitAceNoDecision(d) => {
                format!("a split ace takes its card with no decision ('{}' refused)", d.word())
            }
            Refusal::StickBelowMinimum { total, min } => {
                format!("a hand may not stick on {total}: the lowest total to stick on is {min}")
            }
            Refusal::SurrenderNotAllowed => "surrender is not allowed under these rules".into(),
            Refusal::SurrenderAgainstAce => "no surrender when the dealer's card is an ace".into(),
            Refusal::SurrenderTooLate => {
                "surrender is only the first decision on a box's unsplit two-card hand".into()
            }
            Refusal::DeclinedTwice(b) => format!("{} has already declined", self.name(*b)),
            Refusal::NothingToDecline => "no buy or split is possible on this hand, so there is nothing to decline".into(),
            Refusal::DeclineMustPrecede => {
                "a decline must stand right before its buy or split".into()
            }
        }
    }

    /// What the round expects now, in words (the round script's `next`, the status line):
    /// the English of [`Round::expecting`].
    pub fn expected(&self) -> String {
        self.expecting().to_string()
    }

    /// A step as the round script writes it.
    pub(crate) fn step_text(&self, step: Step) -> String {
        let id = |b: BetIx| {
            self.specs
                .get(b)
                .map(|x| x.id.to_string())
                .unwrap_or_else(|| format!("#{}", b + 1))
        };
        match step {
            Step::Card(c) => c.to_string(),
            Step::Stick => Decision::Stick.word().into(),
            Step::Twist => Decision::Twist.word().into(),
            Step::Buy => Decision::Buy.word().into(),
            Step::Split => Decision::Split.word().into(),
            Step::Surrender => Decision::Surrender.word().into(),
            Step::SurrenderBet(b) => format!("surrender {}", id(b)),
            Step::Insure(b, m) => format!("insure {} {m}", id(b)),
            Step::EvenMoney(b) => format!("even-money {}", id(b)),
            Step::Decline(b) => format!("decline {}", id(b)),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Bust => "bust",
            Outcome::Lose => "lost",
            Outcome::Push => "push",
            Outcome::Win(Pay::Even) => "won",
            Outcome::Win(Pay::Pontoon) => "pontoon",
            Outcome::Win(Pay::FiveCardTrick) => "five-card trick",
            Outcome::Win(Pay::ThreeOfAKind) => "three of a kind",
            Outcome::Surrendered => "surrendered",
        })
    }
}
