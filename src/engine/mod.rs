//! The Pontoon engine: cards, shoe, rules, the round state machine and settlement.
//! Pure: no I/O, no clock, no SQL, no UI. Every rule of RULES.md part A lives here once.

pub mod card;
pub mod hand;
pub mod money;
pub mod round;
pub mod rules;
pub mod shoe;

pub use card::{Card, NotACard, Rank, Suit};
pub use hand::Total;
pub use money::{Money, MoneyError, Ratio};
pub use round::{
    BetId, BetIx, BetSpec, CardReason, CardTo, Decision, Hand, HandState, Limits, Offer, Outcome,
    Pay, Refusal, Round, RoundStats, Seat, SetupError, Stand, Step, StepError, Want,
};
pub use rules::{Rules, RulesError};
pub use shoe::{ImpossibleCard, Shoe};
