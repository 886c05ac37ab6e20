//! Opening a table (name, rules, limits) or resuming one of the database's tables. The
//! rules are a preset or a rules file of the user's folder (`rules_files`); the chosen
//! rules' knobs are shown before opening, and a file that cannot be played says why.

use std::path::Path;

use egui::{Color32, RichText, Ui};

use crate::audit::table::TableSummary;
use crate::engine::{Limits, Money, Rules};
use crate::ui::app::Command;
use crate::ui::keys::{KeyAction, with_hint};
use crate::ui::rules_files::{self, RulesChoice};
use crate::ui::widgets::{big_button, form_field};

/// The open-table form and the tables that can be resumed.
pub(crate) struct OpenTable {
    pub(crate) table_name: String,
    /// The rules offered (presets, then the folder's files) and the one chosen.
    pub(crate) choices: Vec<RulesChoice>,
    pub(crate) chosen: usize,
    pub(crate) min_bet: String,
    pub(crate) box_max: String,
    pub(crate) tables: Vec<TableSummary>,
}

/// What the form asks for, read and checked.
pub(crate) struct TableChoice {
    pub(crate) name: String,
    pub(crate) rules: Rules,
    pub(crate) preset: String,
    pub(crate) limits: Limits,
}

impl OpenTable {
    /// The form, with the rules of `rules_dir` read now.
    pub(crate) fn new(tables: Vec<TableSummary>, rules_dir: &Path) -> OpenTable {
        OpenTable {
            table_name: "Pontoon 1".into(),
            choices: rules_files::list(rules_dir, crate::i18n::Lang::En),
            chosen: 0,
            min_bet: "5".into(),
            box_max: "500".into(),
            tables,
        }
    }

    /// The second table mode (Pontis) is chosen: it opens on its own screen.
    pub(crate) fn pontis(&self) -> bool {
        self.chosen == self.choices.len()
    }

    /// The table the form describes, or why it cannot be opened.
    pub(crate) fn choice(&self) -> Result<TableChoice, String> {
        let choice = self
            .choices
            .get(self.chosen)
            .ok_or_else(|| "choose the rules".to_string())?;
        let rules = choice
            .rules
            .clone()
            .map_err(|why| format!("the rules {} cannot be played: {why}", choice.name))?;
        let money = |s: &str, what: &str| -> Result<Option<Money>, String> {
            if s.trim().is_empty() {
                return Ok(None);
            }
            Money::parse(s)
                .map(Some)
                .map_err(|e| format!("{what}: {e}"))
        };
        let lo = money(&self.min_bet, "min bet")?;
        let hi = money(&self.box_max, "box max")?;
        let limits = Limits::new(lo, hi).map_err(|e| e.to_string())?;
        Ok(TableChoice {
            name: self.table_name.clone(),
            rules,
            preset: choice.name.clone(),
            limits,
        })
    }

    /// `supervises`: the user may open the supervisor desk from here.
    pub(crate) fn ui(&mut self, ui: &mut Ui, supervises: bool, commands: &mut Vec<Command>) {
        ui.heading("Open a table");
        ui.add_space(8.0);
        form_field(ui, "Table", &mut self.table_name, false);
        ui.horizontal_wrapped(|ui| {
            ui.add_sized(
                [160.0, 28.0],
                egui::Label::new(RichText::new("Rules").size(18.0)),
            );
            for (i, c) in self.choices.iter().enumerate() {
                let text = RichText::new(&c.name).size(18.0);
                let text = if c.rules.is_err() {
                    text.color(Color32::from_rgb(255, 140, 120))
                } else {
                    text
                };
                ui.selectable_value(&mut self.chosen, i, text);
            }
            // The second table mode: its rules are chosen on its own screen.
            let pontis = self.choices.len();
            ui.selectable_value(&mut self.chosen, pontis, RichText::new("pontis").size(18.0));
        });
        if let Some(c) = self.choices.get(self.chosen) {
            rules_view(ui, c);
            // What the chosen rules should hold (the house-edge lab, solved once per rules on
            // a thread of its own: the screen never waits for it). Presets and the house's
            // rules files alike.
            if let Ok(r) = &c.rules {
                use crate::report::theory::{Soon, of_rules_soon};
                match of_rules_soon(&r.to_value()) {
                    Soon::Ready(Some(t)) => {
                        ui.label(
                            RichText::new(format!(
                                "Against the best play: house edge {}% of the initial stake, \
                                 {}% of the handle (below zero: the players' edge)",
                                crate::report::signed_fixed(t.edge * 100.0, 2),
                                crate::report::signed_fixed(t.hold * 100.0, 2)
                            ))
                            .size(16.0),
                        );
                    }
                    Soon::Ready(None) => {}
                    Soon::Solving => {
                        ui.label(RichText::new("House edge: solving the rules…").size(16.0));
                        ui.ctx()
                            .request_repaint_after(std::time::Duration::from_millis(100));
                    }
                }
            }
        }
        form_field(ui, "Min bet", &mut self.min_bet, false);
        form_field(ui, "Box max", &mut self.box_max, false);
        ui.horizontal(|ui| {
            if big_button(ui, &with_hint("Open table", KeyAction::Confirm), true).clicked() {
                commands.push(Command::OpenTable);
            }
            if supervises && big_button(ui, "Supervisor desk", true).clicked() {
                commands.push(Command::Desk);
            }
        });
        if !self.tables.is_empty() {
            ui.add_space(16.0);
            ui.heading("Tables in this database");
            for t in &self.tables {
                ui.horizontal(|ui| {
                    let label = if t.round_in_play {
                        format!("Resume {} (round in play)", t.name)
                    } else {
                        format!("Resume {}", t.name)
                    };
                    if big_button(ui, &label, true).clicked() {
                        commands.push(Command::Resume(t.name.clone()));
                    }
                });
            }
        }
    }
}

/// The chosen rules' knobs, or why the file cannot be played.
fn rules_view(ui: &mut Ui, c: &RulesChoice) {
    let from = match &c.file {
        Some(f) => format!("rules file {}", f.display()),
        None => format!("preset {} (data/rules/{}.json)", c.name, c.name),
    };
    egui::Frame::new()
        .stroke(egui::Stroke::new(1.0, Color32::GRAY))
        .inner_margin(6.0)
        .show(ui, |ui| {
            ui.label(RichText::new(from).size(15.0));
            match &c.rules {
                Err(why) => {
                    ui.label(
                        RichText::new(format!("Cannot be played: {why}"))
                            .size(17.0)
                            .color(Color32::from_rgb(255, 140, 120)),
                    );
                }
                Ok(r) => {
                    let knobs = rules_files::knobs(r, crate::i18n::Lang::En);
                    let rows = knobs.len().div_ceil(3);
                    egui::Grid::new("knobs")
                        .spacing([10.0, 1.0])
                        .striped(true)
                        .show(ui, |ui| {
                            for row in 0..rows {
                                for col in 0..3 {
                                    match knobs.get(col * rows + row) {
                                        Some((k, v)) => {
                                            ui.label(RichText::new(k).size(14.0));
                                            ui.label(RichText::new(v).size(14.0).strong());
                                        }
                                        None => {
                                            ui.label("");
                                            ui.label("");
                                        }
                                    }
                                }
                                ui.end_row();
                            }
                        });
                }
            }
        });
}
