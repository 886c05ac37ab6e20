//! The kinds of event the log holds, and the envelope every event shares. One closed enum:
//! a kind the code does not know is a corrupt log, not something to skip.

use serde_json::Value;

/// What happened. Stored as its `name()`; its details are the event's JSON `data`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// The database was created (schema version, program version).
    Created,
    UserAdded,
    Login,
    LoginFailed,
    Logout,
    /// A user reached the failed-login limit.
    UserLocked,
    UserUnlocked,
    /// A table opened with its rules and limits (a full snapshot).
    TableOpened,
    TableClosed,
    /// A new shoe: the shoe count starts again.
    ShoeNew,
    /// A round's bets; the round's number is the event's round.
    RoundStarted,
    /// An accepted dealer input, as round-script text.
    Step,
    /// A refused dealer input, with why.
    StepRefused,
    /// The last accepted input of the round in play was taken back.
    Undo,
    /// The round's settlement: per-bet nets.
    RoundSettled,
    /// A supervisor voided a settled round.
    RoundVoided,
    /// A supervisor corrected a settled round's inputs; the corrected settlement.
    RoundCorrected,
}

impl EventKind {
    pub const ALL: [EventKind; 17] = [
        EventKind::Created,
        EventKind::UserAdded,
        EventKind::Login,
        EventKind::LoginFailed,
        EventKind::Logout,
        EventKind::UserLocked,
        EventKind::UserUnlocked,
        EventKind::TableOpened,
        EventKind::TableClosed,
        EventKind::ShoeNew,
        EventKind::RoundStarted,
        EventKind::Step,
        EventKind::StepRefused,
        EventKind::Undo,
        EventKind::RoundSettled,
        EventKind::RoundVoided,
        EventKind::RoundCorrected,
    ];

    pub fn name(self) -> &'static str {
        match self {
            EventKind::Created => "created",
            EventKind::UserAdded => "user_added",
            EventKind::Login => "login",
            EventKind::LoginFailed => "login_failed",
            EventKind::Logout => "logout",
            EventKind::UserLocked => "user_locked",
            EventKind::UserUnlocked => "user_unlocked",
            EventKind::TableOpened => "table_opened",
            EventKind::TableClosed => "table_closed",
            EventKind::ShoeNew => "shoe_new",
            EventKind::RoundStarted => "round_started",
            EventKind::Step => "step",
            EventKind::StepRefused => "step_refused",
            EventKind::Undo => "undo",
            EventKind::RoundSettled => "round_settled",
            EventKind::RoundVoided => "round_voided",
            EventKind::RoundCorrected => "round_corrected",
        }
    }

    pub fn from_name(name: &str) -> Option<EventKind> {
        EventKind::ALL.iter().copied().find(|k| k.name() == name)
    }
}

/// One logged event.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// 1, 2, 3, … without gaps.
    pub seq: i64,
    /// Milliseconds since the Unix epoch, UTC.
    pub at: i64,
    pub kind: EventKind,
    pub table: Option<i64>,
    pub user: Option<i64>,
    pub round: Option<i64>,
    /// The details, as canonical JSON text (what was hashed).
    pub data: String,
    /// SHA-256 over the previous event's hash and this event's content.
    pub hash: [u8; 32],
}

impl Event {
    pub fn data(&self) -> Value {
        serde_json::from_str(&self.data).unwrap_or(Value::Null)
    }

    /// The time as `2026-11-29 14:03:07.512` (UTC).
    pub fn time(&self) -> String {
        crate::audit::store::format_time(self.at)
    }
}

/// Lower-case hex of a hash.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}
