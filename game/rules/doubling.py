"""The warning before a doubled round: whether a move ends the round while the mover is not
strictly the lowest at the table, with the figures a person would be shown.

A pure function of a seat's view and a move, so it says only what the seat can see: its own
visible total once the move is played and the other players' visible totals (face-down cards
count for nobody, the card a reveal turns up is not known yet). The screen words it (issue 48:
"If you turn this card, the round ends with your 24 against Robin's 12 showing"); the child
model heeds it in measurement (game/ai/beginner.py).

    warning = doubling_warning(view, action)
    if warning is not None:  # warning.total, warning.lowest, warning.lowest_seat, warning.unseen
        ...
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import COLUMN_CELLS, HIDDEN, REPLACE, REVEAL, Action, Cell
from .view import SeatView


@dataclass(frozen=True, slots=True)
class DoublingWarning:
    """What a person about to end the round behind is told, from what they can see."""

    total: int  # the mover's visible total once the move is played
    lowest: int  # the lowest visible total among the other players in the round
    lowest_seat: int  # whose it is (the first such seat)
    unseen: bool  # the move turns up a card nobody has seen, which `total` does not count


def ends_round(view: SeatView, action: Action) -> bool:
    """Whether `action` turns up the seat's last face-down card first, ending the round."""
    if view.trigger is not None or action.verb not in (REPLACE, REVEAL):
        return False
    hidden = [i for i, cell in enumerate(view.grid()) if cell == HIDDEN]
    return hidden == [action.index]


def visible_total(grid: tuple[Cell, ...]) -> int:
    """The sum of a grid's face-up cards (what the table sees of a player's score)."""
    return sum(cell for cell in grid if isinstance(cell, int))


def doubling_warning(view: SeatView, action: Action) -> DoublingWarning | None:
    """The warning `action` deserves, or None: it ends the round while the seat's visible total
    is not strictly lower than every other player's. A placement whose known total is 0 or
    less is never doubled (rules §9.2), so it is not warned; a reveal is, since the card it
    turns up is unknown."""
    if not ends_round(view, action):
        return None
    others = [seat for seat in view.participants if seat != view.seat]
    if not others:
        return None
    total = visible_total(_after(view, action))
    lowest_seat = min(others, key=lambda seat: visible_total(view.grid(seat)))
    lowest = visible_total(view.grid(lowest_seat))
    unseen = action.verb == REVEAL
    if total < lowest or (total <= 0 and not unseen):
        return None
    return DoublingWarning(total, lowest, lowest_seat, unseen)


def _after(view: SeatView, action: Action) -> tuple[Cell, ...]:
    """The seat's grid as the table will see it once `action` is played: the card placed (a
    column of three equal face-up cards removed) or, for a reveal, the card still unknown."""
    cells: list[Cell] = list(view.grid())
    if action.verb == REPLACE:
        assert view.holding is not None, "a replacement is of the card held"
        cells[action.index] = view.holding
    for column in COLUMN_CELLS:
        first = cells[column[0]]
        if isinstance(first, int) and all(cells[i] == first for i in column):
            for i in column:
                cells[i] = None
    return tuple(cells)
