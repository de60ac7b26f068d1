"""Italian (issue 50): the catalogue is complete and compiled, keeps every placeholder, counts
as Italian does (1 punto, 0 punti), writes numbers the Italian way, and an Italian system picks it."""

import gettext
import re

import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.i18n import _
from game.ui.wording import a_card, decimal, points_words

LOCALE = i18n.locale_dir()
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def italian_po():
    with open(f"{LOCALE}/it/LC_MESSAGES/skyjo.po", "rb") as f:
        return read_po(f, locale="it")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_every_extracted_message_has_an_italian_translation():
    with open(f"{LOCALE}/skyjo.pot", "rb") as f:
        wanted = {m.id for m in read_po(f) if m.id}
    po = italian_po()
    missing = [msgid for msgid in wanted if msgid not in po or po[msgid].fuzzy
               or not all(po[msgid].string if isinstance(po[msgid].string, tuple) else [po[msgid].string])]
    assert not missing, f"run python build/i18n.py and translate: {missing}"


def test_italian_catalogue_is_compiled_and_keeps_every_placeholder():
    mo = gettext.translation("skyjo", LOCALE, languages=["it"])
    for message in italian_po():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            assert set(FIELD.findall(string)) == set(FIELD.findall(ids[-1])), (message.id, string)
        if isinstance(message.id, str):
            assert mo.gettext(message.id) == message.string, "the .mo is older than the .po: run build/i18n.py"


def test_italian_is_offered_in_its_own_name():
    assert ("it", "Italiano") in i18n.available_languages()
    assert i18n.set_language("it_IT.UTF-8") == "it"
    assert _("Discard") == "Scarti"
    assert _("Draw pile ({count})").format(count=40) == "Mazzo (40)"
    assert _("Round {number}").format(number=2) == "Manche 2"


def test_italian_counts_one_as_singular_and_zero_as_plural():
    i18n.set_language("it")
    assert [points_words(n) for n in (1, 0, 2, -1)] == ["1 punto", "0 punti", "2 punti", "\u22121 punto"]
    assert i18n.ngettext("{count} round played", "{count} rounds played", 3).format(count=3) == "3 manche giocate"


def test_italian_numbers_take_a_decimal_comma_and_un_before_every_value():
    i18n.set_language("it")
    assert decimal(6.5) == "6,5"
    assert [a_card(v) for v in (8, 5, -2)] == ["un 8", "un 5", "un \u22122"]


@pytest.mark.parametrize("environ", [{"LANG": "it_IT.UTF-8"}, {"LANG": "it_CH"}, {"LC_ALL": "it"},
                                     {"LANGUAGE": "eo:it", "LANG": "en_US"}])
def test_an_italian_system_starts_in_italian(environ):
    assert i18n.detect_language(environ) == "it"


def test_italian_from_the_c_library(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("it_IT", "UTF-8"))
    assert i18n.detect_language() == "it"
