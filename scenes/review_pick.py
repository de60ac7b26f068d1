"""Which game Expert should review (issue 33), opened from the statistics screen: the last game
finished on this computer and the newest exported game logs, one button each. Choosing one
opens the review; a log that cannot be reviewed (damaged, not a game) says why in one line.

Every file is read and checked when the screen opens (game/store: bounded, played through the
rules), so what is offered is what can be reviewed, and nothing read here can crash the app.
The reading runs off the frame loop (scenes/background.py: a file at its cap may take long),
the screen saying "Reading the games…" meanwhile.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial

import pygame

from game.i18n import N_, _, ngettext
from game.store import Store
from game.store.export import ExportedGame, ExportProblem, check_game, exported_games, exports_dir
from game.store.last_game import last_game
from game.ui.widgets import BODY_SIZE, BUTTON_SIZE, CAPTION_SIZE, DIM, INK, TITLE_SIZE
from game.ui.wording import EDITION_WORDS
from game.wire.finished import FinishedGame
from scenes.background import Background, settle
from scenes.base import AppScene
from scenes.context import AppContext
from scenes.names import REVIEW

MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
          N_("Oct"), N_("Nov"), N_("Dec"))
MAX_NAMES = 4  # more names than this end in "…": a choice stays one line
ROW_TOP, ROW_STEP, ROW_W, ROW_H = 230, 92, 1400, 76  # logical px: the choices, one under another


@dataclass(frozen=True)
class Choice:
    """One game offered: its button's words, and the game (None: why it cannot be reviewed)."""

    label: str
    game: FinishedGame | None
    problem: str = ""


def date_words(when: float, now: float | None = None) -> str:
    """ "6 Dec, 14:02" in local time (the year too when it is not this year's); "" unknown."""
    if when <= 0:
        return ""
    moment, today = time.localtime(when), time.localtime(now)
    day = _("{day} {month}").format(day=moment.tm_mday, month=_(MONTHS[moment.tm_mon - 1]))
    if moment.tm_year != today.tm_year:
        day = _("{day} {year}").format(day=day, year=moment.tm_year)
    return _("{day}, {hour}:{minute}").format(day=day, hour=moment.tm_hour, minute=f"{moment.tm_min:02d}")


def edition_words(game: FinishedGame) -> str:
    edition = str(game.record.get("edition", ""))
    return _(EDITION_WORDS[edition].short) if edition in EDITION_WORDS else edition[:20]


def last_game_words(game: FinishedGame) -> str:
    """ "Last game — 6 Dec, 14:02 — Voyage — Ann, Bob, Sasha"."""
    names = [name for name in game.names if name]
    shown = ", ".join(names[:MAX_NAMES]) + ("…" if len(names) > MAX_NAMES else "")
    parts = [_("Last game"), date_words(game.when), edition_words(game), shown or players_words(game)]
    return " \u2014 ".join(part for part in parts if part)


def players_words(game: FinishedGame) -> str:
    count = len(game.seats())
    return ngettext("{count} player", "{count} players", count).format(count=count)


def export_words(log: ExportedGame) -> str:
    """ "Game log — 6 Dec, 14:02 — Classic, 5 players", or "... — cannot be reviewed"."""
    when = date_words(log.when) or log.path.name[:40]
    if log.game is None:
        return " \u2014 ".join((_("Game log"), when, _("cannot be reviewed")))
    return " \u2014 ".join((_("Game log"), when, _("{edition}, {players}").format(
        edition=edition_words(log.game), players=players_words(log.game))))


@dataclass(frozen=True)
class Games:
    """The games found, read and checked (off the frame loop): the last one finished here (or
    why it cannot be reviewed) and the exported logs, newest first. Nothing worded yet."""

    last: FinishedGame | None
    last_problem: str | None  # the last game exists but cannot be reviewed: why
    logs: list[ExportedGame]


def read_games(store: Store) -> Games:
    """Every game to offer, each file read and checked once; never raises for a bad file."""
    last, problem = last_game(store.data_dir), None
    if last is not None:
        try:
            check_game(last)
        except ExportProblem as error:
            last, problem = None, str(error)
    return Games(last, problem, exported_games(exports_dir(store)))


def worded(games: Games) -> list[Choice]:
    """The choices, worded now: the last game, then the exported logs newest first."""
    offered = []
    if games.last is not None:
        offered.append(Choice(last_game_words(games.last), games.last))
    elif games.last_problem is not None:
        offered.append(Choice(_("Last game \u2014 cannot be reviewed"), None, games.last_problem))
    return offered + [Choice(export_words(log), log.game, log.problem) for log in games.logs]


class ReviewPickScene(AppScene):
    name = "review_pick"
    escape_closes = True

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.choices: list[Choice] = []
        self.message = ""
        self.reading: Background[Games] | None = None  # the games being read: the screen draws meanwhile

    def enter(self) -> None:
        self.reading = None if self.app.store is None else Background(partial(read_games, self.app.store))
        self.build()

    def update(self, dt: float) -> None:
        reading, self.reading = settle(self.reading)
        if reading is None:
            return
        if reading.result is None:  # (read_games never raises: a last guard)
            self.message = _("This game log cannot be reviewed: {reason}").format(reason=reading.problem)
        self.choices = [] if reading.result is None else worded(reading.result)
        self.build()

    def build(self) -> None:
        self.buttons.clear()
        for number, choice in enumerate(self.choices):
            self.button(960 - ROW_W / 2, ROW_TOP + number * ROW_STEP, ROW_W, ROW_H, choice.label,
                        partial(self.choose, choice), f"game{number}")
        self.button(770, 960, 380, 86, _("Back"), self.close, "back", BUTTON_SIZE)
        self.buttons.focus_first()

    def choose(self, choice: Choice) -> None:
        if choice.game is None:
            self.message = _("This game log cannot be reviewed: {reason}").format(reason=choice.problem)
            return
        self.message = ""
        self.stack.push(REVIEW, choice.game)


    def draw(self, surface: pygame.Surface) -> None:
        self.begin_page(surface, _("Review a game"), TITLE_SIZE, 110)
        if self.reading is not None:
            self.text(surface, _("Reading the games…"), BODY_SIZE, 960, 480, color=DIM)
        elif not self.choices:
            self.text(surface, _("No finished game to review yet: finish a game, or export one from the game-over "
                                 "screen."), BODY_SIZE, 960, 480, color=DIM)
        else:
            self.text(surface, _("Expert replays the game and tells you where you lost points."), CAPTION_SIZE,
                      960, 180, color=DIM)
        if self.message:
            self.text(surface, self.message, CAPTION_SIZE, 960, 910, color=INK)
        self.buttons.draw(surface, self.viewport)
