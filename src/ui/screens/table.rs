//! A table open at this screen: the session, and what the dealer has typed or marked at it.
//! Which of its screens is up (bets, play, settlement) is read from the session and the
//! settled round, so it cannot disagree with them. Its commands run here, through
//! `audit::TableSession`, and say what happened.

use egui::Ui;

use super::{bets, play, settlement};
use crate::audit::Store;
use crate::audit::TableSession;
use crate::audit::table::{Input, InputError};
use crate::engine::{BetIx, Money, Round, Step, Suit};
use crate::ui::app::{Command, Screen};
use crate::ui::widgets::{Tone, suit_symbol};

/// What a command said: the status line's text and tone.
pub(crate) type Said = (String, Tone);

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
}

/// Which offer a command makes for a bet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OfferKind {
    Insure,
    EvenMoney,
    Decline,
}

impl AtTable {
    pub(crate) fn new(session: TableSession) -> AtTable {
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

    pub(crate) fn ui(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        if let Some(round) = &self.settled {
            settlement::ui(ui, round, commands);
        } else if let Some(round) = self.session.round().cloned() {
            play::ui(ui, self, &round, commands);
        } else {
            bets::ui(ui, self, commands);
        }
    }

    /// One input of the round in play.
    pub(crate) fn step(&mut self, store: &mut Store, step: Step) -> Said {
        if let Step::Card(_) = step {
            self.suit = None;
        }
        let text = self
            .session
            .round()
            .map(|r| r.step_text(step))
            .unwrap_or_default();
        match self.session.input(store, step) {
            Ok(Input::Accepted) => (format!("OK {text}"), Tone::Info),
            Ok(Input::Settled(round)) => {
                self.settled = Some(round);
                (
                    format!("OK {text} - round settled: pay and collect, then Enter"),
                    Tone::Info,
                )
            }
            Err(InputError::Refused(why)) => (format!("REFUSED {text}: {why}"), Tone::Refused),
            Err(e) => (format!("NOT RECORDED {text}: {e}"), Tone::Error),
        }
    }

    /// Starts the round with the bets on screen, then (a card key on the bets screen)
    /// `first`.
    pub(crate) fn deal(&mut self, store: &mut Store, first: Option<Step>) -> Said {
        let bets = match bets::from_form(&self.stakes) {
            Ok(b) => b,
            Err(e) => return (e, Tone::Refused),
        };
        match self.session.start_round(store, bets) {
            Ok(n) => {
                self.mark = 0;
                self.insure.clear();
                match first {
                    Some(step) => self.step(store, step),
                    None => (format!("round {n}: deal"), Tone::Info),
                }
            }
            Err(e) => (e.to_string(), Tone::Refused),
        }
    }

    /// An offer for bet `b`, or (a key) for the marked bet if it can, else the first that
    /// can.
    pub(crate) fn offer(
        &mut self,
        store: &mut Store,
        kind: OfferKind,
        b: Option<BetIx>,
    ) -> Option<Said> {
        let round = self.session.round()?;
        let step = match (kind, b.or_else(|| self.default_bet(kind, round))) {
            (_, None) => return Some((nothing_for(kind).into(), Tone::Refused)),
            (OfferKind::Insure, Some(b)) => {
                let typed = self.insure.get(b).map(|t| t.trim()).unwrap_or("");
                if typed.is_empty() {
                    Step::Insure(b, round.insurance_max(b))
                } else {
                    match Money::parse(typed) {
                        Ok(m) => Step::Insure(b, m),
                        Err(e) => {
                            return Some((
                                format!("insurance for {}: {e}", round.bet_id(b)),
                                Tone::Refused,
                            ));
                        }
                    }
                }
            }
            (OfferKind::EvenMoney, Some(b)) => Step::EvenMoney(b),
            (OfferKind::Decline, Some(b)) => Step::Decline(b),
        };
        Some(self.step(store, step))
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

    pub(crate) fn undo(&mut self, store: &mut Store) -> Said {
        match self.session.undo(store) {
            Ok(s) => {
                let text = self
                    .session
                    .round()
                    .map(|r| r.step_text(s))
                    .unwrap_or_default();
                (format!("undone: {text}"), Tone::Info)
            }
            Err(e) => (e.to_string(), Tone::Refused),
        }
    }

    /// The settlement is paid and collected: on to the next round's bets.
    pub(crate) fn confirm(&mut self) -> Said {
        self.settled = None;
        (
            "settlement confirmed: bets for the next round (a card key deals)".into(),
            Tone::Info,
        )
    }

    pub(crate) fn new_shoe(&mut self, store: &mut Store) -> Said {
        match self.session.new_shoe(store) {
            Ok(()) => ("new shoe: the card count starts again".into(), Tone::Info),
            Err(e) => (e.to_string(), Tone::Refused),
        }
    }

    pub(crate) fn suit(&mut self, s: Suit) -> Said {
        self.suit = Some(s);
        (
            format!("suit {} for the next card", suit_symbol(s)),
            Tone::Info,
        )
    }
}

fn nothing_for(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Insure => {
            "no bet can insure now (offers are open only right after the deal, when the dealer shows an ace)"
        }
        OfferKind::EvenMoney => {
            "no bet can take even money now (it needs a pontoon against the dealer's ace)"
        }
        OfferKind::Decline => {
            "no back bet can decline now (only before a buy or split on its hand)"
        }
    }
}
