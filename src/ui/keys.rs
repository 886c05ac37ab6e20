//! The dealer's keyboard: which key means what. Card keys (A 2–9 0 T J Q K) and decision
//! keys never share a key; suits are a prefix on F1–F4 so that no letter is taken twice.

use egui::Key;

use crate::engine::{Decision, Rank, Suit};

/// What a key press asks for at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KeyAction {
    Card(Rank),
    Suit(Suit),
    Decision(Decision),
    Insure,
    EvenMoney,
    Decline,
    NextOffer,
    PrevOffer,
    Undo,
    Confirm,
    NewShoe,
}

/// The key map. Shown on screen from `KEY_REFERENCE`, which must say the same.
pub(crate) fn action(key: Key, ctrl: bool) -> Option<KeyAction> {
    use KeyAction::*;
    Some(match key {
        Key::Z if ctrl => Undo,
        _ if ctrl => return None,
        Key::A => Card(Rank::Ace),
        Key::Num2 => Card(Rank::Two),
        Key::Num3 => Card(Rank::Three),
        Key::Num4 => Card(Rank::Four),
        Key::Num5 => Card(Rank::Five),
        Key::Num6 => Card(Rank::Six),
        Key::Num7 => Card(Rank::Seven),
        Key::Num8 => Card(Rank::Eight),
        Key::Num9 => Card(Rank::Nine),
        Key::Num0 | Key::T => Card(Rank::Ten),
        Key::J => Card(Rank::Jack),
        Key::Q => Card(Rank::Queen),
        Key::K => Card(Rank::King),
        Key::F1 => Suit(crate::engine::Suit::Spades),
        Key::F2 => Suit(crate::engine::Suit::Hearts),
        Key::F3 => Suit(crate::engine::Suit::Diamonds),
        Key::F4 => Suit(crate::engine::Suit::Clubs),
        Key::S => Decision(crate::engine::Decision::Stick),
        Key::W => Decision(crate::engine::Decision::Twist),
        Key::B => Decision(crate::engine::Decision::Buy),
        Key::P => Decision(crate::engine::Decision::Split),
        Key::R => Decision(crate::engine::Decision::Surrender),
        Key::I => Insure,
        Key::E => EvenMoney,
        Key::D => Decline,
        Key::ArrowDown => NextOffer,
        Key::ArrowUp => PrevOffer,
        Key::U | Key::Backspace => Undo,
        Key::Enter => Confirm,
        Key::N => NewShoe,
        _ => return None,
    })
}

/// The on-screen keyboard reference: (keys, what they do).
pub const KEY_REFERENCE: [(&str, &str); 17] = [
    ("A 2-9 0/T J Q K", "card (to where it is highlighted)"),
    ("F1 F2 F3 F4", "suit s h d c of the next card (optional)"),
    ("S", "stick"),
    ("W", "twist"),
    ("B", "buy"),
    ("P", "split"),
    ("R", "surrender (whole box)"),
    ("D", "a back bet declines the next buy/split"),
    ("I", "insure the marked bet (most allowed)"),
    ("E", "even money for the marked bet"),
    ("Up Down", "mark another bet for an offer"),
    ("U  Ctrl+Z  Backspace", "undo the last input"),
    ("Enter", "deal with these bets / confirm settlement"),
    ("N", "new shoe (between rounds)"),
    (
        "any card key",
        "on the bets screen: deal with the bets shown",
    ),
    ("Esc", "leave a text field"),
    ("F12", "show or hide this reference"),
];
