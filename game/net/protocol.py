"""The network protocol: JSON text messages, one object each, with a "type" (docs/network.md).

Nothing from the other side is trusted, in either direction: every message is decoded here,
field by field (types, ranges, sizes), into a plain dict with Python values (Action, SeatView,
Event, ScoreView, MatchConfig...), or refused with a one-line ProtocolError.

    client -> host   hello {version, code, name, token?, seat?}  play {action}  ready {round}  bye {}
    host -> client   welcome {seat, token, names, config}  lobby {seats}  table {view, legal, events, action}
                     notice {text}  round_over {round, scores}  game_over {}  waiting {seat, name, why}
                     refused {reason}
"""

from __future__ import annotations

import json
from typing import Any

from game.ai.viewcodec import _list
from game.ai.viewcodec import view_from_dict as read_view
from game.match import MAX_NAME, MatchConfig, is_showable_name
from game.rules import COLS, ROWS, Action, ScoreView, SeatView, edition_named
from game.rules.events import Event, event_from_dict

PROTOCOL_VERSION = 1
MAX_MESSAGE = 64 * 1024  # bytes of one message, either way; a table message for 8 seats is ~3 kB
MAX_FRAME = 1 << 20  # the transport's own cap: a frame past it closes the connection at once
MAX_DEPTH = 8  # nesting of JSON objects and lists (a view's grids are 4 deep)
MAX_EVENTS = 64  # events in one table message (a round's end with 8 seats is ~40)
MAX_TEXT = 300  # characters of a notice, a refusal or a waiting reason
MAX_CODE = 16
MAX_TOKEN = 64
MAX_SEATS = 8
MOST_SEED = 2**64  # a seed in a welcome's config, either way
WAIT_REASONS = ("joining", "reconnecting", "returned")

CLIENT_TYPES = ("hello", "play", "ready", "bye")
HOST_TYPES = ("welcome", "lobby", "table", "notice", "round_over", "game_over", "waiting", "refused")


class ProtocolError(ValueError):
    """A message that breaks the protocol; its text is one line, fit to send back."""


# ---------------------------------------------------------------- encoding
def encode(message: dict[str, Any]) -> str:
    """One message as compact JSON text (the host and the client build dicts of JSON values)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def hello(code: str, name: str, token: str | None = None, seat: int | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "hello", "version": PROTOCOL_VERSION, "code": code, "name": name}
    if token is not None:
        message["token"] = token
    if seat is not None:
        message["seat"] = seat
    return message


def refused(reason: str) -> dict[str, Any]:
    return {"type": "refused", "reason": one_line(reason)}


def one_line(text: str, limit: int = MAX_TEXT) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


# ---------------------------------------------------------------- decoding
def parse(raw: str | bytes) -> dict[str, Any]:
    """The JSON object in one message, checked for size and depth; ProtocolError otherwise."""
    if isinstance(raw, bytes):
        raise ProtocolError("messages are JSON text, not binary")
    if len(raw) > MAX_MESSAGE:  # characters >= bytes/4; the transport's MAX_FRAME bounds the rest
        raise ProtocolError(f"a message over {MAX_MESSAGE // 1024} KiB")
    try:
        data = json.loads(raw)
    except RecursionError:
        raise ProtocolError("JSON nested too deeply") from None
    except ValueError:  # JSONDecodeError, or a number with thousands of digits
        raise ProtocolError("something that is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object with a type")
    if _depth(data) > MAX_DEPTH:
        raise ProtocolError(f"JSON nested deeper than {MAX_DEPTH}")
    return data


def decode_client(raw: str | bytes) -> dict[str, Any]:
    """A message from a client, its fields checked (the host decides whether it may act)."""
    data = parse(raw)
    kind = _type(data, CLIENT_TYPES)
    try:
        if kind == "hello":
            _keys(data, {"version", "code", "name"}, {"token", "seat"})
            if not _is_int(data["version"]):
                raise ProtocolError("hello's version must be a whole number")
            return {"type": kind, "version": data["version"], "code": _short(data, "code", MAX_CODE),
                    "name": _name(data["name"]), "token": _short(data, "token", MAX_TOKEN, optional=True),
                    "seat": _seat(data.get("seat"), optional=True)}
        if kind == "play":
            _keys(data, {"action"})
            return {"type": kind, "action": Action.from_list(data["action"])}
        if kind == "ready":
            _keys(data, {"round"})
            return {"type": kind, "round": _count(data, "round")}
        _keys(data, set())
        return {"type": kind}
    except ProtocolError:
        raise
    except ValueError as error:
        raise ProtocolError(one_line(str(error))) from None


def decode_host(raw: str | bytes) -> dict[str, Any]:
    """A message from the host, its fields checked: a view no game could show, an event of an
    unknown kind, a name the screen cannot draw... are refused, never handed to the screen."""
    data = parse(raw)
    kind = _type(data, HOST_TYPES)
    try:
        return {"type": kind, **_HOST_DECODERS[kind](data)}
    except ProtocolError:
        raise
    except (ValueError, KeyError, TypeError, ArithmeticError, RecursionError) as error:
        raise ProtocolError(one_line(f"{kind}: {error}")) from None


def _welcome(data: dict) -> dict[str, Any]:
    _keys(data, {"seat", "token", "names", "config"})
    config = _config(data["config"])
    names = data["names"]
    if type(names) is not list or len(names) != config.players or not all(map(is_showable_name, names)):
        raise ProtocolError(f"welcome's names must be {config.players} names of 1 to {MAX_NAME} characters")
    seat = _seat(data["seat"])
    if seat is None or seat >= config.players:
        raise ProtocolError("welcome's seat is not a seat of the game")
    return {"seat": seat, "token": _short(data, "token", MAX_TOKEN), "names": list(names), "config": config}


def _config(data: object) -> MatchConfig:
    """The welcome's match, its numbers bounded before MatchConfig builds anything from them."""
    if not isinstance(data, dict):
        raise ProtocolError("welcome's config must be an object")
    seats, seed = data.get("seats"), data.get("seed")
    if type(seats) is not list or not 2 <= len(seats) <= MAX_SEATS:
        raise ProtocolError(f"welcome's config must list 2 to {MAX_SEATS} seats")
    if seed is not None and not (_is_int(seed) and -MOST_SEED <= seed <= MOST_SEED):
        raise ProtocolError(f"welcome's seed must be a whole number of at most {MOST_SEED} either way")
    return MatchConfig.from_dict(data)  # the edition, its players, end_score... as the rules have them


def _lobby(data: dict) -> dict[str, Any]:
    _keys(data, {"seats"})
    seats = data["seats"]
    if type(seats) is not list or not 2 <= len(seats) <= MAX_SEATS:
        raise ProtocolError(f"lobby's seats must be a list of 2 to {MAX_SEATS} seats")
    out = []
    for seat in seats:
        if not isinstance(seat, dict):
            raise ProtocolError("each lobby seat must be an object")
        _keys(seat, {"name", "kind", "taken"})
        if type(seat["taken"]) is not bool or seat["kind"] not in ("human", "computer", "remote"):
            raise ProtocolError("a lobby seat's kind must be human, computer or remote and taken true or false")
        out.append({"name": _name(seat["name"]), "kind": seat["kind"], "taken": seat["taken"]})
    return {"seats": out}


def _table(data: dict) -> dict[str, Any]:
    _keys(data, {"view", "legal", "events", "action"})
    legal = _list(data, "legal")
    if len(legal) > 64:
        raise ProtocolError("a table message lists at most 64 legal actions")
    view = view_from_dict(data["view"], tuple(Action.from_list(item) for item in legal))
    events = _list(data, "events")
    if len(events) > MAX_EVENTS:
        raise ProtocolError(f"a table message holds at most {MAX_EVENTS} events")
    action = None if data["action"] is None else Action.from_list(data["action"])
    if action is not None and not 0 <= action.seat < view.players:
        raise ProtocolError(f"table's action is for seat {action.seat}, not a seat of a {view.players}-player game")
    decoded = tuple(event_from_dict(item) for item in events)
    for event in decoded:
        _check_event(event, view)
    return {"view": view, "events": decoded, "action": action}


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
        if key in _EVENT_SEATS and value not in seats or key in _EVENT_SEAT_LISTS and not set(value) <= set(seats):
            raise ProtocolError(f"a {event.kind} event names a seat that is not one of the {view.players}")
        if key in _EVENT_ROWS and len(value) != view.players:
            raise ProtocolError(f"a {event.kind} event's {key} must hold one number per seat")
        if key == "col" and not 0 <= value < COLS or key == "row" and not 0 <= value < ROWS:
            raise ProtocolError(f"a {event.kind} event names a cell off the grid")
        if key in _EVENT_CARDS and value not in cards:
            raise ProtocolError(f"a {event.kind} event shows a card that is not one of {view.edition.title}")


def _notice(data: dict) -> dict[str, Any]:
    _keys(data, {"text"})
    return {"text": _short(data, "text", MAX_TEXT)}


def _round_over(data: dict) -> dict[str, Any]:
    _keys(data, {"round", "scores"})
    scores = ScoreView.from_dict(data["scores"])
    if scores.round != data["round"]:
        raise ProtocolError("round_over's round and its scores' round differ")
    return {"round": scores.round, "scores": scores}


def _game_over(data: dict) -> dict[str, Any]:
    _keys(data, set())
    return {}


def _waiting(data: dict) -> dict[str, Any]:
    _keys(data, {"seat", "name", "why"})
    if data["why"] not in WAIT_REASONS:
        raise ProtocolError(f"waiting's why must be one of {', '.join(WAIT_REASONS)}")
    return {"seat": _seat(data["seat"]), "name": _name(data["name"]), "why": data["why"]}


def _refused(data: dict) -> dict[str, Any]:
    _keys(data, {"reason"})
    return {"reason": _short(data, "reason", MAX_TEXT)}


_HOST_DECODERS = {"welcome": _welcome, "lobby": _lobby, "table": _table, "notice": _notice,
                  "round_over": _round_over, "game_over": _game_over, "waiting": _waiting, "refused": _refused}


def view_from_dict(data: object, legal: tuple[Action, ...]) -> SeatView:
    """A checked SeatView from `SeatView.to_dict()` JSON and its legal actions (the bot
    protocol's view codec; a table message for a seat not to act has none)."""
    try:
        return read_view(data, legal, edition_named)
    except ProtocolError:
        raise
    except ValueError as error:
        raise ProtocolError(f"a table message's view: {error}") from error


# ---------------------------------------------------------------- field checks
def _is_int(value: object) -> bool:
    return type(value) is int


def _depth(value: object) -> int:
    """How deeply lists and objects nest in `value` (iterative: no recursion to exhaust)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                return depth
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _type(data: dict, known: tuple[str, ...]) -> str:
    kind = data.get("type")
    if type(kind) is not str or kind not in known:
        raise ProtocolError(f"unknown message type {one_line(repr(kind), 40)}; expected one of {', '.join(known)}")
    return kind


def _keys(data: dict, required: set[str], optional: frozenset[str] | set[str] = frozenset()) -> None:
    present = set(data) - {"type"}
    missing, extra = required - present, present - required - set(optional)
    if missing:
        raise ProtocolError(f"{data.get('type', 'the')} message lacks {', '.join(sorted(missing))}")
    if extra:
        raise ProtocolError(f"{data.get('type', 'the')} message has unknown fields: "
                            f"{one_line(', '.join(sorted(map(str, extra))), 80)}")


def _short(data: dict, key: str, most: int, optional: bool = False) -> Any:
    value = data.get(key)
    if value is None and optional:
        return None
    if type(value) is not str or not 0 < len(value) <= most or not value.isprintable():
        raise ProtocolError(f"{key} must be 1 to {most} printable characters")
    return value


def _name(value: object) -> str:
    if not is_showable_name(value):
        raise ProtocolError(f"a name must be 1 to {MAX_NAME} printable characters, no edge spaces")
    return value


def _seat(value: object, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if not (_is_int(value) and 0 <= value < MAX_SEATS):  # type: ignore[operator]
        raise ProtocolError(f"a seat must be a whole number from 0 to {MAX_SEATS - 1}")
    return value  # type: ignore[return-value]


def _count(data: dict, key: str) -> int:
    value = data[key]
    if not (_is_int(value) and 0 <= value <= 10**6):
        raise ProtocolError(f"{key} must be a whole number from 0")
    return value


def event_list(events: tuple[Event, ...], seat: int) -> list[dict]:
    """The events as `seat` may see them, in JSON form (what a table message carries)."""
    return [event.for_seat(seat).to_dict() for event in events]
