//! Reports over one or more audit databases (a floor report is several files, one per
//! table): summary, rounds, dealers, exceptions, protection; as CSV, JSON or a printable HTML page.
//! Reads the log only (never writes); every report ends with the provenance footer —
//! period, who, when, each file's chain head and whether `verify` passed.

use std::collections::{BTreeMap, BTreeSet};

pub use query as data;
pub mod as_played;
mod axis;
pub(crate) mod calendars;
mod closeout;
mod exceptions;
mod kinds;
mod players;
mod pontis;
mod protection;
pub mod query;
mod render;
mod slip;
pub mod theory;
pub mod verdict;

pub use data::{Derived, Page, Period, PeriodError, RoundRow, Verified, VerifyFailure};

/// The names of the sections and columns that code outside the report reads by key (the
/// floor window): the report is built with these same constants, so a renamed one
/// renames both, and [`Report::section`] and [`Section::cell`] find them.
pub mod key {
    /// The summary's section of each table's figures per day.
    pub const BY_DAY: &str = "by day";
    /// The summary's section of each table's figures per calendar month, in place of
    /// "by shift" and "by day" for a period longer than [`super::DETAIL_DAYS`].
    pub const BY_MONTH: &str = "by month";
    pub const TABLE: &str = "table";
    pub const ROUNDS: &str = "rounds";
    pub const HANDLE: &str = "handle";
    pub const HOUSE_WIN: &str = "house win";
    pub const WIN_RATE: &str = "win rate %";
}
/// The longest period, in gaming days, whose summary shows each table by shift and by
/// day; a longer one shows each table by calendar month instead (`by month`: a year's
/// summary of a large floor would otherwise be hundreds of thousands of rows, which no
/// one reads). The other sections do not depend on it.
pub const DETAIL_DAYS: i64 = 31;

/// What the kept totals sum, keyed by what: one definition for the table's file and the floor.
pub use crate::log::totals;
pub use kinds::{
    PAGE, Series, StreamError, Streamed, build, build_from, build_from_kept_totals,
    build_reading_every_round, series, series_with, stream, stream_from, stream_paged,
};
pub use render::{
    CsvStyle, FileError, Style, cell_words, column_words, csv_paths, file_name, render_csv,
    render_csv_in, render_html, render_html_in, render_json, signed_fixed, verdict_in,
};
pub use slip::slip_html;

use chrono::NaiveDate;
use serde_json::Value;

use crate::codes::RefusalCode;
use crate::engine::{Currency, Money};

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

/// The four kinds of report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Per table by shift and by day, month- and year-to-date.
    Summary,
    Rounds,
    Dealers,
    Exceptions,
    /// Per table and box: how closely the initial stakes follow the player's value of the
    /// shoe (advantage play, issue 26).
    Protection,
    /// The table's money per table and shift, day, month- and year-to-date.
    Closeout,
}

/// What a report is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One file per table of the report, plus the footer.
    Csv,
    Json,
    /// One self-contained printable page.
    Html,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Summary => "summary",
            Kind::Rounds => "rounds",
            Kind::Dealers => "dealers",
            Kind::Exceptions => "exceptions",
            Kind::Protection => "protection",
            Kind::Closeout => "closeout",
        }
    }
    pub(crate) fn title(self) -> &'static str {
        match self {
            Kind::Summary => "Table summary",
            Kind::Rounds => "Rounds",
            Kind::Dealers => "Dealers",
            Kind::Exceptions => "Exceptions",
            Kind::Protection => "Advantage-play protection",
            Kind::Closeout => "Close-out",
        }
    }
}

/// One value in a report table.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Text(String),
    Int(i64),
    Money(Money),
    /// A percentage with two decimals; `None` when undefined (nothing staked).
    Percent(Option<f64>),
    /// A number of standard deviations, two decimals, signed; `None` when undefined.
    Sd(Option<f64>),
    /// A word of the report's own (a shift, an exception's kind, how a game ended): its
    /// key is the English word JSON keeps; HTML and CSV show it in the report's language.
    Word(&'static str),
    /// A shift of the gaming day and its local hours: its number in JSON (`2`), with its
    /// hours elsewhere (`2 (14:00–22:00)`).
    Shift(u8, String),
    /// A calendar day: `2026-01-05` in JSON, the language's date elsewhere.
    Date(NaiveDate),
    /// No value (a figure that needs a count not yet made): null in JSON, blank elsewhere.
    Empty,
    /// A moment (ms since the epoch, UTC): `2026-01-05 06:04:40` in JSON, the language's
    /// date and time elsewhere.
    Time(i64),
    /// A sentence of the report's own around logged text (which stays as logged).
    Detail(Box<Detail>),
    /// A number with the given decimals (a correlation, a p-value); `None` when undefined.
    Decimal(Option<f64>, u8),
    /// Yes or no: `true`/`false` in JSON, the language's word elsewhere.
    Flag(bool),
}

/// A detail's cell. Boxed: the largest detail holds three strings, and unboxed it made
/// every cell of every report that size (some 72 bytes against 32: a year's summary of
/// a floor holds a million cells).
impl From<Detail> for Cell {
    fn from(d: Detail) -> Cell {
        Cell::Detail(Box::new(d))
    }
}

/// The report's own sentences about an event; what the log holds (an input, a reason, a
/// refusal's why) is put in as logged.
#[derive(Clone, Debug, PartialEq)]
pub enum Detail {
    /// An undo, with the input it took back.
    Undid(String),
    /// A void's or correction's reason.
    Reason(String),
    /// A refused input and why: the logged English reason, and the code (logged, or
    /// derived by replaying the round) the other languages are said from.
    Refused {
        text: String,
        reason: String,
        code: Option<RefusalCode>,
    },
    /// A round's inputs as the round script wrote them (`Jd stick insure 1a 5`).
    Inputs(Steps),
    /// A login refused (`reason`: the log's `unknown user`, `locked` or `wrong PIN`), a
    /// user locked after `failed` attempts, a user unlocked `by`; `fields`: the event's
    /// own `key=value` words, as JSON and English keep them.
    LoginFailed {
        name: String,
        reason: String,
        fields: String,
    },
    UserLocked {
        name: String,
        failed: u32,
        fields: String,
    },
    UserUnlocked {
        name: String,
        by: String,
        fields: String,
    },
    /// A table opened: its preset and limits as logged (JSON).
    TableOpened { preset: String, limits: String },
    /// A table reopened with other rules or limits.
    RulesChanged { preset: String, limits: String },
    /// A bet's win over the exceptions threshold.
    Payout { won: Money, threshold: Money },
    /// A table whose name another database of the report also has: its name and its
    /// database (0-based; said from 1, as the footer numbers them).
    TableIn { table: String, db: usize },
    /// A span of days, both included.
    Span(NaiveDate, NaiveDate),
    /// A box whose stakes follow the player's value of the shoe: its box, its rounds, the
    /// correlation and its p-value.
    BetsFollowShoe {
        box_no: u8,
        rounds: i64,
        correlation: f64,
        p_value: f64,
    },
    /// A shift that lacks its tray count, its drop count, or both.
    CountMissing {
        day: NaiveDate,
        shift: u8,
        tray: bool,
        drop: bool,
    },
    /// A shift whose counted win is not its dealt win: the box's and the tray's parts.
    Difference {
        day: NaiveDate,
        shift: u8,
        difference: Money,
        drop: Money,
        tray: Money,
    },
    /// A cash exchange over the threshold.
    Cash { amount: Money, threshold: Money },
    /// A void's reason, and the house win of the round that no longer counts.
    Voided {
        reason: String,
        house_win: Option<Money>,
    },
    /// A correction's reason and the round's house win before and after it.
    Corrected {
        reason: String,
        was: Money,
        now: Money,
    },
    /// A currency named after rounds were logged: the code and the rounds before it.
    CurrencySet { currency: String, rounds: i64 },
    /// A database whose verify failed (the exceptions report's first row), and why.
    VerifyFailed {
        place: data::Place,
        why: VerifyFailure,
    },
}

impl Detail {
    /// The sentence in English, as JSON keeps it.
    fn text(&self) -> String {
        match self {
            Detail::Undid(t) => format!("undid \"{t}\""),
            Detail::Reason(r) => format!("reason: {r}"),
            Detail::Refused { text, reason, .. } => format!("\"{text}\": {reason}"),
            Detail::Inputs(steps) => Spaced(steps).to_string(),
            Detail::LoginFailed { fields, .. }
            | Detail::UserLocked { fields, .. }
            | Detail::UserUnlocked { fields, .. } => fields.clone(),
            Detail::TableOpened { preset, limits } => {
                format!("table opened: preset {preset} limits {limits}")
            }
            Detail::RulesChanged { preset, limits } => {
                format!("rules or limits changed: preset {preset} limits {limits}")
            }
            Detail::Payout { won, threshold } => format!(
                "a bet won {} (threshold {})",
                Cell::Money(*won).text(),
                Cell::Money(*threshold).text()
            ),
            Detail::Span(from, to) => format!("{from} to {to}"),
            Detail::TableIn { table, db } => format!("{table} (database {})", db + 1),
            Detail::BetsFollowShoe {
                box_no,
                rounds,
                correlation,
                p_value,
            } => format!(
                "box {box_no}: stakes follow the shoe's value over {rounds} rounds \
                 (correlation {correlation:.3}, p-value {p_value:.4})"
            ),
            Detail::CountMissing {
                day,
                shift,
                tray,
                drop,
            } => format!(
                "gaming day {day} shift {shift}: {} missing",
                match (tray, drop) {
                    (true, true) => "tray count and drop count",
                    (true, false) => "tray count",
                    _ => "drop count",
                }
            ),
            Detail::Difference {
                day,
                shift,
                difference,
                drop,
                tray,
            } => format!(
                "gaming day {day} shift {shift}: difference {} (box {}, tray {})",
                Cell::Money(*difference).text(),
                Cell::Money(*drop).text(),
                Cell::Money(*tray).text()
            ),
            Detail::Cash { amount, threshold } => format!(
                "cash {} (threshold {})",
                Cell::Money(*amount).text(),
                Cell::Money(*threshold).text()
            ),
            Detail::Voided {
                reason,
                house_win: Some(w),
            } => format!(
                "reason: {reason}; house win {} no longer counts",
                Cell::Money(*w).text()
            ),
            Detail::Voided { reason, .. } => format!("reason: {reason}"),
            Detail::Corrected { reason, was, now } => format!(
                "reason: {reason}; house win {} before, {} after (change {})",
                Cell::Money(*was).text(),
                Cell::Money(*now).text(),
                Cell::Money(Money::from_cents(now.cents() - was.cents())).text()
            ),
            Detail::VerifyFailed { place, why } => format!("{place}: {why}"),
            Detail::CurrencySet { currency, rounds } => {
                format!("currency set to {currency} after {rounds} rounds were logged")
            }
        }
    }
}

impl Cell {
    pub(crate) fn text(&self) -> String {
        match self {
            Cell::Text(s) => s.clone(),
            Cell::Int(n) => n.to_string(),
            Cell::Money(m) => {
                let c = m.cents();
                format!(
                    "{}{}.{:02}",
                    if c < 0 { "-" } else { "" },
                    c.unsigned_abs() / 100,
                    c.unsigned_abs() % 100
                )
            }
            // A win rate of -0.001 % is "0.00", not "-0.00".
            Cell::Percent(Some(p)) => match format!("{p:.2}") {
                t if t == "-0.00" => "0.00".to_string(),
                t => t,
            },
            Cell::Percent(None) | Cell::Empty => String::new(),
            // Signed, but a deviation that rounds to zero is "0.00", not "-0.00" or "+0.00".
            Cell::Sd(Some(z)) => signed_fixed(*z, 2),
            Cell::Sd(None) => String::new(),
            Cell::Word(w) => w.to_string(),
            Cell::Shift(n, hours) => format!("{n} ({hours})"),
            Cell::Date(d) => d.to_string(),
            Cell::Time(ms) => {
                let mut buf = [0u8; TIME_TEXT];
                time_text(*ms, &mut buf).to_string()
            }
            Cell::Detail(d) => d.text(),
            Cell::Decimal(Some(x), d) => match format!("{x:.*}", *d as usize) {
                t if t.starts_with('-') && !t.bytes().any(|b| (b'1'..=b'9').contains(&b)) => {
                    t[1..].to_string()
                }
                t => t,
            },
            Cell::Decimal(None, _) => String::new(),
            Cell::Flag(f) => if *f { "yes" } else { "no" }.to_string(),
        }
    }

    pub(crate) fn json(&self) -> Value {
        match self {
            Cell::Text(s) => Value::String(s.clone()),
            Cell::Int(n) => Value::from(*n),
            Cell::Money(m) => crate::script::money_json(*m),
            // + 0.0 turns a -0.0 into 0.0.
            Cell::Percent(Some(p)) => serde_json::json!((p * 100.0).round() / 100.0 + 0.0),
            Cell::Percent(None) | Cell::Empty => Value::Null,
            Cell::Sd(Some(z)) => serde_json::json!((z * 100.0).round() / 100.0 + 0.0),
            Cell::Sd(None) => Value::Null,
            Cell::Shift(n, _) => Value::from(*n),
            Cell::Decimal(Some(x), d) => {
                let k = 10f64.powi(*d as i32);
                serde_json::json!((x * k).round() / k + 0.0)
            }
            Cell::Decimal(None, _) => Value::Null,
            Cell::Flag(f) => Value::Bool(*f),
            Cell::Word(_) | Cell::Date(_) | Cell::Time(_) | Cell::Detail(_) => {
                Value::String(self.text())
            }
        }
    }

    /// The cell as [`Cell::json`] serializes, without making the `Value` (no copy of its
    /// text): what a streamed report writes a row at a time.
    pub(crate) fn json_cell(&self) -> JsonCell<'_> {
        JsonCell(self)
    }

    pub(crate) fn is_number(&self) -> bool {
        matches!(
            self,
            Cell::Int(_) | Cell::Money(_) | Cell::Percent(_) | Cell::Sd(_) | Cell::Decimal(..)
        )
    }
}

/// A cell serialized as its [`Cell::json`] serializes.
pub(crate) struct JsonCell<'c>(&'c Cell);

impl serde::Serialize for JsonCell<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Cell::Text(t) => ser.serialize_str(t),
            Cell::Int(n) => ser.serialize_i64(*n),
            // Whole units as `money_json` gives them; the rest through it.
            Cell::Money(m) if m.cents() % 100 == 0 => ser.serialize_i64(m.cents() / 100),
            Cell::Time(ms) => ser.serialize_str(time_text(*ms, &mut [0; TIME_TEXT])),
            Cell::Detail(d) => match &**d {
                Detail::Inputs(steps) => ser.serialize_str(steps.spaced()),
                _ => self.0.json().serialize(ser),
            },
            Cell::Empty => ser.serialize_unit(),
            c => c.json().serialize(ser),
        }
    }
}

/// A round's inputs as logged, in order, in one text joined by a space (as `join(" ")`
/// joins them: what every format shows, written as it is) with each one's end: two
/// allocations a row of the rounds report, whatever its count of inputs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Steps {
    text: String,
    ends: Vec<usize>,
}

impl Steps {
    /// Each input, in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let s = self.text.get(start..end).unwrap_or("");
            // The space after it.
            start = end + 1;
            s
        })
    }

    /// The inputs joined by a space.
    pub(crate) fn spaced(&self) -> &str {
        &self.text
    }
}

impl Steps {
    /// No inputs (the room kept).
    pub(crate) fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
    }

    /// `texts` added after the inputs, a space before each but a first.
    pub(crate) fn extend<'s>(&mut self, texts: impl IntoIterator<Item = &'s str>) {
        for t in texts {
            if !self.ends.is_empty() {
                self.text.push(' ');
            }
            self.text.push_str(t);
            self.ends.push(self.text.len());
        }
    }
}

impl<'s> FromIterator<&'s str> for Steps {
    fn from_iter<I: IntoIterator<Item = &'s str>>(texts: I) -> Steps {
        let mut steps = Steps::default();
        steps.extend(texts);
        steps
    }
}

impl From<Vec<String>> for Steps {
    fn from(texts: Vec<String>) -> Steps {
        texts.iter().map(String::as_str).collect()
    }
}

/// Inputs joined by a space, as `join(" ")` joins them, written where they go.
pub(crate) struct Spaced<'s>(pub(crate) &'s Steps);

impl std::fmt::Display for Spaced<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.spaced())
    }
}

/// Room for a moment's text ([`time_text`]): chrono's widest, a signed year of up to six
/// digits, with room to spare.
pub(crate) const TIME_TEXT: usize = 40;

/// A moment (ms since the epoch, UTC) as chrono's `%Y-%m-%d %H:%M:%S` writes it, into
/// `buf` (empty for a moment chrono cannot hold): the digits put in place for the years
/// 0–9999, chrono's own formatting for the rest. A streamed rounds report writes one a
/// row; chrono's formatter reads its format string each time.
pub(crate) fn time_text(ms: i64, buf: &mut [u8; TIME_TEXT]) -> &str {
    use chrono::{Datelike, Timelike};
    let Some(t) = chrono::DateTime::from_timestamp_millis(ms) else {
        return "";
    };
    let year = t.year();
    if !(0..=9999).contains(&year) {
        use std::io::Write as _;
        let mut w = &mut buf[..];
        let _ = write!(w, "{}", t.format("%Y-%m-%d %H:%M:%S"));
        let n = TIME_TEXT - w.len();
        return std::str::from_utf8(&buf[..n]).unwrap_or("");
    }
    let fields = [
        (year as u32, 4, 0),
        (t.month(), 2, 5),
        (t.day(), 2, 8),
        (t.hour(), 2, 11),
        (t.minute(), 2, 14),
        (t.second(), 2, 17),
    ];
    buf[..19].copy_from_slice(b"0000-00-00 00:00:00");
    for (mut v, width, at) in fields {
        for i in (at..at + width).rev() {
            buf[i] = b'0' + (v % 10) as u8;
            v /= 10;
        }
    }
    std::str::from_utf8(&buf[..19]).unwrap_or("")
}

/// A table of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub name: String,
    pub columns: Vec<&'static str>,
    pub rows: Vec<Vec<Cell>>,
}

/// A bar chart for the HTML page: labels and one value each.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Chart {
    /// The English title, a key of the renderer's words.
    pub(crate) title: &'static str,
    /// The currency of its amounts, when the report's databases keep several.
    pub(crate) currency: Option<Cell>,
    pub(crate) unit: &'static str,
    /// What the bars measure: the vertical axis's caption.
    pub(crate) axis: Axis,
    /// The labels are days (`2026-01-05`), shown as the language writes a day.
    pub(crate) days: bool,
    pub(crate) bars: Vec<(String, f64)>,
    /// The theoretical value beside each bar (the rules' expected win or win rate), drawn
    /// as a line, as on the desk; empty when the chart has none.
    pub(crate) theory: Vec<Option<f64>>,
}

/// What a chart's bars measure, named on its vertical axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Axis {
    /// Money, in the report's currency.
    Money,
    /// Per cent of the handle.
    Percent,
    /// A count of rounds.
    Rounds,
}

/// Where the figures come from and whether they hold.
#[derive(Clone, Debug, PartialEq)]
pub struct Provenance {
    pub(crate) path: data::Place,
    pub(crate) head_seq: i64,
    pub(crate) head_hash: String,
    /// The verdict (`None`: not run).
    pub verified: Option<Verified>,
}

/// A finished report, ready to render.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub(crate) kind: Kind,
    pub(crate) period: Period,
    pub filters: Vec<(String, String)>,
    pub sections: Vec<Section>,
    pub(crate) charts: Vec<Chart>,
    pub(crate) generated_by: String,
    pub generated_at: String,
    pub sources: Vec<Provenance>,
    /// Each database's currency (`None`: not set), in the order of `sources`.
    pub currencies: Vec<Option<Currency>>,
    /// The databases keep different currencies: per-table sections have a currency
    /// column, totals and charts are per currency.
    pub mixed_currencies: bool,
    /// The exceptions report's payout threshold.
    pub(crate) threshold: Option<Money>,
}

impl Section {
    /// A row's cell in the column named `key` (one of [`key`]'s), if the section has it.
    pub fn cell<'a>(&self, row: &'a [Cell], key: &str) -> Option<&'a Cell> {
        let i = self.columns.iter().position(|c| *c == key)?;
        row.get(i)
    }
}

impl Report {
    /// The section named `key` (one of [`key`]'s), if the report has it.
    pub fn section(&self, key: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == key)
    }

    /// The one currency of the report's databases, if they all keep the same one.
    pub fn currency(&self) -> Option<Currency> {
        if self.mixed_currencies {
            None
        } else {
            self.currencies.iter().flatten().next().copied()
        }
    }

    /// The footer as label/value lines (every format prints these).
    /// The footer as (key, value) lines.
    pub fn footer(&self) -> Vec<(String, String)> {
        self.footer_lines()
            .into_iter()
            .map(|(k, v, _)| (k, v))
            .collect()
    }

    /// The footer's lines, each with its verdict where it gives one (a database's
    /// verify: `Some(true)` passed, `Some(false)` failed or not run).
    pub(crate) fn footer_lines(&self) -> Vec<(String, String, Option<bool>)> {
        let mut f = vec![
            (
                "Report".to_string(),
                format!("{} ({})", self.kind.title(), self.kind.name()),
                None,
            ),
            (
                "Period".to_string(),
                format!(
                    "{} to {} (gaming days, both included)",
                    self.period.from, self.period.to
                ),
                None,
            ),
        ];
        for (k, v) in &self.filters {
            f.push((format!("Filter: {k}"), v.clone(), None));
        }
        f.push(("Generated by".to_string(), self.generated_by.clone(), None));
        f.push(("Generated at".to_string(), self.generated_at.clone(), None));
        for (i, s) in self.sources.iter().enumerate() {
            f.push((format!("Database {}", i + 1), s.path.to_string(), None));
            f.push((
                format!("Database {} chain head", i + 1),
                format!("event {} {}", s.head_seq, s.head_hash),
                None,
            ));
            let (v, passed) = match &s.verified {
                Some(Verified::Passed(summary)) => (format!("PASSED ({summary})"), true),
                Some(Verified::Failed(why)) => (format!("FAILED: {why}"), false),
                Some(Verified::NotReplayed {
                    through,
                    events,
                    detail,
                }) => (
                    format!(
                        "NOT YET REPLAYED (replayed through event {through} of {events}): {detail}"
                    ),
                    false,
                ),
                Some(Verified::TotalsNotChecked {
                    through,
                    events,
                    detail,
                }) => (
                    format!(
                        "NOT YET CHECKED (kept totals checked through event {through} of {events}): {detail}"
                    ),
                    false,
                ),
                None => (
                    "NOT RUN (--skip-verify): these figures are not verified".to_string(),
                    false,
                ),
            };
            f.push((format!("Database {} verify", i + 1), v, Some(passed)));
        }
        f
    }
}

/// A table as a report keys it: its name and its database (two databases' tables of one
/// name are two tables), ordered by name.
pub(crate) type TableKey = (String, usize);

/// The names that occur in more than one database among the tables `keys`: a report
/// over those tables says these with their database ([`table_cell`]).
pub(crate) fn shared_of(keys: impl IntoIterator<Item = TableKey>) -> BTreeSet<String> {
    let mut dbs: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
    for (name, db) in keys {
        dbs.entry(name).or_default().insert(db);
    }
    dbs.into_iter()
        .filter(|(_, d)| d.len() > 1)
        .map(|(n, _)| n)
        .collect()
}

/// A table's cell: its name, with its database where another database has a table of
/// that name (`shared`), so the rows of the two are told apart.
pub(crate) fn table_cell(name: &str, db: usize, shared: &BTreeSet<String>) -> Cell {
    if shared.contains(name) {
        Cell::from(Detail::TableIn {
            table: name.to_string(),
            db,
        })
    } else {
        Cell::Text(name.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A report holds its rows as cells (a floor's year summary, a million of them): a
    /// cell is a string's size and its tag, the details boxed, not the largest detail's.
    #[test]
    fn a_cell_is_a_string_and_a_tag() {
        assert_eq!(std::mem::size_of::<Cell>(), 32);
        let d = Cell::from(Detail::Span(
            NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(),
            NaiveDate::from_ymd_opt(2026, 1, 2).unwrap(),
        ));
        assert!(matches!(&d, Cell::Detail(b) if matches!(**b, Detail::Span(..))));
    }

    /// A moment's text is chrono's `%Y-%m-%d %H:%M:%S`, across the years it writes plainly
    /// and those it signs, and nothing for one it cannot hold.
    #[test]
    fn a_moments_text_is_chronos() {
        let year = 365 * 86_400_000i64;
        let mut at: Vec<i64> = vec![0, -1, 1, 999, 1_000, 86_399_999, 1_767_225_600_123];
        at.extend([-1_970, 8_029, 8_030, -1_971, 100_000].map(|y| y * year));
        at.extend([
            -62_167_219_200_000,
            -62_167_219_200_001,
            253_402_300_799_999,
        ]);
        at.extend([253_402_300_800_000, i64::MAX, i64::MIN]);
        at.extend((0..2_000).map(|i| i * 7_919_000_003 - 4_000_000_000_000));
        for ms in at {
            let chrono = chrono::DateTime::from_timestamp_millis(ms)
                .map(|t| t.format("%Y-%m-%d %H:%M:%S").to_string())
                .unwrap_or_default();
            assert_eq!(time_text(ms, &mut [0; TIME_TEXT]), chrono, "{ms}");
        }
    }

    /// Inputs kept in one text read back one by one, the empty ones too.
    #[test]
    fn inputs_read_back_one_by_one() {
        for texts in [vec![], vec![""], vec!["Jd", "", "split 1a", "é €"]] {
            let steps: Steps = texts.iter().copied().collect();
            assert_eq!(steps.iter().collect::<Vec<_>>(), texts);
            let owned: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
            assert_eq!(Steps::from(owned), steps);
            assert_eq!(Spaced(&steps).to_string(), texts.join(" "));
            // Made again in another's room: the same.
            let mut again: Steps = ["x y", "z"].into_iter().collect();
            again.clear();
            again.extend(texts.iter().copied());
            assert_eq!(again, steps);
            assert_eq!(again.iter().collect::<Vec<_>>(), texts);
        }
    }

    /// Each cell serializes as its `Value` does: numbers, money whole and not, text,
    /// moments, inputs, nothing.
    #[test]
    fn a_cell_serializes_as_its_json_value() {
        let cells = [
            Cell::Text("a \"quoted\"\n line é".into()),
            Cell::Int(-42),
            Cell::Money(crate::engine::Money::from_cents(-1_200)),
            Cell::Money(crate::engine::Money::from_cents(1_250)),
            Cell::Money(crate::engine::Money::from_cents(-7)),
            Cell::Time(1_767_225_600_123),
            Cell::Time(i64::MAX),
            Cell::from(Detail::Inputs(
                ["Jd", "split 1a", "", "\""].into_iter().collect(),
            )),
            Cell::from(Detail::Inputs(Steps::default())),
            Cell::Empty,
            Cell::Sd(Some(-0.001)),
            Cell::Percent(None),
        ];
        for c in &cells {
            assert_eq!(
                serde_json::to_string_pretty(&c.json_cell()).unwrap(),
                serde_json::to_string_pretty(&c.json()).unwrap(),
                "{c:?}"
            );
        }
    }
}
