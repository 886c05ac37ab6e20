//! Drawing pieces the screens share: large buttons and form fields, the key reference, the
//! status line, and the table as the dealer sees it (`dealer_view`, `seat_view`, also used
//! by the watching screen). They draw what they are given and decide nothing.

use egui::{Color32, Frame, RichText, Stroke, Ui, Vec2};

use super::keys;
use crate::engine::{Card, CardTo, HandState, Offer, Round, Suit, Want};

/// How a status line reads: done, refused with why, or an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tone {
    Info,
    Refused,
    Error,
}

pub(crate) fn big_button(ui: &mut Ui, label: &str, enabled: bool) -> egui::Response {
    ui.add_enabled(
        enabled,
        egui::Button::new(RichText::new(label).size(18.0)).min_size(Vec2::new(120.0, 40.0)),
    )
}

/// A labelled one-line field of a form (the label names it for screen readers and tests).
pub(crate) fn form_field(
    ui: &mut Ui,
    label: &str,
    value: &mut String,
    secret: bool,
) -> egui::Response {
    ui.horizontal(|ui| {
        let l = ui.add_sized(
            [160.0, 28.0],
            egui::Label::new(RichText::new(label).size(18.0)),
        );
        ui.add_sized(
            [280.0, 28.0],
            egui::TextEdit::singleline(value)
                .password(secret)
                .font(egui::TextStyle::Heading),
        )
        .labelled_by(l.id)
    })
    .inner
}

pub(crate) fn key_panel(ui: &mut Ui) {
    ui.heading("Keys (F12 hides)");
    for (k, what) in keys::reference() {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(k).monospace().strong().color(Color32::YELLOW));
            ui.label(what);
        });
    }
}

pub(crate) fn status_line(ui: &mut Ui, status: Option<&(String, Tone)>) {
    ui.horizontal_centered(|ui| {
        if let Some((text, tone)) = status {
            let color = match tone {
                Tone::Info => Color32::LIGHT_GREEN,
                Tone::Refused => Color32::from_rgb(255, 170, 60),
                Tone::Error => Color32::from_rgb(255, 90, 90),
            };
            ui.label(RichText::new(text).color(color).size(16.0));
        }
    });
}

pub(crate) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

pub(crate) fn suit_symbol(s: Suit) -> &'static str {
    match s {
        Suit::Spades => "spades",
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
    }
}

pub(crate) fn card_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

pub(crate) fn dealer_view(ui: &mut Ui, round: &Round, next: bool) {
    let stroke = if next {
        Stroke::new(3.0, Color32::YELLOW)
    } else {
        Stroke::new(1.0, Color32::GRAY)
    };
    Frame::new()
        .stroke(stroke)
        .inner_margin(8.0)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new("DEALER").size(20.0).strong());
                let cards = round.dealer_cards();
                if cards.is_empty() {
                    ui.label(RichText::new("—").size(26.0));
                } else {
                    ui.label(RichText::new(card_text(cards)).size(30.0).strong());
                    ui.label(RichText::new(format!("= {}", round.dealer_total().best)).size(22.0));
                }
                if next {
                    ui.label(
                        RichText::new("<- next card")
                            .size(20.0)
                            .color(Color32::YELLOW),
                    );
                }
            });
        });
}

pub(crate) fn seat_view(ui: &mut Ui, round: &Round, box_no: u8, want: &Want, mark: usize) {
    let Some(seat) = round.seats().iter().find(|s| s.box_no() == box_no) else {
        return;
    };
    let (cur_box, cur_hand) = match want {
        Want::Card(CardTo::Hand { box_no, hand, .. }) | Want::Decision { box_no, hand } => {
            (Some(*box_no), Some(*hand))
        }
        _ => (None, None),
    };
    let here = cur_box == Some(box_no);
    let stroke = if here {
        Stroke::new(3.0, Color32::YELLOW)
    } else {
        Stroke::new(1.0, Color32::GRAY)
    };
    Frame::new()
        .stroke(stroke)
        .inner_margin(6.0)
        .show(ui, |ui| {
            ui.vertical(|ui| {
                ui.label(RichText::new(format!("BOX {box_no}")).size(20.0).strong());
                for &b in seat.bets() {
                    let offer = match round.bet_offer(b) {
                        Offer::Insured { amount, .. } => format!(" · ins {amount}"),
                        Offer::EvenMoney => " · even money".into(),
                        Offer::None => String::new(),
                    };
                    let gone = if round.bet_surrendered(b) {
                        " · surrendered"
                    } else {
                        ""
                    };
                    let m = if b == mark && round.offers_open() {
                        "> "
                    } else {
                        ""
                    };
                    ui.label(format!(
                        "{m}{} {}{offer}{gone}",
                        round.bet_id(b),
                        round.bet_stake(b)
                    ));
                }
                ui.horizontal(|ui| {
                    for (i, h) in seat.hands().iter().enumerate() {
                        let active = here && cur_hand == Some(i);
                        let fill = if active {
                            Color32::from_rgb(60, 60, 20)
                        } else {
                            Color32::TRANSPARENT
                        };
                        Frame::new().fill(fill).inner_margin(4.0).show(ui, |ui| {
                            ui.vertical(|ui| {
                                if seat.hands().len() > 1 {
                                    ui.label(format!("hand {}", i + 1));
                                }
                                ui.label(
                                    RichText::new(if h.cards().is_empty() {
                                        "—".into()
                                    } else {
                                        card_text(h.cards())
                                    })
                                    .size(26.0)
                                    .strong(),
                                );
                                let state = match h.state() {
                                    HandState::Settled(o) => o.to_string(),
                                    HandState::Standing(_) => "stands".into(),
                                    HandState::Deciding => "decide".into(),
                                    HandState::Wants(_) => "card".into(),
                                };
                                if !h.cards().is_empty() {
                                    ui.label(format!("{} · {state}", h.total().best));
                                }
                                if active {
                                    ui.label(RichText::new("^ here").color(Color32::YELLOW));
                                }
                            });
                        });
                    }
                });
            });
        });
}
