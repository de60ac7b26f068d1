"""Export a game log: the whole game as a replay-format JSON file (docs/replay.md) in the
`exports/` folder of the player's data folder, so `python -m game replay FILE` plays it again.
`read_export` reads one back to review it (bounded, checked by the rules), `exported_games`
lists the latest by what their heads say."""

from __future__ import annotations

import codecs
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game.replay import ScenarioError, play_scenario
from game.rules import EDITIONS
from game.wire.finished import MOST_SEATS, FinishedGame
from game.wire.reading import WireError, one_line, read

from .files import FileProblem, atomic_write, describe_size, open_ordinary, read_bytes

EXPORTS = "exports"
STAMP = "%Y%m%d-%H%M%S"  # in a log's name: when it was exported, local time


class WithDataDir(Protocol):
    """A store, for its data folder (game.store.Store is one)."""

    @property
    def data_dir(self) -> Path: ...


def exports_dir(store: WithDataDir | None) -> Path:
    """<data folder>/exports (the store's folder: --data-dir, $SKYJO_DATA_DIR or the OS's)."""
    if store is not None:
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
    stamp = time.strftime(STAMP, time.localtime(when))
    path = folder / f"skyjo-{stamp}.json"
    number = 2
    while path.exists():  # two exports in one second keep both files
        path = folder / f"skyjo-{stamp}-{number}.json"
        number += 1
    # the store's write: never a half-written log under the final name, and a temporary file
    # created afresh, so a link planted in the folder cannot send the log anywhere else
    atomic_write(path, (json.dumps(record, indent=1) + "\n").encode("utf-8"), keep_backup=False)
    return path


def export_for_player(store: WithDataDir | None, state: Any) -> tuple[bool, str]:
    """(True, path) or (False, why): never raises into the frame loop."""
    try:
        return True, str(export_game(state, exports_dir(store)))
    except (OSError, ValueError) as error:
        return False, getattr(error, "strerror", None) or str(error)


# -- reading an export back, to review it (issue 33) -------------------------------------------------------
# The same cap as `skyjo replay`: a whole game's log is a few hundred KB at most, and the cap
# bounds the memory a stray file could take (JSON takes many times its size once parsed).
MOST_EXPORT_BYTES = 16 << 20
MOST_EXPORT_DEPTH = 8  # {rounds: [{actions: [[...]]}]}: 5 deep (as a kept last game, game/wire/finished.py)
# lists and objects: a round of 8 players logs about 300, so the longest game a file may set (to
# 10000 points, ~300 rounds) about 90,000; a million bounds the reading of a 16 MiB log to a
# fraction of a second (docs/saves.md, "Reading a file")
MOST_EXPORT_CONTAINERS = 1 << 20
NEWEST_EXPORTS = 6  # the exports the statistics screen offers to review


class ExportProblem(ValueError):
    """An export that cannot be reviewed; the message is one plain line."""


def read_export(path: Path) -> FinishedGame:
    """The game in the exported log `path`, checked by playing it through the rules
    (game.replay); ExportProblem (one line) if it is too large, not JSON, nested too deeply,
    or not a game the rules can play. An export names nobody: every seat may be reviewed."""
    try:
        raw = read_bytes(path, MOST_EXPORT_BYTES)
        if raw is None:
            raise ExportProblem("the file is gone")
        text = raw.decode("utf-8-sig")  # (a BOM allowed, as in saves: an editor may add one)
        record = read(text, dict[str, Any], most_depth=MOST_EXPORT_DEPTH, too_deep="JSON nested deeper than a game log",
                      most_containers=MOST_EXPORT_CONTAINERS, too_many_words="more lists and objects than a game log")
    except (FileProblem, WireError) as error:
        raise ExportProblem(one_line(str(error), 200)) from None
    except UnicodeDecodeError as error:
        raise ExportProblem(f"it is not UTF-8 text (byte {error.start})") from None
    game = FinishedGame(record=record, names=[], humans=[], when=_stamp_time(path))
    check_game(game)
    return game


def check_game(game: FinishedGame) -> None:
    """ExportProblem (one line) unless the rules can play `game`'s record through and at
    least one round of it was played: a game the review can judge."""
    try:
        state = play_scenario(game.record, record_events=False)
    except ScenarioError as error:
        raise ExportProblem(one_line(str(error), 200)) from None
    except RecursionError:  # (the depth is bounded when read: a last guard)
        raise ExportProblem("JSON nested deeper than a game log") from None
    if state.round < 1:
        raise ExportProblem("no round was played in it")
    players = game.record.get("players")
    if not isinstance(players, int) or not 0 < players <= MOST_SEATS:
        raise ExportProblem("it does not say how many played")


# What the list of logs reads of each (issue 46 item 4): its head, where `export_game` writes the
# edition and the player count, never the whole file (a log at its cap is 16 MiB of an endless
# round: read whole, six of them took 21 s and hundreds of MB for six lines of the list).
LISTING_BYTES = 4 << 10
_HEAD_KEYS = ("edition", "players")


@dataclass(frozen=True)
class ExportedGame:
    """One exported log offered for review, as the list shows it: its file, when it was exported
    (seconds since 1970, 0 unknown), its edition and player count read from its head ("" and 0:
    not in the head), or why it cannot be reviewed. The game itself is read when chosen."""

    path: Path
    when: float
    edition: str = ""
    players: int = 0
    problem: str = ""


def exported_games(folder: Path, most: int = NEWEST_EXPORTS) -> list[ExportedGame]:
    """The newest `most` game logs in `folder`, newest first, each known by its head only (a bad
    one says why, in one line: never raises); at most LISTING_BYTES read of each."""
    shown = []
    for path in newest_exports(folder, most):
        try:
            edition, players = read_head(path)
            shown.append(ExportedGame(path, _stamp_time(path), edition, players))
        except ExportProblem as error:
            shown.append(ExportedGame(path, _stamp_time(path), problem=str(error)))
    return shown


def read_head(path: Path) -> tuple[str, int]:
    """The edition and player count an exported log begins with ("" and 0 for what its first
    LISTING_BYTES do not say); ExportProblem (one line) if what they hold already shows it is
    no game log. Whether the rules can play it is for `read_export`, once chosen."""
    try:
        with open_ordinary(path) as handle:
            if os.fstat(handle.fileno()).st_size > MOST_EXPORT_BYTES:
                raise ExportProblem(f"it is larger than {describe_size(MOST_EXPORT_BYTES)}")
            raw = handle.read(LISTING_BYTES)
    except FileNotFoundError:
        raise ExportProblem("the file is gone") from None
    except (FileProblem, OSError) as error:
        raise ExportProblem(one_line(str(getattr(error, "strerror", None) or error), 200)) from None
    try:  # (a character cut at the end of the head is left out, not refused)
        head = codecs.getincrementaldecoder("utf-8-sig")().decode(raw, final=len(raw) < LISTING_BYTES)
    except UnicodeDecodeError as error:
        raise ExportProblem(f"it is not UTF-8 text (byte {error.start})") from None
    found = _head_values(head, whole=len(raw) < LISTING_BYTES)
    edition, players = found.get("edition", ""), found.get("players", 0)
    if not (isinstance(edition, str) and (edition in EDITIONS or "edition" not in found)):
        raise ExportProblem("it does not say which edition was played")
    if "players" in found and (isinstance(players, bool) or not isinstance(players, int)
                               or not 0 < players <= MOST_SEATS):
        raise ExportProblem("it does not say how many played")
    return edition, players


def _head_values(head: str, whole: bool) -> dict[str, Any]:
    """The top-level values of `_HEAD_KEYS` in the JSON object `head` begins, read pair by pair
    until both are found or the head ends (a value cut by its end stops the reading: what came
    before it stands). `whole`: `head` is the whole file, so a key not found is missing."""
    decoder, at = json.JSONDecoder(), _skip(head, 0)
    found: dict[str, Any] = {}
    if not head.startswith("{", at):
        raise ExportProblem("it is not a JSON object" if head.strip() else "the file is empty")
    at = _skip(head, at + 1)
    try:
        while len(found) < len(_HEAD_KEYS) and at < len(head) and head[at] != "}":
            key, at = decoder.raw_decode(head, at)
            at = _skip(head, at)
            if not head.startswith(":", at):
                raise ValueError("no colon")
            value, at = decoder.raw_decode(head, _skip(head, at + 1))
            if key in _HEAD_KEYS:
                found[key] = value
            at = _skip(head, at)
            at = _skip(head, at + 1) if head.startswith(",", at) else at
    except (ValueError, RecursionError):
        if whole:
            raise ExportProblem("something that is not JSON") from None
    if whole and len(found) < len(_HEAD_KEYS):
        raise ExportProblem("it does not say which edition was played" if "edition" not in found
                            else "it does not say how many played")
    return found


def _skip(text: str, at: int) -> int:
    """Where the white space at `at` ends."""
    while at < len(text) and text[at] in " \t\r\n":
        at += 1
    return at


def newest_exports(folder: Path, most: int = NEWEST_EXPORTS) -> list[Path]:
    """The newest `most` game logs in `folder`, newest first: by the time in their name
    (skyjo-YYYYmmdd-HHMMSS[-N].json), then by when they were written."""
    try:
        logs = [path for path in folder.glob("skyjo-*.json") if path.is_file()]
    except OSError:
        return []  # no folder (nothing exported yet) or an unreadable one: nothing to offer
    return sorted(logs, key=lambda path: (_stamp_time(path), _number(path)), reverse=True)[:most]


def _stamp_time(path: Path) -> float:
    """When the log was exported: the time in its name (local time, as `export_game` wrote
    it), else when the file was last written, else 0."""
    stamp = path.stem.removeprefix("skyjo-")[:15]
    try:
        return min(max(0.0, time.mktime(time.strptime(stamp, STAMP))), 1e11)
    except (ValueError, OverflowError):
        pass
    try:
        return min(max(0.0, path.stat().st_mtime), 1e11)
    except OSError:
        return 0.0


def _number(path: Path) -> int:
    """The N of two exports in one second (skyjo-...-N.json); 1 for the first."""
    tail = path.stem.removeprefix("skyjo-")[15:].removeprefix("-")
    return int(tail) if tail.isdigit() and len(tail) < 6 else 1
