"""The window on the desktop: its least and first size, the class and icon a task bar shows,
the size asked on the command line, and a message to a player who has no terminal.
`Window` is the one the app (app.py) owns: its size, full screen or not, the surface drawn
on; the frame loop is app.py's."""

from __future__ import annotations

import os
import sys
from collections.abc import MutableMapping
from typing import Literal

import pygame

from game import APP_NAME
from game.resources import asset_path

MIN_SIZE = (800, 450)
HEADLESS_DRIVERS = ("dummy", "offscreen")
# SDL 2's environment variables for the window's class (X11) and app id (Wayland).
WINDOW_CLASS_VARIABLES = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS")
# SDL 2's hint: whether the window's surface goes to the screen through a 3D renderer's texture
# (1) or the system's own framebuffer (0: X11's shared-memory image, Windows' GDI).
FRAMEBUFFER_VARIABLE = "SDL_FRAMEBUFFER_ACCELERATION"


def initial_size() -> tuple[int, int]:
    """A 16:9 window filling most of the first desktop (or 1280x720 headless)."""
    try:
        desktop_w, desktop_h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return (1280, 720)
    if desktop_w <= 0 or desktop_h <= 0:
        return (1280, 720)
    width = min(int(desktop_w * 0.85), int(desktop_h * 0.85 * 16 / 9))
    width = max(MIN_SIZE[0], width)
    return (width, width * 9 // 16)


def fitting_size(saved: tuple[int, int] | None) -> tuple[int, int] | None:
    """The window size of last time (`saved`), if it still fits the desktop."""
    if not saved:
        return None
    try:
        desktop_w, desktop_h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return (saved[0], saved[1])
    width, height = min(saved[0], desktop_w), min(saved[1], desktop_h)
    return (width, height) if width >= MIN_SIZE[0] and height >= MIN_SIZE[1] else None


def open_display() -> None:
    """Start the video and the fonts, with the window's class, name and icon."""
    name_the_window()  # before the video subsystem starts: SDL reads the class only then
    choose_framebuffer()  # likewise
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption(APP_NAME)
    set_icon()


class Window:
    """The game's window: its size when not in full screen, whether it is, and the surface
    the scenes are drawn on (SDL may give a new one after a change)."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size  # in a window (kept while in full screen, for the way back)
        self.fullscreen = False
        self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.surface = pygame.display.set_mode(self.size, pygame.RESIZABLE)

    def resized(self, width: int, height: int) -> bool:
        """Take the size the player dragged the window to (never below MIN_SIZE); False in
        full screen, where the window's size stays the one to go back to."""
        if self.fullscreen:
            return False
        self.size = (max(MIN_SIZE[0], width), max(MIN_SIZE[1], height))
        self.current()
        return True

    def current(self) -> pygame.Surface:
        """The surface to draw on now."""
        self.surface = pygame.display.get_surface() or self.surface
        return self.surface


def name_the_window() -> None:
    """Task bars and docks group and name a window by its class (X11 WM_CLASS) or app id
    (Wayland); SDL 2 reads both from these variables when the display starts. Importing
    pygame under X11 fills in the program's file name (`__main__.py` for `python -m game`),
    which is replaced; a value the player set wins."""
    automatic = ("", os.path.basename(sys.argv[0]) if sys.argv else "")
    for variable in WINDOW_CLASS_VARIABLES:
        if os.environ.get(variable, "") in automatic:
            os.environ[variable] = APP_NAME


def choose_framebuffer(platform: str | None = None, environ: MutableMapping[str, str] = os.environ) -> None:
    """On Linux the game draws every pixel itself and hands SDL a finished picture, which X11's
    shared-memory image shows with a copy. SDL 2's default there puts it through an OpenGL texture
    whenever OpenGL starts, a software one too (Mesa's llvmpipe: a virtual machine, a remote
    desktop, no GPU driver), where that cost ~95 MiB more memory and 6-7 times the CPU per frame
    (docs/desktop.md, "The framebuffer"). Wayland has no framebuffer of its own (SDL ignores the
    hint there); Windows (GDI) and macOS are left to SDL's choice; a value the player set wins."""
    if (platform or sys.platform).startswith("linux"):
        environ.setdefault(FRAMEBUFFER_VARIABLE, "0")


def set_icon() -> None:
    """The window icon, drawn by build/make_icons.py; a missing file only loses the icon."""
    try:
        pygame.display.set_icon(pygame.image.load(str(asset_path("icons", "skyjo_64.png"))))
    except (OSError, pygame.error):
        pass


def parse_size(text: str | None) -> tuple[int, int] | None:
    """"1280x720" -> (1280, 720); None stays None; anything else is a ValueError in plain words."""
    if text is None:
        return None
    width, sep, height = text.lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit():
        raise ValueError(f"--windowed-size must look like 1280x720, not {text!r}")
    size = (int(width), int(height))
    if size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1] or size[0] > 16384 or size[1] > 16384:
        raise ValueError(f"--windowed-size must be at least {MIN_SIZE[0]}x{MIN_SIZE[1]}, not {text}")
    return size


def tell(message: str, kind: Literal["info", "warn", "error"] = "info") -> None:
    """A message for the player: on stderr, and in a dialog when there is a screen (a
    double-clicked app has no terminal)."""
    print(f"skyjo: {message}", file=sys.stderr)
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in HEADLESS_DRIVERS:
        return
    try:
        pygame.display.message_box("Skyjo", message, message_type=kind)
    except Exception:  # noqa: BLE001 - no screen: the stderr line said it
        pass
