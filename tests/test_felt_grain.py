"""The felt's grain tile (game/ui/felt.py) is in pygame's own alpha format, so that tiling the
cloth takes SDL's fast blitter (issue 47, start-up: 13 ms of the first menu frame's cloth in
the RGBA byte order it had), and the cloth it makes is the one the specks' bytes say."""

from __future__ import annotations

import random

import pygame

from game.ui import felt


def test_the_grain_tile_has_the_format_of_an_alpha_surface():
    tile = felt._grain()
    assert tile.get_masks() == pygame.Surface((1, 1), pygame.SRCALPHA).get_masks()
    assert tile.get_size() == (felt.GRAIN_TILE, felt.GRAIN_TILE)


def test_the_grain_tile_holds_the_seeded_specks():
    rng = random.Random(felt.GRAIN_SEED)
    tile = felt._grain()
    for y in range(2):
        for x in range(felt.GRAIN_TILE):
            ink = 255 if rng.random() < 0.5 else 0
            assert tuple(tile.get_at((x, y))) == (ink, ink, ink, rng.randrange(felt.GRAIN_STRENGTH + 1))
