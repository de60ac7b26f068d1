"""One version, shown: pyproject.toml's version is what `skyjo --version`, the game and the About
page say; the About page names the licence, the credits and the data folder, and opens that
folder in the file manager without a shell (issue 41, item 7)."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pygame
import pytest
from pilot import Pilot

import game
from game import desktop
from scenes.about import LIBRARIES, AboutScene
from scenes.menu import MenuScene

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


@pytest.fixture
def about(make_app, tmp_path):
    app = make_app(size=(1280, 720), data_dir=tmp_path / "data")
    app.settings.language = "en"
    app.apply_settings()
    app.stack.push(MenuScene(app))
    Pilot(app).click("About")
    assert isinstance(app.stack.top, AboutScene)
    return app, app.stack.top


def test_skyjo_version_prints_pyprojects_version():
    done = subprocess.run([sys.executable, "-m", "skyjo", "--version"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout.strip()) == (0, f"skyjo {PROJECT['version']}")
    assert game.__version__ == PROJECT["version"]


def test_a_source_tree_run_without_installing_reads_pyproject(monkeypatch):
    monkeypatch.setattr(game, "_found", [])
    monkeypatch.setattr(game, "_metadata_version", lambda: None)
    assert game.version() == PROJECT["version"]


def test_no_other_file_states_the_version():
    # the version is written once, in pyproject.toml; the code reads it (game/__init__.py)
    pattern = re.compile(r"""__version__\s*=\s*["']""")
    stated = [path for folder in ("game", "scenes", "skyjo") for path in (ROOT / folder).rglob("*.py")
              if pattern.search(path.read_text(encoding="utf-8"))]
    assert stated == []


def test_the_about_page_shows_the_version_licence_credits_and_data_folder(about, tmp_path):
    app, scene = about
    shown = " ".join(scene.paragraphs())
    assert "MIT licence" in shown and "Magilano" in shown and "unofficial" in shown
    assert "LICENSE" not in shown and not any(library in shown for library in LIBRARIES)  # a family's words
    assert str(tmp_path / "data") in scene.paragraphs()
    seen: set[str] = set()
    from game import i18n

    i18n.set_recorder(seen.add)
    try:
        Pilot(app).advance()
    finally:
        i18n.set_recorder(None)
    assert "Version {version}" in seen and "About Skyjo" in seen


def test_the_credits_name_every_library_the_game_runs_on():
    required = {re.split(r"[<>=!~ \[]", requirement)[0] for requirement in PROJECT["dependencies"]}
    assert set(LIBRARIES) == required


def test_the_button_opens_the_data_folder_in_the_file_manager(about, monkeypatch, tmp_path):
    _app, scene = about
    launched = []
    monkeypatch.setattr(desktop, "_launch", launched.append)
    assert scene.press("open")
    assert launched == [["xdg-open", str(tmp_path / "data")]] if sys.platform.startswith("linux") else launched
    assert scene.problem == ""


def test_each_system_opens_a_folder_its_own_way_never_through_a_shell(monkeypatch, tmp_path):
    launched, started = [], []
    monkeypatch.setattr(desktop, "_launch", launched.append)
    monkeypatch.setattr(desktop.os, "startfile", started.append, raising=False)
    desktop.open_folder(tmp_path / "a b; rm -rf x", platform="linux")
    desktop.open_folder(tmp_path / "c", platform="darwin")
    desktop.open_folder(tmp_path / "d", platform="win32")
    assert launched == [["xdg-open", str(tmp_path / "a b; rm -rf x")], ["open", str(tmp_path / "c")]]
    assert started == [tmp_path / "d"]
    assert (tmp_path / "a b; rm -rf x").is_dir()  # made first: a fresh install has no data folder yet


def test_no_file_manager_is_said_in_one_line_and_the_path_stays_shown(about, monkeypatch):
    app, scene = about
    pilot = Pilot(app)

    def missing(command):
        raise FileNotFoundError(2, "No such file or directory", command[0])

    monkeypatch.setattr(desktop, "_launch", missing)
    assert scene.press("open")
    assert scene.problem == ("No file manager was found to open the folder: copy its path above. "
                             "Your games are safe.")
    assert str(scene.data_dir) in scene.paragraphs()  # the path to copy
    pilot.advance()
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


@pytest.mark.parametrize("copied", ["skyjo_desktop-9.8.7.dist-info/METADATA", "skyjo_desktop.egg-info/PKG-INFO"])
def test_the_frozen_app_reads_the_metadata_its_spec_copied(monkeypatch, tmp_path, copied):
    (tmp_path / copied).parent.mkdir()
    (tmp_path / copied).write_text("Metadata-Version: 2.4\nName: skyjo-desktop\nVersion: 9.8.7\n", encoding="utf-8")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.setattr(game, "_found", [])
    monkeypatch.setattr(game, "_pyproject_version", lambda: None)  # (a bundle holds no pyproject.toml)
    assert game.version() == "9.8.7"


def test_the_licence_is_shown_in_the_app_with_what_it_is_built_with(about):
    """A one-file program has no LICENSE file beside it: the page shows the licence's own text."""
    app, scene = about
    assert scene.press("licence")
    Pilot(app).advance()
    shown = " ".join(scene.paragraphs())
    assert "Permission is hereby granted, free of charge" in shown and "MIT License" in shown
    assert all(library in shown for library in LIBRARIES)
    assert scene.buttons.named("licence").label == "About"
    assert scene.press("licence") and "Magilano" in " ".join(scene.paragraphs())


def test_the_licence_missing_from_a_copy_is_said_in_a_line(about, monkeypatch, tmp_path):
    import scenes.about

    _app, scene = about
    monkeypatch.setattr(scenes.about, "licence_path", lambda: tmp_path / "none")
    scene.press("licence")
    assert scene.paragraphs()[0] == "This copy of the program has no licence file: it is the MIT licence."


def test_the_buttons_follow_the_text_without_an_empty_band(about):
    from helpers import journal_inks

    from game.ui.ink import TEXT

    app, scene = about
    Pilot(app).advance()
    texts = [ink.rect for ink in journal_inks(app, [scene]) if ink.kind == TEXT and ink.words == str(scene.data_dir)]
    button = scene.viewport.rect(scene.buttons.named("open").box)
    assert texts and 0 < button.top - texts[0].bottom <= 60 * scene.viewport.scale
