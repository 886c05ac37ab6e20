//! The best strategy for a set of rules and its house edge, from expected values over the
//! shoe's composition (docs/house-edge.md states the model).
//!
//! A decision is keyed by what a chart can show ([`Key`]: the dealer's card, the hand's
//! cards, total and softness, its stakes, whether it twisted, a pair, three of a kind, and
//! for a split hand's first decision the pair it came from). For each key the actions are
//! ranked by their expected value summed over every composition of cards that makes that
//! hand, each weighed by its chance of being dealt; the player takes the first action of
//! the ranking that the engine allows. Hands are solved from four cards down to two, so a
//! decision's value counts every later decision as the chart makes it, and the edge is the
//! exact value of playing this chart from a full shoe (splits aside: see the docs).
//!
//! Every rule comes from the engine: what a card does to a hand (`rulings::after_card`),
//! which decisions are open (`decision_refusal`), three of a kind on a stick (`on_stick`),
//! the showdown (`showdown`), the dealer (`odds`), what each result pays (`unit_net`,
//! `bought_payout` for the stakes bought).

use std::collections::HashMap;

use crate::engine::round::rulings::{
    self, HandFacts, HandKind, after_card, decision_refusal, on_stick,
};
use crate::engine::round::{Payout, bought_payout, unit_net};
use crate::engine::{Card, Decision, HandState, Rank, Rules, Total};

use super::odds::{DealerOdds, DealerTable};
use super::{Composition, VALUES, WorkerPanic, rank_of, run_workers};

/// Most cards in a player's hand.
const MAX_CARDS: usize = 5;

/// What a decision is keyed by: everything a chart shows about the hand and the dealer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    /// The dealer's card, as a value: 1 (ace) to 10.
    pub up: u8,
    pub cards: u8,
    pub total: u8,
    pub soft: bool,
    /// Stakes on the hand: 1, plus one for each buy.
    pub units: u8,
    pub twisted: bool,
    /// For the first decision of a hand made by a split: the value of the pair split
    /// (1–10); 0 otherwise.
    pub split_of: u8,
    /// Two cards that the rules let split.
    pub pair: bool,
    /// Three of a kind that a stick would be paid for at once.
    pub trips: bool,
}

impl Key {
    /// The size of the dense table of keys ([`Key::index`]).
    pub(crate) const TABLE_SIZE: usize = TABLE_SIZE;

    /// The key of a hand (cards as dealt) against the dealer's card of value `up`.
    pub fn of(
        rules: &Rules,
        up: u8,
        cards: &[Card],
        kind: HandKind,
        twisted: bool,
        units: u8,
    ) -> Key {
        Key::counted(rules, up, cards, Total::of(cards), kind, twisted, units)
    }

    /// [`Key::of`] for cards whose total `t` the caller has counted (`Total::of(cards)`).
    #[inline]
    pub(crate) fn counted(
        rules: &Rules,
        up: u8,
        cards: &[Card],
        t: Total,
        kind: HandKind,
        twisted: bool,
        units: u8,
    ) -> Key {
        let two = cards.len() == 2;
        Key {
            up,
            cards: cards.len() as u8,
            total: t.best.min(31) as u8,
            soft: t.soft,
            units,
            twisted,
            split_of: if two && kind != HandKind::Dealt {
                cards[0].rank.value()
            } else {
                0
            },
            pair: two && rulings::is_pair(rules, cards[0], cards[1]),
            trips: on_stick(rules, cards, t).is_some(),
        }
    }

    /// The key whose entry holds the offers (insurance, even money) for a two-card hand:
    /// the pair does not matter to them.
    pub fn offers(self) -> Key {
        Key {
            pair: false,
            ..self
        }
    }

    /// The key's place in a dense table ([`Strategy::prefs`]), if it fits one.
    pub(crate) fn index(&self) -> Option<usize> {
        if !(1..=10).contains(&self.up)
            || !(2..=4).contains(&self.cards)
            || self.total > 21
            || !(1..=4).contains(&self.units)
            || self.split_of > 10
        {
            return None;
        }
        let mut i = (self.up - 1) as usize;
        i = i * 3 + (self.cards - 2) as usize;
        i = i * 22 + self.total as usize;
        i = i * 2 + self.soft as usize;
        i = i * 4 + (self.units - 1) as usize;
        i = i * 2 + self.twisted as usize;
        i = i * 11 + self.split_of as usize;
        i = i * 2 + self.pair as usize;
        i = i * 2 + self.trips as usize;
        Some(i)
    }
}

const TABLE_SIZE: usize = 10 * 3 * 22 * 2 * 4 * 2 * 11 * 2 * 2;

/// The actions of a key, best first, packed 3 bits each (`Decision::ALL` index + 1), with
/// bit 31 for "insure" and bit 30 for "take even money" (two-card hands against an ace).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Prefs(u32);

const INSURE: u32 = 1 << 31;
const EVEN_MONEY: u32 = 1 << 30;

impl Prefs {
    fn from_ranked(ranked: &[Decision]) -> Prefs {
        let mut bits = 0u32;
        for (i, d) in ranked.iter().take(5).enumerate() {
            let code = Decision::ALL.iter().position(|x| x == d).unwrap_or(0) as u32 + 1;
            bits |= code << (3 * i);
        }
        Prefs(bits)
    }

    /// The actions, best first.
    pub fn ranked(self) -> impl Iterator<Item = Decision> {
        (0..5)
            .map(move |i| ((self.0 >> (3 * i)) & 7) as usize)
            .take_while(|&c| c != 0)
            .map(|c| Decision::ALL[c - 1])
    }

    pub fn best(self) -> Option<Decision> {
        self.ranked().next()
    }

    pub fn insure(self) -> bool {
        self.0 & INSURE != 0
    }

    pub fn even_money(self) -> bool {
        self.0 & EVEN_MONEY != 0
    }
}

/// One row of the chart as solved: a key, its actions best first, the expected value of
/// each open action (per unit of initial stake, summed over the key's compositions and
/// divided by their weight), and how likely the key is to be met.
#[derive(Clone, Debug)]
pub struct Entry {
    pub key: Key,
    pub prefs: Prefs,
    pub ev: [Option<f64>; 5],
    pub weight: f64,
}

/// The strategy for a set of rules, and the edge it leaves the house.
#[derive(Clone, Debug)]
pub struct Strategy {
    pub rules: Rules,
    /// The house's expected win per unit of initial stake, one box, each round from a full
    /// shoe: minus the player's expected net.
    pub house_edge: f64,
    /// The standard deviation of a round's net, per unit of initial stake (a split's two
    /// hands and an insurance taken as independent of the hand: see the docs).
    pub sd: f64,
    /// Everything staked in a round (stake, buys, split stakes, insurance), per unit of
    /// initial stake.
    pub mean_staked: f64,
    /// The player's expected net by the dealer's card (1–10), and that card's chance.
    pub by_up: [(f64, f64); 10],
    /// Every key solved, in key order.
    pub entries: Vec<Entry>,
    /// Per offers key ([`Key::offers`]) of a hand that may take even money: what taking it
    /// gains over playing the hand on, per unit of its stake (the mean over the key's
    /// compositions by their chance; negative when playing on is worth more). In key order.
    pub even_money: Vec<(Key, f64)>,
    table: Vec<Prefs>,
}

impl Strategy {
    /// Solves the rules: every dealer card, on `threads` threads; a thread that panics fails
    /// the solve ([`WorkerPanic`]).
    pub fn solve(rules: &Rules, threads: usize) -> Result<Strategy, WorkerPanic> {
        let full = Composition::of(rules, &[]).unwrap_or(Composition { ranks: [0; 13] });
        Strategy::solve_from(rules, &full, threads)
    }

    /// [`Strategy::solve`] for a round dealt from `full` rather than the rules' full shoe
    /// (a shoe with cards already out): the chart is the best for that composition, and
    /// the edge is that of playing it (`lab::removal` builds on it).
    pub fn solve_from(
        rules: &Rules,
        full: &Composition,
        threads: usize,
    ) -> Result<Strategy, WorkerPanic> {
        let full = *full;
        let threads = threads.clamp(1, 10);
        let next = std::sync::atomic::AtomicUsize::new(0);
        let mut solved: Vec<(usize, UpSolution)> = run_workers(threads, || {
            let mut out = Vec::new();
            loop {
                let v = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if v >= VALUES {
                    break;
                }
                out.push((v, Solver::new(rules, &full, v).solve()));
            }
            out
        })?;
        solved.sort_by_key(|(v, _)| *v);
        let values = full.values();
        let all: f64 = values.iter().map(|&n| n as f64).sum();
        let mut by_up = [(0.0, 0.0); 10];
        let mut round = Val::default();
        let mut table = vec![Prefs::default(); TABLE_SIZE];
        let mut entries = Vec::new();
        let mut even_money = Vec::new();
        for (v, up) in solved {
            let p = values[v] as f64 / all;
            by_up[v] = (up.val.ev, p);
            round.add_scaled(p, up.val);
            for e in up.entries {
                if let Some(i) = e.key.index() {
                    table[i] = e.prefs;
                }
                entries.push(e);
            }
            even_money.extend(up.even_money);
        }
        entries.sort_by_key(|e| e.key);
        even_money.sort_by_key(|e: &(Key, f64)| e.0);
        Ok(Strategy {
            rules: *rules,
            house_edge: -round.ev,
            sd: (round.ev2 - round.ev * round.ev).max(0.0).sqrt(),
            mean_staked: round.staked,
            by_up,
            entries,
            even_money,
            table,
        })
    }

    /// The house's expected win per unit of everything staked (the element of risk): what
    /// a table's handle, which counts buys, splits and insurance, should hold.
    pub fn hold_per_handle(&self) -> f64 {
        self.house_edge / self.mean_staked
    }

    /// The actions for a key, best first (empty for a key never solved).
    #[inline]
    pub fn prefs(&self, key: &Key) -> Prefs {
        key.index().map(|i| self.table[i]).unwrap_or_default()
    }
}

/// What one dealer card's solver finds.
#[derive(Default)]
struct UpSolution {
    val: Val,
    entries: Vec<Entry>,
    /// [`Strategy::even_money`] for this dealer card.
    even_money: Vec<(Key, f64)>,
}

/// A hand as counts by value (at most five cards, each count ≤ 5: 3 bits a value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Hand {
    counts: [u8; VALUES],
    n: u8,
}

impl Hand {
    fn of(values: &[usize]) -> Hand {
        let mut h = Hand {
            counts: [0; VALUES],
            n: 0,
        };
        for &v in values {
            h = h.plus(v);
        }
        h
    }

    fn plus(mut self, v: usize) -> Hand {
        self.counts[v] += 1;
        self.n += 1;
        self
    }

    /// The cards, one representative rank per value, lowest first (`first` leads: a split
    /// hand's first card).
    fn cards(&self, first: Option<usize>) -> ([Card; MAX_CARDS + 1], usize) {
        let mut out = [Card::of(Rank::Ace); MAX_CARDS + 1];
        let mut n = 0;
        let mut counts = self.counts;
        if let Some(f) = first
            && counts[f] > 0
        {
            out[0] = Card::of(rank_of(f));
            counts[f] -= 1;
            n = 1;
        }
        for (v, &k) in counts.iter().enumerate() {
            for _ in 0..k {
                out[n] = Card::of(rank_of(v));
                n += 1;
            }
        }
        (out, n)
    }
}

/// Where a hand is in a split: the pair's value and the box's splits so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct SplitCtx {
    v: usize,
    splits: u16,
    ace_splits: u16,
}

/// The state of a hand between decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct State {
    hand: Hand,
    twisted: bool,
    units: u8,
    split: Option<SplitCtx>,
}

/// A hand's value: the expected net, its second moment (for the spread), and the expected
/// stakes put on it (stake, buys, split stakes), all in units of the initial stake.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Val {
    ev: f64,
    ev2: f64,
    staked: f64,
}

impl Val {
    /// A sure net of `x` in all on `units` stakes.
    fn sure(x: f64, units: u8) -> Val {
        Val {
            ev: x,
            ev2: x * x,
            staked: units as f64,
        }
    }

    fn add_scaled(&mut self, p: f64, o: Val) {
        self.ev += p * o.ev;
        self.ev2 += p * o.ev2;
        self.staked += p * o.staked;
    }

    /// Two hands of this value (a split): their nets taken as independent.
    fn twice(self) -> Val {
        Val {
            ev: 2.0 * self.ev,
            ev2: 2.0 * self.ev2 + 2.0 * self.ev * self.ev,
            staked: 2.0 * self.staked,
        }
    }
}

/// Solves one dealer card.
struct Solver<'a> {
    rules: &'a Rules,
    up: Rank,
    upv: u8,
    /// The shoe without the dealer's card, by value.
    shoe: [u16; VALUES],
    shoe_total: u32,
    /// Of two ten-values, the chance that they make a pair the rules let split.
    ten_pair: f64,
    dealer: DealerTable,
    /// A representative final dealer hand for each result, for the showdown.
    dealer_hands: [(Total, bool); 7],
    dealer_cache: HashMap<u64, DealerOdds>,
    values: HashMap<State, Val>,
    chart: HashMap<Key, Prefs>,
    /// Per key: Σ weight × EV of each action, and Σ weight.
    agg: HashMap<Key, ([f64; 5], [bool; 5], f64)>,
}

/// The chance of holding each composition of one hand size.
type Weights = HashMap<Hand, f64>;
/// The (twisted, units) a dealt hand of one size can have.
type Variants = Vec<(bool, u8)>;

/// A layer's compositions in hand order: every sum over a layer runs in this one order, so
/// a solve is bit-identical whatever the run (a `HashMap`'s order is not) and the thread
/// count (each dealer card is solved alone).
fn in_order(layer: &Weights) -> Vec<(Hand, f64)> {
    let mut v: Vec<(Hand, f64)> = layer.iter().map(|(h, w)| (*h, *w)).collect();
    v.sort_unstable_by_key(|a| a.0);
    v
}

impl<'a> Solver<'a> {
    fn new(rules: &'a Rules, full: &Composition, v: usize) -> Solver<'a> {
        let up = rank_of(v);
        let mut comp = *full;
        comp.take(up);
        let shoe = comp.values();
        let tens: Vec<f64> = [Rank::Ten, Rank::Jack, Rank::Queen, Rank::King]
            .iter()
            .map(|&r| comp.rank_left(r) as f64)
            .collect();
        let (mut same, mut all) = (0.0, 0.0);
        for (i, a) in tens.iter().enumerate() {
            for (j, b) in tens.iter().enumerate() {
                let ra = [Rank::Ten, Rank::Jack, Rank::Queen, Rank::King][i];
                let rb = [Rank::Ten, Rank::Jack, Rank::Queen, Rank::King][j];
                let w = a * (if i == j { b - 1.0 } else { *b }).max(0.0);
                all += w;
                if rulings::is_pair(rules, Card::of(ra), Card::of(rb)) {
                    same += w;
                }
            }
        }
        Solver {
            rules,
            up,
            upv: (v + 1) as u8,
            shoe,
            shoe_total: shoe.iter().map(|&n| n as u32).sum(),
            ten_pair: if all > 0.0 { same / all } else { 0.0 },
            dealer: DealerTable::new(rules, up, shoe),
            dealer_hands: std::array::from_fn(DealerOdds::hand),
            dealer_cache: HashMap::new(),
            values: HashMap::new(),
            chart: HashMap::new(),
            agg: HashMap::new(),
        }
    }

    fn up_ace(&self) -> bool {
        self.up == Rank::Ace
    }

    fn net(&self, what: Payout) -> f64 {
        let (n, d) = unit_net(self.rules, what);
        n as f64 / d as f64
    }

    /// A hand of `units` stakes paid as `what`, the value of its sure net: the stake it
    /// started with paid as `what`, the bought ones as the engine's `bought_payout` says
    /// (a five-card trick's 1:1 under `five_card_trick_stakes: "original"`).
    fn settled(&self, what: Payout, units: u8) -> Val {
        let bought = bought_payout(self.rules, what);
        let x = if bought == what {
            self.net(what) * units as f64
        } else {
            self.net(what) + (units as f64 - 1.0) * self.net(bought)
        };
        Val::sure(x, units)
    }

    /// The chance that the next card is of value `c`, with `hand` out of the shoe, and for
    /// a split hand the first card of each other hand of the split (one per split).
    fn p(&self, st: &State, c: usize) -> f64 {
        let (v, others) = st.split.map_or((0, 0), |s| (s.v, s.splits as u32));
        let out = st.hand.counts[c] as u32 + if c == v { others } else { 0 };
        let left = self.shoe[c] as u32;
        if left <= out {
            return 0.0;
        }
        let total = self.shoe_total - st.hand.n as u32 - others;
        (left - out) as f64 / total as f64
    }

    fn facts_kind(st: &State) -> HandKind {
        match st.split {
            None => HandKind::Dealt,
            Some(s) if s.v == 0 => HandKind::SplitAce,
            Some(_) => HandKind::Split,
        }
    }

    /// The expected net of standing on `st` (its stakes counted).
    fn stand(&mut self, st: &State) -> Val {
        let mut removed: [u16; VALUES] = std::array::from_fn(|v| st.hand.counts[v] as u16);
        if let Some(s) = st.split {
            removed[s.v] += s.splits;
        }
        let code = removed
            .iter()
            .enumerate()
            .fold(0u64, |c, (v, &k)| c | (k.min(31) as u64) << (5 * v));
        let odds = match self.dealer_cache.get(&code) {
            Some(o) => *o,
            None => {
                let mut shoe = self.shoe;
                for v in 0..VALUES {
                    shoe[v] = shoe[v].saturating_sub(removed[v]);
                }
                let o = self.dealer.odds(&shoe);
                self.dealer_cache.insert(code, o);
                o
            }
        };
        let (cards, n) = st.hand.cards(st.split.map(|s| s.v));
        let kind = Self::facts_kind(st);
        let total = Total::of(&cards[..n]);
        let mut val = Val::default();
        for (i, p) in odds.p.iter().enumerate() {
            if *p == 0.0 {
                continue;
            }
            let (t, pontoon) = self.dealer_hands[i];
            let o = rulings::showdown(self.rules, &cards[..n], total, kind, t, pontoon);
            val.add_scaled(*p, self.settled(o.payout(), st.units));
        }
        val
    }

    /// The expected value of a draw: each next card by its chance.
    fn draw(&mut self, st: &State, twisted: bool, units: u8) -> Val {
        let mut ev = Val::default();
        for c in 0..VALUES {
            let p = self.p(st, c);
            if p > 0.0 {
                let next = State {
                    hand: st.hand.plus(c),
                    twisted,
                    units,
                    split: st.split,
                };
                let v = self.value(&next);
                ev.add_scaled(p, v);
            }
        }
        ev
    }

    /// The expected value of splitting a pair of value `v` (both hands), the box having
    /// made `splits` splits (`ace_splits` of aces) before this one.
    fn split(&mut self, v: usize, splits: u16, ace_splits: u16) -> Val {
        let ctx = SplitCtx {
            v,
            splits: splits + 1,
            ace_splits: ace_splits + (v == 0) as u16,
        };
        let start = State {
            hand: Hand::of(&[v]),
            twisted: false,
            units: 1,
            split: Some(ctx),
        };
        self.draw(&start, false, 1).twice()
    }

    /// The facts the engine decides on, for a state.
    fn with_facts<R>(&self, st: &State, f: impl FnOnce(&HandFacts) -> R) -> R {
        let (cards, n) = st.hand.cards(st.split.map(|s| s.v));
        let facts = HandFacts {
            cards: &cards[..n],
            total: Total::of(&cards[..n]),
            kind: Self::facts_kind(st),
            twisted: st.twisted,
            box_splits: st.split.map_or(0, |s| s.splits),
            box_ace_splits: st.split.map_or(0, |s| s.ace_splits),
            first_hand: st.split.is_none(),
            dealer_up_ace: self.up_ace(),
        };
        f(&facts)
    }

    /// The key of a state (`pair` false for two ten-values of different ranks).
    fn key(&self, st: &State, pair: bool) -> Key {
        let (cards, n) = st.hand.cards(st.split.map(|s| s.v));
        let mut k = Key::of(
            self.rules,
            self.upv,
            &cards[..n],
            Self::facts_kind(st),
            st.twisted,
            st.units,
        );
        k.pair &= pair;
        k
    }

    /// Each decision's expected value, `None` where the engine refuses it.
    fn actions(&mut self, st: &State, pair: bool) -> [Option<Val>; 5] {
        let mut out = [None; 5];
        for (i, d) in Decision::ALL.iter().enumerate() {
            let open = self.with_facts(st, |f| decision_refusal(self.rules, *d, f).is_ok());
            // The strategy does not split a hand that a split made (see the docs).
            let resplit = st.split.is_some();
            if !open || (*d == Decision::Split && (!pair || resplit)) {
                continue;
            }
            out[i] = Some(match d {
                Decision::Stick => {
                    let (cards, n) = st.hand.cards(st.split.map(|s| s.v));
                    match on_stick(self.rules, &cards[..n], Total::of(&cards[..n])) {
                        Some(o) => self.settled(o.payout(), st.units),
                        None => self.stand(st),
                    }
                }
                Decision::Twist => {
                    let twisted = rulings::twist_marks(Self::facts_kind(st)) || st.twisted;
                    self.draw(st, twisted, st.units)
                }
                Decision::Buy => self.draw(st, st.twisted, st.units + 1),
                Decision::Split => {
                    let v = self.first_value(st);
                    let (s, a) = st.split.map_or((0, 0), |c| (c.splits, c.ace_splits));
                    self.split(v, s, a)
                }
                Decision::Surrender => self.settled(Payout::Surrender, st.units),
            });
        }
        out
    }

    /// The value index of the hand's pair (its lowest value with a card).
    fn first_value(&self, st: &State) -> usize {
        st.hand.counts.iter().position(|&k| k > 0).unwrap_or(0)
    }

    /// The ranking for a key, from summed values.
    fn rank(evs: &[f64; 5], open: &[bool; 5]) -> Vec<Decision> {
        let mut idx: Vec<usize> = (0..5).filter(|&i| open[i]).collect();
        idx.sort_by(|&a, &b| evs[b].total_cmp(&evs[a]).then(a.cmp(&b)));
        idx.into_iter().map(|i| Decision::ALL[i]).collect()
    }

    /// The value of a state as the chart plays it.
    fn value(&mut self, st: &State) -> Val {
        if let Some(v) = self.values.get(st) {
            return *v;
        }
        let next = self.with_facts(st, |f| after_card(self.rules, f));
        let v = match next {
            HandState::Settled(o) => self.settled(o.payout(), st.units),
            HandState::Standing(_) => self.stand(st),
            HandState::Wants(_) => self.draw(st, st.twisted, st.units),
            HandState::Deciding => {
                let ten_pair = st.hand.n == 2 && st.hand.counts[9] == 2;
                if ten_pair {
                    let q = self.ten_pair;
                    let mut v = Val::default();
                    let (a, b) = (self.decide(st, true), self.decide(st, false));
                    v.add_scaled(q, a);
                    v.add_scaled(1.0 - q, b);
                    v
                } else {
                    let pair = st.hand.n == 2 && st.hand.counts.contains(&2);
                    self.decide(st, pair)
                }
            }
        };
        self.values.insert(*st, v);
        v
    }

    /// The value of the chart's decision on a deciding state.
    fn decide(&mut self, st: &State, pair: bool) -> Val {
        let key = self.key(st, pair);
        if !self.chart.contains_key(&key) {
            // A split hand's first decision (one composition per key), or a key no dealt
            // hand reaches: ranked on its own values. A split hand is never split again.
            let others = self.actions(st, pair);
            let open: [bool; 5] = std::array::from_fn(|i| others[i].is_some());
            let vals: [f64; 5] = std::array::from_fn(|i| others[i].map_or(f64::MIN, |v| v.ev));
            let ranked = Self::rank(&vals, &open);
            self.chart.insert(key, Prefs::from_ranked(&ranked));
            self.agg.insert(key, (vals, open, 0.0));
        }
        let prefs = self.chart[&key];
        let evs = self.actions(st, pair);
        for d in prefs.ranked() {
            let i = Decision::ALL.iter().position(|x| *x == d).unwrap_or(0);
            if let Some(v) = evs[i] {
                return v;
            }
        }
        // The ranking always holds an open action (stick or twist is always open).
        evs.iter()
            .flatten()
            .copied()
            .max_by(|a, b| a.ev.total_cmp(&b.ev))
            .unwrap_or_default()
    }

    /// Solves every dealt hand, four cards down to two, then the round.
    fn solve(mut self) -> UpSolution {
        let (weight, variants) = self.forward();
        self.backward(&weight, &variants);
        let (total, even_money) = self.round(&weight[2]);
        let mut entries = self.entries();
        entries.sort_by_key(|e| e.key);
        UpSolution {
            val: total,
            entries,
            even_money,
        }
    }

    /// Forward: the chance of holding each composition of 2 to 5 cards, and which
    /// (twisted, units) a dealt hand of each size can have.
    fn forward(&self) -> (Vec<Weights>, Vec<Variants>) {
        // Every hand that still decides draws on.
        let mut weight: Vec<Weights> = vec![HashMap::new(); MAX_CARDS + 1];
        let t = self.shoe_total as f64;
        for a in 0..VALUES {
            for b in a..VALUES {
                let (na, nb) = (self.shoe[a] as f64, self.shoe[b] as f64);
                let w = if a == b {
                    na * (na - 1.0) / (t * (t - 1.0))
                } else {
                    2.0 * na * nb / (t * (t - 1.0))
                };
                if w > 0.0 {
                    weight[2].insert(Hand::of(&[a, b]), w);
                }
            }
        }
        // Which (twisted, units) a dealt hand of n cards can have.
        let mut variants: Vec<Variants> = vec![Vec::new(); MAX_CARDS + 1];
        variants[2].push((false, 1));
        for n in 2..MAX_CARDS {
            for (h, w) in in_order(&weight[n]) {
                let st = State {
                    hand: h,
                    twisted: false,
                    units: 1,
                    split: None,
                };
                let deciding = self.with_facts(&st, |f| {
                    matches!(
                        after_card(self.rules, f),
                        HandState::Deciding | HandState::Wants(_)
                    )
                });
                if !deciding {
                    continue;
                }
                for c in 0..VALUES {
                    let p = self.p(&st, c);
                    if p > 0.0 {
                        *weight[n + 1].entry(h.plus(c)).or_insert(0.0) += w * p;
                    }
                }
            }
            let mut next = Vec::new();
            for &(tw, u) in &variants[n] {
                let cards: Vec<Card> = vec![Card::of(Rank::Two); n];
                let facts = HandFacts {
                    cards: &cards,
                    total: Total::of(&cards),
                    kind: HandKind::Dealt,
                    twisted: tw,
                    box_splits: 0,
                    box_ace_splits: 0,
                    first_hand: true,
                    dealer_up_ace: self.up_ace(),
                };
                next.push((true, u));
                if decision_refusal(self.rules, Decision::Buy, &facts).is_ok() {
                    next.push((tw, u + 1));
                }
            }
            next.sort();
            next.dedup();
            variants[n + 1] = next;
        }
        (weight, variants)
    }

    /// Backward: ranks each key's actions on its compositions' summed values, into the
    /// chart.
    fn backward(&mut self, weight: &[Weights], variants: &[Variants]) {
        for n in (2..MAX_CARDS).rev() {
            let layer = in_order(&weight[n]);
            let mut keys = Vec::new();
            for (h, w) in &layer {
                for &(twisted, units) in &variants[n] {
                    let st = State {
                        hand: *h,
                        twisted,
                        units,
                        split: None,
                    };
                    let deciding =
                        self.with_facts(&st, |f| after_card(self.rules, f) == HandState::Deciding);
                    if !deciding {
                        continue;
                    }
                    let subs: Vec<(bool, f64)> = if n == 2 && h.counts[9] == 2 {
                        vec![(true, self.ten_pair), (false, 1.0 - self.ten_pair)]
                    } else {
                        vec![(n == 2 && h.counts.contains(&2), 1.0)]
                    };
                    for (pair, share) in subs {
                        let evs = self.actions(&st, pair);
                        let key = self.key(&st, pair);
                        let ww = w * share;
                        let e = self.agg.entry(key).or_insert(([0.0; 5], [false; 5], 0.0));
                        for (i, ev) in evs.iter().enumerate() {
                            if let Some(v) = ev {
                                e.0[i] += ww * v.ev;
                                e.1[i] = true;
                            }
                        }
                        e.2 += ww;
                        keys.push(key);
                    }
                }
            }
            keys.sort();
            keys.dedup();
            for key in keys {
                let (evs, open, _) = self.agg[&key];
                let ranked = Self::rank(&evs, &open);
                self.chart.insert(key, Prefs::from_ranked(&ranked));
            }
        }
    }

    /// The round: each two-card hand (`two`: their chances) by its chance, with the
    /// offers against an ace, which it marks in the chart; and even money's gain per
    /// offers key where it may be taken ([`Strategy::even_money`]).
    fn round(&mut self, two: &Weights) -> (Val, Vec<(Key, f64)>) {
        // The round: each two-card hand by its chance, with the offers against an ace.
        let mut total = Val::default();
        let two = in_order(two);
        let mut offers: HashMap<Key, (f64, f64, f64)> = HashMap::new();
        // Per offers key, over the hands that may take even money: Σ w × gain, Σ w.
        let mut even_gain: HashMap<Key, (f64, f64)> = HashMap::new();
        let mut hands = Vec::new();
        for (h, w) in two {
            let st = State {
                hand: h,
                twisted: false,
                units: 1,
                split: None,
            };
            let base = self.value(&st);
            total.add_scaled(w, base);
            if self.up_ace() {
                let key = self.key(&st, false);
                // The chance that the dealer's next card makes his pontoon (the engine's
                // rule, asked of each value), with the hand's two cards out.
                let left = (self.shoe_total - 2) as f64;
                let q: f64 = (0..VALUES)
                    .filter(|&v| {
                        rulings::dealer_pontoon(&[Card::of(self.up), Card::of(rank_of(v))])
                    })
                    .map(|v| (self.shoe[v] as f64 - h.counts[v] as f64).max(0.0) / left)
                    .sum();
                let (n, d) = self.rules_insurance_max();
                let amount = n / d;
                let insure = amount * (q * self.net(Payout::Insurance) - (1.0 - q));
                let (cards, k) = h.cards(None);
                let even = rulings::even_money_refusal(self.rules, &cards[..k], HandKind::Dealt, 0)
                    .is_ok()
                    .then(|| self.net(Payout::EvenMoney) - base.ev);
                let e = offers.entry(key).or_insert((0.0, 0.0, 0.0));
                e.0 += w * insure;
                e.1 += w * even.unwrap_or(f64::MIN / 1e6);
                e.2 += w;
                if let Some(g) = even {
                    let e = even_gain.entry(key).or_insert((0.0, 0.0));
                    e.0 += w * g;
                    e.1 += w;
                }
                let ins2 = amount * amount * (q * self.net(Payout::Insurance).powi(2) + (1.0 - q));
                hands.push((key, w, insure, ins2, amount, even, base));
            }
        }
        for (key, w, insure, ins2, amount, even, base) in hands {
            let (ins, em, _) = offers[&key];
            let p = self.chart.entry(key).or_default();
            // The better of the two offers, if it gains: even money, or insurance.
            if em > 0.0 && em >= ins && even.is_some() {
                p.0 |= EVEN_MONEY;
                let sure = self.settled(Payout::EvenMoney, 1);
                total.add_scaled(w, sure);
                total.add_scaled(-w, base);
            } else if ins > 0.0 {
                p.0 |= INSURE;
                // Taken as independent of the hand's own net.
                total.ev += w * insure;
                total.ev2 += w * (ins2 + 2.0 * base.ev * insure);
                total.staked += w * amount;
            }
        }
        let gains = even_gain
            .into_iter()
            .filter(|(_, (_, w))| *w > 0.0)
            .map(|(k, (g, w))| (k, g / w))
            .collect();
        (total, gains)
    }

    /// Every key of the chart with its actions' mean values and its weight.
    fn entries(&self) -> Vec<Entry> {
        self.chart
            .iter()
            .map(|(key, prefs)| {
                let (evs, open, weight) = self
                    .agg
                    .get(key)
                    .copied()
                    .unwrap_or(([0.0; 5], [false; 5], 0.0));
                let norm = if weight > 0.0 { weight } else { 1.0 };
                Entry {
                    key: *key,
                    prefs: *prefs,
                    ev: std::array::from_fn(|i| open[i].then(|| evs[i] / norm)),
                    weight,
                }
            })
            .collect()
    }

    fn rules_insurance_max(&self) -> (f64, f64) {
        let r = self.rules.insurance_max();
        (r.num() as f64, r.den() as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::solved;

    fn with(name: &str, knob: &str, value: serde_json::Value) -> Rules {
        let mut v = Rules::preset(name).unwrap().to_value();
        v[knob] = value;
        Rules::from_value(&v).unwrap()
    }

    /// A house that changes a knob sees its edge move the way the knob says.
    #[test]
    fn knobs_move_the_edge_the_way_they_should() {
        let cz = solved("czech").house_edge;
        let by = solved("belarus").house_edge;
        let cases = [
            (
                with("czech", "surrender", false.into()),
                cz,
                "czech without surrender",
            ),
            (
                with("czech", "five_card_trick_pays", serde_json::json!([1, 1])),
                cz,
                "czech, five-card trick 1:1",
            ),
            (
                with("czech", "auto_fifth_card_max", serde_json::Value::Null),
                cz,
                "czech without the automatic fifth card",
            ),
            (
                with("belarus", "three_of_a_kind_pays", serde_json::Value::Null),
                by,
                "belarus without three of a kind",
            ),
            (
                with("belarus", "buy_cards", serde_json::json!([])),
                by,
                "belarus without buying",
            ),
        ];
        for (rules, base, what) in cases {
            let edge = Strategy::solve(&rules, 2).unwrap().house_edge;
            assert!(edge > base, "{what}: {edge} should be above {base}");
        }
        let pushes = Strategy::solve(&with("czech", "ties", "push".into()), 2)
            .unwrap()
            .house_edge;
        assert!(
            pushes < cz,
            "ties that push favour the player: {pushes} vs {cz}"
        );
    }

    /// `five_card_trick_stakes: "original"` pays a trick's bought stakes 1:1: its edge lies
    /// above the preset's (3:2 on every stake) and below that of a trick paying 1:1 on all.
    #[test]
    fn a_trick_paid_on_the_original_stake_lies_between_all_and_even() {
        for name in ["czech", "belarus"] {
            let all = solved(name).house_edge;
            let original = with(name, "five_card_trick_stakes", "original".into());
            let even = with(name, "five_card_trick_pays", serde_json::json!([1, 1]));
            let (original, even) = (
                Strategy::solve(&original, 2).unwrap().house_edge,
                Strategy::solve(&even, 2).unwrap().house_edge,
            );
            assert!(
                all < original && original < even,
                "{name}: all {all}, original {original}, 1:1 {even}"
            );
        }
    }

    /// The chart makes the decisions any player would check first.
    #[test]
    fn the_chart_sticks_on_twenty_and_never_sticks_below_twelve() {
        for name in ["czech", "belarus"] {
            let s = solved(name);
            for e in &s.entries {
                let k = e.key;
                let best = e.prefs.best();
                if k.cards == 2 && k.split_of == 0 && !k.soft && k.total == 20 && !k.pair {
                    assert_eq!(best, Some(Decision::Stick), "{name} {k:?}");
                }
                if k.cards < 4 && !k.soft && !k.trips && k.total <= 11 && e.weight > 0.0 {
                    assert_ne!(best, Some(Decision::Stick), "{name} {k:?}");
                }
            }
            let sum: f64 = s.by_up.iter().map(|(ev, p)| ev * p).sum();
            assert!((sum + s.house_edge).abs() < 1e-12, "{name}");
            let p: f64 = s.by_up.iter().map(|(_, p)| p).sum();
            assert!((p - 1.0).abs() < 1e-12, "{name}");
        }
    }
}
