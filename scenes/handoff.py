"""Hot-seat: a full screen that hides the table until the next human is at the keyboard.

The table pushes it by name ("handoff", with `player` and `on_done`) when its controller
signals a hand-off; `on_done` turns the table to that player's eyes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.i18n import _, ngettext
from game.match import Identity
from game.ui.layout import Box
from game.ui.widgets import ACCENT, BODY_SIZE, CAPTION_SIZE, DIM, DISPLAY_SIZE, SMALL_SIZE
from scenes.base import AppScene, paint_backdrop
from scenes.context import AppContext
from scenes.names import PAUSE, PLAY, SCORES

HIDDEN = (16, 20, 34)
RECAP_ROWS = 7  # lines of the recap on screen at once (between the heading and the button); more scroll
# The screen's block (avatar, name, sentence, recap, button), in logical px as laid out when the recap
# fills its rows; with fewer rows the button comes up under the last and the block is centred above the hints
BLOCK_TOP = 185  # the avatar's top
SENTENCE_BOTTOM = 530  # the sentence under the name (at 150 % text)
RECAP_TOP = 592  # the recap's first row's middle
RECAP_ROW = 38
BUTTON_GAP = 40  # between the last text and the button
BUTTON_TOP = 870  # at the lowest (a full recap)
BUTTON_H = 100
ROOM_BOTTOM = 980  # above the hints at the bottom of the screen


class HandoffScene(AppScene):
    name = "handoff"
    overlay = False  # opaque: nothing of the table shows through
    own_clicks_only = True  # it opens by itself after a move: a click begun on the table is not for it

    def __init__(self, app: AppContext, player: str, on_done: Callable[[], None],
                 recap: Sequence[str] = (), identity: Identity | None = None) -> None:
        super().__init__(app)
        self.player = player
        self.identity = identity  # the player's colour and avatar, above their name
        self.recap = list(recap)  # what the others did since this player's last turn, one line a move
        self.first = 0  # the first move on screen: the arrows and the wheel scroll through every move
        self.on_done = on_done

    def enter(self) -> None:
        self.button(760, BUTTON_TOP, 400, BUTTON_H, _("I am ready"), self.done, "ready")
        self.buttons.focus = 0  # Enter acts on it: the ring says so
        self.app.voice.say(_("Pass to {name}").format(name=self.player))  # Read aloud: then "I am ready"

    def done(self) -> None:
        self.close()
        self.on_done()

    def resume(self) -> None:
        """Back from the pause menu: the pass screen turned off there goes at once, as if it had
        never been asked for (the table turns to the player, the recap beside it)."""
        if self.app.settings.pass_screen:
            return
        table = self.stack.find(PLAY)
        if table is not None:
            table.recap.beside(self.recap)
        self.done()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.done()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_s, pygame.K_TAB):
            self._over_the_table(event.key)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll(-1 if event.key == pygame.K_UP else 1)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.done()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION)

    def scroll(self, by: int) -> None:
        """Move the recap's window by `by` moves, within the moves there are."""
        self.first = max(0, min(self.first + by, len(self.recap) - 1))

    def shown_moves(self) -> tuple[list[str], int]:
        """The recap's lines on screen (from `first`, wrapped, as many whole moves as fit, one row
        kept to say how many more there are when some do not fit) and the number of moves below."""
        self.first = max(0, min(self.first, len(self.recap) - 1))
        wrapped = [self.app.text.wrap(move, CAPTION_SIZE, 1500) for move in self.recap[self.first:]]
        if sum(map(len, wrapped)) <= RECAP_ROWS:
            return [line for lines in wrapped for line in lines], 0
        lines: list[str] = []
        for count, move in enumerate(wrapped):
            if len(lines) + len(move) > RECAP_ROWS - 1:
                return lines, len(wrapped) - count
            lines += move
        return lines, 0

    def recap_rows(self) -> int:
        """The recap's rows on screen at most: all its lines when they fit, else RECAP_ROWS and the
        line under them (so the button stays put while the player scrolls)."""
        if not self.recap:
            return 0
        total = sum(len(self.app.text.wrap(move, CAPTION_SIZE, 1500)) for move in self.recap)
        return total if total <= RECAP_ROWS else RECAP_ROWS + 1

    def block_shift(self) -> float:
        """How far down the block is drawn, in logical px, and the button moved to just under its
        text: no empty band between the words and the button when the recap is short or absent."""
        rows = self.recap_rows()
        bottom = RECAP_TOP + RECAP_ROW * (rows - 0.5) if rows else SENTENCE_BOTTOM
        button_top = min(BUTTON_TOP, bottom + BUTTON_GAP)
        shift = max(0.0, (ROOM_BOTTOM - (button_top + BUTTON_H - BLOCK_TOP)) / 2 - BLOCK_TOP)
        button = self.buttons.named("ready")
        if button is not None:
            button.box = Box(button.box.x, button_top + shift, button.box.w, BUTTON_H)
        return shift

    def _over_the_table(self, key: int) -> None:
        """Esc: the table's pause menu (save and quit, settings...); S or Tab: the score sheet,
        as on the table itself. Both open over this screen, which stays opaque beneath them:
        nothing of the table shows until the player named here says they are ready."""
        play = self.stack.find(PLAY)
        if play is None:  # (a hand-off with no table beneath: a gallery's screen alone)
            return
        if key == pygame.K_ESCAPE:
            self.stack.push(PAUSE, table=play.table, guide=play.guide)
        else:
            self.stack.push(SCORES, table=play.table)

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(surface)
        paint_backdrop(surface, HIDDEN)
        shift = self.block_shift()
        if self.identity is not None:
            self.avatar(surface, self.identity, 960, BLOCK_TOP + 75 + shift, 150)
        self.text(surface, _("Pass to {name}").format(name=self.player), DISPLAY_SIZE, 960, 400 + shift,
                  color=ACCENT, bold=True)
        self.text(surface, _("Only the player named above should look at the screen now."), BODY_SIZE, 960,
                  490 + shift, color=DIM)
        if self.recap:
            self.text(surface, _("Since your last turn:"), BODY_SIZE, 960, 550 + shift, color=DIM)
            lines, below = self.shown_moves()
            for number, line in enumerate(lines):
                self.text(surface, line, CAPTION_SIZE, 960, RECAP_TOP + RECAP_ROW * number + shift)
            last = RECAP_TOP + RECAP_ROW * len(lines) + shift
            if below:  # never a move dropped silently: say how many more, and how to read them
                more = ngettext("and {n} more move (Down arrow or mouse wheel)",
                                "and {n} more moves (Down arrow or mouse wheel)", below).format(n=below)
                self.text(surface, more, CAPTION_SIZE, 960, last, color=ACCENT)
            elif self.first:
                self.text(surface, _("Up arrow or mouse wheel: the earlier moves"), CAPTION_SIZE, 960, last, color=DIM)
        self.text(surface, _("Click, or press Enter or Space, to continue"), CAPTION_SIZE, 960, 1010, color=DIM)
        self.text(surface, _("Esc: pause menu · S: scores"), SMALL_SIZE, 960, 1055, color=DIM)
        self.buttons.draw(surface, self.viewport)
