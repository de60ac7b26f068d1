"""Where the player's files live: one data folder per user, never beside the program."""

from __future__ import annotations

import os
from pathlib import Path

from game import APP_NAME

ENV_VAR = "SKYJO_DATA_DIR"
SAVE_FILE = "save.json"
HOST_SAVE_FILE = "host-save.json"  # a headless host's table (skyjo host): never the desktop game's save
SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The data folder: `--data-dir`, else $SKYJO_DATA_DIR, else the OS's user data folder.

    Nothing is created here; the folder appears on the first write.
    """
    if explicit is not None and str(explicit).strip():
        return Path(explicit).expanduser()
    from_env = os.environ.get(ENV_VAR, "").strip()
    if from_env:
        return Path(from_env).expanduser()
    import platformdirs  # imported late: only the default location needs it

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
