//! The sessions' errors: why an input was not taken (`InputError`), and what in the log
//! does not hold when it is read back (`ReplayError`). Shared by both games and the replay.

use crate::codes::{NotNow, NotNowCode, PontisRefusalCode, RefusalCode};
use crate::engine::pontis::{PlayError, SetupError as GameSetupError};
use crate::engine::{Round, SetupError, StepError};
use crate::log::AuditError;
use crate::session::money_signed::SignedError;

/// What the feed expects between rounds (its answer's `expected …`).
pub(crate) const BETWEEN_ROUNDS: &str = "bets (e.g. bets 1a:20 3a:50), or new-shoe, or close";

/// Why the feed refuses a line its input ended in the middle of (`feed::LineError::Unended`);
/// the replay holds an `unended` refusal to exactly this reason.
pub(crate) const UNENDED: &str = "the line has no newline at its end (the input ended in the middle of it), so it is not an input";

/// Something in the log that does not hold.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error(
        "event {seq}: the hash chain is broken ({why}); the log was changed after it was written"
    )]
    Chain { seq: i64, why: String },
    #[error("event {seq} ({kind}): {why}")]
    Event {
        seq: i64,
        kind: &'static str,
        why: String,
    },
    #[error("round {round}: the logged settlement does not match the replay of its inputs: {why}")]
    Mismatch { round: i64, why: String },
    #[error("users: {0}")]
    Users(String),
    /// The kept totals (`round_totals`) are not what the events make them.
    #[error(
        "the kept totals differ from what the events make them ({0}): the table round_totals was changed outside Croupier, and the reports that read it cannot be trusted"
    )]
    Totals(String),
    #[error(
        "the file's structure is damaged (SQLite's integrity check: {0}); nothing read from it can be trusted: restore it from a copy, or compare it with the floor"
    )]
    Damaged(String),
    /// The file's schema is not as Croupier made it (its append-only triggers dropped,
    /// altered or added to): the log could have been edited in place.
    #[error(
        "the file's schema is not as Croupier made it ({0}): its log could have been edited in place; compare it with the floor or a head kept from before"
    )]
    Schema(String),
    #[error(transparent)]
    Store(#[from] AuditError),
}

/// Why an input was not taken.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The engine refused it; the refusal is logged (its English text is the log's).
    #[error("{0}")]
    Refused(Refused),
    /// Not allowed for this user, or nothing to do (no round, nothing to undo).
    #[error("{0}")]
    NotNow(NotNow),
    /// The store could not make it durable: the input was NOT accepted. (Its message
    /// says the cause; it is not also a `source`, so that a chain prints it once.)
    #[error("not recorded, so not accepted: {}", crate::log::error::with_causes(.0))]
    Store(AuditError),
}

impl From<AuditError> for InputError {
    fn from(e: AuditError) -> InputError {
        InputError::Store(e)
    }
}

impl From<ReplayError> for InputError {
    fn from(e: ReplayError) -> InputError {
        match e {
            ReplayError::Store(s) => InputError::Store(s),
            other => InputError::NotNow(NotNow::Replay(other.to_string())),
        }
    }
}

/// What the engine (or the input's reader) refused, carrying what was wrong, so that a
/// screen says it in its language without asking the engine again. The English
/// `Display` is what the log, the CLI and the feed read.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    /// The round refused a step: why, and what it expected.
    #[error("{0}")]
    Step(StepError),
    /// The round would not start with these bets.
    #[error("{0}")]
    Bets(SetupError),
    /// The Pontis game refused a play: why, and what it expected.
    #[error("{0}")]
    Play(PlayError),
    /// A Pontis game would not start with these players.
    #[error("{0}")]
    Start(GameSetupError),
    /// The text is not an input (the reader's words), and what was expected.
    #[error("{why}; expected {expected}")]
    Unreadable { why: String, expected: String },
    /// A count, fill or credit at the table was not taken (the money's typed refusal, or a
    /// signer's failed login: never the store's failure), and what was expected.
    #[error("{why}; expected {expected}")]
    Money {
        why: Box<SignedError>,
        expected: String,
    },
    /// The feed's line came when it could not be taken, and what was expected.
    #[error("{why}; expected {expected}")]
    NotNow { why: NotNow, expected: String },
    /// A correction's inputs do not replay the round (the script's words).
    #[error("{0}")]
    CorrectionUnplayable(String),
    /// A correction's inputs leave the round unfinished; what it wants next.
    #[error("the corrected inputs do not finish the round: next {next}")]
    CorrectionUnfinished { next: String },
}

impl Refused {
    /// What the log keeps as data beside the English reason: the refusal's code and
    /// values (`round`: the round in play, which names a refused step's bets). `None` for
    /// what has no code yet (a Pontis refusal; a count, fill or credit at the table; a correction, which is not logged as one).
    pub(crate) fn code(&self, round: Option<&Round>) -> Option<RefusalCode> {
        match self {
            Refused::Step(e) => round.map(|r| RefusalCode::of_step(r, &e.refusal)),
            Refused::Bets(e) => Some(RefusalCode::of_setup(e)),
            Refused::Unreadable { .. } => Some(RefusalCode::UnreadableInput),
            Refused::NotNow { why, .. } => Some(RefusalCode::NotNow {
                why: NotNowCode::of(why),
            }),
            Refused::Play(_)
            | Refused::Start(_)
            | Refused::Money { .. }
            | Refused::CorrectionUnplayable(_)
            | Refused::CorrectionUnfinished { .. } => None,
        }
    }

    /// A Pontis refusal's code and values, logged beside the English reason: a refused
    /// play's (the engine's `PlayRefusal`) or the reader's. `None` for a refused start.
    pub(crate) fn pontis_code(&self) -> Option<PontisRefusalCode> {
        match self {
            Refused::Play(e) => Some(PontisRefusalCode::of_play(&e.reason)),
            Refused::Unreadable { .. } => Some(PontisRefusalCode::UnreadableInput),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::users::LoginError;

    /// A count, fill or credit refused at the table keeps the money's typed refusal (what
    /// was wrong, as data); its English words for the log and the feed are made from it.
    #[test]
    fn a_refused_signed_input_carries_its_typed_error() {
        let r = Refused::Money {
            why: Box::new(SignedError::Login {
                name: "Petr Novak".into(),
                why: LoginError::Wrong,
            }),
            expected: "bets".into(),
        };
        assert!(matches!(
            &r,
            Refused::Money { why, .. } if matches!(
                **why,
                SignedError::Login {
                    why: LoginError::Wrong,
                    ..
                }
            )
        ));
        assert_eq!(
            r.to_string(),
            "Petr Novak: wrong name or PIN; expected bets"
        );
        assert_eq!(r.code(None), None);
    }
}
