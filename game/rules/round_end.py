"""How a round ends, a part of GameState (state.py): a column of three equal face-up cards
is removed (during play and at the final reveal), every card shows, the round is scored (the
trigger's score doubled, `should_double`), and the game ends or a tie-break round follows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from . import events as ev
from .actions import COLS, COLUMN_CELLS
from .editions import FinalTie
from .position import GAME_OVER, ROUND_OVER, Position
from .traits import trait

# Final: a compiled build keeps it in a C variable, not looked up in this module's dict every turn
_COLUMNS: Final = COLUMN_CELLS


@trait  # a part beside Legality over the same facts: a trait for mypyc, the class itself in plain Python
class RoundEnd(Position):
    """The round's end, and the recording of events (the record is Position's: every part shares it)."""

    def _emit(self, kind: Callable[..., ev.Event], *fields: Any) -> None:
        """Record the event `kind(*fields)`, built only when this game records events."""
        if self.record_events:
            self.events.append(kind(*fields))


    def _remove_column_if_complete(self, seat: int, col: int) -> bool:
        cards, up = self.cards[seat], self.face_up[seat]
        a, b, c = _COLUMNS[col]
        value = cards[a]
        if value is None or not (up[a] and up[b] and up[c]) or cards[b] != value or cards[c] != value:
            return False
        cards[a] = cards[b] = cards[c] = None
        up[a] = up[b] = up[c] = False  # a gap is neither face-up nor face-down
        self.discard_pile.extend((value, value, value))
        self.removed.append((seat, col, value))
        self._emit(ev.ColumnRemoved, seat, col, value)
        return True

    # ------------------------------------------------------------------ scoring
    def _score_round(self) -> None:
        self.to_act = None
        for seat in self.participants:
            self._reveal_at_round_end(seat)
        raw = {seat: sum(card for card in self.cards[seat] if card is not None) for seat in self.participants}
        scores = dict(raw)
        trigger = self.trigger
        assert trigger is not None  # a round ends only once somebody has triggered its end
        doubled = None
        if should_double(raw[trigger], [raw[s] for s in self.participants if s != trigger]):
            scores[trigger] = 2 * raw[trigger]
            doubled = trigger
        row = [scores.get(seat) for seat in range(self.players)]  # None: the seat sat a tie-break out
        self.round_scores.append(row)
        if not self.tiebreak:
            for seat in self.participants:
                self.totals[seat] += scores[seat]
        raw_row = tuple(raw.get(seat) for seat in range(self.players))
        self._emit(ev.RoundScored, self.round, raw_row, tuple(row), doubled, trigger, tuple(self.totals), self.tiebreak)
        self._decide_game_end(scores)

    def _reveal_at_round_end(self, seat: int) -> None:
        cards, up = self.cards[seat], self.face_up[seat]
        if self.record_events:
            for index, card in enumerate(cards):
                if card is not None and not up[index]:
                    self.events.append(ev.FinalReveal(seat, index % COLS, index // COLS, card))
        up[:] = [card is not None for card in cards]  # every card shows; a removed column stays a gap
        for col, (a, b, c) in enumerate(_COLUMNS):
            if cards[a] == cards[b] == cards[c]:  # only then can the column be complete: spare the call
                self._remove_column_if_complete(seat, col)

    def _decide_game_end(self, scores: dict[int, int]) -> None:
        if self.tiebreak:
            best = min(scores[s] for s in self.participants)
            leaders = [s for s in self.participants if scores[s] == best]
        elif max(self.totals) >= self.options.end_score:
            best = min(self.totals)
            leaders = [s for s in range(self.players) if self.totals[s] == best]
        else:
            self.phase = ROUND_OVER
            self.next_participants = tuple(range(self.players))
            self.next_is_tiebreak = False
            return
        if len(leaders) == 1 or self.options.final_tie_for(self.edition) == FinalTie.SHARE:
            self.phase = GAME_OVER
            self.winners = leaders
            self._emit(ev.GameOver, tuple(leaders), tuple(self.totals))
            return
        self.phase = ROUND_OVER
        self.next_participants = tuple(leaders)
        self.next_is_tiebreak = True
        self._emit(ev.TiebreakNeeded, tuple(leaders))


def should_double(trigger_score: int, other_scores: list[int]) -> bool:
    """docs/rules.md §9.2: the trigger's score doubles when it is positive and not strictly lower
    than every other player's score (a tie with the best opponent doubles too)."""
    if trigger_score <= 0:
        return False
    return not all(trigger_score < other for other in other_scores)
