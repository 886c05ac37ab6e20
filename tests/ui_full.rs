//! The dealer's screens at a full table (issue 24), with egui_kittest and driven by keys:
//! the settlement walked line by line in deal order, the card letters of a Cyrillic
//! layout, Tab through the stakes only, leaving a round in play, the felt's stakes, and
//! every wrong stake said at once.

use croupier::i18n::Lang;
use croupier::log::Store;
use croupier::session::users::{self, Role};
use croupier::ui::{DealerApp, Screen};
use egui::{Key, Modifiers, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

#[path = "common/ui.rs"]
mod ui_common;
use ui_common::{H, focused, full_table_in, log_in, temp_db};

/// A full table (7 boxes × 3 bets of 10, czech rules) whose round has had `inputs`, the
/// app logged in (as a user speaking `lang`) and resumed on it at `size`.
fn full_table(name: &str, lang: Lang, size: egui::Vec2, inputs: &[&str]) -> H {
    full_table_in(name, Some(lang), size, inputs)
}

/// Box 1 splits its eights three times (four hands, each 8 10 = 18, all three bets
/// following), boxes 2–7 stick on 18; the dealer shows a 7 and has yet to draw.
const FOUR_HANDS: &[&str] = &[
    "8", "9", "9", "9", "9", "9", "9", "7", "8", "9", "9", "9", "9", "9", "9", "split", "8",
    "split", "8", "split", "10", "stick", "10", "stick", "10", "stick", "10", "stick", "stick",
    "stick", "stick", "stick", "stick", "stick",
];

/// Every text on screen with where it is, in layout order (a label drawn on screen also
/// has its text run as a child: counted once).
fn texts(h: &H) -> Vec<(String, Rect)> {
    let mut all: Vec<(String, Rect)> = h
        .root()
        .children_recursive()
        .filter_map(|n| {
            let a = n.accesskit_node();
            a.label().or_else(|| a.value()).map(|t| (t, n.rect()))
        })
        .collect();
    all.dedup();
    all
}

/// The texts on the settlement's marked line (the one with the ">" marker).
fn marked_line(h: &H) -> Vec<String> {
    marked_line_in(h, "Keys (F12 hides)")
}

/// The same, on a screen whose key reference is titled `keys` (its language's); the
/// marked line is on screen.
fn marked_line_in(h: &H, keys: &str) -> Vec<String> {
    let all = texts(h);
    let marker = all
        .iter()
        .find(|(t, _)| t == ">")
        .map(|(_, r)| *r)
        .expect("a marked line");
    assert!(
        h.ctx.content_rect().contains_rect(marker),
        "the marked line at {marker:?} is off screen"
    );
    // The settlement's columns end before the key reference.
    let right = h.get_by_label(keys).rect().min.x;
    all.into_iter()
        .filter(|(t, r)| !t.is_empty() && t != ">" && r.max.x <= right)
        .filter(|(_, r)| (r.min.y - marker.min.y).abs() < 6.0)
        .map(|(t, _)| t)
        .collect()
}

fn unseen_said(h: &H) -> bool {
    h.query_by_label_contains("lines not yet shown").is_some()
}

/// A 33-line settlement (box 1's four hands × 3 bets and their nets, six boxes × 3 bets)
/// at 1280×800: the nets are in their own quiet column and say no PAY or COLLECT; Enter
/// confirms nothing before every line has been shown, but brings up the first unseen;
/// Down moves one line in deal order, PageDown a page, the header stays; then Enter confirms.
#[test]
fn a_full_settlement_is_walked_by_keys_before_it_is_confirmed() {
    let mut h = full_table("walk", Lang::En, egui::Vec2::new(1280.0, 800.0), FOUR_HANDS);
    h.key_press(Key::Num0); // the dealer's 10: 17
    h.run();
    h.run();
    assert_eq!(
        h.state().screen(),
        Screen::Settled,
        "{:?}",
        h.state().status()
    );
    let all: Vec<String> = texts(&h).into_iter().map(|(t, _)| t).collect();
    // Only the 30 stacks say PAY, COLLECT or PUSH; the three nets are signed amounts.
    let words = all
        .iter()
        .filter(|t| t.starts_with("PAY ") || t.starts_with("COLLECT ") || *t == "PUSH")
        .count();
    assert_eq!(words, 30, "{all:#?}");
    for bet in ["1a", "1b", "1c"] {
        let at = all.iter().position(|t| *t == format!("net {bet}")).unwrap();
        assert!(
            all[at..].iter().take(6).any(|t| t == "+40.00"),
            "{:?}",
            &all[at..at + 6]
        );
    }
    // The first line is marked, in deal order: box 1 hand 1, its bets holder first.
    assert_eq!(
        marked_line(&h)[..2],
        ["1a".to_string(), "PAY 10.00".to_string()]
    );
    h.key_press(Key::ArrowDown);
    h.run();
    assert_eq!(marked_line(&h)[0], "1b");
    assert!(unseen_said(&h), "a full table's settlement does not fit");
    let header = h.get_by_label("Net of the bet").rect();
    // Enter before every line was shown: still the settlement, the first unseen marked.
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().screen(), Screen::Settled);
    let status = h.state().status().unwrap_or_default().to_string();
    assert!(status.starts_with("not confirmed: "), "{status}");
    let mut pages = 0;
    while unseen_said(&h) {
        h.key_press(Key::PageDown);
        h.run();
        pages += 1;
        assert!(pages < 10, "PageDown never showed every line");
        assert_eq!(
            h.get_by_label("Net of the bet").rect(),
            header,
            "the header stays"
        );
    }
    // Every line shown: the refusal gives way to saying Enter now confirms.
    let status = h.state().status().unwrap_or_default().to_string();
    assert_eq!(
        status,
        "every line of the settlement has been shown: Enter confirms it"
    );
    // Past the last page: the last line, box 7's last bet.
    h.key_press(Key::PageDown);
    h.run();
    assert_eq!(marked_line(&h)[0], "7c", "{:?}", marked_line(&h));
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().screen(), Screen::Bets, "{:?}", h.state().status());
}

/// Every line of the 33-line settlement is reached by keyboard in each language, in the
/// same deal order: Down from the first line to the last (box 7's last bet), the marked
/// line on screen at every step; then Enter confirms it.
#[test]
fn every_settlement_line_is_reached_by_keys_in_every_language() {
    let mut walks: Vec<(Lang, Vec<String>)> = Vec::new();
    for lang in [Lang::En, Lang::Cs, Lang::Uk, Lang::Ru] {
        let size = egui::Vec2::new(1280.0, 800.0);
        let mut h = full_table(&format!("walk-{lang:?}"), lang, size, FOUR_HANDS);
        h.key_press(Key::Num0);
        h.run();
        h.run();
        assert_eq!(h.state().screen(), Screen::Settled, "{lang:?}");
        let keys = croupier::i18n::tr(lang, "keys-title");
        let mut walk = vec![marked_line_in(&h, &keys)];
        while walk.len() < 60 {
            h.key_press(Key::ArrowDown);
            h.run();
            let line = marked_line_in(&h, &keys);
            if line == *walk.last().unwrap() && line[0] == "7c" {
                break;
            }
            walk.push(line);
        }
        // Each line by its bet (a net's label ends with its bet too).
        let bets: Vec<String> = walk
            .iter()
            .map(|l| l[0].split_whitespace().last().unwrap_or("").to_string())
            .collect();
        assert_eq!(bets.first().map(String::as_str), Some("1a"), "{lang:?}");
        assert_eq!(
            bets.last().map(String::as_str),
            Some("7c"),
            "{lang:?} {walk:?}"
        );
        assert!(
            bets.len() >= 30,
            "{lang:?}: only {} lines walked",
            bets.len()
        );
        for b in 1..=7 {
            for x in ["a", "b", "c"] {
                assert!(
                    bets.contains(&format!("{b}{x}")),
                    "{lang:?}: {b}{x} never marked"
                );
            }
        }
        h.key_press(Key::Enter);
        h.run();
        assert_eq!(
            h.state().screen(),
            Screen::Bets,
            "{lang:?} {:?}",
            h.state().status()
        );
        walks.push((lang, bets));
    }
    for (lang, bets) in &walks[1..] {
        assert_eq!(
            *bets, walks[0].1,
            "{lang:?} walks another order than English"
        );
    }
}

/// A split box shows each hand's stakes, a bought hand its stakes after the buys; a
/// pontoon against the dealer's ace reads "pontoon", not "21 · stands".
#[test]
fn the_felt_shows_the_stakes_as_they_are_and_a_pontoon_as_such() {
    // Box 1: 2 3, buys a 2 twice (every bet follows): 30 each. Box 2: A K against the ace.
    let inputs = [
        "2", "a", "9", "9", "9", "9", "9", "a", "3", "k", "9", "9", "9", "9", "9", "buy", "2",
        "buy", "2",
    ];
    let h = full_table("felt", Lang::En, egui::Vec2::new(1920.0, 1080.0), &inputs);
    let all: Vec<String> = texts(&h).into_iter().map(|(t, _)| t).collect();
    for bet in ["1a 30.00", "1b 30.00", "1c 30.00", "2a 10.00"] {
        assert!(all.iter().any(|t| t == bet), "no {bet:?} in {all:#?}");
    }
    assert!(all.iter().any(|t| t == "pontoon"), "{all:#?}");
    assert!(!all.iter().any(|t| t == "21 · stands"), "{all:#?}");
    // Box 1 split three times: each hand says the stakes riding on it.
    let h = full_table(
        "felt-split",
        Lang::En,
        egui::Vec2::new(1920.0, 1080.0),
        &FOUR_HANDS[..20],
    );
    let all: Vec<String> = texts(&h).into_iter().map(|(t, _)| t).collect();
    let on_hands = all
        .iter()
        .filter(|t| *t == "1a\u{a0}10.00 · 1b\u{a0}10.00 · 1c\u{a0}10.00")
        .count();
    assert_eq!(on_hands, 4, "{all:#?}");
}

/// In Ukrainian the letters on the cards enter them: Т typed on a Ukrainian layout (the
/// Latin N key, which would start a new shoe) is an ace, К (the R key, surrender) a king;
/// the Latin T is no ten, 0 is; the reference says so.
#[test]
fn ukrainian_card_letters_enter_those_cards() {
    let h = full_table("uk", Lang::Uk, egui::Vec2::new(1280.0, 800.0), &[]);
    let mut h = h;
    assert!(
        h.query_by_label("\u{422}/A  \u{41a}/K  \u{414}/Q  \u{412}/J  0\u{2192}10  2-9")
            .is_some()
    );
    let next = |h: &H| h.state().round().unwrap().expected().to_string();
    let before = next(&h);
    h.key_press(Key::T);
    h.run();
    assert_eq!(next(&h), before, "T is not a ten in Ukrainian");
    // …and the dealer is told why nothing was entered, and what the ten is.
    let status = h.state().status().unwrap_or_default().to_string();
    assert!(
        status.contains("не десятка") && status.contains('0'),
        "{status}"
    );
    for (key, text, said) in [(Key::N, "т", "OK Т"), (Key::R, "К", "OK К")] {
        h.event(egui::Event::Key {
            key,
            physical_key: Some(key),
            pressed: true,
            repeat: false,
            modifiers: Modifiers::NONE,
        });
        h.event(egui::Event::Text(text.into()));
        h.key_up(key);
        h.run();
        let status = h.state().status().unwrap_or_default().to_string();
        assert!(status.contains(said), "{text}: {status}");
    }
    h.key_press(Key::Num0);
    h.run();
    let status = h.state().status().unwrap_or_default().to_string();
    assert!(status.contains("OK 10"), "{status}");
}

/// Tab goes round the 21 stake fields and nowhere else (never to Log out); with a round in
/// play, Log out and Close table ask first, and Esc or "Stay" keeps the table.
#[test]
fn tab_cycles_the_stakes_and_leaving_a_round_asks_first() {
    let path = temp_db("tab");
    {
        let mut store = Store::open(&path).unwrap();
        users::add_user(&mut store, "Jana Svoboda", Role::Admin, "100100", None).unwrap();
    }
    let app = DealerApp::open(path);
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut DealerApp| app.ui(ui), app);
    log_in(&mut h, "Jana Svoboda", "100100");
    h.get_by_label("Open table (Enter)").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Bets);
    let ids: Vec<String> = (1..=7)
        .flat_map(|b| ["a", "b", "c"].map(|k| format!("{b}{k}")))
        .collect();
    for round in 0..2 {
        for id in &ids {
            h.key_press(Key::Tab);
            h.run();
            assert!(focused(&h, id), "round {round}: Tab should be on {id}");
            assert!(!focused(&h, "Log out"));
        }
    }
    h.key_press_modifiers(Modifiers::SHIFT, Key::Tab);
    h.run();
    assert!(focused(&h, "7b"), "Shift+Tab goes back");
    h.key_press_modifiers(Modifiers::SHIFT, Key::Tab);
    h.run();
    h.get_by_label("7a").type_text("10");
    h.key_press(Key::Enter);
    h.run();
    h.key_press(Key::Num9);
    h.run();
    assert_eq!(h.state().screen(), Screen::Play, "{:?}", h.state().status());
    h.get_by_label("Log out").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Play, "logging out asks first");
    assert!(h.query_by_label_contains("A round is in play at").is_some());
    let before = h.state().round().unwrap().expected().to_string();
    h.key_press(Key::Num9);
    h.run();
    let after = h.state().round().unwrap().expected().to_string();
    assert_eq!(after, before, "the table's keys wait");
    h.get_by_label("Stay at the table (Esc)").click();
    h.run();
    assert!(h.query_by_label_contains("A round is in play at").is_none());
    h.get_by_label("Close table").click();
    h.run();
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(h.state().screen(), Screen::Play);
    assert!(h.query_by_label_contains("A round is in play at").is_none());
    h.get_by_label("Close table").click();
    h.run();
    h.get_by_label("Close the table, the round stays open")
        .click();
    h.run();
    assert_eq!(
        h.state().screen(),
        Screen::Setup,
        "{:?}",
        h.state().status()
    );
}

/// The marks ("!") drawn beside stake fields, as the ids of the fields on their rows.
fn marked_fields(h: &H) -> Vec<String> {
    let marks: Vec<Rect> = h.query_all_by_label("!").map(|n| n.rect()).collect();
    let mut ids: Vec<String> = Vec::new();
    for m in marks {
        let field = texts(h)
            .into_iter()
            .filter(|(t, _)| t.len() == 2 && t.as_bytes()[1].is_ascii_lowercase())
            .filter(|(_, r)| (r.center().y - m.center().y).abs() < 16.0 && r.max.x <= m.min.x)
            .max_by(|a, b| a.1.max.x.total_cmp(&b.1.max.x))
            .map(|(t, _)| t);
        ids.extend(field);
    }
    ids.sort();
    ids
}

fn type_stake(h: &mut H, id: &str, text: &str) {
    h.get_by_label(id).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.key_press(Key::Backspace);
    h.get_by_label(id).type_text(text);
    h.run();
}

/// Every wrong stake is said at once and its field marked: the form's (not an amount, a
/// back bet with no holder), then the limits' (each stake under the minimum).
#[test]
fn every_wrong_stake_is_said_at_once_and_marked() {
    let path = temp_db("bet-errors");
    {
        let mut store = Store::open(&path).unwrap();
        users::add_user(&mut store, "Jana Svoboda", Role::Admin, "100100", None).unwrap();
    }
    let app = DealerApp::open(path);
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut DealerApp| app.ui(ui), app);
    log_in(&mut h, "Jana Svoboda", "100100");
    h.get_by_label("Open table (Enter)").click();
    h.run();
    type_stake(&mut h, "1a", "ten");
    type_stake(&mut h, "2b", "10");
    h.key_press(Key::Enter);
    h.run();
    let status = h.state().status().unwrap_or_default().to_string();
    assert!(
        status.contains("box 1 holder") && status.contains("box 2: back bet 1"),
        "{status}"
    );
    assert_eq!(marked_fields(&h), ["1a", "2b"]);
    // Put right; two stakes under the table's minimum of 5.
    type_stake(&mut h, "1a", "10");
    type_stake(&mut h, "2b", "");
    type_stake(&mut h, "3a", "1");
    type_stake(&mut h, "4a", "2");
    h.key_press(Key::Escape);
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().screen(), Screen::Bets);
    let status = h.state().status().unwrap_or_default().to_string();
    assert!(status.contains("3a") && status.contains("4a"), "{status}");
    assert_eq!(marked_fields(&h), ["3a", "4a"]);
}

/// Where a widget on screen is cut off or lies over another, in words (none: laid out
/// right), from egui's own record of the frame's widgets: each named widget (a label, a
/// button, a field, the felt's cards) with its rectangle and the part of it not clipped.
/// Cut off: clipped at a side (nothing here scrolls sideways), or out of the window where
/// no scroll area clips it. A widget scrolled partly out of its scroll area is not cut
/// off (it is scrolled to); one wholly scrolled away is not on screen.
fn layout_faults(h: &H) -> Vec<String> {
    let screen = h.ctx.content_rect();
    // The names of the widgets, from the accessibility tree (egui's ids are its node ids).
    let names: std::collections::HashMap<_, String> = h
        .root()
        .children_recursive()
        .filter_map(|n| {
            let a = n.accesskit_node();
            let text = a.label().or_else(|| a.value())?;
            Some((a.locate().0, format!("{:?} {text:?}", a.role())))
        })
        .filter(|(_, t)| !t.ends_with(" \"\""))
        .collect();
    let shown: Vec<(String, egui::WidgetRect)> = h.ctx.viewport(|v| {
        v.prev_pass
            .widgets
            .layers()
            .flat_map(|(_, rects)| rects.iter())
            .filter_map(|r| {
                let name = names.get(&r.id.accesskit_id())?;
                let seen = r.interact_rect;
                (r.visible && seen.width() >= 1.0 && seen.height() >= 1.0)
                    .then(|| (name.clone(), *r))
            })
            .collect()
    });
    assert!(shown.len() > 20, "only {} widgets found", shown.len());
    let mut faults = Vec::new();
    for (i, (what, w)) in shown.iter().enumerate() {
        let (r, seen) = (w.rect, w.interact_rect);
        let cut_at_side = r.min.x < seen.min.x - 0.5 || r.max.x > seen.max.x + 0.5;
        let unclipped_out = r == seen && !screen.expand(0.5).contains_rect(r);
        if cut_at_side || unclipped_out || !screen.expand(0.5).contains_rect(seen) {
            faults.push(format!(
                "{what} at {r:?} (shown {seen:?}) is cut off in {screen:?}"
            ));
        }
        for (other, o) in &shown[i + 1..] {
            let common = seen.intersect(o.interact_rect);
            if w.layer_id == o.layer_id && common.width() > 1.0 && common.height() > 1.0 {
                faults.push(format!(
                    "{what} at {seen:?} overlaps {other} at {:?}",
                    o.interact_rect
                ));
            }
        }
    }
    faults
}

/// A full table — 7 boxes × 3 bets, every offer open (insurance for all, even money for a
/// pontoon with its back bets), then box 1 split three times with its back bets' declines
/// open, then the settlement — in each language at 1280×800 and 1920×1080: no widget is
/// cut off by the window or lies over another.
#[test]
fn a_full_table_lays_out_in_every_language_at_both_sizes() {
    let offers: &[&str] = &[
        "8", "a", "9", "9", "9", "9", "9", "a", "8", "k", "9", "9", "9", "9", "9",
    ];
    let mut split = FOUR_HANDS[..20].to_vec();
    split.push("3");
    let mut faults = Vec::new();
    for lang in [Lang::En, Lang::Cs, Lang::Uk, Lang::Ru] {
        for size in [
            egui::Vec2::new(1280.0, 800.0),
            egui::Vec2::new(1920.0, 1080.0),
        ] {
            let tag = format!("layout-{lang:?}-{}", size.x);
            let mut seen = |what: &str, h: &H| {
                for f in layout_faults(h) {
                    faults.push(format!("{lang:?} {size:?} {what}: {f}"));
                }
            };
            seen(
                "offers",
                &full_table(&format!("{tag}-o"), lang, size, offers),
            );
            seen(
                "split",
                &full_table(&format!("{tag}-s"), lang, size, &split),
            );
            let mut h = full_table(&format!("{tag}-x"), lang, size, FOUR_HANDS);
            h.key_press(Key::Num0);
            h.run();
            h.run();
            assert_eq!(h.state().screen(), Screen::Settled);
            seen("settlement", &h);
        }
    }
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.join("\n")
    );
}

/// A stack's line of the settlement is one line in every language at 1280×800: its
/// chips, outcome ("рука 1 з 4: програш") and cards shrink to their column rather than
/// wrap, so no cell of the first line is higher than its bet's id.
#[test]
fn a_settlement_line_is_one_line_in_every_language() {
    for lang in [Lang::En, Lang::Cs, Lang::Uk, Lang::Ru] {
        let size = egui::Vec2::new(1280.0, 800.0);
        let mut h = full_table(&format!("oneline-{lang:?}"), lang, size, FOUR_HANDS);
        h.key_press(Key::Num0);
        h.run();
        h.run();
        assert_eq!(h.state().screen(), Screen::Settled, "{lang:?}");
        let all = texts(&h);
        let (_, id) = all
            .iter()
            .find(|(t, _)| t == "1a")
            .expect("the line of bet 1a");
        let line: Vec<_> = all
            .iter()
            .filter(|(_, r)| (r.min.y - id.min.y).abs() < 4.0)
            .collect();
        assert!(line.len() >= 5, "{lang:?}: {line:?}");
        for (text, r) in line {
            assert!(
                r.height() <= id.height() + 1.0,
                "{lang:?}: {text:?} is {} high, the line's id {}",
                r.height(),
                id.height()
            );
        }
    }
}

/// Whether the widget whose accessible name starts with `name` is on screen: drawn
/// whole, not scrolled out of its scroll area, inside the window.
fn on_screen(h: &H, name: &str) -> bool {
    let ids: Vec<_> = h
        .root()
        .children_recursive()
        .filter(|n| {
            let a = n.accesskit_node();
            a.label()
                .or_else(|| a.value())
                .is_some_and(|t| t.starts_with(name))
        })
        .map(|n| n.accesskit_node().locate().0)
        .collect();
    // A widget wholly scrolled away is not in the accessibility tree at all.
    if ids.is_empty() {
        return false;
    }
    let screen = h.ctx.content_rect();
    h.ctx.viewport(|v| {
        v.prev_pass
            .widgets
            .layers()
            .flat_map(|(_, rects)| rects.iter())
            .filter(|r| ids.contains(&r.id.accesskit_id()))
            .any(|r| {
                let seen = r.interact_rect;
                r.visible && seen.height() >= r.rect.height() - 0.5 && screen.contains_rect(seen)
            })
    })
}

/// At 1280×800 a box split three times is taller than the felt: as the dealer plays its
/// hands by keys, the felt scrolls to the hand in play, so hands 3 and 4 are seen when
/// their turn comes (they were below the screen's foot, reached by mouse wheel only); the
/// settlement after it still opens on its first line.
#[test]
fn the_felt_scrolls_to_the_split_hand_in_play() {
    for lang in [Lang::En, Lang::Ru] {
        let size = egui::Vec2::new(1280.0, 800.0);
        let mut h = full_table(&format!("scroll-{lang:?}"), lang, size, &FOUR_HANDS[..23]);
        let hand = |n: u8| croupier::t!(lang, "play-felt-hand-name", box_no = 1u8, hand = n);
        assert!(
            on_screen(&h, &hand(2)),
            "{lang:?}: hand 2 in play, off screen"
        );
        for n in [3u8, 4] {
            h.key_press(Key::S);
            h.run();
            h.key_press(Key::Num0);
            h.run();
            h.run();
            assert!(
                on_screen(&h, &hand(n)),
                "{lang:?}: hand {n} in play, off screen"
            );
        }
        // Hand 4 and boxes 2-7 stick, the dealer draws a 10: the settlement opens on its
        // first line, not scrolled down as the felt was.
        for key in [Key::S; 7].into_iter().chain([Key::Num0]) {
            h.key_press(key);
            h.run();
        }
        h.run();
        let status = h.state().status().map(str::to_string);
        assert_eq!(h.state().screen(), Screen::Settled, "{status:?}");
        assert!(on_screen(&h, ">"), "{lang:?}: the first line is off screen");
    }
}
