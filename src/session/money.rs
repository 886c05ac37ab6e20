//! The table's money as the log has it: `MoneyBook`, the one reading of the chip set,
//! pars, slips, tray counts, cash and drops (the expected tray of every table, the slip
//! sequence, each stretch between two counts). The sessions, `verify` and the close-out
//! all feed it the same events; it never reads or writes the log itself.

use std::collections::{BTreeMap, HashMap};

use super::chips::{ChipError, ChipSet, Chips};
use crate::engine::Money;
use crate::log::payload::{ChipCount, MoneyEvent, MoneyWhat, PayloadError};

/// When a tray is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// Before the table's first round of a gaming day.
    Opening,
    /// At a shift change: closes one stretch and opens the next.
    Change,
    /// When the table closes.
    Closing,
}

impl Moment {
    pub fn word(self) -> &'static str {
        match self {
            Moment::Opening => "opening",
            Moment::Change => "change",
            Moment::Closing => "closing",
        }
    }

    pub fn parse(word: &str) -> Option<Moment> {
        [Moment::Opening, Moment::Change, Moment::Closing]
            .into_iter()
            .find(|m| m.word() == word)
    }
}

/// A fill or credit slip as logged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slip {
    pub number: i64,
    pub table: String,
    pub fill: bool,
    pub amount: Money,
    pub at: i64,
    pub void: bool,
    /// The table's stretch (count number) it was logged in.
    stretch: u32,
}

/// A table's money between two counts (or since its last count, while `closing` is none):
/// what the close-out reports per table and shift.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stretch {
    pub table: String,
    pub start_at: i64,
    pub end_at: Option<i64>,
    pub opening: Money,
    pub closing: Option<Money>,
    /// The expected tray when it closed: opening + fills − credits − cash + dealt win.
    pub expected: Option<Money>,
    pub fills: Money,
    pub credits: Money,
    pub cash: Money,
    /// The house net of the rounds settled in it (voids and corrections applied).
    pub dealt: Money,
    pub rounds: i64,
    /// Its fills, credits, cash and rounds, dated, in log order (voided ones gone): what
    /// a par table's stretch is split by, shift by shift.
    pub moves: Vec<Move>,
}

/// What moved a stretch's tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A fill slip (its number).
    Fill(i64),
    /// A credit slip (its number).
    Credit(i64),
    Cash,
    /// A round settled (its id); its amount is the house net.
    Round(i64),
    /// So many rounds of one UTC hour, taken together from the kept totals (the
    /// close-out's whole hours); its amount is their house net.
    Rounds(i64),
}

/// One dated movement of a stretch's tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub at: i64,
    pub kind: MoveKind,
    pub amount: Money,
}

impl Move {
    /// What it does to the expected tray.
    pub fn effect(&self) -> Money {
        match self.kind {
            MoveKind::Fill(_) | MoveKind::Round(_) | MoveKind::Rounds(_) => self.amount,
            MoveKind::Credit(_) | MoveKind::Cash => -self.amount,
        }
    }
}

/// A round's move in `moves`: its net set (a correction) or the move gone (a void).
fn amend_move(moves: &mut Vec<Move>, round: i64, net: Option<Money>) {
    if let Some(i) = moves.iter().position(|m| m.kind == MoveKind::Round(round)) {
        match net {
            Some(n) => moves[i].amount = n,
            None => {
                moves.remove(i);
            }
        }
    }
}

impl Stretch {
    /// The tray now, by the log: the opening count and everything since.
    pub fn expected_now(&self) -> Money {
        self.opening + self.fills - self.credits - self.cash + self.dealt
    }
}

/// A logged cash exchange.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CashLine {
    pub table: String,
    pub at: i64,
    pub amount: Money,
    pub box_no: Option<u8>,
    pub over_threshold: bool,
}

/// A count room's drop count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropLine {
    pub table: String,
    pub day: chrono::NaiveDate,
    pub shift: u8,
    pub amount: Money,
}

/// A table's tray as the log has it.
#[derive(Clone, Debug, Default)]
struct Tray {
    /// Counts so far (the stretch number of the open one).
    counts: u32,
    open: Option<Stretch>,
    /// Rounds settled in the open stretch: round → house net.
    rounds: HashMap<i64, Money>,
    par: Option<Money>,
    /// Every par it was given, (when, par), in log order: a past shift's par.
    pars: Vec<(i64, Money)>,
}

/// Every money event of a database read in log order, with the rounds' house nets.
/// Money events are a few a shift: the book keeps them all (stretches, cash, drops).
#[derive(Clone, Debug, Default)]
pub struct MoneyBook {
    chips: Option<ChipSet>,
    threshold: Option<Money>,
    slips: Vec<Slip>,
    trays: BTreeMap<String, Tray>,
    /// Round → its table, for voids and corrections.
    round_table: HashMap<i64, String>,
    /// A count's logged expected tray is not checked against the book's: fed the money
    /// events only (no rounds: the chip set, pars, threshold and slips hold, the expected
    /// trays do not), or the rounds' standing figures (`standing`).
    unchecked: bool,
    pub(crate) closed: Vec<Stretch>,
    /// Rounds of the closed stretches: round → (its stretch in `closed`, its house net),
    /// so that a void or correction after the count still reaches its shift.
    closed_rounds: HashMap<i64, (usize, Money)>,
    pub(crate) cash_lines: Vec<CashLine>,
    pub(crate) drops: Vec<DropLine>,
}

/// Why a logged money event does not hold (verify's words; the sessions check first):
/// what the event says, and what the book expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// The event's data does not read as its kind's payload.
    #[error("{0}")]
    Unreadable(PayloadError),
    #[error("it names no table")]
    NoTable,
    #[error("the chip set belongs to the database, not a table")]
    ChipSetOfTable,
    #[error("its denominations are not a chip set (each above zero, once)")]
    NotAChipSet,
    #[error(transparent)]
    Chips(#[from] ChipError),
    #[error("the cash threshold belongs to the database, not a table")]
    ThresholdOfTable,
    #[error("cash at a table of a database with no chip set (the money side is off)")]
    CashWithoutChips,
    #[error("a cash threshold of {0}: it must be above zero")]
    Threshold(Money),
    #[error("{0:?} is not a count's moment (opening, change, closing)")]
    Moment(String),
    #[error(
        "the count logged an expected tray of {}, but the log gives {}",
        shown(*.logged),
        shown(*.expected)
    )]
    Expected {
        logged: Option<Money>,
        expected: Option<Money>,
    },
    #[error(
        "slip number {number}: the next slip is number {want} (a number never repeats or skips)"
    )]
    SlipNumber { number: i64, want: i64 },
    #[error("a void without a reason")]
    VoidWithoutReason,
    #[error("voids slip {0}, which does not exist")]
    NoSuchSlip(i64),
    #[error("voids slip {0} a second time")]
    VoidedTwice(i64),
    #[error("cash of {0}: an exchange is above zero")]
    Cash(Money),
    #[error("{0:?} is not a gaming day (2026-12-01)")]
    Day(String),
    #[error("a drop of {amount} for shift {shift}")]
    Drop { amount: Money, shift: u8 },
    #[error("a second drop for {table}, {day} shift {shift}")]
    SecondDrop {
        table: String,
        day: chrono::NaiveDate,
        shift: u8,
    },
}

impl MoneyBook {
    /// A book to be fed the money events alone (its expected trays are not the log's).
    pub(crate) fn without_rounds() -> MoneyBook {
        MoneyBook {
            unchecked: true,
            ..MoneyBook::default()
        }
    }

    /// A book to be fed the rounds' standing figures (the close-out's kept totals: a void
    /// or correction is in them from the start, so a count's logged expected tray, which
    /// has only what came before it, is not checked; `verify` checks it on the events).
    /// Its stretches' dealt wins and expected trays end as those of the book fed every
    /// event.
    pub(crate) fn standing() -> MoneyBook {
        MoneyBook::without_rounds()
    }

    /// The chip set, once one is set: the money side is on.
    pub fn chip_set(&self) -> Option<&ChipSet> {
        self.chips.as_ref()
    }

    pub fn cash_threshold(&self) -> Option<Money> {
        self.threshold
    }

    /// The number the next fill or credit slip takes.
    pub fn next_slip(&self) -> i64 {
        self.slips.len() as i64 + 1
    }

    pub fn slips(&self) -> &[Slip] {
        &self.slips
    }

    /// The table's open stretch (since its last count), if it was ever counted and not
    /// closed.
    pub fn open_stretch(&self, table: &str) -> Option<&Stretch> {
        self.trays.get(table).and_then(|t| t.open.as_ref())
    }

    /// The expected tray of a table: its last count and everything since; `None` before
    /// its first count or after its closing count.
    pub fn expected_tray(&self, table: &str) -> Option<Money> {
        self.open_stretch(table).map(Stretch::expected_now)
    }

    pub fn par(&self, table: &str) -> Option<Money> {
        self.trays.get(table).and_then(|t| t.par)
    }

    /// The table's par in force just before `at` (ms): the last one set before it; `None`
    /// if it had none yet. A past shift's par is this at the shift's end.
    pub fn par_before(&self, table: &str, at: i64) -> Option<Money> {
        let t = self.trays.get(table)?;
        t.pars
            .iter()
            .rev()
            .find(|(when, _)| *when < at)
            .map(|(_, p)| *p)
    }

    /// The tables with a par, each with it.
    pub fn pars(&self) -> impl Iterator<Item = (&str, Money)> {
        self.trays
            .iter()
            .filter_map(|(n, t)| t.par.map(|p| (n.as_str(), p)))
    }

    /// How many times the table's tray was counted.
    pub(crate) fn counts(&self, table: &str) -> u32 {
        self.trays.get(table).map_or(0, |t| t.counts)
    }

    /// When the table was last counted, if it was.
    pub fn last_count_at(&self, table: &str) -> Option<i64> {
        self.open_stretch(table).map(|s| s.start_at)
    }

    /// Every stretch, the closed ones and then those still open.
    pub fn stretches(&self) -> Vec<Stretch> {
        let mut out = self.closed.clone();
        out.extend(self.trays.values().filter_map(|t| t.open.clone()));
        out
    }

    /// Whether a drop for the table, gaming day and shift is logged.
    pub fn has_drop(&self, table: &str, day: chrono::NaiveDate, shift: u8) -> bool {
        self.drops
            .iter()
            .any(|d| d.table == table && d.day == day && d.shift == shift)
    }

    pub fn cash_lines(&self) -> &[CashLine] {
        &self.cash_lines
    }

    pub fn drops(&self) -> &[DropLine] {
        &self.drops
    }

    fn chips_of(&self, c: &[ChipCount]) -> Result<Chips, Fault> {
        let set = self.chips.as_ref().ok_or(ChipError::NoChipSet)?;
        Ok(Chips::from_logged(c, set)?)
    }

    /// A round settled at `table`: its house net joins the open stretch.
    pub fn settled(&mut self, at: i64, table: &str, round: i64, house_net: Money) {
        self.round_table.insert(round, table.to_string());
        if let Some(t) = self.trays.get_mut(table)
            && let Some(s) = t.open.as_mut()
        {
            s.dealt += house_net;
            s.rounds += 1;
            s.moves.push(Move {
                at,
                kind: MoveKind::Round(round),
                amount: house_net,
            });
            t.rounds.insert(round, house_net);
        }
    }

    /// `rounds` rounds of `table` settled within one UTC hour from `at`, with their
    /// standing house net (voids and corrections applied), taken together: they join the
    /// open stretch as one move. None of them can be amended later (their amendments are
    /// in the sum already).
    pub fn settled_together(&mut self, at: i64, table: &str, rounds: i64, house_net: Money) {
        if let Some(s) = self.trays.get_mut(table).and_then(|t| t.open.as_mut()) {
            s.dealt += house_net;
            s.rounds += rounds;
            s.moves.push(Move {
                at,
                kind: MoveKind::Rounds(rounds),
                amount: house_net,
            });
        }
    }

    /// A round's house net changed (a correction) or went (a void, `None`): the open
    /// stretch follows if the round was settled in it.
    pub fn amended(&mut self, round: i64, house_net: Option<Money>) {
        let Some(table) = self.round_table.get(&round) else {
            return;
        };
        // Counted already: its stretch's dealt win and expected tray follow (the count
        // stands as counted, so the tray difference becomes what it really was).
        if let Some((i, was)) = self.closed_rounds.get(&round).copied()
            && let Some(s) = self.closed.get_mut(i)
        {
            let change = house_net.unwrap_or(Money::ZERO) - was;
            s.dealt += change;
            s.expected = s.expected.map(|e| e + change);
            amend_move(&mut s.moves, round, house_net);
            match house_net {
                Some(n) => {
                    self.closed_rounds.insert(round, (i, n));
                }
                None => {
                    s.rounds -= 1;
                    self.closed_rounds.remove(&round);
                }
            }
            return;
        }
        if let Some(t) = self.trays.get_mut(table)
            && let Some(s) = t.open.as_mut()
            && let Some(was) = t.rounds.get(&round).copied()
        {
            s.dealt -= was;
            amend_move(&mut s.moves, round, house_net);
            match house_net {
                Some(n) => {
                    s.dealt += n;
                    t.rounds.insert(round, n);
                }
                None => {
                    s.rounds -= 1;
                    t.rounds.remove(&round);
                }
            }
        }
    }

    /// A `money` event at `at`, of `table` (none for the database's own settings).
    pub fn money(&mut self, at: i64, table: Option<&str>, e: &MoneyEvent) -> Result<(), Fault> {
        let need = || table.ok_or(Fault::NoTable);
        match &e.what {
            MoneyWhat::ChipSet { denoms } => {
                if table.is_some() {
                    return Err(Fault::ChipSetOfTable);
                }
                let set = ChipSet::from_logged(denoms).ok_or(Fault::NotAChipSet)?;
                self.chips = Some(set);
            }
            MoneyWhat::CashThreshold { amount } => {
                if table.is_some() {
                    return Err(Fault::ThresholdOfTable);
                }
                if !amount.is_positive() {
                    return Err(Fault::Threshold(*amount));
                }
                self.threshold = Some(*amount);
            }
            MoneyWhat::Par { chips } => {
                let total = self.chips_of(chips)?.total();
                let tray = self.trays.entry(need()?.to_string()).or_default();
                tray.par = Some(total);
                tray.pars.push((at, total));
            }
            MoneyWhat::Count {
                moment,
                chips,
                expected,
            } => self.count(at, need()?, moment, chips, *expected)?,
            MoneyWhat::Fill { slip, chips } => self.slip(at, need()?, *slip, true, chips)?,
            MoneyWhat::Credit { slip, chips } => self.slip(at, need()?, *slip, false, chips)?,
            MoneyWhat::Void { slip, reason } => self.void(*slip, reason)?,
            MoneyWhat::Cash { amount, box_no } => self.cash(at, need()?, *amount, *box_no)?,
            MoneyWhat::Drop { day, shift, amount } => {
                self.drop_count(need()?, day, *shift, *amount)?
            }
        }
        Ok(())
    }

    fn count(
        &mut self,
        at: i64,
        table: &str,
        moment: &str,
        chips: &[ChipCount],
        logged: Option<Money>,
    ) -> Result<(), Fault> {
        let moment = Moment::parse(moment).ok_or_else(|| Fault::Moment(moment.to_string()))?;
        let total = self.chips_of(chips)?.total();
        let tray = self.trays.entry(table.to_string()).or_default();
        let expected = tray.open.as_ref().map(Stretch::expected_now);
        if expected != logged && !self.unchecked {
            return Err(Fault::Expected { logged, expected });
        }
        if let Some(mut s) = tray.open.take() {
            s.end_at = Some(at);
            s.closing = Some(total);
            s.expected = expected;
            self.closed.push(s);
            let i = self.closed.len() - 1;
            self.closed_rounds
                .extend(tray.rounds.iter().map(|(r, n)| (*r, (i, *n))));
        }
        tray.rounds.clear();
        tray.counts += 1;
        if moment != Moment::Closing {
            tray.open = Some(Stretch {
                table: table.to_string(),
                start_at: at,
                opening: total,
                ..Stretch::default()
            });
        }
        Ok(())
    }

    fn slip(
        &mut self,
        at: i64,
        table: &str,
        number: i64,
        fill: bool,
        chips: &[ChipCount],
    ) -> Result<(), Fault> {
        let want = self.next_slip();
        if number != want {
            return Err(Fault::SlipNumber { number, want });
        }
        let amount = self.chips_of(chips)?.total();
        let tray = self.trays.entry(table.to_string()).or_default();
        if let Some(s) = tray.open.as_mut() {
            if fill {
                s.fills += amount;
            } else {
                s.credits += amount;
            }
            s.moves.push(Move {
                at,
                kind: match fill {
                    true => MoveKind::Fill(number),
                    false => MoveKind::Credit(number),
                },
                amount,
            });
        }
        self.slips.push(Slip {
            number,
            table: table.to_string(),
            fill,
            amount,
            at,
            void: false,
            stretch: tray.counts,
        });
        Ok(())
    }

    fn void(&mut self, number: i64, reason: &str) -> Result<(), Fault> {
        if reason.trim().is_empty() {
            return Err(Fault::VoidWithoutReason);
        }
        let slip = usize::try_from(number - 1)
            .ok()
            .and_then(|i| self.slips.get_mut(i))
            .ok_or(Fault::NoSuchSlip(number))?;
        if slip.void {
            return Err(Fault::VoidedTwice(number));
        }
        slip.void = true;
        if let Some(t) = self.trays.get_mut(&slip.table)
            && t.counts == slip.stretch
            && let Some(s) = t.open.as_mut()
        {
            if slip.fill {
                s.fills -= slip.amount;
            } else {
                s.credits -= slip.amount;
            }
            s.moves.retain(
                |m| !matches!(m.kind, MoveKind::Fill(n) | MoveKind::Credit(n) if n == number),
            );
        }
        Ok(())
    }

    fn cash(
        &mut self,
        at: i64,
        table: &str,
        amount: Money,
        box_no: Option<u8>,
    ) -> Result<(), Fault> {
        if !amount.is_positive() {
            return Err(Fault::Cash(amount));
        }
        if self.chips.is_none() {
            return Err(Fault::CashWithoutChips);
        }
        if let Some(s) = self.trays.get_mut(table).and_then(|t| t.open.as_mut()) {
            s.cash += amount;
            s.moves.push(Move {
                at,
                kind: MoveKind::Cash,
                amount,
            });
        }
        self.cash_lines.push(CashLine {
            table: table.to_string(),
            at,
            amount,
            box_no,
            over_threshold: self.threshold.is_some_and(|t| amount > t),
        });
        Ok(())
    }

    fn drop_count(
        &mut self,
        table: &str,
        day: &str,
        shift: u8,
        amount: Money,
    ) -> Result<(), Fault> {
        let day = chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d")
            .map_err(|_| Fault::Day(day.to_string()))?;
        if shift == 0 || amount.cents() < 0 {
            return Err(Fault::Drop { amount, shift });
        }
        if self.has_drop(table, day, shift) {
            return Err(Fault::SecondDrop {
                table: table.to_string(),
                day,
                shift,
            });
        }
        self.drops.push(DropLine {
            table: table.to_string(),
            day,
            shift,
            amount,
        });
        Ok(())
    }
}

fn shown(m: Option<Money>) -> String {
    m.map_or_else(|| "none (a first count)".to_string(), |m| m.to_string())
}
