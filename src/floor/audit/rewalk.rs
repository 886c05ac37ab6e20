//! The auditor's walk of a chain again from its genesis, hash only: when a table database
//! its replay has taken events of is due (`touched`, or its last walk from the genesis
//! started over [`super::CHAIN_ANYWAY`] ago), every event it holds is read in order (seq,
//! the bytes the hash covers, the stored check) and held to the chain hash computed from
//! the one before it with the log core's `event_hash` (the replay's own check, the same
//! function), event 1's then to the table database's identity (`Refusal::Identity`),
//! and the head to the hash the floor moved it to (`tables.head_hash`); and
//! each settlement the replay has passed has its floor row (`croupier.rounds`, what the
//! reports total) held to the figures the settlement logs, with the replay's comparison
//! (`replay::figures_held`, `FloorFigures`). The engine replays nothing again, and the
//! replay goes on from where it was. Read in [`super::CHUNK`] ranges, one transaction a
//! range (a statement, its snapshot and its locks no longer than the replay's chunk), the
//! walk's start (`walk_from_genesis`) in the first. Stops at the first break; a gap or
//! missing events found by a later range below the first event the floor holds now (the
//! oldest months detached between ranges, `detached_below`, the replay's chunks' check
//! too) is `Detached`, as the first range finds it, not a break (the replay records none
//! for detached first months). A `rounds` row left in a range once every settlement the
//! replay passed took its own is a break (`Refusal::StrayRound`), also where the range
//! stops at an event of a kind this program does not know; so is a `round_starts` row in
//! the round ids the range's openings (those the replay passed) cover that is not what
//! one of them gives, or an opening with no row (`Starts`). Recorded, at the last
//! event whose stored check held, as the replay's check records (`record_chain`:
//! `walked_at`, `parts`, `touched` cleared where the walk started); a break is refused as
//! the replay refuses one (`Auditor::refuse`: the alarm, `croupier.replayed`'s fault, the
//! record).
//!
//! Why this is enough for the replay to go on: the hash covers every field of an event
//! the replay reads (seq, time, kind, table, user, round, data), and the one thing besides
//! the events the replay holds, the settlements' rows in `croupier.rounds` and the
//! openings' rows in `croupier.round_starts`, are held here to the settlement's logged
//! figures (which the replay held to its own when it passed them) and to the stakes
//! squared the opening's data gives (the events being unchanged since, by the hash).
//! So a walk that holds
//! every stored check from the genesis, the replay's own hash where it stopped, the
//! head's, every passed settlement's and opening's row and no other row among them, holds
//! what the replay checked to what it finds now.

use postgres::fallible_iterator::FallibleIterator;

use super::{
    Auditor, FloorFigures, Refusal, Replay, RowFault, Starts, chunk_len, detached_below, fill,
    follows, is_its_identity, record_chain, walk_from_genesis,
};
use crate::floor::{FloorError, FloorTable, server_err};
use crate::log::EventKind;
use crate::log::event::Event;
use crate::log::payload::Payload;
use crate::log::store::{GENESIS, event_hash};
use crate::report::query::Derived;
use crate::session::replay::{DataFigures, LoggedFigures, ReplayError, figures_held};

/// What a hash-only walk from the genesis found.
pub(super) enum Rewalk {
    /// The chain whole through the head it walked to (recorded).
    Whole,
    /// The first events not held (their months detached): the replay from the genesis
    /// says so, as on a first run.
    Detached,
    /// Broken at `seq`: walked through `held`, the last event whose stored check held,
    /// with its chain hash; why, and the table of the event at fault when it read.
    Broken {
        held: (i64, [u8; 32]),
        seq: i64,
        why: Refusal,
        table: Option<i64>,
    },
}

/// Where a walk is: the last event passed, its chain hash, and the last event whose
/// stored check held (a step keeps none) with its hash. Carried from range to range.
struct Walk {
    through: i64,
    prev: [u8; 32],
    held: (i64, [u8; 32]),
    /// The last round id whose `round_starts` rows were accounted for (`Starts`).
    round: i64,
    /// The table database's identity, event 1's hash ([`is_its_identity`]).
    id: Vec<u8>,
}

impl Auditor {
    /// `t`'s chain walked again from its genesis through its head (as the walk's first
    /// transaction reads it, after marking its start: the pass may have read it before a
    /// change), hash only, `rep` (the replay so far) held to it where it stopped; recorded
    /// when whole. A range of events a transaction.
    pub(super) fn rewalk(&mut self, t: &FloorTable, rep: &Replay) -> Result<Rewalk, FloorError> {
        let t = &mut t.clone();
        let mut w = Walk {
            through: 0,
            prev: GENESIS,
            held: (0, GENESIS),
            round: i64::MIN,
            id: t.db.clone(),
        };
        let len = chunk_len();
        let found = loop {
            let to = w.through.saturating_add(len).min(t.head_seq);
            if let Some(found) = self.rewalk_range(t, rep, &mut w, to)? {
                break Some(found);
            }
            if w.through >= t.head_seq {
                break None;
            }
        };
        Ok(match found {
            None | Some(Found::Unknown) => Rewalk::Whole,
            Some(Found::Detached) => Rewalk::Detached,
            Some(Found::Broken(seq, why, table)) => Rewalk::Broken {
                held: w.held,
                seq,
                why,
                table,
            },
        })
    }

    /// The events of `t` after `w.through` through `to`, in one transaction (the walk's
    /// start marked in the first), `w` moved past those that hold; where the walk stops,
    /// or `None` to go on. The check is recorded where the walk ends whole: through the
    /// head, or through the last stored check that held before an unknown kind.
    fn rewalk_range(
        &mut self,
        t: &mut FloorTable,
        rep: &Replay,
        w: &mut Walk,
        to: i64,
    ) -> Result<Option<Found>, FloorError> {
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| server_err(&target, e);
        let mut tx = self.floor.client().transaction().map_err(&err)?;
        tx.batch_execute("SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off")
            .map_err(&err)?;
        let to = match w.through {
            0 => start_walk(&mut tx, t, to).map_err(&err)?,
            _ => to,
        };
        // The rows of the settlements the replay passed in this range.
        let passed = to.min(rep.through).max(w.through);
        let mut figures = FloorFigures::read(&mut tx, t.tab, w.through, passed).map_err(&err)?;
        // The openings the replay passed in this range.
        let mut starts = Starts::after(w.round);
        let mut rows = tx
            .query_raw(
                "SELECT seq, at, kind, table_id, user_id, round_id, data, hash FROM croupier.events
                  WHERE tab = $1 AND seq > $2::int8 AND seq <= $3::int8 ORDER BY seq",
                [
                    &t.tab as &(dyn postgres::types::ToSql + Sync),
                    &w.through,
                    &to,
                ],
            )
            .map_err(&err)?;
        let mut e = Event::blank();
        let mut found = None;
        while let Some(r) = rows.next().map_err(&err)? {
            if let Some(stop) = step(w, &mut e, &r, rep, &mut figures) {
                found = Some(stop);
                break;
            }
            if w.through <= rep.through {
                starts.take(&e);
            }
        }
        drop(rows);
        if matches!(found, None | Some(Found::Unknown))
            && w.through >= passed
            && let Some(seq) = figures.stray()
        {
            // A row at an event the walk passed that settles no round (also where it
            // stops at a kind it does not know: past the replay, so past `passed`).
            let stray = Refusal::StrayRound {
                seq,
                of: Derived::Rounds,
            };
            found = Some(Found::Broken(seq, stray, None));
        }
        if matches!(found, None | Some(Found::Unknown)) && w.through >= passed {
            // Their rows of `round_starts`, and no other in their round ids.
            let last = starts.last();
            match starts.fault(&mut tx, t.tab).map_err(&err)? {
                Some(seq) => {
                    let of = Derived::Starts;
                    found = Some(Found::Broken(seq, Refusal::StrayRound { seq, of }, None));
                }
                None => w.round = last,
            }
        }
        if found.is_none() && (w.through < to || to >= t.head_seq) {
            found = end(w, t);
            if found.is_none() {
                record_chain(&mut tx, t.tab, w.held.0, &w.held.1, None).map_err(&err)?;
            }
        }
        if let Some(Found::Broken(expected, Refusal::Gap { .. } | Refusal::Missing { .. }, _)) =
            found
            && detached_below(&mut tx, t.tab, expected)
                .map_err(&err)?
                .is_some()
        {
            // The oldest months detached (archived) since an earlier range: not a break,
            // the replay from the genesis says so, as the first range does.
            found = Some(Found::Detached);
        }
        if let Some(Found::Unknown) = found {
            // Held through the last stored check before it (a step after it keeps none).
            record_chain(&mut tx, t.tab, w.held.0, &w.held.1, None).map_err(&err)?;
        }
        tx.commit().map_err(&err)?;
        Ok(found)
    }
}

/// Where a walk stops before the head.
enum Found {
    /// The first events not held.
    Detached,
    /// A break: the event, why, its table when it read.
    Broken(i64, Refusal, Option<i64>),
    /// An event of a kind this program does not know (it cannot hash it by its name)
    /// past where the replay stopped: the replay stops before it too (NOT YET
    /// REPLAYED), so the walk is whole so far. (One the replay took is a break.)
    Unknown,
}

/// One row of the walk: held to the chain (and, where the replay stopped, to the
/// replay's hash; a settlement the replay passed, its row in `figures`), `w` moved past
/// it; or where it stops.
fn step(
    w: &mut Walk,
    e: &mut Event,
    r: &postgres::Row,
    rep: &Replay,
    figures: &mut FloorFigures,
) -> Option<Found> {
    let seq = i64::from(r.get::<_, i32>(0));
    if w.through == 0 && seq != 1 {
        return Some(Found::Detached);
    }
    let want = w.through + 1;
    if seq != want {
        let gap = Refusal::Gap {
            expected: want,
            found: seq,
        };
        return Some(Found::Broken(want, gap, None));
    }
    match fill(e, r) {
        Ok(()) => {}
        Err(RowFault::Unpack(_)) => return Some(Found::Broken(seq, Refusal::Unpack(seq), None)),
        // The replay took a kind it knew here: the event was changed since.
        Err(RowFault::UnknownKind(_)) if seq <= rep.through => {
            let chain = Refusal::Chain {
                seq,
                after: w.held.0,
            };
            return Some(Found::Broken(seq, chain, None));
        }
        Err(RowFault::UnknownKind(_)) => return Some(Found::Unknown),
    }
    let h = event_hash(&w.prev, e);
    let stored: &[u8] = r.get(7);
    if !follows(&h, stored) || (seq == rep.through && h != rep.prev) {
        let chain = Refusal::Chain {
            seq,
            after: w.held.0,
        };
        return Some(Found::Broken(seq, chain, e.table));
    }
    // After the chain: event 1 changed is a break, not a changed identity.
    if !is_its_identity(seq, &h, &w.id) {
        return Some(Found::Broken(seq, Refusal::Identity, e.table));
    }
    if e.kind == EventKind::RoundSettled
        && seq <= rep.through
        && let Err(x) = rounds_row(e, figures)
    {
        return Some(Found::Broken(seq, Refusal::Replay(x), e.table));
    }
    if !stored.is_empty() {
        w.held = (seq, h);
    }
    (w.through, w.prev) = (seq, h);
    None
}

/// A walk's start marked (`walk_from_genesis`) and `t`'s head read again after it, not
/// as the pass read it: a walk recorded whole says the chain held through every change
/// committed before its start (`walking`), the head hash the floor moved it to included
/// (a row gone keeps the pass's head); the first range's end `to`, capped at that head (a
/// head moved back is walked to, not past).
fn start_walk(
    tx: &mut postgres::Transaction<'_>,
    t: &mut FloorTable,
    to: i64,
) -> Result<i64, postgres::Error> {
    walk_from_genesis(tx, t.tab)?;
    let head = tx.query_opt(
        "SELECT head_seq, head_hash FROM croupier.tables WHERE tab = $1",
        &[&t.tab],
    )?;
    if let Some(head) = head {
        (t.head_seq, t.head_hash) = (head.get(0), head.get(1));
    }
    Ok(to.min(t.head_seq))
}

/// The walk ended with no break in the rows: events missing at the end (the head not
/// reached), or the head's hash not the one the floor moved it to (an event after the
/// last stored check changed).
fn end(w: &mut Walk, t: &FloorTable) -> Option<Found> {
    if t.head_seq == 0 {
        return None;
    }
    if w.through == 0 {
        return Some(Found::Detached);
    }
    if w.through < t.head_seq {
        let missing = Refusal::Missing {
            seq: w.through + 1,
            head: t.head_seq,
        };
        return Some(Found::Broken(w.through + 1, missing, None));
    }
    if t.head_hash[..] != w.prev[..] {
        // Checked through the last stored check that held, broken at the head: the head
        // hash itself when the head kept its check and it held, else at or before it.
        let chain = if w.held.0 == w.through {
            Refusal::HeadHash { seq: w.through }
        } else {
            Refusal::Chain {
                seq: w.through,
                after: w.held.0,
            }
        };
        (w.through, w.prev) = w.held;
        return Some(Found::Broken(t.head_seq, chain, None));
    }
    None
}

/// The floor's row of settlement `e` (`croupier.rounds`) held to the figures `e` logs,
/// as the replay holds it (`figures_held`): the replay held those to its own when it
/// passed `e`, and `e` is as it was then (its hash held).
fn rounds_row(e: &Event, figures: &mut FloorFigures) -> Result<(), ReplayError> {
    let Some(want) = DataFigures.row(e)? else {
        return Ok(());
    };
    let cost = match Payload::parse(EventKind::RoundSettled, &e.data) {
        Ok(Payload::RoundSettled(s)) => s.cost(),
        _ => None,
    };
    figures_held(figures, e, want, cost)
}
