"""What the host pays to build one table message, printed (never asserted).

Plays seeded games with random legal actions and, after every action, builds each seat's table
message as the host does (the seat's view, `game.net.host.table_message`, then the JSON text
the listener sends: `encode`), timing only that, in CPU time (the process's own: other work on
a busy machine does not count). Run as a script, it measures the `game/` found
first on the path, so one command measures two trees in turn (paired runs):

    PYTHONPATH=. python tools/bench_host_messages.py            # this tree
    PYTHONPATH=/tmp/d17 python tools/bench_host_messages.py     # e.g. d17e02d, in a worktree there

(`python -m tools.bench_host_messages` measures this tree.) The host's `table_message` took
the engine's state before issue 40 and takes the seat's view since: both are handed what they take.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import random
import time
from typing import Any

import game
from game.net.host import table_message
from game.net.protocol import encode
from game.rules import GAME_OVER, ROUND_OVER, GameState
from game.rules.view import seat_view

RUNS = (("voyage", 4), ("classic", 8))
_TAKES_STATE = next(iter(inspect.signature(table_message).parameters)) == "state"


def _message(state: GameState, seat: int, events: tuple[Any, ...], action: Any) -> str:
    given: Any = state if _TAKES_STATE else seat_view(state, seat)
    return encode(table_message(given, seat, events, action))


def bench(edition: str, players: int, actions: int, seed: int) -> dict[str, Any]:
    """Each seat's message after each of `actions` random legal actions (new games as needed)."""
    chooser = random.Random(seed)
    state = GameState.new_game(edition, players, seed=seed)
    state.take_events()
    messages, spent, sent = 0, 0.0, hashlib.sha256()
    for _ in range(actions):
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        events = tuple(state.take_events())
        started = time.process_time()
        texts = [_message(state, seat, events, action) for seat in range(players)]
        spent += time.process_time() - started
        for text in texts:
            sent.update(text.encode("utf-8"))
        messages += players
        if state.phase == ROUND_OVER:
            state.deal()
        elif state.phase == GAME_OVER:
            state = GameState.new_game(edition, players, seed=chooser.randrange(1 << 30))
        state.take_events()
    return {"edition": edition, "players": players, "messages": messages, "seconds": round(spent, 3),
            "us_per_message": round(spent / messages * 1e6, 1), "messages_per_second": round(messages / spent),
            "digest": sent.hexdigest()[:16]}  # of every text sent: two trees that send the same bytes agree


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_host_messages", description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000,
                        help="random legal actions per run (1-100000, default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if not 1 <= args.actions <= 100_000:
        parser.error("--actions must be 1 to 100000")
    bench(*RUNS[0], 100, args.seed)  # warm the caches
    runs = [bench(edition, players, args.actions, args.seed) for edition, players in RUNS]
    tree = game.__file__.rsplit("/game/", 1)[0]
    if args.json:
        print(json.dumps({"tree": tree, "runs": runs}))
    else:
        print(f"game/ from {tree}")
        for run in runs:
            print(" ".join(f"{key}={value}" for key, value in run.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
