"""Hot-seat: a full screen that hides the table until the next human is at the keyboard.

The table pushes it by name ("handoff", with `player` and `on_done`) when its controller
signals a hand-off; `on_done` turns the table to that player's eyes."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.ui.widgets import ACCENT, DIM
from scenes.base import AppScene
from scenes.context import AppContext

HIDDEN = (16, 20, 34)


class HandoffScene(AppScene):
    name = "handoff"
    overlay = False  # opaque: nothing of the table shows through

    def __init__(self, app: AppContext, player: str, on_done: Callable[[], None]) -> None:
        super().__init__(app)
        self.player = player
        self.on_done = on_done

    def enter(self) -> None:
        self.button(760, 640, 400, 100, _("I am ready"), self.done, "ready")

    def done(self) -> None:
        self.close()
        self.on_done()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.done()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.done()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION)

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        surface.fill(HIDDEN)
        self.text(surface, _("Pass to {name}").format(name=self.player), 110, 960, 400, color=ACCENT, bold=True)
        self.text(surface, _("Only the player named above should look at the screen now."), 36, 960, 520, color=DIM)
        self.text(surface, _("Click, or press Enter or Space, to continue"), 30, 960, 800, color=DIM)
        self.buttons.draw(surface, self.viewport)
