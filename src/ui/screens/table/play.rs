//! A round in play: what comes next, the dealer and the boxes, the offers after an ace,
//! the decisions of the hand in play, and card buttons for a mouse.

use egui::{Color32, Frame, RichText, Stroke, Ui, Vec2};

use super::{AtTable, OfferKind};
use crate::engine::{Card, Offer, Rank, Round, Step, Want};
use crate::i18n::words::decision;
use crate::i18n::{Lang, amount, errors};
use crate::t;
use crate::ui::Command;
use crate::ui::felt::table_view_in;
use crate::ui::keys::{KeyAction, card_label, hint, with_hint};
use crate::ui::widgets::{big_button, capitalise};

pub(crate) fn ui(
    ui: &mut Ui,
    lang: Lang,
    t: &mut AtTable,
    round: &Round,
    commands: &mut Vec<Command>,
) {
    let want = round.want();
    // The decisions, Undo and the card buttons stay at the foot of the screen, always in
    // reach; what is above them scrolls if a full table with its offers doesn't fit.
    egui::Panel::bottom("play-controls")
        .frame(Frame::new().inner_margin(4.0))
        .show(ui, |ui| {
            if let Want::Decision { .. } = want {
                decisions_view(ui, lang, round, commands);
            }
            ui.horizontal_wrapped(|ui| {
                if big_button(
                    ui,
                    &with_hint(&t!(lang, "play-undo"), KeyAction::Undo),
                    true,
                )
                .clicked()
                {
                    commands.push(Command::Undo);
                }
                if let Want::Card(_) = want {
                    ui.label(RichText::new(t!(lang, "play-card")).size(18.0));
                    // The cards as the language marks them (Т К Д В); the keys stay A K Q J.
                    for rank in Rank::ALL {
                        let sym = card_label(lang, rank);
                        if ui
                            .add(
                                egui::Button::new(RichText::new(sym).size(22.0))
                                    .min_size(Vec2::new(40.0, 44.0)),
                            )
                            .clicked()
                        {
                            commands.push(Command::Step(Step::Card(Card::new(rank, t.suit))));
                        }
                    }
                }
            });
        });
    // Its own scroll state: the felt scrolled down to a split hand must not leave the
    // settlement that follows (another scroll area in the same place) scrolled down.
    egui::ScrollArea::vertical()
        .id_salt("play")
        .auto_shrink(false)
        .show(ui, |ui| {
            // What comes next, in words, large.
            Frame::new()
                .fill(Color32::from_rgb(40, 40, 10))
                .inner_margin(8.0)
                .show(ui, |ui| {
                    // At most three lines: with 21 offers open it runs longer, and the
                    // offers below list them one by one.
                    egui::ScrollArea::vertical()
                        .id_salt("next")
                        .max_height(80.0)
                        .show(ui, |ui| {
                            ui.label(
                                RichText::new(t!(
                                    lang,
                                    "play-next",
                                    what = errors::expected(lang, round)
                                ))
                                .size(20.0)
                                .color(Color32::YELLOW),
                            );
                        });
                });
            ui.add_space(6.0);
            table_view_in(ui, lang, round, Some(t.mark));
            ui.add_space(6.0);
            if round.offers_open() {
                offers_view(ui, lang, t, round, commands);
            }
        });
}

fn offers_view(
    ui: &mut Ui,
    lang: Lang,
    t: &mut AtTable,
    round: &Round,
    commands: &mut Vec<Command>,
) {
    Frame::new()
        .stroke(Stroke::new(1.0, Color32::LIGHT_BLUE))
        .inner_margin(6.0)
        .show(ui, |ui| {
            ui.label(RichText::new(t!(lang, "play-offers-title")).strong());
            ui.horizontal_wrapped(|ui| {
                for b in 0..round.bet_count() {
                    // Each bet's label, field and buttons stay together: a bet that does
                    // not fit in what is left of the row starts the next one (its width
                    // from the frame before).
                    let width_id = ui.scope_id().with(("offer-width", b));
                    let width = ui.data(|d| d.get_temp::<f32>(width_id)).unwrap_or(0.0);
                    let row_started = ui.cursor().min.x > ui.max_rect().min.x + 1.0;
                    if row_started && width > ui.available_size_before_wrap().x {
                        ui.end_row();
                    }
                    let group = ui.horizontal(|ui| {
                        let marked = b == t.mark;
                        let id = round.bet_id(b).to_string();
                        let offer = match round.bet_offer(b) {
                            Offer::Insured { amount: a, .. } => {
                                t!(lang, "play-offer-insured", amount = amount(lang, a))
                            }
                            Offer::EvenMoney => t!(lang, "play-offer-even-money"),
                            Offer::None => String::new(),
                        };
                        ui.label(
                            RichText::new(format!("{}{id}{offer}", if marked { "> " } else { "" }))
                                .size(18.0),
                        );
                        let max = round.insurance_max(b);
                        let ins = round.check(Step::Insure(b, max)).is_ok();
                        if ins {
                            if t.insure.len() < round.bet_count() {
                                t.insure.resize(round.bet_count(), String::new());
                            }
                            let l = ui.label(t!(lang, "play-amount-for", bet = &id));
                            ui.add(
                                egui::TextEdit::singleline(&mut t.insure[b])
                                    .hint_text(amount(lang, max))
                                    .desired_width(60.0),
                            )
                            .labelled_by(l.id);
                        }
                        let insure = t!(
                            lang,
                            "play-insure-up-to",
                            max = crate::i18n::money(lang, max, t.currency)
                        );
                        if big_button(ui, &insure, ins).clicked() {
                            commands.push(Command::Offer(OfferKind::Insure, Some(b)));
                        }
                        let em = round.check(Step::EvenMoney(b)).is_ok();
                        if em && big_button(ui, &t!(lang, "play-even-money"), true).clicked() {
                            commands.push(Command::Offer(OfferKind::EvenMoney, Some(b)));
                        }
                        ui.separator();
                    });
                    let w = group.response.rect.width();
                    ui.data_mut(|d| d.insert_temp(width_id, w));
                }
            });
        });
}

fn decisions_view(ui: &mut Ui, lang: Lang, round: &Round, commands: &mut Vec<Command>) {
    // Both rows wrap: a language's longer words start a new line, never run off the edge.
    ui.horizontal_wrapped(|ui| {
        for (d, verdict) in round.decisions() {
            // The decision in the seeds' word, its key as it always is: "Dotáhnout (W)".
            let label = with_hint(&capitalise(&decision(lang, d)), KeyAction::Decision(d));
            let r = big_button(ui, &label, verdict.is_ok());
            if let Err(e) = &verdict {
                r.clone()
                    .on_disabled_hover_text(errors::refusal(lang, round, &e.refusal));
            }
            if r.clicked() {
                commands.push(Command::Step(d.step()));
            }
        }
    });
    // Back bets of the box in play: decline the next buy/split, or surrender alone.
    let legal = round.legal_steps();
    let backs: Vec<Step> = legal
        .iter()
        .copied()
        .filter(|s| matches!(s, Step::Decline(_) | Step::SurrenderBet(_)))
        .collect();
    if !backs.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(t!(lang, "play-back-bets"));
            for s in backs {
                let label = match s {
                    Step::Decline(b) => t!(
                        lang,
                        "play-declines",
                        bet = round.bet_id(b).to_string(),
                        key = hint(KeyAction::Decline)
                    ),
                    Step::SurrenderBet(b) => t!(
                        lang,
                        "play-surrenders-alone",
                        bet = round.bet_id(b).to_string()
                    ),
                    _ => continue,
                };
                if big_button(ui, &label, true).clicked() {
                    commands.push(Command::Step(s));
                }
            }
        });
    }
}
