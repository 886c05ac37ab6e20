//! Opening a table, one policy for both games: a name is needed and is one game's only; a
//! new table, a changed one or a closed one is logged as opened; changing an existing
//! table's rules needs a supervisor and nothing in play. It decides, and never logs.

use super::error::InputError;
use super::tables::{find_pontis_table, find_table, next_table_id};
use super::users::User;
use crate::codes::{NotNow, TableGame};
use crate::log::store::Store;

/// The table a name is, as the log left it (an existing table of the game opened).
pub(crate) struct Found {
    /// Its rules (and limits) differ from those asked for.
    pub(crate) rules_change: bool,
    /// A round (or game) is in play on it.
    pub(crate) in_play: bool,
    /// It was left open (not closed).
    pub(crate) open: bool,
}

/// The name to open, trimmed: not empty, and not a table of the other game. The table's
/// id under that name if it exists, else the next free one.
pub(crate) fn name_and_id(
    store: &Store,
    game: TableGame,
    raw: &str,
) -> Result<(String, i64, bool), InputError> {
    let name = raw.trim().to_string();
    if name.is_empty() {
        return Err(InputError::NotNow(NotNow::NoTableName));
    }
    let (mine, others) = match game {
        TableGame::Pontoon => (find_table(store, &name)?, find_pontis_table(store, &name)?),
        TableGame::Pontis => (find_pontis_table(store, &name)?, find_table(store, &name)?),
    };
    if others.is_some() {
        return Err(InputError::NotNow(NotNow::OtherGamesTable {
            name,
            game: game.other(),
        }));
    }
    match mine {
        Some(id) => Ok((name, id, true)),
        None => Ok((name, next_table_id(store)?, false)),
    }
}

/// Whether this opening is logged (a new table, a change of rules, a closed table
/// reopened), or refused: a change of rules needs a supervisor and nothing in play.
pub(crate) fn must_log(
    game: TableGame,
    name: &str,
    user: &User,
    found: Option<Found>,
) -> Result<bool, NotNow> {
    let Some(found) = found else { return Ok(true) };
    if found.rules_change && !user.role.supervises() {
        return Err(NotNow::RulesNeedSupervisor {
            name: name.to_string(),
            game,
        });
    }
    if found.rules_change && found.in_play {
        return Err(NotNow::RulesWhileInPlay {
            name: name.to_string(),
            game,
        });
    }
    Ok(found.rules_change || !found.open)
}
