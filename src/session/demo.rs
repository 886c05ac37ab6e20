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
    let pin_of = |u: &User| {
        DEMO_USERS
            .iter()
            .find(|d| d.0 == u.name)
            .map(|d| d.2)
            .unwrap_or("0000")
    };
    let dealers: Vec<User> = people
        .iter()
        .filter(|u| u.role == Role::Dealer)
        .cloned()
        .collect();
    let supervisors: Vec<User> = people
        .iter()
        .filter(|u| u.role == Role::Supervisor)
        .cloned()
        .collect();

    // Tables alternate the presets; each has its own generator, shoe and limits.
    let mut sims = Vec::new();
    let mut sessions: Vec<TableSession> = Vec::new();
    let mut shoes = Vec::new();
    for t in 0..tables {
        let (preset, min, max) = if t % 2 == 0 {
            ("czech", 5, 500)
        } else {
            ("belarus", 10, 1000)
        };
        let rules = Rules::preset(preset)?;
        let limits = Limits::new(Some(Money::units(min)), Some(Money::units(max)))?;
        let mut sim = Table::new(
            rules,
            limits,
            seed.wrapping_mul(1000).wrapping_add(t as u64),
        );
        let dealer = users::login(
            store,
            &dealers[t % dealers.len()].name,
            pin_of(&dealers[t % dealers.len()]),
            None,
        )?;
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
        shoes.push(ShoeInPlay::shuffled(rules.decks(), sim.rng()));
        sims.push(sim);
        sessions.push(s);
    }

    let mut summary = DemoSummary {
        tables,
        ..DemoSummary::default()
    };
    let mut since_commit = 0;
    store.begin_batch()?;
    let mut shift = 0u64;
    let mut last_settled: Vec<i64> = Vec::new();
    while summary.rounds < rounds {
        // A shift: the clock goes to its start; each table gets this shift's dealer.
        clock.set(START_MS + shift as i64 * SHIFT_MS);
        for (t, s) in sessions.iter_mut().enumerate() {
            let dealer = &dealers[(t + shift as usize) % dealers.len()];
            if sims[t].rng().random_bool(0.05) {
                let _ = users::login(store, &dealer.name, "0000", Some(s.table_id()));
            }
            let who = users::login(store, &dealer.name, pin_of(dealer), Some(s.table_id()))?;
            s.change_user(who);
        }
        // About one round a minute and a half at each table, all tables in step.
        let per_shift = 300u64;
        for slot in 0..per_shift {
            if summary.rounds >= rounds {
                break;
            }
            for t in 0..tables {
                if summary.rounds >= rounds {
                    break;
                }
                clock.set(
                    START_MS + shift as i64 * SHIFT_MS + slot as i64 * 90_000 + t as i64 * 7_000,
                );
                play_round(
                    store,
                    &mut sessions[t],
                    &mut sims[t],
                    &mut shoes[t],
                    &clock,
                    &mut last_settled,
                )?;
                summary.rounds += 1;
                since_commit += 1;
                if since_commit >= BATCH {
                    store.commit_batch()?;
                    store.begin_batch()?;
                    since_commit = 0;
                    progress(summary.rounds);
                }
            }
            // Now and then a supervisor voids a recent round.
            if sims[0].rng().random_bool(0.0005)
                && let Some(round) = last_settled.pop()
            {
                let sup = &supervisors[shift as usize % supervisors.len()];
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
        clock.set(START_MS + (shift as i64 + 1) * SHIFT_MS - 60_000);
        for s in &sessions {
            users::logout(store, s.user(), Some(s.table_id()))?;
        }
        shift += 1;
        summary.shifts += 1;
    }
    store.commit_batch()?;
    progress(summary.rounds);
    summary.events = store.head().0;
    Ok(summary)
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
