"""The parts of a joined seat (client.py's `RemoteTable`) that remember: `SeatSight`, what the
seat last saw of the table hosted elsewhere, and `MoveOnItsWay`, the move it sent that the
host has not answered yet."""

from __future__ import annotations

import time

from game.match import MatchConfig
from game.rules import Action, ScoreView, SeatView

from . import protocol as wire


class SeatSight:
    """What this seat last saw: the match, our seat and the players' names (the welcome said
    them, the lobby keeps the names), the latest view delivered and the latest round's scores."""

    def __init__(self) -> None:
        self.match: MatchConfig | None = None  # known once welcomed
        self.seat = 0
        self.names: list[str] = []  # updated in place: a screen holds this list
        self.view: SeatView | None = None
        self.scores: ScoreView | None = None

    @property
    def welcomed(self) -> bool:
        return self.match is not None

    def welcome(self, message: wire.Welcome) -> None:
        self.match, self.seat = message.match, message.seat
        self.names[:] = message.names

    def lobby(self, message: wire.Lobby) -> None:
        self.names[:] = [seat.name for seat in message.seats]


class MoveOnItsWay:
    """The move this seat sent that the host has not answered yet: one at a time (a second
    click waits for the table that shows the first), timed from the send to that table."""

    def __init__(self) -> None:
        self.action: Action | None = None
        self.round_trips: list[float] = []  # seconds from a play sent to the table that shows it
        self._since: float | None = None

    def sent(self, action: Action) -> None:
        self.action, self._since = action, time.perf_counter()

    def shown(self, move: Action | None) -> None:
        """The host sent a table: the move it shows was ours (timed), or ours is answered anyway."""
        if self.action is not None and move == self.action and self._since is not None:
            self.round_trips.append(time.perf_counter() - self._since)
        self.action, self._since = None, None

    def lost(self) -> None:
        """Refused, or lost with the connection: our seat may play again."""
        self.action, self._since = None, None
