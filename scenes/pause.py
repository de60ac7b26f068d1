"""The pause overlay over the table: resume, animation speed, a computer for absent network
players (hosting), leave, fullscreen and settings, the guide and the last round."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext
from game.match import REMOTE
from game.motion import SPEED_WORDS, next_speed
from game.ui.ink import inside
from game.ui.layout import Box
from game.ui.widgets import ACCENT, BUTTON_SIZE, CAPTION_SIZE, INK, TITLE_SIZE, draw_panel
from scenes.base import AppScene, veil
from scenes.context import AppContext
from scenes.names import MENU, REPLAY, SETTINGS
from scenes.round_replay import last_finished_round

if TYPE_CHECKING:
    from game.table import Table
    from game.ui.guide import Guide


ROW, ROW_H = 88, 76  # logical px: a row of the menu and its button (up to eight rows, with room for a question)


class PauseScene(AppScene):
    name = "pause"
    overlay = True

    def __init__(self, app: AppContext, table: Table, guide: Guide) -> None:
        """Over `table`'s screen, whose first-game `guide` it switches."""
        super().__init__(app)
        self.table = table
        self.guide = guide
        self.confirming = False

    def enter(self) -> None:
        self.build()

    def build(self) -> None:
        self.buttons.clear()
        speed = self.app.settings.animation_speed
        table = self.table
        items = [
            (_("Resume"), self.close, "resume"),
            (_("Animation speed: {speed}").format(speed=_(SPEED_WORDS.get(speed, speed))), self.next_speed, "speed"),
        ]
        if table.link.hosting:  # players on other computers: one who lost the connection may be played for
            label = _("A computer plays for absent players: on") if table.link.stand_in else \
                _("A computer plays for absent players: off")
            items.append((label, self.toggle_stand_in, "stand_in"))
        if table.record is not None:  # the game is played here
            items += [
                (_("Save and go to the menu"), self.to_menu, "menu"),
                (_("Yes, abandon this game") if self.confirming else _("Abandon the game"), self.abandon, "abandon"),
            ]
        else:  # the game is the host's: leaving keeps the seat for a return, and nothing here is deleted
            items.append((_("Leave the table"), self.to_menu, "menu"))
        # the column widens with the text size (the rows already fill the screen's height)
        self.width = 600 * self.app.ui_scale
        for number, (label, action, name) in enumerate(items):
            self.button(960 - self.width / 2, 270 + number * ROW, self.width, ROW_H, label, action, name, BUTTON_SIZE)
        y = 270 + len(items) * ROW
        self._pair(y, (_("Fullscreen (F11)"), self.app.toggle_fullscreen, "fullscreen", True),
                   (_("Settings"), self.settings, "settings", True))
        self._learning_row(y + ROW)
        self.buttons.focus = 0

    def _pair(self, y: float, left: tuple, right: tuple) -> None:
        """Two buttons side by side in the column: (label, action, name, enabled) each."""
        for x, (label, action, name, enabled) in ((960 - self.width / 2, left), (968, right)):
            self.button(x, y, self.width / 2 - 8, ROW_H, label, action, name, BUTTON_SIZE, enabled=enabled)

    def _learning_row(self, y: float) -> None:
        """Explain as we play (the first-game guide), then Watch the last round, each a whole row:
        side by side, their long labels were drawn smaller than their neighbours'."""
        label = _("Explain as we play: on") if self.guide.enabled else _("Explain as we play: off")
        record = self.table.record
        can_watch = record is not None and last_finished_round(record) is not None
        self.button(960 - self.width / 2, y, self.width, ROW_H, label, self.toggle_guide, "guide", BUTTON_SIZE)
        self.button(960 - self.width / 2, y + ROW, self.width, ROW_H, _("Watch the last round"), self.watch_last_round,
                    "watch", BUTTON_SIZE, enabled=can_watch)

    def toggle_stand_in(self) -> None:
        self.table.link.stand_in = not self.table.link.stand_in
        self.build()
        self._focus("stand_in")

    def toggle_guide(self) -> None:
        self.guide.switch(not self.guide.enabled)
        self.build()
        self._focus("guide")

    def _focus(self, name: str) -> None:
        """The keyboard focus on the button `name` of the menu just rebuilt (its label changed)."""
        button = self.buttons.named(name)
        if button is None:
            raise ValueError(f"the pause menu has no button {name!r}")
        self.buttons.focus = self.buttons.buttons.index(button)

    def watch_last_round(self) -> None:
        record = self.table.record
        if record is not None:  # (the button is disabled where the game is played elsewhere)
            self.stack.push(REPLAY, state=record, names=self.table.names)

    def next_speed(self) -> None:
        self.app.settings.animation_speed = next_speed(self.app.settings.animation_speed)
        self.app.save_settings()
        self.build()
        self.buttons.focus = 1

    def resume(self) -> None:
        focus = self.buttons.focus
        self.build()  # back from Settings: the labels in the language now chosen
        self.buttons.focus = focus

    def settings(self) -> None:
        self.stack.push(SETTINGS, modal=True)

    def to_menu(self) -> None:
        self.stack.reset(MENU)

    def abandon(self) -> None:
        if not self.confirming:
            self.confirming = True  # a second press confirms: a game is never lost by one slip
            self.build()
            self._focus("abandon")
            return
        if self.app.store is not None:
            try:
                self.app.store.saves.delete()
            except Exception as error:  # noqa: BLE001 - reported on the menu
                self.app.notices.append(_("The saved game could not be removed: {error}").format(error=error))
        self.to_menu()

    def abandon_words(self) -> str:
        """What abandoning does, asked before it is done: hosting, the players who joined from
        other computers lose the game too."""
        table = self.table
        joined = [table.names[seat] for seat, kind in enumerate(table.config.seats) if kind.kind == REMOTE]
        if table.link.hosting and joined:
            return ngettext("The saved game will be deleted, and {names}, who joined from another computer, is dropped "
                            "from the game.", "The saved game will be deleted, and {names}, who joined from other "
                            "computers, are dropped from the game.", len(joined)).format(names=_(" and ").join(joined))
        return _("The saved game will be deleted.")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        super().handle_event(event)
        return True  # modal: nothing reaches the table beneath

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        surface.blit(veil(surface.get_size()), (0, 0))
        scale = self.app.ui_scale
        bottom = max(button.box.y + button.box.h for button in self.buttons.buttons)
        # the question's words under the last row, wrapped to the column: inside the panel at any text size
        size = CAPTION_SIZE * scale
        lines = self.app.text.wrap(self.abandon_words(), round(size), self.width) if self.confirming else []
        step = size * 1.25
        top = 200 - TITLE_SIZE * scale / 2 - 24  # (the title's own room, at the player's text size)
        end = bottom + (24 + step * len(lines) if lines else 0) + 40
        panel = self.viewport.rect(Box(960 - self.width / 2 - 40, top, self.width + 80, end - top))
        draw_panel(surface, panel)
        with inside(panel):  # (the ink journal checks that every word stays on the panel)
            self.text(surface, _("Paused"), TITLE_SIZE, 960, 200, color=ACCENT, bold=True)
            for number, line in enumerate(lines):
                self.text(surface, line, CAPTION_SIZE, 960, bottom + 24 + step * (number + 0.5), max_width=self.width,
                          color=INK, bold=True)
        self.buttons.draw(surface, self.viewport)
