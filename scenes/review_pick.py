"""Which game Expert should review (issue 33), opened from the statistics screen: the last game
finished on this computer and the newest exported game logs, one button each. Choosing one
opens the review; a log that cannot be reviewed (damaged, not a game) says why in one line.

The list reads what it shows and no more (issue 46 item 4): the last game (a small document,
2 MiB at most) and the head of each log (its edition and player count: at most
`LISTING_BYTES` of a file that may hold 16 MiB). A log whose head already shows it is no game
says so on its button; the game chosen is read whole and played through the rules then, the
screen saying "Reading the game…" meanwhile, and opens only if the rules can play it. Both
reads run off the frame loop (scenes/background.py), each kind in its own `Lane`: a visit
takes over the read of the visit before if it is still under way, and leaving cancels.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame

from game.i18n import N_, _, ngettext
from game.store import Store
from game.store.export import ExportedGame, check_game, exported_games, exports_dir, read_export
from game.store.last_game import last_game
from game.ui.widgets import BODY_SIZE, BUTTON_SIZE, CAPTION_SIZE, DIM, INK, TITLE_SIZE
from game.ui.wording import EDITION_WORDS
from game.wire.finished import FinishedGame
from scenes.background import Background, Lane, settle
from scenes.base import AppScene
from scenes.context import AppContext
from scenes.names import REVIEW

MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
          N_("Oct"), N_("Nov"), N_("Dec"))
MAX_NAMES = 4  # more names than this end in "…": a choice stays one line
ROW_TOP, ROW_STEP, ROW_W, ROW_H = 230, 92, 1400, 76  # logical px: the choices, one under another


@dataclass(frozen=True)
class Choice:
    """One game offered: its button's words, how to read the game whole and check it when it is
    chosen (None: it cannot be reviewed, `problem` says why), and which game it is."""

    label: str
    load: Callable[[], FinishedGame] | None
    key: str = ""
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


def edition_words(edition: str) -> str:
    return _(EDITION_WORDS[edition].short) if edition in EDITION_WORDS else edition[:20]


def last_game_words(game: FinishedGame) -> str:
    """ "Last game — 6 Dec, 14:02 — Voyage — Ann, Bob, Sasha"."""
    names = [name for name in game.names if name]
    shown = ", ".join(names[:MAX_NAMES]) + ("…" if len(names) > MAX_NAMES else "")
    parts = [_("Last game"), date_words(game.when), edition_words(str(game.record.get("edition", ""))),
             shown or players_words(len(game.seats()))]
    return " \u2014 ".join(part for part in parts if part)


def players_words(count: int) -> str:
    return ngettext("{count} player", "{count} players", count).format(count=count)


def export_words(log: ExportedGame) -> str:
    """ "Game log — 6 Dec, 14:02 — Classic, 5 players", or "... — cannot be reviewed" (what its
    head says: a log whose head names neither is "Game log — 6 Dec, 14:02")."""
    when = date_words(log.when) or log.path.name[:40]
    if log.problem:
        return " \u2014 ".join((_("Game log"), when, _("cannot be reviewed")))
    if log.edition and log.players:
        return " \u2014 ".join((_("Game log"), when, _("{edition}, {players}").format(
            edition=edition_words(log.edition), players=players_words(log.players))))
    known = edition_words(log.edition) if log.edition else players_words(log.players) if log.players else ""
    return " \u2014 ".join(part for part in (_("Game log"), when, known) if part)


@dataclass(frozen=True)
class Games:
    """The games found (off the frame loop): the last one finished here (read, not yet played
    through the rules) and the exported logs newest first, each known by its head. Nothing
    worded yet."""

    last: FinishedGame | None
    logs: list[ExportedGame]


def read_games(store: Store) -> Games:
    """Every game to offer, as the list shows it: bounded reads, never raises for a bad file."""
    return Games(last_game(store.data_dir), exported_games(exports_dir(store)))


def checked(game: FinishedGame) -> FinishedGame:
    """`game` once the rules have played it through (ExportProblem, one line, if they cannot)."""
    check_game(game)
    return game


def worded(games: Games) -> list[Choice]:
    """The choices, worded now: the last game, then the exported logs newest first."""
    offered = []
    if games.last is not None:
        offered.append(Choice(last_game_words(games.last), partial(checked, games.last), "last game"))
    return offered + [Choice(export_words(log), None if log.problem else partial(read_export, log.path),
                             str(log.path), log.problem) for log in games.logs]


# One read of each kind at a time, whatever the player does (scenes/background.py)
LISTING = Lane("the games to review")
OPENING = Lane("the game to review")


class ReviewPickScene(AppScene):
    name = "review_pick"
    escape_closes = True

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.choices: list[Choice] = []
        self.message = ""
        self.reading: Background[Games] | None = None  # the games being listed: the screen draws meanwhile
        self.opening: Background[FinishedGame] | None = None  # the game chosen, read whole and checked

    def enter(self) -> None:
        store = self.app.store
        self.reading = None if store is None else LISTING.read(partial(read_games, store), key=str(store.data_dir))
        self.build()

    def exit(self) -> None:
        for reading in (self.reading, self.opening):
            if reading is not None:
                reading.cancel()  # (nobody takes it: never begun, or its result let go of)
        self.reading = self.opening = None

    def update(self, dt: float) -> None:
        reading, self.reading = settle(self.reading)
        if reading is not None:
            if reading.result is None:  # (read_games never raises: a last guard)
                self.message = _("This game log cannot be reviewed: {reason}").format(reason=reading.problem)
            self.choices = [] if reading.result is None else worded(reading.result)
            self.build()
        opened, self.opening = settle(self.opening)
        if opened is not None:
            self.opened(opened)

    def opened(self, opening: Background[FinishedGame]) -> None:
        """The game chosen, read and checked: its review, or why it cannot be reviewed."""
        if opening.result is None:
            self.message = _("This game log cannot be reviewed: {reason}").format(reason=opening.problem)
            return
        self.message = ""
        self.stack.push(REVIEW, opening.result)

    def build(self) -> None:
        self.buttons.clear()
        for number, choice in enumerate(self.choices):
            self.button(960 - ROW_W / 2, ROW_TOP + number * ROW_STEP, ROW_W, ROW_H, choice.label,
                        partial(self.choose, choice), f"game{number}")
        self.button(770, 960, 380, 86, _("Back"), self.close, "back", BUTTON_SIZE)
        self.buttons.focus_first()

    def choose(self, choice: Choice) -> None:
        if choice.load is None:
            self.message = _("This game log cannot be reviewed: {reason}").format(reason=choice.problem)
            return
        if self.opening is not None:
            self.opening.cancel()  # (another game chosen meanwhile: the last choice wins)
        self.message = ""
        self.opening = OPENING.read(choice.load, key=choice.key)

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
        if self.opening is not None:
            self.text(surface, _("Reading the game…"), CAPTION_SIZE, 960, 910, color=DIM)
        elif self.message:
            self.text(surface, self.message, CAPTION_SIZE, 960, 910, color=INK)
        self.buttons.draw(surface, self.viewport)
