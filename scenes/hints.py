"""The Hint key: what the Hard computer player would do now, and why, in one line.

The bot decides in a BotWorker thread from the seat's view only (it is honest: it sees
what the player sees) and gives its reason with its action (`HardBot.advise`): `explain`
words that reason with Hard's own figures (game/ui/advice_words.py, whose phrases Expert's
review of a game uses too), so the hint says why Hard really plays the move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.ai.hard import Advice, HardBot
from game.ai.worker import BotWorker
from game.i18n import _
from game.rules import DRAW, TAKE, Action, SeatView
from game.ui.advice_words import HINT, advice_line
from game.ui.targets import DISCARD_TARGET, DRAW_TARGET, Target

if TYPE_CHECKING:
    from game.table import Table
    from scenes.table_notice import NoticeLine


def explain(view: SeatView, advice: Advice) -> str:
    """One line: Hard's action and its reason, from the seat's view and Hard's figures."""
    return advice_line(view.grid(), advice.reasoning(), HINT)


def _place(action: Action) -> tuple[int, int]:
    assert action.col is not None and action.row is not None, "a placing action has a column and a row"
    return action.col, action.row


def target_of(action: Action) -> Target:
    """The table target the hinted action starts on: a pile, or the card to flip or cover."""
    if action.verb == DRAW:
        return DRAW_TARGET
    if action.verb == TAKE:
        return DISCARD_TARGET
    return Target.cell(action.seat, *_place(action))


class HintBot:
    """Hard, asked for its advice: `decide` gives the action, `advice` keeps the reason."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.name = "hint"
        self.advice: Advice | None = None

    def decide(self, view: SeatView) -> Action:
        self.advice = HardBot(self.seed).advise(view)  # a fresh bot: the same answer for the same view
        return self.advice.action

    def notify(self, message: dict[str, object]) -> None:
        """Each question is a position of its own: nothing to remember."""

    def close(self) -> None:
        """Nothing to release."""


class HintAsker:
    """Asks the Hard bot off the frame loop; `poll()` gives the line once it has decided."""

    def __init__(self, seed: int) -> None:
        self.bot = HintBot(seed)
        self.worker = BotWorker(self.bot)
        self.view: SeatView | None = None
        self.key: int | None = None  # the position's number when asked: an answer for an old position is dropped

    @property
    def busy(self) -> bool:
        return self.view is not None

    def ask(self, view: SeatView, key: int) -> bool:
        """Start thinking about `view`; False while a previous question is still being thought about."""
        if self.worker.busy:
            return False
        self.view, self.key = view, key
        self.worker.start(view)
        return True

    def poll(self, key: int) -> tuple[str, Action | None] | None:
        """(line, action) once decided; None while thinking or when nothing was asked."""
        if self.view is None or self.worker.busy:
            return None
        view, self.view = self.view, None
        if key != self.key:
            return None  # the position changed while the bot thought
        action, advice = self.worker.result(), self.bot.advice
        if self.worker.error is not None or action is None or advice is None:
            return _("No hint this time (the computer player could not decide)."), None
        return explain(view, advice), action

    def close(self) -> None:
        self.worker.close()


class HintedScreen(Protocol):
    """What the H key reads of the table screen."""

    @property
    def table(self) -> Table:
        """The table: the seat's view the bot is asked about, and the game's seed."""
        ...

    @property
    def moves(self) -> int:
        """Engine actions and deals announced so far: an answer for an older position is dropped."""
        ...

    def acting_human(self) -> int | None:
        """The seat whose human may act now (None: no hint to give)."""
        ...


class TableHints:
    """The H key on the table: asks, waits off the frame loop, then says the line in the
    table's notice line and puts the keyboard cursor on the hinted target (`point`)."""

    def __init__(self, screen: HintedScreen, notice: NoticeLine, point: Callable[[Target], None]) -> None:
        self.screen = screen
        self.notice = notice
        self.point = point
        self.asker: HintAsker | None = None
        self.shown: str = ""

    @property
    def thinking(self) -> bool:
        """A hint was asked for and its answer is not shown yet (the table keeps drawing)."""
        return self.asker is not None and self.asker.busy

    def _seed(self) -> int:
        """The game's seed where it is known here (the hint bot's own chance derives from it)."""
        table = self.screen.table
        record = table.record
        return record.seed if record is not None else (table.config.seed or 0)

    def ask(self) -> None:
        seat = self.screen.acting_human()
        if seat is None:
            self._say(_("Hints are for your own turn."))
            return
        if self.asker is None:
            self.asker = HintAsker((self._seed() * 17 + seat) % (2**31))
        view = self.screen.table.view(seat)
        if isinstance(view, SeatView) and self.asker.ask(view, self.screen.moves):  # (a human's seat: its own view)
            self._say(_("Hint: thinking..."))

    def update(self) -> None:
        if self.asker is None:
            return
        answer = self.asker.poll(self.screen.moves)
        if answer is None:
            return
        line, action = answer
        self._say(line)
        if action is not None and self.screen.acting_human() == action.seat:
            self.point(target_of(action))

    def _say(self, line: str) -> None:
        self.shown = line
        self.notice.say(line, hint=True)  # cleared by the next action, like every table notice

    def close(self) -> None:
        if self.asker is not None:
            self.asker.close()
