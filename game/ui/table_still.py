"""What of the table holds still between frames, composed once and blitted whole (issue 47): the
cards at rest with the words over them (the seats' plates, the pile captions, the cues, the card
in hand and its caption, the round's box) and the turn marker when it is not moving.

A frame used to draw the plates with their avatars, fit every label's words and blit some forty
pieces each time, though they change only when the board does; now a frame whose board, marker
and words are as before costs one blit, and only a changed one paints them again (in the same
order, onto a copy of the resting cards, so the pixels are the same)."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game.ui.table_text import Placed


class StillFrame:
    """The composed picture and the texts placed on it, kept until its key changes."""

    def __init__(self) -> None:
        self._image: pygame.Surface | None = None
        self._key: Hashable = None
        self._placed: list[Placed] = []

    def forget(self) -> None:
        """The table goes (or turns): the picture is no longer wanted."""
        self._image, self._key, self._placed = None, None, []

    def frame(self, key: Hashable, base: pygame.Surface,
              paint: Callable[[pygame.Surface], list[Placed]]) -> tuple[pygame.Surface, list[Placed]]:
        """The picture for `key`: `base` (the resting cards) with `paint`'s drawing over it, made
        again only when the key differs from the last one's; with the texts `paint` placed."""
        image = self._image
        if image is None or key != self._key or image.get_size() != base.get_size():
            if image is None or image.get_size() != base.get_size():
                image = self._image = base.copy()
            else:
                image.blit(base, (0, 0))
            self._key = None  # (a painter that fails leaves no stale picture behind)
            self._placed = paint(image)
            self._key = key
        return image, self._placed
