"""The app around the table: two clicks from the menu to a game, autosave and Continue,
the end of a game (save removed), settings kept, fullscreen toggling headless."""

import pygame
import pytest
from helpers import key_event

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import GAME_OVER, score_view
from game.ui.targets import Target
from scenes.game_over import GameOverScene, winners_line
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.round_score import round_breakdown


def test_new_game_then_start_is_two_clicks_with_the_defaults(app, pilot):
    app.stack.push(MenuScene(app))
    pilot.click("New game")
    assert pilot.scene == "setup"
    pilot.click("Start")
    play = app.stack.top
    assert play.name == "play"
    assert play.config.edition == "voyage"
    # a new game's computers play at the person's level (issue 42)
    assert [(s.kind, s.level) for s in play.config.seats] == [
        (HUMAN, "normal"), (COMPUTER, "adaptive"), (COMPUTER, "adaptive")]


def test_setup_follows_the_edition_limits(app, pilot):
    app.stack.push(MenuScene(app))
    pilot.click("New game")
    setup = app.stack.top
    for _ in range(5):
        setup.press("more")
    assert setup.config.players == 4  # Voyage stops at 4
    setup.press("edition")
    for _ in range(6):
        setup.press("more")
    assert setup.config.edition == "classic" and setup.config.players == 8
    setup.press("edition")
    assert setup.config.edition == "voyage" and setup.config.players == 4
    setup.press("final_tie")
    assert setup.config.final_tie == "tiebreak"


def test_autosave_after_each_action_and_continue_resumes_it(app, pilot, tmp_path):
    seats = (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"))
    config = MatchConfig("voyage", seats, seed=9)
    app.stack.push(MenuScene(app))
    app.stack.push(PlayScene(app, config, config.new_game()))
    pilot.advance()
    pilot.click(Target.cell(0, 1, 1))
    app.store.saves.flush()
    _, saved = app.store.saves.load()
    assert saved.face_up[0][5] and sum(saved.face_up[0]) == 1
    pilot.advance()  # the flip animates (instantly) before the next input counts
    pilot.click(Target.cell(0, 2, 2))
    app.store.saves.flush()
    app.stack.reset(MenuScene(app))
    pilot.advance()
    menu = app.stack.top
    assert menu.buttons.named("continue") is not None and "Ann" in menu.summary
    pilot.click("Continue")
    resumed = app.stack.top
    assert resumed.name == "play" and resumed.state.face_up[0][5] and resumed.state.face_up[0][10]
    assert resumed.board.grids[0][5] == resumed.state.cards[0][5]  # shown as it is


def test_game_over_names_the_winner_and_deletes_the_save(app, pilot):
    seats = (SeatConfig("Ann", COMPUTER, "easy"), SeatConfig("Bob", COMPUTER, "easy"))
    config = MatchConfig("voyage", seats, seed=4, end_score=30)
    app.stack.push(MenuScene(app))
    play = app.stack.push(PlayScene(app, config, config.new_game()))

    def check_breakdown(_screen) -> None:  # the breakdown agrees with the engine's round score
        for row in round_breakdown(score_view(play.state)):
            assert row["score"] == play.state.round_scores[-1][row["seat"]]
            assert row["doubled"] == (row["score"] != row["raw"])

    assert pilot.play_to_game_over(check_breakdown)
    over = app.stack.top
    assert isinstance(over, GameOverScene) and over.state.phase == GAME_OVER
    app.store.saves.flush()
    assert not app.store.saves.has_game()
    line = winners_line(over.state, over.names)
    assert all(over.names[w] in line for w in over.state.winners)
    over.press("menu")
    assert pilot.scene == "menu" and len(app.stack) == 1


def test_animation_speed_setting_is_kept(app, pilot, tmp_path):
    seats = (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"))
    config = MatchConfig("voyage", seats, seed=2)
    app.speed_override = None
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    pilot.press(pygame.K_ESCAPE)
    app.stack.top.press("speed")
    assert app.settings.animation_speed == "fast"  # normal -> fast
    assert app.speed == 2.5
    app.stack.top.press("resume")
    pilot.advance()
    assert play.anim.speed == 2.5
    app.store.saves.flush()
    assert app.store.settings.load().animation_speed == "fast"


def test_fullscreen_toggles_headless(app, pilot):
    app.stack.push(MenuScene(app))
    pilot.press(pygame.K_F11)
    assert app.fullscreen
    app.toggle_fullscreen()
    pilot.advance()
    assert not app.fullscreen


def test_a_tiebreak_round_is_offered_played_by_the_tied_and_ends_the_game(app, pilot):
    # seed 40, 8 players, random legal moves: round 1 ends with seats 2 and 5 tied lowest
    import random

    seats = tuple(SeatConfig(f"P{i}", COMPUTER, "easy") for i in range(8))
    config = MatchConfig("classic", seats, seed=40, end_score=1)
    state = config.new_game()
    rng = random.Random(40)
    while state.phase in ("opening", "turn"):
        state.apply(rng.choice(state.legal_actions()))
    assert state.next_is_tiebreak and state.next_participants == (2, 5)
    app.stack.push(MenuScene(app))
    play = app.stack.push(PlayScene(app, config, state, resumed=True))
    pilot.advance()
    overlay = app.stack.top
    assert overlay.name == "round" and overlay.buttons.named("continue").label == "Play the tiebreak round"
    overlay.press("continue")
    assert play.state.participants == (2, 5) and play.state.tiebreak
    assert pilot.play_to_game_over()
    over = app.stack.top
    assert over.name == "gameover"
    assert set(over.state.winners) <= {2, 5}
    assert play.board.participants[0] in (2, 5)  # only the tied players were dealt


def test_a_seat_name_is_typed_with_the_keyboard(app, pilot):
    from scenes.setup import SetupScene

    setup = app.stack.push(SetupScene(app))
    pilot.advance()
    setup.press("name1")
    for _ in range(10):
        pygame.event.post(key_event(pygame.K_BACKSPACE))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoé"))
    pilot.press(pygame.K_RETURN)
    assert setup.config.seats[1].name == "Zoé" and setup.editing == 2  # Enter: on to the next name
    setup.press("name1")
    for _ in range(10):
        pygame.event.post(key_event(pygame.K_BACKSPACE))
    pilot.advance()
    setup.press("start")
    assert app.stack.top is setup and "name" in setup.error  # an empty name is refused, plainly


def test_windowed_size_is_parsed_or_refused_plainly():
    from skyjo.app import parse_size

    assert parse_size(None) is None
    assert parse_size("1280x720") == (1280, 720)
    for bad in ("12x3", "big", "1280x", "x720", "-5x9"):
        with pytest.raises(ValueError, match="--windowed-size"):
            parse_size(bad)


def test_adding_a_person_on_setup_makes_a_human_seat_not_another_computer(app):
    """Issue 40 item 2: the add card's "+ Person" adds a person at this screen (it used to take
    "Who plays" through "Another computer", renaming the seat); the network is its own choice."""
    from game.match import COMPUTER, HUMAN, MatchConfig
    from scenes.setup import SetupScene

    setup = app.stack.push(SetupScene(app, MatchConfig()))
    assert setup.press("more_human")
    added = setup.config.seats[-1]
    assert setup.config.players == 4 and added.kind == HUMAN
    assert [seat.name for seat in setup.config.seats] == ["Player 1", "Robin", "Sasha", "Player 4"]
    assert setup.editing == 3  # its name takes the typing at once
    assert not setup.press("more")  # Voyage seats 4 at most: the add card is gone
    setup.press("remove3")
    assert setup.config.players == 3 and setup.press("more") and setup.config.seats[-1].kind == COMPUTER
    assert setup.config.seats[-1].level == "adaptive"  # "+ Computer" adds "Your level", as new games do (issue 48)
    assert all(seat.kind != "remote" for seat in setup.config.seats)
