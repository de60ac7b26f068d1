"""The Skyjo rules engine: pure Python, no pygame, nothing else of the project.

    >>> from game.rules import GameState, Action
    >>> state = GameState.new_game("voyage", players=2, seed=7)
    >>> state.apply(state.legal_actions()[0])

Each name is loaded from its module when first asked for (PEP 562): the desktop app's first menu
frame needs the editions and the grid's size, not the engine's event classes, state and views,
whose import is most of the engine's (about 20 ms of CPU; issue 47, docs/desktop-app.md).

A compiled build of the engine's hot modules (`python build/compile_rules.py`, mypyc) is loaded
instead of their sources when it is there and matches them; SKYJO_PURE_RULES=1 plays the pure
Python, the reference (compiled_build.py; docs/engineering.md "Issue 47: the compiled engine").
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if (Path(__file__).parent / "_compiled").is_dir():  # (a stat: the build's check is imported only when built)
    from game.rules.compiled_build import compiled_folder  # (absolute: the relative imports are the names above)

    _folder = compiled_folder(Path(__file__).parent)
    if _folder is not None:
        __path__.insert(0, _folder)  # before the package's own folder: the compiled modules load first

if TYPE_CHECKING:
    from .actions import (
        CELLS,
        COLS,
        COLUMN_CELLS,
        DRAW,
        FLIP,
        HIDDEN,
        REPLACE,
        REVEAL,
        ROWS,
        TAKE,
        VERBS,
        Action,
        Cell,
        brief,
        is_whole_number,
    )
    from .codec import check_consistency, replay_summary, state_from_dict, state_to_dict
    from .editions import EDITIONS, FINAL_TIE_CHOICES, Classic, Edition, FinalTie, Voyage, edition_named
    from .errors import IllegalActionError, InvalidStateError
    from .interned import ACTION_TABLE
    from .options import DEFAULT_END_SCORE, Options
    from .position import SOURCE_DISCARD, SOURCE_DRAW, Source
    from .state import GAME_OVER, OPENING, ROUND_OVER, TURN, GameState, should_double
    from .view import PublicView, ScoreView, SeatView, public_view, score_view, seat_view, seat_views

# Where each name lives (the same as the imports above: tests/test_startup_imports.py checks they agree).
_HOMES = {
    "actions": (
        "CELLS", "COLS", "COLUMN_CELLS", "DRAW", "FLIP", "HIDDEN", "REPLACE", "REVEAL", "ROWS", "TAKE",
        "VERBS", "Action", "Cell", "brief", "is_whole_number",
    ),
    "interned": ("ACTION_TABLE",),
    "codec": ("check_consistency", "replay_summary", "state_from_dict", "state_to_dict"),
    "editions": ("EDITIONS", "FINAL_TIE_CHOICES", "Classic", "Edition", "FinalTie", "Voyage", "edition_named"),
    "errors": ("IllegalActionError", "InvalidStateError"),
    "options": ("DEFAULT_END_SCORE", "Options"),
    "position": ("SOURCE_DISCARD", "SOURCE_DRAW", "Source"),
    "state": ("GAME_OVER", "OPENING", "ROUND_OVER", "TURN", "GameState", "should_double"),
    "view": ("PublicView", "ScoreView", "SeatView", "public_view", "score_view", "seat_view", "seat_views"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [  # (written out, for the linters; the same names as _HOMES, a test checks)
    "ACTION_TABLE", "CELLS", "COLS", "COLUMN_CELLS", "DEFAULT_END_SCORE", "DRAW", "EDITIONS", "FINAL_TIE_CHOICES",
    "FLIP", "GAME_OVER", "HIDDEN", "OPENING", "REPLACE", "REVEAL", "ROUND_OVER", "ROWS", "SOURCE_DISCARD",
    "SOURCE_DRAW", "TAKE", "TURN", "VERBS", "Action", "Cell", "Classic", "Edition", "FinalTie", "GameState",
    "IllegalActionError", "InvalidStateError", "Options", "PublicView", "ScoreView", "SeatView", "Source", "Voyage",
    "brief", "check_consistency", "edition_named", "is_whole_number", "public_view", "replay_summary", "score_view",
    "seat_view", "seat_views", "should_double", "state_from_dict", "state_to_dict",
]


def __getattr__(name: str) -> Any:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # asked once: the next time is a plain lookup
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
