"""The score sheet at any time during play (S or Tab, or the table's Scores button): every
round's scores and the totals, over the table. Any key or click closes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui.layout import Box, Viewport
from game.ui.score_chart import draw_score_chart
from game.ui.widgets import (
    ACCENT,
    BODY_SIZE,
    BUTTON,
    BUTTON_EDGE,
    CAPTION_SIZE,
    DIM,
    INK,
    SMALL_SIZE,
    TITLE_SIZE,
    draw_panel,
)
from scenes.base import AppScene, veil
from scenes.context import AppContext
from scenes.score_sheet import draw_score_sheet

if TYPE_CHECKING:
    from game.table import Table

SHEET_PANEL = Box(60, 40, 1800, 1010)  # logical px: one opaque panel under everything the overlay says
SHEET_TOP = 230  # the sheet's first row; the running-totals chart fills the panel below it
CHART_BOTTOM = 960
CHART_LEAST = 424  # logical px under the sheet: the chart's box (24 below the sheet) at least 400 tall
SHEET_ROW = 44  # the sheet's row height when there is room (as scenes/score_sheet.py has it)
SCORES_BUTTON = Box(1730, 1012, 175, 56)  # the table's small "Scores" button, bottom right (logical px)


class ScoreOverlayScene(AppScene):
    name = "scores"
    overlay = True

    def __init__(self, app: AppContext, table: Table) -> None:
        super().__init__(app)
        self.table = table

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
            self.close()
        return True  # modal: nothing reaches the table while the sheet is open

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        surface.blit(veil(surface.get_size()), (0, 0))
        draw_panel(surface, self.viewport.rect(SHEET_PANEL), radius=max(6, round(16 * self.viewport.scale)))
        state = self.table.score_view()
        self.text(surface, _("Score sheet"), TITLE_SIZE, 960, 110, color=ACCENT, bold=True)
        end = _("The game ends when a total reaches {limit}; the lowest total wins.").format(
            limit=self.table.config.end_score)
        self.text(surface, end, CAPTION_SIZE, 960, 180, color=DIM)
        if state is None or not state.round_scores:
            self.text(surface, _("No round has been scored yet."), BODY_SIZE, 960, 240, color=DIM)
        if state is not None:  # (a table hosted elsewhere has sent no scores before its first round ends)
            if state.round_scores:
                sheet_bottom = sheet_bottom_for(len(state.round_scores))
                draw_score_sheet(self, surface, state, self.table.names, SHEET_TOP, sheet_bottom)
                chart = Box(SHEET_PANEL.x + 40, sheet_bottom + 24, SHEET_PANEL.w - 80, CHART_BOTTOM - sheet_bottom - 24)
                draw_score_chart(surface, self.app.text, self.viewport, state, self.table.names, chart,
                                 self.app.ui_scale, self.table.config.identities())
            else:
                draw_score_sheet(self, surface, state, self.table.names, SHEET_TOP, 900)
        self.text(surface, _("Press any key or click to go back to the table"), CAPTION_SIZE, 960, 1000, color=DIM)


def sheet_bottom_for(rounds: int) -> float:
    """Where the sheet ends: as tall as its rows need (a title row, the rounds, the totals), but
    never so tall that the chart below gets less than CHART_LEAST (room for eight names at 150 %)."""
    return SHEET_TOP + min(SHEET_ROW * (rounds + 2), CHART_BOTTOM - SHEET_TOP - CHART_LEAST)


def scores_button_box() -> Box:
    """The table's small "Scores" button, bottom right, in logical 1920x1080 units."""
    return SCORES_BUTTON


def draw_scores_button(scene: AppScene, surface: pygame.Surface) -> None:
    """Drawn by the table each frame (label translated at draw time)."""
    scene.fit(surface)
    rect = scene.viewport.rect(SCORES_BUTTON)
    radius = max(3, rect.h // 5)
    pygame.draw.rect(surface, BUTTON_EDGE, rect, border_radius=radius)  # raised like every button: a lip below
    pygame.draw.rect(surface, BUTTON, rect.inflate(0, -max(2, round(5 * scene.viewport.scale))).move(0, -1),
                     border_radius=radius)
    x, y = SCORES_BUTTON.center
    scene.text(surface, _("Scores (S)"), SMALL_SIZE, x, y, color=INK, bold=True)


def scores_button_hit(viewport: Viewport, pos: tuple[int, int]) -> bool:
    """Whether the window's point `pos` is on the Scores button (drawn through `viewport`)."""
    x, y = viewport.to_logical(*pos)
    return SCORES_BUTTON.contains(x, y)
