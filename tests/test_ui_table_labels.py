"""Seat labels read with their own grid: close beside it, never under its "to play" ring."""

from __future__ import annotations

import pygame
import pytest

from game.rules import GameState, seat_view
from game.ui.card_art import CardArt
from game.ui.table_view import LABEL_CLEARANCE, RING_MARGIN, Board, TableView
from game.ui.text import TextCache

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def drawn_table(players: int, scale: float, to_act: int) -> TableView:
    pygame.font.init()
    state = GameState.new_game("voyage" if players <= 4 else "classic", players=players, seed=4)
    view = TableView(players, NAMES[:players], CardArt("standard"), TextCache())
    view.ui_scale = scale
    board = Board.from_view(seat_view(state, 0))
    board.to_act = to_act
    view.viewer = 0
    view.draw(pygame.Surface((1280, 720)), board, [])
    return view


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("players", [2, 3, 4, 6, 8])
def test_side_labels_sit_close_to_their_grid_and_clear_of_its_ring(players: int, scale: float) -> None:
    for seat in range(players):
        view = drawn_table(players, scale, to_act=seat)
        rects = dict(view.text_rects)
        name = rects[NAMES[seat]]
        area = view.layout.seats[seat]
        grid = view.viewport.rect(area.grid)
        ring = view.viewport.rect(area.grid.inflate(2 * RING_MARGIN))
        assert not name.colliderect(ring), f"seat {seat}: name under the ring"
        near = view.viewport.rect(area.grid.inflate(4 * LABEL_CLEARANCE))
        if view.viewport.rect(area.label).right <= grid.left:
            assert near.left <= name.right, f"seat {seat}: name {grid.left - name.right} px left of its grid"
        elif view.viewport.rect(area.label).left >= grid.right:
            assert name.left <= near.right, f"seat {seat}: name {name.left - grid.right} px right of its grid"
