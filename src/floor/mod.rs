//! The floor: every table's log replicated to one PostgreSQL server, checked there, and
//! read back for floor reports and for comparing a table file with what the floor holds.
//! It reads the store (read-only, beside the table's writer); the store never knows it.
//!
//! - `schema` — the floor's migrations and its server-side check (SQL).
//! - `sync` — one pass (`sync_once`), following a table (`follow`), the dealer screen's
//!   background link (`Link`, `LinkState`).
//! - `check` — `verify --floor`: the file against the floor's copy, event by event.
//! - `audit` — `floor-audit`: every table database replayed through the engine on the
//!   floor's side (`Auditor`), its verdicts kept there.
//! - `source` — the floor as a report source (`FloorSource`), every query SQL on the server.
//! - `months` — UTC months as the floor's `month_totals` keys them, and a range of days
//!   split at them (the to-date sums').
//! - `tls` — the link's protection from the URL (`sslmode=verify-full`, `sslrootcert`).
//!
//! A table database's identity on the floor is the SHA-256 chain hash of its first event
//! (`created`, seq 1: it holds the creation time, the program and, in a file made since
//! issue 21, 128 random bits from the OS), so it needs nothing new in the SQLite file and
//! cannot be registered on the floor before the file exists.

mod audit;
mod check;
mod compact;
mod months;
mod schema;
mod source;
mod sync;
mod tls;

pub use audit::{Audited, Auditor, FollowNote, follow as audit_follow};
pub use check::{Compared, compare};
pub use compact::Compacted;
pub use schema::FLOOR_VERSION;
pub use source::FloorSource;
pub use sync::{Link, LinkState, Synced, follow, sync_once};

use std::str::FromStr;
use std::time::Duration;

use postgres::{Client, Config, NoTls};

use crate::log::Store;
use crate::log::event::hex;
use crate::log::event::{Check, Event};
use crate::log::store::AuditError;
use schema::{MIGRATION_LOCK, MIGRATIONS, ROLES};

/// Waits for another connection's migration, if this login may migrate: on the schema's
/// own version row, which only the owner may lock so (EXCLUSIVE mode needs UPDATE; a
/// reader's SELECT takes ACCESS SHARE, which it does not wait for). The advisory lock,
/// which any login can take and hold, only while there is no schema yet. A table's login
/// takes neither, so it can stall no other connection's (issue 21).
fn migration_lock(tx: &mut postgres::Transaction<'_>) -> Result<(), postgres::Error> {
    let r = tx.query_one(
        "SELECT to_regclass('croupier.schema_version') IS NOT NULL,
                coalesce(has_table_privilege(to_regclass('croupier.schema_version'), 'UPDATE'), false)",
        &[],
    )?;
    match (r.get(0), r.get(1)) {
        (true, true) => tx.batch_execute("LOCK TABLE croupier.schema_version IN EXCLUSIVE MODE"),
        (true, false) => Ok(()),
        (false, _) => tx
            .execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
            .map(|_| ()),
    }
}

/// What went wrong between a table and the floor. Each message says where and what to do.
#[derive(Debug, thiserror::Error)]
pub enum FloorError {
    #[error(
        "--floor \"{0}\": expected a PostgreSQL connection string, e.g. postgresql://user@host:5432/dbname"
    )]
    BadUrl(String),
    #[error(
        "floor {target}: cannot connect ({detail}); check the host, port, user and password, and that the server runs. The table is unaffected: its log stays in its own file"
    )]
    Connect { target: String, detail: String },
    /// The URL's TLS parameters or the CA file they name: nothing was tried.
    #[error("floor {target}: {detail}. Nothing was sent; the table is unaffected")]
    Tls { target: String, detail: String },
    /// The server's certificate was not the floor's: the connection was dropped before a
    /// password or an event went over it.
    #[error(
        "floor {target}: the server's certificate was refused ({detail}): it must be signed by the CA in {ca} and name the host in the URL. Nothing was sent; the table is unaffected: its log stays in its own file"
    )]
    Untrusted {
        target: String,
        ca: String,
        detail: String,
    },
    #[error("floor {target}: {detail}")]
    Server { target: String, detail: String },
    /// Another auditor holds the floor (one auditor per floor): nothing was changed.
    #[error(
        "floor {target}: another floor-audit is already auditing this floor (one auditor per floor: their checks would clash); nothing was changed. Stop it first, or leave the floor to it"
    )]
    Busy { target: String },
    /// The auditor's lock is held by a login that may not audit (a table's, say): it keeps
    /// every auditor out; `alarmed` alarms raised now against its table databases.
    #[error(
        "floor {target}: the auditor's lock is held by login {login} (server process {pid}), which may not audit: it keeps every floor-audit out ({alarmed} alarm(s) raised now against its table databases). Stop that login (ALTER ROLE {login} NOLOGIN, as the floor's admin), then end its session (SELECT pg_terminate_backend({pid}), as a superuser or a member of pg_signal_backend)"
    )]
    LockKept {
        target: String,
        login: String,
        pid: i32,
        alarmed: usize,
    },
    #[error(
        "floor {target}: its schema is version {found}, this program knows up to {known}; use a newer Croupier"
    )]
    NewerSchema {
        target: String,
        found: i32,
        known: i32,
    },
    #[error(
        "floor {target}: its schema is version {found}, this program needs {known}, and this login may not set it up: the floor's admin runs `croupier floor-init --floor URL` as the role that owns the floor"
    )]
    NotSetUp {
        target: String,
        found: i32,
        known: i32,
    },
    /// The floor refused the table's events: the file's history is not the one it holds.
    #[error("floor {target} REFUSED {path}: {why} ({})", alarm_note(*.alarmed))]
    Refused {
        target: String,
        path: String,
        seq: i64,
        why: String,
        /// Whether an alarm was logged on the floor (a table's own role may raise none).
        alarmed: bool,
    },
    #[error(transparent)]
    Store(#[from] AuditError),
}

/// A connection to the floor, its schema migrated.
pub struct Floor {
    client: Client,
    /// Where it is, without the password (for messages and report footers).
    target: String,
}

impl Floor {
    /// Connects (5 s timeout unless the URL sets one; statements time out after 60 s), over
    /// TLS with the floor's certificate checked when the URL says
    /// `sslmode=verify-full&sslrootcert=FILE` (`tls`), and, if this login owns the floor,
    /// creates or migrates its schema.
    pub fn connect(url: &str) -> Result<Floor, FloorError> {
        let (driver_url, protection) = tls::protection(url).map_err(|e| FloorError::Tls {
            target: redact(url),
            detail: e.to_string(),
        })?;
        let mut config =
            Config::from_str(&driver_url).map_err(|_| FloorError::BadUrl(redact(url)))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(5));
        }
        config.keepalives_idle(Duration::from_secs(10));
        config.options("-c statement_timeout=60000");
        let target = target_of(&config);
        let client = match &protection {
            tls::Protection::Clear => config.connect(NoTls).map_err(|e| FloorError::Connect {
                target: target.clone(),
                detail: why(&e),
            })?,
            tls::Protection::Verified { ca } => {
                let tls = tls::connector(ca).map_err(|e| FloorError::Tls {
                    target: target.clone(),
                    detail: e.to_string(),
                })?;
                config.connect(tls).map_err(|e| {
                    if tls::certificate_refused(&e) {
                        FloorError::Untrusted {
                            target: target.clone(),
                            ca: ca.display().to_string(),
                            detail: why(&e),
                        }
                    } else {
                        FloorError::Connect {
                            target: target.clone(),
                            detail: why(&e),
                        }
                    }
                })?
            }
        };
        let mut floor = Floor { client, target };
        // Two syncs of one table take turns on its row's lock; under a floor whose
        // default is serializable the second would fail instead of waiting its turn.
        floor
            .client
            .batch_execute(
                "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ COMMITTED",
            )
            .map_err(|e| server_err(&floor.target, e))?;
        floor.migrate()?;
        Ok(floor)
    }

    /// Where the floor is (host, port, database, user: never the password).
    pub fn target(&self) -> &str {
        &self.target
    }

    /// Sets the floor up, as its owner (a role with CREATEROLE, e.g. the database's
    /// owner): the schema created or migrated, the group roles `croupier_table` and
    /// `croupier_reader` created and granted what they may do (`croupier floor-init`).
    pub fn init(url: &str) -> Result<Floor, FloorError> {
        let mut floor = Floor::connect(url)?;
        let target = floor.target.clone();
        if !floor.owns_schema()? {
            return Err(FloorError::Server {
                target,
                detail: "floor-init must be run by the role that owns the schema croupier (the floor's admin)".into(),
            });
        }
        floor
            .client
            .batch_execute(ROLES)
            .map_err(|e| server_err(&target, e))?;
        Ok(floor)
    }

    /// Whether this login owns the schema (then it may migrate it).
    fn owns_schema(&mut self) -> Result<bool, FloorError> {
        let target = self.target.clone();
        let r = self
            .client
            .query_one(
                "SELECT coalesce((SELECT pg_has_role(current_user, nspowner, 'USAGE') FROM pg_namespace WHERE nspname = 'croupier'), false)",
                &[],
            )
            .map_err(|e| server_err(&target, e))?;
        Ok(r.get(0))
    }

    /// Creates or migrates the schema if it is missing or older than this program's, and
    /// only if this login may: the schema's owner, or on a floor without one a role that
    /// may create it. A table's least-privilege role never migrates: it is told to ask
    /// the floor's admin.
    fn migrate(&mut self) -> Result<(), FloorError> {
        if self.is_current() {
            return Ok(());
        }
        let target = self.target.clone();
        let err = |e: postgres::Error| server_err(&target, e);
        let mut tx = self.client.transaction().map_err(&err)?;
        migration_lock(&mut tx).map_err(&err)?;
        let (exists, owner): (bool, bool) = {
            let r = tx
                .query_one(
                    "SELECT EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = 'croupier' AND tablename = 'schema_version'),
                            coalesce((SELECT pg_has_role(current_user, nspowner, 'USAGE') FROM pg_namespace WHERE nspname = 'croupier'), true)",
                    &[],
                )
                .map_err(&err)?;
            (r.get(0), r.get(1))
        };
        let from: i32 = if exists {
            tx.query_one("SELECT version FROM croupier.schema_version", &[])
                .map_err(&err)?
                .get(0)
        } else {
            0
        };
        if from > FLOOR_VERSION {
            return Err(FloorError::NewerSchema {
                target: target.clone(),
                found: from,
                known: FLOOR_VERSION,
            });
        }
        if !owner {
            return if from < FLOOR_VERSION {
                Err(FloorError::NotSetUp {
                    target: target.clone(),
                    found: from,
                    known: FLOOR_VERSION,
                })
            } else {
                Ok(())
            };
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(from.max(0) as usize) {
            tx.batch_execute(sql).map_err(|e| {
                if e.code() == Some(&postgres::error::SqlState::INSUFFICIENT_PRIVILEGE) {
                    FloorError::NotSetUp {
                        target: target.clone(),
                        found: from,
                        known: FLOOR_VERSION,
                    }
                } else {
                    err(e)
                }
            })?;
            tx.execute(
                "UPDATE croupier.schema_version SET version = $1",
                &[&(i as i32 + 1)],
            )
            .map_err(&err)?;
        }
        // The event kinds this program logs, with their numbers (the file's, which never
        // change): the floor takes no other. And this month's partition and the next
        // two's (schema 6), so that a table rarely makes one.
        let (kinds, codes) = kinds_and_codes();
        tx.execute(
            "INSERT INTO croupier.kinds (name, code) SELECT * FROM unnest($1::text[], $2::int2[])
                 ON CONFLICT DO NOTHING",
            &[&kinds, &codes],
        )
        .map_err(&err)?;
        tx.batch_execute("SELECT croupier.months_ahead()")
            .map_err(&err)?;
        tx.commit().map_err(&err)
    }

    /// Whether the floor needs nothing of what [`Floor::migrate`] would do, read in one
    /// statement that writes nothing and takes no lock a writer waits for: its schema is
    /// this program's, it holds this program's event kinds with their numbers, and this
    /// month's partition and the next two's exist (`months_ahead`). A report's connection
    /// then makes no transaction of writes (issue 25: main's check spent 2.5–5.5 ms of a day's
    /// summary, this read 1.8–2.2 ms, docs/benchmarks.md). Any
    /// error (no schema yet, a login that may not read it) is "no": `migrate` then says
    /// what it always said.
    fn is_current(&mut self) -> bool {
        let (kinds, codes) = kinds_and_codes();
        let current = self.client.query_one(
            "SELECT s.version = $1
                    AND (SELECT count(*) FROM croupier.kinds k
                           JOIN unnest($2::text[], $3::int2[]) AS w(name, code)
                             ON k.name = w.name AND k.code = w.code) = cardinality($2::text[])
                    AND (SELECT bool_and(to_regclass('croupier.events_' || to_char(
                                 date_trunc('month', now() AT TIME ZONE 'UTC') + i * interval '1 month',
                                 'YYYY_MM')) IS NOT NULL)
                           FROM generate_series(0, 2) i)
               FROM croupier.schema_version s",
            &[&FLOOR_VERSION, &kinds, &codes],
        );
        matches!(current.map(|r| r.get::<_, Option<bool>>(0)), Ok(Some(true)))
    }

    /// Every table database the floor holds: (tab, identity, path, head seq, head hash),
    /// in the order the floor first saw them.
    pub(crate) fn tables(&mut self) -> Result<Vec<FloorTable>, FloorError> {
        let rows = self
            .client
            .query(
                "SELECT tab, db, path, head_seq, head_hash, to_char(last_sync AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS \"UTC\"'), role::text FROM croupier.tables ORDER BY tab",
                &[],
            )
            .map_err(|e| server_err(&self.target, e))?;
        Ok(rows
            .iter()
            .map(|r| FloorTable {
                tab: r.get(0),
                db: r.get(1),
                path: r.get(2),
                head_seq: r.get(3),
                head_hash: r.get(4),
                last_sync: r.get(5),
                role: r.get(6),
            })
            .collect())
    }

    /// The alarms the floor logged, oldest first, each with its acknowledgement if any.
    pub fn alarms(&mut self) -> Result<Vec<Alarm>, FloorError> {
        let rows = self
            .client
            .query(
                "SELECT a.id, a.at, a.db, a.seq, a.floor_hash, a.table_hash, a.what, t.path,
                        a.by_role::text, k.by_role::text,
                        to_char(k.at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC', k.why
                   FROM croupier.alarms a LEFT JOIN croupier.tables t ON t.db = a.db
                   LEFT JOIN croupier.alarm_acks k ON k.alarm = a.id
                  ORDER BY a.id",
                &[],
            )
            .map_err(|e| server_err(&self.target, e))?;
        Ok(rows
            .iter()
            .map(|r| Alarm {
                id: r.get(0),
                at: r.get(1),
                db: short_id(r.get::<_, &[u8]>(2)),
                seq: r.get(3),
                floor_hash: r.get::<_, Option<&[u8]>>(4).map(hex),
                table_hash: r.get::<_, Option<&[u8]>>(5).map(hex),
                what: r.get(6),
                path: r.get::<_, Option<String>>(7).unwrap_or_default(),
                by_role: r.get(8),
                acknowledged: r.get::<_, Option<String>>(9).map(|by_role| Acknowledged {
                    by_role,
                    at: r.get(10),
                    why: r.get(11),
                }),
            })
            .collect())
    }

    /// Acknowledges alarm `id` with `why` (words: what was looked at and found), as this
    /// login: the floor's owner or its auditor, never the role that raised it
    /// (`croupier.acknowledge_alarm` refuses anyone else, a blank reason, an alarm it
    /// does not hold and one acknowledged already, each in words; nothing changes then).
    pub fn acknowledge(&mut self, id: i64, why: &str) -> Result<(), FloorError> {
        self.client
            .execute("SELECT croupier.acknowledge_alarm($1, $2)", &[&id, &why])
            .map(|_| ())
            .map_err(|e| server_err(&self.target, e))
    }

    pub(crate) fn client(&mut self) -> &mut Client {
        &mut self.client
    }
}

/// The event kinds this program logs, by name, and their numbers on the floor.
fn kinds_and_codes() -> (Vec<&'static str>, Vec<i16>) {
    let all = crate::log::EventKind::ALL.iter();
    (
        all.clone().map(|k| k.name()).collect(),
        all.map(|k| kind_code(*k)).collect(),
    )
}

/// An event kind's number on the floor (schema 6): the file's own code.
pub(crate) fn kind_code(kind: crate::log::EventKind) -> i16 {
    kind.code() as i16
}

/// The columns an event is read back with (schema 6), from `croupier.events e`: seq, at,
/// kind's number, table, user, round, data as kept (packed for play events), stored check
/// (none for a step: read back as a check that matches nothing).
pub(crate) const EVENT_COLUMNS: &str = "e.seq::int8, e.at, e.kind, e.table_id::int8, e.user_id::int8, e.round_id::int8, e.data, e.hash";

/// Why a floor row does not read as an event (worded as before, in English, in the
/// floor's findings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Unreadable {
    /// A kind this program does not know, by its number.
    #[error("kind number {0}")]
    Kind(i16),
    /// Packed data holding a byte that is no code, of event `seq`.
    #[error("event {0}: its packed data does not unpack")]
    Packed(i64),
}

/// An event read back from `EVENT_COLUMNS` starting at column `at`: its kind from its
/// number, its data as logged. `Err` names what does not read (a kind this program does
/// not know, by number; packed data holding a byte that is no code).
pub(crate) fn event_from(r: &postgres::Row, at: usize) -> Result<Event, Unreadable> {
    let code: i16 = r.get(at + 2);
    let kind = crate::log::EventKind::from_code(i64::from(code)).ok_or(Unreadable::Kind(code))?;
    let seq: i64 = r.get(at);
    let kept: String = r.get(at + 6);
    let data = if crate::log::pack::packs(kind) {
        crate::log::pack::unpack(kept.as_bytes()).ok_or(Unreadable::Packed(seq))?
    } else {
        kept
    };
    let hash: &[u8] = r.get(at + 7);
    Ok(Event {
        seq,
        at: r.get(at + 1),
        kind,
        table: r.get(at + 3),
        user: r.get(at + 4),
        round: r.get(at + 5),
        data,
        check: Check::from_bytes(hash).unwrap_or(Check::Full([0xff; 32])),
    })
}

/// Whether a refusal was logged on the floor, in words.
pub fn alarm_note(alarmed: bool) -> &'static str {
    if alarmed {
        "logged on the floor as an alarm"
    } else {
        "not logged on the floor: a table's login may not raise alarms there; tell a supervisor"
    }
}

/// Raises an alarm on the floor if this login may (the floor's owner or its auditor; a
/// table's role may not, schema 4): whether it was logged.
pub(crate) fn raise_alarm(
    client: &mut Client,
    db: &[u8],
    seq: i64,
    floor_hash: Option<&[u8]>,
    table_hash: Option<&[u8]>,
    what: &str,
) -> Result<bool, postgres::Error> {
    match client.execute(
        "SELECT croupier.raise_alarm($1, $2, $3, $4, $5)",
        &[&db, &seq, &floor_hash, &table_hash, &what],
    ) {
        Ok(_) => Ok(true),
        Err(e) if e.code() == Some(&postgres::error::SqlState::INSUFFICIENT_PRIVILEGE) => Ok(false),
        Err(e) => Err(e),
    }
}

/// A table database as the floor holds it.
#[derive(Clone, Debug)]
pub(crate) struct FloorTable {
    pub(crate) tab: i32,
    pub(crate) db: Vec<u8>,
    pub(crate) path: String,
    pub(crate) head_seq: i64,
    pub(crate) head_hash: Vec<u8>,
    pub(crate) last_sync: Option<String>,
    /// The login role it belongs to (the first that sent it).
    pub(crate) role: String,
}

/// Something the floor refused or found, as logged there.
#[derive(Clone, Debug, PartialEq)]
pub struct Alarm {
    /// Its number on the floor (what `acknowledge` takes).
    pub id: i64,
    /// When (ms since the epoch, the server's clock).
    pub at: i64,
    /// The table database's identity (first 16 hex digits).
    pub db: String,
    pub seq: i64,
    pub floor_hash: Option<String>,
    pub table_hash: Option<String>,
    pub what: String,
    /// The file it was last synced from.
    pub path: String,
    /// The login whose call raised it.
    pub by_role: String,
    /// Its acknowledgement, if someone has looked (floor schema 19); until then it stands.
    pub acknowledged: Option<Acknowledged>,
}

impl Alarm {
    /// Whether it stands: nobody has acknowledged it.
    pub fn stands(&self) -> bool {
        self.acknowledged.is_none()
    }
}

/// A moment (ms since the epoch) as the floor's words give one: `2026-01-05 08:00:00 UTC`
/// (the milliseconds themselves if chrono cannot hold it).
pub fn utc_words(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.format("%Y-%m-%d %H:%M:%S UTC").to_string())
        .unwrap_or_else(|| format!("{ms} ms"))
}

/// An alarm's acknowledgement: by whom (the login), when (UTC), and why, in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Acknowledged {
    pub by_role: String,
    pub at: String,
    pub why: String,
}

/// A table database's identity: the chain hash of its first event.
pub(crate) fn identity(store: &Store) -> Result<[u8; 32], AuditError> {
    store.chain_hash(1)?.ok_or_else(|| AuditError::Sqlite {
        path: store.path().to_path_buf(),
        detail: "the log is empty (no `created` event): nothing to send to the floor".into(),
    })
}

/// The first 16 hex digits of an identity: what messages and footers show.
pub(crate) fn short_id(db: &[u8]) -> String {
    hex(&db[..db.len().min(8)])
}

fn target_of(c: &Config) -> String {
    let host = c
        .get_hosts()
        .first()
        .map(|h| match h {
            postgres::config::Host::Tcp(s) => s.clone(),
            postgres::config::Host::Unix(p) => p.display().to_string(),
        })
        .unwrap_or_else(|| "localhost".into());
    let port = c.get_ports().first().copied().unwrap_or(5432);
    format!(
        "postgresql://{}@{host}:{port}/{}",
        c.get_user().unwrap_or("?"),
        c.get_dbname().unwrap_or("?")
    )
}

/// The URL as given, its password hidden: `user:pw@` in a URL, and `password=…` in a
/// URL's query or a key=value string.
fn redact(url: &str) -> String {
    let url = match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let cred = &url[s + 3..at];
            match cred.find(':') {
                Some(c) => format!("{}{}:***{}", &url[..s + 3], &cred[..c], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => crate::engine::shown(url).to_string(),
    };
    let mut out = String::with_capacity(url.len());
    let mut rest = url.as_str();
    while let Some(i) = rest.to_ascii_lowercase().find("password=") {
        let (head, tail) = rest.split_at(i + "password=".len());
        out.push_str(head);
        out.push_str("***");
        let end = tail
            .find(|c: char| c == '&' || c.is_whitespace())
            .unwrap_or(tail.len());
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// A driver error in words: the server's own message, or the connection's cause.
pub(crate) fn why(e: &postgres::Error) -> String {
    if let Some(db) = e.as_db_error() {
        return db.message().to_string();
    }
    let mut s = e.to_string();
    let mut src = std::error::Error::source(e);
    while let Some(c) = src {
        let t = c.to_string();
        if !s.contains(&t) {
            s = format!("{s}: {t}");
        }
        src = c.source();
    }
    s
}

pub(crate) fn server_err(target: &str, e: postgres::Error) -> FloorError {
    if e.as_db_error().is_none() {
        return FloorError::Connect {
            target: target.to_string(),
            detail: why(&e),
        };
    }
    FloorError::Server {
        target: target.to_string(),
        detail: why(&e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_never_shows() {
        assert_eq!(
            redact("postgresql://ana:s3cret@db:5432/floor"),
            "postgresql://ana:***@db:5432/floor"
        );
        assert_eq!(
            redact("postgresql://ana@db/floor"),
            "postgresql://ana@db/floor"
        );
        assert_eq!(
            redact("host=db password=s3cret port=x"),
            "host=db password=*** port=x"
        );
        assert_eq!(
            redact("postgresql://ana@db/floor?PASSWORD=s3cret&sslmode=disable"),
            "postgresql://ana@db/floor?PASSWORD=***&sslmode=disable"
        );
        let c = Config::from_str("postgresql://ana:s3cret@db:5433/floor").unwrap();
        assert_eq!(target_of(&c), "postgresql://ana@db:5433/floor");
    }
}
