"""The Skyjo rules engine: pure Python, no pygame, nothing else of the project.

    >>> from game.rules import GameState, Action
    >>> state = GameState.new_game("voyage", players=2, seed=7)
    >>> state.apply(state.legal_actions()[0])
"""

from .actions import (
    ACTION_TABLE,
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
from .options import DEFAULT_END_SCORE
from .position import SOURCE_DISCARD, SOURCE_DRAW, Source
from .state import GAME_OVER, OPENING, ROUND_OVER, TURN, GameState, Options, should_double
from .view import PublicView, ScoreView, SeatView, public_view, score_view, seat_view

__all__ = [
    "ACTION_TABLE", "CELLS", "COLS", "COLUMN_CELLS", "DEFAULT_END_SCORE", "DRAW", "EDITIONS", "FINAL_TIE_CHOICES",
    "FLIP", "GAME_OVER", "HIDDEN", "OPENING", "REPLACE", "REVEAL", "ROUND_OVER", "ROWS", "SOURCE_DISCARD",
    "SOURCE_DRAW", "TAKE", "TURN", "VERBS", "Action", "Cell", "Classic", "Edition", "FinalTie", "GameState",
    "IllegalActionError", "InvalidStateError", "Options", "PublicView", "ScoreView", "SeatView", "Source", "Voyage",
    "brief", "check_consistency", "edition_named", "is_whole_number", "public_view", "replay_summary", "score_view",
    "seat_view", "should_double", "state_from_dict", "state_to_dict",
]
