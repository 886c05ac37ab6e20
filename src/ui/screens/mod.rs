//! One file per screen of the dealer screen. Each holds its own state (a struct that lives
//! in its `Page` variant) and draws it, pushing `Command`s; none writes anything itself.

pub(crate) mod bets;
pub(crate) mod first_admin;
pub(crate) mod login;
pub(crate) mod open_table;
pub(crate) mod play;
pub(crate) mod pontis;
pub(crate) mod settlement;
pub(crate) mod table;
