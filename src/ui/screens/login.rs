//! Logging in: a name and a PIN.

use egui::Ui;

use crate::ui::app::Command;
use crate::ui::keys::{KeyAction, with_hint};
use crate::ui::widgets::{big_button, form_field};

/// The login form.
pub(crate) struct Login {
    pub(crate) name: String,
    pub(crate) pin: String,
    /// Put the cursor where typing begins on the next frame.
    pub(crate) place_cursor: bool,
}

impl Login {
    /// The form with `name` filled in (the admin just created), or empty.
    pub(crate) fn new(name: String) -> Login {
        Login {
            name,
            pin: String::new(),
            place_cursor: true,
        }
    }

    pub(crate) fn ui(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.heading("Log in");
        ui.add_space(12.0);
        let name = form_field(ui, "Name", &mut self.name, false);
        let pin = form_field(ui, "PIN", &mut self.pin, true);
        // The cursor starts where typing begins (the PIN when the name is known): a dealer
        // types, no mouse needed.
        if std::mem::take(&mut self.place_cursor) {
            if self.name.trim().is_empty() {
                name.request_focus()
            } else {
                pin.request_focus()
            }
        }
        if big_button(ui, &with_hint("Log in", KeyAction::Confirm), true).clicked() {
            commands.push(Command::Login);
        }
    }
}
