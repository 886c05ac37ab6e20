//! Every cell a report shows, in every language, with and without a currency, written
//! as the page and the CSV files wrote it before the cells were put in place: the
//! references below are the old code (a `String` a cell, escaped by `esc`).

use super::super::spreadsheet_safe;
use super::*;
use crate::engine::Currency;

/// The page's old escaping (`render::esc` before it was [`escape_from`]), kept as the
/// reference apart from the code it checks.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page's old row: each cell's words made, escaped, formatted into its `<td>`; the
/// red mark read from the cell's text.
fn html_row_as_formatted(row: &[Cell], lang: Lang, currency: Option<Currency>) -> String {
    let mut out = String::from("<tr>");
    for c in row {
        let t = c.text();
        let negative =
            c.is_number() && t.starts_with('-') && t.bytes().any(|b| (b'1'..=b'9').contains(&b));
        let class = match (c.is_number(), negative, c) {
            (true, true, _) => " class=\"n neg\"",
            (true, false, _) => " class=\"n\"",
            (_, _, Cell::Date(_) | Cell::Time(_)) => " class=\"d\"",
            _ => "",
        };
        let words = match c {
            Cell::Time(ms) => chrono::DateTime::from_timestamp_millis(*ms)
                .map(|t| t.format(&t!(lang, "report-timestamp-pattern")).to_string())
                .unwrap_or_default(),
            c => cell_html(c, lang, currency),
        };
        let _ = write!(out, "<td{class}>{}</td>", esc(&words));
    }
    out + "</tr>"
}

/// The CSV file's old field: the cell's text made, the decimal mark put in, a formula's
/// text marked.
fn csv_field_as_formatted(c: &Cell, st: &Style) -> String {
    match c {
        Cell::Text(t) => spreadsheet_safe(t.clone()),
        Cell::Int(_) | Cell::Money(_) | Cell::Percent(_) | Cell::Sd(_) | Cell::Decimal(..) => {
            c.text().replace('.', &st.csv.decimal().to_string())
        }
        Cell::Date(_) | Cell::Time(_) | Cell::Shift(..) | Cell::Empty => c.text(),
        Cell::Word(_) | Cell::Detail(_) | Cell::Flag(_) => {
            spreadsheet_safe(cell_html(c, st.lang, None))
        }
    }
}

fn inputs(steps: &[&str]) -> Cell {
    Cell::from(Detail::Inputs(steps.iter().copied().collect()))
}

/// Cells of every kind, with the page's special characters and a spreadsheet's formula
/// marks in the texts, and the edges of the numbers and moments.
fn cells() -> Vec<Cell> {
    let texts = [
        "Pontoon <1> & \"Jana\" O'Neil, Svoboda",
        "=SUM(A1)",
        "-x",
        "plain",
        "",
        "Zdeněk Šťastný",
    ];
    let day = chrono::NaiveDate::from_ymd_opt(2026, 1, 5).unwrap();
    let mut cells: Vec<Cell> = texts.iter().map(|t| Cell::Text(t.to_string())).collect();
    cells.extend([0, 7, -5, i64::MAX, i64::MIN].map(Cell::Int));
    let cents = [
        0,
        1,
        -1,
        99,
        -100,
        123_450,
        -123_450,
        100_000_000_000,
        i64::MIN,
    ];
    cells.extend(cents.map(|c| Cell::Money(Money::from_cents(c))));
    // A moment of 2026, the epoch, before it, past the year 9999, and one chrono has not.
    let moments = [1_767_593_080_123, 0, -1, 253_402_300_800_000, i64::MAX];
    cells.extend(moments.map(Cell::Time));
    cells.extend([
        inputs(&["Jd", "split 1a", "<b>&\""]),
        inputs(&["=1+1", "x"]),
        inputs(&[]),
        Cell::from(Detail::TableIn {
            table: "T<1>&\"".into(),
            db: 1,
        }),
        Cell::Percent(Some(-0.001)),
        Cell::Percent(Some(-1.5)),
        Cell::Percent(None),
        Cell::Sd(Some(-0.004)),
        Cell::Sd(Some(2.5)),
        Cell::Decimal(Some(-0.0001), 3),
        Cell::Decimal(Some(-1.25), 2),
        Cell::Word("not yet replayed"),
        Cell::Shift(2, "14:00–22:00".into()),
        Cell::Date(day),
        Cell::Empty,
        Cell::Flag(true),
    ]);
    cells
}

#[test]
fn a_row_is_written_byte_for_byte_as_it_was_formatted() {
    let czk = Currency::parse("CZK").unwrap();
    let cells = cells();
    for lang in Lang::ALL {
        for currency in [None, Some(czk)] {
            // Cell by cell (each case says which), then the whole row after a text.
            for c in &cells {
                let mut out = String::new();
                html_row(&mut out, std::slice::from_ref(c), lang, currency);
                let expected = html_row_as_formatted(std::slice::from_ref(c), lang, currency);
                assert_eq!(out, expected, "{lang:?} {currency:?} {c:?}");
            }
            let mut out = String::from("<p>");
            html_row(&mut out, &cells, lang, currency);
            let expected = html_row_as_formatted(&cells, lang, currency);
            assert_eq!(out, format!("<p>{expected}"), "{lang:?} {currency:?}");
        }
    }
}

#[test]
fn a_field_is_written_byte_for_byte_as_it_was_formatted() {
    let mut scratch = String::from("left from the previous field");
    for lang in Lang::ALL {
        let st = Style::of(lang);
        for c in &cells() {
            let expected = csv_field_as_formatted(c, &st);
            assert_eq!(csv_field(c, &st, &mut scratch), expected, "{lang:?} {c:?}");
        }
    }
}

#[test]
fn a_moment_is_written_in_each_languages_pattern() {
    let ms = 1_767_593_080_123;
    let cases = [
        (Lang::En, "5 Jan 2026 06:04:40"),
        (Lang::Cs, "5. 1. 2026 06:04:40"),
        (Lang::Uk, "05.01.2026 06:04:40"),
    ];
    for (lang, expected) in cases {
        assert_eq!(timestamp(lang, ms), expected, "{lang:?}");
    }
}

/// Each language's moments as chrono writes its pattern, over a sweep of 150 years (every
/// day and month of one or two digits, every hour), before 1970, years of one to three
/// digits (padded as the pattern says) and past 9999 (chrono's own way there); a pattern
/// with a field `fields_into` does not know is left to chrono.
#[test]
fn a_moment_is_written_as_chrono_writes_it() {
    let step = 37 * 3_600_000 + 13_017;
    let sweep = (0..36_000).map(|i| -100_000_000_000 + i * step);
    let edges = [
        0,
        -1,
        253_402_300_799_999,
        253_402_300_800_000,
        -62_198_755_200_000,
        -62_167_219_200_000,
        -62_129_962_557_000,
        -59_037_360_957_000,
        -46_383_044_157_000,
        -30_636_125_757_000,
    ];
    for lang in Lang::ALL {
        let pattern = t!(lang, "report-timestamp-pattern");
        for ms in sweep.clone().chain(edges) {
            let chrono = chrono::DateTime::from_timestamp_millis(ms).unwrap();
            assert_eq!(
                timestamp(lang, ms),
                chrono.format(&pattern).to_string(),
                "{lang:?} {ms}"
            );
        }
    }
    let items = chrono::format::StrftimeItems::new("%d %A")
        .parse_to_owned()
        .unwrap();
    let mut out = String::from("kept");
    let t = chrono::DateTime::from_timestamp_millis(0).unwrap();
    assert!(!fields_into(&mut out, &items, &t));
    assert_eq!(out, "kept");
}
