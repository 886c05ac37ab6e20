//! The floor's auditor (`croupier floor-audit`): every table database's events on the
//! floor replayed through the engine as `verify` replays a file (`replay::Replayer`, fed
//! the floor's rows), its progress and each refusal recorded on the floor. It only reads
//! events; it writes its verdicts (`croupier.replayed`), alarms (`raise_alarm`) and the
//! theories it solved of the rules the tables opened with (`croupier.kept_theories`, held
//! to its solve at every pass), nothing else.
//!
//! Resuming: the engine's state (shoes, rounds in play, users and settings, Pontis games)
//! is kept in memory only, so a new run replays each table database from its first event
//! (a replay is only as good as its whole history); what it records never goes back, but
//! for a refusal that says the events there are no longer those it took, which keeps it at
//! the last event the refusal leaves as replayed (`Refusal::kept_through`).
//!
//! Once a table database's replay has caught up, its kept totals are held to its events
//! and the verdict recorded for the reports' footers (`totals`, with how often).
//!
//! The chain is checked as the events are replayed: each event held to the chain hash
//! computed from the one before it (the log core's `event_hash`, as `verify` checks a
//! file; compared as the floor's `chain_break` compares it: the stored check must be the
//! start of the hash) and to the gap rule, event 1's hash to the table database's identity
//! (`Refusal::Identity`: ingest registers a table database by it, floor schema 18, and the
//! owner could change it since); recorded in `croupier.chain_checked` (schema
//! 14) with the replay's progress, in one transaction, for the reports' footers, which
//! read it instead of walking the whole chain again. A break is a refusal (an alarm, and
//! recorded). Every run walks every chain from its genesis as it replays; a following
//! auditor walks a table database again from its genesis when its events were changed
//! since (`touched`) and at least every [`CHAIN_ANYWAY`] whatever it was told (a change
//! made with the triggers disabled marks nothing) — hash only (`rewalk`: no replay, the
//! replay goes on from where it was) — recording when that walk started (`walked_at`)
//! and the months it saw (`parts`: the leaves of the events' partition tree), which a
//! footer holds its check to. A step keeps no check of its own (floor schema 6), so a
//! break's words name the last event whose check held (`Refusal::Chain`'s `after`): a
//! changed step shows only at the next event that keeps one. The first break on a chain
//! is the one recorded (`record_chain`); a check is recorded only at an event whose
//! stored check held (`Replay::held`), never at a step, whose content a check there would
//! vouch for unheld.
//!
//! Every row of `croupier.rounds` (what the floor's reports total) is accounted for: each
//! chunk's settlements take their own rows (`FloorFigures`), and a row left over (at an
//! event that settles no round) is refused (`Refusal::StrayRound`); once caught up, each
//! pass refuses a row past the head or before the first event (`stray_past`); the hourly
//! walk does as the chunks for the rows the replay passed. Every row of
//! `croupier.round_starts` (each round's opening: what the reports' theoretical win rate
//! and its spread read, and the floor's index of rounds) likewise (`starts`): each chunk's
//! openings have their rows, exactly as the chain trigger derives them, and no other row
//! lies in the round ids they cover (one index range); once caught up, a row at a round id
//! past the replay's that no event gives (at or before the event replayed, or past the
//! head) is refused; both as `Refusal::StrayRound` of `Derived::Starts`; the hourly walk
//! does as the chunks for the openings the replay passed. Events missing where a chunk
//! looks for them are its first months detached when they are below the first event held
//! (`detached_below`, as the walk's ranges), else a break.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use postgres::fallible_iterator::FallibleIterator;

use super::{Floor, FloorError, FloorTable, raise_alarm, server_err, short_id};
use crate::engine::Rules;
use crate::log::EventKind;
use crate::log::event::Event;
use crate::log::payload::Payload;
use crate::log::store::{GENESIS, event_hash};
use crate::report::query::Derived;
use crate::session::error::Discrepancy;
use crate::session::kept_theory::{self, KeptTheoryFault};
use crate::session::replay::{LoggedFigures, ReplayError, Replayer};
use rewalk::Rewalk;
use starts::Starts;

mod rewalk;
mod starts;
mod totals;

/// Events read a query.
const CHUNK: i64 = 20_000;

/// Events a chunk of the replay and a range of the walk: [`CHUNK`]. TEST ONLY:
/// `CROUPIER_TEST_CHUNK` (a positive count), set by tests/floor.rs so a small chain spans
/// several chunks and ranges; not a setting, never set it on a floor.
fn chunk_len() -> i64 {
    std::env::var("CROUPIER_TEST_CHUNK")
        .ok()
        .and_then(|v| v.parse::<i64>().ok())
        .filter(|n| *n > 0)
        .unwrap_or(CHUNK)
}

/// Where the auditor is with one table database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Audited {
    /// The table database's identity (first 16 hex digits).
    pub id: String,
    /// The file it was last synced from.
    pub path: String,
    /// Replayed through this event…
    pub through: i64,
    /// …of the floor's events of it.
    pub head: i64,
    /// The event the replay refuses, and why (an alarm on the floor); or the event its
    /// kept totals were checked through and found broken (`totals`), and what differs.
    pub failed: Option<(i64, String)>,
    /// The event this program cannot replay, and why: a kind it does not know (a newer
    /// Croupier logged it). Not the table's fault, so no FAILED verdict: the replay stops
    /// there, NOT YET REPLAYED, until a program that knows the kind runs the auditor.
    pub stuck: Option<(i64, String)>,
    /// The steps back of the table's clock by over an hour this pass's replay found
    /// (`ClockWatch`) whose alarms stand: the event, the alarm's words, and whether the
    /// alarm was raised now (else it was there, not acknowledged). The replay goes on.
    pub clock_back: Vec<(i64, String, bool)>,
}

/// A rules a table opened with on the floor: its key, the rules, the table database and
/// event of the first opening with them.
type Met = (String, Rules, Vec<u8>, i64);

/// Why a replay stopped at an event.
enum Stop {
    /// The replay refuses it: a FAILED verdict and an alarm.
    Refused(Box<Refusal>),
    /// This program cannot replay it (a kind it does not know): an alarm, once.
    Unknown(String),
    /// The first events are no longer on the floor (detached, e.g. archived, while the
    /// replay went on): the replay from the genesis says so, as on a first run.
    Detached { first: i64 },
}

/// Why the auditor's replay refuses an event, typed: the replay's own error, the floor's
/// events out of sequence, or packed data that does not unpack. The English is what the
/// alarm and `croupier.replayed` record.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    #[error("{0}")]
    Replay(ReplayError),
    #[error("expected event {expected} next, the floor gives {found}")]
    Gap { expected: i64, found: i64 },
    #[error("event {0}: its packed data does not unpack")]
    Unpack(i64),
    /// The chain breaks at event `seq`: its stored check (or, for the hourly walk, the
    /// replay's or the head's hash there) is not the chain hash computed from the events
    /// before it; `after` is the last event whose stored check held. A step keeps no
    /// check of its own (schema 6), so a step changed shows only at the next event that
    /// keeps one: the change is after `after` and at or before `seq`.
    #[error("{}", chain_words(*seq, *after))]
    Chain { seq: i64, after: i64 },
    #[error("event {seq} is missing on the floor (its head is event {head})")]
    Missing { seq: i64, head: i64 },
    /// Every stored check held through the head, event `seq`, which keeps its own, but
    /// the chain hash there is not the head hash the floor keeps (`tables.head_hash`).
    #[error(
        "event {seq}, the head: every stored check holds through it, but the chain hash there differs from the head hash the floor keeps (tables.head_hash): events were changed with their checks computed again, or the head hash was changed"
    )]
    HeadHash { seq: i64 },
    /// The floor keeps a row of `croupier.rounds` (what its reports total) at event
    /// `seq`, which settles no round: a play step, a void or any other kind, an event
    /// before the first or past the head. The chain trigger writes a row for each
    /// settlement only, so the row was added outside it (the triggers disabled);
    /// or a row of `croupier.round_starts` (what their theoretical win rate reads) that is
    /// not what event `seq` gives (`starts`): a row at an event that opens no round (or
    /// not that round), a row whose figures differ, an opening with no row (`of` says
    /// which table). (A round opened at any id but the next is the replay's own
    /// refusal, `EventFault::RoundOutOfOrder`, as `verify`'s.)
    #[error("{}", crate::report::query::stray_words(*seq, *of))]
    StrayRound { seq: i64, of: Derived },
    /// Event 1's chain hash (from the genesis) is not the table database's identity on
    /// the floor (`tables.db`): what ingest registers it by (floor schema 18), so its
    /// events are not the file's it names, or the identity was changed since.
    #[error(
        "event 1's chain hash is not this table database's identity on the floor (tables.db, what it was registered by): its events are not those of the file the identity names, or the identity was changed"
    )]
    Identity,
}

/// A chain break in words: exact when the event before it held its check.
fn chain_words(seq: i64, after: i64) -> String {
    if after + 1 >= seq {
        return format!(
            "event {seq} does not follow from the event before it on the floor: its stored check is not the start of the chain hash computed from the one before"
        );
    }
    format!(
        "the chain breaks at or before event {seq}, after event {after} (the last event whose stored check held; {}): one of events {} to {seq} was changed, or its check",
        crate::report::query::play_steps(after + 1, seq - 1),
        after + 1
    )
}

impl Refusal {
    fn stop(self) -> Stop {
        Stop::Refused(Box::new(self))
    }

    /// The last event a refusal at `seq` leaves as replayed, where it says the events
    /// are no longer those the replay took (`progress_cap`): a chain break's last event
    /// whose stored check held (a step keeps none, so the change may be any event after
    /// it); none for a head hash that differs with every check holding (the change may be
    /// anywhere); the event before a missing, unreadable or unexpected one, or event 1's
    /// identity. `None` for a derived row that differs or the replay's own refusal: the
    /// events replayed are still the floor's.
    fn kept_through(&self, seq: i64) -> Option<i64> {
        match self {
            Refusal::Chain { after, .. } => Some((*after).min(seq - 1)),
            Refusal::HeadHash { .. } => Some(0),
            Refusal::Missing { .. }
            | Refusal::Gap { .. }
            | Refusal::Unpack(_)
            | Refusal::Identity => Some(seq - 1),
            Refusal::Replay(_) | Refusal::StrayRound { .. } => None,
        }
    }

    /// The event where the chain breaks, when this refusal is one (as `chain_break`
    /// says it: the event that does not follow, or the one expected at a gap).
    fn chain_break(&self) -> Option<i64> {
        match self {
            Refusal::Chain { seq, .. }
            | Refusal::Missing { seq, .. }
            | Refusal::HeadHash { seq } => Some(*seq),
            Refusal::Gap { expected, .. } => Some(*expected),
            _ => None,
        }
    }
}

/// Whether event `seq`'s chain hash `h` is what the floor registered its table database
/// by (`id`, its identity: event 1's hash from the genesis); every other event is held
/// by the chain alone.
fn is_its_identity(seq: i64, h: &[u8; 32], id: &[u8]) -> bool {
    seq != 1 || h[..] == *id
}

/// Whether an event's stored check (`stored`: 32 bytes, or none for a step) is the start
/// of the chain hash `h` computed for it, as the floor's `chain_break` compares them.
fn follows(h: &[u8; 32], stored: &[u8]) -> bool {
    stored.len() <= h.len() && h.starts_with(stored)
}

/// Why an event of a kind this program does not know (named on the floor) is not replayed.
fn unknown_kind(name: Option<&str>) -> String {
    format!(
        "its kind {:?} is not one this program knows: a newer Croupier logged it; run `croupier floor-audit` from that version",
        name.unwrap_or("?")
    )
}

/// A table database's replay in this process, the last event it took, and the chain
/// hash there (each event taken was held to it); the last event whose stored check held
/// (a step keeps none), and its chain hash: where its chain check is recorded (a check
/// recorded at a step would vouch for the step's content, which nothing held; a footer
/// walking on from it would never see the step changed).
struct Replay {
    r: Replayer,
    through: i64,
    prev: [u8; 32],
    held: (i64, [u8; 32]),
    /// The last round id whose `round_starts` rows were accounted for (`Starts`).
    round: i64,
    /// The times of the events replayed, watched for the table's clock going back.
    clock: ClockWatch,
}

/// How far back a table's clock may step before the floor is told: further than a clock
/// corrected by its time service, or a gaming day's daylight saving (which moves local
/// time, never the log's UTC milliseconds), ever goes.
pub(crate) const CLOCK_BACK_MS: i64 = 3_600_000;

/// An event dated over `CLOCK_BACK_MS` before the latest event before it (`top`): what
/// it settles is counted in the hours it claims, a closed month's among them. Not a
/// fault of the chain or the replay (an honest table with a wrong clock must be able to
/// sync), so an alarm, not a refusal: someone looks, and acknowledges it.
#[derive(Debug, PartialEq)]
struct StepBack {
    seq: i64,
    at: i64,
    top_seq: i64,
    top_at: i64,
}

impl StepBack {
    /// The alarm's words: fixed by the events alone (no path, no time of the pass), so
    /// that a replay from event 1 again finds the alarm already there.
    fn words(&self) -> String {
        let utc = super::utc_words;
        let back = self.top_at - self.at;
        format!(
            "clock: event {} is dated {}, {} h {:02} min before event {} ({}), the latest before it: the table's clock went back by over an hour, and what it logged from there is counted in the hours it claims (a closed month's among them, if it is one)",
            self.seq,
            utc(self.at),
            back / 3_600_000,
            back % 3_600_000 / 60_000,
            self.top_seq,
            utc(self.top_at)
        )
    }
}

/// The latest event time a replay has seen, and whether the events now are more than
/// `CLOCK_BACK_MS` behind it. One step back is one finding: the events after it, still
/// behind, are not found again, unless the clock jumps back once more by over the limit
/// from the event before; once the clock has caught up to within the limit, a new step
/// back is a new finding.
#[derive(Debug, Default)]
struct ClockWatch {
    top: Option<(i64, i64)>,
    prev_at: i64,
    behind: bool,
    found: Vec<StepBack>,
}

impl ClockWatch {
    fn see(&mut self, seq: i64, at: i64) {
        let Some((top_seq, top_at)) = self.top else {
            (self.top, self.prev_at) = (Some((seq, at)), at);
            return;
        };
        let behind = at < top_at.saturating_sub(CLOCK_BACK_MS);
        let jump = at < self.prev_at.saturating_sub(CLOCK_BACK_MS);
        if behind && (!self.behind || jump) {
            self.found.push(StepBack {
                seq,
                at,
                top_seq,
                top_at,
            });
        }
        self.behind = behind;
        self.prev_at = at;
        if at > top_at {
            self.top = Some((seq, at));
        }
    }
}

impl Replay {
    fn new() -> Replay {
        // The chain is held here, in `chunk` (the floor keeps no hash for a step, 32
        // bytes for every other event: schema 6), not by the replayer.
        let mut r = Replayer::new(false);
        r.pontis.check_numbers = true;
        r.check_round_numbers = true;
        r.check_money = true;
        r.track_seen = false;
        Replay {
            r,
            through: 0,
            prev: GENESIS,
            held: (0, GENESIS),
            round: i64::MIN,
            clock: ClockWatch::default(),
        }
    }
}

/// The figures the floor derived from each settlement (`croupier.rounds`, what its
/// reports show), for the settlements of one chunk of events, and the decisions' cost it
/// derived (schema 8; `None`: the row says the settlement logged none).
struct FloorFigures(HashMap<i64, ([i64; 15], Option<i64>)>);

impl FloorFigures {
    /// The settlements' figures of `tab` after event `from` through `to` (one index range
    /// of `rounds_pkey`).
    fn read(
        tx: &mut postgres::Transaction<'_>,
        tab: i32,
        from: i64,
        to: i64,
    ) -> Result<FloorFigures, postgres::Error> {
        let rows = tx.query(
            "SELECT seq, round_id, at, coalesce(table_id, -1), coalesce(user_id, -1),
                    handle, paid, win, max_net, insurance_taken, insurance_paid,
                    splits, buys, pontoons, five_card_tricks, cost
               FROM croupier.rounds WHERE tab = $1 AND seq > $2 AND seq <= $3",
            &[&tab, &from, &to],
        )?;
        let mut figures = HashMap::with_capacity(rows.len());
        for r in &rows {
            let mut row = [0i64; 15];
            for (i, x) in row.iter_mut().enumerate() {
                *x = r.get(i);
            }
            figures.insert(row[0], (row, r.get(15)));
        }
        Ok(FloorFigures(figures))
    }

    /// The first row left once every settlement of its range took its own: a row at an
    /// event that settles no round.
    fn stray(&self) -> Option<i64> {
        self.0.keys().min().copied()
    }
}

impl LoggedFigures for FloorFigures {
    /// The floor's figures of settlement `e`; its cost must be the one `e` logged (which
    /// the replay holds to its own), else the floor's totals of it could not be trusted.
    fn row(&mut self, e: &Event) -> Result<Option<[i64; 15]>, ReplayError> {
        let Some((row, cost)) = self.0.remove(&e.seq) else {
            return Ok(None);
        };
        let logged = match Payload::parse(EventKind::RoundSettled, &e.data) {
            Ok(Payload::RoundSettled(s)) => s.cost(),
            // The replay names a settlement that does not read.
            _ => return Ok(Some(row)),
        };
        if cost != logged {
            return Err(ReplayError::Mismatch {
                round: e.round.unwrap_or(-1),
                why: Discrepancy::FloorCost { kept: cost, logged },
            });
        }
        Ok(Some(row))
    }

    fn left_over(&self) -> Option<i64> {
        self.stray()
    }
}

/// The session advisory lock an auditor holds on its floor (one auditor per floor).
const AUDITOR_LOCK: i64 = 0x6372_6f75_7069_6572; // "croupier"

/// Who holds the auditor's lock, as the error a second auditor gets: another auditor
/// (a login that may audit: `Busy`), or a login that may not (any login may take an
/// advisory lock: a table's, say), which keeps every auditor out — then each of that
/// login's table databases is alarmed at its head (once a session: the alarm names its
/// server process), and the error names the login and the session (`LockKept`).
fn lock_holder(floor: &mut Floor) -> Result<FloorError, FloorError> {
    let target = floor.target.clone();
    let err = |e| server_err(&target, e);
    // A holder with no login (a role dropped under its session, a background worker) is
    // not a login that may audit; NULLs never reach Rust.
    let holder = (floor.client())
        .query_opt(
            "SELECT coalesce(a.usename::text, '(none)'), a.pid,
                    coalesce(pg_has_role(a.usesysid, 'croupier_auditor', 'MEMBER')
                             OR pg_has_role(a.usesysid, n.nspowner, 'MEMBER'), false)
               FROM pg_locks l
               JOIN pg_stat_activity a ON a.pid = l.pid
               JOIN pg_namespace n ON n.nspname = 'croupier'
              WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
                AND l.database = (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())
                AND l.classid::int8 = ($1::int8 >> 32) AND l.objid::int8 = ($1::int8 & 4294967295)
              LIMIT 1",
            &[&AUDITOR_LOCK],
        )
        .map_err(err)?;
    let Some((login, pid, may)) = holder.map(|r| (r.get::<_, String>(0), r.get(1), r.get(2)))
    else {
        return Ok(FloorError::Busy { target });
    };
    if may {
        return Ok(FloorError::Busy { target });
    }
    let what = format!(
        "login {login} (server process {pid}) held the floor auditor's lock, which only an auditor may: every floor-audit was kept out"
    );
    // At each table database's head, so that a footer's first alarm is not moved to 0.
    let dbs = (floor.client())
        .query(
            "SELECT t.db, t.head_seq::int8 FROM croupier.tables t
              WHERE t.role = $1
                AND NOT EXISTS (SELECT 1 FROM croupier.alarms a WHERE a.db = t.db AND a.what = $2
                                   AND NOT EXISTS (SELECT 1 FROM croupier.alarm_acks k WHERE k.alarm = a.id))",
            &[&login, &what],
        )
        .map_err(err)?;
    let mut alarmed = 0;
    for r in dbs {
        let db: Vec<u8> = r.get(0);
        alarmed += usize::from(
            raise_alarm(floor.client(), &db, r.get(1), None, None, &what).map_err(err)?,
        );
    }
    Ok(FloorError::LockKept {
        target,
        login,
        pid,
        alarmed,
    })
}

/// The floor's auditor: one connection, a replay per table database.
pub struct Auditor {
    floor: Floor,
    replays: HashMap<i32, Replay>,
    /// When this run last checked each table database's kept totals (`totals`).
    totals_at: HashMap<i32, Instant>,
}

impl Auditor {
    /// The auditor on this connection, if its login may record verdicts (a member of
    /// `croupier_auditor`, or the floor's owner).
    pub fn new(mut floor: Floor) -> Result<Auditor, FloorError> {
        let target = floor.target.clone();
        let may: bool = floor
            .client()
            .query_one(
                "SELECT has_table_privilege('croupier.replayed', 'UPDATE')
                    AND has_function_privilege('croupier.raise_alarm(bytea, bigint, bytea, bytea, text)', 'EXECUTE')",
                &[],
            )
            .map_err(|e| server_err(&target, e))?
            .get(0);
        if !may {
            return Err(FloorError::Server {
                target,
                detail: "floor-audit runs as a member of croupier_auditor (or as the floor's owner); this login may not record the auditor's verdicts".into(),
            });
        }
        // One auditor per floor: two at once could each record its own walk over the
        // other's (a walk that passed an event before it was forged clearing the break the
        // other found). Refused, not waited for: a one-shot run beside a following auditor
        // would otherwise wait for ever, and the following one already checks the floor.
        // A session lock, released when this connection ends (a following auditor that
        // lost the floor waits for it again as it reconnects).
        // Tried for a few seconds: a session just ended (a one-shot run before this one)
        // frees its lock only when its server process has gone.
        let mut tries = 0;
        while !floor
            .client()
            .query_one("SELECT pg_try_advisory_lock($1)", &[&AUDITOR_LOCK])
            .map_err(|e| server_err(&target, e))?
            .get::<_, bool>(0)
        {
            tries += 1;
            if tries >= 30 {
                return Err(lock_holder(&mut floor)?);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Ok(Auditor {
            floor,
            replays: HashMap::new(),
            totals_at: HashMap::new(),
        })
    }

    /// Where the floor is (no password).
    pub fn target(&self) -> &str {
        &self.floor.target
    }

    /// One pass: every table database replayed through the events the floor holds now
    /// and, when due, its kept totals checked (`totals`); the floor's kept theories
    /// checked first (a table database an alarm of theirs names is FAILED in this pass's
    /// verdicts, as in every report while the alarm stands).
    pub fn pass(&mut self) -> Result<Vec<Audited>, FloorError> {
        let target = self.floor.target.clone();
        let tables = self.floor.tables()?;
        let forged = self.keep_theories(&tables)?;
        let failed: HashMap<i32, (i64, i64, String)> = self
            .floor
            .client()
            .query(
                "SELECT tab, seq, failed_seq, failed_why FROM croupier.replayed WHERE failed_seq IS NOT NULL",
                &[],
            )
            .map_err(|e| server_err(&target, e))?
            .iter()
            .map(|r| (r.get(0), (r.get(1), r.get(2), r.get(3))))
            .collect();
        let mut out = Vec::with_capacity(tables.len());
        for t in &tables {
            let mut a = match failed.get(&t.tab) {
                // A replay cannot go on past a fault: the table database stays FAILED.
                Some((through, seq, why)) => Audited {
                    id: short_id(&t.db),
                    path: t.path.clone(),
                    through: *through,
                    head: t.head_seq,
                    failed: Some((*seq, why.clone())),
                    stuck: None,
                    clock_back: Vec::new(),
                },
                None => self.table(t)?,
            };
            // The kept totals, once the replay that holds `rounds` to the events has
            // caught up: a break is FAILED, as the alarm it raised.
            if a.failed.is_none()
                && a.stuck.is_none()
                && a.through >= a.head
                && let Some(broken) = self.totals(t)?
            {
                a.failed = Some(broken);
            }
            if a.failed.is_none()
                && let Some((_, seq, what)) = forged.iter().find(|f| f.0 == t.db)
            {
                a.failed = Some((*seq, what.clone()));
            }
            out.push(a);
        }
        Ok(out)
    }

    /// The theory of every rules a table opened with on the floor, solved as `verify`
    /// solves a file's (`session::kept_theory`) and kept in `croupier.kept_theories` for
    /// the floor's reports; and every row on the floor held to `kept_theory::check_row`
    /// each pass, as `verify` holds a file's. A row that fails was written by someone else
    /// (the owner, a superuser): an alarm naming the first table database that opened
    /// with its rules, or the floor's first table database when none did (so a verdict is
    /// FAILED while the alarm stands), and the row deleted; rules a table opened with that
    /// the lab solves are kept again as solved (put back), the rest keep no row (a report
    /// solves them, as before). Returns the alarms raised: (database, event, what).
    fn keep_theories(
        &mut self,
        tables: &[FloorTable],
    ) -> Result<Vec<(Vec<u8>, i64, String)>, FloorError> {
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| server_err(&target, e);
        let met = self.rules_met()?;
        let kept: Vec<(String, String)> = self
            .floor
            .client()
            .query("SELECT rules, figures FROM croupier.kept_theories", &[])
            .map_err(&err)?
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
        let mut raised = Vec::new();
        for (key, text) in &kept {
            let Err(fault) = kept_theory::check_row(key, text) else {
                continue;
            };
            let opener = met.iter().find(|m| m.0 == *key).map(|m| (&m.2, m.3));
            let named = opener.or_else(|| tables.first().map(|t| (&t.db, t.head_seq)));
            let undo = if opener.is_some() && matches!(fault, KeptTheoryFault::Differs { .. }) {
                "put back as the lab solves it"
            } else {
                "deleted"
            };
            if let Some((db, seq)) = named {
                let whose = match opener {
                    Some(_) => format!("for table database {} event {seq}", short_id(db)),
                    None => format!(
                        "of rules no table opened with (named on table database {}, the floor's first)",
                        short_id(db)
                    ),
                };
                let what = format!(
                    "kept theory on the floor (croupier.kept_theories), {whose}: {fault}; {undo}"
                );
                raise_alarm(self.floor.client(), db, seq, None, None, &what).map_err(&err)?;
                raised.push((db.clone(), seq, what));
            }
            // Deleted; the rules a table opened with are kept again below, as solved.
            self.floor
                .client()
                .execute(
                    "DELETE FROM croupier.kept_theories WHERE rules = $1",
                    &[key],
                )
                .map_err(&err)?;
        }
        for (key, rules, _, _) in &met {
            let Some((_, solved)) = kept_theory::solved(rules) else {
                continue;
            };
            if kept.iter().any(|(k, t)| k == key && *t == solved) {
                continue;
            }
            self.floor
                .client()
                .execute(
                    "INSERT INTO croupier.kept_theories (rules, figures) VALUES ($1, $2)
                     ON CONFLICT (rules) DO UPDATE
                       SET figures = excluded.figures, by_role = session_user, at = now()",
                    &[key, &solved],
                )
                .map_err(&err)?;
        }
        Ok(raised)
    }

    /// Each rules a table opened with on the floor, once: its key, the rules, the table
    /// database and event of the first opening with them.
    fn rules_met(&mut self) -> Result<Vec<Met>, FloorError> {
        let target = self.floor.target.clone();
        let opened = self
            .floor
            .client()
            .query(
                "SELECT t.db, e.seq::int8, e.data FROM croupier.events e
                   JOIN croupier.tables t ON t.tab = e.tab
                  WHERE e.kind = 8 ORDER BY e.tab, e.seq",
                &[],
            )
            .map_err(|e| server_err(&target, e))?;
        let mut met: Vec<Met> = Vec::new();
        for r in &opened {
            let Ok(Payload::TableOpened(t)) = Payload::parse(EventKind::TableOpened, r.get(2))
            else {
                continue;
            };
            let Ok(rules) = Rules::from_value(&t.rules) else {
                continue;
            };
            let key = kept_theory::key(&rules);
            if !met.iter().any(|m| m.0 == key) {
                met.push((key, rules, r.get(0), r.get(1)));
            }
        }
        Ok(met)
    }

    /// Replays one table database on from where this process left it.
    fn table(&mut self, t: &FloorTable) -> Result<Audited, FloorError> {
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| server_err(&target, e);
        let mut rep = self.replays.remove(&t.tab).unwrap_or_else(Replay::new);
        if rep.through > 0 && self.chain_due(t.tab)? {
            // Events changed since this replay took them, or its walk from the genesis
            // older than `CHAIN_ANYWAY`: the chain walked again from the genesis, hash
            // only (`rewalk`); the replay goes on from where it was.
            if let Some(failed) = self.walk_again(t, &mut rep)? {
                return Ok(failed);
            }
        }
        let mut stop = None;
        if rep.through == 0 && t.head_seq > 0 {
            // The months before its first held event detached (archived): a replay
            // needs the whole history, so this one cannot start.
            if let Some(first) = detached_below(self.floor.client(), t.tab, 1).map_err(&err)? {
                stop = Some((1, Stop::Detached { first }, None));
            }
        }
        let mut clock_back = Vec::new();
        while stop.is_none() && rep.through < t.head_seq {
            // Past `rep.through` (below the head): a chunk that stops short of `to`
            // says why (`Refusal::Missing`, or `Detached`), so each turn moves on.
            let to = rep.through.saturating_add(chunk_len()).min(t.head_seq);
            stop = self.chunk(t, &mut rep, to)?;
            self.record(t, rep.through, rep.held)?;
            clock_back.extend(self.clock_alarms(t, &mut rep.clock)?);
        }
        if stop.is_none() && rep.through >= t.head_seq {
            // Caught up: no row of `rounds` past the head (nor before the first event).
            let stray = stray_past(self.floor.client(), t.tab, &rep).map_err(&err)?;
            stop = stray.map(|(seq, of)| (seq, Refusal::StrayRound { seq, of }.stop(), None));
        }
        if let Some((_, Stop::Detached { first }, _)) = stop {
            // Not recorded as a break: a footer finds the first months detached itself
            // (`chain_break_from`'s first event held), and a recorded break would outlive
            // their re-attaching. The replay starts again from the genesis when they are.
            rep = Replay::new();
            stop = Some((1, Stop::Unknown(super::check::detached_note(first)), None));
        }
        let mut through = rep.through;
        let (mut failed, mut stuck) = (None, None);
        match stop {
            Some((seq, Stop::Refused(why), table)) => {
                let held = (rep.held.0, &rep.held.1);
                failed = Some(self.refuse(t, through, held, seq, &why, table)?);
                // Said as `refuse` recorded it (a chain break after unchecked steps: the
                // last event whose check held).
                through = through.min(progress_cap(seq, &why));
            }
            Some((seq, Stop::Unknown(why), _)) => {
                self.record(t, through, rep.held)?;
                self.cannot_replay(t, seq, &why)?;
                self.replays.insert(t.tab, rep);
                stuck = Some((seq, why));
            }
            Some((_, Stop::Detached { .. }, _)) | None => {
                self.replays.insert(t.tab, rep);
            }
        }
        Ok(Audited {
            id: short_id(&t.db),
            path: t.path.clone(),
            through,
            head: t.head_seq,
            failed,
            stuck,
            clock_back,
        })
    }

    /// The steps back of `t`'s clock its replay found since the last call: an alarm
    /// each, raised once on the floor whether or not it was acknowledged since (a fact
    /// of the history, found again by every replay from event 1, not a fault that can
    /// come back). Returns those whose alarm stands: raised now (`true`), or there and not
    /// acknowledged, so that a one-off `floor-audit` says so each run until someone has.
    fn clock_alarms(
        &mut self,
        t: &FloorTable,
        clock: &mut ClockWatch,
    ) -> Result<Vec<(i64, String, bool)>, FloorError> {
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| server_err(&target, e);
        let mut standing = Vec::new();
        for step in clock.found.drain(..) {
            let what = step.words();
            // NULL: no such alarm; true: every one acknowledged.
            let acknowledged: Option<bool> = (self.floor.client())
                .query_one(
                    "SELECT bool_and(EXISTS (SELECT 1 FROM croupier.alarm_acks k WHERE k.alarm = a.id))
                       FROM croupier.alarms a WHERE a.db = $1 AND a.seq = $2 AND a.what = $3",
                    &[&t.db, &step.seq, &what],
                )
                .map_err(&err)?
                .get(0);
            match acknowledged {
                None => {
                    raise_alarm(self.floor.client(), &t.db, step.seq, None, None, &what)
                        .map_err(&err)?;
                    standing.push((step.seq, what, true));
                }
                Some(false) => standing.push((step.seq, what, false)),
                Some(true) => {}
            }
        }
        Ok(standing)
    }

    /// `t`'s chain walked again from its genesis (`rewalk`), `rep` its replay so far:
    /// started again when the first months were detached; a break refused, and the
    /// table database's verdict then (its replay's progress kept below the event refused,
    /// `progress_cap`: what it replayed past it the floor no longer holds; its chain check
    /// recorded at the last event whose stored check held, never past the replay's).
    fn walk_again(
        &mut self,
        t: &FloorTable,
        rep: &mut Replay,
    ) -> Result<Option<Audited>, FloorError> {
        let (held, seq, why, table) = match self.rewalk(t, rep)? {
            Rewalk::Whole => return Ok(None),
            Rewalk::Detached => {
                *rep = Replay::new();
                return Ok(None);
            }
            Rewalk::Broken {
                held,
                seq,
                why,
                table,
            } => (held, seq, why, table),
        };
        let held = if held.0 > rep.held.0 { rep.held } else { held };
        let failed = self.refuse(t, rep.through, (held.0, &held.1), seq, &why, table)?;
        Ok(Some(Audited {
            id: short_id(&t.db),
            path: t.path.clone(),
            through: rep.through.min(progress_cap(seq, &why)),
            head: t.head_seq,
            failed: Some(failed),
            stuck: None,
            clock_back: Vec::new(),
        }))
    }

    /// Replays `t`'s events after `rep.through` through `to`, streamed in order as the
    /// server reads them (the index of each month, merged by seq: no sort, no join), the
    /// chunk's settlement figures read first. `Some` where the replay stopped: besides
    /// the events' own faults, a row of `croupier.rounds` left in the chunk once every
    /// settlement took its own (`Refusal::StrayRound`); events missing (a gap, or the
    /// chunk short of `to`) are `Stop::Detached` when they are below the first event the
    /// floor holds now (the oldest months detached since the chunk before: an archive
    /// step, as the walk's ranges find it, `detached_below`), else a break.
    fn chunk(
        &mut self,
        t: &FloorTable,
        rep: &mut Replay,
        to: i64,
    ) -> Result<Option<(i64, Stop, Option<i64>)>, FloorError> {
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| server_err(&target, e);
        let tab = t.tab;
        let mut tx = self.floor.client().transaction().map_err(&err)?;
        // The planner would otherwise sort the months' rows; each month's (tab, seq)
        // index gives them in order already.
        tx.batch_execute("SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off")
            .map_err(&err)?;
        if rep.through == 0 {
            walk_from_genesis(&mut tx, tab).map_err(&err)?;
        }
        let figures = FloorFigures::read(&mut tx, tab, rep.through, to).map_err(&err)?;
        rep.r.figures = Some(Box::new(figures));
        let mut starts = Starts::after(rep.round);
        let stop = match replay_rows(&mut tx, (tab, &t.db), rep, to, &mut starts).map_err(&err)? {
            Some((seq, Err(code), table)) => {
                let name: Option<String> = tx
                    .query_opt("SELECT name FROM croupier.kinds WHERE code = $1", &[&code])
                    .map_err(&err)?
                    .map(|r| r.get(0));
                Some((seq, Stop::Unknown(unknown_kind(name.as_deref())), table))
            }
            Some((seq, Ok(why), table)) => Some((seq, why, table)),
            None if rep.through < to => {
                let missing = Refusal::Missing {
                    seq: rep.through + 1,
                    head: t.head_seq,
                };
                Some((rep.through + 1, missing.stop(), None))
            }
            None => (rep.r.figures.as_ref())
                .and_then(|f| f.left_over())
                .map(|seq| {
                    (
                        seq,
                        Refusal::StrayRound {
                            seq,
                            of: Derived::Rounds,
                        }
                        .stop(),
                        None,
                    )
                }),
        };
        let stop = match stop {
            // The openings taken (all, or up to an event this program cannot replay):
            // their rows, and no other in their round ids.
            None | Some((_, Stop::Unknown(_), _)) => starts_held(&mut tx, tab, rep, starts)
                .map_err(&err)?
                .map(|seq| {
                    (
                        seq,
                        Refusal::StrayRound {
                            seq,
                            of: Derived::Starts,
                        }
                        .stop(),
                        None,
                    )
                })
                .or(stop),
            other => other,
        };
        let stop = match stop {
            Some((expected, Stop::Refused(why), table))
                if matches!(*why, Refusal::Gap { .. } | Refusal::Missing { .. }) =>
            {
                match detached_below(&mut tx, tab, expected).map_err(&err)? {
                    Some(first) => Some((1, Stop::Detached { first }, None)),
                    None => Some((expected, Stop::Refused(why), table)),
                }
            }
            other => other,
        };
        tx.commit().map_err(&err)?;
        Ok(stop)
    }

    /// An event this program cannot replay: an alarm, raised once on the floor (a later
    /// pass or run finds it there), and no verdict: the table database stays NOT YET
    /// REPLAYED from it.
    fn cannot_replay(&mut self, t: &FloorTable, seq: i64, why: &str) -> Result<(), FloorError> {
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| server_err(&target, e);
        let what = format!(
            "replay: table database {} ({}) event {seq}: the auditor cannot replay it: {why}",
            short_id(&t.db),
            t.path
        );
        let raised = self
            .floor
            .client()
            .query_opt(
                "SELECT 1 FROM croupier.alarms a WHERE a.db = $1 AND a.seq = $2 AND a.what = $3
                    AND NOT EXISTS (SELECT 1 FROM croupier.alarm_acks k WHERE k.alarm = a.id)",
                &[&t.db, &seq, &what],
            )
            .map_err(&err)?;
        if raised.is_none() {
            raise_alarm(self.floor.client(), &t.db, seq, None, None, &what).map_err(&err)?;
        }
        Ok(())
    }

    /// How far the replay of `t` has got (never moved back; left as it is once a
    /// refusal is recorded, which set it below the event refused), and its chain checked
    /// through the last event there whose stored check held (`held`: it, and the chain
    /// hash there), in one transaction.
    fn record(
        &mut self,
        t: &FloorTable,
        through: i64,
        held: (i64, [u8; 32]),
    ) -> Result<(), FloorError> {
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| server_err(&target, e);
        let mut tx = self.floor.client().transaction().map_err(&err)?;
        tx.execute(
            "INSERT INTO croupier.replayed (tab, seq) VALUES ($1, $2)
             ON CONFLICT (tab) DO UPDATE
               SET seq = CASE WHEN croupier.replayed.failed_seq IS NULL
                              THEN greatest(croupier.replayed.seq, excluded.seq)
                              ELSE croupier.replayed.seq END,
                   updated = now()",
            &[&t.tab, &through],
        )
        .map_err(&err)?;
        record_chain(&mut tx, t.tab, held.0, &held.1, None).map_err(&err)?;
        tx.commit().map_err(&err)
    }

    /// Whether `tab`'s chain is to be walked again from its genesis: its events were
    /// changed since the auditor's chain check (`croupier.chain_checked.touched`, set by
    /// schema 14's triggers), or the walk from the genesis it records started over
    /// [`CHAIN_ANYWAY`] ago (a change with the triggers disabled sets nothing).
    fn chain_due(&mut self, tab: i32) -> Result<bool, FloorError> {
        let target = self.floor.target.clone();
        let row = self
            .floor
            .client()
            .query_opt(
                "SELECT touched OR coalesce(walked_at < now() - make_interval(secs => $2), false)
                   FROM croupier.chain_checked WHERE tab = $1",
                &[&tab, &CHAIN_ANYWAY.as_secs_f64()],
            )
            .map_err(|e| server_err(&target, e))?;
        Ok(row.is_some_and(|r| r.get(0)))
    }

    /// The replay refuses event `seq` of `t`, replayed through `through`, its chain
    /// checked through `held` (the last event whose stored check held, and the chain hash
    /// there): an alarm, and the verdict kept; a chain break recorded as such.
    fn refuse(
        &mut self,
        t: &FloorTable,
        through: i64,
        (held, prev): (i64, &[u8; 32]),
        seq: i64,
        refusal: &Refusal,
        table: Option<i64>,
    ) -> Result<(i64, String), FloorError> {
        let why = refusal.to_string();
        let cap = progress_cap(seq, refusal);
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| server_err(&target, e);
        let at = table.map(|n| format!(", table {n}")).unwrap_or_default();
        let what = format!(
            "replay: table database {} ({}{at}) event {seq}: {why}",
            short_id(&t.db),
            t.path
        );
        raise_alarm(self.floor.client(), &t.db, seq, None, None, &what).map_err(&err)?;
        let mut tx = self.floor.client().transaction().map_err(&err)?;
        tx.execute(
            "INSERT INTO croupier.replayed (tab, seq, failed_seq, failed_why) VALUES ($1, $2, $3, $4)
             ON CONFLICT (tab) DO UPDATE
               SET seq = CASE WHEN croupier.replayed.failed_seq IS NULL
                              THEN least(greatest(croupier.replayed.seq, excluded.seq), $5)
                              ELSE croupier.replayed.seq END,
                   failed_seq = coalesce(croupier.replayed.failed_seq, excluded.failed_seq),
                   failed_why = coalesce(croupier.replayed.failed_why, excluded.failed_why),
                   updated = now()",
            &[&t.tab, &through.min(cap), &seq, &why, &cap],
        )
        .map_err(&err)?;
        record_chain(&mut tx, t.tab, held, prev, refusal.chain_break()).map_err(&err)?;
        tx.commit().map_err(&err)?;
        Ok((seq, why))
    }
}

/// The furthest a replay refused at `seq` may say it got: where the refusal says the
/// events there are no longer those it took, the last it leaves as replayed
/// (`Refusal::kept_through`: a walk's break below the progress), else no bound (the
/// events it replayed are still the floor's; a derived row differs).
fn progress_cap(seq: i64, refusal: &Refusal) -> i64 {
    refusal.kept_through(seq).map_or(i64::MAX, |k| k.max(0))
}

/// A walk of `tab`'s chain from its genesis starts (in the transaction that reads its
/// first events, before it reads them): a record marked `touched` no longer says
/// anything and is cleared, its row locked until this transaction commits, so a change
/// to the events committed after this snapshot marks it again (it waits for this
/// commit). An untouched record stays: it still holds until this walk passes it. When
/// this walk started, and the months attached then, are kept (`walking`,
/// `walking_parts`) for the record it makes when it passes the recorded event: the
/// leaves of the events' partition tree (`pg_partition_tree`), so a month partitioned
/// again by hand is held by the partitions that hold its rows, not by its name.
fn walk_from_genesis(tx: &mut postgres::Transaction<'_>, tab: i32) -> Result<(), postgres::Error> {
    tx.execute(
        "INSERT INTO croupier.chain_checked (tab, seq) VALUES ($1, 0) ON CONFLICT (tab) DO NOTHING",
        &[&tab],
    )?;
    tx.execute(
        "UPDATE croupier.chain_checked
            SET seq = 0, hash = NULL, broken = NULL, at = NULL, walked_at = NULL, touched = false
          WHERE tab = $1 AND touched",
        &[&tab],
    )?;
    tx.execute(
        "UPDATE croupier.chain_checked
            SET walking = now(),
                walking_parts = (SELECT array_agg(p.relid::oid ORDER BY p.relid::oid)
                                   FROM pg_catalog.pg_partition_tree('croupier.events') p
                                  WHERE p.isleaf)
          WHERE tab = $1",
        &[&tab],
    )?;
    Ok(())
}

/// `tab`'s chain checked through event `through`, whose chain hash is `prev`, and found
/// broken at `broken` (or not): recorded in `croupier.chain_checked`, never behind a
/// check recorded before (the walk of a new run passes it again), and never over a
/// break recorded unless this walk (every walk is from the genesis) passed it whole or
/// found an earlier one (the first break wins, whichever walk found it first; nor,
/// being a change, clearing `touched`). Its walk's start and months with it.
fn record_chain(
    c: &mut impl postgres::GenericClient,
    tab: i32,
    through: i64,
    prev: &[u8; 32],
    broken: Option<i64>,
) -> Result<(), postgres::Error> {
    let hash = (through > 0).then_some(&prev[..]);
    c.execute(
        "INSERT INTO croupier.chain_checked AS k (tab, seq, hash, broken, at)
         VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (tab) DO UPDATE
           SET seq = excluded.seq, hash = excluded.hash, broken = excluded.broken, at = now(),
               walked_at = k.walking, parts = k.walking_parts
         WHERE (k.broken IS NULL OR excluded.seq >= k.broken OR excluded.broken < k.broken)
           AND (k.at IS NULL OR k.seq <= excluded.seq OR excluded.broken IS NOT NULL)",
        &[&tab, &through, &hash, &broken],
    )?;
    Ok(())
}

/// Where [`replay_rows`] stopped: the event, why (`Err`: an unknown kind's number), its table.
type RowsStop = (i64, Result<Stop, i16>, Option<i64>);

/// The replay of `tab`'s events after `rep.through` through `to` (each held to the chain
/// before it is replayed, event 1 to its identity `id` too, `rep` moved past those
/// taken), in the chunk's transaction;
/// where it stopped: the event, why (`Err`: a kind this program does not know, by its
/// number), the event's table when it read.
fn replay_rows(
    tx: &mut postgres::Transaction<'_>,
    (tab, id): (i32, &[u8]),
    rep: &mut Replay,
    to: i64,
    starts: &mut Starts,
) -> Result<Option<RowsStop>, postgres::Error> {
    let mut rows = tx.query_raw(
        "SELECT seq, at, kind, table_id, user_id, round_id, data, hash FROM croupier.events
          WHERE tab = $1 AND seq > $2::int8 AND seq <= $3::int8 ORDER BY seq",
        [
            &tab as &(dyn postgres::types::ToSql + Sync),
            &rep.through,
            &to,
        ],
    )?;
    // One event, refilled from each row, held to the chain before it is replayed.
    let mut e = Event::blank();
    while let Some(r) = rows.next()? {
        // `Err(Err(code))`: a kind this program does not know, named by the caller.
        let read = fill(&mut e, &r);
        // The table of the event, once its row read.
        let table = read.is_ok().then_some(e.table).flatten();
        let fed = match read {
            Ok(()) if e.seq == rep.through + 1 => {
                let h = event_hash(&rep.prev, &e);
                let stored: &[u8] = r.get(7);
                // The chain first: event 1 changed is a break, not a changed identity.
                if !follows(&h, stored) {
                    let after = rep.held.0;
                    Err(Ok(Refusal::Chain { seq: e.seq, after }.stop()))
                } else if !is_its_identity(e.seq, &h, id) {
                    Err(Ok(Refusal::Identity.stop()))
                } else {
                    if !stored.is_empty() {
                        rep.held = (e.seq, h);
                    }
                    let fed = rep.r.feed(&e);
                    fed.map(|()| h).map_err(|x| Ok(Refusal::Replay(x).stop()))
                }
            }
            Ok(()) => Err(Ok(Refusal::Gap {
                expected: rep.through + 1,
                found: e.seq,
            }
            .stop())),
            Err(RowFault::Unpack(seq)) => Err(Ok(Refusal::Unpack(seq).stop())),
            Err(RowFault::UnknownKind(code)) => Err(Err(code)),
        };
        match fed {
            Ok(h) => {
                (rep.through, rep.prev) = (rep.through + 1, h);
                starts.take(&e);
                rep.clock.see(e.seq, e.at);
            }
            Err(why) => return Ok(Some((rep.through + 1, why, table))),
        }
    }
    Ok(None)
}

/// The openings a chunk of `rep` took (`starts`) held to their rows of
/// `croupier.round_starts`: the first event where they differ, or `rep` moved past their
/// round ids.
fn starts_held(
    tx: &mut postgres::Transaction<'_>,
    tab: i32,
    rep: &mut Replay,
    starts: Starts,
) -> Result<Option<i64>, postgres::Error> {
    let last = starts.last();
    let fault = starts.fault(tx, tab)?;
    if fault.is_none() {
        rep.round = last;
    }
    Ok(fault)
}

/// Whether event `expected` of `tab`, missing where a replay or a walk looked for it (a
/// gap, or the events short of where they should reach), is below the first event the
/// floor holds now, or none is held: its oldest months detached (archived), not a break.
/// Read in the caller's transaction after its rows, so a DETACH committed between two
/// chunks or ranges (each its own transaction) is seen. `Some`: the first event held
/// (the head's next when none is).
fn detached_below(
    c: &mut impl postgres::GenericClient,
    tab: i32,
    expected: i64,
) -> Result<Option<i64>, postgres::Error> {
    let r = c.query_one(
        "SELECT (SELECT min(seq)::int8 FROM croupier.events WHERE tab = $1),
                (SELECT head_seq FROM croupier.tables WHERE tab = $1)",
        &[&tab],
    )?;
    let (first, head): (Option<i64>, Option<i64>) = (r.get(0), r.get(1));
    Ok(match first {
        Some(f) if f <= expected => None,
        Some(f) => Some(f),
        None => Some(head.unwrap_or(0) + 1),
    })
}

/// The first row of `croupier.rounds` of `tab` at an event that cannot be a settlement
/// the floor holds: past the table database's head, or before its first event. Read in
/// one statement with the head (the chain trigger moves the head and writes the row in
/// one transaction), so a sync landing meanwhile is no stray. The replay holds each
/// row up to the head (`chunk`), this the rest. Then the first row of
/// `croupier.round_starts` at a round id past the replay's (`rep`, caught up) that no
/// event gives (`starts::past`). Which table, with the event.
fn stray_past(
    c: &mut impl postgres::GenericClient,
    tab: i32,
    rep: &Replay,
) -> Result<Option<(i64, Derived)>, postgres::Error> {
    let rounds: Option<i64> = c
        .query_one(
            "SELECT least((SELECT min(seq)::int8 FROM croupier.rounds
                        WHERE tab = $1 AND seq > (SELECT head_seq FROM croupier.tables WHERE tab = $1)),
                      (SELECT min(seq)::int8 FROM croupier.rounds WHERE tab = $1 AND seq < 1))",
            &[&tab],
        )?
        .get(0);
    if let Some(seq) = rounds {
        return Ok(Some((seq, Derived::Rounds)));
    }
    let starts = starts::past(c, tab, rep.round, rep.through)?;
    Ok(starts.map(|seq| (seq, Derived::Starts)))
}

/// Why a row of the auditor's query is no event this program can replay.
enum RowFault {
    /// A kind this program does not know (its number on the floor).
    UnknownKind(i16),
    /// Packed data that does not unpack.
    Unpack(i64),
}

/// A row of the auditor's event query (seq, at, kind, table, user, round, data) into
/// `e` (its buffer reused: no allocation an event); the play events' data unpacked here,
/// on the auditor's side.
fn fill(e: &mut Event, r: &postgres::Row) -> Result<(), RowFault> {
    let code: i16 = r.get(2);
    e.kind = EventKind::from_code(i64::from(code)).ok_or(RowFault::UnknownKind(code))?;
    e.seq = i64::from(r.get::<_, i32>(0));
    e.at = r.get(1);
    let id = |i: usize| r.get::<_, Option<i32>>(i).map(i64::from);
    (e.table, e.user, e.round) = (id(3), id(4), id(5));
    let kept: &str = r.get(6);
    if crate::log::pack::packs(e.kind) {
        if !crate::log::pack::unpack_into(kept.as_bytes(), &mut e.data) {
            return Err(RowFault::Unpack(e.seq));
        }
    } else {
        e.data.clear();
        e.data.push_str(kept);
    }
    Ok(())
}

/// A following auditor walks each chain again from its genesis at least this often (a
/// change with the triggers disabled marks nothing); a report's footer reads a check
/// whose walk started within this and one hour more (`CHECKS_SQL`).
pub(crate) const CHAIN_ANYWAY: Duration = Duration::from_secs(60 * 60);

/// How often a following auditor looks for new events when it has replayed them all.
const POLL: Duration = Duration::from_millis(500);

/// The longest wait between two attempts to reach a floor that went away.
const BACKOFF_MAX: Duration = Duration::from_secs(30);

/// What a following auditor says besides its verdicts.
#[derive(Debug)]
pub enum FollowNote<'a> {
    /// The floor went away (`why`); the next attempt is in `retry_in`.
    Lost {
        why: &'a FloorError,
        retry_in: Duration,
    },
    /// Connected again: the replay goes on.
    Back,
}

/// Replays every table database, then keeps replaying what the tables send, until `stop`
/// is set; `report` hears each pass's verdicts when they change. A lost connection is
/// said (`note`) and tried again from `url`, waiting 1 s, 2 s, 4 s… up to 30 s; what it
/// replayed is kept, but for the table database whose replay or walk the loss cut: its
/// replay, part-way through a chunk whose checks did not finish, is dropped, and that
/// table database is replayed again from its genesis (slow on a long history, never
/// less checked). Any other error (a login that may not audit, a newer floor) ends it.
pub fn follow(
    url: &str,
    auditor: &mut Auditor,
    stop: &AtomicBool,
    mut report: impl FnMut(&[Audited]),
    mut note: impl FnMut(FollowNote<'_>),
) -> Result<(), FloorError> {
    let mut last: Vec<Audited> = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let now = match auditor.pass() {
            Ok(now) => now,
            Err(e) if auditor.lost() => {
                auditor.reconnect(url, &e, stop, &mut note)?;
                continue;
            }
            Err(e) => return Err(e),
        };
        if now != last {
            report(&now);
            last = now;
        } else {
            std::thread::sleep(POLL);
        }
    }
    Ok(())
}

impl Auditor {
    /// Whether the connection is gone (the server answers nothing within 5 s).
    fn lost(&mut self) -> bool {
        self.floor
            .client()
            .is_valid(Duration::from_secs(5))
            .is_err()
    }

    /// Connects again after `why`, backing off, until connected or `stop`; an error that
    /// is not the floor being out of reach ends it.
    fn reconnect(
        &mut self,
        url: &str,
        why: &FloorError,
        stop: &AtomicBool,
        note: &mut impl FnMut(FollowNote<'_>),
    ) -> Result<(), FloorError> {
        let mut wait = Duration::from_secs(1);
        let mut why_now = None;
        while !stop.load(Ordering::Relaxed) {
            note(FollowNote::Lost {
                why: why_now.as_ref().unwrap_or(why),
                retry_in: wait,
            });
            std::thread::sleep(wait);
            wait = (wait * 2).min(BACKOFF_MAX);
            match Floor::connect(url).and_then(Auditor::new) {
                Ok(fresh) => {
                    self.floor = fresh.floor;
                    note(FollowNote::Back);
                    return Ok(());
                }
                // The lost session's server process may hold the auditor's lock until
                // it notices: waited for as for the floor itself.
                Err(
                    e @ (FloorError::Connect { .. }
                    | FloorError::Busy { .. }
                    | FloorError::LockKept { .. }),
                ) => why_now = Some(e),
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{CLOCK_BACK_MS, ClockWatch, StepBack};

    const H: i64 = CLOCK_BACK_MS;

    /// What a case is, the events' times, and the steps back found (event, latest before).
    type Case = (&'static str, Vec<i64>, Vec<(i64, i64)>);

    /// The steps back a watch finds in events at these times (seq 1, 2, …).
    fn found(times: &[i64]) -> Vec<(i64, i64)> {
        let mut w = ClockWatch::default();
        for (i, at) in times.iter().enumerate() {
            w.see(i as i64 + 1, *at);
        }
        w.found.iter().map(|s| (s.seq, s.top_seq)).collect()
    }

    #[test]
    fn a_clock_is_found_going_back_once_a_step_and_only_past_the_limit() {
        let t = 1_767_600_000_000;
        let cases: [Case; 7] = [
            ("in order", vec![t, t + 1, t + 2], vec![]),
            ("back by the limit exactly", vec![t, t + H, t], vec![]),
            (
                "back by a demo's 148 s",
                vec![t, t + 1_000, t - 147_000],
                vec![],
            ),
            (
                "back over the limit, then on",
                vec![t, t + H + 1, t, t + 1, t + 2],
                vec![(3, 2)],
            ),
            // Still behind after the step: one finding; a second jump back is another.
            (
                "back twice",
                vec![t, t + 3 * H, t, t + 10, t - 2 * H],
                vec![(3, 2), (5, 2)],
            ),
            // Caught up to within the limit, then back again: a new finding.
            (
                "back, caught up, back",
                vec![t, t + 2 * H, t, t + 2 * H - 5, t],
                vec![(3, 2), (5, 2)],
            ),
            // Creeping back under the limit each time still ends over it, once.
            (
                "creeping back",
                vec![t + 3 * H, t + 2 * H + 1, t + H + 2, t + 3, t + 4],
                vec![(3, 1)],
            ),
        ];
        for (what, times, want) in cases {
            assert_eq!(found(&times), want, "{what}");
        }
    }

    #[test]
    fn a_step_backs_words_say_both_events_and_how_far() {
        let s = StepBack {
            seq: 40,
            at: 1_767_600_000_000,
            top_seq: 39,
            top_at: 1_767_600_000_000 + 2 * H + 5 * 60_000,
        };
        let w = s.words();
        assert!(w.starts_with("clock: event 40 is dated 2026-01-05 08:00:00 UTC, 2 h 05 min before event 39 (2026-01-05 10:05:00 UTC)"), "{w}");
    }
}
