"""The Hint key: what the Hard computer player would do now, and why, in one line.

The bot decides in a BotWorker thread from the seat's view only (it is honest: it sees
what the player sees) and gives its reason with its action (`HardBot.advise`): `explain`
words that reason with Hard's own figures, so the hint says why Hard really plays the move.
"""

from __future__ import annotations

from typing import Any

from game.ai.hard import Advice, HardBot, Reason
from game.ai.worker import BotWorker
from game.i18n import _
from game.rules import DRAW, TAKE, Action, SeatView
from game.ui.targets import DISCARD_TARGET, DRAW_TARGET, Target
from game.ui.wording import a_card, card_words


def place_name(col: int, row: int) -> str:
    """A grid position in words, e.g. "column 1, top"."""
    rows = (_("top"), _("middle"), _("bottom"))
    return _("column {col}, {row}").format(col=col + 1, row=rows[row])


def explain(view: SeatView, advice: Advice) -> str:
    """One line: Hard's action and its reason, from the seat's view and Hard's figures."""
    reason = advice.reason
    if reason is Reason.SPREAD:
        where = place_name(*_place(advice.action))
        return _("Hint: flip the card in {where}: a column with no face-up card yet leaves you more columns "
                 "to build").format(where=where)
    if reason is Reason.DRAW:
        return _("Hint: draw a card; on average it is worth more to you than the {card} on the discard "
                 "pile").format(card=_shown(advice.card))
    if advice.then is not None:  # TAKE, FORCED
        placing = _placing(view, advice.then, _("it"))
        if reason is Reason.FORCED:
            line = _("Hint: take the {card}, since the draw pile is empty, and {placing}")
        else:
            line = _("Hint: take the {card} and {placing}")
        return _with_end(line.format(card=_shown(advice.card), placing=placing), advice.then)
    if reason is Reason.REVEAL:
        return _with_end(_revealing(advice), advice)
    thing = _("the {card}").format(card=_shown(advice.card))
    return _with_end(_("Hint: {placing}").format(placing=_placing(view, advice, thing)), advice)


def _shown(card: int | None) -> str:
    """A card value as the table writes it ("−2"); every reason that names a card has one."""
    return "?" if card is None else card_words(card)


def _place(action: Action) -> tuple[int, int]:
    assert action.col is not None and action.row is not None, "a placing action has a column and a row"
    return action.col, action.row


def _placing(view: SeatView, advice: Advice, thing: str) -> str:
    """Why the card goes where Hard puts it; `thing` names the card ("it", "the 5")."""
    where = place_name(*_place(advice.action))
    old = view.grid()[advice.action.index]
    card, reason = _shown(advice.card), advice.reason
    if reason is Reason.COMPLETE:
        return _("put {thing} in {where}: it completes a column of {card}s, which is removed").format(
            thing=thing, where=where, card=card)
    if reason is Reason.LOWER:
        return _("put {thing} on your {old} in {where}: it lowers your score by {gain}").format(
            thing=thing, old=card_words(old) if isinstance(old, int) else old, where=where, gain=f"{advice.saved:g}")
    if reason is Reason.HIDDEN:
        said = "?" if advice.card is None else a_card(advice.card)  # "an 8": the article goes by the number
        return _("put {thing} on the face-down card in {where}: {a_card} beats the {average:.1f} a hidden card is "
                 "worth on average").format(thing=thing, where=where, a_card=said, average=advice.hidden)
    if reason is Reason.PAIR:
        return _("put {thing} in {where}: it pairs with the other {card} in that column, towards a column of "
                 "three").format(thing=thing, where=where, card=card)
    if reason is Reason.HURRY:
        return _("put {thing} on the face-down card in {where}: you are ahead, and each card turned face up "
                 "brings the end of the round closer").format(thing=thing, where=where)
    if reason is Reason.AVOID_END:
        return _("put {thing} in {where}: turning up your last face-down card would end the round at a risk of "
                 "a doubled score").format(thing=thing, where=where)
    if reason is Reason.AVOID_FEED:
        return _("put {thing} in {where}: on the discard pile, the {card} would help the next player").format(
            thing=thing, where=where, card=card)
    if reason is Reason.SLOW:
        return _("put {thing} in {where}: you are behind, and keeping cards face down slows the end of the "
                 "round").format(thing=thing, where=where)
    return _("put {thing} in {where}: every choice costs points here, and this one costs the least").format(
        thing=thing, where=where)


def _revealing(advice: Advice) -> str:
    """Why Hard throws the drawn card away: keeping it is worth less (`other`) than a reveal."""
    where = place_name(*_place(advice.action))
    if advice.other > 0:
        return _("Hint: discard the {card} and reveal the card in {where}; learning a hidden card is worth more "
                 "here").format(card=_shown(advice.card), where=where)
    return _("Hint: discard the {card} and reveal the card in {where}; keeping the {card} would not gain you "
             "anything").format(card=_shown(advice.card), where=where)


def _with_end(line: str, advice: Advice) -> str:
    if advice.ends_round:
        return line + " " + _("(this ends the round: the others play one more turn)")
    return line


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

    def notify(self, message: dict) -> None:
        """Each question is a position of its own: nothing to remember."""

    def close(self) -> None:
        """Nothing to release."""


class HintAsker:
    """Asks the Hard bot off the frame loop; `poll()` gives the line once it has decided."""

    def __init__(self, seed: int) -> None:
        self.bot = HintBot(seed)
        self.worker = BotWorker(self.bot)
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
        action, advice = self.worker.result(), self.bot.advice
        if self.worker.error is not None or action is None or advice is None:
            return _("No hint this time (the computer player could not decide)."), None
        return explain(view, advice), action

    def close(self) -> None:
        self.worker.close()


class TableHints:
    """The H key on the table: asks, waits off the frame loop, then shows the line in the
    table's notice line and puts the keyboard cursor on the hinted target."""

    def __init__(self, play: Any) -> None:
        self.play = play
        self.asker: HintAsker | None = None
        self.shown: str = ""

    @property
    def thinking(self) -> bool:
        """A hint was asked for and its answer is not shown yet (the table keeps drawing)."""
        return self.asker is not None and self.asker.busy

    def _key(self) -> Any:
        """The position a hint is for: an answer for an older one is dropped."""
        return self.play.moves

    def ask(self) -> None:
        play = self.play
        seat = play.acting_human()
        if seat is None:
            self._say(_("Hints are for your own turn."))
            return
        if self.asker is None:
            self.asker = HintAsker((play.seed * 17 + seat) % (2**31))
        if self.asker.ask(play.table.view(seat), self._key()):
            self._say(_("Hint: thinking..."))

    def update(self) -> None:
        if self.asker is None:
            return
        answer = self.asker.poll(self._key())
        if answer is None:
            return
        line, action = answer
        self._say(line)
        if action is not None and self.play.acting_human() == action.seat:
            self.play.view.cursor = target_of(action)

    def _say(self, line: str) -> None:
        self.shown = line
        self.play.message = line  # cleared by the next action, like every table notice
        self.play.board.banner = line

    def close(self) -> None:
        if self.asker is not None:
            self.asker.close()
