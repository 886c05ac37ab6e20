//! The canonical texts of the two play events read a round at a time — a `round_started`'s
//! bets and a `round_settled`'s nets and cost — read byte by byte without the JSON reader
//! (issue 22: the reader was a fifth of verify's replay; issue 25: of the rounds report).
//! Owns only the exact forms `RoundStarted` and `RoundSettled` serialize to: keys in their
//! order, no whitespace, strings without escapes, whole numbers. Anything not exactly in
//! that form is `None`, and the caller reads it with the JSON reader. Two kinds of
//! caller: verify's (`payload::view::started_bets` and `settled_nets_match`: `settled`
//! reads a settlement's nets and cost only) and the reports', strict (a start by
//! `payload::view::started_strictly`, a settlement by `report::query` through
//! `settled_strictly`: no figure out of its type's range). It must never take a text
//! otherwise than its caller's JSON reader would. Reads only; knows no event or report.

/// A cursor over a text's bytes.
struct Bytes<'a> {
    b: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// Takes `lit` if the text goes on with it.
    fn lit(&mut self, lit: &str) -> Option<()> {
        self.b = self.b.strip_prefix(lit.as_bytes())?;
        Some(())
    }

    /// Whether the text goes on with `lit` (taken if so).
    fn eat(&mut self, lit: &str) -> bool {
        self.lit(lit).is_some()
    }

    /// A string's body up to its closing quote (taken too): no escape, no control byte.
    fn string(&mut self) -> Option<&'a str> {
        let end = self.b.iter().position(|&c| c == b'"')?;
        let (body, rest) = self.b.split_at(end);
        if body.iter().any(|&c| c == b'\\' || c < 0x20) {
            return None;
        }
        self.b = &rest[1..];
        // A prefix of UTF-8 text ending before an ASCII quote is UTF-8 itself.
        std::str::from_utf8(body).ok()
    }

    /// A whole number as JSON writes one (`-?(0|[1-9][0-9]*)`), of at most 18 digits
    /// (so that it fits an `i64`); `-0` is not taken.
    fn whole(&mut self) -> Option<i64> {
        let neg = self.eat("-");
        let n = self.b.iter().take_while(|c| c.is_ascii_digit()).count();
        let digits = &self.b[..n];
        if n == 0 || n > 18 || (digits[0] == b'0' && (n > 1 || neg)) {
            return None;
        }
        // A fraction or an exponent: not the plain form.
        if matches!(self.b.get(n), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        self.b = &self.b[n..];
        let v = digits
            .iter()
            .fold(0i64, |v, d| v * 10 + i64::from(d - b'0'));
        Some(if neg { -v } else { v })
    }

    fn done(&self) -> bool {
        self.b.is_empty()
    }
}

/// The keys a settlement writes between its dealer's cards and its cost, in order, each
/// with a whole number, and what `RoundSettled` reads each as.
const SETTLED_FIGURES: [(&str, Figure); 12] = [
    (",\"handle\":", Figure::Amount),
    (",\"paid\":", Figure::Amount),
    (",\"insurance_taken\":", Figure::Amount),
    (",\"insurance_paid\":", Figure::Amount),
    (",\"even_money\":", Figure::Count),
    (",\"splits\":", Figure::Count),
    (",\"buys\":", Figure::Count),
    (",\"pontoons\":", Figure::Count),
    (",\"five_card_tricks\":", Figure::Count),
    (",\"three_of_a_kinds\":", Figure::Count),
    (",\"surrenders\":", Figure::Count),
    (",\"max_net\":", Figure::Amount),
];

/// What a settlement's figure is read as by `Payload::parse`.
#[derive(Clone, Copy)]
enum Figure {
    /// `Money` in whole units: its cents must fit an `i64`.
    Amount,
    /// A `u32`.
    Count,
}

impl Figure {
    /// Whether `Payload::parse` takes `n` (whole, as written) for this figure.
    fn takes(self, n: i64) -> bool {
        match self {
            Figure::Amount => n.checked_mul(100).is_some(),
            Figure::Count => u32::try_from(n).is_ok(),
        }
    }
}

/// A `round_settled` text in its canonical form: each net (bet id, whole units as
/// written) in order, through `net`, and the cost it logs (`None`: none). `None` when the
/// text is not exactly that form, or `net` says stop. Its other figures are not checked
/// against their types (verify's reading of a settlement reads only its nets and cost).
pub(crate) fn settled<'a>(
    text: &'a str,
    net: impl FnMut(usize, &'a str, i64) -> bool,
) -> Option<Option<i64>> {
    settled_as(text, net, false)
}

/// [`settled`], and `None` too when a figure (the house's net, an amount, a count) is
/// out of what `Payload::parse` takes for it: a text this reads, the strict reader reads
/// (the reports' reading, which must refuse what it refuses).
pub(crate) fn settled_strictly<'a>(
    text: &'a str,
    net: impl FnMut(usize, &'a str, i64) -> bool,
) -> Option<Option<i64>> {
    settled_as(text, net, true)
}

/// [`settled`], its figures checked against their types if `strict`.
fn settled_as<'a>(
    text: &'a str,
    mut net: impl FnMut(usize, &'a str, i64) -> bool,
    strict: bool,
) -> Option<Option<i64>> {
    let taken = |f: Figure, n: i64| (!strict || f.takes(n)).then_some(());
    let mut t = Bytes { b: text.as_bytes() };
    t.lit("{\"nets\":[")?;
    let mut i = 0;
    loop {
        t.lit("{\"id\":\"")?;
        let id = t.string()?;
        t.lit(",\"net\":")?;
        if !net(i, id, t.whole()?) {
            return None;
        }
        t.lit("}")?;
        i += 1;
        if !t.eat(",") {
            break;
        }
    }
    t.lit("],\"house_net\":")?;
    taken(Figure::Amount, t.whole()?)?;
    t.lit(",\"dealer\":[")?;
    if !t.eat("]") {
        loop {
            t.lit("\"")?;
            t.string()?;
            if t.eat("]") {
                break;
            }
            t.lit(",")?;
        }
    }
    for (key, figure) in SETTLED_FIGURES {
        t.lit(key)?;
        taken(figure, t.whole()?)?;
    }
    let cost = match t.eat(",\"cost\":") {
        true => Some(t.whole()?),
        false => None,
    };
    t.lit("}")?;
    t.done().then_some(cost)
}

/// A `round_started` text in its canonical form: its bets (id, box, whole units as
/// written) in order; `None` when the text is not exactly that form.
pub(crate) fn started(text: &str) -> Option<Vec<(&str, u8, i64)>> {
    let mut t = Bytes { b: text.as_bytes() };
    t.lit("{\"bets\":[")?;
    let mut bets = Vec::with_capacity(8);
    loop {
        t.lit("{\"id\":\"")?;
        let id = t.string()?;
        t.lit(",\"box\":")?;
        let box_no = u8::try_from(t.whole()?).ok()?;
        t.lit(",\"stake\":")?;
        bets.push((id, box_no, t.whole()?));
        t.lit("}")?;
        if !t.eat(",") {
            break;
        }
    }
    t.lit("],\"shoe\":")?;
    t.whole()?;
    t.lit("}")?;
    t.done().then_some(bets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::payload::{RoundSettled, RoundStarted};

    const SETTLED: &str = r#"{"nets":[{"id":"4a","net":100},{"id":"4b","net":-70}],"house_net":-30,"dealer":["2d","Jh","Kh"],"handle":120,"paid":150,"insurance_taken":0,"insurance_paid":0,"even_money":0,"splits":0,"buys":2,"pontoons":0,"five_card_tricks":0,"three_of_a_kinds":0,"surrenders":0,"max_net":100"#;

    /// Each bet's id and net (cents), and the cost.
    type Read = (Vec<(String, i64)>, Option<i64>);

    fn nets(text: &str) -> Option<Read> {
        let mut nets = Vec::new();
        let cost = settled(text, |_, id, units| {
            nets.push((id.to_string(), units * 100));
            true
        })?;
        Some((nets, cost))
    }

    /// What the JSON reader makes of the same text (`None`: it does not read).
    fn nets_by_json(text: &str) -> Option<Read> {
        let s: RoundSettled = serde_json::from_str(text).ok()?;
        let nets = s.nets.iter().map(|n| (n.id.clone(), n.net.cents()));
        Some((nets.collect(), s.cost))
    }

    /// Each text, and whether it is the plain form: where it is, the JSON reader reads
    /// the same nets and cost from it; where it is not, the caller reads it as before.
    #[test]
    fn a_settlement_is_read_plain_only_in_its_canonical_form() {
        let with = |tail: &str| format!("{SETTLED}{tail}");
        let cases: Vec<(String, bool)> = vec![
            (with("}"), true),
            (with(",\"cost\":40014025450}"), true),
            (with(",\"cost\":-12}"), true),
            (with(",\"cost\":0}"), true),
            (SETTLED.replace("[\"2d\",\"Jh\",\"Kh\"]", "[]") + "}", true),
            (with(",\"cost\":-0}"), false),
            (with(",\"cost\":012}"), false),
            (with(",\"cost\":1.5}"), false),
            (with(",\"cost\":1e3}"), false),
            (with(",\"cost\":1234567890123456789}"), false),
            (with(",\"cost\":1,\"cost\":2}"), false),
            (with(",\"cost\":null}"), false),
            (with(",\"more\":1}"), false),
            (with("} "), false),
            (with("}}"), false),
            (with(""), false),
            (SETTLED.replace("\"net\":100", "\"net\":100.5") + "}", false),
            (SETTLED.replace("\"net\":100", "\"net\":1e2") + "}", false),
            (SETTLED.replace("\"net\":100", "\"net\": 100") + "}", false),
            (SETTLED.replace("\"4a\"", "\"4\\u0061\"") + "}", false),
            (SETTLED.replace("\"4a\"", "\"4\ta\"") + "}", false),
            (SETTLED.replace(",\"surrenders\":0", "") + "}", false),
            (
                SETTLED.replace("\"splits\":0", "\"splits\":-0") + "}",
                false,
            ),
            (SETTLED.replace("{\"nets\":[", "{\"nets\" :[") + "}", false),
            (
                format!(
                    "{{\"nets\":[]{}}}",
                    &SETTLED[SETTLED.find("],\"house").unwrap() + 1..]
                ),
                false,
            ),
        ];
        for (text, plain) in cases {
            let got = nets(&text);
            assert_eq!(got.is_some(), plain, "{text}");
            if let Some(got) = got {
                assert_eq!(Some(got), nets_by_json(&text), "{text}");
            }
        }
    }

    /// The forms above are what the payloads write (else the plain reader would never
    /// be taken, and verify would be as slow as before without a test saying so).
    #[test]
    fn the_canonical_forms_are_what_the_payloads_write() {
        for text in [format!("{SETTLED}}}"), format!("{SETTLED},\"cost\":7}}")] {
            let s: RoundSettled = serde_json::from_str(&text).unwrap();
            assert_eq!(serde_json::to_string(&s).unwrap(), text);
        }
        let text = r#"{"bets":[{"id":"4a","box":4,"stake":50}],"shoe":3}"#;
        let s: RoundStarted = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&s).unwrap(), text);
    }

    /// Read strictly, a settlement whose figure is out of what its type holds (a count
    /// out of a `u32`, an amount whose cents overflow an `i64`) is not read plain, as the
    /// strict reader does not read it; read for verify (its nets and cost only), it is.
    #[test]
    fn a_settlement_read_strictly_is_one_the_strict_reader_reads() {
        let text = format!("{SETTLED}}}");
        let keys = ["house_net"]
            .into_iter()
            .chain(SETTLED_FIGURES.map(|(k, _)| &k[2..k.len() - 2]));
        let values = [
            "0",
            "-1",
            "4294967295",
            "4294967296",
            "92233720368547758",
            "92233720368547759",
            "-92233720368547758",
            "-92233720368547759",
            "999999999999999999",
        ];
        let mut refused = 0;
        for key in keys {
            let at = text.find(&format!("\"{key}\":")).unwrap() + key.len() + 3;
            let end = at + text[at..].find([',', '}']).unwrap();
            for v in values {
                let t = format!("{}{v}{}", &text[..at], &text[end..]);
                let strict = serde_json::from_str::<RoundSettled>(&t).is_ok();
                assert_eq!(
                    settled_strictly(&t, |_, _, _| true).is_some(),
                    strict,
                    "{t}"
                );
                assert!(settled(&t, |_, _, _| true).is_some(), "{t}");
                refused += usize::from(!strict);
            }
        }
        // Each of the 7 counts refuses the 7 values out of a u32, each of the 6 amounts 3.
        assert_eq!(refused, 7 * 7 + 6 * 3);
    }

    #[test]
    fn a_settlement_stops_where_its_caller_says() {
        let text = format!("{SETTLED}}}");
        let mut seen = Vec::new();
        let got = settled(&text, |b, id, _| {
            seen.push((b, id.to_string()));
            b == 0
        });
        assert_eq!(got, None);
        assert_eq!(seen, [(0, "4a".to_string()), (1, "4b".to_string())]);
    }

    #[test]
    fn a_start_is_read_plain_only_in_its_canonical_form() {
        let canonical =
            r#"{"bets":[{"id":"4a","box":4,"stake":50},{"id":"6b","box":6,"stake":85}],"shoe":1}"#;
        let cases = [
            (canonical.to_string(), true),
            (canonical.replace("\"stake\":50", "\"stake\":50.5"), false),
            (canonical.replace("\"box\":4", "\"box\":256"), false),
            (canonical.replace("\"box\":4", "\"box\":-4"), false),
            (canonical.replace("\"box\":4", "\"box\":04"), false),
            (canonical.replace("\"shoe\":1", "\"shoe\":1,\"x\":2"), false),
            (canonical.replace("\"4a\"", "\"4\\\"a\""), false),
            (canonical.replace(",\"shoe\":1", ""), false),
            (format!("{canonical} "), false),
        ];
        for (text, plain) in cases {
            let got = started(&text);
            assert_eq!(got.is_some(), plain, "{text}");
            if let Some(bets) = got {
                let json: RoundStarted = serde_json::from_str(&text).unwrap();
                let json: Vec<_> = json
                    .bets
                    .iter()
                    .map(|b| (b.id.clone(), b.box_no, b.stake.cents()))
                    .collect();
                let bets: Vec<_> = bets
                    .iter()
                    .map(|&(id, b, units)| (id.to_string(), b, units * 100))
                    .collect();
                assert_eq!(bets, json, "{text}");
            }
        }
    }
}
