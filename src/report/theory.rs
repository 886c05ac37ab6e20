//! What a table's rules should hold: the house-edge lab's figures for a rules snapshot
//! (`lab::strategy`, and `lab::simulate` for how two boxes of one round move together),
//! as the table's file keeps them (`kept_theories`, schema 11, which `verify` recomputes)
//! or else from the process's one solve per distinct rules (`lab::solutions`); the rules
//! in force at each table over time (its `table_opened` events); and each round's spread
//! from its boxes' stakes (its `round_started` event, or its kept row's bets: the
//! streamed report's `KeptSquares`). Never writes the kept figures.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::Value;

use crate::engine::Money;
use crate::engine::Rules;
use crate::lab::WorkerPanic;
use crate::lab::cost::Costs;
use crate::lab::solutions::{self, Figures, Solution};
use crate::log::payload::Payload;
use crate::log::{AuditError, EventKind, LogRefusal, totals};
use crate::report::query::{RoundLogs, Source};

use super::data::RoundRow;

/// What a set of rules should hold, per unit of handle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theory {
    /// The house edge per unit of initial stake (one box, the lab's strategy).
    pub edge: f64,
    /// The house's expected win per unit of handle (the element of risk).
    pub hold: f64,
    /// The standard deviation of one box's net in a round, per unit of its initial stake.
    pub sd: f64,
    /// The correlation of two boxes' nets in one round (they share the dealer's hand),
    /// measured by the simulator with every box of the rules played; 0 for one box.
    pub rho: f64,
    /// Everything staked per unit of initial stake (stakes, buys, splits, insurance).
    pub staked: f64,
}

impl Theory {
    /// The variance of a round's house win, in the stakes' unit squared, from the initial
    /// stakes on each box (all the bets on one box ride on one hand, so they are summed):
    /// each box's variance is (sd × stake)², and two boxes' covariance is
    /// rho × sd² × their stakes' product.
    pub fn round_var(&self, box_stakes: &[f64]) -> f64 {
        let sum: f64 = box_stakes.iter().sum();
        let squares: f64 = box_stakes.iter().map(|s| s * s).sum();
        self.sd * self.sd * ((1.0 - self.rho) * squares + self.rho * sum * sum)
    }

    /// [`Theory::round_var`] summed over rounds, from the sums of their boxes' stakes
    /// squared (`box_sq` = Σ rounds Σ boxes s², `round_sq` = Σ rounds (Σ boxes s)², in
    /// cents², as `log::totals` keeps them): the variance of their house win, cents².
    pub fn var_of_sums(&self, box_sq: i64, round_sq: i64) -> f64 {
        self.sd * self.sd * ((1.0 - self.rho) * box_sq as f64 + self.rho * round_sq as f64)
    }
}

impl From<Figures> for Theory {
    fn from(f: Figures) -> Theory {
        Theory {
            edge: f.edge,
            hold: f.hold,
            sd: f.sd,
            rho: f.rho,
            staked: f.staked,
        }
    }
}

/// What the lab gives a rules snapshot: its theory and its decision costs.
#[derive(Clone, Debug)]
pub struct Solved {
    pub rules: Rules,
    pub theory: Theory,
    /// One table per rules (`lab::cost`), shared by every round played under them: solved
    /// on the first asking when the theory came from the file's kept figures (only a
    /// round that logged no cost needs it).
    costs: Arc<OnceLock<Option<Arc<Costs>>>>,
}

impl Solved {
    /// The theory a file keeps for `rules`: the costs are solved only if asked for.
    fn kept(rules: Rules, f: Figures) -> Solved {
        Solved {
            rules,
            theory: f.into(),
            costs: Default::default(),
        }
    }

    /// The rules' decision costs (`None`: the solve failed, a worker panicked).
    pub fn costs(&self) -> Option<Arc<Costs>> {
        self.costs
            .get_or_init(|| solutions::of_rules(&self.rules).map(|s| s.costs.clone()))
            .clone()
    }
}

/// The theory for a rules snapshot (as logged when its table opened), solved once per
/// distinct rules in this process; `None` for rules the engine no longer accepts.
pub fn of_rules(rules: &Value) -> Option<Theory> {
    solved(rules).map(|s| s.theory)
}

/// The theory and decision costs of a rules snapshot, from the process's one solve of
/// them (`lab::solutions`, shared with the table sessions); `None` for rules the engine no
/// longer accepts.
pub fn solved(rules: &Value) -> Option<Solved> {
    solutions::of_value(rules).and_then(|s| of_solution(&s))
}

/// `None` when the correlation's simulation failed: no theory rather than one with a
/// made-up spread.
fn of_solution(s: &Solution) -> Option<Solved> {
    Some(Solved {
        rules: s.rules(),
        theory: s.figures().ok()?.into(),
        costs: Arc::new(OnceLock::from(Some(s.costs.clone()))),
    })
}

/// A theory for a screen, which must not wait for it.
#[derive(Clone, Debug, PartialEq)]
pub enum Soon {
    /// Solved (`None`: rules the engine does not accept).
    Ready(Option<Theory>),
    /// Being solved on a thread of its own; ask again.
    Solving,
    /// The solve's worker thread panicked: no theory, and why.
    Failed(WorkerPanic),
}

/// [`of_rules`] without waiting: the cached theory, or else the rules are solved on a
/// thread of their own (once) and the answer is [`Soon::Solving`] until it is done.
pub fn of_rules_soon(rules: &Value) -> Soon {
    static STARTED: OnceLock<Mutex<std::collections::HashSet<String>>> = OnceLock::new();
    match solutions::ready(rules) {
        Some(None) => return Soon::Ready(None),
        Some(Some(s)) => match s.rho_ready() {
            Some(Ok(_)) => return Soon::Ready(of_solution(&s).map(|s| s.theory)),
            Some(Err(e)) => return Soon::Failed(e),
            None => {}
        },
        _ => {}
    }
    if let Some(e) = solutions::failure(rules) {
        return Soon::Failed(e);
    }
    let started = STARTED.get_or_init(Default::default);
    if let Ok(mut s) = started.lock()
        && s.insert(rules.to_string())
    {
        // `ready` said these rules are the engine's.
        if let Ok(r) = Rules::from_value(rules) {
            solutions::in_background(r, |r| {
                solved(&r.to_value());
            });
        }
    }
    Soon::Solving
}

/// The rules each table opened with, in the order they were opened: by (database,
/// table), (opened at, what the lab gives its rules). Read through a `Source`, so the files
/// and the floor give the same theory: a database's kept theory of the rules where it
/// keeps one (`Source::kept_theories`), else the process's solve.
#[derive(Default)]
pub(crate) struct Openings(HashMap<usize, HashMap<String, Opened>>);

/// A table's openings: (opened at, its rules solved).
type Opened = Vec<(i64, Option<Solved>)>;

/// Each database's kept theories: by the rules' key (`lab::solutions::key`), the figures.
type Kept = HashMap<usize, HashMap<String, Figures>>;

impl Openings {
    pub(crate) fn read(src: &mut dyn Source, to_ms: i64) -> Result<Openings, AuditError> {
        let mut m: HashMap<usize, HashMap<String, Opened>> = HashMap::new();
        let mut kept = Kept::new();
        for n in src.events_of(&[EventKind::TableOpened], 0, to_ms)? {
            if let Payload::TableOpened(t) = n.payload {
                if let std::collections::hash_map::Entry::Vacant(v) = kept.entry(n.db) {
                    v.insert(kept_of(src, n.db)?);
                }
                let s = solved_or_kept(&t.rules, &kept[&n.db]);
                (m.entry(n.db).or_default().entry(n.table.clone()))
                    .or_default()
                    .push((n.at, s));
            }
        }
        for v in m.values_mut().flat_map(|t| t.values_mut()) {
            v.sort_by_key(|(at, _)| *at);
        }
        Ok(Openings(m))
    }

    /// The rules `table` of database `db` played at `at` (its last opening before then),
    /// solved.
    pub(crate) fn solved_at(&self, db: usize, table: &str, at: i64) -> Option<&Solved> {
        // By database, then table: looked up without making a key (a page's every round).
        let v = self.0.get(&db)?.get(table)?;
        let i = v.partition_point(|(t, _)| *t <= at);
        v.get(i.checked_sub(1)?).and_then(|(_, t)| t.as_ref())
    }
}

/// A database's kept theories, by the rules' key; a row whose figures do not read is left
/// out (the rules are solved instead; `verify` refuses the file).
fn kept_of(src: &mut dyn Source, db: usize) -> Result<HashMap<String, Figures>, AuditError> {
    Ok(src
        .kept_theories(db)?
        .into_iter()
        .filter_map(|(k, v)| Some((k, Figures::parse(&v)?)))
        .collect())
}

/// The theory of a rules snapshot: as kept, else solved.
fn solved_or_kept(rules: &Value, kept: &HashMap<String, Figures>) -> Option<Solved> {
    let r = Rules::from_value(rules).ok()?;
    match kept.get(&solutions::key(&r)) {
        Some(f) => Some(Solved::kept(r, *f)),
        None => solved(rules),
    }
}

/// A round's theory: its rules' figures, its boxes' initial stakes squared (`box_sq` =
/// Σ boxes s², `round_sq` = (Σ boxes s)², cents², as `log::totals` sums them: its
/// variance is [`Theory::var_of_sums`] of them), and what its players' decisions gave up
/// against the best (millionths of a cent, as a settlement logs it; `None` when it logged
/// none and does not replay to its decisions).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoundTheory {
    pub theory: Theory,
    pub box_sq: i64,
    pub round_sq: i64,
    pub cost: Option<i64>,
}

impl RoundTheory {
    /// The theoretical win at best play (cents): the rules' hold of the handle.
    pub fn best(&self, handle: Money) -> f64 {
        self.theory.hold * handle.cents() as f64
    }
}

/// Rounds' stakes squared (`box_sq`, `round_sq`) as their kept rows' bets give them, by
/// round (of one database). (The rounds report, which makes them, prints nothing of them
/// today: its players' sessions take each box's spread from the row's box figures; they
/// are kept right for any section that would.)
pub(crate) type KeptSquares = foldhash::HashMap<i64, (i64, i64)>;

/// A round's place in [`Theories`]: which rules, its stakes squared (`box_sq`,
/// `round_sq`) and its decisions' cost ([`RoundTheory`]).
type Entry = (u32, i64, i64, Option<i64>);

/// The theory of each round's rules, by (database, round): which of the report's
/// rules, its stakes squared and the cost of its decisions.
#[derive(Clone, Debug, Default)]
pub struct Theories {
    solved: Vec<Solved>,
    rounds: foldhash::HashMap<(usize, i64), Entry>,
}

impl Theories {
    /// For `rounds` of `src`: each round's rules are its table's at the time, and its
    /// spread comes from its boxes' stakes. The rounds' `round_started` events are read
    /// one at a time, each database's from its first round in `rounds` to its last: the
    /// report holds two sums and one cost per round, never the events. A round's cost is
    /// the one it logged (`RoundRow::cost`); a round that logged none has its decisions
    /// costed from its rules' one table (`report::as_played`).
    pub fn read(
        src: &mut dyn Source,
        rounds: &[RoundRow],
        to_ms: i64,
    ) -> Result<Theories, AuditError> {
        let openings = Openings::read(src, to_ms)?;
        Theories::read_logged(
            src,
            rounds,
            &openings,
            &RoundLogs::default(),
            &KeptSquares::default(),
        )
    }

    /// [`Theories::read`] of a page of rounds under the tables' `openings` (read once for
    /// every page) whose logs were read with it (`logs`, of one database): a round that
    /// logged no cost is costed from its log there, not read again; a round with a kept
    /// row has its stakes squared from it (`kept`), its start not read.
    pub(crate) fn read_logged(
        src: &mut dyn Source,
        rounds: &[RoundRow],
        openings: &Openings,
        logs: &RoundLogs,
        kept: &KeptSquares,
    ) -> Result<Theories, AuditError> {
        debug_assert!(
            (logs.is_empty() && kept.is_empty()) || rounds.windows(2).all(|w| w[0].db == w[1].db),
            "a page's logs and kept rows are of one database"
        );
        let mut th = Theories::default();
        th.rounds.reserve(rounds.len());
        // Each round's theory; its stakes come from its boxes when they are read.
        let mut span: std::collections::BTreeMap<usize, (i64, i64)> = Default::default();
        for r in rounds {
            let Some(s) = openings.solved_at(r.db, &r.table, r.at) else {
                continue;
            };
            // The same rules and the same figures: each file's kept theory is its own (a
            // forged row in one file must not reach another's rounds).
            let i = match th
                .solved
                .iter()
                .position(|x| x.rules == s.rules && x.theory == s.theory)
            {
                Some(i) => i,
                None => {
                    th.solved.push(s.clone());
                    th.solved.len() - 1
                }
            };
            th.rounds.insert((r.db, r.round), (i as u32, 0, 0, r.cost));
            let sp = span.entry(r.db).or_insert((r.round, r.round));
            *sp = (sp.0.min(r.round), sp.1.max(r.round));
        }
        for (db, (first, last)) in span {
            // A page's kept rows give their rounds' squares, and its logs their rounds'
            // bets (their first readable start's): its starts are read only if a round
            // has neither, and then give only the rounds without a kept row.
            if !th.vars_of_kept(db, logs, kept) {
                th.read_vars(src, db, first, last, kept)?;
            }
        }
        th.read_costs(src, rounds, logs)?;
        Ok(th)
    }

    /// Each round's stakes squared from its kept row (`kept`: its bets squared, the row
    /// made from its round's start and held to it by `verify`, as the row's inputs and
    /// nets are); then, if every other round of database `db` has a log of one readable
    /// start in `logs` (`RoundLog::one_start`: what `read_vars` would read), from its
    /// bets there. Else (`false`) those others are left for [`Theories::read_vars`], which
    /// reads the starts (and refuses an unreadable one, as it always has).
    fn vars_of_kept(&mut self, db: usize, logs: &RoundLogs, kept: &KeptSquares) -> bool {
        let mut all = true;
        for ((d, round), (_, box_sq, round_sq, _)) in self.rounds.iter_mut() {
            if *d != db {
                continue;
            }
            match kept.get(round) {
                Some(squares) => (*box_sq, *round_sq) = *squares,
                None => all &= logs.get(round).is_some_and(|l| l.one_start),
            }
        }
        if !all {
            return false;
        }
        for ((d, round), (_, box_sq, round_sq, _)) in self.rounds.iter_mut() {
            if let (true, None, Some(l)) = (*d == db, kept.get(round), logs.get(round)) {
                // Squared as `log::totals` squares a bucket's round.
                (*box_sq, *round_sq) =
                    totals::bets_squared(l.bets.iter().map(|b| (b.box_no, b.stake.cents())));
            }
        }
        true
    }

    /// Each round's stakes squared from its boxes' stakes (its `round_started`), but a
    /// round with a kept row (`kept`), whose squares are its row's: its start is neither
    /// taken nor refused, whatever else its page holds.
    fn read_vars(
        &mut self,
        src: &mut dyn Source,
        db: usize,
        first: i64,
        last: i64,
        kept: &KeptSquares,
    ) -> Result<(), AuditError> {
        let rounds = &mut self.rounds;
        src.round_starts(db, first, last, &mut |round, start| {
            let Some((_, box_sq, round_sq, _)) = rounds.get_mut(&(db, round)) else {
                return Ok(());
            };
            if kept.contains_key(&round) {
                return Ok(());
            }
            // Read where `Payload::parse` reads it and squared as `log::totals` squares a
            // bucket's round (`query::start_squares`, a file's text here, for the rounds
            // wanted only; the floor's as its trigger kept them, which its auditor holds
            // to that), refused where it refuses.
            let Some(squares) = start.squares() else {
                return Err(AuditError::Refused(LogRefusal::StartUnreadable { round }));
            };
            (*box_sq, *round_sq) = squares;
            Ok(())
        })
    }

    /// The decisions of each round that logged no cost, costed (`as_played::of_logged`)
    /// from its inputs and rounded as a settlement logs it (`lab::played::logged_cost`).
    /// A round's inputs are its log's in `logs`, else read.
    fn read_costs(
        &mut self,
        src: &mut dyn Source,
        rounds: &[RoundRow],
        logs: &RoundLogs,
    ) -> Result<(), AuditError> {
        for r in rounds {
            let Some((i, _, _, cost)) = self.rounds.get_mut(&(r.db, r.round)) else {
                continue;
            };
            if cost.is_some() {
                continue;
            }
            let s = &self.solved[*i as usize];
            let Some(costs) = s.costs() else {
                continue;
            };
            let read;
            let (bets, steps) = match logs.get(&r.round) {
                Some(l) => (&l.bets, &l.steps),
                None => {
                    read = src.round_inputs(r.db, r.round)?;
                    (&read.0, &read.1)
                }
            };
            *cost = super::as_played::of_logged(&costs, s.rules, bets, steps)
                .ok()
                .map(|p| crate::lab::played::logged_cost(p.cost()));
        }
        Ok(())
    }

    pub(crate) fn of(&self, r: &RoundRow) -> Option<RoundTheory> {
        let &(i, box_sq, round_sq, cost) = self.rounds.get(&(r.db, r.round))?;
        Some(RoundTheory {
            theory: self.solved.get(i as usize)?.theory,
            box_sq,
            round_sq,
            cost,
        })
    }

    /// The rules a round was played under, solved (for costing its boxes one by one).
    pub(crate) fn solved_of(&self, r: &RoundRow) -> Option<&Solved> {
        let &(i, ..) = self.rounds.get(&(r.db, r.round))?;
        self.solved.get(i as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::simulate::{CHUNK, SimOptions, simulate};

    /// A screen asking for rules whose solve failed is told so, with the panic, rather
    /// than "solving" for ever.
    #[test]
    fn a_screen_is_told_a_solve_failed() {
        let mut v = Rules::preset("czech").unwrap().to_value();
        v["boxes"] = serde_json::json!(6);
        let e = WorkerPanic {
            message: "attempt to divide by zero".into(),
        };
        solutions::record_failure(&Rules::from_value(&v).unwrap(), e.clone());
        assert_eq!(of_rules_soon(&v), Soon::Failed(e));
    }
    use crate::log::Store;
    use crate::report::query::Files;
    use crate::session::demo;

    /// Each round's variance is its own boxes' (its `round_started`, read one event at a
    /// time through the source, for the report's rounds only): a round of several boxes
    /// is not taken as one bet of its whole handle, and a round outside the report has
    /// no theory.
    #[test]
    fn a_rounds_variance_comes_from_its_own_boxes() {
        let dir =
            std::env::temp_dir().join(format!("croupier-unit-{}-theories", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut store = Store::open_with(&dir.join("t.db"), Box::new(demo::clock())).unwrap();
        demo::fill(&mut store, 60, 1, 3, |_| {}).unwrap();
        let stores = [store];
        let mut src = Files(&stores);
        let all = src.rounds(i64::MIN, i64::MAX, &mut |_| {}).unwrap();
        let rounds = &all[30..];
        let th = Theories::read(&mut src, rounds, i64::MAX).unwrap();
        let mut several = 0;
        for r in rounds {
            let t = th.of(r).expect("the demo's rules have a theory");
            let (bets, _) = src.round_inputs(r.db, r.round).unwrap();
            let mut by_box: std::collections::BTreeMap<u8, i64> = Default::default();
            for b in &bets {
                *by_box.entry(b.box_no).or_insert(0) += b.stake.cents();
            }
            let stakes: Vec<f64> = by_box.values().map(|c| *c as f64).collect();
            several += usize::from(stakes.len() > 1);
            let var = t.theory.var_of_sums(t.box_sq, t.round_sq);
            let want = t.theory.round_var(&stakes);
            assert!((var / want - 1.0).abs() < 1e-12, "round {}", r.round);
        }
        assert!(several > 0, "some rounds have several boxes");
        assert!(th.of(&all[0]).is_none(), "a round outside the report");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The model's spread of a round of several boxes is the one the simulator measures
    /// (at a box count and seed other than those `rho` was measured with); a round taken as
    /// one bet of its whole handle would be 1.4 times too wide at 3 boxes.
    #[test]
    fn a_rounds_spread_follows_its_boxes() {
        for name in ["czech", "belarus"] {
            let t = of_rules(&Rules::preset(name).unwrap().to_value()).unwrap();
            assert!(t.rho > 0.1 && t.rho < 0.5, "{name}: {t:?}");
            let s = crate::lab::solved(name);
            for boxes in [1u8, 3] {
                let opt = SimOptions {
                    rounds: 2 * CHUNK,
                    boxes,
                    threads: 2,
                    seed: 99,
                };
                let r = simulate(s, opt, &|_| {}).unwrap();
                // The simulator's sd is of the mean net per box: a round's is B times it.
                let measured = r.sd * boxes as f64;
                let model = t.round_var(&vec![1.0; boxes as usize]).sqrt();
                assert!(
                    (model / measured - 1.0).abs() < 0.03,
                    "{name}, {boxes} boxes: model {model} vs simulated {measured}"
                );
            }
        }
    }
}
