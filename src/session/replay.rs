//! Replay: the log read back through the engine. One pass over the events rebuilds every
//! table's rules, shoe and round in play; each logged settlement is compared with what the
//! engine makes of the logged inputs. Used by `verify`, `export-round`, recovery, and
//! (fed from elsewhere) `sync`'s own check and the floor's auditor.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

pub use super::error::ReplayError;
use super::error::{
    BETWEEN_ROUNDS, ChainBreak, Damage, Discrepancy, EventFault, FiguresDiffer, FiguresFrom,
    SettledFigure, UNENDED,
};
use super::export::Finds;
use super::kept_theory::KeptTheoryFault;
use super::made_rows::MadeRows;
use super::pontis::PontisTables;
use crate::codes::RefusalCode;
use crate::engine::{BetSpec, Card, Expecting, Limits, Money, Round, Rules, Shoe, Step};
use crate::lab::cost::Costs;
use crate::lab::{played, solutions};
use crate::log::event::{Event, EventKind, hex};
use crate::log::payload::{self, NetData, Payload, RoundSettled, nets_of, view};
use crate::log::store::{
    AuditError, GENESIS, LogRefusal, NOT_STEP, PutRow, RowMaker, Store, event_hash, figures_row,
};
use crate::log::structure::{EVENT_INDEXES, IndexDigest, check_structure, check_triggers};
use crate::log::totals;
use crate::panics::panic_message;
use crate::script::{Script, parse_step, rules_of};

/// A round in play at a table, as rebuilt from its events.
#[derive(Clone, Debug)]
pub struct LiveRound {
    pub(crate) id: i64,
    pub(crate) bets: Arc<[BetSpec]>,
    /// The cards of this shoe dealt before the round (the round script's `seen`).
    pub(crate) seen: Vec<Card>,
    pub(crate) start: Round,
    pub(crate) round: Round,
    pub steps: Vec<Step>,
    /// The standing steps' texts as logged (the table's own rounds, and a replay that
    /// keeps the rounds' rows; empty otherwise).
    pub(crate) texts: Vec<String>,
    /// The decisions costed as the replay plays them (`None`: not costed on the way,
    /// e.g. a table's own round, or rules not solved when the round began).
    pub(crate) tally: Option<played::Tally>,
    /// Its start's `(box_sq, round_sq)` for the totals' fold (`(0, 0)` without one).
    pub(crate) squares: (i64, i64),
}

impl LiveRound {
    /// The round as a round script.
    pub(crate) fn script(&self) -> Script {
        Script {
            rules: *self.start.rules(),
            limits: *self.start.limits(),
            bets: self.bets.clone(),
            seen: self.seen.clone(),
            steps: self
                .steps
                .iter()
                .map(|&s| self.round.step_text(s))
                .collect(),
        }
    }

    /// Takes back the last step: replays the others from the start.
    pub(crate) fn undo(&mut self) -> Option<Step> {
        let last = self.steps.pop()?;
        self.texts.pop();
        if let Some(t) = self.tally.as_mut() {
            t.undo();
        }
        let mut r = self.start.clone();
        for &s in &self.steps {
            // These steps were accepted in this order before; they are again.
            let _ = r.apply(s);
        }
        self.round = r;
        Some(last)
    }
}

/// The inputs of a round's logged events that stand: each `step` in order, each `undo`
/// taking back the last one standing. (The live round undoes the same way:
/// `LiveRound::undo`.)
pub(crate) fn standing_inputs<'a>(events: impl IntoIterator<Item = &'a Event>) -> Vec<String> {
    let mut inputs = Vec::new();
    for e in events {
        match e.payload() {
            Ok(payload::Payload::Step(s)) => inputs.push(s.text),
            Ok(payload::Payload::Undo(_)) => {
                inputs.pop();
            }
            _ => {}
        }
    }
    inputs
}

/// A table as the log describes it.
#[derive(Clone, Debug)]
pub struct TableState {
    pub(crate) id: i64,
    pub(crate) name: String,
    pub rules: Rules,
    pub(crate) preset: Option<String>,
    pub(crate) limits: Limits,
    pub(crate) shoe: Shoe,
    pub shoe_no: i64,
    /// The cards dealt from the current shoe in settled rounds.
    pub(crate) seen: Vec<Card>,
    pub(crate) live: Option<LiveRound>,
    pub(crate) open: bool,
    /// The seq of its last `table_opened` (its rules: the totals' `opened`).
    pub(crate) opened: i64,
}

/// The hash chain, checked event by event: seqs without gaps, each stored check the
/// hash of the event's content over the previous event's hash.
#[derive(Default)]
struct Chain {
    /// The previous event's seq and (computed) hash.
    prev: Option<(i64, [u8; 32])>,
}

impl Chain {
    fn check(&mut self, e: &Event) -> Result<(), ReplayError> {
        let (pseq, phash) = self.prev.unwrap_or((0, GENESIS));
        if e.seq != pseq + 1 {
            return Err(ReplayError::Chain {
                seq: e.seq,
                why: ChainBreak::Gap {
                    expected: pseq + 1,
                    found: e.seq,
                },
            });
        }
        // A step stores 8 bytes of its hash, every other event all 32.
        let fits = matches!(
            (e.kind == EventKind::Step, e.check),
            (true, crate::log::event::Check::Prefix(_))
                | (false, crate::log::event::Check::Full(_))
        );
        if !fits {
            return Err(ReplayError::Chain {
                seq: e.seq,
                why: ChainBreak::HashLength {
                    stored: e.check.hex(),
                    kind: e.kind.name(),
                },
            });
        }
        let h = event_hash(&phash, e);
        if !e.check.matches(&h) {
            return Err(ReplayError::Chain {
                seq: e.seq,
                why: ChainBreak::Hash {
                    stored: e.check.hex(),
                    computed: hex(&h),
                },
            });
        }
        self.prev = Some((e.seq, h));
        Ok(())
    }

    /// The last seq checked (0 before the first).
    fn last(&self) -> i64 {
        self.prev.map(|p| p.0).unwrap_or(0)
    }
}

/// Replays a log, event by event.
#[derive(Default)]
pub(crate) struct Replayer {
    pub(crate) tables: HashMap<i64, TableState>,
    chain: Chain,
    pub(crate) events: i64,
    pub(crate) rounds: i64,
    pub(crate) settled: i64,
    pub(crate) voided: i64,
    pub(crate) corrected: i64,
    pub(crate) refused: i64,
    pub(crate) undos: i64,
    /// When set, `feed` keeps a copy of this round's script at its settlement.
    pub(crate) want_round: Option<i64>,
    pub(crate) found: Option<(Script, RoundSettled)>,
    /// Check the hash chain too (verify); recovery trusts it.
    pub(crate) check_chain: bool,
    /// Keep the cards of each shoe (for exports and live tables; verify needs none).
    pub(crate) track_seen: bool,
    /// The Pontis tables and their games.
    pub(crate) pontis: PontisTables,
    /// When set, each settlement's logged figures are read in step and compared with the
    /// replayed round's own: `round_figures` (verify), `croupier.rounds` (the floor's
    /// auditor), the settlement's own data (sync).
    pub(crate) figures: Option<Box<dyn LoggedFigures>>,
    /// The users added so far and the settings (schema 6), to check each setting.
    pub(crate) settings: super::settings::SettingsReplay,
    /// The table's money (schema 7): every expected tray recomputed, slips in sequence.
    pub(crate) money: super::money::MoneyBook,
    /// Check the money events (a replay of the whole log: verify, sync, the auditor); a
    /// replay of one table's shoe (recovery) skips them.
    pub(crate) check_money: bool,
    /// When set, each refused input logged without a code (before codes were) in a round
    /// in play gets the engine's code here, by seq: the floor's reports word old
    /// refusals from this, as a file's do from [`RoundHistory`].
    pub(crate) derived: Option<HashMap<i64, RefusalCode>>,
    /// The decision costs of each set of rules asked for (`lab::solutions`), to recompute
    /// each cost a settlement or correction logged.
    costs: LastCosts,
    /// When set (verify), the kept totals are folded as the rounds are played.
    pub(crate) fold: Option<totals::Fold>,
    /// When set (the migration to schema 12, verify), each settled round's row
    /// (`round_row`) as its events make it, or verify's digest of it (`made_rows`).
    pub(crate) rows: Option<MadeRows>,
    /// The id of the last round started (the log numbers rounds up as they start, at
    /// every table: each start's id is above it, `EventFault::RoundOutOfOrder`).
    last_round: Option<i64>,
    /// The replay reads the log from its first event (verify, the sync's own replay, the
    /// floor's auditor): each round started is the next number, 1, 2, 3…, not only one
    /// above the last (`EventFault::RoundOutOfOrder`); a round missing from the numbers
    /// (its events taken out, the chain recomputed) is refused at the start after it.
    pub(crate) check_round_numbers: bool,
}

/// The decision costs of each set of rules the replay's rounds were played under, kept for
/// the replay (`None` beside rules the lab cannot solve). Tables under different rules
/// take turns round by round, so every set is kept, not only the last: asking
/// `lab::solutions` again writes the rules out as JSON to find them (issue 22).
#[derive(Default)]
pub(crate) struct LastCosts(Vec<(Rules, Option<Arc<Costs>>)>);

impl LastCosts {
    /// The costs of `rules` if they were asked for already (no solve is started here).
    fn known(&self, rules: &Rules) -> Option<Arc<Costs>> {
        self.0.iter().find(|(r, _)| r == rules)?.1.clone()
    }

    fn of(&mut self, rules: Rules) -> Option<&Costs> {
        let i = match self.0.iter().position(|(r, _)| *r == rules) {
            Some(i) => i,
            None => {
                let costs = solutions::of_rules(&rules).map(|s| s.costs.clone());
                self.0.push((rules, costs));
                self.0.len() - 1
            }
        };
        self.0[i].1.as_deref()
    }

    /// What the decisions of a round played from `start` through `steps` gave up, as a
    /// settlement logs it (`lab::played`, millionths of a cent); `None` for rules the lab
    /// cannot solve.
    pub(crate) fn cost(&mut self, start: &Round, steps: &[Step]) -> Option<i64> {
        let costs = self.of(*start.rules())?;
        let played = played::of_steps(costs, start.clone(), steps).ok()?;
        Some(played::logged_cost(played.cost()))
    }

    /// What a correction logs for its script, without waiting for a solve (the desk must
    /// not stand still for one): `None`, and a solve started, when its rules are not
    /// solved in this process yet; a correction without a cost is replayed by the reports.
    pub(crate) fn of_script_now(script: &Script) -> Option<i64> {
        let rules = *script.start().ok()?.rules();
        let Some(s) = solutions::solved_now(&rules) else {
            solutions::solve_soon(&rules);
            return None;
        };
        LastCosts(vec![(rules, Some(s.costs.clone()))]).of_script(script)
    }

    /// [`LastCosts::cost`] of a round script (a correction's): `None` also when it does
    /// not play.
    pub(crate) fn of_script(&mut self, script: &Script) -> Option<i64> {
        let start = script.start().ok()?;
        let mut round = start.clone();
        let mut steps = Vec::with_capacity(script.steps.len());
        for text in &script.steps {
            let step = parse_step(text, &round).ok()?;
            round.apply(step).ok()?;
            steps.push(step);
        }
        self.cost(&start, &steps)
    }

    /// A logged cost against the replay's: `logged` `None` (logged before costs were, or
    /// for unsolvable rules) is taken as it is.
    fn check(
        &mut self,
        round: i64,
        logged: Option<i64>,
        replayed: impl FnOnce(&mut Self) -> Option<i64>,
    ) -> Result<(), ReplayError> {
        let Some(logged) = logged else {
            return Ok(());
        };
        let replayed = replayed(self);
        if replayed == Some(logged) {
            return Ok(());
        }
        Err(ReplayError::Mismatch {
            round,
            why: match replayed {
                Some(replayed) => Discrepancy::Cost { logged, replayed },
                None => Discrepancy::CostWithoutCosts { logged },
            },
        })
    }
}

/// Where a settlement's logged figures are read, to be compared with the replay's.
pub(crate) trait LoggedFigures: Send {
    /// The row logged for settlement `e`: seq, round, at, table, user (-1 for none), then
    /// the ten figures (`figures_row`); `None` if there is none.
    fn row(&mut self, e: &Event) -> Result<Option<[i64; 15]>, ReplayError>;

    /// Where the rows are read from (how a difference is worded).
    fn kept_in(&self) -> FiguresFrom {
        FiguresFrom::Data
    }

    /// The decision cost the last row read keeps beside its figures (`Some(None)`: it
    /// keeps none), where the source keeps one to hold to the settlement's; `None` where
    /// it keeps none at all.
    fn kept_cost(&self) -> Option<Option<i64>> {
        None
    }

    /// The first row no settlement took, once the replay has passed every event the rows
    /// were read for (a row at an event that settles no round); `None` where the source
    /// does not say (the file's cursor, held to its settlements by `verify` itself).
    fn left_over(&self) -> Option<i64> {
        None
    }
}

impl LoggedFigures for FiguresCursor {
    fn row(&mut self, _: &Event) -> Result<Option<[i64; 15]>, ReplayError> {
        self.next_row()
    }

    fn kept_in(&self) -> FiguresFrom {
        FiguresFrom::Table
    }

    fn kept_cost(&self) -> Option<Option<i64>> {
        Some(self.last_cost)
    }
}

/// The figures a settlement's own data logs (what the floor reads from it).
pub(crate) struct DataFigures;

impl LoggedFigures for DataFigures {
    fn row(&mut self, e: &Event) -> Result<Option<[i64; 15]>, ReplayError> {
        let s: RoundSettled = Replayer::read(e)?;
        let mut row = [0; 15];
        row[..5].copy_from_slice(&[
            e.seq,
            e.round.unwrap_or(-1),
            e.at,
            e.table.unwrap_or(-1),
            e.user.unwrap_or(-1),
        ]);
        row[5..].copy_from_slice(&figures_row(&s.figures()));
        Ok(Some(row))
    }
}

/// Reads `round_figures` in log order, a chunk at a time, on its own connection.
pub(crate) struct FiguresCursor {
    conn: rusqlite::Connection,
    /// Rows read ahead, each with its `cost` (schema 10).
    buf: std::collections::VecDeque<([i64; 15], Option<i64>)>,
    /// The `cost` of the row last given.
    last_cost: Option<i64>,
    last_seq: i64,
    /// Rows of settlements after this event are not read (a writer may be appending).
    bound: i64,
    done: bool,
}

impl FiguresCursor {
    pub(crate) fn open(
        conn: rusqlite::Connection,
        bound: i64,
    ) -> Result<FiguresCursor, ReplayError> {
        Ok(FiguresCursor {
            conn,
            buf: Default::default(),
            last_cost: None,
            last_seq: i64::MIN,
            bound,
            done: false,
        })
    }

    /// The next row: seq, round, at, table, user, then the ten figures.
    pub(crate) fn next_row(&mut self) -> Result<Option<[i64; 15]>, ReplayError> {
        if self.buf.is_empty() && !self.done {
            let path = std::path::PathBuf::from(self.conn.path().unwrap_or("the database"));
            let sql = |e: rusqlite::Error| {
                ReplayError::Store(AuditError::Sqlite {
                    path: path.clone(),
                    detail: format!("reading round_figures: {e}"),
                })
            };
            let mut stmt = self
                .conn
                .prepare_cached(
                    "SELECT seq, round_id, at, coalesce(table_id, -1), coalesce(user_id, -1), handle, paid, win, max_net,
                            insurance_taken, insurance_paid, splits, buys, pontoons, five_card_tricks, cost
                     FROM round_figures WHERE seq > ?1 AND seq <= ?2 ORDER BY seq LIMIT 20000",
                )
                .map_err(sql)?;
            let rows = stmt
                .query_map([self.last_seq, self.bound], |r| {
                    let mut a = [0i64; 15];
                    for (i, x) in a.iter_mut().enumerate() {
                        *x = r.get(i)?;
                    }
                    Ok((a, r.get(15)?))
                })
                .and_then(|m| m.collect::<Result<Vec<_>, _>>())
                .map_err(sql)?;
            self.done = rows.len() < 20000;
            if let Some(last) = rows.last() {
                self.last_seq = last.0[0];
            }
            self.buf.extend(rows);
        }
        let next = self.buf.pop_front();
        self.last_cost = next.and_then(|(_, c)| c);
        Ok(next.map(|(row, _)| row))
    }
}

impl Replayer {
    pub(crate) fn new(check_chain: bool) -> Replayer {
        Replayer {
            check_chain,
            check_money: check_chain,
            check_round_numbers: check_chain,
            track_seen: true,
            pontis: PontisTables {
                check_numbers: check_chain,
                ..PontisTables::default()
            },
            ..Replayer::default()
        }
    }

    /// The event's data read as the payload of its kind; a text that does not read so is a
    /// fault of the log.
    fn read<T: serde::de::DeserializeOwned>(e: &Event) -> Result<T, ReplayError> {
        serde_json::from_str(&e.data).map_err(|error| {
            Self::bad(
                e,
                EventFault::Data {
                    kind: e.kind.name(),
                    error,
                },
            )
        })
    }

    fn bad(e: &Event, why: EventFault) -> ReplayError {
        super::error::event_fault(e, why)
    }

    fn table<'a>(
        tables: &'a mut HashMap<i64, TableState>,
        e: &Event,
    ) -> Result<&'a mut TableState, ReplayError> {
        let id = e.table.ok_or_else(|| Self::bad(e, EventFault::NoTable))?;
        tables
            .get_mut(&id)
            .ok_or_else(|| Self::bad(e, EventFault::TableNeverOpened(id)))
    }

    /// Takes the next event of the log.
    pub(crate) fn feed(&mut self, e: &Event) -> Result<(), ReplayError> {
        self.events += 1;
        if self.check_chain {
            self.chain.check(e)?;
        }
        self.pontis.check_awaiting_end(e)?;
        match e.kind {
            EventKind::TableOpened if self.pontis.has(e.table) => {
                return Err(Self::bad(e, EventFault::PontoonOnPontisId));
            }
            EventKind::PontisOpened if e.table.is_some_and(|t| self.tables.contains_key(&t)) => {
                return Err(Self::bad(e, EventFault::PontisOnPontoonId));
            }
            EventKind::TableOpened => self.table_opened(e)?,
            EventKind::TableClosed if self.pontis.has(e.table) => self.pontis.feed(e)?,
            EventKind::TableClosed => {
                Self::table(&mut self.tables, e)?.open = false;
            }
            EventKind::PontisOpened
            | EventKind::PontisStarted
            | EventKind::PontisPlay
            | EventKind::PontisRefused
            | EventKind::PontisUndo
            | EventKind::PontisEnded => self.pontis.feed(e)?,
            EventKind::ShoeNew => self.shoe_new(e)?,
            EventKind::RoundStarted => self.round_started(e)?,
            EventKind::Step => self.step(e)?,
            EventKind::Undo => self.undo(e)?,
            EventKind::StepRefused => self.step_refused(e)?,
            EventKind::RoundSettled => self.round_settled(e)?,
            EventKind::RoundVoided => {
                self.voided += 1;
                if let Some(r) = e.round {
                    self.money.amended(r, None);
                    if let Some(f) = self.fold.as_mut() {
                        f.voided(r);
                    }
                }
            }
            EventKind::Money if self.check_money => self.money_event(e)?,
            EventKind::Money => {}
            EventKind::RoundCorrected => self.round_corrected(e)?,
            EventKind::UserAdded => self.user_added(e)?,
            EventKind::UserChanged => self
                .settings
                .user_changed(e)
                .map_err(|why| Self::bad(e, EventFault::Setting(why)))?,
            EventKind::SettingChanged => {
                let rounds = self.rounds;
                self.settings
                    .check(e, rounds)
                    .map_err(|why| Self::bad(e, EventFault::Setting(why)))?;
            }
            EventKind::Login => {
                if let Some(u) = e.user {
                    self.settings.logged_in(u);
                }
            }
            EventKind::Created => Self::created(e)?,
            EventKind::LoginFailed
            | EventKind::Logout
            | EventKind::UserLocked
            | EventKind::UserUnlocked => {}
        }
        Ok(())
    }

    /// A Pontoon table opened: a new table, or one reopened (same rules and limits only
    /// with a round in play; a new shoe if the number of decks changed).
    fn table_opened(&mut self, e: &Event) -> Result<(), ReplayError> {
        let d: payload::TableOpened = Self::read(e)?;
        let id = e.table.ok_or_else(|| Self::bad(e, EventFault::NoTable))?;
        let rules = rules_of(&d.rules).map_err(|x| Self::bad(e, EventFault::Rules(x)))?;
        let limits = Limits::new(d.limits.min_bet, d.limits.box_max)
            .map_err(|x| Self::bad(e, EventFault::Setup(x)))?;
        let (name, preset) = (d.name, d.preset);
        match self.tables.get_mut(&id) {
            Some(t) => {
                // A table closed mid-round reopens with its round in play, under the
                // same rules and limits only.
                if t.live.is_some() && (t.rules != rules || t.limits != limits) {
                    return Err(Self::bad(e, EventFault::RulesChangedInRound));
                }
                let same_deck = t.rules.decks() == rules.decks();
                t.rules = rules;
                t.preset = preset;
                t.limits = limits;
                t.open = true;
                t.opened = e.seq;
                if !same_deck {
                    t.shoe = Shoe::new(rules.decks());
                    t.seen.clear();
                }
            }
            None => {
                self.tables.insert(
                    id,
                    TableState {
                        id,
                        name,
                        rules,
                        preset,
                        limits,
                        shoe: Shoe::new(rules.decks()),
                        shoe_no: 0,
                        seen: Vec::new(),
                        live: None,
                        open: true,
                        opened: e.seq,
                    },
                );
            }
        }
        Ok(())
    }

    /// A new shoe, between rounds only.
    fn shoe_new(&mut self, e: &Event) -> Result<(), ReplayError> {
        let t = Self::table(&mut self.tables, e)?;
        if t.live.is_some() {
            return Err(Self::bad(e, EventFault::ShoeInRound));
        }
        t.shoe = Shoe::new(t.rules.decks());
        t.seen.clear();
        let d: payload::ShoeNew = Self::read(e)?;
        t.shoe_no = d.shoe;
        Ok(())
    }

    /// A round started: its id the next one (above the last one started when the replay
    /// does not read from the first event), its bets against the table's rules, limits
    /// and shoe.
    fn round_started(&mut self, e: &Event) -> Result<(), ReplayError> {
        self.rounds += 1;
        let track_seen = self.track_seen;
        let id = e
            .round
            .ok_or_else(|| Self::bad(e, EventFault::NoRoundNumber))?;
        let exact = self.check_round_numbers;
        let after = if exact {
            Some(self.last_round.unwrap_or(0))
        } else {
            self.last_round
        };
        if let Some(after) = after.filter(|last| if exact { id != last + 1 } else { id <= *last }) {
            return Err(Self::bad(
                e,
                EventFault::RoundOutOfOrder {
                    round: id,
                    after,
                    exact,
                },
            ));
        }
        self.last_round = Some(id);
        let t = Self::table(&mut self.tables, e)?;
        if t.live.is_some() {
            return Err(Self::bad(e, EventFault::RoundOverRound));
        }
        let (bets, plain) =
            view::started_bets(&e.data).ok_or_else(|| Self::bad(e, EventFault::BadBets))?;
        // A start the reports cannot read (`view::started_strictly`: a text not in its
        // canonical form that `Payload::parse` refuses, one without its shoe say) is
        // refused here too: every start of a file that verifies is one its reports read
        // (the streamed rounds report takes a round's bets from its kept row).
        if !plain && view::started_strictly(&e.data, |_, _, _| ()).is_none() {
            // Said as the JSON reader says it (a missing `shoe`, say), else as bad bets.
            Self::read::<payload::RoundStarted>(e)?;
            return Err(Self::bad(e, EventFault::BadBets));
        }
        let squares = match self.fold.as_mut() {
            Some(f) => {
                f.started(id);
                totals::start_squares(&e.data, plain.then_some(&bets[..]))
            }
            None => (0, 0),
        };
        let bets: Arc<[BetSpec]> = bets.into();
        let start = Round::with_shoe(t.rules, t.limits, bets.clone(), t.shoe.clone())
            .map_err(|x| Self::bad(e, EventFault::Setup(x)))?;
        t.live = Some(LiveRound {
            id,
            bets,
            seen: if track_seen {
                t.seen.clone()
            } else {
                Vec::new()
            },
            round: start.clone(),
            start,
            steps: Vec::new(),
            texts: Vec::new(),
            // Costed on the way once the rules' costs are at hand (the first settlement
            // that logs a cost asks for them); before, the settlement plays it again.
            tally: self.costs.known(&t.rules).map(played::Tally::new),
            squares,
        });
        Ok(())
    }

    /// An input, applied to the round in play (the engine must accept it).
    fn step(&mut self, e: &Event) -> Result<(), ReplayError> {
        // A table's state (recovery) and a replay that keeps rows keep the texts.
        let keep_text = self.rows.is_some() || self.track_seen;
        let t = Self::table(&mut self.tables, e)?;
        let live = t
            .live
            .as_mut()
            .ok_or_else(|| Self::bad(e, EventFault::InputWithoutRound))?;
        let parsed;
        let text = match view::plain_text(&e.data) {
            Some(t) => t,
            None => {
                parsed = Self::read::<payload::Input>(e)?;
                parsed.text.as_str()
            }
        };
        let step =
            parse_step(text, &live.round).map_err(|x| Self::bad(e, EventFault::StepWords(x)))?;
        if let Some(t) = live.tally.as_mut() {
            t.step(&live.round, step);
        }
        if let Err(refusal) = live.round.apply(step) {
            if let Some(t) = live.tally.as_mut() {
                t.undo();
            }
            let text = text.to_string();
            return Err(Self::bad(e, EventFault::StepRefused { text, refusal }));
        }
        if keep_text {
            live.texts.push(text.to_string());
        }
        live.steps.push(step);
        Ok(())
    }

    /// An undo: takes back the last input standing.
    fn undo(&mut self, e: &Event) -> Result<(), ReplayError> {
        self.undos += 1;
        let t = Self::table(&mut self.tables, e)?;
        let live = t
            .live
            .as_mut()
            .ok_or_else(|| Self::bad(e, EventFault::UndoWithoutRound))?;
        live.undo()
            .ok_or_else(|| Self::bad(e, EventFault::NothingToUndo))?;
        Ok(())
    }

    /// A refused input: the engine must really refuse it where it was tried. A line the
    /// feed's input ended in the middle of was never an input, whatever the engine says of
    /// its text: it must carry the feed's own reason, with what the engine expected there.
    fn step_refused(&mut self, e: &Event) -> Result<(), ReplayError> {
        self.refused += 1;
        let Some(t) = e.table.and_then(|id| self.tables.get(&id)) else {
            return Ok(());
        };
        let live = t.live.as_ref();
        let d: payload::Refused = Self::read(e)?;
        if d.unended {
            let expected = live.map_or_else(|| BETWEEN_ROUNDS.to_string(), |l| l.round.expected());
            let want = format!("{UNENDED}; expected {expected}");
            if d.reason != want
                || d.refusal
                    .as_ref()
                    .is_some_and(|c| *c != RefusalCode::Unended)
            {
                let reason = d.reason;
                return Err(Self::bad(e, EventFault::UnendedReason { reason, want }));
            }
            return Ok(());
        }
        if let Some(live) = live {
            let text = d.text.as_str();
            if d.refusal.is_none()
                && let Some(derived) = self.derived.as_mut()
            {
                derived.insert(e.seq, derive_refusal(&live.round, text));
            }
            if let Ok(step) = parse_step(text, &live.round)
                && live.round.check(step).is_ok()
            {
                let text = text.to_string();
                return Err(Self::bad(e, EventFault::RefusedButAccepted { text }));
            }
            // A round's code logged with it must be the engine's own answer there (when
            // its text reads as a step again: a bet named by number does not).
            if let Some(code) = d.refusal.as_ref().filter(|c| c.is_round()) {
                let engine = derive_refusal(&live.round, text);
                if engine != *code && engine != RefusalCode::UnreadableInput {
                    let (text, logged) = (text.to_string(), code.clone());
                    let why = EventFault::RefusalCodeDiffers {
                        text,
                        logged,
                        engine,
                    };
                    return Err(Self::bad(e, why));
                }
            }
        }
        Ok(())
    }

    /// A settlement: the round in play complete, its logged nets (and figures, when
    /// asked) the replay's own; the table's shoe goes on from the round's.
    fn round_settled(&mut self, e: &Event) -> Result<(), ReplayError> {
        self.settled += 1;
        let want = self.want_round;
        let t = Self::table(&mut self.tables, e)?;
        let live = t
            .live
            .take()
            .ok_or_else(|| Self::bad(e, EventFault::SettlementWithoutRound))?;
        if e.round != Some(live.id) {
            let why = EventFault::SettlesOtherRound {
                settles: e.round,
                in_play: live.id,
            };
            return Err(Self::bad(e, why));
        }
        let cost = settled_as_replayed(e, &live)?;
        self.costs.check(live.id, cost, |c| match &live.tally {
            Some(t) => Some(played::logged_cost(t.finish(&live.round).cost())),
            None => c.cost(&live.start, &live.steps),
        })?;
        if let Some(rows) = self.rows.as_mut().filter(|r| r.wants(live.id)) {
            let row = row_as_replayed(&mut self.costs, &live, cost.is_some());
            rows.settled(live.id, &row);
        }
        if let Some(c) = self.figures.as_mut() {
            let row = figures_as_replayed(c.as_mut(), e, &live, cost)?;
            logged_figures_as_replayed(e, &live)?;
            if let Some(f) = self.fold.as_mut() {
                let key = totals::Key {
                    table: t.id,
                    hour: e.at.div_euclid(totals::BUCKET_MS),
                    dealer: e.user.unwrap_or(-1),
                    opened: t.opened,
                };
                f.settled(key, &row, live.squares, cost);
            }
        }
        if self.track_seen {
            for &s in &live.steps {
                if let Step::Card(c) = s {
                    t.seen.push(c);
                }
            }
        }
        t.shoe = live.round.shoe().clone();
        if self.money.chip_set().is_some() {
            self.money
                .settled(e.at, &t.name, live.id, live.round.house_net());
        }
        if want == Some(live.id) {
            let settled: payload::RoundSettled = Self::read(e)?;
            self.found = Some((live.script(), settled));
        }
        Ok(())
    }

    /// A correction: its script must play to the settlement it logs.
    fn round_corrected(&mut self, e: &Event) -> Result<(), ReplayError> {
        self.corrected += 1;
        let d: payload::RoundCorrected = Self::read(e)?;
        let script =
            Script::from_value(&d.script, None).map_err(|x| Self::bad(e, EventFault::Script(x)))?;
        let round = script
            .play()
            .map_err(|x| Self::bad(e, EventFault::Script(x)))?;
        if !round.is_complete() || d.nets != nets_of(&round) {
            return Err(ReplayError::Mismatch {
                round: e.round.unwrap_or(0),
                why: Discrepancy::Correction,
            });
        }
        self.costs
            .check(e.round.unwrap_or(0), d.cost, |c| c.of_script(&script))?;
        if let Some(r) = e.round {
            self.money.amended(r, Some(round.house_net()));
            if let Some(f) = self.fold.as_mut() {
                f.corrected(r, round.figures(), d.cost);
            }
            if let Some(rows) = self.rows.as_mut() {
                rows.corrected(r, d.nets);
            }
        }
        Ok(())
    }

    /// A user added: a known role, and the settings replay's own checks.
    fn user_added(&mut self, e: &Event) -> Result<(), ReplayError> {
        let d: payload::UserAdded = Self::read(e)?;
        let role =
            super::users::Role::parse(&d.role).map_err(|x| Self::bad(e, EventFault::Role(x)))?;
        self.settings
            .user_added(d.user, d.name, role, e.user)
            .map_err(|why| Self::bad(e, EventFault::Setting(why)))
    }

    /// A money event: its signers as the store would have taken them, then the book's
    /// checks (chip set, slip sequence, the expected tray it logged).
    fn money_event(&mut self, e: &Event) -> Result<(), ReplayError> {
        let d: payload::MoneyEvent = Self::read(e)?;
        super::money_log::check_signers_logged(&self.settings, e.user, &d)
            .map_err(|why| Self::bad(e, EventFault::Signer(why)))?;
        // A drop names a shift of the calendar in force, as `money_log::drops` requires.
        let shifts = self
            .settings
            .shift_count
            .unwrap_or_else(|| super::calendar::Calendar::utc_default().shift_count());
        if let payload::MoneyWhat::Drop { shift, .. } = d.what
            && shift > shifts
        {
            return Err(Self::bad(e, EventFault::DropShift { shift, shifts }));
        }
        let table = match e.table {
            Some(_) => Some(Self::table(&mut self.tables, e)?.name.clone()),
            None => None,
        };
        self.money
            .money(e.at, table.as_deref(), &d)
            .map_err(|why| Self::bad(e, EventFault::Money(why)))
    }

    /// The log's first event: its random value, when there is one, is 32 hex digits.
    fn created(e: &Event) -> Result<(), ReplayError> {
        let d: payload::Created = Self::read(e)?;
        if let Some(r) = d
            .random
            .filter(|r| r.len() != 32 || !r.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        {
            return Err(Self::bad(e, EventFault::Random(r)));
        }
        Ok(())
    }
}

/// A settled round: complete in the replay, with the logged nets the replay's; the
/// decisions' cost it logged, if any.
fn settled_as_replayed(e: &Event, live: &LiveRound) -> Result<Option<i64>, ReplayError> {
    if !live.round.is_complete() {
        return Err(ReplayError::Mismatch {
            round: live.id,
            why: Discrepancy::StillInPlay(Box::new(live.round.expecting())),
        });
    }
    if let Some(cost) = view::settled_nets_match(&e.data, &live.round) {
        return Ok(cost);
    }
    let logged = Replayer::read::<payload::RoundSettled>(e)
        .map(|s| s.nets)
        .unwrap_or_default();
    Err(ReplayError::Mismatch {
        round: live.id,
        why: Discrepancy::Nets {
            logged,
            replayed: nets_of(&live.round),
        },
    })
}

/// The figures a settlement's own text logs against the replayed round's: every one the
/// replay computes must be the replay's, whatever the figures kept beside it say (the
/// floor derives its rounds from the text). The first that is not is named.
fn logged_figures_as_replayed(e: &Event, live: &LiveRound) -> Result<(), ReplayError> {
    let logged = Replayer::read::<RoundSettled>(e)?.figures();
    let replayed = live.round.figures();
    let Some(figure) = SettledFigure::ALL
        .into_iter()
        .find(|f| f.of(&logged) != f.of(&replayed))
    else {
        return Ok(());
    };
    Err(ReplayError::Mismatch {
        round: live.id,
        why: Discrepancy::Figure {
            figure,
            logged: figure.of(&logged),
            replayed: figure.of(&replayed),
        },
    })
}

/// A settlement's logged figures (read from `c`) against the replayed round's, and the
/// cost kept beside them (where `c` keeps one) against the settlement's logged `cost`:
/// the ten figures (`figures_row`) that hold.
fn figures_as_replayed(
    c: &mut dyn LoggedFigures,
    e: &Event,
    live: &LiveRound,
    cost: Option<i64>,
) -> Result<[i64; 10], ReplayError> {
    let mut want = [0; 15];
    want[..5].copy_from_slice(&[
        e.seq,
        live.id,
        e.at,
        e.table.unwrap_or(-1),
        e.user.unwrap_or(-1),
    ]);
    let figures = figures_row(&live.round.figures());
    want[5..].copy_from_slice(&figures);
    figures_held(c, e, want, cost)?;
    Ok(figures)
}

/// The row `c` keeps for settlement `e` (round `want[1]`) held to `want` (seq, round, at,
/// table, user, the ten figures), and the cost kept beside it (where `c` keeps one) to
/// the settlement's logged `cost`: the replay's comparison, and the floor auditor's
/// hourly hash walk's (which holds `croupier.rounds` to what a settlement it found whole
/// logs, the replay having held that to its own when it passed it).
pub(crate) fn figures_held(
    c: &mut dyn LoggedFigures,
    e: &Event,
    want: [i64; 15],
    cost: Option<i64>,
) -> Result<(), ReplayError> {
    let round = want[1];
    let row = c.row(e)?;
    if row != Some(want) {
        return Err(ReplayError::Mismatch {
            round,
            why: Discrepancy::Figures(Box::new(FiguresDiffer {
                logged: row,
                replayed: want,
                from: c.kept_in(),
            })),
        });
    }
    match c.kept_cost() {
        Some(kept) if kept != cost => Err(ReplayError::Mismatch {
            round,
            why: Discrepancy::KeptCost { kept, logged: cost },
        }),
        _ => Ok(()),
    }
}

/// What `verify` found.
#[derive(Debug)]
pub struct Verified {
    pub events: i64,
    pub rounds: i64,
    pub settled: i64,
    pub voided: i64,
    pub corrected: i64,
    pub refused: i64,
    pub undos: i64,
    pub tables: usize,
    pub in_play: usize,
    /// Pontis games started, ended (each end checked against the replay), in play.
    pub games: i64,
    pub games_ended: i64,
    pub games_in_play: usize,
    /// Pontis inputs refused (each checked to be refused by the engine) and undone.
    pub games_refused: i64,
    pub games_undos: i64,
    pub head: (i64, String),
}

/// Checks the whole chain and replays every round. The first thing that does not hold is
/// the error.
/// Events per batch between verify's reader and its replayer.
const BATCH: usize = 4096;

/// A batch of events as verify's reader sends them: the envelopes, and every event's data
/// in one text (an event's is `text[data]`), so that a batch is two allocations, not one
/// an event, freed on the other thread.
#[derive(Default)]
struct Batch {
    events: Vec<Envelope>,
    text: String,
}

struct Envelope {
    seq: i64,
    at: i64,
    kind: EventKind,
    table: Option<i64>,
    user: Option<i64>,
    round: Option<i64>,
    check: crate::log::event::Check,
    data: std::ops::Range<usize>,
}

impl Batch {
    fn push(&mut self, e: &Event) {
        if self.events.is_empty() {
            self.events.reserve(BATCH);
            self.text.reserve(BATCH * 24);
        }
        let start = self.text.len();
        self.text.push_str(&e.data);
        self.events.push(Envelope {
            seq: e.seq,
            at: e.at,
            kind: e.kind,
            table: e.table,
            user: e.user,
            round: e.round,
            check: e.check,
            data: start..self.text.len(),
        });
    }
}

pub fn verify(store: &Store, progress: impl FnMut(i64)) -> Result<Verified, ReplayError> {
    // Two cores, three threads. This one reads the rows and sums what each index should
    // hold; a second checks the hash chain and replays the rounds through the engine,
    // event by event in log order, so that the first fault found is the first in the log
    // (events cross in batches of BATCH, with no allocation an event); a third
    // checks the file's structure on its own connection: damage under the rows (an index
    // page, a free-list page) that the chain cannot see.
    let (to_replay, from_reader) = std::sync::mpsc::sync_channel::<Batch>(8);
    // Everything is read up to the log's last event now: a writer (a feed) may go on
    // appending meanwhile, and each thread's connection sees its own moment, so each reads
    // only what was there when verify began. Rows up to here never change (append-only).
    // The kept totals are read, and the log's last event taken, in one read transaction
    // held to the end: the totals folded from the replay are checked at that moment.
    let totals_conn = store.reader()?;
    let (bound, kept) = kept_totals(&totals_conn).map_err(|e| store.sql_error(e))?;
    // A row of `round_figures` past the log's last event (the cursor reads up to it
    // only), seen at the same moment: no settlement wrote it.
    let past_head = figures_past(&totals_conn, bound).map_err(|e| store.sql_error(e))?;
    // The rounds whose rows a correction remakes, kept whole by the replay.
    let corrected = corrected_rounds(&totals_conn, bound);
    let key: u64 = rand::random();
    let figures_conn = store.reader()?;
    let integrity_conn = store.reader()?;
    // The kept theories are solved again on a fourth thread, from the rows read now (a
    // store error is reported where the check stands in the order, after the totals).
    let kept_rows = store.kept_derived();
    std::thread::scope(|scope| {
        let theories = scope.spawn(move || kept_rows.map(super::kept_theory::check_rows));
        let integrity = scope.spawn(move || check_structure(&integrity_conn, bound, key));
        let replayer =
            scope.spawn(move || replay_batches(from_reader, figures_conn, bound, corrected));
        let (digests, read) = read_batches(store, bound, key, to_replay, progress);
        let replayed = joined(replayer.join());
        let structure = match integrity.join() {
            Ok(s) => s.map_err(Damage::Structure),
            Err(p) => Err(Damage::CheckFailed {
                message: panic_message(p.as_ref()),
            }),
        };
        // Joined on every path: a scope would panic at its end over a thread's panic.
        let theories = kept_theories(theories.join());
        let structure = structure.map_err(ReplayError::Damaged);
        // Damage first: a replay fault over a damaged file is its symptom, not its cause.
        let indexed = structure?;
        let mut r = replayed?;
        let _ = read?;
        r.pontis.finish()?;
        for ((ix, rows), held) in EVENT_INDEXES.iter().zip(digests).zip(indexed) {
            if rows != held {
                return Err(ReplayError::Damaged(Damage::Index { index: ix.name }));
            }
        }
        verify_rest(store, bound, &mut r)?;
        if let Some(round) = past_head {
            return Err(ReplayError::Mismatch {
                round,
                why: Discrepancy::ExtraFigures,
            });
        }
        let fold = r.fold.take().unwrap_or_default();
        let rebuilt = fold.finish(&totals_conn).map_err(|e| store.sql_error(e))?;
        if let Some(why) = totals::first_difference(&kept, &rebuilt) {
            return Err(ReplayError::Totals(why));
        }
        // The kept rows at the same moment, against the replay's (after the totals: a row
        // whose digest differs costs a second replay).
        let made = r.rows.take().unwrap_or_else(MadeRows::all);
        let rows = rows_differ(store, &totals_conn, bound, made);
        let _ = totals_conn.execute_batch("COMMIT");
        if let Some((round, why)) = rows? {
            return Err(ReplayError::Rows { round, why });
        }
        theories?;
        let head = (bound, hex(&store.chain_hash(bound)?.unwrap_or(GENESIS)));
        if r.chain.last() != head.0 {
            return Err(ReplayError::Chain {
                seq: head.0,
                why: ChainBreak::ShortOfHead,
            });
        }
        // Last: a fault in the log itself says more than the guard that let it in.
        check_triggers(&store.reader()?).map_err(ReplayError::Schema)?;
        Ok(Verified::of(&r, head))
    })
}

/// A verify thread's answer; a thread that panicked fails verify with what it said.
fn joined<T>(r: std::thread::Result<Result<T, ReplayError>>) -> Result<T, ReplayError> {
    r.unwrap_or_else(|p| {
        let message = panic_message(p.as_ref());
        Err(ReplayError::Store(AuditError::Refused(
            LogRefusal::ReplayThread { message },
        )))
    })
}

/// The kept-theory thread's answer: its fault, its store error, or (a panic) what it said.
fn kept_theories(
    r: std::thread::Result<Result<Result<(), KeptTheoryFault>, AuditError>>,
) -> Result<(), ReplayError> {
    match r {
        Ok(checked) => checked?.map_err(ReplayError::KeptTheory),
        Err(p) => Err(ReplayError::KeptTheory(KeptTheoryFault::CheckFailed {
            message: panic_message(p.as_ref()),
        })),
    }
}

/// A settled round's row as the replay has it: its bets, standing inputs as logged, nets
/// and, when its settlement logged a cost (`costed`), its boxes as played.
fn row_as_replayed(costs: &mut LastCosts, live: &LiveRound, costed: bool) -> super::round_row::Row {
    let played = match (costed, &live.tally) {
        (false, _) => None,
        (true, Some(t)) => Some(t.finish(&live.round)),
        (true, None) => costs
            .of(*live.start.rules())
            .and_then(|c| played::of_steps(c, live.start.clone(), &live.steps).ok()),
    };
    super::round_row::Row::settled(
        live.bets.iter().map(payload::BetData::of).collect(),
        live.texts.clone(),
        nets_of(&live.round),
        played.as_ref(),
    )
}

/// Each settled round's row as the log's events make it, all at once: one replay, without
/// the chain and money checks (`verify` makes them). The tests' reference; the migration
/// to schema 12 (`Maker`) writes each row as the same replay makes it.
#[cfg(test)]
pub(crate) fn rows_of(store: &Store) -> Result<BTreeMap<i64, Vec<u8>>, ReplayError> {
    rows_replayed(store, i64::MAX, MadeRows::all())
}

/// The rows a replay of the log up to `bound` makes, as `rows` keeps them.
fn rows_replayed(
    store: &Store,
    bound: i64,
    rows: MadeRows,
) -> Result<BTreeMap<i64, Vec<u8>>, ReplayError> {
    let mut r = Replayer::new(false);
    r.track_seen = false;
    r.rows = Some(rows);
    store.each_event_lent(i64::MIN, bound, |e| r.feed(e))??;
    Ok(r.rows
        .as_mut()
        .map(MadeRows::take_bytes)
        .unwrap_or_default())
}

/// The first kept row of `round_rows` (read in `conn`'s transaction, by round) that is not
/// the one the replay `made`, or a round the replay settled that has none; a row whose
/// digest differs is made again by a replay to `bound`, to say how.
fn rows_differ(
    store: &Store,
    conn: &rusqlite::Connection,
    bound: i64,
    made: MadeRows,
) -> Result<super::made_rows::RowFault, ReplayError> {
    let sql = |e| ReplayError::Store(store.sql_error(e));
    let mut st =
        (conn.prepare("SELECT round_id, row FROM round_rows ORDER BY round_id")).map_err(sql)?;
    let mut kept = st.query([]).map_err(sql)?;
    let next = |row: &mut Vec<u8>| -> Result<_, ReplayError> {
        let Some(r) = kept.next().map_err(sql)? else {
            return Ok(None);
        };
        row.clear();
        if let rusqlite::types::ValueRef::Blob(b) = r.get_ref(1).map_err(sql)? {
            row.extend_from_slice(b);
        }
        Ok(Some(r.get(0).map_err(sql)?))
    };
    // The first replay made this round's row: a second that does not is a fault of
    // verify's own, never a row taken as empty.
    let again = |round| {
        let made = rows_replayed(store, bound, MadeRows::of(round))?.remove(&round);
        made.ok_or_else(|| {
            let message =
                format!("a second replay made no row of round {round}, which the first made");
            ReplayError::Store(AuditError::Refused(LogRefusal::ReplayThread { message }))
        })
    };
    super::made_rows::first_fault(next, made, again)
}

/// The rounds a correction up to `bound` names (read in `conn`'s transaction), whose
/// rows verify's replay keeps whole. A hint, never a check: a round left out (a round id
/// that is no integer, an index that cannot be read — the structure's check names such
/// damage first) has its row made again by a second replay when it was corrected.
pub(crate) fn corrected_rounds(
    conn: &rusqlite::Connection,
    bound: i64,
) -> std::collections::HashSet<i64> {
    let read = || -> rusqlite::Result<std::collections::HashSet<i64>> {
        let mut st = conn.prepare(&format!(
            "SELECT round_id FROM events WHERE kind = {} AND {NOT_STEP} AND round_id IS NOT NULL AND seq <= ?1",
            EventKind::RoundCorrected.code()
        ))?;
        let mut rows = st.query([bound])?;
        let mut listed = std::collections::HashSet::new();
        while let Some(r) = rows.next()? {
            listed.extend(r.get_ref(0)?.as_i64().ok());
        }
        Ok(listed)
    };
    read().unwrap_or_default()
}

/// The row maker of the migration to schema 12: one replay of the log (as `verify`'s,
/// without the chain and money checks), each settled round's row as its events make it.
/// A log that does not replay is refused, the round's error named: nothing is migrated.
pub struct Maker;

impl RowMaker for Maker {
    fn rows(&self, store: &Store, put: &mut PutRow) -> Result<(), AuditError> {
        let refused = |e: ReplayError| AuditError::Sqlite {
            path: store.path().to_path_buf(),
            detail: format!(
                "the rounds' rows of schema 12 are made by replaying the log, and it does not replay: {}; nothing was migrated: keep the file as it is for the audit and deal on a new one (README, the upgrade to schema 12)",
                crate::log::error::with_causes(&e)
            ),
        };
        // Each row written as the replay makes it (a correction's round's row read back
        // first, to remake), so that no more than a batch of rows is ever held.
        enum Stop {
            Replay(ReplayError),
            Store(AuditError),
        }
        let mut r = Replayer::new(false);
        r.track_seen = false;
        r.rows = Some(MadeRows::all());
        let fed = store
            .each_event_lent(i64::MIN, i64::MAX, |e| {
                if let (EventKind::RoundCorrected, Some(round), Some(made)) =
                    (e.kind, e.round, r.rows.as_mut())
                    && let Some(bytes) = store.round_row(round).map_err(Stop::Store)?
                {
                    made.restore(round, bytes);
                }
                r.feed(e).map_err(Stop::Replay)?;
                for (round, row) in r
                    .rows
                    .as_mut()
                    .map(MadeRows::take_bytes)
                    .unwrap_or_default()
                {
                    put(round, &row).map_err(Stop::Store)?;
                }
                Ok(())
            })
            .map_err(|e| refused(ReplayError::Store(e)))?;
        match fed {
            Ok(()) => Ok(()),
            Err(Stop::Replay(e)) => Err(refused(e)),
            Err(Stop::Store(e)) => Err(e),
        }
    }
}

/// Verify's replayer thread: the batches, event by event, through one `Replayer` that
/// checks the chain and the logged figures.
fn replay_batches(
    from_reader: std::sync::mpsc::Receiver<Batch>,
    figures_conn: rusqlite::Connection,
    bound: i64,
    corrected: std::collections::HashSet<i64>,
) -> Result<Replayer, ReplayError> {
    let mut r = Replayer::new(true);
    r.track_seen = false;
    r.fold = Some(totals::Fold::default());
    r.rows = Some(MadeRows::digests(corrected));
    r.figures = Some(Box::new(FiguresCursor::open(figures_conn, bound)?));
    // One event, refilled from each batch: no allocation per event on either side.
    let mut e = Event::blank();
    for batch in from_reader {
        for m in &batch.events {
            e.seq = m.seq;
            e.at = m.at;
            e.kind = m.kind;
            e.table = m.table;
            e.user = m.user;
            e.round = m.round;
            e.check = m.check;
            e.data.clear();
            e.data.push_str(&batch.text[m.data.clone()]);
            r.feed(&e)?;
        }
    }
    Ok(r)
}

/// Verify's reader: the events up to `bound`, summed into what each index should hold
/// and sent to the replayer in batches. `Err` when the read stopped (the replayer
/// stopped at a fault, or the store failed).
fn read_batches(
    store: &Store,
    bound: i64,
    key: u64,
    to_replay: std::sync::mpsc::SyncSender<Batch>,
    mut progress: impl FnMut(i64),
) -> ([IndexDigest; 4], Result<Result<(), ()>, AuditError>) {
    let mut batch = Batch::default();
    // What each index of `events` should hold, from the rows themselves.
    let mut digests = [IndexDigest::keyed(key); 4];
    // From the lowest seq there is: a row slipped in below 1 breaks the chain at once.
    let read = store.each_event_lent(i64::MIN, bound, |e| {
        if e.seq % 100_000 == 0 {
            progress(e.seq);
        }
        for (ix, d) in EVENT_INDEXES.iter().zip(digests.iter_mut()) {
            if let Some(entry) = (ix.entry)(e) {
                d.add(entry);
            }
        }
        batch.push(e);
        if batch.events.len() == BATCH {
            let full = std::mem::take(&mut batch);
            // A closed channel means the replayer stopped at a fault; it says which.
            if to_replay.send(full).is_err() {
                return Err(());
            }
        }
        Ok(())
    });
    if !batch.events.is_empty() {
        let _ = to_replay.send(batch);
    }
    drop(to_replay);
    (digests, read)
}

/// Begins a read transaction on `conn` (left open: the fold's totals are finished in
/// it) and reads, at that moment, the log's last seq and the kept totals (`round_totals`).
fn kept_totals(
    conn: &rusqlite::Connection,
) -> rusqlite::Result<(
    i64,
    std::collections::BTreeMap<totals::Key, totals::Figures>,
)> {
    conn.execute_batch("BEGIN")?;
    let bound = conn.query_row("SELECT coalesce(max(seq), 0) FROM events", [], |r| r.get(0))?;
    Ok((bound, totals::kept(conn, None)?))
}

/// The round of the first `round_figures` row past `bound` (the log's last event, read in
/// the same transaction), if any: a settlement's row is written with its event.
fn figures_past(conn: &rusqlite::Connection, bound: i64) -> rusqlite::Result<Option<i64>> {
    use rusqlite::OptionalExtension;
    conn.query_row(
        "SELECT round_id FROM round_figures WHERE seq > ?1 ORDER BY seq LIMIT 1",
        [bound],
        |r| r.get(0),
    )
    .optional()
}

/// After the replay: no `round_figures` row that no settlement wrote, and the users'
/// rows as their events made them.
fn verify_rest(store: &Store, bound: i64, r: &mut Replayer) -> Result<(), ReplayError> {
    if let Some(extra) = r
        .figures
        .as_mut()
        .map(|c| c.row(&Event::blank()))
        .transpose()?
        .flatten()
    {
        return Err(ReplayError::Mismatch {
            round: extra[1],
            why: Discrepancy::ExtraFigures,
        });
    }
    super::users::check_rows(store, bound).map_err(ReplayError::Users)
}

impl Verified {
    /// What a finished replay counted, with the log's head.
    fn of(r: &Replayer, head: (i64, String)) -> Verified {
        Verified {
            events: r.events,
            rounds: r.rounds,
            settled: r.settled,
            voided: r.voided,
            corrected: r.corrected,
            refused: r.refused,
            undos: r.undos,
            tables: r.tables.len() + r.pontis.tables.len(),
            in_play: r.tables.values().filter(|t| t.live.is_some()).count(),
            games: r.pontis.games,
            games_ended: r.pontis.ended,
            games_in_play: r
                .pontis
                .tables
                .values()
                .filter(|t| t.live.is_some())
                .count(),
            games_refused: r.pontis.refused,
            games_undos: r.pontis.undos,
            head,
        }
    }
}

/// A kept chain head that is not `SEQ:HASH`: the text given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "--expect-head {0:?}: expected SEQ:HASH, an event number and its 64-hex-digit hash (as `croupier verify` and report footers print them)"
)]
pub struct NotAHead(pub String);

/// A kept chain head, `SEQ:HASH` (64 hex digits), as `verify` and report footers print it.
pub fn parse_head(text: &str) -> Result<(i64, String), NotAHead> {
    let bad = || NotAHead(text.to_string());
    let (seq, hash) = text.trim().split_once(':').ok_or_else(bad)?;
    let seq: i64 = seq.trim().parse().map_err(|_| bad())?;
    let hash = hash.trim().to_ascii_lowercase();
    if seq < 1 || hash.len() != 64 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(bad());
    }
    Ok((seq, hash))
}

/// After a passing `verify` (so every stored hash is the chain's own): the chain has each
/// kept head's hash at its seq. A file rewritten since the head was kept, or cut short
/// before it, fails here even when its chain was recomputed.
pub fn check_heads(store: &Store, heads: &[(i64, String)]) -> Result<(), ReplayError> {
    for (seq, want) in heads {
        match store.chain_hash(*seq)? {
            None => {
                return Err(ReplayError::Chain {
                    seq: *seq,
                    why: ChainBreak::HeadPastEnd {
                        seq: *seq,
                        last: store.head().0,
                    },
                });
            }
            Some(h) if hex(&h) != *want => {
                return Err(ReplayError::Chain {
                    seq: *seq,
                    why: ChainBreak::HeadHash {
                        seq: *seq,
                        kept: want.clone(),
                        found: hex(&h),
                    },
                });
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// Round `n` as a round script, with its logged settlement.
pub fn export_round(store: &Store, n: i64) -> Result<(Script, RoundSettled), ReplayError> {
    super::export::logged::<Replayer>(store, n)
}

impl Finds for Replayer {
    type Found = (Script, RoundSettled);
    const START: EventKind = EventKind::RoundStarted;
    const NUMBER: &'static str = "round_id";
    const ONE_TABLE: bool = false;

    fn wanting(n: i64) -> Replayer {
        let mut r = Replayer::new(false);
        r.want_round = Some(n);
        r
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
        Ok(LogRefusal::NoRoundNumbered {
            path: store.path().to_path_buf(),
            round: n,
            rounds: store.round_count()?,
        })
    }

    fn in_play(n: i64) -> LogRefusal {
        LogRefusal::RoundInPlay { round: n }
    }
}

/// A logged round or Pontis game, by its number in the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    Round(i64),
    Game(i64),
}

/// Round or game `what` as the script `croupier play` or `croupier pontis` checks the
/// same, in JSON: the one export the CLI prints.
pub fn export(store: &Store, what: Export) -> Result<serde_json::Value, ReplayError> {
    Ok(match what {
        Export::Round(n) => export_round(store, n)?.0.to_value(),
        Export::Game(n) => super::pontis::export_game(store, n)?.0.to_value(),
    })
}

/// The state of one table from the log (for recovery): rules, shoe, round in play. Reads
/// the table's last `table_opened` before its last new shoe, then that shoe's events.
pub(crate) fn table_state(store: &Store, table: i64) -> Result<Option<TableState>, ReplayError> {
    let q = |sql: String| -> Result<Option<i64>, ReplayError> {
        store
            .conn()
            .query_row(&sql, [table], |r| r.get(0))
            .map_err(|e| ReplayError::Store(store.sql_error(e)))
    };
    // A table's first event is the `table_opened` that made it.
    let Some(first) = q(format!(
        "SELECT min(seq) FROM events WHERE table_id = ?1 AND kind = {} AND {NOT_STEP}",
        EventKind::TableOpened.code()
    ))?
    else {
        return Ok(None);
    };
    let shoe = q(format!(
        "SELECT max(seq) FROM events WHERE table_id = ?1 AND kind = {} AND {NOT_STEP}",
        EventKind::ShoeNew.code()
    ))?;
    let opened = match shoe {
        Some(s) => store
            .conn()
            .query_row(
                &format!(
                    "SELECT max(seq) FROM events WHERE table_id = ?1 AND kind = {} AND {NOT_STEP} AND seq < ?2",
                    EventKind::TableOpened.code()
                ),
                [table, s],
                |r| r.get::<_, Option<i64>>(0),
            )
            .map_err(|e| ReplayError::Store(store.sql_error(e)))?,
        None => None,
    };
    let mut r = Replayer::new(false);
    let from = match (opened, shoe) {
        (Some(o), Some(s)) => {
            store.each_table_event(table, o, o, |e| r.feed(&e))??;
            s
        }
        _ => first,
    };
    store.each_table_event(table, from, i64::MAX, |e| r.feed(&e))??;
    Ok(r.tables.remove(&table))
}

/// A round's events as they happened (inputs, refusals, undos, settlement, voids,
/// corrections), with the round before its first input, for stepping through a dispute.
pub(crate) struct RoundHistory {
    pub(crate) round: i64,
    pub(crate) start: Round,
    pub(crate) events: Vec<Event>,
    /// Each event as the history shows it, in the events' order.
    pub(crate) lines: Vec<HistoryLine>,
}

/// One logged event of a round, read for the desk's history (the UI sees no payloads).
pub(crate) struct HistoryLine {
    /// When it was logged (ms since the epoch, UTC).
    pub(crate) at: i64,
    pub(crate) what: Logged,
}

/// What a round's event says. Bets and nets as (bet id, box, stake) and (bet id, net).
pub(crate) enum Logged {
    Bets(Vec<(String, u8, Money)>),
    Input(String),
    /// A refused input, as typed, and why: the code logged with it, or (for an event
    /// logged before codes were) the engine's answer where it was refused; and what the
    /// round expected there (the engine's `Expecting` of the round replayed to it).
    Refused {
        text: String,
        why: RefusalCode,
        expected: Expecting,
    },
    Undo(String),
    Settled(Vec<(String, Money)>),
    Voided(String),
    Corrected {
        reason: String,
        nets: Vec<(String, Money)>,
    },
    /// Another kind of event, by its name.
    Other(&'static str),
    /// The event's data does not read as its kind's.
    Unreadable {
        kind: &'static str,
        why: String,
    },
}

/// Why `round` refuses `text`, as the log's code: for a refusal logged before codes were,
/// the engine is asked again where it was refused. A text that is not a step, or that
/// the engine would take (so that why cannot be known), is an unreadable input.
pub(crate) fn derive_refusal(round: &Round, text: &str) -> RefusalCode {
    match parse_step(text, round).map(|step| round.check(step)) {
        Ok(Err(r)) => RefusalCode::of_step(round, &r),
        Ok(Ok(())) | Err(_) => RefusalCode::UnreadableInput,
    }
}

impl HistoryLine {
    /// `before`: the round as it stood just before this event.
    fn of(e: &Event, before: &Round) -> HistoryLine {
        let nets = |n: &[NetData]| n.iter().map(|n| (n.id.clone(), n.net)).collect();
        let what = match e.payload() {
            Ok(Payload::RoundStarted(s)) => Logged::Bets(
                s.bets
                    .iter()
                    .map(|b| (b.id.clone(), b.box_no, b.stake))
                    .collect(),
            ),
            Ok(Payload::Step(s)) => Logged::Input(s.text),
            Ok(Payload::StepRefused(r)) => {
                let why = match (r.refusal, r.unended) {
                    (Some(code), _) => code,
                    (None, true) => RefusalCode::Unended,
                    (None, false) => derive_refusal(before, &r.text),
                };
                Logged::Refused {
                    text: r.text,
                    why,
                    expected: before.expecting(),
                }
            }
            Ok(Payload::Undo(u)) => Logged::Undo(u.text),
            Ok(Payload::RoundSettled(s)) => Logged::Settled(nets(&s.nets)),
            Ok(Payload::RoundVoided(v)) => Logged::Voided(v.reason),
            Ok(Payload::RoundCorrected(c)) => Logged::Corrected {
                reason: c.reason,
                nets: nets(&c.nets),
            },
            Ok(_) => Logged::Other(e.kind.name()),
            Err(x) => Logged::Unreadable {
                kind: e.kind.name(),
                why: x.to_string(),
            },
        };
        HistoryLine { at: e.at, what }
    }
}

impl RoundHistory {
    pub(crate) fn load(store: &Store, round: i64) -> Result<RoundHistory, ReplayError> {
        let (script, _) = export_round(store, round)?;
        let start = script.start().map_err(|e| ReplayError::Mismatch {
            round,
            why: Discrepancy::Bets(Box::new(e)),
        })?;
        let events = store.round_events(round)?;
        let mut history = RoundHistory {
            round,
            start,
            events,
            lines: Vec::new(),
        };
        history.lines = (0..history.events.len())
            .map(|i| {
                let before = match i {
                    0 => history.start.clone(),
                    i => history.state_after(i - 1),
                };
                HistoryLine::of(&history.events[i], &before)
            })
            .collect();
        Ok(history)
    }

    /// Why its event `seq` was refused, if it is a refused input (logged or derived).
    pub(crate) fn refusal_at(&self, seq: i64) -> Option<&RefusalCode> {
        let i = self.events.iter().position(|e| e.seq == seq)?;
        match &self.lines.get(i)?.what {
            Logged::Refused { why, .. } => Some(why),
            _ => None,
        }
    }

    /// The round as it stood just after event `i` (inputs applied, undos undone).
    pub(crate) fn state_after(&self, i: usize) -> Round {
        let mut round = self.start.clone();
        for text in standing_inputs(self.events.iter().take(i + 1)) {
            if let Ok(step) = parse_step(&text, &round) {
                let _ = round.apply(step);
            }
        }
        round
    }
}

/// A database the previous release wrote (schema 3, `tests/fixtures`), upgraded on
/// opening: its one refused input (event 345, round 17, a `7` when a decision was due)
/// was logged before refusals carried codes.
#[cfg(test)]
pub(crate) fn old_demo(path: &std::path::Path) -> Store {
    let _ = std::fs::remove_file(path);
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute_batch(include_str!("../../tests/fixtures/schema3-demo.sql"))
        .unwrap();
    drop(conn);
    Store::open_with_rows(path, Box::new(crate::log::store::SystemClock), &Maker).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refusal logged before codes were gets its code by asking the engine again where
    /// it was refused; one logged now carries its own, which the replay agrees with.
    #[test]
    fn a_refusal_has_its_code_logged_or_derived() {
        let dir = std::env::temp_dir().join(format!("croupier-codes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let store = old_demo(&dir.join("old.db"));
        let h = RoundHistory::load(&store, 17).unwrap();
        assert_eq!(h.refusal_at(345), Some(&RefusalCode::CardNotWanted));
        assert_eq!(h.refusal_at(344), None, "not a refusal");
        let path = dir.join("new.db");
        let _ = std::fs::remove_file(&path);
        let mut store =
            Store::open_with(&path, Box::new(super::super::demo::clock_for(5))).unwrap();
        super::super::demo::fill(&mut store, 40, 2, 5, |_| {}).unwrap();
        let mut checked = 0;
        for round in 1..=40 {
            let h = RoundHistory::load(&store, round).unwrap();
            for (i, e) in h.events.iter().enumerate() {
                let Ok(Payload::StepRefused(logged)) = e.payload() else {
                    continue;
                };
                let code = logged
                    .refusal
                    .expect("a refusal logged now carries its code");
                let state = match i {
                    0 => h.start.clone(),
                    i => h.state_after(i - 1),
                };
                assert_eq!(
                    derive_refusal(&state, &logged.text),
                    code,
                    "{}",
                    logged.text
                );
                assert_eq!(h.refusal_at(e.seq), Some(&code));
                checked += 1;
            }
        }
        assert!(checked > 0, "the demo refuses some inputs");
    }

    /// A store with a Czech table and a round of one bet in play (a card is wanted).
    fn round_in_play(name: &str) -> (Store, super::super::TableSession, i64) {
        use crate::engine::{BetSpec, Limits};
        let dir = std::env::temp_dir().join(format!("croupier-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.db");
        let _ = std::fs::remove_file(&path);
        let mut store = Store::open(&path).unwrap();
        let admin = super::super::users::add_user(
            &mut store,
            "Irena",
            crate::codes::Role::Admin,
            "900000",
            None,
        )
        .unwrap();
        let mut s = super::super::TableSession::open(
            &mut store,
            admin,
            "T1",
            Rules::preset("czech").unwrap(),
            Some("czech"),
            Limits::NONE,
        )
        .unwrap();
        let bet = BetSpec {
            id: "1a".into(),
            box_no: 1,
            stake: Money::from_cents(500),
        };
        let round = s.start_round(&mut store, vec![bet]).unwrap();
        (store, s, round)
    }

    /// A refusal logged with a code the engine would not give there fails verify.
    #[test]
    fn a_refusal_logged_with_another_code_fails_verify() {
        let (mut store, mut s, round) = round_in_play("forged-code");
        // `stick` when a card is wanted: logged with its code, verify holds.
        assert!(s.input_text(&mut store, "stick").is_err());
        verify(&store, |_| {}).unwrap();
        let forged = Payload::StepRefused(payload::Refused {
            text: "stick".into(),
            reason: "no decision is due now: a card is wanted".into(),
            unended: false,
            refusal: Some(RefusalCode::RoundComplete),
            pontis_refusal: None,
        });
        store
            .append(&forged, Some(s.table_id()), None, Some(round))
            .unwrap();
        let e = verify(&store, |_| {}).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("RoundComplete") && text.contains("DecisionNotWanted"),
            "{text}"
        );
        let ReplayError::Event { why, .. } = &e else {
            panic!("{e:?}");
        };
        assert!(
            matches!(
                **why,
                EventFault::RefusalCodeDiffers {
                    logged: RefusalCode::RoundComplete,
                    engine: RefusalCode::DecisionNotWanted,
                    ..
                }
            ),
            "{e:?}"
        );
    }

    /// Tables under different rules take turns round by round: the replay keeps the costs
    /// of every rules it met (one look-up in `lab::solutions` per rules, not one per round:
    /// issue 22), each rules' own.
    #[test]
    fn the_replay_keeps_the_costs_of_every_rules_it_met() {
        let czech = Rules::preset("czech").unwrap();
        let belarus = Rules::preset("belarus").unwrap();
        let mut kept = LastCosts::default();
        for _ in 0..3 {
            for rules in [czech, belarus] {
                let solved = solutions::of_rules(&rules).unwrap();
                assert!(std::ptr::eq(kept.of(rules).unwrap(), &*solved.costs));
            }
        }
        let met: Vec<Rules> = kept.0.iter().map(|(r, _)| *r).collect();
        assert_eq!(met, [czech, belarus]);
    }

    /// A round costed on the way (`played::Tally`, beside the replay's own play of it)
    /// costs what playing it again from its start costs (`played::of_steps`, what the
    /// replay did before), box by box and to the bit, undone decisions and cards included.
    #[test]
    fn a_round_costed_on_the_way_costs_what_playing_it_again_does() {
        let rules = Rules::preset("czech").unwrap();
        let costs = solutions::of_rules(&rules).unwrap().costs.clone();
        let spec = |id: &str, box_no, cents| BetSpec {
            id: Arc::from(id),
            box_no,
            stake: Money::from_cents(cents),
        };
        let bets: Arc<[BetSpec]> =
            vec![spec("1a", 1, 1000), spec("1b", 1, 500), spec("3a", 3, 2000)].into();
        let dealer = ["6", "10", "5", "K", "A", "9"];
        let scripts: [&[&str]; 3] = [
            // An insurance against an ace, a split, a card taken back.
            &[
                "8",
                "9",
                "A",
                "8",
                "7",
                "insure 3a 10",
                "split",
                "5",
                "twist",
                "K",
                "undo",
                "6",
                "stick",
                "10",
                "stick",
                "stick",
            ],
            // A twist taken back for a stick; a stick taken back for a twist.
            &[
                "10", "10", "6", "6", "6", "twist", "undo", "stick", "stick", "undo", "twist", "9",
            ],
            // Taken back to the first card and dealt again.
            &[
                "9", "undo", "10", "7", "5", "6", "4", "undo", "undo", "7", "9", "stick", "stick",
            ],
        ];
        let mut costed = Vec::new();
        for script in scripts {
            let start = Round::new(rules, Limits::new(None, None).unwrap(), bets.clone()).unwrap();
            let mut live = LiveRound {
                id: 1,
                bets: bets.clone(),
                seen: Vec::new(),
                round: start.clone(),
                start,
                steps: Vec::new(),
                texts: Vec::new(),
                tally: Some(played::Tally::new(costs.clone())),
                squares: (0, 0),
            };
            let mut cards = dealer.iter();
            for text in script.iter().chain(std::iter::from_fn(|| cards.next())) {
                if live.round.is_complete() {
                    break;
                }
                if *text == "undo" {
                    live.undo().unwrap();
                    continue;
                }
                let step = parse_step(text, &live.round).unwrap();
                live.tally.as_mut().unwrap().step(&live.round, step);
                live.round.apply(step).unwrap();
                live.steps.push(step);
            }
            assert!(live.round.is_complete(), "{script:?}");
            let again = played::of_steps(&costs, live.start.clone(), &live.steps).unwrap();
            let on_the_way = live.tally.as_ref().unwrap().finish(&live.round);
            assert_eq!(on_the_way, again, "{script:?}");
            costed.push(again.cost());
        }
        assert!(
            costed[0] > 0.0,
            "an insurance against an ace gives something up"
        );
    }

    /// A verify thread that panics fails verify with the panic's message (never as if
    /// its share were done).
    #[test]
    fn a_verify_thread_that_panics_fails_it_with_its_message() {
        let r =
            std::thread::spawn(|| -> Result<(), ReplayError> { panic!("a row went wrong") }).join();
        let e = joined(r).unwrap_err();
        assert!(
            matches!(
                &e,
                ReplayError::Store(AuditError::Refused(LogRefusal::ReplayThread { message }))
                    if message == "a row went wrong"
            ),
            "{e:?}"
        );
        assert_eq!(e.to_string(), "the replay thread failed: a row went wrong");
    }

    /// The kept-theory thread that panics fails verify with the panic's message (never as
    /// if the kept theories were checked), and its store error and fault pass as they are.
    #[test]
    fn a_kept_theory_thread_that_panics_fails_verify_with_its_message() {
        type Checked = Result<Result<(), KeptTheoryFault>, AuditError>;
        let r = std::thread::spawn(|| -> Checked { panic!("a solve went wrong") }).join();
        let e = kept_theories(r).unwrap_err();
        assert!(
            matches!(
                &e,
                ReplayError::KeptTheory(KeptTheoryFault::CheckFailed { message })
                    if message == "a solve went wrong"
            ),
            "{e:?}"
        );
        assert!(e.to_string().contains("could not be checked"), "{e}");
        let fault = KeptTheoryFault::NotRules { rules: "x".into() };
        let e = kept_theories(Ok(Ok(Err(fault.clone())))).unwrap_err();
        assert!(
            matches!(&e, ReplayError::KeptTheory(f) if *f == fault),
            "{e:?}"
        );
        assert!(kept_theories(Ok(Ok(Ok(())))).is_ok());
        // Rows that are not rules fail as the file's check did.
        assert_eq!(
            super::super::kept_theory::check_rows(vec![("x".into(), "y".into())]),
            Err(KeptTheoryFault::NotRules { rules: "x".into() })
        );
    }

    /// A logged input the engine refuses fails verify with the engine's own typed
    /// refusal (what was wrong, not its text), and its English words as before.
    #[test]
    fn a_logged_input_the_engine_refuses_fails_verify_with_its_refusal() {
        let (mut store, s, round) = round_in_play("forged-step");
        let forged = Payload::Step(payload::Input {
            text: "stick".into(),
        });
        store
            .append(&forged, Some(s.table_id()), None, Some(round))
            .unwrap();
        let e = verify(&store, |_| {}).unwrap_err();
        let ReplayError::Event {
            kind: "step", why, ..
        } = &e
        else {
            panic!("{e:?}");
        };
        let EventFault::StepRefused { text, refusal } = &**why else {
            panic!("{e:?}");
        };
        assert_eq!(text, "stick");
        assert_eq!(refusal.refusal, crate::engine::Refusal::DecisionNotWanted);
        assert!(
            e.to_string()
                .contains("(step): the engine refuses \"stick\" here: no decision is due now"),
            "{e}"
        );
    }
}
