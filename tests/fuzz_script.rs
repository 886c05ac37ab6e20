//! Fuzzing the round-script reader: arbitrary bytes, arbitrary JSON and mutated real scripts
//! (strange keys, numbers with many decimals or exponents, non-ASCII text, repeated keys) go
//! to `Script::parse` and to `croupier settle` on the real binary. Never a panic; the binary
//! either refuses (exit 2, nothing on stdout, one line on stderr) or settles, and then every
//! bet's stake is exactly the one written: at most two decimals, never rounded.

mod common;

use croupier::script::{Script, settlement};
use proptest::prelude::*;
use serde_json::Value;

/// An object's members, in the order written.
type Members = Vec<(String, J)>;

/// JSON as text is written, so that a key can appear twice and a number keeps its digits.
#[derive(Clone, Debug)]
enum J {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Members),
}

impl J {
    fn text(&self) -> String {
        match self {
            J::Null => "null".into(),
            J::Bool(b) => b.to_string(),
            J::Num(n) => n.clone(),
            J::Str(s) => Value::String(s.clone()).to_string(),
            J::Arr(a) => format!("[{}]", a.iter().map(J::text).collect::<Vec<_>>().join(",")),
            J::Obj(o) => format!(
                "{{{}}}",
                o.iter()
                    .map(|(k, v)| format!("{}:{}", Value::String(k.clone()), v.text()))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        }
    }

    fn obj(pairs: &[(&str, J)]) -> J {
        J::Obj(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        )
    }

    fn strs(items: &[&str]) -> J {
        J::Arr(items.iter().map(|s| J::Str(s.to_string())).collect())
    }

    /// How many objects this value holds, itself included.
    fn objects(&self) -> usize {
        match self {
            J::Obj(o) => 1 + o.iter().map(|(_, v)| v.objects()).sum::<usize>(),
            J::Arr(a) => a.iter().map(J::objects).sum(),
            _ => 0,
        }
    }
}

fn bet(id: &str, box_no: u32, stake: &str) -> J {
    J::obj(&[
        ("id", J::Str(id.into())),
        ("box", J::Num(box_no.to_string())),
        ("stake", J::Num(stake.into())),
    ])
}

/// Real scripts that settle: the README round, a split with a buy, a belarus round.
fn bases() -> Vec<J> {
    vec![
        J::obj(&[
            ("rules", J::Str("czech".into())),
            (
                "bets",
                J::Arr(vec![
                    bet("1a", 1, "10"),
                    bet("1b", 1, "5"),
                    bet("4a", 4, "20"),
                ]),
            ),
            (
                "steps",
                J::strs(&[
                    "9",
                    "K",
                    "A",
                    "9",
                    "A",
                    "insure 1a 5",
                    "even-money 4a",
                    "stick",
                    "7",
                ]),
            ),
        ]),
        J::obj(&[
            ("rules", J::Str("czech".into())),
            (
                "limits",
                J::obj(&[
                    ("min_bet", J::Num("1".into())),
                    ("box_max", J::Num("500".into())),
                ]),
            ),
            (
                "bets",
                J::Arr(vec![bet("2a", 2, "12.5"), bet("5a", 5, "0.05")]),
            ),
            ("seen", J::strs(&["Ks", "2h"])),
            (
                "steps",
                J::strs(&[
                    "8", "9", "6", "8", "split", "3", "buy", "5", "stick", "7", "K", "stick", "7",
                ]),
            ),
        ]),
        J::obj(&[
            ("rules", J::Str("belarus".into())),
            ("bets", J::Arr(vec![bet("3a", 3, "7.25")])),
            ("steps", J::strs(&["K", "5", "9", "stick", "4"])),
        ]),
    ]
}

/// Numbers as a person or a program might write them, exact or not.
fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u64..100_000).prop_map(|n| n.to_string()),
        // Exact to the cent, written oddly: trailing zeros, an exponent.
        (1u64..10_000, 0u32..100, 0usize..25)
            .prop_map(|(w, c, z)| format!("{w}.{c:02}{}", "0".repeat(z))),
        (1u64..100_000, 0u32..3).prop_map(|(m, k)| format!("{m}e-{k}")),
        // A cent and a whisker: the nearest f64 is a whole cent, the number is not.
        (1u64..10_000, 0u32..100, 12usize..25, 1u32..10)
            .prop_map(|(w, c, z, d)| format!("{w}.{c:02}{}{d}", "0".repeat(z))),
        (0u64..10_000, "[0-9]{1,30}").prop_map(|(w, f)| format!("{w}.{f}")),
        ("-?[0-9]{1,3}(\\.[0-9]{1,25})?", "[eE][+-]?[0-9]{1,3}")
            .prop_map(|(m, e)| format!("{m}{e}")),
        "-[0-9]{1,6}(\\.[0-9]{1,3})?",
        "[0-9]{14,40}",
        prop::sample::select(vec![
            "4.999999999999999999999",
            "0.1000000000000000055511151231257827",
            "10.000000000000001",
            "1e400",
            "-0",
            "0.00",
            "1E-2",
            "2.50",
            "9999999999.99",
            "10000000000.01",
        ])
        .prop_map(str::to_string),
    ]
}

/// Text, often not ASCII.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,8}",
        "[A-Za-z0-9 _-]{0,10}",
        prop::sample::select(vec![
            "é",
            "Aé",
            "10é",
            "K\u{301}",
            "🂡",
            "stick",
            "split",
            "buy",
            "twist",
            "surrender",
            "insure 1a 5",
            "insure 1a 2.555",
            "even-money 4a",
            "decline 1b",
            "10h",
            "T",
            "qd",
            "czech",
            "belarus",
            "rules",
            "bets",
            "steps",
            "seen",
            "limits",
            "stake",
            "id",
            "box",
            "min_bet",
            "box_max",
            "decks",
            "\u{0}",
            "\n",
        ])
        .prop_map(str::to_string),
    ]
}

/// Any JSON, a few levels deep, keys sometimes repeated.
fn any_json() -> impl Strategy<Value = J> {
    let leaf = prop_oneof![
        Just(J::Null),
        any::<bool>().prop_map(J::Bool),
        number().prop_map(J::Num),
        text().prop_map(J::Str),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(J::Arr),
            prop::collection::vec((text(), inner), 0..6).prop_map(J::Obj),
        ]
    })
}

/// One change to a script.
#[derive(Clone, Debug)]
enum Mutation {
    /// A new number in the n-th number of the script.
    Number(usize, String),
    /// A new key (maybe one already there) in the n-th object.
    AddKey(usize, String, J),
    /// The n-th object's k-th key written again, with another value.
    Repeat(usize, usize, J),
    /// The n-th string replaced.
    Text(usize, String),
    /// The n-th object loses its k-th key.
    Drop(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<usize>(), number()).prop_map(|(i, n)| Mutation::Number(i, n)),
        1 => (any::<usize>(), text(), any_json()).prop_map(|(i, k, v)| Mutation::AddKey(i, k, v)),
        2 => (any::<usize>(), any::<usize>(), any_json()).prop_map(|(i, k, v)| Mutation::Repeat(i, k, v)),
        2 => (any::<usize>(), text()).prop_map(|(i, t)| Mutation::Text(i, t)),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(i, k)| Mutation::Drop(i, k)),
    ]
}

fn leaves_mut<'a>(j: &'a mut J, num: bool, out: &mut Vec<&'a mut J>) {
    match j {
        J::Num(_) if num => out.push(j),
        J::Str(_) if !num => out.push(j),
        J::Arr(a) => a.iter_mut().for_each(|v| leaves_mut(v, num, out)),
        J::Obj(o) => o.iter_mut().for_each(|(_, v)| leaves_mut(v, num, out)),
        _ => {}
    }
}

fn mutate(mut j: J, changes: &[Mutation]) -> J {
    for m in changes {
        match m {
            Mutation::Number(i, n) | Mutation::Text(i, n) => {
                let mut leaves = Vec::new();
                leaves_mut(&mut j, matches!(m, Mutation::Number(..)), &mut leaves);
                if !leaves.is_empty() {
                    let len = leaves.len();
                    let leaf = &mut leaves[i % len];
                    **leaf = match m {
                        Mutation::Number(..) => J::Num(n.clone()),
                        _ => J::Str(n.clone()),
                    };
                }
            }
            Mutation::AddKey(i, _, _) | Mutation::Repeat(i, _, _) | Mutation::Drop(i, _) => {
                let len = j.objects();
                if len == 0 {
                    continue;
                }
                with_object(&mut j, i % len, &mut |o| match m {
                    Mutation::AddKey(_, k, v) => o.push((k.clone(), v.clone())),
                    Mutation::Repeat(_, k, v) if !o.is_empty() => {
                        let key = o[k % o.len()].0.clone();
                        o.push((key, v.clone()));
                    }
                    Mutation::Drop(_, k) if !o.is_empty() => {
                        let len = o.len();
                        o.remove(k % len);
                    }
                    _ => {}
                });
            }
        }
    }
    j
}

/// Calls `f` on the n-th object of `j`, depth first.
fn with_object(j: &mut J, n: usize, f: &mut dyn FnMut(&mut Members)) {
    fn walk(j: &mut J, n: usize, seen: &mut usize, f: &mut dyn FnMut(&mut Members)) -> bool {
        match j {
            J::Obj(o) => {
                if *seen == n {
                    f(o);
                    return true;
                }
                *seen += 1;
                o.iter_mut().any(|(_, v)| walk(v, n, seen, f))
            }
            J::Arr(a) => a.iter_mut().any(|v| walk(v, n, seen, f)),
            _ => false,
        }
    }
    walk(j, n, &mut 0, f);
}

/// A mutated real script (sometimes not mutated at all, so that many settle).
fn mutated_script() -> impl Strategy<Value = String> {
    (0..bases().len(), prop::collection::vec(mutation(), 0..4))
        .prop_map(|(b, changes)| mutate(bases()[b].clone(), &changes).text())
}

/// The exact value of a JSON number's text, as (digits without sign, sign, scale): the
/// canonical decimal, trailing zeros removed. `None` when it is not a plain JSON number.
fn exact(text: &str) -> Option<(bool, String, i64)> {
    let (neg, t) = match text.strip_prefix('-') {
        Some(t) => (true, t),
        None => (false, text),
    };
    let (m, e) = match t.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i64>().ok()?),
        None => (t, 0),
    };
    let (w, f) = m.split_once('.').unwrap_or((m, ""));
    let mut digits = format!("{w}{f}");
    let mut scale = f.len() as i64 - e;
    while digits.ends_with('0') && digits.len() > 1 {
        digits.pop();
        scale -= 1;
    }
    let digits = digits.trim_start_matches('0').to_string();
    if digits.is_empty() {
        return Some((false, "0".into(), 0));
    }
    Some((neg, digits, scale))
}

/// A settled script's bets against the script's own text: each stake has at most two
/// decimals, and where nothing was added to it (no buy, split or insurance in the steps),
/// `staked` is exactly the stake written.
fn check_settled(input: &str, out: &Value) -> Result<(), TestCaseError> {
    let script: Value =
        serde_json::from_str(input).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let added = script["steps"].as_array().is_some_and(|steps| {
        steps.iter().any(|s| {
            let s = s.as_str().unwrap_or("").trim().to_ascii_lowercase();
            s.starts_with("buy") || s.starts_with("split") || s.starts_with("insure")
        })
    });
    let bets = script["bets"].as_array().cloned().unwrap_or_default();
    prop_assert_eq!(bets.len(), out["bets"].as_array().map_or(0, Vec::len));
    for b in &bets {
        let stake = exact(&b["stake"].to_string());
        prop_assert!(stake.is_some(), "stake {}", b["stake"]);
        let (neg, digits, scale) = stake.unwrap_or_default();
        prop_assert!(
            !neg && digits != "0",
            "a settled stake is positive: {}",
            b["stake"]
        );
        prop_assert!(
            scale <= 2,
            "a settled stake has at most two decimals: {}",
            b["stake"]
        );
        let settled = out["bets"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|o| o["id"] == b["id"]);
        prop_assert!(settled.is_some(), "bet {} settled", b["id"]);
        if !added {
            let staked = settled.map(|s| s["staked"].to_string()).unwrap_or_default();
            prop_assert_eq!(
                exact(&staked),
                Some((neg, digits, scale)),
                "bet {}: stake {} but staked {}",
                b["id"],
                b["stake"],
                staked
            );
        }
    }
    Ok(())
}

fn library(text: &str) -> Result<(), TestCaseError> {
    if let Ok(round) = Script::parse(text, None).and_then(|s| s.play()) {
        check_settled(text, &settlement(&round))?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic_the_reader(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        library(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn arbitrary_json_never_panics_the_reader(j in any_json()) {
        library(&j.text())?;
    }

    #[test]
    fn mutated_scripts_settle_exactly_or_are_refused(text in mutated_script()) {
        library(&text)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The real binary, on mutated scripts and now and then on arbitrary JSON or bytes.
    #[test]
    fn the_binary_settles_exactly_or_refuses_in_one_line(
        input in prop_oneof![
            6 => mutated_script().prop_map(String::into_bytes),
            1 => any_json().prop_map(|j| j.text().into_bytes()),
            1 => prop::collection::vec(any::<u8>(), 0..200),
        ]
    ) {
        let out = common::run(&["settle", "-"], &input);
        let err = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(0) => {
                let v: Value = serde_json::from_slice(&out.stdout)
                    .map_err(|e| TestCaseError::fail(format!("settlement not JSON: {e}")))?;
                prop_assert!(err.is_empty(), "{}", err);
                check_settled(&String::from_utf8_lossy(&input), &v)?;
            }
            Some(2) => {
                prop_assert!(out.stdout.is_empty(), "a refusal printed on stdout");
                prop_assert_eq!(err.trim_end().lines().count(), 1, "{}", err);
                prop_assert!(err.starts_with("croupier: "), "{}", err);
            }
            other => prop_assert!(false, "exit {:?}: {}", other, err),
        }
    }
}
