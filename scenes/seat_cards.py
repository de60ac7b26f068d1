"""Where the setup screen's player cards go (logical px): one card per seat and one to add a
seat, in one row up to five cards, in two rows beyond; and the places of a card's controls."""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.layout import Box

AREA = Box(100, 220, 1720, 570)  # the cards' band, between the edition row and the options row
GAP = 20
PAD = 14
MOST_ACROSS = 5
WIDEST = 420  # a card is no wider than this (two seats: cards side by side, not a stretched band)


def card_boxes(count: int) -> list[Box]:
    """`count` cards filling the band, centred, row by row."""
    rows = 1 if count <= MOST_ACROSS else 2
    across = -(-count // rows)
    w = min(WIDEST, (AREA.w - GAP * (across - 1)) / across)
    h = AREA.h if rows == 1 else (AREA.h - GAP) / 2
    h = min(h, 400)  # (one row: as tall as its controls, the rest of the band shared above and below)
    boxes = []
    for index in range(count):
        row, col = divmod(index, across)
        in_row = min(across, count - row * across)
        left = AREA.x + (AREA.w - in_row * w - (in_row - 1) * GAP) / 2
        top = AREA.y + (AREA.h - rows * h - (rows - 1) * GAP) / 2
        boxes.append(Box(left + col * (w + GAP), top + row * (h + GAP), w, h))
    return boxes


@dataclass(frozen=True)
class CardPlaces:
    """A seat card's controls: the avatar (click: the next one), the name, the colour, who
    plays, the computer's level, and the cross that removes the seat."""

    avatar: Box
    name: Box
    colour: Box
    kind: Box
    level: Box
    remove: Box


def card_places(card: Box, rows: int = 3) -> CardPlaces:
    """The avatar with the colour beside it and the cross in the corner, then the name, who
    plays and the level, each a row as wide as the card (a long name keeps its size). A card of
    `rows` 2 (a person: no level) spreads its two rows over the card's height, not leaving a band."""
    inner = Box(card.x + PAD, card.y + PAD, card.w - 2 * PAD, card.h - 2 * PAD)
    side = min(110.0, inner.w * 0.35, inner.h * 0.3)
    row = min(90.0, (inner.h - side - 3 * 6) / 3)
    gap = (inner.h - side - rows * row) / rows  # above each row: 6 px on a full card
    cross = min(48.0, side / 2)
    beside = inner.x + side + 8
    swatch_h = min(row, side)  # the colour: as tall as a row, level with the avatar, clear of the cross
    tops = [inner.y + side + gap + index * (row + gap) for index in range(3)]
    return CardPlaces(
        avatar=Box(inner.x, inner.y, side, side),
        name=Box(inner.x, tops[0], inner.w, row),
        colour=Box(beside, inner.y + (side - swatch_h) / 2, inner.right - cross - 8 - beside, swatch_h),
        kind=Box(inner.x, tops[1], inner.w, row),
        level=Box(inner.x, tops[2], inner.w, row),
        remove=Box(inner.right - cross, inner.y, cross, cross),
    )
