"""Loading one of the player's JSON files with its backup, moving bad ones aside.

Each file kind (save, settings, statistics) supplies a `decode` function that turns bytes
into a value or raises FileProblem with a plain reason. `load_document` tries the file, then
its `.bak`; a bad one is moved to `<name>.corrupt-<timestamp>` and described in a notice.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from .files import FileProblem, NewerFormat, atomic_write, backup_path, quarantine, read_bytes, remove_leftovers

T = TypeVar("T")


@dataclass(frozen=True)
class Kind:
    """How to speak about one kind of file in the menu's notices."""

    subject: str  # "Your saved game"
    verb: str  # "was" or "were", to agree with the subject
    restored: str  # "The previous save was restored."
    lost: str  # "It could not be recovered."


@dataclass
class Loaded(Generic[T]):
    value: T | None
    notices: list[str]


def parse_json(raw: bytes) -> Any:
    """The JSON document in `raw`, or FileProblem saying plainly what is wrong."""
    if not raw.strip():
        raise FileProblem("the file is empty")
    try:
        text = raw.decode("utf-8-sig")  # a BOM from a hand edit in some editors is harmless
    except UnicodeDecodeError:
        raise FileProblem("it is not a text file") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise FileProblem("it is nested too deeply to be a save") from None
    except json.JSONDecodeError as error:
        if _unclosed(text):
            raise FileProblem("it is cut short (incomplete JSON)") from None
        raise FileProblem(f"it is not valid JSON (line {error.lineno}, column {error.colno})") from None


def _unclosed(text: str) -> bool:
    """Whether a bracket or a string is still open at the end: the mark of a cut-off file."""
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
    return in_string or depth > 0


def check_format(data: Any, current: int, label: str) -> int:
    """The document's format number, refusing a non-object, a missing number or a newer one."""
    if not isinstance(data, dict):
        raise FileProblem(f"it is not a {label} (a JSON object was expected)")
    number = data.get("format")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise FileProblem(f"it has no valid format number (found {number!r})")
    if number > current:
        raise NewerFormat(f"it was written by a newer version of Skyjo ({label} format {number}; this version reads up to {current})")
    return number


def load_document(path: Path, decode: Callable[[bytes], T], kind: Kind) -> Loaded[T]:
    """Load `path`, falling back on its `.bak`; bad files are moved aside and reported.
    Temporary files that a killed process left behind are removed first."""
    remove_leftovers(path)
    notices: list[str] = []
    problems: list[str] = []
    for candidate in (path, backup_path(path)):
        try:
            raw = read_bytes(candidate)
            if raw is None:
                continue
            value = decode(raw)
        except FileProblem as problem:
            problems.append(_set_aside(candidate, problem, kind, is_backup=candidate != path))
            continue
        except Exception as error:  # noqa: BLE001 - whatever a hand-edited file holds, never a crash
            unexpected = FileProblem(f"it holds something unexpected ({type(error).__name__})")
            problems.append(_set_aside(candidate, unexpected, kind, is_backup=candidate != path))
            continue
        if candidate != path:
            _restore(path, raw)
        if problems:
            notices.append(" ".join(problems) + " " + kind.restored)
        return Loaded(value, notices)
    if problems:
        notices.append(" ".join(problems) + " " + kind.lost)
    return Loaded(None, notices)


def _set_aside(candidate: Path, problem: FileProblem, kind: Kind, is_backup: bool) -> str:
    what = f"The backup of {kind.subject[0].lower()}{kind.subject[1:]}" if is_backup else kind.subject
    verb = "could not be used" if isinstance(problem, NewerFormat) else f"{'was' if is_backup else kind.verb} damaged"
    reason = str(problem)
    try:
        moved = quarantine(candidate)
    except OSError as error:
        return f"{what} {verb}: {reason}. It could not be moved aside ({error.strerror or error}) and is still at {candidate}."
    return f"{what} {verb}: {reason}. It was moved to {moved}."


def _restore(path: Path, raw: bytes) -> None:
    """Put the good backup back in place; if that fails the backup is still there to use."""
    try:
        atomic_write(path, raw, keep_backup=False)
    except OSError:
        pass  # the next load falls back on the .bak again; nothing is lost
