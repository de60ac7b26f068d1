"""The interned actions: every well-formed action of seats 0-15 built once, grouped per seat
as legal-move generation picks them, so the engine's hot loop allocates no action.

Compiled with the rules' hot loop in a compiled build (build/compile_rules.py); the actions
themselves, and the check of a hand-made one, are actions.py's, which stays plain Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .actions import CELLS, COLS, DRAW, FLIP, REPLACE, REVEAL, TAKE, Action, shape_problem

# Seats 0-15 are interned (the largest edition seats 8). A larger seat number, from a file
# say, gives a fresh action each time, so the table stays small whatever the input holds.
INTERNED_SEATS: Final = 16


@dataclass(frozen=True, slots=True)
class SeatActions:
    """Every interned action of one seat, grouped as legal-move generation picks them. A
    slotted class rather than a named tuple: the engine reads these fields on every move, and
    CPython reads a slot several times faster than a named tuple's field."""

    draw: Action
    take: Action
    starts: tuple[Action, Action]  # draw, take: the two ways to start a turn
    flips: tuple[Action, ...]  # per grid position in reading order, like the two below
    replaces: tuple[Action, ...]
    reveals: tuple[Action, ...]
    # The grid position of each replace and reveal above: why_illegal finds an action's
    # position here by hashing it, cheaper than reading its fields.
    position_of: dict[Action, int]
    # What a drawn card allows on a grid without gaps (the replaces, then the reveals), and the
    # opening flips of such a grid, per tuple of the grid's face-up flags: filled as met, at
    # most 4,096 entries each (12 flags); they spare legal_actions a loop on most moves.
    drawn_when_up: dict[tuple[bool, ...], tuple[Action, ...]]
    flips_when_up: dict[tuple[bool, ...], tuple[Action, ...]]


class _ActionTable:
    """Interned actions, so legal-move generation allocates nothing in the hot loop."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, str, int | None, int | None], Action] = {}
        self._rows: dict[tuple[int, str], list[Action]] = {}
        # Built up front for every interned seat, so the engine's hot loop finds a seat's
        # actions by indexing a list (`by_seat[seat]`), without a call.
        self.by_seat: list[SeatActions] = [self._seat_actions(seat) for seat in range(INTERNED_SEATS)]

    def _seat_actions(self, seat: int) -> SeatActions:
        draw, take = self.get(seat, DRAW), self.get(seat, TAKE)
        flips, replaces, reveals = (tuple(self.at(seat, verb)) for verb in (FLIP, REPLACE, REVEAL))
        position_of = {action: index for placed in (replaces, reveals) for index, action in enumerate(placed)}
        return SeatActions(draw, take, (draw, take), flips, replaces, reveals, position_of, {}, {})

    def get(self, seat: int, verb: str, col: int | None = None, row: int | None = None) -> Action:
        key = (seat, verb, col, row)
        action = self._cache.get(key)
        if action is None:
            action = Action(seat, verb, col, row)
            # Only well-formed actions are interned: the engine trusts an interned one's shape.
            if seat in _SEATS and shape_problem(action) is None:
                self._cache[key] = action
                INTERNED.add(id(action))
        return action

    def choose(self, seat: int) -> list[Action]:
        """A fresh list of the two ways to start a turn: draw, then take."""
        return [self.get(seat, DRAW), self.get(seat, TAKE)]

    def take_only(self, seat: int) -> list[Action]:
        return [self.get(seat, TAKE)]

    def at(self, seat: int, verb: str) -> list[Action]:
        """The 12 placing actions of `verb` for `seat`, indexed by reading-order position.
        The list is shared: callers must not change it."""
        row = self._rows.get((seat, verb))
        if row is None:
            row = self._rows[seat, verb] = [self.get(seat, verb, i % COLS, i // COLS) for i in range(CELLS)]
        return row


_SEATS: Final = frozenset(range(INTERNED_SEATS))  # True == 1 is caught by shape_problem, not here
# The ids of the interned actions: they live as long as the table, so an id is never reused,
# and `id(action) in INTERNED` is the engine's cheap "well-formed" test in the hot loop.
INTERNED: Final[set[int]] = set()
ACTION_TABLE: Final = _ActionTable()
