"""The Redis several server processes share (docs/server.md, "Several processes on one Redis"): its
keys, every one under one prefix, and the atomic scripts a room's lease and its writes go through.

    share = Share("redis://127.0.0.1:6379/0", prefix="skyjo:", lease=15.0)
    share.known_at("wss://a.example.org")   # where clients reach this process: the lease says it
    await share.connect()                   # connected, the shared digest key read (or made)
    keys = share.room_keys("K7QX2MRT")      # named by a keyed digest of the code, never the code
    await share.where(keys)                 # who runs it (a lease), whether a game is kept, whether it ended

A room lives in one process at a time: the one holding its lease (`SET NX PX`, a value naming the
process and its public address), which renews it while it runs the room; every write of the room's
game and seats checks, in the same script, that the lease is still the writer's, so a process that
lost its room (it stopped, or paused past its lease) can never write over the process that took it.

Nothing a client sends becomes a key's name: a room's keys are named by an HMAC of its code under a
key all the processes share (kept in Redis, `<prefix>secret`), so a stranger's code, whatever it
holds, only ever chooses 32 hexadecimal characters under the prefix.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import redis.asyncio as aioredis

PREFIX = "skyjo:"
PREFIX_SHAPE = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
LEASE = 15.0  # seconds a room's lease lasts unless renewed (renewed every third of it)
OVER_KEEP = 15 * 60.0  # seconds an ended room's code still says "the game is over" (a client retries 15 minutes)
ANSWER_WAIT = 5.0  # seconds Redis has to answer one call

# A new room's first write claims its lease (no other process may hold the code, nor a game under it); any
# later write only while the lease is still ours. ARGV: us, lease ms, keep ms, mode, game or "", over ms,
# then seat field/value pairs ("" deletes). Modes: claim, write, end (keep only "over"), drop (keep nothing).
WRITE = """
local us, mode = ARGV[1], ARGV[4]
if mode == 'claim' then
  if redis.call('EXISTS', KEYS[2]) == 1 or redis.call('EXISTS', KEYS[4]) == 1 then return 0 end
  if not redis.call('SET', KEYS[1], us, 'NX', 'PX', ARGV[2]) then return 0 end
elseif redis.call('GET', KEYS[1]) ~= us then
  return 0
end
if mode == 'end' or mode == 'drop' then
  redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
  if mode == 'end' then redis.call('SET', KEYS[4], '1', 'PX', ARGV[6]) end
  return 1
end
if ARGV[5] ~= '' then redis.call('SET', KEYS[2], ARGV[5], 'PX', ARGV[3]) end
for i = 7, #ARGV, 2 do
  if ARGV[i + 1] == '' then redis.call('HDEL', KEYS[3], ARGV[i])
  else redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 1]) end
end
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""
# A lapsed room taken over: only a kept game that did not end, whose lease nobody holds.
TAKE = """
if redis.call('EXISTS', KEYS[3]) == 1 or redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0
"""
# Renewed while ours (the game and seats kept as long again); 0: it is not ours any more.
RENEW = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
return 1
"""
# Let go when this process stops (another takes the room at once, not a lease later).
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class SharedStoreError(RuntimeError):
    """Redis cannot be used as asked: one line for the person who started the server."""


@dataclass(frozen=True)
class RoomKeys:
    """A room's four keys: who runs it, its game, its seats' tokens, and that its game ended."""

    lease: str
    game: str
    seats: str
    over: str

    @property
    def all(self) -> tuple[str, str, str, str]:
        return self.lease, self.game, self.seats, self.over


@dataclass(frozen=True)
class Where:
    """Where a room is, as Redis says now."""

    owner: str | None  # the lease's value: "<process> <public url>" (None: nobody runs it)
    kept: bool  # its game is kept (a lapsed lease: another process may take it)
    over: bool  # its game ended a moment ago

    @property
    def url(self) -> str:
        return (self.owner or "").partition(" ")[2]


def shown_url(url: str) -> str:
    """A Redis address as it may be printed: without its password."""
    try:
        parts = urlsplit(url)
        netloc = parts.hostname or ""
        if parts.port:
            netloc += f":{parts.port}"
    except ValueError:
        return "(an address that does not parse)"
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


class Share:
    """This process's view of the shared Redis: its connection, its keys, its lease's value."""

    def __init__(self, url: str, *, prefix: str = PREFIX, lease: float = LEASE, keep: float = 24 * 3600.0) -> None:
        if not PREFIX_SHAPE.fullmatch(prefix):
            raise SharedStoreError(f"--redis-prefix {prefix!r} must be 1 to 64 letters, digits or _ . : -")
        if not 1.0 <= lease <= 3600.0:
            raise SharedStoreError("a lease must last from 1 second to an hour")
        self.url = url
        self.prefix = prefix
        self.lease = lease
        self.keep = keep  # seconds a room's game and seats are kept after its last write or renewal
        self.process = secrets.token_hex(8)  # this process, among those on the Redis
        self.us = self.process  # the lease's value: this process, and where it is (known_at)
        self._redis: Any = None  # redis.asyncio.Redis, once open
        self._key = b""
        self._scripts: dict[str, Any] = {}

    # ------------------------------------------------------------------ opening
    def known_at(self, public_url: str) -> None:
        """Clients reach this process at `public_url`: the other processes send them there."""
        self.us = f"{self.process} {public_url}"

    async def connect(self) -> None:
        """Connect, and read the digest key every process shares (made by the first); SharedStoreError."""
        try:
            client = aioredis.Redis.from_url(self.url, socket_timeout=ANSWER_WAIT, socket_connect_timeout=ANSWER_WAIT)
        except ValueError as error:
            raise SharedStoreError(f"--redis {shown_url(self.url)!r} is not a Redis address: {error}") from None
        try:
            await client.set(self.prefix + "secret", secrets.token_hex(32), nx=True)
            key = await client.get(self.prefix + "secret")
        except (aioredis.RedisError, OSError) as error:
            await client.aclose()
            raise SharedStoreError(f"cannot use Redis at {shown_url(self.url)}: {error}") from None
        if not isinstance(key, bytes) or len(key) < 32:
            await client.aclose()
            raise SharedStoreError(f"{self.prefix}secret in Redis is not a key this server made")
        self._redis, self._key = client, key
        self._scripts = {name: client.register_script(text) for name, text in
                         (("write", WRITE), ("take", TAKE), ("renew", RENEW), ("release", RELEASE))}

    async def close(self) -> None:
        if self._redis is not None:
            await self._redis.aclose()
            self._redis = None

    # ------------------------------------------------------------------ keys
    def room_keys(self, code: str) -> RoomKeys:
        """A room's keys, named by the digest of its code (in capitals, as codes are compared)."""
        digest = hmac.new(self._key, code.upper().encode("utf-8", "replace"), hashlib.sha256).hexdigest()[:32]
        base = f"{self.prefix}room:{{{digest}}}:"  # ({…}: one Redis Cluster slot for a room's keys)
        return RoomKeys(base + "lease", base + "game", base + "seats", base + "over")

    # ------------------------------------------------------------------ a room
    async def where(self, keys: RoomKeys) -> Where:
        async with self._redis.pipeline(transaction=False) as pipe:
            pipe.get(keys.lease).exists(keys.game).exists(keys.over)
            owner, kept, over = await pipe.execute()
        return Where(owner.decode("utf-8", "replace") if owner is not None else None, bool(kept), bool(over))

    async def write(self, keys: RoomKeys, mode: str, game: bytes | None, seats: Mapping[str, str]) -> bool:
        """One write of a room's (atomic): False when the room is not ours (or, claiming, is somebody's)."""
        args: list[Any] = [self.us, _ms(self.lease), _ms(self.keep), mode, game or b"", _ms(OVER_KEEP)]
        for field, value in seats.items():
            args += [field, value]
        return bool(await self._scripts["write"](keys=list(keys.all), args=args))

    async def take(self, keys: RoomKeys) -> bool:
        """Claim a lapsed room's lease; False when another process has it, or no game is kept."""
        taken = await self._scripts["take"](keys=[keys.lease, keys.game, keys.over], args=[self.us, _ms(self.lease)])
        return bool(taken)

    async def load(self, keys: RoomKeys) -> tuple[bytes | None, dict[str, str]]:
        """A room's saved game and its seats' tokens (read once its lease is ours)."""
        async with self._redis.pipeline(transaction=False) as pipe:
            pipe.get(keys.game).hgetall(keys.seats)
            game, seats = await pipe.execute()
        return game, {field.decode("utf-8", "replace"): value.decode("utf-8", "replace")
                      for field, value in seats.items()}

    async def renew(self, rooms: list[RoomKeys]) -> list[bool]:
        """Renew these rooms' leases (one round trip); which are still ours."""
        if not rooms:
            return []
        async with self._redis.pipeline(transaction=False) as pipe:
            for keys in rooms:
                await self._scripts["renew"](keys=[keys.lease, keys.game, keys.seats],
                                             args=[self.us, _ms(self.lease), _ms(self.keep)], client=pipe)
            answers = await pipe.execute()
        return [bool(answer) for answer in answers]

    async def release(self, keys: RoomKeys) -> None:
        await self._scripts["release"](keys=[keys.lease], args=[self.us])


def _ms(seconds: float) -> int:
    return max(1, int(seconds * 1000))
