"""The strength knob: one honest player whose strength is a number from -1 (a child) to 1.

That is the knob's inner number; a person, the specs (`strength@0.25`) and the docs see the
knob's number, from 0 (the child) to 1, half as far from the bottom (game/adapt.py `knob_number`).

At each decision it asks Expert's judgement (Hard's arithmetic with Expert's figures, without
the search: the `judge` yardstick, 62.9% against Hard) for every option and its worth. With
probability `strength` it plays the best one. Otherwise it plays as a less careful person
would: it weighs the same options with an error in its estimates that grows as the strength
falls (so a weak decision is still a plausible one, rarely the worst), among the options a
person would consider at all (`sensible`): never a high card on a lower face-up card, never a
good card thrown away, and never the end of the round unless the judgement itself would end
it there, so it is doubled no more often than the strong play it stands on.

Below 0 (about Easy, the knob's floor until issue 48) it makes a beginner's mistakes: at each
decision, with probability -strength, the child's habit (game/ai/beginner.py: any discard up to
7 taken, a card put on a face-down slot, no column planned, the round ended as soon as it can
be, even behind and doubled); otherwise the knob at 0. So -1 plays as the child model, and at
0 and above the knob draws nothing more from its generator than it did: it plays the same games.

Its randomness is its own generator, seeded like every level's (from the game's seed and the
seat), so a game replays exactly; it sees the seat's view only.
"""

from __future__ import annotations

from game.rules import DRAW, HIDDEN, OPENING, REVEAL, TAKE, Action, SeatView
from game.rules.doubling import ends_round

from .base import BaseBot, pick
from .beginner import child_moves
from .evaluate import completes_column, grid_after
from .expert import ExpertJudge

NOISE = 20.0  # points of error in a weakest estimate (the spread of a card's worth, roughly)
TAKE_LOW = 3  # a discard this low is worth taking to anybody
HIDDEN_HIGH = 6  # a card above this on a face-down card: a careful person would rather throw it away...
CARELESS_HIGH = 8  # ...and even a careless one, above this
KEEP_LOW = 0  # a drawn card this low is never thrown away
END_RISK = 0.1  # below the top, the round is ended only at this chance of being doubled or less...
PATIENCE = 60  # ...until this many own turns in the round (two such players must not stall each other)
BEGINNER = -1.0  # the knob's floor: the child's habits at every decision (game/ai/beginner.py)


class StrengthBot(BaseBot):
    level = "strength"

    def __init__(self, seed: int = 0, strength: float = 1.0) -> None:
        super().__init__(seed)
        if not BEGINNER <= strength <= 1.0:
            raise ValueError(f"a strength is from {BEGINNER:g} to 1, not {strength!r}")
        self.strength = strength

    def strength_now(self, view: SeatView) -> float:
        """The strength this decision is played at (the adaptive level moves it between rounds)."""
        return self.strength

    def decide(self, view: SeatView) -> Action:
        if view.phase == OPENING:
            return pick(view, self.spread_opening_flip(view))
        self.count_turn(view)
        strength = self.strength_now(view)
        if strength < 0.0 and self.rng.random() < -strength:  # below Easy: a beginner's habit
            return pick(view, child_moves(view, self.rng)[0])
        strength = max(strength, 0.0)
        ranked = ExpertJudge(view, self.turns).ranked()
        if strength < 1.0 and any(ends_round(view, action) for _, action in ranked):
            ranked = [option for option in ranked
                      if not ends_round(view, option[1]) or self._safe_end(view, option[1])] or ranked
        best = ranked[0][1]
        if len(ranked) == 1 or self.rng.random() < strength:
            return pick(view, best)
        noise = NOISE * (1.0 - strength)
        judged_end = ends_round(view, best)
        high = round(CARELESS_HIGH - strength * (CARELESS_HIGH - HIDDEN_HIGH))
        options = [(value + self.rng.gauss(0.0, noise), action) for value, action in ranked
                   if sensible(view, action, high) and (judged_end or not ends_round(view, action))]
        if not options:
            return pick(view, best)
        return pick(view, max(options, key=lambda option: option[0])[1])


    def _safe_end(self, view: SeatView, action: Action) -> bool:
        """Whether a person below the top would end the round with `action`: only when their
        score cannot be doubled, or is unlikely to be (the judgement's fear of doubling at its
        fullest; the judgement itself stops fearing it in a long round, and a weaker player's
        rounds are long), or when the round has dragged on past all patience."""
        careful = ExpertJudge(view, 0)
        card = view.holding
        assert card is not None, "only a placement ends the round"
        after = grid_after(view.grid(), action, card)
        unseen = careful.know.mean if action.verb == REVEAL else 0  # the revealed card's expected value
        score = sum(cell for cell in after if isinstance(cell, int)) + unseen
        return self.turns > PATIENCE or score <= 0 or careful.double_chance(score) <= END_RISK


def sensible(view: SeatView, action: Action, high: int = HIDDEN_HIGH) -> bool:
    """Whether a person would consider `action` at all: the filter of every weaker choice.

    Taking the discard needs a use for it (a low card, one below a face-up card of the grid, or
    one that completes a column); a card replaces a face-up card only when it is lower (or
    completes a column), a face-down card only when it is not above `high`; a drawn card is thrown
    away only when it is not a good one."""
    grid = view.grid()
    if action.verb == DRAW:
        return True
    if action.verb == TAKE:
        top = view.discard_top
        assert top is not None, "a discard to take"
        return (top <= TAKE_LOW or any(top < cell for cell in grid if isinstance(cell, int))
                or any(completes_column(grid, i, top) for i in range(len(grid)) if grid[i] is not None))
    card = view.holding
    assert card is not None, "a placement is of a card held"
    if action.verb == REVEAL:
        return card > KEEP_LOW
    old = grid[action.index]
    if completes_column(grid, action.index, card):
        return True
    if old == HIDDEN:
        return card <= high
    return isinstance(old, int) and card < old
