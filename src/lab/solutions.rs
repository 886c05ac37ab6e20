//! The rules solved in this process: each distinct rules snapshot's strategy and decision
//! costs, solved once (deterministically) and shared by the table session, which costs a
//! round at settlement, and the reports, which read the theory. A write-once cache of pure
//! results: it never does I/O and never keeps a failed solve.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::Value;

use crate::engine::Rules;

use super::cost::Costs;
use super::simulate::{CHUNK, SimOptions, simulate};
use super::strategy::Strategy;

/// What the lab gives one set of rules: its strategy, its decision costs and (measured on
/// first asking, by simulation) how two boxes of one round move together.
#[derive(Debug)]
pub struct Solution {
    pub strategy: Strategy,
    /// One table per rules, shared by every round played under them.
    pub costs: Arc<Costs>,
    rho: OnceLock<f64>,
}

/// Rounds the simulator plays to measure [`Solution::rho`] (two chunks, seed 1: the same
/// figure on every run).
const RHO_ROUNDS: u64 = 2 * CHUNK;

impl Solution {
    pub fn rules(&self) -> Rules {
        self.strategy.rules
    }

    /// The correlation of two boxes' nets in one round (they share the dealer's hand),
    /// measured by the simulator with every box of the rules played (0 for one box); the
    /// simulation runs on the first asking only.
    pub fn rho(&self) -> f64 {
        *self.rho.get_or_init(|| rho_of(&self.strategy, threads()))
    }

    /// [`Solution::rho`] if it was already measured.
    pub fn rho_ready(&self) -> Option<f64> {
        self.rho.get().copied()
    }
}

/// The correlation of two boxes' nets: from the variance of the mean net over all the
/// rules' boxes, V = sd² × ((1 − rho) / B + rho).
fn rho_of(s: &Strategy, threads: usize) -> f64 {
    let boxes = s.rules.boxes();
    if boxes < 2 || s.sd <= 0.0 {
        return 0.0;
    }
    let opt = SimOptions {
        rounds: RHO_ROUNDS,
        boxes,
        threads,
        seed: 1,
    };
    let Ok(r) = simulate(s, opt, &|_| {}) else {
        return 0.0;
    };
    let b = boxes as f64;
    ((b * r.sd * r.sd / (s.sd * s.sd) - 1.0) / (b - 1.0)).clamp(0.0, 1.0)
}

fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// One rules' place in the cache: `None` until solved (a failed solve leaves it `None`).
type Cell = Arc<Mutex<Option<Option<Arc<Solution>>>>>;

/// Every rules solved in this process, by the rules' canonical text (`Rules::to_value`),
/// or by the text asked for when the engine does not accept it.
fn cache() -> &'static Mutex<HashMap<String, Cell>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Cell>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

fn cell(key: String) -> Option<Cell> {
    Some(cache().lock().ok()?.entry(key).or_default().clone())
}

/// The rules solved, once per distinct rules in this process: a second caller waits for
/// the first one's solve rather than solving again. `None` when a solver thread panicked
/// (nothing is cached: the next asking solves again).
pub fn of_rules(rules: &Rules) -> Option<Arc<Solution>> {
    let cell = cell(rules.to_value().to_string())?;
    let mut slot = cell.lock().ok()?;
    if let Some(s) = slot.as_ref() {
        return s.clone();
    }
    let strategy = Strategy::solve(rules, threads()).ok()?;
    let s = Arc::new(Solution {
        costs: Arc::new(Costs::of(&strategy)),
        strategy,
        rho: OnceLock::new(),
    });
    *slot = Some(Some(s.clone()));
    Some(s)
}

/// Starts solving the rules on a thread of their own unless they were solved or are
/// being solved: for a caller that must not wait ([`solved_now`] gives the answer once it
/// is there).
pub fn solve_soon(rules: &Rules) {
    if solved_now(rules).is_some() {
        return;
    }
    static STARTED: OnceLock<Mutex<std::collections::HashSet<String>>> = OnceLock::new();
    let started = STARTED.get_or_init(Default::default);
    if let Ok(mut s) = started.lock()
        && s.insert(rules.to_value().to_string())
    {
        let rules = *rules;
        std::thread::spawn(move || of_rules(&rules));
    }
}

/// The rules' solution if it is there now, without waiting or solving (`None` while it is
/// being solved, or before anyone asked).
pub fn solved_now(rules: &Rules) -> Option<Arc<Solution>> {
    let cell = cache()
        .lock()
        .ok()?
        .get(&rules.to_value().to_string())?
        .clone();
    let slot = cell.try_lock().ok()?;
    slot.as_ref()?.clone()
}

/// [`of_rules`] for a rules snapshot as logged; `None` also for rules the engine no
/// longer accepts.
pub fn of_value(rules: &Value) -> Option<Arc<Solution>> {
    of_rules(&Rules::from_value(rules).ok()?)
}

/// The solution if the rules were already solved, without solving: `Some(None)` for
/// rules the engine does not accept, `None` when not solved yet.
pub fn ready(rules: &Value) -> Option<Option<Arc<Solution>>> {
    let Ok(r) = Rules::from_value(rules) else {
        return Some(None);
    };
    let cell = cache().lock().ok()?.get(&r.to_value().to_string())?.clone();
    let slot = cell.try_lock().ok()?;
    slot.as_ref().map(|s| s.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_solve_per_rules_shared_by_every_caller() {
        let r = Rules::preset("belarus").unwrap();
        let a = of_rules(&r).unwrap();
        let b = of_value(&r.to_value()).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert!(ready(&r.to_value()).unwrap().is_some());
        assert!(matches!(
            ready(&serde_json::json!({"decks": 0})),
            Some(None)
        ));
        assert!(of_value(&serde_json::json!({"decks": 0})).is_none());
        assert!(Arc::ptr_eq(&solved_now(&r).unwrap(), &a));
        solve_soon(&r);
    }
}
