//! Opening a table (name, rules, limits) or resuming one of the database's tables.

use egui::{RichText, Ui};

use crate::audit::table::TableSummary;
use crate::engine::{Limits, Money, Rules, rules};
use crate::ui::app::Command;
use crate::ui::keys::{KeyAction, with_hint};
use crate::ui::widgets::{big_button, form_field};

/// The open-table form and the tables that can be resumed.
pub(crate) struct OpenTable {
    pub(crate) table_name: String,
    pub(crate) preset: String,
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
    pub(crate) fn new(tables: Vec<TableSummary>) -> OpenTable {
        OpenTable {
            table_name: "Pontoon 1".into(),
            preset: "czech".into(),
            min_bet: "5".into(),
            box_max: "500".into(),
            tables,
        }
    }

    /// The table the form describes, or why it cannot be opened.
    pub(crate) fn choice(&self) -> Result<TableChoice, String> {
        let rules = Rules::preset(&self.preset).map_err(|e| e.to_string())?;
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
            preset: self.preset.clone(),
            limits,
        })
    }

    /// `supervises`: the user may open the supervisor desk from here.
    pub(crate) fn ui(&mut self, ui: &mut Ui, supervises: bool, commands: &mut Vec<Command>) {
        ui.heading("Open a table");
        ui.add_space(8.0);
        form_field(ui, "Table", &mut self.table_name, false);
        ui.horizontal(|ui| {
            ui.add_sized(
                [160.0, 28.0],
                egui::Label::new(RichText::new("Rules").size(18.0)),
            );
            for name in rules::preset_names() {
                ui.selectable_value(
                    &mut self.preset,
                    name.to_string(),
                    RichText::new(name).size(18.0),
                );
            }
            // The second table mode: its rules are chosen on its own screen.
            ui.selectable_value(
                &mut self.preset,
                "pontis".to_string(),
                RichText::new("pontis").size(18.0),
            );
        });
        // What the chosen rules should hold (the house-edge lab, solved once per rules).
        if let Ok(r) = Rules::preset(&self.preset)
            && let Some(t) = crate::report::theory::of_rules(&r.to_value())
        {
            ui.label(
                RichText::new(format!(
                    "Against the best play: house edge {:+.2}% of the initial stake, \
                     {:+.2}% of the handle (below zero: the players' edge)",
                    t.edge * 100.0,
                    t.hold * 100.0
                ))
                .size(16.0),
            );
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
