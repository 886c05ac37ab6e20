//! The totals a table's file keeps as its log grows (`round_totals`, schema 8; decision
//! costs since schema 10): what is
//! summed ([`Figures`]), keyed by what ([`Key`]) — one definition for the store, `verify`
//! (which folds them from its replay: [`Fold`]), the reports and the floor. Derived from
//! the events: writes no event, is never evidence.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::LazyLock;

use rusqlite::fallible_streaming_iterator::FallibleStreamingIterator;
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OptionalExtension, params};

use super::event::EventKind;
use super::pack;
use super::payload::{BetData, Payload, RoundCorrected};
use crate::engine::{BetSpec, Money, RoundFigures};

/// The partial indexes' condition (`store::NOT_STEP`; the store imports this module, so
/// it is not imported back).
const NOT_STEP: &str = "kind <> 12";
const _: () = assert!(EventKind::Step.code() == 12);

/// `store::figures_row` read back: a round's figures from `round_figures`' ten figure
/// columns in their order (the counters the row does not keep are 0). The store
/// re-exports it (this module may not import the store, which imports it).
pub(crate) fn figures_of_row(r: &[i64; 10]) -> RoundFigures {
    let n = |v: i64| u32::try_from(v).unwrap_or(u32::MAX);
    RoundFigures {
        handle: Money::from_cents(r[0]),
        paid: Money::from_cents(r[1]),
        house_net: Money::from_cents(r[2]),
        max_net: Money::from_cents(r[3]),
        insurance_taken: Money::from_cents(r[4]),
        insurance_paid: Money::from_cents(r[5]),
        splits: n(r[6]),
        buys: n(r[7]),
        pontoons: n(r[8]),
        five_card_tricks: n(r[9]),
        ..RoundFigures::default()
    }
}

/// A bucket's width: one UTC hour. A gaming day's or shift's boundary that falls inside an
/// hour (a shift starting at 06:30, a zone at +05:30) splits it: a report reads that
/// hour's rounds one by one instead (docs/scale.md).
pub const BUCKET_MS: i64 = 3_600_000;

/// What a bucket is keyed by. `table` and `dealer` are the settlement's table and user ids
/// (−1 when absent), `hour` its time `div_euclid` [`BUCKET_MS`], `opened` the seq of the
/// table's last `table_opened` event before the settlement (its rules; 0 if none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key {
    pub table: i64,
    pub hour: i64,
    pub dealer: i64,
    pub opened: i64,
}

/// The sums a bucket keeps over its rounds that are not voided (a corrected round with its
/// corrected figures): money in cents, counts, and what the theoretical win's spread
/// needs — per round, its boxes' initial stakes (each box's bets summed) `s_b`:
/// `box_sq` = Σ rounds Σ_b s_b², `round_sq` = Σ rounds (Σ_b s_b)² (cents²). `cost` is
/// the Σ of the rounds' logged decision costs (millionths of a cent, `lab::played`) over
/// the rounds that carry one; `uncosted` counts the rounds that carry none (a settlement
/// without `cost`, or a standing correction without one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    pub rounds: i64,
    pub handle: i64,
    pub paid: i64,
    pub win: i64,
    pub insurance_taken: i64,
    pub insurance_paid: i64,
    pub splits: i64,
    pub buys: i64,
    pub pontoons: i64,
    pub five_card_tricks: i64,
    pub box_sq: i64,
    pub round_sq: i64,
    pub cost: i64,
    pub uncosted: i64,
}

/// The columns of `round_totals` after its key, in [`Figures::row`]'s order.
pub const COLUMNS: [&str; 14] = [
    "rounds",
    "handle",
    "paid",
    "win",
    "insurance_taken",
    "insurance_paid",
    "splits",
    "buys",
    "pontoons",
    "five_card_tricks",
    "box_sq",
    "round_sq",
    "cost",
    "uncosted",
];

/// `?from, …, ?to`: SQL placeholders.
fn placeholders(from: usize, to: usize) -> String {
    (from..=to)
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Figures {
    /// One round's contribution: its figures, its boxes' initial stakes (cents) and its
    /// logged decision cost (millionths of a cent; `None`: it carries none, uncosted).
    pub fn of_round(f: &RoundFigures, box_stakes: &[i64], cost: Option<i64>) -> Figures {
        let (box_sq, round_sq) = squares(box_stakes);
        Figures {
            rounds: 1,
            box_sq,
            round_sq,
            ..Figures::money_of(f, cost)
        }
    }

    /// A round's figures and decision cost alone (no round counted, no stakes): what a
    /// correction changes.
    fn money_of(f: &RoundFigures, cost: Option<i64>) -> Figures {
        Figures {
            cost: cost.unwrap_or(0),
            uncosted: i64::from(cost.is_none()),
            handle: f.handle.cents(),
            paid: f.paid.cents(),
            win: f.house_net.cents(),
            insurance_taken: f.insurance_taken.cents(),
            insurance_paid: f.insurance_paid.cents(),
            splits: f.splits as i64,
            buys: f.buys as i64,
            pontoons: f.pontoons as i64,
            five_card_tricks: f.five_card_tricks as i64,
            ..Figures::default()
        }
    }

    pub fn row(&self) -> [i64; 14] {
        [
            self.rounds,
            self.handle,
            self.paid,
            self.win,
            self.insurance_taken,
            self.insurance_paid,
            self.splits,
            self.buys,
            self.pontoons,
            self.five_card_tricks,
            self.box_sq,
            self.round_sq,
            self.cost,
            self.uncosted,
        ]
    }

    pub fn from_row(r: [i64; 14]) -> Figures {
        Figures {
            rounds: r[0],
            handle: r[1],
            paid: r[2],
            win: r[3],
            insurance_taken: r[4],
            insurance_paid: r[5],
            splits: r[6],
            buys: r[7],
            pontoons: r[8],
            five_card_tricks: r[9],
            box_sq: r[10],
            round_sq: r[11],
            cost: r[12],
            uncosted: r[13],
        }
    }

    /// [`Figures::add`]; `false` if a figure saturated (left the `i64`s).
    fn add_exact(&mut self, other: &Figures, sign: i64) -> bool {
        let mut out = self.row();
        let mut exact = true;
        for (a, b) in out.iter_mut().zip(other.row()) {
            match b.checked_mul(sign).and_then(|d| a.checked_add(d)) {
                Some(v) => *a = v,
                None => {
                    exact = false;
                    *a = a.saturating_add(b.saturating_mul(sign));
                }
            }
        }
        *self = Figures::from_row(out);
        exact
    }

    /// `self + sign × other`, figure by figure.
    pub fn add(&mut self, other: &Figures, sign: i64) {
        let mut out = self.row();
        for (a, b) in out.iter_mut().zip(other.row()) {
            *a = a.saturating_add(b.saturating_mul(sign));
        }
        *self = Figures::from_row(out);
    }
}

/// A round's `box_sq` and `round_sq` (see [`Figures`]) from its boxes' stakes. Saturating:
/// a stake no table takes must not panic or wrap the store's append.
pub fn squares(box_stakes: &[i64]) -> (i64, i64) {
    let sum = box_stakes.iter().fold(0i64, |a, s| a.saturating_add(*s));
    let box_sq = box_stakes
        .iter()
        .fold(0i64, |a, s| a.saturating_add(s.saturating_mul(*s)));
    (box_sq, sum.saturating_mul(sum))
}

/// The stakes squared (`box_sq`, `round_sq`) of a round's `(box, cents)` bets: each box's
/// bets summed ([`stakes_by_box`]), then [`squares`]. What the reports square a start's,
/// a log's and a kept row's bets by.
pub(crate) fn bets_squared(bets: impl IntoIterator<Item = (u8, i64)>) -> (i64, i64) {
    squares(&stakes_by_box(bets))
}

/// Each box's initial stake (its bets summed), in box order.
pub fn box_stakes(bets: &[BetData]) -> Vec<i64> {
    stakes_by_box(bets.iter().map(|b| (b.box_no, b.stake.cents())))
}

/// Each box's stake summed over `(box, cents)` bets, in box order.
/// (A few boxes a round: kept sorted in one vector, not a map, as the reports call this
/// for every round's start; each box's bets summed in their order, as before.)
pub(crate) fn stakes_by_box(bets: impl IntoIterator<Item = (u8, i64)>) -> Vec<i64> {
    let mut by_box: Vec<(u8, i64)> = Vec::new();
    for (box_no, cents) in bets {
        match by_box.binary_search_by_key(&box_no, |b| b.0) {
            Ok(i) => by_box[i].1 = by_box[i].1.saturating_add(cents),
            Err(i) => by_box.insert(i, (box_no, cents)),
        }
    }
    by_box.into_iter().map(|b| b.1).collect()
}

/// An event's stored data as text (packed or not); `None` if it does not read.
fn data_text(v: ValueRef) -> Option<String> {
    match v {
        ValueRef::Blob(b) => {
            let mut s = String::new();
            pack::unpack_into(b, &mut s).then_some(s)
        }
        ValueRef::Text(t) => std::str::from_utf8(t).ok().map(str::to_owned),
        _ => None,
    }
}

/// The boxes' stakes of a `round_started` event's data (none if it does not read: verify
/// names such an event on its own).
fn stakes_of(data: Option<String>) -> Vec<i64> {
    match data.and_then(|d| Payload::parse(EventKind::RoundStarted, &d).ok()) {
        Some(Payload::RoundStarted(s)) => box_stakes(&s.bets),
        _ => Vec::new(),
    }
}

/// The boxes' stakes of a `round_started` event's stored data, as [`stakes_of`] gives them:
/// a packed row in its usual form is read in place (`pack::started_bets`), any other
/// parsed.
fn stakes_of_stored(v: ValueRef) -> Vec<i64> {
    match v {
        ValueRef::Blob(b) => match pack::started_bets(b) {
            Some(bets) => stakes_by_box(bets),
            None => stakes_of(data_text(v)),
        },
        _ => stakes_of(data_text(v)),
    }
}

/// The figures a correction's script plays to (`None`: it does not play; verify names it).
pub(crate) fn corrected_figures(c: &RoundCorrected) -> Option<RoundFigures> {
    crate::script::Script::from_value(&c.script, None)
        .and_then(|s| s.play())
        .ok()
        .map(|r| r.figures())
}

/// A correction's figures (if its script plays) and the decision cost it logged.
fn corrected_of(data: Option<String>) -> Option<Standing> {
    match data.and_then(|d| Payload::parse(EventKind::RoundCorrected, &d).ok()) {
        Some(Payload::RoundCorrected(c)) => corrected_figures(&c).map(|f| (f, c.cost)),
        _ => None,
    }
}

/// A round's standing figures and logged decision cost (millionths of a cent).
pub(crate) type Standing = (RoundFigures, Option<i64>);

const SELECT_FIGURES: &str = "SELECT seq, at, coalesce(table_id, -1), coalesce(user_id, -1), handle, paid, win, max_net, insurance_taken, insurance_paid, splits, buys, pontoons, five_card_tricks, cost FROM round_figures";
/// [`SELECT_FIGURES`] with the round (column 15).
const SELECT_FIGURES_ROUND: &str = "SELECT seq, at, coalesce(table_id, -1), coalesce(user_id, -1), handle, paid, win, max_net, insurance_taken, insurance_paid, splits, buys, pontoons, five_card_tricks, cost, round_id FROM round_figures";

/// A `round_figures` row: (seq, at, table, user, (figures, cost)).
type FiguresRow = (i64, i64, i64, i64, Standing);

fn figures_row(r: &rusqlite::Row) -> rusqlite::Result<FiguresRow> {
    let mut f = [0i64; 10];
    for (i, x) in f.iter_mut().enumerate() {
        *x = r.get::<_, Option<i64>>(4 + i)?.unwrap_or(0);
    }
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        (figures_of_row(&f), r.get(14)?),
    ))
}

/// The key of a settlement at (`seq`, `at`) of `table` by `dealer`.
fn key_of(conn: &Connection, seq: i64, at: i64, table: i64, dealer: i64) -> rusqlite::Result<Key> {
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT max(seq) FROM events WHERE table_id = ?1 AND kind = {} AND {NOT_STEP} AND seq < ?2",
            EventKind::TableOpened.code()
        )
    });
    let opened: Option<i64> = conn
        .prepare_cached(&SQL)?
        .query_row(params![table, seq], |r| r.get(0))?;
    Ok(Key {
        table,
        hour: at.div_euclid(BUCKET_MS),
        dealer,
        opened: opened.unwrap_or(0),
    })
}

/// The data of round `round`'s first event of `kind` with seq `< before` (latest if `last`).
fn round_data(
    conn: &Connection,
    round: i64,
    kind: EventKind,
    before: i64,
    last: bool,
) -> rusqlite::Result<Option<String>> {
    fn sql(order: &str) -> String {
        format!(
            "SELECT data FROM events WHERE round_id = ?1 AND kind = ?2 AND {NOT_STEP} AND seq < ?3 ORDER BY seq {order} LIMIT 1"
        )
    }
    static FIRST: LazyLock<String> = LazyLock::new(|| sql("ASC"));
    static LAST: LazyLock<String> = LazyLock::new(|| sql("DESC"));
    conn.prepare_cached(if last { &LAST } else { &FIRST })?
        .query_row(params![round, kind.code(), before], |r| {
            Ok(data_text(r.get_ref(0)?))
        })
        .optional()
        .map(Option::flatten)
}

/// A bucket's key as a condition on `?1`…`?4`.
macro_rules! bucket {
    () => {
        "table_id = ?1 AND hour = ?2 AND dealer = ?3 AND opened = ?4"
    };
}
const BUCKET: &str = bucket!();

/// Adds `sign × delta` to a bucket; a bucket that comes to nothing is removed. A bucket
/// already there is updated in place (its key, and so the hour index, untouched: SQLite
/// updates no index of columns not set, where `INSERT OR REPLACE` deleted and inserted the
/// row and its index entry; the saving was not shown at load, docs/benchmarks.md); the
/// sums are made here, saturating, not by SQL (whose integer overflow turns to a float).
fn bump(conn: &Connection, key: &Key, delta: &Figures, sign: i64) -> rusqlite::Result<()> {
    let keys = params![key.table, key.hour, key.dealer, key.opened];
    static SELECT: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT {} FROM round_totals WHERE {BUCKET}",
            COLUMNS.join(", ")
        )
    });
    let found = conn
        .prepare_cached(&SELECT)?
        .query_row(keys, |r| {
            let mut v = [0i64; COLUMNS.len()];
            for (i, x) in v.iter_mut().enumerate() {
                *x = r.get(i)?;
            }
            Ok(Figures::from_row(v))
        })
        .optional()?;
    let mut cur = found.unwrap_or_default();
    cur.add(delta, sign);
    match found {
        None if cur == Figures::default() => Ok(()),
        None => insert_bucket(conn, key, &cur),
        Some(_) if cur == Figures::default() => conn
            .prepare_cached(concat!("DELETE FROM round_totals WHERE ", bucket!()))?
            .execute(keys)
            .map(drop),
        Some(_) => update_bucket(conn, key, &cur),
    }
}

/// Writes the figures of a bucket that is there, in place.
fn update_bucket(conn: &Connection, key: &Key, f: &Figures) -> rusqlite::Result<()> {
    static SQL: LazyLock<String> = LazyLock::new(|| {
        let sets = COLUMNS
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{c} = ?{}", i + 5))
            .collect::<Vec<_>>()
            .join(", ");
        format!("UPDATE round_totals SET {sets} WHERE {BUCKET}")
    });
    let keys = [key.table, key.hour, key.dealer, key.opened];
    let row = f.row();
    conn.prepare_cached(&SQL)?
        .execute(rusqlite::params_from_iter(keys.iter().chain(&row)))
        .map(drop)
}

/// Writes a new bucket.
fn insert_bucket(conn: &Connection, key: &Key, f: &Figures) -> rusqlite::Result<()> {
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "INSERT INTO round_totals (table_id, hour, dealer, opened, {}) VALUES ({})",
            COLUMNS.join(", "),
            placeholders(1, 4 + COLUMNS.len())
        )
    });
    let keys = [key.table, key.hour, key.dealer, key.opened];
    let row = f.row();
    conn.prepare_cached(&SQL)?
        .execute(rusqlite::params_from_iter(keys.iter().chain(&row)))?;
    Ok(())
}

/// The boxes' stakes of round `round`'s `round_started` (seq `< before`), read from its
/// stored data in place where it is packed as usual ([`stakes_of_stored`], as `rebuild`
/// reads them): no text made, no JSON parsed.
fn round_stakes(conn: &Connection, round: i64, before: i64) -> rusqlite::Result<Vec<i64>> {
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT data FROM events WHERE round_id = ?1 AND kind = ?2 AND {NOT_STEP} AND seq < ?3 ORDER BY seq ASC LIMIT 1"
        )
    });
    conn.prepare_cached(&SQL)?
        .query_row(
            params![round, EventKind::RoundStarted.code(), before],
            |r| Ok(stakes_of_stored(r.get_ref(0)?)),
        )
        .optional()
        .map(Option::unwrap_or_default)
}

/// A settlement was just written (event `seq`, its `round_figures` row in): its round
/// joins its bucket, with the decision cost it logged (`None`: uncosted). Called by the
/// store's append, in the same transaction.
pub(crate) fn on_settled(
    conn: &Connection,
    seq: i64,
    at: i64,
    ids: (Option<i64>, Option<i64>, Option<i64>),
    f: &RoundFigures,
    cost: Option<i64>,
) -> rusqlite::Result<()> {
    let (table, user, round) = ids;
    let (table, dealer) = (table.unwrap_or(-1), user.unwrap_or(-1));
    let key = key_of(conn, seq, at, table, dealer)?;
    let stakes = match round {
        Some(r) => round_stakes(conn, r, seq)?,
        None => Vec::new(),
    };
    bump(conn, &key, &Figures::of_round(f, &stakes, cost), 1)
}

/// The round's `round_figures` row, if it settled.
fn figures_of_round(conn: &Connection, round: i64) -> rusqlite::Result<Option<FiguresRow>> {
    conn.prepare_cached(&format!("{SELECT_FIGURES} WHERE round_id = ?1"))?
        .query_row([round], figures_row)
        .optional()
}

/// The round's settlement row, whether it was voided before `seq`, and its figures and
/// cost then (its latest correction's before `seq`, else its row's).
fn standing(
    conn: &Connection,
    round: i64,
    seq: i64,
) -> rusqlite::Result<Option<(FiguresRow, bool, Standing)>> {
    let Some(row) = figures_of_round(conn, round)? else {
        return Ok(None);
    };
    let voided = round_data(conn, round, EventKind::RoundVoided, seq, true)?.is_some();
    let now = round_data(conn, round, EventKind::RoundCorrected, seq, true)?
        .and_then(|d| corrected_of(Some(d)))
        .unwrap_or(row.4);
    Ok(Some((row, voided, now)))
}

/// A void (event `seq`) of `round`: its figures and stakes leave its bucket (once).
pub(crate) fn on_voided(conn: &Connection, seq: i64, round: i64) -> rusqlite::Result<()> {
    let Some(((s, at, table, user, _), voided, now)) = standing(conn, round, seq)? else {
        return Ok(());
    };
    if voided {
        return Ok(());
    }
    let key = key_of(conn, s, at, table, user)?;
    let stakes = round_stakes(conn, round, s)?;
    bump(conn, &key, &Figures::of_round(&now.0, &stakes, now.1), -1)
}

/// A correction (event `seq`) of `round` to `fixed` (its figures, and the cost it logged):
/// its bucket takes the new figures and cost in place of the standing ones (its stakes and
/// count unchanged; nothing if voided).
pub(crate) fn on_corrected(
    conn: &Connection,
    seq: i64,
    round: i64,
    fixed: Option<Standing>,
) -> rusqlite::Result<()> {
    let Some(((s, at, table, user, _), voided, now)) = standing(conn, round, seq)? else {
        return Ok(());
    };
    let Some(fixed) = fixed else { return Ok(()) };
    if voided {
        return Ok(());
    }
    let key = key_of(conn, s, at, table, user)?;
    let mut delta = Figures::money_of(&fixed.0, fixed.1);
    delta.add(&Figures::money_of(&now.0, now.1), -1);
    bump(conn, &key, &delta, 1)
}

/// The totals as the events make them, rebuilt from scratch (for the migration that
/// builds them and for `verify`): every settled round of `round_figures` not voided,
/// with its latest correction's figures and cost (else its row's: `round_figures.cost`,
/// which `verify` holds to its settlement's), by its key.
pub fn rebuild(conn: &Connection) -> rusqlite::Result<BTreeMap<Key, Figures>> {
    let voided: HashSet<i64> = conn
        .prepare(&format!(
            "SELECT round_id FROM events WHERE kind = {} AND {NOT_STEP} AND round_id IS NOT NULL",
            EventKind::RoundVoided.code()
        ))?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let fixed = latest_corrections(conn)?;
    let openings = openings(conn)?;
    let mut out: BTreeMap<Key, Figures> = BTreeMap::new();
    let mut figures = conn.prepare(&format!("{SELECT_FIGURES_ROUND} ORDER BY round_id"))?;
    let mut figures = figures.query([])?;
    // The rounds' starts in the same order, merge-joined: one read, no lookup per round.
    let mut starts = conn.prepare(&format!(
        "SELECT round_id, seq, data FROM events WHERE kind = {} AND {NOT_STEP} AND round_id IS NOT NULL ORDER BY round_id, seq",
        EventKind::RoundStarted.code()
    ))?;
    let mut starts = starts.query([])?;
    starts.advance()?;
    while let Some(r) = figures.next()? {
        let (seq, at, table, dealer, figures) = figures_row(r)?;
        let round: i64 = r.get(15)?;
        // On to the round's first start (its lowest seq), if any: the starts passed
        // are of rounds with no figures.
        while let Some(s) = starts.get() {
            if s.get::<_, i64>(0)? >= round {
                break;
            }
            starts.advance()?;
        }
        if voided.contains(&round) {
            continue;
        }
        // Its first start if that is before its settlement (else none is).
        let stakes = match starts.get() {
            Some(s) if s.get::<_, i64>(0)? == round && s.get::<_, i64>(1)? < seq => {
                stakes_of_stored(s.get_ref(2)?)
            }
            _ => Vec::new(),
        };
        let figures = fixed.get(&round).copied().unwrap_or(figures);
        let opened = openings
            .get(&table)
            .and_then(|v| v[..v.partition_point(|s| *s < seq)].last().copied())
            .unwrap_or(0);
        let key = Key {
            table,
            hour: at.div_euclid(BUCKET_MS),
            dealer,
            opened,
        };
        out.entry(key)
            .or_default()
            .add(&Figures::of_round(&figures.0, &stakes, figures.1), 1);
    }
    Ok(out)
}

/// The boxes' `(box_sq, round_sq)` of a `round_started` event's text, as [`rebuild`]
/// reads them: from `plain` (its bets, when the text is in its canonical form and the
/// replay read them so), else from the text parsed as [`stakes_of`] parses it.
pub(crate) fn start_squares(text: &str, plain: Option<&[BetSpec]>) -> (i64, i64) {
    let Some(bets) = plain else {
        return squares(&stakes_of(Some(text.to_owned())));
    };
    // `squares(&stakes_by_box(..))` without allocating: box by box upward, each box's
    // bets summed in their order, as `stakes_by_box` sums them.
    let (mut box_sq, mut sum, mut above) = (0i64, 0i64, None::<u8>);
    while let Some(box_no) = (bets.iter().map(|b| b.box_no))
        .filter(|b| above.is_none_or(|a| *b > a))
        .min()
    {
        let stake = (bets.iter().filter(|b| b.box_no == box_no))
            .fold(0i64, |a, b| a.saturating_add(b.stake.cents()));
        sum = sum.saturating_add(stake);
        box_sq = box_sq.saturating_add(stake.saturating_mul(stake));
        above = Some(box_no);
    }
    (box_sq, sum.saturating_mul(sum))
}

/// The totals folded from a replay as it plays (`verify`, issue 22: the events are read
/// once): each settlement's figures, key and start's squares as the replay has them,
/// each void and correction as it applies them. [`Fold::finish`] gives what [`rebuild`]
/// gives from the same events; where the fold could differ from it (a round id started
/// twice or below one started before, a sum that could leave the `i64`s in either's
/// order), it runs `rebuild` instead.
/// Never reads an event; never writes.
#[derive(Default)]
pub(crate) struct Fold {
    buckets: HashMap<Key, Figures>,
    /// The highest round id started so far (the store numbers rounds upward).
    last_started: Option<i64>,
    /// A start whose round id is not above every one before: `rebuild` decides.
    irregular: bool,
    /// A sum that left the `i64`s, or a bucket whose addends' absolute values reach
    /// `i64::MAX` (some partial sum, in `rebuild`'s order, might saturate, and the order
    /// would matter): `rebuild` decides.
    saturated: bool,
    /// Per bucket, column by column, the sum of the absolute values of every addend put in
    /// (each settlement's, each correction's standing figures): while all stay below
    /// `i64::MAX`, no partial sum in any order saturates, so the fold and `rebuild` are both
    /// exact and equal.
    spread: HashMap<Key, [u128; 14]>,
    voided: HashSet<i64>,
    /// Each corrected round's latest correction: its figures and logged cost.
    corrected: HashMap<i64, Standing>,
}

impl Fold {
    /// A round started.
    pub(crate) fn started(&mut self, round: i64) {
        if self.last_started.is_some_and(|l| round <= l) {
            self.irregular = true;
        }
        self.last_started = Some(self.last_started.map_or(round, |l| l.max(round)));
    }

    /// A settlement of `key`: its figures as `round_figures` keeps them (`figures_row`,
    /// held to the replay's), its start's squares ([`start_squares`]) and logged cost.
    pub(crate) fn settled(
        &mut self,
        key: Key,
        row: &[i64; 10],
        (box_sq, round_sq): (i64, i64),
        cost: Option<i64>,
    ) {
        let f = Figures {
            rounds: 1,
            box_sq,
            round_sq,
            ..Figures::money_of(&figures_of_row(row), cost)
        };
        let exact = self.buckets.entry(key).or_default().add_exact(&f, 1);
        let bounded = spread_within(self.spread.entry(key).or_default(), &f);
        self.saturated |= !exact || !bounded;
    }

    /// A void of `round` (its round's figures leave the totals, whenever it settled).
    pub(crate) fn voided(&mut self, round: i64) {
        self.voided.insert(round);
    }

    /// A correction of `round` that plays to `figures` and logs `cost` (the latest stands).
    pub(crate) fn corrected(&mut self, round: i64, figures: RoundFigures, cost: Option<i64>) {
        self.corrected.insert(round, (figures, cost));
    }

    /// The totals as [`rebuild`] makes them from `conn`'s events — the same events the
    /// fold was fed, read in the same transaction: each voided or corrected round's
    /// settlement (a row of `round_figures`, at most one a round) is taken back out and
    /// its standing figures put in.
    pub(crate) fn finish(self, conn: &Connection) -> rusqlite::Result<BTreeMap<Key, Figures>> {
        if self.irregular || self.saturated {
            return rebuild(conn);
        }
        let mut buckets = self.buckets;
        let mut spread = self.spread;
        let amended: std::collections::BTreeSet<i64> = (self.voided.iter())
            .chain(self.corrected.keys())
            .copied()
            .collect();
        let mut exact = true;
        for round in amended {
            let Some(((seq, at, table, dealer, logged), stakes)) = settled_round(conn, round)?
            else {
                continue;
            };
            let key = key_of(conn, seq, at, table, dealer)?;
            let bucket = buckets.entry(key).or_default();
            exact &= bucket.add_exact(&Figures::of_round(&logged.0, &stakes, logged.1), -1);
            if let Some(now) = self.corrected.get(&round)
                && !self.voided.contains(&round)
            {
                let now = Figures::of_round(&now.0, &stakes, now.1);
                exact &= bucket.add_exact(&now, 1);
                exact &= spread_within(spread.entry(key).or_default(), &now);
            }
        }
        if !exact {
            return rebuild(conn);
        }
        Ok(buckets.into_iter().filter(|(_, f)| f.rounds != 0).collect())
    }
}

/// Adds each figure's absolute value to its column's `sums`; `false` once a column's
/// reaches `i64::MAX` (u128: no addend count a file can hold overflows it).
fn spread_within(sums: &mut [u128; 14], f: &Figures) -> bool {
    let mut within = true;
    for (s, v) in sums.iter_mut().zip(f.row()) {
        *s += u128::from(v.unsigned_abs());
        within &= *s < i64::MAX as u128;
    }
    within
}

/// A round's `round_figures` row and its boxes' stakes (its first start before the
/// settlement), as [`rebuild`] reads them; `None` if it has no row.
fn settled_round(
    conn: &Connection,
    round: i64,
) -> rusqlite::Result<Option<(FiguresRow, Vec<i64>)>> {
    let Some(row) = figures_of_round(conn, round)? else {
        return Ok(None);
    };
    let start = round_data(conn, round, EventKind::RoundStarted, row.0, false)?;
    Ok(Some((row, stakes_of(start))))
}

/// Each corrected round's latest correction that plays (verify names one that does not):
/// its figures and logged cost.
fn latest_corrections(conn: &Connection) -> rusqlite::Result<HashMap<i64, Standing>> {
    let mut fixed: HashMap<i64, Standing> = HashMap::new();
    let mut stmt = conn.prepare(&format!(
        "SELECT round_id, data FROM events WHERE kind = {} AND {NOT_STEP} AND round_id IS NOT NULL ORDER BY seq",
        EventKind::RoundCorrected.code()
    ))?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        if let Some(f) = corrected_of(data_text(r.get_ref(1)?)) {
            fixed.insert(r.get(0)?, f);
        }
    }
    Ok(fixed)
}

/// Each table's `table_opened` seqs, ascending (the table −1: events without one).
fn openings(conn: &Connection) -> rusqlite::Result<HashMap<i64, Vec<i64>>> {
    let mut openings: HashMap<i64, Vec<i64>> = HashMap::new();
    let mut stmt = conn.prepare(&format!(
        "SELECT coalesce(table_id, -1), seq FROM events WHERE kind = {} AND {NOT_STEP} ORDER BY seq",
        EventKind::TableOpened.code()
    ))?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        openings.entry(r.get(0)?).or_default().push(r.get(1)?);
    }
    Ok(openings)
}

/// The totals the file keeps, by key; `hours` (`[first, last]` bucket numbers) bounds
/// them when given.
pub fn kept(
    conn: &Connection,
    hours: Option<(i64, i64)>,
) -> rusqlite::Result<BTreeMap<Key, Figures>> {
    let (lo, hi) = hours.unwrap_or((i64::MIN, i64::MAX));
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT table_id, hour, dealer, opened, {} FROM round_totals WHERE hour >= ?1 AND hour <= ?2",
        COLUMNS.join(", ")
    ))?;
    let mut rows = stmt.query([lo, hi])?;
    let mut out = BTreeMap::new();
    while let Some(r) = rows.next()? {
        let mut v = [0i64; COLUMNS.len()];
        for (i, x) in v.iter_mut().enumerate() {
            *x = r.get(4 + i)?;
        }
        let key = Key {
            table: r.get(0)?,
            hour: r.get(1)?,
            dealer: r.get(2)?,
            opened: r.get(3)?,
        };
        out.insert(key, Figures::from_row(v));
    }
    Ok(out)
}

/// The first difference between the kept totals and the rebuilt ones (`None`: the same).
pub(crate) fn first_difference(
    kept: &BTreeMap<Key, Figures>,
    rebuilt: &BTreeMap<Key, Figures>,
) -> Option<TotalsDiffer> {
    let keys: std::collections::BTreeSet<&Key> = kept.keys().chain(rebuilt.keys()).collect();
    for k in keys {
        let column = match (kept.get(k), rebuilt.get(k)) {
            (Some(a), Some(b)) if a == b => continue,
            (Some(a), Some(b)) => TotalsColumn::Differ(
                COLUMNS
                    .iter()
                    .zip(a.row().iter().zip(b.row()))
                    .filter(|(_, (x, y))| **x != *y)
                    .map(|(c, (x, y))| ColumnDiffer {
                        column: c,
                        kept: *x,
                        events: y,
                    })
                    .collect(),
            ),
            (Some(_), None) => TotalsColumn::KeptOnly,
            (None, _) => TotalsColumn::Missing,
        };
        return Some(TotalsDiffer { key: *k, column });
    }
    None
}

/// Where the kept totals first differ from the events' (`verify`): the row's key, and
/// how it differs. The English is what `verify` prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TotalsDiffer {
    pub key: Key,
    pub column: TotalsColumn,
}

/// How a kept row differs from the events'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TotalsColumn {
    /// These columns are not what the events make them.
    Differ(Vec<ColumnDiffer>),
    /// Kept, but no round of the events is in it.
    KeptOnly,
    /// The events have rounds in it; `round_totals` has no row for it.
    Missing,
}

/// One column of a kept row: its name (`COLUMNS`), the kept value and the events'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnDiffer {
    pub column: &'static str,
    pub kept: i64,
    pub events: i64,
}

impl std::fmt::Display for TotalsDiffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let k = &self.key;
        // A forged `round_totals.hour` may be any integer: one past chrono's range shows
        // as the raw hour alone (never overflowing `hour * BUCKET_MS`).
        let from = k
            .hour
            .checked_mul(BUCKET_MS)
            .and_then(chrono::DateTime::from_timestamp_millis)
            .map(|t| t.format("%Y-%m-%d %H:00").to_string())
            .unwrap_or_else(|| "a time out of range".to_string());
        write!(
            f,
            "table {} hour {} (UTC, from {}) dealer {} opening {}: ",
            k.table, k.hour, from, k.dealer, k.opened
        )?;
        match &self.column {
            TotalsColumn::Differ(cols) => {
                let diff: Vec<String> = cols
                    .iter()
                    .map(|c| format!("{} {} kept, {} from the events", c.column, c.kept, c.events))
                    .collect();
                f.write_str(&diff.join(", "))
            }
            TotalsColumn::KeptOnly => f.write_str("kept, but no round of the events is in it"),
            TotalsColumn::Missing => f.write_str("missing from round_totals"),
        }
    }
}

/// v8: `round_totals`, built from the events already logged.
pub(crate) const SCHEMA_8: &str = r#"
CREATE TABLE round_totals (
    table_id         INTEGER NOT NULL,
    hour             INTEGER NOT NULL,
    dealer           INTEGER NOT NULL,
    opened           INTEGER NOT NULL,
    rounds           INTEGER NOT NULL,
    handle           INTEGER NOT NULL,
    paid             INTEGER NOT NULL,
    win              INTEGER NOT NULL,
    insurance_taken  INTEGER NOT NULL,
    insurance_paid   INTEGER NOT NULL,
    splits           INTEGER NOT NULL,
    buys             INTEGER NOT NULL,
    pontoons         INTEGER NOT NULL,
    five_card_tricks INTEGER NOT NULL,
    box_sq           INTEGER NOT NULL,
    round_sq         INTEGER NOT NULL,
    PRIMARY KEY (table_id, hour, dealer, opened)
) WITHOUT ROWID;
CREATE INDEX round_totals_hour ON round_totals(hour);
"#;

/// Creates `round_totals` (the migration to schema 8). It is filled by the migration to
/// schema 10, which every file migrating from before 8 runs too (`Store` migrates to the
/// latest schema in one transaction).
pub(crate) fn migrate_to_8(tx: &rusqlite::Connection) -> rusqlite::Result<()> {
    tx.execute_batch(SCHEMA_8)
}

/// v10: each round's decision cost (issue 26) kept beside its figures and in its bucket.
/// `round_figures.cost` is its settlement's `cost` (NULL when it logged none);
/// `round_totals` keeps Σ cost and the rounds without one ([`Figures`]).
const SCHEMA_10: &str = r#"
ALTER TABLE round_figures ADD COLUMN cost INTEGER;
ALTER TABLE round_totals ADD COLUMN cost INTEGER NOT NULL DEFAULT 0;
ALTER TABLE round_totals ADD COLUMN uncosted INTEGER NOT NULL DEFAULT 0;
"#;

/// The migration to schema 10: the new columns; `round_figures.cost` filled from the
/// settlements' payloads (its append-only guard lifted for that, inside the migration's
/// transaction, and put back as it was); `round_totals` rebuilt from the events.
pub(crate) fn migrate_to_10(tx: &rusqlite::Connection) -> rusqlite::Result<()> {
    tx.execute_batch(SCHEMA_10)?;
    let guard: String = tx.query_row(
        "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'round_figures_no_update'",
        [],
        |r| r.get(0),
    )?;
    tx.execute_batch("DROP TRIGGER round_figures_no_update")?;
    {
        let mut read = tx.prepare(&format!(
            "SELECT seq, data FROM events WHERE kind = {} AND {NOT_STEP}",
            EventKind::RoundSettled.code()
        ))?;
        let mut write = tx.prepare("UPDATE round_figures SET cost = ?1 WHERE seq = ?2")?;
        let mut rows = read.query([])?;
        while let Some(r) = rows.next()? {
            let Some(data) = data_text(r.get_ref(1)?).filter(|d| d.contains("\"cost\"")) else {
                continue;
            };
            if let Ok(Payload::RoundSettled(settled)) =
                Payload::parse(EventKind::RoundSettled, &data)
                && let Some(cost) = settled.cost()
            {
                write.execute(params![cost, r.get::<_, i64>(0)?])?;
            }
        }
    }
    tx.execute_batch(&guard)?;
    tx.execute_batch("DELETE FROM round_totals")?;
    for (k, f) in rebuild(tx)? {
        insert_bucket(tx, &k, &f)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each box's stakes summed (saturating, in the bets' order) and given in box order, as
    /// the map it was summed in gave them: boxes out of order, a box twice, the edges of
    /// `u8` and of the sums (where the order of saturating adds matters).
    #[test]
    fn stakes_by_box_sums_each_box_in_box_order() {
        let by_map = |bets: &[(u8, i64)]| {
            let mut m: BTreeMap<u8, i64> = BTreeMap::new();
            for &(b, c) in bets {
                let s = m.entry(b).or_insert(0);
                *s = s.saturating_add(c);
            }
            m.into_values().collect::<Vec<i64>>()
        };
        type Case = (&'static [(u8, i64)], &'static [i64]);
        let cases: [Case; 7] = [
            (&[], &[]),
            (&[(1, 5)], &[5]),
            (&[(3, 120), (1, 5)], &[5, 120]),
            (&[(2, 5), (7, 1), (2, 0), (2, 10)], &[15, 1]),
            (&[(255, 1), (0, 2), (128, 3), (0, 4)], &[6, 3, 1]),
            (&[(4, i64::MAX), (4, 1), (4, -10)], &[i64::MAX - 10]),
            (&[(4, -10), (4, i64::MAX), (4, 1)], &[i64::MAX - 9]),
        ];
        for (bets, want) in cases {
            let got = stakes_by_box(bets.iter().copied());
            assert_eq!(got, want, "{bets:?}");
            assert_eq!(got, by_map(bets), "{bets:?}: not what the map gave");
        }
    }

    /// A start's stored data read in place gives what the full parse gives, for rows in
    /// the usual form (read in place) and any other (parsed).
    #[test]
    fn a_start_read_in_place_is_what_its_parse_gives() {
        let bets = |b: &str| format!("{{\"bets\":[{b}],\"shoe\":7}}");
        let usual = [
            bets(r#"{"id":"a","box":1,"stake":5},{"id":"b","box":3,"stake":120}"#),
            bets(r#"{"id":"a","box":2,"stake":5},{"id":"b","box":2,"stake":0}"#),
            bets(r#"{"id":"é€","box":255,"stake":999999999999999}"#),
            r#"{"bets":[{"id":"a","box":1,"stake":5}],"shoe":-12}"#.to_string(),
        ];
        let other = [
            bets(r#"{"id":"a","box":1,"stake":7.5}"#),
            bets(r#"{"id":"a\"b","box":1,"stake":5}"#),
            bets(r#"{"id":"a","box":256,"stake":5}"#),
            bets(r#"{"id":"a","box":01,"stake":5}"#),
            bets(r#"{"id":"a","box":1,"stake":05}"#),
            bets(r#"{"id":"a","box":1,"stake":-5}"#),
            bets(r#"{"id":"a","box":1,"stake":1000000000000000}"#),
            bets(r#"{"id":"a","box":1,"stake":5,"x":1}"#),
            bets(""),
            r#"{"bets":[{"id":"a","box":1,"stake":5}],"shoe":0}"#.to_string(),
            r#"{"bets":[{"id":"a","box":1,"stake":5}],"shoe":1} "#.to_string(),
            r#"{"bets":[{"id":"a","box":1,"stake":5}],"shoe":1}}"#.to_string(),
            r#"{"bets":[{"id":"a","box":1,"stake":5}]}"#.to_string(),
            r#"{"bets":[{"id":"a","box":1,"stake":5}],"shoe":99999999999999999999}"#.to_string(),
        ];
        let mut blobs: Vec<(Vec<u8>, bool)> = Vec::new();
        for (texts, in_place) in [(&usual[..], true), (&other[..], false)] {
            for t in texts {
                blobs.push((
                    pack::pack(t).unwrap_or_else(|| panic!("packs: {t}")),
                    in_place,
                ));
            }
        }
        // Forged rows: an id that is no UTF-8, a byte that is no code.
        let mut bad = pack::pack(&bets(r#"{"id":"X","box":1,"stake":5}"#)).unwrap();
        let x = bad.iter().position(|b| *b == b'X').unwrap();
        bad[x] = 0xFF;
        blobs.push((bad.clone(), false));
        bad[x] = 0x00;
        blobs.push((bad, false));
        for (blob, in_place) in blobs {
            let parsed = stakes_of(pack::unpack(&blob));
            let text = String::from_utf8_lossy(&blob).into_owned();
            assert_eq!(pack::started_bets(&blob).is_some(), in_place, "{text}");
            assert_eq!(stakes_of_stored(ValueRef::Blob(&blob)), parsed, "{text}");
        }
        assert_eq!(
            stakes_of_stored(ValueRef::Blob(&pack::pack(&usual[1]).unwrap())),
            vec![500]
        );
        assert_eq!(
            stakes_of_stored(ValueRef::Text(usual[0].as_bytes())),
            vec![500, 12_000]
        );
    }

    /// A start's squares from the bets the replay read are those of its parse (`stakes_of`),
    /// boxes in any order, several bets on a box, a stake past what squares to an `i64`.
    #[test]
    fn a_starts_squares_from_its_bets_are_its_parses() {
        let bet =
            |id: &str, b: u8, units: i64| format!(r#"{{"id":"{id}","box":{b},"stake":{units}}}"#);
        let cases = [
            vec![bet("a", 1, 5)],
            vec![bet("a", 3, 5), bet("b", 1, 120), bet("c", 3, 7)],
            vec![
                bet("a", 7, 1),
                bet("b", 2, 2),
                bet("c", 5, 3),
                bet("d", 2, 4),
                bet("e", 0, 9),
            ],
            vec![
                bet("a", 255, 999_999_999_999_999),
                bet("b", 255, 999_999_999_999_999),
            ],
        ];
        for bets in cases {
            let text = format!(r#"{{"bets":[{}],"shoe":3}}"#, bets.join(","));
            let read: Vec<BetSpec> = match Payload::parse(EventKind::RoundStarted, &text) {
                Ok(Payload::RoundStarted(s)) => s
                    .bets
                    .iter()
                    .map(|b| BetSpec {
                        id: b.id.as_str().into(),
                        box_no: b.box_no,
                        stake: b.stake,
                    })
                    .collect(),
                other => panic!("{text}: {other:?}"),
            };
            let want = squares(&stakes_of(Some(text.clone())));
            assert_eq!(start_squares(&text, Some(&read)), want, "{text}");
            assert_eq!(start_squares(&text, None), want, "{text}");
        }
    }

    /// A bucket whose rounds' costs are 0 (corrected to +6e18), +6e18 and −6e18: the fold
    /// never leaves the `i64`s (0, 6e18, 0, then 6e18), but `rebuild`, in round order,
    /// saturates at 6e18 + 6e18; the addends' absolute values reach `i64::MAX`, so the fold
    /// gives what `rebuild` gives.
    #[test]
    fn a_bucket_rebuild_would_saturate_folds_to_rebuilds_answer() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE events (seq INTEGER PRIMARY KEY, at INTEGER, kind INTEGER,
                 table_id INTEGER, user_id INTEGER, round_id INTEGER, data);
             CREATE TABLE round_figures (round_id INTEGER PRIMARY KEY, seq INTEGER, at INTEGER,
                 table_id INTEGER, user_id INTEGER, handle INTEGER, paid INTEGER, win INTEGER,
                 max_net INTEGER, insurance_taken INTEGER, insurance_paid INTEGER,
                 splits INTEGER, buys INTEGER, pontoons INTEGER, five_card_tricks INTEGER,
                 cost INTEGER);",
        )
        .unwrap();
        let big = 6_000_000_000_000_000_000i64;
        let at = 7 * BUCKET_MS;
        let key = Key {
            table: 1,
            hour: 7,
            dealer: 1,
            opened: 0,
        };
        let mut fold = Fold::default();
        for (round, cost) in [(1i64, 0i64), (2, big), (3, -big)] {
            conn.execute(
                "INSERT INTO round_figures VALUES (?1, ?2, ?3, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ?4)",
                params![round, round * 10, at, cost],
            )
            .unwrap();
            fold.started(round);
            fold.settled(key, &[0; 10], (0, 0), Some(cost));
        }
        let fix = format!(
            r#"{{"reason":"r","script":{{"rules":"czech","bets":[{{"id":"1a","box":1,"stake":10}}],"steps":["A","9","2","twist","3","twist","5","8"]}},"nets":[],"cost":{big}}}"#
        );
        conn.execute(
            "INSERT INTO events VALUES (40, ?1, ?2, 1, 1, 1, ?3)",
            params![at, EventKind::RoundCorrected.code(), fix],
        )
        .unwrap();
        let (figures, cost) = corrected_of(Some(fix)).expect("the correction plays");
        assert_eq!(cost, Some(big));
        fold.corrected(1, figures, cost);
        let rebuilt = rebuild(&conn).unwrap();
        assert_eq!(
            rebuilt[&key].cost,
            i64::MAX - big,
            "rebuild saturates in its order"
        );
        let folded = fold.finish(&conn).unwrap();
        assert_eq!(folded, rebuilt);
    }

    fn differ(hour: i64) -> String {
        let key = Key {
            table: 3,
            hour,
            dealer: 7,
            opened: 1,
        };
        TotalsDiffer {
            key,
            column: TotalsColumn::Missing,
        }
        .to_string()
    }

    #[test]
    fn a_differ_names_its_hour_and_a_forged_hour_does_not_overflow() {
        let cases = [
            (0, "hour 0 (UTC, from 1970-01-01 00:00)"),
            (491_000, "hour 491000 (UTC, from 2026-01-05 08:00)"),
            (
                i64::MAX,
                "hour 9223372036854775807 (UTC, from a time out of range)",
            ),
            (
                i64::MIN,
                "hour -9223372036854775808 (UTC, from a time out of range)",
            ),
            (i64::MAX / BUCKET_MS, "(UTC, from a time out of range)"),
        ];
        for (hour, want) in cases {
            let got = differ(hour);
            assert!(got.contains(want), "hour {hour}: {got}");
            assert!(got.ends_with("missing from round_totals"), "{got}");
        }
    }
}
