"""Switching the language in Settings: every screen speaks the new one at once, as an app
started in that language would (no restart), edition names included."""

import re

import pytest
from i18n_gallery import screens
from pilot import Pilot

from game import i18n
from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.ui.ink import JOURNAL
from scenes.how_to_play import HowToPlayScene
from scenes.menu import MenuScene
from scenes.settings import SettingsScene
from scenes.setup import SetupScene

CLASSIC = MatchConfig("classic", (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, "easy")))


def drawn_words(app) -> list[str]:
    """Every text one frame of the screen draws (the scene on top and those showing beneath),
    in order, figures masked (a lobby's join code is random)."""
    scenes = list(app.stack.scenes)
    start = len(scenes) - 1
    while start > 0 and scenes[start].overlay:
        start -= 1
    JOURNAL.start()
    try:
        for scene in scenes[start:]:
            scene.draw(app.screen)
        return sorted(re.sub(r"[0-9A-Z]{6}\b|\d", "#", ink.words) for ink in JOURNAL.inks if ink.words)
    finally:
        JOURNAL.stop()
        JOURNAL.clear()


def switch_to_french_in_settings(app) -> None:
    """Through the Settings screen, over the menu, as a player does."""
    pilot = Pilot(app)
    settings = app.stack.push(SettingsScene(app))
    pilot.advance()
    settings.press("language")
    settings.close()
    pilot.advance()
    assert i18n.current_language() == "fr"


def english_app(make_app):
    app = make_app(size=(1280, 720))
    app.settings.language = "en"
    app.apply_settings()
    return app


def french_app(make_app, tmp_path):
    app = make_app(size=(1280, 720), data_dir=tmp_path / "french")
    app.settings.language = "fr"
    app.apply_settings()
    return app


def test_the_menu_beneath_settings_and_the_edition_names_speak_the_new_language_at_once(make_app, tmp_path):
    app = english_app(make_app)
    pilot = Pilot(app)
    menu = app.stack.push(MenuScene(app))
    setup = app.stack.push(SetupScene(app, CLASSIC))  # seen once in English: nothing of it may stay
    assert setup.buttons.named("edition").label == "Edition: Skyjo"
    setup.close()
    guide = app.stack.push(HowToPlayScene(app, "classic"))
    pilot.advance()
    assert guide.buttons.named("edition").label == "Edition: Skyjo"
    guide.close()
    pilot.advance()
    switch_to_french_in_settings(app)
    assert app.stack.top is menu
    shown = drawn_words(app)

    french = french_app(make_app, tmp_path)
    french.stack.push(MenuScene(french))
    Pilot(french).advance()
    assert shown == drawn_words(french)  # the menu that stayed beneath Settings, as if started in French

    setup = app.stack.push(SetupScene(app, CLASSIC))
    pilot.advance()
    assert setup.buttons.named("edition").label == "Édition : Skyjo"
    app.stack.pop()
    guide = app.stack.push(HowToPlayScene(app, "classic"))
    pilot.advance()
    assert guide.buttons.named("edition").label == "Édition : Skyjo"
    assert any("Le paquet Skyjo" in words for words in drawn_words(app))  # its first page names the deck
    assert not any("The Skyjo deck" in words for words in drawn_words(app))


@pytest.mark.slow
def test_every_screen_after_a_switch_is_the_screen_of_an_app_started_in_that_language(make_app, tmp_path):
    app = english_app(make_app)
    app.speed_override = 0.0
    for _name in screens(app):  # every screen seen once in English first: no word of it may stay
        pass
    app.stack.reset(MenuScene(app))
    Pilot(app).advance()
    switch_to_french_in_settings(app)
    switched = {name: drawn_words(app) for name in screens(app)}
    french = french_app(make_app, tmp_path)
    french.speed_override = 0.0
    fresh = {name: drawn_words(french) for name in screens(french)}
    assert switched.keys() == fresh.keys()
    differ = {name: sorted(set(switched[name]) ^ set(fresh[name])) for name in fresh if switched[name] != fresh[name]}
    assert not differ, differ
