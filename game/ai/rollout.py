"""A fast playout policy for Expert's search, acting on a sampled GameState.

It looks only at what the acting seat could see in that sampled world (face-up cards,
the discard top, its drawn card), so playouts model honest players. It is a cheap
imitation of Hard's judgement: greedy placement, column completion, and a move that ends
the round only when the mover expects to stay clearly below every opponent after their
last turn (a positive score that is not strictly lowest doubles). Like Hard's fading
caution, that guard lifts once a playout drags on, so every playout ends.
"""

from __future__ import annotations

import random

from game.rules import ACTION_TABLE, DRAW, REPLACE, REVEAL, TAKE, GameState
from game.rules.state import COLUMN_CELLS, TURN

HIDDEN_MEAN = 5.0
TAKE_GAIN = 3.0  # a discard this good beats the average draw
KEEP_GAIN = 1.5  # a drawn card saving less than this is thrown away for a reveal
TRIGGER_MARGIN = 1.0  # end the round only this far below the best opponent's expected final score
PATIENCE = 24  # playout actions after which the fear of doubling is dropped (playouts must end)


def rollout_action(state: GameState, rng: random.Random, plies: int = 0):
    seat = state.to_act
    cards, up = state.cards[seat], state.face_up[seat]
    hidden = [i for i in range(12) if cards[i] is not None and not up[i]]
    guard = state.trigger is None and plies <= PATIENCE
    if state.holding is None:
        top = state.discard_pile[-1]
        gain, index = _best_gain(cards, up, top)
        if guard and _ends(hidden, index) and not _safe(state, seat, cards, up, index, top):
            gain = _best_gain(cards, up, top, skip=index)[0]
        if not state.draw_pile or gain >= TAKE_GAIN:
            return ACTION_TABLE.get(seat, TAKE)
        return ACTION_TABLE.get(seat, DRAW)
    card = state.holding
    gain, index = _best_gain(cards, up, card)
    if guard and _ends(hidden, index) and not _safe(state, seat, cards, up, index, card):
        gain, index = _best_gain(cards, up, card, skip=index)
        if index < 0 or (state.source == "draw" and gain < 0):
            index = -1
    if index < 0 or (state.source == "draw" and hidden and gain < KEEP_GAIN):
        if state.source != "draw":
            return ACTION_TABLE.at(seat, REPLACE)[_least_bad(cards, up, card)]
        if len(hidden) == 1 and guard and not _safe(state, seat, cards, up, hidden[0], None):
            worst = _least_bad(cards, up, card)
            if up[worst] and cards[worst] > card:  # only a strict improvement, so playouts always end
                return ACTION_TABLE.at(seat, REPLACE)[worst]
        return ACTION_TABLE.at(seat, REVEAL)[hidden[rng.randrange(len(hidden))]]
    return ACTION_TABLE.at(seat, REPLACE)[index]


def _ends(hidden: list[int], index: int) -> bool:
    return len(hidden) == 1 and hidden[0] == index


def _best_gain(cards: list, up: list, card: int, skip: int = -1) -> tuple[float, int]:
    best, where = -99.0, -1
    for a, b, c in COLUMN_CELLS:
        va, vb, vc = cards[a], cards[b], cards[c]
        if va is None:
            continue  # a removed column
        ka = va if up[a] else None
        kb = vb if up[b] else None
        kc = vc if up[c] else None
        for i, old, x, y in ((a, ka, kb, kc), (b, kb, ka, kc), (c, kc, ka, kb)):
            if i == skip:
                continue
            gain = (HIDDEN_MEAN if old is None else old) - card
            if x == card and y == card:
                gain += 3 * card
            if gain > best:
                best, where = gain, i
    return best, where


def _least_bad(cards: list, up: list, card: int) -> int:
    shown = [i for i in range(12) if cards[i] is not None and up[i]]
    return max(shown, key=lambda i: cards[i]) if shown else next(i for i in range(12) if cards[i] is not None)


def _shown_score(cards: list, up: list, index: int, card: int | None) -> float:
    """The mover's final score after filling `index` with `card` (None: a reveal, worth the mean)."""
    vals = [cards[i] if cards[i] is not None and up[i] else None for i in range(12)]
    vals[index] = card
    total = HIDDEN_MEAN if card is None else 0.0
    for cells in COLUMN_CELLS:
        col = [vals[i] for i in cells]
        if not (col[0] is not None and col[0] == col[1] == col[2]):
            total += sum(v for v in col if v is not None)
    return total


def _safe(state: GameState, seat: int, cards: list, up: list, index: int, card: int | None) -> bool:
    """Ending the round now: expected to stay strictly lowest, or at no risk of doubling."""
    mine = _shown_score(cards, up, index, card)
    if mine <= 0:
        return True
    for other in state.participants:
        if other == seat:
            continue
        oc, ou = state.cards[other], state.face_up[other]
        shown = [oc[i] for i in range(12) if oc[i] is not None and ou[i]]
        down = sum(1 for i in range(12) if oc[i] is not None and not ou[i])
        est = sum(shown) + down * HIDDEN_MEAN
        worst = max(shown + ([HIDDEN_MEAN] if down else []), default=0.0)
        est -= 0.6 * max(0.0, worst - 2.5)  # their last turn usually improves them (as Hard models it)
        if est <= mine + TRIGGER_MARGIN:
            return False
    return True


def play_out(state: GameState, rng: random.Random, limit: int = 400) -> bool:
    """Play the round to its end; False if it ran past `limit` actions (a stalled sample)."""
    for plies in range(limit):
        if state.phase != TURN:
            return True
        state.apply(rollout_action(state, rng, plies))
    return state.phase != TURN
