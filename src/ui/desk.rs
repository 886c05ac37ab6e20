//! The supervisor's desk: round history with filters, a round stepped through input by
//! input, voids and corrections with a reason, verification at a glance, charts, and the
//! report export. Reads through `report` and `audit`; writes only through
//! `audit::exceptions`. No SQL here. Drawing returns `DeskCommand`s; the app carries them
//! out after the frame (`Desk::apply`) and shows what they said.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, channel};

use egui::{Color32, RichText, Ui};
use egui_plot::{Bar, BarChart, Line, Plot, PlotPoints, Points};

use crate::audit::Store;
use crate::audit::exceptions::{self, Correction};
use crate::audit::payload::{NetData, Payload};
use crate::audit::pontis::{GameRow, game_rows};
use crate::audit::replay::{self, RoundHistory};
use crate::audit::users::User;
use crate::engine::Money;
use crate::report::{self, Kind, Period, RoundRow, Series};

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
    rows: Vec<RoundRow>,
    games: Vec<GameRow>,
    history: Option<RoundHistory>,
    cursor: usize,
    reason: String,
    correction: String,
    preview: Option<Correction>,
    series: Series,
    verify: Option<Result<String, String>>,
    verifying: Option<Receiver<Result<String, String>>>,
}

/// What the supervisor asked the desk for, carried out after the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DeskCommand {
    Search,
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
            games: Vec::new(),
            history: None,
            cursor: 0,
            reason: String::new(),
            correction: String::new(),
            preview: None,
            series: Series::default(),
            verify: None,
            verifying: None,
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
            Tab::Round => self.round_tab(ui, &mut commands),
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
            DeskCommand::Search => self.search(store),
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

    fn search(&mut self, store: &Store) -> Result<String, String> {
        let period = self.period()?;
        let (a, b) = period.ms();
        let min = if self.min_payout.trim().is_empty() {
            None
        } else {
            Some(Money::parse(&self.min_payout).map_err(|e| format!("payout: {e}"))?)
        };
        let rows = report::data::rounds(store, 0, a, b, |_| {}).map_err(|e| e.to_string())?;
        let like = |field: &str, want: &str| {
            want.trim().is_empty() || field.to_lowercase().contains(&want.trim().to_lowercase())
        };
        self.rows = rows
            .into_iter()
            .filter(|r| like(&r.table, &self.table) && like(&r.dealer, &self.dealer))
            .filter(|r| like(report::data::shift_of(r.at).1, &self.shift))
            .filter(|r| match self.outcome.trim() {
                "house" => r.figures.house_net.is_positive(),
                "players" => r.figures.house_net < Money::ZERO,
                "void" | "voided" => r.voided,
                _ => true,
            })
            .filter(|r| min.is_none_or(|m| r.figures.max_net >= m))
            .collect();
        // A box: the rounds with a bet on it (read from each round's bets, so narrow the
        // other filters first on a large database).
        if !self.box_no.trim().is_empty() {
            let b: u64 = self
                .box_no
                .trim()
                .parse()
                .ok()
                .filter(|b| (1..=7).contains(b))
                .ok_or_else(|| {
                    format!(
                        "box \"{}\": expected a box number 1 to 7",
                        self.box_no.trim()
                    )
                })?;
            let mut kept = Vec::new();
            for r in std::mem::take(&mut self.rows) {
                let (bets, _) =
                    report::data::round_inputs(store, r.round).map_err(|e| e.to_string())?;
                if bets.iter().any(|x| u64::from(x.box_no) == b) {
                    kept.push(r);
                }
            }
            self.rows = kept;
        }
        // Each day's theoretical hold beside its actual one (the lab, per rules played).
        let th = report::theory::Theories::read(
            &mut report::data::Files(std::slice::from_ref(store)),
            &self.rows,
            b,
        )
        .unwrap_or_default();
        self.series = report::series_with(&self.rows, &th);
        Ok(format!("{} rounds found", self.rows.len()))
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
                    for r in self.rows.iter().rev().take(500) {
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
        ui.columns(2, |cols| {
            let ui = &mut cols[0];
            egui::ScrollArea::vertical()
                .id_salt("events")
                .max_height(420.0)
                .show(ui, |ui| {
                    for (i, e) in h.events.iter().enumerate() {
                        let what = match e.payload() {
                            Ok(Payload::RoundStarted(s)) => format!(
                                "bets [{}]",
                                s.bets
                                    .iter()
                                    .map(|b| format!("{} box {} stake {}", b.id, b.box_no, b.stake))
                                    .collect::<Vec<_>>()
                                    .join(", ")
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
                        let text =
                            RichText::new(format!("{}  {what}", time.get(11..19).unwrap_or(&time)));
                        let text = if i == self.cursor {
                            text.strong().color(Color32::YELLOW)
                        } else {
                            text
                        };
                        if ui.selectable_label(i == self.cursor, text).clicked() {
                            self.cursor = i;
                        }
                    }
                });
            let ui = &mut cols[1];
            let r = h.state_after(self.cursor);
            ui.label(RichText::new(format!("After this input — next: {}", r.expected())).strong());
            ui.label(format!(
                "Dealer: {} ({})",
                r.dealer_cards()
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
                r.dealer_total().best
            ));
            for seat in r.seats() {
                let hands: Vec<String> = seat
                    .hands()
                    .iter()
                    .map(|h| {
                        h.cards()
                            .iter()
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect();
                ui.label(format!("Box {}: {}", seat.box_no(), hands.join("  |  ")));
            }
            if r.is_complete() {
                for b in 0..r.bet_count() {
                    ui.label(format!("{}: net {}", r.bet_id(b), r.bet_net(b)));
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
        let bars = |name: &str, v: Vec<(f64, f64)>, color: Color32| {
            BarChart::new(
                name,
                v.into_iter()
                    .map(|(x, y)| Bar::new(x, y).width(0.8))
                    .collect(),
            )
            .color(color)
        };
        ui.columns(2, |cols| {
            cols[0].label("House win by day");
            Plot::new("win_day").height(180.0).show(&mut cols[0], |p| {
                p.bar_chart(bars(
                    "win",
                    s.by_day
                        .iter()
                        .enumerate()
                        .map(|(i, d)| (i as f64, money(&d.1)))
                        .collect(),
                    Color32::LIGHT_GREEN,
                ));
            });
            cols[1].label("Hold % by day (red: theoretical hold of the rules played)");
            Plot::new("hold_day").height(180.0).show(&mut cols[1], |p| {
                p.bar_chart(bars(
                    "hold %",
                    s.by_day
                        .iter()
                        .enumerate()
                        .map(|(i, d)| (i as f64, d.2))
                        .collect(),
                    Color32::LIGHT_BLUE,
                ));
                // The theoretical hold of the rules played, for the best play.
                let theory: Vec<[f64; 2]> = s
                    .by_day
                    .iter()
                    .enumerate()
                    .filter_map(|(i, d)| d.4.map(|t| [i as f64, t]))
                    .collect();
                if !theory.is_empty() {
                    p.line(
                        Line::new("theoretical hold %", PlotPoints::from(theory.clone()))
                            .color(Color32::RED)
                            .width(2.0),
                    );
                    // A point per day too: one day makes no line.
                    p.points(
                        Points::new("theoretical hold %", PlotPoints::from(theory))
                            .color(Color32::RED)
                            .radius(4.0),
                    );
                }
            });
            cols[0].label("House win by hour of day (UTC)");
            Plot::new("win_hour").height(180.0).show(&mut cols[0], |p| {
                p.bar_chart(bars(
                    "win",
                    s.by_hour
                        .iter()
                        .map(|h| (h.0 as f64, money(&h.1)))
                        .collect(),
                    Color32::LIGHT_GREEN,
                ));
            });
            cols[1].label("Hold % by hour of day (UTC)");
            Plot::new("hold_hour")
                .height(180.0)
                .show(&mut cols[1], |p| {
                    p.bar_chart(bars(
                        "hold %",
                        s.by_hour.iter().map(|h| (h.0 as f64, h.2)).collect(),
                        Color32::LIGHT_BLUE,
                    ));
                });
            cols[0].label("Rounds by hour of day (UTC)");
            Plot::new("rounds_hour")
                .height(180.0)
                .show(&mut cols[0], |p| {
                    p.bar_chart(bars(
                        "rounds",
                        s.by_hour.iter().map(|h| (h.0 as f64, h.3 as f64)).collect(),
                        Color32::GOLD,
                    ));
                });
            cols[1].label("Rounds per hour, by dealer");
            Plot::new("dealer").height(180.0).show(&mut cols[1], |p| {
                p.bar_chart(bars(
                    "rounds/hour",
                    s.by_dealer
                        .iter()
                        .enumerate()
                        .map(|(i, d)| (i as f64, d.2))
                        .collect(),
                    Color32::GOLD,
                ));
            });
        });
        let names: Vec<String> = s
            .by_dealer
            .iter()
            .enumerate()
            .map(|(i, d)| format!("{i}: {} ({} rounds)", d.0, d.1))
            .collect();
        ui.label(format!("Dealers: {}", names.join(" · ")));
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
