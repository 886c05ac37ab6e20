//! Croupier: dealer-assist and audit for casino Pontoon tables, and a referee for Pontis.
//!
//! Layers, imports one way only: [`engine`] (pure rules) ← [`script`] (the round-script
//! format), [`pontis_script`] (the Pontis game script) and [`sim`] (simulated play) ←
//! [`log`] (the SQLite log core) ← [`session`] (tables, users, settings over it) ←
//! [`report`] (reports over the log) and [`floor`] (the PostgreSQL copy) ← [`ui`] (the
//! dealer screen and the supervisor desk) ← the binary (`main.rs`). See ARCHITECTURE.md.

pub mod codes;
pub mod engine;
pub mod floor;
pub mod i18n;
pub mod lab;
pub mod log;
pub mod pontis_script;
pub mod report;
pub mod script;
pub mod session;
pub mod sim;
pub mod ui;
