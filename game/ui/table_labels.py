"""The words of the table about its seats: each seat's label (its name, points, live score and
"to play" marker, fitted beside or above its grid) and the score panel."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.match import Identity
from game.ui.board import Board
from game.ui.layout import Box
from game.ui.plates import BADGE_GAP, badge_room, draw_plate
from game.ui.table_text import TableText
from game.ui.widgets import ACCENT, INK, draw_panel, font_px
from game.ui.wording import TO_PLAY, live_words, seat_score_words

ACTIVE_RING = (255, 214, 90)
RING_MARGIN = 8  # layout pixels between a grid and the "to play" ring drawn around it
LABEL_CLEARANCE = 24  # layout pixels between a grid and the words of a label beside it (past the ring)
PLATE_INK = (196, 206, 212)  # the points line on a dark plate: lighter than DIM, still below the name
LIVE_SHRINK = 0.75  # a label's words may shrink to this share of their size to keep the live score


class SeatLabels:
    """Each seat's label and the score panel: a painter the TableView holds, over its words'
    shared part; each seat's look (colour and avatar) it is given where it draws."""

    def __init__(self, words: TableText) -> None:
        self.words = words

    def draw_label(self, surface: pygame.Surface, board: Board, seat: int, identity: Identity) -> None:
        area = self.words.layout.seats[seat]
        label = self.words.viewport.rect(area.label)
        two_lines = label.h >= font_px(self.words.viewport, 60)
        grid = self.words.viewport.rect(area.grid)
        # a label of two lines above its grid (5-8 seats): the avatar on the left of both lines
        badge_left = two_lines and label.bottom <= grid.top
        hug_grid = False
        if two_lines and not badge_left:
            label, hug_grid = self._beside_grid(label, area.grid)
        if badge_left:  # its words stay above the "to play" ring
            ring_top = self.words.viewport.rect(area.grid.inflate(2 * RING_MARGIN)).top
            label = pygame.Rect(label.x, label.y, label.w, max(0, min(label.h, ring_top - 1 - label.y)))
        own = label
        acting = seat == board.to_act
        says_turn = acting and not badge_left  # (else "to play" follows the name)
        # a crowded label (5-8 seats) has no ▶ before the name: the ring and "to play" say the turn,
        # and the name keeps the room
        marked = acting and not badge_left
        name = self.words.names[seat] + (" " + _("(ended the round)") if seat == board.trigger else "")
        for share in (1.0, 0.75, 0.5) if not two_lines else (1.0,):
            # a line of words: the avatar leads it, smaller (down to half the line) to leave the live
            # score room (a tall label's goes above or below the words)
            badge = max(8, round(self._badge_px(own, two_lines, badge_left) * share))
            label = own if two_lines and not badge_left else badge_room(own, badge, above=False)
            base = max(10, min(label.h // (2 if two_lines else 1) - 4, font_px(self.words.viewport, 30)))
            # a tall plate beside its grid keeps the text size's growth: past LIVE_SHRINK its live score
            # takes a line of its own (shrunk to one line, it was 10 px high at 150 % and 1920x1080)
            info, size, info_px = self._label_info(board, seat, label, base, two_lines, name, acting, says_turn,
                                                   shrinks=True, marked=marked,
                                                   keeps_growth=two_lines and not badge_left)
            if info != seat_score_words(board.totals[seat], None, says_turn):
                break
        turn_image = None
        if acting and not says_turn:  # "to play" on the name's line, the points line keeps its width
            turn_image = self.words.text.render(_(TO_PLAY), info_px, ACTIVE_RING)
            room = label.w - turn_image.get_width() - font_px(self.words.viewport, 10) - (size // 2 + 6)
            fitted = self.words.fit_px(name, size, width=room, bold=True)
            if fitted >= info_px:
                size = min(size, fitted)
            else:  # a long name keeps its size: "to play" joins the points line, which may shrink
                turn_image, says_turn = None, True
                info, size, info_px = self._label_info(board, seat, label, base, two_lines, name, acting, True, True,
                                                               marked=marked)
        image = self.words.text.render(name, size, ACTIVE_RING if acting else INK, acting)
        info_image = self.words.text.render(info, info_px, ACTIVE_RING if acting else PLATE_INK)
        ring = self.words.viewport.rect(area.grid.inflate(2 * RING_MARGIN))  # (drawn by the turn marker)
        extra_image = None
        if two_lines and info == seat_score_words(board.totals[seat], None, says_turn):
            # the live score did not fit beside the total: it gets a third line, the label moving up
            # as far as needed to keep it on the table
            live = self.live_words(board, seat)
            extra_image = self.words.text.render(live, self.words.fit_px(live, info_px, width=label.w), PLATE_INK)
        middle = label.y + size * 0.6 if two_lines else label.centery
        if extra_image is not None:
            table = Box(0, 0, self.words.layout.width, self.words.layout.height)
            limit = min(surface.get_height(), self.words.viewport.rect(table).bottom)
            below = middle + size * 0.6 + info_image.get_height() + extra_image.get_height() + 2
            middle -= max(0, below - limit)
        if not two_lines and label.bottom <= grid.top:
            # a label just above its grid: its line stays above the "to play" ring
            middle = min(middle, ring.top - 2 - (image.get_height() + 1) // 2)
        marker = image.get_height() // 2 + 6 if marked else 0
        if hug_grid:
            name_rect = image.get_rect(midright=(label.right, middle))
            info_rect = info_image.get_rect(topright=(label.right, middle + size * 0.6))
        else:
            name_rect = image.get_rect(midleft=(label.x + marker, middle))
            info_rect = info_image.get_rect(topleft=(name_rect.left, middle + size * 0.6))
        if not two_lines:
            info_rect = info_image.get_rect(midright=(label.right, middle))
        if extra_image is not None:
            if hug_grid:
                extra_rect = extra_image.get_rect(topright=(label.right, info_rect.bottom))
            else:
                extra_rect = extra_image.get_rect(topleft=(info_rect.left, info_rect.bottom))
        if hug_grid:  # the words end level with the grid's foot, the avatar above them (it leads, as on a card)
            low = (extra_rect if extra_image is not None else info_rect).bottom
            drop = max(0, own.bottom - BADGE_GAP // 2 - low)
            middle += drop
            name_rect, info_rect = name_rect.move(0, drop), info_rect.move(0, drop)
            if extra_image is not None:
                extra_rect = extra_rect.move(0, drop)
        words = [name_rect.inflate(marker, 0).move(-marker // 2, 0), info_rect]
        if extra_image is not None:
            words.append(extra_rect)
        above = ""
        if two_lines and not badge_left:
            block = words[0].unionall(words[1:])
            room = max(block.top - own.top, own.bottom - block.bottom) - BADGE_GAP
            badge = max(12, min(badge, room))
            above = ("right" if hug_grid else "left") + ("" if block.top - own.top >= own.bottom - block.bottom
                                                          else " below")
        draw_plate(surface, identity, words, badge, above, own.inflate(10, 8),
                   max(4, badge // 4))
        if marked:  # marker + words, so the seat to act is not told by colour alone
            h, x = image.get_height(), name_rect.left - marker
            arrow = [(x, middle - h // 3), (x, middle + h // 3), (x + h // 2, middle)]
            pygame.draw.polygon(surface, ACTIVE_RING, arrow)
        self.words.blit_text(surface, image, name_rect, name)
        if turn_image is not None:
            turn_rect = turn_image.get_rect(midleft=(name_rect.right + font_px(self.words.viewport, 10), middle))
            self.words.blit_text(surface, turn_image, turn_rect, _(TO_PLAY))
        self.words.blit_text(surface, info_image, info_rect, info)
        if extra_image is not None:
            self.words.blit_text(surface, extra_image, extra_rect, self.live_words(board, seat))

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

    def draw_scores(self, surface: pygame.Surface, board: Board) -> None:
        """The corner box: the round's number (every grid's label tells its player's totals, so
        the box no longer repeats them)."""
        panel = self.words.viewport.rect(self.words.layout.score_panel)
        draw_panel(surface, panel)
        title_words = _("Round {number}").format(number=board.round)
        largest = max(font_px(self.words.viewport, 26), self.words.px(26))
        size = self.words.fit_px(title_words, largest, width=panel.w - 16, height=panel.h - 6, bold=True)
        title = self.words.text.render(title_words, size, ACCENT, True)
        self.words.blit_text(surface, title, title.get_rect(center=panel.center), title_words)
