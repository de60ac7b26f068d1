"""Where the game's asset files live, from a source tree or a PyInstaller bundle."""

from __future__ import annotations

import pathlib
import sys


def assets_root() -> pathlib.Path:
    """The ``assets`` folder: ``<repo>/assets`` from source, ``sys._MEIPASS/assets`` when frozen.

    PyInstaller sets ``sys._MEIPASS`` for both one-file (temporary unpack folder) and
    one-folder builds, so one check covers both.
    """
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return pathlib.Path(bundle) / "assets"
    # game/ui/resources.py -> repository root is two levels above game/
    return pathlib.Path(__file__).resolve().parents[2] / "assets"


def asset_path(*parts: str) -> pathlib.Path:
    """A path inside the assets folder; the file need not exist."""
    return assets_root().joinpath(*parts)
