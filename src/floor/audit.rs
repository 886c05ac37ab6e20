//! The floor's auditor (`croupier floor-audit`): every table database's events on the
//! floor replayed through the engine as `verify` replays a file (`replay::Replayer`, fed
//! the floor's rows), its progress and each refusal recorded on the floor. It only reads
//! events; it writes its verdicts (`croupier.replayed`) and alarms (`raise_alarm`), nothing else.
//!
//! Resuming: the engine's state (shoes, rounds in play, users and settings, Pontis games)
//! is kept in memory only, so a new run replays each table database from its first event
//! (a replay is only as good as its whole history); what it records never goes back.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::{Floor, FloorError, FloorTable, raise_alarm, server_err, short_id};
use crate::log::EventKind;
use crate::log::event::{Check, Event};
use crate::session::replay::{LoggedFigures, ReplayError, Replayer};

/// Events read a query.
const CHUNK: i64 = 20_000;

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
    /// The event the replay refuses, and why (an alarm on the floor).
    pub failed: Option<(i64, String)>,
    /// The event this program cannot replay, and why: a kind it does not know (a newer
    /// Croupier logged it). Not the table's fault, so no FAILED verdict: the replay stops
    /// there, NOT YET REPLAYED, until a program that knows the kind runs the auditor.
    pub stuck: Option<(i64, String)>,
}

/// Why a replay stopped at an event.
enum Stop {
    /// The replay refuses it: a FAILED verdict and an alarm.
    Refused(String),
    /// This program cannot replay it (a kind it does not know): an alarm, once.
    Unknown(String),
}

/// A table database's replay in this process, and the last event it took.
struct Replay {
    r: Replayer,
    through: i64,
}

impl Replay {
    fn new() -> Replay {
        // The chain is the server's own check (on receipt, and again by reports): the
        // floor keeps no hash for a step, 32 bytes for every other event (schema 6).
        let mut r = Replayer::new(false);
        r.pontis.check_numbers = true;
        r.check_money = true;
        r.track_seen = false;
        Replay { r, through: 0 }
    }
}

/// The figures the floor derived from each settlement (`croupier.rounds`, what its
/// reports show), for the settlements of one chunk of events.
struct FloorFigures(HashMap<i64, [i64; 15]>);

impl FloorFigures {
    /// The settlements' figures among a chunk's rows (columns 7.. of the auditor's query).
    fn of(rows: &[postgres::Row]) -> FloorFigures {
        let mut figures = HashMap::new();
        for r in rows {
            if let Some(round) = r.get::<_, Option<i64>>(7) {
                let mut row = [0i64; 15];
                row[0] = r.get(0);
                row[1] = round;
                for (i, x) in row.iter_mut().enumerate().skip(2) {
                    *x = r.get(i + 6);
                }
                figures.insert(row[0], row);
            }
        }
        FloorFigures(figures)
    }
}

impl LoggedFigures for FloorFigures {
    fn row(&mut self, e: &Event) -> Result<Option<[i64; 15]>, ReplayError> {
        Ok(self.0.remove(&e.seq))
    }
}

/// The floor's auditor: one connection, a replay per table database.
pub struct Auditor {
    floor: Floor,
    replays: HashMap<i32, Replay>,
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
        Ok(Auditor {
            floor,
            replays: HashMap::new(),
        })
    }

    /// Where the floor is (no password).
    pub fn target(&self) -> &str {
        &self.floor.target
    }

    /// One pass: every table database replayed through the events the floor holds now.
    pub fn pass(&mut self) -> Result<Vec<Audited>, FloorError> {
        let target = self.floor.target.clone();
        let tables = self.floor.tables()?;
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
            let a = match failed.get(&t.tab) {
                // A replay cannot go on past a fault: the table database stays FAILED.
                Some((through, seq, why)) => Audited {
                    id: short_id(&t.db),
                    path: t.path.clone(),
                    through: *through,
                    head: t.head_seq,
                    failed: Some((*seq, why.clone())),
                    stuck: None,
                },
                None => self.table(t)?,
            };
            out.push(a);
        }
        Ok(out)
    }

    /// Replays one table database on from where this process left it.
    fn table(&mut self, t: &FloorTable) -> Result<Audited, FloorError> {
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| server_err(&target, e);
        let mut rep = self.replays.remove(&t.tab).unwrap_or_else(Replay::new);
        let mut stop = None;
        if rep.through == 0 && t.head_seq > 0 {
            // The months before its first held event detached (archived): a replay
            // needs the whole history, so this one cannot start.
            let first: Option<i64> = self
                .floor
                .client()
                .query_one(
                    "SELECT min(seq)::int8 FROM croupier.events WHERE tab = $1",
                    &[&t.tab],
                )
                .map_err(&err)?
                .get(0);
            if first != Some(1) {
                let first = first.unwrap_or(t.head_seq + 1);
                stop = Some((1, Stop::Unknown(super::check::detached_note(first)), None));
            }
        }
        while stop.is_none() && rep.through < t.head_seq {
            let to = (rep.through + CHUNK).min(t.head_seq);
            let rows = self
                .floor
                .client()
                .query(
                    "SELECT e.seq::int8, e.at, e.kind, e.table_id::int8, e.user_id::int8,
                            e.round_id::int8, e.data,
                            r.round_id, r.at, coalesce(r.table_id, -1), coalesce(r.user_id, -1),
                            r.handle, r.paid, r.win, r.max_net, r.insurance_taken, r.insurance_paid,
                            r.splits, r.buys, r.pontoons, r.five_card_tricks, k.name
                       FROM croupier.events e
                       LEFT JOIN croupier.rounds r ON r.tab = e.tab AND r.seq = e.seq
                       LEFT JOIN croupier.kinds k ON k.code = e.kind
                      WHERE e.tab = $1 AND e.seq > $2::int8 AND e.seq <= $3::int8 ORDER BY e.seq",
                    &[&t.tab, &rep.through, &to],
                )
                .map_err(&err)?;
            rep.r.figures = Some(Box::new(FloorFigures::of(&rows)));
            for r in &rows {
                let e = event_of(r);
                let fed = match &e {
                    Ok(e) if e.seq == rep.through + 1 => {
                        rep.r.feed(e).map_err(|x| Stop::Refused(x.to_string()))
                    }
                    Ok(e) => Err(Stop::Refused(format!(
                        "expected event {} next, the floor gives {}",
                        rep.through + 1,
                        e.seq
                    ))),
                    Err(Some(why)) => Err(Stop::Refused(why.clone())),
                    Err(None) => Err(Stop::Unknown(format!(
                        "its kind {:?} is not one this program knows: a newer Croupier logged it; run `croupier floor-audit` from that version",
                        r.get::<_, Option<&str>>(21).unwrap_or("?")
                    ))),
                };
                match fed {
                    Ok(()) => rep.through += 1,
                    Err(why) => {
                        let table = e.as_ref().ok().and_then(|e| e.table);
                        stop = Some((rep.through + 1, why, table));
                        break;
                    }
                }
            }
            if rows.is_empty() {
                break;
            }
            self.record(t, rep.through)?;
        }
        let through = rep.through;
        let (mut failed, mut stuck) = (None, None);
        match stop {
            Some((seq, Stop::Refused(why), table)) => {
                failed = Some(self.refuse(t, through, seq, &why, table)?)
            }
            Some((seq, Stop::Unknown(why), _)) => {
                self.record(t, through)?;
                self.cannot_replay(t, seq, &why)?;
                self.replays.insert(t.tab, rep);
                stuck = Some((seq, why));
            }
            None => {
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
        })
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
                "SELECT 1 FROM croupier.alarms WHERE db = $1 AND seq = $2 AND what = $3",
                &[&t.db, &seq, &what],
            )
            .map_err(&err)?;
        if raised.is_none() {
            raise_alarm(self.floor.client(), &t.db, seq, None, None, &what).map_err(&err)?;
        }
        Ok(())
    }

    /// How far the replay of `t` has got (never moved back).
    fn record(&mut self, t: &FloorTable, through: i64) -> Result<(), FloorError> {
        let target = self.floor.target.clone();
        self.floor
            .client()
            .execute(
                "INSERT INTO croupier.replayed (tab, seq) VALUES ($1, $2)
                 ON CONFLICT (tab) DO UPDATE
                   SET seq = greatest(croupier.replayed.seq, excluded.seq), updated = now()",
                &[&t.tab, &through],
            )
            .map(|_| ())
            .map_err(|e| server_err(&target, e))
    }

    /// The replay refuses event `seq` of `t`: an alarm, and the verdict kept.
    fn refuse(
        &mut self,
        t: &FloorTable,
        through: i64,
        seq: i64,
        why: &str,
        table: Option<i64>,
    ) -> Result<(i64, String), FloorError> {
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| server_err(&target, e);
        let at = table.map(|n| format!(", table {n}")).unwrap_or_default();
        let what = format!(
            "replay: table database {} ({}{at}) event {seq}: {why}",
            short_id(&t.db),
            t.path
        );
        raise_alarm(self.floor.client(), &t.db, seq, None, None, &what).map_err(&err)?;
        self.floor
            .client()
            .execute(
                "INSERT INTO croupier.replayed (tab, seq, failed_seq, failed_why) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (tab) DO UPDATE
                   SET seq = greatest(croupier.replayed.seq, excluded.seq),
                       failed_seq = coalesce(croupier.replayed.failed_seq, excluded.failed_seq),
                       failed_why = coalesce(croupier.replayed.failed_why, excluded.failed_why),
                       updated = now()",
                &[&t.tab, &through, &seq, &why],
            )
            .map_err(&err)?;
        Ok((seq, why.to_string()))
    }
}

/// A floor row as an event (`None`: a kind this program does not know).
/// An event of the auditor's query: `Err(None)` for a kind this program does not know,
/// `Err(Some(why))` for packed data that does not unpack.
fn event_of(r: &postgres::Row) -> Result<Event, Option<String>> {
    let kind = EventKind::from_code(i64::from(r.get::<_, i16>(2))).ok_or(None)?;
    let seq: i64 = r.get(0);
    let kept: String = r.get(6);
    let data = if crate::log::pack::packs(kind) {
        crate::log::pack::unpack(kept.as_bytes())
            .ok_or_else(|| Some(format!("event {seq}: its packed data does not unpack")))?
    } else {
        kept
    };
    Ok(Event {
        seq,
        at: r.get(1),
        kind,
        table: r.get(3),
        user: r.get(4),
        round: r.get(5),
        data,
        check: Check::Full([0; 32]),
    })
}

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
/// replayed is kept. Any other error (a login that may not audit, a newer floor) ends it.
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
                Err(e @ FloorError::Connect { .. }) => why_now = Some(e),
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}
