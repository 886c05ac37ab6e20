//! The table's money at the table screen, played with egui_kittest (no display needed):
//! the top bar's tray, the opening count the screen asks for before it deals (two names,
//! two PINs), cash flagged over the threshold, and what the log holds afterwards.

mod common;
#[path = "common/ui.rs"]
mod ui_common;

use std::path::PathBuf;

use common::{DEALER, SUPERVISOR, login, temp_db};
use croupier::engine::Money;
use croupier::log::{EventKind, Store};
use croupier::session::chips::ChipSet;
use croupier::session::money_log;
use croupier::session::replay;
use croupier::ui::{DealerApp, Screen};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use ui_common::screen;

/// Types `text` into the field labelled `label`.
fn type_into(h: &mut Harness<'static, DealerApp>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}

/// A money-side database (chips 25 100 500, cash threshold 1000) with an admin, a
/// supervisor and a dealer; the dealer logged in at an open czech table.
fn dealer_at_money_table(name: &str) -> (Harness<'static, DealerApp>, PathBuf) {
    let path = temp_db(name);
    {
        let mut store = common::store_at_t0(&path);
        common::add_staff(&mut store, &[SUPERVISOR, DEALER]);
        let sup = login(&mut store, SUPERVISOR);
        let set = ChipSet::parse("25 100 500").unwrap();
        money_log::set_chip_set(&mut store, &set, &sup).unwrap();
        money_log::set_cash_threshold(&mut store, Money::units(1000), &sup).unwrap();
    }
    let mut h = screen(&path);
    type_into(&mut h, "Name", "Jana Svoboda");
    type_into(&mut h, "PIN", "1001");
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(
        h.state().screen(),
        Screen::Setup,
        "{:?}",
        h.state().status()
    );
    h.get_by_label("Open table (Enter)").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Bets, "{:?}", h.state().status());
    (h, path)
}

fn status(h: &Harness<'static, DealerApp>) -> String {
    h.state().status().unwrap_or("").to_string()
}

/// The screen asks for the opening count and deals nothing before it; a count signed by
/// the dealer and a supervisor lets it deal; the top bar shows the expected tray; cash
/// over the threshold is flagged on screen; everything is in the log and verify passes.
#[test]
fn the_table_screen_counts_the_tray_before_it_deals_and_takes_cash() {
    let (mut h, path) = dealer_at_money_table("count");
    assert!(h.query_by_label("tray: count due").is_some());
    assert!(
        h.query_by_label("Count the tray before the first round")
            .is_some()
    );
    assert!(
        h.query_by_label("1a").is_none(),
        "no stakes while a count is due"
    );
    h.key_press(Key::Enter);
    h.run();
    assert!(status(&h).contains("a count is due"), "{}", status(&h));

    // A wrong PIN: refused in words, nothing counted.
    type_into(&mut h, "Chips (500:20 100:35)", "500:20 100:5");
    type_into(&mut h, "Signed by", "Jana Svoboda");
    type_into(&mut h, "Their PIN", "1001");
    type_into(&mut h, "Witness", "Petr Novak");
    type_into(&mut h, "Witness's PIN", "1111");
    h.get_by_label("Log the count").click();
    h.run();
    assert!(
        status(&h).contains("Petr Novak could not sign"),
        "{}",
        status(&h)
    );
    assert!(h.query_by_label("tray: count due").is_some());

    // The PINs were cleared: typed again, right.
    type_into(&mut h, "Their PIN", "1001");
    type_into(&mut h, "Witness's PIN", "800100");
    h.get_by_label("Log the count").click();
    h.run();
    assert!(
        status(&h).contains("opening count") && status(&h).contains("the table's first count"),
        "{}",
        status(&h)
    );
    assert!(h.query_by_label_contains("tray expected").is_some());
    assert!(h.query_by_label("1a").is_some(), "the stakes are back");

    // Cash over the threshold, into box 2: logged and flagged on screen.
    h.get_by_label("Money: tray count, fill, credit, cash")
        .click();
    h.run();
    type_into(&mut h, "Amount", "1500");
    type_into(&mut h, "Box (optional)", "2");
    h.get_by_label("Log the cash").click();
    h.run();
    assert!(status(&h).contains("FLAGGED"), "{}", status(&h));
    assert!(
        h.query_by_label_contains("Flagged: cash").is_some(),
        "flagged on screen"
    );
    // The money section open, Deal is still on the 1280×800 screen, whole.
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::Vec2::new(1280.0, 800.0));
    let deal = h.get_by_label("Deal (Enter)").rect();
    assert!(screen.contains_rect(deal), "Deal at {deal:?}");
    let log_cash = h.get_by_label("Log the cash").rect();
    assert!(
        screen.contains_rect(log_cash),
        "the money form too: {log_cash:?}"
    );

    // Dealing is allowed now: a whole round.
    type_into(&mut h, "1a", "10");
    h.key_press(Key::Escape);
    h.run();
    for k in [Key::Num9, Key::Num7, Key::Num8, Key::S, Key::K] {
        h.key_press(k);
        h.run();
    }
    assert_eq!(h.state().screen(), Screen::Settled, "{}", status(&h));
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().screen(), Screen::Bets);
    drop(h);

    let store = Store::open_read(&path).unwrap();
    let book = money_log::book(&store).unwrap();
    // 10,500 counted, 1,500 of chips out for cash, the house won the round's 10.
    assert_eq!(
        book.expected_tray("Pontoon 1"),
        Some(Money::units(10_500 - 1_500 + 10))
    );
    replay::verify(&store, |_| {}).unwrap();
    // The wrong PIN's refusal is logged as the feed logs the same line refused: a
    // `step_refused` with the line's text, PINs starred, why and what was expected, and no
    // refusal code (a money refusal has none).
    let mut refused = Vec::new();
    store
        .each_event(1, |e| {
            let v: serde_json::Value = serde_json::from_str(&e.data).unwrap();
            if e.kind == EventKind::StepRefused && v["text"].as_str().unwrap().starts_with("count")
            {
                refused.push(v);
            }
            Ok::<(), ()>(())
        })
        .unwrap()
        .unwrap();
    assert_eq!(refused.len(), 1, "{refused:?}");
    // Shortened as the feed shortens a logged line (`… (63 bytes)`).
    let text = refused[0]["text"].as_str().unwrap();
    assert!(
        text.starts_with("count 500:20 100:5 by Jana Svoboda ****"),
        "{text}"
    );
    let reason = refused[0]["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("Petr Novak: wrong name or PIN") && reason.contains("; expected bets"),
        "{reason}"
    );
    assert!(refused[0].get("refusal").is_none_or(|c| c.is_null()));
    assert!(!refused[0].to_string().contains("1111"));
}

/// Every text on screen (labels' values, buttons' labels).
fn texts(h: &Harness<'static, DealerApp>) -> Vec<String> {
    use egui_kittest::kittest::NodeT;
    h.root()
        .children_recursive()
        .filter_map(|n| {
            let a = n.accesskit_node();
            a.label().or_else(|| a.value())
        })
        .collect()
}

/// The desk's Money tab: the close-out by shift with its difference (the report's figure),
/// the counts, the slips with a void, the drop; from the shift, its rounds in the history.
#[test]
fn the_desk_money_tab_shows_the_closeout_and_leads_to_the_rounds_of_a_shift() {
    use croupier::engine::{Limits, Rules};
    use croupier::session::feed::{Feed, NewTable};
    use croupier::session::money_log::{DropInput, Signers};
    let path = temp_db("desk");
    {
        // 2026-01-05 08:00 UTC: shift 1 of the default calendar.
        let mut store = common::store_at_t0(&path);
        common::add_staff(&mut store, &[SUPERVISOR, DEALER]);
        let sup = login(&mut store, SUPERVISOR);
        let jana_in = login(&mut store, DEALER);
        money_log::set_chip_set(&mut store, &ChipSet::parse("25 100 500").unwrap(), &sup).unwrap();
        let new = NewTable {
            rules: Rules::preset("czech").unwrap(),
            preset: Some("czech".into()),
            limits: Limits::NONE,
        };
        let mut f = Feed::open(store, jana_in, "Pontoon 1", Some(new)).unwrap_or_else(|_| panic!());
        let signed = "by Jana Svoboda 1001 witness Petr Novak 800100";
        for line in [
            format!("count 500:20 100:5 {signed}"),
            "cash 500".into(),
            "bets 1a:100".into(),
            "10".into(),
            "7".into(),
            "10".into(),
            "stick".into(),
            "10".into(),
            "fill 100:2 by Petr Novak 800100 witness Jana Svoboda 1001".into(),
            // 100 of chips short: expected 10,100.
            format!("count change 500:19 100:5 {signed}"),
        ] {
            let a = f.line(line.as_bytes()).unwrap().unwrap().to_string();
            assert!(
                a.starts_with("ok") || a.starts_with("settled"),
                "{line}: {a}"
            );
        }
        let mut store = f.into_store();
        money_log::void_slip(&mut store, 1, "wrong table", &sup).unwrap();
        let jana = login(&mut store, DEALER);
        let drop = DropInput {
            table: "Pontoon 1".into(),
            day: chrono::NaiveDate::from_ymd_opt(2026, 1, 5).unwrap(),
            shift: 1,
            amount: Money::units(500),
        };
        let s = Signers {
            by: &sup,
            witness: &jana,
        };
        money_log::drops(&mut store, &[drop], s).unwrap();
    }
    let mut h = screen(&path);
    type_into(&mut h, "Name", "Petr Novak");
    type_into(&mut h, "PIN", "800100");
    h.key_press(Key::Enter);
    h.run();
    h.get_by_label("Supervisor desk").click();
    h.run();
    h.get_by_label("Money").click();
    h.run();
    h.get_by_label("Read the money of the period").click();
    h.run();
    assert!(
        status(&h).contains("1 shift(s) closed out"),
        "{}",
        status(&h)
    );
    let all = texts(&h);
    for want in [
        "Close-out by shift",
        "Tray counts",
        "Fill and credit slips",
        "slip 1",
        "void",
        "Drop counts",
        "shift 1",
    ] {
        assert!(all.iter().any(|t| t == want), "{want}: {all:#?}");
    }
    // The shift's difference as the close-out gives it: the 100 of chips short.
    assert!(
        all.iter().any(|t| t == "-100.00"),
        "the difference: {all:#?}"
    );
    h.get_by_label("Rounds of this shift").click();
    h.run();
    for _ in 0..1000 {
        h.step();
        if status(&h) != "searching…" {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.run_steps(8);
    let listed: Vec<String> = texts(&h)
        .into_iter()
        .filter(|t| t.starts_with("Open "))
        .collect();
    assert_eq!(
        listed.len(),
        1,
        "the shift's one round: {listed:?} ({})",
        status(&h)
    );
}
