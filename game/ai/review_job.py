"""A review judged off the frame loop, for the review screen: progress, cancel, the result.

    job = ReviewJob(record, seat=0, keep=shelve)   # starts at once; keep(review) when judged
    job.done, job.total                   # decisions judged so far, and in all
    job.so_far()                          # a ReviewData of the decisions judged so far (the game's first ones)
    job.result                            # the ReviewData once finished (None before)
    job.problem                           # why it failed, one line (None unless it did)
    job.cancel()                          # stops it (its worker processes too) soon after

A thread drives `review_game`; with `workers` > 1 (the default where the machine has two
cores or more) the decisions are judged in worker processes of lower priority, so the window
keeps its frames: the thread itself only waits on them. Where processes cannot be started
the thread judges alone. The review is the same either way (each decision has its own seed).
The decisions are judged in the game's order and handed on as they come (`so_far`), so the
screen shows the first costly decision long before the last is judged.
`keep` (the review screen's: it writes the review beside the statistics, in a file that may
be large) runs on the job's thread too, before the job ends, so no frame waits for the disk;
the computer players know nothing of the store, hence a callable.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from typing import Any

from game.replay import ScenarioError
from game.wire.reading import one_line
from game.wire.review import Judged, ReviewData

from .review import DEFAULT_SAMPLES, METHOD, ReviewCancelled, review_game

log = logging.getLogger("skyjo.review")

MOST_WORKERS = 2  # the review's processes: a family computer keeps a core for everything else


def default_workers() -> int:
    return max(1, min(MOST_WORKERS, os.cpu_count() or 1))


class ReviewJob:
    def __init__(self, record: Any, seat: int, seed: int = 1, samples: int = DEFAULT_SAMPLES,
                 workers: int | None = None, wake: Callable[[], None] | None = None,
                 keep: Callable[[ReviewData], object] | None = None) -> None:
        """Start judging `seat`'s decisions in `record`; `wake()` is called (on the job's
        thread) after each decision and at the end, to wake a sleeping frame loop; `keep(review)`
        once the review is judged (even if cancelled meanwhile: the work is not lost)."""
        self.record, self.seat, self.seed, self.samples = record, seat, seed, samples
        self.workers = default_workers() if workers is None else workers
        self.done = 0
        self.total = 0
        self.result: ReviewData | None = None
        self._judged: list[Judged] = []  # appended on the job's thread, copied on the frame's (each step atomic)
        self.problem: str | None = None
        self._wake = wake
        self._keep = keep
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="review", daemon=True)
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    def cancel(self) -> None:
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the job to end (tests, the command line); whether it did."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def so_far(self) -> ReviewData:
        """The review of the decisions judged so far: the game's first ones, in order (its
        rounds' ends come with the whole review)."""
        return ReviewData(seat=self.seat, seed=self.seed, samples=self.samples, method=METHOD,
                          decisions=list(self._judged))

    def _found(self, judged: Judged) -> None:
        self._judged.append(judged)

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        self._poke()

    def _poke(self) -> None:
        if self._wake is not None:
            try:
                self._wake()
            except Exception:  # noqa: BLE001 - a closed window: the job goes on regardless
                pass

    def _run(self) -> None:
        try:
            try:
                self.result = self._review(self.workers)
            except OSError:  # no worker processes here (a sandbox, too many open files): judged alone
                self.result = self._review(1)
        except ReviewCancelled:
            pass
        except (ScenarioError, ValueError) as error:
            self.problem = one_line(str(error))
        except Exception as error:  # told on the screen, never a crash of the app
            log.error("the review failed", exc_info=error)
            self.problem = one_line(f"{type(error).__name__}: {error}")
        if self.result is not None and self._keep is not None:
            try:
                self._keep(self.result)
            except Exception:  # noqa: BLE001 - a review not kept is judged again next time, never a crash
                pass
        self._poke()

    def _review(self, workers: int) -> ReviewData:
        self._judged = []  # (judged again alone, where processes could not start: from the first)
        return review_game(self.record, self.seat, self.seed, self.samples, workers, progress=self._progress,
                           cancel=self._stop.is_set, found=self._found)


def voyage_record(rounds: int = 4) -> dict[str, Any]:
    """The record of a Voyage game of three Hard computers (game 0 of seed 1), its first
    `rounds` rounds: the game a review is timed on (the frame bench, the self-test, and
    tools/review_levels.py's --speed)."""
    from game.rules import Options

    from . import make_bot
    from .simulate import play_game

    bots = [make_bot("hard", 1) for _ in range(3)]
    # a game never ended by its score, so it has as many rounds as asked for; played only as
    # far as those rounds (the rest of a game to 1,000 points took seconds and was thrown away)
    state, _ = play_game(bots, "voyage", 1, 0, Options(end_score=1000), record=True, rounds=rounds)
    record = state.record()
    record["rounds"] = record["rounds"][:rounds]
    return record
