"""Statistics as a page of cards (issue 40 item 8): one card per player, laid out in a grid
that fills the page, and as many pages as the players need.

Layout is pure arithmetic in logical px (1920x1080), so tests read it without a screen:
`lay_out_card` places a card's parts in its box at a text scale (or says it cannot hold
them), `page_grid` chooses the columns and rows for a page of cards, `per_page` how many
cards a page holds at that text scale (fewer as the text grows), `page_ranges` splits the
players into pages of equal size. Drawing takes the words from the caller (the scene words
them where shown) and a `write` that draws one line of text at the scene's text scale.

A card (the parts in reading order):
- the header: the player's mark (their avatar in their colour: `draw_player_mark`,
  called with their name) beside their name, the rounds they played under it;
- the games won and played by edition and by opponent, on one or two lines (what they cannot
  hold is left out, said by "…");
- six figures, each a tile: its value large, its name small beneath;
- the trend of Expert's reviews: a chart, then the last game's figure and the average;
- one more line, the card's note (another part of the game may have something to say about
  the player: empty by default, its room kept so that a note never crowds the card).
A card wide enough for two of its columns puts the trend at the right of the figures.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.match import Identity, person_identity
from game.ui.avatars import draw_avatar
from game.ui.ink import inside, note_panel
from game.ui.layout import Box, Viewport
from game.ui.trend_chart import TREND_BASE, draw_trend, shown_games
from game.ui.widgets import ACCENT, BODY_SIZE, DIM, INK, SMALL_SIZE, draw_panel
from game.ui.wording import decimal

MAX_PER_PAGE = 8  # the table's most players: a family's page, never a wall of small cards
FIGURES = 6  # games, won, average, best, columns, doubled
FIGURE_COLUMNS = 3
CARD_GAP = 16  # logical px between two cards
PAD = 14  # logical px inside a card's edge
STEP = 6  # logical px between two parts of a card
# At 100 % text, in logical px; each grows with the text. A tile holds "Meilleure" (its
# longest French name) at the small size; a line holds one line of small text.
TILE_W, TILE_H = 118, 58
HEADER_H = 62
LINE_H = 28
CHART_MIN_H = 34
TWO_LINES_H = 3 * LINE_H  # a chart this tall holds its scale's two figures apart, at its top and foot
SIDE_MIN_W = 300  # the trend's column in a wide card: its words at the small size
CARD_COLOUR = (16, 34, 40)  # a card: a little lighter than the page's panels, darker than the felt
CARD_EDGE = (44, 74, 80)


@dataclass(frozen=True)
class CardParts:
    """Where each part of a card goes (logical px)."""

    card: Box
    mark: Box  # the player's avatar and colour
    name: Box
    rounds: Box  # the rounds played, under the name
    detail: Box  # games won and played by edition and opponent, across the card
    tiles: tuple[Box, ...]  # FIGURES tiles, reading order
    chart: Box
    trend_lines: tuple[Box, Box]  # the last game's figure, the average
    note: Box
    detail_lines: int = 1


def _stack(x: float, y: float, w: float, heights: Sequence[float]) -> list[Box]:
    """Boxes of `heights` one under the other from (x, y), STEP apart."""
    boxes = []
    for h in heights:
        boxes.append(Box(x, y, w, h))
        y += h + STEP
    return boxes


def _tiles(box: Box, rows: int, s: float) -> tuple[Box, ...]:
    """The figures' tiles in `box`, FIGURE_COLUMNS a row, each row in the middle of its share
    of the height (a value and its name stay together however tall the box)."""
    tile_w, row_h, tile_h = box.w / FIGURE_COLUMNS, box.h / rows, TILE_H * s
    return tuple(Box(box.x + (i % FIGURE_COLUMNS) * tile_w, box.y + (i // FIGURE_COLUMNS + 0.5) * row_h - tile_h / 2,
                     tile_w, tile_h) for i in range(FIGURES))


def _header(box: Box, s: float) -> tuple[Box, Box, Box]:
    """(mark, name, rounds) in a header `box`: a square mark at the left, two lines beside it."""
    side = box.h
    words = Box(box.x + side + 12, box.y, box.w - side - 12, box.h)
    return (Box(box.x, box.y, side, side), Box(words.x, words.y, words.w, box.h * 0.56),
            Box(words.x, words.y + box.h * 0.56, words.w, box.h * 0.44))


def tall_size(s: float) -> tuple[float, float]:
    """The least (width, height) of a card with its parts one under the other, at text scale `s`."""
    rows = math.ceil(FIGURES / FIGURE_COLUMNS)
    inner = HEADER_H * s + rows * TILE_H * s + CHART_MIN_H * s + 4 * LINE_H * s + 5 * STEP
    return FIGURE_COLUMNS * TILE_W * s + 2 * PAD, inner + 2 * PAD


def wide_size(s: float) -> tuple[float, float]:
    """The least (width, height) of a card with the trend at the right of the figures."""
    rows = math.ceil(FIGURES / FIGURE_COLUMNS)
    left = HEADER_H * s + rows * TILE_H * s + 2 * LINE_H * s + 3 * STEP
    right = CHART_MIN_H * 2 * s + 2 * LINE_H * s + 2 * STEP
    return FIGURE_COLUMNS * TILE_W * s + SIDE_MIN_W * s + 2 * PAD + 3 * PAD, max(left, right) + 2 * PAD


def lay_out_card(card: Box, s: float) -> CardParts | None:
    """The parts of a card in `card` at text scale `s`; None if they do not fit. Room left over
    gives the detail a second line, then goes to the chart (and in a wide card to the figures)."""
    x, y, w, h = card.x + PAD, card.y + PAD, card.w - 2 * PAD, card.h - 2 * PAD
    rows = math.ceil(FIGURES / FIGURE_COLUMNS)
    wide_w, wide_h = wide_size(s)
    if card.w >= wide_w and card.h >= wide_h:
        left_w = max(FIGURE_COLUMNS * TILE_W * s, (w - 3 * PAD) * 0.55)
        spare = h - (wide_h - 2 * PAD)
        lines = 2 if spare >= LINE_H * s else 1
        detail_h = LINE_H * s * lines
        figures_h = h - HEADER_H * s - detail_h - LINE_H * s - 3 * STEP
        head, detail, figures, note = _stack(x, y, left_w, [HEADER_H * s, detail_h, figures_h, LINE_H * s])
        side = Box(x + left_w + 3 * PAD, y, w - left_w - 3 * PAD, h)
        chart_h = side.h - 2 * LINE_H * s - 2 * STEP
        chart, last, average = _stack(side.x, side.y, side.w, [chart_h, LINE_H * s, LINE_H * s])
        return CardParts(card, *_header(head, s), detail, _tiles(figures, rows, s), chart, (last, average), note, lines)
    tall_w, tall_h = tall_size(s)
    if card.w < tall_w - 0.5 or card.h < tall_h - 0.5:
        return None
    spare = card.h - tall_h
    lines = 2 if spare >= LINE_H * s else 1
    detail_h = LINE_H * s * lines
    chart_h = h - (HEADER_H * s + detail_h + rows * TILE_H * s + 3 * LINE_H * s + 5 * STEP)
    head, detail, figures, chart, last, average, note = _stack(
        x, y, w, [HEADER_H * s, detail_h, rows * TILE_H * s, chart_h, LINE_H * s, LINE_H * s, LINE_H * s])
    return CardParts(card, *_header(head, s), detail, _tiles(figures, rows, s), chart, (last, average), note, lines)


def page_grid(count: int, s: float, area: Box) -> tuple[int, int] | None:
    """(columns, rows) for `count` cards in `area` at text scale `s`: every card holds its parts,
    the fewest cells stand empty, and the cards are as near a landscape card's shape as can be
    (a wide card at one or two players, a grid of tall ones beyond). None if no grid holds them."""
    best: tuple[tuple[int, float], tuple[int, int]] | None = None
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        if columns * rows - count >= columns:
            continue
        card = grid_boxes(columns, rows, area)[0]
        if lay_out_card(card, s) is None:
            continue
        rank = (columns * rows - count, abs(math.log(card.w / card.h / 1.6)))  # (1.6: a landscape card)
        if best is None or rank < best[0]:
            best = (rank, (columns, rows))
    return None if best is None else best[1]


def grid_boxes(columns: int, rows: int, area: Box) -> list[Box]:
    """The cells of a grid filling `area`, CARD_GAP apart, row by row."""
    w = (area.w - (columns - 1) * CARD_GAP) / columns
    h = (area.h - (rows - 1) * CARD_GAP) / rows
    return [Box(area.x + c * (w + CARD_GAP), area.y + r * (h + CARD_GAP), w, h)
            for r in range(rows) for c in range(columns)]


def per_page(s: float, area: Box) -> int:
    """How many cards a page holds at text scale `s` (at least one: a page always shows a player)."""
    return max((count for count in range(1, MAX_PER_PAGE + 1) if page_grid(count, s, area) is not None), default=1)


def page_ranges(players: int, most: int) -> list[range]:
    """The players split into pages of at most `most`, as even as can be (8 at 3 a page: 3, 3, 2)."""
    if players <= 0:
        return []
    pages = math.ceil(players / max(1, most))
    size = math.ceil(players / pages)
    return [range(start, min(players, start + size)) for start in range(0, players, size)]


def card_boxes(count: int, s: float, area: Box) -> list[Box]:
    """The boxes of a page of `count` cards (a smaller last page keeps the others' grid)."""
    grid = page_grid(count, s, area) or (1, 1)
    return grid_boxes(*grid, area)[:count]


@dataclass(frozen=True)
class CardWords:
    """What a card says, worded by the caller: name, detail line, (value, name) per figure,
    the trend's two lines (or one "not reviewed" line) and the note."""

    name: str
    rounds: str
    detail: tuple[str, ...]  # its parts: put on as few lines as its room holds
    figures: tuple[tuple[str, str], ...]
    trend: tuple[float, ...]
    trend_lines: tuple[str, str]
    note: str = ""
    identity: Identity | None = None  # the colour and avatar they last played with (None: their name's own)
    chart_words: str = ""  # said in the chart's room while one reviewed game gives no line yet


Write = Callable[..., pygame.Rect]  # the scene's text: (surface, words, size, x, y, max_width, **style)
Measure = Callable[[str, float], float]  # the logical width of words at a size, at the scene's text scale
SEPARATOR = " · "  # (three spaces read as a stray double space; the wording test refuses those)
ELLIPSIS = "…"


def wrap(parts: Sequence[str], lines: int, width: float, measure: Measure) -> list[str]:
    """`parts` joined on at most `lines` lines of `width`, as many on a line as it holds; the
    parts the lines cannot hold are left out, said by "…" (the first part of a line is always
    shown: it is drawn smaller if it is too long alone)."""
    out: list[str] = []
    for part in parts:
        if out and measure(out[-1] + SEPARATOR + part, SMALL_SIZE) <= width:
            out[-1] += SEPARATOR + part
        elif len(out) < lines:
            out.append(part)
        else:
            while out[-1] and SEPARATOR in out[-1] and measure(out[-1] + SEPARATOR + ELLIPSIS, SMALL_SIZE) > width:
                out[-1] = out[-1].rsplit(SEPARATOR, 1)[0]
            out[-1] += SEPARATOR + ELLIPSIS
            break
    return out


def draw_card(surface: pygame.Surface, viewport: Viewport, parts: CardParts, words: CardWords, write: Write,
              measure: Measure) -> None:
    """One player's card: its panel, the mark and name, the figures, the trend and the note.
    Every text stays inside the card (the ink journal checks it)."""
    rect = viewport.rect(parts.card)
    draw_panel(surface, rect, CARD_EDGE, radius=14)
    draw_panel(surface, rect.inflate(-2 * max(1, round(2 * viewport.scale)), -2 * max(1, round(2 * viewport.scale))),
               CARD_COLOUR, radius=12)
    note_panel(rect, words.name)
    with inside(rect):
        draw_player_mark(surface, viewport, parts.mark, words.name, write, words.identity)
        _line(surface, write, words.name, BODY_SIZE, parts.name, INK, bold=True)
        _line(surface, write, words.rounds, SMALL_SIZE, parts.rounds, DIM)
        lines = parts.detail_lines
        for number, line in enumerate(wrap(words.detail, lines, parts.detail.w, measure)):
            row = Box(parts.detail.x, parts.detail.y + number * parts.detail.h / lines, parts.detail.w,
                      parts.detail.h / lines)
            _line(surface, write, line, SMALL_SIZE, row, INK)  # (a sentence to read, not a grey footnote)
        # the figures' names at one size, the size the longest fits ("Average round" beside "Games")
        named = [(tile.w - 8, label) for tile, (_value, label) in zip(parts.tiles, words.figures) if label]
        names_size = min([SMALL_SIZE] + [SMALL_SIZE * room / measure(label, SMALL_SIZE) for room, label in named])
        while names_size > 8 and any(measure(label, names_size) > room for room, label in named):
            names_size -= 0.5  # (the font's whole pixels: a width does not scale exactly with the size)
        for tile, (value, label) in zip(parts.tiles, words.figures):
            top = Box(tile.x, tile.y, tile.w, tile.h * 0.58)
            write(surface, value, BODY_SIZE, top.center[0], top.center[1], max_width=tile.w - 8, color=INK, bold=True)
            write(surface, label, names_size, tile.center[0], tile.y + tile.h * 0.8, max_width=tile.w - 8, color=DIM)
        if words.trend:
            _trend_with_scale(surface, viewport, words.trend, parts.chart.inflate(-8), write, measure)
        if words.chart_words and parts.chart.h >= TWO_LINES_H:  # (not a dot alone in an empty box)
            chart = parts.chart
            write(surface, words.chart_words, SMALL_SIZE, chart.center[0], chart.y + chart.h * 0.3,
                  max_width=chart.w - 16, color=DIM)
        for line, box, colour in zip(words.trend_lines, parts.trend_lines, (INK, DIM)):
            _line(surface, write, line, SMALL_SIZE, box, colour)
        _line(surface, write, words.note, SMALL_SIZE, parts.note, ACCENT)


def _trend_with_scale(surface: pygame.Surface, viewport: Viewport, values: Sequence[float], box: Box, write: Write,
                      measure: Measure) -> None:
    """The trend with its scale at the left: the highest figure at the top, 0 at the foot (a dot
    alone in a box says nothing), and a left edge to read them against."""
    top, foot = decimal(max(shown_games(values)), 2), "0"
    room = max(measure(top, SMALL_SIZE), measure(foot, SMALL_SIZE)) + 10
    chart = Box(box.x + room, box.y, max(1.0, box.w - room), box.h)
    write(surface, top, SMALL_SIZE, chart.x - 6, chart.y, max_width=room, color=DIM, anchor="midright")
    if box.h >= TWO_LINES_H:  # (a chart lower than two lines keeps its top figure only)
        write(surface, foot, SMALL_SIZE, chart.x - 6, chart.bottom, max_width=room, color=DIM, anchor="midright")
    width = max(1, round(viewport.scale))
    axis = (viewport.point(chart.x, chart.y), viewport.point(chart.x, chart.bottom))
    pygame.draw.line(surface, TREND_BASE, *axis, width)
    draw_trend(surface, viewport, values, chart)


def _line(surface: pygame.Surface, write: Write, words: str, size: float, box: Box, colour, bold: bool = False) -> None:
    if words:
        write(surface, words, size, box.x, box.center[1], max_width=box.w, color=colour, bold=bold, anchor="midleft")


def draw_player_mark(surface: pygame.Surface, viewport: Viewport, box: Box, name: str, write: Write,
                     identity: Identity | None = None) -> None:
    """The player's mark on their card: their avatar in their colour, the ones they last played
    with (statistics kept before those were: the ones their name gives, game.match.person_identity)."""
    rect = viewport.rect(box)
    draw_avatar(surface, identity or person_identity(name), rect.center, min(rect.w, rect.h))
