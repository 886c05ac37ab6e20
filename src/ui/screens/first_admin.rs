//! First run: no user yet, so the first admin is created here.

use egui::Ui;

use crate::i18n::Lang;
use crate::session::users;
use crate::t;
use crate::ui::Command;
use crate::ui::keys::{KeyAction, with_hint};
use crate::ui::widgets::{big_button, form_field};

/// The form of the first admin.
pub(crate) struct FirstAdmin {
    pub(crate) name: String,
    pub(crate) pin: String,
    pub(crate) pin2: String,
    /// Put the cursor in this field on the next frame.
    cursor: Option<Field>,
    /// The language switched to on this screen, if any: saved for the admin created.
    pub(crate) lang_chosen: Option<Lang>,
}

/// The field the cursor goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Name,
    Pin,
}

impl FirstAdmin {
    pub(crate) fn new() -> FirstAdmin {
        FirstAdmin {
            name: String::new(),
            pin: String::new(),
            pin2: String::new(),
            cursor: Some(Field::Name),
            lang_chosen: None,
        }
    }

    /// The admin was refused: the cursor goes back to what must change (the name when the
    /// name is refused, else the PINs, cleared), so the fix is typed with no click.
    pub(crate) fn refused(&mut self) {
        if users::check_name(self.name.trim()).is_err() {
            self.cursor = Some(Field::Name);
        } else {
            self.pin.clear();
            self.pin2.clear();
            self.cursor = Some(Field::Pin);
        }
    }

    pub(crate) fn ui(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<Command>) {
        ui.heading(t!(lang, "login-first-title"));
        ui.label(t!(lang, "login-first-help"));
        ui.add_space(12.0);
        let name = form_field(ui, &t!(lang, "login-name"), &mut self.name, false);
        let pin = form_field(ui, &t!(lang, "login-pin"), &mut self.pin, true);
        match self.cursor.take() {
            Some(Field::Name) => name.request_focus(),
            Some(Field::Pin) => pin.request_focus(),
            None => {}
        }
        form_field(ui, &t!(lang, "login-pin-again"), &mut self.pin2, true);
        let create = with_hint(&t!(lang, "login-create-admin"), KeyAction::Confirm);
        if big_button(ui, &create, true).clicked() {
            commands.push(Command::CreateAdmin);
        }
        super::login::language_switch(ui, lang, commands);
    }
}
