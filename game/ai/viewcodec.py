"""A SeatView back from the protocol's JSON, so our levels can be the program side.

The JSON comes from another program, so nothing in it is trusted: every field is checked for
its type here and the whole view for consistency by `check_view` (a seat in range, cards of
the edition, a discard pile to take from...). Anything wrong is a ValueError with a plain
message, which `skyjo bot` reports on one line.
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules import COLS, DEFAULT_END_SCORE, ROWS, Action, SeatView, is_whole_number
from game.rules.view import check_view

MISSING = object()


def view_from_message(message: dict, edition_named: Callable) -> SeatView:
    """Rebuild and check the view of a `decide` message; ValueError with a plain message if it is
    malformed or describes a position no game could reach."""
    legal = tuple(Action.from_list(item) for item in list_field(message, "legal"))
    if not legal:
        raise ValueError("a decide message needs at least one legal action")
    return view_from_dict(_field(message, "view"), legal, edition_named)


def view_from_dict(data: object, legal: tuple[Action, ...], edition_named: Callable) -> SeatView:
    """A checked SeatView from `SeatView.to_dict()` JSON and the seat's legal actions (none when
    it is not to act: a network seat's view); ValueError with a plain message otherwise."""
    if not isinstance(data, dict):
        raise ValueError("'view' must be an object")
    players = _int(data, "players")
    edition = edition_named(_field(data, "edition"))
    edition.check_players(players)  # before the defaults below are built from it (10**8 seats...)
    view = SeatView(
        edition=edition,
        players=players,
        seat=_int(data, "seat"),
        round=_int(data, "round"),
        phase=_text(data, "phase"),
        to_act=_optional_int(data, "to_act"),
        holding=_optional_int(data, "holding"),
        source=_optional_text(data, "source"),
        trigger=_optional_int(data, "trigger"),
        discard_pile=_ints(data, "discard_pile"),
        draw_pile=_int(data, "draw_pile"),
        grids=tuple(_grid(rows) for rows in list_field(data, "grids")),
        removed=tuple(_removed(item) for item in list_field(data, "removed_columns", default=[])),
        participants=_ints(data, "participants", default=list(range(players))),
        round_scores=tuple(_scores(row) for row in list_field(data, "round_scores", default=[])),
        totals=_ints(data, "totals", default=[0] * players),
        end_score=_int(data, "end_score", default=DEFAULT_END_SCORE),
        legal=legal,
    )
    check_view(view)
    return view


def _field(data: dict, key: str, default: object = MISSING) -> object:
    if key in data:
        return data[key]
    if default is MISSING:
        raise ValueError(f"the message has no {key!r}")
    return default


def _int(data: dict, key: str, default: object = MISSING) -> int:
    value = _field(data, key, default)
    if not is_whole_number(value):
        raise ValueError(f"{key!r} must be a whole number")
    return value


def _optional_int(data: dict, key: str) -> int | None:
    """A whole number or null; a missing key is null."""
    value = _field(data, key, None)
    if value is not None and not is_whole_number(value):
        raise ValueError(f"{key!r} must be a whole number or null")
    return value


def _text(data: dict, key: str) -> str:
    value = _field(data, key)
    if not isinstance(value, str):
        raise ValueError(f"{key!r} must be a string")
    return value


def _optional_text(data: dict, key: str) -> str | None:
    """A string or null; a missing key is null."""
    value = _field(data, key, None)
    if value is not None and not isinstance(value, str):
        raise ValueError(f"{key!r} must be a string or null")
    return value


def list_field(data: dict, key: str, default: object = MISSING) -> list:
    """`data[key]` (or `default` when it is missing), which must be a list; else ValueError."""
    value = _field(data, key, default)
    if not isinstance(value, list):
        raise ValueError(f"{key!r} must be a list")
    return value


_list = list_field  # the old private name game/net/protocol.py still imports: goes when it imports list_field


def _ints(data: dict, key: str, default: object = MISSING) -> tuple[int, ...]:
    values = list_field(data, key, default)
    if not all(is_whole_number(value) for value in values):
        raise ValueError(f"{key!r} must be a list of whole numbers")
    return tuple(values)


def _grid(rows: object) -> tuple:
    if not (isinstance(rows, list) and len(rows) == ROWS and all(isinstance(r, list) and len(r) == COLS for r in rows)):
        raise ValueError("each grid must hold 3 rows of 4 cells")
    cells = tuple(cell for row in rows for cell in row)
    if not all(cell is None or cell == "?" or is_whole_number(cell) for cell in cells):
        raise ValueError("a grid cell must be a number (face-up), \"?\" (face-down) or null (removed)")
    return cells


def _removed(item: object) -> tuple[int, int, int]:
    if not (isinstance(item, list) and len(item) == 3 and all(is_whole_number(value) for value in item)):
        raise ValueError("each of 'removed_columns' must be [seat, col, value]")
    seat, col, value = item
    return seat, col, value


def _scores(row: object) -> tuple:
    if not (isinstance(row, list) and all(score is None or is_whole_number(score) for score in row)):
        raise ValueError("each row of 'round_scores' must be a list of whole numbers or nulls")
    return tuple(row)
