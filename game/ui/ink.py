"""The ink journal: where one frame put its words, cards and buttons.

While a test (tests/test_layout_overlap.py) or a debug tool turns it on, every text drawn is
written down with its screen rectangle (the inked pixels, not the font's padding), its words
and the box it must stay inside (a panel, a button, a column; by default the window); every
card with its rectangle; every button with its rectangle. The test then looks for two texts
on top of each other, a text on a card, a text out of its box, anything out of the window.

Off (always, in play) every hook costs one attribute check. The scenes of an overlay are
drawn over a veil, so each scene drawn starts a new layer: only inks of one layer, and
buttons of any layers, are compared with each other.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass

import pygame

TEXT, CARD, BUTTON, PANEL, AVATAR = "text", "card", "button", "panel", "avatar"


@dataclass(frozen=True)
class Ink:
    """One thing drawn: its kind, screen rectangle, words (texts and buttons), the box it must
    stay inside (None: the window) and the layer (the scene) it belongs to."""

    kind: str
    rect: pygame.Rect
    words: str = ""
    box: pygame.Rect | None = None
    layer: str = ""


class Journal:
    """The inks of the frames drawn while on (`start`), in drawing order."""

    def __init__(self) -> None:
        self.on = False
        self.inks: list[Ink] = []
        self.layer = ""
        self._boxes: list[pygame.Rect] = []

    def start(self) -> None:
        self.on = True
        self.clear()

    def stop(self) -> None:
        self.on = False

    def clear(self) -> None:
        self.inks.clear()
        self._boxes.clear()
        self.layer = ""

    def new_layer(self, name: str) -> None:
        """What follows is drawn by another scene (an overlay over the one beneath)."""
        self.layer = f"{len({ink.layer for ink in self.inks})}:{name}"

    @property
    def box(self) -> pygame.Rect | None:
        return self._boxes[-1] if self._boxes else None

    def add(self, kind: str, rect: pygame.Rect, words: str = "", box: pygame.Rect | None = None) -> None:
        self.inks.append(Ink(kind, pygame.Rect(rect), words, box if box is not None else self.box, self.layer))


JOURNAL = Journal()


def note_text(words: str, image: pygame.Surface, at: pygame.Rect, box: pygame.Rect | None = None) -> None:
    """The text `words` drawn as `image` at `at`; it must stay inside `box` (default: the box of
    the enclosing `inside`, else the window)."""
    if JOURNAL.on and words.strip():
        inked = image.get_bounding_rect()
        JOURNAL.add(TEXT, inked.move(at.topleft) if inked.w and inked.h else pygame.Rect(at.topleft, (0, 0)),
                    words, box)


def note_card(rect: pygame.Rect) -> None:
    """A card drawn at `rect` (its own number is part of the card, not a text)."""
    if JOURNAL.on:
        JOURNAL.add(CARD, rect)


def note_avatar(rect: pygame.Rect, words: str) -> None:
    """A player's avatar at `rect` (`words`: its colour and figure): no text may lie on it."""
    if JOURNAL.on:
        JOURNAL.add(AVATAR, rect, words)


def note_panel(rect: pygame.Rect, words: str = "") -> None:
    """A panel drawn behind some words (the prompt's, a note's): no other text, nor a card, under it."""
    if JOURNAL.on:
        JOURNAL.add(PANEL, rect, words)


def note_button(rect: pygame.Rect, label: str) -> None:
    """A button at `rect`; its label is recorded by `text` with the button as its box."""
    if JOURNAL.on:
        JOURNAL.add(BUTTON, rect, label)


_OFF = nullcontext()


def inside(rect: pygame.Rect) -> AbstractContextManager[None]:
    """Texts drawn within must stay inside `rect` (a panel, a column, a tip's frame)."""
    return _within(rect) if JOURNAL.on else _OFF


@contextmanager
def _within(rect: pygame.Rect) -> Iterator[None]:
    JOURNAL._boxes.append(pygame.Rect(rect))
    try:
        yield
    finally:
        JOURNAL._boxes.pop()


def collisions(inks: list[Ink], window: pygame.Rect, slack: int = 1) -> list[str]:
    """Every fault in one frame's inks, in words: two texts overlapping, a text on a card, on
    another's button or under another's panel, a panel on a card, a text out of its box, a
    button on a button, anything out of the window.
    Rectangles are shrunk by `slack` px first (lines of a paragraph may touch)."""
    kinds: dict[str, list[Ink]] = {kind: [] for kind in (TEXT, CARD, BUTTON, PANEL, AVATAR)}
    for ink in inks:
        kinds.setdefault(ink.kind, []).append(ink)
    texts, cards, buttons, panels = kinds[TEXT], kinds[CARD], kinds[BUTTON], kinds[PANEL]
    things = cards + buttons + panels + kinds[AVATAR]  # (no words over a player's badge; it may lie on a panel)
    return (_out_of_window(inks, window) + _out_of_box(texts, slack) + _texts_on_things(texts, things, slack)
            + _panels_on_cards(panels, cards, slack) + _buttons_on_buttons(buttons))


def _out_of_window(inks: list[Ink], window: pygame.Rect) -> list[str]:
    return [f"{ink.kind} {ink.words!r} {tuple(ink.rect)} leaves the window {tuple(window)}"
            for ink in inks if ink.rect.w and not window.contains(ink.rect)]


def _out_of_box(texts: list[Ink], slack: int) -> list[str]:
    return [f"text {ink.words!r} {tuple(ink.rect)} leaves its box {tuple(ink.box)}" for ink in texts
            if ink.box is not None and not ink.box.inflate(2 * slack, 2 * slack).contains(ink.rect)]


def _texts_on_things(texts: list[Ink], things: list[Ink], slack: int) -> list[str]:
    """Two texts of one layer overlapping, or a text on a card, a button, a panel or an avatar
    of its layer that is not its own box (a button's own label lies on it, a panel's words on the panel)."""
    faults: list[str] = []
    for i, one in enumerate(texts):
        for other in texts[i + 1:]:
            if one.layer == other.layer and _meet(one.rect, other.rect, slack):
                faults.append(f"texts {one.words!r} {tuple(one.rect)} and {other.words!r} {tuple(other.rect)} overlap")
        faults += [f"text {one.words!r} {tuple(one.rect)} lies on a {thing.kind} {thing.words!r} {tuple(thing.rect)}"
                   for thing in things
                   if thing.layer == one.layer and one.box != thing.rect and _meet(one.rect, thing.rect, slack)]
    return faults


def _panels_on_cards(panels: list[Ink], cards: list[Ink], slack: int) -> list[str]:
    return [f"the panel of {panel.words!r} {tuple(panel.rect)} covers a card {tuple(card.rect)}"
            for panel in panels for card in cards
            if card.layer == panel.layer and _meet(panel.rect, card.rect, slack)]


def _buttons_on_buttons(buttons: list[Ink]) -> list[str]:
    return [f"buttons {one.words!r} {tuple(one.rect)} and {other.words!r} {tuple(other.rect)} overlap"
            for i, one in enumerate(buttons) for other in buttons[i + 1:] if _meet(one.rect, other.rect, 0)]


def _meet(one: pygame.Rect, other: pygame.Rect, slack: int) -> bool:
    return one.inflate(-2 * slack, -2 * slack).colliderect(other.inflate(-2 * slack, -2 * slack))
