"""What the other players did since a human's last turn at the table screen (scenes/play.py):
the hand-off screen tells it, or (no pass screen) the table's free corner shows it until that
player's first move of the turn (a timer would take it from a slow reader; once they have moved
it is history)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.rules import events as ev
from game.ui.recap import RecapMemory


class TableRecap:
    """The round's moves as each human seat has read them (game/ui/recap.py), and the lines the
    table shows beside it now."""

    def __init__(self, played: Iterable[int] = ()) -> None:
        self.memory = RecapMemory(played)  # only a seat that has played in this game has a last turn
        self.shown: list[str] = []  # beside the table, until the next move

    def heard(self, events: Iterable[ev.Event]) -> None:
        self.memory.heard(events)

    def moved(self) -> None:
        """The player moved: what happened before is history."""
        self.shown = []

    def taken_back(self) -> None:
        """A discard take was put back: no recap tells it (the game record never held it)."""
        self.memory.forget_take()

    def handed_to(self, seat: int, names: Sequence[str]) -> list[str]:
        """What the others did since `seat`'s last turn (read now: the next hand-off tells what follows)."""
        return self.memory.recap_for(seat, names)

    def beside(self, lines: list[str]) -> None:
        """Show `lines` beside the table (no pass screen) until the next move."""
        self.shown = lines
