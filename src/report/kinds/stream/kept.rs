//! The rounds report's rows read from the kept rows (log schema 12, `round_rows`; docs/scale.md
//! "A kept row a round"): a page is one range scan of `round_figures` with each round's
//! kept row, its bets, inputs and nets taken from the row and its boxes' figures fed to the
//! players' sessions without a replay. A round the row cannot give is read from its events
//! as before: one with no row or a row that does not read, one corrected after the report's
//! head (the row holds the latest correction's nets), and, for the players section, one
//! whose row has no box figures (settled before its rules were solved: replayed). A source
//! that keeps no rows (the floor) is read from the events whole (`stream::rounds_pass`).
//! Reads only.

use std::collections::HashMap;

use super::super::super::players::Sessions;
use super::super::super::theory::Openings;
use super::{Ctx, Each, StreamError, Theories, round_cells};
use crate::log::{AuditError, LogRefusal};
use crate::report::query::{KeptRound, Page, RoundLog, RoundLogs, RoundRow, Source};
use crate::session::round_row::{BoxFigures, Row};

/// What a database's pass feeds: the rows' writer and the players' sessions.
pub(super) struct Pass<'p, 'e> {
    pub(super) cx: &'p Ctx<'p>,
    pub(super) marks: bool,
    pub(super) openings: &'p Openings,
    pub(super) sessions: &'p mut Sessions,
    pub(super) each: &'p mut Each<'e>,
}

/// Database `db`'s rounds of the period from its kept rows, `page` at a time, each round's
/// row to `each` and its boxes into the sessions; `false` (nothing read) if the source keeps
/// no rows.
pub(super) fn rounds(
    src: &mut dyn Source,
    db: usize,
    page: usize,
    p: &mut Pass,
) -> Result<bool, StreamError> {
    let mut after = None;
    loop {
        let asked = Page {
            after,
            limit: Some(page),
            ..Page::all(p.cx.from_ms, p.cx.to_ms)
        };
        let Some(got) = src.kept_rounds_page(db, &asked)? else {
            return Ok(false);
        };
        let full = got.len() >= page;
        let Some(last) = got.last() else {
            return Ok(true);
        };
        after = Some((last.round.at, last.round.round));
        one_page(src, db, got, p)?;
        if !full {
            return Ok(true);
        }
    }
}

/// A page's kept rounds written and added to the sessions.
fn one_page(
    src: &mut dyn Source,
    db: usize,
    got: Vec<KeptRound>,
    p: &mut Pass,
) -> Result<(), StreamError> {
    let (mut rounds, mut logs) = (Vec::with_capacity(got.len()), RoundLogs::new());
    let mut boxes: HashMap<i64, Vec<BoxFigures>> = HashMap::new();
    let mut unread = Vec::new();
    for k in got.into_iter().filter(|k| p.cx.keeps(&k.round)) {
        match k.row.as_deref().and_then(Row::decode) {
            Some(row) => {
                if let Some(b) = row.boxes {
                    boxes.insert(k.round.round, b);
                }
                // `one_start` false: the page's starts are read for its variances, and an
                // unreadable one refuses the report, as the events' path does.
                let log = RoundLog {
                    bets: row.bets,
                    steps: row.steps,
                    nets: row.nets,
                    one_start: false,
                };
                logs.insert(k.round.round, log);
            }
            None => unread.push(k.round.round),
        }
        rounds.push(k.round);
    }
    if !unread.is_empty() {
        logs.extend(src.round_logs(db, &unread, None)?);
    }
    let th = Theories::read_logged(src, &rounds, p.openings, &logs)?;
    // A round twice in the page (as a source may give one settled twice) shows its log
    // each time; else each log is moved into its row.
    let twice = logs.len() < rounds.len();
    let ck = |db| p.cx.ck(db);
    for r in &rounds {
        let log = match twice {
            true => logs.get(&r.round).cloned(),
            false => logs.remove(&r.round),
        };
        let log = log.ok_or(AuditError::Refused(LogRefusal::NoSettlement {
            round: r.round,
        }))?;
        add(p.sessions, r, &th, &log, boxes.get(&r.round), &ck);
        (p.each)(&round_cells(p.cx, p.marks, r, log))?;
    }
    Ok(())
}

/// Round `r` into the sessions: from its kept boxes if it has them, else replayed.
fn add(
    sessions: &mut Sessions,
    r: &RoundRow,
    th: &Theories,
    log: &RoundLog,
    boxes: Option<&Vec<BoxFigures>>,
    ck: &dyn Fn(usize) -> Option<String>,
) {
    match boxes {
        Some(b) => sessions.add_kept(r, th, b, ck),
        None => sessions.add(r, th, log, ck),
    }
}
