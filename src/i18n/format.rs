//! Numbers, money and dates as each language's floor writes them: `1 234,50 Kč` in
//! Czech, `CZK 1,234.50` in English. The separators and patterns are messages of the
//! `.ftl` files (`number-decimal`, `number-group`, `money`, `date-pattern`, …), so a
//! locale is data like every other word; this module only puts the digits in place.

use std::sync::OnceLock;

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};

use super::{Arg, Lang, has, tr, tr_args};
use crate::engine::{Currency, Money};

/// One language's number and date conventions, read once from its `.ftl`.
struct Conventions {
    decimal: String,
    group: String,
    minus: String,
    date: String,
    time: String,
    datetime: String,
}

fn conventions(lang: Lang) -> &'static Conventions {
    static ALL: OnceLock<[Conventions; 4]> = OnceLock::new();
    &ALL.get_or_init(|| {
        Lang::ALL.map(|l| Conventions {
            decimal: tr(l, "number-decimal"),
            group: tr(l, "number-group"),
            minus: tr(l, "number-minus"),
            date: tr(l, "date-pattern"),
            time: tr(l, "time-pattern"),
            datetime: tr(l, "datetime-pattern"),
        })
    })[lang as usize]
}

/// Digits of a whole number with the language's group separator: `1 234 567`.
fn grouped(n: u64, group: &str) -> String {
    let mut s = String::new();
    grouped_into(&mut s, n, group);
    s
}

/// [`grouped`], appended to `out` (no text made on the way).
fn grouped_into(out: &mut String, mut n: u64, group: &str) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // ASCII digits; the first group takes what is left over the threes.
    let digits = std::str::from_utf8(&buf[i..]).unwrap_or_default();
    let first = match digits.len() % 3 {
        0 => 3,
        r => r,
    };
    out.push_str(&digits[..first]);
    let mut at = first;
    while at < digits.len() {
        out.push_str(group);
        out.push_str(&digits[at..at + 3]);
        at += 3;
    }
}

/// An amount without a currency, two decimals, grouped: `-1 234,50`.
pub fn amount(lang: Lang, m: Money) -> String {
    let mut s = String::new();
    amount_into(&mut s, lang, m);
    s
}

/// [`amount`], appended to `out`: what a report's page writes a cell at a time.
pub fn amount_into(out: &mut String, lang: Lang, m: Money) {
    let c = conventions(lang);
    let cents = m.cents();
    let abs = cents.unsigned_abs();
    if cents < 0 {
        out.push_str(&c.minus);
    }
    grouped_into(out, abs / 100, &c.group);
    out.push_str(&c.decimal);
    out.push(char::from(b'0' + (abs % 100 / 10) as u8));
    out.push(char::from(b'0' + (abs % 10) as u8));
}

/// An amount with its currency as the language writes it: `1 234,50 Kč`, `CZK 1,234.50`.
/// Without a currency, the amount alone.
pub fn money(lang: Lang, m: Money, currency: Option<Currency>) -> String {
    let Some(cur) = currency else {
        return amount(lang, m);
    };
    let symbol_id = format!("currency-{}", cur.code());
    let symbol = if has(lang, &symbol_id) {
        tr(lang, &symbol_id)
    } else {
        cur.code().to_string()
    };
    tr_args(
        lang,
        "money",
        &[
            ("amount", Arg::from(amount(lang, m))),
            ("symbol", Arg::from(symbol)),
            ("code", Arg::from(cur.code())),
        ],
    )
}

/// A decimal number with `places` decimals (percentages, standard deviations): `-1,34`.
/// `-0,00` is written `0,00`.
pub fn decimal(lang: Lang, v: f64, places: usize) -> String {
    let c = conventions(lang);
    let t = format!("{:.*}", places, v.abs());
    let neg = v < 0.0 && t.bytes().any(|b| b.is_ascii_digit() && b != b'0');
    let (whole, frac) = t.split_once('.').unwrap_or((&t, ""));
    let whole = whole
        .parse::<u64>()
        .map(|w| grouped(w, &c.group))
        .unwrap_or_else(|_| whole.to_string());
    let mut s = String::new();
    if neg {
        s.push_str(&c.minus);
    }
    s.push_str(&whole);
    if !frac.is_empty() {
        s.push_str(&c.decimal);
        s.push_str(frac);
    }
    s
}

/// A calendar date: `30. 11. 2026`, `30.11.2026`, `30 Nov 2026`.
pub fn date(lang: Lang, d: NaiveDate) -> String {
    d.format(&conventions(lang).date).to_string()
}

/// A time of day to the minute: `14:05`.
pub fn time(lang: Lang, t: NaiveTime) -> String {
    t.format(&conventions(lang).time).to_string()
}

/// A date and time: `30. 11. 2026 14:05`.
pub fn datetime(lang: Lang, dt: NaiveDateTime) -> String {
    dt.format(&conventions(lang).datetime).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NBSP: &str = "\u{a0}";

    #[test]
    fn money_is_written_as_each_floor_writes_it() {
        let m = Money::from_cents(123_450);
        let czk = Currency::parse("CZK").unwrap();
        let byn = Currency::parse("byn").unwrap();
        assert_eq!(
            money(Lang::Cs, m, Some(czk)),
            format!("1{NBSP}234,50{NBSP}Kč")
        );
        assert_eq!(
            money(Lang::Ru, m, Some(byn)),
            format!("1{NBSP}234,50{NBSP}Br")
        );
        assert_eq!(money(Lang::En, m, Some(czk)), format!("CZK{NBSP}1,234.50"));
        assert_eq!(amount(Lang::Uk, Money::from_cents(-5)), "-0,05");
        assert_eq!(
            amount(Lang::En, Money::from_cents(100_000_000_000)),
            "1,000,000,000.00"
        );
        // A code with no symbol of its own is written as itself.
        let chf = Currency::parse("CHF").unwrap();
        assert_eq!(
            money(Lang::Cs, m, Some(chf)),
            format!("1{NBSP}234,50{NBSP}CHF")
        );
    }

    /// The amount as it was written before it was put in place digit by digit (parts of
    /// three joined by the group mark, through the formatter): the reference.
    fn amount_as_formatted(lang: Lang, m: Money) -> String {
        let c = conventions(lang);
        let abs = m.cents().unsigned_abs();
        let (mut n, mut parts) = (abs / 100, vec![]);
        while n >= 1000 {
            parts.push(format!("{:03}", n % 1000));
            n /= 1000;
        }
        parts.push(n.to_string());
        parts.reverse();
        let minus = if m.cents() < 0 { c.minus.as_str() } else { "" };
        format!(
            "{minus}{}{}{:02}",
            parts.join(&c.group),
            c.decimal,
            abs % 100
        )
    }

    #[test]
    fn an_amount_put_in_place_is_the_amount_formatted() {
        let cents = [
            0,
            5,
            -5,
            99,
            100,
            -100,
            99_999,
            100_000,
            -123_450,
            99_999_999,
            100_000_000,
            100_000_000_000,
            i64::MAX,
            i64::MIN,
            i64::MIN + 1,
        ];
        for lang in Lang::ALL {
            for c in cents {
                let m = Money::from_cents(c);
                let mut appended = String::from("x");
                amount_into(&mut appended, lang, m);
                let expected = amount_as_formatted(lang, m);
                assert_eq!(amount(lang, m), expected, "{lang:?} {c}");
                assert_eq!(appended, format!("x{expected}"), "{lang:?} {c}: appended");
            }
        }
    }

    #[test]
    fn decimals_and_dates_follow_the_language() {
        assert_eq!(decimal(Lang::Cs, -1.3348, 2), "-1,33");
        assert_eq!(decimal(Lang::En, -0.001, 2), "0.00");
        assert_eq!(decimal(Lang::Ru, 12345.678, 1), format!("12{NBSP}345,7"));
        let d = NaiveDate::from_ymd_opt(2026, 11, 3).unwrap();
        assert_eq!(date(Lang::Cs, d), "3. 11. 2026");
        assert_eq!(date(Lang::Uk, d), "03.11.2026");
        assert_eq!(date(Lang::En, d), "3 Nov 2026");
        let dt = d.and_hms_opt(14, 5, 9).unwrap();
        assert_eq!(datetime(Lang::Ru, dt), "03.11.2026 14:05");
    }
}
