"""The end of the game: the winner(s) as the engine decided, named large and celebrated (a
podium of the first three with their totals, confetti for a few seconds), the whole score sheet
below, Play again / Main menu. The save is removed and the game recorded in the statistics.
A game hosted on another computer ends here too, from its public scores alone: nothing of it
is saved or recorded on this computer, and Main menu is the way on."""

from __future__ import annotations

import math
import random
import time
from functools import partial
from pathlib import PurePath

import pygame

from game.i18n import _, ngettext
from game.match import MatchConfig
from game.rules import GameState, ScoreView, score_view
from game.store.export import export_for_player
from game.store.last_game import keep_last_game
from game.ui.layout import Box
from game.ui.score_chart import draw_score_chart
from game.ui.surface_cache import forget_table_pictures, table_pictures
from game.ui.widgets import (
    ACCENT,
    BODY_SIZE,
    BUTTON_PAD,
    BUTTON_SIZE,
    CAPTION_SIZE,
    DIM,
    DISPLAY_SIZE,
    HEADING_SIZE,
    INK,
    TITLE_SIZE,
    draw_panel,
)
from game.ui.wording import group_sentence, points_words, sentence
from game.wire.finished import FinishedGame
from scenes.background import Background
from scenes.base import AppScene, paint_backdrop
from scenes.context import AppContext
from scenes.names import LOBBY, MENU, PLAY, REPLAY, REVIEW
from scenes.score_sheet import draw_score_sheet


def winners_line(state: GameState | ScoreView, names: list[str], viewer: int | None = None) -> str:
    """Who won, spoken to `viewer` (the one human at the table; None: every winner by name)."""
    winners = list(state.winners or [])
    if len(winners) == 1:
        return sentence("win", winners[0], viewer, names)
    return group_sentence("share_win", winners, viewer, names)


CELEBRATION_SECONDS = 4.0  # the confetti falls this long, then the screen is still (and the app sleeps)
CONFETTI = 90  # pieces
CONFETTI_SEED = 18  # the same fall every time: a golden image or a test sees the same frame
CONFETTI_COLOURS = ((255, 206, 84), (112, 190, 236), (62, 160, 74), (222, 72, 56), (246, 214, 62), (245, 245, 240))
# The middle of the screen, logical px: the podium on the left, the score chart on the right,
# the score sheet across the foot (issue 32 item 5 made room for the chart).
PODIUM_BASE = 600  # logical y of the podium's floor
PODIUM_STEPS = ((370, 200), (170, 150), (570, 110))  # centre x and height of the 1st, 2nd and 3rd step
PODIUM_WIDTH = 190
CHART = Box(720, 232, 1140, 398)  # the running totals, round by round (eight names fit at 150 %)
SHEET_TOP, SHEET_BOTTOM = 662, 930
# five buttons across the foot (four for a game hosted elsewhere: no Play again, its place kept)
BUTTONS_ROOM, BUTTON_GAP = 1872, 20
STEP_COLOUR = (30, 52, 70)
STEP_TOP = (52, 84, 110)  # a lighter top edge: the light falls from above
HALO = Box(360, 55, 1200, 160)  # logical px: the soft gold light behind the winner's line
_halos: dict[tuple[int, int], pygame.Surface] = table_pictures({})


def halo(size: tuple[int, int]) -> pygame.Surface:
    """A soft gold ellipse of light, brightest in the middle (made once per size: a coarse
    gradient smoothly scaled up)."""
    if size not in _halos:
        _halos.clear()
        coarse = pygame.Surface((40, 16), pygame.SRCALPHA)
        for y in range(16):
            for x in range(40):
                d = math.hypot((x + 0.5) / 20 - 1, (y + 0.5) / 8 - 1)
                coarse.set_at((x, y), (*ACCENT, round(70 * max(0.0, 1 - d) ** 2)))
        _halos[size] = pygame.transform.smoothscale(coarse, size)
    return _halos[size]


def podium(state: GameState | ScoreView) -> list[tuple[int, int]]:
    """The first three seats as (seat, place): the winners first (place 1, even when a tiebreak
    round decided among equal totals), then the others by total; a place is shared by equal totals."""
    winners = list(state.winners or [])
    others = sorted((seat for seat in range(state.players) if seat not in winners), key=lambda s: (state.totals[s], s))
    order = winners + others

    def place(seat: int) -> int:
        if seat in winners:
            return 1
        return 1 + sum(1 for other in order if other in winners or state.totals[other] < state.totals[seat])

    return [(seat, place(seat)) for seat in order[:3]]


class Confetti:
    """Pieces falling from above the screen, each swaying and turning: positions are worked out
    from the time since the start (clock-free: `update(dt)` only adds up time)."""

    def __init__(self, seed: int = CONFETTI_SEED) -> None:
        rng = random.Random(seed)
        self.pieces = [(rng.uniform(0, 1920), rng.uniform(-420, -20), rng.uniform(430, 650), rng.uniform(20, 70),
                        rng.uniform(0, math.tau), rng.uniform(3, 7), rng.choice(CONFETTI_COLOURS), rng.uniform(10, 18))
                       for _ in range(CONFETTI)]
        self.elapsed = 0.0

    @property
    def falling(self) -> bool:
        return self.elapsed < CELEBRATION_SECONDS

    def update(self, dt: float) -> None:
        self.elapsed = min(CELEBRATION_SECONDS, self.elapsed + dt)

    def draw(self, surface: pygame.Surface, scene: AppScene) -> None:
        if not self.falling:
            return
        t, vp = self.elapsed, scene.viewport
        for x0, y0, fall, sway, phase, spin, colour, size in self.pieces:
            y = y0 + fall * t
            if y < -size or y > 1080 + size:
                continue
            x = x0 + sway * math.sin(phase + 2.2 * t)
            turn = phase + spin * t
            half_w, half_h = size / 2, size * abs(math.cos(turn)) / 4 + 1  # a strip of paper turning over
            corners = [(x + dx * math.cos(turn) - dy * math.sin(turn), y + dx * math.sin(turn) + dy * math.cos(turn))
                       for dx, dy in ((-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h))]
            pygame.draw.polygon(surface, colour, [(vp.offset_x + cx * vp.scale, vp.offset_y + cy * vp.scale)
                                                 for cx, cy in corners])


def addressee(config: MatchConfig) -> int | None:
    """The seat the screens speak to as "you": the only human, if exactly one plays."""
    humans = config.human_seats
    return humans[0] if len(humans) == 1 else None


class GameOverScene(AppScene):
    name = "gameover"
    scales_text = False
    # it opens by itself (a hosted game ends on the host's word): a click begun before is not for it
    own_clicks_only = True

    def __init__(self, app: AppContext, config: MatchConfig, state: GameState | None = None,
                 scores: ScoreView | None = None, viewer: int | None = None) -> None:
        """`state`: a game played here; `scores`: only the public scores of a game hosted on
        another computer, whose player here has seat `viewer`."""
        super().__init__(app)
        self.config = config
        self.state = state  # None: the game was hosted elsewhere (no record here)
        if scores is None:
            if state is None:
                raise ValueError("the game over screen needs the game or its scores")
            scores = score_view(state)
        self.scores = scores
        self.addressee = addressee(config) if state is not None else viewer
        self.names = [seat.name for seat in config.seats]
        self.exported: tuple[bool, str] | None = None
        self.exporting: Background[tuple[bool, str]] | None = None  # the game log being written, off the frame loop
        self.finished: FinishedGame | None = None  # the game to review (set on entering: its record is kept then)
        self.keeping: Background[bool] | None = None  # last-game.json being written, off the frame loop
        self.confetti = Confetti()

    def enter(self) -> None:
        store = self.app.store
        if store is not None and self.state is not None:
            state = self.state
            steps = (("record game", lambda: store.stats.record_game(self.config, state)),
                     ("delete game", store.saves.delete))
            for what, step in steps:
                try:
                    step()
                except Exception as error:  # noqa: BLE001 - shown on the menu, never a crash
                    self.app.notices.append(_("Could not {what}: {error}").format(what=what, error=error))
        self.finished = self._finished()
        if self.finished is not None and store is not None:
            # kept to be reviewed from the statistics (a refusal costs only that), written in a
            # thread: no frame waits for a write of up to 2 MiB
            self.keeping = Background(partial(keep_last_game, store.data_dir, self.finished))
        recorded = self.finished is not None
        foot = ((_("Watch the last round"), self.watch_last_round, "watch", recorded),
                (_("Review the game"), self.review, "review", recorded and bool(self.config.human_seats)),
                (_("Play again"), self.play_again, "again", self.state is not None),
                (_("Main menu"), self.menu, "menu", True),
                (_("Export game log"), self.export_log, "export", recorded))
        left = (1920 - BUTTONS_ROOM) / 2
        widths = self.button_widths([row[0] for row in foot])
        for (label, action, name, enabled), width in zip(foot, widths, strict=True):
            if name != "again" or self.state is not None:  # (a game hosted elsewhere is played again from its host)
                self.button(left, 960, width, 90, label, action, name, BUTTON_SIZE, enabled=enabled)
            left += width + BUTTON_GAP
        self.buttons.focus = next(n for n, b in enumerate(self.buttons.buttons) if b.name in ("again", "menu"))
        if self.app.reduced_motion or not self.app.speed or not self.a_person_won():
            self.confetti.update(CELEBRATION_SECONDS)  # no confetti: the still screen at once

    def a_person_won(self) -> bool:
        """Whether a person (here or on another computer) is among the winners: the confetti
        celebrates the people, never a computer's win over them (issue 48)."""
        seats = self.config.seats
        return any(seats[seat].is_human or seats[seat].is_remote for seat in self.scores.winners or ())

    def button_widths(self, labels: list[str]) -> list[float]:
        """The foot buttons' widths (logical px): equal while every label fits at its full size;
        else each as wide as its label needs, the room left shared out, and when even that is too
        little, room in proportion to each label, so that all are made smaller alike (a long
        translation, "Revoir la manche passée", was drawn smaller than the rest of its row)."""
        font = self.app.text.font(round(BUTTON_SIZE * self.app.ui_scale), True)
        needs = [font.size(label)[0] + 2 * BUTTON_PAD + 8 for label in labels]  # (8: the rounding of sizes)
        room = BUTTONS_ROOM - (len(labels) - 1) * BUTTON_GAP
        if max(needs) <= room / len(labels):
            return [room / len(labels)] * len(labels)
        spare = room - sum(needs)
        if spare >= 0:
            return [need + spare / len(needs) for need in needs]
        return [need * room / sum(needs) for need in needs]

    def update(self, dt: float) -> None:
        self.confetti.update(dt)
        exporting = self.exporting
        if exporting is not None and exporting.done:
            self.exporting = None
            self.exported = exporting.result or (False, exporting.problem or "")

    def wants_frames(self) -> bool:
        """Frames while the confetti falls; then the screen is still and the app may sleep."""
        return self.confetti.falling

    def _finished(self) -> FinishedGame | None:
        """This game as a finished game to review (None: hosted elsewhere, or no record)."""
        if self.state is None or self.state.log is None:
            return None
        looks = self.config.identities()
        return FinishedGame(record=self.state.record(), names=self.names, humans=list(self.config.human_seats),
                            when=time.time(), colours=[look.colour for look in looks],
                            avatars=[look.avatar for look in looks])

    def review(self) -> None:
        """How did I play? Expert's review of the game, for its (first) human seat."""
        if self.finished is not None:
            self.stack.push(REVIEW, game=self.finished)

    def watch_last_round(self) -> None:
        if self.state is None:
            return
        self.stack.push(REPLAY, state=self.state, names=self.names, viewer=self.addressee,
                        identities=self.config.identities())

    def export_log(self) -> None:
        """Write the game log in a thread (a file written and synced to disk: no frame waits for it)."""
        if self.state is None or self.exporting is not None:
            return
        self.exported = None
        self.exporting = Background(partial(export_for_player, self.app.store, self.state))

    def play_again(self) -> None:
        hosted = any(seat.is_remote for seat in self.config.seats)  # the players on other computers join again
        if hosted:
            self.stack.replace(LOBBY, config=self.config, state=self.config.new_game())
        else:
            self.stack.replace(PLAY, config=self.config, state=self.config.new_game())

    def menu(self) -> None:
        self.stack.reset(MENU)

    def exit(self) -> None:
        forget_table_pictures()  # the game's table went before this screen: their pictures go now

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.menu()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        paint_backdrop(surface)
        light = self.viewport.rect(HALO)
        surface.blit(halo(light.size), light)
        self.text(surface, _("Game over"), HEADING_SIZE, 960, 45, color=DIM)
        self.text(surface, winners_line(self.scores, self.names, self.addressee), DISPLAY_SIZE, 960, 135,
                  color=ACCENT, bold=True)
        tiebreaks = len(self.scores.tiebreak_rounds)
        if tiebreaks:
            decided = ngettext("decided by {count} tiebreak round", "decided by {count} tiebreak rounds", tiebreaks)
            self.text(surface, decided.format(count=tiebreaks), CAPTION_SIZE, 960, 207, color=DIM)
        self._draw_podium(surface)
        draw_score_chart(surface, self.app.text, self.viewport, self.scores, self.names, CHART, self.app.ui_scale,
                         self.config.identities())
        draw_score_sheet(self, surface, self.scores, self.names, SHEET_TOP, SHEET_BOTTOM,
                         tuple(self.scores.winners or ()))
        self.buttons.draw(surface, self.viewport)
        if self.exporting is not None:
            self.text(surface, _("Saving the game log…"), CAPTION_SIZE, 960, 1060, color=DIM)
        elif self.exported:
            self.text(surface, export_line(self.exported), CAPTION_SIZE, 960, 1060, color=INK)
        self.confetti.draw(surface, self)

    def _draw_podium(self, surface: pygame.Surface) -> None:
        """Steps for the first three, the winner's the highest: the place on the step, the name
        and total above it."""
        places = podium(self.scores)
        shift = (PODIUM_STEPS[0][0] - PODIUM_STEPS[1][0]) / 2 if len(places) == 2 else 0  # two steps: centred
        for (seat, place), (x, height) in zip(places, ((x + shift, h) for x, h in PODIUM_STEPS), strict=False):
            step = Box(x - PODIUM_WIDTH / 2, PODIUM_BASE - height, PODIUM_WIDTH, height)
            rect = self.viewport.rect(step)
            draw_panel(surface, rect, STEP_COLOUR, max(3, round(10 * self.viewport.scale)))
            edge = max(2, round(6 * self.viewport.scale))
            winner = place == 1
            pygame.draw.rect(surface, ACCENT if winner else STEP_TOP, (rect.x, rect.y, rect.w, edge),
                             border_top_left_radius=max(3, round(10 * self.viewport.scale)),
                             border_top_right_radius=max(3, round(10 * self.viewport.scale)))
            self.text(surface, str(place), TITLE_SIZE, x, step.y + height / 2 + 4, color=ACCENT if winner else INK,
                      bold=True, max_width=PODIUM_WIDTH - 20)
            self.text(surface, points_words(self.scores.totals[seat]), CAPTION_SIZE, x, step.y - 24,
                      color=ACCENT if winner else DIM, max_width=PODIUM_WIDTH)
            name = self.text(surface, self.names[seat], BODY_SIZE, x + 22, step.y - 62, color=ACCENT if winner else INK,
                             bold=True, max_width=PODIUM_WIDTH - 44)
            self.avatar_before(surface, self.config.identity(seat), name)


def export_line(result: tuple[bool, str] | None) -> str:
    """What the screen says after an export."""
    if result is None:
        return ""
    ok, text = result
    if ok:
        # the file's name, not the whole path (About on the menu shows and opens the data folder)
        return _("Game log saved as {file} in the exports folder (About on the menu opens it)").format(
            file=PurePath(text).name)
    return _("The game log could not be saved: {error}").format(error=text)
