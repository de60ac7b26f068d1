"""Every file the game opens goes through the careful door, game/store/files.py (issue 46): no
link followed where it matters, no FIFO waited on, a cap on every read, writes that never go
through a link and never replace a file that is not the game's. This test reads the source of
game/, scenes/ and skyjo/ (with `ast`), finds every call that opens a file, and checks each one is
in the door or on the short list of exceptions below, each with its reason.

To shrink the list: move the open behind the door, delete its line here; the second test fails
on a line that no longer matches an open, so the list never keeps a stale excuse."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from game.store.files import FileProblem, NotOurs, read_bytes, remove_ours, write_ours

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "scenes", "skyjo")
DOOR = "game/store/files.py"

# Calls that open a file, by the name called: `open` (bare, io's, os's, a Path's), a Path's
# reading and writing methods (a bare `read_bytes(...)` is the door's own), or these library
# loaders, each of which opens the path it is given.
OPENING_NAMES = {"open", "fdopen"}
OPENING_METHODS = {"open", "fdopen", "read_text", "read_bytes", "write_text", "write_bytes"}
OPENING_CALLS = {
    "image.load", "image.save", "image.load_extended", "mixer.Sound", "music.load", "font.Font", "pytmx.TiledMap",
    "load_pygame", "gettext.translation", "logging.FileHandler", "handlers.RotatingFileHandler", "RotatingFileHandler",
    "FileHandler", "shutil.copy", "shutil.copyfile", "shutil.copy2", "shutil.copyfileobj", "zipfile.ZipFile",
    "tempfile.NamedTemporaryFile", "tempfile.mkstemp", "tempfile.TemporaryFile",
}

# (file, function): why it opens a file itself. Reading the program's own bundled files (assets,
# metadata) is safe: they are inside the program, read-only, and not the player's.
EXCEPTIONS = {
    ("game/store/lock.py", "FolderLock._create"):
        "the data folder's lock file, created exclusively with O_NOFOLLOW and held open for the app's life",
    ("game/store/lock.py", "FolderLock._open_existing"):
        "the data folder's lock file, opened with O_NOFOLLOW and O_NONBLOCK and checked to be the file it stat'ed",
    ("game/store/lock.py", "FolderLock._repair_guard"): "the data folder itself (a folder, to lock it), never a file",
    ("game/__init__.py", "_bundled_version"): "the frozen program's own METADATA, inside its bundle",
    ("game/rules/compiled_build.py", "sources_digest"): "the rules' own sources, beside the module (issue 47)",
    ("game/rules/compiled_build.py", "compiled_folder"): "the digest the rules' compiled build keeps beside itself",
    ("game/__init__.py", "_pyproject_version"): "the source tree's own pyproject.toml, beside game/",
    ("game/i18n.py", "set_language"): "the catalogues the program ships (assets/locale)",
    ("game/ui/wording.py", "_translations"): "the catalogues the program ships (assets/locale)",
    ("game/ui/sound.py", "SoundPlayer._open"): "the sound effects the program ships (assets/sounds)",
    ("game/ui/layout.py", "_parse_tmx"): "the table layouts the program ships (assets/layouts)",
    ("skyjo/window.py", "set_icon"): "the window icon the program ships (assets/icons)",
    ("skyjo/selftest.py", "media_summary"): "the window icon the program ships (assets/icons), decoded once more",
    ("skyjo/processes.py", "own_command"): "the kernel's /proc file of this process",
    ("skyjo/processes.py", "child_processes"): "the kernel's /proc files of this process's children",
    ("skyjo/bench_soak.py", "rss_mb"): "the kernel's /proc file of this process (a benchmark)",
    ("skyjo/bench_server.py", "_cpu_seconds"): "the kernel's /proc file of the server the bench started",
    ("skyjo/bench_server.py", "_rss_kib"): "the kernel's /proc file of the server the bench started",
    ("skyjo/bench_reader.py", "_file_readers.planted.plant_and_read"):
        "a benchmark planting its inputs in the fresh temporary folder it made",
    ("skyjo/entry.py", "_give_streams"): "os.devnull, for a windowed app without a console",
}
# Opens another branch is moving behind the door, "(file, function): pending: <branch>": its merge
# deletes the line (empty since logs46 moved the log and the crash report behind the door).
PENDING: dict[tuple[str, str], str] = {}


def called_name(call: ast.Call) -> str:
    """`a.b.c(...)` as "a.b.c" (as far as names go)."""
    parts = []
    node = call.func
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def opens_a_file(call: ast.Call) -> bool:
    name = called_name(call)
    if isinstance(call.func, ast.Name) and name in OPENING_NAMES:
        return True
    if isinstance(call.func, ast.Attribute) and call.func.attr in OPENING_METHODS:
        return True
    return any(name == known or name.endswith("." + known) for known in OPENING_CALLS)


def opens_in(source: str) -> list[tuple[str, int, str]]:
    """(enclosing function's qualified name, line, the call) of every file open in `source`."""
    found = []

    def visit(node: ast.AST, scope: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                visit(child, [*scope, child.name])
                continue
            if isinstance(child, ast.Call) and opens_a_file(child):
                found.append((".".join(scope) or "<module>", child.lineno, ast.unparse(child.func)))
            visit(child, scope)

    visit(ast.parse(source), [])
    return found


def every_open() -> list[tuple[str, str, int, str]]:
    """(file, function, line, call) over game/, scenes/ and skyjo/."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            found += [(name, *place) for place in opens_in(path.read_text(encoding="utf-8"))]
    return found


def test_every_file_open_goes_through_the_door_or_is_a_documented_exception():
    allowed = EXCEPTIONS.keys() | PENDING.keys()
    stray = [f"{name}:{line} {function}: {call}()" for name, function, line, call in every_open()
             if name != DOOR and (name, function) not in allowed]
    assert stray == [], "open these through game/store/files.py (or list them with a reason):\n" + "\n".join(stray)


def test_every_exception_still_names_an_open():
    found = {(name, function) for name, function, _line, _call in every_open()}
    stale = sorted(set(EXCEPTIONS) - found) + sorted(set(PENDING) - found)
    assert stale == [], f"no open there any more: delete these lines of the list: {stale}"


def test_the_audit_sees_each_kind_of_open():
    source = '''
import os, io, pygame, gettext, logging.handlers
from pathlib import Path
def reads(p):
    open(p); io.open(p); os.open(p, 0); Path(p).read_text(); p.read_bytes(); p.open("rb")
def writes(p):
    p.write_text("x"); p.write_bytes(b"x"); os.fdopen(3)
class Screen:
    def load(self, p):
        pygame.image.load(p); pygame.mixer.Sound(p); pygame.font.Font(p, 12); gettext.translation("d", p)
        logging.handlers.RotatingFileHandler(p)
def harmless(p):
    p.exists(); p.stat(); "a".replace("a", "b"); os.path.join(p, "x")
'''
    found = opens_in(source)
    assert [function for function, _line, _call in found] == ["reads"] * 6 + ["writes"] * 3 + ["Screen.load"] * 5


# ---------------------------------------------------------------- the door's own promises


def ours(data: bytes) -> bool:
    return data.startswith(b"ours")


def test_write_ours_replaces_only_the_games_own_file(tmp_path):
    victim = tmp_path / "victim"
    victim.write_bytes(b"the player's")
    theirs = tmp_path / "theirs"
    theirs.write_bytes(b"the player's own")
    link = tmp_path / "link"
    link.symlink_to(victim)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for place in (theirs, link, fifo):
        with pytest.raises(NotOurs):
            write_ours(place, b"ours, new", ours, 1024)  # a FIFO is refused at once, never waited on
    assert theirs.read_bytes() == b"the player's own" and victim.read_bytes() == b"the player's"
    assert link.is_symlink() and fifo.exists() and not fifo.is_file()
    mine = tmp_path / "mine"
    write_ours(mine, b"ours, old", ours, 1024)
    write_ours(mine, b"ours, new", ours, 1024)
    assert mine.read_bytes() == b"ours, new"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["fifo", "link", "mine", "theirs", "victim"]


def test_remove_ours_deletes_only_the_games_own_file(tmp_path):
    theirs = tmp_path / "theirs"
    theirs.write_bytes(b"the player's own")
    mine = tmp_path / "mine"
    mine.write_bytes(b"ours")
    link = tmp_path / "link to ours"
    link.symlink_to(mine)  # ours at the end of the link, but the link is someone else's
    for place in (theirs, link):
        with pytest.raises(NotOurs):
            remove_ours(place, ours, 1024)
    assert remove_ours(tmp_path / "missing", ours, 1024) is False
    assert remove_ours(mine, ours, 1024) is True
    assert sorted(path.name for path in tmp_path.iterdir()) == ["link to ours", "theirs"]


def test_a_read_that_must_not_follow_links_refuses_one(tmp_path):
    real = tmp_path / "real"
    real.write_bytes(b"data")
    link = tmp_path / "link"
    link.symlink_to(real)
    assert read_bytes(link, 16) == b"data"  # a player may name a link to their file
    with pytest.raises(FileProblem, match="a link is in its place"):
        read_bytes(link, 16, follow_links=False)
