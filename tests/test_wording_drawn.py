"""Every string a driven game draws, read as drawn (issue 40 item 9): each screen of the gallery
(tests/i18n_gallery.py: menus, the table of 2 to 8 players, hand-off, scores, game over, review,
network pages) driven headless, with every text that goes through the text cache recorded. No
double space ("You  (ended the round)"), no number run into a word ("24points"), in English and
French. A double space also vanished where a line was wrapped: "Right/Space: next  Left: back"
came out "next Left: back"."""

from __future__ import annotations

import itertools
import re

import pytest
from i18n_gallery import game_overs, screens, tables

from game.ui.text import TextCache

# a figure followed by letters in one word: allowed only as a number's plural ("three 5s") or
# an ordinal ("2nd", "1er", "5e"); a code of capitals and digits ("K7QX2M") is no number
GLUED = re.compile(r"(?<![^\W_])(\d+(?:[.,]\d+)?)([^\W\d_]+)")
SUFFIXES = {"s", "st", "nd", "rd", "th", "er", "e"}


def faults(text: str) -> list[str]:
    found = []
    if "  " in text:
        found.append("a double space")
    for match in GLUED.finditer(text):
        word = re.match(r"\w+", text[match.start():])
        if match.group(2) in SUFFIXES or (word and word.group().isupper()):
            continue
        found.append(f"{match.group()!r}: a number run into a word")
    return found


def test_the_check_refuses_what_the_play_test_found():
    assert faults("You  (ended the round)") == ["a double space"]
    assert faults("24points") == ["'24points': a number run into a word"]
    for fine in ("three 5s: the column is removed", "Round 2, your 5th turn", "votre 1er tour", "Code: K7QX2M",
                 "20 (x2)", "Fullscreen (F11)", "Step 3 of 72", "6.5 points lost", "6,5 points perdus"):
        assert faults(fine) == [], fine


def drawn_strings(app, monkeypatch) -> set[str]:
    """Every text drawn while the gallery drives each screen, and every paragraph as written
    before it is wrapped (wrapping hides a double space)."""
    seen: set[str] = set()
    render = TextCache.render

    def recording(self, text, size, color=(255, 255, 255), bold=False):
        seen.add(text)
        return render(self, text, size, color, bold)

    wrap = TextCache.wrap

    def wrapping(self, text, size, width, bold=False):  # a paragraph as written, before its lines
        seen.add(text)
        return wrap(self, text, size, width, bold)

    monkeypatch.setattr(TextCache, "render", recording)
    monkeypatch.setattr(TextCache, "wrap", wrapping)
    for _name in itertools.chain(screens(app), *(tables(app, players) for players in (2, 4, 8)),
                                 *(game_overs(app, players) for players in (2, 3, 8))):
        pass
    return seen


@pytest.mark.slow
@pytest.mark.parametrize(("language", "scale"), [("en", 100), ("fr", 150)])
def test_no_drawn_string_has_a_double_space_or_a_number_run_into_a_word(make_app, monkeypatch, language, scale):
    app = make_app(size=(1280, 720))
    app.settings.language, app.settings.ui_scale = language, scale
    app.apply_settings()
    seen = drawn_strings(app, monkeypatch)
    assert len(seen) > 400, "the gallery drew too little: is the text cache still the way text is drawn?"
    bad = {text: found for text in seen if (found := faults(text))}
    assert not bad, bad
