"""Helpers that force a situation for the rules tests: decks built card by card and action
lists planned from the rules alone (never by asking the engine whose turn it is), so a test
fails when the engine disagrees with the rules (docs/rules.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from game.rules import EDITIONS, Action, GameState, Options

Pos = tuple[int, int]  # (col, row)
READING = [(i % 4, i // 4) for i in range(12)]


def cells(rows: Sequence[Sequence[int | None]]) -> list[int | None]:
    """Three rows of four, top to bottom, as 12 values in reading order."""
    assert len(rows) == 3 and all(len(row) == 4 for row in rows), "a grid is 3 rows of 4"
    return [value for row in rows for value in row]


def _filler(counts: Counter) -> Iterator[int]:
    """The unused cards, one value after another (-2, -1, 0, ..., 12, -2, ...), so two
    neighbouring filler cards differ and filler rarely completes a column by chance."""
    left = Counter({value: n for value, n in counts.items() if n > 0})
    while left:
        for value in sorted(left):
            yield value
            left[value] -= 1
        left = +left


def build_deck(
    edition: str,
    grids: Sequence[Sequence[int | None] | None],
    discard: int | None = None,
    draw: Sequence[int | None] = (),
) -> list[int]:
    """A full deck of `edition`, top first: the grids in dealing order (12 values each in
    reading order, None for "any card"), then the first discard, then the top of the draw
    pile (None for "any card"); every other card fills the gaps. Raises ValueError if the
    edition lacks a card."""
    counts = Counter(EDITIONS[edition].card_counts)
    chosen = [v for grid in grids if grid for v in grid if v is not None] + [v for v in draw if v is not None]
    if discard is not None:
        chosen.append(discard)
    counts.subtract(chosen)
    short = {value: -n for value, n in counts.items() if n < 0}
    if short:
        raise ValueError(f"{edition} has too few of these cards: {short}")
    filler = _filler(counts)
    deck: list[int] = []
    for grid in grids:
        deck += [next(filler) if v is None else v for v in (grid or [None] * 12)]
    deck.append(next(filler) if discard is None else discard)
    deck += [next(filler) if v is None else v for v in draw]
    deck += list(filler)
    return deck


def opening(flips: dict[int, Sequence[Pos]]) -> list[list]:
    """The opening flips in seat order (docs/rules.md §4.1): each seat's two, seat by seat."""
    return [[seat, "flip", col, row] for seat in sorted(flips) for col, row in flips[seat]]


def reveal_race(
    participants: Sequence[int], starter: int, flips: dict[int, Sequence[Pos]], idle: Sequence[int] = ()
) -> list[list]:
    """Opening flips, then turns from `starter` round the table (docs/rules.md §4-§5, planned here
    without the engine): each seat draws, discards and reveals its next face-down card in
    reading order, except `idle` seats, which draw and replace their face-up (0,0). The
    first revealing seat left without a face-down card triggers; every other seat then
    plays once more and the plan stops. With no idle seat the starter triggers and every
    grid ends all face-up as dealt, so the round scores are the grid sums."""
    actions = opening({seat: flips[seat] for seat in participants})
    queues = {seat: [p for p in READING if p not in flips[seat]] for seat in participants}
    assert all((0, 0) in flips[seat] for seat in idle), "an idle seat keeps replacing its face-up (0,0)"
    at = list(participants).index(starter)
    trigger = None
    while True:
        seat = participants[at % len(participants)]
        at += 1
        if seat == trigger:
            return actions
        if seat in idle:
            actions += [[seat, "draw"], [seat, "replace", 0, 0]]
            continue
        col, row = queues[seat].pop(0)
        actions += [[seat, "draw"], [seat, "reveal", col, row]]
        if trigger is None and not queues[seat]:
            trigger = seat


def play(state: GameState, actions: Sequence[Sequence]) -> GameState:
    """Apply actions in list form; returns the state for chaining."""
    for item in actions:
        state.apply(Action.from_list(list(item)))
    return state


def dealt(
    edition: str,
    grids: Sequence[Sequence[int | None] | None],
    discard: int | None = None,
    draw: Sequence[int | None] = (),
    seed: int = 1,
    **options: object,
) -> GameState:
    """A new game whose first round is dealt from a built deck."""
    deck = build_deck(edition, grids, discard, draw)
    return GameState.new_game(edition, players=len(grids), seed=seed, options=Options(**options), deck=deck)


def scenario(edition: str, players: int, rounds: list[dict], seed: int = 1, **options: object) -> dict:
    """A replay scenario object (the input of `python -m game replay`)."""
    out: dict = {"edition": edition, "players": players, "seed": seed, "rounds": rounds}
    if options:
        out["options"] = dict(options)
    return out


def grid_sum(grid: Sequence[int | None]) -> int:
    """A dealt grid's score if nothing is removed (the tests' own arithmetic)."""
    return sum(v for v in grid if v is not None)
