"""Input that is never lost (#18): a click or Enter during an animation skips it and is played
once the board has caught up, if it is still legal for the acting human on the position it
was chosen for; otherwise it is dropped silently. Never twice, never on a stale position."""

from __future__ import annotations

import pygame
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import DRAW, REPLACE, TAKE, TURN, Action
from game.table import TableEvents
from game.ui.targets import DISCARD_TARGET, DRAW_TARGET, Target
from scenes.menu import MenuScene
from scenes.play import PlayScene

SEATS = (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"))


def table(app) -> tuple[PlayScene, list[Action]]:
    """A new game against the computer (animations instant until a test slows them) and the
    list of every action the table plays, in order."""
    config = MatchConfig("voyage", SEATS, seed=5)
    app.stack.push(MenuScene(app))
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    played: list[Action] = []
    play.table.subscribe(lambda message: played.append(message.action)
                         if isinstance(message, TableEvents) and message.action is not None else None)
    return play, played


def to_my_turn(app, play: PlayScene) -> None:
    """Ann flips her two opening cards by clicks; the table plays on to her first turn."""
    pilot = Pilot(app)
    assert pilot.wait_until(lambda: play.acting_human() == 0)
    pilot.click(Target.cell(0, 0, 0))
    pilot.click(Target.cell(0, 1, 0))
    assert pilot.wait_until(lambda: play.acting_human() == 0 and play.state.phase == TURN)
    assert play.state.holding is None


def test_a_click_right_after_taking_the_discard_is_played_once_the_slide_ends(app, pilot) -> None:
    play, played = table(app)
    to_my_turn(app, play)
    app.speed_override = 1.0  # animations take their time from here
    taken = play.state.discard_top
    cell = Target.cell(0, 2, 1)
    seen: list[object] = []  # what the board showed in the hand when the replace was played
    play.table.subscribe(lambda message: seen.append(play.board.holding)
                         if isinstance(message, TableEvents) and message.action is not None
                         and message.action.verb == REPLACE else None)
    pilot.click(DISCARD_TARGET)
    assert played[-1] == Action(0, TAKE) and play.anim.busy  # the card slides to the hand
    pilot.click(cell)  # at once: before, this click did nothing
    assert played[-1] == Action(0, REPLACE, 2, 1)
    assert seen == [taken]  # played after the slide ended: the board showed the card in the hand
    assert play.state.cards[0][cell.index] == taken
    assert pilot.wait_until(lambda: any(action.seat == 1 for action in played), 2000)
    assert [action for action in played if action.seat == 0][-2:] == [Action(0, TAKE), Action(0, REPLACE, 2, 1)]
    assert play.notice.line == ""


def test_enter_on_the_cursor_during_an_animation_is_played_too(app, pilot) -> None:
    play, played = table(app)
    to_my_turn(app, play)
    app.speed_override = 1.0
    pilot.click(DRAW_TARGET)
    assert played[-1] == Action(0, DRAW) and play.anim.busy  # the drawn card flies to the hand
    play.input.cursor = Target.cell(0, 3, 2)  # (where the arrow keys would have put it)
    pilot.press(pygame.K_RETURN)
    assert played[-1] == Action(0, REPLACE, 3, 2)
    assert sum(action == Action(0, REPLACE, 3, 2) for action in played) == 1


def test_space_during_an_animation_only_skips(app, pilot) -> None:
    play, played = table(app)
    to_my_turn(app, play)
    app.speed_override = 1.0
    pilot.click(DRAW_TARGET)
    play.input.cursor = Target.cell(0, 3, 2)
    pilot.press(pygame.K_SPACE)
    assert not play.anim.busy and played[-1] == Action(0, DRAW)  # skipped, nothing placed
    assert play.state.holding is not None


def test_a_click_illegal_on_the_position_it_meets_is_dropped_silently(app, pilot) -> None:
    play, played = table(app)
    to_my_turn(app, play)
    app.speed_override = 1.0
    pilot.click(DISCARD_TARGET)
    assert play.anim.busy
    count = len(played)
    pilot.click(DRAW_TARGET)  # drawing while holding the taken card: not legal
    assert not play.anim.busy and len(played) == count and play.notice.line == ""
    assert play.state.holding is not None
    pilot.advance()
    pilot.click(Target.cell(1, 0, 0))  # the computer's card: nothing, and nothing said
    assert len(played) == count and play.notice.line == ""
    pilot.click(Target.cell(0, 0, 1))  # the table is idle: the next click plays at once
    assert played[-1] == Action(0, REPLACE, 0, 1)


def test_a_click_during_the_computers_move_is_not_played_on_my_next_turn(app, pilot) -> None:
    play, played = table(app)
    to_my_turn(app, play)
    pilot.click(DRAW_TARGET)
    pilot.click(Target.cell(0, 0, 1))  # Ann's turn is over
    app.speed_override = 1.0
    assert pilot.wait_until(lambda: played[-1].seat == 1 and play.anim.busy, 2000)  # the computer's first step shows
    count = len(played)
    pilot.click(DRAW_TARGET)  # skips it; the draw pile is not Ann's to draw now: dropped
    assert len(played) == count
    app.speed_override = 0.0
    assert pilot.wait_until(lambda: play.acting_human() == 0)
    for _ in range(5):
        pilot.advance()
    assert play.state.holding is None and played[-1].seat == 1  # Ann's turn waits for her


def test_a_pending_click_is_dropped_when_another_action_was_played_in_between(app, pilot) -> None:
    play, played = table(app)
    to_my_turn(app, play)
    pilot.click(DRAW_TARGET)
    pilot.click(Target.cell(0, 0, 1))
    app.speed_override = 1.0
    assert pilot.wait_until(lambda: played[-1].seat == 1 and play.anim.busy, 2000)
    # Ann clicks the draw pile during the computer's move, and before the screen catches up
    # the computer places its card from elsewhere: the draw would be legal for Ann now, but
    # it was meant for a position that is gone.
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pilot.where(DRAW_TARGET), button=1))
    placing = next(action for action in play.state.legal_actions() if action.verb == REPLACE)
    assert play.table.play(placing) is None
    assert play.state.to_act == 0 and play.state.is_legal(Action(0, DRAW))
    count = len(played)
    assert pilot.wait_until(lambda: play.acting_human() == 0, 2000)
    for _ in range(5):
        pilot.advance()
    assert len(played) == count and play.state.holding is None


def test_the_latest_click_wins(app, pilot) -> None:
    play, played = table(app)
    to_my_turn(app, play)
    app.speed_override = 1.0
    pilot.click(DISCARD_TARGET)
    assert play.anim.busy
    for target in (Target.cell(0, 0, 2), Target.cell(0, 3, 0)):  # two clicks in one frame
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pilot.where(target), button=1))
    pilot.advance()
    assert [action for action in played if action.verb == REPLACE] == [Action(0, REPLACE, 3, 0)]
