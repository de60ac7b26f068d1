"""The cards at rest on the table, a part the TableView (table_view.py) owns: the felt, the seat
panels and the empty slots, painted once per window size and round, and every card lying still
on them, kept between frames so that only the places whose card changed are repainted (a frame
costs one blit however many cards). The cards that move are the animator's sprites, drawn over it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules import CELLS, COLS
from game.ui.board import Board, Cell
from game.ui.card_art import CardArt, shadow_rect
from game.ui.felt import felt
from game.ui.layout import Box, TableLayout
from game.ui.table_text import TableText
from game.ui.targets import DISCARD_PILE, DRAW_PILE
from game.ui.widgets import FELT

SEAT_PANEL = (10, 60, 42)
_UNSET = object()
STACK_CARDS = 10  # the draw pile shows one card edge per this many cards left...
STACK_MOST = 8  # ...up to this many


Place = tuple[int, int] | str  # where a card lies: a cell, (seat, index), or a pile (DRAW_PILE, DISCARD_PILE)


@dataclass(frozen=True)
class Piles:
    """Where the two piles lie on the screen: the painters of words keep clear of them."""

    draw: pygame.Rect
    discard: pygame.Rect


def stack_layers(count: int) -> int:
    """How many card edges the draw pile shows for `count` cards left (0: none, an empty pile)."""
    return min(STACK_MOST, -(-count // STACK_CARDS)) if count > 0 else 0


def stack_step(card_h: int) -> int:
    """The screen px between two edges of the stack, for cards `card_h` px tall."""
    return max(2, round(card_h * 0.015))  # (at least 2 px: one pale edge line and one dark)


def cell_box(layout: TableLayout, seat: int, index: int) -> Box:
    """Where cell `index` (reading order) of `seat`'s grid lies."""
    return layout.seats[seat].cell(index % COLS, index // COLS)


def card_surface(art: CardArt, value: Cell, width: int, height: int) -> pygame.Surface:
    """A card's face (a value) or its back (face down), at this size."""
    if isinstance(value, int):
        return art.face(value, width, height)
    return art.back(width, height)


def blit_shadow(art: CardArt, surface: pygame.Surface, card: pygame.Rect, lift: float = 0.0) -> None:
    """The soft shadow of a card lying (or lifted `lift` px) at `card`."""
    surface.blit(art.shadow(card.w, card.h), shadow_rect(card, lift))


class RestingCards:
    """The background and the cards lying still on it, repainted where a card changed. It
    places them by the words' shared part (the layout, the viewport) and keeps each card place's
    screen rect (`places`; the piles', which the painters of words keep clear of: `piles`)."""

    def __init__(self, words: TableText, art: CardArt) -> None:
        self.words = words
        self.art = art
        self.drawn: dict[Place, Cell | int | None] = {}  # what lies there now (a value, HIDDEN, a stack's edges)
        self.places: dict[Place, pygame.Rect] = {}  # each card place's screen rect, the piles included
        self._background: pygame.Surface | None = None
        self._background_key: tuple = ()
        self._layer: pygame.Surface | None = None
        self._layer_source: pygame.Surface | None = None
        self.version = 0  # counts the changes to the picture returned by `resting` (its readers' cache key)

    def forget(self) -> None:
        """The seats moved (the table turned to another viewer): paint it all again."""
        self._background = None  # the panels and slots are repainted where the seats now are
        self._layer = None

    def _static(self, surface: pygame.Surface, board: Board) -> pygame.Surface:
        """Felt, seat panels and empty slots: drawn once per window size and round."""
        key = (surface.get_size(), board.participants, self.art.theme)  # a theme switch repaints the cards
        if self._background is None or key != self._background_key:
            background = pygame.Surface(surface.get_size())
            if pygame.display.get_surface():  # (convert() needs a display; a headless render has none)
                background = background.convert()
            background.blit(felt(surface.get_size(), FELT), (0, 0))  # the cloth reaches the window's edges
            layout, viewport = self.words.layout, self.words.viewport
            for area in layout.seats:
                if area.seat not in board.participants:
                    continue
                panel = viewport.rect(area.grid.inflate(14))
                pygame.draw.rect(background, SEAT_PANEL, panel, border_radius=max(3, panel.h // 30))
                for index in range(CELLS):
                    rect = viewport.rect(cell_box(layout, area.seat, index))
                    background.blit(self.art.slot(rect.w, rect.h), rect)
            for box in (layout.draw_pile, layout.discard_pile):
                rect = viewport.rect(box)
                background.blit(self.art.slot(rect.w, rect.h), rect)
            self._background, self._background_key = background, key
        return self._background

    def resting(self, surface: pygame.Surface, board: Board) -> pygame.Surface:
        """The background with every card at rest. Kept between frames: only the places
        whose card changed are repainted, so a frame costs one blit however many cards."""
        background = self._static(surface, board)
        if self._layer is None or self._layer_source is not background:
            self._new_layer(background, board.players)
        wanted = self._wanted(board)
        drawn = self.drawn
        changed = [place for place, value in wanted.items() if drawn.get(place, _UNSET) != value]
        for place in changed:
            drawn[place] = wanted[place]
        for place in changed:
            self._repaint(background, self.places[place])
        if changed:
            self.version += 1
        assert self._layer is not None
        return self._layer

    def _new_layer(self, background: pygame.Surface, players: int) -> None:
        """A fresh copy of the background, nothing on it yet, and each card place's rect."""
        self._layer, self._layer_source = background.copy(), background
        self.drawn = {}
        self.version += 1
        layout, viewport = self.words.layout, self.words.viewport
        self.places = {(seat, index): viewport.rect(cell_box(layout, seat, index))
                       for seat in range(players) for index in range(CELLS)}
        self.places[DRAW_PILE] = viewport.rect(layout.draw_pile)
        self.places[DISCARD_PILE] = viewport.rect(layout.discard_pile)

    @staticmethod
    def _wanted(board: Board) -> dict[Place, Cell | int | None]:
        """What should lie at each place now: the stack's edges, the discard's top, each card
        (None: nothing, or a card a sprite draws instead)."""
        wanted: dict[Place, Cell | int | None] = {DRAW_PILE: stack_layers(board.draw_count) or None,
                                                  DISCARD_PILE: board.discard_top}
        for seat in board.participants:
            grid = board.grids[seat]
            for index in range(CELLS):
                wanted[seat, index] = None if (seat, index) in board.hidden else grid[index]
        return wanted

    def _repaint(self, background: pygame.Surface, rect: pygame.Rect) -> None:
        """Repaint the place at `rect` and its shadow's reach: the cloth, then the shadows and the
        cards of every place there (a neighbour's shadow may fall into it)."""
        area = self._reach(rect)
        rects = self.places
        near = [(place, rects[place]) for place, value in self.drawn.items()
                if value is not None and self._reach(rects[place]).colliderect(area)]
        layer = self._layer
        assert layer is not None
        layer.set_clip(area)
        layer.blit(background, area, area)
        for _place, card in near:
            blit_shadow(self.art, layer, card)
        for place, card in near:
            if place == DRAW_PILE:
                self._paint_stack(layer, card, self._stack_height())
            else:
                layer.blit(card_surface(self.art, self.drawn[place], card.w, card.h), card)
        layer.set_clip(None)

    def _reach(self, rect: pygame.Rect) -> pygame.Rect:
        """Where a card lying at `rect` may paint: itself, its shadow and (the draw pile) the cards
        stacked up from it at their thickest."""
        top = rect.move(-stack_step(rect.h) * STACK_MOST, -stack_step(rect.h) * STACK_MOST)
        return rect.union(shadow_rect(rect)).union(top)

    def _paint_stack(self, layer: pygame.Surface, rect: pygame.Rect, layers: int) -> None:
        """The draw pile as a stack: one card edge per STACK_CARDS cards left, each a step up and
        to the left of the one below, the back on top: its thickness shows what is left."""
        step = stack_step(rect.h)
        edge = self.art.edge(rect.w, rect.h)
        for k in range(layers):
            layer.blit(edge, rect.move(-k * step, -k * step))
        layer.blit(self.art.back(rect.w, rect.h), self.pile_top())

    def _stack_height(self) -> int:
        """The card edges the draw pile shows now (0: empty, or not painted yet)."""
        layers = self.drawn.get(DRAW_PILE)
        return layers if isinstance(layers, int) else 0

    def piles(self) -> Piles:
        """Where the piles lie (as the last `resting` placed them)."""
        return Piles(self.places[DRAW_PILE], self.places[DISCARD_PILE])

    def pile_top(self) -> pygame.Rect:
        """Where the draw pile's top card is drawn (raised by the stack under it)."""
        rect = self.places.get(DRAW_PILE) or self.words.viewport.rect(self.words.layout.draw_pile)
        lift = stack_step(rect.h) * max(0, self._stack_height() - 1)
        return rect.move(-lift, -lift)
