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
                   FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                  WHERE i.inhparent = 'croupier.events'::regclass AND c.relname = $1",
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
                    "floor-compact must be run by the floor's owner (the role that ran floor-init) or a superuser: this login does not own croupier.{name}"
                )));
            }
            Some(true) => {}
        }
        let leftovers: Vec<String> = self
            .client
            .query(
                "SELECT c.relname::text FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
                  WHERE NOT x.indisvalid AND x.indrelid IN ('croupier.rounds'::regclass,
                        ('croupier.' || quote_ident($1))::regclass)
                  ORDER BY 1",
                &[&name],
            )
            .map_err(|e| server_err(&target, e))?
            .iter()
            .map(|r| r.get(0))
            .collect();
        if !leftovers.is_empty() {
            return Err(refuse(format!(
                "invalid indexes are left from a reindex that stopped half way (or one running now): {}; once none runs, drop each (DROP INDEX CONCURRENTLY croupier.<name>) and compact again",
                leftovers.join(", ")
            )));
        }
        let mut reindex = |table: &str| -> Result<f64, FloorError> {
            let started = Instant::now();
            self.client
                .batch_execute(&format!("REINDEX TABLE CONCURRENTLY croupier.{table}"))
                .map_err(|e| server_err(&target, e))?;
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
}
