"""Decision times per level, measured on positions from real games (`skyjo bench bots`)."""

from __future__ import annotations

import statistics
import time

from game.rules import GAME_OVER, ROUND_OVER, GameState, seat_view

from . import LEVELS, make_bot


def bench_bots(decisions: int = 1000, seed: int = 1, levels: tuple[str, ...] = LEVELS, edition: str = "voyage",
               players: int = 4, expert_decisions: int = 100) -> list[dict]:
    """Median, p99 and max decision time (ms) of each level, over decisions in its own games."""
    results = []
    for level in levels:
        wanted = expert_decisions if level == "expert" else decisions
        times = _time_level(level, wanted, seed, edition, players)
        times.sort()
        results.append({
            "level": level,
            "decisions": len(times),
            "median_ms": round(statistics.median(times), 3),
            "p99_ms": round(times[min(len(times) - 1, int(0.99 * len(times)))], 3),
            "max_ms": round(times[-1], 3),
        })
    return results


def _time_level(level: str, wanted: int, seed: int, edition: str, players: int) -> list[float]:
    bot = make_bot(level, seed)
    times: list[float] = []
    game = 0
    while len(times) < wanted:
        state = GameState.new_game(edition, players, seed=seed * 1000 + game, record_events=False)
        game += 1
        while state.phase != GAME_OVER and len(times) < wanted:
            if state.phase == ROUND_OVER:
                state.deal()
                continue
            assert state.to_act is not None, "someone is to act in the opening and in a turn"
            view = seat_view(state, state.to_act)
            start = time.perf_counter()
            action = bot.decide(view)
            times.append((time.perf_counter() - start) * 1000)
            state.apply(action)
    bot.close()
    return times
