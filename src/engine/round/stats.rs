//! A round's figures, as the log and the reports keep them (A4.7 handle and paid, house
//! net, the largest net, and what happened): counted from the round's state, never a
//! second settlement, and built here only.

use super::pay::{Payout, pay};
use super::{BetState, HandState, Outcome, Pay, Round};
use crate::engine::hand::is_ace_ten;
use crate::engine::money::Money;

/// A round's figures: what was staked and paid, the house's net, the largest single bet's
/// net (the biggest payout of the round, or its smallest loss), and what happened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundFigures {
    /// Everything staked: stakes, buys, split stakes, insurance.
    pub handle: Money,
    /// Everything returned to the players, stakes included.
    pub paid: Money,
    /// handle − paid = −Σ net.
    pub house_net: Money,
    pub max_net: Money,
    pub insurance_taken: Money,
    /// Returned on insurance (stake and winnings) when the dealer made pontoon.
    pub insurance_paid: Money,
    pub even_money: u32,
    pub splits: u32,
    pub buys: u32,
    /// Hands paid as pontoon / five-card trick / three of a kind.
    pub pontoons: u32,
    pub five_card_tricks: u32,
    pub three_of_a_kinds: u32,
    pub surrenders: u32,
}

impl Round {
    /// The round's figures so far (final once the round is complete).
    pub fn figures(&self) -> RoundFigures {
        let mut st = RoundFigures {
            house_net: self.house_net(),
            max_net: (0..self.bet_count())
                .map(|b| self.bet_net(b))
                .max()
                .unwrap_or(Money::ZERO),
            ..RoundFigures::default()
        };
        let dealer_pontoon = is_ace_ten(&self.dealer);
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
