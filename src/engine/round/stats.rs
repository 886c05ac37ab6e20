//! A round's figures, as the log and the reports keep them (A4.7 handle and paid, house
//! net, the largest net, and what happened): counted from the round's state, never a
//! second settlement, and built here only.

use super::pay::{Payout, pay};
use super::{BetState, HandState, Outcome, Pay, Round};
use crate::engine::money::Money;

/// A round's figures: what was staked and paid, the house's net, the largest single bet's
/// net (the biggest payout of the round, or its smallest loss), and what happened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundFigures {
    /// Everything staked: stakes, buys, split stakes, insurance.
    pub(crate) handle: Money,
    /// Everything returned to the players, stakes included.
    pub(crate) paid: Money,
    /// handle − paid = −Σ net.
    pub(crate) house_net: Money,
    pub(crate) max_net: Money,
    pub(crate) insurance_taken: Money,
    /// Returned on insurance (stake and winnings) when the dealer made pontoon.
    pub(crate) insurance_paid: Money,
    pub(crate) even_money: u32,
    pub(crate) splits: u32,
    pub(crate) buys: u32,
    /// Hands paid as pontoon / five-card trick / three of a kind.
    pub(crate) pontoons: u32,
    pub(crate) five_card_tricks: u32,
    pub(crate) three_of_a_kinds: u32,
    pub(crate) surrenders: u32,
}

impl Round {
    /// The round's figures so far (final once the round is complete).
    pub(crate) fn figures(&self) -> RoundFigures {
        let mut st = RoundFigures {
            house_net: self.house_net(),
            max_net: (0..self.bet_count())
                .map(|b| self.bet_net(b))
                .max()
                .unwrap_or(Money::ZERO),
            ..RoundFigures::default()
        };
        let dealer_pontoon = super::rulings::dealer_pontoon(&self.dealer);
        for bet in &self.bets {
            st.handle += bet.staked;
            st.paid += bet.returned;
            match bet.state {
                BetState::Insured { amount, settled } => {
                    st.insurance_taken += amount;
                    if settled && dealer_pontoon {
                        st.insurance_paid += pay(&self.rules, Payout::Insurance, amount);
                    }
                }
                BetState::EvenMoney => st.even_money += 1,
                BetState::Surrendered => st.surrenders += 1,
                BetState::Riding => {}
            }
        }
        for seat in &self.seats {
            st.splits += seat.splits as u32;
            for h in &seat.hands {
                // The holder follows every buy: its units beyond the first are the buys.
                st.buys += h.units[0].saturating_sub(1) as u32;
                match h.state {
                    HandState::Settled(Outcome::Win(Pay::Pontoon)) => st.pontoons += 1,
                    HandState::Settled(Outcome::Win(Pay::FiveCardTrick)) => {
                        st.five_card_tricks += 1
                    }
                    HandState::Settled(Outcome::Win(Pay::ThreeOfAKind)) => st.three_of_a_kinds += 1,
                    _ => {}
                }
            }
        }
        st
    }
}
