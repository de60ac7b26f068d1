"""The players of `skyjo bench server`: each an Easy bot behind a real WebSocket connection, all on
the bench's one asyncio loop, pacing like people. A seat follows a `redirect` (several processes on
one Redis: the room runs on another), and when its connection is lost (the process SIGKILLed) it
comes back with its seat token through its addresses in turn, as a player's program does, until the
room is taken over and it is seated again.

Each room keeps the positions its seats were shown (public facts only, hashed) and the move that
led to each: from one position one move only (none played differently), and no seat shown a
position it had left (a move heard of, then undone: lost). The bench prints what they add up to.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

TRIES = 50  # attempts at a first seat the server turned away (too many at once), 0.2 s apart
COMEBACK_WAIT = 300.0  # seconds a seat keeps trying to be seated again after its connection was lost
COMEBACK_PAUSE = 0.25  # seconds between two tries (the other address at once, the same one after a pause)
MOST_REDIRECTS = 3  # in a row, as a player's program follows
OVER = object()  # a hello answered by the close that says the game is over


@dataclass
class Figures:
    """What the clients saw: round trips (seconds), comebacks, what went wrong."""

    trips: list[float] = field(default_factory=list)
    comebacks: int = 0  # seats seated again after their connection was lost
    redirects: int = 0  # redirects followed
    problems: list[str] = field(default_factory=list)


class RoomHistory:
    """The positions one room's seats were shown and the moves between them."""

    def __init__(self, seats: int) -> None:
        self.after: dict[int, tuple[Any, int]] = {}  # position -> (the move from it, the position it led to)
        self.last: list[int | None] = [None] * seats  # each seat's last position
        self.left: list[set[int]] = [set() for _ in range(seats)]  # the positions each seat has left
        self.lost = 0  # positions shown again after a seat had left them (the moves since were undone)
        self.differently = 0  # a position from which two different moves were shown
        self.ended = False
        self.winners = False

    def shown(self, seat: int, view: Any, move: Any) -> None:
        position = hash((view.round, view.phase, view.to_act, view.source, view.discard_pile, view.draw_pile,
                         view.grids, view.removed, view.totals, view.round_scores))
        before = self.last[seat]
        if before is not None and position != before:
            self.left[seat].add(before)
            if position in self.left[seat]:
                self.lost += 1
            if move is not None:
                known = self.after.setdefault(before, (move, position))
                self.differently += known != (move, position)
        self.last[seat] = position

    @property
    def moves(self) -> int:
        return len(self.after)

    def same_end(self) -> bool:
        return len(set(self.last)) == 1


class Seat:
    """One player online: an Easy bot behind a connection, pacing like a person."""

    def __init__(self, urls: list[str], code: str, number: int, think: float, seed: int, figures: Figures,
                 history: RoomHistory) -> None:
        from game.ai import make_bot

        self.urls, self.code, self.number, self.name = urls, code, number, f"Bench {number}"
        self.think = think
        self.bot = make_bot("easy", seed)
        self.pause = random.Random(seed)
        self.figures, self.history = figures, history
        self.token: str | None = None
        self.seat: int | None = None

    async def play(self, gate: asyncio.Semaphore) -> None:
        """Seated, play to the game's end, coming back after every lost connection."""
        tries, turn, deadline = 0, 0, None
        while tries < TRIES and (deadline is None or time.monotonic() < deadline):
            url = self.urls[turn % len(self.urls)] if self.token else self.urls[0]
            tries, turn = tries + (self.token is None), turn + 1
            ws = await self._seated(url, gate)
            if ws is OVER:
                self.history.ended = True  # (it ended while this seat was away: the others saw it)
                return
            if ws is None:
                await asyncio.sleep(COMEBACK_PAUSE if self.token else 0.2)
                continue
            if deadline is not None:
                self.figures.comebacks += 1
            if await self._converse(ws):
                return
            deadline = time.monotonic() + COMEBACK_WAIT
        self.figures.problems.append(f"{self.name} of a room never seated" if self.token is None
                                     else f"{self.name} of a room not seated again within {COMEBACK_WAIT:g} s")

    async def _seated(self, url: str, gate: asyncio.Semaphore) -> Any:
        """A connection welcomed at a seat (following redirects), OVER, or None."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        from game.net import protocol as wire
        from game.wire.closing import CLOSE_FINAL

        hello = wire.encode(wire.hello(self.code, self.name, self.token, self.seat))
        for _ in range(MOST_REDIRECTS + 1):
            try:
                async with gate:  # (until seated: the server counts the connections waiting for a seat)
                    ws = await connect(url, compression=None, max_size=wire.MAX_FRAME, proxy=None, open_timeout=10)
                    await ws.send(hello)
                    first = wire.decode_host(await asyncio.wait_for(ws.recv(), 10))
            except ConnectionClosed as closed:
                return OVER if self.token and closed.rcvd is not None and closed.rcvd.code == CLOSE_FINAL else None
            except (OSError, InvalidHandshake, TimeoutError, wire.ProtocolError):
                return None
            if isinstance(first, wire.Welcome):
                self.token, self.seat = first.token, first.seat
                return ws
            await ws.close()
            if not isinstance(first, wire.Redirect):
                return None
            self.figures.redirects += 1
            url = first.url
        return None

    async def _converse(self, ws: Any) -> bool:
        """Play on this connection; True once the game is over, False when the connection was lost."""
        from websockets.exceptions import ConnectionClosed

        from game.net import protocol as wire
        from game.rules.events import GameOver as GameOverEvent

        sent: tuple[Any, float] | None = None  # our move on its way, and when it left
        try:
            async for raw in ws:
                message = wire.decode_host(raw)
                if isinstance(message, wire.Table):
                    view = message.seat_view
                    self.history.shown(self.number, view, message.move)
                    if any(isinstance(step, GameOverEvent) and step.winners for step in message.steps):
                        self.history.winners = True
                    if sent is not None and message.move == sent[0]:
                        self.figures.trips.append(time.perf_counter() - sent[1])
                        sent = None
                    if sent is None and view.to_act == self.seat and view.legal:
                        action = self.bot.decide(view)
                        await asyncio.sleep(self.think * self.pause.uniform(0.5, 1.5))
                        sent = (action, time.perf_counter())
                        await ws.send(wire.encode(wire.Play(action.to_list())))
                elif isinstance(message, wire.RoundOver):
                    await ws.send(wire.encode(wire.Ready(message.round)))
                elif isinstance(message, wire.GameOver):
                    self.history.ended = True
                    await ws.close()
                    return True
                elif isinstance(message, wire.Refused):
                    self.figures.problems.append(f"refused: {message.reason}")
                    sent = None
        except ConnectionClosed:
            pass
        return False
