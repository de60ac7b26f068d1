"""The app's one door to the disk: the autosave, settings and statistics.

Every method is safe to call from the frame loop: nothing here raises on a bad file or a
failed write. Problems become notices in `store.notices` (notices.py: declared sentences and
their arguments), worded in the player's language by the screen that shows them.
"""

from __future__ import annotations

import atexit
import copy
import json
import os
import threading
from pathlib import Path
from typing import Any

from game import __version__
from game.match import MatchConfig
from game.rules import GameState
from game.sentences import Sentence

from . import stats as stats_mod
from .documents import TOKENS_FILE, load_document
from .files import FileProblem, atomic_write, backup_path, describe_os_error, quarantine, read_bytes, remove
from .lock import FolderLock
from .notices import (
    FILE_NOT_SAVED,
    GAME_NOT_REMOVED,
    GAME_NOT_SAVED,
    SAVE_KIND,
    SETTINGS_KIND,
    SETTINGS_NOT_SAVED,
    SETTINGS_RESET,
    STATS_IN,
    STATS_KIND,
    STATS_NOT_SAVED,
    TOKENS_KIND,
    UNCHECKED_GAME,
    StoreNotice,
    notice,
    said,
)
from .paths import SAVE_FILE, SETTINGS_FILE, STATS_FILE, resolve_data_dir
from .profiles import Profiles
from .saves import SavedGame, decode_save, encode_save
from .settings import Settings, decode_settings, encode_settings, settings_from_legacy
from .stats import Stats, decode_stats_checked, encode_stats
from .tokens import check_entry, decode_tokens, encode_tokens, is_plain_text
from .writer import BackgroundWriter


class Store:
    """Saves, settings, statistics and the adaptive level's profiles (`profiles`, a part it
    owns) in one data folder. `background=True` writes saves on a helper thread (the frame loop
    only encodes, well under a millisecond); call `flush()` or `close()` before the app exits."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None, *, background: bool = False,
                 save_file: str = SAVE_FILE) -> None:
        """`save_file` names the autosave in the folder: the desktop game's `save.json`, or
        HOST_SAVE_FILE for a headless host, so a hosted table never touches the desktop's game."""
        self.data_dir = resolve_data_dir(data_dir)
        self.save_file = save_file
        self.notices: list[StoreNotice] = []
        self.last_failure: StoreNotice | None = None  # the latest failed write, None once writing works (TableStore)
        self._lock = threading.Lock()
        self._failing: set[Path] = set()
        self._settings: Settings | None = None
        self._stats: Stats | None = None
        self._cached_game: tuple[Any, SavedGame | None] | None = None
        self._own_save: tuple[bytes, SavedGame] | None = None  # the save this store wrote last
        self._stats_key: Any = None  # the stats file as last read or written, to notice another writer
        self._tokens: dict[str, str] | None = None  # network seat tokens (tokens.py), once read
        self._folder_lock = FolderLock(self.data_dir)
        self.loaded: set[Path] = set()  # the files read successfully (see quarantine_loaded)
        self._writer = BackgroundWriter(self._write_done) if background else None
        self.profiles = Profiles(self.data_dir, self._write, self._fresh_stats, self.notices)
        if self._writer:
            atexit.register(self.flush)  # daemon threads still run while atexit handlers do

    # ------------------------------------------------------------------ paths and notices
    @property
    def save_path(self) -> Path:
        return self.data_dir / self.save_file

    @property
    def settings_path(self) -> Path:
        return self.data_dir / SETTINGS_FILE

    @property
    def stats_path(self) -> Path:
        return self.data_dir / STATS_FILE

    def take_notices(self) -> list[StoreNotice]:
        """The notices not yet shown, emptying the list."""
        with self._lock:
            out, self.notices = self.notices, []
        return out

    def _notice(self, told: StoreNotice) -> None:
        with self._lock:
            if told not in self.notices:
                self.notices.append(told)

    # ------------------------------------------------------------------ writing
    def _write(self, path: Path, data: bytes) -> bool:
        try:
            atomic_write(path, data)
        except OSError as error:
            self._write_done(path, error)
            return False
        self._write_done(path, None)
        return True

    def _write_done(self, path: Path, error: OSError | None) -> None:
        """Report a failed write once per run of failures; forget it when writing works again."""
        if error is None:
            with self._lock:
                self._failing.discard(path)
                if not self._failing:
                    self.last_failure = None
            return
        reason, folder = describe_os_error(error), str(path.parent)
        what = {self.save_file: GAME_NOT_SAVED, SETTINGS_FILE: SETTINGS_NOT_SAVED, STATS_FILE: STATS_NOT_SAVED}.get(path.name)
        message = notice(what, folder=folder, reason=reason) if what else notice(
            FILE_NOT_SAVED, name=path.name, folder=folder, reason=reason)
        with self._lock:
            first = path not in self._failing
            self._failing.add(path)
            self.last_failure = message
        if first:
            self._notice(message)

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait for background writes to finish (True when none is left)."""
        return self._writer.flush(timeout) if self._writer else True

    def close(self) -> None:
        self.flush()
        self._folder_lock.release()

    # ------------------------------------------------------------------ the running app
    def lock_folder(self) -> bool:
        """Claim the data folder for this running game before any file is read or written.

        Raises FolderInUse (lock.py) when another running Skyjo has it, having touched no
        file, and LockRefused when the folder can be written but its lock cannot be taken
        (the game must not run); False when nothing can be written there (read-only), True
        once held. A lock entry that had to be set right is told in the notices."""
        held = self._folder_lock.acquire()
        for repair in self._folder_lock.repairs:
            self._notice(StoreNotice((repair,)))
        self._folder_lock.repairs.clear()
        return held

    def load_all(self) -> None:
        """Read settings, the saved game and statistics now, at start-up: their notices
        (a damaged file moved aside, an older copy restored) are ready for the first menu
        frame, and no file is first read on the frame loop."""
        self.load_settings()
        self.has_game()
        self._loaded_stats()

    def quarantine_loaded(self) -> list[Path]:
        """Move aside every file read so far, and its backup: the app failed to start with
        them, and the next start must work. Returns where they went (nothing is deleted)."""
        self.flush()
        moved = []
        for path in sorted(self.loaded):
            for candidate in (path, backup_path(path)):
                try:
                    moved.append(quarantine(candidate))
                except OSError:
                    continue  # absent (or immovable): nothing more can be done for it
        self.loaded.clear()
        self._settings, self._stats, self._cached_game = None, None, None
        return moved

    # ------------------------------------------------------------------ settings
    def load_settings(self) -> Settings:
        """The settings; defaults for anything absent or bad (the menu's notices say what)."""
        if self._settings is None:
            self._settings = self._read_settings()
        return copy.deepcopy(self._settings)

    def _read_settings(self) -> Settings:
        reset: list[str] = []

        def decode(raw: bytes) -> Settings:
            settings, bad = decode_settings(raw)
            reset[:] = bad
            return settings

        loaded = load_document(self.settings_path, decode, SETTINGS_KIND)
        self._note_loaded(self.settings_path, loaded)
        if reset:
            self._notice(notice(SETTINGS_RESET, path=str(self.settings_path), names=", ".join(reset)))
        return loaded.value or Settings()

    def save_settings(self, settings: Settings) -> bool:
        self._settings = copy.deepcopy(settings)
        return self._write(self.settings_path, encode_settings(settings))

    # ------------------------------------------------------------------ the running game
    def save_game(self, match: MatchConfig, state: GameState) -> None:
        """Autosave after an action or a round. A finished game is not kept: its save goes."""
        if state.is_terminal:
            self.delete_game()
            return
        data = encode_save(match, state)
        self._cached_game = None
        # what was written, so reading it back (the menu, after the game) needs no replay
        self._own_save = (data, SavedGame(match, state.clone(record_events=True), __version__, None))
        if self._writer:
            self._writer.submit(self.save_path, data)
        else:
            self._write(self.save_path, data)

    def load_game(self) -> tuple[MatchConfig, GameState] | None:
        """The saved game, fully validated, or None (a bad save is moved aside, see notices)."""
        saved = self._saved_game()
        if saved is None:
            return None
        return saved.match, saved.state.clone(record_events=True)

    def has_game(self) -> bool:
        return self._saved_game() is not None

    def game_summary(self) -> dict[str, Any] | None:
        """What the menu's Continue shows: who plays, the round, the totals."""
        saved = self._saved_game()
        if saved is None:
            return None
        state, seats = saved.state, saved.match.seats
        return {
            "edition": state.edition.name,
            "edition_title": state.edition.title,
            "round": state.round,
            "phase": state.phase,
            "names": [seat.name for seat in seats],
            "totals": list(state.totals),
            "seats": [
                {"name": seat.name, "kind": seat.kind, "level": seat.level, "total": total}
                for seat, total in zip(seats, state.totals)
            ],
            "saved_at": saved.saved_at,
            "app_version": saved.app_version,
        }

    def delete_game(self) -> None:
        """Remove the save (a finished or abandoned game). The backup goes first, so an
        interruption can only leave the game in place, never bring back an older one."""
        if self._writer:
            self._writer.discard(self.save_path)
        self._cached_game = self._own_save = None
        try:
            remove(backup_path(self.save_path))
            remove(self.save_path)
        except OSError as error:
            self._notice(notice(GAME_NOT_REMOVED, path=str(self.save_path), reason=describe_os_error(error)))

    def _saved_game(self) -> SavedGame | None:
        self.flush()
        key = self._file_key()
        if self._cached_game is not None and self._cached_game[0] == key:
            return self._cached_game[1]
        own = self._own_game()
        if own is not None:
            self._cached_game = (key, own)
            return own
        loaded = load_document(self.save_path, decode_save, SAVE_KIND)
        self._note_loaded(self.save_path, loaded)
        if loaded.value is not None and loaded.value.state.log is None:
            self._notice(notice(UNCHECKED_GAME))  # an older format allowed it: loaded, but never silently
        if loaded.value is not None and loaded.value.legacy_settings is not None:
            self._adopt_legacy_settings(loaded.value.legacy_settings)
        self._cached_game = (self._file_key(), loaded.value)
        return loaded.value

    def _own_game(self) -> SavedGame | None:
        """The game this store saved last, if the file still holds exactly those bytes.

        Decoding a save replays its whole record (a long 8-player game takes a third of a
        second); the game just written needs no such check, and the menu reads it on the
        frame loop when a game is left."""
        if self._own_save is None:
            return None
        data, game = self._own_save
        try:
            same = read_bytes(self.save_path, limit=len(data)) == data
        except FileProblem:  # longer, not a plain file any more...: not ours, decode it as any file
            same = False
        if not same:
            self._own_save = None  # someone else wrote it: decode and check it like any file
            return None
        saved_at = json.loads(data).get("saved_at")
        return SavedGame(game.match, game.state, game.app_version, saved_at if isinstance(saved_at, str) else None)

    def _note_loaded(self, path: Path, loaded: Any) -> None:
        for told in loaded.notices:
            self._notice(told)
        if loaded.value is not None:
            self.loaded.add(path)

    def _file_key(self, path: Path | None = None) -> Any:
        try:
            info = os.stat(path or self.save_path)
        except OSError:
            return None
        return (info.st_mtime_ns, info.st_size, info.st_ino)

    def _adopt_legacy_settings(self, legacy: dict[str, Any]) -> None:
        """A format-1 save kept the settings inline; they move to settings.json once."""
        if self.settings_path.exists() or backup_path(self.settings_path).exists():
            return
        self.save_settings(settings_from_legacy(legacy))

    # ------------------------------------------------------------------ network seat tokens
    @property
    def tokens_path(self) -> Path:
        return self.data_dir / TOKENS_FILE

    def token(self, key: str) -> str | None:
        """The network seat token (or host fact) kept under `key`, if any."""
        with self._lock:
            if self._tokens is None:
                loaded = load_document(self.tokens_path, decode_tokens, TOKENS_KIND)
                self.notices.extend(loaded.notices)
                self._tokens = loaded.value or {}
            return self._tokens.get(key)

    def save_token(self, key: str, value: str | None) -> bool:
        """Keep `value` under `key` (None forgets it); False if it could not be written, or
        if the key or value is not plain text (a lone surrogate, a control character):
        such an entry is not kept, never raises, and never spoils the file for the others.
        ValueError only for a key or value of the wrong type or length (check_entry).
        Callable from a network thread: the document is small and written at once."""
        if value is not None:
            check_entry(key, value)
        if not is_plain_text(key) or (value is not None and not is_plain_text(value)):
            return False
        self.token(key)  # read the file first: its other entries are kept
        with self._lock:
            tokens = dict(self._tokens or {})
            tokens.pop(key, None)  # a rewritten entry becomes the newest (the oldest go first)
            if value is not None:
                tokens[key] = value
            self._tokens = tokens
        return self._write(self.tokens_path, encode_tokens(tokens))

    # ------------------------------------------------------------------ statistics
    def load_stats(self) -> Stats:
        return copy.deepcopy(self._loaded_stats())

    def _loaded_stats(self) -> Stats:
        if self._stats is None:
            cleaned: list[Sentence] = []

            def decode(raw: bytes) -> Stats:
                stats, notes = decode_stats_checked(raw)
                cleaned[:] = notes
                return stats

            loaded = load_document(self.stats_path, decode, STATS_KIND)
            self._note_loaded(self.stats_path, loaded)
            for note in cleaned:
                self._notice(StoreNotice((said(STATS_IN, path=str(self.stats_path)), note)))
            self._stats = loaded.value or Stats()
            self._stats_key = self._file_key(self.stats_path)
        return self._stats

    def _fresh_stats(self) -> Stats:
        """The statistics as they are on disk now: read again if someone else wrote them since
        (read-modify-write, so a game finished elsewhere is never overwritten)."""
        if self._stats is not None and self._file_key(self.stats_path) != self._stats_key:
            self._stats = None
        return self._loaded_stats()

    def _write_stats(self, stats: Stats) -> None:
        if self._write(self.stats_path, encode_stats(stats)):
            self._stats_key = self._file_key(self.stats_path)

    def record_round(self, match: MatchConfig, state: GameState) -> None:
        """Count a scored round (call when the phase is round_over or game_over)."""
        stats = self._fresh_stats()
        if stats_mod.record_round(stats, match, state):
            self._write_stats(stats)

    def record_game(self, match: MatchConfig, state: GameState) -> None:
        """Count a finished game, and its last round if that was not counted yet."""
        stats = self._fresh_stats()
        if stats_mod.record_game(stats, match, state):
            self._write_stats(stats)
            self.profiles.record(match, state)  # once per game, as the statistics count it

    def reset_stats(self) -> None:  # (the old figures stay in stats.json.bak until the next write)
        self._stats = Stats()
        self._write_stats(self._stats)
        self.profiles.reset()
