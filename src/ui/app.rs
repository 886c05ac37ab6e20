//! The dealer screen's state and panels. Each panel draws from the engine's and the
//! store's answers and pushes `Command`s; `apply` runs them through `TableSession` after
//! the frame. The persisted part of the app is the database: nothing else survives a
//! restart, and nothing else needs to.

use std::path::PathBuf;

use egui::{Align, Color32, Frame, Key, Layout, RichText, Stroke, Ui, Vec2};

use super::keys::{KEY_REFERENCE, KeyAction, action};
use crate::audit::table::{Input, InputError, TableSummary, list_tables};
use crate::audit::users::{self, Role, User};
use crate::audit::{AuditError, Store, TableSession};
use crate::engine::{
    BetIx, BetSpec, Card, CardTo, Decision, HandState, Limits, Money, Offer, Round, Rules, Step,
    Suit, Want, rules,
};

/// Which screen is up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The database could not be opened: the message says why and what to do.
    Fatal,
    /// No user yet: create the first admin.
    FirstAdmin,
    Login,
    /// Open a table (name, rules, limits) or resume one.
    Setup,
    /// Place the bets of the next round.
    Bets,
    /// A round in play.
    Play,
    /// The round is settled: what to pay and collect.
    Settled,
    /// Supervisors: history, voids and corrections, verification, charts, export.
    Desk,
    /// Another program writes the database: its table followed live, read-only.
    Watch,
}

/// What the dealer asked for, carried out after the frame.
#[derive(Clone, Debug, PartialEq)]
enum Command {
    CreateAdmin,
    Login,
    Logout,
    OpenTable,
    Resume(String),
    /// Start the round with the bets on screen, then (a card key on the bets screen) this.
    Deal(Option<Step>),
    Step(Step),
    Undo,
    Confirm,
    NewShoe,
    Suit(Suit),
    Mark(isize),
    Insure(Option<BetIx>),
    EvenMoney(Option<BetIx>),
    Decline(Option<BetIx>),
    ToggleKeys,
    Desk,
    LeaveDesk,
    /// Close the table (logged), stay logged in.
    CloseTable,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tone {
    Info,
    Refused,
    Error,
}

/// The dealer screen.
pub struct DealerApp {
    db: PathBuf,
    store: Option<Store>,
    screen: Screen,
    status: Option<(String, Tone)>,
    name: String,
    pin: String,
    pin2: String,
    user: Option<User>,
    table_name: String,
    preset: String,
    min_bet: String,
    box_max: String,
    tables: Vec<TableSummary>,
    table: Option<TableSession>,
    /// Stakes typed per box and position (holder first).
    stakes: Vec<Vec<String>>,
    /// The bet marked for an offer (index into the round's bets).
    mark: usize,
    suit: Option<Suit>,
    finished: Option<Box<Round>>,
    /// Put the cursor in the first field to type on the next frame (a screen just opened).
    place_cursor: bool,
    /// Insurance amounts typed per bet (empty: the most allowed).
    insure: Vec<String>,
    show_keys: bool,
    commands: Vec<Command>,
    desk: super::desk::Desk,
    watch: super::watch::Watch,
    floor: super::floor::FloorUi,
    /// Key presses the screen acted on (for the keystroke benchmark and tests).
    pub keystrokes: u32,
}

impl DealerApp {
    /// Opens the database (creating it on first use) and shows the first screen.
    pub fn open(db: PathBuf) -> DealerApp {
        let mut app = DealerApp {
            db: db.clone(),
            store: None,
            screen: Screen::Fatal,
            status: None,
            name: String::new(),
            pin: String::new(),
            pin2: String::new(),
            user: None,
            table_name: "Pontoon 1".into(),
            preset: "czech".into(),
            min_bet: "5".into(),
            box_max: "500".into(),
            tables: Vec::new(),
            table: None,
            stakes: Vec::new(),
            mark: 0,
            suit: None,
            finished: None,
            insure: Vec::new(),
            place_cursor: true,
            show_keys: true,
            commands: Vec::new(),
            desk: super::desk::Desk::new(),
            watch: Default::default(),
            floor: Default::default(),
            keystrokes: 0,
        };
        match Store::open(&db) {
            Ok(store) => {
                app.screen = match users::has_users(&store) {
                    Ok(true) => Screen::Login,
                    _ => Screen::FirstAdmin,
                };
                app.store = Some(store);
            }
            // Another program writes it (a feed): follow it, read-only.
            Err(AuditError::InUse { path, holder }) => match Store::open_read(&db) {
                Ok(store) => {
                    app.say(
                        format!(
                            "{}: another program writes it ({holder}); this screen watches it read-only",
                            path.display()
                        ),
                        Tone::Info,
                    );
                    app.screen = Screen::Watch;
                    app.store = Some(store);
                }
                Err(e) => app.say(e.to_string(), Tone::Error),
            },
            Err(e) => app.say(e.to_string(), Tone::Error),
        }
        app
    }

    /// Links the table to the floor (`--floor URL`): a background sync; the top bar shows
    /// its state, and a supervisor can open the floor view.
    pub fn with_floor(mut self, url: Option<String>) -> DealerApp {
        self.floor = super::floor::FloorUi::start(self.db.clone(), url);
        self
    }

    /// The floor link's state in words (none without a floor).
    pub fn floor_state(&self) -> Option<String> {
        self.floor.state().map(|s| s.text())
    }

    pub fn screen(&self) -> Screen {
        self.screen
    }
    pub fn status(&self) -> Option<&str> {
        self.status.as_ref().map(|(s, _)| s.as_str())
    }
    pub fn round(&self) -> Option<&Round> {
        match self.screen {
            Screen::Watch => self
                .watch
                .state()
                .and_then(|s| s.live.as_ref())
                .map(|l| &l.round),
            _ => self.table.as_ref().and_then(|t| t.round()),
        }
    }
    fn say(&mut self, text: impl Into<String>, tone: Tone) {
        self.status = Some((text.into(), tone));
    }

    /// Draws one frame and carries out what it asked for.
    pub fn ui(&mut self, ui: &mut Ui) {
        // Scale with the screen: laid out for 1110 points across, so 1280×800 reads at
        // about 1.15× and 1920×1080 at about 1.7×.
        let ctx = ui.ctx().clone();
        let width = ctx.viewport_rect().width() * ctx.zoom_factor();
        let zoom = (width / 1110.0).clamp(1.0, 2.0);
        if (zoom - ctx.zoom_factor()).abs() > 0.05 {
            ctx.set_zoom_factor(zoom);
        }
        self.read_keys(ui);
        egui::Panel::top("top").show(ui, |ui| self.top_bar(ui));
        egui::Panel::bottom("status")
            .exact_size(36.0)
            .show(ui, |ui| self.status_line(ui));
        if self.show_keys && matches!(self.screen, Screen::Bets | Screen::Play | Screen::Settled) {
            egui::Panel::right("keys")
                .exact_size(300.0)
                .show(ui, key_panel);
        }
        egui::CentralPanel::default_margins().show(ui, |ui| match self.screen {
            Screen::Fatal => self.fatal(ui),
            Screen::FirstAdmin => self.first_admin(ui),
            Screen::Login => self.login(ui),
            Screen::Setup => self.setup(ui),
            Screen::Bets => self.bets(ui),
            Screen::Play => self.play(ui),
            Screen::Settled => self.settled(ui),
            Screen::Watch => {
                if let Some(store) = self.store.as_ref() {
                    self.watch.ui(ui, store);
                }
            }
            Screen::Desk => {
                if ui.button("< Back to the tables").clicked() {
                    self.commands.push(Command::LeaveDesk);
                }
                if let (Some(store), Some(user)) = (self.store.as_mut(), self.user.as_ref()) {
                    self.desk.ui(ui, store, user);
                }
                match self.desk.message.take() {
                    Some(Ok(m)) => self.status = Some((m, Tone::Info)),
                    Some(Err(e)) => self.status = Some((format!("REFUSED: {e}"), Tone::Refused)),
                    None => {}
                }
            }
        });
        for c in std::mem::take(&mut self.commands) {
            self.apply(c);
        }
    }

    // ----- keys -------------------------------------------------------------------------------

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
            if key == Key::F12 {
                self.commands.push(Command::ToggleKeys);
                continue;
            }
            // In a text field only Enter acts (it also leaves the field).
            if typing && key != Key::Enter {
                continue;
            }
            let Some(a) = action(key, ctrl) else { continue };
            if let Some(c) = self.command_for(a) {
                self.keystrokes += 1;
                self.commands.push(c);
            }
        }
    }

    fn command_for(&self, a: KeyAction) -> Option<Command> {
        let card = |rank| Step::Card(Card::new(rank, self.suit));
        Some(match (self.screen, a) {
            (Screen::FirstAdmin, KeyAction::Confirm) => Command::CreateAdmin,
            (Screen::Login, KeyAction::Confirm) => Command::Login,
            (Screen::Setup, KeyAction::Confirm) => Command::OpenTable,
            (Screen::Bets, KeyAction::Confirm) => Command::Deal(None),
            (Screen::Bets, KeyAction::Card(r)) => Command::Deal(Some(card(r))),
            (Screen::Bets, KeyAction::NewShoe) => Command::NewShoe,
            (Screen::Bets | Screen::Play, KeyAction::Suit(s)) => Command::Suit(s),
            (Screen::Play, KeyAction::Card(r)) => Command::Step(card(r)),
            (Screen::Play, KeyAction::Decision(d)) => Command::Step(d.step()),
            (Screen::Play, KeyAction::Insure) => Command::Insure(None),
            (Screen::Play, KeyAction::EvenMoney) => Command::EvenMoney(None),
            (Screen::Play, KeyAction::Decline) => Command::Decline(None),
            (Screen::Play, KeyAction::NextOffer) => Command::Mark(1),
            (Screen::Play, KeyAction::PrevOffer) => Command::Mark(-1),
            (Screen::Play, KeyAction::Undo) => Command::Undo,
            (Screen::Settled, KeyAction::Confirm) => Command::Confirm,
            _ => return None,
        })
    }

    // ----- carrying out -----------------------------------------------------------------------

    fn apply(&mut self, c: Command) {
        let Some(store) = self.store.as_mut() else {
            return;
        };
        match c {
            Command::ToggleKeys => self.show_keys = !self.show_keys,
            Command::Desk => {
                if self.user.as_ref().is_some_and(|u| u.role.supervises()) {
                    self.screen = Screen::Desk;
                } else {
                    self.say("the supervisor desk is for supervisors", Tone::Refused);
                }
            }
            Command::LeaveDesk => {
                self.tables = list_tables(store).unwrap_or_default();
                // Back to the table as it waited, if one is open.
                self.screen = match &self.table {
                    Some(t) if t.round().is_some() => Screen::Play,
                    Some(_) => Screen::Bets,
                    None => Screen::Setup,
                };
            }
            Command::CloseTable => {
                let Some(t) = self.table.take() else { return };
                let name = t.state().name.clone();
                let in_play = t.round().is_some();
                match t.close(store) {
                    Ok(()) => {
                        self.tables = list_tables(store).unwrap_or_default();
                        self.screen = Screen::Setup;
                        let note = if in_play {
                            " (its round in play comes back when it is opened again)"
                        } else {
                            ""
                        };
                        self.say(format!("table {name} closed{note}"), Tone::Info);
                    }
                    Err(e) => self.say(e.to_string(), Tone::Error),
                }
            }
            Command::Suit(s) => {
                self.suit = Some(s);
                self.say(
                    format!("suit {} for the next card", suit_symbol(s)),
                    Tone::Info,
                );
            }
            Command::CreateAdmin => {
                if self.pin != self.pin2 {
                    self.say(
                        "the two PINs differ: type the same PIN twice",
                        Tone::Refused,
                    );
                    return;
                }
                match users::add_user(store, &self.name, Role::Admin, &self.pin, None) {
                    Ok(u) => {
                        self.pin.clear();
                        self.pin2.clear();
                        self.say(format!("{} is the first admin: log in", u.name), Tone::Info);
                        self.screen = Screen::Login;
                        self.place_cursor = true;
                    }
                    Err(e) => self.say(e.to_string(), Tone::Refused),
                }
            }
            Command::Login => {
                let result = users::login(store, &self.name, &self.pin, None);
                self.pin.clear();
                match result {
                    Ok(u) => {
                        self.tables = list_tables(store).unwrap_or_default();
                        self.say(
                            format!("logged in as {} ({})", u.name, u.role.name()),
                            Tone::Info,
                        );
                        self.user = Some(u);
                        self.screen = Screen::Setup;
                    }
                    Err(e) => {
                        self.place_cursor = true;
                        self.say(e.to_string(), Tone::Refused);
                    }
                }
            }
            Command::Logout => {
                self.sign_off();
                self.screen = Screen::Login;
                self.name.clear();
                self.place_cursor = true;
                self.say("logged out", Tone::Info);
            }
            Command::OpenTable => self.open_table(None),
            Command::Resume(name) => self.open_table(Some(name)),
            Command::NewShoe => {
                let Some(t) = self.table.as_mut() else { return };
                match t.new_shoe(store) {
                    Ok(()) => self.say("new shoe: the card count starts again", Tone::Info),
                    Err(e) => self.say(e.to_string(), Tone::Refused),
                }
            }
            Command::Deal(first) => {
                let bets = match self.bets_from_form() {
                    Ok(b) => b,
                    Err(e) => return self.say(e, Tone::Refused),
                };
                let store = self.store.as_mut().expect("checked above");
                let Some(t) = self.table.as_mut() else { return };
                match t.start_round(store, bets) {
                    Ok(n) => {
                        self.screen = Screen::Play;
                        self.mark = 0;
                        self.insure.clear();
                        self.say(format!("round {n}: deal"), Tone::Info);
                        if let Some(step) = first {
                            self.step(step);
                        }
                    }
                    Err(e) => self.say(e.to_string(), Tone::Refused),
                }
            }
            Command::Step(step) => self.step(step),
            Command::Insure(b) | Command::EvenMoney(b) | Command::Decline(b) => {
                let Some(round) = self.round() else { return };
                let step = match (&c, b.or_else(|| self.default_bet(&c, round))) {
                    (_, None) => return self.say(nothing_for(&c), Tone::Refused),
                    (Command::Insure(_), Some(b)) => {
                        let typed = self.insure.get(b).map(|t| t.trim()).unwrap_or("");
                        if typed.is_empty() {
                            Step::Insure(b, round.insurance_max(b))
                        } else {
                            match Money::parse(typed) {
                                Ok(m) => Step::Insure(b, m),
                                Err(e) => {
                                    return self.say(
                                        format!("insurance for {}: {e}", round.bet_id(b)),
                                        Tone::Refused,
                                    );
                                }
                            }
                        }
                    }
                    (Command::EvenMoney(_), Some(b)) => Step::EvenMoney(b),
                    (_, Some(b)) => Step::Decline(b),
                };
                self.step(step);
            }
            Command::Mark(d) => {
                if let Some(r) = self.round() {
                    let n = r.bet_count() as isize;
                    self.mark = ((self.mark as isize + d).rem_euclid(n)) as usize;
                }
            }
            Command::Undo => {
                let Some(t) = self.table.as_mut() else { return };
                match t.undo(store) {
                    Ok(s) => {
                        let text = t.round().map(|r| r.step_text(s)).unwrap_or_default();
                        self.say(format!("undone: {text}"), Tone::Info);
                    }
                    Err(e) => self.say(e.to_string(), Tone::Refused),
                }
            }
            Command::Confirm => {
                self.finished = None;
                self.screen = Screen::Bets;
                self.say(
                    "settlement confirmed: bets for the next round (a card key deals)",
                    Tone::Info,
                );
            }
        }
    }

    /// Closes the table and logs the user out (both logged).
    fn sign_off(&mut self) {
        let Some(store) = self.store.as_mut() else {
            return;
        };
        let table = self.table.take();
        let id = table.as_ref().map(|t| t.table_id());
        if let Some(t) = table {
            let _ = t.close(store);
        }
        if let Some(u) = self.user.take() {
            let _ = users::logout(store, &u, id);
        }
    }

    fn step(&mut self, step: Step) {
        let (Some(store), Some(t)) = (self.store.as_mut(), self.table.as_mut()) else {
            return;
        };
        let step = match step {
            Step::Card(c) => {
                self.suit = None;
                Step::Card(c)
            }
            other => other,
        };
        let text = t.round().map(|r| r.step_text(step)).unwrap_or_default();
        match t.input(store, step) {
            Ok(Input::Accepted) => self.say(format!("OK {text}"), Tone::Info),
            Ok(Input::Settled(round)) => {
                self.finished = Some(round);
                self.screen = Screen::Settled;
                self.say(
                    format!("OK {text} - round settled: pay and collect, then Enter"),
                    Tone::Info,
                );
            }
            Err(InputError::Refused(why)) => {
                self.say(format!("REFUSED {text}: {why}"), Tone::Refused)
            }
            Err(e) => self.say(format!("NOT RECORDED {text}: {e}"), Tone::Error),
        }
    }

    /// The bet an offer key acts on: the marked one if it can, else the first that can.
    fn default_bet(&self, c: &Command, round: &Round) -> Option<BetIx> {
        let ok = |b: BetIx| {
            let step = match c {
                Command::Insure(_) => Step::Insure(b, round.insurance_max(b)),
                Command::EvenMoney(_) => Step::EvenMoney(b),
                _ => Step::Decline(b),
            };
            round.check(step).is_ok()
        };
        let n = round.bet_count();
        (0..n).map(|i| (self.mark + i) % n).find(|&b| ok(b))
    }

    fn open_table(&mut self, resume: Option<String>) {
        let (Some(store), Some(user)) = (self.store.as_mut(), self.user.clone()) else {
            return;
        };
        let opened = match resume {
            Some(name) => TableSession::resume(store, user, &name),
            None => {
                let rules = match Rules::preset(&self.preset) {
                    Ok(r) => r,
                    Err(e) => return self.say(e.to_string(), Tone::Refused),
                };
                let money = |s: &str, what: &str| -> Result<Option<Money>, String> {
                    if s.trim().is_empty() {
                        return Ok(None);
                    }
                    Money::parse(s)
                        .map(Some)
                        .map_err(|e| format!("{what}: {e}"))
                };
                let limits = money(&self.min_bet, "min bet")
                    .and_then(|lo| money(&self.box_max, "box max").map(|hi| (lo, hi)))
                    .and_then(|(lo, hi)| Limits::new(lo, hi).map_err(|e| e.to_string()));
                let limits = match limits {
                    Ok(l) => l,
                    Err(e) => return self.say(e, Tone::Refused),
                };
                let name = self.table_name.clone();
                let preset = self.preset.clone();
                TableSession::open(store, user, &name, rules, Some(&preset), limits)
            }
        };
        match opened {
            Ok(mut t) => {
                let store = self.store.as_mut().expect("checked above");
                if let Ok(true) = t.recover(store) {
                    self.say(
                        "the last round was complete at the crash: its settlement is now logged",
                        Tone::Info,
                    );
                }
                let rules = t.state().rules;
                if self.stakes.len() != rules.boxes() as usize
                    || self.stakes[0].len() != rules.bets_per_box() as usize
                {
                    self.stakes = vec![
                        vec![String::new(); rules.bets_per_box() as usize];
                        rules.boxes() as usize
                    ];
                }
                self.screen = if t.round().is_some() {
                    Screen::Play
                } else {
                    Screen::Bets
                };
                let back = if t.round().is_some() {
                    " — the round in play is back where it stopped"
                } else {
                    ""
                };
                self.say(format!("table {} open{back}", t.state().name), Tone::Info);
                self.table = Some(t);
            }
            Err(e) => self.say(e.to_string(), Tone::Refused),
        }
    }

    /// The bets typed on the bets screen: `{box}{a,b,c}` ids, holder first.
    fn bets_from_form(&self) -> Result<Vec<BetSpec>, String> {
        let mut bets = Vec::new();
        for (i, row) in self.stakes.iter().enumerate() {
            let box_no = i as u8 + 1;
            let mut seen_gap = false;
            for (k, text) in row.iter().enumerate() {
                if text.trim().is_empty() {
                    seen_gap = true;
                    continue;
                }
                let who = if k == 0 {
                    "holder".to_string()
                } else {
                    format!("back bet {k}")
                };
                if seen_gap {
                    return Err(format!(
                        "box {box_no}: {who} has a stake but the place before it is empty (the holder's bet comes first)"
                    ));
                }
                let stake = Money::parse(text).map_err(|e| format!("box {box_no} {who}: {e}"))?;
                bets.push(BetSpec {
                    id: BetSpec::id_for(box_no, k).into(),
                    box_no,
                    stake,
                });
            }
        }
        if bets.is_empty() {
            return Err("no bets: type a stake on at least one box".into());
        }
        Ok(bets)
    }

    // ----- panels -----------------------------------------------------------------------------

    fn top_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.heading(RichText::new("CROUPIER").strong());
            ui.separator();
            ui.label(format!("db {}", self.db.display()));
            if let Some(t) = &self.table {
                ui.separator();
                let s = t.state();
                let lim = match (s.limits.min_bet(), s.limits.box_max()) {
                    (Some(a), Some(b)) => format!(" · limits {a}–{b}"),
                    _ => String::new(),
                };
                ui.label(
                    RichText::new(format!(
                        "{} · {}{lim} · shoe {}",
                        s.name,
                        s.preset.as_deref().unwrap_or("house rules"),
                        s.shoe_no
                    ))
                    .strong(),
                );
                let left = t
                    .round()
                    .map(|r| r.shoe().cards_left())
                    .unwrap_or(s.shoe.cards_left());
                ui.label(format!("· {left} cards left"));
            }
            let supervises = self.user.as_ref().is_some_and(|u| u.role.supervises());
            self.floor.show(ui, supervises);
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                if let Some(u) = &self.user {
                    if ui.button("Log out").clicked() {
                        self.commands.push(Command::Logout);
                    }
                    ui.label(format!("{} ({})", u.name, u.role.name()));
                    let at_table =
                        matches!(self.screen, Screen::Bets | Screen::Play | Screen::Settled);
                    if at_table && ui.button("Close table").clicked() {
                        self.commands.push(Command::CloseTable);
                    }
                    // A dispute looked at while the table waits: the table stays open.
                    if at_table && u.role.supervises() && ui.button("Supervisor desk").clicked() {
                        self.commands.push(Command::Desk);
                    }
                }
            });
        });
    }

    fn status_line(&mut self, ui: &mut Ui) {
        ui.horizontal_centered(|ui| {
            if let Some((text, tone)) = &self.status {
                let color = match tone {
                    Tone::Info => Color32::LIGHT_GREEN,
                    Tone::Refused => Color32::from_rgb(255, 170, 60),
                    Tone::Error => Color32::from_rgb(255, 90, 90),
                };
                ui.label(RichText::new(text).color(color).size(16.0));
            }
        });
    }

    fn fatal(&mut self, ui: &mut Ui) {
        ui.heading("The database cannot be opened");
        if let Some((text, _)) = &self.status {
            ui.label(RichText::new(text).size(18.0));
        }
        ui.label("Nothing was changed. Close Croupier, fix the cause above, and start it again.");
    }

    fn form_field(ui: &mut Ui, label: &str, value: &mut String, secret: bool) -> egui::Response {
        ui.horizontal(|ui| {
            let l = ui.add_sized(
                [160.0, 28.0],
                egui::Label::new(RichText::new(label).size(18.0)),
            );
            ui.add_sized(
                [280.0, 28.0],
                egui::TextEdit::singleline(value)
                    .password(secret)
                    .font(egui::TextStyle::Heading),
            )
            .labelled_by(l.id)
        })
        .inner
    }

    fn first_admin(&mut self, ui: &mut Ui) {
        ui.heading("First run: create the first admin");
        ui.label("Every user logs in as themselves: use a person's name, not a role. An admin's PIN is 6 to 12 digits; it is stored only as an argon2 hash.");
        ui.add_space(12.0);
        let name = Self::form_field(ui, "Name", &mut self.name, false);
        if std::mem::take(&mut self.place_cursor) {
            name.request_focus();
        }
        Self::form_field(ui, "PIN", &mut self.pin, true);
        Self::form_field(ui, "PIN again", &mut self.pin2, true);
        if big_button(ui, "Create admin (Enter)", true).clicked() {
            self.commands.push(Command::CreateAdmin);
        }
    }

    fn login(&mut self, ui: &mut Ui) {
        ui.heading("Log in");
        ui.add_space(12.0);
        let name = Self::form_field(ui, "Name", &mut self.name, false);
        let pin = Self::form_field(ui, "PIN", &mut self.pin, true);
        // The cursor starts where typing begins (the PIN when the name is known): a dealer
        // types, no mouse needed.
        if std::mem::take(&mut self.place_cursor) {
            if self.name.trim().is_empty() {
                name.request_focus()
            } else {
                pin.request_focus()
            }
        }
        if big_button(ui, "Log in (Enter)", true).clicked() {
            self.commands.push(Command::Login);
        }
    }

    fn setup(&mut self, ui: &mut Ui) {
        ui.heading("Open a table");
        ui.add_space(8.0);
        Self::form_field(ui, "Table", &mut self.table_name, false);
        ui.horizontal(|ui| {
            ui.add_sized(
                [160.0, 28.0],
                egui::Label::new(RichText::new("Rules").size(18.0)),
            );
            for name in rules::preset_names() {
                ui.selectable_value(
                    &mut self.preset,
                    name.to_string(),
                    RichText::new(name).size(18.0),
                );
            }
        });
        Self::form_field(ui, "Min bet", &mut self.min_bet, false);
        Self::form_field(ui, "Box max", &mut self.box_max, false);
        ui.horizontal(|ui| {
            if big_button(ui, "Open table (Enter)", true).clicked() {
                self.commands.push(Command::OpenTable);
            }
            if self.user.as_ref().is_some_and(|u| u.role.supervises())
                && big_button(ui, "Supervisor desk", true).clicked()
            {
                self.commands.push(Command::Desk);
            }
        });
        if !self.tables.is_empty() {
            ui.add_space(16.0);
            ui.heading("Tables in this database");
            for t in self.tables.clone() {
                ui.horizontal(|ui| {
                    let label = if t.round_in_play {
                        format!("Resume {} (round in play)", t.name)
                    } else {
                        format!("Resume {}", t.name)
                    };
                    if big_button(ui, &label, true).clicked() {
                        self.commands.push(Command::Resume(t.name.clone()));
                    }
                });
            }
        }
    }

    fn bets(&mut self, ui: &mut Ui) {
        let Some(t) = &self.table else { return };
        let rules = t.state().rules;
        ui.heading("Bets for the next round");
        ui.label("Type the stakes (holder first, then back bets). Enter or any card key deals; N starts a new shoe.");
        ui.add_space(8.0);
        egui::Grid::new("bets").spacing([12.0, 8.0]).show(ui, |ui| {
            ui.label(RichText::new("Box").strong());
            for k in 0..rules.bets_per_box() {
                ui.label(
                    RichText::new(if k == 0 {
                        "Holder".to_string()
                    } else {
                        format!("Back bet {k}")
                    })
                    .strong(),
                );
            }
            ui.end_row();
            for (i, row) in self.stakes.iter_mut().enumerate() {
                ui.label(RichText::new(format!("Box {}", i + 1)).size(20.0));
                for (k, text) in row.iter_mut().enumerate() {
                    // Each field is labelled with its bet's id, as the settlement names it.
                    let id = BetSpec::id_for(i as u8 + 1, k);
                    ui.horizontal(|ui| {
                        let l = ui.label(RichText::new(&id).small());
                        ui.add_sized(
                            [100.0, 30.0],
                            egui::TextEdit::singleline(text).font(egui::TextStyle::Heading),
                        )
                        .labelled_by(l.id);
                    });
                }
                ui.end_row();
            }
        });
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if big_button(ui, "Deal (Enter)", true).clicked() {
                self.commands.push(Command::Deal(None));
            }
            if big_button(ui, "New shoe (N)", true).clicked() {
                self.commands.push(Command::NewShoe);
            }
        });
    }

    fn play(&mut self, ui: &mut Ui) {
        let Some(round) = self.round().cloned() else {
            self.screen = Screen::Bets;
            return;
        };
        let want = round.want();
        // What comes next, in words, large.
        Frame::new()
            .fill(Color32::from_rgb(40, 40, 10))
            .inner_margin(8.0)
            .show(ui, |ui| {
                ui.label(
                    RichText::new(format!("NEXT: {}", round.expected()))
                        .size(20.0)
                        .color(Color32::YELLOW),
                );
            });
        ui.add_space(6.0);
        dealer_view(ui, &round, want == Want::Card(CardTo::Dealer));
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            for seat in round.seats() {
                seat_view(ui, &round, seat.box_no(), &want, self.mark);
            }
        });
        ui.add_space(6.0);
        if round.offers_open() {
            self.offers_view(ui, &round);
        }
        if let Want::Decision { .. } = want {
            self.decisions_view(ui, &round);
        }
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            if big_button(ui, "Undo (U)", true).clicked() {
                self.commands.push(Command::Undo);
            }
            if let Want::Card(_) = want {
                ui.label(RichText::new("Card: ").size(18.0));
                for (sym, rank) in [
                    ("A", crate::engine::Rank::Ace),
                    ("2", crate::engine::Rank::Two),
                    ("3", crate::engine::Rank::Three),
                    ("4", crate::engine::Rank::Four),
                    ("5", crate::engine::Rank::Five),
                    ("6", crate::engine::Rank::Six),
                    ("7", crate::engine::Rank::Seven),
                    ("8", crate::engine::Rank::Eight),
                    ("9", crate::engine::Rank::Nine),
                    ("10", crate::engine::Rank::Ten),
                    ("J", crate::engine::Rank::Jack),
                    ("Q", crate::engine::Rank::Queen),
                    ("K", crate::engine::Rank::King),
                ] {
                    if ui
                        .add(
                            egui::Button::new(RichText::new(sym).size(22.0))
                                .min_size(Vec2::new(40.0, 44.0)),
                        )
                        .clicked()
                    {
                        self.commands
                            .push(Command::Step(Step::Card(Card::new(rank, self.suit))));
                    }
                }
            }
        });
    }

    fn offers_view(&mut self, ui: &mut Ui, round: &Round) {
        Frame::new()
            .stroke(Stroke::new(1.0, Color32::LIGHT_BLUE))
            .inner_margin(6.0)
            .show(ui, |ui| {
                ui.label(
                    RichText::new(
                        "Dealer shows an ace: insurance / even money (any other input skips)",
                    )
                    .strong(),
                );
                ui.horizontal_wrapped(|ui| {
                    for b in 0..round.bet_count() {
                        let marked = b == self.mark;
                        let id = round.bet_id(b).to_string();
                        let offer = match round.bet_offer(b) {
                            Offer::Insured { amount, .. } => format!(" insured {amount}"),
                            Offer::EvenMoney => " even money".into(),
                            Offer::None => String::new(),
                        };
                        ui.label(
                            RichText::new(format!("{}{id}{offer}", if marked { "> " } else { "" }))
                                .size(18.0),
                        );
                        let max = round.insurance_max(b);
                        let ins = round.check(Step::Insure(b, max)).is_ok();
                        if ins {
                            if self.insure.len() < round.bet_count() {
                                self.insure.resize(round.bet_count(), String::new());
                            }
                            let l = ui.label(format!("amount for {id}"));
                            ui.add(
                                egui::TextEdit::singleline(&mut self.insure[b])
                                    .hint_text(max.to_string())
                                    .desired_width(60.0),
                            )
                            .labelled_by(l.id);
                        }
                        if big_button(ui, &format!("Insure (up to {max})"), ins).clicked() {
                            self.commands.push(Command::Insure(Some(b)));
                        }
                        let em = round.check(Step::EvenMoney(b)).is_ok();
                        if em && big_button(ui, "Even money", true).clicked() {
                            self.commands.push(Command::EvenMoney(Some(b)));
                        }
                        ui.separator();
                    }
                });
            });
    }

    fn decisions_view(&mut self, ui: &mut Ui, round: &Round) {
        ui.horizontal(|ui| {
            for (d, verdict) in round.decisions() {
                let key = match d {
                    Decision::Stick => "S",
                    Decision::Twist => "W",
                    Decision::Buy => "B",
                    Decision::Split => "P",
                    Decision::Surrender => "R",
                };
                let label = format!("{} ({key})", capitalise(d.word()));
                let r = big_button(ui, &label, verdict.is_ok());
                if let Err(e) = &verdict {
                    r.clone().on_disabled_hover_text(e.reason.clone());
                }
                if r.clicked() {
                    self.commands.push(Command::Step(d.step()));
                }
            }
        });
        // Back bets of the box in play: decline the next buy/split, or surrender alone.
        let legal = round.legal_steps();
        let backs: Vec<Step> = legal
            .iter()
            .copied()
            .filter(|s| matches!(s, Step::Decline(_) | Step::SurrenderBet(_)))
            .collect();
        if !backs.is_empty() {
            ui.horizontal(|ui| {
                ui.label("Back bets:");
                for s in backs {
                    let label = match s {
                        Step::Decline(b) => {
                            format!("{} declines next buy/split (D)", round.bet_id(b))
                        }
                        Step::SurrenderBet(b) => format!("{} surrenders alone", round.bet_id(b)),
                        _ => continue,
                    };
                    if big_button(ui, &label, true).clicked() {
                        self.commands.push(Command::Step(s));
                    }
                }
            });
        }
    }

    fn settled(&mut self, ui: &mut Ui) {
        let Some(round) = self.finished.clone() else {
            self.screen = Screen::Bets;
            return;
        };
        ui.heading(RichText::new("Settlement").size(28.0));
        let d = round
            .dealer_cards()
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        ui.label(RichText::new(format!("Dealer: {d} ({})", round.dealer_total().best)).size(20.0));
        ui.add_space(8.0);
        let (mut pay, mut collect) = (Money::ZERO, Money::ZERO);
        egui::Grid::new("settlement")
            .spacing([24.0, 6.0])
            .show(ui, |ui| {
                for h in ["Bet", "Box", "Staked", "Returned", ""] {
                    ui.label(RichText::new(h).strong().size(18.0));
                }
                ui.end_row();
                for b in 0..round.bet_count() {
                    let net = round.bet_net(b);
                    ui.label(RichText::new(round.bet_id(b).to_string()).size(22.0));
                    ui.label(RichText::new(round.bet_box(b).to_string()).size(22.0));
                    ui.label(RichText::new(round.bet_staked(b).to_string()).size(22.0));
                    ui.label(RichText::new(round.bet_returned(b).to_string()).size(22.0));
                    let (text, color) = if net.is_positive() {
                        pay += net;
                        (format!("PAY {net}"), Color32::LIGHT_GREEN)
                    } else if net < Money::ZERO {
                        collect += -net;
                        (
                            format!("COLLECT {}", -net),
                            Color32::from_rgb(255, 120, 120),
                        )
                    } else {
                        ("PUSH".to_string(), Color32::LIGHT_GRAY)
                    };
                    ui.label(RichText::new(text).size(30.0).strong().color(color));
                    ui.end_row();
                }
            });
        ui.add_space(10.0);
        ui.label(
            RichText::new(format!(
                "Pay {pay} · collect {collect} · house net {}",
                round.house_net()
            ))
            .size(24.0)
            .strong(),
        );
        ui.add_space(10.0);
        if big_button(ui, "Confirm and next round (Enter)", true).clicked() {
            self.commands.push(Command::Confirm);
        }
    }
}

impl eframe::App for DealerApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        DealerApp::ui(self, ui);
    }

    /// The window closes: the table is closed and the user logged out, in the log. A round
    /// in play stays in play for the next opening of the table.
    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.sign_off();
    }
}

fn nothing_for(c: &Command) -> String {
    match c {
        Command::Insure(_) => "no bet can insure now (offers are open only right after the deal, when the dealer shows an ace)".into(),
        Command::EvenMoney(_) => "no bet can take even money now (it needs a pontoon against the dealer's ace)".into(),
        _ => "no back bet can decline now (only before a buy or split on its hand)".into(),
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn suit_symbol(s: Suit) -> &'static str {
    match s {
        Suit::Spades => "spades",
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
    }
}

fn big_button(ui: &mut Ui, label: &str, enabled: bool) -> egui::Response {
    ui.add_enabled(
        enabled,
        egui::Button::new(RichText::new(label).size(18.0)).min_size(Vec2::new(120.0, 40.0)),
    )
}

fn key_panel(ui: &mut Ui) {
    ui.heading("Keys (F12 hides)");
    for (k, what) in KEY_REFERENCE {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(k).monospace().strong().color(Color32::YELLOW));
            ui.label(what);
        });
    }
}

fn card_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn dealer_view(ui: &mut Ui, round: &Round, next: bool) {
    let stroke = if next {
        Stroke::new(3.0, Color32::YELLOW)
    } else {
        Stroke::new(1.0, Color32::GRAY)
    };
    Frame::new()
        .stroke(stroke)
        .inner_margin(8.0)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new("DEALER").size(20.0).strong());
                let cards = round.dealer_cards();
                if cards.is_empty() {
                    ui.label(RichText::new("—").size(26.0));
                } else {
                    ui.label(RichText::new(card_text(cards)).size(30.0).strong());
                    ui.label(RichText::new(format!("= {}", round.dealer_total().best)).size(22.0));
                }
                if next {
                    ui.label(
                        RichText::new("<- next card")
                            .size(20.0)
                            .color(Color32::YELLOW),
                    );
                }
            });
        });
}

pub(super) fn seat_view(ui: &mut Ui, round: &Round, box_no: u8, want: &Want, mark: usize) {
    let Some(seat) = round.seats().iter().find(|s| s.box_no() == box_no) else {
        return;
    };
    let (cur_box, cur_hand) = match want {
        Want::Card(CardTo::Hand { box_no, hand, .. }) | Want::Decision { box_no, hand } => {
            (Some(*box_no), Some(*hand))
        }
        _ => (None, None),
    };
    let here = cur_box == Some(box_no);
    let stroke = if here {
        Stroke::new(3.0, Color32::YELLOW)
    } else {
        Stroke::new(1.0, Color32::GRAY)
    };
    Frame::new()
        .stroke(stroke)
        .inner_margin(6.0)
        .show(ui, |ui| {
            ui.vertical(|ui| {
                ui.label(RichText::new(format!("BOX {box_no}")).size(20.0).strong());
                for &b in seat.bets() {
                    let offer = match round.bet_offer(b) {
                        Offer::Insured { amount, .. } => format!(" · ins {amount}"),
                        Offer::EvenMoney => " · even money".into(),
                        Offer::None => String::new(),
                    };
                    let gone = if round.bet_surrendered(b) {
                        " · surrendered"
                    } else {
                        ""
                    };
                    let m = if b == mark && round.offers_open() {
                        "> "
                    } else {
                        ""
                    };
                    ui.label(format!(
                        "{m}{} {}{offer}{gone}",
                        round.bet_id(b),
                        round.bet_stake(b)
                    ));
                }
                ui.horizontal(|ui| {
                    for (i, h) in seat.hands().iter().enumerate() {
                        let active = here && cur_hand == Some(i);
                        let fill = if active {
                            Color32::from_rgb(60, 60, 20)
                        } else {
                            Color32::TRANSPARENT
                        };
                        Frame::new().fill(fill).inner_margin(4.0).show(ui, |ui| {
                            ui.vertical(|ui| {
                                if seat.hands().len() > 1 {
                                    ui.label(format!("hand {}", i + 1));
                                }
                                ui.label(
                                    RichText::new(if h.cards().is_empty() {
                                        "—".into()
                                    } else {
                                        card_text(h.cards())
                                    })
                                    .size(26.0)
                                    .strong(),
                                );
                                let state = match h.state() {
                                    HandState::Settled(o) => o.to_string(),
                                    HandState::Standing(_) => "stands".into(),
                                    HandState::Deciding => "decide".into(),
                                    HandState::Wants(_) => "card".into(),
                                };
                                if !h.cards().is_empty() {
                                    ui.label(format!("{} · {state}", h.total().best));
                                }
                                if active {
                                    ui.label(RichText::new("^ here").color(Color32::YELLOW));
                                }
                            });
                        });
                    }
                });
            });
        });
}
