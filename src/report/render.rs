//! The three formats. CSV: one file per table of the report plus the footer, for
//! spreadsheets. JSON: one document for other systems. HTML: one self-contained printable
//! page (the template in `reports/`, inline CSS, SVG charts, no scripts, nothing fetched).
//!
//! JSON is locale-neutral: English keys and words, plain numbers, ISO dates — whatever
//! the language. HTML and CSV are written in a [`Style`]: every word of the report from
//! the `## Reports` section of `data/i18n/*.ftl`, dates and times as the language writes
//! them, money in HTML as the language writes it in the databases' currency (`1 234,50
//! Kč`), and CSV for the language's spreadsheets (`;` and a decimal comma where the
//! decimal is a comma, UTF-8 with a byte-order mark; numbers stay plain numbers). What the
//! log holds — names, inputs, the reasons of refusals, voids and corrections, verify's
//! findings — is shown as logged.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use chrono::{NaiveDate, NaiveDateTime};
use serde_json::{Value, json};

use super::axis::Scale;
use super::data::Place;
use super::verdict::{
    ChainRead, Chained, Passed, Pending, Replayed, Rewalk, TotalsUnchecked, Unchecked,
};
use super::{Axis, Cell, Chart, Derived, Detail, Kind, Report, Section, Verified, VerifyFailure};
use crate::engine::{Currency, Money};
use crate::files::WriteError;
use crate::i18n::{self, Lang, logged};
use crate::t;
use cells::{csv_field, timestamp};

mod cells;

pub(crate) use cells::html_row;

/// How CSV is written for a spreadsheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CsvStyle {
    /// `,` between fields, `.` before decimals (English spreadsheets).
    Comma,
    /// `;` between fields, `,` before decimals (Czech, Ukrainian, Russian spreadsheets).
    Semicolon,
}

impl CsvStyle {
    /// The style the language's spreadsheets read: semicolons where the decimal is a
    /// comma (the language's `number-decimal`).
    pub fn of(lang: Lang) -> CsvStyle {
        if t!(lang, "number-decimal") == "," {
            CsvStyle::Semicolon
        } else {
            CsvStyle::Comma
        }
    }

    fn delimiter(self) -> u8 {
        match self {
            CsvStyle::Comma => b',',
            CsvStyle::Semicolon => b';',
        }
    }

    fn decimal(self) -> char {
        match self {
            CsvStyle::Comma => '.',
            CsvStyle::Semicolon => ',',
        }
    }
}

/// The language a report is written in, and its CSV style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub lang: Lang,
    pub csv: CsvStyle,
}

impl Style {
    /// The language with its own CSV style.
    pub fn of(lang: Lang) -> Style {
        Style {
            lang,
            csv: CsvStyle::of(lang),
        }
    }
}

/// A report's title in the language.
fn title(lang: Lang, kind: Kind) -> String {
    match kind {
        Kind::Summary => t!(lang, "report-title-summary"),
        Kind::Rounds => t!(lang, "report-title-rounds"),
        Kind::Dealers => t!(lang, "report-title-dealers"),
        Kind::Exceptions => t!(lang, "report-title-exceptions"),
        Kind::Protection => t!(lang, "report-title-protection"),
        Kind::Closeout => t!(lang, "report-title-closeout"),
    }
}

/// A section's name (its English key) in the language.
fn section_label(lang: Lang, key: &str) -> String {
    match key {
        "by shift" => t!(lang, "report-section-by-shift"),
        "by day" => t!(lang, "report-section-by-day"),
        "by month" => t!(lang, "report-section-by-month"),
        "month to date" => t!(lang, "report-section-month-to-date"),
        "year to date" => t!(lang, "report-section-year-to-date"),
        "period total" => t!(lang, "report-section-period-total"),
        "rules edge" => t!(lang, "report-section-rules-edge"),
        "rounds" => t!(lang, "report-section-rounds"),
        "dealers" => t!(lang, "report-section-dealers"),
        "exceptions" => t!(lang, "report-section-exceptions"),
        "exceptions by kind" => t!(lang, "report-section-exceptions-by-kind"),
        "protection" => t!(lang, "report-section-protection"),
        "pontis games" => t!(lang, "report-section-pontis-games"),
        "pontis games by table and host" => t!(lang, "report-section-pontis-by-table"),
        "par" => t!(lang, "report-section-par"),
        "players" => t!(lang, "report-section-players"),
        other => other.to_string(),
    }
}

/// A column's name (its English key) in the language.
/// A column's heading in `lang`, as the reports write it (the desk's Money tab too).
pub fn column_words(lang: Lang, key: &str) -> String {
    column_label(lang, key)
}

/// A cell as the HTML report writes it in `lang` (the desk's Money tab too).
pub fn cell_words(c: &Cell, lang: Lang, currency: Option<Currency>) -> String {
    cell_html(c, lang, currency)
}

fn column_label(lang: Lang, key: &str) -> String {
    match key {
        "table" => t!(lang, "report-col-table"),
        "date" => t!(lang, "report-col-date"),
        "shift" => t!(lang, "report-col-shift"),
        "from" => t!(lang, "report-col-from"),
        "month" => t!(lang, "report-col-month"),
        "tables" => t!(lang, "report-col-tables"),
        "currency" => t!(lang, "report-col-currency"),
        "rounds" => t!(lang, "report-col-rounds"),
        "handle" => t!(lang, "report-col-handle"),
        "paid" => t!(lang, "report-col-paid"),
        "house win" => t!(lang, "report-col-house-win"),
        "win rate %" => t!(lang, "report-col-win-rate"),
        "theo_best" => t!(lang, "report-col-theo-best"),
        "theoretical win rate %" => t!(lang, "report-col-theoretical-win-rate"),
        "theo_as_played" => t!(lang, "report-col-theo-as-played"),
        "luck_sd" => t!(lang, "report-col-luck"),
        "house edge %" => t!(lang, "report-col-house-edge"),
        "edge to" => t!(lang, "report-col-edge-to"),
        "insurance taken" => t!(lang, "report-col-insurance-taken"),
        "insurance paid" => t!(lang, "report-col-insurance-paid"),
        "splits" => t!(lang, "report-col-splits"),
        "buys" => t!(lang, "report-col-buys"),
        "pontoons paid" => t!(lang, "report-col-pontoons"),
        "five-card tricks paid" => t!(lang, "report-col-five-card-tricks"),
        "settled at" => t!(lang, "report-col-settled-at"),
        "round" => t!(lang, "report-col-round"),
        "dealer" => t!(lang, "report-col-dealer"),
        "bets (id@box:stake)" => t!(lang, "report-col-bets"),
        "inputs" => t!(lang, "report-col-inputs"),
        "nets" => t!(lang, "report-col-nets"),
        "hours at a table" => t!(lang, "report-col-hours"),
        "rounds per hour" => t!(lang, "report-col-rounds-per-hour"),
        "refused inputs" => t!(lang, "report-col-refused"),
        "undos" => t!(lang, "report-col-undos"),
        "corrections" => t!(lang, "report-col-corrections"),
        "time" => t!(lang, "report-col-time"),
        "exception" => t!(lang, "report-col-exception"),
        "user" => t!(lang, "report-col-user"),
        "detail" => t!(lang, "report-col-detail"),
        "started at" => t!(lang, "report-col-started-at"),
        "game" => t!(lang, "report-col-game"),
        "host" => t!(lang, "report-col-host"),
        "players" => t!(lang, "report-col-players"),
        "minutes" => t!(lang, "report-col-minutes"),
        "end" => t!(lang, "report-col-end"),
        "winners" => t!(lang, "report-col-winners"),
        "games" => t!(lang, "report-col-games"),
        "empty hand" => t!(lang, "report-col-empty-hand"),
        "blocked" => t!(lang, "report-col-blocked"),
        "abandoned" => t!(lang, "report-col-abandoned"),
        "in play" => t!(lang, "report-col-in-play"),
        "longest (inputs)" => t!(lang, "report-col-longest"),
        "replayed by the floor's auditor" => t!(lang, "report-col-replayed"),
        "box" => t!(lang, "report-col-box"),
        "correlation" => t!(lang, "report-col-correlation"),
        "p_value" => t!(lang, "report-col-p-value"),
        "flagged" => t!(lang, "report-col-flagged"),
        "average stake" => t!(lang, "report-col-average-stake"),
        "count" => t!(lang, "report-col-count"),
        "amount" => t!(lang, "report-col-amount"),
        other => money_column_label(lang, other),
    }
}

/// The close-out's columns (their JSON keys) in the language.
fn money_column_label(lang: Lang, key: &str) -> String {
    match key {
        "day" => t!(lang, "report-col-day"),
        "opening" => t!(lang, "report-col-opening"),
        "fills" => t!(lang, "report-col-fills"),
        "credits" => t!(lang, "report-col-credits"),
        "closing" => t!(lang, "report-col-closing"),
        "drop" => t!(lang, "report-col-drop"),
        "win" => t!(lang, "report-col-win"),
        "hold_pct" => t!(lang, "report-col-hold-pct"),
        "cash_logged" => t!(lang, "report-col-cash-logged"),
        "dealt_win" => t!(lang, "report-col-dealt-win"),
        "difference" => t!(lang, "report-col-difference"),
        "drop_difference" => t!(lang, "report-col-drop-difference"),
        "tray_difference" => t!(lang, "report-col-tray-difference"),
        "par" => t!(lang, "report-col-par"),
        "expected tray" => t!(lang, "report-col-expected-tray"),
        "counted tray" => t!(lang, "report-col-counted-tray"),
        "proposed fill" => t!(lang, "report-col-proposed-fill"),
        "proposed credit" => t!(lang, "report-col-proposed-credit"),
        other => other.to_string(),
    }
}

/// A word of a cell (its English key) in the language.
fn word(lang: Lang, key: &str) -> String {
    match key {
        "table opened" => t!(lang, "report-exception-table-opened"),
        "round voided" => t!(lang, "report-exception-round-voided"),
        "round corrected" => t!(lang, "report-exception-round-corrected"),
        "undo" => t!(lang, "report-exception-undo"),
        "step refused" => t!(lang, "report-exception-step-refused"),
        "login failed" => t!(lang, "report-exception-login-failed"),
        "user locked" => t!(lang, "report-exception-user-locked"),
        "user unlocked" => t!(lang, "report-exception-user-unlocked"),
        "floor alarm" => t!(lang, "report-exception-floor-alarm"),
        "payout over threshold" => t!(lang, "report-exception-payout"),
        "verify failed" => t!(lang, "report-exception-verify-failed"),
        "bets follow the shoe" => t!(lang, "report-exception-bets-follow-shoe"),
        "count missing" => t!(lang, "report-exception-count-missing"),
        "close-out difference" => t!(lang, "report-exception-closeout-difference"),
        "cash over threshold" => t!(lang, "report-exception-cash-over-threshold"),
        "rules changed" => t!(lang, "report-exception-rules-changed"),
        "currency set over logged rounds" => t!(lang, "report-exception-currency-set"),
        "in play" => t!(lang, "report-end-in-play"),
        "empty_hand" => t!(lang, "report-end-empty-hand"),
        "blocked" => t!(lang, "report-end-blocked"),
        "abandoned" => t!(lang, "report-end-abandoned"),
        "not set" => t!(lang, "report-currency-not-set"),
        "players" => t!(lang, "report-edge-players"),
        "house" => t!(lang, "report-edge-house"),
        "yes" => t!(lang, "report-word-yes"),
        "not yet replayed" => t!(lang, "report-word-not-yet-replayed"),
        other => other.to_string(),
    }
}

/// A chart's title (its English key) in the language, with its currency if it has one.
fn chart_title(lang: Lang, c: &Chart) -> String {
    let currency = c.currency.as_ref().map(|c| cell_html(c, lang, None));
    match (c.title, currency) {
        ("House win by day", None) => t!(lang, "report-chart-win-by-day"),
        ("House win by day", Some(cur)) => t!(lang, "report-chart-win-by-day-in", currency = cur),
        ("Win rate % by day", None) => t!(lang, "report-chart-win-rate-by-day"),
        ("Win rate % by day", Some(cur)) => {
            t!(lang, "report-chart-win-rate-by-day-in", currency = cur)
        }
        ("Rounds per dealer", _) => t!(lang, "report-chart-rounds-per-dealer"),
        (other, _) => other.to_string(),
    }
}

/// The report's own sentence in the language; money as `money` writes it.
fn detail(lang: Lang, d: &Detail, money: &dyn Fn(Money) -> String) -> String {
    match d {
        Detail::Undid(_)
        | Detail::Refused { .. }
        | Detail::Inputs(_)
        | Detail::LoginFailed { .. }
        | Detail::UserLocked { .. }
        | Detail::UserUnlocked { .. } => logged_detail(lang, d),
        Detail::Reason(reason) => t!(lang, "report-detail-reason", reason = reason),
        Detail::TableOpened { preset, limits } => t!(
            lang,
            "report-detail-table-opened",
            preset = preset,
            limits = limits
        ),
        Detail::RulesChanged { preset, limits } => t!(
            lang,
            "report-detail-rules-changed",
            preset = preset,
            limits = limits
        ),
        Detail::Payout { won, threshold } => t!(
            lang,
            "report-detail-payout",
            won = money(*won),
            threshold = money(*threshold)
        ),
        Detail::TableIn { table, db } => {
            t!(lang, "report-table-in-database", table = table, n = db + 1)
        }
        Detail::VerifyFailed { place, why } => t!(
            lang,
            "report-detail-verify-failed",
            place = place_in(lang, place),
            why = failure_in(lang, why)
        ),
        Detail::Span(from, to) => t!(
            lang,
            "report-span",
            from = i18n::date(lang, *from),
            to = i18n::date(lang, *to)
        ),
        Detail::BetsFollowShoe {
            box_no,
            rounds,
            correlation,
            p_value,
        } => t!(
            lang,
            "report-detail-bets-follow-shoe",
            box_no = box_no.to_string(),
            rounds = rounds.to_string(),
            correlation = i18n::decimal(lang, *correlation, 3),
            p_value = i18n::decimal(lang, *p_value, 4)
        ),
        d => money_detail(lang, d, money),
    }
}

/// What the log holds in a sentence: an input, a refusal, a login. English keeps the log's
/// own words (the engine's reason also says what was expected); the other languages say
/// the inputs and the codes in theirs.
fn logged_detail(lang: Lang, d: &Detail) -> String {
    match d {
        Detail::Undid(text) if lang == Lang::En => t!(lang, "report-detail-undid", text = text),
        Detail::Undid(text) => t!(
            lang,
            "report-detail-undid",
            text = logged::input(lang, text)
        ),
        // English keeps the engine's own logged words (they also say what was expected);
        // the other languages say the input and the code in their words.
        Detail::Refused { text, reason, .. } if lang == Lang::En => {
            t!(lang, "report-detail-refused", text = text, reason = reason)
        }
        Detail::Refused { text, reason, code } => t!(
            lang,
            "report-detail-refused",
            text = logged::input(lang, text),
            reason = match code {
                Some(code) => logged::refusal_code(lang, code),
                None => t!(lang, "error-as-logged", text = reason),
            }
        ),
        Detail::Inputs(steps) if lang == Lang::En => super::Spaced(steps).to_string(),
        Detail::Inputs(steps) => logged::inputs(lang, steps.iter()),
        Detail::LoginFailed { fields, .. }
        | Detail::UserLocked { fields, .. }
        | Detail::UserUnlocked { fields, .. }
            if lang == Lang::En =>
        {
            fields.clone()
        }
        Detail::LoginFailed { name, reason, .. } => t!(
            lang,
            "report-detail-login-failed",
            name = name,
            reason = match reason.as_str() {
                "unknown user" => t!(lang, "report-login-unknown-user"),
                "locked" => t!(lang, "report-login-locked"),
                "wrong PIN" => t!(lang, "report-login-wrong-pin"),
                other => t!(lang, "error-as-logged", text = other),
            }
        ),
        Detail::UserLocked { name, failed, .. } => {
            t!(lang, "report-detail-user-locked", name = name, n = *failed)
        }
        Detail::UserUnlocked { name, by, .. } => {
            t!(lang, "report-detail-user-unlocked", name = name, by = by)
        }
        _ => d.text(),
    }
}

/// The close-out's sentences in the language.
fn money_detail(lang: Lang, d: &Detail, money: &dyn Fn(Money) -> String) -> String {
    match d {
        Detail::CountMissing {
            day,
            shift,
            tray,
            drop,
        } => {
            let what = match (tray, drop) {
                (true, true) => t!(lang, "report-missing-both"),
                (true, false) => t!(lang, "report-missing-tray"),
                _ => t!(lang, "report-missing-drop"),
            };
            t!(
                lang,
                "report-detail-count-missing",
                day = i18n::date(lang, *day),
                shift = i64::from(*shift),
                what = what
            )
        }
        Detail::Difference {
            day,
            shift,
            difference,
            drop,
            tray,
        } => t!(
            lang,
            "report-detail-difference",
            day = i18n::date(lang, *day),
            shift = i64::from(*shift),
            difference = money(*difference),
            drop = money(*drop),
            tray = money(*tray)
        ),
        Detail::Cash { amount, threshold } => t!(
            lang,
            "report-detail-cash",
            amount = money(*amount),
            threshold = money(*threshold)
        ),
        d => exception_detail(lang, d, money),
    }
}

/// The exceptions' own sentences (voids, corrections, a currency) in the language.
fn exception_detail(lang: Lang, d: &Detail, money: &dyn Fn(Money) -> String) -> String {
    match d {
        Detail::Voided {
            reason,
            house_win: Some(w),
        } => t!(
            lang,
            "report-detail-voided",
            reason = reason,
            win = money(*w)
        ),
        Detail::Voided { reason, .. } => t!(lang, "report-detail-reason", reason = reason),
        Detail::Corrected { reason, was, now } => t!(
            lang,
            "report-detail-corrected",
            reason = reason,
            was = money(*was),
            now = money(*now),
            change = money(Money::from_cents(now.cents() - was.cents()))
        ),
        Detail::CurrencySet { currency, rounds } => t!(
            lang,
            "report-detail-currency-set",
            currency = currency,
            rounds = *rounds
        ),
        other => other.text(),
    }
}

/// `z` signed, two decimals, in the language; no sign on what rounds to zero.
fn signed(lang: Lang, z: f64) -> String {
    let t = i18n::decimal(lang, z.abs(), 2);
    let rounds_to_zero = !t.bytes().any(|b| (b'1'..=b'9').contains(&b));
    match (rounds_to_zero, z < 0.0) {
        (true, _) => t,
        (false, true) => format!("{}{t}", t!(lang, "number-minus")),
        (false, false) => format!("+{t}"),
    }
}

/// A cell on the HTML page: words and dates in the language, money in the currency.
fn cell_html(c: &Cell, lang: Lang, currency: Option<Currency>) -> String {
    match c {
        Cell::Text(t) => t.clone(),
        Cell::Int(n) => n.to_string(),
        Cell::Money(m) => i18n::money(lang, *m, currency),
        Cell::Percent(Some(p)) => i18n::decimal(lang, *p, 2),
        Cell::Sd(Some(z)) => signed(lang, *z),
        Cell::Percent(None) | Cell::Sd(None) | Cell::Empty => String::new(),
        Cell::Word(w) => word(lang, w),
        Cell::Shift(..) => c.text(),
        Cell::Date(d) => i18n::date(lang, *d),
        Cell::Time(ms) => timestamp(lang, *ms),
        Cell::Detail(d) => detail(lang, d, &|m| i18n::money(lang, m, currency)),
        Cell::Decimal(Some(x), d) => i18n::decimal(lang, *x, *d as usize),
        Cell::Decimal(None, _) => String::new(),
        Cell::Flag(true) => t!(lang, "report-flag-yes"),
        Cell::Flag(false) => t!(lang, "report-flag-no"),
    }
}

/// A cell of a CSV file: numbers plain (no grouping, no currency) with the style's
/// decimal mark, so that a spreadsheet reads them as numbers; dates and times as ISO 8601
/// (`2026-11-03`, `2026-11-03 14:05:00`), the one form every spreadsheet reads as a date
/// whatever its locale (`3. 11. 2026` is text to most, and `3.11.2026` is 11 March to an
/// English one); words in the language; text that a spreadsheet would run as a formula
/// quoted.
#[cfg(test)]
fn cell_csv(c: &Cell, st: &Style) -> String {
    cell_csv_text(c, st).into_owned()
}

/// [`cell_csv`], a text cell that needs no mark borrowed, not copied (a streamed
/// report's every row).
fn cell_csv_text<'c>(c: &'c Cell, st: &Style) -> std::borrow::Cow<'c, str> {
    use std::borrow::Cow;
    Cow::Owned(match c {
        Cell::Text(t) if !needs_mark(t) => return Cow::Borrowed(t),
        Cell::Text(t) => spreadsheet_safe(t.clone()),
        Cell::Int(_) | Cell::Money(_) | Cell::Percent(_) | Cell::Sd(_) | Cell::Decimal(..) => {
            match st.csv.decimal() {
                '.' => c.text(),
                d => c.text().replace('.', &d.to_string()),
            }
        }
        Cell::Date(_) | Cell::Time(_) | Cell::Shift(..) | Cell::Empty => c.text(),
        Cell::Word(_) | Cell::Detail(_) | Cell::Flag(_) => {
            spreadsheet_safe(cell_html(c, st.lang, None))
        }
    })
}

/// What a file's verify replayed, in the language, with its plural forms.
fn replayed_in(lang: Lang, r: &Replayed) -> String {
    if r.games > 0 {
        t!(
            lang,
            "report-footer-replayed-games",
            events = r.events,
            rounds = r.rounds,
            games = r.games
        )
    } else {
        t!(
            lang,
            "report-footer-replayed",
            events = r.events,
            rounds = r.rounds
        )
    }
}

/// A floor table database's chain, as the footer read it, in the language.
fn chained_in(lang: Lang, c: &Chained) -> String {
    let chain = match &c.chain {
        ChainRead::Checked { through, at } if *through < c.head => t!(
            lang,
            "report-verdict-chain-walked-on",
            through = through.to_string(),
            at = at,
            next = (through + 1).to_string()
        ),
        ChainRead::Checked { through, at } => t!(
            lang,
            "report-verdict-chain-checked",
            through = through.to_string(),
            at = at
        ),
        ChainRead::Walked(Rewalk::Touched { at }) => {
            t!(lang, "report-verdict-chain-touched", at = at)
        }
        ChainRead::Walked(Rewalk::Stale { at }) => t!(lang, "report-verdict-chain-stale", at = at),
        ChainRead::Walked(Rewalk::Months { at }) => {
            t!(lang, "report-verdict-chain-months", at = at)
        }
        ChainRead::Walked(Rewalk::Never) => t!(lang, "report-verdict-chain-never"),
    };
    t!(
        lang,
        "report-verdict-chained",
        head = c.head.to_string(),
        chain = chain
    )
}

/// `replayed through event N of HEAD by the floor's auditor`, in the language.
fn by_auditor_in(lang: Lang, through: i64, head: i64) -> String {
    t!(
        lang,
        "report-footer-failed-replayed",
        through = through.to_string(),
        head = head.to_string()
    )
}

/// What a PASSED verdict rests on, in the language.
fn passed_in(lang: Lang, p: &Passed) -> String {
    match p {
        Passed::File(r) => replayed_in(lang, r),
        Passed::Floor {
            chained,
            replayed,
            totals,
            at,
        } => t!(
            lang,
            "report-verdict-passed-floor",
            chained = chained_in(lang, chained),
            replayed = by_auditor_in(lang, *replayed, chained.head),
            through = totals.to_string(),
            at = at
        ),
    }
}

/// A NOT YET REPLAYED verdict's detail, in the language.
fn pending_in(lang: Lang, p: &Pending) -> String {
    let chained = chained_in(lang, &p.chained);
    match p.from_round {
        Some(from) => t!(
            lang,
            "report-verdict-pending",
            chained = chained,
            rounds = p.rounds.to_string(),
            from = from.to_string()
        ),
        None => t!(lang, "report-verdict-pending-none", chained = chained),
    }
}

/// A NOT YET CHECKED verdict's detail, in the language.
fn unchecked_in(lang: Lang, u: &Unchecked) -> String {
    let chained = chained_in(lang, &u.chained);
    let replayed = by_auditor_in(lang, u.replayed, u.chained.head);
    match &u.why {
        TotalsUnchecked::Never => t!(
            lang,
            "report-verdict-totals-never",
            chained = chained,
            replayed = replayed
        ),
        TotalsUnchecked::Touched { at } => t!(
            lang,
            "report-verdict-totals-touched",
            chained = chained,
            replayed = replayed,
            at = at
        ),
        TotalsUnchecked::EventsAfter { at, from, to } => t!(
            lang,
            "report-verdict-totals-after",
            chained = chained,
            replayed = replayed,
            at = at,
            from = from.to_string(),
            to = to.to_string()
        ),
    }
}

/// The footer's lines in the language, each with its verdict where it gives one.
fn footer_in(r: &Report, lang: Lang) -> Vec<(String, String, Option<bool>)> {
    let currency = r.currency();
    let mut f = vec![
        (
            t!(lang, "report-footer-report"),
            format!("{} ({})", title(lang, r.kind), r.kind.name()),
            None,
        ),
        (
            t!(lang, "report-footer-period"),
            t!(
                lang,
                "report-footer-period-value",
                from = i18n::date(lang, r.period.from),
                to = i18n::date(lang, r.period.to)
            ),
            None,
        ),
    ];
    for (k, v) in &r.filters {
        let (label, value) = match k.as_str() {
            "table" => (t!(lang, "report-footer-filter-table"), v.clone()),
            "dealer" => (t!(lang, "report-footer-filter-dealer"), v.clone()),
            "payout threshold" => (
                t!(lang, "report-footer-filter-threshold"),
                r.threshold
                    .map_or_else(|| v.clone(), |m| i18n::money(lang, m, currency)),
            ),
            other => (other.to_string(), v.clone()),
        };
        f.push((label, value, None));
    }
    f.push((
        t!(lang, "report-footer-generated-by"),
        r.generated_by.clone(),
        None,
    ));
    // `2026-02-01 00:00:00 UTC` as the language writes a moment.
    let at = NaiveDateTime::parse_from_str(&r.generated_at, "%Y-%m-%d %H:%M:%S UTC")
        .map(|t| format!("{} UTC", t.format(&t!(lang, "report-timestamp-pattern"))))
        .unwrap_or_else(|_| r.generated_at.clone());
    f.push((t!(lang, "report-footer-generated-at"), at, None));
    for (i, s) in r.sources.iter().enumerate() {
        let n = i + 1;
        f.push((
            t!(lang, "report-footer-database", n = n),
            place_in(lang, &s.path),
            None,
        ));
        f.push((
            t!(lang, "report-footer-chain-head", n = n),
            t!(
                lang,
                "report-footer-chain-head-value",
                seq = s.head_seq.to_string(),
                hash = s.head_hash.as_str()
            ),
            None,
        ));
        let cur = r.currencies.get(i).copied().flatten();
        f.push((
            t!(lang, "report-footer-currency", n = n),
            cur.map_or_else(|| word(lang, "not set"), |c| c.code().to_string()),
            None,
        ));
        let (v, passed) = verdict_in(lang, s.verified.as_ref());
        f.push((t!(lang, "report-footer-verify", n = n), v, Some(passed)));
    }
    if r.mixed_currencies {
        f.push((
            t!(lang, "report-footer-currencies"),
            t!(lang, "report-mixed-currencies"),
            None,
        ));
    }
    f
}

/// The floor auditor's refusal of a row of `of` that event `seq` does not give (after
/// `replayed`, said), in the language.
fn stray_in(lang: Lang, replayed: String, seq: i64, of: Derived) -> String {
    let seq = seq.to_string();
    match of {
        Derived::Rounds => t!(
            lang,
            "report-footer-failed-stray-round",
            replayed = replayed,
            seq = seq
        ),
        Derived::Starts => t!(
            lang,
            "report-footer-failed-stray-start",
            replayed = replayed,
            seq = seq
        ),
    }
}

/// Why a database's verify failed, in the language: what the floor holds against it in
/// its words; the replay's own error (its faults are the session's) in its English.
fn failure_in(lang: Lang, why: &VerifyFailure) -> String {
    let replayed = |through: &i64, head: &i64| by_auditor_in(lang, *through, *head);
    match why {
        VerifyFailure::Replay(e) => e.to_string(),
        VerifyFailure::TotalsBreak { why } => t!(lang, "report-footer-failed-totals", why = why),
        VerifyFailure::Detached { first } => t!(
            lang,
            "report-footer-failed-detached",
            last = (first - 1).to_string()
        ),
        VerifyFailure::MonthsDetached { from, head } => t!(
            lang,
            "report-footer-failed-months-detached",
            from = from.to_string(),
            head = head.to_string()
        ),
        VerifyFailure::ChainBreaks { seq, after } if after + 1 < *seq => t!(
            lang,
            "report-footer-failed-chain-breaks-within",
            seq = seq.to_string(),
            after = after.to_string(),
            steps = if after + 2 == *seq { "one" } else { "other" },
            first = (after + 1).to_string(),
            last = (seq - 1).to_string()
        ),
        VerifyFailure::ChainBreaks { seq, .. } => {
            t!(
                lang,
                "report-footer-failed-chain-breaks",
                seq = seq.to_string()
            )
        }
        VerifyFailure::ChainBroken { seq, after, at } if after + 1 < *seq => t!(
            lang,
            "report-footer-failed-chain-within",
            seq = seq.to_string(),
            after = after.to_string(),
            steps = if after + 2 == *seq { "one" } else { "other" },
            first = (after + 1).to_string(),
            last = (seq - 1).to_string(),
            at = at
        ),
        VerifyFailure::ChainMissing { seq, at } => t!(
            lang,
            "report-footer-failed-chain-missing",
            seq = seq.to_string(),
            at = at
        ),
        VerifyFailure::HeadHash { seq, at } => t!(
            lang,
            "report-footer-failed-head-hash",
            seq = seq.to_string(),
            at = at
        ),
        VerifyFailure::Identity => t!(lang, "report-footer-failed-identity"),
        VerifyFailure::HeadHashWalked { seq } => {
            t!(
                lang,
                "report-footer-failed-head-hash-walked",
                seq = seq.to_string()
            )
        }
        VerifyFailure::ChainBroken { seq, at, .. } => t!(
            lang,
            "report-footer-failed-chain",
            seq = seq.to_string(),
            at = at
        ),
        VerifyFailure::AuditorRefuses {
            through,
            head,
            seq,
            why,
        } => t!(
            lang,
            "report-footer-failed-auditor-refuses",
            replayed = replayed(through, head),
            seq = seq.to_string(),
            why = why
        ),
        VerifyFailure::StrayRound {
            through,
            head,
            seq,
            of,
        } => stray_in(lang, replayed(through, head), *seq, *of),
        VerifyFailure::Alarms {
            count,
            first,
            through,
            head,
        } => t!(
            lang,
            "report-footer-failed-alarms",
            count = *count,
            first = first.to_string(),
            replayed = replayed(through, head)
        ),
    }
}

/// Where a database is, in the language: a file by its path; a floor's table database
/// as the floor, its short id and the file it was synced from.
fn place_in(lang: Lang, place: &Place) -> String {
    match place {
        Place::File(path) => path.clone(),
        Place::Floor {
            floor,
            database,
            synced_from,
        } => t!(
            lang,
            "report-footer-floor-database",
            floor = floor,
            database = database,
            path = synced_from
        ),
    }
}

/// A database's verify line in the footer, and whether it passed (also what
/// `verify --floor` says of the floor's checks).
pub fn verdict_in(lang: Lang, verified: Option<&Verified>) -> (String, bool) {
    match verified {
        Some(Verified::Passed(passed)) => (
            t!(
                lang,
                "report-footer-passed",
                detail = passed_in(lang, passed)
            ),
            true,
        ),
        Some(Verified::Failed(why)) => (
            t!(lang, "report-footer-failed", why = failure_in(lang, why)),
            false,
        ),
        Some(Verified::NotReplayed {
            through,
            events,
            detail,
        }) => (
            t!(
                lang,
                "report-footer-not-replayed",
                through = through.to_string(),
                events = events.to_string(),
                detail = pending_in(lang, detail)
            ),
            false,
        ),
        Some(Verified::TotalsNotChecked {
            through,
            events,
            detail,
        }) => (
            t!(
                lang,
                "report-footer-totals-not-checked",
                through = through.to_string(),
                events = events.to_string(),
                detail = unchecked_in(lang, detail)
            ),
            false,
        ),
        None => (t!(lang, "report-footer-not-run"), false),
    }
}

/// The HTML template, compiled in so that a report needs no file beside the binary.
const TEMPLATE: &str = include_str!("../../reports/template.html");

fn slug(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

fn base_name(r: &Report) -> String {
    format!("{}-{}_{}", r.kind.name(), r.period.from, r.period.to)
}

/// Text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, and tab and carriage
/// return, the OWASP list) gets a leading `'`, so it is shown as the text it is. Only for
/// text cells: numbers (`-12.50`) are written as they are.
fn spreadsheet_safe(text: String) -> String {
    if needs_mark(&text) {
        format!("'{text}")
    } else {
        text
    }
}

/// Whether a spreadsheet would read `text` as a formula: [`spreadsheet_safe`] marks it.
fn needs_mark(text: &str) -> bool {
    text.starts_with(['=', '+', '-', '@', '\t', '\r'])
}

/// The CSV files a report makes in `dir`: one per section, then the footer.
pub fn csv_paths(r: &Report, dir: &Path) -> Vec<PathBuf> {
    let base = base_name(r);
    r.sections
        .iter()
        .map(|s| dir.join(format!("{base}-{}.csv", slug(&s.name))))
        .chain([dir.join(format!("{base}-footer.csv"))])
        .collect()
}

/// Why a report's files were not written: the file and the system's words.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{0}")]
    Write(WriteError),
    #[error("{0}")]
    Csv(csv::Error),
}

/// [`render_csv_in`] in English, comma-separated.
pub fn render_csv(r: &Report, dir: &Path, replace: bool) -> Result<Vec<PathBuf>, FileError> {
    render_csv_in(r, dir, replace, &Style::of(Lang::En))
}

/// Writes the CSV files into `dir` in the style's language and spreadsheet convention,
/// each UTF-8 with a byte-order mark; returns their paths, those of [`csv_paths`] (named
/// by the report's English words, the same in every language). A file of the same name is
/// replaced only when `replace` is set (`--force`); otherwise finding one is an error,
/// decided when the file is created, so a file that appeared since the caller looked is
/// not overwritten either.
pub fn render_csv_in(
    r: &Report,
    dir: &Path,
    replace: bool,
    st: &Style,
) -> Result<Vec<PathBuf>, FileError> {
    let files = csv_paths(r, dir);
    for (s, path) in r.sections.iter().zip(&files) {
        let mut file = CsvFile::create(path, replace, st, &csv_header(s, st))?;
        for row in &s.rows {
            file.row(row, st)?;
        }
        file.finish()?;
    }
    csv_footer(r, &files, replace, st)?;
    Ok(files)
}

/// A section's CSV header: its columns in the language.
pub(crate) fn csv_header(s: &Section, st: &Style) -> Vec<String> {
    s.columns.iter().map(|c| column_label(st.lang, c)).collect()
}

/// The footer's file, the last of `files`.
pub(crate) fn csv_footer(
    r: &Report,
    files: &[PathBuf],
    replace: bool,
    st: &Style,
) -> Result<(), FileError> {
    let Some(path) = files.last() else {
        return Ok(());
    };
    let header = [t!(st.lang, "csv-field"), t!(st.lang, "csv-value")];
    let mut file = CsvFile::create(path, replace, st, &header)?;
    for (k, v, _) in footer_in(r, st.lang) {
        file.record(&[spreadsheet_safe(k), spreadsheet_safe(v)])?;
    }
    file.finish()
}

/// One CSV file being written, a row at a time: UTF-8 with a byte-order mark, in the
/// style's convention, never over a file unless `replace` (decided when it is created).
pub(crate) struct CsvFile {
    w: csv::Writer<std::fs::File>,
    path: PathBuf,
    /// Where a field that is not a cell's own text is put, kept from field to field.
    scratch: String,
}

/// A CSV file's buffer: a streamed report's rows reach the file in writes of this size.
const CSV_BUFFER: usize = 64 * 1024;

impl CsvFile {
    /// Creates the file (in a folder that is made if missing) and writes its header.
    pub(crate) fn create(
        path: &Path,
        replace: bool,
        st: &Style,
        header: &[String],
    ) -> Result<CsvFile, FileError> {
        use std::io::Write as _;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io_error(dir))?;
        }
        let mut file = crate::files::create(path, replace).map_err(FileError::Write)?;
        // The byte-order mark: spreadsheets then read the file as UTF-8 (č, ї, ё).
        file.write_all("\u{feff}".as_bytes())
            .map_err(io_error(path))?;
        let mut w = csv::WriterBuilder::new()
            .delimiter(st.csv.delimiter())
            .buffer_capacity(CSV_BUFFER)
            .from_writer(file);
        w.write_record(header).map_err(FileError::Csv)?;
        Ok(CsvFile {
            w,
            path: path.to_path_buf(),
            scratch: String::new(),
        })
    }

    /// A row of cells, as the style writes them.
    pub(crate) fn row(&mut self, row: &[Cell], st: &Style) -> Result<(), FileError> {
        // Field by field, each borrowed where it can be, else put in the kept scratch
        // text; the empty record ends the row.
        for c in row {
            let field = csv_field(c, st, &mut self.scratch);
            self.w
                .write_field(field.as_bytes())
                .map_err(FileError::Csv)?;
        }
        self.w
            .write_record(std::iter::empty::<&[u8]>())
            .map_err(FileError::Csv)
    }

    fn record(&mut self, fields: &[String]) -> Result<(), FileError> {
        self.w.write_record(fields).map_err(FileError::Csv)
    }

    /// Writes out what is buffered.
    pub(crate) fn finish(mut self) -> Result<(), FileError> {
        self.w.flush().map_err(io_error(&self.path))
    }
}

/// A failed write to `path` as a [`FileError`].
fn io_error(path: &Path) -> impl Fn(std::io::Error) -> FileError {
    let path = path.to_path_buf();
    move |error| {
        FileError::Write(WriteError::Io {
            path: path.clone(),
            error,
        })
    }
}

/// A section as JSON: its name, columns and rows (each cell as a value, a table two
/// databases share as its words, "Pontoon 1 (database 2)"), and, where the section has
/// such tables, `"tables_in_databases"`: each one's row and column (from 0), name and
/// database (from 1, as the footer numbers them), so a machine need not parse the words.
/// With `rows` false, its rows are left out (`"rows": []`, no `"tables_in_databases"`): a
/// writer that serializes them from the section itself ([`render_json_frame`]).
fn section_json(s: &Section, rows: bool) -> Value {
    let mut out = json!({
        "name": s.name,
        "columns": s.columns,
        "rows": match rows {
            true => s.rows.iter().map(|row| row.iter().map(|c| c.json()).collect::<Vec<_>>()).collect::<Vec<_>>(),
            false => Vec::new(),
        },
    });
    if !rows {
        return out;
    }
    let mut labelled = Vec::new();
    for (i, row) in s.rows.iter().enumerate() {
        tables_in_databases(i, row, &mut labelled);
    }
    if !labelled.is_empty() {
        out["tables_in_databases"] = Value::from(labelled);
    }
    out
}

/// The `"tables_in_databases"` entries of row `i` (from 0) of a section: each cell that
/// names a table with its database, as its row and column, name and database (from 1),
/// pushed onto `out` (one definition for the held and the streamed JSON).
pub(crate) fn tables_in_databases(i: usize, row: &[Cell], out: &mut Vec<Value>) {
    for (j, c) in row.iter().enumerate() {
        if let Cell::Detail(d) = c
            && let Detail::TableIn { table, db } = &**d
        {
            out.push(json!({"row": i, "column": j, "table": table, "database": db + 1}));
        }
    }
}

/// The report as one JSON document.
pub fn render_json(r: &Report) -> Value {
    json_doc(r, true)
}

/// The report's JSON document without its sections' rows (each `"rows": []`): what a
/// writer that serializes the rows from the sections as it goes wraps, so that a report's
/// rows are never held twice, as cells and as `Value`s (`Streamed::write_json`).
pub(crate) fn render_json_frame(r: &Report) -> Value {
    json_doc(r, false)
}

/// [`render_json`], with or without the sections' rows.
fn json_doc(r: &Report, rows: bool) -> Value {
    let mut doc = json!({
        "report": r.kind.name(),
        "period": {"from": r.period.from.to_string(), "to": r.period.to.to_string()},
        "sections": r.sections.iter().map(|s| section_json(s, rows)).collect::<Vec<_>>(),
        "generated_by": r.generated_by,
        "generated_at": r.generated_at,
        "databases": r.sources.iter().map(|s| json!({
            "path": s.path.to_string(),
            "chain_head": {"seq": s.head_seq, "hash": s.head_hash},
            "verify": verify_json(s.verified.as_ref()),
        })).collect::<Vec<_>>(),
        "footer": r.footer().into_iter().map(|(k, v)| json!([k, v])).collect::<Vec<_>>(),
    });
    if let (Some(s), Some(obj)) = (
        r.sections.iter().find(|s| s.name == "exceptions by kind"),
        doc.as_object_mut(),
    ) {
        obj.insert("by_kind".into(), by_kind_json(s));
    }
    doc
}

/// The exceptions' counts and amounts by kind for programs: `[{"exception": "round
/// voided", "count": 1, "amount": "12.00"}, …]`, most serious first (`amount` null for a
/// kind without one).
fn by_kind_json(s: &Section) -> Value {
    Value::Array(
        s.rows
            .iter()
            .map(|row| {
                let cell = |i: usize| row.get(i).map_or(Value::Null, |c| c.json());
                json!({"exception": cell(0), "count": cell(1), "amount": cell(2)})
            })
            .collect(),
    )
}

/// A database's verdict for programs: `verdict` is `passed`, `failed`, `not_replayed`
/// (with `replayed_through` and `events`), `totals_not_checked` (with
/// `totals_checked_through` and `events`) or `not_run`; `passed` is true only for
/// `passed`; `detail` says it in English words, and the fields beside it hold what it
/// rests on ([`verdict_fields`]), so that a program need not read the words.
fn verify_json(v: Option<&Verified>) -> Value {
    let mut out = match v {
        Some(Verified::Passed(_)) => json!({"verdict": "passed", "passed": true}),
        Some(Verified::Failed(_)) => json!({"verdict": "failed", "passed": false}),
        Some(Verified::NotReplayed {
            through, events, ..
        }) => json!({
            "verdict": "not_replayed",
            "passed": false,
            "replayed_through": through,
            "events": events,
        }),
        Some(Verified::TotalsNotChecked {
            through, events, ..
        }) => json!({
            "verdict": "totals_not_checked",
            "passed": false,
            "totals_checked_through": through,
            "events": events,
        }),
        None => json!({"verdict": "not_run", "passed": null}),
    };
    if let Some(obj) = out.as_object_mut() {
        obj.extend(verdict_fields(v));
    }
    out
}

/// A verdict's `detail` (English words) and its structured fields: a file's
/// `replayed` (`events`, `rounds`, `pontis_games`); a floor table database's `chain`
/// (`events`, `read`: `checked` with `checked_through`, `checked_at` and `walked_from`
/// when events came after it, or `walked` from event 1 with `because`: `touched`,
/// `stale`, `months` or `never_checked`, and `checked_at`), `auditor_replayed_through`,
/// and `totals` (`checked_through` and `checked_at` when PASSED; when NOT YET CHECKED
/// `because`: `never_checked`, `touched` or `events_after`, with `checked_at`,
/// `events_from` and `events_to`); NOT YET REPLAYED's `pending_rounds` and
/// `pending_from_round` (null when the events not yet replayed hold no settlement).
fn verdict_fields(v: Option<&Verified>) -> serde_json::Map<String, Value> {
    let fields = match v {
        Some(Verified::Passed(Passed::File(r))) => json!({
            "detail": r.to_string(),
            "replayed": {"events": r.events, "rounds": r.rounds, "pontis_games": r.games},
        }),
        Some(Verified::Passed(
            p @ Passed::Floor {
                chained,
                replayed,
                totals,
                at,
            },
        )) => json!({
            "detail": p.to_string(),
            "chain": chain_json(chained),
            "auditor_replayed_through": replayed,
            "totals": {"checked_through": totals, "checked_at": at},
        }),
        Some(Verified::Failed(why)) => json!({"detail": why.to_string()}),
        Some(Verified::NotReplayed { detail, .. }) => json!({
            "detail": detail.to_string(),
            "chain": chain_json(&detail.chained),
            "pending_rounds": detail.rounds,
            "pending_from_round": detail.from_round,
        }),
        Some(Verified::TotalsNotChecked { detail, .. }) => json!({
            "detail": detail.to_string(),
            "chain": chain_json(&detail.chained),
            "auditor_replayed_through": detail.replayed,
            "totals": match &detail.why {
                TotalsUnchecked::Never => json!({"because": "never_checked"}),
                TotalsUnchecked::Touched { at } => json!({"because": "touched", "checked_at": at}),
                TotalsUnchecked::EventsAfter { at, from, to } => json!({
                    "because": "events_after", "checked_at": at, "events_from": from, "events_to": to,
                }),
            },
        }),
        None => json!({"detail": "not run (--skip-verify)"}),
    };
    match fields {
        Value::Object(m) => m,
        _ => serde_json::Map::new(),
    }
}

/// How a floor table database's chain was read, for programs.
fn chain_json(c: &Chained) -> Value {
    match &c.chain {
        ChainRead::Checked { through, at } => {
            let mut v = json!({"events": c.head, "read": "checked", "checked_through": through, "checked_at": at});
            if *through < c.head {
                v["walked_from"] = json!(through + 1);
            }
            v
        }
        ChainRead::Walked(why) => {
            let (because, at) = match why {
                Rewalk::Touched { at } => ("touched", Some(at)),
                Rewalk::Stale { at } => ("stale", Some(at)),
                Rewalk::Months { at } => ("months", Some(at)),
                Rewalk::Never => ("never_checked", None),
            };
            json!({"events": c.head, "read": "walked", "walked_from": 1, "because": because, "checked_at": at})
        }
    }
}

fn esc(s: &str) -> String {
    let mut out = s.to_string();
    cells::escape_from(&mut out, 0);
    out
}

/// A chart's axis captions in the language: the vertical (what the bars measure, in the
/// report's currency for money) and the horizontal (gaming days or dealers).
fn axis_captions(lang: Lang, c: &Chart, currency: Option<Currency>) -> (String, String) {
    let y = match c.axis {
        Axis::Money => match (&c.currency, currency) {
            (Some(cell), _) => t!(
                lang,
                "report-axis-money-in",
                currency = cell_html(cell, lang, None)
            ),
            (None, Some(cur)) => t!(lang, "report-axis-money-in", currency = cur.code()),
            (None, None) => t!(lang, "report-axis-money"),
        },
        Axis::Percent => t!(lang, "report-axis-percent"),
        Axis::Rounds => t!(lang, "report-axis-rounds"),
    };
    let x = if c.days {
        t!(lang, "report-axis-day")
    } else {
        t!(lang, "report-axis-dealer")
    };
    (y, x)
}

/// The chart's geometry: width, height, the plot's left, right, top and bottom edges, and
/// the vertical scale (zero and any theoretical value included, round ticks).
struct Frame {
    w: f64,
    h: f64,
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
    scale: Scale,
}

/// The plot's left edge at least (room for ticks of up to five characters).
const PLOT_LEFT: f64 = 58.0;

/// A tick's character at most, in px at its font size (10 px: 0.6 em, a digit or a space
/// of a sans font), and where the vertical axis's caption (rotated, at x = 12, 11 px)
/// ends: what a tick's text must stay right of.
const TICK_CHAR_PX: f64 = 6.0;
const CAPTION_RIGHT: f64 = 20.0;

impl Frame {
    fn of(c: &Chart, lang: Lang) -> Frame {
        let values = c
            .bars
            .iter()
            .map(|b| b.1)
            .chain(c.theory.iter().flatten().copied());
        let max = values.clone().fold(0.0_f64, f64::max);
        let min = values.fold(0.0_f64, f64::min);
        let (top, bottom) = (26.0, 196.0);
        let scale = Scale::of(min, max, bottom - top);
        // Wide ticks (a casino's millions) move the plot right, clear of the caption.
        let widest = scale
            .ticks()
            .into_iter()
            .map(|v| tick_text(lang, v, scale.places, c.unit).chars().count())
            .max()
            .unwrap_or(0);
        Frame {
            w: 640.0,
            h: 240.0,
            left: PLOT_LEFT.max(CAPTION_RIGHT + 4.0 + TICK_CHAR_PX * widest as f64),
            right: 630.0,
            top,
            bottom,
            scale,
        }
    }

    fn y(&self, v: f64) -> f64 {
        self.scale.y(v, self.top, self.bottom)
    }

    fn bar_width(&self, n: usize) -> f64 {
        (self.right - self.left) / n.max(1) as f64
    }
}

/// The plot's left edge for every chart of a report: the widest ticks' among them, so
/// that charts shown one above another (two do not fit side by side in 1280 px) keep
/// their gaming days in line.
fn charts_left(charts: &[Chart], lang: Lang) -> f64 {
    charts
        .iter()
        .map(|c| Frame::of(c, lang).left)
        .fold(PLOT_LEFT, f64::max)
}

/// A tick's text: its value in the language's digits, and the chart's unit.
fn tick_text(lang: Lang, v: f64, places: usize, unit: &str) -> String {
    format!("{}{unit}", i18n::decimal(lang, v, places))
}

/// The axes, their scale and captions, and the legend (bars, and the theory's line).
fn svg_axes(out: &mut String, f: &Frame, lang: Lang, c: &Chart, currency: Option<Currency>) {
    let (y_caption, x_caption) = axis_captions(lang, c, currency);
    let zero = f.y(0.0);
    let _ = write!(
        out,
        r##"<line x1="{l}" y1="{zero:.1}" x2="{r}" y2="{zero:.1}" stroke="#333"/><line x1="{l}" y1="{t}" x2="{l}" y2="{b}" stroke="#333"/>"##,
        l = f.left,
        r = f.right,
        t = f.top,
        b = f.bottom
    );
    for v in f.scale.ticks() {
        let _ = write!(
            out,
            r#"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="end">{}</text>"#,
            f.left - 4.0,
            f.y(v) + 3.0,
            tick_text(lang, v, f.scale.places, c.unit)
        );
    }
    let mid = (f.top + f.bottom) / 2.0;
    let _ = write!(
        out,
        r#"<text x="12" y="{mid:.1}" font-size="11" text-anchor="middle" transform="rotate(-90 12 {mid:.1})">{}</text><text x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle">{}</text>"#,
        esc(&y_caption),
        (f.left + f.right) / 2.0,
        f.h - 6.0,
        esc(&x_caption)
    );
    let _ = write!(
        out,
        r##"<rect x="{l}" y="6" width="10" height="10" fill="#2a6"/><text x="{:.1}" y="15" font-size="11">{}</text>"##,
        f.left + 14.0,
        esc(&t!(lang, "report-chart-actual")),
        l = f.left,
    );
    if c.theory.iter().any(Option::is_some) {
        let _ = write!(
            out,
            r##"<line x1="{:.1}" y1="11" x2="{:.1}" y2="11" stroke="#e80" stroke-width="2" stroke-dasharray="5 3"/><text x="{:.1}" y="15" font-size="11">{}</text>"##,
            f.left + 150.0,
            f.left + 170.0,
            f.left + 174.0,
            esc(&t!(lang, "report-chart-theory"))
        );
    }
}

/// The theoretical values as a dashed line through the bars' middles, as on the desk; a
/// value with no neighbour (a one-day period) as a dashed segment across its bar, with a
/// dot in the middle, so it is drawn too.
fn svg_theory(out: &mut String, f: &Frame, lang: Lang, c: &Chart) {
    let bw = f.bar_width(c.bars.len());
    let name = esc(&t!(lang, "report-chart-theory"));
    let mut runs: Vec<Vec<(usize, f64)>> = Vec::new();
    for (i, v) in c.theory.iter().enumerate() {
        match (v, runs.last_mut()) {
            (Some(v), Some(run)) if run.last().is_some_and(|&(j, _)| j + 1 == i) => {
                run.push((i, *v));
            }
            (Some(v), _) => runs.push(vec![(i, *v)]),
            (None, _) => {}
        }
    }
    for run in runs {
        if let [(i, v)] = run[..] {
            let (x, y) = (f.left + i as f64 * bw, f.y(v));
            let _ = write!(
                out,
                r##"<g><title>{name}</title><line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#e80" stroke-width="2" stroke-dasharray="5 3"/><circle cx="{:.1}" cy="{y:.1}" r="3.5" fill="#e80"/></g>"##,
                x + bw * 0.1,
                x + bw * 0.9,
                x + bw * 0.5,
            );
            continue;
        }
        let points: Vec<String> = run
            .iter()
            .map(|&(i, v)| format!("{:.1},{:.1}", f.left + (i as f64 + 0.5) * bw, f.y(v)))
            .collect();
        let _ = write!(
            out,
            r##"<polyline points="{}" fill="none" stroke="#e80" stroke-width="2" stroke-dasharray="5 3"><title>{name}</title></polyline>"##,
            points.join(" "),
        );
    }
}

/// A bar chart as inline SVG; bars below zero hang from the zero line; the axes say what
/// they measure, and a theoretical line runs over the bars where the chart has one.
fn svg(c: &Chart, lang: Lang, currency: Option<Currency>, left: f64) -> String {
    let title = chart_title(lang, c);
    let label_of = |l: &str| -> String {
        match NaiveDate::parse_from_str(l, "%Y-%m-%d") {
            Ok(d) if c.days => d.format(&t!(lang, "report-chart-day-pattern")).to_string(),
            _ => l.to_string(),
        }
    };
    let mut f = Frame::of(c, lang);
    f.left = f.left.max(left);
    let n = c.bars.len().max(1) as f64;
    let bw = f.bar_width(c.bars.len());
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" aria-label="{}">"#,
        esc(&title),
        w = f.w,
        h = f.h
    );
    svg_axes(&mut out, &f, lang, c, currency);
    let zero = f.y(0.0);
    let label_every = (n / 10.0).ceil().max(1.0) as usize;
    for (i, (label, v)) in c.bars.iter().enumerate() {
        let x = f.left + i as f64 * bw;
        let (top, height) = if *v >= 0.0 {
            (f.y(*v), zero - f.y(*v))
        } else {
            (zero, f.y(*v) - zero)
        };
        let color = if *v >= 0.0 { "#2a6" } else { "#c33" };
        let _ = write!(
            out,
            r#"<rect x="{:.1}" y="{top:.1}" width="{:.1}" height="{:.1}" fill="{color}"><title>{} {}{}</title></rect>"#,
            x + 1.0,
            (bw - 2.0).max(1.0),
            height.max(0.5),
            esc(&label_of(label)),
            i18n::decimal(lang, *v, 2),
            c.unit
        );
        if i % label_every == 0 {
            let _ = write!(
                out,
                r#"<text x="{:.1}" y="{:.1}" font-size="9">{}</text>"#,
                x + 1.0,
                f.bottom + 12.0,
                esc(&label_of(label))
            );
        }
    }
    svg_theory(&mut out, &f, lang, c);
    out.push_str("</svg>");
    out
}

/// [`render_html_in`] in English.
pub fn render_html(r: &Report) -> String {
    render_html_in(r, &Style::of(Lang::En))
}

/// The report as one self-contained HTML page in the style's language: money as the
/// language writes it, in the databases' currency (amounts alone, beside a currency
/// column, when the databases keep several).
pub fn render_html_in(r: &Report, st: &Style) -> String {
    let lang = st.lang;
    let currency = r.currency();
    let mut sections = String::new();
    for s in &r.sections {
        html_heading(&mut sections, lang, s);
        if s.rows.is_empty() {
            html_none(&mut sections, lang);
            continue;
        }
        html_table_head(&mut sections, lang, s);
        for row in &s.rows {
            html_row(&mut sections, row, lang, currency);
        }
        sections.push_str(HTML_TABLE_END);
    }
    let (before, after) = html_around(r, st);
    before + &sections + &after
}

/// The end of a section's table on the page.
pub(crate) const HTML_TABLE_END: &str = "</tbody></table>";

/// A section's heading on the page.
pub(crate) fn html_heading(out: &mut String, lang: Lang, s: &Section) {
    let _ = write!(out, "<h2>{}</h2>", esc(&section_label(lang, &s.name)));
}

/// What the page says under the heading of a section without rows.
pub(crate) fn html_none(out: &mut String, lang: Lang) {
    let _ = write!(out, "<p>{}</p>", esc(&t!(lang, "report-none")));
}

/// A section's table up to its first row.
pub(crate) fn html_table_head(out: &mut String, lang: Lang, s: &Section) {
    out.push_str("<table><thead><tr>");
    for c in &s.columns {
        let _ = write!(out, "<th>{}</th>", esc(&column_label(lang, c)));
    }
    out.push_str("</tr></thead><tbody>");
}

/// The page before its sections and after them: the template filled in, its sections'
/// place left for them (a streamed report writes its rows in between as they come).
pub(crate) fn html_around(r: &Report, st: &Style) -> (String, String) {
    let lang = st.lang;
    let currency = r.currency();
    let mut charts = String::new();
    if !r.charts.is_empty() {
        charts.push_str(r#"<div class="charts">"#);
        let left = charts_left(&r.charts, lang);
        for c in &r.charts {
            let _ = write!(
                charts,
                r#"<div class="chart"><h3>{}</h3>{}</div>"#,
                esc(&chart_title(lang, c)),
                svg(c, lang, currency, left)
            );
        }
        charts.push_str("</div>");
    }
    let mut footer = String::from("<table>");
    for (k, v, verdict) in footer_in(r, lang) {
        let class = match verdict {
            Some(true) => " class=\"pass\"",
            Some(false) => " class=\"fail\"",
            None => "",
        };
        let _ = write!(
            footer,
            "<tr><td>{}</td><td{class}>{}</td></tr>",
            esc(&k),
            esc(&v)
        );
    }
    footer.push_str("</table>");
    let subtitle = t!(
        lang,
        "report-subtitle",
        from = i18n::date(lang, r.period.from),
        to = i18n::date(lang, r.period.to),
        databases = r.sources.len()
    );
    let note = if r.mixed_currencies {
        format!(
            r#"<p class="note">{}</p>"#,
            esc(&t!(lang, "report-mixed-currencies"))
        )
    } else {
        String::new()
    };
    let title = title(lang, r.kind);
    let values = [
        ("lang", lang.code()),
        ("title", &esc(&title)),
        (
            "heading",
            &esc(&t!(lang, "report-heading", title = title.as_str())),
        ),
        ("subtitle", &esc(&subtitle)),
        ("note", &note),
        ("charts", &charts),
        ("footer", &footer),
    ];
    // The one place of the sections: the template is filled on either side of it.
    let (before, after) = TEMPLATE
        .split_once(SECTIONS_PLACE)
        .unwrap_or((TEMPLATE, ""));
    (fill(before, &values), fill(after, &values))
}

/// Where the template puts the sections.
const SECTIONS_PLACE: &str = "{{sections}}";

/// Fills the template's `{{name}}` places in one pass over the template: what is put in is
/// never read again, so data (a table named `{{footer}}`) cannot act as a place. A place
/// without a value stays as it is written.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out =
        String::with_capacity(template.len() + values.iter().map(|v| v.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        let value = after.find("}}").and_then(|close| {
            let name = &after[..close];
            values
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v, close))
        });
        match value {
            Some((v, close)) => {
                out.push_str(v);
                rest = &after[close + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The file name a report gets in a folder.
pub fn file_name(r: &Report, ext: &str) -> String {
    format!("{}.{ext}", base_name(r))
}

/// `v` to `places` decimals, with no sign on a value that rounds to zero ("0", not "-0").
fn fixed(v: f64, places: usize) -> String {
    let t = format!("{v:.places$}");
    match t.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => t,
    }
}

/// `v` to `places` decimals with its sign always shown ("+0.34", "-0.12"), except on a value
/// that rounds to zero ("0.00", neither "+0.00" nor "-0.00").
pub fn signed_fixed(v: f64, places: usize) -> String {
    let t = fixed(v, places);
    if t.starts_with('-') || t.chars().all(|c| c == '0' || c == '.') {
        t
    } else {
        format!("+{t}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A failed verdict of the floor's, in each language: English as its `Display` (what
    /// the CLI and the exceptions report say), each other language its own words around
    /// the same numbers; the replay's own error in its English.
    #[test]
    fn failed_verdicts_are_put_in_the_language() {
        let cases = [
            VerifyFailure::Detached { first: 41 },
            VerifyFailure::MonthsDetached { from: 12, head: 90 },
            VerifyFailure::ChainBreaks { seq: 45, after: 44 },
            VerifyFailure::ChainBreaks { seq: 45, after: 41 },
            VerifyFailure::ChainBroken {
                seq: 57,
                after: 53,
                at: "2026-12-03 09:00:00 UTC".into(),
            },
            VerifyFailure::ChainBroken {
                seq: 57,
                after: 56,
                at: "2026-12-03 09:00:00 UTC".into(),
            },
            VerifyFailure::ChainMissing {
                seq: 57,
                at: "2026-12-03 09:00:00 UTC".into(),
            },
            VerifyFailure::HeadHash {
                seq: 90,
                at: "2026-12-03 09:00:00 UTC".into(),
            },
            VerifyFailure::HeadHashWalked { seq: 90 },
            VerifyFailure::Identity,
            VerifyFailure::AuditorRefuses {
                through: 33,
                head: 90,
                seq: 34,
                why: "event 34 (round_settled): no round in play".into(),
            },
            VerifyFailure::StrayRound {
                through: 90,
                head: 90,
                seq: 57,
                of: Derived::Rounds,
            },
            VerifyFailure::StrayRound {
                through: 90,
                head: 90,
                seq: 58,
                of: Derived::Starts,
            },
            VerifyFailure::Alarms {
                count: 3,
                first: 17,
                through: 90,
                head: 90,
            },
        ];
        for f in &cases {
            let en = failure_in(Lang::En, f);
            assert_eq!(en, f.to_string());
            for lang in [Lang::Cs, Lang::Uk, Lang::Ru] {
                let said = failure_in(lang, f);
                assert_ne!(said, en, "{lang:?}");
                let numbers = |t: &str| -> Vec<String> {
                    t.split(|c: char| !c.is_ascii_digit())
                        .filter(|n| !n.is_empty())
                        .map(str::to_string)
                        .collect()
                };
                let mut want = numbers(&en);
                let mut got = numbers(&said);
                want.sort();
                got.sort();
                assert_eq!(got, want, "{lang:?}: {said}");
            }
        }
        let replay = VerifyFailure::Replay(std::sync::Arc::new(
            crate::session::replay::ReplayError::Mismatch {
                round: 4,
                why: crate::session::error::Discrepancy::Correction,
            },
        ));
        assert_eq!(failure_in(Lang::Cs, &replay), replay.to_string());
    }

    /// Where a database is, in each language: a file by its path as given; a floor's
    /// table database worded around the floor, its id and its file (English as the
    /// `Display` the CLI and JSON say); the exceptions report's failed-verify row the same.
    #[test]
    fn places_are_put_in_the_language() {
        let floor = Place::Floor {
            floor: "postgres@db.casino:5432/floor".into(),
            database: "0a1b2c3d4e5f6071".into(),
            synced_from: "/srv/tables/t07.db".into(),
        };
        let file = Place::File("/srv/tables/t07.db".into());
        assert_eq!(
            floor.to_string(),
            "floor postgres@db.casino:5432/floor, table database 0a1b2c3d4e5f6071 \
             (synced from /srv/tables/t07.db)"
        );
        assert_eq!(place_in(Lang::En, &floor), floor.to_string());
        let why = VerifyFailure::Detached { first: 41 };
        let failed = Detail::VerifyFailed {
            place: floor.clone(),
            why: why.clone(),
        };
        let money = |m: Money| i18n::money(Lang::En, m, None);
        assert_eq!(detail(Lang::En, &failed, &money), failed.text());
        for lang in [Lang::Cs, Lang::Uk, Lang::Ru] {
            assert_eq!(place_in(lang, &file), "/srv/tables/t07.db");
            let said = place_in(lang, &floor);
            for part in [
                "postgres@db.casino:5432/floor",
                "0a1b2c3d4e5f6071",
                "/srv/tables/t07.db",
            ] {
                assert!(said.contains(part), "{lang:?}: {said}");
            }
            assert!(
                !said.contains("table database") && !said.contains("synced from"),
                "{lang:?}: {said}"
            );
            let row = detail(lang, &failed, &money);
            assert!(
                row.starts_with(&said) && row.ends_with(&failure_in(lang, &why)),
                "{lang:?}: {row}"
            );
        }
    }

    /// A floor report's footer says where each database is in the report's language.
    #[test]
    fn a_footer_says_a_floor_databases_place_in_the_language() {
        let place = Place::Floor {
            floor: "postgres@db.casino:5432/floor".into(),
            database: "0a1b2c3d4e5f6071".into(),
            synced_from: "/srv/tables/t07.db".into(),
        };
        let r = Report {
            kind: Kind::Summary,
            period: crate::report::Period::parse("2026-01-05", "2026-01-05").unwrap(),
            filters: Vec::new(),
            sections: Vec::new(),
            charts: Vec::new(),
            generated_by: "test".into(),
            generated_at: "2026-01-06 07:00:00 UTC".into(),
            sources: vec![super::super::Provenance {
                path: place.clone(),
                head_seq: 90,
                head_hash: "ab".repeat(32),
                verified: Some(Verified::Failed(VerifyFailure::Detached { first: 41 })),
            }],
            currencies: vec![None],
            mixed_currencies: false,
            threshold: None,
        };
        for lang in [Lang::En, Lang::Cs, Lang::Uk, Lang::Ru] {
            let footer = footer_in(&r, lang);
            let line = footer
                .iter()
                .find(|(k, _, _)| *k == t!(lang, "report-footer-database", n = 1));
            assert_eq!(
                line.map(|l| l.1.clone()),
                Some(place_in(lang, &place)),
                "{lang:?}"
            );
        }
    }

    /// A verdict of each shape — a file's replay, and on the floor every way its chain
    /// is read, PASSED, NOT YET REPLAYED and NOT YET CHECKED for each reason — said in
    /// each language: in English it holds the detail's `Display` (what JSON's `detail`
    /// and the CLI say), and in cs, uk and ru no English sentence is left (no three
    /// English words in a row of the English line) and every number of it appears.
    #[test]
    fn every_verdicts_detail_is_put_in_the_language() {
        use crate::report::verdict::*;
        let at = || "2026-12-03 09:00:00 UTC".to_string();
        let mut cases = vec![
            Verified::Passed(Passed::File(Replayed {
                events: 40894,
                rounds: 1800,
                games: 0,
            })),
            Verified::Passed(Passed::File(Replayed {
                events: 5,
                rounds: 3,
                games: 2,
            })),
        ];
        let chains = [
            ChainRead::Checked {
                through: 90,
                at: at(),
            },
            ChainRead::Checked {
                through: 60,
                at: at(),
            },
            ChainRead::Walked(Rewalk::Touched { at: at() }),
            ChainRead::Walked(Rewalk::Stale { at: at() }),
            ChainRead::Walked(Rewalk::Months { at: at() }),
            ChainRead::Walked(Rewalk::Never),
        ];
        for chain in chains {
            let chained = Chained { head: 90, chain };
            cases.push(Verified::Passed(Passed::Floor {
                chained: chained.clone(),
                replayed: 90,
                totals: 90,
                at: at(),
            }));
            cases.push(Verified::NotReplayed {
                through: 33,
                events: 90,
                detail: Pending {
                    chained: chained.clone(),
                    rounds: 7,
                    from_round: Some(12),
                },
            });
            cases.push(Verified::NotReplayed {
                through: 33,
                events: 90,
                detail: Pending {
                    chained: chained.clone(),
                    rounds: 0,
                    from_round: None,
                },
            });
            let whys = [
                TotalsUnchecked::Never,
                TotalsUnchecked::Touched { at: at() },
                TotalsUnchecked::EventsAfter {
                    at: at(),
                    from: 71,
                    to: 90,
                },
            ];
            for why in whys {
                cases.push(Verified::TotalsNotChecked {
                    through: 70,
                    events: 90,
                    detail: Unchecked {
                        chained: chained.clone(),
                        replayed: 90,
                        why,
                    },
                });
            }
        }
        let numbers = |t: &str| -> Vec<String> {
            let mut n: Vec<String> = t
                .split(|c: char| !c.is_ascii_digit())
                .filter(|n| !n.is_empty())
                .map(str::to_string)
                .collect();
            n.sort();
            n
        };
        // The floor's table names are the same in every language.
        let words = |t: &str| -> Vec<String> {
            t.replace("croupier.round_totals", "")
                .replace("croupier.day_totals", "")
                .replace("croupier.month_totals", "")
                .to_lowercase()
                .split(|c: char| !c.is_ascii_alphabetic())
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect()
        };
        for v in &cases {
            let detail = match v {
                Verified::Passed(p) => p.to_string(),
                Verified::NotReplayed { detail, .. } => detail.to_string(),
                Verified::TotalsNotChecked { detail, .. } => detail.to_string(),
                Verified::Failed(f) => f.to_string(),
            };
            let (en, passed) = verdict_in(Lang::En, Some(v));
            assert!(en.contains(&detail), "{en}\n{detail}");
            assert_eq!(passed, v.passed(), "{en}");
            let english = words(&en);
            for lang in [Lang::Cs, Lang::Uk, Lang::Ru] {
                let (said, passed) = verdict_in(lang, Some(v));
                assert_eq!(passed, v.passed(), "{lang:?}: {said}");
                assert_eq!(numbers(&said), numbers(&en), "{lang:?}: {said}");
                let theirs = format!(" {} ", words(&said).join(" "));
                for three in english.windows(3) {
                    let three = format!(" {} ", three.join(" "));
                    assert!(
                        !theirs.contains(&three),
                        "{lang:?}: English {three:?} left in {said}"
                    );
                }
            }
        }
        // Unreplayed events without a settlement: no "0 settled round(s) from round 0",
        // and null, not 0, in JSON.
        let none = cases.iter().find(
            |v| matches!(v, Verified::NotReplayed { detail, .. } if detail.from_round.is_none()),
        );
        let (en, _) = verdict_in(Lang::En, none);
        assert!(
            en.contains("none of them a settled round") && !en.contains("from round"),
            "{en}"
        );
        assert_eq!(verdict_fields(none)["pending_from_round"], Value::Null);
        // The file's replay with its plural forms.
        let one = Replayed {
            events: 1,
            rounds: 1,
            games: 0,
        };
        assert_eq!(replayed_in(Lang::En, &one), "1 event, 1 round replayed");
        for (lang, r, want) in [
            (
                Lang::Cs,
                (40894, 1800, 0),
                "přehráno: 40894 událostí, 1800 kol",
            ),
            (
                Lang::Cs,
                (3, 2, 1),
                "přehráno: 3 události, 2 kola a 1 hra Pontis",
            ),
            (Lang::Uk, (21, 22, 0), "відтворено: 21 подія, 22 раунди"),
            (
                Lang::Ru,
                (5, 3, 2),
                "воспроизведено: 5 событий, 3 раунда и 2 партии в Понтис",
            ),
        ] {
            let (events, rounds, games) = r;
            let r = Replayed {
                events,
                rounds,
                games,
            };
            assert_eq!(replayed_in(lang, &r), want, "{lang}");
        }
    }

    /// Cells in HTML and CSV: money grouped with its symbol on the page, plain in CSV with
    /// the style's decimal mark; no sign on what rounds to zero.
    #[test]
    fn cells_are_written_as_the_language_and_the_spreadsheet_want() {
        let czk = Currency::parse("CZK").ok();
        let m = Cell::Money(Money::from_cents(-123_450));
        assert_eq!(cell_html(&m, Lang::Cs, czk), "-1\u{a0}234,50\u{a0}Kč");
        assert_eq!(cell_html(&m, Lang::En, czk), "CZK\u{a0}-1,234.50");
        assert_eq!(cell_html(&m, Lang::Uk, None), "-1\u{a0}234,50");
        let cs = Style::of(Lang::Cs);
        assert_eq!(cs.csv, CsvStyle::Semicolon);
        assert_eq!(Style::of(Lang::En).csv, CsvStyle::Comma);
        assert_eq!(cell_csv(&m, &cs), "-1234,50");
        assert_eq!(cell_csv(&Cell::Percent(Some(-0.001)), &cs), "0,00");
        assert_eq!(cell_csv(&Cell::Sd(Some(1.234)), &cs), "+1,23");
        // Dates and times in CSV are ISO 8601 in every language: a date to any spreadsheet.
        let day = Cell::Date(NaiveDate::from_ymd_opt(2026, 11, 3).unwrap());
        let moment = Cell::Time(1_767_600_000_000);
        for lang in Lang::ALL {
            assert_eq!(cell_csv(&day, &Style::of(lang)), "2026-11-03", "{lang}");
            assert_eq!(
                cell_csv(&moment, &Style::of(lang)),
                "2026-01-05 08:00:00",
                "{lang}"
            );
        }
        for (z, want) in [
            (0.004, "0,00"),
            (-0.004, "0,00"),
            (-1.5, "-1,50"),
            (2.0, "+2,00"),
        ] {
            assert_eq!(cell_html(&Cell::Sd(Some(z)), Lang::Cs, None), want, "{z}");
        }
        let shift = Cell::Shift(3, "22:00–06:00".into());
        assert_eq!(cell_html(&shift, Lang::Cs, None), "3 (22:00–06:00)");
        assert_eq!(cell_csv(&shift, &cs), "3 (22:00–06:00)");
        assert_eq!(shift.json(), json!(3), "JSON gives the shift's number");
        let d = Cell::Date(NaiveDate::from_ymd_opt(2026, 1, 5).unwrap());
        assert_eq!(cell_html(&d, Lang::Cs, None), "5. 1. 2026");
        assert_eq!(cell_csv(&d, &cs), "2026-01-05", "ISO in CSV");
        assert_eq!(d.json(), json!("2026-01-05"));
        // A logged name that looks like a formula stays text in every language.
        assert_eq!(cell_csv(&Cell::Text("=1+1".into()), &cs), "'=1+1");
    }

    #[test]
    fn a_template_is_filled_in_one_pass() {
        let t = "<h1>{{title}}</h1>{{sections}}<footer>{{footer}}</footer>{{other}} {{";
        let filled = fill(
            t,
            &[
                ("title", "{{footer}}"),
                ("sections", "<td>{{title}}</td>"),
                ("footer", "F"),
            ],
        );
        assert_eq!(
            filled,
            "<h1>{{footer}}</h1><td>{{title}}</td><footer>F</footer>{{other}} {{"
        );
    }

    #[test]
    fn only_text_that_a_spreadsheet_would_run_is_quoted() {
        let cases = [
            (
                "=HYPERLINK(\"http://x\",\"click\")",
                "'=HYPERLINK(\"http://x\",\"click\")",
            ),
            ("+1", "'+1"),
            ("-Eva Kral", "'-Eva Kral"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
            ("Pontoon 1", "Pontoon 1"),
            ("", ""),
            ("a=b", "a=b"),
        ];
        for (text, want) in cases {
            assert_eq!(spreadsheet_safe(text.to_string()), want);
        }
    }

    /// A cell's CSV text as main (2da807a) made it, before rows were written field by
    /// field: the reference the streamed writer is held to.
    fn main_cell_csv(c: &Cell, st: &Style) -> String {
        let safe = |text: String| match text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
            true => format!("'{text}"),
            false => text,
        };
        match c {
            Cell::Text(t) => safe(t.clone()),
            Cell::Int(_) | Cell::Money(_) | Cell::Percent(_) | Cell::Sd(_) | Cell::Decimal(..) => {
                c.text().replace('.', &st.csv.decimal().to_string())
            }
            Cell::Date(_) | Cell::Time(_) | Cell::Shift(..) | Cell::Empty => c.text(),
            Cell::Word(_) | Cell::Detail(_) | Cell::Flag(_) => safe(cell_html(c, st.lang, None)),
        }
    }

    /// A row written field by field (each borrowed where it can be) is the record the
    /// csv crate writes of main's cell texts, in each language's CSV style: quoting, a
    /// spreadsheet's formula marks, decimals, empty fields.
    #[test]
    fn a_row_is_written_as_its_cells_record() {
        let one = [vec![Cell::Empty], vec![Cell::Text(String::new())]];
        let texts = [
            "-5", "=1+1", "+1", "@SUM(A1)", "\tx", "\rx", "a,b", "a\"b", "a\nb",
        ];
        let many = [
            vec![Cell::Empty; 9],
            texts.map(|t| Cell::Text(t.into())).to_vec(),
            vec![
                Cell::Time(1_767_225_600_000),
                Cell::Text("Pontoon; \"1\", \n2".into()),
                Cell::Text("=1+1".into()),
                Cell::Int(-3),
                Cell::Money(Money::from_cents(-1_250)),
                Cell::from(Detail::Inputs(["Jd", "split 1a"].into_iter().collect())),
                Cell::Empty,
                Cell::Sd(Some(0.5)),
                Cell::Text("x; y".into()),
            ],
            vec![
                Cell::Int(1_234_567),
                Cell::Money(Money::from_cents(-123_456)),
                Cell::Money(Money::from_cents(5)),
                Cell::Percent(Some(-2.345_678)),
                Cell::Percent(None),
                Cell::Sd(Some(-1.5)),
                Cell::Sd(Some(1.234)),
                Cell::Decimal(Some(0.123_456), 4),
                Cell::Decimal(None, 2),
            ],
        ];
        let dir = std::env::temp_dir().join(format!("croupier-csv-row-{}", std::process::id()));
        let styles = [Lang::En, Lang::Cs, Lang::Ru].map(|l| [(l, &one[..]), (l, &many[..])]);
        for (lang, rows) in styles.into_iter().flatten() {
            let st = Style::of(lang);
            let path = dir.join(format!("{lang:?}-{}.csv", rows[0].len()));
            let header = vec!["h".to_string(); rows[0].len()];
            let mut file = CsvFile::create(&path, true, &st, &header).unwrap();
            let mut want = csv::WriterBuilder::new()
                .delimiter(st.csv.delimiter())
                .from_writer("\u{feff}".as_bytes().to_vec());
            want.write_record(&header).unwrap();
            for row in rows {
                file.row(row, &st).unwrap();
                want.write_record(row.iter().map(|c| main_cell_csv(c, &st)))
                    .unwrap();
            }
            file.finish().unwrap();
            let want = want.into_inner().unwrap();
            assert_eq!(std::fs::read(&path).unwrap(), want, "{lang:?}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_hold_that_rounds_to_nothing_has_no_sign() {
        use crate::report::Cell;
        for (p, text, json) in [
            (-0.001, "0.00", "0.0"),
            (-0.004999, "0.00", "0.0"),
            (-0.005001, "-0.01", "-0.01"),
            (0.0, "0.00", "0.0"),
            (2.345678, "2.35", "2.35"),
        ] {
            assert_eq!(Cell::Percent(Some(p)).text(), text, "{p}");
            assert_eq!(Cell::Percent(Some(p)).json().to_string(), json, "{p}");
        }
        // The deviations (σ) of CSV and JSON: signed, but no sign on what rounds to zero.
        for (z, text, json) in [
            (-0.001, "0.00", "0.0"),
            (0.001, "0.00", "0.0"),
            (-0.004999, "0.00", "0.0"),
            (-0.005001, "-0.01", "-0.01"),
            (1.234, "+1.23", "1.23"),
        ] {
            assert_eq!(Cell::Sd(Some(z)).text(), text, "{z}");
            assert_eq!(Cell::Sd(Some(z)).json().to_string(), json, "{z}");
        }
        // The HTML charts' axis labels and bar titles too.
        for (v, places, text) in [
            (-0.3, 0, "0"),
            (-0.004, 2, "0.00"),
            (-0.006, 2, "-0.01"),
            (-12.4, 0, "-12"),
            (0.0, 2, "0.00"),
        ] {
            assert_eq!(fixed(v, places), text, "{v}");
        }
        // The open-table screen's house edge: signed, but never "-0.00" or "+0.00".
        for (v, text) in [
            (-0.004, "0.00"),
            (0.004, "0.00"),
            (0.0, "0.00"),
            (0.006, "+0.01"),
            (-0.006, "-0.01"),
            (2.345_1, "+2.35"),
        ] {
            assert_eq!(signed_fixed(v, 2), text, "{v}");
        }
    }

    /// Review C6 (issue 15): every word a report shows — section names, column headers,
    /// chart titles, footer labels, Word cells — is said in cs, uk and ru, none left as its
    /// English key or English text (a key missing from the matches above falls back to
    /// English silently). Every kind is built over a demo table (CZK), a Pontis table
    /// (EUR: the mixed-currency variant) and the demo table alone.
    #[test]
    fn no_report_word_is_left_in_english() {
        use crate::engine::pontis::PontisRules;
        use crate::log::{ManualClock, Store};
        use crate::report::{Options, Period, build};
        use crate::session::pontis::PontisSession;
        use crate::session::users::{Role, add_user, login};
        use crate::session::{demo, settings};

        let dir =
            std::env::temp_dir().join(format!("croupier-report-words-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut a = Store::open_with(&dir.join("a.db"), Box::new(demo::clock())).unwrap();
        demo::fill(&mut a, 400, 1, 5, |_| {}).unwrap();
        let sup = login(&mut a, "Petr Novak", "800100", None).unwrap();
        settings::set_currency(&mut a, Currency::parse("CZK").unwrap(), &sup).unwrap();
        let mut b = Store::open_with(
            &dir.join("b.db"),
            Box::new(ManualClock::new(1_767_600_000_000)),
        )
        .unwrap();
        let admin = add_user(&mut b, "Irena Dvorak", Role::Admin, "900000", None).unwrap();
        settings::set_currency(&mut b, Currency::parse("EUR").unwrap(), &admin).unwrap();
        add_user(&mut b, "Petr Novak", Role::Dealer, "1001", Some(&admin)).unwrap();
        let host = login(&mut b, "Petr Novak", "1001", None).unwrap();
        let mut g = PontisSession::open(&mut b, host, "Pontis 1", PontisRules::standard()).unwrap();
        g.start_game(&mut b, vec!["Ana".into(), "Ben".into()], 0)
            .unwrap();
        g.input_text(&mut b, "Ana: bank 7h").unwrap();
        g.close(&mut b).unwrap();

        let mut seen = std::collections::BTreeSet::new();
        let mut left = vec![];
        // The words no small demo shows: every exception kind, every end of a game, the
        // shifts, a currency not set.
        let mut keys: Vec<&str> = crate::log::EventKind::ALL
            .iter()
            .map(|k| crate::report::kinds::exception_word(*k))
            .filter(|w| *w != "event")
            .collect();
        keys.extend(
            ["empty_hand", "blocked", "abandoned", ""].map(crate::report::pontis::end_word),
        );
        keys.extend([
            "floor alarm",
            "payout over threshold",
            "verify failed",
            "not set",
            "bets follow the shoe",
            "count missing",
            "close-out difference",
            "cash over threshold",
        ]);
        for w in keys {
            for lang in [Lang::Cs, Lang::Uk, Lang::Ru] {
                if word(lang, w).to_lowercase() == w.to_lowercase() {
                    left.push(format!("{lang}: word {w}"));
                }
            }
        }
        for stores in [&[a, b][..]] {
            for only_a in [false, true] {
                let stores = if only_a { &stores[..1] } else { stores };
                for kind in [
                    Kind::Summary,
                    Kind::Rounds,
                    Kind::Dealers,
                    Kind::Exceptions,
                    Kind::Protection,
                    Kind::Closeout,
                ] {
                    let o = Options {
                        kind,
                        period: Period::parse("2026-01-05", "2026-01-12").unwrap(),
                        table: None,
                        dealer: None,
                        threshold: Money::units(50),
                        verify: true,
                        generated_by: "test",
                        generated_at: "2026-02-01 00:00:00 UTC",
                    };
                    let r = build(stores, &o, |_| {}).unwrap();
                    /// What a word is, and how each language says it.
                    type Said = Box<dyn Fn(Lang) -> String>;
                    let mut words: Vec<(String, Said)> = vec![];
                    for sec in &r.sections {
                        let n = sec.name.clone();
                        words.push((
                            format!("section {n}"),
                            Box::new(move |l| section_label(l, &n)),
                        ));
                        for c in sec.columns.clone() {
                            words.push((
                                format!("column {c}"),
                                Box::new(move |l| column_label(l, c)),
                            ));
                        }
                        for row in &sec.rows {
                            for cell in row {
                                if let Cell::Word(w) = *cell {
                                    words
                                        .push((format!("word {w}"), Box::new(move |l| word(l, w))));
                                }
                            }
                        }
                    }
                    for c in r.charts.clone() {
                        words.push((
                            format!("chart {}", c.title),
                            Box::new(move |l| chart_title(l, &c)),
                        ));
                    }
                    for (i, _) in footer_in(&r, Lang::En).iter().enumerate() {
                        let r = r.clone();
                        words.push((
                            format!("footer label {i} of {}", kind.name()),
                            Box::new(move |l| footer_in(&r, l)[i].0.clone()),
                        ));
                    }
                    for (what, said) in words {
                        let key = what.split_once(' ').map_or("", |(_, k)| k).to_lowercase();
                        let en = said(Lang::En).to_lowercase();
                        for lang in [Lang::Cs, Lang::Uk, Lang::Ru] {
                            let t = said(lang).to_lowercase();
                            if t == key || t == en {
                                left.push(format!("{lang}: {what} is {t:?}"));
                            }
                        }
                        seen.insert(what);
                    }
                }
            }
        }
        left.sort();
        left.dedup();
        assert!(left.is_empty(), "left in English: {left:#?}");
        // The reports built had what the test is about.
        for what in [
            "section pontis games",
            "section by shift",
            "column currency",
            "word step refused",
            "word payout over threshold",
            "word in play",
        ] {
            assert!(seen.contains(what), "no {what} in {seen:#?}");
        }
    }

    fn chart(bars: &[(&str, f64)], theory: &[Option<f64>]) -> Chart {
        Chart {
            title: "House win by day",
            currency: None,
            unit: "",
            axis: Axis::Money,
            days: true,
            bars: bars.iter().map(|(l, v)| (l.to_string(), *v)).collect(),
            theory: theory.to_vec(),
        }
    }

    /// The `y` of each of the vertical axis's labels (the 10-pixel texts) in an SVG.
    fn tick_label_ys(svg: &str) -> Vec<f64> {
        svg.split("<text ")
            .filter(|t| t.contains(r#"font-size="10""#))
            .filter_map(|t| t.split(r#"y=""#).nth(1)?.split('"').next()?.parse().ok())
            .collect()
    }

    /// A house win of 2 over a loss of 300 wrote "2" and "0" on top of each other.
    #[test]
    fn the_vertical_axis_labels_never_overlap() {
        for (bars, theory) in [
            (vec![("2026-01-05", -300.0), ("2026-01-06", 2.0)], vec![]),
            (vec![("2026-01-05", 89_446.27)], vec![Some(-5_509.0)]),
            (vec![("2026-01-05", 11.29), ("2026-01-06", -0.4)], vec![]),
            (vec![("2026-01-05", 0.0)], vec![]),
        ] {
            let svg = svg(&chart(&bars, &theory), Lang::Cs, None, PLOT_LEFT);
            let mut ys = tick_label_ys(&svg);
            assert!(ys.len() >= 2, "{svg}");
            ys.sort_by(f64::total_cmp);
            for w in ys.windows(2) {
                assert!(w[1] - w[0] >= 12.0, "{bars:?}: labels at {ys:?} overlap");
            }
        }
    }

    /// One gaming day's theoretical value was a polyline of one point: nothing was drawn.
    #[test]
    fn a_one_day_theory_is_drawn_as_a_marker() {
        let svg = svg(
            &chart(&[("2026-01-05", 1_000.0)], &[Some(400.0)]),
            Lang::En,
            None,
            PLOT_LEFT,
        );
        assert!(!svg.contains("<polyline"), "{svg}");
        let marker = svg.split("<circle").nth(1).expect("a marker");
        assert!(marker.contains("#e80"), "{svg}");
        // The segment spans most of the bar, at the value's height.
        let f = Frame::of(&chart(&[("2026-01-05", 1_000.0)], &[Some(400.0)]), Lang::En);
        assert!(svg.contains(&format!(r#"y1="{:.1}""#, f.y(400.0))), "{svg}");
        // The legend names it.
        assert!(svg.contains("theoretical"), "{svg}");
        // Two days or more keep the line.
        let two = svg_of_two();
        assert_eq!(two.matches("<polyline").count(), 1, "{two}");
    }

    /// A casino's day in millions (Czech digits: "8 000 000", "-2 000 000"): every tick's
    /// text, at its widest (`TICK_CHAR_PX` a character), ends right of the vertical
    /// axis's caption; the plot moved right for it, and stays where it was for small
    /// figures. (With the plot's left edge fixed at 58 px, "8 000 000" ran over the
    /// caption in the browser.)
    #[test]
    fn wide_ticks_move_the_plot_clear_of_the_axis_caption() {
        let big = chart(
            &[("2026-01-05", 7_900_000.0), ("2026-01-06", -1_900_000.0)],
            &[Some(-10_000.0), Some(-9_000.0)],
        );
        for lang in [Lang::Cs, Lang::En, Lang::Uk, Lang::Ru] {
            let svg = svg(&big, lang, None, PLOT_LEFT);
            let ticks: Vec<(f64, String)> = svg
                .split(r#"<text x=""#)
                .skip(1)
                .filter(|t| t.contains(r#"text-anchor="end">"#))
                .map(|t| {
                    let x: f64 = t[..t.find('"').unwrap()].parse().unwrap();
                    let text = t.split('>').nth(1).unwrap().split('<').next().unwrap();
                    (x, text.to_string())
                })
                .collect();
            assert!(
                ticks.iter().any(|(_, t)| t.chars().count() >= 9),
                "{ticks:?}"
            );
            for (x, text) in &ticks {
                let starts = x - TICK_CHAR_PX * text.chars().count() as f64;
                assert!(
                    starts >= CAPTION_RIGHT,
                    "{lang:?}: {text} starts at {starts}"
                );
            }
            assert!(Frame::of(&big, lang).left > PLOT_LEFT, "{lang:?}");
        }
        let small = chart(&[("2026-01-05", 1_000.0)], &[Some(400.0)]);
        assert_eq!(Frame::of(&small, Lang::Cs).left, PLOT_LEFT);
    }

    /// The plot's left edge as the chart's vertical axis draws it (`x1` of its second line).
    fn axis_x(svg: &str) -> f64 {
        let line = svg.split("<line ").nth(2).unwrap();
        line.split(r#"x1=""#)
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    }

    /// A day's win in millions moved its chart's plot right (above), and the hold chart
    /// below it stayed at 58 px: the two charts' days no longer stood one above another.
    /// A report's charts now share the widest one's edge.
    #[test]
    fn a_reports_charts_share_one_left_edge() {
        let money = chart(&[("2026-01-05", 7_900_000.0), ("2026-01-06", 1_000.0)], &[]);
        let mut hold = chart(&[("2026-01-05", 12.5), ("2026-01-06", -3.0)], &[]);
        hold.axis = Axis::Percent;
        hold.unit = "%";
        for lang in [Lang::Cs, Lang::En, Lang::Uk, Lang::Ru] {
            let charts = [money.clone(), hold.clone()];
            let left = charts_left(&charts, lang);
            assert_eq!(left, Frame::of(&money, lang).left, "{lang:?}");
            assert!(Frame::of(&hold, lang).left < left, "{lang:?}");
            let edges: Vec<f64> = charts
                .iter()
                .map(|c| axis_x(&svg(c, lang, None, left)))
                .collect();
            assert_eq!(edges, vec![left, left], "{lang:?}");
        }
        let small = [chart(&[("2026-01-05", 1_000.0)], &[])];
        assert_eq!(charts_left(&small, Lang::Cs), PLOT_LEFT);
    }

    fn svg_of_two() -> String {
        svg(
            &chart(
                &[("2026-01-05", 1_000.0), ("2026-01-06", 900.0)],
                &[Some(400.0), Some(380.0)],
            ),
            Lang::En,
            None,
            PLOT_LEFT,
        )
    }
}
