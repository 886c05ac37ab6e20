//! The sessions' errors: why an input was not taken (`InputError`), and what in the log
//! does not hold when it is read back (`ReplayError`). Shared by both games and the replay.

use crate::codes::NotNow;
use crate::log::AuditError;

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
    #[error(
        "the file's structure is damaged (SQLite's integrity check: {0}); nothing read from it can be trusted: restore it from a copy, or compare it with the floor"
    )]
    Damaged(String),
    #[error(transparent)]
    Store(#[from] AuditError),
}

/// Why an input was not taken.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The engine refused it; the refusal is logged.
    #[error("{0}")]
    Refused(String),
    /// Not allowed for this user, or nothing to do (no round, nothing to undo).
    #[error("{0}")]
    NotNow(NotNow),
    /// The store could not make it durable: the input was NOT accepted. (Its message
    /// says the cause; it is not also a `source`, so that a chain prints it once.)
    #[error("not recorded, so not accepted: {0}")]
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
