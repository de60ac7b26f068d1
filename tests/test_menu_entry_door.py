"""The applications-menu entry through the careful door (issue 46, items 1, 2 and 11): nothing in
the player's XDG data folder can freeze or crash a start or a frame, adding and removing never
touch a file or a folder that is not Skyjo's, and a program whose path holds a % starts from the
entry through GLib's own launcher."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from menu_entry_tools import files_under, open_settings
from pilot import Pilot

from game import desktop
from game.desktop import MenuEntry, NotOursError
from scenes.menu_offer import ASK_VARIABLE, MenuOfferScene, wanted

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not desktop.supported() or not hasattr(os, "mkfifo"),
                                reason="no XDG applications menu or no FIFOs on this system")
# A hang guard, not a speed bound: each action takes milliseconds; on the code before issue 46 it
# blocked for ever on a FIFO. Only a machine stalled for this long could fail the test.
HANG_GUARD = 120.0


def release(fifo: Path) -> None:
    """Wake whoever waits on `fifo` (a reader waits for a writer, a writer for a reader)."""
    ends = []
    for flags in (os.O_RDONLY | os.O_NONBLOCK, os.O_WRONLY | os.O_NONBLOCK):
        with contextlib.suppress(OSError):
            ends.append(os.open(fifo, flags))
    for end in ends:
        os.close(end)


def finishes(action, fifos=()):
    """`action()`'s result; fails (after waking it) if it is still blocked after HANG_GUARD."""
    outcome: dict = {}

    def run():
        try:
            outcome["result"] = action()
        except BaseException as error:  # noqa: BLE001 - raised again in the test's own thread, below
            outcome["error"] = error

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(HANG_GUARD)
    blocked = worker.is_alive()
    while worker.is_alive():
        for fifo in fifos:
            release(fifo)
        worker.join(0.1)
    assert not blocked, "blocked on a FIFO"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["result"]


def plant(kind: str, place: Path) -> None:
    place.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(place)
    elif kind == "link to /dev/zero":
        place.symlink_to("/dev/zero")
    elif kind == "huge file":
        with open(place, "wb") as handle:  # sparse: a gigabyte that takes no room
            handle.truncate(1 << 30)
    elif kind == "folder":
        place.mkdir()


# ---------------------------------------------------------------- item 1: reading never freezes


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero", "huge file", "folder"])
def test_whatever_holds_the_entrys_place_settings_opens_and_the_start_asks(make_app, tmp_path, xdg, monkeypatch,
                                                                           kind):
    entry = MenuEntry()
    plant(kind, entry.path)
    app, scene = finishes(lambda: open_settings(make_app, tmp_path / "data"), [entry.path])
    # not Skyjo's entry: the row offers to add, and adding says the place is taken
    assert scene.buttons.named("menu_entry").label == "Add Skyjo to the applications menu"
    monkeypatch.setenv(ASK_VARIABLE, "1")
    assert finishes(lambda: wanted(app.settings), [entry.path])
    assert finishes(lambda: scene.press("menu_entry"), [entry.path])
    Pilot(app).advance()
    assert scene.problem == (f"Skyjo was not added to the applications menu: {entry.path} is another program's file, "
                             "left as it is.")
    assert files_under(xdg) == ["applications", "applications/skyjo.desktop"]  # nothing written, the thing kept
    assert entry.path.is_symlink() if kind.startswith("link") else not entry.path.is_symlink()


@pytest.mark.slow
def test_a_fifo_at_the_entry_does_not_stop_the_start_before_its_first_frame(tmp_path, xdg):
    """The whole program as a player starts it, asked the menu question: it reaches its frames
    (SKYJO_CRASH_TEST=frame then stops it at the first one, with status 1 and its report)."""
    (xdg / "applications").mkdir()
    os.mkfifo(xdg / "applications" / "skyjo.desktop")
    data = tmp_path / "data"
    environ = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", ASK_VARIABLE: "1",
               "SKYJO_CRASH_TEST": "frame", "XDG_DATA_HOME": str(xdg)}
    done = subprocess.run([sys.executable, "-m", "skyjo", "--data-dir", str(data)], env=environ, cwd=tmp_path,
                          capture_output=True, text=True, timeout=HANG_GUARD)
    assert done.returncode == 1, done.stderr
    assert "a failure made on purpose inside a frame" in done.stderr  # stopped at its first frame, not before
    assert "Traceback" not in done.stderr


# ---------------------------------------------------------------- item 2: writing never damages


def test_adding_never_writes_through_a_link_planted_beside_the_entry_or_an_icon(xdg, tmp_path):
    entry = MenuEntry(xdg, ("/opt/skyjo/skyjo",))
    victim = tmp_path / "the player's notes.txt"
    victim.write_text("my notes", encoding="utf-8")
    planted = [entry.path.with_name("skyjo.desktop.tmp"), entry.icon_path(48).with_name("skyjo.png.tmp")]
    for link in planted:
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(victim)
    entry.add()
    assert victim.read_text(encoding="utf-8") == "my notes"
    assert all(link.is_symlink() for link in planted)  # someone else's links: left where they are
    assert entry.installed()


def test_adding_does_not_wait_on_a_fifo_planted_beside_the_entry(xdg):
    entry = MenuEntry(xdg, ("/opt/skyjo/skyjo",))
    fifos = [entry.path.with_name("skyjo.desktop.tmp"), entry.icon_path(16).with_name("skyjo.png.tmp")]
    for fifo in fifos:
        fifo.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(fifo)
    finishes(entry.add, fifos)
    assert entry.installed()
    assert all(fifo.exists() and not fifo.is_file() for fifo in fifos)


def test_the_players_own_entry_is_never_replaced_and_they_are_told(make_app, tmp_path, xdg):
    entry = MenuEntry()
    mine = "[Desktop Entry]\nType=Application\nName=My Skyjo\nExec=/home/me/bin/skyjo --fullscreen\n"
    entry.path.parent.mkdir(parents=True)
    entry.path.write_text(mine, encoding="utf-8")
    app, scene = open_settings(make_app, tmp_path / "data")
    assert scene.press("menu_entry")
    Pilot(app).advance()
    assert entry.path.read_text(encoding="utf-8") == mine
    assert "is another program's file, left as it is." in scene.problem
    assert files_under(xdg) == ["applications", "applications/skyjo.desktop"]  # no icon either
    with pytest.raises(NotOursError):
        MenuEntry(xdg, ("/opt/skyjo/skyjo",)).add()
    assert MenuEntry(xdg).remove().left == [entry.path]
    assert entry.path.read_text(encoding="utf-8") == mine


def test_the_players_own_icon_is_kept_by_adding_and_by_removing(make_app, tmp_path, xdg):
    entry = MenuEntry()
    theirs = entry.icon_path(48)
    theirs.parent.mkdir(parents=True)
    theirs.write_bytes(b"\x89PNG the player's own drawing")
    app, scene = open_settings(make_app, tmp_path / "data")
    pilot = Pilot(app)
    assert scene.press("menu_entry")
    pilot.advance()
    assert entry.installed() and entry.icon_path(32).is_file()
    assert scene.problem == f"Not Skyjo's, so left as they are: {theirs}"
    assert scene.press("menu_entry")  # now "Remove Skyjo from the applications menu"
    pilot.advance()
    assert not entry.path.exists() and not entry.icon_path(32).exists()
    assert theirs.read_bytes() == b"\x89PNG the player's own drawing"
    assert files_under(xdg) == ["icons", "icons/hicolor", "icons/hicolor/48x48", "icons/hicolor/48x48/apps",
                                "icons/hicolor/48x48/apps/skyjo.png"]


def test_removing_leaves_the_empty_folders_the_player_already_had(xdg):
    had = ["applications", "icons/hicolor/48x48/apps", "icons/hicolor/256x256"]
    for folder in had:
        (xdg / folder).mkdir(parents=True)
    before = files_under(xdg)
    entry = MenuEntry(xdg, ("/opt/skyjo/skyjo",))
    entry.add()
    entry.add()  # pressed twice (the program moved): the first add's record is kept
    entry.remove()
    assert files_under(xdg) == before


def test_an_entry_from_an_older_version_is_still_ours_to_replace_and_remove(xdg):
    entry = MenuEntry(xdg, ("/opt/old/skyjo",))
    old = desktop.entry_text(("/opt/old/skyjo",))  # the mark, no record of folders
    entry.path.parent.mkdir(parents=True)
    entry.path.write_text(old, encoding="utf-8")
    assert entry.installed()
    MenuEntry(xdg, ("/opt/new/skyjo",)).add()
    assert 'Exec="/opt/new/skyjo"' in entry.path.read_text(encoding="utf-8").splitlines()
    assert MenuEntry(xdg).remove().left == []
    assert files_under(xdg) == ["applications"]  # it was there before this add: the player's


def test_the_menu_question_tells_which_file_was_left(make_app, xdg, monkeypatch):
    theirs = MenuEntry().icon_path(64)
    theirs.parent.mkdir(parents=True)
    theirs.write_bytes(b"not ours")
    monkeypatch.setenv(ASK_VARIABLE, "1")
    app = make_app()
    pilot = Pilot(app)
    offer = app.stack.push(MenuOfferScene(app))
    pilot.advance()
    assert offer.press("add")
    pilot.advance()
    assert app.stack.top is offer and offer.problem == f"Not Skyjo's, so left as they are: {theirs}"
    assert offer.added  # the title says it is done, not the question again
    assert MenuEntry().installed() and app.settings.menu_entry_offered
    assert theirs.read_bytes() == b"not ours"


# ---------------------------------------------------------------- items 10 and 11: how the entry starts the program

NO_GIO = pytest.mark.skipif(shutil.which("gio") is None,
                            reason="gio is not installed (GLib's launcher: apt-get install libglib2.0-bin)")


def stand_in_program(folder: Path, marker: Path) -> Path:
    """A program that writes its $TMPDIR and its arguments to `marker`."""
    folder.mkdir(parents=True, exist_ok=True)
    program = folder / "skyjo"
    program.write_text(f'#!/bin/sh\necho "$TMPDIR|$*" > "{marker}"\n', encoding="utf-8")
    program.chmod(0o755)
    return program


def launched_by_glib(entry: MenuEntry, marker: Path) -> str:
    """What the program the entry names wrote, started by GLib's launcher as a menu does."""
    environ = {name: value for name, value in os.environ.items() if name != "TMPDIR"}
    done = subprocess.run(["gio", "launch", str(entry.path)], capture_output=True, text=True, timeout=HANG_GUARD,
                          env=environ)
    assert done.returncode == 0, done.stderr
    for _ in range(int(HANG_GUARD * 10)):  # gio launch returns once the program is spawned
        if marker.is_file() and marker.read_text(encoding="utf-8").endswith("\n"):
            break
        threading.Event().wait(0.1)
    return marker.read_text(encoding="utf-8")


@NO_GIO
def test_glibs_launcher_starts_a_program_whose_path_holds_a_percent(xdg, tmp_path):
    marker = tmp_path / "started"
    program = stand_in_program(tmp_path / "100% games", marker)
    entry = MenuEntry(xdg, (str(program), "-m", "skyjo"))
    entry.add()
    assert launched_by_glib(entry, marker) == "|-m skyjo\n"


@pytest.fixture
def one_file(tmp_path, monkeypatch):
    """This process dressed as the one-file program, unpacked in `folder` (its $TMPDIR)."""
    folder = tmp_path / "my temp, 100% = mine"
    marker = tmp_path / "started"
    program = stand_in_program(tmp_path / "Downloads", marker)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(folder / "_MEI12345abcde"), raising=False)
    monkeypatch.setattr(sys, "executable", str(program))
    monkeypatch.delenv("APPIMAGE", raising=False)
    monkeypatch.delenv("SKYJO_ONE_FILE", raising=False)
    monkeypatch.setenv("TMPDIR", str(folder))
    return folder, marker


@NO_GIO
def test_the_one_file_program_started_with_its_own_temporary_folder_keeps_it_in_the_menu(xdg, one_file):
    """(Item 10) where the system's temporary folder forbids programs or is full, the player starts
    the one file once with TMPDIR=<another folder>; the menu entry then sets it before the unpack."""
    folder, marker = one_file
    entry = MenuEntry(xdg)
    entry.add()
    assert launched_by_glib(entry, marker) == f"{folder}|\n"


def test_only_the_one_file_program_carries_its_temporary_folder(xdg, one_file, monkeypatch):
    folder, _marker = one_file
    assert desktop.unpack_environment() == (f"TMPDIR={folder}",)
    monkeypatch.setattr(sys, "_MEIPASS", "/opt/skyjo/_internal")  # the one-folder app unpacks nothing
    assert desktop.unpack_environment() == ()
    monkeypatch.setattr(sys, "frozen", False)
    monkeypatch.setattr(sys, "_MEIPASS", str(folder / "_MEI12345abcde"))
    assert desktop.unpack_environment() == ()  # from source
    monkeypatch.setattr(sys, "frozen", True)
    monkeypatch.setenv("TMPDIR", "relative/tmp")
    assert desktop.unpack_environment() == ()


def test_the_one_file_that_unpacks_once_carries_its_cache_folder(xdg, one_file, monkeypatch, tmp_path):
    """build/one_file_launcher.c unpacks into $XDG_CACHE_HOME/skyjo: a player who had to choose
    another cache folder (the home's forbids programs, or is full) keeps it in the menu entry."""
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / ".cache" / "skyjo" / "app-0123" / "_internal"))
    monkeypatch.setenv("SKYJO_ONE_FILE", str(tmp_path / "Downloads" / "skyjo"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "my cache"))
    assert desktop.unpack_environment() == (f"XDG_CACHE_HOME={tmp_path / 'my cache'}",)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert desktop.unpack_environment() == ()
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert desktop.unpack_environment() == ()  # its TMPDIR means nothing to it


def test_the_player_is_told_in_french_too(make_app, tmp_path, xdg):
    entry = MenuEntry()
    entry.path.parent.mkdir(parents=True)
    entry.path.write_text("[Desktop Entry]\nName=Mine\n", encoding="utf-8")
    app, scene = open_settings(make_app, tmp_path / "data")
    app.settings.language = "fr"
    app.apply_settings()
    assert scene.press("menu_entry")
    assert scene.problem == (f"Skyjo n'a pas été ajouté au menu des applications : {entry.path} est le fichier d'un "
                             "autre programme, laissé tel quel.")
