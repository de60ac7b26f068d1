"""Read aloud's words: the table's events and a seat's view as sentences to be spoken, in the
game's language (translated here, where they are said).

Only what the person at the screen may know is said: the lines are made from the engine's
events as the table's recap tells them (a card drawn by somebody else is "a card" until it is
placed or thrown face up) and from a seat's view (a face-down card is "face down"), never from
the game's hidden state. The sentences the table already shows (the recap's, the banners') are
the same ones, so every language says a move one way.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import N_, _, ngettext
from game.rules import COLS, HIDDEN, ROWS, SOURCE_DISCARD, PublicView
from game.rules import events as ev
from game.ui.targets import DISCARD_PILE, DRAW_PILE, HAND, Target
from game.ui.wording import a_card, card_words, group_sentence, points_words, sentence, speaks_to

FACE_DOWN = N_("face down")
GONE = N_("gone")  # a column removed: its three cells are empty
START_WHY = {ev.StartReason.HIGHEST: N_("highest cards"), ev.StartReason.RANDOM: N_("drawn by lot among the tied"),
             ev.StartReason.FLIPS: N_("won the tie"), ev.StartReason.TRIGGER: N_("ended the last round")}


MOVES = (ev.CardFlipped, ev.CardDrawn, ev.DiscardTaken, ev.CardReplaced, ev.CardDiscarded, ev.CardRevealed,
         ev.ColumnRemoved)


class EventWords:
    """The spoken line of each event (or none), for the person at the screen: `addressee` the
    seat spoken to as "you" (None in hot-seat: every line names its player) and `here` the seat
    whose person looks at the screen now (their own drawn card is said by its value)."""

    def __init__(self, names: Sequence[str], addressee: int | None) -> None:
        self.names = names
        self.addressee = addressee
        self._discarded: dict[int, int] = {}  # seat -> the drawn card it threw away, awaiting its reveal

    def _say(self, kind: str, seat: int, **figures: object) -> str:
        return sentence(kind, seat, self.addressee, self.names, **figures)

    def lines(self, events: Sequence[ev.Event], here: int | None) -> list[str]:
        said = (self.line(event, here) for event in events)
        return [line for line in said if line]

    def line(self, event: ev.Event, here: int | None) -> str:
        """The line of one event ("" for an event that says nothing by itself)."""
        return self._move(event, here) if isinstance(event, MOVES) else self._table(event)

    def _move(self, event: ev.Event, here: int | None) -> str:
        match event:
            case ev.CardFlipped(seat=seat, value=value):
                return self._say("recap_flip", seat, value=value)
            case ev.CardDrawn(seat=seat, value=value):
                if seat == here and value is not None:  # (only the one who drew sees it)
                    return self._say("drew_card", seat, a_card=a_card(value))
                return self._say("cue_draw", seat)
            case ev.DiscardTaken(seat=seat, value=value):
                return self._say("cue_take", seat, card=card_words(value))
            case ev.CardReplaced(seat=seat, value=value, old_value=old, old_was_face_up=seen, source=source):
                kind = "recap_take_replace" if source == SOURCE_DISCARD else "recap_draw_replace"
                return self._say(kind if seen else kind + "_hidden", seat, card=value, old=old)
            case ev.CardDiscarded(seat=seat, value=value):
                self._discarded[seat] = value  # said with the card it reveals next
            case ev.CardRevealed(seat=seat, value=value) if seat in self._discarded:
                return self._say("recap_draw_discard", seat, card=self._discarded.pop(seat), value=value)
            case ev.ColumnRemoved(seat=seat, value=value):
                return self._say("column", seat, value=card_words(value))
        return ""

    def _table(self, event: ev.Event) -> str:
        match event:
            case ev.RoundDealt(round=number, discard_top=top):
                return _("Round {number} is dealt; the discard pile shows {a_card}.").format(
                    number=number, a_card=a_card(top))
            case ev.StarterChosen(seat=seat, reason=reason):
                why = _(START_WHY[ev.StartReason(reason)]) if reason in START_WHY else reason
                return self._say("starts", seat, why=why)
            case ev.EndTriggered(seat=seat):
                return self._say("last_turn", seat)
            case ev.RoundScored():
                return self.round_scored(event)
            case ev.TiebreakNeeded(seats=seats):
                return group_sentence("tiebreak_next", seats, self.addressee, self.names)
            case ev.GameOver(winners=winners) if len(winners) == 1:
                return self._say("win", winners[0])
            case ev.GameOver(winners=winners):
                return group_sentence("share_win", winners, self.addressee, self.names)
        return ""

    def round_scored(self, event: ev.RoundScored) -> str:
        """The round's end: each player's score this round (doubled or not) and total."""
        parts = [_("Round {number} is over.").format(number=event.round)]
        for seat, score in enumerate(event.scores):
            if score is None:
                continue
            you = speaks_to(seat, self.addressee, self.names)
            if seat == event.doubled:
                words = _("You score {points} this round, doubled; {total} in all.") if you else \
                    _("{name} scores {points} this round, doubled; {total} in all.")
            else:
                words = _("You score {points} this round; {total} in all.") if you else \
                    _("{name} scores {points} this round; {total} in all.")
            parts.append(words.format(name=self.names[seat], points=points_words(score),
                                      total=points_words(event.totals[seat])))
        return " ".join(parts)


def cell_words(cell: object) -> str:
    """One card of a grid as said: its value, "face down", or "gone" (its column removed)."""
    if cell == HIDDEN:
        return _(FACE_DOWN)
    if isinstance(cell, int):
        return card_words(cell)
    return _(GONE)


def column_words(view: PublicView, seat: int, col: int) -> str:
    """"Column 2: 5, face down, 12": a column top to bottom."""
    grid = view.grids[seat]
    cards = ", ".join(cell_words(grid[row * COLS + col]) for row in range(ROWS))
    return _("Column {number}: {cards}").format(number=col + 1, cards=cards)


def grid_words(view: PublicView, seat: int, names: Sequence[str], addressee: int | None) -> str:
    """A seat's whole grid column by column, with its total."""
    head = _("Your grid:") if speaks_to(seat, addressee, names) else _("{name}'s grid:").format(name=names[seat])
    columns = ". ".join(column_words(view, seat, col) for col in range(COLS))
    return f"{head} {columns}. " + _("Total: {points}.").format(points=points_words(view.totals[seat]))


def piles_words(view: PublicView) -> str:
    """The discard pile's top card and how many cards the draw pile holds."""
    top = view.discard_top
    shown = card_words(top) if top is not None else _("empty")
    return ngettext("Discard pile: {card}. Draw pile: {count} card.", "Discard pile: {card}. Draw pile: {count} cards.",
                    view.draw_pile).format(card=shown, count=view.draw_pile)


def scores_words(view: PublicView, names: Sequence[str]) -> str:
    """Every player's total, in seat order."""
    totals = "; ".join(_("{name}: {points}").format(name=names[seat], points=points_words(total))
                       for seat, total in enumerate(view.totals))
    return _("Scores: {totals}.").format(totals=totals)


def holding_words(view: PublicView, seat: int) -> str:
    """What `seat` holds, as its view shows it."""
    if view.to_act != seat or view.source is None:
        return _("You hold no card.")
    if view.holding is None:
        return _("You hold a card you have not seen.")
    if view.source == SOURCE_DISCARD:
        return _("You hold the {card} from the discard pile.").format(card=card_words(view.holding))
    return _("You hold {a_card} from the draw pile.").format(a_card=a_card(view.holding))


def target_words(target: Target, view: PublicView) -> str:
    """Where the keyboard's cursor is: a pile, or a card of a grid and what it shows."""
    if target.kind == DRAW_PILE:
        return _("Draw pile")
    if target.kind == DISCARD_PILE:
        top = view.discard_top
        return _("Discard pile: {card}").format(card=card_words(top) if top is not None else _("empty"))
    if target.kind == HAND:
        return _("The card in hand")
    if target.seat is None or target.col is None or target.row is None:
        return ""
    cell = view.grids[target.seat][target.row * COLS + target.col]
    return _("Column {col}, row {row}: {card}").format(col=target.col + 1, row=target.row + 1, card=cell_words(cell))
