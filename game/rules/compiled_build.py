"""Where the compiled build of the rules lives, and whether this process plays it (issue 47).

`python build/compile_rules.py` compiles MODULES with mypyc into COMPILED; the package's
`__init__` asks `compiled_folder` once, when it is first imported, and puts the folder before
its own in `__path__`, so the compiled modules load instead of those sources. The Python
sources stay the reference (docs/engineering.md "Issue 47: the compiled engine"): the build is
used only when it exists, matches the sources it was compiled from, and SKYJO_PURE_RULES is
not 1; without a C compiler there is none, and the game plays the same games in pure Python.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

# The engine's hot loop and what it calls: the random play of the benchmark, a game's moves,
# legality and round end, the position, the interned actions, the shuffle, editions and
# options. The codec, the views, the events and the reasons stay Python (not on the hot loop),
# and so do the actions themselves (actions.py says why).
MODULES = ("interned", "editions", "options", "position", "legality", "round_end", "shuffle", "state", "random_play")
GROUP = "game.rules.engine"  # the compiled modules' shared library: game/rules/_compiled/engine__mypyc.*
HERE = Path(__file__).resolve().parent
COMPILED = HERE / "_compiled"
SOURCES_FILE = "SOURCES"  # in COMPILED: the digest of the sources compiled
PURE_VARIABLE = "SKYJO_PURE_RULES"


def sources_digest(folder: Path = HERE) -> str:
    """SHA-256 over MODULES' sources, in order: what a build was compiled from."""
    sha = hashlib.sha256()
    for name in MODULES:
        sha.update((folder / f"{name}.py").read_bytes())
    return sha.hexdigest()


def compiled_folder(package_folder: Path) -> str | None:
    """The folder of compiled modules this process should load, or None for the pure path:
    none is built, SKYJO_PURE_RULES=1 asks for the pure path, or the sources changed since the
    build (a frozen app has no sources beside its build: it plays the build it was frozen with)."""
    if os.environ.get(PURE_VARIABLE) == "1":
        return None
    folder = package_folder / "_compiled"
    try:
        built = (folder / SOURCES_FILE).read_text(encoding="utf-8").strip()
    except OSError:  # no build
        return None
    if (package_folder / "state.py").is_file():
        try:
            if sources_digest(package_folder) != built:
                return None
        except OSError:
            return None
    return str(folder)
