//! The log core: an append-only, hash-chained SQLite event log (store, events, payloads,
//! packing, schema, writer lock, structure check). Knows the engine's types for payloads,
//! never the UI. Every append is durable before the caller hears "accepted".

pub mod error;
pub mod event;
mod lock;
pub mod pack;
pub mod payload;
pub(crate) mod plain;
mod schema;
pub mod store;
pub mod structure;
pub mod totals;

pub use error::{AuditError, LogRefusal};
pub use event::{Event, EventKind};
pub use store::{Clock, ManualClock, Store, SystemClock, default_db_path};
