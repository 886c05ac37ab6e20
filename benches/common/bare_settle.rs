//! The settling input's own yardstick (issue 25: "the totals are a few integer additions in
//! the same transaction"): one plain durable SQLite transaction that writes, into a file
//! of Croupier's schema, exactly the rows the last settlement wrote — its events, its
//! `round_figures` and `round_rows` rows, copied value for value, and its hour's
//! `round_totals` bucket updated in place to the values it was given — with none of
//! Croupier's work: no check, hash, JSON, replay, cost, totals' reads or arithmetic.
//! What a settlement costs beyond it is the code's; what it costs beyond the one-row
//! insert is the pages the design writes.

use std::time::{Duration, Instant};

use rusqlite::types::Value;
use rusqlite::{Connection, params_from_iter};

use super::thread_cpu;

/// The rows one settlement wrote, as read back from its file.
#[derive(Clone)]
struct Written {
    events: Vec<Vec<Value>>,
    figures: Vec<Value>,
    row: Vec<Value>,
    totals: Vec<Value>,
}

/// A file of Croupier's schema that takes copies of settlements' rows.
pub struct BareSettlement {
    conn: Connection,
    upsert_totals: String,
    /// Whether the totals' bucket is written too (without it: what the totals add).
    totals: bool,
    last: Option<Written>,
}

impl BareSettlement {
    /// `path`: a file that `Store::open` made (the schema, WAL) and then closed;
    /// `totals`: whether each copy updates its hour's `round_totals` bucket.
    pub fn open(path: &std::path::Path, totals: bool) -> BareSettlement {
        let conn = Connection::open(path).unwrap();
        conn.execute_batch("PRAGMA synchronous=FULL;").unwrap();
        // Its WAL made as long as a store's that has wrapped (1,000 pages and more) and
        // checkpointed: a commit that lengthens the file waits for the file system's
        // journal too, which a table's store does only in its first thousand pages. The
        // table is kept (dropped, its pages would be a free list the copies take from).
        conn.execute_batch(
            "CREATE TABLE warm (b BLOB);
             INSERT INTO warm WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)
                 SELECT zeroblob(3000) FROM n;
             PRAGMA wal_checkpoint(RESTART);",
        )
        .unwrap();
        let cols: Vec<(String, bool)> = {
            let mut st = conn.prepare("PRAGMA table_info(round_totals)").unwrap();
            let rows = st.query_map([], |r| Ok((r.get(1)?, r.get::<_, i64>(5)? > 0)));
            rows.unwrap().map(Result::unwrap).collect()
        };
        let marks = vec!["?"; cols.len()].join(", ");
        let set: Vec<String> = (cols.iter().filter(|(_, key)| !key))
            .map(|(c, _)| format!("{c} = excluded.{c}"))
            .collect();
        let keys: Vec<&str> = (cols.iter().filter(|(_, key)| *key))
            .map(|(c, _)| c.as_str())
            .collect();
        let upsert_totals = format!(
            "INSERT INTO round_totals VALUES ({marks}) ON CONFLICT ({}) DO UPDATE SET {}",
            keys.join(", "),
            set.join(", ")
        );
        BareSettlement {
            conn,
            upsert_totals,
            totals,
            last: None,
        }
    }

    /// What another yardstick copied, for its next `write` too.
    pub fn copy_of(&mut self, other: &BareSettlement) {
        self.last = other.last.clone();
    }

    /// Reads what the settlement just written to `from` wrote (its events after
    /// `after_seq`, its round's rows), for the next `write`.
    pub fn copy_from(&mut self, from: &Connection, after_seq: i64) {
        let all = |sql: &str, arg: i64| -> Vec<Vec<Value>> {
            let mut st = from.prepare(sql).unwrap();
            let n = st.column_count();
            let rows = st.query_map([arg], |r| (0..n).map(|i| r.get(i)).collect());
            rows.unwrap().map(Result::unwrap).collect()
        };
        let one = |sql: &str, arg: i64| all(sql, arg).pop().unwrap();
        let events = all(
            "SELECT * FROM events WHERE seq > ?1 ORDER BY seq",
            after_seq,
        );
        let round = match events.last().map(|e| &e[5]) {
            Some(Value::Integer(r)) => *r,
            other => panic!("a settlement's last event has no round: {other:?}"),
        };
        self.last = Some(Written {
            events,
            figures: one("SELECT * FROM round_figures WHERE round_id = ?1", round),
            row: one("SELECT * FROM round_rows WHERE round_id = ?1", round),
            // The bench's one table and dealer: the newest hour's is the bucket it bumped.
            totals: one(
                "SELECT * FROM round_totals WHERE hour > ?1 ORDER BY hour DESC LIMIT 1",
                i64::MIN,
            ),
        });
    }

    /// Writes the last copied settlement's rows in one durable transaction; `false`
    /// before any was copied. Each copy is written once (its keys are unique).
    pub fn write(&mut self) -> bool {
        let Some(w) = self.last.take() else {
            return false;
        };
        let c = &self.conn;
        c.execute_batch("BEGIN IMMEDIATE").unwrap();
        for e in &w.events {
            let sql = "INSERT INTO events VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";
            c.prepare_cached(sql)
                .unwrap()
                .execute(params_from_iter(e))
                .unwrap();
        }
        let marks = vec!["?"; w.figures.len()].join(", ");
        let sql = format!("INSERT INTO round_figures VALUES ({marks})");
        (c.prepare_cached(&sql)
            .unwrap()
            .execute(params_from_iter(&w.figures)))
        .unwrap();
        let sql = "INSERT INTO round_rows VALUES (?1, ?2)";
        (c.prepare_cached(sql)
            .unwrap()
            .execute(params_from_iter(&w.row)))
        .unwrap();
        if self.totals {
            (c.prepare_cached(&self.upsert_totals).unwrap())
                .execute(params_from_iter(&w.totals))
                .unwrap();
        }
        c.execute_batch("COMMIT").unwrap();
        true
    }
}

/// (wall, thread CPU) of each of a sample's transactions.
pub type Samples = Vec<(Duration, Duration)>;

/// The two yardsticks (with and without the totals' bucket, each in its own file),
/// written in turns around each settling input: turn by turn the order is (with,
/// without, input), (without, input, with), (input, with, without), so that each of the
/// three takes each place as often (a transaction's wait for the disk depends on what
/// was written just before it).
pub struct Yardsticks {
    sticks: [BareSettlement; 2],
    turn: usize,
    timed: [Option<(Duration, Duration)>; 2],
    /// With the totals, without, and the settling input beside them.
    pub samples: [Samples; 3],
}

impl Yardsticks {
    /// Files `bare-settle.db` and `bare-settle-no-totals.db` in `dir`, made by `make`
    /// (`Store::open`, then closed).
    pub fn open(dir: &std::path::Path, make: impl Fn(&std::path::Path)) -> Yardsticks {
        let stick = |name: &str, totals: bool| {
            let db = dir.join(name);
            make(&db);
            BareSettlement::open(&db, totals)
        };
        Yardsticks {
            sticks: [
                stick("bare-settle.db", true),
                stick("bare-settle-no-totals.db", false),
            ],
            turn: 0,
            timed: [None, None],
            samples: Default::default(),
        }
    }

    fn write(&mut self, k: usize) {
        let (c, t) = (thread_cpu(), Instant::now());
        if self.sticks[k].write() {
            self.timed[k] = Some((t.elapsed(), thread_cpu() - c));
        }
    }

    /// Before a settling input: the yardsticks whose turn is before it.
    pub fn before(&mut self) {
        match self.turn % 3 {
            0 => (0..2).for_each(|k| self.write(k)),
            1 => self.write(1),
            _ => {}
        }
    }

    /// After it (`input`: its wall and CPU time; its rows in `from`, its events after
    /// `head`): the others, the turn's sample kept, the settlement's rows copied.
    pub fn after(&mut self, input: (Duration, Duration), from: &Connection, head: i64) {
        match self.turn % 3 {
            0 => {}
            1 => self.write(0),
            _ => (0..2).for_each(|k| self.write(k)),
        }
        if let [Some(with), Some(without)] = std::mem::take(&mut self.timed) {
            self.samples[0].push(with);
            self.samples[1].push(without);
            self.samples[2].push(input);
        }
        self.sticks[0].copy_from(from, head);
        let [with, without] = &mut self.sticks;
        without.copy_of(with);
        self.turn += 1;
    }
}
