//! The feed over a Unix socket (`croupier feed --socket PATH`, docs/feed.md): the socket
//! file (created 0600; a stale one left by a crash replaced, anything else refused), one
//! client at a time through [`feed::run`] (the same protocol as standard input), `busy` to
//! a second client, and the file removed when the feed ends.

use std::fs;
use std::io::{self, BufReader, Write};
use std::os::fd::AsRawFd;
use std::os::unix::fs::{DirBuilderExt, FileTypeExt, MetadataExt, PermissionsExt};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use super::feed::{self, Feed, FeedError, RunError};
use crate::panics::panic_message;

/// What a client connecting while another is served reads before it is closed.
pub const BUSY: &str = "busy another client is connected; try again when it has gone";

/// How long a new client waits for the one being served to go before it is told [`BUSY`]:
/// a driver that disconnects and at once reconnects is not turned away while the feed is
/// still finishing its last line or reading its end.
pub const GRACE: Duration = Duration::from_secs(2);

/// The longest socket path, in bytes, as given (what a client passes to connect): Linux
/// keeps it in `sun_path`, 108 bytes with its end NUL.
pub const MAX_PATH: usize = 107;

/// Claims the feed for a new client: `true` once no client is served (within [`GRACE`]).
fn claim(serving: &AtomicBool) -> bool {
    let start = Instant::now();
    while serving.swap(true, Ordering::SeqCst) {
        if start.elapsed() >= GRACE {
            return false;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    true
}

/// Why the socket cannot serve.
#[derive(Debug, thiserror::Error)]
pub enum SocketError {
    #[error("{}: exists and is not a socket; not replaced", .0.display())]
    NotASocket(PathBuf),
    #[error(
        "{}: the path is {len} bytes, but a Unix socket's path may be at most {MAX_PATH} bytes (108 with its end NUL); give a shorter one",
        path.display()
    )]
    TooLong { path: PathBuf, len: usize },
    #[error("{}: a process is listening on this socket (another feed?); not replaced", .0.display())]
    InUse(PathBuf),
    #[error("{}: {}", .0.display(), .1)]
    Io(PathBuf, io::Error),
    #[error(transparent)]
    Feed(#[from] FeedError),
    /// The thread accepting clients panicked: the feed fails with its message rather than
    /// ending as if the table had closed.
    #[error("{}: the thread accepting clients failed: {message}", path.display())]
    AcceptorPanicked { path: PathBuf, message: String },
}

/// A listening feed socket. Its file is removed when it is dropped (if it is still this
/// socket's file).
pub struct FeedSocket {
    listener: UnixListener,
    path: PathBuf,
    /// The file's device and inode, so that only this socket's file is removed.
    id: (u64, u64),
}

impl FeedSocket {
    /// Listens at `path`. A socket file nobody listens on (a crashed feed's) is removed
    /// first; any other file, or a socket someone listens on, is refused. The socket is
    /// made in a private (0700) folder next to `path`, set to 0600, and only then linked at
    /// `path` (a link never replaces a file), so no one else can connect in between.
    pub fn bind(path: &Path) -> Result<FeedSocket, SocketError> {
        let io_err = |e| SocketError::Io(path.to_path_buf(), e);
        // The path clients connect to, as they give it, is what must fit.
        let len = path.as_os_str().len();
        if len > MAX_PATH {
            return Err(SocketError::TooLong {
                path: path.to_path_buf(),
                len,
            });
        }
        match fs::symlink_metadata(path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_err(e)),
            Ok(m) if !m.file_type().is_socket() => {
                return Err(SocketError::NotASocket(path.to_path_buf()));
            }
            Ok(_) => match UnixStream::connect(path) {
                Ok(_) => return Err(SocketError::InUse(path.to_path_buf())),
                Err(e) if e.kind() == io::ErrorKind::ConnectionRefused => {
                    match fs::remove_file(path) {
                        // Another feed starting may have removed it first.
                        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(io_err(e)),
                        _ => {}
                    }
                }
                Err(e) => return Err(io_err(e)),
            },
        }
        let parent = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let private = parent.join(format!(".croupier-feed-{}-{nanos}", std::process::id()));
        fs::DirBuilder::new()
            .mode(0o700)
            .create(&private)
            .map_err(|e| SocketError::Io(private.clone(), e))?;
        // Bound through the folder's descriptor (/proc/self/fd/N/s, short whatever the
        // folder's path) where /proc is there: only PATH's own length limits the socket.
        let folder = fs::File::open(&private).ok();
        let made = match &folder {
            Some(f) if Path::new("/proc/self/fd").is_dir() => {
                PathBuf::from(format!("/proc/self/fd/{}/s", f.as_raw_fd()))
            }
            _ => private.join("s"),
        };
        let linked = UnixListener::bind(&made)
            .and_then(|l| {
                fs::set_permissions(&made, fs::Permissions::from_mode(0o600))?;
                fs::hard_link(&made, path)?;
                Ok(l)
            })
            .map_err(|e| match e.kind() {
                io::ErrorKind::AlreadyExists => SocketError::InUse(path.to_path_buf()),
                _ => io_err(e),
            });
        let _ = fs::remove_file(&made);
        drop(folder);
        let _ = fs::remove_dir(&private);
        let listener = linked?;
        let m = fs::symlink_metadata(path).map_err(io_err)?;
        Ok(FeedSocket {
            listener,
            path: path.to_path_buf(),
            id: (m.dev(), m.ino()),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Serves clients one at a time until a client's `close` closes the table. A client's
    /// end (EOF, or its connection gone) ends that client only: the next one is accepted
    /// and greeted with what the table expects. A client connecting while another is
    /// served waits up to [`GRACE`] for it to go, then reads [`BUSY`] and is closed. Only
    /// the store ends the feed early.
    pub fn serve(self, feed: &mut Feed) -> Result<(), SocketError> {
        let io_err = |e| SocketError::Io(self.path.clone(), e);
        let listener = self.listener.try_clone().map_err(io_err)?;
        let serving = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::sync_channel::<io::Result<UnixStream>>(1);
        let acceptor = {
            let (serving, done) = (serving.clone(), done.clone());
            std::thread::spawn(move || {
                for client in listener.incoming() {
                    if done.load(Ordering::SeqCst) {
                        return;
                    }
                    match client {
                        Ok(mut s) if !claim(&serving) => {
                            let _ = s.set_write_timeout(Some(Duration::from_secs(1)));
                            let _ = s.write_all(format!("{BUSY}\n").as_bytes());
                        }
                        other => {
                            let failed = other.is_err();
                            if tx.send(other).is_err() || failed {
                                return;
                            }
                        }
                    }
                }
            })
        };
        let result = loop {
            let stream = match rx.recv() {
                Ok(Ok(s)) => s,
                Ok(Err(e)) => break Err(io_err(e)),
                Err(_) => break Err(io_err(io::Error::other("the acceptor stopped"))),
            };
            let mut input = BufReader::new(&stream);
            let mut out = &stream;
            match feed::run(feed, &mut input, &mut out) {
                // The client's end, or its connection gone (an answer it did not read is
                // in the log all the same): the next client is greeted with where it is.
                Ok(()) | Err(RunError::Read(_) | RunError::Write(_)) => {}
                Err(RunError::Feed(e)) => break Err(e.into()),
            }
            drop(stream);
            serving.store(false, Ordering::SeqCst);
            if feed.is_closed() {
                break Ok(());
            }
        };
        // Wake the acceptor (blocked in accept) so that it ends, then remove the file. One
        // that already ended is joined as it is; one that cannot be woken is left.
        done.store(true, Ordering::SeqCst);
        drop(rx);
        if acceptor.is_finished() || UnixStream::connect(&self.path).is_ok() {
            return joined(&self.path, acceptor, result);
        }
        result
    }
}

/// The feed's `result`, unless the acceptor thread panicked: then the feed fails with the
/// panic's message (a dead acceptor would otherwise read as "the acceptor stopped", or
/// as nothing at all).
fn joined(
    path: &Path,
    acceptor: JoinHandle<()>,
    result: Result<(), SocketError>,
) -> Result<(), SocketError> {
    match acceptor.join() {
        Ok(()) => result,
        Err(payload) => Err(SocketError::AcceptorPanicked {
            path: path.to_path_buf(),
            message: panic_message(payload.as_ref()),
        }),
    }
}

impl Drop for FeedSocket {
    fn drop(&mut self) {
        if let Ok(m) = fs::symlink_metadata(&self.path)
            && (m.dev(), m.ino()) == self.id
        {
            let _ = fs::remove_file(&self.path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An acceptor that panicked fails the feed with the panic's message, whatever the
    /// serving loop made of its silence; one that ended well leaves the result as it was.
    #[test]
    fn a_panicking_acceptor_fails_the_feed_with_its_message() {
        let path = Path::new("/tmp/feed.sock");
        let panicked = std::thread::spawn(|| panic!("accept went wrong"));
        match joined(path, panicked, Ok(())) {
            Err(SocketError::AcceptorPanicked { message, .. }) => {
                assert_eq!(message, "accept went wrong");
            }
            other => panic!("{other:?}"),
        }
        let fine = std::thread::spawn(|| {});
        assert!(joined(path, fine, Ok(())).is_ok());
    }
}
