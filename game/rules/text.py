"""One readable text form of a position, for logs, bug reports and the debugger."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import COLS, HIDDEN, ROWS

if TYPE_CHECKING:
    from .state import GameState


def _cell(value: object) -> str:
    if value is None:
        return "  ."
    if value == HIDDEN:
        return "  ?"
    return f"{value:>3}"


def state_text(state: GameState) -> str:
    lines = [
        f"{state.edition.title}, round {state.round}, {state.phase}"
        + (f", seat {state.to_act} to act" if state.to_act is not None else "")
        + (f", holding {state.holding} from the {state.source}" if state.holding is not None else ""),
        f"draw pile {len(state.draw_pile)}, discard top {state.discard_top}"
        + (f", triggered by seat {state.trigger}" if state.trigger is not None else ""),
    ]
    for seat in range(state.players):
        grid = state.grid_cells(seat)
        marks = ("*" if seat == state.to_act else " ") + ("!" if seat == state.trigger else " ")
        for row in range(ROWS):
            head = f"{marks}seat {seat} (total {state.totals[seat]:>4})" if row == 0 else ""
            head = f"{head:<22}"
            lines.append(head + " |" + "".join(_cell(grid[row][col]) for col in range(COLS)))
    return "\n".join(lines)
