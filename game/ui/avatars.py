"""A player's avatar: a round badge in the seat's colour with a sky-and-friends figure on it (a
sun, a star, a cloud, a balloon, a bird, a cat, an owl, a moon), drawn here with pygame's
shapes (no picture files), once per figure, colour and size, then cached.

Every screen that names a player draws it beside the name with `draw_avatar`, which writes
it in the ink journal (game/ui/ink.py) so tests can tell which seat's face went where.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.match import AVATARS, COLOURS, Identity
from game.ui.ink import note_avatar
from game.ui.surface_cache import MB, SurfaceCache, table_pictures

RGB = tuple[int, int, int]

# The seat colours, by name: the score chart's eight (tests/test_ui_score_chart.py holds them to
# 4.5:1 on the dark panel), so a seat's line on the chart and its badge are one colour.
PALETTE: dict[str, RGB] = dict(zip(COLOURS, (
    (240, 170, 40), (100, 190, 240), (60, 210, 160), (240, 230, 90),
    (150, 160, 255), (245, 120, 70), (225, 140, 200), (225, 225, 225)), strict=True))
INK = (22, 30, 44)  # the figures' outlines and eyes
WHITE = (250, 250, 245)
RIM = (12, 18, 26)
SUPERSAMPLE = 3  # drawn this many times larger, then smoothed down: round edges without aliasing

_CACHE = table_pictures(SurfaceCache(2 * MB, max_items=256))


def colour_of(identity: Identity) -> RGB:
    return PALETTE.get(identity.colour, PALETTE[COLOURS[0]])


def avatar_image(identity: Identity, px: int) -> pygame.Surface:
    """The badge `px` pixels across (cached)."""
    px = max(8, int(px))
    key = (identity.colour, identity.avatar, px)
    image = _CACHE.get(key)
    if image is None:
        image = _paint(identity, px)
        _CACHE.put(key, image)
    return image


def draw_avatar(surface: pygame.Surface, identity: Identity, center: tuple[float, float], px: int) -> pygame.Rect:
    """The badge centred at `center` (screen px); returns where it went."""
    image = avatar_image(identity, px)
    rect = image.get_rect(center=(round(center[0]), round(center[1])))
    surface.blit(image, rect)
    note_avatar(rect, f"{identity.colour} {identity.avatar}")
    return rect


def _paint(identity: Identity, px: int) -> pygame.Surface:
    size = px * SUPERSAMPLE
    canvas = pygame.Surface((size, size), pygame.SRCALPHA)
    colour = colour_of(identity)
    half = size / 2
    pygame.draw.circle(canvas, RIM, (half, half), half)
    pygame.draw.circle(canvas, colour, (half, half), half * 0.88)
    figure = FIGURES.get(identity.avatar, _sun)
    figure(_Pen(canvas, size), colour)
    return pygame.transform.smoothscale(canvas, (px, px))


class _Pen:
    """Shapes in units of the badge (0..1 across), outlined in INK and filled WHITE by default."""

    def __init__(self, canvas: pygame.Surface, size: int) -> None:
        self.canvas = canvas
        self.size = size
        self.line = max(2, round(size * 0.035))

    def p(self, x: float, y: float) -> tuple[float, float]:
        return x * self.size, y * self.size

    def circle(self, x: float, y: float, r: float, fill: RGB = WHITE, outline: bool = True) -> None:
        if outline:
            pygame.draw.circle(self.canvas, INK, self.p(x, y), r * self.size + self.line)
        pygame.draw.circle(self.canvas, fill, self.p(x, y), r * self.size)

    def ellipse(self, x: float, y: float, w: float, h: float, fill: RGB = WHITE) -> None:
        box = pygame.Rect(0, 0, round(w * self.size), round(h * self.size))
        box.center = (round(x * self.size), round(y * self.size))
        pygame.draw.ellipse(self.canvas, INK, box.inflate(2 * self.line, 2 * self.line))
        pygame.draw.ellipse(self.canvas, fill, box)

    def polygon(self, points: list[tuple[float, float]], fill: RGB = WHITE) -> None:
        scaled = [self.p(x, y) for x, y in points]
        pygame.draw.polygon(self.canvas, fill, scaled)
        pygame.draw.polygon(self.canvas, INK, scaled, self.line)

    def stroke(self, points: list[tuple[float, float]], colour: RGB = INK) -> None:
        pygame.draw.lines(self.canvas, colour, False, [self.p(x, y) for x, y in points], self.line)

    def dot(self, x: float, y: float, r: float = 0.035) -> None:
        pygame.draw.circle(self.canvas, INK, self.p(x, y), r * self.size)

    def smile(self, x: float, y: float, w: float) -> None:
        """A small smile centred at (x, y), `w` wide."""
        steps = 8
        self.stroke([(x - w / 2 + w * i / steps, y + 1.4 * w * (i / steps) * (1 - i / steps))
                     for i in range(steps + 1)])

    def face(self, x: float, y: float, spread: float = 0.07) -> None:
        self.dot(x - spread, y)
        self.dot(x + spread, y)
        self.smile(x, y + 0.07, spread * 1.6)


def _sun(pen: _Pen, colour: RGB) -> None:
    for ray in range(8):
        angle = ray * math.pi / 4
        c, s = math.cos(angle), math.sin(angle)
        pen.stroke([(0.5 + 0.25 * c, 0.5 + 0.25 * s), (0.5 + 0.37 * c, 0.5 + 0.37 * s)])
    pen.circle(0.5, 0.5, 0.19)
    pen.face(0.5, 0.47)


def _star(pen: _Pen, colour: RGB) -> None:
    points = []
    for tip in range(10):
        angle = -math.pi / 2 + tip * math.pi / 5
        r = 0.36 if tip % 2 == 0 else 0.16
        points.append((0.5 + r * math.cos(angle), 0.53 + r * math.sin(angle)))
    pen.polygon(points)
    pen.face(0.5, 0.53, 0.05)


def _cloud(pen: _Pen, colour: RGB) -> None:
    for x, y, r in ((0.33, 0.56, 0.14), (0.5, 0.44, 0.18), (0.67, 0.56, 0.14)):
        pen.circle(x, y, r)
    pen.ellipse(0.5, 0.62, 0.52, 0.16)
    for x, y, r in ((0.33, 0.56, 0.14), (0.5, 0.44, 0.18), (0.67, 0.56, 0.14)):
        pen.circle(x, y, r, outline=False)
    pygame.draw.ellipse(pen.canvas, WHITE, pygame.Rect(*pen.p(0.25, 0.55), 0.5 * pen.size, 0.13 * pen.size))
    pen.face(0.5, 0.52)


def _balloon(pen: _Pen, colour: RGB) -> None:
    pen.stroke([(0.5, 0.66), (0.46, 0.74), (0.54, 0.8), (0.5, 0.88)])
    pen.polygon([(0.46, 0.69), (0.54, 0.69), (0.5, 0.63)])
    pen.ellipse(0.5, 0.42, 0.42, 0.48)
    pen.face(0.5, 0.42)


def _bird(pen: _Pen, colour: RGB) -> None:
    pen.polygon([(0.74, 0.44), (0.88, 0.49), (0.74, 0.54)], fill=(255, 190, 70))  # the beak
    pen.ellipse(0.5, 0.52, 0.5, 0.4)
    pen.polygon([(0.34, 0.5), (0.56, 0.52), (0.4, 0.68)], fill=colour)  # the wing
    pen.dot(0.64, 0.45, 0.04)


def _cat(pen: _Pen, colour: RGB) -> None:
    pen.polygon([(0.25, 0.42), (0.28, 0.16), (0.46, 0.32)])
    pen.polygon([(0.75, 0.42), (0.72, 0.16), (0.54, 0.32)])
    pen.circle(0.5, 0.53, 0.27)
    pen.dot(0.4, 0.5)
    pen.dot(0.6, 0.5)
    pen.polygon([(0.47, 0.58), (0.53, 0.58), (0.5, 0.62)], fill=(240, 140, 150))
    for side in (-1, 1):
        pen.stroke([(0.5 + side * 0.08, 0.63), (0.5 + side * 0.3, 0.6)])
        pen.stroke([(0.5 + side * 0.08, 0.65), (0.5 + side * 0.3, 0.69)])


def _owl(pen: _Pen, colour: RGB) -> None:
    pen.polygon([(0.28, 0.34), (0.3, 0.16), (0.42, 0.28)])
    pen.polygon([(0.72, 0.34), (0.7, 0.16), (0.58, 0.28)])
    pen.ellipse(0.5, 0.55, 0.5, 0.58)
    for x in (0.39, 0.61):
        pen.circle(x, 0.46, 0.1, fill=(255, 236, 160))
        pen.dot(x, 0.46, 0.045)
    pen.polygon([(0.46, 0.56), (0.54, 0.56), (0.5, 0.64)], fill=(255, 190, 70))


def _moon(pen: _Pen, colour: RGB) -> None:
    pen.circle(0.46, 0.5, 0.3)
    pygame.draw.circle(pen.canvas, colour, pen.p(0.6, 0.42), 0.26 * pen.size)  # the dark of the crescent
    pen.dot(0.3, 0.5)
    pen.smile(0.32, 0.6, 0.1)
    pen.dot(0.78, 0.74, 0.025)
    pen.dot(0.82, 0.2, 0.02)


FIGURES: dict[str, Callable[[_Pen, RGB], None]] = {
    "sun": _sun, "star": _star, "cloud": _cloud, "balloon": _balloon,
    "bird": _bird, "cat": _cat, "owl": _owl, "moon": _moon,
}
assert set(FIGURES) == set(AVATARS)
