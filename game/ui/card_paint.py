"""How a card picture is painted: its shapes (face, back, slot, rings), shadows and colours,
drawn at SUPERSAMPLE times the size by `card_art.CardArt`, which scales them down and caches
them. Kept apart from the cache so each module stays readable."""

from __future__ import annotations

import math

import pygame

from game.ui.card_motifs import paint_motif
from game.ui.surface_cache import table_pictures

SUPERSAMPLE = 3

RGB = tuple[int, int, int]

# Colour bands in the spirit of the real deck: negatives dark blue, 0 light blue,
# 1-4 green, 5-8 yellow, 9-12 red. A shade per value keeps neighbours apart.
_STANDARD_FILL: dict[int, RGB] = {
    -2: (22, 38, 112), -1: (36, 60, 150), 0: (112, 190, 236),
    1: (62, 160, 74), 2: (56, 150, 68), 3: (50, 140, 62), 4: (44, 130, 56),
    5: (246, 214, 62), 6: (242, 202, 48), 7: (238, 190, 36), 8: (232, 178, 28),
    9: (222, 72, 56), 10: (212, 58, 46), 11: (200, 44, 38), 12: (186, 32, 32),
}
_INK = (255, 255, 255)
_OUTLINE = (20, 20, 28)
_BORDER = (18, 18, 24)
_RIM = (242, 236, 220)  # the printed card's pale margin, on faces and backs alike: one deck
_BACK_BASE = (28, 52, 120)
_BACK_STRIPE = (58, 96, 184)
_BACK_TITLE_PLATE = (240, 236, 222)
_BACK_NIGHT = (16, 26, 74)  # the back's field: a night sky, darkest at its edges...
_BACK_DAWN = (54, 98, 196)  # ...lightest in the middle, behind the medallion
_BACK_GOLD = (232, 194, 96)
MEDALLION_CONTRAST = 3.2  # white figures against the oval behind them (WCAG's large-text floor is 3)
_HC_BLACK = (0, 0, 0)
_HC_WHITE = (255, 255, 255)


def band(value: int) -> str:
    """The colour band of a card value: 'negative', 'zero', 'low', 'mid' or 'high'."""
    if value < 0:
        return "negative"
    if value == 0:
        return "zero"
    return "low" if value <= 4 else "mid" if value <= 8 else "high"



# -- shadows ---------------------------------------------------------------------------------------------
SHADOW_ALPHA = 110  # the darkest of a resting card's shadow, out of 255


def shadow_margin(width: int, height: int) -> int:
    """How far a card's soft shadow reaches past its edges (px): its blur."""
    return max(2, round(min(width, height) * 0.06))


def shadow_offset(width: int, height: int, lift: float = 0.0) -> tuple[int, int]:
    """Where a card's shadow lies from the card (px): a little down and right, the light
    coming from above the table; further for a card lifted `lift` px in flight."""
    return round(width * 0.02 + lift * 0.3), round(height * 0.035 + lift * 0.6)


def shadow_rect(card: pygame.Rect, lift: float = 0.0) -> pygame.Rect:
    """The screen rectangle of the shadow of a card lying at `card`."""
    margin = shadow_margin(card.w, card.h)
    dx, dy = shadow_offset(card.w, card.h, lift)
    return card.inflate(2 * margin, 2 * margin).move(dx, dy)


def _draw_shadow(w: int, h: int) -> pygame.Surface:
    """A dark rounded card on a small canvas, scaled up: the scaling is the blur (cheap, and
    made once per card size)."""
    margin = shadow_margin(w, h)
    full = (w + 2 * margin, h + 2 * margin)
    step = max(1, margin // 2)  # one small-canvas pixel per `step` screen pixels: the blur's width
    small = pygame.Surface((max(1, full[0] // step), max(1, full[1] // step)), pygame.SRCALPHA)
    inner = pygame.Rect(0, 0, max(1, w // step), max(1, h // step))
    inner.center = small.get_rect().center
    pygame.draw.rect(small, (0, 0, 0, SHADOW_ALPHA), inner, border_radius=max(1, _radius(w, h) // step))
    return pygame.transform.smoothscale(small, full)


# -- helpers drawing on a supersampled canvas -------------------------------------------------------------
def _radius(w: int, h: int) -> int:
    return max(1, round(min(w, h) * 0.09))


def _shape(w: int, h: int, paint) -> pygame.Surface:
    """Paint at SUPERSAMPLE x size, then scale down to exactly (w, h) for smooth edges."""
    s = SUPERSAMPLE
    big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
    paint(big, s)
    small = pygame.transform.smoothscale(big, (w, h))
    # the filter loses two levels: an opaque card would come out 253/255 see-through (the felt
    # faintly showing through). Add 1/64 of every alpha back: 253 saturates at 255, 0 stays 0.
    lift = _alpha_of(small)
    lift.fill((255, 255, 255, 4), special_flags=pygame.BLEND_RGBA_MULT)
    small.blit(lift, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return small


# Pieces every face of one size shares (the rounded mask, the weave and sheen over the colour),
# made once per size: the fifteen faces of a size differ only in colour and figure.
_SHARED: dict[tuple, pygame.Surface] = table_pictures({})


def _shared(key: tuple, make) -> pygame.Surface:
    surface = _SHARED.get(key)
    if surface is None:
        if len(_SHARED) >= 64:
            _SHARED.clear()
        surface = _SHARED[key] = make()
    return surface


def _rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    def make() -> pygame.Surface:
        mask = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        return mask

    return _shared(("mask", size, radius), make)


def _clip_to_card(big: pygame.Surface, pattern: pygame.Surface, radius: int) -> None:
    """Blit ``pattern`` onto ``big`` keeping only what lies inside the rounded card outline."""
    pattern.blit(_rounded_mask(big.get_size(), radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(pattern, (0, 0))


def _shade(colour: RGB, factor: float) -> RGB:
    return tuple(max(0, min(255, round(c * factor))) for c in colour)  # type: ignore[return-value]


def _luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""
    def channel(c: int) -> float:
        c_ = c / 255
        return c_ / 12.92 if c_ <= 0.03928 else ((c_ + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def medallion(fill: RGB) -> RGB:
    """The oval behind a face's figure: the card's colour darkened until white figures stand
    out from it by MEDALLION_CONTRAST (a light yellow or sky blue needs the most)."""
    # yellows darken towards amber (a plain darker yellow turns olive), every other colour towards itself
    deep = (150, 70, 0) if fill[0] > 200 and fill[1] > 150 else _shade(fill, 0.3)
    mix = 0.2  # at least this dark: the oval reads as a hollow pressed into the card
    while contrast(_INK, _mix(fill, deep, mix)) < MEDALLION_CONTRAST and mix < 1:
        mix += 0.04
    return _mix(fill, deep, mix)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * min(1.0, t)) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _vertical_gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    """A top-to-bottom blend: two pixels smoothly scaled (cheap, and drawn once per card size)."""
    seed = pygame.Surface((1, 2), pygame.SRCALPHA)
    seed.set_at((0, 0), (*top, 255))
    seed.set_at((0, 1), (*bottom, 255))
    return pygame.transform.smoothscale(seed, (max(1, size[0]), max(2, size[1])))


def _rim(big: pygame.Surface, s: int) -> pygame.Rect:
    """A dark edge and a pale printed margin, as every card of the deck has; returns the field
    inside them."""
    bw, bh = big.get_size()
    radius = _radius(bw, bh)
    edge = max(s, round(min(bw, bh) * 0.012))
    margin = max(s, round(min(bw, bh) * 0.045))
    pygame.draw.rect(big, _BORDER, big.get_rect(), border_radius=radius)
    pygame.draw.rect(big, _RIM, big.get_rect().inflate(-2 * edge, -2 * edge), border_radius=max(1, radius - edge))
    return big.get_rect().inflate(-2 * (edge + margin), -2 * (edge + margin))


def _field(big: pygame.Surface, field: pygame.Rect, paint: pygame.Surface) -> None:
    """Blit `paint` (field-sized) into the rounded field of a card."""
    radius = max(1, _radius(*big.get_size()) - (big.get_width() - field.w) // 2)
    paint.blit(_rounded_mask(field.size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(paint, field)  # (the mask is all or nothing: the field stays as opaque as the rim beneath)


def _alpha_of(surface: pygame.Surface) -> pygame.Surface:
    """The surface's alpha alone (black pixels): blitted back with BLEND_RGBA_MAX it restores
    an opaque outline that blending see-through paint over it rounded down to 253 or 254."""
    shape = surface.copy()
    shape.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    return shape


def _standard_face_shape(big: pygame.Surface, s: int, fill: RGB, kind: str) -> None:
    """A pale margin, then the value's colour lit from the top, a faint printed weave, the band's
    sky motif (card_motifs.py), a darker oval pressed in behind the figure and a sheen across
    the upper corner."""
    bw, _bh = big.get_size()
    field = _rim(big, s)
    paint = _vertical_gradient(field.size, _shade(fill, 1.14), _shade(fill, 0.84))
    paint.blit(_shared(("weave", field.size, s), lambda: _weave(field.size, s, bw)), (0, 0))
    light, dark = (*_shade(fill, 1.35), 90), (*_shade(fill, 0.45), 200)
    # not shared: each value has its own colours, so a motif is painted once per face and size,
    # and keeping the supersampled motifs kept about 24 MB after a game (python -m game bench soak)
    paint.blit(paint_motif(field.size, kind, light, dark), (0, 0))
    oval = paint.get_rect().inflate(-field.w * 0.22, -field.h * 0.36)
    ring = max(s, round(bw * 0.02))
    pygame.draw.ellipse(paint, _shade(fill, 1.22) if sum(fill) < 600 else _shade(fill, 1.06), oval.move(0, ring // 2))
    pygame.draw.ellipse(paint, _shade(medallion(fill), 0.8), oval.move(0, -ring // 2))
    pygame.draw.ellipse(paint, medallion(fill), oval.inflate(-ring, -ring))
    paint.blit(_shared(("sheen", field.size), lambda: _sheen(field.size)), (0, 0))
    _field(big, field, paint)


def _weave(size: tuple[int, int], s: int, card_w: int) -> pygame.Surface:
    """Faint fine diagonals, like the grain of printed card stock."""
    weave = pygame.Surface(size, pygame.SRCALPHA)
    step = max(3 * s, round(card_w * 0.07))
    _diagonals(weave, weave.get_rect(), (255, 255, 255, 22), step, max(1, s // 2 + 1), +1)  # type: ignore[arg-type]
    return weave


def _sheen(size: tuple[int, int]) -> pygame.Surface:
    """A soft light across the upper left corner, as on a glossy card."""
    w, h = size
    sheen = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(sheen, (255, 255, 255, 34), pygame.Rect(-w * 0.5, -h * 0.45, w * 1.2, h * 0.7))
    return sheen


def _hc_face_shape(big: pygame.Surface, s: int, value: int) -> None:
    """High contrast: black and white only, a different texture per value band."""
    bw, bh = big.get_size()
    radius = _radius(bw, bh)
    kind = band(value)
    paper, ink = (_HC_BLACK, _HC_WHITE) if kind == "negative" else (_HC_WHITE, _HC_BLACK)
    border = max(2 * s, round(min(bw, bh) * 0.03))
    pygame.draw.rect(big, _HC_BLACK, big.get_rect(), border_radius=radius)
    inner = big.get_rect().inflate(-2 * border, -2 * border)
    if kind == "negative":
        pygame.draw.rect(big, _HC_WHITE, inner, border_radius=max(1, radius - border))
        inner = inner.inflate(-2 * border, -2 * border)
    pattern = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(pattern, paper, inner, border_radius=max(1, radius - border))
    step = max(3 * s, round(bw * 0.11))
    line = max(s, round(bw * 0.018))
    if kind == "zero":  # one empty ring: "nothing"
        pygame.draw.ellipse(pattern, ink, inner.inflate(-inner.w * 0.12, -inner.h * 0.20), line)
    elif kind == "low":  # sparse dots
        for y in range(inner.top + step // 2, inner.bottom, step):
            for x in range(inner.left + step // 2, inner.right, step):
                pygame.draw.circle(pattern, ink, (x, y), max(s, line))
    elif kind == "mid":  # single diagonal hatching
        _diagonals(pattern, inner, ink, step, line, +1)
    elif kind == "high":  # cross hatching: the heaviest texture for the worst cards
        _diagonals(pattern, inner, ink, step, line, +1)
        _diagonals(pattern, inner, ink, step, line, -1)
    else:  # negative: white dots on black
        for y in range(inner.top + step // 2, inner.bottom, step):
            for x in range(inner.left + step // 2, inner.right, step):
                pygame.draw.circle(pattern, ink, (x, y), max(s, line // 2))
    clip = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(clip, (255, 255, 255, 255), inner, border_radius=max(1, radius - border))
    pattern.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(pattern, (0, 0))


def _diagonals(surface: pygame.Surface, area: pygame.Rect, colour: RGB, step: int, width: int, slope: int) -> None:
    span = area.w + area.h
    for k in range(-span, span, step):
        if slope > 0:
            start, end = (area.left + k, area.bottom), (area.left + k + area.h, area.top)
        else:
            start, end = (area.left + k, area.top), (area.left + k + area.h, area.bottom)
        pygame.draw.line(surface, colour, start, end, width)


def _back_shape(big: pygame.Surface, s: int, theme: str) -> None:
    bw, bh = big.get_size()
    radius = _radius(bw, bh)
    hc = theme == "high_contrast"
    base, stripe = ((_HC_BLACK, _HC_WHITE) if hc else (_BACK_BASE, _BACK_STRIPE))
    border = max(s, round(min(bw, bh) * 0.02))
    pygame.draw.rect(big, _HC_BLACK if hc else _BORDER, big.get_rect(), border_radius=radius)
    pattern = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    inner = big.get_rect().inflate(-2 * border, -2 * border)
    pygame.draw.rect(pattern, base, inner)
    # a diamond lattice (two families of diagonals) inside a plain margin
    field = inner.inflate(-inner.w * 0.12, -inner.w * 0.12)
    step = max(4 * s, round(bw * 0.16))
    line = max(s, round(bw * (0.02 if hc else 0.03)))
    if hc:  # horizontal bars: a texture no face uses, so a back never passes for a 9-12 cross-hatch
        for y in range(field.top + step // 4, field.bottom, step // 2):
            pygame.draw.line(pattern, stripe, (field.left, y), (field.right, y), line)
    else:
        _diagonals(pattern, field, stripe, step, line, +1)
        _diagonals(pattern, field, stripe, step, line, -1)
    margin = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(margin, base, inner)
    pygame.draw.rect(margin, (0, 0, 0, 0), field)
    pattern.blit(margin, (0, 0))
    pygame.draw.rect(pattern, stripe, field, line)
    _clip_to_card(big, pattern, max(1, radius - border))


def _standard_back_shape(big: pygame.Surface, s: int) -> None:
    """A night sky in the deck's margin: light rising from the middle, rays of a sun behind a
    gold medallion with a four-pointed star, a gold frame with a small star at each corner."""
    bw, bh = big.get_size()
    field = _rim(big, s)
    paint = _radial(field.size, _BACK_DAWN, _BACK_NIGHT)
    cx, cy = field.w / 2, field.h / 2
    reach = math.hypot(field.w, field.h)
    rays = pygame.Surface(field.size, pygame.SRCALPHA)
    for k in range(0, 24, 2):  # every other wedge of 24: 12 faint rays
        a, b = math.tau * k / 24, math.tau * (k + 1) / 24
        pygame.draw.polygon(rays, (255, 255, 255, 20), [(cx, cy), (cx + reach * math.cos(a), cy + reach * math.sin(a)),
                                                       (cx + reach * math.cos(b), cy + reach * math.sin(b))])
    paint.blit(rays, (0, 0))
    line = max(s, round(bw * 0.016))
    inset = round(min(field.w, field.h) * 0.07)
    frame = paint.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(paint, _BACK_GOLD, frame, line, border_radius=max(1, _radius(bw, bh) // 2))
    for corner in (frame.topleft, frame.topright, frame.bottomleft, frame.bottomright):
        _star(paint, corner, bw * 0.06, _BACK_GOLD)
    r = min(field.w, field.h) * 0.34
    pygame.draw.circle(paint, _BACK_NIGHT, (cx, cy), r)
    pygame.draw.circle(paint, _BACK_GOLD, (cx, cy), r, max(s, round(bw * 0.025)))
    pygame.draw.circle(paint, _BACK_GOLD, (cx, cy), r * 0.80, max(1, line // 2))
    _star(paint, (cx, cy), r * 0.72, _BACK_GOLD)
    _star(paint, (cx, cy), r * 0.30, _RIM)
    _field(big, field, paint)


def _radial(size: tuple[int, int], middle: RGB, edge: RGB) -> pygame.Surface:
    """Light from the middle fading to `edge`: a coarse grid of blends smoothly scaled up."""
    cols, rows = 12, 16
    coarse = pygame.Surface((cols, rows), pygame.SRCALPHA)
    for y in range(rows):
        for x in range(cols):
            d = min(1.0, math.hypot((x + 0.5) / cols * 2 - 1, (y + 0.5) / rows * 2 - 1) / 1.2)
            coarse.set_at((x, y), (*(round(m + (e - m) * d) for m, e in zip(middle, edge, strict=True)), 255))
    return pygame.transform.smoothscale(coarse, (max(1, size[0]), max(1, size[1])))


def _star(surface: pygame.Surface, centre: tuple[float, float], size: float, colour: RGB) -> None:
    """A four-pointed star `size` px from tip to tip."""
    x, y = centre
    tip, waist = size / 2, size / 8
    points = [(x, y - tip), (x + waist, y - waist), (x + tip, y), (x + waist, y + waist),
              (x, y + tip), (x - waist, y + waist), (x - tip, y), (x - waist, y - waist)]
    pygame.draw.polygon(surface, colour, points)


def _edge_shape(big: pygame.Surface, s: int, paper: RGB, line: RGB) -> None:
    """A plain card of `paper` in a `line` outline: a card's edge under another in a stack."""
    radius = _radius(*big.get_size())
    pygame.draw.rect(big, line, big.get_rect(), border_radius=radius)
    width = max(s, round(min(big.get_size()) * 0.012))
    pygame.draw.rect(big, paper, big.get_rect().inflate(-2 * width, -2 * width), border_radius=max(1, radius - width))


def _slot_shape(big: pygame.Surface, s: int, colour: tuple[int, int, int, int]) -> None:
    """A dashed rounded outline on a faint fill."""
    bw, bh = big.get_size()
    radius = _radius(bw, bh)
    width = max(s, round(min(bw, bh) * 0.025))
    pygame.draw.rect(big, (colour[0], colour[1], colour[2], colour[3] // 4), big.get_rect(), border_radius=radius)
    outline = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(outline, colour, outline.get_rect(), width, border_radius=radius)
    # cut the outline into dashes by erasing diagonal bands across it
    gap = max(3 * s, round(min(bw, bh) * 0.10))
    eraser = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    eraser.fill((255, 255, 255, 255))
    for k in range(0, bw + bh, 2 * gap):
        pygame.draw.line(eraser, (0, 0, 0, 0), (k, 0), (k - bh, bh), gap)
    outline.blit(eraser, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(outline, (0, 0))


def _ring_shape(big: pygame.Surface, s: int, rings: list[tuple[tuple[int, int, int, int], float]]) -> None:
    bw, bh = big.get_size()
    radius = _radius(bw, bh)
    for colour, frac in rings:  # outer first, each later one drawn on top of the previous
        width = max(s, round(min(bw, bh) * frac))
        pygame.draw.rect(big, colour, big.get_rect(), width, border_radius=radius)


# -- text helpers -----------------------------------------------------------------------------------------
