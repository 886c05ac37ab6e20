//! A row's cells written where they go, a row at a time: a table row of the HTML page and
//! a CSV file's fields, each cell's text put in place in the writer's own buffer (no text
//! made a cell for the common cells: words, whole numbers, money without a currency,
//! moments, a round's inputs in English). The words are [`super::cell_html`]'s and
//! [`super::cell_csv_text`]'s, byte for byte: a cell this module has no short way for is
//! written through them. Owns no format of its own and never changes what a cell says.

use std::fmt::Write as _;
use std::sync::OnceLock;

use chrono::format::Item;

use super::{Cell, Detail, Lang, Style, cell_csv_text, cell_html, needs_mark};
use crate::engine::{Currency, Money};
use crate::report::{TIME_TEXT, time_text};
use crate::t;

/// A row of a section's table, appended to `out`.
pub(crate) fn html_row(out: &mut String, row: &[Cell], lang: Lang, currency: Option<Currency>) {
    out.push_str("<tr>");
    for c in row {
        out.push_str(match (c.is_number(), negative(c), c) {
            (true, true, _) => "<td class=\"n neg\">",
            (true, false, _) => "<td class=\"n\">",
            (_, _, Cell::Date(_) | Cell::Time(_)) => "<td class=\"d\">",
            _ => "<td>",
        });
        let start = out.len();
        html_cell(out, c, lang, currency);
        escape_from(out, start);
        out.push_str("</td>");
    }
    out.push_str("</tr>");
}

/// The cell's words on the page (as [`cell_html`] says them), unescaped, appended.
fn html_cell(out: &mut String, c: &Cell, lang: Lang, currency: Option<Currency>) {
    match c {
        Cell::Text(t) => out.push_str(t),
        Cell::Int(n) => {
            let _ = write!(out, "{n}");
        }
        Cell::Money(m) if currency.is_none() => crate::i18n::amount_into(out, lang, *m),
        Cell::Time(ms) => timestamp_into(out, lang, *ms),
        Cell::Detail(d) => match &**d {
            Detail::Inputs(steps) if lang == Lang::En => out.push_str(steps.spaced()),
            _ => out.push_str(&cell_html(c, lang, currency)),
        },
        _ => out.push_str(&cell_html(c, lang, currency)),
    }
}

/// What `out` holds from `start` on made safe on the page (`&`, `<`, `>`, `"`, as
/// [`super::esc`] makes them), in place when there is none of them (most cells).
pub(super) fn escape_from(out: &mut String, start: usize) {
    // Looked for with memchr's vector search (a byte at a time this was a tenth of an
    // HTML rounds report's writing).
    let hay = &out.as_bytes()[start..];
    if memchr::memchr3(b'&', b'<', b'>', hay).is_none() && memchr::memchr(b'"', hay).is_none() {
        return;
    }
    let raw = out.split_off(start);
    for ch in raw.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            ch => out.push(ch),
        }
    }
}

/// Whether a number cell shows a value below zero (the page shows it red).
pub(super) fn negative(c: &Cell) -> bool {
    match c {
        // Their text starts with `-` exactly when they are below zero, with a digit
        // other than 0 after it.
        Cell::Int(n) => *n < 0,
        Cell::Money(m) => m.cents() < 0,
        c if c.is_number() => {
            let t = c.text();
            t.starts_with('-') && t.bytes().any(|b| (b'1'..=b'9').contains(&b))
        }
        _ => false,
    }
}

/// A moment in the language's `report-timestamp-pattern`, as chrono writes it.
pub(super) fn timestamp(lang: Lang, ms: i64) -> String {
    let mut s = String::new();
    timestamp_into(&mut s, lang, ms);
    s
}

/// [`timestamp`] appended to `out`, the pattern read once a process (not looked up and
/// read again a cell). A pattern chrono cannot read is formatted as it was before.
fn timestamp_into(out: &mut String, lang: Lang, ms: i64) {
    let Some(t) = chrono::DateTime::from_timestamp_millis(ms) else {
        return;
    };
    static ITEMS: OnceLock<[Option<Vec<Item<'static>>>; 4]> = OnceLock::new();
    let items = ITEMS.get_or_init(|| {
        Lang::ALL.map(|l| {
            let pattern = t!(l, "report-timestamp-pattern");
            chrono::format::StrftimeItems::new(&pattern)
                .parse_to_owned()
                .ok()
        })
    });
    match &items[lang as usize] {
        Some(items) if fields_into(out, items, &t) => {}
        Some(items) => {
            let _ = write!(out, "{}", t.format_with_items(items.iter()));
        }
        None => {
            let pattern = t!(lang, "report-timestamp-pattern");
            out.push_str(&t.format(&pattern).to_string());
        }
    }
}

/// `items` of moment `t` appended as chrono writes them, where each is one of the few
/// the languages' patterns use (literals, spaces, the date's and time's numbers, the
/// English month's short name) and the year is 0 to 9999; else nothing appended and
/// `false` (chrono writes it). Chrono's formatter was an eighth of an HTML rounds
/// report's writing; `tests::a_moment_is_written_as_chrono_writes_it` holds the two equal.
fn fields_into(out: &mut String, items: &[Item], t: &chrono::DateTime<chrono::Utc>) -> bool {
    use chrono::format::{Fixed, Numeric, Pad};
    use chrono::{Datelike, Timelike};
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let start = out.len();
    let year = u32::try_from(t.year()).ok().filter(|y| *y <= 9999);
    for item in items {
        let (value, width, pad) = match (item, year) {
            (Item::Literal(s) | Item::Space(s), _) => {
                out.push_str(s);
                continue;
            }
            (Item::OwnedLiteral(s) | Item::OwnedSpace(s), _) => {
                out.push_str(s);
                continue;
            }
            (Item::Fixed(Fixed::ShortMonthName), _) => {
                out.push_str(MONTHS[t.month0() as usize]);
                continue;
            }
            (Item::Numeric(Numeric::Year, pad), Some(y)) => (y, 4, pad),
            (Item::Numeric(Numeric::Month, pad), _) => (t.month(), 2, pad),
            (Item::Numeric(Numeric::Day, pad), _) => (t.day(), 2, pad),
            (Item::Numeric(Numeric::Hour, pad), _) => (t.hour(), 2, pad),
            (Item::Numeric(Numeric::Minute, pad), _) => (t.minute(), 2, pad),
            (Item::Numeric(Numeric::Second, pad), _) => (t.second(), 2, pad),
            _ => {
                out.truncate(start);
                return false;
            }
        };
        let mut digits = itoa::Buffer::new();
        let digits = digits.format(value);
        let fill = match pad {
            Pad::Zero => '0',
            Pad::Space => ' ',
            Pad::None => '\0',
        };
        if fill != '\0' {
            (digits.len()..width).for_each(|_| out.push(fill));
        }
        out.push_str(digits);
    }
    true
}

/// A cell as its CSV field (as [`cell_csv_text`] writes it): borrowed from the cell, or
/// put in `scratch` (emptied first) for a number or a moment, with no text made.
pub(super) fn csv_field<'c>(c: &'c Cell, st: &Style, scratch: &'c mut String) -> &'c str {
    scratch.clear();
    match c {
        Cell::Text(t) if !needs_mark(t) => return t,
        // No decimal mark in a whole number.
        Cell::Int(n) => {
            let _ = write!(scratch, "{n}");
        }
        Cell::Money(m) => money_plain(scratch, *m, st.csv.decimal()),
        Cell::Time(ms) => scratch.push_str(time_text(*ms, &mut [0; TIME_TEXT])),
        Cell::Detail(d) => match &**d {
            Detail::Inputs(steps) if st.lang == Lang::En && !needs_mark(steps.spaced()) => {
                return steps.spaced();
            }
            _ => scratch.push_str(&cell_csv_text(c, st)),
        },
        _ => scratch.push_str(&cell_csv_text(c, st)),
    }
    scratch
}

/// An amount as [`Cell::text`] writes it (`-12.50`: no grouping, two decimals) with
/// `decimal` for its mark, appended.
fn money_plain(out: &mut String, m: Money, decimal: char) {
    let abs = m.cents().unsigned_abs();
    if m.cents() < 0 {
        out.push('-');
    }
    let _ = write!(out, "{}", abs / 100);
    out.push(decimal);
    out.push(char::from(b'0' + (abs % 100 / 10) as u8));
    out.push(char::from(b'0' + (abs % 10) as u8));
}

#[cfg(test)]
mod tests;
