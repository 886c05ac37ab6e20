//! Property tests of the Pontis engine: bots that see every hand play random legal moves
//! (and pass now and then) on random tables, rules and deals. Every game ends; every bot
//! move is accepted; the cards in hands, on banks and set aside always add up to the deck;
//! each score is its bank's sum; a move out of turn is refused and changes nothing; and
//! the game written back as a game script replays to the same state.

use croupier::engine::pontis::{Game, Held, Lay, PontisRules, Step, Want, points};
use croupier::engine::{Card, DeckCard, Rank, Suit};
use croupier::pontis_script::{PontisScript, state};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

/// One deck with its jokers, shuffled.
fn shuffled(jokers: u8, rng: &mut ChaCha8Rng) -> Vec<Held> {
    let mut deck: Vec<Held> = Rank::ALL
        .iter()
        .flat_map(|&r| {
            Suit::ALL
                .iter()
                .map(move |&s| Held::Card(Card::new(r, Some(s))))
        })
        .chain((0..jokers).map(|_| Held::Joker))
        .collect();
    deck.shuffle(rng);
    deck
}

/// The held card a played one came from.
fn held_of(c: DeckCard) -> Held {
    match c {
        DeckCard::Card(c) => Held::Card(c),
        DeckCard::Joker(_) => Held::Joker,
    }
}

/// Sometimes the host leaves the suit out.
fn maybe_unsuited(c: DeckCard, rng: &mut ChaCha8Rng) -> DeckCard {
    match c {
        DeckCard::Card(card) if rng.random_bool(0.3) => DeckCard::Card(Card::of(card.rank)),
        other => other,
    }
}

fn play_one_game(seed: u64) -> Result<(), TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let players = rng.random_range(2..=7usize);
    let jokers = rng.random_range(2..=4u8);
    let top = if rng.random_bool(0.5) {
        "last"
    } else {
        "declared"
    };
    let rules = PontisRules::from_value(&json!({"jokers": jokers, "top": top})).unwrap();
    let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
    let dealer = rng.random_range(0..players);
    let mut deck = shuffled(jokers, &mut rng);
    let bank_cards: Vec<DeckCard> = deck
        .drain(..players)
        .map(|h| match h {
            Held::Card(c) => DeckCard::Card(c),
            Held::Joker => DeckCard::Joker(Rank::ALL[rng.random_range(0..13)]),
        })
        .collect();
    // Half the games know the banks from the start (a script); the others enter each as
    // it is turned up (the table screen).
    let known = rng.random_bool(0.5);
    let mut game = Game::new(
        rules,
        names.clone(),
        dealer,
        bank_cards.iter().map(|&c| known.then_some(c)).collect(),
    )
    .unwrap();
    let size = game.hand_size() as usize;
    let mut hands: Vec<Vec<Held>> = (0..players).map(|_| deck.drain(..size).collect()).collect();
    prop_assert_eq!(deck.len(), game.set_aside() as usize);
    let mut plays = Vec::new();
    let bound = 60 * players + 10;
    for _ in 0..bound {
        // Invariants, before every move.
        let in_hands: usize = (0..players).map(|s| game.cards_left(s) as usize).sum();
        prop_assert_eq!(
            in_hands + game.cards_on_banks() + game.set_aside() as usize,
            game.deck_size()
        );
        for (s, hand) in hands.iter().enumerate() {
            prop_assert_eq!(game.cards_left(s) as usize, hand.len());
            let sum: u32 = game.bank(s).iter().map(|&c| points(c)).sum();
            prop_assert_eq!(game.score(s), sum);
        }
        let step = match game.want() {
            Want::Over(_) => break,
            Want::Turn(seat) => Step::Turn {
                seat,
                card: bank_cards[seat],
            },
            Want::Move { seat, .. } => {
                let legal = game.legal_plays(&hands[seat]);
                if legal.is_empty() || rng.random_bool(0.1) {
                    Step::Pass { seat }
                } else {
                    let lay = legal[rng.random_range(0..legal.len())];
                    for c in lay.cards() {
                        let h = hands[seat].iter().position(|h| *h == held_of(c)).unwrap();
                        hands[seat].remove(h);
                    }
                    let lay = match lay {
                        Lay::One(c) => Lay::One(maybe_unsuited(c, &mut rng)),
                        Lay::Two { under, top } => Lay::Two {
                            under: maybe_unsuited(under, &mut rng),
                            top: maybe_unsuited(top, &mut rng),
                        },
                    };
                    Step::Play { seat, lay }
                }
            }
        };
        // Out of turn: refused, nothing changes.
        let other = (step.seat() + 1) % players;
        let before = game.clone();
        let out_of_turn = game.apply(Step::Pass { seat: other });
        prop_assert!(out_of_turn.is_err());
        prop_assert_eq!(&game, &before);
        let text = game.step_text(&step);
        if let Err(e) = game.apply(step) {
            return Err(TestCaseError::fail(format!("bot move {text} refused: {e}")));
        }
        if !matches!(step, Step::Turn { .. }) {
            plays.push(text);
        }
    }
    prop_assert!(
        game.is_over(),
        "the game did not end within {} moves",
        bound
    );
    prop_assert!(!game.winners().is_empty());
    if let Some(croupier::engine::pontis::End::EmptyHand(s)) = game.end() {
        prop_assert_eq!(game.cards_left(s), 0);
    }
    // Written back as a script (every bank known), it replays to the same state.
    let script = json!({
        "rules": game.rules().to_value(),
        "players": names,
        "dealer": names[dealer],
        "banks": bank_cards.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "plays": plays,
    });
    let replayed = PontisScript::parse(&script.to_string(), None)
        .and_then(|s| s.play())
        .map_err(|e| TestCaseError::fail(format!("script refused: {e}")))?;
    prop_assert_eq!(state(&replayed), state(&game));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn bots_games_end_and_every_legal_move_is_accepted(seed in any::<u64>()) {
        play_one_game(seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// Whatever the text, the script reader and the play reader answer without a panic,
    /// and a refusal names a position within the script.
    #[test]
    fn any_text_is_answered_without_a_panic(
        plays in proptest::collection::vec(".{0,12}", 0..8),
        cards in proptest::collection::vec("(Jk=|jk=)?[AKQJT0-9xé^ ]{0,4}[shdc^]?", 0..8),
        raw in ".{0,60}",
    ) {
        let _ = PontisScript::parse(&raw, None);
        let mut all = plays.clone();
        all.extend(cards.iter().map(|c| format!("Ben: {c}")));
        let script = json!({
            "players": ["Ana", "Ben", "Cyril"],
            "dealer": "Ana",
            "banks": ["7h", "Kd", "3c"],
            "plays": all,
        });
        if let Err(e) = PontisScript::parse(&script.to_string(), None).and_then(|s| s.play()) {
            prop_assert!(e.position() <= all.len());
        }
    }
}
