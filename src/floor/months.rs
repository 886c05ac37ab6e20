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

/// A range of whole days `from..=to` as the to-date sums read it: the days before its
/// first whole month (`head`, from `day_totals`), its whole months (`months`, from
/// `month_totals`), the days after its last (`tail`). A part with nothing in it is
/// [`NONE`]; a range without a whole month is all `head`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct MonthSplit {
    pub head: (i64, i64),
    pub months: (i64, i64),
    pub tail: (i64, i64),
}

pub(super) fn split_months((from, to): (i64, i64)) -> MonthSplit {
    let all = MonthSplit {
        head: if from > to { NONE } else { (from, to) },
        months: NONE,
        tail: NONE,
    };
    if from > to {
        return all;
    }
    let (m0, m1) = (month_of_day(from), month_of_day(to));
    let first = if first_day(m0) == Some(from) {
        m0
    } else {
        m0.saturating_add(1)
    };
    let next_of_last = m1.checked_add(1).and_then(first_day);
    let last = if next_of_last.and_then(|d| d.checked_sub(1)) == Some(to) {
        m1
    } else {
        m1.saturating_sub(1)
    };
    let (Some(start), Some(end)) = (first_day(first), last.checked_add(1).and_then(first_day))
    else {
        return all;
    };
    if first > last {
        return all;
    }
    let part = |a: i64, b: i64| if a <= b { (a, b) } else { NONE };
    MonthSplit {
        head: part(from, start - 1),
        months: (first, last),
        tail: part(end, to),
    }
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
        let cases = [
            // January whole; January and February whole with days either side.
            ((jan, feb - 1), (NONE, (672, 672), NONE)),
            (
                (jan - 3, mar + 4),
                ((jan - 3, jan - 1), (672, 673), (mar, mar + 4)),
            ),
            // A January to date: no whole month; February 2 to April 1: March.
            ((jan, jan + 30 - 1), ((jan, jan + 29), NONE, NONE)),
            ((feb + 1, apr), ((feb + 1, mar - 1), (674, 674), (apr, apr))),
            // One day, and empty.
            ((feb, feb), ((feb, feb), NONE, NONE)),
            ((feb, feb - 1), (NONE, NONE, NONE)),
        ];
        for ((from, to), (head, months, tail)) in cases {
            assert_eq!(
                split_months((from, to)),
                MonthSplit { head, months, tail },
                "{from}..={to}"
            );
        }
    }

    /// Every day of the range in exactly one part, none outside it in any, a month only
    /// whole: over ranges around 1970 and across a leap February.
    #[test]
    fn the_parts_cover_the_days_exactly_once() {
        let within = |(a, b): (i64, i64), x: i64| a <= x && x <= b;
        for base in [-70, 11_000] {
            for from in base..base + 40 {
                for to in from - 1..from + 100 {
                    let s = split_months((from, to));
                    for d in from - 40..to + 40 {
                        let n = [
                            within(s.head, d),
                            within(s.months, month_of_day(d)),
                            within(s.tail, d),
                        ]
                        .iter()
                        .filter(|x| **x)
                        .count();
                        assert_eq!(
                            n,
                            usize::from(from <= d && d <= to),
                            "day {d} of {from}..={to}: {s:?}"
                        );
                    }
                }
            }
        }
    }
}
