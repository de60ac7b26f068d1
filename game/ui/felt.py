"""The cloth the cards lie on, made by the program: a base colour, a fine grain of noise from a
fixed seed (the same cloth every run, so golden images hold) and a soft light from above the
middle of the table fading to darker edges.

Painting costs a few milliseconds, so a cloth is made once per window size and colour and
cached; a frame only blits it.
"""

from __future__ import annotations

import math
import random

import pygame

from game.ui.surface_cache import table_pictures

RGB = tuple[int, int, int]

GRAIN_TILE = 96  # px: the noise tile repeated over the cloth (small: made at once, no pattern shows at play)
GRAIN_SEED = 1807  # fixed: the cloth is identical every run
GRAIN_STRENGTH = 10  # the largest alpha of a grain speck, out of 255: felt, not sand
LIGHT_GRID = (48, 27)  # the light is computed on this coarse grid, then smoothly scaled up
LIGHT_CENTRE = (0.5, 0.42)  # where the lamp hangs, as fractions of the width and height (a little above the middle)
LIGHT_GAIN = 26  # how much brighter the cloth is under the lamp
SHADE_EDGE = 150  # how dark the corners get (alpha of black), out of 255
_CACHE_LIMIT = 8

_cache: dict[tuple, pygame.Surface] = table_pictures({})  # (the menu's cloth is painted again when it shows)


def felt(size: tuple[int, int], colour: RGB) -> pygame.Surface:
    """A cloth of `colour` filling `size`, lit from above the middle (cached: do not draw on it)."""
    key = (size, tuple(colour))
    surface = _cache.get(key)
    if surface is None:
        if len(_cache) >= _CACHE_LIMIT:
            _cache.clear()  # a resize leaves the old sizes dead
        surface = _paint(size, colour)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surface = surface.convert()
        _cache[key] = surface
    return surface


def _paint(size: tuple[int, int], colour: RGB) -> pygame.Surface:
    w, h = max(1, size[0]), max(1, size[1])
    cloth = pygame.Surface((w, h))
    cloth.fill(colour)
    tile = _grain()
    for y in range(0, h, GRAIN_TILE):
        for x in range(0, w, GRAIN_TILE):
            cloth.blit(tile, (x, y))
    lamp, shade = _light()
    cloth.blit(pygame.transform.smoothscale(lamp, (w, h)), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    cloth.blit(pygame.transform.smoothscale(shade, (w, h)), (0, 0))
    return cloth


_tiles: list[pygame.Surface] = []


def _grain() -> pygame.Surface:
    """Light and dark specks of a few percent alpha: the weave of the cloth."""
    if not _tiles:
        rng = random.Random(GRAIN_SEED)
        pixels = bytearray()
        for _ in range(GRAIN_TILE * GRAIN_TILE):
            ink = 255 if rng.random() < 0.5 else 0
            pixels += bytes((ink, ink, ink, rng.randrange(GRAIN_STRENGTH + 1)))
        # "BGRA": the bytes of pygame's own alpha surfaces, so that tiling takes SDL's fast blitter
        # (from "RGBA", 13 ms of a 1360x765 cloth's 30 ms); the specks are grey, the same bytes either way
        _tiles.append(pygame.image.frombuffer(bytes(pixels), (GRAIN_TILE, GRAIN_TILE), "BGRA").copy())
    return _tiles[0]


def _light() -> tuple[pygame.Surface, pygame.Surface]:
    """On the coarse grid: the lamp's added light (RGB) and the edges' shade (black with alpha)."""
    gw, gh = LIGHT_GRID
    lamp = pygame.Surface((gw, gh))
    shade = pygame.Surface((gw, gh), pygame.SRCALPHA)
    cx, cy = LIGHT_CENTRE
    reach = math.hypot(max(cx, 1 - cx), max(cy, 1 - cy))
    for gy in range(gh):
        for gx in range(gw):
            # distance from the lamp, 0 under it to 1 in the farthest corner (a wide, flat ellipse)
            d = math.hypot((gx + 0.5) / gw - cx, (gy + 0.5) / gh - cy) / reach
            glow = round(LIGHT_GAIN * max(0.0, 1 - d * 1.6) ** 2)
            lamp.set_at((gx, gy), (glow, glow, glow))
            shade.set_at((gx, gy), (0, 0, 0, round(SHADE_EDGE * max(0.0, d - 0.45) ** 1.5 / 0.55 ** 1.5)))
    return lamp, shade
