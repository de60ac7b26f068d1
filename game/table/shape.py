"""What a table screen drives: the shape shared by a table run here (`TableController`) and a
table hosted on another computer (game.net's `RemoteTable`). The screen decides from the
seat views a table gives it, never from an engine state, so it works the same with either."""

from __future__ import annotations

from typing import Protocol

from game.match import MatchConfig
from game.rules import Action, PublicView, SeatView

from .messages import Observer


class Table(Protocol):
    config: MatchConfig
    names: list[str]
    hotseat: bool  # several humans share this screen (a hand-off between them)
    handoffs: int  # hand-offs signalled so far
    scored_round: int  # the last round whose end was announced
    speed: float

    def subscribe(self, observer: Observer) -> None: ...

    def start(self) -> None: ...

    def update(self, dt: float) -> None: ...

    def is_human(self, seat: int) -> bool:
        """A person plays `seat` at this screen."""
        ...

    @property
    def handoff_due(self) -> bool: ...

    @property
    def waits_for_network(self) -> bool:
        """Nothing happens until a message arrives from another computer (the screen may sleep)."""
        ...

    def acting_human(self) -> int | None: ...

    def view(self, seat: int | None) -> SeatView | PublicView: ...

    def play(self, action: Action) -> str | None: ...

    def next_round(self) -> None: ...

    def close(self) -> None: ...
