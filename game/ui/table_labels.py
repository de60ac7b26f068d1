"""The words of the table about its seats: each seat's label (its name, points, live score and
"to play" marker, fitted beside or above its grid) and the score panel."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game.i18n import _
from game.match import Identity
from game.ui.board import Board
from game.ui.layout import Box
from game.ui.plates import BADGE_GAP, badge_room, draw_plate
from game.ui.table_text import Placed, TableText
from game.ui.widgets import ACCENT, INK, draw_panel, font_px
from game.ui.wording import TO_PLAY, live_words, seat_score_words

ACTIVE_RING = (255, 214, 90)
RING_MARGIN = 8  # layout pixels between a grid and the "to play" ring drawn around it
LABEL_CLEARANCE = 24  # layout pixels between a grid and the words of a label beside it (past the ring)
PLATE_INK = (196, 206, 212)  # the points line on a dark plate: lighter than DIM, still below the name
LIVE_SHRINK = 0.75  # a label's words may shrink to this share of their size to keep the live score


@dataclass(frozen=True)
class LabelBox:
    """Where a seat's words go, as its label box and its grid lie."""

    own: pygame.Rect  # the label's box, trimmed clear of its grid's ring
    grid: pygame.Rect
    ring: pygame.Rect  # the "to play" ring around the grid
    two_lines: bool  # the name over the points line (else one line of words)
    badge_left: bool  # two lines above the grid (5-8 seats): the avatar on their left
    hug_grid: bool  # beside the grid, on its left: the words end at the grid's side


@dataclass(frozen=True)
class LabelFit:
    """The words of a label and the sizes they fit at."""

    name: str
    info: str  # the points line
    size: int  # the name's px
    info_px: int
    badge: int  # the avatar's px
    label: pygame.Rect  # the words' box (less a leading avatar's room)
    base: int  # the least name size the box asks for
    says_turn: bool  # "to play" is on the points line


class SeatLabels:
    """Each seat's label and the score panel: a painter the TableView holds, over its words'
    shared part; each seat's look (colour and avatar) it is given where it draws."""

    def __init__(self, words: TableText) -> None:
        self.words = words

    def draw_label(self, surface: pygame.Surface, board: Board, seat: int, identity: Identity) -> list[Placed]:
        """The seat's plate: its avatar, name, points line (and live score) fitted to its label box
        beside or above its grid; returns the texts drawn and where."""
        box = self._label_box(seat)
        acting = seat == board.to_act
        # a crowded label (5-8 seats) has no ▶ before the name: the ring and "to play" say the turn,
        # and the name keeps the room
        marked = acting and not box.badge_left
        name = self.words.names[seat] + (" " + _("(ended the round)") if seat == board.trigger else "")
        fit = self._fit_words(board, seat, box, name, acting)
        turn_image = None
        if acting and not fit.says_turn:  # "to play" on the name's line, the points line keeps its width
            fit, turn_image = self._turn_beside_name(board, seat, box, fit)
        lines = self._render(board, seat, box, fit, acting)
        middle = self._middle(surface.get_height(), box, fit, lines)
        marker = lines[0].get_height() // 2 + 6 if marked else 0
        rects, middle = self._place_words(box, fit, lines, middle, marker)
        gap = font_px(self.words.viewport, 10)
        if turn_image is not None and box.hug_grid:  # the words end at the grid's side: "to play" last
            rects[0] = rects[0].move(-(turn_image.get_width() + gap), 0)
        turn_rect = None if turn_image is None else turn_image.get_rect(midleft=(rects[0].right + gap, middle))
        words = [rects[0].inflate(marker, 0).move(-marker // 2, 0), *rects[1:], *([turn_rect] if turn_rect else [])]
        badge, above = self._avatar_place(box, words, fit.badge)
        draw_plate(surface, identity, words, badge, above, box.own.inflate(10, 8), max(4, badge // 4))
        if marked:  # marker + words, so the seat to act is not told by colour alone
            h, x = lines[0].get_height(), rects[0].left - marker
            arrow = [(x, middle - h // 3), (x, middle + h // 3), (x + h // 2, middle)]
            pygame.draw.polygon(surface, ACTIVE_RING, arrow)
        blit = self.words.blit_text
        placed = [blit(surface, lines[0], rects[0], name)]
        if turn_image is not None and turn_rect is not None:
            placed.append(blit(surface, turn_image, turn_rect, _(TO_PLAY)))
        placed.append(blit(surface, lines[1], rects[1], fit.info))
        if len(lines) > 2:
            placed.append(blit(surface, lines[2], rects[2], self.live_words(board, seat)))
        return placed

    def _label_box(self, seat: int) -> LabelBox:
        """Where the seat's words go: a label of two lines beside its grid is trimmed clear of the
        grid's ring; one of two lines above it (5-8 seats) ends above its "to play" ring."""
        viewport = self.words.viewport
        area = self.words.layout.seats[seat]
        label = viewport.rect(area.label)
        two_lines = label.h >= font_px(viewport, 60)
        grid = viewport.rect(area.grid)
        ring = viewport.rect(area.grid.inflate(2 * RING_MARGIN))
        # a label of two lines above its grid (5-8 seats): the avatar on the left of both lines
        badge_left = two_lines and label.bottom <= grid.top
        hug_grid = False
        if two_lines and not badge_left:
            label, hug_grid = self._beside_grid(label, area.grid)
        if badge_left:  # its words stay above the "to play" ring
            label = pygame.Rect(label.x, label.y, label.w, max(0, min(label.h, ring.top - 1 - label.y)))
        return LabelBox(label, grid, ring, two_lines, badge_left, hug_grid)

    def _fit_words(self, board: Board, seat: int, box: LabelBox, name: str, acting: bool) -> LabelFit:
        """The avatar's size, the words' box beside it and the sizes of the name and points line.
        On a line of words the avatar leads it, smaller (down to half the line) to leave the live
        score room (a tall label's goes above or below the words)."""
        # "to play" on the points line of a one-line label; on a plate of two lines it follows the
        # name, so the acting seat's points line is never the one made smaller (issue 48)
        says_turn = acting and not box.two_lines
        own, two_lines = box.own, box.two_lines
        for share in (1.0, 0.75, 0.5) if not two_lines else (1.0,):
            badge = max(8, round(self._badge_px(own, two_lines, box.badge_left) * share))
            label = own if two_lines and not box.badge_left else badge_room(own, badge, above=False)
            base = max(10, min(label.h // (2 if two_lines else 1) - 4, font_px(self.words.viewport, 30)))
            # a tall plate beside its grid keeps the text size's growth: past LIVE_SHRINK its live score
            # takes a line of its own (shrunk to one line, it was 10 px high at 150 % and 1920x1080)
            info, size, info_px = self._label_info(board, seat, label, base, two_lines, name, acting, says_turn,
                                                   shrinks=True, marked=says_turn,
                                                   keeps_growth=two_lines and not box.badge_left)
            if info != seat_score_words(board.totals[seat], None, says_turn):
                break
        return LabelFit(name, info, size, info_px, badge, label, base, says_turn)

    def _turn_beside_name(self, board: Board, seat: int, box: LabelBox,
                          fit: LabelFit) -> tuple[LabelFit, pygame.Surface | None]:
        """"to play" after the name (a crowded label): the name made smaller to leave it room, or,
        a long name keeping its size, "to play" joins the points line, which may shrink."""
        turn_image = self.words.text.render(_(TO_PLAY), fit.info_px, ACTIVE_RING)
        room = fit.label.w - turn_image.get_width() - font_px(self.words.viewport, 10) - (fit.size // 2 + 6)
        fitted = self.words.fit_px(fit.name, fit.size, width=room, bold=True)
        if fitted >= fit.info_px:
            return replace(fit, size=min(fit.size, fitted)), turn_image
        info, size, info_px = self._label_info(board, seat, fit.label, fit.base, box.two_lines, fit.name, True, True,
                                               True, marked=False)
        return replace(fit, info=info, size=size, info_px=info_px, says_turn=True), None

    def _render(self, board: Board, seat: int, box: LabelBox, fit: LabelFit, acting: bool) -> list[pygame.Surface]:
        """The name, the points line and, when the live score did not fit beside the total on a
        label of two lines, the live score on a third line."""
        text = self.words.text
        lines = [text.render(fit.name, fit.size, ACTIVE_RING if acting else INK, acting),
                 text.render(fit.info, fit.info_px, ACTIVE_RING if acting else PLATE_INK)]
        if box.two_lines and fit.info == seat_score_words(board.totals[seat], None, fit.says_turn):
            live = self.live_words(board, seat)
            lines.append(text.render(live, self.words.fit_px(live, fit.info_px, width=fit.label.w), PLATE_INK))
        return lines

    def _middle(self, screen_h: int, box: LabelBox, fit: LabelFit, lines: list[pygame.Surface]) -> float:
        """The height of the name's middle: a third line moves the label up as far as needed to
        keep it on the table; a label just above its grid keeps its line above the "to play" ring."""
        label = fit.label
        middle: float = label.y + fit.size * 0.6 if box.two_lines else label.centery
        if len(lines) > 2:
            table = Box(0, 0, self.words.layout.width, self.words.layout.height)
            limit = min(screen_h, self.words.viewport.rect(table).bottom)
            below = middle + fit.size * 0.6 + lines[1].get_height() + lines[2].get_height() + 2
            middle -= max(0, below - limit)
        if not box.two_lines and label.bottom <= box.grid.top:
            middle = min(middle, box.ring.top - 2 - (lines[0].get_height() + 1) // 2)
        return middle

    @staticmethod
    def _place_words(box: LabelBox, fit: LabelFit, lines: list[pygame.Surface], middle: float,
                     marker: int) -> tuple[list[pygame.Rect], float]:
        """Where each line goes (and the name's middle): right-aligned to a grid on their right,
        else after the ▶ marker; a line of words has its points at the label's right end."""
        label, low = fit.label, middle + fit.size * 0.6
        if box.hug_grid:
            rects = [lines[0].get_rect(midright=(label.right, middle)), lines[1].get_rect(topright=(label.right, low))]
        else:
            name = lines[0].get_rect(midleft=(label.x + marker, middle))
            rects = [name, lines[1].get_rect(topleft=(name.left, low))]
        if not box.two_lines:
            rects[1] = lines[1].get_rect(midright=(label.right, middle))
        if len(lines) > 2:  # (under the points line)
            if box.hug_grid:
                rects.append(lines[2].get_rect(topright=(label.right, rects[1].bottom)))
            else:
                rects.append(lines[2].get_rect(topleft=(rects[1].left, rects[1].bottom)))
        if box.hug_grid:  # the words end level with the grid's foot, the avatar above them (it leads, as on a card)
            drop = max(0, box.own.bottom - BADGE_GAP // 2 - rects[-1].bottom)
            return [rect.move(0, drop) for rect in rects], middle + drop
        return rects, middle

    @staticmethod
    def _avatar_place(box: LabelBox, words: list[pygame.Rect], badge: int) -> tuple[int, str]:
        """The avatar's size and side on a plate: before the words on a line ("") or, on a tall
        label beside its grid, above or below them where there is more room, at the grid's side."""
        if not box.two_lines or box.badge_left:
            return badge, ""
        own, block = box.own, words[0].unionall(words[1:])
        beside = min(badge, round(words[0].h * 1.6))
        if box.hug_grid and words[0].left - beside - BADGE_GAP >= own.left:
            # room on the name's line (a short name, 3 seats): the avatar leads it, and the plate
            # is no dark box with the avatar in a corner above the words (issue 48)
            return beside, "name"
        room = max(block.top - own.top, own.bottom - block.bottom) - BADGE_GAP
        side = "right" if box.hug_grid else "left"
        return max(12, min(badge, room)), side + ("" if block.top - own.top >= own.bottom - block.bottom else " below")

    def _badge_px(self, label: pygame.Rect, two_lines: bool, badge_left: bool = False) -> int:
        """The avatar's size on a label: a tall label's stands above the words, at most a third of
        its height, growing with the text size; a label of two lines above a grid has it on their
        left, as tall as both; a label of one line's is as tall as the line, and leaves a larger
        text size its growth."""
        if badge_left:
            return max(12, min(label.h - 4, label.w // 6))
        if two_lines:
            return self.words.px(48)
        return max(8, min(label.h, font_px(self.words.viewport, 30), label.w // 7))  # (the words' room first)

    def _label_info(self, board: Board, seat: int, label: pygame.Rect, base: int, two_lines: bool, name: str,
                    acting: bool, says_turn: bool, shrinks: bool, marked: bool = True,
                    keeps_growth: bool = False) -> tuple[str, int, int]:
        """The points line and the sizes of the name and of that line. It tells the game total and
        the live round score ("12 points · showing 14 pts"). On a label of one line, the name and that
        line shrink together to keep the live score, down to LIVE_SHRINK of their size or to their
        size at 100 % text (`keeps_growth`: only to LIVE_SHRINK); below that (or on a label of two
        lines) it gives way, to a third line where there is one ("to play" never does: the seat to
        act is told in words, not by colour alone)."""
        total = seat_score_words(board.totals[seat], None, says_turn)
        plain = self._label_px(label, base, two_lines, name, total, acting, marked)
        info = seat_score_words(board.totals[seat], board.visible_sum(seat), says_turn)
        # a larger text setting may give back its growth (not where a line of its own is the other way)
        least = LIVE_SHRINK if keeps_growth else min(LIVE_SHRINK, 1 / max(1.0, self.words.ui_scale))
        # by 5 % steps; a label of two lines beside a grid never shrinks: its live score takes a third
        # line instead (above a grid, 5-8 seats, it has no room for one)
        steps = [1 - step / 20 for step in range(round((1 - least) * 20) + 1 if shrinks else 1)]
        for name_gives_way in (False, True):  # both lines shrink together; then a long name a little more
            for share in steps:
                size, info_px = (max(8, round(px * share)) for px in plain)
                if two_lines:  # (the name has a line of its own: only the points line gives way)
                    size = plain[0]
                if name_gives_way and not two_lines:
                    marker = self.words.text.font(size, True).get_height() // 2 + 6 if acting and marked else 0
                    info_w = self.words.text.font(info_px).size(info)[0]
                    room = label.w - marker - font_px(self.words.viewport, 16) - info_w
                    size = max(size * 4 // 5, self.words.fit_px(name, size, width=room, bold=acting))
                if self._label_fits(label, two_lines, name, size, info, info_px, acting, marked):
                    return info, size, info_px
        return total, *plain

    def _label_fits(self, label: pygame.Rect, two_lines: bool, name: str, size: int, info: str, info_px: int,
                    acting: bool, marked: bool = True) -> bool:
        """Whether the name and the points line at these sizes fit the label box side by side (one
        line) or the points line fits its width (two lines)."""
        font = self.words.text.font
        marker = font(size, acting).get_height() // 2 + 6 if acting and marked else 0
        info_w = font(info_px).size(info)[0]
        if two_lines:
            return marker + info_w <= label.w
        return marker + font(size, acting).size(name)[0] + font_px(self.words.viewport, 16) + info_w <= label.w

    @staticmethod
    def score_words(board: Board, seat: int) -> str:
        """The seat's game total and its live round score, the sum of its face-up cards:
        "12 points · showing 14 pts"."""
        return seat_score_words(board.totals[seat], board.visible_sum(seat), False)

    @staticmethod
    def live_words(board: Board, seat: int) -> str:
        """The live round score alone: "showing 14 pts"."""
        return live_words(board.visible_sum(seat))

    def _beside_grid(self, label: pygame.Rect, grid_box: Box) -> tuple[pygame.Rect, bool]:
        """A label box beside its grid, trimmed on the grid's side to keep its words clear of the
        grid's "to play" ring, and whether it lies left of the grid (the caller then right-aligns
        the words, so they read with the grid)."""
        viewport = self.words.viewport
        grid, clear = viewport.rect(grid_box), viewport.rect(grid_box.inflate(2 * LABEL_CLEARANCE))
        if label.right <= grid.left:
            return pygame.Rect(label.x, label.y, min(label.right, clear.left) - label.x, label.h), True
        if grid.right <= label.left < clear.right:
            return pygame.Rect(clear.right, label.y, label.right - clear.right, label.h), False
        return label, False

    def _label_px(self, label: pygame.Rect, base: int, two_lines: bool, name: str, info: str,
                  acting: bool, marked: bool = True) -> tuple[int, int]:
        """The sizes of the name and of the points line: grown by the text size setting as far as
        the label box holds them (two lines: stacked; one line: side by side), each made
        smaller only when it is too wide for the box (a long name, "(ended the round)")."""
        size = max(base, self.words.px(30))
        font = self.words.text.font
        while size > base and (1.2 * size + font(max(9, size * 3 // 4)).get_height() > label.h if two_lines
                               else font(size, acting).get_height() > label.h):
            size -= 1
        marker = font(size, acting).get_height() // 2 + 6 if acting and marked else 0
        info_px = self.words.fit_px(info, max(9, size * 3 // 4), width=label.w - marker)
        room = label.w - marker
        if not two_lines:
            room -= font(info_px).size(info)[0] + font_px(self.words.viewport, 16)
        return self.words.fit_px(name, size, width=room, bold=acting), info_px

    def draw_scores(self, surface: pygame.Surface, board: Board) -> list[Placed]:
        """The corner box: the round's number (every grid's label tells its player's totals, so
        the box no longer repeats them)."""
        panel = self.words.viewport.rect(self.words.layout.score_panel)
        draw_panel(surface, panel)
        title_words = _("Round {number}").format(number=board.round)
        largest = max(font_px(self.words.viewport, 26), self.words.px(26))
        size = self.words.fit_px(title_words, largest, width=panel.w - 16, height=panel.h - 6, bold=True)
        title = self.words.text.render(title_words, size, ACCENT, True)
        return [self.words.blit_text(surface, title, title.get_rect(center=panel.center), title_words)]
