//! Advantage-play protection (issue 26 item 3): for each round the player's expected value
//! given the make-up of the cards already out of its shoe (`lab::removal::ev_centred`,
//! solved once per rules), and per
//! table and box how closely the initial stakes follow it, shoe by shoe. Reads the log only.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::Value;

use crate::engine::{Card, Money, Rules};
use crate::lab::VALUES as VALUE_COUNT;
use crate::lab::removal::Removal;
use crate::log::payload::Payload;
use crate::log::{AuditError, EventKind};
use crate::report::query::Source;

use super::Cell;
use super::data::RoundRow;
use super::{shared_of, table_cell};

/// The chosen false-alarm rate: a box whose stakes follow the shoe's value so closely that
/// a bettor blind to the shoe would do so less often than this is flagged.
pub const FALSE_ALARM: f64 = 0.01;

/// How a box's stakes moved with the shoe's value, summed shoe by shoe.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Follow {
    /// Rounds counted in all.
    pub rounds: u64,
    /// The last round counted: (settled at, round).
    pub last: Option<(i64, i64)>,
    /// Σ (n − 3) × atanh(r) and Σ (n − 3) over the box's shoes of four rounds or more.
    z_sum: f64,
    weight: f64,
    shoe: Shoe,
}

/// Sums of one shoe's (value, stake) pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Shoe {
    n: f64,
    x: f64,
    y: f64,
    xx: f64,
    yy: f64,
    xy: f64,
}

impl Shoe {
    /// The correlation of the shoe's pairs (0 when either never moved).
    fn r(&self) -> f64 {
        let vx = self.xx - self.x * self.x / self.n;
        let vy = self.yy - self.y * self.y / self.n;
        if vx <= 1e-300 || vy <= 1e-300 {
            return 0.0;
        }
        ((self.xy - self.x * self.y / self.n) / (vx * vy).sqrt()).clamp(-0.999_999, 0.999_999)
    }
}

impl Follow {
    /// One round of the current shoe: the player's value at its start and the box's stake.
    pub fn add(&mut self, ev: f64, stake: f64) {
        let s = &mut self.shoe;
        s.n += 1.0;
        s.x += ev;
        s.y += stake;
        s.xx += ev * ev;
        s.yy += stake * stake;
        s.xy += ev * stake;
        self.rounds += 1;
    }

    /// Closes the current shoe: its correlation joins the box's (Fisher's z, weighted by
    /// its rounds less three; a shoe of fewer than four rounds says nothing).
    pub fn end_shoe(&mut self) {
        let s = std::mem::take(&mut self.shoe);
        if s.n >= 4.0 {
            self.z_sum += (s.n - 3.0) * s.r().atanh();
            self.weight += s.n - 3.0;
        }
    }

    /// The pooled correlation over the box's shoes (`None` before a shoe of four rounds).
    pub fn correlation(&self) -> Option<f64> {
        let w = self.weight + (self.shoe.n - 3.0).max(0.0);
        if w <= 0.0 {
            return None;
        }
        Some((self.z_sums() / w).tanh())
    }

    fn z_sums(&self) -> f64 {
        let s = self.shoe;
        self.z_sum
            + if s.n >= 4.0 {
                (s.n - 3.0) * s.r().atanh()
            } else {
                0.0
            }
    }

    /// The chance that stakes blind to the shoe follow its value at least this closely
    /// (one-sided: raising when the shoe favours the player).
    pub fn p_value(&self) -> Option<f64> {
        let w = self.weight + (self.shoe.n - 3.0).max(0.0);
        (w > 0.0).then(|| normal_upper(self.z_sums() / w.sqrt()))
    }

    /// Whether the box is flagged: its p-value below [`FALSE_ALARM`], stakes rising with
    /// the player's value.
    pub fn flagged(&self) -> bool {
        self.p_value().is_some_and(|p| p < FALSE_ALARM)
    }
}

/// P(Z > z) for a standard normal Z (erfc by its Chebyshev fit, relative error < 1.2e-7).
pub fn normal_upper(z: f64) -> f64 {
    0.5 * erfc(z / std::f64::consts::SQRT_2)
}

fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// Every rules snapshot's effects of removal solved in this process, by its text.
fn removals(rules: &Value) -> Option<Arc<Removal>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Option<Arc<Removal>>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = rules.to_string();
    if let Some(r) = cache.lock().ok()?.get(&key) {
        return r.clone();
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let solved = match Rules::from_value(rules) {
        // A worker that panicked leaves nothing cached: the next report solves again.
        Ok(r) => Some(Arc::new(Removal::solve(&r, threads).ok()?)),
        Err(_) => None,
    };
    cache.lock().ok()?.insert(key, solved.clone());
    solved
}

/// One table's openings and new shoes, in time order.
#[derive(Default)]
struct TableLog {
    opened: Vec<(i64, Option<Arc<Removal>>)>,
    shoes: Vec<i64>,
}

/// By (table, database, box): how its stakes followed the shoe. A table is its name
/// within its database: two databases' tables of one name are two tables (their shoes and
/// players are not one), listed by name.
pub(crate) type Follows = BTreeMap<(String, usize, u8), Follow>;

/// Reads every table's shoes and the cards of its rounds (`rounds`, every round read,
/// voided ones too: their cards left the shoe) and sums, for the rounds `keep` says, each
/// box's initial stake against the player's value at the round's start.
pub(crate) fn follows(
    src: &mut dyn Source,
    rounds: &[&RoundRow],
    keep: &dyn Fn(&RoundRow) -> bool,
    to_ms: i64,
) -> Result<Follows, AuditError> {
    let mut f = Following::read(src, to_ms)?;
    let mut order: Vec<&RoundRow> = rounds.to_vec();
    order.sort_by(|a, b| (a.db, &a.table, a.at, a.round).cmp(&(b.db, &b.table, b.at, b.round)));
    for r in order {
        f.add(src, r, keep)?;
    }
    Ok(f.finish())
}

/// Each box's stakes against the shoe, summed a round at a time: every table's openings
/// and shoes, and where each table's shoe stands. A streamed report feeds it each
/// database's rounds in (time, round) order a page at a time; it holds no round.
pub(crate) struct Following {
    logs: HashMap<(usize, String), TableLog>,
    /// Each table's shoe (its number among the table's new shoes) and the cards out of it.
    shoe: HashMap<(usize, String), (usize, [u16; VALUE_COUNT])>,
    out: Follows,
}

impl Following {
    /// Every table's openings and new shoes logged before `to_ms`.
    pub(crate) fn read(src: &mut dyn Source, to_ms: i64) -> Result<Following, AuditError> {
        let mut logs: HashMap<(usize, String), TableLog> = HashMap::new();
        for n in src.events_of(&[EventKind::TableOpened, EventKind::ShoeNew], 0, to_ms)? {
            let l = logs.entry((n.db, n.table.clone())).or_default();
            match n.payload {
                Payload::TableOpened(t) => l.opened.push((n.at, removals(&t.rules))),
                _ => l.shoes.push(n.at),
            }
        }
        Ok(Following {
            logs,
            shoe: HashMap::new(),
            out: Follows::new(),
        })
    }

    /// Round `r`, the next of its table in time order (counted if `keep` says so; its
    /// cards leave the shoe either way).
    pub(crate) fn add(
        &mut self,
        src: &mut dyn Source,
        r: &RoundRow,
        keep: &dyn Fn(&RoundRow) -> bool,
    ) -> Result<(), AuditError> {
        let key = (r.db, r.table.clone());
        let Some(l) = self.logs.get(&key) else {
            return Ok(());
        };
        let out = &mut self.out;
        let (shoe_no, out_cards) = self
            .shoe
            .entry(key)
            .or_insert((usize::MAX, [0; VALUE_COUNT]));
        // The shoe a round was dealt from: the last new shoe before it was settled.
        let s = l.shoes.partition_point(|&at| at < r.at);
        if s != *shoe_no {
            *shoe_no = s;
            *out_cards = [0; VALUE_COUNT];
            for ((t, db, _), f) in out.iter_mut() {
                if *db == r.db && *t == r.table {
                    f.end_shoe();
                }
            }
        }
        let i = l.opened.partition_point(|(at, _)| *at < r.at);
        let removal = i.checked_sub(1).and_then(|i| l.opened[i].1.clone());
        let (bets, steps) = src.round_inputs(r.db, r.round)?;
        if let (true, Some(ev)) = (keep(r), removal.and_then(|e| e.ev_centred(out_cards))) {
            let mut by_box: BTreeMap<u8, Money> = BTreeMap::new();
            for b in &bets {
                *by_box.entry(b.box_no).or_insert(Money::ZERO) += b.stake;
            }
            for (b, stake) in by_box {
                let f = out.entry((r.table.clone(), r.db, b)).or_default();
                f.add(ev, stake.cents() as f64);
                f.last = Some((r.at, r.round));
            }
        }
        for s in &steps {
            if let Ok(c) = s.trim().parse::<Card>() {
                let v = c.rank.value() as usize - 1;
                out_cards[v] = out_cards[v].saturating_add(1);
            }
        }
        Ok(())
    }

    /// Every box's figures, its last shoe ended.
    pub(crate) fn finish(mut self) -> Follows {
        for f in self.out.values_mut() {
            f.end_shoe();
        }
        self.out
    }
}

/// The protection report's rows: a row per table and box.
pub(crate) fn rows(f: &Follows) -> Vec<Vec<Cell>> {
    // A table is (database, name): a name two databases share is said with its database.
    let shared = shared_of(f.keys().map(|(t, db, _)| (t.clone(), *db)));
    f.iter()
        .map(|((table, db, b), f)| {
            vec![
                table_cell(table, *db, &shared),
                Cell::Int(*b as i64),
                Cell::Int(f.rounds as i64),
                Cell::Decimal(f.correlation(), 3),
                Cell::Decimal(f.p_value(), 4),
                Cell::Flag(f.flagged()),
            ]
        })
        .collect()
}

/// The exceptions report's rows: one per flagged box, at its last round counted; a table
/// name in `shared` said with its database.
pub(crate) fn exception_rows(f: &Follows, shared: &BTreeSet<String>) -> Vec<(i64, Vec<Cell>)> {
    f.iter()
        .filter(|(_, f)| f.flagged())
        .map(|((table, db, b), f)| {
            let (at, round) = f.last.unwrap_or((0, 0));
            let detail = super::Detail::BetsFollowShoe {
                box_no: *b,
                rounds: f.rounds as i64,
                correlation: f.correlation().unwrap_or(0.0),
                p_value: f.p_value().unwrap_or(1.0),
            };
            let cells = vec![
                Cell::Time(at),
                Cell::Word("bets follow the shoe"),
                table_cell(table, *db, shared),
                Cell::Text(String::new()),
                Cell::Int(round),
                Cell::from(detail),
            ];
            (at, cells)
        })
        .collect()
}

/// Its columns (the JSON's keys).
pub(crate) const COLUMNS: [&str; 6] = [
    "table",
    "box",
    "rounds",
    "correlation",
    "p_value",
    "flagged",
];

#[cfg(test)]
mod tests;
