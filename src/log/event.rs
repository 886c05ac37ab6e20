//! The kinds of event the log holds, and the envelope every event shares. One closed enum:
//! a kind the code does not know is a corrupt log, not something to skip.

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
    /// A Pontis table opened with its rules (schema 5 on).
    PontisOpened,
    /// A Pontis game began: its number, players, dealer and rules.
    PontisStarted,
    /// An accepted referee input of a Pontis game (a bank card, a play, a pass), as
    /// game-script text.
    PontisPlay,
    /// A refused referee input, with why.
    PontisRefused,
    /// The last accepted input of the game in play was taken back.
    PontisUndo,
    /// A Pontis game's end: how, the winners and every bank's score.
    PontisEnded,
    /// A setting changed (schema 6 on): the database's currency or a user's language,
    /// and who changed it.
    SettingChanged,
    /// The table's money (schema 7 on): the chip set, a par, the cash threshold, a tray
    /// count, a fill or credit slip, a slip's void, cash at the table, a drop count.
    Money,
    /// A user's PIN reset or role changed (schema 9 on), by whom; a PIN as the digest of
    /// its kept hash only.
    UserChanged,
}

impl EventKind {
    pub(crate) const ALL: [EventKind; 26] = [
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
        EventKind::PontisOpened,
        EventKind::PontisStarted,
        EventKind::PontisPlay,
        EventKind::PontisRefused,
        EventKind::PontisUndo,
        EventKind::PontisEnded,
        EventKind::SettingChanged,
        EventKind::Money,
        EventKind::UserChanged,
    ];

    /// The kinds schema 4 knew; schema 5 adds the Pontis kinds after them.
    pub(crate) const SCHEMA_4_KINDS: usize = 17;
    /// The kinds schema 5 knew; schema 6 adds `setting_changed` after them.
    pub(crate) const SCHEMA_5_KINDS: usize = 23;
    /// The kinds schema 6 knew; schema 7 adds `money` after them.
    pub(crate) const SCHEMA_6_KINDS: usize = 24;
    /// The kinds schema 7 (and 8) knew; schema 9 adds `user_changed` after them.
    pub(crate) const SCHEMA_7_KINDS: usize = 25;

    pub(crate) const fn name(self) -> &'static str {
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
            EventKind::PontisOpened => "pontis_opened",
            EventKind::PontisStarted => "pontis_started",
            EventKind::PontisPlay => "pontis_play",
            EventKind::PontisRefused => "pontis_refused",
            EventKind::PontisUndo => "pontis_undo",
            EventKind::PontisEnded => "pontis_ended",
            EventKind::SettingChanged => "setting_changed",
            EventKind::Money => "money",
            EventKind::UserChanged => "user_changed",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<EventKind> {
        EventKind::ALL.iter().copied().find(|k| k.name() == name)
    }

    /// The kind's number in the `kind` column (schema 4): its place in `ALL`, from 1.
    /// The `event_kinds` table of the file lists them with their names.
    /// Codes are stored: a new kind goes at the end of the enum and of `ALL`.
    pub(crate) const fn code(self) -> i64 {
        self as i64 + 1
    }

    pub(crate) fn from_code(code: i64) -> Option<EventKind> {
        usize::try_from(code - 1)
            .ok()
            .and_then(|i| EventKind::ALL.get(i).copied())
    }
}

/// The stored copy of an event's chain hash: all 32 bytes, or the first 8 of a `step`
/// row (see `pack`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Check {
    Full([u8; 32]),
    Prefix([u8; 8]),
}

impl Check {
    /// Whether a computed hash is the one stored.
    pub(crate) fn matches(&self, hash: &[u8; 32]) -> bool {
        match self {
            Check::Full(h) => h == hash,
            Check::Prefix(p) => hash.starts_with(p),
        }
    }

    pub(crate) fn from_bytes(b: &[u8]) -> Option<Check> {
        match b.len() {
            32 => <[u8; 32]>::try_from(b).ok().map(Check::Full),
            8 => <[u8; 8]>::try_from(b).ok().map(Check::Prefix),
            _ => None,
        }
    }

    pub(crate) fn hex(&self) -> String {
        match self {
            Check::Full(h) => hex(h),
            Check::Prefix(p) => format!("{}…", hex(p)),
        }
    }
}

/// One logged event.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// 1, 2, 3, … without gaps.
    pub(crate) seq: i64,
    /// Milliseconds since the Unix epoch, UTC.
    pub at: i64,
    pub kind: EventKind,
    pub(crate) table: Option<i64>,
    pub(crate) user: Option<i64>,
    pub round: Option<i64>,
    /// The details, as canonical JSON text (what was hashed).
    pub data: String,
    /// The stored check of its SHA-256 chain hash (over the previous event's hash and this
    /// event's content).
    pub(crate) check: Check,
}

impl Event {
    /// An event to be filled in, row after row, by a reader that reuses its buffer.
    pub(crate) fn blank() -> Event {
        Event {
            seq: 0,
            at: 0,
            kind: EventKind::Created,
            table: None,
            user: None,
            round: None,
            data: String::new(),
            check: Check::Full([0; 32]),
        }
    }
}

/// Lower-case hex of a hash.
pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_places_in_all_and_round_trip() {
        for (i, k) in EventKind::ALL.iter().enumerate() {
            assert_eq!(k.code(), i as i64 + 1, "{k:?}");
            assert_eq!(EventKind::from_code(k.code()), Some(*k));
            assert_eq!(EventKind::from_name(k.name()), Some(*k));
        }
        assert_eq!(EventKind::from_code(0), None);
        assert_eq!(EventKind::from_code(27), None);
        assert_eq!(
            EventKind::UserChanged.code(),
            26,
            "a stored code never changes"
        );
        assert_eq!(EventKind::Money.code(), 25, "a stored code never changes");
        assert_eq!(
            EventKind::SettingChanged.code(),
            24,
            "a stored code never changes (the floor relies on it)"
        );
        assert_eq!(
            EventKind::PontisOpened.code(),
            18,
            "a stored code never changes"
        );
        assert_eq!(EventKind::Step.code(), 12, "a stored code never changes");
    }
}
