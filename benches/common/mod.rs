//! What the latency benches share: their folder, the number of inputs, the bare durable
//! SQLite insert they are measured against, median / p99 of a sample, and the calling
//! thread's CPU time (what a build costs, whatever others' writes do to fsync's wait).
#![allow(dead_code)]

pub mod bare_settle;

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

/// Median and p99 of a sample, in microseconds (NaN for an empty one: a run too short to
/// settle a round, say).
pub fn stats(mut v: Vec<Duration>) -> (f64, f64) {
    if v.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    v.sort();
    let at = |q: f64| v[((v.len() as f64 - 1.0) * q).round() as usize].as_secs_f64() * 1e6;
    (at(0.5), at(0.99))
}

/// The CPU time the calling thread has used (user and system, `CLOCK_THREAD_CPUTIME_ID`):
/// unlike the wall clock, it does not count the time spent waiting for the disk or for a
/// core another process holds.
pub fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec; the clock id is a constant Linux knows.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}
