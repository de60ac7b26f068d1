"""Translations: the catalogues are complete and compiled, placeholders survive translation,
the language switches at once, the OS language is detected."""

import gettext
import re

import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.i18n import _

LOCALE = i18n.locale_dir()
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


TRANSLATED = [code for code, _name in i18n.available_languages() if code != i18n.DEFAULT_LANGUAGE]


def language_po(lang):
    with open(f"{LOCALE}/{lang}/LC_MESSAGES/skyjo.po", "rb") as f:
        return read_po(f, locale=lang)


def pot_ids():
    with open(f"{LOCALE}/skyjo.pot", "rb") as f:
        return {m.id for m in read_po(f) if m.id}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_extracted_message_is_translated(lang):
    po = language_po(lang)
    missing = [msgid for msgid in pot_ids() if msgid not in po or po[msgid].fuzzy
               or not all(po[msgid].string if isinstance(po[msgid].string, tuple) else [po[msgid].string])]
    assert not missing, f"run python build/i18n.py and translate: {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_catalogue_matches_the_po_file(lang):
    mo = gettext.translation("skyjo", LOCALE, languages=[lang])
    stale = [m.id for m in language_po(lang)
             if m.id and isinstance(m.id, str) and m.string and not m.fuzzy and mo.gettext(m.id) != m.string]
    assert not stale, f"the .mo is older than the .po: run python build/i18n.py ({stale[:3]})"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_every_placeholder(lang):
    for message in language_po(lang):
        if not message.id or message.fuzzy:  # fuzzy entries are not compiled
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(FIELD.findall(ids[-1]))
        for string in filter(None, strings):  # an empty one is reported by the completeness test
            assert set(FIELD.findall(string)) == wanted, (message.id, string)


# gettext's plural rule for each language (the usual one in its catalogues: Babel's newer CLDR adds a
# "many" form for millions in French, Spanish, Italian and Portuguese, which no message here needs).
PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);", "pt": "nplurals=2; plural=(n > 1);",
    "de": "nplurals=2; plural=(n != 1);", "es": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);", "nl": "nplurals=2; plural=(n != 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogue_declares_its_languages_plural_rule(lang):
    """The header's Plural-Forms is the language's own (German: only 1 is singular; French: 0 and 1),
    not one left from another catalogue."""
    with open(f"{LOCALE}/{lang}/LC_MESSAGES/skyjo.po", encoding="utf-8") as f:
        [declared] = [line for line in f if line.startswith('"Plural-Forms:')]
    assert lang.split("_")[0] in PLURAL_FORMS, f"add {lang}'s plural rule to PLURAL_FORMS"
    assert declared.replace(" ", "") == f'"Plural-Forms:{PLURAL_FORMS[lang.split("_")[0]]}\\n"\n'.replace(" ", "")


def test_switching_language_changes_lookups_at_once():
    assert i18n.set_language("fr") == "fr"
    assert i18n.current_language() == "fr"
    assert _("Discard") == "Défausse"
    assert _("Pass to {name}").format(name="Léa") == "Passez à Léa"
    assert _("not a message of the game") == "not a message of the game"
    assert i18n.set_language("en") == "en"
    assert _("Discard") == "Discard"


def test_plural_forms():
    i18n.set_language("fr")
    one = i18n.ngettext("decided by {count} tiebreak round", "decided by {count} tiebreak rounds", 1)
    two = i18n.ngettext("decided by {count} tiebreak round", "decided by {count} tiebreak rounds", 2)
    assert one != two and "manches" in two and "manches" not in one


@pytest.mark.parametrize("code, expected", [
    ("fr_FR.UTF-8", "fr"), ("fr-CA", "fr"), ("FR", "fr"), ("en_GB", "en"), ("ja", "en"), ("de_AT.UTF-8", "de"),
    (None, "en"), ("", "en"),
])
def test_unknown_languages_fall_back_to_english(code, expected):
    assert i18n.set_language(code) == expected


def test_available_languages_name_themselves():
    offered = i18n.available_languages()
    assert offered[:2] == [("en", "English"), ("fr", "Français")]
    assert ("de", "Deutsch") in offered
    assert ("it", "Italiano") in offered
    assert ("es", "Español") in offered


@pytest.mark.parametrize("environ, expected", [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "fr_BE"}, "fr"),
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LC_ALL": "ja_JP.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),  # LC_ALL overrides LANG
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_CH"}, "de"),
    ({"LC_MESSAGES": "fr_FR", "LANG": "en_US"}, "fr"),
    ({"LANGUAGE": "ja:fr", "LANG": "en_US"}, "fr"),  # gettext's priority list: first one offered
    ({}, "en"),
])
def test_os_locale_detection(environ, expected):
    assert i18n.detect_language(environ) == expected


def test_detection_without_environment_asks_the_c_library(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("fr_FR", "UTF-8"))
    assert i18n.detect_language() == "fr"
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("de_DE", "cp1252"))  # Windows, German
    assert i18n.detect_language() == "de"
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.detect_language() == "en"


def test_recorder_sees_every_lookup():
    seen = []
    i18n.set_recorder(seen.append)
    try:
        _("Discard")
    finally:
        i18n.set_recorder(None)
    _("Back")
    assert seen == ["Discard"]


def test_catalogues_are_found_inside_a_frozen_bundle(monkeypatch, tmp_path):
    import sys

    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert i18n.locale_dir() == str(tmp_path / "assets" / "locale")
    assert i18n.set_language("fr") == "fr"  # no catalogue there: English text, no crash
    assert _("Discard") == "Discard"
