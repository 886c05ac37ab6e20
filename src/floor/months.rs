//! UTC months as the floor keeps its totals by them (floor schema 15, `month_totals`):
//! month `m` is the `m`-th month after January 1970 (−1: December 1969), day `d` the
//! `d`-th day after 1970-01-01 (`day_totals`' key), in the proleptic Gregorian calendar,
//! computed in integers (H. Hinnant's civil-date algorithms), exactly as
//! `croupier.month_of_day` computes it on the server, so that no day is out of a
//! timestamp's range on either side. And a range of whole days split into the days before
//! its first whole month, its whole months, and the days after its last.

/// A part with nothing in it: no key `x` has `1 <= x <= 0`.
pub(super) const NONE: (i64, i64) = (1, 0);

/// The UTC month of day `d` (days since 1970-01-01), as months since January 1970.
pub(super) fn month_of_day(d: i64) -> i64 {
    let z = i128::from(d) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let mp = (5 * (doe - (365 * yoe + yoe / 4 - yoe / 100)) + 2) / 153;
    let (year, month0) = if mp < 10 {
        (era * 400 + yoe, mp + 2)
    } else {
        (era * 400 + yoe + 1, mp - 10)
    };
    // |d| < 2^63 days is under 2^55 years: the month index fits an i64.
    i64::try_from((year - 1970) * 12 + month0).unwrap_or(if d < 0 { i64::MIN } else { i64::MAX })
}

/// The first day of month `m` (months since January 1970), in days since 1970-01-01;
/// `None` past an i64's days.
pub(super) fn first_day(m: i64) -> Option<i64> {
    let m = i128::from(m);
    let (mut y, month) = (1970 + m.div_euclid(12), m.rem_euclid(12) + 1);
    if month <= 2 {
        y -= 1;
    }
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = if month > 2 { month - 3 } else { month + 9 };
    let doy = (153 * mp + 2) / 5;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    i64::try_from(era * 146_097 + doe - 719_468).ok()
}

/// A range of whole days `from..=to` as the to-date sums read it: whole months
/// (`months`, from `month_totals`), plus the days `add` (from `day_totals`), less the days
/// `sub` (lying in those months): every day of the range counted once, no other day at
/// all. At each edge the fewer day rows are read: a range from the 2nd of a month to past
/// its end reads the month less its 1st day, not its 30 other days (a gaming day starting
/// at 06:00 makes every to-date range start on the 2nd: its first day's early hours are
/// the day before's). A part with nothing in it is [`NONE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct MonthSplit {
    pub months: (i64, i64),
    pub add: [(i64, i64); 2],
    pub sub: [(i64, i64); 2],
}

pub(super) fn split_months((from, to): (i64, i64)) -> MonthSplit {
    let direct = MonthSplit {
        months: NONE,
        add: [if from > to { NONE } else { (from, to) }, NONE],
        sub: [NONE, NONE],
    };
    if from > to {
        return direct;
    }
    split_at_months(from, to).unwrap_or(direct)
}

/// [`split_months`] of a range that is not empty; `None` where a month's first day is
/// past an i64's days (then the days are read as they are).
fn split_at_months(from: i64, to: i64) -> Option<MonthSplit> {
    let part = |a: i64, b: i64| if a <= b { (a, b) } else { NONE };
    let (m0, m1) = (month_of_day(from), month_of_day(to));
    let (f0, after0) = (first_day(m0)?, first_day(m0.checked_add(1)?)?);
    let (f1, after1) = (first_day(m1)?, first_day(m1.checked_add(1)?)?);
    if m0 == m1 {
        // Within one month: its days, or the month less the days around them.
        let around = (from - f0) + (after1 - 1 - to);
        return Some(if around < to - from + 1 {
            MonthSplit {
                months: (m0, m0),
                add: [NONE, NONE],
                sub: [part(f0, from - 1), part(to + 1, after1 - 1)],
            }
        } else {
            MonthSplit {
                months: NONE,
                add: [(from, to), NONE],
                sub: [NONE, NONE],
            }
        });
    }
    // The first month whole less its days before `from`, or its days from `from` on.
    let (lo, head_add, head_sub) = if from - f0 < after0 - from {
        (m0, NONE, part(f0, from - 1))
    } else {
        (m0 + 1, (from, after0 - 1), NONE)
    };
    // The last month whole less its days after `to`, or its days up to `to`.
    let (hi, tail_add, tail_sub) = if after1 - 1 - to < to - f1 + 1 {
        (m1, NONE, part(to + 1, after1 - 1))
    } else {
        (m1 - 1, (f1, to), NONE)
    };
    Some(MonthSplit {
        months: part(lo, hi),
        add: [head_add, tail_add],
        sub: [head_sub, tail_sub],
    })
}

#[cfg(test)]
mod tests {
    use super::{MonthSplit, NONE, first_day, month_of_day, split_months};

    /// Days of known dates (days since 1970-01-01) and their months.
    #[test]
    fn known_days_fall_in_their_months() {
        let cases = [
            (0, 0),              // 1970-01-01
            (30, 0),             // 1970-01-31
            (31, 1),             // 1970-02-01
            (-1, -1),            // 1969-12-31
            (-31, -1),           // 1969-12-01
            (-32, -2),           // 1969-11-30
            (11_016, 361),       // 2000-02-29
            (11_017, 362),       // 2000-03-01
            (20_454, 672),       // 2026-01-01
            (20_485, 673),       // 2026-02-01
            (20_513, 674),       // 2026-03-01
            (-719_468, -23_638), // 0000-03-01
        ];
        for (day, month) in cases {
            assert_eq!(month_of_day(day), month, "day {day}");
        }
        assert_eq!(first_day(672), Some(20_454));
        assert_eq!(first_day(674), Some(20_513));
        assert_eq!(first_day(-1), Some(-31));
    }

    /// Every day from 1900 to 2100 is in the month whose first day is at or before it and
    /// whose next month's first day is after it; months run 28 to 31 days.
    #[test]
    fn every_day_lies_in_its_month() {
        for d in -25_567..47_482 {
            let m = month_of_day(d);
            let (a, b) = (first_day(m).unwrap(), first_day(m + 1).unwrap());
            assert!(a <= d && d < b, "day {d} month {m}: {a}..{b}");
            assert!((28..=31).contains(&(b - a)), "month {m}: {} days", b - a);
        }
        // And at an i64's edges: no panic, a month either side.
        assert!(month_of_day(i64::MIN) < 0 && month_of_day(i64::MAX) > 0);
    }

    #[test]
    fn a_range_of_days_splits_into_whole_months_and_edge_days() {
        let jan = first_day(672).unwrap(); // 2026-01-01
        let feb = first_day(673).unwrap();
        let mar = first_day(674).unwrap();
        let apr = first_day(675).unwrap();
        let add = |a: (i64, i64), b: (i64, i64)| [a, b];
        let cases = [
            // January whole; January and February whole with a few days either side.
            (
                (jan, feb - 1),
                ((672, 672), add(NONE, NONE), add(NONE, NONE)),
            ),
            (
                (jan - 3, mar + 4),
                (
                    (672, 673),
                    add((jan - 3, jan - 1), (mar, mar + 4)),
                    add(NONE, NONE),
                ),
            ),
            // A gaming day's January to date (the 2nd to the 31st): January less its 1st.
            (
                (jan + 1, feb - 1),
                ((672, 672), add(NONE, NONE), add((jan, jan), NONE)),
            ),
            // January's first 29 days: January less its last 2; its first 10: themselves.
            (
                (jan, jan + 28),
                ((672, 672), add(NONE, NONE), add(NONE, (jan + 29, feb - 1))),
            ),
            (
                (jan, jan + 9),
                (NONE, add((jan, jan + 9), NONE), add(NONE, NONE)),
            ),
            // February 2 to April 1: February less its 1st, March, April 1 added.
            (
                (feb + 1, apr),
                ((673, 674), add(NONE, (apr, apr)), add((feb, feb), NONE)),
            ),
            // One day, and empty.
            ((feb, feb), (NONE, add((feb, feb), NONE), add(NONE, NONE))),
            ((feb, feb - 1), (NONE, add(NONE, NONE), add(NONE, NONE))),
        ];
        for ((from, to), (months, add, sub)) in cases {
            assert_eq!(
                split_months((from, to)),
                MonthSplit { months, add, sub },
                "{from}..={to}"
            );
        }
    }

    /// Every day of the range counted exactly once (added, or in a month added and not
    /// taken away), every day outside it not at all, a day taken away only from a month
    /// added: over ranges around 1970, across a leap February, and near an i64's edges.
    #[test]
    fn the_parts_count_each_day_exactly_once() {
        let within = |(a, b): (i64, i64), x: i64| a <= x && x <= b;
        let count = |s: &MonthSplit, d: i64| -> i64 {
            let plus = s.add.iter().filter(|p| within(**p, d)).count() as i64
                + i64::from(within(s.months, month_of_day(d)));
            let minus = s.sub.iter().filter(|p| within(**p, d)).count() as i64;
            assert!(
                minus == 0 || within(s.months, month_of_day(d)),
                "day {d}: {s:?}"
            );
            plus - minus
        };
        for base in [-70, 11_000] {
            for from in base..base + 40 {
                for to in from - 1..from + 100 {
                    let s = split_months((from, to));
                    for d in from - 40..to + 40 {
                        let want = i64::from(from <= d && d <= to);
                        assert_eq!(count(&s, d), want, "day {d} of {from}..={to}: {s:?}");
                    }
                }
            }
        }
        let edge = i64::MAX / 24;
        let s = split_months((edge - 100, edge));
        for d in edge - 140..=edge {
            assert_eq!(count(&s, d), i64::from(d >= edge - 100), "day {d}: {s:?}");
        }
    }
}
