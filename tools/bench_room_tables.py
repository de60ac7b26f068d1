"""`python -m tools.bench_room_tables`: what a server's loop pays to make a move's table messages
for every connected seat of a room, printed (never asserted): each seat's view and message made
alone (`table_message(seat_view(...))`, as before issue 49's item 5) against the seats' made
together (`tables(seat_views(...))`: the public part once), both encoded as the server sends them.

The two ways alternate over the same seeded positions, so a busy machine slows both alike; the
ratio is the figure to read.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable

from game.net.host import table_message
from game.net.protocol import encode, tables
from game.rules import GameState, seat_view, seat_views
from game.rules.events import Event

Position = tuple[GameState, tuple[Event, ...]]


def positions(edition: str, players: int, seed: int, count: int) -> list[Position]:
    """`count` positions of seeded random games, each with the events of the step that led to it."""
    chooser, state = random.Random(seed), GameState.new_game(edition, players, seed=seed)
    found: list[Position] = []
    while len(found) < count:
        if state.is_terminal:
            state = GameState.new_game(edition, players, seed=chooser.randrange(2**31))
        elif state.phase == "round_over":
            state.deal()
        else:
            state.apply(chooser.choice(state.legal_actions()))
        found.append((state.clone(), tuple(state.take_events())))
    return found


def alone(position: Position, seats: range) -> list[str]:
    state, events = position
    return [encode(table_message(seat_view(state, seat), seat, events)) for seat in seats]


def together(position: Position, seats: range) -> list[str]:
    state, events = position
    return [encode(message) for message in tables(seat_views(state, seats), events).values()]


def seconds(way: Callable[[Position, range], list[str]], found: list[Position], seats: range) -> float:
    start = time.perf_counter()
    for position in found:
        way(position, seats)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_room_tables", description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5, help="alternating runs of each way (the best is kept)")
    parser.add_argument("--seed", type=int, default=49)
    args = parser.parse_args(argv)
    for edition, players, connected in (("classic", 4, 3), ("classic", 8, 7)):
        found, seats = positions(edition, players, args.seed, args.positions), range(connected)
        assert all(alone(position, seats) == together(position, seats) for position in found[:200])
        best = {"alone": float("inf"), "together": float("inf")}
        for _ in range(args.repeats):
            best["alone"] = min(best["alone"], seconds(alone, found, seats))
            best["together"] = min(best["together"], seconds(together, found, seats))
        print(json.dumps({
            "edition": edition, "players": players, "seats_sent": connected, "positions": len(found),
            "alone_us_a_move": round(best["alone"] / len(found) * 1e6, 1),
            "together_us_a_move": round(best["together"] / len(found) * 1e6, 1),
            "together_over_alone": round(best["together"] / best["alone"], 3),
        }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
