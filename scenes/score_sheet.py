"""The running score sheet (every round, every seat, totals), drawn by scoring screens."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.rules import ScoreView
from game.ui.layout import Box
from game.ui.widgets import ACCENT, DIM, INK, draw_panel, font_px
from scenes.base import AppScene

LABELS_ROOM = 220  # logical px at most for the rounds' labels (the rest goes to the seats' columns)
NAME_FLOOR = 0.75  # the names share one size down to this part of the sheet's; a longer name shrinks alone


def drawn_width(scene: AppScene, words: str, size: float, bold: bool = False) -> float:
    """How wide `words` are drawn at logical `size` by `scene`, in logical px."""
    scale = scene.app.ui_scale if scene.scales_text else 1
    viewport = scene.viewport
    return scene.app.text.font(font_px(viewport, size * scale), bold).size(words)[0] / viewport.scale


def names_size(scene: AppScene, names: list[str], size: float, width: float) -> float:
    """One logical size for every name of the header, the largest at which each is at most `width`
    wide (down to NAME_FLOOR of `size`: a longer name is then made smaller alone), so that a long
    name does not stand out smaller than the rest."""
    scale = scene.app.ui_scale if scene.scales_text else 1
    viewport = scene.viewport
    full = font_px(viewport, size * scale)
    fitted = min(scene.app.text.fit_px(name, full, width * viewport.scale, bold=True) for name in names)
    return max(NAME_FLOOR * full, fitted) / (viewport.scale * scale)


def draw_score_sheet(scene: AppScene, surface: pygame.Surface, state: ScoreView, names: list[str],
                     top: float, bottom: float, winners: tuple[int, ...] = (),
                     counting: dict[int, int] | None = None) -> None:
    """A table: one column per seat, one row per round (tiebreak rounds marked), then totals.
    `counting` (seat -> score) is the last round's scores as a count-up shows them now: that row
    and the totals show those, so a Total is always the sum of the rounds above it."""
    counting = counting or {}
    players = state.players
    left, right = 160, 1760
    rows = state.round_scores
    tiebreaks = set(state.tiebreak_rounds)
    line = min(44, (bottom - top) / max(3, len(rows) + 2))
    size = max(18, min(32, line * 0.7))
    labels = [f"{number}" + (_(" (tiebreak)") if number in tiebreaks else "") for number in range(1, len(rows) + 1)]
    # the labels' column as wide as its words at 100 % text (the seats' columns get the rest: long
    # names side by side); larger text, the labels fit that column rather than take the names' room
    # (a long name at 8 seats was drawn smaller at 150 % than at 100 %: issue 48)
    grown = scene.app.ui_scale if scene.scales_text else 1
    name_w = min(LABELS_ROOM, 24 + max(drawn_width(scene, words, size / grown, bold=True)
                                       for words in (_("Round"), _("Total"), *labels)))
    col_w = (right - left - name_w) / players
    header_size = names_size(scene, names[:players], size, col_w - 12)
    draw_panel(surface, scene.viewport.rect(Box(left - 20, top - 10, right - left + 40, line * (len(rows) + 2) + 20)))
    y = top + line / 2
    room = name_w - 20  # (the labels' column less a gap before the first seat's)
    scene.text(surface, _("Round"), size, left, y, color=DIM, anchor="midleft", max_width=room)
    for seat in range(players):
        x = left + name_w + (seat + 0.5) * col_w
        scene.text(surface, names[seat], header_size, x, y, color=ACCENT if seat in winners else INK, bold=True,
                   max_width=col_w - 12)  # long names side by side: each kept to its column
    for number, (label, scores) in enumerate(zip(labels, rows, strict=True), start=1):
        y += line
        scene.text(surface, label, size, left, y, color=DIM, anchor="midleft", max_width=room)
        latest = number == len(rows)
        for seat, score in enumerate(scores):
            x = left + name_w + (seat + 0.5) * col_w
            if latest and score is not None and seat in counting:
                score = counting[seat]
            scene.text(surface, "-" if score is None else str(score), size, x, y, color=INK)
    y += line
    scene.text(surface, _("Total"), size, left, y, color=ACCENT, bold=True, anchor="midleft", max_width=room)
    for seat in range(players):
        x = left + name_w + (seat + 0.5) * col_w
        final = state.round_scores[-1][seat] if state.round_scores else None
        total = state.totals[seat]
        if final is not None and seat in counting:  # the round's score still counting up on the sheet
            total = total - final + counting[seat]
        scene.text(surface, str(total), size, x, y, color=ACCENT, bold=True)
