"""What a player can point at on the table: a card of a seat's grid, a pile or the card in hand.

A `Target` is a small frozen value: `Target.cell(seat, col, row)` or one of the ready-made
`DRAW_TARGET` and `DISCARD_TARGET` (the card in hand is `Target(HAND)`). The screen maps clicks and the keyboard
cursor to targets, and the table scene turns a target into an engine action.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import COLS, ROWS

CELL = "cell"
DRAW_PILE = "draw"
DISCARD_PILE = "discard"
HAND = "hand"
PILES = (DRAW_PILE, DISCARD_PILE, HAND)  # the places that are not a seat's card
KINDS = (CELL, *PILES)


@dataclass(frozen=True)
class Target:
    kind: str
    seat: int | None = None  # a cell's seat, column and row (None for a pile or the hand)
    col: int | None = None
    row: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown table target {self.kind!r}; targets are {', '.join(KINDS)}")
        if (self.kind == CELL) != (None not in (self.seat, self.col, self.row)):
            raise ValueError("a cell target has a seat, a column and a row; a pile target has none")

    @classmethod
    def cell(cls, seat: int, col: int, row: int) -> Target:
        return cls(CELL, seat, col, row)

    @property
    def is_cell(self) -> bool:
        return self.kind == CELL

    def on_grid_of(self, seat: int) -> bool:
        """A card of `seat`'s own grid."""
        return self.kind == CELL and self.seat == seat

    @property
    def index(self) -> int:
        """A cell's place in its grid, in reading order."""
        assert self.col is not None and self.row is not None, "only a cell has a place in a grid"
        return self.row * COLS + self.col

    def __lt__(self, other: Target) -> bool:
        """An order (kind, then seat, column, row), so a test can sort targets reproducibly."""
        return _order(self) < _order(other)


def _order(target: Target) -> tuple:
    return (target.kind, target.seat or 0, target.col or 0, target.row or 0)


DRAW_TARGET = Target(DRAW_PILE)
DISCARD_TARGET = Target(DISCARD_PILE)


def grid_targets(seat: int) -> list[Target]:
    """Every card place of `seat`'s grid, in reading order."""
    return [Target.cell(seat, col, row) for row in range(ROWS) for col in range(COLS)]
