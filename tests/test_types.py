"""The code type-checks cleanly with mypy (settings in pyproject.toml): the game package (rules
engine, computer players, store, drawing), the scenes and the app around them, so a type error
there fails the tests, not a player's game."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["game", "scenes", "skyjo", "tools"]  # tools: the research tools, kept in the repository
pytestmark = pytest.mark.timeout(360)  # above mypy's own 300 s below (with no cache: 13 s here)


def mypy(*arguments: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-m", "mypy", *arguments], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env=env)
    return done.returncode, (done.stdout + done.stderr).strip()


# slow: mypy over the whole tree (7-17 s here); the README's test command runs it, and so does
# the `mypy` gate before a commit
@pytest.mark.slow
def test_the_code_type_checks() -> None:
    status, report = mypy(*PACKAGES)
    assert status == 0, f"mypy {' '.join(PACKAGES)} found problems:\n{report}"
    assert report.startswith("Success: no issues found"), report


def test_a_scene_asked_for_by_name_is_checked_against_its_constructor() -> None:
    """scenes/names.py: `push` returns the named scene's class, and an argument the scene does
    not take (or of the wrong type, or one it needs left out) is a type error."""
    program = textwrap.dedent("""\
        from game.ui.scene import SceneStack
        from scenes.names import MENU, PAUSE, PLAY, REPLAY
        def navigate(stack: SceneStack) -> None:
            reveal_type(stack.push(MENU))
            reveal_type(stack.find(PLAY))
            stack.push(PLAY, confg=None)
            stack.push(PAUSE)
            stack.replace(REPLAY, state=None, names=[])
            stack.reset(MENU, modal=True)
        """)
    status, report = mypy("-c", program)
    assert status == 1, report
    assert 'Revealed type is "scenes.menu.MenuScene"' in report
    assert 'Revealed type is "scenes.play.PlayScene | None"' in report
    wrong = sorted(int(line.split(":")[1]) for line in report.splitlines() if ": error:" in line)
    assert wrong == [6, 7, 8, 9], report  # each wrong navigation, and nothing else


@pytest.mark.slow  # (mypy over every test module: 10 s here)
def test_the_tests_type_check_loosely() -> None:
    """The tests as pytest imports them (tests/ on the path): annotated code checked, unannotated
    test bodies not; the modules listed in pyproject.toml as not passing yet are skipped."""
    files = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tests").glob("*.py"))
    env = {**os.environ, "MYPYPATH": "tests"}
    # (unannotated bodies are left unchecked on purpose: mypy's note saying so is not a finding)
    status, report = mypy("--no-check-untyped-defs", "--disable-error-code", "annotation-unchecked", *files, env=env)
    assert status == 0, f"mypy over tests/ found problems:\n{report}"
    assert report.startswith("Success: no issues found"), report
