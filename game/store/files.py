"""The careful door: every file the game opens, reads, writes or deletes goes through here
(tests/test_file_door.py lists the few documented exceptions).

Atomic, durable file writes and careful reads.

A write goes to a temporary file in the same folder, is flushed and fsynced, and only then
renamed over the real file (`os.replace` is atomic on POSIX and Windows). Before that, the
current file is hard-linked to `<name>.bak`, so the folder always holds the real file (old
or new, never torn) and the previous good version beside it.

Temporary names are unpredictable (`<name>.tmp-<pid>-<random>`) and created exclusively
without following links: a link planted in the folder can never redirect a write elsewhere.
Reads are bounded: a file larger than its kind's cap is refused before it is read, and never
wait: a FIFO or a device in a file's place is refused, not read.

The logs append through `open_appending` (no link, no FIFO waited on). Outside the game's own
folder (the applications menu, game/desktop.py) a file that is not the game's is never replaced
or deleted: `write_ours` and `remove_ours` ask its content first.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from game.i18n import N_

from .errors import SaveError

BACKUP_SUFFIX = ".bak"
TEMP_MARK = ".tmp-"
CORRUPT_MARK = ".corrupt-"
TEMP_MODE = 0o644  # the player's own files: nobody else needs to write them
TEMP_ATTEMPTS = 100  # fresh random names tried before giving up (a clash is already one in 2**64)
# O_NOFOLLOW does not exist on Windows, where O_EXCL alone refuses an existing link
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
# a FIFO planted as the file would block a plain open for ever; O_NONBLOCK makes it return
_NO_WAIT = getattr(os, "O_NONBLOCK", 0)


class FileProblem(SaveError):
    """A file that exists but cannot be used; the message is a plain reason."""


class NewerFormat(FileProblem):
    """A file written by a newer version of the app: not damaged, but not readable here."""


class NotOurs(FileProblem):
    """A file (or link, FIFO, folder) in the place of one of ours that the game did not write:
    left as it is. `path` names it."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path} is not the game's file")
        self.path = path


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def _token() -> str:
    """The random part of a temporary name (a function, so tests can make it predictable)."""
    return os.urandom(8).hex()  # what secrets.token_hex(8) returns, without importing hmac and hashlib at start-up


def temp_path(path: Path) -> Path:
    """A fresh temporary name beside `path`; `remove_leftovers` recognises it."""
    return path.with_name(f"{path.name}{TEMP_MARK}{os.getpid()}-{_token()}")


def _create_exclusively(name: str, flags: int) -> int:
    """An `open` opener: create a new file, never reuse or follow what is already there
    (O_EXCL fails on any existing entry, a dangling link included; O_NOFOLLOW adds to it)."""
    return os.open(name, flags | os.O_CREAT | os.O_EXCL | _NO_FOLLOW, TEMP_MODE)


def create_for_appending(path: Path) -> int:
    """A new file at `path`, opened to append to (its descriptor, the caller's to close): created
    exclusively, so an entry already there (a file, a link, a FIFO) is FileExistsError, never
    reused or followed. For a log of records the caller writes and syncs itself (the server's
    journal). OSError as `os.open` raises it."""
    return _create_exclusively(str(path), os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0))


def atomic_write(path: Path, data: bytes, keep_backup: bool = True, *, durable: bool = True) -> None:
    """Replace `path` by `data` so that a crash at any instant leaves the old or the new file.

    Raises OSError (disk full, no permission...) with the old file and its backup untouched.
    `durable=False`: no fsync (neither the file's nor its folder's): the caller makes a batch of
    writes durable at once (`file_system_sync`), and until then a process killed leaves the new file
    (the kernel holds it), a machine that loses power the old one or its backup.
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    temp = _write_temp(path, data, durable)
    try:
        if keep_backup and path.is_file():
            _backup(path)
        os.replace(temp, path)  # replaces a link planted at `path` itself, never its target
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    if durable:
        fsync_folder(folder)


def _write_temp(path: Path, data: bytes, durable: bool = True) -> Path:
    """`data`, flushed (and fsynced if `durable`), in a new temporary file beside `path`; its name."""
    for _ in range(TEMP_ATTEMPTS):
        temp = temp_path(path)
        try:
            handle = open(temp, "xb", opener=_create_exclusively)  # noqa: SIM115 - closed by the `with` below
        except FileExistsError:
            continue  # someone else's file or link holds that name: never touch it, pick another
        try:
            with handle:
                handle.write(data)
                handle.flush()
                if durable:
                    os.fsync(handle.fileno())
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        return temp
    raise FileExistsError(f"no free temporary name beside {path}")


def _backup(path: Path) -> None:
    """Make `<name>.bak` the current file without a moment where `path` is missing."""
    backup = backup_path(path)
    for _ in range(TEMP_ATTEMPTS):
        link = temp_path(backup)
        try:
            # a hard link never follows an entry at `link` (it fails instead), and with
            # follow_symlinks=False it copies a link at `path` rather than what it points to
            os.link(path, link, follow_symlinks=False)
            break
        except FileExistsError:
            continue
        except (OSError, NotImplementedError):
            # no hard links here (some file systems): rename instead; readers fall back to the .bak
            os.replace(path, backup)
            return
    else:
        raise FileExistsError(f"no free temporary name beside {backup}")
    try:
        os.replace(link, backup)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(link)
        raise


def fsync_folder(folder: Path) -> None:
    """Make a rename durable (POSIX); Windows cannot open a folder and needs no such step."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse to sync a folder; the data itself is synced
    finally:
        os.close(fd)


def file_system_sync() -> Callable[[Path], None] | None:
    """Linux's `syncfs`: `sync(folder)` makes every write on the file system holding `folder` durable
    (files, renames, new and removed folders) in one call, OSError when it fails; None elsewhere
    (each write is then fsynced alone). One sync for a batch of writes costs about what one fsync does."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        call = ctypes.CDLL(None, use_errno=True).syncfs
    except (AttributeError, OSError):
        return None
    call.argtypes, call.restype = [ctypes.c_int], ctypes.c_int

    def sync(folder: Path) -> None:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            if call(fd) != 0:
                number = ctypes.get_errno()
                raise OSError(number, os.strerror(number))
        finally:
            os.close(fd)

    return sync


def _open_without_waiting(name: str, flags: int) -> int:
    return os.open(name, flags | _NO_WAIT)


def _open_without_waiting_or_following(name: str, flags: int) -> int:
    return os.open(name, flags | _NO_WAIT | _NO_FOLLOW)


def open_ordinary(path: str | Path, *, follow_links: bool = True) -> BinaryIO:
    """`path` opened to read, never waiting on the open; FileProblem when it is not an ordinary
    file (a FIFO with no writer would block a plain open for ever, a device would never end).
    OSError as `open` raises it (missing, a folder, no permission; with `follow_links=False`, a
    link in the file's place: ELOOP). Every file a player names or the store keeps is opened
    through here."""
    opener = _open_without_waiting if follow_links else _open_without_waiting_or_following
    handle = open(path, "rb", opener=opener)  # noqa: SIM115 - the caller's to close
    try:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # (fstat: what was opened, no race)
            raise FileProblem(N_("it is not an ordinary file"))
    except BaseException:
        handle.close()
        raise
    return handle


def describe_size(size: int) -> str:
    """A size cap in words: "4 MiB", "256 KiB"."""
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:g} {unit}"
    return f"{size} bytes"


def read_bytes(path: Path, limit: int | None = None, *, follow_links: bool = True) -> bytes | None:
    """The file's bytes, None when it does not exist, FileProblem when it cannot be read or
    holds more than `limit` bytes (refused from its size alone, before anything is read), or
    with `follow_links=False` when a link is in its place."""
    try:
        with open_ordinary(path, follow_links=follow_links) as handle:
            info = os.fstat(handle.fileno())
            if limit is None:
                return handle.read()
            if info.st_size > limit:
                raise FileProblem(f"it is larger than {describe_size(limit)}")
            data = handle.read(limit + 1)  # at most one byte more: the file may grow meanwhile
    except (FileNotFoundError, NotADirectoryError):
        return None
    except IsADirectoryError:
        raise FileProblem(N_("a folder is in its place")) from None
    except PermissionError:
        raise FileProblem(N_("it cannot be read (permission denied)")) from None
    except OSError as error:
        if not follow_links and _is_link(path):  # ELOOP (Linux), EMLINK (FreeBSD), ...
            raise FileProblem("a link is in its place") from None
        raise FileProblem(f"it cannot be read ({error.strerror or error})") from None
    if len(data) > limit:
        raise FileProblem(f"it is larger than {describe_size(limit)}")
    return data


def _is_link(path: Path) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        return False


def is_ours(path: Path, ours: Callable[[bytes], bool], limit: int) -> bool | None:
    """Whether the entry at `path` is a file the game wrote: None when nothing is there; False
    for a link, a FIFO, a folder, anything unreadable or over `limit` bytes, or a file whose
    content `ours` does not recognise. Never follows a link, never waits, reads `limit` at most."""
    try:
        data = read_bytes(path, limit, follow_links=False)
    except FileProblem:
        return False
    if data is None:
        return None if not _is_link(path) else False  # a dangling link is someone's entry too
    return ours(data)


def write_ours(path: Path, data: bytes, ours: Callable[[bytes], bool], limit: int) -> Path:
    """Put `data` at `path` (atomically, no backup) unless something that is not ours is there:
    NotOurs then, and it is left as it is. The new file is created beside it exclusively, never
    through a link or onto a FIFO (`atomic_write`). OSError as `atomic_write` raises it."""
    if is_ours(path, ours, limit) is False:
        raise NotOurs(path)
    atomic_write(path, data, keep_backup=False)
    return path


def remove_ours(path: Path, ours: Callable[[bytes], bool], limit: int) -> bool:
    """Delete `path` if it is a file the game wrote (its content says so); NotOurs if something
    else is there (left as it is); False when nothing is there. OSError when it cannot be deleted."""
    found = is_ours(path, ours, limit)
    if found is None:
        return False
    if not found:
        raise NotOurs(path)
    os.unlink(path)
    return True


def quarantine(path: Path) -> Path:
    """Move a bad file (or folder) aside to `<name>.corrupt-<timestamp>`; returns the new path.

    Raises OSError when it cannot be moved.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}{CORRUPT_MARK}{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}{CORRUPT_MARK}{stamp}-{number}")
    os.replace(path, target)
    return target


def remove_leftovers(path: Path) -> None:
    """Delete temporary files a killed process left beside `path`."""
    try:
        leftovers = list(path.parent.glob(f"{path.name}*{TEMP_MARK}*"))
    except OSError:
        return
    for item in leftovers:
        with contextlib.suppress(OSError):
            item.unlink()


def remove(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


def describe_os_error(error: OSError) -> str:
    """A plain reason for a failed write."""
    import errno

    if error.errno == errno.ENOSPC:
        return N_("the disk is full")
    if error.errno == errno.EDQUOT:
        return N_("the disk quota is used up")
    if isinstance(error, PermissionError) or error.errno in (errno.EACCES, errno.EPERM):
        return N_("permission denied")
    if error.errno == errno.EROFS:
        return N_("the disk is read-only")
    return error.strerror or str(error)


# ------------------------------------------------------------------ the logs: appended to, replaced whole

APPEND_MODE = 0o600  # a log may name the player's folders: theirs alone to read


def _open_for_append(name: str, flags: int) -> int:
    """An `open` opener: append, create if missing, never through a link, never waiting on a FIFO
    (with no reader, O_NONBLOCK makes the open of a FIFO fail at once instead of blocking)."""
    return os.open(name, flags | os.O_APPEND | os.O_CREAT | _NO_FOLLOW | _NO_WAIT, APPEND_MODE)


def open_appending(path: str | Path) -> BinaryIO:
    """`path` opened to append (created when missing); FileProblem when what is there is not an
    ordinary file of its own (a FIFO, a device, a file with other names: a hard link would carry
    the lines to another file, a link: FileProblem too), OSError when it cannot be opened (no room,
    no permission). Every file a log is appended to is opened through here; the handle is unbuffered
    (one write, one line)."""
    if not _NO_FOLLOW and os.path.islink(path):  # Windows: no O_NOFOLLOW; looked at first, at least
        raise FileProblem("a link is in its place")
    try:
        handle = open(path, "ab", buffering=0, opener=_open_for_append)  # noqa: SIM115 - the caller's to close
    except OSError as error:
        if error.errno == errno.ELOOP:  # O_NOFOLLOW met a link
            raise FileProblem("a link is in its place") from None  # (the log's reasons: stderr, English)
        if error.errno == errno.ENXIO:  # a FIFO nobody reads
            raise FileProblem(N_("it is not an ordinary file")) from None
        raise
    try:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(N_("it is not an ordinary file"))
        if info.st_nlink > 1:
            raise FileProblem("it has other names (hard links)")  # (said on stderr only: English)
        _blocking(handle.fileno())
    except BaseException:
        handle.close()
        raise
    return handle


def _blocking(fd: int) -> None:
    """Writes to an ordinary file never wait anyway; O_NONBLOCK was for the open alone."""
    if _NO_WAIT and hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)


def is_ordinary_or_missing(path: Path) -> bool:
    """Whether `path` names an ordinary file or nothing (looked at itself, never through a link)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True
    except OSError:
        return False


def rename_ordinary(source: Path, target: Path) -> bool:
    """Rename the ordinary file `source` to `target`, replacing `target` only when it is an ordinary
    file or missing; False (nothing moved) when either is a link, a FIFO, a folder... A planted link
    is never renamed, nor replaced, nor written through."""
    try:
        if not stat.S_ISREG(os.lstat(source).st_mode) or not is_ordinary_or_missing(target):
            return False
        os.replace(source, target)
    except OSError:
        return False
    return True


def replace_whole(path: Path, data: bytes) -> None:
    """`path` holds `data` from now on, written beside it and renamed over it (atomic_write with no
    backup); FileProblem, nothing written, when what is at `path` is not an ordinary file (a link
    is left alone, and so is its target; a FIFO is never opened). For a report written once."""
    if not is_ordinary_or_missing(path):
        raise FileProblem(N_("it is not an ordinary file"))
    atomic_write(path, data, keep_backup=False)
