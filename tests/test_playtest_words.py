"""What a play-test found on the screens around the table (issue 40 item 9), each as the player
meets it."""

from __future__ import annotations

import pytest
from helpers import journal_inks
from i18n_gallery import play_out
from pilot import Pilot

from game.match import COMPUTER, HUMAN, REMOTE, MatchConfig, SeatConfig
from scenes.game_over import GameOverScene
from scenes.menu import MenuScene

SEATS = (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, "easy"))


def texts(app, scene) -> list:
    return [ink for ink in journal_inks(app, [scene]) if ink.kind == "text"]


def test_the_export_confirmation_names_the_file_not_the_whole_path(make_app):
    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    config = MatchConfig("voyage", SEATS, seed=3, end_score=40)
    over = app.stack.reset(GameOverScene(app, config, play_out(config, lambda s: s.is_terminal)))
    pilot.advance(1)
    assert over.press("export")
    assert over.exporting is not None and over.exporting.wait(60)  # (written off the frame loop)
    pilot.advance(1)
    line = next(ink for ink in texts(app, over) if ink.words.startswith("Game log saved"))
    exported = next((app.store.data_dir / "exports").iterdir())
    assert exported.name in line.words and str(app.store.data_dir) not in line.words
    assert app.screen.get_rect().contains(line.rect)
    assert line.rect.h >= 12  # readable at 1280x720 (its ink was 10 px tall, in grey)
    buttons = [app.stack.top.viewport.rect(button.box) for button in over.buttons.buttons]
    assert not any(line.rect.colliderect(box) for box in buttons)


@pytest.fixture
def loopback(monkeypatch):
    """The lobby listens on 127.0.0.1 and announces nothing on the network."""
    from scenes.lobby import LobbyScene

    monkeypatch.setattr(LobbyScene, "bind", "127.0.0.1")


HOSTED = (SeatConfig("Ann", HUMAN), SeatConfig("Zoé", REMOTE), SeatConfig("Bob", REMOTE))


@pytest.mark.parametrize(("resumed", "label"), [(False, "Start"), (True, "Continue")])
def test_a_lobby_taken_up_again_says_continue(app, loopback, resumed, label):
    from scenes.lobby import LobbyScene

    config = MatchConfig("voyage", HOSTED, seed=5)
    lobby = app.stack.reset(LobbyScene(app, config, config.new_game(), resumed=resumed))
    try:
        assert lobby.buttons.named("start").label == label
        assert any(ink.words.startswith(f"{label} opens when") for ink in texts(app, lobby))
    finally:
        app.stack.reset(MenuScene(app))  # (the lobby's host closes as it leaves)


def test_abandoning_a_hosted_game_says_the_joined_players_are_dropped():
    from scenes.pause import PauseScene

    class Hosted:  # the table as the pause menu sees it: hosting, two players joined from elsewhere
        link = type("Link", (), {"hosting": True})()
        local = True
        names = ["Ann", "Zoé", "Bob"]
        config = MatchConfig("voyage", HOSTED)

    words = PauseScene.abandon_words(type("Pause", (), {"table": Hosted()})())
    assert words == "The saved game will be deleted, and Zoé and Bob, who joined from other computers, are dropped " \
                    "from the game."
    Hosted.link = type("Link", (), {"hosting": False})()
    assert PauseScene.abandon_words(type("Pause", (), {"table": Hosted()})()) == "The saved game will be deleted."
