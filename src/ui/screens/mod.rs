//! One file per screen of the dealer screen. Each holds its own state (a struct that lives
//! in its `Page` variant) and draws it, pushing `Command`s; none writes anything itself.

pub(crate) mod counts;
pub(crate) mod first_admin;
pub(crate) mod login;
pub(crate) mod open_table;
pub(crate) mod pontis;
pub(crate) mod table;

use crate::i18n::{Lang, errors, logged};
use crate::session::table::{InputError, LogFault, Refused};
use crate::t;
use crate::ui::widgets::Tone;

/// What a command said: the status line's text and tone.
pub(crate) type Said = (String, Tone);

/// An input the store could not take (or the session refused on its own): `step` and why.
pub(crate) fn not_recorded(lang: Lang, step: &str, e: &InputError) -> Said {
    (
        t!(
            lang,
            "table-not-recorded",
            step = step,
            why = input_error(lang, e)
        ),
        Tone::Error,
    )
}

/// The log not read back (a damaged or foreign log, for a supervisor): said with the
/// replay's or the money book's own English words as the detail.
pub(crate) fn log_fault(lang: Lang, why: &LogFault) -> String {
    let detail = why.to_string();
    t!(lang, "error-log-unreadable", detail = &detail)
}

/// Why the session did not take an input, in the language where the reason is one of the
/// closed errors this can say alone (a refused step or play needs its round or game to
/// be said: the screens say those themselves, from the same `Refused`).
pub(crate) fn input_error(lang: Lang, e: &InputError) -> String {
    match e {
        InputError::Refused(Refused::Bets(e)) => errors::setup(lang, e),
        // A refused step is said with its round by the screen; the rest from its code.
        InputError::Refused(why) => match why.code(None) {
            Some(code) => logged::refusal_code(lang, &code),
            None => why.to_string(),
        },
        InputError::NotNow(why) => errors::not_now(lang, why),
        InputError::Log(why) => log_fault(lang, why),
        InputError::Store(e) => t!(
            lang,
            "table-store-not-recorded",
            why = errors::store(lang, &e.code())
        ),
    }
}
