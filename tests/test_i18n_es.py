"""Spanish: offered in its own name, chosen by a Spanish system language, its plural rule (only 1 is
singular), the decimal comma and the true minus, and the printed game's words on the table."""

import pytest

from game import i18n
from game.i18n import _


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_spanish_is_offered_in_its_own_name():
    assert ("es", "Español") in i18n.available_languages()
    assert i18n.set_language("es_ES.UTF-8") == "es"
    assert i18n.set_language("es-MX") == "es"


@pytest.mark.parametrize("environ", [
    {"LANG": "es_ES.UTF-8"}, {"LANG": "es_AR"}, {"LC_ALL": "es_MX.UTF-8", "LANG": "en_US"},
    {"LANGUAGE": "ja:es", "LANG": "en_US"},
])
def test_a_spanish_system_chooses_spanish(environ):
    assert i18n.detect_language(environ) == "es"


def test_the_c_library_saying_spanish_chooses_spanish(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("es_ES", "cp1252"))  # Windows' "Spanish_Spain.1252"
    assert i18n.detect_language() == "es"


def test_spanish_points_decimals_and_articles():
    from game.ui.wording import a_card, decimal, points_words

    i18n.set_language("es")
    assert points_words(1) == "1 punto" and points_words(-1) == "\u22121 punto"
    assert points_words(0) == "0 puntos" and points_words(12) == "12 puntos"
    assert decimal(6.5) == "6,5" and decimal(-0.25, 2) == "\u22120,25"
    assert a_card(8) == "un 8" and a_card(-2) == "un \u22122"


def test_the_table_says_the_printed_games_words():
    i18n.set_language("es")
    assert _("Draw pile ({count})").format(count=12) == "Mazo (12)"
    assert _("Discard") == "Descarte"
    assert _("Round {number}").format(number=3) == "Ronda 3"
    assert "pila de descarte" in _("the 3 replaces the 9, which goes to the discard pile")
