//! The dealer screen's frame and its commands. The screen up is a `Page`, which holds that
//! screen's state (forms, the open table, the desk); the screens (`screens/`) draw it and
//! push `Command`s, and `apply` carries them out after the frame, through `audit`. The
//! persisted part of the app is the database: nothing else survives a restart, and nothing
//! else needs to.

use std::path::PathBuf;

use egui::{Align, Key, Layout, RichText, Ui};

use super::desk::{Desk, DeskCommand};
use super::keys::{KeyAction, action};
use super::screens::first_admin::FirstAdmin;
use super::screens::login::Login;
use super::screens::open_table::OpenTable;
use super::screens::pontis::{PontisAct, PontisScreen};
use super::screens::table::{AtTable, OfferKind, Said};
use super::watch::Watch;
use super::widgets::{Tone, key_panel, status_line};
use crate::audit::table::list_tables;
use crate::audit::users::{self, Role, User};
use crate::audit::{AuditError, Store, TableSession};
use crate::engine::{BetIx, Card, Round, Step, Suit};
use crate::i18n::Lang;

/// Which screen is up (the name of a `Page`, for tests and the key map).
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
    /// A Pontis table (the second table mode, `screens/pontis.rs`).
    Pontis,
}

/// The screen up, with its state.
pub(crate) enum Page {
    /// Why the database cannot be opened.
    Fatal(String),
    FirstAdmin(FirstAdmin),
    Login(Login),
    OpenTable(OpenTable),
    /// A table is open: bets, play or settlement (read from the table).
    Table(Box<AtTable>),
    /// The desk over the page it was opened from (a table waits there, as it was).
    Desk {
        desk: Box<Desk>,
        back: Box<Page>,
    },
    Watch(Box<Watch>),
    Pontis(Box<PontisScreen>),
}

impl Page {
    pub(crate) fn screen(&self) -> Screen {
        match self {
            Page::Fatal(_) => Screen::Fatal,
            Page::FirstAdmin(_) => Screen::FirstAdmin,
            Page::Login(_) => Screen::Login,
            Page::OpenTable(_) => Screen::Setup,
            Page::Table(t) => t.screen(),
            Page::Desk { .. } => Screen::Desk,
            Page::Watch(_) => Screen::Watch,
            Page::Pontis(_) => Screen::Pontis,
        }
    }

    /// The open table, here or waiting under the desk.
    fn table(&self) -> Option<&AtTable> {
        match self {
            Page::Table(t) => Some(t),
            Page::Desk { back, .. } => back.table(),
            _ => None,
        }
    }
}

/// What the dealer asked for, carried out after the frame.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Command {
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
    /// An offer for this bet, or (a key) for the marked one.
    Offer(OfferKind, Option<BetIx>),
    ToggleKeys,
    Desk,
    LeaveDesk,
    /// What the desk asked for.
    AtDesk(DeskCommand),
    /// Close the table (logged), stay logged in.
    CloseTable,
    /// What the Pontis screen asked for.
    AtPontis(PontisAct),
}

/// The dealer screen.
pub struct DealerApp {
    db: PathBuf,
    /// The user's rules files, offered when a table is opened (`rules_files`).
    rules_dir: PathBuf,
    /// The rules folder was named on the command line (a missing one is then a typo, said).
    rules_dir_given: bool,
    store: Option<Store>,
    page: Page,
    status: Option<(String, Tone)>,
    /// Who is logged in (from the login to the logout, across tables and the desk).
    user: Option<User>,
    show_keys: bool,
    commands: Vec<Command>,
    floor: super::floor::FloorUi,
    /// Key presses the screen acted on (for the keystroke benchmark and tests).
    pub keystrokes: u32,
}

impl DealerApp {
    /// Opens the database (creating it on first use) and shows the first screen.
    pub fn open(db: PathBuf) -> DealerApp {
        let mut app = DealerApp {
            db: db.clone(),
            rules_dir: default_rules_dir(&db),
            rules_dir_given: false,
            store: None,
            page: Page::Fatal(String::new()),
            status: None,
            user: None,
            show_keys: true,
            commands: Vec::new(),
            floor: Default::default(),
            keystrokes: 0,
        };
        match Store::open(&db) {
            Ok(store) => {
                app.page = match users::has_users(&store) {
                    Ok(true) => Page::Login(Login::new(String::new())),
                    _ => Page::FirstAdmin(FirstAdmin::new()),
                };
                app.store = Some(store);
            }
            // Another program writes it (a feed): follow it, read-only.
            Err(AuditError::InUse { path, holder }) => match Store::open_read(&db) {
                Ok(store) => {
                    app.say((
                        format!(
                            "{}: another program writes it ({holder}); this screen watches it read-only",
                            path.display()
                        ),
                        Tone::Info,
                    ));
                    app.page = Page::Watch(Box::default());
                    app.store = Some(store);
                }
                Err(e) => app.fatal(e.to_string()),
            },
            Err(e) => app.fatal(e.to_string()),
        }
        app
    }

    /// Offers the rules files of `dir` (instead of `rules/` beside the database).
    pub fn with_rules_dir(mut self, dir: PathBuf) -> DealerApp {
        self.rules_dir = dir;
        self.rules_dir_given = true;
        self
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
        self.page.screen()
    }
    pub fn status(&self) -> Option<&str> {
        self.status.as_ref().map(|(s, _)| s.as_str())
    }
    pub fn round(&self) -> Option<&Round> {
        match &self.page {
            Page::Watch(w) => w.state().and_then(|s| s.live.as_ref()).map(|l| &l.round),
            page => page.table().and_then(|t| t.round()),
        }
    }
    fn say(&mut self, said: Said) {
        self.status = Some(said);
    }
    fn fatal(&mut self, why: String) {
        self.say((why.clone(), Tone::Error));
        self.page = Page::Fatal(why);
    }
    fn supervises(&self) -> bool {
        self.user.as_ref().is_some_and(|u| u.role.supervises())
    }

    /// Draws one frame and carries out what it asked for.
    pub fn ui(&mut self, ui: &mut Ui) {
        // Scale with the screen: laid out for 1110 × 690 points, the limiting side wins, so
        // 1280×800 reads at about 1.15× and 1920×1080 at about 1.57× (its height).
        let ctx = ui.ctx().clone();
        let zoom = zoom_for(ctx.viewport_rect().size() * ctx.zoom_factor());
        if (zoom - ctx.zoom_factor()).abs() > 0.05 {
            ctx.set_zoom_factor(zoom);
        }
        self.read_keys(ui);
        egui::Panel::top("top").show(ui, |ui| self.top_bar(ui));
        egui::Panel::bottom("status")
            .exact_size(36.0)
            .show(ui, |ui| status_line(ui, self.status.as_ref()));
        if self.show_keys && self.at_table() {
            egui::Panel::right("keys")
                .exact_size(300.0)
                .show(ui, key_panel);
        }
        let supervises = self.supervises();
        let commands = &mut self.commands;
        egui::CentralPanel::default_margins().show(ui, |ui| match &mut self.page {
            Page::Fatal(why) => fatal(ui, why),
            Page::FirstAdmin(f) => f.ui(ui, commands),
            Page::Login(l) => l.ui(ui, commands),
            // Every Resume button in reach, however many tables and however long the rules.
            Page::OpenTable(o) => {
                egui::ScrollArea::vertical()
                    .auto_shrink(false)
                    .show(ui, |ui| o.ui(ui, supervises, commands));
            }
            Page::Table(t) => t.ui(ui, commands),
            Page::Pontis(p) => p.ui(ui, commands),
            Page::Watch(w) => {
                if let Some(store) = self.store.as_ref() {
                    w.ui(ui, store, Lang::En);
                }
            }
            Page::Desk { desk, .. } => {
                if ui.button("< Back to the tables").clicked() {
                    commands.push(Command::LeaveDesk);
                }
                commands.extend(desk.ui(ui, Lang::En).into_iter().map(Command::AtDesk));
            }
        });
        for c in std::mem::take(&mut self.commands) {
            self.apply(c);
        }
    }

    fn at_table(&self) -> bool {
        matches!(self.screen(), Screen::Bets | Screen::Play | Screen::Settled)
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
            // The Pontis screen reads its own key table.
            if let Page::Pontis(p) = &self.page {
                if let Some(a) = p.key(key, ctrl, typing) {
                    self.keystrokes += 1;
                    self.commands.push(Command::AtPontis(a));
                }
                continue;
            }
            let Some(a) = action(key, ctrl) else { continue };
            // The reference is shown or hidden even from a text field.
            if a == KeyAction::ToggleKeys {
                self.commands.push(Command::ToggleKeys);
                continue;
            }
            // In a text field only Enter acts (it also leaves the field).
            if typing && key != Key::Enter {
                continue;
            }
            if let Some(c) = self.command_for(a) {
                self.keystrokes += 1;
                self.commands.push(c);
            }
        }
    }

    /// What a key means on the screen up, if anything.
    fn command_for(&self, a: KeyAction) -> Option<Command> {
        let suit = self.page.table().and_then(|t| t.suit);
        let card = |rank| Step::Card(Card::new(rank, suit));
        Some(match (self.screen(), a) {
            (Screen::FirstAdmin, KeyAction::Confirm) => Command::CreateAdmin,
            (Screen::Login, KeyAction::Confirm) => Command::Login,
            (Screen::Setup, KeyAction::Confirm) => Command::OpenTable,
            (Screen::Bets, KeyAction::Confirm) => Command::Deal(None),
            (Screen::Bets, KeyAction::Card(r)) => Command::Deal(Some(card(r))),
            (Screen::Bets, KeyAction::NewShoe) => Command::NewShoe,
            (Screen::Bets | Screen::Play, KeyAction::Suit(s)) => Command::Suit(s),
            (Screen::Play, KeyAction::Card(r)) => Command::Step(card(r)),
            (Screen::Play, KeyAction::Decision(d)) => Command::Step(d.step()),
            (Screen::Play, KeyAction::Insure) => Command::Offer(OfferKind::Insure, None),
            (Screen::Play, KeyAction::EvenMoney) => Command::Offer(OfferKind::EvenMoney, None),
            (Screen::Play, KeyAction::Decline) => Command::Offer(OfferKind::Decline, None),
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
        let said: Option<Said> = match c {
            Command::ToggleKeys => {
                self.show_keys = !self.show_keys;
                None
            }
            Command::Desk => {
                let from_here = matches!(self.page, Page::OpenTable(_) | Page::Table(_));
                if !self.user.as_ref().is_some_and(|u| u.role.supervises()) {
                    Some((
                        "the supervisor desk is for supervisors".into(),
                        Tone::Refused,
                    ))
                } else if from_here {
                    let back = Box::new(take(&mut self.page));
                    // The desk opens on the latest rounds.
                    let mut desk = Box::new(Desk::new());
                    let said = self
                        .user
                        .as_ref()
                        .and_then(|u| desk.apply(DeskCommand::Latest, store, u, Lang::En));
                    self.page = Page::Desk { desk, back };
                    said.map(|r| match r {
                        Ok(m) => (m, Tone::Info),
                        Err(e) => (e, Tone::Error),
                    })
                } else {
                    None
                }
            }
            Command::LeaveDesk => {
                if let Page::Desk { back, .. } = take(&mut self.page) {
                    // Back to the table as it waited, or to the tables (listed again).
                    self.page = *back;
                    if let Page::OpenTable(o) = &mut self.page {
                        o.tables = list_tables(store).unwrap_or_default();
                    }
                }
                None
            }
            Command::AtDesk(a) => match (&mut self.page, self.user.as_ref()) {
                (Page::Desk { desk, .. }, Some(user)) => {
                    desk.apply(a, store, user, Lang::En).map(|r| match r {
                        Ok(m) => (m, Tone::Info),
                        Err(e) => (format!("REFUSED: {e}"), Tone::Refused),
                    })
                }
                _ => None,
            },
            Command::AtPontis(a) => match (&mut self.page, self.user.as_ref()) {
                (Page::Pontis(p), Some(user)) => {
                    let (said, leave) = p.apply(a, store, user);
                    if leave {
                        self.page = Page::OpenTable(OpenTable::new(
                            list_tables(store).unwrap_or_default(),
                            &self.rules_dir,
                        ));
                    }
                    said
                }
                _ => None,
            },
            Command::CloseTable => {
                if let Page::Table(t) = take(&mut self.page) {
                    let name = t.session.state().name.clone();
                    let in_play = t.session.round().is_some();
                    let closed = t.session.close(store);
                    self.page = Page::OpenTable(OpenTable::new(
                        list_tables(store).unwrap_or_default(),
                        &self.rules_dir,
                    ));
                    Some(match closed {
                        Ok(()) => {
                            let note = if in_play {
                                " (its round in play comes back when it is opened again)"
                            } else {
                                ""
                            };
                            (format!("table {name} closed{note}"), Tone::Info)
                        }
                        Err(e) => (e.to_string(), Tone::Error),
                    })
                } else {
                    None
                }
            }
            Command::CreateAdmin => match &mut self.page {
                Page::FirstAdmin(f) if f.pin != f.pin2 => {
                    f.refused();
                    Some((
                        "the two PINs differ: type the same PIN twice".into(),
                        Tone::Refused,
                    ))
                }
                Page::FirstAdmin(f) => {
                    match users::add_user(store, &f.name, Role::Admin, &f.pin, None) {
                        Ok(u) => {
                            self.page = Page::Login(Login::new(f.name.clone()));
                            Some((format!("{} is the first admin: log in", u.name), Tone::Info))
                        }
                        Err(e) => {
                            f.refused();
                            Some((e.to_string(), Tone::Refused))
                        }
                    }
                }
                _ => None,
            },
            Command::Login => match &mut self.page {
                Page::Login(l) => {
                    let result = users::login(store, &l.name, &l.pin, None);
                    l.pin.clear();
                    match result {
                        Ok(u) => {
                            let said = format!("logged in as {} ({})", u.name, u.role.name());
                            self.user = Some(u);
                            self.page = Page::OpenTable(OpenTable::new(
                                list_tables(store).unwrap_or_default(),
                                &self.rules_dir,
                            ));
                            if self.rules_dir_given && !self.rules_dir.is_dir() {
                                Some((
                                    format!(
                                        "{said}; the rules folder {} (--rules-dir) is not a \
                                         folder: only the presets are offered",
                                        self.rules_dir.display()
                                    ),
                                    Tone::Refused,
                                ))
                            } else {
                                Some((said, Tone::Info))
                            }
                        }
                        Err(e) => {
                            l.place_cursor = true;
                            Some((e.to_string(), Tone::Refused))
                        }
                    }
                }
                _ => None,
            },
            Command::Logout => {
                self.sign_off();
                self.page = Page::Login(Login::new(String::new()));
                Some(("logged out".into(), Tone::Info))
            }
            Command::OpenTable => self.open_table(None),
            Command::Resume(name) => self.open_table(Some(name)),
            c => match &mut self.page {
                Page::Table(t) => match c {
                    Command::NewShoe => Some(t.new_shoe(store)),
                    Command::Deal(first) => Some(t.deal(store, first)),
                    Command::Step(step) => Some(t.step(store, step)),
                    Command::Offer(kind, b) => t.offer(store, kind, b),
                    Command::Mark(d) => {
                        t.mark(d);
                        None
                    }
                    Command::Undo => Some(t.undo(store)),
                    Command::Confirm => Some(t.confirm()),
                    Command::Suit(s) => Some(t.suit(s)),
                    _ => None,
                },
                _ => None,
            },
        };
        if let Some(said) = said {
            self.say(said);
        }
    }

    /// Closes the table and logs the user out (both logged).
    fn sign_off(&mut self) {
        let Some(store) = self.store.as_mut() else {
            return;
        };
        let table = match take(&mut self.page) {
            Page::Table(t) => Some(t),
            Page::Pontis(mut p) => {
                p.close(store);
                None
            }
            Page::Desk { back, .. } => match *back {
                Page::Table(t) => Some(t),
                _ => None,
            },
            _ => None,
        };
        let id = table.as_ref().map(|t| t.session.table_id());
        if let Some(t) = table {
            let _ = t.session.close(store);
        }
        if let Some(u) = self.user.take() {
            let _ = users::logout(store, &u, id);
        }
    }

    /// Opens the table of the form, or resumes the table `resume`.
    fn open_table(&mut self, resume: Option<String>) -> Option<Said> {
        let (Some(store), Some(user)) = (self.store.as_mut(), self.user.clone()) else {
            return None;
        };
        let Page::OpenTable(form) = &self.page else {
            return None;
        };
        // The second table mode: its own screen chooses its rules.
        if resume.is_none() && form.pontis() {
            self.page = Page::Pontis(Box::new(PontisScreen::new(&form.table_name, store)));
            return None;
        }
        let opened = match resume {
            Some(name) => TableSession::resume(store, user, &name),
            None => match form.choice() {
                Ok(c) => {
                    TableSession::open(store, user, &c.name, c.rules, Some(&c.preset), c.limits)
                }
                Err(e) => return Some((e, Tone::Refused)),
            },
        };
        match opened {
            Ok(mut t) => {
                let recovered = if let Ok(true) = t.recover(store) {
                    " — the last round was complete at the crash: its settlement is now logged"
                } else {
                    ""
                };
                let back = if t.round().is_some() {
                    " — the round in play is back where it stopped"
                } else {
                    ""
                };
                let said = format!("table {} open{recovered}{back}", t.state().name);
                self.page = Page::Table(Box::new(AtTable::new(t)));
                Some((said, Tone::Info))
            }
            Err(e) => Some((e.to_string(), Tone::Refused)),
        }
    }

    // ----- panels -----------------------------------------------------------------------------

    fn top_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.heading(RichText::new("CROUPIER").strong());
            ui.separator();
            ui.label(format!("db {}", self.db.display()));
            if let Some(t) = self.page.table() {
                ui.separator();
                let s = t.session.state();
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
            self.floor.show(ui, supervises, Lang::En);
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                if let Some(u) = &self.user {
                    if ui.button("Log out").clicked() {
                        self.commands.push(Command::Logout);
                    }
                    ui.label(format!("{} ({})", u.name, u.role.name()));
                    let at_table = self.at_table();
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

/// The rules folder when none is given: `rules/` beside the database.
pub fn default_rules_dir(db: &std::path::Path) -> PathBuf {
    db.parent()
        .unwrap_or(std::path::Path::new("."))
        .join("rules")
}

/// Takes the page up, leaving a placeholder that the caller replaces.
fn take(page: &mut Page) -> Page {
    std::mem::replace(page, Page::Fatal(String::new()))
}

/// The database cannot be opened: why, and that nothing changed.
fn fatal(ui: &mut Ui, why: &str) {
    ui.heading("The database cannot be opened");
    ui.label(RichText::new(why).size(18.0));
    ui.label("Nothing was changed. Close Croupier, fix the cause above, and start it again.");
}

/// The zoom for a window of `size` physical points: the screens are laid out for 1110 ×
/// 690 points, and the side that runs out first decides (between 1× and 2×).
pub(crate) fn zoom_for(size: egui::Vec2) -> f32 {
    (size.x / 1110.0).min(size.y / 690.0).clamp(1.0, 2.0)
}
