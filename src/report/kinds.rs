//! The four reports: which figures, grouped how. Totals are sums of per-round figures, so
//! a summary always adds up to its rounds.

use std::collections::BTreeMap;

use chrono::Datelike;

use super::calendars::Calendars;
use super::data::{RoundRow, Verified};
use super::theory::{RoundTheory, Theories};
use super::{Cell, Chart, Detail, Kind, Options, Provenance, Report, Section, key};
use crate::codes::RefusalCode;
use crate::engine::{Currency, Money};
use crate::log::payload::{Payload, TableOpened};
use crate::log::{AuditError, EventKind, Store};
use crate::report::query::{Files, Noted, Source};
use crate::script::money_json;
use crate::session::calendar::Calendar;

/// A logged value as the log writes it (compact JSON).
fn json_text<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
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

    /// House win ÷ handle, per cent: the industry's win rate of the handle ("hold" is
    /// win ÷ drop, the close-out's).
    fn win_rate(&self) -> Option<f64> {
        (self.handle.cents() != 0)
            .then(|| self.win.cents() as f64 * 100.0 / self.handle.cents() as f64)
    }

    /// The theoretical win, its win rate of the handle %, and how many standard
    /// deviations the actual win lies from it (over the rounds whose rules have a theory).
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
            Cell::Percent(self.win_rate()),
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
    key::ROUNDS,
    key::HANDLE,
    "paid",
    key::HOUSE_WIN,
    key::WIN_RATE,
    "theoretical win",
    "theoretical win rate %",
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

/// The summary's "rules edge": for each table, the house edge of each rules it played in
/// the period (the lab's, per unit of initial stake) and, in words, who has the edge —
/// rules can give it to the players (docs/house-edge.md). A round with no theory is left
/// out, as from the theory columns.
fn rules_edge(rounds: &[&RoundRow], th: &Theories) -> Section {
    let mut edges: BTreeMap<(String, u64), f64> = BTreeMap::new();
    for r in rounds {
        if let Some(t) = th.of(r) {
            let edge = t.theory.edge;
            edges.insert((r.table.clone(), edge.to_bits()), edge);
        }
    }
    Section {
        name: "rules edge".into(),
        columns: vec!["table", "house edge %", "edge to"],
        rows: edges
            .into_iter()
            .map(|((table, _), edge)| {
                vec![
                    Cell::Text(table),
                    Cell::Percent(Some(edge * 100.0)),
                    Cell::Word(if edge < 0.0 { "players" } else { "house" }),
                ]
            })
            .collect(),
    }
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

/// Rounds per hour at a table: `rounds` over the hours `dealer` worked among `rows`
/// ([`dealer_hours`]); `None` with no hour. The one way the dealers report and the desk's
/// charts (through [`series_with`]) compute it.
pub(crate) fn rounds_per_hour(rows: &[&RoundRow], dealer: &str, rounds: i64) -> Option<f64> {
    let hours = dealer_hours(rows, dealer);
    (hours > 0).then(|| rounds as f64 / hours as f64)
}

/// An exception's kind as the report's word (its English key).
pub(crate) fn exception_word(kind: EventKind) -> &'static str {
    match kind {
        EventKind::RoundVoided => "round voided",
        EventKind::RoundCorrected => "round corrected",
        EventKind::Undo => "undo",
        EventKind::StepRefused => "step refused",
        EventKind::LoginFailed => "login failed",
        EventKind::UserLocked => "user locked",
        EventKind::UserUnlocked => "user unlocked",
        EventKind::TableOpened => "table opened",
        _ => "event",
    }
}

/// Each database's currency (the latest `setting_changed` of it), by database.
fn currencies(src: &mut dyn Source) -> Result<BTreeMap<usize, Currency>, AuditError> {
    let mut out = BTreeMap::new();
    for n in src.events_of(&[EventKind::SettingChanged], i64::MIN, i64::MAX)? {
        if let Payload::SettingChanged(c) = n.payload
            && let crate::log::payload::Setting::Currency(code) = c.setting
            && let Some(cur) = Currency::from_stored(&code)
        {
            out.insert(n.db, cur);
        }
    }
    Ok(out)
}

/// A currency as a cell: its code, or the word for none.
fn currency_cell(c: Option<Currency>) -> Cell {
    c.map_or(Cell::Word("not set"), |c| Cell::Text(c.code().to_string()))
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
    let cals = Calendars::read(src)?;
    // Year-to-date reaches back to 1 January of the period's last year; the period and
    // both are gaming days, in each database's calendar.
    let ytd_day = o.period.to.with_ordinal(1).unwrap_or(o.period.to);
    let (load_from, to_ms) = cals.window(ytd_day.min(o.period.from), o.period.to);
    progress("reading rounds");
    let rounds = src.rounds(load_from, to_ms, &mut |n| {
        progress(&format!("{n} rounds read"))
    })?;
    let cx = Ctx::new(src, o, &rounds, cals, &mut progress)?;
    let mut sections = Vec::new();
    let mut charts = Vec::new();
    match o.kind {
        Kind::Summary => summary(src, &cx, &mut sections, &mut charts)?,
        Kind::Rounds => sections.push(rounds_section(src, &cx, &mut progress)?),
        Kind::Dealers => dealers(src, &cx, &mut sections, &mut charts)?,
        Kind::Exceptions => sections.push(exceptions(src, &cx)?),
        Kind::Protection => {
            progress("following each box's stakes against the shoe");
            let f = cx.follows(src)?;
            sections.push(Section {
                name: "protection".into(),
                columns: super::protection::COLUMNS.to_vec(),
                rows: super::protection::rows(&f),
            });
        }
        Kind::Closeout => {
            let books = super::closeout::Books::read(src)?;
            sections.extend(super::closeout::sections(books.as_ref(), o));
        }
    }
    let sources = provenance(src, o, &mut sections, &mut progress)?;
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
    let currencies = (0..sources.len()).map(|db| cx.cur(db)).collect();
    Ok(Report {
        kind: o.kind,
        period: o.period,
        filters,
        sections,
        charts,
        generated_by: o.generated_by.to_string(),
        generated_at: o.generated_at.to_string(),
        sources,
        currencies,
        mixed_currencies: cx.mixed,
        threshold: (o.kind == Kind::Exceptions).then_some(o.threshold),
    })
}

/// What every kind of report reads: the options, the rounds it keeps (the filters
/// applied, voided rounds left out), what each round's rules should hold, and each
/// database's currency.
struct Ctx<'a> {
    o: &'a Options<'a>,
    /// Every round read, voided ones too (their cards left the shoe).
    raw: &'a [RoundRow],
    /// Every kept round from the year's start (or the period's, if earlier).
    all: Vec<&'a RoundRow>,
    /// The kept rounds of the period.
    in_period: Vec<&'a RoundRow>,
    th: Theories,
    cur_of: BTreeMap<usize, Currency>,
    /// Databases of different currencies are never added together: their tables' rows
    /// carry a currency column, totals and charts are per currency. With one currency
    /// (or none set anywhere) the report is as it always was.
    mixed: bool,
    /// Each database's gaming day and shifts.
    cals: Calendars,
    /// `[from_ms, to_ms)` covers the period's gaming days in every database's calendar.
    from_ms: i64,
    to_ms: i64,
}

impl<'a> Ctx<'a> {
    fn new(
        src: &mut dyn Source,
        o: &'a Options<'a>,
        rounds: &'a [RoundRow],
        cals: Calendars,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Ctx<'a>, AuditError> {
        let (from_ms, to_ms) = cals.window(o.period.from, o.period.to);
        let keep = |r: &&RoundRow| {
            !r.voided
                && o.table.is_none_or(|t| r.table == t)
                && o.dealer.is_none_or(|d| r.dealer == d)
        };
        let all: Vec<&RoundRow> = rounds.iter().filter(keep).collect();
        let in_period: Vec<&RoundRow> = all
            .iter()
            .copied()
            .filter(|r| {
                let day = cals.at(r).day;
                o.period.from <= day && day <= o.period.to
            })
            .collect();
        // What each round's rules should hold, for the kinds that show a hold.
        let th = if o.kind == Kind::Summary {
            progress("solving each table's rules for its theoretical hold");
            Theories::read(src, rounds, to_ms)?
        } else {
            Theories::default()
        };
        let cur_of = currencies(src)?;
        let mixed = {
            let dbs: std::collections::BTreeSet<usize> = rounds.iter().map(|r| r.db).collect();
            let mut seen: Vec<Option<String>> = dbs
                .into_iter()
                .map(|db| cur_of.get(&db).copied())
                .chain(cur_of.values().map(|c| Some(*c)))
                .map(|c| c.map(|c| c.code().to_string()))
                .collect();
            seen.sort();
            seen.dedup();
            seen.len() > 1
        };
        Ok(Ctx {
            o,
            raw: rounds,
            all,
            in_period,
            th,
            cur_of,
            mixed,
            cals,
            from_ms,
            to_ms,
        })
    }

    /// Whether an event of database `db` at `at` (ms) is in the period's gaming days.
    fn in_days(&self, db: usize, at: i64) -> bool {
        let day = self.cals.of(db).locate(at).day;
        self.o.period.from <= day && day <= self.o.period.to
    }

    /// How each box's stakes followed the shoe over the period's kept rounds.
    fn follows(&self, src: &mut dyn Source) -> Result<super::protection::Follows, AuditError> {
        let o = self.o;
        let keep = |r: &RoundRow| {
            !r.voided
                && self.in_days(r.db, r.at)
                && o.table.is_none_or(|t| r.table == t)
                && o.dealer.is_none_or(|d| r.dealer == d)
        };
        let tables: Vec<&RoundRow> = self
            .raw
            .iter()
            .filter(|r| o.table.is_none_or(|t| r.table == t))
            .collect();
        super::protection::follows(src, &tables, &keep, self.to_ms)
    }

    /// A database's currency.
    fn cur(&self, db: usize) -> Option<Currency> {
        self.cur_of.get(&db).copied()
    }

    /// The grouping key of a round's currency: the same for every round unless mixed.
    fn ck(&self, db: usize) -> Option<String> {
        if self.mixed {
            Some(self.cur(db).map_or(String::new(), |c| c.code().to_string()))
        } else {
            None
        }
    }

    /// Key columns with the currency after the table when mixed.
    fn keyed(&self, keys: &[&'static str]) -> Vec<&'static str> {
        let mut k = keys.to_vec();
        if self.mixed {
            k.insert(1.min(k.len()), "currency");
        }
        columns(&k)
    }

    /// The key's leading columns with a currency key's cell after them.
    fn grouped_rows<K>(
        &self,
        groups: &BTreeMap<K, Totals>,
        cells: impl Fn(&K) -> (Vec<Cell>, &Option<String>, Vec<Cell>),
    ) -> Vec<Vec<Cell>> {
        groups
            .iter()
            .map(|(k, tot)| {
                let (lead, c, rest) = cells(k);
                [lead, ck_cell(c), rest, tot.cells()].concat()
            })
            .collect()
    }
}

/// A currency key as its cells: none when not mixed.
fn ck_cell(k: &Option<String>) -> Vec<Cell> {
    match k {
        None => vec![],
        Some(c) if c.is_empty() => vec![currency_cell(None)],
        Some(c) => vec![Cell::Text(c.clone())],
    }
}

/// The summary: by shift, by day, month and year to date, the period's total, the
/// charts by day, and the Pontis games.
fn summary(
    src: &mut dyn Source,
    cx: &Ctx,
    sections: &mut Vec<Section>,
    charts: &mut Vec<Chart>,
) -> Result<(), AuditError> {
    let (o, th) = (cx.o, &cx.th);
    let by_shift = grouped(&cx.in_period, th, |r| {
        let at = cx.cals.at(r);
        let hours = cx.cals.of(r.db).hours(at.shift);
        (r.table.clone(), cx.ck(r.db), at.day, at.shift, hours)
    });
    sections.push(Section {
        name: "by shift".into(),
        columns: cx.keyed(&["table", "date", "shift"]),
        rows: cx.grouped_rows(&by_shift, |(t, c, d, s, hours)| {
            (
                vec![Cell::Text(t.clone())],
                c,
                vec![Cell::Date(*d), Cell::Shift(*s, hours.clone())],
            )
        }),
    });
    let by_day = grouped(&cx.in_period, th, |r| {
        (r.table.clone(), cx.ck(r.db), cx.cals.at(r).day)
    });
    sections.push(Section {
        name: key::BY_DAY.into(),
        columns: cx.keyed(&[key::TABLE, "date"]),
        rows: cx.grouped_rows(&by_day, |(t, c, d)| {
            (vec![Cell::Text(t.clone())], c, vec![Cell::Date(*d)])
        }),
    });
    let to = o.period.to;
    let mtd = to.with_day(1).unwrap_or(to);
    let ytd = to.with_ordinal(1).unwrap_or(to);
    for (name, start) in [("month to date", mtd), ("year to date", ytd)] {
        let rows: Vec<&RoundRow> = cx
            .all
            .iter()
            .copied()
            .filter(|r| {
                let day = cx.cals.at(r).day;
                start <= day && day <= to
            })
            .collect();
        let per_table = grouped(&rows, th, |r| (r.table.clone(), cx.ck(r.db)));
        let span = Detail::Span(start, to);
        sections.push(Section {
            name: name.into(),
            columns: cx.keyed(&["table", "from"]),
            rows: cx.grouped_rows(&per_table, |(t, c)| {
                (
                    vec![Cell::Text(t.clone())],
                    c,
                    vec![Cell::Detail(span.clone())],
                )
            }),
        });
    }
    sections.push(period_total(cx));
    sections.push(rules_edge(&cx.in_period, th));
    charts.extend(charts_by_day(cx));
    sections.extend(super::pontis::sections(src, o, (cx.from_ms, cx.to_ms))?);
    Ok(())
}

/// The summary's period total: one row per currency (one row when the databases keep
/// one currency).
fn period_total(cx: &Ctx) -> Section {
    let mut totals: BTreeMap<Option<String>, (Totals, Vec<String>)> = BTreeMap::new();
    if !cx.mixed {
        totals.entry(None).or_default();
    }
    for r in &cx.in_period {
        let (t, tables) = totals.entry(cx.ck(r.db)).or_default();
        t.add(r, cx.th.of(r));
        if !tables.contains(&r.table) {
            tables.push(r.table.clone());
        }
    }
    Section {
        name: "period total".into(),
        columns: if cx.mixed {
            columns(&["currency", "tables"])
        } else {
            columns(&["tables"])
        },
        rows: totals
            .iter()
            .map(|(c, (total, tables))| {
                [
                    ck_cell(c),
                    vec![Cell::Text(tables.len().to_string())],
                    total.cells(),
                ]
                .concat()
            })
            .collect(),
    }
}

/// The summary's charts: house win and its win rate of the handle by gaming day, per
/// currency.
fn charts_by_day(cx: &Ctx) -> Vec<Chart> {
    let days = grouped(&cx.in_period, &cx.th, |r| (cx.ck(r.db), cx.cals.at(r).day));
    let mut chart_curs: Vec<Option<String>> = days.keys().map(|k| k.0.clone()).collect();
    chart_curs.dedup();
    if chart_curs.is_empty() {
        chart_curs.push(None);
    }
    let mut charts = Vec::new();
    for c in &chart_curs {
        let label = c.as_ref().and_then(|c| ck_cell(&Some(c.clone())).pop());
        let of = |f: &dyn Fn(&Totals) -> f64| -> Vec<(String, f64)> {
            days.iter()
                .filter(|((k, _), _)| k == c)
                .map(|((_, d), t)| (d.to_string(), f(t)))
                .collect()
        };
        charts.push(Chart {
            title: "House win by day",
            currency: label.clone(),
            unit: "",
            days: true,
            bars: of(&|t| t.win.cents() as f64 / 100.0),
        });
        charts.push(Chart {
            title: "Win rate % by day",
            currency: label,
            unit: "%",
            days: true,
            bars: of(&|t| t.win_rate().unwrap_or(0.0)),
        });
    }
    charts
}

/// The rounds report: each round of the period with its bets, inputs and nets.
fn rounds_section(
    src: &mut dyn Source,
    cx: &Ctx,
    progress: &mut dyn FnMut(&str),
) -> Result<Section, AuditError> {
    let mut rows = Vec::new();
    let marks = src.marks_replay();
    for (n, r) in cx.in_period.iter().enumerate() {
        if n % 20_000 == 0 {
            progress(&format!("{n} of {} rounds", cx.in_period.len()));
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
        let currency = if cx.mixed {
            vec![currency_cell(cx.cur(r.db))]
        } else {
            vec![]
        };
        rows.push(
            [
                vec![Cell::Time(r.at), Cell::Text(r.table.clone())],
                currency,
                vec![
                    Cell::Int(r.round),
                    Cell::Text(r.dealer.clone()),
                    Cell::Text(bets_text),
                    Cell::Detail(Detail::Inputs(steps)),
                    Cell::Text(nets_text),
                    Cell::Money(r.figures.handle),
                    Cell::Money(r.figures.house_net),
                ],
                replay_mark(marks, r.replayed),
            ]
            .concat(),
        );
    }
    let mut columns = vec!["settled at", "table"];
    if cx.mixed {
        columns.push("currency");
    }
    let marked: Vec<&str> = if marks {
        vec!["replayed by the floor's auditor"]
    } else {
        vec![]
    };
    Ok(Section {
        name: "rounds".into(),
        columns: [
            columns,
            vec![
                "round",
                "dealer",
                "bets (id@box:stake)",
                "inputs",
                "nets",
                "handle",
                "house win",
            ],
            marked,
        ]
        .concat(),
        rows,
    })
}

/// The floor's rounds report marks each round its auditor has not yet replayed.
fn replay_mark(marks: bool, replayed: Option<bool>) -> Vec<Cell> {
    match (marks, replayed) {
        (false, _) => vec![],
        (true, Some(true)) => vec![Cell::Word("yes")],
        (true, _) => vec![Cell::Word("not yet replayed")],
    }
}

/// The dealers report: each dealer's rounds, hours, figures and noted inputs, and the
/// chart of rounds per dealer.
fn dealers(
    src: &mut dyn Source,
    cx: &Ctx,
    sections: &mut Vec<Section>,
    charts: &mut Vec<Chart>,
) -> Result<(), AuditError> {
    let noted = src.events_of(
        &[
            EventKind::StepRefused,
            EventKind::Undo,
            EventKind::RoundCorrected,
        ],
        cx.from_ms,
        cx.to_ms,
    )?;
    let noted: Vec<Noted> = noted
        .into_iter()
        .filter(|n| cx.in_days(n.db, n.at))
        .collect();
    // A dealer who dealt in two currencies has a row for each.
    let per = grouped(&cx.in_period, &cx.th, |r| (r.dealer.clone(), cx.ck(r.db)));
    let mut names: Vec<(String, Option<String>)> = per.keys().cloned().collect();
    for n in &noted {
        let key = (n.user.clone(), cx.ck(n.db));
        if !n.user.is_empty() && !names.contains(&key) && cx.o.dealer.is_none_or(|d| d == n.user) {
            names.push(key);
        }
    }
    names.sort();
    sections.push(dealers_section(cx, &per, &names, &noted));
    // Rounds are counts, not money: one chart over every currency.
    let mut bars: Vec<(String, f64)> = Vec::new();
    for key in &names {
        let n = per.get(key).map(|t| t.rounds as f64).unwrap_or(0.0);
        match bars.iter_mut().find(|b| b.0 == key.0) {
            Some(b) => b.1 += n,
            None => bars.push((key.0.clone(), n)),
        }
    }
    charts.push(Chart {
        title: "Rounds per dealer",
        currency: None,
        unit: "",
        days: false,
        bars,
    });
    Ok(())
}

/// The dealers report's table: a row per dealer (and currency, when mixed).
fn dealers_section(
    cx: &Ctx,
    per: &BTreeMap<(String, Option<String>), Totals>,
    names: &[(String, Option<String>)],
    noted: &[Noted],
) -> Section {
    // Hours and rounds per hour of a dealer, over the rounds of the currency when mixed.
    let hours = |d: &str, c: &Option<String>, rounds: i64| {
        let rows: Vec<&RoundRow> = cx
            .in_period
            .iter()
            .copied()
            .filter(|r| !cx.mixed || cx.ck(r.db) == *c)
            .collect();
        (
            dealer_hours(&rows, d) as i64,
            rounds_per_hour(&rows, d, rounds),
        )
    };
    let count = |d: &str, c: &Option<String>, k: EventKind| {
        noted
            .iter()
            .filter(|n| n.user == d && n.kind == k && cx.ck(n.db) == *c)
            .count() as i64
    };
    let mut columns = vec!["dealer"];
    if cx.mixed {
        columns.push("currency");
    }
    Section {
        name: "dealers".into(),
        columns: [
            columns,
            vec![
                "rounds",
                "hours at a table",
                "rounds per hour",
                "handle",
                "house win",
                "win rate %",
                "refused inputs",
                "undos",
                "corrections",
            ],
        ]
        .concat(),
        rows: names
            .iter()
            .map(|key| {
                let (d, c) = key;
                let t = per.get(key).copied().unwrap_or_default();
                let (h, rate) = hours(d, c, t.rounds);
                [
                    vec![Cell::Text(d.clone())],
                    ck_cell(c),
                    vec![
                        Cell::Int(t.rounds),
                        Cell::Int(h),
                        Cell::Percent(rate),
                        Cell::Money(t.handle),
                        Cell::Money(t.win),
                        Cell::Percent(t.win_rate()),
                        Cell::Int(count(d, c, EventKind::StepRefused)),
                        Cell::Int(count(d, c, EventKind::Undo)),
                        Cell::Int(count(d, c, EventKind::RoundCorrected)),
                    ],
                ]
                .concat()
            })
            .collect(),
    }
}

/// An exceptions row with what orders it: (time, database, seq, cells).
type ExceptionRow = (i64, usize, i64, Vec<Cell>);

/// The exceptions report: the logged exceptions of the period, the floor's alarms, and
/// the payouts over the threshold, in time order.
fn exceptions(src: &mut dyn Source, cx: &Ctx) -> Result<Section, AuditError> {
    let mut rows = logged_exceptions(src, cx)?;
    for a in src.alarms(cx.from_ms, cx.to_ms)? {
        if !cx.in_days(a.db, a.at) {
            continue;
        }
        rows.push((
            a.at,
            a.db,
            a.seq,
            vec![
                Cell::Time(a.at),
                Cell::Word("floor alarm"),
                Cell::Text(String::new()),
                Cell::Text(String::new()),
                Cell::Text(String::new()),
                Cell::Text(a.detail),
            ],
        ));
    }
    for (at, cells) in super::protection::exception_rows(&cx.follows(src)?) {
        rows.push((at, usize::MAX, i64::MAX, cells));
    }
    if let Some(books) = super::closeout::Books::read(src)? {
        for (at, db, cells) in super::closeout::exception_rows(&books, cx.o) {
            rows.push((at, db, i64::MAX - 1, cells));
        }
    }
    let threshold = cx.o.threshold;
    for r in &cx.in_period {
        if r.figures.max_net > threshold {
            rows.push((
                r.at,
                r.db,
                i64::MAX,
                vec![
                    Cell::Time(r.at),
                    Cell::Word("payout over threshold"),
                    Cell::Text(r.table.clone()),
                    Cell::Text(r.dealer.clone()),
                    Cell::Int(r.round),
                    Cell::Detail(Detail::Payout {
                        won: r.figures.max_net,
                        threshold,
                    }),
                ],
            ));
        }
    }
    rows.sort_by_key(|(at, db, seq, _)| (*at, *db, *seq));
    Ok(Section {
        name: "exceptions".into(),
        columns: vec!["time", "exception", "table", "user", "round", "detail"],
        rows: rows.into_iter().map(|(_, _, _, r)| r).collect(),
    })
}

/// The exceptions the logs hold: voids, corrections, undos, refusals, logins, locks,
/// and the openings of a table that changed its rules or limits.
fn logged_exceptions(src: &mut dyn Source, cx: &Ctx) -> Result<Vec<ExceptionRow>, AuditError> {
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
    for n in src.events_of(&[EventKind::TableOpened], 0, cx.from_ms)? {
        if let Payload::TableOpened(t) = n.payload {
            last_rules.insert((n.db, n.table.clone()), t);
        }
    }
    for n in src.events_of(&kinds, cx.from_ms, cx.to_ms)? {
        if !cx.in_days(n.db, n.at) {
            // Before its database's first gaming day of the period: an opening still
            // tells whether a later one changed anything.
            if let Payload::TableOpened(t) = &n.payload
                && cx.o.period.from > cx.cals.of(n.db).locate(n.at).day
            {
                last_rules.insert((n.db, n.table.clone()), t.clone());
            }
            continue;
        }
        if cx
            .o
            .table
            .is_some_and(|t| !n.table.is_empty() && n.table != t)
        {
            continue;
        }
        let detail = match &n.payload {
            Payload::TableOpened(t) => {
                let before = last_rules.insert((n.db, n.table.clone()), t.clone());
                match before {
                    Some(b) if b.rules != t.rules || b.limits != t.limits => {
                        Cell::Detail(Detail::RulesChanged {
                            preset: json_text(&t.preset),
                            limits: json_text(&t.limits),
                        })
                    }
                    Some(_) => continue,
                    None => Cell::Detail(Detail::TableOpened {
                        preset: json_text(&t.preset),
                        limits: json_text(&t.limits),
                    }),
                }
            }
            Payload::StepRefused(r) => {
                let code = match (&r.refusal, r.unended, n.round) {
                    (Some(c), _, _) => Some(c.clone()),
                    (None, true, _) => Some(RefusalCode::Unended),
                    (None, false, Some(round)) => src.derived_refusal(n.db, round, n.seq),
                    (None, false, None) => None,
                };
                Cell::Detail(Detail::Refused {
                    text: r.text.clone(),
                    reason: r.reason.clone(),
                    code,
                })
            }
            Payload::Undo(u) => Cell::Detail(Detail::Undid(u.text.clone())),
            Payload::LoginFailed(f) => Cell::Detail(Detail::LoginFailed {
                name: f.name.clone(),
                reason: f.reason.clone(),
                fields: n.fields(),
            }),
            Payload::UserLocked(u) => Cell::Detail(Detail::UserLocked {
                name: u.name.clone(),
                failed: u.failed,
                fields: n.fields(),
            }),
            Payload::UserUnlocked(u) => Cell::Detail(Detail::UserUnlocked {
                name: u.name.clone(),
                by: u.by_name.clone(),
                fields: n.fields(),
            }),
            Payload::RoundVoided(v) => Cell::Detail(Detail::Reason(v.reason.clone())),
            Payload::RoundCorrected(c) => Cell::Detail(Detail::Reason(c.reason.clone())),
            _ => Cell::Text(n.fields()),
        };
        rows.push((
            n.at,
            n.db,
            n.seq,
            vec![
                Cell::Time(n.at),
                Cell::Word(exception_word(n.kind)),
                Cell::Text(n.table.clone()),
                Cell::Text(n.user.clone()),
                n.round.map(Cell::Int).unwrap_or(Cell::Text(String::new())),
                detail,
            ],
        ));
    }
    Ok(rows)
}

/// Provenance: each database's head, and verify (replay mismatches are exceptions too:
/// a failed verify is a row of the exceptions report).
fn provenance(
    src: &mut dyn Source,
    o: &Options,
    sections: &mut [Section],
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<Provenance>, AuditError> {
    let mut sources = Vec::new();
    for h in src.heads(o.verify, progress)? {
        if let (Kind::Exceptions, Some(Verified::Failed(why))) = (o.kind, &h.verified)
            && let Some(sec) = sections.last_mut()
        {
            sec.rows.push(vec![
                Cell::Text(String::new()),
                Cell::Word("verify failed"),
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
    Ok(sources)
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

/// Groups settled, not voided rounds for charts (by the UTC default calendar).
pub fn series(rows: &[RoundRow]) -> Series {
    series_with(rows, &Theories::default(), &Calendar::utc_default())
}

/// [`series`], with each day's theoretical win rate from the rounds' rules (`th`), by
/// gaming day and local hour of `cal`.
pub fn series_with(rows: &[RoundRow], th: &Theories, cal: &Calendar) -> Series {
    let rows: Vec<&RoundRow> = rows.iter().filter(|r| !r.voided).collect();
    let hold = |t: &Totals| t.win_rate().unwrap_or(0.0);
    let by_day = grouped(&rows, th, |r| cal.locate(r.at).day)
        .into_iter()
        .map(|(d, t)| (d.to_string(), t.win, hold(&t), t.rounds, t.theory().1))
        .collect();
    let by_hour = grouped(&rows, th, |r| cal.local_hour(r.at))
        .into_iter()
        .map(|(h, t)| (h, t.win, hold(&t), t.rounds))
        .collect();
    let by_dealer = grouped(&rows, th, |r| r.dealer.clone())
        .into_iter()
        .map(|(d, t)| {
            let per_hour = rounds_per_hour(&rows, &d, t.rounds).unwrap_or(0.0);
            (d, t.rounds, per_hour)
        })
        .collect();
    Series {
        by_day,
        by_hour,
        by_dealer,
    }
}
