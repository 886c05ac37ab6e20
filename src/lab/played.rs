//! Theoretical win as played (issue 26 item 1), the pure part: a played round's decisions
//! (stick, twist, buy, split, surrender, insurance, even money) costed at the strategy's
//! keys from the rules' `Costs` (one table per rules, never per round). Engine and lab
//! only: it reads no log and parses no text (the callers turn logged inputs into steps).

use std::sync::Arc;

use crate::engine::round::HandKind;
use crate::engine::{Decision, Hand, Money, Round, Step, StepError};

use super::cost::Costs;
use super::strategy::Key;

/// Why a played round could not be costed: one of its steps is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayedError {
    #[error("input {position} (\"{text}\") is refused: {}", .why.reason)]
    Refused {
        position: usize,
        text: String,
        why: StepError,
    },
}

/// One box of a round as played: its initial stakes, everything it staked, the house's
/// win on it and what its decisions gave up against the best (cents; 0 when all were best).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxPlayed {
    pub box_no: u8,
    pub stake: Money,
    pub staked: Money,
    pub house_win: Money,
    pub cost: f64,
}

/// A round as played, box by box (in box order).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AsPlayed {
    pub boxes: Vec<BoxPlayed>,
}

impl AsPlayed {
    /// The cost of the round's decisions, all boxes (cents).
    pub fn cost(&self) -> f64 {
        self.boxes.iter().map(|b| b.cost).sum()
    }
}

/// A round played from `round` through `steps` (a simulated one: the steps as values),
/// costed; the steps must be the round's own (the first refused one ends it).
pub fn of_steps(costs: &Costs, round: Round, steps: &[Step]) -> Result<AsPlayed, PlayedError> {
    let mut c = Costing::new(costs, round);
    for (i, &step) in steps.iter().enumerate() {
        c.step(step).map_err(|why| PlayedError::Refused {
            position: i + 1,
            text: format!("{step:?}"),
            why,
        })?;
    }
    Ok(c.finish())
}

/// A round being played and costed step by step (for a caller that reads each step
/// against the round as it stands, e.g. from its logged text).
pub struct Costing<'a> {
    costs: &'a Costs,
    round: Round,
    cost: Vec<(u8, f64)>,
}

impl<'a> Costing<'a> {
    pub fn new(costs: &'a Costs, round: Round) -> Costing<'a> {
        Costing {
            costs,
            round,
            cost: Vec::new(),
        }
    }

    /// The round as it stands.
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// Costs `step` and plays it; a refused step changes nothing.
    pub fn step(&mut self, step: Step) -> Result<(), StepError> {
        let before = self.cost.len();
        step_cost(self.costs, &self.round, step, &mut self.cost);
        self.round
            .apply(step)
            .inspect_err(|_| self.cost.truncate(before))
    }

    /// The round's boxes with what their decisions gave up.
    pub fn finish(self) -> AsPlayed {
        settled(&self.round, &self.cost)
    }
}

/// A round's decisions costed beside a replay that plays the round itself: the replay
/// hands each step here before taking it, and takes back an undone step's cost, so the
/// round is played once, not a second time for its cost. What it gives is what
/// [`of_steps`] gives for the steps standing (the same costing, in the same order).
#[derive(Clone, Debug)]
pub struct Tally {
    costs: Arc<Costs>,
    /// (box, cents) as the decisions came.
    cost: Vec<(u8, f64)>,
    /// `cost`'s length before each step standing.
    marks: Vec<usize>,
}

impl Tally {
    pub fn new(costs: Arc<Costs>) -> Tally {
        Tally {
            costs,
            cost: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// Costs `step`, about to be taken on `round` as it stands.
    pub fn step(&mut self, round: &Round, step: Step) {
        self.marks.push(self.cost.len());
        step_cost(&self.costs, round, step, &mut self.cost);
    }

    /// Takes back the cost of the last step standing (undone, or refused by the round).
    pub fn undo(&mut self) {
        if let Some(mark) = self.marks.pop() {
            self.cost.truncate(mark);
        }
    }

    /// The played round (`round`, after every step handed here) as [`of_steps`] gives it.
    pub fn finish(&self, round: &Round) -> AsPlayed {
        settled(round, &self.cost)
    }
}

/// The costing a logged `cost` was made by. A settlement's `cost` is verified for ever by
/// recomputing it, so the solve and the costing it came from may not change under it:
/// `tests::the_costing_is_pinned` holds the presets' tables to their fingerprints. A change
/// that moves them is a new costing: log it under a new field (and a new number here),
/// and leave `cost` to be checked by the costing that made it, or not at all.
pub const COSTING: u32 = 1;

/// A round's cost (cents) as a settlement logs it: an integer in millionths of a cent.
pub fn logged_cost(cents: f64) -> i64 {
    (cents * 1e6).round() as i64
}

/// The round's boxes with their costs (`cost`: (box, cents) as the decisions came).
fn settled(round: &Round, cost: &[(u8, f64)]) -> AsPlayed {
    let mut boxes: Vec<BoxPlayed> = round
        .seats()
        .iter()
        .map(|s| {
            let mut b = BoxPlayed {
                box_no: s.box_no(),
                stake: Money::ZERO,
                staked: Money::ZERO,
                house_win: Money::ZERO,
                cost: 0.0,
            };
            for &i in s.bets() {
                b.stake += round.bet_stake(i);
                b.staked += round.bet_staked(i);
                b.house_win -= round.bet_net(i);
            }
            b.cost = cost
                .iter()
                .filter(|(n, _)| *n == b.box_no)
                .map(|(_, c)| c)
                .sum();
            b
        })
        .collect();
    boxes.sort_by_key(|b| b.box_no);
    AsPlayed { boxes }
}

/// The cost of `step` taken on `round` as it stands (before the step), pushed as (box,
/// cents); a card, a decline or a decision the lab has no value for costs nothing.
fn step_cost(costs: &Costs, round: &Round, step: Step, out: &mut Vec<(u8, f64)>) {
    let up = match round.dealer_cards().first() {
        Some(c) => c.rank.value(),
        None => return,
    };
    let decision = match step {
        Step::Stick => Decision::Stick,
        Step::Twist => Decision::Twist,
        Step::Buy => Decision::Buy,
        Step::Split => Decision::Split,
        Step::Surrender => Decision::Surrender,
        Step::SurrenderBet(b) => {
            if let Some((seat, key)) = bet_key(round, b, up) {
                let c = costs.of_decision(&key, Decision::Surrender).unwrap_or(0.0);
                out.push((seat, c * round.bet_stake(b).cents() as f64));
            }
            return;
        }
        Step::Insure(b, amount) => {
            if let Some((seat, hand)) = bet_hand(round, b) {
                out.push((
                    seat,
                    costs.of_insurance(hand.cards(), amount.cents() as f64),
                ));
            }
            return;
        }
        Step::EvenMoney(b) => {
            if let Some((seat, key)) = bet_key(round, b, up) {
                let c = costs.of_even_money(&key).unwrap_or(0.0);
                out.push((seat, c * round.bet_stake(b).cents() as f64));
            }
            return;
        }
        Step::Card(_) | Step::Decline(_) => return,
    };
    let Some((s, h)) = round.in_play() else {
        return;
    };
    let seat = &round.seats()[s];
    let hand = &seat.hands()[h];
    let key = Key::of(
        round.rules(),
        up,
        hand.cards(),
        hand.kind(),
        hand.twisted(),
        hand.units(0).max(1),
    );
    let Some(c) = costs.of_decision(&key, decision) else {
        return;
    };
    // Every bet riding on the hand gives up the same per unit of its initial stake.
    let stake: i64 = seat
        .bets()
        .iter()
        .enumerate()
        .filter(|(pos, _)| hand.units(*pos) > 0)
        .map(|(_, &b)| round.bet_stake(b).cents())
        .sum();
    out.push((seat.box_no(), c * stake as f64));
}

/// The first hand of bet `b`'s box, with the box's number.
fn bet_hand(round: &Round, b: usize) -> Option<(u8, &Hand)> {
    let seat = round.seats().iter().find(|s| s.bets().contains(&b))?;
    Some((seat.box_no(), seat.hands().first()?))
}

/// The strategy's key of bet `b`'s box's first hand (as dealt).
fn bet_key(round: &Round, b: usize, up: u8) -> Option<(u8, Key)> {
    let (seat, hand) = bet_hand(round, b)?;
    let key = Key::of(
        round.rules(),
        up,
        hand.cards(),
        HandKind::Dealt,
        hand.twisted(),
        1,
    );
    Some((seat, key))
}

#[cfg(test)]
mod pin {
    use crate::engine::Rules;
    use crate::lab::solutions;

    /// Costing 1 (`COSTING`): the presets' decision-cost tables, bit for bit. If this
    /// fails, the solve or the costing changed, and every `cost` already logged would stop
    /// verifying: do not update the figures, make a new costing (see `COSTING`).
    #[test]
    fn the_costing_is_pinned() {
        assert_eq!(super::COSTING, 1);
        for (name, want) in [("czech", PIN_CZECH), ("belarus", PIN_BELARUS)] {
            let s = solutions::of_rules(&Rules::preset(name).unwrap()).unwrap();
            assert_eq!(s.costs.fingerprint(), want, "{name}: the costing moved");
        }
    }

    const PIN_CZECH: u64 = 17_260_280_462_657_499_131;
    const PIN_BELARUS: u64 = 16_625_727_729_867_644_211;
}
