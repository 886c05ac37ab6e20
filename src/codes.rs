//! The closed vocabularies the sessions return and `i18n` says in words: languages, roles,
//! and the refusals' codes with their values (who may not do what, what is not possible
//! now). Neutral: imports the engine only, so the log, the sessions and i18n all use it.

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
    /// The log could not be read back into a table or a round (the replay's own words:
    /// a damaged or foreign log, for a supervisor, not a dealer's refusal).
    #[error("{0}")]
    Replay(String),
    /// The CLI's feed: a table it does not know needs its rules.
    #[error("{0}; give --rules PRESET to open a new table")]
    NeedsRules(Box<NotNow>),
}
