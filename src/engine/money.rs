//! Money in integer minor units (cents) and the ratios that pay it. Owns the A3 rule:
//! every division rounds down to the cent, in the house's favour. No floating point.

use std::fmt;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

/// An amount of money in cents. Signed, so that a net can be a loss.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(i64);

/// The largest amount a stake, limit or insurance may be: 10^12 cents. Keeps every
/// product of a stake and a ratio far from overflow.
pub(crate) const MAX_AMOUNT: Money = Money(1_000_000_000_000);

impl Money {
    pub const ZERO: Money = Money(0);

    pub const fn from_cents(cents: i64) -> Money {
        Money(cents)
    }

    pub const fn cents(self) -> i64 {
        self.0
    }

    /// Whole currency units.
    pub const fn units(units: i64) -> Money {
        Money(units * 100)
    }

    /// `self × ratio`, rounded down to the cent (RULES.md A3).
    pub(crate) fn times(self, ratio: Ratio) -> Money {
        // Amounts stay below 10^13 cents and terms below 10^3, so i64 cannot overflow.
        Money((self.0 * ratio.num as i64).div_euclid(ratio.den as i64))
    }

    /// Parses a decimal amount in currency units with at most two decimals: `5`, `2.5`,
    /// `0.05`, `-3.10`. No exponents, no thousands separators.
    pub fn parse(text: &str) -> Result<Money, MoneyError> {
        let bad = || MoneyError::NotAnAmount(text.to_string());
        let t = text.trim();
        let (neg, digits) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (whole, frac) = match digits.split_once('.') {
            Some((w, f)) => (w, f),
            None => (digits, ""),
        };
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        if !frac.bytes().all(|b| b.is_ascii_digit()) || (digits.contains('.') && frac.is_empty()) {
            return Err(bad());
        }
        let frac = frac.trim_end_matches('0');
        if frac.len() > 2 {
            return Err(MoneyError::TooPrecise(text.to_string()));
        }
        let whole = whole.trim_start_matches('0');
        if whole.len() > 13 {
            return Err(MoneyError::TooLarge(text.to_string()));
        }
        let w: i64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| bad())?
        };
        let mut f: i64 = if frac.is_empty() {
            0
        } else {
            frac.parse().map_err(|_| bad())?
        };
        if frac.len() == 1 {
            f *= 10;
        }
        let m = Money(w * 100 + f);
        if m > MAX_AMOUNT {
            return Err(MoneyError::TooLarge(text.to_string()));
        }
        Ok(if neg { -m } else { m })
    }

    pub fn is_positive(self) -> bool {
        self.0 > 0
    }
}

/// Text that is not an amount of money.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    #[error(
        "\"{}\" is not an amount: expected a number of currency units such as 10, 2.5 or 0.05",
        super::shown(.0)
    )]
    NotAnAmount(String),
    #[error(
        "\"{}\" has more than two decimals: amounts are exact to the cent",
        super::shown(.0)
    )]
    TooPrecise(String),
    #[error("\"{}\" is too large: amounts are at most 10000000000", super::shown(.0))]
    TooLarge(String),
}

/// The currency a table plays in: an active ISO 4217 code (`CZK`, `BYN`, `UAH`, `EUR`).
/// Every amount stays in minor units of two decimals; the symbol and the way the amount
/// is written belong to the language (`crate::i18n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Currency([u8; 3]);

/// The active ISO 4217 codes with their English names, one a line (`CZK Czech Koruna`);
/// `#` starts a comment. Data, not code: a new code is a new line.
const ISO_4217: &str = include_str!("../../data/currencies.txt");

impl Currency {
    /// Reads a code as typed (`czk` is `CZK`); refuses anything but an active ISO 4217
    /// code, so that a typo (`CKZ`) never names a table's money.
    pub fn parse(text: &str) -> Result<Currency, CurrencyError> {
        let c = Currency::letters(text.trim().to_ascii_uppercase().as_str())
            .ok_or_else(|| CurrencyError(text.to_string()))?;
        if Currency::active().any(|(code, _)| code == c.code()) {
            Ok(c)
        } else {
            Err(CurrencyError(text.to_string()))
        }
    }

    /// A code as a log keeps it: three capital letters, whether or not ISO still lists it
    /// (a log written before the list was checked, or a code withdrawn since, still reads).
    pub fn from_stored(code: &str) -> Option<Currency> {
        Currency::letters(code)
    }

    fn letters(code: &str) -> Option<Currency> {
        match code.as_bytes() {
            &[a, b, c] if [a, b, c].iter().all(u8::is_ascii_uppercase) => Some(Currency([a, b, c])),
            _ => None,
        }
    }

    /// Every active code and its English name, in the list's order.
    pub fn active() -> impl Iterator<Item = (&'static str, &'static str)> {
        ISO_4217
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| l.split_once(' ').unwrap_or((l, "")))
    }

    /// The code, `CZK`.
    pub fn code(&self) -> &str {
        std::str::from_utf8(&self.0).expect("three ASCII letters")
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Text that is not a currency code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "\"{}\" is not a currency: expected an ISO 4217 code in use today, three letters such as CZK, BYN, UAH, EUR, RUB, USD or PLN",
    super::shown(.0)
)]
pub struct CurrencyError(pub String);

impl fmt::Display for Money {
    /// `20`, `-15`, `7.50`, `-0.03`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        if a.is_multiple_of(100) {
            write!(f, "{sign}{}", a / 100)
        } else {
            write!(f, "{sign}{}.{:02}", a / 100, a % 100)
        }
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, o: Money) -> Money {
        Money(self.0 + o.0)
    }
}
impl Sub for Money {
    type Output = Money;
    fn sub(self, o: Money) -> Money {
        Money(self.0 - o.0)
    }
}
impl Neg for Money {
    type Output = Money;
    fn neg(self) -> Money {
        Money(-self.0)
    }
}
impl AddAssign for Money {
    fn add_assign(&mut self, o: Money) {
        self.0 += o.0;
    }
}
impl SubAssign for Money {
    fn sub_assign(&mut self, o: Money) {
        self.0 -= o.0;
    }
}
impl std::iter::Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        Money(iter.map(|m| m.0).sum())
    }
}

/// A payout or share, `num:den`, both positive (e.g. 3:2). Built only through `new`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: u32,
    den: u32,
}

impl Ratio {
    /// The largest numerator or denominator a rules file may give.
    pub(crate) const MAX_TERM: u32 = 1000;

    pub(crate) fn new(num: u32, den: u32) -> Option<Ratio> {
        ((1..=Self::MAX_TERM).contains(&num) && (1..=Self::MAX_TERM).contains(&den))
            .then_some(Ratio { num, den })
    }

    pub(crate) const EVEN: Ratio = Ratio { num: 1, den: 1 };
    pub(crate) const HALF: Ratio = Ratio { num: 1, den: 2 };

    pub(crate) fn num(self) -> u32 {
        self.num
    }
    pub(crate) fn den(self) -> u32 {
        self.den
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.num, self.den)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list of codes parses (every line a code of three capitals and a name, no code
    /// twice) and holds the floors' currencies; a typo or a made-up code is refused.
    #[test]
    fn currencies_are_the_active_iso_4217_codes() {
        let codes: Vec<(&str, &str)> = Currency::active().collect();
        assert!(codes.len() > 150, "{} codes", codes.len());
        let mut seen = std::collections::HashSet::new();
        for (code, name) in &codes {
            assert!(Currency::from_stored(code).is_some(), "{code:?}");
            assert!(!name.trim().is_empty(), "{code} has no name");
            assert!(seen.insert(*code), "{code} twice");
        }
        for code in ["CZK", "BYN", "UAH", "EUR", "RUB", "USD", "PLN"] {
            assert!(seen.contains(code), "{code} missing");
            assert_eq!(
                Currency::parse(code).map(|c| c.to_string()),
                Ok(code.into())
            );
        }
        assert_eq!(Currency::parse(" czk ").unwrap().code(), "CZK");
        for bad in ["CKZ", "XYZ", "EU", "EURO", "E1R", "", "ЕUR", "BGN", "XAU"] {
            let e = Currency::parse(bad).unwrap_err().to_string();
            assert!(e.contains("ISO 4217") && e.contains("CZK"), "{bad}: {e}");
        }
        // A log keeps whatever three capitals it was given.
        assert_eq!(Currency::from_stored("XYZ").unwrap().code(), "XYZ");
        assert!(Currency::from_stored("czk").is_none());
    }

    #[test]
    fn parses_amounts_exactly() {
        let cases = [
            ("5", 500),
            ("2.5", 250),
            ("0.05", 5),
            ("7.50", 750),
            ("-3.10", -310),
            ("10.050", 1005),
            ("007", 700),
        ];
        for (t, c) in cases {
            assert_eq!(Money::parse(t), Ok(Money::from_cents(c)), "{t}");
        }
        for t in [
            "", "abc", "1e2", ".5", "5.", "1,000", "0.001", "--1", "1.2.3",
        ] {
            assert!(Money::parse(t).is_err(), "{t}");
        }
    }

    #[test]
    fn ratios_round_down_to_the_cent() {
        let five = Money::from_cents(5);
        assert_eq!(five.times(Ratio::new(3, 2).unwrap()), Money::from_cents(7));
        assert_eq!(five.times(Ratio::HALF), Money::from_cents(2));
        assert_eq!(
            Money::from_cents(255)
                .times(Ratio::new(3, 2).unwrap())
                .cents(),
            382
        );
    }

    #[test]
    fn displays_like_a_cashier() {
        let shown: Vec<String> = [2000, -1500, 750, -3, 5]
            .iter()
            .map(|&c| Money::from_cents(c).to_string())
            .collect();
        assert_eq!(shown, ["20", "-15", "7.50", "-0.03", "0.05"]);
    }
}
