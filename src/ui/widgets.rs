//! Drawing pieces the screens share: large buttons and form fields, the key reference, the
//! status line, cards in words. (The table itself is drawn by `felt`.) They draw what they
//! are given and decide nothing.

use egui::{Color32, RichText, Ui, Vec2};

use super::keys;
use crate::engine::{Card, Hand, Money, MoneyError, Round};
use crate::i18n::{Lang, errors};
use crate::t;

/// How a status line reads: done, refused with why, or an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tone {
    Info,
    Refused,
    Error,
}

/// Adds the shipped fallback font (`data/fonts/`, DejaVu Sans) after egui's own, once per
/// context: egui's fonts draw Czech and Cyrillic letters but not the card suits ♠ ♥ ♦ ♣.
pub(crate) fn install_fonts(ctx: &egui::Context) {
    use egui::epaint::text::{FontInsert, FontPriority, InsertFontFamily};
    ctx.add_font(FontInsert::new(
        "DejaVuSans",
        egui::FontData::from_static(include_bytes!("../../data/fonts/DejaVuSans.ttf")),
        [egui::FontFamily::Proportional, egui::FontFamily::Monospace]
            .into_iter()
            .map(|family| InsertFontFamily {
                family,
                priority: FontPriority::Lowest,
            })
            .collect(),
    ));
}

pub(crate) fn big_button(ui: &mut Ui, label: &str, enabled: bool) -> egui::Response {
    ui.add_enabled(
        enabled,
        egui::Button::new(RichText::new(label).size(18.0)).min_size(Vec2::new(120.0, 40.0)),
    )
}

/// A labelled one-line field of a form (the label names it for screen readers and tests).
pub(crate) fn form_field(
    ui: &mut Ui,
    label: &str,
    value: &mut String,
    secret: bool,
) -> egui::Response {
    ui.horizontal(|ui| {
        let l = ui.add_sized(
            [160.0, 28.0],
            egui::Label::new(RichText::new(label).size(18.0)),
        );
        ui.add_sized(
            [280.0, 28.0],
            egui::TextEdit::singleline(value)
                .password(secret)
                .font(egui::TextStyle::Heading),
        )
        .labelled_by(l.id)
    })
    .inner
}

pub(crate) fn key_panel(ui: &mut Ui, lang: Lang) {
    ui.heading(t!(lang, "keys-title"));
    for (k, what) in keys::reference(lang) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(k).monospace().strong().color(Color32::YELLOW));
            ui.label(what);
        });
    }
}

pub(crate) fn status_line(ui: &mut Ui, status: Option<&(String, Tone)>) {
    ui.add_space(4.0);
    if let Some((text, tone)) = status {
        let color = match tone {
            Tone::Info => Color32::LIGHT_GREEN,
            Tone::Refused => Color32::from_rgb(255, 170, 60),
            Tone::Error => Color32::from_rgb(255, 90, 90),
        };
        ui.add(egui::Label::new(RichText::new(text).color(color).size(16.0)).wrap());
    }
    ui.add_space(4.0);
}

pub(crate) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// Cards in a row as the language writes them (`8♥ 3 10♠`; English as the log: `8h 3 10s`).
pub(crate) fn card_text(lang: Lang, cards: &[Card]) -> String {
    errors::cards(lang, cards)
}

/// An amount typed at the table. A language that writes a decimal comma may type one
/// (`2,5`); the amount is then read as the engine reads `2.5`.
pub(crate) fn parse_money(lang: Lang, text: &str) -> Result<Money, MoneyError> {
    if t!(lang, "number-decimal") != "," {
        return Money::parse(text);
    }
    // A refusal quotes what was typed, not what was read.
    Money::parse(&text.replace(',', ".")).map_err(|e| match e {
        MoneyError::NotAnAmount(_) => MoneyError::NotAnAmount(text.into()),
        MoneyError::TooPrecise(_) => MoneyError::TooPrecise(text.into()),
        MoneyError::TooLarge(_) => MoneyError::TooLarge(text.into()),
    })
}

/// Hand `hand` (0-based) of box `box_no`, if the round has it.
pub(crate) fn seat_hand(round: &Round, box_no: u8, hand: usize) -> Option<&Hand> {
    round
        .seats()
        .iter()
        .find(|s| s.box_no() == box_no)
        .and_then(|s| s.hands().get(hand))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A decimal comma is read where the language writes one; a refusal quotes what was
    /// typed.
    #[test]
    fn amounts_are_typed_as_the_language_writes_them() {
        assert_eq!(parse_money(Lang::Cs, "2,5"), Ok(Money::from_cents(250)));
        assert_eq!(parse_money(Lang::Uk, "10"), Ok(Money::from_cents(1000)));
        assert_eq!(parse_money(Lang::En, "2.5"), Ok(Money::from_cents(250)));
        assert_eq!(
            parse_money(Lang::En, "2,5"),
            Err(MoneyError::NotAnAmount("2,5".into()))
        );
        assert_eq!(
            parse_money(Lang::Ru, "2,555"),
            Err(MoneyError::TooPrecise("2,555".into()))
        );
        assert_eq!(
            parse_money(Lang::Cs, "2,5,1"),
            Err(MoneyError::NotAnAmount("2,5,1".into()))
        );
    }
}
