"""Room codes: what a player types (or is sent) to join a room on a server anyone can reach.

Eight characters from the join code's alphabet of 32 (no 0/O, no 1/I): 40 bits, so that
guessing at the server's own limits finds nothing (docs/server.md, "Guessing a room's code").
A server looks a code up by a keyed digest, never by the code itself, so the time a lookup
takes says nothing about the codes it holds.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from game.net.host import CODE_LETTERS
from game.net.online import ROOM_CODE_LENGTH  # (the desktop's Play online types and shows codes of this length)

__all__ = ["ROOM_CODE_LENGTH", "CodeKey", "new_room_code"]


def new_room_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(ROOM_CODE_LENGTH))


class CodeKey:
    """The digest of a code or a seat token under this process's secret key."""

    def __init__(self) -> None:
        self._key = secrets.token_bytes(32)

    def __call__(self, text: str) -> bytes:
        # what a stranger sends may hold any character: anything that is not ours is merely unknown
        data = text.upper().encode("utf-8", "replace")
        return hmac.new(self._key, data, hashlib.sha256).digest()

    def secret(self, token: str) -> bytes:
        """A seat token's digest (tokens are compared as they are, not in capitals)."""
        return hmac.new(self._key, token.encode("utf-8", "replace"), hashlib.sha256).digest()
