//! A Pontoon round (RULES.md A3–A4): bets, the initial deal, offers, box play, the dealer's
//! draw, showdown and settlement. `expected()` says what input is wanted now; `apply(step)`
//! takes it, or refuses it with what was expected instead and leaves the round untouched.
//! Every rule of A3–A4 is decided here, once; the UI, the store and the CLI only ask.
//!
//! This file holds the round's types and its public API; `setup` builds a round (A3),
//! `check` holds every legality rule, `play` carries out a checked step (dealing, the
//! automatic endings, the dealer, the showdown), `pay` is the one place money is paid,
//! `words` says it all in words, `stats` counts for reports. The round's behaviour is pinned
//! by the scenario fixtures (`tests/scenarios/`) and the property tests, not by unit tests
//! here; `tests.rs` pins only internal invariants (a refused step changes nothing, a checked
//! step performs as `apply` would, `pay`'s table).

use std::sync::Arc;

use smallvec::SmallVec;

use super::card::{Card, Rank};
use super::hand::Total;
use super::money::Money;
use super::rules::Rules;
use super::shoe::Shoe;

mod check;
mod expecting;
mod lines;
mod pay;
mod play;
mod refusal;
pub mod rulings;
mod setup;
mod stats;
#[cfg(test)]
mod tests;
mod words;

pub use check::{Checked, StepError};
pub use expecting::{Expecting, Move, Next, OpenOffer};
pub use lines::{LineKind, SettleLine, SettleTotals};
pub use pay::{Payout, bought_payout, insurance_cap, unit_net};
pub use refusal::Refusal;
pub use rulings::{HandFacts, HandKind};
pub use setup::{Limits, SetupError};
pub use stats::RoundFigures;

/// A bet's position in the round's list of bets (the order they were placed in).
pub type BetIx = usize;

/// A bet's name at the table (`1a`, `4b`): any unique string. Cheap to clone.
pub type BetId = Arc<str>;

/// Most cards a player's hand can hold: the fifth card ends it (A4).
const MAX_HAND_CARDS: usize = 5;

/// One dealer input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A card dealt to wherever the round wants the next card.
    Card(Card),
    /// The box holder's decisions for the hand in play.
    Stick,
    Twist,
    Buy,
    Split,
    /// The holder gives up the whole box.
    Surrender,
    /// A back bet gives up alone.
    SurrenderBet(BetIx),
    Insure(BetIx, Money),
    EvenMoney(BetIx),
    /// A back bet does not follow the buy or split that comes next.
    Decline(BetIx),
}

/// The box holder's five decisions, for hotkeys and buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Stick,
    Twist,
    Buy,
    Split,
    Surrender,
}

impl Decision {
    pub const ALL: [Decision; 5] = [
        Decision::Stick,
        Decision::Twist,
        Decision::Buy,
        Decision::Split,
        Decision::Surrender,
    ];

    pub fn step(self) -> Step {
        match self {
            Decision::Stick => Step::Stick,
            Decision::Twist => Step::Twist,
            Decision::Buy => Step::Buy,
            Decision::Split => Step::Split,
            Decision::Surrender => Step::Surrender,
        }
    }

    /// The decision's word in a round script and on the screen: the one spelling.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Decision::Stick => "stick",
            Decision::Twist => "twist",
            Decision::Buy => "buy",
            Decision::Split => "split",
            Decision::Surrender => "surrender",
        }
    }

    /// The decision a word names (any case).
    pub(crate) fn from_word(word: &str) -> Option<Decision> {
        Decision::ALL
            .into_iter()
            .find(|d| d.word().eq_ignore_ascii_case(word))
    }
}

/// A bet as placed: its name, its box (1-based) and its stake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetSpec {
    pub id: BetId,
    pub box_no: u8,
    pub stake: Money,
}

impl BetSpec {
    /// The name the screens and the simulator give the `k`-th bet on a box (0 is the
    /// holder's): `1a`, `1b`, `3a`. A round script may name its bets anything unique.
    pub fn id_for(box_no: u8, k: usize) -> String {
        let letter = u8::try_from(k)
            .ok()
            .and_then(|k| b'a'.checked_add(k))
            .filter(u8::is_ascii_lowercase)
            .map(char::from)
            .unwrap_or('z');
        format!("{box_no}{letter}")
    }
}

/// Why a hand wants its next card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardReason {
    Deal,
    Twist,
    Buy,
    /// The second card of a hand made by a split.
    SplitSecond,
    /// A split ace's card(s), no decision after.
    SplitAce,
    /// Four cards with a low hard total: the fifth comes without asking.
    AutoFifth,
}

/// Why an open hand stands, waiting for the showdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stand {
    Stuck,
    TwentyOne,
    Pontoon,
    FiveCardTrick,
    SplitAce,
}

/// What a winning hand is paid as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pay {
    Even,
    Pontoon,
    FiveCardTrick,
    ThreeOfAKind,
}

/// How a hand ended for the bets on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Bust,
    Lose,
    Push,
    Win(Pay),
    Surrendered,
}

/// Where a hand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandState {
    Wants(CardReason),
    Deciding,
    Standing(Stand),
    Settled(Outcome),
}

/// What a bet did with the offers (A4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    None,
    Insured { amount: Money, settled: bool },
    EvenMoney,
}

/// Where a bet is: riding on its hands (insured or not), or finished early (A4.3, A4.4).
/// A bet takes at most one offer, and never surrenders against an ace, when offers are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BetState {
    /// On its hands; no offer taken.
    Riding,
    /// On its hands, and insured for `amount`; `settled` once the dealer's second card told.
    Insured { amount: Money, settled: bool },
    /// Took even money: paid at once, finished.
    EvenMoney,
    /// Surrendered, alone or with its box: half back, finished.
    Surrendered,
}

#[derive(Clone, Debug)]
struct Bet {
    seat: usize,
    /// Position on its box: 0 is the holder.
    pos: usize,
    stake: Money,
    state: BetState,
    staked: Money,
    returned: Money,
}

impl Bet {
    /// Still riding on its hands: not surrendered, no even money.
    fn active(&self) -> bool {
        matches!(self.state, BetState::Riding | BetState::Insured { .. })
    }

    /// What the bet did with the offers.
    fn offer(&self) -> Offer {
        match self.state {
            BetState::Insured { amount, settled } => Offer::Insured { amount, settled },
            BetState::EvenMoney => Offer::EvenMoney,
            BetState::Riding | BetState::Surrendered => Offer::None,
        }
    }
}

/// Where a hand came from, which decides what it may do (A2 pontoon, A4.4 buy and aces).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    /// Dealt to the box. `twisted` once it twisted: it may no longer buy (`buy_after_twist`).
    Dealt { twisted: bool },
    /// Made by a split of a pair other than aces.
    Split { twisted: bool },
    /// A split ace: it takes its card(s) with no decision, but may split again.
    SplitAce,
}

impl Origin {
    /// A hand made by a split, of the kind `rulings::split` says (not twisted).
    fn after_split(kind: HandKind) -> Origin {
        match kind {
            HandKind::SplitAce => Origin::SplitAce,
            HandKind::Split | HandKind::Dealt => Origin::Split { twisted: false },
        }
    }
}

/// A player's hand on a box.
#[derive(Clone, Debug)]
pub struct Hand {
    cards: [Card; MAX_HAND_CARDS],
    len: u8,
    /// Stake units per bet position on the box: 0 = not on this hand, 1 = the original
    /// stake, +1 for each buy it followed.
    units: [u8; super::rules::MAX_BETS_PER_BOX as usize],
    origin: Origin,
    state: HandState,
}

impl Hand {
    fn new() -> Hand {
        Hand {
            cards: [Card::of(Rank::Ace); MAX_HAND_CARDS],
            len: 0,
            units: [0; super::rules::MAX_BETS_PER_BOX as usize],
            origin: Origin::Dealt { twisted: false },
            state: HandState::Wants(CardReason::Deal),
        }
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
    pub(crate) fn total(&self) -> Total {
        Total::of(self.cards())
    }
    pub(crate) fn state(&self) -> HandState {
        self.state
    }
    /// Where the hand came from, as the rules see it.
    pub(crate) fn kind(&self) -> HandKind {
        match self.origin {
            Origin::Dealt { .. } => HandKind::Dealt,
            Origin::Split { .. } => HandKind::Split,
            Origin::SplitAce => HandKind::SplitAce,
        }
    }
    /// Whether the hand has twisted (it may no longer buy, `buy_after_twist`).
    pub(crate) fn twisted(&self) -> bool {
        matches!(
            self.origin,
            Origin::Dealt { twisted: true } | Origin::Split { twisted: true }
        )
    }
    /// The stakes bet position `pos` of the box has on the hand: 0 = not on it, 1 = the
    /// original stake, +1 for each buy it followed.
    pub(crate) fn units(&self, pos: usize) -> u8 {
        self.units.get(pos).copied().unwrap_or(0)
    }
    fn push(&mut self, card: Card) {
        self.cards[self.len as usize] = card;
        self.len += 1;
    }
}

/// An occupied box.
#[derive(Clone, Debug)]
pub struct Seat {
    box_no: u8,
    /// The round's bets on this box, holder first.
    bets: SmallVec<[BetIx; 3]>,
    hands: SmallVec<[Hand; 2]>,
    splits: u16,
    ace_splits: u16,
}

impl Seat {
    pub(crate) fn box_no(&self) -> u8 {
        self.box_no
    }
    pub(crate) fn bets(&self) -> &[BetIx] {
        &self.bets
    }
    pub fn hands(&self) -> &[Hand] {
        &self.hands
    }
}

/// A hand of the round: seat index, hand index on that seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct At {
    seat: usize,
    hand: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Initial deal: position `n` of `2 × seats + 1`.
    Deal(usize),
    Play {
        seat: usize,
        hand: usize,
    },
    Dealer,
    Complete,
}

/// Where the next card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardTo {
    /// Box number, hand index on that box (0-based), why.
    Hand {
        box_no: u8,
        hand: usize,
        reason: CardReason,
    },
    Dealer,
}

/// What the round wants now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Want {
    Card(CardTo),
    /// The holder of `box_no` decides for hand `hand` (0-based).
    Decision {
        box_no: u8,
        hand: usize,
    },
    Complete,
}

/// A round of Pontoon, from the bets to the settlement.
#[derive(Clone, Debug)]
pub struct Round {
    rules: Rules,
    limits: Limits,
    shoe: Shoe,
    specs: Arc<[BetSpec]>,
    bets: SmallVec<[Bet; 8]>,
    seats: SmallVec<[Seat; 7]>,
    dealer: SmallVec<[Card; 12]>,
    phase: Phase,
    offers_open: bool,
    /// Back bets that declined the buy or split about to be made (bit per bet index).
    declines: u64,
    /// Steps performed: a [`Checked`] holds the count it was checked at.
    moves: u32,
}

impl Round {
    // ----- what a caller may look at -------------------------------------------------------

    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }
    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }
    pub fn shoe(&self) -> &Shoe {
        &self.shoe
    }
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }
    pub(crate) fn dealer_cards(&self) -> &[Card] {
        &self.dealer
    }
    pub fn dealer_total(&self) -> Total {
        Total::of(&self.dealer)
    }
    pub fn is_complete(&self) -> bool {
        self.phase == Phase::Complete
    }
    pub(crate) fn offers_open(&self) -> bool {
        self.offers_open
    }
    pub fn bet_count(&self) -> usize {
        self.bets.len()
    }
    pub(crate) fn bet_id(&self, b: BetIx) -> &BetId {
        &self.specs[b].id
    }
    pub(crate) fn bet_stake(&self, b: BetIx) -> Money {
        self.bets[b].stake
    }
    pub(crate) fn bet_box(&self, b: BetIx) -> u8 {
        self.seats[self.bets[b].seat].box_no
    }
    pub(crate) fn bet_offer(&self, b: BetIx) -> Offer {
        self.bets[b].offer()
    }
    pub(crate) fn bet_surrendered(&self, b: BetIx) -> bool {
        self.bets[b].state == BetState::Surrendered
    }
    pub fn bet_index(&self, id: &str) -> Option<BetIx> {
        self.specs.iter().position(|b| &*b.id == id)
    }
    /// Everything the bet has put down so far: stake, buys, split stakes, insurance.
    pub fn bet_staked(&self, b: BetIx) -> Money {
        self.bets[b].staked
    }
    /// Everything paid back to the bet so far, stakes included.
    pub fn bet_returned(&self, b: BetIx) -> Money {
        self.bets[b].returned
    }
    /// Net = returned − staked (A4.7). Final once the bet is no longer open.
    pub fn bet_net(&self, b: BetIx) -> Money {
        self.bets[b].returned - self.bets[b].staked
    }
    /// Whether anything of the bet still waits for a result.
    pub fn bet_open(&self, b: BetIx) -> bool {
        let bet = &self.bets[b];
        if matches!(bet.state, BetState::Insured { settled: false, .. }) {
            return true;
        }
        bet.active()
            && self.seats[bet.seat]
                .hands
                .iter()
                .any(|h| h.units[bet.pos] > 0 && !matches!(h.state, HandState::Settled(_)))
    }
    /// House net = −Σ net (A4.7).
    pub fn house_net(&self) -> Money {
        -(0..self.bets.len()).map(|b| self.bet_net(b)).sum::<Money>()
    }
    /// The most bet `b` may insure for (A4.3): `insurance_max` of its stake, rounded down.
    pub fn insurance_max(&self, b: BetIx) -> Money {
        pay::insurance_cap(&self.rules, self.bets[b].stake)
    }

    /// What the round wants now.
    pub fn want(&self) -> Want {
        match self.phase {
            Phase::Deal(n) => Want::Card(self.deal_target(n)),
            Phase::Play { seat, hand } => {
                let s = &self.seats[seat];
                match s.hands[hand].state {
                    HandState::Wants(reason) => Want::Card(CardTo::Hand {
                        box_no: s.box_no,
                        hand,
                        reason,
                    }),
                    _ => Want::Decision {
                        box_no: s.box_no,
                        hand,
                    },
                }
            }
            Phase::Dealer => Want::Card(CardTo::Dealer),
            Phase::Complete => Want::Complete,
        }
    }

    /// The seat and hand in play, if a box is playing.
    pub(crate) fn in_play(&self) -> Option<(usize, usize)> {
        match self.phase {
            Phase::Play { seat, hand } => Some((seat, hand)),
            _ => None,
        }
    }

    /// Every step other than a card that the round would accept now. An insurance is
    /// listed at its largest amount; any amount from 0.01 up to it is accepted.
    pub fn legal_steps(&self) -> Vec<Step> {
        let mut steps: Vec<Step> = Decision::ALL.iter().map(|d| d.step()).collect();
        for b in 0..self.bets.len() {
            steps.extend([
                Step::SurrenderBet(b),
                Step::Insure(b, self.insurance_max(b)),
                Step::EvenMoney(b),
                Step::Decline(b),
            ]);
        }
        steps.retain(|&s| self.check(s).is_ok());
        steps
    }

    /// The holder's five decisions, each legal or refused with why (for buttons and keys).
    pub(crate) fn decisions(&self) -> Vec<(Decision, Result<(), StepError>)> {
        Decision::ALL
            .iter()
            .map(|&d| (d, self.check(d.step()).map_err(|r| self.error(r))))
            .collect()
    }

    // ----- the verbs -------------------------------------------------------------------------

    /// Applies one dealer input, or refuses it and leaves the round as it was.
    pub fn apply(&mut self, step: Step) -> Result<(), StepError> {
        let checked = self.checked(step).map_err(|r| self.error(r))?;
        self.carry_out(checked.act);
        Ok(())
    }

    /// Whether `step` would be accepted now, and if not why (for buttons and keys).
    pub(crate) fn check(&self, step: Step) -> Result<(), Refusal> {
        self.checked(step).map(|_| ())
    }

    /// Checks `step` for [`Round::perform`]: a caller that must do something between the
    /// check and the move (log the input durably) checks once, then performs.
    pub(crate) fn check_step(&self, step: Step) -> Result<Checked, StepError> {
        self.checked(step).map_err(|r| self.error(r))
    }

    /// Carries out a step that [`Round::check_step`] accepted on this round in this state (or
    /// on a clone of it). Cannot fail. A token from another state is checked again here, and
    /// changes nothing if that state refuses it.
    pub(crate) fn perform(&mut self, checked: Checked) {
        let act = if checked.moves == self.moves {
            checked.act
        } else {
            match self.checked(checked.step()) {
                Ok(again) => again.act,
                Err(_) => return,
            }
        };
        self.carry_out(act);
    }

    // ----- shared by checking and playing --------------------------------------------------

    /// Where card `n` of the initial deal goes: box order, then the dealer, then box order.
    fn deal_target(&self, n: usize) -> CardTo {
        let k = self.seats.len();
        if n == k {
            CardTo::Dealer
        } else {
            CardTo::Hand {
                box_no: self.seats[n % (k + 1)].box_no,
                hand: 0,
                reason: CardReason::Deal,
            }
        }
    }

    fn dealer_up_is_ace(&self) -> bool {
        self.dealer.first().is_some_and(|c| c.rank == Rank::Ace)
    }

    /// What the rules look at for the hand `at` (its cards, origin, the box's splits).
    fn facts(&self, at: At) -> HandFacts<'_> {
        let s = &self.seats[at.seat];
        let h = &s.hands[at.hand];
        HandFacts {
            cards: h.cards(),
            total: h.total(),
            kind: h.kind(),
            twisted: h.twisted(),
            box_splits: s.splits,
            box_ace_splits: s.ace_splits,
            first_hand: at.hand == 0,
            dealer_up_ace: self.dealer_up_is_ace(),
        }
    }
}
