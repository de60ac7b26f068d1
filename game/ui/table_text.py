"""What every painter of the table's words shares (game/ui/table_view.py's TableView owns one
and hands it to its painters: the seat labels, the pile captions and the prompt, the cues): the
layout and viewport the words are placed by, the text sizes grown by the player's setting, fitted
to a box, and each text blitted and told where it went (each painter returns its texts' places;
the TableView keeps a frame's in `text_rects`, which tests read)."""

from __future__ import annotations

import pygame

from game.ui.ink import note_text
from game.ui.layout import Box, TableLayout, Viewport
from game.ui.text import TextCache
from game.ui.widgets import font_px

Placed = tuple[str, pygame.Rect]  # a text drawn and where it went


class TableText:
    """The table's words' shared state, owned here (the TableView reads it through its
    properties and sets it as the window, the viewer or the text size change), and the helpers
    every painter of words uses."""

    def __init__(self, layout: TableLayout, viewport: Viewport, text: TextCache, names: list[str]) -> None:
        self.layout = layout  # turned to the viewer's eyes
        self.viewport = viewport
        self.text = text
        self.names = names
        self.ui_scale = 1.0  # the player's text size setting: every text of the table grows, the cards do not
        self.text_rects: list[Placed] = []  # each text of the last frame and where it went (the TableView's)

    def px(self, logical: float) -> int:
        """A font size for `logical` px at 100 %, grown by the player's text size setting."""
        return font_px(self.viewport, logical * self.ui_scale)

    def fit_px(self, words: str, px: int, width: float | None = None, height: float | None = None,
                bold: bool = False, floor: int = 8) -> int:
        """`px` made smaller until `words` is at most `width` wide and `height` tall (screen px).
        The height limit never goes below `floor` (the 100 % size: a larger setting never makes
        text smaller); the width limit may (a long name or translation in a narrow box)."""
        if height is not None:
            px = self.text.fit_px(words, px, float("inf"), height, bold, floor)
        if width is not None and width > 0:
            px = self.text.fit_px(words, px, width, bold=bold)
        return px

    def felt_beside(self, rect: pygame.Rect) -> tuple[int, int]:
        """The left and right ends of the felt level with `rect`: from the seat panel (or the
        table's edge) on its left to the one on its right, 8 px clear of each."""
        table = self.viewport.rect(Box(0, 0, self.layout.width, self.layout.height))
        left, right = table.left, table.right
        for area in self.layout.seats:
            panel = self.viewport.rect(area.grid.inflate(14))
            if panel.top < rect.bottom and panel.bottom > rect.top:
                if panel.right <= rect.left:
                    left = max(left, panel.right + 8)
                elif panel.left >= rect.right:
                    right = min(right, panel.left - 8)
        return left, right

    @staticmethod
    def blit_text(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, words: str) -> Placed:
        surface.blit(image, rect)
        note_text(words, image, rect)
        return words, rect
