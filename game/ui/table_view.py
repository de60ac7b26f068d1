"""The table as one seat sees it: a `Board` (what is shown, lagging behind the engine while
animations play) and a `TableView` that draws it through the layout's Viewport.

The board is only ever changed by the engine's events (as the viewer may see them) when an
animation finishes, and re-synchronised from `seat_view` whenever the queue runs dry, so
the screen never drifts from the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.i18n import _
from game.rules import CELLS, COLS, SeatView
from game.ui.card_art import CardArt
from game.ui.layout import Box, TableLayout, Viewport, fit, load_layout
from game.ui.text import TextCache
from game.ui.widgets import ACCENT, DIM, FELT, INK, draw_panel, font_px

Cell = int | str | None
Target = tuple  # ("cell", seat, col, row) | ("draw",) | ("discard",) | ("hand",)

SEAT_PANEL = (10, 60, 42)
_UNSET = object()
ACTIVE_RING = (255, 214, 90)


@dataclass
class Board:
    """What the screen shows; the engine's truth arrives through events and `sync`."""

    players: int
    grids: list[list[Cell]] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    draw_count: int = 0
    holding: Cell = None  # value, "?" (somebody else's drawn card) or None
    holder: int | None = None
    source: str | None = None
    to_act: int | None = None
    participants: tuple[int, ...] = ()
    totals: list[int] = field(default_factory=list)
    round: int = 0
    trigger: int | None = None
    hidden: set[tuple[int, int]] = field(default_factory=set)  # (seat, index) drawn by a sprite instead
    banner: str = ""

    @classmethod
    def from_view(cls, view: SeatView) -> Board:
        board = cls(view.players)
        board.sync(view)
        return board

    def sync(self, view: SeatView) -> None:
        self.grids = [list(grid) for grid in view.grids]
        self.discard = list(view.discard_pile)
        self.draw_count = view.draw_pile
        self.to_act = view.to_act
        self.source = view.source
        holding_someone = view.source is not None and view.to_act is not None
        self.holder = view.to_act if holding_someone else None
        self.holding = view.holding if view.holding is not None else ("?" if holding_someone else None)
        self.participants = view.participants
        self.totals = list(view.totals)
        self.round = view.round
        self.trigger = view.trigger
        self.hidden.clear()

    @property
    def discard_top(self) -> int | None:
        return self.discard[-1] if self.discard else None

    def face_down(self, seat: int) -> int:
        return sum(1 for cell in self.grids[seat] if cell == "?")


class TableView:
    """Draws a Board (plus the animator's sprites) and maps screen points to targets."""

    def __init__(self, players: int, names: list[str], art: CardArt, text: TextCache) -> None:
        self.layout: TableLayout = load_layout(players)
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
        self.cursor: Target | None = None
        self.targets: set[Target] = set()  # legal targets of the acting human, highlighted on hover
        self.viewer: int | None = None
        self.busy = False
        self.ui_scale = 1.0  # the player's text size setting: the prompt grows, the table does not
        self.art_values = range(-2, 13)  # an animation is playing (its banner replaces the prompt)

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
            for value in self.art_values:
                self.art.face(value, w, h)

    def cell_box(self, seat: int, index: int) -> Box:
        return self.layout.seats[seat].cell(index % COLS, index // COLS)

    def target_box(self, target: Target) -> Box:
        if target[0] == "cell":
            return self.layout.seats[target[1]].cell(target[2], target[3])
        return {"draw": self.layout.draw_pile, "discard": self.layout.discard_pile, "hand": self.layout.hand}[target[0]]

    def target_at(self, pos: tuple[int, int], board: Board) -> Target | None:
        x, y = self.viewport.to_logical(*pos)
        for name in ("draw", "discard", "hand"):
            if self.target_box((name,)).contains(x, y):
                return (name,)
        for area in self.layout.seats:
            if area.seat in board.participants and area.grid.contains(x, y):
                for index in range(CELLS):
                    col, row = index % COLS, index // COLS
                    if area.cell(col, row).contains(x, y):
                        return ("cell", area.seat, col, row)
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, board: Board, sprites: list) -> None:
        self.resize(*surface.get_size())
        surface.blit(self._resting(surface, board), (0, 0))
        for seat in board.participants:
            self._draw_label(surface, board, seat)
        self._draw_pile_captions(surface, board)
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
            background.fill((8, 30, 22))
            background.fill(FELT, self.viewport.rect(Box(0, 0, self.layout.width, self.layout.height)))
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
            self._rects["draw"] = self.viewport.rect(self.layout.draw_pile)
            self._rects["discard"] = self.viewport.rect(self.layout.discard_pile)
        wanted: dict = {"draw": "?" if board.draw_count else None, "discard": board.discard_top}
        for seat in board.participants:
            grid = board.grids[seat]
            for index in range(CELLS):
                wanted[seat, index] = None if (seat, index) in board.hidden else grid[index]
        drawn = self._drawn
        for place, value in wanted.items():
            if drawn.get(place, _UNSET) != value:
                rect = self._rects[place]
                self._layer.blit(background, rect, rect)
                if value is not None:
                    self._layer.blit(self.card_surface(value, rect.w, rect.h), rect)
                drawn[place] = value
        return self._layer

    def _draw_label(self, surface: pygame.Surface, board: Board, seat: int) -> None:
        area = self.layout.seats[seat]
        label = self.viewport.rect(area.label)
        two_lines = label.h >= font_px(self.viewport, 60)
        size = max(10, min(label.h // (2 if two_lines else 1) - 4, font_px(self.viewport, 30)))
        acting = seat == board.to_act
        name = self.names[seat] + ("  " + _("(ended the round)") if seat == board.trigger else "")
        image = self.text.render(name, size, ACTIVE_RING if acting else INK, acting)
        x = label.x
        middle = label.y + size * 0.6 if two_lines else label.centery
        if acting:
            # marker + words, so the seat to act is not told by colour alone
            h = image.get_height()
            pygame.draw.polygon(surface, ACTIVE_RING, [(x, middle - h // 3), (x, middle + h // 3), (x + h // 2, middle)])
            x += h // 2 + 6
            ring = self.viewport.rect(area.grid.inflate(16))
            pygame.draw.rect(surface, ACTIVE_RING, ring, width=max(2, round(4 * self.viewport.scale)),
                             border_radius=max(3, ring.h // 30))
        surface.blit(image, image.get_rect(midleft=(x, middle)))
        info = _("{points} pts").format(points=board.totals[seat]) + ("  - " + _("to play") if acting else "")
        info_image = self.text.render(info, max(9, size * 3 // 4), ACTIVE_RING if acting else DIM)
        if two_lines:
            surface.blit(info_image, info_image.get_rect(topleft=(x, middle + size * 0.6)))
        else:
            surface.blit(info_image, info_image.get_rect(midright=(label.right, label.centery)))

    def _draw_pile_captions(self, surface: pygame.Surface, board: Board) -> None:
        self._caption(surface, self._rects["draw"], _("Draw pile ({count})").format(count=board.draw_count))
        self._caption(surface, self._rects["discard"], _("Discard"))

    def _caption(self, surface: pygame.Surface, rect: pygame.Rect, words: str) -> None:
        image = self.text.render(words, font_px(self.viewport, 24), INK)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.bottom + 4)))

    def _draw_hand(self, surface: pygame.Surface, board: Board) -> None:
        if board.holding is None or board.holder is None:
            return
        rect = self.viewport.rect(self.layout.hand)
        surface.blit(self.card_surface(board.holding, rect.w, rect.h), rect)
        who = _("You") if board.holder == self.viewer else self.names[board.holder]
        if isinstance(board.holding, int):
            how = _("{who} took a {card} from the discard") if board.source == "discard" else _("{who} drew a {card}")
        else:
            how = _("{who} took from the discard") if board.source == "discard" else _("{who} drew")
        words = how.format(who=who, card=board.holding)
        image = self.text.render(words, font_px(self.viewport, 26), ACCENT, True)
        surface.blit(image, image.get_rect(midbottom=(rect.centerx, rect.top - 6)))

    def _draw_scores(self, surface: pygame.Surface, board: Board) -> None:
        panel = self.viewport.rect(self.layout.score_panel)
        draw_panel(surface, panel)
        size = font_px(self.viewport, 26)
        y = panel.y + size // 2
        title = self.text.render(_("Round {number}").format(number=board.round), size, ACCENT, True)
        surface.blit(title, (panel.x + size // 2, y))
        y += title.get_height() + 4
        step = max(size + 2, (panel.bottom - y - 4) // max(1, board.players))
        step = min(step, size + 10)
        for seat in range(board.players):
            if y + size > panel.bottom:
                break
            line = f"{self.names[seat]}: {board.totals[seat]}"
            image = self.text.render(line, size, INK if seat in board.participants else DIM)
            surface.blit(image, (panel.x + size // 2, y))
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

    def _draw_prompt(self, surface: pygame.Surface, board: Board) -> None:
        rect = self.viewport.rect(self.layout.prompt)
        lines = [(board.banner, ACCENT)] if board.banner and self.busy else [(self.prompt, INK), (board.banner, ACCENT)]
        for words, colour in lines:
            if not words:
                continue
            size = round(min(rect.h - 4, font_px(self.viewport, 34)) * self.ui_scale)
            image = self.text.render(words, size, colour, True)
            if image.get_width() > rect.w:
                image = self.text.render(words, max(10, size * rect.w // image.get_width()), colour, True)
            back = image.get_rect(center=rect.center).inflate(24, 10)
            draw_panel(surface, back, (0, 0, 0, 170), 8)
            surface.blit(image, image.get_rect(center=rect.center))
            rect = rect.move(0, -(back.h + 6))  # a notice sits above the prompt
