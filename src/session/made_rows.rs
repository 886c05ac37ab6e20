//! What a replay keeps of the rounds' rows it makes (`round_row`), and verify's check of
//! them against the kept `round_rows`. The migration to schema 12 hands each row's bytes
//! on as they are made (it writes them; the tests keep them all). Verify keeps an 8-byte
//! keyed digest a round instead of its row (about 450 bytes: a year of a table's rounds
//! held whole was most of verify's memory), and whole rows only for the rounds that a
//! correction up to its bound names (read before the replay), since a correction remakes
//! its round's row from the one before. A kept row whose digest differs, or a round a
//! correction remade that the list did not name, is made again by a second replay to the
//! same bound, so that verify says how it differs as before. No SQL here (the caller reads
//! the kept rows and replays); writes nothing.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{BuildHasher, RandomState};

use super::round_row::{Row, RowDiffer, differ};
use crate::log::payload::NetData;

/// The rows a replay made, by round.
pub(crate) enum MadeRows {
    /// Each row's bytes (`only`: of that round alone).
    Bytes {
        only: Option<i64>,
        rows: BTreeMap<i64, Vec<u8>>,
    },
    /// Verify's: a digest a round, whole rows for the corrected ones.
    Digests(Digests),
}

/// Verify's record of the rows made.
pub(crate) struct Digests {
    /// Random keys a run: a row forged to match a digest would need them.
    key: RandomState,
    /// The rounds a correction names, read before the replay.
    corrected: HashSet<i64>,
    /// Each round's row's digest (16 bytes a round in the map; 0 for the rows below).
    made: BTreeMap<i64, u64>,
    /// The rows of `corrected`'s rounds, whole.
    whole: HashMap<i64, Vec<u8>>,
    /// Rounds corrected though not listed (an index that lies: verify names its damage
    /// first): made again by a second replay.
    remade: HashSet<i64>,
}

/// What the check holds a kept row to.
enum Made {
    Digest(u64),
    Whole(Vec<u8>),
    Remade,
}

impl MadeRows {
    /// Every row's bytes.
    pub(crate) fn all() -> MadeRows {
        MadeRows::Bytes {
            only: None,
            rows: BTreeMap::new(),
        }
    }

    /// One round's row's bytes.
    pub(crate) fn of(round: i64) -> MadeRows {
        MadeRows::Bytes {
            only: Some(round),
            rows: BTreeMap::new(),
        }
    }

    /// Verify's digests; `corrected`: the rounds a correction up to its bound names.
    pub(crate) fn digests(corrected: HashSet<i64>) -> MadeRows {
        MadeRows::Digests(Digests {
            key: RandomState::new(),
            corrected,
            made: BTreeMap::new(),
            whole: HashMap::new(),
            remade: HashSet::new(),
        })
    }

    /// Whether the row of `round` is kept (the caller makes it only then).
    pub(crate) fn wants(&self, round: i64) -> bool {
        match self {
            MadeRows::Bytes { only, .. } => only.is_none_or(|o| o == round),
            MadeRows::Digests(_) => true,
        }
    }

    /// A settled round's row.
    pub(crate) fn settled(&mut self, round: i64, row: &Row) {
        let bytes = row.encode();
        match self {
            MadeRows::Bytes { rows, .. } => {
                rows.insert(round, bytes);
            }
            MadeRows::Digests(d) => {
                if d.corrected.contains(&round) {
                    d.made.insert(round, 0);
                    d.whole.insert(round, bytes);
                } else {
                    d.made.insert(round, d.key.hash_one(bytes.as_slice()));
                }
            }
        }
    }

    /// A correction of `round` logged `nets` (`Row::corrected`); a round without a row
    /// keeps none.
    pub(crate) fn corrected(&mut self, round: i64, nets: Vec<NetData>) {
        let again = |b: &[u8]| Row::decode(b).map(|row| row.corrected(nets).encode());
        match self {
            MadeRows::Bytes { rows, .. } => {
                if let Some(bytes) = rows.get(&round).and_then(|b| again(b)) {
                    rows.insert(round, bytes);
                }
            }
            MadeRows::Digests(d) => {
                if let Some(b) = d.whole.get_mut(&round) {
                    if let Some(bytes) = again(b) {
                        *b = bytes;
                    }
                } else if d.made.contains_key(&round) {
                    d.remade.insert(round);
                }
            }
        }
    }

    /// The rows made since the last call, taken out (the migration writes them as the
    /// replay goes; empty for verify's digests).
    pub(crate) fn take_bytes(&mut self) -> BTreeMap<i64, Vec<u8>> {
        match self {
            MadeRows::Bytes { rows, .. } => std::mem::take(rows),
            MadeRows::Digests(_) => BTreeMap::new(),
        }
    }

    /// A round's row as already written, taken out before, for a correction to remake.
    pub(crate) fn restore(&mut self, round: i64, bytes: Vec<u8>) {
        if let MadeRows::Bytes { rows, .. } = self {
            rows.entry(round).or_insert(bytes);
        }
    }
}

/// Why a kept row is not the one made, or a made row has none (`None`: all as made).
pub(crate) type RowFault = Option<(i64, RowDiffer)>;

/// The first kept row (`kept` puts `round_rows`' next row, by round, as read in the
/// caller's transaction, into its buffer and gives its round) that is not the one the
/// replay made, or a round it made that has none; `again(round)` makes a round's row by a
/// second replay, for a digest that differs or a correction not listed.
pub(crate) fn first_fault<E>(
    mut kept: impl FnMut(&mut Vec<u8>) -> Result<Option<i64>, E>,
    made: MadeRows,
    mut again: impl FnMut(i64) -> Result<Vec<u8>, E>,
) -> Result<RowFault, E> {
    let (key, made): (_, Box<dyn Iterator<Item = (i64, Made)>>) = match made {
        MadeRows::Digests(mut d) => {
            let each = d
                .made
                .into_iter()
                .map(move |(r, digest)| match d.whole.remove(&r) {
                    Some(b) => (r, Made::Whole(b)),
                    None if d.remade.contains(&r) => (r, Made::Remade),
                    None => (r, Made::Digest(digest)),
                });
            (Some(d.key), Box::new(each))
        }
        MadeRows::Bytes { rows, .. } => (
            None,
            Box::new(rows.into_iter().map(|(r, b)| (r, Made::Whole(b)))),
        ),
    };
    let mut made = made.peekable();
    let mut row = Vec::new();
    while let Some(round) = kept(&mut row)? {
        if let Some((m, _)) = made.peek().filter(|(m, _)| *m < round) {
            return Ok(Some((*m, RowDiffer::Missing)));
        }
        let Some((_, entry)) = made.next_if(|(m, _)| *m == round) else {
            return Ok(Some((round, RowDiffer::Extra)));
        };
        let same = |d: u64| {
            key.as_ref()
                .is_some_and(|k| k.hash_one(row.as_slice()) == d)
        };
        let why = match entry {
            Made::Whole(b) => differ(&row, &b),
            Made::Digest(d) if same(d) => None,
            Made::Digest(_) | Made::Remade => differ(&row, &again(round)?),
        };
        if let Some(why) = why {
            return Ok(Some((round, why)));
        }
    }
    Ok(made.next().map(|(m, _)| (m, RowDiffer::Missing)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Money;
    use crate::log::payload::BetData;

    fn row(stake: i64, net: i64) -> Row {
        let bets = vec![BetData {
            box_no: 1,
            stake: Money::from_cents(stake),
            id: "a".into(),
        }];
        let nets = vec![NetData {
            id: "a".into(),
            net: Money::from_cents(net),
        }];
        Row::settled(bets, vec!["7h".into(), "stand".into()], nets, None)
    }

    fn nets(net: i64) -> Vec<NetData> {
        vec![NetData {
            id: "a".into(),
            net: Money::from_cents(net),
        }]
    }

    /// Verify's check of `kept` against the digests of `made`'s rows, corrections
    /// listed in `listed`, `fixes` applied after the settlements; and how many rounds a
    /// second replay made.
    fn check(
        kept: &[(i64, Vec<u8>)],
        made: &[(i64, Row)],
        listed: &[i64],
        fixes: &[(i64, i64)],
    ) -> (RowFault, Vec<i64>) {
        let mut m = MadeRows::digests(listed.iter().copied().collect());
        for (r, row) in made {
            m.settled(*r, row);
        }
        for (r, net) in fixes {
            m.corrected(*r, nets(*net));
        }
        let mut rows = kept.iter();
        let next = |buf: &mut Vec<u8>| -> Result<_, ()> {
            Ok(rows.next().map(|(r, bytes)| {
                buf.clone_from(bytes);
                *r
            }))
        };
        let mut asked = Vec::new();
        let again = |r: i64| {
            asked.push(r);
            let row = made
                .iter()
                .find(|(m, _)| *m == r)
                .map(|(_, row)| row.clone());
            let fixed = fixes
                .iter()
                .filter(|(f, _)| *f == r)
                .fold(row, |row, (_, n)| row.map(|x| x.corrected(nets(*n))));
            fixed.map(|x| x.encode()).ok_or(())
        };
        let fault = first_fault(next, m, again).unwrap();
        (fault, asked)
    }

    #[test]
    fn verify_holds_each_kept_row_to_the_one_made_by_its_digest() {
        let made = [(1, row(500, -500)), (2, row(1000, 1000)), (4, row(200, 0))];
        let fixed = row(1000, 1000).corrected(nets(-1000)).encode();
        let kept = |two: Vec<u8>| {
            vec![
                (1, row(500, -500).encode()),
                (2, two),
                (4, row(200, 0).encode()),
            ]
        };
        // As made: no fault, and no second replay.
        let same = kept(row(1000, 1000).encode());
        assert_eq!(check(&same, &made, &[], &[]), (None, vec![]));
        // A row changed: the second replay says which field, for that round only.
        let nets_changed = kept(row(1000, -1000).encode());
        let want = Some((2, RowDiffer::Field("nets")));
        assert_eq!(
            check(&nets_changed, &made, &[], &[]),
            (want.clone(), vec![2])
        );
        let bets_changed = kept(row(900, 1000).encode());
        let bets = Some((2, RowDiffer::Field("bets")));
        assert_eq!(check(&bets_changed, &made, &[], &[]), (bets, vec![2]));
        // A listed correction is remade from the whole row kept: the corrected row passes,
        // the settled one does not.
        assert_eq!(
            check(&kept(fixed.clone()), &made, &[2], &[(2, -1000)]),
            (None, vec![])
        );
        let stale = kept(row(1000, 1000).encode());
        assert_eq!(
            check(&stale, &made, &[2], &[(2, -1000)]),
            (Some((2, RowDiffer::Field("nets"))), vec![])
        );
        // A correction not listed is made again by the second replay, whether the row kept
        // is the corrected one or the settled one its digest would pass.
        assert_eq!(
            check(&kept(fixed), &made, &[], &[(2, -1000)]),
            (None, vec![2])
        );
        let stale = kept(row(1000, 1000).encode());
        assert_eq!(
            check(&stale, &made, &[], &[(2, -1000)]),
            (Some((2, RowDiffer::Field("nets"))), vec![2])
        );
        // A row missing, one extra, one that does not read.
        let missing = vec![(1, row(500, -500).encode()), (4, row(200, 0).encode())];
        assert_eq!(
            check(&missing, &made, &[], &[]).0,
            Some((2, RowDiffer::Missing))
        );
        let mut extra = same.clone();
        extra.insert(2, (3, row(1, 1).encode()));
        assert_eq!(
            check(&extra, &made, &[], &[]).0,
            Some((3, RowDiffer::Extra))
        );
        assert_eq!(
            check(&same[..2], &made, &[], &[]).0,
            Some((4, RowDiffer::Missing))
        );
        let unreadable = kept(vec![9, 9]);
        assert_eq!(
            check(&unreadable, &made, &[], &[]).0,
            Some((2, RowDiffer::Unreadable))
        );
    }

    /// Two corrections of a round, listed or not, leave the second's row; a correction of
    /// a round with no row makes none; a round the second replay cannot make is an error,
    /// not a row taken as empty.
    #[test]
    fn corrections_follow_one_another_and_a_row_not_made_again_is_an_error() {
        let made = [(1, row(500, -500)), (2, row(1000, 1000))];
        let twice = row(1000, 1000)
            .corrected(nets(-1000))
            .corrected(nets(0))
            .encode();
        let kept = vec![(1, row(500, -500).encode()), (2, twice)];
        let fixes = [(2, -1000), (2, 0), (3, 700)];
        for listed in [&[2][..], &[]] {
            let asked = if listed.is_empty() { vec![2] } else { vec![] };
            assert_eq!(check(&kept, &made, listed, &fixes), (None, asked));
            // The first correction's row is not the last one's.
            let once = vec![
                kept[0].clone(),
                (2, row(1000, 1000).corrected(nets(-1000)).encode()),
            ];
            assert_eq!(
                check(&once, &made, listed, &fixes).0,
                Some((2, RowDiffer::Field("nets")))
            );
        }
        // A digest that differs and a second replay that makes no row: the error.
        let mut m = MadeRows::digests(HashSet::new());
        m.settled(1, &row(500, -500));
        let mut rows = [(1, row(1, 1).encode())].into_iter();
        let next = |buf: &mut Vec<u8>| -> Result<_, &str> {
            Ok(rows.next().map(|(r, b)| {
                *buf = b;
                r
            }))
        };
        let made_none = first_fault(next, m, |_| Err("no row made again"));
        assert_eq!(made_none, Err("no row made again"));
    }
}
