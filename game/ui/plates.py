"""A seat's name plate on the table (its avatar, name, game total and live round score on a
dark plate edged in the seat's colour) and the turn marker, a ring that glides from the seat
that acted to the seat to act (a short fade instead under reduced motion)."""

from __future__ import annotations

import pygame

from game.match import HUMAN, Identity, default_identity
from game.ui.avatars import colour_of, draw_avatar
from game.ui.layout import Box, Viewport
from game.ui.tween import Ease, Tweener
from game.ui.widgets import draw_panel

PLATE = (8, 38, 28, 215)  # darker than the felt: the words read on it, the cloth shows at its edge
BADGE_GAP = 8  # screen px between the avatar and the words beside it
GLIDE = 0.35  # seconds the turn marker takes from one seat to the next
FADE = 0.2  # reduced motion: it appears at the next seat, fading in over this many seconds


def seat_identities(players: int) -> list[Identity]:
    """Identities for a table whose match is not known here (a replay of a record): each seat
    its place's."""
    return [default_identity(seat, HUMAN, "") for seat in range(players)]


def badge_room(label: pygame.Rect, px: int, above: bool) -> pygame.Rect:
    """The label box less the avatar's room: above the words (a tall label: the words keep its
    whole width) or on their left."""
    room = px + BADGE_GAP
    if above:
        return pygame.Rect(label.x, label.y + room, label.w, max(0, label.h - room))
    return pygame.Rect(label.x + room, label.y, max(0, label.w - room), label.h)


def draw_plate(surface: pygame.Surface, identity: Identity, words: list[pygame.Rect], px: int, above: str,
               bounds: pygame.Rect, radius: int) -> pygame.Rect:
    """The plate behind the words (already placed) and the avatar with them ("" on their left;
    "name" before the first line; "left" or "right" above them, on that side, "left below" or
    "right below" under them);
    returns the avatar's rectangle. The plate keeps within `bounds` (the label's own box, a
    little grown)."""
    block = words[0].unionall(words[1:])
    badge = pygame.Rect(0, 0, px, px)
    if above.endswith("below"):
        top = block.bottom + BADGE_GAP // 2
        if above.startswith("right"):
            badge.topright = (block.right, top)
        else:
            badge.topleft = (block.left, top)
    elif above == "name":  # on the name's line (the first), before it
        badge.midright = (words[0].left - BADGE_GAP // 2, words[0].centery)
    elif above == "right":
        badge.bottomright = (block.right, block.top - BADGE_GAP // 2)
    elif above:
        badge.bottomleft = (block.left, block.top - BADGE_GAP // 2)
    else:
        badge.center = (round(block.left - BADGE_GAP - px / 2), block.centery)
    plate = block.union(badge).inflate(12, 8).clip(bounds)
    draw_panel(surface, plate, PLATE, radius)  # (cached by size: no surface made per frame)
    pygame.draw.rect(surface, colour_of(identity), plate, width=2, border_radius=radius)
    return draw_avatar(surface, identity, badge.center, px)


class TurnMarker:
    """Where the ring around the grid of the seat to act is now (logical px), moved by tweens."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.x = self.y = self.w = self.h = 0.0
        self.alpha = 1.0
        self.tweener = Tweener()

    @property
    def moving(self) -> bool:
        return self.tweener.busy

    def forget(self) -> None:
        """The table turned (another viewer): the next seat's ring appears in place."""
        self.seat = None
        self.tweener = Tweener()

    def aim(self, seat: int | None, ring: Box | None, reduced_motion: bool) -> None:
        """The seat to act is `seat`, its ring `ring`: glide there (or fade in there)."""
        if seat == self.seat or ring is None:
            self.seat = seat if ring is not None else None
            return
        first = self.seat is None
        self.seat = seat
        self.tweener = Tweener()
        if first:
            self.x, self.y, self.w, self.h, self.alpha = ring.x, ring.y, ring.w, ring.h, 1.0
        elif reduced_motion:
            self.x, self.y, self.w, self.h, self.alpha = ring.x, ring.y, ring.w, ring.h, 0.0
            self.tweener.animate(self, FADE, Ease.LINEAR, alpha=1.0)
        else:
            self.alpha = 1.0
            self.tweener.animate(self, GLIDE, Ease.OUT_CUBIC, x=ring.x, y=ring.y, w=ring.w, h=ring.h)

    def step(self, dt: float) -> None:
        self.tweener.step(dt)

    def draw(self, surface: pygame.Surface, viewport: Viewport, colour: tuple[int, int, int]) -> None:
        if self.seat is None or self.alpha <= 0:
            return
        rect = viewport.rect(Box(self.x, self.y, self.w, self.h))
        width = max(2, round(4 * viewport.scale))
        radius = max(3, rect.h // 30)
        if self.alpha >= 1:
            pygame.draw.rect(surface, colour, rect, width=width, border_radius=radius)
            return
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*colour, round(255 * self.alpha)), layer.get_rect(), width=width, border_radius=radius)
        surface.blit(layer, rect)
