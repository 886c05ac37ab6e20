//! Croupier: dealer-assist and audit for casino Pontoon tables, and a referee for Pontis.
//!
//! Layers, imports one way only: [`engine`] (pure rules) ← [`script`] (the round-script
//! format), [`pontis_script`] (the Pontis game script) and [`sim`] (simulated play) ←
//! [`audit`] (the SQLite log, its queries) ← [`report`] (reports over the log) ← [`ui`]
//! (the dealer screen and the supervisor desk) ← the binary (`main.rs`). See
//! ARCHITECTURE.md.

pub mod audit;
pub mod engine;
pub mod i18n;
pub mod lab;
pub mod pontis_script;
pub mod report;
pub mod script;
pub mod sim;
pub mod ui;
