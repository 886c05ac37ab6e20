//! Paying (RULES.md A3 rounding, A4.3 offers, A4.4 surrender, A4.6 payouts): `pay` is the
//! only place a payout ratio is applied; every cent a bet gets back comes from it. The
//! only module that applies a ratio to money (`tests/structure.rs`,
//! `payouts_are_made_only_in_pay`).

use super::{Outcome, Pay};
use crate::engine::money::{Money, Ratio};
use crate::engine::rules::{Rules, TrickStakes};

/// Everything the round pays, a closed list (A4.3, A4.4, A4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Payout {
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
    pub fn payout(self) -> Payout {
        match self {
            Outcome::Bust | Outcome::Lose => Payout::Lost,
            Outcome::Push => Payout::Push,
            Outcome::Win(p) => Payout::Win(p),
            Outcome::Surrendered => Payout::Surrender,
        }
    }
}

/// What a payout gives back, as a share of the stake paid (A3, A4.3, A4.4, A4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Returns {
    Nothing,
    Stake,
    /// A part of the stake (surrender).
    Part(Ratio),
    /// The stake and this ratio of it.
    StakeAnd(Ratio),
}

/// The one table of what each payout returns.
fn returns(rules: &Rules, what: Payout) -> Returns {
    match what {
        Payout::Lost => Returns::Nothing,
        Payout::Push => Returns::Stake,
        Payout::Surrender => Returns::Part(Ratio::HALF),
        Payout::Win(Pay::Even) | Payout::EvenMoney => Returns::StakeAnd(Ratio::EVEN),
        Payout::Win(Pay::Pontoon) => Returns::StakeAnd(rules.pontoon_pays()),
        Payout::Win(Pay::FiveCardTrick) => Returns::StakeAnd(rules.five_card_trick_pays()),
        // A hand wins as three of a kind only when the knob is set (`after_card`, a stick).
        Payout::Win(Pay::ThreeOfAKind) => {
            Returns::StakeAnd(rules.three_of_a_kind_pays().unwrap_or(Ratio::EVEN))
        }
        Payout::Insurance => Returns::StakeAnd(rules.insurance_pays()),
    }
}

/// What `stake` returns when paid as `what`, stake included, rounded down to the cent (A3).
/// The only place a payout ratio is applied: every cent a bet gets back comes from here.
pub(super) fn pay(rules: &Rules, what: Payout, stake: Money) -> Money {
    match returns(rules, what) {
        Returns::Nothing => Money::ZERO,
        Returns::Stake => stake,
        Returns::Part(r) => stake.times(r),
        Returns::StakeAnd(r) => stake + stake.times(r),
    }
}

/// How each stake bought on a hand is paid when the hand is paid as `what`: as the stake it
/// started with, except a five-card trick under `five_card_trick_stakes: "original"`, whose
/// bought stakes are paid 1:1 (A4.6, A5).
pub fn bought_payout(rules: &Rules, what: Payout) -> Payout {
    match (what, rules.five_card_trick_stakes()) {
        (Payout::Win(Pay::FiveCardTrick), TrickStakes::Original) => Payout::Win(Pay::Even),
        _ => what,
    }
}

/// What a hand's stack returns when paid as `what`: `units` stakes of `stake` (the one the
/// hand started with, then one for each buy), stake included. The first stake is paid as
/// `what`, the bought ones as [`bought_payout`] says; paid alike, the stack is paid as one
/// amount (rounded once, A3).
pub(super) fn pay_stack(rules: &Rules, what: Payout, stake: Money, units: u8) -> Money {
    let all = stack(stake, units);
    let bought = bought_payout(rules, what);
    if bought == what || units == 0 {
        pay(rules, what, all)
    } else {
        pay(rules, what, stake) + pay(rules, bought, all - stake)
    }
}

/// `units` stakes of `stake`: what a hand's stack holds for one bet (the stake it started
/// with, then one for each buy).
pub(super) fn stack(stake: Money, units: u8) -> Money {
    Money::from_cents(stake.cents() * units as i64)
}

/// The most a bet of `stake` may insure for (A4.3): `insurance_max` of it, rounded down
/// to the cent (A3).
pub fn insurance_cap(rules: &Rules, stake: Money) -> Money {
    stake.times(rules.insurance_max())
}

/// The net of one unit staked and paid as `what`, before rounding to the cent, as an exact
/// fraction `(numerator, denominator)`: −1 for a loss, 0 for a push, −1/2 for a surrender,
/// 3/2 for a five-card trick at 3:2. For expected values (the house-edge lab); payments
/// go through [`pay`].
pub fn unit_net(rules: &Rules, what: Payout) -> (i64, i64) {
    match returns(rules, what) {
        Returns::Nothing => (-1, 1),
        Returns::Stake => (0, 1),
        Returns::Part(r) => (r.num() as i64 - r.den() as i64, r.den() as i64),
        Returns::StakeAnd(r) => (r.num() as i64, r.den() as i64),
    }
}
