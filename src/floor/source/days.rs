//! A long summary's sums read from the floor by gaming day ([`Source::day_sums`]): each
//! UTC day's rows of `day_totals`, less that day's hours before its gaming day begins,
//! plus the next day's (`round_totals`), added up per (table, opening, segment) and per
//! (class, gaming day) as they stream in, so a year's report reads its days' rows and the
//! hours of each day before its gaming day begins (at most 12, `DaysAsked::new`), not
//! every hour's bucket (and the server sums nothing). Owns those two
//! reads and the adding; decides no group of the report and never writes.
//!
//! [`Source::day_sums`]: crate::report::query::Source::day_sums

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::LazyLock;

use postgres::fallible_iterator::FallibleIterator;

use super::{CORRECTIONS_SQL, FloorSource, Kept, fold_corrections, ms_of, negative, snapshot};
use crate::floor::why;
use crate::log::AuditError;
use crate::log::totals::{self, Figures};
use crate::report::query::{DayClass, DaySums, DaysAsked, SegmentRow};

/// The UTC days `$1..$2`'s rows of the tabs `$3`: (tab, table, opening, day, figures…).
static DAYS_SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT tab, table_id, opened, day, {} FROM croupier.day_totals
          WHERE day >= $1 AND day < $2 AND tab = ANY($3::int4[])",
        totals::COLUMNS.join(", ")
    )
});

/// The hours `$1` (each day's before its gaming day begins) of the tabs `$2`: (tab,
/// table, opening, hour, figures…).
static HOURS_SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT tab, table_id, opened, hour, {} FROM croupier.round_totals
          WHERE hour = ANY($1::int8[]) AND tab = ANY($2::int4[])",
        totals::COLUMNS.join(", ")
    )
});

/// A sum of figures in 128 bits: exact however many rows, read back only if it fits.
type Wide = [i128; totals::COLUMNS.len()];

/// The sums being added: per (database, table id, opening seq, segment) and per (class,
/// gaming day).
#[derive(Default)]
struct Adding {
    parts: HashMap<(usize, i64, i64, u32), Wide>,
    days: HashMap<(u32, usize), Wide>,
    classes: HashMap<(usize, i64), DayClass>,
    /// A day row held a figure at an i64's bound, or a row a round without its
    /// decisions' cost under rules with a theory: the report is to visit the buckets.
    refused: bool,
}

impl Adding {
    /// A row's figures added (`sign` 1) or taken (−1) into gaming day `g`'s groups.
    fn add(
        &mut self,
        asked: &DaysAsked<'_>,
        key: (usize, i64, i64),
        g: usize,
        v: &[i64],
        sign: i128,
        cls: u32,
    ) {
        let (db, table, opened) = key;
        let part = self
            .parts
            .entry((db, table, opened, asked.segs[g]))
            .or_insert([0; 14]);
        for (s, x) in part.iter_mut().zip(v) {
            *s += sign * i128::from(*x);
        }
        let day = self.days.entry((cls, g)).or_insert([0; 14]);
        for (s, x) in day.iter_mut().zip(v) {
            *s += sign * i128::from(*x);
        }
    }
}

/// A row's figures (columns from 4), and whether one is at an i64's bound.
fn figures_of(r: &postgres::Row) -> ([i64; 14], bool) {
    let mut v = [0i64; totals::COLUMNS.len()];
    for (i, x) in v.iter_mut().enumerate() {
        *x = r.get(4 + i);
    }
    (v, v.iter().any(|x| *x == i64::MIN || *x == i64::MAX))
}

/// A sum read back as figures: `None` past an i64, or below 0 where no figure can be.
fn narrow(w: &Wide) -> Option<Figures> {
    let mut v = [0i64; totals::COLUMNS.len()];
    for (x, s) in v.iter_mut().zip(w) {
        *x = i64::try_from(*s).ok()?;
    }
    (!negative(&v)).then(|| Figures::from_row(v))
}

/// A row's (database, table id, opening seq) and its gaming day by `day_of` its 4th
/// column, if the database is asked for and the day is one asked (`None` otherwise).
fn keyed(
    place: &HashMap<i32, usize>,
    asked: &DaysAsked<'_>,
    r: &postgres::Row,
    day_of: &impl Fn(i64) -> Option<usize>,
) -> Option<((usize, i64, i64), usize)> {
    let db = *place.get(&r.get::<_, i32>(0))?;
    if !asked.dbs.contains(&db) {
        return None;
    }
    let g = day_of(r.get(3))?;
    (g <= asked.segs.len()).then_some(((db, r.get(1), r.get(2)), g))
}

/// The hours `hours` the floor may hold buckets in: those from its first bucket's hour to
/// its last's (a period may reach far past its last: the year to its end, `verify`'s to
/// 2100).
fn held_hours(
    tx: &mut postgres::Transaction<'_>,
    hours: Vec<i64>,
) -> Result<Vec<i64>, postgres::Error> {
    let held = tx.query_one(
        "SELECT min(hour), max(hour) FROM croupier.round_totals",
        &[],
    )?;
    let (lo, hi): (Option<i64>, Option<i64>) = (held.get(0), held.get(1));
    Ok(match (lo, hi) {
        (Some(lo), Some(hi)) => hours.into_iter().filter(|h| lo <= *h && *h <= hi).collect(),
        _ => Vec::new(),
    })
}

/// What a stream of rows is taken into ([`Read::stream`]).
struct Read<'a, 'b, 'c> {
    place: &'a HashMap<i32, usize>,
    asked: &'a DaysAsked<'a>,
    adding: &'b mut Adding,
    class_of: &'b mut ClassOf<'c>,
}

impl Read<'_, '_, '_> {
    /// Statement `sql`'s rows streamed into the sums: each row's gaming day by `day_of`
    /// its fourth column (see [`keyed`]), added into the days (and signs) `into` gives of
    /// it that are asked; `false` once a row is refused ([`Adding::take`]).
    fn stream(
        &mut self,
        tx: &mut postgres::Transaction<'_>,
        (sql, params): (&str, &[&(dyn postgres::types::ToSql + Sync)]),
        day_of: impl Fn(i64) -> Option<usize>,
        into: impl Fn(usize) -> Vec<(usize, i128)>,
    ) -> Result<bool, postgres::Error> {
        let n = self.asked.segs.len();
        let mut rows = tx.query_raw(sql, params.iter().copied())?;
        while let Some(r) = rows.next()? {
            let Some((key, g)) = keyed(self.place, self.asked, &r, &day_of) else {
                continue;
            };
            let (v, bound) = figures_of(&r);
            let into: Vec<(usize, i128)> = into(g).into_iter().filter(|(d, _)| *d < n).collect();
            let row = Taken {
                key,
                v,
                bound,
                into: &into,
            };
            self.adding.take(self.asked, row, self.class_of);
            if self.adding.refused {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

impl FloorSource {
    /// [`Source::day_sums`](crate::report::query::Source::day_sums) on the floor: the
    /// days' rows and the hours before each gaming day (those the floor holds any bucket
    /// between), streamed from one snapshot with the corrections of the days; `None`
    /// where a row or a sum does not read as a figure, or a row holds a round without
    /// its decisions' cost under rules with a theory (the streams are left there).
    pub(super) fn day_sums_of(
        &mut self,
        asked: &DaysAsked<'_>,
        class_of: &mut ClassOf<'_>,
    ) -> Result<Option<DaySums>, AuditError> {
        let openings = self.openings()?;
        let mut adding = Adding::default();
        for &db in asked.dbs {
            for &(seq, table, at) in openings.get(&db).map_or(&[][..], |o| &o[..]) {
                let name = self.table_name(db, table.unwrap_or(0));
                let cls = class_of(db, &name, Some(at));
                adding.classes.insert((db, seq), cls);
            }
        }
        let (n, first) = (asked.segs.len(), asked.first_day());
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| AuditError::Sqlite {
            path: PathBuf::from(format!("floor {target}")),
            detail: why(&e),
        };
        let (from_ms, to_ms) = ms_of(asked.starts[0], asked.starts[n] - 1);
        let tabs: Vec<i32> = asked.dbs.iter().map(|&db| self.tab(db)).collect();
        let mut tx = snapshot(self.floor.client()).map_err(&err)?;
        let fix_rows = tx
            .query(CORRECTIONS_SQL, &[&from_ms, &to_ms])
            .map_err(&err)?;
        let early = held_hours(&mut tx, asked.early_hours()).map_err(&err)?;
        let end = first + n as i64;
        let mut read = Read {
            place: &self.place,
            asked,
            adding: &mut adding,
            class_of,
        };
        // A day's row goes into the gaming day that begins in it.
        let days = read.stream(
            &mut tx,
            (DAYS_SQL.as_str(), &[&first, &end, &tabs]),
            |day| usize::try_from(day - first).ok(),
            |g| vec![(g, 1)],
        );
        // Hour `h` of UTC day `u` is before gaming day `u - first`'s beginning: taken from
        // it, given to the gaming day before.
        let hours = |tx: &mut postgres::Transaction<'_>, read: &mut Read<'_, '_, '_>| {
            read.stream(
                tx,
                (HOURS_SQL.as_str(), &[&early, &tabs]),
                |h| usize::try_from(h.div_euclid(24) - first).ok(),
                |g| vec![(g, -1), (g.wrapping_sub(1), 1)],
            )
        };
        if !days.map_err(&err)? || !hours(&mut tx, &mut read).map_err(&err)? {
            return Ok(None);
        }
        tx.commit().map_err(&err)?;
        let mut fixes = Kept::new();
        fold_corrections(&self.place, &mut fixes, &openings, &fix_rows);
        for ((db, key), fix) in &fixes {
            let Some(g) = asked.day_of(key.hour).filter(|_| asked.dbs.contains(db)) else {
                continue;
            };
            let key = (*db, key.table, key.opened);
            let cls = adding.class(key, class_of);
            adding.add(asked, key, g, &fix.row(), 1, cls.id);
        }
        Ok(self.named_days(adding, &openings))
    }

    /// The sums named: each part's table and opening's time; groups whose every figure is
    /// 0 left out (hours taken from a day that held only them); `None` if a sum does not
    /// read as a figure.
    fn named_days(&self, adding: Adding, openings: &super::Openings) -> Option<DaySums> {
        let zero = Figures::default();
        let times: HashMap<(usize, i64), i64> = openings
            .iter()
            .flat_map(|(db, o)| o.iter().map(|(seq, _, at)| ((*db, *seq), *at)))
            .collect();
        let opened_at = |db: usize, seq: i64| times.get(&(db, seq)).copied();
        let mut parts = Vec::with_capacity(adding.parts.len());
        for ((db, table, opened, seg), w) in adding.parts {
            let figures = narrow(&w)?;
            if figures != zero {
                parts.push(SegmentRow {
                    db,
                    table: self.table_name(db, table),
                    opened_at: opened_at(db, opened),
                    seg,
                    figures,
                });
            }
        }
        let mut days = Vec::with_capacity(adding.days.len());
        for ((cls, g), w) in adding.days {
            let figures = narrow(&w)?;
            if figures != zero {
                days.push((cls, g, figures));
            }
        }
        Some(DaySums { parts, days })
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

impl Adding {
    /// The class of a (database, table, opening)'s rounds: its opening's, else its
    /// database's without rules.
    fn class(
        &mut self,
        (db, _, opened): (usize, i64, i64),
        class_of: &mut dyn FnMut(usize, &str, Option<i64>) -> DayClass,
    ) -> DayClass {
        *self
            .classes
            .entry((db, opened))
            .or_insert_with(|| class_of(db, "", None))
    }

    /// A row read: its figures added (`sign` 1) or taken (−1) into gaming day `g`'s groups
    /// under its class; refused (and nothing added) if it holds a round without its
    /// decisions' cost under rules with a theory, or (`bound`) a figure at an i64's bound.
    fn take(&mut self, asked: &DaysAsked<'_>, row: Taken<'_>, class_of: &mut ClassOf<'_>) {
        let cls = self.class(row.key, class_of);
        let uncosted = row.v[UNCOSTED] > 0 && cls.theory;
        if uncosted || row.bound {
            self.refused = true;
            return;
        }
        for &(g, sign) in row.into {
            self.add(asked, row.key, g, &row.v, sign, cls.id);
        }
    }
}

/// What [`Adding::take`] takes: a row's key and figures, whether a figure is at an i64's
/// bound, and the gaming days it goes into with their signs.
struct Taken<'a> {
    key: (usize, i64, i64),
    v: [i64; 14],
    bound: bool,
    into: &'a [(usize, i128)],
}

/// The report's classes of openings (`Source::day_sums`' `class_of`).
type ClassOf<'a> = dyn FnMut(usize, &str, Option<i64>) -> DayClass + 'a;

/// `uncosted`'s place in `totals::COLUMNS`.
const UNCOSTED: usize = 13;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uncosted_is_where_the_columns_say() {
        assert_eq!(totals::COLUMNS[UNCOSTED], "uncosted");
    }
}
