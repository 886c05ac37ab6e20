//! The totals a table's file keeps (`round_totals`, `log::totals`): written with each
//! settlement, void and correction; equal to what the events make them; built for old
//! files by the migration; a total changed by hand is named by `verify`.

mod common;

use std::path::{Path, PathBuf};

use croupier::engine::Money;
use croupier::log::Store;
use croupier::log::totals::{self, Figures};
use croupier::report::{Cell, Kind, Options, Period};
use croupier::session::replay::{self, ReplayError};
use croupier::session::{demo, exceptions, users};
use rusqlite::Connection;

fn demo_file(name: &str, rounds: u64, tables: usize) -> (PathBuf, Store) {
    let path = common::fresh_dir(name).join("t.db");
    let mut store = Store::open_with(&path, Box::new(demo::clock())).unwrap();
    demo::fill(&mut store, rounds, tables, 7, |_| {}).unwrap();
    (path, store)
}

/// Every kept total summed into one.
fn sum(store: &Store) -> Figures {
    let mut all = Figures::default();
    for f in totals::kept(store.conn(), None).unwrap().values() {
        all.add(f, 1);
    }
    all
}

/// A supervisor corrects a settled round (re-entered as dealt: the corrected figures
/// are replayed and stand in its bucket), corrects and then voids another, and voids a
/// third; returns the rounds voided. (`tests/audit.rs`'s correction test checks that a
/// correction that changes a round's win moves its bucket's.)
fn correct_and_void(store: &mut Store) -> [i64; 2] {
    let sup = users::login(store, "Petr Novak", "800100", None).unwrap();
    let rounds: Vec<i64> = {
        let mut st = store
            .conn()
            .prepare("SELECT round_id FROM round_figures ORDER BY round_id DESC LIMIT 3")
            .unwrap();
        st.query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    for &round in &rounds[..2] {
        let steps = replay::export_round(store, round).unwrap().0.steps;
        exceptions::correct_round(store, &sup, round, steps, "re-entered as it was dealt").unwrap();
    }
    for &round in &rounds[1..] {
        exceptions::void_round(store, &sup, round, "player dispute upheld at the pit").unwrap();
    }
    [rounds[1], rounds[2]]
}

fn summary(store: &Store) -> Vec<Vec<Cell>> {
    let r = croupier::report::build(
        std::slice::from_ref(store),
        &Options {
            kind: Kind::Summary,
            period: Period::parse("2026-01-01", "2030-12-31").unwrap(),
            table: None,
            dealer: None,
            threshold: Money::units(1000),
            verify: false,
            generated_by: "test",
            generated_at: "now",
        },
        |_| {},
    )
    .unwrap();
    r.sections
        .into_iter()
        .find(|s| s.name == "period total")
        .unwrap()
        .rows
}

/// Settlements, voids and corrections keep the totals as the events make them: `verify`
/// passes (it rebuilds them), and their sums are the summary's period total.
#[test]
fn totals_follow_settlements_voids_and_corrections() {
    let (path, mut store) = demo_file("follow", 1500, 3);
    let before = sum(&store);
    assert!(before.rounds > 1000, "{before:?}");
    let voided = correct_and_void(&mut store);
    let after = sum(&store);
    assert_eq!(after.rounds, before.rounds - 2, "rounds {voided:?} voided");
    assert!(after.handle < before.handle);
    assert_eq!(
        totals::kept(store.conn(), None).unwrap(),
        totals::rebuild(store.conn()).unwrap()
    );
    let total = &summary(&store)[0];
    assert_eq!(total[1], Cell::Int(after.rounds));
    assert_eq!(total[2], Cell::Money(Money::from_cents(after.handle)));
    assert_eq!(total[4], Cell::Money(Money::from_cents(after.win)));
    drop(store);
    let v = replay::verify(&Store::open_read(&path).unwrap(), |_| {}).unwrap();
    assert_eq!(v.corrected, 2);
    assert!(v.voided >= 2);
}

/// A total changed by hand (the events untouched) is named by `verify`: NOT verified.
#[test]
fn a_total_changed_by_hand_fails_verify() {
    let (path, store) = demo_file("edited", 300, 2);
    drop(store);
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(
        "UPDATE round_totals SET handle = handle + 500 WHERE (table_id, hour, dealer, opened) =
           (SELECT table_id, hour, dealer, opened FROM round_totals ORDER BY hour LIMIT 1 OFFSET 3)",
    )
    .unwrap();
    drop(conn);
    let err = replay::verify(&Store::open_read(&path).unwrap(), |_| {}).unwrap_err();
    let ReplayError::Totals(why) = &err else {
        panic!("expected the totals named, got {err}");
    };
    assert!(
        why.contains("table ") && why.contains("handle ") && why.contains("from the events"),
        "{why}"
    );
    let out = common::run(&["verify", "--db", path.to_str().unwrap()], b"");
    assert_ne!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("NOT verified") && said.contains("round_totals"),
        "{said}"
    );
}

/// Takes a file back to schema 7 (no totals).
fn to_schema_7(path: &Path) {
    Connection::open(path)
        .unwrap()
        .execute_batch("DROP TABLE round_totals; PRAGMA user_version = 7;")
        .unwrap();
}

/// A file of the previous schema (7: no totals; made by taking the table away) and the
/// schema-3 fixture of the oldest release are given their totals by the migration, equal
/// to those kept as the log grew; `verify` passes.
#[test]
fn the_migration_builds_the_totals_of_old_files() {
    let (path, mut store) = demo_file("migrate", 800, 3);
    correct_and_void(&mut store);
    let grown = totals::kept(store.conn(), None).unwrap();
    drop(store);
    to_schema_7(&path);
    let store = Store::open(&path).unwrap();
    assert_eq!(totals::kept(store.conn(), None).unwrap(), grown);
    drop(store);
    replay::verify(&Store::open_read(&path).unwrap(), |_| {}).unwrap();

    let old = common::fresh_dir("migrate3").join("t.db");
    Connection::open(&old)
        .unwrap()
        .execute_batch(include_str!("fixtures/schema3-demo.sql"))
        .unwrap();
    let store = Store::open(&old).unwrap();
    let kept = totals::kept(store.conn(), None).unwrap();
    let rounds: i64 = kept.values().map(|f| f.rounds).sum();
    assert_eq!(rounds, 20, "the fixture's 20 settled rounds");
    assert_eq!(kept, totals::rebuild(store.conn()).unwrap());
    drop(store);
    replay::verify(&Store::open_read(&old).unwrap(), |_| {}).unwrap();
}
