"""A test that hangs fails the run instead of holding it up for ever: pyproject.toml gives every
test a time limit (pytest-timeout, [tool.pytest.ini_options]), generous, and a hanging test
run under the project's settings, its limit cut to 2 s, is stopped and named."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HANGS = """\
import threading


def test_waits_for_ever():
    threading.Event().wait()  # nothing will ever set it
"""


def test_every_test_has_a_generous_time_limit() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert 60 <= float(options["timeout"]) <= 900 and options["timeout_method"] == "thread"


@pytest.mark.slow  # (a whole process, a deadline or a bench: the whole suite runs it)
def test_a_hanging_test_fails_by_the_time_limit(tmp_path: Path) -> None:
    shutil.copy(ROOT / "pyproject.toml", tmp_path)  # the project's settings, with only the limit cut below
    (tmp_path / "test_hangs.py").write_text(HANGS, encoding="utf-8")
    command = [sys.executable, "-m", "pytest", "test_hangs.py", "-o", "timeout=2", "-p", "no:cacheprovider"]
    # without a limit: never ends
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert "Timeout" in output and "test_waits_for_ever" in output and "threading.Event().wait()" in output, output
