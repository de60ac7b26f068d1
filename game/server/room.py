"""One room: a table the server runs (a `TableController`, the same as a table hosted at home),
its `NetHost`, and its part of the server's one door (`RoomDoor`). Everything a room does runs on
the door's event loop, one step at a time, when something happened: a player's message arrived,
a computer seat decided, a round's scores waited long enough. Nothing polls.

A move is saved before its players hear of it: the table saves as it plays (the room's store
writes at once, on this thread), and what it sends only leaves on the loop's next turn. A store
that writes later (Redis, game/server/keeper.py) gives the door a `hold`: what the room sends,
closes included, goes out in order once what was saved before it is written.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from game.match import MatchConfig
from game.net.host import NetHost
from game.net.hosted import HostedStore
from game.net.inbox import Inbox
from game.net.listener import Arrival, Client, Server
from game.rules import GameState
from game.table import GameOver, RoundOver, TableController, TableMessage
from game.wire.closing import CLOSE_AWAY, CLOSE_FINAL

from .pool import ThinkingPool

log = logging.getLogger("skyjo.server")

Hold = Callable[[Callable[[], object]], None]  # run this once what was saved before it is written

READY_WAIT = 30.0  # seconds a round's scores wait for every connected player to have seen them
STEPS = 64  # table steps in one go before the other rooms have their turn


def _at_once(deliver: Callable[[], object]) -> None:
    deliver()


class RoomDoor:
    """A room's part of the server's door: its own inbox and tokens, the rest the server's.
    `on_tokens` is told the room's seat tokens whenever they change (the server keeps an index);
    `hold`: what is sent waits for the room's writes (None: it leaves at once)."""

    def __init__(self, server: Server, code: str, on_tokens: Callable[[tuple[str, ...]], object],
                 hold: Hold | None = None) -> None:
        self.server = server
        self._hold: Hold = hold or _at_once
        self.inbox: Inbox[tuple[Client, Arrival]] = Inbox()
        self.lines = server.lines
        self.port = server.port
        self._code = code
        self._on_tokens = on_tokens
        self.seated: dict[int, Client] = {}  # each seat's newest connection

    @property
    def code(self) -> str:
        return self._code

    def know_tokens(self, tokens: tuple[str, ...]) -> None:
        self._on_tokens(tokens)

    def send(self, client: Client, message: object) -> None:
        self._hold(lambda: self.server.send(client, message))

    def seat(self, client: Client, seat: int) -> None:
        self.seated[seat] = client
        self.server.seat(client, seat)

    def close(self, client: Client, code: int, reason: str) -> None:
        self._hold(lambda: self.server.close(client, code, reason))

    def turn_away(self, client: Client, reason: str, code: int) -> None:
        self._hold(lambda: self.server.turn_away(client, reason, code))

    def shut_down(self, code: int, reason: str, wait: float) -> None:
        """Close this room's connections (what was sent them leaves first); the door stays open."""
        seated = list(self.seated.values())
        self.seated.clear()
        self._hold(lambda: self._finish(seated, code, reason))

    def cut_off(self, code: int, reason: str) -> None:
        """Close this room's connections now, whatever waits to be sent (the room is not ours any more)."""
        self._finish(list(self.seated.values()), code, reason)
        self.seated.clear()

    def _finish(self, clients: list[Client], code: int, reason: str) -> None:
        for client in clients:
            if not client.gone:
                self.server.finish(client, code, reason)


class Room:
    """A table run by the server for its players online. `ident` names its folder (never its code);
    `on_end(room)` is called once its game is over (the room then goes)."""

    def __init__(self, ident: str, code: str, config: MatchConfig, state: GameState, store: HostedStore | None, *,
                 server: Server, pool: ThinkingPool, resumed: bool,
                 on_tokens: Callable[[Room, tuple[str, ...]], object], on_end: Callable[[Room], object],
                 hold: Hold | None = None) -> None:
        self.ident = ident
        self.store = store
        self._server = server
        self._on_end = on_end
        self._due = False  # a step is on its way (wakes are folded into one)
        self._heard = 0  # table messages so far: a step goes on while the table moves
        self._scored_at: float | None = None  # when a round's scores were shown, until the next deal
        self.ended = False
        self.idle_since: float | None = time.monotonic()  # nobody connected since then (None: somebody is)
        self.door = RoomDoor(server, code, lambda tokens: on_tokens(self, tokens), hold)
        self.table = TableController(config, state, store, resumed=resumed, make_worker=pool.factory(self.wake),
                                     speed=0)
        self.host: NetHost[TableController] = NetHost(self.table, code, "127.0.0.1", store=store, resume=resumed,
                                                      door=self.door)
        self.door.inbox.on_put = self.wake
        self.table.subscribe(self._heard_from_table)

    @property
    def connected(self) -> int:
        return len(self.host.clients)

    def wake(self) -> None:
        """Something happened (from any thread): the room takes a step on the loop."""
        if not self._due:
            self._due = True
            self._server.call_soon(self.step)

    def step(self) -> None:
        """On the loop: what the players sent, then the table as far as it goes by itself."""
        self._due = False
        if self.ended:
            return
        try:
            self._step()
        except Exception:  # one room's trouble must never stop the others
            log.exception("room %s: a step failed", self.ident)
        self.idle_since = None if self.host.clients else (self.idle_since or time.monotonic())

    def _step(self) -> None:
        host, table = self.host, self.table
        host.pump()
        if not table.started:
            if not host.all_claimed:
                return
            host.start_game()
        for _ in range(STEPS):
            heard = self._heard
            table.update(0.0)
            host.pump()
            self._next_round_when_ready()
            if self.ended or heard == self._heard:
                return
        self.wake()  # more to play: the other rooms first

    def _next_round_when_ready(self) -> None:
        if self._scored_at is None:
            return
        if self.host.ready_for(self.table.scored_round) or time.monotonic() - self._scored_at >= READY_WAIT:
            self._scored_at = None
            self.table.next_round()

    def _heard_from_table(self, message: TableMessage) -> None:
        self._heard += 1
        if isinstance(message, RoundOver):
            self._scored_at = time.monotonic()
            self._server.call_later(READY_WAIT, self.wake)
        elif isinstance(message, GameOver):
            self.ended = True
            self.close(final=True)
            self._on_end(self)

    def close(self, final: bool = False) -> None:
        """Stop the room's computer players and close its connections: for good once its game is
        over (its players stop), else "the server stopped" (they keep trying: it resumes from its save)."""
        self.table.close()
        if final:
            self.door.shut_down(CLOSE_FINAL, "the game is over", 1.0)
        else:
            self.door.shut_down(CLOSE_AWAY, "the server stopped", 1.0)

    def moved(self) -> None:
        """The room is not this process's any more (its lease lapsed: another may run it now): it
        stops at once, and its players, told nothing of what it did since its last write, reconnect."""
        self.ended = True
        self.table.close()
        self.door.cut_off(CLOSE_AWAY, "the room moved to another server process")
