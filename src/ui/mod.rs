//! The dealer screen (egui/eframe): thin. Screens draw what the engine and the store say and
//! turn keys and clicks into `Command`s; `DealerApp::apply` carries them out through
//! `session` after the frame. No SQL here, and no rule is decided here.

mod app;
mod desk;
mod felt;
mod floor;
mod keys;
mod rules_files;
mod screens;
mod status;
mod users_tab;
mod watch;
mod widgets;

pub use screens::counts::{chip_words, money_words};

pub use app::DealerApp;
pub use keys::reference as key_reference;

use std::path::PathBuf;

use crate::engine::{BetIx, Step, Suit};
use crate::i18n::Lang;
use crate::session::Role;
use crate::t;
use desk::DeskCommand;
use screens::pontis::PontisAct;
use screens::table::{OfferKind, WalkMove};

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

/// What the dealer asked for, carried out after the frame.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Command {
    CreateAdmin,
    Login,
    Logout,
    /// Yes: log out or close the table (as asked) with the round in play.
    Leave,
    /// No: stay at the table.
    Stay,
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
    /// Through the settlement, line by line or page by page.
    Walk(WalkMove),
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
    /// The table's money: a signed count, fill or credit, or cash (`screens::counts`).
    Money(screens::counts::MoneyAct),
    /// The language switch of the login screen.
    Lang(Lang),
}

/// A role's name in the language (`dealer`, `krupiér`).
pub(crate) fn role_name(lang: Lang, role: Role) -> String {
    match role {
        Role::Dealer => t!(lang, "app-role-dealer"),
        Role::Supervisor => t!(lang, "app-role-supervisor"),
        Role::Admin => t!(lang, "app-role-admin"),
    }
}

/// Opens the dealer screen in a native window on `db`; `fullscreen` fills the screen
/// (a table terminal in kiosk mode); `rules_dir` holds the house's rules files (default:
/// `rules/` beside the database); `floor` links the table to the floor; `locale` is the
/// system locale's text (`LC_ALL`, `LC_MESSAGES`, `LANG`: `cs_CZ.UTF-8`), whose language
/// the screens speak until a user with a language of their own logs in (English if it is
/// none of ours).
pub fn run(
    db: PathBuf,
    fullscreen: bool,
    rules_dir: Option<PathBuf>,
    floor: Option<String>,
    locale: Option<String>,
) -> Result<(), eframe::Error> {
    let lang = locale
        .as_deref()
        .and_then(Lang::from_locale)
        .unwrap_or(Lang::En);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(t!(lang, "app-window-title"))
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([1024.0, 700.0])
            .with_fullscreen(fullscreen),
        ..Default::default()
    };
    eframe::run_native(
        "croupier",
        options,
        Box::new(move |cc| {
            cc.egui_ctx.set_theme(egui::Theme::Dark);
            let app = DealerApp::open(db).with_lang(lang).with_floor(floor);
            Ok(Box::new(match rules_dir {
                Some(dir) => app.with_rules_dir(dir),
                None => app,
            }))
        }),
    )
}
