//! The settlement as a dealer pays it, stack by stack (issue 13): each bet's stake on each
//! of its hands, and each side stake (insurance, even money, a surrender), with what it
//! staked and what `pay` returned for it. Read-only: the amounts are the ones `pay` gave
//! when the round settled (the same function on the same stake), and a bet's lines add up
//! to its `bet_staked` and `bet_returned` (tests.rs checks this on every state).

use super::pay::{Payout, pay, pay_stack, stack};
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
    /// What `pay` returned for it (a hand's stack: `pay_stack`), stake included.
    pub returned: Money,
}

impl SettleLine {
    /// Returned − staked: what to pay (positive) or collect (negative).
    pub fn net(&self) -> Money {
        self.returned - self.staked
    }
}

/// What the dealer pays and collects over the whole settlement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettleTotals {
    /// The sum of the lines that win (their nets).
    pub pay: Money,
    /// The sum of the lines that lose (their nets, as a positive amount).
    pub collect: Money,
}

impl Round {
    /// The settlement line by line, as the dealer's hand moves over the felt, in deal order
    /// (box 1 to the last): on each box, its hands in order, and on each hand every bet's
    /// stack there (holder first: 1a and 1b on hand 1, then on hand 2); then the box's side
    /// stakes and early finishes (insurance, even money, surrender), holder first.
    pub fn settlement_lines(&self) -> Vec<SettleLine> {
        let dealer_pontoon = is_ace_ten(&self.dealer);
        let mut lines = Vec::new();
        for seat in &self.seats {
            let line = |b, kind, staked, returned| SettleLine {
                bet: b,
                kind,
                staked,
                returned,
            };
            let hands = seat.hands.len();
            for (hand, h) in seat.hands.iter().enumerate() {
                for (pos, &b) in seat.bets.iter().enumerate() {
                    let bet = &self.bets[b];
                    if !matches!(bet.state, BetState::Riding | BetState::Insured { .. })
                        || h.units[pos] == 0
                    {
                        continue;
                    }
                    let staked = stack(bet.stake, h.units[pos]);
                    let outcome = match h.state {
                        HandState::Settled(o) => Some(o),
                        _ => None,
                    };
                    let returned = outcome
                        .map(|o| pay_stack(&self.rules, o.payout(), bet.stake, h.units[pos]))
                        .unwrap_or(Money::ZERO);
                    let kind = LineKind::Hand {
                        hand,
                        hands,
                        outcome,
                    };
                    lines.push(line(b, kind, staked, returned));
                }
            }
            for &b in &seat.bets {
                let bet = &self.bets[b];
                match bet.state {
                    // Finished early: one payment, on the original stake (its first decision).
                    BetState::EvenMoney => lines.push(line(
                        b,
                        LineKind::EvenMoney,
                        bet.stake,
                        pay(&self.rules, Payout::EvenMoney, bet.stake),
                    )),
                    BetState::Surrendered => lines.push(line(
                        b,
                        LineKind::Surrender,
                        bet.stake,
                        pay(&self.rules, Payout::Surrender, bet.stake),
                    )),
                    BetState::Insured { amount, settled } => {
                        let returned = if settled && dealer_pontoon {
                            pay(&self.rules, Payout::Insurance, amount)
                        } else {
                            Money::ZERO
                        };
                        lines.push(line(b, LineKind::Insurance { settled }, amount, returned));
                    }
                    BetState::Riding => {}
                }
            }
        }
        lines
    }

    /// What the settlement pays and collects in all: the winning lines' nets and the losing
    /// lines' nets (pay − collect is the players' net, the house net's opposite).
    pub fn settlement_totals(&self) -> SettleTotals {
        let mut t = SettleTotals {
            pay: Money::ZERO,
            collect: Money::ZERO,
        };
        for l in self.settlement_lines() {
            let net = l.net();
            if net.is_positive() {
                t.pay += net;
            } else {
                t.collect += -net;
            }
        }
        t
    }
}
