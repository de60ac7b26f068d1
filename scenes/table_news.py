"""What the table screen has heard from its table (scenes/play.py): how many moves were
announced (a pending click or a hint is for one position), whether anything was said since
the last frame, and the views of the table as it stands now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import PublicView, SeatView

if TYPE_CHECKING:
    from game.table import Table


class TableNews:
    """The table's latest word, as the screen keeps it between two of the table's messages."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.moves = 0  # engine actions, deals and take-backs announced so far: a position's number
        self.changed = False  # the table said something since the last frame drawn
        self._views: dict[int | None, SeatView | PublicView] = {}  # the table's views since its last message

    def heard(self) -> None:
        """The table said something: its views are made again when next asked for."""
        self.changed = True
        self._views.clear()

    def moved(self) -> None:
        """A move (or a deal, or a take-back) was announced: a target chosen before it is stale."""
        self.moves += 1

    def view_of(self, seat: int | None) -> SeatView | PublicView:
        """The table's view for `seat`, made once per table message: prompts, targets and the
        frame loop ask for it many times a frame, and it changes only with a message."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.table.view(seat)
        return view
