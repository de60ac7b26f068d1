"""How one fact of a position is described, so that it is written down only once.

A fact is declared with `fact(name, default, kind, check)` in the table of one of the small
classes that group the facts into parts (position.py: the class gives the fact's type, `part`
joins its table to it). A `Field` then knows everything the engine does with the fact:

- `default`: its value before the first deal, a constant or, for anything per seat or
  mutable, a function of the seat count (a shared list would be a shared bug);
- `kind`: the shape of the value, which says how a copy copies it (shared when immutable),
  how it is written as JSON and how checked JSON is loaded back;
- `check`: what a JSON value must be for the codec to read it, raising InvalidStateError
  with one plain sentence naming the key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from .actions import brief
from .editions import HIGHEST_CARD, LOWEST_CARD
from .errors import InvalidStateError

Check = Callable[[Any, str, int], None]  # (JSON value, key, seat count) -> None or InvalidStateError

# How a copy copies a fact (GameState.clone, in the hot loop of the search bots).
SHARE = "share"  # immutable (a number, a name, None, a tuple): the copy shares it
COPY_LIST = "list"  # a list of immutable items: one new list
COPY_ROWS = "rows"  # a list of lists: every row new
COPY_MAYBE = "maybe"  # None or a list of immutable items


class Kind(NamedTuple):
    copy: str  # SHARE, COPY_LIST, COPY_ROWS or COPY_MAYBE
    write: Callable[[Any], Any]  # the value as new JSON lists, never sharing one with the state
    load: Callable[[Any], Any]  # checked JSON back to the value, never sharing one with the JSON


def _same(value: Any) -> Any:
    return value


def _rows(value: Any) -> list[Any]:
    return [list(row) for row in value]


def _entries(value: Any) -> list[tuple[Any, ...]]:
    return [tuple(item) for item in value]


def _maybe_list(value: Any) -> list[Any] | None:
    return None if value is None else list(value)


def _reversed(value: Any) -> list[Any]:
    turned: list[Any] = value[::-1]
    return turned


VALUE = Kind(SHARE, _same, _same)  # a number, a flag, a name or None
TUPLE = Kind(SHARE, list, tuple)  # a tuple of numbers, written as a list
LIST = Kind(COPY_LIST, list, list)  # a list of numbers
NESTED = Kind(COPY_ROWS, _rows, _rows)  # a list of lists
ENTRIES = Kind(COPY_LIST, _rows, _entries)  # a list of tuples, written as lists
MAYBE_LIST = Kind(COPY_MAYBE, _maybe_list, _maybe_list)  # None or a list of numbers
TOP_FIRST = Kind(COPY_LIST, _reversed, _reversed)  # a pile kept top last (a cheap pop), written top first


def member_of(names: Callable[[str], Any]) -> Kind:
    """A member of `names`, a StrEnum: shared by a copy, written as its plain string, loaded
    back as the member."""
    return Kind(SHARE, str, names)


def _text_or_none(value: Any) -> str | None:
    return None if value is None else str(value)


def maybe_member_of(names: Callable[[str], Any]) -> Kind:
    """None, or a member of `names` (as `member_of`)."""

    def load(value: Any) -> Any:
        return None if value is None else names(value)

    return Kind(SHARE, _text_or_none, load)


@dataclass(frozen=True, slots=True)
class Field:
    """One fact: its attribute name (the JSON key too), its part, default, kind and check."""

    default: Any
    kind: Kind
    check: Check
    name: str = ""
    part: str = ""

    def fresh(self, players: int) -> Any:
        return self.default(players) if callable(self.default) else self.default

    def read(self, value: Any, players: int) -> Any:
        """The fact from its JSON value, or InvalidStateError."""
        self.check(value, self.name, players)
        return self.kind.load(value)


def fact(name: str, default: Any, kind: Kind, check: Check) -> Field:
    """Declare the fact `name` (in a part's table, position.py)."""
    if isinstance(default, (list, dict, set)):
        raise TypeError("a mutable default must be a function of the seat count, or every game would share it")
    field = Field(default, kind, check, name)
    if kind.copy == SHARE and isinstance(field.fresh(2), (list, dict, set)):
        raise TypeError("a mutable fact needs a kind that copies it, or a copy would share it with its original")
    return field


def part(cls: type, *fields: Field) -> tuple[Field, ...]:
    """The facts of the part `cls`, in the order of its declarations; the class declares their
    types alone (plain annotations, no values: no class attribute shadows a game's own, and a
    compiled build lays them out as fields, docs/engineering.md "Issue 47: the compiled engine").
    tests/test_rules_position.py holds each table to its class's annotations, name by name."""
    return tuple(replace(field, part=cls.__name__) for field in fields)


# ---------------------------------------------------------------- checks of JSON values
def whole(low: int | None = None, high: int | None = None) -> Check:
    def check(value: Any, key: str, players: int) -> None:
        if type(value) is not int:  # JSON true is no number, and neither is 1.0
            raise InvalidStateError(f"{key!r} must hold whole numbers, found {brief(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise InvalidStateError(f"{key!r} is out of range: {value}")

    return check


a_card = whole(LOWEST_CARD, HIGHEST_CARD)


def a_seat(value: Any, key: str, players: int) -> None:
    whole(0, players - 1)(value, key, players)


def flag(value: Any, key: str, players: int) -> None:
    if not isinstance(value, bool):
        raise InvalidStateError(f"{key!r} must be true or false")


def one_of(*choices: str) -> Check:
    def check(value: Any, key: str, players: int) -> None:
        if type(value) is not str or value not in choices:
            raise InvalidStateError(f"{key!r} must be one of {', '.join(choices)}, not {brief(value)}")

    return check


def maybe(item: Check) -> Check:
    """None, or what `item` accepts."""

    def check(value: Any, key: str, players: int) -> None:
        if value is not None:
            item(value, key, players)

    return check


def listed(item: Check, length: int | None = None, per_seat: bool = False, distinct: bool = False,
           nonempty: bool = False) -> Check:
    """A list of what `item` accepts: `length` entries, or one per seat; distinct; not empty."""

    def check(value: Any, key: str, players: int) -> None:
        if not isinstance(value, list):
            raise InvalidStateError(f"{key!r} must be a list")
        want = players if per_seat else length
        if want is not None and len(value) != want:
            raise InvalidStateError(f"{key!r} must have {want} entries, not {len(value)}")
        for element in value:
            item(element, key, players)
        if (distinct and len(set(value)) != len(value)) or (nonempty and not value):
            raise InvalidStateError(f"{key!r} must list distinct seats")

    return check


def entry(*items: Check) -> Check:
    """A list of exactly one value for each of `items`, in order."""

    def check(value: Any, key: str, players: int) -> None:
        if not isinstance(value, list) or len(value) != len(items):
            raise InvalidStateError(f"{key!r} entries must be lists of {len(items)}")
        for part_value, item in zip(value, items):
            item(part_value, key, players)

    return check


# ---------------------------------------------------------------- defaults
def nothing_yet(players: int) -> list[Any]:
    return []


def every_seat(players: int) -> tuple[int, ...]:
    return tuple(range(players))


def per_seat(value: Any) -> Callable[[int], list[Any]]:
    return lambda players: [value] * players


def per_cell(value: Any, cells: int) -> Callable[[int], list[list[Any]]]:
    return lambda players: [[value] * cells for _ in range(players)]
