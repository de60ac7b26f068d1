"""The package list in pyproject.toml, and a wheel that carries the assets."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import tomllib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _setuptools_config() -> dict:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)["tool"]["setuptools"]


def test_every_python_package_is_listed() -> None:
    """The list is explicit (assets are mapped in as game.assets), so a new sub-package must join it."""
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("game", "scenes", "skyjo")
        for init in (ROOT / top).rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    listed = set(_setuptools_config()["packages"])
    assert on_disk <= listed, f"add to [tool.setuptools] packages: {sorted(on_disk - listed)}"
    assert listed - on_disk == {"game.assets"}


def test_assets_folder_is_mapped_into_the_game_package() -> None:
    assert _setuptools_config()["package-dir"] == {"game.assets": "assets"}
    assert not (ROOT / "game" / "assets").exists(), "game/assets would shadow the mapped folder"


def _pip(*args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_installed_wheel_finds_its_assets(tmp_path: pathlib.Path) -> None:
    """A plain (non-editable) install must run without the source tree."""
    wheels, target = tmp_path / "wheels", tmp_path / "site"
    _pip("wheel", "--no-deps", "--quiet", "-w", str(wheels), str(ROOT))
    (wheel,) = wheels.glob("*.whl")
    _pip("install", "--no-deps", "--quiet", "--target", str(target), str(wheel))
    probe = (
        "from game.resources import asset_path;"
        "print(asset_path('layouts', 'table_4.tmx'));"
        "print(asset_path('locale', 'fr', 'LC_MESSAGES', 'skyjo.mo').is_file())"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stderr
    layout, has_translation = run.stdout.split()
    assert pathlib.Path(layout) == target / "game" / "assets" / "layouts" / "table_4.tmx"
    assert pathlib.Path(layout).is_file()
    assert has_translation == "True"
