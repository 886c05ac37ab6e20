//! The queries reports and the supervisor desk make of a database: settled rounds with
//! their figures, voids and corrections, table and user names, a round's inputs and nets,
//! the events supervisors review. Read-only SQL over the log, here in the audit layer so
//! that the schema is known in one layer; the report layer renders what this returns.

use std::collections::{HashMap, HashSet};

use chrono::{NaiveDate, TimeZone, Timelike, Utc};

use crate::engine::RoundFigures;
use crate::i18n::Lang;
use crate::log::payload::{BetData, NetData, Payload, RoundCorrected};
use crate::log::store::{NOT_STEP, figures_of_row};
use crate::log::{AuditError, EventKind, LogRefusal, Store};
use crate::session::pontis::GameRow;
use crate::session::users::user_names;
use crate::t;

/// A report's period: whole UTC days, both included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    pub(crate) from: NaiveDate,
    pub(crate) to: NaiveDate,
}

/// Why two dates are not a period.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PeriodError {
    /// `which` is `from` or `to`; `text` as given.
    #[error("--{which} \"{text}\": expected a date as YYYY-MM-DD, e.g. 2026-01-31")]
    NotADate { which: &'static str, text: String },
    #[error("--from {from} is after --to {to}")]
    Backwards { from: NaiveDate, to: NaiveDate },
}

impl Period {
    pub fn parse(from: &str, to: &str) -> Result<Period, PeriodError> {
        let day = |s: &str, which: &'static str| {
            NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| PeriodError::NotADate {
                which,
                text: s.to_string(),
            })
        };
        let p = Period {
            from: day(from, "from")?,
            to: day(to, "to")?,
        };
        if p.from > p.to {
            return Err(PeriodError::Backwards {
                from: p.from,
                to: p.to,
            });
        }
        Ok(p)
    }

    /// [start of `from`, start of the day after `to`) in ms since the epoch.
    pub fn ms(&self) -> (i64, i64) {
        (day_ms(self.from), day_ms(self.to + chrono::Days::new(1)))
    }

    pub(crate) fn contains(&self, ms: i64) -> bool {
        let (a, b) = self.ms();
        (a..b).contains(&ms)
    }
}

pub(crate) fn day_ms(d: NaiveDate) -> i64 {
    Utc.from_utc_datetime(&d.and_hms_opt(0, 0, 0).unwrap_or_default())
        .timestamp_millis()
}

/// The UTC date of a time.
pub(crate) fn date_of(ms: i64) -> NaiveDate {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.date_naive())
        .unwrap_or_default()
}

/// A shift of the floor: day 06–14, evening 14–22, night 22–06 (UTC; a night belongs to
/// the date it began on, as the reports have it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shift {
    Day,
    Evening,
    Night,
}

impl Shift {
    /// The shift `ms` falls in, and the date it began.
    pub(crate) fn at(ms: i64) -> (chrono::NaiveDate, Shift) {
        const HOUR: i64 = 3_600_000;
        let start = shift_start(ms);
        let shift = match start.rem_euclid(24 * HOUR) / HOUR {
            6 => Shift::Day,
            14 => Shift::Evening,
            _ => Shift::Night,
        };
        (date_of(start), shift)
    }

    /// Its name as the floor says it (`denní`, `нічна`), to go before "shift".
    pub(crate) fn name(self, lang: Lang) -> String {
        match self {
            Shift::Day => t!(lang, "desk-shift-day"),
            Shift::Evening => t!(lang, "desk-shift-evening"),
            Shift::Night => t!(lang, "desk-shift-night"),
        }
    }

    /// Its key in reports (a `Word` the renderer puts in the language): `day 06-14`.
    pub(crate) fn key(self) -> &'static str {
        match self {
            Shift::Day => "day 06-14",
            Shift::Evening => "evening 14-22",
            Shift::Night => "night 22-06",
        }
    }

    /// Its hours with an en dash: `06–14`.
    pub(crate) fn hours(self) -> &'static str {
        match self {
            Shift::Day => "06–14",
            Shift::Evening => "14–22",
            Shift::Night => "22–06",
        }
    }
}

/// The shift a time falls in: day 06–14, evening 14–22, night 22–06 (a night belongs to
/// the date it started on).
pub(crate) fn shift_of(ms: i64) -> (NaiveDate, &'static str) {
    let Some(t) = chrono::DateTime::from_timestamp_millis(ms) else {
        return (NaiveDate::default(), "?");
    };
    match t.hour() {
        6..=13 => (t.date_naive(), Shift::Day.key()),
        14..=21 => (t.date_naive(), Shift::Evening.key()),
        22..=23 => (t.date_naive(), Shift::Night.key()),
        _ => (
            t.date_naive().pred_opt().unwrap_or_default(),
            Shift::Night.key(),
        ),
    }
}

/// When the shift `ms` falls in began (ms since the epoch, UTC): 06:00, 14:00 or 22:00,
/// the day before's 22:00 for a time before 06:00.
pub(crate) fn shift_start(ms: i64) -> i64 {
    const HOUR: i64 = 3_600_000;
    let midnight = ms - ms.rem_euclid(24 * HOUR);
    match ms.rem_euclid(24 * HOUR) / HOUR {
        0..=5 => midnight - 2 * HOUR,
        6..=13 => midnight + 6 * HOUR,
        14..=21 => midnight + 14 * HOUR,
        _ => midnight + 22 * HOUR,
    }
}

/// A settled round, as reports see it.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundRow {
    /// Which database (0-based, in the order given).
    pub(crate) db: usize,
    pub(crate) table: String,
    pub(crate) round: i64,
    /// When it was settled.
    pub(crate) at: i64,
    pub(crate) dealer: String,
    /// Its figures (house win = its `house_net` = −Σ net), from its `round_figures` row.
    pub(crate) figures: RoundFigures,
    pub(crate) voided: bool,
    /// A supervisor corrected the round: the figures are the corrected ones.
    pub(crate) corrected: bool,
}

fn sql(store: &Store) -> impl Fn(rusqlite::Error) -> AuditError + '_ {
    move |e| AuditError::Sqlite {
        path: store.path().to_path_buf(),
        detail: e.to_string(),
    }
}

/// An id → name map from a two-column query (later rows win).
fn names(store: &Store, query: &str) -> Result<HashMap<i64, String>, AuditError> {
    let mut stmt = store.conn().prepare(query).map_err(sql(store))?;
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
        .and_then(|m| m.collect::<Result<Vec<_>, _>>())
        .map_err(sql(store))?;
    Ok(rows.into_iter().collect())
}

/// Table id → its latest name.
pub(crate) fn table_names(store: &Store) -> Result<HashMap<i64, String>, AuditError> {
    names(
        store,
        &format!(
            "SELECT table_id, json_extract(data, '$.name') FROM events WHERE kind = {} AND {NOT_STEP} ORDER BY seq",
            EventKind::TableOpened.code()
        ),
    )
}

/// Settled rounds with `from_ms <= settled < to_ms`.
pub(crate) fn rounds(
    store: &Store,
    db: usize,
    from_ms: i64,
    to_ms: i64,
    mut progress: impl FnMut(usize),
) -> Result<Vec<RoundRow>, AuditError> {
    let tables = table_names(store)?;
    let users = user_names(store)?;
    let voided: HashSet<i64> = {
        let mut stmt = store
            .conn()
            .prepare(&format!(
                "SELECT round_id FROM events WHERE kind = {} AND {NOT_STEP}",
                EventKind::RoundVoided.code()
            ))
            .map_err(sql(store))?;
        stmt.query_map([], |r| r.get::<_, i64>(0))
            .and_then(|m| m.collect::<Result<HashSet<_>, _>>())
            .map_err(sql(store))?
    };
    let mut stmt = store
        .conn()
        .prepare_cached(
            "SELECT at, table_id, user_id, round_id, handle, paid, win, max_net, insurance_taken, insurance_paid, splits, buys, pontoons, five_card_tricks
             FROM round_figures WHERE at >= ?1 AND at < ?2 ORDER BY at, round_id",
        )
        .map_err(sql(store))?;
    let mut q = stmt.query([from_ms, to_ms]).map_err(sql(store))?;
    let mut out = Vec::new();
    while let Some(r) = q.next().map_err(sql(store))? {
        let mut v = [0i64; 14];
        for (i, x) in v.iter_mut().enumerate() {
            *x = r.get::<_, Option<i64>>(i).map_err(sql(store))?.unwrap_or(0);
        }
        let row: [i64; 10] = v[4..].try_into().unwrap_or([0; 10]);
        let (table, user, round) = (v[1], v[2], v[3]);
        out.push(RoundRow {
            db,
            table: tables
                .get(&table)
                .cloned()
                .unwrap_or_else(|| format!("table {table}")),
            round,
            at: v[0],
            dealer: users
                .get(&user)
                .cloned()
                .unwrap_or_else(|| format!("user {user}")),
            figures: figures_of_row(&row),
            voided: voided.contains(&round),
            corrected: false,
        });
        if out.len() % 100_000 == 0 {
            progress(out.len());
        }
    }
    apply_corrections(store, db, &mut out)?;
    Ok(out)
}

/// The latest correction of each corrected round: its logged script, replayed.
fn corrections(store: &Store) -> Result<HashMap<i64, RoundCorrected>, AuditError> {
    let mut stmt = store
        .conn()
        .prepare_cached(&format!(
            "SELECT round_id, data FROM events WHERE kind = {} AND {NOT_STEP} ORDER BY seq",
            EventKind::RoundCorrected.code()
        ))
        .map_err(sql(store))?;
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
        .and_then(|m| m.collect::<Result<Vec<_>, _>>())
        .map_err(sql(store))?;
    rows.into_iter()
        .map(|(round, d)| {
            Payload::parse(EventKind::RoundCorrected, &d)
                .ok()
                .and_then(|p| match p {
                    Payload::RoundCorrected(c) => Some((round, c)),
                    _ => None,
                })
                .ok_or_else(|| AuditError::Sqlite {
                    path: store.path().to_path_buf(),
                    detail: format!(
                        "round {round}: a correction that does not read (run `croupier verify`)"
                    ),
                })
        })
        .collect()
}

/// A corrected round counts with its corrected figures: the difference was paid or
/// collected at the table.
fn apply_corrections(store: &Store, db: usize, rows: &mut [RoundRow]) -> Result<(), AuditError> {
    let fixes = corrections(store)?
        .into_iter()
        .map(|(round, c)| ((db, round), c))
        .collect();
    apply_fixes(rows, &fixes)
}

/// Each row whose (database, round) has a correction takes the figures of the corrected
/// script, replayed through the engine (both report sources do this here).
pub(crate) fn apply_fixes(
    rows: &mut [RoundRow],
    fixes: &HashMap<(usize, i64), RoundCorrected>,
) -> Result<(), AuditError> {
    if fixes.is_empty() {
        return Ok(());
    }
    for r in rows.iter_mut() {
        let Some(d) = fixes.get(&(r.db, r.round)) else {
            continue;
        };
        let played = crate::script::Script::from_value(&d.script, None).and_then(|s| s.play());
        let round = played.map_err(|e| {
            AuditError::Refused(LogRefusal::CorrectionUnreadable {
                round: r.round,
                detail: e.to_string(),
            })
        })?;
        r.figures = round.figures();
        r.corrected = true;
    }
    Ok(())
}

/// A logged event for the exceptions and dealers reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Noted {
    pub(crate) db: usize,
    pub(crate) seq: i64,
    pub(crate) at: i64,
    pub(crate) kind: EventKind,
    pub(crate) table: String,
    pub(crate) user: String,
    pub(crate) round: Option<i64>,
    pub(crate) payload: Payload,
}

impl Noted {
    /// The payload's fields as `key=value` words (for the events no report words itself).
    pub(crate) fn fields(&self) -> String {
        serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(&self.payload.to_text())
            .map(|o| {
                o.iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default()
    }
}

/// Events of the given kinds in `[from_ms, to_ms)`.
pub(crate) fn events_of(
    store: &Store,
    db: usize,
    kinds: &[EventKind],
    from_ms: i64,
    to_ms: i64,
) -> Result<Vec<Noted>, AuditError> {
    let tables = table_names(store)?;
    let users = user_names(store)?;
    let mut out = Vec::new();
    for &kind in kinds {
        for e in store.events_of_kind(kind, from_ms, to_ms)? {
            let payload = e.payload().map_err(|x| AuditError::Sqlite {
                path: store.path().to_path_buf(),
                detail: format!("event {}: {x} (run `croupier verify`)", e.seq),
            })?;
            let (seq, at, t, u, round) = (e.seq, e.at, e.table, e.user, e.round);
            out.push(Noted {
                db,
                seq,
                at,
                kind,
                table: t
                    .map(|t| {
                        tables
                            .get(&t)
                            .cloned()
                            .unwrap_or_else(|| format!("table {t}"))
                    })
                    .unwrap_or_default(),
                user: u
                    .map(|u| {
                        users
                            .get(&u)
                            .cloned()
                            .unwrap_or_else(|| format!("user {u}"))
                    })
                    .unwrap_or_default(),
                round,
                payload,
            });
        }
    }
    out.sort_by_key(|n| (n.at, n.db, n.seq));
    Ok(out)
}

/// The data of each `round_started` event whose round is in `first..=last`, in log
/// order, handed to `each` one row at a time as (round, data): a report over millions
/// of rounds never holds their events.
pub(crate) fn round_starts(
    store: &Store,
    first: i64,
    last: i64,
    each: &mut dyn FnMut(i64, &str) -> Result<(), AuditError>,
) -> Result<(), AuditError> {
    store.each_of_rounds(EventKind::RoundStarted, first, last, |e| match e.round {
        Some(round) => each(round, &e.data),
        None => Ok(()),
    })
}

/// The inputs of one round, as entered (undone ones removed), with its bets.
pub(crate) fn round_inputs(
    store: &Store,
    round: i64,
) -> Result<(Vec<BetData>, Vec<String>), AuditError> {
    Ok(inputs_of(&store.round_events(round)?))
}

/// A round's inputs from its events in order (its bets, the inputs still standing).
pub(crate) fn inputs_of(events: &[crate::log::Event]) -> (Vec<BetData>, Vec<String>) {
    let bets = events
        .iter()
        .find_map(|e| match e.payload() {
            Ok(Payload::RoundStarted(s)) => Some(s.bets),
            _ => None,
        })
        .unwrap_or_default();
    (bets, crate::session::replay::standing_inputs(events))
}

/// The per-bet nets of a settled round (its latest correction's, if corrected).
pub(crate) fn round_nets(store: &Store, round: i64) -> Result<Vec<NetData>, AuditError> {
    if let Some(d) = corrections(store)?.remove(&round) {
        return Ok(d.nets);
    }
    store
        .round_events(round)?
        .into_iter()
        .find_map(|e| match e.payload() {
            Ok(Payload::RoundSettled(s)) => Some(s.nets),
            _ => None,
        })
        .ok_or(AuditError::Refused(LogRefusal::NoSettlement { round }))
}

/// The settled rounds just before `before` (an `(at, round)` of a row shown; `None` for the
/// latest), newest first, at most `limit`: the desk's history, a page at a time. Seeks by
/// the `round_figures` index and builds the rows with `rounds`, so a page costs the same
/// on a database of any size.
pub(crate) fn latest_rounds(
    store: &Store,
    before: Option<(i64, i64)>,
    limit: usize,
) -> Result<Vec<RoundRow>, AuditError> {
    let (at, round) = before.unwrap_or((i64::MAX, i64::MAX));
    let mut stmt = store
        .conn()
        .prepare_cached(
            "SELECT at, round_id FROM round_figures WHERE at <= ?1 AND (at < ?1 OR round_id < ?2)
             ORDER BY at DESC, round_id DESC LIMIT ?3",
        )
        .map_err(sql(store))?;
    let keys = stmt
        .query_map(rusqlite::params![at, round, limit as i64], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?))
        })
        .and_then(|m| m.collect::<Result<Vec<_>, _>>())
        .map_err(sql(store))?;
    let (Some(newest), Some(oldest)) = (keys.first(), keys.last()) else {
        return Ok(Vec::new());
    };
    let page: HashSet<(i64, i64)> = keys.iter().copied().collect();
    let mut rows = rounds(store, 0, oldest.0, newest.0 + 1, |_| {})?;
    rows.retain(|r| page.contains(&(r.at, r.round)));
    rows.reverse();
    Ok(rows)
}

/// Where a database stands, for a report's footer.
#[derive(Clone, Debug, PartialEq)]
pub struct SourceHead {
    /// The file (or the floor and the table database).
    pub path: String,
    pub head_seq: i64,
    pub head_hash: String,
    /// `Some(Ok(summary))` checked, `Some(Err(why))` failed, `None` not run.
    pub verified: Option<Result<String, String>>,
}

/// An alarm the source holds (the floor's: a refused or differing table log).
#[derive(Clone, Debug, PartialEq)]
pub struct SourceAlarm {
    pub at: i64,
    pub db: usize,
    pub seq: i64,
    pub detail: String,
}

/// Where reports read their figures: the tables' SQLite files (`Files`) or the floor on
/// PostgreSQL (`floor::FloorSource`). Each report is written once, over this.
/// Databases are numbered from 0 in the source's order.
pub trait Source {
    /// Settled rounds with `from_ms <= settled < to_ms`: each database's in (time, round)
    /// order, the databases one after another; corrected rounds with corrected figures.
    fn rounds(
        &mut self,
        from_ms: i64,
        to_ms: i64,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Vec<RoundRow>, AuditError>;
    /// A round's bets and standing inputs.
    fn round_inputs(
        &mut self,
        db: usize,
        round: i64,
    ) -> Result<(Vec<BetData>, Vec<String>), AuditError>;
    /// A settled round's per-bet nets (its latest correction's, if corrected).
    fn round_nets(&mut self, db: usize, round: i64) -> Result<Vec<NetData>, AuditError>;
    /// Events of the given kinds in `[from_ms, to_ms)` of every database, by (time,
    /// database, seq).
    fn events_of(
        &mut self,
        kinds: &[EventKind],
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<Noted>, AuditError>;
    /// The data of each `round_started` event of database `db` whose round is in
    /// `first..=last`, in log order (round order, the same: a database gives its round
    /// ids in log order), handed to `each` one at a time as (round, data).
    fn round_starts(
        &mut self,
        db: usize,
        first: i64,
        last: i64,
        each: &mut dyn FnMut(i64, &str) -> Result<(), AuditError>,
    ) -> Result<(), AuditError>;
    /// Each database's head, checked if `verify`.
    fn heads(
        &mut self,
        verify: bool,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Vec<SourceHead>, AuditError>;
    /// The Pontis games started in `[from_ms, to_ms)`, each database's in order, the
    /// databases one after another.
    fn pontis_games(&mut self, from_ms: i64, to_ms: i64) -> Result<Vec<GameRow>, AuditError>;
    /// Database `db`'s calendar (gaming day and shifts): the floor's UTC shifts unless the
    /// source reads the database's own (`session::settings::calendar`).
    fn calendar(&mut self, _db: usize) -> Result<crate::session::calendar::Calendar, AuditError> {
        Ok(crate::session::calendar::Calendar::utc_default())
    }
    /// Alarms raised in `[from_ms, to_ms)` (files hold none).
    fn alarms(&mut self, _from_ms: i64, _to_ms: i64) -> Result<Vec<SourceAlarm>, AuditError> {
        Ok(Vec::new())
    }
}

/// The tables' files, in the order given: a floor report from files.
pub struct Files<'a>(pub &'a [Store]);

impl Source for Files<'_> {
    fn calendar(&mut self, db: usize) -> Result<crate::session::calendar::Calendar, AuditError> {
        crate::session::settings::calendar(&self.0[db])
    }

    fn rounds(
        &mut self,
        from_ms: i64,
        to_ms: i64,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Vec<RoundRow>, AuditError> {
        let mut out = Vec::new();
        for (i, s) in self.0.iter().enumerate() {
            out.extend(rounds(s, i, from_ms, to_ms, &mut *progress)?);
        }
        Ok(out)
    }

    fn round_inputs(
        &mut self,
        db: usize,
        round: i64,
    ) -> Result<(Vec<BetData>, Vec<String>), AuditError> {
        round_inputs(&self.0[db], round)
    }

    fn round_nets(&mut self, db: usize, round: i64) -> Result<Vec<NetData>, AuditError> {
        round_nets(&self.0[db], round)
    }

    fn events_of(
        &mut self,
        kinds: &[EventKind],
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<Noted>, AuditError> {
        let mut out = Vec::new();
        for (i, s) in self.0.iter().enumerate() {
            out.extend(events_of(s, i, kinds, from_ms, to_ms)?);
        }
        out.sort_by_key(|n| (n.at, n.db, n.seq));
        Ok(out)
    }

    fn round_starts(
        &mut self,
        db: usize,
        first: i64,
        last: i64,
        each: &mut dyn FnMut(i64, &str) -> Result<(), AuditError>,
    ) -> Result<(), AuditError> {
        round_starts(&self.0[db], first, last, each)
    }

    fn pontis_games(&mut self, from_ms: i64, to_ms: i64) -> Result<Vec<GameRow>, AuditError> {
        let mut out = Vec::new();
        for (i, s) in self.0.iter().enumerate() {
            out.extend(crate::session::pontis::game_rows(s, i, from_ms, to_ms)?);
        }
        Ok(out)
    }

    fn heads(
        &mut self,
        verify: bool,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Vec<SourceHead>, AuditError> {
        use crate::session::replay::{self, ReplayError};
        let mut out = Vec::new();
        for s in self.0 {
            let head = s.head();
            let verified = if verify {
                progress(&format!("verifying {}", s.path().display()));
                Some(match replay::verify(s, |_| {}) {
                    Ok(v) if v.games > 0 => Ok(format!(
                        "{} events, {} rounds and {} Pontis games replayed",
                        v.events, v.rounds, v.games
                    )),
                    Ok(v) => Ok(format!("{} events, {} rounds replayed", v.events, v.rounds)),
                    Err(ReplayError::Store(e)) => return Err(e),
                    Err(e) => Err(e.to_string()),
                })
            } else {
                None
            };
            out.push(SourceHead {
                path: s.path().display().to_string(),
                head_seq: head.0,
                head_hash: head.1,
                verified,
            });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod shift_tests {
    use super::*;

    /// Each shift begins where `shift_of` says it does, the night's before midnight too.
    #[test]
    fn a_shift_begins_at_06_14_or_22() {
        let day = 1_767_571_200_000; // 2026-01-05 00:00 UTC
        let h = 3_600_000;
        for (at, start, name) in [
            (day, day - 2 * h, "night 22-06"),
            (day + 5 * h + 59 * 60_000, day - 2 * h, "night 22-06"),
            (day + 6 * h, day + 6 * h, "day 06-14"),
            (day + 13 * h + 1, day + 6 * h, "day 06-14"),
            (day + 14 * h, day + 14 * h, "evening 14-22"),
            (day + 22 * h, day + 22 * h, "night 22-06"),
            (day + 23 * h + 1, day + 22 * h, "night 22-06"),
        ] {
            assert_eq!(shift_start(at), start, "{at}");
            assert_eq!(shift_of(at).1, name, "{at}");
            assert_eq!(shift_of(start), shift_of(at), "{at}: its start is in it");
        }
    }
}
