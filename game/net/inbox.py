"""A queue between a network thread and the table's thread that can wake the reader: the
desktop app sleeps while nothing moves (skyjo/app.py), so a message arriving from the network
must be able to wake it at once rather than at its next idle tick."""

from __future__ import annotations

import queue
from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Inbox(queue.Queue[T], Generic[T]):
    """A `queue.Queue` that calls `on_put` (from the writer's thread) after each item arrives."""

    def __init__(self) -> None:
        super().__init__()
        self.on_put: Callable[[], Any] | None = None  # must be thread-safe (e.g. posting an event)

    def put(self, item: T, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        hook = self.on_put
        if hook is not None:
            hook()
