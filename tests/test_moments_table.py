"""The table's moments (issue 40, item 6), stepped frame by frame at 60 frames a second of
animation time: a completed column glows where it lies before its cards leave, and the final
reveal turns the last face-down cards one by one after a beat. Counted in frames, never timed."""

from __future__ import annotations

import pygame
import pytest

from game.rules import COLS, ROWS, GameState, seat_view
from game.rules import events as ev
from game.ui.card_art import CardArt
from game.ui.table_anim import FLIP_HALF, Animator
from game.ui.table_steps import REVEAL_BEAT, REVEAL_MOST
from game.ui.table_view import Board, TableView
from game.ui.text import TextCache

pytestmark = pytest.mark.usefixtures("small_display")
FRAME = 1 / 60
SIZE = (1280, 720)


def table(players=2, seed=3):
    state = GameState.new_game("voyage", players, seed=seed)
    state.take_events()
    view = TableView(players, [f"P{seat}" for seat in range(players)], CardArt(), TextCache())
    board = Board.from_view(seat_view(state, 0))
    return board, view, Animator(board, view)


def frames_of(anim, limit=2000):
    """Step the animator a frame at a time until it is done; yields after each frame."""
    anim.update(0.0)
    for _ in range(limit):
        if not anim.busy:
            return
        yield
        anim.update(FRAME)
    raise AssertionError("the animation never ended")


def removed_column(reduced=False, speed=1.0):
    board, view, anim = table()
    anim.reduced_motion, anim.speed = reduced, speed
    for row in range(ROWS):
        board.grids[0][row * COLS + 1] = 7
    anim.add_events([ev.ColumnRemoved(seat=0, col=1, value=7)])
    return board, view, anim


def glowing_in_place(view, anim) -> bool:
    """Every card of the column alight, each still lying in its own cell."""
    return len(anim.sprites) == ROWS and all(
        sprite.glow >= 0.9 and sprite.lift == 0 and (sprite.x, sprite.y) == view.cell_box(0, row * COLS + 1).center
        for row, sprite in enumerate(anim.sprites))


@pytest.mark.parametrize("reduced", [False, True])
def test_a_completed_column_glows_where_it_lies_before_its_cards_leave(reduced):
    board, view, anim = removed_column(reduced)
    lit, moved_at, frame = [], None, 0
    for frame, _ in enumerate(frames_of(anim)):
        if glowing_in_place(view, anim):
            lit.append(frame)
        if moved_at is None and any(sprite.x != view.cell_box(0, 1).center[0] for sprite in anim.sprites):
            moved_at = frame
    assert len(lit) >= 20, "the column stays alight in place for a third of a second at least"
    assert moved_at is not None and moved_at > max(lit), "its cards leave only after it has glowed"
    assert all(board.grids[0][row * COLS + 1] is None for row in range(ROWS))
    assert board.discard[-3:] == [7, 7, 7]


def test_the_glow_is_drawn_round_the_column():
    board, view, anim = removed_column()
    surface = pygame.Surface(SIZE)
    for _ in frames_of(anim):
        if glowing_in_place(view, anim):
            break
    view.draw(surface, board, anim.sprites)
    middle = view.viewport.rect(view.cell_box(0, COLS + 1))
    for x, y in ((middle.left - 3, middle.centery), (middle.right + 2, middle.centery)):
        r, g, b = surface.get_at((x, y))[:3]
        # warm light: redder than the green cloth or the seat's panel, and far from blue
        assert r > g and r > b + 60 and r > 100, f"no warm light beside the column at {(x, y)}: {(r, g, b)}"


def test_the_glow_follows_the_animation_speed():
    def lit_frames(speed):
        _board, view, anim = removed_column(speed=speed)
        return sum(1 for _ in frames_of(anim) if glowing_in_place(view, anim))

    assert lit_frames(2.5) < lit_frames(1.0) < lit_frames(0.6)


def reveal(cells, speed=1.0, reduced=False):
    board, view, anim = table(players=4)
    anim.speed, anim.reduced_motion = speed, reduced
    anim.add_events([ev.FinalReveal(seat=seat, col=index % COLS, row=index // COLS, value=5) for seat, index in cells])
    return board, view, anim


def turning(anim) -> int:
    return sum(1 for sprite in anim.sprites if sprite.scale_x < 0.999 or sprite.lift > 0)


def test_the_last_face_down_cards_turn_one_by_one_after_a_beat():
    cells = [(1, 0), (1, 5), (2, 3), (3, 7), (3, 11), (0, 2)]
    board, _view, anim = reveal(cells)
    first_turn, most_at_once, frames = None, 0, 0
    for frame, _ in enumerate(frames_of(anim)):
        frames = frame
        most_at_once = max(most_at_once, turning(anim))
        if first_turn is None and turning(anim):
            first_turn = frame
    assert most_at_once == 1, "one card turns at a time"
    assert first_turn is not None and first_turn >= REVEAL_BEAT * 60 - 2, "the banner has its beat first"
    assert all(board.grids[seat][index] == 5 for seat, index in cells)
    assert frames >= len(cells) * 2 * FLIP_HALF * 60, "each card had its own turn"


def test_many_face_down_cards_still_turn_in_order_one_face_at_a_time():
    cells = [(seat, index) for seat in range(4) for index in range(10)]
    board, _view, anim = reveal(cells)
    shown: list[tuple[int, int]] = []
    for _ in frames_of(anim):
        faces = [cell for cell in cells if board.grids[cell[0]][cell[1]] == 5 and cell not in shown]
        assert len(faces) <= 1, "one face shows at a time"
        shown.extend(faces)
    assert shown == cells, "the faces show in the order of the reveal"


def test_a_large_reveal_is_bounded_in_frames():
    cells = [(seat, index) for seat in range(4) for index in range(12)]
    _board, _view, anim = reveal(cells)
    frames = sum(1 for _ in frames_of(anim))
    assert frames <= (REVEAL_BEAT + REVEAL_MOST + 2 * FLIP_HALF + 0.6) * 60 + 5


def test_skipping_the_reveal_shows_every_card_at_once():
    cells = [(1, 0), (2, 3), (3, 7)]
    board, _view, anim = reveal(cells)
    anim.update(FRAME)
    anim.skip()
    assert not anim.busy and all(board.grids[seat][index] == 5 for seat, index in cells)
