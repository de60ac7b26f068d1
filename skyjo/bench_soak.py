"""`skyjo bench soak`: a long session, and whether memory grows with play (issue #30, item 14).

The real app (skyjo/app.py's App, its scene stack and caches) runs headless (SDL's dummy video
and audio drivers) and plays `games` whole computer-only games one after another through the
screens a player uses: the menu's New game, the setup with every seat a computer, Start, the
table at full speed, each round's scoring, the game-over screen, and back through "Main menu".
After each game, back at the menu, the process's resident memory is read (after a
gc.collect()), and the pixels the modules' picture caches hold (`pictures_mib`; `start_pictures_mib`
at the first menu). With `--host` (`soak_host`) a headless NetHost on 127.0.0.1 serves the games
instead to two bots joined through real clients (threads of this process), as `skyjo host` would.

The app runs in a temporary data folder and the host writes nothing: the player's own saves,
settings and statistics are never read or touched. Figures are printed, never asserted; the issue's target: after the
first game, RSS grows by at most 10 MB over 20 more games (`bench soak --games 21`).
"""

from __future__ import annotations

import gc
import json
import os
import resource
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse

    from skyjo.app import App

SIZE = (1280, 720)  # the headless app's own window size (skyjo.app.initial_size without a desktop)
DEFAULT_GAMES = 21  # the first game, then the 20 the target is about
MIN_GAMES, MAX_GAMES = 1, 1000
SPEED = 60.0  # animations and computers' think pauses 60 times as fast: every animation still runs
MAX_FRAMES_PER_GAME = 60_000  # a stuck game fails the run instead of spinning for ever
HOST_CODE = "SOAK42"
HOST_GAME_WAIT = 300.0  # seconds the host run waits for its bots to finish every game
TARGET_MB = 10.0  # the bound on growth after the first game, over 20 games


def rss_mb() -> float:
    """This process's resident memory in MB: /proc/self/statm where there is one (Linux), else
    the peak resident size (which can only grow, so it overstates growth, never hides it)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
        return round(pages * os.sysconf("SC_PAGE_SIZE") / 2**20, 1)
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return round(peak / (2**20 if sys.platform == "darwin" else 2**10), 1)  # bytes on macOS, KiB elsewhere


def held_pictures_mib() -> float:
    """The pixels the modules of the game keep at module level, in MiB: every surface in a module's
    dict, list or surface cache, or in a class's `_cache` (each counted once, the window's own
    surface aside; issue 47: what belongs to a table goes when the table goes)."""
    import pygame

    screen = pygame.display.get_surface() if pygame.display.get_init() else None
    held: dict[int, pygame.Surface] = {}
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] not in ("game", "scenes", "skyjo"):
            continue
        for value in list(vars(module).values()):
            for surface in _surfaces_in(value):
                if surface is not screen:
                    held[id(surface)] = surface
    return round(sum(s.get_pitch() * s.get_height() for s in held.values()) / 2**20, 2)


def _surfaces_in(value: object) -> list[Any]:
    import pygame

    if isinstance(value, type):
        value = vars(value).get("_cache")
    if hasattr(value, "_surfaces"):  # a SurfaceCache
        value = value._surfaces
    if isinstance(value, dict):
        value = list(value.values())
    return [item for item in value if isinstance(item, pygame.Surface)] if isinstance(value, list) else []


def settled_rss() -> float:
    """The resident memory once every unreachable object was collected."""
    gc.collect()
    return rss_mb()


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keeps --json output clean


def _p99(times: list[float]) -> float | None:
    if not times:
        return None
    ordered = sorted(times)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2)


# ---------------------------------------------------------------------- the desktop app
class SoakDriver:
    """Presses what a player would press on the top screen to play one computer game from the
    menu and come back to it: New game, every seat a computer, Start, each round's Continue,
    Main menu. `end_score` (tests) sets the setup's end score directly; None keeps the
    setup's own (a real, whole game)."""

    def __init__(self, end_score: int | None = None) -> None:
        self.end_score = end_score
        self.started = False  # Start was pressed: the game is under way
        self.done = False  # Main menu was pressed at the game's end
        self.rounds = 0

    def act(self, app: App) -> None:
        scene: Any = app.stack.top
        name = scene.name if scene is not None else ""
        if name == "menu" and not self.started:
            scene.press("new")
        elif name == "setup":
            self._start(scene)
        elif name == "round" and not scene.tweener.busy:
            self.rounds += 1
            scene.press("continue")
        elif name == "gameover":
            scene.press("menu")
            self.done = True

    def _start(self, setup: Any) -> None:
        from dataclasses import replace

        from game.match import COMPUTER

        for seat, player in enumerate(setup.config.seats):
            if player.kind != COMPUTER:
                setup.press(f"kind{seat}")  # Human -> Computer (the button a player clicks)
                return  # one click a frame, as a player would
        if self.end_score is not None and setup.config.end_score != self.end_score:
            setup.draft.config = replace(setup.config, end_score=self.end_score)
            setup.build()
        setup.press("start")
        self.started = True


def _play_one(app: App, driver: SoakDriver, frame_ms: list[float]) -> None:
    """Frames from the menu through one whole game and back to the menu (timed)."""
    for _frame in range(MAX_FRAMES_PER_GAME):
        driver.act(app)
        start = time.perf_counter()
        app.frame(1 / 60)
        frame_ms.append((time.perf_counter() - start) * 1000)
        top = app.stack.top
        if driver.done and top is not None and top.name == "menu":
            return
    seen = app.stack.top.name if app.stack.top is not None else "nothing"
    raise RuntimeError(f"a game did not come back to the menu within {MAX_FRAMES_PER_GAME} frames (at {seen})")


def soak_app(games: int, seed: int = 1, end_score: int | None = None,
             after_game: Callable[[int, App], object] | None = None) -> dict[str, Any]:
    """Play `games` computer games in the real app through its screens (see the module's
    docstring). `after_game(n, app)` is called back at the menu after game n (1-based), after
    the memory reading (tests look at the app there)."""
    _headless()
    from scenes.names import MENU
    from skyjo.app import App, frame_loop_threads  # imported once pygame is told not to greet (--json)

    frame_ms: list[float] = []
    rss: list[float] = []
    pictures: list[float] = []
    rounds = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="skyjo-soak-") as scratch:  # never the player's folder
        app = App(scratch, size=SIZE)
        try:
            app.speed_override = SPEED
            app.stack.push(MENU)
            app.frame(1 / 60)
            menu_mb = settled_rss()
            menu_pictures = held_pictures_mib()
            with frame_loop_threads():  # as App.run has it: the computers think in threads
                for number in range(games):
                    driver = SoakDriver(end_score)
                    _seed_next_game(app, seed + number)
                    _play_one(app, driver, frame_ms)
                    rounds += driver.rounds
                    rss.append(settled_rss())
                    pictures.append(held_pictures_mib())
                    if after_game is not None:
                        after_game(number + 1, app)
        finally:
            app.close()
    return _result("app", games, time.perf_counter() - started, rss, menu_mb,
                   frames=len(frame_ms), frame_p99_ms=_p99(frame_ms), rounds=rounds, size=f"{SIZE[0]}x{SIZE[1]}",
                   start_pictures_mib=menu_pictures, pictures_mib=pictures)


def _seed_next_game(app: App, seed: int) -> None:
    """The next game's deal from `seed` (the setup starts from the remembered setup): the same
    soak plays the same games on every run."""
    from dataclasses import replace

    from game.match import MatchConfig

    last = app.settings.last_match() or MatchConfig()
    app.settings.last_setup = replace(last, seed=seed).to_dict()


# ---------------------------------------------------------------------- a headless host
def soak_host(games: int, seed: int = 1, end_score: int | None = None) -> dict[str, Any]:
    """A NetHost on 127.0.0.1 serving `games` games in a row to two Easy bots joined through
    real clients (threads here); memory after each game."""
    from dataclasses import replace

    from game.ai import make_bot
    from game.match import REMOTE, MatchConfig, SeatConfig
    from game.net.client import NetClient, RemoteTable
    from game.net.headless import host_games, play_as_bot
    from game.net.host import NetHost
    from game.table import TableController

    seats = (SeatConfig("Ada", REMOTE), SeatConfig("Ben", REMOTE))
    config = MatchConfig("voyage", seats, seed=seed)
    if end_score is not None:
        config = replace(config, end_score=end_score)
    host = NetHost(TableController(config, config.new_game(), speed=0), HOST_CODE, "127.0.0.1", 0)
    rss: list[float] = []
    stop = threading.Event()
    remotes = [RemoteTable(NetClient(host.url, HOST_CODE, f"Bot {n}")) for n in range(2)]
    bots = [threading.Thread(target=play_as_bot, args=(remote, make_bot("easy", seed + n)), kwargs={"stop": stop},
                             daemon=True) for n, remote in enumerate(remotes)]

    def next_table(number: int) -> TableController:
        return TableController(host.table.config, config.new_game(seed + number), speed=0)

    def on_table(table: TableController) -> None:
        if table is not first:  # a new game begins: the one before is over
            rss.append(settled_rss())

    first = host.table
    menu_mb = settled_rss()
    started = time.perf_counter()
    deadline = threading.Timer(HOST_GAME_WAIT, stop.set)  # bots that hang end the run, with an error
    deadline.daemon = True
    deadline.start()
    for thread in bots:
        thread.start()
    try:
        winners = host_games(host, next_table, games, on_table=on_table, stop=stop)
        rss.append(settled_rss())
    finally:
        deadline.cancel()
        host.close(final=True)
        stop.set()
        for thread in bots:
            thread.join(10)
        for remote in remotes:
            remote.close()
    if len(winners) < games:
        raise RuntimeError(f"the host finished {len(winners)} of {games} games within {HOST_GAME_WAIT:.0f} s")
    return _result("host", games, time.perf_counter() - started, rss, menu_mb, players=2)


# ---------------------------------------------------------------------- figures
def _result(mode: str, games: int, seconds: float, rss: list[float], start_mb: float, **extra: Any) -> dict[str, Any]:
    growth = round(rss[-1] - rss[0], 1) if rss else None
    return {"target": "soak", "mode": mode, "games": games, "seconds": round(seconds, 1), "start_mb": start_mb,
            "rss_mb": rss, "growth_after_first_mb": growth, **extra}


def games_problem(games: int | None) -> str | None:
    """Why `--games` cannot be used (None: it can)."""
    if games is not None and not MIN_GAMES <= games <= MAX_GAMES:
        return f"--games must be between {MIN_GAMES} and {MAX_GAMES}, not {games}"
    return None


def run_soak(args: argparse.Namespace) -> int:
    """The `bench soak` command: figures on stdout, a bad argument in one line on stderr (2)."""
    problem = games_problem(args.games)
    if problem is not None:
        print(f"skyjo bench: error: {problem}", file=sys.stderr)
        return 2
    games = args.games if args.games is not None else DEFAULT_GAMES
    try:
        result = soak_host(games, args.seed) if args.host else soak_app(games, args.seed)
    except (RuntimeError, OSError) as error:  # a stuck game, a port that cannot be opened: one line
        print(f"skyjo bench: soak failed: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result))
        return 0
    where = ("a headless host serving two bots on 127.0.0.1 (nothing written to disk)" if args.host
             else "the app, headless (a temporary data folder, never yours)")
    print(f"soak: {games} computer games in {where}, {result['seconds']} s")
    print(f"  resident memory before the first game: {result['start_mb']} MB")
    for number, mb in enumerate(result["rss_mb"], 1):
        print(f"  after game {number:>4}: {mb:8.1f} MB")
    if result["growth_after_first_mb"] is not None and games > 1:
        print(f"  growth after the first game: {result['growth_after_first_mb']} MB over {games - 1} games"
              f" (target: at most {TARGET_MB:.0f} MB over 20)")
    if "frame_p99_ms" in result:
        print(f"  frames: {result['frames']}, p99 {result['frame_p99_ms']} ms at {result['size']}")
    return 0
