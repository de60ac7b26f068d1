"""The client: a seat at a table hosted on another computer.

    remote = RemoteTable(NetClient(url, code, name, store=store))
    remote.subscribe(on_message)     # TableEvents, Notice, RoundOver, GameOver, as from a TableController
    ...each frame the screen is idle: remote.update(dt)
    ...a click: reason = remote.play(action)      # None when sent
    ...after the scores were seen: remote.next_round()

`NetClient` talks to the host in a thread of its own (websockets' threading API) and hands
every decoded message to the frame loop through a queue; a lost connection is retried with
the seat token, backing off, for RECONNECT_FOR seconds. `RemoteTable` is what the play
screen drives instead of a TableController: the same calls, the same messages, but the
engine runs at the host, and what comes back is this seat's view only.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from game.i18n import N_
from game.match import MatchConfig
from game.rules import Action, ScoreView, SeatView
from game.sentences import sentence
from game.table import GameOver, NobodyToStandIn, Notice, Observer, RoundOver, TableEvents, TableMessage
from game.table.messages import detail
from game.wire.closing import CLOSE_FINAL, CLOSE_POLICY, CLOSE_REPLACED, CLOSE_SEAT_GONE, STOP_CODES

from . import protocol as wire
from .inbox import Inbox
from .protocol import MAX_FRAME, HostMessage, ProtocolError, decode_host, encode, hello

log = logging.getLogger("skyjo.net.client")

RECONNECT_FOR = 15 * 60.0  # seconds a lost connection is retried (a seat is kept at least 10 minutes)
BACKOFF_FIRST, BACKOFF_MOST = 0.25, 5.0  # seconds between tries, doubling
OPEN_TIMEOUT = 5.0
CLOSE_BAD_HOST = CLOSE_POLICY  # ours: the host broke the protocol or sent too much
__all__ = ["CLOSE_FINAL", "CLOSE_REPLACED", "CLOSE_SEAT_GONE", "NetClient", "RemoteTable", "Status", "STOP_CODES"]
MAX_INBOX = 1000  # host messages received and not yet delivered; past it the host sent too much
CONNECTING, CONNECTED, RECONNECTING, CLOSED = "connecting", "connected", "reconnecting", "closed"

# what this seat's own screen says of the connection and of the other players (worded here, in our language)
CONNECTION_LOST = sentence("connection_lost", N_("Connection lost: reconnecting…"))
RECONNECTED = sentence("reconnected", N_("Reconnected"))
DISCONNECTED = sentence("disconnected", N_("Disconnected: {reason}"))
PLAYER_BACK = sentence("player_back", N_("{name} is back."))
WAITING_FOR = sentence("waiting_for", N_("Waiting for {name} to reconnect…"))


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


class NetClient:
    """The connection to one host, in a thread: `messages` receives decoded host messages and
    a `Status` when the connection changes."""

    def __init__(self, url: str, code: str, name: str, token: str | None = None, *, seat: int | None = None,
                 store: Any = None, reconnect_for: float = RECONNECT_FOR) -> None:
        self.url = check_url(url)
        self.code = code
        self.name = name
        self.seat = seat
        self.store = store
        self.key = f"join {url} {code}"
        self.token = token if token is not None else (store.token(self.key) if store is not None else None)
        self.reconnect_for = reconnect_for
        self.messages: Inbox[HostMessage | Status] = Inbox()
        self.finished = False  # the host ended the games (as opposed to a lost connection)
        self.reason = ""  # why the connection closed for good
        self.host_at_fault = False  # ... because the host sent a bad message or too much
        # written by the thread, read by the screen: the latest connection status and its reason,
        # the welcome (seat, names, config) and the first view, before `RemoteTable.update` delivers them
        self.status, self.status_reason = CONNECTING, ""
        self.welcome: wire.Welcome | None = None
        self.first_view: SeatView | None = None
        self._ws: ClientConnection | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="skyjo-client", daemon=True)

    def start(self) -> None:
        if not self._thread.is_alive() and not self._stop.is_set():
            self._thread.start()

    @property
    def gone(self) -> bool:
        """The connection's thread has ended (whatever its last status says): nothing more will come."""
        return self._thread.ident is not None and not self._thread.is_alive()

    def send(self, message: wire.ClientMessage) -> bool:
        """Send one message now (from any thread); False when not connected."""
        with self._lock:
            ws = self._ws
        if ws is None:
            return False
        try:
            ws.send(encode(message))
        except (ConnectionClosed, OSError, RuntimeError):
            return False
        return True

    def close(self) -> None:
        """Say bye and stop (bounded: the thread is a daemon and is waited for 2 s at most)."""
        self._stop.set()
        self.status = CLOSED
        self.send(wire.Bye())
        with self._lock:
            ws = self._ws
        if ws is not None:
            try:
                ws.close()
            except Exception:  # noqa: BLE001 - closing a broken connection
                pass
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
        except Exception as error:  # noqa: BLE001 - said once, in one line, to the player
            log.warning("the connection failed: %s", error, exc_info=True)
            self.reason = f"the connection failed: {type(error).__name__}: {error}"[:300]
            self.host_at_fault = True  # (a message from the host got past the checks: nothing it says is trusted)
            self._status(CLOSED, self.reason)

    def _connect_and_retry(self) -> None:
        welcomed_once = False
        lost_at: float | None = None
        delay = BACKOFF_FIRST
        while not self._stop.is_set():
            outcome, welcomed, reason = self._session()
            welcomed_once = welcomed_once or welcomed
            if welcomed:
                lost_at, delay = None, BACKOFF_FIRST
            if self._stop.is_set():
                break
            # never welcomed (a wrong code, no host there), or told to stop: say so, stop. Once
            # welcomed, any other refusal (host full, try later...) is retried for reconnect_for
            if outcome in ("finished", "stop", "bad") or not welcomed_once:
                self.finished = outcome == "finished"
                self.host_at_fault = outcome == "bad"
                self.reason = reason
                self._status(CLOSED, reason)
                return
            if lost_at is None:
                lost_at = time.monotonic()
                self._status(RECONNECTING, reason)
            if time.monotonic() - lost_at > self.reconnect_for:
                self.reason = f"the host could not be reached for {self.reconnect_for / 60:g} minutes"
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
                         proxy=None, ping_interval=10, ping_timeout=10, legacy=True)
        except InvalidURI as error:
            return "refused", False, str(error)
        except (OSError, InvalidHandshake, TimeoutError) as error:
            return "lost", False, f"cannot reach {self.url}: {error}"
        welcomed, refusal = False, None
        with self._lock:
            self._ws = ws
        try:
            ws.send(encode(hello(self.code, self.name, self.token, self.seat)))
            for raw in ws:
                if self.messages.qsize() >= MAX_INBOX:  # the screen is far behind: a flood, not a game
                    log.warning("the host sent too much: %d messages waiting", MAX_INBOX)
                    ws.close(CLOSE_BAD_HOST, "too many messages")
                    return "bad", welcomed, f"the host sent too much: over {MAX_INBOX} messages waiting"
                try:
                    message = decode_host(raw)
                    self._check_agrees(message)
                except ProtocolError as error:  # a host that breaks the protocol: nothing it says is trusted
                    log.warning("the host sent a bad message: %s", error)
                    ws.close(CLOSE_BAD_HOST, "bad message")
                    return "bad", welcomed, f"the host sent a bad message: {error}"
                match message:
                    case wire.Welcome():
                        welcomed = True
                        self._welcomed(message)
                    case wire.Table() if self.first_view is None:
                        self.first_view = message.seat_view
                    case wire.Refused(reason=reason) if not welcomed:
                        refusal = reason
                self.messages.put(message)
        except (ConnectionClosed, OSError):
            pass
        finally:
            with self._lock:
                self._ws = None
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
                                                 or view.seat != self.seat):
                raise ProtocolError(f"a view of seat {view.seat} of a {view.players}-player {view.edition.name} "
                                    f"game, but we hold seat {self.seat} of a {config.players}-player {config.edition} game")
            case wire.RoundOver(score_view=scores) if (scores.players != config.players
                                                        or scores.edition.name != config.edition):
                raise ProtocolError(f"scores of a {scores.players}-player game; ours has {config.players}")
            case wire.Lobby(seats=seats) if len(seats) != config.players:
                raise ProtocolError(f"a lobby of {len(seats)} seats; the game has {config.players}")
            case wire.Waiting(seat=seat) if seat >= config.players:
                raise ProtocolError(f"waiting for seat {seat}, not a seat of the game")

    def _welcomed(self, message: wire.Welcome) -> None:
        first = self.token is None
        self.token, self.seat, self.welcome = message.token, message.seat, message
        if self.store is not None and (first or self.store.token(self.key) != self.token):
            try:
                self.store.save_token(self.key, self.token)
            except Exception as error:  # noqa: BLE001 - the game goes on; only a rejoin would suffer
                log.warning("the seat token could not be kept: %s", error)
        self._status(CONNECTED)


class RemoteTable(NobodyToStandIn):
    """A table hosted elsewhere, driven like a TableController (game/table/shape.py's Table)."""

    hotseat = False
    handoffs = 0

    def __init__(self, url: str | NetClient, code: str = "", name: str = "", *, store: Any = None,
                 speed: float = 1.0, token: str | None = None) -> None:
        """`RemoteTable(url, code, name, store=app.store)` connects at once (its NetClient
        keeps the seat token in `store`); `RemoteTable(client)` drives a NetClient made apart."""
        self.client = url if isinstance(url, NetClient) else NetClient(url, code, name, token, store=store)
        self._config: MatchConfig | None = None  # known once welcomed (see `ready` and `config`)
        self.names: list[str] = []
        self.seat = 0
        self.speed = speed  # the host paces the game; kept for the screen's sake
        self.scored_round = 0
        self.welcomed = False
        self.lobby: list[wire.LobbySeat] = []  # per seat, as the host last said
        self.waiting_for: wire.Waiting | None = None  # while a player reconnects
        self.games_over = 0
        self.last_refusal: str | None = None
        self.round_trips: list[float] = []  # seconds from a play sent to the table that shows it
        self.observers: list[Observer] = []
        self._told = CONNECTING  # the status the observers were last told of
        self._view: SeatView | None = None
        self._scores: ScoreView | None = None
        self._sent_at: float | None = None  # a play is on its way: no second one for this view
        self._sent: Action | None = None
        self.client.start()

    # ------------------------------------------------------------------ the connection
    @property
    def status(self) -> str:
        """"connecting", "connected", "reconnecting" or "closed", as the connection is now."""
        return self.client.status

    @property
    def status_reason(self) -> str:
        return self.client.status_reason

    @property
    def host_at_fault(self) -> str | None:
        """Why the connection closed for good when the host broke the protocol or sent too much
        (a screen leaves the table: nothing the host said can be trusted); None otherwise."""
        return self.client.reason if self.client.host_at_fault and self.client.status == CLOSED else None

    @property
    def ready(self) -> bool:
        """Welcomed and the game under way: `config`, `names`, `seat` and `view()` are known, so
        a table screen can open (its `update` then delivers the deal)."""
        welcome = self.client.welcome
        if welcome is not None and not self.welcomed:
            self._on_welcome(welcome)
        return self.welcomed and self.client.first_view is not None

    # ------------------------------------------------------------------ the Table shape
    @property
    def config(self) -> MatchConfig:
        """The match, as the host's welcome said (a screen opens once `ready`, so it is known)."""
        if self._config is None:
            raise RuntimeError("the host has not welcomed us yet: wait until the table is ready")
        return self._config

    record = None  # the engine and its record are at the host
    hosting = False  # (and nobody away to stand in for here: the host decides, see NobodyToStandIn)

    @property
    def broken(self) -> str | None:
        return self.host_at_fault

    def receive(self) -> None:
        """The connection's thread receives; `update` delivers, one table step at a time."""

    def subscribe(self, observer: Observer) -> None:
        self.observers.append(observer)

    def start(self) -> None:
        """Nothing to announce: the host sends the deal when its game starts."""

    def is_human(self, seat: int) -> bool:
        return seat == self.seat

    @property
    def handoff_due(self) -> bool:
        return False

    def acting_human(self) -> int | None:
        view = self._view
        if view is None or view.to_act != self.seat or not view.legal or self._sent is not None:
            return None
        return self.seat

    def view(self, seat: int | None = None) -> SeatView:
        """Our seat's latest delivered view, whatever `seat` is asked for. Before `update` has
        delivered a step it is the first view received (as a TableController's view before its
        `start` shows the dealt table); there is none before the table is `ready`."""
        view = self._view if self._view is not None else self.client.first_view
        if view is None:
            raise RuntimeError("the host has sent no table yet: wait until the table is ready")
        return view

    def score_view(self) -> ScoreView | None:
        """The latest round's public scoring facts."""
        return self._scores

    def wake_with(self, hook: Callable[[], object] | None) -> None:
        """Call `hook` (from the network thread) whenever the host's message arrives, so that a
        screen sleeping between frames can `update` at once."""
        self.client.messages.on_put = hook

    @property
    def waits_for_network(self) -> bool:
        """Everything the host sent has been delivered: what comes next comes over the network."""
        return self.caught_up

    @property
    def caught_up(self) -> bool:
        """Every message received so far has been delivered."""
        return self.client.messages.empty()

    def play(self, action: Action) -> str | None:
        view = self._view
        if view is None or action not in view.legal:
            return f"{action} is not one of your moves now"
        if self._sent is not None:
            return "your move is on its way to the host"
        if not self.client.send(wire.Play(action.to_list())):
            return "not connected to the host"
        self._sent, self._sent_at = action, time.perf_counter()
        return None

    def next_round(self) -> None:
        """The scores were seen: tell the host (it deals when every player is ready)."""
        self.client.send(wire.Ready(self.scored_round))

    def close(self) -> None:
        self.client.close()

    def update(self, dt: float) -> None:
        """Deliver what the host sent, in order, up to and including one table step."""
        while True:
            try:
                message = self.client.messages.get_nowait()
            except queue.Empty:
                return
            if self._deliver(message):
                return

    # ------------------------------------------------------------------ inside
    def _emit(self, message: TableMessage) -> None:
        for observer in list(self.observers):
            observer(message)

    def _deliver(self, message: HostMessage | Status) -> bool:
        """Handle one host message; True for a table step (one per update)."""
        match message:
            case wire.Table(seat_view=view, move=action):
                if self._sent is not None and action == self._sent and self._sent_at is not None:
                    self.round_trips.append(time.perf_counter() - self._sent_at)
                self._view, self._sent, self._sent_at = view, None, None
                self._emit(TableEvents(message.steps, action))
                return True
            case Status():
                self._on_status(message)
            case wire.Welcome():
                self._on_welcome(message)
            case wire.Lobby(seats=seats):
                self.lobby = seats
                self.names[:] = [seat.name for seat in seats]  # in place: a screen holds this list
            case wire.Notice(sentence=said):
                self._emit(Notice(said))
            case wire.RoundOver(round=number, score_view=scores):
                self._scores, self.scored_round = scores, number
                self._emit(RoundOver(number))
            case wire.GameOver():
                self.games_over += 1
                self._emit(GameOver())
            case wire.Waiting(why="returned", name=name):
                self.waiting_for = None
                self._emit(Notice(PLAYER_BACK.say(name=name)))
            case wire.Waiting(name=name):
                self.waiting_for = message
                self._emit(Notice(WAITING_FOR.say(name=name)))
            case wire.Refused(reason=reason, kind=kind):
                self.last_refusal = reason
                if kind == "play":  # a refused move: nothing moved, our seat may try again
                    self._sent = None
                log.warning("the host refused: %s", reason)
        return False

    def _on_status(self, message: Status) -> None:
        """A Notice when the connection changes (in order with the host's messages)."""
        before, self._told = self._told, message.status
        if self._told == RECONNECTING:
            self._sent = None  # whatever was on its way is lost; the host sends the table again
            self._emit(Notice(CONNECTION_LOST.say()))
        elif self._told == CONNECTED and before == RECONNECTING:
            self._emit(Notice(RECONNECTED.say()))
        elif self._told == CLOSED and before != CLOSED and not self.client.finished:
            self._emit(Notice(DISCONNECTED.say(reason=detail(message.reason))))

    def _on_welcome(self, message: wire.Welcome) -> None:
        self._config, self.seat = message.match, message.seat
        self.names[:] = message.names
        self.welcomed = True
