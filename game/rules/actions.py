"""Actions: small immutable values, as in python-chess.

An action is `(seat, verb, col, row)`; `col` and `row` are None for `draw` and `take`.
Its list form `[seat, verb, col, row]` (or `[seat, verb]`) is the replay format's.
"""

from __future__ import annotations

from typing import NamedTuple

FLIP = "flip"
DRAW = "draw"
TAKE = "take"
REPLACE = "replace"
REVEAL = "reveal"
VERBS = (FLIP, DRAW, TAKE, REPLACE, REVEAL)
PLACING_VERBS = (FLIP, REPLACE, REVEAL)

COLS = 4
ROWS = 3
CELLS = COLS * ROWS


class Action(NamedTuple):
    seat: int
    verb: str
    col: int | None = None
    row: int | None = None

    @property
    def index(self) -> int:
        """The grid position in reading order (row * 4 + col)."""
        return self.row * COLS + self.col  # type: ignore[operator]

    def to_list(self) -> list:
        if self.col is None:
            return [self.seat, self.verb]
        return [self.seat, self.verb, self.col, self.row]

    @classmethod
    def from_list(cls, item: object) -> Action:
        """Parse `[seat, verb, col, row]`; raises ValueError with a plain message."""
        if not isinstance(item, list) or not item:
            raise ValueError(f"an action must be a list like [seat, verb, col, row], not {item!r}")
        seat, verb, *where = item
        if not _is_int(seat):
            raise ValueError(f"an action's seat must be a whole number, not {seat!r}")
        if verb not in VERBS:
            raise ValueError(f"unknown verb {verb!r}; verbs are {', '.join(VERBS)}")
        if verb in PLACING_VERBS:
            if len(where) != 2 or not all(_is_int(v) for v in where):
                raise ValueError(f"{verb!r} needs a column and a row: [seat, {verb!r}, col, row]")
            col, row = where
            if not (0 <= col < COLS and 0 <= row < ROWS):
                raise ValueError(f"({col},{row}) is outside the grid (col 0-3, row 0-2)")
            return ACTION_TABLE.get(seat, verb, col, row)
        if where:
            raise ValueError(f"{verb!r} takes no position: [seat, {verb!r}]")
        return ACTION_TABLE.get(seat, verb)

    def __str__(self) -> str:
        if self.col is None:
            return f"seat {self.seat} {self.verb}s"
        return f"seat {self.seat} {self.verb}s ({self.col},{self.row})"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _ActionTable:
    """Interned actions, so legal-move generation allocates nothing in the hot loop."""

    def __init__(self) -> None:
        self._cache: dict[tuple, Action] = {}
        self._rows: dict[tuple[int, str], list[Action]] = {}

    def get(self, seat: int, verb: str, col: int | None = None, row: int | None = None) -> Action:
        key = (seat, verb, col, row)
        action = self._cache.get(key)
        if action is None:
            action = self._cache[key] = Action(seat, verb, col, row)
        return action

    def choose(self, seat: int) -> list[Action]:
        """A fresh list of the two ways to start a turn."""
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


ACTION_TABLE = _ActionTable()
