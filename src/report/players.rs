//! The rounds report's `players` section (issue 26 item 2): a player's worth per box and
//! table session, from the log — rounds, average initial stake, handle, the house's win,
//! the theory at best play and as played (`report::as_played`), time at the table. Reads
//! rounds through a `Source`; never writes.

use std::collections::{BTreeMap, BTreeSet};

use super::Cell;
use super::data::RoundRow;
use super::table_cell;
use super::theory::{Solved, Theories};
use crate::engine::Money;
use crate::log::AuditError;
use crate::report::query::{RoundLog, Source};
use crate::session::round_row::BoxFigures;

/// A session ends when its box sits out more than this many of its table's rounds in a row.
pub const SIT_OUT_ROUNDS: usize = 3;
/// ... or when this long passes between two of its rounds (20 minutes).
pub const GAP_MS: i64 = 20 * 60_000;

/// One box's session at one table.
#[derive(Clone, Debug, Default)]
struct Session {
    /// When it began: the settlement of the table's round before its first (the first
    /// round's start, as near as the log tells), or its first round's if none is near.
    from: i64,
    /// Its last round: settled at, and the table's round count then.
    last: i64,
    last_n: usize,
    rounds: i64,
    stakes: Money,
    handle: Money,
    win: Money,
    /// The theory at best play, the decisions' cost (cents) and the win's variance (cents²).
    best: f64,
    cost: f64,
    var: f64,
}

/// Its columns (the JSON's keys).
pub(crate) const COLUMNS: [&str; 11] = [
    "table",
    "box",
    "started at",
    "minutes",
    "rounds",
    "average stake",
    "handle",
    "house win",
    "theo_best",
    "theo_as_played",
    "luck_sd",
];

/// A row's leading key: (table, currency key, box, started at, database).
type RowKey = (String, Option<String>, u8, i64, usize);

/// The sessions of every box over `rounds` (the report's kept rounds of the period), a row
/// each; `ck` gives a database's currency key (none unless the report mixes currencies:
/// then a currency cell follows the table's). A round whose rules the engine no longer
/// accepts, or that does not replay, is left out. A table name in `shared` (the report's
/// names two databases share) is said with its database.
pub(crate) fn rows(
    src: &mut dyn Source,
    rounds: &[&RoundRow],
    th: &Theories,
    ck: &dyn Fn(usize) -> Option<String>,
    shared: &BTreeSet<String>,
) -> Result<Vec<Vec<Cell>>, AuditError> {
    let mut order: Vec<&RoundRow> = rounds.to_vec();
    order.sort_by(|a, b| (a.db, &a.table, a.at, a.round).cmp(&(b.db, &b.table, b.at, b.round)));
    let mut sessions = Sessions::default();
    for r in order {
        // A round whose rules are not solved has no session to add to: its log unread.
        let log = match th.solved_of(r) {
            Some(_) => {
                let (bets, steps) = src.round_inputs(r.db, r.round)?;
                let nets = match r.corrected {
                    true => src.round_nets(r.db, r.round, None)?,
                    false => Vec::new(),
                };
                RoundLog {
                    bets,
                    steps,
                    nets,
                    one_start: false,
                }
            }
            None => RoundLog::default(),
        };
        sessions.add(r, th, &log, ck);
    }
    Ok(sessions.rows(ck, shared))
}

/// The sessions being made, round by round: each table's open ones and the ended ones. A
/// streamed rounds report feeds it each database's rounds in (time, round) order, a page at
/// a time; it holds a row per session, never a round.
#[derive(Default)]
pub(crate) struct Sessions {
    done: BTreeMap<RowKey, Session>,
    /// By database, then by table.
    tables: BTreeMap<usize, BTreeMap<String, Table>>,
}

/// A table's open sessions by box, its last round's settlement and its count of rounds.
#[derive(Default)]
struct Table {
    open: BTreeMap<u8, Session>,
    prev_at: Option<i64>,
    n: usize,
}

impl Sessions {
    /// Adds round `r`, the next of its table in (time, round) order, with its log (its
    /// bets and inputs; its nets, read only when it was corrected): its boxes replayed
    /// (`as_played::of_logged`).
    pub(crate) fn add(
        &mut self,
        r: &RoundRow,
        th: &Theories,
        log: &RoundLog,
        ck: &dyn Fn(usize) -> Option<String>,
    ) {
        let Some(at) = self.count(r) else {
            return;
        };
        let Some(s) = th.solved_of(r) else {
            return;
        };
        let Some(costs) = s.costs() else {
            return;
        };
        let bets = &log.bets;
        let Ok(played) = super::as_played::of_logged(&costs, s.rules, bets, &log.steps) else {
            return;
        };
        // A corrected round's house win per box is its correction's nets, not the replay's.
        let corrected = r.corrected.then_some(&log.nets);
        let boxes = played.boxes.into_iter().map(|b| {
            let house_win = match corrected {
                Some(nets) => -(nets.iter())
                    .filter(|n| bets.iter().any(|x| x.id == n.id && x.box_no == b.box_no))
                    .map(|n| n.net.cents())
                    .sum::<i64>(),
                None => b.house_win.cents(),
            };
            BoxFigures {
                box_no: b.box_no,
                stake: b.stake.cents(),
                staked: b.staked.cents(),
                house_win,
                cost: b.cost,
            }
        });
        self.add_boxes(r, s, at, boxes, ck);
    }

    /// Adds round `r` (as [`Sessions::add`]) from its kept row's box figures (log schema
    /// 12: each box as played at its settlement, its house win its latest correction's),
    /// without a replay.
    pub(crate) fn add_kept(
        &mut self,
        r: &RoundRow,
        th: &Theories,
        boxes: impl Iterator<Item = BoxFigures>,
        ck: &dyn Fn(usize) -> Option<String>,
    ) {
        let Some(at) = self.count(r) else {
            return;
        };
        // Added only where a replay would add it: rules solved, decisions costed.
        let Some(s) = th.solved_of(r).filter(|s| s.costs().is_some()) else {
            return;
        };
        self.add_boxes(r, s, at, boxes, ck);
    }

    /// Counts round `r` at its table: the table's count then, and the settlement before it
    /// if near enough to begin a session (`None`: no table to count it at).
    fn count(&mut self, r: &RoundRow) -> Option<(usize, Option<i64>)> {
        // The table's name is kept once, at its first round, not cloned every round.
        let tables = self.tables.entry(r.db).or_default();
        if !tables.contains_key(&r.table) {
            tables.insert(r.table.clone(), Table::default());
        }
        let t = tables.get_mut(&r.table)?;
        let before = t.prev_at.filter(|p| r.at - p <= GAP_MS);
        t.prev_at = Some(r.at);
        t.n += 1;
        Some((t.n, before))
    }

    /// Each of round `r`'s boxes into its session (`(n, before)`: what [`Sessions::count`]
    /// gave), under its solved rules `s`.
    fn add_boxes(
        &mut self,
        r: &RoundRow,
        s: &Solved,
        (n, before): (usize, Option<i64>),
        boxes: impl Iterator<Item = BoxFigures>,
        ck: &dyn Fn(usize) -> Option<String>,
    ) {
        let Some(t) = self.tables.get_mut(&r.db).and_then(|t| t.get_mut(&r.table)) else {
            return;
        };
        for b in boxes {
            let ended = t
                .open
                .get(&b.box_no)
                .is_some_and(|o| ends((o.last_n, o.last), (n, r.at)));
            if ended && let Some(o) = t.open.remove(&b.box_no) {
                self.done
                    .insert((r.table.clone(), ck(r.db), b.box_no, o.from, r.db), o);
            }
            let o = t.open.entry(b.box_no).or_insert_with(|| Session {
                from: before.unwrap_or(r.at),
                ..Session::default()
            });
            o.last = r.at;
            o.last_n = n;
            o.rounds += 1;
            // Saturating: a kept row's figures are read, not replayed (a forged row that
            // still decodes must not panic or wrap; verify names it).
            o.stakes = plus(o.stakes, b.stake);
            o.handle = plus(o.handle, b.staked);
            o.win = plus(o.win, b.house_win);
            o.best += s.theory.hold * b.staked as f64;
            o.cost += b.cost;
            o.var += s.theory.round_var(&[b.stake as f64]);
        }
    }

    /// Ends every open session and gives the rows, in the section's order; a table name in
    /// `shared` said with its database.
    pub(crate) fn rows(
        mut self,
        ck: &dyn Fn(usize) -> Option<String>,
        shared: &BTreeSet<String>,
    ) -> Vec<Vec<Cell>> {
        for (db, tables) in std::mem::take(&mut self.tables) {
            for (table, t) in tables {
                for (b, s) in t.open {
                    self.done.insert((table.clone(), ck(db), b, s.from, db), s);
                }
            }
        }
        self.done
            .into_iter()
            .map(|(k, s)| cells(k, &s, shared))
            .collect()
    }
}

/// Whether a box's session whose last round was the table's `last` (its count, settled at)
/// has ended by the table's round `now`: more than [`SIT_OUT_ROUNDS`] of the table's rounds
/// without it in between, or more than [`GAP_MS`].
fn ends(last: (usize, i64), now: (usize, i64)) -> bool {
    now.0.saturating_sub(last.0) > SIT_OUT_ROUNDS + 1 || now.1 - last.1 > GAP_MS
}

/// A session's row.
fn cells((table, cur, b, from, db): RowKey, s: &Session, shared: &BTreeSet<String>) -> Vec<Cell> {
    let cents = |x: f64| Cell::Money(Money::from_cents(x.round() as i64));
    let played = s.best + s.cost;
    let luck = (s.var > 0.0).then(|| (s.win.cents() as f64 - played) / s.var.sqrt());
    let cur = cur.map(|c| vec![Cell::Text(c)]).unwrap_or_default();
    [
        vec![table_cell(&table, db, shared)],
        cur,
        vec![
            Cell::Int(b as i64),
            Cell::Time(from),
            Cell::Int((s.last - from) / 60_000),
            Cell::Int(s.rounds),
            Cell::Money(Money::from_cents(s.stakes.cents() / s.rounds.max(1))),
            Cell::Money(s.handle),
            Cell::Money(s.win),
            cents(s.best),
            cents(played),
            Cell::Sd(luck),
        ],
    ]
    .concat()
}

/// `m` and `cents`, saturating at the bounds of a `Money`.
fn plus(m: Money, cents: i64) -> Money {
    Money::from_cents(m.cents().saturating_add(cents))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::Store;
    use crate::report::query::Files;
    use crate::session::demo;

    #[test]
    fn a_session_ends_after_three_rounds_sat_out_or_twenty_minutes() {
        let min = 60_000;
        assert!(!ends((1, 0), (2, min)), "the next round");
        assert!(!ends((1, 0), (5, 4 * min)), "three rounds sat out");
        assert!(ends((1, 0), (6, 5 * min)), "four rounds sat out");
        assert!(!ends((1, 0), (2, 20 * min)), "twenty minutes");
        assert!(ends((1, 0), (2, 20 * min + 1)), "more than twenty minutes");
    }

    /// The sessions add up to the rounds: every box of every round is in one session, and
    /// the sessions' handle, win and theory as played are the rounds' (as the summary's).
    #[test]
    fn the_sessions_add_up_to_the_rounds() {
        let dir =
            std::env::temp_dir().join(format!("croupier-unit-{}-players", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut store = Store::open_with(&dir.join("t.db"), Box::new(demo::clock())).unwrap();
        demo::fill(&mut store, 200, 1, 7, |_| {}).unwrap();
        let stores = [store];
        let mut src = Files(&stores);
        let all = src.rounds(i64::MIN, i64::MAX, &mut |_| {}).unwrap();
        let kept: Vec<&RoundRow> = all.iter().filter(|r| !r.voided).collect();
        let th = Theories::read(&mut src, &all, i64::MAX).unwrap();
        let rows = rows(&mut src, &kept, &th, &|_| None, &BTreeSet::new()).unwrap();
        let (mut boxes, mut handle, mut win, mut played) = (0i64, 0i64, 0i64, 0.0);
        for r in &kept {
            let (bets, _) = src.round_inputs(r.db, r.round).unwrap();
            let mut b: Vec<u8> = bets.iter().map(|b| b.box_no).collect();
            b.dedup();
            boxes += b.len() as i64;
            handle += r.figures.handle.cents();
            win += r.figures.house_net.cents();
            let t = th.of(r).unwrap();
            // The cost in millionths of a cent, as logged.
            played += t.best(r.figures.handle) + t.cost.unwrap() as f64 / 1e6;
        }
        let sum = |i: usize| -> i64 {
            rows.iter()
                .map(|row| match &row[i] {
                    Cell::Int(n) => *n,
                    Cell::Money(m) => m.cents(),
                    other => panic!("{other:?}"),
                })
                .sum()
        };
        assert!(rows.len() > 7, "boxes come and go: {} sessions", rows.len());
        assert_eq!(sum(4), boxes);
        assert_eq!(sum(6), handle);
        assert_eq!(sum(7), win);
        // Each session's theory is rounded to the cent.
        assert!(
            (sum(9) as f64 - played).abs() <= rows.len() as f64,
            "{} vs {played}",
            sum(9)
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
