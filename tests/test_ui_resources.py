"""Asset paths (source tree and PyInstaller bundle) and the text cache."""

from __future__ import annotations

import pathlib
import sys

import pygame
import pytest

from game import resources
from game.resources import asset_path, assets_root
from game.ui.text import TextCache

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_assets_root_from_source() -> None:
    assert assets_root() == ROOT / "assets"
    assert (assets_root() / "layouts" / "table_2.tmx").is_file()


def test_asset_path_joins_parts() -> None:
    assert asset_path("layouts", "table_5.tmx") == ROOT / "assets" / "layouts" / "table_5.tmx"
    assert asset_path() == assets_root()


def test_assets_root_when_frozen(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.assets_root() == tmp_path / "assets"
    assert resources.asset_path("icons", "skyjo.ico") == tmp_path / "assets" / "icons" / "skyjo.ico"


def test_assets_root_in_an_installed_wheel(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    """A wheel carries the assets as game/assets; a source tree keeps them beside game/."""
    module = tmp_path / "site" / "game" / "resources.py"
    module.parent.mkdir(parents=True)
    monkeypatch.setattr(resources, "__file__", str(module))
    assert resources.assets_root() == tmp_path / "site" / "assets"
    (tmp_path / "site" / "game" / "assets").mkdir()
    assert resources.assets_root() == tmp_path / "site" / "game" / "assets"


def test_meipass_alone_does_not_mean_frozen(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.assets_root() == ROOT / "assets"


@pytest.fixture
def text() -> TextCache:
    pygame.font.init()
    return TextCache()


def test_render_is_cached(text: TextCache) -> None:
    first = text.render("Manche 3", 24)
    assert text.render("Manche 3", 24) is first
    assert text.render("Manche 3", 24, (255, 0, 0)) is not first
    assert text.render("Manche 3", 24, bold=True) is not first


def test_render_size_follows_font_size(text: TextCache) -> None:
    small, big = text.render("Skyjo", 16), text.render("Skyjo", 48)
    assert big.get_height() > 2 * small.get_height() and big.get_width() > 2 * small.get_width()


def test_render_uses_the_colour(text: TextCache) -> None:
    surface = text.render("H", 40, (255, 0, 0))
    colours = {tuple(surface.get_at((x, y))) for x in range(surface.get_width()) for y in range(surface.get_height())}
    assert any(c[0] == 255 and c[1] == 0 and c[3] == 255 for c in colours)


def test_french_accents_have_glyphs(text: TextCache) -> None:
    font = text.font(32)
    for ch in "éèêàçùôÉÀ«»’":
        metrics = font.metrics(ch)[0]
        assert metrics is not None and metrics[1] - metrics[0] > 0, ch
    plain, accented = text.render("Tour de Leo", 32), text.render("Tour de Léo", 32)
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(accented, "RGBA")


def test_font_is_cached(text: TextCache) -> None:
    assert text.font(20) is text.font(20)
    assert text.font(20) is not text.font(20, bold=True)
    assert text.font(0).get_height() > 0  # clamped to a usable size


def test_cache_is_bounded() -> None:
    pygame.font.init()
    text = TextCache(max_items=3)
    first = text.render("a", 12)
    for word in "bcd":
        text.render(word, 12)
    assert text.render("a", 12) is not first


# -- icons (build/make_icons.py writes them; they are committed) ------------------------------------------
ICON_SIZES = (16, 32, 48, 64, 128, 256)


@pytest.mark.parametrize("size", ICON_SIZES)
def test_png_icons_have_their_size_and_transparency(size: int) -> None:
    image = pygame.image.load(str(asset_path("icons", f"skyjo_{size}.png")))
    assert image.get_size() == (size, size)
    assert image.get_at((0, 0)).a == 0  # the corners around the cards stay see-through
    assert image.get_bounding_rect().height >= size * 0.75  # the picture fills the icon


def test_ico_file_holds_every_size() -> None:
    import io
    import struct

    data = asset_path("icons", "skyjo.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, len(ICON_SIZES))
    seen = []
    for i in range(count):
        w, h, _, _, planes, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert offset + length <= len(data) and (planes, bpp) == (1, 32)
        image = pygame.image.load(io.BytesIO(data[offset:offset + length]), "entry.png")
        assert image.get_size() == (w or 256, h or 256)
        seen.append(image.get_width())
    assert sorted(seen) == list(ICON_SIZES)
