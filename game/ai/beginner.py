"""Beginners, as measurement players (docs/strength.md, "Beginners"): who "Your level" must be
able to meet. Not offered as opponents; `skyjo simulate --bots child,adaptive` plays them.

Their habits are the ones a newcomer's play-test showed (issue 48), each a named function:

- the child (`child`): `takes_any_low_discard` (any discard up to 7), `face_down_first` (a kept
  card goes on a face-down slot), `ends_when_it_can` (the round ended as soon as it can be, even
  far behind), and no column is ever planned (a column completes only by chance).
  `child+heed` is the same child heeding the warning before a doubled round
  (game/rules/doubling.py): warned, it chooses again among its other habits' moves.
- the casual player (`casual`): Easy's play, with `ends_behind_half_the_time`: a round it could
  end while behind is ended one time in two (Easy itself ends a round without a thought).

Each sees the seat's view only and draws from its own seeded generator, like every level.
"""

from __future__ import annotations

import random

from game.rules import DRAW, FLIP, OPENING, REPLACE, REVEAL, SOURCE_DISCARD, TAKE, Action, SeatView
from game.rules.doubling import doubling_warning, ends_round

from .base import BaseBot, action_at, face_down, pick
from .easy import LOW, EasyBot

CHILD_TAKES = 7  # a discard up to this is taken ("take any discard up to 7")
ENDS_BEHIND = 0.5  # the casual player ends a round while behind this share of the times it could


def takes_any_low_discard(view: SeatView) -> list[Action]:
    """The turn's start: the discard if it is 7 or less (or the draw pile is empty), else a draw."""
    take, draw = Action(view.seat, TAKE), Action(view.seat, DRAW)
    top = view.discard_top
    if top is not None and (top <= CHILD_TAKES or view.draw_pile == 0):
        return [take, draw]
    return [draw, take]


def ends_when_it_can(view: SeatView, card: int) -> list[Action]:
    """The placements that end the round, the kept card on the last face-down slot first."""
    ending = [action for action in view.legal if ends_round(view, action)]
    keep = card <= CHILD_TAKES or view.source == SOURCE_DISCARD
    return sorted(ending, key=lambda action: (action.verb == REPLACE) != keep)


def face_down_first(view: SeatView, card: int, rng: random.Random) -> list[Action]:
    """A kept card (7 or less, or taken from the discard) on a face-down slot, in no order a
    plan would give; a high drawn card thrown away and a face-down card turned instead."""
    hidden = face_down(view.grid())
    rng.shuffle(hidden)
    keep = card <= CHILD_TAKES or view.source == SOURCE_DISCARD
    verb = REPLACE if keep else REVEAL
    return [action_at(view, verb, index) for index in hidden]


def onto_a_higher_card(view: SeatView, card: int) -> list[Action]:
    """The card onto the highest face-up card above it, then onto any face-up card, highest first."""
    shown = sorted(face_up_values(view).items(), key=lambda item: -item[1])
    higher = [i for i, value in shown if value > card]
    rest = [i for i, value in shown if value <= card]
    return [action_at(view, REPLACE, index) for index in (*higher, *rest)]


def face_up_values(view: SeatView) -> dict[int, int]:
    """The seat's face-up cards by grid position."""
    return {i: cell for i, cell in enumerate(view.grid()) if isinstance(cell, int)}


def child_moves(view: SeatView, rng: random.Random) -> list[Action]:
    """Every legal move in the child's order of preference, its habits first (the last: any
    legal move, so the list is never empty)."""
    if view.phase == OPENING:
        return [action_at(view, FLIP, rng.choice(face_down(view.grid())))]
    card = view.holding
    if card is None:
        wanted = takes_any_low_discard(view)
    else:
        wanted = [*ends_when_it_can(view, card), *face_down_first(view, card, rng), *onto_a_higher_card(view, card)]
    legal = set(view.legal)
    ordered = list(dict.fromkeys(action for action in wanted if action in legal))
    return ordered + [action for action in view.legal if action not in ordered]


class ChildBot(BaseBot):
    """The child: its habits in order; heeding the warning, the first move it is not warned of."""

    level = "child"

    def __init__(self, seed: int = 0, heeds_warning: bool = False) -> None:
        super().__init__(seed)
        self.heeds_warning = heeds_warning

    def decide(self, view: SeatView) -> Action:
        moves = child_moves(view, self.rng)
        if self.heeds_warning:
            moves = [move for move in moves if doubling_warning(view, move) is None] or moves
        return pick(view, moves[0])


class CasualBot(EasyBot):
    """About Easy, but careless about a doubled round half the time."""

    level = "casual"

    def decide(self, view: SeatView) -> Action:
        card = view.holding
        ending = [action for action in view.legal if ends_round(view, action)] if card is not None else []
        if card is None or not any(doubling_warning(view, action) for action in ending):
            return super().decide(view)  # Easy's own play (which ends a round without a thought)
        return pick(view, self.ends_behind_half_the_time(view, card, ending))

    def ends_behind_half_the_time(self, view: SeatView, card: int, ending: list[Action]) -> Action:
        """Behind with the round's end in reach: ended one time in two (a low or taken card kept
        on the last face-down slot, a high one thrown and the slot turned), else the highest
        face-up card replaced."""
        shown = face_up_values(view)
        if self.rng.random() < ENDS_BEHIND or not shown:
            keep = card <= LOW or view.source == SOURCE_DISCARD
            return min(ending, key=lambda action: (action.verb == REPLACE) != keep)
        return action_at(view, REPLACE, max(shown, key=lambda i: shown[i]))
