//! Setting up a round (RULES.md A3): the table's limits, the bets checked against the rules
//! and the limits, the boxes in box order. A round that could not be set up does not exist.

use std::collections::HashSet;
use std::sync::Arc;

use smallvec::{SmallVec, smallvec};

use super::{Bet, BetId, BetSpec, BetState, Hand, Phase, Round, Seat};
use crate::engine::card::Card;
use crate::engine::money::Money;
use crate::engine::rules::{MAX_BOXES, Rules};
use crate::engine::shoe::{ImpossibleCard, Shoe};

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

    pub(crate) fn min_bet(&self) -> Option<Money> {
        self.min_bet
    }
    pub(crate) fn box_max(&self) -> Option<Money> {
        self.box_max
    }
}

/// Why a round could not be set up with these bets.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("no bets: a round needs at least one bet")]
    NoBets,
    #[error("bet \"{}\": box {box_no} is not on this table (boxes 1 to {boxes})", crate::engine::shown(.id))]
    NoSuchBox { id: BetId, box_no: u8, boxes: u8 },
    #[error("bet \"{}\" appears twice: bet ids must be unique", crate::engine::shown(.0))]
    DuplicateId(BetId),
    #[error("bet \"{}\": a stake must be positive, got {stake}", crate::engine::shown(.id))]
    StakeNotPositive { id: BetId, stake: Money },
    #[error("bet \"{}\": stake {stake} is below the table minimum {min}", crate::engine::shown(.id))]
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
    pub(crate) fn with_seen(
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

    /// A new round on a shoe in any state (the table's shoe between rounds): each bet checked
    /// (A3), the occupied boxes seated in box order, the bets placed in their boxes, and
    /// each box's total held to the box maximum, in that order.
    pub fn with_shoe(
        rules: Rules,
        limits: Limits,
        specs: impl Into<Arc<[BetSpec]>>,
        shoe: Shoe,
    ) -> Result<Round, SetupError> {
        let specs: Arc<[BetSpec]> = specs.into();
        let occupied = check_bets(&rules, &limits, &specs)?;
        let (mut seats, seat_of) = seats_in_box_order(&rules, &occupied);
        let bets = place_bets(&rules, &specs, &mut seats, &seat_of)?;
        check_box_max(&limits, &specs, &seats)?;
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
}

/// Which boxes (by number) hold a bet.
type Occupied = [bool; MAX_BOXES as usize + 1];

/// Each bet on its own (A3): on a box of this table, its id not seen before, a positive
/// stake, at least the table minimum. The boxes they occupy.
fn check_bets(rules: &Rules, limits: &Limits, specs: &[BetSpec]) -> Result<Occupied, SetupError> {
    if specs.is_empty() {
        return Err(SetupError::NoBets);
    }
    let mut occupied = [false; MAX_BOXES as usize + 1];
    // A duplicate id is found by looking back over the earlier bets while they are few
    // (a table's round), and in a set when they are many: the same first duplicate,
    // never quadratic time (a script of 100,000 bets is refused at once).
    let mut ids = (specs.len() > FEW_BETS).then(|| HashSet::with_capacity(specs.len()));
    for (i, s) in specs.iter().enumerate() {
        if s.box_no == 0 || s.box_no > rules.boxes() {
            return Err(SetupError::NoSuchBox {
                id: s.id.clone(),
                box_no: s.box_no,
                boxes: rules.boxes(),
            });
        }
        let duplicate = match ids.as_mut() {
            Some(ids) => !ids.insert(&*s.id),
            None => specs[..i].iter().any(|o| same_id(&o.id, &s.id)),
        };
        if duplicate {
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
    Ok(occupied)
}

/// The occupied boxes' seats, dealt in box order (A3) whatever order the bets came in, and
/// each box's seat index.
fn seats_in_box_order(
    rules: &Rules,
    occupied: &Occupied,
) -> (SmallVec<[Seat; 7]>, [usize; MAX_BOXES as usize + 1]) {
    let mut seats: SmallVec<[Seat; 7]> = SmallVec::new();
    let mut seat_of = [0; MAX_BOXES as usize + 1];
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
    (seats, seat_of)
}

/// Each bet into its box's seat, in the order given, no more per box than the rules allow
/// (holder and back bets): the round's bets, riding.
fn place_bets(
    rules: &Rules,
    specs: &[BetSpec],
    seats: &mut [Seat],
    seat_of: &[usize; MAX_BOXES as usize + 1],
) -> Result<SmallVec<[Bet; 8]>, SetupError> {
    let mut bets: SmallVec<[Bet; 8]> = SmallVec::with_capacity(specs.len());
    for (i, s) in specs.iter().enumerate() {
        // Every bet's box is occupied (checked), so it has its seat.
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
    Ok(bets)
}

/// Each box's bets together at most the table's box maximum (A3).
fn check_box_max(limits: &Limits, specs: &[BetSpec], seats: &[Seat]) -> Result<(), SetupError> {
    if let Some(max) = limits.box_max {
        for seat in seats {
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
    Ok(())
}

/// Up to this many bets, duplicates are looked for by a loop over the earlier ones.
const FEW_BETS: usize = 32;

/// Bet ids are short: a byte loop beats a call to memcmp here.
fn same_id(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}
