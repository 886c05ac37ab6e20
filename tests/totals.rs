//! The totals a table's file keeps (`round_totals`, `log::totals`): written with each
//! settlement, void and correction; equal to what the events make them; built for old
//! files by the migration; a total changed by hand is named by `verify`; the summary and
//! dealers reports read from them equal the same reports read from every round.

mod common;
#[path = "common/counting.rs"]
mod counting;

use std::path::{Path, PathBuf};

use croupier::engine::Money;
use croupier::log::Store;
use croupier::log::totals::{self, Figures, TotalsColumn, TotalsDiffer};
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
        &common::options(Kind::Summary, "2026-01-01", "2030-12-31"),
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

/// A bucket whose every round is voided is removed, not kept at zero: one table's one
/// round, settled (its bucket inserted) and voided (the bucket comes to nothing).
#[test]
fn a_bucket_voided_to_nothing_is_removed() {
    let (path, mut store) = demo_file("emptied", 1, 1);
    let count = |s: &Store| -> i64 {
        s.conn()
            .query_row("SELECT count(*) FROM round_totals", [], |r| r.get(0))
            .unwrap()
    };
    assert_eq!(count(&store), 1, "the settled round's bucket");
    let sup = users::login(&mut store, "Petr Novak", "800100", None).unwrap();
    let round: i64 = store
        .conn()
        .query_row("SELECT round_id FROM round_figures", [], |r| r.get(0))
        .unwrap();
    exceptions::void_round(&mut store, &sup, round, "dealt from the wrong shoe").unwrap();
    assert_eq!(count(&store), 0, "a bucket of nothing left behind");
    assert_eq!(
        totals::kept(store.conn(), None).unwrap(),
        totals::rebuild(store.conn()).unwrap()
    );
    drop(store);
    replay::verify(&Store::open_read(&path).unwrap(), |_| {}).unwrap();
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
    let ReplayError::Totals(TotalsDiffer {
        key,
        column: TotalsColumn::Differ(columns),
    }) = &err
    else {
        panic!("expected the totals named, got {err}");
    };
    // The one column changed, by what was added to it, at a real table's row.
    assert_eq!(columns.len(), 1, "{err}");
    assert_eq!(columns[0].column, "handle");
    assert_eq!(columns[0].kept, columns[0].events + 500);
    assert!(key.table > 0, "{key:?}");
    let why = err.to_string();
    assert!(
        why.contains(&format!("table {} hour {}", key.table, key.hour))
            && why.contains(&format!(
                "handle {} kept, {} from the events",
                columns[0].kept, columns[0].events
            )),
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

/// A copy of `path` named `name`, changed by `sql`: what `verify` says of it.
fn verify_forged(path: &Path, name: &str, sql: &str) -> ReplayError {
    let copy = path.with_file_name(format!("{name}.db"));
    std::fs::copy(path, &copy).unwrap();
    common::forge(&copy, sql, []);
    replay::verify(&Store::open_read(&copy).unwrap(), |_| {}).unwrap_err()
}

/// Every column of a kept row changed by hand is named by `verify` (the column alone, by
/// what was added), and so is a row taken out, added, or moved to another key — in a
/// bucket of settled rounds and in the bucket of a corrected round (verify folds the
/// totals from its replay, voids and corrections as it applies them: issue 22).
#[test]
fn every_column_and_key_changed_by_hand_fails_verify() {
    let (path, mut store) = demo_file("every-column", 400, 2);
    correct_and_void(&mut store);
    drop(store);
    replay::verify(&Store::open_read(&path).unwrap(), |_| {}).unwrap();
    let buckets = [
        (
            "settled",
            "(table_id, hour, dealer, opened) = (SELECT table_id, hour, dealer, opened
               FROM round_totals ORDER BY hour LIMIT 1 OFFSET 3)",
        ),
        (
            "corrected",
            "(table_id, hour, dealer) = (SELECT table_id, at / 3600000, user_id
               FROM round_figures WHERE round_id = (SELECT max(round_id) FROM round_figures))",
        ),
    ];
    for (at, bucket) in buckets {
        for column in totals::COLUMNS {
            let sql = format!("UPDATE round_totals SET {column} = {column} + 1 WHERE {bucket}");
            let err = verify_forged(&path, &format!("{at}-{column}"), &sql);
            let ReplayError::Totals(TotalsDiffer {
                column: TotalsColumn::Differ(cols),
                ..
            }) = &err
            else {
                panic!("{at} {column}: expected the column named, got {err}");
            };
            assert_eq!(cols.len(), 1, "{at}: {err}");
            assert_eq!(cols[0].column, column, "{at}: {err}");
            assert_eq!(cols[0].kept, cols[0].events + 1, "{at}: {err}");
        }
        let keys = [
            (
                "gone",
                format!("DELETE FROM round_totals WHERE {bucket}"),
                TotalsColumn::Missing,
            ),
            (
                "opened",
                format!("UPDATE round_totals SET opened = opened + 1 WHERE {bucket}"),
                TotalsColumn::Missing,
            ),
            (
                "dealer",
                format!("UPDATE round_totals SET dealer = -7 WHERE {bucket}"),
                TotalsColumn::KeptOnly,
            ),
        ];
        for (what, sql, want) in keys {
            let err = verify_forged(&path, &format!("{at}-{what}"), &sql);
            assert!(
                matches!(&err, ReplayError::Totals(d) if d.column == want),
                "{at} {what}: expected {want:?}, got {err}"
            );
        }
    }
    let added = "INSERT INTO round_totals (table_id, hour, dealer, opened, rounds, handle, paid,
        win, insurance_taken, insurance_paid, splits, buys, pontoons, five_card_tricks, box_sq,
        round_sq) VALUES (1, 5, 1, 0, 1, 500, 0, 500, 0, 0, 0, 0, 0, 0, 250000, 250000)";
    let err = verify_forged(&path, "added", added);
    assert!(
        matches!(&err, ReplayError::Totals(d) if d.column == TotalsColumn::KeptOnly && d.key.hour == 5),
        "{err}"
    );
}

/// A `round_figures` row past the log's last event (no settlement wrote it) is refused by
/// `verify`, as main's `rebuild`, which read every row, refused it: the fold's cursor
/// reads the rows up to the head only, so verify checks past it on its own.
#[test]
fn a_figures_row_past_the_head_fails_verify() {
    let (path, store) = demo_file("figures-past-head", 200, 2);
    drop(store);
    replay::verify(&Store::open_read(&path).unwrap(), |_| {}).unwrap();
    let planted = "INSERT INTO round_figures (round_id, seq, at, table_id, user_id, handle, paid,
        win, max_net, insurance_taken, insurance_paid, splits, buys, pontoons, five_card_tricks, cost)
        SELECT round_id + 1000, (SELECT max(seq) FROM events) + 5, at, table_id, user_id, handle,
               paid, win, max_net, insurance_taken, insurance_paid, splits, buys, pontoons,
               five_card_tricks, cost
          FROM round_figures ORDER BY seq DESC LIMIT 1";
    let err = verify_forged(&path, "planted", planted);
    assert!(
        matches!(
            &err,
            ReplayError::Mismatch {
                why: croupier::session::error::Discrepancy::ExtraFigures,
                ..
            } | ReplayError::Totals(_)
        ),
        "expected the planted row refused, got {err}"
    );
}

/// A copy of `path` with its first `round_started` after event 100 rewritten by `edit`
/// and the chain made to match: what `verify` says of it.
fn verify_with_start(
    path: &Path,
    name: &str,
    edit: fn(&serde_json::Value) -> String,
) -> Result<(), String> {
    let copy = path.with_file_name(format!("{name}.db"));
    std::fs::copy(path, &copy).unwrap();
    let conn = Connection::open(&copy).unwrap();
    let mut done = false;
    common::rechain(&conn, |e| {
        if !done && e.kind == "round_started" && e.seq > 100 {
            e.data = edit(&serde_json::from_str(&e.data).unwrap());
            done = true;
        }
    });
    drop(conn);
    replay::verify(&Store::open_read(&copy).unwrap(), |_| {})
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// A start's stakes in the totals are what the JSON reader makes of its text whatever its
/// form: keys in another order than the store writes them hold. A start the payload's own
/// reader does not read (no `shoe`), which the reports refuse, fails verify, named (since
/// stop 47; before, verify read its bets and named only its bucket's squares, which a
/// forger who made the totals again would have passed: the streamed rounds report, which
/// takes a round's bets from its kept row, would then have shown a file whose held report
/// is refused).
#[test]
fn a_starts_stakes_are_read_whatever_its_form() {
    let (path, store) = demo_file("start-form", 200, 2);
    drop(store);
    verify_with_start(&path, "reordered", |v| {
        format!("{{\"shoe\":{},\"bets\":{}}}", v["shoe"], v["bets"])
    })
    .unwrap();
    let said =
        verify_with_start(&path, "no-shoe", |v| format!("{{\"bets\":{}}}", v["bets"])).unwrap_err();
    let named =
        "(round_started): its data does not read as a round_started event: missing field `shoe`";
    assert!(said.contains(named), "{said}");
}

/// Schema 10: a bucket keeps Σ of its rounds' logged decision costs and how many carry
/// none. A demo file is costed throughout (it waits for its rules' solve), so its buckets
/// keep no uncosted round; a void takes its round's cost out of its bucket, and a
/// correction (re-entered as dealt) keeps it; the kept totals stay what the events make.
#[test]
fn the_totals_keep_the_decisions_cost() {
    let (_, mut store) = demo_file("cost", 600, 2);
    let uncosted: i64 = store
        .conn()
        .query_row(
            "SELECT count(*) FROM round_figures WHERE cost IS NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(uncosted, 0, "every demo round is costed");
    let before = sum(&store);
    assert_eq!(before.uncosted, 0);
    assert!(before.cost > 0, "the demo's players make mistakes");
    let voided = correct_and_void(&mut store);
    let after = sum(&store);
    assert_eq!(after.uncosted, 0, "a correction logs its cost: {after:?}");
    assert_eq!(
        totals::kept(store.conn(), None).unwrap(),
        totals::rebuild(store.conn()).unwrap()
    );
    let voided_cost: i64 = store
        .conn()
        .query_row(
            "SELECT sum(cost) FROM round_figures WHERE round_id IN (?1, ?2)",
            voided,
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(after.cost, before.cost - voided_cost, "rounds {voided:?}");
}

/// A decision cost changed by hand — in a bucket (`round_totals.cost`, `uncosted`) or in
/// a round's row (`round_figures.cost`, its guard lifted and put back) — is named by
/// `verify`: the column, and the bucket or round.
#[test]
fn a_cost_changed_by_hand_fails_verify() {
    let (path, store) = demo_file("cost-edited", 300, 2);
    drop(store);
    let bucket = "(table_id, hour, dealer, opened) =
        (SELECT table_id, hour, dealer, opened FROM round_totals ORDER BY hour LIMIT 1 OFFSET 2)";
    for (column, sql) in [
        (
            "cost",
            format!("UPDATE round_totals SET cost = cost + 1 WHERE {bucket}"),
        ),
        (
            "uncosted",
            format!("UPDATE round_totals SET uncosted = 1 WHERE {bucket}"),
        ),
    ] {
        let copy = path.with_file_name(format!("{column}.db"));
        std::fs::copy(&path, &copy).unwrap();
        common::forge(&copy, &sql, []);
        let err = replay::verify(&Store::open_read(&copy).unwrap(), |_| {}).unwrap_err();
        let ReplayError::Totals(why) = &err else {
            panic!("expected the totals named, got {err}");
        };
        let said = why.to_string();
        assert!(
            said.contains(&format!("{column} ")) && said.contains("from the events"),
            "{said}"
        );
    }
    let conn = Connection::open(&path).unwrap();
    let guard: String = conn
        .query_row(
            "SELECT sql FROM sqlite_master WHERE name = 'round_figures_no_update'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let round: i64 = conn
        .query_row(
            "SELECT round_id FROM round_figures WHERE cost > 0 ORDER BY round_id LIMIT 1 OFFSET 5",
            [],
            |r| r.get(0),
        )
        .unwrap();
    conn.execute_batch(&format!(
        "DROP TRIGGER round_figures_no_update;
         UPDATE round_figures SET cost = cost + 1 WHERE round_id = {round};
         {guard}"
    ))
    .unwrap();
    drop(conn);
    let err = replay::verify(&Store::open_read(&path).unwrap(), |_| {}).unwrap_err();
    let said = err.to_string();
    assert!(
        said.contains(&format!("{round}"))
            && said.contains("round_figures keeps a decisions' cost"),
        "{said}"
    );
}

/// Takes a file back to schema 9: no decision costs in `round_figures` nor in
/// `round_totals` (whose other columns stay as kept), no kept theories.
fn to_schema_9(path: &Path) {
    let conn = Connection::open(path).unwrap();
    conn.execute_batch(
        "ALTER TABLE round_figures DROP COLUMN cost; ALTER TABLE round_totals DROP COLUMN cost;
         ALTER TABLE round_totals DROP COLUMN uncosted; DROP TABLE kept_theories;
         DROP TABLE round_rows; PRAGMA user_version = 9;",
    )
    .unwrap();
}

/// A schema-9 file (made by taking schema 10's columns away) is given its costs by the
/// migration: `round_figures.cost` from its settlements' payloads, and totals equal to
/// those kept as the log grew (voids and corrections included); `verify` passes.
#[test]
fn the_migration_to_10_keeps_the_costs_of_old_files() {
    let (path, mut store) = demo_file("migrate10", 500, 2);
    correct_and_void(&mut store);
    let grown = totals::kept(store.conn(), None).unwrap();
    let costs = |s: &Store| -> Vec<(i64, Option<i64>)> {
        s.conn()
            .prepare("SELECT round_id, cost FROM round_figures ORDER BY round_id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let logged = costs(&store);
    assert!(logged.iter().all(|(_, c)| c.is_some()));
    drop(store);
    to_schema_9(&path);
    let store = croupier::session::open::open(&path).unwrap();
    assert_eq!(costs(&store), logged);
    assert_eq!(totals::kept(store.conn(), None).unwrap(), grown);
    drop(store);
    replay::verify(&Store::open_read(&path).unwrap(), |_| {}).unwrap();
}

/// Takes a file back to schema 7 (no totals, nor schema 9's user changes and their kind,
/// nor schema 10's `round_figures.cost`, nor schema 11's kept theories;
/// the kinds' guard put back as it was).
fn to_schema_7(path: &Path) {
    let conn = Connection::open(path).unwrap();
    let guard: String = conn
        .query_row(
            "SELECT sql FROM sqlite_master WHERE name = 'event_kinds_no_delete'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    conn.execute_batch(
        "DROP TABLE round_totals; DROP TABLE user_changes; DROP TABLE kept_theories; DROP TABLE round_rows; ALTER TABLE round_figures DROP COLUMN cost; DROP TRIGGER event_kinds_no_delete; DELETE FROM event_kinds WHERE code = 26; PRAGMA user_version = 7;",
    )
    .unwrap();
    conn.execute_batch(&guard).unwrap();
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
    let store = croupier::session::open::open(&path).unwrap();
    assert_eq!(totals::kept(store.conn(), None).unwrap(), grown);
    drop(store);
    replay::verify(&Store::open_read(&path).unwrap(), |_| {}).unwrap();

    let old = common::fresh_dir("migrate3").join("t.db");
    Connection::open(&old)
        .unwrap()
        .execute_batch(include_str!("fixtures/schema3-demo.sql"))
        .unwrap();
    let store = croupier::session::open::open(&old).unwrap();
    let kept = totals::kept(store.conn(), None).unwrap();
    let rounds: i64 = kept.values().map(|f| f.rounds).sum();
    assert_eq!(rounds, 20, "the fixture's 20 settled rounds");
    assert_eq!(kept, totals::rebuild(store.conn()).unwrap());
    drop(store);
    replay::verify(&Store::open_read(&old).unwrap(), |_| {}).unwrap();
}

/// A clock the test moves.
#[derive(Clone)]
struct SetClock(std::sync::Arc<std::sync::atomic::AtomicI64>);

impl croupier::log::Clock for SetClock {
    fn now_ms(&self) -> i64 {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// A small deterministic generator (the test's periods and moments).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// Rounds the Prague file deals at fixed moments, at "Praha 1": (UTC ms, stake in units).
/// Each month's end has one in the small hours of the next month's 1st, which belongs to
/// the previous month's last gaming day (before 06:00), and one after 06:00, which belongs
/// to the 1st: its UTC and local dates both say the new month.
const MONTH_ENDS: [(i64, i64); 5] = [
    // 2026-11-01 00:30 UTC, 01:30 CET (after the clock change): gaming day 31 October.
    (1_793_493_000_000, 7),
    // 2026-11-01 05:30 UTC, 06:30 CET: gaming day 1 November.
    (1_793_511_000_000, 11),
    // 2027-01-01 00:30 UTC, 01:30 CET: gaming day 31 December 2026, across the year's end.
    (1_798_763_400_000, 13),
    // 2027-01-01 05:30 UTC, 06:30 CET: gaming day 1 January 2027.
    (1_798_781_400_000, 17),
    // 2027-03-01 00:30 UTC, 01:30 CET: gaming day 28 February 2027.
    (1_803_861_000_000, 19),
];

/// A Prague table (shifts at 06:00 14:00 22:00) with rounds at random moments across the
/// clock changes of 25 October 2026 and 28 March 2027, at two tables by turns, and the
/// rounds at months' ends of [`MONTH_ENDS`].
fn prague_file(rng: &mut Lcg) -> Store {
    use croupier::engine::{BetSpec, Limits, Rules};
    use croupier::session::{Role, TableSession, calendar::Calendar, settings};
    let path = common::fresh_dir("totals-prague").join("prague.db");
    let clock = SetClock(std::sync::Arc::new(1_790_000_000_000.into()));
    let mut store = Store::open_with(&path, Box::new(clock.clone())).unwrap();
    let admin = users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
    for (name, pin) in [("Jana Svoboda", "1001"), ("Marek Kral", "1002")] {
        users::add_user(&mut store, name, Role::Dealer, pin, Some(&admin)).unwrap();
    }
    let cal = Calendar::new("Europe/Prague", "06:00 14:00 22:00").unwrap();
    settings::set_calendar(&mut store, &cal, &admin).unwrap();
    let mut tables = Vec::new();
    for (table, name, pin) in [
        ("Praha 1", "Jana Svoboda", "1001"),
        ("Praha 2", "Marek Kral", "1002"),
    ] {
        let dealer = users::login(&mut store, name, pin, None).unwrap();
        tables.push(
            TableSession::open(
                &mut store,
                dealer,
                table,
                Rules::preset("czech").unwrap(),
                Some("czech"),
                Limits::NONE,
            )
            .unwrap(),
        );
    }
    // 2026-10-23 00:00 and 2027-03-25 00:00 UTC, four days each (gaming days 22 to 26
    // October and 24 to 28 March); the fixed ones (`Some` stake) among them in time.
    let mut moments: Vec<(i64, Option<i64>)> = (0..80)
        .map(|i| {
            let base = if i % 2 == 0 {
                1_792_713_600_000
            } else {
                1_805_932_800_000
            };
            (base + rng.below(4 * 24 * 60) as i64 * 60_000, None)
        })
        .chain(MONTH_ENDS.map(|(at, stake)| (at, Some(stake))))
        .collect();
    moments.sort();
    let mut random = 0;
    for (i, (at, fixed)) in moments.into_iter().enumerate() {
        clock.0.store(at, std::sync::atomic::Ordering::SeqCst);
        let (table, stake) = match fixed {
            Some(stake) => (0, stake),
            None => {
                random += 1;
                (((random - 1) / 3) % 2, 5 + rng.below(20) as i64)
            }
        };
        let s = &mut tables[table];
        s.new_shoe(&mut store).unwrap();
        let bets = vec![BetSpec {
            id: "1a".into(),
            box_no: 1,
            stake: Money::units(stake),
        }];
        s.start_round(&mut store, bets).unwrap();
        for step in ["A", "9", "2", "twist", "3", "twist", "5", "8"] {
            s.input_text(&mut store, step).unwrap();
        }
        assert!(s.round().is_none(), "round {i} settled");
    }
    store
}

/// A demo file given a calendar (the demo's rounds are at the start of 2026).
fn demo_with_calendar(name: &str, seed: u64, tz: &str, shifts: &str) -> Store {
    use croupier::session::{calendar::Calendar, settings};
    let path = common::fresh_dir(name).join("t.db");
    let mut store = Store::open_with(&path, Box::new(demo::clock_for(seed))).unwrap();
    demo::fill(&mut store, 900, 2, seed, |_| {}).unwrap();
    let admin = users::login(&mut store, "Irena Dvorak", "900000", None).unwrap();
    let cal = Calendar::new(tz, shifts).unwrap();
    settings::set_calendar(&mut store, &cal, &admin).unwrap();
    store
}

/// The summary and the dealers report from the kept totals (`build_from`) equal, section
/// by section and chart by chart, every column the theory's included, the same reports
/// read from every round (the reference), over random periods: demo files in
/// the UTC default calendar, in Asia/Kolkata (+05:30: every shift boundary inside a UTC
/// hour), with a shift starting at 06:15 (in euros: the four together mix currencies),
/// and a Prague table across both clock changes; each alone and all together, with and
/// without a table or dealer filter; and periods across a year's start, long ones and a
/// day long after the rounds (their year and month to date summed by the file where the
/// calendar's hours are whole, `Source::total_sums`). And, by hand, the Prague table's
/// rounds in the small hours of a month's 1st in the previous month's `by month` row
/// (their gaming day's month, not their local or UTC date's: `prague_months`).
#[test]
fn reports_from_totals_equal_reports_from_every_round() {
    let mut rng = Lcg(25);
    let utc = demo_file("eq-utc", 900, 2).1;
    let mut quarter = demo_with_calendar("eq-quarter", 4, "UTC", "06:15 14:00 22:00");
    // One file in euros: the set of all four mixes currencies.
    let admin = users::login(&mut quarter, "Irena Dvorak", "900000", None).unwrap();
    let eur = croupier::engine::Currency::parse("EUR").unwrap();
    croupier::session::settings::set_currency(&mut quarter, eur, &admin).unwrap();
    let files = [
        utc,
        demo_with_calendar("eq-kolkata", 3, "Asia/Kolkata", "06:00 14:00 22:00"),
        quarter,
        prague_file(&mut rng),
    ];
    let days =
        |d: i64| chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap() + chrono::TimeDelta::days(d);
    let periods: Vec<(chrono::NaiveDate, chrono::NaiveDate)> = (0..12)
        .map(|round| match round % 3 {
            // Around the demo's days (from 5 January 2026).
            0 => (days(4 - rng.below(3) as i64), days(4 + rng.below(3) as i64)),
            // Across the autumn clock change, and the spring one of the next year.
            1 => (
                days(294 + rng.below(3) as i64),
                days(297 + rng.below(3) as i64),
            ),
            _ => (
                days(448 + rng.below(4) as i64),
                days(451 + rng.below(5) as i64),
            ),
        })
        .collect();
    // Across a year's start (no to-date sums before the period), a long period whose
    // year to date starts before it (the demo's days summed before it where the calendar
    // allows), and one day long after the demo's (its year to date all before it).
    let mut cases: Vec<_> = periods
        .into_iter()
        .enumerate()
        .map(|(round, (from, to))| {
            let (table, dealer) = match round % 4 {
                1 => (Some("Praha 1"), None),
                2 => (None, Some("Jana Svoboda")),
                _ => (None, None),
            };
            (
                from,
                to,
                [Kind::Summary, Kind::Dealers][round % 2],
                table,
                dealer,
            )
        })
        .collect();
    // Over 31 gaming days (`DETAIL_DAYS`) the detail is by month: across a month's end
    // (the demo's January, cut by the period, and an empty February), starting and ending
    // inside months, exactly 31 and 32 gaming days (October with the clock change and
    // the round of its last gaming day after midnight; and 1 November), over a year's
    // end (the Prague table's rounds on either side of 06:00 on 1 January 2027) and
    // February 2027's end, all four files together mixing currencies and sharing
    // "Pontoon 1".
    let date = |y, m, d| chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap();
    for (from, to) in [
        (days(-3), days(5)),
        (days(296), days(450)),
        (days(6), days(297)),
        (days(300), days(300)),
        (date(2026, 1, 3), date(2026, 2, 10)),
        (date(2025, 12, 20), date(2026, 1, 20)),
        (date(2026, 10, 1), date(2026, 10, 31)),
        (date(2026, 10, 1), date(2026, 11, 1)),
        (date(2026, 9, 25), date(2027, 3, 27)),
        (date(2026, 12, 1), date(2027, 1, 31)),
    ] {
        cases.push((from, to, Kind::Summary, None, None));
    }
    cases.push((
        days(6),
        days(297),
        Kind::Summary,
        None,
        Some("Jana Svoboda"),
    ));
    cases.push((days(6), days(297), Kind::Dealers, None, None));
    // The months' ends by hand (`MONTH_ENDS`): a round before 06:00 on a 1st in its
    // previous month's row, one after 06:00 in its own month's (the random rounds are
    // October's and March's gaming days, 40 each).
    let units = Money::units;
    let months: Vec<(&str, i64, Option<Money>)> = vec![
        ("2026-10-01 to 2026-10-31", 41, None),
        ("2026-11-01 to 2026-11-30", 1, Some(units(11))),
        ("2026-12-01 to 2026-12-31", 1, Some(units(13))),
        ("2027-01-01 to 2027-01-31", 1, Some(units(17))),
        ("2027-02-01 to 2027-02-28", 1, Some(units(19))),
        ("2027-03-01 to 2027-03-31", 40, None),
    ];
    // (A row of one round shows its handle, the round's stake.)
    let got = prague_months(&files[3..]);
    let got: Vec<(&str, i64, Option<Money>)> = got
        .iter()
        .map(|(m, n, h)| (m.as_str(), *n, (*n == 1).then_some(*h)))
        .collect();
    assert_eq!(got, months, "the Prague file's months");
    let (mut compared, mut as_played) = (0, 0);
    for (from, to, kind, table, dealer) in cases {
        let period = Period::parse(&from.to_string(), &to.to_string()).unwrap();
        let o = Options {
            kind,
            period,
            table,
            dealer,
            threshold: Money::units(1000),
            verify: false,
            generated_by: "test",
            generated_at: "now",
        };
        let sets: Vec<&[Store]> = vec![&files[..], &files[1..2], &files[3..]];
        for set in sets {
            let mut src = croupier::report::query::Files(set);
            let kept = croupier::report::build_from(&mut src, &o, |_| {}).unwrap();
            let every = croupier::report::build_reading_every_round(&mut src, &o, |_| {}).unwrap();
            let (a, b) = (
                croupier::report::render_json(&kept),
                croupier::report::render_json(&every),
            );
            for part in ["sections", "charts"] {
                assert_eq!(
                    a[part], b[part],
                    "{kind:?}: {part} of {from}..{to}, {table:?} {dealer:?}"
                );
            }
            if kind == Kind::Summary {
                let names: Vec<&str> = kept.sections.iter().map(|s| s.name.as_str()).collect();
                let long = (to - from).num_days() + 1 > 31;
                assert_eq!(
                    (names.contains(&"by month"), names.contains(&"by shift")),
                    (long, !long),
                    "{from}..{to}: {names:?}"
                );
            }
            let rows: usize = every.sections.iter().map(|s| s.rows.len()).sum();
            compared += rows;
            as_played += as_played_cells(&a);
        }
    }
    assert!(
        compared > 100,
        "the periods hold rounds: {compared} rows compared"
    );
    assert!(
        as_played > 20,
        "the theory as played is compared, not blank on both sides: {as_played} cells"
    );
}

/// The Prague file's `by month` rows from October 2026 to March 2027 as the fold makes them
/// from its kept totals (`build_from`, not the reference): (month, rounds, handle), its
/// tables summed.
fn prague_months(prague: &[Store]) -> Vec<(String, i64, Money)> {
    let o = common::options(Kind::Summary, "2026-10-01", "2027-03-31");
    let mut src = croupier::report::query::Files(prague);
    let r = croupier::report::build_from(&mut src, &o, |_| {}).unwrap();
    let s = r.sections.iter().find(|s| s.name == "by month").unwrap();
    let col = |name| s.columns.iter().position(|c| *c == name).unwrap();
    let (month, rounds, handle) = (col("month"), col("rounds"), col("handle"));
    let mut sums: std::collections::BTreeMap<String, (i64, Money)> = Default::default();
    for row in &s.rows {
        let key = match &row[month] {
            Cell::Detail(d) => match **d {
                croupier::report::Detail::Span(a, b) => format!("{a} to {b}"),
                _ => panic!("{d:?}"),
            },
            c => panic!("{c:?}"),
        };
        let sum = sums.entry(key).or_insert((0, Money::units(0)));
        match (&row[rounds], &row[handle]) {
            (Cell::Int(n), Cell::Money(m)) => *sum = (sum.0 + n, sum.1 + *m),
            c => panic!("{c:?}"),
        }
    }
    sums.into_iter().map(|(m, (n, h))| (m, n, h)).collect()
}

/// How many rows of a report's JSON show a theoretical win as played.
fn as_played_cells(report: &serde_json::Value) -> usize {
    let mut n = 0;
    for s in report["sections"].as_array().unwrap() {
        let cols = s["columns"].as_array().unwrap();
        if let Some(i) = cols.iter().position(|c| c == "theo_as_played") {
            n += s["rows"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|r| !r[i].is_null())
                .count();
        }
    }
    n
}

/// The kept theories (schema 11) of a file: (rules' key, figures' text).
fn kept_theories(path: &Path) -> Vec<(String, String)> {
    Store::open_read(path).unwrap().kept_derived().unwrap()
}

/// A summary's theory columns of its period total (best play, its rate, as played, luck).
fn theory_cells(store: &Store) -> Vec<Cell> {
    summary(store)[0][6..10].to_vec()
}

/// Each rules a table opened with keeps its theory in the file (a demo waits for the
/// solve): the lab's figures to the last bit. The reports read them rather than solve
/// again — a kept figure changed by hand moves the summary's theory — and `verify` solves
/// every kept rules again and refuses the file, naming the rules; `croupier verify` says
/// NOT verified. Without kept rows the reports solve, and show what the kept ones gave.
#[test]
fn a_kept_theory_is_read_by_the_reports_and_held_by_verify() {
    use croupier::engine::Rules;
    use croupier::lab::solutions::{self, Figures};
    let (path, store) = demo_file("kept-theory", 400, 2);
    let kept = kept_theories(&path);
    let mut want: Vec<(String, String)> = ["belarus", "czech"]
        .iter()
        .map(|p| {
            let r = Rules::preset(p).unwrap();
            let f = solutions::of_rules(&r).unwrap().figures().unwrap();
            (solutions::key(&r), f.text())
        })
        .collect();
    want.sort();
    assert_eq!(kept, want, "both presets' theories, as the lab solves them");
    let honest = theory_cells(&store);
    assert!(matches!(honest[0], Cell::Money(_)), "{honest:?}");
    drop(store);

    // Twice the hold kept for the rules of the first table.
    let conn = Connection::open(&path).unwrap();
    let (key, text) = &kept[0];
    let mut f = Figures::parse(text).unwrap();
    f.hold *= 2.0;
    conn.execute(
        "UPDATE kept_theories SET figures = ?1 WHERE rules = ?2",
        rusqlite::params![f.text(), key],
    )
    .unwrap();
    drop(conn);
    let forged = Store::open_read(&path).unwrap();
    assert_ne!(
        theory_cells(&forged),
        honest,
        "the report reads the kept figures"
    );
    let err = replay::verify(&forged, |_| {}).unwrap_err();
    let ReplayError::KeptTheory(why) = &err else {
        panic!("expected the kept theory named, got {err}");
    };
    assert_eq!(
        why,
        &croupier::session::kept_theory::KeptTheoryFault::Differs {
            rules: key.clone(),
            kept: f.text(),
            solved: text.clone(),
        }
    );
    drop(forged);
    let out = common::run(&["verify", "--db", path.to_str().unwrap()], b"");
    assert_ne!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("NOT verified") && said.contains("kept_theories"),
        "{said}"
    );

    // No kept rows: the reports solve, and give what the honest rows gave.
    Connection::open(&path)
        .unwrap()
        .execute_batch("DELETE FROM kept_theories")
        .unwrap();
    let bare = Store::open_read(&path).unwrap();
    assert_eq!(theory_cells(&bare), honest);
    replay::verify(&bare, |_| {}).unwrap();
    drop(bare);
    // `croupier migrate` keeps them again.
    let out = common::run(&["migrate", "--db", path.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(kept_theories(&path), want);
}

/// Each file's kept theory is its own: in a report over two files, one with a forged
/// kept hold, the other file's rounds keep their own theory on every path — the rounds
/// read one by one (`build_reading_every_round`) give what the kept buckets give, file by
/// file. (Merging two files' theories by their rules alone gave one file's rounds the
/// other's figures.)
#[test]
fn a_kept_theory_never_reaches_another_files_rounds() {
    use croupier::lab::solutions::Figures;
    let a = demo_file("kept-own-a", 300, 2).1;
    let (b_path, b) = demo_file("kept-own-b", 300, 2);
    let honest = theory_cells(&b);
    drop(b);
    let conn = Connection::open(&b_path).unwrap();
    for (key, text) in kept_theories(&b_path) {
        let mut f = Figures::parse(&text).unwrap();
        f.hold *= 2.0;
        conn.execute(
            "UPDATE kept_theories SET figures = ?1 WHERE rules = ?2",
            rusqlite::params![f.text(), key],
        )
        .unwrap();
    }
    drop(conn);
    let b = Store::open_read(&b_path).unwrap();
    assert_ne!(theory_cells(&b), honest, "the forged hold is read");
    let files = [a, b];
    for kind in [Kind::Summary, Kind::Dealers] {
        let o = common::options(kind, "2026-01-01", "2026-12-31");
        let mut src = croupier::report::query::Files(&files);
        let kept = croupier::report::build_from(&mut src, &o, |_| {}).unwrap();
        let every = croupier::report::build_reading_every_round(&mut src, &o, |_| {}).unwrap();
        let (x, y) = (
            croupier::report::render_json(&kept),
            croupier::report::render_json(&every),
        );
        assert_eq!(x["sections"], y["sections"], "{kind:?}");
    }
}

/// A table session keeps its rules' theory once their solve is done: at the first
/// settlement after it, in the settlement's transaction.
#[test]
fn a_table_keeps_its_theory_once_solved() {
    use croupier::engine::{BetSpec, Limits, Rules};
    use croupier::lab::solutions;
    use croupier::session::{Role, TableSession};
    let path = common::fresh_dir("kept-by-table").join("t.db");
    let mut store = Store::open(&path).unwrap();
    let admin = users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
    users::add_user(
        &mut store,
        "Jana Svoboda",
        Role::Dealer,
        "1001",
        Some(&admin),
    )
    .unwrap();
    let dealer = users::login(&mut store, "Jana Svoboda", "1001", None).unwrap();
    let rules = Rules::preset("czech").unwrap();
    let mut s = TableSession::open(
        &mut store,
        dealer,
        "Praha 1",
        rules,
        Some("czech"),
        Limits::NONE,
    )
    .unwrap();
    // The table's own solve (started when it opened) finished, the correlation too.
    let figures = solutions::of_rules(&rules).unwrap().figures().unwrap();
    assert!(store.kept_derived().unwrap().is_empty());
    s.new_shoe(&mut store).unwrap();
    let bets = vec![BetSpec {
        id: "1a".into(),
        box_no: 1,
        stake: Money::units(10),
    }];
    s.start_round(&mut store, bets).unwrap();
    for step in ["A", "9", "2", "twist", "3", "twist", "5", "8"] {
        s.input_text(&mut store, step).unwrap();
    }
    assert!(s.round().is_none(), "settled");
    assert_eq!(
        store.kept_derived().unwrap(),
        vec![(solutions::key(&rules), figures.text())]
    );
    drop(store);
    replay::verify(&Store::open_read(&path).unwrap(), |_| {}).unwrap();
}

/// Round scripts after the bets (box 1a): the box wins 20 to 17, loses 17 to 18, wins 21
/// to 17 (two twists).
const SCRIPTS: [&[&str]; 3] = [
    &["10", "7", "10", "stick", "10"],
    &["10", "10", "7", "stick", "8"],
    &["A", "9", "2", "twist", "3", "twist", "5", "8"],
];

/// One round at `s`, a random script and stake.
fn deal(store: &mut Store, s: &mut croupier::session::TableSession, rng: &mut Lcg) {
    use croupier::engine::BetSpec;
    s.new_shoe(store).unwrap();
    let bets = vec![BetSpec {
        id: "1a".into(),
        box_no: 1,
        stake: Money::units(5 + rng.below(40) as i64),
    }];
    s.start_round(store, bets).unwrap();
    for step in SCRIPTS[rng.below(3) as usize] {
        s.input_text(store, step).unwrap();
    }
    assert!(s.round().is_none(), "settled");
}

/// Two tables' money over `days` days from `start` (ms) in the calendar `tz` `shifts`,
/// at random moments (odd minutes and seconds): rounds dealt before the chip set is set
/// (in no stretch); then "Praha 2" kept at a par; tray counts (each gaming day's opening,
/// changes and closings at random times, so mid-hour), fills, credits, cash and drops;
/// and a supervisor's voids and corrections (a card changed) of random earlier rounds,
/// many logged after the count that closed their stretch.
fn money_file(name: &str, rng: &mut Lcg, start: i64, days: i64, cal: (&str, &str)) -> Store {
    use croupier::engine::{Limits, Rules};
    use croupier::session::money::Moment;
    use croupier::session::money_log::{self, DropInput, Signers};
    use croupier::session::{Role, TableSession, calendar::Calendar, chips::ChipSet, settings};
    use std::sync::atomic::Ordering::SeqCst;
    let path = common::fresh_dir(name).join("t.db");
    let clock = SetClock(std::sync::Arc::new(start.into()));
    let mut store = Store::open_with(&path, Box::new(clock.clone())).unwrap();
    let admin = users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
    users::add_user(
        &mut store,
        "Petr Novak",
        Role::Supervisor,
        "800100",
        Some(&admin),
    )
    .unwrap();
    for (name, pin) in [("Jana Svoboda", "1001"), ("Marek Kral", "1002")] {
        users::add_user(&mut store, name, Role::Dealer, pin, Some(&admin)).unwrap();
    }
    let calendar = Calendar::new(cal.0, cal.1).unwrap();
    settings::set_calendar(&mut store, &calendar, &admin).unwrap();
    let names = ["Praha 1", "Praha 2"];
    let mut tables: Vec<TableSession> = [("Jana Svoboda", "1001"), ("Marek Kral", "1002")]
        .iter()
        .zip(names)
        .map(|((dealer, pin), table)| {
            let dealer = users::login(&mut store, dealer, pin, None).unwrap();
            let czech = Rules::preset("czech").unwrap();
            TableSession::open(
                &mut store,
                dealer,
                table,
                czech,
                Some("czech"),
                Limits::NONE,
            )
            .unwrap()
        })
        .collect();
    for i in 0..4 {
        clock.0.fetch_add(7 * 60_000, SeqCst);
        deal(&mut store, &mut tables[i % 2], rng);
    }
    let sup = users::login(&mut store, "Petr Novak", "800100", None).unwrap();
    let chips = ChipSet::parse("25 100 500 1000").unwrap();
    money_log::set_chip_set(&mut store, &chips, &sup).unwrap();
    money_log::set_par(&mut store, "Praha 2", "500:20", &sup).unwrap();
    let (mut dropped, mut voided) = (std::collections::HashSet::new(), Vec::new());
    while clock.0.load(SeqCst) < start + days * 86_400_000 {
        let now = clock.0.fetch_add(
            60_000 * (1 + rng.below(25) as i64) + rng.below(60_000) as i64,
            SeqCst,
        );
        let t = rng.below(2) as usize;
        let table = names[t];
        let dealer = users::login(
            &mut store,
            ["Jana Svoboda", "Marek Kral"][t],
            ["1001", "1002"][t],
            None,
        )
        .unwrap();
        let signers = Signers {
            by: &dealer,
            witness: &sup,
        };
        let count = |store: &mut Store, moment: Moment, rng: &mut Lcg| {
            let tray = format!("500:{} 100:{}", 15 + rng.below(10), rng.below(30));
            money_log::count(store, table, moment, &tray, signers).unwrap();
        };
        let rounds: Vec<i64> = store
            .conn()
            .prepare("SELECT round_id FROM round_figures ORDER BY round_id")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let some_round = rounds[rng.below(rounds.len() as u64) as usize];
        match rng.below(24) {
            0 | 1 => count(&mut store, Moment::Change, rng),
            2 => count(&mut store, Moment::Closing, rng),
            3 | 4 => {
                let chips = format!("100:{}", 1 + rng.below(9));
                money_log::slip(&mut store, table, rng.below(2) == 0, &chips, signers).unwrap();
            }
            5 => {
                let amount = Money::units(20 + rng.below(500) as i64);
                tables[t].cash(&mut store, amount, Some(1)).unwrap();
            }
            6 => {
                let at = calendar.locate(now);
                if dropped.insert((t, at.day, at.shift)) {
                    let line = DropInput {
                        table: table.into(),
                        day: at.day,
                        shift: at.shift,
                        amount: Money::units(rng.below(3000) as i64),
                    };
                    money_log::drops(&mut store, &[line], signers).unwrap();
                }
            }
            7 if !voided.contains(&some_round) => {
                exceptions::void_round(&mut store, &sup, some_round, "dispute upheld").unwrap();
                voided.push(some_round);
            }
            8 | 9 if !voided.contains(&some_round) => {
                common::correct_a_card(&mut store, &sup, some_round);
            }
            _ => {
                if tables[t].count_due(&store).unwrap() {
                    count(&mut store, Moment::Opening, rng);
                }
                deal(&mut store, &mut tables[t], rng);
            }
        }
    }
    replay::verify(&store, |_| {}).unwrap();
    store
}

/// The close-out's dealt win from the kept totals (`build_from`: whole hours as sums, the
/// hours a count or a shift boundary splits round by round) equals, section by section,
/// the close-out and the exceptions report's money rows read from every round (the
/// reference: the files read as if they kept no totals), over random periods and table
/// filters: Prague with a shift starting at 14:15 across the autumn clock change, Asia/
/// Kolkata (every boundary inside a UTC hour), and the UTC default across a new year
/// (month and year to date); each alone and all together. And the close-out reads fewer
/// rounds one by one than the reference, but some.
#[test]
fn the_closeout_from_totals_equals_the_closeout_from_every_round() {
    use counting::Counting;
    use croupier::report::query::Files;
    let mut rng = Lcg(34);
    let files = [
        // 2026-10-23, 2027-03-26 and 2026-12-31, 00:00 UTC.
        money_file(
            "co-prague",
            &mut rng,
            1_792_713_600_000,
            3,
            ("Europe/Prague", "06:00 14:15 22:00"),
        ),
        money_file(
            "co-kolkata",
            &mut rng,
            1_805_932_800_000,
            2,
            ("Asia/Kolkata", "06:00 14:00 22:00"),
        ),
        money_file(
            "co-utc",
            &mut rng,
            1_798_675_200_000,
            2,
            ("UTC", "06:00 14:00 22:00"),
        ),
    ];
    let starts = ["2026-10-22", "2027-03-25", "2026-12-30"];
    let mut compared = 0;
    for round in 0..18 {
        let f = round % 3;
        let from = chrono::NaiveDate::parse_from_str(starts[f], "%Y-%m-%d").unwrap()
            + chrono::Days::new(rng.below(4));
        let to = from + chrono::Days::new(rng.below(4));
        let table = [None, Some("Praha 1"), Some("Praha 2")][rng.below(3) as usize];
        let sets: [&[Store]; 2] = [&files[f..f + 1], &files[..]];
        for set in sets {
            for kind in [Kind::Closeout, Kind::Exceptions] {
                let o = Options {
                    table,
                    ..common::options(kind, &from.to_string(), &to.to_string())
                };
                let mut kept_src = Counting::new(Files(set));
                let kept = croupier::report::build_from(&mut kept_src, &o, |_| {}).unwrap();
                let mut every_src = Counting::every_round(Files(set));
                let every = croupier::report::build_reading_every_round(&mut every_src, &o, |_| {})
                    .unwrap();
                let (a, b) = (
                    croupier::report::render_json(&kept),
                    croupier::report::render_json(&every),
                );
                assert_eq!(
                    a["sections"],
                    b["sections"],
                    "{kind:?} {from}..{to} {table:?}, {} files",
                    set.len()
                );
                if kind == Kind::Closeout {
                    compared += every.sections.iter().map(|s| s.rows.len()).sum::<usize>();
                    let (one_by_one, every) = (
                        kept_src.asked.settlement_reads,
                        every_src.asked.settlement_reads,
                    );
                    assert!(
                        0 < one_by_one && one_by_one * 2 < every,
                        "{one_by_one} of {every} settlements read one by one"
                    );
                }
            }
        }
    }
    assert!(compared > 100, "{compared} rows compared");
}

/// The nets' sum, in cents (read through their JSON: an exact number of units).
fn cents_of(nets: &[croupier::log::payload::NetData]) -> i64 {
    let json = serde_json::to_value(nets).unwrap();
    let cents = |n: &serde_json::Value| (n["net"].as_f64().unwrap() * 100.0).round() as i64;
    json.as_array().unwrap().iter().map(cents).sum()
}

/// Every `round_rows` row (schema 12), by round.
fn round_rows(store: &Store) -> Vec<(i64, Vec<u8>)> {
    let mut rows = Vec::new();
    store
        .each_round_row(|round, row| {
            rows.push((round, row.to_vec()));
            Ok(())
        })
        .unwrap();
    rows
}

/// Each settled round's kept row (schema 12) holds what the rounds report reads of it
/// from its events — bets, standing inputs (undos taken back), nets (a correction's
/// standing) — and, when its settlement logged a cost, its boxes: their costs summed are
/// that cost, their house wins its win. A schema-11 file (its rows
/// taken away) is refused by a `Store::open` that cannot replay, unmigrated, and given the
/// same rows by the program's migration.
#[test]
fn round_rows_hold_what_the_events_make_them_and_the_migration_makes_them_again() {
    use croupier::report::query::{Files, Source};
    use croupier::session::round_row::Row;
    let (path, mut store) = demo_file("rows", 600, 2);
    let voided = correct_and_void(&mut store);
    // Two rounds corrected with a card changed: their nets (and boxes' wins) move.
    let sup = users::login(&mut store, "Petr Novak", "800100", None).unwrap();
    let settled_nets = |store: &Store, round| {
        Files(std::slice::from_ref(store))
            .round_nets(0, round, None)
            .unwrap()
    };
    let mut moved = Vec::new();
    for round in 100..400 {
        let before = settled_nets(&store, round);
        if before.is_empty() {
            continue;
        }
        let steps = replay::export_round(&store, round).unwrap().0.steps;
        let nets_moved = (0..steps.len()).any(|i| {
            let mut changed = steps.clone();
            changed[i] = if steps[i] == "10" { "5" } else { "10" }.into();
            exceptions::correct_round(&mut store, &sup, round, changed, "another card").is_ok()
                && settled_nets(&store, round) != before
        });
        if nets_moved {
            moved.push((round, before));
        }
        if moved.len() == 2 {
            break;
        }
    }
    assert_eq!(moved.len(), 2, "no correction moved a round");
    let kept = round_rows(&store);
    let figures: Vec<(i64, i64, Option<i64>)> = store
        .conn()
        .prepare("SELECT round_id, win, cost FROM round_figures ORDER BY round_id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(kept.len(), figures.len(), "a row a settled round");
    let mut src = Files(std::slice::from_ref(&store));
    let (mut boxed, mut undone) = (0, 0);
    for ((round, bytes), (r, win, cost)) in kept.iter().zip(&figures) {
        assert_eq!(round, r);
        let row = Row::decode(bytes).expect("a row reads");
        let (bets, steps) = src.round_inputs(0, *round).unwrap();
        assert_eq!((&row.bets, &row.steps), (&bets, &steps), "round {round}");
        assert_eq!(row.nets, src.round_nets(0, *round, None).unwrap());
        if let Some((_, settled)) = moved.iter().find(|(r, _)| r == round) {
            assert_ne!(&row.nets, settled, "round {round}: the correction's nets");
            assert!(
                row.boxes.is_some(),
                "round {round}: a corrected row's boxes"
            );
        }
        let logged: i64 = store
            .conn()
            .query_row(
                "SELECT count(*) FROM event_log WHERE round_id = ?1 AND kind = 'step'",
                [round],
                |r| r.get(0),
            )
            .unwrap();
        undone += i64::from(logged > steps.len() as i64);
        assert_eq!(row.boxes.is_some(), cost.is_some(), "round {round}");
        let Some(boxes) = &row.boxes else { continue };
        boxed += 1;
        let sum: f64 = boxes.iter().map(|b| b.cost).sum();
        assert_eq!(Some(croupier::lab::played::logged_cost(sum)), *cost);
        // A round's house win is its settlement's (`round_figures`), or, corrected with
        // its nets moved, what the correction's nets give the house.
        let house_win = match moved.iter().any(|(r, _)| r == round) {
            true => -cents_of(&row.nets),
            false => *win,
        };
        if !voided.contains(round) {
            assert_eq!(boxes.iter().map(|b| b.house_win).sum::<i64>(), house_win);
        }
    }
    assert!(
        boxed > 500 && undone > 0,
        "{boxed} costed, {undone} with undos"
    );
    drop(store);
    Connection::open(&path)
        .unwrap()
        .execute_batch("DROP TABLE round_rows; PRAGMA user_version = 11;")
        .unwrap();
    let refused = Store::open(&path).err().expect("no replay, no migration");
    assert!(
        refused.to_string().contains("croupier migrate"),
        "{refused}"
    );
    let version = |p: &Path| -> i64 {
        Connection::open(p)
            .unwrap()
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap()
    };
    assert_eq!(version(&path), 11, "nothing migrated");
    let store = croupier::session::open::open(&path).unwrap();
    let migrated = round_rows(&store);
    let differ = (migrated.iter().zip(&kept)).find(|(a, b)| a != b);
    assert_eq!(migrated.len(), kept.len());
    assert!(differ.is_none(), "round {} differs", differ.unwrap().0.0);
    drop(store);
    replay::verify(&Store::open_read(&path).unwrap(), |_| {}).unwrap();
}

/// A schema-11 file whose events do not replay (a settlement of a round never started) is
/// refused by the migration with the replay's error, and left as it was.
#[test]
fn a_file_that_does_not_replay_is_not_migrated() {
    let (path, store) = demo_file("rows-bad", 40, 1);
    drop(store);
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(
        "DROP TABLE round_rows; PRAGMA user_version = 11;
         INSERT INTO events (seq, at, kind, table_id, user_id, round_id, data, hash)
         SELECT max(seq) + 1, max(at), (SELECT code FROM event_kinds WHERE name = 'round_settled'),
                1, 1, 99999, '{}', zeroblob(32) FROM events;",
    )
    .unwrap();
    drop(conn);
    let e = croupier::session::open::open(&path).err().expect("refused");
    let said = e.to_string();
    assert!(
        said.contains("does not replay") && said.contains("nothing was migrated"),
        "{said}"
    );
    let conn = Connection::open(&path).unwrap();
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    let tables: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE name = 'round_rows'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!((version, tables), (11, 0));
}

/// A kept round row changed by hand fails `verify`, which names the round and what
/// differs: a field forged (bets, inputs, nets, a box's figures), the bytes broken, a
/// row deleted, a row added for a round never settled.
#[test]
fn a_round_row_changed_by_hand_fails_verify() {
    use croupier::session::round_row::{Row, RowDiffer};
    let (path, store) = demo_file("rows-forged", 120, 1);
    let (round, bytes) = round_rows(&store).into_iter().nth(40).unwrap();
    drop(store);
    let row = Row::decode(&bytes).unwrap();
    let mut forged: Vec<(Vec<u8>, RowDiffer)> = Vec::new();
    let mut f = row.clone();
    f.bets.push(f.bets[0].clone());
    forged.push((f.encode(), RowDiffer::Field("bets")));
    let mut f = row.clone();
    f.steps.pop();
    forged.push((f.encode(), RowDiffer::Field("inputs")));
    let mut f = row.clone();
    f.nets.reverse();
    f.nets.push(f.nets[0].clone());
    forged.push((f.encode(), RowDiffer::Field("nets")));
    let mut f = row.clone();
    f.boxes.as_mut().expect("a costed round")[0].house_win += 1;
    forged.push((f.encode(), RowDiffer::Field("boxes")));
    let mut f = row.clone();
    f.boxes.as_mut().unwrap()[0].cost += 0.5;
    forged.push((f.encode(), RowDiffer::Field("boxes")));
    forged.push((bytes[..bytes.len() - 1].to_vec(), RowDiffer::Unreadable));
    let verify_says = |sql: &str, args: &[&dyn rusqlite::ToSql]| {
        let copy = common::fresh_dir("rows-forged-copy").join("t.db");
        std::fs::copy(&path, &copy).unwrap();
        Connection::open(&copy).unwrap().execute(sql, args).unwrap();
        replay::verify(&Store::open_read(&copy).unwrap(), |_| {}).unwrap_err()
    };
    for (row, why) in forged {
        let e = verify_says(
            "UPDATE round_rows SET row = ?1 WHERE round_id = ?2",
            &[&row, &round],
        );
        let said = e.to_string();
        assert!(
            matches!(&e, ReplayError::Rows { round: r, why: w } if *r == round && *w == why),
            "{said}"
        );
        assert!(
            said.starts_with(&format!("round {round}: its kept row")),
            "{said}"
        );
    }
    let e = verify_says("DELETE FROM round_rows WHERE round_id = ?1", &[&round]);
    assert!(
        matches!(e, ReplayError::Rows { round: r, why: RowDiffer::Missing } if r == round),
        "{e}"
    );
    let e = verify_says(
        "INSERT INTO round_rows (round_id, row) VALUES (?1, ?2)",
        &[&9_999_i64, &bytes],
    );
    assert!(
        matches!(
            e,
            ReplayError::Rows {
                round: 9_999,
                why: RowDiffer::Extra
            }
        ),
        "{e}"
    );
    replay::verify(&Store::open_read(&path).unwrap(), |_| {}).unwrap();
}

/// `"field":n` in a settlement's text as `"field":n+1` (`n` may be negative), if it
/// holds one.
fn bumped(data: &str, field: &str) -> Option<String> {
    let key = format!("\"{field}\":");
    let at = data.find(&key)? + key.len();
    let sign = usize::from(data[at..].starts_with('-'));
    let len = sign + data[at + sign..].find(|c: char| !c.is_ascii_digit())?;
    let n: i64 = data[at..at + len].parse().ok()?;
    Some(format!("{}{}{}", &data[..at], n + 1, &data[at + len..]))
}

/// Every figure a settlement logs in its text, by its name there.
const SETTLED_FIGURES: [&str; 13] = [
    "house_net",
    "handle",
    "paid",
    "insurance_taken",
    "insurance_paid",
    "even_money",
    "splits",
    "buys",
    "pontoons",
    "five_card_tricks",
    "three_of_a_kinds",
    "surrenders",
    "max_net",
];

/// Issue 25's left-over: a settlement one of whose own figures (an amount or a count)
/// was changed in its text, the chain rewritten to match as a thorough forger would, is
/// refused by `verify`, naming the round and the figure (the text is what the floor
/// derives its `rounds` from). Only the text changes: the file's `round_figures` and
/// totals are left as they were. One forged file per figure.
#[test]
fn verify_refuses_a_settlement_whose_logged_counts_differ_from_the_replay() {
    let (path, store) = demo_file("settled-counts", 200, 2);
    drop(store);
    replay::verify(&Store::open_read(&path).unwrap(), |_| {}).unwrap();
    let mut wrong = Vec::new();
    for field in SETTLED_FIGURES {
        let copy = path.with_file_name(format!("counts-{field}.db"));
        std::fs::copy(&path, &copy).unwrap();
        let conn = Connection::open(&copy).unwrap();
        let mut round = None;
        common::rechain(&conn, |e| {
            if round.is_none() && e.kind == "round_settled" && e.seq > 100 {
                e.data = bumped(&e.data, field).expect(field);
                round = e.ids.2;
            }
        });
        drop(conn);
        let round = round.unwrap_or_else(|| panic!("{field}: no settlement changed"));
        match replay::verify(&Store::open_read(&copy).unwrap(), |_| {}) {
            Ok(_) => wrong.push(format!("{field} (round {round}): verify passed it")),
            Err(e @ ReplayError::Mismatch { round: r, .. }) => {
                let text = e.to_string();
                if r != round || !text.contains(&format!("logged {field} ")) {
                    wrong.push(format!("{field} (round {round}): {text}"));
                }
            }
            Err(e) => wrong.push(format!("{field} (round {round}): {e}")),
        }
    }
    assert!(
        wrong.is_empty(),
        "forged settlement figures not refused as such: {wrong:#?}"
    );
}

/// The statements a settlement's totals run (their SQL word for word as `log::totals`
/// asks them, cached by the store's connection): the last `table_opened` (`key_of`), the
/// round's `round_started` (`round_data`), the bucket read, and written: inserted when new,
/// updated in place after (`bump`; both run in 40 rounds of one table).
fn totals_statements() -> Vec<String> {
    let cols = totals::COLUMNS.join(", ");
    let marks = (1..=4 + totals::COLUMNS.len())
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sets = totals::COLUMNS
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{c} = ?{}", i + 5))
        .collect::<Vec<_>>()
        .join(", ");
    vec![
        "SELECT max(seq) FROM events WHERE table_id = ?1 AND kind = 8 AND kind <> 12 AND seq < ?2".into(),
        "SELECT data FROM events WHERE round_id = ?1 AND kind = ?2 AND kind <> 12 AND seq < ?3 ORDER BY seq ASC LIMIT 1".into(),
        format!("SELECT {cols} FROM round_totals WHERE table_id = ?1 AND hour = ?2 AND dealer = ?3 AND opened = ?4"),
        format!("INSERT INTO round_totals (table_id, hour, dealer, opened, {cols}) VALUES ({marks})"),
        format!("UPDATE round_totals SET {sets} WHERE table_id = ?1 AND hour = ?2 AND dealer = ?3 AND opened = ?4"),
    ]
}

/// Every statement a settlement's totals run keeps its compiled plan from one settlement
/// to the next: without the planner's stability guarantee SQLite compiled the two events
/// queries again on every settlement (the cache's `sqlite3_clear_bindings` expires a
/// statement whose plan read a bound value), ~120 µs of it.
#[test]
fn settlements_do_not_compile_the_totals_queries_again() {
    use rusqlite::StatementStatus;
    let (_path, store) = demo_file("totals-reprepare", 40, 1);
    for sql in totals_statements() {
        let st = store.conn().prepare_cached(&sql).unwrap();
        // Run by the settlements (a statement prepared here afresh has run no step).
        assert!(
            st.get_status(StatementStatus::VmStep) > 0,
            "not the cached one: {sql}"
        );
        assert_eq!(st.get_status(StatementStatus::RePrepare), 0, "{sql}");
    }
}

/// With the planner's stability guarantee the queries that read the events by a partial
/// index (`kind <> 12`) still use it: the settlement's last `table_opened` and round's
/// event, and the tables' list's last round.
#[test]
fn the_partial_indexes_are_still_used_with_stable_plans() {
    let (_path, store) = demo_file("totals-plans", 2, 1);
    let cases: [(&str, &[i64], &str); 3] = [
        (
            "SELECT max(seq) FROM events WHERE table_id = ?1 AND kind = 8 AND kind <> 12 AND seq < ?2",
            &[1, 100],
            "events_table",
        ),
        (
            "SELECT data FROM events WHERE round_id = ?1 AND kind = ?2 AND kind <> 12 AND seq < ?3 ORDER BY seq ASC LIMIT 1",
            &[1, 9, 100],
            "events_round",
        ),
        (
            "SELECT max(round_id) FROM events WHERE table_id = ?1 AND kind = ?2 AND kind <> 12",
            &[1, 9],
            "events_table",
        ),
    ];
    for (sql, args, index) in cases {
        let mut st = store
            .conn()
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .unwrap();
        let plan: Vec<String> = st
            .query_map(rusqlite::params_from_iter(args), |r| r.get(3))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(
            plan.iter().any(|p| p.contains(&format!("INDEX {index} "))),
            "{sql}: {plan:?}"
        );
    }
}
