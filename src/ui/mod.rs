//! The dealer screen (egui/eframe): thin. Screens draw what the engine and the store say and
//! turn keys and clicks into `Command`s; `DealerApp::apply` carries them out through
//! `audit` after the frame. No SQL here, and no rule is decided here.

mod app;
mod desk;
mod felt;
mod floor;
mod keys;
mod rules_files;
mod screens;
mod watch;
mod widgets;

pub use app::{DealerApp, Screen};
pub use keys::reference as key_reference;

use std::path::PathBuf;

use crate::i18n::Lang;
use crate::t;

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
) -> Result<(), String> {
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
    .map_err(|e| e.to_string())
}
