"""Cached text rendering with pygame's bundled default font (covers French accents)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pygame

from game.ui.surface_cache import MB, SurfaceCache

Color = tuple[int, int, int] | tuple[int, int, int, int]


# The rendered strings' pixels kept: 2 MB, or half the window's pixels on a larger screen.
# One frame of the table draws under 0.4 MB of text at 1920x1080 (0.2 MB at 1280x720); the
# rest is kept for screens the player goes back to. (A count alone let a session keep every earlier game's
# score labels: about 0.6 MB a game, issue #30.)
TEXT_BUDGET = 2 * MB
# where a line may break: white space, but not before a number ("an 11", "column 3"), which stays with
# the word it follows; nor before the punctuation French spaces off (" : ", " ; "), which would begin
# a line; nor at a no-break space
_BREAKS = re.compile(r"[^\S\u00a0\u202f]++(?![\d\u2212:;!?\u00bb])")
TEXT_PER_SCREEN = 0.5


class TextCache:
    """Fonts by (size, bold) and rendered strings by (text, size, colour, bold).

    Rendering text is slow compared with blitting, and a frame redraws the same labels,
    so both fonts and surfaces are kept. The surfaces are bounded by the memory of their
    pixels (the least recently drawn go first) and by `max_items`, so strings that change
    with play (scores, names, timers) do not pile up.
    """

    def __init__(self, max_items: int = 2048) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.cache = SurfaceCache(TEXT_BUDGET, TEXT_PER_SCREEN, max_items)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The default font at ``size`` pixels; ``bold`` adds synthetic emboldening."""
        size = max(1, int(size))
        key = (size, bool(bold))
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = pygame.font.Font(None, size)  # None = pygame's bundled default font
            font.bold = bool(bold)
            self._fonts[key] = font
        return font

    def render(self, text: str, size: int, color: Color = (255, 255, 255), bold: bool = False) -> pygame.Surface:
        """An anti-aliased, per-pixel-alpha surface of ``text``; the same object for the same arguments."""
        key = (text, int(size), tuple(color), bool(bold))
        surface = self.cache.get(key)
        if surface is None:
            surface = self.font(size, bold).render(text, True, color)
            if _has_display():
                surface = surface.convert_alpha()
            self.cache.put(key, surface)
        return surface

    def fit_px(self, words: str, px: int, width: float, height: float | None = None, bold: bool = False,
               floor: int = 8) -> int:
        """The font size, at most `px`, at which `words` is at most `width` pixels wide (and at
        most `height` tall when given); never below `floor`, where it may still overflow.

        One line made smaller until it fits: buttons, labels, card faces (a paragraph uses
        `fit_lines`)."""
        px = max(floor, int(px))
        while px > floor:
            text_w, text_h = self.font(px, bold).size(words)
            if text_w <= width and (height is None or text_h <= height):
                break
            # widths do not scale exactly with the size: jump by the ratio, then step down until it fits
            by_width = int(px * width // max(1, text_w)) if text_w > width else px
            px = max(floor, min(px - 1, by_width))
        return px

    def wrap(self, text: str, size: int, width: float, bold: bool = False) -> list[str]:
        """``text`` broken at spaces into lines no wider than ``width`` pixels at ``size``
        (a word longer than the width, such as a file path, stands on its own line); never before a
        number ("an 11" keeps its number with its article) nor at a no-break space."""
        font = self.font(size, bold)
        lines: list[str] = []
        line = ""
        for word in _BREAKS.split(text.strip()):  # (a "word" may hold spaces: "drew an 11")
            candidate = f"{line} {word}" if line else word
            if line and font.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        if line:
            lines.append(line)
        return lines

    def fit_lines(self, text: str, px: int, width: float, height: float, bold: bool = False,
                  floor: int = 8, spacing: float = 1.0) -> tuple[int, list[str]]:
        """The font size, at most `px`, at which `text` wrapped to `width` pixels takes at most
        `height` pixels (lines `spacing` times the font's line height apart), and its lines.
        Never below `floor`: there a line may still be too wide or the lines too tall.

        A paragraph made to fit its box: notes, round-score cells, How to play's editions table
        (How to play's pages shrink their several paragraphs together, in `_paragraphs`)."""
        px, (lines,) = self.fit_paragraphs([text], px, width, height, bold, floor, spacing)
        return px, lines

    def fit_paragraphs(self, paragraphs: Sequence[str], px: int, width: float, height: float, bold: bool = False,
                       floor: int = 8, spacing: float = 1.0) -> tuple[int, list[list[str]]]:
        """As `fit_lines`, for paragraphs that shrink together, each starting on a line of its
        own: the size and each paragraph's lines (the review's decisions, a note in parts)."""
        px = max(floor, int(px))
        while True:
            blocks = [self.wrap(paragraph, px, width, bold) for paragraph in paragraphs]
            lines = [line for block in blocks for line in block]
            font = self.font(px, bold)
            tall = round(font.get_linesize() * spacing) * max(0, len(lines) - 1) + font.get_height()
            if px <= floor or (tall <= height and all(font.size(line)[0] <= width for line in lines)):
                return px, blocks
            px = max(floor, px - max(1, px // 12))

    def clear(self) -> None:
        """Drop every cached surface (e.g. after a display mode change)."""
        self.cache.clear()


def _has_display() -> bool:
    """convert_alpha needs a display surface; tests and tools may run without one."""
    return pygame.display.get_init() and pygame.display.get_surface() is not None
