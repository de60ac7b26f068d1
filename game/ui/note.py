"""A note in a box of its own: the first-game tip and the table's notices (the hint line).

The note takes no more of its box than its words need, sits on the side of the box nearest the
middle of the screen, and makes its words smaller (never cut) until they fit the box.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.ink import inside, note_panel, note_text
from game.ui.text import Color, TextCache
from game.ui.widgets import ACCENT, DIM, INK, draw_panel

NOTE_PANEL = (12, 24, 32, 235)


@dataclass(frozen=True)
class NoteWords:
    """A note's lines and their sizes, fitted to its box."""

    heading: str
    head_px: int
    lines: list[str]  # the body's, every paragraph wrapped
    body_px: int
    bold: bool  # the body is bold when there is no heading
    feet: list[str]  # the footer's lines
    foot_px: int
    height: int  # the words' height as fitted (the heading's and footer's room as first measured)


def draw_note(surface: pygame.Surface, text: TextCache, room: pygame.Rect, zoom: float, words: str | Sequence[str],
              heading: str = "", footer: str = "", color: Color = INK, framed: bool = True,
              sizes: tuple[float, float, float] = (32, 26, 24), text_size: float = 1.0) -> pygame.Rect:
    """The note in `room` (screen px): an optional heading, `words` wrapped (a list: paragraphs,
    each on lines of its own), an optional footer.
    `sizes` (body, heading, footer) are logical px times the text size setting; `zoom` is the
    window's scale times `text_size`, the text size setting (the padding stays the window's: a
    margin that grew with the words took their room, and 150 % drew them smaller than 100 %).
    Returns the note's panel."""
    pad = max(4, round(18 * zoom / text_size))
    fitted = _fit_note(text, room, pad, zoom, words, heading, footer, sizes)
    if text_size > 1.0:  # a larger text setting never draws the words smaller than 100 % does in the same room
        plain = _fit_note(text, room, pad, zoom / text_size, words, heading, footer, sizes)
        if plain.body_px > fitted.body_px:
            fitted = plain
    panel = _place_panel(surface, text, room, pad, fitted)
    note_panel(panel, words if isinstance(words, str) else " ".join(words))
    if framed:
        draw_panel(surface, panel, NOTE_PANEL)
        pygame.draw.rect(surface, ACCENT, panel, width=max(1, round(3 * zoom)), border_radius=12)
    x, y = panel.left + pad, panel.top + pad
    with inside(panel):
        if heading:
            y = draw_line(surface, text, heading, fitted.head_px, ACCENT, True, x, y)
        for line in fitted.lines:
            y = draw_line(surface, text, line, fitted.body_px, color, fitted.bold, x, y)
        for line in fitted.feet:
            image = text.render(line, fitted.foot_px, DIM)
            place = image.get_rect(topright=(panel.right - pad, y))
            surface.blit(image, place)
            note_text(line, image, place)
            y += text.font(fitted.foot_px).get_linesize()
    return panel


def _fit_note(text: TextCache, room: pygame.Rect, pad: int, zoom: float, words: str | Sequence[str], heading: str,
             footer: str, sizes: tuple[float, float, float]) -> NoteWords:
    """The words made smaller (never cut) until they fit `room` less its padding; the heading and
    the footer never outgrow the body, and a footer takes two lines rather than getting tiny."""
    width = room.w - 2 * pad
    body_px, head_px, foot_px = (max(8, round(size * zoom)) for size in sizes)
    if heading:
        head_px = text.fit_px(heading, head_px, width, bold=True)
    feet: list[str] = []
    if footer:  # on two lines rather than tiny
        foot_px, feet = text.fit_lines(footer, foot_px, width, 2 * text.font(foot_px).get_linesize())
    paragraphs = [words] if isinstance(words, str) else list(words)
    asked = body_px
    for _ in range(3):  # (a heading cut to the words' size gives the words back its room: fit again)
        head_h = text.font(head_px, True).get_linesize() if heading else 0
        foot_h = text.font(foot_px).get_linesize() * len(feet)
        body_px, blocks = text.fit_paragraphs(paragraphs, asked, width, room.h - 2 * pad - head_h - foot_h,
                                              bold=not heading)
        lines = [line for block in blocks for line in block]
        if (not heading or head_px <= body_px) and (not feet or foot_px <= body_px):
            break
        if heading and head_px > body_px:  # the heading and the footer never outgrow the words
            head_px = body_px
        if feet and foot_px > body_px:
            foot_px, feet = body_px, text.wrap(footer, body_px, width)
    head_h = text.font(head_px, True).get_linesize() if heading else 0
    foot_h = text.font(foot_px).get_linesize() * len(feet)
    height = head_h + text.font(body_px, not heading).get_linesize() * len(lines) + foot_h
    return NoteWords(heading, head_px, lines, body_px, not heading, feet, foot_px, height)


def _place_panel(surface: pygame.Surface, text: TextCache, room: pygame.Rect, pad: int,
                 fitted: NoteWords) -> pygame.Rect:
    """The panel as large as its words, on the side of `room` nearest the middle of the screen."""
    widest = max([text.font(fitted.body_px, fitted.bold).size(line)[0] for line in fitted.lines]
                 + [text.font(fitted.head_px, True).size(fitted.heading)[0] if fitted.heading else 0]
                 + [text.font(fitted.foot_px).size(line)[0] for line in fitted.feet])
    panel = pygame.Rect(0, 0, min(room.w, widest + 2 * pad), min(room.h, fitted.height + 2 * pad))
    middle = surface.get_rect().center
    # toward the middle of the screen: the note reads with the table, not stuck in a corner
    panel.left = room.left if room.centerx >= middle[0] else room.right - panel.w
    panel.top = room.top if room.centery >= middle[1] else room.bottom - panel.h
    return panel


def draw_line(surface: pygame.Surface, text: TextCache, words: str, px: int, color: Color, bold: bool, x: int,
              y: int) -> int:
    """One line of words with its top left at (x, y), screen px; the next line's y."""
    image = text.render(words, px, color, bold)
    place = image.get_rect(topleft=(x, y))
    surface.blit(image, place)
    note_text(words, image, place)
    return y + text.font(px, bold).get_linesize()

