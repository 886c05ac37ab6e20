//! The kept theories (log schema 11's `kept_theories`): what the lab solved of each rules a
//! table opened with — house edge, hold, sd, correlation, staked (`lab::solutions::Figures`)
//! — kept in the table's file by the rules' key, so that a report reads them instead of
//! solving the rules again in its own process. Written by the table session once its
//! rules' solve is done, and by `migrate` and `demo`, which wait for it; `verify` solves
//! every kept row's rules again and refuses a file whose kept figures differ by one bit
//! (the solve is deterministic). Never logs an event: the rows are derived.

use crate::engine::Rules;
use crate::lab::solutions::{self, Figures};
use crate::log::EventKind;
use crate::log::payload::Payload;
use crate::log::store::{AuditError, Store};

/// A kept theory that is not what the lab makes of its rules (`verify`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeptTheoryFault {
    /// The row's key is not the canonical text of rules the engine takes.
    #[error(
        "the kept theory of {rules} is not of rules the engine takes (expected the canonical text of a table's rules): the table kept_theories was changed outside Croupier, and the reports that read it cannot be trusted"
    )]
    NotRules { rules: String },
    /// The rules do not solve (a worker panicked), yet figures are kept for them.
    /// Not the file's fault: this process could not check the row, so verify does not pass.
    #[error(
        "the kept theory of {rules} could not be checked: the rules did not solve in this run ({why}); run verify again, and until it passes do not trust the reports' theoretical figures"
    )]
    NoSolve { rules: String, why: String },
    /// The thread that solved the kept theories again panicked (`verify`): nothing was
    /// checked. Not the file's fault either, and verify does not pass.
    #[error(
        "the kept theories could not be checked: the check's thread failed ({message}); run verify again, and until it passes do not trust the reports' theoretical figures"
    )]
    CheckFailed { message: String },
    /// The kept figures are not the solve's, bit for bit.
    #[error(
        "the kept theory of {rules} is {kept}, expected {solved} (what the lab solves): the table kept_theories was changed outside Croupier, and the reports that read it cannot be trusted"
    )]
    Differs {
        rules: String,
        kept: String,
        solved: String,
    },
}

/// Keeps the rules' figures if this process has them already (solved and the correlation
/// measured), without waiting or solving: `true` when kept. What a table session does
/// after each settlement until it is done.
pub fn keep_if_solved(store: &mut Store, rules: &Rules) -> Result<bool, AuditError> {
    let Some(s) = solutions::solved_now(rules) else {
        return Ok(false);
    };
    match s.rho_ready() {
        Some(Ok(_)) => keep(store, rules, s.figures().ok()),
        _ => Ok(false),
    }
}

fn keep(store: &mut Store, rules: &Rules, f: Option<Figures>) -> Result<bool, AuditError> {
    match f {
        Some(f) => store
            .keep_derived(&solutions::key(rules), &f.text())
            .map(|()| true),
        None => Ok(false),
    }
}

/// Solves (waiting) and keeps every distinct rules the file's tables opened with: what
/// `migrate` and `demo` do. Rules the engine or the lab cannot solve are left out (a
/// report solves them, or shows no theory, as before). The number of rules kept.
pub fn keep_all(store: &mut Store) -> Result<usize, AuditError> {
    let mut rules: Vec<Rules> = Vec::new();
    for e in store.events_of_kind(EventKind::TableOpened, i64::MIN, i64::MAX)? {
        let Ok(Payload::TableOpened(t)) = Payload::parse(e.kind, &e.data) else {
            continue;
        };
        if let Ok(r) = Rules::from_value(&t.rules)
            && !rules.contains(&r)
        {
            rules.push(r);
        }
    }
    let mut kept = 0;
    for r in &rules {
        let f = solutions::of_rules(r).and_then(|s| s.figures().ok());
        kept += usize::from(keep(store, r, f)?);
    }
    Ok(kept)
}

/// Every kept theory against the lab's solve of its rules: the first that differs.
pub fn check(store: &Store) -> Result<Result<(), KeptTheoryFault>, AuditError> {
    Ok(check_rows(store.kept_derived()?))
}

/// The kept rows (`Store::kept_derived`, key and figures) against the lab's solve of
/// their rules: the first that differs. Reads no file: what `verify` runs on its own
/// thread once the rows are read.
pub fn check_rows(rows: Vec<(String, String)>) -> Result<(), KeptTheoryFault> {
    for (key, text) in rows {
        check_row(&key, &text)?;
    }
    Ok(())
}

/// One kept theory (the rules' key, the figures' text) against the lab's solve of its
/// rules: what `verify` holds a file's rows to, and the floor's auditor the floor's.
pub fn check_row(key: &str, text: &str) -> Result<(), KeptTheoryFault> {
    let rules = serde_json::from_str(key)
        .ok()
        .and_then(|v| Rules::from_value(&v).ok())
        .filter(|r| solutions::key(r) == key);
    let Some(rules) = rules else {
        return Err(KeptTheoryFault::NotRules { rules: key.into() });
    };
    let solved = match solutions::of_rules(&rules).map(|s| s.figures()) {
        Some(Ok(f)) => f.text(),
        Some(Err(e)) => {
            let why = e.message;
            return Err(KeptTheoryFault::NoSolve {
                rules: key.into(),
                why,
            });
        }
        None => {
            let why = solutions::failure(&rules.to_value())
                .map_or_else(|| "no solution".to_string(), |e| e.message);
            return Err(KeptTheoryFault::NoSolve {
                rules: key.into(),
                why,
            });
        }
    };
    if solved != text {
        return Err(KeptTheoryFault::Differs {
            rules: key.into(),
            kept: text.into(),
            solved,
        });
    }
    Ok(())
}

/// The kept theory of `rules` as the lab solves them (waiting for the solve): (key,
/// figures' text), as a file keeps it; `None` for rules the lab cannot solve. What the
/// floor's auditor keeps on the floor.
pub fn solved(rules: &Rules) -> Option<(String, String)> {
    let f = solutions::of_rules(rules).and_then(|s| s.figures().ok())?;
    Some((solutions::key(rules), f.text()))
}

/// The key a rules' kept theory is kept under (its canonical text).
pub fn key(rules: &Rules) -> String {
    solutions::key(rules)
}
