"""The table as one seat sees it: a `TableView` draws a `Board` (game/ui/board.py: what is
shown, lagging behind the engine while animations play) through the layout's Viewport, and
maps screen points to table targets (game/ui/targets.py).

The parts it owns draw the rest: the cards at rest on the felt (table_cards.py), the seats' labels
and the score panel (table_labels.py), the pile captions and the prompt (table_captions.py), the
cues (table_cues.py), the words' painters all on the shared part of table_text.py. Drawn here: the
turn marker, the card in hand and its caption, the marks of the hovered target and the cursor.

What the screen marks beside the board (the prompt, the legal targets, the keyboard's cursor) it
hands over as one `TableMarks` value, which the view keeps and draws from; the pointer's target is
the view's own (it maps the point, and forgets it when the table turns to another player).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import pygame

from game.i18n import current_language
from game.match import Identity
from game.rules import CELLS, COLS, SOURCE_DISCARD, Cell
from game.ui.board import Board
from game.ui.card_art import CardArt
from game.ui.ink import JOURNAL, note_card
from game.ui.layout import Box, TableLayout, Viewport, fit, load_layout, turned
from game.ui.plates import TurnMarker, seat_identities
from game.ui.surface_cache import forget_table_pictures
from game.ui.table_captions import PileCaptions
from game.ui.table_cards import STACK_MOST, RestingCards, blit_shadow, card_surface, cell_box, stack_step
from game.ui.table_cues import TableCues
from game.ui.table_labels import ACTIVE_RING, LABEL_CLEARANCE, RING_MARGIN, SeatLabels
from game.ui.table_still import StillFrame
from game.ui.table_text import Placed, TableText
from game.ui.targets import DISCARD_PILE, DRAW_PILE, HAND, PILES, Target
from game.ui.text import TextCache
from game.ui.widgets import ACCENT, FOCUS_GAP, font_px
from game.ui.wording import sentence

if TYPE_CHECKING:
    from game.ui.card_sprite import CardSprite

FACES = range(-2, 13)  # every card value: each face is drawn ahead at every size the window uses

# (Board and the label constants are imported from here by the screens and tests)
__all__ = ["ACTIVE_RING", "LABEL_CLEARANCE", "RING_MARGIN", "STACK_MOST", "Board", "Cell", "TableMarks", "TableView",
           "stack_step"]


@dataclass(frozen=True)
class TableMarks:
    """What the screen marks on the table beside the board: one value, replaced whole (the play
    screen sets the prompt and the targets as the table advances, the cursor and the notice's
    place as it draws; a replay its caption), so the view draws from its own state."""

    prompt: str = ""  # what the player on screen may do now (a replay: its step's caption)
    busy: bool = False  # an animation is playing (its banner replaces the prompt)
    notice_shown: bool = True  # False while a first-game tip or the recap takes the free corner the notice uses
    targets: frozenset[Target] = field(default_factory=frozenset)  # the acting human's legal ones, lit on hover
    cursor: Target | None = None  # the keyboard's
    hover: Target | None = None  # the pointer's (set by the view: `point_at`)

class TableView:
    """Draws a Board (plus the animator's sprites) and maps screen points to targets."""

    def __init__(self, players: int, names: list[str], art: CardArt, text: TextCache,
                 identities: list[Identity] | None = None) -> None:
        self._table: TableLayout = load_layout(players)  # as drawn: seat 0 at the bottom
        # the words' shared part (layout, viewport, text sizes, where each text went), which the
        # painters of the words hold; the view reads it through the properties below
        self.words = TableText(self._table, fit(self._table, 1920, 1080), text, names)
        self.labels = SeatLabels(self.words)
        self.captions = PileCaptions(self.words)
        self.cues = TableCues(self.words)
        self.cards = RestingCards(self.words, art)  # the felt and the cards lying still on it
        self.still = StillFrame()  # those cards with the words over them, composed once per change
        self.identities = identities or seat_identities(players)  # each seat's colour and avatar
        self.marker = TurnMarker()  # the ring around the grid of the seat to act, gliding between seats
        self.reduced_motion = False
        self.art = art
        self.size = (0, 0)
        self.marks = TableMarks()  # the prompt, the legal targets, the cursor and the pointer's target
        self._viewer: int | None = None
        self.speaks_to_viewer = True  # False (hot-seat): every line names its player, never "you"

    # ------------------------------------------------------------------ the words' shared part
    @property
    def layout(self) -> TableLayout:
        return self.words.layout  # turned to the viewer's eyes

    @property
    def viewport(self) -> Viewport:
        return self.words.viewport

    @property
    def ui_scale(self) -> float:
        return self.words.ui_scale  # the player's text size setting: every text grows, the cards do not

    @ui_scale.setter
    def ui_scale(self, scale: float) -> None:
        self.words.ui_scale = scale

    @property
    def viewer(self) -> int | None:
        """Whose eyes the table shows: that seat has the big grid at the bottom, the others keep
        their order around the table (None: a spectator's, seat 0 at the bottom)."""
        return self._viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self._viewer = seat
        layout = self._table if seat is None else turned(self._table, seat)
        if layout != self.layout:
            self.words.layout = layout
            self.cards.forget()
            self.marks = replace(self.marks, hover=None)  # the pointer is over another place now
            # (the same card sizes: the art made for this window still serves)
            self.marker.forget()

    # ------------------------------------------------------------------ geometry
    def resize(self, width: int, height: int) -> None:
        if (width, height) != self.size:
            self.size = (width, height)
            self.words.viewport = fit(self.layout, width, height)
            self.prewarm()

    def prewarm(self) -> None:
        """Render every card face and back at every size this window uses, so no frame in
        play pays for drawing card art (it happens at load and resize)."""
        boxes = [self.layout.draw_pile, self.layout.discard_pile, self.layout.hand]
        boxes += [self.cell_box(area.seat, index) for area in self.layout.seats for index in range(CELLS)]
        sizes = {self.viewport.rect(box).size for box in boxes}
        for w, h in sizes:
            self.art.back(w, h)
            self.art.edge(w, h)
            self.art.shadow(w, h)
            for value in FACES:
                self.art.face(value, w, h)

    @property
    def addressee(self) -> int | None:
        """The seat the table's lines speak to as "you" (None: each player by name)."""
        return self.viewer if self.speaks_to_viewer else None

    def cell_box(self, seat: int, index: int) -> Box:
        return cell_box(self.layout, seat, index)

    def target_box(self, target: Target) -> Box:
        if target.seat is not None and target.col is not None and target.row is not None:  # a cell
            return self.layout.seats[target.seat].cell(target.col, target.row)
        return self.pile_box(target.kind)

    def pile_box(self, kind: str) -> Box:
        """Where the draw pile, the discard pile or the card in hand lies."""
        return {DRAW_PILE: self.layout.draw_pile, DISCARD_PILE: self.layout.discard_pile, HAND: self.layout.hand}[kind]

    def point_at(self, pos: tuple[int, int], board: Board) -> None:
        """The pointer moved to `pos`: the target under it is marked, if it is a legal one."""
        self.marks = replace(self.marks, hover=self.target_at(pos, board))

    def target_at(self, pos: tuple[int, int], board: Board) -> Target | None:
        x, y = self.viewport.to_logical(*pos)
        for kind in PILES:
            if self.pile_box(kind).contains(x, y):
                return Target(kind)
        for area in self.layout.seats:
            if area.seat in board.participants and area.grid.contains(x, y):
                for index in range(CELLS):
                    col, row = index % COLS, index // COLS
                    if area.cell(col, row).contains(x, y):
                        return Target.cell(area.seat, col, row)
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, board: Board, sprites: Sequence[CardSprite]) -> None:
        self.resize(*surface.get_size())
        resting = self.cards.resting(surface, board)
        self._aim_marker(board)
        if JOURNAL.on or self.marker.moving:  # (the journal notes each piece as it is drawn)
            surface.blit(resting, (0, 0))
            if JOURNAL.on:
                for place, value in self.cards.drawn.items():
                    if value is not None:
                        note_card(self.cards.places[place])
            placed = self._draw_still(surface, board)
        else:
            image, placed = self.still.frame(self._still_key(board), resting,
                                             lambda target: self._draw_still(target, board))
            surface.blit(image, (0, 0))
        self.words.text_rects = list(placed)
        for sprite in sprites:
            sprite.draw_glow(surface, self)  # (under every card: a column's glows make one light)
        for sprite in sprites:
            sprite.draw(surface, self)
        self._draw_marks(surface)
        self.words.text_rects += self.captions.draw_prompt(surface, board, self.marks.prompt, self.marks.busy,
                                                           self.marks.notice_shown)

    def _aim_marker(self, board: Board) -> None:
        """The ring around the grid of the seat to act: aimed there, it glides from the last one."""
        seat = board.to_act if board.to_act in board.participants else None
        ring = None if seat is None else self.layout.seats[seat].grid.inflate(2 * RING_MARGIN)
        self.marker.aim(seat, ring, self.reduced_motion)

    def _draw_still(self, surface: pygame.Surface, board: Board) -> list[Placed]:
        """Over the resting cards, what changes only with the board: the turn marker, the seats'
        plates, the pile captions, the cues, the card in hand and the round's box; returns the
        texts drawn and where (each painter returns its own)."""
        self.marker.draw(surface, self.viewport, ACTIVE_RING)
        placed: list[Placed] = []
        for seat in board.participants:
            placed += self.labels.draw_label(surface, board, seat, self.identities[seat])
        piles = self.cards.piles()
        placed += self.captions.draw_pile_captions(surface, board, piles)
        placed += self.cues.draw_cues(surface, board, piles.draw, placed)
        placed += self._draw_hand(surface, board)
        return placed + self.labels.draw_scores(surface, board)

    def _still_key(self, board: Board) -> tuple:
        """Everything `_draw_still` reads: when it is as in the last frame, so is the picture."""
        marker = self.marker
        return (self.cards.version, self.art.theme, self.words.layout, self.words.viewport, self.words.ui_scale,
                current_language(), tuple(self.words.names), tuple(self.identities), self.addressee,
                (marker.seat, marker.x, marker.y, marker.w, marker.h, marker.alpha),
                board.to_act, board.trigger, board.round, board.draw_count, board.participants, tuple(board.totals),
                tuple(tuple(grid) for grid in board.grids), board.holding, board.holder, board.source,
                tuple(board.cues.items()))

    def card_surface(self, value: Cell, width: int, height: int) -> pygame.Surface:
        return card_surface(self.art, value, width, height)

    def close(self) -> None:
        """The table goes: its still picture, its resting cards and the pictures every table draws
        (the felt, the card faces at its sizes, the veils...) go with it."""
        self.still.forget()
        self.cards.forget()
        forget_table_pictures()

    def prepare(self, surface: pygame.Surface, board: Board) -> None:
        """Loading: card art, the table background and the resting cards for this window."""
        self.resize(*surface.get_size())
        self.cards.resting(surface, board)

    def blit_shadow(self, surface: pygame.Surface, card: pygame.Rect, lift: float = 0.0) -> None:
        """The soft shadow of a card lying (or lifted `lift` px) at `card`."""
        blit_shadow(self.art, surface, card, lift)

    def _draw_hand(self, surface: pygame.Surface, board: Board) -> list[Placed]:
        if board.holding is None or board.holder is None:
            return []
        rect = self.viewport.rect(self.layout.hand)
        self.blit_shadow(surface, rect, lift=6 * self.viewport.scale)  # a card in hand is held above the cloth
        surface.blit(self.card_surface(board.holding, rect.w, rect.h), rect)
        note_card(rect)
        taken = board.source == SOURCE_DISCARD
        if isinstance(board.holding, int):
            kind = "took_card" if taken else "drew_card"
        else:
            kind = "took" if taken else "drew"
        words = sentence(kind, board.holder, self.addressee, self.words.names, card=board.holding)
        base = font_px(self.viewport, 26)
        wanted = max(base, self.words.px(26))
        room = rect.top - 6 - self._ceiling(rect)
        size = self.words.fit_px(words, wanted, height=room, bold=True, floor=base)
        if size < wanted:
            return self._hand_caption_aside(surface, rect, words, wanted)
        band = self.viewport.rect(self.layout.prompt)  # the caption keeps to the middle band's width
        room = 2 * min(rect.centerx - band.left, band.right - rect.centerx)
        size = self.words.fit_px(words, size, width=room, bold=True)
        image = self.words.text.render(words, size, ACCENT, True)
        return [self.words.blit_text(surface, image, image.get_rect(midbottom=(rect.centerx, rect.top - 6)), words)]

    def _hand_caption_aside(self, surface: pygame.Surface, hand: pygame.Rect, words: str,
                            size: int) -> list[Placed]:
        """No room above the card for the caption at this text size: it goes beside the card,
        on up to three lines, in the free felt up to the prompt band's right edge."""
        band = self.viewport.rect(self.layout.prompt)
        left = hand.right + font_px(self.viewport, 14)
        width = band.right - left
        while True:
            lines = self.words.text.wrap(words, size, width, True)
            tall = len(lines) * self.words.text.font(size, True).get_linesize()
            if size <= 8 or (len(lines) <= 3 and tall <= hand.h and
                             all(self.words.text.font(size, True).size(line)[0] <= width for line in lines)):
                break
            size -= 1
        y, placed = hand.centery - tall // 2, []
        for line in lines:
            image = self.words.text.render(line, size, ACCENT, True)
            placed.append(self.words.blit_text(surface, image, image.get_rect(topleft=(left, y)), line))
            y += self.words.text.font(size, True).get_linesize()
        return placed

    def _ceiling(self, hand: pygame.Rect) -> int:
        """The lowest edge of a seat panel above the card in hand (its caption stays below it)."""
        edges = [self.viewport.rect(area.grid.inflate(14)).bottom for area in self.layout.seats
                 if self.viewport.rect(area.grid).bottom <= hand.top]
        return max(edges, default=0)

    def _mark_rect(self, target: Target) -> pygame.Rect:
        """Where a target is drawn: its box, or the top of the draw pile's stack."""
        return self.cards.pile_top() if target.kind == DRAW_PILE else self.viewport.rect(self.target_box(target))

    def _draw_marks(self, surface: pygame.Surface) -> None:
        hover, cursor = self.marks.hover, self.marks.cursor
        if hover is not None and hover in self.marks.targets:
            rect = self._mark_rect(hover)
            surface.blit(self.art.highlight(rect.w, rect.h), rect)
        if cursor is not None:  # one keyboard cursor, on a pile or a grid, playable there or not:
            rect = self._mark_rect(cursor)  # a bright ring outside a dark one reads on felt and card alike
            gap, width = max(2, round(4 * self.viewport.scale)), max(3, round(6 * self.viewport.scale))
            pygame.draw.rect(surface, FOCUS_GAP, rect.inflate(2 * gap, 2 * gap), width=gap, border_radius=6 + gap)
            pygame.draw.rect(surface, ACCENT, rect.inflate(2 * (gap + width), 2 * (gap + width)), width=width,
                             border_radius=6 + gap + width)
