"""Each language's glossary (docs/i18n.md, "## Glossaries") is used: wherever a message's English
text holds a glossary term, its translation holds that language's word for it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game import i18n

DOCS = Path(__file__).resolve().parents[1] / "docs" / "i18n.md"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def glossaries(text: str) -> dict[str, dict[str, list[str]]]:
    """{language name: {English term: [accepted forms]}} from the "## Glossaries" section."""
    section = text.split("\n## Glossaries\n", 1)[1].split("\n## ", 1)[0]
    found: dict[str, dict[str, list[str]]] = {}
    for block in section.split("\n### ")[1:]:
        name, _, body = block.partition("\n")
        rows = [line.strip().strip("|").split("|") for line in body.splitlines() if line.startswith("|")]
        found[name.strip()] = {english.strip(): [form.strip() for form in ours.split(" / ")]
                               for english, ours in rows[2:]}  # after the header and its --- line
    return found


def english_term(term: str) -> re.Pattern[str]:
    """A whole word or phrase, any case, with an "s"/"es" plural; "face-down" also as "face down"."""
    words = r"[- ]".join(re.escape(word) for word in re.split(r"[- ]", term))
    return re.compile(rf"\b{words}(?:e?s)?\b", re.IGNORECASE)


def misused(glossary: dict[str, list[str]], pairs: list[tuple[str, str]]) -> list[str]:
    """Each (English, translation) pair whose English holds a term its translation lacks."""
    wrong = []
    for term, forms in glossary.items():
        pattern = english_term(term)
        for english, translated in pairs:
            if pattern.search(PLACEHOLDER.sub("", english)) and not any(
                    form.casefold() in translated.casefold() for form in forms):
                wrong.append(f"{term!r} -> {' / '.join(forms)}: {english!r} is {translated!r}")
    return wrong


def pairs_of(lang: str) -> list[tuple[str, str]]:
    with open(Path(i18n.locale_dir()) / lang / "LC_MESSAGES" / "skyjo.po", "rb") as f:
        catalogue = read_po(f)
    pairs: list[tuple[str, str]] = []
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        pairs += [(str(ids[min(k, len(ids) - 1)]), str(string)) for k, string in enumerate(strings)]
    return pairs


NAMES = dict(i18n.available_languages())
GLOSSED = sorted(code for code, name in NAMES.items() if name in glossaries(DOCS.read_text(encoding="utf-8")))


def test_the_glossaries_are_read():
    assert {"de", "fr"} <= set(GLOSSED)
    german = glossaries(DOCS.read_text(encoding="utf-8"))["Deutsch"]
    assert german["discard pile"] == ["Ablagestapel"] and german["round"] == ["Runde", "Runden"]


@pytest.mark.parametrize("lang", GLOSSED)
def test_each_glossary_term_is_used_wherever_its_english_term_is(lang):
    glossary = glossaries(DOCS.read_text(encoding="utf-8"))[NAMES[lang]]
    wrong = misused(glossary, pairs_of(lang))
    assert not wrong, "\n".join(wrong)


def test_a_translation_that_strays_from_the_glossary_is_named():
    glossary = {"discard pile": ["Ablagestapel"], "face-down": ["verdeckt"], "round": ["Runde"]}
    pairs = [("Take the discard pile's card", "Nimm die Karte vom Abwurfstapel"),
             ("a face down card", "eine verdeckte Karte"),
             ("{round} rounds: {card}", "{round} Entscheidungsrunden: {card}"),
             ("Surround {name}", "Umzingle {name}")]  # "round" inside a word is not the term
    assert misused(glossary, pairs) == [
        "'discard pile' -> Ablagestapel: \"Take the discard pile's card\" is 'Nimm die Karte vom Abwurfstapel'"]
