//! The file's schema, version by version: the SQL of each forward migration and the one
//! written in Rust (v3 → v4, the compact log; v4 → v5, the Pontis kinds; v5 → v6, the
//! settings kind; v6 → v7, the money kind; v7 → v8, the kept totals of `log::totals`; v8 →
//! v9, the users' PIN and role changes; v9 → v10, each round's decision cost in
//! `round_figures` and `round_totals`, also `log::totals`; v10 → v11, the kept theories;
//! v11 → v12, the table `round_rows`, whose rows for the rounds already settled the store
//! asks of the layer that replays rounds: `store::RowMaker`).
//! `Store` runs them; nothing else creates or changes a table.

use rusqlite::params;

use super::event::EventKind;
use super::pack;

/// Forward migrations: `MIGRATIONS[v]` takes a database from version `v` to `v + 1`
/// (v3 → v4 is `migrate_to_4`, v4 → v5 `migrate_to_5` and v5 → v6 `migrate_to_6`, in Rust,
/// after these).
pub(super) const MIGRATIONS: [&str; 3] = [
    r#"
CREATE TABLE events (
    seq      INTEGER PRIMARY KEY,
    at       INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    table_id INTEGER,
    user_id  INTEGER,
    round_id INTEGER,
    data     TEXT    NOT NULL,
    hash     BLOB    NOT NULL
);
CREATE INDEX events_round ON events(round_id) WHERE round_id IS NOT NULL;
CREATE INDEX events_user ON events(user_id, seq) WHERE user_id IS NOT NULL;
CREATE INDEX events_table ON events(table_id, seq) WHERE table_id IS NOT NULL;
CREATE TABLE users (
    id        INTEGER PRIMARY KEY,
    name      TEXT NOT NULL UNIQUE,
    role      TEXT NOT NULL CHECK (role IN ('dealer', 'supervisor', 'admin')),
    pin_hash  TEXT NOT NULL,
    added_seq INTEGER NOT NULL
);
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
    BEGIN SELECT RAISE(ABORT, 'croupier: the event log is append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
    BEGIN SELECT RAISE(ABORT, 'croupier: the event log is append-only'); END;
CREATE TRIGGER users_no_update BEFORE UPDATE ON users
    BEGIN SELECT RAISE(ABORT, 'croupier: users are append-only; changes are events'); END;
CREATE TRIGGER users_no_delete BEFORE DELETE ON users
    BEGIN SELECT RAISE(ABORT, 'croupier: users are append-only; changes are events'); END;
"#,
    // v2: reports find events by kind and time (settlements, refusals, voids) without a
    // scan of the whole log.
    r#"
CREATE INDEX events_kind_at ON events(kind, at);
"#,
    // v3: each settled round's figures in cents, one compact row, written in the same
    // transaction as its `round_settled` event (reports read these instead of the JSON of
    // a million events). Append-only like the log; `verify` checks every row against its
    // event. Existing settlements are copied in.
    r#"
CREATE TABLE round_figures (
    round_id         INTEGER PRIMARY KEY,
    seq              INTEGER NOT NULL UNIQUE,
    at               INTEGER NOT NULL,
    table_id         INTEGER,
    user_id          INTEGER,
    handle           INTEGER NOT NULL,
    paid             INTEGER NOT NULL,
    win              INTEGER NOT NULL,
    max_net          INTEGER NOT NULL,
    insurance_taken  INTEGER NOT NULL,
    insurance_paid   INTEGER NOT NULL,
    splits           INTEGER NOT NULL,
    buys             INTEGER NOT NULL,
    pontoons         INTEGER NOT NULL,
    five_card_tricks INTEGER NOT NULL
);
CREATE INDEX round_figures_at ON round_figures(at);
CREATE TRIGGER round_figures_no_update BEFORE UPDATE ON round_figures
    BEGIN SELECT RAISE(ABORT, 'croupier: round figures are append-only'); END;
CREATE TRIGGER round_figures_no_delete BEFORE DELETE ON round_figures
    BEGIN SELECT RAISE(ABORT, 'croupier: round figures are append-only'); END;
INSERT INTO round_figures
SELECT round_id, seq, at, table_id, user_id,
       CAST(round(coalesce(json_extract(data, '$.handle'), 0) * 100) AS INTEGER),
       CAST(round(coalesce(json_extract(data, '$.paid'), 0) * 100) AS INTEGER),
       CAST(round(json_extract(data, '$.house_net') * 100) AS INTEGER),
       CAST(round(coalesce(json_extract(data, '$.max_net'), 0) * 100) AS INTEGER),
       CAST(round(coalesce(json_extract(data, '$.insurance_taken'), 0) * 100) AS INTEGER),
       CAST(round(coalesce(json_extract(data, '$.insurance_paid'), 0) * 100) AS INTEGER),
       coalesce(json_extract(data, '$.splits'), 0),
       coalesce(json_extract(data, '$.buys'), 0),
       coalesce(json_extract(data, '$.pontoons'), 0),
       coalesce(json_extract(data, '$.five_card_tricks'), 0)
FROM events WHERE kind = 'round_settled';
"#,
];

/// v4: the compact log (about a third of v3's size). Kinds as numbers (`event_kinds`
/// names them; the `event_log` view shows them by name), data packed (`pack`), a step's
/// stored check 8 bytes, and indexes only over the events that are not steps (about one
/// event in ten): steps are found by their round's seq range. Every row is copied, its
/// hash chain unchanged (what is hashed is the canonical text, which packing keeps).
const SCHEMA_4_TABLE: &str = r#"
CREATE TABLE event_kinds (
    code INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE events_v4 (
    seq      INTEGER PRIMARY KEY,
    at       INTEGER NOT NULL,
    kind     INTEGER NOT NULL,
    table_id INTEGER,
    user_id  INTEGER,
    round_id INTEGER,
    data     NOT NULL,
    hash     BLOB NOT NULL
);
"#;

const SCHEMA_4_REST: &str = r#"
DROP TRIGGER events_no_update;
DROP TRIGGER events_no_delete;
DROP TABLE events;
ALTER TABLE events_v4 RENAME TO events;
CREATE INDEX events_kind ON events(kind, at) WHERE kind <> 12;
CREATE INDEX events_table ON events(table_id, kind) WHERE kind <> 12;
CREATE INDEX events_round ON events(round_id, kind) WHERE kind <> 12;
CREATE INDEX events_login ON events(user_id) WHERE kind IN (3, 4, 6, 7);
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
    BEGIN SELECT RAISE(ABORT, 'croupier: the event log is append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
    BEGIN SELECT RAISE(ABORT, 'croupier: the event log is append-only'); END;
CREATE TRIGGER event_kinds_no_update BEFORE UPDATE ON event_kinds
    BEGIN SELECT RAISE(ABORT, 'croupier: event kinds are fixed'); END;
CREATE TRIGGER event_kinds_no_delete BEFORE DELETE ON event_kinds
    BEGIN SELECT RAISE(ABORT, 'croupier: event kinds are fixed'); END;
CREATE VIEW event_log AS
    SELECT e.seq, e.at, k.name AS kind, e.table_id, e.user_id, e.round_id, e.data
    FROM events e JOIN event_kinds k ON k.code = e.kind;
"#;

pub(super) fn migrate_to_4(tx: &rusqlite::Connection) -> rusqlite::Result<()> {
    const _: () = assert!(EventKind::Step.code() == 12);
    const _: () = assert!(EventKind::Login.code() == 3 && EventKind::LoginFailed.code() == 4);
    const _: () = assert!(EventKind::UserLocked.code() == 6 && EventKind::UserUnlocked.code() == 7);
    tx.execute_batch(SCHEMA_4_TABLE)?;
    {
        let mut kinds = tx.prepare("INSERT INTO event_kinds (code, name) VALUES (?1, ?2)")?;
        for k in &EventKind::ALL[..EventKind::SCHEMA_4_KINDS] {
            kinds.execute(params![k.code(), k.name()])?;
        }
        let mut read = tx.prepare(
            "SELECT seq, at, kind, table_id, user_id, round_id, data, hash FROM events ORDER BY seq",
        )?;
        let mut write = tx.prepare(
            "INSERT INTO events_v4 (seq, at, kind, table_id, user_id, round_id, data, hash) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?;
        let mut rows = read.query([])?;
        while let Some(r) = rows.next()? {
            let seq: i64 = r.get(0)?;
            let name: String = r.get(2)?;
            let kind = EventKind::from_name(&name).ok_or_else(|| {
                rusqlite::Error::SqliteFailure(
                    rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CORRUPT),
                    Some(format!(
                        "event {seq} has the unknown kind {name:?}: the log was altered; nothing was migrated"
                    )),
                )
            })?;
            let data: String = r.get(6)?;
            let hash: Vec<u8> = r.get(7)?;
            let check = match <[u8; 32]>::try_from(hash.as_slice()) {
                Ok(h) => pack::check_of(kind == EventKind::Step, &h).to_vec(),
                // Kept as found: `verify` names the row.
                Err(_) => hash,
            };
            write.execute(params![
                seq,
                r.get::<_, i64>(1)?,
                kind.code(),
                r.get::<_, Option<i64>>(3)?,
                r.get::<_, Option<i64>>(4)?,
                r.get::<_, Option<i64>>(5)?,
                pack::store(kind, &data),
                check
            ])?;
        }
    }
    tx.execute_batch(SCHEMA_4_REST)
}

/// v5: the Pontis table mode's event kinds (`pontis_opened` … `pontis_ended`) join
/// `event_kinds`, so that the `event_log` view names them; a program that knows only
/// schema 4 refuses the file rather than meet a kind it cannot read.
pub(super) fn migrate_to_5(tx: &rusqlite::Connection) -> rusqlite::Result<()> {
    const _: () = assert!(EventKind::PontisOpened.code() == 18);
    let mut kinds = tx.prepare("INSERT INTO event_kinds (code, name) VALUES (?1, ?2)")?;
    for k in &EventKind::ALL[EventKind::SCHEMA_4_KINDS..EventKind::SCHEMA_5_KINDS] {
        kinds.execute(params![k.code(), k.name()])?;
    }
    Ok(())
}

/// Takes the database of `tx` from version `from` to `to`, one migration after another.
pub(super) fn migrate(tx: &rusqlite::Connection, from: i32, to: i32) -> rusqlite::Result<()> {
    for v in from..to {
        match (MIGRATIONS.get(v as usize), v) {
            (Some(sql), _) => tx.execute_batch(sql),
            (None, 3) => migrate_to_4(tx),
            (None, 4) => migrate_to_5(tx),
            (None, 5) => migrate_to_6(tx),
            (None, 6) => migrate_to_7(tx),
            (None, 7) => super::totals::migrate_to_8(tx),
            (None, 8) => migrate_to_9(tx),
            (None, 9) => super::totals::migrate_to_10(tx),
            (None, 10) => tx.execute_batch(SCHEMA_11),
            (None, 11) => tx.execute_batch(SCHEMA_12),
            (None, v) => Err(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_ERROR),
                Some(format!("no migration from schema {v} to {}", v + 1)),
            )),
        }?;
    }
    Ok(())
}

/// v11: `kept_theories`, a derived row per rules solved (the rules' canonical text and
/// what the lab gives them, both opaque to the log core): written by the table session
/// once its rules' solve is done (and by `migrate` and `demo`), read by the reports
/// instead of solving again, recomputed row by row by `verify`. No triggers: derived rows
/// are replaced in place, like `round_totals`.
const SCHEMA_11: &str = r#"
CREATE TABLE kept_theories (
    rules   TEXT PRIMARY KEY,
    figures TEXT NOT NULL
) WITHOUT ROWID;
"#;

/// v12: `round_rows`, one a settled round (issue 25, docs/scale.md "A kept row a round"):
/// what the rounds report shows of the round and what its players section needs, as bytes
/// the session layer makes (`session::round_row`; the log core reads none of them). Written
/// by `Store::append_row` in the settlement's transaction (a second settlement of a round
/// id fails there, as `round_figures`' key makes it fail), replaced by a correction's; a
/// void leaves it (the reports read voids by the index by round). Derived: no triggers,
/// `verify` rebuilds every row from its replay.
const SCHEMA_12: &str = r#"
CREATE TABLE round_rows (
    round_id INTEGER PRIMARY KEY,
    row      BLOB NOT NULL
);
"#;

/// The triggers (name, SQL as SQLite keeps it) of a file at version `to`: the
/// migrations run on an empty database in memory. What `verify` expects to find.
pub(super) fn made_triggers(to: i32) -> rusqlite::Result<Vec<(String, String)>> {
    let mut conn = rusqlite::Connection::open_in_memory()?;
    let tx = conn.transaction()?;
    migrate(&tx, 0, to)?;
    triggers_of(&tx)
}

/// A database's triggers (name, SQL), by name.
pub(super) fn triggers_of(conn: &rusqlite::Connection) -> rusqlite::Result<Vec<(String, String)>> {
    let mut stmt = conn.prepare(
        "SELECT name, coalesce(sql, '') FROM sqlite_master WHERE type = 'trigger' ORDER BY name",
    )?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    rows.collect()
}

/// v6: settings are events — `setting_changed` (code 24: the database's currency, a
/// user's language) joins `event_kinds`. No table changes: a setting is read from the
/// log (`session::settings`), so it is on the hash chain like everything else.
pub(super) fn migrate_to_6(tx: &rusqlite::Connection) -> rusqlite::Result<()> {
    const _: () = assert!(EventKind::SettingChanged.code() == 24);
    let mut kinds = tx.prepare("INSERT INTO event_kinds (code, name) VALUES (?1, ?2)")?;
    for k in &EventKind::ALL[EventKind::SCHEMA_5_KINDS..EventKind::SCHEMA_6_KINDS] {
        kinds.execute(params![k.code(), k.name()])?;
    }
    Ok(())
}

/// v7: the table's money — `money` (code 25: chip set, par, cash threshold, tray counts,
/// fill and credit slips, voids, cash at the table, drop counts) joins `event_kinds`. No
/// table changes: the money is read from the log (`session::money`).
pub(super) fn migrate_to_7(tx: &rusqlite::Connection) -> rusqlite::Result<()> {
    const _: () = assert!(EventKind::Money.code() == 25);
    let mut kinds = tx.prepare("INSERT INTO event_kinds (code, name) VALUES (?1, ?2)")?;
    for k in &EventKind::ALL[EventKind::SCHEMA_6_KINDS..EventKind::SCHEMA_7_KINDS] {
        kinds.execute(params![k.code(), k.name()])?;
    }
    Ok(())
}

/// v9: a user's PIN reset or role changed — `user_changed` (code 26) joins `event_kinds`,
/// and `user_changes` keeps each change beside its event (append-only like `users`): a new
/// PIN's argon2 hash (the event has only its digest) or a new role. A user's PIN and role
/// are their newest change's, else their `users` row's. No index: changes are few, and an
/// index would be one more structure for `verify` to hold to its table.
const SCHEMA_9: &str = r#"
CREATE TABLE user_changes (
    set_seq  INTEGER PRIMARY KEY,
    user_id  INTEGER NOT NULL REFERENCES users(id),
    role     TEXT CHECK (role IN ('dealer', 'supervisor', 'admin')),
    pin_hash TEXT,
    CHECK ((role IS NULL) <> (pin_hash IS NULL))
);
CREATE TRIGGER user_changes_no_update BEFORE UPDATE ON user_changes
    BEGIN SELECT RAISE(ABORT, 'croupier: users are append-only; changes are events'); END;
CREATE TRIGGER user_changes_no_delete BEFORE DELETE ON user_changes
    BEGIN SELECT RAISE(ABORT, 'croupier: users are append-only; changes are events'); END;
"#;

pub(super) fn migrate_to_9(tx: &rusqlite::Connection) -> rusqlite::Result<()> {
    const _: () = assert!(EventKind::UserChanged.code() == 26);
    tx.execute_batch(SCHEMA_9)?;
    let mut kinds = tx.prepare("INSERT INTO event_kinds (code, name) VALUES (?1, ?2)")?;
    for k in &EventKind::ALL[EventKind::SCHEMA_7_KINDS..] {
        kinds.execute(params![k.code(), k.name()])?;
    }
    Ok(())
}
