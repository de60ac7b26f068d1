"""The title screen's art, drawn by the program: the SKYJO logo (five letter cards fanned over a
dawn sky) and the deck's cards that drift up behind the menu when it opens, then rest.

The logo is painted once per window scale and cached. The drifting cards move with the
project's tweens for a few seconds after the menu opens (at the animation-speed setting; at
once with reduced motion or instant speed): after that the menu is still and the app sleeps,
so the title costs no more than a plain page once it has arrived (`python -m game bench idle`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.ui.card_art import CardArt, shadow_rect
from game.ui.card_motifs import star
from game.ui.card_paint import _STANDARD_FILL
from game.ui.layout import Viewport
from game.ui.text import TextCache
from game.ui.tween import Ease, Tweener

RGB = tuple[int, int, int]
LOGO_W, LOGO_H = 1000, 270  # logical px of the logo's box
LETTERS = "SKYJO"
LETTER_VALUES = (-1, 0, 2, 6, 10)  # each letter's card takes the colour of a band: one of each, in order
SKY = ((18, 30, 86), (58, 104, 196), (246, 186, 120))  # night, day, dawn: the plaque's sky, top to bottom
RIM = (242, 236, 220)  # the cards' pale margin (card_paint's rim): the logo is of the same deck
OUTLINE = (20, 20, 28)
SUPER = 2  # drawn at twice the size, smoothly scaled down: soft edges

# The cards behind the menu at rest: logical centre, tilt (degrees) and value ("back": face down),
# in the side bands left and right of the buttons (clear of them at 150 % text too) and the top corners.
CARD_W, CARD_H = 150, 210
RESTING = (
    (150, 150, -16.0, -1), (280, 420, 11.0, "back"), (140, 650, -8.0, 5), (330, 860, 6.0, 0),
    (1770, 160, 15.0, 9), (1640, 420, -10.0, 3), (1790, 660, 7.0, "back"), (1590, 860, -5.0, 12),
)
ARRIVAL = 2.2  # seconds (at normal speed) of one card's rise from below the window to its place
STAGGER = 0.16  # between one card's start and the next
TURN = 30.0  # degrees a card turns as it rises: it arrives straightening, as if it had floated up
SHADE = (205, 205, 205)  # the resting cards are a little darker than the menu's own: they lie behind it
# Logical px from a card's centre that its tilted picture and shadow can reach (half the diagonal,
# the shadow's lift and blur with room to spare): a card farther than this outside the window is
# neither drawn nor painted, so the menu's first frame, where every card waits below, paints none.
REACH = math.hypot(CARD_W, CARD_H) / 2 + 40


@dataclass
class DriftingCard:
    """A card behind the menu: its centre in logical px and its tilt (the tweens move them)."""

    value: int | str
    x: float
    y: float
    angle: float
    rest: tuple[float, float, float] = field(default=(0.0, 0.0, 0.0))

    @property
    def at_rest(self) -> bool:
        return (self.x, self.y, self.angle) == self.rest


class TitleCards:
    """The drifting cards: `arrive` starts their rise (or sets them down at once), `draw` blits them."""

    def __init__(self) -> None:
        self.tweener = Tweener()
        self.cards = [DriftingCard(value, x, y, angle, (x, y, angle)) for x, y, angle, value in RESTING]
        self._images: dict[int, tuple[tuple, pygame.Surface]] = {}  # card -> (its size and tilt, its picture)
        self._flat: dict[int, tuple[tuple, pygame.Surface]] = {}  # card -> (its size, its picture untilted)

    @property
    def moving(self) -> bool:
        return self.tweener.busy

    def arrive(self, speed: float, reduced_motion: bool) -> None:
        """The cards rise from below the window to their places, one after another; with reduced
        motion or instant speed they are simply there."""
        self.tweener = Tweener()
        for number, card in enumerate(self.cards):
            x, y, angle = card.rest
            if reduced_motion or speed <= 0:
                card.x, card.y, card.angle = x, y, angle
                continue
            card.x = 960 + (x - 960) * 0.55  # from nearer the middle, spreading out as they rise
            card.y = 1080 + CARD_H
            card.angle = angle + (TURN if x < 960 else -TURN)
            self.tweener.animate(card, ARRIVAL / speed, Ease.OUT_CUBIC, number * STAGGER / speed, x=x, y=y, angle=angle)

    def update(self, dt: float) -> None:
        self.tweener.step(dt)

    def skip(self) -> None:
        """Every card to its place at once (a click or a key while they rise)."""
        self.tweener.finish_all()

    def draw(self, surface: pygame.Surface, viewport: Viewport, art: CardArt) -> None:
        for card in self.cards:
            if not self._may_show(card, surface.get_rect(), viewport):
                continue  # below the window still: its picture is painted when it rises into view
            image = self._image(card, viewport.scale, art)
            surface.blit(image, image.get_rect(center=viewport.point(card.x, card.y)))

    @staticmethod
    def _may_show(card: DriftingCard, window: pygame.Rect, viewport: Viewport) -> bool:
        """Whether any of the card's picture can fall inside the window (known without painting it)."""
        reach = math.ceil(REACH * viewport.scale)
        x, y = viewport.point(card.x, card.y)
        return window.colliderect(pygame.Rect(x - reach, y - reach, 2 * reach, 2 * reach))

    def _image(self, card: DriftingCard, scale: float, art: CardArt) -> pygame.Surface:
        """The card turned to its tilt, kept until the tilt or the size changes: a rising card's
        tilt is taken to the whole degree, so it is turned again only every few frames."""
        key = (round(scale, 4), round(card.angle), art.theme)
        kept = self._images.get(id(card))
        if kept is None or kept[0] != key:
            flat = self._flat.get(id(card))
            if flat is None or flat[0] != (key[0], key[2]):
                flat = ((key[0], key[2]), _card_with_shadow(card.value, scale, art))
                self._flat[id(card)] = flat
            kept = (key, pygame.transform.rotozoom(flat[1], key[1], 1.0))
            self._images[id(card)] = kept
        return kept[1]


def _card_with_shadow(value: int | str, scale: float, art: CardArt) -> pygame.Surface:
    w, h = max(2, round(CARD_W * scale)), max(2, round(CARD_H * scale))
    face = art.back(w, h) if value == "back" else art.face(int(value), w, h)
    shadow = art.shadow(w, h)
    spot = shadow_rect(pygame.Rect(0, 0, w, h), lift=8 * scale)
    canvas = pygame.Surface((w + 2 * abs(spot.x) + spot.w - w, h + 2 * abs(spot.y) + spot.h - h), pygame.SRCALPHA)
    centre = pygame.Rect(0, 0, w, h)
    centre.center = canvas.get_rect().center
    canvas.blit(pygame.transform.smoothscale(shadow, spot.size), spot.move(centre.topleft))
    card = face.copy()
    card.fill((*SHADE, 255), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.blit(card, centre)
    return canvas


# ------------------------------------------------------------------------------------------- the logo
_LOGOS: dict[tuple[float, int], pygame.Surface] = {}


def logo(scale: float, text: TextCache) -> pygame.Surface:
    """The SKYJO logo at `scale` screen px per logical px: LOGO_W x LOGO_H logical, cached."""
    key = (round(scale, 4), id(text))
    if key not in _LOGOS:
        _LOGOS.clear()  # one window size at a time
        _LOGOS[key] = _paint_logo(scale, text)
    return _LOGOS[key]


def _paint_logo(scale: float, text: TextCache) -> pygame.Surface:
    k = scale * SUPER
    big = pygame.Surface((max(1, round(LOGO_W * k)), max(1, round(LOGO_H * k))), pygame.SRCALPHA)
    plaque = pygame.Rect(round(40 * k), round(12 * k), round((LOGO_W - 80) * k), round(236 * k))
    _paint_sky(big, plaque, k)
    for number, letter in enumerate(LETTERS):
        offset = number - 2
        card = _letter_card(letter, _STANDARD_FILL[LETTER_VALUES[number]], k, text)
        tilted = pygame.transform.rotozoom(card, -offset * 5.0, 1.0)
        centre = (round((LOGO_W / 2 + offset * 168) * k), round((128 + offset * offset * 5) * k))
        shade = tilted.copy()  # the card's own outline in a translucent black: no second turn
        shade.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
        big.blit(shade, shade.get_rect(center=(centre[0] + round(6 * k), centre[1] + round(10 * k))))
        big.blit(tilted, tilted.get_rect(center=centre))
    size = (max(1, round(LOGO_W * scale)), max(1, round(LOGO_H * scale)))
    return pygame.transform.smoothscale(big, size)


def _paint_sky(big: pygame.Surface, plaque: pygame.Rect, k: float) -> None:
    """A rounded plaque of sky, night above and dawn below, with its stars and two clouds, in a pale rim."""
    rim = _rounded(plaque.inflate(round(14 * k), round(14 * k)).size, (*RIM, 255), 40 * k)
    big.blit(rim, rim.get_rect(center=plaque.center))
    sky = pygame.Surface(plaque.size, pygame.SRCALPHA)
    half = plaque.h // 2
    sky.blit(_gradient((plaque.w, half), SKY[0], SKY[1]), (0, 0))
    sky.blit(_gradient((plaque.w, plaque.h - half), SKY[1], SKY[2]), (0, half))
    layer = pygame.Surface(plaque.size, pygame.SRCALPHA)  # (drawn apart, then blended onto the sky)
    for x, y, size in ((0.05, 0.18, 0.10), (0.11, 0.42, 0.06), (0.93, 0.16, 0.09), (0.87, 0.38, 0.05),
                       (0.50, 0.08, 0.05), (0.30, 0.10, 0.04), (0.70, 0.12, 0.04)):
        star(layer, (x * plaque.w, y * plaque.h), size * plaque.h, (255, 236, 170, 230))
    for x, y, width in ((0.09, 0.82, 0.14), (0.91, 0.80, 0.12)):
        _cloud(layer, (x * plaque.w, y * plaque.h), width * plaque.w)
    sky.blit(layer, (0, 0))
    mask = _rounded(plaque.size, (255, 255, 255, 255), 34 * k)
    sky.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(sky, plaque)


def _letter_card(letter: str, fill: RGB, k: float, text: TextCache) -> pygame.Surface:
    """A card of the deck's shape in a band's colour, a big letter on it, white with a dark outline."""
    w, h = round(136 * k), round(184 * k)
    card = _rounded((w, h), (*RIM, 255), 16 * k)
    field = pygame.Rect(0, 0, w, h).inflate(-round(14 * k), -round(14 * k))
    deep = tuple(max(0, round(c * 0.72)) for c in fill)
    paint = _gradient(field.size, fill, deep)  # type: ignore[arg-type]
    paint.blit(_rounded(field.size, (255, 255, 255, 255), 10 * k), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    card.blit(paint, field)
    font = text.font(max(8, round(140 * k)), bold=True)
    ink, line = font.render(letter, True, (255, 255, 255)), font.render(letter, True, OUTLINE)
    thick = max(1, round(5 * k))
    spot = ink.get_rect(center=(w // 2, h // 2 + round(4 * k)))
    for dx in range(-thick, thick + 1, max(1, thick // 2)):
        for dy in range(-thick, thick + 1, max(1, thick // 2)):
            card.blit(line, spot.move(dx, dy))
    card.blit(ink, spot)
    return card


def _cloud(surface: pygame.Surface, centre: tuple[float, float], width: float) -> None:
    x, y = centre
    colour = (255, 255, 255, 150)
    for dx, dy, r in ((-0.30, 0.05, 0.20), (-0.05, -0.10, 0.27), (0.25, 0.0, 0.21), (0.0, 0.10, 0.22)):
        pygame.draw.circle(surface, colour, (x + dx * width, y + dy * width), r * width)


def _rounded(size: tuple[int, int], colour: tuple[int, int, int, int], radius: float) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surface, colour, surface.get_rect(), border_radius=max(1, round(radius)))
    return surface


def _gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    """Top to bottom: one column blended smoothly, then widened (each row is one colour)."""
    seed = pygame.Surface((1, 2), pygame.SRCALPHA)
    seed.set_at((0, 0), (*top, 255))
    seed.set_at((0, 1), (*bottom, 255))
    column = pygame.transform.smoothscale(seed, (1, max(2, size[1])))
    return pygame.transform.scale(column, (max(1, size[0]), column.get_height()))
