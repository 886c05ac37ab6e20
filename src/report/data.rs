//! Reading what reports need from a database: settled rounds with their figures, voids,
//! table and user names, and the events supervisors review. SQL over the log, read-only.

use std::collections::{HashMap, HashSet};

use chrono::{NaiveDate, TimeZone, Timelike, Utc};

use crate::audit::store::NOT_STEP;
use crate::audit::{AuditError, EventKind, Store};
use crate::engine::Money;

/// A report's period: whole UTC days, both included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl Period {
    pub fn parse(from: &str, to: &str) -> Result<Period, String> {
        let day = |s: &str, what: &str| {
            NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| {
                format!("--{what} \"{s}\": expected a date as YYYY-MM-DD, e.g. 2026-01-31")
            })
        };
        let p = Period {
            from: day(from, "from")?,
            to: day(to, "to")?,
        };
        if p.from > p.to {
            return Err(format!("--from {} is after --to {}", p.from, p.to));
        }
        Ok(p)
    }

    /// [start of `from`, start of the day after `to`) in ms since the epoch.
    pub fn ms(&self) -> (i64, i64) {
        (day_ms(self.from), day_ms(self.to + chrono::Days::new(1)))
    }

    pub fn contains(&self, ms: i64) -> bool {
        let (a, b) = self.ms();
        (a..b).contains(&ms)
    }
}

pub fn day_ms(d: NaiveDate) -> i64 {
    Utc.from_utc_datetime(&d.and_hms_opt(0, 0, 0).unwrap_or_default())
        .timestamp_millis()
}

/// The UTC date of a time.
pub fn date_of(ms: i64) -> NaiveDate {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.date_naive())
        .unwrap_or_default()
}

/// The shift a time falls in: day 06–14, evening 14–22, night 22–06 (a night belongs to
/// the date it started on).
pub fn shift_of(ms: i64) -> (NaiveDate, &'static str) {
    let Some(t) = chrono::DateTime::from_timestamp_millis(ms) else {
        return (NaiveDate::default(), "?");
    };
    match t.hour() {
        6..=13 => (t.date_naive(), "day 06-14"),
        14..=21 => (t.date_naive(), "evening 14-22"),
        22..=23 => (t.date_naive(), "night 22-06"),
        _ => (t.date_naive().pred_opt().unwrap_or_default(), "night 22-06"),
    }
}

/// A settled round, as reports see it.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundRow {
    /// Which database (0-based, in the order given).
    pub db: usize,
    pub table: String,
    pub round: i64,
    /// When it was settled.
    pub at: i64,
    pub dealer: String,
    pub handle: Money,
    pub paid: Money,
    /// House win = −Σ net.
    pub win: Money,
    pub max_net: Money,
    pub insurance_taken: Money,
    pub insurance_paid: Money,
    pub splits: u32,
    pub buys: u32,
    pub pontoons: u32,
    pub five_card_tricks: u32,
    pub voided: bool,
    /// A supervisor corrected the round: the figures are the corrected ones.
    pub corrected: bool,
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
pub fn table_names(store: &Store) -> Result<HashMap<i64, String>, AuditError> {
    names(
        store,
        &format!(
            "SELECT table_id, json_extract(data, '$.name') FROM events WHERE kind = {} AND {NOT_STEP} ORDER BY seq",
            EventKind::TableOpened.code()
        ),
    )
}

/// User id → name.
pub fn user_names(store: &Store) -> Result<HashMap<i64, String>, AuditError> {
    names(store, "SELECT id, name FROM users")
}

/// Settled rounds with `from_ms <= settled < to_ms`.
pub fn rounds(
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
        let g = |i: usize| r.get::<_, Option<i64>>(i).map(|v| v.unwrap_or(0));
        let v: Result<Vec<i64>, _> = (0..14).map(g).collect();
        let v = v.map_err(sql(store))?;
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
            handle: Money::from_cents(v[4]),
            paid: Money::from_cents(v[5]),
            win: Money::from_cents(v[6]),
            max_net: Money::from_cents(v[7]),
            insurance_taken: Money::from_cents(v[8]),
            insurance_paid: Money::from_cents(v[9]),
            splits: v[10] as u32,
            buys: v[11] as u32,
            pontoons: v[12] as u32,
            five_card_tricks: v[13] as u32,
            voided: voided.contains(&round),
            corrected: false,
        });
        if out.len() % 100_000 == 0 {
            progress(out.len());
        }
    }
    apply_corrections(store, &mut out)?;
    Ok(out)
}

/// The latest correction of each corrected round: its logged script, replayed.
fn corrections(store: &Store) -> Result<HashMap<i64, serde_json::Value>, AuditError> {
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
    Ok(rows
        .into_iter()
        .map(|(round, d)| (round, serde_json::from_str(&d).unwrap_or_default()))
        .collect())
}

/// A corrected round counts with its corrected figures: the difference was paid or
/// collected at the table.
fn apply_corrections(store: &Store, rows: &mut [RoundRow]) -> Result<(), AuditError> {
    let fixes = corrections(store)?;
    if fixes.is_empty() {
        return Ok(());
    }
    for r in rows.iter_mut() {
        let Some(d) = fixes.get(&r.round) else {
            continue;
        };
        let played = crate::script::Script::from_value(&d["script"], None).and_then(|s| s.play());
        let round = played.map_err(|e| {
            AuditError::Refused(format!("round {}: correction unreadable: {e}", r.round))
        })?;
        let st = round.stats();
        r.handle = st.handle;
        r.paid = st.paid;
        r.win = round.house_net();
        r.max_net = (0..round.bet_count())
            .map(|b| round.bet_net(b))
            .max()
            .unwrap_or(Money::ZERO);
        r.insurance_taken = st.insurance_taken;
        r.insurance_paid = st.insurance_paid;
        r.splits = st.splits;
        r.buys = st.buys;
        r.pontoons = st.pontoons;
        r.five_card_tricks = st.five_card_tricks;
        r.corrected = true;
    }
    Ok(())
}

/// A logged event for the exceptions and dealers reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Noted {
    pub db: usize,
    pub seq: i64,
    pub at: i64,
    pub kind: String,
    pub table: String,
    pub user: String,
    pub round: Option<i64>,
    pub data: serde_json::Value,
}

/// Events of the given kinds in `[from_ms, to_ms)`.
pub fn events_of(
    store: &Store,
    db: usize,
    kinds: &[&str],
    from_ms: i64,
    to_ms: i64,
) -> Result<Vec<Noted>, AuditError> {
    let tables = table_names(store)?;
    let users = user_names(store)?;
    let mut out = Vec::new();
    for kind in kinds {
        let k = EventKind::from_name(kind)
            .ok_or_else(|| AuditError::Refused(format!("{kind:?} is not a kind of event")))?;
        for e in store.events_of_kind(k, from_ms, to_ms)? {
            let (seq, at, t, u, round, data) = (e.seq, e.at, e.table, e.user, e.round, e.data);
            out.push(Noted {
                db,
                seq,
                at,
                kind: kind.to_string(),
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
                data: serde_json::from_str(&data).unwrap_or(serde_json::Value::Null),
            });
        }
    }
    out.sort_by_key(|n| (n.at, n.db, n.seq));
    Ok(out)
}

/// The inputs of one round, as entered (undone ones removed), with its bets.
pub fn round_inputs(
    store: &Store,
    round: i64,
) -> Result<(serde_json::Value, Vec<String>), AuditError> {
    let mut bets = serde_json::Value::Null;
    let mut steps = Vec::new();
    for e in store.round_events(round)? {
        let d = e.data();
        match e.kind {
            EventKind::RoundStarted => bets = d["bets"].clone(),
            EventKind::Step => steps.push(d["text"].as_str().unwrap_or("").to_string()),
            EventKind::Undo => {
                steps.pop();
            }
            _ => {}
        }
    }
    Ok((bets, steps))
}

/// The per-bet nets of a settled round (its latest correction's, if corrected).
pub fn round_nets(store: &Store, round: i64) -> Result<serde_json::Value, AuditError> {
    if let Some(d) = corrections(store)?.remove(&round) {
        return Ok(d["nets"].clone());
    }
    store
        .round_events(round)?
        .into_iter()
        .find(|e| e.kind == EventKind::RoundSettled)
        .map(|e| e.data()["nets"].clone())
        .ok_or_else(|| AuditError::Refused(format!("round {round} has no settlement")))
}
