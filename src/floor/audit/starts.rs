//! The auditor's account of `croupier.round_starts` (each round's opening's stakes squared:
//! what the kept totals and the reports' theoretical hold and its spread read, and the
//! floor's index of rounds), for a chunk of its replay or a range of its walk: each
//! `round_started` event taken has exactly one row, the one the chain trigger derives from
//! it (its table database, round id, event, and its `box_sq` and `round_sq` equal to what
//! the auditor computes itself from the event's data as a file's report does,
//! `query::start_squares`: both NULL where that data does not read), and no other row lies
//! in the round ids the range covers. Read by the table's key (tab, round_id, seq), one
//! index range a chunk: the round ids after the last one an earlier range covered through
//! the last one this range started (every id below the first round for the first range).
//! Round ids increase with the log (it numbers rounds 1, 2, 3… as they start): a round
//! started at any id but the next one (not above the one before, or past a gap) is the
//! replay's refusal (`EventFault::RoundOutOfOrder`, in `verify`'s words) before a chunk
//! takes it. The walk reads the events as they are now, held to the replay's hash only at
//! the replay's last event: rounds renumbered after the replay passed them, the chain
//! recomputed, can reach a walk range ending before it, and are refused there as a row
//! that cannot be placed (`StrayRound`, FAILED, in the `round_starts` words, which no
//! longer name the disorder). Rows at round ids past the last one replayed are the
//! caught-up pass's (`past`).
//! Never writes.

use std::collections::HashMap;

use crate::log::EventKind;
use crate::log::event::Event;
use crate::report::query::{StartSquares, start_squares};

/// The openings a chunk or range took, and the round ids it covers: after `after`
/// through `last`.
pub(super) struct Starts {
    after: i64,
    last: i64,
    /// (round id, event) → the event's stakes squared, as the trigger must keep them.
    taken: HashMap<(i64, i64), StartSquares>,
    /// The first opening taken at a round id not above the one before it (the replay
    /// refuses such an opening first: kept so that no range is placed wrong whatever
    /// was fed).
    disorder: Option<i64>,
}

impl Starts {
    /// A range's account after round id `after` (the last one an earlier range covered;
    /// `i64::MIN` from the genesis, so the first range covers every id below its rounds).
    pub(super) fn after(after: i64) -> Starts {
        Starts {
            after,
            last: after,
            taken: HashMap::new(),
            disorder: None,
        }
    }

    /// Event `e` taken: an opening is looked for among the rows.
    pub(super) fn take(&mut self, e: &Event) {
        if e.kind != EventKind::RoundStarted {
            return;
        }
        // The trigger derives no row for an opening without a round id (the replay
        // refuses one).
        let Some(round) = e.round else {
            return;
        };
        if round <= self.last {
            self.disorder.get_or_insert(e.seq);
            return;
        }
        self.last = round;
        self.taken.insert((round, e.seq), start_squares(&e.data));
    }

    /// The last round id this range covers (the next range's `after`).
    pub(super) fn last(&self) -> i64 {
        self.last
    }

    /// The first event at which `tab`'s rows in this range's round ids are not what the
    /// trigger derives from the openings taken: a row at an event that opened no round
    /// (or not that round), a row whose figures differ, an opening with no row; or an
    /// opening out of order.
    pub(super) fn fault(
        mut self,
        c: &mut impl postgres::GenericClient,
        tab: i32,
    ) -> Result<Option<i64>, postgres::Error> {
        let mut first = self.disorder;
        let mut at = |seq: i64| first = Some(first.map_or(seq, |f| f.min(seq)));
        if self.last > self.after {
            let rows = c.query(
                "SELECT round_id::int8, seq::int8, box_sq, round_sq FROM croupier.round_starts
                  WHERE tab = $1 AND round_id > $2::int8 AND round_id <= $3::int8",
                &[&tab, &self.after, &self.last],
            )?;
            for r in &rows {
                let (round, seq): (i64, i64) = (r.get(0), r.get(1));
                let kept = match (r.get(2), r.get(3)) {
                    (Some(box_sq), Some(round_sq)) => Some(Some((box_sq, round_sq))),
                    (None, None) => Some(None),
                    _ => None,
                };
                match (self.taken.remove(&(round, seq)), kept) {
                    (Some(taken), Some(kept)) if taken == kept => {}
                    _ => at(seq),
                }
            }
        }
        // Openings with no row.
        for (_, seq) in self.taken.keys() {
            at(*seq);
        }
        Ok(first)
    }
}

/// The first row of `tab`'s `croupier.round_starts` at a round id past `last` (the last
/// one the replay, through event `through`, covered) that no event the floor holds can
/// have given: at or before `through` (where the replay found no such opening) or past
/// the head. Read in one statement with the head (the chain trigger moves the head and
/// writes the row in one transaction), so a sync landing meanwhile is no stray; one
/// index range (the round ids since the replay's last).
pub(super) fn past(
    c: &mut impl postgres::GenericClient,
    tab: i32,
    last: i64,
    through: i64,
) -> Result<Option<i64>, postgres::Error> {
    c.query_one(
        "SELECT min(seq)::int8 FROM croupier.round_starts
          WHERE tab = $1 AND round_id > $2::int8
            AND (seq <= $3::int8 OR seq > (SELECT head_seq FROM croupier.tables WHERE tab = $1))",
        &[&tab, &last, &through],
    )
    .map(|r| r.get(0))
}

#[cfg(test)]
mod tests {
    use super::Starts;
    use crate::log::EventKind;
    use crate::log::event::Event;

    /// The openings taken, as (event, kind, round id): the round ids covered, and the
    /// first opening out of order (its row cannot be placed in a range).
    #[test]
    fn openings_cover_their_round_ids_and_one_out_of_order_is_a_fault() {
        // (the events taken: seq, kind, round id), the last id covered, the disorder.
        type Taken = [(i64, EventKind, Option<i64>)];
        let cases: [(&Taken, i64, Option<i64>); 5] = [
            (&[], i64::MIN, None),
            (
                &[
                    (1, EventKind::RoundStarted, Some(4)),
                    (2, EventKind::RoundSettled, Some(4)),
                    (3, EventKind::RoundStarted, Some(9)),
                ],
                9,
                None,
            ),
            (&[(1, EventKind::RoundStarted, None)], i64::MIN, None),
            (
                &[
                    (1, EventKind::RoundStarted, Some(4)),
                    (5, EventKind::RoundStarted, Some(4)),
                ],
                4,
                Some(5),
            ),
            (
                &[
                    (1, EventKind::RoundStarted, Some(4)),
                    (5, EventKind::RoundStarted, Some(2)),
                    (6, EventKind::RoundStarted, Some(1)),
                ],
                4,
                Some(5),
            ),
        ];
        for (taken, last, disorder) in cases {
            let mut s = Starts::after(i64::MIN);
            for (seq, kind, round) in taken {
                let mut e = Event::blank();
                (e.seq, e.kind, e.round) = (*seq, *kind, *round);
                s.take(&e);
            }
            assert_eq!((s.last(), s.disorder), (last, disorder), "{taken:?}");
        }
    }
}
