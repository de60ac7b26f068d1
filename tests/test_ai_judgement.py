"""Hard's judgement at the end of a round, compared with Normal on the same positions."""

import dataclasses
import random

from game.ai import make_bot
from game.ai.determinize import determinize
from game.rules import GameState, SeatView, check_consistency, seat_view
from tools.tournament import wilson


def position(mine: list, theirs: list, holding: int | None, source: str | None = "draw", trigger: int | None = None,
             discard: tuple = (5,), removed: tuple = ()) -> SeatView:
    """Seat 0 to act in 2-player Voyage with the given cells ("?" face-down); the rest is sampled."""
    base = GameState.new_game("voyage", players=2, seed=1)
    view = seat_view(base, 0)
    grids = (tuple(mine), tuple(theirs))
    draft = SeatView(edition=view.edition, players=2, seat=0, round=1, phase="turn", to_act=0, holding=holding,
                     source=source, trigger=trigger, discard_pile=discard, draw_pile=0, grids=grids, removed=removed,
                     participants=(0, 1), round_scores=(), totals=(0, 0), end_score=100, legal=())
    unseen = sum(draft.unseen_cards().values()) - sum(cell == "?" for grid in grids for cell in grid)
    draft = dataclasses.replace(draft, draw_pile=unseen)
    state = determinize(draft, random.Random(0))
    check_consistency(state)
    return seat_view(state, 0)


def test_neither_hard_nor_normal_ends_a_round_it_would_lose_doubled():
    # we show 6+7+8+7+6+5+8+7+6+5+7 = 72 with one card hidden; the opponent shows 3 and hides 6
    mine = [6, 7, 8, 7, 6, 5, 8, 7, 6, 5, 7, "?"]
    theirs = [1, 0, "?", "?", 2, "?", "?", 0, "?", "?", 0, 0]
    view = position(mine, theirs, holding=9)
    for level in ("hard", "normal"):
        action = make_bot(level, 1).decide(view)
        # a poor card, but revealing would end the round doubled: the 9 replaces a face-up 8 (1 point)
        assert action.verb == "replace" and view.grid()[action.index] != "?", level


def test_normal_does_not_take_the_discard_only_to_end_the_round_while_behind():
    # the discard's 1 would save about 4 on the last face-down card (worth 5 on average), but
    # ending at about 1+2*5+3*5 = 26 against an opponent showing 2 doubles; elsewhere the 1
    # saves 2 or less, not worth a take: it draws
    mine = [2, 3, 2, "?", 3, 2, 3, 2, 3, 2, 3, 2]
    theirs = [0, 0, 1, 1, 0, "?", 0, 0, "?", 0, 0, 0]
    view = position(mine, theirs, holding=None, source=None, discard=(6, 1))
    assert make_bot("normal", 1).decide(view).verb == "draw"


def test_normal_ends_the_round_when_it_is_clearly_lowest():
    mine = [0, 1, -1, 0, 1, 0, 2, 1, 0, -1, 1, "?"]
    theirs = [9, 10, "?", "?", 11, "?", "?", 12, "?", "?", 8, 9]
    for holding in (9, 3):  # a poor card: it reveals the last one; a fair card: it goes there
        action = make_bot("normal", 1).decide(position(mine, theirs, holding=holding))
        assert action.index == 11, holding


def test_normal_ends_a_round_it_is_not_winning_when_every_other_move_costs_more():
    # three columns gone; its last column holds -2, -1 and a face-down card. Replacing either with
    # the drawn 12 costs 13 or 14 points; revealing ends the round at about -3+5 = 2, doubled to
    # about 4 against an opponent showing 0: cheaper, so it reveals although not lowest
    mine = [None, None, None, -2, None, None, None, -1, None, None, None, "?"]
    theirs = [0, 0, 0, 0, 0, 0, 0, 0, 0, "?", 0, 0]
    view = position(mine, theirs, holding=12, removed=((0, 0, 12), (0, 1, 11), (0, 2, 10)))
    action = make_bot("normal", 1).decide(view)
    assert action.verb == "reveal" and action.index == 11


def test_hard_ends_the_round_when_it_is_far_ahead():
    mine = [0, 1, -1, 0, 1, 0, 2, 1, 0, -1, 1, "?"]
    theirs = [9, 10, "?", "?", 11, "?", "?", 12, "?", "?", 8, 9]
    view = position(mine, theirs, holding=3)
    action = make_bot("hard", 1).decide(view)
    assert action.index == 11  # the hidden card goes: lowest score locked in, never doubled


def test_hard_final_turn_removes_its_worst_card():
    mine = [2, 11, "?", "?", 2, 3, "?", 1, 2, 4, "?", 0]
    theirs = [0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2]
    view = position(mine, theirs, holding=1, trigger=1)
    action = make_bot("hard", 1).decide(view)
    assert action.verb == "replace" and action.index == 1


def test_wilson_interval_contains_the_rate_and_narrows_with_more_games():
    low, high = wilson(60, 100)
    assert low < 0.6 < high
    low2, high2 = wilson(600, 1000)
    assert low < low2 < 0.6 < high2 < high
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
