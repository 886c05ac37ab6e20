//! Each database's calendar as reports read it: its latest gaming-day setting, found
//! in its events (files and floor alike). Owns no figure; never writes.

use std::collections::BTreeMap;

use chrono::{Days, NaiveDate, NaiveTime};

use super::data::RoundRow;
use crate::log::payload::Payload;
use crate::log::{AuditError, EventKind};
use crate::report::query::Source;
use crate::session::calendar::{Calendar, ShiftAt};

/// Each database's calendar (its latest gaming-day setting), by database; a database
/// without one keeps the UTC default.
#[derive(Clone, Debug)]
pub(crate) struct Calendars {
    of: BTreeMap<usize, Calendar>,
    utc: Calendar,
}

impl Default for Calendars {
    fn default() -> Self {
        Calendars {
            of: BTreeMap::new(),
            utc: Calendar::utc_default(),
        }
    }
}

impl Calendars {
    /// Read from the databases' `setting_changed` events (the floor has them too).
    pub(crate) fn read(src: &mut dyn Source) -> Result<Calendars, AuditError> {
        let mut of = BTreeMap::new();
        for n in src.events_of(&[EventKind::SettingChanged], i64::MIN, i64::MAX)? {
            if let Payload::SettingChanged(c) = n.payload
                && let crate::log::payload::Setting::Calendar { tz, shifts } = c.setting
            {
                of.insert(
                    n.db,
                    crate::session::settings::stored_calendar(&tz, &shifts)?,
                );
            }
        }
        Ok(Calendars {
            of,
            ..Calendars::default()
        })
    }

    /// The gaming day instant `now` (ms) is in, if databases `0..n` all say the same
    /// one by their own calendars (none for no database).
    pub(crate) fn one_day(&self, n: usize, now: i64) -> Option<NaiveDate> {
        let mut days = (0..n).map(|db| self.of(db).locate(now).day);
        let first = days.next()?;
        days.all(|d| d == first).then_some(first)
    }

    /// A database's calendar.
    pub(crate) fn of(&self, db: usize) -> &Calendar {
        self.of.get(&db).unwrap_or(&self.utc)
    }

    /// The gaming day and shift a round was settled in, by its database's calendar.
    pub(crate) fn at(&self, r: &RoundRow) -> ShiftAt {
        self.of(r.db).locate(r.at)
    }

    /// `[begin, end)` (ms) covering gaming days `from` to `to` in every database's calendar.
    pub(crate) fn window(&self, from: NaiveDate, to: NaiveDate) -> (i64, i64) {
        let cals = self.of.values().chain([&self.utc]);
        cals.fold((i64::MAX, i64::MIN), |(a, b), c| {
            (a.min(c.day_ms(from).0), b.max(c.day_ms(to).1))
        })
    }
}

/// `[begin, end)` (ms): the instants whose gaming day is in `from..=to` in every calendar,
/// without locating them: a gaming day is its local date or the one before
/// (`Calendar::locate`), and a local date is within two days of the UTC date (no zone's
/// offset comes near 48 hours), so every instant of a UTC date from `from` + 3 to `to` − 2
/// is in. Empty (`(0, 0)`) for a period of fewer than six days.
pub(crate) fn surely_in(from: NaiveDate, to: NaiveDate) -> (i64, i64) {
    let ms =
        |d: Option<NaiveDate>| d.map(|d| d.and_time(NaiveTime::MIN).and_utc().timestamp_millis());
    match (
        ms(from.checked_add_days(Days::new(3))),
        ms(to.checked_sub_days(Days::new(1))),
    ) {
        (Some(begin), Some(end)) if begin < end => (begin, end),
        _ => (0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The gaming day of now by every database's calendar: Prague's at 03:00 local is
    /// the day before; a database in another zone whose day differs then: none.
    #[test]
    fn the_gaming_day_of_now_is_the_one_every_calendar_says() {
        let prague = Calendar::new("Europe/Prague", "06:00 14:00 22:00").unwrap();
        let day = |d: u32| NaiveDate::from_ymd_opt(2026, 3, d);
        let at_3 = 1_773_194_400_000; // 2026-03-11 02:00 UTC: 03:00 in Prague
        let cals = |zones: &[&Calendar]| Calendars {
            of: zones
                .iter()
                .enumerate()
                .map(|(i, c)| (i, (*c).clone()))
                .collect(),
            ..Calendars::default()
        };
        assert_eq!(cals(&[&prague, &prague]).one_day(2, at_3), day(10));
        assert_eq!(cals(&[&prague]).one_day(0, at_3), None);
        // A database without a calendar keeps the UTC default (06:00 UTC): 10 March too.
        assert_eq!(cals(&[&prague]).one_day(2, at_3), day(10));
        let tokyo = Calendar::new("Asia/Tokyo", "06:00").unwrap(); // 11:00: 11 March
        assert_eq!(cals(&[&prague, &tokyo]).one_day(2, at_3), None);
        assert_eq!(cals(&[&tokyo]).one_day(1, at_3), day(11));
    }

    /// Every instant `surely_in` takes is located in the period by every calendar (zones
    /// from UTC−11 to UTC+14, half and quarter hours, summer time, shifts past midnight),
    /// and it takes the middle of a long period.
    #[test]
    fn an_instant_surely_in_a_period_is_located_in_it() {
        let cals: Vec<Calendar> = [
            ("UTC", "06:00 14:00 22:00"),
            ("Europe/Prague", "06:00 14:00 22:00"),
            ("Asia/Kolkata", "00:00 10:30"),
            ("Asia/Kathmandu", "23:59"),
            ("Pacific/Kiritimati", "00:00"),
            ("Pacific/Pago_Pago", "18:00"),
            ("America/St_Johns", "02:30 12:00"),
        ]
        .iter()
        .map(|(tz, shifts)| Calendar::new(tz, shifts).unwrap())
        .collect();
        let day = |t: &str| NaiveDate::parse_from_str(t, "%Y-%m-%d").unwrap();
        let periods = [
            ("2026-03-25", "2026-04-02"),
            ("2026-10-20", "2026-10-26"),
            ("2026-10-20", "2026-10-25"),
            ("2026-10-18", "2026-11-08"),
            ("1970-01-01", "1970-01-09"),
            ("2026-12-28", "2027-01-03"),
        ];
        let mut taken = 0;
        for (from, to) in periods {
            let (from, to) = (day(from), day(to));
            let (begin, end) = surely_in(from, to);
            let start = from.and_time(NaiveTime::MIN).and_utc().timestamp_millis() - 5 * 86_400_000;
            let stop = to.and_time(NaiveTime::MIN).and_utc().timestamp_millis() + 5 * 86_400_000;
            for at in (start..stop).step_by(7 * 60_000 + 1_013) {
                if !(begin <= at && at < end) {
                    continue;
                }
                taken += 1;
                for c in &cals {
                    let (d, tz) = (c.locate(at).day, c.zone());
                    assert!(
                        from <= d && d <= to,
                        "{tz} at {at}: day {d}, not in {from}..={to}"
                    );
                }
            }
        }
        assert!(taken > 1_000, "{taken} instants taken");
        assert_eq!(surely_in(day("2026-10-20"), day("2026-10-24")), (0, 0));
        // The dates a period may name, to their ends.
        let (begin, end) = surely_in(day("1970-01-01"), day("9999-12-30"));
        assert_eq!((begin, end / 86_400_000), (3 * 86_400_000, 2_932_894));
        let (begin, end) = surely_in(day("2026-01-01"), day("2026-12-31"));
        assert_eq!((end - begin) / 86_400_000, 360);
    }
}
