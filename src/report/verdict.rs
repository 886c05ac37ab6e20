//! What a database's verdict rests on, as data: the counts a file's `verify` replayed,
//! and on the floor how a table database's chain was read, how far its auditor replayed
//! it, its settled rounds not yet replayed and its kept totals' last check. `render`
//! words each in the report's language; the English `Display` is what the CLI, JSON's
//! `detail` and the English footer lines say. Never words built here for another
//! language, nor parsed back into numbers.

use std::fmt;

/// A file's `verify`: what it replayed through the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replayed {
    pub events: i64,
    pub rounds: i64,
    /// Pontis games (0: none, and not said).
    pub games: i64,
}

/// How a footer read a floor table database's chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainRead {
    /// From the floor's auditor's chain check through event `through`, recorded `at` (as
    /// the floor prints it, UTC), and walked on here from the event after it (nothing to
    /// walk when it reached the head).
    Checked { through: i64, at: String },
    /// Walked here again from event 1: no check could be read.
    Walked(Rewalk),
}

/// Why a footer walked a floor table database's chain again from event 1; `at`: when the
/// auditor's check it could not read was recorded (as the floor prints it, UTC).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rewalk {
    /// Events changed on the floor since the check.
    Touched { at: String },
    /// The check rests on a walk from event 1 over two hours old.
    Stale { at: String },
    /// Months attached or detached on the floor since the check.
    Months { at: String },
    /// The auditor has not checked it yet.
    Never,
}

/// A floor table database of `head` events whose chain held (read as `chain`) and
/// against which no alarm stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chained {
    pub head: i64,
    pub chain: ChainRead,
}

/// What a PASSED verdict rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Passed {
    /// A file: every event replayed by `verify`.
    File(Replayed),
    /// A floor table database: chained, replayed by the floor's auditor through event
    /// `replayed` (its head or later), its kept totals checked through event `totals` at
    /// `at` (as the floor prints it, UTC).
    Floor {
        chained: Chained,
        replayed: i64,
        totals: i64,
        at: String,
    },
}

/// What a NOT YET REPLAYED verdict says besides its numbers: the chain held, and
/// `rounds` settled rounds from round `from_round` on are not replayed yet (`None`: the
/// events not yet replayed hold no settlement).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    pub chained: Chained,
    pub rounds: i64,
    pub from_round: Option<i64>,
}

/// What a NOT YET CHECKED verdict says besides its numbers: the chain held, every event
/// was replayed by the floor's auditor (through `replayed`), and why its kept totals are
/// not covered by its check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unchecked {
    pub chained: Chained,
    pub replayed: i64,
    pub why: TotalsUnchecked,
}

/// Why the floor's auditor's check of a table database's kept totals does not cover them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TotalsUnchecked {
    /// Never checked.
    Never,
    /// `croupier.round_totals`, `croupier.day_totals` or `croupier.month_totals` written
    /// outside the floor's trigger since the check at `at`.
    Touched { at: String },
    /// Checked at `at`; events `from` to `to` came after.
    EventsAfter { at: String, from: i64, to: i64 },
}

impl fmt::Display for Replayed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Replayed {
            events,
            rounds,
            games,
        } = self;
        if *games > 0 {
            write!(
                f,
                "{events} events, {rounds} rounds and {games} Pontis games replayed"
            )
        } else {
            write!(f, "{events} events, {rounds} rounds replayed")
        }
    }
}

impl fmt::Display for Chained {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} events chained on the floor; ", self.head)?;
        let again = "its chain walked again from event 1";
        match &self.chain {
            ChainRead::Walked(Rewalk::Touched { at }) => write!(
                f,
                "{again} (events changed on the floor since the auditor's check at {at})"
            ),
            ChainRead::Walked(Rewalk::Stale { at }) => write!(
                f,
                "{again} (the auditor's check at {at} rests on a walk from event 1 over two hours old)"
            ),
            ChainRead::Walked(Rewalk::Months { at }) => write!(
                f,
                "{again} (months attached or detached on the floor since the auditor's check at {at})"
            ),
            ChainRead::Walked(Rewalk::Never) => {
                write!(f, "{again} (not checked by the floor's auditor yet)")
            }
            ChainRead::Checked { through, at } => {
                write!(
                    f,
                    "its chain checked by the floor's auditor through event {through} at {at}"
                )?;
                if *through < self.head {
                    write!(f, ", walked on from event {}", through + 1)?;
                }
                Ok(())
            }
        }?;
        write!(f, "; no alarm")
    }
}

/// `replayed through event N of HEAD by the floor's auditor`.
fn by_auditor(f: &mut fmt::Formatter<'_>, through: i64, head: i64) -> fmt::Result {
    write!(
        f,
        "replayed through event {through} of {head} by the floor's auditor"
    )
}

impl fmt::Display for Passed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Passed::File(r) => write!(f, "{r}"),
            Passed::Floor {
                chained,
                replayed,
                totals,
                at,
            } => {
                write!(f, "{chained}; ")?;
                by_auditor(f, *replayed, chained.head)?;
                write!(
                    f,
                    "; its kept totals checked through event {totals} at {at}"
                )
            }
        }
    }
}

impl fmt::Display for Pending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.from_round {
            Some(from) => write!(
                f,
                "{}; {} settled round(s) from round {from} not yet replayed",
                self.chained, self.rounds
            ),
            None => write!(
                f,
                "{}; events not yet replayed, none of them a settled round",
                self.chained
            ),
        }
    }
}

impl fmt::Display for Unchecked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; ", self.chained)?;
        by_auditor(f, self.replayed, self.chained.head)?;
        match &self.why {
            TotalsUnchecked::Never => write!(
                f,
                "; the floor's auditor has not checked its kept totals yet"
            ),
            TotalsUnchecked::Touched { at } => write!(
                f,
                "; croupier.round_totals, croupier.day_totals or croupier.month_totals was written outside the floor's trigger since the auditor checked it at {at}"
            ),
            TotalsUnchecked::EventsAfter { at, from, to } => write!(
                f,
                "; its kept totals were checked at {at}; events {from} to {to} came after"
            ),
        }
    }
}
