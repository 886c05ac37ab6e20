//! Opening a table (name, rules, limits) or resuming one of the database's tables. The
//! rules are a preset or a rules file of the user's folder (`rules_files`); the chosen
//! rules' knobs are shown before opening, and a file that cannot be played says why.

use std::path::Path;

use egui::{Color32, RichText, Ui};

use crate::engine::{Limits, Money, MoneyError, Rules, SetupError};
use crate::i18n::{Lang, errors};
use crate::session::table::TableSummary;
use crate::t;
use crate::ui::Command;
use crate::ui::keys::{KeyAction, with_hint};
use crate::ui::rules_files::{self, RulesChoice, Unplayable};
use crate::ui::widgets::{big_button, form_field, parse_money};

/// An amount field of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Field {
    MinBet,
    BoxMax,
}

/// Why the form does not describe a table that can be opened; worded when shown.
#[derive(Debug)]
pub(crate) enum FormError {
    NoName,
    ChooseRules,
    CannotPlay {
        name: String,
        why: Unplayable,
    },
    Amount {
        field: Field,
        why: MoneyError,
    },
    Limits {
        lo: Option<Money>,
        hi: Option<Money>,
    },
    Setup(SetupError),
}

impl FormError {
    /// Why, in `lang`.
    pub(crate) fn words(&self, lang: Lang) -> String {
        match self {
            FormError::NoName => t!(lang, "table-form-no-name"),
            FormError::ChooseRules => t!(lang, "table-form-choose-rules"),
            FormError::CannotPlay { name, why } => t!(
                lang,
                "table-form-cannot-play",
                name = name.as_str(),
                why = why.words(lang)
            ),
            FormError::Amount { field, why } => {
                let what = match field {
                    Field::MinBet => t!(lang, "table-form-min-bet"),
                    Field::BoxMax => t!(lang, "table-form-box-max"),
                };
                format!("{what}: {}", errors::money(lang, why))
            }
            FormError::Limits { lo, hi } => errors::limits(lang, *lo, *hi).unwrap_or_default(),
            FormError::Setup(e) => errors::setup(lang, e),
        }
    }
}

/// The open-table form and the tables that can be resumed.
pub(crate) struct OpenTable {
    pub(crate) table_name: String,
    /// The rules offered (presets, then the folder's files) and the one chosen.
    pub(crate) choices: Vec<RulesChoice>,
    pub(crate) chosen: usize,
    pub(crate) min_bet: String,
    pub(crate) box_max: String,
    pub(crate) tables: Vec<TableSummary>,
    /// The table name the rules were last matched to.
    matched_name: String,
    /// Other rules for an existing table were asked about: (table, rules chosen), and
    /// whether the user said yes.
    pub(crate) rules_change: Option<(String, usize)>,
    pub(crate) rules_change_yes: bool,
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
        let mut form = OpenTable {
            table_name: "Pontoon 1".into(),
            choices: rules_files::list(rules_dir),
            chosen: 0,
            min_bet: "5".into(),
            box_max: "500".into(),
            tables,
            matched_name: String::new(),
            rules_change: None,
            rules_change_yes: false,
        };
        form.start_on_table_rules();
        form
    }

    /// The rules folder read again (a file added since is offered), the choice kept by name.
    pub(crate) fn rescan(&mut self, rules_dir: &Path) {
        let was = self.choices.get(self.chosen).map(|c| c.name.clone());
        self.choices = rules_files::list(rules_dir);
        self.chosen = was
            .and_then(|n| self.choices.iter().position(|c| c.name == n))
            .unwrap_or(0);
    }

    /// The table of the name typed, if the log knows it.
    fn existing(&self) -> Option<&TableSummary> {
        self.tables
            .iter()
            .find(|t| t.name == self.table_name.trim())
    }

    /// When the name typed is an existing table's, its own rules are chosen (by the preset
    /// or file named when it opened, else by the rules themselves).
    fn start_on_table_rules(&mut self) {
        self.matched_name = self.table_name.clone();
        let Some(t) = self.existing() else {
            return;
        };
        let by_name = t
            .preset
            .as_ref()
            .and_then(|p| self.choices.iter().position(|c| &c.name == p));
        let by_rules = || {
            self.choices.iter().position(|c| {
                c.rules
                    .as_ref()
                    .is_ok_and(|r| Some(r.to_value()) == t.rules)
            })
        };
        if let Some(i) = by_name.or_else(by_rules) {
            self.chosen = i;
        }
    }

    /// Whether opening would change an existing table's rules: its name and the rules it
    /// was opened with.
    pub(crate) fn changes_rules(&self) -> Option<(String, String)> {
        let t = self.existing()?;
        let chosen = self.choices.get(self.chosen)?.rules.as_ref().ok()?;
        let before = t.rules.as_ref()?;
        (&chosen.to_value() != before).then(|| {
            (
                t.name.clone(),
                t.preset.clone().unwrap_or_else(|| "?".into()),
            )
        })
    }

    /// The second table mode (Pontis) is chosen: it opens on its own screen.
    pub(crate) fn pontis(&self) -> bool {
        self.chosen == self.choices.len()
    }

    /// The table the form describes, or why it cannot be opened.
    pub(crate) fn choice(&self, lang: Lang) -> Result<TableChoice, FormError> {
        // Said here in the language; the session refuses it too, in its own words.
        if self.table_name.trim().is_empty() {
            return Err(FormError::NoName);
        }
        let choice = self
            .choices
            .get(self.chosen)
            .ok_or(FormError::ChooseRules)?;
        let rules = choice.rules.clone().map_err(|why| FormError::CannotPlay {
            name: choice.name.clone(),
            why,
        })?;
        let money = |s: &str, field: Field| {
            if s.trim().is_empty() {
                return Ok(None);
            }
            parse_money(lang, s)
                .map(Some)
                .map_err(|why| FormError::Amount { field, why })
        };
        let lo = money(&self.min_bet, Field::MinBet)?;
        let hi = money(&self.box_max, Field::BoxMax)?;
        if errors::limits(lang, lo, hi).is_some() {
            return Err(FormError::Limits { lo, hi });
        }
        let limits = Limits::new(lo, hi).map_err(FormError::Setup)?;
        Ok(TableChoice {
            name: self.table_name.clone(),
            rules,
            preset: choice.name.clone(),
            limits,
        })
    }

    /// `supervises`: the user may open the supervisor desk from here.
    pub(crate) fn ui(
        &mut self,
        ui: &mut Ui,
        lang: Lang,
        supervises: bool,
        commands: &mut Vec<Command>,
    ) {
        ui.heading(t!(lang, "table-form-title"));
        ui.add_space(8.0);
        form_field(
            ui,
            &t!(lang, "table-form-table"),
            &mut self.table_name,
            false,
        );
        if self.table_name != self.matched_name {
            self.start_on_table_rules();
        }
        self.rules_change_question(ui, lang, commands);
        ui.horizontal_wrapped(|ui| {
            ui.add_sized(
                [160.0, 28.0],
                egui::Label::new(RichText::new(t!(lang, "table-form-rules")).size(18.0)),
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
            rules_view(ui, lang, c);
            house_edge_line(ui, lang, c);
        }
        form_field(
            ui,
            &t!(lang, "table-form-min-bet"),
            &mut self.min_bet,
            false,
        );
        form_field(
            ui,
            &t!(lang, "table-form-box-max"),
            &mut self.box_max,
            false,
        );
        ui.horizontal(|ui| {
            let open = with_hint(&t!(lang, "table-form-open"), KeyAction::Confirm);
            if big_button(ui, &open, true).clicked() {
                commands.push(Command::OpenTable);
            }
            if supervises && big_button(ui, &t!(lang, "app-desk"), true).clicked() {
                commands.push(Command::Desk);
            }
        });
        if !self.tables.is_empty() {
            ui.add_space(16.0);
            ui.heading(t!(lang, "table-form-tables"));
            for t in &self.tables {
                ui.horizontal(|ui| {
                    let label = if t.round_in_play {
                        t!(lang, "table-form-resume-in-play", name = &t.name)
                    } else {
                        t!(lang, "table-form-resume", name = &t.name)
                    };
                    if big_button(ui, &label, true).clicked() {
                        commands.push(Command::Resume(t.name.clone()));
                    }
                });
            }
        }
    }
}

impl OpenTable {
    /// Opening an existing table with other rules waits for a yes, asked here.
    fn rules_change_question(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<Command>) {
        let now = (self.table_name.trim().to_string(), self.chosen);
        if self.rules_change.as_ref() != Some(&now) || self.rules_change_yes {
            return;
        }
        let Some((table, before)) = self.changes_rules() else {
            return;
        };
        let after = self
            .choices
            .get(self.chosen)
            .map_or("", |c| c.name.as_str());
        egui::Modal::new(egui::Id::unique("rules-change")).show(ui.ctx(), |ui| {
            ui.set_max_width(560.0);
            ui.label(
                RichText::new(t!(
                    lang,
                    "table-form-rules-change",
                    table = table.as_str(),
                    before = before.as_str(),
                    after = after
                ))
                .size(18.0)
                .strong(),
            );
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                let yes = t!(lang, "table-form-rules-change-yes", after = after);
                if ui.button(RichText::new(yes).size(18.0).strong()).clicked() {
                    self.rules_change_yes = true;
                    commands.push(Command::OpenTable);
                }
                if ui
                    .button(RichText::new(t!(lang, "desk-confirm-cancel")).size(18.0))
                    .clicked()
                {
                    self.rules_change = None;
                }
            });
        });
    }
}

/// The chosen rules' knobs, or why the file cannot be played.
fn rules_view(ui: &mut Ui, lang: Lang, c: &RulesChoice) {
    let from = match &c.file {
        Some(f) => t!(
            lang,
            "table-form-rules-file",
            path = f.display().to_string()
        ),
        None => t!(lang, "table-form-preset", name = &c.name),
    };
    egui::Frame::new()
        .stroke(egui::Stroke::new(1.0, Color32::GRAY))
        .inner_margin(6.0)
        .show(ui, |ui| {
            ui.label(RichText::new(from).size(15.0));
            match &c.rules {
                Err(why) => {
                    ui.label(
                        RichText::new(t!(lang, "table-form-unplayable", why = why.words(lang)))
                            .size(17.0)
                            .color(Color32::from_rgb(255, 140, 120)),
                    );
                }
                Ok(r) => {
                    let knobs = rules_files::knobs(r, lang);
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

/// A percentage with its sign as the language writes numbers: `+1,34`, `-0,50`.
fn signed(lang: Lang, v: f64) -> String {
    let d = crate::i18n::decimal(lang, v, 2);
    if v < 0.0 || !d.chars().any(|c| ('1'..='9').contains(&c)) {
        d
    } else {
        format!("+{d}")
    }
}

/// What the chosen rules should hold (the house-edge lab, solved once per rules on a
/// thread of its own: the screen never waits for it), and in words when the player has
/// the edge. Presets and the house's rules files alike. Always two lines tall, the second
/// blank unless the player has the edge: the buttons under it stay where the dealer saw
/// them when the solve ends (it moved them a line, under a click, before).
fn house_edge_line(ui: &mut Ui, lang: Lang, c: &RulesChoice) {
    let Ok(r) = &c.rules else {
        return;
    };
    use crate::report::theory::{Soon, of_rules_soon};
    let line = |ui: &mut Ui, text: RichText| ui.label(text.size(16.0));
    let (first, second) = match of_rules_soon(&r.to_value()) {
        Soon::Ready(Some(t)) => {
            let first = line(
                ui,
                RichText::new(t!(
                    lang,
                    "table-form-house-edge",
                    edge = signed(lang, t.edge * 100.0),
                    hold = signed(lang, t.hold * 100.0)
                )),
            );
            let words = crate::i18n::players_edge(lang, t.edge);
            let second = words.map(|words| {
                line(
                    ui,
                    RichText::new(words)
                        .strong()
                        .color(Color32::from_rgb(255, 200, 90)),
                )
            });
            (first, second.is_some())
        }
        Soon::Ready(None) => return,
        Soon::Failed(e) => {
            let words = t!(lang, "table-form-solve-failed", message = e.message);
            (
                line(ui, RichText::new(words).color(Color32::LIGHT_RED)),
                false,
            )
        }
        Soon::Solving => {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
            (
                line(ui, RichText::new(t!(lang, "table-form-solving"))),
                false,
            )
        }
    };
    if !second {
        ui.add_space(first.rect.height() + ui.spacing().item_spacing.y);
    }
}
