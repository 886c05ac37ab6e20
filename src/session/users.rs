//! Users and roles: personal logins with PINs kept only as argon2 hashes, lockout after
//! five failed attempts until a supervisor unlocks, PINs reset and roles changed (schema
//! 9's `user_changes`), and who may do what. Every login, failure, lock, unlock and change
//! is an event in the log; a PIN hash never is (only its digest).

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use rusqlite::{OptionalExtension, params};
use serde_json::Value;

use crate::log::event::EventKind;
use crate::log::payload::{self, Payload};
use crate::log::store::{AuditError, NOT_STEP, Store};

pub use crate::codes::{Denied, NameProblem, Role};

/// Failed attempts in a row that lock a user.
pub(crate) const MAX_FAILED_LOGINS: usize = 5;

/// User id → name, every user the database has had.
pub(crate) fn user_names(
    store: &Store,
) -> Result<std::collections::HashMap<i64, String>, AuditError> {
    let q = |e| store.sql_error(e);
    let mut stmt = store
        .conn()
        .prepare("SELECT id, name FROM users")
        .map_err(q)?;
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
        .and_then(|m| m.collect::<Result<Vec<_>, _>>())
        .map_err(q)?;
    Ok(rows.into_iter().collect())
}

/// A user as logged in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub(crate) id: i64,
    pub name: String,
    pub role: Role,
}

/// Names that are roles, places or placeholders, not people: no shared accounts.
const GENERIC: [&str; 16] = [
    "admin",
    "administrator",
    "root",
    "dealer",
    "supervisor",
    "pit",
    "pitboss",
    "boss",
    "user",
    "guest",
    "test",
    "demo",
    "table",
    "shared",
    "staff",
    "system",
];

pub(crate) fn check_name(name: &str) -> Result<(), AuditError> {
    let n = name.trim();
    let bad = |why| {
        AuditError::Denied(Denied::BadName {
            name: name.to_string(),
            why,
        })
    };
    if n.chars().count() < 2 || n.chars().count() > 40 {
        return Err(bad(NameProblem::Length));
    }
    if !n
        .chars()
        .all(|c| c.is_alphabetic() || c == ' ' || c == '-' || c == '\'' || c == '.')
    {
        return Err(bad(NameProblem::Letters));
    }
    let lower = n.to_lowercase();
    let bare: String = lower.chars().filter(|c| c.is_alphabetic()).collect();
    if GENERIC.iter().any(|g| {
        bare == *g || bare.starts_with(g) && bare[g.len()..].chars().all(|c| c.is_ascii_digit())
    }) {
        return Err(bad(NameProblem::Generic));
    }
    Ok(())
}

/// The shortest PIN a role may have: a supervisor's or admin's PIN unlocks users, voids
/// rounds and adds staff, so it is longer than a dealer's.
pub fn min_pin_len(role: Role) -> usize {
    match role {
        Role::Dealer => 4,
        Role::Supervisor | Role::Admin => 6,
    }
}

fn check_pin(pin: &str, role: Role) -> Result<(), AuditError> {
    let min = min_pin_len(role);
    if !(min..=12).contains(&pin.len()) || !pin.bytes().all(|b| b.is_ascii_digit()) {
        return Err(AuditError::Denied(Denied::PinLength { role, min }));
    }
    Ok(())
}

/// How hard a PIN hash is to compute. Demo users get a cheap one so that a year of demo
/// shifts logs in quickly; real users always get argon2's defaults (Argon2id, 19 MiB, t=2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PinCost {
    Standard,
    Demo,
}

fn hash_pin(pin: &str, cost: PinCost) -> Result<String, AuditError> {
    let argon = match cost {
        PinCost::Standard => Argon2::default(),
        PinCost::Demo => argon2::Params::new(1024, 1, 1, None)
            .map(|p| Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, p))
            .map_err(|e| AuditError::PinHash(e.to_string()))?,
    };
    let hashed = match cost {
        PinCost::Standard => argon.hash_password(pin.as_bytes()),
        // Demo users' PINs are published; a fixed salt keeps a seeded demo identical.
        PinCost::Demo => argon.hash_password_with_salt(pin.as_bytes(), b"croupier-demo-salt"),
    };
    hashed
        .map(|h| h.to_string())
        .map_err(|e| AuditError::PinHash(e.to_string()))
}

fn pin_matches(pin: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|h| {
            Argon2::default()
                .verify_password(pin.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

/// SHA-256 of a stored PIN hash, logged with the user so that `verify` can tell a users
/// row changed or slipped in by hand (the hash itself stays out of the log).
pub(crate) fn pin_digest(pin_hash: &str) -> String {
    use sha2::Digest;
    crate::log::event::hex(&sha2::Sha256::digest(pin_hash.as_bytes()))
}

/// A users row beside its `user_added` event: id, name, role, PIN hash, added_seq, and
/// the event's kind and data.
type UserRow = (
    i64,
    String,
    String,
    String,
    i64,
    Option<String>,
    Option<String>,
);

/// Why the users table does not hold what the log says: its rows could not be read, or a
/// row is not the one its `user_added` event describes.
#[derive(Debug, thiserror::Error)]
pub enum UsersRowError {
    #[error("{0}")]
    Sql(#[from] rusqlite::Error),
    #[error(
        "user {id} ({name}): the users row does not match the user_added event {seq} (the table was changed by hand)"
    )]
    Mismatch { id: i64, name: String, seq: i64 },
    #[error("{added} users were added in the log, but the users table holds {rows}")]
    Count { added: i64, rows: usize },
    #[error(
        "user {user}: the user_changes row {seq} does not match its user_changed event (the PIN hash or role was changed by hand)"
    )]
    ChangeMismatch { user: i64, seq: i64 },
    #[error(
        "{changed} PIN or role changes are in the log, but the user_changes table holds {rows}"
    )]
    ChangeCount { changed: i64, rows: usize },
}

/// Every users row, at any seq, must be the one its `user_added` event describes (a row
/// and its event are written in one transaction). Only the count is bounded by event
/// `bound` (a writer may add a user meanwhile).
pub(crate) fn check_rows(store: &Store, bound: i64) -> Result<(), UsersRowError> {
    let mut stmt = store
        .conn()
        .prepare("SELECT u.id, u.name, u.role, u.pin_hash, u.added_seq, k.name, e.data FROM users u LEFT JOIN events e ON e.seq = u.added_seq LEFT JOIN event_kinds k ON k.code = e.kind ORDER BY u.id")
?;
    let rows: Vec<UserRow> = stmt
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
            ))
        })
        .and_then(|m| m.collect())?;
    for (id, name, role, pin_hash, seq, kind, data) in &rows {
        let d: Value = data
            .as_deref()
            .and_then(|d| serde_json::from_str(d).ok())
            .unwrap_or(Value::Null);
        let ok = kind.as_deref() == Some("user_added")
            && d["user"].as_i64() == Some(*id)
            && d["name"].as_str() == Some(name.as_str())
            && d["role"].as_str() == Some(role.as_str())
            && d["pin_hash_sha256"]
                .as_str()
                .is_none_or(|h| h == pin_digest(pin_hash));
        if !ok {
            return Err(UsersRowError::Mismatch {
                id: *id,
                name: name.clone(),
                seq: *seq,
            });
        }
    }
    let added = logged_through(store, EventKind::UserAdded, bound)?;
    let within = rows.iter().filter(|r| r.4 <= bound).count();
    if added != within as i64 {
        return Err(UsersRowError::Count {
            added,
            rows: within,
        });
    }
    check_changes(store, bound)
}

/// How many events of `kind` the log holds up to `bound` (the rows a users table must have).
fn logged_through(store: &Store, kind: EventKind, bound: i64) -> rusqlite::Result<i64> {
    store.conn().query_row(
        &format!(
            "SELECT count(*) FROM events WHERE kind = {} AND {NOT_STEP} AND seq <= ?1",
            kind.code()
        ),
        [bound],
        |r| r.get(0),
    )
}

/// A `user_changes` row beside its event: set_seq, user, role, PIN hash, the event's kind
/// and data.
type ChangeRow = (
    i64,
    i64,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// Every `user_changes` row, at any seq, must be the one its `user_changed` event
/// describes (the user, the role, the digest of the kept PIN hash), and every such event
/// up to `bound` have its row.
fn check_changes(store: &Store, bound: i64) -> Result<(), UsersRowError> {
    let mut stmt = store.conn().prepare(
        "SELECT c.set_seq, c.user_id, c.role, c.pin_hash, k.name, e.data FROM user_changes c LEFT JOIN events e ON e.seq = c.set_seq LEFT JOIN event_kinds k ON k.code = e.kind ORDER BY c.set_seq",
    )?;
    let rows: Vec<ChangeRow> = stmt
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })
        .and_then(|m| m.collect())?;
    for (seq, user, role, pin_hash, kind, data) in &rows {
        let d: Value = data
            .as_deref()
            .and_then(|d| serde_json::from_str(d).ok())
            .unwrap_or(Value::Null);
        let ok = kind.as_deref() == Some("user_changed")
            && d["user"].as_i64() == Some(*user)
            && d["role"].as_str() == role.as_deref()
            && d["pin_hash_sha256"].as_str().map(str::to_string)
                == pin_hash.as_deref().map(pin_digest);
        if !ok {
            return Err(UsersRowError::ChangeMismatch {
                user: *user,
                seq: *seq,
            });
        }
    }
    let changed = logged_through(store, EventKind::UserChanged, bound)?;
    let within = rows.iter().filter(|r| r.0 <= bound).count();
    if changed != within as i64 {
        return Err(UsersRowError::ChangeCount {
            changed,
            rows: within,
        });
    }
    Ok(())
}

/// Whether the database has any user yet (the first run creates the first admin).
pub(crate) fn has_users(store: &Store) -> Result<bool, AuditError> {
    store
        .conn()
        .query_row("SELECT EXISTS (SELECT 1 FROM users)", [], |r| r.get(0))
        .map_err(|e| store.sql_error(e))
}

/// Adds a user. The first user must be an admin and needs nobody's authority; after that an
/// admin adds anyone, a supervisor adds dealers.
pub fn add_user(
    store: &mut Store,
    name: &str,
    role: Role,
    pin: &str,
    by: Option<&User>,
) -> Result<User, AuditError> {
    add_user_with(store, name, role, pin, by, PinCost::Standard)
}

/// Whether `by` may add `name` as `role` with `pin`: the name, the PIN and the right are
/// checked, nothing is written (the desk asks this before its confirmation; `add_user`
/// asks it again when it writes).
pub fn may_add(
    store: &Store,
    name: &str,
    role: Role,
    pin: &str,
    by: Option<&User>,
) -> Result<(), AuditError> {
    let name = name.trim();
    check_name(name)?;
    check_pin(pin, role)?;
    let first = !has_users(store)?;
    // `by`'s role now, not at their login.
    let by_now = match by {
        Some(b) if !first => Some(as_now(store, b)?),
        _ => None,
    };
    match (first, by_now.as_ref()) {
        (true, _) if role != Role::Admin => {
            return Err(AuditError::Denied(Denied::FirstMustBeAdmin));
        }
        (true, _) => {}
        (false, None) => {
            return Err(AuditError::Denied(Denied::AddNeedsConfirmation));
        }
        (false, Some(b)) if !may_add_role(b.role, role) => {
            return Err(AuditError::Denied(Denied::MayNotAdd {
                by: b.name.clone(),
                by_role: b.role,
                role,
            }));
        }
        _ => {}
    }
    if find(store, name)?.is_some() {
        return Err(AuditError::Denied(Denied::UserExists(name.to_string())));
    }
    Ok(())
}

pub(crate) fn add_user_with(
    store: &mut Store,
    name: &str,
    role: Role,
    pin: &str,
    by: Option<&User>,
    cost: PinCost,
) -> Result<User, AuditError> {
    let name = name.trim();
    may_add(store, name, role, pin, by)?;
    let pin_hash = hash_pin(pin, cost)?;
    store.begin_batch()?;
    let result = (|| {
        let seq = store.head().0 + 1;
        store
            .conn()
            .execute(
                "INSERT INTO users (name, role, pin_hash, added_seq) VALUES (?1, ?2, ?3, ?4)",
                params![name, role.name(), pin_hash, seq],
            )
            .map_err(|e| store.sql_error(e))?;
        let id = store.conn().last_insert_rowid();
        store.append(
            &Payload::UserAdded(payload::UserAdded {
                user: id,
                name: name.to_string(),
                role: role.name().to_string(),
                pin_hash_sha256: Some(pin_digest(&pin_hash)),
            }),
            None,
            by.map(|b| b.id).or(Some(id)),
            None,
        )?;
        Ok(id)
    })();
    match result {
        Ok(id) => {
            store.commit_batch()?;
            Ok(User {
                id,
                name: name.to_string(),
                role,
            })
        }
        Err(e) => {
            store.rollback_batch()?;
            Err(e)
        }
    }
}

/// A user's role now (`users u`): their newest role change's, else the one they were added
/// with. Only a change whose seq holds a `user_changed` event counts (a row and its event
/// are written in one transaction): a row slipped in by hand changes nothing.
const ROLE_NOW: &str = "coalesce((SELECT c.role FROM user_changes c JOIN events e ON e.seq = c.set_seq JOIN event_kinds k ON k.code = e.kind AND k.name = 'user_changed' WHERE c.user_id = u.id AND c.role IS NOT NULL ORDER BY c.set_seq DESC LIMIT 1), u.role)";
/// A user's PIN hash now (`users u`): their newest PIN reset's, else the first; as
/// [`ROLE_NOW`], only a reset with its `user_changed` event counts.
const PIN_NOW: &str = "coalesce((SELECT c.pin_hash FROM user_changes c JOIN events e ON e.seq = c.set_seq JOIN event_kinds k ON k.code = e.kind AND k.name = 'user_changed' WHERE c.user_id = u.id AND c.pin_hash IS NOT NULL ORDER BY c.set_seq DESC LIMIT 1), u.pin_hash)";
/// Only a users row with its `user_added` event is a user (`users u`).
const ADDED: &str = "EXISTS (SELECT 1 FROM events e JOIN event_kinds k ON k.code = e.kind AND k.name = 'user_added' WHERE e.seq = u.added_seq)";

/// A user by name, with the stored PIN hash (both as they are now).
fn find(store: &Store, name: &str) -> Result<Option<(User, String)>, AuditError> {
    store
        .conn()
        .query_row(
            &format!("SELECT u.id, u.name, {ROLE_NOW}, {PIN_NOW} FROM users u WHERE u.name = ?1 COLLATE NOCASE AND {ADDED}"),
            [name.trim()],
            |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                ))
            },
        )
        .optional()
        .map_err(|e| store.sql_error(e))?
        .map(|(id, name, role, hash)| {
            Ok((
                User {
                    id,
                    name,
                    role: Role::parse(&role).map_err(AuditError::Denied)?,
                },
                hash,
            ))
        })
        .transpose()
}

/// A user by name (case does not matter), without logging anything.
pub fn find_user(store: &Store, name: &str) -> Result<Option<User>, AuditError> {
    Ok(find(store, name)?.map(|(u, _)| u))
}

/// Every user, by name.
pub fn list(store: &Store) -> Result<Vec<(User, bool)>, AuditError> {
    let mut stmt = store
        .conn()
        .prepare(&format!(
            "SELECT u.id, u.name, {ROLE_NOW} FROM users u ORDER BY u.name"
        ))
        .map_err(|e| store.sql_error(e))?;
    let rows: Vec<(i64, String, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .and_then(|m| m.collect())
        .map_err(|e| store.sql_error(e))?;
    rows.into_iter()
        .map(|(id, name, role)| {
            let u = User {
                id,
                name,
                role: Role::parse(&role).map_err(AuditError::Denied)?,
            };
            let locked = lock_state(store, id)?.0;
            Ok((u, locked))
        })
        .collect()
}

/// The seq of a user's newest PIN reset (with its `user_changed` event), or 0.
fn last_pin_reset(store: &Store, user: i64) -> Result<i64, AuditError> {
    store
        .conn()
        .query_row(
            "SELECT coalesce(max(c.set_seq), 0) FROM user_changes c JOIN events e ON e.seq = c.set_seq JOIN event_kinds k ON k.code = e.kind AND k.name = 'user_changed' WHERE c.user_id = ?1 AND c.pin_hash IS NOT NULL",
            [user],
            |r| r.get(0),
        )
        .map_err(|e| store.sql_error(e))
}

/// (locked, failed attempts since the last login, unlock, lock or PIN reset) for a user.
/// Walks the user's login events back from the newest to the last login, unlock or lock,
/// however far back that is: a lock holds until a supervisor's unlock, whatever follows
/// it (a PIN reset too). A PIN reset clears the count of failed attempts: only those after
/// it count towards a lock.
fn lock_state(store: &Store, user: i64) -> Result<(bool, usize), AuditError> {
    let reset = last_pin_reset(store, user)?;
    let mut stmt = store
        .conn()
        .prepare_cached(
            // The condition of the `events_login` index, word for word.
            "SELECT kind, seq FROM events WHERE user_id = ?1 AND kind IN (3, 4, 6, 7) ORDER BY seq DESC",
        )
        .map_err(|e| store.sql_error(e))?;
    let mut rows = stmt.query([user]).map_err(|e| store.sql_error(e))?;
    let mut failed = 0;
    while let Some(row) = rows.next().map_err(|e| store.sql_error(e))? {
        let code: i64 = row.get(0).map_err(|e| store.sql_error(e))?;
        let seq: i64 = row.get(1).map_err(|e| store.sql_error(e))?;
        match EventKind::from_code(code) {
            Some(EventKind::LoginFailed) if seq < reset => {}
            Some(EventKind::LoginFailed) => failed += 1,
            Some(EventKind::UserLocked) => return Ok((true, failed)),
            _ => break,
        }
    }
    Ok((false, failed))
}

/// Why a login was refused. The message never says whether the name or the PIN was wrong.
#[derive(Debug, thiserror::Error)]
pub enum LoginError {
    #[error("wrong name or PIN")]
    Wrong,
    #[error(
        "{0} is locked after {MAX_FAILED_LOGINS} failed attempts: a supervisor must unlock the account"
    )]
    Locked(String),
    #[error(transparent)]
    Store(#[from] AuditError),
}

/// Checks a PIN and logs the attempt. Five failures in a row lock the user.
pub fn login(
    store: &mut Store,
    name: &str,
    pin: &str,
    table: Option<i64>,
) -> Result<User, LoginError> {
    let Some((user, hash)) = find(store, name)? else {
        store.append(
            &Payload::LoginFailed(payload::LoginFailed {
                name: name.trim().to_string(),
                reason: "unknown user".into(),
            }),
            table,
            None,
            None,
        )?;
        return Err(LoginError::Wrong);
    };
    let (locked, failed) = lock_state(store, user.id)?;
    if locked {
        store.append(
            &Payload::LoginFailed(payload::LoginFailed {
                name: user.name.clone(),
                reason: "locked".into(),
            }),
            table,
            Some(user.id),
            None,
        )?;
        return Err(LoginError::Locked(user.name));
    }
    if !pin_matches(pin, &hash) {
        store.append(
            &Payload::LoginFailed(payload::LoginFailed {
                name: user.name.clone(),
                reason: "wrong PIN".into(),
            }),
            table,
            Some(user.id),
            None,
        )?;
        if failed + 1 >= MAX_FAILED_LOGINS {
            store.append(
                &Payload::UserLocked(payload::UserLocked {
                    name: user.name.clone(),
                    failed: failed as u32 + 1,
                }),
                table,
                Some(user.id),
                None,
            )?;
            return Err(LoginError::Locked(user.name));
        }
        return Err(LoginError::Wrong);
    }
    store.append(
        &Payload::Login(payload::Login {
            name: user.name.clone(),
            role: user.role.name().to_string(),
        }),
        table,
        Some(user.id),
        None,
    )?;
    Ok(user)
}

pub(crate) fn logout(store: &mut Store, user: &User, table: Option<i64>) -> Result<(), AuditError> {
    store.append(
        &Payload::Logout(payload::Named {
            name: user.name.clone(),
        }),
        table,
        Some(user.id),
        None,
    )?;
    Ok(())
}

/// Whether `by` may unlock `name` now: `by` supervises and `name` is a locked user. Nothing
/// is written; gives the user's name as stored.
pub fn may_unlock(store: &Store, name: &str, by: &User) -> Result<String, AuditError> {
    let by = &as_now(store, by)?;
    if !by.role.supervises() {
        return Err(AuditError::Denied(Denied::DealerCannotUnlock(
            by.name.clone(),
        )));
    }
    let (user, _) = find(store, name)?
        .ok_or_else(|| AuditError::Denied(Denied::NoSuchUser(name.to_string())))?;
    if !lock_state(store, user.id)?.0 {
        return Err(AuditError::Denied(Denied::NotLocked(user.name.clone())));
    }
    Ok(user.name)
}

/// A supervisor unlocks a locked user.
pub fn unlock(store: &mut Store, name: &str, by: &User) -> Result<(), AuditError> {
    may_unlock(store, name, by)?;
    let (user, _) = find(store, name)?
        .ok_or_else(|| AuditError::Denied(Denied::NoSuchUser(name.to_string())))?;
    store.append(
        &Payload::UserUnlocked(payload::UserUnlocked {
            name: user.name.clone(),
            by: by.id,
            by_name: by.name.clone(),
        }),
        None,
        Some(user.id),
        None,
    )?;
    Ok(())
}

/// What a supervisor or admin changes of a user: a new PIN, a new role, or a new role with
/// a new PIN (a promotion to a role whose PIN is longer needs one: the old short PIN must
/// not stay, issue 24).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change<'a> {
    Pin(&'a str),
    Role(Role),
    RoleWithPin(Role, &'a str),
}

impl<'a> Change<'a> {
    fn role(self) -> Option<Role> {
        match self {
            Change::Pin(_) => None,
            Change::Role(r) | Change::RoleWithPin(r, _) => Some(r),
        }
    }

    fn pin(self) -> Option<&'a str> {
        match self {
            Change::Pin(p) | Change::RoleWithPin(_, p) => Some(p),
            Change::Role(_) => None,
        }
    }
}

/// Whether a user of role `from` made `to` needs a new PIN with it: the new role's PIN
/// is longer than the old role's, and the hash cannot say how long the old PIN is.
pub fn role_needs_new_pin(from: Role, to: Role) -> bool {
    min_pin_len(to) > min_pin_len(from)
}

/// `by` as the store holds them now, for a rights check at the time of the action: their
/// current role (an admin may have changed it since their login, while their session stays
/// open), refused if they are locked now or no longer a user. Every check of a right asks
/// this rather than the role cached at login.
pub(crate) fn as_now(store: &Store, by: &User) -> Result<User, AuditError> {
    let gone = || AuditError::Denied(Denied::NoSuchUser(by.name.clone()));
    let (now, _) = find(store, &by.name)?.ok_or_else(gone)?;
    if now.id != by.id {
        return Err(gone());
    }
    if lock_state(store, now.id)?.0 {
        return Err(AuditError::Denied(Denied::LockedNow(now.name)));
    }
    Ok(now)
}

/// Whether `by_role` may add a `role`: an admin anyone, a supervisor a dealer.
pub(crate) fn may_add_role(by_role: Role, role: Role) -> bool {
    by_role == Role::Admin || (by_role == Role::Supervisor && role == Role::Dealer)
}

/// Whether `by_role` may reset the PIN of a `role` (the rights of adding one: an admin
/// anyone's, a supervisor a dealer's).
pub(crate) fn may_reset_pin_of(by_role: Role, role: Role) -> bool {
    may_add_role(by_role, role)
}

/// Whether `by_role` may change users' roles: an admin only.
pub(crate) fn may_set_roles(by_role: Role) -> bool {
    by_role == Role::Admin
}

/// How many users are admins now.
fn admins(store: &Store) -> Result<i64, AuditError> {
    store
        .conn()
        .query_row(
            &format!("SELECT count(*) FROM users u WHERE {ROLE_NOW} = 'admin'"),
            [],
            |r| r.get(0),
        )
        .map_err(|e| store.sql_error(e))
}

/// Whether `by` (as they are now) may make `user` a `role`: an admin only, never to the
/// role the user has, never the last admin's.
fn may_set_role(store: &Store, by_now: &User, user: &User, role: Role) -> Result<(), AuditError> {
    if !may_set_roles(by_now.role) {
        return Err(AuditError::Denied(Denied::OnlyAdminSetsRoles {
            by: by_now.name.clone(),
            by_role: by_now.role,
        }));
    }
    if role == user.role {
        return Err(AuditError::Denied(Denied::SameRole {
            name: user.name.clone(),
            role,
        }));
    }
    if user.role == Role::Admin && admins(store)? <= 1 {
        return Err(AuditError::Denied(Denied::LastAdmin(user.name.clone())));
    }
    Ok(())
}

/// Whether `by` may make `change` to `name` now: a PIN reset by the rights of adding (an
/// admin anyone's, a supervisor a dealer's; the PIN long enough for the user's role), a
/// role change by an admin only, never to the role the user has, never the last admin's;
/// a promotion to a role with a longer PIN only with a new PIN long enough for it.
/// `by`'s role is read again (it may have changed since their login). Nothing is written;
/// gives the user as they are now.
pub fn may_change(
    store: &Store,
    name: &str,
    change: Change<'_>,
    by: &User,
) -> Result<User, AuditError> {
    let no_user = |n: &str| AuditError::Denied(Denied::NoSuchUser(n.to_string()));
    let by_now = as_now(store, by)?;
    let (user, _) = find(store, name)?.ok_or_else(|| no_user(name))?;
    match change {
        Change::Pin(pin) => {
            if !may_reset_pin_of(by_now.role, user.role) {
                return Err(AuditError::Denied(Denied::MayNotResetPin {
                    by: by_now.name,
                    by_role: by_now.role,
                    role: user.role,
                }));
            }
            check_pin(pin, user.role)?;
        }
        Change::Role(role) | Change::RoleWithPin(role, _) => {
            may_set_role(store, &by_now, &user, role)?;
            match change.pin() {
                Some(pin) => check_pin(pin, role)?,
                None if role_needs_new_pin(user.role, role) => {
                    return Err(AuditError::Denied(Denied::PromotionNeedsPin {
                        name: user.name,
                        role,
                        min: min_pin_len(role),
                    }));
                }
                None => {}
            }
        }
    }
    Ok(user)
}

/// One `user_changes` row (a role or a PIN's hash) and its `user_changed` event.
fn log_change(
    store: &mut Store,
    user: &User,
    by: &User,
    role: Option<Role>,
    pin_hash: Option<&str>,
) -> Result<(), AuditError> {
    let seq = store.head().0 + 1;
    store
        .conn()
        .execute(
            "INSERT INTO user_changes (set_seq, user_id, role, pin_hash) VALUES (?1, ?2, ?3, ?4)",
            params![seq, user.id, role.map(Role::name), pin_hash],
        )
        .map_err(|e| store.sql_error(e))?;
    store.append(
        &Payload::UserChanged(payload::UserChanged {
            user: user.id,
            name: user.name.clone(),
            pin_hash_sha256: pin_hash.map(pin_digest),
            role: role.map(|r| r.name().to_string()),
            was: role.map(|_| user.role.name().to_string()),
            by: by.id,
            by_name: by.name.clone(),
        }),
        None,
        Some(by.id),
        None,
    )?;
    Ok(())
}

/// A supervisor or admin resets a user's PIN or changes their role, as `may_change`
/// allows: a `user_changes` row (a new PIN's hash, or the role) and its `user_changed`
/// event (the hash's digest only; a role with a PIN: both), in one transaction. A lock stays until an unlock; a PIN
/// reset clears the user's count of failed attempts (a lock needs five more after it).
pub fn change_user(
    store: &mut Store,
    name: &str,
    change: Change<'_>,
    by: &User,
) -> Result<User, AuditError> {
    let user = may_change(store, name, change, by)?;
    let pin_hash = change
        .pin()
        .map(|pin| hash_pin(pin, PinCost::Standard))
        .transpose()?;
    let role = change.role();
    store.begin_batch()?;
    let result = (|| {
        // Asked again under the write lock: another desk may have demoted the other admin
        // (or `by`) since, and the last admin must stay one.
        may_change(store, name, change, by)?;
        // A row holds a role or a PIN (schema 9), so a promotion with a PIN is two rows
        // and two events in this one transaction: the role, then the PIN.
        if let Some(r) = role {
            log_change(store, &user, by, Some(r), None)?;
        }
        if let Some(h) = &pin_hash {
            log_change(store, &user, by, None, Some(h))?;
        }
        Ok(())
    })();
    match result {
        Ok(()) => {
            store.commit_batch()?;
            Ok(User {
                role: role.unwrap_or(user.role),
                ..user
            })
        }
        Err(e) => {
            store.rollback_batch()?;
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_must_be_people() {
        for bad in [
            "admin",
            "Dealer 2",
            "x",
            "table3",
            "SUPERVISOR",
            "guest",
            "a1",
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        for good in ["Ana Novak", "Jan O'Neil", "Li", "Marie-Claire Dubois"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        assert!(
            check_pin("123", Role::Dealer).is_err()
                && check_pin("12a4", Role::Dealer).is_err()
                && check_pin("4821", Role::Dealer).is_ok()
                && check_pin("4821", Role::Supervisor).is_err()
                && check_pin("48215", Role::Admin).is_err()
                && check_pin("482151", Role::Admin).is_ok()
        );
    }
}
