//! Logging in: a name and a PIN, and the language switch (the four languages by their own
//! names). A language switched here is the user's from this login on.

use egui::{RichText, Ui};

use crate::i18n::{Lang, errors};
use crate::session::users::LoginError;
use crate::t;
use crate::ui::Command;
use crate::ui::keys::{KeyAction, with_hint};
use crate::ui::widgets::{big_button, form_field};

/// Why a login was refused (never which of the name and the PIN was wrong).
pub(crate) fn refused(lang: Lang, e: &LoginError) -> String {
    match e {
        LoginError::Wrong => t!(lang, "error-login-wrong"),
        LoginError::Locked(name) => t!(
            lang,
            "error-login-locked",
            name = name,
            n = crate::session::users::MAX_FAILED_LOGINS
        ),
        LoginError::Store(e) => errors::store(lang, &e.code()),
    }
}

/// The login form.
pub(crate) struct Login {
    pub(crate) name: String,
    pub(crate) pin: String,
    /// Put the cursor where typing begins on the next frame.
    pub(crate) place_cursor: bool,
    /// The language switched to on this screen, if any: saved for the user who logs in.
    pub(crate) lang_chosen: Option<Lang>,
}

impl Login {
    /// The form with `name` filled in (the admin just created), or empty.
    pub(crate) fn new(name: String) -> Login {
        Login {
            name,
            pin: String::new(),
            place_cursor: true,
            lang_chosen: None,
        }
    }

    pub(crate) fn ui(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<Command>) {
        ui.heading(t!(lang, "login-title"));
        ui.add_space(12.0);
        let name = form_field(ui, &t!(lang, "login-name"), &mut self.name, false);
        let pin = form_field(ui, &t!(lang, "login-pin"), &mut self.pin, true);
        // The cursor starts where typing begins (the PIN when the name is known): a dealer
        // types, no mouse needed.
        if std::mem::take(&mut self.place_cursor) {
            if self.name.trim().is_empty() {
                name.request_focus()
            } else {
                pin.request_focus()
            }
        }
        if big_button(
            ui,
            &with_hint(&t!(lang, "login-button"), KeyAction::Confirm),
            true,
        )
        .clicked()
        {
            commands.push(Command::Login);
        }
        language_switch(ui, lang, commands);
    }
}

/// The four languages by their own names, so that a reader finds theirs whatever is
/// shown; a click switches the screens (and is saved for the user who logs in next).
pub(crate) fn language_switch(ui: &mut Ui, lang: Lang, commands: &mut Vec<Command>) {
    ui.add_space(24.0);
    ui.horizontal(|ui| {
        ui.add_sized(
            [160.0, 28.0],
            egui::Label::new(RichText::new(t!(lang, "login-language")).size(18.0)),
        );
        for l in Lang::ALL {
            let chosen = l == lang;
            if ui
                .selectable_label(chosen, RichText::new(l.native_name()).size(18.0))
                .clicked()
            {
                commands.push(Command::Lang(l));
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each refusal is said in full in every language (no `{$arg}`, no bare id).
    #[test]
    fn refusals_said_in_every_language() {
        for lang in Lang::ALL {
            for x in [LoginError::Wrong, LoginError::Locked("Jana".into())] {
                let text = refused(lang, &x);
                assert!(
                    !text.contains('{') && !text.starts_with("error-"),
                    "{lang}: {x:?} reads {text:?}"
                );
            }
        }
    }
}
