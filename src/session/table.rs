//! A table in play: the dealer's session. Every input goes to the log first (durable),
//! then to the engine; a refused input is logged with why and changes nothing; a round
//! in play survives a crash and comes back exactly where it stopped. The dealer screen,
//! the feed and `croupier demo` drive tables through this, and only this.

use std::sync::{Arc, OnceLock};

pub use super::error::{InputError, LogFault, Refused};
use super::opening;
use super::replay::{LiveRound, TableState, table_state};
use super::round_row::Row;
use super::tables::find_table;
pub(crate) use super::tables::{TableSummary, list_tables};
use super::users::User;
use crate::engine::{BetSpec, Limits, Money, Round, Rules, Step};
use crate::lab::played;
use crate::lab::solutions::{self, Solution};
use crate::log::payload::{self, BetData, Named, Payload, RoundSettled, table_opened};
use crate::log::store::{AuditError, Store};

pub use crate::codes::NotNow;
use crate::codes::{RefusalCode, TableGame};
use crate::script::parse_step;

/// What happened to an input.
#[derive(Debug)]
pub enum Input {
    /// Logged and applied; the round goes on.
    Accepted,
    /// Logged and applied, and it ended the round: the settlement is logged too. The
    /// finished round, for the settlement screen.
    Settled(Box<Round>),
}

/// An open table with its dealer.
pub struct TableSession {
    state: TableState,
    user: User,
    /// Whether this session has kept its rules' theory in the file (`kept_theory`).
    theory_kept: bool,
    /// The table's rules' solve once it is done (the same `Arc` the lab's cache holds):
    /// looking it up there makes the rules' canonical text, ~40 µs a settlement.
    solved: OnceLock<Arc<Solution>>,
}

impl TableSession {
    /// Opens a table by name. A new table is logged with its rules and limits. An existing
    /// one carries on where the log left it (a round in play comes back); changing its
    /// rules or limits needs a supervisor.
    pub fn open(
        store: &mut Store,
        user: User,
        name: &str,
        rules: Rules,
        preset: Option<&str>,
        limits: Limits,
    ) -> Result<TableSession, InputError> {
        let (name, id, exists) = opening::name_and_id(store, TableGame::Pontoon, name)?;
        let state = if exists {
            table_state(store, id)?
        } else {
            None
        };
        let found = state.as_ref().map(|s| opening::Found {
            rules_change: s.rules != rules || s.limits != limits,
            in_play: s.live.is_some(),
            open: s.open,
        });
        let now = super::users::as_now(store, &user)?;
        if opening::must_log(TableGame::Pontoon, &name, &now, found).map_err(InputError::NotNow)? {
            let opened = table_opened(&name, &rules, preset, &limits);
            store.append(&Payload::TableOpened(opened), Some(id), Some(user.id), None)?;
        }
        let state = table_state(store, id)?.ok_or(InputError::NotNow(NotNow::TableNotInLog))?;
        // The rules' decision costs, for the cost each settlement logs: solved once per
        // rules in the process, on a thread of their own (a tenth of a second in a release
        // build, but tens of seconds in a debug one: the table does not wait for them).
        solutions::solve_soon(&state.rules);
        Ok(TableSession {
            state,
            user,
            theory_kept: false,
            solved: OnceLock::new(),
        })
    }

    /// Reopens a table with the rules and limits it last had (after a restart).
    pub fn resume(store: &mut Store, user: User, name: &str) -> Result<TableSession, InputError> {
        let id = find_table(store, name)?.ok_or_else(|| {
            InputError::NotNow(NotNow::NoSuchTableHere {
                name: name.to_string(),
            })
        })?;
        let found = table_state(store, id)?.ok_or_else(|| {
            InputError::NotNow(NotNow::NoSuchTable {
                name: name.to_string(),
            })
        })?;
        let (rules, preset, limits) = (found.rules, found.preset.clone(), found.limits);
        TableSession::open(store, user, name, rules, preset.as_deref(), limits)
    }

    /// Closes the table (logged); the round in play, if any, stays for the next opening.
    pub fn close(self, store: &mut Store) -> Result<(), AuditError> {
        store.append(
            &Payload::TableClosed(Named {
                name: self.state.name.clone(),
            }),
            Some(self.state.id),
            Some(self.user.id),
            None,
        )?;
        Ok(())
    }

    pub fn state(&self) -> &TableState {
        &self.state
    }
    pub(crate) fn user(&self) -> &User {
        &self.user
    }
    pub(crate) fn table_id(&self) -> i64 {
        self.state.id
    }
    /// The round in play, if any.
    pub fn round(&self) -> Option<&Round> {
        self.state.live.as_ref().map(|l| &l.round)
    }
    pub fn live(&self) -> Option<&LiveRound> {
        self.state.live.as_ref()
    }

    /// Another user takes over the table (shift change). The log has the login already.
    pub(crate) fn change_user(&mut self, user: User) {
        self.user = user;
    }

    fn log(
        &self,
        store: &mut Store,
        payload: Payload,
        round: Option<i64>,
    ) -> Result<(), AuditError> {
        store.append(&payload, Some(self.state.id), Some(self.user.id), round)?;
        Ok(())
    }

    /// Logs an input that was refused before it reached a round (e.g. bad bets).
    fn refuse(
        &self,
        store: &mut Store,
        round: Option<i64>,
        text: &str,
        why: Refused,
    ) -> InputError {
        self.log_refusal(store, round, text, why, false)
    }

    fn log_refusal(
        &self,
        store: &mut Store,
        round: Option<i64>,
        text: &str,
        why: Refused,
        unended: bool,
    ) -> InputError {
        let code = match unended {
            true => Some(RefusalCode::Unended),
            false => why.code(self.state.live.as_ref().map(|l| &l.round)),
        };
        let refused = Payload::StepRefused(payload::Refused {
            text: text.to_string(),
            reason: why.to_string(),
            unended,
            refusal: code,
            pontis_refusal: None,
        });
        match self.log(store, refused, round) {
            Ok(()) => InputError::Refused(why),
            Err(e) => InputError::Store(e),
        }
    }

    /// Logs an input refused before it reached the engine (the feed: a line that is not
    /// an input, or an input that is not for now), in the round in play if any.
    pub(crate) fn refuse_input(&self, store: &mut Store, text: &str, why: Refused) -> InputError {
        let round = self.state.live.as_ref().map(|l| l.id);
        self.refuse(store, round, text, why)
    }

    /// Logs the feed's last line when the input ended before its newline: never an input
    /// (marked `unended`, so the replay does not ask the engine whether it would take it).
    pub(crate) fn refuse_unended(&self, store: &mut Store, text: &str, why: Refused) -> InputError {
        let round = self.state.live.as_ref().map(|l| l.id);
        self.log_refusal(store, round, text, why, true)
    }

    /// A new shoe, between rounds.
    pub fn new_shoe(&mut self, store: &mut Store) -> Result<(), InputError> {
        if self.state.live.is_some() {
            return Err(InputError::NotNow(NotNow::ShoeDuringRound));
        }
        let shoe = payload::ShoeNew {
            decks: self.state.rules.decks(),
            shoe: self.state.shoe_no + 1,
        };
        self.log(store, Payload::ShoeNew(shoe), None)?;
        self.state.shoe = crate::engine::Shoe::new(self.state.rules.decks());
        self.state.seen.clear();
        self.state.shoe_no += 1;
        Ok(())
    }

    /// A table on the money side deals only after its tray is counted for the gaming day.
    fn check_count_due(&self, store: &Store) -> Result<(), InputError> {
        match super::money_log::count_due(store, self.state.id, store.now()) {
            Ok(false) => Ok(()),
            Ok(true) => Err(InputError::NotNow(NotNow::CountDue {
                name: self.state.name.clone(),
            })),
            Err(super::money_log::MoneyError::Store(e)) => Err(InputError::Store(e)),
            Err(e) => Err(LogFault::Money(e).into()),
        }
    }

    /// Whether the table must be counted before it deals (what the table screen asks for).
    pub fn count_due(&self, store: &Store) -> Result<bool, InputError> {
        match self.check_count_due(store) {
            Ok(()) => Ok(false),
            Err(InputError::NotNow(NotNow::CountDue { .. })) => Ok(true),
            Err(e) => Err(e),
        }
    }

    /// The expected tray (last count and everything since), for the top bar; `None` off
    /// the money side or before the table's first count.
    pub fn expected_tray(&self, store: &Store) -> Result<Option<Money>, InputError> {
        super::money_log::expected_tray(store, &self.state.name).map_err(|e| match e {
            super::money_log::MoneyError::Store(e) => InputError::Store(e),
            e => LogFault::Money(e).into(),
        })
    }

    /// Cash exchanged for chips at this table (into box `box_no` if named), by its
    /// dealer: logged durably. Whether it is over the cash threshold (flagged).
    pub fn cash(
        &mut self,
        store: &mut Store,
        amount: Money,
        box_no: Option<u8>,
    ) -> Result<bool, InputError> {
        use super::money_log::{MoneyError, cash, chip_set};
        let on = chip_set(store).map_err(|e| match e {
            MoneyError::Store(e) => InputError::Store(e),
            e => LogFault::Money(e).into(),
        })?;
        if on.is_none() {
            return Err(InputError::NotNow(NotNow::NoChipSet));
        }
        cash(store, self.state.id, amount, box_no, &self.user).map_err(|e| match e {
            MoneyError::Store(e) => InputError::Store(e),
            e => LogFault::Money(e).into(),
        })
    }

    /// Starts a round with these bets (the engine checks them against rules and limits).
    pub fn start_round(
        &mut self,
        store: &mut Store,
        bets: Vec<BetSpec>,
    ) -> Result<i64, InputError> {
        if self.state.live.is_some() {
            return Err(InputError::NotNow(NotNow::RoundInPlay));
        }
        self.check_count_due(store)?;
        let bets: Arc<[BetSpec]> = bets.into();
        let start = match Round::with_shoe(
            self.state.rules,
            self.state.limits,
            bets.clone(),
            self.state.shoe.clone(),
        ) {
            Ok(r) => r,
            Err(e) => {
                let text = format!("bets {}", bets_text(&bets));
                return Err(self.refuse(store, None, &text, Refused::Bets(e)));
            }
        };
        let id = store.round_count()? + 1;
        let started = payload::RoundStarted {
            bets: bets.iter().map(BetData::of).collect(),
            shoe: self.state.shoe_no,
        };
        self.log(store, Payload::RoundStarted(started), Some(id))?;
        self.state.live = Some(LiveRound {
            id,
            bets,
            seen: self.state.seen.clone(),
            round: start.clone(),
            start,
            steps: Vec::new(),
            texts: Vec::new(),
            tally: None,
            squares: (0, 0),
        });
        Ok(id)
    }

    /// One dealer input as typed (`"K"`, `"stick"`, `"insure 1a 5"`).
    pub fn input_text(&mut self, store: &mut Store, text: &str) -> Result<Input, InputError> {
        let Some(live) = self.state.live.as_ref() else {
            return Err(InputError::NotNow(NotNow::NoRound));
        };
        let id = live.id;
        match parse_step(text, &live.round) {
            Ok(step) => self.input(store, step),
            Err(why) => {
                let expected = live.round.expected();
                let why = why.to_string();
                Err(self.refuse(store, Some(id), text, Refused::Unreadable { why, expected }))
            }
        }
    }

    /// One dealer input. Logged durably before it is applied; refused inputs are logged
    /// with why and change nothing.
    pub fn input(&mut self, store: &mut Store, step: Step) -> Result<Input, InputError> {
        let Some(live) = self.state.live.as_ref() else {
            return Err(InputError::NotNow(NotNow::NoRound));
        };
        let id = live.id;
        let text = live.round.step_text(step);
        let checked = match live.round.check_step(step) {
            Ok(checked) => checked,
            Err(e) => return Err(self.refuse(store, Some(id), &text, Refused::Step(e))),
        };
        // Checked once, above; carried out on a copy, which becomes the round only once
        // the input (and, if it ends the round, the settlement) is durable.
        let mut after = live.round.clone();
        after.perform(checked);
        if after.is_complete() {
            // The last input and the settlement are one transaction: both, or neither.
            let own = !store.in_batch();
            if own {
                store.begin_batch()?;
            }
            let mut steps = live.steps.clone();
            steps.push(step);
            let mut texts = live.texts.clone();
            texts.push(text.clone());
            let (cost, row) = self.settled_row(live, &after, &steps, texts);
            let settled = Payload::RoundSettled(RoundSettled::of(&after).costing(cost));
            let written = self
                .log(store, step_payload(&text), Some(id))
                .and_then(|()| self.log_settled(store, settled, id, &row));
            match written {
                Ok(()) if own => store.commit_batch()?,
                Ok(()) => {}
                Err(e) => {
                    if own {
                        store.rollback_batch()?;
                    }
                    return Err(e.into());
                }
            }
            // Once its rules' solve is done, the table keeps their theory for the reports,
            // after the settlement is durable and outside any caller's batch (derived: a
            // failure to keep it must never touch the round's transaction; the next
            // settlement tries again, and the reports solve meanwhile).
            if own && cost.is_some() && !self.theory_kept {
                self.theory_kept =
                    super::kept_theory::keep_if_solved(store, live.start.rules()).unwrap_or(false);
            }
            let mut live = self.state.live.take().expect("checked above");
            live.round = after;
            live.steps.push(step);
            live.texts.push(text);
            let finished = Box::new(live.round.clone());
            self.close_round(live);
            return Ok(Input::Settled(finished));
        }
        self.log(store, step_payload(&text), Some(id))?;
        let live = self.state.live.as_mut().expect("checked above");
        live.round = after;
        live.steps.push(step);
        live.texts.push(text);
        Ok(Input::Accepted)
    }

    /// What the decisions of a round played from `start` through `steps` gave up, as a
    /// settlement logs it; `None` (no cost logged: the reports replay the round) while the
    /// rules are still being solved, or when the lab cannot solve them.
    fn cost_of(&self, start: &Round, steps: &[Step]) -> Option<played::AsPlayed> {
        let s = match self.solved.get() {
            Some(s) if *start.rules() == self.state.rules => s.clone(),
            _ => {
                let s = solutions::solved_now(start.rules())?;
                if *start.rules() == self.state.rules {
                    let _ = self.solved.set(s.clone());
                }
                s
            }
        };
        played::of_steps(&s.costs, start.clone(), steps).ok()
    }

    /// The settlement's cost (as [`TableSession::cost_of`]) and the round's row
    /// (`round_row`) of `live` played to `after` through `steps`, logged as `texts`.
    fn settled_row(
        &self,
        live: &LiveRound,
        after: &Round,
        steps: &[Step],
        texts: Vec<String>,
    ) -> (Option<i64>, Vec<u8>) {
        let played = self.cost_of(&live.start, steps);
        let cost = played.as_ref().map(|p| played::logged_cost(p.cost()));
        let bets = live.bets.iter().map(BetData::of).collect();
        let row = Row::settled(bets, texts, payload::nets_of(after), played.as_ref());
        (cost, row.encode())
    }

    /// Logs a settlement of round `id` with its row, in one transaction.
    fn log_settled(
        &self,
        store: &mut Store,
        settled: Payload,
        id: i64,
        row: &[u8],
    ) -> Result<(), AuditError> {
        let ids = (Some(self.state.id), Some(self.user.id), Some(id));
        store.append_row(&settled, ids, Some(row))?;
        Ok(())
    }

    /// The round is settled and logged: its cards join the shoe's count.
    fn close_round(&mut self, live: LiveRound) {
        for &s in &live.steps {
            if let Step::Card(c) = s {
                self.state.seen.push(c);
            }
        }
        self.state.shoe = live.round.shoe().clone();
    }

    /// Logs the settlement of the complete round in play and closes it.
    fn settle(&mut self, store: &mut Store) -> Result<(), AuditError> {
        let Some(live) = self.state.live.as_ref() else {
            return Ok(());
        };
        let (cost, row) = self.settled_row(live, &live.round, &live.steps, live.texts.clone());
        let settled = Payload::RoundSettled(RoundSettled::of(&live.round).costing(cost));
        self.log_settled(store, settled, live.id, &row)?;
        let live = self.state.live.take().expect("checked above");
        self.close_round(live);
        Ok(())
    }

    /// Takes back the last input of the round in play (logged as an undo). After the
    /// settlement only a supervisor's correction can change a round.
    pub fn undo(&mut self, store: &mut Store) -> Result<Step, InputError> {
        let Some(live) = self.state.live.as_ref() else {
            return Err(InputError::NotNow(NotNow::UndoSettled));
        };
        let Some(&last) = live.steps.last() else {
            return Err(InputError::NotNow(NotNow::NothingToUndoInRound));
        };
        let text = live.round.step_text(last);
        let id = live.id;
        self.log(
            store,
            Payload::Undo(payload::Input { text: text.clone() }),
            Some(id),
        )?;
        let live = self.state.live.as_mut().expect("checked above");
        live.undo();
        Ok(last)
    }

    /// Finishes the settlement of a round that was complete but not yet logged as settled
    /// (a crash between the last input and its settlement).
    pub(crate) fn recover(&mut self, store: &mut Store) -> Result<bool, InputError> {
        if self
            .state
            .live
            .as_ref()
            .is_some_and(|l| l.round.is_complete())
        {
            self.settle(store)?;
            return Ok(true);
        }
        Ok(false)
    }
}

fn step_payload(text: &str) -> Payload {
    Payload::Step(payload::Input {
        text: text.to_string(),
    })
}

/// Bets as a refused input's text shows them (`bets [{"id":…}]`).
fn bets_text(bets: &[BetSpec]) -> String {
    serde_json::to_string(&bets.iter().map(BetData::of).collect::<Vec<_>>()).unwrap_or_default()
}
