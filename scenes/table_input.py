"""What a click or a key means at the table screen (scenes/play.py): the move it makes on the
engine's position, the keyboard cursor, and the one pending target kept while an animation
plays.

Input is never lost, and never applied twice or to a stale position: a click (or Enter on
the cursor) while an animation plays skips it and becomes the one pending target (the latest
wins), together with the engine's position then. Once the board has caught up, it is played
if it is still a legal choice for the acting human and nothing else was played in between;
otherwise it is dropped silently. Space only skips. A guide tip is dismissed by the next key
or click, and never swallows one that means something: a move is played, and Esc, H, the
arrows, S/Tab, Backspace and the Scores button do what they always do (`passes_tip`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

import pygame

from game.i18n import _
from game.rules import (
    COLS,
    DRAW,
    FLIP,
    HIDDEN,
    OPENING,
    REPLACE,
    REVEAL,
    ROWS,
    SOURCE_DRAW,
    TAKE,
    Action,
    PublicView,
    SeatView,
)
from game.ui.layout import Viewport
from game.ui.targets import DISCARD_PILE, DISCARD_TARGET, DRAW_PILE, DRAW_TARGET, HAND, Target, grid_targets
from scenes.score_overlay import scores_button_hit

PILES_SPLIT = COLS // 2  # the keyboard cursor: columns left of this are under the draw pile, the rest under the discard
SKIP_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
CURSOR_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
# keys that do the same with or without a tip showing: pause, hint, scores, take back, the cursor
COMMAND_KEYS = frozenset({pygame.K_ESCAPE, pygame.K_h, pygame.K_s, pygame.K_TAB, pygame.K_BACKSPACE, *CURSOR_KEYS})


class Command(Enum):
    """What a key or click asks of the table screen, beside a move."""

    PAUSE = "pause"  # Esc: the pause menu
    SCORES = "scores"  # S, Tab, the Scores button: the score sheet
    HINT = "hint"  # H: what Hard would do
    TAKE_BACK = "take_back"  # Backspace, the discard pile again: put the card just taken back
    SKIP = "skip"  # a key or click while an animation plays: finish it now


@dataclass(frozen=True)
class Play:
    """Play `action` through the table."""

    action: Action


@dataclass(frozen=True)
class Say:
    """Say `line` in the table's notice line (why a card cannot be chosen)."""

    line: str


@dataclass(frozen=True)
class Hover:
    """The pointer moved to `pos`: the table marks the target under it."""

    pos: tuple[int, int]


Intent = Command | Play | Say | Hover  # what the screen does for a key, a click or a pending target


class SeatedTable(Protocol):
    """What the input asks of the table itself: the position once the board has caught up."""

    def acting_human(self) -> int | None:
        """The seat whose human is to act on the engine's position (animations or not)."""
        ...

    @property
    def can_take_back(self) -> bool: ...


class InputScreen(Protocol):
    """What the input reads of the table screen (scenes/play.py): the position it decides on,
    whether an animation plays, and the window's viewport (the Scores button)."""

    @property
    def table(self) -> SeatedTable: ...

    @property
    def viewer(self) -> int | None:
        """Whose eyes the screen shows (None: a spectator's)."""
        ...

    @property
    def moves(self) -> int:
        """Engine actions and deals announced so far: a pending target is for one position."""
        ...

    @property
    def busy(self) -> bool:
        """An animation plays (a click skips it; its target waits for the board)."""
        ...

    @property
    def viewport(self) -> Viewport: ...

    def acting_human(self) -> int | None:
        """The seat whose human may act now (none while an animation plays)."""
        ...

    def position(self) -> SeatView | PublicView:
        """The engine's position as the acting human (else the viewer) may see it."""
        ...

    def view_of(self, seat: int | None) -> SeatView | PublicView: ...


Pointer = Callable[[tuple[int, int]], Target | None]  # the table target under a point of the window


class TableInput:
    """The table screen's input, deciding on the engine's position (`screen.position()`), not
    on the board, which lags behind while animations play. It holds what the player has chosen
    so far: the keyboard cursor (the table view is handed it to draw), whether the drawn card
    goes to the discard, and the pending target. It only reads the screen (`InputScreen`) and
    returns what the screen is to do (`Intent`s): the screen carries them out."""

    def __init__(self, screen: InputScreen, pointer: Pointer) -> None:
        self.screen = screen
        self.pointer = pointer  # the target under a click or the pointer
        self.cursor: Target | None = None  # the keyboard's
        self.discard_mode = False  # holding a drawn card and chose to discard it: pick a card to reveal
        self.pending: tuple[Target, int] | None = None  # clicked during an animation: (target, position then)
        self.cursor_opening: tuple[int, int] | None = None  # (round, seat) whose opening placed the cursor

    def forget(self) -> None:
        """Another player is at the screen: input from the player before is not theirs."""
        self.cursor = None
        self.pending = None
        self.cursor_opening = None  # a hand-off at the opening: the cursor starts on this player's grid

    def moved(self) -> None:
        """A move was played (or a taken card put back): the choice to discard a drawn card is over."""
        self.discard_mode = False

    def choose_again(self) -> None:
        """The player went back from the warning before a doubled round: every choice is open
        again (a drawn card is held, not yet discarded)."""
        self.discard_mode = False

    def point_at(self, target: Target) -> None:
        """Put the keyboard cursor on `target` (the hint's move)."""
        self.cursor = target

    # ------------------------------------------------------------------ what a target means
    def action_for(self, target: Target | None) -> Action | None:
        """The action a click on `target` means for the acting human (None: nothing legal)."""
        return self._action(self.screen.acting_human(), target)

    def _action(self, seat: int | None, target: Target | None) -> Action | None:
        """The action a click on `target` means for `seat` on the engine's position."""
        if seat is None or target is None:
            return None
        position = self.screen.view_of(seat)
        if target.on_grid_of(seat):
            verb = FLIP if position.phase == OPENING else REVEAL if self.discard_mode else REPLACE
            action = Action(seat, verb, target.col, target.row)
        elif target.kind == DRAW_PILE:
            action = Action(seat, DRAW)
        elif target.kind == DISCARD_PILE and position.holding is None:
            action = Action(seat, TAKE)
        else:
            return None
        return action if isinstance(position, SeatView) and action in position.legal else None

    def holding_drawn(self) -> bool:
        position = self.screen.position()
        return position.holding is not None and position.source == SOURCE_DRAW

    def face_down(self, seat: int) -> int:
        """How many of `seat`'s cards are face down in the engine's position."""
        return sum(1 for cell in self.screen.position().grids[seat] if cell == HIDDEN)

    def _would_play(self, target: Target | None) -> bool:
        """Whether a click on `target` does something for the human to act on the engine's
        position, the table as it is once the board has caught up (a move, or choosing to
        discard the drawn card)."""
        seat = self.screen.table.acting_human()
        if seat is None or target is None:
            return False
        if self.holding_drawn() and target.kind in (DISCARD_PILE, HAND):
            return target.kind == HAND or self.face_down(seat) > 0
        if target.kind == DISCARD_PILE and self.screen.table.can_take_back:
            return True  # put the discard just taken back
        return self._action(seat, target) is not None

    def activate(self, target: Target | None) -> tuple[Intent, ...]:
        """A click or Enter on `target`: the move it makes (a choice to discard the drawn card
        is kept here), or why not."""
        seat = self.screen.acting_human()
        if seat is None or target is None:
            return ()
        if self.holding_drawn() and target.kind in (DISCARD_PILE, HAND):
            self.discard_mode = not self.discard_mode if target.kind == DISCARD_PILE else False
            return ()
        if target.kind == DISCARD_PILE and self.screen.table.can_take_back:
            return (Command.TAKE_BACK,)
        action = self.action_for(target)
        if action is not None:
            return (Play(action),)
        if target.on_grid_of(seat):
            return (Say(_("That card cannot be chosen now.") if not self.discard_mode else
                        _("Reveal a face-down card (or click the discard pile again to keep the card).")),)
        return ()

    def legal_targets(self) -> set[Target]:
        seat = self.screen.acting_human()
        if seat is None:
            return set()
        targets = {target for target in (*grid_targets(seat), DRAW_TARGET, DISCARD_TARGET)
                   if self.action_for(target) is not None}
        if (self.holding_drawn() and self.face_down(seat)) or self.screen.table.can_take_back:
            targets.add(DISCARD_TARGET)  # discard the drawn card (then reveal one), or put the taken one back
        return targets

    # ------------------------------------------------------------------ the pending target
    def _queue(self, target: Target | None) -> tuple[Intent, ...]:
        """A click or Enter on `target` while an animation plays: skip the animation and keep
        the target for the position the engine is in (played by `play_pending`; skipping
        announces no move, so the position's number is the same after it)."""
        self.pending = None if target is None else (target, self.screen.moves)
        return (Command.SKIP,)

    def play_pending(self) -> tuple[Intent, ...]:
        """The board caught up: play the pending target if it is still a legal choice for the
        acting human on the position it was chosen for; else drop it silently."""
        pending, self.pending = self.pending, None
        if pending is None:
            return ()
        target, position = pending
        if position == self.screen.moves and self.screen.acting_human() is not None and self._would_play(target):
            return self.activate(target)
        return ()

    # ------------------------------------------------------------------ events
    def _on_scores_button(self, event: pygame.event.Event) -> bool:
        return scores_button_hit(self.screen.viewport, event.pos)

    def is_move(self, event: pygame.event.Event) -> bool:
        """Whether a click or Enter/Space is a move on the table (played even when it
        dismisses a guide tip)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._on_scores_button(event):
                return False
            return self._would_play(self.pointer(event.pos))
        if event.type == pygame.KEYDOWN and event.key in SKIP_KEYS:
            return (not self.screen.busy or event.key != pygame.K_SPACE) and self._would_play(self.cursor)
        return False

    def passes_tip(self, event: pygame.event.Event) -> bool:
        """Whether a key or click that dismisses a guide tip still does what it means: a move,
        a command key, the Scores button (only a "continue" press, a key or click that would do
        nothing else, is used up by the tip)."""
        if event.type == pygame.KEYDOWN and event.key in COMMAND_KEYS:
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._on_scores_button(event):
            return True
        return self.is_move(event)

    def read(self, event: pygame.event.Event) -> tuple[Intent, ...] | None:
        """What `event` asks of the screen (empty: the input kept it, a cursor step, a choice);
        None for an event that is not the table's input."""
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        if clicked or (event.type == pygame.KEYDOWN and event.key not in CURSOR_KEYS and event.key != pygame.K_h):
            self.pending = None  # one pending target: a later decision replaces (or cancels) it
        if clicked and self._on_scores_button(event):
            return (Command.SCORES,)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEMOTION:
            return (Hover(event.pos),)
        if clicked:
            target = self.pointer(event.pos)
            return self._queue(target) if self.screen.busy else self.activate(target)
        return None

    def _key(self, key: int) -> tuple[Intent, ...] | None:
        if self.screen.busy and key in SKIP_KEYS:
            return self._queue(self.cursor if key != pygame.K_SPACE else None)  # Space only skips
        if key in SKIP_KEYS:
            return self.activate(self.cursor)
        if key in CURSOR_KEYS:
            self._move_cursor(*CURSOR_KEYS[key])
            return ()
        return KEY_COMMANDS.get(key)

    # ------------------------------------------------------------------ the keyboard cursor
    def _move_cursor(self, dx: int, dy: int) -> None:
        """The cursor walks the acting (or watching) player's grid; above row 0 are the piles."""
        acting = self.screen.acting_human()
        seat = acting if acting is not None else (self.screen.viewer or 0)
        cursor = self.cursor
        if cursor is None or (cursor.is_cell and cursor.seat != seat):
            self.cursor = DRAW_TARGET
        elif cursor.col is not None and cursor.row is not None:  # a cell of the seat's grid
            col, row = cursor.col, cursor.row
            if row + dy < 0:
                self.cursor = DRAW_TARGET if col < PILES_SPLIT else DISCARD_TARGET
            else:
                self.cursor = Target.cell(seat, max(0, min(COLS - 1, col + dx)), max(0, min(ROWS - 1, row + dy)))
        elif dy > 0:
            self.cursor = Target.cell(seat, 0 if cursor.kind == DRAW_PILE else PILES_SPLIT, 0)
        elif dx:
            on_draw = cursor.kind == DRAW_PILE
            self.cursor = DISCARD_TARGET if on_draw and dx > 0 else DRAW_TARGET if dx < 0 else cursor

    def opening_cursor(self) -> None:
        """When a human's opening flips begin (each round), the cursor starts on their own grid,
        on the first card they may flip: Enter flips it, the arrows pick another."""
        screen = self.screen
        seat = screen.acting_human()
        position = screen.position()
        if seat is None or seat != screen.viewer or position.phase != OPENING:
            return  # (hot-seat: not before the hand-off turned the screen to this player)
        turn = (position.round, seat)
        if self.cursor_opening == turn:
            return  # placed once: after that the cursor stays where the player moves it
        self.cursor_opening = turn
        self.cursor = next((t for t in grid_targets(seat) if self.action_for(t) is not None), self.cursor)


# the keys that ask the screen for one thing (Backspace: refused with a reason unless a discard was just taken)
KEY_COMMANDS: dict[int, tuple[Intent, ...]] = {
    pygame.K_ESCAPE: (Command.PAUSE,), pygame.K_h: (Command.HINT,), pygame.K_s: (Command.SCORES,),
    pygame.K_TAB: (Command.SCORES,), pygame.K_BACKSPACE: (Command.TAKE_BACK,),
}
