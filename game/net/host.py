"""The host: one authoritative table, served to players on other computers over WebSocket.

    host = NetHost(table, code, bind="0.0.0.0", port=0, store=store)
    print(host.url, host.code)        # ws://192.168.1.20:50123, "K7QX2M"
    host.start_game()                 # once every remote seat is claimed (host.all_claimed)
    ...each frame or tick, on the table's thread: host.pump(); table.update(dt)
    ...after a round: when host.ready_for(round) (or after a while) table.next_round()
    host.close(final=True)            # the games are over: the players' programs stop

The host owns its server (listener.py's `Server`, an asyncio loop in a daemon thread); it reads, checks
and rate-limits what each connection sends and hands the decoded messages to `pump`, which
applies them on the table's thread, dispatching on each message's declared type. The table's
observers run on that thread too, and each remote seat is sent its own filtered messages (its
`seat_view`, the events `for_seat`).

Every refusal is one `refused` line to that connection and one log line here; the game goes on.
Who may connect at all, and how many join codes may be guessed, is admission.py's.
"""

from __future__ import annotations

import logging
import queue
import secrets
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from game.match import MatchConfig
from game.rules import Action, SeatView
from game.rules.events import Event
from game.sentences import Sentence
from game.table import GameOver, Notice, RoundOver, TableEvents, TableMessage, TakenBack
from game.wire.closing import CLOSE_AWAY, CLOSE_FINAL, CLOSE_POLICY, CLOSE_REPLACED, CLOSE_SEAT_GONE, CLOSE_TRY_LATER
from game.wire.pieces import scores_to_wire
from game.wire.reading import convert

from . import protocol as wire
from .admission import WRONG_CODES, same_secret
from .listener import MAX_CONNECTIONS, Arrival, Client, Door, Gone, Refusal, Server, lan_address
from .notices import for_players, is_save_failure
from .protocol import Hello, Play, Ready, notice, one_line, refused, tables
from .seat_tokens import KeepsSeatTokens
from .served import ServedTable
from .strangers import shown

log = logging.getLogger("skyjo.net.host")

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CODE_LENGTH = 6
HELLO_TIMEOUT = 5.0  # seconds a new connection has to say hello
RATE = 100.0  # messages a second a client may send, on average (a person sends a few; a bot at full
BURST = 200  # speed up to ~70)... with this many at once; past that its messages wait
SEND_QUEUE = 256  # messages waiting for one client; past that it is not reading: dropped
PING_INTERVAL = 10.0  # the transport's keep-alive: a peer that answers no ping in time is gone
PING_TIMEOUT = 10.0
CLOSE_WAIT = 3.0  # seconds close() waits for the connections and the thread
__all__ = ["CLOSE_AWAY", "CLOSE_FINAL", "CLOSE_POLICY", "CLOSE_REPLACED", "CLOSE_SEAT_GONE", "CLOSE_TRY_LATER",
           "MAX_CONNECTIONS", "NetHost", "new_code", "public_config", "stored_port", "table_message"]


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def stored_port(text: str | None) -> int:
    """The port a resumed table listened on (0: any free one; the file is not trusted)."""
    try:
        port = int(text or 0)
    except ValueError:
        return 0
    return port if 0 < port < 65536 else 0


def table_message(view: SeatView, seat: int, events: tuple[Event, ...] = (),
                  action: Action | None = None) -> wire.Table:
    """What `seat` is sent after an engine step: its own view and the events as it may see them."""
    return wire.table(view, seat, events, action)


def public_config(config: MatchConfig) -> dict[str, Any]:
    """The match as a joiner may know it (MatchConfig.public: no seed, no program's command line)."""
    return config.public().to_dict()


T = TypeVar("T", bound=ServedTable)  # the table served (its owner keeps its own type: a TableController)


class NetHost(Generic[T]):
    """Serves `table` (a TableController whose remote seats wait for players) on the network;
    it asks the table only what served.py's ServedTable declares."""

    url: str  # ws://address:port, set once listening
    port: int

    def __init__(self, table: T, code: str, bind: str = "0.0.0.0", port: int = 0, *,
                 store: KeepsSeatTokens | None = None, resume: bool = False, hello_timeout: float = HELLO_TIMEOUT,
                 rate: float = RATE, burst: int = BURST, send_queue: int = SEND_QUEUE,
                 ping_interval: float = PING_INTERVAL, ping_timeout: float = PING_TIMEOUT,
                 door: Door | None = None) -> None:
        self.table = table
        self.store = store
        self.tokens: dict[int, str] = {}  # claimed remote seat -> its secret
        self.clients: dict[int, Client] = {}  # seated and connected
        self.ready: dict[int, int] = {}  # seat -> the last round whose scores it has seen
        self.live = False  # the game has begun: players are sent the table
        self._stand_in: str | None = None
        self._save_failure_told = False  # remote players were told the host cannot save, this run of failures
        if resume and store is not None:
            self.tokens = {seat: token for seat in self.remote_seats
                           if (token := store.tokens.get(f"host seat {seat}"))}
        elif store is not None:  # a new game: the seats of an older one are not given back
            for seat in range(len(table.config.seats)):
                if store.tokens.get(f"host seat {seat}") is not None:
                    store.tokens.keep(f"host seat {seat}", None)
        # `door`: its room's part of a room server's door (game/server), which says its own address
        self.server: Door = door or Server(
            code, bind, port, hello_timeout=hello_timeout, limits=(send_queue, rate, burst), wrong_codes=WRONG_CODES,
            ping_interval=ping_interval, ping_timeout=ping_timeout, known_tokens=tuple(self.tokens.values()))
        self.server.know_tokens(tuple(self.tokens.values()))
        table.subscribe(self._on_table)
        self.port = self.server.port
        address = lan_address() if bind in ("0.0.0.0", "", "::") else bind
        self.url = f"ws://{address}:{self.port}"
        if store is not None:
            store.tokens.keep("host code", code)
            store.tokens.keep("host port", str(self.port))
        log.info("hosting at %s", self.url)

    # ------------------------------------------------------------------ the owner's side
    @property
    def code(self) -> str:
        """The join code a player types (the server compares it)."""
        return self.server.code

    def wake_with(self, hook: Callable[[], object] | None) -> None:
        """Call `hook` (from the network thread) whenever a player's message arrives, so that an
        owner sleeping between frames can `pump` at once."""
        self.server.inbox.on_put = hook

    @property
    def remote_seats(self) -> list[int]:
        return [seat for seat, config in enumerate(self.table.config.seats) if config.is_remote]

    @property
    def all_claimed(self) -> bool:
        """Every remote seat has its player (who may be away just now)."""
        return all(seat in self.tokens for seat in self.remote_seats)

    @property
    def away(self) -> list[int]:
        """Claimed remote seats whose player is not connected."""
        return [seat for seat in self.tokens if seat not in self.clients]

    @property
    def stand_in(self) -> str | None:
        """The computer level that plays for a player who lost the connection (None: the
        table waits for them)."""
        return self._stand_in

    @stand_in.setter
    def stand_in(self, level: str | None) -> None:
        self._stand_in = level
        for seat in self.away:
            self.table.substitute(seat, level)

    def ready_for(self, round_number: int) -> bool:
        """Every connected remote player has seen round `round_number`'s scores."""
        return all(self.ready.get(seat, 0) >= round_number for seat in self.clients)

    def open_seats(self) -> int:
        """Remote seats nobody has claimed yet."""
        return sum(seat not in self.tokens for seat in self.remote_seats)

    def joined(self) -> dict[int, str]:
        """The claimed remote seats and their players' names (connected or away)."""
        return {seat: self.table.names[seat] for seat in sorted(self.tokens)}

    @property
    def address(self) -> str:
        """What a player types to join: the URL (the join code is shown apart)."""
        return self.url

    def start_game(self) -> None:
        """Begin (or resume) the game: the players are sent the table. (Calling the table's
        own `start` does the same: `pump` notices.)"""
        self.table.start()
        self._go_live()

    def _go_live(self) -> None:
        if self.live:
            return
        self.live = True  # a resumed game announces nothing: the players are sent where it stands
        for seat, client in self.clients.items():
            self._send(client, table_message(self.table.seat_views((seat,))[seat], seat))

    def new_table(self, table: T) -> None:
        """The next game, for the same players (their seats, names and tokens are kept)."""
        self.table.unsubscribe(self._on_table)
        for seat, name in enumerate(self.table.names):
            if self.table.config.seats[seat].is_remote:
                table.rename(seat, name)
        self.table = table
        self.live = False
        self.ready.clear()
        table.subscribe(self._on_table)

    def pump(self, timeout: float = 0.0) -> int:
        """Apply what the players sent, on the table's thread; waits up to `timeout` for the
        first message. Returns how many messages were handled."""
        if not self.live and self.table.started:
            self._go_live()
        handled = 0
        while True:
            try:
                inbox = self.server.inbox
                client, message = inbox.get(timeout=timeout) if timeout and not handled else inbox.get_nowait()
            except queue.Empty:
                return handled
            handled += 1
            try:
                self._arrived(client, message)
            except Exception:  # one player's message must never stop the table
                log.exception("%s: %s failed", client, type(message).__name__)

    def _arrived(self, client: Client, message: Arrival) -> None:
        match message:
            case Hello():
                self._on_hello(client, message)
            case Play():
                self._on_play(client, message)
            case Ready(round=number):
                if client.seat is not None:
                    self.ready[client.seat] = max(self.ready.get(client.seat, 0), number)
            case Refusal(reason=reason, kind=kind):
                self._refuse(client, reason, kind)
            case Gone(why=why):
                self._on_gone(client, why)

    def close(self, final: bool = False) -> None:
        """Stop serving within CLOSE_WAIT seconds. `final`: the games are over, so the players'
        programs stop; otherwise they keep trying to reconnect (a host restarted from its save)."""
        code, reason = (CLOSE_FINAL, "the games are over") if final else (CLOSE_AWAY, "the host stopped")
        self.server.shut_down(code, reason, CLOSE_WAIT)

    # ------------------------------------------------------------------ table thread: players
    def _on_hello(self, client: Client, message: Hello) -> None:
        if client.gone:
            return
        seat = self._seat_for(client, message)
        if seat is None:
            return
        old = self.clients.get(seat)
        if old is not None and old is not client:
            log.info("%s: seat %d taken back by %s", old, seat, client)
            self.server.close(old, CLOSE_REPLACED, "your seat was taken back by a newer connection")
        returning = seat in self.tokens and old is None and self.live
        if seat not in self.tokens:
            self._claim(seat, message.name)
        client.seat = seat
        self.clients[seat] = client
        self.server.seat(client, seat)
        if self.table.stood_in(seat):
            self.table.substitute(seat, None)  # its player is back: the computer stops
        log.info("%s seated as %s", client, shown(self.table.names[seat]))
        match = convert(public_config(self.table.config), wire.Match)
        self._send(client, wire.Welcome(seat, self.tokens[seat], list(self.table.names), match))
        self._send_lobby()
        if self.live:
            self._send(client, table_message(self.table.seat_views((seat,))[seat], seat))
            if self.table.showing_scores:
                self._send(client, self._round_over(self.table.scored_round))
        if returning:
            self._broadcast(wire.Waiting(seat, self.table.names[seat], "returned"), but=seat)

    def _seat_for(self, client: Client, message: Hello) -> int | None:
        token, wanted = message.token, message.seat
        for seat, known in self.tokens.items():
            if token is not None and same_secret(token, known):
                return seat
        remote = self.remote_seats
        if wanted is not None:
            if wanted not in remote:
                return self._turn_away(client, f"seat {wanted} is not a seat for a player on another computer")
            if wanted in self.tokens:
                return self._turn_away(client, f"seat {wanted} is taken")
            return wanted
        free = [seat for seat in remote if seat not in self.tokens]
        return free[0] if free else self._turn_away(client, "no open seat at this table")

    def _claim(self, seat: int, name: str) -> None:
        self.tokens[seat] = secrets.token_urlsafe(24)
        self.server.know_tokens(tuple(self.tokens.values()))
        if self.store is not None:
            self.store.tokens.keep(f"host seat {seat}", self.tokens[seat])
        self.table.rename(seat, name)

    def _on_play(self, client: Client, message: Play) -> None:
        seat, action = client.seat, message.move
        if client.gone or seat is None or self.clients.get(seat) is not client:
            return
        # what only the host knows is checked here (who sent it, whether the game has begun, whether
        # a computer plays the seat); the rules, whose turn it is among them, are the engine's (`play`)
        reason: str | None
        if action.seat != seat:
            reason = f"you play seat {seat}, not seat {action.seat}"
        elif not self.live:
            reason = "the game has not begun"
        elif self.table.stood_in(seat):
            reason = "a computer plays your seat just now"
        else:
            reason = self.table.play(action)
        if reason is not None:
            self._refuse(client, f"{action.to_list()} refused: {reason}", "play")

    def _on_gone(self, client: Client, why: str) -> None:
        seat = client.seat
        if seat is None or self.clients.get(seat) is not client:
            return
        del self.clients[seat]
        if self._stand_in is not None:
            self.table.substitute(seat, self._stand_in)
        log.info("%s left (%s)", client, why)
        if self.live:
            self._broadcast(wire.Waiting(seat, self.table.names[seat], "reconnecting"))

    def _turn_away(self, client: Client, reason: str) -> int | None:
        """Refuse a hello that can never be seated and close its connection; None, for
        `_seat_for` to return."""
        self.server.turn_away(client, reason, CLOSE_SEAT_GONE)
        return None

    def _refuse(self, client: Client, reason: str, kind: wire.RefusalKind = "message") -> None:
        self.server.lines.warning(client.address, "%s refused: %s", client, shown(one_line(reason)))
        self._send(client, refused(reason, kind))

    # ------------------------------------------------------------------ table thread: the table
    def _on_table(self, message: TableMessage) -> None:
        table = self.table
        if isinstance(message, TableEvents):
            self.live = True
            if table.last_failure is None:
                self._save_failure_told = False  # the last save worked: a new failure is news again
            self._send_tables(message.events, message.action)
        elif isinstance(message, TakenBack):  # the host's player put a taken discard back: where the game stands
            self._send_tables()
        elif isinstance(message, Notice):
            self._on_notice(message.sentence)
        elif isinstance(message, RoundOver):
            self._broadcast(self._round_over(message.round))
        elif isinstance(message, GameOver):
            self._broadcast(wire.GameOver())

    def _send_tables(self, events: tuple[Event, ...] = (), action: Action | None = None) -> None:
        """Each connected seat its own table (the public part of them made once: a server sends
        this for every move of every room)."""
        clients = list(self.clients.items())
        made = tables(self.table.seat_views([seat for seat, _ in clients]), events, action)
        for seat, client in clients:
            self._send(client, made[seat])

    def _round_over(self, number: int) -> wire.RoundOver:
        return wire.RoundOver(number, scores_to_wire(self.table.score_view()))

    def _on_notice(self, said: Sentence) -> None:
        """The host's own notices name its folders and files: remote players are told a sentence
        with no local path in it, and a failing save once per run of failures."""
        if is_save_failure(said):
            if self._save_failure_told:
                return
            self._save_failure_told = True
        self._broadcast(notice(for_players(said)))

    def _send_lobby(self) -> None:
        seats = [wire.LobbySeat(name, config.kind, not config.is_remote or seat in self.tokens)  # type: ignore[arg-type]
                 for seat, (name, config) in enumerate(zip(self.table.names, self.table.config.seats))]
        self._broadcast(wire.Lobby(seats))

    def _broadcast(self, message: object, but: int | None = None) -> None:
        for seat, client in list(self.clients.items()):
            if seat != but:
                self._send(client, message)

    def _send(self, client: Client, message: object) -> None:
        self.server.send(client, message)

