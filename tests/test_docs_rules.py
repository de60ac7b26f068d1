"""docs/rules.md stays the rule book the tests cite: every rules test names a section that
exists, every scenario file is listed with its sections, the editions' figures are the
engine's, and the README points at it."""

import ast
import re
from pathlib import Path

import pytest
from scenarios.catalog import CATALOG

from game.rules import EDITIONS

ROOT = Path(__file__).resolve().parent.parent
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
RULE_TESTS = ["test_rules_setup.py", "test_rules_turns.py", "test_rules_scoring.py", "test_rules_information.py",
              "test_replay_scenarios.py"]
CITATION = re.compile(r"docs/rules\.md (§[\d.]+(?:(?:, |-)§[\d.]+)*)")


def sections() -> set[str]:
    """The section numbers of docs/rules.md: "4" for "## 4. …", "4.3" for "### 4.3 …"."""
    return set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", RULES, re.M))


def cited(text: str) -> list[str]:
    return [number for group in CITATION.findall(text) for number in re.findall(r"§(\d+(?:\.\d+)?)", group)]


def section_text(number: str) -> str:
    start = re.search(rf"^## {number}\. .*$", RULES, re.M)
    assert start, f"no section {number}"
    end = re.search(r"^## ", RULES[start.end():], re.M)
    return RULES[start.end(): start.end() + end.start() if end else len(RULES)]


@pytest.mark.parametrize("name", RULE_TESTS)
def test_every_rules_test_names_its_section(name: str) -> None:
    tree = ast.parse((Path(__file__).parent / name).read_text(encoding="utf-8"))
    unnamed = [node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
               and not cited(ast.get_docstring(node) or "")]
    assert not unnamed, f"{name}: tests without a docs/rules.md section in their docstring: {unnamed}"


def test_every_cited_section_exists() -> None:
    known = sections()
    for path in sorted(Path(__file__).parent.rglob("*.py")):
        missing = sorted(set(cited(path.read_text(encoding="utf-8"))) - known)
        assert not missing, f"{path.name} cites docs/rules.md sections that do not exist: {missing}"


def test_every_scenario_file_is_listed_with_its_sections() -> None:
    table = section_text("13")
    listed = set(re.findall(r"^\| `(\w+)` \| §", table, re.M))
    assert listed == set(CATALOG)


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_the_editions_figures_are_the_engines(edition: str) -> None:
    cls = EDITIONS[edition]
    counts = cls.card_counts
    text = section_text("1")
    assert f"{cls.deck_size()} cards: −2 ×{counts[-2]}, −1 ×{counts[-1]}, 0 ×{counts[0]}" in text
    assert f"and {counts[1]} of each value from 1 to 12" in text and len(set(counts[v] for v in range(1, 13))) == 1
    assert f"| {cls.min_players} to {cls.max_players} |" in text


def test_the_readme_links_the_rules_in_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/rules.md)" in readme
    assert "../shared" not in readme
