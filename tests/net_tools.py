"""Helpers for the network tests (tests/test_net_*.py): a host whose table runs in a thread of
its own, bots joined through real clients, and raw WebSocket connections that say exactly
what a test wants. Loopback only (127.0.0.1); every wait is bounded."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from websockets.sync.client import connect

from game.ai import make_bot
from game.match import COMPUTER, REMOTE, MatchConfig, SeatConfig
from game.net.client import NetClient, RemoteTable
from game.net.headless import host_games, play_as_bot
from game.net.host import NetHost
from game.net.protocol import PROTOCOL_VERSION
from game.table import TableController

CODE = "TEST42"
WAIT = 60.0  # seconds any whole-game wait may take before the test fails
MESSAGE_WAIT = 30.0  # seconds a message or a close may take to come: it only stops a test that would hang


def match(edition: str, seats: str, seed: int, end_score: int = 40) -> MatchConfig:
    """A match from 'remote,remote,easy'-like seats."""
    built = tuple(SeatConfig(f"Seat {n}", REMOTE) if kind == "remote" else SeatConfig(f"Bot {n}", COMPUTER, kind)
                  for n, kind in enumerate(seats.split(",")))
    return MatchConfig(edition, built, end_score=end_score, seed=seed)


class HostThread:
    """A NetHost whose games are played by `host_games` in a background thread."""

    def __init__(self, config: MatchConfig, games: int = 1, host_class: type[NetHost] = NetHost,
                 table: TableController | None = None, **options: Any) -> None:
        self.config = config
        self.table = table or TableController(config, config.new_game(), speed=0)
        self.host = host_class(self.table, CODE, "127.0.0.1", options.pop("port", 0), **options)
        self.url = self.host.url
        self.stop = threading.Event()
        self.winners: list[tuple[int, ...]] | None = None
        self.error: BaseException | None = None
        self.games = games
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self, ready_wait: float = 5.0) -> HostThread:
        self._ready_wait = ready_wait
        self.thread.start()
        return self

    def _run(self) -> None:
        config = self.config

        def next_table(number: int) -> TableController:
            return TableController(self.host.table.config, config.new_game((config.seed or 0) + number), speed=0)

        try:
            self.winners = host_games(self.host, next_table, self.games, ready_wait=self._ready_wait, stop=self.stop)
        except BaseException as error:  # noqa: BLE001 - handed to the test
            self.error = error
        if not self.stop.is_set():
            self.host.close(final=True)  # the games are over: the players' clients stop

    def finish(self, final: bool = True, timeout: float = WAIT) -> None:
        """Wait for the games (or stop them), then close the host."""
        self.thread.join(timeout)
        self.stop.set()
        self.thread.join(5)
        self.host.close(final=final)
        if self.error is not None:
            raise self.error


class BotPlayer:
    """One of our levels at a remote seat, through a real NetClient, in a thread."""

    def __init__(self, url: str, level: str = "normal", seed: int = 0, name: str = "Ann", **client: Any) -> None:
        self.remote = RemoteTable(NetClient(url, client.pop("code", CODE), name, **client))
        self.heard: list[Any] = []
        self.remote.subscribe(self.heard.append)
        self.bot = make_bot(level, seed)
        self.finished: bool | None = None
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        self.finished = play_as_bot(self.remote, self.bot, stop=self.stop)

    def join(self, timeout: float = WAIT) -> bool | None:
        self.thread.join(timeout)
        self.stop.set()
        self.remote.close()
        return self.finished


class RawClient:
    """A WebSocket connection that sends exactly what the test says and keeps all it receives."""

    def __init__(self, url: str, **options: Any) -> None:
        self.ws = connect(url, compression=None, proxy=None, open_timeout=5, legacy=True, **options)

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def hello(self, code: str = CODE, name: str = "Raw", **extra: Any) -> dict:
        self.send({"type": "hello", "version": PROTOCOL_VERSION, "code": code, "name": name, **extra})
        return self.expect("welcome")

    def receive(self, timeout: float = MESSAGE_WAIT) -> dict | None:
        """The next message, or None when the connection closed (TimeoutError if none came)."""
        from websockets.exceptions import ConnectionClosed

        try:
            return json.loads(self.ws.recv(timeout))
        except ConnectionClosed:
            return None

    def expect(self, kind: str, timeout: float = MESSAGE_WAIT) -> dict:
        """Read until a message of `kind` (other messages are skipped)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if message is None:
                raise AssertionError(f"the connection closed before a {kind} message "
                                     f"(code {self.ws.close_code}, {self.ws.close_reason!r})")
            if message["type"] == kind:
                return message
        raise AssertionError(f"no {kind} message within {timeout} s")

    def closed_within(self, timeout: float = MESSAGE_WAIT) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if self.receive(max(0.01, deadline - time.monotonic())) is None:
                    return True
            except TimeoutError:
                return False
        return False

    def close(self) -> None:
        self.ws.close()


def kept_rooms(data_dir) -> dict[str, bytes]:
    """The rooms a server keeps in `data_dir`, as a start would find them: each room's save (b"" while
    it has none), its folder's or the newer one its journal holds; a room gone in the journal is not kept."""
    from pathlib import Path

    from game.server.journal import SAVE, newest_of_rooms, segments
    from game.store.paths import HOST_SAVE_FILE

    data_dir = Path(data_dir)
    folders = [path for path in (data_dir / "rooms").glob("*") if path.is_dir()]
    kept = {path.name: (path / HOST_SAVE_FILE).read_bytes() if (path / HOST_SAVE_FILE).exists() else b""
            for path in folders}
    for room, newest in newest_of_rooms(segments(data_dir / "journal")).items():
        if newest is None:
            kept.pop(room, None)
        else:
            kept[room] = newest.get(SAVE, kept.get(room, b""))
    return kept
