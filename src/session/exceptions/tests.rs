//! The store's promise for the kept row a round (log schema 12; ARCHITECTURE.md): a
//! settlement or a correction is written with its round's row in one transaction, or not
//! at all — an error, the chain head unchanged, no event, `round_figures`, `round_totals`
//! or `round_rows` row written.

use std::path::PathBuf;

use rusqlite::types::ValueRef;

use crate::log::payload::{self, Payload};
use crate::log::store::Store;
use crate::session::{demo, replay};

/// A demo file of a few rounds at one table, in a fresh folder named `name`.
fn demo_store(name: &str) -> (PathBuf, Store) {
    let dir = std::env::temp_dir().join(format!("croupier-rows-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.db");
    let mut store = Store::open_with(&path, Box::new(demo::clock())).unwrap();
    demo::fill(&mut store, 30, 1, 7, |_| {}).unwrap();
    (path, store)
}

/// What an append may write: the chain head and every row of the tables it writes.
fn written(store: &Store) -> ((i64, String), Vec<Vec<String>>) {
    let tables = ["events", "round_figures", "round_totals", "round_rows"];
    let dump = |table: &str| -> Vec<String> {
        let mut st = store
            .conn()
            .prepare(&format!("SELECT * FROM {table}"))
            .unwrap();
        let n = st.column_count();
        let mut rows = st.query([]).unwrap();
        let mut out = Vec::new();
        while let Some(r) = rows.next().unwrap() {
            let cells: Vec<String> = (0..n)
                .map(|i| match r.get_ref(i).unwrap() {
                    ValueRef::Blob(b) => format!("{b:?}"),
                    v => format!("{v:?}"),
                })
                .collect();
            out.push(cells.join("|"));
        }
        out
    };
    (store.head(), tables.iter().map(|t| dump(t)).collect())
}

/// An error with its cause, as the program prints it.
fn said(e: &dyn std::error::Error) -> String {
    match e.source() {
        Some(cause) => format!("{e}: {}", said(cause)),
        None => e.to_string(),
    }
}

/// The last settled round of the file.
fn a_settled_round(store: &Store) -> i64 {
    store
        .conn()
        .query_row("SELECT max(round_id) FROM round_figures", [], |r| r.get(0))
        .unwrap()
}

/// A correction of `round` that logs its own inputs again.
fn correction_of(store: &Store, round: i64) -> Payload {
    let (script, settled) = replay::export_round(store, round).unwrap();
    Payload::RoundCorrected(payload::RoundCorrected {
        reason: "the same inputs".into(),
        script: script.to_value(),
        nets: settled.nets.clone(),
        cost: None,
    })
}

/// A correction of a round whose row was taken out by hand is refused by the store (the
/// row's UPDATE changes no row), and rolled back: nothing of it is written.
#[test]
fn a_correction_of_a_round_without_its_row_writes_nothing() {
    let (_path, mut store) = demo_store("correction");
    let round = a_settled_round(&store);
    let row = store.round_row(round).unwrap().expect("a kept row");
    let correction = correction_of(&store, round);
    store
        .conn()
        .execute("DELETE FROM round_rows WHERE round_id = ?1", [round])
        .unwrap();
    let before = written(&store);
    let ids = (Some(1), Some(1), Some(round));
    let e = store.append_row(&correction, ids, Some(&row)).unwrap_err();
    assert!(said(&e).contains("round's row"), "{}", said(&e));
    let e = store.append_row(&correction, ids, None).unwrap_err();
    assert!(said(&e).contains("round's row"), "{}", said(&e));
    assert_eq!(
        written(&store),
        before,
        "a correction without its row wrote"
    );
    // With its row back, the same correction is written (the test can fail).
    store
        .conn()
        .execute(
            "INSERT INTO round_rows (round_id, row) VALUES (?1, ?2)",
            rusqlite::params![round, row],
        )
        .unwrap();
    store.append_row(&correction, ids, Some(&row)).unwrap();
    assert_eq!(store.head().0, before.0.0 + 1);
}

/// A settlement logged without its round's row is refused by the store after its event,
/// its `round_figures` row and its totals were written in the transaction, and all of it
/// is rolled back: nothing is written. With a row it is written whole.
#[test]
fn a_settlement_without_its_row_writes_nothing() {
    let (_path, mut store) = demo_store("settlement");
    let round = a_settled_round(&store);
    let (_, settled) = replay::export_round(&store, round).unwrap();
    let row = store.round_row(round).unwrap().expect("a kept row");
    let settlement = Payload::RoundSettled(settled);
    let before = written(&store);
    let ids = (Some(1), Some(1), Some(round + 1_000));
    let e = store.append_row(&settlement, ids, None).unwrap_err();
    assert!(said(&e).contains("round's row"), "{}", said(&e));
    assert_eq!(
        written(&store),
        before,
        "a settlement without its row wrote"
    );
    store.append_row(&settlement, ids, Some(&row)).unwrap();
    let after = written(&store);
    assert_eq!(after.0.0, before.0.0 + 1);
    for (i, table) in [(0, "events"), (1, "round_figures"), (3, "round_rows")] {
        let grew = after.1[i].len() - before.1[i].len();
        assert_eq!(grew, 1, "{table}: the settlement's row");
    }
    assert_ne!(
        after.1[2], before.1[2],
        "round_totals: the settlement's figures"
    );
}

/// A row added by hand for a round not yet settled (`verify` names it an extra) does not
/// stop the table: the round's settlement puts its own row in its place. A second
/// settlement of a settled round is still refused (`round_figures`' key) and writes
/// nothing, its row included.
#[test]
fn a_stray_row_gives_way_to_its_rounds_settlement() {
    let (_path, mut store) = demo_store("stray");
    let round = a_settled_round(&store);
    let (_, settled) = replay::export_round(&store, round).unwrap();
    let row = store.round_row(round).unwrap().expect("a kept row");
    let settlement = Payload::RoundSettled(settled);
    let stray = round + 1_000;
    store
        .conn()
        .execute(
            "INSERT INTO round_rows (round_id, row) VALUES (?1, x'ff')",
            [stray],
        )
        .unwrap();
    let ids = (Some(1), Some(1), Some(stray));
    store.append_row(&settlement, ids, Some(&row)).unwrap();
    assert_eq!(store.round_row(stray).unwrap(), Some(row.clone()));
    let before = written(&store);
    let e = store
        .append_row(&settlement, (Some(1), Some(1), Some(round)), Some(&[0xff]))
        .unwrap_err();
    assert!(said(&e).contains("round_figures"), "{}", said(&e));
    assert_eq!(written(&store), before, "a second settlement wrote");
}

/// A correction of a round whose row was stored by hand as a text or an integer (the
/// column is not STRICT) is refused with a message naming the row and `croupier verify`,
/// and writes nothing.
#[test]
fn a_correction_of_a_round_whose_row_is_no_blob_is_refused() {
    let (_path, mut store) = demo_store("no-blob");
    let sup = crate::session::users::login(&mut store, "Petr Novak", "800100", None).unwrap();
    let round = a_settled_round(&store);
    let steps = replay::export_round(&store, round).unwrap().0.steps;
    for not_blob in ["'a row'", "42"] {
        store
            .conn()
            .execute(
                &format!("UPDATE round_rows SET row = {not_blob} WHERE round_id = ?1"),
                [round],
            )
            .unwrap();
        let before = written(&store);
        let e = super::correct_round(&mut store, &sup, round, steps.clone(), "again").unwrap_err();
        let e = said(&e);
        assert!(
            e.contains("kept row (round_rows)") && e.contains("croupier verify"),
            "{e}"
        );
        assert_eq!(written(&store), before, "{not_blob}: the correction wrote");
    }
}

/// Verify keeps whole the rows of the rounds corrected up to its bound (the others as
/// digests): the list is the corrections' rounds at that bound. (This correction logs
/// the round's own inputs, so its row is unchanged: `tests/audit.rs`
/// `corrections_and_voids_are_supervisors_work` verifies one that changes it.)
#[test]
fn verify_lists_the_rounds_corrected_up_to_its_bound() {
    let (_path, mut store) = demo_store("listed");
    let round = a_settled_round(&store);
    let row = store.round_row(round).unwrap().expect("a kept row");
    let before = store.head().0;
    let reader = store.reader().unwrap();
    let listed = |bound| replay::corrected_rounds(&reader, bound);
    assert!(listed(before).is_empty(), "{:?}", listed(before));
    let ids = (Some(1), Some(1), Some(round));
    store
        .append_row(&correction_of(&store, round), ids, Some(&row))
        .unwrap();
    assert_eq!(listed(before + 1), [round].into());
    assert!(
        listed(before).is_empty(),
        "past the bound: {:?}",
        listed(before)
    );
    replay::verify(&store, |_| {}).unwrap();
}
