//! The queries reports and the supervisor desk make of a database: settled rounds with
//! their figures, voids and corrections, table and user names, a round's inputs and nets,
//! the events supervisors review. Read-only SQL over the log, here in the audit layer so
//! that the schema is known in one layer; the report layer renders what this returns.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use chrono::{NaiveDate, TimeZone, Utc};

use super::verdict::{Passed, Pending, Replayed, Unchecked};
use crate::codes::RefusalCode;
use crate::engine::RoundFigures;
use crate::log::payload::{BetData, NetData, Payload, RoundCorrected};
use crate::log::store::{NOT_STEP, figures_of_row};
use crate::log::{AuditError, EventKind, LogRefusal, Store, totals};
use crate::session::pontis::GameRow;
use crate::session::replay::ReplayError;
use crate::session::users::user_names;

/// A report's period: whole gaming days, both included (each database's calendar says
/// when its gaming days begin).
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
    #[error("--{which} {day}: a report's dates are between 1970-01-01 and 9999-12-30")]
    OutOfRange { which: &'static str, day: NaiveDate },
}

impl Period {
    pub fn parse(from: &str, to: &str) -> Result<Period, PeriodError> {
        let day = |s: &str, which: &'static str| {
            let d =
                NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| PeriodError::NotADate {
                    which,
                    text: s.to_string(),
                })?;
            // Gaming days are turned into instants a day either side: keep clear of the
            // ends of chrono's range (`+262142-12-31` would overflow).
            let (lo, hi) = (
                NaiveDate::from_ymd_opt(1970, 1, 1).unwrap_or_default(),
                NaiveDate::from_ymd_opt(9999, 12, 30).unwrap_or_default(),
            );
            if d < lo || d > hi {
                return Err(PeriodError::OutOfRange { which, day: d });
            }
            Ok(d)
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

    /// Its first gaming day.
    pub fn from(&self) -> NaiveDate {
        self.from
    }

    /// Its last gaming day.
    pub fn to(&self) -> NaiveDate {
        self.to
    }
}

pub(crate) fn day_ms(d: NaiveDate) -> i64 {
    Utc.from_utc_datetime(&d.and_hms_opt(0, 0, 0).unwrap_or_default())
        .timestamp_millis()
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
    /// The decisions' cost logged with its standing figures (its latest correction's when
    /// corrected, else its settlement's `round_figures.cost`), millionths of a cent; `None`
    /// when none was logged (the reports then replay the round to cost it).
    pub(crate) cost: Option<i64>,
    /// Whether the floor's auditor has replayed its settlement (`None`: the source's own
    /// verify replays every round, the files).
    pub(crate) replayed: Option<bool>,
}

fn sql(store: &Store) -> impl Fn(rusqlite::Error) -> AuditError + '_ {
    move |e| AuditError::Db {
        path: store.path().to_path_buf(),
        source: e,
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
    progress: impl FnMut(usize),
) -> Result<Vec<RoundRow>, AuditError> {
    rounds_in(store, db, &Page::all(from_ms, to_ms), progress)
}

/// Which of a database's settled rounds to read: those settled in `[from_ms, to_ms)`,
/// after the round `after` (settled at, round id) in (time, round) order, only round
/// `round` if set, settled by event `through` if set (a streamed report's recorded head:
/// its voids and corrections too), at most `limit` of them. A streamed report reads its
/// rounds so, a page at a time (`report::stream`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    pub from_ms: i64,
    pub to_ms: i64,
    pub after: Option<(i64, i64)>,
    pub round: Option<i64>,
    pub through: Option<i64>,
    pub limit: Option<usize>,
}

impl Page {
    /// Every round settled in `[from_ms, to_ms)`.
    pub fn all(from_ms: i64, to_ms: i64) -> Page {
        Page {
            from_ms,
            to_ms,
            after: None,
            round: None,
            through: None,
            limit: None,
        }
    }

    /// The page read no further than event `head` (its own `through` kept if earlier):
    /// what a streamed report's every read is capped at.
    pub(crate) fn capped(&self, head: i64) -> Page {
        Page {
            through: Some(self.through.map_or(head, |t| t.min(head))),
            ..*self
        }
    }

    /// The page as SQL over a table of settled rounds with the columns `at`, `round_id`
    /// and `seq` (a file's `round_figures`, the floor's `croupier.rounds`): the conditions
    /// to follow `WHERE` (parameters `$1`, `$2`, …), their values, and the end of the
    /// query (ORDER BY `first` then time and round, and the LIMIT). Both sources' one
    /// filter.
    pub(crate) fn sql(&self, first: &str) -> (String, Vec<i64>, String) {
        let mut args = vec![self.from_ms, self.to_ms];
        let mut sql = "at >= $1 AND at < $2".to_string();
        if let Some((a, r)) = self.after {
            let (i, j) = (args.len() + 1, args.len() + 2);
            sql.push_str(&format!(
                " AND at >= ${i} AND (at > ${i} OR round_id > ${j})"
            ));
            args.extend([a, r]);
        }
        for (column, value) in [("round_id =", self.round), ("seq <=", self.through)] {
            if let Some(v) = value {
                args.push(v);
                sql.push_str(&format!(" AND {column} ${}", args.len()));
            }
        }
        let end = format!(
            " ORDER BY {first}at, round_id{}",
            self.limit.map_or(String::new(), |l| format!(" LIMIT {l}"))
        );
        (sql, args, end)
    }
}

/// `AND seq <= N` for an event query capped at event `through` (nothing if `None`).
pub(crate) fn seq_cap(through: Option<i64>) -> String {
    through.map_or(String::new(), |s| format!(" AND seq <= {s}"))
}

/// [`rounds`] of the page `page` (see [`Page`]).
pub(crate) fn rounds_in(
    store: &Store,
    db: usize,
    page: &Page,
    progress: impl FnMut(usize),
) -> Result<Vec<RoundRow>, AuditError> {
    Ok(read_page(store, db, page, false, progress)?.0)
}

/// A settled round with its kept row (log schema 12, `round_rows`: `session::round_row`'s
/// bytes), as a streamed rounds report reads it; `row` is `None` where the report must read
/// the round's events instead: a correction logged after the page's `through` (the row
/// holds the latest correction's nets, which a report capped at a head must not show).
#[derive(Clone, Debug, PartialEq)]
pub struct KeptRound {
    pub round: RoundRow,
    pub row: Option<Vec<u8>>,
}

/// A table's file read on a connection of its own (`Source::kept_reader`), its pages
/// capped at a head (`capped_at`) as the report's source caps its own: what another
/// thread reads a streamed report's next page of kept rounds with.
pub struct KeptReader {
    store: Store,
    db: usize,
    head: Option<i64>,
}

impl KeptReader {
    /// Database `db`'s file opened again, read-only, if it opens and holds `store`'s
    /// events through its head (opened by its path: not a file with other events put in
    /// its place since; its kept rows are held to the events by verify, not here).
    pub(crate) fn open(store: &Store, db: usize) -> Option<KeptReader> {
        let again = Store::open_read(store.path()).ok()?;
        store.same_log_in(&again).then_some(KeptReader {
            store: again,
            db,
            head: None,
        })
    }

    /// Every page read no further than event `head`.
    pub(crate) fn capped_at(self, head: i64) -> KeptReader {
        let head = Some(self.head.map_or(head, |h| h.min(head)));
        KeptReader { head, ..self }
    }

    /// What [`Source::kept_rounds_page`] gives of the file for `page`.
    pub fn page(&self, page: &Page) -> Result<Vec<KeptRound>, AuditError> {
        match self.head {
            Some(head) => kept_rounds_in(&self.store, self.db, &page.capped(head)),
            None => kept_rounds_in(&self.store, self.db, page),
        }
    }
}

/// [`rounds_in`] with each round's kept row (read after the page's rounds, in one range
/// scan of `round_rows` over their ids: [`kept_rows`]), then each round with a correction
/// after the page's `through` stripped of its row. The corrections are read after the
/// rows, so one logged while the page was read is seen.
pub(crate) fn kept_rounds_in(
    store: &Store,
    db: usize,
    page: &Page,
) -> Result<Vec<KeptRound>, AuditError> {
    let (rounds, rows) = read_page(store, db, page, true, |_| {})?;
    let mut kept: Vec<KeptRound> = (rounds.into_iter().zip(rows))
        .map(|(round, row)| KeptRound { round, row })
        .collect();
    let ids = kept.iter().map(|k| k.round.round);
    if let (Some(through), Some(lo), Some(hi)) = (page.through, ids.clone().min(), ids.max()) {
        let later = corrected_after(store, (lo, hi), through)?;
        for k in kept.iter_mut().filter(|k| later.contains(&k.round.round)) {
            k.row = None;
        }
    }
    Ok(kept)
}

/// The rounds among `lo..=hi` with a correction logged after event `through`.
fn corrected_after(
    store: &Store,
    (lo, hi): (i64, i64),
    through: i64,
) -> Result<HashSet<i64>, AuditError> {
    let mut stmt = store
        .conn()
        .prepare_cached(&format!(
            "SELECT round_id FROM events WHERE round_id BETWEEN ?1 AND ?2 AND {NOT_STEP} AND +kind = {} AND seq > ?3",
            EventKind::RoundCorrected.code(),
        ))
        .map_err(sql(store))?;
    stmt.query_map([lo, hi, through], |r| r.get::<_, i64>(0))
        .and_then(|m| m.collect::<Result<HashSet<_>, _>>())
        .map_err(sql(store))
}

/// A round's `round_rows` bytes, if it has a row.
type KeptBytes = Option<Vec<u8>>;

/// The page's rounds and, if `with_rows`, each one's `round_rows` row (else none).
fn read_page(
    store: &Store,
    db: usize,
    page: &Page,
    with_rows: bool,
    mut progress: impl FnMut(usize),
) -> Result<(Vec<RoundRow>, Vec<KeptBytes>), AuditError> {
    let tables = table_names(store)?;
    let users = user_names(store)?;
    let (filter, params, end) = page.sql("");
    let mut stmt = store
        .conn()
        .prepare_cached(&format!(
            "SELECT at, table_id, user_id, round_id, handle, paid, win, max_net, insurance_taken, insurance_paid, splits, buys, pontoons, five_card_tricks, cost
             FROM round_figures WHERE {}{end}",
            filter.replace('$', "?")
        ))
        .map_err(sql(store))?;
    let mut q = stmt
        .query(rusqlite::params_from_iter(params))
        .map_err(sql(store))?;
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
            voided: false,
            corrected: false,
            cost: r.get(14).map_err(sql(store))?,
            replayed: None,
        });
        if out.len() % 100_000 == 0 {
            progress(out.len());
        }
    }
    let rows = match with_rows {
        true => kept_rows(store, &out)?,
        false => Vec::new(),
    };
    let ids = out.iter().map(|r| r.round);
    if let (Some(lo), Some(hi)) = (ids.clone().min(), ids.max()) {
        let voided = voids(store, (lo, hi), page.through)?;
        for r in &mut out {
            r.voided = voided.contains(&r.round);
        }
        apply_corrections(store, db, (lo, hi), page.through, &mut out)?;
    }
    Ok((out, rows))
}

/// Each of `rounds`' `round_rows` row, in their order: one range scan of `round_rows` over
/// their ids (its key's order) merged with the rounds sorted by id, not a lookup a round
/// (a page's rounds are settled in about their ids' order: the range holds few others).
/// Where the range would hold many more rounds than the page (a round left open while
/// many others were played), each row is looked up by its key instead. A row not stored
/// as a blob (the column is not STRICT: changed by hand) does not read (`None`): the round
/// is read from its events.
fn kept_rows(store: &Store, rounds: &[RoundRow]) -> Result<Vec<KeptBytes>, AuditError> {
    let mut by_id: Vec<(i64, usize)> = (rounds.iter().enumerate())
        .map(|(i, r)| (r.round, i))
        .collect();
    by_id.sort_unstable();
    let mut rows: Vec<KeptBytes> = vec![None; rounds.len()];
    match (by_id.first(), by_id.last()) {
        (Some(&(lo, _)), Some(&(hi, _)))
            if hi.saturating_sub(lo) <= 4 * by_id.len() as i64 + 1_000 =>
        {
            rows_by_range(store, &by_id, &mut rows)?
        }
        _ => rows_by_key(store, &by_id, &mut rows)?,
    }
    Ok(rows)
}

/// A `round_rows` value as a kept row: a blob's bytes, else none.
fn blob(v: rusqlite::types::ValueRef) -> KeptBytes {
    match v {
        rusqlite::types::ValueRef::Blob(b) => Some(b.to_vec()),
        _ => None,
    }
}

/// The rows of `by_id` ((round id, its place in `rows`), sorted) put in `rows`: one range
/// scan of `round_rows` from its first id to its last, merged.
fn rows_by_range(
    store: &Store,
    by_id: &[(i64, usize)],
    rows: &mut [KeptBytes],
) -> Result<(), AuditError> {
    let (Some(&(lo, _)), Some(&(hi, _))) = (by_id.first(), by_id.last()) else {
        return Ok(());
    };
    let mut stmt = (store.conn())
        .prepare_cached(
            "SELECT round_id, row FROM round_rows WHERE round_id BETWEEN ?1 AND ?2 ORDER BY round_id",
        )
        .map_err(sql(store))?;
    let mut q = stmt.query([lo, hi]).map_err(sql(store))?;
    let mut next = by_id.iter().peekable();
    while let Some(r) = q.next().map_err(sql(store))? {
        let id: i64 = r.get(0).map_err(sql(store))?;
        while next.next_if(|&&(want, _)| want < id).is_some() {}
        // A round twice in the page (ids sorted: side by side) takes the row each time.
        while let Some(&(_, i)) = next.next_if(|&&(want, _)| want == id) {
            rows[i] = blob(r.get_ref(1).map_err(sql(store))?);
        }
    }
    Ok(())
}

/// [`rows_by_range`] by a lookup of each row by its key.
fn rows_by_key(
    store: &Store,
    by_id: &[(i64, usize)],
    rows: &mut [KeptBytes],
) -> Result<(), AuditError> {
    let mut stmt = (store.conn())
        .prepare_cached("SELECT row FROM round_rows WHERE round_id = ?1")
        .map_err(sql(store))?;
    for &(id, i) in by_id {
        let mut q = stmt.query([id]).map_err(sql(store))?;
        if let Some(r) = q.next().map_err(sql(store))? {
            rows[i] = blob(r.get_ref(0).map_err(sql(store))?);
        }
    }
    Ok(())
}

/// The voided rounds among rounds `lo..=hi` (voided by event `through`, if set): a page's
/// rounds' voids only, read by the index by round, not every void of the file (`+kind`
/// keeps SQLite off the index by kind, which would read every void).
fn voids(
    store: &Store,
    (lo, hi): (i64, i64),
    through: Option<i64>,
) -> Result<HashSet<i64>, AuditError> {
    let mut stmt = store
        .conn()
        .prepare_cached(&format!(
            "SELECT round_id FROM events WHERE round_id BETWEEN ?1 AND ?2 AND {NOT_STEP} AND +kind = {}{}",
            EventKind::RoundVoided.code(),
            seq_cap(through)
        ))
        .map_err(sql(store))?;
    stmt.query_map([lo, hi], |r| r.get::<_, i64>(0))
        .and_then(|m| m.collect::<Result<HashSet<_>, _>>())
        .map_err(sql(store))
}

/// A kept total (`log::totals`) as reports see it: its database, its table's and
/// dealer's names (as [`rounds`] names them), its key, and when the table opening it is
/// keyed by was logged (`None`: none), which says its rules.
#[derive(Clone, Debug, PartialEq)]
pub struct TotalRow {
    pub(crate) db: usize,
    pub(crate) table: String,
    pub(crate) dealer: String,
    pub(crate) key: totals::Key,
    pub(crate) opened_at: Option<i64>,
    pub(crate) figures: totals::Figures,
}

impl TotalRow {
    /// A kept bucket with its table and dealer named from the database's names, a missing
    /// one named as `rounds` names it (its row's NULL read as 0), and its opening's time.
    pub(crate) fn named(
        db: usize,
        (key, figures): (totals::Key, totals::Figures),
        (tables, users): (&HashMap<i64, String>, &HashMap<i64, String>),
        opened_at: Option<i64>,
    ) -> TotalRow {
        let id = |v: i64| if v < 0 { 0 } else { v };
        let name = |names: &HashMap<i64, String>, v: i64, what: &str| {
            names
                .get(&id(v))
                .cloned()
                .unwrap_or_else(|| format!("{what} {}", id(v)))
        };
        TotalRow {
            db,
            table: name(tables, key.table, "table"),
            dealer: name(users, key.dealer, "user"),
            opened_at,
            key,
            figures,
        }
    }

    /// The bucket's key (for a caller outside the crate: a test holding a source's totals
    /// to the events).
    pub fn key(&self) -> totals::Key {
        self.key
    }

    /// The bucket's sums.
    pub fn figures(&self) -> &totals::Figures {
        &self.figures
    }
}

/// What a long summary asks a source to sum ([`Source::day_sums`]): databases `dbs`
/// (one calendar's), gaming days `0..n` beginning at the UTC hours `starts[0..n]` and
/// ending at `starts[n]`, where gaming day `g` begins in UTC day `starts[0] / 24 + g`
/// (checked by the asker: [`DaysAsked::new`]), each in segment `segs[g]` (a run of
/// gaming days the report adds to the same groups).
#[derive(Clone, Debug)]
pub struct DaysAsked<'a> {
    pub(crate) dbs: &'a [usize],
    pub(crate) starts: &'a [i64],
    pub(crate) segs: &'a [u32],
}

impl<'a> DaysAsked<'a> {
    /// `None` unless `starts` is one longer than `segs` and gaming day `g` begins in UTC
    /// day `starts[0] / 24 + g` for every `g` up to `n` (its end), at most 12 hours into
    /// it: what lets a source sum a gaming day as its UTC day's row, less that day's hours
    /// before the gaming day begins, plus the next day's — and read fewer rows so than
    /// the buckets (a day beginning later, as 06:00 east of UTC+6 does, would have the
    /// source read most of its buckets as well as the day rows).
    pub(crate) fn new(dbs: &'a [usize], starts: &'a [i64], segs: &'a [u32]) -> Option<Self> {
        let first = starts.first()?.div_euclid(24);
        let stepped = starts.iter().enumerate().all(|(g, s)| {
            s.div_euclid(24) == first.checked_add(g as i64).unwrap_or(i64::MIN)
                && s.rem_euclid(24) <= 12
        });
        (starts.len() == segs.len() + 1 && !segs.is_empty() && stepped).then_some(DaysAsked {
            dbs,
            starts,
            segs,
        })
    }

    /// The first UTC day.
    pub(crate) fn first_day(&self) -> i64 {
        self.starts[0].div_euclid(24)
    }

    /// The UTC hours before each gaming day begins in its UTC day (the end's day's
    /// included): hours the day's row holds that belong to the gaming day before.
    pub(crate) fn early_hours(&self) -> Vec<i64> {
        self.starts
            .iter()
            .flat_map(|s| s.div_euclid(24) * 24..*s)
            .collect()
    }

    /// The gaming day of UTC hour `hour`, if it lies in one asked.
    pub(crate) fn day_of(&self, hour: i64) -> Option<usize> {
        let g = self.starts.partition_point(|s| *s <= hour).checked_sub(1)?;
        (g < self.segs.len()).then_some(g)
    }
}

/// A table opening's class in a long summary's chart by day ([`Source::day_sums`]): its
/// id, and whether its rules have a theory (its rounds are then summed only if each
/// carries its decisions' cost; one without is replayed, bucket by bucket).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayClass {
    pub(crate) id: u32,
    pub(crate) theory: bool,
}

/// A long period's sums ([`Source::day_sums`]): per (database, table, opening, segment)
/// — the dealer left out — and per (class, gaming day); no group whose every figure is 0.
#[derive(Clone, Debug, Default)]
pub struct DaySums {
    pub(crate) parts: Vec<SegmentRow>,
    pub(crate) days: Vec<(u32, usize, totals::Figures)>,
}

/// One table opening's sums over one segment of a long period.
#[derive(Clone, Debug, PartialEq)]
pub struct SegmentRow {
    pub(crate) db: usize,
    pub(crate) table: String,
    pub(crate) opened_at: Option<i64>,
    pub(crate) seg: u32,
    pub(crate) figures: totals::Figures,
}

/// A kept total as a visit ([`Source::visit_totals`]) hands it over: a [`TotalRow`] whose
/// names are borrowed from the source, so that a visit allocates nothing a bucket.
#[derive(Clone, Copy, Debug)]
pub struct TotalRef<'a> {
    pub(crate) db: usize,
    pub(crate) table: &'a str,
    pub(crate) dealer: &'a str,
    pub(crate) key: totals::Key,
    pub(crate) opened_at: Option<i64>,
    pub(crate) figures: totals::Figures,
}

impl TotalRow {
    /// The row as a visit hands it over.
    pub(crate) fn as_ref(&self) -> TotalRef<'_> {
        TotalRef {
            db: self.db,
            table: &self.table,
            dealer: &self.dealer,
            key: self.key,
            opened_at: self.opened_at,
            figures: self.figures,
        }
    }
}

/// What a visit of kept totals hands each bucket to.
pub type EachTotal<'e> = dyn FnMut(&TotalRef<'_>) -> Result<(), AuditError> + 'e;

/// The file's kept totals of the buckets `from_hour..=to_hour`, handed to `each` one at a
/// time in hour order, stepped off one statement (none held).
pub(crate) fn visit_total_rows(
    store: &Store,
    db: usize,
    (from_hour, to_hour): (i64, i64),
    each: &mut EachTotal<'_>,
) -> Result<(), AuditError> {
    let tables = table_names(store)?;
    let users = user_names(store)?;
    let opened = openings_at(store)?;
    let id = |v: i64| if v < 0 { 0 } else { v };
    let (mut table_text, mut dealer_text);
    let mut stmt = store
        .conn()
        .prepare_cached(&format!(
            "SELECT table_id, hour, dealer, opened, {} FROM round_totals WHERE hour >= ?1 AND hour <= ?2 ORDER BY hour",
            totals::COLUMNS.join(", ")
        ))
        .map_err(sql(store))?;
    let mut rows = stmt.query([from_hour, to_hour]).map_err(sql(store))?;
    while let Some(r) = rows.next().map_err(sql(store))? {
        let mut v = [0i64; totals::COLUMNS.len()];
        for (i, x) in v.iter_mut().enumerate() {
            *x = r.get(4 + i).map_err(sql(store))?;
        }
        let key = totals::Key {
            table: r.get(0).map_err(sql(store))?,
            hour: r.get(1).map_err(sql(store))?,
            dealer: r.get(2).map_err(sql(store))?,
            opened: r.get(3).map_err(sql(store))?,
        };
        let table = match tables.get(&id(key.table)) {
            Some(t) => t.as_str(),
            None => {
                table_text = format!("table {}", id(key.table));
                table_text.as_str()
            }
        };
        let dealer = match users.get(&id(key.dealer)) {
            Some(u) => u.as_str(),
            None => {
                dealer_text = format!("user {}", id(key.dealer));
                dealer_text.as_str()
            }
        };
        each(&TotalRef {
            db,
            table,
            dealer,
            key,
            opened_at: opened.get(&key.opened).copied(),
            figures: totals::Figures::from_row(v),
        })?;
    }
    Ok(())
}

/// The file's kept totals of the hours `from_hour..=to_hour` summed by SQLite per
/// (table, dealer, opening) ([`Source::total_sums`]). `None` where a sum overflows an
/// i64 (SQLite's SUM raises it; `TheorySums::add` saturates): the caller visits the
/// buckets instead.
pub(crate) fn summed_rows(
    store: &Store,
    db: usize,
    hours: (i64, i64),
) -> Result<Option<Vec<TotalRow>>, AuditError> {
    match summed_rows_or_overflow(store, db, hours) {
        Err(AuditError::Db {
            source: rusqlite::Error::SqliteFailure(_, Some(m)),
            ..
        }) if m.contains("integer overflow") => Ok(None),
        r => r.map(Some),
    }
}

fn summed_rows_or_overflow(
    store: &Store,
    db: usize,
    (from_hour, to_hour): (i64, i64),
) -> Result<Vec<TotalRow>, AuditError> {
    let tables = table_names(store)?;
    let users = user_names(store)?;
    let opened = openings_at(store)?;
    let sums: Vec<String> = totals::COLUMNS
        .iter()
        .map(|c| format!("SUM({c})"))
        .collect();
    let mut stmt = store
        .conn()
        .prepare_cached(&format!(
            "SELECT table_id, dealer, opened, {} FROM round_totals WHERE hour >= ?1 AND hour <= ?2 GROUP BY table_id, dealer, opened",
            sums.join(", ")
        ))
        .map_err(sql(store))?;
    let mut rows = stmt.query([from_hour, to_hour]).map_err(sql(store))?;
    let mut out = Vec::new();
    while let Some(r) = rows.next().map_err(sql(store))? {
        let mut v = [0i64; totals::COLUMNS.len()];
        for (i, x) in v.iter_mut().enumerate() {
            *x = r.get(3 + i).map_err(sql(store))?;
        }
        let key = totals::Key {
            table: r.get(0).map_err(sql(store))?,
            hour: from_hour,
            dealer: r.get(1).map_err(sql(store))?,
            opened: r.get(2).map_err(sql(store))?,
        };
        out.push(TotalRow::named(
            db,
            (key, totals::Figures::from_row(v)),
            (&tables, &users),
            opened.get(&key.opened).copied(),
        ));
    }
    Ok(out)
}

/// When each of the file's table openings was logged, by its seq.
fn openings_at(store: &Store) -> Result<HashMap<i64, i64>, AuditError> {
    let mut stmt = store
        .conn()
        .prepare_cached(&format!(
            "SELECT seq, at FROM events WHERE kind = {} AND {NOT_STEP}",
            EventKind::TableOpened.code()
        ))
        .map_err(sql(store))?;
    stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))
        .and_then(|m| m.collect::<Result<_, _>>())
        .map_err(sql(store))
}

/// The file's kept totals of the buckets `from_hour..=to_hour`.
pub(crate) fn total_rows(
    store: &Store,
    db: usize,
    from_hour: i64,
    to_hour: i64,
) -> Result<Vec<TotalRow>, AuditError> {
    let tables = table_names(store)?;
    let users = user_names(store)?;
    let opened = openings_at(store)?;
    let kept = totals::kept(store.conn(), Some((from_hour, to_hour))).map_err(sql(store))?;
    Ok(kept
        .into_iter()
        .map(|(key, figures)| {
            let opened_at = opened.get(&key.opened).copied();
            TotalRow::named(db, (key, figures), (&tables, &users), opened_at)
        })
        .collect())
}

/// The latest correction of each corrected round among rounds `lo..=hi` (logged by event
/// `through`, if set), read by the index by round: a page's rounds' corrections only.
fn corrections(
    store: &Store,
    (lo, hi): (i64, i64),
    through: Option<i64>,
) -> Result<HashMap<i64, RoundCorrected>, AuditError> {
    let mut stmt = store
        .conn()
        .prepare_cached(&format!(
            "SELECT round_id, data FROM events WHERE round_id BETWEEN ?1 AND ?2 AND {NOT_STEP} AND +kind = {}{} ORDER BY seq",
            EventKind::RoundCorrected.code(),
            seq_cap(through)
        ))
        .map_err(sql(store))?;
    let rows = stmt
        .query_map([lo, hi], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
        })
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

/// A corrected round among rounds `lo..=hi` counts with its corrected figures (its latest
/// correction by event `through`, if set): the difference was paid or collected at the
/// table.
fn apply_corrections(
    store: &Store,
    db: usize,
    span: (i64, i64),
    through: Option<i64>,
    rows: &mut [RoundRow],
) -> Result<(), AuditError> {
    let fixes = corrections(store, span, through)?
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
        r.cost = d.cost;
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

/// A round's opening as the reports read it: its boxes' initial stakes squared
/// (`box_sq`, `round_sq`: [`crate::log::totals::squares`] of its boxes' stakes), or
/// `None` where its text does not read (`Payload::parse` refuses it).
pub type StartSquares = Option<(i64, i64)>;

/// A `round_started` event's text squared as the reports read it ([`StartSquares`]):
/// read where `Payload::parse` reads it and refused where it refuses
/// (`view::started_strictly`).
pub fn start_squares(data: &str) -> StartSquares {
    use crate::log::totals;
    crate::log::payload::view::started_strictly(data, |_, b, cents| (b, cents))
        .map(totals::bets_squared)
}

/// A round's opening as a [`Source`] hands it: a file's text, squared only if the reader
/// wants that round (a filtered page's range holds other rounds' openings too), or the
/// floor's figures, which its chain trigger squared.
#[derive(Clone, Copy, Debug)]
pub enum Start<'a> {
    Text(&'a str),
    Squares(StartSquares),
}

impl Start<'_> {
    /// Its stakes squared as the reports read them ([`start_squares`] of a text).
    pub fn squares(self) -> StartSquares {
        match self {
            Start::Text(data) => start_squares(data),
            Start::Squares(squares) => squares,
        }
    }
}

/// Each `round_started` event whose round is in `first..=last`, in round order (each
/// round's in log order), handed to `each` one row at a time as (round, its opening): a
/// report over millions of rounds never holds their events.
pub(crate) fn round_starts(
    store: &Store,
    first: i64,
    last: i64,
    each: &mut dyn FnMut(i64, Start<'_>) -> Result<(), AuditError>,
) -> Result<(), AuditError> {
    store.each_of_rounds(EventKind::RoundStarted, first, last, |e| match e.round {
        Some(round) => each(round, Start::Text(&e.data)),
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

/// The per-bet nets of a settled round: its latest correction's logged by event `through`
/// (any, if `None`), else its settlement's. Reads the round's own events only.
pub(crate) fn round_nets(
    store: &Store,
    round: i64,
    through: Option<i64>,
) -> Result<Vec<NetData>, AuditError> {
    nets_of(&store.round_events(round)?, round, through)
}

/// A settled round as the rounds report shows it: its bets and the inputs still standing
/// (`round_inputs`), and its per-bet nets (`round_nets`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoundLog {
    pub(crate) bets: Vec<BetData>,
    pub(crate) steps: Vec<String>,
    pub(crate) nets: Vec<NetData>,
    /// The round has one `round_started` and it reads, and `bets` are its: what
    /// `Source::round_starts` gives of the round (`Theories::read_logged` takes its
    /// variances from them, or from the round's kept row; else it reads the starts, and
    /// refuses an unreadable one).
    pub(crate) one_start: bool,
}

/// Rounds' logs by round (of one database).
pub type RoundLogs = foldhash::HashMap<i64, RoundLog>;

/// A round's log from its events in order (as `Store::round_events` gives them), its
/// nets those logged by event `through` (any, if `None`): what `inputs_of` and `nets_of`
/// make of them, in one pass that reads only the kinds it keeps, the canonical texts
/// without the JSON reader (`log::plain`; any other text read by it as they read it).
pub(crate) fn log_of(
    events: &[crate::log::Event],
    round: i64,
    through: Option<i64>,
) -> Result<RoundLog, AuditError> {
    let mut log = LogOf::default();
    for e in events {
        log.add(e.seq, e.kind, &e.data, through);
    }
    log.done(round)
}

/// A round's log being read event by event, in seq order (see [`log_of`]).
#[derive(Default)]
pub(crate) struct LogOf {
    bets: Option<Vec<BetData>>,
    /// Its `round_started` events, readable or not.
    starts: u32,
    /// Each readable step and undo, by seq: a step's text, `None` for an undo.
    steps: Vec<(i64, Option<String>)>,
    settled: Option<Vec<NetData>>,
    corrected: Option<Vec<NetData>>,
}

impl LogOf {
    /// One of the round's events: its first readable start's bets, its steps less those
    /// undone, its latest readable settlement's and correction's nets by `through`. Its
    /// steps may come apart from its other events (`Store::each_rounds_event`), but each
    /// in seq order among its own (steps among steps, the others among the others).
    pub(crate) fn add(&mut self, seq: i64, kind: EventKind, data: &str, through: Option<i64>) {
        let by_through = through.is_none_or(|t| seq <= t);
        match kind {
            EventKind::RoundStarted => {
                self.starts += 1;
                if self.bets.is_none() {
                    self.bets = started_bets(data);
                }
            }
            EventKind::Step | EventKind::Undo => {
                if let Some(text) = input_text(kind, data) {
                    let step = (kind == EventKind::Step).then_some(text);
                    self.steps.push((seq, step));
                }
            }
            EventKind::RoundSettled if by_through => {
                if let Some(nets) = settled_nets(data) {
                    self.settled = Some(nets);
                }
            }
            EventKind::RoundCorrected if by_through => {
                if let Ok(Payload::RoundCorrected(c)) = Payload::parse(kind, data) {
                    self.corrected = Some(c.nets);
                }
            }
            _ => {}
        }
    }

    /// The log; a round with no settlement (by `through`) has none.
    pub(crate) fn done(mut self, round: i64) -> Result<RoundLog, AuditError> {
        let nets = self
            .corrected
            .or(self.settled)
            .ok_or(AuditError::Refused(LogRefusal::NoSettlement { round }))?;
        // The steps and undos in log order: each undo takes back the step before it.
        self.steps.sort_by_key(|s| s.0);
        let mut steps = Vec::with_capacity(self.steps.len());
        for (_, step) in self.steps {
            match step {
                Some(text) => steps.push(text),
                None => {
                    steps.pop();
                }
            }
        }
        Ok(RoundLog {
            one_start: self.starts == 1 && self.bets.is_some(),
            bets: self.bets.unwrap_or_default(),
            steps,
            nets,
        })
    }
}

/// A `round_started` text's bets (`None`: it does not read as one), read as
/// `Payload::parse` reads them (`payload::view::started_strictly`).
fn started_bets(data: &str) -> Option<Vec<BetData>> {
    crate::log::payload::view::started_strictly(data, |id, box_no, cents| BetData {
        id: id.to_string(),
        box_no,
        stake: crate::engine::Money::from_cents(cents),
    })
}

/// A `round_settled` text's nets (`None`: it does not read as one).
fn settled_nets(data: &str) -> Option<Vec<NetData>> {
    let mut nets = Vec::with_capacity(8);
    let mut whole = true;
    let plain = crate::log::plain::settled_strictly(data, |_, id, units| {
        let cents = units.checked_mul(100);
        whole = cents.is_some();
        nets.push(NetData {
            id: id.to_string(),
            net: crate::engine::Money::from_cents(cents.unwrap_or(0)),
        });
        whole
    });
    if plain.is_some() {
        return Some(nets);
    }
    match Payload::parse(EventKind::RoundSettled, data) {
        Ok(Payload::RoundSettled(s)) => Some(s.nets),
        _ => None,
    }
}

/// A `step` or `undo` text's input (`None`: it does not read as one): written as
/// `{"text":"…"}` with nothing to unescape, taken as it stands, else read by JSON.
fn input_text(kind: EventKind, data: &str) -> Option<String> {
    let plain =
        crate::log::payload::view::plain_text(data).filter(|t| !t.bytes().any(|c| c < 0x20));
    if let Some(t) = plain {
        return Some(t.to_string());
    }
    match Payload::parse(kind, data) {
        Ok(Payload::Step(i) | Payload::Undo(i)) => Some(i.text),
        _ => None,
    }
}

/// The logs of `rounds` (a page's) in two reads, whatever their number
/// (`Store::each_rounds_event`, no event kept): each what `round_inputs` and
/// `round_nets` give it.
pub(crate) fn round_logs(
    store: &Store,
    rounds: &[i64],
    through: Option<i64>,
) -> Result<RoundLogs, AuditError> {
    let mut logs: HashMap<i64, LogOf> = HashMap::with_capacity(rounds.len());
    store.each_rounds_event(&rounds.iter().copied().collect(), |r, e| {
        logs.entry(r)
            .or_default()
            .add(e.seq, e.kind, &e.data, through)
    })?;
    // A round may be asked twice (the floor's rows are by table and seq: a table
    // database may send two settlements of one round): its log is made once.
    let mut out = RoundLogs::with_capacity_and_hasher(rounds.len(), Default::default());
    for &r in rounds {
        if let std::collections::hash_map::Entry::Vacant(slot) = out.entry(r) {
            let log = logs.remove(&r).unwrap_or_default();
            slot.insert(log.done(r)?);
        }
    }
    Ok(out)
}

/// The nets of a round's events (see [`round_nets`]).
fn nets_of(
    events: &[crate::log::Event],
    round: i64,
    through: Option<i64>,
) -> Result<Vec<NetData>, AuditError> {
    let (mut settled, mut corrected) = (None, None);
    for e in events {
        if through.is_some_and(|t| e.seq > t) {
            continue;
        }
        match e.payload() {
            Ok(Payload::RoundSettled(s)) => settled = Some(s.nets),
            Ok(Payload::RoundCorrected(c)) => corrected = Some(c.nets),
            _ => {}
        }
    }
    corrected
        .or(settled)
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

/// Where a report's database is: a table's file, or a table database on a floor. Its
/// English `Display` is what the CLI and JSON say; `render` words it in the report's
/// language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A table's file, by its path.
    File(String),
    /// A table database on the floor `floor` (its connection's target, no password),
    /// `database` its short id, last synced from the file `synced_from`.
    Floor {
        floor: String,
        database: String,
        synced_from: String,
    },
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::File(path) => f.write_str(path),
            Place::Floor {
                floor,
                database,
                synced_from,
            } => write!(
                f,
                "floor {floor}, table database {database} (synced from {synced_from})"
            ),
        }
    }
}

/// Where a database stands, for a report's footer.
#[derive(Clone, Debug, PartialEq)]
pub struct SourceHead {
    /// The file (or the floor and the table database).
    pub path: Place,
    pub head_seq: i64,
    pub head_hash: String,
    /// The verdict (`None`: not run).
    pub verified: Option<Verified>,
}

/// A database's verdict: its events replayed through the engine and found to hold, an
/// alarm or mismatch standing, or (on the floor) not every event replayed by its auditor
/// yet — never PASSED for events nobody replayed. Each carries what it rests on as data
/// (`report::verdict`), worded by `render` in the report's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verified {
    /// Every event replayed, nothing wrong (what was replayed, and on the floor how).
    Passed(Passed),
    /// A mismatch or an alarm stands (why, typed).
    Failed(VerifyFailure),
    /// The floor's auditor has replayed events 1..=`through` of `events`; nothing wrong
    /// in them (`detail`).
    NotReplayed {
        through: i64,
        events: i64,
        detail: Pending,
    },
    /// On the floor: every event replayed, nothing wrong, but the floor's auditor last
    /// checked the kept totals (which the summary reads) through event `through` of
    /// `events` (0: never), or they were written by hand since (`detail` says which):
    /// never PASSED for totals nobody checked.
    TotalsNotChecked {
        through: i64,
        events: i64,
        detail: Unchecked,
    },
}

/// Why a database's verify failed: the replay's own error on a file, or on the floor
/// what the floor holds against a table database. The English `Display` is what the
/// CLI's footer and the exceptions report say; a report's footer words it in its
/// language (`render::failure_in`).
#[derive(Clone, Debug)]
pub enum VerifyFailure {
    /// The file's replay (`verify`) found this (shared: a report is cloned whole).
    Replay(Arc<ReplayError>),
    /// The floor holds the table database's events from `first` on only: the earlier
    /// months were detached.
    Detached { first: i64 },
    /// The floor's copy does not hold events `from` to `head`: their months were detached.
    MonthsDetached { from: i64, head: i64 },
    /// The footer's own walk of the floor's chain (from the auditor's check, or from the
    /// genesis when the check could not be read) breaks at event `seq`: missing, or not
    /// following from the one before it. `after`: the last event before it whose stored
    /// check held (or from whose recorded hash the walk went on); when it is not
    /// `seq - 1`, the events between are play steps, which keep no check of their own
    /// (floor schema 6), and the change is somewhere in `after + 1 ..= seq`.
    ChainBreaks { seq: i64, after: i64 },
    /// The floor's auditor found event `seq` not following from the one before it (its
    /// chain check, recorded at `at`, read by the footer instead of walking again);
    /// `after` as for `ChainBreaks`.
    ChainBroken { seq: i64, after: i64, at: String },
    /// The floor's auditor found event `seq` missing on the floor (a gap, or the events
    /// from it to the head gone), its chain check recorded at `at`.
    ChainMissing { seq: i64, at: String },
    /// The floor's auditor found every stored check holding through event `seq`, the
    /// head, but the chain hash there not the head hash the floor keeps
    /// (`tables.head_hash`), its chain check recorded at `at`: the footer's own walk
    /// holds every event through the head too and differs only there.
    HeadHash { seq: i64, at: String },
    /// The footer's own walk (no break recorded by the floor's auditor) holds every
    /// stored check through event `seq`, the head, but the chain hash there is not the
    /// head hash the floor keeps (`tables.head_hash`).
    HeadHashWalked { seq: i64 },
    /// Event 1's chain hash from the genesis is not the table database's identity on the
    /// floor (`tables.db`, what ingest registered it by since floor schema 18): its
    /// events are not the file's the identity names, or the identity was changed since.
    Identity,
    /// The floor's auditor, having replayed events 1..=`through` of `head`, refuses event
    /// `seq` (`why`: the refusal as the auditor recorded it on the floor).
    AuditorRefuses {
        through: i64,
        head: i64,
        seq: i64,
        why: String,
    },
    /// The floor's auditor, having replayed events 1..=`through` of `head`, found a row
    /// of a table the floor derives from the events (`of`) at event `seq` that the event
    /// does not give: a row of `croupier.rounds` (which the reports total) at an event that
    /// settles no round, or `croupier.round_starts` (which their theoretical hold reads)
    /// not what the event's opening gives (the auditor's `Refusal::StrayRound`, known
    /// again by the words it records, [`stray_words`]).
    StrayRound {
        through: i64,
        head: i64,
        seq: i64,
        of: Derived,
    },
    /// The floor's kept totals (`croupier.round_totals`) are not what its events make them
    /// (`why`: the first difference as `croupier.totals_break` words it).
    TotalsBreak { why: String },
    /// `count` alarms stand on the floor for the table database, the first at `first`.
    Alarms {
        count: i64,
        first: i64,
        through: i64,
        head: i64,
    },
}

/// A table the floor's chain trigger derives from the events, which the auditor holds
/// row by row to them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Derived {
    /// `croupier.rounds`: each settlement's figures (what the reports total).
    Rounds,
    /// `croupier.round_starts`: each round's opening (what the theoretical hold reads).
    Starts,
}

impl Derived {
    /// Every one, for a footer that knows a refusal again by its words.
    pub(crate) const ALL: [Derived; 2] = [Derived::Rounds, Derived::Starts];
}

/// The floor auditor's words for a row of `of` at event `seq` that the event does not
/// give (its `Refusal::StrayRound`, recorded in `croupier.replayed`); a footer that reads
/// them there says [`VerifyFailure::StrayRound`] in its language.
pub(crate) fn stray_words(seq: i64, of: Derived) -> String {
    match of {
        Derived::Rounds => format!(
            "the floor keeps a row of croupier.rounds at event {seq}, which settles no round: the row was added outside the floor's trigger, and the reports total it"
        ),
        Derived::Starts => format!(
            "the floor's croupier.round_starts at event {seq} is not what the events give (a row added, changed or deleted outside the floor's trigger), and the reports' theoretical win rate reads it"
        ),
    }
}

/// Events `first` to `last`, play steps, in words (one, or a range).
pub(crate) fn play_steps(first: i64, last: i64) -> String {
    if first == last {
        format!("event {first} is a play step, which keeps no check of its own")
    } else {
        format!("events {first} to {last} are play steps, which keep no check of their own")
    }
}

impl std::fmt::Display for VerifyFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let replayed = |through: &i64, head: &i64| {
            format!("replayed through event {through} of {head} by the floor's auditor")
        };
        match self {
            VerifyFailure::Replay(e) => write!(f, "{e}"),
            VerifyFailure::TotalsBreak { why } => write!(
                f,
                "the floor's kept totals differ from what its events make them ({why}): croupier.round_totals was changed outside the floor's trigger, and the reports that read it cannot be trusted"
            ),
            VerifyFailure::Detached { first } => write!(
                f,
                "the floor no longer holds events 1 to {} of this table database (their months were detached, e.g. archived): they cannot be checked here; check them in the archive",
                first - 1
            ),
            VerifyFailure::MonthsDetached { from, head } => write!(
                f,
                "the floor's copy does not hold events {from} to {head} (its head): their months were detached"
            ),
            VerifyFailure::ChainBreaks { seq, after } if after + 1 < *seq => write!(
                f,
                "the floor's chain breaks at or before event {seq}, after event {after}, the last event before it whose stored check holds ({}): one of events {} to {seq} was changed, or its check",
                play_steps(after + 1, seq - 1),
                after + 1
            ),
            VerifyFailure::ChainBreaks { seq, .. } => write!(
                f,
                "the floor's chain breaks at event {seq} (an event missing there, or one that does not follow from the event before it)"
            ),
            VerifyFailure::ChainBroken { seq, after, at } if after + 1 < *seq => write!(
                f,
                "the floor's auditor found the chain broken at or before event {seq}, after event {after}, the last event before it whose stored check held ({}; its chain checked at {at}): one of events {} to {seq} was changed, or its check",
                play_steps(after + 1, seq - 1),
                after + 1
            ),
            VerifyFailure::ChainMissing { seq, at } => write!(
                f,
                "the floor's auditor found event {seq} missing on the floor (its chain checked at {at}): the chain is broken there"
            ),
            VerifyFailure::HeadHash { seq, at } => write!(
                f,
                "the floor's auditor found every stored check holding through event {seq}, the head, but the chain hash there differs from the head hash the floor keeps (its chain checked at {at}): events were changed with their checks computed again, or the head hash was changed"
            ),
            VerifyFailure::Identity => write!(
                f,
                "event 1's chain hash is not this table database's identity on the floor (tables.db): its events are not those of the file the identity names, or the identity was changed"
            ),
            VerifyFailure::HeadHashWalked { seq } => write!(
                f,
                "every stored check holds through event {seq}, the head, but the chain hash there differs from the head hash the floor keeps (tables.head_hash): events were changed with their checks computed again, or the head hash was changed"
            ),
            VerifyFailure::ChainBroken { seq, at, .. } => write!(
                f,
                "the floor's auditor found that event {seq} does not follow from the event before it on the floor (its chain checked at {at}): the chain is broken there"
            ),
            VerifyFailure::AuditorRefuses {
                through,
                head,
                seq,
                why,
            } => write!(
                f,
                "{}: the floor auditor's replay refuses event {seq} ({why})",
                replayed(through, head)
            ),
            VerifyFailure::StrayRound {
                through,
                head,
                seq,
                of,
            } => write!(
                f,
                "{}: the floor auditor's replay refuses event {seq} ({})",
                replayed(through, head),
                stray_words(*seq, *of)
            ),
            VerifyFailure::Alarms {
                count,
                first,
                through,
                head,
            } => write!(
                f,
                "{count} alarm(s) on the floor for this table database, the first at event {first}; {}",
                replayed(through, head)
            ),
        }
    }
}

/// Two failures are the same when they say the same: the replay's error is neither
/// `Clone` nor comparable, and a report built twice (held, streamed) must compare equal.
impl PartialEq for VerifyFailure {
    fn eq(&self, other: &VerifyFailure) -> bool {
        match (self, other) {
            (VerifyFailure::Replay(a), VerifyFailure::Replay(b)) => {
                Arc::ptr_eq(a, b) || a.to_string() == b.to_string()
            }
            (VerifyFailure::Replay(_), _) | (_, VerifyFailure::Replay(_)) => false,
            _ => self.to_string() == other.to_string(),
        }
    }
}

impl Eq for VerifyFailure {}

impl Verified {
    /// Whether it is PASSED.
    pub fn passed(&self) -> bool {
        matches!(self, Verified::Passed(_))
    }

    /// The name a program reads (JSON's `verdict`).
    pub fn name(&self) -> &'static str {
        match self {
            Verified::Passed(_) => "passed",
            Verified::Failed(_) => "failed",
            Verified::NotReplayed { .. } => "not_replayed",
            Verified::TotalsNotChecked { .. } => "totals_not_checked",
        }
    }
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
    /// A page of database `db`'s settled rounds (see [`Page`]), in (time, round) order,
    /// corrected rounds with corrected figures: what a streamed report reads, so that it
    /// never holds more than a page of rounds.
    fn rounds_page(&mut self, db: usize, page: &Page) -> Result<Vec<RoundRow>, AuditError>;
    /// [`Source::rounds_page`] with each round's kept row (log schema 12; see
    /// [`KeptRound`]); `None`: this source keeps no rows (the floor), and a report reads the
    /// rounds' events ([`Source::round_logs`]).
    fn kept_rounds_page(
        &mut self,
        _db: usize,
        _page: &Page,
    ) -> Result<Option<Vec<KeptRound>>, AuditError> {
        Ok(None)
    }
    /// A second reader of database `db`'s kept rounds, on a connection of its own that
    /// another thread may use (`None`: the source has none, or keeps no rows): a streamed
    /// report reads its next page there while it writes the last one. It reads what
    /// [`Source::kept_rounds_page`] reads: a wrapper source that changes those pages must
    /// not forward it.
    fn kept_reader(&self, _db: usize) -> Result<Option<KeptReader>, AuditError> {
        Ok(None)
    }
    /// How many databases the source reads (numbered from 0).
    fn databases(&self) -> usize;
    /// Each database's tables by name, as its rounds name them (their latest names), as
    /// (name, database): a name two databases share is said with its database in a
    /// report's rows, so the two tables' rows are told apart.
    fn table_keys(&mut self) -> Result<Vec<(String, usize)>, AuditError>;
    /// A round's bets and standing inputs.
    fn round_inputs(
        &mut self,
        db: usize,
        round: i64,
    ) -> Result<(Vec<BetData>, Vec<String>), AuditError>;
    /// A settled round's per-bet nets: its latest correction's logged by event `through`
    /// (any, if `None`), else its settlement's.
    fn round_nets(
        &mut self,
        db: usize,
        round: i64,
        through: Option<i64>,
    ) -> Result<Vec<NetData>, AuditError>;
    /// [`Source::round_inputs`] and [`Source::round_nets`] of each of database `db`'s
    /// `rounds` (a page's), by round: a few reads for the page where the source can, not
    /// one a round.
    fn round_logs(
        &mut self,
        db: usize,
        rounds: &[i64],
        through: Option<i64>,
    ) -> Result<RoundLogs, AuditError> {
        let mut out = RoundLogs::default();
        for &round in rounds {
            let (bets, steps) = self.round_inputs(db, round)?;
            let nets = self.round_nets(db, round, through)?;
            out.insert(
                round,
                RoundLog {
                    bets,
                    steps,
                    nets,
                    one_start: false,
                },
            );
        }
        Ok(out)
    }
    /// Events of the given kinds in `[from_ms, to_ms)` of every database, by (time,
    /// database, seq).
    fn events_of(
        &mut self,
        kinds: &[EventKind],
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<Noted>, AuditError>;
    /// Each `round_started` event of database `db` whose round is in `first..=last`, in
    /// round order, each round's in log order (the log's order: a database gives its
    /// round ids as its rounds start; a round's second start, which only a forged log
    /// holds, comes with its round; the floor's `round_starts` key gives this order),
    /// handed to `each` one at a time as (round, its opening: [`Start`]).
    fn round_starts(
        &mut self,
        db: usize,
        first: i64,
        last: i64,
        each: &mut dyn FnMut(i64, Start<'_>) -> Result<(), AuditError>,
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
    /// Alarms raised in `[from_ms, to_ms)` (files hold none).
    fn alarms(&mut self, _from_ms: i64, _to_ms: i64) -> Result<Vec<SourceAlarm>, AuditError> {
        Ok(Vec::new())
    }
    /// The kept totals (`log::totals`) of every database for the UTC hours
    /// `from_hour..=to_hour`; `None`: this source keeps none, and a report reads every
    /// round instead.
    fn totals(
        &mut self,
        _from_hour: i64,
        _to_hour: i64,
    ) -> Result<Option<Vec<TotalRow>>, AuditError> {
        Ok(None)
    }
    /// [`Source::totals`] handed to `each` one bucket at a time, every bucket of one
    /// (database, hour) together (the files: each database's in hour order, one after
    /// another; the floor: by hour, then database); `false`: this source keeps none. The
    /// default holds them all (`totals`) and sorts them; a source that can reads them row
    /// by row instead.
    fn visit_totals(
        &mut self,
        from_hour: i64,
        to_hour: i64,
        each: &mut EachTotal<'_>,
    ) -> Result<bool, AuditError> {
        let Some(mut rows) = self.totals(from_hour, to_hour)? else {
            return Ok(false);
        };
        rows.sort_by_key(|t| (t.db, t.key.hour));
        for t in &rows {
            each(&t.as_ref())?;
        }
        Ok(true)
    }
    /// Database `db`'s kept totals of the UTC hours `from_hour..=to_hour` summed by the
    /// source per (table, dealer, opening) — every figure is a sum, so exact — each row's
    /// key with `hour` = `from_hour`; `None`: this source does not sum them, and a report
    /// visits their buckets instead ([`Source::visit_totals`]).
    fn total_sums(
        &mut self,
        _db: usize,
        _from_hour: i64,
        _to_hour: i64,
    ) -> Result<Option<Vec<TotalRow>>, AuditError> {
        Ok(None)
    }
    /// A long period's kept totals summed by the source per gaming day ([`DaysAsked`]):
    /// per (table, opening, segment) and per (class, gaming day), the class of each
    /// opening given by `class_of(db, table, opened at)`; `None`: this source does not sum
    /// so (the files), or cannot here (a sum past an i64 or below 0 where no figure can
    /// be, a day row at an i64's bound, a round without its decisions' cost under rules
    /// with a theory): the report visits the buckets instead.
    fn day_sums(
        &mut self,
        _asked: &DaysAsked<'_>,
        _class_of: &mut dyn FnMut(usize, &str, Option<i64>) -> DayClass,
    ) -> Result<Option<DaySums>, AuditError> {
        Ok(None)
    }
    /// Database `db`'s kept theories (`kept_theories`, schema 11): (rules' key, figures'
    /// text), as the file keeps them (`verify` recomputes each). A source that keeps none
    /// (the floor) gives none, and its reports solve the rules.
    fn kept_theories(&mut self, _db: usize) -> Result<Vec<(String, String)>, AuditError> {
        Ok(Vec::new())
    }
    /// Why input event `seq` of round `round` was refused, for an event logged before
    /// refusals carried a code: derived by replaying the round (`None` where the source
    /// cannot replay it).
    fn derived_refusal(&mut self, _db: usize, _round: i64, _seq: i64) -> Option<RefusalCode> {
        None
    }
    /// Whether each round says if an auditor has replayed it yet (`RoundRow::replayed`:
    /// the floor's rounds do; a file's are replayed by the report's own verify).
    fn marks_replay(&self) -> bool {
        false
    }
}

/// The tables' files, in the order given: a floor report from files.
pub struct Files<'a>(pub &'a [Store]);

impl Source for Files<'_> {
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

    fn rounds_page(&mut self, db: usize, page: &Page) -> Result<Vec<RoundRow>, AuditError> {
        match self.0.get(db) {
            Some(s) => rounds_in(s, db, page, |_| {}),
            None => Ok(Vec::new()),
        }
    }

    fn databases(&self) -> usize {
        self.0.len()
    }

    fn table_keys(&mut self) -> Result<Vec<(String, usize)>, AuditError> {
        let mut keys = Vec::new();
        for (db, s) in self.0.iter().enumerate() {
            keys.extend(table_names(s)?.into_values().map(|n| (n, db)));
        }
        Ok(keys)
    }

    fn kept_rounds_page(
        &mut self,
        db: usize,
        page: &Page,
    ) -> Result<Option<Vec<KeptRound>>, AuditError> {
        match self.0.get(db) {
            Some(s) => kept_rounds_in(s, db, page).map(Some),
            None => Ok(Some(Vec::new())),
        }
    }

    /// None if the file does not open again as the same log: the reader only speeds a
    /// report up, and the report then reads on its own connection as before.
    fn kept_reader(&self, db: usize) -> Result<Option<KeptReader>, AuditError> {
        Ok(self.0.get(db).and_then(|s| KeptReader::open(s, db)))
    }

    fn round_inputs(
        &mut self,
        db: usize,
        round: i64,
    ) -> Result<(Vec<BetData>, Vec<String>), AuditError> {
        round_inputs(&self.0[db], round)
    }

    fn totals(
        &mut self,
        from_hour: i64,
        to_hour: i64,
    ) -> Result<Option<Vec<TotalRow>>, AuditError> {
        let mut out = Vec::new();
        for (i, s) in self.0.iter().enumerate() {
            out.extend(total_rows(s, i, from_hour, to_hour)?);
        }
        Ok(Some(out))
    }

    fn total_sums(
        &mut self,
        db: usize,
        from_hour: i64,
        to_hour: i64,
    ) -> Result<Option<Vec<TotalRow>>, AuditError> {
        match self.0.get(db) {
            Some(s) => summed_rows(s, db, (from_hour, to_hour)),
            None => Ok(Some(Vec::new())),
        }
    }

    fn visit_totals(
        &mut self,
        from_hour: i64,
        to_hour: i64,
        each: &mut EachTotal<'_>,
    ) -> Result<bool, AuditError> {
        for (i, s) in self.0.iter().enumerate() {
            visit_total_rows(s, i, (from_hour, to_hour), each)?;
        }
        Ok(true)
    }

    fn round_nets(
        &mut self,
        db: usize,
        round: i64,
        through: Option<i64>,
    ) -> Result<Vec<NetData>, AuditError> {
        round_nets(&self.0[db], round, through)
    }

    fn kept_theories(&mut self, db: usize) -> Result<Vec<(String, String)>, AuditError> {
        self.0[db].kept_derived()
    }

    fn round_logs(
        &mut self,
        db: usize,
        rounds: &[i64],
        through: Option<i64>,
    ) -> Result<RoundLogs, AuditError> {
        round_logs(&self.0[db], rounds, through)
    }

    fn derived_refusal(&mut self, db: usize, round: i64, seq: i64) -> Option<RefusalCode> {
        let h = crate::session::replay::RoundHistory::load(self.0.get(db)?, round).ok()?;
        h.refusal_at(seq).cloned()
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
        each: &mut dyn FnMut(i64, Start<'_>) -> Result<(), AuditError>,
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
        use crate::session::replay;
        let mut out = Vec::new();
        for s in self.0 {
            let head = s.head();
            let verified = if verify {
                progress(&format!("verifying {}", s.path().display()));
                Some(match replay::verify(s, |_| {}) {
                    Ok(v) => Verified::Passed(Passed::File(Replayed {
                        events: v.events,
                        rounds: v.rounds,
                        games: v.games,
                    })),
                    Err(ReplayError::Store(e)) => return Err(e),
                    Err(e) => Verified::Failed(VerifyFailure::Replay(Arc::new(e))),
                })
            } else {
                None
            };
            out.push(SourceHead {
                path: Place::File(s.path().display().to_string()),
                head_seq: head.0,
                head_hash: head.1,
                verified,
            });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page's kept rows are the same read by one range scan merged and by a lookup a
    /// round, each its round's (a row missing, one stored as no blob: none), whatever
    /// the rounds' order, gaps or repeats.
    #[test]
    fn a_pages_rows_read_by_range_and_by_key_are_each_rounds_own() {
        let dir = std::env::temp_dir().join(format!("croupier-kept-rows-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.db");
        let mut store = Store::open_with(&path, Box::new(crate::session::demo::clock())).unwrap();
        crate::session::demo::fill(&mut store, 40, 2, 3, |_| {}).unwrap();
        let conn = store.conn();
        conn.execute("DELETE FROM round_rows WHERE round_id = 5", [])
            .unwrap();
        conn.execute("UPDATE round_rows SET row = 'a row' WHERE round_id = 9", [])
            .unwrap();
        let want = |id: i64| -> KeptBytes {
            conn.query_row(
                "SELECT row FROM round_rows WHERE round_id = ?1",
                [id],
                |r| Ok(blob(r.get_ref(0)?)),
            )
            .ok()
            .flatten()
        };
        let all = rounds(&store, 0, 0, i64::MAX, |_| {}).unwrap();
        let ids: Vec<i64> = all.iter().map(|r| r.round).collect();
        assert!(ids.len() >= 40 && ids.contains(&5) && ids.contains(&9));
        let orders: [Vec<i64>; 4] = [
            ids.clone(),
            ids.iter().rev().copied().collect(),
            ids.iter().copied().step_by(7).collect(),
            [ids[3], ids[3], 5, 9, 9_999, ids[0]].into(),
        ];
        let mut some = 0;
        for order in orders {
            let mut by_id: Vec<(i64, usize)> = order.iter().copied().zip(0..).collect();
            by_id.sort_unstable();
            let (mut a, mut b) = (vec![None; order.len()], vec![None; order.len()]);
            rows_by_range(&store, &by_id, &mut a).unwrap();
            rows_by_key(&store, &by_id, &mut b).unwrap();
            let expected: Vec<KeptBytes> = order.iter().map(|&id| want(id)).collect();
            assert_eq!(a, expected, "{order:?}");
            assert_eq!(b, expected, "{order:?}");
            some += expected.iter().flatten().count();
        }
        assert!(some > 40, "{some} rows read");
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A round's events as (kind, text), seq 1, 2, 3, … in order.
    fn events(texts: &[(EventKind, &str)]) -> Vec<crate::log::Event> {
        texts
            .iter()
            .enumerate()
            .map(|(i, (kind, data))| crate::log::Event {
                seq: i as i64 + 1,
                kind: *kind,
                round: Some(7),
                data: data.to_string(),
                ..crate::log::Event::blank()
            })
            .collect()
    }

    /// What `log_of` made before it read the canonical texts plainly: `inputs_of` and
    /// `nets_of`, each reading every event by the JSON reader; its start one if the round
    /// has one `round_started` and it reads (what `Theories::read_vars` reads).
    fn by_json(events: &[crate::log::Event], through: Option<i64>) -> Option<RoundLog> {
        let (bets, steps) = inputs_of(events);
        let nets = nets_of(events, 7, through).ok()?;
        let starts: Vec<_> = events
            .iter()
            .filter(|e| e.kind == EventKind::RoundStarted)
            .collect();
        let one_start = matches!(&starts[..], [s] if s.payload().is_ok());
        Some(RoundLog {
            bets,
            steps,
            nets,
            one_start,
        })
    }

    /// The one-pass reading equals the JSON reader's, canonical texts or not (escapes,
    /// spaces, fractions, undos, unreadable texts, corrections, a cap), and so it does
    /// when the steps come after the other events (`Store::each_rounds_event`).
    #[test]
    fn a_log_read_in_one_pass_is_what_the_json_reader_makes_of_it() {
        use EventKind::{RoundCorrected, RoundSettled, RoundStarted, Step, Undo};
        let start =
            r#"{"bets":[{"id":"1a","box":1,"stake":10},{"id":"2a","box":2,"stake":2.5}],"shoe":3}"#;
        let start_plain = r#"{"bets":[{"id":"1a","box":1,"stake":10}],"shoe":3}"#;
        let start_spaced = r#"{"bets": [{"id":"1a","box":1,"stake":10}], "shoe":3}"#;
        let settled = r#"{"nets":[{"id":"1a","net":-10}],"house_net":10,"dealer":["Kh","9d"],"handle":10,"paid":0,"insurance_taken":0,"insurance_paid":0,"even_money":0,"splits":0,"buys":0,"pontoons":0,"five_card_tricks":0,"three_of_a_kinds":0,"surrenders":0,"max_net":0,"cost":12}"#;
        let settled_cents = settled.replace("\"net\":-10", "\"net\":-10.05");
        let settled_max = settled
            .replace("\"buys\":0", "\"buys\":4294967295")
            .replace("\"paid\":0", "\"paid\":92233720368547758");
        let corrected = r#"{"reason":"r","script":{},"nets":[{"id":"1a","net":4}]}"#;
        // Settlements in the canonical form with a figure the strict reader refuses: a
        // count out of a u32, an amount whose cents overflow an i64 (no settlement, as
        // before; the nets of the last below are readable, its house net is not).
        let out_of_range: Vec<String> = [
            ("\"splits\":0", "\"splits\":-1"),
            ("\"even_money\":0", "\"even_money\":4294967296"),
            ("\"surrenders\":0", "\"surrenders\":99999999999"),
            ("\"handle\":10", "\"handle\":92233720368547759"),
            ("\"max_net\":0", "\"max_net\":-92233720368547759"),
            ("\"house_net\":10", "\"house_net\":999999999999999999"),
        ]
        .iter()
        .map(|(from, to)| settled.replace(from, to))
        .collect();
        let mut cases: Vec<Vec<(EventKind, &str)>> = vec![
            vec![
                (RoundStarted, start_plain),
                (Step, r#"{"text":"1 hit"}"#),
                (RoundSettled, settled),
            ],
            vec![
                (RoundStarted, start),
                (Step, r#"{"text":"a\"b"}"#),
                (RoundSettled, &settled_cents),
            ],
            vec![
                (RoundStarted, start_spaced),
                (Step, r#"{"text": "x"}"#),
                (Undo, r#"{"text":"x"}"#),
                (Step, r#"{"text":"y"}"#),
                (Step, r#"{"text":"z"}"#),
                (Undo, r#"{"text":"z"}"#),
                (RoundSettled, settled),
            ],
            vec![
                (RoundStarted, "{"),
                (RoundStarted, start_plain),
                (Step, "{"),
                (Undo, "{"),
                (RoundSettled, settled),
            ],
            vec![
                (RoundStarted, start_plain),
                (Undo, r#"{"text":"u"}"#),
                (Step, r#"{"text":"s"}"#),
                (RoundSettled, settled),
                (RoundCorrected, corrected),
            ],
            vec![
                (RoundStarted, start_plain),
                (RoundSettled, "{\"nets\":[]}"),
                (RoundSettled, settled),
            ],
            vec![
                (RoundStarted, start_plain),
                (Step, "{\"text\":\"tab\there\"}"),
            ],
            // Two readable starts: the first's bets, as before; not one start.
            vec![
                (RoundStarted, start_plain),
                (RoundStarted, start),
                (RoundSettled, settled),
            ],
            // A figure in range: read (the largest count, the largest amount).
            vec![(RoundSettled, &settled_max)],
        ];
        for s in &out_of_range {
            cases.push(vec![(RoundStarted, start_plain), (RoundSettled, s)]);
            cases.push(vec![(RoundSettled, settled), (RoundSettled, s)]);
        }
        for (i, case) in cases.iter().enumerate() {
            let ev = events(case);
            for through in [None, Some(4), Some(5)] {
                let want = by_json(&ev, through);
                assert_eq!(
                    log_of(&ev, 7, through).ok(),
                    want,
                    "case {i}, through {through:?}"
                );
                // Steps after the other events, as the page's two reads lend them.
                let mut apart = LogOf::default();
                let (steps, rest): (Vec<_>, Vec<_>) = ev.iter().partition(|e| e.kind == Step);
                for e in rest.into_iter().chain(steps) {
                    apart.add(e.seq, e.kind, &e.data, through);
                }
                assert_eq!(
                    apart.done(7).ok(),
                    want,
                    "case {i} apart, through {through:?}"
                );
            }
        }
    }

    /// Two kept buckets whose box_sq together overflow an i64: SQLite's SUM raises
    /// "integer overflow", so the file gives no sums (`None`: the report visits the
    /// buckets, whose sums saturate) rather than failing the summary.
    #[test]
    fn sums_that_overflow_an_i64_are_left_to_the_buckets() {
        let dir =
            std::env::temp_dir().join(format!("croupier-unit-{}-overflow", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut store =
            Store::open_with(&dir.join("t.db"), Box::new(crate::session::demo::clock())).unwrap();
        crate::session::demo::fill(&mut store, 200, 1, 3, |_| {}).unwrap();
        let all = (0, 10_000_000);
        assert!(summed_rows(&store, 0, all).unwrap().is_some());
        let n: i64 = store
            .conn()
            .query_row("SELECT COUNT(*) FROM round_totals", [], |r| r.get(0))
            .unwrap();
        assert!(n >= 2, "{n} buckets");
        store
            .conn()
            .execute("UPDATE round_totals SET box_sq = ?1", [i64::MAX / 2 + 1])
            .unwrap();
        assert!(summed_rows(&store, 0, all).unwrap().is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A date chrono reads but a day either side of which it cannot hold is refused with
    /// the range, not a panic later.
    #[test]
    fn a_period_far_out_of_range_is_refused() {
        assert!(matches!(
            Period::parse("2026-12-01", "+262142-12-31"),
            Err(PeriodError::OutOfRange { which: "to", .. })
        ));
        assert!(Period::parse("2026-12-01", "2026-12-31").is_ok());
    }
}
