"""Hard's judgement at the end of a round, compared with Normal on the same positions."""

import random

from game.ai import make_bot
from game.ai.determinize import determinize
from game.ai.tournament import wilson
from game.rules import GameState, SeatView, check_consistency, seat_view


def position(mine: list, theirs: list, holding: int, source: str = "draw", trigger: int | None = None) -> SeatView:
    """Seat 0 to act in 2-player Voyage with the given cells ("?" face-down); the rest is sampled."""
    base = GameState.new_game("voyage", players=2, seed=1)
    view = seat_view(base, 0)
    grids = (tuple(mine), tuple(theirs))
    draft = SeatView(view.edition, 2, 0, 1, "turn", 0, holding, source, trigger, (5,), 0, grids, (), (0, 1),
                     (), (0, 0), 100, ())
    unseen = sum(draft.unseen_cards().values()) - sum(cell == "?" for grid in grids for cell in grid)
    draft = SeatView(*[unseen if name == "draw_pile" else getattr(draft, name) for name in SeatView.__slots__])
    state = determinize(draft, random.Random(0))
    check_consistency(state)
    return seat_view(state, 0)


def test_hard_will_not_end_a_round_it_would_lose_doubled_but_normal_does():
    # we show 6+7+8+7+6+5+8+7+6+5+7 = 72 with one card hidden; the opponent shows 3 and hides 6
    mine = [6, 7, 8, 7, 6, 5, 8, 7, 6, 5, 7, "?"]
    theirs = [1, 0, "?", "?", 2, "?", "?", 0, "?", "?", 0, 0]
    view = position(mine, theirs, holding=9)
    hard = make_bot("hard", 1).decide(view)
    assert hard.verb == "replace" and view.grid()[hard.index] != "?"  # keeps its last card hidden
    normal = make_bot("normal", 1).decide(view)
    assert normal.verb == "reveal"  # a poor card: Normal discards it and reveals, ending the round


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
