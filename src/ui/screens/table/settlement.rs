//! The round is settled: what to pay and collect, stack by stack as the dealer's hand moves
//! along the table in deal order (box 1 first; on a box hand by hand, every bet's stack on
//! that hand together, then the side stakes), each bet's net, the totals; then confirm. The lines are the engine's (`Round::settlement_lines`): nothing is
//! worked out here.

use egui::{Color32, RichText, Ui};

use crate::engine::{Currency, LineKind, Money, Round, SettleLine, SettleTotals};
use crate::i18n::{Lang, amount, errors, money};
use crate::t;
use crate::ui::Command;
use crate::ui::keys::{KeyAction, with_hint};
use crate::ui::widgets::{big_button, card_text, seat_hand};

const PAY: Color32 = Color32::LIGHT_GREEN;
const COLLECT: Color32 = Color32::from_rgb(255, 120, 120);

pub(crate) fn ui(
    ui: &mut Ui,
    lang: Lang,
    currency: Option<Currency>,
    round: &Round,
    commands: &mut Vec<Command>,
) {
    // Money in the table's currency as the language writes it: `1 234,50 Kč`.
    let m = |x: Money| money(lang, x, currency);
    ui.horizontal(|ui| {
        ui.heading(RichText::new(t!(lang, "settle-title")).size(28.0));
        ui.add_space(24.0);
        ui.label(
            RichText::new(t!(
                lang,
                "settle-dealer",
                cards = card_text(lang, round.dealer_cards()),
                total = round.dealer_total().best as i64
            ))
            .size(24.0)
            .strong(),
        );
    });
    ui.add_space(6.0);
    let lines = round.settlement_lines();
    let SettleTotals { pay, collect } = round.settlement_totals();
    // The confirmation stays in view however many lines there are.
    egui::Panel::bottom("settlement-totals")
        .show_separator_line(false)
        .show(ui, |ui| {
            ui.add_space(6.0);
            ui.label(
                RichText::new(t!(
                    lang,
                    "settle-totals",
                    pay = m(pay),
                    collect = m(collect),
                    net = m(round.house_net())
                ))
                .size(24.0)
                .strong(),
            );
            ui.add_space(6.0);
            let label = with_hint(&t!(lang, "settle-confirm"), KeyAction::Confirm);
            if big_button(ui, &label, true).clicked() {
                commands.push(Command::Confirm);
            }
        });
    // Both ways: a long line (large amounts, longer words) is scrolled to, never cut off.
    egui::ScrollArea::both().show(ui, |ui| {
        egui::Grid::new("settlement")
            .spacing([18.0, 4.0])
            .show(ui, |ui| {
                // What to pay or collect comes right after the bet, so that it is in view
                // however long the words of a language and however narrow the window.
                for h in [
                    t!(lang, "settle-column-bet"),
                    // The chips to pay or collect, then what the stack is (its outcome).
                    t!(lang, "settle-column-stack"),
                    t!(lang, "settle-column-outcome"),
                    t!(lang, "settle-column-cards"),
                    t!(lang, "settle-column-staked"),
                ] {
                    ui.label(RichText::new(h).strong().size(18.0));
                }
                ui.end_row();
                // Box by box: a box's stacks as the dealer's hand passes them, then the net
                // of each of its bets that has several stacks, as the log keeps it.
                let mut i = 0;
                while i < lines.len() {
                    let box_no = round.bet_box(lines[i].bet);
                    let on_box = lines[i..]
                        .iter()
                        .take_while(|l| round.bet_box(l.bet) == box_no)
                        .count();
                    let stacks = &lines[i..i + on_box];
                    for l in stacks {
                        ui.label(
                            RichText::new(round.bet_id(l.bet).to_string())
                                .size(24.0)
                                .strong(),
                        );
                        line_row(ui, lang, currency, round, l);
                        ui.end_row();
                    }
                    let mut bets: Vec<_> = stacks.iter().map(|l| l.bet).collect();
                    bets.dedup();
                    bets.sort_unstable();
                    bets.dedup();
                    for bet in bets {
                        if stacks.iter().filter(|l| l.bet == bet).count() < 2 {
                            continue;
                        }
                        ui.label("");
                        let (text, color) = money_word(lang, currency, round.bet_net(bet));
                        ui.label(RichText::new(text).size(22.0).color(color));
                        let net = t!(lang, "settle-net", bet = round.bet_id(bet).to_string());
                        ui.label(RichText::new(net).size(20.0));
                        ui.label("");
                        ui.label(RichText::new(amount(lang, round.bet_staked(bet))).size(20.0));
                        ui.end_row();
                    }
                    i += on_box;
                }
            });
    });
}

/// One stack: PAY / COLLECT / PUSH in large letters, then what it is, its cards, its stake.
fn line_row(ui: &mut Ui, lang: Lang, currency: Option<Currency>, round: &Round, l: &SettleLine) {
    let (what, cards) = match l.kind {
        LineKind::Hand {
            hand,
            hands,
            outcome,
        } => {
            let said = outcome.map_or(t!(lang, "settle-open"), |o| errors::outcome(lang, o));
            let what = if hands > 1 {
                t!(
                    lang,
                    "settle-hand-of",
                    hand = hand + 1,
                    hands = hands,
                    said = said
                )
            } else {
                t!(lang, "settle-hand", said = said)
            };
            let cards = seat_hand(round, round.bet_box(l.bet), hand)
                .map(|h| format!("{} = {}", card_text(lang, h.cards()), h.total().best))
                .unwrap_or_default();
            (what, cards)
        }
        LineKind::Insurance { settled } => {
            let said = match (settled, l.returned.is_positive()) {
                (false, _) => t!(lang, "settle-insurance-open"),
                (true, true) => t!(lang, "settle-insurance-won"),
                (true, false) => t!(lang, "settle-insurance-lost"),
            };
            (said, String::new())
        }
        LineKind::EvenMoney => (t!(lang, "settle-even-money"), String::new()),
        LineKind::Surrender => (t!(lang, "settle-surrendered"), String::new()),
    };
    let (text, color) = money_word(lang, currency, l.net());
    ui.label(RichText::new(text).size(30.0).strong().color(color));
    ui.label(RichText::new(what).size(21.0));
    ui.label(RichText::new(cards).size(21.0));
    // The stake plain: the currency is on what to pay or collect, and the room is theirs.
    ui.label(RichText::new(amount(lang, l.staked)).size(21.0));
}

/// PAY n, COLLECT n or PUSH for a net, in the language.
fn money_word(lang: Lang, currency: Option<Currency>, net: Money) -> (String, Color32) {
    if net.is_positive() {
        (
            t!(lang, "settle-pay", amount = money(lang, net, currency)),
            PAY,
        )
    } else if net < Money::ZERO {
        (
            t!(lang, "settle-collect", amount = money(lang, -net, currency)),
            COLLECT,
        )
    } else {
        (t!(lang, "settle-push"), Color32::LIGHT_GRAY)
    }
}
