//! Setup shared by the integration tests: a fresh folder, the real binary with arguments
//! and standard input, a demo database made by `croupier demo`, a database staffed with
//! the tests' people, and a row forged by hand, past the append-only triggers, or a whole
//! chain rewritten as a thorough forger would. (Each test file uses what it needs.)
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use croupier::engine::Money;
use croupier::log::{ManualClock, Store};
use croupier::report::{Kind, Options, Period};
use croupier::session::users::{self, Role, User};

/// A clock the test sets (the store reads it for each event it logs); its clones share it.
#[derive(Clone)]
pub struct SetClock(pub std::sync::Arc<std::sync::atomic::AtomicI64>);

impl croupier::log::Clock for SetClock {
    fn now_ms(&self) -> i64 {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// A report's options for `kind` over the gaming days `from..=to`: every table and
/// dealer, payouts over 1,000 units exceptional, no verify, made by "test" "now". A test
/// that needs another sets it over these (`Options { table, ..common::options(..) }`).
pub fn options(kind: Kind, from: &str, to: &str) -> Options<'static> {
    Options {
        kind,
        period: Period::parse(from, to).unwrap(),
        table: None,
        dealer: None,
        threshold: Money::units(1000),
        verify: false,
        generated_by: "test",
        generated_at: "now",
    }
}

/// A new empty folder for one test, under the system's temporary folder.
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("croupier-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `croupier ARGS…` on the real binary, with `stdin` as its standard input.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    // A command may exit before reading all of its input (a refusal): not an error here.
    let _ = pipe.write_all(stdin);
    drop(pipe);
    child.wait_with_output().unwrap()
}

/// `croupier demo` into a new file `name.db`: `rounds` rounds at `tables` tables, `seed`.
pub fn demo_db(name: &str, rounds: u64, tables: u64, seed: u64) -> PathBuf {
    let path = fresh_dir(name).join(format!("{name}.db"));
    let (rounds, tables, seed) = (rounds.to_string(), tables.to_string(), seed.to_string());
    let out = run(
        &[
            "demo",
            "--db",
            path.to_str().unwrap(),
            "--rounds",
            &rounds,
            "--tables",
            &tables,
            "--seed",
            &seed,
        ],
        b"",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

/// `croupier report` of every kind's arguments for a whole year, as JSON on stdout.
pub fn report_json_args<'a>(db: &'a str, kind: &'a str) -> Vec<&'a str> {
    report_json_args_from("--db", db, kind)
}

/// The same report read from `source` given as `flag` (`--db FILE` or `--floor URL`).
pub fn report_json_args_from<'a>(flag: &'a str, source: &'a str, kind: &'a str) -> Vec<&'a str> {
    vec![
        "report",
        flag,
        source,
        "--from",
        "2026-01-01",
        "--to",
        "2026-12-31",
        "--kind",
        kind,
        "--format",
        "json",
        "--out",
        "-",
    ]
}

/// The store's event hash as the spec states it (written out here, not taken from the
/// code under test): SHA-256 over the previous hash, seq, at, the kind's name (u32 length
/// first), table, user and round (i64::MIN for none), the data (u64 length first).
pub fn event_hash_spec(
    prev: &[u8],
    seq: i64,
    at: i64,
    kind: &str,
    (table, user, round): (Option<i64>, Option<i64>, Option<i64>),
    data: &str,
) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(prev);
    h.update(seq.to_be_bytes());
    h.update(at.to_be_bytes());
    h.update((kind.len() as u32).to_be_bytes());
    h.update(kind.as_bytes());
    for v in [table, user, round] {
        h.update(v.unwrap_or(i64::MIN).to_be_bytes());
    }
    h.update((data.len() as u64).to_be_bytes());
    h.update(data.as_bytes());
    h.finalize().into()
}

/// The tests' clock: 2026-01-05 08:00 UTC, standing still.
pub const T0: i64 = 1_767_600_000_000;

/// `table.db` in a new empty folder for one test.
pub fn temp_db(name: &str) -> PathBuf {
    fresh_dir(name).join("table.db")
}

/// The database at `path` (made if new) with its clock standing at [`T0`].
pub fn store_at_t0(path: &Path) -> Store {
    Store::open_with(path, Box::new(ManualClock::new(T0))).unwrap()
}

/// One of the tests' people: name, role, PIN.
pub type Person = (&'static str, Role, &'static str);

pub const ADMIN: Person = ("Irena Dvorak", Role::Admin, "900000");
pub const SUPERVISOR: Person = ("Petr Novak", Role::Supervisor, "800100");
pub const DEALER: Person = ("Jana Svoboda", Role::Dealer, "1001");

/// [`ADMIN`], who adds themself, then each of `others` added by the admin, in order.
/// The admin, as added (not logged in).
pub fn add_staff(store: &mut Store, others: &[Person]) -> User {
    let (name, role, pin) = ADMIN;
    let admin = users::add_user(store, name, role, pin, None).unwrap();
    for &(name, role, pin) in others {
        users::add_user(store, name, role, pin, Some(&admin)).unwrap();
    }
    admin
}

/// `person` logged in with their PIN (no terminal).
pub fn login(store: &mut Store, person: Person) -> User {
    users::login(store, person.0, person.2, None).unwrap()
}

/// Changes the closed database at `path` by hand, as someone with the sqlite3 shell
/// would: `sql` with `params`, on a connection of its own (no Croupier in between).
pub fn forge(path: &Path, sql: &str, params: impl rusqlite::Params) {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute(sql, params).unwrap();
}

/// The SQL of every trigger of the database, by name.
pub fn trigger_sql(conn: &rusqlite::Connection) -> Vec<(String, String)> {
    conn.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// Does `work` past the append-only triggers named in `guards`, as someone with the sqlite3
/// shell would: drops them, runs `work`, then puts each back exactly as it was.
pub fn past_guards<T>(
    conn: &rusqlite::Connection,
    guards: &[&str],
    work: impl FnOnce(&rusqlite::Connection) -> T,
) -> T {
    let kept: Vec<(String, String)> = trigger_sql(conn)
        .into_iter()
        .filter(|(name, _)| guards.contains(&name.as_str()))
        .collect();
    assert_eq!(kept.len(), guards.len(), "{guards:?} are not all triggers");
    for (name, _) in &kept {
        conn.execute_batch(&format!("DROP TRIGGER {name}")).unwrap();
    }
    let done = work(conn);
    for (_, sql) in &kept {
        conn.execute_batch(sql).unwrap();
    }
    done
}

/// One event as the log holds it, its data unpacked.
pub struct Logged {
    pub seq: i64,
    pub at: i64,
    pub kind: String,
    /// Table, user and round.
    pub ids: (Option<i64>, Option<i64>, Option<i64>),
    pub data: String,
}

/// Every event of the log in seq order, its data unpacked.
fn logged_events(conn: &rusqlite::Connection) -> Vec<Logged> {
    conn.prepare(
        "SELECT seq, at, kind, table_id, user_id, round_id, data FROM event_log ORDER BY seq",
    )
    .unwrap()
    .query_map([], |r| {
        let data = match r.get_ref(6)? {
            rusqlite::types::ValueRef::Blob(b) => croupier::log::pack::unpack(b).unwrap(),
            v => v.as_str().unwrap().to_string(),
        };
        Ok(Logged {
            seq: r.get(0)?,
            at: r.get(1)?,
            kind: r.get(2)?,
            ids: (r.get(3)?, r.get(4)?, r.get(5)?),
            data,
        })
    })
    .unwrap()
    .map(Result::unwrap)
    .collect()
}

/// Rewrites the log's events through `edit` (which may change an event's `at`, round id
/// and `data`) and the whole chain to match, as a thorough forger would: past the
/// `events_no_update` trigger, put back as it was. An event whose data `edit` leaves alone
/// keeps it as stored.
pub fn rechain(conn: &rusqlite::Connection, mut edit: impl FnMut(&mut Logged)) {
    past_guards(conn, &["events_no_update"], |conn| {
        let mut prev = [0u8; 32];
        for mut e in logged_events(conn) {
            let was = e.data.clone();
            edit(&mut e);
            let hash = event_hash_spec(&prev, e.seq, e.at, &e.kind, e.ids, &e.data);
            let check = if e.kind == "step" {
                &hash[..8]
            } else {
                &hash[..]
            };
            if e.data == was {
                conn.execute(
                    "UPDATE events SET at = ?1, round_id = ?2, hash = ?3 WHERE seq = ?4",
                    rusqlite::params![e.at, e.ids.2, check, e.seq],
                )
            } else {
                conn.execute(
                    "UPDATE events SET at = ?1, round_id = ?2, data = ?3, hash = ?4 WHERE seq = ?5",
                    rusqlite::params![e.at, e.ids.2, e.data, check, e.seq],
                )
            }
            .unwrap();
            prev = hash;
        }
    });
}

/// A copy of `path` whose rounds were renumbered by `to` (a round id → another: every
/// event of the round, its `round_figures` and `round_rows` rows) and its chain rewritten
/// to match, as a thorough forger would; with the seqs of its `round_started` events.
pub fn renumbered(path: &Path, name: &str, to: &[(i64, i64)]) -> (PathBuf, Vec<i64>) {
    let copy = path.with_file_name(format!("{name}.db"));
    std::fs::copy(path, &copy).unwrap();
    let conn = rusqlite::Connection::open(&copy).unwrap();
    // Through negative ids, so that no two rows share a key on the way.
    let moved = |conn: &rusqlite::Connection| {
        for table in ["round_figures", "round_rows"] {
            for (from, _) in to {
                let sql = format!("UPDATE {table} SET round_id = -round_id WHERE round_id = ?1");
                conn.execute(&sql, [from]).unwrap();
            }
            for (from, now) in to {
                let sql = format!("UPDATE {table} SET round_id = ?2 WHERE round_id = -?1");
                conn.execute(&sql, [from, now]).unwrap();
            }
        }
    };
    past_guards(&conn, &["round_figures_no_update"], moved);
    let mut starts = Vec::new();
    rechain(&conn, |e| {
        if let Some((_, now)) = to.iter().find(|(from, _)| e.ids.2 == Some(*from)) {
            e.ids.2 = Some(*now);
        }
        if e.kind == "round_started" {
            starts.push(e.seq);
        }
    });
    (copy, starts)
}

/// What `verify` says is wrong with the database (it must find something).
pub fn verify_fails(store: &Store) -> String {
    croupier::session::replay::verify(store, |_| {})
        .unwrap_err()
        .to_string()
}

/// `by` (a supervisor) corrects `round` with one card changed (a 10 for a 5 or back), the first
/// change that moves its figures (so an ignored correction shows); whether one did.
pub fn correct_a_card(store: &mut Store, by: &User, round: i64) -> bool {
    let steps = croupier::session::replay::export_round(store, round)
        .unwrap()
        .0
        .steps;
    let before = croupier::log::totals::kept(store.conn(), None).unwrap();
    (0..steps.len()).any(|i| {
        let mut changed = steps.clone();
        changed[i] = if steps[i] == "10" { "5" } else { "10" }.into();
        croupier::session::exceptions::correct_round(
            store,
            by,
            round,
            changed,
            "box 1 had another card",
        )
        .is_ok()
            && croupier::log::totals::kept(store.conn(), None).unwrap() != before
    })
}
