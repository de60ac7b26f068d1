"""Loading one of the player's JSON files with its backup, moving bad ones aside.

Each file kind (save, settings, statistics) supplies a `decode` function that turns bytes
into a value or raises FileProblem with a plain reason. `load_document` tries the file, then
its `.bak`; a bad one is moved to `<name>.corrupt-<timestamp>` and described in a notice.
A file larger than its kind's cap (`SIZE_CAPS`) is refused from its size, unread.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from game.i18n import N_
from game.sentences import Sentence
from game.wire.reading import bare, collector_paused, too_deep, too_long_number, too_many_keys

from .files import FileProblem, NewerFormat, atomic_write, backup_path, quarantine, read_bytes, remove_leftovers
from .notices import MOVED_ASIDE, NOT_MOVED, Kind, StoreNotice, said
from .paths import HOST_SAVE_FILE, SAVE_FILE, SETTINGS_FILE, STATS_FILE

T = TypeVar("T")

MiB = 1 << 20
# Size caps, far above anything the app writes (docs/saves.md, "Size caps"): the largest
# save measured, an 8-player Classic game to 10000 points (the highest end score a file may
# set) kept 306 rounds of record in 1.0 MB; a game to 300 points, the setup's highest, stays
# under 50 kB. Settings hold a few hundred bytes; statistics a few kB per player name.
SAVE_CAP = 4 * MiB
SETTINGS_CAP = MiB // 4
STATS_CAP = 1 * MiB
TOKENS_FILE = "tokens.json"  # network seat tokens (tokens.py): 64 entries of a few hundred bytes at most
TOKENS_CAP = 64 * 1024
PROFILES_FILE = "profiles.json"  # the adaptive level's profiles (profiles.py): 64 names, 7.1 kB at most
PROFILES_CAP = 64 * 1024
SIZE_CAPS = {SAVE_FILE: SAVE_CAP, HOST_SAVE_FILE: SAVE_CAP, SETTINGS_FILE: SETTINGS_CAP, STATS_FILE: STATS_CAP,
             TOKENS_FILE: TOKENS_CAP, PROFILES_FILE: PROFILES_CAP}
DEFAULT_CAP = SAVE_CAP  # any other document
# Checked before the parse, in one linear pass (game/wire/reading.py): no document the app
# writes nests more than 6 deep (a save), and Python reads no integer longer than this
MOST_DEPTH = 32
MOST_DIGITS = 4300  # (Python's own default limit, sys.get_int_max_str_digits)

# what the end of a cut-off file can look like where the parser stopped: part of a word,
# of a number, or of a \uXXXX escape
# (possessive: nothing given back, so a long run of digits is tried once, not once per digit)
_PARTIAL_NUMBER = re.compile(r"-?+\d*+\.?+\d*+(?:[eE][-+]?+\d*+)?+")
_PARTIAL_ESCAPE = re.compile(r"u[0-9a-fA-F]{0,4}")  # even 4 digits: the closing quote is missing


@dataclass
class Loaded(Generic[T]):
    value: T | None
    notices: list[StoreNotice]


def parse_json(raw: bytes) -> Any:
    """The JSON document in `raw`, or FileProblem saying plainly what is wrong."""
    if not raw.strip():
        raise FileProblem(N_("the file is empty"))
    try:
        text = raw.decode("utf-8-sig")  # a BOM from a hand edit in some editors is harmless
    except UnicodeDecodeError as error:
        if error.reason == "unexpected end of data":  # cut inside a multi-byte character
            raise FileProblem(N_("it is cut short (incomplete JSON)")) from None
        raise FileProblem(N_("it is not a text file")) from None
    without_strings = bare(text)
    if too_deep(without_strings, MOST_DEPTH):
        raise FileProblem(N_("it is nested too deeply to be a save"))
    if too_long_number(without_strings, MOST_DIGITS):
        raise FileProblem(N_("it holds a number too long to read"))
    if too_many_keys(without_strings):  # (an object larger than the processor's caches costs ever more per key)
        raise FileProblem(N_("it holds an object with too many keys"))
    try:
        with collector_paused():  # (millions of tiny lists: four times faster)
            return json.loads(text)
    except RecursionError:
        raise FileProblem(N_("it is nested too deeply to be a save")) from None
    except json.JSONDecodeError as error:
        if _cut_short(text, error):
            raise FileProblem(N_("it is cut short (incomplete JSON)")) from None
        raise FileProblem(f"it is not valid JSON (line {error.lineno}, column {error.colno})") from None


def _cut_short(text: str, error: json.JSONDecodeError) -> bool:
    """Whether the parser ran out of text, the mark of a cut-off file: it stopped at the very
    end, or in a string, word, number or escape that the end cut off. Only the error's
    position is looked at, so even a large damaged file costs nothing more than its parse."""
    if error.msg.startswith("Unterminated string"):  # no closing quote before the end
        return True
    rest = text[error.pos :].rstrip()
    return (
        any(word.startswith(rest) for word in ("true", "false", "null"))  # also the empty rest
        or _PARTIAL_NUMBER.fullmatch(rest) is not None
        or _PARTIAL_ESCAPE.fullmatch(rest) is not None
    )


def check_format(data: Any, current: int, label: str) -> int:
    """The document's format number, refusing a non-object, a missing number or a newer one."""
    if not isinstance(data, dict):
        raise FileProblem(f"it is not a {label} (a JSON object was expected)")
    number = data.get("format")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise FileProblem(f"it has no valid format number (found {number!r})")
    if number > current:
        raise NewerFormat(f"it was written by a newer version of Skyjo ({label} format {number}; "
                          f"this version reads up to {current})")
    return number


def size_cap(path: Path) -> int:
    """The largest file of `path`'s kind that is read at all (its backup shares the cap)."""
    return SIZE_CAPS.get(path.name, DEFAULT_CAP)


def load_document(path: Path, decode: Callable[[bytes], T], kind: Kind, limit: int | None = None) -> Loaded[T]:
    """Load `path`, falling back on its `.bak`; bad files are moved aside and reported.
    A file over `limit` bytes (default: its kind's cap) is refused unread.
    Temporary files that a killed process left behind are removed first."""
    remove_leftovers(path)
    limit = size_cap(path) if limit is None else limit
    notices: list[StoreNotice] = []
    problems: list[Sentence] = []
    for candidate in (path, backup_path(path)):
        try:
            raw = read_bytes(candidate, limit)
            if raw is None:
                continue
            value = decode(raw)
        except FileProblem as problem:
            problems += _set_aside(candidate, problem, kind, is_backup=candidate != path)
            continue
        except Exception as error:  # noqa: BLE001 - whatever a hand-edited file holds, never a crash
            unexpected = FileProblem(f"it holds something unexpected ({type(error).__name__})")
            problems += _set_aside(candidate, unexpected, kind, is_backup=candidate != path)
            continue
        if candidate != path:
            _restore(path, raw)
        if problems:
            notices.append(StoreNotice((*problems, said(kind.restored))))
        return Loaded(value, notices)
    if problems:
        notices.append(StoreNotice((*problems, said(kind.lost))))
    return Loaded(None, notices)


def _set_aside(candidate: Path, problem: FileProblem, kind: Kind, is_backup: bool) -> list[Sentence]:
    """Move a bad file aside; what was wrong with it and where it went."""
    if isinstance(problem, NewerFormat):
        what = kind.backup_unusable if is_backup else kind.unusable
    else:
        what = kind.backup_damaged if is_backup else kind.damaged
    told = said(what, reason=str(problem))
    try:
        moved = quarantine(candidate)
    except OSError as error:
        return [told, said(NOT_MOVED, error=error.strerror or str(error), path=str(candidate))]
    return [told, said(MOVED_ASIDE, moved=str(moved))]


def _restore(path: Path, raw: bytes) -> None:
    """Put the good backup back in place; if that fails the backup is still there to use."""
    try:
        atomic_write(path, raw, keep_backup=False)
    except OSError:
        pass  # the next load falls back on the .bak again; nothing is lost
