"""The network protocol, declared once: every message a msgspec Struct, a tagged union on
"type" each way (docs/network.md). Version 2: a notice is a declared sentence, a refusal says
what it refuses in a field, a round's scores list `removed_columns`.

    client -> host   hello {version, code, name, token?, seat?}  play {action}  ready {round}  bye {}
                     create {version, seats, edition} (a room server only: a table made there, game/server)
                     ask_offer {version} (a room server only: what its rooms' computers may do, asked before a create)
    host -> client   room {code, levels, most_think_ms} (the answer to create)
                     offer {levels, most_think_ms} (the answer to ask_offer)
                     redirect {url} (a room server's process that does not run the room: go there, game/server)
                     welcome {seat, token, names, config}  lobby {seats}  table {view, legal, events, action}
                     notice {key, args}  round_over {round, scores}  game_over {}  waiting {seat, name, why}
                     refused {reason, kind}

Nothing from the other side is trusted, in either direction: a message is read once at the
edge (size, then nesting and digits, then msgspec into its Struct: types, fields, ranges),
then checked for what a schema cannot say (a view a game could show, seats of this game, a
sentence this program knows), or refused with a one-line ProtocolError. The receiver then
dispatches on the Struct's type. What a side makes is not checked again as it is built: it
comes from its own engine and its own checked words (tests decode every message a hosted game
sends with the client's decoder, tests/test_net_protocol.py).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from msgspec import Meta, Struct, to_builtins

from game.match import MAX_NAME, MatchConfig, is_showable_name
from game.rules import COLS, DEFAULT_END_SCORE, ROWS, Action, SeatView
from game.rules.events import Event
from game.sentences import Sentence
from game.wire.pieces import (
    ActionList,
    EventWire,
    Scores,
    View,
    action_from,
    event_from,
    event_to_wire,
    scores_from,
    seat_view_from,
    view_to_wire,
)
from game.wire.reading import Family, WireError, encode, one_line, read

PROTOCOL_VERSION = 2
MAX_IDENTITY = 16  # characters of a seat's colour or avatar name (the longest is 8)
MAX_MESSAGE = 64 * 1024  # bytes of one message, either way; a table message for 8 seats is ~3 kB
MAX_FRAME = 1 << 20  # the transport's own cap: a frame past it closes the connection at once
MAX_DEPTH = 8  # nesting of JSON objects and lists (a view's grids are 4 deep)
MAX_EVENTS = 64  # events in one table message (a round's end with 8 seats is ~40)
MAX_TEXT = 300  # characters of a refusal or of a notice's argument
MAX_CODE = 16
MAX_TOKEN = 64
MAX_URL = 200  # characters of a redirect's address
MAX_SEATS = 8
WaitReason = Literal["joining", "reconnecting", "returned"]
# what a refusal refuses: "play" a move (nothing moved: try again), "message" one the host could
# not take (malformed, out of place, too fast), "hello" a connection it will not seat (a close follows)
RefusalKind = Literal["play", "message", "hello"]

Seat = Annotated[int, Meta(ge=0, lt=MAX_SEATS)]
Text = Annotated[str, Meta(min_length=1, max_length=MAX_TEXT)]


class ProtocolError(ValueError):
    """A message that breaks the protocol; its text is one line, fit to send back."""


_BROKEN = (ValueError, KeyError, IndexError, TypeError, ArithmeticError, RecursionError)  # what a check may raise


class _Message(Struct, tag_field="type", forbid_unknown_fields=True):
    """Every message: a JSON object whose "type" names its Struct; no field beyond its own.

    What a message says beyond its declared types (a view a game could show, seats of this
    game, a sentence this program knows) is checked in `check`, once, as it is read (`parse`).
    A message this side makes is not checked: it is built from its own engine, which only
    shows what a game can (checking the host's table messages was 91% of building one, issue
    47). The engine's values built on the way are kept on the message for its receiver."""

    def check(self) -> None:
        """Nothing to check beyond the declared types."""


# ---------------------------------------------------------------- client -> host
class Hello(_Message, tag="hello"):
    version: int
    code: Annotated[str, Meta(min_length=1, max_length=MAX_CODE)]
    name: str
    token: Annotated[str, Meta(min_length=1, max_length=MAX_TOKEN)] | None = None
    seat: Seat | None = None


class Play(_Message, tag="play", dict=True):
    action: ActionList

    def check(self) -> None:
        """The action read (a verb this program knows, a cell of the grid): whether it may be
        played is the host's to decide. (Said as it is, unnamed: the host sends it back in a refusal.)"""
        try:
            self.move = action_from(self.action)
        except ValueError as error:
            raise ProtocolError(one_line(str(error))) from None


class Ready(_Message, tag="ready"):
    round: Annotated[int, Meta(ge=0, le=10**6)]


class Bye(_Message, tag="bye"):
    pass


RoomSeat = Literal["remote", "easy", "normal", "hard", "expert"]  # a room's seat: a player online, or a level
RoomLevel = Literal["easy", "normal", "hard", "expert"]  # a room's computer seat: its level
ROOM_LEVEL_ORDER: tuple[RoomLevel, ...] = ("easy", "normal", "hard", "expert")  # from the easiest
MOST_THINK_MS = 10**6  # the most milliseconds a decision's cap may say (a server's own is 10,000 at most)


class Create(_Message, tag="create"):
    """A room server is asked to make a table (game/server): its seats and edition. It answers
    `room` with the room's code and closes; a table served by one computer refuses it."""

    version: int
    seats: Annotated[list[RoomSeat], Meta(min_length=2, max_length=MAX_SEATS)]
    edition: Annotated[str, Meta(min_length=1, max_length=MAX_IDENTITY)] = "voyage"

    def check(self) -> None:
        if "remote" not in self.seats:
            raise ProtocolError("a room needs at least one seat for a player online")


class AskOffer(_Message, tag="ask_offer"):
    """A client not seated anywhere asks a room server what its rooms' computer seats may be (a setup
    screen offers only those): answered `offer`, then the connection closes, as a `create` is."""

    version: int


ClientMessage = Hello | Play | Ready | Bye | Create | AskOffer
UNKNOWN_TYPE = "unknown message type; expected one of {tags}"
CLIENT = Family(ClientMessage, unknown=UNKNOWN_TYPE)  # its decoder, built once


# ---------------------------------------------------------------- host -> client
class SeatConfigWire(Struct, forbid_unknown_fields=True):
    name: str
    kind: str
    level: str = "normal"
    # the seat's identity (game.match COLOURS, AVATARS; MatchConfig checks the name): the host
    # sends every seat's, so each screen shows the same faces; "" or absent (an older host): the default
    colour: Annotated[str, Meta(max_length=MAX_IDENTITY)] = ""
    avatar: Annotated[str, Meta(max_length=MAX_IDENTITY)] = ""


class Match(Struct, forbid_unknown_fields=True):
    """`MatchConfig.to_dict()`: the match, as its own format has it (MatchConfig checks the rest)."""

    seats: Annotated[list[SeatConfigWire], Meta(min_length=2, max_length=MAX_SEATS)]
    edition: str = "voyage"
    end_score: int = DEFAULT_END_SCORE
    final_tie: str | None = None
    seed: int | None = None  # always null from a host; msgspec holds it to 64 bits


class Welcome(_Message, tag="welcome", dict=True):
    seat: Seat
    token: Annotated[str, Meta(min_length=1, max_length=MAX_TOKEN)]
    names: Annotated[list[str], Meta(max_length=MAX_SEATS)]
    config: Match

    def check(self) -> None:
        self.match = MatchConfig.from_dict(to_builtins(self.config))  # the edition, its players, end_score...
        players = self.match.players
        if len(self.names) != players or not all(map(is_showable_name, self.names)):
            raise ProtocolError(f"welcome's names must be {players} names of 1 to {MAX_NAME} characters")
        if self.seat >= players:
            raise ProtocolError("welcome's seat is not a seat of the game")
        _short(self.token, "token", MAX_TOKEN)


class LobbySeat(Struct, forbid_unknown_fields=True):
    name: str
    kind: Literal["human", "computer", "remote"]
    taken: bool


class Lobby(_Message, tag="lobby"):
    seats: Annotated[list[LobbySeat], Meta(min_length=2, max_length=MAX_SEATS)]

    def check(self) -> None:
        for place in self.seats:
            _name(place.name)


class Table(_Message, tag="table", dict=True):
    view: View
    legal: Annotated[list[ActionList], Meta(max_length=64)]
    events: Annotated[list[EventWire], Meta(max_length=MAX_EVENTS)]
    action: ActionList | None

    def check(self) -> None:
        """The seat's view a real game could show, its legal actions, and an action and events
        that name only seats, cells and cards of that game."""
        self.seat_view = view = seat_view_from(self.view, tuple(action_from(item) for item in self.legal))
        self.move = None if self.action is None else action_from(self.action)
        if self.move is not None and not 0 <= self.move.seat < view.players:
            raise ProtocolError(f"table's action is for seat {self.move.seat}, "
                                f"not a seat of a {view.players}-player game")
        self.steps = tuple(event_from(item) for item in self.events)
        for event in self.steps:
            _check_event(event, view)


class Notice(_Message, tag="notice", dict=True):
    key: Annotated[str, Meta(max_length=40)]
    args: Annotated[dict[str, str | int], Meta(max_length=8)]

    def check(self) -> None:
        """A key this program knows, with exactly its arguments."""
        self.sentence = Sentence.checked(self.key, self.args)


class RoundOver(_Message, tag="round_over", dict=True):
    round: Annotated[int, Meta(ge=0, le=10**6)]
    scores: Scores

    def check(self) -> None:
        self.score_view = scores_from(self.scores)
        if self.score_view.round != self.round:
            raise ProtocolError("round_over's round and its scores' round differ")


class GameOver(_Message, tag="game_over"):
    pass


class Waiting(_Message, tag="waiting"):
    seat: Seat
    name: str
    why: WaitReason

    def check(self) -> None:
        _name(self.name)


class Refused(_Message, tag="refused"):
    reason: Text
    kind: RefusalKind


class Room(_Message, tag="room"):
    """A room made (the answer to `create`): its code, what its players type to join, and what the
    server lets its computer seats do: the levels it offers and the most a decision may think."""

    code: Annotated[str, Meta(min_length=1, max_length=MAX_CODE)]
    levels: Annotated[list[RoomLevel], Meta(max_length=4)] = []  # (none: a server that does not say)
    most_think_ms: Annotated[int, Meta(ge=0, le=MOST_THINK_MS)] | None = None

    def check(self) -> None:
        _short(self.code, "code", MAX_CODE)
        _easiest_first(self.levels, "room")


class Offer(_Message, tag="offer"):
    """What a room server's computer seats may do (the answer to `ask_offer`): the levels it offers, each
    once and in their order from the easiest (at least one), and the most milliseconds one decision may
    think there."""

    levels: Annotated[list[RoomLevel], Meta(min_length=1, max_length=4)]
    most_think_ms: Annotated[int, Meta(ge=1, le=MOST_THINK_MS)]

    def check(self) -> None:
        _easiest_first(self.levels, "offer")


def _easiest_first(levels: list[RoomLevel], message: str) -> None:
    """A server's levels (in `room` and `offer`): each once, in their order from the easiest."""
    order = [ROOM_LEVEL_ORDER.index(level) for level in levels]
    if order != sorted(set(order)):
        raise ProtocolError(f"{message}'s levels must each come once, from the easiest")


class Redirect(_Message, tag="redirect"):
    """The room runs on another process of the same server (game/server, several processes on one
    Redis): say the same hello at `url` instead. Only before a welcome; the client decides whether it
    follows (connection.py: wss://, or ws:// on this computer, a few times at most)."""

    url: Annotated[str, Meta(min_length=1, max_length=MAX_URL)]

    def check(self) -> None:
        _short(self.url, "url", MAX_URL)


HostMessage = Welcome | Lobby | Table | Notice | RoundOver | GameOver | Waiting | Refused | Room | Offer | Redirect
HOST = Family(HostMessage, unknown=UNKNOWN_TYPE)


# ---------------------------------------------------------------- encoding
def hello(code: str, name: str, token: str | None = None, seat: int | None = None) -> Hello:
    return Hello(PROTOCOL_VERSION, code, name, token, seat)


def refused(reason: str, kind: RefusalKind = "message") -> Refused:
    return Refused(one_line(reason, MAX_TEXT), kind)


def notice(said: Sentence) -> Notice:
    return Notice(said.key, said.arguments)


def table(view: SeatView, seat: int, events: tuple[Event, ...] = (), action: Action | None = None) -> Table:
    """What `seat` is sent after an engine step: its own view and the events as it may see them."""
    return Table(view_to_wire(view), [item.to_list() for item in view.legal],
                 [event_to_wire(event.for_seat(seat)) for event in events],
                 None if action is None else action.to_list())


def tables(views: dict[int, SeatView], events: tuple[Event, ...] = (),
           action: Action | None = None) -> dict[int, Table]:
    """`table` for each seat of `views` (views of one moment: `seat_views`), what they share written
    out once; each the same message `table` makes of its view."""
    made: dict[int, Table] = {}
    first: tuple[SeatView, View] | None = None
    for seat, view in views.items():
        wired = view_to_wire(view) if first is None else view_to_wire(view, like=first[1], of=first[0])
        first = first or (view, wired)
        made[seat] = Table(wired, [item.to_list() for item in view.legal],
                           [event_to_wire(event.for_seat(seat)) for event in events],
                           None if action is None else action.to_list())
    return made


# ---------------------------------------------------------------- decoding
def parse(raw: str | bytes, family: Family) -> Any:
    """The message in `raw`, as the Struct of `family` it declares; ProtocolError otherwise."""
    if isinstance(raw, bytes):
        raise ProtocolError("messages are JSON text, not binary")
    if len(raw) > MAX_MESSAGE:  # characters >= bytes/4; the transport's MAX_FRAME bounds the rest
        raise ProtocolError(f"a message over {MAX_MESSAGE // 1024} KiB")
    try:
        message = read(raw, family, most_depth=MAX_DEPTH)
    except WireError as error:
        raise ProtocolError(str(error)) from None
    try:
        message.check()
    except ProtocolError:
        raise
    except _BROKEN as error:  # whatever a check raises is the message's fault: one line, named by its type
        raise ProtocolError(one_line(f"{message.__struct_config__.tag}: {error}")) from None
    return message


def decode_client(raw: str | bytes) -> ClientMessage:
    """A message from a client, its fields checked (the host decides whether it may act). A
    hello's words are checked here rather than as it is built: the name is what a person typed
    on the other side, whose host tells them what is wrong with it."""
    message: ClientMessage = parse(raw, CLIENT)
    if isinstance(message, Hello):
        _short(message.code, "code", MAX_CODE)
        _name(message.name)
        if message.token is not None:
            _short(message.token, "token", MAX_TOKEN)
    return message


def decode_host(raw: str | bytes) -> HostMessage:
    """A message from the host, its fields checked (each message's `check`, as it is read): a
    view no game could show, an event of an unknown kind, a name the screen cannot draw... are
    refused, never handed to the screen. A refusal's reason is checked here rather than as it
    is built: a host may quote what a client sent it."""
    message: HostMessage = parse(raw, HOST)
    if isinstance(message, Refused):
        _short(message.reason, "reason", MAX_TEXT)
    return message


_EVENT_SEATS = ("seat", "trigger")  # an event's fields that name one seat, ...
_EVENT_SEAT_LISTS = ("seats", "winners")  # ... a list of seats,
_EVENT_ROWS = ("raw", "scores", "totals")  # ... a number per seat,
_EVENT_CARDS = ("value", "old_value", "discard_top")  # ... a card


def _check_event(event: Event, view: SeatView) -> None:
    """An event names only seats, cells and cards of the game its view shows (the screen
    looks each of them up: a seat 9 at a 2-player table would crash it)."""
    fields = event.to_dict()
    seats = range(view.players)
    cards = view.edition.card_counts
    for key, value in fields.items():
        if value is None:
            continue
        if (key in _EVENT_SEATS and value not in seats) or (key in _EVENT_SEAT_LISTS and not set(value) <= set(seats)):
            raise ProtocolError(f"a {event.kind} event names a seat that is not one of the {view.players}")
        if key in _EVENT_ROWS and len(value) != view.players:
            raise ProtocolError(f"a {event.kind} event's {key} must hold one number per seat")
        if (key == "col" and not 0 <= value < COLS) or (key == "row" and not 0 <= value < ROWS):
            raise ProtocolError(f"a {event.kind} event names a cell off the grid")
        if key in _EVENT_CARDS and value not in cards:
            raise ProtocolError(f"a {event.kind} event shows a card that is not one of {view.edition.title}")


# ---------------------------------------------------------------- field checks
def _short(value: str, key: str, most: int) -> str:
    if not 0 < len(value) <= most or not value.isprintable():
        raise ProtocolError(f"{key} must be 1 to {most} printable characters")
    return value


def _name(value: object) -> str:
    if not is_showable_name(value):
        raise ProtocolError(f"a name must be 1 to {MAX_NAME} printable characters, no edge spaces")
    return value


__all__ = ["PROTOCOL_VERSION", "ProtocolError", "decode_client", "decode_host", "encode", "hello", "notice",
           "one_line", "refused", "table"]
