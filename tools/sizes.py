"""`python -m tools.sizes [--over N]`: the longest modules, for review (never a failure).

A module's length says little by itself (issue 39): the limits that fail the tests measure
cohesion instead (pyproject.toml's ruff rules for functions, tests/test_cohesion.py for
classes). This lists the modules of game/, scenes/, skyjo/ and tools/ over N lines (400 by
default, counted as `wc -l` counts them), longest first, as something to look at in review.
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("game", "scenes", "skyjo", "tools")


def long_modules(over: int) -> list[tuple[int, str]]:
    sizes = [(path.read_bytes().count(b"\n"), path.relative_to(ROOT).as_posix())
             for folder in FOLDERS for path in (ROOT / folder).rglob("*.py")]
    return sorted((size for size in sizes if size[0] > over), reverse=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.sizes", description=__doc__.splitlines()[0])
    parser.add_argument("--over", type=int, default=400, help="list modules over this many lines (default 400)")
    args = parser.parse_args(argv)
    found = long_modules(max(0, args.over))
    for lines, name in found:
        print(f"{lines:6d}  {name}")
    print(f"{len(found)} module(s) over {args.over} lines: worth a look in review, not a failure")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
