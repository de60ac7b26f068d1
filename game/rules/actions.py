"""Actions: small immutable values, as in python-chess.

An action is `(seat, verb, col, row)`; `col` and `row` are None for `draw` and `take`.
Its list form `[seat, verb, col, row]` (or `[seat, verb]`) is the replay format's.

An action built by hand may be malformed (a bool seat, an unknown verb, a position on
`draw`); `shape_problem` says why, and the engine refuses such an action with that reason.
Actions from `ACTION_TABLE` are well-formed by construction, so the engine skips the check
for them (they are what bots and the hot loop play).
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeGuard

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
HIDDEN = "?"  # a card nobody may see: face-down in a grid, or drawn by somebody else (views, wire, replays)
Cell = int | str | None  # a grid cell as a view shows it: the card's value face-up, HIDDEN, None when removed
COLUMN_CELLS = tuple(tuple(col + COLS * row for row in range(ROWS)) for col in range(COLS))  # per column, top down

# Seats 0-15 are interned (the largest edition seats 8). A larger seat number, from a file
# say, gives a fresh action each time, so the table stays small whatever the input holds.
INTERNED_SEATS = 16
BRIEF_LIMIT = 80  # characters of a value echoed in a message: untrusted values can be huge


class Action(NamedTuple):
    seat: int
    verb: str
    col: int | None = None
    row: int | None = None

    # Shadows tuple.index on purpose (an action is never searched like a sequence); the name
    # is the engine's and the bots' everywhere, so the type checker is told, not obeyed.
    @property
    def index(self) -> int:  # type: ignore[override]
        """The grid position in reading order (row * 4 + col) of a flip, replace or reveal."""
        col, row = self.col, self.row
        if col is None or row is None:
            raise ValueError(f"{self.verb} has no position")
        return row * COLS + col

    def to_list(self) -> list[Any]:  # the wire form: [seat, verb] or [seat, verb, col, row]
        if self.col is None:
            return [self.seat, self.verb]
        return [self.seat, self.verb, self.col, self.row]

    @classmethod
    def from_list(cls, item: object) -> Action:
        """Parse `[seat, verb, col, row]`; raises ValueError with a plain message."""
        if not isinstance(item, list) or len(item) < 2:
            raise ValueError(f"an action must be a list like [seat, verb, col, row], not {brief(item)}")
        seat, verb, *where = item
        if not is_whole_number(seat) or seat < 0:
            raise ValueError(f"an action's seat must be a whole number from 0, not {brief(seat)}")
        if not _is_verb(verb):
            raise ValueError(f"unknown verb {brief(verb)}; verbs are {', '.join(VERBS)}")
        if verb in PLACING_VERBS:
            if len(where) != 2 or not all(is_whole_number(v) for v in where):
                raise ValueError(f"{verb!r} needs a column and a row: [seat, {verb!r}, col, row]")
            col, row = where
            if not (0 <= col < COLS and 0 <= row < ROWS):
                raise ValueError(f"({brief(col)},{brief(row)}) is outside the grid (col 0-3, row 0-2)")
            return ACTION_TABLE.get(seat, verb, col, row)
        if where:
            raise ValueError(f"{verb!r} takes no position: [seat, {verb!r}]")
        return ACTION_TABLE.get(seat, verb)

    def __str__(self) -> str:
        if self.col is None:
            return f"seat {self.seat} {self.verb}s"
        return f"seat {self.seat} {self.verb}s ({self.col},{self.row})"


def is_whole_number(value: object) -> TypeGuard[int]:
    """An int and not a bool, the one test every decoder of JSON uses: JSON true is not seat 1."""
    return isinstance(value, int) and not isinstance(value, bool)


def _is_verb(value: object) -> bool:
    # the type test first: `in` on an arbitrary object could call its own __eq__
    return type(value) is str and value in VERBS


def shape_problem(action: object) -> str | None:
    """None if `action` is a well-formed Action, else why not: the seat a whole number from 0
    (not a bool), the verb one of VERBS, no position for draw and take, and a whole-number
    position inside the grid for the placing verbs. Legality in a game is `why_illegal`'s."""
    if not isinstance(action, Action):
        return f"an action must be an Action(seat, verb, col, row), not {brief(action)}"
    seat, verb, col, row = action
    if type(seat) is not int or seat < 0:
        return f"an action's seat must be a whole number from 0, not {brief(seat)}"
    if not _is_verb(verb):
        return f"unknown verb {brief(verb)}; verbs are {', '.join(VERBS)}"
    if verb in PLACING_VERBS:
        if type(col) is not int or type(row) is not int or not (0 <= col < COLS and 0 <= row < ROWS):
            return f"{verb} needs a position inside the grid (col 0-3, row 0-2), not ({brief(col)}, {brief(row)})"
    elif col is not None or row is not None:
        return f"{verb} takes no position, not ({brief(col)}, {brief(row)})"
    return None


_BRIEF = reprlib.Repr()
_BRIEF.maxlevel, _BRIEF.maxstring, _BRIEF.maxlong, _BRIEF.maxother = 3, 60, 40, 60


def brief(value: object) -> str:
    """repr(value), cut to BRIEF_LIMIT characters without building a huge one first: a value
    from an untrusted file (a 10 MB string, a 4,000-digit number, lists 900 deep) is echoed
    in error messages, which must stay one short line."""
    try:
        text = _BRIEF.repr(value)
    except Exception:  # noqa: BLE001 - an int too long for str(), an object whose repr fails
        text = f"<{type(value).__name__}>"
    return text if len(text) <= BRIEF_LIMIT else text[: BRIEF_LIMIT - 3] + "..."


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


_SEATS = frozenset(range(INTERNED_SEATS))  # True == 1 is caught by shape_problem, not here
# The ids of the interned actions: they live as long as the table, so an id is never reused,
# and `id(action) in INTERNED` is the engine's cheap "well-formed" test in the hot loop.
INTERNED: set[int] = set()
ACTION_TABLE = _ActionTable()
