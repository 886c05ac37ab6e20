//! The Pontis games in a report: each game (table, host, players, length, how it ended,
//! winners), and the games per table and host. Added to the summary when the period
//! holds Pontis games, so a Pontoon-only log reports as before.

use std::collections::{BTreeMap, BTreeSet};

use super::{Cell, Options, Section};
use super::{TableKey, table_cell};
use crate::log::AuditError;
use crate::report::query::Source;
use crate::session::pontis::GameRow;

/// How a game ended, as the report's word (its English key).
pub(crate) fn end_word(end: &str) -> &'static str {
    match end {
        "empty_hand" => "empty_hand",
        "blocked" => "blocked",
        "abandoned" => "abandoned",
        _ => "in play",
    }
}

/// The Pontis games the report holds: read from the window `[from_ms, to_ms)` (which
/// covers the period's gaming days in every database's calendar, and so may hold hours of
/// a day before or after), kept if started in one of the period's gaming days by its own
/// database's calendar (`in_days(db, at)`), at the report's table and host if it names
/// them.
pub(crate) fn games(
    src: &mut dyn Source,
    o: &Options,
    (from_ms, to_ms): (i64, i64),
    in_days: impl Fn(usize, i64) -> bool,
) -> Result<Vec<GameRow>, AuditError> {
    let mut games: Vec<GameRow> = src.pontis_games(from_ms, to_ms)?;
    games.retain(|g| {
        in_days(g.db, g.started)
            && o.table.is_none_or(|t| g.table == t)
            && o.dealer.is_none_or(|d| g.host == d)
    });
    Ok(games)
}

/// Each game's table as the report keys it: (name, database).
pub(crate) fn table_keys(games: &[GameRow]) -> impl Iterator<Item = TableKey> + '_ {
    games.iter().map(|g| (g.table.clone(), g.db))
}

/// The report's Pontis sections over `games` ([`games`]); none when there is none. A
/// table whose name is in `shared` is said with its database, as in the other sections.
pub(crate) fn sections(games: &[GameRow], shared: &BTreeSet<String>) -> Vec<Section> {
    if games.is_empty() {
        return Vec::new();
    }
    let end_of = |g: &GameRow| {
        g.ended
            .as_ref()
            .map_or("in play", |(_, e)| e.as_str())
            .to_string()
    };
    let list = Section {
        name: "pontis games".into(),
        columns: vec![
            "started at",
            "table",
            "game",
            "host",
            "players",
            "inputs",
            "minutes",
            "end",
            "winners",
        ],
        rows: games
            .iter()
            .map(|g| {
                vec![
                    Cell::Time(g.started),
                    table_cell(&g.table, g.db, shared),
                    Cell::Int(g.game),
                    Cell::Text(g.host.clone()),
                    Cell::Text(g.players.join(", ")),
                    g.inputs
                        .map_or(Cell::Text(String::new()), |n| Cell::Int(n as i64)),
                    g.ended
                        .as_ref()
                        .map_or(Cell::Text(String::new()), |(at, _)| {
                            Cell::Int((at - g.started) / 60_000)
                        }),
                    Cell::Word(end_word(&end_of(g))),
                    Cell::Text(g.winners.join(", ")),
                ]
            })
            .collect(),
    };
    // Per table (database, name) and host: how many games, how they ended, their length
    // in inputs.
    let mut per: BTreeMap<(TableKey, String), [i64; 6]> = BTreeMap::new();
    for g in games {
        let t = per
            .entry(((g.table.clone(), g.db), g.host.clone()))
            .or_default();
        t[0] += 1;
        let slot = match end_of(g).as_str() {
            "empty_hand" => 1,
            "blocked" => 2,
            "abandoned" => 3,
            _ => 4,
        };
        t[slot] += 1;
        t[5] = t[5].max(g.inputs.unwrap_or(0) as i64);
    }
    let by = Section {
        name: "pontis games by table and host".into(),
        columns: vec![
            "table",
            "host",
            "games",
            "empty hand",
            "blocked",
            "abandoned",
            "in play",
            "longest (inputs)",
        ],
        rows: per
            .into_iter()
            .map(|((t, h), n)| {
                [
                    vec![table_cell(&t.0, t.1, shared), Cell::Text(h)],
                    n.iter().map(|&x| Cell::Int(x)).collect(),
                ]
                .concat()
            })
            .collect(),
    };
    vec![list, by]
}
