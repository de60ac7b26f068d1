"""The compiled build of the rules (issue 47, build/compile_rules.py): loaded only when it is
there, matches its sources and SKYJO_PURE_RULES is not 1; and it plays exactly the games of the
pure Python, the reference: the engine digest and the seeded simulate results, unchanged."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from game.rules import compiled_build
from game.rules.compiled_build import MODULES, PURE_VARIABLE, SOURCES_FILE, compiled_folder, sources_digest

ROOT = Path(__file__).resolve().parents[1]


def a_package(tmp_path: Path, built: bool = True) -> Path:
    """A copy of the rules' sources with a (pretend) build beside them that matches them."""
    folder = tmp_path / "rules"
    folder.mkdir()
    for name in MODULES:
        shutil.copy(ROOT / "game" / "rules" / f"{name}.py", folder)
    if built:
        (folder / "_compiled").mkdir()
        (folder / "_compiled" / SOURCES_FILE).write_text(sources_digest(folder) + "\n", encoding="utf-8")
    return folder


def test_a_build_that_matches_its_sources_is_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PURE_VARIABLE, raising=False)
    folder = a_package(tmp_path)
    assert compiled_folder(folder) == str(folder / "_compiled")


def test_the_pure_path_is_played_when_asked_for_or_nothing_is_built(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    folder = a_package(tmp_path)
    monkeypatch.setenv(PURE_VARIABLE, "1")
    assert compiled_folder(folder) is None
    monkeypatch.delenv(PURE_VARIABLE)
    (tmp_path / "unbuilt").mkdir()
    assert compiled_folder(a_package(tmp_path / "unbuilt", built=False)) is None


def test_a_stale_build_is_never_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # an edited source is played as edited: the build compiled from the old text is left aside
    monkeypatch.delenv(PURE_VARIABLE, raising=False)
    folder = a_package(tmp_path)
    with (folder / "state.py").open("a", encoding="utf-8") as source:
        source.write("# edited\n")
    assert compiled_folder(folder) is None


def test_a_frozen_app_plays_the_build_it_was_frozen_with(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # PyInstaller keeps no sources beside the build: nothing to compare, the build is the app's
    monkeypatch.delenv(PURE_VARIABLE, raising=False)
    folder = a_package(tmp_path)
    for name in MODULES:
        (folder / f"{name}.py").unlink()
    assert compiled_folder(folder) == str(folder / "_compiled")


def test_the_build_is_ignored_by_git() -> None:
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout")
    built = f"game/rules/_compiled/state{sysconfig.get_config_var('EXT_SUFFIX')}"
    done = subprocess.run(["git", "check-ignore", "-q", built], cwd=ROOT, check=False)
    assert done.returncode == 0, f"{built} would show in git status"


def _compiler() -> str | None:
    """The C compiler setuptools would use, if this machine has one (Windows: Visual Studio's,
    found through its installer's vswhere, as setuptools finds it)."""
    if sys.platform == "win32":
        vswhere = Path(os.environ.get("PROGRAMFILES(X86)", "C:/Program Files (x86)"),
                       "Microsoft Visual Studio", "Installer", "vswhere.exe")
        return str(vswhere) if vswhere.is_file() else None
    cc = sysconfig.get_config_var("CC")
    return shutil.which(cc.split()[0]) if cc else None


# What the build's process checks: the compiled modules are the ones loaded, and the digest of
# tests/test_engine_fast_digest.py comes out as recorded.
DIGEST = """
import importlib.machinery, json, sys
sys.path[:0] = [{root!r}, {tests!r}]
import game.rules.state, game.rules.legality, game.rules.random_play
loaded = [m.__file__ for m in (game.rules.state, game.rules.legality, game.rules.random_play)]
assert all(f.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) for f in loaded), loaded
import test_engine_fast_digest as d
print(json.dumps([d.digest(), d.EXPECTED]))
"""


@pytest.mark.build
@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_the_compiled_build_plays_the_same_games_as_the_pure_python(tmp_path: Path) -> None:
    if _compiler() is None:
        pytest.skip("no C compiler: the game plays the pure Python")
    if not Path(sysconfig.get_paths()["include"], "Python.h").is_file():
        pytest.skip("no Python headers (Python.h) to compile against: the game plays the pure Python")
    pytest.importorskip("mypyc", reason="mypyc ships with mypy, in .[build]")
    tree = tmp_path / "tree"
    for part in ("game", "skyjo"):
        shutil.copytree(ROOT / part, tree / part, ignore=shutil.ignore_patterns("__pycache__", "_compiled"))
    (tree / "build").mkdir()
    shutil.copy(ROOT / "build" / "compile_rules.py", tree / "build")
    subprocess.run([sys.executable, "build/compile_rules.py", "--quiet"], cwd=tree, check=True, timeout=900)
    assert compiled_build.COMPILED.name in {path.name for path in (tree / "game" / "rules").iterdir()}

    env = {**os.environ, PURE_VARIABLE: "0", "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", DIGEST.format(root=str(tree), tests=str(ROOT / "tests"))],
                          cwd=tree, env=env, capture_output=True, text=True, timeout=600, check=True)
    got, expected = json.loads(done.stdout)
    assert got == expected

    from test_simulate_baseline import RECORD, RUNS, TIMING

    record = json.loads(RECORD.read_text())
    for args in RUNS:
        run = subprocess.run([sys.executable, "-m", "game", "simulate", *args, "--json"], cwd=tree, env=env,
                             capture_output=True, text=True, timeout=300, check=True)
        result = {key: value for key, value in json.loads(run.stdout).items() if key not in TIMING}
        assert result == record[" ".join(args)], args
