//! What the latency benches share: their folder, the number of inputs, the bare durable
//! SQLite insert they are measured against, and median / p99 of a sample.
#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Duration;

use rusqlite::Connection;

/// `CROUPIER_BENCH_INPUTS`, else 3,000.
pub fn inputs() -> usize {
    std::env::var("CROUPIER_BENCH_INPUTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3000)
}

/// A new empty folder for one bench under cargo's target tmp folder.
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The yardstick: a plain SQLite file in the same folder, WAL and synchronous=FULL, one
/// table shaped like an event row.
pub fn bare_db(dir: &std::path::Path) -> Connection {
    let bare = Connection::open(dir.join("bare.db")).unwrap();
    bare.query_row("PRAGMA journal_mode=WAL", [], |r| r.get::<_, String>(0))
        .unwrap();
    bare.execute_batch("PRAGMA synchronous=FULL; CREATE TABLE t (seq INTEGER PRIMARY KEY, at INTEGER, data TEXT, hash BLOB);").unwrap();
    bare
}

/// Median and p99 of a sample, in microseconds.
pub fn stats(mut v: Vec<Duration>) -> (f64, f64) {
    v.sort();
    let at = |q: f64| v[((v.len() as f64 - 1.0) * q).round() as usize].as_secs_f64() * 1e6;
    (at(0.5), at(0.99))
}
