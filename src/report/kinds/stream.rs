//! Streamed reports (issue 25 item 2): the rounds and exceptions kinds read their rows from
//! a `Source` a bounded page at a time and write each row as it comes, as CSV, JSON or
//! HTML, byte for byte what the in-memory `Report` renders. Each database's head is
//! recorded (and verified) first and every read capped at it (`AtHeads`), so the report is
//! that of the logs up to its footer's heads, whatever is logged while it is written.
//! Reads only; never holds a period.

use std::cell::RefCell;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::ser::{Error as _, SerializeMap, SerializeSeq};
use serde_json::Value;

use super::super::render::{
    self, CsvFile, FileError, HTML_TABLE_END, Style, csv_footer, csv_header, csv_paths,
    html_around, html_heading, html_none, html_row, html_table_head,
};
use super::super::theory::Openings;
use super::Calendars;
use super::{
    Ctx, Kind, Options, Report, RoundCells, RoundRow, Section, Theories, assemble, players_columns,
    rounds_columns,
};
use crate::log::Store;
use crate::log::{AuditError, LogRefusal};
use crate::report::query::{Files, Page, Source, SourceHead};
use at_heads::AtHeads;
use chrono::Datelike;

mod at_heads;
mod exceptions;
mod kept;

/// How many rounds a streamed report reads at a time.
pub const PAGE: usize = 2_000;

/// Why a streamed report was not written: reading its databases, or writing its output.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    #[error(transparent)]
    Audit(#[from] AuditError),
    #[error(transparent)]
    File(#[from] FileError),
    #[error("writing the report")]
    Io(#[from] std::io::Error),
    #[error("writing the report as JSON")]
    Json(#[source] serde_json::Error),
    /// The thread reading the rounds report's next pages panicked (a bug): its message.
    #[error("reading the report's rounds: the reading thread failed: {0}")]
    ReaderPanicked(String),
}

/// A JSON writer's failure to write is the output's (a closed pipe, a full disk), said as
/// one; only the rest is JSON's own.
impl From<serde_json::Error> for StreamError {
    fn from(e: serde_json::Error) -> StreamError {
        if e.is_io() {
            StreamError::Io(e.into())
        } else {
            StreamError::Json(e)
        }
    }
}

/// A report ready to be written: its frame (what every format writes around the rows:
/// the footer, the columns, the sections held in memory) and how its long sections' rows
/// are read again as they are written.
pub struct Streamed<'a> {
    frame: Report,
    plan: Plan<'a>,
    page: usize,
    /// Each database's head as recorded before anything else was read: the footer's, and
    /// where every read of the rows stops.
    heads: Vec<SourceHead>,
}

/// How a report's rows come.
enum Plan<'a> {
    /// Every section is held in the frame (the kinds that do not stream).
    Held,
    /// The rounds section read page by page; the players section's sessions are made in
    /// the same pass (a row per box session, held until the pass ends).
    Rounds {
        cx: Box<Ctx<'a>>,
        marks: bool,
        players: Option<Vec<Vec<super::Cell>>>,
    },
    /// The counts by kind are in the frame (a counting pass); the rows are read once
    /// per kind, most serious first.
    Exceptions(Box<exceptions::Plan<'a>>),
}

/// [`stream_from`] over the tables' files.
pub fn stream<'a>(
    stores: &[Store],
    o: &'a Options<'a>,
    progress: impl FnMut(&str),
) -> Result<Streamed<'a>, StreamError> {
    stream_from(&mut Files(stores), o, progress)
}

/// A report to be written as it is read: the rounds and exceptions kinds stream (their
/// rows read [`PAGE`] rounds at a time), every other kind is built in memory as
/// [`super::build_from`] builds it.
pub fn stream_from<'a>(
    src: &mut dyn Source,
    o: &'a Options<'a>,
    progress: impl FnMut(&str),
) -> Result<Streamed<'a>, StreamError> {
    stream_paged(src, o, PAGE, progress)
}

/// [`stream_from`] reading `page` rounds at a time (the tests read small pages).
pub fn stream_paged<'a>(
    src: &mut dyn Source,
    o: &'a Options<'a>,
    page: usize,
    mut progress: impl FnMut(&str),
) -> Result<Streamed<'a>, StreamError> {
    let page = page.max(1);
    if !matches!(o.kind, Kind::Rounds | Kind::Exceptions) {
        let frame = super::build_from(src, o, progress)?;
        return Ok(Streamed {
            frame,
            plan: Plan::Held,
            page,
            heads: Vec::new(),
        });
    }
    // The heads first (a held report reads them last): what follows, frame and rows, is
    // read as the logs stood at them.
    let heads = src.heads(o.verify, &mut progress)?;
    let src = &mut AtHeads::new(src, heads.clone());
    let cals = Calendars::read(src)?;
    // Which databases have rounds from the year's start: what tells whether the report
    // mixes currencies, as the report held in memory tells it.
    let ytd_day = o.period.to.with_ordinal(1).unwrap_or(o.period.to);
    let (load_from, to_ms) = cals.window(ytd_day.min(o.period.from), o.period.to);
    let mut dbs = std::collections::BTreeSet::new();
    for db in 0..src.databases() {
        let first = Page {
            limit: Some(1),
            ..Page::all(load_from, to_ms)
        };
        if !src.rounds_page(db, &first)?.is_empty() {
            dbs.insert(db);
        }
    }
    let cur_of = super::currencies(src)?;
    let cx = Ctx::new(src, o, &[], cals, cur_of, &dbs, &mut progress)?;
    if o.kind == Kind::Exceptions {
        let (frame, plan) = exceptions::prepare(src, cx, load_from, page, &mut progress)?;
        return Ok(Streamed {
            frame,
            plan: Plan::Exceptions(Box::new(plan)),
            page,
            heads,
        });
    }
    let marks = src.marks_replay();
    let sections = vec![
        empty("rounds", rounds_columns(&cx, marks)),
        empty("players", players_columns(&cx)),
    ];
    let frame = assemble(src, o, &cx, sections, Vec::new(), &mut progress)?;
    Ok(Streamed {
        frame,
        plan: Plan::Rounds {
            cx: Box::new(cx),
            marks,
            players: None,
        },
        page,
        heads,
    })
}

/// A section whose rows stream.
fn empty(name: &str, columns: Vec<&'static str>) -> Section {
    Section {
        name: name.into(),
        columns,
        rows: Vec::new(),
    }
}

/// Each round of database `db` settled in `[from_ms, to_ms)`, in (time, round) order,
/// read `page` at a time and handed to `each` with the page it came in.
pub(super) fn each_page(
    src: &mut dyn Source,
    db: usize,
    (from_ms, to_ms): (i64, i64),
    page: usize,
    each: &mut EachPage,
) -> Result<(), StreamError> {
    let mut after = None;
    loop {
        let p = Page {
            after,
            limit: Some(page),
            ..Page::all(from_ms, to_ms)
        };
        let rows = src.rounds_page(db, &p)?;
        let full = rows.len() >= page;
        let Some(last) = rows.last() else {
            return Ok(());
        };
        after = Some((last.at, last.round));
        each(src, rows)?;
        if !full {
            return Ok(());
        }
    }
}

/// A page of rounds handed on with the source it came from.
pub(super) type EachPage<'e> =
    dyn FnMut(&mut dyn Source, Vec<RoundRow>) -> Result<(), StreamError> + 'e;

/// A row handed on as it is made.
type Each<'e> = dyn FnMut(&[super::Cell]) -> Result<(), StreamError> + 'e;

impl<'a> Streamed<'a> {
    /// The report's frame: every section's name and columns, the held sections' rows, the
    /// footer. A streamed section's rows are not in it.
    pub fn report(&self) -> &Report {
        &self.frame
    }

    /// Whether section `i`'s rows are read as they are written.
    fn streams(&self, i: usize) -> bool {
        match &self.plan {
            Plan::Held => false,
            Plan::Rounds { .. } => true,
            Plan::Exceptions(_) => i == 1,
        }
    }

    /// Section `i`'s rows, each handed to `each` as it is read.
    fn each_row(
        &mut self,
        src: &mut dyn Source,
        i: usize,
        each: &mut Each,
    ) -> Result<(), StreamError> {
        if !self.streams(i) {
            for row in self.frame.sections.get(i).map_or(&[][..], |s| &s.rows) {
                each(row)?;
            }
            return Ok(());
        }
        let page = self.page;
        let src = &mut AtHeads::new(src, self.heads.clone());
        match &mut self.plan {
            Plan::Held => Ok(()),
            Plan::Rounds { cx, marks, players } => {
                if i == 0 || players.is_none() {
                    let mut skip = |_: &[super::Cell]| Ok(());
                    let each: &mut Each = if i == 0 { each } else { &mut skip };
                    *players = Some(rounds_pass(src, cx, *marks, page, each)?);
                }
                if i == 1 {
                    for row in players.iter().flatten() {
                        each(row)?;
                    }
                }
                Ok(())
            }
            Plan::Exceptions(plan) => plan.rows(src, each),
        }
    }

    /// The whole report in memory, its streamed rows read in (for the tests, and for a
    /// screen that shows the rows).
    pub fn into_report(mut self, src: &mut dyn Source) -> Result<Report, StreamError> {
        for i in 0..self.frame.sections.len() {
            if self.streams(i) {
                let mut rows = Vec::new();
                self.each_row(src, i, &mut |r| {
                    rows.push(r.to_vec());
                    Ok(())
                })?;
                self.frame.sections[i].rows = rows;
            }
        }
        Ok(self.frame)
    }

    /// Writes the CSV files into `dir` as [`render::render_csv_in`] writes the report's:
    /// the same files, byte for byte, their rows written as they are read.
    pub fn write_csv(
        &mut self,
        src: &mut dyn Source,
        dir: &Path,
        replace: bool,
        st: &Style,
    ) -> Result<Vec<PathBuf>, StreamError> {
        let files = csv_paths(&self.frame, dir);
        let mut made = 0;
        let written = (|| -> Result<(), StreamError> {
            for (i, path) in files.iter().enumerate().take(self.frame.sections.len()) {
                let header = csv_header(&self.frame.sections[i], st);
                let mut file = CsvFile::create(path, replace, st, &header)?;
                made = i + 1;
                self.each_row(src, i, &mut |row| Ok(file.row(row, st)?))?;
                file.finish()?;
            }
            csv_footer(&self.frame, &files, replace, st)?;
            Ok(())
        })();
        if let Err(e) = written {
            // A report cut off half way is not left under its name, looking whole: the
            // files this write made go (the footer's too, if it was made).
            for path in files.iter().take(made) {
                crate::files::discard(path);
            }
            return Err(e);
        }
        Ok(files)
    }

    /// Writes the page as [`render::render_html_in`] makes it, its rows as they are read.
    pub fn write_html(
        &mut self,
        src: &mut dyn Source,
        out: &mut dyn Write,
        st: &Style,
    ) -> Result<(), StreamError> {
        let mut out = std::io::BufWriter::new(out);
        let (lang, currency) = (st.lang, self.frame.currency());
        let (before, after) = html_around(&self.frame, st);
        out.write_all(before.as_bytes())?;
        for i in 0..self.frame.sections.len() {
            let s = &self.frame.sections[i];
            let mut text = String::new();
            html_heading(&mut text, lang, s);
            out.write_all(text.as_bytes())?;
            let mut head = String::new();
            html_table_head(&mut head, lang, s);
            let mut rows = 0usize;
            // One text for every row, emptied for the next (its room kept).
            let mut text = String::new();
            self.each_row(src, i, &mut |row| {
                text.clear();
                if rows == 0 {
                    text.push_str(&head);
                }
                rows += 1;
                html_row(&mut text, row, lang, currency);
                Ok(out.write_all(text.as_bytes())?)
            })?;
            let mut end = String::new();
            match rows {
                0 => html_none(&mut end, lang),
                _ => end.push_str(HTML_TABLE_END),
            }
            out.write_all(end.as_bytes())?;
        }
        out.write_all(after.as_bytes())?;
        Ok(out.flush()?)
    }

    /// Writes the JSON document as `serde_json::to_string_pretty(&render_json(…))` and a
    /// newline make it, its rows as they are read, the held sections' rows serialized
    /// from their cells as they are written (never all made into `Value`s first: at a
    /// year's summary of a floor those were 58 MB beside the cells' 96 MB).
    pub fn write_json(
        &mut self,
        src: &mut dyn Source,
        out: &mut dyn Write,
    ) -> Result<(), StreamError> {
        let doc = render::render_json_frame(&self.frame);
        let mut out = std::io::BufWriter::new(out);
        let json = JsonDoc {
            doc: &doc,
            now: RefCell::new((self, src)),
            failed: RefCell::new(None),
        };
        let written = serde_json::to_writer_pretty(&mut out, &json);
        if let Some(e) = json.failed.into_inner() {
            return Err(e);
        }
        written?;
        out.write_all(b"\n")?;
        Ok(out.flush()?)
    }
}

/// The rounds of the period, page by page: each round's row to `each`, its boxes'
/// sessions made as the rounds come; the sessions' rows at the end. Each page's theory
/// (its rules, variances and decisions' costs) is read as the held report reads it.
fn rounds_pass(
    src: &mut dyn Source,
    cx: &Ctx,
    marks: bool,
    page: usize,
    each: &mut Each,
) -> Result<Vec<Vec<super::Cell>>, StreamError> {
    let ck = |db| cx.ck(db);
    let mut sessions = super::super::players::Sessions::default();
    // The tables' openings (their rules, solved once a process) are the same for every
    // page: read once.
    let openings = Openings::read(src, cx.to_ms)?;
    // Each row made in the previous one's cells (their texts, inputs and boxes kept).
    let mut cells = RoundCells::default();
    for db in 0..src.databases() {
        // A source that keeps a row a round is read from the rows; else from the events.
        let mut pass = kept::Pass {
            cx,
            marks,
            openings: &openings,
            sessions: &mut sessions,
            cells: &mut cells,
            each: &mut *each,
        };
        if kept::rounds(src, db, page, &mut pass)? {
            continue;
        }
        each_page(src, db, (cx.from_ms, cx.to_ms), page, &mut |src, rows| {
            let kept: Vec<RoundRow> = rows.into_iter().filter(|r| cx.keeps(r)).collect();
            // The page's rounds' bets, inputs and nets in one read (a few queries), not
            // one a round.
            let ids: Vec<i64> = kept.iter().map(|r| r.round).collect();
            let logs = src.round_logs(db, &ids, None)?;
            let th = Theories::read_logged(src, &kept, &openings, &logs, &Default::default())?;
            // A round twice in the page (the floor's rows are by table and seq: a table
            // database may send two settlements of one round) shows its log each time.
            for r in &kept {
                let log =
                    logs.get(&r.round)
                        .ok_or(AuditError::Refused(LogRefusal::NoSettlement {
                            round: r.round,
                        }))?;
                sessions.add(r, &th, log, &ck);
                cells.fill_log(cx, marks, r, log);
                each(cells.row())?;
            }
            Ok(())
        })?;
    }
    Ok(sessions.rows(&ck, &cx.shared))
}

/// The JSON document with its streamed sections' rows read as they are serialized.
struct JsonDoc<'d, 's, 'a> {
    doc: &'d Value,
    now: RefCell<(&'s mut Streamed<'a>, &'s mut dyn Source)>,
    /// What stopped the rows (serde only carries its own error).
    failed: RefCell<Option<StreamError>>,
}

impl serde::Serialize for JsonDoc<'_, '_, '_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let Value::Object(obj) = self.doc else {
            return self.doc.serialize(ser);
        };
        let mut map = ser.serialize_map(Some(obj.len()))?;
        for (k, v) in obj {
            match (k.as_str(), v) {
                ("sections", Value::Array(sections)) => {
                    map.serialize_entry(k, &JsonSections(self, sections))?
                }
                _ => map.serialize_entry(k, v)?,
            }
        }
        map.end()
    }
}

struct JsonSections<'j, 'd, 's, 'a>(&'j JsonDoc<'d, 's, 'a>, &'j [Value]);

impl serde::Serialize for JsonSections<'_, '_, '_, '_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let mut seq = ser.serialize_seq(Some(self.1.len()))?;
        for (i, s) in self.1.iter().enumerate() {
            let streams = self.0.now.borrow().0.streams(i);
            match (streams, s) {
                (true, Value::Object(obj)) => {
                    seq.serialize_element(&JsonSection(self.0, i, obj))?
                }
                (false, Value::Object(obj)) => {
                    let now = self.0.now.borrow();
                    match now.0.frame.sections.get(i) {
                        Some(held) => seq.serialize_element(&HeldSection(obj, held))?,
                        None => seq.serialize_element(s)?,
                    }
                }
                _ => seq.serialize_element(s)?,
            }
        }
        seq.end()
    }
}

struct JsonSection<'j, 'd, 's, 'a>(
    &'j JsonDoc<'d, 's, 'a>,
    usize,
    &'j serde_json::Map<String, Value>,
);

impl serde::Serialize for JsonSection<'_, '_, '_, '_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let mut map = ser.serialize_map(Some(self.2.len()))?;
        let labelled = RefCell::new(Vec::new());
        for (k, v) in self.2 {
            match k.as_str() {
                "rows" => map.serialize_entry(k, &JsonRows(self.0, self.1, &labelled))?,
                _ => map.serialize_entry(k, v)?,
            }
        }
        // As the held document has it (`render::section_json`): after the rows, the
        // tables named with their database, once the rows have said which.
        let labelled = labelled.into_inner();
        if !labelled.is_empty() {
            map.serialize_entry("tables_in_databases", &labelled)?;
        }
        map.end()
    }
}

/// A held section as `render::section_json` makes it (its frame's entries, in order,
/// the rows from the section's cells; then the tables named with their database), each
/// row's cells serialized as they are written.
struct HeldSection<'j>(&'j serde_json::Map<String, Value>, &'j Section);

impl serde::Serialize for HeldSection<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let mut map = ser.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            match k.as_str() {
                "rows" => map.serialize_entry(k, &HeldRows(&self.1.rows))?,
                _ => map.serialize_entry(k, v)?,
            }
        }
        let mut labelled = Vec::new();
        for (i, row) in self.1.rows.iter().enumerate() {
            render::tables_in_databases(i, row, &mut labelled);
        }
        if !labelled.is_empty() {
            map.serialize_entry("tables_in_databases", &labelled)?;
        }
        map.end()
    }
}

/// A held section's rows, each as [`JsonRow`].
struct HeldRows<'r>(&'r [Vec<super::Cell>]);

impl serde::Serialize for HeldRows<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        ser.collect_seq(self.0.iter().map(|row| JsonRow(row)))
    }
}

/// A streamed section's rows; the tables its cells name with their database are gathered
/// into the third field as they pass.
struct JsonRows<'j, 'd, 's, 'a>(&'j JsonDoc<'d, 's, 'a>, usize, &'j RefCell<Vec<Value>>);

impl serde::Serialize for JsonRows<'_, '_, '_, '_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let mut seq = ser.serialize_seq(None)?;
        let mut ser_error = None;
        let read = {
            let mut now = self.0.now.borrow_mut();
            let (streamed, src) = &mut *now;
            let mut i = 0;
            streamed.each_row(&mut **src, self.1, &mut |row| {
                render::tables_in_databases(i, row, &mut self.2.borrow_mut());
                i += 1;
                seq.serialize_element(&JsonRow(row)).map_err(|e| {
                    ser_error = Some(e);
                    StreamError::Io(std::io::Error::other("stopped"))
                })
            })
        };
        if let Some(e) = ser_error {
            return Err(e);
        }
        if let Err(e) = read {
            let words = e.to_string();
            *self.0.failed.borrow_mut() = Some(e);
            return Err(S::Error::custom(words));
        }
        seq.end()
    }
}

/// A row's cells as their `Value`s serialize, each written where it goes.
struct JsonRow<'r>(&'r [super::Cell]);

impl serde::Serialize for JsonRow<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        ser.collect_seq(self.0.iter().map(|c| c.json_cell()))
    }
}
