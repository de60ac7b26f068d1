"""Headless loops for a hosted table and for a joined seat: the `skyjo host` and
`skyjo join --bot` commands, the tests and the network bench drive games through these."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from game.ai import Bot
from game.table import GameOver, RoundOver, TableController, TableMessage

from .client import CLOSED, RemoteTable
from .host import NetHost

TICK = 0.002  # seconds a loop waits for a message when there is nothing to do
IDLE = 0.05  # ... when only a remote player's message can move the game on
READY_WAIT = 30.0  # seconds the host waits for every player to have seen a round's scores


def host_games(host: NetHost[TableController], next_table: Callable[[int], TableController], games: int, *,
               ready_wait: float = READY_WAIT, stop: threading.Event | None = None,
               on_table: Callable[[TableController], object] | None = None) -> list[tuple[int, ...]]:
    """Play `games` games at `host` (its current table first; `next_table(n)` makes game n's):
    each starts once every remote seat is claimed, and a round's end waits until every connected
    player is ready or `ready_wait` seconds passed. Returns each game's winners; stops early
    (with the games finished so far) when `stop` is set."""
    winners: list[tuple[int, ...]] = []
    for number in range(games):
        if number:
            host.new_table(next_table(number))
        if on_table is not None:
            on_table(host.table)
        result = _host_one(host, ready_wait, stop)
        if result is None:
            break
        winners.append(result)
    return winners


def _host_one(host: NetHost[TableController], ready_wait: float,
              stop: threading.Event | None) -> tuple[int, ...] | None:
    table = host.table
    heard: list[TableMessage] = []
    table.subscribe(heard.append)
    while not host.all_claimed:
        if stop is not None and stop.is_set():
            return None
        host.pump(TICK)
    host.start_game()
    scored_at: float | None = None
    while True:
        if stop is not None and stop.is_set():
            return None
        # a remote player's move wakes it at once
        host.pump(IDLE if table.waits_for_network and scored_at is None else TICK)
        table.update(TICK)
        while heard:
            message = heard.pop(0)
            if isinstance(message, GameOver):
                return tuple(table.record.winners or ())
            if isinstance(message, RoundOver):
                scored_at = time.monotonic()
        if scored_at is not None and (host.ready_for(table.scored_round) or time.monotonic() - scored_at > ready_wait):
            scored_at = None
            table.next_round()


def play_as_bot(remote: RemoteTable, bot: Bot, *, stop: threading.Event | None = None) -> bool:
    """Play our seat at `remote` with `bot`, deciding from our SeatView only, until the host
    ends the games (True) or the connection closes for good (False)."""

    def on_message(message: TableMessage) -> None:
        if isinstance(message, RoundOver):
            remote.next_round()

    remote.subscribe(on_message)
    while remote.client.status != CLOSED or not remote.waits_for_network:
        if stop is not None and stop.is_set():
            return False
        if remote.client.gone and remote.waits_for_network:  # (the thread always says closed; never wait on a dead one)
            break
        remote.catch_up()  # only the newest position is answered: the table messages before it are superseded
        seat = remote.acting_human()
        if seat is None:
            time.sleep(TICK)
            continue
        view = remote.view(seat)
        action = bot.decide(view)
        remote.catch_up()  # what the host sent while the bot thought
        if remote.view(seat) is view and remote.acting_human() == seat:
            remote.play(action)  # (else a newer position came: the next pass decides on it instead)
    return remote.client.finished
