"""How late an asyncio loop runs, and what Python's cyclic garbage collector stops it for: the
figures `skyjo server --json` and `skyjo bench server` print to find where a move's round trip goes.

    lag = LoopLag()                  # on the loop watched
    lag.start()                      # a task that sleeps TICK and keeps how late it woke
    ...
    lag.stop(); lag.figures()        # {"p50_ms": .., "p99_ms": .., "max_ms": .., "ticks": ..}

    pauses = CollectorPauses()       # every collection of generation 2 (the whole heap) timed
    pauses.start(); ...; pauses.stop(); pauses.figures()

A tick woken late was held up by whatever ran on the loop before it (a room's step, a burst of
sends, a collection), or by the machine when the process waited for a core: the lag is every
callback's wait on that loop, the part of a round trip the loop adds.
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Any

TICK = 0.010  # seconds the watching task sleeps between two looks at the clock
MOST_KEPT = 200_000  # lateness figures kept (a tick each 10 ms: more than half an hour), the newest dropped past it


def percentile(ordered: list[float], share: float) -> float:
    """The value below which `share` of `ordered` (sorted) lies, as the bench reads its round trips."""
    return ordered[max(0, int(len(ordered) * share) - 1)] if ordered else 0.0


class LoopLag:
    """A task on the running loop that sleeps `tick` seconds and keeps how much later it woke."""

    def __init__(self, tick: float = TICK) -> None:
        self.tick = tick
        self.late: list[float] = []  # seconds past each tick's due time
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start watching the running loop (call it on that loop)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._watch())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _watch(self) -> None:
        clock = time.perf_counter
        while True:
            due = clock() + self.tick
            await asyncio.sleep(self.tick)
            if len(self.late) < MOST_KEPT:
                self.late.append(max(0.0, clock() - due))

    def figures(self) -> dict[str, Any]:
        ordered = sorted(self.late)
        return {"p50_ms": milliseconds(percentile(ordered, 0.5)), "p99_ms": milliseconds(percentile(ordered, 0.99)),
                "max_ms": milliseconds(ordered[-1] if ordered else 0.0),
                "over_50_ms": sum(late > 0.05 for late in ordered), "ticks": len(ordered)}


class CollectorPauses:
    """The garbage collector's full collections (generation 2) while watched: how many, how long."""

    def __init__(self) -> None:
        self.pauses: list[float] = []  # seconds each full collection took
        self.cpu = 0.0  # CPU seconds they took (the wall clock's seconds include waiting for a core)
        self.found = 0  # unreachable objects they found (what only a full collection frees)
        self._began = self._began_cpu = 0.0

    def start(self) -> None:
        if self._note not in gc.callbacks:
            gc.callbacks.append(self._note)

    def stop(self) -> None:
        if self._note in gc.callbacks:
            gc.callbacks.remove(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._began, self._began_cpu = time.perf_counter(), time.thread_time()
        elif len(self.pauses) < MOST_KEPT:
            self.pauses.append(time.perf_counter() - self._began)
            self.cpu += time.thread_time() - self._began_cpu
            self.found += info.get("collected", 0)

    def figures(self) -> dict[str, Any]:
        return {"full_collections": len(self.pauses), "max_ms": milliseconds(max(self.pauses, default=0.0)),
                "total_ms": milliseconds(sum(self.pauses)), "cpu_ms": milliseconds(self.cpu), "found": self.found,
                "frozen_objects": gc.get_freeze_count()}


def milliseconds(seconds: float) -> float:
    """Seconds as milliseconds to two places, as every figure here is printed."""
    return round(seconds * 1000, 2)


FULL_EVERY = 1000  # collections of the middle generation between two full ones (Python's default: 10)


def quiet_collector(full_every: int = FULL_EVERY) -> None:
    """What start-up made is kept out of every full collection from now on (`gc.freeze`), and a full
    collection waits for `full_every` collections of the middle generation rather than 10: one
    stops the loop for as long as it walks every object of every room (120-250 ms at 200 rooms on
    the shared 2 cores), while the cycles it would find are few (a few thousand objects each time)
    and most garbage goes as soon as it is dropped."""
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, full_every)
