"""What the two menu-entry test files share: Settings opened from the menu, and a folder's listing."""

from __future__ import annotations

from pathlib import Path

from pilot import Pilot

from scenes.menu import MenuScene
from scenes.settings import SettingsScene


def open_settings(make_app, data_dir: Path):
    """An app in English at its Settings screen, opened from the menu as a player does."""
    app = make_app(data_dir=data_dir)
    pilot = Pilot(app)
    app.settings.language = "en"
    app.apply_settings()
    app.stack.push(MenuScene(app))
    pilot.advance()
    assert app.stack.top.press("settings")
    pilot.advance()
    assert isinstance(app.stack.top, SettingsScene)
    return app, app.stack.top


def files_under(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))
