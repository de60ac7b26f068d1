"""The game package (rules engine, computer players, store, drawing) type-checks cleanly with
mypy (settings in pyproject.toml), so a type error there fails the tests, not a player's game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["game"]  # scenes/ not yet: its scene stack and buttons are typed Optional


def test_the_game_package_type_checks() -> None:
    done = subprocess.run([sys.executable, "-m", "mypy", *PACKAGES], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    report = (done.stdout + done.stderr).strip()
    assert done.returncode == 0, f"mypy {' '.join(PACKAGES)} found problems:\n{report}"
    assert report.startswith("Success: no issues found"), report
