"""Card pictures: exact sizes, caching, colour bands, high-contrast patterns, legibility."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui.card_art import THEMES, VALUES, CardArt, band


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _mean(surface: pygame.Surface, rect: pygame.Rect) -> tuple[float, float, float]:
    sub = surface.subsurface(rect)
    colour = pygame.transform.average_color(sub, consider_alpha=True)
    return colour[0], colour[1], colour[2]


def _lum(c) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(("w", "h"), [(5, 7), (25, 35), (61, 87), (100, 140), (143, 200), (250, 350)])
def test_every_picture_has_the_exact_size(theme: str, w: int, h: int) -> None:
    art = CardArt(theme)
    for surface in [art.face(v, w, h) for v in (-2, 0, 6, 12)] + [art.back(w, h), art.slot(w, h),
                                                                  art.highlight(w, h)]:
        assert surface.get_size() == (w, h)


def test_cache_returns_the_same_surface() -> None:
    art = CardArt()
    assert art.face(7, 80, 112) is art.face(7, 80, 112)
    assert art.back(80, 112) is CardArt().back(80, 112)  # shared by instances of one theme
    assert art.slot(80, 112) is art.slot(80, 112)
    assert art.highlight(80, 112) is art.highlight(80, 112)
    assert art.face(7, 80, 112) is not art.face(7, 81, 112)
    assert art.face(7, 80, 112) is not CardArt("high_contrast").face(7, 80, 112)


@pytest.mark.parametrize("theme", THEMES)
def test_every_value_looks_different(theme: str) -> None:
    art = CardArt(theme)
    pictures = {v: _pixels(art.face(v, 70, 98)) for v in VALUES}
    pictures["back"] = _pixels(art.back(70, 98))
    for a, b in itertools.combinations(pictures, 2):
        assert pictures[a] != pictures[b], f"{a} and {b} look the same"


def test_themes_differ() -> None:
    assert _pixels(CardArt().face(5, 70, 98)) != _pixels(CardArt("high_contrast").face(5, 70, 98))


@pytest.mark.parametrize("value", VALUES)
def test_standard_colour_bands(value: int) -> None:
    """Sample the card's fill between border and central oval (no text there)."""
    face = CardArt().face(value, 100, 140)
    r, g, b = _mean(face, pygame.Rect(8, 60, 4, 20))
    kind = band(value)
    if kind == "negative":
        assert b > r + 40 and b > g + 40 and _lum((r, g, b)) < 90
    elif kind == "zero":
        assert b > r and b > 180 and _lum((r, g, b)) > 140
    elif kind == "low":
        assert g > r + 40 and g > b + 40
    elif kind == "mid":
        assert r > 180 and g > 150 and b < 100
    else:
        assert r > g + 80 and r > b + 80


def test_each_band_has_one_colour() -> None:
    def fill(v: int):
        return _mean(CardArt().face(v, 100, 140), pygame.Rect(8, 60, 4, 20))
    for low, high in [(-2, -1), (1, 4), (5, 8), (9, 12)]:
        assert sum(abs(x - y) for x, y in zip(fill(low), fill(high), strict=True)) < 120
    assert sum(abs(x - y) for x, y in zip(fill(4), fill(5), strict=True)) > 150


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("value", VALUES)
def test_big_value_has_light_ink_and_dark_edge(theme: str, value: int) -> None:
    """Legible on every fill: the centre holds both very light and very dark pixels."""
    face = CardArt(theme).face(value, 100, 140)
    centre = face.subsurface(pygame.Rect(25, 45, 50, 50))
    lums = [_lum(centre.get_at((x, y))) for x in range(0, 50, 2) for y in range(0, 50, 2)]
    assert min(lums) < 60 and max(lums) > 200


def test_high_contrast_is_black_and_white() -> None:
    art = CardArt("high_contrast")
    for surface in [art.face(v, 60, 84) for v in VALUES] + [art.back(60, 84)]:
        for x in range(0, 60, 3):
            for y in range(0, 84, 3):
                r, g, b, _ = surface.get_at((x, y))
                assert max(r, g, b) - min(r, g, b) <= 2


def test_high_contrast_bands_have_distinct_patterns() -> None:
    """Without colour, the texture along the card's edge tells the five bands apart."""
    art = CardArt("high_contrast")

    def strip(v: int) -> bytes:  # left margin, away from the value and the corner figures
        return pygame.image.tobytes(art.face(v, 100, 140).subsurface(pygame.Rect(4, 50, 12, 40)), "RGBA")

    samples = {kind: strip(v) for kind, v in
               [("negative", -2), ("zero", 0), ("low", 3), ("mid", 7), ("high", 11)]}
    for a, b in itertools.combinations(samples, 2):
        assert samples[a] != samples[b], f"{a} and {b} share a texture"
    assert strip(1) == strip(4) and strip(9) == strip(12)  # one texture per band


@pytest.mark.parametrize("theme", THEMES)
def test_rounded_transparent_corners(theme: str) -> None:
    art = CardArt(theme)
    for surface in (art.face(3, 100, 140), art.back(100, 140)):
        assert surface.get_at((0, 0)).a == 0 and surface.get_at((99, 139)).a == 0
        assert surface.get_at((50, 70)).a == 255 and surface.get_at((50, 1)).a > 200


def test_slot_and_highlight_are_see_through_in_the_middle() -> None:
    for theme in THEMES:
        art = CardArt(theme)
        assert art.highlight(100, 140).get_at((50, 70)).a == 0
        assert art.highlight(100, 140).get_at((2, 70)).a > 0
        assert art.slot(100, 140).get_at((50, 70)).a < 128


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="theme"):
        CardArt("neon")
    with pytest.raises(ValueError, match="value"):
        CardArt().face(13, 50, 70)
    with pytest.raises(ValueError, match="value"):
        CardArt().face(-3, 50, 70)


def test_empty_size_gives_an_empty_picture() -> None:
    assert CardArt().face(3, 0, 10).get_size() == (0, 10)
