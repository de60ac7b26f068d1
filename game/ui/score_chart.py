"""The race at a glance: each player's running total round by round as a line chart.

`lay_out` is pure arithmetic on the game's public scores (a ScoreView's round_scores,
tiebreak_rounds and end_score): where every point, tick, the end-score line and every name
goes, in logical pixels, so tests read the figures without a screen. `draw_chart` paints a
laid-out chart with pygame.

What it shows:
- one line per player from 0 before the first round to the total after each round, a marker
  of the player's own shape on every point (colour and shape: never colour alone);
- a dashed line at the end score, labelled: the game ends once a total reaches it;
- the player's name and final total at the right end of the line, the names moved apart
  (keeping their order) when totals lie close;
- a tiebreak round (played by the tied only, its score never added to the totals) is a
  shaded column headed "tiebreak": the lines of the seats who played it run on flat through
  it, the others stop at the last regular round.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from game.i18n import _
from game.match import Identity
from game.rules import ScoreView
from game.ui.avatars import colour_of, draw_avatar
from game.ui.ink import JOURNAL, inside, note_panel
from game.ui.layout import Box, Viewport
from game.ui.text import TextCache
from game.ui.widgets import DIM, INK, PANEL, blit_text, font_px

RGB = tuple[int, int, int]

# One colour and one shape per seat. The colours are bright enough on the dark panel (at least
# 4.5:1, tests/test_ui_score_chart.py) and differ in hue for the common colour blindnesses as
# far as eight can; the shapes alone tell the seats apart in any case.
COLOURS: tuple[RGB, ...] = ((240, 170, 40), (100, 190, 240), (60, 210, 160), (240, 230, 90),
                            (150, 160, 255), (245, 120, 70), (225, 140, 200), (225, 225, 225))
MARKERS = ("circle", "square", "triangle", "diamond", "triangle_down", "cross", "plus", "star")
END_LINE = (235, 110, 100)  # the end score: a warm dashed line
GRID = (40, 58, 70)
TIEBREAK_BAND = (30, 44, 58)

LABEL_SIZE = 30  # logical px at 100 % text: the names at the lines' ends
TICK_SIZE = 28  # the round numbers and the totals along the axes (19 px in a 1280x720 window)
TITLE_SIZE = 32
TITLE_GROWTH = 1.15  # the most the title grows with the text: a caption of the chart, never its largest words
LEGEND_SHARE = 0.25  # the most of the chart's width the names' column takes (a long name shrinks, never below 100 %)
LINE_SPACING = 1.15  # of the names' size: one name under the other


@dataclass(frozen=True)
class Line:
    """One player's line: points (logical px) from the start to their last round, their final
    total, where their name goes (its vertical centre) and how they are drawn."""

    seat: int
    points: tuple[tuple[float, float], ...]
    markers: tuple[tuple[float, float], ...]  # the points after the start, moved apart where totals are equal
    total: int
    label_y: float
    colour: RGB
    marker: str
    identity: Identity | None = None  # the player's colour and avatar (None: the seat's colour and marker)


@dataclass(frozen=True)
class Chart:
    """A laid-out chart, every figure in logical pixels."""

    box: Box  # the whole chart, its panel
    plot: Box  # where the lines run
    title_y: float
    title_size: float
    labels_x: float  # the left edge of the names' column
    labels_w: float
    columns: tuple[tuple[float, int, bool], ...]  # (x, round number, tiebreak) of every round
    shown_rounds: tuple[int, ...]  # the round numbers written under the plot (some skipped when many)
    y_ticks: tuple[tuple[float, int], ...]  # (y, total) of the grid lines
    tiebreak_bands: tuple[Box, ...]
    end_score: int
    end_y: float
    end_label_y: float
    lines: tuple[Line, ...]
    label_size: float
    tick_size: float


def running_totals(round_scores: Sequence[Sequence[int | None]], tiebreak_rounds: Sequence[int],
                   players: int) -> list[list[int | None]]:
    """For each seat: 0 before the first round, then the total after every round. A tiebreak
    round adds nothing to a total (the engine's rule): the seats who played it keep their
    total there, the seats who sat it out have None."""
    tiebreaks = set(tiebreak_rounds)
    totals: list[list[int | None]] = [[0] for _ in range(players)]
    running = [0] * players
    for number, row in enumerate(round_scores, start=1):
        for seat in range(players):
            score = row[seat] if seat < len(row) else None
            if number in tiebreaks:
                totals[seat].append(running[seat] if score is not None else None)
                continue
            running[seat] += score or 0
            totals[seat].append(running[seat])
    return totals


def nice_step(span: float, most: int) -> int:
    """A round step (1, 2, 5, 10, 20, 25, 50, ...) giving at most `most` intervals over `span`."""
    span = max(1.0, span)
    for magnitude in (10 ** k for k in range(0, 7)):
        for base in (1, 2, 2.5, 5):
            step = base * magnitude
            if step == int(step) and span / step <= most:
                return int(step)
    return 10 ** 7


def spread(wanted: Sequence[float], gap: float, top: float, bottom: float) -> list[float]:
    """Vertical centres as near `wanted` as may be, in the same order, at least `gap` apart
    and within [top, bottom] (closer together, evenly, when even that cannot fit)."""
    count = len(wanted)
    if count == 0:
        return []
    order = sorted(range(count), key=lambda i: (wanted[i], i))
    if count > 1 and gap * (count - 1) > bottom - top:
        gap = (bottom - top) / (count - 1)
    placed = [0.0] * count
    previous = top - gap
    for i in order:  # downwards: each below the one above it
        previous = max(wanted[i], previous + gap, top)
        placed[i] = previous
    following = bottom + gap
    for i in reversed(order):  # upwards again: none below the bottom
        following = min(placed[i], following - gap)
        placed[i] = following
    return placed


def lay_out(round_scores: Sequence[Sequence[int | None]], tiebreak_rounds: Sequence[int], end_score: int,
            box: Box, text_scale: float = 1.0, label_w: float = 230) -> Chart:
    """Where everything of the chart goes inside `box` (logical px); `text_scale` is the
    player's text size (1.0, 1.25, 1.5): labels grow with it and the plot gives them room."""
    players = len(round_scores[0]) if round_scores else 0
    pad = 16.0
    # the names as large as the text size asks while every one of them has its own line in the box
    rows_hold = (box.h - 2 * pad) / (max(1, players) * LINE_SPACING)
    label_size, tick_size = max(LABEL_SIZE, min(LABEL_SIZE * text_scale, rows_hold)), TICK_SIZE * text_scale
    title_size = TITLE_SIZE * min(text_scale, TITLE_GROWTH)
    title_y = box.y + pad + title_size / 2
    axis_w = tick_size * 2.6  # room for "-20" or "120" left of the plot
    labels_w = min(label_w * text_scale, box.w * LEGEND_SHARE)
    plot = Box(box.x + pad + axis_w, title_y + title_size / 2 + pad,
               0.0, 0.0)
    # between the plot and the names: room for the lines that join them, each turning at its own place
    leader = label_size * (1.2 + 0.1 * max(0, players - 3))
    plot = Box(plot.x, plot.y, max(10.0, box.right - pad - labels_w - plot.x - leader),
               max(10.0, box.bottom - pad - tick_size * 1.6 - plot.y))
    series = running_totals(round_scores, tiebreak_rounds, players)
    values = [v for line in series for v in line if v is not None] + [0, end_score]
    low, high = min(values), max(values)
    step = nice_step(high - low, max(2, int(plot.h // (tick_size * 2.2))))
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step
    if high == end_score:  # room above the end line for its label
        high += step

    def y_of(total: float) -> float:
        return plot.bottom - (total - low) / (high - low) * plot.h

    rounds = len(round_scores)
    tiebreaks = set(tiebreak_rounds)

    def x_of(index: int) -> float:  # index 0: the start, before round 1
        return plot.x + index / max(1, rounds) * plot.w

    columns = tuple((x_of(number), number, number in tiebreaks) for number in range(1, rounds + 1))
    every = max(1, math.ceil(rounds * tick_size * 1.6 / plot.w))
    shown = tuple(number for number in range(1, rounds + 1) if number % every == 0 or number == rounds)
    shown = tuple(n for n in shown if n == rounds or rounds - n >= every)  # the last never crowded
    # a round is the stretch of the line that leads to its point: a tiebreak's shading covers that stretch
    bands = tuple(Box(x_of(number - 1), plot.y, x_of(number) - x_of(number - 1), plot.h)
                  for _x, number, tiebreak in columns if tiebreak)
    marker_gap = label_size * 0.6
    lines = []
    ends: list[float] = []
    for seat, totals in enumerate(series):
        points = tuple((x_of(i), y_of(v)) for i, v in enumerate(totals) if v is not None)
        markers = tuple((x_of(i) + _dodge(series, seat, i) * marker_gap, y_of(v))
                        for i, v in enumerate(totals) if v is not None and i > 0)
        final = next(v for v in reversed(totals) if v is not None)
        lines.append((seat, points, markers, final))
        ends.append(points[-1][1])
    # the names' column runs the whole height of the box (the title sits left of it)
    placed = spread(ends, label_size * LINE_SPACING, box.y + pad + label_size / 2, box.bottom - pad - label_size / 2)
    end_y = y_of(end_score)
    end_label_y = end_y - tick_size * 0.9 if end_y - tick_size * 1.7 >= plot.y else end_y + tick_size * 0.9
    return Chart(box=box, plot=plot, title_y=title_y, title_size=title_size, labels_x=plot.right + leader,
                 labels_w=labels_w,
                 columns=columns, shown_rounds=shown,
                 y_ticks=tuple((y_of(v), v) for v in range(int(low), int(high) + 1, step)),
                 tiebreak_bands=bands, end_score=end_score, end_y=end_y, end_label_y=end_label_y,
                 lines=tuple(Line(seat, points, markers, final, placed[seat], COLOURS[seat % len(COLOURS)],
                                  MARKERS[seat % len(MARKERS)]) for seat, points, markers, final in lines),
                 label_size=label_size, tick_size=tick_size)


def _dodge(series: list[list[int | None]], seat: int, index: int) -> float:
    """How many marker widths the seat's marker moves sideways after round `index` so that
    equal totals show every player's shape side by side (0 when nobody shares it)."""
    value = series[seat][index]
    sharing = [s for s, totals in enumerate(series) if totals[index] == value]
    return sharing.index(seat) - (len(sharing) - 1) / 2


# -- drawing ------------------------------------------------------------------------------------------------
def draw_chart(surface: pygame.Surface, text: TextCache, viewport: Viewport, chart: Chart, names: Sequence[str],
               winners: Sequence[int] = ()) -> None:
    """Paint `chart` (from `lay_out`) with the players' `names`; the winners' names in bold."""
    panel = viewport.rect(chart.box)
    pygame.draw.rect(surface, PANEL, panel, border_radius=max(4, round(12 * viewport.scale)))
    note_panel(panel, "score chart")  # nothing else may be drawn over the chart
    scale = viewport.scale
    with inside(panel):
        blit_text(surface, text, viewport, _("Totals round by round"), chart.title_size,
                  chart.plot.x, chart.title_y, color=DIM, bold=True, anchor="midleft", max_width=chart.plot.w)
        _draw_grid(surface, text, viewport, chart)
        thick = max(2, round(3 * scale))
        for line in chart.lines:
            points = [_screen(viewport, p) for p in line.points]
            if len(points) > 1:
                pygame.draw.lines(surface, line.colour, False, points, thick)
        radius = max(4, round(chart.label_size * 0.30 * scale))
        for line in chart.lines:
            for point in line.markers:
                draw_marker(surface, line.marker, _screen(viewport, point), radius, line.colour)
        _draw_end_label(surface, text, viewport, chart)
        _draw_labels(surface, text, viewport, chart, names, winners, radius)


def _screen(viewport: Viewport, point: tuple[float, float]) -> tuple[int, int]:
    return viewport.point(*point)


def _draw_grid(surface: pygame.Surface, text: TextCache, viewport: Viewport, chart: Chart) -> None:
    plot = chart.plot
    for band in chart.tiebreak_bands:
        pygame.draw.rect(surface, TIEBREAK_BAND, viewport.rect(band))
        blit_text(surface, text, viewport, _("tiebreak"), chart.tick_size, band.center[0],
                  plot.y + chart.tick_size * 0.7, color=DIM, max_width=max(band.w, chart.tick_size * 3))
    for y, total in chart.y_ticks:
        left, right = _screen(viewport, (plot.x, y)), _screen(viewport, (plot.right, y))
        pygame.draw.line(surface, GRID, left, right, max(1, round(viewport.scale)))
        blit_text(surface, text, viewport, str(total), chart.tick_size, plot.x - chart.tick_size * 0.4, y,
                  color=DIM, anchor="midright")
    for x, number, _tiebreak in chart.columns:
        if number in chart.shown_rounds:
            blit_text(surface, text, viewport, str(number), chart.tick_size, x, plot.bottom + chart.tick_size * 0.9,
                      color=DIM)
    # the end score: a dashed line across the plot, labelled at its left end
    y = chart.end_y
    dash = 14.0
    x = plot.x
    width = max(2, round(2 * viewport.scale))
    while x < plot.right:
        start, end = _screen(viewport, (x, y)), _screen(viewport, (min(plot.right, x + dash), y))
        pygame.draw.line(surface, END_LINE, start, end, width)
        x += 2 * dash


def _draw_end_label(surface: pygame.Surface, text: TextCache, viewport: Viewport, chart: Chart) -> None:
    """"Game ends at 100" by the dashed line, on a patch of the panel: lines pass beneath it."""
    words = _("Game ends at {score}").format(score=chart.end_score)
    x, y, most = chart.plot.x + 8, chart.end_label_y, chart.plot.w - 16
    px = text.fit_px(words, font_px(viewport, chart.tick_size), most * viewport.scale, bold=True)
    w, h = text.font(px, True).size(words)
    patch = pygame.Rect(0, 0, w + 8, h)
    patch.midleft = _screen(viewport, (x - 4 / viewport.scale, y))
    pygame.draw.rect(surface, PANEL, patch, border_radius=max(2, h // 4))
    blit_text(surface, text, viewport, words, chart.tick_size, x, y, color=END_LINE, bold=True, anchor="midleft",
              max_width=most)


def _draw_labels(surface: pygame.Surface, text: TextCache, viewport: Viewport, chart: Chart, names: Sequence[str],
                 winners: Sequence[int], radius: int) -> None:
    """Each name with its marker and total, at the right of the plot, joined to the line's end."""
    gap = chart.label_size * 0.5
    marker_x = chart.labels_x + chart.label_size * 0.35
    paths = leader_paths(chart)
    for line in chart.lines:
        if line.seat in paths:
            pygame.draw.lines(surface, line.colour, False, [_screen(viewport, point) for point in paths[line.seat]],
                              max(1, round(viewport.scale)))
        if line.identity is not None:  # the player's avatar leads their name, as everywhere
            draw_avatar(surface, line.identity, _screen(viewport, (marker_x, line.label_y)), round(radius * 2.6))
        else:
            draw_marker(surface, line.marker, _screen(viewport, (marker_x, line.label_y)), radius, line.colour)
        total = str(line.total)
        right = chart.labels_x + chart.labels_w
        total_box = blit_text(surface, text, viewport, total, chart.label_size, right, line.label_y,
                              color=line.colour, bold=True, anchor="midright")
        name_x = marker_x + chart.label_size * 0.6
        room = right - name_x - gap - total_box.w / viewport.scale
        blit_text(surface, text, viewport, names[line.seat] if line.seat < len(names) else str(line.seat + 1),
                  chart.label_size, name_x, line.label_y, color=INK if line.seat in winners else line.colour,
                  bold=line.seat in winners, anchor="midleft", max_width=max(10.0, room))


def leader_paths(chart: Chart) -> dict[int, list[tuple[float, float]]]:
    """The line from each player's last point to their name, by seat (logical px): across, down
    or up at a place of its own, then across to the name, so that no two meet (straight lines
    from ends close together all met at one point). A line that stopped early (a tiebreak sat
    out) has none; a name level with its end, a straight one."""
    start_x = chart.plot.right + chart.label_size * 0.5
    end_x = chart.labels_x + chart.label_size * 0.35 - chart.label_size * 0.5
    ending = [line for line in chart.lines if line.points[-1][0] >= chart.plot.right - 1]
    # the names that go up turn the further right the lower they start; those going down, the higher
    # (of two ends at one height, the one whose name is nearer turns further right)
    up = sorted((line for line in ending if line.label_y < line.points[-1][1]),
                key=lambda line: (line.points[-1][1], line.label_y))
    down = sorted((line for line in ending if line.label_y > line.points[-1][1]),
                  key=lambda line: (-line.points[-1][1], -line.label_y))
    # (a line going up never crosses one going down: each still gets a place of its own)
    turning = up + down
    turns = {line.seat: start_x + (end_x - start_x) * (rank + 1) / (len(turning) + 1)
             for rank, line in enumerate(turning)}
    paths = {}
    for line in ending:
        y = line.points[-1][1]
        if line.seat not in turns:
            paths[line.seat] = [(start_x, y), (end_x, line.label_y)]
        else:
            turn = turns[line.seat]
            paths[line.seat] = [(start_x, y), (turn, y), (turn, line.label_y), (end_x, line.label_y)]
    return paths


def draw_marker(surface: pygame.Surface, marker: str, centre: tuple[int, int], radius: int, colour: RGB) -> None:
    """A seat's marker: its shape, filled in its colour, with a dark rim so it reads over lines."""
    x, y = centre
    r = radius
    rim = (8, 14, 20)
    if marker == "circle":
        pygame.draw.circle(surface, rim, centre, r + 1)
        pygame.draw.circle(surface, colour, centre, r)
        return
    if marker in ("cross", "plus"):
        width = max(2, r // 2)
        arms = ((-r, -r, r, r), (-r, r, r, -r)) if marker == "cross" else ((-r, 0, r, 0), (0, -r, 0, r))
        for dx0, dy0, dx1, dy1 in arms:
            pygame.draw.line(surface, rim, (x + dx0, y + dy0), (x + dx1, y + dy1), width + 2)
        for dx0, dy0, dx1, dy1 in arms:
            pygame.draw.line(surface, colour, (x + dx0, y + dy0), (x + dx1, y + dy1), width)
        return
    points = _polygon(marker, x, y, r)
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, rim, points, 1)


def _polygon(marker: str, x: int, y: int, r: int) -> list[tuple[float, float]]:
    if marker == "square":
        s = r * 0.85
        return [(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)]
    if marker == "triangle":
        return [(x, y - r * 1.15), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)]
    if marker == "triangle_down":
        return [(x, y + r * 1.15), (x + r * 1.1, y - r * 0.8), (x - r * 1.1, y - r * 0.8)]
    if marker == "diamond":
        return [(x, y - r * 1.2), (x + r, y), (x, y + r * 1.2), (x - r, y)]
    # star: five points
    return [(x + (r * 1.25 if k % 2 == 0 else r * 0.55) * math.sin(math.pi * k / 5),
             y - (r * 1.25 if k % 2 == 0 else r * 0.55) * math.cos(math.pi * k / 5)) for k in range(10)]


# The chart of the screen, drawn once and blitted while the game-over screen animates its confetti.
_DRAWN: dict[tuple, tuple[pygame.Surface, Chart]] = {}


def dressed(chart: Chart, identities: Sequence[Identity] | None) -> Chart:
    """`chart` with each player's line in their own colour, their avatar at its name."""
    if not identities:
        return chart
    lines = tuple(replace(line, colour=colour_of(identities[line.seat]), identity=identities[line.seat])
                  if line.seat < len(identities) else line for line in chart.lines)
    return replace(chart, lines=lines)


def draw_score_chart(surface: pygame.Surface, text: TextCache, viewport: Viewport, scores: ScoreView,
                     names: Sequence[str], box: Box, text_scale: float = 1.0,
                     identities: Sequence[Identity] | None = None) -> Chart | None:
    """The chart of the game's public scores in `box`; nothing before the first round is
    scored. Drawn once per window size, scores, names and language, then blitted (always drawn
    afresh while the ink journal records a frame). Returns the layout drawn."""
    if not scores.round_scores:
        return None
    winners = tuple(scores.winners or ())
    panel = viewport.rect(box)
    if JOURNAL.on or panel.w <= 0 or panel.h <= 0:
        chart = dressed(lay_out(scores.round_scores, scores.tiebreak_rounds, scores.end_score, box, text_scale),
                        identities)
        draw_chart(surface, text, viewport, chart, names, winners)
        return chart
    words = (_("Totals round by round"), _("tiebreak"), _("Game ends at {score}"))  # (the language is in the key)
    key = (panel.size, viewport.scale, tuple(map(tuple, scores.round_scores)), tuple(scores.tiebreak_rounds),
           scores.end_score, tuple(names), winners, text_scale, box, words, tuple(identities or ()))
    drawn = _DRAWN.get(key)
    if drawn is None:
        _DRAWN.clear()
        chart = dressed(lay_out(scores.round_scores, scores.tiebreak_rounds, scores.end_score, box, text_scale),
                        identities)
        image = pygame.Surface(panel.size, pygame.SRCALPHA)
        # the same scale, the origin moved to the panel's corner by whole pixels: every rounding as on screen
        draw_chart(image, text, Viewport(viewport.scale, viewport.offset_x - panel.x, viewport.offset_y - panel.y),
                   chart, names, winners)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            image = image.convert_alpha()  # the screen's pixel format: the fastest blit
        drawn = _DRAWN[key] = (image, chart)
    surface.blit(drawn[0], panel)
    return drawn[1]
