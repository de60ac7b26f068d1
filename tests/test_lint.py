"""`ruff check .` is clean (rules in pyproject.toml, [tool.ruff]), so the README's one test
command lints the code too; and the check can fail: a copy with one lint error is named."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def ruff_check(folder: Path) -> subprocess.CompletedProcess[str]:
    """`ruff check .` in `folder`, with the ruff installed beside this Python (the test extra's)."""
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=folder,
                          capture_output=True, text=True, timeout=120)


def test_ruff_finds_nothing() -> None:
    done = ruff_check(ROOT)
    assert done.returncode == 0, f"ruff check . found problems:\n{done.stdout}{done.stderr}"
    assert "All checks passed" in done.stdout, done.stdout + done.stderr  # it ran


def test_a_lint_error_fails_the_check(tmp_path: Path) -> None:
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "careless.py").write_text("import os\n\n\ndef f():\n    return 1\n", encoding="utf-8")
    done = ruff_check(tmp_path)
    assert done.returncode == 1 and "careless.py" in done.stdout and "F401" in done.stdout, done.stdout + done.stderr
