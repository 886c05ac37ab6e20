//! The closed vocabularies the sessions return and `i18n` says in words: languages, roles,
//! and the refusals' codes with their values (who may not do what, what is not possible
//! now). Neutral: imports the engine only, so the log, the sessions and i18n all use it.

use crate::engine::pontis::{CardGone, Lay, Need, PlayRefusal, Top};
use crate::engine::{BetIx, Card, DeckCard, ImpossibleCard, Refusal, Round, SetupError};

mod store;
pub use store::{LogRefusal, StoreCode};

/// A language of the screens and reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    En,
    Cs,
    Uk,
    Ru,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Cs, Lang::Uk, Lang::Ru];

    /// The BCP 47 code: `en`, `cs`, `uk`, `ru`. This is what is stored and typed.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Cs => "cs",
            Lang::Uk => "uk",
            Lang::Ru => "ru",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    Dealer,
    Supervisor,
    Admin,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Dealer => "dealer",
            Role::Supervisor => "supervisor",
            Role::Admin => "admin",
        }
    }

    pub(crate) fn parse(s: &str) -> Result<Role, Denied> {
        match s {
            "dealer" => Ok(Role::Dealer),
            "supervisor" => Ok(Role::Supervisor),
            "admin" => Ok(Role::Admin),
            _ => Err(Denied::NotARole(s.to_string())),
        }
    }

    /// Supervisors (and admins): void or correct settled rounds, change rules or limits,
    /// unlock users, export.
    pub(crate) fn supervises(self) -> bool {
        self >= Role::Supervisor
    }
}

/// Why the store refused a person's request about users or settings: each with what a
/// message needs, so a screen says it in its language (`i18n::errors::denied`); the
/// English `Display` is what the CLI reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Denied {
    #[error("\"{0}\" is not a role: expected dealer, supervisor or admin")]
    NotARole(String),
    #[error("user name \"{}\": {why}", crate::engine::shown(.name))]
    BadName { name: String, why: NameProblem },
    #[error("{} {}'s PIN is {min} to 12 digits", article(.role), .role.name())]
    PinLength { role: Role, min: usize },
    #[error("the first user must be an admin (--role admin)")]
    FirstMustBeAdmin,
    #[error("adding a user needs an admin or supervisor to confirm (--by NAME, with their PIN)")]
    AddNeedsConfirmation,
    #[error("{by} ({}) may not add a {}: admins add anyone, supervisors add dealers", .by_role.name(), .role.name())]
    MayNotAdd {
        by: String,
        by_role: Role,
        role: Role,
    },
    #[error("a user named \"{0}\" already exists")]
    UserExists(String),
    #[error("{0} is a dealer: only a supervisor may unlock a user")]
    DealerCannotUnlock(String),
    #[error("no user named \"{0}\"")]
    NoSuchUser(String),
    #[error("{0} is not locked")]
    NotLocked(String),
    #[error("{by} ({}) may not reset a {}'s PIN: admins reset anyone's, supervisors a dealer's", .by_role.name(), .role.name())]
    MayNotResetPin {
        by: String,
        by_role: Role,
        role: Role,
    },
    #[error("{by} ({}) may not change a user's role: only an admin may", .by_role.name())]
    OnlyAdminSetsRoles { by: String, by_role: Role },
    #[error("{name} is already a {}", .role.name())]
    SameRole { name: String, role: Role },
    #[error("{0} is the last admin: make another user an admin first")]
    LastAdmin(String),
    #[error("{name} may become {} {} only with a new PIN of {min} to 12 digits (the PIN they have may be shorter): `user role` reads the new PIN, then the admin's", article(.role), .role.name())]
    PromotionNeedsPin {
        name: String,
        role: Role,
        min: usize,
    },
    #[error("{0} is locked now: a supervisor must unlock the account before they act again")]
    LockedNow(String),
    #[error("{0} is a dealer: only a supervisor or an admin may set the table's currency")]
    DealerCannotSetCurrency(String),
    #[error(
        "the currency is {0} and rounds are logged in it: a database keeps one currency (amounts are never converted); a table that changes currency starts a new database"
    )]
    CurrencyFixed(crate::engine::Currency),
    #[error(
        "{0} is a dealer: only a supervisor or an admin may set the gaming day's time zone and shifts"
    )]
    DealerCannotSetCalendar(String),
    #[error("{by} ({}) may not set {user}'s language: users set their own, supervisors a dealer's, admins anyone's", .by_role.name())]
    MayNotSetLanguage {
        by: String,
        by_role: Role,
        user: String,
    },
}

fn article(role: &Role) -> &'static str {
    if *role == Role::Admin { "an" } else { "a" }
}

/// What is wrong with a user's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NameProblem {
    #[error("expected a person's name of 2 to 40 characters")]
    Length,
    #[error("expected letters, spaces, hyphens or apostrophes only (a person's name)")]
    Letters,
    #[error("shared or generic accounts are not allowed: every user logs in as themselves")]
    Generic,
}

/// Which game a table plays: a name is one table of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableGame {
    Pontoon,
    Pontis,
}

impl TableGame {
    /// The other game (whose tables' names this game's tables may not take).
    pub fn other(self) -> TableGame {
        match self {
            TableGame::Pontoon => TableGame::Pontis,
            TableGame::Pontis => TableGame::Pontoon,
        }
    }
    fn other_games_name(self, name: &str) -> String {
        match self {
            TableGame::Pontis => {
                format!("\"{name}\" is a Pontis table: give the Pontoon table another name")
            }
            TableGame::Pontoon => {
                format!("\"{name}\" is a Pontoon table: give the Pontis table another name")
            }
        }
    }
    fn rules_need_supervisor(self, name: &str) -> String {
        match self {
            TableGame::Pontoon => format!(
                "table {name} has other rules or limits: only a supervisor may change them (open it with its current rules, or ask a supervisor)"
            ),
            TableGame::Pontis => {
                format!("Pontis table {name} has other rules: only a supervisor may change them")
            }
        }
    }
    fn rules_while_in_play(self, name: &str) -> String {
        match self {
            TableGame::Pontoon => format!(
                "table {name} has a round in play: finish it before changing rules or limits"
            ),
            TableGame::Pontis => format!(
                "Pontis table {name} has a game in play: finish it before changing the rules"
            ),
        }
    }
}

/// Why a session did not take an input before the engine saw it: not allowed for this
/// user, or nothing to do. A closed set, so that a screen says each in its language
/// (`i18n::errors::not_now`); the English `Display` is what the CLI and the log read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotNow {
    #[error("a table needs a name")]
    NoTableName,
    /// The name is a table of the other game (`game`: the name's table's).
    #[error("{}", .game.other_games_name(.name))]
    OtherGamesTable { name: String, game: TableGame },
    /// An existing table's rules (and, for Pontoon, limits) differ: a supervisor's change.
    #[error("{}", .game.rules_need_supervisor(.name))]
    RulesNeedSupervisor { name: String, game: TableGame },
    /// An existing table's rules differ while a round or game is in play.
    #[error("{}", .game.rules_while_in_play(.name))]
    RulesWhileInPlay { name: String, game: TableGame },
    #[error("the table is not in the log")]
    TableNotInLog,
    #[error("no table named \"{name}\" in this database")]
    NoSuchTableHere { name: String },
    #[error("no table named \"{name}\"")]
    NoSuchTable { name: String },
    #[error("a round is in play: finish it before a new shoe")]
    ShoeDuringRound,
    #[error("a round is already in play")]
    RoundInPlay,
    #[error("no round in play: place the bets first")]
    NoRound,
    #[error("no round in play: a settled round is changed only by a supervisor's correction")]
    UndoSettled,
    #[error("nothing to undo in this round")]
    NothingToUndoInRound,
    #[error("a game is already in play")]
    GameInPlay,
    #[error("no game in play: start a game first")]
    NoGame,
    #[error("no game in play: an ended game is not reopened")]
    UndoEnded,
    #[error("nothing to undo in this game")]
    NothingToUndoInGame,
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("no game in play")]
    NoGameToAbandon,
    #[error("{name} is a dealer: only a supervisor may void or correct a settled round")]
    DealerCannotCorrect { name: String },
    #[error("give a reason (at least a few words): it goes into the log")]
    NoReason,
    #[error("round {round} is not settled: only settled rounds are voided or corrected")]
    NotSettled { round: i64 },
    #[error("round {round} is already voided")]
    AlreadyVoided { round: i64 },
    /// The money side is on and the table has no opening count for this gaming day.
    #[error(
        "a count is due: table {name} has no tray count for this gaming day (croupier tray --table NAME --count … --by NAME --witness NAME)"
    )]
    CountDue { name: String },
    /// Cash at a table of a database with no chip set (the money side is off).
    #[error(
        "this database has no chip set, so no cash is logged at its tables (a supervisor sets one: croupier chips --set …)"
    )]
    NoChipSet,
    /// The CLI's feed: a table it does not know needs its rules.
    #[error("{0}; give --rules PRESET to open a new table")]
    NeedsRules(Box<NotNow>),
}

/// Why an input was refused, as the log keeps it beside its English `reason`: a stable
/// code and its values, so that a screen or report says it in its own language whenever
/// it was logged. One variant per variant of the engine's typed refusal (`Refusal`,
/// `ImpossibleCard`, `SetupError`), and the reader's and the feed's; bets by id, cards as
/// the round script writes them, amounts in cents. Serialised as
/// `{"code":"bet_not_in_play","values":{"bet":"1a"}}` (`values` absent when none).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "code", content = "values", rename_all = "snake_case")]
pub enum RefusalCode {
    RoundComplete,
    CardNotWanted,
    DecisionNotWanted,
    ImpossibleRank {
        card: String,
        decks: u8,
        max: u16,
    },
    ImpossibleSuited {
        card: String,
        decks: u8,
    },
    /// The `n`-th bet (from 1) does not exist.
    NoSuchBet {
        n: usize,
    },
    BetNotInPlay {
        bet: String,
    },
    NotABackBet {
        bet: String,
    },
    BetFinished {
        bet: String,
    },
    NotOnThisHand {
        bet: String,
    },
    OffersNotOpen,
    OffersClosed,
    OfferTaken {
        bet: String,
    },
    InsuranceAmount {
        bet: String,
        max_cents: i64,
    },
    EvenMoneyNotOffered,
    NoPontoon {
        bet: String,
    },
    BuyAfterTwist,
    /// Card `n` of a hand may not be bought (the fifth: only twisted).
    CardNotBuyable {
        n: usize,
    },
    NotAPair {
        a: String,
        b: String,
    },
    SplitNeedsTwoCards,
    SplitLimit {
        n: u16,
    },
    AceSplitLimit {
        n: u16,
    },
    SplitAceNoDecision {
        decision: String,
    },
    StickBelowMinimum {
        total: u16,
        min: u8,
    },
    SurrenderNotAllowed,
    SurrenderAgainstAce,
    SurrenderTooLate,
    DeclinedTwice {
        bet: String,
    },
    NothingToDecline,
    DeclineMustPrecede,
    /// The bets would not start a round (`SetupError`, variant by variant).
    NoBets,
    NoSuchBox {
        bet: String,
        #[serde(rename = "box")]
        box_no: u8,
        boxes: u8,
    },
    DuplicateBet {
        bet: String,
    },
    StakeNotPositive {
        bet: String,
        stake_cents: i64,
    },
    BelowMinimum {
        bet: String,
        stake_cents: i64,
        min_cents: i64,
    },
    OverBoxMax {
        #[serde(rename = "box")]
        box_no: u8,
        total_cents: i64,
        max_cents: i64,
    },
    TooManyBets {
        #[serde(rename = "box")]
        box_no: u8,
        count: usize,
        max: u8,
    },
    /// The table's limits (the engine's own words, logged as they were).
    BadLimits {
        detail: String,
    },
    /// The line is not an input at all: its text is shown as typed, never translated.
    UnreadableInput,
    /// The feed's input ended in the middle of the line (no newline): never an input.
    Unended,
    /// The feed's line came when it could not be taken.
    NotNow {
        why: NotNowCode,
    },
}

/// The feed's "not now" refusals, as logged (`NotNow`, the variants a line can meet).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NotNowCode {
    RoundInPlay,
    NoRound,
    ShoeDuringRound,
    UndoSettled,
    NothingToUndoInRound,
    CountDue {
        table: String,
    },
    NoChipSet,
    /// Any other (named by its English words, shown as logged).
    Other(String),
}

/// The one table of the logged "not now" codes: each `NotNowCode` beside the `NotNow` it
/// stands for (a value's field names, the code's then the refusal's). Both directions are
/// made from it: `of` (what the log keeps) and `not_now` (what `i18n` words).
macro_rules! not_now_codes {
    ($($v:ident $({ $code:ident: $field:ident })?),* $(,)?) => {
        impl NotNowCode {
            pub(crate) fn of(n: &NotNow) -> NotNowCode {
                match n {
                    $(NotNow::$v $({ $field })? => NotNowCode::$v $({ $code: $field.clone() })?,)*
                    other => NotNowCode::Other(other.to_string()),
                }
            }

            /// The refusal a code stands for; `Other`'s English words as logged.
            pub fn not_now(&self) -> Result<NotNow, &str> {
                match self {
                    $(NotNowCode::$v $({ $code })? => Ok(NotNow::$v $({ $field: $code.clone() })?),)*
                    NotNowCode::Other(text) => Err(text),
                }
            }
        }
    };
}

not_now_codes! {
    RoundInPlay,
    NoRound,
    ShoeDuringRound,
    UndoSettled,
    NothingToUndoInRound,
    CountDue { table: name },
    NoChipSet,
}

impl RefusalCode {
    /// The round's refusal (`round`: the round that refused, naming its bets), 1:1.
    pub(crate) fn of_step(round: &Round, r: &Refusal) -> RefusalCode {
        use RefusalCode as C;
        let bet = |b: &BetIx| {
            if *b < round.bet_count() {
                round.bet_id(*b).to_string()
            } else {
                format!("#{}", b + 1)
            }
        };
        match r {
            Refusal::RoundComplete => C::RoundComplete,
            Refusal::CardNotWanted => C::CardNotWanted,
            Refusal::DecisionNotWanted => C::DecisionNotWanted,
            Refusal::Impossible(e) => C::of_impossible(e),
            Refusal::NoSuchBet(b) => C::NoSuchBet { n: b + 1 },
            Refusal::BetNotInPlay(b) => C::BetNotInPlay { bet: bet(b) },
            Refusal::NotABackBet(b) => C::NotABackBet { bet: bet(b) },
            Refusal::BetFinished(b) => C::BetFinished { bet: bet(b) },
            Refusal::NotOnThisHand(b) => C::NotOnThisHand { bet: bet(b) },
            Refusal::OffersNotOpen => C::OffersNotOpen,
            Refusal::OffersClosed => C::OffersClosed,
            Refusal::OfferTaken(b) => C::OfferTaken { bet: bet(b) },
            Refusal::InsuranceAmount { bet: b, max } => C::InsuranceAmount {
                bet: bet(b),
                max_cents: max.cents(),
            },
            Refusal::EvenMoneyNotOffered => C::EvenMoneyNotOffered,
            Refusal::NoPontoon(b) => C::NoPontoon { bet: bet(b) },
            Refusal::BuyAfterTwist => C::BuyAfterTwist,
            Refusal::CardNotBuyable(n) => C::CardNotBuyable { n: *n },
            Refusal::NotAPair(a, b) => C::NotAPair {
                a: a.to_string(),
                b: b.to_string(),
            },
            Refusal::SplitNeedsTwoCards => C::SplitNeedsTwoCards,
            Refusal::SplitLimit(n) => C::SplitLimit { n: *n },
            Refusal::AceSplitLimit(n) => C::AceSplitLimit { n: *n },
            Refusal::SplitAceNoDecision(d) => C::SplitAceNoDecision {
                decision: d.word().to_string(),
            },
            Refusal::StickBelowMinimum { total, min } => C::StickBelowMinimum {
                total: *total,
                min: *min,
            },
            Refusal::SurrenderNotAllowed => C::SurrenderNotAllowed,
            Refusal::SurrenderAgainstAce => C::SurrenderAgainstAce,
            Refusal::SurrenderTooLate => C::SurrenderTooLate,
            Refusal::DeclinedTwice(b) => C::DeclinedTwice { bet: bet(b) },
            Refusal::NothingToDecline => C::NothingToDecline,
            Refusal::DeclineMustPrecede => C::DeclineMustPrecede,
        }
    }

    /// Whether the round gives this code (a step refused by `Round::check`), so that a
    /// replay can ask the engine for it again.
    pub(crate) fn is_round(&self) -> bool {
        use RefusalCode as C;
        !matches!(
            self,
            C::NoBets
                | C::NoSuchBox { .. }
                | C::DuplicateBet { .. }
                | C::StakeNotPositive { .. }
                | C::BelowMinimum { .. }
                | C::OverBoxMax { .. }
                | C::TooManyBets { .. }
                | C::BadLimits { .. }
                | C::UnreadableInput
                | C::Unended
                | C::NotNow { .. }
        )
    }

    pub(crate) fn of_impossible(e: &ImpossibleCard) -> RefusalCode {
        match e {
            ImpossibleCard::Rank {
                card, decks, max, ..
            } => RefusalCode::ImpossibleRank {
                card: card.to_string(),
                decks: *decks,
                max: *max,
            },
            ImpossibleCard::Suited { card, decks } => RefusalCode::ImpossibleSuited {
                card: card.to_string(),
                decks: *decks,
            },
        }
    }

    /// Why the bets would not start a round, 1:1.
    pub(crate) fn of_setup(e: &SetupError) -> RefusalCode {
        use RefusalCode as C;
        match e {
            SetupError::NoBets => C::NoBets,
            SetupError::NoSuchBox { id, box_no, boxes } => C::NoSuchBox {
                bet: id.to_string(),
                box_no: *box_no,
                boxes: *boxes,
            },
            SetupError::DuplicateId(id) => C::DuplicateBet {
                bet: id.to_string(),
            },
            SetupError::StakeNotPositive { id, stake } => C::StakeNotPositive {
                bet: id.to_string(),
                stake_cents: stake.cents(),
            },
            SetupError::BelowMinimum { id, stake, min } => C::BelowMinimum {
                bet: id.to_string(),
                stake_cents: stake.cents(),
                min_cents: min.cents(),
            },
            SetupError::OverBoxMax { box_no, total, max } => C::OverBoxMax {
                box_no: *box_no,
                total_cents: total.cents(),
                max_cents: max.cents(),
            },
            SetupError::TooManyBets { box_no, count, max } => C::TooManyBets {
                box_no: *box_no,
                count: *count,
                max: *max,
            },
            SetupError::BadLimits(detail) => C::BadLimits {
                detail: detail.clone(),
            },
            SetupError::Seen(e) => C::of_impossible(e),
        }
    }

    /// One of each variant, with values (for the tests that word every code; `covers`
    /// makes a new variant a compile error until it is named there, and so here).
    #[doc(hidden)]
    pub fn examples() -> Vec<RefusalCode> {
        use RefusalCode as C;
        let by_bet: [fn(String) -> RefusalCode; 8] = [
            |bet| C::BetNotInPlay { bet },
            |bet| C::NotABackBet { bet },
            |bet| C::BetFinished { bet },
            |bet| C::NotOnThisHand { bet },
            |bet| C::OfferTaken { bet },
            |bet| C::NoPontoon { bet },
            |bet| C::DeclinedTwice { bet },
            |bet| C::DuplicateBet { bet },
        ];
        let mut all: Vec<RefusalCode> = by_bet.iter().map(|f| f("1a".into())).collect();
        all.extend([
            C::RoundComplete,
            C::CardNotWanted,
            C::DecisionNotWanted,
            C::ImpossibleRank {
                card: "K".into(),
                decks: 1,
                max: 4,
            },
            C::ImpossibleSuited {
                card: "Kh".into(),
                decks: 1,
            },
            C::NoSuchBet { n: 9 },
            C::OffersNotOpen,
            C::OffersClosed,
            C::InsuranceAmount {
                bet: "1a".into(),
                max_cents: 500,
            },
            C::EvenMoneyNotOffered,
            C::BuyAfterTwist,
            C::CardNotBuyable { n: 3 },
            C::CardNotBuyable { n: 5 },
            C::NotAPair {
                a: "K".into(),
                b: "9".into(),
            },
            C::SplitNeedsTwoCards,
            C::SplitLimit { n: 3 },
            C::AceSplitLimit { n: 1 },
            C::SplitAceNoDecision {
                decision: "stick".into(),
            },
            C::StickBelowMinimum { total: 13, min: 15 },
            C::SurrenderNotAllowed,
            C::SurrenderAgainstAce,
            C::SurrenderTooLate,
            C::NothingToDecline,
            C::DeclineMustPrecede,
        ]);
        all.extend(RefusalCode::bets_examples());
        for why in [
            NotNowCode::RoundInPlay,
            NotNowCode::NoRound,
            NotNowCode::ShoeDuringRound,
            NotNowCode::UndoSettled,
            NotNowCode::NothingToUndoInRound,
            NotNowCode::CountDue { table: "T1".into() },
            NotNowCode::NoChipSet,
            NotNowCode::Other("no".into()),
        ] {
            all.push(C::NotNow { why });
        }
        all
    }

    /// `examples`' codes of bets and lines refused before the round saw them.
    fn bets_examples() -> Vec<RefusalCode> {
        use RefusalCode as C;
        vec![
            C::NoBets,
            C::NoSuchBox {
                bet: "1a".into(),
                box_no: 9,
                boxes: 7,
            },
            C::StakeNotPositive {
                bet: "1a".into(),
                stake_cents: 0,
            },
            C::BelowMinimum {
                bet: "1a".into(),
                stake_cents: 100,
                min_cents: 500,
            },
            C::OverBoxMax {
                box_no: 1,
                total_cents: 90000,
                max_cents: 50000,
            },
            C::TooManyBets {
                box_no: 1,
                count: 4,
                max: 3,
            },
            C::BadLimits {
                detail: "min over max".into(),
            },
            C::UnreadableInput,
            C::Unended,
        ]
    }
}

/// Why a Pontis input was refused, as the log keeps it beside its English `reason`: one
/// variant per variant of the engine's `pontis::PlayRefusal`, and the reader's. Cards as
/// the game script writes them (`Kc`, `Jk=7`), seats from 1. Serialised like
/// [`RefusalCode`]: `{"code":"out_of_turn","values":{"now":"Ana","who":"Ben"}}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "code", content = "values", rename_all = "snake_case")]
pub enum PontisRefusalCode {
    /// Seat `seat` (from 1) does not exist.
    NoSeat {
        seat: usize,
    },
    Over,
    OutOfTurn {
        now: String,
        who: String,
    },
    BankCardGone {
        card: String,
        gone: PontisGone,
    },
    AlreadyTurned {
        who: String,
        top: Option<String>,
    },
    TurnFirst {
        who: String,
    },
    HoldsFewer {
        who: String,
        held: usize,
        played: usize,
    },
    /// The cards as played (under first), whether the top was declared, and the need.
    DoesNotMeet {
        cards: Vec<String>,
        declared: bool,
        need: PontisNeed,
    },
    CardGone {
        card: String,
        gone: PontisGone,
    },
    /// The text was not an input (no player's name, not one card or two, …).
    UnreadableInput,
}

/// Why a card cannot be in a Pontis game (the engine's `CardGone`), as logged.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PontisGone {
    /// All four of this rank (its symbol: `K`, `10`) are in the game.
    Rank(String),
    /// This card (`Kc`) is in the game.
    Card(String),
    /// All of this many jokers are in the game.
    Jokers(u8),
}

/// What a Pontis play had to meet (the engine's `Need`), as logged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PontisNeed {
    Bridge,
    AceBridge,
    Difference { a: u8, b: Option<u8> },
}

impl PontisRefusalCode {
    /// The engine's refusal of a play, 1:1.
    pub fn of_play(r: &PlayRefusal) -> PontisRefusalCode {
        use PontisRefusalCode as C;
        let gone = |g: &CardGone| match g {
            CardGone::Rank(r) => PontisGone::Rank(r.symbol().to_string()),
            CardGone::Card(c) => PontisGone::Card(c.to_string()),
            CardGone::Jokers(n) => PontisGone::Jokers(*n),
        };
        match r {
            PlayRefusal::NoSeat(i) => C::NoSeat { seat: i + 1 },
            PlayRefusal::Over => C::Over,
            PlayRefusal::OutOfTurn { now, who } => C::OutOfTurn {
                now: now.clone(),
                who: who.clone(),
            },
            PlayRefusal::BankCardGone { card, why } => C::BankCardGone {
                card: card.to_string(),
                gone: gone(why),
            },
            PlayRefusal::AlreadyTurned { who, top } => C::AlreadyTurned {
                who: who.clone(),
                top: top.map(|c| c.to_string()),
            },
            PlayRefusal::TurnFirst { who } => C::TurnFirst { who: who.clone() },
            PlayRefusal::HoldsFewer { who, held, played } => C::HoldsFewer {
                who: who.clone(),
                held: *held,
                played: *played,
            },
            PlayRefusal::DoesNotMeet { lay, top, need } => C::DoesNotMeet {
                cards: lay.cards().iter().map(|c| c.to_string()).collect(),
                declared: *top == Top::Declared,
                need: match *need {
                    Need::Bridge => PontisNeed::Bridge,
                    Need::AceBridge => PontisNeed::AceBridge,
                    Need::Difference(a, b) => PontisNeed::Difference { a, b },
                },
            },
            PlayRefusal::CardGone { card, why } => C::CardGone {
                card: card.to_string(),
                gone: gone(why),
            },
        }
    }

    /// The engine's refusal this code was made from; `None` for the reader's code, or
    /// for values that are no cards (a code written by hand).
    pub fn to_play(&self) -> Option<PlayRefusal> {
        use PontisRefusalCode as C;
        let deck = |c: &str| c.parse::<DeckCard>().ok();
        let gone = |g: &PontisGone| match g {
            PontisGone::Rank(r) => r.parse::<Card>().ok().map(|c| CardGone::Rank(c.rank)),
            PontisGone::Card(c) => c.parse::<Card>().ok().map(CardGone::Card),
            PontisGone::Jokers(n) => Some(CardGone::Jokers(*n)),
        };
        Some(match self {
            C::NoSeat { seat } => PlayRefusal::NoSeat(seat.checked_sub(1)?),
            C::Over => PlayRefusal::Over,
            C::OutOfTurn { now, who } => PlayRefusal::OutOfTurn {
                now: now.clone(),
                who: who.clone(),
            },
            C::BankCardGone { card, gone: g } => PlayRefusal::BankCardGone {
                card: deck(card)?,
                why: gone(g)?,
            },
            C::AlreadyTurned { who, top } => PlayRefusal::AlreadyTurned {
                who: who.clone(),
                top: match top {
                    Some(t) => Some(deck(t)?),
                    None => None,
                },
            },
            C::TurnFirst { who } => PlayRefusal::TurnFirst { who: who.clone() },
            C::HoldsFewer { who, held, played } => PlayRefusal::HoldsFewer {
                who: who.clone(),
                held: *held,
                played: *played,
            },
            C::DoesNotMeet {
                cards,
                declared,
                need,
            } => PlayRefusal::DoesNotMeet {
                lay: match cards.as_slice() {
                    [one] => Lay::One(deck(one)?),
                    [under, top] => Lay::Two {
                        under: deck(under)?,
                        top: deck(top)?,
                    },
                    _ => return None,
                },
                top: if *declared { Top::Declared } else { Top::Last },
                need: match *need {
                    PontisNeed::Bridge => Need::Bridge,
                    PontisNeed::AceBridge => Need::AceBridge,
                    PontisNeed::Difference { a, b } => Need::Difference(a, b),
                },
            },
            C::CardGone { card, gone: g } => PlayRefusal::CardGone {
                card: deck(card)?,
                why: gone(g)?,
            },
            C::UnreadableInput => return None,
        })
    }

    /// One code of each variant, with values (for the tests that word every code).
    pub fn examples() -> Vec<PontisRefusalCode> {
        use PontisRefusalCode as C;
        let s = |x: &str| x.to_string();
        vec![
            C::NoSeat { seat: 5 },
            C::Over,
            C::OutOfTurn {
                now: s("Ana"),
                who: s("Ben"),
            },
            C::BankCardGone {
                card: s("Kc"),
                gone: PontisGone::Card(s("Kc")),
            },
            C::AlreadyTurned {
                who: s("Ana"),
                top: Some(s("Jk=7")),
            },
            C::TurnFirst { who: s("Ben") },
            C::HoldsFewer {
                who: s("Ben"),
                held: 1,
                played: 2,
            },
            C::DoesNotMeet {
                cards: vec![s("4h"), s("Kc")],
                declared: false,
                need: PontisNeed::Difference { a: 3, b: Some(10) },
            },
            C::CardGone {
                card: s("7h"),
                gone: PontisGone::Rank(s("7")),
            },
            C::CardGone {
                card: s("Jk=2"),
                gone: PontisGone::Jokers(2),
            },
            C::UnreadableInput,
        ]
    }
}

/// Names every variant: a new one fails to compile here until it is added to
/// `RefusalCode::examples` too (and so to the test that words every code).
#[allow(dead_code)]
fn covers(c: &RefusalCode) {
    use RefusalCode as C;
    match c {
        C::RoundComplete
        | C::CardNotWanted
        | C::DecisionNotWanted
        | C::ImpossibleRank { .. }
        | C::ImpossibleSuited { .. }
        | C::NoSuchBet { .. }
        | C::BetNotInPlay { .. }
        | C::NotABackBet { .. }
        | C::BetFinished { .. }
        | C::NotOnThisHand { .. }
        | C::OffersNotOpen
        | C::OffersClosed
        | C::OfferTaken { .. }
        | C::InsuranceAmount { .. }
        | C::EvenMoneyNotOffered
        | C::NoPontoon { .. }
        | C::BuyAfterTwist
        | C::CardNotBuyable { .. }
        | C::NotAPair { .. }
        | C::SplitNeedsTwoCards
        | C::SplitLimit { .. }
        | C::AceSplitLimit { .. }
        | C::SplitAceNoDecision { .. }
        | C::StickBelowMinimum { .. }
        | C::SurrenderNotAllowed
        | C::SurrenderAgainstAce
        | C::SurrenderTooLate
        | C::DeclinedTwice { .. }
        | C::NothingToDecline
        | C::DeclineMustPrecede
        | C::NoBets
        | C::NoSuchBox { .. }
        | C::DuplicateBet { .. }
        | C::StakeNotPositive { .. }
        | C::BelowMinimum { .. }
        | C::OverBoxMax { .. }
        | C::TooManyBets { .. }
        | C::BadLimits { .. }
        | C::UnreadableInput
        | C::Unended
        | C::NotNow { .. } => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each logged "not now" code stands for the refusal it was made from.
    #[test]
    fn a_not_now_code_stands_for_its_refusal() {
        for c in RefusalCode::examples() {
            let RefusalCode::NotNow { why } = c else {
                continue;
            };
            match why.not_now() {
                Ok(n) => assert_eq!(NotNowCode::of(&n), why),
                Err(text) => assert_eq!(why, NotNowCode::Other(text.to_string())),
            }
        }
    }

    #[test]
    fn a_refusal_code_reads_back_as_written() {
        for c in RefusalCode::examples() {
            let text = serde_json::to_string(&c).unwrap();
            let back: RefusalCode = serde_json::from_str(&text).unwrap();
            assert_eq!(back, c, "{text}");
        }
        let c = RefusalCode::BetNotInPlay { bet: "1a".into() };
        assert_eq!(
            serde_json::to_string(&c).unwrap(),
            r#"{"code":"bet_not_in_play","values":{"bet":"1a"}}"#
        );
        assert_eq!(
            serde_json::to_string(&RefusalCode::RoundComplete).unwrap(),
            r#"{"code":"round_complete"}"#
        );
    }

    /// A Pontis code reads back as written, and gives back the engine's refusal it was
    /// made from.
    #[test]
    fn a_pontis_refusal_code_reads_back_and_gives_back_the_engines_refusal() {
        for c in PontisRefusalCode::examples() {
            let text = serde_json::to_string(&c).unwrap();
            let back: PontisRefusalCode = serde_json::from_str(&text).unwrap();
            assert_eq!(back, c, "{text}");
            if let Some(r) = c.to_play() {
                assert_eq!(PontisRefusalCode::of_play(&r), c, "{text}");
            }
        }
        let c = PontisRefusalCode::OutOfTurn {
            now: "Ana".into(),
            who: "Ben".into(),
        };
        assert_eq!(
            serde_json::to_string(&c).unwrap(),
            r#"{"code":"out_of_turn","values":{"now":"Ana","who":"Ben"}}"#
        );
    }
}
