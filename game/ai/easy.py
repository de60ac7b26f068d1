"""Easy: legal, plausible moves with obvious mistakes a person can exploit.

It keeps low cards and throws high ones, but it never counts cards, never aims for
columns, often looks only at a random face-down card, and ends rounds without thinking.
"""

from __future__ import annotations

from game.rules import DRAW, FLIP, OPENING, REPLACE, REVEAL, SOURCE_DISCARD, TAKE, Action, SeatView

from .base import BaseBot, action_at, face_down, face_up_cells, pick

LOW = 2  # "a low card" for a beginner
SLIP = 0.5  # chance of an unconsidered placement


class EasyBot(BaseBot):
    level = "easy"

    def decide(self, view: SeatView) -> Action:
        grid = view.grid()
        if view.phase == OPENING:
            return pick(view, action_at(view, FLIP, self.rng.choice(face_down(grid))))
        if view.holding is None:
            top = view.discard_top
            wants_top = top is not None and top <= LOW - 1
            if wants_top or view.draw_pile == 0:
                return pick(view, Action(view.seat, TAKE))
            return pick(view, Action(view.seat, DRAW))
        return self._place(view, grid, view.holding)

    def _place(self, view: SeatView, grid: tuple, card: int) -> Action:
        hidden = face_down(grid)
        shown = face_up_cells(grid)
        highest = max(shown, key=lambda i: grid[i], default=None)
        if card <= LOW or view.source == SOURCE_DISCARD:
            if highest is not None and grid[highest] > card and self.rng.random() > SLIP:
                return pick(view, action_at(view, REPLACE, highest))
            if hidden:
                return pick(view, action_at(view, REPLACE, self.rng.choice(hidden)))
            return pick(view, action_at(view, REPLACE, _some(highest)))
        if highest is not None and grid[highest] > card + 4 and self.rng.random() > SLIP:
            return pick(view, action_at(view, REPLACE, highest))
        if hidden:
            return pick(view, action_at(view, REVEAL, self.rng.choice(hidden)))
        return pick(view, action_at(view, REPLACE, _some(highest)))


def _some(highest: int | None) -> int:
    """The highest face-up card, asked for once no card is face-down: then some card is face up."""
    assert highest is not None, "a grid in play has a face-down or a face-up card"
    return highest
