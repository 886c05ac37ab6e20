//! The Pontis game script (shared/PONTIS-SCRIPT.md): the one JSON format for
//! `croupier pontis`, the audit log's exports of a Pontis game and the game fixtures.
//! Owns reading a script into engine types, replaying its plays, the state it prints,
//! and writing a script back. Strings in, strings out: no files, no clock.

use serde_json::{Map, Value, json};

use crate::engine::json as strict_json;
use crate::engine::pontis::{Game, PontisRules, PontisRulesError, SetupError, Step, parse_step};
use crate::engine::{DeckCard, shown};

/// A game script, read and validated up to (not including) its plays.
#[derive(Clone, Debug, PartialEq)]
pub struct PontisScript {
    pub(crate) rules: PontisRules,
    pub(crate) players: Vec<String>,
    pub(crate) dealer: usize,
    pub(crate) banks: Vec<DeckCard>,
    pub plays: Vec<String>,
}

/// Why a script is not a real game. `position` is the 1-based play, 0 before the plays.
#[derive(Debug, thiserror::Error)]
pub enum PontisScriptError {
    /// The script itself is malformed; the message names the field.
    #[error("pontis script: {0}")]
    Format(String),
    #[error("pontis script: `rules`: {0}")]
    Rules(PontisRulesError),
    #[error("pontis script: `{field}`: {error}")]
    Setup {
        field: &'static str,
        error: SetupError,
    },
    #[error("play {position} \"{}\": {reason}; expected {expected}", shown(.text))]
    Play {
        position: usize,
        text: String,
        reason: String,
        expected: String,
    },
}

impl PontisScriptError {
    /// The 1-based position of the refused play, or 0 when the script failed before them.
    pub fn position(&self) -> usize {
        match self {
            PontisScriptError::Play { position, .. } => *position,
            _ => 0,
        }
    }
}

fn format_err(msg: impl Into<String>) -> PontisScriptError {
    PontisScriptError::Format(msg.into())
}

/// The engine's setup error, with the script's field it blames.
fn setup_error(error: SetupError) -> PontisScriptError {
    PontisScriptError::Setup {
        field: match error {
            SetupError::TooFewPlayers(_)
            | SetupError::TooManyPlayers { .. }
            | SetupError::BadName { .. } => "players",
            SetupError::NoSuchDealer { .. } => "dealer",
            SetupError::BankCount { .. } | SetupError::ImpossibleBank { .. } => "banks",
        },
        error,
    }
}

const FIELDS: [&str; 5] = ["rules", "players", "dealer", "banks", "plays"];

/// A list of strings in `field`, each read by `each`.
fn strings<T>(
    obj: &Map<String, Value>,
    field: &str,
    example: &str,
    each: impl Fn(usize, &str) -> Result<T, PontisScriptError>,
) -> Result<Vec<T>, PontisScriptError> {
    let arr = match obj.get(field) {
        Some(Value::Array(a)) => a,
        Some(other) => {
            return Err(format_err(format!(
                "`{field}`: expected a list of strings such as {example}, got {}",
                shown(&other.to_string())
            )));
        }
        None => {
            return Err(format_err(format!(
                "missing field `{field}`: a list of strings such as {example}"
            )));
        }
    };
    arr.iter()
        .enumerate()
        .map(|(i, v)| {
            let s = v.as_str().ok_or_else(|| {
                format_err(format!(
                    "`{field}`[{i}]: expected a string such as {example}, got {}",
                    shown(&v.to_string())
                ))
            })?;
            each(i, s)
        })
        .collect()
}

impl PontisScript {
    /// Reads a game script from JSON text; `rules_override` replaces its `rules` field
    /// (the `--rules FILE` option).
    pub fn parse(
        text: &str,
        rules_override: Option<PontisRules>,
    ) -> Result<PontisScript, PontisScriptError> {
        let v = strict_json::parse(text).map_err(|e| format_err(e.to_string()))?;
        PontisScript::from_value(&v, rules_override)
    }

    pub fn from_value(
        v: &Value,
        rules_override: Option<PontisRules>,
    ) -> Result<PontisScript, PontisScriptError> {
        let obj = v.as_object().ok_or_else(|| {
            format_err("expected a JSON object with players, dealer, banks and plays")
        })?;
        if let Some(k) = obj.keys().find(|k| !FIELDS.contains(&k.as_str())) {
            return Err(format_err(format!(
                "unknown field `{}` (a game script has {})",
                shown(k),
                FIELDS.join(", ")
            )));
        }
        // Left out, the rules take their stated values; `null` is not left out.
        let rules = match (rules_override, obj.get("rules")) {
            (Some(r), _) => r,
            (None, None) => PontisRules::standard(),
            (None, Some(r)) => PontisRules::from_value(r).map_err(PontisScriptError::Rules)?,
        };
        let players = strings(obj, "players", "[\"Ana\", \"Ben\"]", |_, s| {
            Ok(s.to_string())
        })?;
        let dealer = match obj.get("dealer") {
            Some(Value::String(d)) => match players.iter().position(|p| p == d) {
                Some(seat) => seat,
                None => {
                    // Players the engine refuses are the fault, not the dealer.
                    let n = players.len();
                    Game::new(rules, players.clone(), 0, vec![None; n]).map_err(setup_error)?;
                    return Err(format_err(format!(
                        "`dealer`: \"{}\" is not one of the players ({})",
                        shown(d),
                        players.join(", ")
                    )));
                }
            },
            Some(other) => {
                return Err(format_err(format!(
                    "`dealer`: expected the dealer's name (a string, one of `players`), got {}",
                    shown(&other.to_string())
                )));
            }
            None => {
                return Err(format_err(
                    "missing field `dealer`: the dealer's name, one of `players`",
                ));
            }
        };
        let banks = strings(obj, "banks", "[\"7h\", \"Jk=5\"]", |i, s| {
            s.parse::<DeckCard>()
                .map_err(|e| format_err(format!("`banks`[{i}]: {e}")))
        })?;
        let plays = strings(obj, "plays", "[\"Ben: 6s\", \"Cyril: pass\"]", |_, s| {
            Ok(s.to_string())
        })?;
        let script = PontisScript {
            rules,
            players,
            dealer,
            banks,
            plays,
        };
        script.start()?;
        Ok(script)
    }

    /// The game before its first play: every bank card known, the dealer's turned up.
    pub(crate) fn start(&self) -> Result<Game, PontisScriptError> {
        Game::new(
            self.rules,
            self.players.clone(),
            self.dealer,
            self.banks.iter().copied().map(Some).collect(),
        )
        .map_err(setup_error)
    }

    /// Plays every entry of `plays`; stops at the first refused one.
    pub fn play(&self) -> Result<Game, PontisScriptError> {
        let mut game = self.start()?;
        for (i, text) in self.plays.iter().enumerate() {
            let refuse = |reason: String, expected: String| PontisScriptError::Play {
                position: i + 1,
                text: text.clone(),
                reason,
                expected,
            };
            let step =
                parse_step(text, &game).map_err(|r| refuse(r.to_string(), game.expected()))?;
            if let Step::Turn { .. } = step {
                return Err(refuse(
                    "a game script gives the bank cards in `banks`, not as plays".into(),
                    game.expected(),
                ));
            }
            game.apply(step)
                .map_err(|e| refuse(e.reason.to_string(), e.expected))?;
        }
        Ok(game)
    }

    /// A script from a game's setup and its plays as written (what an export writes).
    pub fn of(game_start: &Game, plays: Vec<String>) -> PontisScript {
        PontisScript {
            rules: *game_start.rules(),
            players: game_start.names().to_vec(),
            dealer: game_start.dealer(),
            banks: (0..game_start.players())
                .filter_map(|s| game_start.bank(s).first().copied())
                .collect(),
            plays,
        }
    }

    /// The script as JSON, rules as a full knob object.
    pub fn to_value(&self) -> Value {
        json!({
            "rules": self.rules.to_value(),
            "players": self.players,
            "dealer": self.players[self.dealer],
            "banks": self.banks.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "plays": self.plays,
        })
    }
}

/// What `croupier pontis` prints (PONTIS-SCRIPT.md "Output"): whether the game is over,
/// who plays next and what he must meet, each player's hand count, bank, top and score,
/// how the game ended and who won.
pub fn state(game: &Game) -> Value {
    let players: Vec<Value> = (0..game.players())
        .map(|s| {
            json!({
                "name": game.names()[s],
                "cards_left": game.cards_left(s),
                "bank": game.bank(s).iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                "top": game.top(s).map(|c| c.to_string()),
                "score": game.score(s),
            })
        })
        .collect();
    json!({
        "complete": game.is_over(),
        "next": game.next_text(),
        "players": players,
        "end": game.end().map(|e| e.word()),
        "winners": game.winners().iter().map(|&s| game.names()[s].as_str()).collect::<Vec<_>>(),
    })
}
