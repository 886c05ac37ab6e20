//! `croupier verify --floor`: a table file against the floor's copy of its log, event by
//! event, content and whole chain hash. A file rewritten after its events reached the
//! floor — even with its chain recomputed so that the local `verify` passes — differs
//! here at the first rewritten event; the difference is logged on the floor as an alarm.

use super::{
    EVENT_COLUMNS, Floor, FloorError, event_from, identity, raise_alarm, server_err, short_id,
};
use crate::log::event::{Check, Event, hex};
use crate::log::store::{GENESIS, event_hash};
use crate::log::{EventKind, Store};
use crate::report::Verified;

/// Floor events read a query.
const CHUNK: i64 = 50_000;

/// What the comparison found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compared {
    /// The table database's identity (first 16 hex digits).
    pub id: String,
    pub file_head: i64,
    pub floor_head: i64,
    /// The first event that differs, and how.
    pub differs: Option<(i64, String)>,
    /// Whether the difference was logged on the floor as an alarm (a table's own role
    /// may raise none).
    pub alarmed: bool,
    /// How far the floor's auditor has replayed the floor's copy (0: not at all)…
    pub replayed_through: i64,
    /// …and the event its replay refused, and why.
    pub replay_failed: Option<(i64, String)>,
    /// With no difference found: the floor report footer's verdict on the table database
    /// (standing alarms, a totals break, the auditor's chain check, replay and totals
    /// check, read as the footer reads them); `None` when a difference was found.
    pub verdict: Option<Verified>,
}

/// The first event that differs: its seq, the floor's hash (none if the floor lacks it),
/// the file's hash, and how it differs.
type Found = (i64, Option<Vec<u8>>, [u8; 32], String);

/// How far the floor's auditor has replayed table database `tab`, and its first refusal.
fn replay_progress(
    floor: &mut Floor,
    tab: i32,
) -> Result<(i64, Option<(i64, String)>), FloorError> {
    let target = floor.target.clone();
    let row = floor
        .client()
        .query_opt(
            "SELECT seq, failed_seq, failed_why FROM croupier.replayed WHERE tab = $1",
            &[&tab],
        )
        .map_err(|e| server_err(&target, e))?;
    Ok(match row {
        Some(r) => (
            r.get::<_, i64>(0),
            r.get::<_, Option<i64>>(1)
                .map(|seq| (seq, r.get::<_, Option<String>>(2).unwrap_or_default())),
        ),
        None => (0, None),
    })
}

/// Compares the file with the floor's copy; a difference raises an alarm on the floor.
pub fn compare(store: &Store, floor: &mut Floor) -> Result<Compared, FloorError> {
    let id = identity(store)?;
    let target = floor.target.clone();
    let err = |e: postgres::Error| server_err(&target, e);
    let file_head = store.last_seq()?;
    let row = floor
        .client()
        .query_opt(
            "SELECT tab, head_seq FROM croupier.tables WHERE db = $1",
            &[&&id[..]],
        )
        .map_err(&err)?;
    let Some(row) = row else {
        return unknown(floor, &id, file_head);
    };
    let (tab, floor_head): (i32, i64) = (row.get(0), row.get(1));
    let (replayed_through, replay_failed) = replay_progress(floor, tab)?;
    let mut prev = GENESIS;
    let mut from = 1;
    // A period detached for archive (schema 6's monthly partitions): what is gone cannot
    // be compared, and nothing is said to match over it.
    let mut differs = first_held(floor, tab, floor_head)?.map(|first| (1, detached_note(first)));
    let mut alarmed = false;
    while differs.is_none() && from <= floor_head.min(file_head) {
        let to = (from + CHUNK - 1).min(floor_head.min(file_head));
        let rows = floor
            .client()
            .query(
                &format!(
                    "SELECT {EVENT_COLUMNS} FROM croupier.events e
                      WHERE e.tab = $1 AND e.seq >= $2::int8 AND e.seq <= $3::int8 ORDER BY e.seq"
                ),
                &[&tab, &from, &to],
            )
            .map_err(&err)?;
        if let Some((seq, floor_hash, file_hash, what)) =
            compare_chunk(store, &rows, from, to, &mut prev)?
        {
            let why = format!(
                "event {seq} differs from the floor's copy ({what}): file hash {}, floor hash {}",
                hex(&file_hash),
                floor_hash
                    .as_deref()
                    .map(hex)
                    .unwrap_or_else(|| "none".into())
            );
            alarmed = alarm(
                floor,
                &id,
                seq,
                floor_hash.as_deref(),
                Some(&file_hash),
                &format!("verify --floor: {why}"),
            )?;
            differs = Some((seq, why));
            break;
        }
        from = to + 1;
    }
    if differs.is_none() && file_head < floor_head {
        let why = format!(
            "the file ends at event {file_head} but the floor holds up to event {floor_head}: events were removed from the file"
        );
        alarmed = alarm(
            floor,
            &id,
            file_head + 1,
            None,
            None,
            &format!("verify --floor: {why}"),
        )?;
        differs = Some((file_head + 1, why));
    }
    let verdict = match differs {
        None => super::source::verdict_of(floor, &id)?,
        Some(_) => None,
    };
    Ok(Compared {
        id: short_id(&id),
        file_head,
        floor_head,
        differs,
        alarmed,
        replayed_through,
        replay_failed,
        verdict,
    })
}

/// The file's identity is not on the floor: said, and alarmed.
fn unknown(floor: &mut Floor, id: &[u8; 32], file_head: i64) -> Result<Compared, FloorError> {
    let why = format!(
        "the floor holds no table database with this file's identity {} (the hash of its first event): it was never synced, or its first event was rewritten",
        short_id(id)
    );
    let alarmed = alarm(floor, id, 1, None, None, &why)?;
    Ok(Compared {
        id: short_id(id),
        file_head,
        floor_head: 0,
        differs: Some((1, why)),
        alarmed,
        replayed_through: 0,
        replay_failed: None,
        verdict: None,
    })
}

/// The first event the floor still holds of table database `tab`, when it is not event 1
/// (the months before it detached) though the floor's head says it holds some.
fn first_held(floor: &mut Floor, tab: i32, head: i64) -> Result<Option<i64>, FloorError> {
    if head == 0 {
        return Ok(None);
    }
    let target = floor.target.clone();
    let r = floor
        .client()
        .query_one(
            "SELECT min(seq)::int8 FROM croupier.events WHERE tab = $1",
            &[&tab],
        )
        .map_err(|e| server_err(&target, e))?;
    let first: Option<i64> = r.get(0);
    Ok(match first {
        Some(1) => None,
        Some(n) => Some(n),
        None => Some(head + 1),
    })
}

/// What a report and `verify --floor` say of a table database whose first events the
/// floor no longer holds.
pub(crate) fn detached_note(first: i64) -> String {
    crate::report::query::VerifyFailure::Detached { first }.to_string()
}

/// The file's events `from..=to` against the floor's `rows` of them, the chain hash
/// carried on in `prev`: the first that differs, if one does.
fn compare_chunk(
    store: &Store,
    rows: &[postgres::Row],
    from: i64,
    to: i64,
    prev: &mut [u8; 32],
) -> Result<Option<Found>, FloorError> {
    let mut theirs = rows.iter();
    let mut found = None;
    // The floor's copy is gapless (1..head); the file's next event must be `expect`.
    let mut expect = from;
    store
        .each_event_lent(from, to, |e| {
            let h = event_hash(prev, e);
            *prev = h;
            found = event_differs(e, theirs.next(), h, expect);
            expect += 1;
            match found {
                Some(_) => Err(()),
                None => Ok(()),
            }
        })?
        .ok();
    // Floor rows the file did not match: the file lacks them (its last ones included).
    if found.is_none()
        && let Some(r) = theirs.next()
    {
        let (seq, fh): (i64, &[u8]) = (r.get(0), r.get(7));
        found = Some((
            seq,
            Some(fh.to_vec()),
            *prev,
            format!("the file has no event {seq}: the floor holds it"),
        ));
    }
    Ok(found)
}

/// How the file's event `e`, of chain hash `h`, differs from the floor's row `r` of it,
/// which should be event `expect`; `None` if it does not.
fn event_differs(e: &Event, r: Option<&postgres::Row>, h: [u8; 32], expect: i64) -> Option<Found> {
    let Some(r) = r else {
        return Some((e.seq, None, h, "the floor's copy has no such event".into()));
    };
    let fh: &[u8] = r.get(7);
    let theirs = event_from(r, 0);
    if e.seq != expect {
        return Some((
            expect,
            Some(fh.to_vec()),
            h,
            format!("the file has no event {expect}: the floor holds it"),
        ));
    }
    // The floor keeps no check for a step (the next event's 32 bytes, computed through
    // it, are compared), all 32 bytes for any other event.
    let same = theirs.as_ref().is_ok_and(|f| {
        f.seq == e.seq
            && f.at == e.at
            && f.kind == e.kind
            && f.table == e.table
            && f.user == e.user
            && f.round == e.round
            && f.data == e.data
            && ((fh.is_empty() && f.kind == EventKind::Step)
                || Check::from_bytes(fh).is_some_and(|c| c.matches(&h)))
    });
    if !same {
        let what = match &theirs {
            Ok(f) => describe(e, f),
            Err(why) => format!("the floor's copy does not read ({why})"),
        };
        return Some((e.seq, Some(fh.to_vec()), h, what));
    }
    if !e.check.matches(&h) {
        return Some((
            e.seq,
            Some(fh.to_vec()),
            h,
            "the file's own stored hash does not match its content".into(),
        ));
    }
    None
}

/// Which field differs, in words.
fn describe(e: &Event, f: &Event) -> String {
    let fields: [(&str, bool); 7] = [
        ("time", f.at != e.at),
        ("kind", f.kind != e.kind),
        ("table", f.table != e.table),
        ("user", f.user != e.user),
        ("round", f.round != e.round),
        ("data", f.data != e.data),
        ("seq", f.seq != e.seq),
    ];
    let diff: Vec<&str> = fields.iter().filter(|f| f.1).map(|f| f.0).collect();
    if diff.is_empty() {
        "same content, another chain hash: an earlier event was changed".into()
    } else {
        format!("its {} changed", diff.join(", "))
    }
}

fn alarm(
    floor: &mut Floor,
    id: &[u8; 32],
    seq: i64,
    floor_hash: Option<&[u8]>,
    file_hash: Option<&[u8; 32]>,
    what: &str,
) -> Result<bool, FloorError> {
    let target = floor.target.clone();
    raise_alarm(
        floor.client(),
        id,
        seq,
        floor_hash,
        file_hash.map(|h| &h[..]),
        what,
    )
    .map_err(|e| server_err(&target, e))
}
