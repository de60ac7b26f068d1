"""The test driver of the desktop app: a `Pilot` plays the real App (skyjo/app.py), headless, the
way a player does: it presses keys, clicks what the player sees (a button by its label, a card of
a seat's grid, the draw or the discard pile) and lets frames pass on the game's own clock (each
frame advances the tweens by a fixed step, so nothing here depends on how fast the machine is).

    pilot = Pilot(app)                       # (or the `pilot` fixture of conftest.py)
    pilot.click("New game")                  # a button of the top scene, by its label
    pilot.press(pygame.K_SPACE)              # a key through the event queue, then one frame
    pilot.click(Target.cell(0, 1, 2))        # a card of seat 0's grid; DRAW_TARGET, DISCARD_TARGET
    assert pilot.wait_for_animations()       # frames until no card moves on any table
    assert pilot.scene == "play"             # the top scene's name

Input goes through pygame's event queue and `App.frame`, as a player's does; nothing is called on
a scene directly. A click must land on something the top scene shows (a button, enabled or not, a
card or pile of the table, the table's Scores button): one that hits nothing raises `NothingThere`,
naming the point and what lies under it, unless the test says `anywhere=True` (a screen that a
click anywhere moves on, a tip, a chart's bar). The waits are bounded by a count of frames and
return whether their condition came true, for the test to assert."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TypeVar

import pygame

from game.ui.scene import Scene
from game.ui.table_anim import Animator
from game.ui.targets import DISCARD_TARGET, DRAW_TARGET, Target
from game.ui.widgets import Button, ButtonGroup
from scenes.names import PLAY
from scenes.play import PlayScene
from scenes.score_overlay import scores_button_hit
from skyjo.app import App

__all__ = ["DISCARD_TARGET", "DRAW_TARGET", "FRAME", "NothingThere", "Pilot", "Target"]

FRAME = 1 / 60  # one frame at 60 fps, the step every app test uses unless it says otherwise
S = TypeVar("S", bound=Scene)
WAIT_FRAMES = 2000  # a wait's bound: over half a minute of game time, far more than any wait needs


def _words(target: Target) -> str:
    """A table target as a test's reader says it."""
    if target.seat is None:
        return f"{target.kind} pile" if target.kind != "hand" else "card in hand"
    return f"card at column {target.col}, row {target.row} of seat {target.seat}'s grid"


class NothingThere(AssertionError):
    """A click of the Pilot hit no button, card or pile of the top scene (a test that clicks a
    place the player cannot see, or a screen that is not on top: a silent no-op otherwise)."""


class Pilot:
    """Drives one App frame by frame with real input events (see the module's note)."""

    def __init__(self, app: App) -> None:
        self.app = app

    # ------------------------------------------------------------------ what shows
    @property
    def top(self) -> Scene:
        """The scene on top of the stack (the one that takes input)."""
        top = self.app.stack.top
        assert top is not None, "the app shows no scene"
        return top

    @property
    def scene(self) -> str:
        """The top scene's name ("menu", "play", "round", …: skyjo/app.py's SCENES)."""
        return self.top.name

    def button(self, label: str) -> Button:
        """The button of the top scene that shows `label`, enabled or not (a click on a disabled one
        does nothing, as for a player). A text field, whose label is what was typed, goes by its
        stable name (`Button.name`)."""
        group = self._buttons()
        found = [b for b in group.buttons if b.label == label] or [b for b in group.buttons if b.name == label]
        shown = ", ".join(repr(b.label) for b in group.buttons)
        assert found, f"{self.scene} shows no button {label!r}; it shows {shown}"
        assert len(found) == 1, f"{self.scene} shows {len(found)} buttons {label!r}"
        return found[0]

    def where(self, target: str | Target) -> tuple[int, int]:
        """The screen position (a centre) of a button of the top scene, by its label (drawn once
        first, so that the button knows where it is), or of a card or pile of the table, where
        the table last laid it out."""
        if isinstance(target, str):
            self.app.frame(FRAME)
            return self._buttons().screen_rect(self.button(target)).center
        play = self.app.stack.find(PLAY)
        assert play is not None, f"no table to click {target} on (the top scene is {self.scene})"
        return play.view.viewport.rect(play.view.target_box(target)).center

    def under(self, pos: tuple[int, int]) -> str | None:
        """What a click at `pos` would land on in the top scene, in words: a button (by its label,
        "disabled" said), a card or pile of the table, the table's Scores button; None for nothing."""
        group = getattr(self.top, "buttons", None)
        if isinstance(group, ButtonGroup):
            for button in group.buttons:
                if group.screen_rect(button).collidepoint(pos):
                    return f"the button {button.label!r}" + ("" if button.enabled else " (disabled)")
        if isinstance(self.top, PlayScene):
            if scores_button_hit(self.top.viewport, pos):
                return "the table's Scores button"
            target = self.top.view.target_at(pos, self.top.board)
            if target is not None:
                return f"the table's {_words(target)}"
        return None

    def _nothing_there(self, pos: tuple[int, int]) -> NothingThere:
        """The error of a click at `pos` that hit nothing: the point, the screens under it (top
        first) and what the top one offers instead."""
        names = [scene.name for scene in reversed(list(self.app.stack.scenes))]
        group = getattr(self.top, "buttons", None)
        offers = [f"{b.label!r} at {tuple(group.screen_rect(b))}" for b in group.buttons] if isinstance(
            group, ButtonGroup) else []
        screens = " over ".join(repr(name) for name in names)
        offer = f"; its buttons: {', '.join(offers)}" if offers else "; it has no buttons"
        return NothingThere(f"a click at {pos} hits nothing: under it is the screen {screens}, no button, card "
                            f"or pile of {self.scene!r} there{offer}")

    def _buttons(self) -> ButtonGroup:
        group = getattr(self.top, "buttons", None)
        assert isinstance(group, ButtonGroup), f"{self.scene} has no buttons"
        return group

    # ------------------------------------------------------------------ input
    def press(self, key: int = pygame.K_RETURN, mod: int = 0, unicode: str = "") -> None:
        """Press a key (Enter by default; `mod` the modifier keys held, `unicode` the character it
        types) through the event queue, then draw one frame."""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
        self.app.frame(FRAME)

    def click(self, target: str | Target, button: int = 1) -> None:
        """Click what the player sees: a button of the top scene by its label (a str), or a card
        or pile of the table (`Target.cell(seat, col, row)`, DRAW_TARGET, DISCARD_TARGET). A card
        while the table is not the top scene (a pause over it) hits nothing: `NothingThere`."""
        self.click_at(self.where(target), button)

    def click_at(self, pos: tuple[int, int], button: int = 1, *, anywhere: bool = False) -> None:
        """A click at a screen position (the button pressed and let go there), then one frame:
        for places with no label (the Scores button; with `anywhere=True`, a place the Pilot
        cannot name: anywhere on a screen, a tip, a chart's bar). `NothingThere` when nothing is
        under it and `anywhere` is not said."""
        if not anywhere and self.under(pos) is None:
            raise self._nothing_there(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.app.frame(FRAME)

    # ------------------------------------------------------------------ time
    def advance(self, frames: int = 1, dt: float = FRAME, *, seconds: float | None = None) -> None:
        """Draw `frames` frames of `dt` each, or as many as make `seconds` of game time: the
        animations and the computer players move on that much."""
        count = frames if seconds is None else math.ceil(seconds / dt)
        for _ in range(count):
            self.app.frame(dt)

    def wait_until(self, condition: Callable[[], object], frames: int = WAIT_FRAMES, dt: float = FRAME) -> bool:
        """Draw frames until `condition()` holds, at most `frames` of them (the condition is
        checked before each). Whether it held: assert on that."""
        for _ in range(frames):
            if condition():
                return True
            self.app.frame(dt)
        return bool(condition())

    def wait_for_animations(self, frames: int = WAIT_FRAMES) -> bool:
        """Draw frames until no card moves on any table of the stack (the play screen, a replay)."""
        return self.wait_until(self._still, frames)

    def _still(self) -> bool:
        animators = (getattr(scene, "anim", None) for scene in self.app.stack.scenes)
        return not any(anim.busy for anim in animators if isinstance(anim, Animator))

    def wait_on_clock(self, condition: Callable[[], object], seconds: float = 60.0) -> bool:
        """Draw frames until `condition()` holds or `seconds` of the machine's clock pass: for
        network play, where the other seats move in real time rather than from frame to frame
        (a minute is far more than any wait needs, and still bounds a test that would hang)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if condition():
                return True
            self.app.frame(FRAME)
            time.sleep(0.001)  # (the network threads get their turn)
        return bool(condition())

    def play_to_game_over(self, on_round: Callable[[Scene], object] | None = None, frames: int = 20000) -> bool:
        """Let the game play on until the game-over screen, pressing Continue on each round's
        score screen (after `on_round(screen)`, if given). Whether the game ended."""

        def game_over() -> bool:
            if self.scene == "round":
                if on_round is not None:
                    on_round(self.top)
                self.press()  # (Continue has the focus)
            return self.scene == "gameover"

        return self.wait_until(game_over, frames)

    def read_in(self, scene: S, seconds: float = 60.0) -> S:
        """Wait (bounded, generous) until `scene` has read off the frame loop what it shows
        (scenes/background.py), then draw the one frame in which it takes the result; `scene`."""
        reading = getattr(scene, "reading", None)
        if reading is not None:
            assert reading.wait(seconds), f"{scene.name} did not finish reading in {seconds} s"
        self.app.frame(FRAME)
        assert getattr(scene, "reading", None) is None, f"{scene.name} still reads"
        return scene
