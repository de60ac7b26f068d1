"""Cohesion instead of length (issue 39): a class holds one job, so it has at most
MOST_PUBLIC_METHODS public methods and sets at most MOST_ATTRIBUTES attributes on itself. The
functions' limits (paths and branches) are ruff's, in pyproject.toml; a module's length is
only reported, for review, by `python -m tools.sizes`.

Why these figures: 20 public methods is pylint's own default (a scene answers its events, a table
its protocol, well below it); pylint's 7 attributes fits a value, not a screen, which keeps a
dozen things (its widgets, its state, what it shows): past 15 a class holds the state of several
objects. Today's classes past a limit are listed below, each to be split (issue 39); nothing new
may join them.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("game", "scenes", "skyjo", "tools")
MOST_PUBLIC_METHODS = 20
MOST_ATTRIBUTES = 15

# "module:Class" -> today's count, each with the reason it stays past a limit. Lower a figure or drop
# a line once its class is smaller; a new line needs a reason as good.
PUBLIC_METHODS_TODAY = {
    # its parts own its computer seats (computers.py) and its store (autosave.py); each of these 24 is a
    # member of `Table` (shape.py) or of the host's `ServedTable` (game/net/served.py), most a line
    # answering from the state or a part
    "game/table/controller.py:TableController": 24,
}
ATTRIBUTES_TODAY = {
    "game/rules/state.py:GameState": 19,  # the engine's whole game, kept flat for its speed: issue 39 item 1
    # a game's 25 facts (each declared in its part, position.py), its identity and its event record: the
    # one native class of a compiled build, copied field by field for the search's speed (issue 47)
    "game/rules/position.py:Position": 28,
}


def public_methods(cls: ast.ClassDef) -> int:
    """The methods (properties included) a caller may use: defined in the class's body, not `_`-named,
    each once (a method's `@overload` signatures, for the type checker, are not more methods)."""
    return sum(isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not node.name.startswith("_")
               and not any(_named(decorator) == "overload" for decorator in node.decorator_list)
               for node in cls.body)


def _named(decorator: ast.expr) -> str:
    """`overload` for `@overload` and `@typing.overload`."""
    return decorator.attr if isinstance(decorator, ast.Attribute) else getattr(decorator, "id", "")


def attributes(cls: ast.ClassDef) -> int:
    """The distinct attributes the class's own code sets on `self` (assigned, annotated or augmented)."""
    names = set()
    for node in ast.walk(cls):
        targets = list(node.targets) if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign | ast.AugAssign) else []
        while targets:
            target = targets.pop()
            if isinstance(target, ast.Tuple | ast.List):
                targets.extend(target.elts)
            elif isinstance(target, ast.Starred):
                targets.append(target.value)
            elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                names.add(target.attr)
    return len(names)


@functools.cache
def classes() -> dict[str, ast.ClassDef]:
    found = {}
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_bytes(), filename=str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    found[f"{path.relative_to(ROOT).as_posix()}:{node.name}"] = node
    return found


def over(count: Callable[[ast.ClassDef], int], most: int) -> dict[str, int]:
    return {name: count(cls) for name, cls in classes().items() if count(cls) > most}


def test_no_new_class_has_more_than_20_public_methods() -> None:
    found = over(public_methods, MOST_PUBLIC_METHODS)
    assert len(classes()) > 200  # the folders were read
    new = {name: n for name, n in found.items() if name not in PUBLIC_METHODS_TODAY}
    assert new == {}, f"classes past {MOST_PUBLIC_METHODS} public methods: split them by what they do"
    grown = {name: n for name, n in found.items() if n > PUBLIC_METHODS_TODAY[name]}
    assert grown == {}, "a class waiting to be split has grown"


def test_no_new_class_sets_more_than_15_attributes() -> None:
    found = over(attributes, MOST_ATTRIBUTES)
    new = {name: n for name, n in found.items() if name not in ATTRIBUTES_TODAY}
    assert new == {}, f"classes setting more than {MOST_ATTRIBUTES} attributes on self: split them by what they hold"
    grown = {name: n for name, n in found.items() if n > ATTRIBUTES_TODAY[name]}
    assert grown == {}, "a class waiting to be split has grown"


def test_the_counts_read_a_class_as_a_reader_does() -> None:
    source = """
class Hub:
    kind = "hub"                      # a class attribute: not set on self
    def __init__(self, a):
        self.a, self.b = a, 0         # two
        self.c: int = 1               # three
    def grow(self):
        self.b += 1                   # (b again)
        self.items[0] = 1             # sets an item of an attribute, not an attribute
    @property
    def size(self):
        return self.a
    @overload
    def get(self, key: int) -> int: ...
    @typing.overload
    def get(self, key: str) -> str: ...
    def get(self, key):               # one method, whatever its signatures
        return key
    def _inside(self):
        other = self
        other.d = 1                   # not through `self`: not counted
"""
    (cls,) = [node for node in ast.parse(source).body if isinstance(node, ast.ClassDef)]
    assert public_methods(cls) == 3  # grow, size, get
    assert attributes(cls) == 3  # a, b, c
