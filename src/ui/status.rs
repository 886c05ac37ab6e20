//! What a screen's command came to, as data: a `Notice` (done or asked) or a `UiError`
//! (refused, and why), worded from i18n only when shown, in the viewer's language. No
//! text is kept here and nothing is decided: the library's typed errors are carried whole.

use std::path::PathBuf;

use chrono::NaiveDate;

use crate::codes::Role;
use crate::engine::Money;
use crate::engine::pontis::PontisRulesError;
use crate::files::WriteError;
use crate::i18n::{self, Lang, errors};
use crate::log::AuditError;
use crate::report::PeriodError;
use crate::session::error::{InputError, ReplayError};
use crate::session::money_log::MoneyError;
use crate::t;

/// A command's outcome: what was done (`Ok`) or why not (`Err`), both words at draw time.
pub(crate) type Status = Result<Notice, UiError>;

/// What was done or asked, with the figures its words need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Notice {
    ChangeCancelled,
    VoidAsked { round: i64 },
    CorrectAsked { round: i64 },
    Voided { round: i64 },
    Corrected { round: i64 },
    PreviewWritten,
    RoundOpen { round: i64 },
    SearchCapped { cap: usize },
    RoundsFound { n: usize },
    NoRoundsYet,
    ShiftRounds { n: usize },
    LatestRounds { n: usize },
    Page { page: usize },
    Searching,
    VerifyingInBackground,
    GamesFound { n: usize },
    Exported { path: PathBuf },
    MoneyRead { shifts: usize },
    UserAdded { name: String, role: Role },
    UserUnlocked { name: String },
    UserConfirmAsked { name: String },
    UserPinReset { name: String },
    UserRoleChanged { name: String, role: Role },
    PontisOpen { name: String, back: bool },
    PontisStarted { n: i64, dealer: String },
    PontisClosed { name: String, in_play: bool },
    PontisAbandoned,
}

/// Why a command was refused: the library's typed error, or what the form held.
#[derive(Debug, thiserror::Error)]
pub(crate) enum UiError {
    #[error(transparent)]
    Store(#[from] AuditError),
    #[error(transparent)]
    Replay(#[from] ReplayError),
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Money(#[from] MoneyError),
    #[error(transparent)]
    Period(#[from] PeriodError),
    #[error(transparent)]
    Write(#[from] WriteError),
    #[error(transparent)]
    PontisRules(#[from] PontisRulesError),
    /// A Pontis game the session would not start.
    #[error("game not started: {0}")]
    NotStarted(InputError),
    #[error("no older rounds")]
    NoOlder,
    #[error("a search is already running")]
    SearchRunning,
    #[error("the search stopped unexpectedly")]
    SearchStopped,
    /// A background task (verify, a search) panicked: what the panic said.
    #[error("a background task failed: {message}")]
    WorkerPanicked { message: String },
    #[error("bad date {text:?}")]
    BadDate { text: String },
    #[error("From {from} is after To {to}")]
    BadPeriod { from: NaiveDate, to: NaiveDate },
    #[error("bad shift {text:?}")]
    BadShift {
        text: String,
        max: u8,
        shifts: String,
    },
    #[error("bad box {text:?}")]
    BadBox { text: String, max: u8 },
    #[error("bad payout {text:?}")]
    BadPayout { text: String },
    #[error("bad outcome {text:?}")]
    BadOutcome { text: String },
    /// A Latin T typed as a card where the language writes the ace Т: no ten there.
    #[error("{text:?}: T is no ten where the ace is Т (type 10)")]
    LatinT { text: String },
    #[error("the report cannot filter by shift, box, outcome or payout")]
    ExportFilters,
    #[error("no folder to export to")]
    ExportNoFolder,
    #[error("cannot write to the folder {folder:?}: {why}")]
    ExportBadFolder {
        folder: PathBuf,
        why: std::io::Error,
    },
    #[error("no free file name in {0:?}")]
    NoFreeName(PathBuf),
    #[error("the PINs differ")]
    PinsDiffer,
    #[error("the user is gone")]
    UserGone,
    #[error("no Pontis table {0:?}")]
    NoPontisTable(String),
    #[error("no Pontis table open")]
    NoPontisOpen,
    #[error("the dealer {dealer:?} is not a player")]
    DealerNotPlayer {
        dealer: String,
        players: Vec<String>,
    },
}

impl PartialEq for UiError {
    /// Equal when they read the same (the library's errors hold I/O errors, not comparable).
    fn eq(&self, other: &UiError) -> bool {
        self.words(Lang::En) == other.words(Lang::En)
    }
}

impl Notice {
    /// The notice in `lang`.
    pub(crate) fn words(&self, lang: Lang) -> String {
        let n = |n: usize| i18n::decimal(lang, n as f64, 0);
        match self {
            Notice::ChangeCancelled => t!(lang, "desk-change-cancelled"),
            Notice::VoidAsked { round } => t!(lang, "desk-confirm-void-asked", round = *round),
            Notice::CorrectAsked { round } => {
                t!(lang, "desk-confirm-correct-asked", round = *round)
            }
            Notice::Voided { round } => t!(lang, "desk-round-voided", round = *round),
            Notice::Corrected { round } => t!(lang, "desk-round-corrected", round = *round),
            Notice::PreviewWritten => t!(lang, "desk-preview-written"),
            Notice::RoundOpen { round } => t!(lang, "desk-round-open", round = *round),
            Notice::SearchCapped { cap } => t!(lang, "desk-search-capped", cap_shown = n(*cap)),
            Notice::RoundsFound { n: k } => {
                t!(lang, "desk-rounds-found", n = *k, n_shown = n(*k))
            }
            Notice::NoRoundsYet => t!(lang, "desk-no-rounds-yet"),
            Notice::ShiftRounds { n } => t!(lang, "desk-status-shift", n = *n),
            Notice::LatestRounds { n } => t!(lang, "desk-status-latest", n = *n),
            Notice::Page { page } => t!(lang, "desk-status-page", page = *page),
            Notice::Searching => t!(lang, "desk-searching"),
            Notice::VerifyingInBackground => t!(lang, "desk-verifying-background"),
            Notice::GamesFound { n: k } => t!(lang, "desk-games-found", n = *k, n_shown = n(*k)),
            Notice::Exported { path } => {
                t!(lang, "desk-exported", path = path.display().to_string())
            }
            Notice::MoneyRead { shifts } => t!(lang, "money-tab-read", n = *shifts),
            Notice::UserAdded { name, role } => t!(
                lang,
                "users-added",
                name = name.as_str(),
                role = crate::ui::role_name(lang, *role)
            ),
            Notice::UserUnlocked { name } => t!(lang, "users-unlocked", name = name.as_str()),
            Notice::UserConfirmAsked { name } => {
                t!(lang, "users-confirm-asked", name = name.as_str())
            }
            Notice::UserPinReset { name } => t!(lang, "users-pin-reset", name = name.as_str()),
            Notice::UserRoleChanged { name, role } => t!(
                lang,
                "users-role-changed",
                name = name.as_str(),
                role = crate::ui::role_name(lang, *role)
            ),
            Notice::PontisOpen { name, back: true } => t!(lang, "pontis-open-back", name = name),
            Notice::PontisOpen { name, back: false } => t!(lang, "pontis-open", name = name),
            Notice::PontisClosed {
                name,
                in_play: true,
            } => t!(lang, "pontis-closed-in-play", name = name),
            Notice::PontisClosed { name, .. } => t!(lang, "pontis-closed", name = name),
            Notice::PontisAbandoned => t!(lang, "pontis-abandoned"),
            Notice::PontisStarted { n, dealer } => {
                t!(lang, "pontis-started", n = *n, dealer = dealer.as_str())
            }
        }
    }
}

impl UiError {
    /// Why, in `lang` (a library error the i18n layer has no words for yet in English).
    pub(crate) fn words(&self, lang: Lang) -> String {
        match self {
            UiError::Store(e) => errors::store(lang, &e.code()),
            UiError::Input(e) => crate::ui::screens::input_error(lang, e),
            UiError::NotStarted(e) => t!(
                lang,
                "app-refused",
                why = crate::ui::screens::input_error(lang, e)
            ),
            UiError::Replay(_)
            | UiError::Money(_)
            | UiError::Period(_)
            | UiError::Write(_)
            | UiError::PontisRules(_) => self.to_string(),
            UiError::NoOlder => t!(lang, "desk-no-older"),
            UiError::SearchRunning => t!(lang, "desk-search-running"),
            UiError::SearchStopped => t!(lang, "desk-search-stopped"),
            UiError::WorkerPanicked { message } => {
                t!(lang, "desk-worker-panicked", message = message.as_str())
            }
            UiError::BadDate { text } => t!(
                lang,
                "desk-bad-date",
                text = text.as_str(),
                example = i18n::date(lang, chrono::Utc::now().date_naive()),
                iso = chrono::Utc::now().date_naive().to_string()
            ),
            UiError::BadPeriod { from, to } => t!(
                lang,
                "desk-bad-period",
                from = i18n::date(lang, *from),
                to = i18n::date(lang, *to)
            ),
            UiError::BadShift { text, max, shifts } => t!(
                lang,
                "desk-bad-shift",
                text = text.as_str(),
                max = *max,
                shifts = shifts.as_str()
            ),
            UiError::BadBox { text, max } => {
                t!(lang, "desk-bad-box", text = text.as_str(), max = *max)
            }
            UiError::BadPayout { text } => t!(
                lang,
                "desk-bad-payout",
                text = text.as_str(),
                example = i18n::amount(lang, Money::units(1000))
            ),
            UiError::BadOutcome { text } => t!(lang, "desk-bad-outcome", text = text.as_str()),
            UiError::LatinT { text } => t!(lang, "desk-latin-t", text = text.as_str()),
            UiError::ExportFilters => t!(lang, "desk-export-filters"),
            UiError::ExportNoFolder => t!(lang, "desk-export-no-folder"),
            UiError::ExportBadFolder { folder, why } => t!(
                lang,
                "desk-export-bad-folder",
                folder = folder.display().to_string(),
                why = why.to_string()
            ),
            UiError::NoFreeName(folder) => t!(
                lang,
                "desk-no-free-name",
                folder = folder.display().to_string()
            ),
            UiError::PinsDiffer => t!(lang, "login-pins-differ"),
            UiError::UserGone => t!(lang, "users-gone"),
            UiError::NoPontisTable(name) => t!(lang, "pontis-no-table", name = name.as_str()),
            UiError::NoPontisOpen => t!(lang, "pontis-none-open"),
            UiError::DealerNotPlayer { dealer, players } => t!(
                lang,
                "pontis-dealer-not-player",
                dealer = dealer.as_str(),
                players = players.join(", ")
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A status keeps no words: the same notice or refusal reads in each viewer's language,
    /// and each has a message of its own in every language (never the id itself).
    #[test]
    fn a_status_is_worded_in_the_language_it_is_shown_in() {
        let said = [
            Ok(Notice::RoundsFound { n: 3 }),
            Ok(Notice::UserAdded {
                name: "eva".into(),
                role: Role::Dealer,
            }),
            Err(UiError::BadBox {
                text: "9".into(),
                max: 7,
            }),
            Err(UiError::NoOlder),
            Err(UiError::LatinT { text: "Th".into() }),
        ];
        for s in &said {
            let words = |lang| match s {
                Ok(n) => n.words(lang),
                Err(e) => e.words(lang),
            };
            let each: Vec<String> = Lang::ALL.iter().map(|&l| words(l)).collect();
            for w in &each {
                assert!(!w.is_empty() && !w.starts_with("desk-"), "{s:?}: {w}");
            }
            assert_ne!(each[0], each[1], "{s:?} reads the same in two languages");
        }
        assert_eq!(
            Notice::RoundsFound { n: 3 }.words(Lang::Cs),
            "nalezena 3 kola"
        );
    }
}
