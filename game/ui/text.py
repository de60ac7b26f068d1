"""Cached text rendering with pygame's bundled default font (covers French accents)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

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
SMALL_TEXT = 15  # px: at and below this the bundled font's space is 2-3 px, and "0 points" reads "0points"
SPACE_SHARE = 0.3  # of the size: the least a space is wide in small text (and never under 3 px)


class SpacedFont(pygame.font.Font):
    """The bundled font with a space of at least SPACE_SHARE of its size: in small text its own
    space renders 0-1 px apart from the letters' bearings ("24points"). Measures and renders
    agree, so whatever fits a line by `size` fits it as drawn."""

    def __init__(self, size: int) -> None:
        super().__init__(None, size)  # None = pygame's bundled default font
        self.extra = max(0, max(3, round(size * SPACE_SHARE)) - super().size(" ")[0]) if size <= SMALL_TEXT else 0

    def size(self, text: str) -> tuple[int, int]:  # type: ignore[override]
        width, height = super().size(text)
        return width + self.extra * text.count(" "), height

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):  # (pygame's own signature)
        if not self.extra or " " not in text or bgcolor is not None or wraplength:
            return super().render(text, antialias, color, bgcolor, wraplength)
        # the line rendered whole (one baseline), then cut at the middle of each space and spread
        full, measure = super().render(text, antialias, color), super().size
        half = measure(" ")[0] // 2
        cuts = [0] + [measure(text[:at])[0] + half for at, char in enumerate(text) if char == " "]
        cuts.append(full.get_width())
        line = pygame.Surface((full.get_width() + self.extra * (len(cuts) - 2), full.get_height()), pygame.SRCALPHA)
        for gap, (start, end) in enumerate(pairwise(cuts)):
            # (onto a clear surface the larger of each channel is the pixel itself: no darkened edges)
            letters = pygame.Rect(start, 0, max(0, end - start), full.get_height())
            line.blit(full, (start + gap * self.extra, 0), letters, special_flags=pygame.BLEND_RGBA_MAX)
        return line


class TextCache:
    """Fonts by (size, bold) and rendered strings by (text, size, colour, bold).

    Rendering text is slow compared with blitting, and a frame redraws the same labels,
    so both fonts and surfaces are kept. The surfaces are bounded by the memory of their
    pixels (the least recently drawn go first) and by `max_items`, so strings that change
    with play (scores, names, timers) do not pile up.
    """

    def __init__(self, max_items: int = 2048) -> None:
        self._fonts: dict[tuple[int, bool], SpacedFont] = {}
        self.cache = SurfaceCache(TEXT_BUDGET, TEXT_PER_SCREEN, max_items)

    def font(self, size: int, bold: bool = False) -> SpacedFont:
        """The default font at ``size`` pixels; ``bold`` adds synthetic emboldening."""
        size = max(1, int(size))
        key = (size, bool(bold))
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = SpacedFont(size)
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
        ceiling = px  # the largest size not yet seen too large

        def fits(size: int) -> bool:
            text_w, text_h = self.font(size, bold).size(words)
            return text_w <= width and (height is None or text_h <= height)

        while px > floor:
            if fits(px):
                break
            ceiling = px - 1
            text_w = self.font(px, bold).size(words)[0]
            # widths do not scale exactly with the size: jump by the ratio, then step down until it fits
            by_width = int(px * width // max(1, text_w)) if text_w > width else px
            px = max(floor, min(px - 1, by_width))
        while px < ceiling and fits(px + 1):  # the jump may land below the largest size that fits
            px += 1
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

        def fitted(size: int) -> list[list[str]] | None:
            blocks = [self.wrap(paragraph, size, width, bold) for paragraph in paragraphs]
            lines = [line for block in blocks for line in block]
            font = self.font(size, bold)
            tall = round(font.get_linesize() * spacing) * max(0, len(lines) - 1) + font.get_height()
            return blocks if tall <= height and all(font.size(line)[0] <= width for line in lines) else None

        ceiling = px  # the largest size not yet seen too large
        while (blocks := fitted(px)) is None and px > floor:
            ceiling = px - 1
            px = max(floor, px - max(1, px // 12))
        if blocks is None:  # at the floor: there the words may still overflow
            return px, [self.wrap(paragraph, px, width, bold) for paragraph in paragraphs]
        while px < ceiling and (larger := fitted(px + 1)) is not None:  # (the steps may skip the largest that fits)
            px, blocks = px + 1, larger
        return px, blocks

    def clear(self) -> None:
        """Drop every cached surface (e.g. after a display mode change)."""
        self.cache.clear()


def _has_display() -> bool:
    """convert_alpha needs a display surface; tests and tools may run without one."""
    return pygame.display.get_init() and pygame.display.get_surface() is not None
