"""What a network host serves: the narrow seam between NetHost (host.py) and the table it
serves. The host seats, renames and stands in for the remote seats, plays what their players
send and sends each one its own view; it never reaches into the table's insides. A
TableController is one (game/net/conformance.py makes mypy prove it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.match import MatchConfig
from game.rules import Action, ScoreView, SeatView
from game.store.notices import StoreNotice
from game.table import Observer


class ServedTable(Protocol):
    @property
    def config(self) -> MatchConfig:
        """The match (which seats are played from another computer; their names once joined)."""
        ...

    @property
    def names(self) -> Sequence[str]:
        """The players' names by seat: read here, changed only by `rename`."""
        ...

    @property
    def started(self) -> bool:
        """The game is under way: the players are sent the table."""
        ...

    @property
    def scored_round(self) -> int:
        """The last round whose end was announced."""
        ...

    @property
    def showing_scores(self) -> bool:
        """The round is over and its scores announced (a player joining now is sent them)."""
        ...

    @property
    def last_failure(self) -> StoreNotice | None:
        """The latest failed write of the table's store (None once writing works again)."""
        ...

    def seat_views(self, seats: Sequence[int]) -> dict[int, SeatView]:
        """Each of `seats`' own view (game/rules/view.py's `seat_view`), of the same moment: a move is
        sent to every seat, and what they share is made once."""
        ...

    def score_view(self) -> ScoreView: ...

    def subscribe(self, observer: Observer) -> None: ...

    def unsubscribe(self, observer: Observer) -> None: ...

    def start(self) -> None: ...

    def play(self, action: Action) -> str | None:
        """None when played, else why not: the engine's reason (it alone knows the rules, whose
        turn it is among them; the host checks only who sent the action and when)."""
        ...

    def rename(self, seat: int, name: str) -> None:
        """A player on another computer joined `seat` as `name`."""
        ...

    def substitute(self, seat: int, level: str | None) -> None:
        """Computer `level` plays remote `seat` while its player is away; None: the player is back."""
        ...

    def stood_in(self, seat: int) -> bool:
        """A computer plays `seat` for its player just now."""
        ...
