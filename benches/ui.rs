//! CPU time per frame of the dealer screen with a full 7-box table, back bets and split
//! hands: the egui pass plus tessellation, on the CPU, no GPU; and the supervisor desk's
//! history on a database of 20,000 rounds (open, next page). Run: `cargo bench --bench ui`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use croupier::engine::{BetSpec, Limits, Money, Rules};
use croupier::log::Store;
use croupier::session::TableSession;
use croupier::session::users::{self, Role};
use croupier::ui::{DealerApp, Screen};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn main() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("ui-bench");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("table.db");
    {
        // Seven boxes, two back bets on each; box 1 split twice, box 2 once.
        let mut store = Store::open(&path).unwrap();
        users::add_user(&mut store, "Jana Svoboda", Role::Admin, "100100", None).unwrap();
        let dealer = users::login(&mut store, "Jana Svoboda", "100100", None).unwrap();
        let rules = Rules::preset("czech").unwrap();
        let mut t = TableSession::open(
            &mut store,
            dealer,
            "Pontoon 1",
            rules,
            Some("czech"),
            Limits::NONE,
        )
        .unwrap();
        let bets = (1..=7u8)
            .flat_map(|b| {
                (0..3u8).map(move |k| BetSpec {
                    id: BetSpec::id_for(b, usize::from(k)).into(),
                    box_no: b,
                    stake: Money::units(10),
                })
            })
            .collect();
        t.start_round(&mut store, bets).unwrap();
        for s in [
            "8", "8", "8", "8", "8", "8", "8", "6", "8", "8", "9", "9", "9", "9", "9", "split",
            "8", "split", "3", "twist", "5",
        ] {
            t.input_text(&mut store, s).unwrap();
        }
    }
    let app = DealerApp::open(path.clone());
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut DealerApp| app.ui(ui), app);
    h.get_by_label("Name").type_text("Jana Svoboda");
    h.get_by_label("PIN").click();
    h.run();
    h.get_by_label("PIN").type_text("100100");
    h.key_press(Key::Enter);
    h.run();
    h.get_by_label("Resume Pontoon 1 (round in play)").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Play);
    let mut app = h.into_state();
    let hands: usize = app
        .round()
        .unwrap()
        .seats()
        .iter()
        .map(|s| s.hands().len())
        .sum();

    for (w, hgt) in [(1280.0, 800.0), (1920.0, 1080.0)] {
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(w, hgt),
            )),
            ..Default::default()
        };
        for _ in 0..30 {
            let _ = ctx.run_ui(input.clone(), |ui| app.ui(ui));
        }
        let mut times: Vec<Duration> = (0..500)
            .map(|_| {
                let t0 = Instant::now();
                let out = ctx.run_ui(input.clone(), |ui| app.ui(ui));
                let prims = ctx.tessellate(out.shapes, out.pixels_per_point);
                black_box(prims);
                t0.elapsed()
            })
            .collect();
        times.sort();
        let ms = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
        println!(
            "frame at {w}x{hgt}, 7 boxes, 21 bets, {hands} hands: median {:.3} ms, p99 {:.3} ms (500 frames, egui pass + tessellation)",
            ms(0.5),
            ms(0.99)
        );
    }

    desk_pages();
}

/// The supervisor desk on a database of 20,000 rounds: opening it (its history's first
/// page, the latest 100 rounds) and turning to the next older page, each timed from the
/// click to the frame that shows it.
fn desk_pages() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("ui-bench-desk");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("demo.db");
    let rounds = 20_000;
    {
        let mut store =
            Store::open_with(&path, Box::new(croupier::session::demo::clock())).unwrap();
        croupier::session::demo::fill(&mut store, rounds, 4, 7, |_| {}).unwrap();
    }
    let app = DealerApp::open(path.clone());
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut DealerApp| app.ui(ui), app);
    h.get_by_label("Name").type_text("Petr Novak");
    h.get_by_label("PIN").click();
    h.run();
    h.get_by_label("PIN").type_text("800100");
    h.key_press(Key::Enter);
    h.run();
    let (mut open, mut older) = (Vec::new(), Vec::new());
    for _ in 0..15 {
        let t0 = Instant::now();
        h.get_by_label("Supervisor desk").click();
        h.run();
        open.push(t0.elapsed());
        assert_eq!(h.state().screen(), Screen::Desk);
        let t0 = Instant::now();
        h.get_by_label("Older >").click();
        h.run();
        older.push(t0.elapsed());
        h.get_by_label("< Back to the tables").click();
        h.run();
    }
    let median = |v: &mut Vec<Duration>| {
        v.sort();
        v[v.len() / 2].as_secs_f64() * 1e3
    };
    println!(
        "desk on {rounds} rounds: open on the latest 100 median {:.1} ms, next older page median {:.1} ms (15 times each, click to the frame that shows it)",
        median(&mut open),
        median(&mut older)
    );
}
