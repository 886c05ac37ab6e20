//! The house-edge lab (issue 11): exact dealer odds, the best strategy and its house edge
//! for any rules, and a fast simulator of whole rounds with that strategy. Pure
//! computation and threads; it asks the engine for every rule (totals, the automatic
//! endings, which decisions are open, the dealer's draw, the showdown, what each result
//! pays: `engine::round::rulings`, `engine::round::unit_net`) and never writes one again.
//! Printing and the progress bar are the binary's (`src/lab_cli.rs`).
//!
//! The model is stated in docs/house-edge.md.

pub mod chart;
pub mod cost;
pub mod odds;
pub mod played;
pub mod removal;
pub mod simulate;
pub mod solutions;
pub mod strategy;

use crate::panics::panic_message;

use crate::engine::{Card, ImpossibleCard, Rank, Rules, Shoe};

/// A worker thread of the lab panicked: the run fails, rather than summing the other
/// workers' shares as if they were the whole.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a worker thread failed: {message}")]
pub struct WorkerPanic {
    /// The panic's message (or a word that it carried none).
    pub message: String,
}

/// Runs `work` on `threads` scoped threads and gathers what each returns, in thread order;
/// a thread that panics fails the whole run with its panic's message (every thread is
/// still joined first).
pub(crate) fn run_workers<T: Send>(
    threads: usize,
    work: impl Fn() -> Vec<T> + Sync,
) -> Result<Vec<T>, WorkerPanic> {
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads).map(|_| s.spawn(&work)).collect();
        let joined: Vec<_> = handles.into_iter().map(|h| h.join()).collect();
        let mut out = Vec::new();
        for j in joined {
            out.extend(j.map_err(|p| WorkerPanic {
                message: panic_message(p.as_ref()),
            })?);
        }
        Ok(out)
    })
}

/// The ten card values, ace (1) to the ten-values (10), as indexes 0–9.
pub(crate) const VALUES: usize = 10;

/// The rank the lab uses for a value: a ten-value is a Ten (the ranks of ten-values differ
/// only for a pair under `split_match: rank`, which the lab weighs separately).
pub(crate) fn rank_of(value_index: usize) -> Rank {
    Rank::ALL[value_index]
}

/// A card's value index (0 for an ace, 9 for a ten-value).
pub(crate) fn value_index(rank: Rank) -> usize {
    rank.value() as usize - 1
}

/// A shoe as the lab sees it: how many cards of each rank are left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Composition {
    ranks: [u16; 13],
}

impl Composition {
    /// The full shoe of the rules, less `removed` (cards already out), through the engine's
    /// shoe: a card the shoe cannot hold is refused as at the table.
    pub fn of(rules: &Rules, removed: &[Card]) -> Result<Composition, ImpossibleCard> {
        let mut shoe = Shoe::new(rules.decks());
        for &c in removed {
            shoe.take(c)?;
        }
        Ok(Composition::from_shoe(&shoe))
    }

    pub fn from_shoe(shoe: &Shoe) -> Composition {
        let mut ranks = [0; 13];
        for r in Rank::ALL {
            ranks[r.index()] = shoe.rank_left(r);
        }
        Composition { ranks }
    }

    /// Cards left in all.
    pub fn cards_left(&self) -> u32 {
        self.ranks.iter().map(|&n| n as u32).sum()
    }

    pub(crate) fn rank_left(&self, r: Rank) -> u16 {
        self.ranks[r.index()]
    }

    /// Cards left by value (ace … ten-values).
    pub(crate) fn values(&self) -> [u16; VALUES] {
        let mut v = [0; VALUES];
        for r in Rank::ALL {
            v[value_index(r)] += self.ranks[r.index()];
        }
        v
    }

    /// Takes one card of `rank` out, if there is one.
    pub(crate) fn take(&mut self, rank: Rank) -> bool {
        let n = &mut self.ranks[rank.index()];
        if *n == 0 {
            return false;
        }
        *n -= 1;
        true
    }
}

/// Each preset solved once for all the tests of the lab.
#[cfg(test)]
pub(crate) fn solved(name: &str) -> &'static strategy::Strategy {
    use std::sync::OnceLock;
    static CZECH: OnceLock<strategy::Strategy> = OnceLock::new();
    static BELARUS: OnceLock<strategy::Strategy> = OnceLock::new();
    let cell = if name == "czech" { &CZECH } else { &BELARUS };
    cell.get_or_init(|| strategy::Strategy::solve(&Rules::preset(name).unwrap(), 2).unwrap())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_worker_that_panics_fails_the_run_with_its_message() {
        let started = AtomicUsize::new(0);
        let r = run_workers(3, || {
            if started.fetch_add(1, Ordering::Relaxed) == 1 {
                panic!("worker two gave up at chunk {}", 7);
            }
            vec![1u64, 2]
        });
        assert_eq!(
            r,
            Err(WorkerPanic {
                message: "worker two gave up at chunk 7".into()
            })
        );
        assert_eq!(started.load(Ordering::Relaxed), 3, "every worker ran");
    }

    #[test]
    fn workers_that_finish_give_every_share_in_thread_order() {
        let next = AtomicUsize::new(0);
        let r = run_workers(4, || vec![next.fetch_add(1, Ordering::Relaxed)]).unwrap();
        let mut sorted = r.clone();
        sorted.sort();
        assert_eq!(sorted, vec![0, 1, 2, 3]);
    }
}
