"""One running game per data folder.

Two windows on one folder would overwrite each other's save and statistics, so the app
holds an operating-system lock on `<data folder>/skyjo.lock` while it runs: `flock` on
POSIX, `msvcrt.locking` on Windows. The system releases it when the process ends in any
way, crash and power cut included, so a lock left by a dead process never blocks the next
start. The lock file itself stays, empty; only the lock on it matters.

The lock is never switched off silently (docs/saves.md, "What the lock and the loaders
refuse"). In a folder that can be written, the entry `skyjo.lock` is either locked or the
start is refused with one line saying why and the way out:
- a link or another special file in its place is moved aside (it is never followed, so
  nothing outside the folder is ever opened through it) and a fresh lock file made;
- a folder in its place is refused (it may hold someone's files);
- a lock file that cannot be opened even for reading (another account's, e.g. left by
  `sudo skyjo` with a strict umask) is refused: a Skyjo of that account may hold it, and
  replacing it would let two games run. A readable one is locked through a read-only
  handle, which excludes that other account's game just as well.
Only a folder where nothing can be written (read-only media) runs without the lock, as
nothing can be lost there; the store says so when a write fails.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from game.sentences import Sentence

from .files import quarantine
from .notices import LOCK_NOT_PLAIN, LOCK_WAS_LINK, said

LOCK_FILE = "skyjo.lock"
LOCK_MODE = 0o644  # readable by every account, so another account's Skyjo can lock it too
ATTEMPTS = 20  # the entry changed under us this many times in a row: someone is playing with it
GUARD_TRIES, GUARD_PAUSE = 500, 0.01  # up to 5 s for another start's repair, which takes microseconds
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NO_WAIT = getattr(os, "O_NONBLOCK", 0)  # a FIFO planted as the file must not block the open
_BINARY = getattr(os, "O_BINARY", 0)
# errors that mean "another process holds the lock"
_HELD = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK)}


class FolderInUse(RuntimeError):
    """Another running Skyjo holds the data folder; the message says which folder."""


class LockRefused(RuntimeError):
    """The data folder can be written but its lock cannot be taken: the game must not start.
    The message is one line naming the entry and the way out."""


class FolderLock:
    """The data folder's lock, held from `acquire()` until `release()` or the process ends."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_FILE
        self._fd: int | None = None
        self.repairs: list[Sentence] = []  # what acquire() had to set right, for the store's notices

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock at once: True once held. Raises FolderInUse when another process
        holds it, LockRefused when the folder can be written but not locked (see the module
        text); False only for a folder where nothing can be written, which runs unlocked."""
        if self._fd is not None:
            return True
        if not self._make_folder():
            return False
        for _ in range(ATTEMPTS):
            fd = self._open_entry()
            if fd is None:
                return False
            try:
                self._lock(fd)
            except BaseException:
                os.close(fd)
                raise
            if self._still_names(fd):
                self._fd = fd
                return True
            os.close(fd)  # the entry was replaced between the open and the lock: try the new one
        raise LockRefused(f"Skyjo cannot lock its data folder: {self.path} keeps changing; "
                          "is another program using it?")

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                _unlock(self._fd)
            os.close(self._fd)
            self._fd = None

    # ------------------------------------------------------------------ the steps
    def _make_folder(self) -> bool:
        """The folder exists as a folder (True), cannot be created where nothing can be
        written (False), or is something else: LockRefused."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise LockRefused(_not_a_folder(self.folder)) from None
        except OSError:
            return False  # read-only or not ours: nothing will be written there either
        if not self.folder.is_dir():
            raise LockRefused(_not_a_folder(self.folder))
        return True

    def _writable(self) -> bool:
        return os.access(self.folder, os.W_OK | os.X_OK)

    def _open_entry(self) -> int | None:
        """A descriptor on the regular lock file, made if absent and repaired if something
        else is in its place; None when the folder cannot be written and has no usable lock
        file (run unlocked)."""
        for _ in range(ATTEMPTS):
            try:
                info = os.lstat(self.path)
            except FileNotFoundError:
                fd = self._create()
                if fd is not None:
                    return fd
                if not self._writable():
                    return None
                continue  # someone created it meanwhile: open theirs
            if stat.S_ISDIR(info.st_mode):
                raise LockRefused(f"Skyjo cannot lock its data folder: {self.path} is a folder, not its lock file; "
                                  f"move it away and start again")
            if not stat.S_ISREG(info.st_mode):
                if not self._writable():
                    return None
                self._set_aside()
                continue
            fd = self._open_existing(info)
            if fd is not None:
                return fd
        raise LockRefused(f"Skyjo cannot lock its data folder: {self.path} keeps changing; "
                          "is another program using it?")

    def _create(self) -> int | None:
        flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | _NO_FOLLOW | _BINARY
        try:
            fd = os.open(self.path, flags, LOCK_MODE)
        except FileExistsError:
            return None
        except OSError as error:
            if self._writable():
                raise LockRefused(f"Skyjo cannot create its lock file {self.path}: {error.strerror or error}") from None
            return None
        with contextlib.suppress(OSError, NotImplementedError, AttributeError):
            os.fchmod(fd, LOCK_MODE)  # whatever the umask: another account's Skyjo must be able to lock it
        return fd

    def _open_existing(self, info: os.stat_result) -> int | None:
        """A descriptor on the existing regular file `info` describes, read-write or else
        read-only (a lock needs no more); None when the entry changed meanwhile."""
        fd: int | None = None
        for mode in (os.O_RDWR, os.O_RDONLY):
            try:
                fd = os.open(self.path, mode | _NO_FOLLOW | _NO_WAIT | _BINARY)
                break
            except FileNotFoundError:
                return None
            except PermissionError:
                continue
            except OSError as error:
                if error.errno == errno.ELOOP:
                    return None  # a link was put there since the lstat: repaired on the next pass
                if error.errno == errno.EROFS:
                    continue
                raise LockRefused(f"Skyjo cannot open its lock file {self.path}: {error.strerror or error}") from None
        if fd is None:
            if not self._writable():
                return None  # a read-only folder: nothing can be written, run as before
            raise LockRefused(
                f"Skyjo cannot open its lock file {self.path} (permission denied{_owner_hint(info)}); "
                f"if no other Skyjo is running, delete that file and start again")
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode) or (opened.st_dev, opened.st_ino) != (info.st_dev, info.st_ino):
            os.close(fd)
            return None
        return fd

    def _set_aside(self) -> None:
        """Move a link or special file away from the lock's name (renaming the entry itself,
        never what a link points to), under the folder's repair guard: while one start sees
        the bad entry and moves it, no other can, and none can make a lock file in its
        place (that needs the name free), so a lock file just made is never moved away."""
        with self._repair_guard():
            try:
                info = os.lstat(self.path)
            except FileNotFoundError:
                return  # another start moved it already
            if stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode):
                return  # set right meanwhile (or a folder, refused on the next pass)
            try:
                moved = quarantine(self.path)
            except FileNotFoundError:
                return
            except OSError as error:
                raise LockRefused(f"Skyjo cannot lock its data folder: {self.path} is not a lock file and cannot be "
                                  f"moved aside ({error.strerror or error})") from None
        repair = LOCK_WAS_LINK if stat.S_ISLNK(info.st_mode) else LOCK_NOT_PLAIN
        self.repairs.append(said(repair, path=str(self.path), moved=str(moved)))

    @contextlib.contextmanager
    def _repair_guard(self) -> Iterator[None]:
        """An exclusive lock on the data folder itself while its lock entry is repaired
        (POSIX; Windows, where links need special rights, goes without)."""
        try:
            fd = os.open(self.folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        except OSError:
            yield
            return
        try:
            for _ in range(GUARD_TRIES):
                try:
                    _try_lock(fd)
                    break
                except OSError as error:
                    if error.errno not in _HELD:
                        break  # a file system without folder locks: repair unguarded
                    time.sleep(GUARD_PAUSE)  # another start repairs it this instant
            else:
                raise LockRefused(f"Skyjo cannot lock its data folder: {self.path} keeps changing; "
                                  f"is another program using it?")
            yield
        finally:
            os.close(fd)  # closing the descriptor releases its lock

    def _lock(self, fd: int) -> None:
        try:
            _try_lock(fd)
        except OSError as error:
            if error.errno in _HELD:
                raise FolderInUse(f"Skyjo is already running with the data folder {self.folder}") from None
            raise LockRefused(f"Skyjo cannot lock its data folder {self.folder}: {error.strerror or error}") from None

    def _still_names(self, fd: int) -> bool:
        """Whether the lock's name still leads to the file locked (not replaced meanwhile)."""
        try:
            here, locked = os.lstat(self.path), os.fstat(fd)
        except OSError:
            return False
        return (here.st_dev, here.st_ino) == (locked.st_dev, locked.st_ino)


def _not_a_folder(folder: Path) -> str:
    """The refusal of a data folder that is a file, or lies under one."""
    blocker = folder
    for candidate in (folder, *folder.parents):
        if candidate.exists() or candidate.is_symlink():
            blocker = candidate
            break
    if blocker == folder:
        return f"the data folder {folder} is a file, not a folder; choose another data folder (--data-dir)"
    return (f"the data folder {folder} cannot be made: {blocker} is a file, not a folder; "
            "choose another data folder (--data-dir)")


def _owner_hint(info: os.stat_result) -> str:
    """", it belongs to root" when it is another account's file (POSIX)."""
    geteuid = getattr(os, "geteuid", None)
    if geteuid is None or info.st_uid == geteuid():
        return ""
    try:
        import pwd

        name = pwd.getpwuid(info.st_uid).pw_name
    except (ImportError, KeyError):
        name = f"user {info.st_uid}"
    hint = " (was Skyjo run with sudo?)" if info.st_uid == 0 else ""
    return f"; it belongs to {name}{hint}"


if sys.platform == "win32":  # run here too, with a stand-in msvcrt: tests/test_platform_branches.py
    import msvcrt

    def _try_lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
