"""The desktop app: a window, a scene stack and the frame loop (the composition root).

`run_app(args)` is what `skyjo` and `python -m game` call; `--self-test` drives a whole
game headless. `App` is the one object that knows every layer: it opens the store, builds
the shared caches and registers the scenes by name (SCENES), and it is the `AppContext`
(scenes/context.py) every scene is given. It owns two parts: the `Window` (window.py: its size,
full screen, the surface drawn on) and the `FrameLoop` (the frames, asleep while nothing moves).
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import pygame

from game.i18n import detect_language, set_language
from game.motion import speed_factor
from game.store import Settings, Store
from game.store.lock import FolderInUse, LockRefused
from game.store.notices import SETTINGS_UNREADABLE, SETTINGS_UNSAVED, notice
from game.ui.card_art import CardArt
from game.ui.scene import Scene, SceneStack
from game.ui.sound import SoundPlayer
from game.ui.speech import Voice, open_speech
from game.ui.text import TextCache
from scenes.already_open import show_already_open
from scenes.context import AppContext
from scenes.names import JOIN, MENU, MENU_OFFER, ONLINE
from scenes.notices import MenuNotice
from skyjo.logs import start_logging
from skyjo.window import (
    HEADLESS_DRIVERS,
    MIN_SIZE,
    WINDOW_CLASS_VARIABLES,
    Window,
    fitting_size,
    initial_size,
    name_the_window,
    open_display,
    parse_size,
    tell,
)

# (the window's names are imported from here by the tools and tests)
__all__ = [
    "HEADLESS_DRIVERS", "MIN_SIZE", "SCENES", "WINDOW_CLASS_VARIABLES", "App", "StartupError", "frame_loop_threads",
    "initial_size", "name_the_window", "open_app", "parse_size", "register_scenes", "run_app", "scene_class", "tell",
    "wait_for_events",
]

# The frames drawn before the app counts as started: if one of them fails, a data file read
# at start-up is the likely cause, and those files are moved aside so the next start works.
STARTUP_FRAMES = 3
# Seconds between GIL hand-overs while the frame loop runs: computer players think in
# threads (game/ai/worker.py), and Python's default 5 ms would cost frames.
FRAME_SWITCH_INTERVAL = 0.0005
FPS = 60  # while a scene wants frames (an animation, a computer thinking)
MAX_DT = 0.1  # s: a slow frame (a stall, a dragged window) advances animations by at most this
# While no scene wants frames the loop sleeps until input arrives (issue #18: an idle app cost
# 80% of a core). It still updates every IDLE_TICK s, drawing only if that changed the scenes,
# and looks at the event queue every IDLE_POLL s: pygame.event.wait polls every 1 ms, which
# costs ~3% of a core here, three times as much, while 10 ms stays under one frame of delay.
IDLE_TICK = 0.25
IDLE_POLL = 0.01
# The crash path, proved on demand (docs/desktop-app.md): SKYJO_CRASH_TEST=frame makes the first
# frame after start-up raise, as a bug would, so the error dialog, the crash report and the save can be checked.
CRASH_TEST_VARIABLE = "SKYJO_CRASH_TEST"
# The start-up's cost in the log, read by build/measure_startup.py (the process's CPU time since it
# started, all threads, when the first frame has been flipped: what a slow machine waits for).
FIRST_FRAME_LINE = "first frame drawn after %.3f s of CPU (process %d)"
log = logging.getLogger("skyjo.app")
# Every scene by name -> "module:Class". Each class's `name` is its key (a test checks), and
# the modules are imported when a scene is first made, so starting the app loads only the menu.
# The scenes navigate with the typed names of scenes/names.py (a test checks they agree).
SCENES: dict[str, str] = {
    "menu": "scenes.menu:MenuScene",
    "setup": "scenes.setup:SetupScene",
    "lobby": "scenes.lobby:LobbyScene",
    "join": "scenes.join:JoinScene",
    "online": "scenes.online:OnlineScene",
    "room": "scenes.room:RoomScene",
    "replace_game": "scenes.replace_game:ReplaceGameScene",
    "play": "scenes.play:PlayScene",
    "handoff": "scenes.handoff:HandoffScene",
    "pause": "scenes.pause:PauseScene",
    "doubling": "scenes.doubling_question:DoublingQuestionScene",
    "scores": "scenes.score_overlay:ScoreOverlayScene",
    "round": "scenes.round_score:RoundScoreScene",
    "gameover": "scenes.game_over:GameOverScene",
    "replay": "scenes.round_replay:RoundReplayScene",
    "settings": "scenes.settings:SettingsScene",
    "howto": "scenes.how_to_play:HowToPlayScene",
    "statistics": "scenes.statistics:StatisticsScene",
    "review": "scenes.review:ReviewScene",
    "review_step": "scenes.review_step:ReviewStepScene",
    "review_pick": "scenes.review_pick:ReviewPickScene",
    "about": "scenes.about:AboutScene",
    "menu_offer": "scenes.menu_offer:MenuOfferScene",
}


class StartupError(RuntimeError):
    """The app failed before its first menu frames; the message says which files went aside."""


class CrashTest(RuntimeError):
    """The failure SKYJO_CRASH_TEST=frame asks for."""


def scene_class(name: str) -> Callable[..., Scene]:
    """The class registered as `name` in SCENES (its module imported now); it is called with
    the AppContext and the arguments the scene was asked for with."""
    module, _, cls = SCENES[name].partition(":")
    return getattr(importlib.import_module(module), cls)


def register_scenes(stack: SceneStack, app: AppContext) -> None:
    """Every scene of SCENES on `stack`, made for `app` (the scenes' AppContext)."""
    for name in SCENES:
        stack.registry.register(name, lambda *args, _name=name, **kwargs: scene_class(_name)(app, *args, **kwargs))


@contextmanager
def frame_loop_threads() -> Iterator[None]:
    """While the frame loop runs, threads hand the GIL back often; restored afterwards
    (the interval is process-wide: tests and tools that only build an App keep theirs)."""
    previous = sys.getswitchinterval()
    sys.setswitchinterval(FRAME_SWITCH_INTERVAL)
    try:
        yield
    finally:
        sys.setswitchinterval(previous)


class FrameLoop:
    """The frames: each takes the input, updates the scenes and draws them on the window. At
    FPS while a scene wants frames; otherwise asleep until input arrives (or IDLE_TICK passes)."""

    def __init__(self, stack: SceneStack, window: Window, handle: Callable[[pygame.event.Event], None],
                 voice: Voice | None = None) -> None:
        self._stack, self._window = stack, window
        self._voice = voice or Voice()  # Read aloud: its queue moves on with the frames
        self._handle = handle  # what the app does with an event (the window's own, or the scenes')
        self.running = True
        self.frames_drawn = 0  # frames drawn and flipped so far (the idle benchmark, tests)
        self._shown: list[Scene] = []  # the scenes as last drawn: an idle tick draws if they changed
        self.crash_test = False  # set by run_app when SKYJO_CRASH_TEST=frame: the next frame raises

    def frame(self, dt: float, events: Sequence[pygame.event.Event] = (), draw: bool = True) -> bool:
        """One frame: input (`events` already taken from the queue first), update, draw.

        `draw=False` (an idle tick): the screen is drawn only if there was input, the scenes
        changed or one of them now wants frames; otherwise it still shows what it should.
        True when the frame was drawn."""
        if self.crash_test:
            raise CrashTest(f"{CRASH_TEST_VARIABLE}=frame: a failure made on purpose inside a frame")
        events = [*events, *pygame.event.get()]
        for event in events:
            self._handle(event)
        stack = self._stack
        if not stack.scenes:
            self.running = False
            return False
        stack.update(dt)
        self._voice.update(dt)
        if not (draw or events or stack.scenes != self._shown or stack.wants_frames()):
            return False
        stack.draw(self._window.current())
        pygame.display.flip()
        self.frames_drawn += 1
        self._shown = list(stack.scenes)
        return True

    def run(self, each_turn: Callable[[], None], fixed_dt: float | None = None,
            max_seconds: float | None = None) -> None:
        """Frames until stopped, `each_turn` called before each one (`fixed_dt`: every frame
        advances that much, for headless runs).

        At FPS while a scene wants frames; otherwise the loop sleeps until an event arrives (or
        IDLE_TICK passes) and draws only for it. `fixed_dt` runs never sleep: they are driven."""
        clock = pygame.time.Clock()
        started = time.perf_counter()
        idle = False
        with frame_loop_threads():
            while self.running:
                each_turn()
                if fixed_dt:
                    clock.tick(0)
                    self.frame(fixed_dt)
                else:
                    woken = wait_for_events(IDLE_TICK) if idle else []
                    real_dt = clock.tick(FPS) / 1000  # also caps a stream of input (mouse motion) at FPS
                    # the time slept is not animation time: an animation an event starts begins smoothly
                    dt = 1 / FPS if idle else min(real_dt, MAX_DT)
                    self.frame(dt, woken, draw=not idle)
                    idle = not self._stack.wants_frames() and not self._voice.queue  # (a queued line: its time)
                if max_seconds is not None and time.perf_counter() - started > max_seconds:
                    raise TimeoutError(f"still running after {max_seconds:.0f} s")


class App:
    """The AppContext every scene is given (the store, the settings, the shared caches, the
    scene stack), composed with the parts it owns: the `window` and the frame `loop`."""

    def __init__(self, data_dir: str | None = None, size: tuple[int, int] | None = None) -> None:
        self.store: Store | None = Store(data_dir, background=True)  # autosaves are written off the frame loop
        self.notices: list[MenuNotice] = []
        # before any file is read: a second window on this folder stops here (FolderInUse)
        self.store.lock_folder()
        self.store.load_all()  # every start-up notice is ready for the first menu frame
        self.settings = self._load_settings(self.store)
        self.sound = SoundPlayer(lambda: self.settings)  # opens the mixer at the first sound, silent without a device
        self.voice = Voice()  # Read aloud: a voice is looked for when the setting is first on (apply_settings)
        open_display()
        self.window = Window(size or fitting_size(self.settings.window_size) or initial_size())
        self.text = TextCache()
        self.art = CardArt("standard")
        self.apply_settings()
        self.stack = SceneStack()
        register_scenes(self.stack, self)
        self.loop = FrameLoop(self.stack, self.window, self.handle, self.voice)
        self.speed_override: float | None = None  # the self-test plays fast
        self.frame_hook: Callable[[App], None] | None = None  # called once per frame (self-test driver)
        self.guide_next = False  # set by the menu's New game, taken by the next table
        self.cafile: str | None = None  # --cafile: a private CA for Play online (before the setting's)
        if self.settings.fullscreen and size is None:
            self.toggle_fullscreen()

    # ------------------------------------------------------------------ settings and saves
    def _load_settings(self, store: Store) -> Settings:
        try:
            settings = store.settings.load()
        except Exception as error:  # noqa: BLE001 - a bad settings file must never stop the app
            log.warning("settings unreadable: %s", error)
            self.notices.append(notice(SETTINGS_UNREADABLE, error=str(error)))
            return Settings()
        self.notices.extend(store.take_notices())
        return settings

    def save_settings(self) -> None:
        if self.store is None:
            return
        try:
            self.store.settings.save(self.settings)
        except Exception as error:  # noqa: BLE001 - reported, never raised into the frame loop
            log.warning("settings not saved: %s", error)
            self.notices.append(notice(SETTINGS_UNSAVED, error=str(error)))

    def apply_settings(self) -> None:
        """Language and card theme from the settings (at start and after the Settings screen).

        No language saved yet: the system's, so a first start in a French session is French."""
        set_language(self.settings.language or detect_language())
        self.art.theme = "high_contrast" if self.settings.high_contrast else "standard"
        if self.settings.read_aloud and not self.voice.enabled and not self.voice.available:
            # looked for as it is turned on, again if none was found before (a screen reader started
            # since); the log says which voice, or why there is none, once each time
            self.voice.attach(*open_speech())
        self.voice.enabled = self.settings.read_aloud
        if not self.voice.speaking:
            self.voice.stop()

    @property
    def ui_scale(self) -> float:
        """Text size on every screen (menus, prompts, the table) and menu button size, as a
        factor (settings.ui_scale is in per cent)."""
        return self.settings.ui_scale / 100

    @property
    def reduced_motion(self) -> bool:
        return self.settings.reduced_motion

    @property
    def speed(self) -> float:
        if self.speed_override is not None:
            return self.speed_override
        return speed_factor(self.settings.animation_speed)

    # ------------------------------------------------------------------ window
    @property
    def screen(self) -> pygame.Surface:
        """The window's surface, as last drawn on."""
        return self.window.surface

    @property
    def fullscreen(self) -> bool:
        return self.window.fullscreen

    def toggle_fullscreen(self) -> None:
        self.window.toggle_fullscreen()
        self.text.clear()
        self.settings.fullscreen = self.window.fullscreen

    def on_resize(self, width: int, height: int) -> None:
        if self.window.resized(width, height):
            self.settings.window_size = self.window.size

    # ------------------------------------------------------------------ loop
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self.on_resize(event.w, event.h)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            self.stack.handle_event(event)

    def frame(self, dt: float, events: Sequence[pygame.event.Event] = (), draw: bool = True) -> bool:
        """One frame (FrameLoop.frame); True when it was drawn."""
        return self.loop.frame(dt, events, draw)

    def run(self, fixed_dt: float | None = None, max_seconds: float | None = None) -> None:
        """Frames until quit, `frame_hook` called with the app before each (FrameLoop.run)."""
        self.loop.run(self._turn, fixed_dt, max_seconds)

    def _turn(self) -> None:
        if self.frame_hook is not None:
            self.frame_hook(self)

    @property
    def running(self) -> bool:
        """False once the app was asked to stop (its loop ends after this frame)."""
        return self.loop.running

    @running.setter
    def running(self, running: bool) -> None:
        self.loop.running = running

    @property
    def frames_drawn(self) -> int:
        """Frames drawn and flipped so far (the idle benchmark, tests)."""
        return self.loop.frames_drawn

    def quit(self) -> None:
        self.loop.running = False

    def close(self) -> None:
        self.stack.clear()
        self.sound.close()
        self.save_settings()
        if self.store is not None:
            self.store.close()  # waits for the last background save
        pygame.display.quit()


def wait_for_events(timeout: float) -> list[pygame.event.Event]:
    """The events that arrive within `timeout` seconds (empty when none came), sleeping
    IDLE_POLL between looks at the queue (see IDLE_POLL for why not pygame.event.wait)."""
    deadline = time.perf_counter() + timeout
    while True:
        events = pygame.event.get()
        if events or time.perf_counter() >= deadline:
            return events
        time.sleep(IDLE_POLL)


def run_app(args: argparse.Namespace) -> int:
    """The desktop game, or with args.self_test the headless walk-through (exit status)."""
    if args.self_test:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from skyjo.selftest import self_test

        return self_test(args.data_dir)
    try:
        size = parse_size(args.windowed_size)
    except ValueError as error:
        print(f"skyjo: error: {error}", file=sys.stderr)
        return 2
    app = open_app(args.data_dir, size)
    if isinstance(app, int):
        return app
    if app.store is not None:  # the folder is locked now: no other window writes this log
        start_logging(app.store.data_dir, getattr(args, "verbose", False))
    read_aloud(app, getattr(args, "read_aloud", False))
    log.info("pygame-ce %s, SDL %s, video driver %s, window %sx%s", pygame.version.ver,
             ".".join(map(str, pygame.get_sdl_version())), pygame.display.get_driver(), *app.window.size)
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
        app.close()  # SDL found no screen and fell back to an invisible one: say so, do not run unseen
        print("skyjo: no display found (is DISPLAY or WAYLAND_DISPLAY set?); "
              "try --self-test to check the game headless", file=sys.stderr)
        return 1
    from scenes.menu_offer import wanted  # (a scene's module: imported when the app runs, not with it)

    try:
        app.stack.push(MENU)
        if wanted(app.settings):  # once, in the built app: into the applications menu?
            app.stack.push(MENU_OFFER)
        app.cafile = getattr(args, "cafile", None)
        if getattr(args, "command", None) == "join":  # `skyjo join URL` without --bot: a person plays here
            _open_at_table(app, args)
        first_frames(app)
    except Exception as error:
        raise _startup_failed(app, error) from error
    app.loop.crash_test = os.environ.get(CRASH_TEST_VARIABLE, "") == "frame"
    try:
        app.run()
    finally:
        app.close()
    return 0


def _open_at_table(app: App, args: argparse.Namespace) -> None:
    """`skyjo join URL --code C`: Join a game at a table hosted at home, connecting; a room on a
    server (`--room`, a code of a room's length, or wss://): Play online at that room, joining."""
    from game.net.online import ROOM_CODE_LENGTH, room_code

    code = args.code or ""
    if args.url.startswith("wss://") or len(room_code(code)) == ROOM_CODE_LENGTH:
        app.stack.push(ONLINE, server=args.url, code=code, player=args.name or "", auto=True)
    else:
        app.stack.push(JOIN, url=args.url, code=code, player=args.name or "", auto=True)


def read_aloud(app: App, asked: bool) -> None:
    """`skyjo --read-aloud` (`asked`): on from now, as Settings would turn it on; the voice's one
    line in the log (looked for before the log was open, it goes there now)."""
    if asked:
        app.settings.read_aloud = True
        app.save_settings()
        app.apply_settings()
    elif app.voice.attached:
        app.voice.log_state()


def first_frames(app: App) -> None:
    """The frames that start the app, the first one's cost logged (FIRST_FRAME_LINE)."""
    for number in range(STARTUP_FRAMES):
        app.frame(0.0)
        if number == 0:
            log.info(FIRST_FRAME_LINE, time.process_time(), os.getpid())


def open_app(data_dir: str | None, size: tuple[int, int] | None) -> App | int:
    """The app, or an exit status when it cannot open (said in one line)."""
    try:
        return App(data_dir, size)
    except FolderInUse as error:  # not a failure: the game is already open, with this folder
        print(f"skyjo: {error}. Switch to its window, or quit it before starting Skyjo again.", file=sys.stderr)
        if os.environ.get("SDL_VIDEODRIVER", "").lower() not in HEADLESS_DRIVERS:
            show_already_open()  # the game's own look, not SDL's grey box with the folder's path
        return 0
    except LockRefused as error:  # never run unlocked where a second window could delete the game
        tell(f"{error}.", kind="error")
        return 2
    except Exception as error:  # noqa: BLE001 - no display, bad driver: one line, not a traceback
        print(f"skyjo: cannot open the game window: {error}", file=sys.stderr)
        return 1


def _startup_failed(app: App, error: Exception) -> StartupError:
    """Move aside the data files read at start-up (one of them made a screen fail), close
    the app, and describe both for the error report."""
    moved = app.store.quarantine_loaded() if app.store is not None else []
    try:
        app.close()
    except Exception:  # noqa: BLE001 - the original failure is the one to report
        pass
    where = ", ".join(str(path) for path in moved)
    aside = f"; the data files it read were moved aside ({where}), so the next start works" if moved else ""
    return StartupError(f"the game failed while starting ({type(error).__name__}: {error}){aside}")
