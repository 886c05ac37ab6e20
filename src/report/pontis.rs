//! The Pontis games in a report: each game (table, host, players, length, how it ended,
//! winners), and the games per table and host. Added to the summary when the period
//! holds Pontis games, so a Pontoon-only log reports as before.

use std::collections::BTreeMap;

use super::{Cell, Options, Section};
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

/// The report's Pontis sections (the games started in `[from_ms, to_ms)`, the period's
/// gaming days); none when the period has no Pontis game.
pub(crate) fn sections(
    src: &mut dyn Source,
    o: &Options,
    (from_ms, to_ms): (i64, i64),
) -> Result<Vec<Section>, AuditError> {
    let mut games: Vec<GameRow> = src.pontis_games(from_ms, to_ms)?;
    games.retain(|g| o.table.is_none_or(|t| g.table == t) && o.dealer.is_none_or(|d| g.host == d));
    if games.is_empty() {
        return Ok(Vec::new());
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
                    Cell::Text(g.table.clone()),
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
    // Per table and host: how many games, how they ended, their length in inputs.
    let mut per: BTreeMap<(String, String), [i64; 6]> = BTreeMap::new();
    for g in &games {
        let t = per.entry((g.table.clone(), g.host.clone())).or_default();
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
                    vec![Cell::Text(t), Cell::Text(h)],
                    n.iter().map(|&x| Cell::Int(x)).collect(),
                ]
                .concat()
            })
            .collect(),
    };
    Ok(vec![list, by])
}
