"""What happened, for the screen to animate and the log to record.

Every event is a frozen dataclass with a `kind`. Most are public; a card drawn from the
draw pile is seen by its drawer alone, so `for_seat` hides its value from everybody else.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from typing import Any


class StartReason(StrEnum):
    """Why a seat starts the round's turns (`StarterChosen.reason`)."""

    HIGHEST = "highest"  # the highest sum of the opening flips
    RANDOM = "random"  # drawn by lot among the tied
    FLIPS = "flips"  # won the tie by flipping more cards
    TRIGGER = "trigger"  # ended the last round


@dataclass(frozen=True, slots=True)
class Event:
    kind = "event"

    def for_seat(self, seat: int | None) -> Event:
        """This event as `seat` may see it (None: a spectator who sees public facts only)."""
        return self

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **asdict(self)}


@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    round: int
    seats: tuple[int, ...]
    discard_top: int
    draw_pile: int
    tiebreak: bool
    kind = "round_dealt"


@dataclass(frozen=True, slots=True)
class CardFlipped(Event):
    """An opening or start-tie flip."""

    seat: int
    col: int
    row: int
    value: int
    kind = "card_flipped"


@dataclass(frozen=True, slots=True)
class StarterChosen(Event):
    seat: int
    reason: str  # a StartReason; typed str as the wire carries it (a screen shows an unknown word as it is)
    kind = "starter_chosen"


@dataclass(frozen=True, slots=True)
class StartTieFlips(Event):
    seats: tuple[int, ...]
    kind = "start_tie_flips"


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    seat: int
    value: int | None  # None when hidden from the viewer
    kind = "card_drawn"

    def for_seat(self, seat: int | None) -> Event:
        return self if seat == self.seat else replace(self, value=None)


@dataclass(frozen=True, slots=True)
class DiscardTaken(Event):
    seat: int
    value: int
    kind = "discard_taken"


@dataclass(frozen=True, slots=True)
class CardReplaced(Event):
    seat: int
    col: int
    row: int
    value: int
    old_value: int
    old_was_face_up: bool
    source: str  # a Source ("draw" or "discard"; from the wire, the plain string)
    kind = "card_replaced"


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """A drawn card thrown onto the discard pile (followed by a CardRevealed)."""

    seat: int
    value: int
    kind = "card_discarded"


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    seat: int
    col: int
    row: int
    value: int
    kind = "card_revealed"


@dataclass(frozen=True, slots=True)
class ColumnRemoved(Event):
    seat: int
    col: int
    value: int
    kind = "column_removed"


@dataclass(frozen=True, slots=True)
class PileReshuffled(Event):
    cards: int
    discard_top: int
    kind = "pile_reshuffled"


@dataclass(frozen=True, slots=True)
class EndTriggered(Event):
    seat: int
    kind = "end_triggered"


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    last_turn: bool
    kind = "turn_started"


@dataclass(frozen=True, slots=True)
class FinalReveal(Event):
    seat: int
    col: int
    row: int
    value: int
    kind = "final_reveal"


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    round: int
    raw: tuple[int | None, ...]
    scores: tuple[int | None, ...]
    doubled: int | None
    trigger: int
    totals: tuple[int, ...]
    tiebreak: bool
    kind = "round_scored"


@dataclass(frozen=True, slots=True)
class TiebreakNeeded(Event):
    seats: tuple[int, ...]
    kind = "tiebreak_needed"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    kind = "game_over"


# ---------------------------------------------------------------- every kind (game/wire/pieces.py reads them from JSON)
EVENT_CLASSES: dict[str, type[Event]] = {cls.kind: cls for cls in (
    RoundDealt, CardFlipped, StarterChosen, StartTieFlips, CardDrawn, DiscardTaken, CardReplaced, CardDiscarded,
    CardRevealed, ColumnRemoved, PileReshuffled, EndTriggered, TurnStarted, FinalReveal, RoundScored,
    TiebreakNeeded, GameOver)}
