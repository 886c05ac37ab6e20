use super::*;
use crate::engine::{Rank, Suit};
use crate::lab::removal::values_of;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::lab::removal::tests::czech;

/// Six suited decks shuffled, dealt from the end (as the demo's shoe: `sim::ShoeInPlay`,
/// which a report may not import), cut at three quarters.
fn shuffled(rng: &mut ChaCha8Rng) -> Vec<Card> {
    let mut order = Vec::with_capacity(6 * 52);
    for _ in 0..6 {
        for r in Rank::ALL {
            for s in Suit::ALL {
                order.push(Card::new(r, Some(s)));
            }
        }
    }
    order.shuffle(rng);
    order
}

/// How a box bets.
#[derive(Clone, Copy)]
enum Bettor {
    /// 8 units when the player's value is `RICH` above the full shoe's, else 1.
    Counter,
    /// 8 units with chance `p`, else 1, blind to the shoe.
    Random(f64),
}

/// A shoe "rich" for the counter: the player's value 0.5 points above the full shoe's.
const RICH: f64 = 0.005;

/// Plays `rounds` rounds for one box from shuffled six-deck shoes (the demo's cut at three
/// quarters): each round the box, two other boxes and the dealer take 2 to 4 cards each.
/// Returns the round at which the box was first flagged (checked at each shoe's end) and
/// whether it is flagged after all the rounds, with the share of 8-unit bets.
fn play(b: Bettor, rounds: u64, seed: u64) -> (Option<u64>, bool, f64) {
    let (first, f, share) = played(b, rounds, seed);
    (first, f.flagged(), share)
}

/// [`play`] with the box's whole `Follow`.
fn played(b: Bettor, rounds: u64, seed: u64) -> (Option<u64>, Follow, f64) {
    let e = czech();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut f = Follow::default();
    let (mut first, mut big) = (None, 0u64);
    let mut n = 0;
    while n < rounds {
        let mut shoe = shuffled(&mut rng);
        let cut = shoe.len() / 4;
        let mut out = Vec::new();
        while shoe.len() >= cut && n < rounds {
            let ev = e.ev_centred(&values_of(&out)).unwrap();
            let stake = match b {
                Bettor::Counter if ev - e.base >= RICH => 8.0,
                Bettor::Random(p) if rng.random_bool(p) => 8.0,
                _ => 1.0,
            };
            big += u64::from(stake > 1.0);
            f.add(ev, stake);
            n += 1;
            for _ in 0..4 {
                for _ in 0..rng.random_range(2..=4) {
                    out.extend(shoe.pop());
                }
            }
        }
        f.end_shoe();
        if first.is_none() && f.flagged() {
            first = Some(n);
        }
    }
    (first, f, big as f64 / n as f64)
}

#[test]
fn the_normal_tail_is_right_where_flags_are_decided() {
    for (z, p) in [
        (0.0, 0.5),
        (1.644_853_6, 0.05),
        (2.326_347_9, 0.01),
        (3.090_232, 0.001),
    ] {
        assert!(
            (normal_upper(z) / p - 1.0).abs() < 1e-5,
            "{z}: {}",
            normal_upper(z)
        );
    }
    assert!((normal_upper(-1.644_853_6) - 0.95).abs() < 1e-6);
}

/// A box betting 1 unit at a neutral shoe and 8 at a rich one is flagged within N rounds,
/// a box betting at random no more often than the false-alarm rate (docs/house-edge.md
/// gives the figures this measures).
#[test]
fn a_counter_is_flagged_and_a_random_bettor_is_not() {
    let mut when: Vec<u64> = (0..100)
        .map(|s| play(Bettor::Counter, 20_000, s).0.unwrap_or(u64::MAX))
        .collect();
    when.sort_unstable();
    let share = play(Bettor::Counter, 20_000, 7).2;
    let (median, p90) = (when[49], when[89]);
    eprintln!("counter: 8-unit share {share:.3}, flagged by round: median {median}, 90% {p90}");
    assert!(p90 <= 2_000, "90% of counters flagged only by round {p90}");
    let trials = 1_000;
    let alarms = (0..trials)
        .filter(|&s| play(Bettor::Random(share), p90, 10_000 + s).1)
        .count();
    let rate = alarms as f64 / trials as f64;
    eprintln!("random bettor over {p90} rounds: flagged {alarms} of {trials} ({rate:.4})");
    let allowed = FALSE_ALARM + 3.0 * (FALSE_ALARM * (1.0 - FALSE_ALARM) / trials as f64).sqrt();
    assert!(rate <= allowed, "false alarms {rate} > {allowed}");
}

#[test]
fn a_flat_bettor_and_short_shoes_say_nothing() {
    let mut f = Follow::default();
    for i in 0..3 {
        f.add(i as f64, 5.0);
    }
    f.end_shoe();
    assert_eq!(
        (f.correlation(), f.p_value(), f.flagged()),
        (None, None, false)
    );
    for i in 0..40 {
        f.add(i as f64 * 0.001, 5.0);
    }
    f.end_shoe();
    assert_eq!(f.correlation(), Some(0.0));
    assert!((f.p_value().unwrap() - 0.5).abs() < 1e-6);
    assert_eq!(f.rounds, 43);
}

/// A table is its name within its database: two databases that each have a "Pontoon 1"
/// give two tables' rows — each box's figures are those of its own database alone, its
/// shoes never ended by the other's — not one table's rows mixing both.
#[test]
fn one_table_name_in_two_databases_is_two_tables() {
    use crate::log::Store;
    use crate::report::query::Files;
    use crate::session::demo;
    let dir = std::env::temp_dir().join(format!(
        "croupier-unit-{}-protection-keys",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let open = |name: &str, seed: u64| {
        let mut s = Store::open_with(&dir.join(name), Box::new(demo::clock())).unwrap();
        demo::fill(&mut s, 240, 1, seed, |_| {}).unwrap();
        s
    };
    let stores = [open("a.db", 3), open("b.db", 4)];
    let follows_of = |stores: &[Store]| {
        let mut src = Files(stores);
        let rounds = src.rounds(i64::MIN, i64::MAX, &mut |_| {}).unwrap();
        let refs: Vec<&RoundRow> = rounds.iter().collect();
        follows(&mut src, &refs, &|r: &RoundRow| !r.voided, i64::MAX).unwrap()
    };
    let both = follows_of(&stores);
    let a = follows_of(&stores[..1]);
    let b = follows_of(&stores[1..]);
    assert!(a.keys().all(|(t, _, _)| t == "Pontoon 1"), "{:?}", a.keys());
    assert!(b.keys().all(|(t, _, _)| t == "Pontoon 1"), "{:?}", b.keys());
    assert_eq!(both.len(), a.len() + b.len(), "{:?}", both.keys());
    for ((t, _, bx), f) in &a {
        assert_eq!(both.get(&(t.clone(), 0, *bx)), Some(f), "box {bx} of a.db");
    }
    for ((t, _, bx), f) in &b {
        assert_eq!(both.get(&(t.clone(), 1, *bx)), Some(f), "box {bx} of b.db");
    }
    assert_eq!(rows(&both).len(), a.len() + b.len());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A flagged box of a "Pontoon 1" in each of two databases: the exceptions report's rows
/// say each with its database when the report's databases share the name, and the bare
/// name when they do not.
#[test]
fn a_flagged_box_of_a_shared_table_name_says_its_database() {
    let (_, f, _) = played(Bettor::Counter, 5_000, 7);
    assert!(f.flagged());
    let both: Follows = [(("Pontoon 1".to_string(), 0, 2), f.clone())]
        .into_iter()
        .chain([(("Pontoon 1".to_string(), 1, 2), f)])
        .collect();
    let shared: BTreeSet<String> = ["Pontoon 1".to_string()].into();
    let tables = |shared: &BTreeSet<String>| -> Vec<Cell> {
        exception_rows(&both, shared)
            .into_iter()
            .map(|(_, cells)| cells[2].clone())
            .collect()
    };
    let said = |table: &str, db| {
        Cell::from(crate::report::Detail::TableIn {
            table: table.to_string(),
            db,
        })
    };
    assert_eq!(
        tables(&shared),
        [said("Pontoon 1", 0), said("Pontoon 1", 1)]
    );
    let bare = Cell::Text("Pontoon 1".to_string());
    assert_eq!(tables(&BTreeSet::new()), [bare.clone(), bare]);
}
