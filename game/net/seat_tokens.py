"""What the network needs of the player's store: the seat tokens it keeps (game.store.Store's
`tokens`, tokens.json), so that a host seats a returning player again and a client gets back
in. The host keeps its join code and port there too."""

from __future__ import annotations

from typing import Protocol


class SeatTokens(Protocol):
    def get(self, key: str) -> str | None:
        """What is kept under `key`, if anything."""

    def keep(self, key: str, value: str | None) -> bool:
        """Keep `value` under `key` (None forgets it); False if it could not be written."""


class KeepsSeatTokens(Protocol):
    """A store with seat tokens (game.store.Store is one)."""

    @property
    def tokens(self) -> SeatTokens: ...
