"""Hot-seat: a full-screen hand-off before each human turn whose player differs from the
previous human's (opening flips included), never with a single human."""

import random

import pytest
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import GAME_OVER
from scenes.menu import MenuScene
from scenes.play import PlayScene


def play_game(app, seats, seed, rounds):
    """Play `rounds` rounds: humans pick random legal targets through the click handler.
    Returns (play scene, hand-offs seen on screen, seats of every action in order)."""
    pilot = Pilot(app)
    rng = random.Random(seed)
    config = MatchConfig("voyage", tuple(seats), seed=seed)
    app.stack.push(MenuScene(app))
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    actors, handoffs_seen = [], 0
    original_apply = play.state.apply

    def recording_apply(action):
        actors.append(action.seat)
        original_apply(action)

    play.state.apply = recording_apply
    for _ in range(20000):
        pilot.advance()
        top = app.stack.top
        if top.name == "handoff":
            handoffs_seen += 1
            drawn = []
            play.draw = lambda surface, seen=drawn: seen.append("table")
            app.stack.draw(app.screen)
            del play.draw  # back to the class's method
            assert drawn == []  # the table is not drawn at all behind the hand-off screen
            top.press("ready")
        elif top.name == "round":
            if play.state.round >= rounds or play.state.phase == GAME_OVER:
                return play, handoffs_seen, actors
            top.press("continue")
        elif top is play and play.acting_human() is not None:
            targets = sorted(play.legal_targets())
            pilot.click(rng.choice(targets))
    raise AssertionError("the game did not advance")


def expected_handoffs(actors, humans):
    count, previous = 0, None
    for seat in actors:
        if seat in humans:
            if seat != previous:
                count += 1
            previous = seat
    return count


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])  # (a second game: slow)
def test_two_humans_and_a_computer_get_a_handoff_exactly_when_the_human_changes(app, seed):
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"), SeatConfig("Cy", HUMAN)]
    play, seen, actors = play_game(app, seats, seed, rounds=2)
    expected = expected_handoffs(actors, {0, 2})
    assert expected > 4  # the game really alternated between the two humans
    assert seen == play.table.handoffs == expected


def test_a_single_human_never_sees_a_handoff(app):
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"), SeatConfig("Bea", COMPUTER, "easy")]
    play, seen, actors = play_game(app, seats, 3, rounds=2)
    assert actors.count(0) > 10
    assert seen == play.table.handoffs == 0


def test_a_computers_drawn_card_is_never_shown_to_the_humans(app, pilot):
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"), SeatConfig("Cy", HUMAN)]
    config = MatchConfig("voyage", tuple(seats), seed=4)
    app.stack.push(MenuScene(app))
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    rng = random.Random(4)
    checked = 0
    for _ in range(5000):
        pilot.advance()
        top = app.stack.top
        if top.name == "handoff":
            top.press("ready")
        elif top.name == "round":
            break
        elif top is play and play.acting_human() is not None:
            pilot.click(rng.choice(sorted(play.legal_targets())))
        state, board = play.state, play.board
        if state.to_act == 1 and state.source == "draw" and not play.anim.busy:
            assert board.holding == "?"  # shown as a card back
            checked += 1
    assert checked > 0


def test_a_hot_seat_game_of_two_humans_plays_to_the_winner(app, pilot):
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Cy", HUMAN)]
    play, seen, actors = play_game(app, seats, 5, rounds=10_000)  # returns at the last scoring
    assert play.state.phase == GAME_OVER and max(play.state.totals) >= 100
    assert seen == play.table.handoffs == expected_handoffs(actors, {0, 1})
    app.stack.top.press("continue")
    for _ in range(30):
        pilot.advance()
    assert app.stack.top.name == "gameover"
    best = min(play.state.totals)
    assert play.state.winners == [seat for seat, total in enumerate(play.state.totals) if total == best]


def _at_the_handoff(pilot):
    """A hot-seat game of two humans: Ann makes her opening flips, then the "Pass to Cy"
    screen covers the table."""
    app = pilot.app
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Cy", HUMAN)]
    config = MatchConfig("voyage", tuple(seats), seed=6)
    app.stack.push(MenuScene(app))
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    assert pilot.wait_until(lambda: pilot.scene == "handoff")
    app.stack.top.press("ready")
    first = play.acting_human()

    def next_handoff() -> bool:
        if app.stack.top is play and play.acting_human() == first:
            pilot.click(sorted(play.legal_targets())[0])
        return pilot.scene == "handoff"

    assert pilot.wait_until(next_handoff)
    return play, app.stack.top


def test_escape_on_the_handoff_opens_the_pause_menu_and_the_table_stays_hidden(app, pilot):
    import pygame

    play, handoff = _at_the_handoff(pilot)
    pilot.press(pygame.K_ESCAPE)
    assert pilot.scene == "pause" and app.stack.scenes[-2] is handoff
    drawn = []
    play.draw = lambda surface: drawn.append("table")
    app.stack.draw(app.screen)
    del play.draw
    assert drawn == []  # the pause menu lies over the hand-off screen, not over the table
    pilot.press(pygame.K_ESCAPE)  # Esc again: back to "Pass to ...", still waiting for the player
    assert app.stack.top is handoff
    pilot.press(pygame.K_ESCAPE)
    app.stack.top.press("menu")  # save and go to the menu
    pilot.advance()
    assert pilot.scene == "menu" and app.store.saves.summary() is not None


def test_s_on_the_handoff_shows_the_score_sheet_then_any_key_returns_to_it(app, pilot):
    import pygame

    play, handoff = _at_the_handoff(pilot)
    pilot.press(pygame.K_s)
    assert pilot.scene == "scores" and app.stack.scenes[-2] is handoff
    pilot.press(pygame.K_SPACE)  # any key closes the sheet: back to the hand-off, not past it
    assert app.stack.top is handoff and play.viewer == 0  # the table still faces Ann
    pilot.press(pygame.K_RETURN)
    assert app.stack.top is play and play.viewer == 1  # turned to Cy once ready


def test_turning_the_pass_screen_off_while_on_it_takes_effect_at_once(app, pilot):
    """Issue 40 item 9: Esc, Settings, Pass screen off, then back: the table turns to the player,
    with what the others did beside it, instead of "Pass to ..." waiting on."""
    import pygame

    play, handoff = _at_the_handoff(pilot)
    recap, player = list(handoff.recap), handoff.player
    pilot.press(pygame.K_ESCAPE)
    app.stack.top.press("settings")
    settings = app.stack.top
    assert settings.name == "settings" and settings.press("pass")
    assert not app.settings.pass_screen
    pilot.press(pygame.K_ESCAPE)  # leaves the settings
    pilot.press(pygame.K_ESCAPE)  # and the pause menu
    assert app.stack.top is play and handoff not in app.stack.scenes
    assert play.names[play.view.viewer] == player and play.recap.shown == recap
