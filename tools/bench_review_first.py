"""How soon the review screen has something to show: `python -m tools.bench_review_first`.

Reviews seat 0 of the 3-round Voyage game that docs/engineering.md times (Easy in seat 0
against two Normal computers, `MatchConfig("voyage", ..., seed=1)`, the computers seeded 1-3,
played to its end) the way the app does (game/ai/review_job.py's ReviewJob, seed 1, the app's
samples), and prints, for the first costly decision (the first the screen can offer) and for
the whole review: the wall seconds and the CPU seconds spent until then.

With `--workers 1` the CPU is this process's alone, at both moments: the figure a quiet machine
gives (one core). With more workers the whole review's CPU adds the worker processes' (known
once they have ended); the first decision's CPU is not told then.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from typing import Any

from game.ai import make_bot
from game.ai.review import DEFAULT_SAMPLES
from game.ai.review_job import ReviewJob
from game.match import COMPUTER, MatchConfig, SeatConfig
from game.rules import seat_view

LEVELS = ("easy", "normal", "normal")  # seat 0 is reviewed
TIMEOUT = 1800.0  # s: a review that takes longer is broken, not slow


def documented_game() -> dict[str, Any]:
    """The record of the game docs/engineering.md times its review on."""
    seats = tuple(SeatConfig(f"Seat {seat + 1}", COMPUTER, level) for seat, level in enumerate(LEVELS))
    state = MatchConfig("voyage", seats, seed=1).new_game()
    bots = [make_bot(level, seat + 1) for seat, level in enumerate(LEVELS)]
    while not state.is_terminal:
        if state.phase == "round_over":
            state.deal()
            continue
        seat = state.to_act
        if seat is None:
            raise SystemExit(f"bench_review_first: nobody to act in phase {state.phase}")
        state.apply(bots[seat].decide(seat_view(state, seat)))
    return state.record()


def cpu() -> float:
    """CPU seconds of this process and of its children that have ended."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def measure(record: dict[str, Any], workers: int, samples: int) -> dict[str, Any]:
    """Time one review: the wall and CPU seconds to its first costly decision and to its end."""
    first: list[tuple[float, float, int]] = []
    start_wall, start_cpu = time.perf_counter(), cpu()

    def wake() -> None:  # (on the job's thread, after each decision)
        if not first and any(not judged.good for judged in job.so_far().decisions):
            first.append((time.perf_counter() - start_wall, cpu() - start_cpu, job.done))

    job = ReviewJob(record, seat=0, seed=1, samples=samples, workers=workers, wake=wake)
    if not job.wait(TIMEOUT) or job.result is None:
        raise SystemExit(f"bench_review_first: the review did not finish: {job.problem or 'timed out'}")
    wall, spent = time.perf_counter() - start_wall, cpu() - start_cpu
    return {"decisions": len(job.result.decisions), "first": first[0] if first else None, "wall": wall, "cpu": spent}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_review_first", description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=1, help="processes judging, 1 to 8 (default 1)")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                        help=f"sampled worlds per searched decision (default {DEFAULT_SAMPLES}, the app's)")
    parser.add_argument("--runs", type=int, default=1, help="reviews in a row, 1 to 20 (default 1)")
    args = parser.parse_args(argv)
    if not 1 <= args.workers <= 8 or not 1 <= args.samples <= 10_000 or not 1 <= args.runs <= 20:
        print("bench_review_first: error: --workers 1 to 8, --samples 1 to 10000, --runs 1 to 20", file=sys.stderr)
        return 2
    record = documented_game()
    print(f"{len(record['rounds'])} rounds; seat 0 reviewed, {args.samples} samples, {args.workers} worker(s)")
    for _ in range(args.runs):
        took = measure(record, args.workers, args.samples)
        if took["first"] is None:
            head = "no costly decision"
        else:
            wall, spent, done = took["first"]
            head = f"first costly decision (#{done} judged) {wall:.2f} s wall"
            head += f", {spent:.2f} s CPU" if args.workers == 1 else ""
        print(f"{head}; whole review ({took['decisions']} decisions) {took['wall']:.1f} s wall, "
              f"{took['cpu']:.1f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
