//! The SQLite file: opening it safely (one writer — `lock` —, a known schema upgraded by
//! `schema`'s migrations, WAL, synchronous=FULL, the query planner's stability guarantee so
//! that a cached statement's plan never reads its bound values and so is not compiled again
//! each time it is reused; readers without write access), and the append-only, hash-chained
//! event log. Owns every SQL statement that writes events; nothing else in the program
//! writes to the log.

use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use rusqlite::config::DbConfig;
use rusqlite::types::ValueRef;
use rusqlite::{Connection, ErrorCode, OpenFlags, OptionalExtension, params};

use sha2::{Digest, Sha256};

pub use super::error::{AuditError, LogRefusal};
use super::event::{Check, Event, EventKind, hex};
use super::lock::{WriterLock, take_lock};
use super::pack;
use super::payload::{self, Payload};
use super::schema::migrate;
use super::totals;
use crate::engine::RoundFigures;

/// `PRAGMA application_id` of a Croupier database: "CRUP".
pub(crate) const APPLICATION_ID: i32 = 0x4352_5550;
/// The schema this program writes. A file with a newer one is refused.
pub const SCHEMA_VERSION: i32 = 12;
/// The hash before the first event.
pub(crate) const GENESIS: [u8; 32] = [0; 32];

/// The partial indexes' condition, written into every query that should use them.
pub(crate) const NOT_STEP: &str = "kind <> 12";

/// The ten figures of a `round_figures` row, in its column order (handle, paid, win,
/// max_net, insurance taken, insurance paid, splits, buys, pontoons, five-card tricks):
/// the one mapping between `RoundFigures` and the row, both ways.
pub(crate) fn figures_row(f: &RoundFigures) -> [i64; 10] {
    [
        f.handle.cents(),
        f.paid.cents(),
        f.house_net.cents(),
        f.max_net.cents(),
        f.insurance_taken.cents(),
        f.insurance_paid.cents(),
        f.splits as i64,
        f.buys as i64,
        f.pontoons as i64,
        f.five_card_tricks as i64,
    ]
}

pub(crate) use super::totals::figures_of_row;

/// Where time comes from: the wall clock at the table, a set clock in demos and tests.
pub trait Clock: Send {
    /// Milliseconds since the Unix epoch, UTC.
    fn now_ms(&self) -> i64;

    /// The random value a new file's `created` event holds (its identity on the floor,
    /// the hash of that event, then cannot be guessed in advance). The system clock
    /// draws 16 bytes from the operating system; a set clock (demos, tests) gives none,
    /// so that its files are reproducible.
    fn created_random(&self) -> Result<Option<[u8; 16]>, rand::rand_core::OsError> {
        Ok(None)
    }
}

pub struct SystemClock;
impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        chrono::Utc::now().timestamp_millis()
    }

    fn created_random(&self) -> Result<Option<[u8; 16]>, rand::rand_core::OsError> {
        use rand::TryRngCore;
        let mut bytes = [0u8; 16];
        rand::rngs::OsRng.try_fill_bytes(&mut bytes)?;
        Ok(Some(bytes))
    }
}

/// A clock that shows what it was last set to (shared, so a demo can move it).
#[derive(Clone, Default)]
pub struct ManualClock(Arc<AtomicI64>);
impl ManualClock {
    pub fn new(ms: i64) -> ManualClock {
        ManualClock(Arc::new(AtomicI64::new(ms)))
    }
    pub(crate) fn set(&self, ms: i64) {
        self.0.store(ms, Ordering::SeqCst);
    }
    pub(crate) fn advance(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}
impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// The default database: `$CROUPIER_DB`, else `$XDG_DATA_HOME/croupier/croupier.db`, else
/// `~/.local/share/croupier/croupier.db`.
pub fn default_db_path() -> PathBuf {
    if let Some(p) = std::env::var_os("CROUPIER_DB").filter(|p| !p.is_empty()) {
        return PathBuf::from(p);
    }
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    base.join("croupier").join("croupier.db")
}

/// The hash of an event: SHA-256 over the previous hash and every stored field, each
/// length-prefixed or fixed-width so that no two events hash the same bytes.
pub(crate) fn event_hash(prev: &[u8; 32], e: &Event) -> [u8; 32] {
    // Everything before the data in one buffer, handed to the hash at once (verify hashes
    // millions of events: one `update` per field was a fifth of the hashing).
    let kind = e.kind.name().as_bytes();
    let mut head = [0u8; 32 + 8 + 8 + 4 + KIND_MAX + 3 * 8 + 8];
    let mut at = 0;
    let mut put = |bytes: &[u8]| {
        head[at..at + bytes.len()].copy_from_slice(bytes);
        at += bytes.len();
    };
    put(prev);
    put(&e.seq.to_be_bytes());
    put(&e.at.to_be_bytes());
    put(&(kind.len() as u32).to_be_bytes());
    put(kind);
    for v in [e.table, e.user, e.round] {
        put(&v.unwrap_or(i64::MIN).to_be_bytes());
    }
    put(&(e.data.len() as u64).to_be_bytes());
    let mut h = Sha256::new();
    h.update(&head[..at]);
    h.update(e.data.as_bytes());
    h.finalize().into()
}

/// The longest kind name (`event_hash`'s buffer holds it).
const KIND_MAX: usize = 24;
const _: () = {
    let mut i = 0;
    while i < EventKind::ALL.len() {
        assert!(EventKind::ALL[i].name().len() <= KIND_MAX);
        i += 1;
    }
};

/// Where a [`RowMaker`] puts each round's row: (round, its bytes).
pub type PutRow<'a> = dyn FnMut(i64, &[u8]) -> Result<(), AuditError> + 'a;

/// What the migration to schema 12 asks of the layer that replays rounds (the log core
/// knows no table logic): each settled round's `round_rows` row as its events make it,
/// read from `store` inside the migration's transaction, handed to `put` (a round's row
/// put again replaces it). Any error leaves the file as it was: never half-migrated.
pub trait RowMaker {
    fn rows(&self, store: &Store, put: &mut PutRow) -> Result<(), AuditError>;
}

/// The row maker of [`Store::open`] and [`Store::open_with`], which have no replay: a file
/// older than schema 12 with settled rounds is refused, unmigrated (the program opens
/// files through `session::round_row`, which replays them).
struct NoRows;

impl RowMaker for NoRows {
    fn rows(&self, store: &Store, _: &mut PutRow) -> Result<(), AuditError> {
        let settled: bool = store
            .conn
            .query_row("SELECT EXISTS (SELECT 1 FROM round_figures)", [], |r| {
                r.get(0)
            })
            .map_err(|e| store.sql_error(e))?;
        match settled {
            false => Ok(()),
            true => Err(AuditError::Sqlite {
                path: store.path.clone(),
                detail: "its settled rounds need the replay that makes their rows (schema 12): open it with the program (`croupier migrate`); nothing was migrated".into(),
            }),
        }
    }
}

/// A settlement or correction appended without its round's row: refused, nothing written.
fn no_row() -> rusqlite::Error {
    rusqlite::Error::SqliteFailure(
        rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_MISUSE),
        Some("a settlement or correction is logged with its round's row (schema 12); nothing was written".into()),
    )
}

/// An open Croupier database.
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// The last event's seq and hash (the chain head).
    head: (i64, [u8; 32]),
    clock: Box<dyn Clock>,
    in_batch: bool,
    /// How a second read-only connection reaches the same file (`reader`): the URI of an
    /// immutable open, when this one had to be opened so.
    immutable_uri: Option<String>,
    /// Held while this process may write: one writer per database file.
    _lock: Option<WriterLock>,
}

impl Store {
    /// Opens (creating it if absent) a database for writing. Only one process may write a
    /// database at a time; a second gets `InUse`.
    pub fn open(path: &Path) -> Result<Store, AuditError> {
        Store::open_with(path, Box::new(SystemClock))
    }

    /// `open`, with the clock that stamps events (a set clock for demos and tests: the
    /// `created` event of a new file is stamped by it too).
    pub fn open_with(path: &Path, clock: Box<dyn Clock>) -> Result<Store, AuditError> {
        Store::open_with_rows(path, clock, &NoRows)
    }

    /// `open_with`, an older file's rows (schema 12) made by `rows` in the migration.
    pub fn open_with_rows(
        path: &Path,
        clock: Box<dyn Clock>,
        rows: &dyn RowMaker,
    ) -> Result<Store, AuditError> {
        refuse_folder(path)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
            && !dir.exists()
        {
            std::fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(dir)
                .map_err(|e| AuditError::ReadOnly {
                    path: path.to_path_buf(),
                    detail: format!("cannot create folder {}: {e}", dir.display()),
                })?;
        }
        let lock = take_lock(path)?;
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| sql_err(path, e))?;
        let mut store = Store::setup(conn, path, Some(rows), clock)?;
        store._lock = Some(lock);
        Ok(store)
    }

    /// Opens an existing database to read (verify, export, reports). Never creates,
    /// never writes, and does not need the writer's lock. A reader who may not write the
    /// file or its folder (an auditor's copy, 0444 in a read-only folder) still reads it:
    /// when SQLite cannot make its shared-memory file beside a database that has no
    /// pending write-ahead log, the file is opened as immutable.
    pub fn open_read(path: &Path) -> Result<Store, AuditError> {
        refuse_folder(path)?;
        if !path.exists() {
            return Err(AuditError::Sqlite {
                path: path.to_path_buf(),
                detail: "no such file; give the path of a Croupier database (or run `croupier demo` to make one)".into(),
            });
        }
        let first = Connection::open_with_flags(path, read_flags()).and_then(|c| {
            c.query_row("SELECT count(*) FROM sqlite_master", [], |_| Ok(()))
                .map(|_| c)
        });
        let mut uri = None;
        let conn = match first {
            Ok(c) => c,
            Err(e)
                if matches!(
                    e.sqlite_error_code(),
                    Some(ErrorCode::ReadOnly | ErrorCode::CannotOpen | ErrorCode::PermissionDenied)
                ) && std::fs::File::open(path).is_ok() =>
            {
                if writer_traces(path) {
                    return Err(AuditError::ReadOnly {
                        path: path.to_path_buf(),
                        detail: format!(
                            "{e}; the database has writes still in its write-ahead log ({}-wal) and this reader may not create its shared-memory file: read it where the folder is writable, or once its writer has closed",
                            path.display()
                        ),
                    });
                }
                let u = immutable_uri(path);
                let c = Connection::open_with_flags(&u, read_flags() | OpenFlags::SQLITE_OPEN_URI)
                    .map_err(|e| sql_err(path, e))?;
                uri = Some(u);
                c
            }
            Err(e) => return Err(sql_err(path, e)),
        };
        let mut store = Store::setup(conn, path, None, Box::new(SystemClock))?;
        store.immutable_uri = uri;
        Ok(store)
    }

    /// A second read-only connection to the same file, opened as this one was (for the
    /// threads of `verify`).
    pub(crate) fn reader(&self) -> Result<Connection, AuditError> {
        match &self.immutable_uri {
            Some(u) => Connection::open_with_flags(u, read_flags() | OpenFlags::SQLITE_OPEN_URI),
            None => Connection::open_with_flags(&self.path, read_flags()),
        }
        .and_then(|c| stable_plans(&c).map(|()| c))
        .map_err(|e| sql_err(&self.path, e))
    }

    /// `rows`: the writer's row maker (`None`: a reader, which never migrates).
    fn setup(
        conn: Connection,
        path: &Path,
        rows: Option<&dyn RowMaker>,
        clock: Box<dyn Clock>,
    ) -> Result<Store, AuditError> {
        let write = rows.is_some();
        let p = path.to_path_buf();
        let not_ours = |detail: String| AuditError::NotCroupier {
            path: p.clone(),
            detail,
        };
        // Any read of a file that is not SQLite fails here.
        let app_id: i32 = conn
            .query_row("PRAGMA application_id", [], |r| r.get(0))
            .map_err(|e| match e.sqlite_error_code() {
                Some(ErrorCode::NotADatabase) => {
                    not_ours("the file is not an SQLite database".into())
                }
                _ => sql_err(path, e),
            })?;
        let version: i32 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| sql_err(path, e))?;
        let objects: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .map_err(|e| sql_err(path, e))?;
        let fresh = app_id == 0 && version == 0 && objects == 0;
        if fresh && !write {
            return Err(not_ours(
                "the file is empty: it holds no Croupier log (a new database is made by opening it with the dealer screen or `croupier demo`)".into(),
            ));
        }
        if !fresh && app_id != APPLICATION_ID {
            return Err(not_ours(format!(
                "an SQLite database of another program (application_id {app_id:#x})"
            )));
        }
        if version > SCHEMA_VERSION {
            return Err(AuditError::NewerSchema {
                path: p,
                found: version,
                known: SCHEMA_VERSION,
            });
        }
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(|e| sql_err(path, e))?;
        stable_plans(&conn).map_err(|e| sql_err(path, e))?;
        if write {
            let mode: String = conn
                .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))
                .map_err(|e| sql_err(path, e))?;
            if mode != "wal" {
                return Err(AuditError::Sqlite {
                    path: p,
                    detail: format!("could not switch to WAL journaling (got {mode})"),
                });
            }
            conn.execute_batch("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")
                .map_err(|e| sql_err(path, e))?;
        }
        let mut store = Store {
            conn,
            path: p,
            head: (0, GENESIS),
            clock,
            in_batch: false,
            immutable_uri: None,
            _lock: None,
        };
        if version < SCHEMA_VERSION {
            let Some(rows) = rows else {
                return Err(AuditError::OlderSchema {
                    path: store.path,
                    found: version,
                    known: SCHEMA_VERSION,
                });
            };
            store.migrate(version, fresh, rows)?;
        }
        store.head = store.read_head()?;
        Ok(store)
    }

    /// Runs the migrations from `from` to the latest, all in one transaction: the rounds'
    /// rows (schema 12) made by `rows` from the migrated log in it.
    fn migrate(&mut self, from: i32, fresh: bool, rows: &dyn RowMaker) -> Result<(), AuditError> {
        let path = self.path.clone();
        // Drawn before anything is written: a file is never left without its `created`.
        let random = match fresh {
            true => self.clock.created_random().map_err(|e| AuditError::Sqlite {
                path: path.clone(),
                detail: format!(
                    "no random value from the operating system for the new file's identity ({e}); nothing was written"
                ),
            })?,
            false => None,
        };
        self.conn
            .execute_batch("BEGIN IMMEDIATE")
            .map_err(|e| sql_err(&path, e))?;
        let migrated = self.migrate_in_transaction(from, fresh, rows);
        let ended = match migrated {
            Ok(()) => self.conn.execute_batch("COMMIT"),
            Err(_) => self.conn.execute_batch("ROLLBACK"),
        };
        migrated?;
        if let Err(e) = ended {
            let _ = self.conn.execute_batch("ROLLBACK");
            return Err(sql_err(&path, e));
        }
        if fresh {
            self.head = (0, GENESIS);
            self.append(
                &Payload::Created(payload::Created {
                    schema: SCHEMA_VERSION,
                    program: concat!("croupier ", env!("CARGO_PKG_VERSION")).into(),
                    random: random.map(|r| hex(&r)),
                }),
                None,
                None,
                None,
            )?;
        }
        Ok(())
    }

    /// The migrations' SQL, then (from before schema 12, and not for a new file) the rows
    /// `rows` makes, then the file's schema number: inside the caller's transaction.
    fn migrate_in_transaction(
        &self,
        from: i32,
        fresh: bool,
        rows: &dyn RowMaker,
    ) -> Result<(), AuditError> {
        migrate(&self.conn, from, SCHEMA_VERSION).map_err(|e| self.sql_error(e))?;
        if from < 12 && !fresh {
            let conn = &self.conn;
            let path = &self.path;
            rows.rows(self, &mut |round, row| {
                conn.prepare_cached(
                    "INSERT OR REPLACE INTO round_rows (round_id, row) VALUES (?1, ?2)",
                )
                .and_then(|mut st| st.execute(params![round, row]))
                .map(|_| ())
                .map_err(|e| sql_err(path, e))
            })?;
        }
        self.conn
            .execute_batch(&format!(
                "PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = {SCHEMA_VERSION};"
            ))
            .map_err(|e| self.sql_error(e))
    }

    /// The chain head: the last event that stores its whole hash (any event but a step),
    /// then the chain computed on over the steps after it.
    fn read_head(&self) -> Result<(i64, [u8; 32]), AuditError> {
        Ok(self.chain_at(i64::MAX)?.unwrap_or((0, GENESIS)))
    }

    /// The chain's hash at event `seq` (`None` past the end of the log): from the last
    /// whole stored hash at or before it, computed on over the steps between. Trusts the
    /// stored hashes: `verify` is what checks them.
    pub(crate) fn chain_hash(&self, seq: i64) -> Result<Option<[u8; 32]>, AuditError> {
        Ok(self
            .chain_at(seq)?
            .filter(|(s, _)| *s == seq)
            .map(|(_, h)| h))
    }

    /// Whether `other` (this file opened again) holds this store's chain through its head:
    /// the same log, not a file put in its place since this one was opened.
    pub(crate) fn same_log_in(&self, other: &Store) -> bool {
        let seq = self.head.0;
        match (self.chain_at(seq), other.chain_at(seq)) {
            (Ok(Some(a)), Ok(Some(b))) => a == b,
            _ => false,
        }
    }

    fn chain_at(&self, upto: i64) -> Result<Option<(i64, [u8; 32])>, AuditError> {
        let row: Option<(i64, Vec<u8>)> = self
            .conn
            .query_row(
                &format!("SELECT seq, hash FROM events WHERE {NOT_STEP} AND seq <= ?1 ORDER BY seq DESC LIMIT 1"),
                [upto],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(|e| sql_err(&self.path, e))?;
        let Some((seq, h)) = row else {
            return Ok(None);
        };
        // Only a step keeps 8 bytes: anything else here is an altered row, and a chain
        // continued from a guess would blame the next honest event.
        let h: [u8; 32] = h.try_into().map_err(|_| AuditError::Sqlite {
            path: self.path.clone(),
            detail: format!(
                "event {seq}: its stored hash is not 32 bytes (the log was altered); run `croupier verify`"
            ),
        })?;
        let mut head = (seq, h);
        self.read_events(
            "SELECT seq, at, kind, table_id, user_id, round_id, data, hash FROM events WHERE seq > ?1 AND seq <= ?2 ORDER BY seq",
            &[&seq, &upto],
            |e| {
                head = (e.seq, event_hash(&head.1, &e));
                Ok::<(), ()>(())
            },
        )?
        .ok();
        Ok(Some(head))
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Gives the space of pages freed by a migration back to the disk (`VACUUM`): the file
    /// is rewritten, its content and hashes unchanged. Only `croupier migrate` does it.
    pub fn compact(&mut self) -> Result<(), AuditError> {
        let free: i64 = self
            .conn
            .query_row("PRAGMA freelist_count", [], |r| r.get(0))
            .map_err(|e| sql_err(&self.path, e))?;
        if free > 0 {
            self.conn
                .execute_batch("VACUUM")
                .map_err(|e| sql_err(&self.path, e))?;
        }
        Ok(())
    }

    /// The last event's seq as the file has it now (another process may have written
    /// since this `Store` opened: a reader following a table asks this).
    pub fn last_seq(&self) -> Result<i64, AuditError> {
        self.conn
            .query_row("SELECT coalesce(max(seq), 0) FROM events", [], |r| r.get(0))
            .map_err(|e| sql_err(&self.path, e))
    }

    /// The chain head: the last event's seq and hash (hex).
    pub fn head(&self) -> (i64, String) {
        (self.head.0, hex(&self.head.1))
    }

    pub(crate) fn set_clock(&mut self, clock: Box<dyn Clock>) {
        self.clock = clock;
    }

    pub(crate) fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    /// A SQLite error on this file, as the store's error (with the file's path).
    pub(crate) fn sql_error(&self, e: rusqlite::Error) -> AuditError {
        sql_err(&self.path, e)
    }

    /// The connection, for reading (reports, replay). Writes go through `append`.
    pub fn conn(&self) -> &Connection {
        &self.conn
    }

    /// Starts a batch: appends until `commit_batch` share one transaction (demo data).
    /// Live play never batches: each input is its own durable transaction.
    pub(crate) fn begin_batch(&mut self) -> Result<(), AuditError> {
        self.conn
            .execute_batch("BEGIN IMMEDIATE")
            .map_err(|e| sql_err(&self.path, e))?;
        self.in_batch = true;
        Ok(())
    }

    pub(crate) fn commit_batch(&mut self) -> Result<(), AuditError> {
        self.in_batch = false;
        if let Err(e) = self.conn.execute_batch("COMMIT") {
            let _ = self.conn.execute_batch("ROLLBACK");
            self.head = self.read_head()?;
            return Err(sql_err(&self.path, e));
        }
        Ok(())
    }

    /// Whether a batch transaction is open.
    pub(crate) fn in_batch(&self) -> bool {
        self.in_batch
    }

    /// Abandons a batch: nothing of it is written; the chain head is read back.
    pub(crate) fn rollback_batch(&mut self) -> Result<(), AuditError> {
        self.in_batch = false;
        let _ = self.conn.execute_batch("ROLLBACK");
        self.head = self.read_head()?;
        Ok(())
    }

    /// Appends one event and, outside a batch, commits it durably before returning.
    /// On any failure nothing is written and the chain head is unchanged. A settlement or
    /// correction needs its round's row: [`Store::append_row`].
    pub(crate) fn append(
        &mut self,
        payload: &Payload,
        table: Option<i64>,
        user: Option<i64>,
        round: Option<i64>,
    ) -> Result<Event, AuditError> {
        self.append_row(payload, (table, user, round), None)
    }

    /// [`Store::append`] with the round's `round_rows` row (schema 12; bytes the session
    /// layer makes), written in the event's transaction: a settlement's inserted (none
    /// given, and nothing is written; a stray row already there for its round id, added by
    /// hand, is replaced), a correction's put in place of its round's (a round never
    /// settled has none, and nothing is written).
    pub(crate) fn append_row(
        &mut self,
        payload: &Payload,
        (table, user, round): (Option<i64>, Option<i64>, Option<i64>),
        row: Option<&[u8]>,
    ) -> Result<Event, AuditError> {
        let at = self.now();
        let mut ev = Event {
            seq: self.head.0 + 1,
            at,
            kind: payload.kind(),
            table,
            user,
            round,
            data: payload.to_text(),
            check: Check::Full([0; 32]),
        };
        let hash = event_hash(&self.head.1, &ev);
        ev.check = Check::Full(hash);
        let insert = |conn: &Connection| {
            conn.prepare_cached(
                "INSERT INTO events (seq, at, kind, table_id, user_id, round_id, data, hash) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?
            .execute(params![
                ev.seq,
                ev.at,
                ev.kind.code(),
                ev.table,
                ev.user,
                ev.round,
                pack::store(ev.kind, &ev.data),
                pack::check_of(ev.kind == EventKind::Step, &hash)
            ])?;
            if let Payload::RoundSettled(settled) = payload {
                let f = figures_row(&settled.figures());
                conn.prepare_cached(
                    "INSERT INTO round_figures VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
                )?
                .execute(params![ev.round, ev.seq, ev.at, ev.table, ev.user, f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], settled.cost()])?;
            }
            // The round's row, in the same transaction (a settlement without one fails).
            match (payload, row) {
                // A row already there for the round is a stray one (added by hand: a
                // settled round's own is refused above, by `round_figures`' key), which
                // `verify` names; it gives way rather than stop the table's every round.
                (Payload::RoundSettled(_), row) => {
                    conn.prepare_cached(
                        "INSERT INTO round_rows (round_id, row) VALUES (?1, ?2) ON CONFLICT (round_id) DO UPDATE SET row = excluded.row",
                    )?
                    .execute(params![ev.round, row.ok_or_else(no_row)?])?;
                }
                (Payload::RoundCorrected(_), Some(row)) => {
                    // Exactly its round's row, or the correction is refused (a row taken
                    // out would be left stale under a committed correction).
                    let changed = conn
                        .prepare_cached("UPDATE round_rows SET row = ?2 WHERE round_id = ?1")?
                        .execute(params![ev.round, row])?;
                    if changed != 1 {
                        return Err(no_row());
                    }
                }
                (Payload::RoundCorrected(_), None) => return Err(no_row()),
                _ => {}
            }
            // The kept totals (`log::totals`), in the same transaction.
            match (payload, ev.round) {
                (Payload::RoundSettled(settled), _) => totals::on_settled(
                    conn,
                    ev.seq,
                    ev.at,
                    (ev.table, ev.user, ev.round),
                    &settled.figures(),
                    settled.cost(),
                )?,
                (Payload::RoundVoided(_), Some(round)) => totals::on_voided(conn, ev.seq, round)?,
                (Payload::RoundCorrected(c), Some(round)) => {
                    let fixed = totals::corrected_figures(c).map(|f| (f, c.cost));
                    totals::on_corrected(conn, ev.seq, round, fixed)?
                }
                _ => {}
            }
            Ok::<usize, rusqlite::Error>(1)
        };
        let result = if self.in_batch {
            insert(&self.conn).map(|_| ())
        } else {
            self.conn
                .execute_batch("BEGIN IMMEDIATE")
                .and_then(|_| insert(&self.conn))
                .and_then(|_| self.conn.execute_batch("COMMIT"))
        };
        if let Err(e) = result {
            if !self.in_batch {
                let _ = self.conn.execute_batch("ROLLBACK");
            }
            return Err(sql_err(&self.path, e));
        }
        self.head = (ev.seq, hash);
        Ok(ev)
    }

    /// Keeps one derived row of `kept_theories` (schema 11): an opaque text keyed by an
    /// opaque key (a rules' canonical text and what the lab solved of them: the log core
    /// reads neither). Derived, not logged: it is no event, its row is replaced in place,
    /// and `verify` recomputes every row. Inside a batch it joins the batch's transaction.
    pub fn keep_derived(&mut self, key: &str, value: &str) -> Result<(), AuditError> {
        self.conn
            .prepare_cached(
                "INSERT INTO kept_theories (rules, figures) VALUES (?1, ?2) ON CONFLICT (rules) DO UPDATE SET figures = excluded.figures",
            )
            .and_then(|mut st| st.execute(params![key, value]))
            .map(|_| ())
            .map_err(|e| sql_err(&self.path, e))
    }

    /// Round `round`'s `round_rows` row (schema 12), if it has one: its bytes, none if it
    /// is stored as no blob (the column is not STRICT: changed by hand), a row that does
    /// not read.
    pub fn round_row(&self, round: i64) -> Result<Option<Vec<u8>>, AuditError> {
        let bytes = |r: &rusqlite::Row| match r.get_ref(0)? {
            ValueRef::Blob(b) => Ok(b.to_vec()),
            _ => Ok(Vec::new()),
        };
        self.conn
            .prepare_cached("SELECT row FROM round_rows WHERE round_id = ?1")
            .and_then(|mut st| st.query_row([round], bytes).optional())
            .map_err(|e| sql_err(&self.path, e))
    }

    /// Every `round_rows` row, by round, each lent to `f` (verify holds them to its replay).
    pub fn each_round_row(
        &self,
        mut f: impl FnMut(i64, &[u8]) -> Result<(), AuditError>,
    ) -> Result<(), AuditError> {
        let mut st = self
            .conn
            .prepare("SELECT round_id, row FROM round_rows ORDER BY round_id")
            .map_err(|e| sql_err(&self.path, e))?;
        let mut rows = st.query([]).map_err(|e| sql_err(&self.path, e))?;
        while let Some(r) = rows.next().map_err(|e| sql_err(&self.path, e))? {
            let round: i64 = r.get(0).map_err(|e| sql_err(&self.path, e))?;
            let bytes = match r.get_ref(1).map_err(|e| sql_err(&self.path, e))? {
                ValueRef::Blob(b) | ValueRef::Text(b) => b,
                _ => &[],
            };
            f(round, bytes)?;
        }
        Ok(())
    }

    /// Every row of `kept_theories`: (key, value), by key.
    pub fn kept_derived(&self) -> Result<Vec<(String, String)>, AuditError> {
        let read = || -> rusqlite::Result<Vec<(String, String)>> {
            let mut st = self
                .conn
                .prepare_cached("SELECT rules, figures FROM kept_theories ORDER BY rules")?;
            let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
            rows.collect()
        };
        read().map_err(|e| sql_err(&self.path, e))
    }

    /// Every event from `from_seq` on, in order, handed to `f`; stops at `f`'s first error.
    pub fn each_event<E>(
        &self,
        from_seq: i64,
        f: impl FnMut(Event) -> Result<(), E>,
    ) -> Result<Result<(), E>, AuditError> {
        self.read_events(
            "SELECT seq, at, kind, table_id, user_id, round_id, data, hash FROM events WHERE seq >= ?1 ORDER BY seq",
            &[&from_seq],
            f,
        )
    }

    /// A table's events with `from <= seq <= to`, in order.
    pub(crate) fn each_table_event<E>(
        &self,
        table: i64,
        from: i64,
        to: i64,
        f: impl FnMut(Event) -> Result<(), E>,
    ) -> Result<Result<(), E>, AuditError> {
        self.read_events(
            "SELECT seq, at, kind, table_id, user_id, round_id, data, hash FROM events WHERE table_id = ?1 AND seq >= ?2 AND seq <= ?3 ORDER BY seq",
            &[&table, &from, &to],
            f,
        )
    }

    /// `each_event`, lending each event instead of giving it: one `Event` is filled row
    /// after row, its data's buffer reused (verify reads millions of rows).
    pub(crate) fn each_event_lent<E>(
        &self,
        from_seq: i64,
        to_seq: i64,
        f: impl FnMut(&Event) -> Result<(), E>,
    ) -> Result<Result<(), E>, AuditError> {
        self.read_rows(
            "SELECT seq, at, kind, table_id, user_id, round_id, data, hash FROM events WHERE seq >= ?1 AND seq <= ?2 ORDER BY seq",
            &[&from_seq, &to_seq],
            f,
        )
    }

    fn read_events<E>(
        &self,
        sql: &str,
        args: &[&dyn rusqlite::ToSql],
        mut f: impl FnMut(Event) -> Result<(), E>,
    ) -> Result<Result<(), E>, AuditError> {
        self.read_rows(sql, args, |e| f(e.clone()))
    }

    fn read_rows<E>(
        &self,
        sql: &str,
        args: &[&dyn rusqlite::ToSql],
        mut f: impl FnMut(&Event) -> Result<(), E>,
    ) -> Result<Result<(), E>, AuditError> {
        let mut ev = Event::blank();
        let mut stmt = self
            .conn
            .prepare_cached(sql)
            .map_err(|e| sql_err(&self.path, e))?;
        let mut rows = stmt.query(args).map_err(|e| sql_err(&self.path, e))?;
        while let Some(r) = rows.next().map_err(|e| sql_err(&self.path, e))? {
            let seq: i64 = r.get(0).map_err(|e| sql_err(&self.path, e))?;
            let altered = |what: String| AuditError::Sqlite {
                path: self.path.clone(),
                detail: format!("event {seq}: {what} (the log was altered)"),
            };
            let kind_ref = r.get_ref(2).map_err(|e| sql_err(&self.path, e))?;
            let kind = kind_ref
                .as_i64()
                .ok()
                .and_then(EventKind::from_code)
                .ok_or_else(|| altered(format!("unknown kind {kind_ref:?}")))?;
            match r.get_ref(6).map_err(|e| sql_err(&self.path, e))? {
                ValueRef::Blob(b) => {
                    if !pack::unpack_into(b, &mut ev.data) {
                        return Err(altered(
                            "its data holds a byte that is no packing code".into(),
                        ));
                    }
                }
                ValueRef::Text(t) => {
                    ev.data.clear();
                    ev.data.push_str(
                        std::str::from_utf8(t)
                            .map_err(|_| altered("its data is not UTF-8".into()))?,
                    );
                }
                other => return Err(altered(format!("its data is {:?}", other.data_type()))),
            }
            let check = r
                .get_ref(7)
                .ok()
                .and_then(|h| h.as_blob().ok())
                .and_then(Check::from_bytes)
                .unwrap_or(Check::Full([0xff; 32]));
            ev.seq = seq;
            ev.at = r.get(1).map_err(|e| sql_err(&self.path, e))?;
            ev.kind = kind;
            ev.table = r.get(3).map_err(|e| sql_err(&self.path, e))?;
            ev.user = r.get(4).map_err(|e| sql_err(&self.path, e))?;
            ev.round = r.get(5).map_err(|e| sql_err(&self.path, e))?;
            ev.check = check;
            if let Err(e) = f(&ev) {
                return Ok(Err(e));
            }
        }
        Ok(Ok(()))
    }

    /// Events of one round, in order: its inputs between its start and its settlement
    /// (a seq range), then whatever came later (voids, corrections).
    pub(crate) fn round_events(&self, round: i64) -> Result<Vec<Event>, AuditError> {
        let q = |sql: String| -> Result<Option<i64>, AuditError> {
            self.conn
                .query_row(&sql, [round], |r| r.get(0))
                .map_err(|e| sql_err(&self.path, e))
        };
        let Some(first) = q(format!(
            "SELECT min(seq) FROM events WHERE round_id = ?1 AND {NOT_STEP}"
        ))?
        else {
            return Ok(Vec::new());
        };
        let settled = q(format!(
            "SELECT max(seq) FROM events WHERE round_id = ?1 AND kind = {} AND {NOT_STEP}",
            EventKind::RoundSettled.code()
        ))?;
        let mut out = Vec::new();
        self.read_events(
            "SELECT seq, at, kind, table_id, user_id, round_id, data, hash FROM events WHERE seq >= ?1 AND seq <= ?2 AND round_id = ?3 ORDER BY seq",
            &[&first, &settled.unwrap_or(i64::MAX), &round],
            |e| {
                out.push(e);
                Ok::<(), ()>(())
            },
        )?
        .ok();
        if let Some(settled) = settled {
            self.read_events(
                &format!("SELECT seq, at, kind, table_id, user_id, round_id, data, hash FROM events WHERE round_id = ?1 AND {NOT_STEP} AND seq > ?2 ORDER BY seq"),
                &[&round, &settled],
                |e| {
                    out.push(e);
                    Ok::<(), ()>(())
                },
            )?
            .ok();
        }
        Ok(out)
    }

    /// The events of each round in `wanted` (what [`Store::round_events`] gives it), in
    /// two reads whatever their number (a page of a streamed report), each lent to `f`
    /// with its round, none kept: first the events that are not steps of
    /// rounds `min..=max` of `wanted` by the index by round, in seq order; then their
    /// steps by seq between the first of them and the last settlement, in seq order. So
    /// a round's steps come after its other events, each kind in seq order. Their
    /// stored checks are not read: each is lent with a placeholder check.
    pub(crate) fn each_rounds_event(
        &self,
        wanted: &std::collections::HashSet<i64>,
        mut f: impl FnMut(i64, &Event),
    ) -> Result<(), AuditError> {
        let (Some(&lo), Some(&hi)) = (wanted.iter().min(), wanted.iter().max()) else {
            return Ok(());
        };
        // Each round's first event and settlement: its steps lie between them (all after
        // its first, if it is not settled).
        let mut spans: std::collections::HashMap<i64, (i64, Option<i64>)> = Default::default();
        self.read_rows(
            &format!("SELECT seq, at, kind, table_id, user_id, round_id, data, NULL FROM events WHERE round_id BETWEEN ?1 AND ?2 AND {NOT_STEP} ORDER BY seq"),
            &[&lo, &hi],
            |e| {
                if let Some(r) = e.round.filter(|r| wanted.contains(r)) {
                    let span = spans.entry(r).or_insert((e.seq, None));
                    if e.kind == EventKind::RoundSettled {
                        span.1 = Some(e.seq);
                    }
                    f(r, e);
                }
                Ok::<(), ()>(())
            },
        )?
        .ok();
        let span = |s: &(i64, Option<i64>)| (s.0, s.1.unwrap_or(i64::MAX));
        let (Some(from), Some(to)) = (
            spans.values().map(|s| span(s).0).min(),
            spans.values().map(|s| span(s).1).max(),
        ) else {
            return Ok(());
        };
        self.read_rows(
            "SELECT seq, at, kind, table_id, user_id, round_id, data, NULL FROM events WHERE seq >= ?1 AND seq <= ?2 AND round_id BETWEEN ?3 AND ?4 AND kind = 12 ORDER BY seq",
            &[&from, &to, &lo, &hi],
            |e| {
                let Some(r) = e.round else { return Ok(()) };
                if let Some((first, end)) = spans.get(&r).map(span)
                    && e.seq >= first
                    && e.seq <= end
                {
                    f(r, e);
                }
                Ok::<(), ()>(())
            },
        )?
        .ok();
        Ok(())
    }

    /// Events of the given kinds logged after event `after_seq`, in order: a range of
    /// the log's own key from that event on (the kind index, which would read every such
    /// event since the first, is left unused on purpose).
    pub(crate) fn events_after(
        &self,
        kinds: &[EventKind],
        after_seq: i64,
    ) -> Result<Vec<Event>, AuditError> {
        let mut out = Vec::new();
        self.read_events(&events_after_sql(kinds), &[&after_seq], |e| {
            out.push(e);
            Ok::<(), ()>(())
        })?
        .ok();
        Ok(out)
    }

    /// Events of the given kind (not steps) with `from_ms <= at < to_ms`, in order.
    pub(crate) fn events_of_kind(
        &self,
        kind: EventKind,
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<Event>, AuditError> {
        let mut out = Vec::new();
        self.read_events(
            &format!("SELECT seq, at, kind, table_id, user_id, round_id, data, hash FROM events WHERE kind = ?1 AND {NOT_STEP} AND at >= ?2 AND at < ?3 ORDER BY seq"),
            &[&kind.code(), &from_ms, &to_ms],
            |e| {
                out.push(e);
                Ok::<(), ()>(())
            },
        )?
        .ok();
        Ok(out)
    }

    /// The `kind` events of rounds `first..=last`, in round order and each round's in log
    /// order (the log's order itself: rounds are numbered as they start), each lent to `f`
    /// (none is kept: a report over millions of rounds reads them one at a time). Read by
    /// the index by round (`+kind` keeps SQLite off the index by kind, which would read
    /// every such event of the file for a page of a streamed report's rounds) in that
    /// index's order, `(round_id, kind, seq)`: no sort of the range's events (SQLite's
    /// sorter took half the read's time; the floor gives its starts in this order too).
    pub(crate) fn each_of_rounds(
        &self,
        kind: EventKind,
        first: i64,
        last: i64,
        f: impl FnMut(&Event) -> Result<(), AuditError>,
    ) -> Result<(), AuditError> {
        self.read_rows(
            &format!("SELECT seq, at, kind, table_id, user_id, round_id, data, hash FROM events WHERE +kind = ?1 AND {NOT_STEP} AND round_id BETWEEN ?2 AND ?3 ORDER BY round_id, kind, seq"),
            &[&kind.code(), &first, &last],
            f,
        )?
    }

    /// The number of rounds logged (rounds are numbered 1, 2, 3, … as they start).
    pub(crate) fn round_count(&self) -> Result<i64, AuditError> {
        self.conn
            .query_row(
                &format!("SELECT coalesce(max(round_id), 0) FROM events WHERE round_id IS NOT NULL AND {NOT_STEP}"),
                [],
                |r| r.get(0),
            )
            .map_err(|e| sql_err(&self.path, e))
    }
}

/// The query planner's stability guarantee (QPSG) on `conn`: a statement's plan never reads
/// the values bound to it. Without it, SQLite's planner reads a bound value where one may
/// change the plan — `col = ?` on a term the index does not take (is the value 0 or 1:
/// `whereLoopOutputAdjust`), a bound value against a partial index's condition
/// (`exprCompareVariable`), `LIMIT ?` — and marks the statement (`expmask`); and
/// `sqlite3_clear_bindings`, which rusqlite's statement cache calls on every statement it
/// takes back, expires a statement so marked, changed value or not. Every reuse of such a
/// cached statement compiled it again (`sqlite3Reprepare`): the settlement's totals
/// queries, ~120 µs a settlement. With it no partial-index choice changes (every query that
/// should use a partial index writes its condition word for word: `tests/totals.rs`
/// `EXPLAIN`s them); the 0/1 estimate and a bound `LIMIT` no longer read the value, which
/// changes no result (docs/benchmarks.md "The settling input").
fn stable_plans(conn: &Connection) -> rusqlite::Result<()> {
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)
        .map(drop)
}

fn read_flags() -> OpenFlags {
    OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX
}

/// A folder is not a database: say so, rather than SQLite's "disk I/O error".
fn refuse_folder(path: &Path) -> Result<(), AuditError> {
    if path.is_dir() {
        return Err(AuditError::NotCroupier {
            path: path.to_path_buf(),
            detail: "it is a folder".into(),
        });
    }
    Ok(())
}

/// Whether a writer may be live (or died) on the file: its `-wal` or `-shm` exists. A
/// writer that closes cleanly removes both; an immutable read is safe only without them.
fn writer_traces(path: &Path) -> bool {
    ["-wal", "-shm"].iter().any(|suffix| {
        let mut w = path.as_os_str().to_owned();
        w.push(suffix);
        PathBuf::from(w).exists()
    })
}

/// `file:PATH?immutable=1`, the path percent-encoded where a URI needs it.
fn immutable_uri(path: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut uri = String::from("file:");
    for &b in abs.as_os_str().as_bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            uri.push(b as char);
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri.push_str("?immutable=1");
    uri
}

fn sql_err(path: &Path, e: rusqlite::Error) -> AuditError {
    match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => AuditError::NotCroupier {
            path: path.to_path_buf(),
            detail: "the file is not an SQLite database".into(),
        },
        Some(ErrorCode::DatabaseCorrupt) => AuditError::NotCroupier {
            path: path.to_path_buf(),
            detail: format!("the file is damaged or truncated: {e}"),
        },
        Some(ErrorCode::DiskFull) => AuditError::DiskFull {
            path: path.to_path_buf(),
        },
        Some(ErrorCode::ReadOnly)
        | Some(ErrorCode::CannotOpen)
        | Some(ErrorCode::PermissionDenied) => AuditError::ReadOnly {
            path: path.to_path_buf(),
            detail: e.to_string(),
        },
        Some(ErrorCode::DatabaseBusy) | Some(ErrorCode::DatabaseLocked) => AuditError::InUse {
            path: path.to_path_buf(),
            holder: "another connection holds the database".into(),
        },
        _ => AuditError::Db {
            path: path.to_path_buf(),
            source: e,
        },
    }
}

/// The query `Store::events_after` runs for `kinds` (its one parameter, `?1`, the event
/// after which to read): a range of the log's key, the kind filtered with `+kind` so the
/// kind index is not used. Shared with the test that checks its plan.
pub(crate) fn events_after_sql(kinds: &[EventKind]) -> String {
    let codes: Vec<String> = kinds.iter().map(|k| k.code().to_string()).collect();
    format!(
        "SELECT seq, at, kind, table_id, user_id, round_id, data, hash FROM events WHERE seq > ?1 AND +kind IN ({}) ORDER BY seq",
        codes.join(", ")
    )
}
