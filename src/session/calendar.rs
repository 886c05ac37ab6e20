//! The casino's calendar: which gaming day, and which shift of it (numbered from 1), a
//! moment falls in, in the casino's own time zone. Every report, the desk and the close-out
//! bucket time through this one type; it never reads the log (`settings::calendar` does).

use chrono::{LocalResult, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeZone};
use chrono_tz::Tz;

/// A gaming day and a shift of it: shift 1 starts the gaming day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShiftAt {
    pub day: NaiveDate,
    pub shift: u8,
}

/// Why a time zone or a list of shift starts is not a calendar.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CalendarError {
    #[error("\"{0}\" is not a time zone: expected an IANA name such as Europe/Prague or UTC")]
    UnknownZone(String),
    #[error("no shift start times given: expected local times such as \"06:00 14:00 22:00\"")]
    NoShifts,
    #[error("\"{0}\" is not a time of day: expected HH:MM from 00:00 to 23:59, e.g. 06:00")]
    NotATime(String),
    #[error(
        "the shift starts must rise through the gaming day (the first one starts it): {later} comes after {earlier}"
    )]
    NotRising { earlier: String, later: String },
    #[error("a gaming day has at most {max} shifts, not {given}")]
    TooMany { given: usize, max: usize },
}

/// The most shifts a gaming day may have.
const MAX_SHIFTS: usize = 24;

/// A time zone and the local start times of a gaming day's shifts, strictly rising (the
/// first one starts the gaming day, so a gaming day ends when the next one's first shift
/// starts: 23 or 25 hours on the days the clocks change).
///
/// A start time the clocks skip (spring forward) starts its shift as late as the gap is
/// long (02:30 in a 02:00→03:00 gap starts at 03:30); a start time that happens twice
/// (fall back) starts at its first occurrence — the rule `java.time` and RFC 5545 use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Calendar {
    tz: Tz,
    /// Local start times, strictly rising, at least one.
    starts: Vec<NaiveTime>,
}

impl Calendar {
    /// The calendar every database had before it was given one: shifts at 06:00, 14:00
    /// and 22:00 UTC.
    pub fn utc_default() -> Self {
        let at = |h| NaiveTime::from_hms_opt(h, 0, 0).unwrap_or_default();
        Calendar {
            tz: Tz::UTC,
            starts: vec![at(6), at(14), at(22)],
        }
    }

    /// The shift starts a database gets unless it names others.
    pub const DEFAULT_SHIFTS: &'static str = "06:00 14:00 22:00";

    /// A calendar from an IANA time-zone name and the shifts' local start times
    /// (`"06:00 14:00 22:00"`, separated by spaces or commas).
    pub fn new(tz: &str, shifts: &str) -> Result<Calendar, CalendarError> {
        let tz: Tz = tz
            .trim()
            .parse()
            .map_err(|_| CalendarError::UnknownZone(tz.to_string()))?;
        let mut starts: Vec<NaiveTime> = Vec::new();
        for word in shifts.split([' ', ',']).filter(|w| !w.is_empty()) {
            let t = parse_time(word)?;
            if let Some(last) = starts.last()
                && *last >= t
            {
                return Err(CalendarError::NotRising {
                    earlier: hhmm(*last),
                    later: word.to_string(),
                });
            }
            starts.push(t);
        }
        if starts.is_empty() {
            return Err(CalendarError::NoShifts);
        }
        if starts.len() > MAX_SHIFTS {
            return Err(CalendarError::TooMany {
                given: starts.len(),
                max: MAX_SHIFTS,
            });
        }
        Ok(Calendar { tz, starts })
    }

    /// Its time zone's IANA name.
    pub fn zone(&self) -> &'static str {
        self.tz.name()
    }

    /// Its shift starts as the setting writes them: `06:00 14:00 22:00`.
    pub fn shifts_text(&self) -> String {
        let words: Vec<String> = self.starts.iter().map(|t| hhmm(*t)).collect();
        words.join(" ")
    }

    /// How many shifts a gaming day has.
    pub fn shift_count(&self) -> u8 {
        self.starts.len() as u8
    }

    /// A shift's local hours, `06:00–14:00` (the last one ends where the first starts).
    /// `shift` counts from 1; one out of range gives an empty string.
    pub fn hours(&self, shift: u8) -> String {
        let i = usize::from(shift);
        let (Some(start), Some(end)) = (
            i.checked_sub(1).and_then(|i| self.starts.get(i)),
            self.starts.get(i % self.starts.len()),
        ) else {
            return String::new();
        };
        format!("{}–{}", hhmm(*start), hhmm(*end))
    }

    /// When (ms since the epoch) shift `shift` (from 1) of gaming day `day` starts; shift
    /// `shift_count() + 1` is the next gaming day's first, so a shift is
    /// `[start(d, s), start(d, s + 1))`.
    pub fn start_ms(&self, day: NaiveDate, shift: u8) -> i64 {
        let n = self.starts.len();
        let i = usize::from(shift.max(1)) - 1;
        let (day, i) = (day + chrono::Days::new((i / n) as u64), i % n);
        self.instant(day.and_time(self.starts[i]))
    }

    /// Where gaming day `day` begins and ends, ms since the epoch: `[begin, end)`.
    pub fn day_ms(&self, day: NaiveDate) -> (i64, i64) {
        (
            self.start_ms(day, 1),
            self.start_ms(day + chrono::Days::new(1), 1),
        )
    }

    /// The local hour of the day (0–23) at `at_ms`.
    pub fn local_hour(&self, at_ms: i64) -> u32 {
        use chrono::Timelike;
        chrono::DateTime::from_timestamp_millis(at_ms)
            .map(|t| t.with_timezone(&self.tz).hour())
            .unwrap_or(0)
    }

    /// The local date and time at `at_ms` (what the table's clock on the wall said).
    pub fn local(&self, at_ms: i64) -> NaiveDateTime {
        chrono::DateTime::from_timestamp_millis(at_ms)
            .map(|t| t.with_timezone(&self.tz).naive_local())
            .unwrap_or_default()
    }

    /// The gaming day and shift `at_ms` (ms since the epoch) falls in.
    pub fn locate(&self, at_ms: i64) -> ShiftAt {
        let local = chrono::DateTime::from_timestamp_millis(at_ms)
            .map(|t| t.with_timezone(&self.tz).date_naive())
            .unwrap_or_default();
        // The gaming day is the local date or the one before; its shifts, latest first.
        for day in [local, local.pred_opt().unwrap_or(local)] {
            for (i, t) in self.starts.iter().enumerate().rev() {
                if self.instant(day.and_time(*t)) <= at_ms {
                    return ShiftAt {
                        day,
                        shift: i as u8 + 1,
                    };
                }
            }
        }
        ShiftAt {
            day: local.pred_opt().unwrap_or(local),
            shift: 1,
        }
    }

    /// The moment a local date and time names (ms since the epoch): its first occurrence
    /// when the clocks fall back, and as late as the gap is long when they skip it.
    fn instant(&self, local: NaiveDateTime) -> i64 {
        match self.tz.from_local_datetime(&local) {
            LocalResult::Single(t) | LocalResult::Ambiguous(t, _) => t.timestamp_millis(),
            LocalResult::None => {
                // The offset in force before the gap, read onto the local time: 02:30 in a
                // one-hour gap is 01:30 before it, i.e. 03:30 after it.
                let before = local - chrono::Duration::hours(12);
                let offset = match self.tz.from_local_datetime(&before) {
                    LocalResult::Single(t) | LocalResult::Ambiguous(t, _) => t.offset().fix(),
                    LocalResult::None => chrono::Utc.fix(),
                };
                (local - chrono::Duration::seconds(offset.local_minus_utc().into()))
                    .and_utc()
                    .timestamp_millis()
            }
        }
    }
}

/// `HH:MM`, 00:00 to 23:59, hours and minutes of two digits.
fn parse_time(word: &str) -> Result<NaiveTime, CalendarError> {
    let bad = || CalendarError::NotATime(word.to_string());
    let (h, m) = word.split_once(':').ok_or_else(bad)?;
    if h.len() != 2 || m.len() != 2 || !(h.bytes().chain(m.bytes())).all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let (h, m) = (h.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?);
    NaiveTime::from_hms_opt(h, m, 0).ok_or_else(bad)
}

fn hhmm(t: NaiveTime) -> String {
    t.format("%H:%M").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> i64 {
        chrono::DateTime::parse_from_rfc3339(s)
            .unwrap()
            .timestamp_millis()
    }

    fn d(y: i32, m: u32, dd: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, dd).unwrap()
    }

    #[test]
    fn the_default_calendar_is_the_floors_utc_shifts() {
        let c = Calendar::utc_default();
        assert_eq!(
            (c.zone(), c.shifts_text().as_str()),
            ("UTC", "06:00 14:00 22:00")
        );
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
        assert_eq!(c.hours(3), "22:00–06:00");
        assert_eq!(c.hours(0), "");
        assert_eq!(c.hours(4), "");
    }

    /// Prague: the gaming day of 24 October 2026 has 25 hours, that of 27 March 2027 23.
    #[test]
    fn a_prague_gaming_day_is_25_or_23_hours_long_when_the_clocks_change() {
        let c = Calendar::new("Europe/Prague", "06:00 14:00 22:00").unwrap();
        let hours = |day| {
            let (a, b) = c.day_ms(day);
            (b - a) / 3_600_000
        };
        // The clocks change at 03:00 CEST on the 25th: in the 24th's gaming day.
        assert_eq!(hours(d(2026, 10, 23)), 24);
        assert_eq!(hours(d(2026, 10, 24)), 25);
        assert_eq!(hours(d(2026, 10, 25)), 24);
        assert_eq!(hours(d(2027, 3, 27)), 23);
        assert_eq!(hours(d(2027, 3, 28)), 24);
        // The night shift of the 24th holds the extra hour: 22:00 CEST to 06:00 CET.
        assert_eq!(
            c.start_ms(d(2026, 10, 24), 4) - c.start_ms(d(2026, 10, 24), 3),
            9 * 3_600_000
        );
        assert_eq!(
            c.start_ms(d(2027, 3, 27), 4) - c.start_ms(d(2027, 3, 27), 3),
            7 * 3_600_000
        );
        for (time, day, shift) in [
            ("2026-10-24T03:59:59Z", d(2026, 10, 23), 3), // 05:59:59 CEST
            ("2026-10-24T04:00:00Z", d(2026, 10, 24), 1), // 06:00 CEST
            ("2026-10-24T20:00:00Z", d(2026, 10, 24), 3), // 22:00 CEST
            ("2026-10-25T00:30:00Z", d(2026, 10, 24), 3), // 02:30 CEST, the first
            ("2026-10-25T01:30:00Z", d(2026, 10, 24), 3), // 02:30 CET, the second
            ("2026-10-25T04:59:59Z", d(2026, 10, 24), 3), // 05:59:59 CET
            ("2026-10-25T05:00:00Z", d(2026, 10, 25), 1), // 06:00 CET
            ("2026-10-25T13:00:00Z", d(2026, 10, 25), 2), // 14:00 CET
            ("2027-03-28T00:59:59Z", d(2027, 3, 27), 3),  // 01:59:59 CET
            ("2027-03-28T01:00:00Z", d(2027, 3, 27), 3),  // 03:00 CEST
            ("2027-03-28T03:59:59Z", d(2027, 3, 27), 3),  // 05:59:59 CEST
            ("2027-03-28T04:00:00Z", d(2027, 3, 28), 1),  // 06:00 CEST
        ] {
            assert_eq!(c.locate(at(time)), ShiftAt { day, shift }, "{time}");
        }
    }

    /// A start in the spring gap starts as late as the gap is long; one in the autumn's
    /// repeated hour at its first occurrence.
    #[test]
    fn a_start_the_clocks_skip_or_repeat_is_resolved_one_documented_way() {
        let c = Calendar::new("Europe/Prague", "02:30 10:00 18:00").unwrap();
        // 28 March 2027: 02:30 does not exist; the gaming day starts 03:30 CEST (01:30Z).
        assert_eq!(c.start_ms(d(2027, 3, 28), 1), at("2027-03-28T01:30:00Z"));
        assert_eq!(c.locate(at("2027-03-28T01:29:59Z")).day, d(2027, 3, 27));
        assert_eq!(c.locate(at("2027-03-28T01:30:00Z")).day, d(2027, 3, 28));
        // 25 October 2026: 02:30 happens twice; the first (CEST, 00:30Z) starts the day.
        assert_eq!(c.start_ms(d(2026, 10, 25), 1), at("2026-10-25T00:30:00Z"));
        let (a, b) = c.day_ms(d(2026, 10, 24));
        assert_eq!((b - a) / 3_600_000, 24);
        let (a, b) = c.day_ms(d(2026, 10, 25));
        assert_eq!((b - a) / 3_600_000, 25);
        let (a, b) = c.day_ms(d(2027, 3, 28));
        assert_eq!((b - a) / 3_600_000, 23);
    }

    #[test]
    fn bad_zones_and_shift_lists_say_what_was_expected() {
        let bad = |tz, s| Calendar::new(tz, s).unwrap_err().to_string();
        assert!(bad("Mars/Base", "06:00").contains("IANA name"));
        assert!(bad("UTC", "14:00 06:00").contains("must rise"));
        assert!(bad("UTC", "06:00 06:00").contains("must rise"));
        assert!(bad("UTC", "25:00").contains("HH:MM"));
        assert!(bad("UTC", "6:00").contains("HH:MM"));
        assert!(bad("UTC", "06:60").contains("HH:MM"));
        assert!(bad("UTC", "").contains("no shift start"));
        assert!(bad("UTC", " , ").contains("no shift start"));
        let c = Calendar::new("Europe/Prague", "06:00,18:00").unwrap();
        assert_eq!(
            (c.shift_count(), c.shifts_text().as_str()),
            (2, "06:00 18:00")
        );
    }
}
