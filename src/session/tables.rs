//! The tables the log knows, both games: finding one by name, the next table id, and
//! the lists the screens offer. Read-only; opening a table is its session's.

use rusqlite::OptionalExtension;

use crate::log::event::EventKind;
use crate::log::payload::{self, Payload};
use crate::log::store::{AuditError, NOT_STEP, Store};

pub(crate) fn find_table(store: &Store, name: &str) -> Result<Option<i64>, AuditError> {
    find_table_of(store, EventKind::TableOpened, name)
}

/// The table last opened under this name by an event of `kind` (`table_opened`, or
/// `pontis_opened` for a Pontis table).
pub(crate) fn find_table_of(
    store: &Store,
    kind: EventKind,
    name: &str,
) -> Result<Option<i64>, AuditError> {
    store
        .conn()
        .query_row(
            &format!(
                "SELECT table_id FROM events WHERE kind = {} AND {NOT_STEP} AND json_extract(data, '$.name') = ?1 ORDER BY seq DESC LIMIT 1",
                kind.code()
            ),
            [name.trim()],
            |r| r.get(0),
        )
        .optional()
        .map_err(|e| store.sql_error(e))
}

pub(crate) fn next_table_id(store: &Store) -> Result<i64, AuditError> {
    store
        .conn()
        .query_row(
            &format!("SELECT coalesce(max(table_id), 0) + 1 FROM events WHERE {NOT_STEP}"),
            [],
            |r| r.get(0),
        )
        .map_err(|e| store.sql_error(e))
}

/// The Pontis table with this name, if the log has one.
pub(crate) fn find_pontis_table(store: &Store, name: &str) -> Result<Option<i64>, AuditError> {
    find_table_of(store, EventKind::PontisOpened, name)
}

/// Every Pontis table in the log, by name.
pub fn list_pontis_tables(store: &Store) -> Result<Vec<String>, AuditError> {
    let mut stmt = store
        .conn()
        .prepare(&format!(
            "SELECT DISTINCT json_extract(data, '$.name') FROM events WHERE kind = {} AND {NOT_STEP} ORDER BY 1",
            EventKind::PontisOpened.code()
        ))
        .map_err(|e| store.sql_error(e))?;
    stmt.query_map([], |r| r.get(0))
        .and_then(|m| m.collect())
        .map_err(|e| store.sql_error(e))
}

/// A table in the log, for the dealer's list: its id, name, and whether a round is in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TableSummary {
    pub(crate) id: i64,
    pub(crate) name: String,
    pub(crate) round_in_play: bool,
    /// The rules it was last opened with (their JSON), and the preset or file named then.
    pub(crate) rules: Option<serde_json::Value>,
    pub(crate) preset: Option<String>,
    /// Its latest settled round.
    pub(crate) last_settled: Option<i64>,
}

/// The table's latest opening (its rules then), if it reads.
fn last_opened(store: &Store, table: i64) -> Result<Option<payload::TableOpened>, AuditError> {
    let data: Option<String> = store
        .conn()
        .query_row(
            &format!(
                "SELECT data FROM events WHERE table_id = ?1 AND kind = ?2 AND {NOT_STEP} ORDER BY seq DESC LIMIT 1"
            ),
            rusqlite::params![table, EventKind::TableOpened.code()],
            |r| r.get(0),
        )
        .optional()
        .map_err(|e| store.sql_error(e))?;
    Ok(
        data.and_then(|d| match Payload::parse(EventKind::TableOpened, &d) {
            Ok(Payload::TableOpened(o)) => Some(o),
            _ => None,
        }),
    )
}

/// Every table the log knows, by name.
pub(crate) fn list_tables(store: &Store) -> Result<Vec<TableSummary>, AuditError> {
    let q = |e: rusqlite::Error| store.sql_error(e);
    let mut stmt = store
        .conn()
        .prepare(
            &format!(
                "SELECT table_id, json_extract(data, '$.name') FROM events WHERE kind = {} AND {NOT_STEP} GROUP BY table_id ORDER BY 2",
                EventKind::TableOpened.code()
            ),
        )
        .map_err(q)?;
    let rows: Vec<(i64, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .and_then(|m| m.collect())
        .map_err(q)?;
    rows.into_iter()
        .map(|(id, name)| {
            let last = |kind: EventKind| -> Result<Option<i64>, AuditError> {
                store
                    .conn()
                    .query_row(
                        &format!("SELECT max(round_id) FROM events WHERE table_id = ?1 AND kind = ?2 AND {NOT_STEP}"),
                        rusqlite::params![id, kind.code()],
                        |r| r.get(0),
                    )
                    .map_err(q)
            };
            let (started, settled) = (last(EventKind::RoundStarted)?, last(EventKind::RoundSettled)?);
            let opened = last_opened(store, id)?;
            Ok(TableSummary {
                id,
                name,
                round_in_play: started.is_some() && started != settled,
                rules: opened.as_ref().map(|o| o.rules.clone()),
                preset: opened.and_then(|o| o.preset),
                last_settled: settled,
            })
        })
        .collect()
}
