"""About Skyjo: the version, the licence, the credits (the project, the libraries it is built
with, the game's publisher), and the data folder, with a button that opens it in the file manager."""

from __future__ import annotations

import logging
import platform
from pathlib import Path

import pygame

from game import version
from game.desktop import open_folder
from game.i18n import _
from game.store import resolve_data_dir
from game.ui.layout import Box
from game.ui.widgets import ACCENT, BODY_SIZE, BUTTON_SIZE, DIM, HEADING_SIZE, INK, SMALL_SIZE, TITLE_SIZE
from scenes.base import AppScene, draw_paragraphs
from scenes.context import AppContext

# The libraries the game runs on (pyproject.toml's dependencies; a test checks both lists agree).
LIBRARIES = ("pygame-ce", "msgspec", "websockets", "zeroconf", "platformdirs", "pytmx")
COLUMN = Box(260, 250, 1400, 500)  # logical px: the paragraphs from the top, made smaller together until they fit
PROBLEM = (255, 170, 150)  # the menu notices' colour
log = logging.getLogger("skyjo.about")


class AboutScene(AppScene):
    name = "about"
    escape_closes = True

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.problem = ""  # why the folder could not be opened, in one line

    @property
    def data_dir(self) -> Path:
        return self.app.store.data_dir if self.app.store is not None else resolve_data_dir()

    def enter(self) -> None:
        self.build()
        self.buttons.focus = 0

    def build(self) -> None:
        self.buttons.clear()
        width, back = min(640 * self.app.ui_scale, 840), 400  # the pair centred, inside the screen at 150 %
        left = 960 - (width + 20 + back) / 2
        self.button(left, 790, width, 86, _("Open the data folder"), self.open_data_folder, "open", BUTTON_SIZE)
        self.button(left + width + 20, 790, back, 86, _("Back"), self.close, "back", BUTTON_SIZE)

    def _label_buttons(self) -> None:
        """The labels follow the language at draw time (Settings may switch it while the page is open)."""
        for name, label in (("open", _("Open the data folder")), ("back", _("Back"))):
            if (button := self.buttons.named(name)) is not None:
                button.label = label

    def open_data_folder(self) -> None:
        try:
            open_folder(self.data_dir)
        except OSError as error:  # no file manager here (no xdg-open): the path is on the screen to copy
            log.warning("could not open the data folder %s: %s", self.data_dir, error)
            self.problem = _("The folder could not be opened: {reason}").format(reason=error.strerror or error)
        else:
            log.info("opened the data folder %s", self.data_dir)
            self.problem = ""

    def paragraphs(self) -> list[str]:
        """The page's sentences, in the current language (the path itself stands on its own line)."""
        libraries = ", ".join(LIBRARIES[:-1])
        sdl = ".".join(str(number) for number in pygame.get_sdl_version())
        return [
            _("Free software under the MIT licence: anyone may use, copy, change and share it, as the LICENSE "
              "file says."),
            _("Made by the contributors of the Skyjo desktop project. Skyjo is a card game published by Magilano; "
              "this is an unofficial version, neither made nor endorsed by its publisher."),
            _("Built with Python {python} and SDL {sdl}, with {libraries} and {last}. The letters are FreeSans "
              "(GNU FreeFont), which comes with pygame-ce.").format(
                python=platform.python_version(), sdl=sdl, libraries=libraries, last=LIBRARIES[-1]),
            _("Saves, settings, statistics and the log are kept in this folder:"),
            str(self.data_dir),
        ]

    # ------------------------------------------------------------------ input and drawing

    def draw(self, surface: pygame.Surface) -> None:
        self._label_buttons()
        self.begin_page(surface, _("About Skyjo"), TITLE_SIZE, 90)
        self.text(surface, _("Version {version}").format(version=version()), HEADING_SIZE, 960, 170, color=INK)
        self._paragraphs(surface, self.paragraphs())
        if self.problem:
            self.text(surface, self.problem, SMALL_SIZE, 960, 940, color=PROBLEM)
        self.text(surface, _("Esc goes back"), SMALL_SIZE, 960, 1050, color=DIM)
        self.buttons.draw(surface, self.viewport)

    def _paragraphs(self, surface: pygame.Surface, paragraphs: list[str]) -> None:
        """The paragraphs left-aligned in COLUMN at the text size setting, made smaller together
        until they fit it (a long translation at 150 % never runs into the buttons)."""
        text, room = self.app.text, self.viewport.rect(COLUMN)
        px = round(BODY_SIZE * self.app.ui_scale * self.viewport.scale)
        # (fit_paragraphs counts lines, not the gaps between paragraphs)
        spaces = round(px * 0.5) * (len(paragraphs) - 2)
        px, blocks = text.fit_paragraphs(paragraphs, px, room.w, room.h - spaces)
        gap, last = round(px * 0.5), len(blocks) - 1
        colours = [ACCENT if number == last else INK for number in range(len(blocks))]  # the folder's path stands out
        gaps = [gap if number < last - 1 else 0 for number in range(len(blocks))]  # the path follows its sentence
        draw_paragraphs(surface, text, blocks, px, room, colours, gaps)
