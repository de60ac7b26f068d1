"""Statistics per player name (game.store): games and wins, by edition and opponent level,
rounds, best and average round score, columns removed, times doubled, and the trend of Expert's
reviews of their games (points lost per decision, game by game). Reset asks first; "Review a
game" chooses a finished game for Expert to review."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from game.adapt import about_level
from game.i18n import N_, _
from game.match import HUMAN, LEVEL_WORDS
from game.store.reviews import ReviewShelf
from game.store.stats import CUSTOM_LEVEL, PlayerStats
from game.ui.layout import Box
from game.ui.trend_chart import average_words, draw_trend, per_decision_words, shown_games
from game.ui.widgets import BODY_SIZE, BUTTON_SIZE, CAPTION_SIZE, DIM, INK, SMALL_SIZE, TITLE_SIZE, draw_panel
from game.ui.wording import EDITION_WORDS, decimal
from scenes.background import Background
from scenes.base import AppScene
from scenes.context import AppContext
from scenes.names import REVIEW_PICK

MAX_ROWS = 7  # the players with the most games; the table stays readable at any window size
# Logical px. The figures' columns sit close together so that the trend has room at the right.
TABLE = Box(80, 200, 1760, 0)  # (its height follows the rows)
NAME_X, NAME_W = 110, 300  # the player's name (16 characters at most: made smaller to fit)
COLUMNS = (  # (title, logical x of the column's centre)
    (N_("Games"), 500), (N_("Won"), 620), (N_("Rounds"), 740), (N_("Best"), 850), (N_("Average"), 960),
    (N_("Columns"), 1070), (N_("Doubled"), 1180),
)
COLUMN_W = 106  # a column's title is made smaller to fit this
TREND_X, TREND_W, TREND_H = 1250, 150, 56  # the trend's chart in a row
TREND_WORDS_X, TREND_WORDS_W = 1420, 390  # its figures, right of the chart
ROW_HEAD, ROW_STEP = 60, 92  # the titles' band, then one row per player (a line of figures, one of detail)

# An opponent in the statistics: a computer level, people (hot-seat or another computer), or a
# program speaking the bot protocol ("custom"): each worded where shown, never the key itself.
OPPONENT_WORDS = {**LEVEL_WORDS, HUMAN: N_("people"), CUSTOM_LEVEL: N_("other programs")}


@dataclass(frozen=True)
class Figures:
    """What one visit shows, as read off the frame loop: the players with the most games, and
    each one's trend (points lost per decision, each reviewed game, oldest first)."""

    players: list[tuple[str, PlayerStats]] = field(default_factory=list)
    trends: dict[str, list[float]] = field(default_factory=dict)
    levels: dict[str, str] = field(default_factory=dict)  # the named level the adaptive computer plays each at
    problem: str = ""  # why the statistics could not be read (worded where shown)


def read_figures(store: Any) -> Figures:
    """The statistics and the review shelf, each read once (in a thread: either file may be
    large); never raises for a bad file."""
    try:
        stats = store.load_stats()
    except Exception as error:  # noqa: BLE001 - the screen must open even if the store misbehaves
        return Figures(problem=str(error))
    players = sorted(stats.players.items(), key=lambda item: (-item[1].games, item[0].lower()))[:MAX_ROWS]
    shelf = ReviewShelf(store.data_dir)  # (a damaged shelf reads as no review: never raises)
    trends = shelf.trends([name for name, _entry in players])
    strengths = store.profiles.strengths([name for name, _entry in players], trends)  # (the shelf read once)
    levels = {name: about_level(strength) for name, strength in strengths.items()}
    return Figures(players, {name: shown_games([point.per_decision for point in points])
                             for name, points in trends.items()}, levels)


class StatisticsScene(AppScene):
    name = "statistics"
    scales_text = False

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.confirming = False
        self.message = ""
        self.players: list[tuple[str, PlayerStats]] = []
        self.trends: dict[str, list[float]] = {}  # points lost per decision, each reviewed game, oldest first
        self.reading: Background[Figures] | None = None  # the figures being read: the screen draws meanwhile
        self.levels: dict[str, str] = {}  # the named level the adaptive computer plays each player at

    def enter(self) -> None:
        self.reload()

    def reload(self) -> None:
        """Read the figures again, off the frame loop; `update` shows them once read."""
        store = self.app.store
        if store is None:
            self.players = []
        else:
            self.reading = Background(partial(read_figures, store))
        self.build()

    def update(self, dt: float) -> None:
        reading = self.reading
        if reading is None or not reading.done:
            return
        self.reading = None
        figures = reading.result or Figures(problem=reading.problem or "")
        self.players, self.trends, self.levels = figures.players, figures.trends, figures.levels
        if figures.problem:
            self.message = _("Statistics could not be read: {error}").format(error=figures.problem)
        if self.app.store is not None:
            self.app.notices.extend(self.app.store.take_notices())
        focus = self.buttons.focus
        self.build()
        self.buttons.focus = focus  # (where the player is: the figures came in while they looked)

    def build(self) -> None:
        self.buttons.clear()
        self.button(330, 960, 380, 86, _("Back"), self.close, "back", BUTTON_SIZE)
        self.button(770, 960, 380, 86, _("Review a game"), self.review, "review", BUTTON_SIZE,
                    enabled=self.app.store is not None)
        label = _("Yes, erase them all") if self.confirming else _("Reset statistics")
        self.button(1210, 960, 380, 86, label, self.reset, "reset", BUTTON_SIZE, enabled=bool(self.players) or self.confirming)
        self.buttons.focus = 2 if self.confirming else 0

    def review(self) -> None:
        if self.confirming:  # leaving for a review cancels a reset asked for
            self.confirming, self.message = False, ""
            self.build()
            self.buttons.focus = 1  # ("Review a game": where the player comes back to)
        self.stack.push(REVIEW_PICK)

    def resume(self) -> None:
        focus = self.buttons.focus
        self.reload()  # back from a review: the trend may have a new game
        self.buttons.focus = focus  # (on "Review a game", where the player left it)

    def reset(self) -> None:
        if not self.confirming:
            self.confirming = True  # a second press confirms: figures are never erased by one slip
            self.message = _("Every player's statistics will be erased. Press again to confirm.")
            self.build()
            return
        self.confirming = False
        if self.app.store is None:
            return
        try:
            self.app.store.reset_stats()
            self.message = _("Statistics were reset.")
        except Exception as error:  # noqa: BLE001 - reported, never a crash
            self.message = _("Statistics could not be reset: {error}").format(error=error)
        self.reload()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.confirming:
                self.confirming, self.message = False, ""
                self.build()
            else:
                self.close()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.begin_page(surface, _("Statistics"), TITLE_SIZE, 110)
        if self.app.store is None:
            self.text(surface, _("Statistics are not available."), BODY_SIZE, 960, 480, color=DIM)
        elif not self.players and self.reading is not None:
            self.text(surface, _("Reading the statistics…"), BODY_SIZE, 960, 480, color=DIM)
        elif not self.players:
            self.text(surface, _("No game recorded yet: finish a game to see figures here."), BODY_SIZE, 960, 480, color=DIM)
        else:
            self._draw_table(surface)
        if self.message:
            self.text(surface, self.message, CAPTION_SIZE, 960, 932, color=INK)
        self.buttons.draw(surface, self.viewport)

    def _draw_table(self, surface: pygame.Surface) -> None:
        top = TABLE.y
        self.text(surface, _("Trend: points lost per decision in Expert's reviews (lower is better)"), SMALL_SIZE,
                  960, top - 28, color=DIM)
        draw_panel(surface, self.viewport.rect(Box(TABLE.x, top, TABLE.w, ROW_HEAD + ROW_STEP * len(self.players))))
        self.text(surface, _("Player"), CAPTION_SIZE, NAME_X, top + 30, color=DIM, anchor="midleft", max_width=NAME_W)
        for title, x in COLUMNS:
            self.text(surface, _(title), CAPTION_SIZE, x, top + 30, color=DIM, max_width=COLUMN_W)
        self.text(surface, _("Trend"), CAPTION_SIZE, TREND_X, top + 30, color=DIM, anchor="midleft",
                  max_width=TREND_WORDS_X + TREND_WORDS_W - TREND_X)
        for number, (name, entry) in enumerate(self.players):
            y = top + ROW_HEAD + number * ROW_STEP + 28
            self.text(surface, name, BODY_SIZE, NAME_X, y, color=INK, bold=True, anchor="midleft", max_width=NAME_W)
            for (_title, x), value in zip(COLUMNS, row_figures(entry)):
                self.text(surface, value, BODY_SIZE, x, y, color=INK, max_width=COLUMN_W + 10)
            self.text(surface, detail(entry, self.levels.get(name)), SMALL_SIZE, NAME_X, y + 38, color=DIM, anchor="midleft",
                      max_width=TREND_X - 20 - NAME_X)
            self._draw_trend(surface, self.trends.get(name, []), y)

    def _draw_trend(self, surface: pygame.Surface, values: list[float], y: float) -> None:
        """One player's trend: the chart, the latest game's figure and the average of the games shown."""
        if not values:
            self.text(surface, _("not reviewed yet"), CAPTION_SIZE, TREND_X, y, color=DIM, anchor="midleft",
                      max_width=TREND_WORDS_X + TREND_WORDS_W - TREND_X)
            return
        draw_trend(surface, self.viewport, values, Box(TREND_X + 8, y - 22, TREND_W - 16, TREND_H))
        self.text(surface, _("last game: {figure}").format(figure=per_decision_words(values[-1])), CAPTION_SIZE,
                  TREND_WORDS_X, y, color=INK, anchor="midleft", max_width=TREND_WORDS_W)
        self.text(surface, average_words(values), SMALL_SIZE, TREND_WORDS_X, y + 38, color=DIM, anchor="midleft",
                  max_width=TREND_WORDS_W)


def row_figures(entry: PlayerStats) -> list[str]:
    """The table's cells for one player, in COLUMNS order."""
    average, rate = entry.average_round, entry.win_rate
    won = f"{entry.wins} ({round(100 * rate)}%)" if rate is not None else "0"  # (None: no game played)
    return [
        str(entry.games),
        won,
        str(entry.rounds),
        "-" if entry.best_round is None else str(entry.best_round),
        "-" if average is None else decimal(average),  # (the language's decimal mark)
        str(entry.columns_removed),
        str(entry.doubled),
    ]


def detail(entry: PlayerStats, level: str | None) -> str:
    """A row's second line: the level the adaptive computer plays the player at, then the breakdown."""
    if level is None:
        return breakdown(entry)
    about = _("Computer plays at your level: about {level}").format(level=_(LEVEL_WORDS[level]))
    return "   ".join(part for part in (about, breakdown(entry)) if part)


def breakdown(entry: PlayerStats) -> str:
    """Games won / played by edition and by opponent level, on one line."""
    parts = [f"{_(EDITION_WORDS[edition].short) if edition in EDITION_WORDS else edition} {t.wins}/{t.games}" for edition, t in sorted(entry.by_edition.items())]
    parts += [_("vs {level} {won}/{played}").format(level=_(OPPONENT_WORDS.get(level, level)), won=t.wins, played=t.games) for level, t in sorted(entry.by_level.items())]
    return _("won/played:") + " " + " · ".join(parts) if parts else ""
