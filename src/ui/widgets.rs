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

/// An amount typed at the table or on the desk, as `lang` writes it: its decimal mark
/// (`2,5` in Czech; a period is read too where the mark is a comma) and, optionally, its
/// group separator between real groups of three digits (`1 000,50`, `1,000.50`; in the
/// languages that group with a space, any space). A separator anywhere else (`2,5` in
/// English, `10 00`) is refused, never dropped, so a typed amount is never read as another.
/// A refusal quotes what was typed.
pub(crate) fn parse_money(lang: Lang, text: &str) -> Result<Money, MoneyError> {
    let typed = text.trim();
    let quote = |e: MoneyError| match e {
        MoneyError::NotAnAmount(_) => MoneyError::NotAnAmount(text.into()),
        MoneyError::TooPrecise(_) => MoneyError::TooPrecise(text.into()),
        MoneyError::TooLarge(_) => MoneyError::TooLarge(text.into()),
    };
    let bad = || MoneyError::NotAnAmount(text.into());
    let comma = t!(lang, "number-decimal") == ",";
    let is_decimal = |c: char| c == '.' || (comma && c == ',');
    let is_group = |c: char| {
        if comma {
            c.is_whitespace() || c == '\u{a0}' || c == '\u{202f}'
        } else {
            c == ','
        }
    };
    let (whole, frac) = match typed.find(is_decimal) {
        Some(i) => (&typed[..i], Some(&typed[i + 1..])),
        None => (typed, None),
    };
    if frac.is_some_and(|f| f.contains(is_decimal) || f.contains(is_group)) {
        return Err(bad());
    }
    let (sign, digits) = match whole.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", whole),
    };
    let groups: Vec<&str> = digits.split(is_group).collect();
    if groups.len() > 1 {
        let first = groups[0].len();
        if !(1..=3).contains(&first) || groups[1..].iter().any(|g| g.len() != 3) {
            return Err(bad());
        }
    }
    let mut plain = format!("{sign}{}", groups.concat());
    if let Some(f) = frac {
        plain.push('.');
        plain.push_str(f);
    }
    Money::parse(&plain).map_err(quote)
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

    /// A group separator is read only between real groups of three digits; anywhere else
    /// the amount is refused (never read as another amount).
    #[test]
    fn group_separators_only_between_groups_of_three() {
        for (lang, text, cents) in [
            (Lang::Cs, "1 000,50", 100_050),
            (Lang::Cs, "1\u{a0}000,5", 100_050),
            (Lang::Uk, "12 345 678", 1_234_567_800),
            (Lang::Ru, "7.50", 750),
            (Lang::En, "1,000.50", 100_050),
            (Lang::En, "2,555", 255_500),
            (Lang::En, "-1,000", -100_000),
            (Lang::Cs, " 25 ", 2_500),
        ] {
            assert_eq!(
                parse_money(lang, text),
                Ok(Money::from_cents(cents)),
                "{lang} {text}"
            );
        }
        for (lang, text) in [
            (Lang::En, "2,5"),
            (Lang::En, "1,00"),
            (Lang::En, ",100"),
            (Lang::En, "1,000,0"),
            (Lang::En, "1.000,50"),
            (Lang::Cs, "10 00"),
            (Lang::Cs, "1000 000"),
            (Lang::Cs, "1 000 ,5"),
            (Lang::Cs, "1,000 5"),
            (Lang::Cs, "deset"),
            (Lang::Uk, ""),
        ] {
            assert_eq!(
                parse_money(lang, text),
                Err(MoneyError::NotAnAmount(text.into())),
                "{lang} {text:?}"
            );
        }
    }
}
