//! A chart's vertical scale: round ticks (1, 2 or 5 times a power of ten) spread so that
//! no two labels collide, and the range they span. Pure arithmetic; it draws nothing.

/// The least distance between two tick labels' baselines, in pixels: a 10-pixel label
/// and a gap.
pub(crate) const MIN_GAP: f64 = 14.0;

/// At most this many intervals between ticks, however tall the chart.
const MOST_INTERVALS: f64 = 6.0;

/// The vertical scale: from `min` to `max` (both ticks, zero always among them) in steps
/// of `step`, written with `places` decimals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Scale {
    pub(crate) min: f64,
    pub(crate) max: f64,
    step: f64,
    /// `min / step` and `max / step`, whole numbers.
    from: i64,
    to: i64,
    pub(crate) places: usize,
}

/// The round steps from `raw` up: 1, 2 and 5 times a power of ten, with the decimals a
/// label of that step needs.
fn steps_from(raw: f64) -> impl Iterator<Item = (f64, usize)> {
    let start = if raw > 0.0 && raw.is_finite() {
        raw.log10().floor() as i32
    } else {
        0
    };
    (start..start + 40).flat_map(|e| {
        [1.0, 2.0, 5.0].map(|m| (m * 10f64.powi(e), usize::try_from(-e).unwrap_or(0)))
    })
}

impl Scale {
    /// A scale for values from `lo` to `hi` (zero is added) drawn `height` pixels tall.
    pub(crate) fn of(lo: f64, hi: f64, height: f64) -> Scale {
        let (lo, hi) = if lo.is_finite() && hi.is_finite() {
            (lo.min(0.0), hi.max(0.0))
        } else {
            (0.0, 0.0)
        };
        // Two intervals always fit values on both sides of zero.
        let most = (height / MIN_GAP).floor().clamp(2.0, MOST_INTERVALS);
        let span = if hi > lo { hi - lo } else { 1.0 };
        for (step, places) in steps_from(span / most) {
            let from = (lo / step).floor();
            let to = (hi / step).ceil();
            if to - from <= most && step >= span / most {
                let to = if to > from { to } else { from + 1.0 };
                return Scale {
                    min: from * step,
                    max: to * step,
                    step,
                    from: from as i64,
                    to: to as i64,
                    places,
                };
            }
        }
        // Not reached (a step of the whole span fits in two intervals); kept total.
        let from = (lo / span).floor();
        let to = (hi / span).ceil().max(from + 1.0);
        Scale {
            min: from * span,
            max: to * span,
            step: span,
            from: from as i64,
            to: to as i64,
            places: 0,
        }
    }

    /// The ticks, from the bottom up (zero among them, written `0`, never `-0`).
    pub(crate) fn ticks(&self) -> Vec<f64> {
        (self.from..=self.to)
            .map(|k| if k == 0 { 0.0 } else { k as f64 * self.step })
            .collect()
    }

    /// Where `v` is drawn between `top` and `bottom`.
    pub(crate) fn y(&self, v: f64, top: f64, bottom: f64) -> f64 {
        top + (self.max - v) / (self.max - self.min) * (bottom - top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Charts' ranges that were drawn with colliding labels (a house win of 2 over a loss
    /// of 300, a win rate of 11.29 over -0.4), and the edges: nothing, tiny, huge.
    const RANGES: [(f64, f64); 12] = [
        (-300.0, 2.0),
        (-5509.0, 89446.27),
        (-0.4, 11.29),
        (0.0, 0.0),
        (0.0, 0.003),
        (-0.001, 0.0),
        (-1e12, 3.0),
        (7.0, 7.0),
        (0.0, 1.0),
        (-99.99, 99.99),
        (0.0, f64::NAN),
        (-1.0, 1e-9),
    ];

    #[test]
    fn tick_labels_never_collide_and_cover_the_values() {
        for height in [170.0, 100.0, 40.0, 28.0] {
            for (lo, hi) in RANGES {
                let s = Scale::of(lo, hi, height);
                let ticks = s.ticks();
                assert!(
                    ticks.contains(&0.0),
                    "{lo}..{hi}: zero is a tick: {ticks:?}"
                );
                assert!(ticks.len() >= 2, "{lo}..{hi}: {ticks:?}");
                if lo.is_finite() && hi.is_finite() {
                    assert!(
                        s.min <= lo.min(0.0) && s.max >= hi.max(0.0),
                        "{lo}..{hi}: {s:?}"
                    );
                }
                let ys: Vec<f64> = ticks.iter().map(|&v| s.y(v, 26.0, 26.0 + height)).collect();
                for w in ys.windows(2) {
                    assert!(
                        w[0] - w[1] >= MIN_GAP - 1e-9,
                        "{lo}..{hi} at {height}px: labels at {ys:?} collide"
                    );
                }
                let labels: Vec<String> =
                    ticks.iter().map(|v| format!("{v:.*}", s.places)).collect();
                let mut unique = labels.clone();
                unique.dedup();
                assert_eq!(unique, labels, "{lo}..{hi}: two ticks read the same");
                assert!(!labels.iter().any(|l| l == "-0"), "{labels:?}");
            }
        }
    }

    #[test]
    fn ticks_are_round_numbers() {
        let s = Scale::of(-300.0, 2.0, 170.0);
        assert_eq!(s.ticks(), vec![-300.0, -200.0, -100.0, 0.0, 100.0]);
        assert_eq!(s.places, 0);
        let s = Scale::of(-0.4, 11.29, 170.0);
        assert_eq!(s.ticks(), vec![-5.0, 0.0, 5.0, 10.0, 15.0]);
        let s = Scale::of(0.0, 0.003, 170.0);
        assert!(s.places >= 3, "{s:?}");
    }
}
