"""Extract, update and compile the game's translations with Babel, in one command.

    python build/i18n.py           # extract -> assets/locale/skyjo.pot, update every .po, compile .mo
    python build/i18n.py check     # exit 1 listing messages a catalogue leaves untranslated or fuzzy

The compiled .mo files are committed, so the game itself never needs Babel.
"""

from __future__ import annotations

import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
LOCALE = ROOT / "assets" / "locale"
POT = LOCALE / "skyjo.pot"
DOMAIN = "skyjo"
TRANSLATIONS = ("fr", "de", "es", "it", "nl", "pl", "pt_BR")  # languages besides English (the source); a new one starts empty
KEYWORDS = ["-k", "_", "-k", "N_", "-k", "ngettext:1,2"]


def _pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])


def languages() -> list[str]:
    return list(TRANSLATIONS)


def _po(lang: str) -> pathlib.Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def refresh() -> None:
    os.chdir(ROOT)  # locations in the catalogues read game/..., not this machine's absolute paths
    _pybabel("extract", "-F", str(ROOT / "babel.cfg"), *KEYWORDS, "--sort-by-file", "--no-wrap",
             "--project", "skyjo", "-o", str(POT), ".")
    for lang in languages():
        if not _po(lang).is_file():
            _pybabel("init", "-D", DOMAIN, "-i", str(POT), "-d", str(LOCALE), "-l", lang, "--no-wrap")
            continue
        _pybabel("update", "-D", DOMAIN, "-i", str(POT), "-d", str(LOCALE), "-l", lang, "--no-wrap",
                 "--ignore-obsolete", "--no-fuzzy-matching")
    _pybabel("compile", "-D", DOMAIN, "-d", str(LOCALE), "--statistics")


def problems(lang: str) -> list[str]:
    """The msgids of `lang` that are missing, empty or fuzzy."""
    from babel.messages.pofile import read_po

    with open(_po(lang), "rb") as f:
        catalogue = read_po(f)
    bad = []
    for message in catalogue:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            bad.append(message.id if isinstance(message.id, str) else message.id[0])
    return bad


def main(argv: list[str]) -> int:
    if argv[:1] == ["check"]:
        bad = {lang: problems(lang) for lang in languages()}
        for lang, ids in bad.items():
            for msgid in ids:
                print(f"{lang}: untranslated: {msgid!r}")
        return 1 if any(bad.values()) else 0
    if argv:
        print("usage: python build/i18n.py [check]", file=sys.stderr)
        return 2
    refresh()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
