"""A fast playout policy for Expert's search, acting on a sampled GameState.

It looks only at what the acting seat could see in that sampled world (face-up cards,
the discard top, its drawn card), so playouts model honest players: greedy placement,
column completion, and no trigger while visibly behind.
"""

from __future__ import annotations

import random

from game.rules import ACTION_TABLE, DRAW, REPLACE, REVEAL, TAKE, GameState
from game.rules.state import COLUMN_CELLS, TURN

HIDDEN_MEAN = 5.0


def rollout_action(state: GameState, rng: random.Random):
    seat = state.to_act
    cards, up = state.cards[seat], state.face_up[seat]
    if state.holding is None:
        top = state.discard_pile[-1]
        if not state.draw_pile or _best_gain(cards, up, top)[0] >= 3.0:
            return ACTION_TABLE.get(seat, TAKE)
        return ACTION_TABLE.get(seat, DRAW)
    gain, index = _best_gain(cards, up, state.holding)
    hidden = [i for i in range(12) if cards[i] is not None and not up[i]]
    if state.source == "draw" and hidden and gain < 1.5:
        index = hidden[rng.randrange(len(hidden))]
        if len(hidden) == 1 and state.trigger is None and _behind(state, seat, cards, up, index):
            worst = _least_bad(cards, up, state.holding)
            if cards[worst] > state.holding:  # only a strict improvement, so playouts always end
                return ACTION_TABLE.at(seat, REPLACE)[worst]
        return ACTION_TABLE.at(seat, REVEAL)[index]
    return ACTION_TABLE.at(seat, REPLACE)[index]


def _best_gain(cards: list, up: list, card: int) -> tuple[float, int]:
    best, where = -99.0, -1
    for a, b, c in COLUMN_CELLS:
        va, vb, vc = cards[a], cards[b], cards[c]
        if va is None:
            continue  # a removed column
        ka = va if up[a] else None
        kb = vb if up[b] else None
        kc = vc if up[c] else None
        for i, old, x, y in ((a, ka, kb, kc), (b, kb, ka, kc), (c, kc, ka, kb)):
            gain = (HIDDEN_MEAN if old is None else old) - card
            if x == card and y == card:
                gain += 3 * card
            if gain > best:
                best, where = gain, i
    return best, where


def _least_bad(cards: list, up: list, card: int) -> int:
    shown = [i for i in range(12) if cards[i] is not None and up[i]]
    return max(shown, key=lambda i: cards[i]) if shown else next(i for i in range(12) if cards[i] is not None)


def _behind(state: GameState, seat: int, cards: list, up: list, index: int) -> bool:
    mine = sum(cards[i] for i in range(12) if cards[i] is not None and up[i]) + HIDDEN_MEAN
    for other in state.participants:
        if other == seat:
            continue
        oc, ou = state.cards[other], state.face_up[other]
        est = sum(oc[i] if ou[i] else HIDDEN_MEAN for i in range(12) if oc[i] is not None)
        if est <= mine:
            return True
    return False


def play_out(state: GameState, rng: random.Random, limit: int = 400) -> bool:
    """Play the round to its end; False if it ran past `limit` actions (a stalled sample)."""
    for _ in range(limit):
        if state.phase != TURN:
            return True
        state.apply(rollout_action(state, rng))
    return state.phase != TURN
