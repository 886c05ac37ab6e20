//! Theoretical win as played (issue 26 item 1) for a logged round: its bets and inputs as
//! written, read into steps and costed by `lab::played` (the pure costing, shared with the
//! table session, which logs each round's cost at settlement). Reads no log itself.

use std::sync::Arc;

use crate::engine::{BetSpec, Limits, Round, Rules, SetupError, Step, StepError};
use crate::lab::cost::Costs;
use crate::lab::played::{self, Costing, PlayedError};
pub use crate::lab::played::{AsPlayed, BoxPlayed};
use crate::log::payload::BetData;
use crate::script::{StepWordsError, parse_step};

/// Why a logged round could not be costed (it does not replay under its rules).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AsPlayedError {
    #[error("the round's bets do not set up a round: {0}")]
    Setup(#[from] SetupError),
    #[error("input {position} (\"{text}\") is not an input: {why}")]
    Words {
        position: usize,
        text: String,
        why: StepWordsError,
    },
    #[error("input {position} (\"{text}\") is refused: {}", .why.reason)]
    Refused {
        position: usize,
        text: String,
        why: StepError,
    },
}

impl From<PlayedError> for AsPlayedError {
    fn from(e: PlayedError) -> AsPlayedError {
        match e {
            PlayedError::Refused {
                position,
                text,
                why,
            } => AsPlayedError::Refused {
                position,
                text,
                why,
            },
        }
    }
}

/// A logged round (its bets and the inputs still standing, as written) costed under
/// `rules`. Limits are not needed: a round the table's limits accepted is accepted without.
pub fn of_logged(
    costs: &Costs,
    rules: Rules,
    bets: &[BetData],
    steps: &[String],
) -> Result<AsPlayed, AsPlayedError> {
    let specs: Vec<BetSpec> = bets
        .iter()
        .map(|b| BetSpec {
            id: Arc::from(b.id.as_str()),
            box_no: b.box_no,
            stake: b.stake,
        })
        .collect();
    let mut c = Costing::new(costs, Round::new(rules, Limits::NONE, specs)?);
    for (i, text) in steps.iter().enumerate() {
        let step = parse_step(text, c.round()).map_err(|why| AsPlayedError::Words {
            position: i + 1,
            text: text.clone(),
            why,
        })?;
        c.step(step).map_err(|why| AsPlayedError::Refused {
            position: i + 1,
            text: text.clone(),
            why,
        })?;
    }
    Ok(c.finish())
}

/// A round played from `round` through `steps`, costed (`lab::played::of_steps`).
pub fn of_steps(costs: &Costs, round: Round, steps: &[Step]) -> Result<AsPlayed, AsPlayedError> {
    Ok(played::of_steps(costs, round, steps)?)
}

#[cfg(test)]
mod tests;
