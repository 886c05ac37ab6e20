//! Pontis tables in the log: the host's session (`PontisSession`: open a Pontis table,
//! start a game, each bank card, play and pass logged first and then applied, refusals
//! logged with why, undo, the end logged with the last input in one transaction), and
//! their replay (`PontisTables`: every game rebuilt through the Pontis engine, each
//! logged end compared with the engine's; a game written back as a game script).
//! Beside `table.rs` (Pontoon); the same store, users and hash chain.

use std::collections::HashMap;

pub use super::error::BankNeverTurned;
use super::error::{Discrepancy, EventFault, InputError, Refused, ReplayError, event_fault as bad};
use super::export::Finds;
use super::opening;
use super::tables::find_pontis_table;
pub use super::tables::list_pontis_tables;
use super::users::User;
use crate::codes::{NotNow, PontisRefusalCode, TableGame};
use crate::engine::pontis::{Game, PontisRules, Step, parse_step};
use crate::log::event::{Event, EventKind};
use crate::log::payload::{self, Named, Payload, PontisEnded, PontisOpened, PontisStarted};
use crate::log::store::{AuditError, LogRefusal, NOT_STEP, Store};
use crate::pontis_script::PontisScript;

/// A Pontis game in play, as rebuilt from its events.
#[derive(Clone, Debug)]
pub struct LiveGame {
    /// Its number in this database (1, 2, … over every Pontis table).
    pub number: i64,
    pub(crate) start: Game,
    pub game: Game,
    /// The inputs that stand (bank cards, plays, passes), in order.
    pub steps: Vec<Step>,
}

impl LiveGame {
    /// Takes back the last input: replays the others from the start.
    fn undo(&mut self) -> Option<Step> {
        let last = self.steps.pop()?;
        let mut g = self.start.clone();
        for &s in &self.steps {
            // Accepted in this order before; they are again.
            let _ = g.apply(s);
        }
        self.game = g;
        Some(last)
    }

    /// The game as a game script (PONTIS-SCRIPT.md): every bank card, then the plays and
    /// passes as entered. A game that ended before some bank card was turned up cannot be
    /// written as a script, which needs them all.
    pub(crate) fn script(&self) -> Result<PontisScript, BankNeverTurned> {
        let g = &self.game;
        let banks = (0..g.players())
            .map(|s| {
                g.bank(s).first().copied().ok_or_else(|| BankNeverTurned {
                    player: g.names()[s].clone(),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(PontisScript {
            rules: *g.rules(),
            players: g.names().to_vec(),
            dealer: g.dealer(),
            banks,
            plays: self
                .steps
                .iter()
                .filter(|s| !matches!(s, Step::Turn { .. }))
                .map(|s| g.step_text(s))
                .collect(),
        })
    }
}

/// A Pontis table as the log describes it.
#[derive(Clone, Debug)]
pub struct PontisTable {
    pub(crate) id: i64,
    pub name: String,
    pub rules: PontisRules,
    pub(crate) open: bool,
    pub live: Option<LiveGame>,
}

/// Every Pontis table of a log, replayed event by event (inside `Replayer`).
#[derive(Default)]
pub(crate) struct PontisTables {
    pub(crate) tables: HashMap<i64, PontisTable>,
    pub(crate) games: i64,
    pub(crate) ended: i64,
    pub(crate) refused: i64,
    pub(crate) undos: i64,
    /// Games are numbered 1, 2, … over the whole log: checked when every table is read.
    pub(crate) check_numbers: bool,
    /// When set, the game with this number is kept, as a script, at its end.
    pub(crate) want_game: Option<i64>,
    pub(crate) found: Option<(PontisScript, PontisEnded)>,
    /// When set, each refused input in order, with its code as logged or, for an event
    /// logged before codes were, as the replay derives it.
    pub(crate) refusals: Option<Vec<RefusalRow>>,
}

/// A logged Pontis refusal: what was typed, the log's English reason, and why as data
/// (logged, or derived by the replay for an older event; `None` for a refused start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusalRow {
    pub seq: i64,
    pub at: i64,
    pub text: String,
    pub reason: String,
    pub code: Option<PontisRefusalCode>,
}

/// The engine's code for `text` refused in `game`: the play's refusal, or the reader's
/// when the text is no input here. `None` if the engine accepts it.
fn derive_code(game: &Game, text: &str) -> Option<PontisRefusalCode> {
    match parse_step(text, game) {
        Err(_) => Some(PontisRefusalCode::UnreadableInput),
        Ok(step) => game
            .check(&step)
            .err()
            .map(|e| PontisRefusalCode::of_play(&e.reason)),
    }
}

/// Whether a logged code is the engine's answer `derived`: equal, or a play on a seat
/// that does not exist (its text names no player, so it reads back as no input).
fn code_holds(logged: &PontisRefusalCode, derived: &PontisRefusalCode) -> bool {
    logged == derived
        || (*derived == PontisRefusalCode::UnreadableInput
            && matches!(logged, PontisRefusalCode::NoSeat { .. }))
}

fn read<T: serde::de::DeserializeOwned>(e: &Event) -> Result<T, ReplayError> {
    serde_json::from_str(&e.data).map_err(|error| {
        let kind = e.kind.name();
        bad(e, EventFault::Data { kind, error })
    })
}

fn rules_of(e: &Event, v: &serde_json::Value) -> Result<PontisRules, ReplayError> {
    PontisRules::from_value(v).map_err(|x| bad(e, EventFault::PontisRules(x)))
}

impl PontisTables {
    /// Whether the log's table with this id is a Pontis table.
    pub(crate) fn has(&self, table: Option<i64>) -> bool {
        table.is_some_and(|id| self.tables.contains_key(&id))
    }

    fn table<'a>(
        tables: &'a mut HashMap<i64, PontisTable>,
        e: &Event,
    ) -> Result<&'a mut PontisTable, ReplayError> {
        let id = e.table.ok_or_else(|| bad(e, EventFault::NoTable))?;
        tables
            .get_mut(&id)
            .ok_or_else(|| bad(e, EventFault::PontisTableNeverOpened(id)))
    }

    /// The table, which must be open: the session logs a game's events only there.
    fn open_table<'a>(
        tables: &'a mut HashMap<i64, PontisTable>,
        e: &Event,
    ) -> Result<&'a mut PontisTable, ReplayError> {
        let t = Self::table(tables, e)?;
        if !t.open {
            return Err(bad(e, EventFault::PontisTableClosed(t.name.clone())));
        }
        Ok(t)
    }

    fn live<'a>(
        tables: &'a mut HashMap<i64, PontisTable>,
        e: &Event,
    ) -> Result<&'a mut LiveGame, ReplayError> {
        Self::open_table(tables, e)?
            .live
            .as_mut()
            .ok_or_else(|| bad(e, EventFault::NoGameInPlay))
    }

    /// The number of the game at this table whose last play ended it: its end is logged
    /// with that play, in one transaction, so nothing else at the table comes between.
    fn over_at(&self, table: Option<i64>) -> Option<i64> {
        let t = self.tables.get(&table?)?;
        t.live
            .as_ref()
            .filter(|l| l.game.is_over())
            .map(|l| l.number)
    }

    /// Refuses any event but the game's end at a table whose game is over.
    pub(crate) fn check_awaiting_end(&self, e: &Event) -> Result<(), ReplayError> {
        match self.over_at(e.table) {
            Some(n) if e.kind != EventKind::PontisEnded => {
                Err(bad(e, EventFault::GameOverAwaitingEnd(n)))
            }
            _ => Ok(()),
        }
    }

    /// At the end of the log: a game whose last play ended it has its end logged (they
    /// are one transaction).
    pub(crate) fn finish(&self) -> Result<(), ReplayError> {
        let mut over: Vec<i64> = self
            .tables
            .values()
            .filter_map(|t| self.over_at(Some(t.id)))
            .collect();
        over.sort_unstable();
        match over.first() {
            Some(&n) => Err(ReplayError::Mismatch {
                round: n,
                why: Discrepancy::GameNotEnded(n),
            }),
            None => Ok(()),
        }
    }

    /// Takes the next event of a Pontis kind (or a `table_closed` of a Pontis table).
    pub(crate) fn feed(&mut self, e: &Event) -> Result<(), ReplayError> {
        self.check_awaiting_end(e)?;
        match e.kind {
            EventKind::PontisOpened => self.table_opened(e)?,
            EventKind::TableClosed => Self::table(&mut self.tables, e)?.open = false,
            EventKind::PontisStarted => self.game_started(e)?,
            EventKind::PontisPlay => {
                let d: payload::Input = read(e)?;
                let live = Self::live(&mut self.tables, e)?;
                let step = parse_step(&d.text, &live.game)
                    .map_err(|x| bad(e, EventFault::PlayWords(x)))?;
                live.game.apply(step).map_err(|refusal| {
                    let text = d.text.clone();
                    bad(e, EventFault::PlayRefused { text, refusal })
                })?;
                live.steps.push(step);
            }
            EventKind::PontisUndo => self.undone(e)?,
            EventKind::PontisRefused => self.input_refused(e)?,
            EventKind::PontisEnded => self.game_ended(e)?,
            // Who logged in or out at the table: nothing for the game.
            EventKind::Created
            | EventKind::UserAdded
            | EventKind::Login
            | EventKind::LoginFailed
            | EventKind::Logout
            | EventKind::UserLocked
            | EventKind::UserUnlocked
            | EventKind::UserChanged => {}
            _ => return Err(bad(e, EventFault::PontoonEventAtPontis)),
        }
        Ok(())
    }

    /// A Pontis table opened, or reopened (the same rules only with a game in play).
    fn table_opened(&mut self, e: &Event) -> Result<(), ReplayError> {
        let d: PontisOpened = read(e)?;
        let id = e.table.ok_or_else(|| bad(e, EventFault::NoTable))?;
        let rules = rules_of(e, &d.rules)?;
        match self.tables.get_mut(&id) {
            Some(t) => {
                if t.live.is_some() && t.rules != rules {
                    return Err(bad(e, EventFault::RulesChangedInGame));
                }
                t.rules = rules;
                t.open = true;
            }
            None => {
                self.tables.insert(
                    id,
                    PontisTable {
                        id,
                        name: d.name,
                        rules,
                        open: true,
                        live: None,
                    },
                );
            }
        }
        Ok(())
    }

    /// A game started: the next number (when checked), under its table's rules, at an
    /// open table with no game in play.
    fn game_started(&mut self, e: &Event) -> Result<(), ReplayError> {
        self.games += 1;
        let d: PontisStarted = read(e)?;
        if self.check_numbers && d.game != self.games {
            let (logged, next) = (d.game, self.games);
            return Err(bad(e, EventFault::GameNumber { logged, next }));
        }
        let rules = rules_of(e, &d.rules)?;
        let t = Self::open_table(&mut self.tables, e)?;
        if t.live.is_some() {
            return Err(bad(e, EventFault::GameOverGame));
        }
        if rules != t.rules {
            return Err(bad(e, EventFault::GameRulesNotTables));
        }
        let dealer = d
            .players
            .iter()
            .position(|p| *p == d.dealer)
            .ok_or_else(|| bad(e, EventFault::DealerNotPlaying))?;
        let n = d.players.len();
        let start = Game::new(rules, d.players, dealer, vec![None; n])
            .map_err(|x| bad(e, EventFault::GameSetup(x)))?;
        t.live = Some(LiveGame {
            number: d.game,
            game: start.clone(),
            start,
            steps: Vec::new(),
        });
        Ok(())
    }

    /// An undo: it names the last input, which it takes back.
    fn undone(&mut self, e: &Event) -> Result<(), ReplayError> {
        self.undos += 1;
        let d: payload::Input = read(e)?;
        let live = Self::live(&mut self.tables, e)?;
        let last = live
            .steps
            .last()
            .ok_or_else(|| bad(e, EventFault::NothingToUndo))?;
        let text = live.game.step_text(last);
        if d.text != text {
            let (logged, last) = (d.text, text);
            return Err(bad(e, EventFault::UndoOfOther { logged, last }));
        }
        live.undo();
        Ok(())
    }

    /// A refused input: the engine must really refuse it where it was tried, and a logged
    /// code must be the engine's (none is logged where no game is in play).
    fn input_refused(&mut self, e: &Event) -> Result<(), ReplayError> {
        self.refused += 1;
        let live = Self::open_table(&mut self.tables, e)?.live.as_ref();
        let d: payload::Refused = read(e)?;
        let derived = live.and_then(|l| derive_code(&l.game, &d.text));
        if live.is_some() && derived.is_none() {
            let text = d.text.clone();
            return Err(bad(e, EventFault::RefusedButAccepted { text }));
        }
        if let Some(logged) = &d.pontis_refusal
            && !derived.as_ref().is_some_and(|w| code_holds(logged, w))
        {
            let why = EventFault::PontisRefusalCodeDiffers {
                text: d.text.clone(),
                logged: logged.clone(),
                engine: derived,
            };
            return Err(bad(e, why));
        }
        if let Some(rows) = self.refusals.as_mut() {
            rows.push(RefusalRow {
                seq: e.seq,
                at: e.at,
                text: d.text,
                reason: d.reason,
                code: d.pontis_refusal.or(derived),
            });
        }
        Ok(())
    }

    /// A game's end: the logged end must be the replay's.
    fn game_ended(&mut self, e: &Event) -> Result<(), ReplayError> {
        self.ended += 1;
        let d: PontisEnded = read(e)?;
        let want = self.want_game;
        let t = Self::table(&mut self.tables, e)?;
        let live = t
            .live
            .take()
            .ok_or_else(|| bad(e, EventFault::EndWithoutGame))?;
        let replayed = PontisEnded::of(live.number, &live.game, live.steps.len());
        if d != replayed {
            return Err(ReplayError::Mismatch {
                round: live.number,
                why: Discrepancy::GameEnd {
                    game: live.number,
                    logged: Box::new(d),
                    replayed: Box::new(replayed),
                },
            });
        }
        if want == Some(live.number) {
            let script = live
                .script()
                .map_err(|x| bad(e, EventFault::NoGameScript(x)))?;
            self.found = Some((script, d));
        }
        Ok(())
    }
}

/// What happened to an input at a Pontis table.
#[derive(Debug)]
pub enum PontisInput {
    /// Logged and applied; the game goes on.
    Accepted,
    /// Logged and applied, and it ended the game: the end is logged too.
    Ended(Box<Game>),
}

/// An open Pontis table with its host.
pub struct PontisSession {
    table: PontisTable,
    user: User,
}

/// The rules a Pontis table last had, by name (to resume it as it was).
pub fn table_rules(store: &Store, name: &str) -> Result<Option<PontisRules>, ReplayError> {
    let Some(id) = find_pontis_table(store, name)? else {
        return Ok(None);
    };
    Ok(pontis_table_state(store, id)?.map(|t| t.rules))
}

/// Every refused input at Pontis table `name`, in order, each with its code as logged or
/// (an event logged before codes were) as the replay derives it. `None` if no Pontis
/// table has that name.
pub fn refusals(store: &Store, name: &str) -> Result<Option<Vec<RefusalRow>>, ReplayError> {
    let Some(id) = find_pontis_table(store, name)? else {
        return Ok(None);
    };
    let mut r = PontisTables {
        refusals: Some(Vec::new()),
        ..PontisTables::default()
    };
    store.each_table_event(id, i64::MIN, i64::MAX, |e| r.feed(&e))??;
    Ok(r.refusals)
}

/// A Pontis table's state from the log: its rules and the game in play.
fn pontis_table_state(store: &Store, id: i64) -> Result<Option<PontisTable>, ReplayError> {
    let mut r = PontisTables::default();
    store.each_table_event(id, i64::MIN, i64::MAX, |e| r.feed(&e))??;
    r.finish()?;
    Ok(r.tables.remove(&id))
}

fn next_game(store: &Store) -> Result<i64, AuditError> {
    store
        .conn()
        .query_row(
            &format!(
                "SELECT coalesce(max(json_extract(data, '$.game')), 0) + 1 FROM events WHERE kind = {} AND {NOT_STEP}",
                EventKind::PontisStarted.code()
            ),
            [],
            |r| r.get(0),
        )
        .map_err(|e| store.sql_error(e))
}

impl PontisSession {
    /// Opens a Pontis table by name: a new one is logged with its rules; an existing one
    /// carries on where the log left it (a game in play comes back). Changing its rules
    /// needs a supervisor and no game in play. A name a Pontoon table has is refused.
    pub fn open(
        store: &mut Store,
        user: User,
        name: &str,
        rules: PontisRules,
    ) -> Result<PontisSession, InputError> {
        let (name, id, exists) = opening::name_and_id(store, TableGame::Pontis, name)?;
        let state = if exists {
            pontis_table_state(store, id)?
        } else {
            None
        };
        let found = state.as_ref().map(|s| opening::Found {
            rules_change: s.rules != rules,
            in_play: s.live.is_some(),
            open: s.open,
        });
        let now = super::users::as_now(store, &user)?;
        if opening::must_log(TableGame::Pontis, &name, &now, found).map_err(InputError::NotNow)? {
            let opened = Payload::PontisOpened(PontisOpened {
                name: name.clone(),
                rules: rules.to_value(),
            });
            store.append(&opened, Some(id), Some(user.id), None)?;
        }
        let table =
            pontis_table_state(store, id)?.ok_or(InputError::NotNow(NotNow::TableNotInLog))?;
        Ok(PontisSession { table, user })
    }

    /// Closes the table (logged); a game in play stays for the next opening.
    pub fn close(self, store: &mut Store) -> Result<(), AuditError> {
        let closed = Payload::TableClosed(Named {
            name: self.table.name.clone(),
        });
        store.append(&closed, Some(self.table.id), Some(self.user.id), None)?;
        Ok(())
    }

    pub fn table(&self) -> &PontisTable {
        &self.table
    }
    pub fn user(&self) -> &User {
        &self.user
    }
    /// The game in play, if any.
    pub fn live(&self) -> Option<&LiveGame> {
        self.table.live.as_ref()
    }

    fn log(&self, store: &mut Store, payload: Payload) -> Result<(), AuditError> {
        store.append(&payload, Some(self.table.id), Some(self.user.id), None)?;
        Ok(())
    }

    /// Logs a refused input; the error to give back.
    fn refuse(&self, store: &mut Store, text: &str, why: Refused) -> InputError {
        let refused = Payload::PontisRefused(payload::Refused {
            text: text.to_string(),
            reason: why.to_string(),
            unended: false,
            refusal: None,
            pontis_refusal: why.pontis_code(),
        });
        match self.log(store, refused) {
            Ok(()) => InputError::Refused(why),
            Err(e) => InputError::Store(e),
        }
    }

    /// Starts a game: the players in seat order and the dealer's seat. The bank cards
    /// are entered as they are turned up.
    pub fn start_game(
        &mut self,
        store: &mut Store,
        players: Vec<String>,
        dealer: usize,
    ) -> Result<i64, InputError> {
        if self.table.live.is_some() {
            return Err(InputError::NotNow(NotNow::GameInPlay));
        }
        let players: Vec<String> = players.iter().map(|p| p.trim().to_string()).collect();
        let n = players.len();
        let start = match Game::new(self.table.rules, players.clone(), dealer, vec![None; n]) {
            Ok(g) => g,
            Err(e) => {
                let text = format!(
                    "start players {} dealer {}",
                    players.join(", "),
                    players.get(dealer).map_or("?", String::as_str)
                );
                return Err(self.refuse(store, &text, Refused::Start(e)));
            }
        };
        let number = next_game(store)?;
        let started = Payload::PontisStarted(PontisStarted {
            game: number,
            dealer: players[dealer].clone(),
            players,
            rules: self.table.rules.to_value(),
        });
        self.log(store, started)?;
        self.table.live = Some(LiveGame {
            number,
            game: start.clone(),
            start,
            steps: Vec::new(),
        });
        Ok(number)
    }

    /// One input as typed (`"Ben: Kc 10h"`, `"Ben: pass"`, `"Ben: bank 7h"`).
    pub fn input_text(&mut self, store: &mut Store, text: &str) -> Result<PontisInput, InputError> {
        let Some(live) = self.table.live.as_ref() else {
            return Err(InputError::NotNow(NotNow::NoGame));
        };
        match parse_step(text, &live.game) {
            Ok(step) => self.input(store, step),
            Err(why) => {
                let expected = live.game.expected();
                let why = why.to_string();
                Err(self.refuse(store, text, Refused::Unreadable { why, expected }))
            }
        }
    }

    /// One input: checked, logged durably, then applied; a refusal is logged with why and
    /// changes nothing. The input that ends the game and the game's end are one
    /// transaction.
    pub fn input(&mut self, store: &mut Store, step: Step) -> Result<PontisInput, InputError> {
        let Some(live) = self.table.live.as_ref() else {
            return Err(InputError::NotNow(NotNow::NoGame));
        };
        let text = live.game.step_text(&step);
        let mut after = live.game.clone();
        if let Err(e) = after.apply(step) {
            return Err(self.refuse(store, &text, Refused::Play(e)));
        }
        let play = Payload::PontisPlay(payload::Input { text });
        if after.is_over() {
            let ended =
                Payload::PontisEnded(PontisEnded::of(live.number, &after, live.steps.len() + 1));
            let own = !store.in_batch();
            if own {
                store.begin_batch()?;
            }
            let written = self.log(store, play).and_then(|()| self.log(store, ended));
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
            self.table.live = None;
            return Ok(PontisInput::Ended(Box::new(after)));
        }
        self.log(store, play)?;
        let live = self.table.live.as_mut().expect("checked above");
        live.game = after;
        live.steps.push(step);
        Ok(PontisInput::Accepted)
    }

    /// Takes back the last input of the game in play (logged). A game that has ended is
    /// not reopened.
    pub fn undo(&mut self, store: &mut Store) -> Result<Step, InputError> {
        let Some(live) = self.table.live.as_ref() else {
            return Err(InputError::NotNow(NotNow::UndoEnded));
        };
        let Some(last) = live.steps.last() else {
            return Err(InputError::NotNow(NotNow::NothingToUndoInGame));
        };
        let text = live.game.step_text(last);
        self.log(store, Payload::PontisUndo(payload::Input { text }))?;
        let live = self.table.live.as_mut().expect("checked above");
        live.undo().ok_or(InputError::NotNow(NotNow::NothingToUndo))
    }

    /// Stops the game in play before its end (logged as `abandoned`, with the banks'
    /// scores as they stand; nobody wins).
    pub fn abandon(&mut self, store: &mut Store) -> Result<(), InputError> {
        let Some(live) = self.table.live.as_ref() else {
            return Err(InputError::NotNow(NotNow::NoGameToAbandon));
        };
        let ended = PontisEnded::of(live.number, &live.game, live.steps.len());
        self.log(store, Payload::PontisEnded(ended))?;
        self.table.live = None;
        Ok(())
    }
}

/// A logged Pontis game as a game script that `croupier pontis` checks the same, with its
/// logged end. Reads the game's table from its first event.
pub fn export_game(store: &Store, n: i64) -> Result<(PontisScript, PontisEnded), ReplayError> {
    super::export::logged::<PontisTables>(store, n)
}

impl Finds for PontisTables {
    type Found = (PontisScript, PontisEnded);
    const START: EventKind = EventKind::PontisStarted;
    const NUMBER: &'static str = "json_extract(data, '$.game')";
    const ONE_TABLE: bool = true;

    fn wanting(n: i64) -> PontisTables {
        PontisTables {
            want_game: Some(n),
            ..PontisTables::default()
        }
    }

    fn read(&mut self, e: &Event) -> Result<(), ReplayError> {
        self.feed(e)
    }

    fn take(&mut self) -> Option<Self::Found> {
        self.found.take()
    }

    fn has_found(&self) -> bool {
        self.found.is_some()
    }

    fn missing(store: &Store, n: i64) -> Result<LogRefusal, AuditError> {
        Ok(LogRefusal::NoGame {
            path: store.path().to_path_buf(),
            game: n,
            games: next_game(store)? - 1,
        })
    }

    fn in_play(n: i64) -> LogRefusal {
        LogRefusal::GameInPlay { game: n }
    }
}

/// One logged Pontis game, for the reports and the desk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// Which of the report's databases.
    pub db: usize,
    pub game: i64,
    pub table: String,
    /// Who started it (the host at the table).
    pub host: String,
    pub started: i64,
    pub players: Vec<String>,
    /// When and how it ended (`empty_hand`, `blocked`, `abandoned`); `None` in play.
    pub ended: Option<(i64, String)>,
    pub winners: Vec<String>,
    /// Inputs that stand (bank cards, plays, passes) at its end.
    pub inputs: Option<u32>,
}

/// The Pontis games started with `from_ms <= at < to_ms`, in order, with their ends
/// (whenever those came).
pub fn game_rows(
    store: &Store,
    db: usize,
    from_ms: i64,
    to_ms: i64,
) -> Result<Vec<GameRow>, AuditError> {
    let users = super::users::user_names(store)?;
    let opened = store.events_of_kind(EventKind::PontisOpened, i64::MIN, i64::MAX)?;
    let ended = store.events_of_kind(EventKind::PontisEnded, from_ms, i64::MAX)?;
    let started = store.events_of_kind(EventKind::PontisStarted, from_ms, to_ms)?;
    Ok(rows_of(db, &users, &opened, &ended, &started))
}

/// `game_rows` from the events themselves (a report source reads them its own way: the
/// file, or the floor): the tables' openings, the games' ends, their starts, each in order.
pub(crate) fn rows_of(
    db: usize,
    users: &HashMap<i64, String>,
    opened: &[Event],
    ended: &[Event],
    started: &[Event],
) -> Vec<GameRow> {
    let mut tables = HashMap::new();
    for e in opened {
        if let (Some(id), Ok(Payload::PontisOpened(d))) = (e.table, e.payload()) {
            tables.insert(id, d.name);
        }
    }
    let mut ends = HashMap::new();
    for e in ended {
        if let Ok(Payload::PontisEnded(d)) = e.payload() {
            ends.insert(d.game, (e.at, d));
        }
    }
    let mut rows = Vec::new();
    for e in started {
        let Ok(Payload::PontisStarted(d)) = e.payload() else {
            continue;
        };
        let end = ends.remove(&d.game);
        rows.push(GameRow {
            db,
            game: d.game,
            table: e
                .table
                .and_then(|t| tables.get(&t).cloned())
                .unwrap_or_default(),
            host: e
                .user
                .and_then(|u| users.get(&u).cloned())
                .unwrap_or_default(),
            started: e.at,
            players: d.players,
            winners: end
                .as_ref()
                .map(|(_, x)| x.winners.clone())
                .unwrap_or_default(),
            inputs: end.as_ref().map(|(_, x)| x.inputs),
            ended: end.map(|(at, x)| (at, x.end)),
        });
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::replay::verify;
    use crate::session::users::{Role, add_user_with, login};

    /// A store with a host at Pontis table "P", a two-player game started.
    fn game_at_table(name: &str) -> (Store, PontisSession) {
        let dir = std::env::temp_dir().join(format!(
            "croupier-unit-{}-pontis-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut store = Store::open(&dir.join("t.db")).unwrap();
        let admin = add_user_with(
            &mut store,
            "Irena Dvorak",
            Role::Admin,
            "900000",
            None,
            crate::session::users::PinCost::Demo,
        )
        .unwrap();
        drop(admin);
        let host = login(&mut store, "Irena Dvorak", "900000", None).unwrap();
        let mut s = PontisSession::open(&mut store, host, "P", PontisRules::standard()).unwrap();
        s.start_game(&mut store, vec!["Ana".into(), "Ben".into()], 0)
            .unwrap();
        for t in ["Ana: bank 9h", "Ben: bank 4c", "Ben: 5d"] {
            s.input_text(&mut store, t).unwrap();
        }
        (store, s)
    }

    /// The last event's data as logged.
    fn last_refused(store: &Store) -> payload::Refused {
        let e = store
            .events_of_kind(EventKind::PontisRefused, i64::MIN, i64::MAX)
            .unwrap()
            .pop()
            .unwrap();
        serde_json::from_str(&e.data).unwrap()
    }

    #[test]
    fn a_refused_play_is_logged_with_its_code_and_reads_back_with_it() {
        let (mut store, mut s) = game_at_table("code-logged");
        let Err(InputError::Refused(why)) = s.input_text(&mut store, "Ben: 7c") else {
            panic!("Ben plays out of turn");
        };
        let code = PontisRefusalCode::OutOfTurn {
            now: "Ana".into(),
            who: "Ben".into(),
        };
        assert_eq!(why.pontis_code(), Some(code.clone()));
        assert_eq!(last_refused(&store).pontis_refusal, Some(code.clone()));
        assert!(s.input_text(&mut store, "Ana: nonsense").is_err());
        assert_eq!(
            last_refused(&store).pontis_refusal,
            Some(PontisRefusalCode::UnreadableInput)
        );
        verify(&store, |_| {}).unwrap();
        let rows = refusals(&store, "P").unwrap().unwrap();
        let codes: Vec<_> = rows.iter().map(|r| r.code.clone()).collect();
        assert_eq!(
            codes,
            [Some(code), Some(PontisRefusalCode::UnreadableInput)]
        );
        assert_eq!(rows[0].text, "Ben: 7c");
        assert!(refusals(&store, "nowhere").unwrap().is_none());
    }

    #[test]
    fn verify_catches_a_logged_code_that_is_not_the_engines() {
        let (mut store, s) = game_at_table("code-forged");
        // Ben playing now is out of turn, not a card already in the game.
        let forged = Payload::PontisRefused(payload::Refused {
            text: "Ben: 7c".into(),
            reason: "out of turn: it is Ana's turn, not Ben's".into(),
            unended: false,
            refusal: None,
            pontis_refusal: Some(PontisRefusalCode::Over),
        });
        s.log(&mut store, forged).unwrap();
        let e = verify(&store, |_| {}).unwrap_err().to_string();
        assert!(
            e.contains("with code Over") && e.contains("OutOfTurn"),
            "{e}"
        );
    }

    #[test]
    fn an_old_refusal_without_a_code_gets_the_engines_from_the_replay() {
        let (mut store, s) = game_at_table("code-derived");
        // As logged before codes were: no code.
        let old = Payload::PontisRefused(payload::Refused {
            text: "Ben: 7c".into(),
            reason: "out of turn: it is Ana's turn, not Ben's".into(),
            unended: false,
            refusal: None,
            pontis_refusal: None,
        });
        s.log(&mut store, old).unwrap();
        assert_eq!(last_refused(&store).pontis_refusal, None);
        verify(&store, |_| {}).unwrap();
        let rows = refusals(&store, "P").unwrap().unwrap();
        let code = rows[0].code.clone().unwrap();
        assert_eq!(
            code,
            PontisRefusalCode::OutOfTurn {
                now: "Ana".into(),
                who: "Ben".into(),
            }
        );
        // Worded from it in every language: `i18n::logged`'s tests.
    }

    #[test]
    fn verify_catches_an_end_the_replay_does_not_give() {
        let (mut store, s) = game_at_table("forged-end");
        let forged = PontisEnded {
            game: 1,
            end: "blocked".into(),
            winners: vec!["Ben".into()],
            scores: vec![9, 9],
            inputs: 3,
        };
        s.log(&mut store, Payload::PontisEnded(forged)).unwrap();
        let e = verify(&store, |_| {}).unwrap_err().to_string();
        assert!(
            e.contains("Pontis game 1") && e.contains("abandoned"),
            "{e}"
        );
    }

    #[test]
    fn verify_catches_a_refusal_the_engine_would_accept_and_a_play_it_would_not() {
        let (mut store, s) = game_at_table("forged-refusal");
        // Ana needs 4 (9h against 5d): a 4 logged as refused is a lie.
        let refused = Payload::PontisRefused(payload::Refused {
            text: "Ana: 4s".into(),
            reason: "no".into(),
            unended: false,
            refusal: None,
            pontis_refusal: None,
        });
        s.log(&mut store, refused).unwrap();
        let e = verify(&store, |_| {}).unwrap_err().to_string();
        assert!(e.contains("engine accepts it"), "{e}");

        let (mut store, s) = game_at_table("forged-play");
        let play = Payload::PontisPlay(payload::Input {
            text: "Ana: 7s".into(),
        });
        s.log(&mut store, play).unwrap();
        let e = verify(&store, |_| {}).unwrap_err().to_string();
        assert!(e.contains("engine refuses"), "{e}");
    }

    /// The seq of the log's last event.
    fn last(store: &Store) -> i64 {
        store.last_seq().unwrap()
    }

    #[test]
    fn an_ended_game_is_not_reopened_by_the_session() {
        let (mut store, mut s) = game_at_table("undo-after-end");
        s.input_text(&mut store, "Ana: pass").unwrap();
        let ended = s.input_text(&mut store, "Ben: pass").unwrap();
        assert!(matches!(ended, PontisInput::Ended(_)), "{ended:?}");
        let before = last(&store);
        assert!(matches!(s.undo(&mut store), Err(InputError::NotNow(_))));
        assert!(s.input_text(&mut store, "Ana: pass").is_err());
        assert_eq!(last(&store), before, "nothing logged after the end");
        verify(&store, |_| {}).unwrap();
    }

    #[test]
    fn verify_refuses_an_undo_that_reopens_an_ended_game() {
        let (mut store, mut s) = game_at_table("forged-reopen");
        s.input_text(&mut store, "Ana: pass").unwrap();
        let g = s.live().unwrap().game.clone();
        // Ben's pass blocks the game; an undo takes it back and the game is abandoned
        // instead, an end that matches a replay that lets the undo through.
        let forged = [
            Payload::PontisPlay(payload::Input {
                text: "Ben: pass".into(),
            }),
            Payload::PontisUndo(payload::Input {
                text: "Ben: pass".into(),
            }),
            Payload::PontisEnded(PontisEnded::of(1, &g, 4)),
        ];
        for p in forged {
            s.log(&mut store, p).unwrap();
        }
        let e = verify(&store, |_| {}).unwrap_err().to_string();
        assert!(e.contains("its end must come next"), "{e}");
    }

    #[test]
    fn verify_and_resume_refuse_an_ended_game_with_no_end() {
        let (mut store, mut s) = game_at_table("forged-no-end");
        s.input_text(&mut store, "Ana: pass").unwrap();
        let play = Payload::PontisPlay(payload::Input {
            text: "Ben: pass".into(),
        });
        s.log(&mut store, play).unwrap();
        let e = verify(&store, |_| {}).unwrap_err().to_string();
        assert!(e.contains("Pontis game 1") && e.contains("no end"), "{e}");
        let host = s.user.clone();
        let again = PontisSession::open(&mut store, host, "P", PontisRules::standard());
        assert!(again.is_err(), "resumed a game over with no end");
    }

    #[test]
    fn verify_refuses_game_events_at_a_closed_pontis_table() {
        let forged = [
            Payload::PontisPlay(payload::Input {
                text: "Ana: 4s".into(),
            }),
            Payload::PontisRefused(payload::Refused {
                text: "Ana: 7s".into(),
                reason: "7s does not meet 4".into(),
                unended: false,
                refusal: None,
                pontis_refusal: None,
            }),
            Payload::PontisUndo(payload::Input {
                text: "Ben: 5d".into(),
            }),
        ];
        for (i, p) in forged.into_iter().enumerate() {
            let (mut store, s) = game_at_table(&format!("forged-closed-{i}"));
            let (table, user) = (s.table.id, s.user.id);
            s.close(&mut store).unwrap();
            verify(&store, |_| {}).unwrap();
            store.append(&p, Some(table), Some(user), None).unwrap();
            let e = verify(&store, |_| {}).unwrap_err().to_string();
            assert!(e.contains("is closed"), "{}: {e}", p.kind().name());
        }
    }

    #[test]
    fn verify_compares_an_undos_text_with_the_input_it_takes_back() {
        let (mut store, s) = game_at_table("forged-undo-text");
        let undo = Payload::PontisUndo(payload::Input {
            text: "Ana: 4s".into(),
        });
        s.log(&mut store, undo).unwrap();
        let e = verify(&store, |_| {}).unwrap_err().to_string();
        assert!(e.contains("the last input is \"Ben: 5d\""), "{e}");
    }

    #[test]
    fn log_ins_at_a_pontis_tables_id_do_not_break_resume_or_export() {
        let (mut store, s) = game_at_table("login-at-table");
        let table = s.table.id;
        crate::session::users::logout(&mut store, &s.user, Some(table)).unwrap();
        let _ = login(&mut store, "Irena Dvorak", "000000", Some(table));
        let host = login(&mut store, "Irena Dvorak", "900000", Some(table)).unwrap();
        let mut again =
            PontisSession::open(&mut store, host, "P", PontisRules::standard()).unwrap();
        assert_eq!(
            again.live().map(|l| l.steps.len()),
            Some(3),
            "the game came back"
        );
        drop(s);
        again.input_text(&mut store, "Ana: pass").unwrap();
        crate::session::users::logout(&mut store, &again.user, Some(table)).unwrap();
        let ended = again.input_text(&mut store, "Ben: pass").unwrap();
        assert!(matches!(ended, PontisInput::Ended(_)));
        let (script, end) = export_game(&store, 1).unwrap();
        assert_eq!(end.end, "blocked");
        assert_eq!(script.plays, ["Ben: 5d", "Ana: pass", "Ben: pass"]);
        verify(&store, |_| {}).unwrap();
    }

    #[test]
    fn verify_refuses_a_pontis_table_on_a_pontoon_tables_id() {
        let (mut store, s) = game_at_table("shared-id");
        let czech = crate::engine::Rules::preset("czech").unwrap();
        let opened =
            payload::table_opened("P2", &czech, Some("czech"), &crate::engine::Limits::NONE);
        store
            .append(
                &Payload::TableOpened(opened),
                Some(s.table.id),
                Some(s.user.id),
                None,
            )
            .unwrap();
        let e = verify(&store, |_| {}).unwrap_err().to_string();
        assert!(e.contains("Pontis table's id"), "{e}");
    }
}
