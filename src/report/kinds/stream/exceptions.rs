//! The exceptions report streamed: a counting pass makes the counts by kind, then the rows
//! are read again once per kind, most serious first, each kind in time order, and written
//! as they come. Never holds the rows: at most a day's events or a page of rounds a
//! database (and the floor's alarms, few, read once so that they are counted as written).

use std::collections::VecDeque;

use super::super::{
    Ctx, ExceptionRow, LOGGED, Logged, alarm_rows, assemble, logged_exceptions, payout_row,
};
use super::{Each, StreamError, each_page, empty};
use crate::log::{AuditError, EventKind};
use crate::report::exceptions::{Counts, Rounds};
use crate::report::protection::{self, Following};
use crate::report::query::{Page, Source};
use crate::report::{Cell, Report, RoundRow};

/// The events of the period are read a day at a time.
const WINDOW_MS: i64 = 86_400_000;

/// What the rows are read again from.
pub(in crate::report::kinds) struct Plan<'a> {
    cx: Ctx<'a>,
    /// The year's start (or the period's, if earlier): the window of the rounds a void,
    /// a correction or a currency names, and of each table's shoes.
    load_from: i64,
    page: usize,
    /// The failed verifies' rows, as the held report puts them first.
    verify: Vec<Vec<Cell>>,
    /// The floor's alarms in the period, read once, in time order.
    alarms: Vec<ExceptionRow>,
    /// The kinds with rows, most serious first.
    kinds: Vec<&'static str>,
}

/// The exceptions report's frame: its footer (each database's verify), the counts by kind
/// from a counting pass over every row; and its rows' plan.
pub(super) fn prepare<'a>(
    src: &mut dyn Source,
    cx: Ctx<'a>,
    load_from: i64,
    page: usize,
    progress: &mut dyn FnMut(&str),
) -> Result<(Report, Plan<'a>), StreamError> {
    let sections = vec![
        empty("exceptions by kind", vec!["exception", "count", "amount"]),
        empty(
            "exceptions",
            vec!["time", "exception", "table", "user", "round", "detail"],
        ),
    ];
    let mut frame = assemble(src, cx.o, &cx, sections, Vec::new(), progress)?;
    let verify = std::mem::take(&mut frame.sections[1].rows);
    let mut alarms = alarm_rows(src, &cx)?;
    alarms.sort_by_key(|(at, db, seq, _)| (*at, *db, *seq));
    let mut plan = Plan {
        cx,
        load_from,
        page,
        verify,
        alarms,
        kinds: Vec::new(),
    };
    progress("counting the exceptions");
    let mut counts = Counts::default();
    let mixed = plan.cx.mixed;
    plan.pass(src, None, &mut |row| {
        counts.add(row, mixed);
        Ok(())
    })?;
    frame.sections[0] = counts.section();
    plan.kinds = counts.kinds();
    Ok((frame, plan))
}

impl Plan<'_> {
    /// Every row, kind by kind, most serious first.
    pub(super) fn rows(
        &mut self,
        src: &mut dyn Source,
        each: &mut Each,
    ) -> Result<(), StreamError> {
        for word in self.kinds.clone() {
            self.pass(src, Some(word), each)?;
        }
        Ok(())
    }

    /// The rows of kind `word` in time order (every row, in no set order, if `None`).
    fn pass(
        &mut self,
        src: &mut dyn Source,
        word: Option<&'static str>,
        each: &mut Each,
    ) -> Result<(), StreamError> {
        let wants = |w: &str| word.is_none_or(|x| x == w);
        if wants("verify failed") {
            for row in &self.verify {
                each(row)?;
            }
        }
        if wants("floor alarm") {
            for (_, _, _, cells) in &self.alarms {
                each(cells)?;
            }
        }
        if let Some(kinds) = logged_kinds(word) {
            self.logged(src, &kinds, word, each)?;
        }
        if word.is_none_or(|w| CLOSEOUT.contains(&w)) {
            self.closeout(src, word, each)?;
        }
        if wants("payout over threshold") {
            self.payouts(src, each)?;
        }
        if wants("bets follow the shoe") {
            self.follows(src, each)?;
        }
        Ok(())
    }

    /// The day windows of the period, in order.
    fn windows(&self) -> impl Iterator<Item = (i64, i64)> + use<> {
        let (from, to) = (self.cx.from_ms, self.cx.to_ms);
        let n = (to - from).max(0).div_euclid(WINDOW_MS) + 1;
        (0..n)
            .map(move |i| (from + i * WINDOW_MS, (from + (i + 1) * WINDOW_MS).min(to)))
            .filter(|(a, b)| a < b)
    }

    /// The logged exceptions of `kinds`, a day at a time, those of kind `word` only if set.
    fn logged(
        &mut self,
        src: &mut dyn Source,
        kinds: &[EventKind],
        word: Option<&str>,
        each: &mut Each,
    ) -> Result<(), StreamError> {
        let cx = &self.cx;
        let mut state = Logged::before(src, cx)?;
        let rounds = Rounds::Read {
            from_ms: self.load_from,
            to_ms: cx.to_ms,
            page: self.page,
        };
        for w in self.windows() {
            let rows = logged_exceptions(src, cx, &rounds, kinds, w, &mut state)?;
            let rows = rows
                .into_iter()
                .filter(|r| word.is_none_or(|x| word_of(&r.3) == x));
            emit(cx, rows.collect(), each)?;
        }
        Ok(())
    }

    /// The close-out's exceptions (its books are per shift, read as the held report reads
    /// them), those of kind `word` only if set.
    fn closeout(
        &mut self,
        src: &mut dyn Source,
        word: Option<&str>,
        each: &mut Each,
    ) -> Result<(), StreamError> {
        let Some(books) = crate::report::closeout::Books::read(src)? else {
            return Ok(());
        };
        let rows = crate::report::closeout::exception_rows(&books, self.cx.o)
            .into_iter()
            .filter(|(_, _, c)| word.is_none_or(|x| word_of(c) == x))
            .map(|(at, db, c)| (at, db, i64::MAX - 1, c))
            .collect();
        emit(&self.cx, rows, each)
    }

    /// The period's rounds with a payout over the threshold, in time order across the
    /// databases: each database read a page at a time, the pages merged.
    fn payouts(&mut self, src: &mut dyn Source, each: &mut Each) -> Result<(), StreamError> {
        let cx = &self.cx;
        let mut merged = Merged::new(src.databases(), (cx.from_ms, cx.to_ms), self.page);
        while let Some(r) = merged.next(src)? {
            let kept = cx.keeps(&r);
            if let Some(mut row) = payout_row(&r, cx.o.threshold).filter(|_| kept) {
                cx.label_tables(std::slice::from_mut(&mut row));
                each(&row.3)?;
            }
        }
        Ok(())
    }

    /// The boxes whose stakes follow the shoe: every round from the year's start read a
    /// page at a time, each table's shoe followed as the rounds come.
    fn follows(&mut self, src: &mut dyn Source, each: &mut Each) -> Result<(), StreamError> {
        let cx = &self.cx;
        let o = cx.o;
        let mut f = Following::read(src, cx.to_ms)?;
        let keep = |r: &RoundRow| cx.keeps(r);
        for db in 0..src.databases() {
            each_page(
                src,
                db,
                (self.load_from, cx.to_ms),
                self.page,
                &mut |src, rows| {
                    for r in rows.iter().filter(|r| o.table.is_none_or(|t| r.table == t)) {
                        f.add(src, r, &keep)?;
                    }
                    Ok(())
                },
            )?;
        }
        let mut rows = protection::exception_rows(&f.finish(), &cx.shared);
        rows.sort_by_key(|(at, _)| *at);
        for (_, cells) in rows {
            each(&cells)?;
        }
        Ok(())
    }
}

/// The close-out's kinds of exception.
const CLOSEOUT: [&str; 3] = [
    "close-out difference",
    "count missing",
    "cash over threshold",
];

/// The kinds of event a kind of exception is read from (every logged kind for the
/// counting pass; `None`: not a logged kind).
fn logged_kinds(word: Option<&str>) -> Option<Vec<EventKind>> {
    let k = match word {
        None => return Some(LOGGED.to_vec()),
        Some("round voided") => EventKind::RoundVoided,
        Some("round corrected") => EventKind::RoundCorrected,
        Some("undo") => EventKind::Undo,
        Some("step refused") => EventKind::StepRefused,
        Some("login failed") => EventKind::LoginFailed,
        Some("user locked") => EventKind::UserLocked,
        Some("user unlocked") => EventKind::UserUnlocked,
        Some("table opened" | "rules changed") => EventKind::TableOpened,
        Some("currency set over logged rounds") => EventKind::SettingChanged,
        Some(_) => return None,
    };
    Some(vec![k])
}

/// An exceptions row's kind word.
fn word_of(cells: &[Cell]) -> &'static str {
    match cells.get(1) {
        Some(Cell::Word(w)) => w,
        _ => "",
    }
}

/// Hands on a window's rows in the held report's order: by time, database and seq (a
/// stable sort, as the held report's), their tables told apart as the held report's.
fn emit(cx: &Ctx, mut rows: Vec<ExceptionRow>, each: &mut Each) -> Result<(), StreamError> {
    cx.label_tables(&mut rows);
    rows.sort_by_key(|(at, db, seq, _)| (*at, *db, *seq));
    for (_, _, _, cells) in rows {
        each(&cells)?;
    }
    Ok(())
}

/// A database's page of rounds, where it stopped (settled at, round), and whether it has more.
type Cursor = (VecDeque<RoundRow>, Option<(i64, i64)>, bool);

/// Every database's rounds of a window merged in (time, database) order, each read a page
/// at a time: at most a page a database is held.
struct Merged {
    window: (i64, i64),
    page: usize,
    /// Each database's page, where it stopped, and whether it has more.
    dbs: Vec<Cursor>,
}

impl Merged {
    fn new(dbs: usize, window: (i64, i64), page: usize) -> Merged {
        Merged {
            window,
            page,
            dbs: (0..dbs).map(|_| (VecDeque::new(), None, true)).collect(),
        }
    }

    /// The next round in (time, database) order.
    fn next(&mut self, src: &mut dyn Source) -> Result<Option<RoundRow>, AuditError> {
        for (db, (rows, after, more)) in self.dbs.iter_mut().enumerate() {
            if rows.is_empty() && *more {
                let p = Page {
                    after: *after,
                    limit: Some(self.page),
                    ..Page::all(self.window.0, self.window.1)
                };
                let read = src.rounds_page(db, &p)?;
                *more = read.len() >= self.page;
                if let Some(l) = read.last() {
                    *after = Some((l.at, l.round));
                }
                rows.extend(read);
            }
        }
        let first = self
            .dbs
            .iter()
            .enumerate()
            .filter_map(|(db, (rows, _, _))| rows.front().map(|r| (r.at, db)))
            .min();
        Ok(first.and_then(|(_, db)| self.dbs[db].0.pop_front()))
    }
}
