"""Statistics per player name (game.store): games and wins, by edition and opponent level,
rounds, best and average round score, columns removed, times doubled. Reset asks first."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.match import LEVEL_WORDS
from game.store.stats import PlayerStats
from game.ui.layout import Box
from game.ui.widgets import BODY_SIZE, BUTTON_SIZE, CAPTION_SIZE, DIM, INK, SMALL_SIZE, TITLE_SIZE, draw_panel
from game.ui.wording import EDITION_WORDS
from scenes.base import AppScene
from scenes.context import AppContext

MAX_ROWS = 7  # the players with the most games; the table stays readable at any window size
COLUMNS = (  # (title, logical x of the column's centre)
    (N_("Games"), 620), (N_("Won"), 760), (N_("Rounds"), 900), (N_("Best"), 1040), (N_("Average"), 1200),
    (N_("Columns"), 1380), (N_("Doubled"), 1560),
)


class StatisticsScene(AppScene):
    name = "statistics"
    scales_text = False

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.confirming = False
        self.message = ""
        self.players: list[tuple[str, PlayerStats]] = []

    def enter(self) -> None:
        self.reload()

    def reload(self) -> None:
        store = self.app.store
        self.players = []
        if store is not None:
            try:
                stats = store.load_stats()
            except Exception as error:  # noqa: BLE001 - the screen must open even if the store misbehaves
                self.message = _("Statistics could not be read: {error}").format(error=error)
            else:
                ranked = sorted(stats.players.items(), key=lambda item: (-item[1].games, item[0].lower()))
                self.players = ranked[:MAX_ROWS]
            self.app.notices.extend(store.take_notices())
        self.build()

    def build(self) -> None:
        self.buttons.clear()
        self.button(560, 960, 380, 86, _("Back"), self.close, "back", BUTTON_SIZE)
        label = _("Yes, erase them all") if self.confirming else _("Reset statistics")
        self.button(980, 960, 380, 86, label, self.reset, "reset", BUTTON_SIZE, enabled=bool(self.players) or self.confirming)
        self.buttons.focus = 1 if self.confirming else 0

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
        elif not self.players:
            self.text(surface, _("No game recorded yet: finish a game to see figures here."), BODY_SIZE, 960, 480, color=DIM)
        else:
            self._draw_table(surface)
        if self.message:
            self.text(surface, self.message, CAPTION_SIZE, 960, 900, color=INK)
        self.buttons.draw(surface, self.viewport)

    def _draw_table(self, surface: pygame.Surface) -> None:
        top, line = 200, 96
        draw_panel(surface, self.viewport.rect(Box(140, top, 1640, 60 + line * len(self.players))))
        self.text(surface, _("Player"), CAPTION_SIZE, 180, top + 30, color=DIM, anchor="midleft")
        for title, x in COLUMNS:
            self.text(surface, _(title), CAPTION_SIZE, x, top + 30, color=DIM)
        for number, (name, entry) in enumerate(self.players):
            y = top + 60 + number * line + 28
            self.text(surface, name, BODY_SIZE, 180, y, color=INK, bold=True, anchor="midleft")
            for (_title, x), value in zip(COLUMNS, row_figures(entry)):
                self.text(surface, value, BODY_SIZE, x, y, color=INK)
            self.text(surface, breakdown(entry), SMALL_SIZE, 180, y + 38, color=DIM, anchor="midleft")


def row_figures(entry: PlayerStats) -> list[str]:
    """The table's cells for one player, in COLUMNS order."""
    average, rate = entry.average_round, entry.win_rate
    won = f"{entry.wins} ({round(100 * rate)}%)" if rate is not None else "0"  # (None: no game played)
    return [
        str(entry.games),
        won,
        str(entry.rounds),
        "-" if entry.best_round is None else str(entry.best_round),
        "-" if average is None else f"{average:.1f}",
        str(entry.columns_removed),
        str(entry.doubled),
    ]


def breakdown(entry: PlayerStats) -> str:
    """Games won / played by edition and by opponent level, on one line."""
    parts = [f"{_(EDITION_WORDS[edition].short) if edition in EDITION_WORDS else edition} {t.wins}/{t.games}" for edition, t in sorted(entry.by_edition.items())]
    parts += [_("vs {level} {won}/{played}").format(level=_(LEVEL_WORDS.get(level, level)), won=t.wins, played=t.games) for level, t in sorted(entry.by_level.items())]
    return _("won/played:") + " " + "   ".join(parts) if parts else ""
