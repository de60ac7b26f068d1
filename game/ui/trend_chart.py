"""A player's trend at a glance (issue 33): the points lost per decision in each of their last
reviewed games, as a small line chart in a table cell, oldest left, newest right.

`trend_points` is pure arithmetic (where each game's point goes in the cell, in logical px),
so tests read it without a screen; `draw_trend` paints it and returns the window points it drew.
The figures come from the caller (the statistics screen reads the review shelf): drawing knows
nothing of the store. Lower is better, so a line that falls is a player who improves.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _, ngettext
from game.ui.layout import Box, Viewport
from game.ui.wording import decimal

TREND_LINE = (100, 190, 240)  # the score chart's blue: at least 4.5:1 on the dark panel
TREND_BASE = (40, 58, 70)  # the zero line beneath, the score chart's grid colour
LATEST_MARK = (255, 206, 84)  # the newest game's point, in the accent colour: "where you are now"
TREND_GAMES = 10  # the games a cell shows: more would squeeze the points together


def shown_games(values: Sequence[float]) -> list[float]:
    """The figures the cell shows: the last TREND_GAMES games, oldest first."""
    return list(values[-TREND_GAMES:])


def trend_points(values: Sequence[float], box: Box) -> list[tuple[float, float]]:
    """Where each figure goes in `box` (logical px), oldest at the left edge, newest at the
    right; 0 at the bottom edge and the largest figure at the top (one game: mid-height, in
    the middle). Nothing for no figure."""
    if not values:
        return []
    if len(values) == 1:
        return [box.center]
    top = max(values)
    step = box.w / (len(values) - 1)
    return [(box.x + i * step, box.bottom - (value / top * box.h if top > 0 else 0.0))
            for i, value in enumerate(values)]


def draw_trend(surface: pygame.Surface, viewport: Viewport, values: Sequence[float], box: Box) -> list[tuple[int, int]]:
    """The trend of `values` in `box`: a zero line, the games joined by a line, the newest
    marked. Returns the window points drawn (none for no figure)."""
    points = [viewport.point(*point) for point in trend_points(values, box)]
    if not points:
        return []
    width = max(1, round(viewport.scale))
    pygame.draw.line(surface, TREND_BASE, viewport.point(box.x, box.bottom),
                     viewport.point(box.right, box.bottom), width)
    if len(points) > 1:
        pygame.draw.lines(surface, TREND_LINE, False, points, max(2, round(3 * viewport.scale)))
    radius = max(3, round(6 * viewport.scale))
    for point in points[:-1]:
        pygame.draw.circle(surface, TREND_LINE, point, max(2, radius // 2))
    pygame.draw.circle(surface, LATEST_MARK, points[-1], radius)
    return points


def per_decision_words(value: float) -> str:
    """ "0.42 a decision": one game's points lost per decision, two decimals."""
    return _("{points} a decision").format(points=decimal(value, 2))


def average_words(values: Sequence[float]) -> str:
    """ "average 0.51 over 5 games" (the figures shown); "" for none."""
    if not values:
        return ""
    average = sum(values) / len(values)
    return ngettext("average {points} over {count} game", "average {points} over {count} games",
                    len(values)).format(points=decimal(average, 2), count=len(values))

