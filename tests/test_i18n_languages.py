"""Each language offered, by its own examples: named in its own language (in the list and on
Settings), chosen by the system's language and by the C library's, the printed game's words on
the table, points counted by its plural rule, numbers written its way (the decimal comma, the
true minus, the article before a card's value, the ordinal of a turn).

The checks every catalogue shares (complete, compiled, placeholders kept, its plural rule
declared) are tests/test_i18n.py's, over every language; here is what differs between them.
A language added to the game needs a row in LANGUAGES (a test says so)."""

from dataclasses import dataclass, field

import pytest
from pilot import Pilot

from game import i18n
from game.i18n import _
from game.ui.review_words import ordinal, points_lost_words
from game.ui.wording import a_card, decimal, points_words
from scenes.menu import MenuScene

MINUS = "\u2212"
COUNTED = (1, 0, 2, -1)  # what `points` says for each, in order
ORDINALS = (1, 2, 3, 11, 21)
CARDS = (8, 11, -2)


@dataclass(frozen=True)
class Language:
    """One language's own examples, as a speaker of it would write them."""

    code: str
    name: str  # as it names itself
    settings_row: str  # Settings' language row once it is chosen
    systems: tuple[dict[str, str], ...]  # environments that choose it
    c_library: tuple[str, str]  # what locale.getlocale() says on such a system
    words: dict[str, str]  # English message -> this language's, the printed game's words
    points: tuple[str, ...]  # points_words for COUNTED
    rounds_played_3: str
    cards: tuple[str, ...]  # a_card for CARDS
    ordinals: tuple[str, ...]  # ordinal for ORDINALS
    more_points: dict[int, str] = field(default_factory=dict)  # a plural rule's other cases


LANGUAGES = (
    Language("fr", "Français", "Langue : Français", ({"LANG": "fr_FR.UTF-8"}, {"LANG": "fr_BE"}, {"LANG": "fr_CA"}),
             ("fr_FR", "UTF-8"), {"Discard": "Défausse", "Draw pile ({count})": "Pioche (40)",
                                  "Round {number}": "Manche 2"},
             ("1 point", "0 point", "2 points", f"{MINUS}1 point"), "3 manches jouées",
             ("un 8", "un 11", f"un {MINUS}2"), ("1er", "2e", "3e", "11e", "21e")),
    Language("de", "Deutsch", "Sprache: Deutsch", ({"LANG": "de_DE.UTF-8"}, {"LANG": "de_CH"}, {"LANG": "de_AT"}),
             ("de_DE", "cp1252"), {"Discard": "Ablagestapel", "Draw pile ({count})": "Nachziehstapel (40)",
                                   "Round {number}": "Runde 2"},
             ("1 Punkt", "0 Punkte", "2 Punkte", f"{MINUS}1 Punkt"), "3 Runden gespielt",
             ("eine 8", "eine 11", f"eine {MINUS}2"), ("1.", "2.", "3.", "11.", "21.")),
    Language("es", "Español", "Idioma: Español",
             ({"LANG": "es_ES.UTF-8"}, {"LANG": "es_AR"}, {"LC_ALL": "es_MX.UTF-8", "LANG": "en_US"},
              {"LANGUAGE": "ja:es", "LANG": "en_US"}),
             ("es_ES", "cp1252"), {"Discard": "Descarte", "Draw pile ({count})": "Mazo (40)",
                                   "Round {number}": "Ronda 2"},
             ("1 punto", "0 puntos", "2 puntos", f"{MINUS}1 punto"), "3 rondas jugadas",
             ("un 8", "un 11", f"un {MINUS}2"), ("1", "2", "3", "11", "21")),  # "Ronda 2, turno 5": no ordinal
    Language("it", "Italiano", "Lingua: Italiano",
             ({"LANG": "it_IT.UTF-8"}, {"LANG": "it_CH"}, {"LC_ALL": "it"}, {"LANGUAGE": "eo:it", "LANG": "en_US"}),
             ("it_IT", "UTF-8"), {"Discard": "Scarti", "Draw pile ({count})": "Mazzo (40)",
                                  "Round {number}": "Manche 2"},
             ("1 punto", "0 punti", "2 punti", f"{MINUS}1 punto"), "3 manche giocate",
             ("un 8", "un 11", f"un {MINUS}2"), ("1º", "2º", "3º", "11º", "21º")),
    Language("nl", "Nederlands", "Taal: Nederlands",
             ({"LANG": "nl_NL.UTF-8"}, {"LANG": "nl_BE"}, {"LC_ALL": "nl"}, {"LANGUAGE": "eo:nl", "LANG": "en_US"}),
             ("nl_BE", "UTF-8"), {"Discard": "Aflegstapel", "Draw pile ({count})": "Trekstapel (40)",
                                  "Round {number}": "Ronde 2", "Columns": "Kolommen"},
             ("1 punt", "0 punten", "2 punten", f"{MINUS}1 punt"), "3 rondes gespeeld",
             ("een 8", "een 11", f"een {MINUS}2"), ("1e", "2e", "3e", "11e", "21e")),
    Language("pl", "Polski", "Język: Polski",
             ({"LANG": "pl_PL.UTF-8"}, {"LC_ALL": "pl"}, {"LANGUAGE": "eo:pl", "LANG": "en_US"}),
             ("pl_PL", "UTF-8"), {"Draw pile ({count})": "Stos do dobierania (40)", "Round {number}": "Runda 2",
                                  "Columns": "Kolumny"},
             ("1 punkt", "0 punktów", "2 punkty", f"{MINUS}1 punkt"), "3 rozegrane rundy",
             ("8", "11", f"{MINUS}2"), ("1.", "2.", "3.", "11.", "21."),  # no article in Polish
             {4: "4 punkty", 5: "5 punktów", 12: "12 punktów", 22: "22 punkty", 25: "25 punktów",
              -2: f"{MINUS}2 punkty"}),
    Language("pt_BR", "Português (Brasil)", "Idioma: Português (Brasil)",
             ({"LANG": "pt_BR.UTF-8"}, {"LANG": "pt_PT.UTF-8"}, {"LC_ALL": "pt"},
              {"LANGUAGE": "eo:pt_BR", "LANG": "en_US"}),
             ("pt_BR", "UTF-8"), {"Discard": "Descarte", "Draw pile ({count})": "Monte (40)",
                                  "Round {number}": "Rodada 2", "Columns": "Colunas", "You": "Você"},
             ("1 ponto", "0 ponto", "2 pontos", f"{MINUS}1 ponto"), "3 rodadas jogadas",
             ("um 8", "um 11", f"um {MINUS}2"), ("1ª", "2ª", "3ª", "11ª", "21ª"), {-2: f"{MINUS}2 pontos"}),
)
BY_CODE = {language.code: language for language in LANGUAGES}


def each(test_name):
    return pytest.mark.parametrize(test_name, LANGUAGES, ids=[language.code for language in LANGUAGES])


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_every_language_offered_has_its_examples_here():
    offered = {code for code, _name in i18n.available_languages() if code != i18n.DEFAULT_LANGUAGE}
    assert offered == set(BY_CODE), "a language offered needs a row in LANGUAGES (and one gone, its row removed)"


@each("language")
def test_offered_in_its_own_name_with_the_printed_games_words(language):
    assert (language.code, language.name) in i18n.available_languages()
    assert i18n.set_language(language.code) == language.code
    for english, own in language.words.items():
        assert _(english).format(count=40, number=2) == own, english


@each("language")
def test_its_systems_choose_it(language):
    for environ in language.systems:
        assert i18n.detect_language(environ) == language.code, environ


@each("language")
def test_the_c_library_saying_it_chooses_it(language, monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: language.c_library)
    assert i18n.detect_language() == language.code


@each("language")
def test_points_counted_by_its_plural_rule(language):
    i18n.set_language(language.code)
    assert tuple(points_words(n) for n in COUNTED) == language.points
    assert {n: points_words(n) for n in language.more_points} == language.more_points
    rounds = i18n.ngettext("{count} round played", "{count} rounds played", 3).format(count=3)
    assert rounds == language.rounds_played_3


@each("language")
def test_numbers_written_its_way(language):
    i18n.set_language(language.code)
    assert decimal(6.5) == "6,5" and decimal(-0.25, 2) == f"{MINUS}0,25"  # every one offered writes a comma
    assert tuple(a_card(value) for value in CARDS) == language.cards
    assert tuple(ordinal(n) for n in ORDINALS) == language.ordinals


@each("language")
def test_settings_names_it_in_its_own_language(language, make_app, tmp_path):
    app = make_app(data_dir=tmp_path / "data")
    app.settings.language = "en"
    app.apply_settings()
    pilot = Pilot(app)
    menu = app.stack.push(MenuScene(app))
    pilot.advance()
    assert menu.press("settings")
    pilot.advance()
    scene = app.stack.top
    while i18n.current_language() != language.code:
        scene.press("language")
        assert i18n.current_language() != "en", f"Settings stepped past every language without {language.name}"
    assert scene.buttons.named("language").label == language.settings_row
    assert app.settings.language == language.code


def test_polish_translates_every_plural_in_its_three_forms():
    from babel.messages.pofile import read_po

    with open(f"{i18n.locale_dir()}/pl/LC_MESSAGES/skyjo.po", "rb") as f:
        plurals = [m for m in read_po(f, locale="pl") if m.id and isinstance(m.id, tuple)]
    assert plurals and all(len(m.string) == 3 and all(m.string) for m in plurals)
    i18n.set_language("pl")
    rounds = [i18n.ngettext("{count} round played", "{count} rounds played", n).format(count=n) for n in (1, 3, 11)]
    assert rounds == ["1 rozegrana runda", "3 rozegrane rundy", "11 rozegranych rund"]
    assert "stos kart odrzuconych" in _("The draw pile is empty: the discard pile is shuffled into a new one")


@pytest.mark.parametrize("code", ["pt_BR", "pt_BR.UTF-8", "pt-BR", "pt_PT", "pt-PT", "pt", "PT_br@euro"])
def test_every_portuguese_tag_finds_the_one_portuguese_offered(code):
    assert i18n.normalise(code) == "pt_BR"
    assert i18n.set_language(code) == "pt_BR"
    assert _("Discard") == "Descarte"


def test_brazilian_portuguese_says_a_figure_under_two_in_the_singular():
    i18n.set_language("pt_BR")
    assert points_lost_words(1.5) == "1,5\u00a0ponto perdido"
    assert points_lost_words(6.5) == "6,5\u00a0pontos perdidos"


def test_spanish_says_the_discard_pile_in_a_sentence_and_english_again_after():
    i18n.set_language("es")
    assert "pila de descarte" in _("the 3 replaces the 9, which goes to the discard pile")
    i18n.set_language("en")
    assert _("Discard") == "Discard"
