"""A room's game and seat tokens kept in the shared Redis (game/server/shared.py), as the room's
table and host keep them in a folder elsewhere: `RoomKeeper` is the room's store (a HostedStore).

    keeper = RoomKeeper(share, share.room_keys(code), new=True)
    keeper.saves.save(match, state)      # queued (the table saves after every move)
    keeper.after_writes(send)            # `send` runs once that save is in Redis: the door holds its sends here

The table saves on the loop, where Redis cannot be waited for; so a save is queued and written by
one task per room, in order, each write a script that checks the room's lease is still this
process's. What the room sends its players waits until every save queued by the end of the loop's
turn it was sent in is written (a table tells its observers of a move, then saves it): a player
never hears of a move Redis does not hold. A write refused (the lease is somebody else's
now) or failing for as long as a lease lasts loses the room: nothing held is sent, and the room
stops (`on_lost`), its players reconnecting to whichever process takes it.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import deque
from collections.abc import Callable

from game.adapt import DEFAULT_STRENGTH
from game.match import MatchConfig
from game.rules import GameState
from game.store.notices import StoreNotice
from game.store.saves import encode_save

from .shared import RoomKeys, Share

log = logging.getLogger("skyjo.server")

SEAT_KEY = re.compile(r"host seat ([0-7])")  # the host's tokens kept here; its code and port are not (the
# code comes with every hello, and a room on a server has no port of its own)
SEAT_FIELD = re.compile(r"[0-7]")  # a seat's field in the room's hash: its number
RETRY_FIRST, RETRY_MOST = 0.05, 1.0  # seconds between tries of a failing write, doubling


class RoomKeeper:
    """A room's store in Redis (its parts: `saves`, `tokens`, `stats`), its writes in order under its
    lease (what is `pending`), and what its door sends, `held` until they are done."""

    def __init__(self, share: Share, keys: RoomKeys, *, new: bool, seats: dict[str, str] | None = None) -> None:
        self.share = share
        self.keys = keys
        self.on_lost: Callable[[], object] = lambda: None
        self.lost = False
        self.claimed = not new  # its lease is ours in Redis (a new room's: once its first write landed)
        self.last_failure: StoreNotice | None = None  # (a failing write is said in the log, and loses the room)
        self.saves = KeptGame(self)
        self.tokens = KeptSeats(self, seats or {})
        self.stats = NoStatistics()
        self.pending = Pending(new)
        self.held = Held()
        self._queued = 0  # writes asked for...
        self._written = 0  # ... and done
        self._task: asyncio.Task[None] | None = None
        self._progress = asyncio.Event()  # set (and replaced) whenever a write lands or the room is lost

    # ------------------------------------------------------------------ what the room asks
    def after_writes(self, deliver: Callable[[], object]) -> None:
        """Run `deliver` once every write asked for by the end of this turn of the loop is done (the
        save of the move it tells of comes after it); never once the room is lost."""
        if not self.lost and self.held.sent(deliver):
            asyncio.get_running_loop().call_soon(self._turn_ended)

    def _turn_ended(self) -> None:
        if not self.lost:
            self.held.turn_ended(self._queued)
            self.held.deliver(self._written)
        self._wake()

    async def written(self) -> bool:
        """Wait until every write asked for so far is done; False if the room was lost instead."""
        target = self._queued
        while self._written < target and not self.lost:
            await self._progress.wait()
        return not self.lost

    def end(self) -> None:
        """Its game ended: the game and seats go, and its code says "over" for a while."""
        self._last("end")

    def drop(self) -> None:
        """The room goes (nobody came back in time): its keys go, unless its game ended already."""
        self._last("drop")

    def lose(self) -> None:
        """The lease is not ours any more (its renewal said so)."""
        self._lose()

    # ------------------------------------------------------------------ the parts' writes
    def game(self, data: bytes) -> None:
        self.pending.game = data
        self._queue()

    def seat(self, field: str, token: str | None) -> None:
        self.pending.seats[field] = token or ""
        self._queue()

    # ------------------------------------------------------------------ the writer
    def _last(self, final: str) -> None:
        if self.pending.final is None and not self.lost:
            self.pending.final = final
            self._queue()
            self.pending.sealed = True

    def _queue(self) -> None:
        if self.lost or self.pending.sealed:
            return  # (after its last write there is nothing to keep)
        self._queued += 1
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._write_all())

    async def _write_all(self) -> None:
        try:
            while self._written < self._queued and not self.lost:
                upto = self._queued
                if not await self._write(*self.pending.take()):
                    self._lose()
                    return
                self._written, self.claimed = upto, True
                self.held.deliver(upto)
                self._wake()
        finally:
            self._task = None

    async def _write(self, mode: str, game: bytes | None, seats: dict[str, str]) -> bool:
        """One write, tried again while Redis fails, for as long as a lease lasts at most."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self.share.lease
        delay = RETRY_FIRST
        while True:
            try:
                return await self.share.write(self.keys, mode, game, seats)
            except Exception as error:  # noqa: BLE001 - Redis away: tried again, then the room is given up
                if loop.time() + delay >= give_up:
                    log.warning("a room's write failed for %g s (%s): the room is given up", self.share.lease,
                                type(error).__name__)
                    return False
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_MOST)

    def _lose(self) -> None:
        if self.lost:
            return
        self.lost = True
        self.held.drop()  # never told: Redis does not hold it (the process that takes the room resumes before it)
        self._wake()
        self.on_lost()

    def _wake(self) -> None:
        self._progress.set()
        self._progress = asyncio.Event()


class Pending:
    """What a room's next write carries: how (its first claims the lease), the newest game, the
    seats changed, and whether it is the last (the game ended, or the room goes)."""

    def __init__(self, new: bool) -> None:
        self.mode = "claim" if new else "write"
        self.game: bytes | None = None
        self.seats: dict[str, str] = {}  # seat fields changed since the last write ("" deletes)
        self.final: str | None = None  # "end" or "drop": the last write
        self.sealed = False  # the last write is asked for: nothing after it is kept

    def take(self) -> tuple[str, bytes | None, dict[str, str]]:
        """The next write's (mode, game, seats), taken: what is asked for from now on goes in the one after."""
        taken = (self.final or self.mode, self.game, self.seats)
        self.mode, self.game, self.seats = "write", None, {}
        return taken


class Held:
    """What a room's door sent, in order, each waiting for the writes asked for by the end of the
    loop's turn it was sent in."""

    def __init__(self) -> None:
        self._waiting: deque[tuple[int, Callable[[], object]]] = deque()  # (the writes it waits for, the send)
        self._turn: list[Callable[[], object]] = []  # sent in this turn of the loop

    def sent(self, deliver: Callable[[], object]) -> bool:
        """`deliver` is held; True for the first of this turn (the turn's end must be seen to)."""
        self._turn.append(deliver)
        return len(self._turn) == 1

    def turn_ended(self, queued: int) -> None:
        self._waiting.extend((queued, deliver) for deliver in self._turn)
        self._turn = []

    def deliver(self, written: int) -> None:
        """Send, in order, what waits for no more than the `written` writes done."""
        while self._waiting and self._waiting[0][0] <= written:
            _writes, deliver = self._waiting.popleft()
            try:
                deliver()
            except Exception:  # one send's trouble must not hold the others
                log.exception("a room's message could not be sent")

    def drop(self) -> None:
        self._waiting.clear()
        self._turn = []


class KeptGame:
    """The room's game in Redis (the table's GameSaves): written after every move, gone when it ends."""

    def __init__(self, keeper: RoomKeeper) -> None:
        self._keeper = keeper

    def save(self, match: MatchConfig, state: GameState) -> None:
        if state.is_terminal:
            self._keeper.end()
        else:
            self._keeper.game(encode_save(match, state))


class KeptSeats:
    """The room's seat tokens in Redis (the host's SeatTokens): one hash field per claimed seat."""

    def __init__(self, keeper: RoomKeeper, fields: dict[str, str]) -> None:
        self._keeper = keeper
        self._seats = {f"host seat {field}": token for field, token in fields.items() if SEAT_FIELD.fullmatch(field)}

    def get(self, key: str) -> str | None:
        return self._seats.get(key)

    def keep(self, key: str, value: str | None) -> bool:
        found = SEAT_KEY.fullmatch(key)
        if found is None:
            return True  # (the host's code and port: not kept, see SEAT_KEY)
        if value is None:
            self._seats.pop(key, None)
        else:
            self._seats[key] = value
        self._keeper.seat(found.group(1), value)
        return True


class NoStatistics:
    """A room on a server keeps no statistics (nobody's profile is there); its computer levels are fixed."""

    def record_round(self, match: MatchConfig, state: GameState) -> None:
        """Nothing is counted."""

    def record_game(self, match: MatchConfig, state: GameState) -> None:
        """Nothing is counted."""

    @property
    def profiles(self) -> NoStatistics:
        return self

    def table_strength(self, names: list[str], away: int = 0) -> float:
        return DEFAULT_STRENGTH
