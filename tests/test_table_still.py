"""The table's still picture (issue 47): a frame whose board is unchanged blits what the last one
composed instead of fitting and drawing every plate again, and looks exactly as a fresh drawing."""

from __future__ import annotations

import pygame
import pytest

from game.match import Identity
from game.rules import GameState, seat_view
from game.ui.card_art import CardArt
from game.ui.table_labels import SeatLabels
from game.ui.table_view import Board, TableView
from game.ui.text import TextCache

NAMES = ["Ann", "Bob", "Cy", "Dee"]
SIZE = (1280, 720)


def table() -> tuple[TableView, Board]:
    pygame.font.init()
    state = GameState.new_game("voyage", players=4, seed=4)
    for _flip in range(8):
        state.apply(state.legal_actions()[0])
    view = TableView(4, NAMES, CardArt("standard"), TextCache())
    view.viewer = 0
    return view, Board.from_view(seat_view(state, 0))


def counted_labels(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    drawn: list[int] = []
    original = SeatLabels.draw_label

    def draw_label(self: SeatLabels, surface: pygame.Surface, board: Board, seat: int, identity: Identity) -> list:
        drawn.append(seat)
        return original(self, surface, board, seat, identity)

    monkeypatch.setattr(SeatLabels, "draw_label", draw_label)
    return drawn


def test_an_unchanged_board_is_not_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    view, board = table()
    drawn = counted_labels(monkeypatch)
    screen = pygame.Surface(SIZE)
    for _frame in range(5):
        view.draw(screen, board, [])
    assert drawn == [0, 1, 2, 3]  # the first frame only
    assert [words for words, _rect in view.words.text_rects][:1] == ["Ann"]  # the texts still told, every frame


def test_a_changed_score_or_turn_is_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    view, board = table()
    screen = pygame.Surface(SIZE)
    view.draw(screen, board, [])
    drawn = counted_labels(monkeypatch)
    board.totals = [5, 0, 0, 0]
    view.draw(screen, board, [])
    view.draw(screen, board, [])
    assert drawn == [0, 1, 2, 3]  # once
    assert any(words.startswith("5 ") for words, _rect in view.words.text_rects)
    drawn.clear()
    board.cues[1] = "Bob took the 9 from the discard"
    view.draw(screen, board, [])
    view.draw(screen, board, [])
    assert drawn == [0, 1, 2, 3]
    assert any(words == board.cues[1] or words in board.cues[1] for words, _rect in view.words.text_rects)


def test_the_kept_picture_is_the_fresh_drawing() -> None:
    """The same board drawn by a view that kept its picture through changes and by a new view."""
    view, board = table()
    screen = pygame.Surface(SIZE)
    view.draw(screen, board, [])
    board.totals = [12, 3, 40, 7]
    board.to_act = 2
    for _frame in range(30):  # the turn marker glides to seat 2, then rests
        view.marker.step(1 / 30)
        view.draw(screen, board, [])
    kept = pygame.image.tobytes(screen, "RGB")
    fresh_view, _board = table()
    fresh = pygame.Surface(SIZE)
    fresh_view.marker.aim(2, fresh_view.layout.seats[2].grid.inflate(16), False)
    fresh_view.draw(fresh, board, [])
    assert not view.marker.moving
    assert pygame.image.tobytes(fresh, "RGB") == kept
