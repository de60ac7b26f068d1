"""Normal: solid heuristics, no card counting in its placements, and a plain rule for ending.

Replace high cards, keep low ones, complete a column when a card does (without planning
pairs), and when the drawn card is poor, discard it and reveal a face-down card.

It ends the round (turns up its last face-down card) only when it expects to have the lowest
score, as a player at the table would judge it: every opponent's visible cards plus its
face-down cards at the mean of the cards not yet seen, less what its last turn may save.
Otherwise ending costs the doubling of its score, and a card placed elsewhere usually costs
less; it ends anyway when every other move costs more, or when the round drags on. Simpler
than Hard: one estimate per opponent and a margin, not the chance of each final score.
"""

from __future__ import annotations

from collections import Counter

from game.rules import DRAW, HIDDEN, OPENING, REPLACE, REVEAL, TAKE, Action, SeatView

from .base import BaseBot, action_at, face_down, pick
from .evaluate import Knowledge, grid_after, hidden_card_value, knowledge, placements

# No bonus for a pair towards a column: Normal completes a column when a card does, but does
# not plan one (with its end-of-round rule and pair planning it beat Hard heads-up: 48% for Hard
# in 150 Classic games, where levels must stay ordered; without: 65%)
PAIR_WEIGHT = 0.0
TAKE_GAIN = 3.0  # a discard must save this much to be worth taking
PLACE_GAIN = 1.5  # a drawn card must save this much to be kept
# Ending the round: Normal must expect to be below every opponent by this much (their last
# turn and their face-down cards can surprise), plus this much per face-down card they hold,
# plus this share of their highest face-up card (which their last turn may replace).
END_MARGIN = 3.0
END_MARGIN_PER_CARD = 2.0
LAST_TURN_SHARE = 0.5
DOUBLING_WEIGHT = 2.0  # a round it does not end goes on, and it can still improve: ending is charged twice its score
PATIENCE = 30  # own turns in a round after which it stops fearing the doubling (no endless round)


class NormalBot(BaseBot):
    level = "normal"

    def decide(self, view: SeatView) -> Action:
        if view.phase == OPENING:
            return pick(view, self.spread_opening_flip(view))
        self.count_turn(view)
        know = knowledge(view, counting=False)
        if view.holding is None:
            top = view.discard_top
            if view.draw_pile == 0 or (top is not None and self._best_replace(view, top, know) >= TAKE_GAIN):
                return pick(view, Action(view.seat, TAKE))
            return pick(view, Action(view.seat, DRAW))
        cost = self.ending_cost(view, view.holding)
        options = [(gain - cost.get(action, 0.0), action)
                   for gain, action in placements(view, view.holding, know, PAIR_WEIGHT)]
        reveals = [a for g, a in options if a.verb == REVEAL]
        gain, action = max(options, key=lambda item: item[0])
        if reveals and gain < PLACE_GAIN and not any(cost.values()):
            return pick(view, self.rng.choice(reveals))
        return pick(view, action)

    def _best_replace(self, view: SeatView, card: int, know: Knowledge) -> float:
        """What `card` from the discard pile saves at its best place, the doubling counted."""
        cost = self.ending_cost(view, card)
        return max(gain - cost.get(action, 0.0)
                   for gain, action in placements(view, card, know, PAIR_WEIGHT) if action.verb == REPLACE)

    def ending_cost(self, view: SeatView, card: int) -> dict[Action, float]:
        """The moves of `card` that would end the round (on the last face-down card), each with
        what the doubling is expected to add to Normal's score: nothing when it expects to be
        lowest or to score 0 or less, else that score once more. Empty when no move ends the
        round, or when the round has dragged on so long that Normal no longer minds."""
        hidden = face_down(view.grid())
        if len(hidden) != 1 or view.trigger is not None or self.turns > PATIENCE:
            return {}
        mean = hidden_card_value(Counter(view.unseen_cards()))
        lowest = min(opponent_estimate(view.grids[seat], mean) for seat in view.participants if seat != view.seat)
        cost = {}
        for verb in (REPLACE, REVEAL):  # a reveal only for a drawn card, but a key more is harmless
            action = action_at(view, verb, hidden[0])
            after = grid_after(view.grid(), action, card)
            mine = sum(c for c in after if isinstance(c, int)) + (mean if verb == REVEAL else 0.0)
            cost[action] = DOUBLING_WEIGHT * mine if 0 < mine and not mine < lowest else 0.0
        return cost


def opponent_estimate(grid: tuple, mean: float) -> float:
    """An opponent's score as Normal reckons it should the round end now: its visible cards and
    its face-down cards at `mean` (the cards not yet seen), less a margin for its last turn (a
    share of its highest face-up card) and for what its face-down cards may hold."""
    down = grid.count(HIDDEN)
    visible = sum(c for c in grid if isinstance(c, int))
    worst = max([c for c in grid if isinstance(c, int)], default=0)
    return visible + down * mean - END_MARGIN - END_MARGIN_PER_CARD * down - LAST_TURN_SHARE * max(0, worst)
