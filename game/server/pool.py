"""Where the computer seats of every room think: one bounded pool of threads, so that a room's
Expert takes a thread of the pool, never the loop every room's messages go through, and a
thousand rooms never make a thousand threads. A decision done wakes its room.

The workers are the table's (`game/table/needs.py`'s `Worker`): the room's TableController asks
them as it asks the desktop's, only the thread they think on differs.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from game.ai import Bot
from game.ai.expert import DEFAULT_BUDGET_MS, ExpertBot
from game.ai.players import make_worker
from game.rules import Action, SeatView
from game.table.needs import Worker, WorkerFactory

MOST_THREADS = 8
MOST_THINK_MS = DEFAULT_BUDGET_MS  # the most a computer decision may think, by default: Expert's own budget


def pool_size() -> int:
    """Threads for the computer seats: the machine's cores, at least 2, at most MOST_THREADS."""
    return max(2, min(MOST_THREADS, os.cpu_count() or 2))


class ThinkingPool:
    """The threads every room's computer seats think on; a decision thinks `most_think_ms` at most
    (Expert's search on the clock; the other levels search nothing: a few milliseconds a decision)."""

    def __init__(self, threads: int | None = None, most_think_ms: int = MOST_THINK_MS) -> None:
        self._executor = ThreadPoolExecutor(max_workers=threads or pool_size(), thread_name_prefix="skyjo-think")
        self.most_think_ms = most_think_ms

    def factory(self, wake: Callable[[], object]) -> WorkerFactory:
        """How a room's table makes its computer seats' workers; `wake` is called when one decided."""

        def make(level: str, seed: int) -> Worker:
            bot = capped(make_worker(level, seed).bot, self.most_think_ms)  # (ValueError: not ours)
            return PooledWorker(self._executor, bot, wake)

        return make

    def close(self) -> None:
        """Stop taking decisions; those under way finish on their own (nothing waits for them)."""
        self._executor.shutdown(wait=False, cancel_futures=True)


def capped(bot: Bot, most_ms: int) -> Bot:
    """`bot`, its search held to `most_ms` a decision (Expert's clock; fixed work is left as it is)."""
    if isinstance(bot, ExpertBot) and bot.samples is None and bot.budget_ms > most_ms:
        bot.budget_ms = max(1, most_ms)  # (it still decides on its MIN_SAMPLES at 1 ms: a bounded few)
    return bot


class PooledWorker:
    """A computer seat whose decisions run on the pool (the Worker a table asks)."""

    def __init__(self, executor: ThreadPoolExecutor, bot: Bot, wake: Callable[[], object]) -> None:
        self._executor = executor
        self._bot = bot
        self._wake = wake
        self._lock = threading.Lock()
        self._future: Future[Action] | None = None
        self.error: BaseException | None = None

    def start(self, view: SeatView) -> None:
        with self._lock:
            self.error = None
            self._future = future = self._executor.submit(self._bot.decide, view)
        future.add_done_callback(lambda _done: self._wake())

    def result(self) -> Action | None:
        with self._lock:
            future = self._future
        if future is None or not future.done() or future.cancelled():
            return None
        error = future.exception()
        if error is not None:
            self.error = error
            return None
        return future.result()

    def close(self) -> None:
        with self._lock:
            if self._future is not None:
                self._future.cancel()
            self._future = None
