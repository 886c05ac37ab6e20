//! Engine throughput: rounds settled per second from parsed steps on one core, and rounds
//! per second through the real `croupier settle --jsonl` on a file of many rounds.
//! Run: `cargo bench --bench engine`. Figures go to docs/benchmarks.md.

use std::hint::black_box;
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use croupier::engine::{BetSpec, Limits, Round, Rules, Step};
use croupier::sim::{ShoeInPlay, Table};

/// A round's bets and its parsed steps.
type Parsed = (Arc<[BetSpec]>, Vec<Step>);

/// `n` rounds of simulated play at a czech table, parsed and as JSON lines.
fn rounds(n: usize) -> (Rules, Vec<Parsed>, Vec<String>) {
    let rules = Rules::preset("czech").unwrap();
    let mut table = Table::new(rules, Limits::NONE, 42);
    let mut shoe = ShoeInPlay::shuffled(rules.decks(), table.rng());
    let mut out = Vec::with_capacity(n);
    let mut lines = Vec::with_capacity(n);
    for _ in 0..n {
        if shoe.needs_shuffle() {
            shoe = ShoeInPlay::shuffled(rules.decks(), table.rng());
        }
        let bets = table.random_bets();
        let played = table.play(bets, &mut shoe);
        let mut script = played.script(Vec::new());
        script.steps = played.steps_text();
        let mut v = script.to_value();
        v["rules"] = serde_json::json!("czech");
        lines.push(v.to_string());
        out.push((played.bets, played.steps));
    }
    (rules, out, lines)
}

fn engine(c: &mut Criterion) {
    let (rules, rounds, lines) = rounds(10_000);
    let bets: usize = rounds.iter().map(|(b, _)| b.len()).sum();
    let steps: usize = rounds.iter().map(|(_, s)| s.len()).sum();
    eprintln!(
        "workload: {} czech rounds, {:.1} bets and {:.1} steps per round on average",
        rounds.len(),
        bets as f64 / rounds.len() as f64,
        steps as f64 / rounds.len() as f64
    );
    let mut g = c.benchmark_group("engine");
    g.throughput(Throughput::Elements(rounds.len() as u64));
    g.bench_function("settle 10k rounds from parsed steps", |b| {
        b.iter(|| {
            let mut house = 0i64;
            for (bets, steps) in &rounds {
                let mut round = Round::new(rules, Limits::NONE, bets.clone()).unwrap();
                for &s in steps {
                    round.apply(s).unwrap();
                }
                house += round.house_net().cents();
            }
            black_box(house)
        })
    });
    g.finish();

    let input = lines.join("\n");
    let mut g = c.benchmark_group("cli");
    g.sample_size(10);
    g.throughput(Throughput::Elements(lines.len() as u64));
    g.bench_function("croupier settle --jsonl, 10k rounds", |b| {
        b.iter(|| {
            let mut child = Command::new(env!("CARGO_BIN_EXE_croupier"))
                .args(["settle", "--jsonl", "-"])
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .spawn()
                .unwrap();
            child
                .stdin
                .take()
                .unwrap()
                .write_all(input.as_bytes())
                .unwrap();
            assert!(child.wait().unwrap().success());
        })
    });
    g.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
