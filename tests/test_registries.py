"""The editions and the computer levels are each listed once: a screen offers, explains and
counts every edition of game.rules EDITIONS (so a third one is its entry plus its words in
game.ui.wording), and every computer level of game.match is offered with its word and played
by the bot class its entry names."""

from __future__ import annotations

import pytest

from game import i18n
from game.ai import REFERENCES, make_level
from game.match import BOT_LEVELS, COMPUTER_LEVELS, LEVEL_WORDS
from game.rules import EDITIONS, Voyage
from game.store.stats import PlayerStats, Tally
from game.ui.wording import EDITION_WORDS, EditionWords
from scenes.how_to_play import HowToPlayScene
from scenes.setup import SetupScene
from scenes.statistics import breakdown


class Travel(Voyage):
    """A made-up third edition: Voyage's deck for two to three players."""

    name = "travel"
    title = "Skyjo Travel"
    max_players = 3


TRAVEL_WORDS = EditionWords("Skyjo Travel", "Travel", "the Voyage deck", "2 to 3", "shared win", "at random")


@pytest.fixture
def third_edition(monkeypatch):
    monkeypatch.setitem(EDITIONS, Travel.name, Travel)
    monkeypatch.setitem(EDITION_WORDS, Travel.name, TRAVEL_WORDS)


def test_every_edition_has_its_words() -> None:
    assert set(EDITION_WORDS) == set(EDITIONS)


def test_setup_offers_a_third_edition_registered_once(app, third_edition, pilot) -> None:
    setup = app.stack.push(SetupScene(app))
    seen = [setup.config.edition]
    for _ in range(3):
        setup.press("edition")
        pilot.advance()
        seen.append(setup.config.edition)
        if setup.config.edition == Travel.name:
            assert setup.buttons.named("edition").label == "Edition: Skyjo Travel"
            assert setup.config.players <= Travel.max_players
    assert seen == ["voyage", "classic", "travel", "voyage"]


def test_how_to_play_explains_a_third_edition_registered_once(app, third_edition, pilot) -> None:
    seen: list[str] = []
    howto = app.stack.push(HowToPlayScene(app, "classic"))
    howto.switch_edition()
    assert howto.edition is Travel
    howto.page = len(howto.pages) - 1  # the editions' table
    i18n.set_recorder(seen.append)
    try:
        pilot.advance()
    finally:
        i18n.set_recorder(None)
    assert {"Skyjo Voyage", "Skyjo", "Skyjo Travel", "the Voyage deck", "2 to 3", "2 to 8"} <= set(seen)
    howto.switch_edition()
    assert howto.edition is Voyage


def test_statistics_name_a_third_edition_by_its_short_word(third_edition) -> None:
    entry = PlayerStats(games=3, wins=2, by_edition={"classic": Tally(1, 1), "travel": Tally(2, 1)})
    assert breakdown(entry) == "Games won: 1 of 1 at Classic · 1 of 2 at Travel"


def test_each_level_is_offered_with_its_word_and_played_by_its_bot() -> None:
    assert BOT_LEVELS == tuple(level.name for level in COMPUTER_LEVELS) == ("easy", "normal", "hard", "expert",
                                                                                   "adaptive")
    assert LEVEL_WORDS == {"easy": "Easy", "normal": "Normal", "hard": "Hard", "expert": "Expert",
                           "adaptive": "Your level"}
    for entry in (*COMPUTER_LEVELS, *REFERENCES):
        assert type(make_level(entry.name)).__name__ == entry.bot
    with pytest.raises(ValueError, match="unknown bot 'easiest'; choose one of easy, normal, hard, expert, adaptive"):
        make_level("easiest")


def test_statistics_name_the_adaptive_computer_as_an_opponent_in_both_languages() -> None:
    entry = PlayerStats(games=3, wins=3, by_level={"adaptive": Tally(3, 3)})
    assert breakdown(entry) == "Games won: 3 of 3 against the computer at your level"
    i18n.set_language("fr")
    try:
        assert breakdown(entry) == "Parties gagnées : 3 sur 3 contre l'ordinateur à votre niveau"
    finally:
        i18n.set_language("en")


def test_statistics_word_every_kind_of_opponent() -> None:
    """People (hot-seat, another computer) and protocol programs are worded, never shown as their key."""
    entry = PlayerStats(games=3, wins=1, by_level={"hard": Tally(1, 0), "human": Tally(2, 1), "custom": Tally(1, 0)})
    assert breakdown(entry) == ("Games won: 0 of 1 against other programs · 0 of 1 against Hard"
                                " · 1 of 2 against people")  # (by key)
    i18n.set_language("fr")
    try:
        assert "1 sur 2 contre humains" in breakdown(entry) and "human" not in breakdown(entry)
    finally:
        i18n.set_language("en")
