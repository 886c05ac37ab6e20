//! The table's money written: chip set, par, cash threshold, tray counts, fill and credit
//! slips, voids, cash at the table and drop counts. Each is checked (signers, chip set,
//! table, slip number), logged durably as one `money` event, then read back through
//! `MoneyBook`. Never draws; the words of a slip are the report's.

use std::collections::HashMap;

use chrono::NaiveDate;

use super::chips::{ChipError, ChipSet, Chips};
use super::money::{Fault, Moment, MoneyBook};
use super::tables::find_table;
use super::users::{User, as_now};
use crate::engine::Money;
use crate::log::event::{Event, EventKind};
use crate::log::payload::{MoneyEvent, MoneyWhat, Payload, nets_of_total};
use crate::log::store::{AuditError, Store};

/// Why a money input was not taken: nothing was logged.
#[derive(Debug, thiserror::Error)]
pub enum MoneyError {
    #[error(transparent)]
    Chips(#[from] ChipError),
    #[error("{0} signed both lines: a count, a slip or a drop needs two different people")]
    SameSigner(String),
    #[error(
        "neither {by} nor {witness} is a supervisor or an admin: one of the two signers must be"
    )]
    NoSupervisor { by: String, witness: String },
    #[error("{by} is a {role}: only a supervisor or an admin may {what}")]
    NotSupervisor {
        by: String,
        role: &'static str,
        what: &'static str,
    },
    #[error("there is no table named {0:?} in this database")]
    NoTable(String),
    #[error("slip {0} does not exist (the slips are numbered from 1 to {1})")]
    NoSlip(i64, i64),
    #[error("slip {0} is already void")]
    AlreadyVoid(i64),
    #[error("a void needs a reason")]
    NoReason,
    #[error("{0} is not an amount above zero")]
    NotPositive(Money),
    #[error("{0} is a negative amount: a drop is 0 or more")]
    Negative(Money),
    #[error("shift {shift} does not exist: a gaming day has shifts 1 to {count}")]
    NoShift { shift: u8, count: u8 },
    #[error("a drop for {table}, gaming day {day}, shift {shift} is already recorded")]
    DropTwice {
        table: String,
        day: NaiveDate,
        shift: u8,
    },
    #[error("line {line}: {why}")]
    Line { line: usize, why: String },
    #[error("the log does not read back as money ({0}): run `croupier verify`")]
    Log(String),
    #[error(transparent)]
    Store(#[from] AuditError),
}

/// The two who sign a count, a slip or a drop: `by` first, then the witness.
#[derive(Clone, Copy)]
pub struct Signers<'a> {
    pub by: &'a User,
    pub witness: &'a User,
}

/// Two different people, at least one a supervisor or admin (by their roles now, neither
/// locked: see `users::as_now`).
fn check_signers(store: &Store, s: Signers) -> Result<(), MoneyError> {
    let (by, witness) = (as_now(store, s.by)?, as_now(store, s.witness)?);
    let s = Signers {
        by: &by,
        witness: &witness,
    };
    if s.by.id == s.witness.id {
        return Err(MoneyError::SameSigner(s.by.name.clone()));
    }
    if !s.by.role.supervises() && !s.witness.role.supervises() {
        return Err(MoneyError::NoSupervisor {
            by: s.by.name.clone(),
            witness: s.witness.name.clone(),
        });
    }
    Ok(())
}

fn supervisor(store: &Store, by: &User, what: &'static str) -> Result<(), MoneyError> {
    let by = &as_now(store, by)?;
    if by.role.supervises() {
        Ok(())
    } else {
        Err(MoneyError::NotSupervisor {
            by: by.name.clone(),
            role: by.role.name(),
            what,
        })
    }
}

fn table_id(store: &Store, name: &str) -> Result<(i64, String), MoneyError> {
    let name = name.trim();
    find_table(store, name)?
        .map(|id| (id, name.to_string()))
        .ok_or_else(|| MoneyError::NoTable(name.to_string()))
}

/// Why a logged money event's signers are not ones the writers here would have taken
/// (what `verify` says of the event).
#[derive(Debug, thiserror::Error)]
pub enum SignerFault {
    #[error("signed by user {by} but logged as user {user:?}'s event")]
    WrongUser { by: i64, user: Option<i64> },
    #[error("{0} signed both lines")]
    BothLines(String),
    #[error("neither {by} nor {witness} is a supervisor or an admin, and one must be")]
    NoSupervisor { by: String, witness: String },
    #[error("it has one signer, and needs two")]
    OneSigner,
    #[error("made by {name} ({}): only a supervisor or an admin may", .role.name())]
    NotSupervisor {
        name: String,
        role: super::users::Role,
    },
    #[error("it has a witness, and takes none")]
    HasWitness,
    #[error("signed by user {0}, who does not exist")]
    Missing(i64),
    #[error("signed by user {id} as {name:?}, but that user is {real:?}")]
    Misnamed { id: i64, name: String, real: String },
    #[error("signed by {0}, who had not logged in before it (a signer's PIN is checked first)")]
    NotSignedIn(String),
}

/// Why a line of a count room's drop file is not a drop: the text, and how it is written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DropLineError {
    #[error(
        "{line:?} has {fields} fields: write table;day;shift;amount (e.g. Pontoon 1;2026-12-01;1;12345.50)"
    )]
    Fields { line: String, fields: usize },
    #[error("{0:?} is not a gaming day: write it as 2026-12-01")]
    Day(String),
    #[error("{0:?} is not a shift number (1 for the first)")]
    Shift(String),
    #[error(
        "{0:?} is not an amount: write 12345.50 or 12345,50 (one decimal mark, at most two decimals, no thousands separator)"
    )]
    Amount(String),
    #[error("{text:?}: {error}")]
    Money {
        text: String,
        error: crate::engine::MoneyError,
    },
}

/// A logged money event's signers as the writers above take them (what `verify` checks):
/// `by` is the event's user, exists under that name and showed their PIN before it; a
/// count, slip or drop has a different witness who did too, one of the two supervising;
/// the settings and voids are a supervisor's or admin's alone; cash is anyone's.
pub(crate) fn check_signers_logged(
    known: &super::settings::SettingsReplay,
    user: Option<i64>,
    d: &MoneyEvent,
) -> Result<(), SignerFault> {
    if user != Some(d.by) {
        return Err(SignerFault::WrongUser { by: d.by, user });
    }
    let by = signer(known, d.by, &d.by_name)?;
    let two = matches!(
        d.what,
        MoneyWhat::Count { .. }
            | MoneyWhat::Fill { .. }
            | MoneyWhat::Credit { .. }
            | MoneyWhat::Drop { .. }
    );
    match (two, d.witness, &d.witness_name) {
        (true, Some(w), Some(name)) => {
            let witness = signer(known, w, name)?;
            if w == d.by {
                return Err(SignerFault::BothLines(d.by_name.clone()));
            }
            if !by.supervises() && !witness.supervises() {
                return Err(SignerFault::NoSupervisor {
                    by: d.by_name.clone(),
                    witness: name.clone(),
                });
            }
            Ok(())
        }
        (true, _, _) => Err(SignerFault::OneSigner),
        (false, None, None) => match d.what {
            MoneyWhat::Cash { .. } => Ok(()),
            _ if by.supervises() => Ok(()),
            _ => Err(SignerFault::NotSupervisor {
                name: d.by_name.clone(),
                role: by,
            }),
        },
        (false, _, _) => Err(SignerFault::HasWitness),
    }
}

/// A signer who exists under that name and showed their PIN before: their role.
fn signer(
    known: &super::settings::SettingsReplay,
    id: i64,
    name: &str,
) -> Result<super::users::Role, SignerFault> {
    let (real, role) = known.users.get(&id).ok_or(SignerFault::Missing(id))?;
    if real != name {
        return Err(SignerFault::Misnamed {
            id,
            name: name.to_string(),
            real: real.clone(),
        });
    }
    if !known.signed_in.contains(&id) {
        return Err(SignerFault::NotSignedIn(name.to_string()));
    }
    Ok(*role)
}

/// Feeds one logged event to the book: money, a table's name, a round's house net.
pub(crate) fn feed_book(
    book: &mut MoneyBook,
    names: &mut HashMap<i64, String>,
    e: &Event,
) -> Result<(), Fault> {
    let p = e.payload().map_err(Fault::Unreadable)?;
    let table = e.table.and_then(|t| names.get(&t).cloned());
    match p {
        Payload::TableOpened(t) => {
            if let Some(id) = e.table {
                names.insert(id, t.name);
            }
            Ok(())
        }
        other => take(book, e.at, table.as_deref(), e.round, &other),
    }
}

/// Feeds a payload of `table` (by name) to the book: what the report's events carry.
pub(crate) fn take(
    book: &mut MoneyBook,
    at: i64,
    table: Option<&str>,
    round: Option<i64>,
    p: &Payload,
) -> Result<(), Fault> {
    match (p, table, round) {
        (Payload::Money(m), _, _) => book.money(at, table, m),
        (Payload::RoundSettled(s), Some(t), Some(r)) => {
            book.settled(at, t, r, s.house_net);
            Ok(())
        }
        (Payload::RoundVoided(_), _, Some(r)) => {
            book.amended(r, None);
            Ok(())
        }
        (Payload::RoundCorrected(c), _, Some(r)) => {
            book.amended(r, Some(nets_of_total(&c.nets)));
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The kinds the book reads.
pub(crate) const BOOK_KINDS: [EventKind; 5] = [
    EventKind::TableOpened,
    EventKind::Money,
    EventKind::RoundSettled,
    EventKind::RoundVoided,
    EventKind::RoundCorrected,
];

/// The database's money as logged.
pub fn book(store: &Store) -> Result<MoneyBook, MoneyError> {
    let mut events = Vec::new();
    for k in BOOK_KINDS {
        events.extend(store.events_of_kind(k, i64::MIN, i64::MAX)?);
    }
    events.sort_by_key(|e| e.seq);
    let mut book = MoneyBook::default();
    let mut names = HashMap::new();
    for e in &events {
        feed_book(&mut book, &mut names, e)
            .map_err(|why| MoneyError::Log(format!("event {}: {why}", e.seq)))?;
    }
    Ok(book)
}

/// The money events alone (no rounds): the chip set, threshold, pars and slips as
/// logged, for the inputs that need no expected tray (a slip, a void, cash). A few
/// events a shift, so a cash line costs no reading of the rounds.
fn settings_book(store: &Store) -> Result<MoneyBook, MoneyError> {
    let mut events = store.events_of_kind(EventKind::TableOpened, i64::MIN, i64::MAX)?;
    events.extend(store.events_of_kind(EventKind::Money, i64::MIN, i64::MAX)?);
    events.sort_by_key(|e| e.seq);
    let mut book = MoneyBook::without_rounds();
    let mut names = HashMap::new();
    for e in &events {
        feed_book(&mut book, &mut names, e)
            .map_err(|why| MoneyError::Log(format!("event {}: {why}", e.seq)))?;
    }
    Ok(book)
}

fn chip_set_of(book: &MoneyBook) -> Result<ChipSet, MoneyError> {
    book.chip_set()
        .cloned()
        .ok_or(MoneyError::Chips(ChipError::NoChipSet))
}

fn append(
    store: &mut Store,
    what: MoneyWhat,
    table: Option<i64>,
    by: &User,
    witness: Option<&User>,
) -> Result<i64, MoneyError> {
    let e = store.append(
        &Payload::Money(MoneyEvent {
            what,
            by: by.id,
            by_name: by.name.clone(),
            witness: witness.map(|w| w.id),
            witness_name: witness.map(|w| w.name.clone()),
        }),
        table,
        Some(by.id),
        None,
    )?;
    Ok(e.at)
}

/// The database's chip set, if one is set.
pub fn chip_set(store: &Store) -> Result<Option<ChipSet>, MoneyError> {
    Ok(settings_book(store)?.chip_set().cloned())
}

/// Sets the chip set, as a supervisor or admin; whether anything was logged (the same
/// set again logs nothing).
pub fn set_chip_set(store: &mut Store, set: &ChipSet, by: &User) -> Result<bool, MoneyError> {
    supervisor(store, by, "set the chip set")?;
    if chip_set(store)?.as_ref() == Some(set) {
        return Ok(false);
    }
    let what = MoneyWhat::ChipSet {
        denoms: set.to_logged(),
    };
    append(store, what, None, by, None)?;
    Ok(true)
}

/// Sets a table's par (its imprest tray), as a supervisor or admin; its total.
pub fn set_par(
    store: &mut Store,
    table: &str,
    chips: &str,
    by: &User,
) -> Result<Money, MoneyError> {
    supervisor(store, by, "set a table's par")?;
    let set = chip_set_of(&settings_book(store)?)?;
    let chips = Chips::parse(chips, &set)?;
    let (id, _) = table_id(store, table)?;
    let what = MoneyWhat::Par {
        chips: chips.to_logged(),
    };
    append(store, what, Some(id), by, None)?;
    Ok(chips.total())
}

/// Sets the amount above which a cash exchange is flagged, as a supervisor or admin.
pub fn set_cash_threshold(store: &mut Store, amount: Money, by: &User) -> Result<(), MoneyError> {
    supervisor(store, by, "set the cash threshold")?;
    if !amount.is_positive() {
        return Err(MoneyError::NotPositive(amount));
    }
    append(store, MoneyWhat::CashThreshold { amount }, None, by, None)?;
    Ok(())
}

/// A tray count as logged: its total, the expected tray then (none for a table's first
/// count), and how far the count is from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    pub total: Money,
    pub expected: Option<Money>,
}

impl Counted {
    /// The count less the expected tray (below zero: chips missing).
    pub fn difference(&self) -> Option<Money> {
        self.expected.map(|e| self.total - e)
    }
}

/// Checks chips for a table as a count, slip or par will (before anyone signs): the chip
/// set is there, the chips are in it, the table exists.
pub fn check_chips(store: &Store, table: &str, chips: &str) -> Result<Chips, MoneyError> {
    let chips = Chips::parse(chips, &chip_set_of(&settings_book(store)?)?)?;
    table_id(store, table)?;
    Ok(chips)
}

/// Checks that the table exists (before anyone signs).
pub fn check_chips_table(store: &Store, table: &str) -> Result<(), MoneyError> {
    table_id(store, table).map(|_| ())
}

/// Two signers named: not the same name twice (checked before their PINs are asked).
pub fn check_names(by: &str, witness: &str) -> Result<(), MoneyError> {
    if by.trim().eq_ignore_ascii_case(witness.trim()) {
        return Err(MoneyError::SameSigner(by.trim().to_string()));
    }
    Ok(())
}

/// Counts a table's tray, signed by two.
pub fn count(
    store: &mut Store,
    table: &str,
    moment: Moment,
    chips: &str,
    s: Signers,
) -> Result<Counted, MoneyError> {
    let book = book(store)?;
    let chips = Chips::parse(chips, &chip_set_of(&book)?)?;
    check_signers(store, s)?;
    let (id, name) = table_id(store, table)?;
    let expected = book.expected_tray(&name);
    let what = MoneyWhat::Count {
        moment: moment.word().to_string(),
        chips: chips.to_logged(),
        expected,
    };
    append(store, what, Some(id), s.by, Some(s.witness))?;
    Ok(Counted {
        total: chips.total(),
        expected,
    })
}

/// A fill or credit slip as logged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlipMade {
    pub number: i64,
    pub table: String,
    pub fill: bool,
    pub chips: Chips,
    pub at: i64,
    pub by: String,
    pub witness: String,
}

/// A fill (`fill`) or credit slip, numbered next, signed by two.
pub fn slip(
    store: &mut Store,
    table: &str,
    fill: bool,
    chips: &str,
    s: Signers,
) -> Result<SlipMade, MoneyError> {
    let book = settings_book(store)?;
    let chips = Chips::parse(chips, &chip_set_of(&book)?)?;
    check_signers(store, s)?;
    let (id, name) = table_id(store, table)?;
    let number = book.next_slip();
    let logged = chips.to_logged();
    let what = match fill {
        true => MoneyWhat::Fill {
            slip: number,
            chips: logged,
        },
        false => MoneyWhat::Credit {
            slip: number,
            chips: logged,
        },
    };
    let at = append(store, what, Some(id), s.by, Some(s.witness))?;
    Ok(SlipMade {
        number,
        table: name,
        fill,
        chips,
        at,
        by: s.by.name.clone(),
        witness: s.witness.name.clone(),
    })
}

/// Voids slip `number` with a reason, as a supervisor or admin. The slip stays listed.
pub fn void_slip(
    store: &mut Store,
    number: i64,
    reason: &str,
    by: &User,
) -> Result<(), MoneyError> {
    supervisor(store, by, "void a slip")?;
    if reason.trim().is_empty() {
        return Err(MoneyError::NoReason);
    }
    let book = settings_book(store)?;
    let slips = book.slips();
    let slip = usize::try_from(number - 1)
        .ok()
        .and_then(|i| slips.get(i))
        .ok_or(MoneyError::NoSlip(number, slips.len() as i64))?;
    if slip.void {
        return Err(MoneyError::AlreadyVoid(number));
    }
    let (id, _) = table_id(store, &slip.table)?;
    let what = MoneyWhat::Void {
        slip: number,
        reason: reason.trim().to_string(),
    };
    append(store, what, Some(id), by, None)?;
    Ok(())
}

/// Cash exchanged for chips at a table (by its dealer). Whether it is over the threshold
/// (flagged).
pub fn cash(
    store: &mut Store,
    table: i64,
    amount: Money,
    box_no: Option<u8>,
    by: &User,
) -> Result<bool, MoneyError> {
    if !amount.is_positive() {
        return Err(MoneyError::NotPositive(amount));
    }
    let threshold = settings_book(store)?.cash_threshold();
    append(
        store,
        MoneyWhat::Cash { amount, box_no },
        Some(table),
        by,
        None,
    )?;
    Ok(threshold.is_some_and(|t| amount > t))
}

/// One drop box's count: a table, a gaming day, a shift (from 1), the cash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropInput {
    pub table: String,
    pub day: NaiveDate,
    pub shift: u8,
    pub amount: Money,
}

/// Records drop counts, signed by two of the count team: every one checked (table,
/// shift, amount, not recorded before, not twice in the list) before any is logged; all
/// logged in one transaction.
pub fn drops(store: &mut Store, lines: &[DropInput], s: Signers) -> Result<usize, MoneyError> {
    check_signers(store, s)?;
    let ids = check_drops(store, lines)?;
    log_drops(store, lines, &ids, s)?;
    Ok(lines.len())
}

/// Checks drop counts as `drops` will (before anyone signs): each table's id.
pub fn check_drops(store: &Store, lines: &[DropInput]) -> Result<Vec<i64>, MoneyError> {
    let book = settings_book(store)?;
    let shifts = super::settings::calendar(store)?.shift_count();
    let mut ids = Vec::new();
    for (i, d) in lines.iter().enumerate() {
        let at_line = |why: MoneyError| match lines.len() {
            1 => why,
            _ => MoneyError::Line {
                line: i + 1,
                why: why.to_string(),
            },
        };
        let (id, name) = table_id(store, &d.table).map_err(at_line)?;
        if d.shift == 0 || d.shift > shifts {
            return Err(at_line(MoneyError::NoShift {
                shift: d.shift,
                count: shifts,
            }));
        }
        if d.amount.cents() < 0 {
            return Err(at_line(MoneyError::Negative(d.amount)));
        }
        let twice = lines[..i]
            .iter()
            .any(|o| o.table.trim() == name && o.day == d.day && o.shift == d.shift);
        if twice || book.has_drop(&name, d.day, d.shift) {
            return Err(at_line(MoneyError::DropTwice {
                table: name,
                day: d.day,
                shift: d.shift,
            }));
        }
        ids.push(id);
    }
    Ok(ids)
}

fn log_drops(
    store: &mut Store,
    lines: &[DropInput],
    ids: &[i64],
    s: Signers,
) -> Result<(), MoneyError> {
    store.begin_batch()?;
    for (d, id) in lines.iter().zip(ids) {
        let what = MoneyWhat::Drop {
            day: d.day.format("%Y-%m-%d").to_string(),
            shift: d.shift,
            amount: d.amount,
        };
        if let Err(e) = append(store, what, Some(*id), s.by, Some(s.witness)) {
            store.rollback_batch()?;
            return Err(e);
        }
    }
    store.commit_batch()?;
    Ok(())
}

/// Reads a count room's CSV, `table;day;shift;amount` a line (a first line
/// `table;day;shift;amount` is skipped; the amount may have a decimal comma). Every line read or none.
pub fn parse_drop_csv(text: &str) -> Result<Vec<DropInput>, MoneyError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        let header = line
            .replace(' ', "")
            .eq_ignore_ascii_case("table;day;shift;amount");
        if line.is_empty() || (i == 0 && header) {
            continue;
        }
        out.push(drop_line(line).map_err(|why| MoneyError::Line {
            line: i + 1,
            why: why.to_string(),
        })?);
    }
    if out.is_empty() {
        return Err(MoneyError::Line {
            line: 1,
            why: "no drop in the file: write table;day;shift;amount a line".into(),
        });
    }
    Ok(out)
}

fn drop_line(line: &str) -> Result<DropInput, DropLineError> {
    let f: Vec<&str> = line.split(';').map(str::trim).collect();
    let [table, day, shift, amount] = f[..] else {
        return Err(DropLineError::Fields {
            line: line.to_string(),
            fields: f.len(),
        });
    };
    let day = NaiveDate::parse_from_str(day, "%Y-%m-%d")
        .ok()
        .filter(|d| (1970..=9999).contains(&chrono::Datelike::year(d)))
        .ok_or_else(|| DropLineError::Day(day.to_string()))?;
    let shift = shift
        .parse::<u8>()
        .map_err(|_| DropLineError::Shift(shift.to_string()))?;
    let amount = count_room_amount(amount)?;
    Ok(DropInput {
        table: table.to_string(),
        day,
        shift,
        amount,
    })
}

/// An amount as the count room writes it, `12345.50` or `12345,50`: one decimal mark, at
/// most two digits after it, no thousands separator (`12,000` would otherwise be 12.00).
fn count_room_amount(text: &str) -> Result<Money, DropLineError> {
    let t = text.trim();
    let marks = t.matches([',', '.']).count();
    let decimals = t.rsplit_once([',', '.']).map_or(0, |(_, f)| f.len());
    if marks > 1 || decimals > 2 {
        return Err(DropLineError::Amount(t.to_string()));
    }
    Money::parse(&t.replace(',', ".")).map_err(|error| DropLineError::Money {
        text: t.to_string(),
        error,
    })
}

/// Whether table `table` (its id) needs a count before it deals at `now`: the money side
/// is on (a chip set) and the table's last count is a closing one or of another gaming
/// day (or there is none). Reads the money events only (a few a shift), not the rounds.
pub fn count_due(store: &Store, table: i64, now: i64) -> Result<bool, MoneyError> {
    let mut chips = false;
    let mut last: Option<(i64, bool)> = None;
    for e in store.events_of_kind(EventKind::Money, i64::MIN, i64::MAX)? {
        match e.payload() {
            Ok(Payload::Money(m)) => match m.what {
                MoneyWhat::ChipSet { .. } => chips = true,
                MoneyWhat::Count { moment, .. } if e.table == Some(table) => {
                    last = Some((e.at, moment == Moment::Closing.word()));
                }
                _ => {}
            },
            Ok(_) => {}
            Err(x) => return Err(MoneyError::Log(format!("event {}: {x}", e.seq))),
        }
    }
    if !chips {
        return Ok(false);
    }
    let cal = super::settings::calendar(store)?;
    Ok(match last {
        Some((at, closing)) => closing || cal.locate(at).day != cal.locate(now).day,
        None => true,
    })
}

/// The table's expected tray now (its last count and everything since), for the top bar.
/// Reads the money events (a few a shift) and the rounds logged after the table's last
/// count only, never the whole book: a round settled before the count is in it already,
/// and a void or correction of one is the closed stretch's, not the tray's now.
pub fn expected_tray(store: &Store, table: &str) -> Result<Option<Money>, MoneyError> {
    let mut events = store.events_of_kind(EventKind::TableOpened, i64::MIN, i64::MAX)?;
    events.extend(store.events_of_kind(EventKind::Money, i64::MIN, i64::MAX)?);
    events.sort_by_key(|e| e.seq);
    let mut book = MoneyBook::without_rounds();
    let mut names = HashMap::new();
    let mut last_count = None;
    for e in &events {
        let counts = book.counts(table);
        feed_book(&mut book, &mut names, e)
            .map_err(|why| MoneyError::Log(format!("event {}: {why}", e.seq)))?;
        if book.counts(table) != counts {
            last_count = Some(e.seq);
        }
    }
    let Some(after) = last_count else {
        return Ok(None);
    };
    // The money events again, with the rounds logged after the count (in log order):
    // without the rounds before it, the count's logged expected tray is not checked here
    // (`verify` checks it); the open stretch starts at the count all the same.
    events.extend(store.events_after(&BOOK_KINDS[2..], after)?);
    events.sort_by_key(|e| e.seq);
    let mut book = MoneyBook::without_rounds();
    let mut names = HashMap::new();
    for e in &events {
        feed_book(&mut book, &mut names, e)
            .map_err(|why| MoneyError::Log(format!("event {}: {why}", e.seq)))?;
    }
    Ok(book.expected_tray(table))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A money event whose data does not read: the book says which kind did not read, and
    /// the reader's words, typed (never a text made of them), worded as before.
    #[test]
    fn an_unreadable_money_event_is_a_typed_fault() {
        let mut e = Event::blank();
        e.seq = 7;
        e.kind = EventKind::Money;
        e.data = r#"{"what":"no such thing"}"#.into();
        let err = feed_book(&mut MoneyBook::default(), &mut HashMap::new(), &e).unwrap_err();
        let Fault::Unreadable(p) = &err else {
            panic!("expected the payload's fault, got {err:?}");
        };
        assert_eq!(p.kind, "money");
        assert_eq!(
            err.to_string(),
            format!("its data does not read as a money event: {}", p.why)
        );
        assert!(!p.why.is_empty());
    }

    /// The count room's amounts: one decimal mark, at most two decimals; `12,000` (a
    /// thousands separator) is refused rather than read as 12.00; a day out of range too.
    #[test]
    fn count_room_amounts_and_days_are_read_strictly() {
        let money = |t: &str| count_room_amount(t).map(|m| m.cents());
        assert_eq!(money("12345.50"), Ok(1_234_550));
        assert_eq!(money("12345,5"), Ok(1_234_550));
        assert_eq!(money("700"), Ok(70_000));
        for bad in ["12,000", "1.500", "1,234.50", "1.234,50", "12,"] {
            assert!(money(bad).is_err(), "{bad}");
        }
        assert!(drop_line("Pontoon 1;2026-12-01;1;12,000").is_err());
        assert!(drop_line("Pontoon 1;+262142-12-31;1;100").is_err());
        assert!(drop_line("Pontoon 1;2026-12-01;1;12000").is_ok());
    }
    use crate::engine::{Limits, Rules};
    use crate::log::ManualClock;
    use crate::log::payload::ChipCount;
    use crate::session::replay::verify;
    use crate::session::users::{Role, add_user, login};

    /// A database with an admin (1), a supervisor (2), two dealers (3, 4), each logged in,
    /// the chip set 25 100 500 and table 1 opened.
    fn staffed(name: &str) -> (Store, [User; 4]) {
        staffed_with(name, true)
    }

    /// The same, with or without the chip set.
    fn staffed_with(name: &str, with_chips: bool) -> (Store, [User; 4]) {
        let dir =
            std::env::temp_dir().join(format!("croupier-money-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let clock = ManualClock::new(1_764_568_800_000); // 2025-12-01 06:00 UTC
        let mut store = Store::open_with(&dir.join("t.db"), Box::new(clock)).unwrap();
        let admin = add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
        let sup = add_user(
            &mut store,
            "Petr Novak",
            Role::Supervisor,
            "800100",
            Some(&admin),
        );
        let jana = add_user(
            &mut store,
            "Jana Svoboda",
            Role::Dealer,
            "1001",
            Some(&admin),
        );
        let olha = add_user(&mut store, "Olha Koval", Role::Dealer, "1002", Some(&admin));
        for (n, p) in [
            ("Petr Novak", "800100"),
            ("Jana Svoboda", "1001"),
            ("Olha Koval", "1002"),
        ] {
            login(&mut store, n, p, None).unwrap();
        }
        let (sup, jana, olha) = (sup.unwrap(), jana.unwrap(), olha.unwrap());
        if with_chips {
            set_chip_set(&mut store, &ChipSet::parse("25 100 500").unwrap(), &sup).unwrap();
        }
        let t = crate::session::TableSession::open(
            &mut store,
            jana.clone(),
            "Pontoon 1",
            Rules::preset("czech").unwrap(),
            Some("czech"),
            Limits::NONE,
        )
        .unwrap();
        drop(t);
        (store, [admin, sup, jana, olha])
    }

    fn chips(c: &[(i64, u32)]) -> Vec<ChipCount> {
        c.iter()
            .map(|&(d, count)| ChipCount {
                denom: Money::units(d),
                count,
            })
            .collect()
    }

    fn forge(store: &mut Store, what: MoneyWhat, by: (i64, &str), witness: Option<(i64, &str)>) {
        store
            .append(
                &Payload::Money(MoneyEvent {
                    what,
                    by: by.0,
                    by_name: by.1.into(),
                    witness: witness.map(|w| w.0),
                    witness_name: witness.map(|w| w.1.into()),
                }),
                Some(1),
                Some(by.0),
                None,
            )
            .unwrap();
    }

    fn counted(c: &[(i64, u32)], expected: Option<Money>) -> MoneyWhat {
        MoneyWhat::Count {
            moment: "opening".into(),
            chips: chips(c),
            expected,
        }
    }

    /// A forged event: what, by, witness.
    type Forged = (MoneyWhat, (i64, &'static str), Option<(i64, &'static str)>);

    const SUP: (i64, &str) = (2, "Petr Novak");
    const JANA: (i64, &str) = (3, "Jana Svoboda");
    const OLHA: (i64, &str) = (4, "Olha Koval");

    /// What a writer that skips the checks could log, and what verify says of it.
    #[test]
    fn forged_money_fails_verify() {
        let fill = |slip| MoneyWhat::Fill {
            slip,
            chips: chips(&[(100, 2)]),
        };
        let cases: Vec<(&str, Vec<Forged>, &str)> = vec![
            (
                "repeat",
                vec![(fill(1), SUP, Some(JANA)), (fill(1), SUP, Some(JANA))],
                "the next slip is number 2",
            ),
            (
                "skip",
                vec![(fill(2), SUP, Some(JANA))],
                "the next slip is number 1",
            ),
            (
                "nobody",
                vec![(counted(&[(500, 2)], None), (9, "Nobody"), Some(SUP))],
                "user 9, who does not exist",
            ),
            (
                "two-dealers",
                vec![(counted(&[(500, 2)], None), JANA, Some(OLHA))],
                "neither Jana Svoboda nor Olha Koval",
            ),
            (
                "both-lines",
                vec![(counted(&[(500, 2)], None), SUP, Some(SUP))],
                "signed both lines",
            ),
            ("one-signer", vec![(fill(1), SUP, None)], "needs two"),
            (
                "denomination",
                vec![(counted(&[(250, 2)], None), JANA, Some(SUP))],
                "250 is not a denomination of the chip set",
            ),
            (
                "expected",
                vec![
                    (counted(&[(500, 2)], None), JANA, Some(SUP)),
                    (
                        counted(&[(500, 2)], Some(Money::units(900))),
                        JANA,
                        Some(SUP),
                    ),
                ],
                "the log gives 1000",
            ),
            (
                "threshold-at-a-table",
                vec![(
                    MoneyWhat::CashThreshold {
                        amount: Money::units(1000),
                    },
                    SUP,
                    None,
                )],
                "the cash threshold belongs to the database, not a table",
            ),
            (
                "drop-shift-4",
                vec![(
                    MoneyWhat::Drop {
                        day: "2025-12-01".into(),
                        shift: 4,
                        amount: Money::units(100),
                    },
                    SUP,
                    Some(JANA),
                )],
                "a drop for shift 4, but a gaming day has shifts 1 to 3",
            ),
            (
                "dealer-par",
                vec![(
                    MoneyWhat::Par {
                        chips: chips(&[(500, 2)]),
                    },
                    JANA,
                    None,
                )],
                "only a supervisor or an admin may",
            ),
        ];
        for (name, events, want) in cases {
            let (mut store, _) = staffed(name);
            verify(&store, |_| {}).unwrap();
            for (what, by, witness) in events {
                forge(&mut store, what, by, witness);
            }
            let e = match verify(&store, |_| {}) {
                Ok(_) => panic!("{name}: verify passed"),
                Err(e) => e.to_string(),
            };
            assert!(e.contains("(money)") && e.contains(want), "{name}: {e}");
        }
    }

    /// Cash on a database with no chip set: the live session refuses it, and so does
    /// verify when a writer that skips the checks logged it.
    #[test]
    fn cash_without_a_chip_set_fails_verify() {
        let (mut store, _) = staffed_with("cash-no-chips", false);
        verify(&store, |_| {}).unwrap();
        let cash = MoneyWhat::Cash {
            amount: Money::units(500),
            box_no: None,
        };
        forge(&mut store, cash, JANA, None);
        let e = verify(&store, |_| {}).unwrap_err().to_string();
        assert!(e.contains("no chip set"), "{e}");
    }

    /// A round voided after the count that closed its stretch: the stretch's dealt win
    /// and expected tray (what the close-out of its shift reads) follow the void.
    #[test]
    fn a_void_after_the_count_reaches_the_counted_stretch() {
        let (mut store, [_, sup, jana, _]) = staffed("void-after-count");
        let s = |by, witness| Signers { by, witness };
        count(
            &mut store,
            "Pontoon 1",
            Moment::Opening,
            "500:20",
            s(&jana, &sup),
        )
        .unwrap();
        let mut t =
            crate::session::TableSession::resume(&mut store, jana.clone(), "Pontoon 1").unwrap();
        t.new_shoe(&mut store).unwrap();
        let bets = vec![crate::engine::BetSpec {
            id: "1a".into(),
            box_no: 1,
            stake: Money::units(100),
        }];
        let round = t.start_round(&mut store, bets).unwrap();
        for step in ["10", "7", "10", "stick", "10"] {
            t.input_text(&mut store, step).unwrap();
        }
        drop(t);
        // The round paid the player 100; the count finds the tray as the log expects.
        let c = count(
            &mut store,
            "Pontoon 1",
            Moment::Change,
            "500:19 100:4",
            s(&jana, &sup),
        );
        assert_eq!(c.unwrap().difference(), Some(Money::ZERO));
        crate::session::exceptions::void_round(&mut store, &sup, round, "never dealt").unwrap();
        let closed = &book(&store).unwrap().stretches()[0];
        assert_eq!((closed.dealt, closed.rounds), (Money::ZERO, 0));
        assert_eq!(closed.expected, Some(Money::units(10_000)));
        verify(&store, |_| {}).unwrap();
    }

    /// The top bar's expected tray, read from the table's last count on, is the whole
    /// book's: rounds before and after the count, a void of each, a fill and cash since.
    #[test]
    fn the_expected_tray_from_the_last_count_is_the_whole_books() {
        let (mut store, [_, sup, jana, _]) = staffed("expected-from-count");
        let s = |by, witness| Signers { by, witness };
        let t = "Pontoon 1";
        count(&mut store, t, Moment::Opening, "500:20", s(&jana, &sup)).unwrap();
        let mut table = crate::session::TableSession::resume(&mut store, jana.clone(), t).unwrap();
        table.new_shoe(&mut store).unwrap();
        let mut play = |store: &mut Store| {
            let bets = vec![crate::engine::BetSpec {
                id: "1a".into(),
                box_no: 1,
                stake: Money::units(100),
            }];
            let round = table.start_round(store, bets).unwrap();
            for step in ["10", "7", "10", "stick", "10"] {
                table.input_text(store, step).unwrap();
            }
            round
        };
        let before = play(&mut store);
        count(
            &mut store,
            t,
            Moment::Change,
            "500:19 100:4",
            s(&jana, &sup),
        )
        .unwrap();
        let after = [play(&mut store), play(&mut store)];
        drop(table);
        slip(&mut store, t, true, "500:2", s(&sup, &jana)).unwrap();
        let id = table_id(&store, t).unwrap().0;
        cash(&mut store, id, Money::units(300), None, &jana).unwrap();
        let void = crate::session::exceptions::void_round;
        void(&mut store, &sup, before, "never dealt").unwrap();
        void(&mut store, &sup, after[0], "never dealt").unwrap();
        // 9900 counted − one round since (100) + a fill of 1000 − cash 300.
        let want = Some(Money::units(9_900 - 100 + 1_000 - 300));
        assert_eq!(book(&store).unwrap().expected_tray(t), want);
        assert_eq!(expected_tray(&store, t).unwrap(), want);
        assert_eq!(expected_tray(&store, "Pontoon 9").unwrap(), None);
        // The rounds are read by the log's key from the count on, not by the kind index.
        let sql = crate::log::store::events_after_sql(&BOOK_KINDS[2..]);
        let plan: String = store
            .conn()
            .query_row(&format!("EXPLAIN QUERY PLAN {sql}"), [5], |r| r.get(3))
            .unwrap();
        assert!(
            plan.contains("rowid>?") || plan.contains("PRIMARY KEY"),
            "{plan}"
        );
    }

    /// The writers refuse what verify would, and log nothing when they do.
    #[test]
    fn bad_money_input_is_refused_and_changes_nothing() {
        let (mut store, [_, sup, jana, olha]) = staffed("refused");
        let head = store.head();
        let s = |by, witness| Signers { by, witness };
        let cases: Vec<(Result<(), MoneyError>, &str)> = vec![
            (
                count(
                    &mut store,
                    "Pontoon 1",
                    Moment::Opening,
                    "250:2",
                    s(&jana, &sup),
                )
                .map(drop),
                "250 is not a denomination",
            ),
            (
                count(
                    &mut store,
                    "Pontoon 1",
                    Moment::Opening,
                    "500:-2",
                    s(&jana, &sup),
                )
                .map(drop),
                "a count is a whole number",
            ),
            (
                slip(&mut store, "Pontoon 1", true, "500:2", s(&sup, &sup)).map(drop),
                "Petr Novak signed both lines",
            ),
            (
                slip(&mut store, "Pontoon 1", true, "500:2", s(&jana, &olha)).map(drop),
                "one of the two signers must be",
            ),
            (
                slip(&mut store, "Pontoon 9", true, "500:2", s(&sup, &jana)).map(drop),
                "no table named \"Pontoon 9\"",
            ),
            (
                void_slip(&mut store, 1, "typo", &sup),
                "slip 1 does not exist",
            ),
            (
                set_par(&mut store, "Pontoon 1", "500:20", &jana).map(drop),
                "only a supervisor or an admin may",
            ),
        ];
        for (got, want) in cases {
            let e = got.unwrap_err().to_string();
            assert!(e.contains(want), "{want}: {e}");
        }
        let day = NaiveDate::from_ymd_opt(2025, 12, 1).unwrap();
        let d = |table: &str, shift| DropInput {
            table: table.into(),
            day,
            shift,
            amount: Money::units(100),
        };
        let e = drops(
            &mut store,
            &[d("Pontoon 1", 1), d("Pontoon 9", 2)],
            s(&sup, &jana),
        );
        assert!(
            e.unwrap_err()
                .to_string()
                .contains("line 2: there is no table named")
        );
        let e = drops(&mut store, &[d("Pontoon 1", 4)], s(&sup, &jana));
        assert!(
            e.unwrap_err()
                .to_string()
                .contains("shift 4 does not exist")
        );
        assert_eq!(store.head(), head, "nothing logged");
    }

    /// The same inputs, right, are taken; a void stays listed and leaves the tray.
    #[test]
    fn good_money_input_is_taken_and_a_void_stays_listed() {
        let (mut store, [_, sup, jana, _]) = staffed("taken");
        let s = |by, witness| Signers { by, witness };
        let day = NaiveDate::from_ymd_opt(2025, 12, 1).unwrap();
        let d = |table: &str, shift| DropInput {
            table: table.into(),
            day,
            shift,
            amount: Money::units(100),
        };
        let c = count(
            &mut store,
            "Pontoon 1",
            Moment::Opening,
            "500:20 100:5",
            s(&jana, &sup),
        )
        .unwrap();
        assert_eq!((c.total, c.expected), (Money::units(10_500), None));
        let made = slip(&mut store, "Pontoon 1", true, "500:2", s(&sup, &jana)).unwrap();
        assert_eq!(made.number, 1);
        assert_eq!(
            expected_tray(&store, "Pontoon 1").unwrap(),
            Some(Money::units(11_500))
        );
        void_slip(&mut store, 1, "wrong table", &sup).unwrap();
        assert_eq!(
            expected_tray(&store, "Pontoon 1").unwrap(),
            Some(Money::units(10_500))
        );
        assert!(book(&store).unwrap().slips()[0].void);
        assert_eq!(
            slip(&mut store, "Pontoon 1", false, "100:5", s(&sup, &jana))
                .unwrap()
                .number,
            2
        );
        drops(&mut store, &[d("Pontoon 1", 1)], s(&sup, &jana)).unwrap();
        let e = drops(&mut store, &[d("Pontoon 1", 1)], s(&sup, &jana)).unwrap_err();
        assert!(e.to_string().contains("already recorded"), "{e}");
        verify(&store, |_| {}).unwrap();
    }

    #[test]
    fn a_count_room_csv_reads_every_line_or_none() {
        let lines = parse_drop_csv(
            "table;day;shift;amount\nPontoon 1;2026-12-01;1;12345,50\nTable 2;2026-12-01;3;0\n",
        )
        .unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].amount, Money::from_cents(1_234_550));
        assert_eq!(lines[1].table, "Table 2");
        for (text, want) in [
            (
                "Pontoon 1;2026-12-01;1\n",
                "line 1: \"Pontoon 1;2026-12-01;1\" has 3 fields",
            ),
            (
                "Pontoon 1;2026-12-01;1;10\nPontoon 1;1.12.2026;1;10\n",
                "line 2: \"1.12.2026\" is not a gaming day",
            ),
            ("Pontoon 1;2026-12-01;x;10\n", "is not a shift number"),
            ("Pontoon 1;2026-12-01;1;ten\n", "\"ten\""),
            ("\n", "no drop in the file"),
        ] {
            let e = parse_drop_csv(text).unwrap_err().to_string();
            assert!(e.contains(want), "{text}: {e}");
        }
    }
}
