//! Replication, table → floor: the table's events in order, keyed by (identity, seq),
//! in batches of one transaction each (a batch sent twice or cut off by a kill leaves
//! exactly one copy of each event), checked by the server (`croupier.ingest`). The file
//! is only read: the dealer never waits for the network.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::{Floor, FloorError, identity, raise_alarm, server_err, short_id};
use crate::log::Store;
use crate::log::event::Event;
use crate::log::store::{GENESIS, event_hash};
use crate::panics::panic_message;
use crate::session::replay::{DataFigures, Replayer};

/// Events a batch holds (one transaction on the floor). Measured: 10,000 ingests faster
/// than 20,000 or 50,000 (docs/benchmarks.md, catch-up ingest).
const BATCH: i64 = 10_000;

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

/// The file's own replay (as `verify` replays it), as far as the sync has read: the sync
/// sends no event from the first one its replay refuses (an honest table never sends a
/// bad round). Kept across passes by `follow`, so each event is replayed once.
pub(crate) struct LocalReplay {
    r: Replayer,
    /// The last event replayed and found to hold.
    through: i64,
    /// The first event the replay refused, and why.
    refused: Option<(i64, String)>,
}

impl LocalReplay {
    pub(crate) fn new() -> LocalReplay {
        // The chain is checked as the batches are read (`read_batch`: a damaged file is
        // named as such); the replay checks what the events say.
        let mut r = Replayer::new(false);
        r.pontis.check_numbers = true;
        r.check_round_numbers = true;
        r.check_money = true;
        r.track_seen = false;
        // What the floor will read from each settlement: its own data.
        r.figures = Some(Box::new(DataFigures));
        LocalReplay {
            r,
            through: 0,
            refused: None,
        }
    }

    /// Replays the file up to event `to`: the last event that holds.
    fn advance(&mut self, store: &Store, to: i64) -> Result<i64, FloorError> {
        if self.refused.is_none() && self.through < to {
            let (r, through, refused) = (&mut self.r, &mut self.through, &mut self.refused);
            store
                .each_event_lent(*through + 1, to, |e| match r.feed(e) {
                    Ok(()) => {
                        *through = e.seq;
                        Ok(())
                    }
                    Err(x) => {
                        *refused = Some((e.seq, x.to_string()));
                        Err(())
                    }
                })?
                .ok();
        }
        Ok(self.through)
    }
}

/// One pass: everything the file holds now that the floor does not, in order. Ends
/// once the floor holds every event the file had when the pass began.
pub fn sync_once(store: &Store, floor: &mut Floor) -> Result<Synced, FloorError> {
    sync_checked(store, floor, &mut LocalReplay::new())
}

/// One pass, the file replayed on from where `replay` stopped: events up to the first
/// that the replay refuses are sent, then the pass is refused naming that event.
fn sync_checked(
    store: &Store,
    floor: &mut Floor,
    replay: &mut LocalReplay,
) -> Result<Synced, FloorError> {
    let id = identity(store)?;
    let path = store.path().display().to_string();
    let target = floor.target.clone();
    let err = |e: postgres::Error| server_err(&target, e);
    // The floor's head of this table database (none yet: 0). The table registers on
    // its first batch: `ingest` binds the identity to this login role.
    let mut floor_head: i64 = floor
        .client()
        .query_opt(
            "SELECT head_seq FROM croupier.tables WHERE db = $1",
            &[&&id[..]],
        )
        .map_err(&err)?
        .map_or(0, |r| r.get(0));
    let file_head = store.last_seq()?;
    if floor_head > file_head {
        let why = format!(
            "the file ends at event {file_head} but the floor already holds up to event {floor_head} of this table database"
        );
        let context = "file shorter than the floor";
        return Err(refused(floor, &id, path, file_head + 1, why, context));
    }
    let mut accepted = 0;
    let good = replay.advance(store, file_head)?;
    // Each batch re-sends the floor's last event: a file whose history changed under an
    // event the floor holds is caught even when it has nothing new.
    let mut from = floor_head.max(1);
    let mut prev = if from > 1 {
        store.chain_hash(from - 1)?.unwrap_or(GENESIS)
    } else {
        GENESIS
    };
    while from <= good {
        let to = (from + BATCH - 1).min(good);
        let batch = match read_batch(store, from, to, &mut prev)? {
            Ok(b) => b,
            Err(seq) => {
                // Altered or damaged at the table: nothing of it is sent, and the floor
                // hears of it (the link shows REFUSED, not "unreachable").
                let why = format!(
                    "event {seq} of the file does not match the hash the file stores: the file is damaged or altered; run `croupier verify`. Nothing of it was sent"
                );
                let context = "file damaged at the table";
                return Err(refused(floor, &id, path, seq, why, context));
            }
        };
        let (n, head, problem, bad) = send(floor.client(), &id, &path, &batch).map_err(&err)?;
        accepted += n;
        floor_head = head;
        if let Some(mut why) = problem {
            // A kind this program logs that the floor was not told of: the floor is
            // older than the table's program (the floor's owner adds the kinds).
            if why.contains("of a kind the floor does not know") {
                why.push_str(
                    "; if this version of Croupier logs that kind, the floor's admin adds it by running `croupier floor-init --floor URL` with this version",
                );
            }
            // The floor's own check refused it: `ingest` logged the alarm.
            return Err(FloorError::Refused {
                target,
                path,
                seq: bad.unwrap_or(head + 1),
                why,
                alarmed: true,
            });
        }
        from = to + 1;
    }
    if let Some((seq, why)) = &replay.refused {
        let why = format!(
            "the file's own replay refuses event {seq} ({why}): nothing from it on was sent; run `croupier verify`"
        );
        return Err(refused(floor, &id, path, *seq, why, "refused at the table"));
    }
    Ok(Synced {
        id: short_id(&id),
        accepted,
        floor_head,
        file_head,
    })
}

/// The pass refused at event `seq` for `why`, an alarm raised on the floor first (its
/// text `context: why`); if the alarm cannot be raised, the server's error.
fn refused(
    floor: &mut Floor,
    id: &[u8; 32],
    path: String,
    seq: i64,
    why: String,
    context: &str,
) -> FloorError {
    let target = floor.target.clone();
    let what = format!("{context}: {why}");
    match raise_alarm(floor.client(), id, seq, None, None, &what) {
        Ok(alarmed) => FloorError::Refused {
            target,
            path,
            seq,
            why,
            alarmed,
        },
        Err(e) => server_err(&target, e),
    }
}

/// A batch: events with their whole chain hashes.
type Batch = Vec<(Event, [u8; 32])>;

/// Events `from..=to` with their whole chain hashes, computed on from `prev` (the hash
/// of event `from - 1`); each checked against the hash the file stores. `Err(seq)`: the
/// first event that does not match it.
fn read_batch(
    store: &Store,
    from: i64,
    to: i64,
    prev: &mut [u8; 32],
) -> Result<Result<Batch, i64>, FloorError> {
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
    Ok(match bad {
        Some(seq) => Err(seq),
        None => Ok(out),
    })
}

/// One batch, one call of `croupier.ingest` (one transaction): the events as arrays,
/// one per column, in binary. The server registers the table, compares what it already
/// holds, checks and takes what follows and logs any fault.
/// Returns (taken, floor head, problem, bad seq).
fn send(
    client: &mut postgres::Client,
    id: &[u8; 32],
    path: &str,
    batch: &[(Event, [u8; 32])],
) -> Result<(i64, i64, Option<String>, Option<i64>), postgres::Error> {
    let seq: Vec<i64> = batch.iter().map(|(e, _)| e.seq).collect();
    let at: Vec<i64> = batch.iter().map(|(e, _)| e.at).collect();
    let kind: Vec<&str> = batch.iter().map(|(e, _)| e.kind.name()).collect();
    let table: Vec<Option<i64>> = batch.iter().map(|(e, _)| e.table).collect();
    let user: Vec<Option<i64>> = batch.iter().map(|(e, _)| e.user).collect();
    let round: Vec<Option<i64>> = batch.iter().map(|(e, _)| e.round).collect();
    let data: Vec<&str> = batch.iter().map(|(e, _)| e.data.as_str()).collect();
    let hash: Vec<&[u8]> = batch.iter().map(|(_, h)| &h[..]).collect();
    let r = client.query_one(
        "SELECT * FROM croupier.ingest($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        &[
            &&id[..],
            &path,
            &seq,
            &at,
            &kind,
            &table,
            &user,
            &round,
            &data,
            &hash,
        ],
    )?;
    Ok((r.get(0), r.get(1), r.get(2), r.get(3)))
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
    /// The link's thread panicked: it follows the file no more, and this is what the
    /// panic said.
    Stopped {
        panic: String,
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
            LinkState::Stopped { panic } => format!("floor link STOPPED: {panic}"),
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
    let mut replay = LocalReplay::new();
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
                Err(
                    e @ (FloorError::BadUrl(_)
                    | FloorError::Tls { .. }
                    | FloorError::NewerSchema { .. }),
                ) => return Err(e),
                Err(e) => {
                    set(unreachable(&mut down_since, &e), &mut last);
                    pause(stop, RETRY);
                    continue;
                }
            }
        }
        let Some(f) = floor.as_mut() else { continue };
        match sync_checked(&store, f, &mut replay) {
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
/// follows the file; the screen only reads its state. Stopped (not joined) on drop.
pub struct Link {
    state: Arc<Mutex<LinkState>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Link {
    pub fn start(db: PathBuf, url: String) -> Link {
        Link::run(move |st, put| {
            while !st.load(Ordering::Relaxed) {
                match follow(&db, &url, st, put) {
                    Ok(()) => break,
                    Err(FloorError::Refused { .. }) => {}
                    Err(e) => put(&LinkState::Unreachable {
                        since: now_ms(),
                        why: e.to_string(),
                    }),
                }
                // A refusal stays on screen; the link tries again now and then (a
                // supervisor may have dealt with it).
                pause(st, Duration::from_secs(10));
            }
        })
    }

    /// Runs `body` on the link's thread, telling it to stop through the flag and
    /// hearing its states; a panic there ends the link as [`LinkState::Stopped`] with
    /// what the panic said (never a state that silently stops changing).
    fn run(body: impl FnOnce(&AtomicBool, &dyn Fn(&LinkState)) + Send + 'static) -> Link {
        let state = Arc::new(Mutex::new(LinkState::Connecting));
        let stop = Arc::new(AtomicBool::new(false));
        let (s, st) = (state.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            let put = |x: &LinkState| {
                *s.lock().unwrap_or_else(PoisonError::into_inner) = x.clone();
            };
            let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| body(&st, &put)));
            if let Err(p) = ran {
                put(&LinkState::Stopped {
                    panic: panic_message(p.as_ref()),
                });
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
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

impl Drop for Link {
    /// Tells the thread to stop and leaves it: never joined here, so the screen that
    /// drops the link never waits on the network (the thread ends at its next check, at
    /// the latest when its connect or statement times out).
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.take();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A link whose thread panics says so on the screen, with what the panic said, rather
    /// than keeping the last state it reached for ever.
    #[test]
    fn a_link_whose_thread_panics_says_so_with_its_message() {
        let link = Link::run(|_, put| {
            put(&LinkState::Behind { events: 3 });
            panic!("the replay lost round {}", 12)
        });
        let until = Instant::now() + Duration::from_secs(10);
        while !matches!(link.state(), LinkState::Stopped { .. }) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
        let stopped = LinkState::Stopped {
            panic: "the replay lost round 12".into(),
        };
        assert_eq!(link.state(), stopped);
        assert_eq!(
            stopped.text(),
            "floor link STOPPED: the replay lost round 12"
        );
    }
}
