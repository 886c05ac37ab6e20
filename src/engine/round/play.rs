//! Playing a checked step (RULES.md A4): the offers taken, the holder's decisions, splits,
//! dealing, the automatic endings in their order, the dealer's draw and the showdown.
//! Nothing here refuses anything: `check` has; money moves only through `pay`.

use super::check::{Act, Target};
use super::pay::{Payout, pay, pay_stack};
use super::{
    At, BetState, CardReason, Hand, HandState, Origin, Outcome, Phase, Round, Stand, rulings,
};
use crate::engine::card::Card;
use crate::engine::hand::Total;

impl Round {
    /// Carries out what `checked` found. Cannot fail.
    pub(super) fn carry_out(&mut self, act: Act) {
        self.moves = self.moves.wrapping_add(1);
        if !matches!(act, Act::Insure(..) | Act::EvenMoney(_)) {
            self.offers_open = false;
        }
        match act {
            Act::Card(card, to) => self.deal(card, to),
            Act::Insure(b, amount) => {
                let bet = &mut self.bets[b];
                bet.state = BetState::Insured {
                    amount,
                    settled: false,
                };
                bet.staked += amount;
            }
            Act::EvenMoney(b) => {
                let bet = &mut self.bets[b];
                bet.state = BetState::EvenMoney;
                bet.returned += pay(&self.rules, Payout::EvenMoney, bet.stake);
                self.after_settling();
            }
            Act::Decline(b) => self.declines |= 1 << b,
            Act::SurrenderBet(b) => {
                let bet = &mut self.bets[b];
                bet.state = BetState::Surrendered;
                bet.returned += pay(&self.rules, Payout::Surrender, bet.stake);
            }
            Act::Stick(at) => {
                let h = &self.seats[at.seat].hands[at.hand];
                let at_once = rulings::on_stick(&self.rules, h.cards(), h.total());
                if let Some(outcome) = at_once {
                    self.settle_hand(at, outcome);
                } else {
                    self.seats[at.seat].hands[at.hand].state = HandState::Standing(Stand::Stuck);
                }
                self.advance(at);
            }
            Act::Twist(at) => {
                let h = &mut self.seats[at.seat].hands[at.hand];
                let marks = rulings::twist_marks(h.kind());
                h.state = HandState::Wants(match &mut h.origin {
                    Origin::Dealt { twisted } | Origin::Split { twisted } => {
                        *twisted |= marks;
                        CardReason::Twist
                    }
                    Origin::SplitAce => CardReason::SplitAce,
                });
            }
            Act::Buy(at) => {
                let s = &mut self.seats[at.seat];
                let h = &mut s.hands[at.hand];
                for (i, &b) in s.bets.iter().enumerate() {
                    let bet = &mut self.bets[b];
                    if h.units[i] > 0 && bet.active() && self.declines & (1 << b) == 0 {
                        h.units[i] += 1;
                        bet.staked += bet.stake;
                    }
                }
                self.declines = 0;
                h.state = HandState::Wants(CardReason::Buy);
            }
            Act::Split(at) => self.split(at),
            Act::Surrender(at) => {
                // Every riding bet is on this one unsplit hand: it pays them all.
                self.settle_hand(at, Outcome::Surrendered);
                for &b in &self.seats[at.seat].bets {
                    let bet = &mut self.bets[b];
                    if bet.active() {
                        bet.state = BetState::Surrendered;
                    }
                }
                self.advance(at);
            }
        }
    }

    fn split(&mut self, at: At) {
        let declines = self.declines;
        self.declines = 0;
        let s = &mut self.seats[at.seat];
        let h = &mut s.hands[at.hand];
        let done = rulings::split([h.cards[0], h.cards[1]], s.splits, s.ace_splits);
        s.splits = done.box_splits;
        s.ace_splits = done.box_ace_splits;
        let origin = Origin::after_split(done.kind);
        h.cards[0] = done.kept;
        h.len = 1;
        h.origin = origin;
        h.state = HandState::Wants(done.wants);
        let mut new = Hand::new();
        new.push(done.moved);
        new.origin = origin;
        new.state = HandState::Wants(done.wants);
        for (i, &b) in s.bets.iter().enumerate() {
            let bet = &mut self.bets[b];
            if h.units[i] > 0 && bet.active() && declines & (1 << b) == 0 {
                new.units[i] = 1;
                bet.staked += bet.stake;
            }
        }
        s.hands.insert(at.hand + 1, new);
    }

    fn deal(&mut self, card: Card, to: Target) {
        // `check` has seen that the shoe holds it.
        self.shoe.remove(card);
        match to {
            Target::Deal(n) => {
                let k = self.seats.len();
                if n == k {
                    self.dealer.push(card);
                } else {
                    let seat = n % (k + 1);
                    self.seats[seat].hands[0].push(card);
                    if n > k {
                        self.after_card(At { seat, hand: 0 });
                    }
                }
                if n + 1 == 2 * k + 1 {
                    self.offers_open = self.dealer_up_is_ace();
                    self.advance(At { seat: 0, hand: 0 });
                } else {
                    self.phase = Phase::Deal(n + 1);
                }
            }
            Target::Hand(at) => {
                self.seats[at.seat].hands[at.hand].push(card);
                self.after_card(at);
                self.advance(at);
            }
            Target::Dealer => {
                self.dealer.push(card);
                self.dealer_drew();
            }
        }
    }

    /// A4.4 automatic endings, in their order, after a card reaches a player's hand
    /// (`rulings::after_card`).
    fn after_card(&mut self, at: At) {
        let next = rulings::after_card(&self.rules, &self.facts(at));
        match next {
            HandState::Settled(outcome) => self.settle_hand(at, outcome),
            other => self.seats[at.seat].hands[at.hand].state = other,
        }
    }

    /// Pays or collects every riding bet on a hand, and closes the hand.
    fn settle_hand(&mut self, at: At, outcome: Outcome) {
        let rules = self.rules;
        let s = &mut self.seats[at.seat];
        let h = &mut s.hands[at.hand];
        h.state = HandState::Settled(outcome);
        for (i, &b) in s.bets.iter().enumerate() {
            let bet = &mut self.bets[b];
            if h.units[i] > 0 && bet.active() {
                bet.returned += pay_stack(&rules, outcome.payout(), bet.stake, h.units[i]);
            }
        }
    }

    /// Moves to the next hand from `from` on that wants a card or a decision; else to the
    /// dealer.
    fn advance(&mut self, from: At) {
        for seat in from.seat..self.seats.len() {
            let start = if seat == from.seat { from.hand } else { 0 };
            for hand in start..self.seats[seat].hands.len() {
                if matches!(
                    self.seats[seat].hands[hand].state,
                    HandState::Wants(_) | HandState::Deciding
                ) {
                    self.phase = Phase::Play { seat, hand };
                    return;
                }
            }
        }
        self.phase = Phase::Dealer;
        self.after_settling();
    }

    /// When the boxes are done: the dealer plays only while a bet is open (A4.5).
    fn after_settling(&mut self) {
        if self.phase == Phase::Dealer
            && !rulings::dealer_draws(
                &self.rules,
                self.dealer.len(),
                self.dealer_total(),
                self.any_open_hand(),
                self.any_open_insurance(),
            )
        {
            self.phase = Phase::Complete;
        }
    }

    fn any_open_hand(&self) -> bool {
        self.seats.iter().any(|s| {
            s.hands.iter().any(|h| {
                matches!(h.state, HandState::Standing(_))
                    && s.bets
                        .iter()
                        .enumerate()
                        .any(|(i, &b)| h.units[i] > 0 && self.bets[b].active())
            })
        })
    }

    fn any_open_insurance(&self) -> bool {
        self.bets
            .iter()
            .any(|b| matches!(b.state, BetState::Insured { settled: false, .. }))
    }

    /// A4.5: after each dealer card, settle insurance at two cards, then stand or draw on.
    fn dealer_drew(&mut self) {
        let pontoon = rulings::dealer_pontoon(&self.dealer);
        if self.dealer.len() == 2 {
            for bet in &mut self.bets {
                if let BetState::Insured { amount, settled } = &mut bet.state
                    && !*settled
                {
                    *settled = true;
                    if pontoon {
                        bet.returned += pay(&self.rules, Payout::Insurance, *amount);
                    }
                }
            }
        }
        let hand_open = self.any_open_hand();
        let draws = rulings::dealer_draws(
            &self.rules,
            self.dealer.len(),
            self.dealer_total(),
            hand_open,
            self.any_open_insurance(),
        );
        if !draws {
            // Only insurance was open, one card told whether the dealer has pontoon; or
            // the dealer stands.
            if hand_open {
                self.showdown();
            }
            self.phase = Phase::Complete;
        }
    }

    /// A4.6: every open hand against the dealer's hand.
    fn showdown(&mut self) {
        let dealer = Total::of(&self.dealer);
        let dealer_pontoon = rulings::dealer_pontoon(&self.dealer);
        for seat in 0..self.seats.len() {
            for hand in 0..self.seats[seat].hands.len() {
                let h = &self.seats[seat].hands[hand];
                if !matches!(h.state, HandState::Standing(_)) {
                    continue;
                }
                let outcome = rulings::showdown(
                    &self.rules,
                    h.cards(),
                    h.total(),
                    h.kind(),
                    dealer,
                    dealer_pontoon,
                );
                self.settle_hand(At { seat, hand }, outcome);
            }
        }
    }
}
