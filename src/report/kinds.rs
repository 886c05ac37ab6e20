//! The four reports: which figures, grouped how. Totals are sums of per-round figures, so
//! a summary always adds up to its rounds.

use std::collections::{BTreeMap, BTreeSet};

use chrono::Datelike;

use super::calendars::Calendars;
use super::data::{RoundRow, Verified};
use super::theory::{Openings, RoundTheory, Theories, Theory};
use super::{Axis, Cell, Chart, Detail, Kind, Options, Provenance, Report, Section, Steps, key};
use crate::codes::RefusalCode;
use crate::engine::{Currency, Money};
use crate::log::payload::{Payload, TableOpened};
use crate::log::totals::{self, BUCKET_MS};
use crate::log::{AuditError, EventKind, Store};
use crate::report::exceptions::Rounds;
use crate::report::query::{DaysAsked, Files, Noted, RoundLog, Source};
use crate::session::calendar::Calendar;

mod fold;
mod reference;
mod stream;
use super::{TableKey, shared_of, table_cell};
use fold::{Fold, Folded};
pub use stream::{PAGE, StreamError, Streamed, stream, stream_from, stream_paged};

/// A logged value as the log writes it (compact JSON).
fn json_text<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// Sums of round figures.
#[derive(Clone, Debug, Default)]
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
    /// Over the rounds whose rules have a theory: the theory's sums, per theory.
    theory: ByTheory,
}

/// The theory's sums over some rounds of one rules' theory, all integers: the handle and
/// the house win (cents), the boxes' stakes squared (`box_sq`, `round_sq`, cents², as
/// `log::totals` keeps them), the decisions' cost (millionths of a cent, as logged) and
/// the rounds without one. A kept bucket and its rounds one by one make the same sums, so
/// the same figures to the last bit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct TheorySums {
    handle: i64,
    actual: i64,
    box_sq: i64,
    round_sq: i64,
    cost: i64,
    uncosted: i64,
}

impl TheorySums {
    fn add(&mut self, o: &TheorySums) {
        self.handle = self.handle.saturating_add(o.handle);
        self.actual = self.actual.saturating_add(o.actual);
        self.box_sq = self.box_sq.saturating_add(o.box_sq);
        self.round_sq = self.round_sq.saturating_add(o.round_sq);
        self.cost = self.cost.saturating_add(o.cost);
        self.uncosted = self.uncosted.saturating_add(o.uncosted);
    }
}

/// [`TheorySums`] per theory, in the order of the theory's figures' bits (one entry per
/// distinct theory, however its rounds were found): the float figures are made from them
/// in that order, whatever order the rounds or buckets came in.
#[derive(Clone, Debug, Default)]
struct ByTheory(Vec<([u64; 5], Theory, TheorySums)>);

impl ByTheory {
    fn add(&mut self, t: Theory, sums: &TheorySums) {
        let key = [t.edge, t.hold, t.sd, t.rho, t.staked].map(f64::to_bits);
        match self.0.binary_search_by(|e| e.0.cmp(&key)) {
            Ok(i) => self.0[i].2.add(sums),
            Err(i) => self.0.insert(i, (key, t, *sums)),
        }
    }

    fn merge(&mut self, o: &ByTheory) {
        for (_, t, sums) in &o.0 {
            self.add(*t, sums);
        }
    }
}

impl Totals {
    fn add(&mut self, r: &RoundRow, theory: Option<RoundTheory>) {
        if let Some(t) = theory {
            let sums = TheorySums {
                handle: r.figures.handle.cents(),
                actual: r.figures.house_net.cents(),
                box_sq: t.box_sq,
                round_sq: t.round_sq,
                cost: t.cost.unwrap_or(0),
                uncosted: i64::from(t.cost.is_none()),
            };
            self.theory.add(t.theory, &sums);
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

    /// Adds another sum to this one, figure by figure (a group of parts).
    fn merge(&mut self, o: &Totals) {
        self.rounds += o.rounds;
        self.handle += o.handle;
        self.paid += o.paid;
        self.win += o.win;
        self.insurance_taken += o.insurance_taken;
        self.insurance_paid += o.insurance_paid;
        self.splits += o.splits;
        self.buys += o.buys;
        self.pontoons += o.pontoons;
        self.five_card_tricks += o.five_card_tricks;
        self.theory.merge(&o.theory);
    }

    /// Adds a kept bucket's sums (`log::totals`), with the theory of its rules: the same
    /// sums its rounds would add one by one, the theory's included (its Σ logged cost; a
    /// bucket with uncosted rounds is read round by round instead, `fold`).
    fn add_bucket(&mut self, f: &totals::Figures, theory: Option<Theory>) {
        let m = Money::from_cents;
        self.rounds += f.rounds;
        self.handle += m(f.handle);
        self.paid += m(f.paid);
        self.win += m(f.win);
        self.insurance_taken += m(f.insurance_taken);
        self.insurance_paid += m(f.insurance_paid);
        self.splits += f.splits;
        self.buys += f.buys;
        self.pontoons += f.pontoons;
        self.five_card_tricks += f.five_card_tricks;
        if let Some(th) = theory {
            let sums = TheorySums {
                handle: f.handle,
                actual: f.win,
                box_sq: f.box_sq,
                round_sq: f.round_sq,
                cost: f.cost,
                uncosted: f.uncosted,
            };
            self.theory.add(th, &sums);
        }
    }

    /// House win ÷ handle, per cent: the industry's win rate of the handle ("hold" is
    /// win ÷ drop, the close-out's).
    fn win_rate(&self) -> Option<f64> {
        (self.handle.cents() != 0)
            .then(|| self.win.cents() as f64 * 100.0 / self.handle.cents() as f64)
    }

    /// The theoretical win at best play (Σ per theory of its hold × its handle), its win
    /// rate of the handle %, the theoretical win as played (best play's plus the
    /// decisions' Σ cost; blank if a round has none), and how many standard deviations
    /// the actual win lies from the as-played figure (luck; the variance Σ per theory of
    /// [`Theory::var_of_sums`]), over the rounds whose rules have a theory.
    fn theory(&self) -> TheoryFigures {
        let mut all = TheorySums::default();
        let (mut best, mut var) = (0.0, 0.0);
        for (_, t, sums) in &self.theory.0 {
            all.add(sums);
            best += t.hold * sums.handle as f64;
            var += t.var_of_sums(sums.box_sq, sums.round_sq);
        }
        if all.handle == 0 {
            return TheoryFigures::default();
        }
        let cents = |x: f64| Money::from_cents(x.round() as i64);
        let as_played = (all.uncosted == 0).then_some(best + all.cost as f64 / 1e6);
        TheoryFigures {
            handle: Money::from_cents(all.handle),
            best: Some(cents(best)),
            hold: Some(best * 100.0 / all.handle as f64),
            as_played: as_played.map(cents),
            luck: as_played
                .filter(|_| var > 0.0)
                .map(|ap| (all.actual as f64 - ap) / var.sqrt()),
        }
    }

    /// The theory's cells: best, its win rate %, as played, luck (sd).
    fn theory_cells(&self) -> [Cell; 4] {
        let t = self.theory();
        let money = |m: Option<Money>| m.map_or(Cell::Text(String::new()), Cell::Money);
        [
            money(t.best),
            Cell::Percent(t.hold),
            money(t.as_played),
            Cell::Sd(t.luck),
        ]
    }

    fn cells(&self) -> Vec<Cell> {
        let [best, hold, as_played, luck] = self.theory_cells();
        vec![
            Cell::Int(self.rounds),
            Cell::Money(self.handle),
            Cell::Money(self.paid),
            Cell::Money(self.win),
            Cell::Percent(self.win_rate()),
            best,
            hold,
            as_played,
            luck,
            Cell::Money(self.insurance_taken),
            Cell::Money(self.insurance_paid),
            Cell::Int(self.splits),
            Cell::Int(self.buys),
            Cell::Int(self.pontoons),
            Cell::Int(self.five_card_tricks),
        ]
    }
}

/// The theory's figures of some rounds ([`Totals::theory`]), and their handle.
#[derive(Clone, Copy, Debug, Default)]
struct TheoryFigures {
    handle: Money,
    best: Option<Money>,
    hold: Option<f64>,
    as_played: Option<Money>,
    luck: Option<f64>,
}

/// The theory's columns (the JSON's keys): best play, its win rate %, as played, luck.
const THEORY: [&str; 4] = [
    "theo_best",
    "theoretical win rate %",
    "theo_as_played",
    "luck_sd",
];

const FIGURES: [&str; 15] = [
    key::ROUNDS,
    key::HANDLE,
    "paid",
    key::HOUSE_WIN,
    key::WIN_RATE,
    THEORY[0],
    THEORY[1],
    THEORY[2],
    THEORY[3],
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
/// out, as from the theory columns. `edges`: (table, edge) sorted, each once (the solve
/// is deterministic, `lab::solutions`, so the same rules give the same bits).
fn rules_edge(edges: Vec<(TableKey, f64)>, shared: &BTreeSet<String>) -> Section {
    Section {
        name: "rules edge".into(),
        columns: vec!["table", "house edge %", "edge to"],
        rows: edges
            .into_iter()
            .map(|(table, edge)| {
                vec![
                    table_cell(&table.0, table.1, shared),
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
/// they settled a round, a table being (database, name).
fn dealer_hours(rows: &[&RoundRow], dealer: &str) -> usize {
    let mut h: Vec<(usize, &str, i64)> = rows
        .iter()
        .filter(|r| r.dealer == dealer)
        .map(|r| (r.db, r.table.as_str(), r.at / 3_600_000))
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
    currency_cell_with(c, str::to_string)
}

/// [`currency_cell`], its code put in a text `text` makes (a rounds report row's, reused).
fn currency_cell_with(c: Option<Currency>, text: impl FnOnce(&str) -> String) -> Cell {
    c.map_or(Cell::Word("not set"), |c| Cell::Text(text(c.code())))
}

/// Builds a report from the databases' files.
pub fn build(
    stores: &[Store],
    o: &Options,
    progress: impl FnMut(&str),
) -> Result<Report, AuditError> {
    build_from(&mut Files(stores), o, progress)
}

/// Builds a report from a source: the tables' files or the floor. The summary and the
/// dealers report read the source's kept totals where it keeps them (`log::totals`), the
/// theory's figures included, and one by one the rounds of the hours a shift boundary
/// splits and of the buckets that hold a round without a logged decision cost.
pub fn build_from(
    src: &mut dyn Source,
    o: &Options,
    progress: impl FnMut(&str),
) -> Result<Report, AuditError> {
    build_with(src, o, progress, true)
}

/// [`build_from`] (its name before it read the totals; the benchmark's and the tests').
pub fn build_from_kept_totals(
    src: &mut dyn Source,
    o: &Options,
    progress: impl FnMut(&str),
) -> Result<Report, AuditError> {
    build_with(src, o, progress, true)
}

/// [`build_from`] reading every round of the period one by one, the kept totals left
/// unread: what every report did before the totals, kept as the reference the totals
/// are tested against.
pub fn build_reading_every_round(
    src: &mut dyn Source,
    o: &Options,
    progress: impl FnMut(&str),
) -> Result<Report, AuditError> {
    build_with(src, o, progress, false)
}

fn build_with(
    src: &mut dyn Source,
    o: &Options,
    mut progress: impl FnMut(&str),
    use_totals: bool,
) -> Result<Report, AuditError> {
    let cals = Calendars::read(src)?;
    // Year-to-date reaches back to 1 January of the period's last year; the period and
    // both are gaming days, in each database's calendar.
    let ytd_day = o.period.to.with_ordinal(1).unwrap_or(o.period.to);
    let (load_from, to_ms) = cals.window(ytd_day.min(o.period.from), o.period.to);
    progress("reading rounds");
    let cur_of = currencies(src)?;
    let mut fold = Fold::new(o, &cals, &cur_of, src.databases());
    let kept = match (use_totals, o.kind) {
        (true, Kind::Summary | Kind::Dealers) => {
            let openings = Openings::read(src, to_ms)?;
            if long_summary(src, &mut fold, &openings)? {
                progress("summed by gaming day");
                true
            } else {
                let from_hour = load_from.div_euclid(BUCKET_MS);
                let hours = (
                    sum_before_period(src, &mut fold, &openings, from_hour)?,
                    (to_ms - 1).div_euclid(BUCKET_MS),
                );
                let kept = src.visit_totals(hours.0, hours.1, &mut |t| {
                    fold.bucket(t, &openings);
                    Ok(())
                })?;
                fold.end_hour();
                kept
            }
        }
        _ => false,
    };
    let rounds = if kept {
        split_rounds(src, &fold.split, (load_from, to_ms))?
    } else {
        src.rounds(load_from, to_ms, &mut |n| {
            progress(&format!("{n} rounds read"))
        })?
    };
    let dbs = std::mem::take(&mut fold.dbs);
    let cx = Ctx::new(src, o, &rounds, cals.clone(), cur_of, &dbs, &mut progress)?;
    let mut sections = Vec::new();
    let mut charts = Vec::new();
    match o.kind {
        Kind::Summary => {
            let f = folded(&cx, fold, use_totals);
            summary(src, &cx, f, &mut sections, &mut charts)?
        }
        Kind::Rounds => {
            sections.push(rounds_section(src, &cx, &mut progress)?);
            progress("each box's sessions");
            sections.push(Section {
                name: "players".into(),
                columns: players_columns(&cx),
                rows: super::players::rows(
                    src,
                    &cx.in_period,
                    &cx.th,
                    &|db| cx.ck(db),
                    &cx.shared,
                )?,
            });
        }
        Kind::Dealers => {
            let f = folded(&cx, fold, use_totals);
            dealers(src, &cx, f, &mut sections, &mut charts)?
        }
        Kind::Exceptions => sections.extend(exceptions(src, &cx)?),
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
    assemble(src, o, &cx, sections, charts, &mut progress)
}

/// A long summary (`Fold::long_plans`) read summed by gaming day where the source sums
/// so (`Source::day_sums`: the floor) — every plan's sums read, then taken only if all
/// can be (`Fold::long_summable`) — so that a year reads some thousands of rows, not its
/// millions of hourly buckets; `false`: nothing taken, the buckets are to be visited.
fn long_summary(
    src: &mut dyn Source,
    fold: &mut Fold,
    openings: &Openings,
) -> Result<bool, AuditError> {
    let Some(plans) = fold.long_plans(src.databases()) else {
        return Ok(false);
    };
    let mut read = Vec::new();
    for plan in &plans {
        let Some(asked) = DaysAsked::new(&plan.dbs, &plan.starts, &plan.segs) else {
            return Ok(false);
        };
        let mut class_of =
            |db: usize, table: &str, at: Option<i64>| fold.chart_class(openings, db, table, at);
        match src.day_sums(&asked, &mut class_of)? {
            Some(sums) if fold.long_summable(&sums, openings) => read.push(sums),
            _ => return Ok(false),
        }
    }
    for (plan, sums) in plans.iter().zip(&read) {
        fold.take_long(plan, sums, openings);
    }
    Ok(true)
}

/// The summary's to-date sums before its period, read summed by the source where it can
/// (`Fold::sum_ranges`: whole hours only; `Source::total_sums`; none with an uncosted
/// round under rules with a theory): the hour the buckets are then visited from (each
/// summed database's period start, `from_hour` for any other).
fn sum_before_period(
    src: &mut dyn Source,
    fold: &mut Fold,
    openings: &Openings,
    from_hour: i64,
) -> Result<i64, AuditError> {
    let mut visit_from: Option<i64> = None;
    for db in 0..src.databases() {
        let ranges = fold.sum_ranges(db);
        let mut read = Vec::new();
        for &((lo, hi), into) in &ranges {
            match src.total_sums(db, lo, hi)? {
                Some(rows) if fold.summable(&rows, openings) => read.push((rows, into, hi + 1)),
                _ => break,
            }
        }
        let db_from = match read.last() {
            Some(&(_, _, end)) if read.len() == ranges.len() => {
                for (rows, into, end) in &read {
                    fold.sum(db, rows, *into, *end, openings);
                }
                end
            }
            _ => from_hour,
        };
        visit_from = Some(visit_from.map_or(db_from, |v| v.min(db_from)));
    }
    Ok(visit_from.unwrap_or(from_hour))
}

/// The summary's and dealers report's groups: the rounds read one by one (`cx.all`)
/// folded in after the kept buckets (`use_totals`), or — reading every round — grouped by
/// `reference`, the tests' reference the fold is checked against.
fn folded(cx: &Ctx, mut fold: Fold, use_totals: bool) -> Folded {
    if !use_totals {
        return reference::folded(cx);
    }
    for r in &cx.all {
        fold.round(cx, r);
    }
    fold.finish(|c| cx.ck_of(c))
}

/// The rounds of the (hour, database)s the fold found split (a shift's, so also a gaming
/// day's, boundary inside the hour, or a bucket whose rules have a theory holding a round
/// without a logged decision cost, costed by replaying it), read one by one within
/// `window`: a run of consecutive hours is one read.
fn split_rounds(
    src: &mut dyn Source,
    split: &std::collections::BTreeSet<(i64, usize)>,
    window: (i64, i64),
) -> Result<Vec<RoundRow>, AuditError> {
    let mut hours: Vec<i64> = split.iter().map(|(h, _)| *h).collect();
    hours.dedup();
    let mut rounds = Vec::new();
    let mut i = 0;
    while i < hours.len() {
        let mut j = i;
        while j + 1 < hours.len() && hours[j + 1] == hours[j] + 1 {
            j += 1;
        }
        let from = (hours[i] * BUCKET_MS).max(window.0);
        let to = ((hours[j] + 1) * BUCKET_MS).min(window.1);
        let read = src.rounds(from, to, &mut |_| {})?;
        rounds.extend(
            read.into_iter()
                .filter(|r| split.contains(&(r.at.div_euclid(BUCKET_MS), r.db))),
        );
        i = j + 1;
    }
    Ok(rounds)
}

/// The report around its sections: provenance, filters, currencies.
fn assemble(
    src: &mut dyn Source,
    o: &Options,
    cx: &Ctx,
    mut sections: Vec<Section>,
    charts: Vec<Chart>,
    progress: &mut dyn FnMut(&str),
) -> Result<Report, AuditError> {
    let sources = provenance(src, o, cx.mixed, &mut sections, progress)?;
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
    /// Instants in the period's gaming days whatever the calendar (`calendars::surely_in`):
    /// an event of such an instant is not located.
    surely: (i64, i64),
    /// The table names two databases share: a row of such a table says its database.
    shared: BTreeSet<String>,
}

impl<'a> Ctx<'a> {
    fn new(
        src: &mut dyn Source,
        o: &'a Options<'a>,
        rounds: &'a [RoundRow],
        cals: Calendars,
        cur_of: BTreeMap<usize, Currency>,
        more_dbs: &std::collections::BTreeSet<usize>,
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
        let th = if matches!(o.kind, Kind::Summary | Kind::Dealers | Kind::Rounds) {
            progress("solving each table's rules for its theoretical hold");
            Theories::read(src, rounds, to_ms)?
        } else {
            Theories::default()
        };
        let mixed = {
            let mut dbs: std::collections::BTreeSet<usize> = rounds.iter().map(|r| r.db).collect();
            dbs.extend(more_dbs);
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
            surely: super::calendars::surely_in(o.period.from, o.period.to),
            shared: super::shared_of(src.table_keys()?),
        })
    }

    /// Whether a noted event of table `table` (empty: of no table) is the report's: any,
    /// unless the report names a table and the event names another.
    fn of_table(&self, table: &str) -> bool {
        self.o.table.is_none_or(|t| table.is_empty() || table == t)
    }

    /// Whether an event of database `db` at `at` (ms) is in the period's gaming days.
    fn in_days(&self, db: usize, at: i64) -> bool {
        if self.surely.0 <= at && at < self.surely.1 {
            return true;
        }
        let day = self.cals.of(db).locate(at).day;
        self.o.period.from <= day && day <= self.o.period.to
    }

    /// Whether a round read counts: not voided, of the table and dealer asked for (if
    /// any), settled in the period's gaming days.
    fn keeps(&self, r: &RoundRow) -> bool {
        !r.voided
            && self.o.table.is_none_or(|t| r.table == t)
            && self.o.dealer.is_none_or(|d| r.dealer == d)
            && self.in_days(r.db, r.at)
    }

    /// How each box's stakes followed the shoe over the period's kept rounds.
    fn follows(&self, src: &mut dyn Source) -> Result<super::protection::Follows, AuditError> {
        let o = self.o;
        let keep = |r: &RoundRow| self.keeps(r);
        let tables: Vec<&RoundRow> = self
            .raw
            .iter()
            .filter(|r| o.table.is_none_or(|t| r.table == t))
            .collect();
        super::protection::follows(src, &tables, &keep, self.to_ms)
    }

    /// Exceptions rows' table cells (the third) said with their database where another
    /// database has a table of that name. A row whose database is `usize::MAX` (sorted
    /// after the others: the protection rows, which label their own cells) is left as it is.
    fn label_tables(&self, rows: &mut [ExceptionRow]) {
        for (_, db, _, cells) in rows.iter_mut().filter(|r| r.1 != usize::MAX) {
            if let Some(Cell::Text(t)) = cells.get(2)
                && self.shared.contains(t.as_str())
            {
                cells[2] = super::table_cell(&t.clone(), *db, &self.shared);
            }
        }
    }

    /// A database's currency.
    fn cur(&self, db: usize) -> Option<Currency> {
        self.cur_of.get(&db).copied()
    }

    /// The grouping key of a round's currency: the same for every round unless mixed.
    fn ck(&self, db: usize) -> Option<String> {
        self.ck_of(self.cur(db))
    }

    /// The grouping key of a currency (`None`: not set): `None` unless mixed.
    fn ck_of(&self, c: Option<Currency>) -> Option<String> {
        if self.mixed {
            Some(c.map_or(String::new(), |c| c.code().to_string()))
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

/// The summary: by shift and by day (or by month, for a long period:
/// [`detail_sections`]), month and year to date, the period's total, the
/// charts by day, and the Pontis games. Its figures are `f` (`folded`: what `fold` took
/// of the kept totals and the rounds read one by one, or `reference`'s groups).
fn summary(
    src: &mut dyn Source,
    cx: &Ctx,
    f: Folded,
    sections: &mut Vec<Section>,
    charts: &mut Vec<Chart>,
) -> Result<(), AuditError> {
    let o = cx.o;
    let games = super::pontis::games(src, o, (cx.from_ms, cx.to_ms), |db, at| cx.in_days(db, at))?;
    let shared = shared_names(&f, super::pontis::table_keys(&games));
    let table = |t: &TableKey| vec![table_cell(&t.0, t.1, &shared)];
    sections.extend(detail_sections(cx, &f.detail, &table));
    for ((start, per_table), name) in f.to_date.iter().zip(["month to date", "year to date"]) {
        let span = Detail::Span(*start, o.period.to);
        sections.push(Section {
            name: name.into(),
            columns: cx.keyed(&["table", "from"]),
            rows: cx.grouped_rows(per_table, |(t, c)| {
                (table(t), c, vec![Cell::from(span.clone())])
            }),
        });
    }
    sections.push(period_total(cx, f.period));
    sections.push(rules_edge(f.edges, &shared));
    charts.extend(charts_by_day(&f.days));
    sections.extend(super::pontis::sections(&games, &shared));
    Ok(())
}

/// The summary's per-table detail (`fold::Grain`): "by shift" and "by day" for a period
/// of at most `DETAIL_DAYS` gaming days; "by month" for a longer one, a month shown as
/// the span of its gaming days inside the period (a month the period cuts, cut).
fn detail_sections(
    cx: &Ctx,
    detail: &fold::Detail,
    table: &dyn Fn(&TableKey) -> Vec<Cell>,
) -> Vec<Section> {
    match detail {
        fold::Detail::Shifts { by_shift, by_day } => vec![
            Section {
                name: "by shift".into(),
                columns: cx.keyed(&["table", "date", "shift"]),
                rows: cx.grouped_rows(by_shift, |(t, c, d, s, hours)| {
                    (
                        table(t),
                        c,
                        vec![Cell::Date(*d), Cell::Shift(*s, hours.clone())],
                    )
                }),
            },
            Section {
                name: key::BY_DAY.into(),
                columns: cx.keyed(&[key::TABLE, "date"]),
                rows: cx.grouped_rows(by_day, |(t, c, d)| (table(t), c, vec![Cell::Date(*d)])),
            },
        ],
        fold::Detail::Months(by_month) => vec![Section {
            name: key::BY_MONTH.into(),
            columns: cx.keyed(&[key::TABLE, "month"]),
            rows: cx.grouped_rows(by_month, |(t, c, m)| {
                (table(t), c, vec![Cell::from(month_span(*m, cx.o.period))])
            }),
        }],
    }
}

/// The gaming days of the month starting on `first` inside `period`: a "by month" row's
/// month, cut where the period cuts it.
fn month_span(first: chrono::NaiveDate, period: super::Period) -> Detail {
    let last = first
        .checked_add_months(chrono::Months::new(1))
        .and_then(|next| next.pred_opt())
        .unwrap_or(period.to);
    Detail::Span(first.max(period.from), last.min(period.to))
}

/// The names of the tables in more than one database among `f`'s per-table sections and
/// the Pontis games' tables (`more`): their rows say their database ([`table_cell`]), in
/// every section alike.
fn shared_names(f: &Folded, more: impl Iterator<Item = TableKey>) -> BTreeSet<String> {
    let keys = f
        .detail
        .tables()
        .into_iter()
        .chain(f.to_date.iter().flat_map(|(_, m)| m.keys().map(|k| &k.0)))
        .chain(f.edges.iter().map(|e| &e.0))
        .cloned()
        .chain(more);
    shared_of(keys)
}

/// The summary's period total: one row per currency (one row when the databases keep
/// one currency); `totals`: the period's sums and its tables' count, by currency key.
fn period_total(cx: &Ctx, mut totals: BTreeMap<Option<String>, (Totals, usize)>) -> Section {
    if !cx.mixed {
        totals.entry(None).or_default();
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
                    vec![Cell::Text(tables.to_string())],
                    total.cells(),
                ]
                .concat()
            })
            .collect(),
    }
}

/// The summary's charts: house win and its win rate of the handle by gaming day, per
/// currency (`days`: the period's sums by currency key and gaming day).
fn charts_by_day(days: &BTreeMap<(Option<String>, chrono::NaiveDate), Totals>) -> Vec<Chart> {
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
        let theory = |f: &dyn Fn(&Totals) -> Option<f64>| -> Vec<Option<f64>> {
            days.iter()
                .filter(|((k, _), _)| k == c)
                .map(|(_, t)| f(t))
                .collect()
        };
        charts.push(Chart {
            title: "House win by day",
            currency: label.clone(),
            unit: "",
            axis: Axis::Money,
            days: true,
            bars: of(&|t| t.win.cents() as f64 / 100.0),
            theory: theory(&|t| t.theory().best.map(|m| m.cents() as f64 / 100.0)),
        });
        charts.push(Chart {
            title: "Win rate % by day",
            currency: label,
            unit: "%",
            axis: Axis::Percent,
            days: true,
            bars: of(&|t| t.win_rate().unwrap_or(0.0)),
            theory: theory(&|t| t.theory().hold),
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
    let mut rows = Vec::with_capacity(cx.in_period.len());
    let marks = src.marks_replay();
    let columns = rounds_columns(cx, marks);
    for (n, r) in cx.in_period.iter().enumerate() {
        if n % 20_000 == 0 {
            progress(&format!("{n} of {} rounds", cx.in_period.len()));
        }
        // Each row held: its cells made in a row of the section's width (no growing).
        let mut cells = RoundCells::with_width(columns.len());
        cells.fill_log(cx, marks, r, &round_log(src, r)?);
        rows.push(cells.row);
    }
    Ok(Section {
        name: "rounds".into(),
        columns,
        rows,
    })
}

/// The most texts a rounds report row holds (bets, nets, table, dealer, currency): the
/// most [`RoundCells`] keeps from one row for the next.
const ROW_TEXTS: usize = 5;

/// A rounds report row's cells made again and again in one place: each row written into
/// the previous row's (its texts' room, its inputs' `Steps`, its detail cells' boxes kept
/// and overwritten in place), so that a streamed pass's rows, once their texts have
/// grown, allocate nothing. What a row's cells are is [`RoundCells::fill`]'s.
#[derive(Default)]
struct RoundCells {
    row: Vec<Cell>,
    /// The previous row's texts, emptied: at most [`ROW_TEXTS`].
    texts: Vec<String>,
    /// The previous row's inputs' box (a `Detail::Inputs`, its `Steps` reused).
    inputs: Option<Box<Detail>>,
    /// The previous row's shared table name's box (a `Detail::TableIn`).
    table_in: Option<Box<Detail>>,
}

impl RoundCells {
    /// Cells for a row of `width` columns (the held report's: each row kept).
    fn with_width(width: usize) -> RoundCells {
        RoundCells {
            row: Vec::with_capacity(width),
            ..RoundCells::default()
        }
    }

    /// The row as last made.
    fn row(&self) -> &[Cell] {
        &self.row
    }

    /// The previous row's texts and boxes kept, emptied, for the next.
    fn recycle(&mut self) {
        for c in self.row.drain(..) {
            match c {
                Cell::Text(t) => keep_text(&mut self.texts, t),
                Cell::Detail(mut d) => match *d {
                    Detail::Inputs(_) => self.inputs = Some(d),
                    Detail::TableIn { ref mut table, .. } => {
                        keep_text(&mut self.texts, std::mem::take(table));
                        self.table_in = Some(d);
                    }
                    _ => {}
                },
                _ => {}
            }
        }
    }

    /// `s` in a text of the previous row's.
    fn text_of(&mut self, s: &str) -> String {
        let mut t = self.texts.pop().unwrap_or_default();
        t.push_str(s);
        t
    }

    /// The inputs' cell: `inputs` in the previous row's `Steps`, in its box.
    fn inputs_cell<'s>(&mut self, inputs: impl IntoIterator<Item = &'s str>) -> Cell {
        let mut steps = match self.inputs.as_deref_mut() {
            Some(Detail::Inputs(st)) => std::mem::take(st),
            _ => Steps::default(),
        };
        steps.clear();
        steps.extend(inputs);
        in_box(&mut self.inputs, Detail::Inputs(steps))
    }

    /// The row of round `r` (`marks`: the source marks replayed rounds) from its log.
    fn fill_log(&mut self, cx: &Ctx, marks: bool, r: &RoundRow, log: &RoundLog) {
        let bets = (log.bets.iter()).map(|b| (b.box_no, b.stake.cents(), &b.id[..]));
        let nets = (log.nets.iter()).map(|n| (n.net.cents(), &n.id[..]));
        let steps = log.steps.iter().map(String::as_str);
        self.fill(cx, marks, r, bets, steps, nets);
    }

    /// The row of round `r` from its bets (box, stake in cents, id), its inputs and its
    /// nets (net in cents, id), however they were read, made in place of the previous
    /// one.
    fn fill<'b>(
        &mut self,
        cx: &Ctx,
        marks: bool,
        r: &RoundRow,
        bets: impl Iterator<Item = (u8, i64, &'b str)>,
        steps: impl Iterator<Item = &'b str>,
        nets: impl Iterator<Item = (i64, &'b str)>,
    ) {
        self.recycle();
        // `{id}@{box}:{stake}` and `{id}:{net}`, a space between, put in place (no formatter).
        let mut bets_text = self.text_of("");
        for (i, (box_no, stake, id)) in bets.enumerate() {
            if i > 0 {
                bets_text.push(' ');
            }
            bets_text.push_str(id);
            bets_text.push('@');
            push_digits(&mut bets_text, u64::from(box_no));
            bets_text.push(':');
            money_text(&mut bets_text, Money::from_cents(stake));
        }
        let mut nets_text = self.text_of("");
        for (i, (net, id)) in nets.enumerate() {
            if i > 0 {
                nets_text.push(' ');
            }
            nets_text.push_str(id);
            nets_text.push(':');
            money_text(&mut nets_text, Money::from_cents(net));
        }
        // As `report::table_cell` makes it.
        let table = match cx.shared.contains(r.table.as_str()) {
            true => {
                let table = self.text_of(&r.table);
                in_box(&mut self.table_in, Detail::TableIn { table, db: r.db })
            }
            false => Cell::Text(self.text_of(&r.table)),
        };
        let currency = cx
            .mixed
            .then(|| currency_cell_with(cx.cur(r.db), |code| self.text_of(code)));
        let dealer = Cell::Text(self.text_of(&r.dealer));
        let inputs = self.inputs_cell(steps);
        let row = &mut self.row;
        row.extend([Cell::Time(r.at), table]);
        row.extend(currency);
        row.extend([
            Cell::Int(r.round),
            dealer,
            Cell::Text(bets_text),
            inputs,
            Cell::Text(nets_text),
            Cell::Money(r.figures.handle),
            Cell::Money(r.figures.house_net),
        ]);
        row.extend(replay_mark(marks, r.replayed));
    }
}

/// A row's text kept for the next row, emptied, unless [`ROW_TEXTS`] are kept already.
/// Every text cell now takes its text from the pool, so the cap is not reached today; it
/// is defensive: a text no row takes back (as a mixed report's currency was) would
/// otherwise grow the pool a row at a time.
fn keep_text(texts: &mut Vec<String>, mut t: String) {
    if texts.len() < ROW_TEXTS {
        t.clear();
        texts.push(t);
    }
}

/// `d` as a cell, in the box kept in `slot` (overwritten in place) if there is one.
fn in_box(slot: &mut Option<Box<Detail>>, d: Detail) -> Cell {
    match slot.take() {
        Some(mut b) => {
            *b = d;
            Cell::Detail(b)
        }
        None => Cell::from(d),
    }
}

/// An amount as `script::money_json` writes it (whole units, else the exact decimal),
/// appended: the digits put in place, not through the formatter (a rounds report writes
/// a few a row).
fn money_text(out: &mut String, m: Money) {
    let c = m.cents();
    let (units, cents) = (c.unsigned_abs() / 100, c.unsigned_abs() % 100);
    if c < 0 {
        out.push('-');
    }
    push_digits(out, units);
    match cents {
        0 => {}
        _ if cents % 10 == 0 => {
            out.push('.');
            push_digits(out, cents / 10);
        }
        _ => {
            out.push('.');
            if cents < 10 {
                out.push('0');
            }
            push_digits(out, cents);
        }
    }
}

/// `n` in decimal, as `Display` writes it, appended (by `itoa`, serde_json's own integer
/// writer: no formatter, no UTF-8 check of its digits).
fn push_digits(out: &mut String, n: u64) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// A round's log read on its own (the held report; a streamed one reads a page's at once,
/// `Source::round_logs`).
fn round_log(src: &mut dyn Source, r: &RoundRow) -> Result<RoundLog, AuditError> {
    let (bets, steps) = src.round_inputs(r.db, r.round)?;
    let nets = src.round_nets(r.db, r.round, None)?;
    Ok(RoundLog {
        bets,
        steps,
        nets,
        one_start: false,
    })
}

/// The rounds section's columns.
fn rounds_columns(cx: &Ctx, marks: bool) -> Vec<&'static str> {
    let mut columns = vec!["settled at", "table"];
    if cx.mixed {
        columns.push("currency");
    }
    let marked: Vec<&str> = if marks {
        vec!["replayed by the floor's auditor"]
    } else {
        vec![]
    };
    [
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
    .concat()
}

/// The rounds report's players section's columns.
fn players_columns(cx: &Ctx) -> Vec<&'static str> {
    let mut columns = super::players::COLUMNS.to_vec();
    if cx.mixed {
        columns.insert(1, "currency");
    }
    columns
}

/// The floor's rounds report marks each round its auditor has not yet replayed.
fn replay_mark(marks: bool, replayed: Option<bool>) -> Option<Cell> {
    match (marks, replayed) {
        (false, _) => None,
        (true, Some(true)) => Some(Cell::Word("yes")),
        (true, _) => Some(Cell::Word("not yet replayed")),
    }
}

/// The dealers report: each dealer's rounds, hours, figures and noted inputs, and the
/// chart of rounds per dealer.
fn dealers(
    src: &mut dyn Source,
    cx: &Ctx,
    f: Folded,
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
    // Of the period's gaming days and, if the report names one, of its table (as the
    // exceptions report keeps them: an event of no table is kept).
    let noted: Vec<Noted> = noted
        .into_iter()
        .filter(|n| cx.in_days(n.db, n.at) && cx.of_table(&n.table))
        .collect();
    // A dealer who dealt in two currencies has a row for each.
    let per = &f.per_dealer;
    let mut names: Vec<(String, Option<String>)> = per.keys().cloned().collect();
    for n in &noted {
        let key = (n.user.clone(), cx.ck(n.db));
        if !n.user.is_empty() && !names.contains(&key) && cx.o.dealer.is_none_or(|d| d == n.user) {
            names.push(key);
        }
    }
    names.sort();
    sections.push(dealers_section(cx, &f, &names, &noted));
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
        axis: Axis::Rounds,
        days: false,
        bars,
        theory: Vec::new(),
    });
    Ok(())
}

/// The dealers report's table: a row per dealer (and currency, when mixed). A dealer's
/// hours at a table are the distinct (table, clock hour) in which they settled a round
/// (as `dealer_hours`), over the rounds of the currency when mixed (`Folded`).
fn dealers_section(
    cx: &Ctx,
    f: &Folded,
    names: &[(String, Option<String>)],
    noted: &[Noted],
) -> Section {
    let hours = |key: &(String, Option<String>), rounds: i64| {
        let n = f.dealer_hours.get(key).copied().unwrap_or(0);
        (n, (n > 0).then(|| rounds as f64 / n as f64))
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
                THEORY[0],
                THEORY[1],
                THEORY[2],
                THEORY[3],
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
                let t = f.per_dealer.get(key).cloned().unwrap_or_default();
                let (h, rate) = hours(key, t.rounds);
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
                    ],
                    t.theory_cells().to_vec(),
                    vec![
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
/// the payouts over the threshold; counts and amounts by kind first, then the rows grouped
/// by kind, most serious first (`report::exceptions::ORDER`), each kind in time order.
fn exceptions(src: &mut dyn Source, cx: &Ctx) -> Result<[Section; 2], AuditError> {
    let mut state = Logged::before(src, cx)?;
    let held = Rounds::Held(cx.raw);
    let window = (cx.from_ms, cx.to_ms);
    let mut rows = logged_exceptions(src, cx, &held, &LOGGED, window, &mut state)?;
    rows.extend(alarm_rows(src, cx)?);
    for (at, cells) in super::protection::exception_rows(&cx.follows(src)?, &cx.shared) {
        rows.push((at, usize::MAX, i64::MAX, cells));
    }
    if let Some(books) = super::closeout::Books::read(src)? {
        for (at, db, cells) in super::closeout::exception_rows(&books, cx.o) {
            rows.push((at, db, i64::MAX - 1, cells));
        }
    }
    rows.extend(
        cx.in_period
            .iter()
            .filter_map(|r| payout_row(r, cx.o.threshold)),
    );
    cx.label_tables(&mut rows);
    Ok(super::exceptions::arrange(rows, cx.mixed))
}

/// The floor's alarms raised in the period's gaming days, as exceptions rows.
fn alarm_rows(src: &mut dyn Source, cx: &Ctx) -> Result<Vec<ExceptionRow>, AuditError> {
    let blank = || Cell::Text(String::new());
    Ok(src
        .alarms(cx.from_ms, cx.to_ms)?
        .into_iter()
        .filter(|a| cx.in_days(a.db, a.at))
        .map(|a| {
            let cells = vec![
                Cell::Time(a.at),
                Cell::Word("floor alarm"),
                blank(),
                blank(),
                blank(),
                Cell::Text(a.detail),
            ];
            (a.at, a.db, a.seq, cells)
        })
        .collect())
}

/// A kept round's exceptions row if a bet won more than `threshold` in it.
fn payout_row(r: &RoundRow, threshold: Money) -> Option<ExceptionRow> {
    let won = r.figures.max_net;
    (won > threshold).then(|| {
        let cells = vec![
            Cell::Time(r.at),
            Cell::Word("payout over threshold"),
            Cell::Text(r.table.clone()),
            Cell::Text(r.dealer.clone()),
            Cell::Int(r.round),
            Cell::from(Detail::Payout { won, threshold }),
        ];
        (r.at, r.db, i64::MAX, cells)
    })
}

/// The kinds of event the exceptions report reads.
const LOGGED: [EventKind; 9] = [
    EventKind::RoundVoided,
    EventKind::RoundCorrected,
    EventKind::Undo,
    EventKind::StepRefused,
    EventKind::LoginFailed,
    EventKind::UserLocked,
    EventKind::UserUnlocked,
    EventKind::TableOpened,
    EventKind::SettingChanged,
];

/// What reading the logged exceptions carries from one event to the next, in time order:
/// each correction's house win, and each table's last rules.
struct Logged {
    corrections: super::exceptions::Corrections,
    /// Each database's tables by name: the last opening before the period tells
    /// whether an opening in it changed anything.
    last_rules: BTreeMap<(usize, String), TableOpened>,
}

impl Logged {
    /// What the events before the period say.
    fn before(src: &mut dyn Source, cx: &Ctx) -> Result<Logged, AuditError> {
        let corrections = super::exceptions::Corrections::before(src, cx.from_ms)?;
        let mut last_rules = BTreeMap::new();
        for n in src.events_of(&[EventKind::TableOpened], 0, cx.from_ms)? {
            if let Payload::TableOpened(t) = n.payload {
                last_rules.insert((n.db, n.table.clone()), t);
            }
        }
        Ok(Logged {
            corrections,
            last_rules,
        })
    }
}

/// The exceptions the logs hold in `window` (ms) among the events of `kinds` (some of
/// [`LOGGED`]): voids, corrections, undos, refusals, logins, locks, and the openings of a
/// table that changed its rules or limits; `state` carries on from the window before.
fn logged_exceptions(
    src: &mut dyn Source,
    cx: &Ctx,
    rounds: &Rounds,
    kinds: &[EventKind],
    window: (i64, i64),
    state: &mut Logged,
) -> Result<Vec<ExceptionRow>, AuditError> {
    let mut rows = Vec::new();
    for n in src.events_of(kinds, window.0, window.1)? {
        if let Some(row) = logged_row(src, cx, rounds, n, state)? {
            rows.push(row);
        }
    }
    Ok(rows)
}

/// An event's exceptions row, if it is one.
fn logged_row(
    src: &mut dyn Source,
    cx: &Ctx,
    rounds: &Rounds,
    n: Noted,
    state: &mut Logged,
) -> Result<Option<ExceptionRow>, AuditError> {
    let Logged {
        corrections,
        last_rules,
    } = state;
    {
        if !cx.in_days(n.db, n.at) {
            // Before its database's first gaming day of the period: an opening still
            // tells whether a later one changed anything.
            if let Payload::TableOpened(t) = &n.payload
                && cx.o.period.from > cx.cals.of(n.db).locate(n.at).day
            {
                last_rules.insert((n.db, n.table.clone()), t.clone());
            }
            return Ok(None);
        }
        if !cx.of_table(&n.table) {
            return Ok(None);
        }
        let mut word = exception_word(n.kind);
        let detail = match &n.payload {
            Payload::SettingChanged(_) => {
                match super::exceptions::currency_over_rounds(src, &n, rounds)? {
                    Some((currency, rounds)) => {
                        word = "currency set over logged rounds";
                        Cell::from(Detail::CurrencySet { currency, rounds })
                    }
                    None => return Ok(None),
                }
            }
            Payload::TableOpened(t) => {
                let before = last_rules.insert((n.db, n.table.clone()), t.clone());
                match before {
                    Some(b) if b.rules != t.rules || b.limits != t.limits => {
                        word = "rules changed";
                        Cell::from(Detail::RulesChanged {
                            preset: json_text(&t.preset),
                            limits: json_text(&t.limits),
                        })
                    }
                    Some(_) => return Ok(None),
                    None => Cell::from(Detail::TableOpened {
                        preset: json_text(&t.preset),
                        limits: json_text(&t.limits),
                    }),
                }
            }
            Payload::RoundVoided(v) => Cell::from(Detail::Voided {
                reason: v.reason.clone(),
                house_win: super::exceptions::voided_win(src, rounds, n.db, n.round)?,
            }),
            Payload::RoundCorrected(c) => Cell::from(corrections.detail(src, &n, c, rounds)?),
            _ => plain_detail(src, &n),
        };
        Ok(Some((
            n.at,
            n.db,
            n.seq,
            vec![
                Cell::Time(n.at),
                Cell::Word(word),
                Cell::Text(n.table.clone()),
                Cell::Text(n.user.clone()),
                n.round.map(Cell::Int).unwrap_or(Cell::Text(String::new())),
                detail,
            ],
        )))
    }
}

/// The detail of an exception row that needs nothing but its event (a refused input, an
/// undo, a failed login, a lock or an unlock); any other event as its fields.
fn plain_detail(src: &mut dyn Source, n: &Noted) -> Cell {
    match &n.payload {
        Payload::StepRefused(r) => {
            let code = match (&r.refusal, r.unended, n.round) {
                (Some(c), _, _) => Some(c.clone()),
                (None, true, _) => Some(RefusalCode::Unended),
                (None, false, Some(round)) => src.derived_refusal(n.db, round, n.seq),
                (None, false, None) => None,
            };
            Cell::from(Detail::Refused {
                text: r.text.clone(),
                reason: r.reason.clone(),
                code,
            })
        }
        Payload::Undo(u) => Cell::from(Detail::Undid(u.text.clone())),
        Payload::LoginFailed(f) => Cell::from(Detail::LoginFailed {
            name: f.name.clone(),
            reason: f.reason.clone(),
            fields: n.fields(),
        }),
        Payload::UserLocked(u) => Cell::from(Detail::UserLocked {
            name: u.name.clone(),
            failed: u.failed,
            fields: n.fields(),
        }),
        Payload::UserUnlocked(u) => Cell::from(Detail::UserUnlocked {
            name: u.name.clone(),
            by: u.by_name.clone(),
            fields: n.fields(),
        }),
        _ => Cell::Text(n.fields()),
    }
}

/// Provenance: each database's head, and verify (replay mismatches are exceptions too:
/// a failed verify is a row of the exceptions report).
fn provenance(
    src: &mut dyn Source,
    o: &Options,
    mixed: bool,
    sections: &mut [Section],
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<Provenance>, AuditError> {
    let mut sources = Vec::new();
    for h in src.heads(o.verify, progress)? {
        if let (Kind::Exceptions, Some(Verified::Failed(why))) = (o.kind, &h.verified)
            && let [by_kind, sec] = sections
        {
            // The most serious kind: first among the rows, and counted.
            sec.rows.insert(
                0,
                vec![
                    Cell::Text(String::new()),
                    Cell::Word("verify failed"),
                    Cell::Text(String::new()),
                    Cell::Text(String::new()),
                    Cell::Text(String::new()),
                    Cell::from(Detail::VerifyFailed {
                        place: h.path.clone(),
                        why: why.clone(),
                    }),
                ],
            );
            *by_kind = super::exceptions::summary(&sec.rows, mixed);
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

/// A day's figures: (date, house win, hold %, rounds, theoretical hold % at best play,
/// and as played).
pub(crate) type DayFigures = (String, Money, f64, i64, Option<f64>, Option<f64>);

/// Figures for the supervisor's charts: by day, by hour of day, by dealer.
#[derive(Clone, Debug, Default)]
pub struct Series {
    /// (date, house win, hold %, rounds, theoretical hold % of the rules played at best
    /// play, and as played)
    pub(crate) by_day: Vec<DayFigures>,
    /// (hour 0–23, house win, hold %, rounds)
    pub(crate) by_hour: Vec<(u32, Money, f64, i64)>,
    /// (dealer, rounds, rounds per hour at a table)
    pub(crate) by_dealer: Vec<(String, i64, f64)>,
    /// Over all the rounds: the house win, the theoretical win at best play and as
    /// played, and the luck (sd of the win from as played); `None`s with no theory.
    pub(crate) theory: (Money, Option<Money>, Option<Money>, Option<f64>),
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
        .map(|(d, t)| {
            let th = t.theory();
            let as_played = th
                .as_played
                .zip(th.hold)
                .map(|(ap, _)| ap.cents() as f64 * 100.0 / th.handle.cents() as f64);
            (d.to_string(), t.win, hold(&t), t.rounds, th.hold, as_played)
        })
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
    let mut all = Totals::default();
    for r in &rows {
        all.add(r, th.of(r));
    }
    let t = all.theory();
    Series {
        by_day,
        by_hour,
        by_dealer,
        theory: (all.win, t.best, t.as_played, t.luck),
    }
}

#[cfg(test)]
mod tests {
    /// The detail's grain and a `by month` row's span, case by case: 31 gaming days are
    /// still by shift, 32 by month; a month cut by the period shows its cut span.
    #[test]
    fn a_long_periods_detail_is_by_month_each_month_cut_by_the_period() {
        use super::super::Period;
        use fold::Grain;
        let d = |s: &str| chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        let cases = [
            ("2026-03-16", "2026-03-16", Grain::Shifts),
            ("2026-01-01", "2026-01-31", Grain::Shifts),
            ("2026-01-15", "2026-02-14", Grain::Shifts),
            ("2026-01-01", "2026-02-01", Grain::Months),
            ("2026-01-01", "2026-12-31", Grain::Months),
        ];
        for (from, to, grain) in cases {
            assert_eq!(
                Grain::of(Period::parse(from, to).unwrap()),
                grain,
                "{from}..{to}"
            );
        }
        let p = Period::parse("2026-01-20", "2027-02-10").unwrap();
        let spans = [
            ("2026-01-01", "2026-01-20", "2026-01-31"),
            ("2026-02-01", "2026-02-01", "2026-02-28"),
            ("2026-12-01", "2026-12-01", "2026-12-31"),
            ("2027-02-01", "2027-02-01", "2027-02-10"),
        ];
        for (month, first, last) in spans {
            assert!(
                matches!(month_span(d(month), p), Detail::Span(a, b) if a == d(first) && b == d(last)),
                "{month}"
            );
        }
    }

    use super::*;
    use crate::script::money_json;
    use crate::session::demo;

    /// A `kind` report's options over the gaming days `from..=to`, no filter, the
    /// threshold and signature every test here uses.
    fn options(kind: Kind, from: &str, to: &str) -> Options<'static> {
        Options {
            kind,
            period: super::super::Period::parse(from, to).unwrap(),
            table: None,
            dealer: None,
            threshold: Money::units(1000),
            verify: false,
            generated_by: "test",
            generated_at: "now",
        }
    }

    /// An amount in a round's bets and nets reads as `money_json` writes it.
    #[test]
    fn an_amount_in_a_row_is_written_as_money_json_writes_it() {
        let cents = [
            0,
            1,
            5,
            10,
            50,
            99,
            100,
            105,
            150,
            2000,
            123_456,
            -1,
            -10,
            -100,
            -105,
            -2050,
            i64::MAX,
            i64::MIN,
            i64::MIN + 1,
        ];
        for c in cents {
            let mut text = String::new();
            money_text(&mut text, Money::from_cents(c));
            assert_eq!(
                text,
                money_json(Money::from_cents(c)).to_string(),
                "{c} cents"
            );
        }
    }

    /// A rounds report's rows made one after another in one `RoundCells` (a mixed-currency
    /// report of two databases whose tables share their names: each row has a currency
    /// text and a table-in box) are each the row a fresh `RoundCells` makes; the detail
    /// cells' boxes are the first row's, overwritten, and the texts kept from row to row
    /// never more than a row holds.
    #[test]
    fn a_rows_cells_reuse_the_previous_rows_boxes_and_keep_at_most_a_rows_texts() {
        use crate::engine::Currency;
        use crate::session::{settings, users};
        let dir = std::env::temp_dir().join(format!("croupier-unit-{}-cells", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let stores = ["CZK", "EUR"].map(|code| {
            let path = dir.join(format!("{code}.db"));
            let mut store = Store::open_with(&path, Box::new(demo::clock())).unwrap();
            demo::fill(&mut store, 30, 2, 3, |_| {}).unwrap();
            let sup = users::login(&mut store, "Petr Novak", "800100", None).unwrap();
            let cur = Currency::parse(code).unwrap();
            assert!(settings::set_currency(&mut store, cur, &sup).unwrap());
            store
        });
        let mut src = Files(&stores);
        let cals = Calendars::read(&mut src).unwrap();
        let cur_of = currencies(&mut src).unwrap();
        let rounds = src.rounds(i64::MIN, i64::MAX, &mut |_| {}).unwrap();
        // The exceptions kind: a context without the rules' theories (no solve), which
        // a row's cells do not read.
        let o = options(Kind::Exceptions, "2000-01-01", "2100-12-31");
        let cx = Ctx::new(
            &mut src,
            &o,
            &rounds,
            cals,
            cur_of,
            &BTreeSet::new(),
            &mut |_| {},
        );
        let cx = cx.unwrap();
        assert!(cx.mixed && cx.shared.contains("Pontoon 1") && cx.in_period.len() > 40);
        let boxes = |row: &[Cell]| -> Vec<*const Detail> {
            (row.iter())
                .filter_map(|c| match c {
                    Cell::Detail(d) => Some(&**d as *const Detail),
                    _ => None,
                })
                .collect()
        };
        let mut cells = RoundCells::default();
        let mut first = None;
        for (i, r) in cx.in_period.iter().enumerate() {
            // Rows of one bet and of three, their inputs of several lengths.
            let bets: &[(u8, i64, &str)] = match i % 2 {
                0 => &[(1, 500, "1a")],
                _ => &[(1, 500, "1a"), (2, 1250, "2a"), (3, 10, "3b")],
            };
            let steps = ["Jd", "7h", "stick", "insure", "1a", "5"];
            let nets = bets.iter().map(|&(_, stake, id)| (-stake, id));
            let fill = |cells: &mut RoundCells| {
                let steps = steps[..1 + i % steps.len()].iter().copied();
                cells.fill(
                    &cx,
                    i % 3 == 0,
                    r,
                    bets.iter().copied(),
                    steps,
                    nets.clone(),
                )
            };
            fill(&mut cells);
            let mut fresh = RoundCells::default();
            fill(&mut fresh);
            assert_eq!(cells.row(), fresh.row(), "row {i}");
            assert!(
                cells.texts.len() <= ROW_TEXTS,
                "row {i}: {} texts kept",
                cells.texts.len()
            );
            let now = boxes(cells.row());
            assert_eq!(now.len(), 2, "row {i}: the table's and the inputs' boxes");
            assert_eq!(first.get_or_insert(now.clone()), &now, "row {i}: new boxes");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// An hour with an uncosted round is read round by round only where its bucket's
    /// rules have a theory (its rounds are then costed by replaying them); under rules
    /// without one there is no cost to show, and the bucket is taken whole.
    #[test]
    fn an_uncosted_bucket_is_split_only_where_its_rules_have_a_theory() {
        let dir =
            std::env::temp_dir().join(format!("croupier-unit-{}-uncosted", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut store = Store::open_with(&dir.join("t.db"), Box::new(demo::clock())).unwrap();
        demo::fill(&mut store, 200, 1, 3, |_| {}).unwrap();
        // One bucket made to hold an uncosted round (the events untouched).
        store
            .conn()
            .execute_batch(
                "UPDATE round_totals SET uncosted = 1 WHERE hour = (SELECT min(hour) FROM round_totals)",
            )
            .unwrap();
        let stores = [store];
        let mut src = Files(&stores);
        let cals = Calendars::read(&mut src).unwrap();
        let rows = src.totals(0, 10_000_000).unwrap().unwrap();
        let first = rows.iter().map(|t| t.key.hour).min().unwrap();
        let o = options(Kind::Summary, "2000-01-01", "2100-12-31");
        // The (hour, database)s a fold of every bucket finds split under `openings`.
        let split = |src: &mut Files, openings: &Openings| {
            let mut fold = Fold::new(&o, &cals, &BTreeMap::new(), 1);
            src.visit_totals(0, 10_000_000, &mut |t| {
                fold.bucket(t, openings);
                Ok(())
            })
            .unwrap();
            fold.end_hour();
            fold.split
        };
        let solved = Openings::read(&mut src, i64::MAX).unwrap();
        let found = split(&mut src, &solved);
        assert_eq!(
            found.into_iter().collect::<Vec<_>>(),
            vec![(first, 0)],
            "the uncosted hour is read round by round, and only it"
        );
        let rounds = split_rounds(&mut src, &[(first, 0)].into(), (i64::MIN, i64::MAX)).unwrap();
        assert!(!rounds.is_empty());
        assert!(rounds.iter().all(|r| r.at.div_euclid(BUCKET_MS) == first));
        // The same buckets under rules without a theory: nothing read round by round.
        let found = split(&mut src, &Openings::default());
        assert!(found.is_empty(), "{found:?} read one by one");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The summary's year and month to date before its period are read summed by the
    /// file (`Source::total_sums`) where every hour of those days is whole in the
    /// database's calendar, their buckets then not visited; a calendar whose shift starts
    /// inside an hour (06:15) has its buckets visited, as ever. Both give the same sums.
    #[test]
    fn the_to_date_sums_before_the_period_are_summed_by_the_file_where_its_hours_are_whole() {
        use crate::session::{calendar::Calendar, settings, users};
        let dir = std::env::temp_dir().join(format!("croupier-unit-{}-summed", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut store = Store::open_with(&dir.join("t.db"), Box::new(demo::clock())).unwrap();
        demo::fill(&mut store, 200, 1, 3, |_| {}).unwrap();
        let mut quarter = Store::open_with(&dir.join("q.db"), Box::new(demo::clock())).unwrap();
        demo::fill(&mut quarter, 200, 1, 3, |_| {}).unwrap();
        let admin = users::login(&mut quarter, "Irena Dvorak", "900000", None).unwrap();
        let cal = Calendar::new("UTC", "06:15 14:00 22:00").unwrap();
        settings::set_calendar(&mut quarter, &cal, &admin).unwrap();
        let stores = [store, quarter];
        let mut src = Files(&stores);
        let cals = Calendars::read(&mut src).unwrap();
        let o = options(Kind::Summary, "2026-03-02", "2026-03-02");
        let day = |db: usize, d: &str| {
            let d = chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").unwrap();
            cals.of(db).day_ms(d).0.div_euclid(BUCKET_MS)
        };
        let openings = Openings::read(&mut src, i64::MAX).unwrap();
        // The rounds of the kept totals, but those of the split (hour, database)s (read
        // round by round by the report, not by this fold).
        let kept = |src: &mut Files, split: &std::collections::BTreeSet<(i64, usize)>| -> i64 {
            let rows = src.totals(0, 10_000_000).unwrap().unwrap();
            rows.iter()
                .filter(|t| !split.contains(&(t.key.hour, t.db)))
                .map(|t| t.figures.rounds)
                .sum()
        };
        let mut fold = Fold::new(&o, &cals, &BTreeMap::new(), 2);
        let from_hour = day(1, "2026-01-01");
        let visit_from = sum_before_period(&mut src, &mut fold, &openings, from_hour).unwrap();
        assert_eq!(
            visit_from, from_hour,
            "the 06:15 file's buckets are visited"
        );
        src.visit_totals(visit_from, day(0, "2026-03-03"), &mut |t| {
            fold.bucket(t, &openings);
            Ok(())
        })
        .unwrap();
        let split = std::mem::take(&mut fold.split);
        assert!(
            split.iter().all(|(_, db)| *db == 1),
            "only 06:15's hours split"
        );
        let f = fold.finish(|_| None);
        let ytd: i64 = f.to_date[1].1.values().map(|t| t.rounds).sum();
        let both = kept(&mut src, &split);
        assert_eq!(ytd, both, "each file's rounds not voided, once");
        // The UTC file alone: summed, and its buckets from the period's start visited.
        let mut src = Files(&stores[..1]);
        let one = kept(&mut src, &Default::default());
        assert!(one > 0 && one < both);
        let mut fold = Fold::new(&o, &cals, &BTreeMap::new(), 1);
        let visit_from =
            sum_before_period(&mut src, &mut fold, &openings, day(0, "2026-01-01")).unwrap();
        assert_eq!(visit_from, day(0, "2026-03-02"));
        let f = fold.finish(|_| None);
        let ytd: i64 = f.to_date[1].1.values().map(|t| t.rounds).sum();
        assert_eq!(ytd, one);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
