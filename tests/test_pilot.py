"""The test driver (tests/pilot.py) does what a player does and waits as long as the game needs:
a button found by its label, a card clicked where it lies on screen, the deal waited out frame by
frame. (The other app tests rely on it; these say what it promises.)"""

from __future__ import annotations

import pygame
import pytest
from pilot import NothingThere, Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.ui.targets import DRAW_TARGET, Target
from scenes.menu import MenuScene
from scenes.names import MENU, SETTINGS
from scenes.play import PlayScene

SEATS = (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"))


def table(pilot: Pilot) -> PlayScene:
    config = MatchConfig("voyage", SEATS, seed=5)
    pilot.app.stack.push(MenuScene(pilot.app))
    return pilot.app.stack.push(PlayScene(pilot.app, config, config.new_game()))


def test_a_button_is_clicked_by_the_label_the_player_reads(pilot: Pilot) -> None:
    pilot.app.stack.push(MENU)
    pilot.click("New game")
    assert pilot.scene == "setup"
    with pytest.raises(AssertionError, match=r"setup shows no button 'New game'; it shows .*'Start'"):
        pilot.button("New game")


def test_a_key_goes_to_the_top_scene(pilot: Pilot) -> None:
    pilot.app.stack.push(MENU)
    pilot.app.stack.push(SETTINGS)
    pilot.press(pygame.K_ESCAPE)  # Esc leaves Settings
    assert pilot.scene == "menu"


def test_a_card_is_clicked_where_it_lies_on_the_table(pilot: Pilot) -> None:
    play = table(pilot)
    assert pilot.wait_until(lambda: play.acting_human() == 0)
    pilot.click(Target.cell(0, 2, 1))
    assert play.state.face_up[0][1 * 4 + 2] and sum(play.state.face_up[0]) == 1
    pilot.click(DRAW_TARGET)  # not legal in the opening: nothing happens
    assert play.state.holding is None and sum(play.state.face_up[0]) == 1


def test_waiting_for_animations_lets_the_deal_land_frame_by_frame(app, pilot: Pilot) -> None:
    app.speed_override = 1.0  # the deal takes about a second of frames
    play = table(pilot)
    pilot.advance()
    assert play.anim.busy
    drawn = app.frames_drawn
    assert pilot.wait_for_animations()
    assert not play.anim.busy and app.frames_drawn - drawn > 10  # waited, frame by frame (not skipped)
    assert pilot.wait_for_animations(frames=0)  # nothing moves: no frame needed


def test_advance_by_seconds_counts_frames_of_the_game_clock(app, pilot: Pilot) -> None:
    pilot.app.stack.push(MENU)
    drawn = app.frames_drawn
    pilot.advance(seconds=0.5)
    assert app.frames_drawn - drawn == 30
    pilot.advance(3, dt=1 / 30)
    assert app.frames_drawn - drawn == 33


def test_a_click_that_hits_nothing_says_where_and_what_was_under_it(pilot: Pilot) -> None:
    pilot.app.stack.push(MENU)
    pilot.advance()
    with pytest.raises(NothingThere, match=r"a click at \(1, 1\) hits nothing: under it is the screen 'menu'"
                                           r".*its buttons: 'New game' at \("):
        pilot.click_at((1, 1))
    assert pilot.scene == "menu"  # nothing was sent to the app
    assert pilot.under(pilot.where("New game")) == "the button 'New game'"
    pilot.click_at((1, 1), anywhere=True)  # a test that means a click anywhere says so
    assert pilot.scene == "menu"


def test_a_card_under_an_overlay_is_not_clicked_silently(pilot: Pilot) -> None:
    play = table(pilot)
    assert pilot.wait_until(lambda: play.acting_human() == 0)
    assert pilot.under(pilot.where(DRAW_TARGET)) == "the table's draw pile"
    assert pilot.under(pilot.where(Target.cell(0, 2, 1))) == "the table's card at column 2, row 1 of seat 0's grid"
    pilot.press(pygame.K_ESCAPE)  # the pause screen over the table
    assert pilot.scene == "pause"
    with pytest.raises(NothingThere, match=r"under it is the screen 'pause' over 'play' over 'menu'"):
        pilot.click(Target.cell(0, 2, 1))
    assert not any(play.state.face_up[0])
