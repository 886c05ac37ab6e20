//! Replication, table → floor: the table's events in order, keyed by (identity, seq),
//! in batches of one transaction each (a batch sent twice or cut off by a kill leaves
//! exactly one copy of each event), checked by the server (`croupier.ingest`). The file
//! is only read: the dealer never waits for the network.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use postgres::binary_copy::BinaryCopyInWriter;
use postgres::types::Type;

use super::{Floor, FloorError, identity, server_err, short_id};
use crate::audit::Store;
use crate::audit::event::Event;
use crate::audit::store::{GENESIS, event_hash};

/// Events a batch holds (one transaction on the floor).
const BATCH: i64 = 20_000;

/// What one pass did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Synced {
    /// The table database's identity (first 16 hex digits).
    pub id: String,
    /// Events the floor took in this pass.
    pub accepted: i64,
    /// The floor's last event of this table after the pass.
    pub floor_head: i64,
    /// The file's last event when the pass began.
    pub file_head: i64,
}

/// One pass: everything the file holds now that the floor does not, in order. Ends
/// once the floor holds every event the file had when the pass began.
pub fn sync_once(store: &Store, floor: &mut Floor) -> Result<Synced, FloorError> {
    let id = identity(store)?;
    let path = store.path().display().to_string();
    let target = floor.target.clone();
    let err = |e: postgres::Error| server_err(&target, e);
    let client = floor.client();
    client
        .batch_execute(
            "CREATE TEMP TABLE IF NOT EXISTS floor_incoming (
                seq bigint PRIMARY KEY, at bigint NOT NULL, kind text NOT NULL,
                table_id bigint, user_id bigint, round_id bigint,
                data text NOT NULL, hash bytea NOT NULL) ON COMMIT DELETE ROWS",
        )
        .map_err(&err)?;
    client
        .execute(
            "INSERT INTO croupier.tables (db, path) VALUES ($1, $2) ON CONFLICT (db) DO NOTHING",
            &[&&id[..], &path],
        )
        .map_err(&err)?;
    let row = client
        .query_one(
            "SELECT tab, head_seq, path FROM croupier.tables WHERE db = $1",
            &[&&id[..]],
        )
        .map_err(&err)?;
    let (tab, mut floor_head, known_path): (i32, i64, String) =
        (row.get(0), row.get(1), row.get(2));
    if known_path != path {
        client
            .execute(
                "UPDATE croupier.tables SET path = $2 WHERE tab = $1",
                &[&tab, &path],
            )
            .map_err(&err)?;
    }
    let file_head = store.last_seq()?;
    if floor_head > file_head {
        let why = format!(
            "the file ends at event {file_head} but the floor already holds up to event {floor_head} of this table database"
        );
        client
            .execute(
                "SELECT croupier.raise_alarm($1, $2, NULL, NULL, $3)",
                &[
                    &&id[..],
                    &(file_head + 1),
                    &format!("file shorter than the floor: {why}"),
                ],
            )
            .map_err(&err)?;
        return Err(FloorError::Refused {
            target,
            path,
            seq: file_head + 1,
            why,
        });
    }
    let mut accepted = 0;
    // Each batch re-sends the floor's last event: a file whose history changed under an
    // event the floor holds is caught even when it has nothing new.
    let mut from = floor_head.max(1);
    let mut prev = if from > 1 {
        store.chain_hash(from - 1)?.unwrap_or(GENESIS)
    } else {
        GENESIS
    };
    while from <= file_head {
        let to = (from + BATCH - 1).min(file_head);
        let batch = read_batch(store, from, to, &mut prev)?;
        let (n, head, problem, bad) = send(floor.client(), tab, &batch).map_err(&err)?;
        accepted += n;
        floor_head = head;
        if let Some(why) = problem {
            return Err(FloorError::Refused {
                target,
                path,
                seq: bad.unwrap_or(head + 1),
                why,
            });
        }
        from = to + 1;
    }
    Ok(Synced {
        id: short_id(&id),
        accepted,
        floor_head,
        file_head,
    })
}

/// Events `from..=to` with their whole chain hashes, computed on from `prev` (the hash
/// of event `from - 1`); each checked against the hash the file stores.
fn read_batch(
    store: &Store,
    from: i64,
    to: i64,
    prev: &mut [u8; 32],
) -> Result<Vec<(Event, [u8; 32])>, FloorError> {
    let mut out = Vec::with_capacity((to - from + 1) as usize);
    let mut bad = None;
    store
        .each_event_lent(from, to, |e| {
            let h = event_hash(prev, e);
            if !e.check.matches(&h) {
                bad = Some(e.seq);
                return Err(());
            }
            *prev = h;
            out.push((e.clone(), h));
            Ok(())
        })?
        .ok();
    if let Some(seq) = bad {
        return Err(FloorError::Store(crate::audit::AuditError::Sqlite {
            path: store.path().to_path_buf(),
            detail: format!(
                "event {seq} does not match the hash the file stores: the file is damaged or altered; run `croupier verify`. Nothing of it was sent"
            ),
        }));
    }
    Ok(out)
}

/// One batch, one transaction. The usual case — the batch starts right after the
/// floor's head — is a binary COPY straight into `croupier.events`, checked by the
/// server's chain trigger as it goes in. Otherwise (the batch re-sends events the floor
/// holds), or when the trigger refuses, the batch is staged in the session's
/// `floor_incoming` and `croupier.ingest` compares, takes what follows and logs the fault.
/// Returns (taken, floor head, problem, bad seq).
fn send(
    client: &mut postgres::Client,
    tab: i32,
    batch: &[(Event, [u8; 32])],
) -> Result<(i64, i64, Option<String>, Option<i64>), postgres::Error> {
    let first = batch.first().map_or(0, |(e, _)| e.seq);
    {
        let mut tx = client.transaction()?;
        let head: i64 = tx
            .query_one(
                "SELECT head_seq FROM croupier.tables WHERE tab = $1 FOR UPDATE",
                &[&tab],
            )?
            .get(0);
        if first == head + 1 {
            let sink = tx.copy_in(
                "COPY croupier.events (tab, seq, at, kind, table_id, user_id, round_id, data, hash) FROM STDIN BINARY",
            )?;
            match copy_rows(sink, Some(tab), batch) {
                Ok(()) => {
                    tx.commit()?;
                    return Ok((batch.len() as i64, head + batch.len() as i64, None, None));
                }
                // The chain trigger refused: the staged path finds and logs the fault.
                Err(e) if e.code() == Some(&postgres::error::SqlState::RAISE_EXCEPTION) => {}
                Err(e) => return Err(e),
            }
        }
    }
    let mut tx = client.transaction()?;
    let sink = tx.copy_in(
        "COPY floor_incoming (seq, at, kind, table_id, user_id, round_id, data, hash) FROM STDIN BINARY",
    )?;
    copy_rows(sink, None, batch)?;
    let r = tx.query_one("SELECT * FROM croupier.ingest($1)", &[&tab])?;
    let out = (r.get(0), r.get(1), r.get(2), r.get(3));
    tx.commit()?;
    Ok(out)
}

/// Writes the batch's rows to a binary COPY (with the table's number first if given).
fn copy_rows(
    sink: postgres::CopyInWriter<'_>,
    tab: Option<i32>,
    batch: &[(Event, [u8; 32])],
) -> Result<(), postgres::Error> {
    let mut types = Vec::with_capacity(9);
    if tab.is_some() {
        types.push(Type::INT4);
    }
    types.extend([
        Type::INT8,
        Type::INT8,
        Type::TEXT,
        Type::INT8,
        Type::INT8,
        Type::INT8,
        Type::TEXT,
        Type::BYTEA,
    ]);
    let mut w = BinaryCopyInWriter::new(sink, &types);
    for (e, h) in batch {
        let kind = e.kind.name();
        let hash = &h[..];
        let row: [&(dyn postgres::types::ToSql + Sync); 8] = [
            &e.seq, &e.at, &kind, &e.table, &e.user, &e.round, &e.data, &hash,
        ];
        match &tab {
            Some(t) => {
                let mut with: Vec<&(dyn postgres::types::ToSql + Sync)> = Vec::with_capacity(9);
                with.push(t);
                with.extend(row);
                w.write(&with)?;
            }
            None => w.write(&row)?,
        }
    }
    w.finish()?;
    Ok(())
}

/// The state of a table's link to the floor, as the dealer screen shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkState {
    Connecting,
    /// The floor holds every event of the file.
    InSync {
        head: i64,
    },
    /// The floor is this many events behind the file.
    Behind {
        events: i64,
    },
    /// Since when (ms since the epoch), and why.
    Unreachable {
        since: i64,
        why: String,
    },
    /// The floor refused the file's events (an alarm was logged there).
    Refused {
        why: String,
    },
}

impl LinkState {
    /// The state in words.
    pub fn text(&self) -> String {
        match self {
            LinkState::Connecting => "floor: connecting".into(),
            LinkState::InSync { head } => format!("floor: in sync (event {head})"),
            LinkState::Behind { events } => format!("floor: {events} events behind"),
            LinkState::Unreachable { since, .. } => format!(
                "floor unreachable since {}",
                chrono::DateTime::from_timestamp_millis(*since)
                    .map(|t| t.format("%H:%M:%S UTC").to_string())
                    .unwrap_or_default()
            ),
            LinkState::Refused { .. } => "floor REFUSED this table's log: call a supervisor".into(),
        }
    }
}

/// How often a following sync looks for new events when in sync.
const POLL: Duration = Duration::from_millis(25);
/// How long it waits before reconnecting to an unreachable floor.
const RETRY: Duration = Duration::from_secs(1);

/// Follows a table file: syncs, then keeps syncing as the file grows, reconnecting when
/// the floor is unreachable, until `stop` is set. `report` hears every change of state.
/// Returns at a refusal (the caller decides whether to go on).
pub fn follow(
    db: &Path,
    url: &str,
    stop: &AtomicBool,
    mut report: impl FnMut(&LinkState),
) -> Result<(), FloorError> {
    let store = Store::open_read(db)?;
    let mut floor: Option<Floor> = None;
    let mut down_since: Option<i64> = None;
    let mut last = LinkState::Connecting;
    report(&last);
    let mut set = |s: LinkState, last: &mut LinkState| {
        if *last != s {
            report(&s);
            *last = s;
        }
    };
    while !stop.load(Ordering::Relaxed) {
        if floor.is_none() {
            match Floor::connect(url) {
                Ok(f) => floor = Some(f),
                Err(e @ (FloorError::BadUrl(_) | FloorError::NewerSchema { .. })) => return Err(e),
                Err(e) => {
                    set(unreachable(&mut down_since, &e), &mut last);
                    pause(stop, RETRY);
                    continue;
                }
            }
        }
        let Some(f) = floor.as_mut() else { continue };
        match sync_once(&store, f) {
            Ok(s) => {
                down_since = None;
                let now = store.last_seq()?;
                if now > s.floor_head {
                    set(
                        LinkState::Behind {
                            events: now - s.floor_head,
                        },
                        &mut last,
                    );
                } else {
                    set(LinkState::InSync { head: s.floor_head }, &mut last);
                    wait_for_growth(&store, s.floor_head, stop)?;
                }
            }
            Err(e @ FloorError::Refused { .. }) => {
                set(LinkState::Refused { why: e.to_string() }, &mut last);
                return Err(e);
            }
            Err(FloorError::Store(e)) => return Err(FloorError::Store(e)),
            Err(e) => {
                floor = None;
                set(unreachable(&mut down_since, &e), &mut last);
                pause(stop, RETRY);
            }
        }
    }
    Ok(())
}

/// The floor is out of reach: since when it has been (the first failure of a run of them).
fn unreachable(down_since: &mut Option<i64>, e: &FloorError) -> LinkState {
    LinkState::Unreachable {
        since: *down_since.get_or_insert_with(now_ms),
        why: e.to_string(),
    }
}

fn wait_for_growth(store: &Store, head: i64, stop: &AtomicBool) -> Result<(), FloorError> {
    let started = Instant::now();
    while !stop.load(Ordering::Relaxed) && store.last_seq()? <= head {
        std::thread::sleep(POLL);
        // Re-sync now and then even with nothing new: the link's state stays honest
        // about a floor that went away.
        if started.elapsed() > Duration::from_secs(5) {
            break;
        }
    }
    Ok(())
}

fn pause(stop: &AtomicBool, d: Duration) {
    let until = Instant::now() + d;
    while !stop.load(Ordering::Relaxed) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// A table's link to the floor in the background of the dealer screen: a thread that
/// follows the file; the screen only reads its state. Stopped and joined on drop.
pub struct Link {
    state: Arc<Mutex<LinkState>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Link {
    pub fn start(db: PathBuf, url: String) -> Link {
        let state = Arc::new(Mutex::new(LinkState::Connecting));
        let stop = Arc::new(AtomicBool::new(false));
        let (s, st) = (state.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            let put = |x: &LinkState| {
                if let Ok(mut g) = s.lock() {
                    *g = x.clone();
                }
            };
            while !st.load(Ordering::Relaxed) {
                match follow(&db, &url, &st, put) {
                    Ok(()) => break,
                    Err(FloorError::Refused { .. }) => {}
                    Err(e) => put(&LinkState::Unreachable {
                        since: now_ms(),
                        why: e.to_string(),
                    }),
                }
                // A refusal stays on screen; the link tries again now and then (a
                // supervisor may have dealt with it).
                pause(&st, Duration::from_secs(10));
            }
        });
        Link {
            state,
            stop,
            thread: Some(thread),
        }
    }

    pub fn state(&self) -> LinkState {
        self.state
            .lock()
            .map(|g| g.clone())
            .unwrap_or(LinkState::Connecting)
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
