//! The desk's Money tab (issue 23 item 8): each shift's close-out with its differences as
//! `report::closeout` gives them (never re-computed here), the tray counts, the slips
//! (voids listed) and the drops of the book, times in the table's local time; from a
//! shift, its rounds (the history filtered to that table, gaming day and shift).

use egui::{Color32, RichText, Ui};

use super::{Desk, DeskCommand, Tab};
use crate::engine::Currency;
use crate::i18n::{self, Lang};
use crate::log::Store;
use crate::report::{self, Cell, Kind, Period, Report};
use crate::session::calendar::Calendar;
use crate::session::money::MoneyBook;
use crate::session::users::User;
use crate::session::{money_log, settings};
use crate::t;
use crate::ui::status::{Notice, Status};

const DIFFERENT: Color32 = Color32::from_rgb(255, 170, 60);

/// What the Money tab shows: read on `DeskCommand::Money`, kept until read again.
#[derive(Default)]
pub(crate) struct MoneyTab {
    closeout: Option<Report>,
    book: Option<MoneyBook>,
    cal: Option<Calendar>,
    currency: Option<Currency>,
}

impl MoneyTab {
    /// Reads the close-out of `period` and the book again.
    pub(crate) fn read(
        &mut self,
        store: &Store,
        user: &User,
        period: Period,
        lang: Lang,
    ) -> Status {
        let stores = [Store::open_read(store.path())?];
        let by = format!("{} ({})", user.name, crate::ui::role_name(lang, user.role));
        let o = report::Options {
            kind: Kind::Closeout,
            period,
            table: None,
            dealer: None,
            threshold: crate::engine::Money::units(1000),
            verify: false,
            generated_by: &by,
            generated_at: "",
        };
        let r = report::build(&stores, &o, |_| {})?;
        let book = money_log::book(store)?;
        self.cal = Some(settings::calendar(store)?);
        self.currency = settings::currency(store)?;
        let shifts = r.section("by shift").map_or(0, |s| s.rows.len());
        self.closeout = Some(r);
        self.book = Some(book);
        Ok(Notice::MoneyRead { shifts })
    }

    /// The `i`th shift of the close-out: table, gaming day (ISO) and shift number.
    pub(crate) fn shift_of(&self, i: usize) -> Option<(String, String, u8)> {
        let s = self.closeout.as_ref()?.section("by shift")?;
        let row = s.rows.get(i)?;
        let (Some(Cell::Text(t)), Some(Cell::Date(d)), Some(Cell::Int(n))) = (
            s.cell(row, "table"),
            s.cell(row, "day"),
            s.cell(row, "shift"),
        ) else {
            return None;
        };
        let n = u8::try_from(*n).ok()?;
        Some((t.clone(), d.format("%Y-%m-%d").to_string(), n))
    }

    fn when(&self, lang: Lang, ms: i64) -> String {
        let cal = self.cal.clone().unwrap_or_else(Calendar::utc_default);
        let local = cal.local(ms);
        format!(
            "{} {} ({})",
            i18n::date(lang, local.date()),
            local.format("%H:%M"),
            cal.zone()
        )
    }

    fn money(&self, lang: Lang, m: crate::engine::Money) -> String {
        i18n::money(lang, m, self.currency)
    }

    pub(crate) fn ui(&self, ui: &mut Ui, lang: Lang, commands: &mut Vec<DeskCommand>) {
        if ui.button(t!(lang, "money-tab-read-button")).clicked() {
            commands.push(DeskCommand::Money);
        }
        let (Some(r), Some(book)) = (&self.closeout, &self.book) else {
            ui.label(t!(lang, "money-tab-not-read"));
            return;
        };
        egui::ScrollArea::both()
            .id_salt("money-tab")
            .show(ui, |ui| {
                self.closeout_grid(ui, lang, r, commands);
                self.counts_grid(ui, lang, book);
                self.slips_grid(ui, lang, book);
                self.drops_grid(ui, lang, book);
            });
    }

    fn closeout_grid(&self, ui: &mut Ui, lang: Lang, r: &Report, commands: &mut Vec<DeskCommand>) {
        ui.heading(t!(lang, "money-tab-closeout"));
        let Some(s) = r.section("by shift") else {
            return;
        };
        if s.rows.is_empty() {
            ui.label(t!(lang, "money-tab-none"));
            return;
        }
        egui::Grid::new("money-closeout").striped(true).show(ui, |ui| {
            ui.label("");
            for c in &s.columns {
                ui.label(RichText::new(report::column_words(lang, c)).strong());
            }
            ui.end_row();
            for (i, row) in s.rows.iter().enumerate() {
                let differs = ["difference", "drop_difference", "tray_difference"]
                    .iter()
                    .any(|k| matches!(s.cell(row, k), Some(Cell::Money(m)) if *m != crate::engine::Money::ZERO));
                // First, so that it is in reach however wide the row.
                if ui.button(t!(lang, "money-tab-rounds")).clicked() {
                    commands.push(DeskCommand::MoneyRounds(i));
                }
                for c in row {
                    let text = report::cell_words(c, lang, self.currency);
                    match differs {
                        true => ui.label(RichText::new(text).color(DIFFERENT)),
                        false => ui.label(text),
                    };
                }
                ui.end_row();
            }
        });
    }

    fn counts_grid(&self, ui: &mut Ui, lang: Lang, book: &MoneyBook) {
        ui.heading(t!(lang, "money-tab-counts"));
        egui::Grid::new("money-counts")
            .striped(true)
            .show(ui, |ui| {
                for h in [
                    t!(lang, "report-col-table"),
                    t!(lang, "money-tab-counted-at"),
                    t!(lang, "report-col-opening"),
                    t!(lang, "report-col-closing"),
                    t!(lang, "report-col-expected-tray"),
                    t!(lang, "report-col-tray-difference"),
                ] {
                    ui.label(RichText::new(h).strong());
                }
                ui.end_row();
                for st in book.stretches() {
                    ui.label(&st.table);
                    ui.label(self.when(lang, st.start_at));
                    ui.label(self.money(lang, st.opening));
                    let m = |v: Option<crate::engine::Money>| {
                        v.map_or(String::new(), |v| self.money(lang, v))
                    };
                    ui.label(m(st.closing));
                    ui.label(m(st.expected));
                    ui.label(m(st.closing.zip(st.expected).map(|(c, e)| c - e)));
                    ui.end_row();
                }
            });
    }

    fn slips_grid(&self, ui: &mut Ui, lang: Lang, book: &MoneyBook) {
        ui.heading(t!(lang, "money-tab-slips"));
        egui::Grid::new("money-slips").striped(true).show(ui, |ui| {
            for s in book.slips() {
                ui.label(t!(lang, "money-tab-slip", number = s.number));
                ui.label(&s.table);
                ui.label(match s.fill {
                    true => t!(lang, "money-kind-fill"),
                    false => t!(lang, "money-kind-credit"),
                });
                ui.label(self.money(lang, s.amount));
                ui.label(self.when(lang, s.at));
                if s.void {
                    ui.label(RichText::new(t!(lang, "money-tab-void")).color(DIFFERENT));
                }
                ui.end_row();
            }
        });
    }

    fn drops_grid(&self, ui: &mut Ui, lang: Lang, book: &MoneyBook) {
        ui.heading(t!(lang, "money-tab-drops"));
        egui::Grid::new("money-drops").striped(true).show(ui, |ui| {
            for d in book.drops() {
                ui.label(&d.table);
                ui.label(i18n::date(lang, d.day));
                ui.label(t!(lang, "money-tab-shift", n = d.shift));
                ui.label(self.money(lang, d.amount));
                ui.end_row();
            }
        });
    }
}

impl Desk {
    /// The Money tab's command: read it again, or list the rounds of one of its shifts.
    pub(crate) fn money_command(
        &mut self,
        a: DeskCommand,
        store: &Store,
        user: &User,
        lang: Lang,
    ) -> Option<Status> {
        match a {
            DeskCommand::Money => {
                let period = settings::calendar(store)
                    .map_err(crate::ui::status::UiError::from)
                    .and_then(|cal| self.period(lang, &cal, store.now()));
                let period = match period {
                    Ok(p) => p,
                    Err(e) => return Some(Err(e)),
                };
                Some(self.money.read(store, user, period, lang))
            }
            DeskCommand::MoneyRounds(i) => {
                let (table, day, shift) = self.money.shift_of(i)?;
                self.table = table;
                self.from = day.clone();
                self.to = day;
                self.shift = shift.to_string();
                for f in [&mut self.dealer, &mut self.box_no, &mut self.outcome] {
                    f.clear();
                }
                self.min_payout.clear();
                self.tab = Tab::History;
                Some(self.search(store, lang))
            }
            _ => None,
        }
    }
}
