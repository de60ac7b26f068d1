"""How did I play? Expert's review of a finished game (issue 33; docs/review.md).

The review is judged in the background (game/ai/review_job.py: worker processes of lower
priority, so the window keeps its frames) with a progress bar and Cancel, the decisions judged
so far shown as they come, in the game's order (the chart grows; the first costly decision opens
while the rest are judged), then kept beside the statistics (game/store/reviews.py) so it is not
judged twice, and added to the player's trend. No frame waits for reviews.json (issue 38 item 4:
up to 4 MiB to read, check and write): the kept review is looked up in a thread
(scenes/background.py), the screen saying so meanwhile, and a new one is kept on the review
job's thread before the job ends. The screen shows the game's totals, a chart of the points lost
per decision and per round, one line per round, and the three costliest decisions: each opens
the table as it was then, with the move played and Expert's move drawn on it
(scenes/review_step.py). In hot-seat each human is reviewed in turn: their names are buttons at
the top.

Keys: Tab/arrows and Enter (the buttons), 1-3 a costliest decision, Esc cancels or leaves.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.ai.review import DEFAULT_SAMPLES, METHOD
from game.ai.review_job import ReviewJob
from game.i18n import _
from game.match import COMPUTER, HUMAN, Identity, default_identity, known_identity
from game.store.reviews import ReviewShelf, game_key, review_key
from game.ui.layout import Box
from game.ui.note import draw_line
from game.ui.review_chart import ReviewChart, draw_review_chart, lay_out
from game.ui.review_words import (
    cost_words,
    decision_line,
    headline,
    judged_line,
    points_lost_words,
    review_title,
    round_line,
    turn_words,
    why_line,
)
from game.ui.widgets import ACCENT, BODY_SIZE, CAPTION_SIZE, DIM, HEADING_SIZE, INK, SMALL_SIZE, TITLE_SIZE, draw_panel
from game.ui.wording import shown_name
from game.wire.finished import FinishedGame
from game.wire.review import Judged, ReviewData
from scenes.background import Background, Lane
from scenes.base import AppScene, wake_the_app
from scenes.context import AppContext
from scenes.names import REVIEW_STEP

REVIEW_SEED = 1  # fixed work: the same game gets the same review on every computer
CHART = Box(50, 262, 900, 320)  # logical px: the chart, left; the round lines under it
ROUNDS_TOP, ROUNDS_BOTTOM = 610, 920
COSTLIEST_X, COSTLIEST_W = 990, 880  # the three costliest decisions, right
COSTLIEST_TOP, COSTLIEST_ROW = 300, 210
BAR = Box(460, 480, 1000, 44)  # the progress bar while Expert judges
SO_FAR_BAR = Box(CHART.x, 660, CHART.w, 36)  # ...under the chart, once the first decisions are shown
BUTTONS_Y = 944
SEAT_AVATAR = 40  # logical px: a seat's avatar on its button
Found = tuple[str, ReviewData | None]  # a review's key on the shelf, and the review kept under it (None: none)


def look_up(shelf: ReviewShelf | None, record: Any, seat: int, samples: int) -> Found:
    """(Off the frame loop.) The key of `seat`'s review of `record` and the review kept under it:
    the key digests the whole record, and the shelf may be a large file."""
    key = review_key(record, seat, REVIEW_SEED, samples, METHOD)
    return key, None if shelf is None else shelf.get(key)


def keep_review(shelf: ReviewShelf, key: str, record: Any, seat: int, player: str | None, review: ReviewData) -> None:
    """(On the review job's thread.) Keep `review` beside the statistics, and in the trend of
    `player` (None: a computer's seat, no trend)."""
    shelf.put(key, review, player=player, game=game_key(record, seat))


LOOK_UPS = Lane("a kept review")  # one look-up of the review shelf at a time (scenes/background.py)


HEADLINE_W = 1640  # the headline keeps a margin on either side (it shrinks to it)


class ReviewScene(AppScene):
    name = "review"

    def __init__(self, app: AppContext, game: FinishedGame, seat: int | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.seats = game.seats()
        self.seat = seat if seat in self.seats else self.seats[0]
        self.job: ReviewJob | None = None
        self.reading: Background[Found] | None = None  # the kept review being looked up: the screen draws meanwhile
        self.review: ReviewData | None = None
        self.so_far: ReviewData | None = None  # while judging: the decisions judged yet (the game's first ones)
        self.problem = ""
        self.cancelled = False
        self.chart: ReviewChart | None = None
        self.samples = DEFAULT_SAMPLES  # Expert's work per searched decision, as in the app's play
        self.workers: int | None = None  # processes judging (None: the job's default, both cores at most)

    # ------------------------------------------------------------------ the review's life
    def enter(self) -> None:
        self.start()

    def exit(self) -> None:
        self.stop()

    def start(self) -> None:
        """The stored review of this seat (looked up off the frame loop), or a new one judged in
        the background."""
        self.stop()
        self.problem, self.cancelled, self.review, self.so_far = "", False, None, None
        self.reading = LOOK_UPS.read(partial(look_up, self._shelf(), self.game.record, self.seat, self.samples))
        self.build()

    def stop(self) -> None:
        if self.reading is not None:
            self.reading.cancel()  # a look-up not begun never runs; one under way ends by itself, unheard
        self.reading = None
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self.so_far = None

    def cancel(self) -> None:
        self.stop()
        self.cancelled = True
        self.build()

    def choose_seat(self, seat: int) -> None:
        if seat != self.seat:
            self.seat = seat
            self.start()

    @property
    def shown(self) -> ReviewData | None:
        """The review on the screen: the whole one, else the decisions judged so far."""
        return self.review if self.review is not None else self.so_far

    def _shelf(self) -> ReviewShelf | None:
        store = self.app.store
        return None if store is None else ReviewShelf(store.data_dir)

    def update(self, dt: float) -> None:
        reading = self.reading
        if reading is not None and reading.done:
            self.reading = None
            self._found(reading.result)
            return  # (a job started now is looked at from the next frame)
        job = self.job
        if job is None:
            return
        if job.running:
            if self.so_far is None or job.done != len(self.so_far.decisions):  # more judged: the list grows
                self.so_far = job.so_far()
                self.build(keep_focus=True)
            return
        self.job, self.so_far = None, None
        if job.result is not None:
            self.review = job.result  # (already kept by the job)
        elif job.problem:
            self.problem = job.problem
        else:
            self.cancelled = True
        self.build()

    def _found(self, found: Found | None) -> None:
        """The look-up ended: show the kept review, or judge a new one and keep it (None: the
        look-up failed; the review is judged, not kept)."""
        key, self.review = found or ("", None)
        if self.review is None:
            shelf = self._shelf()
            player = (self.game.name(self.seat) or None) if self.seat in self.game.humans else None
            keep = None if shelf is None or not key else partial(keep_review, shelf, key, self.game.record, self.seat,
                                                                  player)
            self.job = ReviewJob(self.game.record, self.seat, seed=REVIEW_SEED, samples=self.samples,
                                 workers=self.workers, wake=wake_the_app, keep=keep)
        self.build()

    def wants_frames(self) -> bool:
        """No: the job wakes the app after each decision judged (and when it ends), the look-up
        when it ends."""
        return False

    # ------------------------------------------------------------------ buttons and keys
    def build(self, keep_focus: bool = False) -> None:
        group = self.buttons
        focused = group.buttons[group.focus].name if keep_focus and group.focus is not None else None
        self.buttons.clear()
        shown = self.shown
        self.chart = None if not shown or not shown.decisions else lay_out(shown.decisions, shown.costliest(), CHART)
        if len(self.seats) > 1:
            width = min(300, 1680 / len(self.seats) - 20)
            left = 960 - (width + 20) * len(self.seats) / 2 + 10
            for number, seat in enumerate(self.seats):
                button = self.button(left + number * (width + 20), 118, width, 56, self.seat_name(seat),
                                     partial(self.choose_seat, seat), f"seat{seat}")
                button.lead = SEAT_AVATAR + 8  # the seat's avatar at the left of its button
        if shown is not None:
            for rank, index in enumerate(shown.costliest(), start=1):
                self.button(COSTLIEST_X, COSTLIEST_TOP + (rank - 1) * COSTLIEST_ROW, COSTLIEST_W, 60,
                            self.costly_label(rank, shown.decisions[index]), partial(self.show, index), f"costly{rank}")
        if self.job is not None:  # under the progress bar; once decisions show, at the foot, clear of them
            self.button(770, 620 if self.chart is None else BUTTONS_Y, 380, 86, _("Cancel"), self.cancel, "cancel")
        elif self.cancelled or self.problem:
            self.button(560, BUTTONS_Y, 380, 86, _("Review again"), self.start, "again", enabled=not self.problem)
            self.button(980, BUTTONS_Y, 380, 86, _("Back"), self.close, "back")
        else:
            self.button(770, BUTTONS_Y, 380, 86, _("Back"), self.close, "back")
        # the costliest decision, else Cancel while judging, else Back; as the list grows, the
        # focus stays where the player put it
        self.buttons.focus = next((n for n, b in enumerate(self.buttons.buttons) if focused and b.name == focused),
                                  next(n for n, b in enumerate(self.buttons.buttons)
                                       if b.name in ("costly1", "cancel", "back")))

    def identity(self, seat: int) -> Identity:
        """The seat's colour and avatar as the table showed them (a game kept before they were:
        the seat's default)."""
        kind = HUMAN if seat in self.game.humans else COMPUTER
        return known_identity(*self.game.look(seat), default_identity(seat, kind, ""))

    def seat_name(self, seat: int) -> str:
        """The seat's name as shown now (a default name in the current language)."""
        return shown_name(self.game.name(seat) or _("Player {number}").format(number=seat + 1))

    @staticmethod
    def costly_label(rank: int, judged: Judged) -> str:
        return _("{rank}. {when}: {lost}").format(rank=rank, when=turn_words(judged),
                                                   lost=points_lost_words(judged.cost))

    def show(self, index: int) -> None:
        """The costly decision `index` on the table as it was then, both moves drawn (while the
        rest are judged too: the job goes on beneath)."""
        shown = self.shown
        if shown is None:
            return
        seats = range(int(self.game.record["players"]))
        self.stack.push(REVIEW_STEP, record=self.game.record, names=[self.seat_name(s) for s in seats],
                        seat=self.seat, judged=shown.decisions[index],
                        identities=[self.identity(s) for s in seats])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel() if self.job is not None else self.close()
                return True
            rank = {pygame.K_1: 1, pygame.K_2: 2, pygame.K_3: 3, pygame.K_KP1: 1, pygame.K_KP2: 2,
                    pygame.K_KP3: 3}.get(event.key)
            shown = self.shown
            if rank is not None and shown is not None and rank <= len(shown.costliest()):
                self.show(shown.costliest()[rank - 1])
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self._bar_at(event.pos)
            if index is not None:
                self.show(index)
                return True
        return super().handle_event(event)

    def _bar_at(self, pos: tuple[int, int]) -> int | None:
        """The costly decision whose bar is under the pointer (a click opens it)."""
        if self.chart is None:
            return None
        x, y = self.viewport.to_logical(*pos)
        plot = self.chart.plot
        for bar in self.chart.bars:  # a thin bar is hard to hit: its whole column counts
            if bar.costly and bar.box.x - 2 <= x <= bar.box.right + 2 and plot.y <= y <= plot.bottom:
                return bar.index
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.begin_page(surface, _("How did you play?"), TITLE_SIZE, 60)
        if len(self.seats) > 1:
            chosen = self.buttons.named(f"seat{self.seat}")
            if chosen is not None:  # the seat reviewed: underlined in the accent colour
                line = self.viewport.rect(Box(chosen.box.x + 20, chosen.box.bottom + 6, chosen.box.w - 40, 5))
                pygame.draw.rect(surface, ACCENT, line)
        else:
            words = self.text(surface, review_title(self.game.name(self.seat)), CAPTION_SIZE, 960, 140, color=DIM)
            self.avatar_before(surface, self.identity(self.seat), words)
        if self.reading is not None:
            self.text(surface, _("Looking for this game's review…"), BODY_SIZE, 960, 480, color=DIM)
        elif self.job is not None:
            self._draw_judging(surface, self.job.done, self.job.total)
        elif self.problem:
            self.text(surface, _("This game cannot be reviewed: {problem}").format(problem=self.problem), BODY_SIZE,
                      960, 500, color=INK)
        elif self.cancelled:
            self.text(surface, _("Review cancelled."), BODY_SIZE, 960, 500, color=INK)
        elif self.review is not None:
            self._draw_review(surface, self.review)
        self.buttons.draw(surface, self.viewport)
        for seat in self.seats if len(self.seats) > 1 else ():
            button = self.buttons.named(f"seat{seat}")
            if button is not None:  # the seat's face at the left of its button
                self.avatar(surface, self.identity(seat), button.box.x + 10 + SEAT_AVATAR / 2, button.box.y + 25,
                            SEAT_AVATAR)

    def _draw_judging(self, surface: pygame.Surface, done: int, total: int) -> None:
        if self.so_far is not None and self.so_far.decisions:
            self._draw_so_far(surface, self.so_far, total)
        else:
            self._draw_progress(surface, done, total)

    def _draw_progress(self, surface: pygame.Surface, done: int, total: int) -> None:
        self.text(surface, _("Expert is judging each of your decisions from what you could see then."), BODY_SIZE,
                  960, 400, color=INK)
        back = self.viewport.rect(BAR)
        draw_panel(surface, back.inflate(8, 8), (8, 16, 22), 10)
        if total:
            filled = Box(BAR.x, BAR.y, BAR.w * done / total, BAR.h)
            pygame.draw.rect(surface, ACCENT, self.viewport.rect(filled), border_radius=6)
        words = _("{done} of {total} decisions judged").format(done=done, total=total) if total else _("Starting…")
        self.text(surface, words, CAPTION_SIZE, 960, 570, color=DIM)

    def _draw_so_far(self, surface: pygame.Surface, so_far: ReviewData, total: int) -> None:
        """While judging, the decisions judged so far: the chart as far as it goes, the costliest
        yet, and how far Expert is, under the chart."""
        self.text(surface, _("Expert is judging each of your decisions from what you could see then."), BODY_SIZE,
                  960, 226, color=INK, max_width=HEADLINE_W)
        if self.chart is not None:
            draw_review_chart(surface, self.app.text, self.viewport, self.chart, self.app.ui_scale, _("points lost"),
                              _("round"))
        done = len(so_far.decisions)
        back = self.viewport.rect(SO_FAR_BAR)
        draw_panel(surface, back.inflate(8, 8), (8, 16, 22), 10)
        filled = Box(SO_FAR_BAR.x, SO_FAR_BAR.y, SO_FAR_BAR.w * done / max(total, done), SO_FAR_BAR.h)
        pygame.draw.rect(surface, ACCENT, self.viewport.rect(filled), border_radius=6)
        self.text(surface, _("{done} of {total} decisions judged").format(done=done, total=total), CAPTION_SIZE,
                  SO_FAR_BAR.x + SO_FAR_BAR.w / 2, SO_FAR_BAR.bottom + 36, color=DIM)
        if so_far.costliest():  # (none yet: the column waits, empty, rather than say "no costly decision")
            self._draw_costliest(surface, so_far)

    def _draw_review(self, surface: pygame.Surface, review: ReviewData) -> None:
        # the headline in round figures (the estimate's noise is in the details: a decision on the table)
        self.text(surface, headline(review), HEADING_SIZE, 960, 226, color=ACCENT, bold=True, max_width=HEADLINE_W)
        if self.chart is not None:
            draw_review_chart(surface, self.app.text, self.viewport, self.chart, self.app.ui_scale, _("points lost"),
                              _("round"))
        self._draw_rounds(surface, review)
        self._draw_costliest(surface, review)
        keys = _("1–3 or a red bar: show that decision on the table · Esc: back")
        self.text(surface, keys, SMALL_SIZE, 960, 1058, color=DIM)

    def _draw_rounds(self, surface: pygame.Surface, review: ReviewData) -> None:
        rows = review.round_rows()
        room = self.viewport.rect(Box(CHART.x, ROUNDS_TOP, CHART.w, ROUNDS_BOTTOM - ROUNDS_TOP))
        zoom = self.viewport.scale * self.app.ui_scale
        # what was judged, then a line per round
        paragraphs = [judged_line(review), *("\u2022 " + round_line(row) for row in rows)]
        px, blocks = self.app.text.fit_paragraphs(paragraphs, round(BODY_SIZE * zoom), room.w, room.h)
        y = room.top
        for number, block in enumerate(blocks):
            for line in block:
                y = draw_line(surface, self.app.text, line, px, DIM if number == 0 else INK, False, room.left, y)

    def _draw_costliest(self, surface: pygame.Surface, review: ReviewData) -> None:
        title = _("Your three costliest decisions") if len(review.costliest()) > 1 else _("Your costliest decision")
        # its foot clear of the first button's ring, however large the text
        self.text(surface, title, CAPTION_SIZE, COSTLIEST_X, COSTLIEST_TOP - 24, color=DIM, anchor="bottomleft",
                  max_width=COSTLIEST_W)
        if not review.costliest():
            self.text(surface, _("No costly decision: Expert would have played much the same."), BODY_SIZE,
                      COSTLIEST_X, COSTLIEST_TOP + 30, color=INK, anchor="midleft", max_width=COSTLIEST_W)
            return
        zoom = self.viewport.scale * self.app.ui_scale
        entries = []
        for rank, index in enumerate(review.costliest(), start=1):
            judged = review.decisions[index]
            top = COSTLIEST_TOP + (rank - 1) * COSTLIEST_ROW + 68
            room = self.viewport.rect(Box(COSTLIEST_X + 10, top, COSTLIEST_W - 20, COSTLIEST_ROW - 72))
            cost = cost_words(judged, spread=False)
            words = [_("{decision}: {cost}").format(decision=decision_line(judged), cost=cost), why_line(judged)]
            fitted_px = self.app.text.fit_paragraphs(words, round(CAPTION_SIZE * zoom), room.w, room.h)[0]
            entries.append((room, words, fitted_px))
        px = min(size for _room, _words, size in entries)  # the three alike: the longest sets the size
        for room, words, _size in entries:
            y = room.top
            played, why = self.app.text.fit_paragraphs(words, px, room.w, room.h)[1]
            for line in played:
                y = draw_line(surface, self.app.text, line, px, INK, False, room.left, y)
            for line in why:  # why Expert's move is better, fainter
                y = draw_line(surface, self.app.text, line, px, DIM, False, room.left, y)
