"""The Statistics scene: shows the recorded figures; reset asks first, then erases."""

from __future__ import annotations

import pytest
from helpers import finished_game

from game.store import Store

pygame = pytest.importorskip("pygame")


@pytest.fixture
def app(make_app, tmp_path):
    """The app over a data folder that already holds three finished games."""
    store = Store(tmp_path)
    for seed in range(3):
        store.stats.record_game(*finished_game(seed))
    return make_app()


def test_shows_players_and_resets_after_confirmation(app, pilot, tmp_path):
    from scenes.statistics import StatisticsScene, card_figures

    scene = pilot.read_in(app.stack.push(StatisticsScene(app)))
    assert [name for name, _ in scene.players] == ["Ann"]
    assert card_figures(scene.players[0][1])[0] == ("3", "Games")
    scene.draw(app.screen)
    assert scene.press("reset")  # first press only asks
    assert scene.confirming and Store(tmp_path).stats.load().players
    scene.draw(app.screen)
    assert scene.press("reset")
    assert app.store.stats.flush()  # the reset is written off the frame loop: wait for it before reading the disk
    assert not scene.confirming and Store(tmp_path).stats.load().players == {}
    pilot.read_in(scene)  # (the figures are read again, off the frame loop)
    assert scene.players == [] and "reset" in scene.message
    scene.draw(app.screen)
    assert not scene.buttons.named("reset").enabled


def test_escape_cancels_the_confirmation_then_leaves(app, pilot):
    from scenes.statistics import StatisticsScene

    scene = pilot.read_in(app.stack.push(StatisticsScene(app)))
    scene.press("reset")
    escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)
    scene.handle_event(escape)
    assert not scene.confirming and scene in app.stack.scenes
    scene.handle_event(escape)
    assert scene not in app.stack.scenes
    assert app.store.stats.load().players["Ann"].games == 3, "leaving never erases"


def test_a_best_round_below_zero_is_written_with_the_minus_sign_the_table_uses():
    from game.store.stats import PlayerStats
    from scenes.statistics import card_figures

    figures = dict((what, value) for value, what in card_figures(PlayerStats(games=2, best_round=-12)))
    assert figures["Best round"] == "\u221212"
