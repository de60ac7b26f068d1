"""Issue 40 item 9: one keyboard cursor on the table. On a pile or on your grid, where a card can
be played or not, the cursor is the same clear ring (it was a thick ring on a pile and a faint
grey outline on your grid): read off the frame, the ring's pixels are the same."""

from __future__ import annotations

from dataclasses import replace

import pygame
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import GameState, seat_view
from game.ui.card_art import CardArt
from game.ui.table_view import Board, TableMarks, TableView
from game.ui.targets import DRAW_PILE, DRAW_TARGET, Target
from game.ui.text import TextCache
from game.ui.widgets import ACCENT
from scenes.play import PlayScene


def ring_colours(app, play, target) -> list:
    """The colours across the band just outside the target (where the ring lies), at its left middle."""
    play.input.cursor = target
    play.view.marks = replace(play.view.marks, hover=None)
    Pilot(app).advance(dt=0.0)  # (no time passes: the ring drawn as it stands)
    rect = play.view._mark_rect(target)
    return [tuple(app.screen.get_at((rect.left - out, rect.centery)))[:3] for out in range(1, 14)]


def test_the_cursor_is_the_same_bright_ring_on_a_pile_and_on_your_grid(make_app):
    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    app.speed_override = 0.0
    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy")), seed=5)
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    for _flip in range(2):  # the opening: two cards of Ann's grid
        assert pilot.wait_until(lambda: play.acting_human() == 0 and not play.anim.busy)
        pilot.press(pygame.K_RETURN)
        pilot.press(pygame.K_RIGHT)
    assert pilot.wait_until(
        lambda: play.acting_human() == 0 and not play.anim.busy and DRAW_TARGET in play.view.marks.targets)
    grid = Target.cell(0, 0, 0)
    assert grid not in play.view.marks.targets  # nothing to put on a card before one is drawn
    on_pile, on_grid = ring_colours(app, play, DRAW_TARGET), ring_colours(app, play, grid)
    assert ACCENT in on_pile, on_pile
    assert ACCENT in on_grid, f"a faint cursor on your grid: {on_grid}"
    assert on_grid.count(ACCENT) == on_pile.count(ACCENT)  # as thick


def test_the_pointer_lights_a_legal_target_and_is_forgotten_when_the_table_turns():
    """The pointer's target is the view's own mark: lit only where a move is legal, and dropped
    when the table turns to another player (the pointer is over another place then)."""
    pygame.font.init()
    view = TableView(2, ["Ann", "Bob"], CardArt("standard"), TextCache())
    view.viewer = 0
    board = Board.from_view(seat_view(GameState.new_game("voyage", players=2, seed=3), 0))
    surface = pygame.Surface((1280, 720))

    def frame() -> pygame.Rect:
        view.draw(surface, board, [])
        return view.viewport.rect(view.pile_box(DRAW_PILE))

    pile = frame()
    unlit = pygame.image.tobytes(surface.subsurface(pile), "RGB")
    view.marks = TableMarks(prompt="You: draw a card", targets=frozenset({DRAW_TARGET}))
    view.point_at(pile.center, board)
    assert view.marks.hover == DRAW_TARGET
    frame()
    assert pygame.image.tobytes(surface.subsurface(pile), "RGB") != unlit  # lit: a move is there
    view.marks = replace(view.marks, targets=frozenset())
    frame()
    assert pygame.image.tobytes(surface.subsurface(pile), "RGB") == unlit  # no move there: not lit
    view.viewer = 1
    assert view.marks.hover is None and view.marks.prompt == "You: draw a card"
