//! Internal invariants of the round that the scenario fixtures do not show by themselves: a
//! refused step changes nothing; a checked step performs exactly as `apply` would, and a
//! stale one is checked again; `pay`'s table of ratios reads the rules' knobs.

use super::lines::LineKind;
use super::pay::{Payout, pay, pay_stack};
use super::*;

fn card(text: &str) -> Card {
    text.parse().expect("a test card")
}

fn bets(list: &[(&str, u8, i64)]) -> Vec<BetSpec> {
    list.iter()
        .map(|&(id, box_no, cents)| BetSpec {
            id: id.into(),
            box_no,
            stake: Money::from_cents(cents),
        })
        .collect()
}

/// A preset with some knobs changed.
fn rules_with(preset: &str, knobs: &[(&str, serde_json::Value)]) -> Rules {
    let mut v = Rules::preset(preset).expect("a preset").to_value();
    for (k, value) in knobs {
        v[*k] = value.clone();
    }
    Rules::from_value(&v).expect("valid test rules")
}

/// Every state a round goes through when each decision is the next legal step in turn and
/// each card the next of `cards` (round and round).
fn walk(rules: Rules, bets: Vec<BetSpec>, cards: &str) -> Vec<Round> {
    let cards: Vec<Card> = cards.split_whitespace().map(card).collect();
    let mut round = Round::new(rules, Limits::NONE, bets).expect("test bets");
    let mut states = vec![round.clone()];
    let (mut next_card, mut turn) = (0, 0);
    while !round.is_complete() && states.len() < 200 {
        let legal = round.legal_steps();
        let step = if matches!(round.want(), Want::Card(_)) && (legal.is_empty() || turn % 3 == 0) {
            next_card += 1;
            Step::Card(cards[(next_card - 1) % cards.len()])
        } else {
            legal[turn % legal.len()]
        };
        turn += 1;
        round.apply(step).expect("a legal step");
        states.push(round.clone());
    }
    assert!(round.is_complete(), "the walk ends: {}", round.expected());
    states
}

/// The walks: offers against an ace (a pontoon for even money), pairs to split (aces too),
/// back bets, buys.
fn all_states() -> Vec<Round> {
    let czech = Rules::preset("czech").expect("czech");
    let split_aces = rules_with(
        "czech",
        &[("split_ace_cards", 3.into()), ("ace_splits", 3.into())],
    );
    let belarus = Rules::preset("belarus").expect("belarus");
    let mut states = Vec::new();
    for (rules, cards) in [
        (czech, "8 A 8 K 8 A 2 3 9 4 5 2 6 10 7"),
        (czech, "A 9 A K 5 K 10 2 3 4 6 7"),
        (split_aces, "A 10 A A 2 3 5 K 4 8 5 7 A 9 6"),
        (belarus, "9 A 9 K 2 5 3 2 10 4 7"),
    ] {
        let bets = bets(&[
            ("1a", 1, 1000),
            ("1b", 1, 505),
            ("3a", 3, 255),
            ("3b", 3, 5),
        ]);
        let bets = if rules.bets_per_box() == 1 {
            vec![bets[0].clone(), bets[2].clone()]
        } else {
            bets
        };
        states.extend(walk(rules, bets, cards));
    }
    states
}

/// Steps worth trying in any state: every decision, two cards, and every bet step for each
/// bet and one past the last.
fn candidates(r: &Round) -> Vec<Step> {
    let mut steps: Vec<Step> = Decision::ALL.iter().map(|d| d.step()).collect();
    steps.extend([Step::Card(card("K")), Step::Card(card("As"))]);
    for b in 0..=r.bet_count() {
        steps.extend([
            Step::SurrenderBet(b),
            Step::EvenMoney(b),
            Step::Decline(b),
            Step::Insure(b, Money::ZERO),
            Step::Insure(b, Money::from_cents(1)),
        ]);
        if b < r.bet_count() {
            let max = r.insurance_max(b);
            steps.extend([
                Step::Insure(b, max),
                Step::Insure(b, max + Money::from_cents(1)),
            ]);
        }
    }
    steps
}

#[test]
fn a_refused_step_leaves_the_round_equal_and_a_checked_one_performs_as_apply() {
    let (mut accepted, mut refused) = (0, 0);
    for round in all_states() {
        let before = format!("{round:?}");
        for step in candidates(&round) {
            let mut applied = round.clone();
            let result = applied.apply(step);
            match round.check_step(step) {
                Ok(checked) => {
                    accepted += 1;
                    assert_eq!(checked.step(), step);
                    assert_eq!(result, Ok(()), "{step:?}");
                    assert_eq!(round.check(step), Ok(()), "{step:?}");
                    let mut performed = round.clone();
                    performed.perform(checked);
                    assert_eq!(format!("{performed:?}"), format!("{applied:?}"), "{step:?}");
                }
                Err(e) => {
                    refused += 1;
                    assert_eq!(round.check(step), Err(e.refusal.clone()), "{step:?}");
                    assert_eq!(result, Err(e), "{step:?}");
                    assert_eq!(format!("{applied:?}"), before, "{step:?} changed the round");
                }
            }
        }
    }
    // The walks reach enough states for both sides to mean something.
    assert!(accepted > 100 && refused > 1000, "{accepted} / {refused}");
}

#[test]
fn a_stale_token_is_checked_again() {
    let rules = Rules::preset("czech").expect("czech");
    let two_boxes = bets(&[("1a", 1, 1000), ("2a", 2, 1000)]);
    let mut round = Round::new(rules, Limits::NONE, two_boxes).expect("bets");
    // A card checked for box 1, performed after box 1 got another: still accepted, so it
    // goes where the round wants it now (box 2), as `apply` would send it.
    let nine = round
        .check_step(Step::Card(card("9")))
        .expect("a card is wanted");
    round
        .apply(Step::Card(card("8")))
        .expect("a card is wanted");
    let mut applied = round.clone();
    applied
        .apply(Step::Card(card("9")))
        .expect("a card is still wanted");
    round.perform(nine);
    assert_eq!(format!("{round:?}"), format!("{applied:?}"));
    for c in ["7", "5", "6"] {
        round.apply(Step::Card(card(c))).expect("the deal");
    }
    // Box 1 holds 8 5 and decides. A stick checked now, performed after a twist: refused
    // there (a card is wanted), so nothing changes.
    let stick = round.check_step(Step::Stick).expect("stick is legal");
    round.apply(Step::Twist).expect("twist is legal");
    let before = format!("{round:?}");
    round.perform(stick);
    assert_eq!(format!("{round:?}"), before);
}

#[test]
fn pay_applies_the_ratio_of_each_payout_rounded_down() {
    let czech = Rules::preset("czech").expect("czech");
    let belarus = Rules::preset("belarus").expect("belarus");
    let house = rules_with(
        "belarus",
        &[
            ("pontoon_pays", serde_json::json!([3, 2])),
            ("five_card_trick_pays", serde_json::json!([2, 1])),
            ("three_of_a_kind_pays", serde_json::json!([3, 1])),
            ("insurance_pays", serde_json::json!([1, 1])),
        ],
    );
    // (rules, what, stake, returned), in cents.
    let cases = [
        (czech, Payout::Lost, 1000, 0),
        (czech, Payout::Push, 1005, 1005),
        (czech, Payout::Win(Pay::Even), 255, 510),
        (czech, Payout::Win(Pay::Pontoon), 5, 15),
        (czech, Payout::Win(Pay::FiveCardTrick), 5, 12),
        (czech, Payout::Win(Pay::FiveCardTrick), 2205, 5512),
        (belarus, Payout::Win(Pay::ThreeOfAKind), 255, 510),
        (czech, Payout::Surrender, 5, 2),
        (czech, Payout::Surrender, 255, 127),
        (czech, Payout::EvenMoney, 255, 510),
        (czech, Payout::Insurance, 5, 15),
        (house, Payout::Win(Pay::Pontoon), 5, 12),
        (house, Payout::Win(Pay::FiveCardTrick), 5, 15),
        (house, Payout::Win(Pay::ThreeOfAKind), 5, 20),
        (house, Payout::Insurance, 255, 510),
        (house, Payout::EvenMoney, 255, 510),
        (house, Payout::Surrender, 255, 127),
    ];
    for (rules, what, stake, want) in cases {
        let got = pay(&rules, what, Money::from_cents(stake));
        assert_eq!(got, Money::from_cents(want), "{what:?} on {stake}");
    }
    // A hand's outcome pays through the same table.
    let outcomes = [
        (Outcome::Bust, Payout::Lost),
        (Outcome::Lose, Payout::Lost),
        (Outcome::Push, Payout::Push),
        (Outcome::Win(Pay::Pontoon), Payout::Win(Pay::Pontoon)),
        (Outcome::Surrendered, Payout::Surrender),
    ];
    for (outcome, payout) in outcomes {
        assert_eq!(outcome.payout(), payout, "{outcome}");
    }
}

/// A hand's stack under `five_card_trick_stakes`: `all` pays the trick's ratio on the whole
/// stack, rounded once; `original` on the first stake, 1:1 on the bought ones; any other
/// payout alike under both.
#[test]
fn pay_stack_pays_a_tricks_bought_stakes_as_the_knob_says() {
    let all = Rules::preset("czech").expect("czech");
    let original = rules_with(
        "czech",
        &[("five_card_trick_stakes", serde_json::json!("original"))],
    );
    let trick = Payout::Win(Pay::FiveCardTrick);
    // (rules, what, stake, units, returned), in cents.
    let cases = [
        (all, trick, 1000, 1, 2500),
        (all, trick, 1000, 3, 7500),
        (all, trick, 5, 3, 37),
        (original, trick, 1000, 1, 2500),
        (original, trick, 1000, 2, 4500),
        (original, trick, 1000, 3, 6500),
        (original, trick, 5, 3, 32),
        (original, trick, 5, 0, 0),
        (original, Payout::Win(Pay::Even), 5, 3, 30),
        (original, Payout::Win(Pay::Pontoon), 5, 2, 30),
        (original, Payout::Lost, 1000, 3, 0),
        (original, Payout::Push, 1000, 3, 3000),
    ];
    for (rules, what, stake, units, want) in cases {
        let got = pay_stack(&rules, what, Money::from_cents(stake), units);
        assert_eq!(
            got,
            Money::from_cents(want),
            "{what:?} on {units} × {stake}"
        );
    }
}

/// The dealer's draw as the rulings give it: while a hand is open, until he stands; with
/// only insurance open, one card; with nothing open, none (RULES.md A4.5). The rows are
/// (cards held, total's cards, hand open, insurance open, draws).
#[test]
fn the_dealer_draws_only_while_a_bet_is_open() {
    let rules = Rules::preset("czech").unwrap();
    let rows: [(&[&str], bool, bool, bool); 8] = [
        (&["6"], true, false, true),
        (&["6"], false, true, true),
        (&["6"], false, false, false),
        (&["A", "5"], false, true, false),
        (&["10", "6"], true, true, true),
        (&["10", "7"], true, false, false),
        (&["A", "6"], true, false, false),
        (&["10", "6", "K"], true, false, false),
    ];
    for (cards, hand, insurance, draws) in rows {
        let cs: Vec<Card> = cards.iter().map(|c| card(c)).collect();
        let t = crate::engine::hand::Total::of(&cs);
        assert_eq!(
            rulings::dealer_draws(&rules, cs.len(), t, hand, insurance),
            draws,
            "{cards:?} hand open {hand}, insurance open {insurance}"
        );
    }
    assert!(rulings::dealer_pontoon(&[card("A"), card("Q")]));
    assert!(!rulings::dealer_pontoon(&[card("A"), card("5"), card("5")]));
    assert!(!rulings::twist_marks(rulings::HandKind::SplitAce));
    assert!(rulings::twist_marks(rulings::HandKind::Split));
    // A split: the first card stays, the second moves; aces count twice, and want their
    // card(s) without a decision.
    for (pair, kind, wants, aces) in [
        (
            ["8", "8"],
            rulings::HandKind::Split,
            CardReason::SplitSecond,
            0,
        ),
        (
            ["K", "10"],
            rulings::HandKind::Split,
            CardReason::SplitSecond,
            0,
        ),
        (
            ["A", "A"],
            rulings::HandKind::SplitAce,
            CardReason::SplitAce,
            1,
        ),
    ] {
        let done = rulings::split([card(pair[0]), card(pair[1])], 2, 1);
        assert_eq!(
            done,
            rulings::SplitHands {
                kept: card(pair[0]),
                moved: card(pair[1]),
                kind,
                wants,
                box_splits: 3,
                box_ace_splits: 1 + aces,
            },
            "{pair:?}"
        );
    }
}

/// The settlement's lines are the bets' money, stack by stack: in every state of every walk,
/// a bet's lines add up to what it staked and what it got back.
#[test]
fn settlement_lines_add_up_to_each_bet() {
    for r in all_states() {
        let lines = r.settlement_lines();
        for b in 0..r.bet_count() {
            let mine = lines.iter().filter(|l| l.bet == b);
            let staked = mine.clone().fold(Money::ZERO, |m, l| m + l.staked);
            let returned = mine.fold(Money::ZERO, |m, l| m + l.returned);
            assert_eq!(staked, r.bet_staked(b), "bet {b} staked: {}", r.expected());
            assert_eq!(
                returned,
                r.bet_returned(b),
                "bet {b} returned: {}",
                r.expected()
            );
        }
        // In deal order: box by box; on a box its hands in order, each hand's stacks
        // together (holder first), then the side stakes.
        let place = |l: &SettleLine| {
            let side = match l.kind {
                LineKind::Hand { hand, .. } => hand,
                _ => usize::MAX,
            };
            (r.bet_box(l.bet), side, l.bet)
        };
        assert!(
            lines.windows(2).all(|w| place(&w[0]) < place(&w[1])),
            "out of order: {:?}",
            lines.iter().map(place).collect::<Vec<_>>()
        );
        let t = r.settlement_totals();
        let net = lines.iter().fold(Money::ZERO, |m, l| m + l.net());
        assert_eq!(t.pay - t.collect, net);
        assert!(!t.collect.is_positive() || lines.iter().any(|l| l.net() < Money::ZERO));
        if r.is_complete() {
            assert_eq!(t.collect - t.pay, r.house_net(), "{}", r.expected());
            assert!(lines.iter().all(|l| !matches!(
                l.kind,
                LineKind::Hand { outcome: None, .. } | LineKind::Insurance { settled: false }
            )));
        }
    }
}
