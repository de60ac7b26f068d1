"""Asked once, before the first menu of the desktop app: add Skyjo to the applications menu?

Only the built app asks (the frozen one-file or one-folder app, or an AppImage), on a desktop
with an applications menu, while Skyjo is not in it yet, and only until the player has answered
once (`Settings.menu_entry_offered`); a run from source, a test or CI never asks unless
SKYJO_OFFER_MENU_ENTRY=1 says to. Settings keeps the button for later, both ways.
"""

from __future__ import annotations

import logging
import os
import sys

import pygame

from game.desktop import MenuEntry, MenuEntryError, NotOursError, supported
from game.i18n import _
from game.store import Settings
from game.ui.layout import Box
from game.ui.widgets import ACCENT, BODY_SIZE, BUTTON_SIZE, INK, SMALL_SIZE, TITLE_SIZE, draw_panel
from scenes.base import AppScene, paint_backdrop
from scenes.settings import left_sentence, not_ours_sentence

ASK_VARIABLE = "SKYJO_OFFER_MENU_ENTRY"  # "1": ask even when run from source (to try the question)
PANEL = Box(240, 300, 1440, 480)
SOLID_PANEL = (12, 24, 32, 255)
PROBLEM = (255, 170, 150)
log = logging.getLogger("skyjo.menu_offer")


def wanted(settings: Settings) -> bool:
    """Whether to ask now (see the module's note)."""
    if settings.menu_entry_offered or not supported():
        return False
    built = getattr(sys, "frozen", False) or os.environ.get(ASK_VARIABLE) == "1"
    return built and not MenuEntry().installed()


class MenuOfferScene(AppScene):
    name = "menu_offer"  # a page of its own: the menu's buttons are not drawn beneath its own

    def enter(self) -> None:
        self.problem = ""
        self.added = False  # added: the title says it is done, with one button back to the menu
        self.buttons.clear()
        width = 520 * self.app.ui_scale
        self.button(960 - width - 10, 600, width, 90, _("Add it"), self.add, "add", BUTTON_SIZE)
        self.button(970, 600, width, 90, _("Not now"), self.decline, "decline", BUTTON_SIZE)
        self.buttons.focus = 0

    def _answered(self) -> None:
        self.app.settings.menu_entry_offered = True
        self.app.save_settings()

    def add(self) -> None:
        try:
            change = MenuEntry().add()
        except NotOursError as error:  # said here; the question is not asked again, Settings can retry
            log.warning("applications menu: not added, %s is not Skyjo's", error.path)
            self._tell(not_ours_sentence(error.path))
            return
        except MenuEntryError as error:
            log.warning("applications menu: could not add the entry: %s", error)
            self._tell(_("Skyjo could not be added to the applications menu: {reason}").format(reason=error))
            return
        log.info("applications menu: added %s", ", ".join(str(path) for path in change.done))
        # done, and said so (the title) before the menu: a file that is not ours left is said too
        self.added = True
        self._tell(left_sentence(change.left))

    def _tell(self, sentence: str) -> None:
        """Show `sentence` with one Back button; the question counts as answered."""
        self.problem = sentence
        self.buttons.clear()
        self.button(960 - 200, 600, 400, 90, _("Back"), self.close, "back", BUTTON_SIZE)
        self.buttons.focus = 0
        self._answered()

    def decline(self) -> None:
        self._answered()
        self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.decline()
            return True
        super().handle_event(event)
        return True  # nothing reaches the menu beneath

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        paint_backdrop(surface)
        buttons = [self.viewport.rect(button.box) for button in self.buttons.buttons]
        draw_panel(surface, self.viewport.rect(PANEL).unionall(buttons).inflate(60, 60), SOLID_PANEL)
        title = _("Skyjo is in the applications menu.") if self.added else _("Add Skyjo to the applications menu?")
        self.text(surface, title, TITLE_SIZE, 960, 370, max_width=1400, color=ACCENT, bold=True)
        self.text(surface, _("Then it starts from the menu like any other program."), BODY_SIZE, 960, 460,
                  max_width=1400, color=INK)
        self.text(surface, _("Settings can add or remove it at any time."), BODY_SIZE, 960, 520, max_width=1400,
                  color=INK)
        if self.problem:
            self.text(surface, self.problem, SMALL_SIZE, 960, 740, max_width=1600, color=PROBLEM)
        self.buttons.draw(surface, self.viewport)
