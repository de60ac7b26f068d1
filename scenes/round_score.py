"""Round scoring, over the table: per seat the cards left, columns removed, the doubling
(shown and explained), scores counting up, and the running score sheet."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.rules import GAME_OVER, ScoreView
from game.ui.ink import inside, note_text
from game.ui.layout import Box
from game.ui.tween import Tweener
from game.ui.widgets import ACCENT, BODY_SIZE, DIM, INK, TITLE_SIZE, draw_panel
from game.ui.wording import group_sentence
from scenes.base import AppScene, veil
from scenes.context import AppContext, TableScreen
from scenes.score_sheet import draw_score_sheet

COUNT_UP = 1.4  # seconds at normal speed


def round_breakdown(state: ScoreView) -> list[dict]:
    """Per participating seat: cards left, columns removed, raw sum, score, doubled, why."""
    scores = state.round_scores[-1]
    rows = []
    for seat in state.participants:
        cards = [card for card in state.grids[seat] if isinstance(card, int)]  # (all face-up once scored)
        raw = sum(cards)
        doubled = seat == state.trigger and scores[seat] != raw
        if seat == state.trigger and not doubled:
            why = N_("ended the round with the lowest score: not doubled") if raw > 0 else \
                N_("ended the round; a score of zero or less is never doubled")
        elif doubled:
            why = N_("ended the round without the strictly lowest score: doubled")
        else:
            why = ""
        rows.append({"seat": seat, "cards": len(cards), "columns": sum(1 for s, _, _ in state.removed if s == seat),
                     "raw": raw, "score": scores[seat], "doubled": doubled, "why": why})
    return rows


class RoundScoreScene(AppScene):
    name = "round"
    scales_text = False
    overlay = True

    def __init__(self, app: AppContext, play: TableScreen) -> None:
        super().__init__(app)
        self.play = play
        scores = play.scoring()
        if scores is None:  # the table opens this screen when a round ends: it has scored one
            raise ValueError("the round scoring opened before a round was scored")
        self.state = scores
        self.names = play.names
        self.rows = round_breakdown(self.state)
        self.progress = 0.0
        self.tweener = Tweener()

    def enter(self) -> None:
        speed = self.app.speed
        self.tweener.animate(self, COUNT_UP / speed if speed else 0.0, "out_cubic", progress=1.0)
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
        self.play.next_round()

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

    def _note(self, surface: pygame.Surface, words: str, cell: Box, size: float, color: tuple[int, int, int],
              bold: bool) -> None:
        """Why a score is (not) doubled, in the last column of its row: on two lines when it is
        long (French), made smaller only when two lines do not hold it."""
        room = self.viewport.rect(cell)
        text = self.app.text
        px, lines = text.fit_lines(words, round(size * self.viewport.scale), room.w, room.h, bold)
        step = text.font(px, bold).get_linesize()
        y = room.centery - (step * (len(lines) - 1) + text.font(px, bold).get_height()) // 2
        with inside(room):
            for part in lines:
                image = text.render(part, px, color, bold)
                place = image.get_rect(topleft=(room.left, y))
                surface.blit(image, place)
                note_text(part, image, place)
                y += step

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        surface.blit(veil(surface.get_size()), (0, 0))
        state = self.state
        title = (_("Round {number} (tiebreak): scores") if state.tiebreak else _("Round {number}: scores")).format(
            number=state.round)
        self.text(surface, title, TITLE_SIZE, 960, 60, color=ACCENT, bold=True)
        top = 120
        line = min(64, 420 / max(1, len(self.rows)))
        draw_panel(surface, self.viewport.rect(Box(140, top, 1640, line * (len(self.rows) + 1) + 10)))
        size = min(30, line * 0.55)
        for x, words in ((170, N_("Player")), (560, N_("Cards left")), (760, N_("Columns")), (960, N_("Sum")), (1120, N_("Score"))):
            self.text(surface, _(words), size, x, top + line / 2, color=DIM, anchor="midleft")
        for number, row in enumerate(self.rows, start=1):
            y = top + line * (number + 0.5)
            shown = round(row["score"] * self.progress)
            self.text(surface, self.names[row["seat"]], size, 170, y, color=INK, bold=True, anchor="midleft")
            self.text(surface, str(row["cards"]), size, 560, y, color=INK, anchor="midleft")
            self.text(surface, str(row["columns"]), size, 760, y, color=INK, anchor="midleft")
            self.text(surface, str(row["raw"]), size, 960, y, color=INK, anchor="midleft")
            self.text(surface, str(shown), size * 1.2, 1120, y, color=ACCENT, bold=True, anchor="midleft")
            if row["why"]:
                mark = "x2! " if row["doubled"] else ""
                self._note(surface, mark + _(row["why"]), Box(1230, y - line / 2, 1760 - 1230, line), size * 0.8,
                           (255, 140, 120) if row["doubled"] else DIM, row["doubled"])
        sheet_top = top + line * (len(self.rows) + 1) + 40
        draw_score_sheet(self, surface, state, self.names, sheet_top, 930)
        if state.next_is_tiebreak and state.phase != GAME_OVER:
            addressee = getattr(self.play, "addressee", None)  # the table's "you" (None: each player by name)
            words = group_sentence("tiebreak_next", state.next_participants, addressee, self.names)
            self.text(surface, words, BODY_SIZE, 620, 1005, max_width=1040, color=ACCENT, bold=True)  # left of the button
        self.buttons.draw(surface, self.viewport)

