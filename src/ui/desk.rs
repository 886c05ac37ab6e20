//! The supervisor's desk: round history with filters, a round stepped through input by
//! input, voids and corrections with a reason, verification at a glance, charts, and the
//! report export. Reads through `report` and `audit`; writes only through
//! `audit::exceptions`. No SQL here. Drawing returns `DeskCommand`s; the app carries them
//! out after the frame (`Desk::apply`) and shows what they said.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, channel};

use egui::{Color32, RichText, Ui};
use egui_plot::{Bar, BarChart, GridInput, GridMark, Line, Plot, PlotPoints, Points};

use crate::audit::Store;
use crate::audit::exceptions::{self, Correction};
use crate::audit::payload::{NetData, Payload};
use crate::audit::pontis::{GameRow, game_rows};
use crate::audit::replay::{self, RoundHistory};
use crate::audit::users::User;
use crate::engine::Money;
use crate::report::{self, Kind, Period, RoundRow, Series};
use crate::ui::felt::table_view;

/// Which part of the desk is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tab {
    History,
    Round,
    Charts,
    /// The Pontis games (table, host, players, length, how they ended).
    Pontis,
}

/// The desk's state (forms, the last search, the round open).
pub(crate) struct Desk {
    pub(crate) tab: Tab,
    from: String,
    to: String,
    table: String,
    dealer: String,
    shift: String,
    box_no: String,
    outcome: String,
    min_payout: String,
    /// The rounds listed, newest first: a page of the latest, or what a search found.
    rows: Vec<RoundRow>,
    listing: Listing,
    games: Vec<GameRow>,
    history: Option<RoundHistory>,
    cursor: usize,
    reason: String,
    correction: String,
    preview: Option<Correction>,
    series: Series,
    verify: Option<Result<String, String>>,
    verifying: Option<Receiver<Result<String, String>>>,
    /// A search running in the background, then what it found (taken by `SearchDone`).
    searching: Option<Receiver<Result<Found, String>>>,
    found: Option<Result<Found, String>>,
    /// The latest-rounds listing has an older page.
    older: bool,
    /// The first page lists only the current shift's rounds: its name ("evening 14-22").
    in_shift: Option<&'static str>,
}

/// What a background search found: the rounds, newest first, at most `SEARCH_CAP`.
struct Found {
    rows: Vec<RoundRow>,
    series: Series,
    /// More rounds matched than `SEARCH_CAP`: the newest are kept.
    capped: bool,
}

/// The most rounds a search keeps (the newest that match): a search over a large database
/// never holds more than this and a page of the scan.
pub(crate) const SEARCH_CAP: usize = 10_000;

/// Rounds a search reads a time, newest first by the `round_figures` index.
const SCAN_PAGE: usize = 2_000;

/// A search's filters, checked on the desk and carried to the background.
struct Filters {
    from: i64,
    to: i64,
    table: String,
    dealer: String,
    shift: String,
    outcome: String,
    min: Option<Money>,
    box_no: Option<u8>,
}

/// Rounds a history page lists.
pub(crate) const PAGE: usize = 100;

/// What the history lists.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Listing {
    /// The latest rounds a page at a time, read from the database: where each page shown
    /// so far began (`None`: the newest), the one listed last.
    Latest(Vec<Option<(i64, i64)>>),
    /// What a search found (all in `rows`), page `n` of it listed.
    Found(usize),
}

/// What the supervisor asked the desk for, carried out after the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DeskCommand {
    /// The newest rounds (the desk opens on them).
    Latest,
    /// The next page toward older rounds, or back toward newer ones.
    Older,
    Newer,
    Search,
    /// The background search finished: list what it found.
    SearchDone,
    Open(i64),
    Void,
    Preview,
    Correct,
    Verify,
    Export(Kind),
    /// The Pontis games of the period, table and host.
    SearchGames,
}

impl Desk {
    pub(crate) fn new() -> Desk {
        Desk {
            tab: Tab::History,
            from: String::new(),
            to: String::new(),
            table: String::new(),
            dealer: String::new(),
            shift: String::new(),
            box_no: String::new(),
            outcome: String::new(),
            min_payout: String::new(),
            rows: Vec::new(),
            listing: Listing::Latest(vec![None]),
            games: Vec::new(),
            history: None,
            cursor: 0,
            reason: String::new(),
            correction: String::new(),
            preview: None,
            series: Series::default(),
            verify: None,
            verifying: None,
            searching: None,
            found: None,
            older: false,
            in_shift: None,
        }
    }

    /// Draws the desk; returns what was asked, for `apply` after the frame.
    pub(crate) fn ui(&mut self, ui: &mut Ui) -> Vec<DeskCommand> {
        if let Some(rx) = &self.verifying
            && let Ok(v) = rx.try_recv()
        {
            self.verify = Some(v);
            self.verifying = None;
        }
        if self.verifying.is_some() {
            ui.ctx().request_repaint();
        }
        let mut commands = Vec::new();
        if let Some(rx) = &self.searching {
            match rx.try_recv() {
                Ok(f) => {
                    self.found = Some(f);
                    self.searching = None;
                    commands.push(DeskCommand::SearchDone);
                    // The next frame lists what was found.
                    ui.ctx().request_repaint();
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => {
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_millis(50));
                }
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    self.searching = None;
                    self.found = Some(Err("the search stopped unexpectedly".into()));
                    commands.push(DeskCommand::SearchDone);
                }
            }
        }
        ui.horizontal(|ui| {
            ui.heading("Supervisor desk");
            for (t, label) in [
                (Tab::History, "Round history"),
                (Tab::Round, "Round"),
                (Tab::Charts, "Charts"),
                (Tab::Pontis, "Pontis games"),
            ] {
                ui.selectable_value(&mut self.tab, t, RichText::new(label).size(18.0));
            }
            ui.separator();
            match (&self.verify, &self.verifying) {
                (_, Some(_)) => {
                    ui.spinner();
                    ui.label("verifying…");
                }
                (Some(Ok(v)), _) => {
                    ui.label(RichText::new(format!("VERIFIED: {v}")).color(Color32::LIGHT_GREEN));
                }
                (Some(Err(e)), _) => {
                    ui.label(
                        RichText::new(format!("NOT VERIFIED: {e}"))
                            .color(Color32::from_rgb(255, 90, 90)),
                    );
                }
                (None, None) => {
                    ui.label("not verified yet");
                }
            }
            if ui.button("Verify now").clicked() {
                commands.push(DeskCommand::Verify);
            }
        });
        ui.separator();
        match self.tab {
            Tab::History => self.history_tab(ui, &mut commands),
            // The step-through, then void and correct: scrolled on a small screen.
            Tab::Round => {
                egui::ScrollArea::vertical()
                    .id_salt("round-tab")
                    .show(ui, |ui| self.round_tab(ui, &mut commands));
            }
            Tab::Charts => self.charts_tab(ui, &mut commands),
            Tab::Pontis => self.games_tab(ui, &mut commands),
        }
        commands
    }

    fn period(&self) -> Result<Period, String> {
        let today = chrono::Utc::now().date_naive().to_string();
        let from = if self.from.trim().is_empty() {
            "2000-01-01"
        } else {
            self.from.trim()
        };
        let to = if self.to.trim().is_empty() {
            today.as_str()
        } else {
            self.to.trim()
        };
        Period::parse(from, to)
    }

    /// Carries out `a` on `store` for `user` (a supervisor or admin): what was done
    /// (`Ok`), or refused with why (`Err`); `None` when there was nothing to act on.
    pub(crate) fn apply(
        &mut self,
        a: DeskCommand,
        store: &mut Store,
        user: &User,
    ) -> Option<Result<String, String>> {
        let result: Result<String, String> = match a {
            DeskCommand::Latest => self.latest(store, vec![None]),
            DeskCommand::Older => match (&self.listing, self.rows.last()) {
                (Listing::Latest(pages), Some(last)) => {
                    let mut pages = pages.clone();
                    pages.push(Some((last.at, last.round)));
                    self.latest(store, pages)
                }
                (Listing::Found(n), _) if (n + 1) * PAGE < self.rows.len() => {
                    self.listing = Listing::Found(n + 1);
                    return None;
                }
                _ => return None,
            },
            DeskCommand::Newer => match &self.listing {
                Listing::Latest(pages) if pages.len() > 1 => {
                    let pages = pages[..pages.len() - 1].to_vec();
                    self.latest(store, pages)
                }
                Listing::Found(n) if *n > 0 => {
                    self.listing = Listing::Found(n - 1);
                    return None;
                }
                _ => return None,
            },
            DeskCommand::Search => self.search(store),
            DeskCommand::SearchDone => match self.found.take() {
                Some(Ok(f)) => {
                    self.rows = f.rows;
                    self.series = f.series;
                    self.listing = Listing::Found(0);
                    Ok(if f.capped {
                        format!(
                            "over {SEARCH_CAP} rounds found: the newest {SEARCH_CAP} listed \
                             and charted (narrow the search for the rest)"
                        )
                    } else {
                        format!("{} rounds found", self.rows.len())
                    })
                }
                Some(Err(e)) => Err(e),
                None => return None,
            },
            DeskCommand::Open(round) => match RoundHistory::load(store, round) {
                Ok(h) => {
                    self.cursor = h.events.len().saturating_sub(1);
                    // A round still in play has no logged inputs to correct.
                    let steps = replay::export_round(store, round)
                        .map(|(script, _)| script.steps)
                        .unwrap_or_default();
                    self.correction = steps.join(", ");
                    self.preview = None;
                    self.history = Some(h);
                    self.tab = Tab::Round;
                    Ok(format!("round {round} open"))
                }
                Err(e) => Err(e.to_string()),
            },
            DeskCommand::Void => {
                let Some(h) = &self.history else { return None };
                let round = h.round;
                exceptions::void_round(store, user, round, &self.reason)
                    .map(|()| format!("round {round} voided: logged with the reason"))
                    .map_err(|e| e.to_string())
            }
            DeskCommand::Preview | DeskCommand::Correct => {
                let Some(h) = &self.history else { return None };
                let round = h.round;
                // One input per comma: "9, K, insure 1a 5, stick".
                let steps: Vec<String> = self
                    .correction
                    .split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect();
                let r = if matches!(a, DeskCommand::Correct) {
                    exceptions::correct_round(store, user, round, steps, &self.reason)
                } else {
                    exceptions::preview(store, round, steps)
                };
                match r {
                    Ok(c) => {
                        let done = matches!(a, DeskCommand::Correct);
                        self.preview = Some(c);
                        Ok(if done {
                            format!("round {round} corrected: logged with the reason")
                        } else {
                            "preview: nothing written yet".into()
                        })
                    }
                    Err(e) => Err(e.to_string()),
                }
            }
            DeskCommand::Verify => {
                let path = store.path().to_path_buf();
                let (tx, rx) = channel();
                std::thread::spawn(move || {
                    let r = Store::open_read(&path)
                        .map_err(|e| e.to_string())
                        .and_then(|s| {
                            replay::verify(&s, |_| {})
                                .map(|v| {
                                    let games = if v.games > 0 {
                                        format!(", {} Pontis games", v.games)
                                    } else {
                                        String::new()
                                    };
                                    format!(
                                        "{} events, {} rounds{games}, head {}…",
                                        v.events,
                                        v.rounds,
                                        v.head.1.get(..12).unwrap_or(&v.head.1)
                                    )
                                })
                                .map_err(|e| e.to_string())
                        });
                    let _ = tx.send(r);
                });
                self.verifying = Some(rx);
                Ok("verifying in the background".into())
            }
            DeskCommand::Export(kind) => self.export(store, user, kind),
            DeskCommand::SearchGames => self.search_games(store),
        };
        Some(result)
    }

    /// Lists the page of the latest rounds that begins at the last of `pages`.
    fn latest(&mut self, store: &Store, pages: Vec<Option<(i64, i64)>>) -> Result<String, String> {
        let before = pages.last().copied().flatten();
        // One more than a page: whether an older page exists, so Older is offered only then.
        let mut rows =
            report::data::latest_rounds(store, before, PAGE + 1).map_err(|e| e.to_string())?;
        if rows.is_empty() && pages.len() > 1 {
            return Err("no older rounds".into());
        }
        // The first page: the current shift's rounds (by the store's clock) when it has
        // any; else the latest rounds. Older pages go on from the last row listed.
        let since = report::data::shift_start(store.now());
        self.in_shift = None;
        if pages.len() == 1 && rows.first().is_some_and(|r| r.at >= since) {
            self.in_shift = Some(report::data::shift_of(store.now()).1);
            let n = rows.iter().take_while(|r| r.at >= since).count();
            self.older = rows.len() > n.min(PAGE);
            rows.truncate(n.min(PAGE));
        } else {
            self.older = rows.len() > PAGE;
            rows.truncate(PAGE);
        }
        self.rows = rows;
        // Each day's theoretical hold beside its actual one, as a search gives it.
        let to = self.rows.first().map_or(0, |r| r.at + 1);
        let th = report::theory::Theories::read(
            &mut report::data::Files(std::slice::from_ref(store)),
            &self.rows,
            to,
        )
        .unwrap_or_default();
        self.series = report::series_with(&self.rows, &th);
        let n = pages.len();
        self.listing = Listing::Latest(pages);
        Ok(match (n, self.in_shift) {
            (1, _) if self.rows.is_empty() => "no settled rounds yet".to_string(),
            (1, Some(shift)) => format!(
                "today's {shift} shift: {} rounds, newest first",
                self.rows.len()
            ),
            (1, None) => format!(
                "none yet in this shift: the latest {} rounds, newest first",
                self.rows.len()
            ),
            (n, _) => format!("page {n} of the rounds, newest first"),
        })
    }

    /// Checks the filters here, then searches in the background (`SearchDone` lists it):
    /// the desk stays live on a database of millions of rounds.
    fn search(&mut self, store: &Store) -> Result<String, String> {
        if self.searching.is_some() {
            return Err("a search is already running".into());
        }
        let period = self.period()?;
        let (from, to) = period.ms();
        let min = if self.min_payout.trim().is_empty() {
            None
        } else {
            Some(Money::parse(&self.min_payout).map_err(|e| format!("payout: {e}"))?)
        };
        let box_no = if self.box_no.trim().is_empty() {
            None
        } else {
            Some(
                self.box_no
                    .trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|b| (1..=7).contains(b))
                    .ok_or_else(|| {
                        format!(
                            "box \"{}\": expected a box number 1 to 7",
                            self.box_no.trim()
                        )
                    })?,
            )
        };
        let f = Filters {
            from,
            to,
            table: self.table.trim().to_lowercase(),
            dealer: self.dealer.trim().to_lowercase(),
            shift: self.shift.trim().to_lowercase(),
            outcome: self.outcome.trim().to_string(),
            min,
            box_no,
        };
        let path = store.path().to_path_buf();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let found = Store::open_read(&path)
                .map_err(|e| e.to_string())
                .and_then(|s| find(&s, &f).map_err(|e| e.to_string()));
            let _ = tx.send(found);
        });
        self.searching = Some(rx);
        Ok("searching…".into())
    }

    fn search_games(&mut self, store: &Store) -> Result<String, String> {
        let (a, b) = self.period()?.ms();
        let like = |field: &str, want: &str| {
            want.trim().is_empty() || field.to_lowercase().contains(&want.trim().to_lowercase())
        };
        self.games = game_rows(store, 0, a, b)
            .map_err(|e| e.to_string())?
            .into_iter()
            .filter(|g| like(&g.table, &self.table) && like(&g.host, &self.dealer))
            .collect();
        Ok(format!("{} Pontis games found", self.games.len()))
    }

    fn games_tab(&mut self, ui: &mut Ui, commands: &mut Vec<DeskCommand>) {
        ui.horizontal_wrapped(|ui| {
            Self::field(ui, "From", &mut self.from, 90.0);
            Self::field(ui, "To", &mut self.to, 90.0);
            Self::field(ui, "Table", &mut self.table, 90.0);
            Self::field(ui, "Host", &mut self.dealer, 110.0);
            if ui
                .button(RichText::new("Search games").size(18.0))
                .clicked()
            {
                commands.push(DeskCommand::SearchGames);
            }
        });
        ui.label("Each game's inputs are replayed by Verify; `croupier export-game --game N` gives one back as a game script.");
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new("pontis-games")
                .striped(true)
                .spacing([14.0, 4.0])
                .show(ui, |ui| {
                    for h in [
                        "game", "started", "table", "host", "players", "inputs", "end", "winners",
                    ] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for g in self.games.iter().rev().take(500) {
                        ui.label(g.game.to_string());
                        ui.label(crate::audit::store::format_time(g.started));
                        ui.label(&g.table);
                        ui.label(&g.host);
                        ui.label(g.players.join(", "));
                        ui.label(g.inputs.map(|n| n.to_string()).unwrap_or_default());
                        ui.label(g.ended.as_ref().map_or("in play", |(_, e)| e.as_str()));
                        ui.label(g.winners.join(", "));
                        ui.end_row();
                    }
                });
        });
    }

    fn export(&mut self, store: &Store, user: &User, kind: Kind) -> Result<String, String> {
        let period = self.period()?;
        let stores = [Store::open_read(store.path()).map_err(|e| e.to_string())?];
        let at = chrono::Utc::now()
            .format("%Y-%m-%d %H:%M:%S UTC")
            .to_string();
        let by = format!("{} ({})", user.name, user.role.name());
        let table = (!self.table.trim().is_empty()).then(|| self.table.trim().to_string());
        let dealer = (!self.dealer.trim().is_empty()).then(|| self.dealer.trim().to_string());
        let o = report::Options {
            kind,
            period,
            table: table.as_deref(),
            dealer: dealer.as_deref(),
            threshold: Money::units(1000),
            verify: true,
            generated_by: &by,
            generated_at: &at,
        };
        let r = report::build(&stores, &o, |_| {}).map_err(|e| e.to_string())?;
        let dir = PathBuf::from("reports");
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        // Never over an earlier export: the next free name, written only if still free.
        let name = report::file_name(&r, "html");
        let stem = name.strip_suffix(".html").unwrap_or(&name).to_string();
        let html = report::render_html(&r);
        for n in 1.. {
            let path = match n {
                1 => dir.join(&name),
                n => dir.join(format!("{stem}-{n}.html")),
            };
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(mut f) => {
                    use std::io::Write;
                    f.write_all(html.as_bytes())
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                    return Ok(format!("exported {}", path.display()));
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => {}
                Err(e) => return Err(format!("{}: {e}", path.display())),
            }
        }
        Err("no free file name in reports/".into())
    }

    fn field(ui: &mut Ui, label: &str, value: &mut String, width: f32) {
        let l = ui.label(label);
        ui.add(egui::TextEdit::singleline(value).desired_width(width))
            .labelled_by(l.id);
    }

    fn history_tab(&mut self, ui: &mut Ui, commands: &mut Vec<DeskCommand>) {
        ui.horizontal_wrapped(|ui| {
            Self::field(ui, "From", &mut self.from, 90.0);
            Self::field(ui, "To", &mut self.to, 90.0);
            Self::field(ui, "Table", &mut self.table, 90.0);
            Self::field(ui, "Dealer", &mut self.dealer, 110.0);
            Self::field(ui, "Shift", &mut self.shift, 70.0);
            Self::field(ui, "Box", &mut self.box_no, 30.0);
            Self::field(ui, "Outcome", &mut self.outcome, 70.0);
            Self::field(ui, "Payout at least", &mut self.min_payout, 70.0);
            if ui.button(RichText::new("Search").size(18.0)).clicked() {
                commands.push(DeskCommand::Search);
            }
            ui.menu_button(RichText::new("Export report").size(18.0), |ui| {
                for k in [Kind::Summary, Kind::Rounds, Kind::Dealers, Kind::Exceptions] {
                    if ui.button(k.title()).clicked() {
                        commands.push(DeskCommand::Export(k));
                    }
                }
            });
        });
        ui.label("Dates YYYY-MM-DD (UTC); shift: day, evening or night; outcome: house, players or void.");
        ui.separator();
        let (shown, what) = match self.listing {
            Listing::Latest(ref pages) => (
                &self.rows[..],
                if pages.len() == 1 {
                    match self.in_shift {
                        Some(shift) => format!("Today's {shift} shift, newest first"),
                        None => "Latest rounds, newest first".to_string(),
                    }
                } else {
                    format!("Older rounds, newest first (page {})", pages.len())
                },
            ),
            Listing::Found(n) => {
                let a = (n * PAGE).min(self.rows.len());
                let b = ((n + 1) * PAGE).min(self.rows.len());
                (
                    &self.rows[a..b],
                    format!(
                        "{} rounds found, newest first: {}–{}",
                        self.rows.len(),
                        a + usize::from(b > a),
                        b
                    ),
                )
            }
        };
        let first_page = matches!(&self.listing, Listing::Latest(p) if p.len() == 1)
            || self.listing == Listing::Found(0);
        let last_page = match self.listing {
            Listing::Latest(_) => !self.older,
            Listing::Found(n) => (n + 1) * PAGE >= self.rows.len(),
        };
        ui.horizontal(|ui| {
            ui.label(RichText::new(what).size(18.0).strong());
            if ui
                .add_enabled(!first_page, egui::Button::new("< Newer"))
                .clicked()
            {
                commands.push(DeskCommand::Newer);
            }
            if ui
                .add_enabled(!last_page, egui::Button::new("Older >"))
                .clicked()
            {
                commands.push(DeskCommand::Older);
            }
            if ui.button("Latest").clicked() {
                commands.push(DeskCommand::Latest);
            }
        });
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new("history")
                .striped(true)
                .spacing([14.0, 4.0])
                .show(ui, |ui| {
                    for h in [
                        "round",
                        "settled",
                        "table",
                        "dealer",
                        "handle",
                        "house win",
                        "largest win",
                        "",
                    ] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for r in shown {
                        ui.label(r.round.to_string());
                        ui.label(crate::audit::store::format_time(r.at));
                        ui.label(&r.table);
                        ui.label(&r.dealer);
                        ui.label(r.figures.handle.to_string());
                        ui.label(r.figures.house_net.to_string());
                        ui.label(r.figures.max_net.to_string());
                        let label = if r.voided {
                            format!("Open {} (void)", r.round)
                        } else {
                            format!("Open {}", r.round)
                        };
                        if ui.button(label).clicked() {
                            commands.push(DeskCommand::Open(r.round));
                        }
                        ui.end_row();
                    }
                });
        });
    }

    fn round_tab(&mut self, ui: &mut Ui, commands: &mut Vec<DeskCommand>) {
        let Some(h) = &self.history else {
            ui.label("Open a round from the history.");
            return;
        };
        let was = self.cursor;
        ui.horizontal(|ui| {
            ui.heading(format!("Round {}", h.round));
            if ui.button("|< first").clicked() {
                self.cursor = 0;
            }
            if ui.button("< back").clicked() {
                self.cursor = self.cursor.saturating_sub(1);
            }
            if ui.button("next >").clicked() {
                self.cursor = (self.cursor + 1).min(h.events.len().saturating_sub(1));
            }
            if ui.button("last >|").clicked() {
                self.cursor = h.events.len().saturating_sub(1);
            }
        });
        // The table as it stood after the input picked: the cards laid out again.
        let r = h.state_after(self.cursor);
        ui.label(
            RichText::new(format!(
                "After input {} of {} — next: {}",
                self.cursor + 1,
                h.events.len(),
                r.expected()
            ))
            .size(18.0)
            .strong(),
        );
        table_view(ui, &r, None);
        if r.is_complete() {
            let nets: Vec<String> = (0..r.bet_count())
                .map(|b| format!("{} {}", r.bet_id(b), r.bet_net(b)))
                .collect();
            ui.label(RichText::new(format!("Nets: {}", nets.join(" · "))).size(18.0));
        }
        ui.add_space(4.0);
        egui::ScrollArea::vertical()
            .id_salt("events")
            .max_height(170.0)
            .show(ui, |ui| {
                for (i, e) in h.events.iter().enumerate() {
                    let what = match e.payload() {
                        Ok(Payload::RoundStarted(s)) => format!(
                            "bets: {}",
                            s.bets
                                .iter()
                                .map(|b| format!("{} on box {}, {}", b.id, b.box_no, b.stake))
                                .collect::<Vec<_>>()
                                .join(" · ")
                        ),
                        Ok(Payload::Step(s)) => format!("input  {}", s.text),
                        Ok(Payload::StepRefused(r)) => {
                            format!("REFUSED {} — {}", r.text, r.reason)
                        }
                        Ok(Payload::Undo(u)) => format!("UNDO {}", u.text),
                        Ok(Payload::RoundSettled(s)) => {
                            format!("settled {}", nets_words(&s.nets))
                        }
                        Ok(Payload::RoundVoided(v)) => format!("VOIDED: {}", v.reason),
                        Ok(Payload::RoundCorrected(c)) => {
                            format!("CORRECTED: {} → {}", c.reason, nets_words(&c.nets))
                        }
                        Ok(_) => e.kind.name().to_string(),
                        Err(x) => format!("{}: {x}", e.kind.name()),
                    };
                    let time = e.time();
                    let text = RichText::new(format!(
                        "{:>3}  {}  {what}",
                        i + 1,
                        time.get(11..19).unwrap_or(&time)
                    ));
                    let text = if i == self.cursor {
                        text.strong().color(Color32::YELLOW)
                    } else {
                        text
                    };
                    let row = ui.selectable_label(i == self.cursor, text);
                    // Stepped by the buttons: the list follows the input picked.
                    if i == self.cursor && self.cursor != was {
                        row.scroll_to_me(Some(egui::Align::Center));
                    }
                    if row.clicked() {
                        self.cursor = i;
                    }
                }
            });
        ui.separator();
        ui.label(
            RichText::new(
                "Void or correct (supervisors; always with a reason, logged as an exception)",
            )
            .strong(),
        );
        ui.horizontal(|ui| {
            Self::field(ui, "Reason", &mut self.reason, 420.0);
            if ui.button("Void round").clicked() {
                commands.push(DeskCommand::Void);
            }
        });
        ui.horizontal(|ui| {
            Self::field(
                ui,
                "Inputs (comma between inputs)",
                &mut self.correction,
                560.0,
            );
            if ui.button("Preview correction").clicked() {
                commands.push(DeskCommand::Preview);
            }
            if ui.button("Log correction").clicked() {
                commands.push(DeskCommand::Correct);
            }
        });
        if let Some(c) = &self.preview {
            egui::Grid::new("diff").spacing([16.0, 4.0]).show(ui, |ui| {
                for h in [
                    "bet",
                    "original net",
                    "corrected net",
                    "pay (+) / collect (−) now",
                ] {
                    ui.label(RichText::new(h).strong());
                }
                ui.end_row();
                for (id, was, now, d) in &c.differences {
                    ui.label(id);
                    ui.label(was.to_string());
                    ui.label(now.to_string());
                    ui.label(RichText::new(d.to_string()).size(20.0).strong());
                    ui.end_row();
                }
            });
        }
    }

    fn charts_tab(&mut self, ui: &mut Ui, commands: &mut Vec<DeskCommand>) {
        if self.rows.is_empty() {
            ui.label("Search the round history first: the charts show the rounds found.");
            if ui.button("Search all rounds").clicked() {
                commands.push(DeskCommand::Search);
            }
            return;
        }
        egui::ScrollArea::vertical()
            .id_salt("charts")
            .show(ui, |ui| self.charts(ui));
    }

    fn charts(&self, ui: &mut Ui) {
        let s = &self.series;
        let money = |m: &Money| m.cents() as f64 / 100.0;
        // Days as MM-DD (the year is in the history; YYYY-MM-DD when the days span years),
        // hours as 06:00, dealers by name.
        let year = |d: &Day| d.0.get(..4).map(str::to_string);
        let one_year = s.by_day.first().map(year) == s.by_day.last().map(year);
        let day = |d: &str| {
            if one_year {
                d.get(5..).unwrap_or(d).to_string()
            } else {
                d.to_string()
            }
        };
        let hour = |h: u32| format!("{h:02}:00");
        ui.label(format!(
            "Charts of the {} rounds listed in the history (voids left out).",
            self.rows.len()
        ));
        ui.columns(2, |cols| {
            let by_day = |f: &dyn Fn(&Day) -> f64| {
                s.by_day
                    .iter()
                    .map(|d| (day(&d.0), f(d)))
                    .collect::<Vec<_>>()
            };
            let by_hour = |f: &dyn Fn(&Hour) -> f64| {
                s.by_hour
                    .iter()
                    .map(|h| (hour(h.0), f(h)))
                    .collect::<Vec<_>>()
            };
            labelled_bars(
                &mut cols[0],
                "House win by day",
                "win",
                by_day(&|d| money(&d.1)),
                Color32::LIGHT_GREEN,
            );
            // The theoretical hold of the rules played, for the best play: a red line, and a
            // point per day (one day makes no line).
            let theory: Vec<[f64; 2]> = s
                .by_day
                .iter()
                .enumerate()
                .filter_map(|(i, d)| d.4.map(|t| [i as f64, t]))
                .collect();
            labelled_bars_with(
                &mut cols[1],
                "Hold % by day (red: theoretical hold of the rules played)",
                "hold %",
                by_day(&|d| d.2),
                Color32::LIGHT_BLUE,
                |p| {
                    if !theory.is_empty() {
                        p.line(
                            Line::new("theoretical hold %", PlotPoints::from(theory.clone()))
                                .color(Color32::RED)
                                .width(2.0),
                        );
                        p.points(
                            Points::new("theoretical hold %", PlotPoints::from(theory.clone()))
                                .color(Color32::RED)
                                .radius(4.0),
                        );
                    }
                },
            );
            labelled_bars(
                &mut cols[0],
                "House win by hour of day (UTC)",
                "win",
                by_hour(&|h| money(&h.1)),
                Color32::LIGHT_GREEN,
            );
            labelled_bars(
                &mut cols[1],
                "Hold % by hour of day (UTC)",
                "hold %",
                by_hour(&|h| h.2),
                Color32::LIGHT_BLUE,
            );
            labelled_bars(
                &mut cols[0],
                "Rounds by hour of day (UTC)",
                "rounds",
                by_hour(&|h| h.3 as f64),
                Color32::GOLD,
            );
            labelled_bars(
                &mut cols[1],
                "Rounds per hour at a table, by dealer",
                "rounds/hour",
                s.by_dealer.iter().map(|d| (d.0.clone(), d.2)).collect(),
                Color32::GOLD,
            );
        });
    }
}

/// Value-axis marks at a round step (1, 2 or 5 × 10ⁿ) giving about four steps over the
/// range, so that every chart's axis has labels (the default tenfold grid leaves a 0–60
/// axis with only its 0 labelled at this height).
fn about_four_steps(input: GridInput) -> Vec<GridMark> {
    let (lo, hi) = input.bounds;
    let raw = ((hi - lo) / 4.0).max(1e-9);
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * magnitude);
    let (first, last) = ((lo / step).ceil() as i64, (hi / step).floor() as i64);
    (first..=last)
        .map(|i| GridMark {
            value: i as f64 * step,
            step_size: step,
        })
        .collect()
}

/// A day of the series: (date, house win, hold %, rounds, theoretical hold %).
type Day = (String, Money, f64, i64, Option<f64>);
/// An hour of the day in the series: (hour, house win, hold %, rounds).
type Hour = (u32, Money, f64, i64);

/// A bar chart titled `title`, one bar per item, each labelled on the x axis with its name
/// (every k-th name when they would crowd), the value axis labelled `y`. Fixed: it is read,
/// not explored.
fn labelled_bars(ui: &mut Ui, title: &str, y: &str, items: Vec<(String, f64)>, color: Color32) {
    labelled_bars_with(ui, title, y, items, color, |_| {});
}

/// [`labelled_bars`], with `more` drawn over the bars.
fn labelled_bars_with(
    ui: &mut Ui,
    title: &str,
    y: &str,
    items: Vec<(String, f64)>,
    color: Color32,
    more: impl FnOnce(&mut egui_plot::PlotUi<'_>),
) {
    ui.label(RichText::new(title).strong());
    let names: Vec<String> = items.iter().map(|i| i.0.clone()).collect();
    // About one label per 70 points of width.
    let stride = (names.len() as f64 * 70.0 / f64::from(ui.available_width().max(70.0)))
        .ceil()
        .max(1.0);
    let n = names.len();
    let bars = BarChart::new(
        y,
        items
            .into_iter()
            .enumerate()
            .map(|(i, (name, v))| Bar::new(i as f64, v).width(0.8).name(name))
            .collect(),
    )
    .color(color);
    Plot::new(title)
        .height(120.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .include_y(0.0)
        .y_axis_label(y)
        .y_axis_min_width(36.0)
        .y_grid_spacer(about_four_steps)
        .x_grid_spacer(move |_| {
            (0..n)
                .step_by(stride as usize)
                .map(|i| GridMark {
                    value: i as f64,
                    step_size: stride,
                })
                .collect()
        })
        .x_axis_formatter(move |m, _| {
            let i = m.value.round();
            if (m.value - i).abs() < 1e-6 && i >= 0.0 {
                names
                    .get(i as usize)
                    .map(|n| axis_name(n))
                    .unwrap_or_default()
            } else {
                String::new()
            }
        })
        .show(ui, |p| {
            p.bar_chart(bars);
            more(p);
        });
}

/// Most characters of a name on a chart's axis: a longer one ends in "…" there (the bar's
/// hover shows it whole, with its value).
const AXIS_NAME: usize = 12;

/// `name` as a chart's axis shows it: whole, or cut to `AXIS_NAME` characters with "…".
fn axis_name(name: &str) -> String {
    if name.chars().count() <= AXIS_NAME {
        name.to_string()
    } else {
        let cut: String = name.chars().take(AXIS_NAME - 1).collect();
        format!("{}…", cut.trim_end())
    }
}

impl Default for Desk {
    fn default() -> Self {
        Desk::new()
    }
}

/// Nets as a supervisor reads them: `1a +20.00, 3a −15.00`.
fn nets_words(nets: &[NetData]) -> String {
    nets.iter()
        .map(|n| format!("{} {}", n.id, n.net))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The rounds that pass `f`, newest first, at most `SEARCH_CAP`: read a page at a time
/// backward from the period's end by the keyset the history pages use, so memory stays at
/// a page and what was kept. Each day's theoretical hold comes beside the actual one.
fn find(store: &Store, f: &Filters) -> Result<Found, crate::audit::AuditError> {
    let like = |field: &str, want: &str| want.is_empty() || field.to_lowercase().contains(want);
    let mut rows = Vec::new();
    let mut capped = false;
    let mut before = Some((f.to, i64::MIN));
    'scan: while let Some(at) = before {
        let page = report::data::latest_rounds(store, Some(at), SCAN_PAGE)?;
        before = page.last().map(|r| (r.at, r.round));
        for r in page {
            if r.at < f.from {
                break 'scan;
            }
            let keep = like(&r.table, &f.table)
                && like(&r.dealer, &f.dealer)
                && like(report::data::shift_of(r.at).1, &f.shift)
                && match f.outcome.as_str() {
                    "house" => r.figures.house_net.is_positive(),
                    "players" => r.figures.house_net < Money::ZERO,
                    "void" | "voided" => r.voided,
                    _ => true,
                }
                && f.min.is_none_or(|m| r.figures.max_net >= m);
            // A box: read from the round's bets, only for rounds the rest let through.
            let keep = keep
                && match f.box_no {
                    Some(b) => report::data::round_inputs(store, r.round)?
                        .0
                        .iter()
                        .any(|x| x.box_no == b),
                    None => true,
                };
            if keep {
                if rows.len() == SEARCH_CAP {
                    capped = true;
                    break 'scan;
                }
                rows.push(r);
            }
        }
    }
    // The series runs oldest first, as the period's report does.
    rows.reverse();
    let th = report::theory::Theories::read(
        &mut report::data::Files(std::slice::from_ref(store)),
        &rows,
        f.to,
    )
    .unwrap_or_default();
    let series = report::series_with(&rows, &th);
    rows.reverse();
    Ok(Found {
        rows,
        series,
        capped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A long dealer name is cut on the axis (by characters, not bytes); a short one is whole.
    #[test]
    fn long_names_are_cut_on_the_axis() {
        for (name, shown) in [
            ("Petr Novak", "Petr Novak"),
            ("Twelve chars", "Twelve chars"),
            ("Oleksandra Kovalenko", "Oleksandra…"),
            ("Олександра Коваленко", "Олександра…"),
            ("Anna Maria Dvorakova", "Anna Maria…"),
        ] {
            assert_eq!(axis_name(name), shown, "{name}");
        }
    }
}
