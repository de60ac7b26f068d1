"""Engine throughput: complete rounds of random legal play per second, headless.

Each edition and seat count is measured twice: through the checked `apply` that every
public caller uses (the figure issue 20 tracks), and through `apply_unchecked`, the fast
path of the search bots, which skips `why_illegal`. Both play the very same rounds, through
game/rules/random_play.py (compiled with the rules when they are built, docs/engineering.md
"Issue 47: the compiled engine").
"""

from __future__ import annotations

import time

from game.rules.random_play import CHECKED, FAST, play_random_rounds

DEFAULT_RUNS = (("voyage", 2), ("voyage", 4), ("classic", 8))
PATHS = (CHECKED, FAST)
__all__ = ["CHECKED", "DEFAULT_RUNS", "FAST", "PATHS", "bench_engine", "play_random_rounds"]


def bench_engine(seconds: float = 2.0, seed: int = 1, runs=DEFAULT_RUNS, paths=PATHS) -> list[dict]:
    results = []
    for edition, players in runs:
        for path in paths:
            play_random_rounds(edition, players, 20, seed, path)  # warm caches
            rounds, start = 0, time.perf_counter()
            while time.perf_counter() - start < seconds:
                rounds += play_random_rounds(edition, players, 50, seed + rounds, path)
            elapsed = time.perf_counter() - start
            results.append(
                {
                    "edition": edition,
                    "players": players,
                    "path": path,
                    "rounds": rounds,
                    "seconds": round(elapsed, 3),
                    "rounds_per_second": round(rounds / elapsed, 1),
                }
            )
    return results
