"""A table in play without a screen: `TableController` runs the engine, the computer seats,
their think pauses, autosave, statistics and the hot-seat hand-off, and tells observers what
happened. The table scene (scenes/play.py) is one observer; a headless test, a network seat or
a replay can be others. No pygame here, nor anything of game.ui or the scenes.
"""

from .controller import FALLBACK_LEVEL, THINK_FIRST, THINK_NEXT, TableController
from .messages import GameOver, HandoffDue, Notice, Observer, Observers, RoundOver, TableEvents, TableMessage, TakenBack
from .needs import TableStore, Worker, WorkerFactory
from .shape import NOTHING_TO_TAKE_BACK, TAKE_BACK_ELSEWHERE, NobodyToStandIn, Table

__all__ = [
    "FALLBACK_LEVEL", "NOTHING_TO_TAKE_BACK", "TAKE_BACK_ELSEWHERE", "THINK_FIRST", "THINK_NEXT", "GameOver",
    "HandoffDue", "NobodyToStandIn", "Notice", "Observer", "Observers", "RoundOver", "Table", "TableController",
    "TableEvents", "TableMessage", "TableStore", "TakenBack", "Worker", "WorkerFactory",
]
