//! Cards: the thirteen ranks, the four optional suits, and how a dealer types them.
//! Owns parsing and printing of a card; knows nothing of shoes, hands or rules.

use std::fmt;
use std::str::FromStr;

/// A card's rank. Closed: there is no fourteenth rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    Ace,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
}

impl Rank {
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// 0 for the ace up to 12 for the king.
    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// RULES.md A1: 2–10 face value, J Q K = 10, A = 1 (the 11 is a hand's business).
    #[inline]
    pub(crate) fn value(self) -> u8 {
        // Ace 0 → 1, Two 1 → 2, …, Ten 9 → 10; Jack, Queen, King (10–12) → 10: one `min`,
        // no branch (the lab's simulator counts every card through here).
        (self as u8 + 1).min(10)
    }

    /// 10 J Q K: the cards that make a pontoon with an ace.
    pub fn is_ten_value(self) -> bool {
        self.value() == 10
    }

    pub(crate) fn symbol(self) -> &'static str {
        [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ][self.index()]
    }

    fn from_symbol(s: &str) -> Option<Rank> {
        Some(match s {
            "A" => Rank::Ace,
            "2" => Rank::Two,
            "3" => Rank::Three,
            "4" => Rank::Four,
            "5" => Rank::Five,
            "6" => Rank::Six,
            "7" => Rank::Seven,
            "8" => Rank::Eight,
            "9" => Rank::Nine,
            "10" | "T" => Rank::Ten,
            "J" => Rank::Jack,
            "Q" => Rank::Queen,
            "K" => Rank::King,
            _ => return None,
        })
    }
}

/// A suit; entering it is optional at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub(crate) fn index(self) -> usize {
        self as usize
    }

    pub(crate) fn letter(self) -> char {
        ['s', 'h', 'd', 'c'][self.index()]
    }

    fn from_letter(c: char) -> Option<Suit> {
        Some(match c {
            'S' => Suit::Spades,
            'H' => Suit::Hearts,
            'D' => Suit::Diamonds,
            'C' => Suit::Clubs,
            _ => return None,
        })
    }
}

/// A dealt card: a rank, and a suit when the dealer entered one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    pub rank: Rank,
    pub(crate) suit: Option<Suit>,
}

impl Card {
    pub fn new(rank: Rank, suit: Option<Suit>) -> Card {
        Card { rank, suit }
    }

    pub fn of(rank: Rank) -> Card {
        Card { rank, suit: None }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rank.symbol())?;
        if let Some(s) = self.suit {
            write!(f, "{}", s.letter())?;
        }
        Ok(())
    }
}

/// Text that is not a card, with the text kept for the message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "\"{}\" is not a card: expected a rank A 2 3 4 5 6 7 8 9 10 (or T) J Q K, optionally followed by a suit s h d c",
    super::shown(.0)
)]
pub struct NotACard(pub String);

impl FromStr for Card {
    type Err = NotACard;

    /// `A`, `10`, `T`, `Kh`, `10s`, `qd`: case does not matter.
    fn from_str(text: &str) -> Result<Card, NotACard> {
        let bad = || NotACard(text.to_string());
        let t = text.trim().as_bytes();
        // At most "10" and a suit, all ASCII (so that no byte index below can fall inside a
        // character): upper-case into a small buffer, no allocation.
        if t.is_empty() || t.len() > 3 || !t.is_ascii() {
            return Err(bad());
        }
        let mut buf = [0u8; 3];
        for (d, s) in buf.iter_mut().zip(t) {
            *d = s.to_ascii_uppercase();
        }
        let up = std::str::from_utf8(&buf[..t.len()]).map_err(|_| bad())?;
        if let Some(rank) = Rank::from_symbol(up) {
            return Ok(Card::of(rank));
        }
        let (rank, suit) = up.split_at(up.len() - 1);
        let suit = suit
            .chars()
            .next()
            .and_then(Suit::from_letter)
            .ok_or_else(bad)?;
        let rank = Rank::from_symbol(rank).ok_or_else(bad)?;
        Ok(Card::new(rank, Some(suit)))
    }
}

/// A card of a deck with jokers (Pontis, RULES.md B): a real card, or a joker standing for
/// the rank its player named (`Jk=5`, `Jk=A`). A joker names a rank only, no suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeckCard {
    Card(Card),
    Joker(Rank),
}

impl DeckCard {
    /// The rank it counts as: its own, or the one the joker was named.
    pub fn rank(self) -> Rank {
        match self {
            DeckCard::Card(c) => c.rank,
            DeckCard::Joker(r) => r,
        }
    }
}

impl fmt::Display for DeckCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeckCard::Card(c) => c.fmt(f),
            DeckCard::Joker(r) => write!(f, "Jk={}", r.symbol()),
        }
    }
}

/// Text that is neither a card nor a named joker.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotADeckCard {
    #[error(
        "\"{}\" is not a card: expected a rank A 2 3 4 5 6 7 8 9 10 (or T) J Q K, optionally followed by a suit s h d c, or a joker Jk=V naming its value",
        super::shown(.0)
    )]
    Card(String),
    #[error(
        "\"{}\" is not a named joker: a joker is written Jk=V with V a rank A 2 3 4 5 6 7 8 9 10 (or T) J Q K, no suit",
        super::shown(.0)
    )]
    Joker(String),
}

impl FromStr for DeckCard {
    type Err = NotADeckCard;

    /// A card as [`Card`] reads it, or `Jk=V` (case does not matter; `Jk=A` is an ace).
    fn from_str(text: &str) -> Result<DeckCard, NotADeckCard> {
        let t = text.trim();
        let joker = t.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("jk"));
        if !joker {
            return t
                .parse::<Card>()
                .map(DeckCard::Card)
                .map_err(|_| NotADeckCard::Card(text.to_string()));
        }
        let name = t[2..].strip_prefix('=').map(str::to_ascii_uppercase);
        name.as_deref()
            .and_then(Rank::from_symbol)
            .map(DeckCard::Joker)
            .ok_or_else(|| NotADeckCard::Joker(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_spelling_and_refuses_the_rest() {
        let good = [
            ("A", "A"),
            ("a", "A"),
            ("10", "10"),
            ("t", "10"),
            ("Th", "10h"),
            ("10S", "10s"),
            ("qd", "Qd"),
            (" 7c ", "7c"),
        ];
        for (text, shown) in good {
            assert_eq!(text.parse::<Card>().unwrap().to_string(), shown, "{text}");
        }
        // Non-ASCII letters, alone or after a rank (a byte slice must never split them).
        let non_ascii = [
            "é",
            "Aé",
            "é1",
            "Ké",
            "10é",
            "ß",
            "€",
            "\u{1F0A1}",
            "A\u{301}",
        ];
        for text in ["", "1", "11", "Z", "Ax", "10hh", "s", "1 0"]
            .into_iter()
            .chain(non_ascii)
        {
            assert_eq!(
                text.parse::<Card>(),
                Err(NotACard(text.to_string())),
                "{text}"
            );
        }
    }

    #[test]
    fn values_follow_a1() {
        let values: Vec<u8> = Rank::ALL.iter().map(|r| r.value()).collect();
        assert_eq!(values, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]);
    }

    #[test]
    fn deck_cards_read_jokers_by_their_named_rank() {
        for (text, shown) in [
            ("Jk=5", "Jk=5"),
            ("jk=a", "Jk=A"),
            ("JK=T", "Jk=10"),
            ("Kh", "Kh"),
        ] {
            assert_eq!(
                text.parse::<DeckCard>().unwrap().to_string(),
                shown,
                "{text}"
            );
        }
        for text in ["Jk", "Jk=", "Jk=14", "Jk=Kh", "Jk=1", "J k=5", "Jké", "X"] {
            assert!(text.parse::<DeckCard>().is_err(), "{text}");
        }
    }
}
