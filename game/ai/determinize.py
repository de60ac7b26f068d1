"""Sample a whole GameState that agrees with one seat's view (for Expert's search).

The unseen cards (`view.unseen_cards()`) are shuffled with the bot's own generator and
dealt into every face-down position of every grid, the rest forming the draw pile. The
result is a world the seat cannot tell apart from the real one; it is built from the view
alone, so the real face-down cards and the real draw order can never leak into it. It is
built by `GameState.from_position`, the engine's one constructor for a game in the middle.
"""

from __future__ import annotations

import random

from game.rules import CELLS, HIDDEN, GameState, Options, SeatView
from game.rules.state import TURN


def unseen_list(view: SeatView) -> list[int]:
    """The unseen cards, in a fixed order (so sampling depends on the generator only)."""
    return [value for value, n in sorted(view.unseen_cards().items()) for _ in range(max(0, n))]


def determinize(view: SeatView, rng: random.Random, pool: list[int] | None = None) -> GameState:
    cards = list(unseen_list(view) if pool is None else pool)
    rng.shuffle(cards)
    seed = rng.randrange(2**31)
    grids, face_up = _grids_dealt(view, cards)
    return GameState.from_position(
        view.edition, view.players, seed, Options(view.end_score), record_events=False,
        round=view.round, phase=TURN, participants=view.participants, next_participants=view.participants,
        tiebreak=len(view.participants) < view.players,
        cards=grids, face_up=face_up, draw_pile=cards,  # whatever is left: exactly view.draw_pile cards
        discard_pile=list(view.discard_pile), to_act=view.to_act, holding=view.holding, source=view.source,
        trigger=view.trigger, removed=list(view.removed),
        round_scores=[list(row) for row in view.round_scores], totals=list(view.totals),
    )


def _grids_dealt(view: SeatView, cards: list[int]) -> tuple[list[list[int | None]], list[list[bool]]]:
    """The view's grids with a card popped from `cards` into every face-down cell."""
    grids: list[list[int | None]] = [[None] * CELLS for _ in range(view.players)]
    face_up = [[False] * CELLS for _ in range(view.players)]
    for seat, grid in enumerate(view.grids):
        for i, cell in enumerate(grid):
            if cell == HIDDEN:
                grids[seat][i] = cards.pop()
            elif isinstance(cell, int):
                grids[seat][i] = cell
                face_up[seat][i] = True
    return grids, face_up
