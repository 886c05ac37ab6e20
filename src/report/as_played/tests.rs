use super::*;
use crate::engine::round::HandKind;
use crate::engine::{Card, Decision, Money};
use crate::lab::strategy::Key;
use crate::log::payload::BetData;
use std::sync::Arc;

fn bet(box_no: u8, id: &str, cents: i64) -> BetData {
    BetData::of(&BetSpec {
        id: Arc::from(id),
        box_no,
        stake: Money::from_cents(cents),
    })
}

fn steps(s: &[&str]) -> Vec<String> {
    s.iter().map(|x| x.to_string()).collect()
}

/// The lab's value of `d` at the key less the best's, per unit (by hand from its entry).
fn by_hand(key: &Key, d: Decision) -> f64 {
    let s = crate::lab::solved("czech");
    let e = s
        .entries
        .iter()
        .find(|e| e.key == *key)
        .expect("a solved key");
    let best = e.ev.iter().flatten().copied().fold(f64::MIN, f64::max);
    best - e.ev[d as usize].expect("the decision is open")
}

/// Sticking on a hard 12 against the dealer's ten under czech gives up EV(best) − EV(stick)
/// per unit of stake, from the lab's own values: 10.00 staked, the cost in cents is a
/// thousand times that; the box's twist, the chart's play there, costs nothing.
#[test]
fn sticking_on_a_hard_12_against_a_ten_costs_what_the_lab_says() {
    let s = crate::lab::solved("czech");
    let costs = Costs::of(s);
    let rules = s.rules;
    let ten = Card::of(crate::engine::Rank::Ten);
    let two = Card::of(crate::engine::Rank::Two);
    let key = Key::of(&rules, 10, &[ten, two], HandKind::Dealt, false, 1);
    let expected = by_hand(&key, Decision::Stick) * 1000.0;
    assert!(
        expected > 1.0,
        "sticking on 12 against a ten is a mistake: {expected}"
    );
    let bets = [bet(1, "1a", 1000)];
    let stuck = of_logged(&costs, rules, &bets, &steps(&["10", "K", "2", "stick"])).unwrap();
    assert_eq!(stuck.boxes.len(), 1);
    assert!(
        (stuck.cost() - expected).abs() < 1e-3,
        "{} vs {expected}",
        stuck.cost()
    );
    assert_eq!(stuck.boxes[0].stake, Money::from_cents(1000));
    let twisted = of_logged(&costs, rules, &bets, &steps(&["10", "K", "2", "twist"])).unwrap();
    assert!(twisted.cost().abs() < 1e-3, "{}", twisted.cost());
}

/// An insurance against the dealer's ace costs what the insured amount gives up (the lab's
/// value of an insurance from the tens left); the cost goes to the box that took it.
#[test]
fn an_insurance_costs_its_amount_times_what_it_gives_up() {
    let s = crate::lab::solved("czech");
    let costs = Costs::of(s);
    let bets = [bet(1, "1a", 1000), bet(2, "2a", 2000)];
    let five = Card::of(crate::engine::Rank::Five);
    let p = of_logged(
        &costs,
        s.rules,
        &bets,
        &steps(&["5", "9", "A", "5", "9", "insure 1a 5"]),
    )
    .unwrap();
    let expected = -costs.insurance_value(&[five, five]) * 500.0;
    assert!(expected > 0.0);
    assert!((p.boxes[0].cost - expected).abs() < 1e-9, "{p:?}");
    assert_eq!(p.boxes[1].cost, 0.0);
}

/// A round that does not replay is refused with the input at fault, not costed.
#[test]
fn a_round_that_does_not_replay_says_which_input() {
    let s = crate::lab::solved("czech");
    let costs = Costs::of(s);
    let bets = [bet(1, "1a", 1000)];
    let e = of_logged(&costs, s.rules, &bets, &steps(&["10", "stick"])).unwrap_err();
    assert!(
        matches!(e, AsPlayedError::Refused { position: 2, .. }),
        "{e}"
    );
    let e = of_logged(&costs, s.rules, &bets, &steps(&["10", "zz"])).unwrap_err();
    assert!(matches!(e, AsPlayedError::Words { position: 2, .. }), "{e}");
}

/// Even money taken on a pontoon against the dealer's ace gives up what playing the pontoon
/// on is worth above 1:1. Under czech a pontoon against an ace is paid 2:1 at the showdown
/// and loses to the dealer's pontoon (`pontoon_vs_pontoon`: player_loses), whose chance is
/// the tens left: 16 × 6 − 1 = 95 of 312 − 3 = 309 cards. So the pontoon is worth
/// 2 × (1 − p) − p per unit, even money 1, and 20.00 of even money costs 2,000 × that gap
/// in cents; the box beside it that took nothing costs nothing.
#[test]
fn even_money_costs_what_the_pontoon_played_on_is_worth_above_it() {
    let s = crate::lab::solved("czech");
    let costs = Costs::of(s);
    let bets = [bet(1, "1a", 2000), bet(2, "2a", 1000)];
    let p = 95.0 / 309.0;
    let gap = 2.0 * (1.0 - p) - p - 1.0;
    let played = of_logged(
        &costs,
        s.rules,
        &bets,
        &steps(&["A", "9", "A", "K", "9", "even-money 1a"]),
    )
    .unwrap();
    let expected = gap * 2000.0;
    assert!(
        (played.boxes[0].cost - expected).abs() < 1e-3,
        "{} vs {expected}",
        played.boxes[0].cost
    );
    assert_eq!(played.boxes[1].cost, 0.0);
}
