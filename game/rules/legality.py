"""What may be played now: `legal_actions` and `why_illegal`, a function of the position alone.

A part of GameState (state.py), over the facts alone; `apply` (state.py) asks `why_illegal` first and changes nothing
when it gets a reason, so every refusal names the rule it enforces.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import compress
from operator import and_, is_not, not_
from typing import Final

from .actions import CELLS, COLS, DRAW, FLIP, REVEAL, Action, brief, shape_problem
from .interned import ACTION_TABLE, INTERNED
from .position import GAME_OVER, OPENING, ROUND_OVER, SOURCE_DISCARD, SOURCE_DRAW, TURN, Position
from .reasons import N_, Reason
from .traits import trait

NO_CARDS: Final = (None,) * CELLS  # compared cell by cell with a grid: which cells still hold a card


def _face_down(cards: list[int | None], up: list[bool]) -> Iterator[bool]:
    """Per cell in reading order, whether it holds a face-down card: not face-up and not
    removed (a removed cell is None and never face-up). Built from C-level maps, not a
    Python loop, because legal_actions runs on every move of every search playout."""
    return map(and_, map(not_, up), map(is_not, cards, NO_CARDS))


def _not_shown(actions: tuple[Action, ...], up: list[bool]) -> tuple[Action, ...]:
    """The actions of the cells not face-up, of a grid without gaps (per cell in reading order):
    what legal_actions remembers for a grid's face-up flags the first time it meets them. A
    comprehension rather than `compress` over `map(not_, up)`: as cheap in plain Python, and a
    native loop in a compiled build, where building from C iterators costs twice as much."""
    return tuple([action for action, shown in zip(actions, up) if not shown])


@trait  # a part beside RoundEnd over the same facts: a trait for mypyc, the class itself in plain Python
class Legality(Position):
    def legal_actions(self) -> list[Action]:
        """A new list (the caller may change it), in a fixed order the bots' random choices
        depend on: flips, or draw then take, or replaces then reveals, each in reading order.
        (Phases and sources are compared by identity here: a game holds members only, see
        position.as_member.)"""
        seat = self.to_act
        if seat is None:
            return []
        mine = ACTION_TABLE.by_seat[seat]  # a seat is below the largest edition's 8, all interned
        if self.holding is None and self.phase is not OPENING:
            return [*mine.starts] if self.draw_pile else [mine.take]  # [*x]: cheaper than list(x)
        cards, up = self.cards[seat], self.face_up[seat]
        if self.removed and None in cards:  # a grid with gaps (rare: asked only once a column is removed)
            if self.phase is OPENING:
                return list(compress(mine.flips, _face_down(cards, up)))
            out = list(compress(mine.replaces, map(is_not, cards, NO_CARDS)))
            if self.source is SOURCE_DRAW:
                out += compress(mine.reveals, _face_down(cards, up))
            return out
        # A grid without gaps: what is legal depends on its face-up flags alone, remembered per seat.
        if self.phase is OPENING:
            key = tuple(up)
            legal = mine.flips_when_up.get(key)
            if legal is None:
                legal = mine.flips_when_up[key] = _not_shown(mine.flips, up)
            return [*legal]
        if self.source is not SOURCE_DRAW:
            return [*mine.replaces]  # a card taken from the discard pile replaces a card
        key = tuple(up)
        legal = mine.drawn_when_up.get(key)
        if legal is None:
            legal = mine.drawn_when_up[key] = mine.replaces + _not_shown(mine.reveals, up)
        return [*legal]

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> str | None:
        """None if `action` is legal now, else a plain sentence naming the rule it breaks
        (a malformed action, such as a bool seat or a position on `draw`, is never legal)."""
        # The usual case first: a turn's action that is one of the acting seat's interned
        # actions, recognised by identity, so it is well-formed and the seat's own without a
        # look at its fields. A look-alike (seat True equals seat 1) is another object and,
        # like everything else, takes the full check below, which alone gives reasons.
        if self.phase is TURN and (seat := self.to_act) is not None:
            mine = ACTION_TABLE.by_seat[seat]
            if self.holding is None:
                if action is mine.take or (action is mine.draw and self.draw_pile):
                    return None
            else:
                try:
                    index = mine.position_of[action]
                except (KeyError, TypeError):  # not a placing action of this seat, or unhashable
                    index = -1
                if index >= 0 and self.cards[seat][index] is not None and (
                    action is mine.replaces[index]
                    or (action is mine.reveals[index] and self.source is SOURCE_DRAW and not self.face_up[seat][index])
                ):
                    return None
        return self._why_illegal(action)

    def _why_illegal(self, action: Action) -> str | None:  # noqa: C901, PLR0912 - one reason per rule, in the rules' order
        if id(action) not in INTERNED:  # an interned action is well-formed: the hot loop skips this
            problem = shape_problem(action)
            if problem is not None:
                return problem
        phase = self.phase
        seat, verb, col, row = action
        if phase != TURN or seat != self.to_act:  # the usual case, a turn's action by its seat, passes one test
            if phase == GAME_OVER:
                return Reason(N_("the game is over"))
            if phase == ROUND_OVER:
                return Reason(N_("the round is over; the next round must be dealt first"))
            if seat != self.to_act:
                return Reason(N_("it is seat {to_act}'s turn to act, not seat {seat}'s"),
                              to_act=str(self.to_act), seat=brief(seat))
            return self._why_illegal_flip(action)  # in the opening
        if verb == FLIP:
            return Reason(N_("flipping a card freely is only done at the start of the round; draw or take the discard"))
        if col is None or row is None:  # draw or take: a well-formed action has a position exactly for the others
            if self.holding is not None:
                if self.source == SOURCE_DRAW:
                    return Reason(N_("seat {seat} already holds a {card}; replace a card with it or discard it and "
                                     "reveal a card"), seat=seat, card=self.holding)
                return Reason(N_("seat {seat} already holds a {card}; replace a card with it"),
                              seat=seat, card=self.holding)
            if verb == DRAW and not self.draw_pile:
                return Reason(N_("the draw pile is empty"))
            return None
        if self.holding is None:
            return Reason(N_("seat {seat} holds no card; draw or take the discard first"), seat=seat)
        index = row * COLS + col
        if self.cards[seat][index] is None:
            return Reason(N_("position ({col},{row}) is empty: its column was removed"), col=col, row=row)
        if verb == REVEAL:
            if self.source == SOURCE_DISCARD:
                return Reason(N_("a card taken from the discard pile cannot be discarded back; replace a card with it"))
            if self.face_up[seat][index]:
                return Reason(N_("position ({col},{row}) is already face-up; reveal a face-down card"),
                              col=col, row=row)
        return None

    def _why_illegal_flip(self, action: Action) -> str | None:
        seat, verb, col, row = action
        if verb != FLIP or col is None or row is None:
            if self.tie_to_flip:
                return Reason(N_("the round has not started: seat {seat} must first flip one more card to break "
                                 "the tie for the start"), seat=seat)
            return Reason(N_("the round has not started: seat {seat} must first flip two cards"), seat=seat)
        index = row * COLS + col
        if self.cards[seat][index] is None:
            return Reason(N_("position ({col},{row}) is empty: its column was removed"), col=col, row=row)
        if self.face_up[seat][index]:
            return Reason(N_("position ({col},{row}) is already face-up; flip a face-down card"), col=col, row=row)
        return None
