"""Atomic, durable file writes and careful reads.

A write goes to a temporary file in the same folder, is flushed and fsynced, and only then
renamed over the real file (`os.replace` is atomic on POSIX and Windows). Before that, the
current file is hard-linked to `<name>.bak`, so the folder always holds the real file (old
or new, never torn) and the previous good version beside it.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

from .errors import SaveError

BACKUP_SUFFIX = ".bak"
TEMP_MARK = ".tmp-"
CORRUPT_MARK = ".corrupt-"


class FileProblem(SaveError):
    """A file that exists but cannot be used; the message is a plain reason."""


class NewerFormat(FileProblem):
    """A file written by a newer version of the app: not damaged, but not readable here."""


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def atomic_write(path: Path, data: bytes, keep_backup: bool = True) -> None:
    """Replace `path` by `data` so that a crash at any instant leaves the old or the new file.

    Raises OSError (disk full, no permission...) with the old file and its backup untouched.
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f"{path.name}{TEMP_MARK}{os.getpid()}")
    try:
        with open(temp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if keep_backup and path.is_file():
            _backup(path)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    fsync_folder(folder)


def _backup(path: Path) -> None:
    """Make `<name>.bak` the current file without a moment where `path` is missing."""
    backup = backup_path(path)
    link = path.with_name(f"{backup.name}{TEMP_MARK}{os.getpid()}")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(link)
    try:
        os.link(path, link)
    except OSError:
        # no hard links here (some file systems): rename instead; readers fall back to the .bak
        os.replace(path, backup)
        return
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


def read_bytes(path: Path) -> bytes | None:
    """The file's bytes, None when it does not exist, FileProblem when it cannot be read."""
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except IsADirectoryError:
        raise FileProblem("a folder is in its place") from None
    except PermissionError:
        raise FileProblem("it cannot be read (permission denied)") from None
    except OSError as error:
        raise FileProblem(f"it cannot be read ({error.strerror or error})") from None


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
        return "the disk is full"
    if error.errno == errno.EDQUOT:
        return "the disk quota is used up"
    if isinstance(error, PermissionError) or error.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if error.errno == errno.EROFS:
        return "the disk is read-only"
    return error.strerror or str(error)
