"""The Hint key: what the Hard computer player would do now, and why, in one line.

The bot decides in a BotWorker thread from the seat's view only (it is honest: it sees
what the player sees), and `explain` turns its action into words from the same view.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.ai import make_bot
from game.ai.worker import BotWorker
from game.i18n import _
from game.rules import COLS, Action, SeatView

ROWS = 3


def place_name(col: int, row: int) -> str:
    """A grid position in words, e.g. "column 1, top"."""
    rows = (_("top"), _("middle"), _("bottom"))
    return _("column {col}, {row}").format(col=col + 1, row=rows[row])


def _column_after(grid: tuple, col: int, row: int, value: int) -> bool:
    """Would `value` at (col, row) make its column three equal face-up cards?"""
    cells = [value if r == row else grid[r * COLS + col] for r in range(ROWS)]
    return all(isinstance(c, int) and c == value for c in cells)


def hidden_average(view: SeatView) -> float:
    """The mean value of the cards this seat has not seen (what a face-down card is worth)."""
    unseen = view.unseen_cards()
    count = sum(unseen.values())
    return sum(v * n for v, n in unseen.items()) / count if count else 0.0


def best_place(grid: tuple, value: int, average: float) -> tuple[int, int, float]:
    """Where a card of `value` does the most good: (col, row, gain in points); a column it
    completes counts as removing the other two cards as well."""
    best = (0, 0, float("-inf"))
    for index, cell in enumerate(grid):
        if cell is None:
            continue
        col, row = index % COLS, index // COLS
        old = cell if isinstance(cell, int) else average
        gain = old - value
        if _column_after(grid, col, row, value):
            gain += 2 * value
        if gain > best[2]:
            best = (col, row, gain)
    return best


def _placing(grid: tuple, card: int, col: int, row: int, average: float, thing: str) -> str:
    """Why `card` goes to (col, row); `thing` names the card ("it", "the 5")."""
    cell = grid[row * COLS + col]
    where = place_name(col, row)
    if _column_after(grid, col, row, card):
        return _("put {thing} in {where}: it completes a column of {card}s, which is removed").format(
            thing=thing, where=where, card=card)
    if isinstance(cell, int):
        if cell > card:
            return _("put {thing} on your {old} in {where}: it lowers your score by {gain}").format(
                thing=thing, old=cell, where=where, gain=cell - card)
        return _("put {thing} on your {old} in {where}").format(thing=thing, old=cell, where=where)
    return _("put {thing} on the face-down card in {where}: a {card} beats the {average:.1f} a hidden card is "
             "worth on average").format(thing=thing, where=where, card=card, average=average)


def explain(view: SeatView, action: Action, then: Action | None = None) -> str:
    """One line: the action and its reason, from the seat's view only (`then`: where a taken
    discard would go)."""
    grid = view.grid()
    average = hidden_average(view)
    verb = action.verb
    if verb == "flip":
        where = place_name(action.col, action.row)
        return _("Hint: flip the card in {where}").format(where=where)
    if verb == "take":
        card = view.discard_top
        if then is not None and then.col is not None:
            col, row = then.col, then.row
        else:
            col, row, _gain = best_place(grid, card, average)
        placing = _placing(grid, card, col, row, average, _("it"))
        return _("Hint: take the {card} and {placing}").format(card=card, placing=placing)
    if verb == "draw":
        top = view.discard_top
        return _("Hint: draw a card; the {card} on the discard pile would not help you much").format(card=top)
    card = view.holding
    if verb == "replace":
        thing = _("the {card}").format(card=card)
        line = _("Hint: {placing}").format(placing=_placing(grid, card, action.col, action.row, average, thing))
    elif any(isinstance(cell, int) and cell > card for cell in grid):  # reveal, though the card would help a little
        line = _("Hint: discard the {card} and reveal the card in {where}; learning a hidden card is worth more "
                 "here").format(card=card, where=place_name(action.col, action.row))
    else:  # reveal
        line = _("Hint: discard the {card} and reveal the card in {where}; the {card} would not lower your "
                 "score").format(card=card, where=place_name(action.col, action.row))
    if _ends_round(grid, action):
        line += " " + _("(this ends the round: the others play one more turn)")
    return line


def _ends_round(grid: tuple, action: Action) -> bool:
    hidden = [i for i, cell in enumerate(grid) if cell == "?"]
    return hidden == [action.row * COLS + action.col]


def target_of(action: Action) -> tuple | None:
    """The table target (as TableView names it) the hinted action starts on."""
    if action.verb == "draw":
        return ("draw",)
    if action.verb == "take":
        return ("discard",)
    if action.col is None:
        return None
    return ("cell", action.seat, action.col, action.row)


def after_take(view: SeatView) -> SeatView:
    """The view once the discard top is taken: what the bot would see next (no hidden information
    is added, so asking about it stays honest)."""
    grid = view.grid()
    legal = tuple(Action(view.seat, "replace", i % COLS, i // COLS) for i, cell in enumerate(grid) if cell is not None)
    return replace(view, holding=view.discard_top, source="discard", discard_pile=view.discard_pile[:-1], legal=legal)


class HintBot:
    """The Hard bot, asked twice when it would take the discard: where the card would go too."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.name = "hint"
        self.then: Action | None = None

    def decide(self, view: SeatView) -> Action:
        action = make_bot("hard", self.seed).decide(view)
        self.then = make_bot("hard", self.seed).decide(after_take(view)) if action.verb == "take" else None
        return action

    def close(self) -> None:
        pass


class HintAsker:
    """Asks the Hard bot off the frame loop; `poll()` gives the line once it has decided."""

    def __init__(self, seed: int) -> None:
        self.bot = HintBot(seed)
        self.worker = BotWorker(self.bot)  # type: ignore[arg-type] - it has decide/name/close
        self.view: SeatView | None = None
        self.key: Any = None  # what the position was when asked: an answer for an old position is dropped

    @property
    def busy(self) -> bool:
        return self.view is not None

    def ask(self, view: SeatView, key: Any) -> bool:
        """Start thinking about `view`; False while a previous question is still being thought about."""
        if self.worker.busy:
            return False
        self.view, self.key = view, key
        self.worker.start(view)
        return True

    def poll(self, key: Any) -> tuple[str, Action | None] | None:
        """(line, action) once decided; None while thinking or when nothing was asked."""
        if self.view is None or self.worker.busy:
            return None
        view, self.view = self.view, None
        if key != self.key:
            return None  # the position changed while the bot thought
        action = self.worker.result()
        if self.worker.error is not None or action is None:
            return _("No hint this time (the computer player could not decide)."), None
        return explain(view, action, self.bot.then), action

    def close(self) -> None:
        self.worker.close()


class TableHints:
    """The H key on the table: asks, waits off the frame loop, then shows the line in the
    table's notice line and puts the keyboard cursor on the hinted target."""

    def __init__(self, play: Any) -> None:
        self.play = play
        self.asker: HintAsker | None = None
        self.shown: str = ""

    def _key(self) -> Any:
        state = self.play.state
        done = len(state.log[-1]["actions"]) if getattr(state, "log", None) else 0
        return (state.round, state.phase, state.to_act, done)

    def ask(self) -> None:
        from game.rules import seat_view

        play = self.play
        seat = play.acting_human()
        if seat is None:
            self._say(_("Hints are for your own turn."))
            return
        if self.asker is None:
            self.asker = HintAsker((play.state.seed * 17 + seat) % (2**31))
        if self.asker.ask(seat_view(play.state, seat), self._key()):
            self._say(_("Hint: thinking..."))

    def update(self) -> None:
        if self.asker is None:
            return
        answer = self.asker.poll(self._key())
        if answer is None:
            return
        line, action = answer
        self._say(line)
        target = target_of(action) if action is not None else None
        if target is not None and self.play.acting_human() == action.seat:
            self.play.view.cursor = target

    def _say(self, line: str) -> None:
        self.shown = line
        self.play.message = line  # cleared by the next action, like every table notice
        self.play.board.banner = line

    def close(self) -> None:
        if self.asker is not None:
            self.asker.close()
