//! The Pontis table mode: the host's screen. Opens a Pontis table (name, jokers, which card
//! lies on top), starts a game (players in seat order, the dealer), and takes each bank card
//! and each play or pass by keyboard — a card is one key as on the Pontoon screen, X makes
//! the next card key a joker of that value. Shows every bank's top, whose turn it is and the
//! difference(s) to meet as the engine words them, the cards left in each hand, and at the
//! end the scores and the winners. Every input goes through `session::pontis::PontisSession`
//! (logged, then applied; refusals logged and shown with why); no rule is decided here.

use egui::{Color32, Frame, Key, RichText, Stroke, Ui};

use super::{Said, input_error, not_recorded};
use crate::engine::pontis::{End, Game, PontisRules, Step, Top, Want};
use crate::engine::{Card, DeckCard, Rank, Suit};
use crate::i18n::{Lang, errors};
use crate::log::Store;
use crate::session::User;
use crate::session::pontis::{PontisInput, PontisSession, list_pontis_tables, table_rules};
use crate::session::table::{InputError, Refused};
use crate::t;
use crate::ui::Command;
use crate::ui::status::{Notice, Status, UiError};
use crate::ui::widgets::{Tone, big_button, form_field};

/// What a key asks for on the Pontis screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PontisKey {
    Card(Rank),
    Suit(Suit),
    Joker,
    MarkTop,
    Enter,
    Pass,
    /// The last card typed, else the last input.
    Undo,
    /// The last input.
    UndoInput,
    Clear,
    ToggleKeys,
}

/// One line of the Pontis key reference and the keys behind it.
struct PontisKeyRow {
    keys: &'static str,
    /// What the keys do, in a language; the keys are the same in every language.
    what: fn(Lang) -> String,
    bindings: &'static [(Key, bool, PontisKey)],
}

use PontisKey as P;

/// The Pontis screen's key table: the key handling (`key_of`) and the reference panel both
/// read it, so they cannot disagree.
const PONTIS_KEYS: &[PontisKeyRow] = &[
    PontisKeyRow {
        keys: "A 2-9 0/T J Q K",
        what: |l| t!(l, "pontis-keys-card"),
        bindings: &[
            (Key::A, false, P::Card(Rank::Ace)),
            (Key::Num2, false, P::Card(Rank::Two)),
            (Key::Num3, false, P::Card(Rank::Three)),
            (Key::Num4, false, P::Card(Rank::Four)),
            (Key::Num5, false, P::Card(Rank::Five)),
            (Key::Num6, false, P::Card(Rank::Six)),
            (Key::Num7, false, P::Card(Rank::Seven)),
            (Key::Num8, false, P::Card(Rank::Eight)),
            (Key::Num9, false, P::Card(Rank::Nine)),
            (Key::Num0, false, P::Card(Rank::Ten)),
            (Key::T, false, P::Card(Rank::Ten)),
            (Key::J, false, P::Card(Rank::Jack)),
            (Key::Q, false, P::Card(Rank::Queen)),
            (Key::K, false, P::Card(Rank::King)),
        ],
    },
    PontisKeyRow {
        keys: "F1 F2 F3 F4",
        what: |l| t!(l, "pontis-keys-suit"),
        bindings: &[
            (Key::F1, false, P::Suit(Suit::Spades)),
            (Key::F2, false, P::Suit(Suit::Hearts)),
            (Key::F3, false, P::Suit(Suit::Diamonds)),
            (Key::F4, false, P::Suit(Suit::Clubs)),
        ],
    },
    PontisKeyRow {
        keys: "X",
        what: |l| t!(l, "pontis-keys-joker"),
        bindings: &[(Key::X, false, P::Joker)],
    },
    PontisKeyRow {
        keys: "M",
        what: |l| t!(l, "pontis-keys-top"),
        bindings: &[(Key::M, false, P::MarkTop)],
    },
    PontisKeyRow {
        keys: "Enter",
        what: |l| t!(l, "pontis-keys-enter"),
        bindings: &[(Key::Enter, false, P::Enter)],
    },
    PontisKeyRow {
        keys: "P",
        what: |l| t!(l, "pontis-keys-pass"),
        bindings: &[(Key::P, false, P::Pass)],
    },
    PontisKeyRow {
        keys: "U  Backspace",
        what: |l| t!(l, "pontis-keys-undo"),
        bindings: &[(Key::U, false, P::Undo), (Key::Backspace, false, P::Undo)],
    },
    PontisKeyRow {
        keys: "Ctrl+Z",
        what: |l| t!(l, "pontis-keys-undo-input"),
        bindings: &[(Key::Z, true, P::UndoInput)],
    },
    PontisKeyRow {
        keys: "Esc",
        what: |l| t!(l, "pontis-keys-clear"),
        bindings: &[(Key::Escape, false, P::Clear)],
    },
    PontisKeyRow {
        keys: "F12",
        what: |l| t!(l, "pontis-keys-toggle"),
        bindings: &[(Key::F12, false, P::ToggleKeys)],
    },
];

/// What `key` asks for on the Pontis screen, from `PONTIS_KEYS`.
pub(crate) fn key_of(key: Key, ctrl: bool) -> Option<PontisKey> {
    PONTIS_KEYS
        .iter()
        .flat_map(|r| r.bindings.iter())
        .find(|(k, c, _)| *k == key && *c == ctrl)
        .map(|(_, _, a)| *a)
}

/// What a key or a click asked for, carried out by `apply` after the frame.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum PontisAct {
    Open,
    Resume(String),
    Start,
    Key(PontisKey),
    Abandon,
    Close,
    Back,
}

/// The host's Pontis screen: the table's setup, the new-game form, the game.
pub(crate) struct PontisScreen {
    session: Option<PontisSession>,
    table_name: String,
    jokers: u8,
    declared: bool,
    /// The players in seat order, as typed (commas between names).
    players: String,
    dealer: String,
    /// The cards of the play being typed, each with its top mark.
    pending: Vec<(DeckCard, bool)>,
    suit: Option<Suit>,
    joker_next: bool,
    last_end: Option<Box<Game>>,
    /// The Pontis tables of the database, to resume.
    tables: Vec<String>,
    show_keys: bool,
    place_cursor: bool,
}

/// `Some(Ok(…))` said, `Some(Err(…))` refused, in `lang`.
fn said(lang: Lang, r: Status) -> Option<Said> {
    Some(match r {
        Ok(m) => (m.words(lang), Tone::Info),
        Err(e) => (e.words(lang), Tone::Refused),
    })
}

impl PontisScreen {
    /// The setup of a Pontis table named as on "Open a table" (its Pontoon default becomes
    /// "Pontis 1"), and the database's Pontis tables to resume.
    pub(crate) fn new(name: &str, store: &Store) -> PontisScreen {
        PontisScreen {
            session: None,
            table_name: match name.trim() {
                "" | "Pontoon 1" => "Pontis 1".into(),
                other => other.to_string(),
            },
            jokers: 2,
            declared: false,
            players: String::new(),
            dealer: String::new(),
            pending: Vec::new(),
            suit: None,
            joker_next: false,
            last_end: None,
            tables: list_pontis_tables(store).unwrap_or_default(),
            show_keys: true,
            place_cursor: true,
        }
    }

    /// Closes the table in play, if any (the host logs out); its id for the logout event.
    pub(crate) fn close(&mut self, store: &mut Store) {
        if let Some(s) = self.session.take() {
            let _ = s.close(store);
        }
    }

    /// What a key asks for here: Enter opens the table, starts the game or plays; the other
    /// keys act only in a game (and not while a text field has the cursor).
    pub(crate) fn key(&self, key: Key, ctrl: bool, typing: bool) -> Option<PontisAct> {
        let k = key_of(key, ctrl)?;
        if typing && !matches!(k, P::Enter | P::ToggleKeys) {
            return None;
        }
        let live = self.session.as_ref().map(|s| s.live().is_some());
        Some(match (live, k) {
            (_, P::ToggleKeys) => PontisAct::Key(k),
            (None, P::Enter) => PontisAct::Open,
            (Some(false), P::Enter) => PontisAct::Start,
            (None | Some(false), _) => return None,
            (Some(true), k) => PontisAct::Key(k),
        })
    }

    /// The play typed so far as game-script text (`"Kc 10h"`, `"Kc^ 10h"`, `"Jk=5"`).
    fn pending_text(&self) -> String {
        self.pending
            .iter()
            .map(|(c, top)| format!("{c}{}", if *top { "^" } else { "" }))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The play typed so far as the dealer reads it (`K♣ 10♥`, `K♣^`).
    fn pending_words(&self, lang: Lang) -> String {
        self.pending
            .iter()
            .map(|(c, top)| {
                format!(
                    "{}{}",
                    errors::deck_card(lang, *c),
                    if *top { "^" } else { "" }
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn declared_here(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| s.table().rules.top() == Top::Declared)
    }

    /// Carries out what was asked, through `PontisSession`; what to say, and whether the
    /// host left the Pontis screen.
    pub(crate) fn apply(
        &mut self,
        act: PontisAct,
        store: &mut Store,
        user: &User,
        lang: Lang,
    ) -> (Option<Said>, bool) {
        match act {
            PontisAct::Back => {
                self.close(store);
                (None, true)
            }
            PontisAct::Close => {
                let Some(s) = self.session.take() else {
                    return (None, false);
                };
                let name = s.table().name.clone();
                let in_play = s.live().is_some();
                let r = s
                    .close(store)
                    .map_err(UiError::from)
                    .map(|()| Notice::PontisClosed { name, in_play });
                self.tables = list_pontis_tables(store).unwrap_or_default();
                self.place_cursor = true;
                (said(lang, r), false)
            }
            PontisAct::Open | PontisAct::Resume(_) => {
                (said(lang, self.open(act, store, user)), false)
            }
            PontisAct::Start => (said(lang, self.start(store)), false),
            PontisAct::Abandon => {
                let Some(s) = self.session.as_mut() else {
                    return (None, false);
                };
                let r = s
                    .abandon(store)
                    .map(|()| Notice::PontisAbandoned)
                    .map_err(UiError::from);
                self.pending.clear();
                (said(lang, r), false)
            }
            PontisAct::Key(k) => (self.key_act(k, store, lang), false),
        }
    }

    fn open(&mut self, act: PontisAct, store: &mut Store, user: &User) -> Status {
        let (name, rules) = match act {
            PontisAct::Resume(n) => {
                let rules = table_rules(store, &n)
                    .ok()
                    .flatten()
                    .ok_or_else(|| UiError::NoPontisTable(n.clone()))?;
                (n, rules)
            }
            _ => {
                let top = if self.declared {
                    Top::Declared
                } else {
                    Top::Last
                };
                let rules = PontisRules::new(self.jokers, top)?;
                (self.table_name.clone(), rules)
            }
        };
        let s = PontisSession::open(store, user.clone(), &name, rules)?;
        let m = Notice::PontisOpen {
            name: s.table().name.clone(),
            back: s.live().is_some(),
        };
        self.session = Some(s);
        self.place_cursor = true;
        Ok(m)
    }

    fn start(&mut self, store: &mut Store) -> Status {
        let Some(s) = self.session.as_mut() else {
            return Err(UiError::NoPontisOpen);
        };
        let names: Vec<String> = self
            .players
            .split(',')
            .map(|n| n.trim().to_string())
            .filter(|n| !n.is_empty())
            .collect();
        let dealer = names
            .iter()
            .position(|n| *n == self.dealer.trim())
            .ok_or_else(|| UiError::DealerNotPlayer {
                dealer: self.dealer.trim().to_string(),
                players: names.clone(),
            })?;
        let n = s
            .start_game(store, names, dealer)
            .map_err(UiError::NotStarted)?;
        self.last_end = None;
        self.pending.clear();
        Ok(Notice::PontisStarted {
            n,
            dealer: self.dealer.trim().to_string(),
        })
    }

    fn key_act(&mut self, k: PontisKey, store: &mut Store, lang: Lang) -> Option<Said> {
        let fail = |m: String| Some((m, Tone::Refused));
        match k {
            P::ToggleKeys => {
                self.show_keys = !self.show_keys;
                None
            }
            P::Suit(s) => {
                self.suit = Some(s);
                None
            }
            P::Joker => {
                self.joker_next = true;
                Some((t!(lang, "pontis-joker-next"), Tone::Info))
            }
            P::Card(rank) => {
                let card = if std::mem::take(&mut self.joker_next) {
                    DeckCard::Joker(rank)
                } else {
                    DeckCard::Card(Card::new(rank, self.suit.take()))
                };
                let game = &self.session.as_ref()?.live()?.game;
                match game.want() {
                    Want::Turn(seat) => self.input(store, lang, Step::Turn { seat, card }),
                    Want::Move { .. } if self.pending.len() >= 2 => {
                        fail(t!(lang, "pontis-two-at-most"))
                    }
                    Want::Move { .. } => {
                        self.pending.push((card, false));
                        Some((
                            t!(lang, "pontis-pending", play = self.pending_words(lang)),
                            Tone::Info,
                        ))
                    }
                    Want::Over(_) => None,
                }
            }
            P::MarkTop => {
                if !self.declared_here() {
                    return fail(t!(lang, "pontis-top-is-last"));
                }
                let n = self.pending.len();
                for (i, (_, top)) in self.pending.iter_mut().enumerate() {
                    *top = i + 1 == n;
                }
                None
            }
            P::Clear => {
                self.pending.clear();
                self.joker_next = false;
                self.suit = None;
                None
            }
            P::Enter => {
                let game = &self.session.as_ref()?.live()?.game;
                if self.pending.is_empty() {
                    let expected = errors::pontis_expecting(lang, &game.expecting());
                    return fail(t!(lang, "pontis-type-first", expected = expected));
                }
                // The game script's text goes to the session; the dealer reads it in words.
                let name = game.names()[game.to_move()].clone();
                let text = format!("{name}: {}", self.pending_text());
                let shown = format!("{name}: {}", self.pending_words(lang));
                self.pending.clear();
                let s = self.session.as_mut()?;
                let r = s.input_text(store, &text);
                self.answer(lang, &shown, r)
            }
            P::Pass => {
                let seat = self.session.as_ref()?.live()?.game.to_move();
                self.pending.clear();
                self.input(store, lang, Step::Pass { seat })
            }
            P::Undo if !self.pending.is_empty() => {
                self.pending.pop();
                None
            }
            P::Undo | P::UndoInput => {
                let s = self.session.as_mut()?;
                let before = s.live().map(|l| l.game.clone());
                Some(match s.undo(store) {
                    Ok(step) => {
                        let text = before
                            .map(|g| step_words(lang, &g, &step))
                            .unwrap_or_default();
                        (t!(lang, "table-undone", step = text), Tone::Info)
                    }
                    Err(e) => (input_error(lang, &e), Tone::Refused),
                })
            }
        }
    }

    fn input(&mut self, store: &mut Store, lang: Lang, step: Step) -> Option<Said> {
        let s = self.session.as_mut()?;
        let text = s
            .live()
            .map(|l| step_words(lang, &l.game, &step))
            .unwrap_or_default();
        let r = s.input(store, step);
        // A refusal the engine gave: its reason and what the game wanted, in the language
        // (a refused play changed nothing: the game is still the one it refused on).
        if let (Err(InputError::Refused(Refused::Play(e))), Some(live)) = (&r, s.live()) {
            let why = errors::pontis(lang, &live.game, e);
            return Some((
                t!(lang, "table-refused", step = text, why = why),
                Tone::Refused,
            ));
        }
        self.answer(lang, &text, r)
    }

    fn answer(
        &mut self,
        lang: Lang,
        text: &str,
        r: Result<PontisInput, InputError>,
    ) -> Option<Said> {
        Some(match r {
            Ok(PontisInput::Accepted) => (t!(lang, "table-ok", step = text), Tone::Info),
            Ok(PontisInput::Ended(g)) => {
                let how = match g.end() {
                    Some(End::EmptyHand(_)) => t!(lang, "pontis-over-empty"),
                    _ => t!(lang, "pontis-over-circle"),
                };
                // The next game: the same players, the deal rotated (the engine's rule).
                self.players = g.names().join(", ");
                self.dealer = g.names()[g.next_dealer()].clone();
                self.last_end = Some(g);
                self.place_cursor = true;
                (
                    t!(lang, "pontis-ok-over", step = text, how = how),
                    Tone::Info,
                )
            }
            Err(InputError::Refused(why)) => (
                t!(lang, "table-refused", step = text, why = why.to_string()),
                Tone::Refused,
            ),
            Err(e) => not_recorded(lang, text, &e),
        })
    }

    // ----- drawing ----------------------------------------------------------------------------

    /// Draws the screen; what was asked goes to `commands` (`Command::AtPontis`).
    pub(crate) fn ui(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<Command>) {
        let mut asks = Vec::new();
        if self.show_keys && self.session.as_ref().is_some_and(|s| s.live().is_some()) {
            egui::Panel::right("pontis-keys")
                .exact_size(300.0)
                .show(ui, |ui| {
                    ui.heading(t!(lang, "keys-title"));
                    for (i, row) in PONTIS_KEYS.iter().enumerate() {
                        // The card keys with the marks they enter (A→Т in uk/ru).
                        let keys = if i == 0 {
                            crate::ui::keys::card_keys(lang)
                        } else {
                            row.keys.to_string()
                        };
                        ui.horizontal_wrapped(|ui| {
                            ui.label(
                                RichText::new(keys)
                                    .monospace()
                                    .strong()
                                    .color(Color32::YELLOW),
                            );
                            ui.label((row.what)(lang));
                        });
                    }
                });
        }
        egui::CentralPanel::default_margins().show(ui, |ui| {
            match self.session.as_ref().map(|s| s.live().is_some()) {
                None => self.setup(ui, lang, &mut asks),
                Some(false) => self.new_game(ui, lang, &mut asks),
                Some(true) => self.game(ui, lang, &mut asks),
            }
        });
        commands.extend(asks.into_iter().map(Command::AtPontis));
    }

    fn setup(&mut self, ui: &mut Ui, lang: Lang, asks: &mut Vec<PontisAct>) {
        ui.heading(t!(lang, "pontis-setup-title"));
        ui.label(t!(lang, "pontis-setup-help"));
        ui.add_space(8.0);
        let name = form_field(
            ui,
            &t!(lang, "table-form-table"),
            &mut self.table_name,
            false,
        );
        if std::mem::take(&mut self.place_cursor) {
            name.request_focus();
        }
        ui.horizontal(|ui| {
            label(ui, &t!(lang, "pontis-jokers"));
            for n in 2..=4u8 {
                ui.selectable_value(&mut self.jokers, n, RichText::new(n.to_string()).size(18.0));
            }
        });
        ui.horizontal(|ui| {
            label(ui, &t!(lang, "pontis-top-card"));
            ui.selectable_value(
                &mut self.declared,
                false,
                RichText::new(t!(lang, "pontis-top-last")).size(18.0),
            );
            ui.selectable_value(
                &mut self.declared,
                true,
                RichText::new(t!(lang, "pontis-top-declared")).size(18.0),
            );
        });
        ui.horizontal(|ui| {
            if big_button(ui, &t!(lang, "pontis-open-button"), true).clicked() {
                asks.push(PontisAct::Open);
            }
            if big_button(ui, &t!(lang, "pontis-back"), true).clicked() {
                asks.push(PontisAct::Back);
            }
        });
        if !self.tables.is_empty() {
            ui.add_space(16.0);
            ui.heading(t!(lang, "pontis-tables"));
            for t in &self.tables {
                if big_button(ui, &t!(lang, "table-form-resume", name = t), true).clicked() {
                    asks.push(PontisAct::Resume(t.clone()));
                }
            }
        }
    }

    fn table_line(&self, ui: &mut Ui, lang: Lang) {
        let Some(s) = &self.session else { return };
        let r = s.table().rules;
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(t!(
                    lang,
                    "pontis-table-line",
                    name = &s.table().name,
                    jokers = r.jokers(),
                    top = if r.top() == Top::Declared {
                        t!(lang, "pontis-top-declared")
                    } else {
                        t!(lang, "pontis-top-last")
                    }
                ))
                .size(18.0)
                .strong(),
            );
            if let Some(l) = s.live() {
                ui.label(RichText::new(t!(lang, "pontis-game-no", n = l.number)).size(18.0));
            }
        });
    }

    fn new_game(&mut self, ui: &mut Ui, lang: Lang, asks: &mut Vec<PontisAct>) {
        self.table_line(ui, lang);
        if let Some(g) = &self.last_end {
            ended_view(ui, lang, g);
            ui.add_space(10.0);
        }
        ui.heading(t!(lang, "pontis-new-game"));
        ui.label(t!(lang, "pontis-new-game-help"));
        let players = form_field(ui, &t!(lang, "pontis-players"), &mut self.players, false);
        if std::mem::take(&mut self.place_cursor) {
            players.request_focus();
        }
        form_field(ui, &t!(lang, "pontis-dealer"), &mut self.dealer, false);
        ui.horizontal(|ui| {
            if big_button(ui, &t!(lang, "pontis-start"), true).clicked() {
                asks.push(PontisAct::Start);
            }
            if big_button(ui, &t!(lang, "app-close-table"), true).clicked() {
                asks.push(PontisAct::Close);
            }
        });
    }

    fn game(&mut self, ui: &mut Ui, lang: Lang, asks: &mut Vec<PontisAct>) {
        let Some(live) = self.session.as_ref().and_then(|s| s.live()) else {
            return;
        };
        let (g, number) = (&live.game, live.number);
        self.table_line(ui, lang);
        // What comes next, large: read from the engine's `want`, in the language.
        let next = errors::pontis_next(lang, g).unwrap_or_default();
        Frame::new()
            .fill(Color32::from_rgb(40, 40, 10))
            .inner_margin(8.0)
            .show(ui, |ui| {
                ui.label(
                    RichText::new(t!(lang, "play-next", what = next))
                        .size(22.0)
                        .color(Color32::YELLOW),
                );
                if !self.pending.is_empty() || self.joker_next {
                    let play = format!(
                        "{}{}",
                        self.pending_words(lang),
                        if self.joker_next { " Jk=?" } else { "" }
                    );
                    let text = if self.declared_here() {
                        t!(lang, "pontis-typed-declared", play = play)
                    } else {
                        t!(lang, "pontis-typed", play = play)
                    };
                    ui.label(RichText::new(text).size(20.0));
                }
            });
        ui.add_space(6.0);
        let to_move = g.to_move();
        let prev = g.previous(to_move);
        ui.horizontal_wrapped(|ui| {
            for seat in 0..g.players() {
                seat_view(ui, lang, g, seat, seat == to_move, seat == prev);
            }
        });
        ui.add_space(6.0);
        ui.label(t!(
            lang,
            "pontis-game-facts",
            n = number,
            dealt = g.hand_size(),
            aside = g.set_aside(),
            passes = g.passes()
        ));
        ui.horizontal_wrapped(|ui| {
            for (text, act) in [
                (t!(lang, "pontis-pass"), PontisAct::Key(P::Pass)),
                (t!(lang, "pontis-play"), PontisAct::Key(P::Enter)),
                (
                    format!("{} (U)", t!(lang, "play-undo")),
                    PontisAct::Key(P::Undo),
                ),
                (t!(lang, "pontis-abandon"), PontisAct::Abandon),
                (t!(lang, "app-close-table"), PontisAct::Close),
            ] {
                if big_button(ui, &text, true).clicked() {
                    asks.push(act);
                }
            }
        });
    }
}

fn label(ui: &mut Ui, text: &str) -> egui::Response {
    ui.add_sized(
        [160.0, 28.0],
        egui::Label::new(RichText::new(text).size(18.0)),
    )
}

fn seat_view(ui: &mut Ui, lang: Lang, g: &Game, seat: usize, to_move: bool, previous: bool) {
    let stroke = if to_move {
        Stroke::new(3.0, Color32::YELLOW)
    } else if previous {
        Stroke::new(2.0, Color32::LIGHT_BLUE)
    } else {
        Stroke::new(1.0, Color32::GRAY)
    };
    Frame::new()
        .stroke(stroke)
        .inner_margin(8.0)
        .show(ui, |ui| {
            ui.set_min_width(150.0);
            ui.vertical(|ui| {
                let name = if seat == g.dealer() {
                    t!(lang, "pontis-seat-dealer", name = &g.names()[seat])
                } else {
                    g.names()[seat].clone()
                };
                ui.label(RichText::new(name).size(20.0).strong());
                let top = match g.top(seat) {
                    Some(c) if g.turned(seat) => errors::deck_card(lang, c),
                    _ => t!(lang, "pontis-face-down"),
                };
                ui.label(RichText::new(top).size(30.0).strong());
                ui.label(t!(lang, "pontis-in-hand", n = g.cards_left(seat)));
                ui.label(t!(
                    lang,
                    "pontis-bank",
                    n = g.bank(seat).len(),
                    points = g.score(seat)
                ));
                if to_move {
                    ui.label(RichText::new(t!(lang, "pontis-to-play")).color(Color32::YELLOW));
                } else if previous {
                    ui.label(
                        RichText::new(t!(lang, "pontis-other-side")).color(Color32::LIGHT_BLUE),
                    );
                }
            });
        });
}

fn ended_view(ui: &mut Ui, lang: Lang, g: &Game) {
    Frame::new()
        .fill(Color32::from_rgb(20, 50, 20))
        .inner_margin(8.0)
        .show(ui, |ui| {
            let how = match g.end() {
                Some(End::EmptyHand(s)) => t!(lang, "pontis-end-empty", name = &g.names()[s]),
                Some(End::Blocked) => t!(lang, "pontis-end-blocked"),
                None => t!(lang, "pontis-end-abandoned"),
            };
            ui.label(
                RichText::new(t!(lang, "pontis-game-over", how = how))
                    .size(22.0)
                    .strong(),
            );
            let winners: Vec<&str> = g.winners().iter().map(|&s| g.names()[s].as_str()).collect();
            ui.label(
                RichText::new(t!(
                    lang,
                    "pontis-winners",
                    n = winners.len(),
                    names = winners.join(", ")
                ))
                .size(22.0)
                .color(Color32::LIGHT_GREEN),
            );
            for s in 0..g.players() {
                ui.label(
                    RichText::new(t!(
                        lang,
                        "pontis-score-line",
                        name = &g.names()[s],
                        points = g.score(s),
                        bank = g
                            .bank(s)
                            .iter()
                            .map(|&c| errors::deck_card(lang, c))
                            .collect::<Vec<_>>()
                            .join(" "),
                        n = g.cards_left(s)
                    ))
                    .size(18.0),
                );
            }
        });
}

/// A step as the dealer reads it (`Boris: bank 5♥`, `Boris: пас`); the game script's
/// spelling (`Game::step_text`) is what is logged.
fn step_words(lang: Lang, g: &Game, step: &Step) -> String {
    let name = g.names().get(step.seat()).cloned().unwrap_or_default();
    match step {
        Step::Turn { card, .. } => t!(
            lang,
            "pontis-step-turn",
            name = name,
            card = errors::deck_card(lang, *card)
        ),
        Step::Play { lay, .. } => {
            let cards: Vec<String> = lay
                .cards()
                .into_iter()
                .map(|c| errors::deck_card(lang, c))
                .collect();
            // Two cards under a declared top: the second lies on top, marked as typed.
            let mark = if cards.len() == 2 && g.rules().top() == Top::Declared {
                "^"
            } else {
                ""
            };
            format!("{name}: {}{mark}", cards.join(" "))
        }
        Step::Pass { .. } => t!(lang, "pontis-step-pass", name = name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No key means two things on this screen, and the reference names each key.
    #[test]
    fn the_pontis_key_table_is_consistent() {
        let all: Vec<_> = PONTIS_KEYS.iter().flat_map(|r| r.bindings.iter()).collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert!(!(a.0 == b.0 && a.1 == b.1), "{:?} is bound twice", a.0);
            }
        }
        for row in PONTIS_KEYS {
            for (k, _, _) in row.bindings {
                let name = match k {
                    Key::Num3 | Key::Num4 | Key::Num5 | Key::Num6 | Key::Num7 | Key::Num8 => "2-9",
                    Key::Escape => "Esc",
                    k => k.name(),
                };
                assert!(row.keys.contains(name), "{k:?} not in {:?}", row.keys);
            }
        }
        assert_eq!(key_of(Key::X, false), Some(P::Joker));
        assert_eq!(key_of(Key::Z, true), Some(P::UndoInput));
        assert_eq!(key_of(Key::Z, false), None);
    }
}
