"""The connection to a host: `NetClient` talks to it in a thread of its own (websockets'
threading API) and hands every decoded message to the frame loop through a bounded queue; a
lost connection is retried with the seat token, backing off, for RECONNECT_FOR seconds,
whatever the refusal, unless the host said the seat is gone (game/wire/closing.py). A room
server's process that does not run our room sends us to the one that does (`redirect`): followed
at once, a few times in a row at most, only to wss:// or to ws:// on this computer; a lost
connection goes back to the address we were given, which any of the server's processes answers.
`RemoteTable` (client.py) is what a screen drives on top of it.
"""

from __future__ import annotations

import ipaddress
import logging
import ssl
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from game.rules import SeatView
from game.wire.closing import CLOSE_FINAL, CLOSE_POLICY, STOP_CODES

from . import protocol as wire
from .inbox import Inbox
from .protocol import MAX_FRAME, HostMessage, ProtocolError, decode_host, encode, hello
from .seat_tokens import KeepsSeatTokens
from .strangers import shown

log = logging.getLogger("skyjo.net.client")

RECONNECT_FOR = 15 * 60.0  # seconds a lost connection is retried (a seat is kept at least 10 minutes)
BACKOFF_FIRST, BACKOFF_MOST = 0.25, 5.0  # seconds between tries, doubling
OPEN_TIMEOUT = 5.0
CLOSE_BAD_HOST = CLOSE_POLICY  # ours: the host broke the protocol or sent too much
MAX_INBOX = 1000  # host messages received and not yet delivered; past it the host sent too much
CONNECTING, CONNECTED, RECONNECTING, CLOSED = "connecting", "connected", "reconnecting", "closed"
MOST_REDIRECTS = 3  # redirects followed in a row (a loop between two processes ends there)


@dataclass(frozen=True)
class Status:
    """The connection changed (handed to the screen in order with the host's messages)."""

    status: str
    reason: str = ""


def parse_address(text: str) -> str:
    """The URL of what a player typed: "192.168.1.20:50123", "ws://192.168.1.20:50123"...;
    ValueError in one line when it is not an address with a port."""
    text = text.strip()
    url = text if "://" in text else f"ws://{text}"
    check_url(url)
    try:
        port = urlsplit(url).port
    except ValueError:
        port = None
    if port is None:
        raise ValueError(f"{text!r} has no port: an address looks like 192.168.1.20:50123")
    return url.rstrip("/")


@dataclass(frozen=True)
class Untrusted:
    """A wss:// server whose certificate this computer cannot trust: its host's name and why
    (OpenSSL's words); a screen words it in the player's language (scenes/online.py)."""

    host: str
    why: str

    @classmethod
    def of(cls, url: str, error: ssl.SSLCertVerificationError) -> Untrusted:
        return cls(urlsplit(url).hostname or url, str(error.verify_message or error.reason or "not trusted"))

    def __str__(self) -> str:
        return (f"the certificate of {self.host} could not be checked ({self.why}): "
                "the server needs a certificate this computer trusts")


def certificate_problem(url: str, error: ssl.SSLCertVerificationError) -> str:
    """A wss:// server whose certificate this computer cannot trust, said in one sentence."""
    return str(Untrusted.of(url, error))


def check_url(url: str) -> str:
    """`url` if it is a ws:// or wss:// address with a host; ValueError in one line otherwise."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        raise ValueError(f"{url!r} is not an address like ws://192.168.1.20:50123") from None
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise ValueError(f"{url!r} is not an address like ws://192.168.1.20:50123")
    return url


def redirect_target(url: str) -> str:
    """Where a `redirect` may send us: a wss:// address, or a ws:// one on this computer (a plain
    address elsewhere would show our seat token to anyone on the way); ValueError in one line."""
    try:
        check_url(url)
    except ValueError:
        raise ValueError(f"the server sent us on to {url!r}, which is not an address") from None
    parts = urlsplit(url)
    if parts.scheme == "wss" or _is_loopback(parts.hostname or ""):
        return url
    raise ValueError(f"the server sent us on to {url!r}: plain ws:// is followed only on this computer "
                     "(wss:// anywhere)")


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Dial:
    """How the host is reached: its address, what a wss:// host's certificate is checked against
    (None: the system's store) and how long a lost connection is tried again."""

    url: str
    tls: ssl.SSLContext | None = None
    reconnect_for: float = RECONNECT_FOR


class Route:
    """Where the connection goes: how the host is reached (`dial`: the address we were given, which
    any of a server's processes answers, and its certificate check), where we connect now (`now`: a
    process it sent us to), and the redirect the connection under way said (`sent_on`, written by
    the connection's thread)."""

    def __init__(self, dial: Dial) -> None:
        self.dial = dial
        self.now = dial.url
        self.sent_on: str | None = None

    @property
    def entry(self) -> str:
        """The address we were given: any of a server's processes answers it."""
        return self.dial.url


class SeatClaim:
    """Who we are to the host: the table's code, our name, the seat we ask for and, once
    welcomed, the seat token that lets us back in, kept in the player's store (by address and
    code) so that a rejoin, even after a restart, finds it."""

    def __init__(self, url: str, code: str, name: str, token: str | None, seat: int | None,
                 store: KeepsSeatTokens | None) -> None:
        self.code = code
        self.name = name
        self.seat = seat
        self.store = store
        self.key = f"join {url} {code}"
        self.token = token if token is not None else (store.tokens.get(self.key) if store is not None else None)

    def hello(self) -> wire.Hello:
        return hello(self.code, self.name, self.token, self.seat)

    def granted(self, message: wire.Welcome) -> None:
        """The host welcomed us to `message.seat`: keep its token (a failed write is only logged)."""
        first = self.token is None
        self.token, self.seat = message.token, message.seat
        if self.store is not None and (first or self.store.tokens.get(self.key) != self.token):
            try:
                self.store.tokens.keep(self.key, self.token)
            except Exception as error:  # noqa: BLE001 - the game goes on; only a rejoin would suffer
                log.warning("the seat token could not be kept: %s", error)


class Line:
    """The websocket open now, if any: the connection's thread opens and drops it, any thread
    sends on it or hangs it up (under a lock, as the thread may drop it meanwhile)."""

    def __init__(self) -> None:
        self._ws: ClientConnection | None = None
        self._lock = threading.Lock()

    def now(self) -> ClientConnection | None:
        with self._lock:
            return self._ws

    @contextmanager
    def holding(self, ws: ClientConnection) -> Iterator[None]:
        """`ws` is the line while the body runs (the thread reads it)."""
        with self._lock:
            self._ws = ws
        try:
            yield
        finally:
            with self._lock:
                self._ws = None

    def send(self, message: wire.ClientMessage) -> bool:
        """Send one message now (from any thread); False when not connected."""
        ws = self.now()
        if ws is None:
            return False
        try:
            ws.send(encode(message))
        except (ConnectionClosed, OSError, RuntimeError):
            return False
        return True

    def hang_up(self) -> None:
        ws = self.now()
        if ws is not None:
            try:
                ws.close()
            except Exception:  # noqa: BLE001 - closing a broken connection
                pass


class NetClient:
    """The connection to one host, in a thread: `messages` (its inbox) receives decoded host
    messages and a `Status` when the connection changes. Its parts: the `claim` (who we are to
    the host, our seat token) and the `line` (the websocket open now)."""

    def __init__(self, url: str, code: str, name: str, token: str | None = None, *, seat: int | None = None,
                 store: KeepsSeatTokens | None = None, reconnect_for: float = RECONNECT_FOR,
                 tls: ssl.SSLContext | None = None) -> None:
        self.route = Route(Dial(check_url(url), tls, reconnect_for))
        self.untrusted: Untrusted | None = None  # the server's certificate could not be trusted: nothing sent
        self.claim = SeatClaim(url, code, name, token, seat, store)
        self.line = Line()
        self.messages: Inbox[HostMessage | Status] = Inbox()
        self.finished = False  # the host ended the games (as opposed to a lost connection)
        self.reason = ""  # why the connection closed for good
        self.host_at_fault = False  # ... because the host sent a bad message or too much
        # written by the thread, read by the screen: the latest connection status and its reason,
        # the welcome (seat, names, config) and the first view, before `RemoteTable.update` delivers them
        self.status, self.status_reason = CONNECTING, ""
        self.welcome: wire.Welcome | None = None
        self.lobby: wire.Lobby | None = None  # the latest lobby: who has come (a room's screen shows it)
        self.first_view: SeatView | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="skyjo-client", daemon=True)

    @property
    def dial(self) -> Dial:
        """How the host is reached (its address, the certificate check, how long to retry)."""
        return self.route.dial

    @property
    def url(self) -> str:
        """Where we connect now (the address we were given, or the process it sent us to)."""
        return self.route.now

    def start(self) -> None:
        if not self._thread.is_alive() and not self._stop.is_set():
            self._thread.start()

    @property
    def gone(self) -> bool:
        """The connection's thread has ended (whatever its last status says): nothing more will come."""
        return self._thread.ident is not None and not self._thread.is_alive()

    def send(self, message: wire.ClientMessage) -> bool:
        """Send one message now (from any thread); False when not connected."""
        return self.line.send(message)

    def close(self) -> None:
        """Say bye and stop (bounded: the thread is a daemon and is waited for 2 s at most)."""
        self._stop.set()
        self.status = CLOSED
        self.send(wire.Bye())
        self.line.hang_up()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(2.0)

    # ------------------------------------------------------------------ the thread
    def _status(self, status: str, reason: str = "") -> None:
        self.status, self.status_reason = status, reason
        self.messages.put(Status(status, reason))

    def _run(self) -> None:
        """The thread: whatever goes wrong in it ends as a closed status with a reason, never
        as a thread that died silently (a screen or `skyjo join --bot` would wait for ever)."""
        try:
            self._connect_and_retry()
        except Exception as error:  # said once, in one line, to the player
            log.warning("the connection failed: %s", error, exc_info=True)
            self.reason = f"the connection failed: {type(error).__name__}: {error}"[:300]
            self.host_at_fault = True  # (a message from the host got past the checks: nothing it says is trusted)
            self._status(CLOSED, self.reason)

    def _connect_and_retry(self) -> None:
        welcomed_once = False
        lost_at: float | None = None
        delay = BACKOFF_FIRST
        redirects = 0
        while not self._stop.is_set():
            outcome, welcomed, reason = self._session()
            welcomed_once = welcomed_once or welcomed
            if welcomed:
                lost_at, delay = None, BACKOFF_FIRST
            if self._stop.is_set():
                break
            if outcome == "moved" and redirects < MOST_REDIRECTS:
                redirects += 1
                self.route.now = reason  # the same hello there, at once
                continue
            if outcome == "moved":
                outcome, reason = "bad", f"the server sent us on {redirects + 1} times in a row: a loop"
            sent_on, redirects = redirects > 0, 0
            # never welcomed (a wrong code, no host there), or told to stop: say so, stop. Once
            # welcomed, any other refusal (host full, try later...) is retried for reconnect_for
            if outcome in ("finished", "stop", "bad") or not (welcomed_once or sent_on):
                self.finished = outcome == "finished"
                self.host_at_fault = outcome == "bad"
                self.reason = reason
                self._status(CLOSED, reason)
                return
            self.route.now = self.route.entry  # a process we were sent to may be gone (its rooms move)
            if lost_at is None:
                lost_at = time.monotonic()
                self._status(RECONNECTING, reason)
            if time.monotonic() - lost_at > self.dial.reconnect_for:
                self.reason = f"the host could not be reached for {self.dial.reconnect_for / 60:g} minutes"
                self._status(CLOSED, self.reason)
                return
            self._stop.wait(delay)
            delay = min(delay * 2, BACKOFF_MOST)
        self._status(CLOSED, "closed")

    def _session(self) -> tuple[str, bool, str]:
        """One connection: ("finished" | "stop" | "bad" | "refused" | "lost", whether it was welcomed,
        why). "stop": the host said the seat is gone; "bad": it broke the protocol or sent too much."""
        try:
            ws = connect(self.url, open_timeout=OPEN_TIMEOUT, close_timeout=1, max_size=MAX_FRAME, compression=None,
                         proxy=None, ping_interval=10, ping_timeout=10, legacy=True, ssl=self.dial.tls)
        except InvalidURI as error:
            return "refused", False, str(error)
        except ssl.SSLCertVerificationError as error:
            self.untrusted = Untrusted.of(self.url, error)
            return "refused", False, str(self.untrusted)
        except (OSError, InvalidHandshake, TimeoutError) as error:
            return "lost", False, f"cannot reach {self.url}: {error}"
        self.route.sent_on = None
        with self.line.holding(ws):
            bad, welcomed, refusal = self._listen(ws)
        if bad is not None:
            return "bad", welcomed, bad
        if self.route.sent_on is not None:
            return "moved", welcomed, self.route.sent_on
        sent = ws.protocol.close_sent
        if sent is not None and sent.code == 1009:  # the transport refused a frame over MAX_FRAME
            return "bad", welcomed, f"the host sent a bad message: a frame over {MAX_FRAME // 1024} KiB"
        code = ws.close_code
        if code == CLOSE_FINAL:
            return "finished", welcomed, ws.close_reason or STOP_CODES[code]
        if code in STOP_CODES:
            return "stop", welcomed, refusal or ws.close_reason or STOP_CODES[code]
        if refusal is not None:
            return "refused", welcomed, refusal
        return "lost", welcomed, "connection lost"

    def _listen(self, ws: ClientConnection) -> tuple[str | None, bool, str | None]:
        """Say hello, then queue what the host sends until the connection closes: (why the host
        is at fault, when it broke the protocol or sent too much, else None; whether it welcomed
        us; its refusal before any welcome)."""
        welcomed, refusal = False, None
        try:
            ws.send(encode(self.claim.hello()))
            for raw in ws:
                if self.messages.qsize() >= MAX_INBOX:  # the screen is far behind: a flood, not a game
                    log.warning("the host sent too much: %d messages waiting", MAX_INBOX)
                    ws.close(CLOSE_BAD_HOST, "too many messages")
                    return f"the host sent too much: over {MAX_INBOX} messages waiting", welcomed, refusal
                try:
                    message = decode_host(raw)
                    self._check_agrees(message)
                    if isinstance(message, wire.Redirect):
                        self.route.sent_on = self._redirected(message.url, welcomed)
                except ProtocolError as error:  # a host that breaks the protocol: nothing it says is trusted
                    log.warning("the host sent a bad message: %s", shown(error))  # anybody's text, escaped
                    ws.close(CLOSE_BAD_HOST, "bad message")
                    return f"the host sent a bad message: {error}", welcomed, refusal
                if self.route.sent_on is not None:  # (said once: nothing else comes on this connection)
                    ws.close()
                    break
                welcomed, refusal = self._take(message, welcomed, refusal)
        except (ConnectionClosed, OSError):
            pass
        return None, welcomed, refusal

    def _take(self, message: HostMessage, welcomed: bool, refusal: str | None) -> tuple[bool, str | None]:
        """Note what a message tells this connection and queue it for the screen: (whether the host
        has welcomed us, its refusal before any welcome)."""
        match message:
            case wire.Welcome():
                welcomed = True
                self._welcomed(message)
            case wire.Table() if self.first_view is None:
                self.first_view = message.seat_view
            case wire.Lobby():
                self.lobby = message
            case wire.Refused(reason=reason) if not welcomed:
                refusal = reason
        self.messages.put(message)
        return welcomed, refusal

    @staticmethod
    def _redirected(url: str, welcomed: bool) -> str:
        """Where a redirect sends us; ProtocolError for one after the welcome or to an address we
        do not follow (the host is then at fault: the connection closes for good, in one line)."""
        if welcomed:
            raise ProtocolError("a redirect after the welcome")
        try:
            return redirect_target(url)
        except ValueError as error:
            raise ProtocolError(str(error)) from None

    def _check_agrees(self, message: HostMessage) -> None:
        """ProtocolError unless `message` fits the game we were welcomed to: its players, its
        edition and our seat (the screen was built for that game; a 4-player view at a 2-player
        table would crash it)."""
        if self.welcome is None:
            if isinstance(message, wire.Table | wire.RoundOver):
                raise ProtocolError(f"a {type(message).__struct_config__.tag} message before the welcome")
            return
        config = self.welcome.match
        match message:
            case wire.Welcome() if message.match.players != config.players or message.match.edition != config.edition:
                raise ProtocolError("a second welcome to another game")
            case wire.Table(seat_view=view) if (view.players != config.players or view.edition.name != config.edition
                                                 or view.seat != self.claim.seat):
                raise ProtocolError(f"a view of seat {view.seat} of a {view.players}-player {view.edition.name} "
                                    f"game, but we hold seat {self.claim.seat} of a "
                                    f"{config.players}-player {config.edition} game")
            case wire.RoundOver(score_view=scores) if (scores.players != config.players
                                                        or scores.edition.name != config.edition):
                raise ProtocolError(f"scores of a {scores.players}-player game; ours has {config.players}")
            case wire.Lobby(seats=seats) if len(seats) != config.players:
                raise ProtocolError(f"a lobby of {len(seats)} seats; the game has {config.players}")
            case wire.Waiting(seat=seat) if seat >= config.players:
                raise ProtocolError(f"waiting for seat {seat}, not a seat of the game")

    def _welcomed(self, message: wire.Welcome) -> None:
        self.claim.granted(message)
        self.welcome = message
        self._status(CONNECTED)
