//! Exact dealer odds (RULES.md A4.5): the probability of each final dealer hand for a
//! dealer who starts with a given card and draws from a given composition, by going
//! through every order the cards can come in. The draw rule is the engine's
//! (`rulings::dealer_stands`), the totals are (`Total::plus`), and so is a pontoon.

use crate::engine::hand::Total;
use crate::engine::round::rulings::{dealer_pontoon, dealer_stands};
use crate::engine::{Card, Rank, Rules};

use super::{Composition, VALUES, rank_of};

/// The dealer's final hands, in the order of [`DealerOdds::p`].
pub const RESULTS: [&str; 7] = ["17", "18", "19", "20", "21", "pontoon", "bust"];

/// Index of the pontoon and the bust in [`RESULTS`].
pub(crate) const PONTOON: usize = 5;
pub(crate) const BUST: usize = 6;

/// The probability of each final dealer hand ([`RESULTS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DealerOdds {
    pub p: [f64; 7],
}

impl DealerOdds {
    /// The chance left unaccounted for: the dealer would have to draw from an empty shoe
    /// (0 for any real shoe; more when `--removed` takes out nearly every card).
    pub fn missing(&self) -> f64 {
        (1.0 - self.p.iter().sum::<f64>()).max(0.0)
    }

    /// A representative final hand for result `i`, for the engine's showdown: its total,
    /// and whether it is a pontoon.
    pub(crate) fn hand(i: usize) -> (Total, bool) {
        let cards: &[Rank] = match i {
            0 => &[Rank::Ten, Rank::Seven],
            1 => &[Rank::Ten, Rank::Eight],
            2 => &[Rank::Ten, Rank::Nine],
            3 => &[Rank::Ten, Rank::King],
            4 => &[Rank::Ten, Rank::Five, Rank::Six],
            PONTOON => &[Rank::Ace, Rank::King],
            _ => &[Rank::Ten, Rank::King, Rank::Two],
        };
        let cards: Vec<Card> = cards.iter().map(|&r| Card::of(r)).collect();
        (Total::of(&cards), dealer_pontoon(&cards))
    }
}

/// The exact odds for a dealer whose first card is `up`, drawing from `shoe` (which no
/// longer holds `up`: take it out first).
pub fn dealer_odds(rules: &Rules, shoe: &Composition, up: Rank) -> DealerOdds {
    let mut counts = shoe.values();
    let left: u32 = counts.iter().map(|&n| n as u32).sum();
    let mut out = DealerOdds::default();
    let total = Total::NONE.plus(up);
    draw(rules, &mut counts, left, total, 1, up, 1.0, &mut out.p);
    out
}

/// Every card the dealer may draw next, weighted by its chance.
#[allow(clippy::too_many_arguments)]
fn draw(
    rules: &Rules,
    counts: &mut [u16; VALUES],
    left: u32,
    total: Total,
    n: u8,
    up: Rank,
    p: f64,
    out: &mut [f64; 7],
) {
    if left == 0 {
        // No card left to draw: cannot happen with a real shoe; the hand stays as it is.
        return;
    }
    let per = p / left as f64;
    for v in 0..VALUES {
        let c = counts[v];
        if c == 0 {
            continue;
        }
        let q = per * c as f64;
        let rank = rank_of(v);
        let t = total.plus(rank);
        if n == 1 && dealer_pontoon(&[Card::of(up), Card::of(rank)]) {
            out[PONTOON] += q;
        } else if t.is_bust() {
            out[BUST] += q;
        } else if dealer_stands(rules, t) {
            out[(t.best - 17) as usize] += q;
        } else {
            counts[v] -= 1;
            draw(rules, counts, left - 1, t, n + 1, up, q, out);
            counts[v] += 1;
        }
    }
}

/// Every way a dealer who starts with one card can end, grouped by the multiset of cards
/// he draws: for each multiset, the number of orders in which he would draw exactly those
/// cards (stopping only at the last), and the result. Drawn from a shoe of `N_v` cards of
/// each value (`T` in all), a multiset `k` of `m` cards comes in any one order with the
/// chance `Π fall(N_v, k_v) / fall(T, m)` (falling factorials), whatever the order: so
/// the odds for any composition are a sum over this table, without walking the orders
/// again. Exact, and much faster than [`dealer_odds`] when many compositions are asked.
#[derive(Clone, Debug)]
pub(crate) struct DealerTable {
    entries: Vec<Entry>,
    /// The most cards of one value any entry draws.
    max_k: usize,
    max_m: usize,
}

#[derive(Clone, Debug)]
struct Entry {
    /// (value index, how many) for the values drawn.
    drawn: Vec<(u8, u8)>,
    m: u8,
    orders: f64,
    result: u8,
}

impl DealerTable {
    /// The table for a dealer whose first card is `up`, for every shoe no larger than
    /// `bound` (by value).
    pub(crate) fn new(rules: &Rules, up: Rank, bound: [u16; VALUES]) -> DealerTable {
        let mut map: std::collections::HashMap<[u8; VALUES], (f64, u8)> =
            std::collections::HashMap::new();
        let mut drawn = [0u8; VALUES];
        walk(
            rules,
            &bound,
            &mut drawn,
            Total::NONE.plus(up),
            1,
            up,
            &mut map,
        );
        let mut max_k = 0;
        let mut max_m = 0;
        // In draw order, not the map's: `odds` sums over the entries in this one order, so
        // the odds are bit-identical whatever the run.
        let mut drawn_all: Vec<_> = map.into_iter().collect();
        drawn_all.sort_unstable_by_key(|a| a.0);
        let entries = drawn_all
            .into_iter()
            .map(|(k, (orders, result))| {
                let m: u8 = k.iter().sum();
                max_m = max_m.max(m as usize);
                Entry {
                    drawn: (0..VALUES)
                        .filter(|&v| k[v] > 0)
                        .map(|v| {
                            max_k = max_k.max(k[v] as usize);
                            (v as u8, k[v])
                        })
                        .collect(),
                    m,
                    orders,
                    result,
                }
            })
            .collect();
        DealerTable {
            entries,
            max_k,
            max_m,
        }
    }

    /// The odds for a dealer drawing from `shoe` (by value, the first card already out).
    pub(crate) fn odds(&self, shoe: &[u16; VALUES]) -> DealerOdds {
        let t: f64 = shoe.iter().map(|&n| n as f64).sum();
        // fall[v][j] = N_v (N_v − 1) … (N_v − j + 1); fall_t[m] likewise for T.
        let mut fall = vec![[1.0f64; VALUES]; self.max_k + 1];
        for j in 1..=self.max_k {
            for v in 0..VALUES {
                fall[j][v] = fall[j - 1][v] * (shoe[v] as f64 - (j - 1) as f64).max(0.0);
            }
        }
        let mut fall_t = vec![1.0f64; self.max_m + 1];
        for m in 1..=self.max_m {
            fall_t[m] = fall_t[m - 1] * (t - (m - 1) as f64).max(0.0);
        }
        let mut out = DealerOdds::default();
        for e in &self.entries {
            let den = fall_t[e.m as usize];
            if den == 0.0 {
                continue;
            }
            let mut p = e.orders;
            for &(v, k) in &e.drawn {
                p *= fall[k as usize][v as usize];
            }
            out.p[e.result as usize] += p / den;
        }
        out
    }
}

/// Every order of draws, counted into the multiset it draws.
fn walk(
    rules: &Rules,
    bound: &[u16; VALUES],
    drawn: &mut [u8; VALUES],
    total: Total,
    n: u8,
    up: Rank,
    map: &mut std::collections::HashMap<[u8; VALUES], (f64, u8)>,
) {
    for v in 0..VALUES {
        if drawn[v] as u16 >= bound[v] {
            continue;
        }
        let rank = rank_of(v);
        let t = total.plus(rank);
        drawn[v] += 1;
        let result = if n == 1 && dealer_pontoon(&[Card::of(up), Card::of(rank)]) {
            Some(PONTOON)
        } else if t.is_bust() {
            Some(BUST)
        } else if dealer_stands(rules, t) {
            Some((t.best - 17) as usize)
        } else {
            None
        };
        match result {
            Some(r) => map.entry(*drawn).or_insert((0.0, r as u8)).0 += 1.0,
            None => walk(rules, bound, drawn, t, n + 1, up, map),
        }
        drawn[v] -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Published dealer probabilities for one deck, dealer stands on soft 17, no peek
    /// (the upcard alone removed): rows by upcard A, 2 … 10, columns 17, 18, 19, 20, 21,
    /// blackjack (pontoon), bust. Rows A–8 are the Wizard of Odds' blackjack appendix 2B
    /// ("Dealer Probabilities in Blackjack", before the dealer peeks); 9 has no blackjack,
    /// so its row in appendix 2A is the same; the 10 row is appendix 2A's (after the peek:
    /// given no blackjack), checked against our odds divided by 1 − P(pontoon).
    const ONE_DECK_S17: [(&str, [f64; 7], bool); 10] = [
        (
            "A",
            [
                0.126128, 0.131003, 0.129486, 0.131553, 0.0515646, 0.313726, 0.11654,
            ],
            false,
        ),
        (
            "2",
            [
                0.138976, 0.131762, 0.131815, 0.123948, 0.120526, 0.0, 0.352973,
            ],
            false,
        ),
        (
            "3",
            [
                0.130313, 0.130946, 0.123761, 0.123345, 0.116047, 0.0, 0.375588,
            ],
            false,
        ),
        (
            "4",
            [
                0.130973, 0.114163, 0.120679, 0.116286, 0.115096, 0.0, 0.402803,
            ],
            false,
        ),
        (
            "5",
            [
                0.119687, 0.123483, 0.116909, 0.104694, 0.106321, 0.0, 0.428905,
            ],
            false,
        ),
        (
            "6",
            [
                0.166948, 0.106454, 0.107192, 0.100705, 0.0978785, 0.0, 0.420823,
            ],
            false,
        ),
        (
            "7",
            [
                0.372345, 0.138583, 0.0773344, 0.0788967, 0.072987, 0.0, 0.259854,
            ],
            false,
        ),
        (
            "8",
            [
                0.130857, 0.362989, 0.129445, 0.0682898, 0.0697914, 0.0, 0.238627,
            ],
            false,
        ),
        (
            "9",
            [
                0.121886, 0.103921, 0.357391, 0.12225, 0.061109, 0.0, 0.233442,
            ],
            false,
        ),
        (
            "10",
            [
                0.124156, 0.122486, 0.124421, 0.356869, 0.03957, 0.0, 0.232499,
            ],
            true,
        ),
    ];

    fn one_deck_s17() -> Rules {
        let mut v = Rules::preset("czech").unwrap().to_value();
        v["decks"] = 1.into();
        v["dealer_hits_soft_17"] = false.into();
        Rules::from_value(&v).unwrap()
    }

    #[test]
    fn one_deck_odds_equal_the_published_tables_to_six_decimals() {
        let rules = one_deck_s17();
        let mut worst = 0.0f64;
        for (up, want, given_no_pontoon) in ONE_DECK_S17 {
            let card: Card = up.parse().unwrap();
            let shoe = Composition::of(&rules, &[card]).unwrap();
            let got = dealer_odds(&rules, &shoe, card.rank);
            let sum: f64 = got.p.iter().sum();
            assert!((sum - 1.0).abs() < 1e-12, "{up}: sums to {sum}");
            let scale = if given_no_pontoon {
                1.0 - got.p[PONTOON]
            } else {
                1.0
            };
            for (i, w) in want.iter().enumerate() {
                if given_no_pontoon && i == PONTOON {
                    continue;
                }
                let g = got.p[i] / scale;
                // Six decimals: within one unit of the sixth (the table rounds twice: its
                // ace's blackjack 16/51 = 0.31372549… is printed 0.313726).
                assert!((g - w).abs() < 1e-6, "{up} {}: {g} vs {w}", RESULTS[i]);
                worst = worst.max((g - w).abs());
            }
        }
        eprintln!("largest difference from the published figures: {worst:.2e}");
    }

    #[test]
    fn the_table_gives_the_walk_s_odds_for_any_composition() {
        for rules in [Rules::preset("czech").unwrap(), one_deck_s17()] {
            for up in Rank::ALL.iter().take(10) {
                let full = Composition::of(&rules, &[Card::of(*up)]).unwrap();
                let table = DealerTable::new(&rules, *up, full.values());
                for removed in [&[][..], &["K", "5", "A"][..], &["2", "2", "3", "4"][..]] {
                    let mut shoe = full;
                    for c in removed {
                        assert!(shoe.take(c.parse::<Card>().unwrap().rank));
                    }
                    let walk = dealer_odds(&rules, &shoe, *up);
                    let fast = table.odds(&shoe.values());
                    for i in 0..7 {
                        assert!(
                            (walk.p[i] - fast.p[i]).abs() < 1e-12,
                            "{up:?} {removed:?} {i}"
                        );
                    }
                }
            }
        }
    }
}
