//! The floor on the dealer screen: the table's link state in the top bar (the link's
//! thread is `floor::Link`; this only reads its state), and for a supervisor a
//! Floor window: every table database the floor holds (head, when it was last heard from) and today's win rate
//! per table, refreshed live by a thread of its own so a slow server never stalls a frame.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use egui::{Color32, RichText, Ui};

use crate::engine::Money;
use crate::floor::{Floor, FloorSource, Link, LinkState};
use crate::i18n::{self, Lang};
use crate::panics::panic_message;
use crate::report::{self, Cell, Kind, Options, Period, key};
use crate::t;

/// The screen's floor: none, or a link and (opened by a supervisor) the floor view.
#[derive(Default)]
pub(crate) struct FloorUi {
    /// The Floor window's login: a supervisor's (`CROUPIER_FLOOR_SUPERVISOR`), since a
    /// table's own login reads only its own table databases on the floor (row-level
    /// security); without it the window shows what the table's login may read.
    view_url: Option<String>,
    link: Option<Link>,
    view: Option<FloorView>,
}

impl FloorUi {
    /// Starts the link of the table file `db` to the floor at `url`.
    pub(crate) fn start(db: PathBuf, url: Option<String>) -> FloorUi {
        let supervisor = std::env::var("CROUPIER_FLOOR_SUPERVISOR")
            .ok()
            .filter(|u| !u.is_empty());
        FloorUi {
            link: url.clone().map(|u| Link::start(db, u)),
            view_url: supervisor.or_else(|| url.clone()),
            view: None,
        }
    }

    /// The link's state now (none without a floor).
    pub(crate) fn state(&self) -> Option<LinkState> {
        self.link.as_ref().map(Link::state)
    }

    /// The link's state in the top bar; for a supervisor, the Floor button and window.
    pub(crate) fn show(&mut self, ui: &mut Ui, supervises: bool, lang: Lang) {
        let Some(state) = self.state() else {
            return;
        };
        ui.separator();
        let color = match state {
            LinkState::InSync { .. } => Color32::LIGHT_GREEN,
            LinkState::Behind { .. } | LinkState::Connecting => Color32::from_rgb(255, 200, 80),
            LinkState::Unreachable { .. }
            | LinkState::Refused { .. }
            | LinkState::Stopped { .. } => Color32::from_rgb(255, 90, 90),
        };
        let hover = match &state {
            LinkState::Unreachable { why, .. } | LinkState::Refused { why } => why.clone(),
            LinkState::Stopped { panic } => panic.clone(),
            _ => t!(lang, "floor-link-durable"),
        };
        ui.label(RichText::new(link_text(lang, &state)).color(color))
            .on_hover_text(hover);
        ui.ctx().request_repaint_after(Duration::from_millis(500));
        if supervises && ui.button(t!(lang, "floor-button")).clicked() {
            self.view = match self.view.take() {
                Some(_) => None,
                None => self.view_url.clone().map(FloorView::open),
            };
        }
        let mut open = self.view.is_some();
        if let Some(v) = &self.view {
            egui::Window::new(t!(lang, "floor-window"))
                .open(&mut open)
                .default_width(760.0)
                .show(ui.ctx(), |ui| v.show(ui, lang));
        }
        if !open {
            self.view = None;
        }
    }
}

/// The link's state in words, as the top bar says it.
fn link_text(lang: Lang, state: &LinkState) -> String {
    match state {
        LinkState::Connecting => t!(lang, "floor-link-connecting"),
        LinkState::InSync { head } => t!(lang, "floor-link-in-sync", event = *head),
        LinkState::Behind { events } => t!(lang, "floor-link-behind", n = *events),
        LinkState::Unreachable { since, .. } => t!(
            lang,
            "floor-link-unreachable",
            since = chrono::DateTime::from_timestamp_millis(*since)
                .map(|t| i18n::time(lang, t.time()))
                .unwrap_or_default()
        ),
        LinkState::Refused { .. } => t!(lang, "floor-link-refused"),
        LinkState::Stopped { panic } => t!(lang, "floor-link-stopped", panic = panic.as_str()),
    }
}

/// When the floor last heard from a table database, as the language writes a date
/// (`30. 11. 2026 05:01:32 UTC`); a time the floor wrote otherwise is shown as it is.
fn heard(lang: Lang, floor_time: &str) -> String {
    match chrono::NaiveDateTime::parse_from_str(floor_time, "%Y-%m-%d %H:%M:%S UTC") {
        Ok(t) => format!(
            "{} {} UTC",
            i18n::date(lang, t.date()),
            t.format("%H:%M:%S")
        ),
        Err(_) => floor_time.to_string(),
    }
}

/// One table's day on the floor.
#[derive(Clone, Debug)]
struct TableDay {
    /// The table's cell: its name, or its name and database where two databases share
    /// the name, worded in the screen's language when shown ([`report::cell_words`]).
    table: Cell,
    rounds: i64,
    handle: Money,
    house_win: Money,
    /// `None` when nothing was staked.
    win_rate: Option<f64>,
}

/// What the floor view shows, as last read.
#[derive(Clone, Debug, Default)]
struct Snapshot {
    /// (identity, file, head, last sync)
    databases: Vec<(String, String, i64, Option<String>)>,
    /// Today (the gaming day now is in: `read`), per table.
    today: Vec<TableDay>,
    alarms: usize,
    /// When it was read (UTC); `None` until the first read.
    read_at: Option<chrono::NaiveTime>,
    error: Option<Arc<ReadError>>,
}

/// Why a read of the floor failed: kept whole, shown as the library words it.
#[derive(Debug, thiserror::Error)]
enum ReadError {
    #[error(transparent)]
    Floor(#[from] crate::floor::FloorError),
    #[error(transparent)]
    Period(#[from] report::PeriodError),
    #[error(transparent)]
    Report(#[from] crate::log::AuditError),
    /// The reader's thread panicked: the view reads no more, and this is what it said.
    #[error("the floor view's reader stopped: {message}")]
    Panicked { message: String },
}

/// How often the floor view reads the floor.
const READ_EVERY: Duration = Duration::from_secs(3);

/// The floor view: a thread reads the floor every [`READ_EVERY`] until the view closes.
struct FloorView {
    snap: Arc<Mutex<Snapshot>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl FloorView {
    fn open(url: String) -> FloorView {
        FloorView::reading(READ_EVERY, move |now| read(&url, now))
    }

    /// Reads with `read` every `every` on a thread of its own; a panic there ends the
    /// reading and leaves what the panic said as the view's error (never a view that
    /// silently stops refreshing).
    fn reading(
        every: Duration,
        read: impl Fn(chrono::DateTime<chrono::Utc>) -> Result<Snapshot, ReadError> + Send + 'static,
    ) -> FloorView {
        let snap = Arc::new(Mutex::new(Snapshot::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let (s, st) = (snap.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            let last = || s.lock().unwrap_or_else(PoisonError::into_inner).clone();
            while !st.load(Ordering::Relaxed) {
                let now = chrono::Utc::now();
                let fresh = match catch_unwind(AssertUnwindSafe(|| read(now))) {
                    Ok(r) => r,
                    Err(p) => Err(ReadError::Panicked {
                        message: panic_message(p.as_ref()),
                    }),
                };
                let stopped = matches!(fresh, Err(ReadError::Panicked { .. }));
                let fresh = fresh.unwrap_or_else(|e| Snapshot {
                    error: Some(Arc::new(e)),
                    ..last()
                });
                *s.lock().unwrap_or_else(PoisonError::into_inner) = Snapshot {
                    read_at: Some(now.time()),
                    ..fresh
                };
                if stopped {
                    break;
                }
                let next = std::time::Instant::now() + every;
                while !st.load(Ordering::Relaxed) {
                    let left = next.saturating_duration_since(std::time::Instant::now());
                    if left.is_zero() {
                        break;
                    }
                    std::thread::sleep(left.min(Duration::from_millis(100)));
                }
            }
        });
        FloorView {
            snap,
            stop,
            thread: Some(thread),
        }
    }

    fn show(&self, ui: &mut Ui, lang: Lang) {
        let s = self
            .snap
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        ui.label(match s.read_at {
            Some(at) => t!(
                lang,
                "floor-read-at",
                time = at.format("%H:%M:%S").to_string()
            ),
            None => t!(lang, "floor-reading"),
        });
        if let Some(e) = &s.error {
            ui.label(RichText::new(e.to_string()).color(Color32::from_rgb(255, 90, 90)));
        }
        if s.alarms > 0 {
            ui.label(
                RichText::new(t!(lang, "floor-alarms", n = s.alarms))
                    .color(Color32::from_rgb(255, 90, 90))
                    .strong(),
            );
        }
        ui.heading(t!(lang, "floor-today-heading"));
        egui::Grid::new("floor-today").striped(true).show(ui, |ui| {
            for h in [
                t!(lang, "floor-col-table"),
                t!(lang, "floor-col-rounds"),
                t!(lang, "floor-col-handle"),
                t!(lang, "floor-col-house-win"),
                t!(lang, "floor-col-win-rate"),
            ] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for d in &s.today {
                ui.label(report::cell_words(&d.table, lang, None));
                ui.label(d.rounds.to_string());
                ui.label(i18n::amount(lang, d.handle));
                ui.label(i18n::amount(lang, d.house_win));
                ui.label(
                    d.win_rate
                        .map(|h| format!("{}\u{a0}%", i18n::decimal(lang, h, 2)))
                        .unwrap_or_else(|| "—".into()),
                );
                ui.end_row();
            }
        });
        ui.heading(t!(lang, "floor-dbs-heading"));
        egui::Grid::new("floor-dbs").striped(true).show(ui, |ui| {
            for h in [
                t!(lang, "floor-col-identity"),
                t!(lang, "floor-col-file"),
                t!(lang, "floor-col-events"),
                t!(lang, "floor-col-last-heard"),
            ] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            let never = t!(lang, "floor-never");
            for (id, path, head, last) in &s.databases {
                ui.label(id);
                ui.label(path);
                ui.label(head.to_string());
                ui.label(last.as_deref().map_or(never.clone(), |t| heard(lang, t)));
                ui.end_row();
            }
        });
    }
}

impl Drop for FloorView {
    /// Tells the reader to stop and leaves it (never joined on the UI thread: it may be
    /// inside a connect or a query; both time out).
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.take();
    }
}

/// One read of the floor: its table databases, today's summary per table (the same
/// report code as `croupier report --floor`), its alarms.
fn read(url: &str, now: chrono::DateTime<chrono::Utc>) -> Result<Snapshot, ReadError> {
    let mut floor = Floor::connect(url)?;
    let alarms = floor.alarms()?;
    let alarms = alarms.iter().filter(|a| a.stands()).count();
    let mut src = FloorSource::open(floor)?;
    // Today: the gaming day now is in by the tables' calendars (a night shift after
    // midnight is still the day before); the UTC date if the tables' days differ.
    let cals = report::calendars::Calendars::read(&mut src)?;
    let day = cals.one_day(src.databases().len(), now.timestamp_millis());
    let day = day.unwrap_or(now.date_naive()).to_string();
    let o = Options {
        kind: Kind::Summary,
        period: Period::parse(&day, &day)?,
        table: None,
        dealer: None,
        threshold: crate::engine::Money::units(1000),
        verify: false,
        generated_by: "floor view",
        generated_at: "",
    };
    let r = report::build_from(&mut src, &o, |_| {})?;
    let today = r.section(key::BY_DAY).map(table_days).unwrap_or_default();
    Ok(Snapshot {
        databases: src.databases(),
        today,
        alarms,
        read_at: None,
        error: None,
    })
}

/// The summary's "by day" section as the floor view's rows, a table each.
fn table_days(s: &report::Section) -> Vec<TableDay> {
    let money = |c: Option<&Cell>| match c {
        Some(Cell::Money(m)) => *m,
        _ => Money::ZERO,
    };
    s.rows
        .iter()
        .map(|row| TableDay {
            table: s
                .cell(row, key::TABLE)
                .cloned()
                .unwrap_or(Cell::Text(String::new())),
            rounds: match s.cell(row, key::ROUNDS) {
                Some(Cell::Int(n)) => *n,
                _ => 0,
            },
            handle: money(s.cell(row, key::HANDLE)),
            house_win: money(s.cell(row, key::HOUSE_WIN)),
            win_rate: match s.cell(row, key::WIN_RATE) {
                Some(Cell::Percent(p)) => *p,
                _ => None,
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table two databases share is said with its database in the screen's language,
    /// not in English; a table of its own name as it is.
    #[test]
    fn a_shared_table_name_in_the_screen_language() {
        let s = report::Section {
            name: key::BY_DAY.into(),
            columns: vec![key::TABLE, key::ROUNDS],
            rows: vec![
                vec![
                    Cell::from(report::Detail::TableIn {
                        table: "Pontoon 1".into(),
                        db: 1,
                    }),
                    Cell::Int(3),
                ],
                vec![Cell::Text("Pontoon 2".into()), Cell::Int(4)],
            ],
        };
        let days = table_days(&s);
        let words = |lang, i: usize| report::cell_words(&days[i].table, lang, None);
        assert_eq!(words(Lang::Cs, 0), "Pontoon 1 (databáze 2)");
        assert_eq!(words(Lang::En, 0), "Pontoon 1 (database 2)");
        assert!(!words(Lang::Uk, 0).contains("database"));
        assert!(!words(Lang::Ru, 0).contains("database"));
        assert_eq!(words(Lang::Ru, 1), "Pontoon 2");
        assert_eq!(days[1].rounds, 4);
    }

    /// The floor's time of last contact in each language's date; anything else as it is.
    #[test]
    fn last_heard_in_the_language() {
        let t = "2026-11-30 05:01:32 UTC";
        assert_eq!(heard(Lang::Cs, t), "30. 11. 2026 05:01:32 UTC");
        assert_eq!(heard(Lang::Uk, t), "30.11.2026 05:01:32 UTC");
        assert_eq!(heard(Lang::En, t), "30 Nov 2026 05:01:32 UTC");
        assert_eq!(heard(Lang::Ru, "soon"), "soon");
    }

    /// The link's state in words: the English the tests and the log know, and Czech.
    #[test]
    fn the_link_in_words() {
        let s = LinkState::InSync { head: 6874 };
        assert_eq!(link_text(Lang::En, &s), s.text());
        assert_eq!(link_text(Lang::Cs, &s), "floor: srovnáno (událost 6874)");
        let behind = |n| LinkState::Behind { events: n };
        assert_eq!(link_text(Lang::En, &behind(3)), behind(3).text());
        assert_eq!(
            link_text(Lang::Ru, &behind(3)),
            "флор: отстаёт на 3 события"
        );
        assert_eq!(link_text(Lang::Uk, &behind(5)), "флор: відстає на 5 подій");
        let stopped = LinkState::Stopped {
            panic: "index out of bounds".into(),
        };
        assert_eq!(link_text(Lang::En, &stopped), stopped.text());
        assert_eq!(
            link_text(Lang::Uk, &stopped),
            "флор: зв'язок ЗУПИНЕНО: index out of bounds"
        );
    }

    /// A Floor window whose reader panics shows what the panic said, in the window, and
    /// reads no more (before, the thread died and the window kept its last figures
    /// without a word).
    #[test]
    fn a_floor_view_whose_reader_panics_shows_its_message() {
        let reads = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let n = reads.clone();
        // Reading every 10 ms: were a panic not to stop it, 400 ms would see ~40 reads.
        let view = FloorView::reading(Duration::from_millis(10), move |_| {
            n.fetch_add(1, Ordering::Relaxed);
            panic!("no row for table {}", "T7")
        });
        let error = || {
            view.snap
                .lock()
                .unwrap()
                .error
                .as_ref()
                .map(|e| e.to_string())
        };
        let until = std::time::Instant::now() + Duration::from_secs(10);
        while error().is_none() && std::time::Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(
            error().as_deref(),
            Some("the floor view's reader stopped: no row for table T7")
        );
        use egui_kittest::kittest::Queryable;
        let mut h = egui_kittest::Harness::new_ui(|ui| view.show(ui, Lang::En));
        h.run();
        h.get_by_label("the floor view's reader stopped: no row for table T7");
        std::thread::sleep(Duration::from_millis(400));
        assert_eq!(reads.load(Ordering::Relaxed), 1, "it reads no more");
    }
}
