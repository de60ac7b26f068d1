"""Polish (issue 50): the catalogue is complete and compiled, keeps every placeholder, counts in
Polish's three forms (1 punkt, 2 punkty, 5 punktów), writes numbers the Polish way, says the
printed game's words, and a Polish system picks it; Settings names it Polski."""

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


def polish_po():
    with open(f"{LOCALE}/pl/LC_MESSAGES/skyjo.po", "rb") as f:
        return read_po(f, locale="pl")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_every_extracted_message_has_a_polish_translation_in_each_of_its_three_forms():
    with open(f"{LOCALE}/skyjo.pot", "rb") as f:
        wanted = {m.id for m in read_po(f) if m.id}
    po = polish_po()
    missing = [msgid for msgid in wanted if msgid not in po or po[msgid].fuzzy
               or not all(po[msgid].string if isinstance(po[msgid].string, tuple) else [po[msgid].string])]
    assert not missing, f"run python build/i18n.py and translate: {missing}"
    plurals = [m for m in po if m.id and isinstance(m.id, tuple)]
    assert plurals and all(len(m.string) == 3 for m in plurals)


def test_polish_catalogue_is_compiled_and_keeps_every_placeholder():
    mo = gettext.translation("skyjo", LOCALE, languages=["pl"])
    for message in polish_po():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            assert set(FIELD.findall(string)) == set(FIELD.findall(ids[-1])), (message.id, string)
        if isinstance(message.id, str):
            assert mo.gettext(message.id) == message.string, "the .mo is older than the .po: run build/i18n.py"


def test_polish_is_offered_in_its_own_name_with_the_printed_games_words():
    assert ("pl", "Polski") in i18n.available_languages()
    assert i18n.set_language("pl_PL.UTF-8") == "pl"
    assert _("Draw pile ({count})").format(count=40) == "Stos do dobierania (40)"
    assert _("Round {number}").format(number=2) == "Runda 2"
    assert _("Columns") == "Kolumny"
    assert "stos kart odrzuconych" in _("The draw pile is empty: the discard pile is shuffled into a new one")


def test_polish_counts_in_three_forms():
    i18n.set_language("pl")
    counted = [points_words(n) for n in (1, 2, 4, 5, 12, 22, 25, 0, -1, -2)]
    assert counted == ["1 punkt", "2 punkty", "4 punkty", "5 punktów", "12 punktów", "22 punkty", "25 punktów",
                       "0 punktów", "\u22121 punkt", "\u22122 punkty"]
    rounds = [i18n.ngettext("{count} round played", "{count} rounds played", n).format(count=n) for n in (1, 3, 11)]
    assert rounds == ["1 rozegrana runda", "3 rozegrane rundy", "11 rozegranych rund"]


def test_polish_numbers_take_a_decimal_comma_no_article_and_a_dot_after_an_ordinal():
    i18n.set_language("pl")
    assert decimal(6.5) == "6,5" and decimal(-0.25, 2) == "\u22120,25"
    assert [a_card(v) for v in (8, 5, -2)] == ["8", "5", "\u22122"]
    assert [ordinal(n) for n in (1, 2, 11, 23)] == ["1.", "2.", "11.", "23."]


@pytest.mark.parametrize("environ", [{"LANG": "pl_PL.UTF-8"}, {"LC_ALL": "pl"}, {"LANGUAGE": "eo:pl", "LANG": "en_US"}])
def test_a_polish_system_starts_in_polish(environ):
    assert i18n.detect_language(environ) == "pl"


def test_polish_from_the_c_library(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("pl_PL", "UTF-8"))
    assert i18n.detect_language() == "pl"


def test_settings_names_polish_in_polish(make_app, tmp_path):
    app = make_app(data_dir=tmp_path / "data")
    app.settings.language = "en"
    app.apply_settings()
    pilot = Pilot(app)
    menu = app.stack.push(MenuScene(app))
    pilot.advance()
    assert menu.press("settings")
    pilot.advance()
    scene = app.stack.top
    while i18n.current_language() != "pl":
        scene.press("language")
        assert i18n.current_language() != "en", "Settings stepped past every language without Polish"
    assert scene.buttons.named("language").label == "Język: Polski"
    assert app.settings.language == "pl"
