//! The bets of the next round: a stake per box and position, holder first.

use egui::{RichText, Ui};

use super::table::AtTable;
use crate::engine::BetSpec;
use crate::ui::app::Command;
use crate::ui::keys::{KeyAction, with_hint};
use crate::ui::widgets::big_button;

pub(crate) fn ui(ui: &mut Ui, t: &mut AtTable, commands: &mut Vec<Command>) {
    let rules = t.session.state().rules;
    ui.heading("Bets for the next round");
    ui.label("Type the stakes (holder first, then back bets). Enter or any card key deals; N starts a new shoe.");
    ui.add_space(8.0);
    egui::Grid::new("bets").spacing([12.0, 8.0]).show(ui, |ui| {
        ui.label(RichText::new("Box").strong());
        for k in 0..rules.bets_per_box() {
            ui.label(
                RichText::new(if k == 0 {
                    "Holder".to_string()
                } else {
                    format!("Back bet {k}")
                })
                .strong(),
            );
        }
        ui.end_row();
        for (i, row) in t.stakes.iter_mut().enumerate() {
            ui.label(RichText::new(format!("Box {}", i + 1)).size(20.0));
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
        if big_button(ui, &with_hint("Deal", KeyAction::Confirm), true).clicked() {
            commands.push(Command::Deal(None));
        }
        if big_button(ui, &with_hint("New shoe", KeyAction::NewShoe), true).clicked() {
            commands.push(Command::NewShoe);
        }
    });
}

/// The bets typed on the bets screen: `{box}{a,b,c}` ids, holder first.
pub(crate) fn from_form(stakes: &[Vec<String>]) -> Result<Vec<BetSpec>, String> {
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
                "holder".to_string()
            } else {
                format!("back bet {k}")
            };
            if seen_gap {
                return Err(format!(
                    "box {box_no}: {who} has a stake but the place before it is empty (the holder's bet comes first)"
                ));
            }
            let stake = crate::engine::Money::parse(text)
                .map_err(|e| format!("box {box_no} {who}: {e}"))?;
            bets.push(BetSpec {
                id: BetSpec::id_for(box_no, k).into(),
                box_no,
                stake,
            });
        }
    }
    if bets.is_empty() {
        return Err("no bets: type a stake on at least one box".into());
    }
    Ok(bets)
}
