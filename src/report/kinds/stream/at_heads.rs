//! A source read as it stood at the heads a streamed report recorded: every page of rounds
//! (their voids and corrections too) and every event capped at its database's head seq,
//! so that rounds and events logged while the report is written never reach it. Forwards
//! reads only; never reads a head again.

use crate::codes::RefusalCode;
use crate::log::payload::{BetData, NetData};
use crate::log::{AuditError, EventKind};
use crate::report::query::{
    KeptReader, KeptRound, Noted, Page, RoundLogs, RoundRow, Source, SourceAlarm, SourceHead,
    Start, TotalRow,
};
use crate::session::pontis::GameRow;

/// `src` as it stood at `heads` (each database's, in the source's order).
pub(super) struct AtHeads<'s> {
    src: &'s mut dyn Source,
    heads: Vec<SourceHead>,
}

impl<'s> AtHeads<'s> {
    pub(super) fn new(src: &'s mut dyn Source, heads: Vec<SourceHead>) -> AtHeads<'s> {
        AtHeads { src, heads }
    }

    /// Database `db`'s recorded head seq (nothing of a database with no head: it has
    /// none to read).
    fn head(&self, db: usize) -> i64 {
        self.heads.get(db).map_or(0, |h| h.head_seq)
    }

    /// `page` capped at database `db`'s head.
    fn capped(&self, db: usize, page: &Page) -> Page {
        page.capped(self.head(db))
    }
}

impl Source for AtHeads<'_> {
    fn rounds(
        &mut self,
        from_ms: i64,
        to_ms: i64,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Vec<RoundRow>, AuditError> {
        let mut out = Vec::new();
        for db in 0..self.src.databases() {
            let page = self.capped(db, &Page::all(from_ms, to_ms));
            out.extend(self.src.rounds_page(db, &page)?);
            progress(out.len());
        }
        Ok(out)
    }

    fn rounds_page(&mut self, db: usize, page: &Page) -> Result<Vec<RoundRow>, AuditError> {
        let page = self.capped(db, page);
        self.src.rounds_page(db, &page)
    }

    /// The page capped at the head: its rounds, voids and corrections as [`Source::rounds_page`]
    /// here reads them, and no row of a round corrected after the head (the row holds the
    /// latest correction's nets: such a round is read from its events, capped).
    fn kept_rounds_page(
        &mut self,
        db: usize,
        page: &Page,
    ) -> Result<Option<Vec<KeptRound>>, AuditError> {
        let page = self.capped(db, page);
        self.src.kept_rounds_page(db, &page)
    }

    /// The source's second reader, capped at the head as every page here is.
    fn kept_reader(&self, db: usize) -> Result<Option<KeptReader>, AuditError> {
        let head = self.head(db);
        Ok(self.src.kept_reader(db)?.map(|r| r.capped_at(head)))
    }

    fn databases(&self) -> usize {
        self.src.databases()
    }

    /// Every table opened so far, not capped at the heads (the names are the latest,
    /// as the rounds' are): a table opened after a head with a name another database
    /// has makes that name said with its database.
    fn table_keys(&mut self) -> Result<Vec<(String, usize)>, AuditError> {
        self.src.table_keys()
    }

    /// A round's inputs all come before its settlement, so by the head of a round read.
    fn round_inputs(
        &mut self,
        db: usize,
        round: i64,
    ) -> Result<(Vec<BetData>, Vec<String>), AuditError> {
        self.src.round_inputs(db, round)
    }

    /// The nets of the latest correction by the head, else the settlement's: the source's,
    /// capped at the head whatever the caller asks (a correction logged after the head
    /// is not in this report).
    fn round_nets(
        &mut self,
        db: usize,
        round: i64,
        through: Option<i64>,
    ) -> Result<Vec<NetData>, AuditError> {
        let head = self.head(db);
        let cap = through.map_or(head, |t| t.min(head));
        self.src.round_nets(db, round, Some(cap))
    }

    /// Each round's inputs (before its settlement, so by the head) and its nets capped at
    /// the head, as [`Source::round_nets`] here caps them.
    fn round_logs(
        &mut self,
        db: usize,
        rounds: &[i64],
        through: Option<i64>,
    ) -> Result<RoundLogs, AuditError> {
        let head = self.head(db);
        let cap = through.map_or(head, |t| t.min(head));
        self.src.round_logs(db, rounds, Some(cap))
    }

    fn events_of(
        &mut self,
        kinds: &[EventKind],
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<Noted>, AuditError> {
        let mut events = self.src.events_of(kinds, from_ms, to_ms)?;
        events.retain(|n| n.seq <= self.head(n.db));
        Ok(events)
    }

    /// The openings of rounds up to one read: each began before that round's
    /// settlement, so by the head.
    fn round_starts(
        &mut self,
        db: usize,
        first: i64,
        last: i64,
        each: &mut dyn FnMut(i64, Start<'_>) -> Result<(), AuditError>,
    ) -> Result<(), AuditError> {
        self.src.round_starts(db, first, last, each)
    }

    /// The heads recorded, not read again.
    fn heads(
        &mut self,
        _verify: bool,
        _progress: &mut dyn FnMut(&str),
    ) -> Result<Vec<SourceHead>, AuditError> {
        Ok(self.heads.clone())
    }

    fn pontis_games(&mut self, from_ms: i64, to_ms: i64) -> Result<Vec<GameRow>, AuditError> {
        self.src.pontis_games(from_ms, to_ms)
    }

    /// The floor's alarms are not the table's log, nor capped by its seq (an alarm on an
    /// event the floor refused names a seq past the head): the exceptions report reads
    /// them once, as its frame is made.
    fn alarms(&mut self, from_ms: i64, to_ms: i64) -> Result<Vec<SourceAlarm>, AuditError> {
        self.src.alarms(from_ms, to_ms)
    }

    /// None: a kept total sums its hour's rounds as they stand now, and cannot be capped
    /// at a head (a round settled, voided or corrected after it would reach the report),
    /// so what reads through here (the exceptions' close-out rows) reads every round.
    fn totals(
        &mut self,
        _from_hour: i64,
        _to_hour: i64,
    ) -> Result<Option<Vec<TotalRow>>, AuditError> {
        Ok(None)
    }

    /// The kept theories are not the log: derived figures `verify` recomputes, read as
    /// they are now.
    fn kept_theories(&mut self, db: usize) -> Result<Vec<(String, String)>, AuditError> {
        self.src.kept_theories(db)
    }

    fn derived_refusal(&mut self, db: usize, round: i64, seq: i64) -> Option<RefusalCode> {
        self.src.derived_refusal(db, round, seq)
    }

    fn marks_replay(&self) -> bool {
        self.src.marks_replay()
    }
}
