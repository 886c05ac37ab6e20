//! The round is settled: what to pay and collect, stack by stack as the dealer's hand moves
//! along the table in deal order (box 1 first; on a box hand by hand, every bet's stack on
//! that hand together, then the side stakes), each bet's net in a quiet column of its own,
//! the totals; walked line by line or page by page from the keyboard, confirmed only once
//! every line has been in view. The lines are the engine's (`Round::settlement_lines`):
//! nothing is worked out here.

use egui::{
    Align, Color32, Frame, Label, Layout, RichText, TextStyle, TextWrapMode, Ui, Vec2, WidgetText,
};

use crate::engine::{BetIx, Currency, LineKind, Money, Round, SettleLine, SettleTotals};
use crate::i18n::{Lang, amount, errors, money};
use crate::t;
use crate::ui::Command;
use crate::ui::keys::{KeyAction, with_hint};
use crate::ui::widgets::{big_button, card_text, seat_hand};

const PAY: Color32 = Color32::LIGHT_GREEN;
const COLLECT: Color32 = Color32::from_rgb(255, 120, 120);
const QUIET: Color32 = Color32::from_gray(150);
const HERE: Color32 = Color32::from_rgb(70, 70, 20);

/// The columns' shares of the width: marker, bet, stack, outcome, cards, staked, net.
const COLUMNS: [f32; 7] = [0.03, 0.07, 0.27, 0.23, 0.16, 0.10, 0.13];

/// A move through the settlement asked for by a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WalkMove {
    /// Lines down (positive) or up.
    Line(isize),
    /// A page down (positive) or up.
    Page(isize),
}

/// Where the dealer is in the settlement: the marked line, and which lines have been in view.
#[derive(Clone, Debug, Default)]
pub(crate) struct Walk {
    cursor: usize,
    seen: Vec<bool>,
    /// The first and last line wholly in view at the last frame.
    in_view: Option<(usize, usize)>,
    /// The marked line is to be brought into view (at the top, the bottom, or just so).
    scroll: Option<Option<Align>>,
    /// Enter was refused for lines not yet shown: once they all are, the screen says so.
    pub(crate) refused_unseen: bool,
}

impl Walk {
    /// How many lines have not yet been in view.
    pub(crate) fn unseen(&self) -> usize {
        self.seen.iter().filter(|s| !**s).count()
    }

    /// Moves the mark as a key asked and brings it into view.
    pub(crate) fn go(&mut self, m: WalkMove) {
        let last = self.seen.len().saturating_sub(1) as isize;
        let (first_shown, last_shown) = self.in_view.unwrap_or((self.cursor, self.cursor));
        let (to, align) = match m {
            WalkMove::Line(d) => (self.cursor as isize + d, None),
            // The line after the last in view comes to the top; back a page likewise.
            WalkMove::Page(d) if d > 0 => (last_shown as isize + 1, Some(Align::Min)),
            WalkMove::Page(_) => {
                let page = (last_shown - first_shown + 1) as isize;
                (first_shown as isize - page, Some(Align::Min))
            }
        };
        self.cursor = to.clamp(0, last.max(0)) as usize;
        self.scroll = Some(align);
    }

    /// Marks the first line not yet in view and brings it to the top.
    pub(crate) fn mark_first_unseen(&mut self) {
        if let Some(i) = self.seen.iter().position(|s| !s) {
            self.cursor = i;
            self.scroll = Some(Some(Align::Min));
        }
    }
}

/// One line of the settlement: a stack to pay or collect, or a bet's net over its stacks.
enum Row<'a> {
    Stack(&'a SettleLine),
    Net(BetIx),
}

pub(crate) fn ui(
    ui: &mut Ui,
    lang: Lang,
    currency: Option<Currency>,
    round: &Round,
    walk: &mut Walk,
    commands: &mut Vec<Command>,
) {
    ui.horizontal_wrapped(|ui| {
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
    let rows = rows(round, &lines);
    if walk.seen.len() != rows.len() {
        *walk = Walk {
            seen: vec![false; rows.len()],
            ..Walk::default()
        };
    }
    let widths = COLUMNS.map(|c| (ui.available_width() - 40.0).max(400.0) * c);
    // The header stays while the lines scroll under it.
    ui.horizontal_top(|ui| {
        let heads = [
            String::new(),
            t!(lang, "settle-column-bet"),
            // The chips to pay or collect, then what the stack is (its outcome).
            t!(lang, "settle-column-stack"),
            t!(lang, "settle-column-outcome"),
            t!(lang, "settle-column-cards"),
            t!(lang, "settle-column-staked"),
            t!(lang, "settle-column-net"),
        ];
        for (h, w) in heads.into_iter().zip(widths) {
            cell(ui, w, RichText::new(h).strong().size(17.0));
        }
    });
    ui.separator();
    // The lines scroll in what is left above the totals, which always stay in view.
    let foot = 120.0;
    egui::ScrollArea::vertical()
        .id_salt("settlement")
        .auto_shrink(false)
        .max_height((ui.available_height() - foot).max(60.0))
        .show(ui, |ui| {
            let clip = ui.clip_rect();
            walk.in_view = None;
            for (i, row) in rows.iter().enumerate() {
                let here = i == walk.cursor;
                let r = Frame::new()
                    .fill(if here { HERE } else { Color32::TRANSPARENT })
                    .show(ui, |ui| {
                        ui.horizontal_top(|ui| {
                            row_cells(ui, lang, currency, round, row, here, &widths)
                        })
                    })
                    .response;
                if here && let Some(align) = walk.scroll.take() {
                    r.scroll_to_me(align);
                }
                if r.rect.min.y >= clip.min.y - 0.5 && r.rect.max.y <= clip.max.y + 0.5 {
                    walk.seen[i] = true;
                    let (first, _) = walk.in_view.unwrap_or((i, i));
                    walk.in_view = Some((first, i));
                }
            }
        });
    ui.separator();
    totals(ui, lang, currency, round, walk, commands);
}

/// The totals and the confirmation, under the lines (kept in view whatever their number);
/// how many lines are still to be seen while there are some.
fn totals(
    ui: &mut Ui,
    lang: Lang,
    currency: Option<Currency>,
    round: &Round,
    walk: &Walk,
    commands: &mut Vec<Command>,
) {
    let m = |x: Money| money(lang, x, currency);
    let SettleTotals { pay, collect } = round.settlement_totals();
    ui.vertical(|ui| {
        ui.add_space(2.0);
        ui.add(
            Label::new(
                RichText::new(t!(
                    lang,
                    "settle-totals",
                    pay = m(pay),
                    collect = m(collect),
                    net = m(round.house_net())
                ))
                .size(24.0)
                .strong(),
            )
            .wrap(),
        );
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            let label = with_hint(&t!(lang, "settle-confirm"), KeyAction::Confirm);
            if big_button(ui, &label, true).clicked() {
                commands.push(Command::Confirm);
            }
            let unseen = walk.unseen();
            if unseen > 0 {
                ui.label(
                    RichText::new(t!(lang, "settle-lines-unseen", n = unseen))
                        .size(18.0)
                        .color(Color32::YELLOW),
                );
            }
        });
    });
}

/// The smallest size a stack's line is shrunk to (`fitted`) before it wraps instead.
const MIN_FIT: f32 = 16.0;

/// `text` styled by `style` at `size`, or as much smaller (down to `MIN_FIT`) as keeps it
/// on one line in a column `w` wide: a stack's chips, outcome and cards are read at a
/// glance (uk and ru words are longer than the column's share), not over two lines.
fn fitted(
    ui: &Ui,
    text: String,
    size: f32,
    w: f32,
    style: impl Fn(RichText) -> RichText,
) -> RichText {
    let width = |s: f32| {
        WidgetText::from(style(RichText::new(text.as_str()).size(s)))
            .into_galley(
                ui,
                Some(TextWrapMode::Extend),
                f32::INFINITY,
                TextStyle::Body,
            )
            .size()
            .x
    };
    let mut s = size;
    while s > MIN_FIT && width(s) > w {
        s -= 1.0;
    }
    style(RichText::new(text).size(s))
}

/// One cell of a column `w` wide; a long text wraps between words inside it.
fn cell(ui: &mut Ui, w: f32, text: RichText) {
    ui.allocate_ui_with_layout(Vec2::new(w, 0.0), Layout::top_down(Align::Min), |ui| {
        ui.set_width(w);
        ui.add(Label::new(text).wrap());
    });
}

/// The cells of one line; `here` marks the dealer's place.
fn row_cells(
    ui: &mut Ui,
    lang: Lang,
    currency: Option<Currency>,
    round: &Round,
    row: &Row,
    here: bool,
    w: &[f32; 7],
) {
    let marker = if here { ">" } else { "" };
    cell(
        ui,
        w[0],
        RichText::new(marker)
            .size(24.0)
            .strong()
            .color(Color32::YELLOW),
    );
    match row {
        Row::Stack(l) => {
            let id = round.bet_id(l.bet).to_string();
            cell(ui, w[1], RichText::new(id).size(24.0).strong());
            let (what, cards) = line_words(lang, round, l);
            let (text, color) = money_word(lang, currency, l.net());
            let chips = fitted(ui, text, 22.0, w[2], |t| t.strong().color(color));
            cell(ui, w[2], chips);
            let what = fitted(ui, what, 20.0, w[3], |t| t);
            cell(ui, w[3], what);
            let cards = fitted(ui, cards, 20.0, w[4], |t| t);
            cell(ui, w[4], cards);
            // The stake plain: the currency is on what to pay or collect.
            cell(ui, w[5], RichText::new(amount(lang, l.staked)).size(20.0));
        }
        // A bet's net over its stacks: no chips move on it, so it says no PAY or COLLECT.
        Row::Net(bet) => {
            let bet = *bet;
            cell(ui, w[1], RichText::new(""));
            cell(ui, w[2], RichText::new(""));
            let net = t!(lang, "settle-net", bet = round.bet_id(bet).to_string());
            cell(ui, w[3], RichText::new(net).size(17.0).color(QUIET));
            cell(ui, w[4], RichText::new(""));
            let staked = amount(lang, round.bet_staked(bet));
            cell(ui, w[5], RichText::new(staked).size(17.0).color(QUIET));
            let n = round.bet_net(bet);
            let sign = if n.is_positive() { "+" } else { "" };
            let text = format!("{sign}{}", amount(lang, n));
            cell(ui, w[6], RichText::new(text).size(17.0).color(QUIET));
        }
    }
}

/// The lines box by box: a box's stacks as the dealer's hand passes them, then the net of
/// each of its bets that has several stacks, as the log keeps it.
fn rows<'a>(round: &Round, lines: &'a [SettleLine]) -> Vec<Row<'a>> {
    let mut rows = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let box_no = round.bet_box(lines[i].bet);
        let on_box = lines[i..]
            .iter()
            .take_while(|l| round.bet_box(l.bet) == box_no)
            .count();
        let stacks = &lines[i..i + on_box];
        rows.extend(stacks.iter().map(Row::Stack));
        let mut bets: Vec<_> = stacks.iter().map(|l| l.bet).collect();
        bets.sort_unstable();
        bets.dedup();
        for bet in bets {
            if stacks.iter().filter(|l| l.bet == bet).count() >= 2 {
                rows.push(Row::Net(bet));
            }
        }
        i += on_box;
    }
    rows
}

/// What a stack is, and its cards when it is a hand's.
fn line_words(lang: Lang, round: &Round, l: &SettleLine) -> (String, String) {
    match l.kind {
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
    }
}

/// PAY n, COLLECT n or PUSH for a stack's net, in the language.
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
