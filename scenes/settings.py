"""Settings: language, animation speed, sound and volume, reduced motion, high-contrast cards,
text size, Read aloud, and the hot-seat "Pass to ..." screen. Every change applies at once (the language
too, without a restart) and is saved. Where the desktop has an applications menu (Linux), one
more button adds Skyjo to it or removes it (game/desktop.py).

Each setting is one button that steps through its choices (mouse, or arrows/Tab then Enter);
the buttons say the current value in words, so nothing is told by colour alone.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pygame

from game.desktop import MenuEntry, MenuEntryError, NotOursError, supported
from game.i18n import _, available_languages, current_language
from game.motion import SPEED_WORDS, next_speed
from game.store.settings import DEFAULT_ONLINE_SERVER, ONLINE_ADDRESS_MAX, UI_SCALES
from game.ui.layout import Box
from game.ui.widgets import ACCENT, BUTTON_SIZE, DIM, SMALL_SIZE, TITLE_SIZE
from scenes.base import AppScene
from scenes.context import AppContext
from scenes.fields import TextField

T = TypeVar("T")
VOLUMES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
PREVIEW = (-2, 0, 5, 12)  # one card of each colour band: shows the chosen card theme
ROW_TOP, ROW_STEP, ROW_H = 150, 62, 56  # twelve rows (issues 48, 49 and 50 added one each) and Back above the hints
PROBLEM = (255, 170, 150)  # a failure's line, in the menu notices' colour
log = logging.getLogger("skyjo.settings")


def _next(choices: tuple[T, ...], current: Any) -> T:
    """The choice after `current` (the first one when `current` is not a choice)."""
    return choices[(choices.index(current) + 1) % len(choices)] if current in choices else choices[0]


def not_ours_sentence(path: Path) -> str:
    """Why nothing was added: another program's (or the player's own) entry is in the place of ours."""
    return _("Skyjo was not added to the applications menu: {file} is another program's file, left as it is.").format(
        file=path)


def left_sentence(left: list[Path]) -> str:
    """The files adding or removing left alone because they are not Skyjo's ("" when none)."""
    if not left:
        return ""
    return _("Not Skyjo's, so left as they are: {files}").format(files=", ".join(str(path) for path in left))


def _on_off(value: bool) -> str:
    return _("on") if value else _("off")


class SettingsScene(AppScene):
    name = "settings"

    def __init__(self, app: AppContext, modal: bool = False) -> None:
        super().__init__(app)
        self.modal = modal  # opened over the paused table: no key or click may reach the game
        self.problem = ""  # the last failure to change the applications menu, in one line
        self.done = ""  # what the last change of the applications menu did, in one line
        self.server: TextField | None = None  # the online server's address while it is typed

    def enter(self) -> None:
        self.build()
        self.buttons.focus = 0  # keyboard users start with a visible focus

    # ------------------------------------------------------------------ buttons
    def rows(self) -> list[tuple[str, str, Callable[[], None]]]:
        """(name, label, action) of every setting, labels in the current language."""
        s = self.app.settings
        language = dict(available_languages()).get(current_language(), current_language())
        speed = s.animation_speed
        return [
            ("language", _("Language: {name}").format(name=language), self.next_language),
            ("speed", _("Animation speed: {speed}").format(speed=_(SPEED_WORDS.get(speed, speed))), self.next_speed),
            ("sound", _("Sound: {state}").format(state=_on_off(s.sound)), self.toggle("sound")),
            ("volume", _("Volume: {percent}%").format(percent=round(100 * s.volume)), self.next_volume),
            ("motion", _("Reduced motion: {state}").format(state=_on_off(s.reduced_motion)),
             self.toggle("reduced_motion")),
            ("contrast", _("High-contrast cards: {state}").format(state=_on_off(s.high_contrast)),
             self.toggle("high_contrast")),
            ("scale", _("Text size: {percent}%").format(percent=s.ui_scale), self.next_scale),
            # hot-seat: Skyjo hides no hand, so a family may let the table just turn to the next player
            ("pass", _("Pass screen between players: {state}").format(state=_on_off(s.pass_screen)),
             self.toggle("pass_screen")),
            # before a move that ends the round behind (issue 48): for beginners and a guided game
            ("doubling", _("Warn before a doubled round: {state}").format(state=_on_off(s.warn_doubling)),
             self.toggle("warn_doubling")),
            # issue 49: the room server Play online connects to (typed here: Enter keeps it, Esc leaves it)
            ("server", self._server_label(), self.edit_server),
            ("read_aloud", _("Read aloud: {state}").format(state=self._read_aloud_state()), self.toggle("read_aloud")),
            *self._menu_entry_row(),
        ]

    def _server_label(self) -> str:
        if self.server is not None:
            return _("Online server: {address}").format(address=self.server.value + "_")
        address = self.app.settings.online_server or DEFAULT_ONLINE_SERVER
        return _("Online server: {address}").format(address=address) if address else _("Online server: none")

    def _read_aloud_state(self) -> str:
        """On, off, or "not available here" when it is on and no voice was found (the log says why)."""
        voice = self.app.voice
        if self.app.settings.read_aloud and voice.attached and not voice.available:
            return _("not available here")
        return _on_off(self.app.settings.read_aloud)

    def _menu_entry_row(self) -> list[tuple[str, str, Callable[[], None]]]:
        """Add to (or remove from) the applications menu, where the desktop has one."""
        if not supported():
            return []
        if MenuEntry().installed():
            return [("menu_entry", _("Remove Skyjo from the applications menu"), self.toggle_menu_entry)]
        return [("menu_entry", _("Add Skyjo to the applications menu"), self.toggle_menu_entry)]

    def build(self) -> None:
        focus = self.buttons.focus
        self.buttons.clear()
        rows = self.rows()
        for number, (name, label, action) in enumerate(rows):
            self.button(460, ROW_TOP + number * ROW_STEP, 900, ROW_H, label, action, name, BUTTON_SIZE)
        self.button(710, ROW_TOP + len(rows) * ROW_STEP + 20, 400, 86, _("Back"), self.close, "back")
        self.buttons.focus = focus

    # ------------------------------------------------------------------ changes
    def changed(self) -> None:
        """Apply (language, card theme), save, and relabel the buttons."""
        self.app.apply_settings()
        self.app.save_settings()
        self.build()

    def next_language(self) -> None:
        codes = tuple(code for code, _name in available_languages())
        self.app.settings.language = _next(codes, current_language())
        self.changed()

    def next_speed(self) -> None:
        self.app.settings.animation_speed = next_speed(self.app.settings.animation_speed)
        self.changed()

    def next_volume(self) -> None:
        volume = self.app.settings.volume
        self.app.settings.volume = next((v for v in VOLUMES if v > volume + 1e-6), VOLUMES[0])
        self.changed()

    def next_scale(self) -> None:
        self.app.settings.ui_scale = _next(UI_SCALES, self.app.settings.ui_scale)
        self.changed()

    def edit_server(self) -> None:
        """The online server's row takes the typing (Enter keeps the address, Esc leaves it as it was)."""
        if self.server is not None:
            self.keep_server()
            return
        self.server = TextField(self.app.settings.online_server, ONLINE_ADDRESS_MAX)
        self.build()

    def keep_server(self) -> None:
        """The address typed, kept ("" : the game's own server, if it has one); one that is not an
        address is said in one line and not kept."""
        from game.net.online import server_url  # (the network's code: loaded when an address is kept)

        assert self.server is not None
        typed = self.server.value.strip()
        if typed:
            try:
                server_url(typed)
            except ValueError:
                self.problem = _("{address} is not a server's address like wss://skyjo.example.org").format(
                    address=typed)
                self.build()
                return
        self.server, self.problem = None, ""
        self.app.settings.online_server = typed
        self.changed()

    def toggle_menu_entry(self) -> None:
        entry = MenuEntry()
        adding = not entry.installed()
        self.done = ""
        try:
            change = entry.add() if adding else entry.remove()
        except NotOursError as error:
            log.warning("applications menu: not added, %s is not Skyjo's", error.path)
            self.problem = not_ours_sentence(error.path)
        except MenuEntryError as error:
            log.warning("applications menu: could not %s the entry: %s", "add" if adding else "remove", error)
            failed = (_("Skyjo could not be added to the applications menu: {reason}") if adding
                      else _("Skyjo could not be removed from the applications menu: {reason}"))
            self.problem = failed.format(reason=error)
        else:
            log.info("applications menu: %s", ", ".join(str(path) for path in change.done) or "nothing to change")
            self.problem = left_sentence(change.left)
            self.done = _("Skyjo is in the applications menu now.") if adding else \
                _("Skyjo was removed from the applications menu.")
        self.build()

    def toggle(self, field: str) -> Callable[[], None]:
        def flip() -> None:
            setattr(self.app.settings, field, not getattr(self.app.settings, field))  # a bool field named by the row
            self.changed()

        return flip

    # ------------------------------------------------------------------ input and drawing
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.server is not None and self._type_server(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        handled = super().handle_event(event)
        return True if self.modal else handled

    def _type_server(self, event: pygame.event.Event) -> bool:
        """Typing into the online server's row: Enter keeps, Esc leaves it as it was."""
        assert self.server is not None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.keep_server()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.server, self.problem = None, ""
            self.build()
            return True
        if self.server.take(event):
            self.build()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.begin_page(surface, _("Settings"), TITLE_SIZE, 90)
        self._draw_preview(surface)
        if self.problem:
            self.text(surface, self.problem, SMALL_SIZE, 960, 1050, color=PROBLEM)
        elif self.done:
            self.text(surface, self.done, SMALL_SIZE, 960, 1050, color=ACCENT)
        else:
            self.text(surface, _("Arrow keys or Tab choose, Enter or Space changes, Esc goes back"), SMALL_SIZE, 960,
                      1050, color=DIM)
        self.buttons.draw(surface, self.viewport)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """Four cards in the chosen theme, beside the buttons."""
        self.text(surface, _("Cards"), SMALL_SIZE, 1640, ROW_TOP + 20, color=DIM)
        w, h = round(110 * self.viewport.scale), round(160 * self.viewport.scale)
        for number, value in enumerate(PREVIEW):
            x = 1475 + (number % 2) * 140
            y = ROW_TOP + 50 + (number // 2) * 190
            rect = self.viewport.rect(Box(x, y, 110, 160))
            surface.blit(self.app.art.face(value, w, h), rect)
