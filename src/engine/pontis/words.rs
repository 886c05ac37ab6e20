//! Pontis in words: a play as the referee writes it (`"Ben: Kc 10h"`, `"Ben: pass"`,
//! `"Ben: bank 7h"`), read and written back; what the game waits for (`next`,
//! `expected`).

use super::{DeckCard, Game, Lay, Need, Step, Top, Want};
use crate::engine::card::NotADeckCard;
use crate::engine::shown;

/// Why a referee's input or a play's cards could not be read: what was written, and how
/// it is written instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayWordsError {
    #[error(
        "\"{}\" marks a top card with ^, but under top \"last\" the second card written lies on top",
        shown(.0)
    )]
    MarkedUnderLast(String),
    #[error(transparent)]
    Card(#[from] NotADeckCard),
    #[error(
        "\"{}\": under top \"declared\" exactly one of two cards is marked ^ as the top",
        shown(.0)
    )]
    TopNotMarked(String),
    #[error(
        "\"{}\" is not one card or two: a play is one card, or two separated by a space",
        shown(.0)
    )]
    NotOneOrTwo(String),
    #[error(
        "\"{}\" names no player: a play is written \"NAME: CARDS\" or \"NAME: pass\"",
        shown(.0)
    )]
    NoName(String),
    #[error("no player is named \"{}\" (the players are {})", shown(.name), .players.join(", "))]
    NoSuchPlayer { name: String, players: Vec<String> },
}

/// Reads the cards of a play: one card or two separated by a space, each a card or a
/// joker `Jk=V`. Under `top: "last"` the second written lies on top and a `^` is refused;
/// under `"declared"` the top of two is the one marked `^` (exactly one), and a single
/// card may be marked.
pub fn parse_lay(text: &str, top: Top) -> Result<Lay, PlayWordsError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut cards = Vec::with_capacity(2);
    for w in &words {
        let (card, marked) = match w.strip_suffix('^') {
            Some(c) => (c, true),
            None => (*w, false),
        };
        if marked && top == Top::Last {
            return Err(PlayWordsError::MarkedUnderLast(w.to_string()));
        }
        cards.push((card.parse::<DeckCard>()?, marked));
    }
    match (cards.as_slice(), top) {
        ([(c, _)], _) => Ok(Lay::One(*c)),
        ([(a, _), (b, _)], Top::Last) => Ok(Lay::Two { under: *a, top: *b }),
        ([(a, false), (b, true)], Top::Declared) => Ok(Lay::Two { under: *a, top: *b }),
        ([(a, true), (b, false)], Top::Declared) => Ok(Lay::Two { under: *b, top: *a }),
        ([_, _], Top::Declared) => Err(PlayWordsError::TopNotMarked(text.to_string())),
        _ => Err(PlayWordsError::NotOneOrTwo(text.to_string())),
    }
}

/// A play's cards as `parse_lay` reads them back: under `declared`, two cards as
/// bottom then top, the top marked `^`.
pub fn lay_text(lay: &Lay, top: Top) -> String {
    match (lay, top) {
        (Lay::One(c), _) => c.to_string(),
        (Lay::Two { under, top: t }, Top::Last) => format!("{under} {t}"),
        (Lay::Two { under, top: t }, Top::Declared) => format!("{under} {t}^"),
    }
}

/// A play's cards in a refusal: as written under `last` (the order is the meaning), and
/// under `declared` saying which lies on top, since the player may have marked either.
pub(super) fn lay_words(lay: &Lay, top: Top) -> String {
    match (lay, top) {
        (Lay::Two { under, top: t }, Top::Declared) => format!("{t} on top of {under}"),
        _ => lay_text(lay, top),
    }
}

/// `"difference 4"`, `"difference 4 or 9"`, `"the bridge: difference 0, two cards of equal
/// value"`, `"the bridge of aces: difference 13"`.
pub(super) fn need_words(need: Need) -> String {
    match need {
        Need::Bridge => "the bridge: difference 0, two cards of equal value".to_string(),
        Need::AceBridge => "the bridge of aces: difference 13".to_string(),
        Need::Difference(a, None) => format!("difference {a}"),
        Need::Difference(a, Some(b)) => format!("difference {a} or {b}"),
    }
}

/// Reads a referee's input: `"NAME: CARDS"`, `"NAME: pass"` or `"NAME: bank CARD"`.
pub fn parse_step(text: &str, game: &Game) -> Result<Step, PlayWordsError> {
    let Some((name, rest)) = text.split_once(':') else {
        return Err(PlayWordsError::NoName(text.to_string()));
    };
    let name = name.trim();
    let seat = game.names().iter().position(|n| n == name).ok_or_else(|| {
        PlayWordsError::NoSuchPlayer {
            name: name.to_string(),
            players: game.names().to_vec(),
        }
    })?;
    let rest = rest.trim();
    if rest.eq_ignore_ascii_case("pass") {
        return Ok(Step::Pass { seat });
    }
    if let Some(card) = rest
        .get(..5)
        .filter(|p| p.eq_ignore_ascii_case("bank "))
        .map(|_| &rest[5..])
    {
        let card = card.trim().parse::<DeckCard>()?;
        return Ok(Step::Turn { seat, card });
    }
    let lay = parse_lay(rest, game.rules().top())?;
    Ok(Step::Play { seat, lay })
}

impl Game {
    /// A step as `parse_step` reads it back (`"Ben: Kc 10h"`, `"Ben: pass"`,
    /// `"Ben: bank 7h"`).
    pub fn step_text(&self, step: &Step) -> String {
        let name = self
            .names()
            .get(step.seat())
            .map(String::as_str)
            .unwrap_or("?");
        match step {
            Step::Turn { card, .. } => format!("{name}: bank {card}"),
            Step::Play { lay, .. } => format!("{name}: {}", lay_text(lay, self.rules().top())),
            Step::Pass { .. } => format!("{name}: pass"),
        }
    }

    /// Who plays and what he must meet (PONTIS-SCRIPT.md `next`), `None` once over:
    /// `"Cyril to play: difference 4 (bank 10h against Ben's 6s)"`.
    pub fn next_text(&self) -> Option<String> {
        match self.want() {
            Want::Over(_) => None,
            Want::Turn(seat) => Some(format!("{} to turn up the bank card", self.names()[seat])),
            Want::Move { seat, need } => Some(format!(
                "{} to play: {} (bank {} against {}'s {})",
                self.names()[seat],
                need_words(need),
                self.top(seat).map(|c| c.to_string()).unwrap_or_default(),
                self.names()[self.previous(seat)],
                self.top(self.previous(seat))
                    .map(|c| c.to_string())
                    .unwrap_or_default(),
            )),
        }
    }

    /// What the game expects now, for a refusal's message: the English of
    /// [`Game::expecting`].
    pub fn expected(&self) -> String {
        self.expecting().to_string()
    }

    /// What the game expects now, as data (issue 24): worded in any language by
    /// `i18n::errors::pontis_expecting`.
    pub fn expecting(&self) -> Expecting {
        match self.want() {
            Want::Over(_) => Expecting::Over,
            Want::Turn(seat) => Expecting::Turn {
                name: self.names()[seat].clone(),
            },
            Want::Move { seat, need } => {
                let name = self.names()[seat].clone();
                let held = self.cards_left(seat);
                match need {
                    Need::Bridge if held < 2 => Expecting::PassOnly { name },
                    Need::Bridge => Expecting::Bridge { name },
                    _ if held < 2 => Expecting::OneCard { name, need },
                    _ => Expecting::OneOrTwo { name, need },
                }
            }
        }
    }
}

/// What a game of Pontis expects now, as data: whose move, and what it must meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expecting {
    /// Nothing more: the game is over.
    Over,
    /// The player's bank card, as it is turned up.
    Turn { name: String },
    /// The bridge is due and the player holds one card: he can only pass.
    PassOnly { name: String },
    /// Two cards of equal value (the bridge), or a pass.
    Bridge { name: String },
    /// One card meeting `need` (the player holds one), or a pass.
    OneCard { name: String, need: Need },
    /// One card, or two by sum or difference, meeting `need`; or a pass.
    OneOrTwo { name: String, need: Need },
}

impl std::fmt::Display for Expecting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expecting::Over => f.write_str("nothing more: the game is over"),
            Expecting::Turn { name } => write!(f, "{name}'s bank card, as it is turned up"),
            Expecting::PassOnly { name } => write!(
                f,
                "{name}: pass (the bridge needs two cards of equal value, and {name} holds one card)"
            ),
            Expecting::Bridge { name } => write!(
                f,
                "{name}: two cards of equal value (the bridge), or {name}: pass"
            ),
            Expecting::OneCard { name, need } => write!(
                f,
                "{name}: one card meeting {}, or {name}: pass",
                need_words(*need)
            ),
            Expecting::OneOrTwo { name, need } => write!(
                f,
                "{name}: one card, or two by sum or difference, meeting {}, or {name}: pass",
                need_words(*need)
            ),
        }
    }
}
