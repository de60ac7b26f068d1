"""The pieces both protocols carry, declared once: an action, a seat's view, a round's scores
and the engine's events. Each Struct is what the JSON holds; its reader builds the engine's
own value from it and checks what no schema can say (a view a real game could show, seats and
cards of this game), raising ValueError in one plain sentence.

`removed` has one shape on the wire: the values of the columns removed this round (a view's,
as the bot protocol always had it); the columns themselves, `[seat, col, value]`, are
`removed_columns`, in a view and in a round's scores alike.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import TYPE_CHECKING, Annotated, Any, Union

from msgspec import NODEFAULT, Meta, Struct, defstruct, structs

from game.rules import (
    CELLS,
    COLS,
    DEFAULT_END_SCORE,
    GAME_OVER,
    HIDDEN,
    ROUND_OVER,
    ROWS,
    Action,
    Cell,
    ScoreView,
    SeatView,
    edition_named,
)
from game.rules.events import EVENT_CLASSES, Event
from game.rules.view import MOST_ROUNDS, MOST_SCORE, check_view

from .reading import convert

MOST_NUMBER = 10**6  # an event's number: far above any score, card or pile size
MOST_SEATS = 16  # the longest list an event holds (a seat list or a row of scores)
MOST_WORD = 16  # the longest word an event holds ("highest", "discard"...)

ActionList = Annotated[list[int | str], Meta(min_length=2, max_length=4)]  # [seat, verb] or [seat, verb, col, row]
Column = tuple[int, int, int]  # [seat, col, value]


def action_from(item: list[int | str]) -> Action:
    return Action.from_list(item)


# ---------------------------------------------------------------- a seat's view
# The view is game/rules/view.py's SeatView (its public facts, then the seat's own); its JSON
# (the bot protocol's `decide`, docs/bots.md; the network's `table`) is `View` below, which a
# test holds to SeatView's declaration: each field under its name and of its declared type (a
# JSON array is read as the tuple declared), but for these, written as the bot protocol's first
# version had them: the edition by name, each grid as rows, and the columns removed this round
# as their values (`removed`) followed by the columns themselves (`removed_columns`). `legal` is
# sent beside the view.
_Row = Annotated[list[Cell], Meta(min_length=COLS, max_length=COLS)]
Grid = Annotated[list[_Row], Meta(min_length=ROWS, max_length=ROWS)]
_WRITTEN_AS: dict[str, tuple[tuple[str, Any], ...]] = {
    "edition": (("edition", str),),
    "grids": (("grids", list[Grid]),),
    "removed": (("removed", list[int]), ("removed_columns", list[Column])),
    "legal": (),
}
# Only the fields up to `draw_pile` and `grids` are required: another program may leave out the
# rest (the bot protocol's first version had no more), which read as these; unknown ones are
# ignored. (None for `participants` and `totals`: every seat plays, nobody has scored.)
_LEFT_OUT: dict[str, Any] = {
    "to_act": None, "holding": None, "source": None, "trigger": None, "removed": [], "removed_columns": [],
    "participants": None, "round_scores": (), "totals": None, "end_score": DEFAULT_END_SCORE,
}
_FIRST = ("edition", "players", "seat")  # where the first version had them; the rest in declared order


def fields_from_seat_view() -> list[tuple[str, Any, Any]]:
    """(name, type, default) of each field SeatView's declaration puts on the wire, in order
    (NODEFAULT: required): what `View` must declare, field by field (tests/test_net_protocol.py)."""
    declared = typing.get_type_hints(SeatView)
    names = [*_FIRST, *(item.name for item in dataclasses.fields(SeatView) if item.name not in _FIRST)]
    fields: list[tuple[str, Any, Any]] = []
    for name in names:
        for key, kind in _WRITTEN_AS.get(name, ((name, declared[name]),)):
            if key not in _LEFT_OUT:
                fields.append((key, kind, NODEFAULT))
            else:
                fields.append((key, kind | None if _LEFT_OUT[key] is None else kind, _LEFT_OUT[key]))
    return fields


class View(Struct, kw_only=True):
    """A seat's view as the JSON holds it: SeatView's fields, written as said above. Declared
    here, so that the type checker and the reader see each field (a test holds it to
    `fields_from_seat_view`: a fact added to SeatView fails the suite until it is added here)."""

    edition: str
    players: int
    seat: int
    round: int
    phase: str
    to_act: int | None = None
    holding: int | None = None
    source: str | None = None
    trigger: int | None = None
    discard_pile: tuple[int, ...]
    draw_pile: int
    grids: list[Grid]
    removed: list[int] = []
    removed_columns: list[Column] = []
    participants: tuple[int, ...] | None = None
    round_scores: tuple[tuple[int | None, ...], ...] = ()
    totals: tuple[int, ...] | None = None
    end_score: int = DEFAULT_END_SCORE


_AS_DECLARED = tuple(item.name for item in dataclasses.fields(SeatView) if item.name not in _WRITTEN_AS)


def view_to_wire(view: SeatView, like: View | None = None, of: SeatView | None = None) -> View:
    """What `view` sends (the network's table message is this Struct encoded). `like`, the View
    already made of `of`, another seat's view of the same moment (game/rules/view.py's `seat_views`:
    its public facts are the very same tuples): `like` with this view's seat and card in hand."""
    if like is not None and of is not None and _same_moment(view, of):
        return structs.replace(like, seat=view.seat, holding=view.holding)
    return View(
        edition=view.edition.name,
        grids=[[list(grid[row * COLS : (row + 1) * COLS]) for row in range(ROWS)] for grid in view.grids],
        removed=[value for _, _, value in view.removed], removed_columns=list(view.removed),
        **{name: getattr(view, name) for name in _AS_DECLARED})


_OWN = ("seat", "holding", "legal")  # what a seat's view holds of its own; the rest is the moment's
_SHARED = tuple(item.name for item in dataclasses.fields(SeatView) if item.name not in _OWN)


def _same_moment(view: SeatView, other: SeatView) -> bool:
    """`view` and `other` hold the same public facts (those of `seat_views` are the same objects)."""
    return all(getattr(view, name) is getattr(other, name) or getattr(view, name) == getattr(other, name)
               for name in _SHARED)


def seat_view_from(wire: View, legal: tuple[Action, ...]) -> SeatView:
    """The SeatView a View describes, with its seat's legal actions (none when it is not to
    act), checked by `check_view`: ValueError unless a real game could show it."""
    sent = structs.asdict(wire)
    edition, players = edition_named(sent["edition"]), sent["players"]
    edition.check_players(players)  # before anything is built from the number of seats
    facts = {name: sent[name] for name in _AS_DECLARED}
    if facts["participants"] is None:
        facts["participants"] = tuple(range(players))
    if facts["totals"] is None:
        facts["totals"] = (0,) * players
    view = SeatView(
        edition=edition, grids=tuple(tuple(cell for row in grid for cell in row) for grid in sent["grids"]),
        removed=tuple(sent["removed_columns"]), legal=legal, **facts)
    check_view(view)
    return view


# ---------------------------------------------------------------- a round's scores
Score = Annotated[int, Meta(ge=-MOST_SCORE, le=MOST_SCORE)]
Seat = Annotated[int, Meta(ge=0, lt=MOST_SEATS)]


class Scores(Struct, forbid_unknown_fields=True):
    """`ScoreView.to_dict()`: a scored round, in public."""

    edition: str
    players: int
    round: Annotated[int, Meta(ge=0, le=MOST_ROUNDS)]
    phase: str
    participants: list[Seat]
    trigger: Seat | None
    tiebreak: bool
    round_scores: Annotated[list[list[Score | None]], Meta(max_length=MOST_ROUNDS)]
    totals: list[Score]
    tiebreak_rounds: Annotated[list[Annotated[int, Meta(ge=1, le=MOST_ROUNDS)]], Meta(max_length=MOST_ROUNDS)]
    next_is_tiebreak: bool
    next_participants: list[Seat]
    winners: list[Seat] | None
    end_score: Annotated[int, Meta(ge=1, le=MOST_NUMBER)]
    grids: list[Annotated[list[Cell], Meta(min_length=CELLS, max_length=CELLS)]]
    removed_columns: Annotated[list[Column], Meta(max_length=64)]


def scores_from(wire: Scores) -> ScoreView:
    """The ScoreView a Scores describes; ValueError unless its seats, cards and rows fit its game."""
    edition = edition_named(wire.edition)
    players = wire.players
    edition.check_players(players)
    seats = range(players)
    for name in ("participants", "next_participants", "winners"):
        if not set(getattr(wire, name) or ()) <= set(seats):
            raise ValueError(f"the scores' {name} must be seats of the game")
    if wire.trigger is not None and wire.trigger not in seats:
        raise ValueError("the scores' trigger must be a seat of the game or null")
    if wire.phase not in (ROUND_OVER, GAME_OVER):
        raise ValueError(f"round scores come once a round is over, not in phase {wire.phase[:20]!r}")
    if len(wire.grids) != players or len(wire.round_scores) != wire.round or len(wire.totals) != players \
            or any(len(row) != players for row in wire.round_scores):
        raise ValueError(f"round scores need {players} grids, totals and one row of {players} scores per round")
    if not all(cell is None or cell == HIDDEN or (type(cell) is int and cell in edition.card_counts)
               for grid in wire.grids for cell in grid):
        raise ValueError(f"each grid must hold {CELLS} cards of {edition.title}, \"?\" or null")
    if not all(seat in seats and 0 <= col < COLS and value in edition.card_counts
               for seat, col, value in wire.removed_columns):
        raise ValueError("each removed column must be [seat, column 0-3, card]")
    return ScoreView(
        edition=edition, players=players, round=wire.round, phase=wire.phase,
        participants=tuple(wire.participants), trigger=wire.trigger, tiebreak=wire.tiebreak,
        round_scores=tuple(tuple(row) for row in wire.round_scores), totals=tuple(wire.totals),
        tiebreak_rounds=tuple(wire.tiebreak_rounds), next_is_tiebreak=wire.next_is_tiebreak,
        next_participants=tuple(wire.next_participants),
        winners=None if wire.winners is None else tuple(wire.winners), end_score=wire.end_score,
        grids=tuple(tuple(grid) for grid in wire.grids), removed=tuple(wire.removed_columns))


def scores_to_wire(view: ScoreView) -> Scores:
    return Scores(
        edition=view.edition.name, players=view.players, round=view.round, phase=view.phase,
        participants=list(view.participants), trigger=view.trigger, tiebreak=view.tiebreak,
        round_scores=[list(row) for row in view.round_scores], totals=list(view.totals),
        tiebreak_rounds=list(view.tiebreak_rounds), next_is_tiebreak=view.next_is_tiebreak,
        next_participants=list(view.next_participants),
        winners=None if view.winners is None else list(view.winners), end_score=view.end_score,
        grids=[list(grid) for grid in view.grids], removed_columns=list(view.removed))


# ---------------------------------------------------------------- the engine's events
Number = Annotated[int, Meta(ge=-MOST_NUMBER, le=MOST_NUMBER)]
_WIRE_TYPES: dict[Any, Any] = {  # an event field's Python type -> what its JSON may hold
    int: Number,
    bool: bool,
    str: Annotated[str, Meta(max_length=MOST_WORD)],
    int | None: Number | None,
    tuple[int, ...]: Annotated[tuple[Number, ...], Meta(max_length=MOST_SEATS)],
    tuple[int | None, ...]: Annotated[tuple[Number | None, ...], Meta(max_length=MOST_SEATS)],
}


def _event_struct(cls: type[Event]) -> type[Struct]:
    """The Struct of one event class: its fields and their wire types, tagged by its kind."""
    hints = typing.get_type_hints(cls)
    fields = [(name, _WIRE_TYPES[hints[name]]) for name in cls.__dataclass_fields__]
    return defstruct(cls.__name__, fields, tag_field="kind", tag=cls.kind, forbid_unknown_fields=True)


EVENT_STRUCTS = {kind: _event_struct(cls) for kind, cls in EVENT_CLASSES.items()}
if TYPE_CHECKING:
    EventWire = Struct  # (one of EVENT_STRUCTS: the type checker cannot see a union built at run time)
else:
    EventWire = Union[tuple(EVENT_STRUCTS.values())]  # noqa: UP007 - built at run time


def event_from(wire: Any) -> Event:
    """The engine's Event an event Struct describes (whether it fits a game is the caller's check)."""
    return EVENT_CLASSES[type(wire).__struct_config__.tag](**structs.asdict(wire))


def event_to_wire(event: Event) -> Any:
    """The event Struct of `event` (what `Event.to_dict` gives, as a Struct: "kind" first)."""
    return EVENT_STRUCTS[event.kind](**{name: getattr(event, name) for name in event.__dataclass_fields__})


def event_from_builtins(data: object) -> Event:
    """An event from parsed JSON (what `Event.to_dict` gave); ValueError in one line."""
    return event_from(convert(data, EventWire))
