"""Statistics per player name (game.store), a card each (game/ui/stat_cards.py): games and
wins, by edition and opponent level, rounds, best and average round score, columns removed,
times doubled, and the trend of Expert's reviews of their games (points lost per decision,
game by game, as a chart). The cards fill the page; more players than it holds at the text
size turn pages. Reset asks first; "Review a game" chooses a finished game for Expert to review."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

import pygame

from game.adapt import BEGINNER, about_level
from game.i18n import N_, _, ngettext
from game.match import ADAPTIVE, HUMAN, LEVEL_WORDS, Identity
from game.store import Store
from game.store.reviews import ReviewShelf
from game.store.stats import CUSTOM_LEVEL, PlayerStats
from game.ui.layout import Box
from game.ui.stat_cards import (
    SEPARATOR,
    CardParts,
    CardWords,
    card_boxes,
    draw_card,
    lay_out_card,
    page_ranges,
    per_page,
)
from game.ui.trend_chart import average_words, per_decision_words, shown_games
from game.ui.widgets import (
    BODY_SIZE,
    BUTTON_PAD,
    BUTTON_SIZE,
    CAPTION_SIZE,
    DIM,
    INK,
    LOGICAL_W,
    SMALL_SIZE,
    TITLE_SIZE,
    font_px,
)
from game.ui.wording import EDITION_WORDS, card_words, decimal
from scenes.background import Background, Lane, settle
from scenes.base import AppScene
from scenes.context import AppContext
from scenes.names import REVIEW_PICK

TITLE_Y = 62
LINE_Y = 128  # the line under the title: what the trend means, or a message (a reset to confirm)
AREA = Box(60, 150, 1800, 796)  # the cards' page (logical px): between that line and the buttons
BUTTON_Y, BUTTON_H = 960, 84
PAGE_KEYS = {pygame.K_PAGEDOWN: 1, pygame.K_PAGEUP: -1}

# An opponent in the statistics: a computer level, people (hot-seat or another computer), or a
# program speaking the bot protocol ("custom"): each worded where shown, never the key itself.
# The adaptive level's name ("Your level") reads as a setting, not an opponent: "vs Your level".
OPPONENT_WORDS = {**LEVEL_WORDS, ADAPTIVE: N_("the computer at your level"), HUMAN: N_("people"),
                  CUSTOM_LEVEL: N_("other programs")}


@dataclass(frozen=True)
class Figures:
    """What one visit shows, as read off the frame loop: every player, the most games first, and
    each one's trend (points lost per decision, each reviewed game, oldest first)."""

    players: list[tuple[str, PlayerStats]] = field(default_factory=list)
    trends: dict[str, list[float]] = field(default_factory=dict)
    levels: dict[str, str] = field(default_factory=dict)  # the named level the adaptive computer plays each at
    problem: str = ""  # why the statistics could not be read (worded where shown)


def read_figures(store: Store) -> Figures:
    """The statistics and the review shelf, each read once (in a thread: either file may be
    large); never raises for a bad file."""
    try:
        stats = store.stats.load()
    except Exception as error:  # noqa: BLE001 - the screen must open even if the store misbehaves
        return Figures(problem=str(error))
    players = sorted(stats.players.items(), key=lambda item: (-item[1].games, item[0].lower()))
    shelf = ReviewShelf(store.data_dir)  # (a damaged shelf reads as no review: never raises)
    trends = shelf.trends([name for name, _entry in players])
    strengths = store.stats.profiles.strengths([name for name, _entry in players], trends)  # (the shelf read once)
    levels = {name: about_level(strength) for name, strength in strengths.items()}
    return Figures(players, {name: shown_games([point.per_decision for point in points])
                             for name, points in trends.items()}, levels)


READS = Lane("the statistics")  # one read of the figures at a time, whatever the player does


class StatisticsScene(AppScene):
    """A card per player, as many as the page holds at the text size; more players turn the
    page (the Previous and Next buttons, Page Up and Page Down, the mouse wheel)."""

    name = "statistics"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.confirming = False
        self.message = ""
        self.players: list[tuple[str, PlayerStats]] = []
        self.trends: dict[str, list[float]] = {}  # points lost per decision, each reviewed game, oldest first
        self.reading: Background[Figures] | None = None  # the figures being read: the screen draws meanwhile
        self.levels: dict[str, str] = {}  # the named level the adaptive computer plays each player at
        self.page = 0

    def enter(self) -> None:
        self.reload(fresh=False)

    def exit(self) -> None:
        if self.reading is not None:
            self.reading.cancel()  # (nobody takes it: never begun, or its result let go of)
            self.reading = None

    def reload(self, fresh: bool = True) -> None:
        """Read the figures again, off the frame loop; `update` shows them once read. Not `fresh`
        (a visit): a read of the visit before still under way is taken over; fresh (after a
        reset or a review), a read begins after it."""
        store = self.app.store
        if store is None:
            self.players = []
        else:
            if self.reading is not None:
                self.reading.cancel()
            key = None if fresh else str(store.data_dir)
            self.reading = READS.read(partial(read_figures, store), key=key)
        self.build()

    def update(self, dt: float) -> None:
        reading, self.reading = settle(self.reading)
        if reading is None:
            return
        figures = reading.result or Figures(problem=reading.problem or "")
        self.players, self.trends, self.levels = figures.players, figures.trends, figures.levels
        if figures.problem:
            self.message = _("Statistics could not be read: {error}").format(error=figures.problem)
        if self.app.store is not None:
            self.app.notices.extend(self.app.store.take_notices())
        focus = self.buttons.focus
        self.build()
        self.buttons.focus = focus  # (where the player is: the figures came in while they looked)

    def pages(self) -> list[range]:
        """The players of each page, at the text size of now (a page holds fewer as the text grows)."""
        return page_ranges(len(self.players), per_page(self.app.ui_scale, AREA))

    def build(self) -> None:
        self.buttons.clear()
        self.page = min(self.page, max(0, len(self.pages()) - 1))
        label = _("Yes, erase them all") if self.confirming else _("Reset statistics")
        buttons = [(_("Back"), self.close, "back", True),
                   (_("Review a game"), self.review, "review", self.app.store is not None),
                   (label, self.reset, "reset", bool(self.players) or self.confirming)]
        if len(self.pages()) > 1:
            buttons += [(_("Previous"), partial(self.turn, -1), "previous", self.page > 0),
                        (_("Next"), partial(self.turn, 1), "next", self.page < len(self.pages()) - 1)]
        least, gap = ([380] * 3, 60) if len(buttons) == 3 else ([400] * 3 + [260] * 2, 24)
        room = LOGICAL_W - 80 - (len(least) - 1) * gap
        widths = self.button_widths([words for words, *_rest in buttons], least, room)
        x = 960 - (sum(widths) + (len(buttons) - 1) * gap) / 2
        for (words, action, name, enabled), width in zip(buttons, widths):
            self.button(x, BUTTON_Y, width, BUTTON_H, words, action, name, BUTTON_SIZE, enabled)
            x += width + gap
        self.buttons.focus = 2 if self.confirming else 0

    def button_widths(self, labels: list[str], least: list[int], room: float) -> list[float]:
        """Each button as wide as its label at the text size (at least `least`), so that no label
        is drawn smaller than its neighbours ("Reset statistics" in French); all together within
        `room`, each narrowed alike if they would not fit."""
        px = font_px(self.viewport, BUTTON_SIZE * self.app.ui_scale)
        pad = 2 * BUTTON_PAD + 24
        wanted = [max(float(low), self.app.text.font(px, True).size(label)[0] / self.viewport.scale + pad)
                  for label, low in zip(labels, least, strict=True)]
        shrink = min(1.0, room / sum(wanted))
        return [width * shrink for width in wanted]

    def turn(self, step: int) -> None:
        """To the next page (1) or the previous one (-1); the focus stays on the button pressed
        while it can act, else on its neighbour."""
        page = max(0, min(len(self.pages()) - 1, self.page + step))
        if page == self.page:
            return
        focus = self.buttons.focus
        self.page = page
        self.build()
        name = self.buttons.buttons[focus].name if focus is not None and focus < len(self.buttons.buttons) else ""
        if name in ("previous", "next") and not self.buttons.named(name).enabled:  # type: ignore[union-attr]
            name = "next" if name == "previous" else "previous"
        names = [button.name for button in self.buttons.buttons]
        self.buttons.focus = names.index(name) if name in names else focus

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
            self.app.store.stats.reset()
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
        if event.type == pygame.KEYDOWN and event.key in PAGE_KEYS:
            self.turn(PAGE_KEYS[event.key])
            return True
        if event.type == pygame.MOUSEWHEEL and event.y:
            self.turn(-1 if event.y > 0 else 1)  # (the wheel away from the player: back a page)
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.begin_page(surface, _("Statistics"), TITLE_SIZE, TITLE_Y)
        if self.app.store is None:
            self.text(surface, _("Statistics are not available."), BODY_SIZE, 960, 480, color=DIM)
        elif not self.players and self.reading is not None:
            self.text(surface, _("Reading the statistics…"), BODY_SIZE, 960, 480, color=DIM)
        elif not self.players:
            self.text(surface, _("No game recorded yet: finish a game to see figures here."), BODY_SIZE, 960, 480,
                      color=DIM)
        else:
            self._draw_cards(surface)
        if self.message:
            self.text(surface, self.message, CAPTION_SIZE, 960, LINE_Y, color=INK)
        elif self.players:
            self.text(surface, _("Trend: points lost per decision in Expert's reviews (lower is better)"), SMALL_SIZE,
                      960, LINE_Y, color=DIM)
        self.buttons.draw(surface, self.viewport)

    def cards(self) -> list[tuple[str, CardParts]]:
        """The players of the page shown, each with where their card's parts go."""
        pages = self.pages()
        if not pages:
            return []
        scale = self.app.ui_scale
        placed = [(self.players[number][0], lay_out_card(box, scale))
                  for box, number in zip(card_boxes(len(pages[0]), scale, AREA), pages[min(self.page, len(pages) - 1)])]
        return [(name, parts) for name, parts in placed if parts is not None]

    def _draw_cards(self, surface: pygame.Surface) -> None:
        pages = self.pages()
        if len(pages) > 1:
            self.text(surface, _("Page {page} of {count}").format(page=self.page + 1, count=len(pages)), CAPTION_SIZE,
                      AREA.right, TITLE_Y, color=DIM, anchor="midright", max_width=400)
        entries = dict(self.players)
        for name, parts in self.cards():
            draw_card(surface, self.viewport, parts, self.card_words(name, entries[name]), self.text, self.measure)

    def measure(self, words: str, size: float) -> float:
        """The logical width of `words` at `size`, at the text scale of now."""
        px = font_px(self.viewport, size * self.app.ui_scale)
        return self.app.text.font(px).size(words)[0] / self.viewport.scale

    def card_words(self, name: str, entry: PlayerStats) -> CardWords:
        """What `name`'s card says, in the language of now."""
        values = self.trends.get(name, [])
        if values:
            # (the last game reviewed, which need not be the last game played)
            lines = (_("last reviewed game: {figure}").format(figure=per_decision_words(values[-1])),
                     average_words(values))
        else:
            lines = (_("not reviewed yet"), "")
        rounds = ngettext("{count} round played", "{count} rounds played", entry.rounds).format(count=entry.rounds)
        kept = Identity(entry.colour, entry.avatar) if entry.colour and entry.avatar else None
        lone = _("The line starts with a second reviewed game") if len(values) == 1 else ""
        return CardWords(name, rounds, tuple(breakdown_parts(entry)), tuple(card_figures(entry)), tuple(values), lines,
                         self.note(name), kept, lone)

    def note(self, name: str) -> str:
        """One more line on `name`'s card (its room is kept on every card)."""
        return level_note(self.levels.get(name))


def level_note(level: str | None) -> str:
    """A card's extra line: the level the adaptive computer ("Your level") plays the player at
    (its room is kept on every card), in the language of now; "" when not known."""
    if level is None:
        return ""
    if level == BEGINNER:  # not a computer's level: a sentence of its own (its grammar differs)
        return _("Computer plays at your level: about a beginner")
    return _("Computer plays at your level: about {level}").format(level=_(LEVEL_WORDS[level]))


def card_figures(entry: PlayerStats) -> list[tuple[str, str]]:
    """A card's figures, each (value, what it counts): games, won, average and best round,
    columns removed, times doubled."""
    average, rate = entry.average_round, entry.win_rate
    won = f"{entry.wins} ({round(100 * rate)}%)" if rate is not None else "0"  # (None: no game played)
    return [
        (str(entry.games), _("Games")),
        (won, _("Won")),
        # per round, and said so: "average 64" reads as a game's total to a parent
        ("-" if average is None else decimal(average), _("Average round")),  # (the language's decimal mark)
        ("-" if entry.best_round is None else card_words(entry.best_round), _("Best round")),  # "−12", not "-12"
        (str(entry.columns_removed), _("Columns")),
        (str(entry.doubled), _("Doubled")),
    ]


def breakdown_parts(entry: PlayerStats) -> list[str]:
    """Games won of those played, by edition, then by opponent, in words ("Games won: 6 of 12 at
    Voyage", then "2 of 4 against Easy")."""
    parts = []
    for edition, t in sorted(entry.by_edition.items()):
        shown = _(EDITION_WORDS[edition].short) if edition in EDITION_WORDS else edition
        parts.append(_("{won} of {played} at {edition}").format(won=t.wins, played=t.games, edition=shown))
    for level, t in sorted(entry.by_level.items()):
        opponent = _(OPPONENT_WORDS.get(level, level))
        parts.append(_("{won} of {played} against {level}").format(level=opponent, won=t.wins, played=t.games))
    return [_("Games won:") + " " + parts[0], *parts[1:]] if parts else []


def breakdown(entry: PlayerStats) -> str:
    """Games won / played by edition and by opponent level, on one line."""
    return SEPARATOR.join(breakdown_parts(entry))
