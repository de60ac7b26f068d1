"""The table's animations stepped by hand: the flip squashes and swaps the face at its
midpoint, the board changes only when a step ends, skipping finishes everything."""

import pytest

from game.rules import GameState, seat_view
from game.ui.card_art import CardArt
from game.ui.table_anim import FLIP_HALF, Animator
from game.ui.table_view import Board, TableView
from game.ui.text import TextCache

pytestmark = pytest.mark.usefixtures("small_display")


def setup_table(seed=3):
    state = GameState.new_game("voyage", 2, seed=seed)
    state.take_events()
    view = TableView(2, ["A", "B"], CardArt(), TextCache())
    board = Board.from_view(seat_view(state, 0))
    return state, board, Animator(board, view)


def test_flip_squashes_then_shows_the_face_from_the_midpoint():
    state, board, anim = setup_table()
    state.apply(state.legal_actions()[0])  # seat 0 flips (0, 0)
    value = state.cards[0][0]
    anim.add_events(state.take_events())
    anim.update(0.0)  # the step begins
    sprite = anim.sprites[0]
    anim.update(FLIP_HALF / 2)
    assert 0.0 < sprite.scale_x < 1.0 and sprite.value == "?"
    assert board.grids[0][0] == "?" and (0, 0) in board.hidden
    anim.update(FLIP_HALF / 2 + 0.001)
    assert sprite.value == value  # the face swapped at the midpoint
    anim.update(FLIP_HALF)
    assert not anim.busy and board.grids[0][0] == value and not board.hidden


def test_replace_moves_the_board_only_at_the_end_and_skip_finishes_all():
    state, board, anim = setup_table(seed=8)
    for _ in range(4):
        state.apply(state.legal_actions()[0])  # the four opening flips
    state.apply([a for a in state.legal_actions() if a.verb == "take"][0])
    taken = state.holding
    target = [a for a in state.legal_actions() if a.verb == "replace" and not state.face_up[a.seat][a.index]][0]
    old = state.cards[target.seat][target.index]
    state.apply(target)
    anim.add_events(state.take_events())
    assert anim.busy
    anim.update(0.05)
    assert board.grids[target.seat][target.index] != taken
    anim.skip()
    assert not anim.busy and not anim.sprites
    assert board.grids[target.seat][target.index] == taken and board.discard[-1] == old
    assert board.grids == [list(g) for g in seat_view(state, 0).grids]


def test_every_kind_of_engine_event_is_shown_by_a_step_or_told_elsewhere():
    """A new kind of event is either given a step maker (STEP_MAKERS) or named here as shown
    elsewhere, so no event of the engine silently goes unseen on the table."""
    from game.rules import events as ev
    from game.ui.table_steps import STEP_MAKERS

    kinds = {kind for kind in vars(ev).values() if isinstance(kind, type) and issubclass(kind, ev.Event)}
    told_elsewhere = {ev.Event, ev.FinalReveal, ev.TiebreakNeeded, ev.GameOver}  # (reveals grouped in one step)
    assert kinds - told_elsewhere == set(STEP_MAKERS)
    state, board, anim = setup_table()
    anim.add_events([ev.GameOver((0,), (10, 20))])  # nothing to show, nothing to hear: no step
    assert not anim.busy
