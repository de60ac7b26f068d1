"""The open bot protocol: JSON lines over a subprocess's stdin/stdout (docs/bots.md).

`CommandBot` drives someone else's program as a Bot; `serve` makes one of our levels the
program side, so it can play in other people's tournaments.

Nothing the other program sends is trusted. Its output is read as bytes by a thread of our
own, cut into lines of at most MAX_MESSAGE_BYTES and decoded one line at a time, so neither a
flood, nor bytes that are not UTF-8, nor JSON we cannot parse can break the host: each is a
BotError that names the bot. One deadline covers a whole decision, however many (blank) lines
arrive before it, and the end of the bot's output fails the decision at once.
"""

from __future__ import annotations

import io
import json
import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time
from enum import Enum
from typing import IO

import msgspec

from game.match import COMMAND_PREFIX
from game.rules import GAME_OVER, Action, SeatView
from game.wire.bots import ANSWER, MAX_MESSAGE_BYTES, TO_BOT, Answer, Decide, read_line, view_of
from game.wire.pieces import action_from, view_to_wire

from .base import Bot, BotError

DEFAULT_TIMEOUT = 10.0  # seconds for one whole decision
CLOSE_GRACE = 0.5  # seconds a closed bot has to exit by itself before its process group is killed
QUEUED_LINES = 4  # lines read ahead of the host; past that the bot waits, so memory stays bounded
_CHUNK = 1 << 16


class _Signal(Enum):
    """What the reader hands the host instead of a line."""

    EOF = "the bot's output ended"
    DEAF = "the bot's input is closed: it can hear no question"
    TOO_LONG = "a line went past MAX_MESSAGE_BYTES"


def decide_message(view: SeatView) -> dict:
    legal = [a.to_list() for a in view.legal]
    return {"type": "decide", "view": msgspec.to_builtins(view_to_wire(view)), "legal": legal}


def hello_message(view: SeatView) -> dict:
    return {"type": "hello", "edition": view.edition.name, "players": view.players, "seat": view.seat}


def one_line(text: str, limit: int = 200) -> str:
    """`text` on one line and short: error messages may quote what a bot sent."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def command_argv(command: str) -> list[str]:
    """The program and arguments of a `cmd:` bot's command line, split as a POSIX shell would
    (nothing is run); ValueError in one line for a quote left open, an empty line or a NUL byte."""
    try:
        argv = shlex.split(command)
    except ValueError as error:  # "No closing quotation", "No escaped character"
        raise ValueError(f"cannot read the bot command {one_line(repr(command))}: {str(error).lower()}") from None
    if not argv:
        raise ValueError(f"a {COMMAND_PREFIX} bot needs a command line after {COMMAND_PREFIX}")
    if any("\0" in arg for arg in argv):
        raise ValueError(f"the bot command {one_line(repr(command))} holds a NUL byte, which no program can take")
    return argv


class CommandBot:
    """A bot in another process, started once and spoken to in JSON lines."""

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.name = f"{COMMAND_PREFIX}{command}"
        self.timeout = timeout
        self._argv = command_argv(command)
        self._session: _Session | None = None
        self._closed = False
        self._lock = threading.Lock()  # close() may come from another thread than decide()
        self._greeted = False

    def _started(self) -> _Session:
        with self._lock:
            if self._closed:
                raise BotError(f"bot {self.name} was closed")
            if self._session is None:
                try:
                    self._session = _Session(self._argv)
                except (OSError, ValueError) as error:  # ValueError: a NUL byte in the command line
                    reason = getattr(error, "strerror", None) or error
                    raise BotError(f"bot {self.name} could not be started: {reason}") from None
            return self._session

    # ------------------------------------------------------------ Bot
    def decide(self, view: SeatView) -> Action:
        deadline = time.monotonic() + self.timeout
        session = self._started()
        if not self._greeted:
            session.send(hello_message(view))
            self._greeted = True
        session.send(decide_message(view))
        return self._parse(self._receive(session, deadline), view)

    def _receive(self, session: _Session, deadline: float) -> str:
        try:
            item = session.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            session.stop_reading()  # it has failed: nothing it writes from now on counts
            raise BotError(f"bot {self.name} gave no answer within {self.timeout:g} s") from None
        if item is _Signal.EOF or item is _Signal.DEAF:
            raise self._stopped(session, "closed its output" if item is _Signal.EOF else "closed its input")
        if item is _Signal.TOO_LONG:
            raise BotError(f"bot {self.name} wrote a line longer than 1 MiB ({MAX_MESSAGE_BYTES} bytes), "
                           "the limit of one message")
        try:
            return item.decode("utf-8")
        except UnicodeDecodeError as error:
            raise BotError(f"bot {self.name} wrote output that is not UTF-8 text "
                           f"(byte {error.start} of its answer)") from None

    def _stopped(self, session: _Session, what: str) -> BotError:
        status = session.exit_status(wait=0.2)  # a bot that exits closes its pipes a moment before
        if status is None:
            return BotError(f"bot {self.name} {what} and gave no answer (it is still running)")
        return BotError(f"bot {self.name} has stopped (exit status {status})")

    def _parse(self, line: str, view: SeatView) -> Action:
        try:
            answer: Answer = read_line(line, ANSWER)  # type: ignore[assignment]
        except ValueError as error:
            raise BotError(f"bot {self.name} answered {error}: {one_line(line, 80)!r}") from None
        try:
            action = action_from(answer.action)
        except ValueError as error:
            raise BotError(f"bot {self.name} answered a malformed action: {one_line(str(error))}") from None
        if action not in view.legal:
            raise BotError(f"bot {self.name} answered {action.to_list()}, which is not a legal action now")
        return action

    def notify(self, message: dict) -> None:
        self._started().send(message)
        if message.get("type") == GAME_OVER:  # (protocol messages are named after the phase)
            self._greeted = False  # the next game says hello again (the seat may change)

    def close(self) -> None:
        """Stop the bot for good: its input is closed, it has CLOSE_GRACE seconds to exit, then
        its whole process group is killed (a bot's own helpers go with it). Blocks for at most
        about CLOSE_GRACE + 1 s; BotWorker.close calls it off the frame loop."""
        with self._lock:
            session, self._session, self._closed = self._session, None, True
        if session is not None:
            session.close()


class _Session:
    """One run of the bot's program: the process, a thread writing to it and one reading it."""

    def __init__(self, argv: list[str]) -> None:
        self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, **_own_group())
        self.lines: queue.Queue[bytes | _Signal] = queue.Queue(maxsize=QUEUED_LINES)
        self._outbox: queue.Queue[bytes | None] = queue.Queue()
        self._stopping = threading.Event()
        # Writing has its own thread too: a bot that stops reading would block a write forever,
        # and the decision's deadline must still come.
        threading.Thread(target=self._write, name="bot-writer", daemon=True).start()
        threading.Thread(target=self._read, name="bot-reader", daemon=True).start()

    def send(self, message: dict) -> None:
        self._outbox.put((json.dumps(message) + "\n").encode("utf-8"))

    def exit_status(self, wait: float) -> int | None:
        try:
            return self.process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            return None

    def stop_reading(self) -> None:
        self._stopping.set()

    def _write(self) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            while (data := self._outbox.get()) is not None:
                stdin.write(data)
                stdin.flush()
        except (OSError, ValueError):
            self._put(_Signal.DEAF)
        finally:
            try:
                stdin.close()  # after the last message: a well-behaved bot exits at end of input
            except (OSError, ValueError):
                pass

    def _read(self) -> None:
        stdout = self.process.stdout
        assert isinstance(stdout, io.BufferedReader), "Popen's default buffering gives a BufferedReader"
        try:
            if self._read_lines(stdout):
                self._put(_Signal.EOF)
        except (OSError, ValueError):
            self._put(_Signal.EOF)  # the pipe went away under us: the same as the end of output
        finally:
            try:
                stdout.close()  # this thread is its only reader
            except OSError:
                pass

    def _read_lines(self, stdout: io.BufferedReader) -> bool:
        """Queue the bot's lines until its output ends (True) or reading stops early (False)."""
        pending = bytearray()
        while not self._stopping.is_set() and (chunk := stdout.read1(_CHUNK)):
            start = len(pending)
            pending += chunk
            while (end := pending.find(b"\n", start)) >= 0:
                line = bytes(pending[:end])
                del pending[: end + 1]
                start = 0
                if not self._keep(line):
                    return False
            if len(pending) > MAX_MESSAGE_BYTES:
                self._put(_Signal.TOO_LONG)
                return False  # and read no more: the bot has failed, nothing it says counts
        return not self._stopping.is_set()

    def _keep(self, line: bytes) -> bool:
        """Queue a line for the host (blank lines are ignored); False once reading should stop."""
        if len(line) > MAX_MESSAGE_BYTES:
            self._put(_Signal.TOO_LONG)
            return False
        return not line.strip() or self._put(line)

    def _put(self, item: bytes | _Signal) -> bool:
        """Hand `item` to the host, waiting while it has not caught up; False once closing."""
        while not self._stopping.is_set():
            try:
                self.lines.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def close(self) -> None:
        self.stop_reading()
        self._outbox.put(None)  # the writer closes the bot's input once what is queued is sent
        self.exit_status(wait=CLOSE_GRACE)
        _kill_group(self.process)  # even after a clean exit: it may have left children running
        self.exit_status(wait=1.0)


def _own_group() -> dict:
    """Popen options that start the bot in a process group of its own, so that closing it can
    end everything it started as well."""
    if sys.platform == "win32":  # (sys.platform rather than os.name: the type checker knows it)
        return {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
    return {"start_new_session": True}


def _kill_group(process: subprocess.Popen) -> None:
    if sys.platform == "win32":
        if process.poll() is None:  # taskkill finds the tree through the living parent
            try:
                subprocess.run(["taskkill", "/F", "/T", "/PID", str(process.pid)], capture_output=True, timeout=5)
            except (OSError, subprocess.SubprocessError):
                process.kill()
        return
    try:
        # The group's id is the bot's pid (start_new_session). It cannot have been taken by
        # another group while any process of the bot's group is alive.
        os.killpg(process.pid, signal.SIGKILL)
    except OSError:
        pass  # nothing left in the group


# ---------------------------------------------------------------- our side
def serve(level: str, seed: int, stdin: IO | None = None, stdout: IO[str] | None = None) -> int:
    """Answer decide messages with one of our levels until end of input. Returns an exit status:
    0 at the end of input, 2 (after one line on standard error) for a line it cannot play.
    `stdin` may give bytes (the default, standard input's binary stream) or text."""
    from . import make_bot

    stream = stdin if stdin is not None else sys.stdin.buffer
    out = stdout if stdout is not None else sys.stdout
    bot = make_bot(level, seed)
    number = 0
    while raw := stream.readline(MAX_MESSAGE_BYTES + 1):
        number += 1
        try:
            answer = _answer(bot, level, raw)
        except Exception as error:  # noqa: BLE001 - whatever a message causes is one line, never a traceback
            sys.stderr.write(f"skyjo bot: error: line {number}: {_reason(error)}\n")
            return 2
        if answer is not None:
            out.write(answer + "\n")
            out.flush()
    return 0


def _answer(bot: Bot, level: str, raw: bytes | str) -> str | None:
    """The reply to one input line (None when it needs none); an exception if it cannot be played."""
    line = raw.rstrip(b"\r\n") if isinstance(raw, bytes) else raw.rstrip("\r\n")
    if len(line) > MAX_MESSAGE_BYTES:
        raise ValueError(f"the line is longer than 1 MiB ({MAX_MESSAGE_BYTES} bytes), the limit of one message")
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("the line is not UTF-8 text") from None
    if not line.strip():
        return None
    try:
        message = read_line(line, TO_BOT)
    except ValueError as error:
        raise ValueError(f"the line holds {error}") from None
    if not isinstance(message, Decide):
        bot.notify(msgspec.to_builtins(message))  # hello, round_over, game_over need no answer
        return None
    view = view_of(message)
    try:
        action = bot.decide(view)
    except Exception as error:  # noqa: BLE001 - a view check missed something; say so on one line
        raise ValueError(f"the {level} level could not play this position ({type(error).__name__}: {error})") from None
    return json.dumps({"action": action.to_list()})


def _reason(error: Exception) -> str:
    """ValueErrors are ours, already plain sentences; anything else gets its type named."""
    return one_line(str(error) if isinstance(error, ValueError) else f"{type(error).__name__}: {error}", 300)
