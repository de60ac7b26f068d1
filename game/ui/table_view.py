"""The table as one seat sees it: a `TableView` draws a `Board` (game/ui/board.py: what is
shown, lagging behind the engine while animations play) through the layout's Viewport, and
maps screen points to table targets (game/ui/targets.py).
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.rules import CELLS, COLS, SOURCE_DISCARD
from game.ui.board import Board, Cell
from game.ui.card_art import CardArt, shadow_rect
from game.ui.felt import felt
from game.ui.ink import JOURNAL, inside, note_card, note_panel, note_text
from game.ui.layout import Box, TableLayout, Viewport, fit, load_layout, turned
from game.ui.note import draw_note
from game.ui.targets import DISCARD_PILE, DRAW_PILE, HAND, PILES, Target
from game.ui.text import TextCache
from game.ui.widgets import ACCENT, DIM, FELT, INK, draw_panel, font_px
from game.ui.wording import live_words, seat_score_words, sentence

SEAT_PANEL = (10, 60, 42)
_UNSET = object()
ACTIVE_RING = (255, 214, 90)
RING_MARGIN = 8  # layout pixels between a grid and the "to play" ring drawn around it
LABEL_CLEARANCE = 24  # layout pixels between a grid and the words of a label beside it (past the ring)
CAPTION_GAP = 5  # layout pixels at least between a pile's caption and the prompt's panel
LIVE_SHRINK = 0.75  # a label's words may shrink to this share of their size to keep the live score


class TableView:
    """Draws a Board (plus the animator's sprites) and maps screen points to targets."""

    def __init__(self, players: int, names: list[str], art: CardArt, text: TextCache) -> None:
        self._table: TableLayout = load_layout(players)  # as drawn: seat 0 at the bottom
        self.layout: TableLayout = self._table  # turned to the viewer's eyes
        self.names = names
        self.art = art
        self.text = text
        self.size = (0, 0)
        self.viewport: Viewport = fit(self.layout, 1920, 1080)
        self._background: pygame.Surface | None = None
        self._background_key: tuple = ()
        self._layer: pygame.Surface | None = None
        self._layer_source: pygame.Surface | None = None
        self._drawn: dict = {}
        self._rects: dict = {}
        self.prompt = ""
        self.hover: Target | None = None
        self.cursor: Target | None = None  # the keyboard's
        self.targets: set[Target] = set()  # legal targets of the acting human, highlighted on hover
        self._viewer: int | None = None
        self.speaks_to_viewer = True  # False (hot-seat): every line names its player, never "you"
        self.busy = False
        self.ui_scale = 1.0  # the player's text size setting: every text of the table grows, the cards do not
        self.text_rects: list[tuple[str, pygame.Rect]] = []  # each text of the last frame and where it went
        self.notice_shown = True  # False while a first-game tip takes the free corner the notice uses
        self.art_values = range(-2, 13)  # an animation is playing (its banner replaces the prompt)

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
            self.layout = layout
            self._background = None  # the panels and slots are repainted where the seats now are
            self._layer = None
            self.hover = None  # (the same card sizes: the art made for this window still serves)

    # ------------------------------------------------------------------ geometry
    def resize(self, width: int, height: int) -> None:
        if (width, height) != self.size:
            self.size = (width, height)
            self.viewport = fit(self.layout, width, height)
            self.prewarm()

    def prewarm(self) -> None:
        """Render every card face and back at every size this window uses, so no frame in
        play pays for drawing card art (it happens at load and resize)."""
        boxes = [self.layout.draw_pile, self.layout.discard_pile, self.layout.hand]
        boxes += [self.cell_box(area.seat, index) for area in self.layout.seats for index in range(CELLS)]
        sizes = {self.viewport.rect(box).size for box in boxes}
        for w, h in sizes:
            self.art.back(w, h)
            self.art.shadow(w, h)
            for value in self.art_values:
                self.art.face(value, w, h)

    @property
    def addressee(self) -> int | None:
        """The seat the table's lines speak to as "you" (None: each player by name)."""
        return self.viewer if self.speaks_to_viewer else None

    def cell_box(self, seat: int, index: int) -> Box:
        return self.layout.seats[seat].cell(index % COLS, index // COLS)

    def target_box(self, target: Target) -> Box:
        if target.seat is not None and target.col is not None and target.row is not None:  # a cell
            return self.layout.seats[target.seat].cell(target.col, target.row)
        return self.pile_box(target.kind)

    def pile_box(self, kind: str) -> Box:
        """Where the draw pile, the discard pile or the card in hand lies."""
        return {DRAW_PILE: self.layout.draw_pile, DISCARD_PILE: self.layout.discard_pile, HAND: self.layout.hand}[kind]

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
    def draw(self, surface: pygame.Surface, board: Board, sprites: list) -> None:
        self.resize(*surface.get_size())
        self.text_rects.clear()
        surface.blit(self._resting(surface, board), (0, 0))
        if JOURNAL.on:
            for place, value in self._drawn.items():
                if value is not None:
                    note_card(self._rects[place])
        for seat in board.participants:
            self._draw_label(surface, board, seat)
        self._draw_pile_captions(surface, board)
        self._draw_cues(surface, board)
        self._draw_hand(surface, board)
        self._draw_scores(surface, board)
        for sprite in sprites:
            sprite.draw(surface, self)
        self._draw_marks(surface)
        self._draw_prompt(surface, board)

    def _static(self, surface: pygame.Surface, board: Board) -> pygame.Surface:
        """Felt, seat panels and empty slots: drawn once per window size and round."""
        key = (surface.get_size(), board.participants, self.art.theme)  # a theme switch repaints the cards
        if self._background is None or key != self._background_key:
            background = pygame.Surface(surface.get_size()).convert() if pygame.display.get_surface() else pygame.Surface(surface.get_size())
            background.blit(felt(surface.get_size(), FELT), (0, 0))  # the cloth reaches the window's edges
            for area in self.layout.seats:
                if area.seat not in board.participants:
                    continue
                panel = self.viewport.rect(area.grid.inflate(14))
                pygame.draw.rect(background, SEAT_PANEL, panel, border_radius=max(3, panel.h // 30))
                for index in range(CELLS):
                    rect = self.viewport.rect(self.cell_box(area.seat, index))
                    background.blit(self.art.slot(rect.w, rect.h), rect)
            for box in (self.layout.draw_pile, self.layout.discard_pile):
                rect = self.viewport.rect(box)
                background.blit(self.art.slot(rect.w, rect.h), rect)
            self._background, self._background_key = background, key
        return self._background

    def card_surface(self, value: Cell, width: int, height: int) -> pygame.Surface:
        if isinstance(value, int):
            return self.art.face(value, width, height)
        return self.art.back(width, height)

    def prepare(self, surface: pygame.Surface, board: Board) -> None:
        """Loading: card art, the table background and the resting cards for this window."""
        self.resize(*surface.get_size())
        self._resting(surface, board)

    def _resting(self, surface: pygame.Surface, board: Board) -> pygame.Surface:
        """The background with every card at rest. Kept between frames: only the places
        whose card changed are repainted, so a frame costs one blit however many cards."""
        background = self._static(surface, board)
        if self._layer is None or self._layer_source is not background:
            self._layer, self._layer_source = background.copy(), background
            self._drawn = {}
            self._rects = {(seat, index): self.viewport.rect(self.cell_box(seat, index))
                           for seat in range(board.players) for index in range(CELLS)}
            self._rects[DRAW_PILE] = self.viewport.rect(self.layout.draw_pile)
            self._rects[DISCARD_PILE] = self.viewport.rect(self.layout.discard_pile)
        wanted: dict = {DRAW_PILE: "?" if board.draw_count else None, DISCARD_PILE: board.discard_top}
        for seat in board.participants:
            grid = board.grids[seat]
            for index in range(CELLS):
                wanted[seat, index] = None if (seat, index) in board.hidden else grid[index]
        drawn = self._drawn
        changed = [place for place, value in wanted.items() if drawn.get(place, _UNSET) != value]
        for place in changed:
            drawn[place] = wanted[place]
        for place in changed:
            self._repaint(background, self._rects[place])
        return self._layer

    def _repaint(self, background: pygame.Surface, rect: pygame.Rect) -> None:
        """Repaint the place at `rect` and its shadow's reach: the cloth, then the shadows and the
        cards of every place there (a neighbour's shadow may fall into it)."""
        area = rect.union(shadow_rect(rect))
        near = [(place, self._rects[place]) for place, value in self._drawn.items()
                if value is not None and shadow_rect(self._rects[place]).union(self._rects[place]).colliderect(area)]
        layer = self._layer
        assert layer is not None
        layer.set_clip(area)
        layer.blit(background, area, area)
        for _place, card in near:
            self.blit_shadow(layer, card)
        for place, card in near:
            layer.blit(self.card_surface(self._drawn[place], card.w, card.h), card)
        layer.set_clip(None)

    def blit_shadow(self, surface: pygame.Surface, card: pygame.Rect, lift: float = 0.0) -> None:
        """The soft shadow of a card lying (or lifted `lift` px) at `card`."""
        surface.blit(self.art.shadow(card.w, card.h), shadow_rect(card, lift))

    # ------------------------------------------------------------------ text
    def _px(self, logical: float) -> int:
        """A font size for `logical` px at 100 %, grown by the player's text size setting."""
        return font_px(self.viewport, logical * self.ui_scale)

    def _fit_px(self, words: str, px: int, width: float | None = None, height: float | None = None,
                bold: bool = False, floor: int = 8) -> int:
        """`px` made smaller until `words` is at most `width` wide and `height` tall (screen px).
        The height limit never goes below `floor` (the 100 % size: a larger setting never makes
        text smaller); the width limit may (a long name or translation in a narrow box)."""
        if height is not None:
            px = self.text.fit_px(words, px, float("inf"), height, bold, floor)
        if width is not None and width > 0:
            px = self.text.fit_px(words, px, width, bold=bold)
        return px

    def _blit_text(self, surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, words: str) -> None:
        surface.blit(image, rect)
        self.text_rects.append((words, rect))
        note_text(words, image, rect)

    def _draw_label(self, surface: pygame.Surface, board: Board, seat: int) -> None:
        area = self.layout.seats[seat]
        label = self.viewport.rect(area.label)
        two_lines = label.h >= font_px(self.viewport, 60)
        grid = self.viewport.rect(area.grid)
        hug_grid = False
        if two_lines:
            label, hug_grid = self._beside_grid(label, area.grid)
        base = max(10, min(label.h // (2 if two_lines else 1) - 4, font_px(self.viewport, 30)))
        acting = seat == board.to_act
        name = self.names[seat] + ("  " + _("(ended the round)") if seat == board.trigger else "")
        info, size, info_px = self._label_info(board, seat, label, base, two_lines, name, acting)
        image = self.text.render(name, size, ACTIVE_RING if acting else INK, acting)
        info_image = self.text.render(info, info_px, ACTIVE_RING if acting else DIM)
        ring = self.viewport.rect(area.grid.inflate(2 * RING_MARGIN))
        extra_image = None
        if two_lines and info == seat_score_words(board.totals[seat], None, acting):
            # the live score did not fit beside the total: it gets a third line, the label moving up
            # as far as needed to keep it on the table
            live = self.live_words(board, seat)
            extra_image = self.text.render(live, self._fit_px(live, info_px, width=label.w), DIM)
        middle = label.y + size * 0.6 if two_lines else label.centery
        if extra_image is not None:
            limit = min(surface.get_height(), self.viewport.rect(Box(0, 0, self.layout.width, self.layout.height)).bottom)
            below = middle + size * 0.6 + info_image.get_height() + extra_image.get_height() + 2
            middle -= max(0, below - limit)
        if not two_lines and label.bottom <= grid.top:
            # a label just above its grid: its line stays above the "to play" ring
            middle = min(middle, ring.top - 2 - (image.get_height() + 1) // 2)
        marker = image.get_height() // 2 + 6 if acting else 0
        if hug_grid:
            name_rect = image.get_rect(midright=(label.right, middle))
            info_rect = info_image.get_rect(topright=(label.right, middle + size * 0.6))
        else:
            name_rect = image.get_rect(midleft=(label.x + marker, middle))
            info_rect = info_image.get_rect(topleft=(name_rect.left, middle + size * 0.6))
        if not two_lines:
            info_rect = info_image.get_rect(midright=(label.right, middle))
        if acting:
            # marker + words, so the seat to act is not told by colour alone
            h, x = image.get_height(), name_rect.left - marker
            pygame.draw.polygon(surface, ACTIVE_RING, [(x, middle - h // 3), (x, middle + h // 3), (x + h // 2, middle)])
            pygame.draw.rect(surface, ACTIVE_RING, ring, width=max(2, round(4 * self.viewport.scale)),
                             border_radius=max(3, ring.h // 30))
        self._blit_text(surface, image, name_rect, name)
        self._blit_text(surface, info_image, info_rect, info)
        if extra_image is not None:
            live = self.live_words(board, seat)
            if hug_grid:
                extra_rect = extra_image.get_rect(topright=(label.right, info_rect.bottom))
            else:
                extra_rect = extra_image.get_rect(topleft=(info_rect.left, info_rect.bottom))
            self._blit_text(surface, extra_image, extra_rect, live)

    def _label_info(self, board: Board, seat: int, label: pygame.Rect, base: int, two_lines: bool, name: str,
                    acting: bool) -> tuple[str, int, int]:
        """The points line and the sizes of the name and of that line. It tells the game total and
        the live round score ("12 points · face up: 14"). On a label of one line, the name and that
        line shrink together to keep the live score, down to LIVE_SHRINK of their size or to their
        size at 100 % text; below that (or on a label of two lines) it gives way, to a third line
        where there is one ("to play" never does: the seat to act is told in words, not by colour
        alone)."""
        total = seat_score_words(board.totals[seat], None, acting)
        plain = self._label_px(label, base, two_lines, name, total, acting)
        info = seat_score_words(board.totals[seat], board.visible_sum(seat), acting)
        least = min(LIVE_SHRINK, 1 / max(1.0, self.ui_scale))  # a larger text setting may give back its growth
        # by 5 % steps; a label of two lines never shrinks: its live score takes a third line instead
        steps = [1 - step / 20 for step in range(1 if two_lines else round((1 - least) * 20) + 1)]
        for name_gives_way in (False, True):  # both lines shrink together; then a long name a little more
            for share in steps:
                size, info_px = (max(8, round(px * share)) for px in plain)
                if name_gives_way and not two_lines:
                    marker = self.text.font(size, True).get_height() // 2 + 6 if acting else 0
                    room = label.w - marker - font_px(self.viewport, 16) - self.text.font(info_px).size(info)[0]
                    size = max(size * 4 // 5, self._fit_px(name, size, width=room, bold=acting))
                if self._label_fits(label, two_lines, name, size, info, info_px, acting):
                    return info, size, info_px
        return total, *plain

    def _label_fits(self, label: pygame.Rect, two_lines: bool, name: str, size: int, info: str, info_px: int,
                    acting: bool) -> bool:
        """Whether the name and the points line at these sizes fit the label box side by side (one
        line) or the points line fits its width (two lines)."""
        font = self.text.font
        marker = font(size, acting).get_height() // 2 + 6 if acting else 0
        info_w = font(info_px).size(info)[0]
        if two_lines:
            return marker + info_w <= label.w
        return marker + font(size, acting).size(name)[0] + font_px(self.viewport, 16) + info_w <= label.w

    @staticmethod
    def score_words(board: Board, seat: int) -> str:
        """The seat's game total and its live round score, the sum of its face-up cards:
        "12 points · face up: 14"."""
        return seat_score_words(board.totals[seat], board.visible_sum(seat), False)

    @staticmethod
    def live_words(board: Board, seat: int) -> str:
        """The live round score alone: "face up: 14"."""
        return live_words(board.visible_sum(seat))

    def _beside_grid(self, label: pygame.Rect, grid_box: Box) -> tuple[pygame.Rect, bool]:
        """A label box beside its grid, trimmed on the grid's side to keep its words clear of the
        grid's "to play" ring, and whether it lies left of the grid (the caller then right-aligns
        the words, so they read with the grid)."""
        grid, clear = self.viewport.rect(grid_box), self.viewport.rect(grid_box.inflate(2 * LABEL_CLEARANCE))
        if label.right <= grid.left:
            return pygame.Rect(label.x, label.y, min(label.right, clear.left) - label.x, label.h), True
        if grid.right <= label.left < clear.right:
            return pygame.Rect(clear.right, label.y, label.right - clear.right, label.h), False
        return label, False

    def _label_px(self, label: pygame.Rect, base: int, two_lines: bool, name: str, info: str,
                  acting: bool) -> tuple[int, int]:
        """The sizes of the name and of the points line: grown by the text size setting as far as
        the label box holds them (two lines: stacked; one line: side by side), each made
        smaller only when it is too wide for the box (a long name, "(ended the round)")."""
        size = max(base, self._px(30))
        font = self.text.font
        while size > base and (1.2 * size + font(max(9, size * 3 // 4)).get_height() > label.h if two_lines
                               else font(size, acting).get_height() > label.h):
            size -= 1
        marker = font(size, acting).get_height() // 2 + 6 if acting else 0
        info_px = self._fit_px(info, max(9, size * 3 // 4), width=label.w - marker)
        room = label.w - marker
        if not two_lines:
            room -= font(info_px).size(info)[0] + font_px(self.viewport, 16)
        return self._fit_px(name, size, width=room, bold=acting), info_px

    def _draw_pile_captions(self, surface: pygame.Surface, board: Board) -> None:
        """Each caption sits under its pile, kept between the neighbouring pile (the midpoint of
        the gap) and the card in hand, and above the prompt band."""
        draw, discard = self._rects[DRAW_PILE], self._rects[DISCARD_PILE]
        band = self.viewport.rect(self.layout.prompt)
        hand = self.viewport.rect(self.layout.hand)
        top = band.centery - (self.text.font(self._prompt_px(band), True).get_height() + 10) // 2
        # clear of the prompt's panel too, by a gap that reads as one (the captions never touch it)
        height = min(band.top, top) - draw.bottom - 2 - font_px(self.viewport, CAPTION_GAP)
        # the captions never cross into the gap between the piles, so they never read as one line
        self._caption(surface, draw, _("Draw pile ({count})").format(count=board.draw_count), band.left, draw.right,
                      height)
        self._caption(surface, discard, _("Discard"), discard.left, hand.left - 4, height)

    def _caption(self, surface: pygame.Surface, rect: pygame.Rect, words: str, left: int, right: int,
                 height: int) -> None:
        base = font_px(self.viewport, 24)
        size = self._fit_px(words, max(base, self._px(24)), width=right - left, height=height, floor=base)
        image = self.text.render(words, size, INK)
        place = image.get_rect(midtop=(rect.centerx, rect.bottom + 2))
        place.right = min(place.right, right)
        place.left = max(place.left, left)
        self._blit_text(surface, image, place, words)

    def _draw_cues(self, surface: pygame.Surface, board: Board) -> None:
        """What the other players just took ("Robin took the 5 from the discard"), the newest
        lowest, right-aligned in the free felt left of the draw pile: clear of every seat's panel,
        the labels and the score panel, never lower than the pile (its caption is below)."""
        if not board.cues:
            return
        draw = self._rects[DRAW_PILE]
        panels = [self.viewport.rect(area.grid.inflate(14)) for area in self.layout.seats
                  if area.seat in board.participants]
        left = self.viewport.rect(Box(0, 0, self.layout.width, self.layout.height)).left
        left = max([left] + [panel.right + 8 for panel in panels
                             if panel.right <= draw.left and panel.top < draw.bottom and panel.bottom > draw.top])
        right = draw.left - font_px(self.viewport, 20)
        above = panels + [self.viewport.rect(self.layout.score_panel)] + [rect for _words, rect in self.text_rects]
        top = max([0] + [rect.bottom + 8 for rect in above
                         if rect.left < right and rect.right > left and rect.bottom <= draw.bottom])
        size = max(font_px(self.viewport, 24), self._px(24))
        width = right - left - 12
        font = self.text.font(size, True)
        bottom = draw.bottom
        for words in reversed(list(board.cues.values())):  # the newest first: it has the room
            lines = self.text.wrap(words, size, width, True)
            if len(lines) > 2 or any(font.size(line)[0] > width for line in lines):
                lines = [words]  # (a long translation: one line, made smaller)
            px = min(self._fit_px(line, size, width=width, bold=True) for line in lines)
            images = [self.text.render(line, px, ACCENT, True) for line in lines]
            back = pygame.Rect(0, 0, max(image.get_width() for image in images),
                               sum(image.get_height() for image in images)).inflate(12, 8)
            back.bottomright = (right, bottom)
            if back.top < top:
                break  # no room left: an older cue gives way
            draw_panel(surface, back, (0, 0, 0, 150), 6)
            note_panel(back, words)
            y = back.top + 4
            with inside(back):
                for line, image in zip(lines, images, strict=True):
                    self._blit_text(surface, image, image.get_rect(topright=(right - 6, y)), line)
                    y += image.get_height()
            bottom = back.top - 6

    def _draw_hand(self, surface: pygame.Surface, board: Board) -> None:
        if board.holding is None or board.holder is None:
            return
        rect = self.viewport.rect(self.layout.hand)
        self.blit_shadow(surface, rect, lift=6 * self.viewport.scale)  # a card in hand is held above the cloth
        surface.blit(self.card_surface(board.holding, rect.w, rect.h), rect)
        note_card(rect)
        taken = board.source == SOURCE_DISCARD
        if isinstance(board.holding, int):
            kind = "took_card" if taken else "drew_card"
        else:
            kind = "took" if taken else "drew"
        words = sentence(kind, board.holder, self.addressee, self.names, card=board.holding)
        base = font_px(self.viewport, 26)
        wanted = max(base, self._px(26))
        room = rect.top - 6 - self._ceiling(rect)
        size = self._fit_px(words, wanted, height=room, bold=True, floor=base)
        if size < wanted:
            self._hand_caption_aside(surface, rect, words, wanted)
            return
        band = self.viewport.rect(self.layout.prompt)  # the caption keeps to the middle band's width
        size = self._fit_px(words, size, width=2 * min(rect.centerx - band.left, band.right - rect.centerx), bold=True)
        image = self.text.render(words, size, ACCENT, True)
        self._blit_text(surface, image, image.get_rect(midbottom=(rect.centerx, rect.top - 6)), words)

    def _hand_caption_aside(self, surface: pygame.Surface, hand: pygame.Rect, words: str, size: int) -> None:
        """No room above the card for the caption at this text size: it goes beside the card,
        on up to three lines, in the free felt up to the prompt band's right edge."""
        band = self.viewport.rect(self.layout.prompt)
        left = hand.right + font_px(self.viewport, 14)
        width = band.right - left
        while True:
            lines = self.text.wrap(words, size, width, True)
            tall = len(lines) * self.text.font(size, True).get_linesize()
            if size <= 8 or (len(lines) <= 3 and tall <= hand.h and
                             all(self.text.font(size, True).size(line)[0] <= width for line in lines)):
                break
            size -= 1
        y = hand.centery - tall // 2
        for line in lines:
            image = self.text.render(line, size, ACCENT, True)
            self._blit_text(surface, image, image.get_rect(topleft=(left, y)), line)
            y += self.text.font(size, True).get_linesize()

    def _ceiling(self, hand: pygame.Rect) -> int:
        """The lowest edge of a seat panel above the card in hand (its caption stays below it)."""
        edges = [self.viewport.rect(area.grid.inflate(14)).bottom for area in self.layout.seats
                 if self.viewport.rect(area.grid).bottom <= hand.top]
        return max(edges, default=0)

    def _draw_scores(self, surface: pygame.Surface, board: Board) -> None:
        panel = self.viewport.rect(self.layout.score_panel)
        draw_panel(surface, panel)
        base = font_px(self.viewport, 26)
        size = max(base, self._px(26))
        # every seat keeps its line: the title and one line per seat fit the panel's height
        while size > base and (size // 2 + self.text.font(size, True).get_height() + 4
                               + board.players * (size + 2) > panel.h):
            size -= 1
        lines = [f"{self.names[seat]}: {board.totals[seat]}" for seat in range(board.players)]
        title_words = _("Round {number}").format(number=board.round)
        room = panel.w - size
        widest = max([self.text.font(size).size(line)[0] for line in lines] + [self.text.font(size, True).size(title_words)[0]])
        if widest > room:
            size = max(8, size * room // widest)
        y = panel.y + size // 2
        title = self.text.render(title_words, size, ACCENT, True)
        self._blit_text(surface, title, title.get_rect(topleft=(panel.x + size // 2, y)), title_words)
        y += title.get_height() + 4
        step = max(size + 2, (panel.bottom - y - 4) // max(1, board.players))
        step = min(step, size + 10)
        for seat, line in enumerate(lines):
            if y + size > panel.bottom:
                break
            image = self.text.render(line, size, INK if seat in board.participants else DIM)
            self._blit_text(surface, image, image.get_rect(topleft=(panel.x + size // 2, y)), line)
            y += step

    def _draw_marks(self, surface: pygame.Surface) -> None:
        if self.hover is not None and self.hover in self.targets:
            rect = self.viewport.rect(self.target_box(self.hover))
            surface.blit(self.art.highlight(rect.w, rect.h), rect)
        if self.cursor is not None:
            rect = self.viewport.rect(self.target_box(self.cursor)).inflate(8, 8)
            legal = self.cursor in self.targets
            pygame.draw.rect(surface, ACCENT if legal else DIM, rect, width=max(2, round(5 * self.viewport.scale)),
                             border_radius=6)

    def _prompt_px(self, band: pygame.Rect) -> int:
        """The prompt's size: grown by the text size setting as far as its band is tall (its
        panel stays in the band, clear of the labels and captions just above and below)."""
        wanted = round(min(band.h - 4, font_px(self.viewport, 34)) * self.ui_scale)
        return self.text.fit_px("Ag", wanted, float("inf"), height=band.h - 6, bold=True)

    def _draw_prompt(self, surface: pygame.Surface, board: Board) -> None:
        """The prompt in its band (during an animation, the animation's banner instead); a notice
        (the hint line, a problem) in the table's free corner, wrapped, clear of the pile captions."""
        rect = self.viewport.rect(self.layout.prompt)
        animating = bool(board.banner and self.busy)
        words = board.banner if animating else self.prompt
        if words:
            colour = ACCENT if animating else INK
            size = self._fit_px(words, self._prompt_px(rect), width=rect.w, bold=True)
            image = self.text.render(words, size, colour, True)
            # the panel keeps to the band's height: the labels just below stay clear
            back = pygame.Rect(0, rect.y, image.get_width() + 24, rect.h)
            back.centerx = rect.centerx
            draw_panel(surface, back, (0, 0, 0, 170), 8)
            note_panel(back, words)
            with inside(back):
                self._blit_text(surface, image, image.get_rect(center=rect.center), words)
        if board.banner and not self.busy and self.notice_shown:
            note = draw_note(surface, self.text, self.viewport.rect(self.layout.tip), self.viewport.scale * self.ui_scale,
                             board.banner, color=ACCENT, sizes=(30, 26, 24))
            self.text_rects.append((board.banner, note))
