"""The table's one notice line: a refusal, a save that failed, a computer player's problem, a
player on another computer gone or back, a hint. Said in one place (`say`), it shows where the
board shows a line (the free corner, once no animation plays) and stays until the next move:
an animation's own banner covers it while it plays, and the board shows it again when it rests."""

from __future__ import annotations

from game.ui.board import Board


class NoticeLine:
    """The line, and the board it shows on."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.line = ""  # what was last said (cleared by the next move)
        self.hinting = False  # the line is a hint asked for with H (it takes the corner from the recap)

    def say(self, line: str, hint: bool = False) -> None:
        """Show `line` now, in place of the last notice (`hint`: a hint's line)."""
        self.line = line
        self.hinting = hint and bool(line)  # (an empty line shows nothing: it takes no corner)
        self.board.banner = line

    def clear(self) -> None:
        """A move was made: the last notice is history (an animation's banner takes the line
        now; the board shows nothing of it once it rests)."""
        self.line = ""
        self.hinting = False

    def show(self) -> None:
        """The board caught up with the table (animations ended): the notice shows again."""
        self.board.banner = self.line
