//! The close-out's dealt win from the kept totals (`Source::totals`, issue 25): each UTC
//! hour in which a table's rounds lie whole in one stretch and one shift is taken as one
//! sum (its rounds and house net, voids and corrections in it), and only the hours that
//! must be split are read round by round — an hour in which the table's tray is counted
//! (a stretch ends and the next begins), an hour a shift or gaming-day boundary of its
//! database's calendar splits, and a par table's first hour of rounds in each shift (its
//! part of the stretch starts at that hour's first round). Orders what the book is fed;
//! reads through `Source`, never writes, and sums nothing but an hour's buckets.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use super::super::calendars::Calendars;
use super::super::query::{Noted, Source};
use crate::engine::Money;
use crate::log::payload::{MoneyWhat, Payload};
use crate::log::totals::BUCKET_MS;
use crate::log::{AuditError, EventKind};

/// What a database's money book is fed, in its log's order.
#[derive(Debug)]
pub(super) enum Fed {
    /// A money event, or a round settled, voided or corrected of an hour read round by
    /// round.
    Event(Box<Noted>),
    /// A table's rounds of a whole hour, from the kept totals.
    Hour(Whole),
}

/// A table's rounds of a whole hour: the hour's first ms, how many rounds, their standing
/// house net.
#[derive(Debug)]
pub(super) struct Whole {
    pub(super) table: String,
    pub(super) at: i64,
    pub(super) rounds: i64,
    pub(super) win: Money,
}

/// A (database, table, UTC hour).
type HourKey = (usize, String, i64);

/// Each database's feed, by database: the money events `money` (every one of the
/// source), the kept totals of the whole hours, and the rounds of the split ones with
/// their voids and corrections. `None`: the source keeps no totals (or none it can read
/// as of the report: see `AtHeads`), and the book reads every round.
pub(super) fn read(
    src: &mut dyn Source,
    money: &[Noted],
    cals: &Calendars,
) -> Result<Option<BTreeMap<usize, Vec<Fed>>>, AuditError> {
    // A stretch opens at a count, a money event: no round before the first is in one.
    let first = money.iter().map(|n| n.at).min().unwrap_or(0);
    let Some(rows) = src.totals(first.div_euclid(BUCKET_MS), i64::MAX.div_euclid(BUCKET_MS))?
    else {
        return Ok(None);
    };
    let mut hours: BTreeMap<HourKey, (i64, Money)> = BTreeMap::new();
    // A round without a table is in no tray (the book leaves it out too).
    for t in rows.into_iter().filter(|t| t.key.table >= 0) {
        let h = hours.entry((t.db, t.table, t.key.hour)).or_default();
        h.0 += t.figures.rounds;
        h.1 += Money::from_cents(t.figures.win);
    }
    let split = split_hours(money, &hours, cals);
    let mut events = money.to_vec();
    let settled = settled_in(src, &split)?;
    let fed: HashSet<(usize, i64)> = settled
        .iter()
        .filter_map(|n| n.round.map(|r| (n.db, r)))
        .collect();
    events.extend(settled);
    let amendments = [EventKind::RoundVoided, EventKind::RoundCorrected];
    for n in src.events_of(&amendments, i64::MIN, i64::MAX)? {
        if n.round.is_some_and(|r| fed.contains(&(n.db, r))) {
            events.push(n);
        }
    }
    hours.retain(|k, _| !split.contains(k));
    Ok(Some(merge(events, hours)))
}

/// The hours read round by round: every hour of a table's count; of the hours with
/// rounds, those a shift boundary splits, and a par table's first of each shift.
fn split_hours(
    money: &[Noted],
    hours: &BTreeMap<HourKey, (i64, Money)>,
    cals: &Calendars,
) -> HashSet<HourKey> {
    let mut out = HashSet::new();
    let mut pars = HashSet::new();
    for n in money {
        let Payload::Money(m) = &n.payload else {
            continue;
        };
        match m.what {
            MoneyWhat::Count { .. } => {
                out.insert((n.db, n.table.clone(), n.at.div_euclid(BUCKET_MS)));
            }
            MoneyWhat::Par { .. } => {
                pars.insert((n.db, n.table.as_str()));
            }
            _ => {}
        }
    }
    // (database, table, gaming day, shift) → its first hour (the keys come in hour order).
    let mut first = BTreeMap::new();
    for (db, table, hour) in hours.keys() {
        let (cal, start) = (cals.of(*db), hour * BUCKET_MS);
        let at = cal.locate(start);
        if at != cal.locate(start + BUCKET_MS - 1) {
            out.insert((*db, table.clone(), *hour));
        }
        if pars.contains(&(*db, table.as_str())) {
            first.entry((*db, table, at)).or_insert(*hour);
        }
    }
    out.extend(
        first
            .into_iter()
            .map(|((db, table, _), hour)| (db, table.clone(), hour)),
    );
    out
}

/// The settlements of the split hours (read a run of consecutive hours at a time).
fn settled_in(src: &mut dyn Source, split: &HashSet<HourKey>) -> Result<Vec<Noted>, AuditError> {
    let mut runs: Vec<(i64, i64)> = Vec::new();
    for h in split.iter().map(|k| k.2).collect::<BTreeSet<_>>() {
        match runs.last_mut() {
            Some(run) if run.1 == h => run.1 = h + 1,
            _ => runs.push((h, h + 1)),
        }
    }
    let mut out = Vec::new();
    for (from, to) in runs {
        let kinds = [EventKind::RoundSettled];
        for n in src.events_of(&kinds, from * BUCKET_MS, to * BUCKET_MS)? {
            if split.contains(&(n.db, n.table.clone(), n.at.div_euclid(BUCKET_MS))) {
                out.push(n);
            }
        }
    }
    Ok(out)
}

/// Each database's events in log order, each whole hour of a table fed before the first
/// event logged at or after its end: after every count of the table before it, before
/// every one after it (an hour read whole holds none).
fn merge(events: Vec<Noted>, hours: BTreeMap<HourKey, (i64, Money)>) -> BTreeMap<usize, Vec<Fed>> {
    let mut by_db: BTreeMap<usize, (Vec<Noted>, Vec<Whole>)> = BTreeMap::new();
    for n in events {
        by_db.entry(n.db).or_default().0.push(n);
    }
    for ((db, table, hour), (rounds, win)) in hours {
        let at = hour * BUCKET_MS;
        by_db.entry(db).or_default().1.push(Whole {
            table,
            at,
            rounds,
            win,
        });
    }
    let mut out = BTreeMap::new();
    for (db, (mut events, mut hours)) in by_db {
        events.sort_by_key(|n| n.seq);
        hours.sort_by_key(|h| h.at);
        let mut hours = hours.into_iter().peekable();
        let mut fed = Vec::new();
        for n in events {
            while let Some(h) = hours.next_if(|h| h.at + BUCKET_MS <= n.at) {
                fed.push(Fed::Hour(h));
            }
            fed.push(Fed::Event(Box::new(n)));
        }
        fed.extend(hours.map(Fed::Hour));
        out.insert(db, fed);
    }
    out
}
