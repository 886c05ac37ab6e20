//! The rounds report's rows read from the kept rows (log schema 12, `round_rows`; docs/scale.md
//! "A kept row a round"): a page is one range scan of `round_figures` and one of `round_rows`
//! over its rounds' ids (`query::kept_rows`), each round's bets, inputs and nets taken from
//! its row and its boxes' figures fed to the players' sessions without a replay, and its
//! stakes squared (the theory's spread) from its row's bets, not its start. Each row
//! is read in place (`RowView`: borrowed fields, no owned copy) and written in the previous
//! row's cells (`RoundCells`: the texts, the inputs and the detail cells' boxes kept); an
//! owned log is made only of a row whose round logged no cost or has no box figures (what
//! the page's theories or a replay read). A round the row cannot give is read from its
//! events as before: one with no row or a row that does not read, one corrected after the report's
//! head (the row holds the latest correction's nets), and, for the players section, one
//! whose row has no box figures (settled before its rules were solved: replayed). A source
//! that keeps no rows (the floor) is read from the events whole (`stream::rounds_pass`).
//! A source with a second reader (a file opened again: `query::KeptReader`) has each next
//! page read on a thread of its own while this one writes the page before (`ahead`).
//! Reads only.

use super::super::super::players::Sessions;
use super::super::super::theory::{KeptSquares, Openings};
use super::{Ctx, Each, RoundCells, StreamError, Theories};
use crate::log::{AuditError, LogRefusal, totals};
use crate::panics::panic_message;
use crate::report::query::{KeptReader, KeptRound, Page, RoundLog, RoundLogs, RoundRow, Source};
use crate::session::round_row::RowView;
use std::sync::mpsc::{Receiver, Sender};

/// What a database's pass feeds: the rows' writer and the players' sessions.
pub(super) struct Pass<'p, 'e> {
    pub(super) cx: &'p Ctx<'p>,
    pub(super) marks: bool,
    pub(super) openings: &'p Openings,
    pub(super) sessions: &'p mut Sessions,
    /// The pass's row cells, each row made in the previous one's.
    pub(super) cells: &'p mut RoundCells,
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
    if let Some(reader) = src.kept_reader(db)? {
        ahead(src, db, page, p, reader)?;
        return Ok(true);
    }
    let (window, mut after) = ((p.cx.from_ms, p.cx.to_ms), None);
    loop {
        let Some(got) = src.kept_rounds_page(db, &asked(window, after, page))? else {
            return Ok(false);
        };
        let next = following(&got, page);
        if !got.is_empty() {
            one_page(src, db, got, p)?;
        }
        match next {
            Some(n) => after = Some(n),
            None => return Ok(true),
        }
    }
}

/// The page of `page` rounds of `[from_ms, to_ms)` after round `after` (time, round).
fn asked((from_ms, to_ms): (i64, i64), after: Option<(i64, i64)>, page: usize) -> Page {
    Page {
        after,
        limit: Some(page),
        ..Page::all(from_ms, to_ms)
    }
}

/// Where the page after `got` starts: after a full page's last round; none after a short
/// page (the last).
fn following(got: &[KeptRound], page: usize) -> Option<(i64, i64)> {
    (got.len() >= page)
        .then(|| got.last().map(|l| (l.round.at, l.round.round)))
        .flatten()
}

/// [`rounds`] with each next page read on the source's second reader, on a thread of its
/// own, while this one writes the page before it (the two are about even: the reads were
/// 42 % of a JSON report's pass). At most two pages wait beside the one written, so the
/// memory stays bounded; an error on either side ends both (the reader's is this pass's,
/// in its place; this side's drops the channel, which ends the reader at its next page);
/// the reader's panic is this pass's error, with its message.
fn ahead(
    src: &mut dyn Source,
    db: usize,
    page: usize,
    p: &mut Pass,
    reader: KeptReader,
) -> Result<(), StreamError> {
    let window = (p.cx.from_ms, p.cx.to_ms);
    std::thread::scope(|s| {
        let (tx, rx) = std::sync::mpsc::sync_channel::<Result<Vec<KeptRound>, AuditError>>(1);
        let (spent, freed) = std::sync::mpsc::channel::<Spent>();
        let reading = s.spawn(move || {
            let mut after = None;
            loop {
                // The pages written since the last one read are freed here.
                freed.try_iter().for_each(drop);
                let got = reader.page(&asked(window, after, page));
                let next = got.as_ref().ok().and_then(|g| following(g, page));
                if tx.send(got).is_err() {
                    return;
                }
                match next {
                    Some(n) => after = Some(n),
                    None => return,
                }
            }
        });
        // The pages written as they come; `rx` is gone when this returns, so a reader
        // blocked on its next page ends, and the join below never waits on it.
        let written = write_pages(rx, spent, src, db, p);
        match reading.join() {
            Err(panic) => Err(StreamError::ReaderPanicked(panic_message(panic.as_ref()))),
            Ok(()) => written,
        }
    })
}

/// The pages `rx` brings written, in order, each then sent on to be freed where it was
/// made.
fn write_pages(
    rx: Receiver<Result<Vec<KeptRound>, AuditError>>,
    spent: Sender<Spent>,
    src: &mut dyn Source,
    db: usize,
    p: &mut Pass,
) -> Result<(), StreamError> {
    for got in rx {
        let got = got?;
        if !got.is_empty() {
            let _ = spent.send(one_page(src, db, got, p)?);
        }
    }
    Ok(())
}

/// A page's kept rounds written and added to the sessions: each row read in place, an
/// owned log made only of a row a theory or a replay reads (a round that logged no cost,
/// or whose row has no box figures).
fn one_page(
    src: &mut dyn Source,
    db: usize,
    got: Vec<KeptRound>,
    p: &mut Pass,
) -> Result<Spent, StreamError> {
    let (rounds, rows): (Vec<RoundRow>, Vec<Option<Vec<u8>>>) = (got.into_iter())
        .filter(|k| p.cx.keeps(&k.round))
        .map(|k| (k.round, k.row))
        .unzip();
    let views: Vec<Option<RowView>> = (rows.iter())
        .map(|row| row.as_deref().and_then(RowView::read))
        .collect();
    let unread: Vec<i64> = (rounds.iter().zip(&views))
        .filter(|(_, v)| v.is_none())
        .map(|(r, _)| r.round)
        .collect();
    let mut logs = match unread.is_empty() {
        true => RoundLogs::default(),
        false => src.round_logs(db, &unread, None)?,
    };
    // Each readable row's stakes squared from its bets (its round's start's, as the row
    // was made): the page's starts are not read. A page with a round whose row does not
    // read and whose log has no one readable start reads them, and refuses an unreadable
    // one, as the events' path does.
    let mut kept = KeptSquares::with_capacity_and_hasher(rounds.len(), Default::default());
    for (r, v) in rounds.iter().zip(&views) {
        let Some(v) = v else { continue };
        kept.insert(r.round, squares_of_row(v));
        if r.cost.is_none() || v.boxes().is_none() {
            // `one_start` false: its variances are the row's, above.
            let row = v.to_row();
            let log = RoundLog {
                bets: row.bets,
                steps: row.steps,
                nets: row.nets,
                one_start: false,
            };
            logs.insert(r.round, log);
        }
    }
    let th = Theories::read_logged(src, &rounds, p.openings, &logs, &kept)?;
    let ck = |db| p.cx.ck(db);
    for (r, v) in rounds.iter().zip(&views) {
        let Some(v) = v else {
            // A round twice in the page (as a source may give one settled twice) shows
            // its log each time.
            let log = logs
                .get(&r.round)
                .ok_or(AuditError::Refused(LogRefusal::NoSettlement {
                    round: r.round,
                }))?;
            p.sessions.add(r, &th, log, &ck);
            p.cells.fill_log(p.cx, p.marks, r, log);
            (p.each)(p.cells.row())?;
            continue;
        };
        match (v.boxes(), logs.get(&r.round)) {
            (Some(boxes), _) => p.sessions.add_kept(r, &th, boxes, &ck),
            (None, Some(log)) => p.sessions.add(r, &th, log, &ck),
            // Each row without box figures had its log added above; one that had not
            // would be missing from the players' sessions: refused, never left out.
            (None, None) => {
                let refusal = LogRefusal::NoSettlement { round: r.round };
                return Err(AuditError::Refused(refusal).into());
            }
        }
        p.cells
            .fill(p.cx, p.marks, r, v.bets(), v.steps(), v.nets());
        (p.each)(p.cells.row())?;
    }
    Ok((rounds, rows))
}

/// A page's rounds and rows once written: the reader's thread frees them (they were
/// made there; freed here they cost this thread the allocator's other arena).
type Spent = (Vec<RoundRow>, Vec<Option<Vec<u8>>>);

/// A kept row's stakes squared (`box_sq`, `round_sq`), from its bets as `log::totals`
/// squares a bucket's round: what its round's start gives (`query::start_squares`), since
/// the row's bets are the start's.
fn squares_of_row(v: &RowView) -> (i64, i64) {
    totals::bets_squared(v.stakes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::Store;
    use crate::report::query::round_starts;
    use crate::session::demo;

    /// Each settled round's kept row gives the stakes squared its start gives, rounds of
    /// one box and of several, a box of two bets among them: the rows the table wrote and
    /// those the replay makes (`verify`, the migration), corrected rounds' too.
    #[test]
    fn a_kept_rows_bets_square_as_its_start() {
        let dir =
            std::env::temp_dir().join(format!("croupier-unit-{}-kept-sq", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut store = Store::open_with(&dir.join("t.db"), Box::new(demo::clock())).unwrap();
        demo::fill(&mut store, 120, 2, 9, |_| {}).unwrap();
        let replayed = crate::session::replay::rows_of(&store).unwrap();
        let (mut compared, mut several, mut two_bets) = (0, 0, 0);
        round_starts(&store, 1, i64::MAX, &mut |round, start| {
            let Some(bytes) = store.round_row(round)? else {
                return Ok(());
            };
            let from_start = start.squares().expect("the demo's starts read");
            let row = RowView::read(&bytes).expect("a kept row");
            assert_eq!(squares_of_row(&row), from_start, "round {round}");
            let again = RowView::read(&replayed[&round]).expect("a replayed row");
            assert_eq!(
                squares_of_row(&again),
                from_start,
                "round {round}, replayed"
            );
            let boxes: Vec<u8> = row.bets().map(|b| b.0).collect();
            compared += 1;
            several += usize::from(from_start.1 != from_start.0);
            two_bets += usize::from((1..boxes.len()).any(|i| boxes[..i].contains(&boxes[i])));
            Ok(())
        })
        .unwrap();
        assert!(compared >= 120, "{compared} rounds compared");
        assert!(several > 0, "no round of several boxes");
        assert!(two_bets > 0, "no box of two bets");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
