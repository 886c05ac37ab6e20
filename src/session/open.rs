//! Opening a database for writing as the program does: `Store::open_with_rows`, with the
//! replay that makes an older file's round rows (schema 12, `round_row`) in its migration.
//! Owns no row and no SQL; never writes an event.

use std::path::Path;

use super::replay::Maker;
use crate::log::store::{AuditError, Clock, Store, SystemClock};

/// Opens a database for writing as `Store::open` does, an older file's round rows made by
/// replaying its log ([`Maker`]).
pub fn open(path: &Path) -> Result<Store, AuditError> {
    open_with(path, Box::new(SystemClock))
}

/// [`open`] with the clock that stamps events.
pub fn open_with(path: &Path, clock: Box<dyn Clock>) -> Result<Store, AuditError> {
    Store::open_with_rows(path, clock, &Maker)
}
