//! Croupier: dealer-assist and audit for casino Pontoon tables.
//!
//! Layers, imports one way only: [`engine`] (pure rules) ← [`script`] (the round-script
//! format) ← the binary. See ARCHITECTURE.md.

pub mod audit;
pub mod engine;
pub mod report;
pub mod script;
pub mod sim;
pub mod ui;
