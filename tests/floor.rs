//! The floor on a real PostgreSQL server (`CROUPIER_TEST_FLOOR`, a connection string to a
//! superuser's database; `.ci/run` starts a throw-away server with
//! `scripts/pg-throwaway.sh` and sets it). Each test makes its own database there, so
//! they run in parallel. Without a server each test prints why it is skipped — and under
//! CI (`CI` set) a missing server fails instead.
//!
//! Sync (idempotent, complete), the server's refusal of a forged file and its alarm,
//! `verify --floor`, `report --floor` byte for byte against the files' floor report, and
//! the faults: the sync killed at random moments, two syncs at once, the server down and
//! restarted while a table deals, a wrong password, an unreachable host.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use croupier::audit::floor::{self, Floor, FloorSource};
use croupier::audit::{Clock, EventKind, ManualClock, Store, demo};
use croupier::engine::Money;
use croupier::report::{self, Kind, Options, Period};

/// The server, or `None` after saying why the test is skipped.
fn server(test: &str) -> Option<String> {
    match std::env::var("CROUPIER_TEST_FLOOR") {
        Ok(u) if !u.is_empty() => Some(u),
        _ => {
            if std::env::var_os("CI").is_some() {
                panic!(
                    "{test}: CI must give a PostgreSQL server in CROUPIER_TEST_FLOOR (.ci/run does)"
                );
            }
            // Straight to standard error, past the test harness's capture: a skip is said.
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED {test}: no PostgreSQL server; run `scripts/pg-throwaway.sh run cargo test --test floor` (or set CROUPIER_TEST_FLOOR)"
            );
            None
        }
    }
}

/// A new, empty database on the server for one test: its URL.
fn fresh_floor(base: &str, name: &str) -> String {
    static N: AtomicUsize = AtomicUsize::new(0);
    let db = format!(
        "croupier_{name}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    );
    let mut c = postgres::Client::connect(base, postgres::NoTls).unwrap();
    c.batch_execute(&format!("CREATE DATABASE {db}")).unwrap();
    let cut = base.rfind('/').unwrap();
    format!("{}/{db}", &base[..cut])
}

fn client(url: &str) -> postgres::Client {
    postgres::Client::connect(url, postgres::NoTls).unwrap()
}

fn run(args: &[&str]) -> (bool, Option<i32>, String, String) {
    let out = common::run(args, b"");
    (
        out.status.success(),
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn last_seq(db: &Path) -> i64 {
    Store::open_read(db).unwrap().last_seq().unwrap()
}

/// (events, distinct seqs, highest seq) the floor holds, all tables.
fn floor_counts(url: &str) -> (i64, i64, i64) {
    let r = client(url)
        .query_one(
            "SELECT count(*), count(DISTINCT (tab, seq)), coalesce(max(seq), 0) FROM croupier.events",
            &[],
        )
        .unwrap();
    (r.get(0), r.get(1), r.get(2))
}

fn alarms(url: &str) -> Vec<(i64, String)> {
    client(url)
        .query("SELECT seq, what FROM croupier.alarms ORDER BY id", &[])
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

/// A demo file whose `created` event is stamped `shift` ms off the demo's clock, so that
/// it is a table database of its own on the floor (demo files otherwise start alike).
fn demo_file(name: &str, rounds: u64, seed: u64, shift: i64) -> PathBuf {
    let path = common::fresh_dir(name).join(format!("{name}.db"));
    let clock = ManualClock::new(demo::clock().now_ms() + shift);
    let mut store = Store::open_with(&path, Box::new(clock)).unwrap();
    demo::fill(&mut store, rounds, 1, seed, |_| {}).unwrap();
    path
}

#[test]
fn a_sync_sends_every_event_once_and_again_sends_nothing() {
    let Some(base) = server("sync") else { return };
    let url = fresh_floor(&base, "sync");
    let db = demo_file("sync", 300, 3, 0);
    let d = db.to_str().unwrap();
    let (ok, _, out, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok, "{err}");
    let n = last_seq(&db);
    assert!(out.contains(&format!("holds events 1-{n}")), "{out}");
    assert_eq!(floor_counts(&url), (n, n, n));
    // Again: nothing new, nothing doubled.
    let (ok, _, out, _) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(ok && out.contains("(0 sent now)"), "{out}");
    assert_eq!(floor_counts(&url), (n, n, n));
    // The floor's copy is the file's, event by event; the settlements' figures were read
    // by the server from the events' data.
    let (ok, _, out, err) = run(&["verify", "--db", d, "--floor", &url]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("matches the floor"), "{out}");
    let rounds: i64 = client(&url)
        .query_one("SELECT count(*) FROM croupier.rounds", &[])
        .unwrap()
        .get(0);
    assert_eq!(rounds, 300);
    // The environment gives the floor too.
    let out = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(["sync", "--db", d])
        .env("CROUPIER_FLOOR", &url)
        .output()
        .unwrap();
    assert!(out.status.success());
}

/// Forges a table file as someone who can write it would: drops the triggers, edits the
/// reason of the first refused input, and recomputes the whole chain after it (the
/// stored hashes: 32 bytes, or the 8 a step keeps). Returns the edited event's seq.
fn forge(db: &Path) -> i64 {
    let store = Store::open_read(db).unwrap();
    let mut events = Vec::new();
    store
        .each_event(1, |e| {
            events.push(e);
            Ok::<(), ()>(())
        })
        .unwrap()
        .unwrap();
    drop(store);
    let c = rusqlite::Connection::open(db).unwrap();
    let triggers: Vec<String> = c
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    for t in triggers {
        c.execute_batch(&format!("DROP TRIGGER {t}")).unwrap();
    }
    let target = events
        .iter()
        .position(|e| e.kind == EventKind::StepRefused)
        .expect("the demo refuses some inputs");
    let edited = events[target]
        .data
        .replacen("\"reason\":\"", "\"reason\":\"(nothing wrong) ", 1);
    assert_ne!(edited, events[target].data);
    c.execute(
        "UPDATE events SET data = ?1 WHERE seq = ?2",
        rusqlite::params![edited, target as i64 + 1],
    )
    .unwrap();
    events[target].data = edited;
    let mut prev = [0u8; 32];
    for (i, e) in events.iter().enumerate() {
        let seq = i as i64 + 1;
        let (kind, t, u, len): (String, Option<i64>, Option<i64>, i64) = c
            .query_row(
                "SELECT k.name, e.table_id, e.user_id, length(e.hash) FROM events e JOIN event_kinds k ON k.code = e.kind WHERE e.seq = ?1",
                [seq],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .unwrap();
        let h = common::event_hash_spec(&prev, seq, e.at, &kind, (t, u, e.round), &e.data);
        if i >= target {
            c.execute(
                "UPDATE events SET hash = ?1 WHERE seq = ?2",
                rusqlite::params![&h[..len as usize], seq],
            )
            .unwrap();
        }
        prev = h;
    }
    target as i64 + 1
}

#[test]
fn a_forged_file_is_refused_by_the_floor_and_alarmed() {
    let Some(base) = server("forged") else { return };
    let url = fresh_floor(&base, "forged");
    let db = demo_file("forged", 200, 5, 0);
    let d = db.to_str().unwrap();
    assert!(run(&["sync", "--db", d, "--floor", &url]).0);
    let held = floor_counts(&url);
    let seq = forge(&db);
    // The forgery is good enough for the file's own verify…
    let (ok, _, out, err) = run(&["verify", "--db", d]);
    assert!(
        ok,
        "the forged file should pass its local verify: {out}{err}"
    );
    // …not for the floor: a sync is refused (the head it re-sends is not the one held),
    let (ok, code, _, err) = run(&["sync", "--db", d, "--floor", &url]);
    assert!(!ok && code == Some(1), "{err}");
    assert!(err.contains("REFUSED"), "{err}");
    assert_eq!(floor_counts(&url), held, "nothing of the forged file taken");
    // verify --floor names the first event that differs, with both hashes,
    let (ok, _, out, _) = run(&["verify", "--db", d, "--floor", &url]);
    assert!(!ok);
    assert!(
        out.contains(&format!(
            "event {seq} differs from the floor's copy (its data changed)"
        )),
        "{out}"
    );
    assert!(
        out.contains("file hash") && out.contains("floor hash"),
        "{out}"
    );
    // both are alarms on the floor, with the seq,
    let a = alarms(&url);
    assert!(
        a.iter()
            .any(|(s, w)| *s == seq && w.starts_with("verify --floor")),
        "{a:?}"
    );
    assert!(
        a.iter().any(|(_, w)| w.starts_with("changed copy")),
        "{a:?}"
    );
    // and the floor's exceptions report shows them.
    let p = Period::parse("2026-01-01", "2100-12-31").unwrap();
    let o = Options {
        kind: Kind::Exceptions,
        period: p,
        table: None,
        dealer: None,
        threshold: Money::units(1000),
        verify: true,
        generated_by: "test",
        generated_at: "now",
    };
    let mut src = FloorSource::open(Floor::connect(&url).unwrap()).unwrap();
    let r = report::build_from(&mut src, &o, |_| {}).unwrap();
    let rows = &r.sections[0].rows;
    let alarm_rows: Vec<String> = rows
        .iter()
        .filter(|r| r[1] == croupier::report::Cell::Text("floor alarm".into()))
        .map(|r| format!("{:?}", r[5]))
        .collect();
    assert!(alarm_rows.len() >= 2, "{alarm_rows:?}");
    assert!(
        alarm_rows
            .iter()
            .any(|d| d.contains(&format!("event {seq}")))
    );
    assert!(
        matches!(r.sources[0].verified, Some(Err(_))),
        "the footer says the alarms"
    );

    // The server refuses a forged event by itself, whoever inserts it: a row whose hash
    // does not follow, straight into the table, is refused by the trigger.
    let mut c = client(&url);
    let e = c.execute(
        "INSERT INTO croupier.events SELECT tab, seq + 1000000, at, kind, table_id, user_id, round_id, data, hash FROM croupier.events WHERE seq = 5",
        &[],
    );
    let msg = |e: postgres::Error| e.as_db_error().unwrap().message().to_string();
    assert!(msg(e.unwrap_err()).contains("does not follow"));
    let e = c.execute("UPDATE croupier.events SET data = data WHERE seq = 5", &[]);
    assert!(msg(e.unwrap_err()).contains("append-only"));

    // A sync that lies about hashes (a changed program at the table): the server takes
    // the events that chain, refuses the first that does not, and logs it.
    c.batch_execute(
        "CREATE TEMP TABLE floor_incoming (seq bigint, at bigint, kind text, table_id bigint,
             user_id bigint, round_id bigint, data text, hash bytea);
         INSERT INTO floor_incoming
         SELECT t.head_seq + 1, 1, 'logout', NULL, 1, NULL, '{\"name\":\"x\"}',
                croupier.event_hash(t.head_hash, t.head_seq + 1, 1, 'logout', NULL, 1, NULL, '{\"name\":\"x\"}')
           FROM croupier.tables t;
         INSERT INTO floor_incoming
         SELECT t.head_seq + 2, 2, 'logout', NULL, 1, NULL, '{\"name\":\"y\"}', sha256('not the chain')
           FROM croupier.tables t;",
    )
    .unwrap();
    let head = held.2;
    let r = c
        .query_one("SELECT * FROM croupier.ingest(1)", &[])
        .unwrap();
    let (taken, new_head, problem, bad): (i64, i64, Option<String>, Option<i64>) =
        (r.get(0), r.get(1), r.get(2), r.get(3));
    assert_eq!((taken, new_head, bad), (1, head + 1, Some(head + 2)));
    assert!(problem.unwrap().contains("does not follow"));
    let a = alarms(&url);
    assert!(
        a.iter()
            .any(|(s, w)| *s == head + 2 && w.starts_with("chain broken")),
        "{a:?}"
    );
    assert_eq!(floor_counts(&url).0, head + 1);
}

/// A table file with one Pontis game, played on 5 January 2026 (in the reports' period).
fn pontis_file(name: &str) -> PathBuf {
    use croupier::audit::pontis::PontisSession;
    use croupier::audit::users::{self, Role};
    use croupier::engine::pontis::PontisRules;
    let path = common::fresh_dir(name).join("table.db");
    let mut store = Store::open_with(&path, Box::new(ManualClock::new(1_767_600_000_000))).unwrap();
    let admin = users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
    users::add_user(&mut store, "Petr Novak", Role::Dealer, "1001", Some(&admin)).unwrap();
    let host = users::login(&mut store, "Petr Novak", "1001", None).unwrap();
    let mut s = PontisSession::open(&mut store, host, "Pontis 1", PontisRules::standard()).unwrap();
    s.start_game(
        &mut store,
        vec!["Ana".into(), "Ben".into(), "Cyril".into()],
        0,
    )
    .unwrap();
    for text in [
        "Ana: bank 7h",
        "Ben: bank Kd",
        "Ben: 6s",
        "Cyril: bank 3c",
        "Cyril: Kc 10h",
        "Ana: 3d",
        "Ben: pass",
        "Cyril: pass",
        "Ana: pass",
    ] {
        s.input_text(&mut store, text).unwrap();
    }
    s.close(&mut store).unwrap();
    path
}

/// `report --floor` is the files' floor report, byte for byte, but for the footer: every
/// kind, every format, two tables.
#[test]
fn a_floor_report_equals_the_files_report() {
    let Some(base) = server("report") else { return };
    let url = fresh_floor(&base, "report");
    let a = common::demo_db("floor-report-a", 1800, 2, 11);
    let b = demo_file("floor-report-b", 600, 12, -1);
    let c = pontis_file("floor-report-c");
    for f in [&a, &b, &c] {
        let (ok, _, _, err) = run(&["sync", "--db", f.to_str().unwrap(), "--floor", &url]);
        assert!(ok, "{err}");
    }
    // One round voided and one corrected on the files would need a supervisor: the demo
    // already logs refusals, undos and (at 1800 rounds) voids and corrections.
    let stores = [
        Store::open_read(&a).unwrap(),
        Store::open_read(&b).unwrap(),
        Store::open_read(&c).unwrap(),
    ];
    let out = common::fresh_dir("floor-report-out");
    for kind in [Kind::Summary, Kind::Rounds, Kind::Dealers, Kind::Exceptions] {
        let o = Options {
            kind,
            period: Period::parse("2026-01-05", "2026-01-06").unwrap(),
            table: None,
            dealer: (kind == Kind::Rounds).then_some("Jana Svoboda"),
            threshold: Money::units(400),
            verify: true,
            generated_by: "test",
            generated_at: "2026-02-01 00:00:00 UTC",
        };
        let files = report::build(&stores, &o, |_| {}).unwrap();
        let mut src = FloorSource::open(Floor::connect(&url).unwrap()).unwrap();
        let mut from_floor = report::build_from(&mut src, &o, |_| {}).unwrap();
        assert_eq!(from_floor.sources.len(), 3);
        if kind == Kind::Summary {
            assert!(files.sections.iter().any(|s| s.name == "pontis games"));
            // The theory columns (issue 11) come through the floor too: the rules each
            // table opened with are read through the same `Source`, so they are filled
            // on both sides, not blank on both.
            let by_day = from_floor
                .sections
                .iter()
                .find(|s| s.name == "by day")
                .unwrap();
            let col = by_day
                .columns
                .iter()
                .position(|c| *c == "theoretical hold %")
                .unwrap();
            assert!(
                by_day
                    .rows
                    .iter()
                    .any(|r| matches!(r[col], report::Cell::Percent(Some(_)))),
                "the floor's summary shows a theoretical hold"
            );
        }
        assert!(
            from_floor
                .sources
                .iter()
                .all(|s| matches!(s.verified, Some(Ok(_))))
        );
        assert!(files.sections.iter().map(|s| s.rows.len()).sum::<usize>() > 0);
        // The footer is the one thing allowed to differ.
        from_floor.sources = files.sources.clone();
        assert_eq!(
            report::render_json(&from_floor).to_string(),
            report::render_json(&files).to_string(),
            "{kind:?} json"
        );
        assert_eq!(
            report::render_html(&from_floor),
            report::render_html(&files),
            "{kind:?} html"
        );
        let (da, db) = (
            out.join(format!("{kind:?}-files")),
            out.join(format!("{kind:?}-floor")),
        );
        let pa = report::render_csv(&files, &da, false).unwrap();
        let pb = report::render_csv(&from_floor, &db, false).unwrap();
        assert_eq!(pa.len(), pb.len());
        for (x, y) in pa.iter().zip(&pb) {
            assert_eq!(
                std::fs::read(x).unwrap(),
                std::fs::read(y).unwrap(),
                "{}",
                x.display()
            );
        }
    }
    // And on the command line.
    let (ok, _, out, err) = run(&[
        "report",
        "--floor",
        &url,
        "--kind",
        "summary",
        "--format",
        "json",
        "--out",
        "-",
        "--from",
        "2026-01-05",
        "--to",
        "2026-01-06",
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("table database"),
        "the footer names the floor: {out}"
    );
}

/// SIGKILL of a sync at random moments, many times: after each, the floor holds a
/// gapless prefix of the file, each event once; the last sync completes it.
#[test]
fn a_sync_killed_at_random_moments_leaves_no_event_missing_or_doubled() {
    let Some(base) = server("kills") else { return };
    let url = fresh_floor(&base, "kills");
    let db = demo_file("kills", 4000, 7, 0);
    let d = db.to_str().unwrap();
    let kills: usize = std::env::var("CROUPIER_FLOOR_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12);
    let mut seed = 0x9e37_79b9_u64;
    let mut cut_short = 0;
    for _ in 0..kills {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mut child = Command::new(env!("CARGO_BIN_EXE_croupier"))
            .args(["sync", "--db", d, "--floor", &url])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(seed % 400));
        if child.try_wait().unwrap().is_none() {
            cut_short += 1;
        }
        let _ = child.kill();
        let _ = child.wait();
        let (n, distinct, max) = floor_counts(&url);
        assert_eq!(
            (n, distinct),
            (max, max),
            "a gapless prefix, each event once"
        );
        // The floor's head is its last event.
        let head: i64 = client(&url)
            .query_one("SELECT head_seq FROM croupier.tables", &[])
            .unwrap()
            .get(0);
        assert_eq!(head, max);
        if max == last_seq(&db) {
            // Complete: the last sync below has nothing left to do.
            break;
        }
    }
    eprintln!("{cut_short} of the syncs were killed mid-way");
    assert!(run(&["sync", "--db", d, "--floor", &url]).0);
    let n = last_seq(&db);
    assert_eq!(floor_counts(&url), (n, n, n));
    assert!(run(&["verify", "--db", d, "--floor", &url]).0);
}

#[test]
fn two_syncs_of_one_table_at_once_leave_one_copy() {
    let Some(base) = server("two") else { return };
    let url = fresh_floor(&base, "two");
    let db = demo_file("two", 2000, 8, 0);
    let d = db.to_str().unwrap();
    let spawn = || {
        Command::new(env!("CARGO_BIN_EXE_croupier"))
            .args(["sync", "--db", d, "--floor", &url])
            .output()
            .unwrap()
    };
    let (x, y) = std::thread::scope(|s| {
        let a = s.spawn(spawn);
        let b = s.spawn(spawn);
        (a.join().unwrap(), b.join().unwrap())
    });
    assert!(x.status.success(), "{}", String::from_utf8_lossy(&x.stderr));
    assert!(y.status.success(), "{}", String::from_utf8_lossy(&y.stderr));
    let n = last_seq(&db);
    assert_eq!(floor_counts(&url), (n, n, n));
    assert!(alarms(&url).is_empty());
}

/// A private server, stopped and started again by the test (the shared one stays up).
struct Private {
    url: String,
    dir: String,
}

impl Private {
    fn start() -> Private {
        let out = Command::new(script()).arg("start").output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let line = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let (url, dir) = line.split_once(' ').unwrap();
        Private {
            url: url.into(),
            dir: dir.into(),
        }
    }
    fn ctl(&self, what: &str) {
        let out = Command::new(script())
            .args([what, &self.dir])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{what}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

impl Drop for Private {
    fn drop(&mut self) {
        let _ = Command::new(script()).args(["stop", &self.dir]).output();
    }
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pg-throwaway.sh")
}

fn wait_until(what: &str, limit: Duration, mut f: impl FnMut() -> bool) {
    let t = Instant::now();
    while !f() {
        assert!(t.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The server goes down (as a crash would: mid-batch) while a table deals and a
/// following sync runs: the table keeps dealing, the link says unreachable, and once the
/// server is back the floor catches up, each event once.
#[test]
fn the_table_keeps_dealing_while_the_floor_is_down_and_it_catches_up() {
    if server("down").is_none() {
        return;
    }
    let pg = Private::start();
    let dir = common::fresh_dir("down");
    let db = dir.join("live.db");
    let d = db.to_str().unwrap();
    // A table that deals, input after durable input.
    let mut table = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(["live-play", "--db", d, "--rounds", "400", "--seed", "9"])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    wait_until("the table's first events", Duration::from_secs(30), || {
        db.exists() && Store::open_read(&db).is_ok_and(|s| s.last_seq().unwrap_or(0) > 50)
    });
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let states = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let follower = {
        let (stop, states, db, url) = (stop.clone(), states.clone(), db.clone(), pg.url.clone());
        std::thread::spawn(move || {
            floor::follow(&db, &url, &stop, |s| states.lock().unwrap().push(s.clone()))
        })
    };
    wait_until(
        "the floor to receive events",
        Duration::from_secs(30),
        || Floor::connect(&pg.url).is_ok() && floor_counts(&pg.url).0 > 0,
    );
    pg.ctl("down");
    let during = last_seq(&db);
    wait_until(
        "the table to deal on with the floor down",
        Duration::from_secs(60),
        || last_seq(&db) > during + 200 || table.try_wait().unwrap().is_some(),
    );
    wait_until(
        "the link to say unreachable",
        Duration::from_secs(30),
        || {
            states
                .lock()
                .unwrap()
                .iter()
                .any(|s| matches!(s, floor::LinkState::Unreachable { .. }))
        },
    );
    pg.ctl("up");
    let status = table.wait().unwrap();
    assert!(status.success(), "the table finished its rounds");
    let n = last_seq(&db);
    wait_until("the floor to catch up", Duration::from_secs(120), || {
        floor_counts(&pg.url) == (n, n, n)
    });
    stop.store(true, Ordering::Relaxed);
    follower.join().unwrap().unwrap();
    assert!(matches!(
        states.lock().unwrap().last(),
        Some(floor::LinkState::InSync { .. })
    ));
    assert!(run(&["verify", "--db", d, "--floor", &pg.url]).0);
}

#[test]
fn a_wrong_password_or_an_unreachable_host_is_a_clear_message() {
    let Some(base) = server("refused-login") else {
        return;
    };
    let db = demo_file("login", 20, 2, 0);
    let d = db.to_str().unwrap();
    let before = std::fs::read(&db).unwrap();
    let hostport = base.split('@').nth(1).unwrap().split('/').next().unwrap();
    let wrong = format!("postgresql://croupier_pw:wrong@{hostport}/postgres");
    let (ok, code, _, err) = run(&["sync", "--db", d, "--floor", &wrong]);
    assert!(!ok && code == Some(2));
    assert!(err.contains("password authentication failed"), "{err}");
    assert!(
        err.contains("croupier_pw@") && !err.contains("wrong"),
        "no password shown: {err}"
    );
    assert!(err.contains("The table is unaffected"), "{err}");
    let (ok, _, _, err) = run(&[
        "sync",
        "--db",
        d,
        "--floor",
        "postgresql://x@127.0.0.1:1/floor",
    ]);
    assert!(!ok && err.contains("cannot connect"), "{err}");
    let (ok, _, _, err) = run(&["sync", "--db", d, "--floor", "not a url"]);
    assert!(
        !ok && err.contains("expected a PostgreSQL connection string"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&db).unwrap(),
        before,
        "the table's file untouched"
    );
    // The right password works.
    let right = format!("postgresql://croupier_pw:right@{hostport}/postgres");
    let url = fresh_floor(&base, "login");
    let right_db = right.replace("/postgres", &url[url.rfind('/').unwrap()..]);
    assert!(run(&["sync", "--db", d, "--floor", &right_db]).0);
}

/// The dealer screen with `--floor`: the top bar shows the link (in sync once the floor
/// holds the file; unreachable for a floor that is not there), and a supervisor opens the
/// Floor window: every table database and today's hold per table.
#[test]
fn the_dealer_screen_shows_the_link_and_a_supervisor_opens_the_floor() {
    use croupier::audit::users::{self, Role};
    use croupier::ui::DealerApp;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    let Some(base) = server("screen") else { return };
    let url = fresh_floor(&base, "screen");
    let dir = common::fresh_dir("screen");
    let db = dir.join("table.db");
    {
        let mut store = Store::open(&db).unwrap();
        users::add_user(&mut store, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
    }
    // Another table already on the floor, so the window has a day's figures to show.
    let other = demo_file("screen-other", 50, 4, 0);
    assert!(run(&["sync", "--db", other.to_str().unwrap(), "--floor", &url]).0);
    let app = DealerApp::open(db.clone()).with_floor(Some(url.clone()));
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut DealerApp| app.ui(ui), app);
    let n = last_seq(&db);
    let want = format!("floor: in sync (event {n})");
    wait_until(
        "the link in sync on screen",
        Duration::from_secs(30),
        || {
            h.run_steps(2);
            h.query_by_label(&want).is_some()
        },
    );
    // A supervisor logs in: the Floor button opens the floor view.
    h.get_by_label("Name").click();
    h.run_steps(2);
    h.get_by_label("Name").type_text("Irena Dvorak");
    h.get_by_label("PIN").click();
    h.run_steps(2);
    h.get_by_label("PIN").type_text("900000");
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    h.get_by_label("Floor").click();
    h.run_steps(2);
    wait_until("the floor view's figures", Duration::from_secs(30), || {
        h.run_steps(2);
        h.query_by_label("Today's hold per table").is_some()
            && h.query_by_label(other.to_str().unwrap()).is_some()
            && h.query_by_label(db.to_str().unwrap()).is_some()
    });
    // A floor that is not there: the screen says so; the table is unaffected.
    let db2 = dir.join("lonely.db");
    let app = DealerApp::open(db2).with_floor(Some("postgresql://x@127.0.0.1:1/floor".into()));
    wait_until("unreachable on screen", Duration::from_secs(30), || {
        app.floor_state()
            .is_some_and(|s| s.starts_with("floor unreachable since"))
    });
}
