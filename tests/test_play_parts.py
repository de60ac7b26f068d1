"""The table screen (scenes/play.py) is composed of parts that own their state (issue 39 item 4):
the notice line is said in one place, and the screen's helpers (input, hints, prompt) and the
overlays over it write nothing into the screen. Read from the code, as tests/test_cohesion.py
reads a class's size: a helper that writes the screen's state again fails here."""

from __future__ import annotations

import ast
from pathlib import Path

SCENES = Path(__file__).resolve().parents[1] / "scenes"
NOTICE = "table_notice.py"
# the screen's helpers and the overlays over it, and the names they give the screen (or the table)
HELPERS = ("table_input.py", "table_prompt.py", "hints.py", "score_overlay.py", "pause.py", "round_score.py",
           "handoff.py")
SCREEN = {"play", "screen", "table"}
# what a helper may set on a part: the table's own switch, which the table answers for (the
# pointer's place is the view's: the input tells it where the pointer went, `view.point_at`)
ALLOWED = {"self.table.link.stand_in"}


def assigned(tree: ast.AST) -> list[ast.expr]:
    """Every target the code assigns to (plain, annotated, augmented, unpacked)."""
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = list(node.targets) if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign | ast.AugAssign) else []
        while targets:
            target = targets.pop()
            if isinstance(target, ast.Tuple | ast.List):
                targets.extend(target.elts)
            else:
                found.append(target)
    return found


def root(target: ast.expr) -> list[str]:
    """`self.play.board.banner` -> ["self", "play", "board", "banner"]; [] for anything else."""
    names = []
    while isinstance(target, ast.Attribute):
        names.append(target.attr)
        target = target.value
    return [target.id, *reversed(names)] if isinstance(target, ast.Name) else []


def test_only_the_notice_line_writes_the_tables_notice() -> None:
    writers = {path.name for path in SCENES.glob("*.py")
               if any(chain[-1:] == ["banner"] for chain in map(root, assigned(ast.parse(path.read_bytes()))))}
    assert writers == {NOTICE}, "say a line on the table with NoticeLine.say (scenes/table_notice.py)"


def test_the_screens_helpers_and_overlays_write_nothing_into_it() -> None:
    written = {}
    for name in HELPERS:
        chains = map(root, assigned(ast.parse((SCENES / name).read_bytes())))
        # the screen's own attributes or its parts' (`play.x`, `self.play.x`, `play.board.x`)
        into = [".".join(chain) for chain in chains
                if (chain[:1] and chain[0] in SCREEN and len(chain) > 1)
                or (chain[:1] == ["self"] and len(chain) > 2 and chain[1] in SCREEN)]
        into = [chain for chain in into if chain not in ALLOWED]
        if into:
            written[name] = into
    assert written == {}, "a helper of the table screen keeps its own state, or asks the screen's part"


def test_the_screens_hand_the_table_view_its_marks_whole() -> None:
    """The prompt, the legal targets, the cursor and the notice's place reach the table view as
    one value (`TableMarks`, game/ui/table_view.py), never set on it one by one; what else a
    screen sets on its view is whose eyes it shows and how its words read."""
    own = {"marks", "viewer", "speaks_to_viewer", "ui_scale"}
    written = {}
    for path in SCENES.glob("*.py"):
        chains = map(root, assigned(ast.parse(path.read_bytes())))
        into = {chain[-1] for chain in chains if "view" in chain[:-1] and chain[chain.index("view") + 1:] == chain[-1:]}
        if into - own:
            written[path.name] = sorted(into - own)
    assert written == {}, "hand the view a TableMarks value (view.marks = ...)"
