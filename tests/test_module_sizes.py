"""No module of the game over 400 lines (issue 31): a module past that is split by what it does,
before it grows further. Counted as `wc -l` counts them."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MOST_LINES = 400


def test_no_module_of_the_game_is_over_400_lines():
    sizes = {path.relative_to(ROOT).as_posix(): path.read_bytes().count(b"\n")
             for folder in ("game", "scenes", "skyjo") for path in (ROOT / folder).rglob("*.py")}
    assert len(sizes) > 100  # the folders were found
    assert {name: lines for name, lines in sizes.items() if lines > MOST_LINES} == {}
