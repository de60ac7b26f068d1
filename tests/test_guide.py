"""The first-game guide: a tip the first time each decision comes up, dismissed by a key
that does nothing else, the scoring screen waiting for its tip, and remembered afterwards."""

from __future__ import annotations

import random

import pygame

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import GameState
from game.store import Store
from game.store.settings import Settings, decode_settings, encode_settings
from game.ui.guide import TOPICS, topic_text
from scenes.menu import MenuScene
from scenes.play import PlayScene

SEATS = (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"))




def key(app, code=pygame.K_RETURN) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)


def guided_table(app, state: GameState | None = None) -> PlayScene:
    """A table opened the way a new player opens one: through the menu's New game."""
    menu = app.stack.push(MenuScene(app))
    menu.press("new")
    config = MatchConfig("voyage", SEATS, seed=8)
    return app.stack.push(PlayScene(app, config, state or config.new_game()))


def test_every_topic_has_words() -> None:
    assert all(len(topic_text(topic)) > 30 for topic in TOPICS)


def test_first_game_tip_is_dismissed_by_a_key_that_plays_nothing(app) -> None:
    play = guided_table(app)
    for _ in range(50):
        app.frame(1 / 60)
    assert play.guide.current == "opening"
    before, cursor = str(play.state), play.view.cursor
    key(app, pygame.K_DOWN)  # the first key only closes the tip...
    assert play.guide.current is None
    assert play.view.cursor == cursor and str(play.state) == before
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # ...then keys play again
    assert str(play.state) != before
    app.frame(1 / 60)
    assert play.guide.current is None  # opening was explained once


def test_no_guide_after_the_first_game_or_from_continue(app) -> None:
    app.settings.guide_done = True
    play = guided_table(app)
    for _ in range(20):
        app.frame(1 / 60)
    assert not play.guide.enabled and play.guide.current is None
    config = MatchConfig("voyage", SEATS, seed=8)
    resumed = app.stack.push(PlayScene(app, config, config.new_game()))  # not through New game
    assert not resumed.guide.enabled


def test_scoring_screen_waits_for_its_tip_and_the_guide_is_remembered(app, tmp_path) -> None:
    config = MatchConfig("voyage", SEATS, seed=8)
    state = config.new_game()
    rng = random.Random(2)
    while state.phase != "round_over":
        state.apply(rng.choice(state.legal_actions()))
    state.take_events()
    play = guided_table(app, state)
    for topic in TOPICS:  # everything but scoring was seen earlier in this game
        if topic != "scoring":
            play.guide.seen.add(topic)
    for _ in range(10):
        app.frame(1 / 60)
    assert play.guide.current == "scoring"
    assert app.stack.top is play  # the scoring screen waits
    key(app)
    for _ in range(5):
        app.frame(1 / 60)
    assert app.stack.top.name == "round"
    assert app.settings.guide_done is True  # every topic shown: done
    app.store.flush()
    assert Store(str(tmp_path)).load_settings().guide_done is True


def test_pause_menu_switches_the_guide(app) -> None:
    config = MatchConfig("voyage", SEATS, seed=8)
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    assert not play.guide.enabled
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert pause.name == "pause"
    assert pause.press("guide")
    assert play.guide.enabled
    assert pause.press("guide")
    assert not play.guide.enabled


def test_guide_done_survives_the_settings_file() -> None:
    settings = Settings(guide_done=True)
    loaded, bad = decode_settings(encode_settings(settings))
    assert loaded.guide_done is True and bad == []
    raw = encode_settings(Settings()).replace(b'"guide_done": false', b'"guide_done": "yes"')
    loaded, bad = decode_settings(raw)
    assert loaded.guide_done is False and bad == ["guide_done"]
