//! Watching a table another program drives (a card-reading shoe's feed, another screen):
//! the database is opened read-only, its tables listed, and the chosen table's round drawn
//! as the dealer screen draws it, refreshed as the log grows. Nothing is written and no key
//! acts: the one-writer rule holds.

use std::time::Duration;

use egui::{Color32, RichText, Ui};

use super::felt::table_view_in;
use crate::engine::Round;
use crate::i18n::Lang;
use crate::log::Store;
use crate::session::replay::{RoundHistory, TableState, table_state};
use crate::session::table::{TableSummary, list_tables};
use crate::t;

/// How often the screen looks for new events.
const POLL: Duration = Duration::from_millis(250);

#[derive(Default)]
pub(crate) struct Watch {
    tables: Vec<TableSummary>,
    chosen: Option<i64>,
    /// The last event drawn (the log's head when the view was built).
    seen: i64,
    state: Option<TableState>,
    /// The chosen table's latest settled round, as it ended: shown until the next begins.
    last: Option<(i64, Round)>,
    error: Option<String>,
}

impl Watch {
    /// The table being watched, as the log has it now (for tests).
    pub(crate) fn state(&self) -> Option<&TableState> {
        self.state.as_ref()
    }

    /// Reads the log again if it grew since the last frame.
    pub(crate) fn refresh(&mut self, store: &Store) {
        let last = match store.last_seq() {
            Ok(s) => s,
            Err(e) => {
                self.error = Some(e.to_string());
                return;
            }
        };
        if last == self.seen && !self.tables.is_empty() {
            return;
        }
        self.seen = last;
        match list_tables(store) {
            Ok(t) => self.tables = t,
            Err(e) => self.error = Some(e.to_string()),
        }
        if self.chosen.is_none() {
            self.chosen = self.tables.first().map(|t| t.id);
        }
        let settled = self
            .tables
            .iter()
            .find(|t| Some(t.id) == self.chosen)
            .and_then(|t| t.last_settled);
        if self.last.as_ref().map(|l| l.0) != settled {
            self.last = settled.and_then(|round| {
                let h = RoundHistory::load(store, round).ok()?;
                Some((round, h.state_after(h.events.len().saturating_sub(1))))
            });
        }
        if let Some(id) = self.chosen {
            match table_state(store, id) {
                Ok(s) => {
                    self.state = s;
                    self.error = None;
                }
                Err(e) => self.error = Some(e.to_string()),
            }
        }
    }

    pub(crate) fn ui(&mut self, ui: &mut Ui, store: &Store, lang: Lang) {
        self.refresh(store);
        ui.ctx().request_repaint_after(POLL);
        ui.heading(t!(lang, "watch-heading"));
        ui.label(t!(lang, "watch-explained"));
        ui.horizontal_wrapped(|ui| {
            for t in self.tables.clone() {
                let chosen = self.chosen == Some(t.id);
                if ui
                    .selectable_label(chosen, RichText::new(&t.name).size(18.0))
                    .clicked()
                    && !chosen
                {
                    self.chosen = Some(t.id);
                    self.tables.clear(); // read again on the next frame
                }
            }
        });
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(Color32::LIGHT_RED));
        }
        ui.add_space(8.0);
        let Some(state) = &self.state else {
            ui.label(t!(lang, "watch-no-table"));
            return;
        };
        ui.label(
            RichText::new(t!(
                lang,
                "watch-table-line",
                table = state.name.as_str(),
                rules = state
                    .preset
                    .clone()
                    .unwrap_or_else(|| t!(lang, "watch-house-rules")),
                shoe = state.shoe_no,
                event = self.seen
            ))
            .size(18.0),
        );
        match &state.live {
            Some(live) => {
                let round = &live.round;
                ui.label(
                    RichText::new(t!(
                        lang,
                        "watch-round",
                        round = live.id,
                        next = crate::i18n::errors::expected(lang, round)
                    ))
                    .size(20.0)
                    .color(Color32::YELLOW),
                );
                ui.add_space(6.0);
                table_view_in(ui, lang, round, None);
            }
            None => {
                // A closed table waits for nothing: the program that drove it has left it.
                let (words, color) = if state.open {
                    (t!(lang, "watch-between-rounds"), Color32::WHITE)
                } else {
                    (
                        t!(lang, "watch-table-closed"),
                        Color32::from_rgb(255, 200, 90),
                    )
                };
                ui.label(RichText::new(words).size(20.0).color(color));
                if let Some((round, r)) = &self.last {
                    ui.add_space(6.0);
                    ui.label(
                        RichText::new(t!(lang, "watch-last-round", round = *round)).size(18.0),
                    );
                    table_view_in(ui, lang, r, None);
                }
            }
        }
    }
}
