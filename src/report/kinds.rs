//! The four reports: which figures, grouped how. Totals are sums of per-round figures, so
//! a summary always adds up to its rounds.

use std::collections::BTreeMap;

use chrono::Datelike;

use super::data::{self, Period, RoundRow, date_of, shift_of};
use super::theory::{RoundTheory, Theories};
use super::{Cell, Chart, Kind, Provenance, Report, Section};
use crate::audit::payload::{Payload, TableOpened};
use crate::audit::query::{Files, Source};
use crate::audit::{AuditError, EventKind, Store};
use crate::engine::Money;
use crate::script::money_json;

/// A logged value as the log writes it (compact JSON).
fn json_text<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// What the caller asks for.
pub struct Options<'a> {
    pub kind: Kind,
    pub period: Period,
    pub table: Option<&'a str>,
    pub dealer: Option<&'a str>,
    /// Payouts (a bet's net win) above this are exceptions.
    pub threshold: Money,
    /// Run `verify` on every database (the footer says the result).
    pub verify: bool,
    pub generated_by: &'a str,
    pub generated_at: &'a str,
}

/// Sums of round figures.
#[derive(Clone, Copy, Debug, Default)]
struct Totals {
    rounds: i64,
    handle: Money,
    paid: Money,
    win: Money,
    insurance_taken: Money,
    insurance_paid: Money,
    splits: i64,
    buys: i64,
    pontoons: i64,
    five_card_tricks: i64,
    /// Over the rounds whose rules have a theory: the handle, the house win, the
    /// theoretical win (cents) and its variance (cents²).
    theory_handle: Money,
    theory_actual: Money,
    theory_win: f64,
    theory_var: f64,
}

impl Totals {
    fn add(&mut self, r: &RoundRow, theory: Option<RoundTheory>) {
        if let Some(t) = theory {
            let handle = r.figures.handle.cents() as f64;
            self.theory_handle += r.figures.handle;
            self.theory_actual += r.figures.house_net;
            self.theory_win += t.theory.hold * handle;
            self.theory_var += t.var;
        }
        self.rounds += 1;
        self.handle += r.figures.handle;
        self.paid += r.figures.paid;
        self.win += r.figures.house_net;
        self.insurance_taken += r.figures.insurance_taken;
        self.insurance_paid += r.figures.insurance_paid;
        self.splits += r.figures.splits as i64;
        self.buys += r.figures.buys as i64;
        self.pontoons += r.figures.pontoons as i64;
        self.five_card_tricks += r.figures.five_card_tricks as i64;
    }

    fn hold(&self) -> Option<f64> {
        (self.handle.cents() != 0)
            .then(|| self.win.cents() as f64 * 100.0 / self.handle.cents() as f64)
    }

    /// The theoretical win, its hold %, and how many standard deviations the actual win
    /// lies from it (over the rounds whose rules have a theory).
    fn theory(&self) -> (Option<Money>, Option<f64>, Option<f64>) {
        if self.theory_handle.cents() == 0 {
            return (None, None, None);
        }
        let win = Money::from_cents(self.theory_win.round() as i64);
        let hold = self.theory_win * 100.0 / self.theory_handle.cents() as f64;
        let z = (self.theory_var > 0.0).then(|| {
            (self.theory_actual.cents() as f64 - self.theory_win) / self.theory_var.sqrt()
        });
        (Some(win), Some(hold), z)
    }

    fn cells(&self) -> Vec<Cell> {
        let (theory_win, theory_hold, z) = self.theory();
        vec![
            Cell::Int(self.rounds),
            Cell::Money(self.handle),
            Cell::Money(self.paid),
            Cell::Money(self.win),
            Cell::Percent(self.hold()),
            theory_win.map_or(Cell::Text(String::new()), Cell::Money),
            Cell::Percent(theory_hold),
            Cell::Sd(z),
            Cell::Money(self.insurance_taken),
            Cell::Money(self.insurance_paid),
            Cell::Int(self.splits),
            Cell::Int(self.buys),
            Cell::Int(self.pontoons),
            Cell::Int(self.five_card_tricks),
        ]
    }
}

const FIGURES: [&str; 14] = [
    "rounds",
    "handle",
    "paid",
    "house win",
    "hold %",
    "theoretical win",
    "theoretical hold %",
    "win vs theory (sd)",
    "insurance taken",
    "insurance paid",
    "splits",
    "buys",
    "pontoons paid",
    "five-card tricks paid",
];

fn columns(keys: &[&'static str]) -> Vec<&'static str> {
    keys.iter().chain(FIGURES.iter()).copied().collect()
}

fn grouped<K: Ord + Clone>(
    rows: &[&RoundRow],
    th: &Theories,
    key: impl Fn(&RoundRow) -> K,
) -> BTreeMap<K, Totals> {
    let mut m: BTreeMap<K, Totals> = BTreeMap::new();
    for r in rows {
        m.entry(key(r)).or_default().add(r, th.of(r));
    }
    m
}

/// Hours a dealer worked at a table: the distinct (table, clock hour) pairs in which
/// they settled a round.
fn dealer_hours(rows: &[&RoundRow], dealer: &str) -> usize {
    let mut h: Vec<(&str, i64)> = rows
        .iter()
        .filter(|r| r.dealer == dealer)
        .map(|r| (r.table.as_str(), r.at / 3_600_000))
        .collect();
    h.sort_unstable();
    h.dedup();
    h.len()
}

fn time(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.format("%Y-%m-%d %H:%M:%S").to_string())
        .unwrap_or_default()
}

/// Builds a report from the databases' files.
pub fn build(
    stores: &[Store],
    o: &Options,
    progress: impl FnMut(&str),
) -> Result<Report, AuditError> {
    build_from(&mut Files(stores), o, progress)
}

/// Builds a report from a source: the tables' files or the floor.
pub fn build_from(
    src: &mut dyn Source,
    o: &Options,
    mut progress: impl FnMut(&str),
) -> Result<Report, AuditError> {
    let (from_ms, to_ms) = o.period.ms();
    // Year-to-date reaches back to 1 January of the period's last year.
    let ytd_start = data::day_ms(o.period.to.with_ordinal(1).unwrap_or(o.period.to));
    let load_from = from_ms.min(ytd_start);
    progress("reading rounds");
    let rounds = src.rounds(load_from, to_ms, &mut |n| {
        progress(&format!("{n} rounds read"))
    })?;
    let keep = |r: &&RoundRow| {
        !r.voided && o.table.is_none_or(|t| r.table == t) && o.dealer.is_none_or(|d| r.dealer == d)
    };
    let all: Vec<&RoundRow> = rounds.iter().filter(keep).collect();
    let in_period: Vec<&RoundRow> = all
        .iter()
        .copied()
        .filter(|r| o.period.contains(r.at))
        .collect();
    // What each round's rules should hold, for the kinds that show a hold.
    let th = if o.kind == Kind::Summary {
        progress("solving each table's rules for its theoretical hold");
        Theories::read(src, &rounds, to_ms)?
    } else {
        Theories::default()
    };
    let mut sections = Vec::new();
    let mut charts = Vec::new();
    match o.kind {
        Kind::Summary => {
            let by_shift = grouped(&in_period, &th, |r| {
                let (d, s) = shift_of(r.at);
                (r.table.clone(), d, s)
            });
            sections.push(Section {
                name: "by shift".into(),
                columns: columns(&["table", "date", "shift"]),
                rows: by_shift
                    .iter()
                    .map(|((t, d, s), tot)| {
                        [
                            vec![
                                Cell::Text(t.clone()),
                                Cell::Text(d.to_string()),
                                Cell::Text(s.to_string()),
                            ],
                            tot.cells(),
                        ]
                        .concat()
                    })
                    .collect(),
            });
            let by_day = grouped(&in_period, &th, |r| (r.table.clone(), date_of(r.at)));
            sections.push(Section {
                name: "by day".into(),
                columns: columns(&["table", "date"]),
                rows: by_day
                    .iter()
                    .map(|((t, d), tot)| {
                        [
                            vec![Cell::Text(t.clone()), Cell::Text(d.to_string())],
                            tot.cells(),
                        ]
                        .concat()
                    })
                    .collect(),
            });
            let to = o.period.to;
            let mtd_start = data::day_ms(to.with_day(1).unwrap_or(to));
            for (name, start) in [("month to date", mtd_start), ("year to date", ytd_start)] {
                let rows: Vec<&RoundRow> = all
                    .iter()
                    .copied()
                    .filter(|r| r.at >= start && r.at < to_ms)
                    .collect();
                let per_table = grouped(&rows, &th, |r| r.table.clone());
                let label = format!("{} to {to}", data::date_of(start));
                sections.push(Section {
                    name: name.into(),
                    columns: columns(&["table", "from"]),
                    rows: per_table
                        .iter()
                        .map(|(t, tot)| {
                            [
                                vec![Cell::Text(t.clone()), Cell::Text(label.clone())],
                                tot.cells(),
                            ]
                            .concat()
                        })
                        .collect(),
                });
            }
            let mut total = Totals::default();
            for r in &in_period {
                total.add(r, th.of(r));
            }
            sections.push(Section {
                name: "period total".into(),
                columns: columns(&["tables"]),
                rows: vec![
                    [
                        vec![Cell::Text(format!(
                            "{}",
                            grouped(&in_period, &th, |r| r.table.clone()).len()
                        ))],
                        total.cells(),
                    ]
                    .concat(),
                ],
            });
            let days = grouped(&in_period, &th, |r| date_of(r.at));
            charts.push(Chart {
                title: "House win by day".into(),
                unit: "",
                bars: days
                    .iter()
                    .map(|(d, t)| (d.format("%m-%d").to_string(), t.win.cents() as f64 / 100.0))
                    .collect(),
            });
            charts.push(Chart {
                title: "Hold % by day".into(),
                unit: "%",
                bars: days
                    .iter()
                    .map(|(d, t)| (d.format("%m-%d").to_string(), t.hold().unwrap_or(0.0)))
                    .collect(),
            });
            sections.extend(super::pontis::sections(src, o)?);
        }
        Kind::Rounds => {
            let mut rows = Vec::new();
            for (n, r) in in_period.iter().enumerate() {
                if n % 20_000 == 0 {
                    progress(&format!("{n} of {} rounds", in_period.len()));
                }
                let (bets, steps) = src.round_inputs(r.db, r.round)?;
                let nets = src.round_nets(r.db, r.round)?;
                let bets_text = bets
                    .iter()
                    .map(|b| format!("{}@{}:{}", b.id, b.box_no, money_json(b.stake)))
                    .collect::<Vec<_>>()
                    .join(" ");
                let nets_text = nets
                    .iter()
                    .map(|b| format!("{}:{}", b.id, money_json(b.net)))
                    .collect::<Vec<_>>()
                    .join(" ");
                rows.push(vec![
                    Cell::Text(time(r.at)),
                    Cell::Text(r.table.clone()),
                    Cell::Int(r.round),
                    Cell::Text(r.dealer.clone()),
                    Cell::Text(bets_text),
                    Cell::Text(steps.join(" ")),
                    Cell::Text(nets_text),
                    Cell::Money(r.figures.handle),
                    Cell::Money(r.figures.house_net),
                ]);
            }
            sections.push(Section {
                name: "rounds".into(),
                columns: vec![
                    "settled at",
                    "table",
                    "round",
                    "dealer",
                    "bets (id@box:stake)",
                    "inputs",
                    "nets",
                    "handle",
                    "house win",
                ],
                rows,
            });
        }
        Kind::Dealers => {
            let noted = src.events_of(
                &[
                    EventKind::StepRefused,
                    EventKind::Undo,
                    EventKind::RoundCorrected,
                ],
                from_ms,
                to_ms,
            )?;
            let per = grouped(&in_period, &th, |r| r.dealer.clone());
            let hours = |d: &str| dealer_hours(&in_period, d) as f64;
            let count = |d: &str, k: EventKind| {
                noted.iter().filter(|n| n.user == d && n.kind == k).count() as i64
            };
            let mut names: Vec<String> = per.keys().cloned().collect();
            for n in &noted {
                if !n.user.is_empty()
                    && !names.contains(&n.user)
                    && o.dealer.is_none_or(|d| d == n.user)
                {
                    names.push(n.user.clone());
                }
            }
            names.sort();
            sections.push(Section {
                name: "dealers".into(),
                columns: vec![
                    "dealer",
                    "rounds",
                    "hours at a table",
                    "rounds per hour",
                    "handle",
                    "house win",
                    "hold %",
                    "refused inputs",
                    "undos",
                    "corrections",
                ],
                rows: names
                    .iter()
                    .map(|d| {
                        let t = per.get(d).copied().unwrap_or_default();
                        let h = hours(d);
                        vec![
                            Cell::Text(d.clone()),
                            Cell::Int(t.rounds),
                            Cell::Int(h as i64),
                            Cell::Percent((h > 0.0).then(|| t.rounds as f64 / h)),
                            Cell::Money(t.handle),
                            Cell::Money(t.win),
                            Cell::Percent(t.hold()),
                            Cell::Int(count(d, EventKind::StepRefused)),
                            Cell::Int(count(d, EventKind::Undo)),
                            Cell::Int(count(d, EventKind::RoundCorrected)),
                        ]
                    })
                    .collect(),
            });
            charts.push(Chart {
                title: "Rounds per dealer".into(),
                unit: "",
                bars: names
                    .iter()
                    .map(|d| {
                        (
                            d.clone(),
                            per.get(d).map(|t| t.rounds as f64).unwrap_or(0.0),
                        )
                    })
                    .collect(),
            });
        }
        Kind::Exceptions => {
            let kinds = [
                EventKind::RoundVoided,
                EventKind::RoundCorrected,
                EventKind::Undo,
                EventKind::StepRefused,
                EventKind::LoginFailed,
                EventKind::UserLocked,
                EventKind::UserUnlocked,
                EventKind::TableOpened,
            ];
            let mut rows = Vec::new();
            // Each database's tables by name: the last opening before the period tells
            // whether an opening in it changed anything.
            let mut last_rules: BTreeMap<(usize, String), TableOpened> = BTreeMap::new();
            for n in src.events_of(&[EventKind::TableOpened], 0, from_ms)? {
                if let Payload::TableOpened(t) = n.payload {
                    last_rules.insert((n.db, n.table.clone()), t);
                }
            }
            for n in src.events_of(&kinds, from_ms, to_ms)? {
                if o.table.is_some_and(|t| !n.table.is_empty() && n.table != t) {
                    continue;
                }
                let detail = match &n.payload {
                    Payload::TableOpened(t) => {
                        let before = last_rules.insert((n.db, n.table.clone()), t.clone());
                        match before {
                            Some(b) if b.rules != t.rules || b.limits != t.limits => {
                                format!(
                                    "rules or limits changed: preset {} limits {}",
                                    json_text(&t.preset),
                                    json_text(&t.limits)
                                )
                            }
                            Some(_) => continue,
                            None => format!(
                                "table opened: preset {} limits {}",
                                json_text(&t.preset),
                                json_text(&t.limits)
                            ),
                        }
                    }
                    Payload::StepRefused(r) => format!("\"{}\": {}", r.text, r.reason),
                    Payload::Undo(u) => format!("undid \"{}\"", u.text),
                    Payload::RoundVoided(v) => format!("reason: {}", v.reason),
                    Payload::RoundCorrected(c) => format!("reason: {}", c.reason),
                    _ => n.fields(),
                };
                rows.push((
                    n.at,
                    n.db,
                    n.seq,
                    vec![
                        Cell::Text(time(n.at)),
                        Cell::Text(n.kind.name().replace('_', " ")),
                        Cell::Text(n.table.clone()),
                        Cell::Text(n.user.clone()),
                        n.round.map(Cell::Int).unwrap_or(Cell::Text(String::new())),
                        Cell::Text(detail),
                    ],
                ));
            }
            for a in src.alarms(from_ms, to_ms)? {
                rows.push((
                    a.at,
                    a.db,
                    a.seq,
                    vec![
                        Cell::Text(time(a.at)),
                        Cell::Text("floor alarm".into()),
                        Cell::Text(String::new()),
                        Cell::Text(String::new()),
                        Cell::Text(String::new()),
                        Cell::Text(a.detail),
                    ],
                ));
            }
            for r in &in_period {
                if r.figures.max_net > o.threshold {
                    rows.push((
                        r.at,
                        r.db,
                        i64::MAX,
                        vec![
                            Cell::Text(time(r.at)),
                            Cell::Text("payout over threshold".into()),
                            Cell::Text(r.table.clone()),
                            Cell::Text(r.dealer.clone()),
                            Cell::Int(r.round),
                            Cell::Text(format!(
                                "a bet won {} (threshold {})",
                                Cell::Money(r.figures.max_net).text(),
                                Cell::Money(o.threshold).text()
                            )),
                        ],
                    ));
                }
            }
            rows.sort_by_key(|(at, db, seq, _)| (*at, *db, *seq));
            sections.push(Section {
                name: "exceptions".into(),
                columns: vec!["time", "exception", "table", "user", "round", "detail"],
                rows: rows.into_iter().map(|(_, _, _, r)| r).collect(),
            });
        }
    }
    // Provenance: each database's head, and verify (replay mismatches are exceptions too).
    let mut sources = Vec::new();
    for h in src.heads(o.verify, &mut progress)? {
        if let (Kind::Exceptions, Some(Err(why))) = (o.kind, &h.verified)
            && let Some(sec) = sections.last_mut()
        {
            sec.rows.push(vec![
                Cell::Text(String::new()),
                Cell::Text("verify failed".into()),
                Cell::Text(String::new()),
                Cell::Text(String::new()),
                Cell::Text(String::new()),
                Cell::Text(format!("{}: {why}", h.path)),
            ]);
        }
        sources.push(Provenance {
            path: h.path,
            head_seq: h.head_seq,
            head_hash: h.head_hash,
            verified: h.verified,
        });
    }
    let mut filters = Vec::new();
    if let Some(t) = o.table {
        filters.push(("table".to_string(), t.to_string()));
    }
    if let Some(d) = o.dealer {
        filters.push(("dealer".to_string(), d.to_string()));
    }
    if o.kind == Kind::Exceptions {
        filters.push((
            "payout threshold".to_string(),
            Cell::Money(o.threshold).text(),
        ));
    }
    Ok(Report {
        kind: o.kind,
        period: o.period,
        filters,
        sections,
        charts,
        generated_by: o.generated_by.to_string(),
        generated_at: o.generated_at.to_string(),
        sources,
    })
}

/// Figures for the supervisor's charts: by day, by hour of day, by dealer.
#[derive(Clone, Debug, Default)]
pub struct Series {
    /// (date, house win, hold %, rounds, theoretical hold % of the rules played)
    pub(crate) by_day: Vec<(String, Money, f64, i64, Option<f64>)>,
    /// (hour 0–23, house win, hold %, rounds)
    pub(crate) by_hour: Vec<(u32, Money, f64, i64)>,
    /// (dealer, rounds, rounds per hour at a table)
    pub(crate) by_dealer: Vec<(String, i64, f64)>,
}

/// Groups settled, not voided rounds for charts.
pub fn series(rows: &[RoundRow]) -> Series {
    series_with(rows, &Theories::default())
}

/// [`series`], with each day's theoretical hold from the rounds' rules (`th`).
pub fn series_with(rows: &[RoundRow], th: &Theories) -> Series {
    use chrono::Timelike;
    let rows: Vec<&RoundRow> = rows.iter().filter(|r| !r.voided).collect();
    let hold = |t: &Totals| t.hold().unwrap_or(0.0);
    let by_day = grouped(&rows, th, |r| date_of(r.at))
        .into_iter()
        .map(|(d, t)| (d.to_string(), t.win, hold(&t), t.rounds, t.theory().1))
        .collect();
    let by_hour = grouped(&rows, th, |r| {
        chrono::DateTime::from_timestamp_millis(r.at)
            .map(|t| t.hour())
            .unwrap_or(0)
    })
    .into_iter()
    .map(|(h, t)| (h, t.win, hold(&t), t.rounds))
    .collect();
    let by_dealer = grouped(&rows, th, |r| r.dealer.clone())
        .into_iter()
        .map(|(d, t)| {
            let hours = dealer_hours(&rows, &d);
            let per_hour = if hours == 0 {
                0.0
            } else {
                t.rounds as f64 / hours as f64
            };
            (d, t.rounds, per_hour)
        })
        .collect();
    Series {
        by_day,
        by_hour,
        by_dealer,
    }
}
