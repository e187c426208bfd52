//! One game per data directory at a time: [`AutosaveLock`] is an operating-system advisory lock
//! on `autosave.lock`, held by `kibitzer play` from before it reads the autosave until it exits.
//! A second instance on the same directory is refused with the first one's process id, so two
//! instances never overwrite each other's game. The operating system releases the lock when
//! the process ends in any way (even `kill -9`), so a lock is never stale; the file stays
//! (removing it could let two processes lock two different files).

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use crate::i18n::tr;

/// The lock file in the data directory.
pub fn lock_path(data_dir: &Path) -> PathBuf {
    data_dir.join("autosave.lock")
}

/// Why the autosave could not be locked.
#[derive(Debug)]
pub enum LockError {
    /// Another process holds the lock (its id, as it wrote it, when readable).
    Busy {
        /// The data directory.
        data_dir: PathBuf,
        /// The other process's id.
        pid: Option<u32>,
    },
    /// The data directory cannot be used (it is a file, or not writable).
    Unusable {
        /// The data directory.
        data_dir: PathBuf,
        /// What the system said.
        reason: String,
    },
}

impl std::fmt::Display for LockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LockError::Busy { data_dir, pid } => {
                let dir = data_dir.display().to_string();
                f.write_str(&match pid {
                    Some(p) => tr(
                        "lock-busy-process",
                        &[("pid", (*p).into()), ("dir", dir.into())],
                    ),
                    None => tr("lock-busy", &[("dir", dir.into())]),
                })
            }
            LockError::Unusable { data_dir, reason } => f.write_str(&tr(
                "lock-unusable",
                &[
                    ("dir", data_dir.display().to_string().into()),
                    ("reason", reason.as_str().into()),
                ],
            )),
        }
    }
}

impl std::error::Error for LockError {}

/// How many times, [`OWN_LOCK_PAUSE`] apart, a lock this process itself recorded is tried again
/// before it is reported busy (2 s in all).
const OWN_LOCK_WAITS: u32 = 100;
/// See [`OWN_LOCK_WAITS`].
const OWN_LOCK_PAUSE: std::time::Duration = std::time::Duration::from_millis(20);

/// The held lock; dropping it releases it.
#[derive(Debug)]
pub struct AutosaveLock {
    _file: File,
}

impl AutosaveLock {
    /// Takes the lock on `data_dir`'s autosave (creating the directory), writing this process's
    /// id into the lock file for the message another instance shows.
    ///
    /// # Errors
    /// [`LockError::Busy`] when another process holds it, [`LockError::Unusable`] when the
    /// directory cannot be created or written.
    pub fn acquire(data_dir: &Path) -> Result<AutosaveLock, LockError> {
        let unusable = |e: std::io::Error| LockError::Unusable {
            data_dir: data_dir.to_path_buf(),
            reason: if data_dir.is_file() {
                crate::i18n::t("lock-is-a-file")
            } else {
                e.to_string()
            },
        };
        std::fs::create_dir_all(data_dir).map_err(unusable)?;
        if !data_dir.is_dir() {
            return Err(unusable(std::io::Error::other("not a directory")));
        }
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(lock_path(data_dir))
            .map_err(unusable)?;
        let mut waited = 0;
        loop {
            match file.try_lock() {
                Ok(()) => break,
                Err(TryLockError::WouldBlock) => {
                    let mut text = String::new();
                    let _ = file.rewind().and_then(|()| file.read_to_string(&mut text));
                    let pid: Option<u32> = text.trim().parse().ok();
                    // Our own lock, just released, can still be held for a moment by a child
                    // process being started (it holds a copy of every open file until it runs
                    // its program): wait for that rather than refuse ourselves.
                    if pid == Some(std::process::id()) && waited < OWN_LOCK_WAITS {
                        waited += 1;
                        std::thread::sleep(OWN_LOCK_PAUSE);
                        continue;
                    }
                    return Err(LockError::Busy {
                        data_dir: data_dir.to_path_buf(),
                        pid,
                    });
                }
                Err(TryLockError::Error(e)) => return Err(unusable(e)),
            }
        }
        // Ours now: record who holds it (best effort; the lock itself is what counts).
        let _ = file
            .set_len(0)
            .and_then(|()| file.rewind())
            .and_then(|()| writeln!(file, "{}", std::process::id()))
            .and_then(|()| file.flush());
        Ok(AutosaveLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 23: two instances on one data directory overwrote each other's game.
    #[test]
    fn a_second_lock_is_refused_with_the_holders_pid_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let first = AutosaveLock::acquire(dir.path()).unwrap();
        let second = AutosaveLock::acquire(dir.path()).unwrap_err();
        match &second {
            LockError::Busy { pid, .. } => assert_eq!(*pid, Some(std::process::id())),
            other => panic!("{other}"),
        }
        let text = second.to_string();
        assert!(
            text.contains(&format!("process {}", std::process::id())),
            "{text}"
        );
        assert!(text.contains("KIBITZER_DATA_DIR"), "{text}");
        drop(first);
        // Released (as when the holder is killed): the lock file left behind is no obstacle.
        assert!(lock_path(dir.path()).exists());
        AutosaveLock::acquire(dir.path()).unwrap();
    }

    /// Issue 23: a data directory that is a file was reported as "the saved game is damaged".
    #[test]
    fn a_file_as_data_dir_is_reported_as_such() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("data");
        std::fs::write(&file, "x").unwrap();
        let e = AutosaveLock::acquire(&file).unwrap_err().to_string();
        assert!(e.contains("it is a file, not a directory"), "{e}");
        assert!(e.contains(&file.display().to_string()), "{e}");
    }

    /// Issue 38: the second instance and the unusable directory are told in Portuguese.
    #[test]
    fn both_messages_in_portuguese() {
        use crate::i18n::{Lang, with};
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("data");
        std::fs::write(&file, "x").unwrap();
        let e = with(Lang::PtBr, || {
            AutosaveLock::acquire(&file).unwrap_err().to_string()
        });
        assert!(e.contains("é um arquivo, não um diretório"), "{e}");
        assert!(e.contains("permissão de escrita"), "{e}");
        let _first = AutosaveLock::acquire(dir.path()).unwrap();
        let busy = AutosaveLock::acquire(dir.path()).unwrap_err();
        let e = with(Lang::PtBr, || busy.to_string());
        assert!(
            e.starts_with(&format!("outro kibitzer (processo {})", std::process::id())),
            "{e}"
        );
        assert!(e.contains("KIBITZER_DATA_DIR"), "{e}");
    }
}
