"""`skyjo bench frames`: frame times of the real app playing computer games headless at
1920x1080 (update + draw + flip per frame). Figures are printed, never asserted.

`--while-reviewing`: the same runs again while a review judges in the background as the app
runs it (a ReviewJob with its default workers, on a 4-round Voyage game of three computers),
cancelled at the end; how far it got and whether its processes are gone are printed too."""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from typing import Any

from game.motion import SPEEDS
from scenes.names import PLAY

WIDTH, HEIGHT = 1920, 1080
RUNS = (("voyage", 4), ("classic", 8))
MAX_FRAMES = 2400  # per run: enough for whole rounds of play, short enough to wait for
SPEED = SPEEDS["fast"]
BUDGET_MS = round(1000 / 60, 1)  # a frame at 60 fps: the p99 is read against it
CANCEL_WAIT = 10.0  # s: a cancelled review stops within CANCEL_POLL; this only bounds a hang


def bench_frames(seed: int = 1, max_frames: int = MAX_FRAMES) -> list[dict[str, Any]]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keeps --json output clean
    return [_run(edition, players, seed, max_frames) for edition, players in RUNS]


def bench_frames_reviewing(seed: int = 1, max_frames: int = MAX_FRAMES) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The runs of `bench_frames` without a review, then again with one judging in the
    background (each row's `review`: off, or decisions judged / in all when the run ended);
    then the review is cancelled. Returns (rows, how the review went)."""
    from game.ai.review_job import ReviewJob, voyage_record
    from skyjo.processes import child_processes

    quiet = bench_frames(seed, max_frames)
    record = voyage_record(4)
    before = child_processes()  # (none, unless the caller has children of its own)
    started = time.perf_counter()
    job = ReviewJob(record, seat=0)  # as the review screen starts it: default samples and workers
    busy = []
    try:
        for edition, players in RUNS:
            busy.append(_run(edition, players, seed, max_frames) | {"review": f"{job.done}/{job.total}"})
    finally:
        still_running = job.running  # else the last frames were measured without it
        judging = time.perf_counter() - started
        job.cancel()
        ended = job.wait(CANCEL_WAIT)
    review = {"workers": job.workers, "samples": job.samples, "judged": job.done, "total": job.total,
              "seconds": round(judging, 1), "running_to_the_end": still_running, "cancelled": ended,
              "result": job.result is not None, "problem": job.problem,
              "cancel_seconds": round(time.perf_counter() - started - judging, 2),
              "children_left": [f"{pid} {cmd}" for pid, cmd in child_processes().items() if pid not in before]}
    return [row | {"review": "off"} for row in quiet] + busy, review


def _run(edition: str, players: int, seed: int, max_frames: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="skyjo-bench-") as scratch:  # never the player's folder
        times = _frame_times(scratch, edition, players, seed, max_frames)
    ordered = sorted(times)
    return {
        "edition": edition, "players": players, "width": WIDTH, "height": HEIGHT, "frames": len(times),
        "median_ms": round(statistics.median(ordered), 2),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2), "budget_ms": BUDGET_MS,
        "max_ms": round(ordered[-1], 2),
    }


def _frame_times(data_dir: str, edition: str, players: int, seed: int, max_frames: int) -> list[float]:
    """Milliseconds per frame of the app playing one computer game."""
    from game.match import COMPUTER, MatchConfig, SeatConfig
    from scenes.base import AppScene
    from skyjo.app import App, frame_loop_threads  # imported once pygame is told not to greet (--json)

    names = ("Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana")
    seats = tuple(SeatConfig(names[i], COMPUTER, "normal") for i in range(players))
    config = MatchConfig(edition, seats, seed=seed)
    app = App(data_dir, size=(WIDTH, HEIGHT))
    assert app.store is not None
    app.store.close()
    app.store = None  # measure drawing, not saving
    app.speed_override = SPEED
    play = app.stack.push(PLAY, config=config, state=config.new_game())  # loading: the layout, prewarmed card art
    times: list[float] = []
    with frame_loop_threads():  # as App.run has it
        for _ in range(max_frames):
            top = app.stack.top
            if top is not play:  # the round's scoring overlay: continue at once
                if isinstance(top, AppScene) and top.name == "round":
                    top.press("continue")
                else:
                    break
            start = time.perf_counter()
            app.frame(1 / 60)
            times.append((time.perf_counter() - start) * 1000)
    app.close()
    return times
