//! One writer per database file: the writer's `flock` on the file itself, and who holds it.

use std::fs::{File, OpenOptions};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use super::error::AuditError;

/// The writer's lock: an exclusive `flock` on the database file itself, so that a second
/// name for the same file (a hard link, a symlink) meets the same lock. Released when
/// the `Store` drops (its last field, after the connection).
///
/// The lock's descriptor is never closed while the process lives. POSIX drops *all* of a
/// process's record locks on a file when *any* descriptor of that file is closed, and
/// SQLite's locks are such record locks: closing a descriptor of our own beside an open
/// connection would pull SQLite's locks from under it. So each database file (by device
/// and inode) gets one descriptor per process, kept in `LOCKS`, and unlocking is
/// `flock(LOCK_UN)`. This table is the program's one piece of process-wide state.
pub(super) struct WriterLock {
    key: (u64, u64),
}

/// A database file's lock: (device, inode), the descriptor, whether a `Store` holds it.
type LockEntry = ((u64, u64), File, bool);

static LOCKS: std::sync::Mutex<Vec<LockEntry>> = std::sync::Mutex::new(Vec::new());

impl Drop for WriterLock {
    fn drop(&mut self) {
        let mut locks = LOCKS.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(entry) = locks.iter_mut().find(|e| e.0 == self.key) {
            let _ = entry.1.unlock();
            entry.2 = false;
        }
    }
}

/// Takes the writer's lock on the database file (creating the file 0600 if absent),
/// saying who holds it if taken.
pub(super) fn take_lock(path: &Path) -> Result<WriterLock, AuditError> {
    use std::os::unix::fs::MetadataExt;
    let cannot = |e: std::io::Error| AuditError::ReadOnly {
        path: path.to_path_buf(),
        detail: format!("cannot open the file to write: {e}"),
    };
    let mut locks = LOCKS.lock().unwrap_or_else(|p| p.into_inner());
    let key = match std::fs::metadata(path) {
        Ok(m) => (m.dev(), m.ino()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // New file: nobody in this process can have it open yet.
            let f = OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(path)
                .map_err(cannot)?;
            let m = f.metadata().map_err(cannot)?;
            locks.push(((m.dev(), m.ino()), f, false));
            (m.dev(), m.ino())
        }
        Err(e) => return Err(cannot(e)),
    };
    if !locks.iter().any(|e| e.0 == key) {
        let f = OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(cannot)?;
        locks.push((key, f, false));
    }
    let entry = locks
        .iter_mut()
        .find(|e| e.0 == key)
        .ok_or_else(|| cannot(std::io::Error::other("lock table")))?;
    if entry.2 {
        return Err(AuditError::InUse {
            path: path.to_path_buf(),
            holder: format!("pid {}, this program", std::process::id()),
        });
    }
    match entry.1.try_lock() {
        Ok(()) => {
            entry.2 = true;
            Ok(WriterLock { key })
        }
        Err(_) => Err(AuditError::InUse {
            path: path.to_path_buf(),
            holder: lock_holder(key.1).unwrap_or_else(|| "another process".into()),
        }),
    }
}

/// Who holds the `flock` on this file, from /proc/locks (Linux): "pid N (program)".
fn lock_holder(ino: u64) -> Option<String> {
    let locks = std::fs::read_to_string("/proc/locks").ok()?;
    let pid = locks.lines().find_map(|l| {
        let w: Vec<&str> = l.split_whitespace().collect();
        // "1: FLOCK  ADVISORY  WRITE 12345 fd:01:123456 0 EOF"
        let i = w.iter().position(|x| *x == "FLOCK")?;
        let pid = w.get(i + 3)?;
        let dev_ino = w.get(i + 4)?;
        (dev_ino.rsplit(':').next()?.parse::<u64>().ok()? == ino).then(|| pid.to_string())
    })?;
    let program = std::fs::read_to_string(format!("/proc/{pid}/comm"))
        .map(|s| s.trim().to_string())
        .unwrap_or_default();
    Some(if program.is_empty() {
        format!("pid {pid}")
    } else {
        format!("pid {pid}, {program}")
    })
}
