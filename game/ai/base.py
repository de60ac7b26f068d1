"""What every computer player shares: the Bot protocol and small helpers on a SeatView.

A bot sees a `SeatView` and nothing else (docs/rules.md §12); its only randomness is its
own `random.Random(seed)`, so the same view and seed give the same decision.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from game.rules import COLS, FLIP, GAME_OVER, HIDDEN, ROUND_OVER, TURN, Action, SeatView
from game.rules.actions import brief


class BotError(RuntimeError):
    """A bot failed: an illegal or malformed answer, a timeout or a crash. The message names the bot."""


class IllegalChoiceError(BotError):
    """A built-in level chose an action that is not legal: a bug in that level, never papered over."""

    def __init__(self, wanted: object, view: SeatView, bot: str | None = None) -> None:
        self.wanted, self.seat, self.phase, self.legal = wanted, view.seat, view.phase, list(view.legal)
        self.bot = bot
        super().__init__(str(self))

    def __str__(self) -> str:
        legal = ", ".join(str(action) for action in self.legal[:4]) + (", ..." if len(self.legal) > 4 else "")
        chosen = str(self.wanted) if isinstance(self.wanted, Action) else brief(self.wanted)
        return (f"bot {self.bot or '(unknown level)'} at seat {self.seat} chose {chosen}, "
                f"which is not legal in the {self.phase} phase (legal: {legal or 'nothing'})")

    def __reduce__(self) -> tuple:
        return BotError, (str(self),)  # crosses a process boundary (simulate's workers) as its message


@runtime_checkable
class Bot(Protocol):
    name: str

    def decide(self, view: SeatView) -> Action: ...

    def notify(self, message: dict) -> None: ...

    def close(self) -> None: ...


class BaseBot:
    """A built-in level: seeded, stateless between decisions apart from its generator."""

    level = "base"

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "decide" in cls.__dict__:  # setattr: a type checker rightly refuses to assign a method
            setattr(cls, "decide", _naming_the_bot(cls.__dict__["decide"]))  # noqa: B010

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.name = self.level
        self.rng = random.Random(seed)
        self.turns = 0  # own turns begun in the current round (a player's sense of time)
        self._round: int | None = None

    def reset(self, seed: int | None = None) -> None:
        """Restart the generator and the turn count, as for a new game."""
        self.rng = random.Random(self.seed if seed is None else seed)
        self.turns, self._round = 0, None

    def join_round(self, round_number: int, turns: int) -> None:
        """Take a seat mid-round as if this bot had already played `turns` of its turns in it."""
        self.turns, self._round = turns, round_number

    def count_turn(self, view: SeatView) -> None:
        """Count own turns per round (a person remembers how long a round has gone on)."""
        if view.round != self._round:
            self.turns, self._round = 0, view.round
        if view.phase == TURN and view.holding is None:
            self.turns += 1

    def decide(self, view: SeatView) -> Action:
        raise NotImplementedError

    def spread_opening_flip(self, view: SeatView) -> Action:
        """An opening flip in a column with no face-up card yet: more columns to build on."""
        grid = view.grid()
        hidden = face_down(grid)
        open_cols = {i % COLS for i, cell in enumerate(grid) if isinstance(cell, int)}
        fresh = [i for i in hidden if i % COLS not in open_cols]
        return action_at(view, FLIP, self.rng.choice(fresh or hidden))

    def notify(self, message: dict) -> None:
        """A new round starts the turn count again; the view holds everything else."""
        if message.get("type") in (ROUND_OVER, GAME_OVER):  # the messages are named after the phase
            self.turns, self._round = 0, None

    def close(self) -> None:
        """Nothing to release."""


# ---------------------------------------------------------------- view helpers
def face_down(grid: tuple) -> list[int]:
    return [i for i, cell in enumerate(grid) if cell == HIDDEN]


def face_down_count(grid: tuple) -> int:
    return grid.count(HIDDEN)


def face_up_cells(grid: tuple) -> list[int]:
    return [i for i, cell in enumerate(grid) if isinstance(cell, int)]


def action_at(view: SeatView, verb: str, index: int) -> Action:
    return Action(view.seat, verb, index % COLS, index // COLS)


def pick(view: SeatView, wanted: Action) -> Action:
    """The legal action equal to `wanted` (the interned one). A choice that is not legal is a
    bug in the bot: it raises IllegalChoiceError rather than play something else quietly."""
    for action in view.legal:
        if action == wanted:
            return action
    raise IllegalChoiceError(wanted, view)


def _naming_the_bot(decide: Callable[[BaseBot, SeatView], Action]) -> Callable[[BaseBot, SeatView], Action]:
    """`decide`, adding the bot's name to an IllegalChoiceError from `pick` (which sees only the view)."""

    @functools.wraps(decide)
    def named(self: BaseBot, view: SeatView) -> Action:
        try:
            return decide(self, view)
        except IllegalChoiceError as error:
            if error.bot is None:
                error.bot = self.name
                error.args = (str(error),)
            raise

    return named
