"""Every room of one server process: made on request (within limits), found by its code, saved in
its own folder, resumed when the server starts again, and let go when its game is over or nobody
has been connected for a while. It is the door's `Tables` (game/net/listener.py): the door asks it
where a hello goes and what to answer a `create`.

The data folder holds `rooms/<ident>/`, one folder per room named by a random identifier of its
own (never a room's code, never anything a client sent): the room's save (`host-save.json`) and its
seat tokens and code (`tokens.json`), written through the store's door.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Sequence
from pathlib import Path

from game.match import MatchConfig, seats_from_words
from game.net import protocol as wire
from game.net.admission import WrongCodes
from game.net.hosted import HostedStore
from game.net.inbox import Inbox
from game.net.listener import Arrival, Client, Located, Server
from game.rules import GameState, edition_named
from game.store import Store
from game.store.paths import HOST_SAVE_FILE

from .codes import CodeKey, new_room_code
from .folder_keeper import KEPT, FolderKeeper
from .pool import ThinkingPool
from .room import Hold, Room
from .saving import ROOM_FOLDER, FolderSaves, RoomSaves

log = logging.getLogger("skyjo.server")

MOST_ROOMS = 1000  # rooms one process runs at once; past it: "this server is full"
ROOMS_PER_ADDRESS = 5  # rooms one address may make in ROOMS_WINDOW
ROOMS_FROM_EVERYBODY = 120  # ... every address together
ROOMS_WINDOW = 600.0  # seconds
IDLE_AFTER = 24 * 3600.0  # seconds a room waits with nobody connected before it goes
SWEEP_EVERY = 60.0  # seconds between looks for rooms nobody plays
ROOM_LEVELS = ("easy", "normal", "hard", "expert")  # the computer levels a room may have (the protocol's RoomSeat)
__all__ = ["ROOM_FOLDER", "ROOM_LEVELS", "Rooms", "RoomsMade", "room_config"]


class RoomsMade(WrongCodes):
    """The rooms made per address and from everybody in a window (counted as wrong codes are)."""

    FROM_ADDRESS = "too many rooms made from your address; wait ten minutes"
    FROM_EVERYBODY = "too many rooms made on this server just now; wait ten minutes"


class Rooms:
    """The rooms of this process, behind `server` once `attach` is called. `data_dir` None: nothing is
    kept (a server that cannot resume). `saves`: where the games are written (by default the data
    folder's, off the loop: saving.py)."""

    def __init__(self, data_dir: Path | None, pool: ThinkingPool, *, most: int = MOST_ROOMS,
                 idle_after: float = IDLE_AFTER, made: RoomsMade | None = None,
                 levels: Sequence[str] = ROOM_LEVELS, saves: RoomSaves | None = None) -> None:
        """`levels`: the computer levels this server offers; the most a decision thinks is `pool`'s."""
        self.data_dir = data_dir
        self.saves = saves if saves is not None or data_dir is None else FolderSaves(data_dir)
        self.pool = pool
        self.most = most
        self.idle_after = idle_after
        self.levels = tuple(levels)  # the computer levels this server offers
        # (`is None`, not `or`: a RoomsMade that has counted nothing yet has no length, so is false)
        self._made = made if made is not None else RoomsMade(per_address=ROOMS_PER_ADDRESS,
                                                             overall=ROOMS_FROM_EVERYBODY, window=ROOMS_WINDOW)
        self._key = CodeKey()
        self._by_code: dict[bytes, Room] = {}
        self._tokens: dict[Room, set[bytes]] = {}
        self._known_tokens: set[bytes] = set()
        self._server: Server | None = None
        self.ended = 0  # rooms whose game ended in this run

    def __len__(self) -> int:
        return len(self._by_code)

    @property
    def rooms(self) -> list[Room]:
        return list(self._by_code.values())

    def attach(self, server: Server) -> int:
        """Serve through `server`: resume every saved room; how many were resumed."""
        self._server = server
        resumed = sum(self._resume(folder) for folder in self._saved_folders())
        server.call_later(SWEEP_EVERY, self._sweep)
        for room in self.rooms:
            room.wake()  # a resumed room whose seats are all claimed goes on as soon as its players are back
        return resumed

    # ------------------------------------------------------------------ the door's Tables (network thread)
    def inbox_for(self, code: str) -> Inbox[tuple[Client, Arrival]] | None:
        room = self._by_code.get(self._key(code))
        return None if room is None or room.ended else room.door.inbox

    def knows_token(self, token: str) -> bool:
        return self._key.secret(token) in self._known_tokens

    async def locate(self, code: str) -> Located:
        """One process alone: a code not found here is found nowhere (SharedRooms looks further)."""
        return None

    def create(self, message: wire.Create, address: str) -> object:
        """A room made for `address` (a `room` message with its code, once its first save is durable:
        awaitable), or a refusal saying why not."""
        refusal = self._made.refusal(address)
        if refusal is not None:
            return wire.refused(refusal, "hello")
        if len(self._by_code) >= self.most:
            return wire.refused("this server is full: no room can be made just now; try again later", "hello")
        try:
            config = room_config(message.seats, message.edition, self.levels)
        except ValueError as error:
            return wire.refused(str(error), "hello")
        self._made.wrong(address)  # (counted as made)
        code = new_room_code()
        while self._key(code) in self._by_code:
            code = new_room_code()
        room = self._add(secrets.token_hex(8), code, config, config.new_game(), resumed=False)
        log.info("room %s made (%d seats, %d online); %d room(s) now", room.ident, len(config.seats),
                 sum(seat.is_remote for seat in config.seats), len(self._by_code))
        answer = wire.Room(code, self._offered(), self.pool.most_think_ms)  # (and what its computers may do here)
        if room.store is not None:  # kept from the start (its code too, by its host): a restart finds it
            room.store.saves.save(config, room.table.state)
        if isinstance(room.store, FolderKeeper):
            return self._once_on_disk(room.store, answer)
        return answer

    def offer(self) -> object:
        """What this server's rooms' computers may do: its levels, from the easiest, and the most a
        decision thinks (an `offer`); a refusal where it offers no level (no room could have a computer)."""
        levels = self._offered()
        if not levels:
            return wire.refused("this server's rooms have no computer players", "hello")
        return wire.Offer(levels, self.pool.most_think_ms)

    def _offered(self) -> list[wire.RoomLevel]:
        """The levels this server offers, from the easiest (as `room` and `offer` say them)."""
        return [level for level in wire.ROOM_LEVEL_ORDER if level in self.levels]

    @staticmethod
    async def _once_on_disk(keeper: FolderKeeper, answer: wire.Room) -> wire.Room:
        """`answer` once the room's first save and its code are on disk: a restart finds every room it
        told of."""
        kept: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def tell() -> None:
            if not kept.done():
                kept.set_result(None)

        keeper.after_writes(tell)
        await kept
        return answer

    # ------------------------------------------------------------------ rooms
    def _add(self, ident: str, code: str, config: MatchConfig, state: GameState, *, resumed: bool) -> Room:
        assert self._server is not None, "Rooms.attach first"
        store, hold = self._store_for(ident, code)
        room = Room(ident, code, config, state, store, server=self._server, pool=self.pool, resumed=resumed,
                    on_tokens=self._room_tokens, on_end=self._ended, hold=hold)
        self._by_code[self._key(code)] = room
        return room

    def _store_for(self, ident: str, code: str) -> tuple[HostedStore | None, Hold | None]:
        """Where a room keeps its game and seats (its folder, written off the loop by the server's
        writers), and what its sends wait for (those writes)."""
        if self.data_dir is None or self.saves is None:
            return None, None
        folder = Store(self.data_dir / "rooms" / ident, save_file=HOST_SAVE_FILE)  # (a resumed room's tokens)
        keeper = FolderKeeper(ident, self.saves, {key: value for key in KEPT
                                                  if (value := folder.tokens.get(key)) is not None})
        return keeper, keeper.after_writes

    def _room_tokens(self, room: Room, tokens: tuple[str, ...]) -> None:
        old = self._tokens.get(room, set())
        self._known_tokens -= old
        new = {self._key.secret(token) for token in tokens}
        self._tokens[room] = new
        self._known_tokens |= new

    def _ended(self, room: Room) -> None:
        self.ended += 1
        log.info("room %s: its game is over", room.ident)
        self._let_go(room)

    def _let_go(self, room: Room) -> None:
        """The room goes: its code finds nothing, its tokens are forgotten, its folder deleted (after
        its saves handed over before)."""
        self._by_code = {key: kept for key, kept in self._by_code.items() if kept is not room}
        self._known_tokens -= self._tokens.pop(room, set())
        if isinstance(room.store, FolderKeeper) and ROOM_FOLDER.fullmatch(room.ident):
            room.store.drop()

    def _sweep(self) -> None:
        """Let go of the rooms nobody has been connected to for `idle_after` seconds; look again later."""
        now = time.monotonic()
        for room in self.rooms:
            if room.idle_since is not None and now - room.idle_since >= self.idle_after:
                log.info("room %s: nobody connected for %g hour(s); it goes", room.ident, self.idle_after / 3600)
                room.close(final=True)
                self._let_go(room)
        if self._server is not None:
            self._server.call_later(SWEEP_EVERY, self._sweep)

    def close(self) -> int:
        """Stop every room (each is saved already, after its last move, or its save is on its way:
        `close_saves` waits for it); how many there were."""
        for room in self.rooms:
            room.close(final=False)
        return len(self._by_code)

    def close_saves(self) -> None:
        """The saves handed over written (a bounded wait), then the writers stop."""
        if self.saves is not None:
            self.saves.close()

    # ------------------------------------------------------------------ resuming
    def _saved_folders(self) -> list[Path]:
        if self.data_dir is None:
            return []
        try:
            return sorted(path for path in (self.data_dir / "rooms").iterdir()
                          if ROOM_FOLDER.fullmatch(path.name) and path.is_dir() and not path.is_symlink())
        except OSError:
            return []

    def _resume(self, folder: Path) -> bool:
        store = Store(folder, save_file=HOST_SAVE_FILE)
        saved = store.saves.load()
        code = store.tokens.get("host code")
        if saved is None or code is None or not any(seat.is_remote for seat in saved[0].seats):
            log.warning("room %s: no game to resume there; left as it is", folder.name)
            return False
        config, state = saved
        self._add(folder.name, code, config, state, resumed=True)
        return True


def room_config(seats: Sequence[str], edition: str, levels: Sequence[str] = ROOM_LEVELS) -> MatchConfig:
    """The match a `create` asks for: a seat per item, online ("remote") or a computer level of `levels`
    (those this server offers); ValueError in one line otherwise."""
    kind = edition_named(edition)  # ValueError names the editions
    made = seats_from_words(seats, levels)  # ValueError in one line
    config = MatchConfig(kind.name, made)
    config.validate()  # the edition's number of players
    return config

