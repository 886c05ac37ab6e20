//! What each kind of event holds: one serde type per kind, and `Payload`, the closed enum
//! of them. An event's JSON text is its payload serialized in field order, which is byte
//! for byte what every earlier version wrote (the chain hashes that text, and the golden
//! reports' chain heads would change if it moved). Reading is lenient where older logs
//! lack a field (counters default to 0); an event whose text does not read as its kind's
//! payload is a fault of the log. Money is exact: written as the decimal it is, read from
//! the number's text, never through a float.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::event::{Event, EventKind};
use crate::codes::{PontisRefusalCode, RefusalCode};
use crate::engine::{BetSpec, Limits, Money, Round, RoundFigures, Rules};
use crate::script::{cents_of_number, money_json};

/// `Money` as an exact JSON number.
mod money {
    use super::*;

    pub(crate) fn serialize<S: serde::Serializer>(m: &Money, s: S) -> Result<S::Ok, S::Error> {
        money_json(*m).serialize(s)
    }

    pub(crate) fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Money, D::Error> {
        let n = serde_json::Number::deserialize(d)?;
        cents_of_number(&n)
            .map(Money::from_cents)
            .ok_or_else(|| serde::de::Error::custom(format!("{n} is not an amount in cents")))
    }

    /// `Option<Money>`: null or an exact number.
    pub mod opt {
        use super::*;

        pub(crate) fn serialize<S: serde::Serializer>(
            m: &Option<Money>,
            s: S,
        ) -> Result<S::Ok, S::Error> {
            m.map(money_json).serialize(s)
        }

        pub(crate) fn deserialize<'de, D: serde::Deserializer<'de>>(
            d: D,
        ) -> Result<Option<Money>, D::Error> {
            Option::<serde_json::Number>::deserialize(d)?
                .map(|n| {
                    cents_of_number(&n).map(Money::from_cents).ok_or_else(|| {
                        serde::de::Error::custom(format!("{n} is not an amount in cents"))
                    })
                })
                .transpose()
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Created {
    pub(crate) schema: i32,
    pub(crate) program: String,
    /// 128 bits from the operating system, 32 hex digits, so that the file's identity on
    /// the floor (the hash of this event) cannot be known before it exists. Absent in
    /// older files and in files made with a set clock (demos, tests: reproducible).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) random: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UserAdded {
    pub(crate) user: i64,
    pub(crate) name: String,
    pub(crate) role: String,
    /// SHA-256 of the stored PIN hash (absent in the oldest logs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) pin_hash_sha256: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Login {
    pub(crate) name: String,
    pub(crate) role: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LoginFailed {
    pub(crate) name: String,
    /// "unknown user", "locked" or "wrong PIN".
    pub(crate) reason: String,
}

/// A user named: logout, a table closed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Named {
    pub(crate) name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UserLocked {
    pub(crate) name: String,
    pub(crate) failed: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UserUnlocked {
    pub(crate) name: String,
    pub(crate) by: i64,
    pub(crate) by_name: String,
}

/// A user's PIN reset (`pin_hash_sha256`: the digest of the kept hash, never the hash) or
/// role changed (`role`, from `was`), by `by`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UserChanged {
    pub(crate) user: i64,
    pub(crate) name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) pin_hash_sha256: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) role: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) was: Option<String>,
    pub(crate) by: i64,
    pub(crate) by_name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct LimitsData {
    #[serde(with = "money::opt")]
    pub(crate) min_bet: Option<Money>,
    #[serde(with = "money::opt")]
    pub(crate) box_max: Option<Money>,
}

/// A table opened, with a full snapshot of its rules (a rules file's object) and limits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableOpened {
    pub(crate) name: String,
    pub(crate) preset: Option<String>,
    pub(crate) rules: Value,
    pub(crate) limits: LimitsData,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShoeNew {
    pub(crate) decks: u8,
    pub(crate) shoe: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BetData {
    pub(crate) id: String,
    #[serde(rename = "box")]
    pub(crate) box_no: u8,
    #[serde(with = "money")]
    pub(crate) stake: Money,
}

impl BetData {
    pub(crate) fn of(b: &BetSpec) -> BetData {
        BetData {
            id: b.id.to_string(),
            box_no: b.box_no,
            stake: b.stake,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundStarted {
    pub(crate) bets: Vec<BetData>,
    pub(crate) shoe: i64,
}

/// A dealer input as round-script text: an accepted step, an undo (the step undone).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Input {
    pub(crate) text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Refused {
    pub(crate) text: String,
    pub(crate) reason: String,
    /// The feed's input ended in the middle of this line (no newline came), so it was
    /// never an input: the replay does not ask the engine about it. Absent otherwise.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) unended: bool,
    /// Why, as data (a code and its values), for the screens and reports to word in
    /// their language. Absent in events logged before codes were (a replay derives it)
    /// and in Pontis refusals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) refusal: Option<RefusalCode>,
    /// A Pontis refusal's why, as data. Absent in Pontoon refusals, in Pontis refusals
    /// logged before these codes were (a replay derives it) and in a refused start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) pontis_refusal: Option<PontisRefusalCode>,
}

/// One bet's net for the round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NetData {
    pub(crate) id: String,
    #[serde(with = "money")]
    pub(crate) net: Money,
}

/// Each bet's net, in bet order.
pub(crate) fn nets_of(round: &Round) -> Vec<NetData> {
    (0..round.bet_count())
        .map(|b| NetData {
            id: round.bet_id(b).to_string(),
            net: round.bet_net(b),
        })
        .collect()
}

/// The house's net of a round whose bets netted `nets` (what a correction logs).
pub(crate) fn nets_of_total(nets: &[NetData]) -> Money {
    -nets.iter().map(|n| n.net).sum::<Money>()
}

/// A round's settlement: each bet's net (what `verify` checks against the replay), the
/// dealer's cards and the round's figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundSettled {
    pub(crate) nets: Vec<NetData>,
    #[serde(with = "money", default)]
    pub(crate) house_net: Money,
    pub(crate) dealer: Vec<String>,
    #[serde(with = "money", default)]
    pub(crate) handle: Money,
    #[serde(with = "money", default)]
    pub(crate) paid: Money,
    #[serde(with = "money", default)]
    pub(crate) insurance_taken: Money,
    #[serde(with = "money", default)]
    pub(crate) insurance_paid: Money,
    #[serde(default)]
    pub(crate) even_money: u32,
    #[serde(default)]
    pub(crate) splits: u32,
    #[serde(default)]
    pub(crate) buys: u32,
    #[serde(default)]
    pub(crate) pontoons: u32,
    #[serde(default)]
    pub(crate) five_card_tricks: u32,
    #[serde(default)]
    pub(crate) three_of_a_kinds: u32,
    #[serde(default)]
    pub(crate) surrenders: u32,
    #[serde(with = "money", default)]
    pub(crate) max_net: Money,
    /// What the round's decisions gave up against the best (`lab::played`), in millionths
    /// of a cent; absent on settlements logged before it was kept, and for rules the lab
    /// cannot solve.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) cost: Option<i64>,
}

impl RoundSettled {
    /// The settlement of a finished round.
    pub(crate) fn of(round: &Round) -> RoundSettled {
        let f = round.figures();
        RoundSettled {
            nets: nets_of(round),
            house_net: f.house_net,
            dealer: round.dealer_cards().iter().map(|c| c.to_string()).collect(),
            handle: f.handle,
            paid: f.paid,
            insurance_taken: f.insurance_taken,
            insurance_paid: f.insurance_paid,
            even_money: f.even_money,
            splits: f.splits,
            buys: f.buys,
            pontoons: f.pontoons,
            five_card_tricks: f.five_card_tricks,
            three_of_a_kinds: f.three_of_a_kinds,
            surrenders: f.surrenders,
            max_net: f.max_net,
            cost: None,
        }
    }

    /// The settlement with its decisions' cost (millionths of a cent).
    pub(crate) fn costing(self, cost: Option<i64>) -> RoundSettled {
        RoundSettled { cost, ..self }
    }

    /// The decisions' cost it logged (millionths of a cent), if it logged one.
    pub fn cost(&self) -> Option<i64> {
        self.cost
    }

    /// The figures it logged.
    pub(crate) fn figures(&self) -> RoundFigures {
        RoundFigures {
            handle: self.handle,
            paid: self.paid,
            house_net: self.house_net,
            max_net: self.max_net,
            insurance_taken: self.insurance_taken,
            insurance_paid: self.insurance_paid,
            even_money: self.even_money,
            splits: self.splits,
            buys: self.buys,
            pontoons: self.pontoons,
            five_card_tricks: self.five_card_tricks,
            three_of_a_kinds: self.three_of_a_kinds,
            surrenders: self.surrenders,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundVoided {
    pub(crate) reason: String,
}

/// A supervisor's correction: the whole corrected round script and its nets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundCorrected {
    pub(crate) reason: String,
    pub(crate) script: Value,
    pub(crate) nets: Vec<NetData>,
    /// The corrected round's decisions' cost, as [`RoundSettled`] logs it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) cost: Option<i64>,
}

/// A Pontis table opened, with its rules (a Pontis rules object, every knob).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PontisOpened {
    pub(crate) name: String,
    pub(crate) rules: Value,
}

/// A Pontis game began: its number in this database (1, 2, … over all Pontis tables), the
/// players in seat order, the dealer, and the rules it is played under.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PontisStarted {
    pub(crate) game: i64,
    pub(crate) players: Vec<String>,
    pub(crate) dealer: String,
    pub(crate) rules: Value,
}

/// How a Pontis game ended: `empty_hand` or `blocked` (the engine's ends), or `abandoned`
/// (the host stopped it before either); the winners by name, every bank's score in seat
/// order, and the inputs that stand (bank cards, plays, passes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PontisEnded {
    pub(crate) game: i64,
    pub(crate) end: String,
    pub(crate) winners: Vec<String>,
    pub(crate) scores: Vec<u32>,
    pub(crate) inputs: u32,
}

impl PontisEnded {
    /// The end of a game as the engine has it (`abandoned` while it is not over).
    pub(crate) fn of(
        number: i64,
        game: &crate::engine::pontis::Game,
        inputs: usize,
    ) -> PontisEnded {
        PontisEnded {
            game: number,
            end: game.end().map_or("abandoned", |e| e.word()).to_string(),
            winners: game
                .winners()
                .iter()
                .map(|&s| game.names()[s].clone())
                .collect(),
            scores: (0..game.players()).map(|s| game.score(s)).collect(),
            inputs: inputs as u32,
        }
    }
}

/// A setting changed (schema 6 on): what it is now, and who changed it (their id and
/// name; the event's user is the same person).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SettingChanged {
    pub(crate) setting: Setting,
    pub(crate) by: i64,
    pub(crate) by_name: String,
}

/// What a `setting_changed` event sets: `{"currency":"CZK"}` or
/// `{"language":{"user":3,"name":"Jana Svoboda","lang":"cs"}}`. The values are the log's
/// plain text (an ISO 4217 code, a language code); `verify` checks each is one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Setting {
    /// The currency of every table in this database.
    Currency(String),
    /// A user's language (`en`, `cs`, `uk`, `ru`).
    Language {
        user: i64,
        name: String,
        lang: String,
    },
    /// The database's gaming day (issue 23): an IANA time zone and the shifts' local start
    /// times, `{"calendar":{"tz":"Europe/Prague","shifts":"06:00 14:00 22:00"}}`.
    Calendar { tz: String, shifts: String },
}

/// A money event (schema 7 on): what moved or was set, who made it, and who witnessed it
/// (a count, a slip and a drop carry two signers; the event's user is `by`). The table is
/// the event's table (none for the chip set and the cash threshold).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoneyEvent {
    pub(crate) what: MoneyWhat,
    pub(crate) by: i64,
    pub(crate) by_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) witness: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) witness_name: Option<String>,
}

/// A denomination and how many chips of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChipCount {
    #[serde(with = "money")]
    pub(crate) denom: Money,
    pub(crate) count: u32,
}

/// A denomination of the chip set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Denom(#[serde(with = "money")] pub(crate) Money);

/// What a `money` event records: `{"count":{…}}`, `{"fill":{…}}` and so on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoneyWhat {
    /// The database's chip set: its denominations, smallest first.
    ChipSet { denoms: Vec<Denom> },
    /// A table's par (the imprest tray it is kept at).
    Par { chips: Vec<ChipCount> },
    /// Cash exchanges above this are flagged.
    CashThreshold {
        #[serde(with = "money")]
        amount: Money,
    },
    /// A tray count (`opening`, `change` or `closing`), and the expected tray at that
    /// moment (none for a table's first count).
    Count {
        moment: String,
        chips: Vec<ChipCount>,
        #[serde(with = "money::opt")]
        expected: Option<Money>,
    },
    /// Chips from the cage to the table, on slip number `slip`.
    Fill { slip: i64, chips: Vec<ChipCount> },
    /// Chips from the table to the cage, on slip number `slip`.
    Credit { slip: i64, chips: Vec<ChipCount> },
    /// Slip `slip` (a fill or credit) is void: it stays listed, its chips no longer count.
    Void { slip: i64, reason: String },
    /// Cash exchanged for chips at the table, into box `box_no` if named.
    Cash {
        #[serde(with = "money")]
        amount: Money,
        #[serde(rename = "box", default, skip_serializing_if = "Option::is_none")]
        box_no: Option<u8>,
    },
    /// The count room's count of a table's drop box for a gaming day and shift.
    Drop {
        day: String,
        shift: u8,
        #[serde(with = "money")]
        amount: Money,
    },
}

/// The snapshot a `table_opened` event logs.
pub(crate) fn table_opened(
    name: &str,
    rules: &Rules,
    preset: Option<&str>,
    limits: &Limits,
) -> TableOpened {
    TableOpened {
        name: name.to_string(),
        preset: preset.map(str::to_string),
        rules: rules.to_value(),
        limits: LimitsData {
            min_bet: limits.min_bet(),
            box_max: limits.box_max(),
        },
    }
}

/// Borrowing readers of the two play events read a round at a time, without building the
/// payload: `verify`'s (a `round_started`'s bets, a `round_settled`'s nets) and the
/// reports' strict reader of a start (`started_strictly`: where and as `Payload::parse`).
pub mod view {
    use std::borrow::Cow;
    use std::sync::Arc;

    use super::*;

    #[derive(Deserialize)]
    struct BetRow<'a> {
        #[serde(borrow)]
        id: Cow<'a, str>,
        #[serde(rename = "box")]
        box_no: u8,
        stake: serde_json::Number,
    }

    #[derive(Deserialize)]
    struct Started<'a> {
        #[serde(borrow)]
        bets: Vec<BetRow<'a>>,
    }

    #[derive(Deserialize)]
    struct NetRow<'a> {
        #[serde(borrow)]
        id: Cow<'a, str>,
        net: serde_json::Number,
    }

    #[derive(Deserialize)]
    struct Settled<'a> {
        #[serde(borrow)]
        nets: Vec<NetRow<'a>>,
        #[serde(default)]
        cost: Option<i64>,
    }

    /// The bets of a `round_started` event's text, and whether the text was in its
    /// canonical form (read by `plain`).
    pub(crate) fn started_bets(text: &str) -> Option<(Vec<BetSpec>, bool)> {
        if let Some(bets) = super::super::plain::started(text) {
            return bets
                .into_iter()
                .map(|(id, box_no, units)| {
                    Some(BetSpec {
                        id: Arc::from(id),
                        box_no,
                        stake: Money::from_cents(units.checked_mul(100)?),
                    })
                })
                .collect::<Option<Vec<_>>>()
                .map(|bets| (bets, true));
        }
        let d: Started = serde_json::from_str(text).ok()?;
        d.bets
            .into_iter()
            .map(|b| {
                Some(BetSpec {
                    id: Arc::from(&*b.id),
                    box_no: b.box_no,
                    stake: Money::from_cents(cents_of_number(&b.stake)?),
                })
            })
            .collect::<Option<Vec<_>>>()
            .map(|bets| (bets, false))
    }

    /// Each bet of a `round_started` event's text, as `bet` makes it of the bet's id, box
    /// and stake (cents), read exactly where `Payload::parse` reads the text and as it
    /// reads it (`None` where it refuses): the canonical form by `plain` without the JSON
    /// reader (a stake whose cents overflow is left to the reader, which refuses it),
    /// anything else by `Payload::parse` itself. The reports' one reader of a start, held
    /// and streamed (their bets, their variances); `started_bets` is verify's, which also
    /// holds a start that is not canonical to this (`session::replay`: a file that
    /// verifies has no start the reports refuse).
    pub(crate) fn started_strictly<T>(
        text: &str,
        mut bet: impl FnMut(&str, u8, i64) -> T,
    ) -> Option<Vec<T>> {
        if let Some(bets) = super::super::plain::started(text) {
            let cents = |units: i64| units.checked_mul(100);
            if bets.iter().all(|&(_, _, units)| cents(units).is_some()) {
                let each = bets.into_iter();
                return Some(each.map(|(id, b, units)| bet(id, b, units * 100)).collect());
            }
        }
        match Payload::parse(EventKind::RoundStarted, text) {
            Ok(Payload::RoundStarted(p)) => Some(
                (p.bets.iter())
                    .map(|b| bet(&b.id, b.box_no, b.stake.cents()))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// Whether a `round_settled` event's nets are the round's, bet for bet, to the cent:
    /// if they are, the decisions' cost it logged (`Some(None)` when it logged none).
    pub(crate) fn settled_nets_match(text: &str, round: &Round) -> Option<Option<i64>> {
        let mut count = 0;
        let plain = super::super::plain::settled(text, |b, id, units| {
            count += 1;
            b < round.bet_count()
                && id == &**round.bet_id(b)
                && units.checked_mul(100) == Some(round.bet_net(b).cents())
        });
        // Anything else (another form, or nets that differ) is read as before.
        if let Some(cost) = plain.filter(|_| count == round.bet_count()) {
            return Some(cost);
        }
        let d = serde_json::from_str::<Settled>(text).ok()?;
        let matches = d.nets.len() == round.bet_count()
            && d.nets.iter().enumerate().all(|(b, row)| {
                *row.id == **round.bet_id(b)
                    && cents_of_number(&row.net) == Some(round.bet_net(b).cents())
            });
        matches.then_some(d.cost)
    }

    /// The text of a `step` or `undo` event written as `{"text":"…"}` with nothing to
    /// unescape (the common case), without parsing.
    pub(crate) fn plain_text(text: &str) -> Option<&str> {
        let t = text.strip_prefix("{\"text\":\"")?.strip_suffix("\"}")?;
        (!t.contains(['"', '\\'])).then_some(t)
    }
}

/// Everything an event can hold, by kind. The kind of an event is its payload's.
#[derive(Clone, Debug, PartialEq)]
pub enum Payload {
    Created(Created),
    UserAdded(UserAdded),
    Login(Login),
    LoginFailed(LoginFailed),
    Logout(Named),
    UserLocked(UserLocked),
    UserUnlocked(UserUnlocked),
    TableOpened(TableOpened),
    TableClosed(Named),
    ShoeNew(ShoeNew),
    RoundStarted(RoundStarted),
    Step(Input),
    StepRefused(Refused),
    Undo(Input),
    RoundSettled(RoundSettled),
    RoundVoided(RoundVoided),
    RoundCorrected(RoundCorrected),
    PontisOpened(PontisOpened),
    PontisStarted(PontisStarted),
    PontisPlay(Input),
    PontisRefused(Refused),
    PontisUndo(Input),
    PontisEnded(PontisEnded),
    SettingChanged(SettingChanged),
    Money(MoneyEvent),
    UserChanged(UserChanged),
}

/// An event's text that does not read as its kind's payload: the kind, and the JSON
/// reader's words for what did not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("its data does not read as a {kind} event: {why}")]
pub struct PayloadError {
    pub kind: &'static str,
    pub why: String,
}

impl Event {
    /// The data read as its kind's payload (here, not in `event.rs`: events know no payload).
    pub(crate) fn payload(&self) -> Result<Payload, PayloadError> {
        Payload::parse(self.kind, &self.data)
    }
}

impl Payload {
    pub(crate) fn kind(&self) -> EventKind {
        match self {
            Payload::Created(_) => EventKind::Created,
            Payload::UserAdded(_) => EventKind::UserAdded,
            Payload::Login(_) => EventKind::Login,
            Payload::LoginFailed(_) => EventKind::LoginFailed,
            Payload::Logout(_) => EventKind::Logout,
            Payload::UserLocked(_) => EventKind::UserLocked,
            Payload::UserUnlocked(_) => EventKind::UserUnlocked,
            Payload::TableOpened(_) => EventKind::TableOpened,
            Payload::TableClosed(_) => EventKind::TableClosed,
            Payload::ShoeNew(_) => EventKind::ShoeNew,
            Payload::RoundStarted(_) => EventKind::RoundStarted,
            Payload::Step(_) => EventKind::Step,
            Payload::StepRefused(_) => EventKind::StepRefused,
            Payload::Undo(_) => EventKind::Undo,
            Payload::RoundSettled(_) => EventKind::RoundSettled,
            Payload::RoundVoided(_) => EventKind::RoundVoided,
            Payload::RoundCorrected(_) => EventKind::RoundCorrected,
            Payload::PontisOpened(_) => EventKind::PontisOpened,
            Payload::PontisStarted(_) => EventKind::PontisStarted,
            Payload::PontisPlay(_) => EventKind::PontisPlay,
            Payload::PontisRefused(_) => EventKind::PontisRefused,
            Payload::PontisUndo(_) => EventKind::PontisUndo,
            Payload::PontisEnded(_) => EventKind::PontisEnded,
            Payload::SettingChanged(_) => EventKind::SettingChanged,
            Payload::Money(_) => EventKind::Money,
            Payload::UserChanged(_) => EventKind::UserChanged,
        }
    }

    /// The canonical JSON text (what is stored and hashed).
    pub fn to_text(&self) -> String {
        let text = match self {
            Payload::Created(p) => serde_json::to_string(p),
            Payload::UserAdded(p) => serde_json::to_string(p),
            Payload::Login(p) => serde_json::to_string(p),
            Payload::LoginFailed(p) => serde_json::to_string(p),
            Payload::Logout(p) | Payload::TableClosed(p) => serde_json::to_string(p),
            Payload::UserLocked(p) => serde_json::to_string(p),
            Payload::UserUnlocked(p) => serde_json::to_string(p),
            Payload::TableOpened(p) => serde_json::to_string(p),
            Payload::ShoeNew(p) => serde_json::to_string(p),
            Payload::RoundStarted(p) => serde_json::to_string(p),
            Payload::Step(p)
            | Payload::Undo(p)
            | Payload::PontisPlay(p)
            | Payload::PontisUndo(p) => serde_json::to_string(p),
            Payload::StepRefused(p) | Payload::PontisRefused(p) => serde_json::to_string(p),
            Payload::PontisOpened(p) => serde_json::to_string(p),
            Payload::PontisStarted(p) => serde_json::to_string(p),
            Payload::PontisEnded(p) => serde_json::to_string(p),
            Payload::SettingChanged(p) => serde_json::to_string(p),
            Payload::Money(p) => serde_json::to_string(p),
            Payload::UserChanged(p) => serde_json::to_string(p),
            Payload::RoundSettled(p) => serde_json::to_string(p),
            Payload::RoundVoided(p) => serde_json::to_string(p),
            Payload::RoundCorrected(p) => serde_json::to_string(p),
        };
        // Plain structs of strings, numbers and JSON values always serialize.
        text.unwrap_or_else(|e| format!("{{\"unserializable\":{:?}}}", e.to_string()))
    }

    /// Reads an event's text as its kind's payload.
    pub(crate) fn parse(kind: EventKind, text: &str) -> Result<Payload, PayloadError> {
        fn read<'a, T: Deserialize<'a>>(kind: EventKind, text: &'a str) -> Result<T, PayloadError> {
            serde_json::from_str(text).map_err(|e| PayloadError {
                kind: kind.name(),
                why: e.to_string(),
            })
        }
        Ok(match kind {
            EventKind::Created => Payload::Created(read(kind, text)?),
            EventKind::UserAdded => Payload::UserAdded(read(kind, text)?),
            EventKind::Login => Payload::Login(read(kind, text)?),
            EventKind::LoginFailed => Payload::LoginFailed(read(kind, text)?),
            EventKind::Logout => Payload::Logout(read(kind, text)?),
            EventKind::UserLocked => Payload::UserLocked(read(kind, text)?),
            EventKind::UserUnlocked => Payload::UserUnlocked(read(kind, text)?),
            EventKind::TableOpened => Payload::TableOpened(read(kind, text)?),
            EventKind::TableClosed => Payload::TableClosed(read(kind, text)?),
            EventKind::ShoeNew => Payload::ShoeNew(read(kind, text)?),
            EventKind::RoundStarted => Payload::RoundStarted(read(kind, text)?),
            EventKind::Step => Payload::Step(read(kind, text)?),
            EventKind::StepRefused => Payload::StepRefused(read(kind, text)?),
            EventKind::Undo => Payload::Undo(read(kind, text)?),
            EventKind::RoundSettled => Payload::RoundSettled(read(kind, text)?),
            EventKind::RoundVoided => Payload::RoundVoided(read(kind, text)?),
            EventKind::RoundCorrected => Payload::RoundCorrected(read(kind, text)?),
            EventKind::PontisOpened => Payload::PontisOpened(read(kind, text)?),
            EventKind::PontisStarted => Payload::PontisStarted(read(kind, text)?),
            EventKind::PontisPlay => Payload::PontisPlay(read(kind, text)?),
            EventKind::PontisRefused => Payload::PontisRefused(read(kind, text)?),
            EventKind::PontisUndo => Payload::PontisUndo(read(kind, text)?),
            EventKind::PontisEnded => Payload::PontisEnded(read(kind, text)?),
            EventKind::SettingChanged => Payload::SettingChanged(read(kind, text)?),
            EventKind::Money => Payload::Money(read(kind, text)?),
            EventKind::UserChanged => Payload::UserChanged(read(kind, text)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A start's bets are read strictly wherever `Payload::parse` reads the start, and are
    /// its bets (id, box, cents); where it refuses, they are not read: the plain form, the
    /// same bets otherwise written, a stake whose cents overflow, no shoe, no bets, no JSON.
    #[test]
    fn a_starts_bets_are_read_strictly_where_and_as_the_payload_reads_them() {
        let texts = [
            r#"{"bets":[{"id":"4a","box":4,"stake":50},{"id":"5","box":5,"stake":7}],"shoe":3}"#,
            r#"{"bets": [{"id":"4a","box":4,"stake":50}], "shoe":3}"#,
            r#"{"bets":[{"id":"4\u0061","box":4,"stake":12.5}],"shoe":3}"#,
            r#"{"shoe":3,"bets":[{"stake":1,"box":2,"id":"x"}]}"#,
            r#"{"bets":[],"shoe":3}"#,
            r#"{"bets":[{"id":"4a","box":4,"stake":999999999999999999}],"shoe":3}"#,
            r#"{"bets":[{"id":"4a","box":4,"stake":50}],"shoe":3,"more":1}"#,
            r#"{"bets":[{"id":"4a","box":4,"stake":50}]}"#,
            r#"{"bets":[{"id":"4a","box":256,"stake":50}],"shoe":3}"#,
            r#"{"bets":[{"id":"4a","box":4,"stake":0.001}],"shoe":3}"#,
            r#"{"bets":[{"id":4,"box":4,"stake":50}],"shoe":3}"#,
            r#"{"bets":[{"id":"4a","box":4,"stake":92233720368547758},{"id":"5","box":5,"stake":7}],"shoe":3}"#,
            r#"{"bets":[{"id":"4a","box":4,"stake":50},{"id":"5","box":5,"stake":92233720368547759}],"shoe":3}"#,
            "{",
        ];
        let (mut read, mut plain) = (0, 0);
        for text in texts {
            let parsed = match Payload::parse(EventKind::RoundStarted, text) {
                Ok(Payload::RoundStarted(p)) => Some(p.bets),
                _ => None,
            };
            let want = parsed.map(|bets| {
                (bets.iter())
                    .map(|b| (b.id.clone(), b.box_no, b.stake.cents()))
                    .collect::<Vec<_>>()
            });
            read += usize::from(want.is_some());
            let got = view::started_strictly(text, |id, b, cents| (id.to_string(), b, cents));
            assert_eq!(got, want, "{text}");
            plain += usize::from(crate::log::plain::started(text).is_some());
        }
        // Both ways taken: texts that read and texts that do not, read plain or not.
        assert_eq!((read, plain), (7, 4));
    }

    /// Texts as earlier versions wrote them: each reads as its kind and writes back the
    /// same bytes (the hash chain depends on it).
    #[test]
    fn logged_texts_read_and_write_back_byte_for_byte() {
        let texts = [
            (
                EventKind::Created,
                r#"{"schema":3,"program":"croupier 0.1.0"}"#,
            ),
            (
                EventKind::Created,
                r#"{"schema":6,"program":"croupier 0.1.0","random":"00112233445566778899aabbccddeeff"}"#,
            ),
            (
                EventKind::UserAdded,
                r#"{"user":4,"name":"Jana Svoboda","role":"dealer","pin_hash_sha256":"ab12"}"#,
            ),
            (
                EventKind::Login,
                r#"{"name":"Jana Svoboda","role":"dealer"}"#,
            ),
            (
                EventKind::LoginFailed,
                r#"{"name":"Jana","reason":"wrong PIN"}"#,
            ),
            (EventKind::Logout, r#"{"name":"Jana Svoboda"}"#),
            (
                EventKind::UserLocked,
                r#"{"name":"Jana Svoboda","failed":5}"#,
            ),
            (
                EventKind::UserUnlocked,
                r#"{"name":"Jana Svoboda","by":2,"by_name":"Petr Novak"}"#,
            ),
            (
                EventKind::TableOpened,
                r#"{"name":"Pontoon 1","preset":"czech","rules":{"decks":2},"limits":{"min_bet":null,"box_max":2.5}}"#,
            ),
            (EventKind::ShoeNew, r#"{"decks":2,"shoe":4}"#),
            (
                EventKind::RoundStarted,
                r#"{"bets":[{"id":"1a","box":1,"stake":20},{"id":"3a","box":3,"stake":7.5}],"shoe":3}"#,
            ),
            (EventKind::Step, r#"{"text":"insure 1a 2.5"}"#),
            (EventKind::StepRefused, r#"{"text":"stick","reason":"no"}"#),
            (
                EventKind::StepRefused,
                r#"{"text":"stick","reason":"no","refusal":{"code":"stick_below_minimum","values":{"total":13,"min":15}}}"#,
            ),
            (
                EventKind::StepRefused,
                r#"{"text":"x","reason":"no","refusal":{"code":"unreadable_input"}}"#,
            ),
            (
                EventKind::StepRefused,
                r#"{"text":"9","reason":"no newline","unended":true}"#,
            ),
            (EventKind::Undo, r#"{"text":"K"}"#),
            (
                EventKind::RoundSettled,
                r#"{"nets":[{"id":"3a","net":85},{"id":"5a","net":127.5}],"house_net":-212.5,"dealer":["4h","9s","10d"],"handle":170,"paid":382.5,"insurance_taken":0,"insurance_paid":0,"even_money":0,"splits":0,"buys":0,"pontoons":0,"five_card_tricks":1,"three_of_a_kinds":0,"surrenders":0,"max_net":127.5}"#,
            ),
            (EventKind::RoundVoided, r#"{"reason":"wrong table"}"#),
            (
                EventKind::RoundCorrected,
                r#"{"reason":"a 9, not a 10","script":{"rules":"czech","bets":[],"steps":[]},"nets":[{"id":"1a","net":-0.03}]}"#,
            ),
            (
                EventKind::PontisOpened,
                r#"{"name":"Pontis 1","rules":{"jokers":2,"aside":"aside","top":"last","score":"sum"}}"#,
            ),
            (
                EventKind::PontisStarted,
                r#"{"game":3,"players":["Ana","Ben"],"dealer":"Ben","rules":{"jokers":2}}"#,
            ),
            (EventKind::PontisPlay, r#"{"text":"Ben: Kc 10h"}"#),
            (
                EventKind::PontisRefused,
                r#"{"text":"Ana: 5","reason":"no"}"#,
            ),
            (EventKind::PontisUndo, r#"{"text":"Ana: pass"}"#),
            (
                EventKind::PontisEnded,
                r#"{"game":3,"end":"blocked","winners":["Ana"],"scores":[27,13],"inputs":9}"#,
            ),
            (
                EventKind::SettingChanged,
                r#"{"setting":{"currency":"CZK"},"by":1,"by_name":"Irena Dvorak"}"#,
            ),
            (
                EventKind::SettingChanged,
                r#"{"setting":{"language":{"user":3,"name":"Jana Svoboda","lang":"cs"}},"by":3,"by_name":"Jana Svoboda"}"#,
            ),
            (
                EventKind::Money,
                r#"{"what":{"chip_set":{"denoms":[25,100,500]}},"by":2,"by_name":"Petr Novak"}"#,
            ),
            (
                EventKind::Money,
                r#"{"what":{"count":{"moment":"opening","chips":[{"denom":500,"count":20}],"expected":null}},"by":3,"by_name":"Jana Svoboda","witness":2,"witness_name":"Petr Novak"}"#,
            ),
            (
                EventKind::Money,
                r#"{"what":{"cash":{"amount":512.5,"box":3}},"by":3,"by_name":"Jana Svoboda"}"#,
            ),
            (
                EventKind::Money,
                r#"{"what":{"drop":{"day":"2026-12-01","shift":1,"amount":12345.5}},"by":5,"by_name":"Eva","witness":6,"witness_name":"Ota"}"#,
            ),
            (
                EventKind::UserChanged,
                r#"{"user":4,"name":"Jana Svoboda","pin_hash_sha256":"ab12","by":2,"by_name":"Petr Novak"}"#,
            ),
            (
                EventKind::UserChanged,
                r#"{"user":4,"name":"Jana Svoboda","role":"supervisor","was":"dealer","by":1,"by_name":"Irena Dvorak"}"#,
            ),
        ];
        for (kind, text) in texts {
            let p = Payload::parse(kind, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(p.kind(), kind);
            assert_eq!(p.to_text(), text);
        }
    }

    #[test]
    fn a_text_of_another_kind_or_an_inexact_amount_is_refused() {
        assert!(Payload::parse(EventKind::RoundStarted, r#"{"text":"K"}"#).is_err());
        assert!(
            Payload::parse(
                EventKind::RoundStarted,
                r#"{"bets":[{"id":"1a","box":1,"stake":0.001}],"shoe":1}"#
            )
            .is_err()
        );
    }
}
