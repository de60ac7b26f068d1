"""A room's game and seat tokens kept in its folder, written off the loop: `FolderKeeper` is the
room's store (a HostedStore), as keeper.py's `RoomKeeper` is in Redis, and gives its door the same
`after_writes` hold.

    keeper = FolderKeeper(ident, saves, kept={})     # saves: the server's (journal.py's, or saving.py's)
    keeper.saves.save(match, state)      # a snapshot handed to the writers (the table saves after every move)
    keeper.after_writes(send)            # `send` runs once what was saved before it is on disk
    keeper.drop()                        # the room goes: its folder, after its writes handed over

The table tells its observers of a move and then saves it in one call, so what is sent in a turn of
the loop waits for the saves handed over by that turn's end (outbox.py); a save that fails lets
what waited for it go (the game goes on, as at home with a failing disk) and says so once, as the
table's store does (`last_failure`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import partial

from game.match import MatchConfig
from game.net.protocol import MAX_SEATS
from game.rules import GameState
from game.store.notices import GAME_NOT_SAVED, StoreNotice, notice
from game.store.saves import encode_document, save_document
from game.store.tokens import check_entry, encode_tokens, is_plain_text

from .keeper import NoStatistics
from .outbox import Outbox
from .saving import RoomSaves

log = logging.getLogger("skyjo.server")

KEPT = ("host code", "host port", *(f"host seat {seat}" for seat in range(MAX_SEATS)))  # a room's tokens read back


class FolderKeeper:
    """A room's store in its folder (its parts: `saves`, `tokens`, `stats`), written by `saves` (the
    server's writers) while what its door sends waits in its `outbox`."""

    def __init__(self, ident: str, saves: RoomSaves, kept: dict[str, str]) -> None:
        self.ident = ident
        self._writers = saves
        self.outbox = Outbox()
        self.saves = FolderGame(self)
        self.tokens = FolderSeats(self, kept)
        self.stats = NoStatistics()
        self.last_failure: StoreNotice | None = None  # the last write's failure (None: it worked)
        self._turn_due = False  # the end of this turn of the loop is seen to

    def after_writes(self, deliver: Callable[[], object]) -> None:
        """Run `deliver` once every write handed over by the end of this turn of the loop is durable."""
        self.outbox.hold(deliver)
        if not self._turn_due:
            self._turn_due = True
            asyncio.get_running_loop().call_soon(self._turn_ended)

    def _turn_ended(self) -> None:
        self._turn_due = False
        self.outbox.flush()

    def write(self, handed: Awaitable[None]) -> None:
        """A write handed to the writers: what was sent so far waits for it."""
        number = self.outbox.saving()
        asyncio.ensure_future(handed).add_done_callback(partial(self._written, number))

    def drop(self) -> None:
        """The room goes: its folder, once its writes handed over are done."""
        self.write(self._writers.drop(self.ident))

    def _written(self, number: int, done: asyncio.Future[None]) -> None:
        error = None if done.cancelled() else done.exception()
        if done.cancelled() or error is not None:
            reason = "cancelled" if error is None else str(error) or type(error).__name__
            if self.last_failure is None:
                log.warning("room %s: a save failed: %s", self.ident, reason)
            self.last_failure = notice(GAME_NOT_SAVED, folder=f"rooms/{self.ident}", reason=reason)
        else:
            self.last_failure = None
        self.outbox.saved(number)


class FolderGame:
    """The room's game (the table's GameSaves): a snapshot taken on the loop, encoded and written
    off it; a finished game is not kept (its folder goes)."""

    def __init__(self, keeper: FolderKeeper) -> None:
        self._keeper = keeper

    def save(self, match: MatchConfig, state: GameState) -> None:
        keeper = self._keeper
        if state.is_terminal:
            keeper.drop()
        else:
            keeper.write(keeper._writers.save(keeper.ident, partial(encode_document, save_document(match, state))))


class FolderSeats:
    """The room's code and seat tokens (the host's SeatTokens): here, and written whole at each
    change (`tokens.json`, as the store's Tokens writes it)."""

    def __init__(self, keeper: FolderKeeper, kept: dict[str, str]) -> None:
        self._keeper = keeper
        self._tokens = dict(kept)

    def get(self, key: str) -> str | None:
        return self._tokens.get(key)

    def keep(self, key: str, value: str | None) -> bool:
        """As the store's Tokens.keep: ValueError for a key or value of the wrong type or length; an
        entry that is not plain text is not kept (False)."""
        if value is not None:
            check_entry(key, value)
        if not is_plain_text(key) or (value is not None and not is_plain_text(value)):
            return False
        if self._tokens.get(key) == value:
            return True  # (nothing new to write)
        self._tokens.pop(key, None)  # a rewritten entry becomes the newest
        if value is not None:
            self._tokens[key] = value
        keeper = self._keeper
        keeper.write(keeper._writers.save_tokens(keeper.ident, encode_tokens(self._tokens)))
        return True
