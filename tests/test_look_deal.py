"""The deal seen on the table (issue #18, item 11): cards fly face down from the draw pile to
each grid cell in turn, the whole deal about a second at speed 1, every card shown at the end.
Clock-free: the animator is advanced by hand."""

from __future__ import annotations

import pygame
import pytest

from game.rules import CELLS, GameState, seat_view
from game.rules import events as ev
from game.ui.card_art import CardArt
from game.ui.table_anim import DEAL_SECONDS, Animator
from game.ui.table_view import Board, TableView
from game.ui.text import TextCache

NAMES = ["Ann", "Bob", "Cy", "Dee"]


pytestmark = pytest.mark.usefixtures("small_display")


def dealing(players: int, speed: float = 1.0) -> tuple[Board, Animator, TableView, ev.RoundDealt]:
    """A table before the deal, and the deal's event queued on its animator."""
    state = GameState.new_game("voyage", players, seed=8)
    dealt = next(e for e in state.take_events() if isinstance(e, ev.RoundDealt))
    view = TableView(players, NAMES[:players], CardArt("standard"), TextCache())
    board = Board.from_view(seat_view(state, 0))
    board.grids = [[None] * CELLS for _ in range(players)]  # the table before the deal: nothing on it
    anim = Animator(board, view, speed)
    view.viewer = 0
    anim.add_events([dealt])
    return board, anim, view, dealt


def shown_sprites(anim: Animator) -> list:
    return [sprite for sprite in anim.sprites if sprite.shown >= 0.5]


@pytest.mark.parametrize("players", [2, 4])
def test_mid_deal_some_cells_wait_while_cards_fly_from_the_draw_pile(players):
    board, anim, view, dealt = dealing(players)
    anim.update(0.0)  # the deal begins
    assert len(board.hidden) == players * CELLS  # nothing has landed
    pile = view.layout.draw_pile.center
    assert all((sprite.x, sprite.y) == pile for sprite in anim.sprites)  # every card starts on the draw pile
    assert len(shown_sprites(anim)) == 1  # ...and only the first has left it
    anim.update(DEAL_SECONDS / 2)
    flying = shown_sprites(anim)
    assert flying and all(sprite.value == "?" for sprite in flying)  # face down on the way
    assert 0 < len(board.hidden) < players * CELLS  # some cells show their card, others still wait
    landed = {(seat, index) for seat in dealt.seats for index in range(CELLS)} - board.hidden
    first = [(seat, index) for index in range(CELLS) for seat in dealt.seats][:len(landed)]
    assert landed == set(first)  # dealt in turn: seat after seat, each grid in reading order


@pytest.mark.parametrize("players", [2, 4])
def test_the_whole_deal_takes_about_a_second_and_shows_every_card(players):
    board, anim, _view, dealt = dealing(players)
    anim.update(0.0)
    anim.update(DEAL_SECONDS * 0.9)
    assert anim.busy  # not instant...
    anim.update(DEAL_SECONDS * 0.2)
    assert not anim.sprites and not board.hidden  # ...and over in about a second
    assert all(board.grids[seat] == ["?"] * CELLS for seat in dealt.seats)


def test_the_deal_follows_the_speed_setting_and_a_skip():
    board, anim, _view, _dealt = dealing(2, speed=0.5)  # half speed: twice as long
    anim.update(0.0)
    anim.update(DEAL_SECONDS * 1.1)
    assert anim.busy and board.hidden
    anim.skip()
    assert not anim.busy and not board.hidden and not anim.sprites


def test_a_card_in_flight_is_drawn_with_its_shadow_and_a_waiting_one_is_not_drawn():
    board, anim, view, _dealt = dealing(2)
    screen = pygame.Surface((960, 540))
    anim.update(0.0)
    view.draw(screen, board, [])  # the table with the draw pile, nothing dealt
    before = screen.copy()
    waiting = [sprite for sprite in anim.sprites if sprite.shown < 0.5]
    assert waiting
    for sprite in waiting:
        sprite.draw(screen, view)
    assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(before, "RGB")
    sprite = shown_sprites(anim)[0]
    sprite.x, sprite.y = 960, 540  # mid-table, over bare cloth
    sprite.draw(screen, view)
    card = view.viewport.rect(view.layout.draw_pile)
    card.center = (round(view.viewport.offset_x + 960 * view.viewport.scale),
                   round(view.viewport.offset_y + 540 * view.viewport.scale))
    below = (card.centerx, card.bottom + 2)  # just under the card: its shadow darkens the cloth
    assert sum(screen.get_at(below)[:3]) < sum(before.get_at(below)[:3]) - 10
