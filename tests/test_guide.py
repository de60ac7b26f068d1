"""The first-game guide: a tip the first time each decision comes up, dismissed by the next
key or click (which is played too when it is a move, and does nothing else when it is not),
the scoring screen waiting for its tip, and remembered afterwards."""

from __future__ import annotations

import random

import pygame
import pytest
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import FLIP, REPLACE, TAKE, Action, GameState
from game.store import Store
from game.store.settings import Settings, decode_settings, encode_settings
from game.table import TableEvents
from game.ui.guide import TOPICS, topic_text
from game.ui.targets import DISCARD_TARGET, Target
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.score_overlay import scores_button_box

SEATS = (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"))




def guided_table(app, state: GameState | None = None) -> PlayScene:
    """A table opened the way a new player opens one: through the menu's New game."""
    menu = app.stack.push(MenuScene(app))
    menu.press("new")
    config = MatchConfig("voyage", SEATS, seed=8)
    return app.stack.push(PlayScene(app, config, state or config.new_game()))


def test_every_topic_has_words() -> None:
    assert all(len(topic_text(topic)) > 30 for topic in TOPICS)


def tip_showing(app, topic: str = "opening") -> PlayScene:
    """A guided table with the tip for `topic` on screen (the first, "opening", by default)."""
    play = guided_table(app)
    for _ in range(50):
        Pilot(app).advance()
    assert play.guide.current == "opening"
    return play


def test_a_tip_dismissed_by_a_key_that_means_nothing_plays_nothing(app, pilot) -> None:
    play = tip_showing(app)
    before, cursor = str(play.state), play.input.cursor
    pilot.press(pygame.K_a)  # a key that means nothing at the table: it only closes the tip...
    assert play.guide.current is None
    assert play.input.cursor == cursor and str(play.state) == before
    pilot.press(pygame.K_DOWN)
    pilot.press(pygame.K_DOWN)
    pilot.press(pygame.K_RETURN)  # ...then keys play again
    assert str(play.state) != before
    pilot.advance()
    assert play.guide.current is None  # opening was explained once


def test_escape_with_a_tip_showing_opens_the_pause_menu(app, pilot) -> None:
    tip_showing(app)
    pilot.press(pygame.K_ESCAPE)
    assert pilot.scene == "pause"


@pytest.mark.parametrize("code", [pygame.K_s, pygame.K_TAB])
def test_the_scores_key_with_a_tip_showing_opens_the_scores(app, pilot, code) -> None:
    tip_showing(app)
    pilot.press(code)
    assert pilot.scene == "scores"


def test_h_with_a_tip_showing_gives_the_hint(app, pilot) -> None:
    play = tip_showing(app)
    pilot.press(pygame.K_h)
    assert play.guide.current is None and play.hints.asker is not None  # the hint was asked for
    assert play.notice.line != ""  # (the line says it is thinking, then the hint)


@pytest.mark.parametrize("code", [pygame.K_DOWN, pygame.K_RIGHT])
def test_an_arrow_with_a_tip_showing_moves_the_cursor(app, pilot, code) -> None:
    play = tip_showing(app)
    assert play.input.cursor == Target.cell(0, 0, 0)
    pilot.press(code)
    assert play.guide.current is None
    assert play.input.cursor == (Target.cell(0, 0, 1) if code == pygame.K_DOWN else Target.cell(0, 1, 0))


def test_the_scores_button_with_a_tip_showing_opens_the_scores(app, pilot) -> None:
    play = tip_showing(app)
    pilot.click_at(play.viewport.rect(scores_button_box()).center)
    assert pilot.scene == "scores"


def test_backspace_with_the_taken_tip_showing_puts_the_card_back(app, pilot) -> None:
    play = tip_showing(app)
    pilot.press(pygame.K_RETURN)
    pilot.click(Target.cell(0, 1, 0))
    assert pilot.wait_until(lambda: play.guide.current == "choose" and play.acting_human() == 0)
    top = play.state.discard_pile[-1]
    pilot.press(pygame.K_UP)  # (the tip goes, the cursor moves: onto the draw pile)
    pilot.click(DISCARD_TARGET)
    assert pilot.wait_until(lambda: play.guide.current == "taken")
    pilot.press(pygame.K_BACKSPACE)
    assert play.guide.current is None
    assert play.state.holding is None and play.state.discard_pile[-1] == top


def test_a_tip_dismissed_by_a_move_plays_it_too(app, pilot) -> None:
    play = guided_table(app)
    played = []
    play.table.subscribe(lambda message: played.append(message.action)
                         if isinstance(message, TableEvents) and message.action is not None else None)
    for _ in range(50):
        pilot.advance()
    assert play.guide.current == "opening" and play.input.cursor == Target.cell(0, 0, 0)
    pilot.press(pygame.K_RETURN)  # Enter on a card that may be flipped: the tip goes and the card turns
    assert play.guide.current is None and played == [Action(0, FLIP, 0, 0)]
    pilot.click(Target.cell(0, 1, 0))
    for _ in range(200):
        pilot.advance()
        if play.guide.current is not None:
            break
    assert play.guide.current == "choose" and play.acting_human() == 0
    pilot.click(DISCARD_TARGET)  # a move: the tip goes and the card is taken
    assert played[-1] == Action(0, TAKE)
    assert play.guide.current == "taken"  # (the take showed at once) the next decision's own tip
    count = len(played)
    pilot.click(Target.cell(1, 0, 0))  # the computer's card: no move
    assert play.guide.current is None and len(played) == count and play.notice.line == ""
    pilot.click(Target.cell(0, 2, 1))  # no tip now: plays as ever
    assert play.guide.current is None and played[-1] == Action(0, REPLACE, 2, 1)
    assert sum(action.seat == 0 for action in played) == 4  # every move once


def test_no_guide_after_the_first_game_or_from_continue(app, pilot) -> None:
    app.settings.guided_players = ["Ann"]  # Ann had her guided game
    play = guided_table(app)
    for _ in range(20):
        pilot.advance()
    assert not play.guide.enabled and not play.guide.explains_to("Ann") and play.guide.current is None
    config = MatchConfig("voyage", SEATS, seed=8)
    resumed = app.stack.push(PlayScene(app, config, config.new_game()))  # not through New game
    assert not resumed.guide.enabled


def test_scoring_screen_waits_for_its_tip_and_the_guide_is_remembered(app, pilot, tmp_path) -> None:
    config = MatchConfig("voyage", SEATS, seed=8)
    state = config.new_game()
    rng = random.Random(2)
    while state.phase != "round_over":
        state.apply(rng.choice(state.legal_actions()))
    state.take_events()
    play = guided_table(app, state)
    play.guide.seen["Ann"] = set(TOPICS) - {"scoring"}  # everything but scoring was seen earlier in this game
    for _ in range(10):
        pilot.advance()
    assert play.guide.current == "scoring"
    assert app.stack.top is play  # the scoring screen waits
    pilot.press()
    for _ in range(5):
        pilot.advance()
    assert pilot.scene == "round"
    assert app.settings.guided_players == ["Ann"]  # every topic shown: Ann is done
    app.store.saves.flush()
    assert Store(str(tmp_path)).settings.load().guided_players == ["Ann"]


def test_pause_menu_switches_the_guide(app, pilot) -> None:
    config = MatchConfig("voyage", SEATS, seed=8)
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    assert not play.guide.enabled
    pilot.press(pygame.K_ESCAPE)
    pause = app.stack.top
    assert pause.name == "pause"
    assert pause.press("guide")
    assert play.guide.enabled
    assert pause.press("guide")
    assert not play.guide.enabled


def test_guide_done_survives_the_settings_file() -> None:
    settings = Settings(guide_done=True, guided_players=["Ann"])
    loaded, bad = decode_settings(encode_settings(settings))
    assert loaded.guide_done is True and loaded.guided_players == ["Ann"] and bad == []
    raw = encode_settings(Settings()).replace(b'"guide_done": false', b'"guide_done": "yes"')
    loaded, bad = decode_settings(raw)
    assert loaded.guide_done is False and bad == ["guide_done"]
