"""The imports point one way, as the README's code map says:

    skyjo (the composition root) -> scenes -> net -> table -> ai, store -> rules
                                    scenes -> ui ----------------------> rules

Every module of game/, scenes/ and skyjo/ is parsed (not imported) and each import
statement is checked, at module level and inside functions alike. The shared leaves
(game.i18n, game.match, game.replay, game.motion, game.resources, game.bench_engine and
the game package itself) sit just above the rules: anything may use them, and they use only
the rules and each other. Nothing below the scenes and the UI imports pygame or pytmx.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "scenes", "skyjo")

# layer -> the modules of it: a module belongs to the first layer with a matching prefix
LAYERS: dict[str, tuple[str, ...]] = {
    "alias": ("game.__main__",),  # `python -m game`, kept as an alias of skyjo/entry.py
    "rules": ("game.rules",),
    "leaf": ("game.i18n", "game.match", "game.replay", "game.motion", "game.resources", "game.bench_engine"),
    "ai": ("game.ai",),
    "store": ("game.store",),
    "table": ("game.table",),
    "net": ("game.net",),
    "ui": ("game.ui",),
    "scenes": ("scenes",),
    "root": ("skyjo",),
}
PACKAGE_LEAF = "game"  # `from game import __version__`: the package's own __init__ is a leaf
# layer -> the layers it may import (its own included)
MAY_IMPORT: dict[str, set[str]] = {
    "rules": {"rules"},
    "leaf": {"rules", "leaf"},
    "ai": {"rules", "leaf", "ai"},
    "store": {"rules", "leaf", "store"},
    "table": {"rules", "leaf", "ai", "store", "table"},
    "net": {"rules", "leaf", "ai", "store", "table", "net"},  # network play: a table served or joined
    "ui": {"rules", "leaf", "ui"},
    "scenes": {"rules", "leaf", "ai", "store", "table", "net", "ui", "scenes"},
    "root": set(LAYERS),
    "alias": {"leaf"},
}
# the one edge out of game/ into the root: `python -m game` runs the app's entry point
ALIAS_TARGETS = {"skyjo.entry"}
# third-party packages that would tie a layer to the screen
SCREEN_PACKAGES = ("pygame", "pytmx")
NO_SCREEN = {"rules", "leaf", "ai", "store", "table", "net", "alias"}


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    path: Path
    line: int
    in_function: bool

    def __str__(self) -> str:
        where = "inside a function" if self.in_function else "at module level"
        return (f"{self.path.relative_to(ROOT)}:{self.line}: {self.source} ({layer_of(self.source)}) imports "
                f"{self.target} ({layer_of(self.target) or 'third party'}) {where}")


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


def layer_of(module: str) -> str | None:
    if module == PACKAGE_LEAF:
        return "leaf"
    for layer, prefixes in LAYERS.items():
        if any(module == prefix or module.startswith(prefix + ".") for prefix in prefixes):
            return layer
    return None


def _is_project(name: str) -> bool:
    return name.split(".")[0] in PACKAGES


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


def against_the_direction(edge: Edge) -> str | None:
    """Why an edge breaks the layering, or None."""
    source = layer_of(edge.source)
    assert source is not None
    top = edge.target.split(".")[0]
    if top in SCREEN_PACKAGES:
        return "the screen below the UI" if source in NO_SCREEN else None
    if not _is_project(edge.target):
        return None
    if source == "alias" and edge.target in ALIAS_TARGETS:
        return None
    target = layer_of(edge.target)
    if target is None:
        return "a module of no layer"
    return None if target in MAY_IMPORT[source] else f"{source} may not import {target}"


def test_every_module_has_a_layer() -> None:
    """A new module must be placed (LAYERS above and the README's code map) before it is used."""
    homeless = sorted(module for module in MODULES if layer_of(module) is None)
    assert not homeless, f"no layer for: {', '.join(homeless)}"


def test_imports_point_one_way() -> None:
    wrong = [f"{edge}: {why}" for edge in EDGES if (why := against_the_direction(edge))]
    for line in wrong:
        print(line)
    assert not wrong, "imports against the layering:\n" + "\n".join(wrong)


def test_scenes_reach_each_other_by_name() -> None:
    """A scene asks the stack for the next one by name (skyjo/app.py SCENES); an import of
    another scene inside a function is how the old cycle between the scenes was made."""
    wrong = [str(edge) for edge in EDGES
             if layer_of(edge.source) == "scenes" and layer_of(edge.target) == "scenes" and edge.in_function]
    for line in wrong:
        print(line)
    assert not wrong, "function-level imports between scenes:\n" + "\n".join(wrong)


def test_the_checker_sees_both_kinds_of_import() -> None:
    """The parse finds module-level and function-level imports, relative ones resolved."""
    cli = {(edge.target, edge.in_function) for edge in EDGES if edge.source == "skyjo.cli"}
    assert ("skyjo.app", True) in cli and ("game", False) in cli
    store = {edge.target for edge in EDGES if edge.source == "game.store.settings"}
    assert "game.store.documents" in store
