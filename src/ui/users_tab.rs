//! The desk's Users tab: every user with role and lock, and a supervisor's or admin's add,
//! unlock, PIN reset and role change, each asked for and confirmed. Who may do what is `session::users`'s (the rights
//! of the CLI's `user` commands), asked here and never decided here; no SQL here. What the
//! desk's user may not do is drawn disabled with the reason, before any click.

use egui::{Color32, RichText, Ui};

use crate::codes::Denied;
use crate::i18n::Lang;
use crate::i18n::errors;
use crate::log::Store;
use crate::session::users::{self, Role, User};
use crate::t;
use crate::ui::role_name;
use crate::ui::status::{Notice, Status, UiError};
use crate::ui::widgets::form_field;

/// The tab's state: the users listed, the add form, what waits for its yes.
pub(crate) struct UsersTab {
    /// Every user, by name, and whether they are locked (read when the tab is shown).
    list: Vec<(User, bool)>,
    /// The list was read since the desk opened (or since a change).
    read: bool,
    name: String,
    role: Role,
    pin: String,
    pin2: String,
    /// The user whose PIN or role the change form is for (by id), with its fields.
    editing: Option<i64>,
    new_pin: String,
    new_pin2: String,
    new_role: Role,
    /// A change asked for and checked, waiting for the supervisor's yes.
    pending: Option<Pending>,
    /// The desk's user as last seen by `apply`: what they may do is drawn from it.
    by: Option<User>,
}

/// A change that waits for its yes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Pending {
    /// Add the user of the form (name, role as checked).
    Add(String, Role),
    /// Unlock this user (by name).
    Unlock(String),
    /// Reset this user's PIN to the change form's.
    Pin(String),
    /// Give this user this role (with the change form's PIN when `true`).
    Role(String, Role, bool),
}

/// What the tab asked for, carried out after the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UsersCommand {
    /// Read the users again.
    List,
    /// Check the add form, then ask to confirm.
    AskAdd,
    /// Check the unlock of the user with this id, then ask to confirm.
    AskUnlock(i64),
    /// Check the PIN reset of the user being changed, then ask to confirm.
    AskPin,
    /// Check the role change of the user being changed, then ask to confirm.
    AskRole,
    /// The confirmed change is logged.
    Yes,
    /// Nothing is logged.
    Cancel,
}

impl UsersTab {
    pub(crate) fn new() -> UsersTab {
        UsersTab {
            list: Vec::new(),
            read: false,
            name: String::new(),
            role: Role::Dealer,
            pin: String::new(),
            pin2: String::new(),
            editing: None,
            new_pin: String::new(),
            new_pin2: String::new(),
            new_role: Role::Dealer,
            pending: None,
            by: None,
        }
    }

    /// Why the desk's user may not reset the PIN of (nor otherwise change) a `role`, in
    /// words; `None` when they may.
    fn why_not_change(&self, lang: Lang, role: Role) -> Option<String> {
        let by = self.by.as_ref()?;
        let may = users::may_reset_pin_of(by.role, role) || users::may_set_roles(by.role);
        (!may).then(|| {
            errors::denied(
                lang,
                &Denied::MayNotResetPin {
                    by: by.name.clone(),
                    by_role: by.role,
                    role,
                },
            )
        })
    }

    /// Why the desk's user may not change roles, in words; `None` when they may.
    fn why_not_set_roles(&self, lang: Lang) -> Option<String> {
        let by = self.by.as_ref()?;
        (!users::may_set_roles(by.role)).then(|| {
            errors::denied(
                lang,
                &Denied::OnlyAdminSetsRoles {
                    by: by.name.clone(),
                    by_role: by.role,
                },
            )
        })
    }

    /// Why the desk's user may not add a `role`, in words; `None` when they may.
    fn why_not_add(&self, lang: Lang, role: Role) -> Option<String> {
        let by = self.by.as_ref()?;
        (!users::may_add_role(by.role, role)).then(|| {
            errors::denied(
                lang,
                &Denied::MayNotAdd {
                    by: by.name.clone(),
                    by_role: by.role,
                    role,
                },
            )
        })
    }

    /// Draws the list, the add form and a pending change's question.
    pub(crate) fn ui(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<UsersCommand>) {
        if !self.read {
            commands.push(UsersCommand::List);
        }
        ui.label(RichText::new(t!(lang, "users-heading")).strong().size(18.0));
        let mut edit = None;
        egui::Grid::new("users")
            .spacing([24.0, 6.0])
            .show(ui, |ui| {
                for h in [
                    t!(lang, "users-col-name"),
                    t!(lang, "users-col-role"),
                    t!(lang, "users-col-state"),
                ] {
                    ui.label(RichText::new(h).strong());
                }
                ui.end_row();
                for (u, locked) in &self.list {
                    ui.label(&u.name);
                    ui.label(role_name(lang, u.role));
                    if *locked {
                        ui.label(
                            RichText::new(t!(lang, "users-locked"))
                                .color(Color32::from_rgb(255, 90, 90)),
                        );
                        let unlock = t!(lang, "users-unlock", name = u.name.as_str());
                        if ui.button(RichText::new(unlock).size(16.0)).clicked() {
                            commands.push(UsersCommand::AskUnlock(u.id));
                        }
                    } else {
                        ui.label(t!(lang, "users-active"));
                    }
                    let change = t!(lang, "users-change", name = u.name.as_str());
                    let why_not = self.why_not_change(lang, u.role);
                    let button = ui
                        .add_enabled(
                            why_not.is_none(),
                            egui::Button::new(RichText::new(change).size(16.0)),
                        )
                        .on_disabled_hover_text(why_not.unwrap_or_default());
                    if button.clicked() {
                        edit = Some((u.id, u.role));
                    }
                    ui.end_row();
                }
            });
        if let Some((id, role)) = edit
            && self.pending.is_none()
        {
            self.editing = Some(id);
            self.new_role = role;
            self.new_pin.clear();
            self.new_pin2.clear();
        }
        self.change_form(ui, lang, commands);
        ui.separator();
        self.add_form(ui, lang, commands);
        self.question(ui, lang, commands);
    }

    /// The user being changed: a new PIN (twice) and its button, the roles and theirs.
    fn change_form(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<UsersCommand>) {
        let Some(id) = self.editing else { return };
        let Some((u, _)) = self.list.iter().find(|(u, _)| u.id == id) else {
            return;
        };
        ui.separator();
        let from = u.role;
        let heading = t!(lang, "users-change-heading", name = u.name.as_str());
        ui.label(RichText::new(heading).strong().size(18.0));
        ui.add_enabled_ui(self.pending.is_none(), |ui| {
            form_field(
                ui,
                &t!(lang, "users-reset-pin-new"),
                &mut self.new_pin,
                true,
            );
            form_field(
                ui,
                &t!(lang, "users-reset-pin-again"),
                &mut self.new_pin2,
                true,
            );
            if ui
                .button(RichText::new(t!(lang, "users-reset-pin")).size(18.0))
                .clicked()
            {
                commands.push(UsersCommand::AskPin);
            }
            let why_not = self.why_not_set_roles(lang);
            ui.add_enabled_ui(why_not.is_none(), |ui| {
                ui.horizontal(|ui| {
                    ui.add_sized(
                        [160.0, 28.0],
                        egui::Label::new(RichText::new(t!(lang, "users-new-role")).size(18.0)),
                    );
                    for r in [Role::Dealer, Role::Supervisor, Role::Admin] {
                        ui.selectable_value(
                            &mut self.new_role,
                            r,
                            RichText::new(role_name(lang, r)).size(18.0),
                        );
                    }
                    if ui
                        .button(RichText::new(t!(lang, "users-set-role")).size(18.0))
                        .clicked()
                    {
                        commands.push(UsersCommand::AskRole);
                    }
                });
            });
            if let Some(why) = why_not {
                ui.label(why);
            } else if users::role_needs_new_pin(from, self.new_role) {
                let min = users::min_pin_len(self.new_role) as i64;
                let role = role_name(lang, self.new_role);
                ui.label(t!(lang, "users-role-needs-pin", role = role, min = min));
            }
        });
    }

    fn add_form(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<UsersCommand>) {
        ui.label(
            RichText::new(t!(lang, "users-add-heading"))
                .strong()
                .size(18.0),
        );
        ui.add_enabled_ui(self.pending.is_none(), |ui| {
            form_field(ui, &t!(lang, "users-new-name"), &mut self.name, false);
            ui.horizontal(|ui| {
                ui.add_sized(
                    [160.0, 28.0],
                    egui::Label::new(RichText::new(t!(lang, "users-new-role")).size(18.0)),
                );
                for r in [Role::Dealer, Role::Supervisor, Role::Admin] {
                    let why_not = self.why_not_add(lang, r);
                    ui.add_enabled_ui(why_not.is_none(), |ui| {
                        ui.selectable_value(
                            &mut self.role,
                            r,
                            RichText::new(role_name(lang, r)).size(18.0),
                        )
                        .on_disabled_hover_text(why_not.unwrap_or_default());
                    });
                }
            });
            if let Some(why) = self.why_not_add(lang, Role::Supervisor) {
                ui.label(why);
            }
            form_field(ui, &t!(lang, "users-new-pin"), &mut self.pin, true);
            form_field(ui, &t!(lang, "users-new-pin-again"), &mut self.pin2, true);
            if ui
                .button(RichText::new(t!(lang, "users-add")).size(18.0))
                .clicked()
            {
                commands.push(UsersCommand::AskAdd);
            }
        });
    }

    /// The question a change waits on, over the screen, with its yes and its cancel.
    fn question(&self, ui: &mut Ui, lang: Lang, commands: &mut Vec<UsersCommand>) {
        let Some(p) = &self.pending else { return };
        let (question, yes) = match p {
            Pending::Add(name, role) => (
                t!(
                    lang,
                    "users-confirm-add",
                    name = name.as_str(),
                    role = role_name(lang, *role)
                ),
                t!(lang, "users-confirm-add-yes", name = name.as_str()),
            ),
            Pending::Unlock(name) => (
                t!(lang, "users-confirm-unlock", name = name.as_str()),
                t!(lang, "users-confirm-unlock-yes", name = name.as_str()),
            ),
            Pending::Pin(name) => (
                t!(lang, "users-confirm-pin", name = name.as_str()),
                t!(lang, "users-confirm-pin-yes", name = name.as_str()),
            ),
            Pending::Role(name, r, _) => {
                let role = role_name(lang, *r);
                (
                    t!(
                        lang,
                        "users-confirm-role",
                        name = name.as_str(),
                        role = role.clone()
                    ),
                    t!(
                        lang,
                        "users-confirm-role-yes",
                        name = name.as_str(),
                        role = role
                    ),
                )
            }
        };
        egui::Modal::new(egui::Id::unique("users-confirm")).show(ui.ctx(), |ui| {
            ui.set_max_width(560.0);
            ui.add(egui::Label::new(RichText::new(question).size(18.0).strong()).wrap());
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(RichText::new(yes).size(18.0).strong()).clicked() {
                    commands.push(UsersCommand::Yes);
                }
                if ui
                    .button(RichText::new(t!(lang, "desk-confirm-cancel")).size(18.0))
                    .clicked()
                {
                    commands.push(UsersCommand::Cancel);
                }
            });
        });
    }

    /// Carries out `c` on `store` for `by` (the desk's user): what was done or asked
    /// (`Ok`), or refused with why (`Err`); `None` when there is nothing to say.
    pub(crate) fn apply(
        &mut self,
        c: UsersCommand,
        store: &mut Store,
        by: &User,
    ) -> Option<Status> {
        self.by = Some(by.clone());
        match c {
            UsersCommand::List => self.reread(store).err().map(Err),
            UsersCommand::AskAdd => Some(self.ask_add(store, by)),
            UsersCommand::AskUnlock(id) => Some(self.ask_unlock(store, id, by)),
            UsersCommand::AskPin | UsersCommand::AskRole => Some(
                self.ask_change(store, c == UsersCommand::AskPin, by)
                    .map(|name| Notice::UserConfirmAsked { name }),
            ),
            UsersCommand::Cancel => {
                self.pending = None;
                Some(Ok(Notice::ChangeCancelled))
            }
            UsersCommand::Yes => {
                let done = match self.pending.take()? {
                    Pending::Add(name, role) => {
                        users::add_user(store, &name, role, &self.pin, Some(by)).map(|u| {
                            self.name.clear();
                            self.pin.clear();
                            self.pin2.clear();
                            Notice::UserAdded {
                                name: u.name,
                                role: u.role,
                            }
                        })
                    }
                    Pending::Unlock(name) => {
                        users::unlock(store, &name, by).map(|()| Notice::UserUnlocked { name })
                    }
                    Pending::Pin(name) => self.change(store, &name, None, by),
                    Pending::Role(name, role, pin) => {
                        self.change(store, &name, Some((role, pin)), by)
                    }
                };
                let done = done.map_err(UiError::from);
                if let Err(e) = self.reread(store) {
                    return Some(Err(e));
                }
                Some(done)
            }
        }
    }

    fn reread(&mut self, store: &Store) -> Result<(), UiError> {
        self.read = true;
        self.list = users::list(store)?;
        Ok(())
    }

    fn ask_add(&mut self, store: &Store, by: &User) -> Status {
        self.pending = None;
        if self.pin != self.pin2 {
            self.pin.clear();
            self.pin2.clear();
            return Err(UiError::PinsDiffer);
        }
        let name = self.name.trim().to_string();
        users::may_add(store, &name, self.role, &self.pin, Some(by))?;
        self.pending = Some(Pending::Add(name.clone(), self.role));
        Ok(Notice::UserConfirmAsked { name })
    }

    fn ask_unlock(&mut self, store: &Store, id: i64, by: &User) -> Status {
        self.pending = None;
        let Some((u, _)) = self.list.iter().find(|(u, _)| u.id == id) else {
            return Err(UiError::UserGone);
        };
        let name = users::may_unlock(store, &u.name, by)?;
        self.pending = Some(Pending::Unlock(name.clone()));
        Ok(Notice::UserConfirmAsked { name })
    }

    /// Checks the change form's PIN reset (`pin`) or role change for the user being
    /// changed, then asks to confirm it; gives the user's name.
    fn ask_change(&mut self, store: &Store, pin: bool, by: &User) -> Result<String, UiError> {
        self.pending = None;
        let Some((u, _)) = self.list.iter().find(|(u, _)| Some(u.id) == self.editing) else {
            return Err(UiError::UserGone);
        };
        let name = u.name.clone();
        // A role change takes the PIN typed with it only where the new role needs a new
        // PIN (a promotion to a longer one): any other role change leaves the PIN alone,
        // as its confirmation says, and what was typed is cleared.
        let needs_pin = users::role_needs_new_pin(u.role, self.new_role);
        if !pin && !needs_pin {
            self.new_pin.clear();
            self.new_pin2.clear();
        }
        let with_pin = pin || !self.new_pin.is_empty() || !self.new_pin2.is_empty();
        if with_pin && self.new_pin != self.new_pin2 {
            self.new_pin.clear();
            self.new_pin2.clear();
            return Err(UiError::PinsDiffer);
        }
        let change = match (pin, with_pin) {
            (true, _) => users::Change::Pin(&self.new_pin),
            (false, true) => users::Change::RoleWithPin(self.new_role, &self.new_pin),
            (false, false) => users::Change::Role(self.new_role),
        };
        let u = users::may_change(store, &name, change, by)?;
        self.pending = Some(match change {
            users::Change::Pin(_) => Pending::Pin(u.name.clone()),
            users::Change::Role(r) => Pending::Role(u.name.clone(), r, false),
            users::Change::RoleWithPin(r, _) => Pending::Role(u.name.clone(), r, true),
        });
        Ok(u.name)
    }

    /// Logs the confirmed PIN reset (no `role`) or role change (with the form's PIN when
    /// its flag says so); what was done.
    fn change(
        &mut self,
        store: &mut Store,
        name: &str,
        role: Option<(Role, bool)>,
        by: &User,
    ) -> Result<Notice, crate::log::AuditError> {
        let change = match role {
            Some((r, true)) => users::Change::RoleWithPin(r, &self.new_pin),
            Some((r, false)) => users::Change::Role(r),
            None => users::Change::Pin(&self.new_pin),
        };
        let u = users::change_user(store, name, change, by)?;
        self.new_pin.clear();
        self.new_pin2.clear();
        Ok(match role {
            Some(_) => Notice::UserRoleChanged {
                name: u.name,
                role: u.role,
            },
            None => Notice::UserPinReset { name: u.name },
        })
    }
}
