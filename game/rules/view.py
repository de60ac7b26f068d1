"""What one seat may know (docs/rules.md §12), and nothing more.

Computer players and the screen decide from a `SeatView`, never from the `GameState`: it
holds face-up cards, the discard pile as it was played, removed columns, pile sizes, the
scores, and the card in hand only when its holder is the viewer or it came from the
discard pile (which everybody saw). It never holds a face-down card's value or the draw
pile's order. A `PublicView` is what a spectator at the table sees: the same public facts
for no seat in particular, so not even the card a player drew.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from .actions import CELLS, COLS, FLIP, HIDDEN, REPLACE, REVEAL, ROWS, Action, Cell, is_whole_number
from .editions import Edition
from .interned import ACTION_TABLE
from .state import OPENING, PHASES, SOURCE_DISCARD, SOURCE_DRAW, TURN, GameState, Options

MOST_ROUNDS = 10**4  # a view from elsewhere: rounds of a game (one row of scores each), as ScoreView has it
MOST_SCORE = 10**7  # ... and a round's score or a total, either way


@dataclass(frozen=True, slots=True)
class PublicView:
    """The table as a spectator sees it (a screen nobody plays at, a replay, a network
    observer), and the facts every view holds, declared once: a `SeatView` is these for one
    seat, with its legal actions; the wire's view (game/wire/pieces.py) is derived from them."""

    edition: type[Edition]
    players: int
    round: int
    phase: str
    to_act: int | None
    # the card in hand, when this viewer has seen it; None when no card is held or when the
    # viewer has not seen it (a card drawn by somebody else: `source` then says one is held)
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

    @property
    def discard_top(self) -> int | None:
        return self.discard_pile[-1] if self.discard_pile else None


@dataclass(frozen=True, slots=True)
class SeatView(PublicView):
    """What `seat` knows: the public facts, its own drawn card, and what it may do."""

    seat: int
    legal: tuple[Action, ...]  # empty unless the viewer is to act

    def grid(self, seat: int | None = None) -> tuple[Cell, ...]:
        return self.grids[self.seat if seat is None else seat]

    def unseen_cards(self) -> Counter[int]:
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


ViewKind = TypeVar("ViewKind", bound=PublicView)


def _grids(state: GameState) -> tuple[tuple[Cell, ...], ...]:
    """Every grid as anybody at the table sees it: face-down cards as "?"."""
    return tuple(
        tuple(card if card is None or shown else HIDDEN for card, shown in zip(cards[:CELLS], up))
        for cards, up in zip(state.cards, state.face_up)
    )


def _public_facts(state: GameState) -> dict[str, Any]:
    """The facts of `state` every view holds alike, but the card in hand (each viewer sees its own)."""
    return {
        "edition": state.edition,
        "players": state.players,
        "round": state.round,
        "phase": state.phase,
        "to_act": state.to_act,
        "source": state.source,
        "trigger": state.trigger,
        "discard_pile": tuple(state.discard_pile),
        "draw_pile": len(state.draw_pile),
        "grids": _grids(state),
        "removed": tuple(state.removed),
        "participants": state.participants,
        "round_scores": tuple(tuple(row) for row in state.round_scores),
        "totals": tuple(state.totals),
        "end_score": state.options.end_score,
    }


def _view(kind: type[ViewKind], facts: dict[str, Any], holding: int | None, **own: Any) -> ViewKind:
    """The public `facts` as a `kind`, with the card in hand as its viewer sees it and what `kind`
    declares beyond them (`own`)."""
    return kind(holding=holding, **facts, **own)


def _seat_view(state: GameState, facts: dict[str, Any], seat: int) -> SeatView:
    holding = state.holding if (state.to_act == seat or state.source == SOURCE_DISCARD) else None
    legal = tuple(state.legal_actions()) if state.to_act == seat else ()
    return _view(SeatView, facts, holding, seat=seat, legal=legal)


def seat_view(state: GameState, seat: int) -> SeatView:
    """The view of `seat`; the only door through which a bot or the screen sees a game."""
    return _seat_view(state, _public_facts(state), seat)


def seat_views(state: GameState, seats: Iterable[int]) -> dict[int, SeatView]:
    """The view of each of `seats`, equal to its `seat_view`: the public facts are worked out once
    and shared (the same tuples, immutable), as a server sends every seat of a room each move."""
    facts = _public_facts(state)
    return {seat: _seat_view(state, facts, seat) for seat in seats}


def public_view(state: GameState) -> PublicView:
    """What everybody at the table sees. A card drawn from the draw pile is known to its
    drawer alone: the view holds no card for it (its source says one is held, shown as a card
    back) until it is placed or discarded; a card taken from the discard pile was seen by all
    and shows its value."""
    return _view(PublicView, _public_facts(state), None if state.source == SOURCE_DRAW else state.holding)


# ---------------------------------------------------------------- views from elsewhere
def check_view(view: SeatView) -> None:
    """Raise ValueError, in one plain sentence, unless a real game could show `view` to its seat.

    `seat_view` always gives a consistent view, but the bot protocol's other side (`skyjo bot`)
    receives views that somebody else built. Our levels rely on what the engine guarantees (a
    seat in range, a card to take from the discard pile...), so a view that breaks one of those
    guarantees is refused here, with the reason, instead of crashing a level later."""
    checks = (_seats_problem, _grids_problem, _piles_problem, _hand_problem, _count_problem, _scores_problem,
              _legal_problem)
    for problem_in in checks:  # in this order: each relies on the ones before (seats in range...)
        problem = problem_in(view)
        if problem:
            raise ValueError(problem)


def view_legal_actions(view: SeatView) -> list[Action]:
    """The actions the engine allows the seat to act, worked out from its view alone (legality
    depends only on what that seat sees: its face-down cells, its card in hand, the piles)."""
    seat = view.to_act
    if seat is None:
        return []  # nobody acts (a round is over), as the engine has it
    grid = view.grid(seat)
    if view.phase == OPENING:
        return [ACTION_TABLE.get(seat, FLIP, i % COLS, i // COLS) for i in range(CELLS) if grid[i] == HIDDEN]
    if view.holding is None:
        return ACTION_TABLE.choose(seat) if view.draw_pile else ACTION_TABLE.take_only(seat)
    out = [ACTION_TABLE.get(seat, REPLACE, i % COLS, i // COLS) for i in range(CELLS) if grid[i] is not None]
    if view.source == SOURCE_DRAW:
        out += [ACTION_TABLE.get(seat, REVEAL, i % COLS, i // COLS) for i in range(CELLS) if grid[i] == HIDDEN]
    return out


def _is_score(value: object) -> bool:
    return is_whole_number(value) and -MOST_SCORE <= value <= MOST_SCORE


def _is_seat(view: SeatView, value: object) -> bool:
    return is_whole_number(value) and 0 <= value < view.players


def _is_card(view: SeatView, value: object) -> bool:
    return is_whole_number(value) and value in view.edition.card_counts


def _seats_problem(view: SeatView) -> str | None:
    view.edition.check_players(view.players)  # ValueError with its own sentence
    if not _is_seat(view, view.seat):
        return f"seat {view.seat!r} is not a seat of a {view.players}-player game"
    for name in ("to_act", "trigger"):
        value = getattr(view, name)
        if value is not None and not _is_seat(view, value):
            return f"{name} {value!r} is not a seat of a {view.players}-player game"
    if view.phase not in PHASES:
        return f"unknown phase {view.phase!r}; phases are {', '.join(PHASES)}"
    if not is_whole_number(view.round) or not (1 if view.phase in (OPENING, TURN) else 0) <= view.round <= MOST_ROUNDS:
        return f"round {str(view.round)[:20]} is not a round of a game in play (at most {MOST_ROUNDS})"
    seats = view.participants
    if len(seats) < 2 or len(set(seats)) != len(seats) or not all(_is_seat(view, s) for s in seats):
        return f"participants {list(seats)!r} must be at least two different seats of the game"
    if not is_whole_number(view.draw_pile) or not 0 <= view.draw_pile <= view.edition.deck_size():
        return f"a draw pile of {view.draw_pile!r} cards is impossible in {view.edition.title}"
    Options(end_score=view.end_score).validate()  # ValueError with its own sentence
    return None


def _grids_problem(view: SeatView) -> str | None:
    if len(view.grids) != view.players or any(len(grid) != CELLS for grid in view.grids):
        return f"there must be {view.players} grids of {CELLS} cells"
    for seat, grid in enumerate(view.grids):
        if not all(cell is None or cell == HIDDEN or _is_card(view, cell) for cell in grid):
            return f"seat {seat}'s grid holds something that is not a card of {view.edition.title}"
        if seat not in view.participants and any(cell is not None for cell in grid):
            return f"seat {seat} holds cards but does not play this round"
        for col in range(COLS):
            gaps = sum(grid[col + COLS * row] is None for row in range(ROWS))
            if gaps not in (0, ROWS):
                return f"seat {seat}'s column {col} is partly removed; columns are removed whole"
    return None


def _piles_problem(view: SeatView) -> str | None:
    for seat, col, value in view.removed:
        if not (_is_seat(view, seat) and is_whole_number(col) and 0 <= col < COLS and _is_card(view, value)):
            return f"removed column {[seat, col, value]!r} is not [seat, column 0-3, card]"
        if view.grids[seat][col] is not None:
            return f"seat {seat}'s column {col} is listed as removed but still holds cards"
    if not all(_is_card(view, card) for card in view.discard_pile):
        return f"the discard pile holds something that is not a card of {view.edition.title}"
    if view.holding is not None and not _is_card(view, view.holding):
        return f"the card in hand, {view.holding!r}, is not a card of {view.edition.title}"
    return None


def _count_problem(view: SeatView) -> str | None:
    """Every card is somewhere: grids, piles or a hand; none shows more often than the deck holds it."""
    too_many = [value for value, n in view.unseen_cards().items() if n < 0]
    if too_many:
        return f"more cards of value {min(too_many)} are in view than {view.edition.title} has"
    if view.phase in (OPENING, TURN):
        in_grids = sum(cell is not None for grid in view.grids for cell in grid)
        in_hand = 0 if view.source is None else 1  # a drawn card may be hidden from this seat
        if in_grids + len(view.discard_pile) + view.draw_pile + in_hand != view.edition.deck_size():
            return f"the cards in view do not add up to the {view.edition.deck_size()} cards of {view.edition.title}"
    return None


def _hand_problem(view: SeatView) -> str | None:
    """Who acts and what is held, as the engine's own consistency check has it."""
    if view.phase not in (OPENING, TURN):
        if view.to_act is not None or view.holding is not None or view.source is not None:
            return "nobody acts once a round is over"
        return None
    if view.to_act not in view.participants:
        return "the seat to act does not play this round"
    if view.source not in (None, SOURCE_DRAW, SOURCE_DISCARD):
        return f"unknown source {view.source!r}; sources are {SOURCE_DRAW}, {SOURCE_DISCARD} or null"
    if view.phase == OPENING and (view.holding is not None or view.source is not None or view.trigger is not None):
        return "nobody holds a card or triggers the end during the opening flips"
    if view.source is None and view.holding is not None:
        return "a held card must come from the draw or the discard pile"
    if view.holding is None and (view.source == SOURCE_DISCARD or (view.source and view.to_act == view.seat)):
        return f"a card was taken from the {view.source} pile, yet the view shows no card in hand"
    if not view.discard_pile and view.source != SOURCE_DISCARD:
        return "the discard pile is empty, yet nobody has just taken its last card"
    if view.trigger is not None and (view.trigger not in view.participants or HIDDEN in view.grid(view.trigger)):
        return "the seat that ended the round must play it and have no face-down card"
    return None


def _scores_problem(view: SeatView) -> str | None:
    scored = view.round - (1 if view.phase in (OPENING, TURN) else 0)
    if len(view.round_scores) != scored:
        return f"round {view.round} needs {scored} rows of round scores, not {len(view.round_scores)}"
    for row in view.round_scores:
        if len(row) != view.players or not all(score is None or _is_score(score) for score in row):
            return (f"each row of round scores must hold {view.players} whole numbers "
                    f"(at most {MOST_SCORE} either way) or nulls")
    if len(view.totals) != view.players or not all(_is_score(total) for total in view.totals):
        return f"totals must hold {view.players} whole numbers (at most {MOST_SCORE} either way)"
    return None


def _legal_problem(view: SeatView) -> str | None:
    if not view.legal:
        return None
    if view.phase not in (OPENING, TURN) or view.to_act != view.seat:
        return f"legal actions are listed, yet seat {view.seat} is not the seat to act in this view"
    allowed = set(view_legal_actions(view))
    for action in view.legal:
        if action.seat != view.seat:
            return f"legal action {action.to_list()} is for seat {action.seat}, not the viewer's seat {view.seat}"
        if action not in allowed:
            return f"legal action {action.to_list()} is impossible in this view"
    return None


# ---------------------------------------------------------------- a round's scores, in public
@dataclass(frozen=True, slots=True)
class ScoreView:
    """What the scoring screens show once a round is over, and everybody at the table may know
    (a network player has no GameState): the scores, who plays on, who won, and the grids,
    every card of which is face-up by then. `score_view` builds it; game/wire/pieces.py reads
    one that came from elsewhere."""

    edition: type[Edition]
    players: int
    round: int
    phase: str  # ROUND_OVER or GAME_OVER
    participants: tuple[int, ...]
    trigger: int | None
    tiebreak: bool  # the round just scored was a tie-break
    round_scores: tuple[tuple[int | None, ...], ...]
    totals: tuple[int, ...]
    tiebreak_rounds: tuple[int, ...]
    next_is_tiebreak: bool
    next_participants: tuple[int, ...]
    winners: tuple[int, ...] | None
    end_score: int
    grids: tuple[tuple[Cell, ...], ...]
    removed: tuple[tuple[int, int, int], ...]


def score_view(state: GameState) -> ScoreView:
    """The public facts of a scored round (the phase is ROUND_OVER or GAME_OVER)."""
    return ScoreView(
        edition=state.edition, players=state.players, round=state.round, phase=state.phase,
        participants=tuple(state.participants), trigger=state.trigger, tiebreak=state.tiebreak,
        round_scores=tuple(tuple(row) for row in state.round_scores), totals=tuple(state.totals),
        tiebreak_rounds=tuple(state.tiebreak_rounds), next_is_tiebreak=state.next_is_tiebreak,
        next_participants=tuple(state.next_participants),
        winners=None if state.winners is None else tuple(state.winners), end_score=state.options.end_score,
        grids=_grids(state),  # every card is face-up once a round is scored; a face-down one would stay "?"
        removed=tuple(state.removed),
    )
