//! The program's two file policies, written once: a text file read guarded (a regular
//! file only, its size capped, so a FIFO or `/dev/zero` never blocks or fills memory), and
//! a report file created new (never over a file unless asked, never through a link).
//! Knows no rule, report or screen: callers say the errors in their own words.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most a rules file may hold (a rules file is well under 2 KiB).
pub const MAX_RULES_BYTES: u64 = 64 * 1024;

/// Why a text file was not read. The messages name no path: callers add it.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("not a regular file (a folder, a FIFO or a device)")]
    NotAFile,
    #[error("larger than {max} bytes")]
    TooBig { max: u64 },
    #[error("not UTF-8 text")]
    NotUtf8,
    #[error("{0}")]
    Io(std::io::Error),
}

/// The text of the regular file at `path` (a link to one is followed), at most `max`
/// bytes. Checked by name and again on the open handle, so a name swapped for a FIFO
/// between the two is refused too; reads at most `max + 1` bytes.
pub fn read_text(path: &Path, max: u64) -> Result<String, ReadError> {
    if !std::fs::metadata(path).map_err(ReadError::Io)?.is_file() {
        return Err(ReadError::NotAFile);
    }
    let file = File::open(path).map_err(ReadError::Io)?;
    if !file.metadata().map_err(ReadError::Io)?.is_file() {
        return Err(ReadError::NotAFile);
    }
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > max {
        return Err(ReadError::TooBig { max });
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotUtf8)
}

/// Why a report file was not created.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// A file (or a link, even a dangling one) has the name, and replacing was not asked.
    #[error("{}: already exists", .0.display())]
    Exists(PathBuf),
    /// The name is a symbolic link: never written through, even when replacing.
    #[error(
        "{} is a symbolic link: a report is never written through one (give a file name or folder that is not a link)",
        .0.display()
    )]
    Link(PathBuf),
    /// The name is not a regular file of its own (a FIFO, a device, a folder, or a file
    /// with another name too): never replaced.
    #[error(
        "{} is not a regular file of its own (a FIFO, a device, a folder or a hard-linked file): not replaced",
        .0.display()
    )]
    NotAFile(PathBuf),
    #[error("{}: {error}", .path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
}

/// Whether `path` names anything, a dangling link included.
pub fn exists(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// Removes a report file this program made and could not finish, so that no cut-off
/// report is left under its name looking whole (best effort: a file that cannot be removed
/// stays, and the write's own error is what the user is told).
pub fn discard(path: &Path) {
    let _ = std::fs::remove_file(path);
}

/// Creates the report file `path` for writing. Without `replace`, a name already taken is
/// `Exists` — decided when the file is created (`O_EXCL`), so a file that appeared since
/// the caller looked is not overwritten either. With `replace`, a regular file of that name
/// is truncated, but a link is refused, also one put there after the look (`O_NOFOLLOW`),
/// and so is anything but a regular file with one name (checked on the open handle, opened
/// without blocking, before anything is truncated).
pub fn create(path: &Path, replace: bool) -> Result<File, WriteError> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let io = |error| WriteError::Io {
        path: path.to_path_buf(),
        error,
    };
    if replace && std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(WriteError::Link(path.to_path_buf()));
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    if replace {
        options
            .create(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    } else {
        options.create_new(true);
    }
    let file = options.open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => WriteError::Exists(path.to_path_buf()),
        _ if e.raw_os_error() == Some(libc::ELOOP) => WriteError::Link(path.to_path_buf()),
        _ => io(e),
    })?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() || meta.nlink() > 1 {
        return Err(WriteError::NotAFile(path.to_path_buf()));
    }
    if replace {
        file.set_len(0).map_err(io)?;
    }
    Ok(file)
}

/// Writes `bytes` into a new report file at `path` (see [`create`]).
pub fn write_new(path: &Path, bytes: &[u8], replace: bool) -> Result<(), WriteError> {
    use std::io::Write;
    let mut file = create(path, replace)?;
    file.write_all(bytes)
        .and_then(|()| file.flush())
        .map_err(|error| WriteError::Io {
            path: path.to_path_buf(),
            error,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("croupier-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_report_file_is_never_written_over_unless_asked_and_never_through_a_link() {
        let d = dir("write");
        let p = d.join("r.html");
        write_new(&p, b"one", false).unwrap();
        assert!(matches!(
            write_new(&p, b"two", false),
            Err(WriteError::Exists(_))
        ));
        assert_eq!(std::fs::read(&p).unwrap(), b"one");
        write_new(&p, b"two", true).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        let target = d.join("elsewhere.txt");
        std::fs::write(&target, b"kept").unwrap();
        let link = d.join("link.html");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert!(matches!(
            write_new(&link, b"x", false),
            Err(WriteError::Exists(_))
        ));
        assert!(matches!(
            write_new(&link, b"x", true),
            Err(WriteError::Link(_))
        ));
        let dangling = d.join("dangling.html");
        std::os::unix::fs::symlink(d.join("nowhere"), &dangling).unwrap();
        assert!(matches!(
            write_new(&dangling, b"x", false),
            Err(WriteError::Exists(_))
        ));
        assert!(!d.join("nowhere").exists());
        assert_eq!(std::fs::read(&target).unwrap(), b"kept");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_text_file_is_read_only_if_regular_and_small() {
        let d = dir("read");
        let ok = d.join("ok.json");
        std::fs::write(&ok, "{}").unwrap();
        assert_eq!(read_text(&ok, 10).unwrap(), "{}");
        assert!(matches!(
            read_text(&ok, 1),
            Err(ReadError::TooBig { max: 1 })
        ));
        assert!(matches!(read_text(&d, 10), Err(ReadError::NotAFile)));
        assert!(matches!(
            read_text(Path::new("/dev/zero"), 10),
            Err(ReadError::NotAFile)
        ));
        std::fs::write(d.join("bin.json"), [0xff, 0xfe]).unwrap();
        assert!(matches!(
            read_text(&d.join("bin.json"), 10),
            Err(ReadError::NotUtf8)
        ));
        assert!(matches!(
            read_text(&d.join("none.json"), 10),
            Err(ReadError::Io(_))
        ));
        std::fs::remove_dir_all(&d).unwrap();
    }
}
