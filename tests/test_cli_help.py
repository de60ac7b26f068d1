"""`--help` documents what a player may type: the window size option, and what `skyjo replay`
really does (it prints the final position; the visual replay is in the game)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, data_dir: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "SKYJO_DATA_DIR": str(data_dir), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_help_documents_the_windowed_size(tmp_path: Path) -> None:
    done = run("--help", data_dir=tmp_path / "data")
    assert done.returncode == 0 and done.stderr == ""
    line = next(line for line in done.stdout.splitlines() if "--windowed-size" in line and "open" in line)
    assert "WxH" in line and "1280x720" in line
    assert not (tmp_path / "data").exists()  # asking for help writes nothing


def test_replay_help_says_it_prints_the_final_position_and_where_to_watch(tmp_path: Path) -> None:
    top = run("--help", data_dir=tmp_path)
    replay = run("replay", "--help", data_dir=tmp_path)
    assert replay.returncode == 0
    assert "final position" in " ".join(top.stdout.split())
    words = " ".join(replay.stdout.split())
    assert "final position" in words and "Watch the last round" in words


def test_a_bad_windowed_size_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = run("--windowed-size", "big", data_dir=tmp_path / "data")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "--windowed-size" in done.stderr and "1280x720" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_commands_and_the_replay_doc_say_what_replay_prints() -> None:
    commands = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    row = next(line for line in commands.splitlines() if line.startswith("| `skyjo replay"))
    assert "final position" in row and "Watch the last round" in row
    intro = (ROOT / "docs" / "replay.md").read_text(encoding="utf-8").split("\n## ")[0]
    assert "final position" in intro and "Watch the last" in " ".join(intro.split())
