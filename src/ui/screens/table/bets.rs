//! The bets of the next round: a stake per box and position, holder first.

use egui::{RichText, Ui};

use super::AtTable;
use crate::engine::BetSpec;
use crate::i18n::{Lang, errors};
use crate::t;
use crate::ui::Command;
use crate::ui::keys::{KeyAction, with_hint};
use crate::ui::widgets::{big_button, parse_money};

pub(crate) fn ui(ui: &mut Ui, lang: Lang, t: &mut AtTable, commands: &mut Vec<Command>) {
    let rules = t.session.state().rules;
    ui.heading(t!(lang, "bets-title"));
    ui.label(t!(lang, "bets-help"));
    ui.add_space(8.0);
    egui::Grid::new("bets").spacing([12.0, 8.0]).show(ui, |ui| {
        ui.label(RichText::new(t!(lang, "bets-box-column")).strong());
        for k in 0..rules.bets_per_box() {
            ui.label(
                RichText::new(if k == 0 {
                    t!(lang, "bets-holder")
                } else {
                    t!(lang, "bets-back-bet", n = k)
                })
                .strong(),
            );
        }
        ui.end_row();
        for (i, row) in t.stakes.iter_mut().enumerate() {
            ui.label(RichText::new(t!(lang, "bets-box", box_no = i + 1)).size(20.0));
            for (k, text) in row.iter_mut().enumerate() {
                // Each field is labelled with its bet's id, as the settlement names it.
                let id = BetSpec::id_for(i as u8 + 1, k);
                ui.horizontal(|ui| {
                    let l = ui.label(RichText::new(&id).small());
                    ui.add_sized(
                        [100.0, 30.0],
                        egui::TextEdit::singleline(text).font(egui::TextStyle::Heading),
                    )
                    .labelled_by(l.id);
                });
            }
            ui.end_row();
        }
    });
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        if big_button(
            ui,
            &with_hint(&t!(lang, "bets-deal"), KeyAction::Confirm),
            true,
        )
        .clicked()
        {
            commands.push(Command::Deal(None));
        }
        let new_shoe = with_hint(&t!(lang, "bets-new-shoe"), KeyAction::NewShoe);
        if big_button(ui, &new_shoe, true).clicked() {
            commands.push(Command::NewShoe);
        }
    });
}

/// The bets typed on the bets screen: `{box}{a,b,c}` ids, holder first.
pub(crate) fn from_form(lang: Lang, stakes: &[Vec<String>]) -> Result<Vec<BetSpec>, String> {
    let mut bets = Vec::new();
    for (i, row) in stakes.iter().enumerate() {
        let box_no = i as u8 + 1;
        let mut seen_gap = false;
        for (k, text) in row.iter().enumerate() {
            if text.trim().is_empty() {
                seen_gap = true;
                continue;
            }
            let who = if k == 0 {
                t!(lang, "bets-who-holder")
            } else {
                t!(lang, "bets-who-back", n = k)
            };
            if seen_gap {
                return Err(t!(lang, "bets-gap", box_no = box_no, who = who));
            }
            let stake = parse_money(lang, text).map_err(|e| {
                t!(
                    lang,
                    "bets-bad-stake",
                    box_no = box_no,
                    who = &who,
                    why = errors::money(lang, &e)
                )
            })?;
            bets.push(BetSpec {
                id: BetSpec::id_for(box_no, k).into(),
                box_no,
                stake,
            });
        }
    }
    if bets.is_empty() {
        return Err(t!(lang, "bets-none"));
    }
    Ok(bets)
}
