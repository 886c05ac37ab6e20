//! The dealer screen's frame and its commands. The screen up is a `Page`, which holds that
//! screen's state (forms, the open table, the desk); the screens (`screens/`) draw it and
//! push `Command`s, and `apply` carries them out after the frame, through `session`. The
//! persisted part of the app is the database: nothing else survives a restart, and nothing
//! else needs to.

use std::path::PathBuf;

use egui::{Align, Key, Layout, RichText, Ui};

use super::desk::{Desk, DeskCommand};
use super::keys::{KeyAction, Press, action, presses};
use super::screens::first_admin::FirstAdmin;
use super::screens::login::Login;
use super::screens::open_table::OpenTable;
use super::screens::pontis::{PontisAct, PontisScreen};
use super::screens::table::{AtTable, OfferKind, WalkMove};
use super::screens::{Said, input_error};
use super::watch::Watch;
use super::widgets::{Tone, key_panel, status_line};
use super::{Command, Screen, role_name};
use crate::engine::{Card, Round, Step};
use crate::i18n::{Lang, errors};
use crate::log::{AuditError, Store};
use crate::session::TableSession;
use crate::session::settings;
use crate::session::table::list_tables;
use crate::session::users::{self, Role, User};
use crate::t;

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

/// The dealer screen.
pub struct DealerApp {
    db: PathBuf,
    /// The user's rules files, offered when a table is opened (`rules_files`).
    rules_dir: PathBuf,
    /// The rules folder was named on the command line (a missing one is then a typo, said).
    rules_dir_given: bool,
    store: Option<Store>,
    /// The language of every word on screen: the system locale's until a user logs in,
    /// then the user's.
    lang: Lang,
    page: Page,
    status: Option<(String, Tone)>,
    /// Who is logged in (from the login to the logout, across tables and the desk).
    user: Option<User>,
    /// The database is written by another program (path, who): said in the language.
    watching: Option<(PathBuf, String)>,
    /// Why the database could not be opened, said again in the language chosen.
    fatal_error: Option<AuditError>,
    show_keys: bool,
    /// Log out or close the table, asked with a round in play: waits for the dealer's yes.
    leaving: Option<Command>,
    /// The shipped fallback font is added to the context (on the first frame).
    fonts_installed: bool,
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
            lang: Lang::En,
            page: Page::Fatal(String::new()),
            status: None,
            user: None,
            watching: None,
            fatal_error: None,
            show_keys: true,
            leaving: None,
            fonts_installed: false,
            commands: Vec::new(),
            floor: Default::default(),
            keystrokes: 0,
        };
        match crate::session::open::open(&db) {
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
                    app.watching = Some((path, holder));
                    app.page = Page::Watch(Box::default());
                    app.store = Some(store);
                }
                Err(e) => app.fatal(e),
            },
            Err(e) => app.fatal(e),
        }
        app.with_lang(Lang::En)
    }

    /// Shows the screens in `lang` (until a user with a language of their own logs in).
    /// The program passes the system locale's (`Lang::from_locale`); tests pass theirs.
    pub fn with_lang(mut self, lang: Lang) -> DealerApp {
        self.lang = lang;
        if let Some((path, holder)) = &self.watching {
            let said = t!(
                lang,
                "app-watching",
                path = path.display().to_string(),
                holder = holder
            );
            self.say((said, Tone::Info));
        }
        if let Some(e) = &self.fatal_error {
            let why = errors::store(lang, &e.code());
            self.say((why.clone(), Tone::Error));
            self.page = Page::Fatal(why);
        }
        self
    }

    /// The language of the screens now.
    pub fn lang(&self) -> Lang {
        self.lang
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
    fn fatal(&mut self, e: AuditError) {
        let why = errors::store(self.lang, &e.code());
        self.say((why.clone(), Tone::Error));
        self.page = Page::Fatal(why);
        self.fatal_error = Some(e);
    }
    fn supervises(&self) -> bool {
        self.user.as_ref().is_some_and(|u| u.role.supervises())
    }

    /// Draws one frame and carries out what it asked for.
    pub fn ui(&mut self, ui: &mut Ui) {
        // Scale with the screen: laid out for 1110 × 690 points, the limiting side wins, so
        // 1280×800 reads at about 1.15× and 1920×1080 at about 1.57× (its height).
        let ctx = ui.ctx().clone();
        if !self.fonts_installed {
            super::widgets::install_fonts(&ctx);
            self.fonts_installed = true;
        }
        let zoom = zoom_for(ctx.viewport_rect().size() * ctx.zoom_factor());
        if (zoom - ctx.zoom_factor()).abs() > 0.05 {
            ctx.set_zoom_factor(zoom);
        }
        // Before anything that takes the keyboard is drawn: Tab on the bets screen goes from
        // stake to stake, not to the top bar's buttons.
        if let Page::Table(t) = &self.page
            && self.leaving.is_none()
        {
            t.tab(ui);
        }
        self.read_keys(ui);
        self.ask_leaving(ui);
        egui::Panel::top("top").show(ui, |ui| self.top_bar(ui));
        // A long refusal (Czech and Russian run longer) wraps onto a second line.
        egui::Panel::bottom("status")
            .resizable(false)
            .min_size(36.0)
            .show(ui, |ui| status_line(ui, self.status.as_ref()));
        let lang = self.lang;
        if self.show_keys && self.at_table() {
            egui::Panel::right("keys")
                .exact_size(300.0)
                .show(ui, |ui| key_panel(ui, lang));
        }
        let supervises = self.supervises();
        let commands = &mut self.commands;
        egui::CentralPanel::default_margins().show(ui, |ui| match &mut self.page {
            Page::Fatal(why) => fatal(ui, lang, why),
            Page::FirstAdmin(f) => f.ui(ui, lang, commands),
            Page::Login(l) => l.ui(ui, lang, commands),
            // Every Resume button in reach, however many tables and however long the rules.
            Page::OpenTable(o) => {
                egui::ScrollArea::vertical()
                    .auto_shrink(false)
                    .show(ui, |ui| o.ui(ui, lang, supervises, commands));
            }
            Page::Table(t) => t.ui(ui, lang, commands),
            Page::Pontis(p) => p.ui(ui, lang, commands),
            Page::Watch(w) => {
                if let Some(store) = self.store.as_ref() {
                    w.ui(ui, store, lang);
                }
            }
            Page::Desk { desk, .. } => {
                if ui.button(t!(lang, "app-back-to-tables")).clicked() {
                    commands.push(Command::LeaveDesk);
                }
                commands.extend(desk.ui(ui, lang).into_iter().map(Command::AtDesk));
            }
        });
        // What the commands change is drawn at once, not at the next key or mouse move.
        if !self.commands.is_empty() {
            ctx.request_repaint();
        }
        for c in std::mem::take(&mut self.commands) {
            self.apply(c);
        }
        if let Some(said) = self.writer_left() {
            self.say(said);
        }
        if let Page::Table(t) = &mut self.page
            && let Some(said) = t.all_seen_now(lang)
        {
            self.say(said);
        }
    }

    /// Watching, once the program that wrote the database has exited (its lock is free):
    /// the screen stops waiting on it and works on the database itself, from the login.
    /// While the writer runs, `Store::open` is refused at once by its lock.
    fn writer_left(&mut self) -> Option<Said> {
        if !matches!(self.page, Page::Watch(_)) {
            return None;
        }
        let store = crate::session::open::open(&self.db).ok()?;
        self.page = match users::has_users(&store) {
            Ok(true) => Page::Login(Login::new(String::new())),
            _ => Page::FirstAdmin(FirstAdmin::new()),
        };
        self.store = Some(store);
        let holder = self.watching.take().map(|w| w.1).unwrap_or_default();
        Some((
            t!(self.lang, "app-writer-left", holder = holder),
            Tone::Info,
        ))
    }

    fn at_table(&self) -> bool {
        matches!(self.screen(), Screen::Bets | Screen::Play | Screen::Settled)
    }

    // ----- keys -------------------------------------------------------------------------------

    fn read_keys(&mut self, ui: &Ui) {
        let typing = ui.ctx().egui_wants_keyboard_input();
        let lang = self.lang;
        let all: Vec<Press> = ui.input(|i| presses(lang, &i.events));
        // While the dealer is asked whether to leave a round in play, the table's keys wait.
        if self.leaving.is_some() {
            return;
        }
        for press in all {
            let (key, ctrl) = match press {
                Press::Key(key, ctrl) => (key, ctrl),
                // A card's letter as the screen writes it, typed on a Cyrillic layout.
                Press::Mark(rank) => {
                    if !typing && let Some(c) = self.command_for(KeyAction::Card(rank)) {
                        self.keystrokes += 1;
                        self.commands.push(c);
                    }
                    continue;
                }
            };
            // The Pontis screen reads its own key table.
            if let Page::Pontis(p) = &self.page {
                if let Some(a) = p.key(key, ctrl, typing) {
                    self.keystrokes += 1;
                    self.commands.push(Command::AtPontis(a));
                }
                continue;
            }
            let Some(a) = action(lang, key, ctrl) else {
                // A dealer used to T for a ten hears why nothing was entered.
                let at_cards = matches!(self.screen(), Screen::Bets | Screen::Play);
                if key == Key::T && !ctrl && !typing && at_cards {
                    self.say((t!(lang, "keys-t-not-ten"), Tone::Refused));
                }
                continue;
            };
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
            (Screen::Settled, KeyAction::NextOffer) => Command::Walk(WalkMove::Line(1)),
            (Screen::Settled, KeyAction::PrevOffer) => Command::Walk(WalkMove::Line(-1)),
            (Screen::Settled, KeyAction::PageDown) => Command::Walk(WalkMove::Page(1)),
            (Screen::Settled, KeyAction::PageUp) => Command::Walk(WalkMove::Page(-1)),
            _ => return None,
        })
    }

    // ----- carrying out -----------------------------------------------------------------------

    fn apply(&mut self, c: Command) {
        if self.store.is_none() {
            return;
        }
        let said: Option<Said> = match c {
            Command::Lang(l) => {
                // A notice the screen gave in the language left is said again in the new one.
                if self
                    .status()
                    .is_some_and(|s| s == t!(self.lang, "login-logged-out"))
                {
                    self.say((t!(l, "login-logged-out"), Tone::Info));
                }
                self.lang = l;
                match &mut self.page {
                    Page::Login(login) => login.lang_chosen = Some(l),
                    Page::FirstAdmin(f) => f.lang_chosen = Some(l),
                    _ => {}
                }
                None
            }
            Command::ToggleKeys => {
                self.show_keys = !self.show_keys;
                None
            }
            Command::Desk => self.open_desk(),
            Command::LeaveDesk => self.leave_desk(),
            Command::AtDesk(a) => self.at_desk(a),
            Command::AtPontis(a) => self.at_pontis(a),
            Command::CloseTable | Command::Logout if self.round_in_play() => {
                self.leaving = Some(c);
                None
            }
            Command::Leave => match self.leaving.take() {
                Some(Command::CloseTable) => self.close_table(),
                Some(Command::Logout) => self.log_out(),
                _ => None,
            },
            Command::Stay => {
                self.leaving = None;
                None
            }
            Command::CloseTable => self.close_table(),
            Command::CreateAdmin => self.create_admin(),
            Command::Login => self.login(),
            Command::Logout => self.log_out(),
            Command::OpenTable => self.open_table(None),
            Command::Resume(name) => self.open_table(Some(name)),
            c => self.table_command(c),
        };
        if let Some(said) = said {
            self.say(said);
        }
    }

    fn log_out(&mut self) -> Option<Said> {
        self.sign_off();
        self.page = Page::Login(Login::new(String::new()));
        Some((t!(self.lang, "login-logged-out"), Tone::Info))
    }

    /// A round is in play at the table open here or waiting under the desk.
    fn round_in_play(&self) -> bool {
        self.page.table().is_some_and(|t| t.round().is_some())
    }

    /// Asks, over the screen, whether to leave the round in play (Esc: stay).
    fn ask_leaving(&mut self, ui: &Ui) {
        let Some(c) = &self.leaving else { return };
        let lang = self.lang;
        let name = self
            .page
            .table()
            .map(|t| t.session.state().name.clone())
            .unwrap_or_default();
        let (question, yes) = match c {
            Command::Logout => (
                t!(lang, "app-leave-logout-question", name = &name),
                t!(lang, "app-leave-logout"),
            ),
            _ => (
                t!(lang, "app-leave-close-question", name = &name),
                t!(lang, "app-leave-close"),
            ),
        };
        let commands = &mut self.commands;
        let modal = egui::Modal::new(egui::Id::unique("leave-round")).show(ui.ctx(), |ui| {
            ui.set_max_width(520.0);
            ui.add(egui::Label::new(RichText::new(question).size(20.0)).wrap());
            ui.add_space(12.0);
            ui.horizontal_wrapped(|ui| {
                if super::widgets::big_button(ui, &t!(lang, "app-leave-stay"), true).clicked() {
                    commands.push(Command::Stay);
                }
                if super::widgets::big_button(ui, &yes, true).clicked() {
                    commands.push(Command::Leave);
                }
            });
        });
        if modal.should_close() && !commands.contains(&Command::Leave) {
            commands.push(Command::Stay);
        }
    }

    /// The desk, for a supervisor, from the tables or a table (which waits under it).
    fn open_desk(&mut self) -> Option<Said> {
        let lang = self.lang;
        let store = self.store.as_mut()?;
        let from_here = matches!(self.page, Page::OpenTable(_) | Page::Table(_));
        if !self.user.as_ref().is_some_and(|u| u.role.supervises()) {
            Some((t!(lang, "app-desk-for-supervisors"), Tone::Refused))
        } else if from_here {
            let back = Box::new(take(&mut self.page));
            // The desk opens on the latest rounds.
            let mut desk = Box::new(Desk::new());
            let said = self
                .user
                .as_ref()
                .and_then(|u| desk.apply(DeskCommand::Latest, store, u, lang));
            self.page = Page::Desk { desk, back };
            said.map(|r| match r {
                Ok(m) => (m.words(lang), Tone::Info),
                Err(e) => (e.words(lang), Tone::Error),
            })
        } else {
            None
        }
    }

    fn leave_desk(&mut self) -> Option<Said> {
        let store = self.store.as_mut()?;
        if let Page::Desk { back, .. } = take(&mut self.page) {
            // Back to the table as it waited, or to the tables (listed again).
            self.page = *back;
            if let Page::OpenTable(o) = &mut self.page {
                o.tables = list_tables(store).unwrap_or_default();
                o.rescan(&self.rules_dir);
            }
        }
        None
    }

    fn at_desk(&mut self, a: DeskCommand) -> Option<Said> {
        let lang = self.lang;
        let store = self.store.as_mut()?;
        match (&mut self.page, self.user.as_ref()) {
            (Page::Desk { desk, .. }, Some(user)) => {
                desk.apply(a, store, user, lang).map(|r| match r {
                    Ok(m) => (m.words(lang), Tone::Info),
                    Err(e) => (t!(lang, "app-refused", why = e.words(lang)), Tone::Refused),
                })
            }
            _ => None,
        }
    }

    fn at_pontis(&mut self, a: PontisAct) -> Option<Said> {
        let lang = self.lang;
        let store = self.store.as_mut()?;
        match (&mut self.page, self.user.as_ref()) {
            (Page::Pontis(p), Some(user)) => {
                let (said, leave) = p.apply(a, store, user, lang);
                if leave {
                    self.page = Page::OpenTable(OpenTable::new(
                        list_tables(store).unwrap_or_default(),
                        &self.rules_dir,
                    ));
                }
                said
            }
            _ => None,
        }
    }

    fn close_table(&mut self) -> Option<Said> {
        let lang = self.lang;
        let store = self.store.as_mut()?;
        if let Page::Table(t) = take(&mut self.page) {
            let name = t.session.state().name.clone();
            let in_play = t.session.round().is_some();
            let closed = t.session.close(store);
            self.page = Page::OpenTable(OpenTable::new(
                list_tables(store).unwrap_or_default(),
                &self.rules_dir,
            ));
            Some(match closed {
                Ok(()) if in_play => (
                    t!(lang, "app-table-closed-in-play", name = name),
                    Tone::Info,
                ),
                Ok(()) => (t!(lang, "app-table-closed", name = name), Tone::Info),
                Err(e) => (errors::store(lang, &e.code()), Tone::Error),
            })
        } else {
            None
        }
    }

    /// The first admin, from the first screen of a new database.
    fn create_admin(&mut self) -> Option<Said> {
        let lang = self.lang;
        let store = self.store.as_mut()?;
        match &mut self.page {
            Page::FirstAdmin(f) if f.pin != f.pin2 => {
                f.refused();
                Some((t!(lang, "login-pins-differ"), Tone::Refused))
            }
            Page::FirstAdmin(f) => {
                match users::add_user(store, &f.name, Role::Admin, &f.pin, None) {
                    Ok(u) => {
                        // The language switched on this screen is the admin's.
                        let said = t!(lang, "login-first-admin-done", name = &u.name);
                        let saved = match f.lang_chosen {
                            Some(l) => settings::set_language(store, &u, l, &u).map(|_| ()),
                            None => Ok(()),
                        };
                        self.page = Page::Login(Login::new(f.name.clone()));
                        Some(match saved {
                            Ok(()) => (said, Tone::Info),
                            Err(e) => (
                                t!(
                                    lang,
                                    "login-language-not-saved",
                                    said = said,
                                    why = errors::store(lang, &e.code())
                                ),
                                Tone::Refused,
                            ),
                        })
                    }
                    Err(e) => {
                        f.refused();
                        Some((errors::store(lang, &e.code()), Tone::Refused))
                    }
                }
            }
            _ => None,
        }
    }

    fn login(&mut self) -> Option<Said> {
        let lang = self.lang;
        let store = self.store.as_mut()?;
        let Page::Login(l) = &mut self.page else {
            return None;
        };
        let result = users::login(store, &l.name, &l.pin, None);
        l.pin.clear();
        let u = match result {
            Ok(u) => u,
            Err(e) => {
                l.place_cursor = true;
                return Some((super::screens::login::refused(lang, &e), Tone::Refused));
            }
        };
        // The language switched on this screen is this user's from now on (logged, by the
        // user); else the user's own, else the one on screen stays.
        let saved = match l.lang_chosen {
            Some(chosen) => settings::set_language(store, &u, chosen, &u).map(|_| ()),
            None => settings::language(store, &u).map(|own| {
                if let Some(own) = own {
                    self.lang = own;
                }
            }),
        };
        let lang = self.lang;
        let mut said = t!(
            lang,
            "login-logged-in",
            name = &u.name,
            role = role_name(lang, u.role)
        );
        if let Err(e) = saved {
            said = t!(
                lang,
                "login-language-not-saved",
                said = said,
                why = errors::store(lang, &e.code())
            );
        }
        self.user = Some(u);
        self.page = Page::OpenTable(OpenTable::new(
            list_tables(store).unwrap_or_default(),
            &self.rules_dir,
        ));
        if self.rules_dir_given && !self.rules_dir.is_dir() {
            Some((
                t!(
                    lang,
                    "app-rules-dir-missing",
                    said = said,
                    dir = self.rules_dir.display().to_string()
                ),
                Tone::Refused,
            ))
        } else {
            Some((said, Tone::Info))
        }
    }

    /// A command of the table screen, at a table.
    fn table_command(&mut self, c: Command) -> Option<Said> {
        let lang = self.lang;
        let store = self.store.as_mut()?;
        let Page::Table(t) = &mut self.page else {
            return None;
        };
        match c {
            Command::NewShoe => Some(t.new_shoe(store, lang)),
            Command::Deal(first) => Some(t.deal(store, lang, first)),
            Command::Step(step) => Some(t.step(store, lang, step)),
            Command::Offer(kind, b) => t.offer(store, lang, kind, b),
            Command::Mark(d) => {
                t.mark(d);
                None
            }
            Command::Walk(m) => {
                t.walk(m);
                None
            }
            Command::Undo => Some(t.undo(store, lang)),
            Command::Confirm => {
                // The settled round moved the expected tray.
                t.money.refresh(store, &t.session);
                Some(t.confirm(lang))
            }
            Command::Suit(s) => Some(t.suit(lang, s)),
            Command::Money(act) => Some(t.money.apply(act, store, &mut t.session, lang)),
            _ => None,
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
        let lang = self.lang;
        let (Some(store), Some(user)) = (self.store.as_mut(), self.user.clone()) else {
            return None;
        };
        let Page::OpenTable(form) = &mut self.page else {
            return None;
        };
        // Other rules for an existing table: asked first, opened on the yes.
        let now = (form.table_name.trim().to_string(), form.chosen);
        if resume.is_none() && !form.pontis() && form.changes_rules().is_some() {
            let yes = form.rules_change.as_ref() == Some(&now) && form.rules_change_yes;
            if !yes {
                form.rules_change = Some(now);
                form.rules_change_yes = false;
                return Some((t!(lang, "table-form-rules-change-asked"), Tone::Info));
            }
        }
        // The second table mode: its own screen chooses its rules.
        if resume.is_none() && form.pontis() {
            self.page = Page::Pontis(Box::new(PontisScreen::new(&form.table_name, store)));
            return None;
        }
        let opened = match resume {
            Some(name) => TableSession::resume(store, user, &name),
            None => match form.choice(lang) {
                Ok(c) => {
                    TableSession::open(store, user, &c.name, c.rules, Some(&c.preset), c.limits)
                }
                Err(e) => return Some((e.words(lang), Tone::Refused)),
            },
        };
        match opened {
            Ok(mut t) => {
                let mut said = t!(lang, "table-open", name = &t.state().name);
                if let Ok(true) = t.recover(store) {
                    said += &t!(lang, "table-open-recovered");
                }
                if t.round().is_some() {
                    said += &t!(lang, "table-open-back");
                }
                // The database's currency (a supervisor sets it once): money on the table's
                // screens is written in it.
                let currency = settings::currency(store).ok().flatten();
                let mut at = AtTable::new(t, currency);
                at.money.refresh(store, &at.session);
                self.page = Page::Table(Box::new(at));
                Some((said, Tone::Info))
            }
            Err(e) => Some((input_error(lang, &e), Tone::Refused)),
        }
    }

    // ----- panels -----------------------------------------------------------------------------

    fn top_bar(&mut self, ui: &mut Ui) {
        let lang = self.lang;
        ui.horizontal(|ui| {
            ui.heading(RichText::new("CROUPIER").strong());
            ui.separator();
            // The file's name (the whole path on hover): the table's line needs the room.
            let file = self.db.file_name().map_or_else(
                || self.db.display().to_string(),
                |f| f.to_string_lossy().into(),
            );
            ui.label(t!(lang, "app-db", path = file))
                .on_hover_text(self.db.display().to_string());
            if let Some(t) = self.page.table() {
                ui.separator();
                let s = t.session.state();
                let lim = match (s.limits.min_bet(), s.limits.box_max()) {
                    (Some(a), Some(b)) => t!(
                        lang,
                        "app-limits",
                        min = compact_amount(lang, a),
                        max = compact_amount(lang, b),
                        currency = t.currency.map_or(String::new(), |c| format!(" {c}"))
                    ),
                    _ => String::new(),
                };
                let rules = match s.preset.as_deref() {
                    Some(p) => p.to_string(),
                    None => t!(lang, "app-house-rules"),
                };
                ui.label(
                    RichText::new(t!(
                        lang,
                        "app-table-line",
                        name = &s.name,
                        rules = rules,
                        limits = lim,
                        shoe = s.shoe_no
                    ))
                    .strong(),
                );
                let left = t
                    .round()
                    .map(|r| r.shoe().cards_left())
                    .unwrap_or(s.shoe.cards_left());
                ui.label(t!(lang, "app-cards-left", n = left));
                if let Some((words, due)) = t.money.bar(lang) {
                    ui.separator();
                    let text = RichText::new(words).strong();
                    ui.label(if due {
                        text.color(egui::Color32::from_rgb(255, 170, 60))
                    } else {
                        text
                    });
                }
            }
            let supervises = self.user.as_ref().is_some_and(|u| u.role.supervises());
            self.floor.show(ui, supervises, lang);
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                if let Some(u) = &self.user {
                    if ui.button(t!(lang, "app-log-out")).clicked() {
                        self.commands.push(Command::Logout);
                    }
                    ui.label(format!("{} ({})", u.name, role_name(lang, u.role)));
                    let at_table = self.at_table();
                    if at_table && ui.button(t!(lang, "app-close-table")).clicked() {
                        self.commands.push(Command::CloseTable);
                    }
                    // A dispute looked at while the table waits: the table stays open.
                    if at_table && u.role.supervises() && ui.button(t!(lang, "app-desk")).clicked()
                    {
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
fn fatal(ui: &mut Ui, lang: Lang, why: &str) {
    ui.heading(t!(lang, "app-fatal-title"));
    ui.label(RichText::new(why).size(18.0));
    ui.label(t!(lang, "app-fatal-nothing-changed"));
}

/// An amount without its cents when it has none (`5–500`, `1 000`), as limits are posted.
fn compact_amount(lang: Lang, m: crate::engine::Money) -> String {
    if m.cents() % 100 == 0 {
        crate::i18n::decimal(lang, (m.cents() / 100) as f64, 0)
    } else {
        crate::i18n::amount(lang, m)
    }
}

/// The zoom for a window of `size` physical points: the screens are laid out for 1110 ×
/// 690 points, and the side that runs out first decides (between 1× and 2×).
pub(crate) fn zoom_for(size: egui::Vec2) -> f32 {
    (size.x / 1110.0).min(size.y / 690.0).clamp(1.0, 2.0)
}
