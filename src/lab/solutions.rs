//! The rules solved in this process: each distinct rules snapshot's strategy and decision
//! costs, solved once (deterministically) and shared by the table session, which costs a
//! round at settlement, and the reports, which read the theory. A write-once cache of pure
//! results: it never does I/O and never keeps a failed solve.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use serde_json::Value;

use crate::engine::Rules;
use crate::panics::panic_message;

use super::WorkerPanic;
use super::cost::Costs;
use super::simulate::{CHUNK, SimError, SimOptions, simulate};
use super::strategy::Strategy;

/// What the lab gives one set of rules: its strategy, its decision costs and (measured on
/// first asking, by simulation) how two boxes of one round move together.
#[derive(Debug)]
pub struct Solution {
    pub strategy: Strategy,
    /// One table per rules, shared by every round played under them.
    pub costs: Arc<Costs>,
    rho: OnceLock<Result<f64, WorkerPanic>>,
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
    /// simulation runs on the first asking only. A simulation whose worker panicked gives
    /// its panic, never a made-up correlation.
    pub fn rho(&self) -> Result<f64, WorkerPanic> {
        self.rho
            .get_or_init(|| rho_of(&self.strategy, threads()))
            .clone()
    }

    /// [`Solution::rho`] if it was already measured (or failed).
    pub fn rho_ready(&self) -> Option<Result<f64, WorkerPanic>> {
        self.rho.get().cloned()
    }
}

/// What a report takes from a rules' solve (per unit of initial stake or handle): the
/// house edge, the hold of the handle, one box's sd, two boxes' correlation and what is
/// staked in all. Kept in the table's file as text ([`Figures::text`]: each figure's bits,
/// so that the kept figures are the solve's to the last bit) beside the rules' [`key`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figures {
    pub edge: f64,
    pub hold: f64,
    pub sd: f64,
    pub rho: f64,
    pub staked: f64,
}

impl Figures {
    /// The figures as kept: `edge hold sd rho staked`, each an f64's bits in hex.
    pub fn text(&self) -> String {
        [self.edge, self.hold, self.sd, self.rho, self.staked]
            .map(|f| format!("{:016x}", f.to_bits()))
            .join(" ")
    }

    /// [`Figures::text`] read back; `None` for any other text.
    pub fn parse(text: &str) -> Option<Figures> {
        let mut bits = text.split(' ').map(|w| {
            (w.len() == 16)
                .then(|| u64::from_str_radix(w, 16).ok())
                .flatten()
                .map(f64::from_bits)
        });
        let mut next = || bits.next().flatten();
        let f = Figures {
            edge: next()?,
            hold: next()?,
            sd: next()?,
            rho: next()?,
            staked: next()?,
        };
        bits.next().is_none().then_some(f)
    }
}

/// A rules' key in the cache and in the file's kept theories: its canonical text.
pub fn key(rules: &Rules) -> String {
    rules.to_value().to_string()
}

impl Solution {
    /// What a report takes from the solve ([`Figures`]); the correlation is simulated on
    /// the first asking. A failed simulation gives its panic, never made-up figures.
    pub fn figures(&self) -> Result<Figures, WorkerPanic> {
        let st = &self.strategy;
        Ok(Figures {
            edge: st.house_edge,
            hold: st.hold_per_handle(),
            sd: st.sd,
            rho: self.rho()?,
            staked: st.mean_staked,
        })
    }
}

/// The correlation of two boxes' nets: from the variance of the mean net over all the
/// rules' boxes, V = sd² × ((1 − rho) / B + rho).
fn rho_of(s: &Strategy, threads: usize) -> Result<f64, WorkerPanic> {
    let boxes = s.rules.boxes();
    if boxes < 2 || s.sd <= 0.0 {
        return Ok(0.0);
    }
    let opt = SimOptions {
        rounds: RHO_ROUNDS,
        boxes,
        threads,
        seed: 1,
    };
    // The options come from the rules themselves, so only a worker's panic can fail it;
    // anything else is still said, never made a correlation.
    let r = simulate(s, opt, &|_| {}).map_err(|e| match e {
        SimError::Worker(w) => w,
        other => WorkerPanic {
            message: other.to_string(),
        },
    })?;
    let b = boxes as f64;
    Ok(((b * r.sd * r.sd / (s.sd * s.sd) - 1.0) / (b - 1.0)).clamp(0.0, 1.0))
}

fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// One rules' place in the cache: its solve, set once when done (read without a lock,
/// so a settlement never misses a finished solve for another thread's moment in it), and
/// the lock one solver holds while it solves (a second caller waits on it).
#[derive(Default)]
struct Slot {
    done: OnceLock<Arc<Solution>>,
    solving: Mutex<()>,
}

type Cell = Arc<Slot>;

/// Every rules solved in this process, by the rules' canonical text (`Rules::to_value`).
fn cache() -> &'static Mutex<HashMap<String, Cell>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Cell>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

fn cell(key: String) -> Option<Cell> {
    Some(cache().lock().ok()?.entry(key).or_default().clone())
}

/// The rules solved, once per distinct rules in this process: a second caller waits for
/// the first one's solve rather than solving again. `None` when a solver thread panicked
/// (nothing is cached: the next asking solves again; [`failure`] says why).
pub fn of_rules(rules: &Rules) -> Option<Arc<Solution>> {
    let cell = cell(key(rules))?;
    if let Some(s) = cell.done.get() {
        return Some(s.clone());
    }
    // The lock guards no data: a solve that panicked while holding it leaves nothing
    // half-made, so the next caller solves again rather than failing for ever.
    let _solving = cell.solving.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(s) = cell.done.get() {
        return Some(s.clone());
    }
    let strategy = match Strategy::solve(rules, threads()) {
        Ok(s) => s,
        Err(e) => {
            record_failure(rules, e);
            return None;
        }
    };
    let s = Arc::new(Solution {
        costs: Arc::new(Costs::of(&strategy)),
        strategy,
        rho: OnceLock::new(),
    });
    Some(cell.done.get_or_init(|| s).clone())
}

/// Solves whose worker panicked, by the rules' text, with the panic: a caller that does
/// not wait says so rather than "solving" for ever (the next [`of_rules`] tries again).
fn failures() -> &'static Mutex<HashMap<String, WorkerPanic>> {
    static FAILED: OnceLock<Mutex<HashMap<String, WorkerPanic>>> = OnceLock::new();
    FAILED.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Records that a solve of `rules` failed (what [`of_rules`] does when a worker panics).
pub(crate) fn record_failure(rules: &Rules, e: WorkerPanic) {
    if let Ok(mut f) = failures().lock() {
        f.insert(rules.to_value().to_string(), e);
    }
}

/// Why the last solve of `rules` failed (a worker's panic), if it did.
pub fn failure(rules: &Value) -> Option<WorkerPanic> {
    let r = Rules::from_value(rules).ok()?;
    failures()
        .lock()
        .ok()?
        .get(&r.to_value().to_string())
        .cloned()
}

/// Starts solving the rules on a thread of their own unless they were solved or are
/// being solved: for a caller that must not wait ([`solved_now`] gives the answer once it
/// is there).
pub fn solve_soon(rules: &Rules) {
    // Solved by another caller first (a report, the lab) without the correlation: it is
    // still measured here, or the table could never keep the rules' figures.
    if solved_now(rules).is_some_and(|s| s.rho_ready().is_some()) {
        return;
    }
    static STARTED: OnceLock<Mutex<std::collections::HashSet<String>>> = OnceLock::new();
    let started = STARTED.get_or_init(Default::default);
    if let Ok(mut s) = started.lock()
        && s.insert(rules.to_value().to_string())
    {
        // The correlation too: the table keeps the rules' figures once both are there.
        in_background(*rules, |r| {
            if let Some(s) = of_rules(r) {
                let _ = s.rho();
            }
        });
    }
}

/// Runs `work` on the rules on a thread of its own; a panic there (outside the lab's
/// workers, which fail a solve themselves) is recorded as the rules' [`failure`] with what
/// it said, so a caller that does not wait is told rather than left "solving" for ever.
pub(crate) fn in_background(rules: Rules, work: impl FnOnce(&Rules) + Send + 'static) {
    std::thread::spawn(move || {
        if let Err(p) = catch_unwind(AssertUnwindSafe(|| work(&rules))) {
            record_failure(
                &rules,
                WorkerPanic {
                    message: panic_message(p.as_ref()),
                },
            );
        }
    });
}

/// The rules' solution if it is there now, without waiting or solving (`None` while it is
/// being solved, or before anyone asked).
pub fn solved_now(rules: &Rules) -> Option<Arc<Solution>> {
    let cell = cache().lock().ok()?.get(&key(rules))?.clone();
    cell.done.get().cloned()
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
    solved_now(&r).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solve whose worker panicked is said, with the panic, to a caller that does not
    /// wait: never "solving" for ever, never a theory made of part of the work.
    #[test]
    fn a_failed_solve_is_said_with_its_panic() {
        // Rules nobody else in this process solves: czech with one box fewer.
        let mut v = Rules::preset("czech").unwrap().to_value();
        v["boxes"] = serde_json::json!(5);
        let r = Rules::from_value(&v).unwrap();
        let e = WorkerPanic {
            message: "index out of bounds".into(),
        };
        assert_eq!(failure(&v), None);
        record_failure(&r, e.clone());
        assert_eq!(failure(&v), Some(e));
    }

    /// A background solve whose own thread panics (not a lab worker: the costing after
    /// it, say) is said with its panic; before, the thread died and the rules stayed
    /// "solving" for ever.
    #[test]
    fn a_background_solve_that_panics_is_said_with_its_panic() {
        // Rules nobody else in this process solves: czech with two boxes fewer.
        let mut v = Rules::preset("czech").unwrap().to_value();
        v["boxes"] = serde_json::json!(4);
        let r = Rules::from_value(&v).unwrap();
        in_background(r, |_| panic!("no cost for {} cards", 6));
        let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while failure(&v).is_none() && std::time::Instant::now() < until {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let said = WorkerPanic {
            message: "no cost for 6 cards".into(),
        };
        assert_eq!(failure(&v), Some(said));
    }

    /// The kept text gives back the very bits; any other text is no figures.
    #[test]
    fn figures_are_kept_to_the_last_bit() {
        let f = Figures {
            edge: 0.1 + 0.2,
            hold: -1.0e-300,
            sd: 1.0 / 3.0,
            rho: 0.0,
            staked: f64::MIN_POSITIVE,
        };
        let back = Figures::parse(&f.text()).unwrap();
        assert_eq!(back.text(), f.text());
        assert_eq!(back.edge.to_bits(), f.edge.to_bits());
        for bad in ["", "1 2 3 4 5", &format!("{} 00", f.text())] {
            assert_eq!(Figures::parse(bad), None, "{bad:?}");
        }
        assert_eq!(Figures::parse(&f.text()[..f.text().len() - 17]), None);
    }

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
