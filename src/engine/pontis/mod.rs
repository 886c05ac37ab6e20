//! Pontis (RULES.md B, seed 002): the shedding game the referee checks. Owns the seats
//! and the dealer, the banks, the difference a player must meet (the ace's two values,
//! jokers by their named value, one card or two by sum or difference, the bridge and the
//! two-ace bridge), passes, the two endings and the scoring of the banks. Pure like the
//! Pontoon engine: no I/O, no clock, no SQL, no UI; it reuses `card` and `shoe`.
//!
//! The referee does not see the hands: a pass is taken as declared, and a play is
//! checked against the difference, the cards the player still holds, and the cards
//! already in the game (one deck, `jokers` jokers).

pub mod rules;
mod words;

use std::collections::HashSet;

use super::card::{Card, DeckCard, Rank};
use super::shoe::{ImpossibleCard, Shoe};
pub use rules::{Aside, PontisRules, PontisRulesError, Score, Top};
pub use words::{Expecting, PlayWordsError, parse_lay, parse_step};

/// A card in a player's hand as a bot that sees it holds it: a joker is not named until
/// it is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Held {
    Card(Card),
    Joker,
}

/// The cards of one play, as they go onto the player's bank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lay {
    One(DeckCard),
    /// Two cards: `under` goes on the bank first, `top` lies on it.
    Two {
        under: DeckCard,
        top: DeckCard,
    },
}

impl Lay {
    /// Bottom to top.
    pub fn cards(&self) -> Vec<DeckCard> {
        match *self {
            Lay::One(c) => vec![c],
            Lay::Two { under, top } => vec![under, top],
        }
    }
}

/// One input of the referee. `seat` is the player's place in `players`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The player turns up his bank card (the dealer's opening move; each other player's
    /// first turn begins with it).
    Turn {
        seat: usize,
        card: DeckCard,
    },
    Play {
        seat: usize,
        lay: Lay,
    },
    Pass {
        seat: usize,
    },
}

impl Step {
    pub fn seat(&self) -> usize {
        match *self {
            Step::Turn { seat, .. } | Step::Play { seat, .. } | Step::Pass { seat } => seat,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// This seat played its last card and wins.
    EmptyHand(usize),
    /// A full circle passed in a row: the banks are scored.
    Blocked,
}

impl End {
    /// The contract's word: `empty_hand` or `blocked`.
    pub fn word(self) -> &'static str {
        match self {
            End::EmptyHand(_) => "empty_hand",
            End::Blocked => "blocked",
        }
    }
}

/// What a play must meet: the difference between the player's top and the previous
/// player's top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Need {
    /// Equal tops other than aces: `d` = 0, two cards of equal value.
    Bridge,
    /// Two aces on top: one counts 1, the other 14, `d` = 13.
    AceBridge,
    /// `d`, or either of two values when an ace is on top of either bank.
    Difference(u8, Option<u8>),
}

impl Need {
    /// The differences a play may meet.
    pub fn values(self) -> Vec<u8> {
        match self {
            Need::Bridge => vec![0],
            Need::AceBridge => vec![13],
            Need::Difference(a, None) => vec![a],
            Need::Difference(a, Some(b)) => vec![a, b],
        }
    }

    /// Whether these cards, with any choice of each ace's value, meet it.
    pub fn met_by(self, lay: &Lay) -> bool {
        let want = self.values();
        match *lay {
            Lay::One(c) => values(c.rank()).iter().any(|v| want.contains(v)),
            Lay::Two { under, top } => values(under.rank()).iter().any(|&a| {
                values(top.rank())
                    .iter()
                    .any(|&b| want.contains(&(a + b)) || want.contains(&a.abs_diff(b)))
            }),
        }
    }
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// This seat's bank card, face down until now.
    Turn(usize),
    /// This seat plays or passes.
    Move {
        seat: usize,
        need: Need,
    },
    Over(End),
}

/// RULES.md B's values of a rank: 2–10 face value, J 11, Q 12, K 13, the ace 1 or 14.
pub fn values(rank: Rank) -> &'static [u8] {
    const V: [[u8; 1]; 13] = [
        [1],
        [2],
        [3],
        [4],
        [5],
        [6],
        [7],
        [8],
        [9],
        [10],
        [11],
        [12],
        [13],
    ];
    match rank {
        Rank::Ace => &[1, 14],
        r => &V[r.index()],
    }
}

/// A card's points in a scored bank (`score: "sum"`): its value, the ace 14.
pub fn points(card: DeckCard) -> u32 {
    match card.rank() {
        Rank::Ace => 14,
        r => r.index() as u32 + 1,
    }
}

/// The need between two tops (RULES.md B, the bridge included).
pub fn need_between(mine: DeckCard, theirs: DeckCard) -> Need {
    let (a, b) = (mine.rank(), theirs.rank());
    if a == b {
        return if a == Rank::Ace {
            Need::AceBridge
        } else {
            Need::Bridge
        };
    }
    let mut ds: Vec<u8> = values(a)
        .iter()
        .flat_map(|&x| values(b).iter().map(move |&y| x.abs_diff(y)))
        .collect();
    ds.sort_unstable();
    ds.dedup();
    Need::Difference(ds[0], ds.get(1).copied())
}

/// Why a game cannot start as set up. The message names what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("Pontis needs 2 or more players, got {0}")]
    TooFewPlayers(usize),
    #[error(
        "{players} players are too many: one deck and {jokers} jokers give {cards} cards, and every player needs a bank card and at least one card in hand (at most {most} players)"
    )]
    TooManyPlayers {
        players: usize,
        jokers: u8,
        cards: usize,
        most: usize,
    },
    #[error("player {seat}'s name \"{}\" {why}", crate::engine::shown(.name))]
    BadName {
        seat: usize,
        name: String,
        why: &'static str,
    },
    #[error("the dealer must be one of the players (seat 1 to {players}), got seat {seat}")]
    NoSuchDealer { seat: usize, players: usize },
    #[error("{players} players need {players} bank cards, got {banks}")]
    BankCount { players: usize, banks: usize },
    #[error("{name}'s bank card {card}: {why}")]
    ImpossibleBank {
        name: String,
        card: DeckCard,
        why: String,
    },
}

/// A refused step: why, and what the game expected instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}; expected {expected}")]
pub struct PlayError {
    pub reason: PlayRefusal,
    pub expected: String,
}

/// Why the game refused a step: a closed set with what a message needs, so that a screen
/// says it in its language (`i18n::errors::pontis`); the English `Display` is the log's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayRefusal {
    #[error("there is no seat {}", .0 + 1)]
    NoSeat(usize),
    #[error("the game is over")]
    Over,
    #[error("out of turn: it is {now}'s turn, not {who}'s")]
    OutOfTurn { now: String, who: String },
    #[error("bank card {card}: {why}")]
    BankCardGone { card: DeckCard, why: CardGone },
    #[error("{who}'s bank card is already turned up ({})", .top.map(|c| c.to_string()).unwrap_or_default())]
    AlreadyTurned { who: String, top: Option<DeckCard> },
    #[error("{who}'s bank card must be turned up first")]
    TurnFirst { who: String },
    #[error("{who} holds {held} card{}, fewer than the {played} played", if *.held == 1 { "" } else { "s" })]
    HoldsFewer {
        who: String,
        held: usize,
        played: usize,
    },
    #[error("{} {} not meet {}", words::lay_words(.lay, *.top), if .lay.cards().len() == 1 { "does" } else { "do" }, words::need_words(*.need))]
    DoesNotMeet { lay: Lay, top: Top, need: Need },
    #[error("{card}: {why}")]
    CardGone { card: DeckCard, why: CardGone },
}

/// Why a card cannot be in the game: the deck holds no more of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardGone {
    #[error("all four {} of the deck are already in the game", .0.symbol())]
    Rank(Rank),
    #[error("{0} is already in the game (the deck holds one)")]
    Card(Card),
    #[error("all {0} jokers are already in the game")]
    Jokers(u8),
}

/// A game of Pontis in play (or over).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: PontisRules,
    names: Vec<String>,
    dealer: usize,
    /// Each bank bottom to top; a bank card the referee has not been told is absent.
    banks: Vec<Vec<DeckCard>>,
    turned: Vec<bool>,
    hands: Vec<u8>,
    hand_size: u8,
    aside: u8,
    /// The real cards of the one deck not yet in the game.
    deck: Shoe,
    jokers_left: u8,
    to_move: usize,
    /// The dealer's opening move (turning his bank card) is still to come.
    opening: bool,
    passes: usize,
    end: Option<End>,
}

impl Game {
    /// A new game: the players in seat order, the dealer's seat, and each bank card the
    /// referee already knows (`None`: entered when it is turned up, as a `Step::Turn`).
    pub fn new(
        rules: PontisRules,
        names: Vec<String>,
        dealer: usize,
        banks: Vec<Option<DeckCard>>,
    ) -> Result<Game, SetupError> {
        let n = names.len();
        if n < 2 {
            return Err(SetupError::TooFewPlayers(n));
        }
        let cards = 52 + rules.jokers() as usize;
        if cards < 2 * n {
            return Err(SetupError::TooManyPlayers {
                players: n,
                jokers: rules.jokers(),
                cards,
                most: cards / 2,
            });
        }
        for (seat, name) in names.iter().enumerate() {
            let why = if name.trim().is_empty() {
                Some("is empty")
            } else if name.trim() != name {
                Some("has spaces around it")
            } else if name.contains(':') {
                Some("has a colon (a play is written \"NAME: CARDS\")")
            } else if names[..seat].contains(name) {
                Some("is already another player's")
            } else {
                None
            };
            if let Some(why) = why {
                return Err(SetupError::BadName {
                    seat: seat + 1,
                    name: name.clone(),
                    why,
                });
            }
        }
        if dealer >= n {
            return Err(SetupError::NoSuchDealer {
                seat: dealer + 1,
                players: n,
            });
        }
        if banks.len() != n {
            return Err(SetupError::BankCount {
                players: n,
                banks: banks.len(),
            });
        }
        let dealt = cards - n;
        let mut game = Game {
            rules,
            dealer,
            banks: vec![Vec::new(); n],
            turned: vec![false; n],
            hands: vec![(dealt / n) as u8; n],
            hand_size: (dealt / n) as u8,
            aside: (dealt % n) as u8,
            deck: Shoe::new(1),
            jokers_left: rules.jokers(),
            to_move: dealer,
            opening: true,
            passes: 0,
            end: None,
            names,
        };
        for (seat, card) in banks.into_iter().enumerate() {
            if let Some(card) = card {
                game.take(card).map_err(|why| SetupError::ImpossibleBank {
                    name: game.names[seat].clone(),
                    card,
                    why: why.to_string(),
                })?;
                game.banks[seat].push(card);
            }
        }
        game.turn_known();
        Ok(game)
    }

    pub fn rules(&self) -> &PontisRules {
        &self.rules
    }
    pub fn names(&self) -> &[String] {
        &self.names
    }
    pub fn players(&self) -> usize {
        self.names.len()
    }
    pub fn dealer(&self) -> usize {
        self.dealer
    }
    /// A seat's bank, bottom to top (a bank card the referee knows is in it, turned up or
    /// not yet).
    pub fn bank(&self, seat: usize) -> &[DeckCard] {
        &self.banks[seat]
    }
    pub fn top(&self, seat: usize) -> Option<DeckCard> {
        self.banks[seat].last().copied()
    }
    /// Whether the seat's bank card is face up.
    pub fn turned(&self, seat: usize) -> bool {
        self.turned[seat]
    }
    /// Cards left in the seat's hand.
    pub fn cards_left(&self, seat: usize) -> u8 {
        self.hands[seat]
    }
    /// Cards dealt into each hand at the start.
    pub fn hand_size(&self) -> u8 {
        self.hand_size
    }
    /// Cards set aside unseen at the deal.
    pub fn set_aside(&self) -> u8 {
        self.aside
    }
    /// Passes in a row so far.
    pub fn passes(&self) -> usize {
        self.passes
    }
    pub fn end(&self) -> Option<End> {
        self.end
    }
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }
    /// The seat whose move it is (the last to move once the game is over).
    pub fn to_move(&self) -> usize {
        self.to_move
    }
    /// The seat before this one, whose top is the other side of the difference.
    pub fn previous(&self, seat: usize) -> usize {
        (seat + self.players() - 1) % self.players()
    }
    /// Who deals the next game of these players: RULES.md B, "the first dealer is drawn by
    /// lot, then the deal rotates" — to the seat after this game's dealer, the way the
    /// turns go round the circle ("the dealer moves first … then, in turn, each player").
    pub fn next_dealer(&self) -> usize {
        (self.dealer + 1) % self.players()
    }

    /// A bank's score (`score: "sum"`).
    pub fn score(&self, seat: usize) -> u32 {
        match self.rules.score() {
            Score::Sum => self.banks[seat].iter().map(|&c| points(c)).sum(),
        }
    }

    /// The winners in seat order: the player who emptied his hand, or, when blocked, the
    /// highest scores (equal highest share); nobody while in play.
    pub fn winners(&self) -> Vec<usize> {
        match self.end {
            None => Vec::new(),
            Some(End::EmptyHand(s)) => vec![s],
            Some(End::Blocked) => {
                let best = (0..self.players()).map(|s| self.score(s)).max();
                (0..self.players())
                    .filter(|&s| Some(self.score(s)) == best)
                    .collect()
            }
        }
    }

    /// What the game waits for.
    pub fn want(&self) -> Want {
        if let Some(end) = self.end {
            return Want::Over(end);
        }
        let seat = self.to_move;
        match (self.top(seat), self.top(self.previous(seat))) {
            _ if !self.turned[seat] => Want::Turn(seat),
            (Some(mine), Some(theirs)) if !self.opening => Want::Move {
                seat,
                need: need_between(mine, theirs),
            },
            // The previous bank is always turned before this seat's turn (turns go round
            // from the dealer, whose opening is only his bank card).
            _ => Want::Turn(seat),
        }
    }

    /// Every real card and joker, whether in the game or not: hands, banks and the cards
    /// set aside add up to this.
    pub fn deck_size(&self) -> usize {
        52 + self.rules.jokers() as usize
    }

    /// Cards on the banks, face-down bank cards the referee has not been told counted too.
    pub fn cards_on_banks(&self) -> usize {
        (0..self.players())
            .map(|s| self.banks[s].len().max(1))
            .sum()
    }

    /// Takes a card out of the deck; says why it cannot be in the game.
    fn take(&mut self, card: DeckCard) -> Result<(), CardGone> {
        match card {
            DeckCard::Card(c) => self.deck.take(c).map_err(|e| match e {
                ImpossibleCard::Rank { .. } => CardGone::Rank(c.rank),
                ImpossibleCard::Suited { .. } => CardGone::Card(c),
            }),
            DeckCard::Joker(_) => {
                if self.jokers_left == 0 {
                    return Err(CardGone::Jokers(self.rules.jokers()));
                }
                self.jokers_left -= 1;
                Ok(())
            }
        }
    }

    /// A known bank card is turned when its owner's turn comes; the dealer's opening
    /// move is then done too.
    fn turn_known(&mut self) {
        let seat = self.to_move;
        if !self.turned[seat] && !self.banks[seat].is_empty() {
            self.turned[seat] = true;
            if self.opening {
                self.opening = false;
                self.to_move = (seat + 1) % self.players();
                self.turn_known();
            }
        }
    }

    fn refuse(&self, reason: PlayRefusal) -> PlayError {
        PlayError {
            reason,
            expected: self.expected(),
        }
    }

    /// Whether the step is legal now; says why not and what was expected.
    pub fn check(&self, step: &Step) -> Result<(), PlayError> {
        self.clone().perform(step)
    }

    /// Checks the step and carries it out; a refused step changes nothing.
    pub fn apply(&mut self, step: Step) -> Result<(), PlayError> {
        let mut after = self.clone();
        after.perform(&step)?;
        *self = after;
        Ok(())
    }

    fn perform(&mut self, step: &Step) -> Result<(), PlayError> {
        let n = self.players();
        let seat = step.seat();
        if seat >= n {
            return Err(self.refuse(PlayRefusal::NoSeat(seat)));
        }
        let want = self.want();
        let who = &self.names[seat];
        match want {
            Want::Over(_) => return Err(self.refuse(PlayRefusal::Over)),
            Want::Turn(s) | Want::Move { seat: s, .. } if s != seat => {
                return Err(self.refuse(PlayRefusal::OutOfTurn {
                    now: self.names[s].clone(),
                    who: who.clone(),
                }));
            }
            _ => {}
        }
        match (*step, want) {
            (Step::Turn { card, .. }, Want::Turn(_)) => {
                self.take(card)
                    .map_err(|why| self.refuse(PlayRefusal::BankCardGone { card, why }))?;
                self.banks[seat].push(card);
                self.turned[seat] = true;
                if self.opening {
                    self.opening = false;
                    self.advance();
                }
                Ok(())
            }
            (Step::Turn { .. }, _) => Err(self.refuse(PlayRefusal::AlreadyTurned {
                who: who.clone(),
                top: self.top(seat),
            })),
            (_, Want::Turn(_)) => Err(self.refuse(PlayRefusal::TurnFirst { who: who.clone() })),
            (Step::Pass { .. }, _) => {
                self.passes += 1;
                if self.passes == n {
                    self.end = Some(End::Blocked);
                } else {
                    self.advance();
                }
                Ok(())
            }
            (Step::Play { lay, .. }, Want::Move { need, .. }) => {
                let cards = lay.cards();
                let held = self.hands[seat] as usize;
                if cards.len() > held {
                    return Err(self.refuse(PlayRefusal::HoldsFewer {
                        who: who.clone(),
                        held,
                        played: cards.len(),
                    }));
                }
                if !need.met_by(&lay) {
                    return Err(self.refuse(PlayRefusal::DoesNotMeet {
                        lay,
                        top: self.rules.top(),
                        need,
                    }));
                }
                for &c in &cards {
                    self.take(c)
                        .map_err(|why| self.refuse(PlayRefusal::CardGone { card: c, why }))?;
                }
                self.banks[seat].extend(cards.iter().copied());
                self.hands[seat] -= cards.len() as u8;
                self.passes = 0;
                if self.hands[seat] == 0 {
                    self.end = Some(End::EmptyHand(seat));
                } else {
                    self.advance();
                }
                Ok(())
            }
            (Step::Play { .. }, Want::Over(_)) => Err(self.refuse(PlayRefusal::Over)),
        }
    }

    fn advance(&mut self) {
        self.to_move = (self.to_move + 1) % self.players();
        self.turn_known();
    }

    /// Every play the player to move could make from this hand (what a bot that sees it
    /// may choose; a pass is always allowed besides): one card or two meeting the need,
    /// jokers named every way that does, both orders of two cards. Each is accepted by
    /// `apply`.
    pub fn legal_plays(&self, hand: &[Held]) -> Vec<Lay> {
        let Want::Move { seat, need } = self.want() else {
            return Vec::new();
        };
        let options = |h: Held| -> Vec<DeckCard> {
            match h {
                Held::Card(c) => vec![DeckCard::Card(c)],
                Held::Joker => Rank::ALL.iter().map(|&r| DeckCard::Joker(r)).collect(),
            }
        };
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let mut offer = |lay: Lay| {
            if need.met_by(&lay)
                && seen.insert(lay)
                && self.check(&Step::Play { seat, lay }).is_ok()
            {
                out.push(lay);
            }
        };
        for (i, &a) in hand.iter().enumerate() {
            for x in options(a) {
                offer(Lay::One(x));
            }
            for &b in &hand[i + 1..] {
                for x in options(a) {
                    for y in options(b) {
                        offer(Lay::Two { under: x, top: y });
                        offer(Lay::Two { under: y, top: x });
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;
