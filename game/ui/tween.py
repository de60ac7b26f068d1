"""Tweens as data: an attribute moved from a start to an end value over a duration,
advanced by `step(dt)` (seconds), shaped by an easing (`Ease`).

Nothing here reads a clock, so tests advance time by hand.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from enum import StrEnum
from typing import Any

Easing = Callable[[float], float]


class Ease(StrEnum):
    """The shape of a tween's path: how far along it is at each fraction of its time. A member
    is its name, so a name given as a plain string still chooses it (`get_easing`)."""

    LINEAR = "linear"
    IN_QUAD = "in_quad"
    OUT_QUAD = "out_quad"
    IN_OUT_QUAD = "in_out_quad"
    OUT_CUBIC = "out_cubic"
    IN_OUT_SINE = "in_out_sine"
    OUT_BACK = "out_back"
    OUT_BOUNCE = "out_bounce"


def get_easing(name: str) -> Easing:
    """The function f(t) for t in [0, 1], with f(0) = 0 and f(1) = 1, that shapes `name`'s path."""
    try:
        return EASINGS[Ease(name)]
    except ValueError:
        raise ValueError(f"unknown easing {name!r}; known: {', '.join(sorted(EASINGS))}") from None


def linear(t: float) -> float:
    return t


def in_quad(t: float) -> float:
    return t * t


def out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - 2 * (1 - t) * (1 - t)


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_sine(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


def out_back(t: float) -> float:
    # overshoots a little, then settles: a card "landing"
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def out_bounce(t: float) -> float:
    if t < 1 / 2.75:
        return 7.5625 * t * t
    if t < 2 / 2.75:
        t -= 1.5 / 2.75
        return 7.5625 * t * t + 0.75
    if t < 2.5 / 2.75:
        t -= 2.25 / 2.75
        return 7.5625 * t * t + 0.9375
    t -= 2.625 / 2.75
    return 7.5625 * t * t + 0.984375


EASINGS: dict[Ease, Easing] = {
    Ease.LINEAR: linear, Ease.IN_QUAD: in_quad, Ease.OUT_QUAD: out_quad, Ease.IN_OUT_QUAD: in_out_quad,
    Ease.OUT_CUBIC: out_cubic, Ease.IN_OUT_SINE: in_out_sine, Ease.OUT_BACK: out_back, Ease.OUT_BOUNCE: out_bounce,
}


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


class Tween:
    """Move attributes of `target` to the given values over `duration` seconds.

    `delay` seconds pass before it starts (the start values are read then, so tweens can be
    chained on the same attribute). `on_finished` runs once, when the end is reached."""

    def __init__(
        self,
        target: Any,
        duration: float,
        easing: Ease = Ease.IN_OUT_QUAD,
        delay: float = 0.0,
        on_finished: Callable[[], None] | None = None,
        **ends: float,
    ) -> None:
        if duration < 0 or delay < 0:
            raise ValueError("a tween's duration and delay cannot be negative")
        self.target = target
        self.duration = duration
        self.ease = get_easing(easing)
        self.delay = delay
        self.on_finished = on_finished
        self.ends = ends
        self.starts: dict[str, float] | None = None
        self.elapsed = 0.0
        self.done = False

    def step(self, dt: float) -> float:
        """Advance by dt seconds; return the time left over once finished (for chaining)."""
        if self.done:
            return dt
        if self.delay > 0:
            used = min(dt, self.delay)
            self.delay -= used
            dt -= used
            if self.delay > 0:
                return 0.0
        if self.starts is None:
            self.starts = {name: getattr(self.target, name) for name in self.ends}
        self.elapsed += dt
        if self.duration == 0 or self.elapsed >= self.duration:
            self._set(1.0)
            self.finish()
            return self.elapsed - self.duration if self.duration else dt
        self._set(self.elapsed / self.duration)
        return 0.0

    def _set(self, fraction: float) -> None:
        shaped = self.ease(fraction)
        assert self.starts is not None
        for name, end in self.ends.items():
            setattr(self.target, name, lerp(self.starts[name], end, shaped))

    def finish(self) -> None:
        """Jump to the end (skipping) and call on_finished once."""
        if self.done:
            return
        if self.starts is None:
            self.starts = {name: getattr(self.target, name) for name in self.ends}
        self._set(1.0)
        self.done = True
        if self.on_finished is not None:
            self.on_finished()


class Tweener:
    """A set of running tweens, stepped together; finished ones drop out."""

    def __init__(self) -> None:
        self.tweens: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self.tweens.append(tween)
        return tween

    def animate(self, target: Any, duration: float, easing: Ease = Ease.IN_OUT_QUAD, delay: float = 0.0,
                on_finished: Callable[[], None] | None = None, **ends: float) -> Tween:
        return self.add(Tween(target, duration, easing, delay, on_finished, **ends))

    @property
    def busy(self) -> bool:
        return any(not tween.done for tween in self.tweens)

    def step(self, dt: float) -> None:
        # callbacks may add tweens: step a snapshot, keep the new ones
        for tween in list(self.tweens):
            tween.step(dt)
        self.tweens = [tween for tween in self.tweens if not tween.done]

    def finish_all(self) -> None:
        """Skip: every tween (and any that their callbacks start) jumps to its end."""
        for _ in range(100):  # callbacks may chain more tweens; bounded
            if not self.tweens:
                return
            current, self.tweens = self.tweens, []
            for tween in current:
                tween.finish()
