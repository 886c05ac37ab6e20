//! Property tests of the Pontis engine against a reference written here from RULES.md B,
//! independently of the engine: bots that see every hand play random moves (and pass now
//! and then) on random tables, rules and deals. At every move the reference lists, from
//! the hand, every play (one card or two, both orders, each joker named every rank) that
//! meets the difference between the two tops by its own arithmetic (the ace 1 or 14,
//! equal tops the bridge 0, two aces 13); the engine must offer exactly those, accept the
//! one the bot picks from the reference's list, and refuse (changing nothing) plays the
//! reference rejects, a card already in the game, three cards, more cards than held and a
//! move out of turn. Whose turn it is, the banks, the scores (ace 14), the end and the
//! winners are kept by the reference too and compared; and the game written back as a
//! game script replays to the same state.

use std::collections::HashSet;

use croupier::engine::pontis::{End, Game, Held, Lay, PontisRules, Step, Want, parse_step};
use croupier::engine::{Card, DeckCard, Rank, Suit};
use croupier::pontis_script::{PontisScript, state};
use proptest::prelude::*;
use rand::seq::{IndexedRandom, SliceRandom};
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

// ---- The reference: RULES.md B, written here without the engine's arithmetic. ----

/// The rank a card counts as: its own, or the one a joker is named.
fn rank_of(c: DeckCard) -> Rank {
    match c {
        DeckCard::Card(c) => c.rank,
        DeckCard::Joker(r) => r,
    }
}

/// 2–10 face value, J 11, Q 12, K 13, the ace 1 or 14.
fn ref_values(c: DeckCard) -> Vec<i32> {
    use Rank::*;
    match rank_of(c) {
        Ace => vec![1, 14],
        Two => vec![2],
        Three => vec![3],
        Four => vec![4],
        Five => vec![5],
        Six => vec![6],
        Seven => vec![7],
        Eight => vec![8],
        Nine => vec![9],
        Ten => vec![10],
        Jack => vec![11],
        Queen => vec![12],
        King => vec![13],
    }
}

/// A card's points in a bank: its value, the ace 14.
fn ref_points(c: DeckCard) -> u32 {
    ref_values(c).into_iter().max().unwrap() as u32
}

/// The differences a play may meet between my top and the previous player's: equal ranks
/// are the bridge (0), two aces 13 only; otherwise every |x - y| of their values.
fn ref_needs(mine: DeckCard, theirs: DeckCard) -> HashSet<i32> {
    if rank_of(mine) == rank_of(theirs) {
        return HashSet::from([if rank_of(mine) == Rank::Ace { 13 } else { 0 }]);
    }
    let mut out = HashSet::new();
    for x in ref_values(mine) {
        for y in ref_values(theirs) {
            out.insert((x - y).abs());
        }
    }
    out
}

/// Whether one card, or two by sum or difference, meets one of the differences.
fn ref_meets(cards: &[DeckCard], needs: &HashSet<i32>) -> bool {
    match cards {
        [a] => ref_values(*a).iter().any(|v| needs.contains(v)),
        [a, b] => ref_values(*a).iter().any(|x| {
            ref_values(*b)
                .iter()
                .any(|y| needs.contains(&(x + y)) || needs.contains(&(x - y).abs()))
        }),
        _ => false,
    }
}

/// Every one- or two-card play from the hand (both orders, jokers named every rank).
fn ref_candidates(hand: &[Held]) -> Vec<Lay> {
    let names = |h: Held| -> Vec<DeckCard> {
        match h {
            Held::Card(c) => vec![DeckCard::Card(c)],
            Held::Joker => Rank::ALL.iter().map(|&r| DeckCard::Joker(r)).collect(),
        }
    };
    // In a set for uniqueness, in a list for a reproducible order.
    let (mut seen, mut out) = (HashSet::new(), Vec::new());
    let mut add = |l: Lay| {
        if seen.insert(l) {
            out.push(l);
        }
    };
    for (i, &a) in hand.iter().enumerate() {
        for x in names(a) {
            add(Lay::One(x));
        }
        for (j, &b) in hand.iter().enumerate() {
            if i != j {
                for x in names(a) {
                    for y in names(b) {
                        add(Lay::Two { under: x, top: y });
                    }
                }
            }
        }
    }
    out
}

fn lay_cards(lay: &Lay) -> Vec<DeckCard> {
    match *lay {
        Lay::One(c) => vec![c],
        Lay::Two { under, top } => vec![under, top],
    }
}

/// The reference's own record of the table.
struct Model {
    n: usize,
    banks: Vec<Vec<DeckCard>>,
    turned: Vec<bool>,
    to_move: usize,
    opening: bool,
    passes: usize,
    end: Option<End>,
}

impl Model {
    fn prev(&self, seat: usize) -> usize {
        (seat + self.n - 1) % self.n
    }
    fn score(&self, seat: usize) -> u32 {
        self.banks[seat].iter().map(|&c| ref_points(c)).sum()
    }
    fn winners(&self) -> Vec<usize> {
        match self.end {
            None => Vec::new(),
            Some(End::EmptyHand(s)) => vec![s],
            Some(End::Blocked) => {
                let best = (0..self.n).map(|s| self.score(s)).max().unwrap();
                (0..self.n).filter(|&s| self.score(s) == best).collect()
            }
        }
    }
    fn advance(&mut self) {
        self.to_move = (self.to_move + 1) % self.n;
    }
}

/// The game's state is unchanged after a refused step.
fn refused(game: &mut Game, step: Step, what: &str) -> Result<(), TestCaseError> {
    let before = game.clone();
    let text = game.step_text(&step);
    prop_assert!(
        game.apply(step).is_err(),
        "{}: \"{}\" was accepted",
        what,
        text
    );
    prop_assert_eq!(&*game, &before, "{}: a refusal changed the game", what);
    Ok(())
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
    // The deal by the reference: one bank card each, then equal hands, the rest aside.
    let size = (deck.len()) / players;
    prop_assert_eq!(game.hand_size() as usize, size);
    let mut hands: Vec<Vec<Held>> = (0..players).map(|_| deck.drain(..size).collect()).collect();
    prop_assert_eq!(deck.len(), game.set_aside() as usize);
    prop_assert!(deck.len() < players);
    // The referee's view: every bank card it has been told is on its bank (reading 1).
    let mut m = Model {
        n: players,
        banks: (0..players)
            .map(|s| {
                if known {
                    vec![bank_cards[s]]
                } else {
                    Vec::new()
                }
            })
            .collect(),
        turned: vec![false; players],
        to_move: dealer,
        opening: true,
        passes: 0,
        end: None,
    };
    let mut plays = Vec::new();
    let bound = 60 * players + 10;
    for _ in 0..bound {
        // A known bank card is turned by itself when its owner's turn comes (the dealer's
        // is his opening move).
        while known && m.end.is_none() && !m.turned[m.to_move] {
            let s = m.to_move;
            m.turned[s] = true;
            if m.opening {
                m.opening = false;
                m.advance();
            }
        }
        // The engine's state against the reference's.
        for (s, hand) in hands.iter().enumerate() {
            prop_assert_eq!(game.cards_left(s) as usize, hand.len());
            prop_assert_eq!(game.bank(s), &m.banks[s][..], "P{}'s bank", s);
            prop_assert_eq!(game.score(s), m.score(s), "P{}'s score", s);
        }
        prop_assert_eq!(game.end(), m.end);
        let want = game.want();
        if m.end.is_some() {
            break;
        }
        let seat = m.to_move;
        let step = match want {
            Want::Over(e) => {
                return Err(TestCaseError::fail(format!(
                    "the engine ended the game ({e:?}); the reference has it in play"
                )));
            }
            Want::Turn(s) => {
                prop_assert!(!known && !m.turned[seat]);
                prop_assert_eq!(s, seat, "whose bank card is turned");
                Step::Turn {
                    seat,
                    card: bank_cards[seat],
                }
            }
            Want::Move { seat: s, .. } => {
                prop_assert!(m.turned[seat] && !m.opening);
                prop_assert_eq!(s, seat, "whose move it is");
                let needs = ref_needs(
                    *m.banks[seat].last().unwrap(),
                    *m.banks[m.prev(seat)].last().unwrap(),
                );
                let (good, bad): (Vec<Lay>, Vec<Lay>) = ref_candidates(&hands[seat])
                    .into_iter()
                    .partition(|l| ref_meets(&lay_cards(l), &needs));
                // The engine offers exactly the reference's plays.
                let offered: HashSet<Lay> = game.legal_plays(&hands[seat]).into_iter().collect();
                let want_set: HashSet<Lay> = good.iter().copied().collect();
                prop_assert_eq!(&offered, &want_set, "the plays meeting {:?}", needs);
                // Plays the reference rejects are refused, and change nothing.
                for &lay in bad.choose_multiple(&mut rng, 4) {
                    refused(
                        &mut game,
                        Step::Play { seat, lay },
                        "a play not meeting the need",
                    )?;
                }
                // A card already in the game (a bank card the referee knows) is refused,
                // even when its value meets the need.
                let known_cards: Vec<DeckCard> = (0..players)
                    .filter(|&s| known || m.turned[s])
                    .map(|s| bank_cards[s])
                    .filter(|c| matches!(c, DeckCard::Card(_)))
                    .collect();
                if let Some(&used) = known_cards.choose(&mut rng) {
                    refused(
                        &mut game,
                        Step::Play {
                            seat,
                            lay: Lay::One(used),
                        },
                        "a card in the game",
                    )?;
                }
                // Three cards are never a play.
                if hands[seat].len() >= 3 {
                    let three: Vec<String> = hands[seat][..3]
                        .iter()
                        .map(|h| match h {
                            Held::Card(c) => c.to_string(),
                            Held::Joker => "Jk=5".into(),
                        })
                        .collect();
                    let text = format!("P{seat}: {}", three.join(" "));
                    prop_assert!(parse_step(&text, &game).is_err(), "{} was read", text);
                }
                // Two cards from a hand of one: the second from another hand meets the
                // need with a card not in the game, and is still refused.
                if hands[seat].len() == 1
                    && let Held::Card(c) = hands[seat][0]
                {
                    let other = hands[(seat + 1) % players].iter().find_map(|h| match h {
                        Held::Card(x) => Some(DeckCard::Card(*x)),
                        Held::Joker => None,
                    });
                    if let Some(x) = other {
                        let lay = Lay::Two {
                            under: DeckCard::Card(c),
                            top: x,
                        };
                        refused(
                            &mut game,
                            Step::Play { seat, lay },
                            "two cards from a hand of one",
                        )?;
                    }
                }
                if good.is_empty() || rng.random_bool(0.1) {
                    Step::Pass { seat }
                } else {
                    let lay = *good.choose(&mut rng).unwrap();
                    for c in lay_cards(&lay) {
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
        let other = (seat + 1) % players;
        refused(&mut game, Step::Pass { seat: other }, "a pass out of turn")?;
        let text = game.step_text(&step);
        if let Err(e) = game.apply(step) {
            return Err(TestCaseError::fail(format!("bot move {text} refused: {e}")));
        }
        // The reference follows.
        match step {
            Step::Turn { card, .. } => {
                m.banks[seat].push(card);
                m.turned[seat] = true;
                if m.opening {
                    m.opening = false;
                    m.advance();
                }
            }
            Step::Pass { .. } => {
                m.passes += 1;
                if m.passes == players {
                    m.end = Some(End::Blocked);
                } else {
                    m.advance();
                }
            }
            Step::Play { lay, .. } => {
                m.banks[seat].extend(lay_cards(&lay));
                m.passes = 0;
                if hands[seat].is_empty() {
                    m.end = Some(End::EmptyHand(seat));
                } else {
                    m.advance();
                }
            }
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
    prop_assert_eq!(game.end(), m.end);
    prop_assert_eq!(game.winners(), m.winners());
    for s in 0..players {
        prop_assert_eq!(game.score(s), m.score(s));
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

    /// Whatever the text, the script reader and the play reader answer without a panic.
    /// Each card text is read with Ben to move: read, it writes back to the same step, and
    /// a refusal changes nothing and says what was expected; not read, the reason is said.
    /// A whole script of such plays (its setup sound) is refused, if at all, at one of its
    /// plays, named with its text and what was expected.
    #[test]
    fn any_text_is_answered_without_a_panic(
        plays in proptest::collection::vec(".{0,12}", 0..8),
        cards in proptest::collection::vec("(Jk=|jk=)?[AKQJT0-9xé^ ]{0,4}[shdc^]?", 0..8),
        raw in ".{0,60}",
    ) {
        let _ = PontisScript::parse(&raw, None);
        let setup = json!({
            "players": ["Ana", "Ben", "Cyril"],
            "dealer": "Ana",
            "banks": ["7h", "Kd", "3c"],
            "plays": [],
        });
        let game = PontisScript::parse(&setup.to_string(), None)
            .and_then(|s| s.play())
            .unwrap();
        for c in &cards {
            let text = format!("Ben: {c}");
            match parse_step(&text, &game) {
                Ok(step) => {
                    prop_assert_eq!(step.seat(), 1);
                    let back = game.step_text(&step);
                    prop_assert_eq!(parse_step(&back, &game), Ok(step), "{} written back as {}", text, back);
                    let mut g = game.clone();
                    if let Err(e) = g.apply(step) {
                        prop_assert_eq!(&g, &game);
                        prop_assert!(!e.reason.to_string().is_empty() && !e.expected.is_empty());
                    }
                }
                Err(why) => prop_assert!(!why.to_string().is_empty()),
            }
        }
        let mut all = plays.clone();
        all.extend(cards.iter().map(|c| format!("Ben: {c}")));
        let mut script = setup.clone();
        script["plays"] = json!(all);
        if let Err(e) = PontisScript::parse(&script.to_string(), None).and_then(|s| s.play()) {
            let p = e.position();
            prop_assert!((1..=all.len()).contains(&p), "refused at {}: {}", p, e);
            let msg = e.to_string();
            prop_assert!(msg.starts_with(&format!("play {p} ")), "{}", msg);
            prop_assert!(msg.contains("; expected "), "{}", msg);
        }
    }
}
