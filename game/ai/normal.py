"""Normal: solid heuristics, no card counting and no end-of-round judgement.

Replace high cards, keep low ones, build and complete columns, and when the drawn card
is poor, discard it and reveal a face-down card.
"""

from __future__ import annotations

from game.rules import DRAW, OPENING, REVEAL, TAKE, Action, SeatView

from .base import BaseBot, pick
from .evaluate import best_placement, knowledge, placements

PAIR_WEIGHT = 0.5
TAKE_GAIN = 3.0  # a discard must save this much to be worth taking
PLACE_GAIN = 1.5  # a drawn card must save this much to be kept


class NormalBot(BaseBot):
    level = "normal"

    def decide(self, view: SeatView) -> Action:
        if view.phase == OPENING:
            return pick(view, self.spread_opening_flip(view))
        know = knowledge(view, counting=False)
        if view.holding is None:
            top = view.discard_top
            if view.draw_pile == 0 or (top is not None and best_placement(view, top, know, PAIR_WEIGHT)[0] >= TAKE_GAIN):
                return pick(view, Action(view.seat, TAKE))
            return pick(view, Action(view.seat, DRAW))
        options = placements(view, view.holding, know, PAIR_WEIGHT)
        reveals = [a for g, a in options if a.verb == REVEAL]
        gain, action = max(options, key=lambda item: item[0])
        if reveals and gain < PLACE_GAIN:
            return pick(view, self.rng.choice(reveals))
        return pick(view, action)

