//! First run: no user yet, so the first admin is created here.

use egui::Ui;

use crate::ui::app::Command;
use crate::ui::keys::{KeyAction, with_hint};
use crate::ui::widgets::{big_button, form_field};

/// The form of the first admin.
pub(crate) struct FirstAdmin {
    pub(crate) name: String,
    pub(crate) pin: String,
    pub(crate) pin2: String,
    /// Put the cursor in the Name field on the next frame.
    place_cursor: bool,
}

impl FirstAdmin {
    pub(crate) fn new() -> FirstAdmin {
        FirstAdmin {
            name: String::new(),
            pin: String::new(),
            pin2: String::new(),
            place_cursor: true,
        }
    }

    pub(crate) fn ui(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.heading("First run: create the first admin");
        ui.label("Every user logs in as themselves: use a person's name, not a role. An admin's PIN is 6 to 12 digits; it is stored only as an argon2 hash.");
        ui.add_space(12.0);
        let name = form_field(ui, "Name", &mut self.name, false);
        if std::mem::take(&mut self.place_cursor) {
            name.request_focus();
        }
        form_field(ui, "PIN", &mut self.pin, true);
        form_field(ui, "PIN again", &mut self.pin2, true);
        if big_button(ui, &with_hint("Create admin", KeyAction::Confirm), true).clicked() {
            commands.push(Command::CreateAdmin);
        }
    }
}
