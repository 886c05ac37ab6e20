//! A table open at this screen: the session, and what the dealer has typed or marked at it.
//! Which of its screens is up (bets, play, settlement) is read from the session and the
//! settled round, so it cannot disagree with them. Its commands run here, through
//! `session::TableSession`, and say what happened.

use egui::Ui;

mod bets;
mod play;
mod settlement;

pub(crate) use settlement::WalkMove;

use super::{Said, input_error, not_recorded};
use crate::engine::{BetIx, Currency, Round, Step, Suit};
use crate::i18n::{Lang, errors, logged};
use crate::log::Store;
use crate::session::TableSession;
use crate::session::table::{Input, InputError, Refused};
use crate::t;
use crate::ui::widgets::{Tone, parse_money};
use crate::ui::{Command, Screen};

/// The table and the dealer's work at it.
pub(crate) struct AtTable {
    pub(crate) session: TableSession,
    /// Stakes typed per box and position (holder first).
    pub(crate) stakes: Vec<Vec<String>>,
    /// The suit given for the next card (F1–F4), if any.
    pub(crate) suit: Option<Suit>,
    /// The bet marked for an offer (index into the round's bets).
    pub(crate) mark: usize,
    /// Insurance amounts typed per bet (empty: the most allowed).
    pub(crate) insure: Vec<String>,
    /// The round just settled, shown until the dealer confirms it.
    pub(crate) settled: Option<Box<Round>>,
    /// The dealer's place in that settlement, and the lines seen.
    pub(crate) walk: settlement::Walk,
    /// The stake fields found wrong at the last deal, each with why (marked on screen).
    pub(crate) bad: Vec<bets::BadStake>,
    /// The database's currency, if set: money on the table's screens is written in it.
    pub(crate) currency: Option<Currency>,
    /// The table's money: the expected tray, a count due, the money form.
    pub(crate) money: super::counts::MoneyPanel,
}

/// Which offer a command makes for a bet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OfferKind {
    Insure,
    EvenMoney,
    Decline,
}

impl AtTable {
    pub(crate) fn new(session: TableSession, currency: Option<Currency>) -> AtTable {
        let rules = session.state().rules;
        AtTable {
            stakes: vec![
                vec![String::new(); rules.bets_per_box() as usize];
                rules.boxes() as usize
            ],
            session,
            suit: None,
            mark: 0,
            insure: Vec::new(),
            settled: None,
            walk: settlement::Walk::default(),
            bad: Vec::new(),
            currency,
            money: Default::default(),
        }
    }

    /// The settlement until it is confirmed, else the round in play, else the bets.
    pub(crate) fn screen(&self) -> Screen {
        match (&self.settled, self.session.round()) {
            (Some(_), _) => Screen::Settled,
            (None, Some(_)) => Screen::Play,
            (None, None) => Screen::Bets,
        }
    }

    pub(crate) fn round(&self) -> Option<&Round> {
        self.session.round()
    }

    pub(crate) fn ui(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<Command>) {
        if let Some(round) = &self.settled {
            settlement::ui(ui, lang, self.currency, round, &mut self.walk, commands);
        } else if let Some(round) = self.session.round().cloned() {
            play::ui(ui, lang, self, &round, commands);
        } else if self.money.on && !self.money.due {
            // The money section beside the bets, scrolling on its own: opened, it never
            // pushes Deal off the screen (1280×800).
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_max_width(540.0);
                    bets::ui(ui, lang, self, commands);
                });
                ui.separator();
                egui::ScrollArea::vertical()
                    .id_salt("money-scroll")
                    .show(ui, |ui| self.money.ui(ui, lang, commands));
            });
        } else {
            self.money.ui(ui, lang, commands);
            if !self.money.due {
                bets::ui(ui, lang, self, commands);
            }
        }
    }

    /// One input of the round in play. A refusal is said from the reason the session
    /// returned (`Refused::Step`: the engine's `Refusal`), in the language.
    pub(crate) fn step(&mut self, store: &mut Store, lang: Lang, step: Step) -> Said {
        if let Step::Card(_) = step {
            self.suit = None;
        }
        let text = match self.session.round() {
            Some(r) => errors::step(lang, r, step),
            None => String::new(),
        };
        match self.session.input(store, step) {
            Ok(Input::Accepted) => (t!(lang, "table-ok", step = text), Tone::Info),
            Ok(Input::Settled(round)) => {
                self.settled = Some(round);
                self.walk = settlement::Walk::default();
                (t!(lang, "table-ok-settled", step = text), Tone::Info)
            }
            Err(InputError::Refused(why)) => {
                // A refused step changed nothing: the round is still the one it refused on.
                let why = match (&why, self.session.round()) {
                    (Refused::Step(e), Some(round)) => t!(
                        lang,
                        "table-why-expected",
                        why = errors::refusal(lang, round, &e.refusal),
                        expected = errors::expected(lang, round)
                    ),
                    (why, round) => match why.code(round) {
                        Some(code) => logged::refusal_code(lang, &code),
                        None => why.to_string(),
                    },
                };
                (
                    t!(lang, "table-refused", step = text, why = why),
                    Tone::Refused,
                )
            }
            Err(e) => not_recorded(lang, &text, &e),
        }
    }

    /// Starts the round with the bets on screen, then (a card key on the bets screen)
    /// `first`.
    pub(crate) fn deal(&mut self, store: &mut Store, lang: Lang, first: Option<Step>) -> Said {
        // The money form is up instead of the stakes: the count comes first.
        if self.money.due {
            let name = self.session.state().name.clone();
            let why = crate::codes::NotNow::CountDue { name };
            return (errors::not_now(lang, &why), Tone::Refused);
        }
        let bets = match bets::from_form(lang, &self.stakes) {
            Ok(b) => b,
            Err(bad) if bad.is_empty() => return (t!(lang, "bets-none"), Tone::Refused),
            Err(bad) => return self.bets_refused(lang, bad),
        };
        let s = self.session.state();
        let by_engine = bets::refused_by_engine(lang, s.rules, s.limits, &bets);
        match self.session.start_round(store, bets) {
            // The session refused (and logged) the first; all of them are said and marked.
            Err(_) if !by_engine.is_empty() => self.bets_refused(lang, by_engine),
            Ok(n) => {
                self.bad.clear();
                self.mark = 0;
                self.insure.clear();
                match first {
                    Some(step) => self.step(store, lang, step),
                    None => (t!(lang, "table-round-deal", n = n), Tone::Info),
                }
            }
            Err(e) => (input_error(lang, &e), Tone::Refused),
        }
    }

    /// Every wrong stake said at once (each reason once), and each field marked.
    fn bets_refused(&mut self, lang: Lang, bad: Vec<bets::BadStake>) -> Said {
        let mut why: Vec<&str> = Vec::new();
        for (_, w) in &bad {
            if !why.contains(&w.as_str()) {
                why.push(w);
            }
        }
        let said = t!(lang, "bets-refused", n = bad.len(), why = why.join("; "));
        self.bad = bad;
        (said, Tone::Refused)
    }

    /// Tab on the bets screen: from stake to stake only.
    pub(crate) fn tab(&self, ui: &Ui) {
        if self.screen() == Screen::Bets {
            bets::tab_through_stakes(ui, &self.stakes);
        }
    }

    /// An offer for bet `b`, or (a key) for the marked bet if it can, else the first that
    /// can.
    pub(crate) fn offer(
        &mut self,
        store: &mut Store,
        lang: Lang,
        kind: OfferKind,
        b: Option<BetIx>,
    ) -> Option<Said> {
        let round = self.session.round()?;
        let step = match (kind, b.or_else(|| self.default_bet(kind, round))) {
            (_, None) => return Some((nothing_for(lang, kind), Tone::Refused)),
            (OfferKind::Insure, Some(b)) => {
                let typed = self.insure.get(b).map(|t| t.trim()).unwrap_or("");
                if typed.is_empty() {
                    Step::Insure(b, round.insurance_max(b))
                } else {
                    match parse_money(lang, typed) {
                        Ok(m) => Step::Insure(b, m),
                        Err(e) => {
                            return Some((
                                t!(
                                    lang,
                                    "table-insurance-amount",
                                    bet = round.bet_id(b).to_string(),
                                    why = errors::money(lang, &e)
                                ),
                                Tone::Refused,
                            ));
                        }
                    }
                }
            }
            (OfferKind::EvenMoney, Some(b)) => Step::EvenMoney(b),
            (OfferKind::Decline, Some(b)) => Step::Decline(b),
        };
        Some(self.step(store, lang, step))
    }

    /// The bet an offer key acts on: the marked one if it can, else the first that can.
    fn default_bet(&self, kind: OfferKind, round: &Round) -> Option<BetIx> {
        let ok = |b: BetIx| {
            let step = match kind {
                OfferKind::Insure => Step::Insure(b, round.insurance_max(b)),
                OfferKind::EvenMoney => Step::EvenMoney(b),
                OfferKind::Decline => Step::Decline(b),
            };
            round.check(step).is_ok()
        };
        let n = round.bet_count();
        (0..n).map(|i| (self.mark + i) % n).find(|&b| ok(b))
    }

    /// Moves the offer mark by `d` bets, round the table.
    pub(crate) fn mark(&mut self, d: isize) {
        if let Some(r) = self.session.round() {
            let n = r.bet_count() as isize;
            self.mark = ((self.mark as isize + d).rem_euclid(n)) as usize;
        }
    }

    pub(crate) fn undo(&mut self, store: &mut Store, lang: Lang) -> Said {
        // A round with no card dealt has had no input: said here in the language (the
        // session refuses it too, in its own words).
        if let Some(r) = self.session.round()
            && r.dealer_cards().is_empty()
            && r.seats()
                .iter()
                .all(|s| s.hands().iter().all(|h| h.cards().is_empty()))
        {
            return (t!(lang, "table-nothing-to-undo"), Tone::Refused);
        }
        match self.session.undo(store) {
            Ok(s) => {
                let text = self
                    .session
                    .round()
                    .map(|r| errors::step(lang, r, s))
                    .unwrap_or_default();
                (t!(lang, "table-undone", step = text), Tone::Info)
            }
            Err(e) => (input_error(lang, &e), Tone::Refused),
        }
    }

    /// The settlement is paid and collected: on to the next round's bets. Not before every
    /// line has been in view: until then the first unseen line is brought up, and the
    /// screen says how many are left.
    pub(crate) fn confirm(&mut self, lang: Lang) -> Said {
        let unseen = self.walk.unseen();
        if self.settled.is_some() && unseen > 0 {
            self.walk.mark_first_unseen();
            self.walk.refused_unseen = true;
            return (t!(lang, "settle-confirm-unseen", n = unseen), Tone::Refused);
        }
        self.settled = None;
        self.walk = settlement::Walk::default();
        (t!(lang, "table-confirmed"), Tone::Info)
    }

    /// Once every line of a settlement whose confirmation was refused has been shown, the
    /// refusal (still on the status line) gives way to saying Enter now confirms.
    pub(crate) fn all_seen_now(&mut self, lang: Lang) -> Option<Said> {
        if self.settled.is_none() || !self.walk.refused_unseen || self.walk.unseen() > 0 {
            return None;
        }
        self.walk.refused_unseen = false;
        Some((t!(lang, "settle-all-seen"), Tone::Info))
    }

    /// The dealer moves through the settlement.
    pub(crate) fn walk(&mut self, m: WalkMove) {
        self.walk.go(m);
    }

    pub(crate) fn new_shoe(&mut self, store: &mut Store, lang: Lang) -> Said {
        match self.session.new_shoe(store) {
            Ok(()) => (t!(lang, "table-new-shoe"), Tone::Info),
            Err(e) => (input_error(lang, &e), Tone::Refused),
        }
    }

    pub(crate) fn suit(&mut self, lang: Lang, s: Suit) -> Said {
        self.suit = Some(s);
        (
            t!(lang, "table-suit", suit = errors::suit(lang, s)),
            Tone::Info,
        )
    }
}

fn nothing_for(lang: Lang, kind: OfferKind) -> String {
    match kind {
        OfferKind::Insure => t!(lang, "table-no-insure"),
        OfferKind::EvenMoney => t!(lang, "table-no-even-money"),
        OfferKind::Decline => t!(lang, "table-no-decline"),
    }
}
