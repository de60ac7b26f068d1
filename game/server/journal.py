"""The rooms' saves kept in one journal a process (`JournalSaves`, a RoomSaves): every save is
appended to the journal's file, and one `fdatasync` makes a whole batch durable before any of its
rooms is told, so the disk sees one small sequential write and one sync a batch, never a room's
file replaced or a whole file system synced while the rooms play (docs/server.md, "The journal").

    saves = JournalSaves(Path("D"))         # a journal left by a server killed: replayed into D/rooms first
    done = saves.save(room.ident, data)      # on the loop; done once the batch holding it is durable
    saves.close()                            # the newest of every room written into D/rooms, the journal gone

The journal is a file of records `D/journal/saves-<n>.log`, each a save, a room's seat tokens or
a room going (records.py below, read by `read_records`). When it has grown past `rotate_at` the
next file starts with the newest save and tokens of every room still here, and only once those are
durable is the older file deleted. A start replays what is left into the rooms' folders (the
newest of each room, a room gone deleted) before any room resumes, and the rooms' folders are
written at a clean stop the same way: the folders are what `Rooms` resumes from, as before.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import shutil
import struct
import threading
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from game.net.lag import milliseconds, percentile
from game.store.documents import SAVE_CAP, TOKENS_CAP, TOKENS_FILE
from game.store.files import (
    FileProblem,
    atomic_write,
    create_for_appending,
    describe_os_error,
    file_system_sync,
    fsync_folder,
    open_ordinary,
)
from game.store.paths import HOST_SAVE_FILE

from .saving import CLOSE_WAIT, MOST_TIMED, ROOM_FOLDER, SaveData, Told, closed, new_write, tell_on

log = logging.getLogger("skyjo.server")

ROTATE_AT = 64 << 20  # bytes past which the journal starts a new file (about 90 s of 500 rooms' play; well
# under a second to replay)
SEGMENT = re.compile(r"saves-([0-9]{1,9})\.log")  # a journal file's name: its number
MOST_SEGMENTS = 64  # journal files replayed at a start (a server leaves 2 at most; more is not ours)
SAVE, TOKENS, GONE = b"S", b"T", b"G"  # what a record holds: a room's save, its tokens, the room gone
FILES = {SAVE: HOST_SAVE_FILE, TOKENS: TOKENS_FILE}  # where a record's bytes go in the room's folder
CAPS = {SAVE: SAVE_CAP, TOKENS: TOKENS_CAP, GONE: 0}  # the most bytes a record of each kind holds
HEAD = struct.Struct(">4s1s16sII")  # mark, kind, room, length, crc32 of kind + room + bytes
MARK = b"SJR1"


class JournalProblem(Exception):
    """The journal left by an earlier run could not be replayed (one line; its files are kept)."""


# ---------------------------------------------------------------------- the records
def record(kind: bytes, room: str, data: bytes = b"") -> bytes:
    """One record: a fixed head (its kind, room, length and checksum), then its bytes."""
    ident = room.encode("ascii")
    return HEAD.pack(MARK, kind, ident, len(data), zlib.crc32(data, zlib.crc32(kind + ident))) + data


def read_records(handle: BinaryIO) -> Iterator[tuple[bytes, str, bytes]]:
    """The records of a journal file, in order, each (kind, room, bytes), up to the first that is not
    whole and sound: a batch cut by a crash ends a file, and nobody was told of it. Each record's
    length is checked against its kind's cap before it is read, so a file costs its length and no more."""
    while len(head := handle.read(HEAD.size)) == HEAD.size:
        mark, kind, ident, length, crc = HEAD.unpack(head)
        if mark != MARK or kind not in CAPS or length > CAPS[kind]:
            return
        try:
            room = ident.decode("ascii")
        except UnicodeDecodeError:
            return
        if not ROOM_FOLDER.fullmatch(room):
            return
        data = handle.read(length)
        if len(data) != length or zlib.crc32(data, zlib.crc32(kind + ident)) != crc:
            return
        yield kind, room, data


# ---------------------------------------------------------------------- replaying
@dataclass
class Replayed:
    """What a replay wrote into the rooms' folders."""

    files: int = 0
    rooms_gone: int = 0
    segments: int = 0


def segments(folder: Path) -> list[Path]:
    """The journal's files in `folder`, oldest first (only plain names of ours; a link is not one)."""
    try:
        found = [(int(match[1]), entry) for entry in folder.iterdir()
                 if (match := SEGMENT.fullmatch(entry.name)) and not entry.is_symlink()]
    except FileNotFoundError:
        return []
    except OSError as error:
        raise JournalProblem(f"the journal folder {folder} cannot be read ({describe_os_error(error)})") from None
    if len(found) > MOST_SEGMENTS:
        raise JournalProblem(f"the journal folder {folder} holds {len(found)} files; a server leaves 2 at most")
    return [path for _number, path in sorted(found)]


def newest_of_rooms(files: list[Path]) -> dict[str, dict[bytes, bytes] | None]:
    """The newest save and tokens of every room the journal files name, in order (None: the room went)."""
    rooms: dict[str, dict[bytes, bytes] | None] = {}
    for path in files:
        try:
            with open_ordinary(path, follow_links=False) as handle:
                for kind, room, data in read_records(handle):
                    kept = rooms.get(room) or {}  # (a room that went and comes again starts afresh)
                    rooms[room] = None if kind == GONE else {**kept, kind: data}
        except (OSError, FileProblem) as error:
            reason = describe_os_error(error) if isinstance(error, OSError) else str(error)
            raise JournalProblem(f"the journal {path} cannot be read ({reason})") from None
    return rooms


def replay(journal: Path, rooms_folder: Path) -> Replayed:
    """Write the newest of every room in `journal`'s files into `rooms_folder` (a room gone: its folder
    deleted), make it durable, then delete those files; JournalProblem (files kept) if it cannot."""
    files = segments(journal)
    done = Replayed(segments=len(files))
    if not files:
        return done
    if rooms_folder.is_symlink():
        raise JournalProblem(f"a link is in the place of {rooms_folder}; the journal's files are kept")
    sync = file_system_sync()  # one sync for every file written (where there is none, each is fsynced)
    try:
        _write_rooms(newest_of_rooms(files), rooms_folder, done, durable=sync is None)
        if sync is not None:
            sync(rooms_folder)
        fsync_folder(rooms_folder)  # the folders made and deleted, durable before the journal goes
        for path in files:
            path.unlink()
        fsync_folder(journal)
    except OSError as error:
        raise JournalProblem(f"the journal could not be written into {rooms_folder} "
                             f"({describe_os_error(error)}); its files are kept") from None
    return done


def _write_rooms(rooms: dict[str, dict[bytes, bytes] | None], rooms_folder: Path, done: Replayed, *,
                 durable: bool) -> None:
    """Each room's newest files into its folder, a room gone's folder deleted (counted in `done`)."""
    for room, kept in rooms.items():
        folder = rooms_folder / room
        if folder.is_symlink():
            raise JournalProblem(f"a link is in the place of {folder}; the journal's files are kept")
        if kept is None:
            if folder.is_dir():
                shutil.rmtree(folder)
                done.rooms_gone += 1
            continue
        for kind, data in kept.items():
            atomic_write(folder / FILES[kind], data, durable=durable)
            done.files += 1


# ---------------------------------------------------------------------- the journal's file
class Segment:
    """One journal file, appended to and synced by the journal's thread only."""

    def __init__(self, folder: Path, number: int) -> None:
        self.number = number
        self.path = folder / f"saves-{number}.log"
        self._fd = create_for_appending(self.path)  # (the store's door: a new file, nothing there followed)
        self.size = 0
        fsync_folder(folder)  # its name durable, so a crash never hides a file told as synced

    def append(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            written = os.write(self._fd, view)
            view = view[written:]
        self.size += len(data)

    def sync(self) -> None:
        # the data and the size it needs, not the times: what `fdatasync` is for (macOS has only fsync)
        getattr(os, "fdatasync", os.fsync)(self._fd)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


@dataclass
class Tally:
    """What the journal did (the summary's figures): records written, saves a newer one replaced,
    batches synced, new files started, and each save's time from handed over to durable."""

    written: int = 0
    coalesced: int = 0
    syncs: int = 0
    rotations: int = 0
    took: list[float] = field(default_factory=list)
    rotating: list[float] = field(default_factory=list)  # seconds each new file took (the batches wait)
    syncing: list[float] = field(default_factory=list)  # seconds each batch's write and sync took (the disk's part)

    def figures(self) -> dict[str, float | int]:
        took = sorted(self.took)
        return {"written": self.written, "coalesced": self.coalesced, "syncs": self.syncs, "grouped": True,
                "journal": True, "rotations": self.rotations,
                "rotation_max_ms": milliseconds(max(self.rotating, default=0.0)),
                "sync_p99_ms": milliseconds(percentile(sorted(self.syncing), 0.99)),
                "sync_max_ms": milliseconds(max(self.syncing, default=0.0)),
                "p50_ms": milliseconds(percentile(took, 0.5)), "p99_ms": milliseconds(percentile(took, 0.99))}


@dataclass
class _Asked:
    """A write handed over, waiting for the journal's thread."""

    room: str
    kind: bytes
    data: SaveData | None
    done: asyncio.Future[None]
    loop: asyncio.AbstractEventLoop
    since: float


class JournalSaves:
    """`RoomSaves` in a journal a process (`D/journal/`), replayed into the rooms' folders (`D/rooms/`)
    at a start and at a clean stop. `JournalProblem` when what an earlier run left cannot be replayed."""

    def __init__(self, data_dir: Path, rotate_at: int = ROTATE_AT) -> None:
        self._rooms = data_dir / "rooms"
        self._journal = data_dir / "journal"
        self.replayed = replay(self._journal, self._rooms)
        try:
            self._rooms.mkdir(parents=True, exist_ok=True)
            self._journal.mkdir(mode=0o700, parents=True, exist_ok=True)
            self._segment = Segment(self._journal, 1)
        except OSError as error:
            raise JournalProblem(f"the journal cannot be started in {self._journal} "
                                 f"({describe_os_error(error)})") from None
        self._rotate_at = rotate_at
        self._newest: dict[tuple[str, bytes], bytes] = {}  # what a new journal file starts with
        self._still_there: set[str] = set()  # rooms gone whose folder could not be deleted (said again)
        self._gone_since = False  # a room's folder deleted since the journal's file began
        self._cond = threading.Condition()
        self._asked: list[_Asked] = []
        self._writing = False
        self._closed = False
        self.tally = Tally()
        self._thread = threading.Thread(target=self._run, name="skyjo-journal", daemon=True)
        self._thread.start()

    grouped = True  # (as FolderSaves says: durable a batch at a time)

    def save(self, room: str, data: SaveData) -> asyncio.Future[None]:
        return self._hand(room, SAVE, data)

    def save_tokens(self, room: str, data: bytes) -> asyncio.Future[None]:
        return self._hand(room, TOKENS, data)

    def drop(self, room: str) -> asyncio.Future[None]:
        return self._hand(room, GONE, None)

    def _hand(self, room: str, kind: bytes, data: SaveData | None) -> asyncio.Future[None]:
        loop, done = new_write(room)
        with self._cond:
            if self._closed:
                return closed(done)
            self._asked.append(_Asked(room, kind, data, done, loop, time.perf_counter()))
            self._cond.notify()
        return done

    def figures(self) -> dict[str, float | int]:
        """As FolderSaves' figures (the `tally`'s), and the journal's new files."""
        with self._cond:
            return self.tally.figures()

    def flush(self, timeout: float = CLOSE_WAIT) -> bool:
        """Wait until every write handed over is durable; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not (self._asked or self._writing), timeout)

    def close(self) -> None:
        """The writes handed over made durable (a bounded wait), then the newest of every room written
        into its folder and the journal deleted (it is kept, and replayed at the next start, if not)."""
        if self._closed:
            return  # (closed already: a server stopped twice)
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(CLOSE_WAIT)
        if self._thread.is_alive():
            return  # (still writing: the next start replays whatever it made durable)
        self._segment.close()
        try:
            replay(self._journal, self._rooms)
        except JournalProblem as problem:
            log.warning("%s", problem)

    # ------------------------------------------------------------------ the journal's thread
    def _take(self) -> list[_Asked] | None:
        with self._cond:
            self._cond.wait_for(lambda: self._asked or self._closed)
            if not self._asked:
                return None
            batch, self._asked = self._asked, []
            self._writing = True
            return batch

    def _run(self) -> None:
        while (batch := self._take()) is not None:
            failed: Exception | None = None
            records, unmade = self._records(batch)
            started = time.perf_counter()
            try:
                self._segment.append(records)
                self._segment.sync()  # one sync for the whole batch
            except OSError as problem:
                failed = problem
            synced = time.perf_counter() - started
            self._forget_gone(batch)
            with self._cond:
                self.tally.syncs += 1
                now = time.perf_counter()
                if len(self.tally.took) < MOST_TIMED:
                    self.tally.took.extend(now - asked.since for asked in batch)
                    self.tally.syncing.append(synced)
            _tell(batch, failed, unmade)
            if failed is None and self._segment.size >= self._rotate_at:
                self._rotate()
            with self._cond:
                self._writing = False
                self._cond.notify_all()

    def _records(self, batch: list[_Asked]) -> tuple[bytes, dict[tuple[str, bytes], Exception]]:
        """The batch's records: of a room's saves in it, the newest only (it holds every move the older
        did); what encodes a save is called here, off the loop. And the saves that could not be made (an
        encoding that failed, or larger than a save may be), by room and kind: the older saves it replaced
        are told the same."""
        newest = {(asked.room, asked.kind): n for n, asked in enumerate(batch)}
        parts: list[bytes] = []
        unmade: dict[tuple[str, bytes], Exception] = {}
        for n, asked in enumerate(batch):
            if newest[(asked.room, asked.kind)] != n:
                self.tally.coalesced += 1
            elif asked.kind == GONE:
                self._newest.pop((asked.room, SAVE), None)
                self._newest.pop((asked.room, TOKENS), None)
                parts.append(record(GONE, asked.room))
            elif isinstance(made := _made(asked), Exception):
                unmade[(asked.room, asked.kind)] = made
            else:
                self._newest[(asked.room, asked.kind)] = made
                parts.append(record(asked.kind, asked.room, made))
        self.tally.written += len(parts)
        return b"".join(parts), unmade

    def _forget_gone(self, batch: list[_Asked]) -> None:
        """A room gone: its folder (a resumed room's, from an earlier run) deleted now its record is kept."""
        for asked in batch:
            if asked.kind == GONE:
                shutil.rmtree(self._rooms / asked.room, ignore_errors=True)
                self._gone_since = True
                if (self._rooms / asked.room).exists():
                    self._still_there.add(asked.room)  # every new file says it went, or a start would resume it

    def _rotate(self) -> None:
        """A new journal file, starting with the newest of every room here; once that is durable (and
        the folders of rooms gone deleted for good), the older file goes."""
        started = time.perf_counter()
        old = self._segment
        new: Segment | None = None
        try:
            new = Segment(self._journal, old.number + 1)
            new.append(b"".join([*(record(kind, room, data) for (room, kind), data in self._newest.items()),
                                 *(record(GONE, room) for room in self._still_there)]))
            new.sync()
            if self._gone_since:  # the older file's "gone" records go: their folders' deletion made durable
                fsync_folder(self._rooms)
        except OSError as problem:
            log.warning("the journal could not start a new file (%s); it goes on growing",
                        describe_os_error(problem))
            self._rotate_at = old.size + self._rotate_at  # tried again once it has grown as much again
            if new is not None:
                new.close()
                new.path.unlink(missing_ok=True)
            return
        self._segment, self._gone_since = new, False
        old.close()
        try:
            # (not synced: an older file a crash brings back is replayed before the newer, which holds
            # the newest of every room, so it changes nothing)
            old.path.unlink()
        except OSError as problem:
            log.warning("the journal's older file could not be deleted (%s)", describe_os_error(problem))
        with self._cond:
            self.tally.rotations += 1
            self.tally.rotating.append(time.perf_counter() - started)


def _made(asked: _Asked) -> bytes | Exception:
    """A save's bytes (encoded here when it came as what encodes it), or why there are none."""
    try:
        data = asked.data if isinstance(asked.data, bytes) else asked.data() if asked.data is not None else b""
    except Exception as failure:  # noqa: BLE001 - told to its room: the journal's thread never dies of it
        return failure
    if len(data) > CAPS[asked.kind]:
        return OSError(f"a save of {len(data)} bytes is larger than a save may be")
    return data


def _tell(batch: list[_Asked], error: Exception | None, unmade: dict[tuple[str, bytes], Exception]) -> None:
    """Settle a batch's futures on their loop, once for the batch."""
    by_loop: dict[asyncio.AbstractEventLoop, Told] = {}
    for asked in batch:
        by_loop.setdefault(asked.loop, []).append((asked.done, unmade.get((asked.room, asked.kind), error)))
    for loop, told in by_loop.items():
        tell_on(loop, told)


__all__ = ["JournalProblem", "JournalSaves", "read_records", "record", "replay"]
