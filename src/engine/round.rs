//! A Pontoon round (RULES.md A3–A4): bets, the initial deal, offers, box play, the dealer's
//! draw, showdown and settlement. `expected()` says what input is wanted now; `apply(step)`
//! takes it, or refuses it with what was expected instead and leaves the round untouched.
//! Every rule of A3–A4 is decided here, once; the UI, the store and the CLI only ask.

use std::fmt;
use std::sync::Arc;

use smallvec::{SmallVec, smallvec};

use super::card::{Card, Rank};
use super::hand::{Total, is_ace_ten, is_three_of_a_kind};
use super::money::{Money, Ratio};
use super::rules::{PontoonVsPontoon, Rules, SplitMatch, Ties};
use super::shoe::{ImpossibleCard, Shoe};

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

    pub fn word(self) -> &'static str {
        match self {
            Decision::Stick => "stick",
            Decision::Twist => "twist",
            Decision::Buy => "buy",
            Decision::Split => "split",
            Decision::Surrender => "surrender",
        }
    }
}

/// A bet as placed: its name, its box (1-based) and its stake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetSpec {
    pub id: BetId,
    pub box_no: u8,
    pub stake: Money,
}

/// The table's limits (A3). They belong to the table, not to the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    min_bet: Option<Money>,
    box_max: Option<Money>,
}

impl Limits {
    /// No limits: only positive stakes are required.
    pub const NONE: Limits = Limits {
        min_bet: None,
        box_max: None,
    };

    pub fn new(min_bet: Option<Money>, box_max: Option<Money>) -> Result<Limits, SetupError> {
        if min_bet.is_some_and(|m| !m.is_positive()) || box_max.is_some_and(|m| !m.is_positive()) {
            return Err(SetupError::BadLimits(
                "limits must be positive amounts".into(),
            ));
        }
        if let (Some(lo), Some(hi)) = (min_bet, box_max)
            && lo > hi
        {
            return Err(SetupError::BadLimits(format!(
                "min_bet {lo} is above box_max {hi}"
            )));
        }
        Ok(Limits { min_bet, box_max })
    }

    pub fn min_bet(&self) -> Option<Money> {
        self.min_bet
    }
    pub fn box_max(&self) -> Option<Money> {
        self.box_max
    }
}

/// Why a round could not be set up with these bets.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("no bets: a round needs at least one bet")]
    NoBets,
    #[error("bet \"{}\": box {box_no} is not on this table (boxes 1 to {boxes})", super::shown(.id))]
    NoSuchBox { id: BetId, box_no: u8, boxes: u8 },
    #[error("bet \"{}\" appears twice: bet ids must be unique", super::shown(.0))]
    DuplicateId(BetId),
    #[error("bet \"{}\": a stake must be positive, got {stake}", super::shown(.id))]
    StakeNotPositive { id: BetId, stake: Money },
    #[error("bet \"{}\": stake {stake} is below the table minimum {min}", super::shown(.id))]
    BelowMinimum { id: BetId, stake: Money, min: Money },
    #[error("box {box_no}: the bets total {total}, over the box maximum {max}")]
    OverBoxMax {
        box_no: u8,
        total: Money,
        max: Money,
    },
    #[error("box {box_no}: {count} bets, but the rules allow {max} per box (holder and back bets)")]
    TooManyBets { box_no: u8, count: usize, max: u8 },
    #[error("bad limits: {0}")]
    BadLimits(String),
    #[error("the shoe's earlier cards ('seen'): {0}")]
    Seen(ImpossibleCard),
}

/// Why a step was refused. Bets are named by their index; [`StepError`] carries the words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    RoundComplete,
    CardNotWanted,
    DecisionNotWanted,
    Impossible(ImpossibleCard),
    NoSuchBet(BetIx),
    BetNotInPlay(BetIx),
    NotABackBet(BetIx),
    BetFinished(BetIx),
    NotOnThisHand(BetIx),
    OffersNotOpen,
    OffersClosed,
    OfferTaken(BetIx),
    InsuranceAmount { bet: BetIx, max: Money },
    EvenMoneyNotOffered,
    NoPontoon(BetIx),
    BuyAfterTwist,
    CardNotBuyable(usize),
    NotAPair(Card, Card),
    SplitNeedsTwoCards,
    SplitLimit(u16),
    AceSplitLimit(u16),
    SplitAceNoDecision(Decision),
    StickBelowMinimum { total: u16, min: u8 },
    SurrenderNotAllowed,
    SurrenderAgainstAce,
    SurrenderTooLate,
    DeclinedTwice(BetIx),
    NothingToDecline,
    DeclineMustPrecede,
}

/// A refused step: why, and what the round expected instead. The round is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}; expected {expected}")]
pub struct StepError {
    pub refusal: Refusal,
    pub reason: String,
    pub expected: String,
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
    pub fn total(&self) -> Total {
        Total::of(self.cards())
    }
    pub fn state(&self) -> HandState {
        self.state
    }
    pub fn from_split(&self) -> bool {
        !matches!(self.origin, Origin::Dealt { .. })
    }
    fn split_ace(&self) -> bool {
        self.origin == Origin::SplitAce
    }
    fn twisted(&self) -> bool {
        matches!(
            self.origin,
            Origin::Dealt { twisted: true } | Origin::Split { twisted: true }
        )
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
    pub fn box_no(&self) -> u8 {
        self.box_no
    }
    pub fn bets(&self) -> &[BetIx] {
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

/// Where a checked card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// Position `n` of the initial deal.
    Deal(usize),
    Hand(At),
    Dealer,
}

/// A step as `check` found it: with the hand in play, the bet, or where the card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Card(Card, Target),
    Insure(BetIx, Money),
    EvenMoney(BetIx),
    Decline(BetIx),
    SurrenderBet(BetIx),
    Stick(At),
    Twist(At),
    Buy(At),
    Split(At),
    Surrender(At),
}

/// A step that [`Round::check_step`] accepted, carrying what the check found, for
/// [`Round::perform`]. Only the round makes one; it is performed once (not `Clone`).
#[must_use = "a checked step does nothing until it is performed"]
#[derive(Debug, PartialEq, Eq)]
pub struct Checked {
    act: Act,
    /// The round's `moves` when it was checked: the state it is valid in.
    moves: u32,
}

impl Checked {
    /// The step that was checked.
    pub fn step(&self) -> Step {
        match self.act {
            Act::Card(card, _) => Step::Card(card),
            Act::Insure(b, amount) => Step::Insure(b, amount),
            Act::EvenMoney(b) => Step::EvenMoney(b),
            Act::Decline(b) => Step::Decline(b),
            Act::SurrenderBet(b) => Step::SurrenderBet(b),
            Act::Stick(_) => Step::Stick,
            Act::Twist(_) => Step::Twist,
            Act::Buy(_) => Step::Buy,
            Act::Split(_) => Step::Split,
            Act::Surrender(_) => Step::Surrender,
        }
    }
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
    /// A new round on a full shoe.
    pub fn new(
        rules: Rules,
        limits: Limits,
        bets: impl Into<Arc<[BetSpec]>>,
    ) -> Result<Round, SetupError> {
        Round::with_shoe(rules, limits, bets, Shoe::new(rules.decks()))
    }

    /// A new round on a shoe from which `seen` cards were already dealt.
    pub fn with_seen(
        rules: Rules,
        limits: Limits,
        bets: impl Into<Arc<[BetSpec]>>,
        seen: &[Card],
    ) -> Result<Round, SetupError> {
        let mut shoe = Shoe::new(rules.decks());
        for &c in seen {
            shoe.take(c).map_err(SetupError::Seen)?;
        }
        Round::with_shoe(rules, limits, bets, shoe)
    }

    /// A new round on a shoe in any state (the table's shoe between rounds).
    pub fn with_shoe(
        rules: Rules,
        limits: Limits,
        specs: impl Into<Arc<[BetSpec]>>,
        shoe: Shoe,
    ) -> Result<Round, SetupError> {
        let specs: Arc<[BetSpec]> = specs.into();
        if specs.is_empty() {
            return Err(SetupError::NoBets);
        }
        let mut occupied = [false; super::rules::MAX_BOXES as usize + 1];
        for (i, s) in specs.iter().enumerate() {
            if s.box_no == 0 || s.box_no > rules.boxes() {
                return Err(SetupError::NoSuchBox {
                    id: s.id.clone(),
                    box_no: s.box_no,
                    boxes: rules.boxes(),
                });
            }
            if specs[..i].iter().any(|o| same_id(&o.id, &s.id)) {
                return Err(SetupError::DuplicateId(s.id.clone()));
            }
            if !s.stake.is_positive() {
                return Err(SetupError::StakeNotPositive {
                    id: s.id.clone(),
                    stake: s.stake,
                });
            }
            if let Some(min) = limits.min_bet
                && s.stake < min
            {
                return Err(SetupError::BelowMinimum {
                    id: s.id.clone(),
                    stake: s.stake,
                    min,
                });
            }
            occupied[s.box_no as usize] = true;
        }
        // Boxes are dealt in box order (A3), whatever order the bets came in.
        let mut seats: SmallVec<[Seat; 7]> = SmallVec::new();
        let mut seat_of = [0; super::rules::MAX_BOXES as usize + 1];
        for box_no in 1..=rules.boxes() {
            if occupied[box_no as usize] {
                seat_of[box_no as usize] = seats.len();
                seats.push(Seat {
                    box_no,
                    bets: SmallVec::new(),
                    hands: smallvec![Hand::new()],
                    splits: 0,
                    ace_splits: 0,
                });
            }
        }
        let mut bets: SmallVec<[Bet; 8]> = SmallVec::with_capacity(specs.len());
        for (i, s) in specs.iter().enumerate() {
            // Every bet's box is occupied (above), so it has its seat.
            let seat = seat_of[s.box_no as usize];
            let pos = seats[seat].bets.len();
            if pos >= rules.bets_per_box() as usize {
                return Err(SetupError::TooManyBets {
                    box_no: s.box_no,
                    count: specs.iter().filter(|o| o.box_no == s.box_no).count(),
                    max: rules.bets_per_box(),
                });
            }
            seats[seat].bets.push(i);
            seats[seat].hands[0].units[pos] = 1;
            bets.push(Bet {
                seat,
                pos,
                stake: s.stake,
                state: BetState::Riding,
                staked: s.stake,
                returned: Money::ZERO,
            });
        }
        if let Some(max) = limits.box_max {
            for seat in &seats {
                let total: Money = seat.bets.iter().map(|&b| specs[b].stake).sum();
                if total > max {
                    return Err(SetupError::OverBoxMax {
                        box_no: seat.box_no,
                        total,
                        max,
                    });
                }
            }
        }
        Ok(Round {
            rules,
            limits,
            shoe,
            specs,
            bets,
            seats,
            dealer: SmallVec::new(),
            phase: Phase::Deal(0),
            offers_open: false,
            declines: 0,
            moves: 0,
        })
    }

    // ----- what a caller may look at -------------------------------------------------------

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn limits(&self) -> &Limits {
        &self.limits
    }
    pub fn shoe(&self) -> &Shoe {
        &self.shoe
    }
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }
    pub fn dealer_cards(&self) -> &[Card] {
        &self.dealer
    }
    pub fn dealer_total(&self) -> Total {
        Total::of(&self.dealer)
    }
    pub fn is_complete(&self) -> bool {
        self.phase == Phase::Complete
    }
    pub fn offers_open(&self) -> bool {
        self.offers_open
    }
    pub fn bet_count(&self) -> usize {
        self.bets.len()
    }
    pub fn bet_id(&self, b: BetIx) -> &BetId {
        &self.specs[b].id
    }
    pub fn bet_stake(&self, b: BetIx) -> Money {
        self.bets[b].stake
    }
    pub fn bet_box(&self, b: BetIx) -> u8 {
        self.seats[self.bets[b].seat].box_no
    }
    pub fn bet_offer(&self, b: BetIx) -> Offer {
        self.bets[b].offer()
    }
    pub fn bet_surrendered(&self, b: BetIx) -> bool {
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
        self.bets[b].stake.times(self.rules.insurance_max())
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
    pub fn decisions(&self) -> Vec<(Decision, Result<(), StepError>)> {
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
    pub fn check(&self, step: Step) -> Result<(), Refusal> {
        self.checked(step).map(|_| ())
    }

    /// Checks `step` for [`Round::perform`]: a caller that must do something between the
    /// check and the move (log the input durably) checks once, then performs.
    pub fn check_step(&self, step: Step) -> Result<Checked, StepError> {
        self.checked(step).map_err(|r| self.error(r))
    }

    /// Carries out a step that [`Round::check_step`] accepted on this round in this state (or
    /// on a clone of it). Cannot fail. A token from another state is checked again here, and
    /// changes nothing if that state refuses it.
    pub fn perform(&mut self, checked: Checked) {
        if checked.moves == self.moves {
            self.carry_out(checked.act);
        } else if let Ok(again) = self.checked(checked.step()) {
            self.carry_out(again.act);
        }
    }

    // ----- checking: every legality rule -----------------------------------------------------

    /// Every rule a step must meet; what it found goes to `carry_out` in the token.
    fn checked(&self, step: Step) -> Result<Checked, Refusal> {
        if self.phase == Phase::Complete {
            return Err(Refusal::RoundComplete);
        }
        if let Step::Insure(b, _) | Step::EvenMoney(b) | Step::Decline(b) | Step::SurrenderBet(b) =
            step
            && b >= self.bets.len()
        {
            return Err(Refusal::NoSuchBet(b));
        }
        if self.declines != 0 && !matches!(step, Step::Decline(_) | Step::Buy | Step::Split) {
            return Err(Refusal::DeclineMustPrecede);
        }
        let act = match step {
            Step::Card(card) => {
                let to = self.card_target()?;
                self.shoe.check(card).map_err(Refusal::Impossible)?;
                Act::Card(card, to)
            }
            Step::Insure(b, amount) => {
                self.check_offer(b)?;
                let max = self.insurance_max(b);
                if !amount.is_positive() || amount > max {
                    return Err(Refusal::InsuranceAmount { bet: b, max });
                }
                Act::Insure(b, amount)
            }
            Step::EvenMoney(b) => {
                self.check_offer(b)?;
                if !self.rules.even_money() {
                    return Err(Refusal::EvenMoneyNotOffered);
                }
                let seat = &self.seats[self.bets[b].seat];
                if !self.counts_as_pontoon(&seat.hands[0]) {
                    return Err(Refusal::NoPontoon(b));
                }
                Act::EvenMoney(b)
            }
            Step::Decline(b) => {
                let at = self.deciding()?;
                self.check_back_bet(b, at.seat)?;
                if self.declines & (1 << b) != 0 {
                    return Err(Refusal::DeclinedTwice(b));
                }
                if self.seats[at.seat].hands[at.hand].units[self.bets[b].pos] == 0 {
                    return Err(Refusal::NotOnThisHand(b));
                }
                if self.check_decision(at, Decision::Buy).is_err()
                    && self.check_decision(at, Decision::Split).is_err()
                {
                    return Err(Refusal::NothingToDecline);
                }
                Act::Decline(b)
            }
            Step::SurrenderBet(b) => {
                let at = self.deciding()?;
                self.check_back_bet(b, at.seat)?;
                self.check_decision(at, Decision::Surrender)?;
                Act::SurrenderBet(b)
            }
            Step::Stick => Act::Stick(self.check_holder(Decision::Stick)?),
            Step::Twist => Act::Twist(self.check_holder(Decision::Twist)?),
            Step::Buy => Act::Buy(self.check_holder(Decision::Buy)?),
            Step::Split => Act::Split(self.check_holder(Decision::Split)?),
            Step::Surrender => Act::Surrender(self.check_holder(Decision::Surrender)?),
        };
        Ok(Checked {
            act,
            moves: self.moves,
        })
    }

    /// Where a card goes now, or why no card is wanted.
    fn card_target(&self) -> Result<Target, Refusal> {
        match self.phase {
            Phase::Deal(n) => Ok(Target::Deal(n)),
            Phase::Play { seat, hand } => match self.seats[seat].hands[hand].state {
                HandState::Wants(_) => Ok(Target::Hand(At { seat, hand })),
                _ => Err(Refusal::CardNotWanted),
            },
            Phase::Dealer => Ok(Target::Dealer),
            Phase::Complete => Err(Refusal::RoundComplete),
        }
    }

    /// The hand in play, if the holder may make decision `d` on it now.
    fn check_holder(&self, d: Decision) -> Result<At, Refusal> {
        let at = self.deciding()?;
        self.check_decision(at, d)?;
        Ok(at)
    }

    /// The seat and hand waiting for a decision, or why no decision is wanted.
    fn deciding(&self) -> Result<At, Refusal> {
        match self.phase {
            Phase::Play { seat, hand }
                if self.seats[seat].hands[hand].state == HandState::Deciding =>
            {
                Ok(At { seat, hand })
            }
            _ => Err(Refusal::DecisionNotWanted),
        }
    }

    /// A back bet of the box in play, still riding.
    fn check_back_bet(&self, b: BetIx, seat: usize) -> Result<(), Refusal> {
        let bet = &self.bets[b];
        if bet.seat != seat {
            return Err(Refusal::BetNotInPlay(b));
        }
        if bet.pos == 0 {
            return Err(Refusal::NotABackBet(b));
        }
        if !bet.active() {
            return Err(Refusal::BetFinished(b));
        }
        Ok(())
    }

    fn check_offer(&self, b: BetIx) -> Result<(), Refusal> {
        if !self.offers_open {
            let dealt = !matches!(self.phase, Phase::Deal(_));
            return Err(
                if dealt && self.dealer.len() == 1 && self.dealer[0].rank == Rank::Ace {
                    Refusal::OffersClosed
                } else {
                    Refusal::OffersNotOpen
                },
            );
        }
        let bet = &self.bets[b];
        if bet.offer() != Offer::None {
            return Err(Refusal::OfferTaken(b));
        }
        if !bet.active() {
            return Err(Refusal::BetFinished(b));
        }
        Ok(())
    }

    /// A4.4: may the holder make decision `d` on the hand `at` now? Every decision rule of a
    /// hand is here.
    fn check_decision(&self, at: At, d: Decision) -> Result<(), Refusal> {
        let s = &self.seats[at.seat];
        let h = &s.hands[at.hand];
        let cards = h.cards();
        let n = cards.len();
        if h.split_ace() {
            // A split ace decides only whether to split again (A4.4 aces).
            let all_cards = n > self.rules.split_ace_cards() as usize;
            return match d {
                Decision::Split => self.check_split(s, h),
                Decision::Stick if all_cards => Ok(()),
                Decision::Twist if !all_cards => Ok(()),
                _ => Err(Refusal::SplitAceNoDecision(d)),
            };
        }
        match d {
            Decision::Stick => match self.rules.min_stick() {
                Some(min) if h.total().best < min as u16 => Err(Refusal::StickBelowMinimum {
                    total: h.total().best,
                    min,
                }),
                _ => Ok(()),
            },
            Decision::Twist => Ok(()),
            Decision::Buy => {
                if h.twisted() && !self.rules.buy_after_twist() {
                    return Err(Refusal::BuyAfterTwist);
                }
                if !self.rules.buy_cards().allows(n + 1) {
                    return Err(Refusal::CardNotBuyable(n + 1));
                }
                Ok(())
            }
            Decision::Split => self.check_split(s, h),
            Decision::Surrender => {
                if !self.rules.surrender() {
                    return Err(Refusal::SurrenderNotAllowed);
                }
                if self.dealer_up_is_ace() {
                    return Err(Refusal::SurrenderAgainstAce);
                }
                if s.splits > 0 || at.hand != 0 || n != 2 {
                    return Err(Refusal::SurrenderTooLate);
                }
                Ok(())
            }
        }
    }

    fn check_split(&self, s: &Seat, h: &Hand) -> Result<(), Refusal> {
        let [a, b] = h.cards() else {
            return Err(Refusal::SplitNeedsTwoCards);
        };
        let pair = match self.rules.split_match() {
            SplitMatch::Rank => a.rank == b.rank,
            SplitMatch::Value => a.rank.value() == b.rank.value(),
        };
        if !pair {
            return Err(Refusal::NotAPair(*a, *b));
        }
        if let Some(max) = self.rules.max_splits()
            && s.splits >= max
        {
            return Err(Refusal::SplitLimit(max));
        }
        if a.rank == Rank::Ace && s.ace_splits >= self.rules.ace_splits() {
            return Err(Refusal::AceSplitLimit(self.rules.ace_splits()));
        }
        Ok(())
    }

    fn dealer_up_is_ace(&self) -> bool {
        self.dealer.first().is_some_and(|c| c.rank == Rank::Ace)
    }

    /// A2: A+10 as the first two cards of an unsplit hand (or of any hand when
    /// `pontoon_after_split`).
    fn counts_as_pontoon(&self, h: &Hand) -> bool {
        is_ace_ten(h.cards()) && (!h.from_split() || self.rules.pontoon_after_split())
    }

    // ----- performing: what a checked step does -----------------------------------------------

    /// Carries out what `checked` found. Cannot fail.
    fn carry_out(&mut self, act: Act) {
        self.moves = self.moves.wrapping_add(1);
        if !matches!(act, Act::Insure(..) | Act::EvenMoney(_)) {
            self.offers_open = false;
        }
        match act {
            Act::Card(card, to) => self.deal(card, to),
            Act::Insure(b, amount) => {
                let bet = &mut self.bets[b];
                bet.state = BetState::Insured {
                    amount,
                    settled: false,
                };
                bet.staked += amount;
            }
            Act::EvenMoney(b) => {
                let bet = &mut self.bets[b];
                bet.state = BetState::EvenMoney;
                bet.returned += pay(&self.rules, Payout::EvenMoney, bet.stake);
                self.after_settling();
            }
            Act::Decline(b) => self.declines |= 1 << b,
            Act::SurrenderBet(b) => {
                let bet = &mut self.bets[b];
                bet.state = BetState::Surrendered;
                bet.returned += pay(&self.rules, Payout::Surrender, bet.stake);
            }
            Act::Stick(at) => {
                let three = self.rules.three_of_a_kind_pays().filter(|_| {
                    is_three_of_a_kind(self.seats[at.seat].hands[at.hand].cards())
                });
                if three.is_some() {
                    self.settle_hand(at, Outcome::Win(Pay::ThreeOfAKind));
                } else {
                    self.seats[at.seat].hands[at.hand].state = HandState::Standing(Stand::Stuck);
                }
                self.advance(at);
            }
            Act::Twist(at) => {
                let h = &mut self.seats[at.seat].hands[at.hand];
                h.state = HandState::Wants(match &mut h.origin {
                    Origin::Dealt { twisted } | Origin::Split { twisted } => {
                        *twisted = true;
                        CardReason::Twist
                    }
                    Origin::SplitAce => CardReason::SplitAce,
                });
            }
            Act::Buy(at) => {
                let s = &mut self.seats[at.seat];
                let h = &mut s.hands[at.hand];
                for (i, &b) in s.bets.iter().enumerate() {
                    let bet = &mut self.bets[b];
                    if h.units[i] > 0 && bet.active() && self.declines & (1 << b) == 0 {
                        h.units[i] += 1;
                        bet.staked += bet.stake;
                    }
                }
                self.declines = 0;
                h.state = HandState::Wants(CardReason::Buy);
            }
            Act::Split(at) => self.split(at),
            Act::Surrender(at) => {
                // Every riding bet is on this one unsplit hand: it pays them all.
                self.settle_hand(at, Outcome::Surrendered);
                for &b in &self.seats[at.seat].bets {
                    let bet = &mut self.bets[b];
                    if bet.active() {
                        bet.state = BetState::Surrendered;
                    }
                }
                self.advance(at);
            }
        }
    }

    fn split(&mut self, at: At) {
        let declines = self.declines;
        self.declines = 0;
        let s = &mut self.seats[at.seat];
        let h = &mut s.hands[at.hand];
        let second = h.cards[1];
        let aces = h.cards[0].rank == Rank::Ace;
        s.splits += 1;
        if aces {
            s.ace_splits += 1;
        }
        let (origin, reason) = if aces {
            (Origin::SplitAce, CardReason::SplitAce)
        } else {
            (Origin::Split { twisted: false }, CardReason::SplitSecond)
        };
        h.len = 1;
        h.origin = origin;
        h.state = HandState::Wants(reason);
        let mut new = Hand::new();
        new.push(second);
        new.origin = origin;
        new.state = HandState::Wants(reason);
        for (i, &b) in s.bets.iter().enumerate() {
            let bet = &mut self.bets[b];
            if h.units[i] > 0 && bet.active() && declines & (1 << b) == 0 {
                new.units[i] = 1;
                bet.staked += bet.stake;
            }
        }
        s.hands.insert(at.hand + 1, new);
    }

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

    fn deal(&mut self, card: Card, to: Target) {
        // `check` has seen that the shoe holds it.
        self.shoe.remove(card);
        match to {
            Target::Deal(n) => {
                let k = self.seats.len();
                if n == k {
                    self.dealer.push(card);
                } else {
                    let seat = n % (k + 1);
                    self.seats[seat].hands[0].push(card);
                    if n > k {
                        self.after_card(At { seat, hand: 0 });
                    }
                }
                if n + 1 == 2 * k + 1 {
                    self.offers_open = self.dealer_up_is_ace();
                    self.advance(At { seat: 0, hand: 0 });
                } else {
                    self.phase = Phase::Deal(n + 1);
                }
            }
            Target::Hand(at) => {
                self.seats[at.seat].hands[at.hand].push(card);
                self.after_card(at);
                self.advance(at);
            }
            Target::Dealer => {
                self.dealer.push(card);
                self.dealer_drew();
            }
        }
    }

    /// A4.4 automatic endings, in their order, after a card reaches a player's hand.
    fn after_card(&mut self, at: At) {
        let h = &self.seats[at.seat].hands[at.hand];
        let n = h.len as usize;
        let total = h.total();
        let split_ace_cards = self.rules.split_ace_cards() as usize;
        let next = if total.is_bust() {
            HandState::Settled(Outcome::Bust)
        } else if n == MAX_HAND_CARDS {
            if self.rules.five_card_trick_paid_at_once() {
                HandState::Settled(Outcome::Win(Pay::FiveCardTrick))
            } else {
                HandState::Standing(Stand::FiveCardTrick)
            }
        } else if self.counts_as_pontoon(h) {
            if self.rules.pontoon_paid_at_once() && !self.dealer_up_is_ace() {
                HandState::Settled(Outcome::Win(Pay::Pontoon))
            } else {
                HandState::Standing(Stand::Pontoon)
            }
        } else if n == 4
            && self
                .rules
                .auto_fifth_card_max()
                .is_some_and(|max| total.hard <= max as u16)
        {
            HandState::Wants(CardReason::AutoFifth)
        } else if total.best == 21 && self.rules.stop_at_21() {
            if self.rules.three_of_a_kind_pays().is_some() && is_three_of_a_kind(h.cards()) {
                HandState::Settled(Outcome::Win(Pay::ThreeOfAKind))
            } else {
                HandState::Standing(Stand::TwentyOne)
            }
        } else if h.split_ace() && n <= split_ace_cards {
            // The endings above apply to a split ace as to any hand (A4.4 aces).
            HandState::Wants(CardReason::SplitAce)
        } else if h.split_ace() {
            if n == 2 && self.check_split(&self.seats[at.seat], h).is_ok() {
                HandState::Deciding
            } else {
                HandState::Standing(Stand::SplitAce)
            }
        } else {
            HandState::Deciding
        };
        match next {
            HandState::Settled(outcome) => self.settle_hand(at, outcome),
            other => self.seats[at.seat].hands[at.hand].state = other,
        }
    }

    /// Pays or collects every riding bet on a hand, and closes the hand.
    fn settle_hand(&mut self, at: At, outcome: Outcome) {
        let rules = self.rules;
        let s = &mut self.seats[at.seat];
        let h = &mut s.hands[at.hand];
        h.state = HandState::Settled(outcome);
        for (i, &b) in s.bets.iter().enumerate() {
            let bet = &mut self.bets[b];
            if h.units[i] > 0 && bet.active() {
                let stake = Money::from_cents(bet.stake.cents() * h.units[i] as i64);
                bet.returned += pay(&rules, outcome.payout(), stake);
            }
        }
    }

    /// Moves to the next hand from `from` on that wants a card or a decision; else to the
    /// dealer.
    fn advance(&mut self, from: At) {
        for seat in from.seat..self.seats.len() {
            let start = if seat == from.seat { from.hand } else { 0 };
            for hand in start..self.seats[seat].hands.len() {
                if matches!(
                    self.seats[seat].hands[hand].state,
                    HandState::Wants(_) | HandState::Deciding
                ) {
                    self.phase = Phase::Play { seat, hand };
                    return;
                }
            }
        }
        self.phase = Phase::Dealer;
        self.after_settling();
    }

    /// When the boxes are done: the dealer plays only while a bet is open (A4.5).
    fn after_settling(&mut self) {
        if self.phase == Phase::Dealer && !self.any_open_hand() && !self.any_open_insurance() {
            self.phase = Phase::Complete;
        }
    }

    fn any_open_hand(&self) -> bool {
        self.seats.iter().any(|s| {
            s.hands.iter().any(|h| {
                matches!(h.state, HandState::Standing(_))
                    && s.bets
                        .iter()
                        .enumerate()
                        .any(|(i, &b)| h.units[i] > 0 && self.bets[b].active())
            })
        })
    }

    fn any_open_insurance(&self) -> bool {
        self.bets
            .iter()
            .any(|b| matches!(b.state, BetState::Insured { settled: false, .. }))
    }

    /// A4.5: after each dealer card, settle insurance at two cards, then stand or draw on.
    fn dealer_drew(&mut self) {
        let pontoon = is_ace_ten(&self.dealer);
        if self.dealer.len() == 2 {
            for bet in &mut self.bets {
                if let BetState::Insured { amount, settled } = &mut bet.state
                    && !*settled
                {
                    *settled = true;
                    if pontoon {
                        bet.returned += pay(&self.rules, Payout::Insurance, *amount);
                    }
                }
            }
        }
        if !self.any_open_hand() {
            // Only insurance was open: one card told whether the dealer has pontoon.
            self.phase = Phase::Complete;
            return;
        }
        let t = self.dealer_total();
        let stands = t.best > 17 || (t.best == 17 && !(t.soft && self.rules.dealer_hits_soft_17()));
        if stands {
            self.showdown();
            self.phase = Phase::Complete;
        }
    }

    /// A4.6: every open hand against the dealer's hand.
    fn showdown(&mut self) {
        let dealer = Total::of(&self.dealer);
        let dealer_pontoon = is_ace_ten(&self.dealer);
        for seat in 0..self.seats.len() {
            for hand in 0..self.seats[seat].hands.len() {
                let h = &self.seats[seat].hands[hand];
                if !matches!(h.state, HandState::Standing(_)) {
                    continue;
                }
                let outcome = if h.len as usize == MAX_HAND_CARDS {
                    if dealer_pontoon && !self.rules.five_card_trick_beats_dealer_pontoon() {
                        Outcome::Lose
                    } else {
                        Outcome::Win(Pay::FiveCardTrick)
                    }
                } else if self.counts_as_pontoon(h) {
                    if dealer_pontoon {
                        match self.rules.pontoon_vs_pontoon() {
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
                    let p = h.total().best;
                    if p > dealer.best {
                        Outcome::Win(Pay::Even)
                    } else if p < dealer.best {
                        Outcome::Lose
                    } else {
                        match self.rules.ties() {
                            Ties::DealerWins => Outcome::Lose,
                            Ties::Push => Outcome::Push,
                        }
                    }
                };
                self.settle_hand(At { seat, hand }, outcome);
            }
        }
    }

    // ----- words ------------------------------------------------------------------------------

    fn error(&self, refusal: Refusal) -> StepError {
        StepError {
            reason: self.describe(&refusal),
            expected: self.expected(),
            refusal,
        }
    }

    fn name(&self, b: BetIx) -> String {
        match self.bets.get(b) {
            Some(_) => format!("bet {}", self.specs[b].id),
            None => format!("bet #{}", b + 1),
        }
    }

    fn hand_label(&self, seat: usize, hand: usize) -> String {
        let s = &self.seats[seat];
        if s.hands.len() > 1 {
            format!("box {} hand {} of {}", s.box_no, hand + 1, s.hands.len())
        } else {
            format!("box {}", s.box_no)
        }
    }

    /// Why a refusal, in words a dealer reads.
    pub fn describe(&self, r: &Refusal) -> String {
        match r {
            Refusal::RoundComplete => "the round is already complete".into(),
            Refusal::CardNotWanted => "a card is not wanted now: a decision is due".into(),
            Refusal::DecisionNotWanted => "no decision is due now: a card is wanted".into(),
            Refusal::Impossible(e) => e.to_string(),
            Refusal::NoSuchBet(b) => format!("there is no bet #{}", b + 1),
            Refusal::BetNotInPlay(b) => format!("{} is not on the box in play", self.name(*b)),
            Refusal::NotABackBet(b) => format!(
                "{} is the box holder's bet: the holder surrenders with 'surrender' and cannot decline",
                self.name(*b)
            ),
            Refusal::BetFinished(b) => {
                format!("{} is already finished (surrendered or took even money)", self.name(*b))
            }
            Refusal::NotOnThisHand(b) => format!("{} has no stake on this hand", self.name(*b)),
            Refusal::OffersNotOpen => {
                "insurance and even money are offered only when the dealer's card is an ace, right after the deal".into()
            }
            Refusal::OffersClosed => {
                "the offers are closed: they end with the first input that is not an offer".into()
            }
            Refusal::OfferTaken(b) => format!(
                "{} has already taken insurance or even money (at most one, once)",
                self.name(*b)
            ),
            Refusal::InsuranceAmount { bet, max } => {
                let limit = self.rules.insurance_max();
                let share = if limit.num() == limit.den() {
                    "all".to_string()
                } else {
                    format!("{}/{}", limit.num(), limit.den())
                };
                format!(
                    "insurance for {} must be more than 0 and at most {max} ({share} of its stake, rounded down)",
                    self.name(*bet)
                )
            }
            Refusal::EvenMoneyNotOffered => "even money is not offered under these rules".into(),
            Refusal::NoPontoon(b) => {
                format!("{}'s box has no pontoon, so it cannot take even money", self.name(*b))
            }
            Refusal::BuyAfterTwist => "this hand has twisted, so it may no longer buy".into(),
            Refusal::CardNotBuyable(n) if *n >= 5 => {
                format!("card {n} may not be bought: the fifth card can only be twisted")
            }
            Refusal::CardNotBuyable(n) => format!("card {n} of a hand may not be bought under these rules"),
            Refusal::NotAPair(a, b) => format!("{a} and {b} are not a pair, so they cannot be split"),
            Refusal::SplitNeedsTwoCards => "only the first two cards of a hand can be split".into(),
            Refusal::SplitLimit(m) => format!("this box has already split {m} times, the most the rules allow"),
            Refusal::AceSplitLimit(m) => format!("aces may be split only {m} time(s) per box"),
            Refusal::SplitAceNoDecision(d) => {
                format!("a split ace takes its card with no decision ('{}' refused)", d.word())
            }
            Refusal::StickBelowMinimum { total, min } => {
                format!("a hand may not stick on {total}: the lowest total to stick on is {min}")
            }
            Refusal::SurrenderNotAllowed => "surrender is not allowed under these rules".into(),
            Refusal::SurrenderAgainstAce => "no surrender when the dealer's card is an ace".into(),
            Refusal::SurrenderTooLate => {
                "surrender is only the first decision on a box's unsplit two-card hand".into()
            }
            Refusal::DeclinedTwice(b) => format!("{} has already declined", self.name(*b)),
            Refusal::NothingToDecline => "no buy or split is possible on this hand, so there is nothing to decline".into(),
            Refusal::DeclineMustPrecede => {
                "a decline must stand right before its buy or split".into()
            }
        }
    }

    /// What the round expects now, in words (the round script's `next`, the status line).
    pub fn expected(&self) -> String {
        let mut out = match self.phase {
            Phase::Complete => return "nothing: the round is complete".into(),
            Phase::Deal(n) => {
                let k = self.seats.len();
                if n == k {
                    "the dealer's card".to_string()
                } else {
                    let which = if n < k { "first" } else { "second" };
                    format!(
                        "the {which} card for box {}",
                        self.seats[n % (k + 1)].box_no
                    )
                }
            }
            Phase::Dealer => format!(
                "a card for the dealer (dealer has {})",
                self.dealer_total().best
            ),
            Phase::Play { seat, hand } => {
                let h = &self.seats[seat].hands[hand];
                let label = self.hand_label(seat, hand);
                match h.state {
                    HandState::Wants(reason) => {
                        let why = match reason {
                            CardReason::Deal => "dealt",
                            CardReason::Twist => "twisted",
                            CardReason::Buy => "bought",
                            CardReason::SplitSecond => "its second card after the split",
                            CardReason::SplitAce => "the split ace's card",
                            CardReason::AutoFifth => "the automatic fifth card",
                        };
                        format!("a card for {label} ({why})")
                    }
                    _ => {
                        let cards: Vec<String> = h.cards().iter().map(|c| c.to_string()).collect();
                        let legal: Vec<String> = self
                            .legal_steps()
                            .iter()
                            .filter(|s| !matches!(s, Step::Insure(..) | Step::EvenMoney(_)))
                            .map(|&s| self.step_text(s))
                            .collect();
                        format!(
                            "a decision for {label} ({}, total {}): {}",
                            cards.join(" "),
                            h.total().best,
                            legal.join(", ")
                        )
                    }
                }
            }
        };
        if self.offers_open {
            let offers: Vec<String> = self
                .legal_steps()
                .iter()
                .filter(|s| matches!(s, Step::Insure(..) | Step::EvenMoney(_)))
                .map(|&s| match s {
                    Step::Insure(b, max) => format!("insure {} (up to {max})", self.specs[b].id),
                    other => self.step_text(other),
                })
                .collect();
            if !offers.is_empty() {
                out = format!("an offer ({}) or {out}", offers.join(", "));
            }
        }
        out
    }

    /// A step as the round script writes it.
    pub fn step_text(&self, step: Step) -> String {
        let id = |b: BetIx| {
            self.specs
                .get(b)
                .map(|x| x.id.to_string())
                .unwrap_or_else(|| format!("#{}", b + 1))
        };
        match step {
            Step::Card(c) => c.to_string(),
            Step::Stick => "stick".into(),
            Step::Twist => "twist".into(),
            Step::Buy => "buy".into(),
            Step::Split => "split".into(),
            Step::Surrender => "surrender".into(),
            Step::SurrenderBet(b) => format!("surrender {}", id(b)),
            Step::Insure(b, m) => format!("insure {} {m}", id(b)),
            Step::EvenMoney(b) => format!("even-money {}", id(b)),
            Step::Decline(b) => format!("decline {}", id(b)),
        }
    }
}

/// Bet ids are short: a byte loop beats a call to memcmp here.
fn same_id(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

/// A round's figures for reports: what was staked and paid, and what happened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundStats {
    /// Everything staked: stakes, buys, split stakes, insurance.
    pub handle: Money,
    /// Everything returned to the players, stakes included.
    pub paid: Money,
    pub insurance_taken: Money,
    /// Returned on insurance (stake and winnings) when the dealer made pontoon.
    pub insurance_paid: Money,
    pub even_money: u32,
    pub splits: u32,
    pub buys: u32,
    /// Hands paid as pontoon / five-card trick / three of a kind.
    pub pontoons: u32,
    pub five_card_tricks: u32,
    pub three_of_a_kinds: u32,
    pub surrenders: u32,
}

impl Round {
    /// The round's figures so far (final once the round is complete).
    pub fn stats(&self) -> RoundStats {
        let mut st = RoundStats::default();
        let dealer_pontoon = is_ace_ten(&self.dealer);
        for bet in &self.bets {
            st.handle += bet.staked;
            st.paid += bet.returned;
            match bet.state {
                BetState::Insured { amount, settled } => {
                    st.insurance_taken += amount;
                    if settled && dealer_pontoon {
                        st.insurance_paid += pay(&self.rules, Payout::Insurance, amount);
                    }
                }
                BetState::EvenMoney => st.even_money += 1,
                BetState::Surrendered => st.surrenders += 1,
                BetState::Riding => {}
            }
        }
        for seat in &self.seats {
            st.splits += seat.splits as u32;
            for h in &seat.hands {
                // The holder follows every buy: its units beyond the first are the buys.
                st.buys += h.units[0].saturating_sub(1) as u32;
                match h.state {
                    HandState::Settled(Outcome::Win(Pay::Pontoon)) => st.pontoons += 1,
                    HandState::Settled(Outcome::Win(Pay::FiveCardTrick)) => {
                        st.five_card_tricks += 1
                    }
                    HandState::Settled(Outcome::Win(Pay::ThreeOfAKind)) => st.three_of_a_kinds += 1,
                    _ => {}
                }
            }
        }
        st
    }
}

/// Everything the round pays, a closed list (A4.3, A4.4, A4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Payout {
    /// A hand lost (bust, or beaten at the showdown): nothing comes back.
    Lost,
    /// A tie that pushes (`ties`, `pontoon_vs_pontoon`): the stake comes back.
    Push,
    /// A winning hand, paid as it won.
    Win(Pay),
    /// Half the stake comes back, half is lost (A4.4).
    Surrender,
    /// A pontoon against the dealer's ace takes 1:1 at once (A4.3).
    EvenMoney,
    /// Insurance when the dealer makes pontoon: `insurance_pays` on the amount insured (A4.3).
    Insurance,
}

impl Outcome {
    /// What a hand's ending pays each riding bet on it.
    fn payout(self) -> Payout {
        match self {
            Outcome::Bust | Outcome::Lose => Payout::Lost,
            Outcome::Push => Payout::Push,
            Outcome::Win(p) => Payout::Win(p),
            Outcome::Surrendered => Payout::Surrender,
        }
    }
}

/// What `stake` returns when paid as `what`, stake included, rounded down to the cent (A3).
/// The only place a payout ratio is applied: every cent a bet gets back comes from here.
fn pay(rules: &Rules, what: Payout, stake: Money) -> Money {
    let ratio = match what {
        Payout::Lost => return Money::ZERO,
        Payout::Push => return stake,
        Payout::Surrender => return stake.times(Ratio::HALF),
        Payout::Win(Pay::Even) | Payout::EvenMoney => Ratio::EVEN,
        Payout::Win(Pay::Pontoon) => rules.pontoon_pays(),
        Payout::Win(Pay::FiveCardTrick) => rules.five_card_trick_pays(),
        // A hand wins as three of a kind only when the knob is set (`after_card`, `perform`).
        Payout::Win(Pay::ThreeOfAKind) => rules.three_of_a_kind_pays().unwrap_or(Ratio::EVEN),
        Payout::Insurance => rules.insurance_pays(),
    };
    stake + stake.times(ratio)
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Bust => "bust",
            Outcome::Lose => "lost",
            Outcome::Push => "push",
            Outcome::Win(Pay::Even) => "won",
            Outcome::Win(Pay::Pontoon) => "pontoon",
            Outcome::Win(Pay::FiveCardTrick) => "five-card trick",
            Outcome::Win(Pay::ThreeOfAKind) => "three of a kind",
            Outcome::Surrendered => "surrendered",
        })
    }
}
