"""Cards with character (issue 40 item 5): a sky motif per value band, corner figures readable on
the smallest cards of 8 seats at 1280x720, a draw pile whose thickness shows what is left, and a
shadow that grows as a card lifts in a flip."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.rules import GameState, seat_view
from game.ui.board import Board
from game.ui.card_art import VALUES, CardArt, band
from game.ui.card_sprite import CardSprite
from game.ui.layout import Box, fit, load_layout
from game.ui.table_steps import FLIP_LIFT
from game.ui.table_view import TableView
from game.ui.text import TextCache

pytestmark = pytest.mark.usefixtures("small_display")
FELT = (20, 90, 60)


def smallest_card_at_8_seats() -> tuple[int, int]:
    """The smallest card the 8-seat table draws in a 1280x720 window (grids, piles, hand)."""
    layout = load_layout(8)
    view = fit(layout, 1280, 720)
    boxes = [layout.draw_pile, layout.discard_pile, layout.hand]
    boxes += [area.cell(col, row) for area in layout.seats for col in range(4) for row in range(3)]
    return min((view.rect(box).size for box in boxes), key=lambda size: size[1])


def ink_rows(rows: list[int]) -> int:
    return max(rows) - min(rows) + 1 if rows else 0


def corner(w: int, h: int) -> pygame.Rect:
    """The top-left corner where the corner figure is read, above the big figure."""
    return pygame.Rect(0, 0, w * 45 // 100, h * 27 // 100)


def test_corner_figures_are_nine_pixels_tall_on_the_smallest_cards_of_eight_seats():
    """Their digits' white ink is at least 9 px tall (it was 7 px: a 10 px font at 69 px cards)."""
    w, h = smallest_card_at_8_seats()
    assert h <= 70  # (the 8-seat table at 1280x720: 104 logical px at two thirds)
    for value in VALUES:
        face = CardArt().face(value, w, h)
        area = corner(w, h)
        rows = [y for y in range(area.top, area.bottom)
                if any(min(face.get_at((x, y))[:3]) > 235 for x in range(area.left, area.right))]
        assert ink_rows(rows) >= 9, (value, (w, h), ink_rows(rows))


@pytest.mark.parametrize(("a", "b"), [(5, 8), (2, 3)])
def test_high_contrast_corner_figures_are_as_tall(a: int, b: int):
    """In black and white, the corner figure is read off its plate: two cards of one band differ
    only by their figures, and the rows where they differ span at least 9 px."""
    w, h = smallest_card_at_8_seats()
    art = CardArt("high_contrast")
    one, two, area = art.face(a, w, h), art.face(b, w, h), corner(w, h)
    rows = [y for y in range(area.top, area.bottom)
            if any(one.get_at((x, y)) != two.get_at((x, y)) for x in range(area.left, area.right))]
    assert ink_rows(rows) >= 9, ink_rows(rows)


def test_each_band_has_a_sky_motif_of_its_own():
    """Night, clouds, birds, sun, storm: each band's motif is a shape of its own, not a recolour,
    and every card of a band carries it."""
    from game.ui.card_motifs import paint_motif

    size = (90, 130)
    masks = {}
    for kind in ("negative", "zero", "low", "mid", "high"):
        motif = paint_motif(size, kind, (200, 200, 200, 90), (40, 40, 40, 200))
        masks[kind] = {(x, y) for x in range(size[0]) for y in range(size[1]) if motif.get_at((x, y)).a > 40}
        assert len(masks[kind]) > 0.02 * size[0] * size[1], f"{kind}: hardly any motif"
    for a, b in itertools.combinations(masks, 2):
        assert len(masks[a] ^ masks[b]) > 0.03 * size[0] * size[1], f"{a} and {b} share a motif"
    # a face shows its band's motif: two values of one band differ far less than two bands
    art = CardArt()

    def far(x: int, y: int) -> int:
        one, two = art.face(x, 100, 140), art.face(y, 100, 140)
        return sum(abs(p - q) for p, q in zip(pygame.image.tobytes(one, "RGB"), pygame.image.tobytes(two, "RGB"),
                                               strict=True))

    assert band(1) == band(4) and far(1, 4) < far(4, 5)


def table(draw_count: int) -> tuple[TableView, pygame.Surface]:
    state = GameState.new_game("voyage", 2, seed=3)
    state.take_events()
    view = TableView(2, ["Ann", "Bob"], CardArt("standard"), TextCache())
    view.viewer = 0
    board = Board.from_view(seat_view(state, 0))
    board.draw_count = draw_count
    surface = pygame.Surface((1280, 720))
    view.draw(surface, board, [])
    return view, surface


def pile_height(draw_count: int) -> int:
    """How tall the draw pile stands on screen: the rows around its place that differ from the
    same table with an empty pile."""
    view, full = table(draw_count)
    _, empty = table(0)
    rect = view.viewport.rect(view.layout.draw_pile).inflate(40, 40)
    rows = [y for y in range(rect.top, rect.bottom)
            if any(full.get_at((x, y)) != empty.get_at((x, y)) for x in range(rect.left, rect.right, 2))]
    return ink_rows(rows)


def test_the_draw_pile_is_a_stack_as_thick_as_the_cards_left():
    few, some, many = pile_height(5), pile_height(35), pile_height(80)
    assert few < some < many, (few, some, many)
    assert many - few >= 5  # a full pile stands visibly taller than a nearly empty one


def shadow_pixels(lift: float) -> int:
    """Pixels darkened by a card caught edge-on in a flip, held `lift` px up: its shadow."""
    view = TableView(2, ["Ann", "Bob"], CardArt("standard"), TextCache())
    view.resize(1280, 720)
    sprite = CardSprite(5, Box(900, 400, 120, 168))
    sprite.scale_x, sprite.lift = 0.02, lift  # mid-flip: the card hides almost none of its shadow
    surface = pygame.Surface((1280, 720))
    surface.fill(FELT)
    sprite.draw(surface, view)
    return sum(1 for x in range(500, 800) for y in range(150, 450)
               if sum(surface.get_at((x, y))[:3]) < sum(FELT) - 6)


def test_a_lifted_card_casts_a_larger_shadow():
    """As the card rises in its flip its shadow spreads: at the top of the flip it covers half
    again the felt it covers lying on the cloth."""
    low, high = shadow_pixels(0.0), shadow_pixels(FLIP_LIFT)
    assert low > 0
    assert high > 1.5 * low, (low, high)


@pytest.mark.parametrize("players", range(2, 9))
def test_the_thickest_stack_stays_on_the_felt(players: int):
    """The draw pile's stack, at its thickest, rises clear of every seat's panel."""
    from game.ui.table_view import STACK_MOST, stack_step

    layout = load_layout(players)
    for width, height in ((1280, 720), (1920, 1080)):
        view = fit(layout, width, height)
        pile = view.rect(layout.draw_pile)
        rise = stack_step(pile.h) * (STACK_MOST - 1)
        stack = pile.union(pile.move(-rise, -rise))
        for area in layout.seats:
            assert not stack.colliderect(view.rect(area.grid.inflate(14))), (players, width, area.seat)
