"""The client: a seat at a table hosted on another computer.

    remote = RemoteTable(NetClient(url, code, name, store=store))
    remote.subscribe(on_message)     # TableEvents, Notice, RoundOver, GameOver, as from a TableController
    ...each frame the screen is idle: remote.update(dt)
    ...a click: reason = remote.play(action)      # None when sent
    ...after the scores were seen: remote.next_round()

`NetClient` (connection.py) talks to the host in a thread of its own and hands every decoded
message to the frame loop through a bounded queue. `RemoteTable` is what the play screen
drives instead of a TableController: the same calls, the same messages, but the engine runs
at the host, and what comes back is this seat's view only.
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Callable

from game.i18n import N_
from game.match import MatchConfig
from game.rules import Action, ScoreView, SeatView
from game.sentences import sentence
from game.table import (
    TAKE_BACK_ELSEWHERE,
    Alone,
    GameOver,
    Notice,
    Observer,
    Observers,
    RoundOver,
    TableEvents,
)
from game.table.messages import detail
from game.wire.closing import CLOSE_FINAL, CLOSE_REPLACED, CLOSE_SEAT_GONE, STOP_CODES

from . import protocol as wire
from .connection import (
    BACKOFF_FIRST,
    BACKOFF_MOST,
    CLOSED,
    CONNECTED,
    CONNECTING,
    MAX_INBOX,
    RECONNECT_FOR,
    RECONNECTING,
    NetClient,
    Status,
    check_url,
    parse_address,
)
from .protocol import HostMessage
from .seat_tokens import KeepsSeatTokens
from .sight import MoveOnItsWay, SeatSight
from .strangers import shown

log = logging.getLogger("skyjo.net.client")

# what the rest of the game imports from here (the connection's names live in connection.py)
__all__ = ["BACKOFF_FIRST", "BACKOFF_MOST", "CLOSED", "CLOSE_FINAL", "CLOSE_REPLACED", "CLOSE_SEAT_GONE", "CONNECTED",
           "CONNECTING", "MAX_INBOX", "RECONNECTING", "RECONNECT_FOR", "STOP_CODES", "NetClient", "RemoteTable",
           "Status", "check_url", "parse_address"]

# what this seat's own screen says of the connection and of the other players (worded here, in our language)
CONNECTION_LOST = sentence("connection_lost", N_("Connection lost: reconnecting…"))
RECONNECTED = sentence("reconnected", N_("Reconnected"))
DISCONNECTED = sentence("disconnected", N_("Disconnected: {reason}"))
PLAYER_BACK = sentence("player_back", N_("{name} is back."))
WAITING_FOR = sentence("waiting_for", N_("Waiting for {name} to reconnect…"))



class ToTheHost(Alone):
    """A joined table's link: its connection to the host, lost for now or broken for good. What
    arrives is received on the connection's thread (`RemoteTable.update` delivers it); nobody
    is away to stand in for here (the host decides, and its notices say who is away)."""

    def __init__(self, client: NetClient) -> None:
        self.client = client

    @property
    def offline(self) -> bool:
        return self.client.status == RECONNECTING

    @property
    def broken(self) -> str | None:
        """Why the connection closed for good when the host broke the protocol or sent too much
        (a screen leaves the table: nothing the host said can be trusted); None otherwise."""
        return self.client.reason if self.client.host_at_fault and self.client.status == CLOSED else None

    def receive(self) -> None:
        """The connection's thread receives; `RemoteTable.update` delivers, one table step at a time."""

    def wake_with(self, hook: Callable[[], object] | None) -> None:
        """Call `hook` (from the network thread) whenever the host's message arrives, so that a
        screen sleeping between frames can `update` at once."""
        self.client.messages.on_put = hook


class RemoteTable:
    """A table hosted elsewhere, driven like a TableController (game/table/shape.py's Table).
    Its parts: the `client` (the connection, its status and its inbox), its `link` (the
    connection as the screen asks of it), the `sight` (what our seat last saw) and the `move`
    on its way to the host; it delivers the host's messages to its observers in order, one
    table step per `update`."""

    hotseat = False
    handoff_due = False

    def __init__(self, url: str | NetClient, code: str = "", name: str = "", *, store: KeepsSeatTokens | None = None,
                 speed: float = 1.0, token: str | None = None) -> None:
        """`RemoteTable(url, code, name, store=app.store)` connects at once (its NetClient
        keeps the seat token in `store`); `RemoteTable(client)` drives a NetClient made apart."""
        self.client = url if isinstance(url, NetClient) else NetClient(url, code, name, token, store=store)
        self.link = ToTheHost(self.client)
        self.sight = SeatSight()
        self.move = MoveOnItsWay()
        self.speed = speed  # the host paces the game; kept for the screen's sake
        self.scored_round = 0
        self.games_over = 0  # games the host ended (the headless loops and tests count them)
        self.last_refusal: str | None = None  # the host's latest refusal, for the log and tests
        self.observers = Observers()
        self._told = CONNECTING  # the status the observers were last told of
        self.client.start()

    # ------------------------------------------------------------------ the connection
    @property
    def ready(self) -> bool:
        """Welcomed and the game under way: `config`, `names`, `sight.seat` and `view()` are
        known, so a table screen can open (its `update` then delivers the deal)."""
        welcome = self.client.welcome
        if welcome is not None and not self.sight.welcomed:
            self.sight.welcome(welcome)
        return self.sight.welcomed and self.client.first_view is not None

    # ------------------------------------------------------------------ the Table shape
    @property
    def config(self) -> MatchConfig:
        """The match, as the host's welcome said (a screen opens once `ready`, so it is known)."""
        if self.sight.match is None:
            raise RuntimeError("the host has not welcomed us yet: wait until the table is ready")
        return self.sight.match

    @property
    def names(self) -> list[str]:
        return self.sight.names

    record = None  # the engine and its record are at the host

    def subscribe(self, observer: Observer) -> None:
        self.observers.subscribe(observer)

    def start(self) -> None:
        """Nothing to announce: the host sends the deal when its game starts."""

    def is_human(self, seat: int) -> bool:
        return seat == self.sight.seat

    def acting_human(self) -> int | None:
        view = self.sight.view
        if view is None or view.to_act != self.sight.seat or not view.legal or self.move.action is not None:
            return None
        return self.sight.seat

    def view(self, seat: int | None = None) -> SeatView:
        """Our seat's latest delivered view, whatever `seat` is asked for. Before `update` has
        delivered a step it is the first view received (as a TableController's view before its
        `start` shows the dealt table); there is none before the table is `ready`."""
        view = self.sight.view if self.sight.view is not None else self.client.first_view
        if view is None:
            raise RuntimeError("the host has sent no table yet: wait until the table is ready")
        return view

    def score_view(self) -> ScoreView | None:
        """The latest round's public scoring facts."""
        return self.sight.scores

    @property
    def waits_for_network(self) -> bool:
        """Every message received so far has been delivered: what comes next comes over the network."""
        return self.client.messages.empty()

    def play(self, action: Action) -> str | None:
        view = self.sight.view
        if view is None or action not in view.legal:
            return f"{action} is not one of your moves now"
        if self.move.action is not None:
            return "your move is on its way to the host"
        if not self.client.send(wire.Play(action.to_list())):
            return "not connected to the host"
        self.move.sent(action)
        return None

    can_take_back = False  # the host keeps the game: a taken card goes into the grid

    def take_back(self) -> str | None:
        """Refused: the game is the host's, and its protocol has no take-back."""
        return TAKE_BACK_ELSEWHERE

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

    def catch_up(self) -> None:
        """Deliver everything the host has sent so far, in order (a headless player's loop: it
        answers the newest position only, never one a later table message superseded). Bounded
        by what is queued now, so a host that keeps sending cannot hold it here."""
        for _ in range(self.client.messages.qsize()):
            try:
                message = self.client.messages.get_nowait()
            except queue.Empty:
                return
            self._deliver(message)

    # ------------------------------------------------------------------ inside
    def _deliver(self, message: HostMessage | Status) -> bool:  # noqa: C901 - one case per kind of host message
        """Handle one host message; True for a table step (one per update)."""
        match message:
            case wire.Table(seat_view=view, move=action):
                self.move.shown(action)
                self.sight.view = view
                self.observers.tell(TableEvents(message.steps, action))
                return True
            case Status():
                self._on_status(message)
            case wire.Welcome():
                self.sight.welcome(message)
            case wire.Lobby():
                self.sight.lobby(message)
            case wire.Notice(sentence=said):
                self.observers.tell(Notice(said))
            case wire.RoundOver(round=number, score_view=scores):
                self.sight.scores, self.scored_round = scores, number
                self.observers.tell(RoundOver(number))
            case wire.GameOver():
                self.games_over += 1
                self.observers.tell(GameOver())
            case wire.Waiting(why="returned", name=name):
                self.observers.tell(Notice(PLAYER_BACK.say(name=name)))
            case wire.Waiting(name=name):
                self.observers.tell(Notice(WAITING_FOR.say(name=name)))
            case wire.Refused(reason=reason, kind=kind):
                self.last_refusal = reason
                if kind == "play":  # a refused move: nothing moved, our seat may try again
                    self.move.lost()
                log.warning("the host refused: %s", shown(reason))  # the host may be anybody
        return False

    def _on_status(self, message: Status) -> None:
        """A Notice when the connection changes (in order with the host's messages)."""
        before, self._told = self._told, message.status
        if self._told == RECONNECTING:
            self.move.lost()  # whatever was on its way is lost; the host sends the table again
            self.observers.tell(Notice(CONNECTION_LOST.say()))
        elif self._told == CONNECTED and before == RECONNECTING:
            self.observers.tell(Notice(RECONNECTED.say()))
        elif self._told == CLOSED and before != CLOSED and not self.client.finished:
            self.observers.tell(Notice(DISCONNECTED.say(reason=detail(message.reason))))
