"""The rooms of one process among several on one Redis (docs/server.md, "Several processes on one
Redis"), the Colyseus way: a room lives in one process, Redis says which, any process sends a
client on.

- A room made here is claimed here: its first write takes its lease (game/server/shared.py), and
  its maker hears its code only once Redis holds the room.
- A hello for a code this process does not run is looked up (`locate`): a room another process runs
  sends the client there (`Moved`, its public address); a room whose lease lapsed (its process died)
  is taken over here, from its saved game and seats, its lease claimed atomically so that two
  processes never both run it; an ended one says so (`Over`); anything else is a wrong code.
- Every room's lease is renewed every third of its time; one whose renewal is refused is not ours
  any more, and stops at once (its players reconnect through any process).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Sequence

from game.match import MatchConfig
from game.net import protocol as wire
from game.net.hosted import HostedStore
from game.net.listener import Located, Moved, Over, Server
from game.rules import GameState
from game.store.files import FileProblem
from game.store.saves import decode_save

from .keeper import RoomKeeper
from .pool import ThinkingPool
from .room import Hold, Room
from .rooms import IDLE_AFTER, MOST_ROOMS, ROOM_LEVELS, Rooms, RoomsMade
from .shared import Share

log = logging.getLogger("skyjo.server")

KEPT_WAIT = 8.0  # seconds a new room may take to be kept in Redis before its maker is refused
STOP_WAIT = 2.0  # seconds the stop waits for the rooms' last writes before letting their leases go


class SharedRooms(Rooms):
    """This process's rooms, kept in the Redis of `share` rather than a folder."""

    def __init__(self, share: Share, pool: ThinkingPool, *, most: int = MOST_ROOMS, idle_after: float = IDLE_AFTER,
                 levels: Sequence[str] = ROOM_LEVELS, made: RoomsMade | None = None) -> None:
        super().__init__(None, pool, most=most, idle_after=idle_after, levels=levels, made=made)
        self.share = share
        self._keepers: dict[Room, RoomKeeper] = {}
        self._next: RoomKeeper | None = None  # the keeper the room being added gets (None: a new one)
        self._last_keeper: RoomKeeper | None = None  # the keeper of the room added last
        self._taking: dict[str, asyncio.Future[Located]] = {}  # rooms being taken over, by lease key
        self._renewing: asyncio.Task[None] | None = None
        self.taken_over = 0  # rooms taken from a process whose lease lapsed

    def attach(self, server: Server) -> int:
        """Serve through `server` (on its loop): the leases renewed from now on. Nothing is resumed at
        start: a room is taken over when a player comes back for it."""
        resumed = super().attach(server)
        self._renewing = asyncio.get_running_loop().create_task(self._renew_forever())
        return resumed

    # ------------------------------------------------------------------ made here
    def create(self, message: wire.Create, address: str) -> object:
        self._last_keeper = None
        answer = super().create(message, address)  # (the room's first save queued: its claim)
        keeper, self._last_keeper = self._last_keeper, None
        if not isinstance(answer, wire.Room) or keeper is None:
            return answer
        return self._once_kept(keeper, answer)

    async def _once_kept(self, keeper: RoomKeeper, answer: wire.Room) -> object:
        """`answer` once Redis holds the room; a refusal if it cannot (the room then goes)."""
        try:
            if await asyncio.wait_for(keeper.written(), min(self.share.lease, KEPT_WAIT)):
                return answer
        except TimeoutError:
            room = next((room for room, kept in self._keepers.items() if kept is keeper), None)
            if room is not None:
                room.close(final=True)
                self._let_go(room)
        return wire.refused("the room could not be kept just now; try again", "hello")

    def _add(self, ident: str, code: str, config: MatchConfig, state: GameState, *, resumed: bool) -> Room:
        keeper = self._next or RoomKeeper(self.share, self.share.room_keys(code), new=True)
        self._next = keeper  # (what _store_for hands the room)
        try:
            room = super()._add(ident, code, config, state, resumed=resumed)
        finally:
            self._next = None
        keeper.on_lost = lambda: self._moved(room)
        self._keepers[room] = self._last_keeper = keeper
        return room

    def _store_for(self, ident: str, code: str) -> tuple[HostedStore | None, Hold | None]:
        keeper = self._next
        assert keeper is not None, "(made by _add)"
        return keeper, keeper.after_writes

    # ------------------------------------------------------------------ elsewhere
    async def locate(self, code: str) -> Located:
        keys = self.share.room_keys(code)
        where = await self.share.where(keys)
        # (from here to the take, nothing is awaited: what is seen here holds until this hello takes it)
        taking = self._taking.get(keys.lease)
        if taking is not None:  # another hello for it is taking it over now: the same answer
            return await asyncio.shield(taking)
        here = self.inbox_for(code)
        if here is not None:  # (taken over here meanwhile)
            return here
        if where.over:
            return Over()
        if where.owner == self.share.us:
            raise RuntimeError("a room of this process that it does not run: try again")  # (being let go)
        if where.owner is not None:
            return Moved(where.url)
        if not where.kept:
            return None
        taking = asyncio.get_running_loop().create_future()
        self._taking[keys.lease] = taking
        try:
            found = await self._take_over(code)
        except BaseException as error:
            taking.set_exception(error)
            taking.exception()  # (read: nobody else may be waiting)
            raise
        else:
            taking.set_result(found)
        finally:
            del self._taking[keys.lease]
        return found

    async def _take_over(self, code: str) -> Located:
        """The room of `code`, whose lease lapsed, claimed and resumed here from Redis."""
        keys = self.share.room_keys(code)
        if not await self.share.take(keys):  # another process was first (or the game just ended)
            where = await self.share.where(keys)
            return Over() if where.over else Moved(where.url) if where.owner and where.owner != self.share.us else None
        raw, seats = await self.share.load(keys)
        keeper = RoomKeeper(self.share, keys, new=False, seats=seats)
        try:
            saved = decode_save(raw or b"")
        except FileProblem as error:  # not a game this server can play: it goes, said in the log
            log.warning("a room's saved game cannot be resumed (%s); it goes", error)
            keeper.drop()
            await keeper.written()
            return None
        self._next = keeper
        room = self._add(secrets.token_hex(8), code, saved.match, saved.state, resumed=True)
        self.taken_over += 1
        log.info("room %s taken over (its process's lease lapsed); %d room(s) now", room.ident, len(self))
        room.wake()
        return room.door.inbox

    # ------------------------------------------------------------------ leases
    async def _renew_forever(self) -> None:
        """Renew every room's lease every third of its time; a room whose lease is not ours any more,
        or that could not be renewed for as long as a lease lasts, stops here."""
        loop = asyncio.get_running_loop()
        renewed_at = loop.time()
        while True:
            await asyncio.sleep(self.share.lease / 3)
            rooms = [(room, keeper) for room, keeper in self._keepers.items() if keeper.claimed and not keeper.lost]
            try:
                ours = await self.share.renew([keeper.keys for _room, keeper in rooms])
            except Exception as error:  # noqa: BLE001 - Redis away: tried again; past a lease, the rooms go
                if loop.time() - renewed_at < self.share.lease * 2 / 3:
                    continue
                log.warning("the leases could not be renewed (%s): this process gives up its %d room(s)",
                            type(error).__name__, len(rooms))
                ours = [False] * len(rooms)
            renewed_at = loop.time()
            for (room, keeper), still in zip(rooms, ours):
                if not still and self._keepers.get(room) is keeper and not keeper.pending.sealed:
                    keeper.lose()  # (a room that ended or went meanwhile took its lease with it)

    def _moved(self, room: Room) -> None:
        """The room is not ours any more: it stops at once, and goes from here (not from Redis)."""
        log.warning("room %s: its lease is another process's now; it stops here", room.ident)
        self._keepers.pop(room, None)
        room.moved()
        super()._let_go(room)

    def _let_go(self, room: Room) -> None:
        super()._let_go(room)
        keeper = self._keepers.pop(room, None)
        if keeper is not None:
            keeper.drop()  # (an ended game's keys went with its last save: nothing then)

    # ------------------------------------------------------------------ stopping
    async def release(self) -> int:
        """Once the rooms are closed: their last writes waited for, then their leases let go, so that
        another process may take them at once; how many were let go."""
        if self._renewing is not None:
            self._renewing.cancel()
        keepers = [keeper for keeper in self._keepers.values() if not keeper.lost]
        try:
            await asyncio.wait_for(asyncio.gather(*(keeper.written() for keeper in keepers)), STOP_WAIT)
            for keeper in keepers:
                await self.share.release(keeper.keys)
        except Exception as error:  # noqa: BLE001 - their leases lapse by themselves
            log.warning("the rooms' leases were not all let go (%s): they lapse in %g s", type(error).__name__,
                        self.share.lease)
            return 0
        finally:
            await self.share.close()
        return len(keepers)
