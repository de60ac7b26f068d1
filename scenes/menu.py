"""The main menu: Continue (when a save exists), New game, Statistics, Quit."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _
from game.ui.widgets import ACCENT, DIM
from scenes.base import BACKDROP, AppScene


class MenuScene(AppScene):
    name = "menu"

    def enter(self) -> None:
        self.summary = ""
        self.build()

    def resume(self) -> None:
        self.build()

    def build(self) -> None:
        if self.app.store is not None:
            self.app.notices.extend(_drain(self.app.store))
        self.buttons.clear()
        x, w, h = 660, 600, 90  # wide enough for two French labels side by side
        y = 430
        saved = self._saved_summary()
        if saved:
            self.summary = saved
            self.button(x, y, w, h, _("Continue"), self.continue_game, "continue")
            y += 160
        self.button(x, y, w, h, _("New game"), self.new_game, "new")
        y += 120
        if self._statistics_scene() is not None:  # Statistics and How to play share a row
            self.button(x, y, w // 2 - 8, h, _("Statistics"), self.statistics, "statistics")
            self.button(x + w // 2 + 8, y, w // 2 - 8, h, _("How to play"), self.how_to_play, "howto", 34)
        else:
            self.button(x, y, w, h, _("How to play"), self.how_to_play, "howto")
        y += 120
        # Settings and Quit share the last row, so the menu keeps its height
        self.button(x, y, w // 2 - 8, h, _("Settings"), self.settings, "settings")
        self.button(x + w // 2 + 8, y, w // 2 - 8, h, _("Quit"), self.app.quit, "quit")

    def _saved_summary(self) -> str:
        store = self.app.store
        if store is None or not _call(store, "has_game", False):
            return ""
        summary = _call(store, "game_summary", None)
        if not isinstance(summary, dict):
            return _("A saved game is waiting.")
        names = summary.get("names") or []
        totals = summary.get("totals") or []
        scores = ", ".join(f"{n} {t}" for n, t in zip(names, totals)) if totals else ", ".join(names)
        return _("Round {number}: {scores}").format(number=summary.get("round", "?"), scores=scores)

    def continue_game(self) -> None:
        from scenes.play import PlayScene

        try:
            loaded = self.app.store.load_game()
        except Exception as error:  # noqa: BLE001 - a damaged save is reported, never a crash
            self.app.notices.append(_("The saved game could not be loaded: {error}").format(error=error))
            loaded = None
        self.app.notices.extend(_drain(self.app.store))
        if loaded is None:
            self.build()
            return
        config, state = loaded
        self.stack.push(PlayScene(self.app, config, state, resumed=True))

    def new_game(self) -> None:
        from scenes.setup import SetupScene

        # a player's first game explains each decision once (game/ui/guide.py)
        self.app.guide_next = not getattr(self.app.settings, "guide_done", False)
        self.stack.push(SetupScene(self.app))

    def how_to_play(self) -> None:
        from scenes.how_to_play import HowToPlayScene

        self.stack.push(HowToPlayScene(self.app))

    def settings(self) -> None:
        from scenes.settings import SettingsScene

        self.stack.push(SettingsScene(self.app))

    def statistics(self) -> None:
        scene = self._statistics_scene()
        if scene is not None:
            self.stack.push(scene(self.app))

    @staticmethod
    def _statistics_scene() -> Any:
        try:
            from scenes.statistics import StatisticsScene
        except ImportError:
            return None
        return StatisticsScene

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        surface.fill(BACKDROP)
        self.text(surface, "SKYJO", 150, 960, 190, color=ACCENT, bold=True)
        self.text(surface, _("the card game: lowest score wins"), 40, 960, 300, color=DIM)
        if self.summary and self.buttons.named("continue"):
            self.text(surface, self.summary, 28, 960, 545, color=DIM)
        # notices name file paths and can be long: wrap them, newest last, in the bottom band
        lines = [line for notice in self.app.notices[-3:] for line in self.app.text.wrap(notice, 26, 1760)]
        for number, line in enumerate(lines[-5:]):
            self.text(surface, line, 26, 960, 880 + number * 34, color=(255, 170, 150))
        self.buttons.draw(surface, self.viewport)


def _call(store: Any, method: str, default: Any) -> Any:
    try:
        return getattr(store, method)()
    except Exception:  # noqa: BLE001 - the menu must open even if the store misbehaves
        return default


def _drain(store: Any) -> list[str]:
    return list(store.take_notices())
