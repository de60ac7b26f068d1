"""What a table controller tells its observers (the screen, a test, a network seat, a log).

Each message is a small frozen value; an observer is any callable taking one, e.g. a
list's `append` in a test. Messages come in the order things happen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.rules import Action
from game.rules.events import Event
from game.sentences import MAX_ARG, Sentence


@dataclass(frozen=True)
class TableEvents:
    """The engine's events for an action just played (`action`) or a round just dealt
    (`action` is None), complete: an observer hides what its viewer may not see
    (`Event.for_seat`)."""

    events: tuple[Event, ...]
    action: Action | None = None


@dataclass(frozen=True)
class Notice:
    """A sentence for the table's notice line: a computer player replaced, a failed save.
    It travels as a declared sentence (its key and arguments), worded where it is shown
    (`sentence.worded()`), so a network player reads it in their own language. The next
    action played clears the line."""

    sentence: Sentence


@dataclass(frozen=True)
class HandoffDue:
    """Hot seat: `seat`'s human plays next and is not the human who played last; the screen
    hides the table until that player is at it."""

    seat: int


@dataclass(frozen=True)
class RoundOver:
    """Round `round` is scored (and counted in the statistics); the table waits for
    `TableController.next_round`."""

    round: int


@dataclass(frozen=True)
class GameOver:
    """The last round's scores were seen: the game is finished and counted."""


@dataclass(frozen=True)
class TakenBack:
    """`seat`'s human put the discard they had just taken (`card`) back on the discard pile:
    the game is as it was before the take (nothing hidden was seen), and the turn starts
    over. Not an engine event: the game record never held the take."""

    seat: int
    card: int


def detail(problem: object) -> str:
    """A technical detail as a sentence's argument (an error, a reason): one printable line,
    short enough to cross the wire."""
    flat = "".join(char if char.isprintable() else " " for char in " ".join(str(problem).split()))
    return flat if len(flat) <= MAX_ARG else flat[: MAX_ARG - 1] + "…"


TableMessage = TableEvents | Notice | HandoffDue | RoundOver | GameOver | TakenBack
Observer = Callable[[TableMessage], object]


class Observers:
    """Who hears a table, in the order they subscribed: a TableController's and a joined
    seat's (game.net's RemoteTable) observers alike."""

    def __init__(self) -> None:
        self._heard: list[Observer] = []

    def subscribe(self, observer: Observer) -> None:
        self._heard.append(observer)

    def unsubscribe(self, observer: Observer) -> None:
        """`observer` hears nothing more (nothing happens if it was not subscribed)."""
        if observer in self._heard:
            self._heard.remove(observer)

    def tell(self, message: TableMessage) -> None:
        for observer in list(self._heard):  # (an observer may subscribe or leave while told)
            observer(message)
