//! Hand values (RULES.md A2): hard and soft totals, bust, pontoon, five-card trick, three of
//! a kind. Pure functions of the cards; whether a hand came from a split is the round's
//! business, and is passed in where it matters.

use super::card::{Card, Rank};

/// The value of a set of cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Total {
    /// Aces count 1.
    pub(crate) hard: u16,
    /// The hand's total: the soft total when it is ≤ 21, else the hard total.
    pub best: u16,
    /// Whether `best` counts an ace as 11.
    pub(crate) soft: bool,
}

impl Total {
    /// No cards yet.
    pub const NONE: Total = Total {
        hard: 0,
        best: 0,
        soft: false,
    };

    pub(crate) fn of(cards: &[Card]) -> Total {
        cards.iter().fold(Total::NONE, |t, c| t.plus(c.rank))
    }

    /// The total once a card of `rank` is added: the one place A2's totals are counted.
    /// An ace can count 11 only while the hard total is 11 or less, so a hand that is not
    /// soft now can become soft only by the card being an ace.
    #[inline]
    pub(crate) fn plus(self, rank: Rank) -> Total {
        let hard = self.hard + rank.value() as u16;
        // Without branches (the lab's simulator counts every card through here).
        let soft = (self.soft | (rank == Rank::Ace)) & (hard + 10 <= 21);
        Total {
            hard,
            best: hard + 10 * soft as u16,
            soft,
        }
    }

    /// Bust: the hard total is over 21.
    #[inline]
    pub(crate) fn is_bust(self) -> bool {
        self.hard > 21
    }
}

/// Exactly two cards, an ace and a ten-value card. Whether it *counts* as a pontoon (not
/// after a split, unless `pontoon_after_split`) is decided by the caller.
pub(crate) fn is_ace_ten(cards: &[Card]) -> bool {
    match cards {
        [a, b] => {
            (a.rank == Rank::Ace && b.rank.is_ten_value())
                || (b.rank == Rank::Ace && a.rank.is_ten_value())
        }
        _ => false,
    }
}

/// Five cards totalling 21 or less: `len` cards whose total (counted by the caller) is
/// `total`.
#[inline]
pub(crate) fn five_card_trick(len: usize, total: Total) -> bool {
    len == 5 && !total.is_bust()
}

/// Exactly three cards of one rank, totalling 21 or less (`total` is the cards' total,
/// counted by the caller).
#[inline]
pub(crate) fn three_of_a_kind(cards: &[Card], total: Total) -> bool {
    match cards {
        [a, b, c] => a.rank == b.rank && b.rank == c.rank && !total.is_bust(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn totals() {
        // (cards, hard, best, soft)
        let cases = [
            ("A K", 11, 21, true),
            ("A A", 2, 12, true),
            ("A 6", 7, 17, true),
            ("A 6 K", 17, 17, false),
            ("10 9 5", 24, 24, false),
            ("A 2 3 5", 11, 21, true),
            ("A A A A A A A", 7, 17, true),
        ];
        for (c, hard, best, soft) in cases {
            assert_eq!(Total::of(&cards(c)), Total { hard, best, soft }, "{c}");
        }
    }

    fn is_five_card_trick(cards: &[Card]) -> bool {
        five_card_trick(cards.len(), Total::of(cards))
    }

    fn is_three_of_a_kind(cards: &[Card]) -> bool {
        three_of_a_kind(cards, Total::of(cards))
    }

    #[test]
    fn special_hands() {
        assert!(is_ace_ten(&cards("A Q")) && is_ace_ten(&cards("10 A")));
        assert!(!is_ace_ten(&cards("A 9")) && !is_ace_ten(&cards("A 5 5")));
        assert!(is_five_card_trick(&cards("2 3 4 5 6")));
        assert!(!is_five_card_trick(&cards("2 3 4 5 K")));
        assert!(is_three_of_a_kind(&cards("7 7 7")) && !is_three_of_a_kind(&cards("7 7 7 2")));
        assert!(!is_three_of_a_kind(&cards("K K Q")) && !is_three_of_a_kind(&cards("8 8 8")));
    }
}
