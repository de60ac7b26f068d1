"""Two moves marked on the table: the move a player played and the move Expert prefers (the
review's step screen, scenes/review_step.py).

Each move is a ring around its target (the draw pile, the discard pile, or the card of a grid
a placed card goes on or a reveal turns up) with a tag saying whose move it is. The two differ
in colour (orange and sky blue, apart for every common colour blindness), in line (the
player's dashed, Expert's solid) and in the tag's words, so they read without colour too.
When both moves have the same target, Expert's ring goes around the player's and the tags
take opposite edges.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _
from game.rules import DRAW, REVEAL, TAKE, Action
from game.ui.table_view import TableView
from game.ui.targets import DISCARD_TARGET, DRAW_TARGET, Target
from game.ui.text import Color

YOU_COLOR = (250, 150, 40)
EXPERT_COLOR = (95, 195, 255)
TAG_INK = (14, 18, 22)  # the tag's words: dark on the light fill reads at any size
TAG_SIZE = 34  # logical px, times the text size setting: as large as the note's words
RING_GAP = 6  # logical px between a target's edge and its ring
RING_WIDTH = 6  # logical px


@dataclass(frozen=True)
class MoveMark:
    """One move's mark, in screen px: its ring around the target and its tag."""

    target: Target
    ring: pygame.Rect
    width: int  # the ring's line, px
    tag: pygame.Rect
    words: str
    px: int  # the tag's font size
    color: Color
    dashed: bool


def move_target(action: Action) -> Target:
    """What a move points at: the draw pile, the discard pile, or the cell the card goes on
    (replace) or turns up (reveal)."""
    if action.verb == DRAW:
        return DRAW_TARGET
    if action.verb == TAKE:
        return DISCARD_TARGET
    if action.col is None or action.row is None:
        raise ValueError(f"a {action.verb} has no place on the table")
    return Target.cell(action.seat, action.col, action.row)


def tag_words(mine: bool, action: Action) -> str:
    """ "You", "Expert"; a reveal says so ("You: reveal"): the ring is around the card it turns
    up, while the card in hand goes to the discard pile."""
    who = _("You") if mine else _("Expert")
    return _("{who}: reveal").format(who=who) if action.verb == REVEAL else who


def move_marks(view: TableView, played: Action, best: Action, text_scale: float = 1.0) -> list[MoveMark]:
    """The marks of the move played and of Expert's best move on `view` as last laid out
    (its viewport), the player's first; tags `text_scale` times their size."""
    scale = view.viewport.scale
    width = max(3, round(RING_WIDTH * scale))
    px = max(10, round(TAG_SIZE * scale * text_scale))
    font = view.words.text.font(px, True)
    bounds = pygame.Rect((0, 0), view.size)
    moves = ((True, played), (False, best))
    targets = [move_target(action) for _mine, action in moves]
    rings = []
    for mine, target in zip((True, False), targets, strict=True):
        # the same target twice: Expert's ring goes around the player's
        grow = RING_GAP * scale + (0 if mine or targets[0] != targets[1] else width + 3 * scale)
        card = view.viewport.rect(view.target_box(target))
        ring = card.inflate(round(2 * grow), round(2 * grow))
        if not target.is_cell:  # a pile's caption lies just below it: the ring's foot runs along the card's
            ring.height = card.bottom + 1 - ring.top
        rings.append(ring)
    marks: list[MoveMark] = []
    taken: list[pygame.Rect] = []
    for number, (mine, action) in enumerate(moves):
        other = rings[1 - number]
        # a tag keeps off the middle of the other move's ring too, or it would seem to name that card
        # (a wide tag may cross its edge: across the ring's top or bottom it covers only the cards'
        # corners, where beside the ring it would hide a neighbour's number)
        avoid = taken if targets[0] == targets[1] else [*taken, other.inflate(-other.w // 2, 0)]
        words = tag_words(mine, action)
        w, h = font.size(words)
        tag = _place_tag(pygame.Rect(0, 0, w + h, h + h // 4), rings[number], avoid, bounds, mine,
                         targets[number].is_cell)
        taken.append(tag)
        marks.append(MoveMark(targets[number], rings[number], width, tag, words, px,
                              YOU_COLOR if mine else EXPERT_COLOR, dashed=mine))
    return marks


def _place_tag(tag: pygame.Rect, ring: pygame.Rect, taken: list[pygame.Rect], bounds: pygame.Rect, mine: bool,
               on_cell: bool) -> pygame.Rect:
    """The first place for the tag that covers no other tag and stays in the window: on a
    grid, across the ring's top edge (the player's) or bottom edge (Expert's), else the other
    edge, else beside; on a pile, across its top edge (centred, else flush with a side), else
    above the tag there (a pile's caption lies below it)."""
    top = tag.copy()
    top.midbottom = (ring.centerx, ring.top + tag.h // 2)
    above = top.move(0, -tag.h - max(2, tag.h // 6))
    top_left, top_right = top.copy(), top.copy()  # a wide tag on a pile, clear of the pile beside
    top_left.left = ring.left
    top_right.right = ring.right
    bottom = tag.copy()
    bottom.midtop = (ring.centerx, ring.bottom - tag.h // 2)
    left = tag.copy()
    left.midright = (ring.left + tag.h // 2, ring.centery)
    right = tag.copy()
    right.midleft = (ring.right - tag.h // 2, ring.centery)
    if not on_cell:
        places = [top, top_right, top_left, above, left, right]
    else:
        places = [top, bottom, left, right] if mine else [bottom, top, right, left]
    for place in places:
        if bounds.contains(place) and place.collidelist(taken) < 0:
            return place
    return places[0].clamp(bounds)


def draw_move_marks(surface: pygame.Surface, view: TableView, marks: list[MoveMark]) -> None:
    """The rings, then the tags over them (a tag is never crossed by the other move's ring)."""
    for mark in marks:
        if mark.dashed:
            _dashed_rect(surface, mark.color, mark.ring, mark.width)
        else:
            pygame.draw.rect(surface, mark.color, mark.ring, width=mark.width, border_radius=2 * mark.width)
    for mark in marks:
        radius = mark.tag.h // 3
        pygame.draw.rect(surface, mark.color, mark.tag, border_radius=radius)
        pygame.draw.rect(surface, TAG_INK, mark.tag, width=max(1, mark.width // 3), border_radius=radius)
        image = view.words.text.render(mark.words, mark.px, TAG_INK, True)
        surface.blit(image, image.get_rect(center=mark.tag.center))


def _dashed_rect(surface: pygame.Surface, color: Color, rect: pygame.Rect, width: int) -> None:
    """A rectangle's outline in dashes `width` px thick, starting at each corner."""
    dash, gap = 3 * width, 2 * width
    inner = rect.inflate(-width, -width)  # the line's middle, so the dashes stay inside `rect`
    corners = [inner.topleft, inner.topright, inner.bottomright, inner.bottomleft]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        length = max(abs(x1 - x0), abs(y1 - y0))
        start = 0
        while start < length:
            end = min(length, start + dash)
            a = (x0 + (x1 - x0) * start / length, y0 + (y1 - y0) * start / length)
            b = (x0 + (x1 - x0) * end / length, y0 + (y1 - y0) * end / length)
            pygame.draw.line(surface, color, a, b, width)
            start += dash + gap
