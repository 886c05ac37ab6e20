//! The shoe: what cards are still in it. Owns the A1 rule that a card the shoe can no
//! longer hold is impossible. Counts only; the order of the cards is the table's business.

use super::card::{Card, Rank};

/// How many of each rank, and of each rank+suit, are still in the shoe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shoe {
    decks: u8,
    rank_left: [u16; 13],
    suited_left: [[u8; 4]; 13],
}

/// A card the shoe cannot hold any more (RULES.md A1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImpossibleCard {
    #[error(
        "impossible card {card}: a shoe of {decks} decks holds {max} cards of rank {rank}, and all of them are already out"
    )]
    Rank {
        card: Card,
        rank: &'static str,
        decks: u8,
        max: u16,
    },
    #[error(
        "impossible card {card}: a shoe of {decks} decks holds {decks} × {card}, and all of them are already out"
    )]
    Suited { card: Card, decks: u8 },
}

impl Shoe {
    /// A full shoe of `decks` standard 52-card decks.
    pub fn new(decks: u8) -> Shoe {
        Shoe {
            decks,
            rank_left: [4 * decks as u16; 13],
            suited_left: [[decks; 4]; 13],
        }
    }

    pub(crate) fn decks(&self) -> u8 {
        self.decks
    }

    /// Cards of this rank still in the shoe.
    pub(crate) fn rank_left(&self, rank: Rank) -> u16 {
        self.rank_left[rank.index()]
    }

    /// Cards left in all.
    pub fn cards_left(&self) -> u32 {
        self.rank_left.iter().map(|&n| n as u32).sum()
    }

    /// Whether the shoe can still give this card; says why not.
    pub fn check(&self, card: Card) -> Result<(), ImpossibleCard> {
        let r = card.rank.index();
        if self.rank_left[r] == 0 {
            return Err(ImpossibleCard::Rank {
                card,
                rank: card.rank.symbol(),
                decks: self.decks,
                max: 4 * self.decks as u16,
            });
        }
        if let Some(s) = card.suit
            && self.suited_left[r][s.index()] == 0
        {
            return Err(ImpossibleCard::Suited {
                card,
                decks: self.decks,
            });
        }
        Ok(())
    }

    /// Takes the card out of the shoe, or refuses it and changes nothing.
    pub(crate) fn take(&mut self, card: Card) -> Result<(), ImpossibleCard> {
        self.check(card)?;
        self.remove(card);
        Ok(())
    }

    /// Takes out a card that [`Shoe::check`] has accepted.
    pub(crate) fn remove(&mut self, card: Card) {
        let r = card.rank.index();
        self.rank_left[r] -= 1;
        if let Some(s) = card.suit {
            self.suited_left[r][s.index()] -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn a_rank_runs_out_after_four_per_deck() {
        let mut shoe = Shoe::new(2);
        for _ in 0..8 {
            shoe.take(card("A")).unwrap();
        }
        let before = shoe.clone();
        let err = shoe.take(card("A")).unwrap_err();
        assert!(err.to_string().contains("holds 8 cards of rank A"), "{err}");
        assert_eq!(shoe, before, "a refused card changes nothing");
        assert!(
            shoe.take(card("Ah")).is_err(),
            "suited counts against the rank too"
        );
    }

    #[test]
    fn a_suited_card_runs_out_after_one_per_deck() {
        let mut shoe = Shoe::new(2);
        shoe.take(card("Ks")).unwrap();
        shoe.take(card("Ks")).unwrap();
        assert!(matches!(
            shoe.take(card("Ks")),
            Err(ImpossibleCard::Suited { .. })
        ));
        shoe.take(card("Kh")).unwrap();
        shoe.take(card("K")).unwrap();
        assert_eq!(shoe.rank_left(Rank::King), 4);
    }
}
