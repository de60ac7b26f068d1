"""Network seat tokens (game/net): the secrets that give a player their seat back.

    {"format": 1, "tokens": {"<key>": "<token>", ...}}

A host keeps the tokens of its claimed seats (and its join code and port) so that a host
restarted from its autosave honours them; a player keeps the token of each game joined.
The document is small and capped: at most MAX_TOKENS entries, the oldest dropped first.
"""

from __future__ import annotations

import json

from game.i18n import N_

from .documents import check_format, parse_json
from .files import FileProblem

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
    the file is then moved aside whole (store.py), as a damaged save is."""
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
        raise FileProblem(f"a token entry is longer than {MAX_KEY} characters for its name or {MAX_VALUE} for its value")
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
