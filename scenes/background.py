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
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from game.wire.reading import one_line
from scenes.base import wake_the_app

T = TypeVar("T")


class Background(Generic[T]):
    def __init__(self, work: Callable[[], T], wake: Callable[[], None] = wake_the_app) -> None:
        self.result: T | None = None
        self.problem: str | None = None
        self._wake = wake
        self._done = threading.Event()
        threading.Thread(target=self._run, args=(work,), name="reading", daemon=True).start()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the work to end (tests); whether it did."""
        return self._done.wait(timeout)

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self.result = work()
        except Exception as error:  # noqa: BLE001 - told on the screen, never a crash of the app
            self.problem = one_line(str(error) or type(error).__name__)
        finally:
            self._done.set()
            self._wake()  # (wake_the_app never raises)


def settle(reading: Background[T] | None) -> tuple[Background[T] | None, Background[T] | None]:
    """`(finished, still_reading)`: a screen's `update` takes its reading once it is done and
    forgets it (`done, self.reading = settle(self.reading)`), or keeps waiting for it."""
    if reading is None or not reading.done:
        return None, reading
    return reading, None
