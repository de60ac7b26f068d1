"""`skyjo bench idle`: what the real app costs while nothing moves, and that it still
animates at full speed (issue #18, item 10).

The app runs headless (SDL's dummy driver) through `App.run`, as the game does, for a while
on each of three screens; for each, the process's CPU time (every thread's) per wall second
and the frames drawn per second are printed, never asserted:

- the main menu, untouched, once its cards have risen into place;
- the main menu as it opens (the cards rising behind it, then still): the one-time cost of the
  title screen's arrival, over the same seconds;
- a table where a human is to act, every animation done;
- a table of computer players at normal speed (deals, flips, thinking): frames should come
  at ~60 per second there, the idle saving must not slow animations down.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from scenes.names import MENU, PLAY

if TYPE_CHECKING:
    from skyjo.app import App

WIDTH, HEIGHT = 1920, 1080  # as `bench frames`
SEED = 1
SETTLE_FRAMES = 600  # frames a new table gets to finish its deal and computers' flips (skipped)


def bench_idle(seconds: float = 10.0, seed: int = SEED) -> list[dict[str, Any]]:
    """One row per screen: its name, the seconds measured, CPU seconds per wall second and
    frames drawn per second."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keeps --json output clean
    from skyjo.app import App  # imported once pygame is told not to greet (--json)

    with tempfile.TemporaryDirectory(prefix="skyjo-bench-") as scratch:  # never the player's folder
        app = App(scratch, size=(WIDTH, HEIGHT))
        try:
            return [
                _measure(app, "menu", seconds, _menu_at_rest),
                _measure(app, "menu, opening", seconds, _menu),
                _measure(app, "table, a human to act", seconds, lambda a: _human_to_act(a, seed)),
                _measure(app, "table, computers playing", seconds, lambda a: _computers(a, seed)),
            ]
        finally:
            app.close()


Driver = Callable[["App"], None]  # called each turn of the loop (a frame hook)


def _measure(app: App, scene: str, seconds: float, prepare: Callable[[App], Driver | None]) -> dict[str, Any]:
    """Run the app's own loop for `seconds` on the screen `prepare(app)` sets up (it may
    return a driver, which then acts each turn of the loop as a player would)."""
    app.stack.clear()
    driver = prepare(app)
    app.frame(1 / 60)  # the screen's first frame (its loading) is not what is measured
    deadline = time.perf_counter() + seconds

    def hook(app: App) -> None:
        if driver is not None:
            driver(app)
        if time.perf_counter() >= deadline:
            app.running = False

    app.frame_hook, app.running = hook, True
    frames, cpu, wall = app.frames_drawn, time.process_time(), time.perf_counter()
    app.run()
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    frames = app.frames_drawn - frames
    app.frame_hook = None
    return {"scene": scene, "seconds": round(wall, 1), "cpu_seconds_per_second": round(cpu / wall, 4),
            "frames_per_second": round(frames / wall, 1)}


def _menu(app: App) -> None:
    app.stack.push(MENU)


def _menu_at_rest(app: App) -> None:
    """The menu, its cards risen (driven frames, not measured)."""
    app.stack.push(MENU)
    for _frame in range(SETTLE_FRAMES):
        if not app.stack.wants_frames():
            return
        app.frame(1 / 60)
    raise RuntimeError("the menu's cards never came to rest")


def _human_to_act(app: App, seed: int) -> None:
    """A new game against a computer, its deal and openings played until the human is to act."""
    from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig

    config = MatchConfig("voyage", (SeatConfig("Ada", HUMAN), SeatConfig("Ben", COMPUTER, "normal")), seed=seed)
    play: Any = app.stack.push(PLAY, config=config, state=config.new_game())
    for _frame in range(SETTLE_FRAMES):
        play.anim.skip()
        app.frame(1 / 60)
        if play.acting_human() is not None and not app.stack.wants_frames():
            return
    raise RuntimeError("the table never came to wait for the human")


def _computers(app: App, seed: int) -> Driver:
    """Four computers at the settings' speed from the deal; a round's scores are continued
    at once (that overlay waits for a click), so the table keeps moving."""
    from game.match import COMPUTER, MatchConfig, SeatConfig

    seats = tuple(SeatConfig(name, COMPUTER, "normal") for name in ("Ada", "Ben", "Cleo", "Dan"))
    config = MatchConfig("voyage", seats, seed=seed)
    app.stack.push(PLAY, config=config, state=config.new_game())

    def driver(app: App) -> None:
        top: Any = app.stack.top
        if top is not None and top.name == "round" and not top.tweener.busy:
            top.press("continue")

    return driver
