//! The settlement as a dealer pays it, stack by stack (issue 13): each bet's stake on each
//! of its hands, and each side stake (insurance, even money, a surrender), with what it
//! staked and what `pay` returned for it. Read-only: the amounts are the ones `pay` gave
//! when the round settled (the same function on the same stake), and a bet's lines add up
//! to its `bet_staked` and `bet_returned` (tests.rs checks this on every state).

use super::pay::{Payout, pay};
use super::{BetIx, BetState, HandState, Outcome, Round};
use crate::engine::hand::is_ace_ten;
use crate::engine::money::Money;

/// What one line of the settlement is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// The bet's stake on hand `hand` (0-based) of `hands` on its box; `outcome` is `None`
    /// while the hand is open.
    Hand {
        hand: usize,
        hands: usize,
        outcome: Option<Outcome>,
    },
    /// Insurance; `settled` once the dealer's second card told.
    Insurance { settled: bool },
    /// Even money taken on a pontoon against the dealer's ace.
    EvenMoney,
    /// The bet surrendered (alone, or with its box): half back.
    Surrender,
}

/// One stack the dealer pays or collects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettleLine {
    pub bet: BetIx,
    pub kind: LineKind,
    /// What this stack staked (a hand's stake counts its buys).
    pub staked: Money,
    /// What `pay` returned for it, stake included.
    pub returned: Money,
}

impl SettleLine {
    /// Returned − staked: what to pay (positive) or collect (negative).
    pub fn net(&self) -> Money {
        self.returned - self.staked
    }
}

impl Round {
    /// The settlement line by line, in table order: box by box, each bet on the box (holder
    /// first), its hands in order, then its side stake.
    pub fn settlement_lines(&self) -> Vec<SettleLine> {
        let dealer_pontoon = is_ace_ten(&self.dealer);
        let mut lines = Vec::new();
        for seat in &self.seats {
            for (pos, &b) in seat.bets.iter().enumerate() {
                let bet = &self.bets[b];
                let line = |kind, staked, returned| SettleLine {
                    bet: b,
                    kind,
                    staked,
                    returned,
                };
                match bet.state {
                    // Finished early: one payment, on the original stake (its first decision).
                    BetState::EvenMoney => lines.push(line(
                        LineKind::EvenMoney,
                        bet.stake,
                        pay(&self.rules, Payout::EvenMoney, bet.stake),
                    )),
                    BetState::Surrendered => lines.push(line(
                        LineKind::Surrender,
                        bet.stake,
                        pay(&self.rules, Payout::Surrender, bet.stake),
                    )),
                    BetState::Riding | BetState::Insured { .. } => {
                        let hands = seat.hands.len();
                        for (hand, h) in seat.hands.iter().enumerate() {
                            if h.units[pos] == 0 {
                                continue;
                            }
                            let staked = Money::from_cents(bet.stake.cents() * h.units[pos] as i64);
                            let outcome = match h.state {
                                HandState::Settled(o) => Some(o),
                                _ => None,
                            };
                            let returned = outcome
                                .map(|o| pay(&self.rules, o.payout(), staked))
                                .unwrap_or(Money::ZERO);
                            lines.push(line(
                                LineKind::Hand {
                                    hand,
                                    hands,
                                    outcome,
                                },
                                staked,
                                returned,
                            ));
                        }
                        if let BetState::Insured { amount, settled } = bet.state {
                            let returned = if settled && dealer_pontoon {
                                pay(&self.rules, Payout::Insurance, amount)
                            } else {
                                Money::ZERO
                            };
                            lines.push(line(LineKind::Insurance { settled }, amount, returned));
                        }
                    }
                }
            }
        }
        lines
    }
}
