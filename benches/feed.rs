//! Feed latency: one line of `croupier feed` from the moment it is read to the moment its
//! answer is written (parse, check, hash, one durable SQLite transaction, apply, answer)
//! against a bare one-row durable SQLite insert on the same disk, in the same run,
//! interleaved so that both see the same noise. Lines that settle a round (two events)
//! are left out, as in `benches/store.rs`.
//! Run: `cargo bench --bench feed`. Figures go to docs/feed.md.

mod common;

use std::io::{BufReader, Cursor, Write};
use std::time::Instant;

use croupier::engine::{Limits, Rules};
use croupier::log::Store;
use croupier::session::feed::{self, Answer, Feed, NewTable};
use croupier::session::users::{self, Role};
use croupier::sim::{ShoeInPlay, Table};
use rusqlite::params;

/// Simulated play as feed lines: enough rounds for `n` lines.
fn lines(n: usize) -> Vec<u8> {
    let rules = Rules::preset("czech").unwrap();
    let mut sim = Table::new(rules, Limits::NONE, 1);
    let mut shoe = ShoeInPlay::shuffled(rules.decks(), sim.rng());
    let mut out = Vec::new();
    let mut count = 0;
    while count < n {
        if shoe.needs_shuffle() {
            out.extend_from_slice(b"new-shoe\n");
            shoe = ShoeInPlay::shuffled(rules.decks(), sim.rng());
        }
        let bets = sim.random_bets();
        let words: Vec<String> = bets
            .iter()
            .map(|b| format!("{}:{}", b.id, b.stake))
            .collect();
        writeln!(out, "bets {}", words.join(" ")).unwrap();
        for step in sim.play(bets, &mut shoe).steps_text() {
            writeln!(out, "{step}").unwrap();
            count += 1;
        }
    }
    out
}

fn main() {
    let n = common::inputs();
    let dir = common::fresh_dir("feed-bench");
    let bare = common::bare_db(&dir);

    let mut store = Store::open(&dir.join("croupier.db")).unwrap();
    users::add_user(&mut store, "Jana Svoboda", Role::Admin, "100100", None).unwrap();
    let dealer = users::login(&mut store, "Jana Svoboda", "100100", None).unwrap();
    let new = NewTable {
        rules: Rules::preset("czech").unwrap(),
        preset: Some("czech".into()),
        limits: Limits::NONE,
    };
    let mut feed = Feed::open(store, dealer, "Pontoon 1", Some(new)).unwrap();

    let mut input = BufReader::new(Cursor::new(lines(n)));
    let mut line = Vec::new();
    let mut answer: Vec<u8> = Vec::with_capacity(256);
    let (mut t_bare, mut t_line) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let mut i = 0i64;
    loop {
        i += 1;
        let t0 = Instant::now();
        bare.execute_batch("BEGIN IMMEDIATE").unwrap();
        bare.prepare_cached("INSERT INTO t (seq, at, data, hash) VALUES (?1, ?2, ?3, ?4)")
            .unwrap()
            .execute(params![i, i * 1000, "{\"text\":\"K\"}", &[7u8; 32][..]])
            .unwrap();
        bare.execute_batch("COMMIT").unwrap();
        let bare_time = t0.elapsed();

        // From the line read to its answer written (into memory: the pipe is not the feed's).
        let t1 = Instant::now();
        if !feed::read_line(&mut input, &mut line).unwrap() {
            break;
        }
        let a = feed.line(&line).unwrap().unwrap();
        answer.clear();
        writeln!(answer, "{a}").unwrap();
        let line_time = t1.elapsed();
        assert!(!matches!(a, Answer::Refused(_)), "{a}");
        if matches!(a, Answer::Ok(_)) {
            t_bare.push(bare_time);
            t_line.push(line_time);
        }
    }
    let lines = t_line.len();
    let (bm, bp) = common::stats(t_bare);
    let (fm, fp) = common::stats(t_line);
    println!(
        "durable commits on {} ({lines} lines each, interleaved)",
        dir.display()
    );
    println!("  bare SQLite one-row insert:  median {bm:8.1} µs   p99 {bp:8.1} µs");
    println!("  croupier feed line→answer:   median {fm:8.1} µs   p99 {fp:8.1} µs");
    println!(
        "  ratio (feed / bare):         median {:.2}×   p99 {:.2}×",
        fm / bm,
        fp / bp
    );
}
