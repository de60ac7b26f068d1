"""The running score sheet (every round, every seat, totals), drawn by scoring screens."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.rules import ScoreView
from game.ui.layout import Box
from game.ui.widgets import ACCENT, DIM, INK, draw_panel
from scenes.base import AppScene


def draw_score_sheet(scene: AppScene, surface: pygame.Surface, state: ScoreView, names: list[str],
                     top: float, bottom: float, winners: tuple[int, ...] = (),
                     counting: dict[int, int] | None = None) -> None:
    """A table: one column per seat, one row per round (tiebreak rounds marked), then totals.
    `counting` (seat -> score) is the last round's scores as a count-up shows them now: that row
    and the totals show those, so a Total is always the sum of the rounds above it."""
    counting = counting or {}
    players = state.players
    left, right = 160, 1760
    name_w = 220
    col_w = (right - left - name_w) / players
    rows = state.round_scores
    tiebreaks = set(state.tiebreak_rounds)
    line = min(44, (bottom - top) / max(3, len(rows) + 2))
    size = max(18, min(32, line * 0.7))
    draw_panel(surface, scene.viewport.rect(Box(left - 20, top - 10, right - left + 40, line * (len(rows) + 2) + 20)))
    y = top + line / 2
    scene.text(surface, _("Round"), size, left, y, color=DIM, anchor="midleft")
    for seat in range(players):
        x = left + name_w + (seat + 0.5) * col_w
        scene.text(surface, names[seat], size, x, y, color=ACCENT if seat in winners else INK, bold=True,
                   max_width=col_w - 12)  # long names side by side: each kept to its column
    for number, scores in enumerate(rows, start=1):
        y += line
        label = f"{number}" + (_(" (tiebreak)") if number in tiebreaks else "")
        scene.text(surface, label, size, left, y, color=DIM, anchor="midleft")
        latest = number == len(rows)
        for seat, score in enumerate(scores):
            x = left + name_w + (seat + 0.5) * col_w
            if latest and score is not None and seat in counting:
                score = counting[seat]
            scene.text(surface, "-" if score is None else str(score), size, x, y, color=INK)
    y += line
    scene.text(surface, _("Total"), size, left, y, color=ACCENT, bold=True, anchor="midleft")
    for seat in range(players):
        x = left + name_w + (seat + 0.5) * col_w
        final = state.round_scores[-1][seat] if state.round_scores else None
        total = state.totals[seat] if final is None or seat not in counting else state.totals[seat] - final + counting[seat]
        scene.text(surface, str(total), size, x, y, color=ACCENT, bold=True)
