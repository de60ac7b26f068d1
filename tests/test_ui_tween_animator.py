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
    state.apply(next(a for a in state.legal_actions() if a.verb == "take"))
    taken = state.holding
    target = next(a for a in state.legal_actions() if a.verb == "replace" and not state.face_up[a.seat][a.index])
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
    _state, _board, anim = setup_table()
    anim.add_events([ev.GameOver((0,), (10, 20))])  # nothing to show, nothing to hear: no step
    assert not anim.busy


def _samples(anim, sprite, seconds, count=20):
    """(time, lift, scale_x, drawn height, centre y, drawn y) of `sprite` at `count` even steps."""
    rows = []
    for number in range(1, count + 1):
        anim.update(seconds / count)
        rows.append((number * seconds / count, sprite.lift, sprite.scale_x, sprite.drawn_size()[1], sprite.y,
                     sprite.y - sprite.lift))
    return rows


def test_a_flip_lifts_the_card_highest_mid_turn_taller_edge_on_and_settles_flat():
    """The flip as data: the card rises as it turns, its lift highest at the midpoint (edge-on),
    where it is drawn a little taller (its near edge comes at the eye), then it lies flat again."""
    from game.ui.table_anim import FLIP_LIFT

    state, _board, anim = setup_table()
    state.apply(state.legal_actions()[0])
    anim.add_events(state.take_events())
    anim.update(0.0)
    sprite = anim.sprites[0]
    flat_h = sprite.drawn_size()[1]
    rows = _samples(anim, sprite, 2 * FLIP_HALF - 1e-6)
    peak = max(rows, key=lambda row: row[1])
    assert abs(peak[0] - FLIP_HALF) <= 2 * FLIP_HALF / 20 + 1e-9  # highest at the midpoint
    assert peak[1] >= 0.9 * FLIP_LIFT and peak[3] > flat_h * 1.05  # up, and taller edge-on
    assert rows[0][1] < peak[1] / 2 and rows[-1][1] < 0.25 * FLIP_LIFT  # it rose, and comes down
    lifts = [row[1] for row in rows]
    middle = lifts.index(max(lifts))
    assert lifts[:middle + 1] == sorted(lifts[:middle + 1]) and lifts[middle:] == sorted(lifts[middle:], reverse=True)
    assert min(row[2] for row in rows) < 0.1  # it turned edge-on
    anim.update(FLIP_HALF)
    assert not anim.busy and sprite.lift == 0.0 and sprite.scale_x == 1.0


@pytest.mark.parametrize("verb", ["draw", "discard"])
def test_drawing_and_discarding_ease_in_and_out_on_an_arc(verb):
    """A card drawn (pile to hand) and a card discarded (hand to pile) start and end slowly and
    rise above the straight line between the two places, highest half-way."""
    from game.ui.table_anim import ARC, SLIDE

    state, _board, anim = setup_table(seed=8)
    for _ in range(4):
        state.apply(state.legal_actions()[0])  # the opening flips
    anim.add_events(state.take_events())
    anim.skip()
    state.apply(next(a for a in state.legal_actions() if a.verb == "draw"))
    if verb == "discard":
        anim.add_events(state.take_events())
        anim.skip()
        state.apply(next(a for a in state.legal_actions() if a.verb == "reveal"))  # discard it, reveal a card
    anim.add_events([e for e in state.take_events() if e.kind in ("card_drawn", "card_discarded")])
    anim.update(0.0)
    sprite = anim.sprites[0]
    end = (anim.view.layout.hand if verb == "draw" else anim.view.layout.discard_pile).center[1]
    start_x, end_x = sprite.x, (anim.view.layout.hand if verb == "draw" else anim.view.layout.discard_pile).center[0]
    xs = []
    rows = []
    for number in range(1, 11):
        anim.update(SLIDE / 10 - 1e-6 if number == 10 else SLIDE / 10)
        xs.append((sprite.x - start_x) / (end_x - start_x))
        rows.append((sprite.lift, sprite.y, sprite.y - sprite.lift))
    assert xs[0] < 0.05 and xs[-2] > 0.95  # slow at the start (2 % at a tenth), slow at the end
    assert xs[4] == pytest.approx(0.5, abs=0.01)  # half-way at half the time (a symmetric ease)
    lift_mid, straight_mid, drawn_mid = rows[4]
    assert lift_mid == pytest.approx(ARC, rel=0.05)
    assert drawn_mid < straight_mid - 0.9 * ARC  # above the straight line from start_y to end
    assert rows[-1][0] < 0.05 * ARC and abs(rows[-1][1] - end) < 1.0
