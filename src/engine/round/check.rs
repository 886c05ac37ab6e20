//! Checking a step (RULES.md A4.3–A4.4, and every "input out of order" of A4): every
//! legality rule, and nothing else. What a check finds goes into a [`Checked`] token, which
//! `play` carries out without looking again; a refusal changes nothing.

use super::refusal::Refusal;
use super::{At, BetIx, Decision, HandState, Offer, Phase, Round, Step, rulings};
use crate::engine::card::{Card, Rank};
use crate::engine::money::Money;

/// A refused step: why, and what the round expected instead. The round is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}; expected {expected}")]
pub struct StepError {
    pub(crate) refusal: Refusal,
    pub(crate) reason: String,
    pub(crate) expected: String,
}

/// Where a checked card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Target {
    /// Position `n` of the initial deal.
    Deal(usize),
    Hand(At),
    Dealer,
}

/// A step as `check` found it: with the hand in play, the bet, or where the card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Act {
    Card(Card, Target),
    Insure(BetIx, Money),
    EvenMoney(BetIx),
    Decline(BetIx),
    SurrenderBet(BetIx),
    Stick(At),
    Twist(At),
    Buy(At),
    Split(At),
    Surrender(At),
}

/// A step that [`Round::check_step`] accepted, carrying what the check found, for
/// [`Round::perform`]. Only the round makes one; it is performed once (not `Clone`).
#[must_use = "a checked step does nothing until it is performed"]
#[derive(Debug, PartialEq, Eq)]
pub struct Checked {
    pub(super) act: Act,
    /// The round's `moves` when it was checked: the state it is valid in.
    pub(super) moves: u32,
}

impl Checked {
    /// The step that was checked.
    pub(crate) fn step(&self) -> Step {
        match self.act {
            Act::Card(card, _) => Step::Card(card),
            Act::Insure(b, amount) => Step::Insure(b, amount),
            Act::EvenMoney(b) => Step::EvenMoney(b),
            Act::Decline(b) => Step::Decline(b),
            Act::SurrenderBet(b) => Step::SurrenderBet(b),
            Act::Stick(_) => Step::Stick,
            Act::Twist(_) => Step::Twist,
            Act::Buy(_) => Step::Buy,
            Act::Split(_) => Step::Split,
            Act::Surrender(_) => Step::Surrender,
        }
    }
}

impl Round {
    /// Every rule a step must meet; what it found goes to `carry_out` in the token.
    /// Inlined so that `apply` never sends the token through memory (measured: 15% of the
    /// engine benchmark).
    #[inline(always)]
    pub(super) fn checked(&self, step: Step) -> Result<Checked, Refusal> {
        if self.phase == Phase::Complete {
            return Err(Refusal::RoundComplete);
        }
        if let Step::Insure(b, _) | Step::EvenMoney(b) | Step::Decline(b) | Step::SurrenderBet(b) =
            step
            && b >= self.bets.len()
        {
            return Err(Refusal::NoSuchBet(b));
        }
        if self.declines != 0 && !matches!(step, Step::Decline(_) | Step::Buy | Step::Split) {
            return Err(Refusal::DeclineMustPrecede);
        }
        let act = match step {
            Step::Card(card) => {
                let to = self.card_target().ok_or(Refusal::CardNotWanted)?;
                self.shoe.check(card).map_err(Refusal::Impossible)?;
                Act::Card(card, to)
            }
            Step::Insure(b, amount) => {
                self.check_offer(b)?;
                let max = self.insurance_max(b);
                if !amount.is_positive() || amount > max {
                    return Err(Refusal::InsuranceAmount { bet: b, max });
                }
                Act::Insure(b, amount)
            }
            Step::EvenMoney(b) => {
                self.check_offer(b)?;
                let hand = &self.seats[self.bets[b].seat].hands[0];
                rulings::even_money_refusal(&self.rules, hand.cards(), hand.kind(), b)?;
                Act::EvenMoney(b)
            }
            Step::Decline(b) => {
                let at = self.deciding().ok_or(Refusal::DecisionNotWanted)?;
                self.check_back_bet(b, at.seat)?;
                if self.declines & (1 << b) != 0 {
                    return Err(Refusal::DeclinedTwice(b));
                }
                if self.seats[at.seat].hands[at.hand].units[self.bets[b].pos] == 0 {
                    return Err(Refusal::NotOnThisHand(b));
                }
                if self.check_decision(at, Decision::Buy).is_err()
                    && self.check_decision(at, Decision::Split).is_err()
                {
                    return Err(Refusal::NothingToDecline);
                }
                Act::Decline(b)
            }
            Step::SurrenderBet(b) => {
                let at = self.deciding().ok_or(Refusal::DecisionNotWanted)?;
                self.check_back_bet(b, at.seat)?;
                self.check_decision(at, Decision::Surrender)?;
                Act::SurrenderBet(b)
            }
            Step::Stick => Act::Stick(self.check_holder(Decision::Stick)?),
            Step::Twist => Act::Twist(self.check_holder(Decision::Twist)?),
            Step::Buy => Act::Buy(self.check_holder(Decision::Buy)?),
            Step::Split => Act::Split(self.check_holder(Decision::Split)?),
            Step::Surrender => Act::Surrender(self.check_holder(Decision::Surrender)?),
        };
        Ok(Checked {
            act,
            moves: self.moves,
        })
    }

    // The small helpers below are inlined, and answer an `Option` where a refusal would be
    // the only error: a `Result<_, Refusal>` returned through memory and read back at once
    // stalls the step path (`cargo bench --bench engine`).

    /// Where a card goes now; `None` when a decision is due (or the round is complete).
    #[inline]
    fn card_target(&self) -> Option<Target> {
        match self.phase {
            Phase::Deal(n) => Some(Target::Deal(n)),
            Phase::Play { seat, hand } => match self.seats[seat].hands[hand].state {
                HandState::Wants(_) => Some(Target::Hand(At { seat, hand })),
                _ => None,
            },
            Phase::Dealer => Some(Target::Dealer),
            Phase::Complete => None,
        }
    }

    /// The hand in play, if the holder may make decision `d` on it now.
    #[inline]
    fn check_holder(&self, d: Decision) -> Result<At, Refusal> {
        let at = self.deciding().ok_or(Refusal::DecisionNotWanted)?;
        self.check_decision(at, d)?;
        Ok(at)
    }

    /// The seat and hand waiting for a decision, if one is due.
    #[inline]
    fn deciding(&self) -> Option<At> {
        match self.phase {
            Phase::Play { seat, hand }
                if self.seats[seat].hands[hand].state == HandState::Deciding =>
            {
                Some(At { seat, hand })
            }
            _ => None,
        }
    }

    /// A back bet of the box in play, still riding.
    fn check_back_bet(&self, b: BetIx, seat: usize) -> Result<(), Refusal> {
        let bet = &self.bets[b];
        if bet.seat != seat {
            return Err(Refusal::BetNotInPlay(b));
        }
        if bet.pos == 0 {
            return Err(Refusal::NotABackBet(b));
        }
        if !bet.active() {
            return Err(Refusal::BetFinished(b));
        }
        Ok(())
    }

    fn check_offer(&self, b: BetIx) -> Result<(), Refusal> {
        if !self.offers_open {
            let dealt = !matches!(self.phase, Phase::Deal(_));
            return Err(
                if dealt && self.dealer.len() == 1 && self.dealer[0].rank == Rank::Ace {
                    Refusal::OffersClosed
                } else {
                    Refusal::OffersNotOpen
                },
            );
        }
        let bet = &self.bets[b];
        if bet.offer() != Offer::None {
            return Err(Refusal::OfferTaken(b));
        }
        if !bet.active() {
            return Err(Refusal::BetFinished(b));
        }
        Ok(())
    }

    /// A4.4: may the holder make decision `d` on the hand `at` now
    /// (`rulings::decision_refusal`)?
    fn check_decision(&self, at: At, d: Decision) -> Result<(), Refusal> {
        rulings::decision_refusal(&self.rules, d, &self.facts(at))
    }
}
