"""The applications menu: the app adds itself from Settings and removes itself again, writing
only inside the XDG data folder a desktop entry that `desktop-file-validate` accepts (issue 41, item 2)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from menu_entry_tools import files_under, open_settings
from pilot import Pilot

from game import desktop, i18n
from game.desktop import MARK, MenuEntry, entry_text, exec_value
from scenes.settings import SettingsScene

ROOT = Path(__file__).resolve().parents[1]
ICONS = sorted((ROOT / "assets" / "icons").glob("skyjo_*.png"))
pytestmark = pytest.mark.skipif(not desktop.supported(), reason="no XDG applications menu on this system")


@pytest.fixture
def settings(make_app, tmp_path):
    return open_settings(make_app, tmp_path / "data")


def validate(path: Path) -> None:
    done = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and done.stdout + done.stderr == "", done.stdout + done.stderr


def test_settings_adds_the_game_to_the_menu_and_removes_it_leaving_nothing(settings, xdg):
    app, scene = settings
    pilot = Pilot(app)
    assert scene.buttons.named("menu_entry").label == "Add Skyjo to the applications menu"
    assert scene.press("menu_entry")
    pilot.advance()
    entry = xdg / "applications" / "skyjo.desktop"
    lines = entry.read_text(encoding="utf-8").splitlines()
    # the running program itself (from source: this Python with -m skyjo), quoted per the specification
    assert f'Exec="{sys.executable}" "-m" "skyjo"' in lines
    assert "Icon=skyjo" in lines and "Name=Skyjo" in lines and not any("@" in line for line in lines)
    for icon in ICONS:
        size = icon.stem.split("_")[1]
        assert (xdg / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "skyjo.png").read_bytes() == icon.read_bytes()
    assert scene.buttons.named("menu_entry").label == "Remove Skyjo from the applications menu"
    assert scene.done == "Skyjo is in the applications menu now."  # a confirmation, not a label that changed
    assert scene.press("menu_entry")
    pilot.advance()
    assert not entry.exists() and scene.done == "Skyjo was removed from the applications menu."
    assert files_under(xdg) == []  # the folders it made went too: the data folder is as it was
    assert scene.buttons.named("menu_entry").label == "Add Skyjo to the applications menu"


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate is not installed (apt-get install desktop-file-utils)")
@pytest.mark.parametrize("program", [
    None,  # what the Settings button writes for this very program
    "/opt/My Games/skyjo",
    '/home/zoé/odd $name "quoted" `tick` back\\slash 100%/Skyjo.AppImage',
])
def test_what_the_game_writes_is_a_valid_desktop_entry(xdg, program):
    entry = MenuEntry(xdg) if program is None else MenuEntry(xdg, (program,))
    entry.add()
    validate(entry.path)


def test_exec_quotes_every_reserved_character_as_the_specification_says():
    # inside double quotes " ` $ \ take a backslash, % is doubled, then the string type doubles every backslash
    program = '/a b/$x "y" `z` \\w 100%/skyjo'
    assert exec_value([program, "-m"]) == '"/a b/\\\\$x \\\\"y\\\\" \\\\`z\\\\` \\\\\\\\w 100%%/skyjo" "-m"'


def test_a_path_with_a_line_break_is_refused_in_one_line(xdg):
    with pytest.raises(desktop.MenuEntryError):
        MenuEntry(xdg, ("/tmp/two\nlines/skyjo",)).add()
    assert files_under(xdg) == [] or not (xdg / "applications" / "skyjo.desktop").exists()


def test_removal_leaves_another_programs_entry_and_icons_alone(xdg):
    entry = MenuEntry(xdg, ("/opt/skyjo/skyjo",))
    theirs = entry_text(("/usr/bin/skyjo",)).replace(MARK + "\n", "")
    entry.path.parent.mkdir(parents=True)
    entry.path.write_text(theirs, encoding="utf-8")
    other_icon = entry.icon_path(48)
    other_icon.parent.mkdir(parents=True)
    other_icon.write_bytes(b"another program's icon")
    assert not entry.installed()
    change = entry.remove()
    assert change.done == [] and change.left == [entry.path, other_icon]
    assert entry.path.read_text(encoding="utf-8") == theirs
    assert other_icon.read_bytes() == b"another program's icon"


def test_the_frozen_app_and_the_appimage_put_themselves_in_exec(monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/skyjo/skyjo")
    monkeypatch.delenv("APPIMAGE", raising=False)
    assert desktop.launcher() == ("/opt/skyjo/skyjo",)
    # an AppImage runs us from a temporary mount: the entry must name the file the player keeps
    monkeypatch.setenv("APPIMAGE", "/home/ann/Downloads/Skyjo-0.1.0-x86_64.AppImage")
    assert desktop.launcher() == ("/home/ann/Downloads/Skyjo-0.1.0-x86_64.AppImage",)


def test_the_one_file_puts_itself_in_exec_not_its_cache(monkeypatch):
    """build/one_file_launcher.c runs the app from the cache folder and names the file it was started as."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/home/ann/.cache/skyjo/app-0123/skyjo")
    monkeypatch.delenv("APPIMAGE", raising=False)
    monkeypatch.setenv("SKYJO_ONE_FILE", "/home/ann/Downloads/skyjo-0.1.0-linux-x86_64")
    assert desktop.launcher() == ("/home/ann/Downloads/skyjo-0.1.0-linux-x86_64",)
    monkeypatch.setenv("SKYJO_ONE_FILE", "relative/skyjo")
    assert desktop.launcher() == ("/home/ann/.cache/skyjo/app-0123/skyjo",)


def test_a_relative_xdg_data_home_is_ignored_as_the_specification_says(monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", "relative/share")
    assert desktop.data_home() == Path.home() / ".local" / "share"


def test_a_failure_is_one_line_on_the_screen_in_the_players_language(settings, tmp_path, monkeypatch):
    app, scene = settings
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("x", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    app.settings.language = "fr"
    app.apply_settings()
    assert scene.press("menu_entry")
    Pilot(app).advance()
    assert scene.problem.startswith("Skyjo n'a pas pu être ajouté au menu des applications : ")
    assert str(blocked) in scene.problem and "\n" not in scene.problem
    i18n.set_language("en")


def test_no_menu_button_where_the_desktop_has_no_applications_menu(make_app, monkeypatch):
    import scenes.settings

    monkeypatch.setattr(scenes.settings, "supported", lambda: False)
    app = make_app()
    scene = app.stack.push(SettingsScene(app))
    Pilot(app).advance()
    assert scene.buttons.named("menu_entry") is None


def test_no_desktop_template_with_placeholders_ships():
    shipped = [ROOT / "installer.spec", *(ROOT / "build").rglob("*"), *(ROOT / "assets").rglob("*")]
    placeholders = [path for path in shipped if path.is_file() and path.suffix in (".desktop", ".py", ".spec", ".sh")
                    and "@EXEC@" in path.read_text(encoding="utf-8", errors="replace")]
    assert placeholders == []


def test_the_built_app_asks_once_and_a_run_from_source_never_unless_asked(make_app, xdg, monkeypatch):
    from scenes.menu_offer import ASK_VARIABLE, MenuOfferScene, wanted

    app = make_app()
    monkeypatch.delenv(ASK_VARIABLE, raising=False)
    assert not wanted(app.settings)  # from source (tests, CI): never
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert wanted(app.settings)  # the frozen app's first start
    offer = app.stack.push(MenuOfferScene(app))
    Pilot(app).advance()
    assert offer.press("add")
    Pilot(app).advance()
    assert MenuEntry().installed() and app.stack.top is offer and offer.added  # said done, before the menu
    assert [button.name for button in offer.buttons.buttons] == ["back"] and offer.press("back")
    assert app.stack.top is not offer
    assert app.settings.menu_entry_offered and not wanted(app.settings)  # answered: never asked again
    MenuEntry().remove()
    assert not wanted(app.settings)  # removed later in Settings: still not asked again


def test_not_now_is_an_answer_too(make_app, xdg, monkeypatch, tmp_path):
    from game.store import Store
    from scenes.menu_offer import ASK_VARIABLE, MenuOfferScene, wanted

    monkeypatch.setenv(ASK_VARIABLE, "1")
    app = make_app(data_dir=tmp_path / "data")
    assert wanted(app.settings)
    offer = app.stack.push(MenuOfferScene(app))
    Pilot(app).advance()
    assert offer.press("decline")
    assert files_under(xdg) == []
    app.store.close()
    assert Store(tmp_path / "data").settings.load().menu_entry_offered  # kept for the next start
