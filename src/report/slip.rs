//! A fill or credit slip as one printable HTML page in a language: number, table, time,
//! both signers and the chips. Renders only; the slip is logged by `session::money_log`
//! and written by the binary through `files::write_new` (never over a file).

use std::fmt::Write;

use crate::engine::{Currency, Money};
use crate::i18n::{self, Lang};
use crate::session::calendar::Calendar;
use crate::session::money_log::SlipMade;
use crate::t;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The slip as a self-contained page (inline CSS, nothing fetched); its time in the
/// database's own zone (`cal`), named.
pub fn slip_html(s: &SlipMade, lang: Lang, currency: Option<Currency>, cal: &Calendar) -> String {
    let title = match s.fill {
        true => t!(lang, "slip-title-fill"),
        false => t!(lang, "slip-title-credit"),
    };
    let when = format!("{} ({})", i18n::datetime(lang, cal.local(s.at)), cal.zone());
    let money = |m: Money| esc(&i18n::money(lang, m, currency));
    let mut rows = String::new();
    for (d, c) in s.chips.counts() {
        let _ = write!(
            rows,
            "<tr><td>{}</td><td>{c}</td><td>{}</td></tr>",
            money(d),
            money(Money::from_cents(d.cents() * i64::from(c)))
        );
    }
    format!(
        r#"<!DOCTYPE html><html lang="{code}"><head><meta charset="utf-8"><title>{title} {n}</title>
<style>body{{font-family:sans-serif;max-width:40em;margin:2em auto}}td,th{{border:1px solid #333;padding:.3em .6em;text-align:right}}table{{border-collapse:collapse}}.sign{{margin-top:3em}}</style></head><body>
<h1>{title} {n}</h1>
<p>{l_table}: {table}<br>{l_time}: {when}</p>
<table><tr><th>{l_denom}</th><th>{l_count}</th><th>{l_amount}</th></tr>{rows}<tr><th colspan="2">{l_total}</th><th>{total}</th></tr></table>
<p class="sign">{l_by}: {by} ______________________</p>
<p class="sign">{l_witness}: {witness} ______________________</p>
</body></html>
"#,
        code = lang.code(),
        n = s.number,
        table = esc(&s.table),
        l_table = t!(lang, "slip-table"),
        l_time = t!(lang, "slip-time"),
        l_denom = t!(lang, "slip-denomination"),
        l_count = t!(lang, "slip-count"),
        l_amount = t!(lang, "slip-amount"),
        l_total = t!(lang, "slip-total"),
        total = money(s.chips.total()),
        l_by = t!(lang, "slip-by"),
        by = esc(&s.by),
        l_witness = t!(lang, "slip-witness"),
        witness = esc(&s.witness),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::chips::{ChipSet, Chips};

    /// The slip's time is the casino's, its zone named: 10:00 UTC is 11:00 in Prague.
    #[test]
    fn a_slip_says_its_time_in_the_databases_zone() {
        let set = ChipSet::parse("100 500").unwrap();
        let made = SlipMade {
            number: 7,
            table: "Pontoon 1".into(),
            fill: true,
            chips: Chips::parse("500:2", &set).unwrap(),
            at: 1_764_583_200_000, // 2025-12-01 10:00 UTC
            by: "Petr Novak".into(),
            witness: "Jana Svoboda".into(),
        };
        let cal = Calendar::new("Europe/Prague", "06:00 14:00 22:00").unwrap();
        let html = slip_html(&made, Lang::En, None, &cal);
        assert!(
            html.contains("11:00") && html.contains("(Europe/Prague)"),
            "{html}"
        );
        assert!(!html.contains("10:00") && !html.contains("UTC"), "{html}");
    }
}
