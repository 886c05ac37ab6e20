//! One export of a logged round or Pontis game: its starting event found by its number,
//! then the log read through a replay until that round or game has ended (issue 22: one
//! policy, once). Reads only; knows no replay of its own (the replays implement `Finds`).

use super::error::ReplayError;
use crate::log::event::{Event, EventKind};
use crate::log::store::{AuditError, LogRefusal, NOT_STEP, Store};

/// A replay that can stop at one logged round or game, with what tells it apart.
pub(crate) trait Finds {
    /// What is exported: the script, with its logged end.
    type Found;
    /// The kind of the event that starts one, and the SQL expression of its number there.
    const START: EventKind;
    const NUMBER: &'static str;
    /// Whether its table's events are enough (a Pontis game); a round's replay reads the
    /// whole log (the users, settings and money logged before it).
    const ONE_TABLE: bool;
    /// A replay that keeps number `n` when it ends.
    fn wanting(n: i64) -> Self;
    fn read(&mut self, e: &Event) -> Result<(), ReplayError>;
    fn take(&mut self) -> Option<Self::Found>;
    fn has_found(&self) -> bool;
    /// Why there is nothing numbered `n` (the refusal names how many there are).
    fn missing(store: &Store, n: i64) -> Result<LogRefusal, AuditError>;
    /// Number `n` started and has not ended.
    fn in_play(n: i64) -> LogRefusal;
}

/// Round or game `n` read back from `store` through the replay `F`.
pub(crate) fn logged<F: Finds>(store: &Store, n: i64) -> Result<F::Found, ReplayError> {
    let refused = |r: LogRefusal| ReplayError::Store(AuditError::Refused(r));
    let (starts, table): (i64, Option<i64>) = store
        .conn()
        .query_row(
            &format!(
                "SELECT count(*), min(table_id) FROM events WHERE kind = {} AND {NOT_STEP} AND {} = ?1",
                F::START.code(),
                F::NUMBER
            ),
            [n],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .map_err(|e| ReplayError::Store(store.sql_error(e)))?;
    if starts == 0 || F::ONE_TABLE && table.is_none() {
        return Err(refused(F::missing(store, n)?));
    }
    let mut r = F::wanting(n);
    let mut read = |e: Event| {
        r.read(&e)?;
        // Stop reading once it is found.
        if r.has_found() { Err(None) } else { Ok(()) }
    };
    let stopped = match table.filter(|_| F::ONE_TABLE) {
        Some(t) => store.each_table_event(t, i64::MIN, i64::MAX, &mut read)?,
        None => store.each_event(1, &mut read)?,
    };
    stopped.or_else(|e: Option<ReplayError>| e.map_or(Ok(()), Err))?;
    r.take().ok_or_else(|| refused(F::in_play(n)))
}
