//! What a table's rules should hold: the house-edge lab's figures for a rules snapshot
//! (`lab::strategy`), computed once per distinct rules in a process and cached, and the
//! rules in force at each table over time (its `table_opened` events).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use serde_json::Value;

use crate::audit::payload::Payload;
use crate::audit::{AuditError, EventKind, Store};
use crate::engine::Rules;
use crate::lab::strategy::Strategy;

use super::data::{self, RoundRow};

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

/// The rules each table of one database opened with, in the order they were opened:
/// (table, opened at, theory).
pub(crate) struct Openings(HashMap<String, Vec<(i64, Option<Theory>)>>);

impl Openings {
    pub(crate) fn read(store: &Store, db: usize, to_ms: i64) -> Result<Openings, AuditError> {
        let mut m: HashMap<String, Vec<(i64, Option<Theory>)>> = HashMap::new();
        for n in data::events_of(store, db, &[EventKind::TableOpened], 0, to_ms)? {
            if let Payload::TableOpened(t) = n.payload {
                m.entry(n.table.clone())
                    .or_default()
                    .push((n.at, of_rules(&t.rules)));
            }
        }
        for v in m.values_mut() {
            v.sort_by_key(|(at, _)| *at);
        }
        Ok(Openings(m))
    }

    /// The theory of the rules `table` played at `at` (its last opening before then).
    pub(crate) fn at(&self, table: &str, at: i64) -> Option<Theory> {
        let v = self.0.get(table)?;
        let i = v.partition_point(|(t, _)| *t <= at);
        v.get(i.checked_sub(1)?).and_then(|(_, t)| *t)
    }
}

/// The theory of each round's rules, by (database, round).
#[derive(Clone, Debug, Default)]
pub struct Theories(HashMap<(usize, i64), Theory>);

impl Theories {
    /// For `rounds` of `stores`: each round's rules are its table's at the time.
    pub fn read(stores: &[Store], rounds: &[RoundRow], to_ms: i64) -> Result<Theories, AuditError> {
        let openings = stores
            .iter()
            .enumerate()
            .map(|(i, s)| Openings::read(s, i, to_ms))
            .collect::<Result<Vec<_>, _>>()?;
        let mut m = HashMap::new();
        for r in rounds {
            if let Some(t) = openings.get(r.db).and_then(|o| o.at(&r.table, r.at)) {
                m.insert((r.db, r.round), t);
            }
        }
        Ok(Theories(m))
    }

    pub(crate) fn of(&self, r: &RoundRow) -> Option<Theory> {
        self.0.get(&(r.db, r.round)).copied()
    }
}
