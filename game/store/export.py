"""Export a game log: the whole game as a replay-format JSON file (docs/replay.md) in the
`exports/` folder of the player's data folder, so `python -m game replay FILE` plays it again."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from .files import atomic_write

EXPORTS = "exports"


def exports_dir(store: Any) -> Path:
    """<data folder>/exports (the store's folder: --data-dir, $SKYJO_DATA_DIR or the OS's)."""
    if store is not None and getattr(store, "data_dir", None) is not None:
        return Path(store.data_dir) / EXPORTS
    from .paths import resolve_data_dir

    return resolve_data_dir() / EXPORTS


def export_game(state: Any, folder: Path, when: float | None = None) -> Path:
    """Write `state.record()` to a new file in `folder` and return its path.

    Raises OSError (a full disk, a read-only folder) and ValueError (a game without a record);
    the caller tells the player in one line.
    """
    record = state.record()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    path = folder / f"skyjo-{stamp}.json"
    number = 2
    while path.exists():  # two exports in one second keep both files
        path = folder / f"skyjo-{stamp}-{number}.json"
        number += 1
    # the store's write: never a half-written log under the final name, and a temporary file
    # created afresh, so a link planted in the folder cannot send the log anywhere else
    atomic_write(path, (json.dumps(record, indent=1) + "\n").encode("utf-8"), keep_backup=False)
    return path


def export_for_player(store: Any, state: Any) -> tuple[bool, str]:
    """(True, path) or (False, why): never raises into the frame loop."""
    try:
        return True, str(export_game(state, exports_dir(store)))
    except (OSError, ValueError) as error:
        return False, getattr(error, "strerror", None) or str(error)
