"""The desktop app's first menu frame imports only what it needs (issue 47, start-up): the engine's
state, events and views, the review's wire shapes, the command line's subcommands and a few
modules of the standard library wait until they are used. The lazy engine facade
(game/rules/__init__.py) and the command line's first reading (skyjo/cli.py parse_arguments) are
checked to say what the eager ones said."""

from __future__ import annotations

import ast
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import game.rules
from skyjo.cli import build_parser, parse_arguments

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 120  # s: generous, a busy machine starts the app slowly

# Not needed by the first menu frame of a fresh data folder (no save, no statistics).
DEFERRED = (
    "game.rules.state", "game.rules.events", "game.rules.view", "game.rules.codec", "game.rules.position",
    "game.store.reviews", "game.wire.pieces", "game.wire.review", "game.replay", "game.ai",
    "skyjo.commands",
    # the standard library's: a file's random name, the map reader, a child process (the file manager,
    # and platform.platform()'s `uname -p`)
    "secrets", "hmac", "xml.etree", "subprocess",
)

# The real entry point; at the first flip the modules loaded so far are written out and the
# process ends (the frame has been drawn: that is all that is asked of it).
FIRST_FRAME_MODULES = """
import json, os, sys
import pygame
_flip = pygame.display.flip
def flip():
    _flip()
    with open(os.environ["MODULES_RECORD"], "w", encoding="utf-8") as file:
        json.dump(sorted(sys.modules), file)
    os._exit(0)
pygame.display.flip = flip
import skyjo.entry as entry
sys.argv = ["skyjo", *sys.argv[1:]]
entry.entry()
"""


def first_frame_modules(tmp_path: Path) -> set[str]:
    record = tmp_path / "modules.json"
    environ = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MODULES_RECORD=str(record))
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME_MODULES, "--data-dir", str(tmp_path / "data")],
                          cwd=ROOT, env=environ, capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0 and record.exists(), done.stderr
    return set(json.loads(record.read_text(encoding="utf-8")))


@pytest.mark.slow
def test_the_first_menu_frame_imports_none_of_the_deferred_modules(tmp_path):
    modules = first_frame_modules(tmp_path)
    assert {"scenes.menu", "game.store", "game.rules.editions"} <= modules  # the menu was drawn from the store
    loaded = sorted(name for name in modules if name.startswith(DEFERRED))
    assert loaded == []


def test_every_name_of_the_engine_is_the_one_its_module_defines():
    assert sorted(game.rules.__all__) == sorted(game.rules._HOME_OF)
    for name in game.rules.__all__:
        module = importlib.import_module(f"game.rules.{game.rules._HOME_OF[name]}")
        assert getattr(game.rules, name) is getattr(module, name), name
    assert set(game.rules.__all__) <= set(dir(game.rules))
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        game.rules.Nothing  # noqa: B018 - the lookup is the test


def test_the_engine_facade_declares_for_the_type_checker_what_it_loads():
    """The names imported under TYPE_CHECKING (what mypy and readers see) are those the facade loads."""
    tree = ast.parse((ROOT / "game/rules/__init__.py").read_text(encoding="utf-8"))
    declared: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            declared.setdefault(node.module, set()).update(alias.name for alias in node.names)
    assert declared == {module: set(names) for module, names in game.rules._HOMES.items()}


@pytest.mark.parametrize("argv", [
    [], ["--data-dir", "/tmp/x"], ["--data-dir=replay"], ["--verbose", "--windowed-size", "1280x720"],
    ["--self-test"], ["--data-dir", "replay"],
])
def test_the_game_alone_is_read_as_the_whole_command_line_reads_it(argv):
    assert parse_arguments(argv) == build_parser().parse_args(argv)


@pytest.mark.parametrize(("argv", "command"), [
    (["replay", "x.json"], "replay"), (["--data-dir", "d", "replay", "x.json"], "replay"), (["bot"], "bot"),
])
def test_a_subcommand_is_read_by_the_whole_command_line(argv, command):
    assert parse_arguments(argv).command == command


@pytest.mark.parametrize("argv", [["--data-dir"], ["--bogus"], ["--ver"], ["-h"]])
def test_a_mistake_or_help_is_said_by_the_whole_command_line(argv, capsys):
    with pytest.raises(SystemExit) as whole:
        build_parser().parse_args(argv)
    said = capsys.readouterr()
    with pytest.raises(SystemExit) as first:
        parse_arguments(argv)
    assert (first.value.code, capsys.readouterr()) == (whole.value.code, said)
