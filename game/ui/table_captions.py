"""The words of the table about its piles and the turn: the pile captions, the prompt in its
band (or an animation's banner) and the notice in the free corner."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui.board import Board
from game.ui.ink import inside, note_panel
from game.ui.note import draw_note
from game.ui.table_cards import Piles
from game.ui.table_text import Placed, TableText
from game.ui.widgets import ACCENT, INK, draw_panel, font_px

CAPTION_GAP = 5  # layout pixels at least between a pile's caption and the prompt's panel

class PileCaptions:
    """The pile captions, the prompt and the notice: a painter the TableView holds, over its
    words' shared part; what it says (the prompt, whether an animation plays, whether the
    notice has its corner) it is given where it draws."""

    def __init__(self, words: TableText) -> None:
        self.words = words

    def draw_pile_captions(self, surface: pygame.Surface, board: Board, piles: Piles) -> list[Placed]:
        """Each caption sits under its pile, kept between the neighbouring pile (the midpoint of
        the gap) and the card in hand, and above the prompt band."""
        draw, discard = piles.draw, piles.discard
        band = self.words.viewport.rect(self.words.layout.prompt)
        hand = self.words.viewport.rect(self.words.layout.hand)
        top = band.centery - (self.words.text.font(self._prompt_px(band), True).get_height() + 10) // 2
        # clear of the prompt's panel too, by a gap that reads as one (the captions never touch it)
        height = min(band.top, top) - draw.bottom - 2 - font_px(self.words.viewport, CAPTION_GAP)
        # the captions never cross into the gap between the piles, so they never read as one line
        # each caption keeps to the felt beside its pile, clear of the seat panels (the prompt's band
        # may run under a grid, as on the face-to-face table of two)
        felt_left, felt_right = self.words.felt_beside(draw.union(discard))
        # (piles far apart: each caption keeps to its half of the gap)
        split, keep = (draw.right + discard.left) // 2, font_px(self.words.viewport, 10)
        right = hand.left - 4 if hand.left > discard.right and hand.top < discard.bottom else felt_right
        return [self._caption(surface, draw, _("Draw pile ({count})").format(count=board.draw_count),
                              max(band.left, felt_left), max(draw.right, split - keep), height),
                self._caption(surface, discard, _("Discard"), min(discard.left, split + keep), right, height)]

    def _caption(self, surface: pygame.Surface, rect: pygame.Rect, words: str, left: int, right: int,
                 height: int) -> Placed:
        base = font_px(self.words.viewport, 24)
        size = self.words.fit_px(words, max(base, self.words.px(24)), width=right - left, height=height, floor=base)
        image = self.words.text.render(words, size, INK)
        place = image.get_rect(midtop=(rect.centerx, rect.bottom + 2))
        place.right = min(place.right, right)
        place.left = max(place.left, left)
        return self.words.blit_text(surface, image, place, words)

    def _prompt_px(self, band: pygame.Rect) -> int:
        """The prompt's size: grown by the text size setting as far as its band is tall (its
        panel stays in the band, clear of the labels and captions just above and below)."""
        wanted = round(min(band.h - 4, font_px(self.words.viewport, 34)) * self.words.ui_scale)
        return self.words.text.fit_px("Ag", wanted, float("inf"), height=band.h - 6, bold=True)

    def draw_prompt(self, surface: pygame.Surface, board: Board, prompt: str, busy: bool,
                    notice_shown: bool) -> list[Placed]:
        """The prompt in its band (during an animation, the animation's banner instead); a notice
        (the hint line, a problem) in the table's free corner, wrapped, clear of the pile captions."""
        rect = self.words.viewport.rect(self.words.layout.prompt)
        animating = bool(board.banner and busy)
        words = board.banner if animating else prompt
        placed = []
        if words:
            colour = ACCENT if animating else INK
            size = self.words.fit_px(words, self._prompt_px(rect), width=rect.w, bold=True)
            image = self.words.text.render(words, size, colour, True)
            # the panel keeps to the band's height: the labels just below stay clear
            back = pygame.Rect(0, rect.y, image.get_width() + 24, rect.h)
            back.centerx = rect.centerx
            draw_panel(surface, back, (0, 0, 0, 170), 8)
            note_panel(back, words)
            with inside(back):
                placed.append(self.words.blit_text(surface, image, image.get_rect(center=rect.center), words))
        if board.banner and not busy and notice_shown:
            room = self.words.viewport.rect(self.words.layout.tip)
            zoom = self.words.viewport.scale * self.words.ui_scale
            note = draw_note(surface, self.words.text, room, zoom, board.banner, color=ACCENT, sizes=(30, 26, 24),
                             text_size=self.words.ui_scale)
            placed.append((board.banner, note))
        return placed
