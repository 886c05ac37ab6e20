//! The summary's and the dealers report's sections folded as their figures are read: each
//! kept bucket (or round read one by one) goes straight into the sums of the groups it
//! belongs to, keyed by small ids (tables by (database, name), dealers by name,
//! currencies, shift hours interned), so
//! a report holds its answer, never its buckets. Owns the grouping and the split decision
//! of a (database, hour); reads nothing from a source itself and never renders a cell's
//! text but through `Totals`.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use chrono::{Datelike, NaiveDate};

use super::{Calendars, Ctx, Kind, Options, Theory, Totals};
use crate::engine::Currency;
use crate::log::totals::{BUCKET_MS, Figures};
use crate::report::data::RoundRow;
use crate::report::query::{DayClass, DaySums, TotalRef, TotalRow};
use crate::report::theory::Openings;
use crate::report::{DETAIL_DAYS, Period};
use crate::session::calendar::{Calendar, ShiftAt};

/// A table's, dealer's or shift hours' small id.
type Id = u32;

/// A pre-period range of hours (`[first, last]`) and the to-date sums (`[month, year]`)
/// it goes to ([`Fold::sum_ranges`]).
type SumRange = ((i64, i64), [bool; 2]);

pub(super) use crate::report::TableKey;

/// Sums per (table, currency key).
type PerTable = BTreeMap<(TableKey, Option<String>), Totals>;

/// Sums per (dealer, currency key): a dealer is a person, whose name sums across
/// databases.
type PerDealer = BTreeMap<(String, Option<String>), Totals>;

/// What the summary's per-table detail is grouped by: each table's shifts and gaming
/// days for a period of at most [`DETAIL_DAYS`] gaming days, its calendar months (of the
/// gaming day) for a longer one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Grain {
    Shifts,
    Months,
}

impl Grain {
    pub(super) fn of(p: Period) -> Grain {
        if (p.to - p.from).num_days() < DETAIL_DAYS {
            Grain::Shifts
        } else {
            Grain::Months
        }
    }
}

/// The first day of a gaming day's calendar month: a `by month` row's key.
pub(super) fn month_of(day: NaiveDate) -> NaiveDate {
    day.with_day(1).unwrap_or(day)
}

/// The per-table detail's sums by ids, as [`Grain`] groups them.
enum DetailSums {
    Shifts {
        by_shift: BTreeMap<(Id, u8, NaiveDate, u8, Id), Totals>,
        by_day: BTreeMap<(Id, u8, NaiveDate), Totals>,
    },
    /// Keyed by the month's first day ([`month_of`]).
    Months(BTreeMap<(Id, u8, NaiveDate), Totals>),
}

/// The per-table detail named: by (table, currency key, gaming day, shift, shift's
/// hours) and by (table, currency key, gaming day), or by (table, currency key, month's
/// first day).
pub(super) enum Detail {
    Shifts {
        by_shift: BTreeMap<(TableKey, Option<String>, NaiveDate, u8, String), Totals>,
        by_day: BTreeMap<(TableKey, Option<String>, NaiveDate), Totals>,
    },
    Months(BTreeMap<(TableKey, Option<String>, NaiveDate), Totals>),
}

impl Detail {
    /// Every table the detail has a row of.
    pub(super) fn tables(&self) -> Vec<&TableKey> {
        match self {
            Detail::Shifts { by_shift, by_day } => by_shift
                .keys()
                .map(|k| &k.0)
                .chain(by_day.keys().map(|k| &k.0))
                .collect(),
            Detail::Months(m) => m.keys().map(|k| &k.0).collect(),
        }
    }
}

/// Names interned to ids, in the order first seen.
#[derive(Default)]
struct Names {
    ids: HashMap<String, Id>,
    names: Vec<String>,
}

impl Names {
    fn id(&mut self, name: &str) -> Id {
        if let Some(&id) = self.ids.get(name) {
            return id;
        }
        let id = self.names.len() as Id;
        self.ids.insert(name.to_string(), id);
        self.names.push(name.to_string());
        id
    }

    fn name(&self, id: Id) -> &str {
        &self.names[id as usize]
    }
}

/// Tables interned to ids by (database, name), in the order first seen.
#[derive(Default)]
struct Tables {
    ids: Vec<HashMap<String, Id>>,
    keys: Vec<TableKey>,
}

impl Tables {
    fn id(&mut self, db: usize, name: &str) -> Id {
        if let Some(&id) = self.ids.get(db).and_then(|m| m.get(name)) {
            return id;
        }
        if self.ids.len() <= db {
            self.ids.resize_with(db + 1, HashMap::new);
        }
        let id = self.keys.len() as Id;
        self.ids[db].insert(name.to_string(), id);
        self.keys.push((name.to_string(), db));
        id
    }

    fn key(&self, id: Id) -> &TableKey {
        &self.keys[id as usize]
    }

    fn name(&self, id: Id) -> &str {
        &self.key(id).0
    }
}

/// Where a part lies: its database, table, dealer, UTC hour, gaming day and shift.
#[derive(Clone, Copy)]
struct Place {
    db: usize,
    table: Id,
    dealer: Id,
    hour: i64,
    at: ShiftAt,
}

/// A bucket of the (database, hour) being read, held until the hour's split is decided.
struct Held {
    table: Id,
    dealer: Id,
    theory: Option<Theory>,
    figures: Figures,
}

/// The sections' sums, grouped by ids; [`Fold::finish`] names them.
pub(super) struct Fold<'a> {
    o: &'a Options<'a>,
    cals: &'a Calendars,
    mtd: NaiveDate,
    ytd: NaiveDate,
    tables: Tables,
    dealers: Names,
    shift_hours: Names,
    hours_of: HashMap<(usize, u8), Id>,
    /// Each database's currency (`None`: not set), as an index into `curs`.
    cur_idx: HashMap<usize, u8>,
    curs: Vec<Option<Currency>>,
    /// Every database a whole bucket was taken of (filters aside; a split hour's rounds
    /// count where they are read): "mixed currencies".
    pub(super) dbs: BTreeSet<usize>,
    detail: DetailSums,
    to_date: [BTreeMap<(Id, u8), Totals>; 2],
    period: BTreeMap<u8, Totals>,
    period_tables: BTreeSet<(u8, Id)>,
    edges: BTreeSet<(Id, u64)>,
    days: BTreeMap<(u8, NaiveDate), Totals>,
    per_dealer: BTreeMap<(Id, u8), Totals>,
    dealer_hours: HashSet<(Id, u8, Id, i64)>,
    // Reading: the (database, hour) being read and its buckets, the split ones, the
    // theories by (database, table, opening's time), each calendar's located hours.
    group: Option<(usize, i64)>,
    held: Vec<Held>,
    pub(super) split: BTreeSet<(i64, usize)>,
    theories: HashMap<(usize, Id, Option<i64>), Option<Theory>>,
    located: HashMap<(usize, i64), Option<ShiftAt>>,
    class_of: HashMap<usize, usize>,
    /// Per database, the hour before which its buckets came summed ([`Fold::sum`]): the
    /// visit's buckets before it are not taken again.
    summed_to: HashMap<usize, i64>,
    ranges_of: HashMap<usize, Vec<SumRange>>,
    /// A long summary's chart classes ([`Fold::chart_class`]): (currency, theory), by id.
    classes: Vec<(u8, Option<Theory>)>,
    class_ids: HashMap<(u8, Option<[u64; 5]>), u32>,
}

/// A long summary's days for one calendar's databases ([`Fold::long_plans`]): gaming
/// days `days` beginning at the UTC hours `starts` (the last day's end after them), each
/// in a segment (`segs`) that lies in one calendar month and wholly before or in the
/// period, the month's and the year's to date; `seg_first`: each segment's first day.
pub(super) struct LongPlan {
    pub(super) dbs: Vec<usize>,
    pub(super) starts: Vec<i64>,
    pub(super) segs: Vec<u32>,
    days: Vec<NaiveDate>,
    seg_first: Vec<NaiveDate>,
}

/// What a fold gives, named: each group's key with the currency as the report keys it
/// (`None` unless mixed).
pub(super) struct Folded {
    pub(super) detail: Detail,
    pub(super) to_date: [(NaiveDate, PerTable); 2],
    pub(super) period: BTreeMap<Option<String>, (Totals, usize)>,
    pub(super) edges: Vec<(TableKey, f64)>,
    pub(super) days: BTreeMap<(Option<String>, NaiveDate), Totals>,
    pub(super) per_dealer: PerDealer,
    pub(super) dealer_hours: BTreeMap<(String, Option<String>), i64>,
}

/// Adds `from` into `into` under the key `key` gives (groups whose names coincide merge).
fn regroup<K: Ord, J: Ord>(
    from: BTreeMap<K, Totals>,
    key: impl Fn(&K) -> J,
) -> BTreeMap<J, Totals> {
    let mut out: BTreeMap<J, Totals> = BTreeMap::new();
    for (k, t) in from {
        out.entry(key(&k)).or_default().merge(&t);
    }
    out
}

impl<'a> Fold<'a> {
    pub(super) fn new(
        o: &'a Options<'a>,
        cals: &'a Calendars,
        cur_of: &BTreeMap<usize, Currency>,
        databases: usize,
    ) -> Fold<'a> {
        let to = o.period.to;
        let mut curs: Vec<Option<Currency>> = vec![None];
        let mut cur_idx = HashMap::new();
        for db in 0..databases {
            let c = cur_of.get(&db).copied();
            let i = match curs.iter().position(|x| *x == c) {
                Some(i) => i,
                None => {
                    curs.push(c);
                    curs.len() - 1
                }
            };
            cur_idx.insert(db, i as u8);
        }
        Fold {
            o,
            cals,
            mtd: to.with_day(1).unwrap_or(to),
            ytd: to.with_ordinal(1).unwrap_or(to),
            tables: Tables::default(),
            dealers: Names::default(),
            shift_hours: Names::default(),
            hours_of: HashMap::new(),
            cur_idx,
            curs,
            dbs: BTreeSet::new(),
            detail: match Grain::of(o.period) {
                Grain::Shifts => DetailSums::Shifts {
                    by_shift: BTreeMap::new(),
                    by_day: BTreeMap::new(),
                },
                Grain::Months => DetailSums::Months(BTreeMap::new()),
            },
            to_date: [BTreeMap::new(), BTreeMap::new()],
            period: BTreeMap::new(),
            period_tables: BTreeSet::new(),
            edges: BTreeSet::new(),
            days: BTreeMap::new(),
            per_dealer: BTreeMap::new(),
            dealer_hours: HashSet::new(),
            group: None,
            held: Vec::new(),
            split: BTreeSet::new(),
            theories: HashMap::new(),
            located: HashMap::new(),
            class_of: HashMap::new(),
            summed_to: HashMap::new(),
            ranges_of: HashMap::new(),
            classes: Vec::new(),
            class_ids: HashMap::new(),
        }
    }

    fn cur(&self, db: usize) -> u8 {
        self.cur_idx.get(&db).copied().unwrap_or(0)
    }

    /// Whether a part of this table and dealer passes the report's filters.
    fn passes(&self, table: Id, dealer: Id) -> bool {
        self.o.table.is_none_or(|t| self.tables.name(table) == t)
            && self.o.dealer.is_none_or(|d| self.dealers.name(dealer) == d)
    }

    /// Adds a part's figures (`add`) to every group it belongs to.
    fn add(&mut self, p: Place, edge: Option<f64>, add: impl Fn(&mut Totals)) {
        let (p_from, p_to) = (self.o.period.from, self.o.period.to);
        let c = self.cur(p.db);
        let day = p.at.day;
        let in_period = p_from <= day && day <= p_to;
        if self.o.kind == Kind::Dealers {
            if in_period {
                add(self.per_dealer.entry((p.dealer, c)).or_default());
                self.dealer_hours.insert((p.dealer, c, p.table, p.hour));
            }
            return;
        }
        for (i, start) in [self.mtd, self.ytd].into_iter().enumerate() {
            if start <= day && day <= p_to {
                add(self.to_date[i].entry((p.table, c)).or_default());
            }
        }
        if !in_period {
            return;
        }
        let hours = match self.detail {
            DetailSums::Shifts { .. } => self.hours_id(p),
            DetailSums::Months(_) => 0,
        };
        match &mut self.detail {
            DetailSums::Shifts { by_shift, by_day } => {
                add(by_shift
                    .entry((p.table, c, day, p.at.shift, hours))
                    .or_default());
                add(by_day.entry((p.table, c, day)).or_default());
            }
            DetailSums::Months(m) => add(m.entry((p.table, c, month_of(day))).or_default()),
        }
        add(self.period.entry(c).or_default());
        self.period_tables.insert((c, p.table));
        if let Some(e) = edge {
            self.edges.insert((p.table, e.to_bits()));
        }
        add(self.days.entry((c, day)).or_default());
    }

    /// The id of the hours of a part's shift (its calendar's words), interned once per
    /// (database, shift).
    fn hours_id(&mut self, p: Place) -> Id {
        match self.hours_of.get(&(p.db, p.at.shift)) {
            Some(&h) => h,
            None => {
                let h = self.shift_hours.id(&self.cals.of(p.db).hours(p.at.shift));
                self.hours_of.insert((p.db, p.at.shift), h);
                h
            }
        }
    }

    /// A round read one by one (already filtered: `Ctx::all`).
    pub(super) fn round(&mut self, cx: &Ctx, r: &RoundRow) {
        let theory = cx.th.of(r);
        let place = Place {
            db: r.db,
            table: self.tables.id(r.db, &r.table),
            dealer: self.dealers.id(&r.dealer),
            hour: r.at / 3_600_000,
            at: cx.cals.at(r),
        };
        self.add(place, theory.map(|t| t.theory.edge), |t| t.add(r, theory));
    }

    /// The gaming day and shift of a whole UTC hour of database `db`, if one shift holds
    /// it (`None`: a shift's boundary splits it); located once per calendar and hour.
    fn whole_hour(&mut self, db: usize, hour: i64) -> Option<ShiftAt> {
        let cals = self.cals;
        let cal = cals.of(db);
        // Databases with equal calendars share their located hours.
        let class = *self
            .class_of
            .entry(db)
            .or_insert_with(|| (0..=db).find(|&d| cals.of(d) == cal).unwrap_or(db));
        *self.located.entry((class, hour)).or_insert_with(|| {
            let start = hour * BUCKET_MS;
            let at = cal.locate(start);
            (at == cal.locate(start + BUCKET_MS - 1)).then_some(at)
        })
    }

    /// A kept bucket as the source reads it, in (database, hour) order: held until its
    /// hour is read whole, then folded, or its (hour, database) marked split.
    pub(super) fn bucket(&mut self, t: &TotalRef<'_>, openings: &Openings) {
        if self.summed_to.get(&t.db).is_some_and(|&h| t.key.hour < h) {
            return;
        }
        if self.group != Some((t.db, t.key.hour)) {
            self.end_hour();
            self.group = Some((t.db, t.key.hour));
        }
        let (table, dealer, theory) = self.ids(t, openings);
        self.held.push(Held {
            table,
            dealer,
            theory,
            figures: t.figures,
        });
    }

    /// A kept total's table and dealer ids and the theory of its rules.
    fn ids(&mut self, t: &TotalRef<'_>, openings: &Openings) -> (Id, Id, Option<Theory>) {
        let table = self.tables.id(t.db, t.table);
        let dealer = self.dealers.id(t.dealer);
        let theory = *self
            .theories
            .entry((t.db, table, t.opened_at))
            .or_insert_with(|| {
                t.opened_at
                    .and_then(|at| openings.solved_at(t.db, t.table, at).map(|s| s.theory))
            });
        (table, dealer, theory)
    }

    /// The pre-period ranges of database `db` that may be read summed by the database
    /// (`Source::total_sums`): gaming days `[ytd, min(mtd, from))` (year to date only)
    /// and `[mtd, from)` (month and year to date), as `[first, last]` hours with the
    /// to-date sums they go to (`[month, year]`); none where the summary is not a
    /// summary, or a shift of those days (so also their edges) starts inside an hour —
    /// an hour split by a boundary is read bucket by bucket, as ever.
    pub(super) fn sum_ranges(&mut self, db: usize) -> Vec<SumRange> {
        if self.o.kind != Kind::Summary {
            return Vec::new();
        }
        let from = self.o.period.from;
        let spans = [
            (self.ytd, self.mtd.min(from), [false, true]),
            (self.mtd, from, [true, true]),
        ];
        let cals = self.cals;
        let cal = cals.of(db);
        let class = *self
            .class_of
            .entry(db)
            .or_insert_with(|| (0..=db).find(|&d| cals.of(d) == cal).unwrap_or(db));
        if let Some(r) = self.ranges_of.get(&class) {
            return r.clone();
        }
        let mut out = Vec::new();
        for (a, b, into) in spans {
            if a >= b {
                continue;
            }
            let whole = a.iter_days().take_while(|d| *d <= b).all(|d| {
                (1..=cal.shift_count()).all(|s| cal.start_ms(d, s).rem_euclid(BUCKET_MS) == 0)
            });
            if !whole {
                out.clear();
                break;
            }
            let (lo, hi) = (cal.day_ms(a).0, cal.day_ms(b).0);
            out.push((
                (lo.div_euclid(BUCKET_MS), hi.div_euclid(BUCKET_MS) - 1),
                into,
            ));
        }
        self.ranges_of.insert(class, out.clone());
        out
    }

    /// Whether summed rows of a range can be taken: none holds an uncosted round under
    /// rules with a theory (such an hour is read round by round, so the range is read
    /// bucket by bucket instead).
    pub(super) fn summable(&mut self, rows: &[TotalRow], openings: &Openings) -> bool {
        rows.iter()
            .all(|t| t.figures.uncosted == 0 || self.ids(&t.as_ref(), openings).2.is_none())
    }

    /// Database `db`'s kept totals of a pre-period range summed by (table, dealer,
    /// opening) (`into`: the month's and the year's to-date sums they go to); its visited
    /// buckets before hour `to_hour` are then left out.
    pub(super) fn sum(
        &mut self,
        db: usize,
        rows: &[TotalRow],
        into: [bool; 2],
        to_hour: i64,
        openings: &Openings,
    ) {
        for t in rows {
            self.dbs.insert(db);
            let (table, dealer, theory) = self.ids(&t.as_ref(), openings);
            if !self.passes(table, dealer) {
                continue;
            }
            let c = self.cur(db);
            for (i, _) in into.iter().enumerate().filter(|(_, x)| **x) {
                self.to_date[i]
                    .entry((table, c))
                    .or_default()
                    .add_bucket(&t.figures, theory);
            }
        }
        let h = self.summed_to.entry(db).or_insert(to_hour);
        *h = (*h).max(to_hour);
    }

    /// A long summary's days (a period of more than [`DETAIL_DAYS`] gaming days, from the
    /// year to date's first day or the period's, whichever is first, to its last), one
    /// plan a calendar: what a source can sum by gaming day instead of handing over each
    /// hour's buckets ([`super::long_summary`]). `None` for any other report, one
    /// filtered by table or dealer, or a calendar whose gaming day does not begin on a
    /// whole UTC hour.
    pub(super) fn long_plans(&self, databases: usize) -> Option<Vec<LongPlan>> {
        let o = self.o;
        let plain = o.kind == Kind::Summary && o.table.is_none() && o.dealer.is_none();
        if !plain || Grain::of(o.period) != Grain::Months {
            return None;
        }
        let mut by_cal: Vec<(&Calendar, Vec<usize>)> = Vec::new();
        for db in 0..databases {
            let cal = self.cals.of(db);
            match by_cal.iter_mut().find(|(c, _)| *c == cal) {
                Some((_, dbs)) => dbs.push(db),
                None => by_cal.push((cal, vec![db])),
            }
        }
        by_cal
            .into_iter()
            .map(|(cal, dbs)| self.long_plan(cal, dbs))
            .collect()
    }

    /// [`Fold::long_plans`]' plan of one calendar.
    fn long_plan(&self, cal: &Calendar, dbs: Vec<usize>) -> Option<LongPlan> {
        let (from, to) = (self.o.period.from, self.o.period.to);
        let first = self.ytd.min(from);
        let hour = |ms: i64| (ms.rem_euclid(BUCKET_MS) == 0).then(|| ms.div_euclid(BUCKET_MS));
        let (mut starts, mut segs, mut days, mut seg_first) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for day in first.iter_days().take_while(|d| *d <= to) {
            starts.push(hour(cal.day_ms(day).0)?);
            if day == first || day.day() == 1 || day == from {
                seg_first.push(day);
            }
            segs.push(seg_first.len() as u32 - 1);
            days.push(day);
        }
        starts.push(hour(cal.day_ms(to).1)?);
        Some(LongPlan {
            dbs,
            starts,
            segs,
            days,
            seg_first,
        })
    }

    /// The class of a table opening's rounds for a long summary's chart by day: its
    /// database's currency and its rules' theory, interned.
    pub(super) fn chart_class(
        &mut self,
        openings: &Openings,
        db: usize,
        table: &str,
        opened_at: Option<i64>,
    ) -> DayClass {
        let c = self.cur(db);
        let theory = opened_at.and_then(|at| openings.solved_at(db, table, at).map(|s| s.theory));
        let bits = theory.map(|t| [t.edge, t.hold, t.sd, t.rho, t.staked].map(f64::to_bits));
        let id = *self.class_ids.entry((c, bits)).or_insert_with(|| {
            self.classes.push((c, theory));
            self.classes.len() as u32 - 1
        });
        DayClass {
            id,
            theory: theory.is_some(),
        }
    }

    /// Whether a long summary's sums can be taken: no part holds an uncosted round under
    /// rules with a theory (such rounds are read one by one: the report reads the
    /// buckets instead).
    pub(super) fn long_summable(&self, sums: &DaySums, openings: &Openings) -> bool {
        sums.parts.iter().all(|p| {
            p.figures.uncosted == 0
                || p.opened_at
                    .and_then(|at| openings.solved_at(p.db, &p.table, at))
                    .is_none()
        })
    }

    /// A long summary's sums of one plan ([`LongPlan`]), taken into the groups a bucket
    /// of their days would go to (`Fold::add`: the detail by month, the period's, the
    /// to-date sums; the chart's days from the per-class rows).
    pub(super) fn take_long(&mut self, plan: &LongPlan, sums: &DaySums, openings: &Openings) {
        let (from, to) = (self.o.period.from, self.o.period.to);
        for p in &sums.parts {
            self.dbs.insert(p.db);
            let table = self.tables.id(p.db, &p.table);
            let theory = p
                .opened_at
                .and_then(|at| openings.solved_at(p.db, &p.table, at).map(|s| s.theory));
            let Some(&day) = plan.seg_first.get(p.seg as usize) else {
                continue;
            };
            let c = self.cur(p.db);
            for (i, start) in [self.mtd, self.ytd].into_iter().enumerate() {
                if start <= day && day <= to {
                    let sum = self.to_date[i].entry((table, c)).or_default();
                    sum.add_bucket(&p.figures, theory);
                }
            }
            if day < from {
                continue;
            }
            if let DetailSums::Months(m) = &mut self.detail {
                let sum = m.entry((table, c, month_of(day))).or_default();
                sum.add_bucket(&p.figures, theory);
            }
            self.period
                .entry(c)
                .or_default()
                .add_bucket(&p.figures, theory);
            self.period_tables.insert((c, table));
            if let Some(t) = theory {
                self.edges.insert((table, t.edge.to_bits()));
            }
        }
        for &(cls, g, ref f) in &sums.days {
            let (Some(&(c, theory)), Some(&day)) =
                (self.classes.get(cls as usize), plan.days.get(g))
            else {
                continue;
            };
            if from <= day {
                self.days.entry((c, day)).or_default().add_bucket(f, theory);
            }
        }
    }

    /// Decides the hour being read: folds its buckets whole, or marks it split (a shift's
    /// boundary inside it, or a bucket whose rules have a theory holds an uncosted round).
    pub(super) fn end_hour(&mut self) {
        let Some((db, hour)) = self.group.take() else {
            return;
        };
        let held = std::mem::take(&mut self.held);
        let uncosted = held
            .iter()
            .any(|h| h.figures.uncosted > 0 && h.theory.is_some());
        match self.whole_hour(db, hour) {
            Some(at) if !uncosted => {
                self.dbs.insert(db);
                for h in &held {
                    if !self.passes(h.table, h.dealer) {
                        continue;
                    }
                    let place = Place {
                        db,
                        table: h.table,
                        dealer: h.dealer,
                        hour,
                        at,
                    };
                    let edge = h.theory.map(|x| x.edge);
                    self.add(place, edge, |t| t.add_bucket(&h.figures, h.theory));
                }
            }
            _ => {
                self.split.insert((hour, db));
            }
        }
        self.held = held;
        self.held.clear();
    }

    /// The groups named, the currency keyed as the report keys it (`ck`).
    pub(super) fn finish(mut self, ck: impl Fn(Option<Currency>) -> Option<String>) -> Folded {
        self.end_hour();
        let Fold {
            tables,
            dealers,
            shift_hours: hours,
            curs,
            mtd,
            ytd,
            detail,
            to_date: [to_mtd, to_ytd],
            period: per_cur,
            period_tables,
            edges: edge_bits,
            days,
            per_dealer,
            dealer_hours: worked,
            ..
        } = self;
        let ck = |c: &u8| ck(curs[usize::from(*c)]);
        let t = |id: &Id| tables.key(*id).clone();
        let mut period: BTreeMap<Option<String>, (Totals, usize)> = BTreeMap::new();
        for (c, tot) in &per_cur {
            period.entry(ck(c)).or_default().0.merge(tot);
        }
        let named: BTreeSet<(Option<String>, &TableKey)> = period_tables
            .iter()
            .map(|(c, id)| (ck(c), tables.key(*id)))
            .collect();
        for (c, _) in named {
            period.entry(c).or_default().1 += 1;
        }
        let mut edges: Vec<(TableKey, f64)> = edge_bits
            .iter()
            .map(|(id, bits)| (t(id), f64::from_bits(*bits)))
            .collect();
        edges.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
        edges.dedup_by(|a, b| a.0 == b.0 && a.1.to_bits() == b.1.to_bits());
        let mut dealer_hours: BTreeMap<(String, Option<String>), i64> = BTreeMap::new();
        let distinct: BTreeSet<(&str, Option<String>, &TableKey, i64)> = worked
            .iter()
            .map(|(d, c, tb, h)| (dealers.name(*d), ck(c), tables.key(*tb), *h))
            .collect();
        for (d, c, _, _) in distinct {
            *dealer_hours.entry((d.to_string(), c)).or_default() += 1;
        }
        Folded {
            detail: match detail {
                DetailSums::Shifts { by_shift, by_day } => Detail::Shifts {
                    by_shift: regroup(by_shift, |(tb, c, d, s, h)| {
                        (t(tb), ck(c), *d, *s, hours.name(*h).to_string())
                    }),
                    by_day: regroup(by_day, |(tb, c, d)| (t(tb), ck(c), *d)),
                },
                DetailSums::Months(m) => {
                    Detail::Months(regroup(m, |(tb, c, m)| (t(tb), ck(c), *m)))
                }
            },
            to_date: [
                (mtd, regroup(to_mtd, |(tb, c)| (t(tb), ck(c)))),
                (ytd, regroup(to_ytd, |(tb, c)| (t(tb), ck(c)))),
            ],
            period,
            edges,
            days: regroup(days, |(c, d)| (ck(c), *d)),
            per_dealer: regroup(per_dealer, |(d, c)| (dealers.name(*d).to_string(), ck(c))),
            dealer_hours,
        }
    }
}
