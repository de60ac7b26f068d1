"""PLACEHOLDER (wave4-stats): Expert's review of a finished game is built in another branch,
whose scenes/review.py replaces this file on merge. It is here only so that the statistics
screen's "Review a game" can name the scene (scenes/names.py REVIEW) and the type checker
knows its arguments: `ReviewScene(app, game, seat=None)`."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui.widgets import TITLE_SIZE
from game.wire.finished import FinishedGame
from scenes.base import AppScene
from scenes.context import AppContext


class ReviewScene(AppScene):
    name = "review"

    def __init__(self, app: AppContext, game: FinishedGame, seat: int | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.seat = seat

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.begin_page(surface, _("Review"), TITLE_SIZE, 110)
