"""The cues of the table: what the other players just took ("Robin took the 5 from the
discard"), stacked in the free felt left of the draw pile."""

from __future__ import annotations

import pygame

from game.ui.board import Board
from game.ui.ink import inside, note_panel
from game.ui.layout import Box
from game.ui.table_text import Placed, TableText
from game.ui.widgets import ACCENT, draw_panel, font_px

CUE_COLUMN = 220  # layout px: the narrowest column left of the draw pile that holds the cues


class TableCues:
    """The cue column: a painter the TableView holds, over its words' shared part."""

    def __init__(self, words: TableText) -> None:
        self.words = words

    def draw_cues(self, surface: pygame.Surface, board: Board, draw_pile: pygame.Rect,
                  drawn: list[Placed]) -> list[Placed]:
        """What the other players just took ("Robin took the 5 from the discard"), the newest
        lowest, right-aligned in the free felt left of the draw pile: clear of every seat's panel,
        the labels and the score panel (the texts `drawn` so far), never lower than the pile (its
        caption is below)."""
        if not board.cues:
            return []
        panels = [self.words.viewport.rect(area.grid.inflate(14)) for area in self.words.layout.seats
                  if area.seat in board.participants]
        left, right = self._cue_sides(panels, draw_pile)
        top = self._cue_ceiling(panels + [rect for _words, rect in drawn], left, right, draw_pile)
        bottom = draw_pile.bottom
        if right - left < font_px(self.words.viewport, CUE_COLUMN):
            left, right, top, bottom = (self._cues_below_hand(panels) or self._cues_beside_viewer(panels)
                                        or (left, right, top, bottom))
        size = max(font_px(self.words.viewport, 24), self.words.px(24))
        placed: list[Placed] = []
        for words in reversed(list(board.cues.values())):  # the newest first: it has the room
            lines, images = self._cue_lines(words, size, right - left - 12)
            back = pygame.Rect(0, 0, max(image.get_width() for image in images),
                               sum(image.get_height() for image in images)).inflate(12, 8)
            back.bottomright = (right, bottom)
            if back.top < top:
                break  # no room left: an older cue gives way
            placed += self._draw_cue(surface, back, words, lines, images)
            bottom = back.top - 6
        return placed

    def _cues_below_hand(self, panels: list[pygame.Rect]) -> tuple[int, int, int, int] | None:
        """No felt left of the draw pile (the face-to-face table of two): the cues go in the felt
        below the card in hand, between the seat panels beside it, above the tip's corner; None
        when that felt is not clear."""
        hand = self.words.viewport.rect(self.words.layout.hand)
        tip = self.words.viewport.rect(self.words.layout.tip)
        left, right = self.words.felt_beside(hand)
        column = pygame.Rect(left, hand.bottom + 8, right - left, tip.top - 8 - hand.bottom - 8)
        if column.h <= 0 or column.w < font_px(self.words.viewport, CUE_COLUMN) or column.collidelist(panels) >= 0:
            return None
        return column.left, column.right, column.top, column.bottom

    def _cues_beside_viewer(self, panels: list[pygame.Rect]) -> tuple[int, int, int, int] | None:
        """No felt left of the draw pile wide enough (3-4 players: a seat's grid is level with the
        piles): the cues go in the felt left of the viewer's grid, below the panels above it and
        above the viewer's label and the tip's corner; None when that felt is too narrow or low."""
        viewer = next((area for area in self.words.layout.seats if area.seat == 0), None)
        if viewer is None:
            return None
        grid = self.words.viewport.rect(viewer.grid.inflate(14))
        table = self.words.viewport.rect(Box(0, 0, self.words.layout.width, self.words.layout.height))
        left, right = table.left + 8, grid.left - 8
        floors = [self.words.viewport.rect(viewer.label), self.words.viewport.rect(self.words.layout.tip)]
        top = max([table.top] + [panel.bottom + 8 for panel in panels
                                 if panel.left < right and panel.right > left and panel.bottom <= grid.bottom])
        bottom = min([grid.bottom] + [rect.top - 8 for rect in floors
                                      if rect.left < right and rect.right > left and rect.top > top])
        enough = font_px(self.words.viewport, 24) * 3
        if right - left < font_px(self.words.viewport, CUE_COLUMN) or bottom - top < enough:
            return None
        return left, right, top, bottom

    def _cue_sides(self, panels: list[pygame.Rect], draw: pygame.Rect) -> tuple[int, int]:
        """The left and right edges of the cues' column: from the table's left edge, or the
        seat panel level with the draw pile on its left, to just left of the draw pile."""
        left = self.words.viewport.rect(Box(0, 0, self.words.layout.width, self.words.layout.height)).left
        left = max([left] + [panel.right + 8 for panel in panels
                             if panel.right <= draw.left and panel.top < draw.bottom and panel.bottom > draw.top])
        return left, draw.left - font_px(self.words.viewport, 20)

    def _cue_ceiling(self, taken: list[pygame.Rect], left: int, right: int, draw: pygame.Rect) -> int:
        """The highest a cue may reach: below every seat panel, the score panel and the words
        already drawn (`taken`) that overlap the column above the draw pile's bottom."""
        above = taken + [self.words.viewport.rect(self.words.layout.score_panel)]
        return max([0] + [rect.bottom + 8 for rect in above
                          if rect.left < right and rect.right > left and rect.bottom <= draw.bottom])

    def _cue_lines(self, words: str, size: int, width: int) -> tuple[list[str], list[pygame.Surface]]:
        """A cue on at most two lines of `width` px, made smaller as far as its longest line
        needs (a long translation: one line, made smaller), and the lines rendered."""
        font = self.words.text.font(size, True)
        lines = self.words.text.wrap(words, size, width, True)
        if len(lines) > 2 or any(font.size(line)[0] > width for line in lines):
            lines = [words]  # (a long translation: one line, made smaller)
        px = min(self.words.fit_px(line, size, width=width, bold=True) for line in lines)
        return lines, [self.words.text.render(line, px, ACCENT, True) for line in lines]

    def _draw_cue(self, surface: pygame.Surface, back: pygame.Rect, words: str, lines: list[str],
                  images: list[pygame.Surface]) -> list[Placed]:
        """One cue: its dark panel `back`, and its lines right-aligned in it."""
        draw_panel(surface, back, (0, 0, 0, 150), 6)
        note_panel(back, words)
        y, placed = back.top + 4, []
        with inside(back):
            for line, image in zip(lines, images, strict=True):
                placed.append(self.words.blit_text(surface, image, image.get_rect(topright=(back.right - 6, y)), line))
                y += image.get_height()
        return placed
