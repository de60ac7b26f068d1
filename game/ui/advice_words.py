"""Hard's reasons in the game's words: the H key's hint and Expert's review say why a move is
played with the same phrases, worded here, where they are read, in the reader's language.

A reason arrives as a `Reasoning` (game/wire/review.py): its name and Hard's figures, no words.
`advice_line` makes the whole line with its lead ("Hint: ...", "Expert: ...", "Good: ...");
`move_words` says a move as a player would ("take the 7", "put the 3 on your 11 in column 2,
top"). Both need only the seat's grid as it showed (and for a move, the card in hand and the
discard pile's top), never the game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.i18n import N_, _, ngettext
from game.rules import COLS, DRAW, HIDDEN, REVEAL, TAKE, Action, Cell
from game.wire.review import Reasoning, Seen

from .wording import a_card, card_words, decimal

# The lead of a line: what it is, before what to play and why.
HINT = N_("Hint: {advice}")  # the H key, at the table: what Hard would do now
EXPERT = N_("Expert: {advice}")  # a review's costly decision: what Expert would have played
GOOD = N_("Good: {advice}")  # a review's good decision: why the move played is sound


def with_unit(words: str) -> str:
    """`words` with each figure held to the word after it by a no-break space ("10.0 points",
    "8 points behind"), so a wrapped line never begins with the unit."""
    return _FIGURE_SPACE.sub("\\1\u00a0", words)


_FIGURE_SPACE = re.compile(r"(\d) (?=[^\W\d_])")


def place_name(col: int, row: int) -> str:
    """A grid position in words, e.g. "column 1, top"."""
    rows = (_("top"), _("middle"), _("bottom"))
    return _("column {col}, {row}").format(col=col + 1, row=rows[row])


def advice_line(grid: Sequence[Cell], reasoning: Reasoning, lead: str = HINT) -> str:
    """One line: the move and its reason, from the seat's grid and Hard's figures."""
    return _(lead).format(advice=advice_words(grid, reasoning))


def advice_words(grid: Sequence[Cell], reasoning: Reasoning) -> str:
    """The move and why, without a lead: "take the 7 and put it in column 2, top: ..."."""
    reason = reasoning.reason
    if reason == "spread":
        return _("flip the card in {where}: a column with no face-up card yet leaves you more columns to "
                 "build").format(where=_where(reasoning))
    if reason == "draw":
        return _("draw a card; on average it is worth more to you than the {card} on the discard "
                 "pile").format(card=_shown(reasoning.card))
    if reasoning.then is not None:  # take, forced
        placing = _placing(grid, reasoning.then, _("it"))
        if reason == "forced":
            line = _("take the {card}, since the draw pile is empty, and {placing}")
        else:
            line = _("take the {card} and {placing}")
        return _with_end(line.format(card=_shown(reasoning.card), placing=placing), reasoning.then)
    if reason == "reveal":
        return _with_end(_revealing(reasoning), reasoning)
    thing = _("the {card}").format(card=_shown(reasoning.card))
    return _with_end(_placing(grid, reasoning, thing), reasoning)


def move_words(seen: Seen, move: Action) -> str:
    """A move as a player says it: "draw a card", "take the 7", "put the 3 on your 11 in
    column 2, top", "discard the 9 and reveal column 1, bottom"."""
    if move.verb == DRAW:
        return _("draw a card")
    if move.verb == TAKE:
        return _("take the {card}").format(card=_shown(seen.discard_top))
    where = place_name(*_cell(move.to_list()))
    if move.verb == REVEAL:
        return _("discard the {card} and reveal {where}").format(card=_shown(seen.holding), where=where)
    old = seen.grid[move.index]
    if isinstance(old, int):
        return _("put the {card} on your {old} in {where}").format(card=_shown(seen.holding), old=card_words(old),
                                                                  where=where)
    return _("put the {card} on the face-down card in {where}").format(card=_shown(seen.holding), where=where)


def _shown(card: int | None) -> str:
    """A card value as the table writes it ("−2"); every reason that names a card has one."""
    return "?" if card is None else card_words(card)


def _cell(action: list[int | str]) -> tuple[int, int]:
    """The column and row of a placing action's list ([seat, verb, col, row])."""
    col, row = (action + [0, 0])[2:4]
    return int(col), int(row)


def _where(reasoning: Reasoning) -> str:
    return place_name(*_cell(reasoning.action))


def _placing(grid: Sequence[Cell], reasoning: Reasoning, thing: str) -> str:
    """Why the card goes where Hard puts it; `thing` names the card ("it", "the 5")."""
    col, row = _cell(reasoning.action)
    where = place_name(col, row)
    old = grid[row * COLS + col] if 0 <= row * COLS + col < len(grid) else HIDDEN
    card, reason = _shown(reasoning.card), reasoning.reason
    if reason == "complete":
        return _("put {thing} in {where}: it completes a column of {card}s, which is removed").format(
            thing=thing, where=where, card=card)
    if reason == "lower":
        return _("put {thing} on your {old} in {where}: it lowers your score by {gain}").format(
            thing=thing, old=card_words(old) if isinstance(old, int) else "?", where=where,
            gain=decimal(reasoning.saved, trim=True))
    if reason == "hidden":
        said = "?" if reasoning.card is None else a_card(reasoning.card)  # "an 8": the article goes by the number
        return _("put {thing} on the face-down card in {where}: {a_card} beats the {average} a hidden card is "
                 "worth on average").format(thing=thing, where=where, a_card=said, average=decimal(reasoning.hidden))
    if reason == "pair":
        return _("put {thing} in {where}: it pairs with the other {card} in that column, towards a column of "
                 "three").format(thing=thing, where=where, card=card)
    if reason == "hurry":
        return _("put {thing} on the face-down card in {where}: you are ahead, and each card turned face up "
                 "brings the end of the round closer").format(thing=thing, where=where)
    if reason == "avoid_end":
        return _("put {thing} in {where}: turning up your last face-down card would end the round, and your "
                 "score could be doubled").format(thing=thing, where=where)
    if reason == "avoid_feed":
        return _("put {thing} in {where}: on the discard pile, the {card} would help the next player").format(
            thing=thing, where=where, card=card)
    if reason == "slow":
        return _("put {thing} in {where}: you are behind, and keeping cards face down slows the end of the "
                 "round").format(thing=thing, where=where)
    return _("put {thing} in {where}: every choice costs points here, and this one costs the least").format(
        thing=thing, where=where)


def _revealing(reasoning: Reasoning) -> str:
    """Why the drawn card is thrown away: keeping it is worth less (`other`) than a reveal."""
    card, where = _shown(reasoning.card), _where(reasoning)
    if reasoning.other > 0:
        return _("discard the {card} and reveal the card in {where}; learning a hidden card is worth more "
                 "here").format(card=card, where=where)
    cost = round(-reasoning.other)
    if cost >= 1:  # what keeping it costs, even in its best place
        return ngettext("discard the {card} and reveal the card in {where}; wherever it goes, the {card} would add "
                        "about {points} point to your grid", "discard the {card} and reveal the card in {where}; "
                        "wherever it goes, the {card} would add about {points} points to your grid",
                        cost).format(card=card, where=where, points=cost)
    return _("discard the {card} and reveal the card in {where}; the {card} would not lower your score "
             "anywhere").format(card=card, where=where)


def reveal_instead(reasoning: Reasoning, added: int) -> str:
    """Expert's reveal, against a move that put `added` points on the grid (a 10 on a 0: 10)."""
    return ngettext("discard the {card} and reveal the card in {where}: your move adds {points} point to your "
                    "grid", "discard the {card} and reveal the card in {where}: your move adds {points} points to "
                    "your grid", added).format(card=_shown(reasoning.card), where=_where(reasoning), points=added)


def _with_end(line: str, reasoning: Reasoning) -> str:
    if reasoning.ends_round:
        return line + " " + _("(this ends the round: the others play one more turn)")
    return line
