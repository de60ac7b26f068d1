"""The review's chart (issue 33 item 3): points lost per decision, grouped by round.

Each decision of the reviewed player is a bar as tall as its cost, in order along the chart;
the rounds are bands (alternately shaded) with the round's number under the band and its
points lost above it. A costly decision's bar is drawn in the warning colour, a good one as a
short grey stub (its cost is within the estimate's noise); the three costliest carry their
number (1, 2, 3), as in the list beside the chart. `lay_out` is pure arithmetic (tests read
it); `draw_review_chart` paints it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.wire.review import Judged

from .ink import note_text
from .layout import Box, Viewport
from .score_chart import nice_step
from .text import TextCache
from .widgets import ACCENT, DIM, INK, blit_text, draw_panel, font_px
from .wording import decimal

COSTLY = (236, 112, 84)  # a costly decision: warm, and taller than any good one
GOOD = (120, 132, 142)
BAND = (24, 40, 52)
BAND_OTHER = (18, 32, 42)
ROUND_GAP = 10.0  # logical px between two rounds' bands
LABEL_ROOM = 34.0  # logical px under the bands for the rounds' numbers
HEAD_ROOM = 34.0  # ...and above them for the points lost
AXIS_ROOM = 72.0  # at the left, for the scale and its title (turned a quarter)
GOOD_STUB = 3.0  # logical px: a good decision still shows that it was judged
LABEL_SIZE = 22  # logical px of the chart's figures, times the text size setting


@dataclass
class Bar:
    index: int  # the decision's index in the review
    box: Box  # logical px
    costly: bool
    rank: int | None = None  # 1, 2, 3: among the costliest


@dataclass
class Band:
    round: int
    box: Box
    points_lost: float


@dataclass
class ReviewChart:
    plot: Box  # where the bars stand (logical px)
    top: float  # the points at the top of the scale
    step: int  # points between two scale lines
    bars: list[Bar] = field(default_factory=list)
    bands: list[Band] = field(default_factory=list)

    def y_of(self, points: float) -> float:
        return self.plot.bottom - self.plot.h * min(points, self.top) / self.top


def lay_out(decisions: Sequence[Judged], costliest: Sequence[int], box: Box) -> ReviewChart:
    """Bars and bands for `decisions` (in order) in `box`."""
    plot = Box(box.x + AXIS_ROOM, box.y + HEAD_ROOM, box.w - AXIS_ROOM - 8, box.h - HEAD_ROOM - LABEL_ROOM)
    costs = [judged.cost for judged in decisions if not judged.good]
    step = nice_step(max(costs, default=1.0), 4)
    top = max(step, step * -(-max(costs, default=1.0) // step))
    chart = ReviewChart(plot, float(top), step)
    rounds = sorted({judged.round for judged in decisions})
    if not decisions:
        return chart
    width = (plot.w - ROUND_GAP * (len(rounds) - 1)) / len(decisions)
    x = plot.x
    ranks = {index: rank for rank, index in enumerate(costliest, start=1)}
    for number in rounds:
        mine = [judged for judged in decisions if judged.round == number]
        start = x
        for judged in mine:
            height = plot.h * min(judged.cost, top) / top if not judged.good else GOOD_STUB
            tall = max(height, GOOD_STUB)
            chart.bars.append(Bar(judged.index, Box(x, plot.bottom - tall, width, tall),
                                  not judged.good, ranks.get(judged.index)))
            x += width
        lost = round(sum(judged.cost for judged in mine if not judged.good), 2)
        chart.bands.append(Band(number, Box(start, plot.y, x - start, plot.h), lost))
        x += ROUND_GAP
    return chart


def draw_review_chart(surface: pygame.Surface, text: TextCache, viewport: Viewport, chart: ReviewChart,  # noqa: C901 - the chart's parts in paint order
                      zoom: float = 1.0, points: str = "", rounds: str = "") -> None:
    """Paint `chart`; `zoom` is the text size setting; `points` titles the scale ("points lost"),
    `rounds` the rounds' numbers under the bands ("round")."""
    size = LABEL_SIZE * zoom  # logical px

    def label(words: str, x: float, y: float, colour: tuple[int, int, int], anchor: str, bold: bool = False) -> None:
        blit_text(surface, text, viewport, words, size, x, y, color=colour, bold=bold, anchor=anchor)

    for number, band in enumerate(chart.bands):
        draw_panel(surface, viewport.rect(band.box), BAND if number % 2 == 0 else BAND_OTHER, 4)
    for level in range(0, int(chart.top) + 1, chart.step):
        y = chart.y_of(level)
        left, right = viewport.point(chart.plot.x, y), viewport.point(chart.plot.right, y)
        pygame.draw.line(surface, (40, 58, 70), left, right, 1)
        label(str(level), chart.plot.x - 8, y, DIM, "midright")
    if points:  # turned a quarter, along the scale: a title above it would meet the rounds' figures
        image = pygame.transform.rotate(text.render(points, font_px(viewport, size), DIM), 90)
        rect = image.get_rect(midleft=viewport.point(chart.plot.x - AXIS_ROOM, chart.plot.y + chart.plot.h / 2))
        surface.blit(image, rect)
        note_text(points, image, rect)
    for bar in chart.bars:
        rect = viewport.rect(bar.box)
        rect.w = max(1, rect.w - (1 if rect.w > 3 else 0))  # a hairline between neighbours, when there is room
        pygame.draw.rect(surface, COSTLY if bar.costly else GOOD, rect)
        if bar.rank is not None:
            label(str(bar.rank), bar.box.center[0], bar.box.y - 2 / viewport.scale, ACCENT, "midbottom", bold=True)
    if rounds:
        label(rounds, chart.plot.x - 8, chart.plot.bottom + 6, DIM, "topright")
    few = len(chart.bands) <= 12  # more rounds than this: every other label, so none overlap
    for number, band in enumerate(chart.bands):
        if not few and number % 2:
            continue
        label(str(band.round), band.box.center[0], chart.plot.bottom + 6, INK, "midtop")
        if band.points_lost:
            label(decimal(band.points_lost), band.box.center[0], chart.plot.y - 6, COSTLY, "midbottom")

