"""Every command's `--json` prints exactly one JSON document on stdout and nothing else (issue 46
item 13: pygame's greeting came first, before `bench frames --json`'s document, because a module
imported pygame before the command hid the greeting). Each runs as a player would run it, in a
process of its own, with nothing in the environment hiding the greeting for it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import finished_game

from game.store.export import export_game

ROOT = Path(__file__).resolve().parents[1]
GAME_LOG = "{game log}"  # stands for an exported game's path in a command below

# Every command that takes --json, each bench target once, at its cheapest (`bench frames
# --while-reviewing` prints through the same lines as `bench frames`, after a minute of review).
# `host --json` prints JSON lines, one per event (tests/test_store_host.py reads them).
COMMANDS = [
    ("bench", "engine", "--seconds", "0.2"),
    ("bench", "frames"),
    ("bench", "bots"),
    ("bench", "idle", "--seconds", "0.3"),
    ("bench", "network"),
    ("bench", "soak", "--games", "1"),
    ("bench", "reader"),
    ("simulate", "--games", "2", "--bots", "easy,normal", "--seed", "1"),
    ("review", GAME_LOG, "--samples", "4"),
]


def only_document(stdout: str) -> object:
    """The one JSON document `stdout` holds, with nothing before or after it but white space."""
    value, end = json.JSONDecoder().raw_decode(stdout.lstrip())
    assert stdout.lstrip()[end:].strip() == "", f"more than one document: {stdout[:200]!r}"
    return value


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: " ".join(command[:2]))
def test_json_output_is_one_document_on_stdout(command: tuple[str, ...], tmp_path: Path) -> None:
    log = export_game(finished_game(3)[1], tmp_path / "exports")
    argv = [str(log) if arg == GAME_LOG else arg for arg in command]
    env = {key: value for key, value in os.environ.items() if key != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env |= {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "SKYJO_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-m", "game", *argv, "--json"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-2000:]
    assert not done.stdout.startswith("pygame"), done.stdout[:200]
    assert isinstance(only_document(done.stdout), dict)
