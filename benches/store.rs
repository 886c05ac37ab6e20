//! Durable input latency: one dealer input through the audit store (check, hash, one
//! durable SQLite transaction, apply) against a bare one-row durable SQLite insert on the
//! same disk, in the same run, interleaved so that both see the same noise.
//! The inputs that settle a round (two events and the round's derived rows in one
//! transaction) are measured apart, beside the same bare insert. Each is timed twice: by
//! the wall clock (what the dealer waits) and by the thread's CPU time (what the build
//! costs: comparable between builds on a machine whose fsync waits others decide). The
//! settling inputs are also measured against their own yardstick, a bare transaction of
//! the rows the settlement before wrote (`common::bare_settle`): the code's share.
//! Run: `cargo bench --bench store`. Figures go to docs/benchmarks.md.

mod common;

use std::time::{Duration, Instant};

use common::bare_settle::Samples;

use croupier::engine::{Limits, Rules};
use croupier::log::Store;
use croupier::session::TableSession;
use croupier::session::users::{self, Role};
use croupier::sim::{ShoeInPlay, Table};
use rusqlite::params;

fn main() {
    let n = common::inputs();
    let dir = common::fresh_dir("store-bench");
    let bare = common::bare_db(&dir);
    // The settling inputs' own yardsticks: the rows the settlement before wrote, copied,
    // with and without the totals' bucket (what the totals add).
    let mut yard = common::bare_settle::Yardsticks::open(&dir, |db| {
        drop(Store::open(db).unwrap());
    });

    let mut store = Store::open(&dir.join("croupier.db")).unwrap();
    users::add_user(&mut store, "Jana Svoboda", Role::Admin, "100100", None).unwrap();
    let dealer = users::login(&mut store, "Jana Svoboda", "100100", None).unwrap();
    let rules = Rules::preset("czech").unwrap();
    let mut s = TableSession::open(
        &mut store,
        dealer,
        "Pontoon 1",
        rules,
        Some("czech"),
        Limits::NONE,
    )
    .unwrap();
    let mut sim = Table::new(rules, Limits::NONE, 1);
    let mut shoe = ShoeInPlay::shuffled(rules.decks(), sim.rng());

    let (mut t_bare, mut t_input) = (Vec::with_capacity(n), Vec::with_capacity(n));
    // The inputs that settle a round (two events, the round's figures, totals and kept row
    // in one transaction), with the bare inserts made just before them.
    let (mut s_bare, mut s_input) = (Vec::new(), Vec::new());
    // The same, in the thread's CPU time: (bare, input) for single and settling inputs.
    let (mut c_single, mut c_settle) = ((Vec::new(), Vec::new()), (Vec::new(), Vec::new()));
    let mut i = 0i64;
    while t_input.len() < n {
        if s.round().is_none() {
            if shoe.needs_shuffle() {
                s.new_shoe(&mut store).unwrap();
                shoe = ShoeInPlay::shuffled(rules.decks(), sim.rng());
            }
            s.start_round(&mut store, sim.random_bets()).unwrap();
        }
        let round = s.round().unwrap();
        let step = sim.choose(round, &mut shoe);
        let mut trial = round.clone();
        trial.apply(step).unwrap();
        let settles = trial.is_complete();

        i += 1;
        if settles {
            yard.before();
        }
        let head = store.head().0;
        let c0 = common::thread_cpu();
        let t0 = Instant::now();
        bare.execute_batch("BEGIN IMMEDIATE").unwrap();
        bare.prepare_cached("INSERT INTO t (seq, at, data, hash) VALUES (?1, ?2, ?3, ?4)")
            .unwrap()
            .execute(params![i, i * 1000, "{\"text\":\"K\"}", &[7u8; 32][..]])
            .unwrap();
        bare.execute_batch("COMMIT").unwrap();
        let bare_time = t0.elapsed();
        let c1 = common::thread_cpu();

        let t1 = Instant::now();
        s.input(&mut store, step).unwrap();
        let input_time = t1.elapsed();
        let c2 = common::thread_cpu();
        // An input that settles the round writes two events; compare single writes only.
        let cpu = if !settles {
            t_bare.push(bare_time);
            t_input.push(input_time);
            &mut c_single
        } else {
            s_bare.push(bare_time);
            s_input.push(input_time);
            &mut c_settle
        };
        cpu.0.push(c1 - c0);
        cpu.1.push(c2 - c1);
        if settles {
            yard.after((input_time, c2 - c1), store.conn(), head);
        }
    }
    let (bm, bp) = common::stats(t_bare);
    let (im, ip) = common::stats(t_input);
    println!(
        "durable commits on {} ({} inputs each, interleaved)",
        dir.display(),
        n
    );
    println!(
        "  bare SQLite one-row insert:  median {bm:8.1} µs   p99 {ip2:8.1} µs",
        ip2 = bp
    );
    println!("  croupier dealer input:       median {im:8.1} µs   p99 {ip:8.1} µs");
    println!(
        "  ratio (croupier / bare):     median {:.2}×   p99 {:.2}×",
        im / bm,
        ip / bp
    );
    let settled = s_input.len();
    let (sbm, sbp) = common::stats(s_bare);
    let (sim_, sip) = common::stats(s_input);
    println!("  the {settled} inputs that settle a round (two events, figures, totals, row):");
    println!("    bare insert beside them:   median {sbm:8.1} µs   p99 {sbp:8.1} µs");
    println!("    croupier settling input:   median {sim_:8.1} µs   p99 {sip:8.1} µs");
    println!(
        "    ratio (croupier / bare):   median {:.2}×   p99 {:.2}×",
        sim_ / sbm,
        sip / sbp
    );
    print_cpu("single inputs", c_single);
    print_cpu("settling inputs", c_settle);
    let [with, without, input] = yard.samples;
    print_settlements(with, without, input);
}

/// The settling inputs against the bare settlements measured before each (the rows of
/// the settlement before it, copied: `common::bare_settle`; with and without its totals'
/// bucket), wall and thread CPU medians.
fn print_settlements(bare: Samples, no_totals: Samples, input: Samples) {
    let n = bare.len();
    if n == 0 {
        println!("  no settling input beside bare settlements (too few inputs)");
        return;
    }
    let medians = |v: Samples| {
        let (wall, cpu): (Vec<Duration>, Vec<Duration>) = v.into_iter().unzip();
        (common::stats(wall).0, common::stats(cpu).0)
    };
    let (b, nt, i) = (medians(bare), medians(no_totals), medians(input));
    println!("  {n} settling inputs beside bare settlements (the same rows, copied):");
    for (what, (wall, cpu)) in [
        ("bare, without the totals:", nt),
        ("bare, with the totals:   ", b),
        ("croupier settling input: ", i),
    ] {
        println!("    {what} median {wall:8.1} µs   thread CPU {cpu:8.1} µs");
    }
    for (what, (a, z)) in [
        ("what the totals add to the bare writes", (b, nt)),
        ("croupier / bare with the totals (the code)", (i, b)),
        ("croupier / bare without the totals", (i, nt)),
    ] {
        println!(
            "    {what}: wall {:.2}×, thread CPU {:.2}×",
            a.0 / z.0,
            a.1 / z.1
        );
    }
}

/// Median thread CPU time of the bare inserts and of the inputs beside them, and their
/// ratio.
fn print_cpu(what: &str, (bare, input): (Vec<std::time::Duration>, Vec<std::time::Duration>)) {
    let (bm, _) = common::stats(bare);
    let (im, _) = common::stats(input);
    println!(
        "  thread CPU, {what}: bare median {bm:8.1} µs, croupier median {im:8.1} µs, ratio {:.2}×",
        im / bm
    );
}
