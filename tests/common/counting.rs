//! A report source over the tables' files that counts what it is asked (`tests/stream.rs`:
//! a streamed report never reads a window's rounds at once) and can hide the kept totals
//! (`tests/totals.rs`: the reports read from every round, the reference), and can give a
//! round's row twice (`tests/stream.rs`: as the floor gives a round settled twice).
//! Forwards every read to `Files`. (Each test file uses what it needs.)
#![allow(dead_code)]

use croupier::codes::RefusalCode;
use croupier::log::payload::{BetData, NetData};
use croupier::log::{AuditError, EventKind};
use croupier::report::RoundRow;
use croupier::report::data::{
    Files, KeptRound, Noted, Page, RoundLogs, Source, SourceAlarm, SourceHead, Start, TotalRow,
};
use croupier::session::pontis::GameRow;

/// What a report asked of its source.
#[derive(Default)]
pub struct Asked {
    pub longest_page: usize,
    pub pages: usize,
    pub whole_reads: usize,
    pub one_round_reads: usize,
    pub calls: usize,
    /// Events handed out by the `events_of` calls that ask for settlements (rounds read
    /// one by one from the log, with whatever was asked beside them).
    pub settlement_reads: usize,
    /// `round_logs` calls: rounds read from their events by the page (none when every kept
    /// row a round reads).
    pub log_reads: usize,
    /// `round_starts` calls: rounds' openings read for their variances (none when every
    /// kept row a round reads).
    pub start_reads: usize,
}

/// The files, with what is asked of them counted; with `totals` false, it keeps no totals
/// (`Source::totals` is `None`), so every report reads every round.
pub struct Counting<'a> {
    pub files: Files<'a>,
    pub asked: Asked,
    pub totals: bool,
    /// The row each read of rounds gives twice (the floor's rows are by table and seq: a
    /// table database that sends two settlements of one round has two of one round).
    pub twice: Option<RoundRow>,
    /// Whether it gives the files' kept rows (`false`: a source that keeps none, as the
    /// floor, read from the events).
    pub rows: bool,
}

impl<'a> Counting<'a> {
    pub fn new(files: Files<'a>) -> Counting<'a> {
        Counting {
            files,
            asked: Asked::default(),
            totals: true,
            twice: None,
            rows: true,
        }
    }

    /// The files read as if they kept no rows a round (the reports read the events).
    pub fn events_only(files: Files<'a>) -> Counting<'a> {
        Counting {
            rows: false,
            ..Counting::new(files)
        }
    }

    /// The files read as if they kept no totals.
    pub fn every_round(files: Files<'a>) -> Counting<'a> {
        Counting {
            totals: false,
            ..Counting::new(files)
        }
    }
}

impl Counting<'_> {
    /// `rows`, the row `twice` given twice.
    fn doubled(&self, mut rows: Vec<RoundRow>) -> Vec<RoundRow> {
        if let Some(i) = rows.iter().position(|r| Some(r) == self.twice.as_ref()) {
            rows.insert(i + 1, rows[i].clone());
        }
        rows
    }
}

impl Source for Counting<'_> {
    fn rounds(
        &mut self,
        from_ms: i64,
        to_ms: i64,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Vec<RoundRow>, AuditError> {
        self.asked.calls += 1;
        self.asked.whole_reads += 1;
        let rows = self.files.rounds(from_ms, to_ms, progress)?;
        Ok(self.doubled(rows))
    }
    fn rounds_page(&mut self, db: usize, page: &Page) -> Result<Vec<RoundRow>, AuditError> {
        self.asked.calls += 1;
        let rows = self.files.rounds_page(db, page)?;
        let rows = self.doubled(rows);
        self.asked.pages += 1;
        self.asked.longest_page = self.asked.longest_page.max(rows.len());
        Ok(rows)
    }
    fn kept_rounds_page(
        &mut self,
        db: usize,
        page: &Page,
    ) -> Result<Option<Vec<KeptRound>>, AuditError> {
        self.asked.calls += 1;
        if !self.rows {
            return Ok(None);
        }
        let Some(mut kept) = self.files.kept_rounds_page(db, page)? else {
            return Ok(None);
        };
        if let Some(i) = kept
            .iter()
            .position(|k| Some(&k.round) == self.twice.as_ref())
        {
            kept.insert(i + 1, kept[i].clone());
        }
        self.asked.pages += 1;
        self.asked.longest_page = self.asked.longest_page.max(kept.len());
        Ok(Some(kept))
    }
    fn databases(&self) -> usize {
        self.files.databases()
    }
    fn table_keys(&mut self) -> Result<Vec<(String, usize)>, AuditError> {
        self.asked.calls += 1;
        self.files.table_keys()
    }
    fn round_inputs(
        &mut self,
        db: usize,
        round: i64,
    ) -> Result<(Vec<BetData>, Vec<String>), AuditError> {
        self.asked.calls += 1;
        self.asked.one_round_reads += 1;
        self.files.round_inputs(db, round)
    }
    fn round_nets(
        &mut self,
        db: usize,
        round: i64,
        through: Option<i64>,
    ) -> Result<Vec<NetData>, AuditError> {
        self.asked.calls += 1;
        self.asked.one_round_reads += 1;
        self.files.round_nets(db, round, through)
    }
    fn round_logs(
        &mut self,
        db: usize,
        rounds: &[i64],
        through: Option<i64>,
    ) -> Result<RoundLogs, AuditError> {
        self.asked.calls += 1;
        self.asked.log_reads += 1;
        self.files.round_logs(db, rounds, through)
    }
    fn events_of(
        &mut self,
        kinds: &[EventKind],
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<Noted>, AuditError> {
        self.asked.calls += 1;
        let events = self.files.events_of(kinds, from_ms, to_ms)?;
        if kinds.contains(&EventKind::RoundSettled) {
            self.asked.settlement_reads += events.len();
        }
        Ok(events)
    }
    fn round_starts(
        &mut self,
        db: usize,
        first: i64,
        last: i64,
        each: &mut dyn FnMut(i64, Start<'_>) -> Result<(), AuditError>,
    ) -> Result<(), AuditError> {
        self.asked.calls += 1;
        self.asked.start_reads += 1;
        self.files.round_starts(db, first, last, each)
    }
    fn heads(
        &mut self,
        verify: bool,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Vec<SourceHead>, AuditError> {
        self.asked.calls += 1;
        self.files.heads(verify, progress)
    }
    fn pontis_games(&mut self, from_ms: i64, to_ms: i64) -> Result<Vec<GameRow>, AuditError> {
        self.asked.calls += 1;
        self.files.pontis_games(from_ms, to_ms)
    }
    fn alarms(&mut self, from_ms: i64, to_ms: i64) -> Result<Vec<SourceAlarm>, AuditError> {
        self.asked.calls += 1;
        self.files.alarms(from_ms, to_ms)
    }
    fn totals(&mut self, from: i64, to: i64) -> Result<Option<Vec<TotalRow>>, AuditError> {
        self.asked.calls += 1;
        match self.totals {
            true => self.files.totals(from, to),
            false => Ok(None),
        }
    }
    fn kept_theories(&mut self, db: usize) -> Result<Vec<(String, String)>, AuditError> {
        self.asked.calls += 1;
        self.files.kept_theories(db)
    }
    fn derived_refusal(&mut self, db: usize, round: i64, seq: i64) -> Option<RefusalCode> {
        self.asked.calls += 1;
        self.files.derived_refusal(db, round, seq)
    }
}
