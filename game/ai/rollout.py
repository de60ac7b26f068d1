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

from game.rules import (
    ACTION_TABLE,
    CELLS,
    COLUMN_CELLS,
    DRAW,
    REPLACE,
    REVEAL,
    SOURCE_DRAW,
    TAKE,
    TURN,
    Action,
    GameState,
)

from .evaluate import TYPICAL_CARD
from .hard import last_turn_gain

HIDDEN = TYPICAL_CARD  # a playout counts no cards: a face-down card is worth a typical card
TAKE_GAIN = 3.0  # a discard this good beats the average draw
KEEP_GAIN = 1.5  # a drawn card saving less than this is thrown away for a reveal
TRIGGER_MARGIN = 1.0  # end the round only this far below the best opponent's expected final score
PATIENCE = 24  # playout actions after which the fear of doubling is dropped (playouts must end)


def rollout_action(state: GameState, rng: random.Random, plies: int = 0) -> Action:
    seat = state.to_act
    assert seat is not None, "a playout acts only in the turn phase"
    cards, up = state.cards[seat], state.face_up[seat]
    hidden = [i for i in range(CELLS) if cards[i] is not None and not up[i]]
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
        if index < 0 or (state.source == SOURCE_DRAW and gain < 0):
            index = -1
    if index < 0 or (state.source == SOURCE_DRAW and hidden and gain < KEEP_GAIN):
        if state.source != SOURCE_DRAW:
            return ACTION_TABLE.at(seat, REPLACE)[_least_bad(cards, up, card)]
        if len(hidden) == 1 and guard and not _safe(state, seat, cards, up, hidden[0], None):
            worst = _least_bad(cards, up, card)
            shown = cards[worst]
            if up[worst] and shown is not None and shown > card:  # only a strict improvement: playouts end
                return ACTION_TABLE.at(seat, REPLACE)[worst]
        return ACTION_TABLE.at(seat, REVEAL)[hidden[rng.randrange(len(hidden))]]
    return ACTION_TABLE.at(seat, REPLACE)[index]


def _ends(hidden: list[int], index: int) -> bool:
    return len(hidden) == 1 and hidden[0] == index


def _best_gain(cards: list, up: list, card: int, skip: int = -1) -> tuple[float, int]:
    """The best cell for `card` (column by column) and its gain: `evaluate.place_gain` without the
    pair bonus, on the sampled state's own lists. Written out because a playout calls it on every
    move and place_gain on a rebuilt grid made playouts several times slower;
    tests/test_ai_shared.py checks that the two agree."""
    best, where = -99.0, -1
    triple = 3 * card  # completing a column: the three cards leave the grid
    for a, b, c in COLUMN_CELLS:  # each cell of a column written out: no tuples built per move
        va = cards[a]
        if va is None:
            continue  # a removed column
        vb, vc = cards[b], cards[c]
        ka = va if up[a] else None
        kb = vb if up[b] else None
        kc = vc if up[c] else None
        if a != skip:
            gain = (HIDDEN if ka is None else ka) - card
            if kb == card and kc == card:
                gain += triple
            if gain > best:
                best, where = gain, a
        if b != skip:
            gain = (HIDDEN if kb is None else kb) - card
            if ka == card and kc == card:
                gain += triple
            if gain > best:
                best, where = gain, b
        if c != skip:
            gain = (HIDDEN if kc is None else kc) - card
            if ka == card and kb == card:
                gain += triple
            if gain > best:
                best, where = gain, c
    return best, where


def _least_bad(cards: list, up: list, card: int) -> int:
    shown = [i for i in range(CELLS) if cards[i] is not None and up[i]]
    return max(shown, key=lambda i: cards[i]) if shown else next(i for i in range(CELLS) if cards[i] is not None)


def _shown_score(cards: list, up: list, index: int, card: int | None) -> float:
    """The mover's final score after filling `index` with `card` (None: a reveal, worth the mean)."""
    vals = [cards[i] if cards[i] is not None and up[i] else None for i in range(CELLS)]
    vals[index] = card
    total = HIDDEN if card is None else 0.0
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
        shown = [c for c, u in zip(state.cards[other], state.face_up[other]) if c is not None and u]
        down = sum(1 for c, u in zip(state.cards[other], state.face_up[other]) if c is not None and not u)
        est = sum(shown) + down * HIDDEN
        est -= last_turn_gain(shown, down, HIDDEN)  # their last turn usually improves them
        if est <= mine + TRIGGER_MARGIN:
            return False
    return True


def play_out(state: GameState, rng: random.Random, limit: int = 400) -> bool:
    """Play the round to its end; False if it ran past `limit` actions (a stalled sample)."""
    for plies in range(limit):
        if state.phase != TURN:
            return True
        # the engine's fast path: rollout_action only ever picks a legal action
        # (tests/test_expert_fixed_work.py checks every playout action against why_illegal)
        state.apply_unchecked(rollout_action(state, rng, plies))
    return state.phase != TURN
