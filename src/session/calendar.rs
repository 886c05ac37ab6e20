//! The casino's calendar: which gaming day, and which shift of it (numbered from 1), a
//! moment falls in. Every report, the desk and the close-out bucket time through this one
//! type; it never reads the log (the database's settings build it, `settings::calendar`).

use chrono::NaiveDate;

const MINUTE_MS: i64 = 60_000;
const DAY_MS: i64 = 24 * 60 * MINUTE_MS;

/// A gaming day and a shift of it: shift 1 starts the gaming day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShiftAt {
    pub day: NaiveDate,
    pub shift: u8,
}

/// The shifts of a gaming day, as start times after midnight. Today's floor: 06:00, 14:00
/// and 22:00 UTC (the gaming day starts with the first). A time zone and other start times
/// come with issue 23's `croupier day`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Calendar {
    /// Minutes after midnight, strictly rising, at least one, all under 24 h.
    starts: Vec<i64>,
}

impl Calendar {
    /// The calendar every database had before it was given one: shifts at 06:00, 14:00
    /// and 22:00 UTC.
    pub fn utc_default() -> Self {
        Calendar {
            starts: vec![6 * 60, 14 * 60, 22 * 60],
        }
    }

    /// How many shifts a gaming day has.
    pub fn shift_count(&self) -> u8 {
        self.starts.len() as u8
    }

    /// The gaming day and shift `at_ms` (ms since the epoch) falls in.
    pub fn locate(&self, at_ms: i64) -> ShiftAt {
        let first = self.starts[0] * MINUTE_MS;
        // The gaming day is the calendar date of its first shift's start.
        let since_first = at_ms - first;
        let day_index = since_first.div_euclid(DAY_MS);
        let into_day = since_first.rem_euclid(DAY_MS) + first;
        let shift = self
            .starts
            .iter()
            .rposition(|s| s * MINUTE_MS <= into_day)
            .unwrap_or(0);
        let epoch = NaiveDate::from_ymd_opt(1970, 1, 1).unwrap_or_default();
        let day = epoch
            .checked_add_signed(chrono::Duration::days(day_index))
            .unwrap_or_default();
        ShiftAt {
            day,
            shift: shift as u8 + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> i64 {
        chrono::DateTime::parse_from_rfc3339(s)
            .unwrap()
            .timestamp_millis()
    }

    #[test]
    fn the_default_calendar_is_the_floors_utc_shifts() {
        let c = Calendar::utc_default();
        let d = |y, m, dd| NaiveDate::from_ymd_opt(y, m, dd).unwrap();
        for (time, day, shift) in [
            ("2026-12-01T06:00:00Z", d(2026, 12, 1), 1),
            ("2026-12-01T13:59:59Z", d(2026, 12, 1), 1),
            ("2026-12-01T14:00:00Z", d(2026, 12, 1), 2),
            ("2026-12-01T22:00:00Z", d(2026, 12, 1), 3),
            ("2026-12-02T05:59:59Z", d(2026, 12, 1), 3),
            ("2026-12-02T06:00:00Z", d(2026, 12, 2), 1),
        ] {
            assert_eq!(c.locate(at(time)), ShiftAt { day, shift }, "{time}");
        }
    }
}
