"""Expert's review of a game in words (the review screen and `skyjo review`), made where they
are read from the review's facts (game/wire/review.py), in the reader's language. The lines
speak to the reviewed player as "you": a review is read by the player it judges, a child too,
so the headline says points in round figures and the noise of the estimate (±) stays in the
details (a decision on the table, `skyjo review --json`).

    headline(review)       "You lost about 38 points; 22 of them in three decisions"
    judged_line(review)    "Expert judged 106 of your decisions: 11 cost you points"
    decision_line(judged)  "Round 2, your 5th turn: you chose to put the 9 on your −2 in column 1, top"
    why_line(judged)       "Expert: put the 9 on the face-down card in ..." / "Good: ..."
    round_line(row)        "Round 3: 2 costly decisions, 6.5 points lost; you ended the round while 4 points behind"
    total_line(review)     "126 decisions judged: 9 costly, 22.6 points lost (0.18 a decision)" (the command line)
"""

from __future__ import annotations

from game.i18n import N_, _, ngettext
from game.rules import REPLACE
from game.wire.review import Judged, ReviewData, RoundRow, action_of

from .advice_words import EXPERT, GOOD, advice_line, move_words, reveal_instead, with_unit
from .wording import decimal, is_default_human_name, shown_name


def plural_count(value: float) -> int:
    """The count a plural form is chosen by for a figure with decimals: English says "1.5
    points" and French "1,5 point", which both catalogues' rules give for 0 (and for the
    whole part from 2 on)."""
    return int(value) if float(value).is_integer() or abs(value) >= 2 else 0


def points_lost_words(points: float) -> str:
    """ "6.5 points lost", "1 point lost" (one decimal)."""
    figure = round(points, 1)
    return with_unit(ngettext("{points} point lost", "{points} points lost", plural_count(figure)).format(
        points=decimal(figure)))


def cost_words(judged: Judged, spread: bool = True) -> str:
    """What a decision cost: "cost 4.3 points", with the estimate's noise in the details
    (`spread`): "cost 4.3 points (± 0.6)"."""
    figure = round(judged.cost, 1)
    cost = ngettext("cost {points} point", "cost {points} points", plural_count(figure)).format(points=decimal(figure))
    return with_unit(cost) + (f" (\u00b1\u00a0{decimal(judged.spread)})" if spread and judged.spread else "")


# A turn's rank in words: English goes by the last digits ("1st", "2nd", "11th", "21st"); a
# language whose ordinals go otherwise translates each form (French: "1er", then "{number}e").
FIRST = N_("1st")
ORDINALS = (N_("{number}th"), N_("{number}st"), N_("{number}nd"), N_("{number}rd"))


def ordinal(number: int) -> str:
    """ "1st", "2nd", "11th", "23rd" (French "1er", "2e", "11e")."""
    if number == 1:
        return _(FIRST)
    last = number % 10 if number % 100 not in (11, 12, 13) else 0
    return _(ORDINALS[last if last <= 3 else 0]).format(number=number)


def turn_words(judged: Judged) -> str:
    """Where a decision was, counting the player's own turns: "Round 2, your 5th turn"."""
    return _("Round {round}, your {nth} turn").format(round=judged.round, nth=ordinal(judged.turn))


def played_words(judged: Judged) -> str:
    return move_words(judged.seen, action_of(judged.played))


def best_words(judged: Judged) -> str:
    return move_words(judged.seen, action_of(judged.best))


def decision_line(judged: Judged) -> str:
    """Where the decision was and what was played: "Round 2, your 5th turn: you chose to put the 9 on ..."."""
    return _("{when}: you chose to {move}").format(when=turn_words(judged), move=played_words(judged))


def points_added(judged: Judged) -> int:
    """The points the move played put on the grid, card for card (a 10 on a 0: 10), where it
    replaced a face-up card by a higher one; 0 otherwise."""
    played, seen = action_of(judged.played), judged.seen
    old = seen.grid[played.index] if played.verb == REPLACE and played.index is not None else None
    if isinstance(old, int) and seen.holding is not None and seen.holding > old:
        return seen.holding - old
    return 0


def why_line(judged: Judged) -> str:
    """Why Expert prefers its move (a costly decision), or why the move played is sound. Where
    Expert would have thrown the card away and the move played raised the grid, the reason
    says by how much ("... : your move adds 10 points to your grid")."""
    reasoning = judged.reasoning
    added = points_added(judged)
    if not judged.good and reasoning.reason == "reveal" and added:
        return _(EXPERT).format(advice=reveal_instead(reasoning, added))
    return advice_line(judged.seen.grid, reasoning, GOOD if judged.good else EXPERT)


def round_line(row: RoundRow) -> str:
    """One round in one line: its costly decisions, the points they lost, and how the player
    ended it when they did."""
    costly = ngettext("{count} costly decision", "{count} costly decisions", row.costly).format(count=row.costly)
    line = _("Round {number}: {costly}, {lost}").format(number=row.round, costly=costly,
                                                        lost=points_lost_words(row.points_lost))
    end = with_unit(ended_words(row))
    return _("{line}; {end}").format(line=line, end=end) if end else line


def ended_words(row: RoundRow) -> str:
    """ "you ended the round while 4 points behind" when the reviewed player ended it; "" otherwise."""
    end = row.end
    if end is None or end.raw is None or end.lowest_other is None or end.ended_by != row.seat:
        return ""
    gap = end.raw - end.lowest_other
    if gap > 0:
        return ngettext("you ended the round while {points} point behind",
                        "you ended the round while {points} points behind", gap).format(points=gap)
    if gap < 0:
        return ngettext("you ended the round {points} point ahead",
                        "you ended the round {points} points ahead", -gap).format(points=-gap)
    return _("you ended the round level with the lowest score")


def about_points(points: float) -> str:
    """Points in a round figure: "about 38 points", "about 1 point", "less than 1 point"."""
    whole = round(points)
    if whole < 1:
        return _("less than 1 point")
    return with_unit(ngettext("about {points} point", "about {points} points", whole).format(points=whole))


def headline(review: ReviewData) -> str:
    """The whole game in words a child follows: the points lost in round figures, and how many
    of them the costliest decisions lost."""
    costly, lost = review.costly, about_points(review.points_lost)
    if not costly:
        return _("No decision cost you points: Expert would have played much the same")
    if costly == 1:
        return _("You lost {lost}, in one decision").format(lost=lost)
    if costly == 2:
        return _("You lost {lost}, in two decisions").format(lost=lost)
    if costly == 3:
        return _("You lost {lost}, in three decisions").format(lost=lost)
    top = round(sum(review.decisions[index].cost for index in review.costliest(3)))
    return _("You lost {lost}; {top} of them in three decisions").format(lost=lost, top=top)


def judged_line(review: ReviewData) -> str:
    """How many decisions were judged and how many cost points: "Expert judged 106 of your
    decisions: 11 cost you points"."""
    count = len(review.decisions)
    judged = ngettext("Expert judged your {count} decision", "Expert judged {count} of your decisions",
                      count).format(count=count)
    costly = ngettext("{count} cost you points", "{count} cost you points", review.costly).format(count=review.costly)
    return _("{judged}: {costly}").format(judged=judged, costly=costly)


def total_line(review: ReviewData) -> str:
    """The whole game in figures, for the command line: "126 decisions judged: 9 costly, 22.6
    points lost (0.18 a decision)"."""
    count = len(review.decisions)
    judged = ngettext("{count} decision judged", "{count} decisions judged", count).format(count=count)
    costly = ngettext("{count} costly", "{count} costly", review.costly).format(count=review.costly)
    return _("{judged}: {costly}, {lost} ({each} a decision)").format(
        judged=judged, costly=costly, lost=points_lost_words(review.points_lost),
        each=decimal(review.per_decision, 2))


def review_title(name: str) -> str:
    """The review's subtitle, worded for the player it judges: "Expert's review of your game"
    (a default name, "You" or "Player 2", is the viewer's own seat), "Ann, here is Expert's
    review of your game" for a typed name."""
    if not name or is_default_human_name(name):
        return _("Expert's review of your game")
    return _("{name}, here is Expert's review of your game").format(name=shown_name(name))

