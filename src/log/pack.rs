//! How an event is stored compactly (schema 4), without changing what is hashed. Owns
//! the two reversible encodings the `events` table uses:
//!
//! - **data**: a play event's canonical JSON text (`packs`) with its most frequent fragments (keys and
//!   punctuation of the log's own event kinds) each replaced by one control byte. JSON
//!   text never holds a raw control byte (it must escape them), so the packed form is
//!   unambiguous; it is stored as a BLOB, while text that does not pack (a row from an
//!   older program, anything with a control byte) stays verbatim as TEXT. `unpack` gives
//!   back the exact canonical text, byte for byte; `pack` refuses (stores verbatim) any
//!   text whose round trip differs.
//! - **check**: the stored copy of the event's chain hash. A `step` row keeps the hash's
//!   first 8 bytes; every other row keeps all 32. The chain itself is always computed
//!   with full hashes (`store::event_hash`); the stored check only has to tell a changed
//!   row from its original, and 64 bits do that for a row edited by hand. Someone who
//!   recomputes the whole chain defeats 8 bytes and 32 alike: kept heads and the floor
//!   are what catch that.
//!
//! The dictionary is fixed for schema 4: changing it means a new schema version.

use std::borrow::Cow;

use super::event::EventKind;

/// The fragments, by code. Codes 0x09, 0x0A and 0x0D (JSON whitespace) and 0x00 are not
/// used. Longest fragments are tried first when packing.
const DICT: [(u8, &str); 28] = [
    (0x01, "{\"text\":\""),
    (0x02, "\"}"),
    (0x03, "{\"bets\":["),
    (0x04, "{\"id\":\""),
    (0x05, "\",\"box\":"),
    (0x06, ",\"stake\":"),
    (0x07, "},"),
    (0x08, "}],\"shoe\":"),
    (0x0B, "{\"nets\":["),
    (0x0C, "\",\"net\":"),
    (0x0E, "}],\"house_net\":"),
    (0x0F, ",\"dealer\":[\""),
    (0x10, "\",\""),
    (0x11, "\"],\"handle\":"),
    (0x12, ",\"paid\":"),
    (0x13, ",\"insurance_taken\":"),
    (0x14, ",\"insurance_paid\":"),
    (0x15, ",\"even_money\":"),
    (0x16, ",\"splits\":"),
    (0x17, ",\"buys\":"),
    (0x18, ",\"pontoons\":"),
    (0x19, ",\"five_card_tricks\":"),
    (0x1A, ",\"three_of_a_kinds\":"),
    (0x1B, ",\"surrenders\":"),
    (0x1C, ",\"max_net\":"),
    (0x1D, "{\"decks\":"),
    (0x1E, "\",\"reason\":\""),
    (0x1F, ",\"shoe\":"),
];

fn fragment(code: u8) -> Option<&'static str> {
    DICT.iter().find(|(c, _)| *c == code).map(|(_, f)| *f)
}

/// The packed form of canonical JSON text, or `None` when it must be stored verbatim.
pub fn pack(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    if bytes.iter().any(|b| *b < 0x20) {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len() / 2 + 4);
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        let best = DICT
            .iter()
            .filter(|(_, f)| rest.starts_with(f.as_bytes()))
            .max_by_key(|(_, f)| f.len());
        match best {
            Some((code, f)) => {
                out.push(*code);
                i += f.len();
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    (unpack(&out).as_deref() == Some(text)).then_some(out)
}

/// The canonical JSON text of a packed row; `None` if it holds a byte that is no code
/// (a damaged or forged row).
pub fn unpack(packed: &[u8]) -> Option<String> {
    let mut out = String::new();
    unpack_into(packed, &mut out).then_some(out)
}

/// `unpack` into a buffer that is reused (its old content replaced); false as `None`.
pub(crate) fn unpack_into(packed: &[u8], out: &mut String) -> bool {
    let mut bytes = std::mem::take(out).into_bytes();
    bytes.clear();
    for &b in packed {
        if b < 0x20 {
            match fragment(b) {
                Some(f) => bytes.extend_from_slice(f.as_bytes()),
                None => return false,
            }
        } else {
            bytes.push(b);
        }
    }
    match String::from_utf8(bytes) {
        Ok(s) => {
            *out = s;
            true
        }
        Err(_) => false,
    }
}

/// The bets (box, stake in cents) of a packed `round_started` row, read without unpacking
/// it or parsing its JSON — when the row is exactly the form `pack` gives the event's
/// canonical text with plain ids (no escape, no control byte, valid UTF-8), a box and
/// stakes in whole units, and an integer shoe; `None` otherwise, and the caller parses
/// the unpacked text instead. Where it answers, the answer is what that parse gives.
pub(crate) fn started_bets(packed: &[u8]) -> Option<Vec<(u8, i64)>> {
    let mut rest = packed.strip_prefix(&[BETS])?;
    let mut bets = Vec::new();
    loop {
        rest = rest.strip_prefix(&[ID])?;
        let end = rest.iter().position(|b| *b == BOX)?;
        let id = &rest[..end];
        if id.iter().any(|b| *b < 0x20 || *b == b'"' || *b == b'\\')
            || std::str::from_utf8(id).is_err()
        {
            return None;
        }
        let (box_no, after) = digits(&rest[end + 1..], 3)?;
        let after = after.strip_prefix(&[STAKE])?;
        let (units, after) = digits(after, 15)?;
        bets.push((u8::try_from(box_no).ok()?, i64::try_from(units).ok()? * 100));
        match after.split_first()? {
            (&NEXT, r) => rest = r,
            (&SHOE, r) => {
                // A shoe of 0 or -0 goes the long way (only its reading matters here).
                let r = r.strip_prefix(b"-").unwrap_or(r);
                let (_, tail) = digits(r, 18)?;
                return (tail == b"}" && !r.starts_with(b"0")).then_some(bets);
            }
            _ => return None,
        }
    }
}

/// The codes `started_bets` reads: `{"bets":[`, `{"id":"`, `","box":`, `,"stake":`, `},`
/// and `}],"shoe":`.
const BETS: u8 = 0x03;
const ID: u8 = 0x04;
const BOX: u8 = 0x05;
const STAKE: u8 = 0x06;
const NEXT: u8 = 0x07;
const SHOE: u8 = 0x08;

/// A canonical JSON natural number of at most `max` digits (no leading zero but `0`
/// itself) at the start of `b`, and what follows it.
fn digits(b: &[u8], max: usize) -> Option<(u64, &[u8])> {
    let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if n == 0 || n > max || (n > 1 && b[0] == b'0') {
        return None;
    }
    let v = b[..n]
        .iter()
        .fold(0u64, |a, c| a * 10 + u64::from(c - b'0'));
    Some((v, &b[n..]))
}

/// The stored check of a hash: 8 bytes for a `step` row, 32 for any other.
pub(crate) fn check_of(is_step: bool, hash: &[u8; 32]) -> &[u8] {
    if is_step { &hash[..8] } else { &hash[..] }
}

/// The data column's value for canonical text: packed BLOB, or verbatim TEXT.
pub(crate) enum Stored<'a> {
    Packed(Vec<u8>),
    Verbatim(Cow<'a, str>),
}

/// The kinds whose data is packed: the many events of play. The rest (tables opened,
/// users, voids, corrections: a few a shift) stay verbatim JSON, which SQL can read.
pub(crate) fn packs(kind: EventKind) -> bool {
    matches!(
        kind,
        EventKind::Step
            | EventKind::StepRefused
            | EventKind::Undo
            | EventKind::RoundStarted
            | EventKind::RoundSettled
            | EventKind::ShoeNew
    )
}

/// What the `data` column holds for an event of this kind.
pub(crate) fn store(kind: EventKind, text: &str) -> Stored<'_> {
    match packs(kind).then(|| pack(text)).flatten() {
        Some(p) => Stored::Packed(p),
        None => Stored::Verbatim(Cow::Borrowed(text)),
    }
}

impl rusqlite::ToSql for Stored<'_> {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(match self {
            Stored::Packed(p) => ToSqlOutput::Borrowed(ValueRef::Blob(p)),
            Stored::Verbatim(t) => ToSqlOutput::Borrowed(ValueRef::Text(t.as_bytes())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_row_round_trips_and_shrinks() {
        let rows = [
            r#"{"text":"8"}"#,
            r#"{"text":"insure 1a 10"}"#,
            r#"{"bets":[{"id":"1a","box":1,"stake":20},{"id":"3a","box":3,"stake":7.5}],"shoe":3}"#,
            r#"{"nets":[{"id":"4a","net":100},{"id":"4b","net":-70}],"house_net":-30,"dealer":["2d","Jh","Kh"],"handle":425,"paid":850,"insurance_taken":0,"insurance_paid":0,"even_money":0,"splits":0,"buys":2,"pontoons":0,"five_card_tricks":0,"three_of_a_kinds":0,"surrenders":0,"max_net":170}"#,
            r#"{"text":"stick","reason":"no box is waiting for a decision"}"#,
            r#"{"decks":2,"shoe":4}"#,
            r#"{"name":"Pontoon 1","preset":"czech"}"#,
            "{}",
            "",
        ];
        for text in rows {
            let p = pack(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(unpack(&p).as_deref(), Some(text));
            assert!(p.len() <= text.len(), "{text}");
        }
        assert_eq!(pack(r#"{"text":"8"}"#).unwrap(), b"\x018\x02");
    }

    #[test]
    fn control_bytes_stay_verbatim_and_unknown_codes_are_refused() {
        assert_eq!(pack("{\"text\":\"a\tb\"}"), None);
        assert_eq!(unpack(b"\x00"), None);
        assert_eq!(unpack(b"\x09"), None);
        assert_eq!(unpack(b"\xff"), None, "not UTF-8");
    }
}
