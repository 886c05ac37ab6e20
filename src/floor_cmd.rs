//! The floor's commands (`croupier sync`, `floor-init`, `floor-audit`, `floor-alarms`,
//! `verify --floor`, `report --floor`): arguments in, `floor` called, its answer printed. Part of the binary,
//! beside `main.rs`.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use anyhow::{Result, bail};
use chrono::Datelike;

use croupier::floor::{
    self, Audited, Auditor, Floor, FloorError, FloorSource, FollowNote, LinkState,
};
use croupier::log::Store;

use super::stdout_error;

/// The floor's URL: `--floor`, else $CROUPIER_FLOOR.
fn floor_url(given: Option<&str>) -> Option<String> {
    given.map(str::to_string).or_else(|| {
        std::env::var("CROUPIER_FLOOR")
            .ok()
            .filter(|u| !u.is_empty())
    })
}

/// `croupier sync`: one pass (exit 0 once the floor holds every event), or `--follow`.
pub(crate) fn sync(db: &Path, url: Option<&str>, follow: bool) -> Result<ExitCode> {
    let Some(url) = floor_url(url) else {
        bail!(
            "sync needs the floor: give --floor postgresql://user@host:port/dbname (or set CROUPIER_FLOOR)"
        );
    };
    if follow {
        let stop = AtomicBool::new(false);
        let shown = |s: &LinkState| {
            let extra = match s {
                LinkState::Unreachable { why, .. } => format!(": {why}"),
                _ => String::new(),
            };
            let _ = outln!("{}: {}{extra}", db.display(), s.text());
        };
        return match floor::follow(db, &url, &stop, shown) {
            Ok(()) => Ok(ExitCode::SUCCESS),
            Err(e) => refused_or(e),
        };
    }
    let store = Store::open_read(db)?;
    let mut f = Floor::connect(&url)?;
    match floor::sync_once(&store, &mut f) {
        Ok(s) => {
            outln!(
                "{}: the floor {} holds events 1-{} of table database {} ({} sent now); in sync",
                db.display(),
                f.target(),
                s.floor_head,
                s.id,
                s.accepted
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => refused_or(e),
    }
}

/// `croupier floor-init`: the floor's schema and roles, set up by its admin.
pub(crate) fn init(url: Option<&str>) -> Result<ExitCode> {
    let Some(url) = floor_url(url) else {
        bail!(
            "floor-init needs the floor: give --floor postgresql://admin@host:port/dbname (or set CROUPIER_FLOOR)"
        );
    };
    let f = Floor::init(&url)?;
    outln!(
        "the floor {} is set up: schema croupier, roles croupier_table (tables: CREATE ROLE <table> LOGIN PASSWORD '...' IN ROLE croupier_table, one per table), croupier_reader (reports, supervisors) and croupier_auditor (floor-audit: CREATE ROLE auditor LOGIN PASSWORD '...' IN ROLE croupier_auditor)",
        f.target()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `croupier floor-compact`: a closed UTC month's events partition and the settlements
/// reindexed (`--month YYYY-MM`, by default the month before this one).
pub(crate) fn compact(url: Option<&str>, month: Option<String>) -> Result<ExitCode> {
    let Some(url) = floor_url(url) else {
        bail!(
            "floor-compact needs the floor: give --floor postgresql://admin@host:port/dbname (or set CROUPIER_FLOOR)"
        );
    };
    let now = chrono::Utc::now().date_naive();
    let this = (now.year(), now.month());
    let (year, mon) = match month {
        Some(m) => closed_month(&m, this)?,
        None => month_before(this),
    };
    let c = Floor::connect(&url)?.compact(year, mon)?;
    outln!(
        "{} reindexed in {:.1} s, croupier.rounds in {:.1} s",
        c.partition,
        c.partition_secs,
        c.rounds_secs
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `croupier floor-alarms`: every alarm the floor logged, each standing or acknowledged;
/// with `ack` (an alarm's number) and `why`, that alarm acknowledged first as this login.
/// A refused acknowledgement (not the owner or the auditor, the role that raised it, a
/// blank reason, no such alarm, acknowledged already) is exit 1 with the floor's words,
/// and changes nothing.
pub(crate) fn alarms(url: Option<&str>, ack: Option<(i64, String)>) -> Result<ExitCode> {
    let Some(url) = floor_url(url) else {
        bail!(
            "floor-alarms needs the floor: give --floor postgresql://user@host:port/dbname (or set CROUPIER_FLOOR)"
        );
    };
    let mut floor = Floor::connect(&url)?;
    if let Some((id, why)) = ack {
        match floor.acknowledge(id, &why) {
            Ok(()) => outln!("alarm {id} acknowledged")?,
            Err(e @ FloorError::Server { .. }) => {
                note!("croupier: floor-alarms: {e}");
                return Ok(ExitCode::from(1));
            }
            Err(e) => return Err(e.into()),
        }
    }
    let all = floor.alarms()?;
    for a in &all {
        outln!("{}", alarm_line(a))?;
    }
    let standing = all.iter().filter(|a| a.stands()).count();
    outln!(
        "{} alarm(s) on the floor, {standing} standing (not acknowledged)",
        all.len()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// One alarm, in words: its number, when, what, who raised it, and whether it stands.
fn alarm_line(a: &floor::Alarm) -> String {
    let at = floor::utc_words(a.at);
    let path = if a.path.is_empty() {
        String::new()
    } else {
        format!(" ({})", a.path)
    };
    let state = match &a.acknowledged {
        Some(k) => format!("acknowledged by role {} at {}: {}", k.by_role, k.at, k.why),
        None => "STANDS (not acknowledged)".to_string(),
    };
    format!(
        "alarm {} at {at}, table database {}{path} event {}, raised by role {}: {}\n    {state}",
        a.id, a.db, a.seq, a.by_role, a.what
    )
}

/// The month before `this` (year, month): December of the year before January.
fn month_before(this: (i32, u32)) -> (i32, u32) {
    match this {
        (y, 1) => (y - 1, 12),
        (y, m) => (y, m - 1),
    }
}

/// `--month` read as a UTC month (four digits, a dash, two digits) that has ended before
/// `this` (year, month).
fn closed_month(text: &str, this: (i32, u32)) -> Result<(i32, u32)> {
    let b = text.as_bytes();
    let shaped = b.len() == 7
        && b[4] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || c.is_ascii_digit());
    let parsed = chrono::NaiveDate::parse_from_str(&format!("{text}-01"), "%Y-%m-%d")
        .ok()
        .filter(|_| shaped);
    let Some(d) = parsed else {
        bail!("--month \"{text}\": expected a UTC month as YYYY-MM, e.g. 2026-11");
    };
    let m = (d.year(), d.month());
    if m >= this {
        bail!(
            "--month {text}: that month has not ended (this UTC month is {:04}-{:02}); compact a month once it has ended and every table has synced it",
            this.0,
            this.1
        );
    }
    Ok(m)
}

/// `croupier migrate --floor`: the floor brought to this program's schema, as a connection
/// of its owner does (a login that does not own it is told to ask the floor's admin, and
/// nothing changes).
pub(crate) fn migrate(url: &str) -> Result<ExitCode> {
    let f = Floor::connect(url)?;
    outln!(
        "the floor {}: schema {}",
        f.target(),
        croupier::floor::FLOOR_VERSION
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `croupier floor-audit`: every table database replayed and its kept totals checked
/// (one pass, or `--follow`); exit 1 if any replay or check fails.
pub(crate) fn audit(url: Option<&str>, follow: bool) -> Result<ExitCode> {
    let Some(url) = floor_url(url) else {
        bail!(
            "floor-audit needs the floor: give --floor postgresql://auditor@host:port/dbname (or set CROUPIER_FLOOR)"
        );
    };
    let mut auditor = Auditor::new(Floor::connect(&url)?)?;
    let target = auditor.target().to_string();
    let shown = |all: &[Audited]| {
        for a in all {
            let _ = outln!("{}", audited_line(&target, a));
        }
    };
    if follow {
        let stop = std::sync::atomic::AtomicBool::new(false);
        let said = |n: FollowNote<'_>| match n {
            FollowNote::Lost { why, retry_in } => note!(
                "croupier: floor-audit: lost the floor ({why}); trying again in {} s",
                retry_in.as_secs()
            ),
            FollowNote::Back => {
                note!("croupier: floor-audit: connected to the floor {target} again; replaying on")
            }
        };
        floor::audit_follow(&url, &mut auditor, &stop, shown, said)?;
        return Ok(ExitCode::SUCCESS);
    }
    let all = auditor.pass()?;
    shown(&all);
    Ok(if all.iter().any(|a| a.failed.is_some()) {
        note!(
            "croupier: floor-audit: a replay or a check of the kept totals FAILED (logged on the floor as an alarm)"
        );
        ExitCode::from(1)
    } else if all.iter().any(|a| a.stuck.is_some()) {
        note!(
            "croupier: floor-audit: an event this program cannot replay stopped a replay (logged on the floor as an alarm): run the auditor of the Croupier that logged it"
        );
        ExitCode::from(1)
    } else if all.iter().any(|a| !a.clock_back.is_empty()) {
        note!(
            "croupier: floor-audit: a table's clock went back by over an hour (an alarm on the floor, its table database FAILED in every report until it is acknowledged): look at what was logged there, then `croupier floor-alarms --ack N --why …`"
        );
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// One table database's verdict, in words.
fn audited_line(target: &str, a: &Audited) -> String {
    let head = format!(
        "floor {target}, table database {} ({}): replayed through event {} of {}",
        a.id, a.path, a.through, a.head
    );
    let mut line = match (&a.failed, &a.stuck) {
        (Some((seq, why)), _) => format!("{head}; FAILED at event {seq}: {why}"),
        (None, Some((seq, why))) => {
            format!("{head}; NOT YET REPLAYED: stopped at event {seq}: {why}")
        }
        (None, None) => format!("{head}; no mismatch"),
    };
    for (seq, what, now) in &a.clock_back {
        let how = if *now {
            "raised"
        } else {
            "stands (not acknowledged)"
        };
        line.push_str(&format!("\n    ALARM {how} at event {seq}: {what}"));
    }
    line
}

/// A refusal is exit 1 with its message; anything else is an error (exit 2).
fn refused_or(e: FloorError) -> Result<ExitCode> {
    match e {
        e @ FloorError::Refused { .. } => {
            note!("croupier: {e}");
            Ok(ExitCode::from(1))
        }
        e => Err(e.into()),
    }
}

/// `verify --floor`: after the file's own verify (`code`), the file against the floor's
/// copy. Exit 1 if either failed.
pub(crate) fn verify_floor(code: ExitCode, db: &Path, url: Option<&str>) -> Result<ExitCode> {
    let Some(url) = url else {
        return Ok(code);
    };
    let store = Store::open_read(db)?;
    let mut f = Floor::connect(url)?;
    let c = floor::compare(&store, &mut f)?;
    match &c.differs {
        None => {
            outln!(
                "{}: matches the floor {} (table database {}: events 1-{} compared; the file has {}, {} not yet on the floor)",
                db.display(),
                f.target(),
                c.id,
                c.floor_head.min(c.file_head),
                c.file_head,
                (c.file_head - c.floor_head).max(0)
            )?;
            audit_verdict(code, &c)
        }
        Some((_, why)) => {
            let _ = outln!(
                "{}: DIFFERS from the floor {}: {why}",
                db.display(),
                f.target()
            );
            note!(
                "croupier: verify --floor failed: {why} ({})",
                floor::alarm_note(c.alarmed)
            );
            Ok(ExitCode::from(1))
        }
    }
}

/// The floor's word on the table database, as a floor report's footer would give it
/// (the auditor's replay, chain and totals checks, standing alarms): exit 1 unless it
/// PASSED — never 0 for what the floor has not checked, or has found wrong.
fn audit_verdict(code: ExitCode, c: &floor::Compared) -> Result<ExitCode> {
    outln!(
        "verify --floor: the floor's auditor replayed through event {} of {}",
        c.replayed_through,
        c.floor_head
    )?;
    let (line, passed) = croupier::report::verdict_in(croupier::i18n::Lang::En, c.verdict.as_ref());
    outln!("verify --floor: the floor's checks: {line}")?;
    if !passed {
        note!(
            "croupier: verify --floor: the floor does not certify this table database (its checks above; `croupier floor-audit` replays and checks what is pending)"
        );
        return Ok(ExitCode::from(1));
    }
    Ok(code)
}

/// `report --floor`: the floor as a report's source, every table on it.
pub(crate) fn source(url: &str) -> Result<FloorSource> {
    Ok(FloorSource::open(Floor::connect(url)?)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--month` takes four digits, a dash and two digits naming a month that has ended;
    /// the default is the month before, December before January.
    #[test]
    fn a_month_to_compact_is_a_closed_utc_month() {
        let this = (2026, 12);
        for (text, want) in [
            ("2026-11", Some((2026, 11))),
            ("2025-12", Some((2025, 12))),
            ("0999-01", Some((999, 1))),
            ("2026-12", None),
            ("2027-01", None),
            ("2026-13", None),
            ("2026-00", None),
            ("2026-1", None),
            ("2026-011", None),
            ("2026- 1", None),
            ("  26-01", None),
            ("+999-01", None),
            ("-999-01", None),
            (" 2026-01", None),
            ("2026/01", None),
            ("", None),
        ] {
            assert_eq!(closed_month(text, this).ok(), want, "{text:?}");
        }
        assert_eq!(month_before((2027, 1)), (2026, 12));
        assert_eq!(month_before((2026, 12)), (2026, 11));
    }
}
