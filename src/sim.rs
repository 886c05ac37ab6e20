//! Simulated play: shuffled shoes and a plausible table (players who mostly play sensibly,
//! back bets, offers taken now and then) driving the real engine. Used by `croupier demo`,
//! the benchmarks and the tests. Every choice comes from a seeded ChaCha generator, so a
//! seed gives the same rounds on every machine.

use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{
    BetSpec, Card, Decision, Limits, Money, Rank, Round, Rules, Shoe, Step, Suit, Want,
};
use crate::script::Script;

/// A shoe in play: the cards in the order they will come out, and the engine's count of
/// what is left.
#[derive(Clone, Debug)]
pub struct ShoeInPlay {
    order: Vec<Card>,
    shoe: Shoe,
    /// A new shoe is started before a round when fewer cards than this are left.
    cut: usize,
}

impl ShoeInPlay {
    /// A freshly shuffled shoe of suited cards.
    pub fn shuffled(decks: u8, rng: &mut impl Rng) -> ShoeInPlay {
        let mut order = Vec::with_capacity(decks as usize * 52);
        for _ in 0..decks {
            for r in Rank::ALL {
                for s in Suit::ALL {
                    order.push(Card::new(r, Some(s)));
                }
            }
        }
        order.shuffle(rng);
        let cut = order.len() / 4;
        ShoeInPlay {
            order,
            shoe: Shoe::new(decks),
            cut,
        }
    }

    /// A shuffle of exactly the cards a shoe count says are left (a table resumed after a
    /// restart). Suits are not tracked by the count, so these cards carry none.
    pub(crate) fn remaining(shoe: Shoe, rng: &mut impl Rng) -> ShoeInPlay {
        let mut order = Vec::new();
        for r in Rank::ALL {
            for _ in 0..shoe.rank_left(r) {
                order.push(Card::of(r));
            }
        }
        order.shuffle(rng);
        let cut = (shoe.decks() as usize * 52) / 4;
        ShoeInPlay { order, shoe, cut }
    }

    pub(crate) fn shoe(&self) -> &Shoe {
        &self.shoe
    }

    /// Whether the cut card has come out: time for a new shoe.
    pub fn needs_shuffle(&self) -> bool {
        self.order.len() < self.cut
    }

    pub(crate) fn deal(&mut self) -> Option<Card> {
        self.order.pop()
    }

    /// Puts the engine's count in step after a round.
    pub(crate) fn after(&mut self, round: &Round) {
        self.shoe = round.shoe().clone();
    }
}

/// A simulated table: its rules and limits, its boxes' habits, its generator.
pub struct Table {
    pub(crate) rules: Rules,
    pub(crate) limits: Limits,
    rng: ChaCha8Rng,
}

/// A played round: its bets and every step, as the dealer entered them.
#[derive(Clone, Debug)]
pub struct Played {
    pub bets: Arc<[BetSpec]>,
    pub steps: Vec<Step>,
    pub(crate) round: Round,
}

impl Played {
    /// The round as a round script (steps written as the dealer types them).
    pub fn script(&self, seen: Vec<Card>) -> Script {
        Script {
            rules: *self.round.rules(),
            limits: *self.round.limits(),
            bets: self.bets.clone(),
            seen,
            steps: self.steps_text(),
        }
    }

    pub fn steps_text(&self) -> Vec<String> {
        self.steps
            .iter()
            .map(|&s| self.round.step_text(s))
            .collect()
    }
}

impl Table {
    pub fn new(rules: Rules, limits: Limits, seed: u64) -> Table {
        Table {
            rules,
            limits,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    pub fn rng(&mut self) -> &mut ChaCha8Rng {
        &mut self.rng
    }

    /// Random bets within the limits: 1 to all boxes, back bets where the rules allow.
    pub fn random_bets(&mut self) -> Vec<BetSpec> {
        let min = self
            .limits
            .min_bet()
            .unwrap_or(Money::units(5))
            .cents()
            .max(1);
        let box_max = self
            .limits
            .box_max()
            .map(|m| m.cents())
            .unwrap_or(min * 100);
        let boxes = self.rules.boxes();
        let mut bets = Vec::new();
        let occupied = self.rng.random_range(1..=boxes);
        let mut chosen: Vec<u8> = (1..=boxes).collect();
        chosen.shuffle(&mut self.rng);
        chosen.truncate(occupied as usize);
        chosen.sort_unstable();
        for box_no in chosen {
            let n = 1
                + (0..self.rules.bets_per_box() - 1)
                    .filter(|_| self.rng.random_bool(0.25))
                    .count();
            let mut left = box_max;
            for k in 0..n {
                if left < min {
                    break;
                }
                // Stakes in whole units of the minimum, as chips go down.
                let units = self.rng.random_range(1..=((left / min).min(20)));
                let stake = units * min;
                left -= stake;
                bets.push(BetSpec {
                    id: Arc::from(BetSpec::id_for(box_no, k)),
                    box_no,
                    stake: Money::from_cents(stake),
                });
            }
        }
        bets
    }

    /// Plays one round from the shoe with these bets. The shoe must hold enough cards for
    /// a round (a new shoe is the caller's call, between rounds).
    pub fn play(&mut self, bets: Vec<BetSpec>, shoe: &mut ShoeInPlay) -> Played {
        let bets: Arc<[BetSpec]> = bets.into();
        let mut round =
            Round::with_shoe(self.rules, self.limits, bets.clone(), shoe.shoe().clone())
                .expect("simulated bets are within the limits");
        let mut steps = Vec::new();
        while !round.is_complete() {
            let step = self.choose(&round, shoe);
            round
                .apply(step)
                .expect("the simulation takes only legal steps");
            steps.push(step);
        }
        shoe.after(&round);
        Played { bets, steps, round }
    }

    /// A plausible next input: the next card when a card is wanted, else a sensible
    /// decision most of the time, offers now and then.
    pub fn choose(&mut self, round: &Round, shoe: &mut ShoeInPlay) -> Step {
        let legal = round.legal_steps();
        if round.offers_open() {
            for &s in &legal {
                match s {
                    Step::EvenMoney(_) if self.rng.random_bool(0.5) => return s,
                    Step::Insure(b, max) if self.rng.random_bool(0.15) => {
                        let _ = b;
                        let cents = self.rng.random_range(1..=max.cents());
                        return Step::Insure(b, Money::from_cents(cents));
                    }
                    _ => {}
                }
            }
        }
        if let Want::Card(_) = round.want() {
            return Step::Card(shoe.deal().expect("a shoe with its cut card holds a round"));
        }
        let Some((seat, hand)) = round.in_play() else {
            return legal[0];
        };
        let h = &round.seats()[seat].hands()[hand];
        let total = h.total().best;
        let can = |d: Decision| legal.contains(&d.step());
        // Back bets sometimes surrender or decline.
        for &s in &legal {
            match s {
                Step::SurrenderBet(_) if total >= 15 && self.rng.random_bool(0.1) => return s,
                Step::Decline(_) if self.rng.random_bool(0.2) => return s,
                _ => {}
            }
        }
        let pair = matches!(h.cards(), [a, b] if a.rank == b.rank);
        let pick = if can(Decision::Split)
            && pair
            && matches!(
                h.cards()[0].rank,
                Rank::Ace | Rank::Eight | Rank::Seven | Rank::Nine | Rank::Two | Rank::Three
            ) {
            Decision::Split
        } else if can(Decision::Surrender)
            && (15..=16).contains(&total)
            && self.rng.random_bool(0.3)
        {
            Decision::Surrender
        } else if total >= 17 && can(Decision::Stick) {
            Decision::Stick
        } else if can(Decision::Buy) && (9..=11).contains(&total) {
            Decision::Buy
        } else if can(Decision::Twist) && (total < 15 || self.rng.random_bool(0.4)) {
            Decision::Twist
        } else if can(Decision::Stick) {
            Decision::Stick
        } else {
            return legal[self.rng.random_range(0..legal.len())];
        };
        pick.step()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_the_same_rounds() {
        let rules = Rules::preset("czech").unwrap();
        let run = |seed| {
            let mut t = Table::new(rules, Limits::NONE, seed);
            let mut shoe = ShoeInPlay::shuffled(rules.decks(), t.rng());
            (0..200)
                .map(|_| {
                    if shoe.needs_shuffle() {
                        shoe = ShoeInPlay::shuffled(rules.decks(), t.rng());
                    }
                    let bets = t.random_bets();
                    t.play(bets, &mut shoe).steps_text().join(" ")
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(run(1), run(1));
        assert_ne!(run(1), run(2));
    }
}
