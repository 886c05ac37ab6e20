//! Why the round refused a step: a closed list, each naming what was wrong. Shared by the
//! checks (`check.rs`) and the pure rulings (`rulings.rs`); carries no words (`words.rs`).

use super::{BetIx, Decision};
use crate::engine::card::Card;
use crate::engine::money::Money;
use crate::engine::shoe::ImpossibleCard;

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
