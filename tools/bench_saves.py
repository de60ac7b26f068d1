"""`python -m tools.bench_saves`: how long an autosave takes, printed (never asserted).

Plays seeded games and saves after every action into a temporary folder, timing what the
frame loop pays: the whole synchronous save (encode + fsynced atomic write), and, for
`Store(background=True)`, just the hand-over to the writer thread. The same for the statistics
counted at the end of each round (`--rounds`, people at every seat: computers are not counted),
written on the frame loop before issue 46 (sync) and off it since (background).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator

from game.match import COMPUTER, MatchConfig, SeatConfig
from game.rules import GameState
from game.store.store import Store

RUNS = (("voyage", 4), ("classic", 8))


def game_states(edition: str, players: int, seed: int, actions: int) -> Iterator[tuple[MatchConfig, GameState]]:
    """(match, state) after each of `actions` random legal actions (new games as needed)."""
    seats = tuple(SeatConfig(f"P{i}", COMPUTER, "normal") for i in range(players))
    match = MatchConfig(edition=edition, seats=seats, seed=seed)
    chooser, state = random.Random(seed), match.new_game()
    for _ in range(actions):
        if state.phase == "round_over":
            state.deal()
        elif state.is_terminal:
            state = match.new_game(seed=chooser.randrange(2**31))
        else:
            state.apply(chooser.choice(state.legal_actions()))
        yield match, state


def time_saves(edition: str, players: int, saves: int, seed: int, background: bool) -> dict:
    timings = []
    with tempfile.TemporaryDirectory(prefix="skyjo-bench-") as folder:
        store = Store(folder, background=background)
        for match, state in game_states(edition, players, seed, saves):
            start = time.perf_counter()
            store.saves.save(match, state)
            timings.append((time.perf_counter() - start) * 1000)
        store.close()
        size = store.saves.path.stat().st_size if store.saves.path.exists() else 0
    timings.sort()
    return {
        "edition": edition,
        "players": players,
        "mode": "background" if background else "sync",
        "saves": len(timings),
        "bytes": size,
        "median_ms": round(statistics.median(timings), 3),
        "p99_ms": round(timings[int(len(timings) * 0.99) - 1], 3),
        "max_ms": round(timings[-1], 3),
    }


def time_rounds(edition: str, players: int, rounds: int, seed: int, background: bool) -> dict:
    """What the frame loop pays to count `rounds` scored rounds into the statistics."""
    seats = tuple(SeatConfig(f"P{i}") for i in range(players))
    match, chooser = MatchConfig(edition=edition, seats=seats, seed=seed), random.Random(seed)
    timings: list[float] = []
    with tempfile.TemporaryDirectory(prefix="skyjo-bench-") as folder:
        store, state = Store(folder, background=background), match.new_game()
        while len(timings) < rounds:
            if state.phase == "round_over":
                start = time.perf_counter()
                store.stats.record_round(match, state)
                timings.append((time.perf_counter() - start) * 1000)
                state.deal()
            elif state.is_terminal:
                state = match.new_game(seed=chooser.randrange(2**31))
            else:
                state.apply(chooser.choice(state.legal_actions()))
        store.close()
        size = store.stats.path.stat().st_size
    timings.sort()
    return {"edition": edition, "players": players, "mode": f"stats {'background' if background else 'sync'}",
            "saves": len(timings), "bytes": size, "median_ms": round(statistics.median(timings), 3),
            "p99_ms": round(timings[int(len(timings) * 0.99) - 1], 3), "max_ms": round(timings[-1], 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_saves", description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=1000, help="saves per run (default 1000)")
    parser.add_argument("--rounds", type=int, default=200, help="statistics: rounds counted per run (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.saves < 100 or args.rounds < 100:
        print("python -m tools.bench_saves: error: --saves and --rounds must be at least 100", file=sys.stderr)
        return 2
    runs = [time_saves(e, p, args.saves, args.seed, bg) for e, p in RUNS for bg in (False, True)]
    runs += [time_rounds(e, p, args.rounds, args.seed, bg) for e, p in RUNS for bg in (False, True)]
    if args.json:
        print(json.dumps({"runs": runs}))
        return 0
    columns = ("edition", "players", "mode", "saves", "bytes", "median_ms", "p99_ms", "max_ms")
    print("  ".join(f"{c:>10}" for c in columns))
    for run in runs:
        print("  ".join(f"{run[c]!s:>10}" for c in columns))
    return 0


if __name__ == "__main__":
    sys.exit(main())
