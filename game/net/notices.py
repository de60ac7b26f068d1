"""What a remote player may read of the host's own notices: they are written for the person at
the host and name its folders and files (a failed save says where), which are nobody else's
business (game/net/host.py sends these instead)."""

from __future__ import annotations

import os
import re
from typing import Any

from game.i18n import _

SAVE_FAILURES = ("The game could not be saved: {error}", "Statistics could not be saved: {error}")  # controller.py's
PATH_LIKE = re.compile(r"\S*[/\\]\S*")  # a word with a folder separator in it


def is_save_failure(text: str, store: Any) -> bool:
    """Whether a table's notice says a save failed (the store's words, or the table's)."""
    if store is not None and (text == getattr(store, "last_error", None) or str(getattr(store, "data_dir", "\0")) in text):
        return True
    return "could not be saved" in text or any(text.startswith(_(failure).split("{")[0]) for failure in SAVE_FAILURES)


def without_paths(text: str) -> str:
    """`text` with every word that looks like a file or folder of this computer replaced by "…"."""
    home = os.path.expanduser("~")
    if len(home) > 1:
        text = text.replace(home, "~")
    return PATH_LIKE.sub("…", text)
