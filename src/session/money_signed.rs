//! A count or a slip signed at a running table: the two signers give their names and PINs
//! there (the feed's `count`/`fill`/`credit` lines, the table screen's money dialog), are
//! logged in, and the input goes through `money_log`. Owns the order of those steps
//! (chips and names checked before any PIN); never parses lines nor draws.

use super::money::{Moment, MoneyBook};
use super::money_log::{self, Counted, MoneyError, Signers, SlipMade};
use super::users::{LoginError, User, login};
use crate::log::store::{AuditError, Store};

/// One signer at the table: a name and the PIN they typed (never logged, never shown).
#[derive(Clone, PartialEq, Eq)]
pub struct Signer {
    pub name: String,
    pub pin: String,
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Signer({:?}, PIN hidden)", self.name)
    }
}

/// What a signed money input is: a tray count (its moment, or the one that follows from
/// the table's last count), a fill or a credit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signed {
    Count(Option<Moment>),
    Fill,
    Credit,
}

/// What was logged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Done {
    Count {
        moment: Moment,
        counted: Counted,
        by: String,
        witness: String,
    },
    Slip(SlipMade),
}

/// Why a signed input was not taken (a failed login is logged as the login's attempt;
/// nothing else is).
#[derive(Debug, thiserror::Error)]
pub enum SignedError {
    /// A signer's name or PIN was wrong, or the signer is locked.
    #[error("{name}: {why}")]
    Login { name: String, why: LoginError },
    #[error(transparent)]
    Money(#[from] MoneyError),
}

impl SignedError {
    /// The store's failure, if that is what it was (the input was not recorded); the
    /// refusal itself otherwise.
    pub fn into_store(self) -> Result<AuditError, SignedError> {
        match self {
            SignedError::Login {
                why: LoginError::Store(e),
                ..
            }
            | SignedError::Money(MoneyError::Store(e)) => Ok(e),
            other => Err(other),
        }
    }
}

/// The moment a count is at when none is named: a change while the table has an open
/// stretch (counted since its last closing), else its opening.
pub fn default_moment(book: &MoneyBook, table: &str) -> Moment {
    match book.open_stretch(table.trim()) {
        Some(_) => Moment::Change,
        None => Moment::Opening,
    }
}

/// Takes a count, fill or credit of `chips` at table `table` (its id and name), signed by
/// `by` and `witness` with their PINs: the chips, the table and the two names are checked
/// before either PIN; each signer is then logged in (the attempt logged, as at the screen),
/// then the input is checked and logged by `money_log`.
pub fn take(
    store: &mut Store,
    table: (i64, &str),
    what: Signed,
    chips: &str,
    by: &Signer,
    witness: &Signer,
) -> Result<Done, SignedError> {
    let (id, name) = table;
    money_log::check_chips(store, name, chips)?;
    money_log::check_names(&by.name, &witness.name)?;
    let sign = |store: &mut Store, s: &Signer| -> Result<User, SignedError> {
        login(store, &s.name, &s.pin, Some(id)).map_err(|why| SignedError::Login {
            name: s.name.trim().to_string(),
            why,
        })
    };
    let by = sign(store, by)?;
    let witness = sign(store, witness)?;
    let s = Signers {
        by: &by,
        witness: &witness,
    };
    Ok(match what {
        Signed::Count(moment) => {
            let moment = match moment {
                Some(m) => m,
                None => default_moment(&money_log::book(store)?, name),
            };
            let counted = money_log::count(store, name, moment, chips, s)?;
            Done::Count {
                moment,
                counted,
                by: by.name.clone(),
                witness: witness.name.clone(),
            }
        }
        Signed::Fill | Signed::Credit => Done::Slip(money_log::slip(
            store,
            name,
            what == Signed::Fill,
            chips,
            s,
        )?),
    })
}
