"""The last game finished on this computer, kept for its review (issue 33): the game-over
screen keeps it, the statistics screen offers to review it. One small document,
`last-game.json`, written atomically; a damaged one is read as none (the game was also
recorded in the statistics; only its review is lost) and replaced by the next game."""

from __future__ import annotations

from pathlib import Path

import msgspec

from game.wire.finished import MOST_BYTES, FinishedGame, read_finished
from game.wire.reading import WireError

from .files import FileProblem, atomic_write, read_bytes

LAST_GAME_FILE = "last-game.json"


def keep_last_game(data_dir: str | Path, game: FinishedGame) -> bool:
    """Keep `game` as the last finished game; False (the disk refused) never raises."""
    data = msgspec.json.encode(game)
    if len(data) > MOST_BYTES:
        return False
    try:
        atomic_write(Path(data_dir) / LAST_GAME_FILE, data, keep_backup=False)
    except OSError:
        return False
    return True


def last_game(data_dir: str | Path) -> FinishedGame | None:
    """The last finished game, or None (none yet, or a file that is not one)."""
    try:
        raw = read_bytes(Path(data_dir) / LAST_GAME_FILE, MOST_BYTES)
        return None if raw is None else read_finished(raw.decode("utf-8"))
    except (FileProblem, UnicodeDecodeError, WireError):
        return None
