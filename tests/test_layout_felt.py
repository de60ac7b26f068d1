"""No empty felt: at 2, 3 and 4 players the grids, labels, piles and prompt use the table, so
that no rectangle of plain felt larger than 12% of the window is left (on the old layouts it
was 22.8% at 2 players, 17.3% at 3 and 15.5% at 4, at 1280x720 as at 1920x1080).

What the table always draws counts as covered: every grid at its drawn size (its seat panel),
every label, the draw and discard piles, the prompt's band, the round's box and the Scores
button. The card in hand (drawn only while a card is held) and the tip's corner (only while a
tip shows) count as felt."""

from __future__ import annotations

import pygame
import pytest

from game.ui.layout import TableLayout, fit, load_layout
from scenes.score_overlay import scores_button_box

SIZES = [(1280, 720), (1920, 1080)]
MOST_FELT = 0.12
PANEL = 14  # layout px the seat panel reaches round a grid (game/ui/table_view.py draws it)


def drawn_rects(layout: TableLayout, width: int, height: int) -> list[pygame.Rect]:
    """The window rectangles the table draws at rest, whatever the turn."""
    view = fit(layout, width, height)
    rects = [view.rect(area.grid.inflate(PANEL)) for area in layout.seats]
    rects += [view.rect(area.label) for area in layout.seats]
    rects += [view.rect(box) for box in (layout.draw_pile, layout.discard_pile, layout.prompt, layout.score_panel)]
    rects.append(view.rect(scores_button_box()))
    return rects


def largest_empty(rects: list[pygame.Rect], width: int, height: int) -> pygame.Rect:
    """The largest rectangle of the window that no rect covers, exactly: the rects' edges cut the
    window into a coarse grid of cells, each either covered or felt, and every run of felt cells
    between two rows of edges is tried (a few dozen edges: cubic is small)."""
    window = pygame.Rect(0, 0, width, height)
    rects = [r.clip(window) for r in rects if r.colliderect(window)]
    xs = sorted({0, width, *(r.left for r in rects), *(r.right for r in rects)})
    ys = sorted({0, height, *(r.top for r in rects), *(r.bottom for r in rects)})
    felt = [[not any(r.collidepoint(x, y) for r in rects) for x in xs[:-1]] for y in ys[:-1]]
    best = pygame.Rect(0, 0, 0, 0)
    for top in range(len(ys) - 1):
        open_cols = [True] * (len(xs) - 1)
        for bottom in range(top, len(ys) - 1):
            open_cols = [was and now for was, now in zip(open_cols, felt[bottom], strict=True)]
            start = None
            for col, free in enumerate([*open_cols, False]):
                if free and start is None:
                    start = col
                elif not free and start is not None:
                    found = pygame.Rect(xs[start], ys[top], xs[col] - xs[start], ys[bottom + 1] - ys[top])
                    if found.w * found.h > best.w * best.h:
                        best = found
                    start = None
    return best


def test_the_measure_finds_the_felt_left_between_rectangles():
    """The measure itself, on rectangles laid out by hand."""
    assert largest_empty([], 100, 50) == pygame.Rect(0, 0, 100, 50)
    # a bar across the middle: the larger half remains
    assert largest_empty([pygame.Rect(0, 15, 100, 10)], 100, 50) == pygame.Rect(0, 25, 100, 25)
    # a box in a corner: the strip beside it or below it, whichever is larger
    assert largest_empty([pygame.Rect(0, 0, 60, 40)], 100, 50) == pygame.Rect(60, 0, 40, 50)
    # two boxes: the felt between them reaches the window's edges
    found = largest_empty([pygame.Rect(10, 10, 20, 30), pygame.Rect(70, 10, 20, 30)], 100, 50)
    assert found == pygame.Rect(30, 0, 40, 50)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_wide_stretch_of_empty_felt(players: int, size: tuple[int, int]):
    width, height = size
    empty = largest_empty(drawn_rects(load_layout(players), width, height), width, height)
    share = empty.w * empty.h / (width * height)
    assert share <= MOST_FELT, f"{players} players at {width}x{height}: {share:.1%} of bare felt at {empty}"


@pytest.mark.parametrize("players", range(5, 9))
def test_more_players_leave_no_more_felt_than_before(players: int):
    """5-8 players were already full (12.8% at 5 and 6, 10.2% at 7, 6.3% at 8): they stay so."""
    before = {5: 0.128, 6: 0.128, 7: 0.102, 8: 0.063}
    empty = largest_empty(drawn_rects(load_layout(players), 1920, 1080), 1920, 1080)
    assert empty.w * empty.h / (1920 * 1080) <= before[players] + 0.001
