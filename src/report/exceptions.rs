//! The exceptions report's order and summary: which kind of exception is most serious, the
//! counts and amounts by kind, the rows grouped by kind; a correction's amounts and a
//! currency named over logged rounds. Reads what `kinds` gathered; never writes.

use std::collections::BTreeMap;

use super::data::RoundRow;
use super::{Cell, Detail, Section};
use crate::engine::Money;
use crate::log::payload::{Payload, RoundCorrected, Setting};
use crate::log::{AuditError, EventKind};
use crate::report::query::{Noted, Source};

/// The exception kinds, most serious first (README's Reports says it for users):
/// the record itself in doubt (a failed verify, a floor alarm), money that does not add up
/// (close-out differences, counts missing), rounds changed after settlement (voids, then
/// corrections), money named after the fact (a currency set over logged rounds), the table
/// changed under play (rules or limits changed), large sums (payouts and cash over the
/// threshold), play that follows the shoe, the logins (locks, failures, unlocks), openings,
/// and last the dealer's own slips: refused inputs and undos.
pub(crate) const ORDER: [&str; 17] = [
    "verify failed",
    "floor alarm",
    "close-out difference",
    "count missing",
    "round voided",
    "round corrected",
    "currency set over logged rounds",
    "rules changed",
    "payout over threshold",
    "cash over threshold",
    "bets follow the shoe",
    "user locked",
    "login failed",
    "user unlocked",
    "table opened",
    "step refused",
    "undo",
];

/// A kind's place in [`ORDER`] (an unknown word goes after every known one).
pub(crate) fn rank(word: &str) -> usize {
    ORDER.iter().position(|w| *w == word).unwrap_or(ORDER.len())
}

/// The kind word of an exceptions row (its second cell).
fn kind_of(row: &[Cell]) -> &'static str {
    match row.get(1) {
        Some(Cell::Word(w)) => w,
        _ => "",
    }
}

/// The amount an exceptions row stands for, where its kind has one: a void the house win
/// that no longer counts, a correction the change of the house win, a payout the bet's win,
/// cash its amount, a close-out difference the difference.
fn amount_of(row: &[Cell]) -> Option<Money> {
    match row.get(5) {
        Some(Cell::Detail(d)) => match d {
            Detail::Voided { house_win, .. } => *house_win,
            Detail::Corrected { was, now, .. } => {
                Some(Money::from_cents(now.cents() - was.cents()))
            }
            Detail::Payout { won, .. } => Some(*won),
            Detail::Cash { amount, .. } => Some(*amount),
            Detail::Difference { difference, .. } => Some(*difference),
            _ => None,
        },
        _ => None,
    }
}

/// Orders the rows by kind (most serious first), then by time, database and seq; gives
/// the summary section (kind, count, amount) and the rows' section. `mixed`: the
/// databases keep different currencies, so no amount is summed across them.
pub(crate) fn arrange(mut rows: Vec<(i64, usize, i64, Vec<Cell>)>, mixed: bool) -> [Section; 2] {
    rows.sort_by_key(|(at, db, seq, cells)| (rank(kind_of(cells)), *at, *db, *seq));
    let rows: Vec<Vec<Cell>> = rows.into_iter().map(|(_, _, _, r)| r).collect();
    [
        summary(&rows, mixed),
        Section {
            name: "exceptions".into(),
            columns: vec!["time", "exception", "table", "user", "round", "detail"],
            rows,
        },
    ]
}

/// Counts and amounts by kind, most serious first (no amount when the currencies are
/// `mixed`: a sum of CZK and EUR is no figure).
pub(crate) fn summary(rows: &[Vec<Cell>], mixed: bool) -> Section {
    let mut by: BTreeMap<(usize, &'static str), (i64, Option<Money>)> = BTreeMap::new();
    for r in rows {
        let k = kind_of(r);
        let e = by.entry((rank(k), k)).or_insert((0, None));
        e.0 += 1;
        if let Some(m) = amount_of(r).filter(|_| !mixed) {
            e.1 = Some(Money::from_cents(e.1.map_or(0, |s| s.cents()) + m.cents()));
        }
    }
    Section {
        name: "exceptions by kind".into(),
        columns: vec!["exception", "count", "amount"],
        rows: by
            .into_iter()
            .map(|((_, k), (n, amount))| {
                vec![
                    Cell::Word(k),
                    Cell::Int(n),
                    amount.map_or(Cell::Empty, Cell::Money),
                ]
            })
            .collect(),
    }
}

/// House win of a round's nets: −Σ net.
fn house_win(c: &RoundCorrected) -> Money {
    Money::from_cents(-c.nets.iter().map(|n| n.net.cents()).sum::<i64>())
}

/// The corrections' details: each with the house win before it (the settlement's, or the
/// previous correction's) and after it. `n` is a `round_corrected` event.
pub(crate) struct Corrections {
    /// The latest house win of each (database, round) corrected so far.
    last: BTreeMap<(usize, i64), Money>,
}

impl Corrections {
    /// With the corrections logged before `from_ms` (before the report's period) known,
    /// so that a correction in the period is set beside the previous one, not the
    /// settlement.
    pub(crate) fn before(src: &mut dyn Source, from_ms: i64) -> Result<Corrections, AuditError> {
        let mut last = BTreeMap::new();
        for n in src.events_of(&[EventKind::RoundCorrected], 0, from_ms)? {
            if let (Payload::RoundCorrected(c), Some(round)) = (&n.payload, n.round) {
                last.insert((n.db, round), house_win(c));
            }
        }
        Ok(Corrections { last })
    }

    /// The detail of the correction `n` (events come in time order).
    pub(crate) fn detail(
        &mut self,
        src: &mut dyn Source,
        n: &Noted,
        c: &RoundCorrected,
        raw: &[RoundRow],
    ) -> Result<Detail, AuditError> {
        let round = n.round.unwrap_or_default();
        let was = match self.last.get(&(n.db, round)) {
            Some(m) => Some(*m),
            None => settled_win(src, n.db, round, raw)?,
        };
        let now = house_win(c);
        self.last.insert((n.db, round), now);
        Ok(match was {
            Some(was) => Detail::Corrected {
                reason: c.reason.clone(),
                was,
                now,
            },
            None => Detail::Reason(c.reason.clone()),
        })
    }
}

/// The house win of a round as first settled (its `round_settled` event).
fn settled_win(
    src: &mut dyn Source,
    db: usize,
    round: i64,
    raw: &[RoundRow],
) -> Result<Option<Money>, AuditError> {
    let Some(r) = raw.iter().find(|r| r.db == db && r.round == round) else {
        return Ok(None);
    };
    Ok(src
        .events_of(&[EventKind::RoundSettled], r.at, r.at + 1)?
        .into_iter()
        .find(|e| e.db == db && e.round == Some(round))
        .and_then(|e| match e.payload {
            Payload::RoundSettled(s) => Some(s.house_net),
            _ => None,
        }))
}

/// The house win of a voided round (its figures as last settled or corrected).
pub(crate) fn voided_win(raw: &[RoundRow], db: usize, round: Option<i64>) -> Option<Money> {
    raw.iter()
        .find(|r| r.db == db && Some(r.round) == round)
        .map(|r| r.figures.house_net)
}

/// A currency named by `n` (a `setting_changed` event) after rounds were logged in its
/// database: the currency and how many rounds it names after the fact (among the rounds
/// the report read, from the start of the period's year). `None` for any other setting.
pub(crate) fn currency_over_rounds(n: &Noted, raw: &[RoundRow]) -> Option<(String, i64)> {
    let Payload::SettingChanged(s) = &n.payload else {
        return None;
    };
    let Setting::Currency(code) = &s.setting else {
        return None;
    };
    let before = raw.iter().filter(|r| r.db == n.db && r.at < n.at).count() as i64;
    (before > 0).then(|| (code.clone(), before))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_word_the_reports_write_has_a_place_and_slips_come_last() {
        for w in [
            "round voided",
            "round corrected",
            "undo",
            "step refused",
            "login failed",
            "user locked",
            "user unlocked",
            "table opened",
        ] {
            assert!(rank(w) < ORDER.len(), "{w}");
        }
        assert!(rank("verify failed") < rank("round voided"));
        assert!(rank("round voided") < rank("round corrected"));
        assert!(rank("round corrected") < rank("currency set over logged rounds"));
        assert_eq!(rank("undo"), ORDER.len() - 1);
        assert_eq!(rank("step refused"), ORDER.len() - 2);
    }
}
