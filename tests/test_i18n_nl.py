"""Dutch (issue 50): the catalogue is complete and compiled, keeps every placeholder, counts as
Dutch does (1 punt, 0 punten), writes numbers the Dutch way, says the printed game's words, and a
Dutch or Flemish system picks it; Settings names it Nederlands."""

import gettext
import re

import pytest
from babel.messages.pofile import read_po
from pilot import Pilot

from game import i18n
from game.i18n import _
from game.ui.review_words import ordinal
from game.ui.wording import a_card, decimal, points_words
from scenes.menu import MenuScene

LOCALE = i18n.locale_dir()
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def dutch_po():
    with open(f"{LOCALE}/nl/LC_MESSAGES/skyjo.po", "rb") as f:
        return read_po(f, locale="nl")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_every_extracted_message_has_a_dutch_translation():
    with open(f"{LOCALE}/skyjo.pot", "rb") as f:
        wanted = {m.id for m in read_po(f) if m.id}
    po = dutch_po()
    missing = [msgid for msgid in wanted if msgid not in po or po[msgid].fuzzy
               or not all(po[msgid].string if isinstance(po[msgid].string, tuple) else [po[msgid].string])]
    assert not missing, f"run python build/i18n.py and translate: {missing}"


def test_dutch_catalogue_is_compiled_and_keeps_every_placeholder():
    mo = gettext.translation("skyjo", LOCALE, languages=["nl"])
    for message in dutch_po():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            assert set(FIELD.findall(string)) == set(FIELD.findall(ids[-1])), (message.id, string)
        if isinstance(message.id, str):
            assert mo.gettext(message.id) == message.string, "the .mo is older than the .po: run build/i18n.py"


def test_dutch_is_offered_in_its_own_name_with_the_printed_games_words():
    assert ("nl", "Nederlands") in i18n.available_languages()
    assert i18n.set_language("nl_NL.UTF-8") == "nl"
    assert _("Discard") == "Aflegstapel"
    assert _("Draw pile ({count})").format(count=40) == "Trekstapel (40)"
    assert _("Round {number}").format(number=2) == "Ronde 2"
    assert _("Columns") == "Kolommen"


def test_dutch_counts_one_as_singular_and_zero_as_plural():
    i18n.set_language("nl")
    assert [points_words(n) for n in (1, 0, 2, -1)] == ["1 punt", "0 punten", "2 punten", "\u22121 punt"]
    assert i18n.ngettext("{count} round played", "{count} rounds played", 3).format(count=3) == "3 rondes gespeeld"


def test_dutch_numbers_take_a_decimal_comma_een_before_every_value_and_e_after_an_ordinal():
    i18n.set_language("nl")
    assert decimal(6.5) == "6,5" and decimal(-0.25, 2) == "\u22120,25"
    assert [a_card(v) for v in (8, 5, 11, -2)] == ["een 8", "een 5", "een 11", "een \u22122"]
    assert [ordinal(n) for n in (1, 2, 3, 11, 21)] == ["1e", "2e", "3e", "11e", "21e"]


@pytest.mark.parametrize("environ", [{"LANG": "nl_NL.UTF-8"}, {"LANG": "nl_BE"}, {"LC_ALL": "nl"},
                                     {"LANGUAGE": "eo:nl", "LANG": "en_US"}])
def test_a_dutch_or_flemish_system_starts_in_dutch(environ):
    assert i18n.detect_language(environ) == "nl"


def test_dutch_from_the_c_library(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("nl_BE", "UTF-8"))
    assert i18n.detect_language() == "nl"


def test_settings_names_dutch_in_dutch(make_app, tmp_path):
    app = make_app(data_dir=tmp_path / "data")
    app.settings.language = "en"
    app.apply_settings()
    pilot = Pilot(app)
    menu = app.stack.push(MenuScene(app))
    pilot.advance()
    assert menu.press("settings")
    pilot.advance()
    scene = app.stack.top
    while i18n.current_language() != "nl":
        scene.press("language")
        assert i18n.current_language() != "en", "Settings stepped past every language without Dutch"
    assert scene.buttons.named("language").label == "Taal: Nederlands"
    assert app.settings.language == "nl"
