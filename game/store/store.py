"""The app's one door to the data folder: it owns one part per document and the folder's lock.

    store.settings   SettingsFile  settings.json (settings.py)
    store.saves      Saves         the autosave (saves.py)
    store.stats      Statistics    stats.json, and their profiles: store.stats.profiles (statistics.py)
    store.tokens     Tokens        tokens.json, the network seat tokens (tokens.py)

The parts write through one DataFolder (folder.py): the same atomic write, one run of
failures told once, one list of notices. Every part is safe to call from the frame loop:
nothing raises on a bad file or a failed write. Problems become notices in `store.notices`
(notices.py: declared sentences and their arguments), worded in the player's language by the
screen that shows them.
"""

from __future__ import annotations

import os
from pathlib import Path

from .folder import DataFolder
from .lock import FolderLock
from .notices import StoreNotice
from .paths import SAVE_FILE, resolve_data_dir
from .saves import Saves
from .settings import SettingsFile
from .statistics import Statistics
from .tokens import Tokens


class Store:
    """Settings, the saved game, statistics (with the adaptive level's profiles) and network
    tokens in one data folder, each a part the store owns. `background=True` writes saves and
    statistics on helper threads (the frame loop only encodes, well under a millisecond); call
    `close()` before the app exits."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None, *, background: bool = False,
                 save_file: str = SAVE_FILE) -> None:
        """`save_file` names the autosave in the folder: the desktop game's `save.json`, or
        HOST_SAVE_FILE for a headless host, so a hosted table never touches the desktop's game."""
        self.data_dir = resolve_data_dir(data_dir)
        self._folder = DataFolder(self.data_dir)
        self._folder_lock = FolderLock(self.data_dir)
        self.settings = SettingsFile(self._folder)
        self.saves = Saves(self._folder, self.settings, save_file, background=background)
        self.stats = Statistics(self._folder, background=background)
        self.tokens = Tokens(self._folder)

    @property
    def notices(self) -> list[StoreNotice]:
        """The notices not yet shown (the list `take_notices` empties)."""
        return self._folder.notices.waiting

    def take_notices(self) -> list[StoreNotice]:
        """The notices not yet shown, emptying the list."""
        return self._folder.notices.take()

    @property
    def last_failure(self) -> StoreNotice | None:
        """The latest failed write, None once writing works (a table tells it: TableStore)."""
        return self._folder.last_failure

    def lock_folder(self) -> bool:
        """Claim the data folder for this running game before any file is read or written.

        Raises FolderInUse (lock.py) when another running Skyjo has it, having touched no
        file, and LockRefused when the folder can be written but its lock cannot be taken
        (the game must not run); False when nothing can be written there (read-only), True
        once held. A lock entry that had to be set right is told in the notices."""
        held = self._folder_lock.acquire()
        for repair in self._folder_lock.repairs:
            self._folder.notices.add(StoreNotice((repair,)))
        self._folder_lock.repairs.clear()
        return held

    def load_all(self) -> None:
        """Read settings, the saved game and statistics now, at start-up: their notices
        (a damaged file moved aside, an older copy restored) are ready for the first menu
        frame, and no file is first read on the frame loop."""
        self.settings.load()
        self.saves.has_game()
        self.stats.load()

    def quarantine_loaded(self) -> list[Path]:
        """Move aside every file read so far, and its backup: the app failed to start with
        them, and the next start must work. Returns where they went (nothing is deleted)."""
        self.saves.flush()
        self.stats.flush()
        moved = self._folder.quarantine_loaded()
        for part in (self.settings, self.saves, self.stats):
            part.forget()
        return moved

    def close(self) -> None:
        """Wait for the last background save and let the folder go (nothing is left for exit)."""
        self.saves.close()
        self.stats.close()
        self._folder_lock.release()
