"""A room's outbox: what its host sends, held until the save that includes it is durable, then let
go in the order it was sent. So every move is kept where the room lives before its players hear
of it, though the save itself is written off the loop (saving.py).

    outbox.hold(deliver)        # a message (or a close) to let go later, in order
    number = outbox.saving()    # a save handed over: what was held so far waits for it
    outbox.saved(number)        # that save is durable: everything waiting for it (or older) goes
    outbox.flush()              # the step is over: what no new save follows goes once older saves are durable

The table tells its observers of a move and then saves it, in one call: so what is held between
two saves belongs to the later one, and what is still loose when the room's step ends (a lobby,
a refusal: nothing to save) only waits for the saves handed over before it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

Deliver = Callable[[], object]


class Outbox:
    def __init__(self) -> None:
        self._loose: list[Deliver] = []  # held since the last save was handed over
        self._waiting: deque[tuple[int, list[Deliver]]] = deque()  # (save number, what waits for it)
        self._handed = 0  # saves handed over
        self._durable: set[int] = set()  # saves known durable whose batch waits for an older one

    @property
    def held(self) -> int:
        """Deliveries not let go yet."""
        return len(self._loose) + sum(len(batch) for _number, batch in self._waiting)

    def hold(self, deliver: Deliver) -> None:
        self._loose.append(deliver)

    def saving(self) -> int:
        """A save was handed over: what was held so far goes once it is durable. Its number."""
        self._handed += 1
        self._waiting.append((self._handed, self._loose))
        self._loose = []
        return self._handed

    def saved(self, number: int) -> None:
        """Save `number` is durable. What waits for it goes once every older save is durable too
        (a room's saves are of two files, its game and its seat tokens: neither vouches for the other)."""
        self._durable.add(number)
        while self._waiting and self._waiting[0][0] in self._durable:
            number, batch = self._waiting.popleft()
            self._durable.discard(number)
            _let_go(batch)

    def flush(self) -> None:
        """What is loose goes after what waits for a save (at once if nothing does)."""
        loose, self._loose = self._loose, []
        if self._waiting:
            self._waiting[-1][1].extend(loose)
        else:
            _let_go(loose)

    def drop(self) -> int:
        """Forget everything held (the server stops before those saves are durable); how much."""
        dropped = self.held
        self._loose, self._waiting, self._durable = [], deque(), set()
        return dropped


def _let_go(batch: list[Deliver]) -> None:
    for deliver in batch:
        deliver()
