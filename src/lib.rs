//! Croupier: dealer-assist and audit for casino Pontoon tables, and a referee for Pontis.
//!
//! Layers, imports one way only (`tests/structure.rs` keeps them): [`engine`] (pure rules)
//! ← [`script`], [`pontis_script`], [`sim`], [`lab`] and [`codes`] (the closed refusal
//! codes) ← [`log`] (the SQLite log core) ← [`session`] (tables, users, settings over it)
//! ← [`report`] (reports over the log) and [`floor`] (the PostgreSQL copy) ← [`ui`] (the
//! dealer screen and the supervisor desk) ← the binary (`main.rs`); [`i18n`] words the
//! codes, [`files`] holds the file policies, [`panics`] reads a worker's panic. See ARCHITECTURE.md.

#![forbid(unsafe_code)]

pub mod codes;
pub mod engine;
pub mod files;
pub mod floor;
pub mod i18n;
pub mod lab;
pub mod log;
pub mod panics;
pub mod pontis_script;
pub mod report;
pub mod script;
pub mod session;
pub mod sim;
pub mod ui;
