//! What can go wrong with the log: the file (not Croupier's, a newer or older schema, in
//! use, read-only, full, SQLite's own failure), and a person's request refused. Carries no
//! session type; the refusal codes it holds are `crate::codes`'.

use std::path::PathBuf;

/// What went wrong with the database. Every message names the file and what to do.
#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    #[error(
        "{path}: not a Croupier database ({detail}); give the path of a Croupier database, or a new file name to create one"
    )]
    NotCroupier { path: PathBuf, detail: String },
    #[error(
        "{path}: written by a newer Croupier (schema {found}, this program knows up to {known}); use a newer Croupier"
    )]
    NewerSchema {
        path: PathBuf,
        found: i32,
        known: i32,
    },
    #[error(
        "{path}: schema {found} is older than {known}; upgrade it first with `croupier migrate --db FILE` (nothing logged is changed)"
    )]
    OlderSchema {
        path: PathBuf,
        found: i32,
        known: i32,
    },
    #[error(
        "{path}: in use by another Croupier process ({holder}); close it there first, or wait for it to finish"
    )]
    InUse { path: PathBuf, holder: String },
    #[error(
        "{path}: cannot write ({detail}); check the file's and folder's permissions, or choose a writable place with --db"
    )]
    ReadOnly { path: PathBuf, detail: String },
    #[error(
        "{path}: the disk is full; nothing of this input was written. Free space on the disk, then enter it again"
    )]
    DiskFull { path: PathBuf },
    #[error("{path}: {detail}")]
    Sqlite { path: PathBuf, detail: String },
    #[error("could not hash the PIN: {0}")]
    PinHash(String),
    /// A person's request the store refused (a name, a PIN, a right): a closed set, so
    /// that a screen says each in its language.
    #[error("{0}")]
    Denied(crate::codes::Denied),
    #[error("{0}")]
    Refused(String),
}
