//! The close-out report: each table's money per gaming day and shift (opening and closing
//! tray, fills, credits, drop, win = drop + credits − fills + (closing − opening), hold %
//! = win ÷ drop) beside the dealt win of its rounds, the difference split into the box's
//! part and the tray's; then per day, month- and year-to-date. Reads through `Source` and
//! `session::money::MoneyBook` (the same reading as `verify`), the dealt win from the kept
//! totals where the source keeps them (`dealt`); never writes.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{Datelike, NaiveDate};

use super::query::{Noted, Source};
use super::{Cell, Detail, Options, Section};
use super::{shared_of, table_cell};
use crate::engine::Money;
use crate::log::AuditError;
use crate::session::calendar::Calendar;
use crate::session::money::{MoneyBook, Move, MoveKind, Stretch};
use crate::session::money_log::{BOOK_KINDS, take};
use dealt::Fed;

mod dealt;

/// The close-out's columns: the JSON keys of every row.
pub(crate) const COLUMNS: [&str; 16] = [
    "table",
    "day",
    "shift",
    "opening",
    "fills",
    "credits",
    "closing",
    "drop",
    "win",
    "hold_pct",
    "cash_logged",
    "dealt_win",
    "difference",
    "drop_difference",
    "tray_difference",
    "rounds",
];

/// One table's money over a shift (or a day, a month, a year: sums of shifts).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Figures {
    pub(crate) at: i64,
    pub(crate) opening: Option<Money>,
    pub(crate) closing: Option<Money>,
    /// Σ (closing − opening) of its stretches; `None` if one lacks its closing count.
    pub(crate) tray_change: Option<Money>,
    pub(crate) tray_difference: Option<Money>,
    pub(crate) fills: Money,
    pub(crate) credits: Money,
    pub(crate) cash: Money,
    pub(crate) dealt: Money,
    pub(crate) drop: Option<Money>,
    pub(crate) rounds: i64,
    /// Shifts in it that lack a tray count (its opening or closing).
    pub(crate) no_count: bool,
    /// The expected tray at its end (what a par table's proposed fill or credit is from).
    pub(crate) expected: Option<Money>,
}

fn add_opt(a: Option<Money>, b: Option<Money>) -> Option<Money> {
    Some(a? + b?)
}

impl Figures {
    fn stretch(s: &Stretch) -> Figures {
        let change = s.closing.map(|c| c - s.opening);
        Figures {
            at: s.start_at,
            opening: Some(s.opening),
            closing: s.closing,
            tray_change: change,
            tray_difference: s.closing.zip(s.expected).map(|(c, e)| c - e),
            fills: s.fills,
            credits: s.credits,
            cash: s.cash,
            dealt: s.dealt,
            drop: None,
            rounds: s.rounds,
            no_count: s.closing.is_none(),
            expected: Some(s.expected.unwrap_or_else(|| s.expected_now())),
        }
    }

    /// A part of a par table's stretch from `at`, its tray `tray` (counted, or expected).
    fn from(at: i64, tray: Money) -> Figures {
        Figures {
            at,
            opening: Some(tray),
            ..Figures::default()
        }
    }

    /// The part's tray moved by `m`.
    fn moved(&mut self, m: &Move) {
        match m.kind {
            MoveKind::Fill(_) => self.fills += m.amount,
            MoveKind::Credit(_) => self.credits += m.amount,
            MoveKind::Cash => self.cash += m.amount,
            MoveKind::Round(_) => {
                self.dealt += m.amount;
                self.rounds += 1;
            }
            MoveKind::Rounds(n) => {
                self.dealt += m.amount;
                self.rounds += n;
            }
        }
    }

    /// The part ends at `closing` (a count, or none yet) with `expected` the log's tray.
    fn ends(&mut self, closing: Option<Money>, expected: Money) {
        self.closing = closing;
        self.tray_change = closing.zip(self.opening).map(|(c, o)| c - o);
        self.tray_difference = closing.map(|c| c - expected);
        self.no_count = closing.is_none();
        self.expected = Some(expected);
    }

    /// The part ends at a shift change nobody counted (a par table's, by design): no
    /// closing count, so it lacks a count, but its tray change is to the expected tray
    /// (its win is known) and its tray difference is none (the next count finds it).
    fn passes(&mut self, expected: Money) {
        self.ends(None, expected);
        self.tray_change = self.opening.map(|o| expected - o);
        self.tray_difference = Some(Money::ZERO);
    }

    /// `later` after this one: sums, the first opening, the last closing.
    fn then(&mut self, later: &Figures) {
        self.at = self.at.min(later.at);
        self.opening = self.opening.or(later.opening);
        self.closing = later.closing;
        self.tray_change = add_opt(self.tray_change, later.tray_change);
        self.tray_difference = add_opt(self.tray_difference, later.tray_difference);
        self.fills += later.fills;
        self.credits += later.credits;
        self.cash += later.cash;
        self.dealt += later.dealt;
        // A shift whose drop is not yet counted leaves the day's (month's, year's) drop,
        // and so its win, unknown: never a drop of zero.
        self.drop = add_opt(self.drop, later.drop);
        self.rounds += later.rounds;
        self.no_count |= later.no_count;
        self.expected = later.expected;
    }

    /// Win = drop + credits − fills + (closing − opening): only with a drop and every count.
    pub(crate) fn win(&self) -> Option<Money> {
        Some(self.drop? + self.credits - self.fills + self.tray_change?)
    }

    pub(crate) fn drop_difference(&self) -> Option<Money> {
        self.drop.map(|d| d - self.cash)
    }

    pub(crate) fn difference(&self) -> Option<Money> {
        self.win().map(|w| w - self.dealt)
    }

    /// Hold % = win ÷ drop (none without a drop, or a drop of zero).
    fn hold(&self) -> Option<f64> {
        let (w, d) = (self.win()?, self.drop?);
        (d.cents() != 0).then(|| w.cents() as f64 * 100.0 / d.cents() as f64)
    }

    /// The row of these figures; `table`: its table's cell ([`table_cell`]).
    fn cells(&self, table: Cell, day: NaiveDate, shift: Option<u8>) -> Vec<Cell> {
        let m = |v: Option<Money>| v.map_or(Cell::Empty, Cell::Money);
        vec![
            table,
            Cell::Date(day),
            shift.map_or(Cell::Empty, |s| Cell::Int(i64::from(s))),
            m(self.opening),
            Cell::Money(self.fills),
            Cell::Money(self.credits),
            m(self.closing),
            m(self.drop),
            m(self.win()),
            Cell::Percent(self.hold()),
            Cell::Money(self.cash),
            Cell::Money(self.dealt),
            m(self.difference()),
            m(self.drop_difference()),
            m(self.tray_difference),
            Cell::Int(self.rounds),
        ]
    }
}

/// A row's key: database, table, gaming day, shift.
pub(crate) type Key = (usize, String, NaiveDate, u8);

/// Every database's money, read once: its book and its calendar.
pub(crate) struct Books {
    pub(crate) books: Vec<(MoneyBook, Calendar)>,
}

fn fault(db: usize, n: &Noted, why: impl std::fmt::Display) -> AuditError {
    AuditError::Sqlite {
        path: format!("database {}", db + 1).into(),
        detail: format!(
            "event {} ({}): {why} (run `croupier verify`)",
            n.seq,
            n.kind.name()
        ),
    }
}

impl Books {
    /// Reads every money event of every database, in each one's log order, and the dealt
    /// win of their tables' stretches: from the kept totals where the source keeps them
    /// (whole hours as sums, the hours a count or a shift boundary splits round by round:
    /// `dealt`), else every round; `None` when no database has a money event (nothing to
    /// close out).
    pub(crate) fn read(src: &mut dyn Source) -> Result<Option<Books>, AuditError> {
        let money = src.events_of(&[crate::log::EventKind::Money], i64::MIN, i64::MAX)?;
        if money.is_empty() {
            return Ok(None);
        }
        // Each database's own calendar, from its settings, whether the source is the
        // files or the floor (one reading: `calendars::Calendars`).
        let cals = super::calendars::Calendars::read(src)?;
        let (mut fed, standing) = match dealt::read(src, &money, &cals)? {
            Some(fed) => (fed, true),
            None => (every_event(src)?, false),
        };
        let dbs = fed.keys().next_back().map_or(0, |d| d + 1);
        let mut books = Vec::new();
        for db in 0..dbs {
            // Standing figures carry a void or correction logged after a count from the
            // start: the counts' logged expected trays are not checked against them.
            let mut book = match standing {
                true => MoneyBook::standing(),
                false => MoneyBook::default(),
            };
            for f in fed.remove(&db).unwrap_or_default() {
                match f {
                    Fed::Event(n) => {
                        let table = (!n.table.is_empty()).then_some(n.table.as_str());
                        take(&mut book, n.at, table, n.round, &n.payload)
                            .map_err(|why| fault(db, &n, why))?;
                    }
                    Fed::Hour(h) => book.settled_together(h.at, &h.table, h.rounds, h.win),
                }
            }
            books.push((book, cals.of(db).clone()));
        }
        Ok(Some(Books { books }))
    }

    /// Each table's figures by gaming day and shift: its stretches, each placed in the
    /// shift that holds its middle, and the drops counted for it.
    pub(crate) fn shifts(&self) -> BTreeMap<Key, Figures> {
        let mut out: BTreeMap<Key, Figures> = BTreeMap::new();
        for (db, (book, cal)) in self.books.iter().enumerate() {
            let mut stretches = book.stretches();
            stretches.sort_by_key(|s| s.start_at);
            for s in &stretches {
                let parts = match book.par(&s.table) {
                    Some(_) => by_shift(s, cal),
                    None => {
                        let mid = s
                            .end_at
                            .map_or(s.start_at, |e| s.start_at + (e - s.start_at) / 2);
                        let at = cal.locate(mid);
                        vec![((at.day, at.shift), Figures::stretch(s))]
                    }
                };
                for ((day, shift), f) in parts {
                    out.entry((db, s.table.clone(), day, shift))
                        .and_modify(|x| x.then(&f))
                        .or_insert(f);
                }
            }
            for d in book.drops() {
                let key = (db, d.table.clone(), d.day, d.shift);
                // A shift with a drop and no stretch: at its start, as a stretch at its own.
                let f = out.entry(key).or_insert_with(|| Figures {
                    at: cal.start_ms(d.day, d.shift),
                    no_count: true,
                    ..Figures::default()
                });
                f.drop = Some(f.drop.unwrap_or_default() + d.amount);
            }
        }
        out
    }
}

/// Every event the book reads (rounds one by one), each database's in log order: the
/// reading of a source that keeps no totals.
fn every_event(src: &mut dyn Source) -> Result<BTreeMap<usize, Vec<Fed>>, AuditError> {
    let mut by_db: BTreeMap<usize, Vec<Noted>> = BTreeMap::new();
    for n in src.events_of(&BOOK_KINDS, i64::MIN, i64::MAX)? {
        by_db.entry(n.db).or_default().push(n);
    }
    Ok(by_db
        .into_iter()
        .map(|(db, mut events)| {
            events.sort_by_key(|n| n.seq);
            let fed = events.into_iter().map(|n| Fed::Event(Box::new(n)));
            (db, fed.collect())
        })
        .collect())
}

/// A par table's stretch (the imprest model: counted when it opens and closes, brought
/// back to par by a fill or credit as each shift ends) split at the shifts it spans, each
/// shift with its own fills, credits, cash and rounds. Between two shifts the tray is the
/// expected one (nothing counted it): such a shift end has no closing and lacks a count,
/// its win is from the expected tray, and a tray difference is the count's, in the shift
/// that counted it.
fn by_shift(s: &Stretch, cal: &Calendar) -> Vec<((NaiveDate, u8), Figures)> {
    let place = |at: i64| {
        let l = cal.locate(at);
        (l.day, l.shift)
    };
    let mut out = Vec::new();
    let mut tray = s.opening;
    let mut part = (place(s.start_at), Figures::from(s.start_at, s.opening));
    let ends_in = s.end_at.map(place);
    for m in s.moves.iter().map(Some).chain([None]) {
        let (at, key) = match m {
            Some(m) => (m.at, place(m.at)),
            None => match (s.end_at, ends_in) {
                (Some(at), Some(key)) => (at, key),
                _ => break,
            },
        };
        if key != part.0 {
            part.1.passes(tray);
            let next = (key, Figures::from(at, tray));
            out.push(std::mem::replace(&mut part, next));
        }
        if let Some(m) = m {
            part.1.moved(m);
            tray += m.effect();
        }
    }
    part.1.ends(s.closing, tray);
    out.push(part);
    out
}

/// The report's sections: by shift, by day, month to date, year to date, and the par
/// tables with the fill or credit that brings each back to par.
pub(crate) fn sections(books: Option<&Books>, o: &Options) -> Vec<Section> {
    let shifts: BTreeMap<Key, Figures> = books
        .map(Books::shifts)
        .unwrap_or_default()
        .into_iter()
        .filter(|((_, t, _, _), _)| o.table.is_none_or(|want| t == want))
        .collect();
    let (from, to) = (o.period.from, o.period.to);
    // A table is (database, name): a name two databases share is said with its database.
    let shared = shared_of(shifts.keys().map(|(db, t, _, _)| (t.clone(), *db)));
    let cell = |db: usize, t: &str| table_cell(t, db, &shared);
    let section = |name: &str, rows: Vec<Vec<Cell>>| Section {
        name: name.into(),
        columns: COLUMNS.to_vec(),
        rows,
    };
    let by_shift = shifts
        .iter()
        .filter(|((_, _, d, _), _)| (from..=to).contains(d))
        .map(|((db, t, d, s), f)| f.cells(cell(*db, t), *d, Some(*s)))
        .collect();
    let by_day = summed(&shifts, |d| (from..=to).contains(&d), |d| d)
        .into_iter()
        .map(|((db, t, d), f)| f.cells(cell(db, &t), d, None))
        .collect();
    let mtd_from = to.with_day(1).unwrap_or(to);
    let ytd_from = to.with_ordinal(1).unwrap_or(to);
    let to_date = |start: NaiveDate| {
        summed(&shifts, |d| (start..=to).contains(&d), |_| to)
            .into_iter()
            .map(|((db, t, d), f)| f.cells(cell(db, &t), d, None))
            .collect()
    };
    vec![
        section("by shift", by_shift),
        section("by day", by_day),
        section("month to date", to_date(mtd_from)),
        section("year to date", to_date(ytd_from)),
        pars(books, o, &shared),
    ]
}

/// The shifts kept by `keep`, summed per database, table and `bucket(day)`.
fn summed(
    shifts: &BTreeMap<Key, Figures>,
    keep: impl Fn(NaiveDate) -> bool,
    bucket: impl Fn(NaiveDate) -> NaiveDate,
) -> BTreeMap<(usize, String, NaiveDate), Figures> {
    let mut out: BTreeMap<(usize, String, NaiveDate), Figures> = BTreeMap::new();
    for ((db, t, d, _), f) in shifts {
        if keep(*d) {
            out.entry((*db, t.clone(), bucket(*d)))
                .and_modify(|x| x.then(f))
                .or_insert_with(|| f.clone());
        }
    }
    out
}

/// The tables kept at a par, per shift of the period: the par in force as the shift
/// ended, the expected tray then, the counted one if a count ended it, and the fill or
/// credit that brings it back to par (from the count if there is one).
fn pars(books: Option<&Books>, o: &Options, shared: &BTreeSet<String>) -> Section {
    let mut rows = Vec::new();
    let shifts = books.map(Books::shifts).unwrap_or_default();
    for ((db, table, day, shift), f) in shifts {
        // The par in force as the shift ended, not today's.
        let par = books
            .and_then(|b| b.books.get(db))
            .and_then(|(b, cal)| b.par_before(&table, cal.start_ms(day, shift + 1)));
        let (Some(par), Some(expected)) = (par, f.expected) else {
            continue;
        };
        if o.table.is_some_and(|t| t != table) || !(o.period.from..=o.period.to).contains(&day) {
            continue;
        }
        // A shift that ended with a count is brought back to par from the counted tray
        // (what is in it), one nobody counted from the expected tray.
        let gap = par - f.closing.unwrap_or(expected);
        rows.push(vec![
            table_cell(&table, db, shared),
            Cell::Date(day),
            Cell::Int(i64::from(shift)),
            Cell::Money(par),
            Cell::Money(expected),
            f.closing.map_or(Cell::Empty, Cell::Money),
            Cell::Money(gap.max(Money::ZERO)),
            Cell::Money((-gap).max(Money::ZERO)),
        ]);
    }
    Section {
        name: "par".into(),
        columns: vec![
            "table",
            "day",
            "shift",
            "par",
            "expected tray",
            "counted tray",
            "proposed fill",
            "proposed credit",
        ],
        rows,
    }
}

/// The exceptions report's money rows: each shift of the period with a difference (or
/// a box or tray part of one) or a missing count, and each cash exchange over the threshold. (time, db, cells).
pub(crate) fn exception_rows(books: &Books, o: &Options) -> Vec<(i64, usize, Vec<Cell>)> {
    let mut rows = Vec::new();
    let in_period = |d: &NaiveDate| (o.period.from..=o.period.to).contains(d);
    let table_ok = |t: &str| o.table.is_none_or(|want| t == want);
    for ((db, t, d, s), f) in books.shifts() {
        if !in_period(&d) || !table_ok(&t) {
            continue;
        }
        let (day, shift) = (d, s);
        let mut row = |word: &'static str, detail: Detail| {
            rows.push((
                f.at,
                db,
                vec![
                    Cell::Time(f.at),
                    Cell::Word(word),
                    Cell::Text(t.clone()),
                    Cell::Text(String::new()),
                    Cell::Text(String::new()),
                    Cell::from(detail),
                ],
            ));
        };
        if f.no_count || f.drop.is_none() {
            row(
                "count missing",
                Detail::CountMissing {
                    day,
                    shift,
                    tray: f.no_count,
                    drop: f.drop.is_none(),
                },
            );
        } else {
            // A missing cash line nets to zero (the box over, the tray short): its
            // parts still say it.
            let (drop, tray) = (
                f.drop_difference().unwrap_or_default(),
                f.tray_difference.unwrap_or_default(),
            );
            let difference = f.difference().unwrap_or_default();
            if [difference, drop, tray].iter().any(|m| *m != Money::ZERO) {
                row(
                    "close-out difference",
                    Detail::Difference {
                        day,
                        shift,
                        difference,
                        drop,
                        tray,
                    },
                );
            }
        }
    }
    rows.extend(cash_rows(books, o));
    rows
}

/// Each cash exchange of the period over its database's threshold: (time, db, cells).
fn cash_rows(books: &Books, o: &Options) -> Vec<(i64, usize, Vec<Cell>)> {
    let mut rows = Vec::new();
    let table_ok = |t: &str| o.table.is_none_or(|want| t == want);
    for (db, (book, cal)) in books.books.iter().enumerate() {
        for c in book.cash_lines().iter().filter(|c| c.over_threshold) {
            let day = cal.locate(c.at).day;
            if day < o.period.from || o.period.to < day || !table_ok(&c.table) {
                continue;
            }
            rows.push((
                c.at,
                db,
                vec![
                    Cell::Time(c.at),
                    Cell::Word("cash over threshold"),
                    Cell::Text(c.table.clone()),
                    Cell::Text(String::new()),
                    Cell::Text(String::new()),
                    Cell::from(Detail::Cash {
                        amount: c.amount,
                        threshold: book.cash_threshold().unwrap_or_default(),
                    }),
                ],
            ));
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A day (month, year) with a shift whose drop is not yet counted has no drop and so
    /// no win: never the counted shifts' drops as if the missing one were zero.
    #[test]
    fn a_missing_drop_leaves_the_total_unknown() {
        let counted = Figures {
            drop: Some(Money::units(1000)),
            ..Figures::default()
        };
        let missing = Figures::default();
        let mut day = counted.clone();
        day.then(&missing);
        assert_eq!(day.drop, None);
        let mut both = counted.clone();
        both.then(&counted);
        assert_eq!(both.drop, Some(Money::units(2000)));
    }
}
