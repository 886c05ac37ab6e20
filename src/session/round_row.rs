//! Each settled round's kept row (log schema 12, `round_rows`; docs/scale.md "A kept row a
//! round"): what the rounds report shows of a round — its bets, its standing inputs as
//! logged, its nets (its latest correction's, else its settlement's) — and, when its
//! settlement logged a decisions' cost, what the players section takes of each box (initial
//! stake, everything staked, the house's win, the decisions' cost). Owns the row's bytes:
//! made here at a settlement or correction (the table session and `exceptions` hand them
//! to `Store::append_row`, in the event's transaction), by the migration to schema 12
//! (one replay of the log: `session::open`) and by `verify`'s replay (which holds each kept row
//! to its own). Derived, never evidence; never writes an event.
//!
//! The layout is a plain binary one, not `log::pack` (which packs JSON text): a reader
//! takes each field as a borrowed slice or a fixed-width integer (`RowView`: the row's
//! structure — version, counts, lengths, flag, nothing left over — and its texts' UTF-8
//! checked once when it is read, as `Row::decode` checks them; then each field read in
//! place, a text's UTF-8 checked again as it is taken), with no allocation. Little-endian throughout: a version byte (1); the bets (u32 count; each a
//! box byte, the stake in cents as i64, the id as u32 length and UTF-8); the inputs (u32
//! count; each u32 length and UTF-8); the nets (u32 count; each the net in cents as i64, the
//! id as u32 length and UTF-8); a byte 0 (no box figures) or 1, then a box count byte and
//! each box: its number, stake, staked and house win in cents (i64) and the decisions'
//! cost in cents (the f64's bits, as `lab::played` gives it: the players section adds
//! them as the replay would).

pub use super::error::RowDiffer;
use crate::lab::played::AsPlayed;
use crate::log::payload::{BetData, NetData};

/// The layout's version byte.
const VERSION: u8 = 1;

/// A round's row, read or to be written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Row {
    pub bets: Vec<BetData>,
    /// The inputs that stand, as logged (each undo has taken back the one before it).
    pub steps: Vec<String>,
    pub nets: Vec<NetData>,
    /// Each box's figures, in box order, when the settlement logged a cost.
    pub boxes: Option<Vec<BoxFigures>>,
}

/// One box of a round, as the players section adds it into its session.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxFigures {
    pub box_no: u8,
    pub stake: i64,
    pub staked: i64,
    pub house_win: i64,
    /// The decisions' cost (cents), as `lab::played` gives it.
    pub cost: f64,
}

impl Row {
    /// A settled round's row: its bets, standing inputs (as logged), settlement's nets and,
    /// when costed, its boxes as played.
    pub fn settled(
        bets: Vec<BetData>,
        steps: Vec<String>,
        nets: Vec<NetData>,
        played: Option<&AsPlayed>,
    ) -> Row {
        let boxes = played.map(|p| {
            (p.boxes.iter())
                .map(|b| BoxFigures {
                    box_no: b.box_no,
                    stake: b.stake.cents(),
                    staked: b.staked.cents(),
                    house_win: b.house_win.cents(),
                    cost: b.cost,
                })
                .collect()
        });
        Row {
            bets,
            steps,
            nets,
            boxes,
        }
    }

    /// The row once a correction logged `nets`: they stand, and each box's house win is
    /// what they give its bets (the stakes and costs stay the round's as played).
    pub fn corrected(mut self, nets: Vec<NetData>) -> Row {
        let bets = &self.bets;
        for b in self.boxes.iter_mut().flatten() {
            let net: i64 = (nets.iter())
                .filter(|n| bets.iter().any(|x| x.id == n.id && x.box_no == b.box_no))
                .map(|n| n.net.cents())
                .sum();
            b.house_win = -net;
        }
        self.nets = nets;
        self
    }

    /// The row's bytes (the module header's layout).
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 24 * (self.bets.len() + self.steps.len()));
        out.push(VERSION);
        put_u32(&mut out, self.bets.len());
        for b in &self.bets {
            out.push(b.box_no);
            out.extend_from_slice(&b.stake.cents().to_le_bytes());
            put_text(&mut out, &b.id);
        }
        put_u32(&mut out, self.steps.len());
        for s in &self.steps {
            put_text(&mut out, s);
        }
        put_u32(&mut out, self.nets.len());
        for n in &self.nets {
            out.extend_from_slice(&n.net.cents().to_le_bytes());
            put_text(&mut out, &n.id);
        }
        match &self.boxes {
            None => out.push(0),
            Some(boxes) => {
                out.push(1);
                out.push(u8::try_from(boxes.len()).unwrap_or(u8::MAX));
                for b in boxes.iter().take(u8::MAX as usize) {
                    out.push(b.box_no);
                    for v in [b.stake, b.staked, b.house_win] {
                        out.extend_from_slice(&v.to_le_bytes());
                    }
                    out.extend_from_slice(&b.cost.to_bits().to_le_bytes());
                }
            }
        }
        out
    }

    /// A row read back; `None` if the bytes are not one (a version, length or text out of
    /// place, or bytes left over). Only this layout (`VERSION`) reads: a change to it needs
    /// a log schema bump whose migration makes every row again (by replay, as schema 12's),
    /// else the rows of older files read as none (every round from its events) and verify
    /// fails them as unreadable.
    pub fn decode(bytes: &[u8]) -> Option<Row> {
        RowView::read(bytes).map(|v| v.to_row())
    }
}

/// A row read in place: [`Row::decode`]'s checks of its structure (and its texts' UTF-8)
/// made once by [`RowView::read`]; then each field taken from the bytes as it is wanted,
/// borrowed, not copied, a text's UTF-8 checked again as it is taken (what a streamed
/// report writes).
#[derive(Clone, Copy, Debug)]
pub struct RowView<'a> {
    /// Each list's bytes and its count: bets, inputs, nets.
    bets: (&'a [u8], usize),
    steps: (&'a [u8], usize),
    nets: (&'a [u8], usize),
    /// The box figures' bytes and count, if the row has them.
    boxes: Option<(&'a [u8], usize)>,
}

impl<'a> RowView<'a> {
    /// The row in `bytes`; `None` where [`Row::decode`] reads none.
    pub fn read(bytes: &'a [u8]) -> Option<RowView<'a>> {
        let mut r = Reader(bytes);
        if r.u8()? != VERSION {
            return None;
        }
        let bets = r.list(|r| {
            r.take(9)?;
            r.check_text()
        })?;
        let steps = r.list(Reader::check_text)?;
        let nets = r.list(|r| {
            r.take(8)?;
            r.check_text()
        })?;
        let boxes = match r.u8()? {
            0 => None,
            1 => {
                let n = r.u8()? as usize;
                Some((r.take(BOX_BYTES * n)?, n))
            }
            _ => return None,
        };
        r.0.is_empty().then_some(RowView {
            bets,
            steps,
            nets,
            boxes,
        })
    }

    /// The bets: box, stake (cents), id.
    pub fn bets(&self) -> impl Iterator<Item = (u8, i64, &'a str)> + 'a {
        let mut r = Reader(self.bets.0);
        (0..self.bets.1).map_while(move |_| Some((r.u8()?, r.i64()?, r.text()?)))
    }

    /// The bets' boxes and stakes (cents), their ids skipped unread.
    pub fn stakes(&self) -> impl Iterator<Item = (u8, i64)> + 'a {
        let mut r = Reader(self.bets.0);
        (0..self.bets.1).map_while(move |_| {
            let bet = (r.u8()?, r.i64()?);
            let n = r.count()?;
            r.take(n).map(|_| bet)
        })
    }

    /// The inputs that stand, as logged.
    pub fn steps(&self) -> impl Iterator<Item = &'a str> + 'a {
        let mut r = Reader(self.steps.0);
        (0..self.steps.1).map_while(move |_| r.text())
    }

    /// The nets: net (cents), id.
    pub fn nets(&self) -> impl Iterator<Item = (i64, &'a str)> + 'a {
        let mut r = Reader(self.nets.0);
        (0..self.nets.1).map_while(move |_| Some((r.i64()?, r.text()?)))
    }

    /// Each box's figures, in box order, if the row has them.
    pub fn boxes(&self) -> Option<impl Iterator<Item = BoxFigures> + 'a> {
        let (bytes, n) = self.boxes?;
        let mut r = Reader(bytes);
        Some((0..n).map_while(move |_| {
            Some(BoxFigures {
                box_no: r.u8()?,
                stake: r.i64()?,
                staked: r.i64()?,
                house_win: r.i64()?,
                cost: f64::from_bits(r.i64()? as u64),
            })
        }))
    }

    /// The row, owned.
    pub fn to_row(&self) -> Row {
        use crate::engine::Money;
        Row {
            bets: (self.bets())
                .map(|(box_no, stake, id)| BetData {
                    id: id.to_string(),
                    box_no,
                    stake: Money::from_cents(stake),
                })
                .collect(),
            steps: self.steps().map(str::to_string).collect(),
            nets: (self.nets())
                .map(|(net, id)| NetData {
                    id: id.to_string(),
                    net: Money::from_cents(net),
                })
                .collect(),
            boxes: self.boxes().map(Iterator::collect),
        }
    }
}

/// A box's figures' bytes: its number, four 8-byte figures.
const BOX_BYTES: usize = 1 + 4 * 8;

/// How the `kept` row's bytes differ from those its events `made` (`None`: the same).
pub(crate) fn differ(kept: &[u8], made: &[u8]) -> Option<RowDiffer> {
    if kept == made {
        return None;
    }
    let Some(kept) = Row::decode(kept) else {
        return Some(RowDiffer::Unreadable);
    };
    let made = Row::decode(made).unwrap_or_default();
    let field = if kept.bets != made.bets {
        "bets"
    } else if kept.steps != made.steps {
        "inputs"
    } else if kept.nets != made.nets {
        "nets"
    } else {
        "boxes"
    };
    Some(RowDiffer::Field(field))
}

fn put_u32(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
}

fn put_text(out: &mut Vec<u8>, t: &str) {
    put_u32(out, t.len());
    out.extend_from_slice(t.as_bytes());
}

/// The bytes still to read.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        Some(head)
    }
    fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }
    fn i64(&mut self) -> Option<i64> {
        Some(i64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
    /// A count, never more than the bytes left could hold (a forged one allocates nothing).
    fn count(&mut self) -> Option<usize> {
        let n = u32::from_le_bytes(self.take(4)?.try_into().ok()?) as usize;
        (n <= self.0.len()).then_some(n)
    }
    /// A text passed over, its UTF-8 checked (most are ASCII: that check first, the
    /// cheaper; what [`Reader::text`] takes later reads).
    fn check_text(&mut self) -> Option<()> {
        let n = self.count()?;
        let t = self.take(n)?;
        (t.is_ascii() || std::str::from_utf8(t).is_ok()).then_some(())
    }
    fn text(&mut self) -> Option<&'a str> {
        let n = self.count()?;
        std::str::from_utf8(self.take(n)?).ok()
    }
    /// A counted list whose items `item` reads (and checks): its bytes and its count.
    fn list(&mut self, item: impl Fn(&mut Self) -> Option<()>) -> Option<(&'a [u8], usize)> {
        let n = self.count()?;
        let start = self.0;
        for _ in 0..n {
            item(self)?;
        }
        Some((&start[..start.len() - self.0.len()], n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Money;

    fn bet(id: &str, box_no: u8, cents: i64) -> BetData {
        BetData {
            id: id.into(),
            box_no,
            stake: Money::from_cents(cents),
        }
    }

    fn net(id: &str, cents: i64) -> NetData {
        NetData {
            id: id.into(),
            net: Money::from_cents(cents),
        }
    }

    /// A row reads back as written, with and without boxes, texts of any UTF-8; a byte
    /// changed in its structure, cut off or added is no row.
    #[test]
    fn a_row_reads_back_as_written_and_a_damaged_one_does_not_read() {
        let boxes = vec![
            BoxFigures {
                box_no: 1,
                stake: 500,
                staked: 1000,
                house_win: -1000,
                cost: 12.345_678_9,
            },
            BoxFigures {
                box_no: 3,
                stake: 120,
                staked: 120,
                house_win: 120,
                cost: 0.0,
            },
        ];
        let rows = [
            Row::default(),
            Row {
                bets: vec![bet("1a", 1, 500), bet("é€", 3, 120)],
                steps: vec!["K".into(), "split 1a".into(), "stick".into()],
                nets: vec![net("1a", 1000), net("é€", -120)],
                boxes: Some(boxes),
            },
            Row {
                bets: vec![bet("x", 255, i64::MAX)],
                steps: vec![],
                nets: vec![net("x", i64::MIN)],
                boxes: None,
            },
        ];
        for row in rows {
            let bytes = row.encode();
            assert_eq!(Row::decode(&bytes).as_ref(), Some(&row));
            let view = RowView::read(&bytes).unwrap();
            assert_eq!(view.bets().count(), row.bets.len());
            let stakes: Vec<(u8, i64)> = (row.bets.iter())
                .map(|b| (b.box_no, b.stake.cents()))
                .collect();
            assert_eq!(view.stakes().collect::<Vec<_>>(), stakes);
            assert_eq!(view.steps().collect::<Vec<_>>(), row.steps);
            assert_eq!(
                view.boxes().map(|b| b.count()),
                row.boxes.as_ref().map(Vec::len)
            );
            assert_eq!(Row::decode(&bytes[..bytes.len() - 1]), None);
            let mut longer = bytes.clone();
            longer.push(0);
            assert_eq!(Row::decode(&longer), None);
            let mut version = bytes.clone();
            version[0] = 2;
            assert_eq!(Row::decode(&version), None);
            let mut count = bytes.clone();
            count[1..5].copy_from_slice(&u32::MAX.to_le_bytes());
            assert_eq!(Row::decode(&count), None);
        }
    }

    /// Rows as a table's rounds make them: with and without box figures, with inputs and
    /// nets, texts of any UTF-8.
    fn sample_rows() -> Vec<Row> {
        let figures = |box_no, stake, staked, house_win, cost| BoxFigures {
            box_no,
            stake,
            staked,
            house_win,
            cost,
        };
        vec![
            Row {
                bets: vec![bet("1a", 1, 500), bet("2a", 2, 1000)],
                steps: vec!["K".into(), "7".into(), "twist".into(), "stick".into()],
                nets: vec![net("1a", 500), net("2a", -1000)],
                boxes: Some(vec![
                    figures(1, 500, 500, -500, 3.25),
                    figures(2, 1000, 1000, 1000, 0.0),
                ]),
            },
            Row {
                bets: vec![bet("1a", 1, 200), bet("1b", 1, 200), bet("é€", 4, 120)],
                steps: vec!["A".into(), "split 1a".into(), "buy".into(), "Ж".into()],
                nets: vec![net("1a", 400), net("1b", -400), net("é€", 0)],
                boxes: None,
            },
            Row {
                bets: vec![bet("3a", 3, 5000)],
                steps: vec![],
                nets: vec![net("3a", 10_000)],
                boxes: Some(vec![figures(3, 5000, 10_000, -10_000, 1.0e-9)]),
            },
        ]
    }

    /// Each accessor of `v` yields exactly the count its list stored, and the row it gives
    /// is written again as exactly `bytes`: no item read in place can vanish.
    fn check_view(v: &RowView, bytes: &[u8]) {
        assert_eq!(v.bets().count(), v.bets.1);
        assert_eq!(v.steps().count(), v.steps.1);
        assert_eq!(v.nets().count(), v.nets.1);
        assert_eq!(v.boxes().map(Iterator::count), v.boxes.map(|b| b.1));
        assert_eq!(v.to_row().encode(), bytes);
    }

    /// Every shorter prefix of a row is no row; every single-byte change of it either is no
    /// row or a view whose accessors give all it stores (never a panic, never an item lost);
    /// invalid UTF-8 in an id or an input and a box-figures flag of 2 are no row.
    #[test]
    fn every_cut_or_changed_byte_reads_as_no_row_or_as_all_it_stores() {
        for row in sample_rows() {
            let bytes = row.encode();
            check_view(&RowView::read(&bytes).unwrap(), &bytes);
            for len in 0..bytes.len() {
                assert!(RowView::read(&bytes[..len]).is_none(), "cut at {len}");
                assert_eq!(Row::decode(&bytes[..len]), None);
            }
            for at in 0..bytes.len() {
                for b in 0..=u8::MAX {
                    let mut changed = bytes.clone();
                    changed[at] = b;
                    if let Some(v) = RowView::read(&changed) {
                        check_view(&v, &changed);
                    }
                }
            }
            let flag = bytes.len() - row.boxes.as_ref().map_or(1, |b| 2 + BOX_BYTES * b.len());
            assert_eq!(bytes[flag], u8::from(row.boxes.is_some()));
            let mut two = bytes.clone();
            two[flag] = 2;
            assert!(RowView::read(&two).is_none());
        }
        let texts = [
            Row {
                bets: vec![bet("\u{1}\u{2}", 1, 500)],
                ..Row::default()
            },
            Row {
                steps: vec!["K".into(), "\u{1}\u{2}".into()],
                ..Row::default()
            },
            Row {
                nets: vec![net("\u{1}\u{2}", 500)],
                ..Row::default()
            },
        ];
        for row in texts {
            let mut bytes = row.encode();
            let at = bytes.windows(2).position(|w| w == [1, 2]).unwrap();
            bytes[at..at + 2].copy_from_slice(&[0xC3, 0x28]);
            assert!(RowView::read(&bytes).is_none());
            bytes[at..at + 2].copy_from_slice(&[0xFF, 0xFE]);
            assert!(RowView::read(&bytes).is_none());
            bytes[at..at + 2].copy_from_slice(b"ok");
            let view = RowView::read(&bytes).unwrap();
            check_view(&view, &bytes);
            assert!(format!("{:?}", view.to_row()).contains("\"ok\""));
        }
    }

    /// A correction's nets stand, and each box's house win is what they give its bets.
    #[test]
    fn a_correction_gives_each_box_its_nets() {
        let settled = Row {
            bets: vec![bet("1a", 1, 500), bet("1b", 1, 200), bet("2a", 2, 100)],
            steps: vec!["K".into()],
            nets: vec![net("1a", 500), net("1b", 0), net("2a", -100)],
            boxes: Some(vec![
                BoxFigures {
                    box_no: 1,
                    stake: 700,
                    staked: 700,
                    house_win: -500,
                    cost: 1.5,
                },
                BoxFigures {
                    box_no: 2,
                    stake: 100,
                    staked: 100,
                    house_win: 100,
                    cost: 0.0,
                },
            ]),
        };
        let nets = vec![net("1a", -500), net("1b", 400), net("2a", 100)];
        let fixed = settled.clone().corrected(nets.clone());
        assert_eq!(fixed.nets, nets);
        let boxes = fixed.boxes.unwrap();
        assert_eq!((boxes[0].house_win, boxes[1].house_win), (100, -100));
        assert_eq!((boxes[0].cost, boxes[0].stake), (1.5, 700));
        let bare = Row {
            boxes: None,
            ..settled
        };
        assert_eq!(bare.corrected(nets.clone()).boxes, None);
    }
}
