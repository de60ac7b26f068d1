"""The placement arithmetic shared by Normal and Hard.

Everything is measured as "expected points saved" for the deciding seat: replacing a
card worth `old` (a face-down card counts as the mean unseen card) by `card` saves
`old - card`; completing a column of three equal cards saves everything the column held;
a fresh pair of a positive value earns a bonus for the chance of completing it later.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.rules import CELLS, COLS, COLUMN_CELLS, HIDDEN, REPLACE, REVEAL, SOURCE_DRAW, Action, SeatView

from .base import action_at

COLUMN_OF = tuple(i % COLS for i in range(CELLS))
TYPICAL_CARD = 5.0  # about the mean of either deck (5.07): a face-down card's worth when no card is counted


@dataclass
class Knowledge:
    """What a seat believes about unseen cards: their mean and their multiset."""

    mean: float
    unseen: Counter
    total: int

    def chance_of(self, value: int) -> float:
        return self.unseen.get(value, 0) / self.total if self.total else 0.0


def knowledge(view: SeatView, counting: bool) -> Knowledge:
    """Card counting (Hard) uses every card seen; without it (Normal) the deck's own mean."""
    if counting:
        unseen = Counter({v: n for v, n in view.unseen_cards().items() if n > 0})
    else:
        unseen = Counter(view.edition.card_counts)
    return Knowledge(hidden_card_value(unseen), unseen, sum(unseen.values()))


def hidden_card_value(cards: Counter) -> float:
    """What a face-down card is worth to a player who knows it is one of `cards`: their mean."""
    total = sum(cards.values())
    return sum(v * n for v, n in cards.items()) / total if total else TYPICAL_CARD


def cell_value(cell: object, know: Knowledge) -> float:
    """A face-up card is worth its value; a face-down one what a hidden card is worth."""
    return cell if isinstance(cell, int) else know.mean


def pair_bonus(value: int, third: object, know: Knowledge, weight: float, final: bool) -> float:
    """The worth of two equal face-up cards in a column whose third cell is `third`."""
    if value <= 0 or third is None:
        return 0.0  # removing low cards saves nothing
    if final:  # only the final reveal can still complete it
        return know.chance_of(value) * 3 * value if third == HIDDEN else 0.0
    return weight * value


def column_bonus(cells: list, know: Knowledge, weight: float, final: bool) -> float:
    """Bonus for the pair structure of one column (three cells, values or "?")."""
    a, b, c = cells
    for x, y, z in ((a, b, c), (a, c, b), (b, c, a)):
        if isinstance(x, int) and x == y and z != x:
            return pair_bonus(x, z, know, weight, final)
    return 0.0


def column_complete(cells: list) -> bool:
    """Three equal face-up cards in a column: the rules remove them."""
    return all(isinstance(x, int) for x in cells) and cells[0] == cells[1] == cells[2]


def completes_column(grid: tuple, index: int, card: int) -> bool:
    """Would `card` face-up at `index` complete its column?"""
    return column_complete([card if i == index else grid[i] for i in COLUMN_CELLS[COLUMN_OF[index]]])


def place_gain(grid: tuple, index: int, card: int, know: Knowledge, weight: float, final: bool = False) -> float:
    """Expected points saved by putting `card` face-up at `index` of `grid`: the one measure of a
    placement, for Normal, Hard and the hint (which words Hard's reason)."""
    col = COLUMN_CELLS[COLUMN_OF[index]]
    before = [grid[i] for i in col]
    after = [card if i == index else grid[i] for i in col]
    old = cell_value(grid[index], know)
    if column_complete(after):
        return old + sum(cell_value(grid[i], know) for i in col if i != index)
    gain = old - card
    return gain + column_bonus(after, know, weight, final) - column_bonus(before, know, weight, final)


def placements(
    view: SeatView, card: int, know: Knowledge, weight: float, final: bool = False
) -> list[tuple[float, Action]]:
    """Every replace (and, for a drawn card, every reveal with gain 0) with its gain."""
    grid = view.grid()
    out = [(place_gain(grid, i, card, know, weight, final), action_at(view, REPLACE, i))
           for i, cell in enumerate(grid) if cell is not None]
    if view.source == SOURCE_DRAW:
        out += [(0.0, action_at(view, REVEAL, i)) for i, cell in enumerate(grid) if cell == HIDDEN]
    return out


def expected_score(grid: tuple, know: Knowledge) -> float:
    return sum(cell_value(cell, know) for cell in grid if cell is not None)


def grid_after(grid: tuple, action: Action, card: int, revealed: object = HIDDEN) -> tuple:
    """The grid once `action` is played; a revealed card stays unknown ("?" -> known later)."""
    cells = list(grid)
    index = action.index
    if action.verb == REPLACE:
        cells[index] = card
    else:
        cells[index] = revealed
    for col in COLUMN_CELLS:
        if column_complete([cells[i] for i in col]):
            for i in col:
                cells[i] = None
    return tuple(cells)
