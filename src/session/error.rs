//! The sessions' errors: why an input was not taken (`InputError`), and what in the log
//! does not hold when it is read back (`ReplayError`; an event's fault typed as
//! `EventFault`, never its text). Shared by both games and the replay.

use crate::codes::{Denied, NotNow, NotNowCode, PontisRefusalCode, RefusalCode};
use crate::engine::pontis::{
    PlayError, PlayWordsError, PontisRulesError, SetupError as GameSetupError,
};
use crate::engine::{
    Expecting, Money, Round, RoundFigures, RulesError, SetupError, StepError, shown,
};
use crate::log::AuditError;
use crate::log::payload::{NetData, Payload, PontisEnded};
use crate::log::structure::StructureError;
use crate::log::totals::TotalsDiffer;
use crate::script::{ScriptError, StepWordsError};
use crate::session::kept_theory::KeptTheoryFault;
use crate::session::money::Fault as MoneyFault;
use crate::session::money_log::{MoneyError, SignerFault};
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
    Chain { seq: i64, why: ChainBreak },
    #[error("event {seq} ({kind}): {why}")]
    Event {
        seq: i64,
        kind: &'static str,
        why: Box<EventFault>,
    },
    #[error("round {round}: the logged settlement does not match the replay of its inputs: {why}")]
    Mismatch { round: i64, why: Discrepancy },
    #[error("users: {0}")]
    Users(UsersRowError),
    /// The kept totals (`round_totals`) are not what the events make them.
    #[error(
        "the kept totals differ from what the events make them ({0}): the table round_totals was changed outside Croupier, and the reports that read it cannot be trusted"
    )]
    Totals(TotalsDiffer),
    /// A kept round row (`round_rows`, schema 12) is not what the round's events make it.
    #[error(
        "round {round}: its kept row in round_rows {why}: the table was changed outside Croupier, and the rounds report that reads it cannot be trusted"
    )]
    Rows { round: i64, why: RowDiffer },
    /// A kept theory (`kept_theories`) is not what the lab solves of its rules.
    #[error("{0}")]
    KeptTheory(KeptTheoryFault),
    #[error(
        "the file's structure is damaged (SQLite's integrity check: {0}); nothing read from it can be trusted: restore it from a copy, or compare it with the floor"
    )]
    Damaged(Damage),
    /// The file's schema is not as Croupier made it (its append-only triggers dropped,
    /// altered or added to): the log could have been edited in place.
    #[error(
        "the file's schema is not as Croupier made it ({0}): its log could have been edited in place; compare it with the floor or a head kept from before"
    )]
    Schema(StructureError),
    #[error(transparent)]
    Store(#[from] AuditError),
}

/// How a kept row differs from the one its round's events make (`verify`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RowDiffer {
    #[error("is missing")]
    Missing,
    #[error("is kept, but no settlement of the log made it")]
    Extra,
    #[error("does not read as a row")]
    Unreadable,
    /// The field (`bets`, `inputs`, `nets`, `boxes`) that first differs.
    #[error("differs from its events in its {0}")]
    Field(&'static str),
}

/// How the hash chain is broken (`ReplayError::Chain`): what was found where it was
/// found (hashes as the log shows them, in hex). The English is what `verify` prints.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChainBreak {
    /// The seqs skip or repeat.
    #[error("expected event {expected} next, found {found}")]
    Gap { expected: i64, found: i64 },
    /// A step keeps 8 bytes of its hash, every other event all 32.
    #[error("its stored hash {stored} has the wrong length for a {kind} event")]
    HashLength { stored: String, kind: &'static str },
    #[error("stored hash {stored} but its content hashes to {computed}")]
    Hash { stored: String, computed: String },
    /// The checked chain ends before the log's last event.
    #[error("the chain does not reach the last event")]
    ShortOfHead,
    /// A kept head (`--expect-head`) beyond the log's end: the file was cut short.
    #[error("the kept head names event {seq}, but the log ends at event {last}")]
    HeadPastEnd { seq: i64, last: i64 },
    /// A kept head's hash is not the chain's at its seq: the file was rewritten.
    #[error("the kept head has hash {kept} at event {seq}, the file's chain has {found}")]
    HeadHash {
        seq: i64,
        kept: String,
        found: String,
    },
}

/// What a logged settlement, correction or game end does not hold against the replay of
/// its inputs (`ReplayError::Mismatch`), with the logged and replayed values.
#[derive(Debug, thiserror::Error)]
pub enum Discrepancy {
    #[error(
        "logged a decisions' cost of {logged} millionths of a cent, the replay's is {replayed}"
    )]
    Cost { logged: i64, replayed: i64 },
    #[error(
        "logged a decisions' cost of {logged} millionths of a cent, but its rules have no costs"
    )]
    CostWithoutCosts { logged: i64 },
    /// `round_figures` keeps another decision cost than the settlement logged.
    #[error(
        "its row in round_figures keeps a decisions' cost (cost) of {}, its settlement logged {} (millionths of a cent; the table was changed by hand)",
        cost_text(*.kept),
        cost_text(*.logged)
    )]
    KeptCost {
        kept: Option<i64>,
        logged: Option<i64>,
    },
    /// The floor's row of a settled round holds another decision cost than its settlement
    /// logged.
    #[error(
        "the floor's row of it holds a decisions' cost of {}, its settlement logged {} (millionths of a cent)",
        cost_text(*.kept),
        cost_text(*.logged)
    )]
    FloorCost {
        kept: Option<i64>,
        logged: Option<i64>,
    },
    #[error("the correction's logged settlement does not match its script")]
    Correction,
    /// Logged as settled while the replayed round still wants an input.
    #[error("logged as settled, but the replay still expects {0}")]
    StillInPlay(Box<Expecting>),
    #[error("logged {}, replay gives {}", nets_text(.logged), nets_text(.replayed))]
    Nets {
        logged: Vec<NetData>,
        replayed: Vec<NetData>,
    },
    #[error("{0}")]
    Figures(Box<FiguresDiffer>),
    /// A figure the settlement's own text logs is not the replay's (the floor derives its
    /// rounds from the text).
    #[error(
        "logged {figure} {}, the replay gives {}",
        figure.shown(*.logged),
        figure.shown(*.replayed)
    )]
    Figure {
        figure: SettledFigure,
        logged: i64,
        replayed: i64,
    },
    #[error("round_figures has a row that no settlement in the log wrote")]
    ExtraFigures,
    /// The round's logged bets (its exported script) do not start a round.
    #[error("its logged bets do not start a round: {0}")]
    Bets(Box<ScriptError>),
    #[error("Pontis game {0}: its last play ended it, but the log has no end for it")]
    GameNotEnded(i64),
    #[error(
        "Pontis game {game}: logged end {}, the replay gives {}",
        Payload::PontisEnded(.logged.as_ref().clone()).to_text(),
        Payload::PontisEnded(.replayed.as_ref().clone()).to_text()
    )]
    GameEnd {
        game: i64,
        logged: Box<PontisEnded>,
        replayed: Box<PontisEnded>,
    },
}

/// One figure a settlement logs (a [`RoundFigures`] field), held to the replay's
/// (`Discrepancy::Figure`); its `Display` is its name in the settlement's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettledFigure {
    Handle,
    Paid,
    HouseNet,
    MaxNet,
    InsuranceTaken,
    InsurancePaid,
    EvenMoney,
    Splits,
    Buys,
    Pontoons,
    FiveCardTricks,
    ThreeOfAKinds,
    Surrenders,
}

impl SettledFigure {
    /// Every figure, in the order the settlement's text logs them.
    pub const ALL: [SettledFigure; 13] = [
        Self::HouseNet,
        Self::Handle,
        Self::Paid,
        Self::InsuranceTaken,
        Self::InsurancePaid,
        Self::EvenMoney,
        Self::Splits,
        Self::Buys,
        Self::Pontoons,
        Self::FiveCardTricks,
        Self::ThreeOfAKinds,
        Self::Surrenders,
        Self::MaxNet,
    ];

    /// Its name in a settlement's text.
    pub fn name(self) -> &'static str {
        match self {
            Self::Handle => "handle",
            Self::Paid => "paid",
            Self::HouseNet => "house_net",
            Self::MaxNet => "max_net",
            Self::InsuranceTaken => "insurance_taken",
            Self::InsurancePaid => "insurance_paid",
            Self::EvenMoney => "even_money",
            Self::Splits => "splits",
            Self::Buys => "buys",
            Self::Pontoons => "pontoons",
            Self::FiveCardTricks => "five_card_tricks",
            Self::ThreeOfAKinds => "three_of_a_kinds",
            Self::Surrenders => "surrenders",
        }
    }

    /// Its value in `f`: cents for an amount, else the count.
    pub fn of(self, f: &RoundFigures) -> i64 {
        match self {
            Self::Handle => f.handle.cents(),
            Self::Paid => f.paid.cents(),
            Self::HouseNet => f.house_net.cents(),
            Self::MaxNet => f.max_net.cents(),
            Self::InsuranceTaken => f.insurance_taken.cents(),
            Self::InsurancePaid => f.insurance_paid.cents(),
            Self::EvenMoney => f.even_money.into(),
            Self::Splits => f.splits.into(),
            Self::Buys => f.buys.into(),
            Self::Pontoons => f.pontoons.into(),
            Self::FiveCardTricks => f.five_card_tricks.into(),
            Self::ThreeOfAKinds => f.three_of_a_kinds.into(),
            Self::Surrenders => f.surrenders.into(),
        }
    }

    /// A value of it as a message writes it: an amount as money, a count as a number.
    fn shown(self, v: i64) -> String {
        match self {
            Self::Handle
            | Self::Paid
            | Self::HouseNet
            | Self::MaxNet
            | Self::InsuranceTaken
            | Self::InsurancePaid => Money::from_cents(v).to_string(),
            _ => v.to_string(),
        }
    }
}

impl std::fmt::Display for SettledFigure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A cost as a message writes it: its number, or "none".
fn cost_text(c: Option<i64>) -> String {
    c.map_or_else(|| "none".to_string(), |c| c.to_string())
}

/// Nets as the log writes them, `[{"id":"1a","net":20}]`, for messages.
pub(crate) fn nets_text(nets: &[NetData]) -> String {
    serde_json::to_string(nets).unwrap_or_default()
}

/// Where a settlement's figures were read from, to be compared with the replay's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FiguresFrom {
    /// The settlement's own data (what the floor reads from it).
    Data,
    /// The file's `round_figures` table.
    Table,
}

/// A settlement's logged figures (`None`: none logged) that are not the replay's:
/// seq, round, time, table, user (-1 for none), then the ten figures (`figures_row`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FiguresDiffer {
    pub logged: Option<[i64; 15]>,
    pub replayed: [i64; 15],
    pub from: FiguresFrom,
}

impl FiguresDiffer {
    /// The names of a figures row's places, as `verify` words them.
    pub const NAMES: [&'static str; 15] = [
        "seq",
        "round",
        "time",
        "table",
        "user",
        "handle",
        "paid",
        "house win",
        "max net",
        "insurance taken",
        "insurance paid",
        "splits",
        "buys",
        "pontoons",
        "five-card tricks",
    ];
}

impl std::fmt::Display for FiguresDiffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let want = &self.replayed;
        match (self.from, &self.logged) {
            (FiguresFrom::Table, Some(row)) => write!(
                f,
                "its row in round_figures {row:?} differs from the replay's figures {want:?} (the table was changed by hand)"
            ),
            (FiguresFrom::Table, None) => f.write_str("it has no row in round_figures"),
            (FiguresFrom::Data, None) => f.write_str("it has no logged figures"),
            (FiguresFrom::Data, Some(row)) => {
                let shown = |i: usize, v: i64| {
                    if (5..11).contains(&i) {
                        crate::engine::Money::from_cents(v).to_string()
                    } else {
                        v.to_string()
                    }
                };
                let diff: Vec<String> = (0..15)
                    .filter(|&i| row[i] != want[i])
                    .map(|i| {
                        format!(
                            "{} logged {}, the replay gives {}",
                            Self::NAMES[i],
                            shown(i, row[i]),
                            shown(i, want[i])
                        )
                    })
                    .collect();
                write!(f, "its logged figures differ: {}", diff.join("; "))
            }
        }
    }
}

/// The file's structure damaged (`ReplayError::Damaged`): what SQLite or the index check
/// found, or the structure check's thread failing.
#[derive(Debug, thiserror::Error)]
pub enum Damage {
    #[error("{0}")]
    Structure(StructureError),
    #[error("the structure check's thread failed: {message}")]
    CheckFailed { message: String },
    /// An index of `events` does not hold what the rows say it must.
    #[error("the index {index} does not hold what the events table holds")]
    Index { index: &'static str },
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
    /// A round started at an id other than the next (rounds are numbered 1, 2, 3… as they
    /// start, whatever their table; `after` 0: no round before it): a replay from the
    /// first event wants exactly the next (`exact`), any other replay an id above the
    /// last. Below the last, the floor's auditor cannot place its `round_starts` row
    /// either (`floor::audit::starts`); above the next, a round is missing.
    #[error("{}", round_order_words(*round, *after, *exact))]
    RoundOutOfOrder { round: i64, after: i64, exact: bool },
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
    /// The log could not be read back into the table, its round or its money book.
    #[error("{0}")]
    Log(Box<LogFault>),
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
            other => LogFault::Replay(other).into(),
        }
    }
}

impl From<LogFault> for InputError {
    fn from(e: LogFault) -> InputError {
        InputError::Log(Box::new(e))
    }
}

/// What kept the log from being read back into a table, its round or its money book (a
/// damaged or foreign log, or the book's refusal: for a supervisor, not a dealer's
/// refusal), as the replay or the book typed it. The English is theirs.
#[derive(Debug, thiserror::Error)]
pub enum LogFault {
    #[error("{0}")]
    Replay(ReplayError),
    #[error("{0}")]
    Money(MoneyError),
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
    /// The feed's line needed the log read back, and it could not be; what was expected.
    #[error("{why}; expected {expected}")]
    Log {
        why: Box<LogFault>,
        expected: String,
    },
    /// A correction's inputs do not replay the round: the step the engine refused (its
    /// typed refusal, or the reader's, with what the round expected), or the bets.
    #[error("{0}")]
    CorrectionUnplayable(Box<ScriptError>),
    /// A correction's inputs leave the round unfinished; what it wants next.
    #[error("the corrected inputs do not finish the round: next {next}")]
    CorrectionUnfinished { next: Box<Expecting> },
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
            // Logged, as ever, among the "not now" refusals by its English words.
            Refused::Log { why, .. } => Some(RefusalCode::NotNow {
                why: NotNowCode::Other(why.to_string()),
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

/// `EventFault::RoundOutOfOrder` in words: round `round` started after round `after` (0:
/// none before it), against the rule the replay holds (`exact`: the next id).
fn round_order_words(round: i64, after: i64, exact: bool) -> String {
    const RULE: &str = "rounds are numbered 1, 2, 3… as they start, whatever their table";
    match (exact, after) {
        (true, 0) => format!("round {round} started first: {RULE}, so the first is round 1"),
        (true, _) => format!(
            "round {round} started after round {after}: {RULE}, so the next is round {}",
            after.saturating_add(1)
        ),
        (false, _) => format!(
            "round {round} started after round {after}: {RULE}, so a round's id is above every round started before it"
        ),
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
