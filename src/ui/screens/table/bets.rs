//! The bets of the next round: a stake per box and position, holder first. Tab goes from
//! stake to stake only; what is wrong with the stakes is said all at once, each field
//! marked (the limits are asked of the engine, bet by bet and box by box).

use egui::{Color32, Id, Key, Modifiers, RichText, Stroke, Ui};

use super::AtTable;
use crate::engine::{BetSpec, Limits, Round, Rules};
use crate::i18n::{Lang, errors};
use crate::t;
use crate::ui::Command;
use crate::ui::keys::{KeyAction, with_hint};
use crate::ui::widgets::{big_button, parse_money};

const WRONG: Color32 = Color32::from_rgb(255, 90, 90);

/// A stake field that is wrong: (box index, position), and why.
pub(crate) type BadStake = ((usize, usize), String);

/// The id of the stake field of box `i` (0-based), position `k` (holder 0).
fn stake_id(i: usize, k: usize) -> Id {
    Id::unique(("stake", i, k))
}

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
        let bad = &mut t.bad;
        for (i, row) in t.stakes.iter_mut().enumerate() {
            ui.label(RichText::new(t!(lang, "bets-box", box_no = i + 1)).size(20.0));
            for (k, text) in row.iter_mut().enumerate() {
                // Each field is labelled with its bet's id, as the settlement names it.
                let id = BetSpec::id_for(i as u8 + 1, k);
                let wrong = bad.iter().position(|(at, _)| *at == (i, k));
                ui.horizontal(|ui| {
                    let l = ui.label(RichText::new(&id).small());
                    if wrong.is_some() {
                        let w = &mut ui.visuals_mut().widgets;
                        for s in [&mut w.inactive, &mut w.hovered, &mut w.active] {
                            s.bg_stroke = Stroke::new(2.0, WRONG);
                        }
                        ui.visuals_mut().selection.stroke = Stroke::new(2.0, WRONG);
                    }
                    let field = ui
                        .add_sized(
                            [100.0, 30.0],
                            egui::TextEdit::singleline(text)
                                .id(stake_id(i, k))
                                .font(egui::TextStyle::Heading),
                        )
                        .labelled_by(l.id);
                    if let Some(w) = wrong {
                        // The mark says what is wrong (hover); typing clears it.
                        ui.label(RichText::new("!").size(20.0).strong().color(WRONG))
                            .on_hover_text(&bad[w].1);
                        if field.changed() {
                            bad.remove(w);
                        }
                    }
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

/// Tab and Shift+Tab go from stake field to stake field, round the table, and never to a
/// button (Enter on "Log out" would end the shift). Called before anything is drawn, so
/// that egui's own Tab order never acts.
pub(crate) fn tab_through_stakes(ui: &Ui, stakes: &[Vec<String>]) {
    let (back, on) = ui.input_mut(|i| {
        let back = i.consume_key(Modifiers::SHIFT, Key::Tab);
        (back, i.consume_key(Modifiers::NONE, Key::Tab))
    });
    if !back && !on {
        return;
    }
    let ids: Vec<Id> = stakes
        .iter()
        .enumerate()
        .flat_map(|(i, row)| (0..row.len()).map(move |k| stake_id(i, k)))
        .collect();
    let n = ids.len();
    if n == 0 {
        return;
    }
    let at = ui
        .memory(|m| m.focused())
        .and_then(|f| ids.iter().position(|&id| id == f));
    let to = match (at, back) {
        (Some(i), false) => (i + 1) % n,
        (Some(i), true) => (i + n - 1) % n,
        (None, false) => 0,
        (None, true) => n - 1,
    };
    ui.memory_mut(|m| {
        m.move_focus(egui::FocusDirection::None);
        m.request_focus(ids[to]);
    });
}

/// The bets typed on the bets screen: `{box}{a,b,c}` ids, holder first; else every stake
/// that is wrong, each with why (none at all: an empty list).
pub(crate) fn from_form(lang: Lang, stakes: &[Vec<String>]) -> Result<Vec<BetSpec>, Vec<BadStake>> {
    let mut bets = Vec::new();
    let mut bad = Vec::new();
    for (i, row) in stakes.iter().enumerate() {
        let box_no = i as u8 + 1;
        let mut seen_gap = false;
        for (k, text) in row.iter().enumerate() {
            if text.trim().is_empty() {
                seen_gap = true;
                continue;
            }
            let who = who(lang, k);
            if seen_gap {
                bad.push(((i, k), t!(lang, "bets-gap", box_no = box_no, who = who)));
                continue;
            }
            match parse_money(lang, text) {
                Ok(stake) => bets.push(BetSpec {
                    id: BetSpec::id_for(box_no, k).into(),
                    box_no,
                    stake,
                }),
                Err(e) => {
                    let why = errors::money(lang, &e);
                    let said = t!(
                        lang,
                        "bets-bad-stake",
                        box_no = box_no,
                        who = &who,
                        why = why
                    );
                    bad.push(((i, k), said));
                }
            }
        }
    }
    if bad.is_empty() && !bets.is_empty() {
        Ok(bets)
    } else {
        Err(bad)
    }
}

/// What the engine refuses in these bets, each bet alone (a stake under the minimum), then
/// each box whose bets pass alone (over the box's maximum, marked on all its fields).
pub(crate) fn refused_by_engine(
    lang: Lang,
    rules: Rules,
    limits: Limits,
    bets: &[BetSpec],
) -> Vec<BadStake> {
    let at = |b: &BetSpec| {
        let k = b.id.as_bytes().last().map_or(0, |c| c.saturating_sub(b'a')) as usize;
        (usize::from(b.box_no) - 1, k)
    };
    let mut bad: Vec<BadStake> = Vec::new();
    for b in bets {
        if let Err(e) = Round::new(rules, limits, vec![b.clone()]) {
            bad.push((at(b), errors::setup(lang, &e)));
        }
    }
    let mut boxes: Vec<u8> = bets.iter().map(|b| b.box_no).collect();
    boxes.dedup();
    for box_no in boxes {
        let on_box: Vec<BetSpec> = bets
            .iter()
            .filter(|b| b.box_no == box_no)
            .cloned()
            .collect();
        if on_box.iter().any(|b| bad.iter().any(|(p, _)| *p == at(b))) {
            continue;
        }
        if let Err(e) = Round::new(rules, limits, on_box.clone()) {
            let why = errors::setup(lang, &e);
            bad.extend(on_box.iter().map(|b| (at(b), why.clone())));
        }
    }
    bad
}

fn who(lang: Lang, k: usize) -> String {
    if k == 0 {
        t!(lang, "bets-who-holder")
    } else {
        t!(lang, "bets-who-back", n = k)
    }
}
