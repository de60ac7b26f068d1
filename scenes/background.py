"""A screen's slow read done off the frame loop (issue 38 item 4): a data file at its size cap
(reviews.json, last-game.json, an export) may take long to read and check, and no frame may
wait for it. The screen draws a "Reading…" state meanwhile and takes the result on the frame
loop, in its `update`, once `done`.

    reading = Background(partial(read_figures, store))   # starts at once, in a thread
    reading.done        # the work ended (the app was woken: its next frame updates)
    reading.result      # what the work returned (None before, or if it raised)
    reading.problem     # why it raised, one line (None unless it did)

The work must not touch the screen, nor word anything for the player: it reads and checks;
the screen words the result where it shows it (in the language of that moment).

A screen's reads go through its `Lane` (issue 46 item 4): at most one read of a kind runs at a
time, whatever the player does. A screen left and entered again twenty times in a second (the
thread of each visit reading every exported game: twenty threads and gigabytes) meets its
read still under way and takes it over (`key`: the same read); another read waits its turn. A
screen that leaves `cancel`s its read, which is then never run, or, already under way, runs to
its end with nobody to take its result.

    READS = Lane("games")
    reading = READS.read(partial(read_games, store), key=str(store.data_dir))
    reading.cancel()    # in the screen's `exit`
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from game.wire.reading import one_line
from scenes.base import wake_the_app

T = TypeVar("T")


class Background(Generic[T]):
    def __init__(self, work: Callable[[], T], wake: Callable[[], None] = wake_the_app, *, key: object = None,
                 start: bool = True) -> None:
        self.result: T | None = None
        self.problem: str | None = None
        self.key = key  # what the work reads (a Lane hands a running read over to a screen asking for the same)
        self.cancelled = False  # the screen left: nobody takes the result (a Lane never starts the work)
        self._work: Callable[[], T] | None = work
        self._wake = wake
        self._done = threading.Event()
        if start:
            threading.Thread(target=self.run, name="reading", daemon=True).start()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the work to end (tests); whether it did."""
        return self._done.wait(timeout)

    def cancel(self) -> None:
        """Nobody wants the result any more (the screen left): not run if it has not begun."""
        self.cancelled = True

    def run(self) -> None:
        """Do the work on this thread (once), or drop it if it was cancelled before it began."""
        work, self._work = self._work, None  # (the work and what it holds are let go of once done)
        try:
            if work is not None and not self.cancelled:
                self.result = work()
        except Exception as error:  # noqa: BLE001 - told on the screen, never a crash of the app
            self.problem = one_line(str(error) or type(error).__name__)
        finally:
            self._done.set()
            self._wake()  # (wake_the_app never raises)


class Lane:
    """One kind of read (a screen's): at most one runs at a time, on a thread of its own that
    ends when nothing is left to read; the others wait their turn, and one cancelled before its
    turn is never run."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._lock = threading.Lock()
        self._running: Background[Any] | None = None  # with its thread alive
        self._waiting: deque[Background[Any]] = deque()

    def read(self, work: Callable[[], T], key: object = None, wake: Callable[[], None] = wake_the_app) -> Background[T]:
        """The read of `work`: the one under way if it has this `key` (not None), taken over as
        it is (cancelled or not); else a new one, started at once if none runs, else after the
        ones waiting (those cancelled meanwhile are let go of now: they end at once, unread)."""
        with self._lock:
            for under_way in (self._running, *self._waiting):
                if key is not None and under_way is not None and under_way.key == key and not under_way.done:
                    under_way.cancelled = False
                    return under_way
            reading: Background[T] = Background(work, wake, key=key, start=False)
            if self._running is None:
                self._running = reading
                threading.Thread(target=self._serve, name=f"reading {self.name}", daemon=True).start()
            else:
                for dropped in [waiting for waiting in self._waiting if waiting.cancelled]:
                    self._waiting.remove(dropped)
                    dropped.run()  # (it ends at once, done with no result)
                self._waiting.append(reading)
            return reading

    def _serve(self) -> None:
        while True:
            with self._lock:
                reading = self._running
            if reading is None:
                return
            reading.run()
            with self._lock:
                self._running = self._waiting.popleft() if self._waiting else None


def settle(reading: Background[T] | None) -> tuple[Background[T] | None, Background[T] | None]:
    """`(finished, still_reading)`: a screen's `update` takes its reading once it is done and
    forgets it (`done, self.reading = settle(self.reading)`), or keeps waiting for it."""
    if reading is None or not reading.done:
        return None, reading
    return reading, None
