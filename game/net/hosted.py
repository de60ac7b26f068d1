"""A table hosted here for players on other computers: one object a screen drives like any
other table (game/table/shape.py's `Table`).

    hosted = HostedTable(TableController(config, state, store), NetHost(...))
    ...each frame: hosted.receive()                       # the players' messages, played at once
    ...each frame the screen is idle: hosted.update(dt)   # (the messages again), then the table
    hosted.close()                                         # the players stop if the game is over

The controller runs the engine here; the NetHost serves the remote seats and applies what
their players send on this thread, in `update`, before the controller moves on.

Why composition, with a forward per member: the lobby (scenes/lobby.py) makes the controller
first and serves it (NetHost) while the players join, and only then hands the table screen
this object, so the hosted table wraps a controller that already exists. Only `update`,
`receive`, `wake_with`, `away_seats`, `stand_in`, `hosting` and `close` differ from the
controller; the rest forwards. Making it a subclass of TableController (the controller plus
what differs, no forwards) means the lobby builds a HostedTable from the match instead.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from game.match import MatchConfig
from game.rules import GAME_OVER, Action, GameState, PublicView, ScoreView, SeatView
from game.table import Observer, TableController

from .host import NetHost

STAND_IN_LEVEL = "normal"  # plays for a player on another computer who lost the connection, if asked


class HostedTable:
    """`controller` served to other computers by `host` (a NetHost made for that controller)."""

    hosting = True
    offline = False  # the table runs here: a player's lost connection is theirs (away_seats)
    broken: str | None = None  # the engine runs here: what a player sends is checked, never trusted

    def __init__(self, controller: TableController, host: NetHost[TableController]) -> None:
        if host.table is not controller:
            raise ValueError("the host serves another table")
        self.controller = controller
        self.host = host

    # ------------------------------------------------------------------ what the table is
    @property
    def config(self) -> MatchConfig:
        return self.controller.config  # (a player joining renames a seat: the host replaces it)

    @property
    def names(self) -> list[str]:
        return self.controller.names

    @property
    def hotseat(self) -> bool:
        return self.controller.hotseat

    @property
    def handoffs(self) -> int:
        return self.controller.handoffs

    @property
    def scored_round(self) -> int:
        return self.controller.scored_round

    @scored_round.setter
    def scored_round(self, value: int) -> None:
        self.controller.scored_round = value

    @property
    def speed(self) -> float:
        return self.controller.speed

    @speed.setter
    def speed(self, value: float) -> None:
        self.controller.speed = value

    @property
    def record(self) -> GameState:
        return self.controller.state

    # ------------------------------------------------------------------ the players on other computers
    @property
    def away_seats(self) -> Collection[int]:
        """Claimed remote seats whose player is not connected."""
        return self.host.away

    @property
    def stand_in(self) -> bool:
        return self.host.stand_in is not None

    @stand_in.setter
    def stand_in(self, on: bool) -> None:
        self.host.stand_in = STAND_IN_LEVEL if on else None

    def wake_with(self, hook: Callable[[], object] | None) -> None:
        self.host.wake_with(hook)

    # ------------------------------------------------------------------ the flow
    def subscribe(self, observer: Observer) -> None:
        self.controller.subscribe(observer)

    def start(self) -> None:
        self.controller.start()  # (the players are sent a new game's deal at once, a resumed game at the next pump)

    def receive(self) -> None:
        """Apply what the remote seats' players sent (on this thread: their actions are played
        at once, and the other players are sent them, whatever the screen shows)."""
        self.host.pump()

    def update(self, dt: float) -> None:
        """The remote seats' messages first, then the controller's step."""
        self.host.pump()
        self.controller.update(dt)

    def is_human(self, seat: int) -> bool:
        return self.controller.is_human(seat)

    @property
    def handoff_due(self) -> bool:
        return self.controller.handoff_due

    @property
    def waits_for_network(self) -> bool:
        return self.controller.waits_for_network

    def acting_human(self) -> int | None:
        return self.controller.acting_human()

    def view(self, seat: int | None) -> SeatView | PublicView:
        return self.controller.view(seat)

    def play(self, action: Action) -> str | None:
        return self.controller.play(action)

    @property
    def can_take_back(self) -> bool:
        return self.controller.can_take_back  # (only a human of this screen's take is kept)

    def take_back(self) -> str | None:
        """The host's own player puts a taken discard back (the players elsewhere are sent where
        the game stands again)."""
        return self.controller.take_back()

    def next_round(self) -> None:
        self.controller.next_round()

    def score_view(self) -> ScoreView:
        return self.controller.score_view()

    def close(self) -> None:
        """Release the computer players and stop serving: the players of a finished game stop;
        those of an unfinished one keep trying to rejoin (the game is saved, and may resume)."""
        self.controller.close()
        self.host.close(final=self.controller.record.phase == GAME_OVER)
