//! The file's structure, checked under the rows (a thread of `verify`): SQLite's own
//! checks, and each index of `events` compared with what the rows say it must hold; and
//! its schema's append-only triggers against the migrations'. Reads only, never repairs.

use rusqlite::Connection;

use super::event::{Event, EventKind};
use super::schema::{made_triggers, triggers_of};
use super::store::SCHEMA_VERSION;
use crate::engine::shown;

/// What the structure check found: SQLite's own lines of damage, an index entry that does
/// not read, the append-only triggers not as made, or SQLite failing to answer. The
/// `Display` is the words `verify` reports.
#[derive(Debug, thiserror::Error)]
pub enum StructureError {
    #[error("{}", .0.join("; "))]
    Damaged(Vec<String>),
    #[error("index {index}: {error}")]
    Index {
        index: &'static str,
        error: rusqlite::Error,
    },
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Triggers(Vec<TriggerFault>),
    #[error("{0}")]
    Sql(#[from] rusqlite::Error),
}

/// One way the file's triggers differ from its migrations'.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TriggerFault {
    #[error("the trigger {0} is missing (dropped)")]
    Missing(String),
    #[error("the trigger {0} was altered")]
    Altered(String),
    #[error("a trigger \"{}\" that Croupier never made", shown(.0))]
    Foreign(String),
}

/// An index of `events`, for the structure check: how to read its entries in index order,
/// and the entry an event puts in it (`None`: the event is not in it). NULL is `i64::MIN`.
pub(crate) struct EventIndex {
    pub(crate) name: &'static str,
    select: &'static str,
    pub(crate) entry: fn(&Event) -> Option<[i64; 3]>,
}

const NULL: i64 = i64::MIN;

/// Every index of `events` (schema 4), as `SCHEMA_4_REST` makes them.
pub(crate) const EVENT_INDEXES: [EventIndex; 4] = [
    EventIndex {
        name: "events_kind",
        select: "SELECT kind, at, seq FROM events INDEXED BY events_kind WHERE kind <> 12",
        entry: |e| (e.kind != EventKind::Step).then(|| [e.kind.code(), e.at, e.seq]),
    },
    EventIndex {
        name: "events_table",
        select: "SELECT table_id, kind, seq FROM events INDEXED BY events_table WHERE kind <> 12",
        entry: |e| {
            (e.kind != EventKind::Step).then(|| [e.table.unwrap_or(NULL), e.kind.code(), e.seq])
        },
    },
    EventIndex {
        name: "events_round",
        select: "SELECT round_id, kind, seq FROM events INDEXED BY events_round WHERE kind <> 12",
        entry: |e| {
            (e.kind != EventKind::Step).then(|| [e.round.unwrap_or(NULL), e.kind.code(), e.seq])
        },
    },
    EventIndex {
        name: "events_login",
        select: "SELECT user_id, seq, 0 FROM events INDEXED BY events_login WHERE kind IN (3, 4, 6, 7)",
        entry: |e| {
            matches!(
                e.kind,
                EventKind::Login
                    | EventKind::LoginFailed
                    | EventKind::UserLocked
                    | EventKind::UserUnlocked
            )
            .then(|| [e.user.unwrap_or(NULL), e.seq, 0])
        },
    },
];

/// The append-only guards: the file's triggers must be exactly those its schema's
/// migrations make (by name and SQL): none dropped, altered or added. Without them the
/// log could have been edited in place. What differs, in words.
pub(crate) fn check_triggers(conn: &Connection) -> Result<(), StructureError> {
    let want = made_triggers(SCHEMA_VERSION)?;
    let found = triggers_of(conn)?;
    let sql_of = |list: &[(String, String)], name: &str| {
        list.iter().find(|(n, _)| n == name).map(|(_, s)| s.clone())
    };
    let mut faults = Vec::new();
    for (name, sql) in &want {
        match sql_of(&found, name) {
            None => faults.push(TriggerFault::Missing(name.clone())),
            Some(s) if &s != sql => faults.push(TriggerFault::Altered(name.clone())),
            Some(_) => {}
        }
    }
    for (name, _) in &found {
        if sql_of(&want, name).is_none() {
            faults.push(TriggerFault::Foreign(name.clone()));
        }
    }
    match faults.is_empty() {
        true => Ok(()),
        false => Err(StructureError::Triggers(faults)),
    }
}

/// An order-free digest of a set of index entries: their count and the wrapping sum of
/// each entry's 64-bit mix under a key drawn afresh for each `verify`. Two readings of
/// the same entries agree; a changed, missing or extra entry makes them differ (but for a
/// 2^-64 chance), and without the key nobody can forge a compensating change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct IndexDigest {
    key: u64,
    count: u64,
    sum: u64,
}

impl IndexDigest {
    pub(crate) fn keyed(key: u64) -> IndexDigest {
        IndexDigest {
            key,
            count: 0,
            sum: 0,
        }
    }

    pub(crate) fn add(&mut self, entry: [i64; 3]) {
        fn mix(mut z: u64) -> u64 {
            // splitmix64's finaliser
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
        let h = entry.iter().fold(self.key ^ 0x9e37_79b9_7f4a_7c15, |h, v| {
            mix(h ^ *v as u64).wrapping_add(h)
        });
        self.count += 1;
        self.sum = self.sum.wrapping_add(h);
    }
}

/// The file's structure, on its own read-only connection (a thread of `verify`):
/// SQLite's `quick_check` over every page (b-trees, cell order, free list, NOT NULL),
/// SQLite's full `integrity_check` of the small tables and their indexes, and the digest
/// of each `events` index read in index order, which `verify` compares with the digest of
/// the rows it reads (that is the part of `integrity_check` that would take most of its
/// time on a large log: every row looked up in every index). The lines of any damage.
/// Only events up to `bound` are counted (a writer may append while this runs).
pub(crate) fn check_structure(
    conn: &Connection,
    bound: i64,
    key: u64,
) -> Result<[IndexDigest; 4], StructureError> {
    let lines = |sql: &str| -> Result<(), StructureError> {
        let mut stmt = conn.prepare(sql)?;
        let lines: Vec<String> = stmt
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        match lines.as_slice() {
            [ok] if ok == "ok" => Ok(()),
            _ => Err(StructureError::Damaged(lines)),
        }
    };
    lines("PRAGMA quick_check(10)")?;
    for table in [
        "users",
        "round_figures",
        "event_kinds",
        "round_totals",
        "kept_theories",
        "round_rows",
    ] {
        lines(&format!("PRAGMA integrity_check({table})"))?;
    }
    let mut digests = [IndexDigest::keyed(key); 4];
    for (ix, d) in EVENT_INDEXES.iter().zip(digests.iter_mut()) {
        let sql = format!("{} AND seq <= ?1", ix.select);
        let mut stmt = conn.prepare(&sql)?;
        let mut rows = stmt.query([bound])?;
        while let Some(r) = rows.next()? {
            let v = |i: usize| -> Result<i64, StructureError> {
                r.get::<_, Option<i64>>(i)
                    .map(|v| v.unwrap_or(NULL))
                    .map_err(|error| StructureError::Index {
                        index: ix.name,
                        error,
                    })
            };
            d.add([v(0)?, v(1)?, v(2)?]);
        }
    }
    Ok(digests)
}
