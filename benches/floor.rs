//! The floor's figures (docs/benchmarks.md), on a throw-away PostgreSQL server started by
//! scripts/pg-throwaway.sh (or `CROUPIER_BENCH_FLOOR`, a superuser's connection string):
//!
//! 1. catch-up ingest: ten table files synced at once into one server, events per second,
//!    against PostgreSQL's own binary COPY of the same rows into a table of the same shape
//!    (same key and indexes, no check), ten connections at once, in the same run;
//! 2. live lag: a table dealing (`croupier live-play`, each input durable) with a
//!    following sync; from each input's acknowledgement to the floor holding it, median
//!    and p99;
//! 3. the floor summary over N rounds (`CROUPIER_BENCH_ROUNDS`, default 100,000) as SQL
//!    on the server against the files' floor report over the same rounds;
//! 4. the floor's auditor (`floor-audit`) catching up on one table file of
//!    `CROUPIER_BENCH_AUDIT_ROUNDS` (default 50,000) against `verify` of the file, and one
//!    pass over 40 tables (`CROUPIER_BENCH_AUDIT_TABLE_ROUNDS` each, default 500);
//! 5. the auditor following 40 tables dealing at once (`audit_live`);
//! 6. the floor's bytes an event (`CROUPIER_BENCH_SIZE_ROUNDS` rounds, default 100,000);
//! 7. a following auditor's hourly walk of a chain from its genesis, hash only, against
//!    the replay from event 1 it replaces (`rewalk`; `CROUPIER_BENCH_REWALK_ROUNDS`
//!    rounds, default 12,000).
//!
//! `cargo bench --bench floor`. Sizes: `CROUPIER_BENCH_TABLE_ROUNDS` (rounds per table
//! file for 1, default 2,000), `CROUPIER_BENCH_INPUTS` (acks for 2, default 3,000),
//! `CROUPIER_BENCH_SUMMARY_FILES` (a folder of table files for 3, made beforehand).
//! `CROUPIER_BENCH_FLOOR_ONLY=catch-up|live-lag|summary|audit|audit-live|size|rewalk` runs
//! one part.

mod common;

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use croupier::engine::Money;
use croupier::floor::{self, Floor, FloorSource};
use croupier::log::{Clock, ManualClock, Store};
use croupier::report::{self, Kind, Options, Period};
use croupier::session::demo;
use postgres::binary_copy::BinaryCopyInWriter;
use postgres::types::Type;

fn env_n(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct Server {
    url: String,
    dir: Option<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(d) = &self.dir {
            let _ = Command::new(script()).args(["stop", d]).output();
        }
    }
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pg-throwaway.sh")
}

fn server() -> Server {
    if let Ok(url) = std::env::var("CROUPIER_BENCH_FLOOR") {
        return Server { url, dir: None };
    }
    let out = Command::new(script()).arg("start").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let (url, dir) = line.split_once(' ').unwrap();
    Server {
        url: url.into(),
        dir: Some(dir.into()),
    }
}

fn fresh_floor(base: &str, name: &str) -> String {
    let mut c = postgres::Client::connect(base, postgres::NoTls).unwrap();
    c.batch_execute(&format!("DROP DATABASE IF EXISTS bench_{name}"))
        .unwrap();
    c.batch_execute(&format!("CREATE DATABASE bench_{name}"))
        .unwrap();
    format!("{}/bench_{name}", &base[..base.rfind('/').unwrap()])
}

/// A demo file of its own identity (its `created` event `n` ms off the demo's clock).
fn table_file(dir: &Path, n: i64, rounds: u64) -> PathBuf {
    let path = dir.join(format!("table{n}.db"));
    let clock = ManualClock::new(demo::clock().now_ms() + n);
    let mut store = Store::open_with(&path, Box::new(clock)).unwrap();
    demo::fill(&mut store, rounds, 1, 100 + n as u64, |_| {}).unwrap();
    path
}

/// An event row of the floor: tab, seq, at, kind, table, user, round, data, hash.
type Row = (
    i32,
    i64,
    i64,
    String,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    String,
    Vec<u8>,
);

/// CPU seconds this process has used (user + system; Linux `/proc`).
fn cpu_self() -> f64 {
    let s = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // utime and stime: fields 14 and 15 (1-based, of the whole line).
    stat_seconds(&s, 14)
}

/// Fields `first` and `first + 1` (1-based, of the whole line) of a `/proc/PID/stat`
/// line, in seconds (100 ticks a second). The name in parentheses may hold spaces: the
/// fields are counted after it (the state is field 3).
fn stat_seconds(stat: &str, first: usize) -> f64 {
    let f: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let tick = |i: usize| {
        f.get(i - 3)
            .and_then(|x| x.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (tick(first) + tick(first + 1)) / 100.0
}

/// CPU seconds the server's finished backends have used (the postmaster's reaped
/// children, user + system), read on the server by a superuser: the connections of a
/// phase count once they have closed.
fn cpu_server(c: &mut postgres::Client) -> f64 {
    std::thread::sleep(Duration::from_millis(300));
    let r = c
        .query_one(
            "SELECT pg_read_file('/proc/' || split_part(pg_read_file('postmaster.pid'), E'\\n', 1) || '/stat')",
            &[],
        )
        .ok();
    let s: String = r.map(|r| r.get(0)).unwrap_or_default();
    // cutime and cstime: fields 16 and 17.
    stat_seconds(&s, 16)
}

fn catch_up(base: &str, dir: &Path) {
    let rounds = env_n("CROUPIER_BENCH_TABLE_ROUNDS", 2000);
    let files: Vec<PathBuf> = (0..10).map(|n| table_file(dir, n, rounds)).collect();
    let total: i64 = files
        .iter()
        .map(|f| Store::open_read(f).unwrap().last_seq().unwrap())
        .sum();
    let url = fresh_floor(base, "ingest");
    Floor::connect(&url).unwrap();
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    // The demo's months made before the clock starts (a floor makes this month and the
    // next two ahead; the demo's rounds lie in the past): ten first syncs of a month at
    // once race to make its partition, and the loser's CREATE TABLE fails with a
    // unique_violation that `croupier.month_partition` does not catch (docs/benchmarks.md,
    // "Release check, 2026-12-02 (second)"). COPY's yardstick makes none either.
    admin
        .execute(
            "SELECT croupier.month_partition($1::int8 + i * 14 * 86400000::int8)
               FROM generate_series(0, 30) i",
            &[&demo::clock().now_ms()],
        )
        .unwrap();
    let (client0, server0) = (cpu_self(), cpu_server(&mut admin));
    let t = Instant::now();
    std::thread::scope(|s| {
        for f in &files {
            let url = &url;
            s.spawn(move || {
                let store = Store::open_read(f).unwrap();
                let mut floor = Floor::connect(url).unwrap();
                floor::sync_once(&store, &mut floor).unwrap();
            });
        }
    });
    let ingest = t.elapsed();
    let (client1, server1) = (cpu_self(), cpu_server(&mut admin));
    // The yardstick: the same rows, binary COPY into a table shaped like the floor's
    // (same primary key and indexes), no check, ten connections at once.
    let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    c.batch_execute(
        "CREATE TABLE plain (tab integer, seq bigint, at bigint, kind text, table_id bigint,
             user_id bigint, round_id bigint, data text, hash bytea, PRIMARY KEY (tab, seq));
         CREATE INDEX ON plain (kind, at) WHERE kind <> 'step';
         CREATE INDEX ON plain (tab, round_id, kind) WHERE round_id IS NOT NULL;",
    )
    .unwrap();
    let rows: Vec<Vec<Row>> =
        (1..=10)
            .map(|tab| {
                c.query(
                    "SELECT tab, seq, at, kind, table_id, user_id, round_id, data, hash FROM croupier.event_text WHERE tab = $1 ORDER BY seq",
                    &[&tab],
                )
                .unwrap()
                .iter()
                .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5), r.get(6), r.get(7), r.get(8)))
                .collect()
            })
            .collect();
    drop(c);
    let (client1b, server1b) = (cpu_self(), cpu_server(&mut admin));
    let t = Instant::now();
    std::thread::scope(|s| {
        for part in &rows {
            let url = &url;
            s.spawn(move || {
                let mut c = postgres::Client::connect(url, postgres::NoTls).unwrap();
                for chunk in part.chunks(10_000) {
                    let mut tx = c.transaction().unwrap();
                    let sink = tx.copy_in("COPY plain FROM STDIN BINARY").unwrap();
                    let mut w = BinaryCopyInWriter::new(
                        sink,
                        &[
                            Type::INT4,
                            Type::INT8,
                            Type::INT8,
                            Type::TEXT,
                            Type::INT8,
                            Type::INT8,
                            Type::INT8,
                            Type::TEXT,
                            Type::BYTEA,
                        ],
                    );
                    for r in chunk {
                        w.write(&[&r.0, &r.1, &r.2, &r.3, &r.4, &r.5, &r.6, &r.7, &r.8])
                            .unwrap();
                    }
                    w.finish().unwrap();
                    tx.commit().unwrap();
                }
            });
        }
    });
    let copy = t.elapsed();
    let (client2, server2) = (cpu_self(), cpu_server(&mut admin));
    let rate = |d: Duration| total as f64 / d.as_secs_f64();
    println!(
        "catch-up ingest: {total} events from 10 files: {:.0} events/s ({:.2} s); COPY of the same rows: {:.0} rows/s ({:.2} s); ratio {:.2}x of COPY",
        rate(ingest),
        ingest.as_secs_f64(),
        rate(copy),
        copy.as_secs_f64(),
        copy.as_secs_f64() / ingest.as_secs_f64()
    );
    println!(
        "catch-up CPU: sync client {:.2} s, server {:.2} s; COPY client {:.2} s, server {:.2} s",
        client1 - client0,
        server1 - server0,
        client2 - client1b,
        server2 - server1b
    );
}

fn live_lag(base: &str, dir: &Path) {
    let inputs = env_n("CROUPIER_BENCH_INPUTS", 3000) as usize;
    let url = fresh_floor(base, "lag");
    let db = dir.join("live.db");
    let _ = std::fs::remove_file(&db);
    let mut table = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args([
            "live-play",
            "--db",
            db.to_str().unwrap(),
            "--rounds",
            "100000",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut acks = std::io::BufReader::new(table.stdout.take().unwrap()).lines();
    // The first ack: the file exists; then the link follows it.
    let first = acks.next().unwrap().unwrap();
    assert!(first.starts_with("ack "));
    let stop = Arc::new(AtomicBool::new(false));
    let link = {
        let (db, url, stop) = (db.clone(), url.clone(), stop.clone());
        std::thread::spawn(move || floor::follow(&db, &url, &stop, |_| {}))
    };
    // The floor's head for this table, polled every 2 ms: (when, head).
    let seen: Arc<Mutex<Vec<(Instant, i64)>>> = Arc::new(Mutex::new(Vec::new()));
    let poller = {
        let (url, stop, seen) = (url.clone(), stop.clone(), seen.clone());
        std::thread::spawn(move || {
            let mut c = loop {
                if let Ok(c) = postgres::Client::connect(&url, postgres::NoTls) {
                    break c;
                }
                std::thread::sleep(Duration::from_millis(10));
            };
            while !stop.load(Ordering::Relaxed) {
                if let Ok(r) = c.query_one(
                    "SELECT coalesce(max(head_seq), 0) FROM croupier.tables",
                    &[],
                ) {
                    seen.lock().unwrap().push((Instant::now(), r.get(0)));
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        })
    };
    // Acks are timestamped as they are written (a thread reads the pipe all along);
    // the first 2 s, while the link catches up with the start, are not measured.
    let start = Instant::now() + Duration::from_secs(2);
    let acked: Arc<Mutex<Vec<(i64, Instant)>>> = Arc::new(Mutex::new(Vec::new()));
    let reader = {
        let acked = acked.clone();
        std::thread::spawn(move || {
            for line in acks.by_ref() {
                let Ok(line) = line else { break };
                let now = Instant::now();
                if let Some(seq) = line.strip_prefix("ack ").and_then(|s| s.parse().ok())
                    && now >= start
                {
                    let mut a = acked.lock().unwrap();
                    a.push((seq, now));
                    if a.len() >= inputs {
                        break;
                    }
                }
            }
        })
    };
    let _ = reader.join();
    let _ = table.kill();
    let _ = table.wait();
    std::thread::sleep(Duration::from_secs(1));
    stop.store(true, Ordering::Relaxed);
    let _ = link.join();
    let _ = poller.join();
    let seen = seen.lock().unwrap();
    let acked = acked.lock().unwrap();
    let lags: Vec<Duration> = acked
        .iter()
        .filter_map(|(seq, t)| {
            seen.iter()
                .find(|(w, head)| head >= seq && w >= t)
                .map(|(w, _)| w.duration_since(*t))
        })
        .collect();
    let (med, p99) = common::stats(lags.clone());
    println!(
        "live lag: {} inputs of a dealing table (each durable), ack to the floor holding it: median {:.1} ms, p99 {:.1} ms",
        lags.len(),
        med / 1000.0,
        p99 / 1000.0
    );
}

/// Bytes under a path (a file, or a folder's files).
fn bytes_of(p: &Path) -> u64 {
    match std::fs::read_dir(p) {
        Ok(d) => d.flatten().map(|e| bytes_of(&e.path())).sum(),
        Err(_) => std::fs::metadata(p).map_or(0, |m| m.len()),
    }
}

fn summary(base: &str, dir: &Path) {
    // `CROUPIER_BENCH_SUMMARY_FILES`: a folder of table files made beforehand (e.g. ten
    // `croupier demo` files of different seeds); else two made here of
    // `CROUPIER_BENCH_ROUNDS` rounds in all.
    let files: Vec<PathBuf> = match std::env::var("CROUPIER_BENCH_SUMMARY_FILES") {
        Ok(d) => {
            let mut v: Vec<PathBuf> = std::fs::read_dir(d)
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "db"))
                .collect();
            v.sort();
            v
        }
        Err(_) => {
            let rounds = env_n("CROUPIER_BENCH_ROUNDS", 100_000);
            (0..2)
                .map(|n| table_file(dir, 50 + n, rounds / 2))
                .collect()
        }
    };
    let url = fresh_floor(base, "summary");
    Floor::connect(&url).unwrap();
    let t = Instant::now();
    std::thread::scope(|s| {
        for f in &files {
            let url = &url;
            s.spawn(move || {
                let store = Store::open_read(f).unwrap();
                floor::sync_once(&store, &mut Floor::connect(url).unwrap()).unwrap();
            });
        }
    });
    let synced = t.elapsed();
    let (rounds, events, floor_bytes, db_bytes): (i64, i64, i64, i64) = {
        let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        c.batch_execute("VACUUM ANALYZE").unwrap();
        let r = c
            .query_one(
                "SELECT (SELECT count(*) FROM croupier.rounds), (SELECT sum(head_seq)::int8 FROM croupier.tables),
                        (SELECT sum(pg_total_relation_size(relid))::int8 FROM pg_partition_tree('croupier.events'))
                          + pg_total_relation_size('croupier.rounds') + pg_total_relation_size('croupier.round_starts'),
                        pg_database_size(current_database())",
                &[],
            )
            .unwrap();
        (r.get(0), r.get(1), r.get(2), r.get(3))
    };
    let file_bytes: u64 = files.iter().map(|f| bytes_of(f)).sum();
    let per_m = |b: f64| b / rounds as f64 * 1e6 / 1e9;
    println!(
        "summary set: {} files, {rounds} settled rounds, {events} events, synced in {:.0} s; files {:.2} GB ({:.2} GB per million rounds); floor events + rounds with indexes {:.2} GB ({:.2} GB per million rounds), whole floor database {:.2} GB",
        files.len(),
        synced.as_secs_f64(),
        file_bytes as f64 / 1e9,
        per_m(file_bytes as f64),
        floor_bytes as f64 / 1e9,
        per_m(floor_bytes as f64),
        db_bytes as f64 / 1e9,
    );
    let o = Options {
        kind: Kind::Summary,
        period: Period::parse("2026-01-01", "2026-12-31").unwrap(),
        table: None,
        dealer: None,
        threshold: Money::units(1000),
        verify: false,
        generated_by: "bench",
        generated_at: "now",
    };
    // The files in the floor's order (it numbers table databases as it first saw them,
    // and the parallel syncs above race): the same order on both sides, so that the
    // per-table sums add up in the same order and the reports are equal to the bit.
    let order: Vec<String> = postgres::Client::connect(&url, postgres::NoTls)
        .unwrap()
        .query("SELECT path FROM croupier.tables ORDER BY tab", &[])
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    let stores: Vec<Store> = order
        .iter()
        .map(|f| Store::open_read(Path::new(f)).unwrap())
        .collect();
    let mut files_t = Vec::new();
    let mut floor_t = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        let a = report::build(&stores, &o, |_| {}).unwrap();
        files_t.push(t.elapsed());
        let t = Instant::now();
        let mut src = FloorSource::open(Floor::connect(&url).unwrap()).unwrap();
        let b = report::build_from(&mut src, &o, |_| {}).unwrap();
        floor_t.push(t.elapsed());
        assert_eq!(a.sections, b.sections);
    }
    files_t.sort();
    floor_t.sort();
    println!(
        "summary over {rounds} rounds ({} table files, --skip-verify): files {:.2} s, floor {:.2} s (median of 3); floor/files {:.2}x",
        files.len(),
        files_t[1].as_secs_f64(),
        floor_t[1].as_secs_f64(),
        floor_t[1].as_secs_f64() / files_t[1].as_secs_f64()
    );
}

/// The median of three durations.
fn median3(mut t: [Duration; 3]) -> Duration {
    t.sort();
    t[1]
}

/// 4. The floor's auditor catching up against `verify` on one table file (both replay
///    from event 1, three runs each, alternating), then one pass over 40 table databases
///    and a pass with nothing new over them (what a following auditor repeats).
fn audit(base: &str, dir: &Path) {
    let rounds = env_n("CROUPIER_BENCH_AUDIT_ROUNDS", 50_000);
    let file = table_file(dir, 1_000, rounds);
    let store = Store::open_read(&file).unwrap();
    let events = store.last_seq().unwrap();
    let url = fresh_floor(base, "audit");
    floor::sync_once(&store, &mut Floor::connect(&url).unwrap()).unwrap();
    let (mut v, mut a) = ([Duration::ZERO; 3], [Duration::ZERO; 3]);
    for i in 0..3 {
        let t = Instant::now();
        let checked = croupier::session::replay::verify(&store, |_| {}).unwrap();
        v[i] = t.elapsed();
        assert_eq!(checked.rounds as u64, rounds);
        let t = Instant::now();
        let all = floor::Auditor::new(Floor::connect(&url).unwrap())
            .unwrap()
            .pass()
            .unwrap();
        a[i] = t.elapsed();
        assert_eq!((all[0].through, &all[0].failed), (events, &None));
    }
    let (vm, am) = (median3(v), median3(a));
    let per_s = |d: Duration| rounds as f64 / d.as_secs_f64();
    println!(
        "audit catch-up: {rounds} rounds, {events} events; verify {:?} (median {:.2} s, {:.0} rounds/s); floor-audit {:?} (median {:.2} s, {:.0} rounds/s); ratio {:.2}x of verify",
        v.map(|d| format!("{:.2}", d.as_secs_f64())),
        vm.as_secs_f64(),
        per_s(vm),
        a.map(|d| format!("{:.2}", d.as_secs_f64())),
        am.as_secs_f64(),
        per_s(am),
        am.as_secs_f64().recip() / vm.as_secs_f64().recip()
    );

    let per_table = env_n("CROUPIER_BENCH_AUDIT_TABLE_ROUNDS", 500);
    let url = fresh_floor(base, "audit40");
    Floor::connect(&url).unwrap();
    let mut total = 0;
    for n in 0..40 {
        let f = table_file(dir, 2_000 + n, per_table);
        let store = Store::open_read(&f).unwrap();
        total += store.last_seq().unwrap();
        floor::sync_once(&store, &mut Floor::connect(&url).unwrap()).unwrap();
    }
    let mut auditor = floor::Auditor::new(Floor::connect(&url).unwrap()).unwrap();
    let t = Instant::now();
    let all = auditor.pass().unwrap();
    let first = t.elapsed();
    assert!(
        all.iter()
            .all(|a| a.through == a.head && a.failed.is_none())
    );
    let mut idle = [Duration::ZERO; 3];
    for d in &mut idle {
        let t = Instant::now();
        auditor.pass().unwrap();
        *d = t.elapsed();
    }
    println!(
        "audit 40 tables: {total} events ({per_table} rounds a table) replayed in {:.2} s ({:.0} events/s); a pass with nothing new over the 40: median {:.1} ms",
        first.as_secs_f64(),
        total as f64 / first.as_secs_f64(),
        median3(idle).as_secs_f64() * 1000.0
    );
}

/// Part 5, the floor's bytes an event (issue 25 item 3): one table file of
/// `CROUPIER_BENCH_SIZE_ROUNDS` rounds (default 100,000; or the files of
/// `CROUPIER_BENCH_SUMMARY_FILES`) synced onto an empty floor, `VACUUM ANALYZE`, then
/// `pg_total_relation_size` of every part of the floor's events, settlements and openings
/// ÷ the events it holds.
fn size(url: &str, dir: &Path) {
    let files: Vec<PathBuf> = match std::env::var("CROUPIER_BENCH_SUMMARY_FILES") {
        Ok(d) => {
            let mut v: Vec<PathBuf> = std::fs::read_dir(d)
                .unwrap()
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "db"))
                .collect();
            v.sort();
            v
        }
        Err(_) => {
            let rounds = env_n("CROUPIER_BENCH_SIZE_ROUNDS", 100_000);
            let path = dir.join("size.db");
            let mut store = Store::open_with(&path, Box::new(demo::clock())).unwrap();
            demo::fill(&mut store, rounds, 1, 1, |_| {}).unwrap();
            vec![path]
        }
    };
    let floor_url = {
        let mut c = postgres::Client::connect(url, postgres::NoTls).unwrap();
        c.batch_execute("DROP DATABASE IF EXISTS croupier_size")
            .unwrap();
        c.batch_execute("CREATE DATABASE croupier_size").unwrap();
        let cut = url.rfind('/').unwrap();
        format!("{}/croupier_size", &url[..cut])
    };
    std::thread::scope(|s| {
        for f in &files {
            let url = &floor_url;
            s.spawn(move || {
                let store = Store::open_read(f).unwrap();
                floor::sync_once(&store, &mut Floor::connect(url).unwrap()).unwrap();
            });
        }
    });
    let mut c = postgres::Client::connect(&floor_url, postgres::NoTls).unwrap();
    c.batch_execute("VACUUM ANALYZE").unwrap();
    let events: i64 = c
        .query_one("SELECT count(*) FROM croupier.events", &[])
        .unwrap()
        .get(0);
    let rounds: i64 = c
        .query_one("SELECT count(*) FROM croupier.rounds", &[])
        .unwrap()
        .get(0);
    let parts = c
        .query(
            "SELECT 'events: heap (and TOAST)', sum(pg_table_size(relid))::int8 FROM pg_partition_tree('croupier.events')
             UNION ALL
             SELECT 'events: unique (tab, seq), each month', sum(pg_relation_size(x.indexrelid))::int8
               FROM pg_partition_tree('croupier.events') t JOIN pg_index x ON x.indrelid = t.relid
              WHERE x.indisunique
             UNION ALL
             SELECT 'events: index by kind and time (not steps)', sum(pg_relation_size(relid))::int8
               FROM pg_partition_tree('croupier.events_kind_at')
             UNION ALL
             SELECT 'events: index by round (not steps)', sum(pg_relation_size(relid))::int8
               FROM pg_partition_tree('croupier.events_round')
             UNION ALL
             SELECT 'rounds (the settlements'' figures, with key and index)', pg_total_relation_size('croupier.rounds')
             UNION ALL
             SELECT 'round_starts (with key)', pg_total_relation_size('croupier.round_starts')",
            &[],
        )
        .unwrap();
    let mut total = 0i64;
    for r in &parts {
        let (what, bytes): (String, Option<i64>) = (r.get(0), r.get(1));
        let bytes = bytes.unwrap_or(0);
        total += bytes;
        println!(
            "size: {what}: {:.1} bytes an event",
            bytes as f64 / events as f64
        );
    }
    println!(
        "size: {events} events, {rounds} rounds: {:.1} bytes an event on the floor in all ({:.2} GB a million rounds)",
        total as f64 / events as f64,
        total as f64 / rounds as f64 * 1e6 / 1e9
    );
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` runs nothing heavy.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let s = server();
    let dir = common::fresh_dir("floor-bench");
    // `CROUPIER_BENCH_FLOOR_ONLY=catch-up` (or `summary`): that figure alone.
    let only = std::env::var("CROUPIER_BENCH_FLOOR_ONLY").ok();
    let run = |part: &str| only.as_deref().is_none_or(|o| o == part);
    if run("catch-up") {
        catch_up(&s.url, &dir);
    }
    if run("live-lag") {
        live_lag(&s.url, &dir);
    }
    if run("summary") {
        summary(&s.url, &dir);
    }
    if run("audit") {
        audit(&s.url, &dir);
    }
    if run("audit-live") {
        audit_live(&s.url, &dir);
    }
    if run("size") {
        size(&s.url, &dir);
    }
    if run("rewalk") {
        rewalk(&s.url, &dir);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// 5. Forty tables dealing at once, each input durable and paced (`CROUPIER_BENCH_LIVE_EPS`
///    events a second a table, default 4: ten times a brisk real table), each followed by
///    its own sync, and one auditor passing over the floor as `floor-audit --follow` does.
///    Before each pass: how many events the floor holds that the auditor has not yet
///    replayed; after the tables stop: how long until it has replayed every event.
fn audit_live(base: &str, dir: &Path) {
    let tables = env_n("CROUPIER_BENCH_LIVE_TABLES", 40) as usize;
    let eps = env_n("CROUPIER_BENCH_LIVE_EPS", 4);
    let secs = env_n("CROUPIER_BENCH_LIVE_SECS", 60);
    let url = fresh_floor(base, "live40");
    Floor::connect(&url).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let pace = Duration::from_micros(1_000_000 / eps.max(1));
    let mut threads = Vec::new();
    for n in 0..tables {
        let db = dir.join(format!("live{n}.db"));
        let _ = std::fs::remove_file(&db);
        let mut store = Store::open(&db).unwrap();
        let stop_w = stop.clone();
        threads.push(std::thread::spawn(move || {
            let mut next = Instant::now();
            // Paced in its ack (after each commit); once `stop` is set it sleeps there.
            let _ = demo::live_play(&mut store, 100 + n as u64, 1_000_000, |_| {
                next += pace;
                if let Some(wait) = next.checked_duration_since(Instant::now()) {
                    std::thread::sleep(wait);
                }
                while stop_w.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_secs(3600));
                }
            });
        }));
        let (url, stop) = (url.clone(), stop.clone());
        threads.push(std::thread::spawn(move || {
            while !db.exists() {
                std::thread::sleep(Duration::from_millis(10));
            }
            floor::follow(&db, &url, &stop, |_| {}).unwrap();
        }));
    }
    let mut auditor = floor::Auditor::new(Floor::connect(&url).unwrap()).unwrap();
    let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let held = |c: &mut postgres::Client| -> i64 {
        c.query_one(
            "SELECT coalesce(sum(head_seq), 0)::bigint FROM croupier.tables",
            &[],
        )
        .unwrap()
        .get(0)
    };
    let (mut behind, mut passes) = (Vec::new(), Vec::new());
    let mut replayed = 0;
    let end = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < end {
        behind.push(held(&mut c) - replayed);
        let t = Instant::now();
        let all = auditor.pass().unwrap();
        passes.push(t.elapsed());
        assert!(all.iter().all(|a| a.failed.is_none()));
        replayed = all.iter().map(|a| a.through).sum();
        std::thread::sleep(Duration::from_millis(500));
    }
    stop.store(true, Ordering::Relaxed);
    // The writers sleep for good and the syncs stop: what the floor holds then is what
    // the auditor must reach.
    std::thread::sleep(Duration::from_secs(2));
    let total = held(&mut c);
    let t = Instant::now();
    while replayed < total {
        replayed = auditor.pass().unwrap().iter().map(|a| a.through).sum();
    }
    let drain = t.elapsed();
    behind.sort();
    let (pm, p99) = common::stats(passes);
    println!(
        "audit live: {tables} tables paced at {eps} events/s each for {secs} s ({total} events on the floor, {:.0} events/s arrived); events not yet replayed before a pass: median {}, max {}; a pass: median {:.1} ms, p99 {:.1} ms; after the tables stopped, all replayed in {:.2} s",
        total as f64 / secs as f64,
        behind[behind.len() / 2],
        behind[behind.len() - 1],
        pm / 1000.0,
        p99 / 1000.0,
        drain.as_secs_f64()
    );
    // The writer threads sleep on; the process ends with the bench.
    std::mem::forget(threads);
}

/// 7. The chain walked again from its genesis, hash only (what a following auditor does
///    at least hourly, and when events were changed), against a replay from event 1 (what
///    it did before): one table file of `CROUPIER_BENCH_REWALK_ROUNDS` rounds synced, then
///    three times, alternating: a new auditor's first pass (the replay from event 1, with
///    the theories' and the kept totals' checks of a first pass), the kept totals' check
///    alone (`totals_break`, to take out of it), and that auditor's next pass with its
///    walk due (`walked_at` set back three hours), which walks and replays nothing.
fn rewalk(base: &str, dir: &Path) {
    let rounds = env_n("CROUPIER_BENCH_REWALK_ROUNDS", 12_000);
    let file = table_file(dir, 3_000, rounds);
    let store = Store::open_read(&file).unwrap();
    let events = store.last_seq().unwrap();
    let url = fresh_floor(base, "rewalk");
    floor::sync_once(&store, &mut Floor::connect(&url).unwrap()).unwrap();
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    // The theories solved once in this process, before any run is timed.
    drop(
        floor::Auditor::new(Floor::connect(&url).unwrap())
            .unwrap()
            .pass()
            .unwrap(),
    );
    let (mut replay, mut totals, mut walk) = (
        [Duration::ZERO; 3],
        [Duration::ZERO; 3],
        [Duration::ZERO; 3],
    );
    for i in 0..3 {
        let mut auditor = floor::Auditor::new(Floor::connect(&url).unwrap()).unwrap();
        let t = Instant::now();
        let all = auditor.pass().unwrap();
        replay[i] = t.elapsed();
        assert_eq!((all[0].through, &all[0].failed), (events, &None));
        let t = Instant::now();
        admin
            .query("SELECT * FROM croupier.totals_break(1)", &[])
            .unwrap();
        totals[i] = t.elapsed();
        admin
            .batch_execute("UPDATE croupier.chain_checked SET walked_at = walked_at - interval '3 hours', walking = walking - interval '3 hours'")
            .unwrap();
        let replayed = |c: &mut postgres::Client| -> String {
            c.query_one(
                "SELECT updated::text FROM croupier.replayed WHERE tab = 1",
                &[],
            )
            .unwrap()
            .get(0)
        };
        let before = replayed(&mut admin);
        let t = Instant::now();
        auditor.pass().unwrap();
        walk[i] = t.elapsed();
        let fresh: bool = admin
            .query_one(
                "SELECT walked_at > now() - interval '1 hour' AND seq = $1 AND broken IS NULL
                   FROM croupier.chain_checked WHERE tab = 1",
                &[&events],
            )
            .unwrap()
            .get(0);
        assert!(fresh, "walked again, whole");
        assert_eq!(replayed(&mut admin), before, "nothing replayed again");
    }
    let (rm, tm, wm) = (median3(replay), median3(totals), median3(walk));
    let per_s = |d: Duration| events as f64 / d.as_secs_f64();
    let secs = |t: [Duration; 3]| t.map(|d| format!("{:.2}", d.as_secs_f64()));
    let replay_only = rm.saturating_sub(tm);
    println!(
        "rewalk: {rounds} rounds, {events} events; first pass (replay from event 1) {:?} (median {:.2} s); totals check alone {:?} (median {:.2} s); replay without it ~{:.2} s ({:.0} events/s); hash-only walk pass {:?} (median {:.2} s, {:.0} events/s); walk {:.1}x the replay's rate",
        secs(replay),
        rm.as_secs_f64(),
        secs(totals),
        tm.as_secs_f64(),
        replay_only.as_secs_f64(),
        per_s(replay_only),
        secs(walk),
        wm.as_secs_f64(),
        per_s(wm),
        replay_only.as_secs_f64() / wm.as_secs_f64()
    );
}
