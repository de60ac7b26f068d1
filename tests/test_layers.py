"""The imports point one way, as the code map (docs/architecture.md) says:

    skyjo (the composition root) -> scenes -> net -> table -> ai, store -> rules
                                    scenes -> ui ----------------------> rules

The contract is written where a newcomer reads it: pyproject.toml's [tool.importlinter], checked
by import-linter's `lint-imports` (layers: the app on the scenes on game/, and inside game/ the
network on the tables on the computer players and the store on the shared leaves on the rules;
forbidden: pygame and pytmx below the screen, the drawing off the tables; every module of game/
placed). It sees every import, at module level or inside a function, direct or through others.

What import-linter cannot see is *where* an import sits: the scenes reach each other by name,
and an import of one scene by another inside a function (how the old cycle between the scenes
was made) is checked here by parsing the scenes' source.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "scenes", "skyjo")
# import-linter's own entry point (`lint-imports` is the same function), run in a fresh process
LINT_IMPORTS = ("import sys; from importlinter.cli import lint_imports; "
                "sys.exit(lint_imports(no_cache=True, no_logo=True, limit_to_contracts=tuple(sys.argv[1:])))")


def lint_imports(root: Path, *contracts: str) -> subprocess.CompletedProcess[str]:
    """Check the contracts of `root`/pyproject.toml (all, or those ids) against the packages there."""
    return subprocess.run([sys.executable, "-c", LINT_IMPORTS, *contracts], cwd=root, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "COLUMNS": "200"})  # (long lines unwrapped)


def test_the_import_contracts_hold() -> None:
    done = lint_imports(ROOT)
    assert done.returncode == 0, (
        f"imports against the layering (pyproject.toml [tool.importlinter]):\n{done.stdout}{done.stderr}")
    assert "broken" in done.stdout and " 0 broken" in done.stdout, done.stdout  # it ran the contracts


@pytest.mark.parametrize(("module", "wrong_import", "contract"), [
    ("game/rules/state.py", "import pygame", "no-screen"),
    ("game/rules/state.py", "from game.ai import players", "game"),
    ("game/ai/__init__.py", "import game.store", "game"),
    ("game/ui/widgets.py", "from game.table import controller", "drawing"),
    ("game/net/host.py", "def late():\n    from scenes import base", "app"),
    ("scenes/menu.py", "import skyjo.app", "app"),
    ("game/__init__.py", "import pygame", "package"),
    ("game/__main__.py", "import game.rules", "alias"),
    ("game/newcomer.py", "import game.rules", "game"),  # a module of game/ with no place in the contract
])
def test_a_wrong_import_breaks_its_contract(tmp_path: Path, module: str, wrong_import: str, contract: str) -> None:
    """The contracts can fail: a copy of the code with one wrong import added breaks the one
    that forbids it (and the copy as it is keeps it)."""
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    assert lint_imports(tmp_path, contract).returncode == 0
    path = tmp_path / module
    path.write_text((path.read_text(encoding="utf-8") if path.exists() else "") + f"\n{wrong_import}\n",
                    encoding="utf-8")
    done = lint_imports(tmp_path, contract)
    assert done.returncode == 1 and "BROKEN" in done.stdout, done.stdout + done.stderr


# ---------------------------------------------------------------------- scenes by name
@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    path: Path
    line: int
    in_function: bool

    def __str__(self) -> str:
        where = "inside a function" if self.in_function else "at module level"
        return f"{self.path.relative_to(ROOT)}:{self.line}: {self.source} imports {self.target} {where}"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "__pycache__" not in path.parts:
                found[module_name(path)] = path
    return found


MODULES = project_modules()


def _resolve_from(node: ast.ImportFrom, module: str, path: Path) -> list[str]:
    """The modules a `from X import a, b` reaches: X.a when that is a module, else X."""
    base = node.module or ""
    if node.level:
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join(package + ([base] if base else []))
    targets = []
    for alias in node.names:
        candidate = f"{base}.{alias.name}" if base else alias.name
        targets.append(candidate if candidate in MODULES else base)
    return targets


def _function_lines(tree: ast.AST) -> set[int]:
    """Line numbers of import statements inside a function or method."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    lines.add(inner.lineno)
    return lines


def edges() -> list[Edge]:
    found = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        in_function = _function_lines(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                targets = _resolve_from(node, module, path)
            else:
                continue
            for target in dict.fromkeys(targets):
                found.append(Edge(module, target, path, node.lineno, node.lineno in in_function))
    return found


EDGES = edges()


def _is_scene(module: str) -> bool:
    return module == "scenes" or module.startswith("scenes.")


def test_scenes_reach_each_other_by_name() -> None:
    """A scene asks the stack for the next one by name (scenes/names.py, skyjo/app.py SCENES);
    an import of another scene inside a function is how the old cycle between the scenes was made."""
    wrong = [str(edge) for edge in EDGES if _is_scene(edge.source) and _is_scene(edge.target) and edge.in_function]
    for line in wrong:
        print(line)
    assert not wrong, "function-level imports between scenes:\n" + "\n".join(wrong)


def test_the_checker_sees_both_kinds_of_import() -> None:
    """The parse finds module-level and function-level imports, relative ones resolved."""
    cli = {(edge.target, edge.in_function) for edge in EDGES if edge.source == "skyjo.cli"}
    assert ("skyjo.app", True) in cli and ("game", False) in cli
    store = {edge.target for edge in EDGES if edge.source == "game.store.settings"}
    assert "game.store.documents" in store
