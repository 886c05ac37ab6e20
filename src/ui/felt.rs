//! The table drawn as on the felt: the dealer's hand above, the boxes below from left to
//! right as the dealer sees them (box 1 on the dealer's left, empty boxes as outlines), each
//! box's bets and its hands as fanned cards with their suits when known. One drawing for the
//! dealer screen, the watching screen and the desk's round step-through (a dispute laid out
//! again). It draws what the round says and decides nothing.

use egui::epaint::{CornerRadius, PathShape, StrokeKind};
use egui::{
    Align, Align2, Color32, FontId, Frame, Layout, Painter, Pos2, Rect, RichText, Role, Sense,
    Stroke, Ui, Vec2, WidgetInfo, pos2, vec2,
};

use crate::engine::{
    Card, CardTo, Hand, HandState, LineKind, Money, Offer, Outcome, Pay, Round, Seat, SettleLine,
    Stand, Suit, Want,
};
use crate::i18n::words::rank_mark;
use crate::i18n::{Lang, amount, errors};
use crate::t;

const FELT: Color32 = Color32::from_rgb(18, 72, 44);
const HERE: Color32 = Color32::YELLOW;
const RED: Color32 = Color32::from_rgb(200, 24, 32);
const BLACK: Color32 = Color32::from_rgb(20, 20, 24);

/// The whole table in `lang`: the dealer above, every box of the table below; card faces
/// with the language's marks (Ukrainian and Russian Т К Д В). `mark` is the bet marked for
/// an offer (the dealer screen), if any.
pub(crate) fn table_view_in(ui: &mut Ui, lang: Lang, round: &Round, mark: Option<usize>) {
    let want = round.want();
    // Each bet's stake on each hand as it is now (buys and split stakes counted): the
    // engine's settlement lines, read before the round is over.
    let lines = round.settlement_lines();
    Frame::new()
        .fill(FELT)
        .corner_radius(12.0)
        .inner_margin(8.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            dealer_row(ui, lang, round, want == Want::Card(CardTo::Dealer));
            ui.add_space(8.0);
            let boxes = round.rules().boxes().max(1) as usize;
            let gap = 6.0;
            let width =
                ((ui.available_width() - gap * (boxes as f32 - 1.0)) / boxes as f32).max(60.0);
            // Five cards fanned fit a box's width.
            let card_h = (width / 2.4).clamp(30.0, 64.0);
            ui.horizontal_top(|ui| {
                ui.spacing_mut().item_spacing.x = gap;
                for box_no in 1..=boxes as u8 {
                    let column = Layout::top_down(Align::Min);
                    ui.allocate_ui_with_layout(Vec2::new(width, 0.0), column, |ui| {
                        ui.set_width(width);
                        match round.seats().iter().find(|s| s.box_no() == box_no) {
                            Some(seat) => {
                                let at = (&want, mark, card_h);
                                box_view(ui, lang, round, seat, &lines, at)
                            }
                            None => empty_box(ui, lang, box_no),
                        }
                    });
                }
            });
        });
}

fn dealer_row(ui: &mut Ui, lang: Lang, round: &Round, next: bool) {
    ui.vertical_centered(|ui| {
        let stroke = if next {
            Stroke::new(3.0, HERE)
        } else {
            Stroke::NONE
        };
        Frame::new()
            .stroke(stroke)
            .corner_radius(8.0)
            .inner_margin(6.0)
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(
                        RichText::new(t!(lang, "play-felt-dealer"))
                            .size(20.0)
                            .strong(),
                    );
                    let cards = round.dealer_cards();
                    let total = round.dealer_total().best;
                    let said = if cards.is_empty() {
                        t!(lang, "play-felt-dealer-no-card")
                    } else {
                        t!(
                            lang,
                            "play-felt-dealer-cards",
                            cards = errors::cards(lang, cards),
                            total = total as i64
                        )
                    };
                    fan(ui, lang, cards, 64.0, &said);
                    if !cards.is_empty() {
                        ui.label(RichText::new(format!("= {total}")).size(26.0).strong());
                    }
                    if next {
                        ui.label(
                            RichText::new(t!(lang, "play-felt-next-card"))
                                .size(20.0)
                                .color(HERE),
                        );
                    }
                });
            });
    });
}

fn empty_box(ui: &mut Ui, lang: Lang, box_no: u8) {
    Frame::new()
        .stroke(Stroke::new(1.0, Color32::from_gray(90)))
        .corner_radius(8.0)
        .inner_margin(6.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                RichText::new(t!(lang, "play-felt-empty-box", box_no = box_no))
                    .size(16.0)
                    .color(Color32::from_gray(140)),
            );
        });
}

/// What a bet has on the box's hands now (`hand`: on that hand only); for a bet that
/// finished early (surrender, even money), its stake.
fn on_hands(round: &Round, lines: &[SettleLine], b: usize, hand: Option<usize>) -> Money {
    let staked: Money = lines
        .iter()
        .filter(|l| l.bet == b)
        .filter(|l| matches!(l.kind, LineKind::Hand { hand: h, .. } if hand.is_none_or(|x| x == h)))
        .map(|l| l.staked)
        .sum();
    if staked == Money::ZERO && hand.is_none() {
        round.bet_stake(b)
    } else {
        staked
    }
}

/// One box: its bets with what they have on the table now, then its hands. `at` is what
/// the round wants, the bet marked for an offer, and the cards' height.
fn box_view(
    ui: &mut Ui,
    lang: Lang,
    round: &Round,
    seat: &Seat,
    lines: &[SettleLine],
    at: (&Want, Option<usize>, f32),
) {
    let (want, mark, card_h) = at;
    let box_no = seat.box_no();
    let (cur_box, cur_hand) = match want {
        Want::Card(CardTo::Hand { box_no, hand, .. }) | Want::Decision { box_no, hand } => {
            (Some(*box_no), Some(*hand))
        }
        _ => (None, None),
    };
    let here = cur_box == Some(box_no);
    let stroke = if here {
        Stroke::new(3.0, HERE)
    } else {
        Stroke::new(1.0, Color32::from_gray(160))
    };
    Frame::new()
        .stroke(stroke)
        .corner_radius(8.0)
        .inner_margin(6.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                RichText::new(t!(lang, "play-felt-box", box_no = box_no))
                    .size(20.0)
                    .strong(),
            );
            for &b in seat.bets() {
                let offer = match round.bet_offer(b) {
                    Offer::Insured { amount: a, .. } => {
                        t!(lang, "play-felt-insured", amount = amount(lang, a))
                    }
                    Offer::EvenMoney => t!(lang, "play-felt-even-money"),
                    Offer::None => String::new(),
                };
                let gone = if round.bet_surrendered(b) {
                    t!(lang, "play-felt-surrendered")
                } else {
                    String::new()
                };
                let marked = mark == Some(b) && round.offers_open();
                let text = RichText::new(format!(
                    "{}{} {}{offer}{gone}",
                    if marked { "> " } else { "" },
                    round.bet_id(b),
                    amount(lang, on_hands(round, lines, b, None))
                ))
                .size(16.0);
                ui.label(if marked {
                    text.color(HERE).strong()
                } else {
                    text
                });
            }
            for (i, h) in seat.hands().iter().enumerate() {
                let active = here && cur_hand == Some(i);
                let fill = if active {
                    Color32::from_rgb(70, 70, 20)
                } else {
                    Color32::TRANSPARENT
                };
                let shown = Frame::new()
                    .fill(fill)
                    .corner_radius(6.0)
                    .inner_margin(3.0)
                    .show(ui, |ui| {
                        hand_view(ui, lang, (box_no, i, seat.hands().len()), h, card_h, active);
                        // Once split, each hand says whose stakes ride on it, and how much.
                        if seat.hands().len() > 1 {
                            hand_stakes(ui, lang, round, seat, lines, i);
                        }
                    });
                if active {
                    scroll_to_new_hand(ui, (box_no, i), &shown.response);
                }
            }
        });
}

/// A box split three times is taller than the felt at 1280×800: when the hand in play
/// changes, the felt scrolls just enough to show it whole, for a few frames (a scroll area
/// and the panel under it learn their heights over the first frames); then no more, so
/// the wheel still scrolls.
fn scroll_to_new_hand(ui: &Ui, at: (u8, usize), shown: &egui::Response) {
    const FRAMES: u64 = 10;
    let key = egui::Id::unique("felt-hand-in-play");
    let pass = ui.ctx().cumulative_pass_nr();
    let since = match ui.data(|d| d.get_temp::<((u8, usize), u64)>(key)) {
        Some((was, since)) if was == at => since,
        _ => {
            ui.data_mut(|d| d.insert_temp(key, (at, pass)));
            pass
        }
    };
    let clip = ui.clip_rect();
    let hidden = !clip.contains_rect(shown.rect) && shown.rect.height() <= clip.height();
    if hidden && pass.saturating_sub(since) < FRAMES {
        shown.scroll_to_me_animation(None, egui::style::ScrollAnimation::none());
        ui.ctx().request_repaint();
    }
}

/// The bets' stakes on hand `hand` of a split box: `1a 20.00 · 1b 10.00`.
fn hand_stakes(
    ui: &mut Ui,
    lang: Lang,
    round: &Round,
    seat: &Seat,
    lines: &[SettleLine],
    hand: usize,
) {
    let said: Vec<String> = seat
        .bets()
        .iter()
        .map(|&b| (b, on_hands(round, lines, b, Some(hand))))
        .filter(|(_, m)| *m != Money::ZERO)
        // A bet and its stake never part at a line's end.
        .map(|(b, m)| format!("{}\u{a0}{}", round.bet_id(b), amount(lang, m)))
        .collect();
    if !said.is_empty() {
        ui.add(egui::Label::new(RichText::new(said.join(" · ")).size(14.0)).wrap());
    }
}

/// One hand: `at` is (box, hand index, hands on the box).
fn hand_view(ui: &mut Ui, lang: Lang, at: (u8, usize, usize), h: &Hand, card_h: f32, active: bool) {
    let (box_no, i, hands) = at;
    let state = match h.state() {
        HandState::Settled(o) => errors::outcome(lang, o),
        // A pontoon or a five-card trick is said as what it is, not as a total that stands.
        HandState::Standing(Stand::Pontoon) => t!(lang, "play-outcome-pontoon"),
        HandState::Standing(Stand::FiveCardTrick) => t!(lang, "play-outcome-five-card-trick"),
        HandState::Standing(_) => t!(lang, "play-felt-stands"),
        HandState::Deciding => t!(lang, "play-felt-decide"),
        HandState::Wants(_) => t!(lang, "play-felt-wants-card"),
    };
    let name = if hands > 1 {
        t!(lang, "play-felt-hand-name", box_no = box_no, hand = i + 1)
    } else {
        t!(lang, "play-felt-box-name", box_no = box_no)
    };
    let said = if h.cards().is_empty() {
        t!(lang, "play-felt-no-card", name = name)
    } else {
        t!(
            lang,
            "play-felt-hand-cards",
            name = name,
            cards = errors::cards(lang, h.cards()),
            total = h.total().best as i64,
            state = &state
        )
    };
    if hands > 1 {
        ui.label(RichText::new(t!(lang, "play-felt-hand", hand = i + 1)).size(15.0));
    }
    fan(ui, lang, h.cards(), card_h, &said);
    if !h.cards().is_empty() {
        let named = matches!(
            h.state(),
            HandState::Standing(Stand::Pontoon | Stand::FiveCardTrick)
                | HandState::Settled(Outcome::Win(Pay::Pontoon | Pay::FiveCardTrick))
        );
        let text = if named {
            RichText::new(state.clone()).size(17.0).strong()
        } else {
            RichText::new(format!("{} · {state}", h.total().best)).size(17.0)
        };
        ui.label(if active {
            text.color(HERE).strong()
        } else {
            text
        });
    }
}

/// Cards fanned left to right, each overlapping the one before (its corner stays in view);
/// `said` names them for screen readers and tests.
fn fan(ui: &mut Ui, lang: Lang, cards: &[Card], h: f32, said: &str) {
    let w = (h * 0.7).round();
    let step = (w * 0.56).round();
    let n = cards.len().max(1);
    let size = vec2(w + step * (n as f32 - 1.0), h);
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    response.widget_info(|| WidgetInfo::labeled(Role::Label, true, said));
    if !ui.is_rect_visible(rect) {
        return;
    }
    let p = ui.painter();
    if cards.is_empty() {
        p.rect_stroke(
            Rect::from_min_size(rect.min, vec2(w, h)),
            CornerRadius::same((h * 0.1) as u8),
            Stroke::new(1.0, Color32::from_gray(120)),
            StrokeKind::Inside,
        );
        return;
    }
    for (k, &c) in cards.iter().enumerate() {
        let r = Rect::from_min_size(rect.min + vec2(step * k as f32, 0.0), vec2(w, h));
        paint_card(p, lang, r, c);
    }
}

/// One card: rank and a small suit in the corner (what stays in view when fanned), the
/// suit large in the middle (red hearts and diamonds); a card whose suit was not given shows its rank only, on a greyer card.
pub(crate) fn paint_card(p: &Painter, lang: Lang, r: Rect, c: Card) {
    let h = r.height();
    let fill = if c.suit.is_some() {
        Color32::from_rgb(250, 250, 244)
    } else {
        Color32::from_rgb(214, 214, 204)
    };
    p.rect(
        r,
        CornerRadius::same((h * 0.1) as u8),
        fill,
        Stroke::new(1.0, Color32::from_gray(40)),
        StrokeKind::Inside,
    );
    let ink = match c.suit {
        Some(Suit::Hearts | Suit::Diamonds) => RED,
        _ => BLACK,
    };
    let rank = rank_mark(lang, c.rank);
    p.text(
        r.left_top() + vec2(h * 0.05, h * 0.02),
        Align2::LEFT_TOP,
        &rank,
        FontId::proportional(h * 0.3),
        ink,
    );
    // The suit again under the corner rank: the corner is all a fanned card shows.
    if let Some(s) = c.suit {
        let pip = pos2(r.left() + h * 0.05 + h * 0.07, r.top() + h * 0.44);
        paint_suit(p, s, pip, h * 0.075, ink);
    }
    match c.suit {
        Some(s) => {
            let centre = pos2(r.center().x + h * 0.05, r.top() + h * 0.68);
            paint_suit(p, s, centre, h * 0.2, ink);
        }
        None => {
            p.text(
                pos2(r.center().x + h * 0.06, r.top() + h * 0.66),
                Align2::CENTER_CENTER,
                &rank,
                FontId::proportional(h * 0.4),
                ink,
            );
        }
    }
}

/// A suit drawn with shapes (no font needed), `s` about half its width.
fn paint_suit(p: &Painter, suit: Suit, c: Pos2, s: f32, ink: Color32) {
    let fill = |pts: Vec<Pos2>| {
        p.add(PathShape::convex_polygon(pts, ink, Stroke::NONE));
    };
    match suit {
        Suit::Diamonds => fill(vec![
            c + vec2(0.0, -s * 1.1),
            c + vec2(s * 0.8, 0.0),
            c + vec2(0.0, s * 1.1),
            c + vec2(-s * 0.8, 0.0),
        ]),
        Suit::Hearts => {
            let r = s * 0.5;
            p.circle_filled(c + vec2(-r, -r * 0.6), r, ink);
            p.circle_filled(c + vec2(r, -r * 0.6), r, ink);
            fill(vec![
                c + vec2(-s * 0.98, -r * 0.35),
                c + vec2(s * 0.98, -r * 0.35),
                c + vec2(0.0, s * 1.05),
            ]);
        }
        Suit::Spades => {
            let r = s * 0.5;
            p.circle_filled(c + vec2(-r, r * 0.4), r, ink);
            p.circle_filled(c + vec2(r, r * 0.4), r, ink);
            fill(vec![
                c + vec2(0.0, -s * 1.1),
                c + vec2(s * 0.98, r * 0.15),
                c + vec2(-s * 0.98, r * 0.15),
            ]);
            stem(p, c, s, ink);
        }
        Suit::Clubs => {
            let r = s * 0.45;
            p.circle_filled(c + vec2(0.0, -s * 0.55), r, ink);
            p.circle_filled(c + vec2(-s * 0.55, s * 0.1), r, ink);
            p.circle_filled(c + vec2(s * 0.55, s * 0.1), r, ink);
            stem(p, c, s, ink);
        }
    }
}

fn stem(p: &Painter, c: Pos2, s: f32, ink: Color32) {
    p.add(PathShape::convex_polygon(
        vec![
            c + vec2(0.0, 0.0),
            c + vec2(s * 0.35, s * 1.1),
            c + vec2(-s * 0.35, s * 1.1),
        ],
        ink,
        Stroke::NONE,
    ));
}
