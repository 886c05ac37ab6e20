//! What can go wrong with the log: the file (not Croupier's, a newer or older schema, in
//! use, read-only, full, SQLite's own failure), and a person's request refused. Carries no
//! session type; the refusal codes it holds are `crate::codes`'.

use std::path::PathBuf;

pub use crate::codes::LogRefusal;
use crate::codes::StoreCode;

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
    /// What the log found wrong on the file (not SQLite's own failure: that is `Db`).
    #[error("{path}: {detail}")]
    Sqlite { path: PathBuf, detail: String },
    /// SQLite's own failure on the file, its error kept as the source (a chain printed
    /// with its causes, `{:#}` or [`with_causes`], says it once).
    #[error("{path}: SQLite failed")]
    Db {
        path: PathBuf,
        #[source]
        source: rusqlite::Error,
    },
    #[error("could not hash the PIN: {0}")]
    PinHash(String),
    /// A person's request the store refused (a name, a PIN, a right): a closed set, so
    /// that a screen says each in its language.
    #[error("{0}")]
    Denied(crate::codes::Denied),
    /// The log cannot give what was asked: a round or game that is not there or not
    /// over, or a logged event that does not read back.
    #[error("{0}")]
    Refused(LogRefusal),
}

impl AuditError {
    /// What went wrong, as codes and values (`i18n::errors::store` says it in words):
    /// SQLite's own failure as its text, everything else as it is.
    pub fn code(&self) -> StoreCode {
        match self {
            AuditError::NotCroupier { path, detail } => StoreCode::NotCroupier {
                path: path.clone(),
                detail: detail.clone(),
            },
            AuditError::NewerSchema { path, found, known } => StoreCode::NewerSchema {
                path: path.clone(),
                found: *found,
                known: *known,
            },
            AuditError::OlderSchema { path, found, known } => StoreCode::OlderSchema {
                path: path.clone(),
                found: *found,
                known: *known,
            },
            AuditError::InUse { path, holder } => StoreCode::InUse {
                path: path.clone(),
                holder: holder.clone(),
            },
            AuditError::ReadOnly { path, detail } => StoreCode::ReadOnly {
                path: path.clone(),
                detail: detail.clone(),
            },
            AuditError::DiskFull { path } => StoreCode::DiskFull { path: path.clone() },
            AuditError::Sqlite { path, detail } => StoreCode::Sqlite {
                path: path.clone(),
                detail: detail.clone(),
            },
            AuditError::Db { path, source } => StoreCode::Sqlite {
                path: path.clone(),
                detail: source.to_string(),
            },
            AuditError::PinHash(detail) => StoreCode::PinHash(detail.clone()),
            AuditError::Denied(d) => StoreCode::Denied(d.clone()),
            AuditError::Refused(r) => StoreCode::Refused(r.clone()),
        }
    }
}

/// An error and each of its causes, joined by ": " (for a message that holds an error but
/// is not its chain: each cause said once).
pub fn with_causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::Store;

    #[test]
    fn sqlite_s_own_failure_is_kept_as_the_source_and_said_once() {
        let dir = std::env::temp_dir().join(format!("croupier-db-error-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let store = Store::open(&dir.join("t.db")).unwrap();
        let e = store.conn().execute("SELEKT nothing", []).unwrap_err();
        let e = store.sql_error(e);
        assert!(matches!(e, AuditError::Db { .. }), "{e:?}");
        let source = std::error::Error::source(&e).expect("a source");
        assert!(source.downcast_ref::<rusqlite::Error>().is_some());
        let text = with_causes(&e);
        assert!(text.contains("SQLite failed: near \"SELEKT\""), "{text}");
        assert_eq!(text.matches("near \"SELEKT\"").count(), 1, "{text}");
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
