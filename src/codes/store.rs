//! The log's errors as codes and values (`log::AuditError::code`), which `i18n` says in
//! words without knowing the log: the file's troubles and what the log could not give.
//! Data only: no I/O, no SQLite type (its failure arrives as its text).

use std::path::PathBuf;

use super::Denied;

/// What went wrong with the log's file or a request of it: `log::AuditError` as its words
/// need it. The English `Display` stays the log's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreCode {
    NotCroupier {
        path: PathBuf,
        detail: String,
    },
    NewerSchema {
        path: PathBuf,
        found: i32,
        known: i32,
    },
    OlderSchema {
        path: PathBuf,
        found: i32,
        known: i32,
    },
    InUse {
        path: PathBuf,
        holder: String,
    },
    ReadOnly {
        path: PathBuf,
        detail: String,
    },
    DiskFull {
        path: PathBuf,
    },
    /// What the log found wrong on the file, or SQLite's own failure (its text).
    Sqlite {
        path: PathBuf,
        detail: String,
    },
    PinHash(String),
    Denied(Denied),
    Refused(LogRefusal),
}

/// What the log could not give, with what was asked for: a closed set, so that a screen
/// says each in its language.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LogRefusal {
    #[error("there is no round {round} in {}", path.display())]
    NoRound { path: PathBuf, round: i64 },
    #[error(
        "{}: there is no round {round} (rounds are numbered from 1; this database has {rounds})",
        path.display()
    )]
    NoRoundNumbered {
        path: PathBuf,
        round: i64,
        rounds: i64,
    },
    #[error(
        "{}: there is no Pontis game {game} (games are numbered from 1; this database has {games})",
        path.display()
    )]
    NoGame {
        path: PathBuf,
        game: i64,
        games: i64,
    },
    #[error("round {round} is still in play: it has no settlement yet")]
    RoundInPlay { round: i64 },
    #[error("Pontis game {game} is still in play: it has not ended yet")]
    GameInPlay { game: i64 },
    #[error("round {round} has no settlement")]
    NoSettlement { round: i64 },
    #[error("round {round}: its round_started event does not read (run `croupier verify`)")]
    StartUnreadable { round: i64 },
    #[error("round {round}: correction unreadable: {detail}")]
    CorrectionUnreadable { round: i64, detail: String },
    #[error("event {seq}: not a setting (run `croupier verify`)")]
    NotASetting { seq: i64 },
    #[error("the logged currency {code:?} is not an ISO 4217 code (run `croupier verify`)")]
    BadCurrency { code: String },
    #[error(
        "the logged language {lang:?} of user {user} is not one of en, cs, uk, ru (run `croupier verify`)"
    )]
    BadLanguage { user: i64, lang: String },
    #[error(
        "the logged gaming day (time zone {tz:?}, shifts {shifts:?}) is not a calendar (run `croupier verify`)"
    )]
    BadCalendar { tz: String, shifts: String },
    /// A thread of `verify` panicked (what the panic said), or its second replay did not
    /// make a round's row that its first made (`session::made_rows`): verify's own fault.
    #[error("the replay thread failed: {message}")]
    ReplayThread { message: String },
}
