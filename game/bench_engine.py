"""Engine throughput: complete rounds of random legal play per second, headless."""

from __future__ import annotations

import random
import time

from game.rules import GameState
from game.rules.state import GAME_OVER, ROUND_OVER

DEFAULT_RUNS = (("voyage", 2), ("voyage", 4), ("classic", 8))


def play_random_rounds(edition: str, players: int, rounds: int, seed: int) -> int:
    """Play at least `rounds` complete rounds (whole games, new ones as needed) with
    uniformly random legal actions; returns the number of rounds played."""
    chooser = random.Random(seed)
    played = 0
    game = 0
    while played < rounds:
        state = GameState.new_game(edition, players, seed=seed * 1_000_003 + game, record_events=False)
        game += 1
        while played < rounds:
            state.apply(chooser.choice(state.legal_actions()))
            if state.phase == ROUND_OVER:
                played += 1
                state.deal()
            elif state.phase == GAME_OVER:
                played += 1
                break
    return played


def bench_engine(seconds: float = 2.0, seed: int = 1, runs=DEFAULT_RUNS) -> list[dict]:
    results = []
    for edition, players in runs:
        play_random_rounds(edition, players, 20, seed)  # warm caches
        rounds, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            rounds += play_random_rounds(edition, players, 50, seed + rounds)
        elapsed = time.perf_counter() - start
        results.append(
            {
                "edition": edition,
                "players": players,
                "rounds": rounds,
                "seconds": round(elapsed, 3),
                "rounds_per_second": round(rounds / elapsed, 1),
            }
        )
    return results
