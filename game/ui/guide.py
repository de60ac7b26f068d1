"""The first-game guide: a one-line explanation the first time each decision comes up.

It is per player, by seat name: in a game started from the menu's New game, each person at
the screen who has not had it yet (not in settings.guided_players) gets each topic once, at
their own first decision of that kind (in hot-seat: each new player in turn). Switched on in
the pause menu ("Explain as we play") it explains every topic again to everybody. A key or a
click dismisses a tip, and that input does nothing else unless it means something on the
table (a move: a click on a card that may be chosen, Enter on one; or a command: Esc, H, the
arrows, S/Tab, Backspace...): then the table does it too, so no move or key is lost to a tip.
When a player has seen every topic, or the game ends, that player joins
settings.guided_players (the last GUIDED_MAX names) and hears no tip again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.i18n import _
from game.match import GUIDED_MAX
from game.rules import GAME_OVER, OPENING, ROUND_OVER, SOURCE_DRAW, PublicView, SeatView
from game.ui.layout import Box, Viewport
from game.ui.note import draw_note
from game.ui.text import TextCache

TIP_BOX = Box(1200, 540, 700, 420)  # a screen without a table layout: the lower right
TOPICS = ("opening", "choose", "drawn", "taken", "last_turn", "column", "scoring")


def topic_text(topic: str) -> str:
    """The explanation for a topic, translated when it is drawn."""
    texts: dict[str, Callable[[], str]] = {
        "opening": lambda: _("Start of the round: flip two of your cards. Whoever shows the highest sum starts."),
        "choose": lambda: _("Your turn: take the face-up discard card, or draw an unknown card from the pile."),
        "drawn": lambda: _("A drawn card: put it on any of your cards, or throw it on the discard pile and turn "
                           "one of your face-down cards."),
        "taken": lambda: _("A taken discard goes into your grid: click the card it replaces, and the old card goes "
                           "to the discard pile. Changed your mind? Click the discard pile to put it back."),
        "last_turn": lambda: _("A player has no face-down card left: everybody else plays one last turn, then the "
                               "round is scored."),
        "column": lambda: _("Three equal face-up cards in a column: the column is removed and scores nothing."),
        "scoring": lambda: _("Round over: hidden cards are turned, each grid is added up. Whoever ended the round "
                             "scores double unless strictly lowest."),
    }
    return texts[topic]()


def topic_for(state: SeatView | PublicView, acting: int | None) -> str | None:
    """The decision now facing the table (as the screen's seat sees it), as a guide topic
    (None: nothing new to explain); `acting` is the seat whose human may act now (None: no
    human's decision)."""
    if state.phase in (ROUND_OVER, GAME_OVER):
        return "scoring"
    if state.removed:
        return "column"
    if state.trigger is not None:
        return "last_turn"
    if acting is None:
        return None
    if state.phase == OPENING:
        return "opening"
    if state.holding is None:
        return "choose"
    return "drawn" if state.source == SOURCE_DRAW else "taken"


class GuideSettings(Protocol):
    guide_done: bool  # some player has had the guide (what a file of an older version reads)
    guided_players: list[str]  # the players who have had the guide: quiet for them


class Page(Protocol):
    """The screen the tip is drawn on (an AppScene): its viewport."""

    viewport: Viewport

    def fit(self, surface: pygame.Surface) -> None: ...


class Guide:
    def __init__(self, settings: GuideSettings, on_done: Callable[[], None] = lambda: None) -> None:
        self.settings = settings
        self.on_done = on_done  # saves the settings
        self.enabled = True  # this table explains (the screen turns it off for a resumed game)
        self.everyone = False  # switched on in the pause menu: every player hears every topic again
        self.seen: dict[str, set[str]] = {}  # player -> the topics shown to them at this table
        self.current: str | None = None

    def switch(self, on: bool) -> None:
        """The pause menu's toggle: on shows every topic again, to every player."""
        self.enabled = self.everyone = on
        self.current = None
        if on:
            self.seen.clear()

    def explains_to(self, player: str) -> bool:
        """`player` is to hear the tips at this table: new to the guide, or the guide switched on."""
        return self.enabled and (self.everyone or player not in self.settings.guided_players)

    def watch(self, state: SeatView | PublicView, acting: int | None, watching: bool = True, player: str = "") -> None:
        """Called every frame the table is idle (no animation playing): show `player` (the person
        at the screen) the next topic they have not seen, if any. Nothing while nobody watches
        the table (only computers play)."""
        if self.current is not None or not watching or not self.explains_to(player):
            return
        topic = topic_for(state, acting)
        seen = self.seen.setdefault(player, set())
        if topic is not None and topic not in seen:
            self.current = topic
            seen.add(topic)

    def holds(self, topic: str) -> bool:
        """True while `topic` is on screen (the table waits, e.g. before the scoring screen)."""
        return self.current == topic

    def dismiss(self) -> None:
        self.current = None
        done = [player for player, seen in self.seen.items() if seen >= set(TOPICS)]
        if done:
            self.finish(done)

    def finish(self, players: Sequence[str]) -> None:
        """Remember that `players` have had the guide (every topic seen, or their guided game over)."""
        before = list(self.settings.guided_players)
        for player in players:  # the latest last; the oldest forgotten beyond GUIDED_MAX
            names = [other for other in self.settings.guided_players if other != player] + [player]
            self.settings.guided_players = names[-GUIDED_MAX:]
        if self.settings.guided_players != before or not self.settings.guide_done:
            self.settings.guide_done = True
            self.on_done()

    def handle_event(self, event: pygame.event.Event,
                     passes: Callable[[pygame.event.Event], bool] = lambda event: False) -> bool:
        """A key or click while a tip shows dismisses it; it is used up (True) unless
        `passes(event)` says it also means something (a move, a command key), which the
        screen then does."""
        if self.current is None:
            return False
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
            meant = passes(event)  # (asked before the tip goes: the screen sees the table as it is)
            self.dismiss()
            return not meant
        return event.type == pygame.MOUSEBUTTONDOWN

    def draw(self, scene: Page, surface: pygame.Surface, text: TextCache, box: Box | None = None,
             scale: float = 1.0) -> None:
        """The tip in `box` (the table layout's free corner: clear of the grids, the piles and the
        prompt), its words as large as the text size setting `scale` asks and the box holds."""
        if self.current is None:
            return
        scene.fit(surface)
        room = scene.viewport.rect(box or TIP_BOX)
        draw_note(surface, text, room, scene.viewport.scale * scale, topic_text(self.current), heading=_("How to play"),
                  footer=_("Press any key or click to continue"), text_size=scale)
