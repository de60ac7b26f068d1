"""What one seat may know (RULES.md section 8), and nothing more.

Computer players and the screen decide from a `SeatView`, never from the `GameState`: it
holds face-up cards, the discard pile as it was played, removed columns, pile sizes, the
scores, and the card in hand only when its holder is the viewer or it came from the
discard pile (which everybody saw). It never holds a face-down card's value or the draw
pile's order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .actions import CELLS, COLS, ROWS, Action
from .editions import Edition
from .state import SOURCE_DISCARD, GameState

Cell = int | str | None  # value face-up, "?" face-down, None removed/not dealt


@dataclass(frozen=True, slots=True)
class SeatView:
    edition: type[Edition]
    players: int
    seat: int
    round: int
    phase: str
    to_act: int | None
    holding: int | None
    source: str | None
    trigger: int | None
    discard_pile: tuple[int, ...]  # bottom to top
    draw_pile: int
    grids: tuple[tuple[Cell, ...], ...]  # per seat, 12 cells in reading order
    removed: tuple[tuple[int, int, int], ...]  # (seat, col, value) this round
    participants: tuple[int, ...]
    round_scores: tuple[tuple[int | None, ...], ...]
    totals: tuple[int, ...]
    end_score: int
    legal: tuple[Action, ...]  # empty unless the viewer is to act

    @property
    def discard_top(self) -> int | None:
        return self.discard_pile[-1] if self.discard_pile else None

    def grid(self, seat: int | None = None) -> tuple[Cell, ...]:
        return self.grids[self.seat if seat is None else seat]

    def unseen_cards(self) -> Counter:
        """The multiset of cards this seat has not seen: face-down cards and the draw pile.
        Derived from the deck's composition and everything visible, as a player counts."""
        unseen = Counter(self.edition.card_counts)
        for grid in self.grids:
            for cell in grid:
                if isinstance(cell, int):
                    unseen[cell] -= 1
        for card in self.discard_pile:
            unseen[card] -= 1
        if self.holding is not None:
            unseen[self.holding] -= 1
        return unseen

    def to_dict(self) -> dict:
        """The bot protocol's `view` object, in the replay command's vocabulary."""
        return {
            "edition": self.edition.name,
            "players": self.players,
            "seat": self.seat,
            "round": self.round,
            "phase": self.phase,
            "to_act": self.to_act,
            "holding": self.holding,
            "source": self.source,
            "trigger": self.trigger,
            "discard_pile": list(self.discard_pile),
            "draw_pile": self.draw_pile,
            "grids": [[list(grid[r * COLS : (r + 1) * COLS]) for r in range(ROWS)] for grid in self.grids],
            "removed": [value for _, _, value in self.removed],
            "removed_columns": [list(item) for item in self.removed],
            "participants": list(self.participants),
            "round_scores": [list(row) for row in self.round_scores],
            "totals": list(self.totals),
            "end_score": self.end_score,
        }


def seat_view(state: GameState, seat: int) -> SeatView:
    """The view of `seat`; the only door through which a bot or the screen sees a game."""
    holding = state.holding if (state.to_act == seat or state.source == SOURCE_DISCARD) else None
    grids = tuple(
        tuple(
            None if cards[i] is None else (cards[i] if up[i] else "?")
            for i in range(CELLS)
        )
        for cards, up in zip(state.cards, state.face_up)
    )
    return SeatView(
        edition=state.edition,
        players=state.players,
        seat=seat,
        round=state.round,
        phase=state.phase,
        to_act=state.to_act,
        holding=holding,
        source=state.source,
        trigger=state.trigger,
        discard_pile=tuple(state.discard_pile),
        draw_pile=len(state.draw_pile),
        grids=grids,
        removed=tuple(state.removed),
        participants=state.participants,
        round_scores=tuple(tuple(row) for row in state.round_scores),
        totals=tuple(state.totals),
        end_score=state.options.end_score,
        legal=tuple(state.legal_actions()) if state.to_act == seat else (),
    )
