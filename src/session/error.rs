//! The sessions' errors: why an input was not taken (`InputError`), and what in the log
//! does not hold when it is read back (`ReplayError`; an event's fault typed as
//! `EventFault`, never its text). Shared by both games and the replay.

use crate::codes::{Denied, NotNow, NotNowCode, PontisRefusalCode, RefusalCode};
use crate::engine::pontis::{
    PlayError, PlayWordsError, PontisRulesError, SetupError as GameSetupError,
};
use crate::engine::{Round, RulesError, SetupError, StepError, shown};
use crate::log::AuditError;
use crate::script::{ScriptError, StepWordsError};
use crate::session::money::Fault as MoneyFault;
use crate::session::money_log::SignerFault;
use crate::session::money_signed::SignedError;
use crate::session::settings::SettingFault;
use crate::session::users::UsersRowError;

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
        why: Box<EventFault>,
    },
    #[error("round {round}: the logged settlement does not match the replay of its inputs: {why}")]
    Mismatch { round: i64, why: String },
    #[error("users: {0}")]
    Users(UsersRowError),
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

/// What one logged event does not hold (`ReplayError::Event`), carrying what was wrong:
/// the reader's, the engine's or the settings replay's own typed error where one said
/// it (never its text). The English `Display` is what `verify` prints.
#[derive(Debug, thiserror::Error)]
pub enum EventFault {
    #[error("its data does not read as a {kind} event: {error}")]
    Data {
        kind: &'static str,
        error: serde_json::Error,
    },
    #[error("no table")]
    NoTable,
    #[error("table {0} was never opened")]
    TableNeverOpened(i64),
    #[error("Pontis table {0} was never opened")]
    PontisTableNeverOpened(i64),
    #[error("Pontis table {0} is closed: nothing is played there")]
    PontisTableClosed(String),
    #[error("a Pontoon table opened with a Pontis table's id")]
    PontoonOnPontisId,
    #[error("a Pontis table opened with a Pontoon table's id")]
    PontisOnPontoonId,
    #[error("a Pontoon event at a Pontis table")]
    PontoonEventAtPontis,
    #[error("{0}")]
    Rules(RulesError),
    #[error("{0}")]
    PontisRules(PontisRulesError),
    /// The logged limits, or the logged bets under the table's rules and limits.
    #[error("{0}")]
    Setup(SetupError),
    #[error("{0}")]
    GameSetup(GameSetupError),
    #[error("rules or limits changed with a round in play")]
    RulesChangedInRound,
    #[error("rules changed with a game in play")]
    RulesChangedInGame,
    #[error("new shoe with a round in play")]
    ShoeInRound,
    #[error("no round number")]
    NoRoundNumber,
    #[error("a round started while another is in play")]
    RoundOverRound,
    #[error("a game started while another is in play")]
    GameOverGame,
    #[error("game {logged} started, but the next game is {next}")]
    GameNumber { logged: i64, next: i64 },
    #[error("the game's rules are not its table's")]
    GameRulesNotTables,
    #[error("the dealer is not one of the players")]
    DealerNotPlaying,
    #[error("bad bets")]
    BadBets,
    #[error("an input with no round in play")]
    InputWithoutRound,
    #[error("no Pontis game in play at this table")]
    NoGameInPlay,
    #[error(
        "Pontis game {0} is over (its last play ended it): its end must come next at this table"
    )]
    GameOverAwaitingEnd(i64),
    #[error("{0}")]
    StepWords(StepWordsError),
    #[error("{0}")]
    PlayWords(PlayWordsError),
    #[error("the engine refuses \"{text}\" here: {refusal}")]
    StepRefused { text: String, refusal: StepError },
    #[error("the engine refuses \"{text}\" here: {refusal}")]
    PlayRefused { text: String, refusal: PlayError },
    #[error("an undo with no round in play")]
    UndoWithoutRound,
    #[error("an undo with nothing to undo")]
    NothingToUndo,
    #[error("the undo says it takes back \"{logged}\", but the last input is \"{last}\"")]
    UndoOfOther { logged: String, last: String },
    #[error(
        "logged as a line the input ended in the middle of, but its reason is \"{reason}\", not the feed's \"{want}\""
    )]
    UnendedReason { reason: String, want: String },
    #[error("\"{text}\" is logged as refused, but the engine accepts it here")]
    RefusedButAccepted { text: String },
    #[error(
        "\"{text}\" is logged as refused with code {logged:?}, but the engine refuses it here with {engine:?}"
    )]
    RefusalCodeDiffers {
        text: String,
        logged: RefusalCode,
        engine: RefusalCode,
    },
    #[error(
        "\"{text}\" is logged as refused with code {logged:?}, but the engine's refusal here is {}",
        .engine.as_ref().map_or_else(|| "none (no game is in play)".to_string(), |w| format!("{w:?}"))
    )]
    PontisRefusalCodeDiffers {
        text: String,
        logged: PontisRefusalCode,
        engine: Option<PontisRefusalCode>,
    },
    #[error("a settlement with no round in play")]
    SettlementWithoutRound,
    #[error("settles round {settles:?}, but round {in_play} is in play")]
    SettlesOtherRound { settles: Option<i64>, in_play: i64 },
    #[error("a game's end with no game in play")]
    EndWithoutGame,
    #[error("{0}")]
    Script(ScriptError),
    #[error("{0}")]
    NoGameScript(BankNeverTurned),
    #[error("{0}")]
    Role(Denied),
    #[error("{0}")]
    Setting(SettingFault),
    #[error("{0}")]
    Signer(SignerFault),
    #[error("a drop for shift {shift}, but a gaming day has shifts 1 to {shifts}")]
    DropShift { shift: u8, shifts: u8 },
    #[error("{0}")]
    Money(MoneyFault),
    #[error("its random value \"{}\" is not 32 hex digits", shown(.0))]
    Random(String),
}

/// A game that ended before a player's bank card was turned up: no game script holds it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{player}'s bank card was never turned up, and a game script needs every bank card")]
pub struct BankNeverTurned {
    pub player: String,
}

/// The event's fault, with its place in the log.
pub(crate) fn event_fault(e: &crate::log::event::Event, why: EventFault) -> ReplayError {
    ReplayError::Event {
        seq: e.seq,
        kind: e.kind.name(),
        why: Box::new(why),
    }
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
