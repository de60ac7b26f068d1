"""Who may hold a connection to a hosted table, and how many join codes may be guessed
(game/net/host.py uses these; docs/network.md, "What the host refuses, and limits").

A connection is counted from the moment its TCP connection is accepted, before a byte of HTTP:
each one holds a file of the host's, and a host out of files cannot save the game. Connections
whose player has not been seated yet ("strangers", which includes a player's own connection
before its hello) are capped in total and per address; seated players are not counted among
them, and an address a seat was played from may come back past the strangers' total, so a
player who lost the connection finds room again however many strangers knock.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import secrets
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from typing import Any

from websockets.asyncio.connection import Connection
from websockets.asyncio.server import ServerConnection

log = logging.getLogger("skyjo.net.host")

MAX_SOCKETS = 256  # connections at once, whatever the file limit allows (8 seats need a few)
MIN_SOCKETS = 12  # ... and at least this many, even under a tiny file limit
BACKLOG = 16  # connections the system accepts for us at once; each holds a file for a moment
IN_FLIGHT = 4 * BACKLOG  # files turned-away connections may hold before they are closed (a few loop turns)
SPARE_FILES = 32  # files kept free for the autosave, the statistics and the log
STRANGERS = 32  # connections not seated yet, from everybody
STRANGERS_PER_ADDRESS = 8  # ... from one address
WRONG_CODES = 10  # wrong join codes one address may try in a window
WRONG_CODES_ALL = 100  # ... all addresses together
WRONG_CODE_WINDOW = 60.0  # seconds
WRONG_CODE_ADDRESSES = 1000  # addresses remembered at once


def same_secret(given: str, known: str) -> bool:
    """Whether a join code or a seat token sent by a player is the host's, in constant time;
    compared as UTF-8 bytes, so any text a player may send is merely wrong, never an error."""
    try:
        return secrets.compare_digest(given.encode("utf-8"), known.encode("utf-8"))
    except UnicodeEncodeError:  # a lone surrogate: no code or token of ours holds one
        return False


def files_open() -> int:
    """How many files this process holds now (an estimate where the system does not say)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder))
        except OSError:
            continue
    return 64


def connection_budget() -> int:
    """Connections the host may hold at once: the soft file limit less what is open now, the
    files the accept queue may hold and a reserve for the save; at most MAX_SOCKETS."""
    try:
        import resource

        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):  # Windows: no such limit on sockets
        return MAX_SOCKETS
    if soft == resource.RLIM_INFINITY or soft <= 0:
        return MAX_SOCKETS
    return max(MIN_SOCKETS, min(MAX_SOCKETS, soft - files_open() - IN_FLIGHT - SPARE_FILES))


class Admission:
    """The count of open connections, by address and by whether their player is seated. Used
    on the host's network thread only (the table thread posts `seated` through the loop)."""

    def __init__(self, budget: int | None = None, strangers: int = STRANGERS,
                 per_address: int = STRANGERS_PER_ADDRESS, proxies: frozenset[str] = frozenset()) -> None:
        self.budget = connection_budget() if budget is None else budget
        self.strangers = min(strangers, max(1, self.budget // 2))  # half the files stay for the players
        self.per_address = per_address
        # behind TLS proxies (a room server's --behind-proxy): only they may connect, each for everybody
        self.proxies = proxies
        self.open: dict[Any, str] = {}  # every admitted connection -> its address
        self.waiting: Counter[str] = Counter()  # strangers' connections by address
        self.seated: set[Any] = set()
        self.player_addresses: dict[int, str] = {}  # seat -> the address it was last played from
        self.turned_away = 0  # connections refused at once, for the log

    @property
    def stranger_count(self) -> int:
        return len(self.open) - len(self.seated)

    def admit(self, connection: Any, address: str) -> bool:
        """Whether a TCP connection just accepted from `address` may stay."""
        if self.proxies and address not in self.proxies:
            return self._refuse()
        per_address = self.budget if address in self.proxies else self.per_address
        if len(self.open) >= self.budget or self.waiting[address] >= per_address:
            return self._refuse()
        if self.stranger_count >= self.strangers and address not in self.player_addresses.values():
            return self._refuse()
        self.open[connection] = address
        self.waiting[address] += 1
        return True

    def _refuse(self) -> bool:
        self.turned_away += 1
        if self.turned_away in (1, 10, 100) or self.turned_away % 1000 == 0:
            log.warning("%d connection(s) turned away so far: too many at once", self.turned_away)
        return False

    def seat(self, connection: Any, seat: int) -> None:
        """`connection`'s player now plays `seat`: it no longer counts as a stranger's."""
        address = self.open.get(connection)
        if address is None or connection in self.seated:
            return
        self.seated.add(connection)
        self._forget_waiting(address)
        self.player_addresses[seat] = address

    def release(self, connection: Any) -> None:
        """`connection` closed."""
        address = self.open.pop(connection, None)
        if address is None:
            return
        if connection in self.seated:
            self.seated.discard(connection)
        else:
            self._forget_waiting(address)

    def _forget_waiting(self, address: str) -> None:
        self.waiting[address] -= 1
        if self.waiting[address] <= 0:
            del self.waiting[address]


def forwarded_address(values: list[str]) -> str | None:
    """The address a TLS proxy says it connects for: the last of its X-Forwarded-For values (the one
    it added itself; those before came from the player and are not trusted), if it is an address."""
    last = ",".join(values).rsplit(",", 1)[-1].strip()
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return None


def gated_connection(admission: Admission) -> type[ServerConnection]:
    """A websockets ServerConnection class that asks `admission` as soon as TCP accepted it: a
    connection turned away is closed there, before any HTTP is read, and frees its file at once."""

    class GatedConnection(ServerConnection):
        admitted = False

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
            if not admission.admit(self, address):
                Connection.connection_made(self, transport)  # no handler task: nothing to serve
                self.transport.abort()
                return
            self.admitted = True
            super().connection_made(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            if self.admitted:
                admission.release(self)
            super().connection_lost(exc)

    return GatedConnection


class WrongCodes:
    """Wrong join codes: at most `per_address` from one address and `overall` from everybody in
    `window` seconds. Memory is bounded (`addresses` remembered, least recently wrong first):
    an address is forgotten only once its tries are all older than the window, so other
    addresses cannot make the table forget one at its limit; while the table is full of
    recent ones, new addresses may not guess (the overall limit keeps that from happening
    while `overall` < `addresses`). A room server counts the rooms made the same way (its own words)."""

    FROM_ADDRESS = "too many wrong join codes from your address; wait a minute"
    FROM_EVERYBODY = "too many wrong join codes at this table just now; wait a minute"

    def __init__(self, per_address: int = WRONG_CODES, overall: int = WRONG_CODES_ALL,
                 window: float = WRONG_CODE_WINDOW, addresses: int = WRONG_CODE_ADDRESSES,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_address, self.overall, self.window, self.addresses = per_address, overall, window, addresses
        self._clock = clock
        self._tries: OrderedDict[str, deque[float]] = OrderedDict()  # least recently wrong first
        self._all: deque[float] = deque(maxlen=max(1, overall))

    def __len__(self) -> int:
        return len(self._tries)

    def refusal(self, address: str) -> str | None:
        """Why `address` may not try a code now, or None."""
        now = self._clock()
        self._expire(self._all, now)
        tries = self._tries.get(address)
        if tries is not None:
            self._expire(tries, now)
            if len(tries) >= self.per_address:
                return self.FROM_ADDRESS
        if len(self._all) >= self.overall or (tries is None and not self._room(now)):
            return self.FROM_EVERYBODY
        return None

    def wrong(self, address: str) -> None:
        """`address` tried a wrong code."""
        now = self._clock()
        tries = self._tries.get(address)
        if tries is None:
            if not self._room(now):
                return  # counted overall only: the table holds recent tries of others
            tries = self._tries[address] = deque(maxlen=max(1, self.per_address))
        tries.append(now)
        self._tries.move_to_end(address)
        self._all.append(now)

    def _room(self, now: float) -> bool:
        """Room for one more address, forgetting those whose tries are all past the window."""
        while len(self._tries) >= self.addresses:
            oldest, tries = next(iter(self._tries.items()))
            if tries and tries[-1] > now - self.window:
                return False
            del self._tries[oldest]
        return True

    def _expire(self, tries: deque[float], now: float) -> None:
        while tries and tries[0] <= now - self.window:
            tries.popleft()


def quiet_loop_errors(loop: asyncio.AbstractEventLoop) -> None:
    """Errors the event loop cannot hand to anybody (an accept out of files, a transport that
    broke while closing) are logged in one line, at most one a second, never as a traceback."""
    last = [-1e9, 0]  # when the last line was written, lines skipped since

    def handler(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        now = time.monotonic()
        if now - last[0] < 1.0:
            last[1] += 1
            return
        error = context.get("exception")
        skipped = f" ({last[1]} more like it)" if last[1] else ""
        last[0], last[1] = now, 0
        log.warning("network: %s%s%s", context.get("message", "error"),
                    f": {type(error).__name__}: {error}" if error is not None else "", skipped)

    loop.set_exception_handler(handler)
