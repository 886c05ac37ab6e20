//! The sessions over the log core: tables, Pontis games, users and PINs, settings,
//! exceptions, the table's money (chips, counts, slips, cash, drops), the feed, the demo
//! data, and replay of logged rounds through the engine.
//! Each checks an input, logs it durably, then applies it; never draws or reads the UI.

pub mod calendar;
pub mod chips;
pub mod demo;
pub mod error;
pub mod exceptions;
mod export;
pub mod feed;
pub mod feed_socket;
pub mod kept_theory;
mod made_rows;
pub mod money;
pub mod money_log;
pub mod money_signed;
pub mod open;
mod opening;
pub mod pontis;
pub mod replay;
pub mod round_row;
pub mod settings;
pub mod table;
pub mod tables;
pub mod users;

pub use table::{Input, NotNow, TableSession};
pub use users::{Role, User};
