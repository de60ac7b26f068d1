"""Computer seats for the app: a BotWorker per computer seat, thinking off the frame loop."""

from __future__ import annotations

from game.match import ADAPTIVE

from . import LEVELS, make_bot
from .worker import BotWorker


def make_worker(level: str, seed: int) -> BotWorker:
    """A worker (`.start(view)`, `.result()`, `.error`, `.close()`) for one computer seat.

    Only the built-in levels: the app never starts a program named by a seat, since a seat
    can come from a file (a save, the remembered setup). ValueError for anything else."""
    if level.partition("@")[0] != ADAPTIVE and level not in LEVELS:  # (adaptive@<its start>: controller.py)
        raise ValueError(f"unknown computer level {level!r}; the game offers {', '.join(LEVELS)}")
    return BotWorker(make_bot(level, seed))
