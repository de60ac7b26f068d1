"""The host's network thread: the websockets server on an asyncio loop of its own, which reads,
checks and rate-limits what each connection sends and hands the well-formed messages to the
table's thread through an inbox (host.py's `NetHost.pump` applies them). A connection's sends
go through a bounded queue: one that stops reading is dropped.

`Server` is the door NetHost owns (`host.server`): it keeps to itself what the network thread
touches (the connections and their tasks, the admission gate, the known tokens) and gives the
table's thread a small API: its inbox, send, close with a code, turn away, shut down.

Where a hello goes is its `Tables`' to say: a hosted table's door has one (`OneTable`: the join
code, its inbox); a room server's (game/server) has many behind one door, found by the room's
code, and may also make one (`create`) and say what its rooms' computers may do (`ask_offer`); a code
it does not hold here it may `locate` elsewhere (the room runs on another process: the client is sent
there with a `redirect`). Everything else, the reader, the limits, the admission gate, the half-open
timeouts, is the same door for both.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
import logging
import socket
import ssl
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.wire.closing import CLOSE_AWAY, CLOSE_FINAL, CLOSE_POLICY, CLOSE_SEAT_GONE, CLOSE_TRY_LATER

from .admission import (
    BACKLOG,
    Admission,
    WrongCodes,
    forwarded_address,
    gated_connection,
    quiet_loop_errors,
    same_secret,
)
from .inbox import Inbox
from .protocol import (
    MAX_FRAME,
    PROTOCOL_VERSION,
    AskOffer,
    Bye,
    Create,
    Hello,
    Play,
    ProtocolError,
    Ready,
    Redirect,
    RefusalKind,
    Refused,
    decode_client,
    encode,
    one_line,
)
from .protocol import refused as refusal
from .strangers import LinesPerAddress, shown

log = logging.getLogger("skyjo.net.host")

MAX_CONNECTIONS = 64  # open WebSocket connections at once (admission.py caps every TCP connection before)
T = TypeVar("T")
LOCATE_WAIT = 5.0  # seconds a room server may take to say where a code's room is


@dataclass(frozen=True)
class Gone:
    """The connection closed (said on the inbox after its last message)."""

    why: str


@dataclass(frozen=True)
class Refusal:
    """Something the connection sent that the table's thread answers with a `refused` line."""

    reason: str
    kind: RefusalKind = "message"


Arrival = Hello | Play | Ready | Gone | Refusal  # what the table's thread is handed, with its client


@dataclass(frozen=True)
class Moved:
    """The code's table runs on another process (`url`): the client is sent there."""

    url: str


@dataclass(frozen=True)
class Over:
    """The code's table ended its game a moment ago: the client is told so, and stops."""


Located = Inbox[tuple["Client", Arrival]] | Moved | Over | None


class Tables(Protocol):
    """Where the door sends a hello (called on the network thread)."""

    def inbox_for(self, code: str) -> Inbox[tuple[Client, Arrival]] | None:
        """The inbox of the table whose code is `code` (compared in constant time), or None."""

    def knows_token(self, token: str) -> bool:
        """`token` is a claimed seat's: its hello is compared even past the wrong-code limits."""

    def create(self, message: Create, address: str) -> object:
        """The answer to a `create` from `address`: a `room` message, or a `refused` one (or an
        awaitable of one: a room kept elsewhere is answered once it is kept)."""

    def offer(self) -> object:
        """The answer to an `ask_offer`: an `offer` message (its rooms' computer levels and the most a
        decision thinks), or a `refused` one."""

    def locate(self, code: str) -> Awaitable[Located]:
        """Where the table whose code is `code` is when `inbox_for` found none here (on the network
        thread): taken over here now (its inbox), on another process, over, or nowhere (None)."""


class Door(Protocol):
    """What a NetHost asks of its door (a `Server` of its own, or its room's part of a room
    server's): the messages that arrived, and sending, seating and closing its clients."""

    lines: LinesPerAddress
    port: int

    @property
    def inbox(self) -> Inbox[tuple[Client, Arrival]]: ...

    @property
    def code(self) -> str: ...

    def know_tokens(self, tokens: tuple[str, ...]) -> None: ...

    def send(self, client: Client, message: object) -> None: ...

    def seat(self, client: Client, seat: int) -> None: ...

    def close(self, client: Client, code: int, reason: str) -> None: ...

    def turn_away(self, client: Client, reason: str, code: int) -> None: ...

    def shut_down(self, code: int, reason: str, wait: float) -> None: ...


class OneTable:
    """A hosted table's `Tables`: its join code and its inbox, and its claimed seats' tokens."""

    def __init__(self, code: str, inbox: Inbox[tuple[Client, Arrival]]) -> None:
        self.code = code
        self.inbox = inbox
        self.tokens: tuple[str, ...] = ()

    def inbox_for(self, code: str) -> Inbox[tuple[Client, Arrival]] | None:
        return self.inbox if same_secret(code.upper(), self.code.upper()) else None

    def knows_token(self, token: str) -> bool:
        return any(same_secret(token, known) for known in self.tokens)

    def create(self, message: Create, address: str) -> object:
        return refusal("this is a table served by one computer: it makes no rooms", "hello")

    def offer(self) -> object:
        return refusal("this is a table served by one computer: it makes no rooms", "hello")

    async def locate(self, code: str) -> Located:
        return None


def lan_address() -> str:
    """This computer's address on the local network, for the URL to show (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET: only picks the outgoing interface
            address: str = probe.getsockname()[0]
            return address
    except OSError:
        return "127.0.0.1"


class Client:
    """One connection, as the network thread sees it (the table thread only passes it around)."""

    def __init__(self, ws: ServerConnection, number: int, send_queue: int, rate: float, burst: int) -> None:
        self.ws = ws
        self.number = number
        self.peer = f"{ws.remote_address[0]}:{ws.remote_address[1]}" if ws.remote_address else "?"
        self._address = self.peer.rsplit(":", 1)[0]
        self.queue: asyncio.Queue[str] = asyncio.Queue(send_queue)
        self.seat: int | None = None  # set by the table thread once seated
        self.inbox: Inbox[tuple[Client, Arrival]] | None = None  # its table's, once its hello was taken
        self.gone = False
        self._rate, self._burst = rate, burst
        self._allowance, self._checked = float(burst), time.monotonic()
        self._warned_at = -1e9

    def __str__(self) -> str:
        return f"client {self.number} ({self.peer}{'' if self.seat is None else f', seat {self.seat}'})"

    @property
    def address(self) -> str:
        """The peer's address without its port (or the one its TLS proxy names): what the limits count by."""
        return self._address

    def forwarded_for(self, address: str) -> None:
        """This connection came through a TLS proxy of ours, for `address`."""
        self.peer = f"{address} via {self.peer}"
        self._address = address

    @property
    def rate(self) -> float:
        return self._rate

    def allow(self) -> float:
        """Token bucket (`rate` messages a second on average, `burst` at once): 0 when this
        message may be handled now, else how long to wait first. A legitimate player never
        waits; a flood is throttled to the rate, and nothing it sent is lost."""
        now = time.monotonic()
        self._allowance = min(self._burst, self._allowance + (now - self._checked) * self._rate)
        self._checked = now
        self._allowance -= 1
        return 0.0 if self._allowance >= 0 else -self._allowance / self._rate

    def warn_flood(self) -> bool:
        """One refusal a second for a flood, not one per dropped message."""
        now = time.monotonic()
        if now - self._warned_at < 1.0:
            return False
        self._warned_at = now
        return True


class Server:
    """The host's door: a websockets server on an asyncio loop in a daemon thread of its own.
    It owns what that thread touches (the connections and their tasks, the admission gate, the
    wrong-code limits, the known tokens) and hands the well-formed messages to the table's
    thread through `inbox`, each with its `Client`. Listening starts at construction (OSError
    when it cannot). The rest of its API is for the table's thread: `send` a message, `close`
    a connection with a code, `turn_away` a hello, `seat` a client, `know_tokens`, `shut_down`.

    `tables`: where hellos go when the door serves many tables (a room server); by default the
    one table whose code is `code`, through `inbox`. `tls`: wss://. `most`: the open WebSocket
    connections at once; `budget`: every TCP connection at once (admission.py's)."""

    def __init__(self, code: str, bind: str, port: int, *, hello_timeout: float, limits: tuple[int, float, int],
                 ping_interval: float, ping_timeout: float, wrong_codes: int,
                 known_tokens: tuple[str, ...] = (), tables: Tables | None = None, tls: ssl.SSLContext | None = None,
                 most: int | None = None, budget: int | None = None, proxies: frozenset[str] = frozenset()) -> None:
        self.hello_timeout = hello_timeout
        self._one = OneTable(code, Inbox())
        self._one.tokens = known_tokens  # the seats' tokens: a hello with one is never limited
        self._tables: Tables = self._one if tables is None else tables
        self._most = most  # (None: MAX_CONNECTIONS, read when a connection comes)
        self._limits = limits  # (send queue, rate, burst) of each client
        self._numbers = 0
        self._wrong_codes = WrongCodes(per_address=wrong_codes)
        self._admission = Admission(budget, proxies=proxies)
        self.lines = LinesPerAddress(log)  # what a connection makes the host log, counted by address
        # every task of ours still running (the loop holds only weak references)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loop = asyncio.new_event_loop()
        quiet_loop_errors(self._loop)
        self._server: Any = None
        self._failed: BaseException | None = None
        started = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(bind, port, ping_interval, ping_timeout, tls, started),
                                        name="skyjo-host", daemon=True)
        self._thread.start()
        started.wait(10)
        if self._failed is not None or self._server is None:
            raise OSError(f"cannot listen on {bind}:{port}: {self._failed or 'timed out'}")
        self.port: int = self._server.sockets[0].getsockname()[1]

    # ------------------------------------------------------------------ the table's thread
    @property
    def code(self) -> str:
        """The join code of the one table this door serves (a room server's door has none)."""
        return self._one.code

    @property
    def inbox(self) -> Inbox[tuple[Client, Arrival]]:
        """What the one table's players sent, each with its Client (a room's arrive in its own)."""
        return self._one.inbox

    def know_tokens(self, tokens: tuple[str, ...]) -> None:
        """The claimed seats' tokens now (read by the network thread at each hello)."""
        self._one.tokens = tokens

    def call_soon(self, callback: Callable[[], object]) -> None:
        """Run `callback` on the network thread (a room server runs its tables there)."""
        self._on_loop(callback)

    def _on_loop(self, callback: Callable[..., object], *args: Any) -> None:
        """`callback(*args)` soon on the network thread: from that thread itself without waking its
        loop through the self-pipe (a write and a read for every message a room server sends)."""
        if threading.get_ident() == self._thread.ident:
            self._loop.call_soon(callback, *args)
        else:
            self._loop.call_soon_threadsafe(callback, *args)

    def call_later(self, delay: float, callback: Callable[[], object]) -> None:
        """Run `callback` on the network thread in `delay` seconds."""
        self._loop.call_soon_threadsafe(self._loop.call_later, delay, callback)

    def submit(self, coroutine: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run `coroutine` on the network thread (a room server's shared store talks there); its future."""
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop)

    @property
    def connections(self) -> int:
        """WebSocket connections open now (read on the network thread, or as an estimate)."""
        return len(self._server.connections) if self._server is not None else 0

    def send(self, client: Client, message: object) -> None:
        """Queue `message` for `client` (dropped if it stopped reading)."""
        text = encode(message)
        self._on_loop(self._push, client, text)

    def seat(self, client: Client, seat: int) -> None:
        """`client` plays `seat`: the admission gate no longer counts it as a stranger."""
        self._on_loop(self._admission.seat, client.ws, seat)

    def close(self, client: Client, code: int, reason: str) -> None:
        """Close `client`'s connection with close `code` (e.g. its seat was taken back)."""
        self._call(self._close(client, code, reason))

    def finish(self, client: Client, code: int, reason: str) -> None:
        """Close `client`'s connection with `code` once what was sent to it has left (a second at most)."""
        self._call(self._finish(client, code, reason))

    def turn_away(self, client: Client, reason: str, code: int) -> None:
        """Refuse `client`'s hello with `reason`, then close its connection with `code`."""
        self._call(self._refuse_and_close(client, reason, code))

    def shut_down(self, code: int, reason: str, wait: float) -> None:
        """Close every connection with `code` and stop the thread, within about `wait` seconds each."""
        if self._thread.is_alive():
            future = asyncio.run_coroutine_threadsafe(self._shutdown(code, reason), self._loop)
            try:
                future.result(wait)
            except Exception:  # noqa: BLE001 - closing must end whatever the connections do
                log.warning("the connections did not all close in time")
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(wait)
        self.lines.tell_held_back()

    # ------------------------------------------------------------------ the network thread
    def _run(self, bind: str, port: int, ping_interval: float, ping_timeout: float, tls: ssl.SSLContext | None,
             started: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)

        async def listen() -> Any:
            return await serve(
                self._serve, bind, port, max_size=MAX_FRAME, compression=None, ping_interval=ping_interval,
                ping_timeout=ping_timeout, open_timeout=self.hello_timeout, close_timeout=1, max_queue=16,
                logger=logging.getLogger("skyjo.net.websockets"), backlog=BACKLOG, ssl=tls,
                create_connection=gated_connection(self._admission))

        try:
            self._server = self._loop.run_until_complete(listen())
        except (OSError, ValueError) as error:  # ValueError: a port out of range
            self._failed = error
            started.set()
            return
        started.set()
        self._loop.run_forever()
        self._finish_tasks()

    def _finish_tasks(self) -> None:
        """Once the loop stopped: cancel what still runs and let it end, so that nothing is left
        for the interpreter to destroy at exit (which it reports with tracebacks)."""
        left = asyncio.all_tasks(self._loop)
        for task in left:
            task.cancel()
        if left:
            self._loop.run_until_complete(asyncio.wait(left, timeout=1.0))

    def _spawn(self, coroutine: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run `coroutine` on the loop as a task we keep until it ends (on the network thread)."""
        task = self._loop.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _call(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        """Run `coroutine` on the network thread (from the table's thread, or a room's on that thread)."""
        self._on_loop(self._spawn, coroutine)

    async def _serve(self, ws: ServerConnection) -> None:
        self._numbers += 1
        client = Client(ws, self._numbers, *self._limits)
        handler = asyncio.current_task()
        if handler is not None:  # (always, in a task) kept, so that stopping the host can cancel it
            self._tasks.add(handler)
            handler.add_done_callback(self._tasks.discard)
        writer = self._spawn(self._write(client))
        refusal = self._refusal(client)
        if refusal is not None:
            await self._refuse_and_close(client, *refusal)
            writer.cancel()
            return
        why = "connection closed"
        try:
            why = await self._converse(client)
        except ConnectionClosed as closed:
            why = f"connection closed ({closed.rcvd.code if closed.rcvd else 'no close frame'})"
        finally:
            client.gone = True
            if client.inbox is not None:  # (a connection never seated is nobody's)
                client.inbox.put((client, Gone(why)))
            writer.cancel()

    def _refusal(self, client: Client) -> tuple[str, int] | None:
        """Why `client` is turned away once its handshake is done (and the close code), or None;
        one through a TLS proxy is known by the address the proxy names from here on."""
        if len(self._server.connections) > (MAX_CONNECTIONS if self._most is None else self._most):
            return "too many connections to this table", CLOSE_TRY_LATER
        if client.address in self._admission.proxies:
            request = client.ws.request
            named = forwarded_address(request.headers.get_all("X-Forwarded-For") if request is not None else [])
            if named is None:
                return "the proxy did not say whom it connects for (X-Forwarded-For)", CLOSE_POLICY
            client.forwarded_for(named)
        return None

    async def _converse(self, client: Client) -> str:  # noqa: C901 - the hello, then each message, with their refusals
        ws = client.ws
        try:
            first = await asyncio.wait_for(ws.recv(), self.hello_timeout)
        except TimeoutError:
            await self._refuse_and_close(client, f"no hello within {self.hello_timeout:g} s", CLOSE_TRY_LATER)
            return "no hello"
        ended = await self._first(client, first)
        if ended is not None:
            return ended
        inbox = client.inbox
        assert inbox is not None  # (seated by its hello)
        async for raw in ws:
            if client.gone:  # closed by us (replaced, too slow): what it sent before is not read
                break
            pause = client.allow()
            if pause:  # a flood is slowed down, not read faster: the transport stops reading it
                if client.warn_flood():
                    inbox.put((client, Refusal(f"too many messages: {client.rate:g} a second at most; "
                                                     "the rest wait")))
                await asyncio.sleep(pause)
            try:
                message = decode_client(raw)
            except ProtocolError as error:
                inbox.put((client, Refusal(str(error))))
                continue
            match message:
                case Bye():
                    await ws.close()
                    return "said bye"
                case Hello():
                    inbox.put((client, Refusal("hello comes once, first")))
                case Create() | AskOffer():
                    inbox.put((client, Refusal("a room is asked for on a connection of its own")))
                case Play() | Ready():
                    inbox.put((client, message))
        return "connection closed"

    async def _first(self, client: Client, first: str | bytes) -> str | None:
        """The first message: a hello handed to its table (None), or why the connection ends
        (a `create` or an `ask_offer` answered, a client sent to another process, a hello turned away)."""
        hello, problem, code = self._hello_problem(client, first)
        if isinstance(hello, Create):
            return await self._create(client, hello)
        if isinstance(hello, AskOffer):
            return await self._answer_offer(client)
        if isinstance(hello, Hello) and client.inbox is None:
            hello, problem, code = await self._elsewhere(client, hello)
        if hello is None or client.inbox is None:
            if not problem:  # (sent on already)
                return "sent to another process"
            await self._refuse_and_close(client, problem, code)
            return problem
        client.inbox.put((client, hello))
        return None

    def _hello_problem(self, client: Client, raw: str | bytes) -> tuple[Hello | Create | AskOffer | None, str, int]:
        """The hello in this first message (its table's inbox set on `client`), or why it cannot be
        one here (and the close code to say it with). Past the wrong-code limits only a hello with a
        seat's token is compared. A `create` is handed back as it is, for its tables to answer; an
        `ask_offer` too, within the wrong-code limits a hello without a token meets."""
        try:
            message = decode_client(raw)
        except ProtocolError as error:
            return None, str(error), CLOSE_POLICY
        if not isinstance(message, Hello | Create | AskOffer):
            return None, "the first message must be a hello", CLOSE_POLICY
        if message.version != PROTOCOL_VERSION:
            return None, f"this host speaks protocol version {PROTOCOL_VERSION}, not {message.version}", CLOSE_POLICY
        if isinstance(message, Create):
            return message, "", 0
        address = client.address
        token = message.token if isinstance(message, Hello) else None
        if token is None or not self._tables.knows_token(token):
            limited = self._wrong_codes.refusal(address)
            if limited:
                return None, limited, CLOSE_TRY_LATER
        if isinstance(message, AskOffer):
            return message, "", 0
        client.inbox = self._tables.inbox_for(message.code)  # (None: perhaps elsewhere, `_elsewhere` asks)
        return message, "", 0

    async def _elsewhere(self, client: Client, message: Hello) -> tuple[Hello | None, str, int]:
        """A hello whose code has no table here: taken over here, sent on to the process that runs
        it (a `redirect`, then the close), told the game is over, or a wrong code."""
        try:
            found = await asyncio.wait_for(self._tables.locate(message.code), LOCATE_WAIT)
        except Exception as error:  # noqa: BLE001 - a shared store that does not answer: the client tries again
            log.warning("cannot find where a room is: %s", one_line(str(error) or type(error).__name__))
            return None, "the server cannot find its rooms just now; try again", CLOSE_TRY_LATER
        match found:
            case Moved(url=url):
                self._push(client, encode(Redirect(url)))
                await self._finish(client, CLOSE_AWAY, "the room is on another server process")
                return None, "", 0
            case Over():
                return None, "the game is over", CLOSE_FINAL
            case None:
                self._wrong_codes.wrong(client.address)
                return None, "wrong join code", CLOSE_SEAT_GONE
        client.inbox = found
        return message, "", 0

    async def _create(self, client: Client, message: Create) -> str:
        """Answer a `create` (a room made, or why not) and close: the maker joins with a hello."""
        answer = self._tables.create(message, client.address)
        if inspect.isawaitable(answer):
            answer = await answer
        self._push(client, encode(answer))
        try:
            await asyncio.wait_for(client.queue.join(), 1.0)
        except TimeoutError:
            pass
        await self._close(client, CLOSE_FINAL, "done")
        return "made a room" if not isinstance(answer, Refused) else "refused a room"

    async def _answer_offer(self, client: Client) -> str:
        """Answer an `ask_offer` (what the rooms' computers may do here, or why not) and close."""
        answer = self._tables.offer()
        self._push(client, encode(answer))
        await self._finish(client, CLOSE_FINAL, "done")
        return "told what its rooms offer" if not isinstance(answer, Refused) else "refused to say what it offers"

    async def _refuse_and_close(self, client: Client, reason: str, code: int = CLOSE_POLICY) -> None:
        self.lines.warning(client.address, "%s turned away: %s", client, shown(one_line(reason)))
        self._push(client, encode(refusal(reason, "hello")))
        try:
            await asyncio.wait_for(client.queue.join(), 1.0)
        except TimeoutError:
            pass
        await self._close(client, code, reason)

    async def _finish(self, client: Client, code: int, reason: str) -> None:
        try:
            await asyncio.wait_for(client.queue.join(), 1.0)
        except TimeoutError:
            pass
        await self._close(client, code, reason)

    async def _close(self, client: Client, code: int, reason: str) -> None:
        client.gone = True
        try:
            await asyncio.wait_for(client.ws.close(code, one_line(reason, 120)), 1.5)
        except (TimeoutError, ConnectionClosed):
            pass

    def _push(self, client: Client, text: str) -> None:
        if client.gone:
            return
        try:
            client.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.lines.warning(client.address, "%s dropped: it stopped reading (%d messages waiting)", client,
                               client.queue.qsize())
            client.gone = True
            self._spawn(self._close(client, CLOSE_POLICY, "too slow: you stopped reading"))

    async def _write(self, client: Client) -> None:
        while True:
            text = await client.queue.get()
            try:
                await client.ws.send(text)
            except ConnectionClosed:
                return
            finally:
                client.queue.task_done()

    async def _shutdown(self, code: int, reason: str) -> None:
        self._server.close(close_connections=False)
        opened = list(self._server.connections)
        closing = [asyncio.wait_for(connection.close(code, reason), 1.0) for connection in opened]
        await asyncio.gather(*closing, return_exceptions=True)  # together: a deaf one costs 1 s, not 1 s each
        for connection in list(self._admission.open):  # deaf ones, and those that never finished their handshake
            if connection.transport is not None:
                connection.transport.abort()
        # what still runs is cancelled: a handler still reading what a flood sent before the close
        # (throttled, it could take minutes), the writers, a close under way
        running = [task for task in self._tasks if task is not asyncio.current_task()]
        for task in running:
            task.cancel()
        if running:
            await asyncio.wait(running, timeout=1.0)
        await asyncio.wait_for(self._server.wait_closed(), 1.0)
