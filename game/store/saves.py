"""The autosave document: plain JSON, versioned, validated through the engine on load.

    {"format": 3, "app": "Skyjo", "app_version": "0.1.0", "saved_at": "2026-12-02T14:50:00Z",
     "match": MatchConfig.to_dict(), "state": game.rules.state_to_dict(state)}

The engine state carries the seed, and every chance event is derived from it, so a resumed
game continues exactly as it would have. It also carries the game record, which the engine
replays on load: a position that does not follow from it is refused, and a current-format
save without its record is damaged (see migrations.py for the older formats that had none).
`Saves` is the part of the Store that keeps it; `GameSummary` is what the menu shows of it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import APP_NAME, __version__
from game.i18n import N_
from game.match import MatchConfig
from game.rules import InvalidStateError

if TYPE_CHECKING:
    from game.rules import GameState

from .documents import SAVE_CAP, check_format, load_document, parse_json
from .files import FileProblem, NewerFormat, backup_path, describe_os_error, describe_size, read_bytes, remove
from .folder import DataFolder, FileKey, file_key
from .migrations import LEGACY_SETTINGS, NO_RECORD_FORMAT, RECORD_REQUIRED_FROM, SAVE_FORMAT, SAVE_STEPS, upgrade
from .notices import GAME_NOT_REMOVED, GAME_NOT_SAVED, SAVE_KIND, UNCHECKED_GAME, notice
from .paths import SAVE_FILE
from .settings import SettingsFile
from .writer import BackgroundWriter


@dataclass
class SavedGame:
    match: MatchConfig
    state: GameState
    app_version: str | None
    saved_at: str | None
    legacy_settings: dict[str, Any] | None = None  # from a format-1 save, to move to settings.json


def encode_save(match: MatchConfig, state: GameState) -> bytes:
    return encode_document(save_document(match, state))


def save_document(match: MatchConfig, state: GameState) -> dict[str, Any]:
    """The save of `state` as plain data: a snapshot that shares nothing the game changes later
    (so it may be encoded on another thread: `encode_document`)."""
    from game.rules import state_to_dict  # (the engine's codec is imported with the first game: issue 47)

    return {
        # a game resumed from an old save that had no record still has none (migrations.py)
        "format": SAVE_FORMAT if state.log is not None else NO_RECORD_FORMAT,
        "app": APP_NAME,
        "app_version": __version__,
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "match": match.to_dict(),
        "state": state_to_dict(state),
    }


def encode_document(document: dict[str, Any]) -> bytes:
    # compact: the file is written after every action; the engine state is a few kB
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def decode_save(raw: bytes) -> SavedGame:
    """The game in a save file's bytes, or FileProblem naming what is wrong. Nothing is
    returned half-way: the match and the state are both fully validated first."""
    if len(raw) > SAVE_CAP:  # the store refuses it unread; this guards any other caller
        raise FileProblem(f"it is larger than {describe_size(SAVE_CAP)}")
    doc = parse_json(raw)
    number = check_format(doc, SAVE_FORMAT, "save")
    try:
        doc = upgrade(doc, number, SAVE_FORMAT, SAVE_STEPS)
        return _decode_current(doc, record_required=number >= RECORD_REQUIRED_FROM)
    except FileProblem:
        raise
    except Exception as error:  # noqa: BLE001 - a hand-edited file must never crash the app
        raise FileProblem(f"it holds something unexpected ({type(error).__name__})") from None


def _decode_current(doc: dict[str, Any], record_required: bool) -> SavedGame:
    """A current-format document; `record_required` is False only for one that began as an
    older format, from before the engine kept the game record."""
    if "match" not in doc or "state" not in doc:
        raise FileProblem(N_("it lacks the match or the game state"))
    try:
        match = MatchConfig.from_dict(doc["match"])
    except ValueError as error:
        raise FileProblem(f"its players or options are invalid: {error}") from None
    from game.rules import state_from_dict  # (imported with the first save read: issue 47)
    from game.rules.codec import NewerStateFormat

    try:
        state = state_from_dict(doc["state"])
    except NewerStateFormat as error:
        raise NewerFormat(
            f"it was written by a newer version of Skyjo (game state format {error.number}; "
            f"this version reads up to {error.known})"
        ) from None
    except InvalidStateError as error:
        raise FileProblem(f"its game is impossible under the rules: {error}") from None
    if record_required and state.log is None:
        # without it nothing shows that the cards lie where the game put them
        raise FileProblem(N_("its game record is missing"))
    check_match_fits(match, state)
    if state.is_terminal:
        raise FileProblem(N_("its game is already over"))  # finished games are never saved
    version, saved_at = doc.get("app_version"), doc.get("saved_at")
    legacy = doc.get(LEGACY_SETTINGS)
    return SavedGame(
        match,
        state,
        version if isinstance(version, str) else None,
        saved_at if isinstance(saved_at, str) else None,
        legacy if isinstance(legacy, dict) else None,
    )


def check_match_fits(match: MatchConfig, state: GameState) -> None:
    """The seats and rules must be the game's own: a tampered save cannot mix two games."""
    if match.players != state.players:
        raise FileProblem(f"it lists {match.players} players for a game of {state.players}")
    if match.edition != state.edition.name:
        raise FileProblem(f"its setup says {match.edition} but the game is {state.edition.name}")
    edition = state.edition
    final_tie = match.options.final_tie_for(edition)
    if match.end_score != state.options.end_score or final_tie != state.options.final_tie_for(edition):
        raise FileProblem(N_("its options differ from the game's"))


@dataclass(frozen=True)
class SeatSummary:
    name: str
    kind: str  # game.match's HUMAN, COMPUTER or REMOTE
    level: str  # a computer seat's level
    total: int


@dataclass(frozen=True)
class GameSummary:
    """What the menu's Continue shows of the saved game: who plays, the round, the totals."""

    edition: str
    edition_title: str
    round: int
    phase: str
    seats: tuple[SeatSummary, ...]
    saved_at: str | None
    app_version: str | None

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def totals(self) -> list[int]:
        return [seat.total for seat in self.seats]


def summary_of(saved: SavedGame) -> GameSummary:
    state = saved.state
    seats = tuple(SeatSummary(seat.name, seat.kind, seat.level, total)
                  for seat, total in zip(saved.match.seats, state.totals))
    return GameSummary(state.edition.name, state.edition.title, state.round, state.phase, seats,
                       saved.saved_at, saved.app_version)


class Saves:
    """The autosave (save.json, or a headless host's own file), a part the Store owns: the game
    in progress written after every action, read back fully validated, deleted when it ends.
    `background=True` writes on a helper thread (the frame loop only encodes); `close()` waits
    for the last write."""

    def __init__(self, folder: DataFolder, settings: SettingsFile, save_file: str = SAVE_FILE, *,
                 background: bool = False) -> None:
        self.path = folder.path / save_file
        self._folder = folder
        self._settings = settings  # a format-1 save's inline settings move there
        self._writer = BackgroundWriter(self._written) if background else None
        self._cached: tuple[FileKey | None, SavedGame | None] | None = None  # the file as last read
        self._own: tuple[bytes, SavedGame] | None = None  # the save written here last

    def _written(self, path: Path, error: OSError | None) -> None:
        self._folder.written(path, error, GAME_NOT_SAVED)

    def save(self, match: MatchConfig, state: GameState) -> None:
        """Autosave after an action or a round. A finished game is not kept: its save goes."""
        if state.is_terminal:
            self.delete()
            return
        data = encode_save(match, state)
        self._cached = None
        # what was written, so reading it back (the menu, after the game) needs no replay
        self._own = (data, SavedGame(match, state.clone(record_events=True), __version__, None))
        if self._writer:
            self._writer.submit(self.path, data)
        else:
            self._folder.write(self.path, data, GAME_NOT_SAVED)

    def load(self) -> tuple[MatchConfig, GameState] | None:
        """The saved game, fully validated, or None (a bad save is moved aside, see notices)."""
        saved = self._saved()
        if saved is None:
            return None
        return saved.match, saved.state.clone(record_events=True)

    def has_game(self) -> bool:
        return self._saved() is not None

    def summary(self) -> GameSummary | None:
        saved = self._saved()
        return None if saved is None else summary_of(saved)

    def delete(self) -> None:
        """Remove the save (a finished or abandoned game). The backup goes first, so an
        interruption can only leave the game in place, never bring back an older one."""
        if self._writer:
            self._writer.discard(self.path)
        self._cached = self._own = None
        try:
            remove(backup_path(self.path))
            remove(self.path)
        except OSError as error:
            self._folder.notices.add(notice(GAME_NOT_REMOVED, path=str(self.path), reason=describe_os_error(error)))

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait for background writes to finish (True when none is left)."""
        return self._writer.flush(timeout) if self._writer else True

    def close(self) -> None:
        """Wait for the last write; nothing is left to do at exit."""
        if self._writer:
            self._writer.close()

    def forget(self) -> None:
        """Read the file again next time (it was moved aside)."""
        self._cached = None

    def _saved(self) -> SavedGame | None:
        self.flush()
        key = file_key(self.path)
        if self._cached is not None and self._cached[0] == key:
            return self._cached[1]
        own = self._own_game()
        if own is not None:
            self._cached = (key, own)
            return own
        loaded = load_document(self.path, decode_save, SAVE_KIND)
        self._folder.note_loaded(self.path, loaded)
        if loaded.value is not None and loaded.value.state.log is None:
            self._folder.notices.add(notice(UNCHECKED_GAME))  # an older format allowed it: loaded, but never silently
        if loaded.value is not None and loaded.value.legacy_settings is not None:
            self._settings.adopt_legacy(loaded.value.legacy_settings)
        self._cached = (file_key(self.path), loaded.value)
        return loaded.value

    def _own_game(self) -> SavedGame | None:
        """The game saved here last, if the file still holds exactly those bytes.

        Decoding a save replays its whole record (a long 8-player game takes a third of a
        second); the game just written needs no such check, and the menu reads it on the
        frame loop when a game is left."""
        if self._own is None:
            return None
        data, game = self._own
        try:
            same = read_bytes(self.path, limit=len(data)) == data
        except FileProblem:  # longer, not a plain file any more...: not ours, decode it as any file
            same = False
        if not same:
            self._own = None  # someone else wrote it: decode and check it like any file
            return None
        saved_at = json.loads(data).get("saved_at")
        return SavedGame(game.match, game.state, game.app_version, saved_at if isinstance(saved_at, str) else None)
