"""What the table screen shows, apart from how it is drawn: a `Board` lags behind the
engine while animations play. Only the engine's events (as the viewer may see them) change
it as each animation ends, and `sync` puts it back on the engine's view whenever the queue
runs dry, so the screen never drifts from the rules. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import HIDDEN, Cell, PublicView, SeatView


@dataclass
class Board:
    """What the screen shows; the engine's truth arrives through events and `sync`."""

    players: int
    grids: list[list[Cell]] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    draw_count: int = 0
    holding: Cell = None  # value, HIDDEN (somebody else's drawn card) or None
    holder: int | None = None
    source: str | None = None
    to_act: int | None = None
    participants: tuple[int, ...] = ()
    totals: list[int] = field(default_factory=list)
    round: int = 0
    trigger: int | None = None
    hidden: set[tuple[int, int]] = field(default_factory=set)  # (seat, index) drawn by a sprite instead
    banner: str = ""
    cues: dict[int, str] = field(default_factory=dict)  # seat -> what it just took (the animator's, short-lived)

    @classmethod
    def from_view(cls, view: SeatView | PublicView) -> Board:
        board = cls(view.players)
        board.sync(view)
        return board

    def sync(self, view: SeatView | PublicView) -> None:
        """Show `view`: a seat's (a card drawn by somebody else shows as "?") or a spectator's."""
        self.grids = [list(grid) for grid in view.grids]
        self.discard = list(view.discard_pile)
        self.draw_count = view.draw_pile
        self.to_act = view.to_act
        self.source = view.source
        holding_someone = view.source is not None and view.to_act is not None
        self.holder = view.to_act if holding_someone else None
        self.holding = view.holding if view.holding is not None else (HIDDEN if holding_someone else None)
        self.participants = view.participants
        self.totals = list(view.totals)
        self.round = view.round
        self.trigger = view.trigger
        self.hidden.clear()

    @property
    def discard_top(self) -> int | None:
        return self.discard[-1] if self.discard else None

    def face_down(self, seat: int) -> int:
        return sum(1 for cell in self.grids[seat] if cell == HIDDEN)

    def visible(self, seat: int) -> list[int]:
        """The values of `seat`'s face-up cards, as shown now."""
        return [cell for cell in self.grids[seat] if isinstance(cell, int)]

    def visible_sum(self, seat: int) -> int:
        """The live round score: the sum of `seat`'s face-up cards shown now (with every card
        revealed, the round score before any doubling)."""
        return sum(self.visible(seat))
