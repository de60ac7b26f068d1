"""A sky motif per value band, painted tone on tone into a face's field behind its oval (the
standard theme; high contrast keeps its patterns): the negatives a night of stars and a crescent
moon, 0 clouds, 1-4 birds in flight, 5-8 the rays of a sun, 9-12 a storm of rain and lightning.
Drawn with pygame primitives on the supersampled canvas, once per band and card size (the
faces built on them are cached by card_art.CardArt).

Every motif keeps clear of the top-left and bottom-right corners, where the corner figures are
read, and of the left margin strip (it shows the band's colour plainly)."""

from __future__ import annotations

import math

import pygame

RGBA = tuple[int, int, int, int]
MARGIN_STRIP = 0.1  # the field's left tenth stays the band's plain colour

# where the pieces of a motif lie, as fractions of the field (x, y, size): placed by hand, away
# from the corner figures (top left, bottom right) and the left margin
_STARS = [(0.62, 0.10, 0.10), (0.85, 0.30, 0.07), (0.30, 0.86, 0.09), (0.56, 0.90, 0.06), (0.80, 0.62, 0.05),
          (0.22, 0.62, 0.05), (0.44, 0.08, 0.05)]
_CLOUDS = [(0.72, 0.13, 0.40), (0.30, 0.88, 0.44), (0.86, 0.58, 0.26)]
_BIRDS = [(0.58, 0.10, 0.19), (0.82, 0.16, 0.14), (0.70, 0.27, 0.11), (0.28, 0.83, 0.17), (0.50, 0.91, 0.12)]
_BOLTS = [(0.80, 0.06, 0.30), (0.22, 0.68, 0.26)]


def paint_motif(size: tuple[int, int], kind: str, light: RGBA, dark: RGBA) -> pygame.Surface:
    """The motif of band `kind` on a transparent field-sized canvas; `light` and `dark` are the
    band's own colour lifted and deepened (the motif shows its shape, not a new colour)."""
    canvas = pygame.Surface(size, pygame.SRCALPHA)
    {"negative": _night, "zero": _clouds, "low": _birds, "mid": _sun, "high": _storm}[kind](canvas, light, dark)
    canvas.fill((0, 0, 0, 0), pygame.Rect(0, 0, round(size[0] * MARGIN_STRIP), size[1]))  # the plain strip
    return canvas


def _night(canvas: pygame.Surface, light: RGBA, dark: RGBA) -> None:
    w, h = canvas.get_size()
    gold = (255, 232, 150, 190)
    for x, y, size in _STARS:
        star(canvas, (x * w, y * h), size * w, gold)
    # a crescent: a disc with a smaller disc cut out of it (drawing transparent pixels erases)
    r = 0.15 * w
    centre = (0.80 * w, 0.84 * h - r)
    pygame.draw.circle(canvas, gold, centre, r)
    pygame.draw.circle(canvas, (0, 0, 0, 0), (centre[0] - 0.45 * r, centre[1] - 0.25 * r), r * 0.85)


def _clouds(canvas: pygame.Surface, light: RGBA, dark: RGBA) -> None:
    w, h = canvas.get_size()
    white = (255, 255, 255, 120)
    for x, y, size in _CLOUDS:
        _cloud(canvas, (x * w, y * h), size * w, white)


def _cloud(canvas: pygame.Surface, centre: tuple[float, float], width: float, colour: RGBA) -> None:
    """Three puffs on a flat base, drawn on one layer so that their overlaps do not darken."""
    puff = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
    cx, cy = centre
    solid = (*colour[:3], 255)
    for dx, dy, r in ((-0.28, 0.05, 0.20), (0.0, -0.08, 0.28), (0.28, 0.04, 0.19)):
        pygame.draw.circle(puff, solid, (cx + dx * width, cy + dy * width), r * width)
    pygame.draw.rect(puff, solid, pygame.Rect(cx - 0.45 * width, cy, 0.9 * width, 0.22 * width),
                     border_radius=round(0.11 * width))
    puff.fill((255, 255, 255, colour[3]), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.blit(puff, (0, 0))


def _birds(canvas: pygame.Surface, light: RGBA, dark: RGBA) -> None:
    w, h = canvas.get_size()
    thick = max(2, round(w * 0.035))
    for x, y, size in _BIRDS:
        span = size * w
        for side in (-1, 1):  # each wing an arc rising from the body to its tip
            box = pygame.Rect(0, 0, span, span * 0.7)
            box.bottomleft = (x * w - span, y * h + span * 0.18) if side < 0 else (x * w, y * h + span * 0.18)
            start, end = (0.15 * math.pi, 0.95 * math.pi) if side < 0 else (0.05 * math.pi, 0.85 * math.pi)
            pygame.draw.arc(canvas, dark, box, start, end, thick)


def _sun(canvas: pygame.Surface, light: RGBA, dark: RGBA) -> None:
    w, h = canvas.get_size()
    cx, cy, reach = w / 2, h / 2, math.hypot(w, h)
    for k in range(16):  # sixteen rays from behind the oval, every other one long
        a = math.tau * (k + 0.5) / 16
        length = reach if k % 2 else reach * 0.42
        half = math.tau / 64
        pygame.draw.polygon(canvas, light, [(cx, cy),
                                            (cx + length * math.cos(a - half), cy + length * math.sin(a - half)),
                                            (cx + length * math.cos(a + half), cy + length * math.sin(a + half))])


def _storm(canvas: pygame.Surface, light: RGBA, dark: RGBA) -> None:
    w, h = canvas.get_size()
    thick = max(2, round(w * 0.022))
    rain = (255, 255, 255, 80)
    step = w * 0.16
    for row in range(9):  # slanting rain, staggered
        for col in range(7):
            x = (col + 0.5 * (row % 2) + 0.3) * step
            y = (row + 0.3) * h / 9
            if (x < 0.34 * w and y < 0.24 * h) or (x > 0.64 * w and y > 0.76 * h) or x < 0.16 * w:
                continue  # the corner figures and the left margin stay plain
            pygame.draw.line(canvas, rain, (x, y), (x - 0.05 * w, y + 0.07 * h), thick)
    for x, y, size in _BOLTS:
        _bolt(canvas, (x * w, y * h), size * w, (255, 236, 140, 220))


def _bolt(canvas: pygame.Surface, top: tuple[float, float], length: float, colour: RGBA) -> None:
    """A lightning bolt falling from `top`: a zig-zag polygon."""
    x, y = top
    u = length / 4
    points = [(x, y), (x + 0.9 * u, y), (x + 0.3 * u, y + 1.6 * u), (x + 1.0 * u, y + 1.6 * u),
              (x - 0.5 * u, y + 4.0 * u), (x - 0.1 * u, y + 2.2 * u), (x - 0.8 * u, y + 2.2 * u)]
    pygame.draw.polygon(canvas, colour, points)


def star(surface: pygame.Surface, centre: tuple[float, float], size: float, colour) -> None:
    """A four-pointed star `size` px from tip to tip."""
    x, y = centre
    tip, waist = size / 2, size / 8
    points = [(x, y - tip), (x + waist, y - waist), (x + tip, y), (x + waist, y + waist),
              (x, y + tip), (x - waist, y + waist), (x - tip, y), (x - waist, y - waist)]
    pygame.draw.polygon(surface, colour, points)
