//! The Pontis table mode: the host's screen. Opens a Pontis table (name, jokers, which card
//! lies on top), starts a game (players in seat order, the dealer), and takes each bank card
//! and each play or pass by keyboard — a card is one key as on the Pontoon screen, X makes
//! the next card key a joker of that value. Shows every bank's top, whose turn it is and the
//! difference(s) to meet as the engine words them, the cards left in each hand, and at the
//! end the scores and the winners. Every input goes through `audit::pontis::PontisSession`
//! (logged, then applied; refusals logged and shown with why); no rule is decided here.

use egui::{Color32, Frame, Key, RichText, Stroke, Ui, Vec2};

use crate::audit::pontis::{PontisInput, PontisSession, list_pontis_tables};
use crate::audit::table::InputError;
use crate::audit::{Store, User};
use crate::engine::pontis::{End, Game, PontisRules, Step, Top, Want};
use crate::engine::{Card, DeckCard, Rank, Suit};

/// The keys of the Pontis screen, as its reference panel shows them.
pub const PONTIS_KEYS: [(&str, &str); 10] = [
    (
        "A 2-9 0/T J Q K",
        "a card: the bank card being turned up, or a card of the play",
    ),
    ("F1 F2 F3 F4", "suit s h d c of the next card (optional)"),
    ("X", "the next card key is a joker of that value"),
    ("M", "top declared: the last card typed lies on top"),
    ("Enter", "play the cards typed / start the game / next game"),
    ("P", "the player to move passes"),
    (
        "U  Backspace",
        "take back the last card typed, else undo the last input",
    ),
    ("Ctrl+Z", "undo the last input"),
    ("Esc", "clear the cards typed"),
    ("F12", "show or hide this reference"),
];

/// What a key or a click asked for, carried out after the frame.
#[derive(Clone, Debug, PartialEq)]
enum Act {
    Open,
    Resume(String),
    Start,
    Card(Rank),
    Suit(Suit),
    Joker,
    MarkTop,
    Play,
    Pass,
    Undo,
    UndoInput,
    Clear,
    Abandon,
    Close,
    Back,
    ToggleKeys,
}

fn act_for(key: Key, ctrl: bool) -> Option<Act> {
    Some(match key {
        Key::Z if ctrl => Act::UndoInput,
        _ if ctrl => return None,
        Key::A => Act::Card(Rank::Ace),
        Key::Num2 => Act::Card(Rank::Two),
        Key::Num3 => Act::Card(Rank::Three),
        Key::Num4 => Act::Card(Rank::Four),
        Key::Num5 => Act::Card(Rank::Five),
        Key::Num6 => Act::Card(Rank::Six),
        Key::Num7 => Act::Card(Rank::Seven),
        Key::Num8 => Act::Card(Rank::Eight),
        Key::Num9 => Act::Card(Rank::Nine),
        Key::Num0 | Key::T => Act::Card(Rank::Ten),
        Key::J => Act::Card(Rank::Jack),
        Key::Q => Act::Card(Rank::Queen),
        Key::K => Act::Card(Rank::King),
        Key::F1 => Act::Suit(Suit::Spades),
        Key::F2 => Act::Suit(Suit::Hearts),
        Key::F3 => Act::Suit(Suit::Diamonds),
        Key::F4 => Act::Suit(Suit::Clubs),
        Key::X => Act::Joker,
        Key::M => Act::MarkTop,
        Key::Enter => Act::Play,
        Key::P => Act::Pass,
        Key::U | Key::Backspace => Act::Undo,
        Key::Escape => Act::Clear,
        Key::F12 => Act::ToggleKeys,
        _ => return None,
    })
}

/// The host's Pontis screen.
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
    tables: Vec<String>,
    show_keys: bool,
    place_cursor: bool,
    acts: Vec<Act>,
    /// What to tell the host: `Ok` said, `Err` refused or failed (the app's status line).
    pub(crate) message: Option<Result<String, String>>,
    /// Key presses acted on.
    pub(crate) keystrokes: u32,
}

impl PontisScreen {
    pub(crate) fn new() -> PontisScreen {
        PontisScreen {
            session: None,
            table_name: "Pontis 1".into(),
            jokers: 2,
            declared: false,
            players: String::new(),
            dealer: String::new(),
            pending: Vec::new(),
            suit: None,
            joker_next: false,
            last_end: None,
            tables: Vec::new(),
            show_keys: true,
            place_cursor: true,
            acts: Vec::new(),
            message: None,
            keystrokes: 0,
        }
    }

    /// The table name typed on the app's "Open a table" screen (its Pontoon default
    /// becomes "Pontis 1").
    pub(crate) fn prefill(&mut self, name: &str) {
        self.table_name = match name.trim() {
            "" | "Pontoon 1" => "Pontis 1".into(),
            other => other.to_string(),
        };
        self.place_cursor = true;
    }

    /// Closes the table in play, if any (the app logs out).
    pub(crate) fn close(&mut self, store: &mut Store) {
        if let Some(s) = self.session.take() {
            let _ = s.close(store);
        }
    }

    fn say(&mut self, m: impl Into<String>) {
        self.message = Some(Ok(m.into()));
    }
    fn refuse(&mut self, m: impl Into<String>) {
        self.message = Some(Err(m.into()));
    }

    /// Draws the screen and carries out what it asked for. `true`: the host left it.
    pub(crate) fn ui(&mut self, ui: &mut Ui, store: &mut Store, user: &User) -> bool {
        if self.session.is_none() && self.tables.is_empty() {
            self.tables = list_pontis_tables(store).unwrap_or_default();
        }
        self.read_keys(ui);
        if self.show_keys && self.session.is_some() {
            egui::Panel::right("pontis-keys")
                .exact_size(300.0)
                .show(ui, |ui| {
                    ui.heading("Keys (F12 hides)");
                    for (k, what) in PONTIS_KEYS {
                        ui.horizontal_wrapped(|ui| {
                            ui.label(RichText::new(k).monospace().strong().color(Color32::YELLOW));
                            ui.label(what);
                        });
                    }
                });
        }
        egui::CentralPanel::default_margins().show(ui, |ui| {
            match self.session.as_ref().map(|s| s.live().is_some()) {
                None => self.setup(ui),
                Some(false) => self.new_game(ui),
                Some(true) => self.game(ui),
            }
        });
        let mut leave = false;
        for a in std::mem::take(&mut self.acts) {
            leave |= self.apply(a, store, user);
        }
        leave
    }

    fn read_keys(&mut self, ui: &Ui) {
        let typing = ui.ctx().egui_wants_keyboard_input();
        let presses: Vec<(Key, bool)> = ui.input(|i| {
            i.events
                .iter()
                .filter_map(|e| match e {
                    egui::Event::Key {
                        key,
                        pressed: true,
                        repeat: false,
                        modifiers,
                        ..
                    } => Some((*key, modifiers.command)),
                    _ => None,
                })
                .collect()
        });
        for (key, ctrl) in presses {
            // In a text field only Enter acts (it also leaves the field).
            if typing && key != Key::Enter && key != Key::F12 {
                continue;
            }
            let Some(a) = act_for(key, ctrl) else {
                continue;
            };
            let live = self.session.as_ref().map(|s| s.live().is_some());
            let a = match (live, a) {
                (_, Act::ToggleKeys) => Act::ToggleKeys,
                (None, Act::Play) => Act::Open,
                (Some(false), Act::Play) => Act::Start,
                (None | Some(false), _) => continue,
                (Some(true), a) => a,
            };
            self.keystrokes += 1;
            self.acts.push(a);
        }
    }

    /// The play typed so far as game-script text (`"Kc 10h"`, `"Kc^ 10h"`, `"Jk=5"`).
    fn pending_text(&self) -> String {
        self.pending
            .iter()
            .map(|(c, top)| format!("{c}{}", if *top { "^" } else { "" }))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn apply(&mut self, a: Act, store: &mut Store, user: &User) -> bool {
        match a {
            Act::ToggleKeys => self.show_keys = !self.show_keys,
            Act::Back => {
                self.close(store);
                self.tables.clear();
                return true;
            }
            Act::Close => {
                if let Some(s) = self.session.take() {
                    let name = s.table().name.clone();
                    let in_play = s.live().is_some();
                    match s.close(store) {
                        Ok(()) => self.say(format!(
                            "Pontis table {name} closed{}",
                            if in_play {
                                " (its game in play comes back when it is opened again)"
                            } else {
                                ""
                            }
                        )),
                        Err(e) => self.refuse(e.to_string()),
                    }
                    self.tables = list_pontis_tables(store).unwrap_or_default();
                }
            }
            Act::Open | Act::Resume(_) => {
                let (name, rules) = match &a {
                    Act::Resume(n) => (n.clone(), None),
                    _ => {
                        let knobs = serde_json::json!({
                            "jokers": self.jokers,
                            "top": if self.declared { "declared" } else { "last" },
                        });
                        (
                            self.table_name.clone(),
                            PontisRules::from_value(&knobs).ok(),
                        )
                    }
                };
                let rules = match rules {
                    Some(r) => r,
                    // Resume with the rules the table last had.
                    None => match crate::audit::pontis::table_rules(store, &name) {
                        Ok(Some(r)) => r,
                        _ => return self.fail(format!("no Pontis table named \"{name}\"")),
                    },
                };
                match PontisSession::open(store, user.clone(), &name, rules) {
                    Ok(s) => {
                        let back = if s.live().is_some() {
                            " — the game in play is back where it stopped"
                        } else {
                            ""
                        };
                        self.say(format!("Pontis table {} open{back}", s.table().name));
                        self.session = Some(s);
                        self.place_cursor = true;
                    }
                    Err(e) => self.refuse(e.to_string()),
                }
            }
            Act::Start => {
                let Some(s) = self.session.as_mut() else {
                    return false;
                };
                let names: Vec<String> = self
                    .players
                    .split(',')
                    .map(|n| n.trim().to_string())
                    .filter(|n| !n.is_empty())
                    .collect();
                let dealer = names.iter().position(|n| *n == self.dealer.trim());
                let Some(dealer) = dealer else {
                    return self.fail(format!(
                        "the dealer \"{}\" is not one of the players ({})",
                        self.dealer.trim(),
                        names.join(", ")
                    ));
                };
                match s.start_game(store, names, dealer) {
                    Ok(n) => {
                        self.last_end = None;
                        self.pending.clear();
                        self.say(format!(
                            "game {n} started: {} deals and turns up the bank card first",
                            self.dealer.trim()
                        ));
                    }
                    Err(e) => self.refuse(format!("REFUSED: {e}")),
                }
            }
            Act::Suit(s) => self.suit = Some(s),
            Act::Joker => {
                self.joker_next = true;
                self.say("joker: the next card key names its value");
            }
            Act::Card(rank) => {
                let card = if std::mem::take(&mut self.joker_next) {
                    DeckCard::Joker(rank)
                } else {
                    DeckCard::Card(Card::new(rank, self.suit.take()))
                };
                let Some(game) = self
                    .session
                    .as_ref()
                    .and_then(|s| s.live())
                    .map(|l| &l.game)
                else {
                    return false;
                };
                match game.want() {
                    Want::Turn(seat) => return self.input(store, Step::Turn { seat, card }),
                    Want::Move { .. } if self.pending.len() >= 2 => self.refuse(
                        "a play is one card or two: Enter plays them, U takes the last back",
                    ),
                    Want::Move { .. } => {
                        self.pending.push((card, false));
                        self.say(format!(
                            "play {}: Enter to play it, or type a second card",
                            self.pending_text()
                        ));
                    }
                    Want::Over(_) => {}
                }
            }
            Act::MarkTop => {
                if !self.declared_here() {
                    return self.fail(
                        "this table's rules put the second card typed on top (top \"last\")",
                    );
                }
                let n = self.pending.len();
                for (i, (_, top)) in self.pending.iter_mut().enumerate() {
                    *top = i + 1 == n;
                }
            }
            Act::Clear => {
                self.pending.clear();
                self.joker_next = false;
                self.suit = None;
            }
            Act::Play => {
                let Some(live) = self.session.as_ref().and_then(|s| s.live()) else {
                    return false;
                };
                if self.pending.is_empty() {
                    return self.fail(format!(
                        "type the card(s) first, or P to pass; expected {}",
                        live.game.expected()
                    ));
                }
                let who = &live.game.names()[live.game.to_move()];
                let text = format!("{who}: {}", self.pending_text());
                self.pending.clear();
                return self.input_text(store, &text);
            }
            Act::Pass => {
                let Some(live) = self.session.as_ref().and_then(|s| s.live()) else {
                    return false;
                };
                self.pending.clear();
                let seat = live.game.to_move();
                return self.input(store, Step::Pass { seat });
            }
            Act::Undo if !self.pending.is_empty() => {
                self.pending.pop();
            }
            Act::Undo | Act::UndoInput => {
                let Some(s) = self.session.as_mut() else {
                    return false;
                };
                let text = s.live().map(|l| l.game.clone());
                match s.undo(store) {
                    Ok(step) => {
                        let text = text.map(|g| g.step_text(&step)).unwrap_or_default();
                        self.say(format!("undone: {text}"));
                    }
                    Err(e) => self.refuse(e.to_string()),
                }
            }
            Act::Abandon => {
                let Some(s) = self.session.as_mut() else {
                    return false;
                };
                match s.abandon(store) {
                    Ok(()) => self.say("game abandoned (logged); nobody wins"),
                    Err(e) => self.refuse(e.to_string()),
                }
            }
        }
        false
    }

    fn fail(&mut self, m: impl Into<String>) -> bool {
        self.refuse(m);
        false
    }

    fn declared_here(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| s.table().rules.top() == Top::Declared)
    }

    fn input_text(&mut self, store: &mut Store, text: &str) -> bool {
        let Some(s) = self.session.as_mut() else {
            return false;
        };
        let r = s.input_text(store, text);
        self.answer(text, r);
        false
    }

    fn input(&mut self, store: &mut Store, step: Step) -> bool {
        let Some(s) = self.session.as_mut() else {
            return false;
        };
        let text = s
            .live()
            .map(|l| l.game.step_text(&step))
            .unwrap_or_default();
        let r = s.input(store, step);
        self.answer(&text, r);
        false
    }

    fn answer(&mut self, text: &str, r: Result<PontisInput, InputError>) {
        match r {
            Ok(PontisInput::Accepted) => self.say(format!("OK {text}")),
            Ok(PontisInput::Ended(g)) => {
                let how = match g.end() {
                    Some(End::EmptyHand(_)) => "a hand is empty",
                    _ => "a full circle passed",
                };
                self.say(format!("OK {text} — game over: {how}"));
                self.last_end = Some(g);
                self.prepare_next();
            }
            Err(InputError::Refused(why)) => self.refuse(format!("REFUSED {text}: {why}")),
            Err(e) => self.refuse(format!("NOT RECORDED {text}: {e}")),
        }
    }

    // ----- panels ----------------------------------------------------------------------------

    fn setup(&mut self, ui: &mut Ui) {
        ui.heading("Open a Pontis table");
        ui.label("Pontis (RULES.md B): a shedding game for 2 or more players with one deck and jokers; the referee checks each play against the difference of the two banks' tops.");
        ui.add_space(8.0);
        let name = field(ui, "Table", &mut self.table_name);
        if std::mem::take(&mut self.place_cursor) {
            name.request_focus();
        }
        ui.horizontal(|ui| {
            label(ui, "Jokers");
            for n in 2..=4u8 {
                ui.selectable_value(&mut self.jokers, n, RichText::new(n.to_string()).size(18.0));
            }
        });
        ui.horizontal(|ui| {
            label(ui, "Top card");
            ui.selectable_value(
                &mut self.declared,
                false,
                RichText::new("last played").size(18.0),
            );
            ui.selectable_value(
                &mut self.declared,
                true,
                RichText::new("declared").size(18.0),
            );
        });
        ui.horizontal(|ui| {
            if big_button(ui, "Open Pontis table (Enter)").clicked() {
                self.acts.push(Act::Open);
            }
            if big_button(ui, "< Back").clicked() {
                self.acts.push(Act::Back);
            }
        });
        if !self.tables.is_empty() {
            ui.add_space(16.0);
            ui.heading("Pontis tables in this database");
            for t in self.tables.clone() {
                if big_button(ui, &format!("Resume {t}")).clicked() {
                    self.acts.push(Act::Resume(t));
                }
            }
        }
    }

    fn table_line(&self, ui: &mut Ui) {
        let Some(s) = &self.session else { return };
        let r = s.table().rules;
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(format!(
                    "PONTIS · {} · {} jokers · top {}",
                    s.table().name,
                    r.jokers(),
                    if r.top() == Top::Declared {
                        "declared"
                    } else {
                        "last played"
                    }
                ))
                .size(18.0)
                .strong(),
            );
            if let Some(l) = s.live() {
                ui.label(RichText::new(format!("· game {}", l.number)).size(18.0));
            }
        });
    }

    fn new_game(&mut self, ui: &mut Ui) {
        self.table_line(ui);
        if let Some(g) = self.last_end.clone() {
            ended_view(ui, &g);
            ui.add_space(10.0);
        }
        ui.heading("New game");
        ui.label("Players in seat order, commas between names; the dealer moves first (the deal rotates: the next game's dealer is the next seat).");
        let players = field(ui, "Players", &mut self.players);
        if std::mem::take(&mut self.place_cursor) {
            players.request_focus();
        }
        field(ui, "Dealer", &mut self.dealer);
        ui.horizontal(|ui| {
            if big_button(ui, "Start game (Enter)").clicked() {
                self.acts.push(Act::Start);
            }
            if big_button(ui, "Close table").clicked() {
                self.acts.push(Act::Close);
            }
        });
    }

    fn game(&mut self, ui: &mut Ui) {
        let Some(live) = self.session.as_ref().and_then(|s| s.live()) else {
            return;
        };
        let (g, number) = (live.game.clone(), live.number);
        self.table_line(ui);
        // What comes next, in the engine's words, large.
        let next = match g.want() {
            Want::Turn(seat) => format!(
                "{} turns up the bank card: type it (one key; X first for a joker)",
                g.names()[seat]
            ),
            _ => g.next_text().unwrap_or_default(),
        };
        Frame::new()
            .fill(Color32::from_rgb(40, 40, 10))
            .inner_margin(8.0)
            .show(ui, |ui| {
                ui.label(
                    RichText::new(format!("NEXT: {next}"))
                        .size(22.0)
                        .color(Color32::YELLOW),
                );
                if !self.pending.is_empty() || self.joker_next {
                    ui.label(
                        RichText::new(format!(
                            "play: {}{}  — Enter plays it{}",
                            self.pending_text(),
                            if self.joker_next { " Jk=?" } else { "" },
                            if self.declared_here() {
                                ", M marks the top"
                            } else {
                                ""
                            }
                        ))
                        .size(20.0),
                    );
                }
            });
        ui.add_space(6.0);
        let to_move = g.to_move();
        let prev = g.previous(to_move);
        ui.horizontal_wrapped(|ui| {
            for seat in 0..g.players() {
                seat_view(ui, &g, seat, seat == to_move, seat == prev);
            }
        });
        ui.add_space(6.0);
        ui.label(format!(
            "game {number} · {} cards dealt to each hand, {} set aside · passes in a row: {}",
            g.hand_size(),
            g.set_aside(),
            g.passes()
        ));
        ui.horizontal_wrapped(|ui| {
            if big_button(ui, "Pass (P)").clicked() {
                self.acts.push(Act::Pass);
            }
            if big_button(ui, "Play (Enter)").clicked() {
                self.acts.push(Act::Play);
            }
            if big_button(ui, "Undo (U)").clicked() {
                self.acts.push(Act::Undo);
            }
            if big_button(ui, "Abandon game").clicked() {
                self.acts.push(Act::Abandon);
            }
            if big_button(ui, "Close table").clicked() {
                self.acts.push(Act::Close);
            }
        });
    }

    /// After a game ends: Enter starts the next with the same players, the deal rotated.
    pub(crate) fn prepare_next(&mut self) {
        if let Some(g) = &self.last_end {
            self.players = g.names().join(", ");
            self.dealer = g.names()[(g.dealer() + 1) % g.players()].clone();
        }
    }
}

fn label(ui: &mut Ui, text: &str) -> egui::Response {
    ui.add_sized(
        [160.0, 28.0],
        egui::Label::new(RichText::new(text).size(18.0)),
    )
}

fn field(ui: &mut Ui, name: &str, value: &mut String) -> egui::Response {
    ui.horizontal(|ui| {
        let l = label(ui, name);
        ui.add_sized(
            [420.0, 28.0],
            egui::TextEdit::singleline(value).font(egui::TextStyle::Heading),
        )
        .labelled_by(l.id)
    })
    .inner
}

fn big_button(ui: &mut Ui, text: &str) -> egui::Response {
    ui.add(egui::Button::new(RichText::new(text).size(18.0)).min_size(Vec2::new(120.0, 40.0)))
}

fn seat_view(ui: &mut Ui, g: &Game, seat: usize, to_move: bool, previous: bool) {
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
                let dealer = if seat == g.dealer() { " (dealer)" } else { "" };
                ui.label(
                    RichText::new(format!("{}{dealer}", g.names()[seat]))
                        .size(20.0)
                        .strong(),
                );
                let top = match g.top(seat) {
                    Some(c) if g.turned(seat) => c.to_string(),
                    _ => "face down".into(),
                };
                ui.label(RichText::new(top).size(30.0).strong());
                ui.label(format!("{} cards in hand", g.cards_left(seat)));
                ui.label(format!(
                    "bank {} card{} · {} points",
                    g.bank(seat).len(),
                    if g.bank(seat).len() == 1 { "" } else { "s" },
                    g.score(seat)
                ));
                if to_move {
                    ui.label(RichText::new("^ to play").color(Color32::YELLOW));
                } else if previous {
                    ui.label(
                        RichText::new("the other side of the difference")
                            .color(Color32::LIGHT_BLUE),
                    );
                }
            });
        });
}

fn ended_view(ui: &mut Ui, g: &Game) {
    Frame::new()
        .fill(Color32::from_rgb(20, 50, 20))
        .inner_margin(8.0)
        .show(ui, |ui| {
            let how = match g.end() {
                Some(End::EmptyHand(s)) => format!("{}'s hand is empty", g.names()[s]),
                Some(End::Blocked) => "a full circle passed: the banks are scored".into(),
                None => "abandoned".into(),
            };
            ui.label(
                RichText::new(format!("GAME OVER — {how}"))
                    .size(22.0)
                    .strong(),
            );
            let winners: Vec<&str> = g.winners().iter().map(|&s| g.names()[s].as_str()).collect();
            ui.label(
                RichText::new(format!(
                    "Winner{}: {}",
                    if winners.len() == 1 { "" } else { "s" },
                    winners.join(", ")
                ))
                .size(22.0)
                .color(Color32::LIGHT_GREEN),
            );
            for s in 0..g.players() {
                ui.label(
                    RichText::new(format!(
                        "{}: {} points · bank {} · {} cards left",
                        g.names()[s],
                        g.score(s),
                        g.bank(s)
                            .iter()
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                            .join(" "),
                        g.cards_left(s)
                    ))
                    .size(18.0),
                );
            }
        });
}
