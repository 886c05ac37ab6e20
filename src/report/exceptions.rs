//! The exceptions report's order and summary: which kind of exception is most serious, the
//! counts and amounts by kind, the rows grouped by kind; a correction's amounts and a
//! currency named over logged rounds. Reads what `kinds` gathered; never writes.

use std::collections::BTreeMap;

use super::data::RoundRow;
use super::{Cell, Detail, Section};
use crate::engine::Money;
use crate::log::payload::{Payload, RoundCorrected, Setting};
use crate::log::{AuditError, EventKind};
use crate::report::query::{Noted, Page, Source};

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
        Some(Cell::Detail(d)) => match &**d {
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
    let mut c = Counts::default();
    for r in rows {
        c.add(r, mixed);
    }
    c.section()
}

/// The counts and amounts by kind, made a row at a time (a streamed report's counting
/// pass holds these, never the rows).
#[derive(Clone, Debug, Default)]
pub(crate) struct Counts {
    by: BTreeMap<(usize, &'static str), (i64, Option<Money>)>,
}

impl Counts {
    /// Counts an exceptions row.
    pub(crate) fn add(&mut self, r: &[Cell], mixed: bool) {
        let k = kind_of(r);
        let e = self.by.entry((rank(k), k)).or_insert((0, None));
        e.0 += 1;
        if let Some(m) = amount_of(r).filter(|_| !mixed) {
            e.1 = Some(Money::from_cents(e.1.map_or(0, |s| s.cents()) + m.cents()));
        }
    }

    /// The kinds counted, most serious first.
    pub(crate) fn kinds(&self) -> Vec<&'static str> {
        self.by.keys().map(|(_, k)| *k).collect()
    }

    /// The section of counts and amounts by kind.
    pub(crate) fn section(&self) -> Section {
        Section {
            name: "exceptions by kind".into(),
            columns: vec!["exception", "count", "amount"],
            rows: self
                .by
                .iter()
                .map(|((_, k), (n, amount))| {
                    vec![
                        Cell::Word(k),
                        Cell::Int(*n),
                        amount.map_or(Cell::Empty, Cell::Money),
                    ]
                })
                .collect(),
        }
    }
}

/// Where the exceptions report finds a round it names: among the rounds it holds (read
/// from the year's start), or read from the source when asked, within the same window.
pub(crate) enum Rounds<'r> {
    Held(&'r [RoundRow]),
    /// Read one at a time from `[from_ms, to_ms)`, counted `page` at a time.
    Read {
        from_ms: i64,
        to_ms: i64,
        page: usize,
    },
}

impl Rounds<'_> {
    /// Round `round` of database `db`, if settled in the window.
    fn find(
        &self,
        src: &mut dyn Source,
        db: usize,
        round: i64,
    ) -> Result<Option<RoundRow>, AuditError> {
        match *self {
            Rounds::Held(raw) => Ok(raw.iter().find(|r| r.db == db && r.round == round).cloned()),
            Rounds::Read { from_ms, to_ms, .. } => {
                let p = Page {
                    round: Some(round),
                    limit: Some(1),
                    ..Page::all(from_ms, to_ms)
                };
                Ok(src.rounds_page(db, &p)?.into_iter().next())
            }
        }
    }

    /// How many of database `db`'s rounds in the window were settled before `at`.
    fn count_before(&self, src: &mut dyn Source, db: usize, at: i64) -> Result<i64, AuditError> {
        match *self {
            Rounds::Held(raw) => Ok(raw.iter().filter(|r| r.db == db && r.at < at).count() as i64),
            Rounds::Read {
                from_ms,
                to_ms,
                page,
            } => {
                let (mut n, mut after) = (0i64, None);
                loop {
                    let p = Page {
                        after,
                        limit: Some(page),
                        ..Page::all(from_ms, to_ms.min(at))
                    };
                    let rows = src.rounds_page(db, &p)?;
                    n += rows.len() as i64;
                    match rows.last() {
                        Some(l) if rows.len() >= page => after = Some((l.at, l.round)),
                        _ => return Ok(n),
                    }
                }
            }
        }
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
        raw: &Rounds,
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
    raw: &Rounds,
) -> Result<Option<Money>, AuditError> {
    let Some(r) = raw.find(src, db, round)? else {
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
pub(crate) fn voided_win(
    src: &mut dyn Source,
    raw: &Rounds,
    db: usize,
    round: Option<i64>,
) -> Result<Option<Money>, AuditError> {
    let Some(round) = round else {
        return Ok(None);
    };
    Ok(raw.find(src, db, round)?.map(|r| r.figures.house_net))
}

/// A currency named by `n` (a `setting_changed` event) after rounds were logged in its
/// database: the currency and how many rounds it names after the fact (among the rounds
/// the report read, from the start of the period's year). `None` for any other setting.
pub(crate) fn currency_over_rounds(
    src: &mut dyn Source,
    n: &Noted,
    raw: &Rounds,
) -> Result<Option<(String, i64)>, AuditError> {
    let Payload::SettingChanged(s) = &n.payload else {
        return Ok(None);
    };
    let Setting::Currency(code) = &s.setting else {
        return Ok(None);
    };
    let before = raw.count_before(src, n.db, n.at)?;
    Ok((before > 0).then(|| (code.clone(), before)))
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
