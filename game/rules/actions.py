"""Actions: small immutable values, as in python-chess.

An action is `(seat, verb, col, row)`; `col` and `row` are None for `draw` and `take`.
Its list form `[seat, verb, col, row]` (or `[seat, verb]`) is the replay format's.

An action built by hand may be malformed (a bool seat, an unknown verb, a position on
`draw`); `shape_problem` says why, and the engine refuses such an action with that reason.
Actions from `ACTION_TABLE` (interned.py) are well-formed by construction, so the engine skips
the check for them (they are what bots and the hot loop play).

This module stays plain Python in a compiled build of the rules (build/compile_rules.py): an
action built by hand may hold anything in its fields (seat True, a float position), and its
methods and `shape_problem` must see those as they are, where compiled code would read a
field declared `int` as an int (docs/engineering.md "Issue 47: the compiled engine").
"""

from __future__ import annotations

import reprlib
from typing import Any, Final, NamedTuple, TypeGuard

FLIP: Final = "flip"
DRAW: Final = "draw"
TAKE: Final = "take"
REPLACE: Final = "replace"
REVEAL: Final = "reveal"
VERBS: Final = (FLIP, DRAW, TAKE, REPLACE, REVEAL)
PLACING_VERBS: Final = (FLIP, REPLACE, REVEAL)

COLS: Final = 4
ROWS: Final = 3
CELLS: Final = COLS * ROWS
HIDDEN: Final = "?"  # a card nobody may see: face-down in a grid, or drawn by somebody else (views, wire, replays)
Cell = int | str | None  # a grid cell as a view shows it: the card's value face-up, HIDDEN, None when removed
# per column, the grid positions of its cells, top down
COLUMN_CELLS: Final = tuple(tuple(col + COLS * row for row in range(ROWS)) for col in range(COLS))

BRIEF_LIMIT: Final = 80  # characters of a value echoed in a message: untrusted values can be huge


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
            return _interned(seat, verb, col, row)
        if where:
            raise ValueError(f"{verb!r} takes no position: [seat, {verb!r}]")
        return _interned(seat, verb)

    def __str__(self) -> str:
        if self.col is None:
            return f"seat {self.seat} {self.verb}s"
        return f"seat {self.seat} {self.verb}s ({self.col},{self.row})"


def _interned(seat: int, verb: str, col: int | None = None, row: int | None = None) -> Action:
    from .interned import ACTION_TABLE  # (the table is built from this module: imported when first asked)

    return ACTION_TABLE.get(seat, verb, col, row)


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
