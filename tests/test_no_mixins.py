"""A class is composed of parts it owns, never assembled from halves in other files (issue 39
item 1): a base class defined in another module than its subclass sets every attribute it reads
on `self`, itself or through its own bases. A mixin that declares `board: Board` and leaves it
for the class inheriting it to set is a class a reader must assemble from two files, and whose
promise mypy cannot check.

Read with `ast`, linearly: each module once, each class once. A name a base reads is "set" by
it when one of its methods assigns `self.name`, when its body defines it (a method, a property,
a class attribute, a nested class), or when it is a field its record declares (a dataclass,
NamedTuple, msgspec Struct, TypedDict or Protocol lists its fields by annotation). A base
outside the project (threading.Thread, Exception) is asked at run time what it has.
"""

from __future__ import annotations

import ast
import builtins
import functools
import importlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("game", "scenes", "skyjo", "tools")
# Bases whose annotated names are fields the record itself fills (its generated __init__), or
# promises of a protocol, not attributes left for a subclass.
RECORD_BASES = {"NamedTuple", "TypedDict", "Struct", "Protocol"}
RECORD_DECORATORS = {"dataclass"}


@dataclass
class Module:
    name: str
    classes: dict[str, ast.ClassDef] = field(default_factory=dict)
    imports: dict[str, tuple[str, str | None]] = field(default_factory=dict)  # alias -> (module, name or None)


@dataclass(frozen=True)
class Found:
    """A class of the project, or one outside it (`node` None: `dotted` names it)."""

    module: str
    name: str
    node: ast.ClassDef | None = None


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def read_module(name: str, tree: ast.Module, is_package: bool) -> Module:
    module = Module(name)
    package = name if is_package else name.rpartition(".")[0]
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            module.classes[node.name] = node
        elif isinstance(node, ast.Import):
            for alias in node.names:
                module.imports[alias.asname or alias.name.partition(".")[0]] = (
                    alias.name if alias.asname else alias.name.partition(".")[0], None)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _level in range(node.level - 1):
                base = base.rpartition(".")[0]
            source = (f"{base}.{node.module}" if node.module else base) if node.level else node.module or ""
            for alias in node.names:
                module.imports[alias.asname or alias.name] = (source, alias.name)
    return module


@functools.cache
def modules() -> dict[str, Module]:
    found = {}
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = module_name(path)
            found[name] = read_module(name, ast.parse(path.read_bytes(), filename=str(path)), path.stem == "__init__")
    return found


def resolve(module: str, name: str, depth: int = 0) -> Found | str | None:
    """What `name` means in `module`: a class (of the project or not), a module's dotted name
    (a str), or None (a function, a constant, something not found)."""
    known = modules()
    if depth > 20 or module not in known:
        return None
    here = known[module]
    if name in here.classes:
        return Found(module, name, here.classes[name])
    if name not in here.imports:
        return Found("builtins", name) if isinstance(getattr(builtins, name, None), type) else None
    source, attr = here.imports[name]
    if attr is None:
        return source
    if f"{source}.{attr}" in known:
        return f"{source}.{attr}"
    if source in known:
        return resolve(source, attr, depth + 1)
    return Found(source, attr)  # outside the project


def resolve_base(module: str, expr: ast.expr) -> Found | None:
    if isinstance(expr, ast.Subscript):  # Generic[T], Base[int]
        expr = expr.value
    if isinstance(expr, ast.Name):
        found = resolve(module, expr.id)
    elif isinstance(expr, ast.Attribute):  # module.Class, package.module.Class
        first, *middle = ast.unparse(expr.value).split(".")
        owner = resolve(module, first)
        owner = ".".join([owner, *middle]) if isinstance(owner, str) else None
        found = None if owner is None else resolve(owner, expr.attr) if owner in modules() else Found(owner, expr.attr)
    else:
        found = None
    return found if isinstance(found, Found) else None


def bases_of(found: Found) -> list[Found]:
    assert found.node is not None
    return [base for expr in found.node.bases if (base := resolve_base(found.module, expr)) is not None]


def ancestors(found: Found) -> Iterator[Found]:
    """Every base of `found`, its bases' bases and so on (each once)."""
    seen: set[tuple[str, str]] = set()
    todo = bases_of(found) if found.node is not None else []
    while todo:
        base = todo.pop()
        if (base.module, base.name) in seen:
            continue
        seen.add((base.module, base.name))
        yield base
        if base.node is not None:
            todo.extend(bases_of(base))


def own_code(cls: ast.ClassDef) -> Iterator[ast.AST]:
    """The nodes of a class's body, without descending into a nested class (its `self` is another)."""
    todo: list[ast.AST] = list(cls.body)
    while todo:
        node = todo.pop()
        yield node
        todo.extend(child for child in ast.iter_child_nodes(node) if not isinstance(child, ast.ClassDef))


def is_self(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def name_of(expr: ast.expr) -> str:
    expr = expr.func if isinstance(expr, ast.Call) else expr
    return expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else ""


def is_record(cls: ast.ClassDef) -> bool:
    return any(name_of(d) in RECORD_DECORATORS for d in cls.decorator_list) or \
        any(name_of(b.value if isinstance(b, ast.Subscript) else b) in RECORD_BASES for b in cls.bases)


def sets(cls: ast.ClassDef) -> set[str]:
    """The names a class provides itself: its body's definitions and what its code assigns on self."""
    names = set()
    record = is_record(cls)
    for node in cls.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and (node.value or record):
            names.add(node.target.id)
    for code in own_code(cls):
        if isinstance(code, ast.Attribute) and is_self(code.value) and isinstance(code.ctx, ast.Store | ast.Del):
            names.add(code.attr)
        elif isinstance(code, ast.Call) and name_of(code.func) == "setattr" and len(code.args) > 1 \
                and is_self(code.args[0]) and isinstance(code.args[1], ast.Constant):
            names.add(str(code.args[1].value))
    return names


def reads(cls: ast.ClassDef) -> set[str]:
    return {node.attr for node in own_code(cls)
            if isinstance(node, ast.Attribute) and is_self(node.value) and isinstance(node.ctx, ast.Load)}


def outside_has(found: Found, name: str) -> bool:
    """Whether a class outside the project (or a builtin) has `name`; unknown: assume so."""
    try:
        cls = getattr(importlib.import_module(found.module), found.name) if found.module else object
    except (ImportError, AttributeError):
        return True
    return hasattr(cls, name)


def unset_reads(base: Found) -> set[str]:
    """The names `base` reads on self that neither it nor its bases set."""
    assert base.node is not None
    missing = reads(base.node) - sets(base.node)
    for above in ancestors(base):
        missing -= sets(above.node) if above.node is not None else {n for n in missing if outside_has(above, n)}
    return {name for name in missing if not hasattr(object, name)}


def mixins() -> dict[str, list[str]]:
    """"module:Base reads self.x, self.y" -> the classes in other modules that inherit it."""
    found: dict[str, list[str]] = {}
    for module in modules().values():
        for name, node in module.classes.items():
            for base in ancestors(Found(module.name, name, node)):
                if base.node is None or base.module == module.name:
                    continue
                missing = unset_reads(base)
                if missing:
                    key = f"{base.module}:{base.name} reads " + ", ".join(f"self.{n}" for n in sorted(missing))
                    found.setdefault(key, []).append(f"{module.name}:{name}")
    return found


def test_no_base_class_leaves_its_attributes_for_a_subclass_in_another_module_to_set() -> None:
    assert sum(len(module.classes) for module in modules().values()) > 200  # the folders were read
    assert mixins() == {}, "compose: give the part what it needs (its owner, or the values), don't inherit it"


def test_the_check_finds_a_mixin_and_accepts_a_part(tmp_path: Path) -> None:
    """A half-class in one module, finished by its subclass in another, is found; a base that
    sets what it reads, a record's fields and a protocol's promises are not."""
    half = ast.parse("""
from dataclasses import dataclass
from typing import Protocol
class Steps:
    board: list
    def deal(self):
        return self.board[0] + self.speed()
    def speed(self):
        return 1
class Owned:
    def __init__(self, board):
        self.board = board
    def deal(self):
        return self.board[0]
@dataclass
class Record:
    cards: list
    def top(self):
        return self.cards[-1]
class Shape(Protocol):
    size: int
    def twice(self):
        return 2 * self.size
""")
    whole = ast.parse("""
from half import Steps, Owned, Record, Shape
class Animator(Steps):
    def __init__(self):
        self.board = []
class Table(Owned, Record, Shape):
    pass
""")
    modules.cache_clear()
    try:
        known = modules()
        known.clear()
        known["half"] = read_module("half", half, False)
        known["whole"] = read_module("whole", whole, False)
        assert mixins() == {"half:Steps reads self.board": ["whole:Animator"]}
    finally:
        modules.cache_clear()
