//! The binary's glue for settings (`croupier currency`, `croupier day`, `croupier user
//! language`):
//! arguments checked before anything is opened for writing, the PIN asked as the other
//! admin commands ask it, one line printed. Every rule is `croupier::session::settings`'s.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Result, bail};

use croupier::engine::Currency;
use croupier::i18n::Lang;
use croupier::log::Store;
use croupier::session::calendar::Calendar;
use croupier::session::{settings, users};

/// `croupier currency [--set CODE --by NAME [--yes]]`: prints the database's currency, or
/// sets it as the supervisor or admin NAME (their PIN on standard input). Naming it over
/// rounds already logged relabels them for good: that needs `--yes`, and without it
/// nothing is asked or logged.
pub fn currency(
    db: &Path,
    set: Option<&str>,
    by: Option<&str>,
    yes: bool,
    pin: impl FnOnce() -> Result<String>,
) -> Result<(String, ExitCode)> {
    let Some(code) = set else {
        if by.is_some() {
            bail!("--by names who sets the currency: give --set CODE too");
        }
        let store = Store::open_read(db)?;
        let line = match settings::currency(&store)? {
            Some(c) => format!("{}: currency {c}", db.display()),
            None => format!(
                "{}: no currency set (amounts are shown without one; set it with --set CODE --by NAME)",
                db.display()
            ),
        };
        return Ok((line, ExitCode::SUCCESS));
    };
    let currency = Currency::parse(code)?;
    let Some(by) = by else {
        bail!(
            "setting the currency needs a supervisor or admin to confirm (--by NAME, with their PIN)"
        );
    };
    if let Some(rounds) = settings::naming_relabels_rounds(&Store::open_read(db)?)?
        && !yes
    {
        bail!(
            "{} already has {rounds} rounds logged with no currency: naming it {currency} makes \
             every amount of them {currency}, and once named over rounds the currency can never \
             be changed. If {currency} is what those rounds were played in, run the command \
             again with --yes; nothing was logged",
            db.display()
        );
    }
    let mut store = croupier::session::open::open(db)?;
    let pin = pin()?;
    let who = users::login(&mut store, by, &pin, None)?;
    let line = if settings::set_currency(&mut store, currency, &who)? {
        format!(
            "{}: currency set to {currency} by {}",
            db.display(),
            who.name
        )
    } else {
        format!(
            "{}: the currency is already {currency}: nothing changed",
            db.display()
        )
    };
    Ok((line, ExitCode::SUCCESS))
}

/// `croupier user language NAME [CODE] [--by NAME]`: prints a user's language, or sets it
/// — as the user themself (their PIN), or as the supervisor or admin named by --by.
pub fn language(
    db: &Path,
    name: &str,
    code: Option<&str>,
    by: Option<&str>,
    pin: impl FnOnce() -> Result<String>,
) -> Result<(String, ExitCode)> {
    let Some(code) = code else {
        if by.is_some() {
            bail!("--by names who sets the language: give the language code too");
        }
        let store = Store::open_read(db)?;
        let Some(user) = users::find_user(&store, name)? else {
            bail!("no user named \"{name}\"");
        };
        let line = match settings::language(&store, &user)? {
            Some(l) => format!(
                "{}: {} reads {} ({l})",
                db.display(),
                user.name,
                l.native_name()
            ),
            None => format!(
                "{}: {} has not chosen a language (the screen follows the system's)",
                db.display(),
                user.name
            ),
        };
        return Ok((line, ExitCode::SUCCESS));
    };
    let lang = Lang::parse(code)?;
    let mut store = croupier::session::open::open(db)?;
    let Some(user) = users::find_user(&store, name)? else {
        bail!("no user named \"{name}\"");
    };
    let pin = pin()?;
    let who = users::login(&mut store, by.unwrap_or(name), &pin, None)?;
    let line = if settings::set_language(&mut store, &user, lang, &who)? {
        format!(
            "{}: {}'s language set to {} ({lang}) by {}",
            db.display(),
            user.name,
            lang.native_name(),
            who.name
        )
    } else {
        format!(
            "{}: {}'s language is already {lang}: nothing changed",
            db.display(),
            user.name
        )
    };
    Ok((line, ExitCode::SUCCESS))
}

/// What `croupier day` was given: a zone and shifts to set (either or both), and who.
pub struct DayArgs<'a> {
    pub tz: Option<&'a str>,
    pub shifts: Option<&'a str>,
    pub by: Option<&'a str>,
}

/// `croupier day [--tz ZONE] [--shifts "06:00 14:00 22:00"] [--by NAME]`: prints the
/// database's gaming day, or sets it as the supervisor or admin NAME (their PIN on
/// standard input). A part not given stays as it is; the whole is checked before the
/// database is opened for writing, so bad input changes nothing.
pub fn day(
    db: &Path,
    a: DayArgs,
    pin: impl FnOnce() -> Result<String>,
) -> Result<(String, ExitCode)> {
    if a.tz.is_none() && a.shifts.is_none() {
        if a.by.is_some() {
            bail!("--by names who sets the gaming day: give --tz ZONE or --shifts TIMES too");
        }
        let store = Store::open_read(db)?;
        let cal = settings::calendar(&store)?;
        let set = if settings::has_calendar(&store)? {
            ""
        } else {
            " (not set: the default; set it with --tz ZONE --shifts TIMES --by NAME)"
        };
        return Ok((
            format!("{}: {}{set}", db.display(), described(&cal)),
            ExitCode::SUCCESS,
        ));
    }
    let now = settings::calendar(&Store::open_read(db)?)?;
    let cal = Calendar::new(
        a.tz.unwrap_or(now.zone()),
        a.shifts.unwrap_or(&now.shifts_text()),
    )?;
    let Some(by) = a.by else {
        bail!(
            "setting the gaming day needs a supervisor or admin to confirm (--by NAME, with their PIN); nothing was logged"
        );
    };
    let mut store = croupier::session::open::open(db)?;
    let pin = pin()?;
    let who = users::login(&mut store, by, &pin, None)?;
    let line = if settings::set_calendar(&mut store, &cal, &who)? {
        format!(
            "{}: gaming day set by {}: {}",
            db.display(),
            who.name,
            described(&cal)
        )
    } else {
        format!(
            "{}: the gaming day is already {}: nothing changed",
            db.display(),
            described(&cal)
        )
    };
    Ok((line, ExitCode::SUCCESS))
}

/// `time zone Europe/Prague, shifts 1 06:00–14:00, 2 14:00–22:00, 3 22:00–06:00`.
fn described(cal: &Calendar) -> String {
    let shifts: Vec<String> = (1..=cal.shift_count())
        .map(|n| format!("{n} {}", cal.hours(n)))
        .collect();
    format!("time zone {}, shifts {}", cal.zone(), shifts.join(", "))
}
