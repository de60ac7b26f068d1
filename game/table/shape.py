"""What a table screen drives: the whole contract shared by a table run here
(`TableController`), a table run here and served to other computers (game.net's
`HostedTable`) and a seat at a table hosted on another computer (game.net's `RemoteTable`).
The screen decides from the seat views a table gives it, never from an engine state, so it
works the same with each; game/net/conformance.py makes mypy prove that each one is a `Table`.

A member that only some kinds of table have a use for is still declared here, with its
neutral answer for the others (no record elsewhere), so the screen never asks which kind it
holds. What ties a table to other computers (what arrives from them, who is away, a connection
lost or broken) is a part of every table, its `link` (`TableLink`): a table run here alone has
the one that ties it to nobody (`ALONE`), a hosted table its host's, a joined one its
connection's; the table run here carries none of the network's words itself."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Protocol

from game.i18n import N_
from game.match import MatchConfig
from game.rules import Action, GameState, PublicView, ScoreView, SeatView

from .messages import Observer

# Why a take-back is refused (English msgids: the screen words them, game/ui/refusals.py)
NOTHING_TO_TAKE_BACK = N_("Only a card you have just taken from the discard pile can be put back.")
TAKE_BACK_ELSEWHERE = N_("A card taken at a table hosted on another computer cannot be put back.")


class Table(Protocol):
    @property
    def config(self) -> MatchConfig:
        """The match (a joined table knows it from the host's welcome, before any screen opens)."""
        ...

    @property
    def names(self) -> list[str]:
        """The players' names by seat (the same list, updated in place when a player joins)."""
        ...

    @property
    def hotseat(self) -> bool:
        """Several humans share this screen (a hand-off between them)."""
        ...

    scored_round: int  # the last round whose end was announced (a screen gallery sets it by hand)
    speed: float  # animation speed: a computer's think pauses are divided by it

    @property
    def link(self) -> TableLink:
        """The table's tie to other computers (`ALONE` for a table run here alone)."""
        ...

    def subscribe(self, observer: Observer) -> None: ...

    def start(self) -> None: ...

    def update(self, dt: float) -> None:
        """Move the game on by `dt` seconds: take in what other computers sent, let a computer
        think, signal what comes next. Called only when the screen is ready for it."""
        ...

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

    @property
    def can_take_back(self) -> bool:
        """The acting human holds the discard they have just taken and may put it back."""
        ...

    def take_back(self) -> str | None:
        """Put the discard the acting human has just taken back on its pile: the turn starts
        over, and the game record keeps only the move played instead. None when done, else
        why not (after a draw from the pile, for a computer, at a table hosted elsewhere)."""
        ...

    def score_view(self) -> ScoreView | None:
        """The public scores of the rounds scored so far (None: a joined table whose host has
        scored no round yet)."""
        ...

    @property
    def record(self) -> GameState | None:
        """The engine's state, where the game is played here (the round's replay, the game over
        screen's record); None at a table hosted on another computer."""
        ...

    def close(self) -> None:
        """Release what the table holds (computer players, connections)."""
        ...


class TableLink(Protocol):
    """A table's tie to other computers, as a screen asks of it."""

    @property
    def hosting(self) -> bool:
        """The table serves players on other computers (a computer may stand in for one away)."""
        ...

    @property
    def away_seats(self) -> Collection[int]:
        """Seats played from another computer whose player lost the connection and that this
        table may let a computer play (`stand_in`); empty where nobody plays from elsewhere,
        and at a joined table (its host decides, and its notices say who is away)."""
        ...

    @property
    def stand_in(self) -> bool:
        """A computer plays for each player on another computer who lost the connection."""
        ...

    @stand_in.setter
    def stand_in(self, on: bool) -> None: ...

    @property
    def offline(self) -> bool:
        """The connection to the table's host is lost for now (a joined table reconnecting):
        what the screen shows of whose turn it is may be stale."""
        ...

    @property
    def broken(self) -> str | None:
        """Why the table can never go on (a host that broke the protocol: nothing it said can
        be trusted); None while it can."""
        ...

    def receive(self) -> None:
        """Take in what other computers sent, every frame, even while the screen holds the game
        back (a player elsewhere is never kept waiting by this screen's animations)."""
        ...

    def wake_with(self, hook: Callable[[], object] | None) -> None:
        """Call `hook` (from another thread) whenever a message from another computer arrives,
        so that a screen sleeping between frames can `update` at once; None: stop."""
        ...


class Alone:
    """The link of a table tied to no other computer: nothing arrives, nobody is away, nothing
    is lost or broken. (A joined table's connection answers like it where its host decides:
    who is away, who stands in.)"""

    @property
    def hosting(self) -> bool:
        return False

    @property
    def offline(self) -> bool:
        return False

    @property
    def broken(self) -> str | None:
        return None

    @property
    def away_seats(self) -> Collection[int]:
        return ()

    @property
    def stand_in(self) -> bool:
        return False

    @stand_in.setter
    def stand_in(self, on: bool) -> None:
        """Nobody here to stand in for."""

    def receive(self) -> None:
        """Nothing arrives from another computer."""

    def wake_with(self, hook: Callable[[], object] | None) -> None:
        """Nothing arrives from another computer: nothing to wake a screen for."""


ALONE = Alone()  # (it holds nothing: every table run here alone shares it)
