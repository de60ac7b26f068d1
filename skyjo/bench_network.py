"""`skyjo bench network`: a loopback table whose seats are all played from "other computers".

The host runs here (its websockets thread and the table loop); the players are our Easy level
behind real clients in a second process, so the host's CPU time is its own. Printed per table,
never asserted: the action round trip as a player measures it (its play sent -> the table step
that shows it back), p50 and p99 in milliseconds, and the host's CPU milliseconds per action.
The issue's target: p99 <= 20 ms on loopback.
"""

from __future__ import annotations

import multiprocessing
import resource
import time
from typing import Any

TABLES = (("voyage", 2), ("classic", 4))
GAMES = 2
CODE = "BENCH1"


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _players(url: str, count: int, seed: int, out: Any) -> None:
    """The second process: `count` Easy players joined through real clients."""
    import threading

    from game.ai import make_bot
    from game.net.client import NetClient, RemoteTable
    from game.net.headless import play_as_bot

    tables = [RemoteTable(NetClient(url, CODE, f"Bench {n}")) for n in range(count)]
    threads = [threading.Thread(target=play_as_bot, args=(remote, make_bot("easy", seed + n)))
               for n, remote in enumerate(tables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(600)
    out.put([trip for remote in tables for trip in remote.move.round_trips])


def bench_network(seed: int = 1, games: int = GAMES) -> list[dict[str, Any]]:
    context = multiprocessing.get_context("spawn")  # no fork of a process with threads
    return [_bench_table(edition, players, seed, games, context) for edition, players in TABLES]


def _bench_table(edition: str, players: int, seed: int, games: int, context: Any) -> dict[str, Any]:
    from game.match import REMOTE, MatchConfig, SeatConfig
    from game.net.headless import host_games
    from game.net.host import NetHost
    from game.table import TableController, TableEvents

    config = MatchConfig(edition, tuple(SeatConfig(f"P{n}", REMOTE) for n in range(players)), seed=seed)
    host = NetHost(TableController(config, config.new_game(), speed=0), CODE, "127.0.0.1", 0)
    actions = [0]

    def count(message: Any) -> None:
        actions[0] += isinstance(message, TableEvents) and message.action is not None

    def next_table(number: int) -> TableController:
        return TableController(host.table.config, config.new_game(seed + number), speed=0)

    out = context.Queue()
    process = context.Process(target=_players, args=(host.url, players, seed, out), daemon=True)
    process.start()
    cpu, wall = _cpu(), time.perf_counter()
    try:
        host_games(host, next_table, games, on_table=lambda table: table.subscribe(count))
        cpu, wall = _cpu() - cpu, time.perf_counter() - wall
    finally:
        host.close(final=True)
    trips = sorted(out.get(timeout=60))
    process.join(10)
    return {
        "edition": edition, "players": players, "games": games, "actions": actions[0], "seconds": round(wall, 2),
        "p50_ms": round(trips[len(trips) // 2] * 1000, 2) if trips else None,
        "p99_ms": round(trips[min(len(trips) - 1, int(len(trips) * 0.99))] * 1000, 2) if trips else None,
        "host_cpu_ms_per_action": round(cpu * 1000 / max(1, actions[0]), 3),
    }
