"""How to play: reached from the menu, pages turned by keys and buttons, the edition of the
last setup first, every text looked up through _() so it can be translated."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.match import MatchConfig
from game.rules import Classic, Voyage
from scenes.how_to_play import HowToPlayScene
from scenes.menu import MenuScene


def test_menu_opens_it_and_keys_turn_the_pages(app, pilot) -> None:
    menu = app.stack.push(MenuScene(app))
    pilot.advance()
    assert menu.press("howto")
    howto = app.stack.top
    assert howto.name == "howto" and howto.page == 0
    pilot.press(pygame.K_LEFT)
    assert howto.page == 0  # no page before the first
    for expected in range(1, len(howto.pages)):
        pilot.press(pygame.K_RIGHT)
        assert howto.page == expected
    pilot.press(pygame.K_RIGHT)
    assert howto.page == len(howto.pages) - 1
    assert not howto.buttons.named("next").enabled
    assert howto.press("previous") and howto.page == len(howto.pages) - 2
    pilot.press(pygame.K_ESCAPE)
    assert app.stack.top is menu


def test_the_edition_of_the_last_setup_comes_first_and_e_switches(app, pilot) -> None:
    assert HowToPlayScene(app).edition is Voyage
    app.settings.last_setup = MatchConfig("classic").to_dict()
    howto = app.stack.push(HowToPlayScene(app))
    assert howto.edition is Classic
    pilot.press(pygame.K_e)
    assert howto.edition is Voyage
    assert howto.press("edition") and howto.edition is Classic


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_page_draws_and_its_texts_go_through_gettext(app, language, pilot) -> None:
    i18n.set_language(language)
    seen: list[str] = []
    howto = app.stack.push(HowToPlayScene(app))
    i18n.set_recorder(seen.append)
    try:
        for page in range(len(howto.pages)):
            howto.page = page
            pilot.advance()
    finally:
        i18n.set_recorder(None)
    for words in ("The goal", "Columns", "The two editions", "Next ›", "three 5s: the column is removed",
                  "8 is lower than 10: Lea's score is doubled", "2 to 8"):
        assert words in seen
    assert any("{count} cards" in msgid for msgid in seen)  # the deck size is filled in, not written in


def test_the_goal_page_names_the_chosen_edition_deck(app) -> None:
    howto = app.stack.push(HowToPlayScene(app, "classic"))
    assert "150 cards" in " ".join(howto._goal_text())
    howto.switch_edition()
    assert "105 cards" in " ".join(howto._goal_text())


def test_it_lies_on_the_cloth_of_the_other_pages_and_its_buttons_say_no_ascii_or_keys(app, pilot) -> None:
    from scenes.settings import SettingsScene

    settings = app.stack.push(SettingsScene(app))
    pilot.advance()
    corners = [app.screen.get_at(point) for point in ((3, 3), (app.screen.get_width() - 4, 200))]
    settings.close()
    howto = app.stack.push(HowToPlayScene(app, "classic"))
    howto.page = 1
    pilot.advance()
    assert [app.screen.get_at(point) for point in ((3, 3), (app.screen.get_width() - 4, 200))] == corners
    labels = [button.label for button in howto.buttons.buttons]
    assert "Edition: Skyjo" in labels and "Next ›" in labels and "‹ Previous" in labels
    assert not any(mark in label for label in labels for mark in ("<", ">", "(E)"))
