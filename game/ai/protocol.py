"""The open bot protocol: JSON lines over a subprocess's stdin/stdout (docs/bots.md).

`CommandBot` drives someone else's program as a Bot; `serve` makes one of our levels the
program side, so it can play in other people's tournaments.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import sys
import threading
from typing import IO

from game.rules import Action, SeatView

from .base import BotError

DEFAULT_TIMEOUT = 10.0


def decide_message(view: SeatView) -> dict:
    return {"type": "decide", "view": view.to_dict(), "legal": [a.to_list() for a in view.legal]}


def hello_message(view: SeatView) -> dict:
    return {"type": "hello", "edition": view.edition.name, "players": view.players, "seat": view.seat}


class CommandBot:
    """A bot in another process, started once and spoken to in JSON lines."""

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.name = f"cmd:{command}"
        self.timeout = timeout
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise ValueError(f"cannot read the bot command {command!r}: {error}") from None
        if not argv:
            raise ValueError("a cmd: bot needs a command line after cmd:")
        self._argv = argv
        self._process: subprocess.Popen | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._greeted = False

    # ------------------------------------------------------------ process
    def _start(self) -> subprocess.Popen:
        if self._process is None:
            try:
                self._process = subprocess.Popen(
                    self._argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                    text=True, bufsize=1,
                )
            except OSError as error:
                raise BotError(f"bot {self.name} could not be started: {error.strerror or error}") from None
            threading.Thread(target=self._read, args=(self._process.stdout,), daemon=True).start()
        return self._process

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self._lines.put(line)
        self._lines.put(None)  # end of output: the bot has exited

    def _send(self, message: dict) -> None:
        process = self._start()
        try:
            process.stdin.write(json.dumps(message) + "\n")  # type: ignore[union-attr]
            process.stdin.flush()  # type: ignore[union-attr]
        except (BrokenPipeError, OSError):
            raise BotError(f"bot {self.name} has stopped (exit status {process.poll()})") from None

    def _receive(self) -> str:
        while True:
            try:
                line = self._lines.get(timeout=self.timeout)
            except queue.Empty:
                raise BotError(f"bot {self.name} gave no answer within {self.timeout:g} s") from None
            if line is None:
                status = self._process.wait() if self._process else None
                raise BotError(f"bot {self.name} has stopped (exit status {status})")
            if line.strip():
                return line

    # ------------------------------------------------------------ Bot
    def decide(self, view: SeatView) -> Action:
        if not self._greeted:
            self._send(hello_message(view))
            self._greeted = True
        self._send(decide_message(view))
        return self._parse(self._receive(), view)

    def _parse(self, line: str, view: SeatView) -> Action:
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            raise BotError(f"bot {self.name} answered something that is not JSON: {line.strip()[:80]!r}") from None
        if not isinstance(answer, dict) or "action" not in answer:
            raise BotError(f"bot {self.name} answered without an \"action\": {line.strip()[:80]!r}")
        try:
            action = Action.from_list(answer["action"])
        except ValueError as error:
            raise BotError(f"bot {self.name} answered a malformed action: {error}") from None
        if action not in view.legal:
            raise BotError(f"bot {self.name} answered {action.to_list()}, which is not a legal action now")
        return action

    def notify(self, message: dict) -> None:
        self._send(message)
        if message.get("type") == "game_over":
            self._greeted = False  # the next game says hello again (the seat may change)

    def close(self) -> None:
        process = self._process
        if process is None:
            return
        self._process = None
        try:
            process.stdin.close()  # type: ignore[union-attr]
        except OSError:
            pass
        try:
            process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# ---------------------------------------------------------------- our side
def serve(level: str, seed: int, stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout) -> int:
    """Answer decide messages with one of our levels until end of input. Returns an exit status."""
    from game.rules import edition_named

    from . import make_bot
    from .viewcodec import view_from_message

    bot = make_bot(level, seed)
    for number, line in enumerate(stdin, start=1):
        if not line.strip():
            continue
        try:
            message = json.loads(line)
            if not isinstance(message, dict):
                raise ValueError("a message must be a JSON object")
            if message.get("type") != "decide":
                bot.notify(message)  # hello, round_over, game_over need no answer
                continue
            view = view_from_message(message, edition_named)
        except KeyError as error:
            sys.stderr.write(f"skyjo bot: error: line {number}: the message has no {error.args[0]!r}\n")
            return 2
        except (ValueError, TypeError) as error:
            sys.stderr.write(f"skyjo bot: error: line {number}: {error}\n")
            return 2
        action = bot.decide(view)
        stdout.write(json.dumps({"action": action.to_list()}) + "\n")
        stdout.flush()
    return 0
