//! The strategy as a chart: sections by the number of cards, the stakes and whether the
//! hand twisted (a buy is open only before a twist), rows by hand, a column for each dealer
//! card; and the same as JSON and as a printable HTML page.

use serde_json::{Value, json};

use crate::engine::Decision;

use super::strategy::{Entry, Key, Strategy};

/// The dealer's cards in chart order.
pub const UPS: [u8; 10] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1];

/// A decision's letter on the chart: the key the dealer's screen takes for it (W twists;
/// T there enters a ten).
pub fn letter(d: Decision) -> &'static str {
    match d {
        Decision::Stick => "S",
        Decision::Twist => "W",
        Decision::Buy => "B",
        Decision::Split => "P",
        Decision::Surrender => "R",
    }
}

fn up_name(v: u8) -> String {
    if v == 1 { "A".into() } else { v.to_string() }
}

/// What orders the sections: split pair, cards, twisted, stakes, and the title.
type SectionKey = (u8, u8, bool, u8, String);
/// What orders the rows: pair, three of a kind, soft, total.
type RowOrder = (bool, bool, bool, u8);

/// A section of the chart: hands with the same number of cards, stakes and twist.
#[derive(Clone, Debug)]
pub struct Section {
    pub title: String,
    pub rows: Vec<Row>,
}

#[derive(Clone, Debug)]
pub struct Row {
    pub hand: String,
    /// For each dealer card of [`UPS`]: the letters (best first), or empty.
    pub cells: Vec<String>,
}

fn section_of(k: &Key) -> SectionKey {
    let title = if k.split_of > 0 {
        format!(
            "After splitting {}s: the first decision of each hand",
            up_name(k.split_of)
        )
    } else {
        let stakes = match k.units {
            1 => "one stake".to_string(),
            n => format!("{n} stakes"),
        };
        let how = if k.cards == 2 {
            "as dealt".to_string()
        } else if k.twisted {
            "after a twist (no more buying)".to_string()
        } else {
            "bought, not twisted".to_string()
        };
        format!("{} cards, {stakes}, {how}", k.cards)
    };
    (k.split_of, k.cards, k.twisted, k.units, title)
}

fn hand_name(k: &Key) -> String {
    if k.pair && k.cards == 2 {
        let v = if k.soft {
            "A".to_string()
        } else {
            (k.total / 2).to_string()
        };
        return format!("{v}-{v}");
    }
    if k.trips {
        return format!("three of a kind, {}", k.total);
    }
    if k.soft {
        format!("soft {}", k.total)
    } else {
        format!("{}", k.total)
    }
}

/// The chart's sections, for the hands a player meets (keys with a weight, and a split
/// hand's first decisions).
pub fn sections(s: &Strategy) -> Vec<Section> {
    let mut groups: Vec<(SectionKey, Vec<&Entry>)> = Vec::new();
    for e in &s.entries {
        if e.prefs.best().is_none() || (e.weight == 0.0 && e.key.split_of == 0) {
            continue;
        }
        let sec = section_of(&e.key);
        match groups.iter_mut().find(|(k, _)| *k == sec) {
            Some((_, v)) => v.push(e),
            None => groups.push((sec, vec![e])),
        }
    }
    groups.sort_by(|a, b| {
        let (x, y) = (&a.0, &b.0);
        (x.0 > 0, x.1, x.2, x.3, x.0).cmp(&(y.0 > 0, y.1, y.2, y.3, y.0))
    });
    groups
        .into_iter()
        .map(|((.., title), es)| {
            let mut rows: Vec<(RowOrder, String, Vec<String>)> = Vec::new();
            for e in es {
                let k = e.key;
                let order = (k.pair, k.trips, k.soft, k.total);
                let name = hand_name(&k);
                let col = UPS.iter().position(|&u| u == k.up).unwrap_or(0);
                let cell: String = e
                    .prefs
                    .ranked()
                    .map(letter)
                    .take(2)
                    .collect::<Vec<_>>()
                    .join("");
                let cell = cell.chars().take(1).collect::<String>()
                    + if e
                        .prefs
                        .ranked()
                        .next()
                        .is_some_and(|d| matches!(d, Decision::Split | Decision::Surrender))
                    {
                        &cell[1..]
                    } else {
                        ""
                    };
                match rows.iter_mut().find(|r| r.0 == order) {
                    Some(r) => r.2[col] = cell,
                    None => {
                        let mut cells = vec![String::new(); UPS.len()];
                        cells[col] = cell;
                        rows.push((order, name, cells));
                    }
                }
            }
            rows.sort_by_key(|a| a.0);
            Section {
                title,
                rows: rows
                    .into_iter()
                    .map(|(_, hand, cells)| Row { hand, cells })
                    .collect(),
            }
        })
        .collect()
}

/// The chart's sentences in the reader's language, worded by the caller (the lab cannot
/// reach i18n): the house edge, the letters' legend, and `note` (i18n's `players_edge`
/// when the rules give the players the edge).
#[derive(Clone, Debug, PartialEq)]
pub struct Words {
    pub edge: String,
    pub legend: String,
    pub note: Option<String>,
}

impl Words {
    /// The sentences in English, for `house_edge` (no note).
    pub fn english(house_edge: f64) -> Words {
        Words {
            edge: format!(
                "house edge {:.4}% of the initial stake (one box, each round from a full shoe)",
                house_edge * 100.0
            ),
            legend: "S stick, W twist, B buy, P split, R surrender; a second letter is what to \
                     do when the first is not allowed"
                .into(),
            note: None,
        }
    }
}

/// The strategy as text: the edge, the note, the legend, and the chart.
pub fn text(s: &Strategy, words: &Words) -> String {
    let mut out = format!("{}\n", words.edge);
    if let Some(note) = &words.note {
        out.push_str(note);
        out.push('\n');
    }
    out.push_str(&words.legend);
    out.push('\n');
    for sec in sections(s) {
        out.push_str(&format!("\n{}\n{:<22}", sec.title, "hand \\ dealer"));
        for u in UPS {
            out.push_str(&format!("{:>4}", up_name(u)));
        }
        out.push('\n');
        for r in &sec.rows {
            out.push_str(&format!("{:<22}", r.hand));
            for c in &r.cells {
                out.push_str(&format!("{:>4}", if c.is_empty() { "." } else { c }));
            }
            out.push('\n');
        }
    }
    let offers: Vec<&Entry> = s
        .entries
        .iter()
        .filter(|e| e.key.up == 1 && (e.prefs.insure() || e.prefs.even_money()))
        .collect();
    out.push_str(&format!(
        "\nagainst an ace: insure {}; even money {}\n",
        if offers.iter().any(|e| e.prefs.insure()) {
            "some hands (see --json)"
        } else {
            "never"
        },
        if offers.iter().any(|e| e.prefs.even_money()) {
            "taken"
        } else {
            "refused"
        }
    ));
    out
}

/// The strategy as JSON: `house_edge`, the player's value by dealer card, and the chart.
pub fn json(s: &Strategy) -> Value {
    let chart: Vec<Value> = s
        .entries
        .iter()
        .filter(|e| e.prefs.best().is_some() || e.prefs.insure() || e.prefs.even_money())
        .map(|e| {
            let k = e.key;
            let mut ev = serde_json::Map::new();
            for (i, d) in Decision::ALL.iter().enumerate() {
                if let Some(v) = e.ev[i] {
                    ev.insert(d.word().to_string(), json!(v));
                }
            }
            json!({
                "dealer": up_name(k.up),
                "cards": k.cards,
                "total": k.total,
                "soft": k.soft,
                "stakes": k.units,
                "twisted": k.twisted,
                "split_of": if k.split_of > 0 { json!(up_name(k.split_of)) } else { Value::Null },
                "pair": k.pair,
                "three_of_a_kind": k.trips,
                "best": e.prefs.best().map(|d| d.word()),
                "ranked": e.prefs.ranked().map(|d| d.word()).collect::<Vec<_>>(),
                "insure": e.prefs.insure(),
                "even_money": e.prefs.even_money(),
                "ev": ev,
                "weight": e.weight,
            })
        })
        .collect();
    let by_up: serde_json::Map<String, Value> = s
        .by_up
        .iter()
        .enumerate()
        .map(|(v, (ev, p))| {
            (
                up_name(v as u8 + 1),
                json!({"player_ev": ev, "probability": p}),
            )
        })
        .collect();
    json!({
        "house_edge": s.house_edge,
        "edge_to": if s.house_edge < 0.0 { "players" } else { "house" },
        "by_dealer_card": by_up,
        "chart": chart,
    })
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The chart as a printable HTML page, `title` naming the rules; `words` as for [`text`].
pub fn html(s: &Strategy, title: &str, words: &Words) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\
         <title>Strategy: {t}</title><style>\
         body{{font-family:sans-serif;margin:1em;}} h1{{font-size:1.3em}} h2{{font-size:1em;margin:1em 0 .3em}}\
         table{{border-collapse:collapse;page-break-inside:avoid}} td,th{{border:1px solid #999;padding:1px 6px;text-align:center;font-size:.85em}}\
         td.h{{text-align:left}} .S{{background:#f6d55c}} .W{{background:#fff}} .B{{background:#7fc97f}}\
         .P{{background:#80b1d3}} .R{{background:#fb8072}} @media print{{body{{margin:0}}}}\
         </style></head><body>\n<h1>Pontoon strategy: {t}</h1>\n\
         <p><b>{edge}</b>. {legend}.</p>\n",
        t = escape(title),
        edge = escape(&words.edge),
        legend = escape(&words.legend),
    ));
    if let Some(note) = &words.note {
        out.push_str(&format!("<p><b>{}</b></p>\n", escape(note)));
    }
    for sec in sections(s) {
        out.push_str(&format!(
            "<h2>{}</h2>\n<table><tr><th>hand</th>",
            escape(&sec.title)
        ));
        for u in UPS {
            out.push_str(&format!("<th>{}</th>", up_name(u)));
        }
        out.push_str("</tr>\n");
        for r in &sec.rows {
            out.push_str(&format!("<tr><td class=\"h\">{}</td>", escape(&r.hand)));
            for c in &r.cells {
                let class = c.chars().next().map(String::from).unwrap_or_default();
                out.push_str(&format!("<td class=\"{class}\">{c}</td>"));
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</table>\n");
    }
    out.push_str("</body></html>\n");
    out
}
