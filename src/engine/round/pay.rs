//! Paying (RULES.md A3 rounding, A4.3 offers, A4.4 surrender, A4.6 payouts): `pay` is the
//! only place a payout ratio is applied; every cent a bet gets back comes from it.

use super::{Outcome, Pay};
use crate::engine::money::{Money, Ratio};
use crate::engine::rules::Rules;

/// Everything the round pays, a closed list (A4.3, A4.4, A4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Payout {
    /// A hand lost (bust, or beaten at the showdown): nothing comes back.
    Lost,
    /// A tie that pushes (`ties`, `pontoon_vs_pontoon`): the stake comes back.
    Push,
    /// A winning hand, paid as it won.
    Win(Pay),
    /// Half the stake comes back, half is lost (A4.4).
    Surrender,
    /// A pontoon against the dealer's ace takes 1:1 at once (A4.3).
    EvenMoney,
    /// Insurance when the dealer makes pontoon: `insurance_pays` on the amount insured (A4.3).
    Insurance,
}

impl Outcome {
    /// What a hand's ending pays each riding bet on it.
    pub(super) fn payout(self) -> Payout {
        match self {
            Outcome::Bust | Outcome::Lose => Payout::Lost,
            Outcome::Push => Payout::Push,
            Outcome::Win(p) => Payout::Win(p),
            Outcome::Surrendered => Payout::Surrender,
        }
    }
}

/// What `stake` returns when paid as `what`, stake included, rounded down to the cent (A3).
/// The only place a payout ratio is applied: every cent a bet gets back comes from here.
pub(super) fn pay(rules: &Rules, what: Payout, stake: Money) -> Money {
    let ratio = match what {
        Payout::Lost => return Money::ZERO,
        Payout::Push => return stake,
        Payout::Surrender => return stake.times(Ratio::HALF),
        Payout::Win(Pay::Even) | Payout::EvenMoney => Ratio::EVEN,
        Payout::Win(Pay::Pontoon) => rules.pontoon_pays(),
        Payout::Win(Pay::FiveCardTrick) => rules.five_card_trick_pays(),
        // A hand wins as three of a kind only when the knob is set (`after_card`, a stick).
        Payout::Win(Pay::ThreeOfAKind) => rules.three_of_a_kind_pays().unwrap_or(Ratio::EVEN),
        Payout::Insurance => rules.insurance_pays(),
    };
    stake + stake.times(ratio)
}
