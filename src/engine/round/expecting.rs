//! What the round expects next, as data (issue 24): the engine's own rule of what comes
//! next, closed and owned, so that any language can word it (`i18n::errors::expecting`)
//! and `Round::expected` is its English. Words only in `Display`; never decides a rule.

use std::fmt;

use super::{BetId, Card, CardReason, HandState, Phase, Round, Step};
use crate::engine::Money;

/// What the round expects now: the next input, and the offers open beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expecting {
    pub next: Next,
    /// Insurance and even money still open (right after the deal, against an ace).
    pub offers: Vec<OpenOffer>,
}

/// The next input the round wants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// Nothing: the round is complete.
    Complete,
    /// The dealer's first card, in the deal.
    DealerFirst,
    /// A card for the dealer's hand, which totals `total`.
    Dealer { total: u16 },
    /// A box's first (or, `second`, second) card of the deal.
    Deal { box_no: u8, second: bool },
    /// A card for a hand in play (`hands`: how many the box holds).
    Card {
        box_no: u8,
        hand: usize,
        hands: usize,
        reason: CardReason,
    },
    /// A decision for a hand in play: its cards, its best total, the moves it may make.
    Decision {
        box_no: u8,
        hand: usize,
        hands: usize,
        cards: Vec<Card>,
        total: u16,
        moves: Vec<Move>,
    },
}

/// A move the hand in play may make, bets named by id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    Stick,
    Twist,
    Buy,
    Split,
    Surrender,
    SurrenderBet(BetId),
    Decline(BetId),
}

/// An offer a bet may still take: insurance up to `max`, or even money.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenOffer {
    Insure { bet: BetId, max: Money },
    EvenMoney(BetId),
}

impl Round {
    /// What the round expects now, as data (its English is [`Round::expected`]).
    pub fn expecting(&self) -> Expecting {
        let legal = self.legal_steps();
        let id = |b: usize| self.specs[b].id.clone();
        let offers = if self.offers_open {
            legal
                .iter()
                .filter_map(|&s| match s {
                    Step::Insure(b, max) => Some(OpenOffer::Insure { bet: id(b), max }),
                    Step::EvenMoney(b) => Some(OpenOffer::EvenMoney(id(b))),
                    _ => None,
                })
                .collect()
        } else {
            Vec::new()
        };
        let next = match self.phase {
            Phase::Complete => Next::Complete,
            Phase::Deal(n) => {
                let k = self.seats.len();
                match n.cmp(&k) {
                    std::cmp::Ordering::Equal => Next::DealerFirst,
                    o => Next::Deal {
                        box_no: self.seats[n % (k + 1)].box_no,
                        second: o == std::cmp::Ordering::Greater,
                    },
                }
            }
            Phase::Dealer => Next::Dealer {
                total: self.dealer_total().best,
            },
            Phase::Play { seat, hand } => {
                let s = &self.seats[seat];
                let h = &s.hands[hand];
                let (box_no, hands) = (s.box_no, s.hands.len());
                match h.state {
                    HandState::Wants(reason) => Next::Card {
                        box_no,
                        hand,
                        hands,
                        reason,
                    },
                    _ => Next::Decision {
                        box_no,
                        hand,
                        hands,
                        cards: h.cards().to_vec(),
                        total: h.total().best,
                        moves: legal
                            .iter()
                            .filter_map(|&s| match s {
                                Step::Stick => Some(Move::Stick),
                                Step::Twist => Some(Move::Twist),
                                Step::Buy => Some(Move::Buy),
                                Step::Split => Some(Move::Split),
                                Step::Surrender => Some(Move::Surrender),
                                Step::SurrenderBet(b) => Some(Move::SurrenderBet(id(b))),
                                Step::Decline(b) => Some(Move::Decline(id(b))),
                                Step::Card(_) | Step::Insure(..) | Step::EvenMoney(_) => None,
                            })
                            .collect(),
                    },
                }
            }
        };
        Expecting { next, offers }
    }
}

fn label(f: &mut fmt::Formatter<'_>, box_no: u8, hand: usize, hands: usize) -> fmt::Result {
    if hands > 1 {
        write!(f, "box {box_no} hand {} of {hands}", hand + 1)
    } else {
        write!(f, "box {box_no}")
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use super::Decision as D;
        match self {
            Move::Stick => f.write_str(D::Stick.word()),
            Move::Twist => f.write_str(D::Twist.word()),
            Move::Buy => f.write_str(D::Buy.word()),
            Move::Split => f.write_str(D::Split.word()),
            Move::Surrender => f.write_str(D::Surrender.word()),
            Move::SurrenderBet(b) => write!(f, "surrender {b}"),
            Move::Decline(b) => write!(f, "decline {b}"),
        }
    }
}

impl fmt::Display for Next {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Next::Complete => f.write_str("nothing: the round is complete"),
            Next::DealerFirst => f.write_str("the dealer's card"),
            Next::Dealer { total } => write!(f, "a card for the dealer (dealer has {total})"),
            Next::Deal { box_no, second } => {
                let which = if *second { "second" } else { "first" };
                write!(f, "the {which} card for box {box_no}")
            }
            Next::Card {
                box_no,
                hand,
                hands,
                reason,
            } => {
                let why = match reason {
                    CardReason::Deal => "dealt",
                    CardReason::Twist => "twisted",
                    CardReason::Buy => "bought",
                    CardReason::SplitSecond => "its second card after the split",
                    CardReason::SplitAce => "the split ace's card",
                    CardReason::AutoFifth => "the automatic fifth card",
                };
                f.write_str("a card for ")?;
                label(f, *box_no, *hand, *hands)?;
                write!(f, " ({why})")
            }
            Next::Decision {
                box_no,
                hand,
                hands,
                cards,
                total,
                moves,
            } => {
                let cards: Vec<String> = cards.iter().map(Card::to_string).collect();
                let moves: Vec<String> = moves.iter().map(Move::to_string).collect();
                f.write_str("a decision for ")?;
                label(f, *box_no, *hand, *hands)?;
                write!(
                    f,
                    " ({}, total {total}): {}",
                    cards.join(" "),
                    moves.join(", ")
                )
            }
        }
    }
}

/// The English of `Round::expected`: `an offer (insure 1a (up to 5.00), even-money 2a) or
/// the first card for box 1`.
impl fmt::Display for Expecting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.offers.is_empty() || self.next == Next::Complete {
            return write!(f, "{}", self.next);
        }
        let offers: Vec<String> = self
            .offers
            .iter()
            .map(|o| match o {
                OpenOffer::Insure { bet, max } => format!("insure {bet} (up to {max})"),
                OpenOffer::EvenMoney(bet) => format!("even-money {bet}"),
            })
            .collect();
        write!(f, "an offer ({}) or {}", offers.join(", "), self.next)
    }
}
