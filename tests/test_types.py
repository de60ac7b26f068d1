"""The rules engine and the computer players type-check cleanly with mypy (settings in
pyproject.toml), so a type error there fails the tests, not a player's game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["game/rules", "game/ai"]


def test_rules_and_bots_type_check() -> None:
    done = subprocess.run([sys.executable, "-m", "mypy", *PACKAGES], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    report = (done.stdout + done.stderr).strip()
    assert done.returncode == 0, f"mypy {' '.join(PACKAGES)} found problems:\n{report}"
    assert report.startswith("Success: no issues found"), report
