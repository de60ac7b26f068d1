"""The data folder as the store's parts share it: where it is, the one atomic write that
reports a failure once per run of failures, the notices not yet shown, and the files read so
far. Each part (settings, the autosave, the statistics, the tokens, the profiles) owns its
document and its cache, and reads and writes through this one folder (store.py composes them).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from game.sentences import Template

from .documents import Loaded, load_document
from .files import atomic_write, backup_path, describe_os_error, quarantine
from .notices import FILE_NOT_SAVED, Kind, StoreNotice, notice

T = TypeVar("T")
N = TypeVar("N")
FileKey = tuple[int, int, int]  # (modified ns, size, inode): whether a file changed since it was read


def file_key(path: Path) -> FileKey | None:
    """What identifies the file's present contents, None when there is no file."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size, info.st_ino)


class Notices:
    """What the player is yet to be told, added from any thread (a network seat's token, a
    background save) and taken by the screen that shows it. A notice already waiting is not
    added twice."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.waiting: list[StoreNotice] = []  # (the same list for the store's whole life)

    def add(self, told: StoreNotice) -> None:
        with self._lock:
            if told not in self.waiting:
                self.waiting.append(told)

    def take(self) -> list[StoreNotice]:
        """The notices not yet shown, emptying the list."""
        with self._lock:
            out = list(self.waiting)
            self.waiting.clear()
        return out


class DataFolder:
    """One data folder: the parts' shared atomic write and what it tells."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.notices = Notices()
        self.loaded: set[Path] = set()  # the files read successfully (quarantine_loaded)
        self.last_failure: StoreNotice | None = None  # the latest failed write, None once writing works
        self._failing: set[Path] = set()
        self._lock = threading.Lock()

    def write(self, path: Path, data: bytes, failed: Template | None = None) -> bool:
        """Write `data` to `path` atomically; False if the disk refused, told in the notices as
        `failed` (its folder and the reason), or by the file's name when it has no sentence."""
        try:
            atomic_write(path, data)
        except OSError as error:
            self.written(path, error, failed)
            return False
        self.written(path, None, failed)
        return True

    def written(self, path: Path, error: OSError | None, failed: Template | None = None) -> None:
        """Report a failed write once per run of failures; forget it when writing works again."""
        if error is None:
            with self._lock:
                self._failing.discard(path)
                if not self._failing:
                    self.last_failure = None
            return
        reason, folder = describe_os_error(error), str(path.parent)
        message = notice(failed, folder=folder, reason=reason) if failed is not None else notice(
            FILE_NOT_SAVED, name=path.name, folder=folder, reason=reason)
        with self._lock:
            first = path not in self._failing
            self._failing.add(path)
            self.last_failure = message
        if first:
            self.notices.add(message)

    def quarantine_loaded(self) -> list[Path]:
        """Move aside every file read so far, and its backup; where they went (nothing is deleted)."""
        moved = []
        for path in sorted(self.loaded):
            for candidate in (path, backup_path(path)):
                try:
                    moved.append(quarantine(candidate))
                except OSError:
                    continue  # absent (or immovable): nothing more can be done for it
        self.loaded.clear()
        return moved

    def note_loaded(self, path: Path, loaded: Loaded[Any]) -> None:
        """Tell what reading `path` found wrong; remember it was read when it gave a value."""
        for told in loaded.notices:
            self.notices.add(told)
        if loaded.value is not None:
            self.loaded.add(path)

    def read_setting_right(self, path: Path, decode: Callable[[bytes], tuple[T, list[N]]],
                           kind: Kind) -> tuple[T | None, list[N]]:
        """Read `path` (or its backup) through `decode`, which returns the value and what it set
        right on the way (a field reset, an entry dropped): both, for the part to tell in its
        words. None when neither file gave a value (the notices say why)."""
        set_right: list[N] = []

        def whole(raw: bytes) -> T:
            value, notes = decode(raw)
            set_right[:] = notes  # (the backup's notes replace the file's, if the file was bad)
            return value

        loaded = load_document(path, whole, kind)
        self.note_loaded(path, loaded)
        return loaded.value, set_right
