"""Brazilian Portuguese (issue 50): the catalogue is complete and compiled, keeps every placeholder,
counts as Portuguese does (0 ponto, 1 ponto, 2 pontos), writes numbers the Brazilian way, says the
game's words, lives in the folder pt_BR and is picked by any Portuguese system (the only Portuguese
offered); Settings names it Português (Brasil)."""

import gettext
import re

import pytest
from babel.messages.pofile import read_po
from pilot import Pilot

from game import i18n
from game.i18n import _
from game.ui.review_words import ordinal, points_lost_words
from game.ui.wording import a_card, decimal, points_words
from scenes.menu import MenuScene

LOCALE = i18n.locale_dir()
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def portuguese_po():
    with open(f"{LOCALE}/pt_BR/LC_MESSAGES/skyjo.po", "rb") as f:
        return read_po(f, locale="pt_BR")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_every_extracted_message_has_a_brazilian_portuguese_translation():
    with open(f"{LOCALE}/skyjo.pot", "rb") as f:
        wanted = {m.id for m in read_po(f) if m.id}
    po = portuguese_po()
    missing = [msgid for msgid in wanted if msgid not in po or po[msgid].fuzzy
               or not all(po[msgid].string if isinstance(po[msgid].string, tuple) else [po[msgid].string])]
    assert not missing, f"run python build/i18n.py and translate: {missing}"


def test_brazilian_portuguese_catalogue_is_compiled_and_keeps_every_placeholder():
    mo = gettext.translation("skyjo", LOCALE, languages=["pt_BR"])
    for message in portuguese_po():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert len(strings) == len(ids), (message.id, "two plural forms, as plural=(n > 1) has")
        for string in strings:
            assert set(FIELD.findall(string)) == set(FIELD.findall(ids[-1])), (message.id, string)
        if isinstance(message.id, str):
            assert mo.gettext(message.id) == message.string, "the .mo is older than the .po: run build/i18n.py"


@pytest.mark.parametrize("code", ["pt_BR", "pt_BR.UTF-8", "pt-BR", "pt_PT", "pt-PT", "pt", "PT_br@euro"])
def test_every_portuguese_tag_finds_the_pt_br_catalogue(code):
    assert i18n.normalise(code) == "pt_BR"
    assert i18n.set_language(code) == "pt_BR"
    assert _("Discard") == "Descarte"


def test_brazilian_portuguese_is_offered_in_its_own_name_with_the_games_words():
    assert ("pt_BR", "Português (Brasil)") in i18n.available_languages()
    assert i18n.set_language("pt_BR") == "pt_BR" and i18n.current_language() == "pt_BR"
    assert _("Draw pile ({count})").format(count=40) == "Monte (40)"
    assert _("Round {number}").format(number=2) == "Rodada 2"
    assert _("Columns") == "Colunas"
    assert _("You") == "Você"


def test_brazilian_portuguese_counts_zero_and_one_as_singular():
    i18n.set_language("pt_BR")
    assert [points_words(n) for n in (0, 1, 2, -1, -2)] == [
        "0 ponto", "1 ponto", "2 pontos", "\u22121 ponto", "\u22122 pontos"]
    assert i18n.ngettext("{count} round played", "{count} rounds played", 3).format(count=3) == "3 rodadas jogadas"
    assert points_lost_words(1.5) == "1,5\u00a0ponto perdido"  # a figure under 2 takes the singular
    assert points_lost_words(6.5) == "6,5\u00a0pontos perdidos"


def test_brazilian_numbers_take_a_decimal_comma_um_before_every_value_and_a_feminine_ordinal():
    i18n.set_language("pt_BR")
    assert decimal(6.5) == "6,5" and decimal(-0.25, 2) == "\u22120,25"
    assert [a_card(v) for v in (8, 5, 11, -2)] == ["um 8", "um 5", "um 11", "um \u22122"]
    assert [ordinal(n) for n in (1, 2, 3, 11, 21)] == ["1ª", "2ª", "3ª", "11ª", "21ª"]


@pytest.mark.parametrize("environ", [{"LANG": "pt_BR.UTF-8"}, {"LANG": "pt_PT.UTF-8"}, {"LC_ALL": "pt"},
                                     {"LANGUAGE": "eo:pt_BR", "LANG": "en_US"}])
def test_a_portuguese_system_starts_in_brazilian_portuguese(environ):
    assert i18n.detect_language(environ) == "pt_BR"


def test_brazilian_portuguese_from_the_c_library(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("pt_BR", "UTF-8"))
    assert i18n.detect_language() == "pt_BR"


def test_settings_names_brazilian_portuguese_in_portuguese(make_app, tmp_path):
    app = make_app(data_dir=tmp_path / "data")
    app.settings.language = "en"
    app.apply_settings()
    pilot = Pilot(app)
    menu = app.stack.push(MenuScene(app))
    pilot.advance()
    assert menu.press("settings")
    pilot.advance()
    scene = app.stack.top
    while i18n.current_language() != "pt_BR":
        scene.press("language")
        assert i18n.current_language() != "en", "Settings stepped past every language without Portuguese"
    assert scene.buttons.named("language").label == "Idioma: Português (Brasil)"
    assert app.settings.language == "pt_BR"
