"""Surfaces kept for reuse, bounded by the memory their pixels take (issue #30, item 14).

Rendered labels and panels are cached because a frame redraws the same ones, but what they
show changes with play (scores, names, a panel sized to its text), so a cache bounded only by
a count of entries kept megabytes of pixels from earlier games: a long session grew by about
0.6 MB a game. Here the least recently used surfaces go first once the pixels pass a budget,
so what the current screen draws stays cached and a finished game's labels leave.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Protocol, TypeVar

import pygame

MB = 2**20


class Clearable(Protocol):
    def clear(self) -> None: ...


C = TypeVar("C", bound=Clearable)
_TABLE_PICTURES: list[Clearable] = []


def table_pictures(cache: C) -> C:
    """Marks a module's cache of pictures a table draws (its felt, the card pieces at its sizes,
    the veil over it...) as the table's: `forget_table_pictures` empties it when the table goes
    (issue 47: after one game the menu held three times the pixels it held when first shown)."""
    _TABLE_PICTURES.append(cache)
    return cache


def forget_table_pictures() -> None:
    """The table went: its pictures go with it (a screen that wants one again paints it again)."""
    for cache in _TABLE_PICTURES:
        cache.clear()


def pixel_bytes(surface: pygame.Surface) -> int:
    """The memory a surface's pixels take (rows padded as SDL stores them)."""
    return surface.get_pitch() * surface.get_height()


def screen_bytes() -> int:
    """The pixels of the window's surface (0 without one): a budget follows the window, so a
    large screen's frame still fits its cache."""
    if not pygame.display.get_init():
        return 0
    screen = pygame.display.get_surface()
    return 0 if screen is None else screen.get_width() * screen.get_height() * 4


class SurfaceCache:
    """Surfaces by key, least recently used dropped first once their pixels pass the budget:
    `budget` bytes, or `per_screen` times the window's pixels when that is more; and at most
    `max_items` entries. The surface just stored is always kept, whatever its size."""

    def __init__(self, budget: int, per_screen: float = 0.0, max_items: int | None = None) -> None:
        self.budget = budget
        self.per_screen = per_screen
        self.max_items = max_items
        self._surfaces: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._surfaces)

    @property
    def bytes(self) -> int:
        """The pixels held now, in bytes."""
        return self._bytes

    def limit(self) -> int:
        """The budget in bytes now (it follows the window's size)."""
        return max(self.budget, int(self.per_screen * screen_bytes()))

    def get(self, key: Hashable) -> pygame.Surface | None:
        surface = self._surfaces.get(key)
        if surface is not None:
            self._surfaces.move_to_end(key)  # used this frame: the last to go
        return surface

    def put(self, key: Hashable, surface: pygame.Surface) -> pygame.Surface:
        old = self._surfaces.pop(key, None)
        if old is not None:
            self._bytes -= pixel_bytes(old)
        self._surfaces[key] = surface
        self._bytes += pixel_bytes(surface)
        limit = self.limit()
        while len(self._surfaces) > 1 and (self._bytes > limit or
                                           (self.max_items is not None and len(self._surfaces) > self.max_items)):
            _key, dropped = self._surfaces.popitem(last=False)
            self._bytes -= pixel_bytes(dropped)
        return surface

    def clear(self) -> None:
        self._surfaces.clear()
        self._bytes = 0
