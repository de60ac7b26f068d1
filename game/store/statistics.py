"""The statistics as the Store keeps them (stats.json; their format and counting rules are
stats.py), with the adaptive level's profiles that belong to them (profiles.py).

Written read-modify-write: before counting a round or a game the file is read again if anyone
else wrote it since, so a game finished in another program is never overwritten. With
`background=True` (the desktop game) the frame loop only counts and encodes: the file is written
on a helper thread, as the autosave is (issue 46), and while that write is under way the
statistics in memory are the newest there are.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import TYPE_CHECKING

from game.match import MatchConfig

from . import stats as counting
from .folder import DataFolder, FileKey, file_key
from .notices import STATS_IN, STATS_KIND, STATS_NOT_SAVED, StoreNotice, said
from .paths import STATS_FILE
from .profiles import Profiles
from .stats import Stats, decode_stats_checked, encode_stats
from .writer import BackgroundWriter

if TYPE_CHECKING:
    from game.rules import GameState


class Statistics:
    """The statistics, a part the Store owns, and their profiles (`profiles`, a part of theirs:
    a profile counts only for a name the statistics know, and goes when they are reset)."""

    def __init__(self, folder: DataFolder, *, background: bool = False) -> None:
        self.path = folder.path / STATS_FILE
        self._folder = folder
        self._stats: Stats | None = None  # as last read or written
        self._key: FileKey | None = None  # the file as last read or written, to notice another writer
        self._writer = BackgroundWriter(self._written) if background else None
        self.profiles = Profiles(folder, self.fresh)

    def load(self) -> Stats:
        """The statistics (a copy: counting is done here, not by the caller)."""
        return copy.deepcopy(self._loaded())

    def _loaded(self) -> Stats:
        if self._stats is None:
            stats, cleaned = self._folder.read_setting_right(self.path, decode_stats_checked, STATS_KIND)
            for note in cleaned:
                self._folder.notices.add(StoreNotice((said(STATS_IN, path=str(self.path)), note)))
            self._stats = stats or Stats()
            self._key = file_key(self.path)
        return self._stats

    def fresh(self) -> Stats:
        """The statistics as they are on disk now: read again if someone else wrote them since
        (not while a write of ours is under way: what it writes is these)."""
        if self._stats is not None and not self._writing() and file_key(self.path) != self._key:
            self._stats = None
        return self._loaded()

    def _writing(self) -> bool:
        return self._writer is not None and not self._writer.flush(0)

    def _write(self, stats: Stats) -> None:
        data = encode_stats(stats)  # (now: the counts of this moment)
        if self._writer:
            self._writer.submit(self.path, data)
        elif self._folder.write(self.path, data, STATS_NOT_SAVED):
            self._key = file_key(self.path)

    def _written(self, path: Path, error: OSError | None) -> None:
        """(On the writer's thread.) A write done: told if it failed, its file known if not."""
        if error is None:
            self._key = file_key(path)
        self._folder.written(path, error, STATS_NOT_SAVED)

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait for a write under way (True when none is left)."""
        return self._writer.flush(timeout) if self._writer else True

    def close(self) -> None:
        """Wait for the last write; nothing is left to do at exit."""
        if self._writer:
            self._writer.close()

    def record_round(self, match: MatchConfig, state: GameState) -> None:
        """Count a scored round (call when the phase is round_over or game_over)."""
        stats = self.fresh()
        if counting.record_round(stats, match, state):
            self._write(stats)

    def record_game(self, match: MatchConfig, state: GameState) -> None:
        """Count a finished game, and its last round if that was not counted yet."""
        stats = self.fresh()
        if counting.record_game(stats, match, state):
            self._write(stats)
            self.profiles.record(match, state)  # once per game, as the statistics count it

    def reset(self) -> None:
        """Start the statistics and the profiles again (the old figures stay in stats.json.bak
        until the next write)."""
        self._stats = Stats()
        self._write(self._stats)
        self.profiles.reset()

    def forget(self) -> None:
        """Read the file again next time (it was moved aside)."""
        self._stats = None
