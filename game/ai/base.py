"""What every computer player shares: the Bot protocol and small helpers on a SeatView.

A bot sees a `SeatView` and nothing else (RULES.md section 8); its only randomness is its
own `random.Random(seed)`, so the same view and seed give the same decision.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Protocol, runtime_checkable

from game.rules import COLS, ROWS, Action, SeatView


class BotError(RuntimeError):
    """A bot failed: an illegal or malformed answer, a timeout or a crash. The message names the bot."""


@runtime_checkable
class Bot(Protocol):
    name: str

    def decide(self, view: SeatView) -> Action: ...

    def notify(self, message: dict) -> None: ...

    def close(self) -> None: ...


class BaseBot:
    """A built-in level: seeded, stateless between decisions apart from its generator."""

    level = "base"

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
        if view.phase == "turn" and view.holding is None:
            self.turns += 1

    def decide(self, view: SeatView) -> Action:
        raise NotImplementedError

    def spread_opening_flip(self, view: SeatView) -> Action:
        """An opening flip in a column with no face-up card yet: more columns to build on."""
        grid = view.grid()
        hidden = face_down(grid)
        open_cols = {i % COLS for i, cell in enumerate(grid) if isinstance(cell, int)}
        fresh = [i for i in hidden if i % COLS not in open_cols]
        return action_at(view, "flip", self.rng.choice(fresh or hidden))

    def notify(self, message: dict) -> None:
        """A new round starts the turn count again; the view holds everything else."""
        if message.get("type") in ("round_over", "game_over"):
            self.turns, self._round = 0, None

    def close(self) -> None:
        """Nothing to release."""


# ---------------------------------------------------------------- view helpers
def column_cells(col: int) -> tuple[int, int, int]:
    return tuple(col + COLS * row for row in range(ROWS))  # type: ignore[return-value]


def face_down(grid: tuple) -> list[int]:
    return [i for i, cell in enumerate(grid) if cell == "?"]


def face_up_cells(grid: tuple) -> list[int]:
    return [i for i, cell in enumerate(grid) if isinstance(cell, int)]


def mean_unseen(view: SeatView) -> float:
    """The expected value of a card this seat has not seen (card counting)."""
    unseen = view.unseen_cards()
    count = sum(n for n in unseen.values() if n > 0)
    if count == 0:
        return sum(view.edition.deck()) / view.edition.deck_size()
    return sum(v * n for v, n in unseen.items() if n > 0) / count


def positive(counter: Counter) -> Counter:
    return Counter({value: n for value, n in counter.items() if n > 0})


def action_at(view: SeatView, verb: str, index: int) -> Action:
    return Action(view.seat, verb, index % COLS, index // COLS)


def pick(view: SeatView, wanted: Action) -> Action:
    """The legal action equal to `wanted` (the interned one), or the first legal one as a safe fallback."""
    for action in view.legal:
        if action == wanted:
            return action
    return view.legal[0]
