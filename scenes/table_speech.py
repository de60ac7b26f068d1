"""Read aloud at the table (a part of scenes/play.py): what the table tells is spoken as it
happens (each move, a column removed, the round's end and its scores, the game's end), the
prompt whenever it changes (whose turn, what they may do, the hot-seat hand-off), the keyboard
cursor's card when it moves, and the keys that ask rather than look.

Keys (none of them is the table's: arrows, Enter, Space, Esc, H, S, Tab, Backspace, F11):
G your grid column by column, 1-4 one column of it, O the next other player's grid, P the
piles, T the scores, L the last move again, I what you hold, W whose turn (the prompt again).

Everything said is built from the seat's view and the table's events (game/ui/spoken.py). A
computer's next move waits while the voice still speaks (scaled by the animation speed: none
at "instant"), so each move can be heard.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.rules import PublicView, SeatView
from game.table import GameOver, HandoffDue, RoundOver, TableEvents, TableMessage
from game.ui.speech import Voice
from game.ui.spoken import EventWords, column_words, grid_words, holding_words, piles_words, scores_words, target_words
from game.ui.targets import Target

COLUMN_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
               pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}
ASK_KEYS = frozenset({pygame.K_g, pygame.K_o, pygame.K_p, pygame.K_t, pygame.K_l, pygame.K_i, pygame.K_w,
                      *COLUMN_KEYS})
SPEECH_LEAD = 1.5  # s: at "fast", a computer's move may begin while this much of the last line is still said


class SpokenTable(Protocol):
    """What the speech reads of the table screen."""

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def addressee(self) -> int | None: ...

    @property
    def viewer(self) -> int | None: ...

    def position(self) -> SeatView | PublicView: ...

    def view_of(self, seat: int | None) -> SeatView | PublicView: ...

    def prompt(self) -> str: ...


class TableSpeech:
    """The table screen's voice: it hears the table's messages and the player's questions and
    says them through the app's `Voice`. `cursor` gives the keyboard cursor now."""

    def __init__(self, screen: SpokenTable, voice: Voice, cursor: Callable[[], Target | None]) -> None:
        self.screen = screen
        self.voice = voice
        self.cursor = cursor
        self.words = EventWords(screen.names, screen.addressee)
        self.last_move = ""  # the last line about a move (L says it again)
        self._prompt = ""  # the prompt last said
        self._cursor: Target | None = None  # the cursor last said
        self._other = -1  # the other player whose grid O said last
        self._notice = self._tip = ""  # the notice line and the guide's tip last said

    def _here(self) -> int | None:
        """The seat whose person looks at the screen now (the acting human, else the viewer)."""
        position = self.screen.position()
        return position.seat if isinstance(position, SeatView) else self.screen.viewer

    # ------------------------------------------------------------------ what the table tells
    def heard(self, message: TableMessage) -> None:
        if not self.voice.speaking:
            return
        match message:
            case TableEvents(events=events):
                for line in self.words.lines(events, self._here()):
                    self.last_move = line
                    self.voice.say(line)
            case HandoffDue() | RoundOver() | GameOver():
                self._prompt = ""  # (the prompt after them is said again, even if its words are the same)

    def update(self, busy: bool, notice: str, tip: str, on_top: bool = True) -> None:
        """Each frame: the notice line and a guide's tip when they change, the prompt once the
        board is still, the table on top (not under a hand-off or the scores) and its words
        changed, the cursor's card when it moved."""
        if not self.voice.speaking:
            return
        for line, last in ((notice, self._notice), (tip, self._tip)):
            if line and line != last:
                self.voice.say(line)
        self._notice, self._tip = notice, tip
        if not busy and on_top:
            prompt = self.screen.prompt()
            if prompt != self._prompt:
                self._prompt = prompt
                self.voice.say(prompt)
        cursor = self.cursor()
        if cursor != self._cursor and on_top:  # (under a hand-off or a question it waits to be said)
            self._cursor = cursor
            if cursor is not None:
                self.voice.say(target_words(cursor, self.screen.position()), interrupt=True)

    def holds(self, speed: float) -> bool:
        """Whether the table should wait for the voice before its next move: while it still
        speaks, less SPEECH_LEAD at speeds above normal; never at "instant" (speed 0)."""
        if not self.voice.speaking or speed <= 0:
            return False
        lead = SPEECH_LEAD * max(0.0, 1.0 - 1.0 / speed)
        return self.voice.remaining() > lead

    # ------------------------------------------------------------------ the keys that ask
    def ask(self, event: pygame.event.Event) -> bool:
        """A key that asks (ASK_KEYS): its answer said at once; True when it was one."""
        if event.type != pygame.KEYDOWN or event.key not in ASK_KEYS or not self.voice.speaking:
            return False
        self.voice.say(self.answer(event.key), interrupt=True)
        return True

    def answer(self, key: int) -> str:
        screen = self.screen
        here = self._here()
        seat = 0 if here is None else here
        view = screen.view_of(here)
        if key in COLUMN_KEYS:
            return column_words(view, seat, COLUMN_KEYS[key])
        if key == pygame.K_o:
            self._other = next((s for s in [*range(self._other + 1, view.players), *range(view.players)]
                                if s != seat), seat)
            return grid_words(view, self._other, screen.names, screen.addressee)
        answers: dict[int, Callable[[], str]] = {
            pygame.K_g: lambda: grid_words(view, seat, screen.names, screen.addressee if here is None else seat),
            pygame.K_p: lambda: piles_words(view),
            pygame.K_t: lambda: scores_words(view, screen.names),
            pygame.K_l: lambda: self.last_move,
            pygame.K_i: lambda: holding_words(view, seat),
            pygame.K_w: screen.prompt,
        }
        return answers[key]()
