"""The end of the game: the winner(s) as the engine decided, the whole score sheet,
Play again / Main menu. The save is removed and the game recorded in the statistics."""

from __future__ import annotations

import pygame

from game.i18n import _, ngettext
from game.match import MatchConfig
from game.rules import GameState
from game.store.export import export_for_player
from game.ui.widgets import ACCENT, DIM
from game.ui.wording import group_sentence, sentence
from scenes.base import BACKDROP, AppScene
from scenes.context import AppContext
from scenes.score_sheet import draw_score_sheet


def winners_line(state: GameState, names: list[str], viewer: int | None = None) -> str:
    """Who won, spoken to `viewer` (the one human at the table; None: every winner by name)."""
    winners = list(state.winners or [])
    if len(winners) == 1:
        return sentence("win", winners[0], viewer, names)
    return group_sentence("share_win", winners, viewer, names)


def addressee(config: MatchConfig) -> int | None:
    """The seat the screens speak to as "you": the only human, if exactly one plays."""
    humans = config.human_seats
    return humans[0] if len(humans) == 1 else None


class GameOverScene(AppScene):
    name = "gameover"
    scales_text = False

    def __init__(self, app: AppContext, config: MatchConfig, state: GameState) -> None:
        super().__init__(app)
        self.config = config
        self.state = state
        self.names = [seat.name for seat in config.seats]
        self.exported: tuple[bool, str] | None = None

    def enter(self) -> None:
        store = self.app.store
        if store is not None:
            steps = (("record game", lambda: store.record_game(self.config, self.state)),
                     ("delete game", store.delete_game))
            for what, step in steps:
                try:
                    step()
                except Exception as error:  # noqa: BLE001 - shown on the menu, never a crash
                    self.app.notices.append(_("Could not {what}: {error}").format(what=what, error=error))
        self.button(560, 960, 380, 90, _("Play again"), self.play_again, "again")
        self.button(980, 960, 380, 90, _("Main menu"), self.menu, "menu")
        self.button(140, 960, 380, 90, _("Watch the last round"), self.watch_last_round, "watch", 30,
                    enabled=self.state.log is not None)
        self.button(1400, 960, 380, 90, _("Export game log"), self.export_log, "export", 30,
                    enabled=self.state.log is not None)
        self.buttons.focus = 0

    def watch_last_round(self) -> None:
        self.stack.push("replay", state=self.state, names=self.names, viewer=addressee(self.config))

    def export_log(self) -> None:
        self.exported = export_for_player(self.app.store, self.state)

    def play_again(self) -> None:
        self.stack.replace("play", config=self.config, state=self.config.new_game())

    def menu(self) -> None:
        self.stack.reset("menu")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.menu()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        surface.fill(BACKDROP)
        self.text(surface, _("Game over"), 48, 960, 70, color=DIM)
        self.text(surface, winners_line(self.state, self.names, addressee(self.config)), 90, 960, 160, color=ACCENT, bold=True)
        tiebreaks = len(self.state.tiebreak_rounds)
        if tiebreaks:
            self.text(surface, ngettext("decided by {count} tiebreak round", "decided by {count} tiebreak rounds", tiebreaks).format(count=tiebreaks), 30, 960, 230,
                      color=DIM)
        draw_score_sheet(self, surface, self.state, self.names, 280, 920, tuple(self.state.winners or ()))
        self.buttons.draw(surface, self.viewport)
        if self.exported:
            self.text(surface, export_line(self.exported), 22, 960, 1064, color=DIM)


def export_line(result: tuple[bool, str] | None) -> str:
    """What the screen says after an export."""
    if result is None:
        return ""
    ok, text = result
    if ok:
        return _("Game log saved to {path}").format(path=text)
    return _("The game log could not be saved: {error}").format(error=text)
