//! The rules of A4 as pure functions of cards and a few facts about the hand: what happens
//! after a card reaches a hand (the automatic endings, in their order), what a stick settles
//! at once, which decisions are open, the dealer's draw, the showdown. `Round` decides each
//! of these by calling the function here, and so does the house-edge lab (`crate::lab`):
//! each rule is written once, here.

use super::refusal::Refusal;
use super::{CardReason, Decision, HandState, Outcome, Pay, Stand};
use crate::engine::card::{Card, Rank};
use crate::engine::hand::{Total, five_card_trick, is_ace_ten, three_of_a_kind};
use crate::engine::rules::{PontoonVsPontoon, Rules, SplitMatch, Ties};

/// Where a hand came from, as far as the rules care (A2 pontoon, A4.4 splits and aces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandKind {
    /// Dealt to the box.
    Dealt,
    /// Made by a split of a pair other than aces.
    Split,
    /// A split ace.
    SplitAce,
}

/// What the rules look at when a hand's holder decides or a card reaches the hand.
#[derive(Clone, Copy, Debug)]
pub struct HandFacts<'a> {
    pub cards: &'a [Card],
    /// The cards' total, `Total::of(cards)`: counted by the caller (`Round` counts it; the
    /// lab's simulator keeps it card by card with `Total::plus`). Checked in debug builds.
    pub total: Total,
    pub kind: HandKind,
    /// The hand has twisted (it may no longer buy, unless `buy_after_twist`).
    pub twisted: bool,
    /// Splits, and splits of aces, made on the box so far.
    pub box_splits: u16,
    pub box_ace_splits: u16,
    /// The box's first hand (the only one that may surrender).
    pub first_hand: bool,
    pub dealer_up_ace: bool,
}

/// A2: A+10 as the first two cards of an unsplit hand (or of any hand when
/// `pontoon_after_split`).
#[inline]
pub fn counts_as_pontoon(rules: &Rules, cards: &[Card], kind: HandKind) -> bool {
    is_ace_ten(cards) && (kind == HandKind::Dealt || rules.pontoon_after_split())
}

/// Whether two cards make a pair that may be split (`split_match`).
#[inline]
pub fn is_pair(rules: &Rules, a: Card, b: Card) -> bool {
    match rules.split_match() {
        SplitMatch::Rank => a.rank == b.rank,
        SplitMatch::Value => a.rank.value() == b.rank.value(),
    }
}

/// A4.4: may this hand be split now, given the box's splits so far?
pub fn split_refusal(
    rules: &Rules,
    cards: &[Card],
    box_splits: u16,
    box_ace_splits: u16,
) -> Result<(), Refusal> {
    let [a, b] = cards else {
        return Err(Refusal::SplitNeedsTwoCards);
    };
    if !is_pair(rules, *a, *b) {
        return Err(Refusal::NotAPair(*a, *b));
    }
    if let Some(max) = rules.max_splits()
        && box_splits >= max
    {
        return Err(Refusal::SplitLimit(max));
    }
    if a.rank == Rank::Ace && box_ace_splits >= rules.ace_splits() {
        return Err(Refusal::AceSplitLimit(rules.ace_splits()));
    }
    Ok(())
}

/// A4.4, a split carried out (after `split_refusal` allowed it): what becomes of the pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitHands {
    /// The pair's first card: it stays, alone, in the hand that was split.
    pub kept: Card,
    /// The pair's second card: it starts a new hand just after the split one.
    pub moved: Card,
    /// What both hands now are (split aces, or a split of another pair); neither has
    /// twisted.
    pub kind: HandKind,
    /// Why each of the two hands wants its next card (the split hand gets its card
    /// first).
    pub wants: CardReason,
    /// The box's splits, and splits of aces, counting this one.
    pub box_splits: u16,
    pub box_ace_splits: u16,
}

/// A4.4: how a pair is split, for `Round` and the lab alike.
#[inline]
pub fn split(pair: [Card; 2], box_splits: u16, box_ace_splits: u16) -> SplitHands {
    let aces = pair[0].rank == Rank::Ace;
    let (kind, wants) = if aces {
        (HandKind::SplitAce, CardReason::SplitAce)
    } else {
        (HandKind::Split, CardReason::SplitSecond)
    };
    SplitHands {
        kept: pair[0],
        moved: pair[1],
        kind,
        wants,
        box_splits: box_splits + 1,
        box_ace_splits: box_ace_splits + u16::from(aces),
    }
}

/// A4.4 automatic endings, in their order, once a card has reached a player's hand: what
/// the hand does next (settled, standing, wanting a card without a decision, or deciding).
#[inline]
pub fn after_card(rules: &Rules, f: &HandFacts) -> HandState {
    let cards = f.cards;
    let n = cards.len();
    let total = f.total;
    debug_assert_eq!(total, Total::of(cards), "{cards:?}");
    let split_ace = f.kind == HandKind::SplitAce;
    if total.is_bust() {
        HandState::Settled(Outcome::Bust)
    } else if five_card_trick(n, total) {
        if rules.five_card_trick_paid_at_once() {
            HandState::Settled(Outcome::Win(Pay::FiveCardTrick))
        } else {
            HandState::Standing(Stand::FiveCardTrick)
        }
    } else if counts_as_pontoon(rules, cards, f.kind) {
        if rules.pontoon_paid_at_once() && !f.dealer_up_ace {
            HandState::Settled(Outcome::Win(Pay::Pontoon))
        } else {
            HandState::Standing(Stand::Pontoon)
        }
    } else if n == 4
        && rules
            .auto_fifth_card_max()
            .is_some_and(|max| total.hard <= max as u16)
    {
        HandState::Wants(CardReason::AutoFifth)
    } else if total.best == 21 && rules.stop_at_21() {
        if rules.three_of_a_kind_pays().is_some() && three_of_a_kind(cards, total) {
            HandState::Settled(Outcome::Win(Pay::ThreeOfAKind))
        } else {
            HandState::Standing(Stand::TwentyOne)
        }
    } else if split_ace && n <= rules.split_ace_cards() as usize {
        // The endings above apply to a split ace as to any hand (A4.4 aces).
        HandState::Wants(CardReason::SplitAce)
    } else if split_ace {
        if n == 2 && split_refusal(rules, cards, f.box_splits, f.box_ace_splits).is_ok() {
            HandState::Deciding
        } else {
            HandState::Standing(Stand::SplitAce)
        }
    } else {
        HandState::Deciding
    }
}

/// A stick that settles the hand at once: three of a kind, when the knob pays it (A2).
/// `total` is `Total::of(cards)`, counted by the caller.
#[inline]
pub fn on_stick(rules: &Rules, cards: &[Card], total: Total) -> Option<Outcome> {
    debug_assert_eq!(total, Total::of(cards), "{cards:?}");
    rules
        .three_of_a_kind_pays()
        .filter(|_| three_of_a_kind(cards, total))
        .map(|_| Outcome::Win(Pay::ThreeOfAKind))
}

/// A4.4: may the holder make decision `d` on this hand now? Every decision rule of a hand.
#[inline]
pub fn decision_refusal(rules: &Rules, d: Decision, f: &HandFacts) -> Result<(), Refusal> {
    debug_assert_eq!(f.total, Total::of(f.cards), "{:?}", f.cards);
    let n = f.cards.len();
    if f.kind == HandKind::SplitAce {
        // A split ace decides only whether to split again (A4.4 aces).
        let all_cards = n > rules.split_ace_cards() as usize;
        return match d {
            Decision::Split => split_refusal(rules, f.cards, f.box_splits, f.box_ace_splits),
            Decision::Stick if all_cards => Ok(()),
            Decision::Twist if !all_cards => Ok(()),
            _ => Err(Refusal::SplitAceNoDecision(d)),
        };
    }
    match d {
        Decision::Stick => match rules.min_stick() {
            Some(min) if f.total.best < min as u16 => Err(Refusal::StickBelowMinimum {
                total: f.total.best,
                min,
            }),
            _ => Ok(()),
        },
        Decision::Twist => Ok(()),
        Decision::Buy => {
            if f.twisted && !rules.buy_after_twist() {
                return Err(Refusal::BuyAfterTwist);
            }
            if !rules.buy_cards().allows(n + 1) {
                return Err(Refusal::CardNotBuyable(n + 1));
            }
            Ok(())
        }
        Decision::Split => split_refusal(rules, f.cards, f.box_splits, f.box_ace_splits),
        Decision::Surrender => {
            if !rules.surrender() {
                return Err(Refusal::SurrenderNotAllowed);
            }
            if f.dealer_up_ace {
                return Err(Refusal::SurrenderAgainstAce);
            }
            if f.box_splits > 0 || !f.first_hand || n != 2 {
                return Err(Refusal::SurrenderTooLate);
            }
            Ok(())
        }
    }
}

/// A4.4: whether a twist marks the hand as twisted (so that it may no longer buy, unless
/// `buy_after_twist`). A split ace's card is dealt to it, not twisted for.
#[inline]
pub fn twist_marks(kind: HandKind) -> bool {
    kind != HandKind::SplitAce
}

/// A4.3: whether even money may be taken on bet `bet`, whose box holds `cards`: the rules
/// offer it and the hand counts as pontoon.
pub fn even_money_refusal(
    rules: &Rules,
    cards: &[Card],
    kind: HandKind,
    bet: usize,
) -> Result<(), Refusal> {
    if !rules.even_money() {
        return Err(Refusal::EvenMoneyNotOffered);
    }
    if !counts_as_pontoon(rules, cards, kind) {
        return Err(Refusal::NoPontoon(bet));
    }
    Ok(())
}

/// A4.5: the dealer's hand is a pontoon (his first two cards A+10): insurance wins on it,
/// and it is what the showdown weighs against a player's pontoon.
#[inline]
pub fn dealer_pontoon(cards: &[Card]) -> bool {
    is_ace_ten(cards)
}

/// A4.5: whether the dealer draws another card, holding `cards` cards worth `total`. He
/// plays only while a bet is open: with a hand awaiting the showdown he draws until he
/// stands; with only insurance open, one card (it tells whether he has pontoon); with
/// nothing open, none.
#[inline]
pub fn dealer_draws(
    rules: &Rules,
    cards: usize,
    total: Total,
    hand_open: bool,
    insurance_open: bool,
) -> bool {
    if hand_open {
        !dealer_stands(rules, total)
    } else {
        insurance_open && cards < 2
    }
}

/// A4.5: the dealer stands on this total (every 17 and more; a soft 17 draws when
/// `dealer_hits_soft_17`).
#[inline]
pub fn dealer_stands(rules: &Rules, t: Total) -> bool {
    t.best > 17 || (t.best == 17 && !(t.soft && rules.dealer_hits_soft_17()))
}

/// A4.6: how a standing hand fares against the dealer's final hand. `total` is
/// `Total::of(cards)`, counted by the caller.
#[inline]
pub fn showdown(
    rules: &Rules,
    cards: &[Card],
    total: Total,
    kind: HandKind,
    dealer: Total,
    dealer_pontoon: bool,
) -> Outcome {
    debug_assert_eq!(total, Total::of(cards), "{cards:?}");
    if five_card_trick(cards.len(), total) {
        if dealer_pontoon && !rules.five_card_trick_beats_dealer_pontoon() {
            Outcome::Lose
        } else {
            Outcome::Win(Pay::FiveCardTrick)
        }
    } else if counts_as_pontoon(rules, cards, kind) {
        if dealer_pontoon {
            match rules.pontoon_vs_pontoon() {
                PontoonVsPontoon::PlayerLoses => Outcome::Lose,
                PontoonVsPontoon::Push => Outcome::Push,
                PontoonVsPontoon::PlayerWins => Outcome::Win(Pay::Pontoon),
            }
        } else {
            Outcome::Win(Pay::Pontoon)
        }
    } else if dealer_pontoon {
        Outcome::Lose
    } else if dealer.is_bust() {
        Outcome::Win(Pay::Even)
    } else {
        let p = total.best;
        if p > dealer.best {
            Outcome::Win(Pay::Even)
        } else if p < dealer.best {
            Outcome::Lose
        } else {
            match rules.ties() {
                Ties::DealerWins => Outcome::Lose,
                Ties::Push => Outcome::Push,
            }
        }
    }
}
