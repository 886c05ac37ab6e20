//! The engine's own invariants; the rules themselves are pinned by the game-script
//! fixtures (tests/pontis/) and the property tests (tests/pontis_properties.rs).

use super::*;
use crate::engine::Suit;

fn card(t: &str) -> DeckCard {
    t.parse().unwrap()
}

#[test]
fn the_need_between_two_tops() {
    let cases = [
        ("10h", "6s", Need::Difference(4, None)),
        ("A", "5", Need::Difference(4, Some(9))),
        ("K", "A", Need::Difference(1, Some(12))),
        ("Kh", "Kd", Need::Bridge),
        ("A", "Ah", Need::AceBridge),
        ("Jk=A", "As", Need::AceBridge),
        ("Jk=7", "7c", Need::Bridge),
        ("2", "K", Need::Difference(11, None)),
    ];
    for (mine, theirs, want) in cases {
        assert_eq!(
            need_between(card(mine), card(theirs)),
            want,
            "{mine} v {theirs}"
        );
    }
}

#[test]
fn a_play_meets_a_need_with_any_choice_of_each_aces_value() {
    let two = |a: &str, b: &str| Lay::Two {
        under: card(a),
        top: card(b),
    };
    assert!(Need::Difference(3, None).met_by(&two("K", "10")));
    assert!(Need::Difference(3, None).met_by(&two("A", "2")));
    // Two aces: sums 2, 15, 28; differences 0, 13.
    for d in [0, 2, 13] {
        assert!(Need::Difference(d, None).met_by(&two("A", "A")), "{d}");
    }
    for d in [1, 3, 12, 14] {
        assert!(!Need::Difference(d, None).met_by(&two("A", "A")), "{d}");
    }
    assert!(Need::Bridge.met_by(&two("A", "A")));
    assert!(Need::AceBridge.met_by(&two("A", "A")));
    assert!(Need::AceBridge.met_by(&Lay::One(card("K"))));
    assert!(!Need::Bridge.met_by(&Lay::One(card("K"))));
    assert!(!Need::Bridge.met_by(&two("K", "Q")));
    assert!(Need::Difference(1, Some(12)).met_by(&Lay::One(card("Jk=A"))));
}

#[test]
fn a_refused_step_changes_nothing_and_every_legal_play_is_accepted() {
    let names = ["Ana", "Ben", "Cyril"].map(String::from).to_vec();
    let banks = ["7h", "Kd", "3c"].map(|c| Some(card(c))).to_vec();
    let game = Game::new(PontisRules::standard(), names, 0, banks).unwrap();
    assert_eq!(
        game.want(),
        Want::Move {
            seat: 1,
            need: Need::Difference(6, None)
        }
    );
    let before = game.clone();
    let mut g = game.clone();
    let bad = Step::Play {
        seat: 1,
        lay: Lay::One(card("5")),
    };
    assert!(g.apply(bad).is_err());
    assert_eq!(g, before);
    let hand = [
        Held::Card(Card::new(Rank::Six, Some(Suit::Spades))),
        Held::Card(Card::new(Rank::Two, Some(Suit::Hearts))),
        Held::Card(Card::new(Rank::Eight, Some(Suit::Hearts))),
        Held::Joker,
    ];
    let plays = game.legal_plays(&hand);
    assert!(plays.contains(&Lay::One(card("6s"))));
    assert!(plays.contains(&Lay::Two {
        under: card("2h"),
        top: card("8h")
    }));
    assert!(plays.contains(&Lay::One(card("Jk=6"))));
    for lay in plays {
        let mut g = game.clone();
        g.apply(Step::Play { seat: 1, lay }).unwrap();
    }
}

#[test]
fn too_many_players_or_a_repeated_bank_card_cannot_start() {
    let names = |n: usize| (0..n).map(|i| format!("P{i}")).collect::<Vec<_>>();
    let r = PontisRules::standard();
    assert!(Game::new(r, names(27), 0, vec![None; 27]).is_ok());
    assert!(matches!(
        Game::new(r, names(28), 0, vec![None; 28]),
        Err(SetupError::TooManyPlayers { .. })
    ));
    assert!(matches!(
        Game::new(r, names(2), 0, vec![Some(card("Kh")), Some(card("Kh"))]),
        Err(SetupError::ImpossibleBank { .. })
    ));
}

/// RULES.md B: "the first dealer is drawn by lot, then the deal rotates"; "the dealer
/// moves first … then, in turn, each player". The deal passes to the player who moves
/// second, and round the whole circle before it comes back to the first dealer.
#[test]
fn the_deal_rotates_to_the_seat_that_moves_after_the_dealer() {
    let r = PontisRules::standard();
    for n in 2..=6 {
        let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
        let mut dealers = Vec::new();
        let mut dealer = 3 % n;
        for _ in 0..n {
            let mut game = Game::new(r, names.clone(), dealer, vec![None; n]).unwrap();
            assert_eq!(game.want(), Want::Turn(dealer));
            let open = Step::Turn {
                seat: dealer,
                card: card("7h"),
            };
            game.apply(open).unwrap();
            assert_eq!(game.next_dealer(), game.to_move(), "{n} players");
            assert_eq!(game.previous(game.next_dealer()), dealer);
            dealers.push(dealer);
            dealer = game.next_dealer();
        }
        assert_eq!(dealer, 3 % n, "{n} players: back to the first dealer");
        dealers.sort();
        assert_eq!(dealers, (0..n).collect::<Vec<_>>(), "every seat deals once");
    }
}
