//! The audit store: an append-only, hash-chained SQLite event log of everything that
//! happens at the tables; users and their PINs; replay of logged rounds through the engine.
//! Knows the engine, never the UI. Every input is durable before the caller hears "accepted".

pub mod demo;
pub mod event;
pub mod exceptions;
pub mod feed;
pub mod feed_socket;
pub mod floor;
mod lock;
pub mod pack;
pub mod payload;
pub mod pontis;
pub mod query;
pub mod replay;
mod schema;
pub mod settings;
pub mod store;
pub(crate) mod structure;
pub mod table;
pub mod users;

pub use event::{Event, EventKind};
pub use store::{AuditError, Clock, ManualClock, Store, SystemClock, default_db_path};
pub use table::{Input, NotNow, TableSession};
pub use users::{Role, User};
