//! The house-edge lab's speeds: `odds` for one dealer card, `strategy` for a preset, and
//! simulated rounds per second on one core (one box, the strategy table); decision costs
//! (the key and lookup alone, and simulated rounds replayed and costed as the reports do).
//! Run: `cargo bench --bench lab` (`-- "as played"` for the last). Figures go to
//! docs/benchmarks.md.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use croupier::engine::{Rank, Rules};
use croupier::lab::Composition;
use croupier::lab::odds::dealer_odds;
use croupier::lab::simulate::{CHUNK, SimOptions, simulate};
use croupier::lab::strategy::Strategy;

fn lab(c: &mut Criterion) {
    let czech = Rules::preset("czech").unwrap();
    let mut g = c.benchmark_group("lab");
    g.sample_size(10);
    for up in [Rank::Two, Rank::Six, Rank::King, Rank::Ace] {
        let shoe = Composition::of(&czech, &[croupier::engine::Card::of(up)]).unwrap();
        g.bench_function(format!("odds 6 decks upcard {up:?}"), |b| {
            b.iter(|| dealer_odds(black_box(&czech), black_box(&shoe), up))
        });
    }
    for name in ["czech", "belarus"] {
        let rules = Rules::preset(name).unwrap();
        g.bench_function(format!("strategy {name} (2 threads)"), |b| {
            b.iter(|| Strategy::solve(black_box(&rules), 2).unwrap())
        });
    }
    for name in ["czech", "belarus"] {
        let s = Strategy::solve(&Rules::preset(name).unwrap(), 2).unwrap();
        let rounds = 4 * CHUNK;
        g.throughput(Throughput::Elements(rounds));
        g.bench_function(format!("simulate {name}, 1 box, 1 thread"), |b| {
            b.iter(|| {
                let opt = SimOptions {
                    rounds,
                    boxes: 1,
                    threads: 1,
                    seed: 3,
                };
                simulate(&s, opt, &|_| {}).unwrap()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, lab, costs);
criterion_main!(benches);

/// Decision costs (issue 26): one round's logged decisions costed from the rules' table,
/// each as the report meets it — the hand's cards, its key (`Key::of`), the lookup. A round
/// here is two decisions (a stick or twist on two cards, then one on three).
fn costs(c: &mut Criterion) {
    use croupier::engine::round::HandKind;
    use croupier::engine::{Card, Decision};
    use croupier::lab::cost::Costs;
    use croupier::lab::strategy::Key;
    let rules = Rules::preset("czech").unwrap();
    let table = Costs::of(&Strategy::solve(&rules, 2).unwrap());
    let rounds: u64 = 1_000_000;
    // A fixed stream of hands: (upcard value, three cards).
    let mut x: u32 = 2026;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    let hands: Vec<(u8, [Card; 3])> = (0..4096)
        .map(|_| {
            // Rank::ALL is ace, two, …, king: the value of index i is i + 1, at most 10.
            let up = ((next() % 13) as u8 + 1).min(10);
            (
                up,
                [0, 0, 0].map(|_| Card::of(Rank::ALL[(next() % 13) as usize])),
            )
        })
        .collect();
    let mut g = c.benchmark_group("lab");
    g.sample_size(10);
    g.throughput(Throughput::Elements(rounds));
    g.bench_function("decision costs czech, 1 thread", |b| {
        b.iter(|| {
            let mut sum = 0.0;
            for i in 0..rounds as usize {
                let (up, cards) = &hands[i & 4095];
                for (n, d) in [(2, Decision::Twist), (3, Decision::Stick)] {
                    let key = Key::of(&rules, *up, &cards[..n], HandKind::Dealt, n > 2, 1);
                    sum += table.of_decision(&key, d).unwrap_or(0.0);
                }
            }
            black_box(sum)
        })
    });
    as_played(&mut g, &rules, &table);
    g.finish();
}

/// The theory as played (issue 26 item 1) of simulated rounds, as the reports cost them
/// (`report::as_played::of_steps`): each round set up from its bets and replayed through
/// the engine step by step, each decision keyed and costed. One box (10.00), the
/// simulator's decisions (the chart's mostly, some not), 4,096 rounds cycled.
fn as_played(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    rules: &Rules,
    table: &croupier::lab::cost::Costs,
) {
    use croupier::engine::{BetSpec, Limits, Money, Round};
    use croupier::sim::{ShoeInPlay, Table};
    let mut sim = Table::new(*rules, Limits::NONE, 26);
    let mut shoe = ShoeInPlay::shuffled(rules.decks(), sim.rng());
    let bets = vec![BetSpec {
        id: BetSpec::id_for(1, 0).into(),
        box_no: 1,
        stake: Money::units(10),
    }];
    let played: Vec<_> = (0..4096)
        .map(|_| {
            if shoe.needs_shuffle() {
                shoe = ShoeInPlay::shuffled(rules.decks(), sim.rng());
            }
            sim.play(bets.clone(), &mut shoe)
        })
        .collect();
    let rounds: u64 = 1_000_000;
    g.throughput(Throughput::Elements(rounds));
    g.bench_function("as played czech, 1 box, 1 thread", |b| {
        b.iter(|| {
            let mut sum = 0.0;
            for i in 0..rounds as usize {
                let p = &played[i & 4095];
                let round = Round::new(*rules, Limits::NONE, p.bets.clone()).unwrap();
                sum += croupier::report::as_played::of_steps(table, round, &p.steps)
                    .map_or(0.0, |a| a.cost());
            }
            black_box(sum)
        })
    });
}
