"""The pause overlay over the table: resume, animation speed, fullscreen, leave."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.table_anim import SPEEDS
from game.ui.widgets import ACCENT, INK, draw_panel
from scenes.base import AppScene
from scenes.round_score import _shade

SPEED_NAMES = tuple(SPEEDS)


class PauseScene(AppScene):
    name = "pause"
    overlay = True

    def __init__(self, app: Any, play: Any) -> None:
        super().__init__(app)
        self.play = play
        self.confirming = False

    def enter(self) -> None:
        self.build()

    def build(self) -> None:
        self.buttons.clear()
        speed = getattr(self.app.settings, "animation_speed", "normal")
        items = [
            ("Resume", self.close, "resume"),
            (f"Animation speed: {speed}", self.next_speed, "speed"),
            ("Fullscreen (F11)", self.app.toggle_fullscreen, "fullscreen"),
            ("Save and go to the menu", self.to_menu, "menu"),
            ("Yes, abandon this game" if self.confirming else "Abandon the game", self.abandon, "abandon"),
        ]
        for number, (label, action, name) in enumerate(items):
            self.button(660, 300 + number * 110, 600, 86, label, action, name, 34)
        self.buttons.focus = 0

    def next_speed(self) -> None:
        speed = getattr(self.app.settings, "animation_speed", "normal")
        index = SPEED_NAMES.index(speed) if speed in SPEED_NAMES else 1
        self.app.settings.animation_speed = SPEED_NAMES[(index + 1) % len(SPEED_NAMES)]
        self.app.save_settings()
        self.build()
        self.buttons.focus = 1

    def to_menu(self) -> None:
        from scenes.menu import MenuScene

        self.stack.reset(MenuScene(self.app))

    def abandon(self) -> None:
        if not self.confirming:
            self.confirming = True  # a second press confirms: a game is never lost by one slip
            self.build()
            self.buttons.focus = 4
            return
        if self.app.store is not None:
            try:
                self.app.store.delete_game()
            except Exception as error:  # noqa: BLE001 - reported on the menu
                self.app.notices.append(f"The saved game could not be removed: {error}")
        self.to_menu()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        super().handle_event(event)
        return True  # modal: nothing reaches the table beneath

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        surface.blit(_shade(surface.get_size()), (0, 0))
        draw_panel(surface, self.viewport.rect(self.buttons.buttons[0].box).unionall(
            [self.viewport.rect(b.box) for b in self.buttons.buttons]).inflate(80, 160))
        self.text(surface, "Paused", 60, 960, 225, color=ACCENT, bold=True)
        if self.confirming:
            self.text(surface, "The saved game will be deleted.", 28, 960, 860, color=INK)
        self.buttons.draw(surface, self.viewport)
