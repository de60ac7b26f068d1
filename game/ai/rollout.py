"""A fast playout policy for Expert's search, acting on a sampled GameState.

It looks only at what the acting seat could see in that sampled world (face-up cards,
the discard top, its drawn card), so playouts model honest players. It is a cheap
imitation of Hard's judgement: greedy placement with a bonus for pairs towards a column,
the discard taken when it beats the average drawn card, reveals spread over the columns,
and a move that ends the round only when the mover expects to stay clearly below every
opponent after their last turn (a positive score that is not strictly lowest doubles):
rather than end it at a risk, it swallows a worse card over a face-up one, as Hard does.
Like Hard's fading caution, that guard lifts once a playout drags on, so every playout ends.

Played as a bot against Hard (heads-up Voyage, 100 games), the previous policy lost about
6 points a round, 4 of them to doublings (it was doubled in 23% of rounds: when it should
not end the round it revealed its last card anyway unless a strictly better swap existed);
this one plays about as well as Hard, so the search's playouts look like the games it
is played in. docs/strength.md records the measurements.
"""

from __future__ import annotations

import functools
import random

from game.rules import (
    ACTION_TABLE,
    CELLS,
    COLS,
    COLUMN_CELLS,
    DRAW,
    EDITIONS,
    OPENING,
    REPLACE,
    REVEAL,
    SOURCE_DRAW,
    TAKE,
    TURN,
    Action,
    Edition,
    GameState,
    SeatView,
)

from .determinize import determinize
from .evaluate import TYPICAL_CARD
from .hard import HardBot, last_turn_gain

HIDDEN = TYPICAL_CARD  # a playout counts no cards: a face-down card is worth a typical card
PAIR_WEIGHT = 0.5  # a pair of a positive value towards a column is worth half its value (Hard: up to 0.7)
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
        if not state.draw_pile or gain >= draw_worth(state.edition, cards, up, bool(hidden)):
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
            if up[worst]:  # swallow the card over the worst face-up one rather than end at a risk
                return ACTION_TABLE.at(seat, REPLACE)[worst]
        return ACTION_TABLE.at(seat, REVEAL)[_reveal_cell(cards, up, hidden)]
    return ACTION_TABLE.at(seat, REPLACE)[index]


def _ends(hidden: list[int], index: int) -> bool:
    return len(hidden) == 1 and hidden[0] == index


def _reveal_cell(cards: list, up: list, hidden: list[int]) -> int:
    """The face-down card in the column with the fewest face-up cards: a reveal there cannot
    spoil a pair, and columns that stay open keep their chance of a pair (Hard spreads too)."""
    def shown_in_column(i: int) -> int:
        a, b, c = COLUMN_CELLS[i % COLS]
        return up[a] + up[b] + up[c]
    return min(hidden, key=shown_in_column)


def draw_worth(edition: type[Edition], cards: list, up: list, can_reveal: bool) -> float:
    """What drawing is worth on average: the card replaces the mover's worst card (a face-down one
    counting `HIDDEN`), or, when it would not save anything and a reveal is possible, is thrown
    away. Pairs are ignored: the figure depends only on the worst card, so it is cached per value."""
    worst = max((cards[i] if up[i] else HIDDEN for i in range(CELLS) if cards[i] is not None), default=HIDDEN)
    return _worth_of_drawing(edition.name, worst, can_reveal)


@functools.cache
def _worth_of_drawing(edition: str, worst: float, can_reveal: bool) -> float:
    counts = EDITIONS[edition].card_counts
    floor = 0.0 if can_reveal else float("-inf")  # without a face-down card the drawn card must stay
    return sum(n * max(floor, worst - value) for value, n in counts.items()) / sum(counts.values())


def _best_gain(cards: list, up: list, card: int, skip: int = -1) -> tuple[float, int]:
    """The best cell for `card` (column by column) and its gain: `evaluate.place_gain` with the pair
    weight `PAIR_WEIGHT`, on the sampled state's own lists. Written out because a playout calls it on
    every move and place_gain on a rebuilt grid made playouts several times slower;
    tests/test_ai_shared.py checks that the two agree."""
    best, where = -99.0, -1
    triple = 3 * card  # completing a column: the three cards leave the grid
    pair = PAIR_WEIGHT * card if card > 0 else 0.0  # the card makes a pair with one of the others
    for a, b, c in COLUMN_CELLS:  # each cell of a column written out: no tuples built per move
        va = cards[a]
        if va is None:
            continue  # a removed column
        vb, vc = cards[b], cards[c]
        ka = va if up[a] else None
        kb = vb if up[b] else None
        kc = vc if up[c] else None
        if a != skip:
            gain = _gain(ka, kb, kc, card, triple, pair)
            if gain > best:
                best, where = gain, a
        if b != skip:
            gain = _gain(kb, ka, kc, card, triple, pair)
            if gain > best:
                best, where = gain, b
        if c != skip:
            gain = _gain(kc, ka, kb, card, triple, pair)
            if gain > best:
                best, where = gain, c
    return best, where


def _gain(old: int | None, one: int | None, two: int | None, card: int, triple: int, pair: float) -> float:
    """`card` over `old` (None: face down) in a column whose other cards are `one` and `two`."""
    gain = (HIDDEN if old is None else old) - card
    if one == card or two == card:
        if one == two:
            return gain + triple  # the column is complete and leaves the grid
        gain += pair
    if old is not None and old > 0 and (one == old or two == old):
        gain -= PAIR_WEIGHT * old  # a pair towards a column is broken
    return gain


def _least_bad(cards: list, up: list, card: int) -> int:
    """The mover's highest face-up card (or its first card): where a card that must stay does least harm."""
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


class PlayoutBot(HardBot):
    """A yardstick, not a level offered to players: the playout policy above as a player (Hard's
    opening flips, then `rollout_action` on a world sampled from its view, so it stays honest).
    `simulate --bots playout,hard` measures how closely Expert's playouts play like the Hard
    players Expert meets: the nearer to an even match, the truer the search's comparisons."""

    level = "playout"

    def decide(self, view: SeatView) -> Action:
        if view.phase == OPENING:
            return super().decide(view)
        self.count_turn(view)
        # its own turns stand in for a playout's plies: in a real game the fear of doubling
        # lifts after PATIENCE own turns, later than in a playout, as Hard's fades late too
        return rollout_action(determinize(view, self.rng), self.rng, self.turns)
