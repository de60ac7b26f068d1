"""A card in flight: a sprite of the table's animations (table_anim.py), drawn over the cards
at rest by the TableView, with its shadow."""

from __future__ import annotations

from typing import TypedDict

import pygame

from game.ui.card_art import shadow_rect
from game.ui.layout import Box
from game.ui.surface_cache import table_pictures
from game.ui.table_view import TableView

FLIGHT_LIFT = 10.0  # logical px: a moving card is held above the cloth, its shadow further off
TURN_GROWTH = 0.08  # a card edge-on in a flip looks this much taller (its near edge comes at the eye)
TURN_SHADE = 0.25  # and this much darker (the light falls on it at a slant)
SHADOW_GROWTH = 0.35  # a lifted card's shadow grows by this much of its height above the cloth, each side
SHADOW_FADE = 0.8  # and pales by this share of that height over the card's own
GLOW = (255, 214, 96)  # the warm light round a completed column's cards before they leave
GLOW_REACH = 0.3  # how far the glow reaches past a card's edges, as a share of its width
GLOW_RINGS = 6  # the glow's soft falloff, drawn as rings of rising light


class Place(TypedDict):
    """Where a sprite ends a motion: its centre and size (keys of the sprite's own fields)."""

    x: float
    y: float
    w: float
    h: float


class CardSprite:
    """A card in flight: centre (x, y) and size in logical units, scale_x for a flip's turn (the
    cosine of its angle: 1 flat, 0 edge-on), lift (logical px up), flash (0..1 white ring),
    glow (0..1: the warm light round it, drawn under every sprite by `draw_glow`)."""

    def __init__(self, value: int | str | None, box: Box) -> None:
        self.value = value
        self.x, self.y = box.center
        self.w, self.h = box.w, box.h
        self.scale_x = 1.0
        self.lift = 0.0
        self.flash = 0.0
        self.glow = 0.0
        self.alpha = 1.0  # reduced motion fades cards in instead of moving them
        self.shown = 1.0  # below 0.5: not drawn yet (a card still in the draw pile, waiting to be dealt)
        self.base = (box.w, box.h)  # the art is drawn once at this size and scaled down in flight

    def turn_depth(self) -> float:
        """How far the card is turned from flat: 0 flat, 1 edge-on (the middle of a flip)."""
        return 1.0 - min(1.0, abs(self.scale_x))

    def drawn_size(self) -> tuple[float, float]:
        """Its width and height as drawn (logical px): squashed by the turn, taller edge-on."""
        return self.w * abs(self.scale_x), self.h * (1 + TURN_GROWTH * self.turn_depth())

    def move_to(self, box: Box) -> Place:
        cx, cy = box.center
        if box.w * box.h > self.base[0] * self.base[1]:
            self.base = (box.w, box.h)
        return {"x": cx, "y": cy, "w": box.w, "h": box.h}

    def draw(self, surface: pygame.Surface, view: TableView) -> None:
        if self.shown < 0.5:
            return
        vp = view.viewport
        w, h = max(1, round(self.w * vp.scale)), max(1, round(self.h * vp.scale))
        base_w, base_h = max(1, round(self.base[0] * vp.scale)), max(1, round(self.base[1] * vp.scale))
        image = view.card_surface(self.value, base_w, base_h)  # cached: one size per sprite
        turn = self.turn_depth()
        squash = max(1, round(w * abs(self.scale_x)))
        h = max(1, round(h * (1 + TURN_GROWTH * turn)))
        if (squash, h) != (base_w, base_h):
            image = pygame.transform.scale(image, (squash, h))  # (a new surface: the cache is untouched)
            if turn > 0.01:
                shade = round(255 * (1 - TURN_SHADE * turn))
                image.fill((shade, shade, shade), special_flags=pygame.BLEND_RGB_MULT)
        if self.alpha < 0.99:
            image = image.copy()  # the cached art stays opaque
            image.set_alpha(max(0, round(255 * self.alpha)))
        centre = (round(vp.offset_x + self.x * vp.scale), round(vp.offset_y + (self.y - self.lift) * vp.scale))
        rect = image.get_rect(center=centre)
        self._draw_shadow(surface, view, rect, base_w, base_h)
        surface.blit(image, rect)
        if self.glow > 0.05:  # the lit card's own edge, bright against the light round it
            pygame.draw.rect(surface, GLOW, rect.inflate(4, 4), width=max(2, round(4 * self.glow * vp.scale)),
                             border_radius=6)
        if self.flash > 0.05:
            pygame.draw.rect(surface, (255, 255, 255), rect.inflate(6, 6), width=max(1, round(8 * self.flash)),
                             border_radius=6)


    def draw_glow(self, surface: pygame.Surface, view: TableView) -> None:
        """The warm light round the card (a completed column's, before it leaves). Drawn before
        any sprite, so the glows of a column's three cards merge into one light under them."""
        if self.glow < 0.02 or self.shown < 0.5:
            return
        vp = view.viewport
        w, h = max(1, round(self.w * vp.scale)), max(1, round(self.h * vp.scale))
        halo = _halo(w, h)
        if self.glow < 0.99 or self.alpha < 0.99:
            halo = halo.copy()
            halo.set_alpha(round(255 * min(1.0, self.glow) * self.alpha))
        centre = (round(vp.offset_x + self.x * vp.scale), round(vp.offset_y + (self.y - self.lift) * vp.scale))
        surface.blit(halo, halo.get_rect(center=centre))

    def _draw_shadow(self, surface: pygame.Surface, view: TableView, rect: pygame.Rect, base_w: int,
                     base_h: int) -> None:
        """A card in flight casts its shadow further the higher it is (its lift, and a little for
        any card on the move), fading with the card."""
        shadow = view.art.shadow(base_w, base_h)  # cached at the art's size, scaled with the card
        height = (self.lift + FLIGHT_LIFT) * view.viewport.scale
        spot = lifted_shadow_rect(rect, height)
        if spot.size != shadow.get_size():
            shadow = pygame.transform.scale(shadow, spot.size)
        alpha = self.alpha * lifted_shadow_alpha(rect.h, height)
        if alpha < 0.99:
            shadow = shadow.copy()
            shadow.set_alpha(max(0, round(255 * alpha)))
        surface.blit(shadow, spot)


_HALOS: dict[tuple[int, int], pygame.Surface] = table_pictures({})


def _halo(w: int, h: int) -> pygame.Surface:
    """A card-sized glow: rounded rings from faint at its reach to bright at the card's edge
    (cached per card size; a window holds few sizes)."""
    if (w, h) not in _HALOS:
        if len(_HALOS) > 16:
            _HALOS.clear()
        reach = max(2, round(w * GLOW_REACH))
        halo = pygame.Surface((w + 2 * reach, h + 2 * reach), pygame.SRCALPHA)
        for ring in range(GLOW_RINGS):
            inset = round(reach * ring / GLOW_RINGS)
            alpha = round(250 * ((ring + 1) / GLOW_RINGS) ** 1.3)
            box = halo.get_rect().inflate(-2 * inset, -2 * inset)
            pygame.draw.rect(halo, (*GLOW, alpha), box, border_radius=max(2, (reach - inset) + w // 10))
        _HALOS[(w, h)] = halo
    return _HALOS[(w, h)]


def lifted_shadow_rect(card: pygame.Rect, height: float) -> pygame.Rect:
    """The shadow of a card held `height` screen px above the cloth: further off (shadow_rect),
    and larger the higher the card, as a lamp above the table casts it."""
    grow = round(height * SHADOW_GROWTH)
    return shadow_rect(card, lift=height).inflate(2 * grow, 2 * grow)


def lifted_shadow_alpha(card_h: int, height: float) -> float:
    """How dark that shadow is (1: a card lying down): paler as it spreads, never below half."""
    return max(0.5, 1.0 - SHADOW_FADE * height / max(1, card_h))

