//! A long summary's sums read from the floor by gaming day ([`Source::day_sums`]): one
//! statement a calendar sums `day_totals`' UTC days, corrected by the hours of each day
//! before its gaming day begins (`round_totals`), into per (table, opening, segment) and
//! per (class, gaming day) rows, so a year's report reads some thousands of rows, not
//! every hour's bucket. Owns that statement and its rows' reading; decides no group of
//! the report and never writes.
//!
//! [`Source::day_sums`]: crate::report::query::Source::day_sums

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::LazyLock;

use super::{CORRECTIONS_SQL, FloorSource, Kept, fold_corrections, ms_of, negative, snapshot};
use crate::floor::why;
use crate::log::AuditError;
use crate::log::totals::{self, Figures};
use crate::report::query::{DaySums, DaysAsked, SegmentRow};

/// The statement: `$1` the first UTC day, `$2` each day's hours before its gaming day
/// (`DaysAsked::offsets`, the end's included), `$3` each gaming day's segment, `$4..$6`
/// the openings' classes (tab, opening seq, class), `$7` the tabs. Gaming day `g` is UTC
/// day `$1 + g`'s row, less its hours before `$2[g]`, plus the next day's before
/// `$2[g + 1]`: each of those hours is read once and added twice (taken from its UTC
/// day's gaming day, given to the one before). Grouped both ways in one pass (`GROUPING
/// SETS`); an opening the classes do not name is class `-1 - tab`. A sum past an i64, or
/// a day row at an i64's bound (a sum that may have saturated), is NULL.
static DAYS_SQL: LazyLock<String> = LazyLock::new(|| {
    let cols = totals::COLUMNS.join(", ");
    let edge_cols: Vec<String> = totals::COLUMNS.iter().map(|c| format!("r.{c}")).collect();
    let at_bound: Vec<String> = totals::COLUMNS
        .iter()
        .map(|c| format!("{c} IN ({}, {})", i64::MIN, i64::MAX))
        .collect();
    let sums: Vec<String> = totals::COLUMNS
        .iter()
        .map(|c| {
            let sum = format!(
                "(coalesce(SUM({c}) FILTER (WHERE s > 0), 0) - coalesce(SUM({c}) FILTER (WHERE s < 0), 0))"
            );
            format!(
                "CASE WHEN NOT bool_or(at_bound) AND {sum} BETWEEN {0} AND {1} THEN {sum}::int8 END",
                i64::MIN,
                i64::MAX
            )
        })
        .collect();
    format!(
        "WITH d AS (
             SELECT $1::int8 + x.i - 1 AS u, (x.i - 1)::int4 AS g, x.off
               FROM unnest($2::int4[]) WITH ORDINALITY AS x(off, i)
         ), m AS (
             SELECT * FROM unnest($4::int4[], $5::int8[], $6::int4[]) AS m(tab, opened, cls)
         ), p AS (
             SELECT tab, table_id, opened, (day - $1)::int4 AS g, 1 AS s, {at_bound} AS at_bound, {cols}
               FROM croupier.day_totals
              WHERE day >= $1 AND day < $1 + cardinality($3::int4[]) AND tab = ANY($7::int4[])
             UNION ALL
             SELECT r.tab, r.table_id, r.opened, v.g, v.s, false, {edge_cols}
               FROM d JOIN croupier.round_totals r ON r.hour >= 24 * d.u AND r.hour < 24 * d.u + d.off
              CROSS JOIN LATERAL (VALUES (d.g, -1), (d.g - 1, 1)) AS v(g, s)
              WHERE r.tab = ANY($7::int4[]) AND v.g >= 0 AND v.g < cardinality($3::int4[])
         ), q AS (
             SELECT p.*, ($3::int4[])[p.g + 1] AS seg, coalesce(m.cls, -1 - p.tab) AS cls
               FROM p LEFT JOIN m ON m.tab = p.tab AND m.opened = p.opened
         )
         SELECT GROUPING(tab, table_id, opened, seg), tab, table_id, opened, seg, cls, g, {sums}
           FROM q
          GROUP BY GROUPING SETS ((tab, table_id, opened, seg), (cls, g))",
        at_bound = at_bound.join(" OR "),
        edge_cols = edge_cols.join(", "),
        sums = sums.join(", "),
    )
});

/// A row's figures (`DAYS_SQL`'s columns from 7), `None` if a sum is NULL (past an i64)
/// or one that is never below 0 is.
fn figures_at(r: &postgres::Row) -> Option<Figures> {
    let mut v = [0i64; totals::COLUMNS.len()];
    for (i, x) in v.iter_mut().enumerate() {
        *x = r.get::<_, Option<i64>>(7 + i)?;
    }
    (!negative(&v)).then(|| Figures::from_row(v))
}

/// The rows read, by key, before they are named.
#[derive(Default)]
struct Read {
    /// (database, table id, opening seq, segment) → figures.
    parts: BTreeMap<(usize, i64, i64, u32), Figures>,
    /// (class, gaming day) → figures.
    days: BTreeMap<(u32, usize), Figures>,
}

impl FloorSource {
    /// [`Source::day_sums`](crate::report::query::Source::day_sums) on the floor: one
    /// snapshot (the sums and the corrections of the days, as `sums_snapshot`); `None`
    /// where a sum does not read as a figure.
    pub(super) fn day_sums_of(
        &mut self,
        asked: &DaysAsked<'_>,
        class_of: &mut dyn FnMut(usize, &str, Option<i64>) -> u32,
    ) -> Result<Option<DaySums>, AuditError> {
        let openings = self.openings()?;
        let mut class_rows: (Vec<i32>, Vec<i64>, Vec<i32>) = Default::default();
        let mut classes: HashMap<(usize, i64), u32> = HashMap::new();
        for &db in asked.dbs {
            for &(seq, table, at) in openings.get(&db).map_or(&[][..], |o| &o[..]) {
                let id = table.unwrap_or(0).max(0);
                let name = self.table_name(db, id);
                let cls = class_of(db, &name, Some(at));
                classes.insert((db, seq), cls);
                class_rows.0.push(self.tab(db));
                class_rows.1.push(seq);
                class_rows.2.push(cls as i32);
            }
        }
        let tabs: Vec<i32> = asked.dbs.iter().map(|&db| self.tab(db)).collect();
        let segs: Vec<i32> = asked.segs.iter().map(|&s| s as i32).collect();
        let (first, offsets) = (asked.first_day(), asked.offsets());
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| AuditError::Sqlite {
            path: PathBuf::from(format!("floor {target}")),
            detail: why(&e),
        };
        let n = asked.segs.len();
        let (from_ms, to_ms) = ms_of(asked.starts[0], asked.starts[n] - 1);
        let mut tx = snapshot(self.floor.client()).map_err(&err)?;
        let rows = tx
            .query(
                DAYS_SQL.as_str(),
                &[
                    &first,
                    &offsets,
                    &segs,
                    &class_rows.0,
                    &class_rows.1,
                    &class_rows.2,
                    &tabs,
                ],
            )
            .map_err(&err)?;
        let fix_rows = tx
            .query(CORRECTIONS_SQL, &[&from_ms, &to_ms])
            .map_err(&err)?;
        tx.commit().map_err(&err)?;
        let mut read = Read::default();
        for r in &rows {
            let Some(figures) = figures_at(r) else {
                return Ok(None);
            };
            if r.get::<_, i32>(0) == 0 {
                let Some(&db) = self.place.get(&r.get::<_, i32>(1)) else {
                    continue;
                };
                let key = (db, r.get(2), r.get(3), r.get::<_, i32>(4) as u32);
                read.parts.insert(key, figures);
            } else {
                let cls = r.get::<_, i32>(5);
                let cls = match u32::try_from(cls) {
                    Ok(c) => c,
                    // An opening the classes do not name: its database's, without rules.
                    Err(_) => match self.place.get(&(-1 - cls)) {
                        Some(&db) => class_of(db, "", None),
                        None => continue,
                    },
                };
                read.days
                    .entry((cls, r.get::<_, i32>(6) as usize))
                    .or_default()
                    .add(&figures, 1);
            }
        }
        let mut fixes = Kept::new();
        fold_corrections(&self.place, &mut fixes, &openings, &fix_rows);
        for ((db, key), fix) in &fixes {
            let Some(g) = asked.day_of(key.hour) else {
                continue;
            };
            if !asked.dbs.contains(db) {
                continue;
            }
            let part = (*db, key.table, key.opened, asked.segs[g]);
            read.parts.entry(part).or_default().add(fix, 1);
            let cls = match classes.get(&(*db, key.opened)) {
                Some(&c) => c,
                None => class_of(*db, "", None),
            };
            read.days.entry((cls, g)).or_default().add(fix, 1);
        }
        Ok(Some(self.named_days(read, &openings)))
    }

    /// The rows read, named: each part's table and opening's time; groups whose every
    /// figure is 0 left out (hours taken from a day that held only them).
    fn named_days(&self, read: Read, openings: &super::Openings) -> DaySums {
        let zero = Figures::default();
        let opened_at = |db: usize, seq: i64| {
            openings
                .get(&db)
                .and_then(|o| o.iter().find(|(s, _, _)| *s == seq))
                .map(|(_, _, at)| *at)
        };
        DaySums {
            parts: read
                .parts
                .into_iter()
                .filter(|(_, f)| *f != zero)
                .map(|((db, table, opened, seg), figures)| SegmentRow {
                    db,
                    table: self.table_name(db, table),
                    opened_at: opened_at(db, opened),
                    seg,
                    figures,
                })
                .collect(),
            days: read
                .days
                .into_iter()
                .filter(|(_, f)| *f != zero)
                .map(|((cls, g), f)| (cls, g, f))
                .collect(),
        }
    }

    /// Table `id`'s latest name in database `db`, a missing one named as `rounds` names
    /// it.
    fn table_name(&self, db: usize, id: i64) -> String {
        let id = id.max(0);
        self.table_names[db]
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("table {id}"))
    }
}
