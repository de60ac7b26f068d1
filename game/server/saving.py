"""Where the rooms' games are kept, written off the loop: `RoomSaves` is what a room asks of it
(a save handed over, an awaitable done once it is durable), `FolderSaves` the data folder's.

    saves = FolderSaves(Path("D"))
    done = saves.save(room.ident, data)    # on the loop; awaited (or a callback added): on disk
    saves.save_tokens(room.ident, data)    # its code and seat tokens, likewise
    saves.drop(room.ident)                 # the room's game is over: its folder goes, in order
    saves.close()                          # the writes handed over are on disk first

A write is an atomic replace (the store's `atomic_write`), durable before anyone is told: on the
loop its 10 to 25 ms would hold up every other room (docs/server.md, "Saves off the loop"). Here
a few threads write, a room on one thread at a time (its saves stay in order); while a room's
write waits, a newer save of it replaces the older one (only the newest game matters, and it
includes every move of the older), and both callers are told when the newer is on disk.

Where the system can sync a whole file system at once (Linux's `syncfs`), the threads write without
fsyncs and one more thread makes what they wrote durable in groups: every write done while a sync
was under way goes in the next sync, and only then are its callers told. So the disk sees one sync a
batch, not two fsyncs (the file's and its folder's) a save. Elsewhere each write is fsynced alone.

Another place to keep the games (Redis, for several processes) plugs in as a second `RoomSaves`.
"""

from __future__ import annotations

import asyncio
import logging
import re
import shutil
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from game.net.lag import milliseconds, percentile
from game.store.documents import TOKENS_FILE
from game.store.files import atomic_write, file_system_sync
from game.store.paths import HOST_SAVE_FILE

log = logging.getLogger("skyjo.server")

WRITERS = 16  # threads writing at once: fsyncs of different rooms overlap on the disk (4: twice the round trip)
GROUPED_WRITERS = 4  # the same with one sync a batch (writes without fsync: a room whose write is stuck holds up 1)
PLATFORM, EACH = "platform", "each"  # FolderSaves' sync: the file system's where there is one; every write alone
JOURNAL = "journal"  # the server's saves in a journal instead (journal.py's JournalSaves)
CLOSE_WAIT = 10.0  # seconds `close` waits for the writes handed over
ROOM_FOLDER = re.compile(r"[0-9a-f]{16}")  # a room's ident, the name of its folder (drawn by the server)
MOST_TIMED = 1_000_000  # writes whose time is kept for the summary (a few MB at most)
SaveData = bytes | Callable[[], bytes]  # a save, or what encodes it (a snapshot's encoding, off the loop)


class RoomSaves(Protocol):
    """Where a room's game is kept. Both calls are made on the loop and return at once; what they
    return is done when the write is durable (an exception, OSError mostly, when it failed)."""

    def save(self, room: str, data: SaveData) -> Awaitable[None]:
        """Keep `data` as `room`'s game: an encoded save (game/store/saves.py's `encode_save`), or what
        makes it, called off the loop, and only if no newer save of the room replaced it meanwhile."""

    def save_tokens(self, room: str, data: bytes) -> Awaitable[None]:
        """Keep `data` (game/store/tokens.py's `encode_tokens`: its code and seat tokens) as `room`'s."""

    def drop(self, room: str) -> Awaitable[None]:
        """`room` is over: what is kept of it goes (after its saves handed over before)."""

    def close(self) -> None:
        """Stop, once what was handed over is written (a bounded wait)."""


@dataclass
class _Job:
    """A room's newest write waiting for a thread (None: its folder goes), and whom to tell."""

    loop: asyncio.AbstractEventLoop
    data: SaveData | None = None
    waiting: list[asyncio.Future[None]] = field(default_factory=list)
    since: float = field(default_factory=time.perf_counter)  # when its oldest waiting save was handed over


Sync = Callable[[Path], None]  # makes every write on the file system of a folder durable; OSError


class FolderSaves:
    """`RoomSaves` in the data folder: `D/rooms/<ident>/host-save.json` and `tokens.json`, written by
    `writers` threads, the newest waiting save of a room's file replacing an older one; with `sync`
    (by default the file system's, where there is one) the writes are made durable a batch at a time
    by one sync, and with EACH each alone (two fsyncs)."""

    def __init__(self, data_dir: Path, writers: int | None = None, sync: Sync | str = PLATFORM) -> None:
        self._folder = data_dir
        self._rooms = data_dir / "rooms"
        self._sync = (file_system_sync() if sync == PLATFORM else None) if isinstance(sync, str) else sync
        if writers is None:
            writers = WRITERS if self._sync is None else GROUPED_WRITERS
        lock = threading.RLock()
        self._cond = threading.Condition(lock)  # the writers wait on it for work, `flush` for the end of it
        self._written = threading.Condition(lock)  # the sync thread waits on it (a notify for it wakes no writer)
        self._jobs: dict[tuple[str, str], _Job] = {}  # (room, file; "" its folder going) waiting, oldest first
        self._busy: set[str] = set()  # rooms a thread is writing now, or whose write awaits its sync (one a room)
        self._unsynced: list[tuple[str, _Job, Exception | None]] = []  # written, for the next sync: room, job, outcome
        self._syncing = False
        self._closed = False
        self.written = self.coalesced = self.syncs = 0  # writes made; saves a newer one replaced; batches synced
        self.took: list[float] = []  # seconds from a write's oldest save handed over to its write durable
        self._threads = [threading.Thread(target=self._run, name=f"skyjo-saves-{n}", daemon=True)
                         for n in range(max(1, writers))]
        if self._sync is not None:
            self._threads.append(threading.Thread(target=self._sync_batches, name="skyjo-saves-sync", daemon=True))
        for thread in self._threads:
            thread.start()

    @property
    def grouped(self) -> bool:
        """Whether the writes are made durable a batch at a time (one sync), rather than each alone."""
        return self._sync is not None

    def save(self, room: str, data: SaveData) -> asyncio.Future[None]:
        return self._hand(room, HOST_SAVE_FILE, data)

    def save_tokens(self, room: str, data: bytes) -> asyncio.Future[None]:
        return self._hand(room, TOKENS_FILE, data)

    def drop(self, room: str) -> asyncio.Future[None]:
        return self._hand(room, "", None)

    def _hand(self, room: str, name: str, data: SaveData | None) -> asyncio.Future[None]:
        loop, done = new_write(room)
        with self._cond:
            if self._closed:
                return closed(done)
            job = self._jobs.get((room, name))
            if job is None:
                job = self._jobs[(room, name)] = _Job(loop)
            elif job.waiting:
                self.coalesced += 1
            if not name:  # the folder goes: its files waiting are not written, and are done with it
                for key in [key for key in self._jobs if key[0] == room and key[1]]:
                    job.waiting += self._jobs.pop(key).waiting
            job.data = data  # the newest replaces the older: it holds every move the older did
            job.waiting.append(done)
            self._cond.notify()
        return done

    def figures(self) -> dict[str, float | int]:
        """The writes so far: how many, how many saves a newer one replaced, and the time from a save
        handed over to its write durable (p50, p99; the wait for a thread included)."""
        with self._cond:
            took = sorted(self.took)
        return {"written": self.written, "coalesced": self.coalesced, "syncs": self.syncs, "grouped": self.grouped,
                "p50_ms": milliseconds(percentile(took, 0.5)), "p99_ms": milliseconds(percentile(took, 0.99))}

    def flush(self, timeout: float = CLOSE_WAIT) -> bool:
        """Wait until every write handed over is done; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not (self._jobs or self._busy or self._unsynced or self._syncing),
                                       timeout)

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            self._written.notify_all()
        for thread in self._threads:
            thread.join(CLOSE_WAIT)

    # ------------------------------------------------------------------ the writing threads
    def _next(self) -> tuple[str, str, _Job] | None:
        """The oldest waiting write of a room no thread is writing (None once closed and nothing waits)."""
        with self._cond:
            while True:
                # a room being written (or awaiting its sync) is skipped: only the few files of the
                # `writers` rooms and of the batch being synced are looked past
                key = next((key for key in self._jobs if key[0] not in self._busy), None)
                if key is not None:
                    self._busy.add(key[0])
                    return key[0], key[1], self._jobs.pop(key)
                if self._closed:
                    return None
                self._cond.wait()

    def _run(self) -> None:
        while (taken := self._next()) is not None:
            room, name, job = taken
            error: Exception | None = None
            try:
                self._write(room, name, job.data)
            except Exception as failure:  # noqa: BLE001 - told to the room: a writer thread never dies of it
                error = failure
            finally:
                with self._cond:
                    self.written += 1
                    if self._sync is not None:  # told once the next sync is done (a failure too: in order)
                        self._unsynced.append((room, job, error))  # (still busy: see _sync_batches)
                        self._written.notify()
                    else:
                        self._busy.discard(room)
                        self._timed(job)
                    self._cond.notify_all()
            if self._sync is None:
                _tell(job, error)

    def _write(self, room: str, name: str, data: SaveData | None) -> None:
        folder = self._rooms / room
        if data is None:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            atomic_write(folder / name, data if isinstance(data, bytes) else data(), durable=self._sync is None)

    def _sync_batches(self) -> None:
        """Make what the writers wrote durable, a batch at a time: one sync for every write done
        before it began; only then is each told (the sync's failure, if it failed), and its room
        written again: a file is never replaced twice between two syncs, so its `.bak` (the save
        before) is always one a sync made durable, whatever a loss of power leaves of the new one."""
        assert self._sync is not None
        while True:
            with self._written:
                self._written.wait_for(lambda: self._unsynced or (self._closed and not self._jobs and not self._busy))
                if not self._unsynced:
                    return  # closed, and everything written was synced
                batch, self._unsynced = self._unsynced, []
                self._syncing = True
            failed: Exception | None = None
            try:
                self._sync(self._folder)
            except OSError as problem:
                failed = problem
            with self._cond:
                self._syncing = False
                self.syncs += 1
                for room, job, _error in batch:
                    self._busy.discard(room)
                    self._timed(job)
                self._cond.notify_all()
            for _room, job, written in batch:
                _tell(job, written or failed)

    def _timed(self, job: _Job) -> None:
        """(With the lock held.) How long the job took, from its oldest save handed over."""
        if len(self.took) < MOST_TIMED:
            self.took.append(time.perf_counter() - job.since)


def new_write(room: str) -> tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]:
    """(On the loop.) The loop and the future a write of `room` is told on; ValueError for an ident
    that is not a room's (ours: drawn by the server, never a client's)."""
    if not ROOM_FOLDER.fullmatch(room):
        raise ValueError("not a room's ident")
    loop = asyncio.get_running_loop()
    return loop, loop.create_future()


def closed(done: asyncio.Future[None]) -> asyncio.Future[None]:
    """A write handed over once the saves are closed: refused."""
    done.set_exception(OSError("the saves are closed"))
    return done


Told = list[tuple[asyncio.Future[None], Exception | None]]  # writes' futures, each with its failure (None: done)


def tell_on(loop: asyncio.AbstractEventLoop, told: Told) -> None:
    """(Off the loop.) Settle the futures on their loop (a loop already closed has nobody to tell)."""
    try:
        loop.call_soon_threadsafe(_settle, told)
    except RuntimeError:  # the loop is closed: the server stopped
        pass


def _settle(told: Told) -> None:
    for done, failure in told:
        if done.done():
            continue
        if failure is None:
            done.set_result(None)
        else:
            done.set_exception(failure)


def _tell(job: _Job, error: Exception | None) -> None:
    """Settle the job's futures on their loop."""
    tell_on(job.loop, [(done, error) for done in job.waiting])
