//! The auditor's check of each table database's kept totals (`croupier.round_totals`,
//! which the floor's summary, dealers and close-out read) against what its events make
//! them (`croupier.totals_break`), recorded in `croupier.totals_checked` (schema 13) for
//! the reports' footers, which read it instead of rebuilding the totals themselves; a
//! break raises an alarm, once. It writes only that row and that alarm.
//!
//! How often (each check rebuilds the table database's whole totals from `rounds`):
//! - on the first pass of every auditor run (`croupier floor-audit` run once by hand
//!   checks every table database whose replay has caught up);
//! - when `round_totals` was written outside the floor's trigger since the last check
//!   (`touched`, set by schema 13's trigger): at the next pass;
//! - when events arrived since the last check: at most once every [`TOTALS_EVERY`];
//! - and at least once every [`TOTALS_ANYWAY`] whatever arrived (a change made with the
//!   triggers off sets no `touched`).
//!
//! Until a check covers the table database's head, its footer says through which event
//! the totals were checked, and does not read PASSED.

use std::time::{Duration, Instant};

use super::{Auditor, server_err, short_id};
use crate::floor::{FloorError, FloorTable};

/// A table database's totals are checked again after new events at most this often.
pub(super) const TOTALS_EVERY: Duration = Duration::from_secs(5 * 60);

/// Every table database's totals are checked at least this often.
pub(super) const TOTALS_ANYWAY: Duration = Duration::from_secs(60 * 60);

impl Auditor {
    /// The break of `t`'s kept totals, as checked now when a check is due (module
    /// header), else as last recorded: (the head it was checked through, what).
    pub(super) fn totals(&mut self, t: &FloorTable) -> Result<Option<(i64, String)>, FloorError> {
        let target = self.floor.target.clone();
        let row = self
            .floor
            .client()
            .query_opt(
                "SELECT seq, touched, broken FROM croupier.totals_checked WHERE tab = $1",
                &[&t.tab],
            )
            .map_err(|e| server_err(&target, e))?;
        let recorded = row.map(|r| {
            (
                r.get::<_, i64>(0),
                r.get::<_, bool>(1),
                r.get::<_, Option<String>>(2),
            )
        });
        let due = match (self.totals_at.get(&t.tab), &recorded) {
            (None, _) | (_, None) => true,
            (Some(last), Some((seq, touched, _))) => {
                *touched
                    || last.elapsed() >= TOTALS_ANYWAY
                    || (*seq < t.head_seq && last.elapsed() >= TOTALS_EVERY)
            }
        };
        if due {
            return self.check_totals(t);
        }
        Ok(recorded.and_then(|(seq, _, broken)| broken.map(|b| (seq, totals_what(t, seq, &b)))))
    }

    /// `t`'s kept totals held to its events now (`totals_break`, in one snapshot with its
    /// head), recorded; a break not recorded before raised as an alarm.
    fn check_totals(&mut self, t: &FloorTable) -> Result<Option<(i64, String)>, FloorError> {
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| server_err(&target, e);
        let mut tx = self.floor.client().transaction().map_err(&err)?;
        // The row locked before the rebuild's snapshot: a change to `round_totals`
        // committed after it waits for this commit to mark the row touched again.
        tx.execute(
            "INSERT INTO croupier.totals_checked (tab, seq) VALUES ($1, 0)
             ON CONFLICT (tab) DO NOTHING",
            &[&t.tab],
        )
        .map_err(&err)?;
        let before: Option<String> = tx
            .query_one(
                "SELECT broken FROM croupier.totals_checked WHERE tab = $1 FOR UPDATE",
                &[&t.tab],
            )
            .map_err(&err)?
            .get(0);
        let now = tx
            .query_one(
                "SELECT croupier.totals_break($1),
                        (SELECT head_seq FROM croupier.tables WHERE tab = $1)",
                &[&t.tab],
            )
            .map_err(&err)?;
        let (broken, seq): (Option<String>, i64) = (now.get(0), now.get(1));
        tx.execute(
            "UPDATE croupier.totals_checked
                SET seq = $2, at = now(), broken = $3, touched = false WHERE tab = $1",
            &[&t.tab, &seq, &broken],
        )
        .map_err(&err)?;
        if let Some(b) = &broken
            && before.as_ref() != Some(b)
        {
            tx.execute(
                "SELECT croupier.raise_alarm($1, $2, NULL, NULL, $3)",
                &[&t.db, &seq, &totals_what(t, seq, b)],
            )
            .map_err(&err)?;
        }
        tx.commit().map_err(&err)?;
        self.totals_at.insert(t.tab, Instant::now());
        Ok(broken.map(|b| (seq, totals_what(t, seq, &b))))
    }
}

/// The alarm's and the auditor's words for a break of `t`'s totals found at head `seq`.
fn totals_what(t: &FloorTable, seq: i64, broken: &str) -> String {
    format!(
        "totals: table database {} ({}) checked through event {seq}: the floor's kept totals differ from what its events make them: {broken}",
        short_id(&t.db),
        t.path
    )
}
