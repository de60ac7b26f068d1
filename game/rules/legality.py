"""What may be played now: `legal_actions` and `why_illegal`, a function of the position alone.

GameState inherits these; `apply` (state.py) asks `why_illegal` first and changes nothing
when it gets a reason, so every refusal names the rule it enforces.
"""

from __future__ import annotations

from .actions import ACTION_TABLE, CELLS, DRAW, FLIP, INTERNED, REPLACE, REVEAL, TAKE, Action, brief, shape_problem
from .position import GAME_OVER, OPENING, ROUND_OVER, SOURCE_DISCARD, SOURCE_DRAW, Position


class Legality(Position):
    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        cards, up = self.cards[seat], self.face_up[seat]
        if self.phase == OPENING:
            flips = ACTION_TABLE.at(seat, FLIP)
            return [flips[i] for i in range(CELLS) if not up[i] and cards[i] is not None]
        if self.holding is None:
            return ACTION_TABLE.choose(seat) if self.draw_pile else ACTION_TABLE.take_only(seat)
        replaces = ACTION_TABLE.at(seat, REPLACE)
        whole = None not in cards
        out = list(replaces) if whole else [replaces[i] for i in range(CELLS) if cards[i] is not None]
        if self.source == SOURCE_DRAW and False in up:
            reveals = ACTION_TABLE.at(seat, REVEAL)
            if whole:
                out += [reveals[i] for i in range(CELLS) if not up[i]]
            else:
                out += [reveals[i] for i in range(CELLS) if not up[i] and cards[i] is not None]
        return out

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> str | None:
        """None if `action` is legal now, else a plain sentence naming the rule it breaks
        (a malformed action, such as a bool seat or a position on `draw`, is never legal)."""
        if id(action) not in INTERNED:  # an interned action is well-formed: the hot loop skips this
            problem = shape_problem(action)
            if problem is not None:
                return problem
        if self.phase == GAME_OVER:
            return "the game is over"
        if self.phase == ROUND_OVER:
            return "the round is over; the next round must be dealt first"
        seat, verb = action.seat, action.verb
        if seat != self.to_act:
            return f"it is seat {self.to_act}'s turn to act, not seat {brief(seat)}'s"
        if self.phase == OPENING:
            return self._why_illegal_flip(action)
        if verb == FLIP:
            return "flipping a card freely is only done at the start of the round; draw or take the discard"
        if verb in (DRAW, TAKE):
            if self.holding is not None:
                return f"seat {seat} already holds a {self.holding}; replace a card with it" + (
                    " or discard it and reveal a card" if self.source == SOURCE_DRAW else ""
                )
            if verb == DRAW and not self.draw_pile:
                return "the draw pile is empty"
            return None
        if self.holding is None:
            return f"seat {seat} holds no card; draw or take the discard first"
        index = action.index
        if self.cards[seat][index] is None:
            return f"position ({action.col},{action.row}) is empty: its column was removed"
        if verb == REVEAL:
            if self.source == SOURCE_DISCARD:
                return "a card taken from the discard pile cannot be discarded back; replace a card with it"
            if self.face_up[seat][index]:
                return f"position ({action.col},{action.row}) is already face-up; reveal a face-down card"
        return None

    def _why_illegal_flip(self, action: Action) -> str | None:
        if action.verb != FLIP:
            what = "one more card to break the tie for the start" if self.tie_to_flip else "two cards"
            return f"the round has not started: seat {action.seat} must first flip {what}"
        index = action.index
        if self.cards[action.seat][index] is None:
            return f"position ({action.col},{action.row}) is empty: its column was removed"
        if self.face_up[action.seat][index]:
            return f"position ({action.col},{action.row}) is already face-up; flip a face-down card"
        return None
