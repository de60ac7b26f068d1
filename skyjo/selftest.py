"""`skyjo --self-test`: the whole app, headless, driven by real input events.

Menu -> New game -> setup (every seat made a computer) -> Start -> a full computer game
with fast animations -> each round's scoring -> game over -> Main menu -> Quit. Then a review
of one round judged by two worker processes, as the review screen runs it: in the frozen app
this proves its spawned workers start (skyjo/entry.py's freeze_support comes first in them,
so a worker judges rather than opening a second game) and are gone when it ends. Then Read aloud's
voice is looked for: the speech library must load (in the frozen app: its platform's part was
bundled); no screen reader or speech service on the machine is fine, and said.
Exit status 0, or 1 with one line saying what went wrong.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.rules import check_consistency
from game.ui.scene import Scene
from scenes.names import MENU, PLAY
from skyjo.app import App

TIME_LIMIT = 60.0  # seconds; a healthy run takes a few
CLICK_EVERY = 3  # frames between two clicks, so each scene reacts first
REVIEW_WORKERS = 2
REVIEW_SAMPLES = 8  # tiny: the step proves the workers run, not the review's quality
REVIEW_LIMIT = 60.0  # seconds; a healthy review of one round takes a few (mostly the workers' start)
# a spawned worker's command line, frozen or not; "PoolWorker": its name where there is no /proc
# to read command lines from (child_processes falls back to multiprocessing's names)
WORKER_MARKS = ("--multiprocessing-fork", "spawn_main", "PoolWorker")


class SelfTestDriver:
    """Looks at the top scene each frame and clicks what a player would click."""

    def __init__(self) -> None:
        self.frame = 0
        self.last_click = -CLICK_EVERY
        self.seen: list[str] = []
        self.game_over = False
        self.rounds = 0
        self.error: str | None = None

    def __call__(self, app: App) -> None:
        self.frame += 1
        scene = app.stack.top
        if scene is None:
            return
        if not self.seen or self.seen[-1] != scene.name:
            self.seen.append(scene.name)
        play = app.stack.find(PLAY)
        if play is not None and self.frame % 20 == 0:
            check_consistency(play.state)
        if self.frame - self.last_click < CLICK_EVERY:
            return
        target = self._choose(scene)
        if target:
            self._click(scene, target)

    def _choose(self, scene: Any) -> str | None:
        name = scene.name
        if name == "menu":
            return "quit" if self.game_over else "new"
        if name == "setup":
            for seat, player in enumerate(scene.config.seats):
                if player.is_human:
                    return f"kind{seat}"
            return "start"
        if name == "round":
            if not scene.tweener.busy:
                self.rounds += 1
            return "continue"
        if name == "gameover":
            self.game_over = True
            return "menu"
        if name == "handoff":
            return "ready"
        return None

    def _click(self, scene: Any, button_name: str) -> None:
        button = scene.buttons.named(button_name)
        if button is None:
            return
        pos = scene.buttons.screen_rect(button).center
        for kind, extra in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                            (pygame.MOUSEBUTTONDOWN, {"button": 1}), (pygame.MOUSEBUTTONUP, {"button": 1})):
            pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
        self.last_click = self.frame


def self_test(data_dir: str | None, first_scene: Callable[[App], Scene] = lambda app: app.stack.registry.make(MENU),
              speed: float = 60.0) -> int:
    """Run the walk-through from `first_scene` (the menu); print one line; return the exit status."""

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="skyjo-self-test-") as scratch:
        driver = SelfTestDriver()
        try:
            app = App(data_dir or scratch, size=(960, 540))
            app.speed_override = speed
            app.frame_hook = driver
            app.stack.push(first_scene(app))
            app.run(fixed_dt=1 / 60, max_seconds=TIME_LIMIT)
            media = media_summary(app)
            app.close()
        except Exception as error:  # noqa: BLE001 - the one-line failure is the point
            where = " > ".join(driver.seen[-4:])
            print(f"skyjo self-test: FAILED after {driver.frame} frames ({where}): {type(error).__name__}: {error}",
                  file=sys.stderr)
            return 1
    if not driver.game_over:
        print(f"skyjo self-test: FAILED: the game did not reach its end (scenes: {' > '.join(driver.seen)})",
              file=sys.stderr)
        return 1
    try:
        review = review_step()
    except RuntimeError as error:
        print(f"skyjo self-test: FAILED: the review with worker processes: {error}", file=sys.stderr)
        return 1
    speech = speech_step()
    if speech.startswith("FAILED"):
        print(f"skyjo self-test: {speech}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    print(f"skyjo self-test: OK: {driver.rounds} rounds, {driver.frame} frames, {review}, {media}, {speech}; "
          f"{rules_build()}; in {seconds:.1f} s")
    return 0


def media_summary(app: App) -> str:
    """What the game heard and the icon it loaded, said rather than checked: a machine without sound
    plays silently by design (game/ui/sound.py), but a build missing a decoder shows here
    (build/stand_ins.py leaves out the ones the game does not use; tests/test_build_app.py)."""
    from game.resources import asset_path

    heard = sorted(set(app.sound.played))
    sound = f"sound: {len(heard)} effects played" if heard else f"sound: none ({app.sound.problem or 'off'})"
    try:
        icon = "icon: {}x{} PNG".format(*pygame.image.load(str(asset_path("icons", "skyjo_64.png"))).get_size())
    except (OSError, pygame.error) as error:
        icon = f"icon: not loaded ({error})"
    return f"{sound}, {icon}"


def speech_step() -> str:
    """Read aloud's voice looked for as the setting does (game/ui/speech.py): "read aloud: ..." with
    the voice found or why there is none here, or FAILED when the speech library itself did not load."""
    from game.ui.speech import LibrarySpeech, open_speech

    speech, why = open_speech()
    if "could not load" in why:
        return f"FAILED: Read aloud's speech library: {why}"
    return f"read aloud: {speech.name}" if isinstance(speech, LibrarySpeech) else f"read aloud: none here ({why})"


def review_step(workers: int = REVIEW_WORKERS, samples: int = REVIEW_SAMPLES) -> str:
    """Review the first round of a computer game with `workers` processes (a ReviewJob, as the
    review screen starts it), watching this process's children meanwhile. The summary, or
    RuntimeError saying what went wrong: no worker seen, a child that is no worker, no result
    in time, processes left behind."""
    from game.ai.review_job import ReviewJob, voyage_record
    from skyjo.processes import child_processes, own_command

    record = voyage_record(1)
    me = own_command()  # a child caught between its fork and its exec still shows this command line
    before = child_processes()
    started = time.perf_counter()
    job = ReviewJob(record, seat=0, samples=samples, workers=workers)
    seen: dict[int, str] = {}  # each new child's last command line seen (none once it has ended)
    while job.running and time.perf_counter() - started < REVIEW_LIMIT:
        seen |= {pid: command for pid, command in child_processes().items()
                 if pid not in before and command and command != me}
        time.sleep(0.01)
    job.cancel()  # (a no-op unless the limit passed)
    ended = job.wait(REVIEW_LIMIT)
    left = [f"{pid} {command}" for pid, command in child_processes().items() if pid not in before]
    strangers = [command for command in seen.values() if not any(mark in command for mark in WORKER_MARKS)]
    if job.result is None:
        raise RuntimeError(job.problem or f"no review after {REVIEW_LIMIT:.0f} s ({job.done}/{job.total} judged)")
    if not seen or strangers:
        raise RuntimeError(f"expected worker processes, saw {strangers or 'none'}")
    if not ended or left:
        raise RuntimeError(f"processes left after the review: {left}")
    return f"review: {job.done}/{job.total} decisions by {len(seen)} worker processes"


def rules_build() -> str:
    """Which engine played: the compiled build of the rules (build/compile_rules.py) or their Python."""
    import importlib.machinery

    from game.rules import state

    compiled = (state.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    return "rules compiled" if compiled else "rules in Python"
