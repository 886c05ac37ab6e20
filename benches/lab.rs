//! The house-edge lab's speeds: `odds` for one dealer card, `strategy` for a preset, and
//! simulated rounds per second on one core (one box, the strategy table).
//! Run: `cargo bench --bench lab`. Figures go to docs/benchmarks.md.

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

criterion_group!(benches, lab);
criterion_main!(benches);
