//! Settings: the database's currency and each user's language. A setting is an event
//! (`setting_changed`, schema 6) like everything else — append-only, on the hash chain,
//! checked by `verify` — and is read back from the log: the latest one counts. Who may
//! change what is decided here, once, for the store and for `verify`.
//!
//! The calendar (time zone and shift starts, `session::calendar`) belongs to the database
//! too, set by a supervisor or admin. The currency belongs to the database (a table terminal's file; every table in it
//! plays in that currency). Amounts are never converted: once a round is logged, the
//! currency may be named if it was not yet, but not changed. A user's language is the
//! user's own choice (a supervisor may set a dealer's, an admin anyone's); it changes
//! the words on the screen, never what is logged.

use std::collections::{HashMap, HashSet};

use super::calendar::{Calendar, CalendarError};
use super::users::{Denied, Role, User};
use crate::codes::Lang;
use crate::engine::Currency;
use crate::log::event::{Event, EventKind};
use crate::log::payload::{Payload, PayloadError, Setting, SettingChanged};
use crate::log::store::{AuditError, LogRefusal, Store};

/// Whether `by` may set the database's currency or calendar: a supervisor or an admin.
pub(crate) fn may_set_currency(by: Role) -> bool {
    by.supervises()
}

/// Whether `by` may set `user`'s language: the user themself, a supervisor for a dealer,
/// an admin for anyone (the authority that adds users).
pub(crate) fn may_set_language(by: (i64, Role), user: (i64, Role)) -> bool {
    by.0 == user.0 || by.1 == Role::Admin || (by.1 == Role::Supervisor && user.1 == Role::Dealer)
}

/// A stored language code: exactly one of `en`, `cs`, `uk`, `ru` (what the store writes).
fn stored_lang(code: &str) -> Option<Lang> {
    Lang::ALL.into_iter().find(|l| l.code() == code)
}

/// A stored currency: three capital letters (what the store writes; a log written before
/// codes were checked against ISO 4217 may hold any three).
fn stored_currency(code: &str) -> Option<Currency> {
    Currency::from_stored(code)
}

/// Every `setting_changed` payload of the log, oldest first.
fn changes(store: &Store) -> Result<Vec<SettingChanged>, AuditError> {
    store
        .events_of_kind(EventKind::SettingChanged, i64::MIN, i64::MAX)?
        .iter()
        .map(|e| match e.payload() {
            Ok(Payload::SettingChanged(p)) => Ok(p),
            Ok(_) => unreachable_kind(e),
            Err(x) => Err(altered(store, e, &x.to_string())),
        })
        .collect()
}

fn unreachable_kind(e: &Event) -> Result<SettingChanged, AuditError> {
    Err(AuditError::Refused(LogRefusal::NotASetting { seq: e.seq }))
}

fn altered(store: &Store, e: &Event, why: &str) -> AuditError {
    AuditError::Sqlite {
        path: store.path().to_path_buf(),
        detail: format!(
            "event {} (setting_changed): {why} (the log was altered; run `croupier verify`)",
            e.seq
        ),
    }
}

/// The database's currency: the latest one set, or `None` until someone sets it.
pub fn currency(store: &Store) -> Result<Option<Currency>, AuditError> {
    let mut found = None;
    for c in changes(store)? {
        if let Setting::Currency(code) = c.setting {
            found = Some(code);
        }
    }
    found
        .map(|code| {
            stored_currency(&code)
                .ok_or_else(|| AuditError::Refused(LogRefusal::BadCurrency { code: code.clone() }))
        })
        .transpose()
}

/// Whether naming the currency now would relabel rounds already logged: no currency is
/// set yet and rounds are in the log. It is allowed (their amounts were in the table's
/// money all along), but it is for good: once named over rounds it can never change, so
/// the command asks for a confirmation first.
pub fn naming_relabels_rounds(store: &Store) -> Result<Option<i64>, AuditError> {
    let rounds = store.round_count()?;
    Ok((currency(store)?.is_none() && rounds > 0).then_some(rounds))
}

/// Sets the database's currency, as a supervisor or admin. Returns whether anything was
/// logged (setting the currency it already has logs nothing). Once rounds are logged, a
/// currency already set is not changed: the amounts logged are in it.
pub fn set_currency(store: &mut Store, currency: Currency, by: &User) -> Result<bool, AuditError> {
    let by = &super::users::as_now(store, by)?;
    if !may_set_currency(by.role) {
        return Err(AuditError::Denied(Denied::DealerCannotSetCurrency(
            by.name.clone(),
        )));
    }
    let now = self::currency(store)?;
    if now == Some(currency) {
        return Ok(false);
    }
    if let Some(now) = now
        && store.round_count()? > 0
    {
        return Err(AuditError::Denied(Denied::CurrencyFixed(now)));
    }
    store.append(
        &Payload::SettingChanged(SettingChanged {
            setting: Setting::Currency(currency.code().to_string()),
            by: by.id,
            by_name: by.name.clone(),
        }),
        None,
        Some(by.id),
        None,
    )?;
    Ok(true)
}

/// The database's calendar (gaming day and shifts): the latest one set, or until a
/// database is given one the floor's UTC shifts of 06:00, 14:00 and 22:00. The latest
/// one counts for every round, the ones logged before it too (a calendar is fixed when a
/// table database is set up; changing it regroups the reports, never a logged figure).
pub fn calendar(store: &Store) -> Result<Calendar, AuditError> {
    let mut found = None;
    for c in changes(store)? {
        if let Setting::Calendar { tz, shifts } = c.setting {
            found = Some((tz, shifts));
        }
    }
    match found {
        None => Ok(Calendar::utc_default()),
        Some((tz, shifts)) => stored_calendar(&tz, &shifts),
    }
}

/// A logged calendar, or the refusal that says the log holds no calendar there.
pub(crate) fn stored_calendar(tz: &str, shifts: &str) -> Result<Calendar, AuditError> {
    Calendar::new(tz, shifts).map_err(|_| {
        AuditError::Refused(LogRefusal::BadCalendar {
            tz: tz.to_string(),
            shifts: shifts.to_string(),
        })
    })
}

/// Sets the database's calendar, as a supervisor or admin. Returns whether anything was
/// logged (setting the calendar it already has logs nothing).
pub fn set_calendar(store: &mut Store, cal: &Calendar, by: &User) -> Result<bool, AuditError> {
    let by = &super::users::as_now(store, by)?;
    if !may_set_currency(by.role) {
        return Err(AuditError::Denied(Denied::DealerCannotSetCalendar(
            by.name.clone(),
        )));
    }
    if calendar(store)? == *cal && has_calendar(store)? {
        return Ok(false);
    }
    store.append(
        &Payload::SettingChanged(SettingChanged {
            setting: Setting::Calendar {
                tz: cal.zone().to_string(),
                shifts: cal.shifts_text(),
            },
            by: by.id,
            by_name: by.name.clone(),
        }),
        None,
        Some(by.id),
        None,
    )?;
    Ok(true)
}

/// Whether the database was given a calendar (else it keeps the UTC default).
pub fn has_calendar(store: &Store) -> Result<bool, AuditError> {
    Ok(changes(store)?
        .iter()
        .any(|c| matches!(c.setting, Setting::Calendar { .. })))
}

/// Every user's language that was chosen, by user id.
pub fn languages(store: &Store) -> Result<HashMap<i64, Lang>, AuditError> {
    let mut out = HashMap::new();
    for c in changes(store)? {
        if let Setting::Language { user, lang, .. } = c.setting {
            let l = stored_lang(&lang).ok_or_else(|| {
                AuditError::Refused(LogRefusal::BadLanguage {
                    user,
                    lang: lang.clone(),
                })
            })?;
            out.insert(user, l);
        }
    }
    Ok(out)
}

/// The user's language: the latest one chosen, or `None` until they choose one.
pub fn language(store: &Store, user: &User) -> Result<Option<Lang>, AuditError> {
    Ok(languages(store)?.get(&user.id).copied())
}

/// Sets `user`'s language, as `by`: the user themself (the dealer's screen at login), a
/// supervisor for a dealer, an admin for anyone. Returns whether anything was logged
/// (choosing the language one already has logs nothing).
pub fn set_language(
    store: &mut Store,
    user: &User,
    lang: Lang,
    by: &User,
) -> Result<bool, AuditError> {
    let by = &super::users::as_now(store, by)?;
    if !may_set_language((by.id, by.role), (user.id, user.role)) {
        return Err(AuditError::Denied(Denied::MayNotSetLanguage {
            by: by.name.clone(),
            by_role: by.role,
            user: user.name.clone(),
        }));
    }
    if language(store, user)? == Some(lang) {
        return Ok(false);
    }
    store.append(
        &Payload::SettingChanged(SettingChanged {
            setting: Setting::Language {
                user: user.id,
                name: user.name.clone(),
                lang: lang.code().to_string(),
            },
            by: by.id,
            by_name: by.name.clone(),
        }),
        None,
        Some(by.id),
        None,
    )?;
    Ok(true)
}

/// What `verify` knows when it meets a setting: the users added so far (id → name,
/// role), who has shown their PIN so far, and the currency set so far.
#[derive(Default)]
pub(crate) struct SettingsReplay {
    pub(crate) users: HashMap<i64, (String, Role)>,
    /// Users with a `login` before this point, and the first admin, who typed their PIN
    /// to add themself (a `user_added` logged as their own event). Every writer of a
    /// setting checks the PIN of `by` first: the dealer screen logs them in, and
    /// `croupier currency` / `croupier user language` log a login with the PIN given.
    pub(crate) signed_in: HashSet<i64>,
    pub(crate) currency: Option<String>,
    /// The shifts of a gaming day by the calendar set so far (none: the default's 3).
    pub(crate) shift_count: Option<u8>,
}

/// Why a logged user or setting is not one the store would have allowed (what `verify`
/// says of the event): who did it, and what they may not do.
#[derive(Debug, thiserror::Error)]
pub enum SettingFault {
    #[error("user {0} added themself, but only the first user (an admin) does")]
    AddedThemself(i64),
    #[error("the first user must be an admin, but user {id} was added as {}", .role.name())]
    FirstNotAdmin { id: i64, role: Role },
    #[error("added by user {0}, who does not exist")]
    AdderMissing(i64),
    #[error(
        "added by {0}, who had not logged in before it (a user is added after the adder's PIN is checked)"
    )]
    AdderNotSignedIn(String),
    #[error(
        "added as {} by {by_name}, a {}, who may not add one (an admin adds anyone, a supervisor only a dealer)",
        .role.name(),
        .by_role.name()
    )]
    AdderMayNot {
        role: Role,
        by_name: String,
        by_role: Role,
    },
    #[error(
        "user {0} was added by no one: a user is added by an admin (or a supervisor, for a dealer), or is the first user, an admin"
    )]
    AddedByNoOne(i64),
    #[error("not a setting")]
    NotASetting,
    #[error(
        "a user change belongs to the database, logged as its maker's event (user {by}), not user {user:?}'s nor a table's"
    )]
    ChangeMisplaced { by: i64, user: Option<i64> },
    #[error("a change of user {0}, who does not exist")]
    ChangedMissing(i64),
    #[error("a change of user {user} logged as {logged:?}, but that user is {real:?}")]
    ChangedMisnamed {
        user: i64,
        logged: String,
        real: String,
    },
    #[error("a user change that is not one PIN reset or one role change")]
    ChangeNotOne,
    #[error(
        "{by_name} ({}) reset the PIN of {name} ({}): admins reset anyone's, supervisors a dealer's",
        .by_role.name(),
        .role.name()
    )]
    MayNotResetPin {
        by_name: String,
        by_role: Role,
        name: String,
        role: Role,
    },
    #[error("{by_name} ({}) changed {name}'s role: only an admin may", .by_role.name())]
    MayNotSetRole {
        by_name: String,
        by_role: Role,
        name: String,
    },
    #[error("{name}'s role was logged as changed from {logged:?}, but it was {real:?}")]
    RoleWasNot {
        name: String,
        logged: String,
        real: String,
    },
    #[error("{0} was the last admin and was made something else")]
    LastAdminDemoted(String),
    #[error("{0}")]
    Unreadable(#[from] PayloadError),
    #[error("a setting belongs to the database, not to a table or round")]
    NotDatabaseWide,
    #[error("made by user {by} but logged as user {user:?}'s event")]
    WrongUser { by: i64, user: Option<i64> },
    #[error("changed by user {0}, who does not exist")]
    MakerMissing(i64),
    #[error("changed by user {by} logged as {logged:?}, but that user is {real:?}")]
    MakerMisnamed {
        by: i64,
        logged: String,
        real: String,
    },
    #[error(
        "changed by {0}, who had not logged in before it (a setting is made after its maker's PIN is checked)"
    )]
    MakerNotSignedIn(String),
    #[error("the currency {0:?} is not an ISO 4217 code (three capital letters)")]
    NotACurrency(String),
    #[error("{name} ({}) set the currency: only a supervisor or an admin may", .role.name())]
    MayNotSetCurrency { name: String, role: Role },
    #[error("the currency changed from {from} to {to} after rounds were logged in it")]
    CurrencyChanged { from: String, to: String },
    #[error("the gaming day is not a calendar: {0}")]
    NotACalendar(#[from] CalendarError),
    #[error("{name} ({}) set the gaming day: only a supervisor or an admin may", .role.name())]
    MayNotSetCalendar { name: String, role: Role },
    #[error("the language {0:?} is not one of en, cs, uk, ru")]
    NotALanguage(String),
    #[error("a language for user {0}, who does not exist")]
    LanguageForMissing(i64),
    #[error("a language for user {user} logged as {logged:?}, but that user is {real:?}")]
    LanguageMisnamed {
        user: i64,
        logged: String,
        real: String,
    },
    #[error(
        "{by_name} ({}) set {user_name}'s language: users set their own, supervisors a dealer's, admins anyone's",
        .by_role.name()
    )]
    MayNotSetLanguage {
        by_name: String,
        by_role: Role,
        user_name: String,
    },
}

impl SettingsReplay {
    /// A user added to the log, by the user `by` of the event: the first user adds
    /// themself (typing their PIN); anyone else is added by a user who exists and logged
    /// in before it, as the store requires (its adder's PIN checked first). Why not.
    pub(crate) fn user_added(
        &mut self,
        id: i64,
        name: String,
        role: Role,
        by: Option<i64>,
    ) -> Result<(), SettingFault> {
        match by {
            Some(b) if b == id && !self.users.is_empty() => {
                return Err(SettingFault::AddedThemself(id));
            }
            Some(b) if b == id && role != Role::Admin => {
                return Err(SettingFault::FirstNotAdmin { id, role });
            }
            Some(b) if b != id => {
                let (by_name, by_role) = self.users.get(&b).ok_or(SettingFault::AdderMissing(b))?;
                if !self.signed_in.contains(&b) {
                    return Err(SettingFault::AdderNotSignedIn(by_name.clone()));
                }
                // As `users::add_user` allows: an admin adds anyone, a supervisor a dealer.
                let may = *by_role == Role::Admin
                    || (*by_role == Role::Supervisor && role == Role::Dealer);
                if !may {
                    return Err(SettingFault::AdderMayNot {
                        role,
                        by_name: by_name.clone(),
                        by_role: *by_role,
                    });
                }
            }
            Some(_) => {}
            None => {
                return Err(SettingFault::AddedByNoOne(id));
            }
        }
        self.users.insert(id, (name, role));
        if by == Some(id) {
            self.signed_in.insert(id);
        }
        Ok(())
    }

    /// A user's PIN reset or role changed, as `users::change_user` allows: the maker's own
    /// event, made after their PIN was checked; a PIN reset by the rights of adding; a role
    /// change by an admin, from the role the user had, never the last admin's. Why not.
    pub(crate) fn user_changed(&mut self, e: &Event) -> Result<(), SettingFault> {
        let Payload::UserChanged(p) = e.payload()? else {
            return Err(SettingFault::NotASetting);
        };
        if e.table.is_some() || e.round.is_some() || e.user != Some(p.by) {
            return Err(SettingFault::ChangeMisplaced {
                by: p.by,
                user: e.user,
            });
        }
        let (by_name, by_role) = self.signed_in_maker(p.by, &p.by_name)?;
        let (name, role) = self
            .users
            .get(&p.user)
            .cloned()
            .ok_or(SettingFault::ChangedMissing(p.user))?;
        if name != p.name {
            return Err(SettingFault::ChangedMisnamed {
                user: p.user,
                logged: p.name,
                real: name,
            });
        }
        match (&p.pin_hash_sha256, &p.role, &p.was) {
            (Some(_), None, None) if super::users::may_reset_pin_of(by_role, role) => Ok(()),
            (Some(_), None, None) => Err(SettingFault::MayNotResetPin {
                by_name,
                by_role,
                name,
                role,
            }),
            (None, Some(to), Some(was)) => {
                let to = Role::parse(to).map_err(|_| SettingFault::ChangeNotOne)?;
                if by_role != Role::Admin {
                    return Err(SettingFault::MayNotSetRole {
                        by_name,
                        by_role,
                        name,
                    });
                }
                if *was != role.name() || to == role {
                    return Err(SettingFault::RoleWasNot {
                        name,
                        logged: was.clone(),
                        real: role.name().to_string(),
                    });
                }
                let admins = self.users.values().filter(|u| u.1 == Role::Admin).count();
                if role == Role::Admin && admins <= 1 {
                    return Err(SettingFault::LastAdminDemoted(name));
                }
                self.users.insert(p.user, (name, to));
                Ok(())
            }
            _ => Err(SettingFault::ChangeNotOne),
        }
    }

    /// The maker of a change: a user who exists, named as logged, and logged in before it.
    fn signed_in_maker(&self, by: i64, logged: &str) -> Result<(String, Role), SettingFault> {
        let (by_name, by_role) = self
            .users
            .get(&by)
            .cloned()
            .ok_or(SettingFault::MakerMissing(by))?;
        if by_name != logged {
            return Err(SettingFault::MakerMisnamed {
                by,
                logged: logged.to_string(),
                real: by_name,
            });
        }
        if !self.signed_in.contains(&by) {
            return Err(SettingFault::MakerNotSignedIn(by_name));
        }
        Ok((by_name, by_role))
    }

    /// A user logged in with their PIN.
    pub(crate) fn logged_in(&mut self, id: i64) {
        self.signed_in.insert(id);
    }

    /// Checks a logged setting as the store would have allowed it, and takes it.
    /// `rounds` is the number of rounds logged before it.
    pub(crate) fn check(&mut self, e: &Event, rounds: i64) -> Result<(), SettingFault> {
        let p: SettingChanged = match e.payload()? {
            Payload::SettingChanged(p) => p,
            _ => return Err(SettingFault::NotASetting),
        };
        if e.table.is_some() || e.round.is_some() {
            return Err(SettingFault::NotDatabaseWide);
        }
        if e.user != Some(p.by) {
            return Err(SettingFault::WrongUser {
                by: p.by,
                user: e.user,
            });
        }
        let (by_name, by_role) = self
            .users
            .get(&p.by)
            .cloned()
            .ok_or(SettingFault::MakerMissing(p.by))?;
        if by_name != p.by_name {
            return Err(SettingFault::MakerMisnamed {
                by: p.by,
                logged: p.by_name,
                real: by_name,
            });
        }
        if !self.signed_in.contains(&p.by) {
            return Err(SettingFault::MakerNotSignedIn(by_name));
        }
        match p.setting {
            Setting::Currency(code) => {
                if stored_currency(&code).is_none() {
                    return Err(SettingFault::NotACurrency(code));
                }
                if !may_set_currency(by_role) {
                    return Err(SettingFault::MayNotSetCurrency {
                        name: by_name,
                        role: by_role,
                    });
                }
                if let Some(now) = &self.currency
                    && *now != code
                    && rounds > 0
                {
                    return Err(SettingFault::CurrencyChanged {
                        from: now.clone(),
                        to: code,
                    });
                }
                self.currency = Some(code);
            }
            Setting::Calendar { tz, shifts } => {
                let cal = Calendar::new(&tz, &shifts)?;
                if !may_set_currency(by_role) {
                    return Err(SettingFault::MayNotSetCalendar {
                        name: by_name,
                        role: by_role,
                    });
                }
                self.shift_count = Some(cal.shift_count());
            }
            Setting::Language { user, name, lang } => {
                if stored_lang(&lang).is_none() {
                    return Err(SettingFault::NotALanguage(lang));
                }
                let (user_name, user_role) = self
                    .users
                    .get(&user)
                    .cloned()
                    .ok_or(SettingFault::LanguageForMissing(user))?;
                if user_name != name {
                    return Err(SettingFault::LanguageMisnamed {
                        user,
                        logged: name,
                        real: user_name,
                    });
                }
                if !may_set_language((p.by, by_role), (user, user_role)) {
                    return Err(SettingFault::MayNotSetLanguage {
                        by_name,
                        by_role,
                        user_name,
                    });
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::ManualClock;
    use crate::session::replay::verify;
    use crate::session::users::add_user;

    /// A database with an admin (1), a supervisor (2) and two dealers (3, 4).
    fn staffed(name: &str) -> (Store, [User; 4]) {
        let dir =
            std::env::temp_dir().join(format!("croupier-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut store = Store::open_with(
            &dir.join("t.db"),
            Box::new(ManualClock::new(1_767_600_000_000)),
        )
        .unwrap();
        let admin = add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
        let sup = add_user(
            &mut store,
            "Petr Novak",
            Role::Supervisor,
            "800100",
            Some(&admin),
        )
        .unwrap();
        let jana = add_user(
            &mut store,
            "Jana Svoboda",
            Role::Dealer,
            "1001",
            Some(&admin),
        )
        .unwrap();
        let olha = add_user(&mut store, "Olha Koval", Role::Dealer, "1002", Some(&admin)).unwrap();
        // Every writer of a setting checks its maker's PIN first, as these logins do.
        for (name, pin) in [
            ("Petr Novak", "800100"),
            ("Jana Svoboda", "1001"),
            ("Olha Koval", "1002"),
        ] {
            crate::session::users::login(&mut store, name, pin, None).unwrap();
        }
        (store, [admin, sup, jana, olha])
    }

    /// Issue 21: `verify` holds each `user_added` to who may add whom, as `add_user`
    /// does: a dealer adds no one, a supervisor only a dealer, the first user is an admin
    /// and adds themself, anyone else is added by someone (all adders logged in here).
    #[test]
    fn a_user_change_without_the_right_fails_verify() {
        use crate::log::payload::UserChanged;
        // (case, by, user, pin digest, role, was, what verify says)
        type Case = (
            &'static str,
            usize,
            usize,
            bool,
            Option<&'static str>,
            Option<&'static str>,
            &'static str,
        );
        let cases: [Case; 6] = [
            (
                "dealer-raises-self",
                2,
                2,
                false,
                Some("admin"),
                Some("dealer"),
                "only an admin",
            ),
            (
                "sup-sets-role",
                1,
                2,
                false,
                Some("supervisor"),
                Some("dealer"),
                "only an admin",
            ),
            (
                "sup-resets-admin",
                1,
                0,
                true,
                None,
                None,
                "(admin): admins reset",
            ),
            (
                "dealer-resets",
                2,
                3,
                true,
                None,
                None,
                "(dealer): admins reset",
            ),
            (
                "last-admin",
                0,
                0,
                false,
                Some("dealer"),
                Some("admin"),
                "the last admin",
            ),
            (
                "was-wrong",
                0,
                2,
                false,
                Some("admin"),
                Some("supervisor"),
                "but it was",
            ),
        ];
        for (name, by, user, pin, role, was, said) in cases {
            let (mut store, users) = staffed(name);
            let changed = Payload::UserChanged(UserChanged {
                user: users[user].id,
                name: users[user].name.clone(),
                pin_hash_sha256: pin.then(|| "ab".repeat(32)),
                role: role.map(str::to_string),
                was: was.map(str::to_string),
                by: users[by].id,
                by_name: users[by].name.clone(),
            });
            store
                .append(&changed, None, Some(users[by].id), None)
                .unwrap();
            let e = verify(&store, |_| {}).unwrap_err().to_string();
            assert!(
                e.contains(said) && e.contains("user_changed"),
                "{name}: {e}"
            );
        }
        // The same changes by those with the right, through the store: verify passes.
        let (mut store, [admin, sup, jana, _]) = staffed("rightful-changes");
        use super::super::users::{Change, change_user};
        change_user(&mut store, &jana.name, Change::Pin("2468"), &sup).unwrap();
        change_user(
            &mut store,
            &jana.name,
            Change::RoleWithPin(Role::Admin, "246813"),
            &admin,
        )
        .unwrap();
        change_user(&mut store, &admin.name, Change::Role(Role::Dealer), &admin).unwrap();
        verify(&store, |_| {}).unwrap();
    }

    #[test]
    fn a_user_added_by_someone_without_the_right_fails_verify() {
        let cases: [(&str, &str, Option<usize>, &str); 5] = [
            (
                "dealer-adds-dealer",
                "dealer",
                Some(2),
                "Jana Svoboda, a dealer, who may not",
            ),
            (
                "dealer-adds-admin",
                "admin",
                Some(3),
                "Olha Koval, a dealer, who may not",
            ),
            (
                "sup-adds-sup",
                "supervisor",
                Some(1),
                "Petr Novak, a supervisor, who may not",
            ),
            (
                "sup-adds-admin",
                "admin",
                Some(1),
                "Petr Novak, a supervisor, who may not",
            ),
            ("by-no-one", "dealer", None, "was added by no one"),
        ];
        for (name, role, by, said) in cases {
            let (mut store, users) = staffed(name);
            verify(&store, |_| {}).unwrap();
            let added = Payload::UserAdded(crate::log::payload::UserAdded {
                user: 99,
                name: "Nový Uživatel".into(),
                role: role.into(),
                pin_hash_sha256: None,
            });
            let by = by.map(|i| users[i].id);
            store.append(&added, None, by, None).unwrap();
            let e = verify(&store, |_| {}).unwrap_err().to_string();
            assert!(e.contains(said) && e.contains("user_added"), "{name}: {e}");
        }
        // A supervisor adding a dealer is one the store makes.
        let (mut store, [_, sup, ..]) = staffed("sup-adds-dealer");
        add_user(
            &mut store,
            "Nova Dealerka",
            Role::Dealer,
            "3003",
            Some(&sup),
        )
        .unwrap();
        verify(&store, |_| {}).unwrap();
        // The first user added as a dealer (by themself): refused.
        let dir =
            std::env::temp_dir().join(format!("croupier-first-dealer-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut store = Store::open_with(
            &dir.join("t.db"),
            Box::new(ManualClock::new(1_767_600_000_000)),
        )
        .unwrap();
        let first = Payload::UserAdded(crate::log::payload::UserAdded {
            user: 1,
            name: "Jana Svoboda".into(),
            role: "dealer".into(),
            pin_hash_sha256: None,
        });
        store.append(&first, None, Some(1), None).unwrap();
        let e = verify(&store, |_| {}).unwrap_err().to_string();
        assert!(e.contains("the first user must be an admin"), "{e}");
    }

    /// A setting whose maker never showed their PIN (no login before it; the first admin,
    /// who typed theirs to add themself, excepted) fails verify: no writer makes one.
    #[test]
    fn a_setting_by_someone_not_logged_in_fails_verify() {
        let (mut store, [admin, ..]) = staffed("not-logged-in");
        let eva = add_user(
            &mut store,
            "Eva Kucerova",
            Role::Supervisor,
            "800300",
            Some(&admin),
        )
        .unwrap();
        // The first admin's own language, set on the first-run screen: no login, passes.
        assert!(set_language(&mut store, &admin, Lang::Cs, &admin).unwrap());
        verify(&store, |_| {}).unwrap();
        let forged = |store: &mut Store| {
            store
                .append(
                    &Payload::SettingChanged(SettingChanged {
                        setting: Setting::Currency("CZK".into()),
                        by: eva.id,
                        by_name: eva.name.clone(),
                    }),
                    None,
                    Some(eva.id),
                    None,
                )
                .unwrap();
        };
        forged(&mut store);
        let e = verify(&store, |_| {}).unwrap_err().to_string();
        assert!(e.contains("Eva Kucerova, who had not logged in"), "{e}");
        // The same setting after her login is one the store makes.
        let (mut store, [admin, ..]) = staffed("logged-in");
        let eva = add_user(
            &mut store,
            "Eva Kucerova",
            Role::Supervisor,
            "800300",
            Some(&admin),
        )
        .unwrap();
        crate::session::users::login(&mut store, &eva.name, "800300", None).unwrap();
        assert!(set_currency(&mut store, Currency::parse("CZK").unwrap(), &eva).unwrap());
        verify(&store, |_| {}).unwrap();
    }

    #[test]
    fn settings_are_read_back_from_the_log_and_verify() {
        let (mut store, [admin, sup, jana, olha]) = staffed("read-back");
        assert_eq!(currency(&store).unwrap(), None);
        assert_eq!(language(&store, &jana).unwrap(), None);
        let czk = Currency::parse("czk").unwrap();
        assert!(set_currency(&mut store, czk, &sup).unwrap());
        assert!(
            !set_currency(&mut store, czk, &admin).unwrap(),
            "same value: nothing logged"
        );
        assert_eq!(currency(&store).unwrap(), Some(czk));
        assert!(set_language(&mut store, &jana, Lang::Cs, &jana).unwrap());
        assert!(set_language(&mut store, &olha, Lang::Uk, &sup).unwrap());
        assert!(set_language(&mut store, &sup, Lang::Ru, &admin).unwrap());
        assert!(set_language(&mut store, &jana, Lang::Ru, &jana).unwrap());
        assert_eq!(language(&store, &jana).unwrap(), Some(Lang::Ru));
        assert_eq!(language(&store, &olha).unwrap(), Some(Lang::Uk));
        assert_eq!(language(&store, &admin).unwrap(), None);
        // Who may not.
        let e = set_currency(&mut store, czk, &jana)
            .unwrap_err()
            .to_string();
        assert!(e.contains("only a supervisor or an admin"), "{e}");
        let e = set_language(&mut store, &olha, Lang::Cs, &jana)
            .unwrap_err()
            .to_string();
        assert!(e.contains("may not set Olha Koval's language"), "{e}");
        let e = set_language(&mut store, &admin, Lang::Cs, &sup)
            .unwrap_err()
            .to_string();
        assert!(e.contains("supervisors a dealer's"), "{e}");
        let v = verify(&store, |_| {}).unwrap();
        assert_eq!(v.events, store.head().0);
    }

    #[test]
    fn a_currency_is_not_changed_once_rounds_are_logged_in_it() {
        let (mut store, [_, sup, jana, _]) = staffed("currency-fixed");
        let czk = Currency::parse("CZK").unwrap();
        let eur = Currency::parse("EUR").unwrap();
        // Before any round, a currency may be corrected.
        set_currency(&mut store, eur, &sup).unwrap();
        set_currency(&mut store, czk, &sup).unwrap();
        let mut t = crate::session::TableSession::open(
            &mut store,
            jana,
            "Pontoon 1",
            crate::engine::Rules::preset("czech").unwrap(),
            Some("czech"),
            crate::engine::Limits::NONE,
        )
        .unwrap();
        t.start_round(
            &mut store,
            vec![crate::engine::BetSpec {
                id: "1a".into(),
                box_no: 1,
                stake: crate::engine::Money::units(10),
            }],
        )
        .unwrap();
        let e = set_currency(&mut store, eur, &sup).unwrap_err().to_string();
        assert!(e.contains("keeps one currency"), "{e}");
        assert_eq!(currency(&store).unwrap(), Some(czk));
        verify(&store, |_| {}).unwrap();
    }

    /// The gaming day: a supervisor sets it (logged, verify passes, read back); a dealer
    /// is refused with a typed `Denied` and nothing is logged; the same one again logs
    /// nothing.
    #[test]
    fn a_supervisor_sets_the_gaming_day_and_a_dealer_may_not() {
        let (mut store, [_, sup, jana, _]) = staffed("calendar");
        assert_eq!(calendar(&store).unwrap(), Calendar::utc_default());
        assert!(!has_calendar(&store).unwrap());
        let prague = Calendar::new("Europe/Prague", "07:00 19:00").unwrap();
        let head = store.last_seq().unwrap();
        match set_calendar(&mut store, &prague, &jana) {
            Err(AuditError::Denied(Denied::DealerCannotSetCalendar(n))) => {
                assert_eq!(n, "Jana Svoboda")
            }
            other => panic!("a dealer set the gaming day: {other:?}"),
        }
        assert_eq!(store.last_seq().unwrap(), head, "a refusal logs nothing");
        assert!(set_calendar(&mut store, &prague, &sup).unwrap());
        assert!(!set_calendar(&mut store, &prague, &sup).unwrap());
        assert_eq!(calendar(&store).unwrap(), prague);
        // The default, set explicitly, is logged (the database now has a calendar).
        assert!(set_calendar(&mut store, &Calendar::utc_default(), &sup).unwrap());
        assert!(has_calendar(&store).unwrap());
        verify(&store, |_| {}).unwrap();
    }

    /// Name, the setting, by (id, name), the event's table, what verify says.
    type Forged = (
        &'static str,
        Setting,
        i64,
        &'static str,
        Option<i64>,
        &'static str,
    );

    /// Settings a writer that skips the checks could log, each with what verify says.
    fn forged_settings() -> Vec<Forged> {
        let mut all = forged_calendars();
        all.extend(forged_languages_and_currencies());
        all
    }

    /// Forged calendars, and a setting logged at a table.
    fn forged_calendars() -> Vec<Forged> {
        vec![
            (
                "dealer-sets-calendar",
                Setting::Calendar {
                    tz: "Europe/Prague".into(),
                    shifts: "06:00 14:00 22:00".into(),
                },
                3,
                "Jana Svoboda",
                None,
                "set the gaming day: only a supervisor or an admin may",
            ),
            (
                "not-a-zone",
                Setting::Calendar {
                    tz: "Mars/Base".into(),
                    shifts: "06:00 14:00 22:00".into(),
                },
                1,
                "Irena Dvorak",
                None,
                "is not a time zone",
            ),
            (
                "at-a-table",
                Setting::Currency("CZK".into()),
                1,
                "Irena Dvorak",
                Some(1),
                "belongs to the database",
            ),
        ]
    }

    /// Forged languages and currencies.
    fn forged_languages_and_currencies() -> Vec<Forged> {
        vec![
            (
                "unknown-user",
                Setting::Language {
                    user: 99,
                    name: "Nobody Here".into(),
                    lang: "cs".into(),
                },
                1,
                "Irena Dvorak",
                None,
                "user 99, who does not exist",
            ),
            (
                "not-a-currency",
                Setting::Currency("KČ".into()),
                1,
                "Irena Dvorak",
                None,
                "is not an ISO 4217 code",
            ),
            (
                "lower-case-currency",
                Setting::Currency("czk".into()),
                1,
                "Irena Dvorak",
                None,
                "is not an ISO 4217 code",
            ),
            (
                "dealer-sets-currency",
                Setting::Currency("CZK".into()),
                3,
                "Jana Svoboda",
                None,
                "only a supervisor or an admin may",
            ),
            (
                "dealer-sets-other",
                Setting::Language {
                    user: 4,
                    name: "Olha Koval".into(),
                    lang: "uk".into(),
                },
                3,
                "Jana Svoboda",
                None,
                "set Olha Koval's language",
            ),
            (
                "unknown-language",
                Setting::Language {
                    user: 3,
                    name: "Jana Svoboda".into(),
                    lang: "de".into(),
                },
                3,
                "Jana Svoboda",
                None,
                "not one of en, cs, uk, ru",
            ),
            (
                "wrong-name",
                Setting::Language {
                    user: 3,
                    name: "Olha Koval".into(),
                    lang: "cs".into(),
                },
                3,
                "Jana Svoboda",
                None,
                "but that user is \"Jana Svoboda\"",
            ),
        ]
    }

    /// Settings forged into the log (appended with a good chain, as a writer that skips
    /// the checks above would): each one fails `verify`, naming what is wrong.
    #[test]
    fn forged_settings_fail_verify() {
        for (name, setting, by, by_name, table, want) in forged_settings() {
            let (mut store, _) = staffed(&format!("forged-{name}"));
            store
                .append(
                    &Payload::SettingChanged(SettingChanged {
                        setting,
                        by,
                        by_name: by_name.into(),
                    }),
                    table,
                    Some(by),
                    None,
                )
                .unwrap();
            let e = match verify(&store, |_| {}) {
                Ok(_) => panic!("{name}: verify passed a forged setting"),
                Err(e) => e.to_string(),
            };
            assert!(
                e.contains("setting_changed") && e.contains(want),
                "{name}: {e}"
            );
        }
    }
}
