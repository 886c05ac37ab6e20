//! The round is settled: what to pay and collect, bet by bet, then confirm.

use egui::{Color32, RichText, Ui};

use crate::engine::{Money, Round};
use crate::ui::app::Command;
use crate::ui::keys::{KeyAction, with_hint};
use crate::ui::widgets::big_button;

pub(crate) fn ui(ui: &mut Ui, round: &Round, commands: &mut Vec<Command>) {
    ui.heading(RichText::new("Settlement").size(28.0));
    let d = round
        .dealer_cards()
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    ui.label(RichText::new(format!("Dealer: {d} ({})", round.dealer_total().best)).size(20.0));
    ui.add_space(8.0);
    let (mut pay, mut collect) = (Money::ZERO, Money::ZERO);
    egui::Grid::new("settlement")
        .spacing([24.0, 6.0])
        .show(ui, |ui| {
            for h in ["Bet", "Box", "Staked", "Returned", ""] {
                ui.label(RichText::new(h).strong().size(18.0));
            }
            ui.end_row();
            for b in 0..round.bet_count() {
                let net = round.bet_net(b);
                ui.label(RichText::new(round.bet_id(b).to_string()).size(22.0));
                ui.label(RichText::new(round.bet_box(b).to_string()).size(22.0));
                ui.label(RichText::new(round.bet_staked(b).to_string()).size(22.0));
                ui.label(RichText::new(round.bet_returned(b).to_string()).size(22.0));
                let (text, color) = if net.is_positive() {
                    pay += net;
                    (format!("PAY {net}"), Color32::LIGHT_GREEN)
                } else if net < Money::ZERO {
                    collect += -net;
                    (
                        format!("COLLECT {}", -net),
                        Color32::from_rgb(255, 120, 120),
                    )
                } else {
                    ("PUSH".to_string(), Color32::LIGHT_GRAY)
                };
                ui.label(RichText::new(text).size(30.0).strong().color(color));
                ui.end_row();
            }
        });
    ui.add_space(10.0);
    ui.label(
        RichText::new(format!(
            "Pay {pay} · collect {collect} · house net {}",
            round.house_net()
        ))
        .size(24.0)
        .strong(),
    );
    ui.add_space(10.0);
    let label = with_hint("Confirm and next round", KeyAction::Confirm);
    if big_button(ui, &label, true).clicked() {
        commands.push(Command::Confirm);
    }
}
