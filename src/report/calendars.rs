//! Each database's calendar as reports read it: its latest gaming-day setting, found
//! in its events (files and floor alike). Owns no figure; never writes.

use std::collections::BTreeMap;

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

    /// A database's calendar.
    pub(crate) fn of(&self, db: usize) -> &Calendar {
        self.of.get(&db).unwrap_or(&self.utc)
    }

    /// The gaming day and shift a round was settled in, by its database's calendar.
    pub(crate) fn at(&self, r: &RoundRow) -> ShiftAt {
        self.of(r.db).locate(r.at)
    }

    /// `[begin, end)` (ms) covering gaming days `from` to `to` in every database's calendar.
    pub(crate) fn window(&self, from: chrono::NaiveDate, to: chrono::NaiveDate) -> (i64, i64) {
        let cals = self.of.values().chain([&self.utc]);
        cals.fold((i64::MAX, i64::MIN), |(a, b), c| {
            (a.min(c.day_ms(from).0), b.max(c.day_ms(to).1))
        })
    }
}
