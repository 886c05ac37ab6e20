//! The tests' reference for the summary's and the dealers report's grouping: every round
//! of the window read one by one as a `Part` and grouped per section as the reports did
//! before the fold (`fold`), kept apart from it so that `build_reading_every_round`
//! checks the fold's keys (currencies, shifts' hours, tables counted, dealers' hours,
//! edges), not only its buckets against rounds. Shares with the fold only what both must
//! (`Ctx`, `Totals`, `Folded`, the sections' rendering); reads nothing from a source and
//! is never used by a report that reads the kept totals.

use std::collections::BTreeMap;

use chrono::Datelike;

use super::fold::{Detail, Folded, Grain, TableKey};
use super::{Ctx, Totals};
use crate::report::data::RoundRow;
use crate::session::calendar::ShiftAt;

/// One round of the summary's figures.
struct Part {
    db: usize,
    table: String,
    dealer: String,
    /// The UTC clock hour (ms ÷ 3,600,000) it was settled in: the dealers report's hours.
    hour: i64,
    at: ShiftAt,
    tot: Totals,
    /// The house edge of its rules (`None`: no theory).
    edge: Option<f64>,
}

impl Part {
    fn of_round(cx: &Ctx, r: &RoundRow) -> Part {
        let theory = cx.th.of(r);
        let mut tot = Totals::default();
        tot.add(r, theory);
        Part {
            db: r.db,
            table: r.table.clone(),
            dealer: r.dealer.clone(),
            hour: r.at / 3_600_000,
            at: cx.cals.at(r),
            tot,
            edge: theory.map(|t| t.theory.edge),
        }
    }

    /// Its table as the report keys it: (name, database).
    fn table(&self) -> TableKey {
        (self.table.clone(), self.db)
    }
}

fn grouped_parts<K: Ord>(parts: &[&Part], key: impl Fn(&Part) -> K) -> BTreeMap<K, Totals> {
    let mut m: BTreeMap<K, Totals> = BTreeMap::new();
    for p in parts {
        m.entry(key(p)).or_default().merge(&p.tot);
    }
    m
}

/// The period total's sums and its distinct tables' count, by currency key.
fn period(cx: &Ctx, in_period: &[&Part]) -> BTreeMap<Option<String>, (Totals, usize)> {
    let mut totals: BTreeMap<Option<String>, (Totals, Vec<TableKey>)> = BTreeMap::new();
    for p in in_period {
        let (t, tables) = totals.entry(cx.ck(p.db)).or_default();
        t.merge(&p.tot);
        if !tables.contains(&p.table()) {
            tables.push(p.table());
        }
    }
    totals
        .into_iter()
        .map(|(c, (t, tables))| (c, (t, tables.len())))
        .collect()
}

/// Each dealer's hours (and currency's, when mixed): the distinct (table, clock hour) in
/// which they settled a round, a table being (database, name).
fn dealer_hours(cx: &Ctx, in_period: &[&Part]) -> BTreeMap<(String, Option<String>), i64> {
    let mut out = BTreeMap::new();
    let keys: std::collections::BTreeSet<(String, Option<String>)> = in_period
        .iter()
        .map(|p| (p.dealer.clone(), cx.ck(p.db)))
        .collect();
    for (d, c) in keys {
        let mut h: Vec<(usize, &str, i64)> = in_period
            .iter()
            .filter(|p| p.dealer == d && (!cx.mixed || cx.ck(p.db) == c))
            .map(|p| (p.db, p.table.as_str(), p.hour))
            .collect();
        h.sort_unstable();
        h.dedup();
        out.insert((d, c), h.len() as i64);
    }
    out
}

/// The sections' groups of `cx.all` (every round of the window, filtered), part by part.
pub(super) fn folded(cx: &Ctx) -> Folded {
    let parts: Vec<Part> = cx.all.iter().map(|r| Part::of_round(cx, r)).collect();
    let p = cx.o.period;
    let all: Vec<&Part> = parts.iter().collect();
    let in_period: Vec<&Part> = parts
        .iter()
        .filter(|x| p.from <= x.at.day && x.at.day <= p.to)
        .collect();
    let to_date = |start| {
        let rows: Vec<&Part> = all
            .iter()
            .copied()
            .filter(|x| start <= x.at.day && x.at.day <= p.to)
            .collect();
        (start, grouped_parts(&rows, |x| (x.table(), cx.ck(x.db))))
    };
    let mut edges: Vec<(TableKey, f64)> = in_period
        .iter()
        .filter_map(|x| x.edge.map(|e| (x.table(), e)))
        .collect();
    edges.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    edges.dedup_by(|a, b| a.0 == b.0 && a.1.to_bits() == b.1.to_bits());
    Folded {
        detail: match Grain::of(p) {
            Grain::Shifts => Detail::Shifts {
                by_shift: grouped_parts(&in_period, |x| {
                    let hours = cx.cals.of(x.db).hours(x.at.shift);
                    (x.table(), cx.ck(x.db), x.at.day, x.at.shift, hours)
                }),
                by_day: grouped_parts(&in_period, |x| (x.table(), cx.ck(x.db), x.at.day)),
            },
            // The month's first day, worked out here apart from the fold's key.
            Grain::Months => Detail::Months(grouped_parts(&in_period, |x| {
                let d = x.at.day;
                let first = chrono::NaiveDate::from_ymd_opt(d.year(), d.month(), 1);
                (x.table(), cx.ck(x.db), first.unwrap_or(d))
            })),
        },
        to_date: [
            to_date(p.to.with_day(1).unwrap_or(p.to)),
            to_date(p.to.with_ordinal(1).unwrap_or(p.to)),
        ],
        period: period(cx, &in_period),
        edges,
        days: grouped_parts(&in_period, |x| (cx.ck(x.db), x.at.day)),
        per_dealer: grouped_parts(&in_period, |x| (x.dealer.clone(), cx.ck(x.db))),
        dealer_hours: dealer_hours(cx, &in_period),
    }
}
