"""The warning before a doubled round (issue 48): a person about to end the round while their
visible total is not strictly the lowest is asked once, over the table, before the move goes
to the table. Enter (or a click on the first answer) plays it; Esc or Backspace (or the second
answer) goes back to choose again. It never blocks the move and says only what the seat sees
(game/rules/doubling.py decides; `WarnedSeats` says who is asked; the scene asks).

Who is asked: with the setting "Warn before a doubled round" on (the default), a person whose
profile is below Normal's strength, and everyone while "Explain as we play" is on. In
hot-seat each person is judged by their own profile."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.adapt import DEFAULT_STRENGTH, LEVEL_STRENGTHS
from game.i18n import _
from game.rules import REVEAL, Action, PublicView, SeatView
from game.rules.doubling import DoublingWarning, doubling_warning
from game.ui.ink import inside
from game.ui.layout import Box
from game.ui.widgets import ACCENT, BODY_SIZE, BUTTON_SIZE, INK, TITLE_SIZE, draw_panel
from scenes.base import AppScene, veil
from scenes.context import AppContext

NORMAL_STRENGTH = dict(LEVEL_STRENGTHS)["normal"]  # below it, a person is warned by default
WIDTH = 1100.0  # logical px of the question's column at 100 % text (it widens with the text size)
GO_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
BACK_KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE)


class Explaining(Protocol):
    """The first-game guide, as far as the warning asks: is "Explain as we play" on."""

    @property
    def enabled(self) -> bool: ...


class WarnedSeats:
    """Whom the table warns before a doubled round, each person by their own profile."""

    def __init__(self, setting: Callable[[], bool], guide: Explaining, strength: Callable[[str], float]) -> None:
        self.setting = setting  # the setting "Warn before a doubled round", read at each move
        self.guide = guide
        self.strength = strength  # a person's profile by name (read when the table opens: `profile_strength`)

    def warning(self, position: SeatView | PublicView, action: Action, name: str) -> DoublingWarning | None:
        """The warning `action` deserves before it is played by `name`'s seat, if they are warned."""
        if not self.setting() or not isinstance(position, SeatView) or position.seat != action.seat:
            return None
        warning = doubling_warning(position, action)
        if warning is None or not (self.guide.enabled or self.strength(name) < NORMAL_STRENGTH):
            return None
        return warning


def profile_strength(profiles: Callable[[list[str]], dict[str, float]] | None,
                     people: list[str]) -> Callable[[str], float]:
    """A person's strength by name from the store's profiles, the people at this screen read
    together when the table opens (not on the frame of their first warned move); anyone else,
    or no store: a new name's default."""
    known = {} if profiles is None or not people else profiles(people)
    return lambda name: known.get(name, DEFAULT_STRENGTH)


def question_words(warning: DoublingWarning, action: Action, names: list[str]) -> tuple[str, str]:
    """The question and the answer that plays the move, in the player's language."""
    figures = {"total": warning.total, "name": names[warning.lowest_seat], "lowest": warning.lowest}
    if action.verb == REVEAL:
        return (_("If you turn this card, the round ends with your {total} against {name}'s {lowest} showing: "
                  "your score would be doubled. Turn it anyway?").format(**figures), _("Turn it anyway"))
    return (_("If you place this card, the round ends with your {total} against {name}'s {lowest} showing: "
              "your score would be doubled. Place it anyway?").format(**figures), _("Place it anyway"))


class DoublingQuestionScene(AppScene):
    name = "doubling"
    overlay = True
    own_clicks_only = True  # it opens after the click that chose the move: only its own clicks answer

    def __init__(self, app: AppContext, question: str, go: str, on_go: Callable[[], object],
                 on_back: Callable[[], object], player: str = "") -> None:
        """`question` asked of `player` (named in hot-seat, else ""); `go` the answer that plays
        the move (`on_go`), "Choose again" the other (`on_back`)."""
        super().__init__(app)
        self.question = question
        self.go_label = go
        self.on_go = on_go
        self.on_back = on_back
        self.player = player
        self.width = WIDTH

    def enter(self) -> None:
        self.width = min(1800.0, WIDTH * self.app.ui_scale)
        half = self.width / 2 - 10
        self.button(960 - self.width / 2, 640, half, 90, self.go_label, self.go, "go", BUTTON_SIZE)
        self.button(980, 640, half, 90, _("Choose again"), self.back, "back", BUTTON_SIZE)
        self.buttons.focus = 0  # Enter goes on: the ring says so
        self.app.voice.say(self.question, interrupt=True)  # Read aloud: the question, then its focused answer

    def go(self) -> None:
        self.close()
        self.on_go()

    def back(self) -> None:
        self.close()
        self.on_back()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in BACK_KEYS:
            self.back()
            return True
        if event.type == pygame.KEYDOWN and event.key in GO_KEYS and self.buttons.focus == 0:
            self.go()
            return True
        super().handle_event(event)
        return True  # modal: nothing reaches the table beneath

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        surface.blit(veil(surface.get_size()), (0, 0))
        scale = self.app.ui_scale
        size = BODY_SIZE * scale
        lines = self.app.text.wrap(self.question, round(size), self.width)
        step = size * 1.3
        title = TITLE_SIZE * scale if self.player else 0.0
        top = 600 - step * len(lines) - title - 40
        panel = self.viewport.rect(Box(960 - self.width / 2 - 40, top, self.width + 80, 640 + 90 + 40 - top))
        draw_panel(surface, panel)
        with inside(panel):  # (the ink journal checks that every word stays on the panel)
            if self.player:
                self.text(surface, self.player, TITLE_SIZE, 960, top + 20 + title / 2, color=ACCENT, bold=True)
            for number, line in enumerate(lines):
                self.text(surface, line, BODY_SIZE, 960, 600 - step * (len(lines) - number - 0.5),
                          max_width=self.width, color=INK)
        self.buttons.draw(surface, self.viewport)
