//! Supervisors' actions on settled rounds: a void, or a correction of mis-entered inputs.
//! Both need a supervisor and a reason, and both are new events: the original round stays
//! in the log as it was played, and the correction carries its whole corrected script so
//! that `verify` can replay it.

use super::error::{InputError, LogFault, Refused};
use super::replay;
use super::users::User;
use crate::codes::NotNow;
use crate::engine::{Money, Round};
use crate::log::event::EventKind;
use crate::log::payload::{self, NetData, Payload, nets_of};
use crate::log::store::{AuditError, LogRefusal, NOT_STEP, Store};
use crate::script::Script;

/// A correction, before or after it is logged: the original settlement beside the new.
#[derive(Clone, Debug)]
pub struct Correction {
    pub(crate) original: Script,
    /// The corrected inputs, as given.
    pub(crate) steps: Vec<String>,
    pub(crate) corrected: Round,
    /// Per bet: id, original net, corrected net, what to pay (+) or collect (−) now.
    pub differences: Vec<(String, Money, Money, Money)>,
}

fn state(store: &Store, round: i64) -> Result<(i64, bool, bool), AuditError> {
    let q = |what: &str, kind: EventKind| -> Result<Option<i64>, AuditError> {
        store
            .conn()
            .query_row(
                &format!("SELECT max({what}) FROM events WHERE kind = ?2 AND {NOT_STEP} AND round_id = ?1"),
                [round, kind.code()],
                |r| r.get(0),
            )
            .map_err(|e| store.sql_error(e))
    };
    let table = q("table_id", EventKind::RoundStarted)?;
    let settled = q("seq", EventKind::RoundSettled)?.is_some();
    let voided = q("seq", EventKind::RoundVoided)?.is_some();
    let table = table.ok_or_else(|| {
        AuditError::Refused(LogRefusal::NoRound {
            path: store.path().to_path_buf(),
            round,
        })
    })?;
    Ok((table, settled, voided))
}

fn check(store: &Store, user: &User, round: i64, reason: &str) -> Result<i64, InputError> {
    // The role now, not at login: a supervisor demoted meanwhile voids nothing.
    let user = &super::users::as_now(store, user)?;
    if !user.role.supervises() {
        return Err(InputError::NotNow(NotNow::DealerCannotCorrect {
            name: user.name.clone(),
        }));
    }
    if reason.trim().chars().count() < 5 {
        return Err(InputError::NotNow(NotNow::NoReason));
    }
    let (table, settled, voided) = state(store, round)?;
    if !settled {
        return Err(InputError::NotNow(NotNow::NotSettled { round }));
    }
    if voided {
        return Err(InputError::NotNow(NotNow::AlreadyVoided { round }));
    }
    Ok(table)
}

/// Whether `user` may void or correct `round` with `reason` now (the checks of
/// [`void_round`] and [`correct_round`], nothing written): a screen asks to confirm only then.
pub fn may_change(store: &Store, user: &User, round: i64, reason: &str) -> Result<(), InputError> {
    check(store, user, round, reason).map(drop)
}

/// A supervisor voids a settled round, with a reason (logged as an exception).
pub fn void_round(
    store: &mut Store,
    user: &User,
    round: i64,
    reason: &str,
) -> Result<(), InputError> {
    let table = check(store, user, round, reason)?;
    let voided = payload::RoundVoided {
        reason: reason.trim().to_string(),
    };
    store.append(
        &Payload::RoundVoided(voided),
        Some(table),
        Some(user.id),
        Some(round),
    )?;
    Ok(())
}

/// What a correction would do: the round replayed with `steps` instead of its logged
/// inputs (same bets, same shoe). Nothing is written.
pub(crate) fn preview(
    store: &Store,
    round: i64,
    steps: Vec<String>,
) -> Result<Correction, InputError> {
    let (original, logged) =
        replay::export_round(store, round).map_err(|e| InputError::from(LogFault::Replay(e)))?;
    let mut script = original.clone();
    script.steps = steps.clone();
    let corrected = script
        .play()
        .map_err(|e| InputError::Refused(Refused::CorrectionUnplayable(Box::new(e))))?;
    if !corrected.is_complete() {
        return Err(InputError::Refused(Refused::CorrectionUnfinished {
            next: Box::new(corrected.expecting()),
        }));
    }
    let original_nets = logged.nets;
    let mut differences = Vec::new();
    for b in 0..corrected.bet_count() {
        let id = corrected.bet_id(b).to_string();
        let was = original_nets
            .iter()
            .find(|x| x.id == id)
            .map(|x| x.net)
            .unwrap_or(Money::ZERO);
        let now = corrected.bet_net(b);
        differences.push((id, was, now, now - was));
    }
    Ok(Correction {
        original,
        steps,
        corrected,
        differences,
    })
}

/// Logs a correction of a settled round: the reason, the whole corrected script and its
/// settlement. Returns what to pay or collect.
pub fn correct_round(
    store: &mut Store,
    user: &User,
    round: i64,
    steps: Vec<String>,
    reason: &str,
) -> Result<Correction, InputError> {
    let table = check(store, user, round, reason)?;
    let c = preview(store, round, steps)?;
    let mut script = c.original.clone();
    script.steps = c.steps.clone();
    let nets = nets_of(&c.corrected);
    let row = corrected_row(store, round, nets.clone())?;
    let corrected = payload::RoundCorrected {
        reason: reason.trim().to_string(),
        script: script.to_value(),
        nets,
        cost: super::replay::LastCosts::of_script_now(&script),
    };
    store.append_row(
        &Payload::RoundCorrected(corrected),
        (Some(table), Some(user.id), Some(round)),
        Some(&row),
    )?;
    Ok(c)
}

/// The round's kept row (`round_row`) with a correction's `nets` standing: what the
/// correction writes in its transaction. A row missing or damaged is not guessed at: the
/// correction is refused, and `verify` names the row.
fn corrected_row(store: &Store, round: i64, nets: Vec<NetData>) -> Result<Vec<u8>, InputError> {
    let kept = store.round_row(round)?;
    let row = kept.as_deref().and_then(super::round_row::Row::decode);
    let Some(row) = row else {
        return Err(InputError::Store(AuditError::Sqlite {
            path: store.path().to_path_buf(),
            detail: format!(
                "round {round}'s kept row (round_rows) is missing or damaged: nothing was corrected; run `croupier verify`"
            ),
        }));
    };
    Ok(row.corrected(nets).encode())
}

#[cfg(test)]
mod tests;
