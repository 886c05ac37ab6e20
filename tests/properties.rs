//! Property tests: random legal rounds, on random house rules and random shoes, always end
//! complete; the engine accepts exactly what it offers; a refused step changes nothing;
//! replaying any prefix gives the same state; no hand holds more than five cards.

use std::sync::Arc;

use croupier::engine::{
    BetSpec, Card, Decision, Limits, Money, Rank, Round, Rules, Step, Suit, Want,
};
use croupier::script::{money_json, settlement};
use proptest::prelude::*;
use serde_json::{Value, json};

/// SplitMix64: the random choices of one round, from proptest's seed.
struct Dice(u64);
impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn coin(&mut self) -> bool {
        self.below(2) == 0
    }
}

/// A preset with some knobs turned at random.
fn random_rules(d: &mut Dice) -> Rules {
    let name = if d.coin() { "czech" } else { "belarus" };
    let mut v = Rules::preset(name).unwrap().to_value();
    let flags = [
        "stop_at_21",
        "pontoon_paid_at_once",
        "five_card_trick_paid_at_once",
        "five_card_trick_beats_dealer_pontoon",
        "dealer_hits_soft_17",
        "surrender",
        "even_money",
        "buy_after_twist",
        "pontoon_after_split",
    ];
    for f in flags {
        if d.below(4) == 0 {
            v[f] = json!(d.coin());
        }
    }
    if d.below(4) == 0 {
        v["split_match"] = json!(if d.coin() { "rank" } else { "value" });
    }
    if d.below(4) == 0 {
        v["max_splits"] = [json!(null), json!(0), json!(1), json!(3)][d.below(4) as usize].clone();
    }
    if d.below(4) == 0 {
        v["ace_splits"] = json!(d.below(3));
    }
    if d.below(4) == 0 {
        v["decks"] = json!(1 + d.below(8));
    }
    if d.below(4) == 0 {
        v["bets_per_box"] = json!(1 + d.below(4));
    }
    if d.below(6) == 0 {
        v["min_stick"] = json!(12 + d.below(5));
    }
    if d.below(4) == 0 {
        v["three_of_a_kind_pays"] = if d.coin() { json!(null) } else { json!([1, 1]) };
    }
    if d.below(4) == 0 {
        v["auto_fifth_card_max"] = if d.coin() { json!(null) } else { json!(11) };
    }
    if d.below(4) == 0 {
        v["ties"] = json!(if d.coin() { "push" } else { "dealer_wins" });
    }
    if d.below(4) == 0 {
        v["pontoon_vs_pontoon"] =
            json!(["player_loses", "push", "player_wins"][d.below(3) as usize]);
    }
    Rules::from_value(&v).unwrap()
}

/// A shuffled shoe; sometimes the dealer enters no suits. Ace- and pair-heavy at times, so
/// splits, offers and pontoons come up often.
fn random_shoe(d: &mut Dice, decks: u8) -> Vec<Card> {
    let suited = d.coin();
    let mut cards = Vec::new();
    for _ in 0..decks {
        for r in Rank::ALL {
            for s in Suit::ALL {
                cards.push(Card::new(r, if suited { Some(s) } else { None }));
            }
        }
    }
    for i in (1..cards.len()).rev() {
        let j = d.below(i as u64 + 1) as usize;
        cards.swap(i, j);
    }
    if d.coin() {
        // Bring aces and tens forward in part of the rounds.
        let mut keyed: Vec<(u64, Card)> = cards
            .into_iter()
            .map(|c| {
                (
                    if c.rank == Rank::Ace || c.rank.is_ten_value() {
                        1 + d.below(3)
                    } else {
                        d.below(3)
                    },
                    c,
                )
            })
            .collect();
        keyed.sort_by_key(|&(k, _)| k);
        cards = keyed.into_iter().map(|(_, c)| c).collect();
    }
    cards
}

fn random_bets(d: &mut Dice, rules: &Rules) -> Vec<BetSpec> {
    let mut bets = Vec::new();
    let boxes = 1 + d.below(rules.boxes() as u64);
    for _ in 0..boxes {
        let box_no = 1 + d.below(rules.boxes() as u64) as u8;
        if bets.iter().any(|b: &BetSpec| b.box_no == box_no) {
            continue;
        }
        for k in 0..1 + d.below(rules.bets_per_box() as u64) {
            bets.push(BetSpec {
                id: Arc::from(format!("{box_no}{}", (b'a' + k as u8) as char)),
                box_no,
                stake: Money::from_cents(1 + d.below(5000) as i64),
            });
        }
    }
    bets
}

/// Every step worth trying now: the legal ones and many that should be refused.
fn candidates(round: &Round, d: &mut Dice) -> Vec<Step> {
    let mut steps: Vec<Step> = Decision::ALL.iter().map(|x| x.step()).collect();
    for b in 0..round.bet_count() {
        let max = round.insurance_max(b);
        steps.extend([
            Step::SurrenderBet(b),
            Step::EvenMoney(b),
            Step::Decline(b),
            Step::Insure(b, max),
            Step::Insure(b, max + Money::from_cents(1)),
            Step::Insure(b, Money::ZERO),
        ]);
        if max.is_positive() {
            steps.push(Step::Insure(
                b,
                Money::from_cents(1 + d.below(max.cents() as u64) as i64),
            ));
        }
    }
    steps.push(Step::Card(Card::of(Rank::ALL[d.below(13) as usize])));
    steps
}

fn is_offered(legal: &[Step], s: Step, round: &Round) -> bool {
    match s {
        Step::Insure(b, m) => {
            legal.contains(&Step::Insure(b, round.insurance_max(b)))
                && m.is_positive()
                && m <= round.insurance_max(b)
        }
        Step::Card(_) => matches!(round.want(), Want::Card(_)),
        other => legal.contains(&other),
    }
}

fn play_random_round(seed: u64) -> Result<(), TestCaseError> {
    let mut d = Dice(seed);
    let rules = random_rules(&mut d);
    let bets = random_bets(&mut d, &rules);
    let mut shoe = random_shoe(&mut d, rules.decks());
    let start = Round::new(rules, Limits::NONE, bets.clone()).unwrap();
    let mut round = start.clone();
    let mut steps = Vec::new();
    let mut states = vec![format!("{round:?}")];
    for _ in 0..400 {
        if round.is_complete() {
            break;
        }
        let legal = round.legal_steps();
        // Everything the engine offers is accepted; everything else is refused and
        // changes nothing.
        for s in candidates(&round, &mut d) {
            let mut trial = round.clone();
            let offered = is_offered(&legal, s, &round);
            let taken = trial.apply(s);
            if let Step::Card(c) = s
                && offered
            {
                // A card is wanted: only the shoe can refuse it.
                prop_assert_eq!(taken.is_ok(), round.shoe().check(c).is_ok());
                continue;
            }
            prop_assert_eq!(
                taken.is_ok(),
                offered,
                "step {:?}: {:?} (legal: {:?})",
                s,
                taken,
                legal
            );
            if taken.is_err() {
                prop_assert_eq!(
                    format!("{trial:?}"),
                    format!("{round:?}"),
                    "a refused step changed the round"
                );
            }
        }
        let step = match round.want() {
            Want::Card(_) if legal.is_empty() || d.below(4) != 0 => {
                Step::Card(shoe.pop().expect("shoe ran dry"))
            }
            Want::Card(_) | Want::Decision { .. } => {
                prop_assert!(
                    !legal.is_empty(),
                    "a decision is wanted but none is legal: {}",
                    round.expected()
                );
                match legal[d.below(legal.len() as u64) as usize] {
                    Step::Insure(b, max) => {
                        Step::Insure(b, Money::from_cents(1 + d.below(max.cents() as u64) as i64))
                    }
                    s => s,
                }
            }
            Want::Complete => unreachable!(),
        };
        round
            .apply(step)
            .map_err(|e| TestCaseError::fail(format!("offered step {step:?} refused: {e}")))?;
        steps.push(step);
        states.push(format!("{round:?}"));
        for seat in round.seats() {
            for h in seat.hands() {
                prop_assert!(
                    h.cards().len() <= 5,
                    "a hand holds {} cards",
                    h.cards().len()
                );
            }
        }
    }
    prop_assert!(
        round.is_complete(),
        "round did not complete: {}",
        round.expected()
    );
    // Settlement: every bet closed, house_net = −Σ net, nets bounded by what was staked.
    let out = settlement(&round);
    let nets: Vec<i64> = out["bets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (b["net"].as_f64().expect("a complete round has every net") * 100.0).round() as i64
        })
        .collect();
    let house = (out["house_net"].as_f64().unwrap() * 100.0).round() as i64;
    prop_assert_eq!(house, -nets.iter().sum::<i64>());
    for b in 0..round.bet_count() {
        prop_assert!(!round.bet_open(b));
        prop_assert!(round.bet_net(b) >= -round.bet_staked(b));
        prop_assert!(round.bet_returned(b).cents() <= round.bet_staked(b).cents() * 4);
        prop_assert_eq!(out["bets"][b]["net"].clone(), money_json(round.bet_net(b)));
    }
    // Replaying any prefix gives the same state.
    let k = d.below(steps.len() as u64 + 1) as usize;
    let mut again = start.clone();
    for &s in &steps[..k] {
        again
            .apply(s)
            .map_err(|e| TestCaseError::fail(format!("replay refused {s:?}: {e}")))?;
    }
    prop_assert_eq!(format!("{again:?}"), states[k].clone());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_rounds_complete_and_settle(seed in any::<u64>()) {
        play_random_round(seed)?;
    }
}

/// A whole shoe of rounds at one table: impossible cards never appear from a real shoe,
/// and the shoe carries from round to round.
#[test]
fn a_shoe_carries_across_rounds() {
    let mut d = Dice(7);
    let rules = Rules::preset("czech").unwrap();
    let mut order = random_shoe(&mut d, rules.decks());
    let bets = random_bets(&mut d, &rules);
    let mut shoe = croupier::engine::Shoe::new(rules.decks());
    let mut rounds = 0;
    while order.len() > 60 {
        let mut round = Round::with_shoe(rules, Limits::NONE, bets.clone(), shoe.clone()).unwrap();
        while !round.is_complete() {
            let step = match round.want() {
                Want::Card(_) => Step::Card(order.pop().unwrap()),
                _ => round.legal_steps()[0],
            };
            round.apply(step).unwrap();
        }
        shoe = round.shoe().clone();
        rounds += 1;
    }
    assert_eq!(shoe.cards_left() as usize, order.len());
    assert!(rounds > 5);
    let _: Value = json!(rounds);
}
