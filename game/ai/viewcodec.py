"""A SeatView back from the protocol's JSON, so our levels can be the program side."""

from __future__ import annotations

from collections.abc import Callable

from game.rules import CELLS, Action, SeatView


def view_from_message(message: dict, edition_named: Callable) -> SeatView:
    """Rebuild the view of a `decide` message; ValueError with a plain message if it is malformed."""
    data = message["view"]
    if not isinstance(data, dict):
        raise ValueError("'view' must be an object")
    players = _int(data, "players")
    grids = tuple(_grid(rows) for rows in data["grids"])
    if len(grids) != players:
        raise ValueError(f"'grids' must hold {players} grids")
    removed = data.get("removed_columns")
    removed_items = tuple(tuple(item) for item in removed) if isinstance(removed, list) else ()
    legal = tuple(Action.from_list(item) for item in message.get("legal", []))
    if not legal:
        raise ValueError("a decide message needs at least one legal action")
    return SeatView(
        edition=edition_named(data["edition"]),
        players=players,
        seat=_int(data, "seat"),
        round=_int(data, "round"),
        phase=str(data["phase"]),
        to_act=data.get("to_act"),
        holding=data.get("holding"),
        source=data.get("source"),
        trigger=data.get("trigger"),
        discard_pile=tuple(int(c) for c in data["discard_pile"]),
        draw_pile=_int(data, "draw_pile"),
        grids=grids,
        removed=removed_items,  # type: ignore[arg-type]
        participants=tuple(data.get("participants", range(players))),
        round_scores=tuple(tuple(row) for row in data.get("round_scores", [])),
        totals=tuple(data.get("totals", [0] * players)),
        end_score=int(data.get("end_score", 100)),
        legal=legal,
    )


def _int(data: dict, key: str) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{key!r} must be a whole number")
    return value


def _grid(rows: object) -> tuple:
    if not isinstance(rows, list):
        raise ValueError("each grid must be a list of rows")
    cells = tuple(cell for row in rows for cell in row)
    if len(cells) != CELLS or any(not (c is None or c == "?" or (isinstance(c, int) and -2 <= c <= 12)) for c in cells):
        raise ValueError("each grid must hold 3 rows of 4 cells: numbers, \"?\" or null")
    return cells
