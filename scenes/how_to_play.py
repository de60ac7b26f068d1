"""How to play: the rules in short pages with small pictures drawn from the game's card art.

Left/Right (or Page Up/Down) and the buttons turn pages, E switches the edition, Esc goes back.
Every text is looked up with _() while drawing, so a language switch shows at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.i18n import _
from game.rules import COLS, EDITIONS, Voyage, edition_named
from game.ui.ink import inside, note_card, note_text
from game.ui.layout import Box
from game.ui.widgets import ACCENT, BODY_SIZE, BUTTON_SIZE, CAPTION_SIZE, DIM, INK, SMALL_SIZE, TITLE_SIZE, draw_panel
from game.ui.wording import EDITION_WORDS
from scenes.base import AppScene, draw_paragraphs, paint_backdrop
from scenes.context import AppContext

TEXT_X, TEXT_W, TEXT_Y = 110, 900, 250
EDITIONS_TOP = 440  # the editions' table on the last page (its text stays above)
CARD_W, CARD_H = 100, 140
# the editions' columns, right of the rows' labels: where they start, the room their steps share,
# where the last one ends, the gap after each of the others
EDITIONS_LEFT, EDITIONS_SPAN, EDITIONS_RIGHT, EDITIONS_GAP = 560, 1320, 1800, 30


def last_edition(app: AppContext) -> str:
    """The edition of the last setup (what the player is about to play), else Voyage."""
    match = app.settings.last_match()
    return match.edition if match is not None else Voyage.name


def _edition_columns(count: int) -> list[tuple[int, int]]:
    """(left x, width) of each edition's column in the editions' table: they share EDITIONS_SPAN
    in equal steps, the last one reaching the panel's right edge (two: (560, 630), (1220, 580))."""
    step = EDITIONS_SPAN // count
    lefts = [EDITIONS_LEFT + index * step for index in range(count)]
    return [(x, step - EDITIONS_GAP if index < count - 1 else EDITIONS_RIGHT - x) for index, x in enumerate(lefts)]


class HowToPlayScene(AppScene):
    name = "howto"

    def __init__(self, app: AppContext, edition: str | None = None) -> None:
        super().__init__(app)
        self.edition = edition_named(edition or last_edition(app))
        self.page = 0

    @property
    def pages(self) -> list[tuple[Callable[[], str], Callable[[], list[str]], Callable[[pygame.Surface], None]]]:
        """(title, paragraphs, picture) per page; texts are functions so they translate when drawn."""
        return [
            (lambda: _("The goal"), self._goal_text, self._picture_grid),
            (lambda: _("Start of a round"), self._start_text, self._picture_opening),
            (lambda: _("Your turn"), self._turn_text, self._picture_turn),
            (lambda: _("Columns"), self._column_text, self._picture_column),
            (lambda: _("End of a round"), self._end_text, self._picture_doubling),
            (lambda: _("The two editions"), self._editions_text, self._picture_editions),
        ]

    def enter(self) -> None:
        self.button(110, 960, 300, 80, "", self.previous, "previous", BUTTON_SIZE)
        self.button(1510, 960, 300, 80, "", self.next, "next", BUTTON_SIZE)
        self.button(810, 960, 300, 80, "", self.close, "back", BUTTON_SIZE)
        width = min(640, 420 * self.app.ui_scale)  # its label grows with the text, as its neighbours' do
        self.button(1820 - width, 40, width, 70, "", self.switch_edition, "edition", BUTTON_SIZE)
        self.buttons.focus = 1

    # ------------------------------------------------------------------ navigation
    def next(self) -> None:
        self.page = min(len(self.pages) - 1, self.page + 1)

    def previous(self) -> None:
        self.page = max(0, self.page - 1)

    def switch_edition(self) -> None:
        editions = list(EDITIONS.values())
        self.edition = editions[(editions.index(self.edition) + 1) % len(editions)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
                self.next()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.previous()
                return True
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            if event.key == pygame.K_e:
                self.switch_edition()
                return True
        return super().handle_event(event)

    # ------------------------------------------------------------------ texts
    def _goal_text(self) -> list[str]:
        edition = self.edition
        return [
            _("Each player has a grid of 12 cards, face down: 4 columns of 3 rows. A card never moves to "
              "another place in the grid."),
            _("The {title} deck has {count} cards worth from -2 to 12. Your score is the sum of your cards: "
              "the lower, the better.").format(title=_(EDITION_WORDS[edition.name].title), count=edition.deck_size()),
            _("Rounds are played until a total reaches 100 (the setup may choose another limit). Then the "
              "lowest total wins."),
        ]

    def _start_text(self) -> list[str]:
        return [
            _("The cards are dealt face down and the next card starts the discard pile, face up."),
            _("Each player flips two of their own cards."),
            _("In the first round, the player with the highest two cards starts. In every later round, the "
              "player who ended the previous round starts."),
        ]

    def _turn_text(self) -> list[str]:
        return [
            _("Take the top card of the discard pile and put it in place of any card of your grid, face up "
              "or face down."),
            _("Or draw the top card of the draw pile (only you see it). Put it in place of any of your cards, "
              "or throw it on the discard pile and turn one of your face-down cards."),
            _("The card you replace goes face up onto the discard pile. You choose without seeing a "
              "face-down card first."),
        ]

    def _column_text(self) -> list[str]:
        return [
            _("When the three cards of a column are face up and equal, the whole column goes onto the "
              "discard pile."),
            _("A removed column scores nothing and leaves a gap. Rows never count."),
        ]

    def _end_text(self) -> list[str]:
        return [
            _("When a player has no face-down card left, every other player plays one last turn."),
            _("Then all cards are turned, columns of three equal cards are removed, and each grid is added "
              "up."),
            _("The player who ended the round scores double when their score is positive and not strictly "
              "lower than everybody else's. Lea ends with 10 and Tom has 8: Lea scores 20."),
        ]

    def _editions_text(self) -> list[str]:
        return [
            _("Both editions play the same way. They differ in the deck, the number of players and how ties "
              "are settled."),
            _("Press E or the button at the top to read the rules of the other edition."),
        ]

    # ------------------------------------------------------------------ pictures
    def _card(self, surface: pygame.Surface, value: int | None, x: float, y: float, scale: float = 1.0) -> None:
        """A card at logical (x, y); None draws its back."""
        rect = self.viewport.rect(Box(x, y, CARD_W * scale, CARD_H * scale))
        art = self.app.art
        image = art.back(rect.w, rect.h) if value is None else art.face(value, rect.w, rect.h)
        surface.blit(image, rect)
        note_card(rect)

    def _gap(self, surface: pygame.Surface, x: float, y: float, scale: float = 1.0) -> None:
        rect = self.viewport.rect(Box(x, y, CARD_W * scale, CARD_H * scale))
        surface.blit(self.app.art.slot(rect.w, rect.h), rect)

    def _arrow(self, surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float]) -> None:
        vp = self.viewport
        a = (vp.offset_x + start[0] * vp.scale, vp.offset_y + start[1] * vp.scale)
        b = (vp.offset_x + end[0] * vp.scale, vp.offset_y + end[1] * vp.scale)
        pygame.draw.line(surface, ACCENT, a, b, max(2, round(6 * vp.scale)))
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = max(1.0, (dx * dx + dy * dy) ** 0.5)
        ux, uy = dx / length, dy / length
        size = 22 * vp.scale
        points = [b, (b[0] - ux * size - uy * size * 0.6, b[1] - uy * size + ux * size * 0.6),
                  (b[0] - ux * size + uy * size * 0.6, b[1] - uy * size - ux * size * 0.6)]
        pygame.draw.polygon(surface, ACCENT, points)

    def _grid(self, surface: pygame.Surface, cells: Sequence[int | str | None], x: float, y: float,
              scale: float = 0.8) -> None:
        """A player's grid (COLS x ROWS, row by row): an int face up, None face down, "" a gap."""
        for index, cell in enumerate(cells):
            cx = x + (index % COLS) * (CARD_W + 12) * scale
            cy = y + (index // COLS) * (CARD_H + 12) * scale
            if isinstance(cell, str):  # ""
                self._gap(surface, cx, cy, scale)
            else:
                self._card(surface, cell, cx, cy, scale)

    def _picture_grid(self, surface: pygame.Surface) -> None:
        self._grid(surface, [None] * 5 + [4] + [None] * 4 + [-1, None], 1150, 280)

    def _picture_opening(self, surface: pygame.Surface) -> None:
        self._grid(surface, [None, 7, None, None, None, None, None, None, None, None, 4, None], 1150, 280)
        self.text(surface, _("7 + 4 = 11: the highest sum starts"), BODY_SIZE, 1400, 790, color=ACCENT)

    def _picture_turn(self, surface: pygame.Surface) -> None:
        self._card(surface, None, 1120, 260)
        self._card(surface, 3, 1320, 260)
        self.text(surface, _("draw"), CAPTION_SIZE, 1170, 430, color=DIM)
        self.text(surface, _("take"), CAPTION_SIZE, 1370, 430, color=DIM)
        self._grid(surface, [9, None, None, 2, None, None, None, None, None, None, None, None], 1120, 520, 0.7)
        self._arrow(surface, (1370, 460), (1160, 540))
        self.text(surface, _("the 3 replaces the 9, which goes to the discard pile"), CAPTION_SIZE, 1400, 872,
                  color=ACCENT)

    def _picture_column(self, surface: pygame.Surface) -> None:
        self._grid(surface, [5, 1, None, None, 5, None, 8, None, 5, None, None, 2], 1080, 280, 0.75)
        self._grid(surface, ["", 1, None, None, "", None, 8, None, "", None, None, 2], 1080, 640, 0.5)
        # the discard pile above the grid's top, so the arrow leaves the column of 5s over no other card
        self._card(surface, 5, 1650, 150)
        self._arrow(surface, (1117, 270), (1640, 220))
        self.text(surface, _("three 5s: the column is removed"), CAPTION_SIZE, 1340, 760,
                  color=ACCENT, anchor="midleft")

    def _picture_doubling(self, surface: pygame.Surface) -> None:
        rows = [(_("Lea (ended the round)"), "10", "20"), (_("Tom"), "8", "8"), (_("Ines"), "13", "13")]
        draw_panel(surface, self.viewport.rect(Box(1080, 300, 740, 330)))
        for words, x in ((_("Player"), 1110), (_("Sum"), 1520), (_("Score"), 1680)):
            self.text(surface, words, CAPTION_SIZE, x, 340, color=DIM, anchor="midleft")
        for number, (name, raw, score) in enumerate(rows):
            y = 420 + number * 70
            doubled = raw != score
            self.text(surface, name, CAPTION_SIZE, 1110, y, color=INK, anchor="midleft", bold=doubled)
            self.text(surface, raw, BODY_SIZE, 1520, y, color=INK, anchor="midleft")
            self.text(surface, score + (" (x2)" if doubled else ""), BODY_SIZE, 1680, y,
                      color=(255, 140, 120) if doubled else INK, anchor="midleft", bold=doubled)
        self.text(surface, _("8 is lower than 10: Lea's score is doubled"), CAPTION_SIZE, 1450, 690, color=ACCENT)

    def _picture_editions(self, surface: pygame.Surface) -> None:
        """Every edition's column side by side (game.rules EDITIONS), the one being read highlighted."""
        rows = ((_("Cards"), "cards"), (_("Players"), "players"), (_("Tie for the win"), "final_tie"),
                (_("Tie for who starts"), "starter_tie"))
        columns = list(zip(_edition_columns(len(EDITIONS)), EDITIONS.values(), strict=True))
        top = EDITIONS_TOP + 50
        draw_panel(surface, self.viewport.rect(Box(100, top - 50, 1720, 390)))
        for (x, _w), edition in columns:
            self.text(surface, _(EDITION_WORDS[edition.name].title), BODY_SIZE, x, top,
                      color=ACCENT if edition is self.edition else DIM, bold=True, anchor="midleft")
        for number, (label, row) in enumerate(rows):
            y = top + 70 + number * 70
            self._cell(surface, label, Box(130, y - 33, 410, 66), DIM)
            for (x, w), edition in columns:
                words = getattr(EDITION_WORDS[edition.name], row)
                self._cell(surface, _(words), Box(x, y - 33, w, 66), INK if edition is self.edition else DIM)

    def _cell(self, surface: pygame.Surface, words: str, cell: Box, color: tuple[int, int, int]) -> None:
        """One cell of the editions' table: on up to two lines, smaller only if they do not fit."""
        room = self.viewport.rect(cell)
        px, lines = self.app.text.fit_lines(words, round(SMALL_SIZE * self.app.ui_scale * self.viewport.scale),
                                            room.w, room.h)
        line = self.app.text.font(px).get_linesize()
        y = room.centery - (line * (len(lines) - 1) + self.app.text.font(px).get_height()) // 2
        with inside(room):
            for part in lines:
                image = self.app.text.render(part, px, color)
                place = image.get_rect(topleft=(room.left, y))
                surface.blit(image, place)
                note_text(part, image, place)
                y += line

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        paint_backdrop(surface)  # the felt of every other page, not a flat colour of its own
        title, paragraphs, picture = self.pages[self.page]
        self.text(surface, _("How to play"), BODY_SIZE, 110, 75, color=DIM, anchor="midleft")
        self.text(surface, title(), TITLE_SIZE, 110, 150, color=ACCENT, bold=True, anchor="midleft")
        last = self.page == len(self.pages) - 1  # the editions' table spans the page under its text
        width, bottom = (1700, EDITIONS_TOP) if last else (TEXT_W, 890)
        self._paragraphs(surface, paragraphs(), Box(TEXT_X, TEXT_Y, width, bottom - TEXT_Y))
        picture(surface)
        self._label_buttons()
        page_words = _("Page {page} of {count}").format(page=self.page + 1, count=len(self.pages))
        self.text(surface, page_words, CAPTION_SIZE, 960, 920, color=DIM)
        self.buttons.draw(surface, self.viewport)

    def _paragraphs(self, surface: pygame.Surface, paragraphs: list[str], column: Box) -> None:
        """The page's paragraphs wrapped in `column` at the text size setting, made smaller
        until they all fit it (a long translation at 150 % never runs into the picture)."""
        text, zoom = self.app.text, self.viewport.scale
        room = self.viewport.rect(column)
        px = round(BODY_SIZE * self.app.ui_scale * zoom)
        while True:
            blocks = [text.wrap(paragraph, px, room.w) for paragraph in paragraphs]
            line, gap = text.font(px).get_linesize(), round(px * 0.6)
            tall = sum(len(lines) * line for lines in blocks) + gap * (len(blocks) - 1)
            wide = max((text.font(px).size(line)[0] for lines in blocks for line in lines), default=0)
            if px <= 10 or (tall <= room.h and wide <= room.w):
                break
            px -= 1
        draw_paragraphs(surface, text, blocks, px, room, [INK] * len(blocks), [gap] * len(blocks))

    def _label_buttons(self) -> None:
        """Button labels follow the language and the page at draw time."""
        # (the bundled font has no arrows: single guillemets; the E key is told on the editions' page)
        labels = {"previous": _("‹ Previous"), "next": _("Next ›"), "back": _("Back"),
                  "edition": _("Edition: {title}").format(title=_(EDITION_WORDS[self.edition.name].title))}
        enabled = {"previous": self.page > 0, "next": self.page < len(self.pages) - 1}
        for name, label in labels.items():
            button = self.buttons.named(name)
            if button is not None:
                button.label = label
                button.enabled = enabled.get(name, button.enabled)
