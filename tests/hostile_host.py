"""A fake host for the tests of what a joining player refuses (tests/test_net_hostile_host.py):
a websockets sync server on 127.0.0.1 (port 0) whose each connection follows the next script
of a list, so a test says exactly what a host sends, refuses or floods. Every wait is bounded."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

import msgspec
from websockets.sync.server import ServerConnection, serve

from game.match import REMOTE, MatchConfig, SeatConfig
from game.net.host import public_config, table_message
from game.rules import GameState, seat_view

WAIT = 30.0  # seconds any wait of the fake host or of a test may take
TOKEN = "t" * 32

Script = Callable[[ServerConnection], None]


def config(players: int = 2, edition: str = "voyage") -> MatchConfig:
    return MatchConfig(edition, tuple(SeatConfig(f"Seat {n}", REMOTE) for n in range(players)), seed=3)


def welcome(players: int = 2, edition: str = "voyage") -> dict[str, Any]:
    match = config(players, edition)
    return {"type": "welcome", "seat": 0, "token": TOKEN, "names": [seat.name for seat in match.seats],
            "config": public_config(match)}


def table(players: int = 2, edition: str = "voyage", seat: int = 0) -> dict[str, Any]:
    """A true table message: seat `seat`'s view of a game just dealt."""
    return msgspec.to_builtins(table_message(seat_view(GameState.new_game(edition, players, 3), seat), seat))


def view_with(**changes: Any) -> dict[str, Any]:
    """A table message whose view has `changes` (a stranger's numbers)."""
    message = table()
    message["view"].update(changes)
    return message


def send(*messages: dict[str, Any] | str) -> Script:
    """A connection that reads the hello, sends `messages` (JSON text as it is), then waits for
    the client to close (bounded)."""

    def script(ws: ServerConnection) -> None:
        ws.recv(WAIT)
        for message in messages:
            ws.send(message if isinstance(message, str) else json.dumps(message))
        wait_for_close(ws)

    return script


def close_with(code: int, reason: str, *messages: dict[str, Any]) -> Script:
    """A connection that reads the hello, sends `messages`, then closes with `code`."""

    def script(ws: ServerConnection) -> None:
        ws.recv(WAIT)
        for message in messages:
            ws.send(json.dumps(message))
        ws.close(code, reason)

    return script


def wait_for_close(ws: ServerConnection) -> None:
    try:
        while True:
            ws.recv(WAIT)
    except Exception:  # noqa: BLE001 - closed (or the bounded wait ran out): the script is over
        pass


class FakeHost:
    """Serve `scripts` in order, one per connection; "503" instead of a script refuses that
    connection's handshake with HTTP 503. Connections past the list are refused with 503."""

    def __init__(self, scripts: list[Script | str]) -> None:
        self.scripts = list(scripts)
        self.connections = 0
        self.done = threading.Event()  # every script was used
        self._lock = threading.Lock()
        self.server = serve(self._handle, "127.0.0.1", 0, process_request=self._process, max_size=1 << 20,
                            compression=None)
        self.url = f"ws://127.0.0.1:{self.server.socket.getsockname()[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeHost:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.thread.join(WAIT)

    def _next(self) -> Script | str:
        with self._lock:
            self.connections += 1
            script = self.scripts.pop(0) if self.scripts else "503"
            if not self.scripts:
                self.done.set()
            return script

    def _process(self, connection: ServerConnection, request: Any) -> Any:
        script = self._next()
        if script == "503":
            return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "too many connections\n")
        connection.script = script  # type: ignore[attr-defined]
        return None

    def _handle(self, ws: ServerConnection) -> None:
        ws.script(ws)  # type: ignore[attr-defined]
