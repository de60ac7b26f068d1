"""Engine throughput: complete rounds of random legal play per second, headless.

Each edition and seat count is measured twice: through the checked `apply` that every
public caller uses (the figure issue 20 tracks), and through `apply_unchecked`, the fast
path of the search bots, which skips `why_illegal`. Both play the very same rounds.
"""

from __future__ import annotations

import random
import time

from game.rules import GameState
from game.rules.state import GAME_OVER, ROUND_OVER

DEFAULT_RUNS = (("voyage", 2), ("voyage", 4), ("classic", 8))
CHECKED = "checked"  # GameState.apply
FAST = "fast"  # GameState.apply_unchecked
PATHS = (CHECKED, FAST)


def play_random_rounds(edition: str, players: int, rounds: int, seed: int, path: str = CHECKED) -> int:
    """Play at least `rounds` complete rounds (whole games, new ones as needed) with
    uniformly random legal actions; returns the number of rounds played."""
    chooser = random.Random(seed)
    played = 0
    game = 0
    while played < rounds:
        state = GameState.new_game(edition, players, seed=seed * 1_000_003 + game, record_events=False)
        play = state.apply if path == CHECKED else state.apply_unchecked
        game += 1
        while played < rounds:
            play(chooser.choice(state.legal_actions()))
            if state.phase == ROUND_OVER:
                played += 1
                state.deal()
            elif state.phase == GAME_OVER:
                played += 1
                break
    return played


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
