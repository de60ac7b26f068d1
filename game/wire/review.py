"""A review of a game by Expert (docs/review.md), declared once: what `game.ai.review` makes,
what `reviews.json` keeps and what the review screen and `skyjo review` read.

A review holds facts and no words: the moves as actions, Hard's reason for a move as its
reason's name and figures (`Reasoning`), what the seat saw in short (`Seen`). The words are
made where they are read (scenes/review_words.py), in the reader's language. A review read
back from the disk is untrusted: `read_review` bounds the text and decodes it into these
types (ranges included), and `check_review` checks what no schema can say.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from msgspec import Meta, Struct

from game.rules import CELLS, Action, Cell, Source

from .pieces import ActionList
from .reading import WireError, read

# Hard's reasons (game/ai/hard.py `Reason`, whose values these are: a test checks they agree)
ReasonName = Literal["spread", "forced", "take", "draw", "complete", "lower", "hidden", "pair", "hurry", "avoid_end",
                     "avoid_feed", "slow", "least_bad", "reveal"]
MOST_POINTS = 1000.0  # a cost or a worth: a round's scores are far smaller
MOST_COUNT = 100_000  # decisions, rounds, turns, steps: far above a real game's
MOST_SEATS = 8
MOST_DEPTH = 12  # a review's JSON nests 6 deep
MOST_BYTES = 4 << 20  # one review: a 4-round game is about 100 kB
COSTLIEST = 3  # the decisions the review screen shows on the table

Card = Annotated[int, Meta(ge=-2, le=12)]
Points = Annotated[float, Meta(ge=-MOST_POINTS, le=MOST_POINTS)]
Cost = Annotated[float, Meta(ge=0, le=MOST_POINTS)]
Count = Annotated[int, Meta(ge=0, le=MOST_COUNT)]
Seat = Annotated[int, Meta(ge=0, lt=MOST_SEATS)]
Score = Annotated[int, Meta(ge=-10_000, le=10_000)]


class Reasoning(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Why a move would be played, in Hard's terms: its reason and the figures behind it (the
    card, the points it saves where it goes, what a face-down card is worth...). `then`: for
    taking the discard, where the card goes and why."""

    reason: ReasonName
    action: ActionList
    card: Card | None = None
    saved: Points = 0.0
    hidden: Points = 0.0
    other: Points = 0.0
    ends_round: bool = False
    then: Reasoning | None = None


class Seen(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What the seat saw at a decision, in short: its card in hand (and which pile it came
    from), the discard pile's top card, the draw pile's size, its own grid as the table shows
    it, each seat's face-down cards, who ended the round, the totals."""

    holding: Card | None
    source: Source | None
    discard_top: Card | None
    draw_pile: Annotated[int, Meta(ge=0, le=150)]
    grid: Annotated[list[Cell], Meta(min_length=CELLS, max_length=CELLS)]
    face_down: Annotated[list[Annotated[int, Meta(ge=0, le=CELLS)]], Meta(max_length=MOST_SEATS)]
    trigger: Seat | None
    totals: Annotated[list[Score], Meta(max_length=MOST_SEATS)]


class Worth(Struct, frozen=True, array_like=True, forbid_unknown_fields=True):
    """A move judged and its estimated worth (the round margin, points)."""

    move: ActionList
    worth: Points


class Judged(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One decision of the reviewed seat, judged. `action` is the move's index in its round's
    actions (where the round replay shows it); `reasoning` describes the best move of a costly
    decision, the move played of a good one."""

    index: Count
    round: Count
    turn: Count
    action: Count
    step: Literal["pile", "place"]
    seen: Seen
    played: ActionList
    best: ActionList
    cost: Cost
    spread: Cost
    good: bool
    reasoning: Reasoning
    moves: Annotated[int, Meta(ge=1, le=64)]
    method: Literal["search", "judgement"]
    worths: Annotated[list[Worth], Meta(max_length=64)] = []


class RoundEnd(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """How a round of the game ended: who turned up their last card first (`ended_by`), the
    reviewed seat's cards then (`raw`, before any doubling) and the lowest of the others'
    (`lowest_other`), and its score for the round. None where the round is still in play."""

    round: Count
    ended_by: Seat | None = None
    raw: Score | None = None
    lowest_other: Score | None = None
    score: Score | None = None


class ReviewData(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A whole review: the seat, the fixed work it took (seed, samples, method's version), each
    decision judged in order, and how each round ended."""

    seat: Seat
    seed: Annotated[int, Meta(ge=0, le=2**63 - 1)]
    samples: Annotated[int, Meta(ge=1, le=10_000)]
    method: Annotated[int, Meta(ge=1, le=1000)]
    decisions: Annotated[list[Judged], Meta(max_length=MOST_COUNT)]
    rounds: Annotated[list[RoundEnd], Meta(max_length=1000)] = []

    @property
    def points_lost(self) -> float:
        """The points the costly decisions lost (a good decision costs nothing: its cost is noise)."""
        return round(sum(judged.cost for judged in self.decisions if not judged.good), 2)

    @property
    def per_decision(self) -> float:
        return round(self.points_lost / len(self.decisions), 3) if self.decisions else 0.0

    @property
    def costly(self) -> int:
        return sum(not judged.good for judged in self.decisions)

    def costliest(self, count: int = COSTLIEST) -> list[int]:
        """The indices of the costliest costly decisions, costliest first (ties: the earlier)."""
        costly = sorted((judged for judged in self.decisions if not judged.good), key=lambda j: (-j.cost, j.index))
        return [judged.index for judged in costly[:count]]

    def round_rows(self) -> list[RoundRow]:
        """Per round with a decision judged: how many, how many were costly, the points they lost."""
        ends = {end.round: end for end in self.rounds}
        rows: dict[int, RoundRow] = {}
        for judged in self.decisions:
            row = rows.setdefault(judged.round, RoundRow(judged.round, self.seat, end=ends.get(judged.round)))
            row.decisions += 1
            if not judged.good:
                row.costly += 1
                row.points_lost = round(row.points_lost + judged.cost, 2)
        return [rows[number] for number in sorted(rows)]


@dataclass
class RoundRow:
    """One round of a review, summed up."""

    round: int
    seat: int  # the reviewed seat
    decisions: int = 0
    costly: int = 0
    points_lost: float = 0.0
    end: RoundEnd | None = None


def action_of(item: list[int | str]) -> Action:
    return Action.from_list(item)


def check_review(review: ReviewData) -> ReviewData:
    """What no schema says: the moves are actions of the reviewed seat, decisions in order."""
    for number, judged in enumerate(review.decisions):
        if judged.index != number:
            raise WireError(f"decision {number} is numbered {judged.index}")
        for move in (judged.played, judged.best, *(worth.move for worth in judged.worths)):
            try:
                action = action_of(move)
            except ValueError as error:
                raise WireError(f"decision {number}: {error}") from None
            if action.seat != review.seat:
                raise WireError(f"decision {number}: a move of seat {action.seat}, not of the reviewed seat")
    return review


def read_review(text: str) -> ReviewData:
    """A review from untrusted JSON text; WireError (one line) unless it is one."""
    if len(text) > MOST_BYTES:
        raise WireError(f"a review larger than {MOST_BYTES >> 20} MiB")
    return check_review(read(text, ReviewData, most_depth=MOST_DEPTH))
