//! The table's money at the table screen (issue 23 item 8): the expected tray for the top
//! bar, the count the screen asks for before a gaming day's first round, shift-change and
//! closing counts, fills and credits (two names, two PINs), and cash. Draws the form and
//! pushes `Command::Money`; the inputs go through `session::money_signed` and
//! `TableSession::cash`. Never keeps a PIN past the command that used it.

use egui::{Color32, RichText, Ui};

use crate::codes::NotNow;
use crate::engine::Money;
use crate::i18n::{Lang, amount, errors};
use crate::log::Store;
use crate::session::TableSession;
use crate::session::chips::ChipError;
use crate::session::feed;
use crate::session::money::Moment;
use crate::session::money_log::{self, MoneyError};
use crate::session::money_signed::{self, Done, Signed, SignedError, Signer};
use crate::session::table::InputError;
use crate::t;
use crate::ui::Command;
use crate::ui::widgets::{Tone, big_button, parse_money};

use super::{Said, input_error, log_fault};

const FLAG: Color32 = Color32::from_rgb(255, 170, 60);

/// What the money form asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoneyAct {
    /// The form's count, fill or credit, signed by the two named.
    Sign,
    /// The cash typed, into the box typed (if any).
    Cash,
}

/// Which signed input the form makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum FormKind {
    #[default]
    Count,
    Fill,
    Credit,
}

/// The money side of an open table: what the store said at the last refresh, and the form.
#[derive(Default)]
pub(crate) struct MoneyPanel {
    /// The database has a chip set (the money side is on).
    pub(crate) on: bool,
    /// The expected tray (none before the table's first count or after its closing).
    pub(crate) expected: Option<Money>,
    /// A count is due before the next round (the screen asks for it).
    pub(crate) due: bool,
    kind: FormKind,
    /// The count's moment; none: the one that follows from the last count.
    moment: Option<Moment>,
    chips: String,
    by: String,
    by_pin: String,
    witness: String,
    witness_pin: String,
    cash: String,
    cash_box: String,
    /// The last cash taken over the threshold (flagged on screen until the next).
    pub(crate) flagged: Option<Money>,
}

impl MoneyPanel {
    /// Reads the money side of `session`'s table again (after anything that moves it).
    pub(crate) fn refresh(&mut self, store: &Store, session: &TableSession) {
        self.on = money_log::chip_set(store).ok().flatten().is_some();
        if !self.on {
            return;
        }
        self.expected = session.expected_tray(store).ok().flatten();
        self.due = session.count_due(store).unwrap_or(false);
    }

    /// The top bar's words: the expected tray, or that a count is due (money side only).
    pub(crate) fn bar(&self, lang: Lang) -> Option<(String, bool)> {
        if !self.on {
            return None;
        }
        Some(match (self.due, self.expected) {
            (true, _) => (t!(lang, "money-bar-count-due"), true),
            (false, Some(e)) => (
                t!(lang, "money-bar-expected", amount = amount(lang, e)),
                false,
            ),
            (false, None) => (t!(lang, "money-bar-no-count"), true),
        })
    }

    /// The form, between rounds: open at once when a count is due.
    pub(crate) fn ui(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<Command>) {
        if !self.on {
            return;
        }
        if self.due {
            ui.heading(RichText::new(t!(lang, "money-count-due-title")).color(FLAG));
            ui.label(t!(lang, "money-count-due-help"));
            self.kind = FormKind::Count;
            self.signed_form(ui, lang, commands);
            return;
        }
        egui::CollapsingHeader::new(t!(lang, "money-section"))
            .id_salt("money-section")
            .show(ui, |ui| {
                self.signed_form(ui, lang, commands);
                ui.separator();
                self.cash_form(ui, lang, commands);
            });
        if let Some(f) = self.flagged {
            ui.label(
                RichText::new(t!(lang, "money-cash-flagged", amount = amount(lang, f)))
                    .color(FLAG)
                    .strong(),
            );
        }
    }

    fn signed_form(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<Command>) {
        if !self.due {
            ui.horizontal_wrapped(|ui| {
                for (k, words) in [
                    (FormKind::Count, t!(lang, "money-kind-count")),
                    (FormKind::Fill, t!(lang, "money-kind-fill")),
                    (FormKind::Credit, t!(lang, "money-kind-credit")),
                ] {
                    ui.selectable_value(&mut self.kind, k, words);
                }
            });
        }
        if self.kind == FormKind::Count {
            ui.horizontal_wrapped(|ui| {
                let moments = [None, Some(Moment::Opening), Some(Moment::Change)];
                for m in moments.into_iter().chain([Some(Moment::Closing)]) {
                    let words = match m {
                        None => t!(lang, "money-moment-auto"),
                        Some(m) => moment_words(lang, m),
                    };
                    ui.selectable_value(&mut self.moment, m, words);
                }
            });
        }
        field(ui, &t!(lang, "money-chips"), &mut self.chips, false);
        field(ui, &t!(lang, "money-by"), &mut self.by, false);
        field(ui, &t!(lang, "money-by-pin"), &mut self.by_pin, true);
        field(ui, &t!(lang, "money-witness"), &mut self.witness, false);
        field(
            ui,
            &t!(lang, "money-witness-pin"),
            &mut self.witness_pin,
            true,
        );
        let label = match self.kind {
            FormKind::Count => t!(lang, "money-sign-count"),
            FormKind::Fill => t!(lang, "money-sign-fill"),
            FormKind::Credit => t!(lang, "money-sign-credit"),
        };
        if big_button(ui, &label, true).clicked() {
            commands.push(Command::Money(MoneyAct::Sign));
        }
    }

    fn cash_form(&mut self, ui: &mut Ui, lang: Lang, commands: &mut Vec<Command>) {
        ui.label(RichText::new(t!(lang, "money-cash-title")).strong());
        let a = field(ui, &t!(lang, "money-cash-amount"), &mut self.cash, false);
        field(ui, &t!(lang, "money-cash-box"), &mut self.cash_box, false);
        let enter = a.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if big_button(ui, &t!(lang, "money-cash-log"), true).clicked() || enter {
            commands.push(Command::Money(MoneyAct::Cash));
        }
    }

    /// Carries out `act` at `session`'s table; the PINs are cleared whatever happened.
    pub(crate) fn apply(
        &mut self,
        act: MoneyAct,
        store: &mut Store,
        session: &mut TableSession,
        lang: Lang,
    ) -> Said {
        let said = match act {
            MoneyAct::Sign => self.sign(store, session, lang),
            MoneyAct::Cash => self.take_cash(store, session, lang),
        };
        self.by_pin.clear();
        self.witness_pin.clear();
        self.refresh(store, session);
        said
    }

    /// The form's count, fill or credit; a refusal is logged as the feed logs the same
    /// line's (the text with its PINs starred, why, what was expected).
    fn sign(&mut self, store: &mut Store, session: &TableSession, lang: Lang) -> Said {
        let what = match self.kind {
            FormKind::Count => Signed::Count(self.moment),
            FormKind::Fill => Signed::Fill,
            FormKind::Credit => Signed::Credit,
        };
        let text = feed::signed_line(what, &self.chips, &self.by, &self.witness);
        if session.round().is_some() && self.kind == FormKind::Count {
            return match feed::refuse_not_now(session, store, &text, NotNow::RoundInPlay) {
                e @ InputError::Store(_) => (input_error(lang, &e), Tone::Error),
                _ => (t!(lang, "money-count-in-play"), Tone::Refused),
            };
        }
        let signer = |name: &str, pin: &str| Signer {
            name: name.to_string(),
            pin: pin.to_string(),
        };
        let (by, witness) = (
            signer(&self.by, &self.by_pin),
            signer(&self.witness, &self.witness_pin),
        );
        let table = (session.table_id(), session.state().name.clone());
        match money_signed::take(store, (table.0, &table.1), what, &self.chips, &by, &witness) {
            Ok(done) => {
                self.chips.clear();
                self.moment = None;
                (done_words(lang, &done), Tone::Info)
            }
            Err(e) => {
                let words = signed_words(lang, &e);
                match feed::refuse_signed(session, store, &text, e) {
                    e @ InputError::Store(_) => (input_error(lang, &e), Tone::Error),
                    _ => (words, Tone::Refused),
                }
            }
        }
    }

    fn take_cash(&mut self, store: &mut Store, session: &mut TableSession, lang: Lang) -> Said {
        let amount_typed = match parse_money(lang, self.cash.trim()) {
            Ok(m) if m.is_positive() => m,
            Ok(m) => {
                return (
                    money_words(lang, &MoneyError::NotPositive(m)),
                    Tone::Refused,
                );
            }
            Err(e) => return (errors::money(lang, &e), Tone::Refused),
        };
        let box_no = match self.cash_box.trim() {
            "" => None,
            b => match b.parse::<u8>() {
                Ok(n) if n > 0 => Some(n),
                _ => return (t!(lang, "money-cash-bad-box", text = b), Tone::Refused),
            },
        };
        let cash_text = || match box_no {
            Some(b) => format!("cash {b}:{amount_typed}"),
            None => format!("cash {amount_typed}"),
        };
        match session.cash(store, amount_typed, box_no) {
            Ok(flagged) => {
                self.cash.clear();
                self.cash_box.clear();
                self.flagged = flagged.then_some(amount_typed);
                let a = amount(lang, amount_typed);
                match flagged {
                    true => (
                        t!(lang, "money-cash-taken-flagged", amount = a),
                        Tone::Refused,
                    ),
                    false => (t!(lang, "money-cash-taken", amount = a), Tone::Info),
                }
            }
            Err(e @ InputError::Store(_)) => (input_error(lang, &e), Tone::Error),
            Err(InputError::NotNow(why)) => {
                // Logged as the feed logs its `cash` line refused.
                match feed::refuse_not_now(session, store, &cash_text(), why.clone()) {
                    e @ InputError::Store(_) => (input_error(lang, &e), Tone::Error),
                    _ => (input_error(lang, &InputError::NotNow(why)), Tone::Refused),
                }
            }
            Err(InputError::Log(why)) => {
                // The log not read back for it: logged as the feed logs that line.
                let words = log_fault(lang, &why);
                match feed::refuse_log_fault(session, store, &cash_text(), why) {
                    e @ InputError::Store(_) => (input_error(lang, &e), Tone::Error),
                    _ => (words, Tone::Refused),
                }
            }
            Err(e) => (input_error(lang, &e), Tone::Refused),
        }
    }
}

/// A field of the money form with its label above it, so that the form fits the column
/// beside the bets (1280×800, the key reference shown).
fn field(ui: &mut Ui, label: &str, value: &mut String, secret: bool) -> egui::Response {
    let l = ui.label(RichText::new(label).size(16.0));
    ui.add(
        egui::TextEdit::singleline(value)
            .password(secret)
            .desired_width(260.0)
            .font(egui::TextStyle::Heading),
    )
    .labelled_by(l.id)
}

/// A count or slip taken, in words.
fn done_words(lang: Lang, done: &Done) -> String {
    match done {
        Done::Count {
            moment, counted, ..
        } => {
            let m = moment_words(lang, *moment);
            let total = amount(lang, counted.total);
            match (counted.expected, counted.difference()) {
                (Some(e), Some(d)) if d == Money::ZERO => t!(
                    lang,
                    "money-counted-as-expected",
                    moment = m,
                    total = total,
                    expected = amount(lang, e)
                ),
                (Some(e), Some(d)) => t!(
                    lang,
                    "money-counted-difference",
                    moment = m,
                    total = total,
                    expected = amount(lang, e),
                    difference = amount(lang, d)
                ),
                _ => t!(lang, "money-counted-first", moment = m, total = total),
            }
        }
        Done::Slip(s) => {
            let (number, total) = (s.number, amount(lang, s.chips.total()));
            let chips = s.chips.to_string();
            match s.fill {
                true => t!(
                    lang,
                    "money-slip-fill",
                    number = number,
                    total = total,
                    chips = chips
                ),
                false => t!(
                    lang,
                    "money-slip-credit",
                    number = number,
                    total = total,
                    chips = chips
                ),
            }
        }
    }
}

fn moment_words(lang: Lang, m: Moment) -> String {
    match m {
        Moment::Opening => t!(lang, "money-moment-opening"),
        Moment::Change => t!(lang, "money-moment-change"),
        Moment::Closing => t!(lang, "money-moment-closing"),
    }
}

fn signed_words(lang: Lang, e: &SignedError) -> String {
    match e {
        SignedError::Login { name, why } => t!(
            lang,
            "money-signer-refused",
            name = name,
            why = super::login::refused(lang, why)
        ),
        SignedError::Money(m) => money_words(lang, m),
    }
}

/// A money refusal in the language (`MoneyError`, `ChipError` variant by variant): the
/// screens' words, and the money commands' (`croupier tray`, `fill`, …).
pub fn money_words(lang: Lang, e: &MoneyError) -> String {
    match e {
        MoneyError::Chips(c) => chip_words(lang, c),
        MoneyError::SameSigner(n) => t!(lang, "money-err-same-signer", name = n),
        MoneyError::NoSupervisor { by, witness } => {
            t!(lang, "money-err-no-supervisor", by = by, witness = witness)
        }
        MoneyError::NotSupervisor { by, .. } => t!(lang, "money-err-not-supervisor", by = by),
        MoneyError::NoTable(n) => t!(lang, "money-err-no-table", name = n),
        MoneyError::NoSlip(n, of) => t!(lang, "money-err-no-slip", number = *n, count = *of),
        MoneyError::AlreadyVoid(n) => t!(lang, "money-err-already-void", number = *n),
        MoneyError::NoReason => t!(lang, "money-err-no-reason"),
        MoneyError::NotPositive(m) => t!(lang, "money-err-not-positive", amount = amount(lang, *m)),
        MoneyError::Negative(m) => t!(lang, "money-err-negative", amount = amount(lang, *m)),
        MoneyError::NoShift { shift, count } => {
            t!(lang, "money-err-no-shift", shift = *shift, count = *count)
        }
        MoneyError::DropTwice { table, day, shift } => t!(
            lang,
            "money-err-drop-twice",
            table = table,
            day = crate::i18n::date(lang, *day),
            shift = *shift
        ),
        MoneyError::Line { line, why } => t!(lang, "money-err-line", line = *line, why = why),
        MoneyError::Log(d) => t!(lang, "error-log-unreadable", detail = d),
        MoneyError::Store(s) => errors::store(lang, &s.code()),
    }
}

/// A chip set's or a count's refusal in the language.
pub fn chip_words(lang: Lang, e: &ChipError) -> String {
    match e {
        ChipError::BadDenom(w) => t!(lang, "chip-err-bad-denom", text = w),
        ChipError::Duplicate(m) => t!(lang, "chip-err-duplicate", denom = m.to_string()),
        ChipError::EmptySet => t!(lang, "chip-err-empty-set"),
        ChipError::NotDenomCount(w) => t!(lang, "chip-err-not-denom-count", text = w),
        ChipError::BadCount(w) => t!(lang, "chip-err-bad-count", text = w),
        ChipError::NotInSet { denom, set } => t!(
            lang,
            "chip-err-not-in-set",
            denom = denom.to_string(),
            set = set
        ),
        ChipError::Empty => t!(lang, "chip-err-empty"),
        ChipError::NoChipSet => t!(lang, "chip-err-no-chip-set"),
    }
}
