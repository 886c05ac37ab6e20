//! The supervisor's desk: round history with filters, a round stepped through input by
//! input, voids and corrections with a reason, verification at a glance, charts, and the
//! report export, and the users (`users_tab`). Reads through `report` and `session`; writes
//! only through `session::exceptions` (and `session::users`). No SQL here. Drawing returns
//! `DeskCommand`s; the app carries them out after the frame (`Desk::apply`) and shows what
//! they said.

mod money_tab;

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, channel};

use egui::{Color32, RichText, Ui};
use egui_plot::{Bar, BarChart, GridInput, GridMark, Line, Plot, PlotPoints, Points};

use crate::engine::rules::MAX_BOXES;
use crate::engine::{Card, Currency, Money};
use crate::i18n::{self, Lang, logged};
use crate::log::Store;
use crate::panics::panic_message;
use crate::report::{self, Kind, Period, RoundRow, Series};
use crate::session::calendar::{Calendar, ShiftAt};
use crate::session::exceptions::{self, Correction};
use crate::session::pontis::{GameRow, game_rows};
use crate::session::replay::{self, Logged, RoundHistory};
use crate::session::settings;
use crate::session::users::User;
use crate::t;
use crate::ui::felt::table_view_in;
use crate::ui::keys;
use crate::ui::status::{Notice, Status, UiError};
use crate::ui::users_tab::{UsersCommand, UsersTab};
use crate::ui::widgets::parse_money;

/// Which part of the desk is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tab {
    History,
    Round,
    Charts,
    /// The Pontis games (table, host, players, length, how they ended).
    Pontis,
    /// The table's money: close-out by shift, counts, slips, drops (`money_tab`).
    Money,
    /// The users: add, unlock (`users_tab`).
    Users,
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
    /// The database's currency (`session::settings`), read when the desk lists or searches;
    /// `None` until a supervisor sets one, and amounts are written without a symbol.
    currency: Option<Currency>,
    cursor: usize,
    reason: String,
    correction: String,
    preview: Option<Correction>,
    /// A void or correction asked for and checked, waiting for its confirmation.
    confirm: Option<Pending>,
    series: Series,
    verify: Option<Result<replay::Verified, UiError>>,
    verifying: Option<Receiver<Result<replay::Verified, UiError>>>,
    /// A search running in the background, then what it found (taken by `SearchDone`).
    searching: Option<Receiver<Result<Found, UiError>>>,
    found: Option<Result<Found, UiError>>,
    /// The latest-rounds listing has an older page.
    older: bool,
    /// The first page lists only the current shift's rounds: its gaming day and number.
    in_shift: Option<ShiftAt>,
    /// The database's gaming day and shifts (read with the latest rounds).
    cal: Calendar,
    /// The charts tab ran its search over the filters since the list was last paged.
    charts_asked: bool,
    /// The folder an export is written to (a new file there, never over one).
    export_dir: String,
    /// The Money tab's close-out and book, as last read.
    money: money_tab::MoneyTab,
    users: UsersTab,
}

/// A change to a settled round that waits for the supervisor's yes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    Void(i64),
    Correct(i64),
}

/// Which rounds a search keeps by how they ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Any,
    House,
    Players,
    Void,
}

impl Outcome {
    /// The word typed in the Outcome field, in `lang` or in English; empty is any.
    fn parse(lang: Lang, text: &str) -> Result<Outcome, UiError> {
        let w = text.trim().to_lowercase();
        if w.is_empty() {
            return Ok(Outcome::Any);
        }
        let is = |en: &str, local: String| w == en || w == local.to_lowercase();
        if is("house", t!(lang, "desk-outcome-house")) {
            Ok(Outcome::House)
        } else if is("players", t!(lang, "desk-outcome-players")) {
            Ok(Outcome::Players)
        } else if is("void", t!(lang, "desk-outcome-void")) || w == "voided" {
            Ok(Outcome::Void)
        } else {
            Err(UiError::BadOutcome {
                text: text.trim().to_string(),
            })
        }
    }
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
    /// A shift of the gaming day by its number, in `cal`.
    shift: Option<u8>,
    cal: Calendar,
    outcome: Outcome,
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
    /// Void or correct the open round: checked, then asked to confirm.
    AskVoid,
    AskCorrect,
    /// The confirmed void or correction is logged; or it is not.
    Void,
    Correct,
    Cancel,
    Preview,
    Verify,
    Export(Kind),
    /// The Pontis games of the period, table and host.
    SearchGames,
    /// The Money tab read again; the rounds of its `n`th shift listed.
    Money,
    MoneyRounds(usize),
    /// What the Users tab asked for.
    Users(UsersCommand),
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
            currency: None,
            cursor: 0,
            reason: String::new(),
            correction: String::new(),
            preview: None,
            confirm: None,
            series: Series::default(),
            verify: None,
            verifying: None,
            searching: None,
            found: None,
            older: false,
            in_shift: None,
            cal: Calendar::utc_default(),
            charts_asked: false,
            export_dir: "reports".into(),
            money: Default::default(),
            users: UsersTab::new(),
        }
    }

    /// Draws the desk; returns what was asked, for `apply` after the frame.
    pub(crate) fn ui(&mut self, ui: &mut Ui, lang: Lang) -> Vec<DeskCommand> {
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
                    self.found = Some(Err(UiError::SearchStopped));
                    commands.push(DeskCommand::SearchDone);
                }
            }
        }
        ui.horizontal(|ui| {
            ui.heading(t!(lang, "desk-title"));
            for (tab, label) in [
                (Tab::History, t!(lang, "desk-tab-history")),
                (Tab::Round, t!(lang, "desk-tab-round")),
                (Tab::Charts, t!(lang, "desk-tab-charts")),
                (Tab::Pontis, t!(lang, "desk-tab-pontis")),
                (Tab::Money, t!(lang, "desk-tab-money")),
                (Tab::Users, t!(lang, "desk-tab-users")),
            ] {
                ui.selectable_value(&mut self.tab, tab, RichText::new(label).size(18.0));
            }
            ui.separator();
            match (&self.verify, &self.verifying) {
                (_, Some(_)) => {
                    ui.spinner();
                    ui.label(t!(lang, "desk-verifying"));
                }
                (Some(Ok(v)), _) => {
                    ui.label(
                        RichText::new(t!(lang, "desk-verified", what = verified_words(lang, v)))
                            .color(Color32::LIGHT_GREEN),
                    );
                }
                (Some(Err(e)), _) => {
                    ui.label(
                        RichText::new(t!(lang, "desk-not-verified", why = e.words(lang)))
                            .color(Color32::from_rgb(255, 90, 90)),
                    );
                }
                (None, None) => {
                    ui.label(t!(lang, "desk-not-verified-yet"));
                }
            }
            if ui.button(t!(lang, "desk-verify-now")).clicked() {
                commands.push(DeskCommand::Verify);
            }
        });
        ui.separator();
        match self.tab {
            Tab::History => self.history_tab(ui, lang, &mut commands),
            // The step-through, then void and correct: scrolled on a small screen.
            Tab::Round => {
                egui::ScrollArea::vertical()
                    .id_salt("round-tab")
                    .show(ui, |ui| self.round_tab(ui, lang, &mut commands));
            }
            Tab::Charts => self.charts_tab(ui, lang, &mut commands),
            Tab::Pontis => self.games_tab(ui, lang, &mut commands),
            Tab::Money => self.money.ui(ui, lang, &mut commands),
            Tab::Users => {
                let mut asked = Vec::new();
                egui::ScrollArea::vertical()
                    .id_salt("users-tab")
                    .show(ui, |ui| self.users.ui(ui, lang, &mut asked));
                commands.extend(asked.into_iter().map(DeskCommand::Users));
            }
        }
        commands
    }

    /// The period of the From and To fields, gaming days of `cal`: dates as the language
    /// writes them (`30. 11. 2026`) or ISO (`2026-11-30`); From empty is the beginning, To
    /// empty the gaming day of `now` (ms).
    fn period(&self, lang: Lang, cal: &Calendar, now: i64) -> Result<Period, UiError> {
        let day = |text: &str, empty: chrono::NaiveDate| {
            let text = text.trim();
            if text.is_empty() {
                return Ok(empty);
            }
            parse_date(lang, text)
        };
        let beginning = chrono::NaiveDate::from_ymd_opt(2000, 1, 1).unwrap_or_default();
        let from = day(&self.from, beginning)?;
        let to = day(&self.to, cal.locate(now).day)?;
        if from > to {
            return Err(UiError::BadPeriod { from, to });
        }
        Ok(Period::parse(&from.to_string(), &to.to_string())?)
    }

    /// The period an export covers: the From and To typed, and where one is empty, the
    /// gaming day (of `cal`) of the oldest (newest) round the view lists, so that it
    /// writes what is shown; with none listed, the gaming day of `now` (ms).
    fn export_period(&self, lang: Lang, cal: &Calendar, now: i64) -> Result<Period, UiError> {
        let day_of = |r: Option<&RoundRow>| cal.locate(r.map_or(now, |r| r.at)).day;
        // The rows are newest first.
        let typed = |text: &str, empty: chrono::NaiveDate| match text.trim() {
            "" => Ok(empty),
            t => parse_date(lang, t),
        };
        let from = typed(&self.from, day_of(self.rows.last()))?;
        let to = typed(&self.to, day_of(self.rows.first()))?;
        if from > to {
            return Err(UiError::BadPeriod { from, to });
        }
        Ok(Period::parse(&from.to_string(), &to.to_string())?)
    }

    /// Carries out `a` on `store` for `user` (a supervisor or admin): what was done
    /// (`Ok`), or refused with why (`Err`), in `lang`; `None` when there was nothing to
    /// act on.
    pub(crate) fn apply(
        &mut self,
        a: DeskCommand,
        store: &mut Store,
        user: &User,
        lang: Lang,
    ) -> Option<Status> {
        if matches!(a, DeskCommand::Latest | DeskCommand::Search) {
            match settings::currency(store) {
                Ok(c) => self.currency = c,
                Err(e) => return Some(Err(e.into())),
            }
        }
        Some(match a {
            DeskCommand::Latest => self.latest(store, vec![None]),
            DeskCommand::Older => return self.older(store),
            DeskCommand::Newer => return self.newer(store),
            DeskCommand::Search => self.search(store, lang),
            DeskCommand::SearchDone => return self.search_done(),
            DeskCommand::Open(round) => self.open_round(store, round, lang),
            DeskCommand::AskVoid | DeskCommand::AskCorrect => {
                return self.ask(store, user, a, lang);
            }
            DeskCommand::Cancel => {
                self.confirm = None;
                Ok(Notice::ChangeCancelled)
            }
            DeskCommand::Void => return self.void(store, user),
            DeskCommand::Preview => self.correct(store, None, lang)?,
            DeskCommand::Correct => {
                let round = self.history.as_ref()?.round;
                if self.confirm.take() != Some(Pending::Correct(round)) {
                    return None;
                }
                let done = self.correct(store, Some(user), lang)?;
                if done.is_ok() {
                    self.changed(store, round);
                }
                done
            }
            DeskCommand::Verify => self.verify_in_background(store),
            DeskCommand::Export(kind) => self.export(store, user, kind, lang),
            DeskCommand::SearchGames => self.search_games(store, lang),
            DeskCommand::Money | DeskCommand::MoneyRounds(_) => {
                return self.money_command(a, store, user, lang);
            }
            DeskCommand::Users(c) => return self.users.apply(c, store, user),
        })
    }

    /// Checks a void or correction of the open round (a correction is previewed), then
    /// asks to confirm it; nothing is written yet.
    fn ask(
        &mut self,
        store: &mut Store,
        user: &User,
        a: DeskCommand,
        lang: Lang,
    ) -> Option<Status> {
        let round = self.history.as_ref()?.round;
        self.confirm = None;
        if let Err(e) = exceptions::may_change(store, user, round, &self.reason) {
            return Some(Err(e.into()));
        }
        if a == DeskCommand::AskVoid {
            self.confirm = Some(Pending::Void(round));
            return Some(Ok(Notice::VoidAsked { round }));
        }
        match self.correct(store, None, lang)? {
            Ok(_) => {
                self.confirm = Some(Pending::Correct(round));
                Some(Ok(Notice::CorrectAsked { round }))
            }
            Err(e) => Some(Err(e)),
        }
    }

    /// Voids the open round once its void was confirmed.
    fn void(&mut self, store: &mut Store, user: &User) -> Option<Status> {
        let round = self.history.as_ref()?.round;
        if self.confirm.take() != Some(Pending::Void(round)) {
            return None;
        }
        let done = exceptions::void_round(store, user, round, &self.reason)
            .map(|()| Notice::Voided { round })
            .map_err(UiError::from);
        if done.is_ok() {
            self.changed(store, round);
        }
        Some(done)
    }

    /// After a void or correction of `round`: its row in the list is read again (marked,
    /// with its corrected figures), its history shows the new event, and the reason is
    /// cleared for the next change.
    fn changed(&mut self, store: &Store, round: i64) {
        self.reason.clear();
        if let Some(i) = self.rows.iter().position(|r| r.round == round) {
            let at = self.rows[i].at;
            if let Ok(fresh) = report::data::rounds(store, 0, at, at + 1, |_| {})
                && let Some(row) = fresh.into_iter().find(|r| r.round == round)
            {
                self.rows[i] = row;
            }
        }
        if let Ok(h) = RoundHistory::load(store, round) {
            self.cursor = h.events.len().saturating_sub(1);
            self.history = Some(h);
        }
    }

    /// The next page of older rounds (`None`: there is none, or it was already read).
    fn older(&mut self, store: &Store) -> Option<Status> {
        match (&self.listing, self.rows.last()) {
            (Listing::Latest(pages), Some(last)) => {
                let mut pages = pages.clone();
                pages.push(Some((last.at, last.round)));
                Some(self.latest(store, pages))
            }
            (Listing::Found(n), _) if (n + 1) * PAGE < self.rows.len() => {
                self.listing = Listing::Found(n + 1);
                None
            }
            _ => None,
        }
    }

    /// The page of newer rounds.
    fn newer(&mut self, store: &Store) -> Option<Status> {
        match &self.listing {
            Listing::Latest(pages) if pages.len() > 1 => {
                let pages = pages[..pages.len() - 1].to_vec();
                Some(self.latest(store, pages))
            }
            Listing::Found(n) if *n > 0 => {
                self.listing = Listing::Found(n - 1);
                None
            }
            _ => None,
        }
    }

    /// A background search has finished: its rounds are listed.
    fn search_done(&mut self) -> Option<Status> {
        Some(match self.found.take()? {
            Ok(f) => {
                self.rows = f.rows;
                self.series = f.series;
                self.listing = Listing::Found(0);
                Ok(if f.capped {
                    Notice::SearchCapped { cap: SEARCH_CAP }
                } else {
                    Notice::RoundsFound { n: self.rows.len() }
                })
            }
            Err(e) => Err(e),
        })
    }

    /// Opens a round's history on the round tab, its logged inputs in the correction
    /// field with each card as the language writes it (`В♣`, as the event list does).
    fn open_round(&mut self, store: &Store, round: i64, lang: Lang) -> Status {
        let h = RoundHistory::load(store, round)?;
        self.cursor = h.events.len().saturating_sub(1);
        // A round still in play has no logged inputs to correct.
        let steps = replay::export_round(store, round)
            .map(|(script, _)| script.steps)
            .unwrap_or_default();
        let shown: Vec<String> = steps
            .into_iter()
            .map(|s| match s.parse::<Card>() {
                Ok(c) => i18n::errors::card(lang, c),
                Err(_) => s,
            })
            .collect();
        self.correction = shown.join(", ");
        // Each round's form starts afresh: no reason or confirmation left from another.
        self.reason.clear();
        self.confirm = None;
        self.preview = None;
        self.history = Some(h);
        self.tab = Tab::Round;
        Ok(Notice::RoundOpen { round })
    }

    /// Previews the open round with the inputs typed (`by`: `None`), or corrects it as
    /// `by`; `None` when no round is open. A card may be typed as the dealer screen takes
    /// it in `lang` (`В♣`, `т`; `Jc`), never a Latin T where the ace is Т.
    fn correct(&mut self, store: &mut Store, by: Option<&User>, lang: Lang) -> Option<Status> {
        let round = self.history.as_ref()?.round;
        // One input per comma: "9, K, insure 1a 5, stick".
        let steps: Result<Vec<String>, UiError> = self
            .correction
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| script_step(lang, s))
            .collect();
        let steps = match steps {
            Ok(steps) => steps,
            Err(e) => return Some(Err(e)),
        };
        let r = match by {
            Some(user) => exceptions::correct_round(store, user, round, steps, &self.reason),
            None => exceptions::preview(store, round, steps),
        };
        Some(match r {
            Ok(c) => {
                self.preview = Some(c);
                Ok(if by.is_some() {
                    Notice::Corrected { round }
                } else {
                    Notice::PreviewWritten
                })
            }
            Err(e) => Err(e.into()),
        })
    }

    /// Verifies the file on a thread of its own, with its own read-only connection.
    fn verify_in_background(&mut self, store: &Store) -> Status {
        let path = store.path().to_path_buf();
        let rx = in_background(move || {
            Store::open_read(&path)
                .map_err(UiError::from)
                .and_then(|s| replay::verify(&s, |_| {}).map_err(UiError::from))
        });
        self.verifying = Some(rx);
        Ok(Notice::VerifyingInBackground)
    }

    /// Lists the page of the latest rounds that begins at the last of `pages`.
    fn latest(&mut self, store: &Store, pages: Vec<Option<(i64, i64)>>) -> Status {
        self.charts_asked = false;
        let before = pages.last().copied().flatten();
        // One more than a page: whether an older page exists, so Older is offered only then.
        let mut rows = report::data::latest_rounds(store, before, PAGE + 1)?;
        if rows.is_empty() && pages.len() > 1 {
            return Err(UiError::NoOlder);
        }
        // The first page: the current shift's rounds (by the store's clock) when it has
        // any; else the latest rounds. Older pages go on from the last row listed.
        self.cal = settings::calendar(store)?;
        let now = self.cal.locate(store.now());
        let since = self.cal.start_ms(now.day, now.shift);
        self.in_shift = None;
        if pages.len() == 1 && rows.first().is_some_and(|r| r.at >= since) {
            self.in_shift = Some(now);
            let n = rows.iter().take_while(|r| r.at >= since).count();
            self.older = rows.len() > n.min(PAGE);
            rows.truncate(n.min(PAGE));
        } else {
            self.older = rows.len() > PAGE;
            rows.truncate(PAGE);
        }
        self.rows = rows;
        // No charts for a page of the listing: the charts tab searches every round the
        // filters find in the background, and the theory (a solve of each table's rules,
        // seconds to minutes) is worked out there with them, never on the window's thread.
        self.series = Series::default();
        let n = pages.len();
        self.listing = Listing::Latest(pages);
        Ok(match (n, self.in_shift) {
            (1, _) if self.rows.is_empty() => Notice::NoRoundsYet,
            (1, Some(_)) => Notice::ShiftRounds { n: self.rows.len() },
            (1, None) => Notice::LatestRounds { n: self.rows.len() },
            (page, _) => Notice::Page { page },
        })
    }

    /// Checks the filters here, then searches in the background (`SearchDone` lists it):
    /// the desk stays live on a database of millions of rounds.
    fn search(&mut self, store: &Store, lang: Lang) -> Status {
        if self.searching.is_some() {
            return Err(UiError::SearchRunning);
        }
        let cal = settings::calendar(store)?;
        let period = self.period(lang, &cal, store.now())?;
        // Whole gaming days, in the database's time zone.
        let (from, to) = (cal.day_ms(period.from()).0, cal.day_ms(period.to()).1);
        let shift = shift_filter(&cal, &self.shift)?;
        let min = if self.min_payout.trim().is_empty() {
            None
        } else {
            Some(
                parse_money(lang, &self.min_payout).map_err(|_| UiError::BadPayout {
                    text: self.min_payout.trim().to_string(),
                })?,
            )
        };
        let box_no = box_filter(&self.box_no)?;
        let f = Filters {
            from,
            to,
            table: self.table.trim().to_lowercase(),
            dealer: self.dealer.trim().to_lowercase(),
            shift,
            cal,
            outcome: Outcome::parse(lang, &self.outcome)?,
            min,
            box_no,
        };
        let path = store.path().to_path_buf();
        let rx = in_background(move || {
            Store::open_read(&path)
                .and_then(|s| find(&s, &f))
                .map_err(UiError::from)
        });
        self.searching = Some(rx);
        Ok(Notice::Searching)
    }

    fn search_games(&mut self, store: &Store, lang: Lang) -> Status {
        // The games' times are listed in the database's zone, and its gaming days searched.
        self.cal = settings::calendar(store)?;
        let period = self.period(lang, &self.cal, store.now())?;
        let (a, b) = (
            self.cal.day_ms(period.from()).0,
            self.cal.day_ms(period.to()).1,
        );
        let like = |field: &str, want: &str| {
            want.trim().is_empty() || field.to_lowercase().contains(&want.trim().to_lowercase())
        };
        self.games = game_rows(store, 0, a, b)?
            .into_iter()
            .filter(|g| like(&g.table, &self.table) && like(&g.host, &self.dealer))
            .collect();
        Ok(Notice::GamesFound {
            n: self.games.len(),
        })
    }

    fn games_tab(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<DeskCommand>) {
        ui.horizontal_wrapped(|ui| {
            Self::field(ui, &t!(lang, "desk-from"), &mut self.from, 90.0);
            Self::field(ui, &t!(lang, "desk-to"), &mut self.to, 90.0);
            Self::field(ui, &t!(lang, "desk-table"), &mut self.table, 90.0);
            Self::field(ui, &t!(lang, "desk-host"), &mut self.dealer, 110.0);
            if ui
                .button(RichText::new(t!(lang, "desk-search-games")).size(18.0))
                .clicked()
            {
                commands.push(DeskCommand::SearchGames);
            }
        });
        ui.label(t!(lang, "desk-games-help"));
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new("pontis-games")
                .striped(true)
                .spacing([14.0, 4.0])
                .show(ui, |ui| {
                    for h in [
                        t!(lang, "desk-col-game"),
                        t!(lang, "desk-col-started"),
                        t!(lang, "desk-col-table"),
                        t!(lang, "desk-col-host"),
                        t!(lang, "desk-col-players"),
                        t!(lang, "desk-col-inputs"),
                        t!(lang, "desk-col-end"),
                        t!(lang, "desk-col-winners"),
                    ] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    let in_play = t!(lang, "desk-game-in-play");
                    for g in self.games.iter().rev().take(500) {
                        ui.label(g.game.to_string());
                        ui.label(when(lang, &self.cal, g.started));
                        ui.label(&g.table);
                        ui.label(&g.host);
                        ui.label(g.players.join(", "));
                        ui.label(g.inputs.map(|n| n.to_string()).unwrap_or_default());
                        ui.label(
                            g.ended
                                .as_ref()
                                .map_or(in_play.clone(), |(_, e)| game_end(lang, e)),
                        );
                        ui.label(g.winners.join(", "));
                        ui.end_row();
                    }
                });
        });
    }

    fn export(&mut self, store: &Store, user: &User, kind: Kind, lang: Lang) -> Status {
        let cal = settings::calendar(store)?;
        let period = self.export_period(lang, &cal, store.now())?;
        // Filters a report cannot apply would make it show more than the view: refused.
        if [&self.shift, &self.box_no, &self.outcome, &self.min_payout]
            .iter()
            .any(|f| !f.trim().is_empty())
        {
            return Err(UiError::ExportFilters);
        }
        let dir = match self.export_dir.trim() {
            "" => return Err(UiError::ExportNoFolder),
            d => PathBuf::from(d),
        };
        let stores = [Store::open_read(store.path())?];
        let at = chrono::Utc::now()
            .format("%Y-%m-%d %H:%M:%S UTC")
            .to_string();
        let by = format!("{} ({})", user.name, crate::ui::role_name(lang, user.role));
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
        // The rounds and exceptions reports are written as they are read (issue 25).
        let mut src = report::data::Files(&stores);
        let mut r = report::stream_from(&mut src, &o, |_| {}).map_err(|e| export_error(&dir, e))?;
        std::fs::create_dir_all(&dir).map_err(|why| UiError::ExportBadFolder {
            folder: dir.clone(),
            why,
        })?;
        // Never over an earlier export: the next free name, written only if still free.
        let name = report::file_name(r.report(), "html");
        let stem = name.strip_suffix(".html").unwrap_or(&name).to_string();
        let style = report::Style::of(lang);
        for n in 1.. {
            let path = match n {
                1 => dir.join(&name),
                n => dir.join(format!("{stem}-{n}.html")),
            };
            match crate::files::create(&path, false) {
                Ok(mut file) => {
                    r.write_html(&mut src, &mut file, &style)
                        .inspect_err(|_| crate::files::discard(&path))
                        .map_err(|e| export_error(&path, e))?;
                    return Ok(Notice::Exported { path });
                }
                Err(crate::files::WriteError::Exists(_)) if n < 1000 => {}
                Err(e) => return Err(e.into()),
            }
        }
        Err(UiError::NoFreeName(dir))
    }

    fn field(ui: &mut Ui, label: &str, value: &mut String, width: f32) {
        let l = ui.label(label);
        ui.add(egui::TextEdit::singleline(value).desired_width(width))
            .labelled_by(l.id);
    }

    fn history_tab(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<DeskCommand>) {
        self.filters(ui, lang, commands);
        ui.separator();
        let (shown, what) = match self.listing {
            Listing::Latest(ref pages) => (
                &self.rows[..],
                if pages.len() == 1 {
                    match self.in_shift {
                        Some(at) => {
                            let today = self.cal.locate(chrono::Utc::now().timestamp_millis());
                            t!(
                                lang,
                                "desk-listing-shift",
                                when = if at.day == today.day {
                                    "today"
                                } else {
                                    "earlier"
                                },
                                shift = at.shift,
                                hours = self.cal.hours(at.shift),
                                date = i18n::date(lang, at.day)
                            )
                        }
                        None => t!(lang, "desk-listing-latest"),
                    }
                } else {
                    t!(lang, "desk-listing-older", page = pages.len())
                },
            ),
            Listing::Found(n) => {
                let a = (n * PAGE).min(self.rows.len());
                let b = ((n + 1) * PAGE).min(self.rows.len());
                (
                    &self.rows[a..b],
                    t!(
                        lang,
                        "desk-listing-found",
                        n = self.rows.len(),
                        n_shown = count(lang, self.rows.len()),
                        first = a + usize::from(b > a),
                        last = b
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
                .add_enabled(!first_page, egui::Button::new(t!(lang, "desk-newer")))
                .clicked()
            {
                commands.push(DeskCommand::Newer);
            }
            if ui
                .add_enabled(!last_page, egui::Button::new(t!(lang, "desk-older")))
                .clicked()
            {
                commands.push(DeskCommand::Older);
            }
            if ui.button(t!(lang, "desk-latest")).clicked() {
                commands.push(DeskCommand::Latest);
            }
        });
        self.history_grid(ui, lang, shown, commands);
    }

    /// The history's filters, its search and export buttons, and how to write them.
    fn filters(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<DeskCommand>) {
        ui.horizontal_wrapped(|ui| {
            Self::field(ui, &t!(lang, "desk-from"), &mut self.from, 90.0);
            Self::field(ui, &t!(lang, "desk-to"), &mut self.to, 90.0);
            Self::field(ui, &t!(lang, "desk-table"), &mut self.table, 90.0);
            Self::field(ui, &t!(lang, "desk-dealer"), &mut self.dealer, 110.0);
            Self::field(ui, &t!(lang, "desk-shift"), &mut self.shift, 70.0);
            Self::field(ui, &t!(lang, "desk-box"), &mut self.box_no, 30.0);
            Self::field(ui, &t!(lang, "desk-outcome"), &mut self.outcome, 70.0);
            Self::field(ui, &t!(lang, "desk-min-payout"), &mut self.min_payout, 70.0);
            if ui
                .button(RichText::new(t!(lang, "desk-search")).size(18.0))
                .clicked()
            {
                commands.push(DeskCommand::Search);
            }
            Self::field(
                ui,
                &t!(lang, "desk-export-folder"),
                &mut self.export_dir,
                140.0,
            );
            ui.menu_button(RichText::new(t!(lang, "desk-export")).size(18.0), |ui| {
                for k in [
                    Kind::Summary,
                    Kind::Rounds,
                    Kind::Dealers,
                    Kind::Exceptions,
                    Kind::Protection,
                    Kind::Closeout,
                ] {
                    if ui.button(kind_title(lang, k)).clicked() {
                        commands.push(DeskCommand::Export(k));
                    }
                }
            });
        });
        let today = chrono::Utc::now().date_naive();
        ui.label(t!(
            lang,
            "desk-filters-help",
            date = i18n::date(lang, today),
            iso = today.to_string(),
            tz = self.cal.zone(),
            shifts = shifts_listed(&self.cal),
            house = t!(lang, "desk-outcome-house"),
            players = t!(lang, "desk-outcome-players"),
            void = t!(lang, "desk-outcome-void")
        ));
    }

    /// The rounds listed, each with its button to open it.
    fn history_grid(
        &self,
        ui: &mut Ui,
        lang: Lang,
        shown: &[RoundRow],
        commands: &mut Vec<DeskCommand>,
    ) {
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new("history")
                .striped(true)
                .spacing([14.0, 4.0])
                .show(ui, |ui| {
                    for (i, h) in [
                        t!(lang, "desk-col-round"),
                        t!(lang, "desk-col-settled"),
                        t!(lang, "desk-col-table"),
                        t!(lang, "desk-col-dealer"),
                        t!(lang, "desk-col-handle"),
                        t!(lang, "desk-col-house-win"),
                        t!(lang, "desk-col-largest-win"),
                        t!(lang, "desk-col-changed"),
                        String::new(),
                    ]
                    .into_iter()
                    .enumerate()
                    {
                        let head = ui.label(RichText::new(h).strong());
                        // The best bet's net is negative when every bet lost: said on hover.
                        if i == 6 {
                            head.on_hover_text(t!(lang, "desk-col-best-bet-help"));
                        }
                    }
                    ui.end_row();
                    let cur = self.currency;
                    for r in shown {
                        ui.label(r.round.to_string());
                        ui.label(when(lang, &self.cal, r.at));
                        ui.label(&r.table);
                        ui.label(&r.dealer);
                        for m in [r.figures.handle, r.figures.house_net, r.figures.max_net] {
                            // Right-aligned in the column, so the digits line up.
                            ui.with_layout(
                                egui::Layout::right_to_left(egui::Align::Center),
                                |ui| ui.label(i18n::money(lang, m, cur)),
                            );
                        }
                        // A void or correction is marked on its row, not only on its button.
                        match (r.voided, r.corrected) {
                            (true, _) => ui.label(
                                RichText::new(t!(lang, "desk-mark-voided"))
                                    .color(Color32::from_rgb(255, 90, 90))
                                    .strong(),
                            ),
                            (false, true) => ui.label(
                                RichText::new(t!(lang, "desk-mark-corrected"))
                                    .color(Color32::from_rgb(255, 170, 60))
                                    .strong(),
                            ),
                            (false, false) => ui.label(""),
                        };
                        let label = if r.voided {
                            t!(lang, "desk-open-void", round = r.round)
                        } else {
                            t!(lang, "desk-open", round = r.round)
                        };
                        if ui.button(label).clicked() {
                            commands.push(DeskCommand::Open(r.round));
                        }
                        ui.end_row();
                    }
                });
        });
    }

    fn round_tab(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<DeskCommand>) {
        let Some(h) = &self.history else {
            ui.label(t!(lang, "desk-open-from-history"));
            return;
        };
        let was = self.cursor;
        let cur = self.currency;
        let cash = |m: Money| i18n::money(lang, m, cur);
        ui.horizontal(|ui| {
            ui.heading(t!(lang, "desk-round-heading", round = h.round));
            if ui.button(t!(lang, "desk-step-first")).clicked() {
                self.cursor = 0;
            }
            if ui.button(t!(lang, "desk-step-back")).clicked() {
                self.cursor = self.cursor.saturating_sub(1);
            }
            if ui.button(t!(lang, "desk-step-next")).clicked() {
                self.cursor = (self.cursor + 1).min(h.events.len().saturating_sub(1));
            }
            if ui.button(t!(lang, "desk-step-last")).clicked() {
                self.cursor = h.events.len().saturating_sub(1);
            }
        });
        // The table as it stood after the input picked: the cards laid out again.
        let r = h.state_after(self.cursor);
        ui.label(
            RichText::new(t!(
                lang,
                "desk-after-input",
                i = self.cursor + 1,
                n = h.events.len(),
                next = crate::i18n::errors::expected(lang, &r)
            ))
            .size(18.0)
            .strong(),
        );
        table_view_in(ui, lang, &r, None);
        if r.is_complete() {
            let nets: Vec<String> = (0..r.bet_count())
                .map(|b| format!("{} {}", r.bet_id(b), cash(r.bet_net(b))))
                .collect();
            ui.label(RichText::new(t!(lang, "desk-nets", nets = nets.join(" · "))).size(18.0));
        }
        ui.add_space(4.0);
        egui::ScrollArea::vertical()
            .id_salt("events")
            .max_height(170.0)
            .show(ui, |ui| {
                for (i, e) in h.lines.iter().enumerate() {
                    let what = event_words(lang, cur, &e.what);
                    let time = chrono::DateTime::from_timestamp_millis(e.at)
                        .map(|t| t.format("%H:%M:%S").to_string())
                        .unwrap_or_default();
                    let text = RichText::new(format!("{:>3}  {time}  {what}", i + 1));
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
        self.exceptions_panel(ui, lang, commands);
    }

    /// The open round's void and correction, and a correction's preview.
    fn exceptions_panel(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<DeskCommand>) {
        let cur = self.currency;
        let cash = |m: Money| i18n::money(lang, m, cur);
        ui.separator();
        ui.label(RichText::new(t!(lang, "desk-exceptions-heading")).strong());
        // While a change waits for its yes, what it would log cannot be edited.
        ui.add_enabled_ui(self.confirm.is_none(), |ui| {
            ui.horizontal(|ui| {
                Self::field(ui, &t!(lang, "desk-reason"), &mut self.reason, 420.0);
                if ui.button(t!(lang, "desk-void")).clicked() {
                    commands.push(DeskCommand::AskVoid);
                }
            });
            ui.horizontal(|ui| {
                Self::field(ui, &t!(lang, "desk-inputs"), &mut self.correction, 560.0);
                if ui.button(t!(lang, "desk-preview")).clicked() {
                    commands.push(DeskCommand::Preview);
                }
                if ui.button(t!(lang, "desk-correct")).clicked() {
                    commands.push(DeskCommand::AskCorrect);
                }
            });
        });
        if let Some(p) = self.confirm {
            self.confirm_line(ui, lang, p, commands);
        }
        if let Some(c) = &self.preview {
            egui::Grid::new("diff").spacing([16.0, 4.0]).show(ui, |ui| {
                for h in [
                    t!(lang, "desk-diff-bet"),
                    t!(lang, "desk-diff-was"),
                    t!(lang, "desk-diff-now"),
                    t!(lang, "desk-diff-pay"),
                ] {
                    ui.label(RichText::new(h).strong());
                }
                ui.end_row();
                for (id, was, now, d) in &c.differences {
                    ui.label(id);
                    ui.label(cash(*was));
                    ui.label(cash(*now));
                    ui.label(RichText::new(signed(lang, cur, *d)).size(20.0).strong());
                    ui.end_row();
                }
            });
        }
    }

    /// The question a void or correction waits on, with its yes and its cancel.
    fn confirm_line(&self, ui: &mut Ui, lang: Lang, p: Pending, commands: &mut Vec<DeskCommand>) {
        let (question, yes, command) = match p {
            Pending::Void(round) => (
                t!(
                    lang,
                    "desk-confirm-void",
                    round = round,
                    reason = self.reason.trim()
                ),
                t!(lang, "desk-confirm-void-yes", round = round),
                DeskCommand::Void,
            ),
            Pending::Correct(round) => (
                t!(
                    lang,
                    "desk-confirm-correct",
                    round = round,
                    reason = self.reason.trim()
                ),
                t!(lang, "desk-confirm-correct-yes", round = round),
                DeskCommand::Correct,
            ),
        };
        // A modal: on screen whatever was scrolled, and nothing else is clicked meanwhile.
        egui::Modal::new(egui::Id::unique("desk-confirm")).show(ui.ctx(), |ui| {
            ui.set_max_width(560.0);
            ui.label(RichText::new(question).size(18.0).strong());
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(RichText::new(yes).size(18.0).strong()).clicked() {
                    commands.push(command);
                }
                if ui
                    .button(RichText::new(t!(lang, "desk-confirm-cancel")).size(18.0))
                    .clicked()
                {
                    commands.push(DeskCommand::Cancel);
                }
            });
        });
    }

    fn charts_tab(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<DeskCommand>) {
        // The charts read every round the filters find, never a page of the listing: on a
        // page, the search is run once (its failure leaves the button below).
        if matches!(self.listing, Listing::Latest(_))
            && self.searching.is_none()
            && !self.charts_asked
        {
            self.charts_asked = true;
            commands.push(DeskCommand::Search);
        }
        if self.searching.is_some() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t!(lang, "desk-charts-reading"));
            });
            return;
        }
        if self.rows.is_empty() || matches!(self.listing, Listing::Latest(_)) {
            ui.label(t!(lang, "desk-charts-empty"));
            if ui.button(t!(lang, "desk-search-all")).clicked() {
                commands.push(DeskCommand::Search);
            }
            return;
        }
        egui::ScrollArea::vertical()
            .id_salt("charts")
            .show(ui, |ui| self.charts(ui, lang));
    }

    fn charts(&self, ui: &mut Ui, lang: Lang) {
        let s = &self.series;
        let money = |m: &Money| m.cents() as f64 / 100.0;
        // Days as the language writes a day and month (the year is in the history; the
        // whole date when the days span years), hours as 06:00, dealers by name.
        let year = |d: &Day| d.0.get(..4).map(str::to_string);
        let one_year = s.by_day.first().map(year) == s.by_day.last().map(year);
        let day = |d: &str| match chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d") {
            Ok(date) if one_year => date.format(&t!(lang, "desk-axis-day-pattern")).to_string(),
            Ok(date) => i18n::date(lang, date),
            Err(_) => d.to_string(),
        };
        let hour = |h: u32| format!("{h:02}:00");
        ui.label(t!(
            lang,
            "desk-charts-intro",
            n = self.rows.len(),
            n_shown = count(lang, self.rows.len())
        ));
        if let (win, Some(best), Some(played), luck) = s.theory {
            let m = |m: Money| i18n::format::amount(lang, m);
            ui.label(t!(
                lang,
                "desk-theory-line",
                win = m(win),
                best = m(best),
                played = m(played),
                luck = luck.map_or(String::from("–"), |z| i18n::format::decimal(lang, z, 1))
            ));
        }
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
            let (win, hold) = (t!(lang, "desk-axis-win"), t!(lang, "desk-axis-win-rate"));
            labelled_bars(
                &mut cols[0],
                lang,
                (&t!(lang, "desk-chart-win-day"), &win, 2),
                by_day(&|d| money(&d.1)),
                Color32::LIGHT_GREEN,
            );
            hold_by_day(&mut cols[1], lang, s, &hold, by_day(&|d| d.2));
            labelled_bars(
                &mut cols[0],
                lang,
                (&t!(lang, "desk-chart-win-hour"), &win, 2),
                by_hour(&|h| money(&h.1)),
                Color32::LIGHT_GREEN,
            );
            labelled_bars(
                &mut cols[1],
                lang,
                (&t!(lang, "desk-chart-win-rate-hour"), &hold, 2),
                by_hour(&|h| h.2),
                Color32::LIGHT_BLUE,
            );
            labelled_bars(
                &mut cols[0],
                lang,
                (
                    &t!(lang, "desk-chart-rounds-hour"),
                    &t!(lang, "desk-axis-rounds"),
                    0,
                ),
                by_hour(&|h| h.3 as f64),
                Color32::GOLD,
            );
            labelled_bars(
                &mut cols[1],
                lang,
                (
                    &t!(lang, "desk-chart-rate-dealer"),
                    &t!(lang, "desk-axis-rate"),
                    1,
                ),
                s.by_dealer.iter().map(|d| (d.0.clone(), d.2)).collect(),
                Color32::GOLD,
            );
        });
    }
}

/// The hold by day, with the theoretical hold of the rules played for the best play: a
/// red line, and a point per day (one day makes no line).
fn hold_by_day(ui: &mut Ui, lang: Lang, s: &Series, hold: &str, bars: Vec<(String, f64)>) {
    let theory: Vec<[f64; 2]> = s
        .by_day
        .iter()
        .enumerate()
        .filter_map(|(i, d)| d.4.map(|t| [i as f64, t]))
        .collect();
    let played: Vec<[f64; 2]> = s
        .by_day
        .iter()
        .enumerate()
        .filter_map(|(i, d)| d.5.map(|t| [i as f64, t]))
        .collect();
    let theory_name = t!(lang, "desk-axis-theory");
    let played_name = t!(lang, "desk-axis-as-played");
    labelled_bars_with(
        ui,
        lang,
        (&t!(lang, "desk-chart-win-rate-day"), hold, 2),
        bars,
        Color32::LIGHT_BLUE,
        |p| {
            if !theory.is_empty() {
                p.line(
                    Line::new(&theory_name, PlotPoints::from(theory.clone()))
                        .color(Color32::RED)
                        .width(2.0),
                );
                p.points(
                    Points::new(&theory_name, PlotPoints::from(theory.clone()))
                        .color(Color32::RED)
                        .radius(4.0),
                );
            }
            if !played.is_empty() {
                p.line(
                    Line::new(&played_name, PlotPoints::from(played.clone()))
                        .color(Color32::ORANGE)
                        .width(2.0),
                );
                p.points(
                    Points::new(&played_name, PlotPoints::from(played.clone()))
                        .color(Color32::ORANGE)
                        .radius(4.0),
                );
            }
        },
    );
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

/// A day of the series: (date, house win, hold %, rounds, theoretical hold % at best play
/// and as played).
type Day = (String, Money, f64, i64, Option<f64>, Option<f64>);
/// An hour of the day in the series: (hour, house win, hold %, rounds).
type Hour = (u32, Money, f64, i64);

/// A bar chart titled `title`, one bar per item, each labelled on the x axis with its name
/// (every k-th name when they would crowd), the value axis labelled `y`. Fixed: it is read,
/// not explored.
fn labelled_bars(
    ui: &mut Ui,
    lang: Lang,
    (title, y, places): (&str, &str, usize),
    items: Vec<(String, f64)>,
    color: Color32,
) {
    labelled_bars_with(ui, lang, (title, y, places), items, color, |_| {});
}

/// [`labelled_bars`], with `more` drawn over the bars. Numbers on the value axis and in a
/// bar's hover are written as `lang` writes them (`1 234,50`), a bar's value with `places`
/// decimals.
fn labelled_bars_with(
    ui: &mut Ui,
    lang: Lang,
    (title, y, places): (&str, &str, usize),
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
    // Room above the tallest bar (and below the lowest) for the hover's label.
    let (lo, hi) = items
        .iter()
        .fold((0.0f64, 0.0f64), |(lo, hi), i| (lo.min(i.1), hi.max(i.1)));
    let bars = BarChart::new(
        y,
        items
            .into_iter()
            .enumerate()
            .map(|(i, (name, v))| Bar::new(i as f64, v).width(0.8).name(name))
            .collect(),
    )
    .color(color)
    .element_formatter({
        let y = y.to_string();
        Box::new(move |bar, _| {
            format!(
                "{} · {y}: {}",
                bar.name,
                i18n::decimal(lang, bar.value, places)
            )
        })
    });
    Plot::new(title)
        .height(120.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .include_y(0.0)
        .include_y(hi * 1.3)
        .include_y(lo * 1.3)
        .y_axis_label(y)
        .y_axis_min_width(36.0)
        .y_grid_spacer(about_four_steps)
        .y_axis_formatter(move |m, _| axis_number(lang, m))
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

/// Nets as a supervisor reads them: `1a 20,00, 3a -15,00`.
fn nets_words(lang: Lang, cur: Option<Currency>, nets: &[(String, Money)]) -> String {
    nets.iter()
        .map(|(id, net)| format!("{id} {}", i18n::money(lang, *net, cur)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A count as the language writes a number: `10 000`, `10,000`. (Fluent selects the
/// plural form by the number but writes it without grouping.)
fn count<N: TryInto<i64>>(lang: Lang, n: N) -> String {
    let n: i64 = n.try_into().unwrap_or(i64::MAX);
    i18n::decimal(lang, n as f64, 0)
}

/// An amount to pay (`+20,00`) or collect (`-15,00`): the sign always written.
fn signed(lang: Lang, cur: Option<Currency>, m: Money) -> String {
    let plus = if m.is_positive() { "+" } else { "" };
    format!("{plus}{}", i18n::money(lang, m, cur))
}

/// A time of the log as the desk lists it: the language's date and the time to the
/// second in the database's zone, named (`30. 11. 2026 15:05:09 Europe/Prague`).
fn when(lang: Lang, cal: &Calendar, ms: i64) -> String {
    match chrono::DateTime::from_timestamp_millis(ms) {
        Some(_) => {
            let t = cal.local(ms);
            format!(
                "{} {} {}",
                i18n::date(lang, t.date()),
                t.format("%H:%M:%S"),
                cal.zone()
            )
        }
        None => format!("@{ms}ms"),
    }
}

/// A date typed on the desk: as `lang` writes it (`30. 11. 2026`, `30.11.2026`) or ISO
/// (`2026-11-30`); anything else is refused with both forms as examples.
fn parse_date(lang: Lang, text: &str) -> Result<chrono::NaiveDate, UiError> {
    use chrono::NaiveDate;
    let squeezed: String = text.split_whitespace().collect();
    let pattern: String = t!(lang, "date-pattern")
        .replace("%-", "%")
        .split_whitespace()
        .collect();
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(&squeezed, &pattern))
        .map_err(|_| UiError::BadDate {
            text: text.trim().to_string(),
        })
}

/// How a Pontis game ended (as the log names it: `empty_hand`, `blocked`, `abandoned`), in
/// words; an ending this list does not know as the log names it.
fn game_end(lang: Lang, end: &str) -> String {
    match end {
        "empty_hand" => t!(lang, "desk-game-end-empty-hand"),
        "blocked" => t!(lang, "desk-game-end-blocked"),
        "abandoned" => t!(lang, "desk-game-end-abandoned"),
        other => other.replace('_', " "),
    }
}

/// A report's kind as the Export menu names it.
fn kind_title(lang: Lang, k: Kind) -> String {
    match k {
        Kind::Summary => t!(lang, "desk-export-summary"),
        Kind::Rounds => t!(lang, "desk-export-rounds"),
        Kind::Dealers => t!(lang, "desk-export-dealers"),
        Kind::Exceptions => t!(lang, "desk-export-exceptions"),
        Kind::Protection => t!(lang, "desk-export-protection"),
        Kind::Closeout => t!(lang, "report-title-closeout"),
    }
}

/// A value-axis number as `lang` writes it, with as many decimals as the step needs.
fn axis_number(lang: Lang, m: GridMark) -> String {
    let places = if m.step_size >= 1.0 {
        0
    } else {
        (-m.step_size.log10().floor()) as usize
    };
    i18n::decimal(lang, m.value, places.min(4))
}

/// The rounds that pass `f`, newest first, at most `SEARCH_CAP`: read a page at a time
/// backward from the period's end by the keyset the history pages use, so memory stays at
/// a page and what was kept. Each day's theoretical hold comes beside the actual one.
fn find(store: &Store, f: &Filters) -> Result<Found, crate::log::AuditError> {
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
                && f.shift.is_none_or(|s| f.cal.locate(r.at).shift == s)
                && match f.outcome {
                    Outcome::House => r.figures.house_net.is_positive(),
                    Outcome::Players => r.figures.house_net < Money::ZERO,
                    Outcome::Void => r.voided,
                    Outcome::Any => true,
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
    let series = report::series_with(&rows, &th, &f.cal);
    rows.reverse();
    Ok(Found {
        rows,
        series,
        capped,
    })
}

/// A round's event as the desk lists it, in the language.
fn event_words(lang: Lang, cur: Option<Currency>, what: &Logged) -> String {
    let cash = |m: Money| i18n::money(lang, m, cur);
    match what {
        Logged::Bets(bets) => t!(
            lang,
            "desk-event-bets",
            bets = bets
                .iter()
                .map(|(id, box_no, stake)| t!(
                    lang,
                    "desk-event-bet",
                    id = id.as_str(),
                    box_no = *box_no,
                    stake = cash(*stake)
                ))
                .collect::<Vec<_>>()
                .join(" · ")
        ),
        Logged::Input(text) => t!(lang, "desk-event-input", text = logged::input(lang, text)),
        Logged::Refused {
            text,
            why,
            expected,
        } => t!(
            lang,
            "desk-event-refused",
            text = logged::input(lang, text),
            why = t!(
                lang,
                "table-why-expected",
                why = logged::refusal_code(lang, why),
                expected = crate::i18n::errors::expecting(lang, expected)
            )
        ),
        Logged::Undo(text) => t!(lang, "desk-event-undo", text = logged::input(lang, text)),
        Logged::Settled(nets) => t!(
            lang,
            "desk-event-settled",
            nets = nets_words(lang, cur, nets)
        ),
        Logged::Voided(reason) => t!(lang, "desk-event-voided", reason = reason),
        Logged::Corrected { reason, nets } => t!(
            lang,
            "desk-event-corrected",
            reason = reason,
            nets = nets_words(lang, cur, nets)
        ),
        Logged::Other(kind) => kind.to_string(),
        Logged::Unreadable { kind, why } => format!("{kind}: {why}"),
    }
}

/// What a verify that held says: events, rounds (and games, if any) and the head.
fn verified_words(lang: Lang, v: &replay::Verified) -> String {
    let head = v.head.1.get(..12).unwrap_or(&v.head.1);
    if v.games > 0 {
        t!(
            lang,
            "desk-verified-games",
            events = v.events,
            events_shown = count(lang, v.events),
            rounds = v.rounds,
            rounds_shown = count(lang, v.rounds),
            games = v.games,
            games_shown = count(lang, v.games),
            head = head
        )
    } else {
        t!(
            lang,
            "desk-verified-rounds",
            events = v.events,
            events_shown = count(lang, v.events),
            rounds = v.rounds,
            rounds_shown = count(lang, v.rounds),
            head = head
        )
    }
}

/// The shift filter: empty for every shift, else a shift's number in the gaming day
/// (1 to the calendar's count).
fn shift_filter(cal: &Calendar, text: &str) -> Result<Option<u8>, UiError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<u8>()
        .ok()
        .filter(|s| (1..=cal.shift_count()).contains(s))
        .map(Some)
        .ok_or_else(|| UiError::BadShift {
            text: text.to_string(),
            max: cal.shift_count(),
            shifts: shifts_listed(cal),
        })
}

/// `1 06:00–14:00, 2 14:00–22:00, 3 22:00–06:00`.
fn shifts_listed(cal: &Calendar) -> String {
    let each: Vec<String> = (1..=cal.shift_count())
        .map(|n| format!("{n} {}", cal.hours(n)))
        .collect();
    each.join(", ")
}

/// An input typed in the correction field as the round script writes it: a card as the
/// dealer screen takes it in `lang` (`В♣`) becomes the log's `Jc`; a Latin T where the
/// ace is Т is refused (the screen's T key enters no ten there); any other input is
/// passed on as typed, for the script to read.
fn script_step(lang: Lang, typed: &str) -> Result<String, UiError> {
    if let Some(c) = keys::typed_card(lang, typed) {
        return Ok(c.to_string());
    }
    if keys::is_latin_t(lang, typed) {
        return Err(UiError::LatinT {
            text: typed.to_string(),
        });
    }
    Ok(typed.to_string())
}

/// Runs `work` on a thread of its own; its answer comes on the receiver, and a panic as
/// `UiError::WorkerPanicked` with what it said (never a silence the desk waits on).
fn in_background<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, UiError> + Send + 'static,
) -> Receiver<Result<T, UiError>> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).unwrap_or_else(|p| {
            Err(UiError::WorkerPanicked {
                message: panic_message(p.as_ref()),
            })
        });
        let _ = tx.send(r);
    });
    rx
}

/// The box filter: empty for every box, else a box number the rules can have (1 to the
/// engine's most boxes a table may have: the search runs over every table's rules).
fn box_filter(text: &str) -> Result<Option<u8>, UiError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<u8>()
        .ok()
        .filter(|b| (1..=MAX_BOXES).contains(b))
        .map(Some)
        .ok_or_else(|| UiError::BadBox {
            text: text.to_string(),
            max: MAX_BOXES,
        })
}

/// Why a streamed export stopped, as the desk says it: reading the log, or writing `path`.
fn export_error(path: &std::path::Path, e: report::StreamError) -> UiError {
    use report::{FileError, StreamError};
    let io = |error| {
        crate::files::WriteError::Io {
            path: path.to_path_buf(),
            error,
        }
        .into()
    };
    match e {
        StreamError::Audit(a) => a.into(),
        StreamError::File(FileError::Write(w)) => w.into(),
        StreamError::Io(error) => io(error),
        StreamError::ReaderPanicked(message) => UiError::WorkerPanicked { message },
        e @ (StreamError::File(FileError::Csv(_)) | StreamError::Json(_)) => {
            io(std::io::Error::other(e.to_string()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::Harness;

    /// The History and Games lists say a time in the database's zone, named: 10:00 UTC
    /// is 11:00 in Prague in winter, 12:00 in summer.
    #[test]
    fn the_desk_lists_times_in_the_databases_zone() {
        let cal = Calendar::new("Europe/Prague", "06:00 14:00 22:00").unwrap();
        let winter = when(Lang::En, &cal, 1_764_583_200_000); // 2025-12-01 10:00 UTC
        assert!(winter.ends_with(" 11:00:00 Europe/Prague"), "{winter}");
        let summer = when(Lang::En, &cal, 1_751_364_000_000); // 2025-07-01 10:00 UTC
        assert!(summer.ends_with(" 12:00:00 Europe/Prague"), "{summer}");
    }

    /// An export with From and To empty covers the gaming days (of the database's
    /// calendar) of the rounds listed, not their UTC dates: in Prague, rounds settled from
    /// 02:10 to 05:55 on 11 March are gaming day 10 March's; with no round listed, the
    /// gaming day of now.
    #[test]
    fn an_export_covers_the_gaming_days_of_the_rounds_listed() {
        let cal = Calendar::new("Europe/Prague", "06:00 14:00 22:00").unwrap();
        let row = |at: i64| RoundRow {
            db: 0,
            table: "Pontoon 1".into(),
            round: 1,
            at,
            dealer: "Jana Svoboda".into(),
            figures: Default::default(),
            voided: false,
            corrected: false,
            cost: None,
            replayed: None,
        };
        let march11 = 1_773_187_200_000; // 2026-03-11 00:00 UTC: 01:00 in Prague (CET)
        let minute = 60_000;
        let mut desk = Desk::new();
        // Newest first: 05:55 and 02:10 local.
        desk.rows = vec![row(march11 + 295 * minute), row(march11 + 70 * minute)];
        let day = |d: u32| chrono::NaiveDate::from_ymd_opt(2026, 3, d).unwrap();
        let now = march11 + 600 * minute; // 11:00 local: gaming day 11 March
        let p = desk.export_period(Lang::En, &cal, now).unwrap();
        assert_eq!((p.from(), p.to()), (day(10), day(10)));
        desk.rows.clear();
        let p = desk
            .export_period(Lang::En, &cal, march11 + 120 * minute)
            .unwrap();
        assert_eq!((p.from(), p.to()), (day(10), day(10)), "03:00 local");
        let p = desk.export_period(Lang::En, &cal, now).unwrap();
        assert_eq!((p.from(), p.to()), (day(11), day(11)), "11:00 local");
        // To left empty in a search: the gaming day of now, too.
        let p = desk.period(Lang::En, &cal, march11 + 120 * minute).unwrap();
        assert_eq!(p.to(), day(10));
    }

    /// The box filter takes every box the rules allow, and nothing past it.
    /// A background task that panics answers with what the panic said; the desk never
    /// waits on a thread that is gone.
    #[test]
    fn a_background_task_that_panics_answers_with_its_message() {
        let rx = in_background(|| -> Result<(), UiError> { panic!("the index went away") });
        let r = rx
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("an answer, not a silence");
        assert!(
            matches!(&r, Err(UiError::WorkerPanicked { message }) if message == "the index went away"),
            "{r:?}"
        );
        let words = r.unwrap_err().words(Lang::Cs);
        assert!(
            words.contains("the index went away") && !words.contains('{'),
            "{words}"
        );
    }

    #[test]
    fn the_box_filter_takes_the_boxes_the_rules_allow() {
        assert_eq!(box_filter(" "), Ok(None));
        for b in 1..=MAX_BOXES {
            assert_eq!(box_filter(&format!(" {b} ")), Ok(Some(b)));
        }
        let past = (MAX_BOXES + 1).to_string();
        for bad in ["0", past.as_str(), "x", "-1"] {
            assert_eq!(
                box_filter(bad).map_err(|e| e.words(Lang::En)),
                Err(format!(
                    "box \u{201c}{bad}\u{201d}: expected a box number 1 to {MAX_BOXES}"
                ))
            );
        }
    }
    use egui_kittest::kittest::{NodeT, Queryable};

    /// In uk and ru the plural `one` also covers 21, 31, …: only the exact 1 may drop the
    /// number ("the latest round"), every other count says it.
    #[test]
    fn a_count_of_21_still_says_its_number() {
        for lang in [Lang::Uk, Lang::Ru] {
            for n in [21_i64, 31, 2, 5] {
                let said = t!(lang, "desk-status-latest", n = n);
                assert!(said.contains(&n.to_string()), "{lang:?} {n}: {said}");
            }
            assert!(!t!(lang, "desk-status-latest", n = 1_i64).contains('1'));
            let winners = t!(lang, "pontis-winners", n = 21_i64, names = "A");
            assert_ne!(
                winners,
                t!(lang, "pontis-winners", n = 1_i64, names = "A"),
                "{lang:?}"
            );
        }
    }

    /// The desk and what it acts on, as the app holds them.
    struct AtDesk {
        desk: Desk,
        store: Store,
        user: User,
        lang: Lang,
        status: Option<Status>,
    }

    /// The desk on a demo database of `rounds` rounds in `currency` (if any), in `lang`,
    /// opened as the app opens it (on the latest rounds), 1280×800.
    fn desk_in(
        lang: Lang,
        name: &str,
        rounds: u64,
        currency: Option<&str>,
    ) -> Harness<'static, AtDesk> {
        use crate::session::{demo, users};
        let dir = std::env::temp_dir().join(format!("croupier-desk-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("table.db");
        let mut store = Store::open_with(&path, Box::new(demo::clock_for(5))).unwrap();
        demo::fill(&mut store, rounds, 2, 5, |_| {}).unwrap();
        let user = users::login(&mut store, "Petr Novak", "800100", None).unwrap();
        if let Some(code) = currency {
            let c = Currency::parse(code).unwrap();
            assert!(settings::set_currency(&mut store, c, &user).unwrap());
        }
        let mut desk = Desk::new();
        let status = desk.apply(DeskCommand::Latest, &mut store, &user, lang);
        let state = AtDesk {
            desk,
            store,
            user,
            lang,
            status,
        };
        let h = Harness::builder()
            .with_size(egui::Vec2::new(1280.0, 800.0))
            .build_ui_state(
                |ui, s: &mut AtDesk| {
                    for c in s.desk.ui(ui, s.lang) {
                        if let Some(r) = s.desk.apply(c, &mut s.store, &s.user, s.lang) {
                            s.status = Some(r);
                        }
                    }
                },
                state,
            );
        // As the app does: the round view's cards carry their suits.
        crate::ui::widgets::install_fonts(&h.ctx);
        h
    }

    /// Opening the desk works out no theory on the window's thread (before, listing the
    /// latest rounds solved each table's rules there, about 100 s in a debug build): the
    /// listing holds no series; the charts tab's background search (a spinner and
    /// "Reading every round…" until it is done) works the theory out, then shows it.
    #[test]
    fn the_desk_opens_without_computing_a_theory_and_the_charts_compute_it_in_the_background() {
        let mut h = desk_in(Lang::En, "theory-later", 30, None);
        h.run();
        let s = &h.state().desk;
        assert!(!s.rows.is_empty(), "the latest rounds are listed");
        assert!(
            s.series.by_day.is_empty() && s.series.theory.1.is_none(),
            "no theory on the window's thread"
        );
        h.get_by_label("Charts").click();
        // The spinner repaints: steps, not `run`. (Whether "Reading every round…" is
        // still shown by then depends on how soon the solve is done in this process.)
        h.run_steps(2);
        assert!(
            h.state().desk.charts_asked,
            "the charts searched in the background"
        );
        let until = std::time::Instant::now() + std::time::Duration::from_secs(600);
        while h.state().desk.searching.is_some() && std::time::Instant::now() < until {
            h.step();
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        h.run();
        assert!(
            h.state().desk.series.theory.1.is_some(),
            "the background search brought the theory"
        );
        assert!(
            h.query_by_label_contains("theoretical win at best play")
                .is_some()
        );
    }

    /// In Ukrainian the correction field shows a round's cards as the event list writes
    /// them (`В♣`, `Т`) and takes them back so, as the dealer screen takes its keys: a
    /// preview of the inputs as shown goes through (before, only Latin `Jc` was taken). A
    /// Latin T, no ten where the ace is Т, is refused with why.
    #[test]
    fn the_uk_correction_field_takes_cards_as_the_event_list_writes_them() {
        let uk = Lang::Uk;
        let mut h = desk_in(uk, "uk-correction", 30, None);
        let s = h.state_mut();
        let cyrillic = |t: &str| t.chars().any(|c| "ТКДВ".contains(c));
        let mut shown = None;
        for round in s.desk.rows.iter().map(|r| r.round).collect::<Vec<_>>() {
            let opened = s
                .desk
                .apply(DeskCommand::Open(round), &mut s.store, &s.user, uk);
            assert!(matches!(opened, Some(Ok(_))), "{opened:?}");
            if cyrillic(&s.desk.correction) {
                shown = Some(round);
                break;
            }
        }
        let round = shown.expect("a round with a court card or an ace");
        let logged = replay::export_round(&s.store, round).unwrap().0.steps;
        let written: Vec<String> = logged
            .iter()
            .map(|t| match t.parse::<Card>() {
                Ok(c) => i18n::errors::card(uk, c),
                Err(_) => t.clone(),
            })
            .collect();
        assert_eq!(s.desk.correction, written.join(", "));
        let said = s
            .desk
            .apply(DeskCommand::Preview, &mut s.store, &s.user, uk);
        assert_eq!(said, Some(Ok(Notice::PreviewWritten)));
        let first = logged.first().cloned().unwrap_or_default();
        for (typed, want) in [
            ("В♣", "Jc"),
            ("т", "A"),
            ("Д♥", "Qh"),
            ("10", "10"),
            ("stick", "stick"),
        ] {
            assert_eq!(script_step(uk, typed), Ok(want.to_string()), "{typed}");
        }
        s.desk.correction = format!("{first}, Th");
        let said = s
            .desk
            .apply(DeskCommand::Preview, &mut s.store, &s.user, uk);
        assert_eq!(said, Some(Err(UiError::LatinT { text: "Th".into() })));
    }

    /// The desk in Czech: headings, tabs and columns in Czech, amounts in the table's
    /// crowns and times as a Czech floor writes them, a date typed the Czech way searched,
    /// and a word it does not know refused in Czech with what it expects.
    #[test]
    fn the_desk_reads_in_czech() {
        let mut h = desk_in(Lang::Cs, "cs", 60, Some("CZK"));
        h.run();
        for words in [
            "Pult supervizora",
            "Historie kol",
            "Grafy",
            "vsazeno",
            "výhra kasina",
            "Ověřit",
        ] {
            assert!(h.query_by_label(words).is_some(), "{words} on the desk");
        }
        // Amounts with a decimal comma and a no-break space between thousands; the time
        // of each round with the Czech date.
        let newest = h.state().desk.rows[0].clone();
        let czk = Currency::parse("CZK").ok();
        let handle = i18n::money(Lang::Cs, newest.figures.handle, czk);
        assert_eq!(
            handle,
            format!("{},00\u{a0}Kč", newest.figures.handle.cents() / 100),
            "a decimal comma, then the crowns"
        );
        assert!(h.query_by_label(&handle).is_some(), "{handle} listed");
        let settled = when(Lang::Cs, &Calendar::utc_default(), newest.at);
        assert!(settled.starts_with("5. 1. 2026 "), "{settled}");
        assert!(h.query_by_label(&settled).is_some(), "{settled} listed");
        // The demo's rounds include a handle over a thousand: grouped with a no-break space.
        let grouped = h
            .state()
            .desk
            .rows
            .iter()
            .map(|r| i18n::money(Lang::Cs, r.figures.handle, czk))
            .find(|a| a.matches('\u{a0}').count() == 2)
            .expect("a handle of a thousand or more among the rounds");
        assert!(h.query_by_label(&grouped).is_some(), "{grouped} listed");
        // A round laid out again: its bets and nets in crowns too.
        let round = newest.round;
        h.get_by_label(&format!("Otevřít {round}")).click();
        h.run();
        assert!(h.query_by_label(&format!("Kolo {round}")).is_some());
        assert!(
            h.query_by_label_contains("sázky: ").is_some_and(|n| n
                .accesskit_node()
                .label()
                .unwrap_or_default()
                .contains("\u{a0}Kč")),
            "the bets in crowns"
        );
        h.get_by_label("Historie kol").click();
        h.run();
        // A date typed as Czech writes it is searched; a Czech word for the outcome too.
        h.get_by_label("Od").click();
        h.run();
        h.get_by_label("Od").type_text("5. 1. 2026");
        h.get_by_label("Výsledek").click();
        h.run();
        h.get_by_label("Výsledek").type_text("kasino");
        h.get_by_label("Hledat").click();
        for _ in 0..500 {
            h.step();
            if h.state().desk.searching.is_none() && h.state().desk.found.is_none() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        h.run();
        let said = h.state().status.as_ref().map(|r| {
            r.as_ref()
                .map(|n| n.words(Lang::Cs))
                .map_err(|e| e.words(Lang::Cs))
        });
        let Some(Ok(said)) = said else {
            panic!("the search answered: {said:?}")
        };
        assert!(said.starts_with("nalezen"), "{said}");
        assert!(
            h.state()
                .desk
                .rows
                .iter()
                .all(|r| r.figures.house_net.is_positive()),
            "only rounds the house won"
        );
        // An outcome it does not know: refused, in Czech, with the words it takes.
        h.get_by_label("Výsledek").click();
        h.run();
        h.get_by_label("Výsledek").type_text("x");
        h.get_by_label("Hledat").click();
        h.run();
        let said = h.state().status.as_ref().map(|r| {
            r.as_ref()
                .map(|n| n.words(Lang::Cs))
                .map_err(|e| e.words(Lang::Cs))
        });
        assert!(
            matches!(&said, Some(Err(e)) if e.contains("čekám kasino, hráči nebo anulováno")),
            "{said:?}"
        );
    }

    /// The shift filter takes a shift's number in the database's gaming day, nothing else.
    #[test]
    fn the_shift_filter_takes_a_shifts_number() {
        let cal = Calendar::new("Europe/Prague", "06:00 18:00").unwrap();
        assert_eq!(shift_filter(&cal, " "), Ok(None));
        assert_eq!(shift_filter(&cal, " 2 "), Ok(Some(2)));
        for bad in ["0", "3", "night", "-1"] {
            let e = shift_filter(&cal, bad).unwrap_err().words(Lang::Cs);
            assert!(e.contains("06:00–18:00"), "{bad}: {e}");
        }
    }

    /// Dates and amounts typed as each language writes them, or ISO and a point; the
    /// rest refused with an example.
    #[test]
    fn dates_and_amounts_typed_the_local_way() {
        let d = chrono::NaiveDate::from_ymd_opt(2026, 1, 5).unwrap();
        for (lang, text) in [
            (Lang::Cs, "5. 1. 2026"),
            (Lang::Cs, "05.01.2026"),
            (Lang::Uk, "05.01.2026"),
            (Lang::Ru, "5.1.2026"),
            (Lang::En, "5 Jan 2026"),
            (Lang::Cs, "2026-01-05"),
        ] {
            assert_eq!(parse_date(lang, text), Ok(d), "{lang} {text}");
        }
        let e = parse_date(Lang::Cs, "5/1/2026")
            .unwrap_err()
            .words(Lang::Cs);
        assert!(e.contains("5/1/2026") && e.contains("čekám datum"), "{e}");
        for (lang, text, cents) in [
            (Lang::Cs, "1 000,50", 100_050),
            (Lang::Cs, "1\u{a0}000,5", 100_050),
            (Lang::Uk, "20", 2_000),
            (Lang::En, "1,000.50", 100_050),
            (Lang::Ru, "7.50", 750),
        ] {
            assert_eq!(
                parse_money(lang, text),
                Ok(Money::from_cents(cents)),
                "{lang} {text}"
            );
        }
        assert!(parse_money(Lang::Cs, "deset").is_err());
        // English "2,5" is refused, never read as 25.00.
        assert!(parse_money(Lang::En, "2,5").is_err());
        // A period typed backwards is refused in the language's dates.
        let mut desk = Desk::new();
        desk.from = "6. 1. 2026".into();
        desk.to = "2026-01-05".into();
        let utc = Calendar::utc_default();
        let e = (desk.period(Lang::Cs, &utc, 0).unwrap_err()).words(Lang::Cs);
        assert_eq!(
            e,
            "Od 6. 1. 2026 je po Do 5. 1. 2026: nejdřív patří dřívější datum"
        );
        desk.to = "6.1.2026".into();
        assert_eq!(
            desk.period(Lang::Cs, &utc, 0).map(|p| p.ms()),
            Ok(Period::parse("2026-01-06", "2026-01-06").unwrap().ms())
        );
        // Counts are grouped as numbers are, and pick their plural form.
        let found = |lang, n: usize| t!(lang, "desk-rounds-found", n = n, n_shown = count(lang, n));
        assert_eq!(found(Lang::Cs, 10_000), "nalezeno 10\u{a0}000 kol");
        assert_eq!(found(Lang::Cs, 3), "nalezena 3 kola");
        assert_eq!(found(Lang::Ru, 21), "найден 21 раунд");
        assert_eq!(found(Lang::En, 1_250), "1,250 rounds found");
    }

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

    /// English words known to have leaked into the other languages' screens and reports.
    pub(crate) const ENGLISH: [&str; 12] = [
        " the ",
        "wanted",
        "decision",
        "expected",
        "refused",
        "stick",
        "twist",
        "insure",
        "even money",
        "even-money",
        "logged out",
        " is ",
    ];

    /// The round view says a refused input in the desk's language, from its code: one
    /// logged now (the demo's dealers) and one the previous release logged in English
    /// only (its code derived by the replay); the inputs in words too; and what the round
    /// expected there, from the engine's `Expecting` of the round replayed to it.
    #[test]
    fn refusals_old_and_new_read_in_ukrainian() {
        use crate::session::{demo, replay};
        let uk = Lang::Uk;
        let dir = std::env::temp_dir().join(format!("croupier-desk-{}-codes", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let old = replay::old_demo(&dir.join("old.db"));
        let h = RoundHistory::load(&old, 17).unwrap();
        let said: Vec<String> = h
            .lines
            .iter()
            .map(|l| event_words(uk, None, &l.what))
            .collect();
        // Why, and what the round expected there (replayed to it): a decision, in words.
        let why = t!(uk, "error-card-not-wanted");
        let line = said
            .iter()
            .find(|l| l.contains(&why))
            .unwrap_or_else(|| panic!("{said:#?}"));
        assert!(
            line.starts_with(&t!(uk, "desk-event-refused", text = "7", why = "")),
            "{line}"
        );
        assert!(
            line.contains(&format!("{why}; очікується рішення для: бокс")),
            "{line}"
        );
        let leak = ENGLISH.iter().find(|w| line.contains(*w));
        assert!(leak.is_none(), "{leak:?} in {line}");
        let path = dir.join("new.db");
        let _ = std::fs::remove_file(&path);
        let mut store = Store::open_with(&path, Box::new(demo::clock_for(5))).unwrap();
        demo::fill(&mut store, 40, 2, 5, |_| {}).unwrap();
        let mut refusals = 0;
        for round in 1..=40 {
            let h = RoundHistory::load(&store, round).unwrap();
            for l in &h.lines {
                let words = event_words(uk, None, &l.what);
                if let Logged::Refused { .. } | Logged::Input(_) | Logged::Undo(_) = l.what {
                    let leak = ENGLISH.iter().find(|w| words.contains(*w));
                    assert!(leak.is_none(), "{leak:?} in {words}");
                }
                refusals += matches!(l.what, Logged::Refused { .. }) as usize;
            }
        }
        assert!(refusals > 0, "the demo's dealers mistype");
    }
}
