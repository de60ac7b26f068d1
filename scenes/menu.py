"""The title screen and main menu: the SKYJO logo over the deck's cards, which rise into place
behind the menu when it opens (game/ui/title.py), then Continue (when a save exists, first),
New game, Join a game, Play online, Statistics, How to play, Settings, About, Quit, and the version in the
bottom-right corner."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pygame

from game import version
from game.i18n import _
from game.store import Store
from game.store.notices import StoreNotice
from game.ui.title import LOGO_H, LOGO_W, TitleCards, logo
from game.ui.widgets import BUTTON_SIZE, CAPTION_SIZE, DIM, HEADING_SIZE, SMALL_SIZE
from scenes.base import AppScene, paint_backdrop
from scenes.names import ABOUT, HOWTO, JOIN, LOBBY, ONLINE, PLAY, SETTINGS, SETUP, STATISTICS
from scenes.notices import worded

T = TypeVar("T")
LOGO_Y = 150  # logical px: the logo's centre
MIDDLE_W = 1080  # logical px: the summary and notices keep between the cards at the sides


class MenuScene(AppScene):
    name = "menu"

    def enter(self) -> None:
        self.summary = ""
        self.cards = TitleCards()
        self.cards.arrive(self.app.speed, self.app.reduced_motion)  # back from another screen they stay put
        self.build()

    def update(self, dt: float) -> None:
        self.cards.update(dt)

    def wants_frames(self) -> bool:
        """Frames only while the cards rise: then the menu is still and the app sleeps."""
        return self.cards.moving

    def resume(self) -> None:
        self.build()

    def build(self) -> None:
        saved = self._saved_summary()  # first: reading the save may move a damaged one aside...
        if self.app.store is not None:
            self.app.notices.extend(_drain(self.app.store))  # ...and this frame must say so
        focused = self.buttons.buttons[self.buttons.focus].name if self.buttons.focus is not None else None
        self.buttons.clear()
        scale = self.app.ui_scale
        # the buttons grow with the text size: as wide as the factor, as tall as the screen holds
        y: float = 430 if scale <= 1 else 390
        rows, gaps = (5, 160) if saved else (4, 90)
        w = 600 * scale  # wide enough for two French labels side by side
        h = 90 * max(1.0, min(scale, (1060 - self._notices_height() - y - gaps) / (90 * rows)))
        x = 960 - w / 2
        half = w / 2 - 8
        if saved:
            self.summary = saved
            self.button(x, y, w, h, _("Continue"), self.continue_game, "continue")
            y += h + 70
        self.button(x, y, half, h, _("New game"), self.new_game, "new")
        self.button(x + w - half, y, half, h, _("Join a game"), self.join_game, "join")
        y += h + 30
        self.button(x, y, w, h, _("Play online"), self.play_online, "online")  # (a room on a server: issue 49)
        y += h + 30
        # Statistics and How to play share a row
        self.button(x, y, half, h, _("Statistics"), self.statistics, "statistics")
        self.button(x + w - half, y, half, h, _("How to play"), self.how_to_play, "howto", BUTTON_SIZE)
        y += h + 30
        # Settings, About and Quit share the last row, so the menu keeps its height
        third = (w - 2 * 16) / 3
        self.button(x, y, third, h, _("Settings"), self.settings, "settings")
        self.button(x + third + 16, y, third, h, _("About"), self.about, "about")
        self.button(x + w - third, y, third, h, _("Quit"), self.app.quit, "quit")
        # the keyboard starts on the first button, its ring showing; back from a screen, on the one used
        self.buttons.focus_first()
        names = [button.name for button in self.buttons.buttons]
        if focused in names:
            self.buttons.focus = names.index(focused)

    def _notice_lines(self) -> list[str]:
        # notices name file paths and can be long: wrapped, newest last, in the bottom band
        # worded now, in the language of this frame (a notice said before a language switch follows it)
        return [line for notice in self.app.notices[-3:]
                for line in self.app.text.wrap(worded(notice), 26, MIDDLE_W)][-5:]

    def _notices_height(self) -> float:
        return 34 * len(self._notice_lines()) + 30 if self.app.notices else 0

    def _saved_summary(self) -> str:
        store = self.app.store
        if store is None or not _call(store.saves.has_game, False):
            return ""
        summary = _call(store.saves.summary, None)
        if summary is None:
            return _("A saved game is waiting.")
        scores = ", ".join(f"{seat.name} {seat.total}" for seat in summary.seats)
        return _("Round {number}: {scores}").format(number=summary.round, scores=scores)

    def continue_game(self) -> None:
        store = self.app.store
        if store is None:
            return
        try:
            loaded = store.saves.load()
        except Exception as error:  # noqa: BLE001 - a damaged save is reported, never a crash
            self.app.notices.append(_("The saved game could not be loaded: {error}").format(error=error))
            loaded = None
        self.app.notices.extend(_drain(store))
        if loaded is None:
            self.build()
            return
        config, state = loaded
        # a table hosted for other computers opens its lobby again: their players rejoin there
        hosted = any(seat.is_remote for seat in config.seats)
        if hosted:
            self.stack.push(LOBBY, config=config, state=state, resumed=True)
        else:
            self.stack.push(PLAY, config=config, state=state, resumed=True)

    def new_game(self) -> None:
        # a new game explains each decision once to each player new to the guide (game/ui/guide.py)
        self.app.guide_next = True
        self.stack.push(SETUP)

    def join_game(self) -> None:
        self.stack.push(JOIN)

    def play_online(self) -> None:
        self.stack.push(ONLINE)

    def how_to_play(self) -> None:
        self.stack.push(HOWTO)

    def settings(self) -> None:
        self.stack.push(SETTINGS)

    def about(self) -> None:
        self.stack.push(ABOUT)

    def statistics(self) -> None:
        self.stack.push(STATISTICS)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.cards.moving and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.cards.skip()  # a click or a key sets the cards down, and still does what it does
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        paint_backdrop(surface)
        self.cards.draw(surface, self.viewport, self.app.art)
        image = logo(self.viewport.scale, self.app.text)
        surface.blit(image, image.get_rect(center=self.viewport.point(960, LOGO_Y)))
        self.text(surface, _("the card game: lowest score wins"), HEADING_SIZE, 960, LOGO_Y + LOGO_H / 2 + 35,
                  max_width=LOGO_W, color=DIM)
        if self.summary and (above := self.buttons.named("continue")) is not None:
            below = above.box
            self.text(surface, self.summary, CAPTION_SIZE, 960, below.y + below.h + 25, max_width=MIDDLE_W,
                      color=DIM)
        self.text(surface, _("Version {version}").format(version=version()), SMALL_SIZE, 1900, 1064,
                  max_width=400, color=DIM, anchor="bottomright")
        lines = self._notice_lines()
        top = max([880] + [b.box.y + b.box.h + 24 for b in self.buttons.buttons])  # below the last button
        for number, line in enumerate(lines):
            self.text(surface, line, SMALL_SIZE, 960, top + number * 34, color=(255, 170, 150))
        self.buttons.draw(surface, self.viewport)


def _call(method: Callable[[], T], default: T) -> T:
    try:
        return method()
    except Exception:  # noqa: BLE001 - the menu must open even if the store misbehaves
        return default


def _drain(store: Store) -> list[StoreNotice]:
    return list(store.take_notices())
