"""Translations: gettext catalogues (domain "skyjo") under assets/locale/<lang>/LC_MESSAGES.

`_()` looks the current catalogue up at call time, so callers translate while drawing and a
language switch shows at the next frame without a restart. English is the source language:
it needs no catalogue, and a missing catalogue falls back to the English text.
"""

from __future__ import annotations

import gettext
import locale
import os
from collections.abc import Callable

from game.resources import asset_path

DOMAIN = "skyjo"
DEFAULT_LANGUAGE = "en"
_LANGUAGES = (("en", "English"), ("fr", "Français"), ("de", "Deutsch"), ("es", "Español"), ("it", "Italiano"),
              ("nl", "Nederlands"), ("pl", "Polski"), ("pt_BR", "Português (Brasil)"))
# a system language by its base: we offer one Portuguese, so pt, pt_PT and pt_BR all find the catalogue folder pt_BR
_BY_BASE = {code.split("_")[0]: code for code, _name in _LANGUAGES}

_current = DEFAULT_LANGUAGE
_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_recorder: Callable[[str], None] | None = None  # tests collect every msgid shown


def locale_dir() -> str:
    """The folder holding <lang>/LC_MESSAGES/skyjo.mo (inside the bundle when frozen)."""
    return str(asset_path("locale"))


def available_languages() -> list[tuple[str, str]]:
    """(code, name in that language) for every language the game offers."""
    return list(_LANGUAGES)


def normalise(code: str | None) -> str | None:
    """A supported language code for a tag such as "fr_FR.UTF-8", "fr-CA" or "pt-PT" ("pt_BR"), else None."""
    if not code:
        return None
    base = code.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return _BY_BASE.get(base)


def set_language(code: str | None) -> str:
    """Switch to `code` (unsupported or None: English); returns the language now in use."""
    global _current, _catalogue
    lang = normalise(code) or DEFAULT_LANGUAGE
    if lang == DEFAULT_LANGUAGE:
        _catalogue = gettext.NullTranslations()
    else:
        _catalogue = gettext.translation(DOMAIN, locale_dir(), languages=[lang], fallback=True)
    _current = lang
    return lang


def current_language() -> str:
    return _current


def detect_language(environ: dict[str, str] | None = None) -> str:
    """The OS language if the game offers it, else English.

    Follows gettext's order (LANGUAGE, LC_ALL, LC_MESSAGES, LANG); then asks the C library,
    which is how Windows and macOS report it.
    """
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:  # the first variable set decides: LANG=ja_JP gives English, not a later one
            found = [normalise(part) for part in value.split(":")]
            return next((code for code in found if code), DEFAULT_LANGUAGE)
    if environ is not None:
        return DEFAULT_LANGUAGE
    try:
        code = locale.getlocale()[0]
    except ValueError:
        code = None
    return normalise(code) or DEFAULT_LANGUAGE


def _(message: str) -> str:
    """`message` in the current language (the English text when untranslated)."""
    if _recorder is not None:
        _recorder(message)
    return _catalogue.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    if _recorder is not None:
        _recorder(singular)
        _recorder(plural)
    return _catalogue.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a string for extraction without translating it (translate it later with `_`)."""
    return message


def set_recorder(recorder: Callable[[str], None] | None) -> None:
    """Tests: call `recorder(msgid)` for every string looked up (None stops)."""
    global _recorder
    _recorder = recorder
