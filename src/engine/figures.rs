//! A finished round's figures, as the log and the reports keep them: built here, once,
//! from the round's own accounts (`Round::stats`, its nets).

use super::money::Money;
use super::round::Round;

/// Handle = everything staked (stakes, buys, split stakes, insurance); paid = everything
/// returned to the players, stakes included; house net = handle − paid; max net = the
/// largest single bet's net (the biggest payout of the round, or its smallest loss).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundFigures {
    pub handle: Money,
    pub paid: Money,
    pub house_net: Money,
    pub max_net: Money,
    pub insurance_taken: Money,
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

impl RoundFigures {
    /// The figures of a round (final once it is complete).
    pub fn of(r: &Round) -> RoundFigures {
        let st = r.stats();
        RoundFigures {
            handle: st.handle,
            paid: st.paid,
            house_net: r.house_net(),
            max_net: (0..r.bet_count())
                .map(|b| r.bet_net(b))
                .max()
                .unwrap_or(Money::ZERO),
            insurance_taken: st.insurance_taken,
            insurance_paid: st.insurance_paid,
            even_money: st.even_money,
            splits: st.splits,
            buys: st.buys,
            pontoons: st.pontoons,
            five_card_tricks: st.five_card_tricks,
            three_of_a_kinds: st.three_of_a_kinds,
            surrenders: st.surrenders,
        }
    }
}
