"""Animations of the engine's events: one `Step` at a time, each moving a few card sprites
with tweens and changing the Board when it ends.

`Animator.speed` scales time (0 = instant). `skip()` jumps to the end of everything queued.
The steps, one per kind of event, are made by the Animator's EventSteps (table_steps.py): each
says what it puts on the table as it begins (`Staging`), and the Animator sets it, the one owner
of the sprites, the banner while a step plays and the seats' cues (`SeatCues`). The sprites are
card_sprite.py's.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from game.rules import events as ev
from game.ui.card_sprite import FLIGHT_LIFT, CardSprite, Place
from game.ui.table_steps import (
    ARC,
    DEAL_FLIGHT,
    DEAL_SECONDS,
    FLIP_HALF,
    FLIP_LIFT,
    SLIDE,
    EventSteps,
    Stage,
    Staging,
    Step,
)
from game.ui.table_view import Board, TableView
from game.ui.tween import Ease, Tweener

# (the screens and tests import these from here)
__all__ = [
    "ARC", "CUE_SECONDS", "DEAL_FLIGHT", "DEAL_SECONDS", "FADE", "FLIGHT_LIFT", "FLIP_HALF", "FLIP_LIFT", "SLIDE",
    "Animator",
    "CardSprite", "Eyes", "Onlooker", "Place", "SeatCues", "Stage", "Staging", "Step",
]

FADE = 0.15  # reduced motion: a card appears where it lands, fading in over this many seconds
CUE_SECONDS = 2.0  # how long "Robin took the 5 from the discard" stays by a seat's label (at speed 1)


class Eyes(Protocol):
    """Whose eyes the animations show the events to: a card another seat draws stays face down,
    and where it came from is told by that seat's label."""

    @property
    def viewer(self) -> int | None: ...


@dataclass
class Onlooker:
    """Eyes apart from the view's: the round's replay shows each drawer's card to the drawer's
    eyes while its table keeps the seat it was opened for."""

    viewer: int | None = None


class SeatCues:
    """The cues by the seats' labels ("Robin took the 5 from the discard"), on the board: each
    shows for CUE_SECONDS of animation time; one about a card still in hand waits for it to be played."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.time: dict[int, float] = {}  # seat -> seconds its cue (board.cues) still shows
        self.held: dict[int, str] = {}  # seat -> its cue, waiting for the card in hand to be played

    @property
    def showing(self) -> bool:
        return bool(self.time)

    def hold(self, seat: int, words: str) -> None:
        """`seat` holds a card: `words` (where it came from) wait until it is played."""
        self.held[seat] = words

    def release(self, seat: int) -> None:
        """`seat` plays the card it took: the cue saying where it came from shows now (while the
        card was in hand, the caption above it said so)."""
        words = self.held.pop(seat, None)
        if words:
            self.show(seat, words)

    def show(self, seat: int, words: str) -> None:
        """Show `words` by `seat`'s label for CUE_SECONDS of animation time."""
        self.board.cues.pop(seat, None)  # (re-inserted: the cues keep the order they came in)
        self.board.cues[seat] = words
        self.time[seat] = CUE_SECONDS

    def forget(self) -> None:
        """A new round is dealt: no cue shows or waits any more."""
        self.board.cues.clear()
        self.time.clear()
        self.held.clear()

    def age(self, seconds: float) -> None:
        """`seconds` of animation time passed: the cues whose time is up go."""
        for seat in list(self.time):
            self.time[seat] -= seconds
            if self.time[seat] <= 0 or seat not in self.board.cues:
                del self.time[seat]
                self.board.cues.pop(seat, None)


class Animator:
    def __init__(self, board: Board, view: TableView, speed: float = 1.0, eyes: Eyes | None = None) -> None:
        """Plays on `board`, in `view`; the events are seen through `eyes` (by default the view's:
        the animations show what the table shows)."""
        self.board = board
        self.view = view
        self.eyes: Eyes = view if eyes is None else eyes
        self.speed = speed
        self.queue: deque[Step] = deque()
        self.current: Step | None = None
        self.tweener = Tweener()
        self.sprites: list[CardSprite] = []
        self.on_idle: Callable[[], None] | None = None  # called when the queue runs dry
        self.on_sound: Callable[[str], object] | None = None  # given an event kind as its step starts
        self.reduced_motion = False  # accessibility: fades replace flights, flips and lifts
        self._skipping = False
        self.cues = SeatCues(board)  # what each seat just did, by its label
        self.steps = EventSteps(board, view)  # the step that shows each event

    @property
    def viewer(self) -> int | None:
        """Whose eyes the events are shown to (read from `eyes`, never kept here)."""
        return self.eyes.viewer

    @property
    def cueing(self) -> bool:
        """A cue is on screen: it needs frames to fade away (it never holds up the game)."""
        return self.cues.showing or self.view.marker.moving  # (the turn marker gliding: frames too)

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    # ------------------------------------------------------------------ the stage a step plays on
    def _wait(self, seconds: float) -> None:
        """A pause (a banner's reading time, say) as a tween with nothing to move."""
        self.tweener.animate(self, seconds * 1.0)

    def later(self, seconds: float, then: Callable[[], None]) -> None:
        """Call `then` after `seconds` of the step (a tween with nothing to move)."""
        self.tweener.animate(self, 0.0, Ease.LINEAR, seconds, then)

    def enter(self, sprite: CardSprite) -> None:
        """A card comes on the table while a step plays (drawn over the board until it leaves)."""
        self.sprites.append(sprite)

    def leave(self, sprite: CardSprite) -> None:
        """A card has landed: the board shows it now."""
        if sprite in self.sprites:
            self.sprites.remove(sprite)

    def light(self, sprite: CardSprite, seconds: float, easing: Ease, delay: float = 0.0, **ends: float) -> None:
        """Change `sprite` without moving it (a glow, a card leaving the pile): reduced motion keeps it."""
        self.tweener.animate(sprite, seconds, easing, delay, None, **ends)

    def motion(self, sprite: CardSprite, seconds: float, easing: Ease = Ease.IN_OUT_QUAD, delay: float = 0.0,
               on_finished: Callable[[], None] | None = None, **ends: float) -> None:
        """Move `sprite` (position, size, lift, scale_x); with reduced motion it jumps to the end
        after `delay` and fades in there, and a squash or a lift alone is a plain jump."""
        if not self.reduced_motion:
            self.tweener.animate(sprite, seconds, easing, delay, on_finished, **ends)
            return
        ends = {name: value for name, value in ends.items() if name != "lift"}
        appears = bool(ends) and ends.get("scale_x", 1.0) != 0.0

        def fade() -> None:
            self.tweener.animate(sprite, FADE, Ease.LINEAR, on_finished=on_finished, alpha=1.0)

        if appears:
            ends["alpha"] = 0.0
        self.tweener.animate(sprite, 0.0, Ease.LINEAR, delay, fade if appears else on_finished, **ends)

    def arc(self, sprite: CardSprite, seconds: float, height: float, delay: float = 0.0) -> None:
        """`sprite` rises `height` logical px over its path, highest half-way, and settles: its
        lift eases up then down (with reduced motion, nothing: the card fades in where it lands)."""
        self.motion(sprite, seconds / 2, Ease.OUT_QUAD, delay, lift=height)
        self.motion(sprite, seconds / 2, Ease.IN_QUAD, delay + seconds / 2, lift=0.0)

    def update(self, dt: float) -> None:
        self.cues.age(dt * (self.speed or 1.0))  # animation time (instant animations: real time, so they show)
        self.view.reduced_motion = self.reduced_motion
        self.view.marker.step(dt * self.speed if self.speed else 1.0)  # (instant: at once)
        for _step in range(10_000):  # bounded: instant speed finishes many steps in one frame
            if self.current is None:
                if not self.queue:
                    return
                self._start(self.queue.popleft())
                dt = 0.0 if self.speed else dt
            if self.speed == 0:
                self.tweener.finish_all()
            else:
                self.tweener.step(dt * self.speed)
                dt = 0.0
            if self.tweener.busy:
                return
            self._end()

    def _start(self, step: Step) -> None:
        self.current = step
        if self.on_sound is not None and step.kind and not self._skipping:
            self.on_sound(step.kind)
        self._set(step.begin(self))

    def _set(self, staging: Staging) -> None:
        """Put on the table what a step says as it begins."""
        if staging.new_round:
            self.cues.forget()
        if staging.release_cue is not None:
            self.cues.release(staging.release_cue)
        if staging.hold_cue is not None:
            self.cues.hold(*staging.hold_cue)
        if staging.banner is not None:
            self.board.banner = staging.banner
        self.sprites.extend(staging.sprites)
        if staging.wait:
            self._wait(staging.wait)

    def _end(self) -> None:
        step, self.current = self.current, None
        self.sprites.clear()
        self.board.banner = ""
        if step is not None:
            step.end()
        if not self.queue and self.on_idle is not None:
            self.on_idle()

    def skip(self) -> None:
        """Finish the current animation and every queued one at once (silently)."""
        self._skipping = True
        try:
            while self.busy:
                if self.current is None:
                    self._start(self.queue.popleft())
                self.tweener.finish_all()
                self._end()
        finally:
            self._skipping = False

    # ------------------------------------------------------------------ events -> steps
    def add_events(self, events: list[ev.Event]) -> None:
        reveals: list[ev.FinalReveal] = []
        for event in events:
            event = event.for_seat(self.viewer)
            if isinstance(event, ev.FinalReveal):
                reveals.append(event)
                continue
            if reveals:
                self.queue.append(self.steps.final_reveal(reveals))
                reveals = []
            step = self.steps.for_event(event)
            if step is None and self.on_sound is not None:
                step = Step(lambda stage: Staging())  # nothing to animate, something to hear (the game's end)
            if step is not None:
                step.kind = event.kind
                self.queue.append(step)
        if reveals:
            self.queue.append(self.steps.final_reveal(reveals))
