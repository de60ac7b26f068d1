"""Compile the rules engine with mypyc into game/rules/_compiled/ (issue 47).

    python build/compile_rules.py           # build (a C compiler and mypy, from `.[build]`)
    python build/compile_rules.py --clean   # remove the build: the game plays the pure Python again

The modules of the engine's hot loop (MODULES) are compiled, from their own sources, into
extension modules written to game/rules/_compiled/, which
`game/rules/__init__.py` puts before the package's own folder when it is there (and
SKYJO_PURE_RULES=1 is not set), so `import game.rules.state` loads the compiled module and
every other module of the package (the codec, the views...) stays the Python one. The sources
stay the reference: the compiled build is tested against them (tests/test_compiled_rules.py,
the engine digest and the seeded simulate results) and `pip install -e .` never needs it.

The folder also holds SOURCES, a digest of the sources compiled: the package loads the build
only while its sources still match (an edited state.py is played as edited, never by a stale
build). The frozen app (installer.spec) bundles the folder; a build from a tree without a C
compiler simply has none.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the tree being built, whatever the installed copy

from game.arguments import OneLineParser  # noqa: E402 - after the line above
from game.rules.compiled_build import COMPILED, GROUP, MODULES, SOURCES_FILE, sources_digest  # noqa: E402

# What the compiler is handed: the modules' paths, relative to the tree (mypyc names the
# extension modules after them).
SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
setup(name="skyjo-rules-compiled", script_args=sys.argv[1:],
      ext_modules=mypycify({paths!r}, group_name={group!r}, target_dir={target!r}, opt_level="3"))
"""


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = OneLineParser(prog="compile_rules.py", description="Compile the rules engine with mypyc.")
    parser.add_argument("--clean", action="store_true", help="remove the compiled build instead")
    parser.add_argument("--quiet", action="store_true", help="print the compiler's output only if it fails")
    return parser.parse_args(argv)


def clean() -> None:
    shutil.rmtree(COMPILED, ignore_errors=True)


def build(quiet: bool = False) -> Path:
    """Compile MODULES; returns the folder the extension modules were written to."""
    paths = [f"game/rules/{name}.py" for name in MODULES]
    with tempfile.TemporaryDirectory(prefix="skyjo-rules-") as work:
        temp = Path(work)
        script = temp / "setup_rules.py"
        script.write_text(SETUP.format(paths=paths, group=GROUP, target=str(temp / "c")), encoding="utf-8")
        out = temp / "lib"
        command = [sys.executable, str(script), "build_ext", "--build-lib", str(out), "--build-temp", str(temp / "o")]
        env = dict(os.environ, PYTHONPATH=str(ROOT))  # (mypyc reads the sources from ROOT, its cwd)
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=quiet, text=True, check=False)
        if done.returncode != 0:
            if quiet:
                sys.stderr.write(done.stdout + done.stderr)
            raise SystemExit(f"compile_rules.py: the compiler failed (exit {done.returncode}); the pure Python "
                             "engine is unchanged")
        built = sorted((out / "game" / "rules").glob("*"))
        if not built:
            raise SystemExit("compile_rules.py: the compiler wrote no module")
        clean()
        COMPILED.mkdir()
        for path in built:
            shutil.copy2(path, COMPILED / path.name)
    (COMPILED / SOURCES_FILE).write_text(sources_digest() + "\n", encoding="utf-8")
    return COMPILED


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.clean:
        clean()
        print(f"removed {COMPILED.relative_to(ROOT)}")
        return 0
    folder = build(args.quiet)
    names = sorted(path.name for path in folder.iterdir())
    print(f"compiled {len(MODULES)} modules into {folder.relative_to(ROOT)}: {', '.join(names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
