//! The table's language: English, Czech, Ukrainian and Russian as data. Owns the choice
//! of language ([`Lang`]), the message lookup over the Fluent files in `data/i18n/` (one
//! `.ftl` per language, compiled in), and the locale's way of writing numbers, money and
//! dates ([`format`]). Pure: no I/O and no clock — the caller reads the system locale
//! and passes its text to [`Lang::from_locale`].
//!
//! Every word of the screens and reports comes from here; the engine, the round script
//! and the audit log stay language-neutral (a report in Czech of a round logged under
//! Russian is the same round).

pub mod errors;
pub mod format;
pub mod logged;

use std::borrow::Cow;
use std::fmt;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

pub use format::{amount, amount_into, date, datetime, decimal, money, time};

pub use crate::codes::Lang;

/// The `.ftl` text of each language, in the order of [`Lang::ALL`].
const SOURCES: [&str; 4] = [
    include_str!("../../data/i18n/en.ftl"),
    include_str!("../../data/i18n/cs.ftl"),
    include_str!("../../data/i18n/uk.ftl"),
    include_str!("../../data/i18n/ru.ftl"),
];

impl Lang {
    fn index(self) -> usize {
        self as usize
    }

    /// The `.ftl` source of this language (for the completeness test).
    pub fn source(self) -> &'static str {
        SOURCES[self.index()]
    }

    /// The language's own name, as its readers write it (`Čeština`, `Українська`).
    pub fn native_name(self) -> String {
        tr(self, "language-name")
    }

    /// A language code as typed: `cs`, `CS`, `cs-CZ`, `uk_UA`. Refuses anything else
    /// with the codes it takes.
    pub fn parse(text: &str) -> Result<Lang, LangError> {
        Lang::from_locale(text).ok_or_else(|| LangError(text.to_string()))
    }

    /// The language of a POSIX locale (`LC_ALL`, `LC_MESSAGES`, `LANG`: `cs_CZ.UTF-8`,
    /// `uk_UA`, `ru`) or a BCP 47 tag, if it is one of ours. Belarusian (`be`) tables
    /// read Russian, the language the Belarusian floors write their reports in.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let tag = locale
            .split(['.', '@'])
            .next()
            .unwrap_or("")
            .split(['_', '-'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match tag.as_str() {
            "en" => Some(Lang::En),
            "cs" => Some(Lang::Cs),
            "uk" => Some(Lang::Uk),
            "ru" | "be" => Some(Lang::Ru),
            _ => None,
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown language {0:?}: expected one of en (English), cs (Czech), uk (Ukrainian), ru (Russian)"
)]
pub struct LangError(pub String);

fn bundles() -> &'static [FluentBundle<FluentResource>; 4] {
    static BUNDLES: OnceLock<[FluentBundle<FluentResource>; 4]> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.map(bundle))
}

fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: unic_langid::LanguageIdentifier =
        lang.code().parse().expect("our four codes are valid tags");
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks around arguments: they would show as boxes in the
    // screen's font and as stray bytes in CSV.
    b.set_use_isolating(false);
    // The files are compiled in and checked by tests/i18n.rs; a syntax error in one
    // message still leaves the others usable.
    let res = match FluentResource::try_new(lang.source().to_string()) {
        Ok(r) => r,
        Err((r, _)) => r,
    };
    b.add_resource_overriding(res);
    b
}

/// An argument of a message: a text or a number (numbers choose plural forms).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg<'a> {
    Text(Cow<'a, str>),
    Int(i64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(s))
    }
}
impl From<String> for Arg<'_> {
    fn from(s: String) -> Self {
        Arg::Text(Cow::Owned(s))
    }
}
impl From<&String> for Arg<'_> {
    fn from(s: &String) -> Self {
        Arg::Text(Cow::Owned(s.clone()))
    }
}
macro_rules! int_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Int(n as i64)
            }
        }
    )*};
}
int_arg!(i64, i32, u32, u8, usize, u64);

/// The message `id` in `lang`, without arguments. A missing id (a defect the tests
/// catch) shows as the id itself, never as nothing.
pub fn tr(lang: Lang, id: &str) -> String {
    tr_args(lang, id, &[])
}

/// The message `id` in `lang` with named arguments; a number argument picks the plural
/// form (`{ $n -> [one] … [few] … *[other] … }`).
pub fn tr_args(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    let (id, attr) = match id.split_once('.') {
        Some((m, a)) => (m, Some(a)),
        None => (id, None),
    };
    let b = &bundles()[lang.index()];
    let Some(msg) = b.get_message(id) else {
        return id.to_string();
    };
    let pattern = match attr {
        Some(a) => msg.get_attribute(a).map(|a| a.value()),
        None => msg.value(),
    };
    let Some(pattern) = pattern else {
        return id.to_string();
    };
    let mut fa = FluentArgs::with_capacity(args.len());
    for (k, v) in args {
        let v = match v {
            Arg::Text(s) => FluentValue::from(s.to_string()),
            Arg::Int(n) => FluentValue::from(*n),
        };
        fa.set(*k, v);
    }
    let mut errors = vec![];
    let out = b.format_pattern(pattern, Some(&fa), &mut errors);
    out.into_owned()
}

/// Whether `lang` has the message `id` (or `message.attribute`).
pub fn has(lang: Lang, id: &str) -> bool {
    let (id, attr) = match id.split_once('.') {
        Some((m, a)) => (m, Some(a)),
        None => (id, None),
    };
    match bundles()[lang.index()].get_message(id) {
        Some(m) => match attr {
            Some(a) => m.get_attribute(a).is_some(),
            None => m.value().is_some(),
        },
        None => false,
    }
}

/// `t!(lang, "id")` or `t!(lang, "id", n = 3, name = who)`: a message of the screens or
/// reports. Ids are literals, so the completeness test can find every one in the code.
#[macro_export]
macro_rules! t {
    ($lang:expr, $id:literal) => {
        $crate::i18n::tr($lang, $id)
    };
    ($lang:expr, $id:literal, $($k:ident = $v:expr),+ $(,)?) => {
        $crate::i18n::tr_args($lang, $id, &[$((stringify!($k), $crate::i18n::Arg::from($v))),+])
    };
}

/// When rules give the players the edge (the lab's house edge per unit of initial stake is
/// below zero), the sentence that says so, with the players' edge in percent; `None` when
/// the house has it. The open-table screen, the strategy chart and the reports say it.
pub fn players_edge(lang: Lang, house_edge: f64) -> Option<String> {
    (house_edge < 0.0).then(|| {
        t!(
            lang,
            "rules-players-edge",
            edge = decimal(lang, -house_edge * 100.0, 2)
        )
    })
}

/// The words of the table for the engine's closed sets: ranks, decisions.
pub mod words {
    use super::Lang;
    use crate::engine::{Decision, Rank};

    /// The rank's name on screen: Czech `eso`, Ukrainian `туз`.
    pub fn rank(lang: Lang, r: Rank) -> String {
        match r {
            Rank::Ace => t!(lang, "rank-ace"),
            Rank::Two => t!(lang, "rank-2"),
            Rank::Three => t!(lang, "rank-3"),
            Rank::Four => t!(lang, "rank-4"),
            Rank::Five => t!(lang, "rank-5"),
            Rank::Six => t!(lang, "rank-6"),
            Rank::Seven => t!(lang, "rank-7"),
            Rank::Eight => t!(lang, "rank-8"),
            Rank::Nine => t!(lang, "rank-9"),
            Rank::Ten => t!(lang, "rank-10"),
            Rank::Jack => t!(lang, "rank-jack"),
            Rank::Queen => t!(lang, "rank-queen"),
            Rank::King => t!(lang, "rank-king"),
        }
    }

    /// The rank's mark on a card face as the language prints it (`K`; Ukrainian `К`,
    /// the seed's Т, К, Д, В). The key that enters the card does not change with it.
    pub fn rank_mark(lang: Lang, r: Rank) -> String {
        match r {
            Rank::Ace => t!(lang, "rank-ace.mark"),
            Rank::Ten => t!(lang, "rank-10.mark"),
            Rank::Jack => t!(lang, "rank-jack.mark"),
            Rank::Queen => t!(lang, "rank-queen.mark"),
            Rank::King => t!(lang, "rank-king.mark"),
            _ => (r as u8 + 1).to_string(),
        }
    }

    /// The decision as the seeds call it (Czech `dotáhnout`, `koupit`; Ukrainian `твіст`).
    pub fn decision(lang: Lang, d: Decision) -> String {
        match d {
            Decision::Stick => t!(lang, "decision-stick"),
            Decision::Twist => t!(lang, "decision-twist"),
            Decision::Buy => t!(lang, "decision-buy"),
            Decision::Split => t!(lang, "decision-split"),
            Decision::Surrender => t!(lang, "decision-surrender"),
        }
    }
}
