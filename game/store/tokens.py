"""Network seat tokens (game/net): the secrets that give a player their seat back.

    {"format": 1, "tokens": {"<key>": "<token>", ...}}

A host keeps the tokens of its claimed seats (and its join code and port) so that a host
restarted from its autosave honours them; a player keeps the token of each game joined.
The document is small and capped: at most MAX_TOKENS entries, the oldest dropped first.
`Tokens` is the part of the Store that keeps them (store.tokens).
"""

from __future__ import annotations

import json
import threading

from game.i18n import N_

from .documents import TOKENS_FILE, check_format, load_document, parse_json
from .files import FileProblem
from .folder import DataFolder
from .notices import TOKENS_KIND

TOKENS_FORMAT = 1
MAX_TOKENS = 64
MAX_KEY = 300  # a key names a game ("join ws://host:port code") or a host's fact ("host seat 2")
MAX_VALUE = 200  # a token is 32 URL-safe characters; a join code or a port far fewer


def is_plain_text(text: str) -> bool:
    """Text the file can hold and a person can read: encodable as UTF-8 (no lone surrogate,
    which JSON's \\ud800 escape can smuggle in) and printable (no control character)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return text.isprintable()


def decode_tokens(raw: bytes) -> dict[str, str]:
    """The entries, or FileProblem when any of them is not one the app could have written:
    the file is then moved aside whole (documents.py), as a damaged save is."""
    doc = parse_json(raw)
    check_format(doc, TOKENS_FORMAT, "tokens file")
    tokens = doc.get("tokens")
    if not isinstance(tokens, dict):
        raise FileProblem(N_("it has no tokens object"))
    out = {}
    for key, value in list(tokens.items())[-MAX_TOKENS:]:
        out[key] = checked_entry(key, value)
    return out


def checked_entry(key: str, value: object) -> str:
    """`value` when the pair is one the app writes; FileProblem naming what is wrong. A
    lone surrogate, loaded, would make every later write of the file fail."""
    if not isinstance(value, str):
        raise FileProblem(N_("a token is not text"))
    if not (0 < len(key) <= MAX_KEY and len(value) <= MAX_VALUE):
        raise FileProblem(f"a token entry is longer than {MAX_KEY} characters for its name "
                          f"or {MAX_VALUE} for its value")
    if not (is_plain_text(key) and is_plain_text(value)):
        raise FileProblem(N_("a token entry holds characters that are not plain text"))
    return value


def encode_tokens(tokens: dict[str, str]) -> bytes:
    kept = dict(list(tokens.items())[-MAX_TOKENS:])
    return json.dumps({"format": TOKENS_FORMAT, "tokens": kept}, ensure_ascii=False).encode("utf-8")


def check_entry(key: str, value: str) -> None:
    """ValueError unless the pair fits in the document."""
    if not (isinstance(key, str) and isinstance(value, str) and 0 < len(key) <= MAX_KEY and len(value) <= MAX_VALUE):
        raise ValueError(f"a token entry must be a key of 1 to {MAX_KEY} and a value of at most {MAX_VALUE} characters")


class Tokens:
    """The network seat tokens (tokens.json), a part the Store owns: read once, written whole
    at every change. Callable from a network thread: the document is small and written at once."""

    def __init__(self, folder: DataFolder) -> None:
        self.path = folder.path / TOKENS_FILE
        self._folder = folder
        self._lock = threading.Lock()  # a network thread and the frame loop may both ask
        self._tokens: dict[str, str] | None = None  # once read

    def get(self, key: str) -> str | None:
        """The token (or host fact) kept under `key`, if any."""
        with self._lock:
            return self._read().get(key)

    def _read(self) -> dict[str, str]:
        if self._tokens is None:
            loaded = load_document(self.path, decode_tokens, TOKENS_KIND)
            for told in loaded.notices:
                self._folder.notices.add(told)
            self._tokens = loaded.value or {}
        return self._tokens

    def keep(self, key: str, value: str | None) -> bool:
        """Keep `value` under `key` (None forgets it); False if it could not be written, or
        if the key or value is not plain text (a lone surrogate, a control character):
        such an entry is not kept, never raises, and never spoils the file for the others.
        ValueError only for a key or value of the wrong type or length (check_entry)."""
        if value is not None:
            check_entry(key, value)
        if not is_plain_text(key) or (value is not None and not is_plain_text(value)):
            return False
        with self._lock:
            tokens = dict(self._read())  # the file's other entries are kept
            tokens.pop(key, None)  # a rewritten entry becomes the newest (the oldest go first)
            if value is not None:
                tokens[key] = value
            self._tokens = tokens
        return self._folder.write(self.path, encode_tokens(tokens))
