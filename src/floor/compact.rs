//! A closed month compacted (`croupier floor-compact`, README "Compacting a closed month"):
//! its events partition and the settlements reindexed, as the floor's owner, while the
//! tables go on syncing. Owns only that; it writes no row, and never picks the month (the
//! binary does, from the clock).

use std::time::Instant;

use super::{Floor, FloorError, server_err};

/// What one compaction rebuilt, and how long each took.
#[derive(Debug)]
pub struct Compacted {
    /// The month's events partition, e.g. `croupier.events_2026_11`.
    pub partition: String,
    pub partition_secs: f64,
    pub rounds_secs: f64,
}

impl Floor {
    /// Reindexes month `year`-`month`'s events partition and `croupier.rounds`
    /// (`REINDEX TABLE CONCURRENTLY`, each outside a transaction). Refused, with nothing
    /// changed, where the floor has no partition for that month, where this login does
    /// not own it, or where an earlier compaction stopped half way left invalid indexes.
    pub fn compact(&mut self, year: i32, month: u32) -> Result<Compacted, FloorError> {
        let target = self.target.clone();
        let refuse = |detail: String| FloorError::Server {
            target: target.clone(),
            detail: format!("{detail}; nothing was changed"),
        };
        let name = format!("events_{year:04}_{month:02}");
        let row = self
            .client
            .query_opt(
                "SELECT pg_has_role(current_user, c.relowner, 'USAGE')
                        AND pg_has_role(current_user, r.relowner, 'USAGE')
                   FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid,
                        pg_class r
                  WHERE i.inhparent = 'croupier.events'::regclass AND c.relname = $1
                    AND r.oid = 'croupier.rounds'::regclass",
                &[&name],
            )
            .map_err(|e| server_err(&target, e))?;
        match row.map(|r| r.get::<_, bool>(0)) {
            None => {
                return Err(refuse(format!(
                    "the floor holds no events partition for {year:04}-{month:02} (croupier.{name}): no table sent an event of that month"
                )));
            }
            Some(false) => {
                return Err(refuse(format!(
                    "floor-compact must be run by the floor's owner (the role that ran floor-init) or a superuser: this login does not own croupier.{name} and croupier.rounds"
                )));
            }
            Some(true) => {}
        }
        let leftovers = self.invalid_indexes(&name)?;
        if !leftovers.is_empty() {
            return Err(refuse(format!(
                "invalid indexes are left from a reindex that stopped half way (or one running now): {}; once none runs, drop each (DROP INDEX CONCURRENTLY <name>) and compact again",
                leftovers.join(", ")
            )));
        }
        // A month's reindex may take minutes and waits for older transactions: not under
        // the 60 s every floor connection is given (it would be cancelled half way).
        self.client
            .batch_execute("SET statement_timeout = 0")
            .map_err(|e| server_err(&target, e))?;
        let mut reindex = |table: &str| -> Result<f64, FloorError> {
            let started = Instant::now();
            self.client
                .batch_execute(&format!("REINDEX TABLE CONCURRENTLY croupier.{table}"))
                .map_err(|e| FloorError::Server {
                    target: target.clone(),
                    detail: format!(
                        "the reindex of croupier.{table} failed ({}); it may have left invalid indexes (named ..._ccnew or ..._ccold): floor-compact names them when run again",
                        super::why(&e)
                    ),
                })?;
            Ok(started.elapsed().as_secs_f64())
        };
        let partition_secs = reindex(&name)?;
        let rounds_secs = reindex("rounds")?;
        Ok(Compacted {
            partition: format!("croupier.{name}"),
            partition_secs,
            rounds_secs,
        })
    }

    /// The indexes marked invalid on the month's partition, on `croupier.rounds` and on
    /// their TOAST tables, by qualified name: what a reindex stopped half way leaves.
    fn invalid_indexes(&mut self, partition: &str) -> Result<Vec<String>, FloorError> {
        let target = self.target.clone();
        let rows = self
            .client
            .query(
                "WITH t AS (SELECT oid, reltoastrelid FROM pg_class
                             WHERE oid IN ('croupier.rounds'::regclass,
                                           ('croupier.' || quote_ident($1))::regclass))
                 SELECT x.indexrelid::regclass::text FROM pg_index x
                  WHERE NOT x.indisvalid
                    AND x.indrelid IN (SELECT oid FROM t UNION SELECT reltoastrelid FROM t)
                  ORDER BY 1",
                &[&partition],
            )
            .map_err(|e| server_err(&target, e))?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }
}
