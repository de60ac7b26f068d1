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


LINKED_DOCS = [*DOCS, ROOT / "CHANGELOG.md"]


def anchors(markdown: str) -> set[str]:
    """The anchors a Markdown renderer gives the headings (GitHub's rule: lower case, punctuation
    dropped, spaces to hyphens, a repeated heading numbered), code blocks left out."""
    found: set[str] = set()
    outside_code = re.sub(r"```.*?```", "", markdown, flags=re.S)
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*#*$", outside_code, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        name, number = slug, 0
        while name in found:
            number += 1
            name = f"{slug}-{number}"
        found.add(name)
    return found


def links(markdown: str) -> list[str]:
    """Every Markdown link and image target, code blocks and inline code left out."""
    prose = re.sub(r"`[^`\n]*`", "", re.sub(r"```.*?```", "", markdown, flags=re.S))
    return re.findall(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", prose)


@pytest.mark.parametrize("doc", LINKED_DOCS, ids=lambda path: path.name)
def test_every_relative_link_resolves_from_where_the_doc_lies(doc: Path) -> None:
    broken = []
    for target in links(doc.read_text(encoding="utf-8")):
        if "://" in target or target.startswith("mailto:"):
            continue
        path, _, anchor = target.partition("#")
        file = (doc.parent / path).resolve() if path else doc
        if not file.exists() or ROOT not in [file, *file.parents]:  # noqa: SIM114 - a file, then an anchor in it
            broken.append(target)
        elif anchor and file.suffix == ".md" and anchor not in anchors(file.read_text(encoding="utf-8")):
            broken.append(target)
    assert broken == [], f"{doc.name}: links that lead nowhere: {broken}"


def test_the_readme_points_only_inside_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert [target for target in links(readme) if "://" in target or target.startswith("..")] == []
    assert re.findall(r"https?://", readme) == []


def test_the_readme_is_for_players_first() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = readme.split("## Quick start", 1)[0]  # what a player reads before the commands
    for heading in ("## Download", "## How to play"):
        assert heading in first
    assert "](docs/images/table.png)" in first and (ROOT / "docs" / "images" / "table.png").is_file()
    steps = re.findall(r"^\d\. ", first.split("## How to play", 1)[1], re.M)
    assert len(steps) == 5
    for engineering in ("import-linter", "| match | Voyage", "p99", "## Code map"):
        assert engineering not in readme


def test_the_readme_tells_the_release_it_offers() -> None:
    """Download offers Linux's one program file: the build section may not say the app is one-folder."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    download = readme.split("## Download", 1)[1].split("\n## ", 1)[0]
    assert "one program file" in download
    flat = " ".join(readme.split())
    assert "app is one-folder" not in flat and "get a one-folder app" not in flat
