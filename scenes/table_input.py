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

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.rules import COLS, DRAW, FLIP, HIDDEN, OPENING, REPLACE, REVEAL, ROWS, SOURCE_DRAW, TAKE, Action, SeatView
from game.ui.refusals import word_refusal
from game.ui.targets import DISCARD_PILE, DISCARD_TARGET, DRAW_PILE, DRAW_TARGET, HAND, Target, grid_targets
from scenes.names import PAUSE, SCORES
from scenes.score_overlay import scores_button_hit

if TYPE_CHECKING:
    from scenes.play import PlayScene

PILES_SPLIT = COLS // 2  # the keyboard cursor: columns left of this are under the draw pile, the rest under the discard
SKIP_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
CURSOR_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
# keys that do the same with or without a tip showing: pause, hint, scores, take back, the cursor
COMMAND_KEYS = frozenset({pygame.K_ESCAPE, pygame.K_h, pygame.K_s, pygame.K_TAB, pygame.K_BACKSPACE, *CURSOR_KEYS})


class TableInput:
    """The table screen's input, deciding on the engine's position (`play.position()`), not
    on the board, which lags behind while animations play. It holds what the player has chosen
    so far: the keyboard cursor (the table view is handed it to draw), whether the drawn card
    goes to the discard, and the pending target; of the screen it only reads, and it says a
    refusal through the screen's notice line."""

    def __init__(self, play: PlayScene) -> None:
        self.play = play
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

    def point_at(self, target: Target) -> None:
        """Put the keyboard cursor on `target` (the hint's move)."""
        self.cursor = target

    # ------------------------------------------------------------------ what a target means
    def action_for(self, target: Target | None) -> Action | None:
        """The action a click on `target` means for the acting human (None: nothing legal)."""
        return self._action(self.play.acting_human(), target)

    def _action(self, seat: int | None, target: Target | None) -> Action | None:
        """The action a click on `target` means for `seat` on the engine's position."""
        if seat is None or target is None:
            return None
        position = self.play.view_of(seat)
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
        position = self.play.position()
        return position.holding is not None and position.source == SOURCE_DRAW

    def face_down(self, seat: int) -> int:
        """How many of `seat`'s cards are face down in the engine's position."""
        return sum(1 for cell in self.play.position().grids[seat] if cell == HIDDEN)

    def _would_play(self, target: Target | None) -> bool:
        """Whether a click on `target` does something for the human to act on the engine's
        position, the table as it is once the board has caught up (a move, or choosing to
        discard the drawn card)."""
        seat = self.play.table.acting_human()
        if seat is None or target is None:
            return False
        if self.holding_drawn() and target.kind in (DISCARD_PILE, HAND):
            return target.kind == HAND or self.face_down(seat) > 0
        if target.kind == DISCARD_PILE and self.play.table.can_take_back:
            return True  # put the discard just taken back
        return self._action(seat, target) is not None

    def activate(self, target: Target | None) -> None:
        """A click or Enter on `target`."""
        play = self.play
        seat = play.acting_human()
        if seat is None or target is None:
            return
        if self.holding_drawn() and target.kind in (DISCARD_PILE, HAND):
            self.discard_mode = not self.discard_mode if target.kind == DISCARD_PILE else False
            return
        if target.kind == DISCARD_PILE and play.table.can_take_back:
            self.take_back()
            return
        action = self.action_for(target)
        if action is not None:
            play.apply(action)
        elif target.on_grid_of(seat):
            play.notice.say(_("That card cannot be chosen now.") if not self.discard_mode else
                            _("Reveal a face-down card (or click the discard pile again to keep the card)."))

    def take_back(self) -> None:
        """Put the discard just taken back on its pile (a click on the pile, Backspace); a
        refusal is said in the notice line."""
        reason = self.play.table.take_back()
        if reason is not None:
            self.play.notice.say(word_refusal(reason))  # the player's language

    def show_scores(self) -> None:
        """The score sheet over the table (S, Tab or the Scores button)."""
        self.play.stack.push(SCORES, table=self.play.table)

    def legal_targets(self) -> set[Target]:
        seat = self.play.acting_human()
        if seat is None:
            return set()
        targets = {target for target in (*grid_targets(seat), DRAW_TARGET, DISCARD_TARGET)
                   if self.action_for(target) is not None}
        if (self.holding_drawn() and self.face_down(seat)) or self.play.table.can_take_back:
            targets.add(DISCARD_TARGET)  # discard the drawn card (then reveal one), or put the taken one back
        return targets

    # ------------------------------------------------------------------ the pending target
    def _queue(self, target: Target | None) -> None:
        """A click or Enter on `target` while an animation plays: skip the animation and keep
        the target for the position the engine is in (played by `play_pending`)."""
        self.play.anim.skip()
        self.pending = None if target is None else (target, self.play.moves)

    def play_pending(self) -> None:
        """The board caught up: play the pending target if it is still a legal choice for the
        acting human on the position it was chosen for; else drop it silently."""
        pending, self.pending = self.pending, None
        if pending is None:
            return
        target, position = pending
        if position == self.play.moves and self.play.acting_human() is not None and self._would_play(target):
            self.activate(target)

    # ------------------------------------------------------------------ events
    def is_move(self, event: pygame.event.Event) -> bool:
        """Whether a click or Enter/Space is a move on the table (played even when it
        dismisses a guide tip)."""
        play = self.play
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if scores_button_hit(play, event.pos):
                return False
            return self._would_play(play.view.target_at(event.pos, play.board))
        if event.type == pygame.KEYDOWN and event.key in SKIP_KEYS:
            return (not play.anim.busy or event.key != pygame.K_SPACE) and self._would_play(self.cursor)
        return False

    def passes_tip(self, event: pygame.event.Event) -> bool:
        """Whether a key or click that dismisses a guide tip still does what it means: a move,
        a command key, the Scores button (only a "continue" press, a key or click that would do
        nothing else, is used up by the tip)."""
        if event.type == pygame.KEYDOWN and event.key in COMMAND_KEYS:
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and scores_button_hit(self.play, event.pos):
            return True
        return self.is_move(event)

    def handle_event(self, event: pygame.event.Event) -> bool:
        play = self.play
        if play.guide.handle_event(event, self.passes_tip):
            return True  # the key or click that dismisses a tip does nothing else, unless it means something
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        if clicked or (event.type == pygame.KEYDOWN and event.key not in CURSOR_KEYS and event.key != pygame.K_h):
            self.pending = None  # one pending target: a later decision replaces (or cancels) it
        if clicked and scores_button_hit(play, event.pos):
            self.show_scores()
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEMOTION:
            play.view.point_at(event.pos, play.board)
            return True
        if clicked:
            if play.anim.busy:
                self._queue(play.view.target_at(event.pos, play.board))
            else:
                self.activate(play.view.target_at(event.pos, play.board))
            return True
        return False

    def _key(self, key: int) -> bool:
        play = self.play
        if key == pygame.K_ESCAPE:
            play.stack.push(PAUSE, table=play.table, guide=play.guide)
            return True
        if play.anim.busy and key in SKIP_KEYS:
            self._queue(self.cursor if key != pygame.K_SPACE else None)  # Space only skips
            return True
        if key in SKIP_KEYS:
            self.activate(self.cursor)
            return True
        if key in CURSOR_KEYS:
            self._move_cursor(*CURSOR_KEYS[key])
            return True
        if key == pygame.K_h:
            play.hints.ask()
            return True
        if key in (pygame.K_s, pygame.K_TAB):
            self.show_scores()
            return True
        if key == pygame.K_BACKSPACE:
            self.take_back()  # (refused with a reason unless a discard was just taken)
            return True
        return False

    # ------------------------------------------------------------------ the keyboard cursor
    def _move_cursor(self, dx: int, dy: int) -> None:
        """The cursor walks the acting (or watching) player's grid; above row 0 are the piles."""
        acting = self.play.acting_human()
        seat = acting if acting is not None else (self.play.viewer or 0)
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
        play = self.play
        seat = play.acting_human()
        position = play.position()
        if seat is None or seat != play.viewer or position.phase != OPENING:
            return  # (hot-seat: not before the hand-off turned the screen to this player)
        turn = (position.round, seat)
        if self.cursor_opening == turn:
            return  # placed once: after that the cursor stays where the player moves it
        self.cursor_opening = turn
        self.cursor = next((t for t in grid_targets(seat) if self.action_for(t) is not None), self.cursor)
