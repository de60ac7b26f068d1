"""A monkey at the controls: thousands of seeded random mouse and keyboard events on every
scene. Nothing may raise, and the engine state must stay one the rules allow. The computer
seats decide inline (no bot thread) and the network screens keep to loopback, so the same
events give the same run every time."""

import functools
import itertools
import random

import pygame
import pytest
from helpers import inline_workers
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.net import HostedTable
from game.rules import check_consistency
from game.table import TableController
from scenes.game_over import GameOverScene
from scenes.join import JoinScene
from scenes.lobby import LobbyScene
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.setup import SetupScene

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE,
        pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_ESCAPE, pygame.K_a, pygame.K_1]
SEATS = (SeatConfig("Ann", HUMAN), SeatConfig("Bob", HUMAN), SeatConfig("Cal", COMPUTER, "easy"))


def random_event(rng, size):
    roll = rng.random()
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    if roll < 0.3:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if roll < 0.65:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice([1, 1, 1, 3]))
    if roll < 0.95:
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="", scancode=0)
    return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("xyzé!"))


def start_scene(app, which, seed):
    config = MatchConfig("voyage", SEATS, seed=seed)
    moves = random.Random(seed)
    app.stack.reset(MenuScene(app))
    if which == "setup":
        app.stack.push(SetupScene(app))
    elif which in ("play", "round"):
        play = app.stack.push(PlayScene(app, config, config.new_game()))
        if which == "round":  # play quickly to the end of a round through the engine's own legal moves
            state = play.state
            while state.phase in ("opening", "turn"):
                play.apply(moves.choice(state.legal_actions()))
    elif which == "gameover":
        state = config.new_game()
        while not state.is_terminal:
            if state.phase == "round_over":
                state.deal()
            else:
                state.apply(moves.choice(state.legal_actions()))
        app.stack.push(GameOverScene(app, config, state))


STARTS = ["menu", "setup", "play", "round", "gameover"]
# Events per start (a frame is drawn after each: most of the time goes to drawing): the fast set
# presses 1,000 from each start screen, the slow twin 1,500 more on other seeds, so the whole suite
# still presses 2,500 a start, as it did in one run before the fast set was cut
SHORT, LONG = 1000, 1500


@pytest.mark.parametrize("which", STARTS)
def test_random_input_never_breaks_the_app(app, which, monkeypatch):
    monkey(app, which, monkeypatch, f"monkey-{which}", SHORT)


@pytest.mark.slow
@pytest.mark.parametrize("which", STARTS)
def test_random_input_never_breaks_the_app_in_a_long_run(app, which, monkeypatch):
    monkey(app, which, monkeypatch, f"monkey-long-{which}", LONG)


def monkey(app, which, monkeypatch, seed, steps):
    # every table the monkey starts (this one, or one it reaches through Setup or a lobby) gets
    # computer players that answer at once: a bot thread would answer after a time the machine's
    # load decides, and the run would differ from one machine to the next
    workers = inline_workers()
    monkeypatch.setattr("scenes.play.TableController", functools.partial(TableController, make_worker=workers))
    monkeypatch.setattr("game.net.HostedTable", functools.partial(HostedTable, make_worker=workers))
    # and the games Setup starts (with no seed: a fresh one each time) are dealt from seeds counted here
    seeds, deal = itertools.count(100), MatchConfig.new_game
    monkeypatch.setattr(MatchConfig, "new_game", lambda config, seed=None: deal(
        config, seed if seed is not None or config.seed is not None else next(seeds)))
    # and the network screens it reaches keep to loopback, as every test's do: a table it hosts is
    # announced to nobody (announcing took 1.7 s a time), and Join looks for no game on the local
    # network (a game found there, another run's, would change what the next click does)
    monkeypatch.setattr(LobbyScene, "bind", "127.0.0.1")
    monkeypatch.setattr(JoinScene, "discover", False)
    rng, pilot = random.Random(seed), Pilot(app)
    app.speed_override = 8.0  # animations run, fast
    start_scene(app, which, seed=11)
    visited = {scene.name for scene in app.stack.scenes}  # (the first event may leave the start screen)
    for step in range(steps):
        pygame.event.post(random_event(rng, app.screen.get_size()))
        pilot.advance(dt=1 / 30)  # (the monkey's events are its own: anywhere, any kind)
        if not app.stack.scenes:  # the monkey chose Quit: start again
            app.stack.push(MenuScene(app))
        visited.update(scene.name for scene in app.stack.scenes)
        play = app.stack.find(PlayScene)
        if play is not None and step % 10 == 0:
            check_consistency(play.state)
    assert which in visited or which == "round"
    assert len(visited) >= 2, visited  # the monkey got somewhere beyond where it started
