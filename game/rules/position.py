"""The position: every fact of a game that play changes, each declared once.

The facts are grouped in small named parts, the classes below, and `Position` joins them.
A part's class gives each fact's type; the table beside it (`part`) its value before the first
deal, its kind (how a copy copies it, how it is written to JSON and loaded back) and what a
saved value must be (facts.py), in the same order (tests/test_rules_position.py holds the two
together). From these declarations alone:

- `GameState.__init__` gives every fact its default (`fresh_facts`);
- `GameState.clone` copies every fact, making new lists of those play changes in place
  (`Position.copy_facts_from`: one written line per fact, a test checks none is missing);
- `GameState.from_position` builds a game at any position: the codec and determinisation
  (game/ai/determinize.py) use it;
- the codec writes, reads and checks every fact (`FIELDS`, in this order: the JSON keys'),
  and `check_consistency` checks every value before the rules that tie facts together.

A new fact is therefore declared in its part (a type and a line of its table) and in
`Position.copy_facts_from` (and `copy_dealt_facts_from`, if a deal starts it afresh), and none
of the others lists it again. Its price is elsewhere:
- room: every fact is an attribute of the game, and a game already holds INLINE_ATTRIBUTES
  (29) of them, the most CPython keeps inline (see there); one more slows every method call
  of the engine, and tests/test_engine_fast_shape.py fails, so a new fact must replace one
  or fold into one (the comment above the parts, class Round, says how);
- saves: bump codec.STATE_FORMAT, add the step in codec.STATE_STEPS that gives the fact its
  default (`codec.with_defaults`) in states saved before it existed, and store an example
  of the previous format in tests/data/saves/ (docs/saves.md);
- meaning: a rule that ties it to other facts joins `check_consistency`, and what a seat
  may see of it joins `seat_view` (view.py), which names each fact it shows.

Grids are stored per seat as 12 cells in reading order (index = row * 4 + col): `cards`
holds the value (None once removed), `face_up` whether it shows. Piles keep their top at
the end of the list, so drawing is a cheap `pop()`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any, Final

from .actions import CELLS, COLS, HIDDEN, ROWS
from .editions import Edition
from .events import Event
from .facts import (
    COPY_LIST,
    COPY_MAYBE,
    COPY_ROWS,
    ENTRIES,
    LIST,
    MAYBE_LIST,
    NESTED,
    TOP_FIRST,
    TUPLE,
    VALUE,
    Field,
    a_card,
    a_seat,
    entry,
    every_seat,
    fact,
    flag,
    listed,
    maybe,
    maybe_member_of,
    member_of,
    nothing_yet,
    one_of,
    part,
    per_cell,
    per_seat,
    whole,
)
from .options import Options
from .traits import trait


class Phase(StrEnum):
    """Where a round stands. A member is the string it names, so saves, the wire and the
    views hold the same text as before (a view's `phase` stays a plain str)."""

    OPENING = "opening"  # every participant flips two cards
    TURN = "turn"
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"


# Final: a compiled build keeps each in a C variable instead of looking it up in the module's dict
OPENING: Final = Phase.OPENING
TURN: Final = Phase.TURN
ROUND_OVER: Final = Phase.ROUND_OVER
GAME_OVER: Final = Phase.GAME_OVER
PHASES: Final = tuple(Phase)



class Source(StrEnum):
    """Where the card in hand came from. A member is the string it names, so saves, the wire
    and the views hold the same text as before (a view's `source` stays a plain str)."""

    DRAW = "draw"  # the draw pile: the card may go on the discard, then a face-down card is revealed
    DISCARD = "discard"  # the discard pile: the card must replace one of the grid's


SOURCE_DRAW: Final = Source.DRAW
SOURCE_DISCARD: Final = Source.DISCARD

OPENING_FLIPS: Final = 2


def as_member(names: type[StrEnum], value: Any) -> Any:
    """The member of `names` that `value` names, or `value` itself when it names none (None,
    or a wrong value that `check_consistency` refuses with its reason). The engine compares a
    phase and a source by identity (`is TURN`), several times cheaper than `==` between an
    enum's members, which CPython does not specialise; so every game holds members only."""
    try:
        return names(value)
    except ValueError:  # names no member (an unhashable value too)
        return value

_seats = listed(a_seat, distinct=True, nonempty=True)
_some_seats = listed(a_seat, distinct=True)  # possibly none
_grids = listed(listed(maybe(a_card), length=CELLS), per_seat=True)
_flags = listed(listed(flag, length=CELLS), per_seat=True)


# Adding a fact? A game has no room left: the 25 facts below and GameState's identity,
# record_events, events and log make INLINE_ATTRIBUTES (29) attributes, the ceiling
# tests/test_engine_fast_shape.py holds. It exists for the search: Expert copies the state
# (`clone`, which copies every attribute) and plays each copy out, thousands of times per
# decision, so every method call of the engine is on its hot path, and past 29 attributes
# CPython calls each of them the slow way (see INLINE_ATTRIBUTES). A 30th attribute costs
# about 7% of every search. Instead: fold the fact into one (a tuple, as Identity folds four),
# work it out from the others as a property of Position (as `discard_top`), make it part of
# Identity if play never changes it, or keep it outside the game (the table, the record).
#
# Each part is a class that gives its facts' types, and beside it the table of their defaults,
# kinds and checks (`part`), in the same order. The classes are traits for mypyc (a compiled
# build, docs/engineering.md "Issue 47: the compiled engine"): it lays a game's facts out as
# fields of one native class, which a part may share with the others; in plain Python `trait`
# returns the class as it is.
@trait
class Round:
    """Which round is played, in which phase and by whom; who plays the next one; which
    rounds only broke a final tie (their scores do not count)."""

    round: int
    phase: Phase
    participants: tuple[int, ...]
    next_participants: tuple[int, ...]
    tiebreak: bool
    next_is_tiebreak: bool
    tiebreak_rounds: list[int]


ROUND = part(
    Round,
    fact("round", 0, VALUE, whole(0)),
    fact("phase", ROUND_OVER, member_of(Phase), one_of(*PHASES)),  # nothing dealt yet: `deal` starts round 1
    fact("participants", every_seat, TUPLE, _seats),
    fact("next_participants", every_seat, TUPLE, _seats),
    fact("tiebreak", False, VALUE, flag),
    fact("next_is_tiebreak", False, VALUE, flag),
    fact("tiebreak_rounds", nothing_yet, LIST, listed(whole(1))),
)


@trait
class Grids:
    """Every seat's 12 cells: the card (None once its column is removed), and whether it shows."""

    cards: list[list[int | None]]
    face_up: list[list[bool]]


GRIDS = part(
    Grids,
    fact("cards", per_cell(None, CELLS), NESTED, _grids),
    fact("face_up", per_cell(False, CELLS), NESTED, _flags),
)


@trait
class Piles:
    """The draw pile (top last) and the discard pile (bottom to top)."""

    draw_pile: list[int]
    discard_pile: list[int]


PILES = part(
    Piles,
    fact("draw_pile", nothing_yet, TOP_FIRST, listed(a_card)),
    fact("discard_pile", nothing_yet, LIST, listed(a_card)),
)


@trait
class Turn:
    """Who acts, and the card in hand with the pile it came from."""

    to_act: int | None
    holding: int | None
    source: Source | None


TURN_FACTS = part(
    Turn,
    fact("to_act", None, VALUE, maybe(a_seat)),
    fact("holding", None, VALUE, maybe(a_card)),
    fact("source", None, maybe_member_of(Source), maybe(one_of(*Source))),
)


@trait
class Opening:
    """The opening flips left per seat; in Classic, the seats tied for the start and those
    of them still to flip one more card in this pass."""

    flips_left: list[int]
    tie_seats: tuple[int, ...]
    tie_to_flip: list[int]


OPENING_FACTS = part(
    Opening,
    fact("flips_left", per_seat(0), LIST, listed(whole(0, OPENING_FLIPS), per_seat=True)),
    fact("tie_seats", (), TUPLE, _some_seats),
    fact("tie_to_flip", nothing_yet, LIST, _some_seats),
)


@trait
class Milestones:
    """What the round has seen so far: who ended it, who ended the last one (and so starts
    this one), who started, how often the discard pile was reshuffled, the columns removed.
    Every gap in the grid of a seat in play is a column listed in `removed`, so while it is
    empty the engine's hot loop knows every grid whole without scanning for None."""

    trigger: int | None
    previous_trigger: int | None
    starter: int | None
    reshuffles: int
    removed: list[tuple[int, int, int]]


MILESTONES = part(
    Milestones,
    fact("trigger", None, VALUE, maybe(a_seat)),
    fact("previous_trigger", None, VALUE, maybe(a_seat)),
    fact("starter", None, VALUE, maybe(a_seat)),
    fact("reshuffles", 0, VALUE, whole(0)),
    fact("removed", nothing_yet, ENTRIES, listed(entry(a_seat, whole(0, COLS - 1), a_card))),
)


@trait
class Scoring:
    """Every round's scores (None for a seat that sat a tie-break out), the totals, and the
    winners once the game is over."""

    round_scores: list[list[int | None]]
    totals: list[int]
    winners: list[int] | None


SCORING = part(
    Scoring,
    fact("round_scores", nothing_yet, NESTED, listed(listed(maybe(whole()), per_seat=True))),
    fact("totals", per_seat(0), LIST, listed(whole(), per_seat=True)),
    fact("winners", None, MAYBE_LIST, maybe(_seats)),
)


@dataclass(frozen=True, slots=True)
class Identity:
    """What a game is, fixed when it is created: its edition, seat count, seed and options."""

    edition: type[Edition]
    players: int
    seed: int
    options: Options


# Why the identity is one attribute: CPython 3.11 keeps an object's attributes inline, and
# specialises `self.method(...)` calls on it, only while it has at most 29 of them; past that
# every method call on a GameState looks the method up the slow way (7% more instructions
# per random round, and a search plays thousands of rounds on copies of the state for each
# decision). tests/test_engine_fast_shape.py counts them; what to do instead of a 30th: the
# comment above the parts (class Round).
INLINE_ATTRIBUTES: Final = 29


class Position(Round, Grids, Piles, Turn, Opening, Milestones, Scoring):
    """The facts of a game, and what can be asked of them alone. The game's identity (edition,
    seat count, seed, options) never changes during play; GameState gives it (and the facts,
    their defaults from the declarations above)."""

    def __init__(self, identity: Identity, record_events: bool = False) -> None:
        self.identity = identity
        # the event record every part shares (RoundEnd emits, GameState.take_events hands it on)
        self.record_events = record_events
        self.events: list[Event] = []

    @property
    def edition(self) -> type[Edition]:
        return self.identity.edition

    @property
    def players(self) -> int:
        return self.identity.players

    @property
    def seed(self) -> int:
        return self.identity.seed

    @property
    def options(self) -> Options:
        return self.identity.options

    # OpenSpiel's names, the engine's public interface for generic game code
    @property
    def is_terminal(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def current_player(self) -> int | None:
        return self.to_act

    def returns(self) -> list[float]:
        """Per seat: 1/k for each of k winners, 0 otherwise; all 0 before the game is over."""
        winners = self.winners or []
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(self.players)]

    @property
    def discard_top(self) -> int | None:
        return self.discard_pile[-1] if self.discard_pile else None

    def face_down_count(self, seat: int) -> int:
        down = self.face_up[seat].count(False)
        if down and self.removed:  # removed cells are None and never face-up: the only other False flags
            down -= self.cards[seat].count(None)  # (counting None is slow: skipped while nothing is removed)
        return down

    def visible_sum(self, seat: int) -> int:
        return sum(card for card, up in zip(self.cards[seat], self.face_up[seat]) if up and card is not None)

    def cell(self, seat: int, col: int, row: int) -> int | str | None:
        """The replay format's cell: the value if face-up, "?" if face-down, None if removed."""
        value = self.cards[seat][row * COLS + col]
        if value is None:
            return None
        return value if self.face_up[seat][row * COLS + col] else HIDDEN

    def grid_cells(self, seat: int) -> list[list[int | str | None]]:
        return [[self.cell(seat, col, row) for col in range(COLS)] for row in range(ROWS)]

    def copy_facts_from(self, source: Position) -> None:
        """Give this position, a new game without facts yet, a copy of every fact of `source`
        (GameState.clone; a new game, of the unplayed position): new lists where play changes
        them in place, the rest shared (immutable).

        One line per fact, in FIELDS' order, as each fact's kind says (tests/test_rules_position.py
        checks that every fact is copied, and no list shared). Why not a loop or a dict: CPython 3.11
        keeps a game's attributes inline, and reads each in a few instructions, only while nobody
        touches the object's `__dict__`; a copy made through `__dict__` (or `vars`) turns both the
        copy and its original into dict-backed objects, whose every attribute read takes the generic
        path, about ten times as long. Plain attribute stores on a new object keep it inline, as
        `__init__` does; a loop of `setattr` would too, at several times the cost of these lines
        (and a compiled build reads and writes each as a field)."""
        self.round = source.round
        self.phase = source.phase
        self.participants = source.participants
        self.next_participants = source.next_participants
        self.tiebreak = source.tiebreak
        self.next_is_tiebreak = source.next_is_tiebreak
        self.tiebreak_rounds = source.tiebreak_rounds.copy()
        self.copy_dealt_facts_from(source)  # the grids, the turn, the opening and the milestones
        self.draw_pile = source.draw_pile.copy()
        self.discard_pile = source.discard_pile.copy()
        self.round_scores = list(map(list.copy, source.round_scores))
        self.totals = source.totals.copy()
        winners = source.winners
        self.winners = None if winners is None else winners.copy()

    def copy_dealt_facts_from(self, source: Position) -> None:
        """Give this game a copy of the facts every deal starts afresh (DEALT_AFRESH: the grids,
        the turn, the opening and the milestones) from `source`, as `copy_facts_from` copies
        them: `deal` takes them from the unplayed position (`clear_for_deal`). Written out fact
        by fact for the reasons given there, and cheaper than a loop of `setattr` over a dict of
        new defaults, once a round (tests/test_rules_position.py checks it copies exactly
        DEALT_AFRESH)."""
        self.cards = list(map(list.copy, source.cards))
        self.face_up = list(map(list.copy, source.face_up))
        self.to_act = source.to_act
        self.holding = source.holding
        self.source = source.source
        self.flips_left = source.flips_left.copy()
        self.tie_seats = source.tie_seats
        self.tie_to_flip = source.tie_to_flip.copy()
        self.trigger = source.trigger
        self.previous_trigger = source.previous_trigger
        self.starter = source.starter
        self.reshuffles = source.reshuffles
        self.removed = source.removed.copy()


# every fact, in the order of Position's parts (the JSON keys' order too)
FIELDS: Final[tuple[Field, ...]] = ROUND + GRIDS + PILES + TURN_FACTS + OPENING_FACTS + MILESTONES + SCORING
FACT_NAMES: Final = frozenset(field.name for field in FIELDS)
# what every deal starts afresh: a new fact in these parts needs its line in Position.copy_dealt_facts_from
# (tests/test_rules_position.py fails without it), none in `deal`
DEALT_AFRESH: Final = tuple(field.name for field in GRIDS + TURN_FACTS + OPENING_FACTS + MILESTONES)
_LISTS: Final = tuple(field.name for field in FIELDS if field.kind.copy == COPY_LIST)
_ROWS: Final = tuple(field.name for field in FIELDS if field.kind.copy == COPY_ROWS)
_MAYBE: Final = tuple(field.name for field in FIELDS if field.kind.copy == COPY_MAYBE)


def fresh_facts(players: int) -> dict[str, Any]:
    """Every fact at its value before the first deal, in new lists: a copy, made as `clone`
    makes one, of the defaults worked out once per seat count (a deal needs them too)."""
    values = dict(_defaults(players))
    copy_facts(values)
    return values


@cache
def _defaults(players: int) -> dict[str, Any]:
    return {field.name: field.fresh(players) for field in FIELDS}


@cache
def _unplayed(players: int) -> Position:
    """A position of `players` seats with every fact at its default, which a new game copies (its
    lists are never changed: a copy makes its own)."""
    position = Position(Identity(Edition, players, 0, Options()))
    for name, value in _defaults(players).items():
        setattr(position, name, value)
    return position


def give_defaults(target: Position, players: int) -> None:
    """Give `target`, a new game without facts yet, every fact at its default (GameState.__init__):
    a copy of the unplayed position, as `clone` copies a game, cheaper than one fact at a time."""
    target.copy_facts_from(_unplayed(players))


def clear_for_deal(target: Position, players: int) -> None:
    """Give `target` every fact a deal starts afresh (DEALT_AFRESH) at its value before the first
    deal, in new lists."""
    target.copy_dealt_facts_from(_unplayed(players))


def copy_facts(values: dict[str, Any]) -> None:
    """Make the facts that play changes in place new lists in `values` (a dict of facts, as
    `fresh_facts` makes from the defaults); the rest stays shared: it is immutable."""
    for name in _LISTS:
        values[name] = values[name].copy()
    for name in _ROWS:
        values[name] = [row.copy() for row in values[name]]
    for name in _MAYBE:
        if values[name] is not None:
            values[name] = values[name].copy()


def check_facts(position: Position) -> None:
    """Raise InvalidStateError unless every fact holds a value its declaration accepts (the
    checks the codec applies to a saved state, applied to one built in memory)."""
    for field in FIELDS:
        field.check(field.kind.write(getattr(position, field.name)), field.name, position.players)
