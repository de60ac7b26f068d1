"""Round scoring, over the table: per seat the cards left, columns removed, the doubling
(shown and explained), scores counting up, and the running score sheet.

The count-up comes in two steps: every score counts up to its cards' sum, then, after a beat,
a doubled score doubles (its "x2" appearing then). The score sheet below counts with it, its
Total always the sum of the rounds it shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.rules import GAME_OVER, ScoreView
from game.ui.ink import inside
from game.ui.layout import Box
from game.ui.tween import Ease, Tweener
from game.ui.widgets import ACCENT, BODY_SIZE, DIM, INK, TITLE_SIZE, draw_panel
from game.ui.wording import group_sentence, speaks_to
from scenes.base import AppScene, veil
from scenes.context import AppContext
from scenes.score_sheet import draw_score_sheet

if TYPE_CHECKING:
    from game.table import Table

COUNT_UP = 1.4  # seconds at normal speed
DOUBLING_BEAT = 0.45  # the pause between the count-up and the doubling (normal speed)
DOUBLING = 0.7  # the doubled score's own count from its sum to twice it
DOUBLED_MARK = "x2"  # beside a doubled score; the note under the rows says it in words
DOUBLED = (255, 140, 120)
NOTE_WIDTH = 1580  # logical px: the note under the rows, the panel's width less its margins
# The rows' columns, spread over the panel (140-1780): the player's name, then four figures
COLUMNS = ((170, N_("Player")), (760, N_("Cards left")), (1000, N_("Columns")), (1240, N_("Sum")), (1480, N_("Score")))
NAME_ROOM = 760 - 40 - 170  # logical px from the name column to the next, less a gap
ROWS_ROOM = 420  # logical px the rows may take before the score sheet's
NOTE_FREE = 40  # of the note's height, what the sheet gives up (the rest comes out of the rows' room)
# Why the one who ended the round is (not) doubled, a sentence of its own under the rows, at
# body size: (to the player at the screen, about anybody else)
TRIGGER_NOTES = {
    "doubled": (N_("You ended the round without the strictly lowest score: your score is doubled (x2)."),
                N_("{name} ended the round without the strictly lowest score: their score is doubled (x2).")),
    "lowest": (N_("You ended the round with the lowest score: not doubled."),
               N_("{name} ended the round with the lowest score: not doubled.")),
    "zero": (N_("You ended the round; a score of zero or less is never doubled."),
             N_("{name} ended the round; a score of zero or less is never doubled.")),
}


def round_breakdown(state: ScoreView) -> list[dict]:
    """Per participating seat: cards left, columns removed, raw sum, score, doubled, why."""
    scores = state.round_scores[-1]
    rows = []
    for seat in state.participants:
        cards = [card for card in state.grids[seat] if isinstance(card, int)]  # (all face-up once scored)
        raw = sum(cards)
        doubled = seat == state.trigger and scores[seat] != raw
        if seat == state.trigger and not doubled:
            why = "lowest" if raw > 0 else "zero"
        else:
            why = "doubled" if doubled else ""  # (a key of TRIGGER_NOTES)
        rows.append({"seat": seat, "cards": len(cards), "columns": sum(1 for s, _, _ in state.removed if s == seat),
                     "raw": raw, "score": scores[seat], "doubled": doubled, "why": why})
    return rows


class RoundScoreScene(AppScene):
    name = "round"
    scales_text = False
    overlay = True
    own_clicks_only = True  # it opens by itself when the round ends: a click begun on the table is not for it

    def __init__(self, app: AppContext, table: Table, addressee: int | None) -> None:
        """Over `table`'s screen, speaking to its `addressee` as "you" (None: each player by name)."""
        super().__init__(app)
        self.table = table
        self.addressee = addressee
        scores = table.score_view()
        if scores is None:  # the table opens this screen when a round ends: it has scored one
            raise ValueError("the round scoring opened before a round was scored")
        self.state = scores
        self.names = table.names
        self.rows = round_breakdown(self.state)
        self.progress = 0.0  # the count-up of every score to its cards' sum
        self.doubling = 0.0  # then a doubled score's count to twice that
        self.tweener = Tweener()

    def enter(self) -> None:
        speed = self.app.speed
        self.tweener.animate(self, COUNT_UP / speed if speed else 0.0, Ease.OUT_CUBIC, progress=1.0)
        if any(row["doubled"] for row in self.rows):
            beat = (COUNT_UP + DOUBLING_BEAT) / speed if speed else 0.0
            self.tweener.animate(self, DOUBLING / speed if speed else 0.0, Ease.IN_OUT_QUAD, beat, doubling=1.0)
        if not speed:
            self.tweener.finish_all()
        state = self.state
        if state.phase == GAME_OVER:
            label = _("Final results")
        elif state.next_is_tiebreak:
            label = _("Play the tiebreak round")
        else:
            label = _("Deal round {number}").format(number=state.round + 1)
        # left of the table's "Scores (S)" button, which still shows through the veil
        self.button(1180, 960, 520, 90, label, self.next, "continue")
        self.buttons.focus = 0

    def next(self) -> None:
        self.close()
        self.table.next_round()

    def update(self, dt: float) -> None:
        self.tweener.step(dt)

    def wants_frames(self) -> bool:
        """Frames while the scores count up."""
        return self.tweener.busy

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.tweener.busy and event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.tweener.finish_all()  # the first click or key skips the count-up
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False  # the pause menu of the table beneath is not reachable from here
        super().handle_event(event)
        return True

    def shown(self, row: dict) -> int:
        """The score `row` shows now: counted up to its cards' sum, then (doubled) on to its score."""
        base = row["raw"] if row["doubled"] else row["score"]
        return round(base * self.progress) + round((row["score"] - base) * self.doubling)

    def trigger_note(self) -> tuple[str, bool] | None:
        """The sentence that says why the one who ended the round is (not) doubled, and whether
        they are; None when nobody ended it (a tiebreak round played to its end)."""
        row = next((row for row in self.rows if row["why"]), None)
        if row is None:
            return None
        you, other = TRIGGER_NOTES[row["why"]]
        if speaks_to(row["seat"], self.addressee, self.names):
            return _(you), row["doubled"]
        return _(other).format(name=self.names[row["seat"]]), row["doubled"]

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        surface.blit(veil(surface.get_size()), (0, 0))
        state = self.state
        title = (_("Round {number} (tiebreak): scores") if state.tiebreak else _("Round {number}: scores")).format(
            number=state.round)
        self.text(surface, title, TITLE_SIZE, 960, 60, color=ACCENT, bold=True)
        top = 120
        note = self.trigger_note()
        note_size = BODY_SIZE * self.app.ui_scale  # a sentence: at the size of the player's reading
        note_h = note_size * 1.2 + 16 if note else 0  # one line (made a little smaller if it must: never wrapped)
        # the note's room at 100 % comes out of the rows' when many seats share the height; what it
        # grows with the text size comes out of the sheet's below (the rows keep their size: issue 48)
        note_base = BODY_SIZE * 1.2 + 16 if note else 0
        line = min(64, (ROWS_ROOM - max(0.0, note_base - NOTE_FREE)) / max(1, len(self.rows)))
        rows_h = line * (len(self.rows) + 1)
        panel = Box(140, top, 1640, rows_h + 10 + note_h)
        draw_panel(surface, self.viewport.rect(panel))
        size = min(30, line * 0.55)
        for x, words in COLUMNS:
            self.text(surface, _(words), size, x, top + line / 2, color=DIM, anchor="midleft")
        for number, row in enumerate(self.rows, start=1):
            y = top + line * (number + 0.5)
            shown = self.shown(row)
            self.avatar(surface, self.table.config.identity(row["seat"]), 170 + line * 0.35, y, line * 0.7)
            self.text(surface, self.names[row["seat"]], size, 170 + line * 0.8, y, color=INK, bold=True,
                      anchor="midleft", max_width=NAME_ROOM - line * 0.8)
            cards_x, columns_x, sum_x, score_x = (x for x, _words in COLUMNS[1:])
            self.text(surface, str(row["cards"]), size, cards_x, y, color=INK, anchor="midleft")
            self.text(surface, str(row["columns"]), size, columns_x, y, color=INK, anchor="midleft")
            self.text(surface, str(row["raw"]), size, sum_x, y, color=INK, anchor="midleft")
            self.text(surface, str(shown), size * 1.2, score_x, y, color=ACCENT, bold=True, anchor="midleft")
            if row["doubled"] and self.doubling > 0:  # the mark beside the score; the note below says it in words
                self.text(surface, DOUBLED_MARK, size * 1.2, score_x + 110, y, color=DOUBLED, bold=True,
                          anchor="midleft")
        if note:
            fitted = self.app.text.fit_px(note[0], round(note_size), NOTE_WIDTH, bold=note[1])  # (logical px)
            with inside(self.viewport.rect(panel)):  # (the ink journal checks that the note stays on its panel)
                self.text(surface, note[0], fitted, 170, top + rows_h + note_h / 2, max_width=NOTE_WIDTH,
                          color=INK, anchor="midleft", bold=note[1])
        sheet_top = top + panel.h + 30
        counting = {row["seat"]: self.shown(row) for row in self.rows}
        draw_score_sheet(self, surface, state, self.names, sheet_top, 930, counting=counting)
        if state.next_is_tiebreak and state.phase != GAME_OVER:
            words = group_sentence("tiebreak_next", state.next_participants, self.addressee, self.names)
            # left of the button
            self.text(surface, words, BODY_SIZE, 620, 1005, max_width=1040, color=ACCENT, bold=True)
        self.buttons.draw(surface, self.viewport)

