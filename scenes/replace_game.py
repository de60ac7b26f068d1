"""Asked before a new game replaces the saved one: continue it, or start the new game.

An overlay over the setup screen. Nothing is written until the player chooses "Start new
game": a slip of the mouse or a key never costs a game in progress.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.match import HUMAN
from game.store.saves import GameSummary
from game.ui.layout import Box
from game.ui.widgets import ACCENT, BODY_SIZE, BUTTON_SIZE, INK, TITLE_SIZE, draw_panel
from scenes.base import AppScene, veil
from scenes.context import AppContext

PANEL = Box(240, 320, 1440, 460)  # logical px: the question, the sentence and the buttons
SOLID_PANEL = (12, 24, 32, 255)  # opaque: the setup's buttons must not show through the question
MAX_NAMES = 3  # more names than this end in "…": the sentence must fit one line


def saved_game_words(summary: GameSummary) -> str:
    """ "Your game with Ann, Bob… (round 3) will be lost." for the menu's saved game.

    With one human at the table that human is "you", so only the others are named."""
    humans = [seat for seat in summary.seats if seat.kind == HUMAN]
    named = [seat for seat in summary.seats if len(humans) != 1 or seat is not humans[0]]
    names = [seat.name for seat in named] or summary.names
    shown = ", ".join(names[:MAX_NAMES]) + ("…" if len(names) > MAX_NAMES else "")
    return _("Your game with {names} (round {number}) will be lost.").format(names=shown, number=summary.round)


class ReplaceGameScene(AppScene):
    name = "replace_game"
    overlay = True

    def __init__(self, app: AppContext, summary: GameSummary, continue_saved: Callable[[], None],
                 start_new: Callable[[], None]) -> None:
        super().__init__(app)
        self.words = saved_game_words(summary)
        self.continue_saved = continue_saved
        self.start_new = start_new

    def enter(self) -> None:
        self.buttons.clear()
        width = 560 * self.app.ui_scale
        self.button(960 - width - 10, 560, width, 90, _("Continue it"), self.continue_saved, "continue", BUTTON_SIZE)
        self.button(970, 560, width, 90, _("Start new game"), self.start_new, "start_new", BUTTON_SIZE)
        self.button(960 - 180, 690, 360, 70, _("Back"), self.close, "back", BUTTON_SIZE)
        self.buttons.focus = 0  # Enter at once keeps the saved game: the safe choice

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        super().handle_event(event)
        return True  # modal: nothing reaches the setup screen beneath

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        surface.blit(veil(surface.get_size()), (0, 0))
        buttons = [self.viewport.rect(button.box) for button in self.buttons.buttons]
        draw_panel(surface, self.viewport.rect(PANEL).unionall(buttons).inflate(60, 60), SOLID_PANEL)
        self.text(surface, _("A game is saved"), TITLE_SIZE, 960, 380, color=ACCENT, bold=True)
        self.text(surface, self.words, BODY_SIZE, 960, 470, max_width=1400, color=INK)
        self.buttons.draw(surface, self.viewport)
