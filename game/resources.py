"""Where the game's asset files live, from a source tree or a PyInstaller bundle.

A leaf of the package (no pygame): the translations (game.i18n) and the UI both look here."""

from __future__ import annotations

import pathlib
import sys


def assets_root() -> pathlib.Path:
    """The ``assets`` folder: ``sys._MEIPASS/assets`` when frozen, ``game/assets`` in an
    installed wheel, ``<repo>/assets`` from a source tree or an editable install.

    PyInstaller sets ``sys._MEIPASS`` for both one-file (temporary unpack folder) and
    one-folder builds, so one check covers both.
    """
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return pathlib.Path(bundle) / "assets"
    game_folder = pathlib.Path(__file__).resolve().parent
    # pyproject.toml maps <repo>/assets to the package game.assets, so a wheel carries it
    # inside game/; a source tree has no game/assets and keeps it beside game/.
    installed = game_folder / "assets"
    if installed.is_dir():
        return installed
    return game_folder.parent / "assets"


def asset_path(*parts: str) -> pathlib.Path:
    """A path inside the assets folder; the file need not exist."""
    return assets_root().joinpath(*parts)


def licence_path() -> pathlib.Path:
    """The program's own licence: ``LICENSE.txt`` beside the bundle's assets (installer.spec
    copies it there), else ``LICENSE`` at the source tree's root; the file need not exist (an
    installed wheel has neither)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return pathlib.Path(bundle) / "LICENSE.txt"
    return pathlib.Path(__file__).resolve().parent.parent / "LICENSE"
