"""One running game per data folder.

Two windows on one folder would overwrite each other's save and statistics, so the app
holds an operating-system lock on `<data folder>/skyjo.lock` while it runs. The lock is
taken with `filelock` (flock on POSIX, LockFileEx on Windows): the system releases it
when the process ends in any way, crash and power cut included, so a lock left by a dead
process never blocks the next start. The lock file itself stays; only the lock matters.
"""

from __future__ import annotations

from pathlib import Path

import filelock

LOCK_FILE = "skyjo.lock"


class FolderInUse(RuntimeError):
    """Another running Skyjo holds the data folder; the message says which folder."""


class FolderLock:
    """The data folder's lock, held from `acquire()` until `release()` or the process ends."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_FILE
        self._lock: filelock.BaseFileLock | None = None

    @property
    def held(self) -> bool:
        return self._lock is not None and self._lock.is_locked

    def acquire(self) -> bool:
        """Take the lock at once. Raises FolderInUse when another process holds it; returns
        False (and runs unlocked) when the folder cannot hold a lock file at all, e.g. a
        read-only folder, where nothing can be written anyway and the store says so."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return False
        lock = filelock.FileLock(str(self.path), timeout=0, thread_local=False)
        try:
            lock.acquire(timeout=0)
        except filelock.Timeout:
            raise FolderInUse(f"Skyjo is already running with the data folder {self.folder}") from None
        except OSError:
            return False
        self._lock = lock
        return True

    def release(self) -> None:
        if self._lock is not None:
            self._lock.release(force=True)
            self._lock = None
