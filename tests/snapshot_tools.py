"""The screens' snapshot set: the gallery's screens (tests/i18n_gallery.py) rendered headless in a
few languages, text sizes and windows, each kept in tests/snapshots/ as a small PNG that
tests/test_snapshots.py compares with what the app draws now, so that a change that moves a
screen shows up in review (and a change meant to be seen is refreshed in one command):

    python tests/snapshot_tools.py --refresh        # after a change of look: rewrite what moved
    python tests/snapshot_tools.py --check          # the comparison alone, without pytest

A snapshot is the screen reduced to 640x360 (smoothscale) with 8 levels per colour channel (the
stored size stays near 3.5 MB for the whole set); it matches when at most MOST_DIFFERING of its
pixels differ by more than one level in a channel (anti-aliasing and rounding near a level's edge may
differ by one). The rendering is seeded, uses the font bundled with the pinned pygame-ce, no clock
(the one moment a screen shows is fixed here) and no animation state (instant animations, the
same frames each time). A failure writes the actual snapshot and a diff (the expected one dimmed,
the differing pixels in magenta) to tests/snapshots/failures/ (or $SKYJO_SNAPSHOT_FAILURES) and
names them. A refresh writes only the snapshots that no longer match, adds new screens and
removes the ones the gallery no longer draws: review the PNGs it changed before committing."""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.store.settings import UiScale

HERE = Path(__file__).resolve().parent
for _path in (str(HERE), str(HERE.parent)):  # run as a script from anywhere: the gallery, then the game
    if _path not in sys.path:
        sys.path.insert(0, _path)

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LANGUAGE"] = "en"  # as conftest.py: the machine's language changes nothing

import pygame  # noqa: E402

STORE = HERE / "snapshots"
SIZE = (640, 360)  # every snapshot's size, whatever the window
LEVELS_BITS = 3  # 8 levels per channel
STEP = 1 << (8 - LEVELS_BITS)
# Pixels allowed more than one level apart in a channel: two runs here draw the same bytes, and one
# letter of a button's label changed moves about 150 of them; the margin is for another machine's
# scaling and smoothing code (pygame-ce's wheels differ by processor).
MOST_DIFFERING = 24
POSTERIZE = bytes((value & (0xFF ^ (STEP - 1))) | (STEP // 2) for value in range(256))
MOMENT = 1_796_000_000.0  # the one moment a screen shows (a game kept at its end): 2026-11-30 00:53 UTC
# Screens whose pictures hold what a run chooses: the lobby's port and join code are new each time.
UNSTEADY = frozenset({"lobby"})


@dataclass(frozen=True)
class Look:
    """One way of showing the gallery: a language, a text size (%), a window; `only` the screens
    kept (None: every one)."""

    language: str
    scale: UiScale  # 100, 125 or 150
    size: tuple[int, int]
    only: frozenset[str] | None = None

    @property
    def name(self) -> str:
        return f"{self.language}_{self.scale}_{self.size[0]}x{self.size[1]}"


# Every screen in English at 100% in 1280x720; a few in French with large text in full HD, and the
# most crowded ones with large text in the small window.
LOOKS = (
    Look("en", 100, (1280, 720)),
    Look("fr", 150, (1920, 1080), frozenset({
        "menu", "setup", "setup8", "settings", "handoff", "table_turn", "pause", "round_score", "game_over",
        "statistics3", "review", "join", "how_to_play", "table4_turn", "table8_round_score",
        "online", "online_no_server", "setup_online", "room", "room_problem"})),
    Look("en", 150, (1280, 720), frozenset({
        "setup8", "statistics8", "review_step", "table8_turn", "table8_holding", "round_score_tiebreak",
        "online_no_server", "room_problem"})),
)


def snapshot(screen: pygame.Surface) -> pygame.Surface:
    """The screen as it is kept: reduced to SIZE, 8 levels per channel (an RGB surface)."""
    small = pygame.transform.smoothscale(screen, SIZE)
    return pygame.image.frombytes(pygame.image.tobytes(small, "RGB").translate(POSTERIZE), SIZE, "RGB")


def differing(actual: pygame.Surface, expected: pygame.Surface) -> pygame.mask.Mask:
    """The pixels more than one level apart in some channel (set in the mask)."""
    under, over = actual.copy(), expected.copy()
    under.blit(expected, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # actual - expected, at least 0
    over.blit(actual, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # expected - actual
    under.blit(over, (0, 0), special_flags=pygame.BLEND_RGB_MAX)  # |actual - expected|, per channel
    same = pygame.mask.from_threshold(under, (0, 0, 0), (STEP + 1, STEP + 1, STEP + 1, 255))
    same.invert()
    return same


def count_differing(actual: pygame.Surface, expected: pygame.Surface) -> int:
    """How many pixels differ beyond the tolerance (every one when the sizes differ)."""
    if actual.get_size() != expected.get_size():
        return SIZE[0] * SIZE[1]
    return differing(actual, expected).count()


def diff_picture(actual: pygame.Surface, expected: pygame.Surface) -> pygame.Surface:
    """The expected snapshot dimmed, the pixels that differ in magenta."""
    picture = expected.copy()
    picture.fill((96, 96, 96), special_flags=pygame.BLEND_RGB_MULT)  # (a product: dimmed to 96/255)
    marks = differing(actual, expected).to_surface(setcolor=(255, 0, 255), unsetcolor=None)
    picture.blit(marks, (0, 0))
    return picture


def path_of(look: Look, screen: str) -> Path:
    return STORE / look.name / f"{screen}.png"


def stored(look: Look) -> list[str]:
    """The screens kept for `look`, by name."""
    return sorted(path.stem for path in (STORE / look.name).glob("*.png"))


def failures_folder() -> Path:
    return Path(os.environ.get("SKYJO_SNAPSHOT_FAILURES") or STORE / "failures")


@contextlib.contextmanager
def fixed_clock() -> Iterator[None]:
    """The screens that show a moment see MOMENT, in UTC, whatever the machine's clock and zone."""
    import scenes.game_over
    import scenes.review_pick

    clock = SimpleNamespace(time=lambda: MOMENT,
                            localtime=lambda when=None: time.gmtime(MOMENT if when is None else when))
    kept = scenes.game_over.time, scenes.review_pick.time
    scenes.game_over.time = scenes.review_pick.time = clock  # type: ignore[assignment]
    try:
        yield
    finally:
        scenes.game_over.time, scenes.review_pick.time = kept


def render(look: Look) -> Iterator[tuple[str, pygame.Surface]]:
    """Each screen of the gallery shown in `look`, as (name, snapshot), one app for them all."""
    from i18n_gallery import game_overs, screens, tables

    from game.i18n import set_language
    from skyjo.app import App

    with tempfile.TemporaryDirectory() as data, fixed_clock():
        app = App(data, size=look.size)
        try:
            app.settings.language, app.settings.ui_scale = look.language, look.scale
            app.apply_settings()
            set_language(look.language)
            shown = itertools.chain(screens(app), *(tables(app, players) for players in (2, 4, 8)),
                                    *(game_overs(app, players) for players in (2, 3, 8)))
            wanted = None if look.only is None else set(look.only)
            for name in shown:
                if name in UNSTEADY or (wanted is not None and name not in wanted):
                    continue
                yield name, snapshot(app.screen)
                if wanted is not None:
                    wanted.discard(name)
                    if not wanted:
                        break  # (the rest of the gallery is not drawn)
        finally:
            app.close()
            set_language("en")


@dataclass
class Outcome:
    """The comparison of one look: what no longer matches (with its count of pixels), what is
    new (drawn, not kept) and what is gone (kept, not drawn)."""

    look: Look
    moved: dict[str, int]
    new: list[str]
    gone: list[str]

    def lines(self) -> list[str]:
        folder = failures_folder() / self.look.name
        said = [f"{self.look.name}/{name}: {count} of its pixels differ "
                f"(see {folder / name}.actual.png and .diff.png)" for name, count in sorted(self.moved.items())]
        said += [f"{self.look.name}/{name}: a screen with no snapshot" for name in self.new]
        said += [f"{self.look.name}/{name}: a snapshot of a screen the gallery no longer draws" for name in self.gone]
        return said


def check(look: Look, refresh: bool = False) -> Outcome:
    """Render `look` and compare it with its snapshots; with `refresh`, rewrite what does not match,
    add the new and remove the gone. A failure's pictures go to failures_folder()."""
    outcome, kept = Outcome(look, {}, [], []), set(stored(look))
    (STORE / look.name).mkdir(parents=True, exist_ok=True)
    folder = failures_folder() / look.name
    for name, actual in render(look):
        path = path_of(look, name)
        if name not in kept:
            outcome.new.append(name)
        else:
            kept.discard(name)
            expected = pygame.image.load(str(path))
            count = count_differing(actual, expected)
            if count <= MOST_DIFFERING:
                continue
            outcome.moved[name] = count
            if not refresh:
                folder.mkdir(parents=True, exist_ok=True)
                pygame.image.save(actual, str(folder / f"{name}.actual.png"))
                if actual.get_size() == expected.get_size():
                    pygame.image.save(diff_picture(actual, expected), str(folder / f"{name}.diff.png"))
        if refresh:
            pygame.image.save(actual, str(path))
    outcome.gone = sorted(kept)
    if refresh:
        for name in outcome.gone:
            path_of(look, name).unlink()
    return outcome


def main(argv: list[str]) -> int:
    if argv not in (["--refresh"], ["--check"]):
        print("usage: python tests/snapshot_tools.py --refresh | --check", file=sys.stderr)
        return 2
    refresh = argv == ["--refresh"]
    pygame.display.init()
    pygame.font.init()
    said = []
    for look in LOOKS:
        outcome = check(look, refresh)
        said += outcome.lines()
    for line in said:
        print(("refreshed " if refresh else "") + line)
    total = sum(path.stat().st_size for path in STORE.glob("*/*.png") if path.parent.name != "failures")
    count = len([path for path in STORE.glob("*/*.png") if path.parent.name != "failures"])
    print(f"{count} snapshots, {total / 1e6:.2f} MB in {STORE}")
    return 0 if refresh or not said else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
