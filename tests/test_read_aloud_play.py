"""Read aloud, proved by play (issue 50 item 2): whole games played by a listener that decides
only from what was spoken (tests/listener.py: the recording voice's lines, in English, and keys
through the Pilot; never the screen or the state), hot-seat and against computers, in both
editions, finished legally: the game-over screen reached, the game over in the engine, no choice
refused. The fast variants play to a low end score (a round or two); the slow ones a whole game."""

import pytest
from listener import Listener
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import GAME_OVER
from game.ui.speech import RecordingSpeech
from scenes.menu import MenuScene
from scenes.play import PlayScene


def listened_game(app, edition, seats, end_score, seed, frames):
    """Play a game by ear: the listener plays every human seat; the engine's record checked after."""
    voice = RecordingSpeech()
    app.voice.attach(voice)
    app.voice.pace = 0  # the recording voice says a line at once (pacing: tests/test_read_aloud.py)
    app.settings.read_aloud = True
    app.settings.guided_players = [seat.name for seat in seats]  # (the first-game tips are said too; not here)
    app.apply_settings()
    config = MatchConfig(edition, tuple(seats), end_score=end_score, seed=seed)
    app.stack.push(MenuScene(app))
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    humans = [seat.name for seat in seats if seat.kind == HUMAN]
    players = set(humans) if len(humans) > 1 else {"You"}
    listener = Listener(Pilot(app), voice, players)
    assert listener.play(frames), f"the game did not end; the last lines said: {voice.said[-8:]}"
    assert play.state.phase == GAME_OVER  # (checked after the game: the listener never reads it)
    assert listener.refused == [], listener.refused
    assert listener.moves > 4 * len(humans)
    assert listener.reminded == 0  # every turn was said when it came: W was never needed
    return voice.said


@pytest.mark.parametrize("edition", ["voyage", "classic"])
def test_a_listener_plays_against_a_computer_to_the_end_by_ear(make_app, edition):
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, "easy")]
    said = listened_game(make_app(), edition, seats, end_score=15, seed=11, frames=20_000)
    assert any(line.startswith("Robin ") for line in said)  # the computer's moves were said
    assert any("Round 1 is over." in line for line in said)


def test_a_hot_seat_game_is_played_by_ear_through_the_hand_offs(make_app):
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bob", HUMAN)]
    said = listened_game(make_app(), "voyage", seats, end_score=15, seed=5, frames=20_000)
    ready = said.index("I am ready")  # the hand-off was said and pressed
    assert said[ready - 1] in ("Pass to Ann", "Pass to Bob")


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["voyage", "classic"])
def test_whole_games_by_ear_hot_seat_and_against_computers(make_app, edition):
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bob", HUMAN), SeatConfig("Robin", COMPUTER, "normal")]
    listened_game(make_app(), edition, seats, end_score=100, seed=23, frames=200_000)
