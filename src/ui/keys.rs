//! The dealer's keyboard: one table, `KEYS`, says which key means what. The key handling
//! (`action`), the on-screen reference (`reference`) and the buttons' hints (`hint`) are
//! all read from it, so they cannot disagree. What they do is said in the language. Where
//! the language writes cards with other letters (uk/ru: Т К Д В), those letters typed on a
//! Cyrillic layout enter those cards, and the Latin T is no ten (it reads as the ace's Т).
//! Card keys and decision keys never share a key; suits are F1–F4.

use egui::Key;

use crate::engine::{Card, Decision, Rank, Suit};
use crate::i18n::Lang;
use crate::i18n::errors::suit_mark;
use crate::i18n::words::rank_mark;
use crate::t;

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
    PageDown,
    PageUp,
    Undo,
    Confirm,
    NewShoe,
    ToggleKeys,
}

/// One key (with Ctrl or without) and what it does.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Binding {
    pub(crate) key: Key,
    pub(crate) ctrl: bool,
    pub(crate) action: KeyAction,
}

/// One line of the on-screen reference: the keys as shown, what they do, and the bindings
/// behind it (none for a line that only explains).
pub(crate) struct KeyRow {
    pub(crate) keys: &'static str,
    /// What the keys do, in a language (the decisions in the seeds' words).
    pub(crate) what: fn(Lang) -> String,
    pub(crate) bindings: &'static [Binding],
}

const fn plain(key: Key, action: KeyAction) -> Binding {
    Binding {
        key,
        ctrl: false,
        action,
    }
}

use KeyAction as A;

/// The key table: every key the table screens act on, in the order the reference shows.
pub(crate) const KEYS: &[KeyRow] = &[
    KeyRow {
        keys: "A 2-9 0/T J Q K",
        what: |l| t!(l, "keys-card"),
        bindings: &[
            plain(Key::A, A::Card(Rank::Ace)),
            plain(Key::Num2, A::Card(Rank::Two)),
            plain(Key::Num3, A::Card(Rank::Three)),
            plain(Key::Num4, A::Card(Rank::Four)),
            plain(Key::Num5, A::Card(Rank::Five)),
            plain(Key::Num6, A::Card(Rank::Six)),
            plain(Key::Num7, A::Card(Rank::Seven)),
            plain(Key::Num8, A::Card(Rank::Eight)),
            plain(Key::Num9, A::Card(Rank::Nine)),
            plain(Key::Num0, A::Card(Rank::Ten)),
            plain(Key::T, A::Card(Rank::Ten)),
            plain(Key::J, A::Card(Rank::Jack)),
            plain(Key::Q, A::Card(Rank::Queen)),
            plain(Key::K, A::Card(Rank::King)),
        ],
    },
    KeyRow {
        keys: "F1 F2 F3 F4",
        what: |l| t!(l, "keys-suit"),
        bindings: &[
            plain(Key::F1, A::Suit(Suit::Spades)),
            plain(Key::F2, A::Suit(Suit::Hearts)),
            plain(Key::F3, A::Suit(Suit::Diamonds)),
            plain(Key::F4, A::Suit(Suit::Clubs)),
        ],
    },
    KeyRow {
        keys: "S",
        what: |l| t!(l, "keys-stick"),
        bindings: &[plain(Key::S, A::Decision(Decision::Stick))],
    },
    KeyRow {
        keys: "W",
        what: |l| t!(l, "keys-twist"),
        bindings: &[plain(Key::W, A::Decision(Decision::Twist))],
    },
    KeyRow {
        keys: "B",
        what: |l| t!(l, "keys-buy"),
        bindings: &[plain(Key::B, A::Decision(Decision::Buy))],
    },
    KeyRow {
        keys: "P",
        what: |l| t!(l, "keys-split"),
        bindings: &[plain(Key::P, A::Decision(Decision::Split))],
    },
    KeyRow {
        keys: "R",
        what: |l| t!(l, "keys-surrender"),
        bindings: &[plain(Key::R, A::Decision(Decision::Surrender))],
    },
    KeyRow {
        keys: "D",
        what: |l| t!(l, "keys-decline"),
        bindings: &[plain(Key::D, A::Decline)],
    },
    KeyRow {
        keys: "I",
        what: |l| t!(l, "keys-insure"),
        bindings: &[plain(Key::I, A::Insure)],
    },
    KeyRow {
        keys: "E",
        what: |l| t!(l, "keys-even-money"),
        bindings: &[plain(Key::E, A::EvenMoney)],
    },
    KeyRow {
        keys: "Up Down",
        what: |l| t!(l, "keys-mark"),
        bindings: &[
            plain(Key::ArrowUp, A::PrevOffer),
            plain(Key::ArrowDown, A::NextOffer),
        ],
    },
    KeyRow {
        keys: "PageUp PageDown",
        what: |l| t!(l, "keys-page"),
        bindings: &[
            plain(Key::PageUp, A::PageUp),
            plain(Key::PageDown, A::PageDown),
        ],
    },
    KeyRow {
        keys: "U  Ctrl+Z  Backspace",
        what: |l| t!(l, "keys-undo"),
        bindings: &[
            plain(Key::U, A::Undo),
            Binding {
                key: Key::Z,
                ctrl: true,
                action: A::Undo,
            },
            plain(Key::Backspace, A::Undo),
        ],
    },
    KeyRow {
        keys: "Enter",
        what: |l| t!(l, "keys-confirm"),
        bindings: &[plain(Key::Enter, A::Confirm)],
    },
    KeyRow {
        keys: "N",
        what: |l| t!(l, "keys-new-shoe"),
        bindings: &[plain(Key::N, A::NewShoe)],
    },
    KeyRow {
        keys: "A…K",
        what: |l| t!(l, "keys-any-card"),
        bindings: &[],
    },
    KeyRow {
        keys: "Esc",
        what: |l| t!(l, "keys-esc"),
        bindings: &[],
    },
    KeyRow {
        keys: "F12",
        what: |l| t!(l, "keys-toggle"),
        bindings: &[plain(Key::F12, A::ToggleKeys)],
    },
];

fn bindings() -> impl Iterator<Item = &'static Binding> {
    KEYS.iter().flat_map(|r| r.bindings.iter())
}

/// What `key` asks for (with Ctrl held or not) in `lang`, from `KEYS`: the same in every
/// language, but T enters no ten where the ace is written with a T (0 does).
pub(crate) fn action(lang: Lang, key: Key, ctrl: bool) -> Option<KeyAction> {
    if key == Key::T && ace_is_t(lang) {
        return None;
    }
    bindings()
        .find(|b| b.key == key && b.ctrl == ctrl)
        .map(|b| b.action)
}

/// The language writes the ace with a T (Т): then T is not a ten's key.
fn ace_is_t(lang: Lang) -> bool {
    matches!(rank_mark(lang, Rank::Ace).as_str(), "T" | "\u{422}")
}

/// One press the table acts on: a key (Ctrl held or not), or a card's letter as the
/// language writes it, typed on a layout that has it (Т on a Ukrainian keyboard).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Press {
    Key(Key, bool),
    Mark(Rank),
}

/// The card whose mark in `lang` is `text` (either case), where that mark is not its
/// Latin key: `т` is the ace in Ukrainian; `a` is nothing here (the A key enters it).
pub(crate) fn card_from_text(lang: Lang, text: &str) -> Option<Rank> {
    let upper = text.trim().to_uppercase();
    [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack]
        .into_iter()
        .find(|&r| {
            let mark = rank_mark(lang, r);
            !mark.is_ascii() && mark == upper
        })
}

/// A card typed as text in `lang`, as the dealer screen takes its keys and as the event
/// list writes it: the rank as the language marks it ([`card_from_text`]: `В`, `т`) or by
/// its Latin key (`J`, `10`), then a suit as the language marks it (`♣`) or as the log
/// does (`c`), or none. Where the ace is written Т, a Latin T is no card (the screen's T
/// key enters no ten: [`is_latin_t`]). `None` for any other text.
pub(crate) fn typed_card(lang: Lang, text: &str) -> Option<Card> {
    let text = text.trim();
    let (rank, suit) = match text.char_indices().last() {
        Some((at, c)) if at > 0 => match typed_suit(lang, c) {
            Some(s) => (&text[..at], Some(s)),
            None => (text, None),
        },
        _ => (text, None),
    };
    let latin = || {
        let c = rank.parse::<Card>().ok().filter(|c| c.suit.is_none())?;
        (!is_latin_t(lang, rank)).then_some(c.rank)
    };
    let rank = card_from_text(lang, rank).or_else(latin)?;
    Some(Card::new(rank, suit))
}

/// The suit `c` marks in `lang` (`♣`), or by the log's letter (`c`, either case).
fn typed_suit(lang: Lang, c: char) -> Option<Suit> {
    Suit::ALL
        .into_iter()
        .find(|&s| suit_mark(lang, s) == c.to_string() || s.letter() == c.to_ascii_lowercase())
}

/// A Latin T (a ten's card by the log's spelling, `T`, `Th`) typed where the language
/// writes the ace Т: the dealer screen's T key enters nothing there, and so no field takes
/// it as a ten.
pub(crate) fn is_latin_t(lang: Lang, text: &str) -> bool {
    let text = text.trim();
    ace_is_t(lang)
        && text.starts_with(['T', 't'])
        && text.parse::<Card>().is_ok_and(|c| c.rank == Rank::Ten)
}

/// The presses of a frame's events, in order. A key whose text is a card's letter in
/// `lang` is that card, not the key under it (on a Ukrainian layout the key that types Т
/// is the Latin N, which would start a new shoe; the one that types К is R, surrender).
pub(crate) fn presses(lang: Lang, events: &[egui::Event]) -> Vec<Press> {
    use egui::Event;
    let mut out = Vec::new();
    let mut i = 0;
    while i < events.len() {
        match &events[i] {
            Event::Key {
                key,
                pressed: true,
                repeat: false,
                modifiers,
                ..
            } => {
                let typed = match events.get(i + 1) {
                    Some(Event::Text(t)) if !modifiers.command => card_from_text(lang, t),
                    _ => None,
                };
                match typed {
                    Some(rank) => {
                        out.push(Press::Mark(rank));
                        i += 1;
                    }
                    None => out.push(Press::Key(*key, modifiers.command)),
                }
            }
            Event::Text(t) => out.extend(card_from_text(lang, t).map(Press::Mark)),
            _ => {}
        }
        i += 1;
    }
    out
}

/// The key shown on a button for `action`: its first key in `KEYS` ("U", "Enter").
pub(crate) fn hint(action: KeyAction) -> &'static str {
    bindings()
        .find(|b| b.action == action)
        .map(|b| b.key.name())
        .unwrap_or("")
}

/// A button's label with its key: `Undo (U)`.
pub(crate) fn with_hint(label: &str, action: KeyAction) -> String {
    format!("{label} ({})", hint(action))
}

/// The on-screen keyboard reference: (keys, what they do in `lang`), as `KEYS` has them.
/// The keys are the same in every language; only the words change.
pub fn reference(lang: Lang) -> impl Iterator<Item = (String, String)> {
    KEYS.iter().enumerate().map(move |(i, r)| {
        // The first row is the card keys: the letters the cards are written with in `lang`.
        if i == 0 {
            let what = if card_keys(lang) == r.keys {
                (r.what)(lang)
            } else {
                t!(lang, "keys-card-marks")
            };
            (card_keys(lang), what)
        } else {
            (r.keys.to_string(), (r.what)(lang))
        }
    })
}

/// The card keys as the reference shows them in `lang`. Where the language marks a card
/// with another letter, that letter is the key (on its layout), the Latin key after it
/// (`Т/A  К/K  Д/Q  В/J`); where the ace is drawn as a Т, the ten's key is `0` alone (T is
/// no ten there).
pub(crate) fn card_keys(lang: Lang) -> String {
    const LETTERS: [(Rank, &str); 4] = [
        (Rank::Ace, "A"),
        (Rank::King, "K"),
        (Rank::Queen, "Q"),
        (Rank::Jack, "J"),
    ];
    if LETTERS.iter().all(|(r, k)| rank_mark(lang, *r) == *k) {
        return "A 2-9 0/T J Q K".to_string();
    }
    let ten_key = if ace_is_t(lang) { "0" } else { "0/T" };
    let mut out: Vec<String> = LETTERS
        .iter()
        .map(|(r, k)| format!("{}/{k}", rank_mark(lang, *r)))
        .collect();
    out.push(format!("{ten_key}\u{2192}{}", rank_mark(lang, Rank::Ten)));
    out.push("2-9".to_string());
    out.join("  ")
}

/// A card button's label in `lang`: the mark, and the key when the two differ (`Т (A)`).
pub(crate) fn card_label(lang: Lang, rank: Rank) -> String {
    let mark = rank_mark(lang, rank);
    let key = match rank {
        Rank::Ace => "A",
        Rank::King => "K",
        Rank::Queen => "Q",
        Rank::Jack => "J",
        _ => return mark,
    };
    if mark == key {
        mark
    } else {
        format!("{mark} ({key})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A card typed in a field reads as the event list writes it and as the dealer
    /// screen's keys take it: Cyrillic marks in uk/ru with the language's suit or the log's
    /// letter; the Latin keys too; a Latin T nowhere the ace is Т.
    #[test]
    fn a_typed_card_reads_as_the_language_writes_it() {
        let card = |r, s| Some(Card::new(r, s));
        let cases: &[(Lang, &str, Option<Card>)] = &[
            (Lang::Uk, "В♣", card(Rank::Jack, Some(Suit::Clubs))),
            (Lang::Uk, "в♣", card(Rank::Jack, Some(Suit::Clubs))),
            (Lang::Ru, "Т♥", card(Rank::Ace, Some(Suit::Hearts))),
            (Lang::Ru, "т", card(Rank::Ace, None)),
            (Lang::Uk, "Д", card(Rank::Queen, None)),
            (Lang::Uk, "Кh", card(Rank::King, Some(Suit::Hearts))),
            (Lang::Uk, "10♦", card(Rank::Ten, Some(Suit::Diamonds))),
            (Lang::Uk, "Jc", card(Rank::Jack, Some(Suit::Clubs))),
            (Lang::Ru, " 9s ", card(Rank::Nine, Some(Suit::Spades))),
            (Lang::Uk, "T", None),
            (Lang::Ru, "Th", None),
            (Lang::Uk, "stick", None),
            (Lang::Uk, "insure 1a 5", None),
            (Lang::En, "Th", card(Rank::Ten, Some(Suit::Hearts))),
            (Lang::En, "Ah", card(Rank::Ace, Some(Suit::Hearts))),
            (Lang::Cs, "K♥", card(Rank::King, Some(Suit::Hearts))),
            (Lang::En, "В♣", None),
        ];
        for &(lang, text, want) in cases {
            assert_eq!(typed_card(lang, text), want, "{lang:?} {text:?}");
        }
        assert!(is_latin_t(Lang::Uk, "Th") && is_latin_t(Lang::Ru, "t"));
        assert!(!is_latin_t(Lang::En, "Th") && !is_latin_t(Lang::Uk, "10"));
        // What the event list writes reads back as the card, in every language.
        for lang in Lang::ALL {
            for r in Rank::ALL {
                for s in Suit::ALL.map(Some).into_iter().chain([None]) {
                    let c = Card::new(r, s);
                    let written = crate::i18n::errors::card(lang, c);
                    assert_eq!(typed_card(lang, &written), Some(c), "{lang:?} {written}");
                }
            }
        }
    }

    /// No key (with or without Ctrl) means two things.
    #[test]
    fn no_key_is_bound_twice() {
        let all: Vec<&Binding> = bindings().collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert!(
                    !(a.key == b.key && a.ctrl == b.ctrl),
                    "{:?} is bound twice",
                    a.key
                );
            }
        }
    }

    /// The reference line of each key names that key (a digit inside a range "2-9").
    #[test]
    fn the_reference_names_its_keys() {
        for row in KEYS {
            for b in row.bindings {
                let name = match b.key {
                    Key::ArrowUp => "Up",
                    Key::Num3 | Key::Num4 | Key::Num5 | Key::Num6 | Key::Num7 | Key::Num8 => "2-9",
                    k => k.name(),
                };
                assert!(row.keys.contains(name), "{:?} not in {:?}", b.key, row.keys);
            }
        }
    }

    /// In uk/ru the reference gives the cards' own letters as their keys (the Latin ones
    /// after them) and never offers T (which looks like the ace's Т) for a ten; T is no ten
    /// there, 0 is one everywhere; in cs/en the plain keys are shown and T is a ten.
    #[test]
    fn the_card_keys_say_the_marks_they_enter() {
        for lang in [Lang::Uk, Lang::Ru] {
            let keys = card_keys(lang);
            assert_eq!(
                keys,
                "\u{422}/A  \u{41a}/K  \u{414}/Q  \u{412}/J  0\u{2192}10  2-9"
            );
            assert!(!keys.contains("T"), "{keys}");
            assert_eq!(card_label(lang, Rank::Ace), "\u{422} (A)");
            assert_eq!(card_label(lang, Rank::Ten), "10");
            assert_eq!(action(lang, Key::T, false), None);
            assert_eq!(
                action(lang, Key::Num0, false),
                Some(KeyAction::Card(Rank::Ten))
            );
            for (text, rank) in [
                ("\u{442}", Rank::Ace),
                ("\u{41a}", Rank::King),
                ("\u{434}", Rank::Queen),
                ("\u{412}", Rank::Jack),
            ] {
                assert_eq!(card_from_text(lang, text), Some(rank), "{text}");
            }
            assert_eq!(card_from_text(lang, "a"), None);
        }
        for lang in [Lang::En, Lang::Cs] {
            assert_eq!(card_keys(lang), "A 2-9 0/T J Q K");
            assert_eq!(card_label(lang, Rank::Ace), "A");
            assert_eq!(
                action(lang, Key::T, false),
                Some(KeyAction::Card(Rank::Ten))
            );
            assert_eq!(card_from_text(lang, "\u{422}"), None);
        }
    }

    /// On a Ukrainian layout the key that types Т (the Latin N) enters an ace, not a new
    /// shoe; a key with no card letter is itself.
    #[test]
    fn a_cyrillic_letter_is_the_card_not_the_key_under_it() {
        let key = |key| egui::Event::Key {
            key,
            physical_key: Some(key),
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        };
        let text = |t: &str| egui::Event::Text(t.into());
        let events = [key(Key::N), text("\u{442}"), key(Key::S), text("\u{456}")];
        assert_eq!(
            presses(Lang::Uk, &events),
            [Press::Mark(Rank::Ace), Press::Key(Key::S, false)]
        );
        assert_eq!(
            presses(Lang::En, &events),
            [Press::Key(Key::N, false), Press::Key(Key::S, false)]
        );
    }

    #[test]
    fn hints_and_actions_read_the_same_table() {
        assert_eq!(hint(KeyAction::Undo), "U");
        assert_eq!(hint(KeyAction::Confirm), "Enter");
        assert_eq!(action(Lang::En, Key::Z, true), Some(KeyAction::Undo));
        assert_eq!(action(Lang::En, Key::Z, false), None);
        assert_eq!(action(Lang::En, Key::K, true), None);
        assert_eq!(
            action(Lang::En, Key::Num0, false),
            Some(KeyAction::Card(Rank::Ten))
        );
        assert_eq!(
            with_hint("Stick", KeyAction::Decision(Decision::Stick)),
            "Stick (S)"
        );
    }
}
