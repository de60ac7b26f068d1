"""Sample a whole GameState that agrees with one seat's view (for Expert's search).

The unseen cards (`view.unseen_cards()`) are shuffled with the bot's own generator and
dealt into every face-down position of every grid, the rest forming the draw pile. The
result is a world the seat cannot tell apart from the real one; it is built from the view
alone, so the real face-down cards and the real draw order can never leak into it.
"""

from __future__ import annotations

import random

from game.rules import CELLS, GameState, Options, SeatView
from game.rules.state import TURN


def unseen_list(view: SeatView) -> list[int]:
    """The unseen cards, in a fixed order (so sampling depends on the generator only)."""
    return [value for value, n in sorted(view.unseen_cards().items()) for _ in range(max(0, n))]


def determinize(view: SeatView, rng: random.Random, pool: list[int] | None = None) -> GameState:
    cards = list(unseen_list(view) if pool is None else pool)
    rng.shuffle(cards)
    state = GameState(view.edition, view.players, seed=rng.randrange(2**31), options=Options(view.end_score),
                      record_events=False)
    state.round = view.round
    state.phase = TURN
    state.participants = view.participants
    state.next_participants = view.participants
    state.tiebreak = len(view.participants) < view.players
    state.cards = [[None] * CELLS for _ in range(view.players)]
    state.face_up = [[False] * CELLS for _ in range(view.players)]
    for seat, grid in enumerate(view.grids):
        for i, cell in enumerate(grid):
            if cell == "?":
                state.cards[seat][i] = cards.pop()
            elif cell is not None:
                state.cards[seat][i] = cell
                state.face_up[seat][i] = True
    state.draw_pile = cards  # whatever is left: exactly view.draw_pile cards
    state.discard_pile = list(view.discard_pile)
    state.to_act = view.to_act
    state.holding = view.holding
    state.source = view.source
    state.trigger = view.trigger
    state.removed = list(view.removed)
    state.round_scores = [list(row) for row in view.round_scores]
    state.totals = list(view.totals)
    return state
