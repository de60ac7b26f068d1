"""The room server's process: its door (the LAN host's `Server`, here with TLS and many rooms
behind it), its rooms, the pool its computer seats think in, and its stop on SIGINT/SIGTERM.

    server = RoomServer(ServerOptions(bind="0.0.0.0", port=443, tls=("cert.pem", "key.pem"), data_dir="D"))
    print(server.url)          # wss://203.0.113.7:443
    ...until a signal: server.stop() -> what it did (rooms saved, connections closed)

Plain ws:// is served only on a loopback address, or to the TLS proxies named (`proxies`: only they
may connect, and the limits count the address each names in X-Forwarded-For): anyone on the path
could read the codes and tokens of a plain connection, so any other plain bind is refused in one line.

With `redis` the process is one of several on one Redis (shared_rooms.py): its rooms are kept there
rather than in a data folder, and `public_url` is where the other processes send their clients.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from game.net.admission import IN_FLIGHT, SPARE_FILES, files_open
from game.net.host import BURST, HELLO_TIMEOUT, PING_INTERVAL, PING_TIMEOUT, RATE, SEND_QUEUE
from game.net.lag import CollectorPauses, LoopLag, quiet_collector
from game.net.listener import Server, lan_address
from game.store import Store
from game.store.lock import FolderInUse, LockRefused
from game.wire.closing import CLOSE_AWAY

from .journal import JournalProblem, JournalSaves
from .pool import MOST_THINK_MS, ThinkingPool
from .rooms import (
    IDLE_AFTER,
    MOST_ROOMS,
    ROOM_LEVELS,
    ROOMS_FROM_EVERYBODY,
    ROOMS_PER_ADDRESS,
    ROOMS_WINDOW,
    Rooms,
    RoomsMade,
)
from .saving import JOURNAL, FolderSaves

if TYPE_CHECKING:
    from .shared_rooms import SharedRooms

MOST_SOCKETS = 4096  # connections at once, whatever the file limit allows
CONNECTIONS_PER_ROOM = 8  # open WebSocket connections at once: the rooms' seats, with room to spare
WRONG_CODES = 10  # wrong room codes one address may try in a minute (100 a minute from everybody: admission.py)
STOP_WAIT = 3.0  # seconds the stop waits for the connections and the loop
T = TypeVar("T")


class ServerRefused(ValueError):
    """The server cannot start as asked: one line for the person who started it."""


@dataclass(frozen=True)
class ServerOptions:
    bind: str = "127.0.0.1"
    port: int = 0
    tls: tuple[str, str] | None = None  # (certificate file, key file), PEM
    data_dir: str | None = None  # None: nothing kept (rooms do not survive a restart)
    idle_after: float = IDLE_AFTER  # seconds a room waits with nobody connected
    most_rooms: int = MOST_ROOMS
    levels: tuple[str, ...] = ROOM_LEVELS  # the computer levels rooms may have
    proxies: frozenset[str] = frozenset()  # TLS proxies in front: only they connect, and say for whom
    redis: str | None = None  # redis://…: one of several processes on that Redis (instead of data_dir)
    public_url: str | None = None  # where clients reach this process (default: where it listens)
    redis_prefix: str = "skyjo:"  # every key this server writes starts so
    lease: float = 15.0  # seconds a room's lease lasts unless this process renews it
    rooms_made: tuple[int, int] = (ROOMS_PER_ADDRESS, ROOMS_FROM_EVERYBODY)  # per address, by everybody, in 10 min
    most_think_ms: int = MOST_THINK_MS  # the most a computer seat's decision thinks (Expert's search)
    saves_sync: str = JOURNAL  # a data folder's saves: in a journal (JOURNAL), in the rooms' files synced a batch
    # at a time (PLATFORM) or each alone (EACH)


def is_loopback(bind: str) -> bool:
    if bind == "localhost":
        return True
    try:
        return ipaddress.ip_address(bind).is_loopback
    except ValueError:
        return False


def tls_context(certificate: str, key: str) -> ssl.SSLContext:
    """The server's TLS (1.2 at least), from PEM files; ServerRefused in one line when they do not load."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(certificate, key)
    except (OSError, ssl.SSLError, ValueError) as error:
        raise ServerRefused(f"cannot use the certificate {certificate!r} with the key {key!r}: "
                            f"{getattr(error, 'strerror', None) or error}") from None
    return context


def connection_budget() -> int:
    """TCP connections the server may hold: its soft file limit less what is open and a reserve."""
    try:
        import resource

        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return MOST_SOCKETS
    if soft == resource.RLIM_INFINITY or soft <= 0:
        return MOST_SOCKETS
    return max(16, min(MOST_SOCKETS, soft - files_open() - IN_FLIGHT - SPARE_FILES))


class RoomServer:
    """Listening from construction (ServerRefused when it cannot) until `stop`."""

    def __init__(self, options: ServerOptions, pool: ThinkingPool | None = None) -> None:
        if options.tls is None and not is_loopback(options.bind) and not options.proxies:
            raise ServerRefused(f"refusing plain ws:// on {options.bind}: anyone on the way could read the room codes; "
                                "give --tls-cert and --tls-key, or --behind-proxy with your TLS proxy's address")
        tls = tls_context(*options.tls) if options.tls else None
        if options.redis is not None and options.data_dir is not None:
            raise ServerRefused("give --redis or --data-dir, not both: the rooms are kept in one place")
        self._lock = self._lock_folder(options.data_dir)
        self.pool = pool or ThinkingPool(most_think_ms=options.most_think_ms)
        data_dir = None if options.data_dir is None else Path(options.data_dir)
        self.shared: SharedRooms | None = None  # this process's rooms on a shared Redis, if any
        self.rooms = self._rooms(options, data_dir)
        budget = connection_budget()
        try:
            self.server = Server("", options.bind, options.port, hello_timeout=HELLO_TIMEOUT,
                                 limits=(SEND_QUEUE, RATE, BURST), ping_interval=PING_INTERVAL,
                                 ping_timeout=PING_TIMEOUT, wrong_codes=WRONG_CODES, tables=self.rooms, tls=tls,
                                 most=min(budget, CONNECTIONS_PER_ROOM * options.most_rooms), budget=budget,
                                 proxies=options.proxies)
        except OSError as error:
            self.pool.close()
            raise ServerRefused(str(error)) from None
        host = lan_address() if options.bind in ("0.0.0.0", "", "::") else options.bind
        self.url = f"{'wss' if tls else 'ws'}://{host}:{self.server.port}"
        self.node = f"{socket.gethostname()}:{os.getpid()}"
        if self.shared is not None:
            self._open_shared(options)
        self.resumed = self.on_loop(lambda: self.rooms.attach(self.server))
        self.lag, self.pauses = LoopLag(), CollectorPauses()  # how late the loop runs (the summary's figures)
        self.on_loop(self._watch)

    def _watch(self) -> None:
        quiet_collector()  # start-up is over: its objects out of full collections, and those 100 times rarer
        self.lag.start()
        self.pauses.start()

    def _rooms(self, options: ServerOptions, data_dir: Path | None) -> Rooms:
        """This process's rooms: in its data folder (or nowhere), or in the Redis of `options.redis`."""
        made = RoomsMade(per_address=options.rooms_made[0], overall=options.rooms_made[1], window=ROOMS_WINDOW)
        if options.redis is None:
            saves = None if data_dir is None else self._folder_saves(data_dir, options.saves_sync)
            return Rooms(data_dir, self.pool, most=options.most_rooms, idle_after=options.idle_after, saves=saves,
                         levels=options.levels, made=made)
        from .shared import Share, SharedStoreError  # (the redis package: only a server on Redis needs it)
        from .shared_rooms import SharedRooms

        try:
            share = Share(options.redis, prefix=options.redis_prefix, lease=options.lease, keep=options.idle_after)
        except SharedStoreError as error:
            self.pool.close()
            raise ServerRefused(str(error)) from None
        self.shared = SharedRooms(share, self.pool, most=options.most_rooms, idle_after=options.idle_after,
                                  levels=options.levels, made=made)
        return self.shared

    def _folder_saves(self, data_dir: Path, sync: str) -> FolderSaves | JournalSaves:
        """Where the rooms' saves are written in the data folder; ServerRefused when the journal an
        earlier run left cannot be replayed (its files kept: nothing of a room is lost)."""
        if sync != JOURNAL:
            return FolderSaves(data_dir, sync=sync)
        try:
            return JournalSaves(data_dir)
        except JournalProblem as problem:
            self.pool.close()
            if self._lock is not None:
                self._lock.close()
            raise ServerRefused(str(problem)) from None

    def _open_shared(self, options: ServerOptions) -> None:
        """Connect to the shared Redis, this process known there by its public address; ServerRefused."""
        from game.net.connection import redirect_target

        from .shared import SharedStoreError

        assert self.shared is not None
        share = self.shared.share
        public = (options.public_url or self.url).rstrip("/")
        try:
            share.known_at(redirect_target(public))
        except ValueError:
            problem = (f"--public-url {public!r}: the other processes send clients there, and a client follows "
                       "only wss:// addresses, or ws:// on its own computer")
        else:
            try:
                self.server.submit(share.connect()).result(10.0)
                problem = ""
            except SharedStoreError as error:
                problem = str(error)
            except TimeoutError:
                problem = "Redis did not answer in time"
        if problem:
            self.server.shut_down(CLOSE_AWAY, "the server stopped", STOP_WAIT)
            self.pool.close()
            raise ServerRefused(problem)
        self.node = f"{self.node} {share.process}"

    @staticmethod
    def _lock_folder(data_dir: str | None) -> Store | None:
        """One server per data folder: its lock taken (as the desktop game's is), or ServerRefused."""
        if data_dir is None:
            return None
        if not data_dir or (os.path.exists(data_dir) and not os.path.isdir(data_dir)):
            raise ServerRefused(f"--data-dir {data_dir!r} is not a folder")
        store = Store(data_dir)
        try:
            store.lock_folder()
        except (FolderInUse, LockRefused) as error:
            raise ServerRefused(str(error)) from None
        return store

    def on_loop(self, call: Callable[[], T]) -> T:
        """`call()` run on the door's loop, where the rooms live; its result (5 s at most)."""
        done = threading.Event()
        box: list[Any] = []

        def run() -> None:
            try:
                box.append(("ok", call()))
            except BaseException as error:  # noqa: BLE001 - handed back to the caller's thread
                box.append(("error", error))
            done.set()

        self.server.call_soon(run)
        if not done.wait(5.0):
            raise TimeoutError("the server's loop did not answer")
        kind, value = box[0]
        if kind == "error":
            raise value
        result: T = value
        return result

    def stop(self) -> dict[str, Any]:
        """Close every connection ("the server stopped": the players' programs try again) and stop.
        Every room was saved after its last move; what it did, as the summary line says it."""
        connections = self.server.connections
        self.pauses.stop()
        try:
            self.on_loop(self.lag.stop)
            rooms = self.on_loop(self.rooms.close)
        except TimeoutError:
            rooms = len(self.rooms)
        if self.shared is not None:
            try:
                rooms = self.server.submit(self.shared.release()).result(STOP_WAIT + 1)
            except Exception:  # noqa: BLE001 - their leases lapse by themselves
                rooms = 0
        self.server.shut_down(CLOSE_AWAY, "the server stopped", STOP_WAIT)
        self.rooms.close_saves()
        self.pool.close()
        if self._lock is not None:
            self._lock.close()
        kept = self._lock is not None or self.shared is not None
        saves = self.rooms.saves
        return {"stopped": True, "rooms_saved": rooms if kept else 0, "rooms_ended": self.rooms.ended,
                "connections_closed": connections, "reason": "the server stopped",
                "loop_lag": self.lag.figures(), "collector": self.pauses.figures(),
                "saves": saves.figures() if isinstance(saves, FolderSaves | JournalSaves) else None}
