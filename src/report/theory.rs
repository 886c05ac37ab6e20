//! What a table's rules should hold: the house-edge lab's figures for a rules snapshot
//! (`lab::strategy`), computed once per distinct rules in a process and cached, and the
//! rules in force at each table over time (its `table_opened` events).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use serde_json::Value;

use crate::audit::payload::Payload;
use crate::audit::query::Source;
use crate::audit::{AuditError, EventKind};
use crate::engine::Rules;
use crate::lab::strategy::Strategy;

use super::data::RoundRow;

/// What a set of rules should hold, per unit of handle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theory {
    /// The house edge per unit of initial stake (one box, the lab's strategy).
    pub edge: f64,
    /// The house's expected win per unit of handle (the element of risk).
    pub hold: f64,
    /// The standard deviation of a round's house win per unit of handle.
    pub sd: f64,
}

/// The theory for a rules snapshot (as logged when its table opened), solved once per
/// distinct rules in this process; `None` for rules the engine no longer accepts.
pub fn of_rules(rules: &Value) -> Option<Theory> {
    static CACHE: OnceLock<Mutex<HashMap<String, Option<Theory>>>> = OnceLock::new();
    let key = rules.to_string();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(t) = cache.lock().ok()?.get(&key) {
        return *t;
    }
    let theory = Rules::from_value(rules).ok().map(|r| {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let s = Strategy::solve(&r, threads);
        Theory {
            edge: s.house_edge,
            hold: s.hold_per_handle(),
            sd: s.sd_per_handle(),
        }
    });
    cache.lock().ok()?.insert(key, theory);
    theory
}

/// The rules each table opened with, in the order they were opened: by (database,
/// table), (opened at, theory). Read through a `Source`, so the files and the floor give
/// the same theory.
pub(crate) struct Openings(HashMap<(usize, String), Opened>);

/// A table's openings: (opened at, the theory of its rules).
type Opened = Vec<(i64, Option<Theory>)>;

impl Openings {
    pub(crate) fn read(src: &mut dyn Source, to_ms: i64) -> Result<Openings, AuditError> {
        let mut m: HashMap<(usize, String), Opened> = HashMap::new();
        for n in src.events_of(&[EventKind::TableOpened], 0, to_ms)? {
            if let Payload::TableOpened(t) = n.payload {
                m.entry((n.db, n.table.clone()))
                    .or_default()
                    .push((n.at, of_rules(&t.rules)));
            }
        }
        for v in m.values_mut() {
            v.sort_by_key(|(at, _)| *at);
        }
        Ok(Openings(m))
    }

    /// The theory of the rules `table` of database `db` played at `at` (its last opening
    /// before then).
    pub(crate) fn at(&self, db: usize, table: &str, at: i64) -> Option<Theory> {
        let v = self.0.get(&(db, table.to_owned()))?;
        let i = v.partition_point(|(t, _)| *t <= at);
        v.get(i.checked_sub(1)?).and_then(|(_, t)| *t)
    }
}

/// The theory of each round's rules, by (database, round).
#[derive(Clone, Debug, Default)]
pub struct Theories(HashMap<(usize, i64), Theory>);

impl Theories {
    /// For `rounds` of `src`: each round's rules are its table's at the time.
    pub fn read(
        src: &mut dyn Source,
        rounds: &[RoundRow],
        to_ms: i64,
    ) -> Result<Theories, AuditError> {
        let openings = Openings::read(src, to_ms)?;
        let mut m = HashMap::new();
        for r in rounds {
            if let Some(t) = openings.at(r.db, &r.table, r.at) {
                m.insert((r.db, r.round), t);
            }
        }
        Ok(Theories(m))
    }

    pub(crate) fn of(&self, r: &RoundRow) -> Option<Theory> {
        self.0.get(&(r.db, r.round)).copied()
    }
}
