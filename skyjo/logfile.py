"""The log's handlers: the desktop game's file (`LogFile`: appended through the store's careful
door, rotated without following a link, the first lines of the run kept), and the headless
host's standard error (`StderrLines`). Both say a failed write once, in one line, then keep quiet:
a full disk must not print Python's traceback for every line logged after it.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import BinaryIO

from game.store.files import FileProblem, open_appending, rename_ordinary

HEAD_LINES = 20  # the first lines of a run (version, platform, the data folder, what went wrong first)...
HEAD_BYTES = 8 * 1024  # ... at most this much of them: kept at the top of each new file of the run
ENCODING_ERRORS = "backslashreplace"  # a line never fails to be written for its text


def backup_path(path: Path, number: int) -> Path:
    return path.with_name(f"{path.name}.{number}")


class Head:
    """The first lines a run wrote, up to HEAD_LINES and HEAD_BYTES: what a rotation must not lose."""

    def __init__(self, lines: int = HEAD_LINES, size: int = HEAD_BYTES) -> None:
        self._lines: list[bytes] = []
        self._room_lines, self._room = lines, size

    def keep(self, line: bytes) -> None:
        if self._room_lines and len(line) <= self._room:
            self._lines.append(line)
            self._room_lines -= 1
            self._room -= len(line)
        else:
            self._room_lines = 0  # the head is whole: a later short line does not join it

    @property
    def text(self) -> bytes:
        return b"".join(self._lines)


class SaidOnce:
    """A failed write, told on standard error in one line the first time, then quiet."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.told = False

    def __call__(self, error: BaseException) -> None:
        if self.told:
            return
        self.told = True
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        try:
            sys.stderr.write(f"skyjo: {self.what} cannot be written ({reason}); the game goes on without it\n")
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):  # stderr on the same full disk, or closed
            pass


class LogFile(logging.Handler):
    """Appends each line to `path` (opened with open_appending: never a link, a FIFO or a device),
    at most `limit` bytes a file; past that the file becomes `<name>.1` (the older ones shift up to
    `<name>.<backups>`, renamed only where each is an ordinary file) and a new file starts with the
    run's head. Construction raises OSError or FileProblem when the file cannot be opened."""

    def __init__(self, path: Path, limit: int, backups: int) -> None:
        super().__init__()
        self.path, self.limit, self.backups = path, limit, backups
        self.stream: BinaryIO = open_appending(path)
        self._size = os.fstat(self.stream.fileno()).st_size
        self._head = Head(size=min(HEAD_BYTES, limit // 4))
        self._failed = SaidOnce("the log")
        self._lost = False  # a rotation could not open the new file: no log for the rest of the run

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = (self.format(record) + "\n").encode("utf-8", ENCODING_ERRORS)
        except Exception:  # noqa: BLE001 - a caller's bad format string: logging's own report
            self.handleError(record)
            return
        if self._lost:
            return
        try:
            if self._size and self._size + len(line) > self.limit:
                self._rotate()
            self._write(line)
        except (OSError, FileProblem) as error:
            self._failed(error)
        self._head.keep(line)  # (after: a line that starts a new file is not written twice)

    def _write(self, data: bytes) -> None:
        self.stream.write(data)
        self.stream.flush()
        self._size += len(data)

    def _rotate(self) -> None:
        """The current file becomes `.1` and a new one starts with the run's head; where a file
        in the way is not an ordinary one (a planted link), nothing is renamed over it, and the
        current file is emptied instead: the bound holds, and no link is ever followed."""
        ours = self._still_ours()
        for number in range(self.backups - 1, 0, -1):
            rename_ordinary(backup_path(self.path, number), backup_path(self.path, number + 1))
        self.stream.close()  # (Windows renames no open file)
        moved = ours and self.backups > 0 and rename_ordinary(self.path, backup_path(self.path, 1))
        self._lost = True
        self.stream = open_appending(self.path)
        self._lost = False
        if not moved:
            os.ftruncate(self.stream.fileno(), 0)
        self._size = 0
        head = self._head.text
        if head:
            self._write(head)
            between = (f"are in {self.path.name}.1 and older" if moved
                       else "were dropped (no ordinary file where the older logs go)")
            self._write(self._note(f"the lines above began this run; those between them and the next {between}"))

    def _still_ours(self) -> bool:
        """Whether the name still holds the file this handler writes (not a link put in its place)."""
        try:
            here, mine = os.lstat(self.path), os.fstat(self.stream.fileno())
        except OSError:
            return False
        return (here.st_dev, here.st_ino) == (mine.st_dev, mine.st_ino)

    def _note(self, message: str) -> bytes:
        record = logging.makeLogRecord({"name": "skyjo.logs", "levelno": logging.INFO, "levelname": "INFO",
                                        "msg": message})
        return (self.format(record) + "\n").encode("utf-8", ENCODING_ERRORS)

    def close(self) -> None:
        try:
            self.stream.close()
        except OSError:
            pass
        super().close()


class StderrLines(logging.StreamHandler):
    """The headless host's log lines on standard error; when stderr cannot be written (a full disk
    where it goes to a file), one line once, then quiet, never a traceback per line."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)
        self._failed = SaidOnce("standard error")

    def handleError(self, record: logging.LogRecord) -> None:  # (logging's name)
        error = sys.exc_info()[1]
        if isinstance(error, OSError):
            self._failed(error)
        else:
            super().handleError(record)


def log_to_stderr(prefix: str, level: int) -> None:
    """A command's log lines on standard error, each `prefix: message` (the headless host's); like
    `logging.basicConfig`, nothing is added when the process logs somewhere already."""
    root = logging.getLogger()
    if root.handlers:
        return
    handler = StderrLines()
    handler.setFormatter(logging.Formatter(f"{prefix}: %(message)s"))
    root.addHandler(handler)
    root.setLevel(level)
