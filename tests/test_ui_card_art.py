"""Card pictures: exact sizes, caching, colour bands, high-contrast patterns, legibility."""

from __future__ import annotations

import itertools
from collections import Counter

import pygame
import pytest

from game.ui.card_art import THEMES, VALUES, CardArt, band, contrast


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()


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


# -- issue 32 item 2: cards with depth ---------------------------------------------------------------------
def _commonest(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, int, int]:
    colours = Counter(tuple(surface.get_at((x, y)))[:3] for x in range(rect.left, rect.right)
                      for y in range(rect.top, rect.bottom))
    return colours.most_common(1)[0][0]


@pytest.mark.parametrize(("w", "h"), [(48, 67), (120, 168)])
@pytest.mark.parametrize("value", VALUES)
def test_the_figure_stands_out_from_what_lies_behind_it(value: int, w: int, h: int) -> None:
    """The big white figure sits on the darker oval of the card; figure against oval reaches
    WCAG's large-text contrast (3:1) on every colour, the light yellows and sky blue included."""
    face = CardArt().face(value, w, h)
    middle = pygame.Rect(0, 0, w * 6 // 10, h * 4 // 10)
    middle.center = (w // 2, h // 2)
    behind = _commonest(face, middle)  # the oval: the figure covers less of the middle than it does
    figure = [face.get_at((x, y)) for x in range(middle.left, middle.right) for y in range(middle.top, middle.bottom)
              if min(face.get_at((x, y))[:3]) > 235]
    assert len(figure) > 0.03 * middle.w * middle.h, "no white figure in the middle of the card"
    assert contrast((255, 255, 255), behind) >= 3.0, (value, behind)


def test_a_face_is_lit_from_the_top_inside_a_pale_margin() -> None:
    """Depth: the colour runs lighter at the top of the card than at its foot, and a pale
    printed margin runs between the dark edge and the colour."""
    for value in VALUES:
        face = CardArt().face(value, 120, 168)
        top = _mean(face, pygame.Rect(9, 50, 4, 12))
        foot = _mean(face, pygame.Rect(9, 110, 4, 12))
        assert _lum(top) > 1.08 * _lum(foot), (value, top, foot)
        margin = face.get_at((4, 84))
        assert min(margin[:3]) > 200, (value, margin)  # the pale margin, not the band's colour


@pytest.mark.parametrize(("w", "h"), [(48, 67), (120, 168)])
def test_the_back_is_a_picture_that_no_face_resembles(w: int, h: int) -> None:
    """The back is a design the same both ways up (a card on the table shows no top), not a
    word; it differs from every face by far more than one face differs from its neighbour."""
    back = CardArt().back(w, h)
    upright = pygame.image.tobytes(back, "RGB")
    turned = pygame.image.tobytes(pygame.transform.rotate(back, 180), "RGB")
    assert sum(abs(a - b) for a, b in zip(upright, turned, strict=True)) / len(upright) < 4
    for value in VALUES:
        face = pygame.image.tobytes(CardArt().face(value, w, h), "RGB")
        assert sum(abs(a - b) for a, b in zip(face, upright, strict=True)) / len(upright) > 20, value


def test_art_is_drawn_once_per_size_then_only_blitted(app, pilot) -> None:
    """A table in play draws no new card picture frame after frame: the sizes are made when
    the table is laid out, and every frame blits them."""
    from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
    from scenes.play import PlayScene

    seats = (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, "easy"), SeatConfig("Li", COMPUTER, "easy"))
    config = MatchConfig("voyage", seats, seed=4)
    app.stack.push(PlayScene(app, config, config.new_game()))
    pilot.advance(5)
    made = dict(CardArt._cache)
    pilot.advance(30)
    assert {key: surface for key, surface in CardArt._cache.items() if key not in made} == {}
