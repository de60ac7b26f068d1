"""About Skyjo: the version, the licence, the credits (the project, the game's publisher), and
the data folder, with a button that opens it in the file manager; the Licence button shows the
licence's own text and what the program is built with (a one-file program has no LICENSE file
beside it to read)."""

from __future__ import annotations

import logging
import platform
from pathlib import Path

import pygame

from game import version
from game.desktop import open_folder
from game.i18n import _
from game.resources import licence_path
from game.store import resolve_data_dir
from game.store.files import open_ordinary
from game.ui.layout import Box
from game.ui.widgets import ACCENT, BODY_SIZE, BUTTON_SIZE, DIM, HEADING_SIZE, INK, SMALL_SIZE, TITLE_SIZE
from scenes.base import AppScene, draw_paragraphs
from scenes.context import AppContext

# The libraries the game runs on (pyproject.toml's dependencies; a test checks both lists agree).
LIBRARIES = ("pygame-ce", "msgspec", "websockets", "zeroconf", "platformdirs", "speechlight", "pytmx")
COLUMN = Box(260, 250, 1400, 500)  # logical px: the paragraphs from the top, made smaller together until they fit
LICENCE_COLUMN = Box(160, 180, 1600, 580)  # the licence's longer text: wider, from higher up
BUTTONS_GAP = 50  # logical px between the paragraphs' last line and the buttons (no empty band between)
BUTTON_H, PROBLEM_ROOM = 86, 100  # logical px: the buttons' height, the room of a failure's line under them
CONTENT_BOTTOM = 1000  # logical px: the text and the buttons end above it (the "Esc goes back" line)
LICENCE_LIMIT = 64 * 1024  # bytes of the licence file read: the MIT text is about 1 KB
PROBLEM = (255, 170, 150)  # the menu notices' colour
log = logging.getLogger("skyjo.about")


class AboutScene(AppScene):
    name = "about"
    escape_closes = True

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.problem = ""  # why the folder could not be opened, in one line
        self.licence = False  # the licence's text shown in place of the page's paragraphs

    @property
    def data_dir(self) -> Path:
        return self.app.store.data_dir if self.app.store is not None else resolve_data_dir()

    def enter(self) -> None:
        self.build()
        self.buttons.focus = 0

    def build(self) -> None:
        self.buttons.clear()
        scale = self.app.ui_scale  # the three centred, inside the screen at 150 %
        widths = (min(600 * scale, 780), min(300 * scale, 400), min(300 * scale, 400))
        x = 960 - (sum(widths) + 40) / 2
        for width, name in zip(widths, ("open", "licence", "back"), strict=True):
            action = {"open": self.open_data_folder, "licence": self.switch_licence, "back": self.close}[name]
            self.button(x, 790, width, BUTTON_H, "", action, name, BUTTON_SIZE)
            x += width + 20
        self._label_buttons()

    def _label_buttons(self) -> None:
        """The labels follow the language at draw time (Settings may switch it while the page is open)."""
        licence = _("About") if self.licence else _("Licence")
        for name, label in (("open", _("Open the data folder")), ("licence", licence), ("back", _("Back"))):
            if (button := self.buttons.named(name)) is not None:
                button.label = label

    def switch_licence(self) -> None:
        self.licence = not self.licence

    def open_data_folder(self) -> None:
        try:
            open_folder(self.data_dir)
        except FileNotFoundError as error:  # no file manager here (no xdg-open): nothing is wrong with the saves
            log.warning("could not open the data folder %s: %s", self.data_dir, error)
            self.problem = _("No file manager was found to open the folder: copy its path above. "
                             "Your games are safe.")
        except OSError as error:
            log.warning("could not open the data folder %s: %s", self.data_dir, error)
            self.problem = _("The folder could not be opened: {reason}").format(reason=error.strerror or error)
        else:
            log.info("opened the data folder %s", self.data_dir)
            self.problem = ""

    def paragraphs(self) -> list[str]:
        """The page's sentences, in the current language (the path itself stands on its own line)."""
        if self.licence:
            return self.licence_paragraphs()
        return [
            _("Free software under the MIT licence: anyone may use, copy, change and share it. The Licence "
              "button shows its text."),
            _("Made by the contributors of the Skyjo desktop project. Skyjo is a card game published by Magilano; "
              "this is an unofficial version, neither made nor endorsed by its publisher."),
            _("Saves, settings, statistics and the log are kept in this folder:"),
            str(self.data_dir),
        ]

    def licence_paragraphs(self) -> list[str]:
        """The licence's own text (its paragraphs, as the program carries it), then what the
        program is built with."""
        libraries = ", ".join(LIBRARIES[:-1])
        sdl = ".".join(str(number) for number in pygame.get_sdl_version())
        built = _("Built with Python {python} and SDL {sdl}, with {libraries} and {last}. The letters are FreeSans "
                  "(GNU FreeFont), which comes with pygame-ce.").format(
                      python=platform.python_version(), sdl=sdl, libraries=libraries, last=LIBRARIES[-1])
        return [*read_licence(), built]

    # ------------------------------------------------------------------ input and drawing

    def draw(self, surface: pygame.Surface) -> None:
        self._label_buttons()
        self.begin_page(surface, _("Licence") if self.licence else _("About Skyjo"), TITLE_SIZE, 90)
        if not self.licence:
            self.text(surface, _("Version {version}").format(version=version()), HEADING_SIZE, 960, 170, color=INK)
        bottom = self._paragraphs(surface, self.paragraphs(), LICENCE_COLUMN if self.licence else COLUMN)
        for button in self.buttons.buttons:  # just under the text, not below an empty band
            button.box = Box(button.box.x, bottom + BUTTONS_GAP, button.box.w, button.box.h)
        if self.problem:
            self.text(surface, self.problem, SMALL_SIZE, 960, bottom + BUTTONS_GAP + BUTTON_H + PROBLEM_ROOM / 2,
                      color=PROBLEM)
        self.text(surface, _("Esc goes back"), SMALL_SIZE, 960, 1050, color=DIM)
        self.buttons.draw(surface, self.viewport)

    def _paragraphs(self, surface: pygame.Surface, paragraphs: list[str], column: Box) -> float:
        """The paragraphs left-aligned in `column` at the text size setting, made smaller together
        until they fit it (a long translation at 150 % never runs into the buttons); the logical
        y of their last line's foot."""
        text, room = self.app.text, self.viewport.rect(column)
        px = round(BODY_SIZE * self.app.ui_scale * self.viewport.scale)
        # (fit_paragraphs counts lines, not the gaps between paragraphs)
        spaces = round(px * 0.5) * (len(paragraphs) - 2)
        px, blocks = text.fit_paragraphs(paragraphs, px, room.w, room.h - spaces)
        gap, last = round(px * 0.5), len(blocks) - 1
        path = not self.licence  # the folder's path stands out, just under its sentence
        colours = [ACCENT if path and number == last else INK for number in range(len(blocks))]
        gaps = [gap if number < last - 1 or not path else 0 for number in range(len(blocks))]
        lines = sum(len(block) for block in blocks)
        tall = min(column.h, (text.font(px).get_linesize() * lines + sum(gaps[:-1])) / self.viewport.scale)
        # the text and the buttons under it, together in the middle of the room the page has for them
        below = BUTTONS_GAP + BUTTON_H + (PROBLEM_ROOM if self.problem else 0)
        top = column.y + max(0.0, (CONTENT_BOTTOM - column.y - tall - below) / 2)
        draw_paragraphs(surface, text, blocks, px, self.viewport.rect(Box(column.x, top, column.w, column.h)),
                        colours, gaps)
        return top + tall


def read_licence() -> list[str]:
    """The licence file's paragraphs (its lines joined, the blank lines between kept apart);
    one line saying it is missing when it cannot be read."""
    try:
        with open_ordinary(licence_path()) as handle:
            words = handle.read(LICENCE_LIMIT).decode("utf-8", errors="replace")
    except OSError:
        return [_("This copy of the program has no licence file: it is the MIT licence.")]
    return [" ".join(part.split()) for part in words.split("\n\n") if part.strip()]
