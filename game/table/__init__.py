"""A table in play without a screen: `TableController` runs the engine and the hot-seat
hand-off, composes its computer seats and their think pauses (`ComputerSeats`) and its
autosave and statistics (`Autosave`), and tells observers what happened. The table scene
(scenes/play.py) is one observer; a headless test, a network seat or a replay can be others.
No pygame here, nor anything of game.ui or the scenes.
"""

from .autosave import Autosave
from .computers import FALLBACK_LEVEL, THINK_FIRST, THINK_NEXT, ComputerSeats
from .controller import TableController
from .messages import GameOver, HandoffDue, Notice, Observer, Observers, RoundOver, TableEvents, TableMessage, TakenBack
from .needs import TableStore, Worker, WorkerFactory
from .shape import ALONE, NOTHING_TO_TAKE_BACK, TAKE_BACK_ELSEWHERE, Alone, Table, TableLink

__all__ = [
    "ALONE", "FALLBACK_LEVEL", "NOTHING_TO_TAKE_BACK", "TAKE_BACK_ELSEWHERE", "THINK_FIRST", "THINK_NEXT", "Alone",
    "Autosave", "ComputerSeats", "GameOver", "HandoffDue", "Notice", "Observer", "Observers", "RoundOver", "Table",
    "TableController", "TableEvents", "TableLink", "TableMessage", "TableStore", "TakenBack", "Worker",
    "WorkerFactory",
]
