"""Computer seats for the app: a BotWorker per computer seat, thinking off the frame loop."""

from __future__ import annotations

from game.ai import make_bot
from game.ai.worker import BotWorker


def make_worker(level: str, seed: int) -> BotWorker:
    """A worker (`.start(view)`, `.result()`, `.error`, `.close()`) for one computer seat.
    A level whose module is not built yet plays as "normal" rather than stopping the app."""
    try:
        bot = make_bot(level, seed)
    except ModuleNotFoundError:
        bot = make_bot("normal", seed)
    return BotWorker(bot)
