"""Watch the last round: its deal and every action replayed from the game's record into a
fresh engine state and animated on the table, one step at a time.

Right, Space or Enter: next step; Left: previous step; A: play on by itself; Esc: back.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _
from game.match import Identity
from game.replay import play_scenario
from game.rules import GAME_OVER, ROUND_OVER, Action, GameState, seat_view
from game.ui.note import draw_note
from game.ui.table_anim import Animator, Onlooker
from game.ui.table_view import Board, TableMarks, TableView
from game.ui.widgets import BODY_SIZE, SMALL_SIZE
from game.ui.wording import sentence
from scenes.base import AppScene
from scenes.context import AppContext

AUTO_STEP = 0.9  # seconds between steps when playing on by itself (normal speed)


def last_finished_round(state: GameState) -> int | None:
    """The 0-based index in the record of the last round that was played to its end."""
    rounds = len(state.log or [])
    index = rounds - 1 if state.phase in (ROUND_OVER, GAME_OVER) else rounds - 2
    return index if index >= 0 else None


def round_start(record: dict[str, Any], index: int) -> tuple[GameState, list[Action]]:
    """A fresh state with the rounds before `index` played and round `index` just dealt,
    and the actions of that round."""
    rounds = record["rounds"]
    state = play_scenario({**record, "rounds": rounds[:index]})
    state.take_events()
    state.deal(list(rounds[index]["deck"]))
    return state, [Action.from_list(item) for item in rounds[index]["actions"]]


def describe(action: Action, names: list[str], viewer: int | None = None) -> str:
    """One step in words, spoken to `viewer` (None: every player by name)."""
    place = _("column {col}, row {row}").format(col=(action.col or 0) + 1, row=(action.row or 0) + 1)
    figures = {"place": place} if action.verb in ("flip", "replace", "reveal") else {}
    return sentence(action.verb, action.seat, viewer, names, **figures)


KEYS = " \u00b7 "  # between a legend's keys


def key_legend(keys: str) -> str:
    """A legend whose lines break only between its keys ("A: auto (off)" stays whole)."""
    return ("\u00a0\u00b7 ").join(part.replace(" ", "\u00a0") for part in keys.split(KEYS))


class RoundReplayScene(AppScene):
    name = "replay"

    def __init__(self, app: AppContext, state: GameState, names: list[str], viewer: int | None = None,
                 identities: list[Identity] | None = None) -> None:
        super().__init__(app)
        index = last_finished_round(state)
        if index is None:
            raise ValueError("no round has been played to its end yet")
        self.watch(state.record(), index, names, viewer, identities=identities)

    def watch(self, record: dict[str, Any], index: int, names: list[str], viewer: int | None, step: int | None = None,
              identities: list[Identity] | None = None) -> None:
        """Show round `index` of `record`: its deal animated (no `step`), or its first `step`
        actions played and laid out at once (the review's step screen, scenes/review_step.py,
        opens at a decision)."""
        self.names = names
        self.identities = identities  # each seat's colour and avatar (None: each seat's default)
        self.viewer = viewer  # the seat the captions speak to as "you" (None: each player by name)
        self.record = record
        self.index = index
        self.step = 0  # how many actions are shown
        self.auto = False
        self.wait = 0.0
        if step is not None:
            self.go_to(step)
        else:
            self._restart(animate=True)

    def _restart(self, animate: bool) -> None:
        self.state, self.actions = round_start(self.record, self.index)
        events = self.state.take_events()
        viewer = self.state.participants[0]
        self.view = TableView(self.state.players, self.names, self.app.art, self.app.text, self.identities)
        self.view.viewer = self.viewer
        self.board = Board.from_view(seat_view(self.state, viewer))
        self.drawer = Onlooker()  # the animations' eyes: each step's player's (the view keeps `viewer`'s)
        self.anim = Animator(self.board, self.view, self.app.speed, eyes=self.drawer)
        self.anim.on_idle = self._resync
        if animate:
            self.anim.add_events(events)

    def enter(self) -> None:
        self.view.prepare(self.app.screen, self.board)

    def _resync(self) -> None:
        seat = self.state.to_act if self.state.to_act is not None else self.state.participants[0]
        self.board.sync(seat_view(self.state, seat))

    # ------------------------------------------------------------------ steps
    def forward(self) -> None:
        if self.anim.busy:
            self.anim.skip()
            return
        if self.step >= len(self.actions):
            return
        action = self.actions[self.step]
        self.drawer.viewer = action.seat  # the drawer's own card is shown: the round is over, nothing is secret
        self.state.apply(action)
        self.step += 1
        self.anim.add_events(self.state.take_events())

    def back(self) -> None:
        """One step back: the round is rebuilt from its start without animation."""
        self.go_to(self.step - 1)

    def go_to(self, step: int) -> None:
        """The table after the round's first `step` actions, laid out at once (no animation)."""
        self._restart(animate=False)
        target = min(max(0, step), len(self.actions))
        for action in self.actions[:target]:
            self.state.apply(action)
        self.state.take_events()
        self.step = target
        self._resync()
        self.view.prepare(self.app.screen, self.board)

    def update(self, dt: float) -> None:
        self.anim.speed = self.app.speed
        self.anim.update(dt)
        if self.auto and not self.anim.busy:
            self.wait -= dt * (self.app.speed or 10.0)
            if self.wait <= 0:
                self.wait = AUTO_STEP
                self.forward()
        self.view.marks = TableMarks(prompt=self._caption(), busy=self.anim.busy)

    def wants_frames(self) -> bool:
        """Frames while a step animates or it plays on by itself (until the round's end)."""
        return self.anim.busy or (self.auto and self.step < len(self.actions))

    def _caption(self) -> str:
        if self.step == 0:
            return _("The deal")
        if self.step >= len(self.actions) and not self.anim.busy:
            return _("End of the round")
        return describe(self.actions[self.step - 1], self.names, self.viewer)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.forward()
            elif event.key == pygame.K_LEFT:
                self.back()
            elif event.key == pygame.K_a:
                self.auto = not self.auto
            elif event.key == pygame.K_ESCAPE:
                self.close()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.forward()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.board, self.anim.sprites)
        self.fit(surface)
        heading, words, keys = self.note()
        # in the table's free corner (where a game's tips go): clear of every grid, 8 players too
        corner, scale = self.viewport.rect(self.view.layout.tip), self.viewport.scale * self.app.ui_scale
        draw_note(surface, self.app.text, corner, scale, words, heading=heading, footer=key_legend(keys),
                  sizes=(BODY_SIZE, BODY_SIZE, SMALL_SIZE), text_size=self.app.ui_scale)

    def note(self) -> tuple[str, str | list[str], str]:
        """The note's heading, words (a list: paragraphs) and keys line."""
        title = _("Replay of round {number}").format(number=self.index + 1)
        keys = _("Right/Space: next · Left: back · A: auto ({state}) · Esc: leave").format(
            state=_("on") if self.auto else _("off"))
        return title, self.step_words(), keys

    def step_words(self) -> str:
        return _("Step {step} of {count}").format(step=self.step, count=len(self.actions))
