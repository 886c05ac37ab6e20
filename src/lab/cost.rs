//! Decision costs (issue 26 item 1): for a chart key, what each of the holder's decisions
//! gives up against the best one, from the solver's values (`strategy::Entry::ev`), and
//! what an insurance or even money taken gives up; one table per rules (never per round), looked up in
//! constant time. Pure computation; docs/house-edge.md states the approximation.

use crate::engine::{Card, Decision, Rules};

use super::strategy::{Key, Strategy};

/// No value: the decision is not open at that key (or the key was never solved).
const CLOSED: f32 = f32::NAN;

/// The costs of every solved key of one set of rules.
#[derive(Clone, Debug)]
pub struct Costs {
    /// A key's dense index (`Key::index`) → its row in `rows` (`u32::MAX`: none).
    index: Vec<u32>,
    /// Per row, per decision (`Decision::ALL` order): the best open decision's expected
    /// value less this one's, per unit of the hand's initial stake.
    rows: Vec<[f32; 5]>,
    /// The player's value of an insurance per unit insured is p × (pays + 1) − 1, p the
    /// chance of the dealer's pontoon: `pays + 1` here.
    insurance_back: f64,
    decks: u32,
    /// Per offers key, what taking even money gives up against playing the pontoon on
    /// (0 where taking it is the better), per unit of the bet's stake; in key order.
    even_money: Vec<(Key, f32)>,
}

impl Costs {
    /// The table of a solved strategy.
    pub fn of(s: &Strategy) -> Costs {
        let mut index = vec![u32::MAX; Key::TABLE_SIZE];
        let mut rows = Vec::with_capacity(s.entries.len());
        for e in &s.entries {
            let Some(i) = e.key.index() else { continue };
            let best =
                e.ev.iter()
                    .flatten()
                    .copied()
                    .fold(f64::NEG_INFINITY, f64::max);
            if !best.is_finite() {
                continue;
            }
            index[i] = rows.len() as u32;
            rows.push(e.ev.map(|v| v.map_or(CLOSED, |v| (best - v) as f32)));
        }
        let pays = s.rules.insurance_pays();
        Costs {
            index,
            rows,
            insurance_back: pays.num() as f64 / pays.den() as f64 + 1.0,
            decks: s.rules.decks() as u32,
            even_money: s
                .even_money
                .iter()
                .map(|&(k, gain)| (k, (-gain).max(0.0) as f32))
                .collect(),
        }
    }

    /// What taking even money gives up against playing the hand on, per unit of the bet's
    /// stake, for a hand whose offers key ([`Key::offers`]) is `key` (0 when even money is
    /// the better); `None` when the lab has no value for it (a hand that may not take it).
    pub fn of_even_money(&self, key: &Key) -> Option<f64> {
        let key = key.offers();
        let i = self
            .even_money
            .binary_search_by(|(k, _)| k.cmp(&key))
            .ok()?;
        Some(self.even_money[i].1 as f64)
    }

    /// What decision `d` at `key` gives up against the best decision there, per unit of
    /// the hand's initial stake (0 for the best); `None` when the lab has no value for it.
    #[inline]
    pub fn of_decision(&self, key: &Key, d: Decision) -> Option<f64> {
        let row = *self.index.get(key.index()?)?;
        let c = self.rows.get(row as usize)?[d as usize];
        (!c.is_nan()).then_some(c as f64)
    }

    /// The player's expected value of an insurance per unit insured, against an ace, for
    /// a hand of `cards` (the dealer's second card comes from the shoe less the ace and
    /// the hand's two cards, as the strategy values it).
    pub fn insurance_value(&self, cards: &[Card]) -> f64 {
        let tens_seen = cards
            .iter()
            .take(2)
            .filter(|c| c.rank.value() == 10)
            .count() as f64;
        let tens = 16.0 * self.decks as f64 - tens_seen;
        let left = 52.0 * self.decks as f64 - 1.0 - cards.len().min(2) as f64;
        tens / left * self.insurance_back - 1.0
    }

    /// What an insurance of `insured` (units of the initial stake) gives up against the
    /// best choice, insuring or not (0 when insuring is the better).
    pub fn of_insurance(&self, cards: &[Card], insured: f64) -> f64 {
        (-self.insurance_value(cards)).max(0.0) * insured
    }

    /// The table's memory in bytes (per rules, whatever the rounds).
    /// A fingerprint of every figure of the table (FNV-1a over their bits): the same
    /// rules give the same one on every run and machine while the solve and the costing
    /// stay as they are. `lab::played`'s pin test holds the presets' to theirs, because a
    /// logged `cost` must verify for ever (see `played::COSTING`).
    pub fn fingerprint(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for b in bytes {
                h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
            }
        };
        for i in &self.index {
            eat(&i.to_le_bytes());
        }
        for row in &self.rows {
            for v in row {
                eat(&v.to_bits().to_le_bytes());
            }
        }
        eat(&self.insurance_back.to_bits().to_le_bytes());
        eat(&self.decks.to_le_bytes());
        for (k, v) in &self.even_money {
            eat(format!("{k:?}").as_bytes());
            eat(&v.to_bits().to_le_bytes());
        }
        h
    }

    pub fn bytes(&self) -> usize {
        self.index.len() * 4 + self.rows.len() * 20 + self.even_money.len() * 24
    }
}

/// The costs of the rules' chart, for a caller that has the rules alone (solves them).
pub fn of_rules(rules: &Rules, threads: usize) -> Result<Costs, super::WorkerPanic> {
    Ok(Costs::of(&Strategy::solve(rules, threads)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rank;
    use crate::lab::simulate::Mistake;
    use crate::lab::simulate::{SimOptions, simulate_with};

    /// Players who play the chart but for one kind of mistake lose what their decision
    /// costs say: the exact edge plus the mean cost per round lies inside the simulated
    /// edge's 95% interval (czech, one box, seed 26; docs/house-edge.md has the figures).
    #[test]
    fn decision_costs_predict_what_a_mistake_costs_in_simulation() {
        let s = crate::lab::solved("czech");
        for (mistake, rounds) in [
            (Mistake::NeverBuy, 2_000_000),
            (Mistake::StickOn16, 2_000_000),
            (Mistake::AlwaysInsure, 2_000_000),
        ] {
            let opt = SimOptions {
                rounds,
                boxes: 1,
                threads: 2,
                seed: 26,
            };
            let r = simulate_with(s, opt, mistake, &|_| {}).unwrap();
            let predicted = s.house_edge + r.mean_cost;
            let (lo, hi) = r.interval().unwrap();
            eprintln!(
                "{mistake:?}: exact {:.4}% + cost {:.4}% = {:.4}%; simulated {:.4}% [{:.4}%, {:.4}%]",
                s.house_edge * 100.0,
                r.mean_cost * 100.0,
                predicted * 100.0,
                r.house_edge * 100.0,
                lo * 100.0,
                hi * 100.0
            );
            assert!(r.mean_cost > 0.001, "{mistake:?} costs something");
            assert!(
                (lo..=hi).contains(&predicted),
                "{mistake:?}: predicted {predicted} outside [{lo}, {hi}]"
            );
        }
    }

    /// The bits of everything a table holds, in order.
    fn bits(c: &Costs) -> Vec<u64> {
        let mut v: Vec<u64> = c.index.iter().map(|&i| i as u64).collect();
        v.extend(c.rows.iter().flatten().map(|x| x.to_bits() as u64));
        v.push(c.insurance_back.to_bits());
        v.extend(c.even_money.iter().map(|(_, x)| x.to_bits() as u64));
        v
    }

    /// A solve is bit-identical whatever the run and the thread count (every sum over a
    /// map runs in one order), so a cost logged at settlement is recomputed exactly.
    #[test]
    fn two_solves_give_the_same_costs_bit_for_bit() {
        let r = Rules::preset("belarus").unwrap();
        let (a, b) = (
            Strategy::solve(&r, 1).unwrap(),
            Strategy::solve(&r, 2).unwrap(),
        );
        assert_eq!(a.house_edge.to_bits(), b.house_edge.to_bits());
        assert_eq!(a.sd.to_bits(), b.sd.to_bits());
        let evs = |s: &Strategy| -> Vec<u64> {
            s.entries
                .iter()
                .flat_map(|e| e.ev.iter().flatten().chain([&e.weight]))
                .map(|x| x.to_bits())
                .collect()
        };
        assert_eq!(evs(&a), evs(&b));
        assert_eq!(bits(&Costs::of(&a)), bits(&Costs::of(&b)));
    }

    #[test]
    fn the_best_decision_costs_nothing_and_insurance_is_costed_by_the_tens_seen() {
        let s = crate::lab::solved("czech");
        let c = Costs::of(s);
        for e in s.entries.iter().filter(|e| e.key.index().is_some()) {
            if let Some(best) = e.prefs.best() {
                let cost = c.of_decision(&e.key, best);
                assert!(cost.is_none_or(|x| x.abs() < 1e-6), "{:?}: {cost:?}", e.key);
            }
            for d in Decision::ALL {
                assert!(c.of_decision(&e.key, d).is_none_or(|x| x >= 0.0));
            }
        }
        let ten = Card::of(Rank::King);
        let low = Card::of(Rank::Five);
        // Six decks less the ace: 96 ten-values of 309 cards, insurance paying 2:1.
        let v = c.insurance_value(&[low, low]);
        assert!((v - (96.0 / 309.0 * 3.0 - 1.0)).abs() < 1e-12, "{v}");
        assert!(c.insurance_value(&[ten, ten]) < v);
        assert_eq!(c.of_insurance(&[low, low], 0.5), -v * 0.5);
        assert!(c.bytes() < 8 << 20, "memory per rules: {} bytes", c.bytes());
    }

    /// Even money is costed only where it may be taken (a pontoon against an ace), and
    /// costs nothing where the rules make it the better play: a pontoon paid 1:1 is worth
    /// less played on (it may meet the dealer's pontoon) than 1:1 now.
    #[test]
    fn even_money_is_costed_on_a_pontoon_against_an_ace_only() {
        let (ace, king, nine) = (
            Card::of(Rank::Ace),
            Card::of(Rank::King),
            Card::of(Rank::Nine),
        );
        let key = |rules: &Rules, cards: &[Card], up: u8| {
            Key::of(
                rules,
                up,
                cards,
                crate::engine::round::HandKind::Dealt,
                false,
                1,
            )
        };
        let s = crate::lab::solved("czech");
        let c = Costs::of(s);
        let cost = c.of_even_money(&key(&s.rules, &[ace, king], 1)).unwrap();
        assert!(cost > 0.05, "czech pays a pontoon 2:1: {cost}");
        assert_eq!(c.of_even_money(&key(&s.rules, &[nine, king], 1)), None);
        assert_eq!(c.of_even_money(&key(&s.rules, &[ace, king], 10)), None);
        let mut v = Rules::preset("czech").unwrap().to_value();
        v["pontoon_pays"] = serde_json::json!([1, 1]);
        let even = Rules::from_value(&v).unwrap();
        let c = Costs::of(&Strategy::solve(&even, 2).unwrap());
        assert_eq!(c.of_even_money(&key(&even, &[ace, king], 1)), Some(0.0));
    }
}
