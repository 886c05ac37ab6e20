//! `croupier demo`: fills a new database with realistic play — several tables, dealers on
//! shifts, supervisors, back bets, offers, refused inputs, undos, voids, failed logins —
//! through the same engine, table sessions and store as the dealer screen. A seed gives
//! the same content, timestamps included. Many rounds share a transaction (demo only).

use rand::Rng;

use super::error::InputError;
use super::table::TableSession;
use super::users::LoginError;
use super::users::{self, PinCost, Role, User};
use crate::engine::{Limits, Money, Rules, RulesError, SetupError, Step, Want};
use crate::log::store::{AuditError, ManualClock, Store};
use crate::sim::{ShoeInPlay, Table};

/// The demo's people: (name, role, PIN). Printed by `croupier demo` and in the README.
pub const DEMO_USERS: [(&str, Role, &str); 9] = [
    ("Irena Dvorak", Role::Admin, "900000"),
    ("Petr Novak", Role::Supervisor, "800100"),
    ("Olga Ivanova", Role::Supervisor, "800200"),
    ("Jana Svoboda", Role::Dealer, "1001"),
    ("Marek Kral", Role::Dealer, "1002"),
    ("Alena Horakova", Role::Dealer, "1003"),
    ("Pavel Cerny", Role::Dealer, "1004"),
    ("Tomas Prochazka", Role::Dealer, "1005"),
    ("Eva Kucerova", Role::Dealer, "1006"),
];

/// 2026-01-05 06:00 UTC, a Monday: the demo's first shift.
const START_MS: i64 = 1_767_592_800_000;
const SHIFT_MS: i64 = 8 * 3600 * 1000;
/// Rounds committed per transaction.
const BATCH: u64 = 2000;

/// What a demo run made.
#[derive(Debug, Default)]
pub struct DemoSummary {
    pub rounds: u64,
    pub tables: usize,
    pub shifts: u64,
    pub events: i64,
}

/// Why a demo run stopped: the database (not a new one, or its own failure), the number of
/// tables asked for, or the demo's own play refused (a bug: its rules and people are fixed).
#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    #[error(transparent)]
    Store(#[from] AuditError),
    #[error(
        "{}: demo fills a new database, and this one already holds {events} events; give a new file name",
        path.display()
    )]
    NotNew {
        path: std::path::PathBuf,
        events: i64,
    },
    #[error("--tables: expected 1 to 20 tables")]
    Tables { given: usize },
    #[error("demo: {0}")]
    Input(InputError),
    #[error("{0}")]
    Rules(#[from] RulesError),
    #[error("{0}")]
    Limits(#[from] SetupError),
    #[error("{0}")]
    Login(#[from] LoginError),
}

fn err(e: InputError) -> DemoError {
    match e {
        InputError::Store(s) => DemoError::Store(s),
        other => DemoError::Input(other),
    }
}

/// The clock to open a demo database with: the demo's time starts before its first shift.
pub fn clock() -> ManualClock {
    ManualClock::new(START_MS - 3600 * 1000)
}

/// The clock `croupier demo` opens a new file with: the demo's start, `seed` milliseconds
/// on (less than a minute), so that demo files of different seeds begin with different
/// `created` events and the floor knows them as different table databases.
pub fn clock_for(seed: u64) -> ManualClock {
    ManualClock::new(START_MS - 3600 * 1000 + (seed % 60_000) as i64)
}

/// Fills `store` (a new database, opened with `clock()`) with `rounds` rounds over
/// `tables` tables.
pub fn fill(
    store: &mut Store,
    rounds: u64,
    tables: usize,
    seed: u64,
    mut progress: impl FnMut(u64),
) -> Result<DemoSummary, DemoError> {
    if store.head().0 > 1 || users::has_users(store)? {
        return Err(DemoError::NotNew {
            path: store.path().to_path_buf(),
            events: store.head().0,
        });
    }
    if tables == 0 || tables > 20 {
        return Err(DemoError::Tables { given: tables });
    }
    // From the demo's start, or from the file's creation if that was later (a demo file
    // created a moment apart, so that it is a table database of its own on the floor).
    let clock = ManualClock::new((START_MS - 3600 * 1000).max(store.now()));
    store.set_clock(Box::new(clock.clone()));
    let mut demo = Demo::open(store, clock, tables, seed)?;
    let mut summary = DemoSummary {
        tables,
        ..DemoSummary::default()
    };
    store.begin_batch()?;
    let mut shift = 0u64;
    while summary.rounds < rounds {
        demo.play_shift(store, shift, rounds, &mut summary, &mut progress)?;
        shift += 1;
        summary.shifts += 1;
    }
    // The tables' theories kept, as a table keeps them once its solve is done.
    super::kept_theory::keep_all(store)?;
    store.commit_batch()?;
    progress(summary.rounds);
    summary.events = store.head().0;
    Ok(summary)
}

/// The PIN of a demo user.
fn pin_of(u: &User) -> &'static str {
    DEMO_USERS
        .iter()
        .find(|d| d.0 == u.name)
        .map(|d| d.2)
        .unwrap_or("0000")
}

/// A demo run in progress: its people, and each table's simulated play, session and shoe.
struct Demo {
    clock: ManualClock,
    dealers: Vec<User>,
    supervisors: Vec<User>,
    sims: Vec<Table>,
    sessions: Vec<TableSession>,
    shoes: Vec<ShoeInPlay>,
    /// Settled rounds a supervisor may void.
    last_settled: Vec<i64>,
    /// Rounds played since the last commit.
    since_commit: u64,
}

impl Demo {
    /// Adds the demo's people, then opens `tables` tables with a new shoe each.
    fn open(
        store: &mut Store,
        clock: ManualClock,
        tables: usize,
        seed: u64,
    ) -> Result<Demo, DemoError> {
        let mut people: Vec<User> = Vec::new();
        for (name, role, pin) in DEMO_USERS {
            let by = people.first().cloned();
            people.push(users::add_user_with(
                store,
                name,
                role,
                pin,
                by.as_ref(),
                PinCost::Demo,
            )?);
            clock.advance(60_000);
        }
        let of = |role: Role| -> Vec<User> {
            people.iter().filter(|u| u.role == role).cloned().collect()
        };
        let mut demo = Demo {
            clock,
            dealers: of(Role::Dealer),
            supervisors: of(Role::Supervisor),
            sims: Vec::new(),
            sessions: Vec::new(),
            shoes: Vec::new(),
            last_settled: Vec::new(),
            since_commit: 0,
        };
        for t in 0..tables {
            demo.open_table(store, t, seed)?;
        }
        Ok(demo)
    }

    /// Table `t` (0 on): tables alternate the presets; each has its own generator, shoe
    /// and limits.
    fn open_table(&mut self, store: &mut Store, t: usize, seed: u64) -> Result<(), DemoError> {
        let (preset, min, max) = if t.is_multiple_of(2) {
            ("czech", 5, 500)
        } else {
            ("belarus", 10, 1000)
        };
        let rules = Rules::preset(preset)?;
        // Solved before the first round (the table would not wait), so that every demo
        // settlement logs its decisions' cost whatever the machine's speed.
        crate::lab::solutions::of_rules(&rules);
        let limits = Limits::new(Some(Money::units(min)), Some(Money::units(max)))?;
        let mut sim = Table::new(
            rules,
            limits,
            seed.wrapping_mul(1000).wrapping_add(t as u64),
        );
        let dealer = &self.dealers[t % self.dealers.len()];
        let dealer = users::login(store, &dealer.name, pin_of(dealer), None)?;
        let mut s = TableSession::open(
            store,
            dealer,
            &format!("Pontoon {}", t + 1),
            rules,
            Some(preset),
            limits,
        )
        .map_err(err)?;
        s.new_shoe(store).map_err(err)?;
        self.shoes
            .push(ShoeInPlay::shuffled(rules.decks(), sim.rng()));
        self.sims.push(sim);
        self.sessions.push(s);
        Ok(())
    }

    /// One shift: its dealers log in, about one round a minute and a half at each table,
    /// all tables in step (until `rounds` in all), then they log out.
    fn play_shift(
        &mut self,
        store: &mut Store,
        shift: u64,
        rounds: u64,
        summary: &mut DemoSummary,
        progress: &mut impl FnMut(u64),
    ) -> Result<(), DemoError> {
        // A shift: the clock goes to its start; each table gets this shift's dealer.
        self.clock.set(START_MS + shift as i64 * SHIFT_MS);
        for (t, s) in self.sessions.iter_mut().enumerate() {
            let dealer = &self.dealers[(t + shift as usize) % self.dealers.len()];
            if self.sims[t].rng().random_bool(0.05) {
                let _ = users::login(store, &dealer.name, "0000", Some(s.table_id()));
            }
            let who = users::login(store, &dealer.name, pin_of(dealer), Some(s.table_id()))?;
            s.change_user(who);
        }
        let per_shift = 300u64;
        for slot in 0..per_shift {
            if summary.rounds >= rounds {
                break;
            }
            self.play_slot(store, shift, slot, rounds, summary, progress)?;
            // Now and then a supervisor voids a recent round.
            if self.sims[0].rng().random_bool(0.0005)
                && let Some(round) = self.last_settled.pop()
            {
                let sup = &self.supervisors[shift as usize % self.supervisors.len()];
                let who = users::login(store, &sup.name, pin_of(sup), None)?;
                super::exceptions::void_round(
                    store,
                    &who,
                    round,
                    "player dispute: misdealt card, round voided at the pit",
                )
                .map_err(err)?;
                users::logout(store, &who, None)?;
            }
        }
        self.clock
            .set(START_MS + (shift as i64 + 1) * SHIFT_MS - 60_000);
        for s in &self.sessions {
            users::logout(store, s.user(), Some(s.table_id()))?;
        }
        Ok(())
    }

    /// One slot of a shift: a round at each table in turn (until `rounds` in all),
    /// committed every `BATCH` rounds.
    fn play_slot(
        &mut self,
        store: &mut Store,
        shift: u64,
        slot: u64,
        rounds: u64,
        summary: &mut DemoSummary,
        progress: &mut impl FnMut(u64),
    ) -> Result<(), DemoError> {
        for t in 0..self.sessions.len() {
            if summary.rounds >= rounds {
                break;
            }
            self.clock
                .set(START_MS + shift as i64 * SHIFT_MS + slot as i64 * 90_000 + t as i64 * 7_000);
            play_round(
                store,
                &mut self.sessions[t],
                &mut self.sims[t],
                &mut self.shoes[t],
                &self.clock,
                &mut self.last_settled,
            )?;
            summary.rounds += 1;
            self.since_commit += 1;
            if self.since_commit >= BATCH {
                store.commit_batch()?;
                store.begin_batch()?;
                self.since_commit = 0;
                progress(summary.rounds);
            }
        }
        Ok(())
    }
}

fn play_round(
    store: &mut Store,
    s: &mut TableSession,
    sim: &mut Table,
    shoe: &mut ShoeInPlay,
    clock: &ManualClock,
    settled: &mut Vec<i64>,
) -> Result<(), DemoError> {
    if shoe.needs_shuffle() {
        s.new_shoe(store).map_err(err)?;
        *shoe = ShoeInPlay::shuffled(s.state().rules.decks(), sim.rng());
    }
    let bets = sim.random_bets();
    let id = s.start_round(store, bets).map_err(err)?;
    while let Some(round) = s.round() {
        clock.advance(sim.rng().random_range(1_000..4_000));
        // A slip now and then: a key the engine refuses, or a wrong card taken back.
        let slip = sim.rng().random_range(0..200);
        if slip == 0 {
            let wrong = match round.want() {
                Want::Card(_) => "stick",
                _ => "7",
            };
            let _ = s.input_text(store, wrong);
            continue;
        }
        if slip == 1
            && matches!(round.want(), Want::Card(_))
            && let Some(card) = crate::engine::Rank::ALL
                .iter()
                .map(|&r| crate::engine::Card::of(r))
                .find(|&c| {
                    // A wrong card that does not end the round, so it can still be taken back.
                    let mut trial = round.clone();
                    trial.apply(Step::Card(c)).is_ok() && !trial.is_complete()
                })
        {
            s.input(store, Step::Card(card)).map_err(err)?;
            s.undo(store).map_err(err)?;
            continue;
        }
        let step = sim.choose(round, shoe);
        s.input(store, step).map_err(err)?;
    }
    settled.push(id);
    if settled.len() > 50 {
        settled.remove(0);
    }
    Ok(())
}

/// Live play without batching, for the crash test: one table, every input its own durable
/// transaction; `ack` hears each event's seq only after it is committed. Resumes the table
/// (and its round in play) when the database already has it. Plays `rounds` rounds.
pub fn live_play(
    store: &mut Store,
    seed: u64,
    rounds: u64,
    mut ack: impl FnMut(i64),
) -> Result<(), DemoError> {
    let rules = Rules::preset("czech")?;
    let limits = Limits::NONE;
    let dealer = match users::has_users(store)? {
        false => {
            users::add_user_with(
                store,
                "Jana Svoboda",
                Role::Admin,
                "100100",
                None,
                PinCost::Demo,
            )?;
            ack(store.head().0);
            users::login(store, "Jana Svoboda", "100100", None)?
        }
        true => users::login(store, "Jana Svoboda", "100100", None)?,
    };
    ack(store.head().0);
    let mut s = TableSession::open(store, dealer, "Pontoon 1", rules, Some("czech"), limits)
        .map_err(err)?;
    ack(store.head().0);
    if s.recover(store).map_err(err)? {
        ack(store.head().0);
    }
    let mut sim = Table::new(rules, limits, seed);
    // The physical shoe: a fresh shuffle of what the engine says is left in this shoe.
    let left = s
        .round()
        .map(|r| r.shoe().clone())
        .unwrap_or_else(|| s.state().shoe.clone());
    let mut shoe = ShoeInPlay::remaining(left, sim.rng());
    for _ in 0..rounds {
        if s.round().is_none() {
            if shoe.needs_shuffle() {
                s.new_shoe(store).map_err(err)?;
                ack(store.head().0);
                shoe = ShoeInPlay::shuffled(rules.decks(), sim.rng());
            }
            s.start_round(store, sim.random_bets()).map_err(err)?;
            ack(store.head().0);
        }
        while let Some(round) = s.round() {
            let step = sim.choose(round, &mut shoe);
            s.input(store, step).map_err(err)?;
            ack(store.head().0);
        }
    }
    Ok(())
}
