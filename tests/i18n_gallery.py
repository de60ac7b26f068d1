"""Every screen of the app in a known state, for the language and accessibility tests (and for
looking at them: `python tests/i18n_gallery.py OUT_DIR [fr]` saves one PNG per screen)."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from helpers import run_frames  # noqa: E402

from game.ai import make_bot  # noqa: E402
from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig  # noqa: E402
from game.rules import seat_view  # noqa: E402

SEATS = (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, "hard"), SeatConfig("Sasha", COMPUTER, "easy"))
HOTSEAT = (SeatConfig("Ann", HUMAN), SeatConfig("Bob", HUMAN))


def play_out(config: MatchConfig, stop: Callable[[Any], bool], seed: int = 3) -> Any:
    """A new game of `config` played by Normal computers until `stop(state)`."""
    state = config.new_game()
    bots = {seat: make_bot("normal", seed + seat) for seat in range(config.players)}
    while not stop(state):
        if state.phase == "round_over":
            state.deal()
            continue
        seat = state.to_act
        if seat is None:
            raise AssertionError(f"nobody to act in phase {state.phase}")
        state.apply(bots[seat].decide(seat_view(state, seat)))
    state.take_events()
    return state


def settle(app: Any, frames: int = 3) -> None:
    """Let a screen draw a few frames, so that what it shows has settled."""
    run_frames(app, frames)


def _optional(module: str, name: str) -> Any:
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None


def screens(app: Any) -> Iterator[str]:  # noqa: C901 - one short block per screen
    """Puts each screen on `app.stack` in turn (drawn once) and yields its name."""
    from scenes.game_over import GameOverScene
    from scenes.handoff import HandoffScene
    from scenes.menu import MenuScene
    from scenes.pause import PauseScene
    from scenes.play import PlayScene
    from scenes.round_score import RoundScoreScene
    from scenes.settings import SettingsScene
    from scenes.setup import SetupScene
    from scenes.statistics import StatisticsScene

    app.speed_override = 0.0
    config = MatchConfig("voyage", SEATS, seed=11)

    app.stack.reset(MenuScene(app))
    settle(app)
    yield "menu"
    app.stack.push(SetupScene(app, config))
    settle(app)
    yield "setup"
    app.stack.reset(MenuScene(app))
    app.stack.push(SettingsScene(app))
    settle(app)
    yield "settings"

    hotseat = MatchConfig("voyage", HOTSEAT, seed=11)
    app.stack.reset(PlayScene(app, hotseat, hotseat.new_game()))
    settle(app, 30)  # the deal, then the hand-off to the first human
    yield "handoff"
    while isinstance(app.stack.top, HandoffScene):
        app.stack.top.press("ready")
        settle(app, 2)
    yield "table_opening"

    mid = play_out(config, lambda s: s.phase == "turn" and s.to_act == 0 and s.round == 1)
    play = app.stack.reset(PlayScene(app, config, mid, resumed=True))
    play._set_viewer(0)
    settle(app)
    yield "table_turn"
    mid.apply(mid.legal_actions()[0] if mid.legal_actions()[0].verb == "draw" else
              next(a for a in mid.legal_actions() if a.verb == "draw"))
    play.anim.add_events(mid.take_events())
    settle(app, 5)
    yield "table_holding"
    app.stack.push(PauseScene(app, play))
    settle(app)
    yield "pause"
    app.stack.top.press("abandon")  # the first press only asks to confirm
    settle(app)
    yield "pause_confirm"
    app.stack.push(SettingsScene(app, modal=True))
    settle(app)
    yield "settings_over_table"

    scored = play_out(config, lambda s: s.phase == "round_over")
    play = app.stack.reset(PlayScene(app, config, scored, resumed=True))
    play.scored_round = scored.round  # the scene is pushed by hand just below
    app.stack.push(RoundScoreScene(app, play))
    settle(app, 10)
    yield "round_score"
    overlay = _optional("scenes.score_overlay", "ScoreOverlayScene")
    if overlay is not None:
        try:
            app.stack.reset(play)
            app.stack.push(overlay(app, play))
            settle(app)
            yield "score_overlay"
        except TypeError:
            pass

    finished = play_out(config, lambda s: s.is_terminal)
    app.stack.reset(GameOverScene(app, config, finished))
    settle(app)
    yield "game_over"
    app.stack.reset(StatisticsScene(app))
    settle(app)
    yield "statistics"

    how = _optional("scenes.how_to_play", "HowToPlayScene")
    if how is not None:
        try:
            app.stack.reset(how(app))
        except TypeError:
            return
        settle(app)
        yield "how_to_play"


def main(argv: list[str]) -> int:
    import tempfile

    import pygame

    from game.i18n import set_language
    from skyjo.app import App

    out = argv[0] if argv else "."
    lang = argv[1] if len(argv) > 1 else "en"
    scale = int(argv[2]) if len(argv) > 2 else 100
    with tempfile.TemporaryDirectory() as data:
        app = App(data, size=(1280, 720))
        app.settings.language = lang
        app.settings.ui_scale = scale
        app.settings.high_contrast = "hc" in argv[3:]
        app.apply_settings()
        set_language(lang)
        for name in screens(app):
            pygame.image.save(app.screen, os.path.join(out, f"{name}_{lang}_{scale}.png"))
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
