"""A table hosted here for players on other computers: the table run here (a TableController)
that owns the network host serving its remote seats, one object a screen drives like any other
table (game/table/shape.py's `Table`).

    hosted = HostedTable(config, state, store, code=new_join_code(), bind="0.0.0.0")  # OSError: no door
    hosted.host.url, hosted.host.code, hosted.host.joined()    # what the lobby shows while players join
    ...each frame: hosted.receive()                       # the players' messages, played at once
    ...each frame the screen is idle: hosted.update(dt)   # (the messages again), then the table
    hosted.close()                                         # the players stop if the game is over

The controller runs the engine here; its NetHost serves the remote seats and applies what
their players send on this thread, in `receive` and `update`, before the controller moves on.

Why a TableController with a door rather than a wrapper around one: a hosted table is a table
run here in every way but three (what arrives from other computers is played in `update` too;
its `link`, what arrives, who is away and who stands in, is its host's; `close` closes the door
too), so those three are all it declares, and the rest is the controller's own, with no forward to keep
in step. The lobby (scenes/lobby.py) therefore builds this object from the match at once, serves
it while the players join, and hands the same object to the table screen.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Protocol

from game.ai.players import make_worker as make_bot_worker
from game.match import MatchConfig
from game.rules import GAME_OVER, GameState
from game.table import Alone, TableController, TableLink
from game.table.needs import TableStore, WorkerFactory

from .host import NetHost
from .seat_tokens import KeepsSeatTokens

STAND_IN_LEVEL = "normal"  # plays for a player on another computer who lost the connection, if asked


class HostedStore(TableStore, KeepsSeatTokens, Protocol):
    """A hosted table's store: the table's game and statistics, and the host's seat tokens
    (game.store.Store is one)."""


class HostedTable(TableController):
    """A table run here (with `store`, which also keeps the join code and the players' seats)
    and served to other computers at `bind`:`port` with join code `code`. `port`: where a
    resumed table listened, so that its players rejoin there (any free one if that is taken
    now); 0: any free one. OSError when the table cannot be opened to the network at all."""

    def __init__(self, config: MatchConfig, state: GameState, store: HostedStore | None = None, *, code: str,
                 bind: str = "0.0.0.0", port: int = 0, resumed: bool = False,
                 make_worker: WorkerFactory = make_bot_worker, speed: float = 1.0) -> None:
        super().__init__(config, state, store, resumed=resumed, make_worker=make_worker, speed=speed)
        try:
            self.host: NetHost[HostedTable] = NetHost(self, code, bind, port, store=store, resume=resumed)
        except OSError:
            if not port:
                raise
            self.host = NetHost(self, code, bind, store=store, resume=resumed)  # that port is taken now
        self._link = HostLink(self.host)

    @property
    def link(self) -> TableLink:
        """The players on other computers, as its host knows them."""
        return self._link

    # ------------------------------------------------------------------ the flow
    def update(self, dt: float) -> None:
        """The remote seats' messages first, then the controller's step."""
        self.host.pump()
        super().update(dt)

    def close(self) -> None:
        """Release the computer players and stop serving: the players of a finished game stop;
        those of an unfinished one keep trying to rejoin (the game is saved, and may resume)."""
        super().close()
        self.host.close(final=self.state.phase == GAME_OVER)


class HostLink(Alone):
    """A hosted table's link: its host's. It receives what the players on other computers send,
    says who lost the connection, and lets a computer stand in for them (never offline: the
    table is here)."""

    def __init__(self, host: NetHost[HostedTable]) -> None:
        self.host = host

    @property
    def hosting(self) -> bool:
        return True

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

    def receive(self) -> None:
        """Apply what the remote seats' players sent (on this thread: their actions are played
        at once, and the other players are sent them, whatever the screen shows)."""
        self.host.pump()

    def wake_with(self, hook: Callable[[], object] | None) -> None:
        self.host.wake_with(hook)
