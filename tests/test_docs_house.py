"""The docs a newcomer reads point only at what a clone holds, and the README's Quick start
starts from nothing: it clones first, then runs the commands CI runs verbatim."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def named_files(text: str) -> set[str]:
    """The relative targets of the Markdown links and every `*.md` file named in `text`."""
    links = {target for target in re.findall(r"\]\(([^)#\s]+)", text) if "://" not in target}
    return links | set(re.findall(r"(?<![\w./-])([\w./-]+\.md)\b", text))


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_every_file_a_doc_names_is_in_the_repository(doc: Path) -> None:
    missing = [name for name in sorted(named_files(doc.read_text(encoding="utf-8")))
               if not ((doc.parent / name).exists() or (ROOT / name).exists() or (ROOT / "docs" / name).exists())]
    assert missing == [], f"{doc.name} names files a clone does not have: {missing}"


def test_quick_start_clones_then_runs_the_command_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.*?)\n```", start, re.S)
    assert commands[0].startswith("git clone ") and commands[0].endswith("&& cd skyjo")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert commands[1:] == [
        "python3 -m venv .venv && .venv/bin/python -m pip install -e . && .venv/bin/python -m game", ci]
