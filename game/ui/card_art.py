"""Card pictures drawn by the program at the exact pixel size asked, and cached.

Shapes are drawn at SUPERSAMPLE times the size and smoothly scaled *down* (never up), which
gives anti-aliased rounded corners; text is rendered at the final size, so it stays sharp.
"""

from __future__ import annotations

import math
from typing import ClassVar

import pygame

from game.ui.card_paint import (
    _BACK_TITLE_PLATE,
    _HC_BLACK,
    _HC_WHITE,
    _INK,
    _OUTLINE,
    _RIM,
    _STANDARD_FILL,
    RGB,
    SUPERSAMPLE,
    _alpha_of,
    _back_shape,
    _draw_shadow,
    _edge_shape,
    _hc_face_shape,
    _ring_shape,
    _shape,
    _slot_shape,
    _standard_back_shape,
    _standard_face_shape,
    band,
    contrast,
    medallion,
    shadow_margin,
    shadow_offset,
    shadow_rect,
)
from game.ui.surface_cache import table_pictures
from game.ui.text import TextCache

# the painting's public names, used by the table and the tests, are kept importable from here
__all__ = ["RGB", "SUPERSAMPLE", "THEMES", "VALUES", "CardArt", "band", "contrast", "medallion", "shadow_margin",
           "shadow_offset", "shadow_rect"]

THEMES = ("standard", "high_contrast")
VALUES = tuple(range(-2, 13))
_CACHE_LIMIT = 1024
INDEX_DIGIT_PX = 10  # the least height of a corner figure's digits in screen px (9 of them solid ink)
INDEX_SHARE = 0.095  # and its share of the card's height on larger cards
_INDEX_PX: dict[int, int] = {}  # digit height -> font size giving it


class CardArt:
    """Card faces, backs, empty slots and highlight rings for one theme."""

    # Shared by every instance: scenes may create several CardArt objects for one theme.
    _cache: ClassVar[dict[tuple, pygame.Surface]] = table_pictures({})  # (the table's sizes go with it)

    def __init__(self, theme: str = "standard") -> None:
        if theme not in THEMES:
            raise ValueError(f"unknown card theme {theme!r}; expected one of {', '.join(THEMES)}")
        self.theme = theme
        self._text = TextCache()

    # -- public API ---------------------------------------------------------------------------------
    def face(self, value: int, width: int, height: int) -> pygame.Surface:
        """The face of card ``value`` (-2..12), exactly ``width`` x ``height`` pixels."""
        if value not in VALUES:
            raise ValueError(f"no Skyjo card has the value {value!r}; values run from -2 to 12")
        return self._cached(("face", value), width, height, lambda w, h: self._draw_face(value, w, h))

    def back(self, width: int, height: int) -> pygame.Surface:
        """The patterned back of a card."""
        return self._cached(("back",), width, height, self._draw_back)

    def edge(self, width: int, height: int) -> pygame.Surface:
        """A card seen under another in a stack: its pale edge and dark outline (the draw pile's
        thickness is drawn with these)."""
        return self._cached(("edge",), width, height, self._draw_edge)

    def slot(self, width: int, height: int) -> pygame.Surface:
        """An empty place: a removed column's gap or an empty pile."""
        return self._cached(("slot",), width, height, self._draw_slot)

    def highlight(self, width: int, height: int) -> pygame.Surface:
        """A translucent ring to draw over a card the player may hover or pick."""
        return self._cached(("highlight",), width, height, self._draw_highlight)

    def shadow(self, width: int, height: int) -> pygame.Surface:
        """The soft shadow a ``width`` x ``height`` card casts: a blurred dark card, larger than
        the card by `shadow_margin` on each side (place it with `shadow_rect`)."""
        return self._cached(("shadow",), width, height, _draw_shadow, pad=2 * shadow_margin(width, height))

    # -- cache ---------------------------------------------------------------------------------------
    def _cached(self, what: tuple, width: int, height: int, draw, pad: int = 0) -> pygame.Surface:
        w, h = int(width), int(height)
        if w <= 0 or h <= 0:
            # a window shrunk to almost nothing: draw nothing rather than fail mid-frame
            return pygame.Surface((max(0, w + pad), max(0, h + pad)), pygame.SRCALPHA)
        key = (*what, w, h, self.theme)
        surface = self._cache.get(key)
        if surface is None:
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()  # a window resize makes a new set of sizes; old ones are dead
            surface = draw(w, h)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                surface = surface.convert_alpha()
            self._cache[key] = surface
        return surface

    # -- faces ---------------------------------------------------------------------------------------
    def _draw_face(self, value: int, w: int, h: int) -> pygame.Surface:
        if self.theme == "high_contrast":
            paper, ink = (_HC_BLACK, _HC_WHITE) if value < 0 else (_HC_WHITE, _HC_BLACK)
            surface = _shape(w, h, lambda big, s: _hc_face_shape(big, s, value))
            self._draw_value(surface, value, ink, paper, plate=paper)
            return surface
        fill = _STANDARD_FILL[value]
        surface = _shape(w, h, lambda big, s: _standard_face_shape(big, s, fill, band(value)))
        shape = _alpha_of(surface)
        self._draw_value(surface, value, _INK, _OUTLINE, plate=None, shadow=True)
        surface.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)  # (the figure's blending, as in _field)
        return surface

    def _draw_value(self, surface: pygame.Surface, value: int, ink: RGB, outline: RGB, plate: RGB | None,
                    shadow: bool = False) -> None:
        """The large central value plus small corner values, readable on any fill; `shadow`
        lays a soft dark copy under the big figure, as if printed a little above the card."""
        w, h = surface.get_size()
        text = str(value)
        size = self._fit_font(text, int(w * 0.70), int(h * 0.42))
        font = self._text.font(size)
        big = _outlined(font, text, ink, outline, max(1, round(size / 14)))
        if value in (6, 9):  # the real deck underlines 6 and 9 so they read upside down too
            big = _underlined(big, font.get_ascent(), ink, outline, max(1, round(size / 14)))
        centre = (w // 2, h // 2)
        if shadow:
            drop = max(1, round(size / 18))
            under = big.copy()
            under.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MIN)  # black, at most 90 opaque
            surface.blit(under, under.get_rect(center=(centre[0] + drop, centre[1] + drop)))
        if plate is not None:
            box = big.get_rect(center=centre).inflate(max(4, w // 10), max(2, h // 30))
            pygame.draw.rect(surface, plate, box, border_radius=max(2, box.h // 4))
            pygame.draw.rect(surface, outline if plate != outline else ink, box, max(1, w // 40),
                             border_radius=max(2, box.h // 4))
        surface.blit(big, big.get_rect(center=centre))
        if h < 64:
            return  # corner figures would be unreadable specks on small cards
        small_size = self._index_px(h)
        small_font = self._text.font(small_size)
        small = _outlined(small_font, text, ink, outline, max(1, small_size // 12))
        if value in (6, 9):
            small = _underlined(small, small_font.get_ascent(), ink, outline, max(1, small_size // 12))
        pad_x, pad_y = max(3, int(w * 0.09)), max(3, int(h * 0.06))
        if plate is not None:  # high contrast: a plain plate under each corner figure, off the pattern
            small = _on_plate(small, plate, ink)
            pad_x, pad_y = max(2, int(w * 0.06)), max(2, int(h * 0.04))
        surface.blit(small, small.get_rect(topleft=(pad_x, pad_y)))
        turned = pygame.transform.rotate(small, 180)  # the way a card reads from the other side
        surface.blit(turned, turned.get_rect(bottomright=(w - pad_x, h - pad_y)))

    def _index_px(self, h: int) -> int:
        """The corner figures' font size on a card `h` px tall: its digits INDEX_SHARE of the card
        and never under INDEX_DIGIT_PX tall (readable on the smallest cards of 8 seats at
        1280x720), measured on the font's own ink."""
        wanted = max(INDEX_DIGIT_PX, round(h * INDEX_SHARE))
        size = _INDEX_PX.get(wanted)
        if size is None:
            size = 6
            while size < 4 * wanted and self._text.font(size).render("8", True, _INK).get_bounding_rect().h < wanted:
                size += 1
            _INDEX_PX[wanted] = size
        return size

    def _fit_font(self, text: str, max_w: int, max_h: int) -> int:
        """The largest font size (in pixels) whose rendering of ``text`` fits the box (digits
        fill about 80 % of the font's line height, so the line may be a quarter taller)."""
        return self._text.fit_px(text, max(6, max_h), max_w, height=max_h / 0.8, floor=6)

    # -- back, slot, highlight -------------------------------------------------------------------------
    def _draw_back(self, w: int, h: int) -> pygame.Surface:
        if self.theme != "high_contrast":
            return _shape(w, h, _standard_back_shape)
        surface = _shape(w, h, lambda big, s: _back_shape(big, s, self.theme))
        if h >= 40:
            ink, plate = ((_HC_BLACK, _HC_WHITE) if self.theme == "high_contrast"
                          else ((30, 44, 96), _BACK_TITLE_PLATE))
            size = self._fit_font("SKYJO", int(w * 0.62), int(h * 0.13))
            title = self._text.font(size, bold=True).render("SKYJO", True, ink)
            box = title.get_rect(center=(w // 2, h // 2)).inflate(max(6, w // 8), max(4, h // 20))
            pygame.draw.ellipse(surface, plate, box)
            pygame.draw.ellipse(surface, ink, box, max(1, w // 60))
            surface.blit(title, title.get_rect(center=(w // 2, h // 2)))
        return surface

    def _draw_edge(self, w: int, h: int) -> pygame.Surface:
        paper, line = ((_HC_WHITE, _HC_BLACK) if self.theme == "high_contrast" else (_RIM, _OUTLINE))
        return _shape(w, h, lambda big, s: _edge_shape(big, s, paper, line))

    def _draw_slot(self, w: int, h: int) -> pygame.Surface:
        colour = (255, 255, 255, 150) if self.theme == "high_contrast" else (235, 240, 250, 90)
        return _shape(w, h, lambda big, s: _slot_shape(big, s, colour))

    def _draw_highlight(self, w: int, h: int) -> pygame.Surface:
        if self.theme == "high_contrast":
            rings = [((0, 0, 0, 255), 0.075), ((255, 255, 255, 255), 0.045)]
        else:
            rings = [((255, 214, 64, 110), 0.09), ((255, 236, 140, 235), 0.045)]
        return _shape(w, h, lambda big, s: _ring_shape(big, s, rings))

def _outlined(font: pygame.font.Font, text: str, ink: RGB, outline: RGB, thickness: int) -> pygame.Surface:
    """``text`` in ``ink`` with a ring of ``outline`` around every glyph."""
    fill = font.render(text, True, ink)
    edge = font.render(text, True, outline)
    t = thickness
    out = pygame.Surface((fill.get_width() + 2 * t, fill.get_height() + 2 * t), pygame.SRCALPHA)
    steps = max(8, 4 * t)
    for i in range(steps):
        angle = 2 * math.pi * i / steps
        out.blit(edge, (t + round(t * math.cos(angle)), t + round(t * math.sin(angle))))
    out.blit(fill, (t, t))
    return out


def _on_plate(figure: pygame.Surface, plate: RGB, edge: RGB) -> pygame.Surface:
    """`figure` on a rounded plate of `plate` with a thin `edge`, a little larger than it."""
    w, h = figure.get_size()
    pad = max(2, h // 8)
    out = pygame.Surface((w + 2 * pad, h + pad), pygame.SRCALPHA)
    pygame.draw.rect(out, plate, out.get_rect(), border_radius=max(2, h // 4))
    pygame.draw.rect(out, edge, out.get_rect(), 1, border_radius=max(2, h // 4))
    out.blit(figure, (pad, pad // 2))
    return out


def _underlined(text: pygame.Surface, baseline: int, ink: RGB, outline: RGB, thickness: int) -> pygame.Surface:
    """Add a bar under a 6 or a 9 (below the glyph baseline) so the card reads the same from both ends."""
    w, h = text.get_size()
    bar_h = max(1, round(h * 0.05))
    edge = max(1, thickness // 2)
    top = baseline + thickness + max(2, round(h * 0.06))
    out = pygame.Surface((w, max(h, top + bar_h + 2 * edge)), pygame.SRCALPHA)
    out.blit(text, (0, 0))
    bar = pygame.Rect(int(w * 0.25), top, max(1, int(w * 0.5)), bar_h)
    if outline != ink:
        pygame.draw.rect(out, outline, bar.inflate(2 * edge, 2 * edge))
    pygame.draw.rect(out, ink, bar)
    return out
