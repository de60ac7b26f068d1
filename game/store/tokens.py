"""Network seat tokens (game/net): the secrets that give a player their seat back.

    {"format": 1, "tokens": {"<key>": "<token>", ...}}

A host keeps the tokens of its claimed seats (and its join code and port) so that a host
restarted from its autosave honours them; a player keeps the token of each game joined.
The document is small and capped: at most MAX_TOKENS entries, the oldest dropped first.
"""

from __future__ import annotations

import json

from .documents import check_format, parse_json
from .files import FileProblem

TOKENS_FORMAT = 1
MAX_TOKENS = 64
MAX_KEY = 300  # a key names a game ("join ws://host:port code") or a host's fact ("host seat 2")
MAX_VALUE = 200  # a token is 32 URL-safe characters; a join code or a port far fewer


def decode_tokens(raw: bytes) -> dict[str, str]:
    doc = parse_json(raw)
    check_format(doc, TOKENS_FORMAT, "tokens file")
    tokens = doc.get("tokens")
    if not isinstance(tokens, dict):
        raise FileProblem("it has no tokens object")
    out = {}
    for key, value in list(tokens.items())[-MAX_TOKENS:]:
        if isinstance(value, str) and len(key) <= MAX_KEY and len(value) <= MAX_VALUE:
            out[key] = value  # a bad entry is dropped alone: the others still give seats back
    return out


def encode_tokens(tokens: dict[str, str]) -> bytes:
    kept = dict(list(tokens.items())[-MAX_TOKENS:])
    return json.dumps({"format": TOKENS_FORMAT, "tokens": kept}, ensure_ascii=False).encode("utf-8")


def check_entry(key: str, value: str) -> None:
    """ValueError unless the pair fits in the document."""
    if not (isinstance(key, str) and isinstance(value, str) and 0 < len(key) <= MAX_KEY and len(value) <= MAX_VALUE):
        raise ValueError(f"a token entry must be a key of 1 to {MAX_KEY} and a value of at most {MAX_VALUE} characters")
