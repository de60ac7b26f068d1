"""Expert's review of a game in words (the review screen and `skyjo review`), made where they
are read from the review's facts (game/wire/review.py), in the reader's language. The lines
speak to the reviewed player as "you": a review is read by the player it judges.

    decision_line(judged)  "Round 2, turn 5: you put the 9 on your −2 in column 1, top"
    why_line(judged)       "Expert: put the 9 on the face-down card in ..." / "Good: ..."
    round_line(row)        "Round 3: 2 costly decisions, 6.5 points lost; you ended the round while 4 points behind"
    total_line(review)     "126 decisions judged: 9 costly, 22.6 points lost (0.18 a decision)"
"""

from __future__ import annotations

from game.i18n import _, ngettext
from game.wire.review import Judged, ReviewData, RoundRow, action_of

from .advice_words import EXPERT, GOOD, advice_line, move_words
from .wording import decimal


def plural_count(value: float) -> int:
    """The count a plural form is chosen by for a figure with decimals: English says "1.5
    points" and French "1,5 point", which both catalogues' rules give for 0 (and for the
    whole part from 2 on)."""
    return int(value) if float(value).is_integer() or abs(value) >= 2 else 0


def points_lost_words(points: float) -> str:
    """ "6.5 points lost", "1 point lost" (one decimal)."""
    figure = round(points, 1)
    return ngettext("{points} point lost", "{points} points lost", plural_count(figure)).format(
        points=decimal(figure))


def cost_words(judged: Judged) -> str:
    """What a decision cost, with the estimate's noise: "cost 4.3 points (± 0.6)"."""
    figure = round(judged.cost, 1)
    cost = ngettext("cost {points} point", "cost {points} points", plural_count(figure)).format(points=decimal(figure))
    return cost + (f" (\u00b1 {decimal(judged.spread)})" if judged.spread else "")


def played_words(judged: Judged) -> str:
    return move_words(judged.seen, action_of(judged.played))


def best_words(judged: Judged) -> str:
    return move_words(judged.seen, action_of(judged.best))


def decision_line(judged: Judged) -> str:
    """Where the decision was and what was played: "Round 2, turn 5: you put the 9 on ..."."""
    return _("Round {round}, turn {turn}: you chose to {move}").format(
        round=judged.round, turn=judged.turn, move=played_words(judged))


def why_line(judged: Judged) -> str:
    """Why Expert prefers its move (a costly decision), or why the move played is sound."""
    return advice_line(judged.seen.grid, judged.reasoning, GOOD if judged.good else EXPERT)


def round_line(row: RoundRow) -> str:
    """One round in one line: its costly decisions, the points they lost, and how the player
    ended it when they did."""
    costly = ngettext("{count} costly decision", "{count} costly decisions", row.costly).format(count=row.costly)
    line = _("Round {number}: {costly}, {lost}").format(number=row.round, costly=costly,
                                                        lost=points_lost_words(row.points_lost))
    end = ended_words(row)
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


def total_line(review: ReviewData) -> str:
    """The whole game: "126 decisions judged: 9 costly, 22.6 points lost (0.18 a decision)"."""
    count = len(review.decisions)
    judged = ngettext("{count} decision judged", "{count} decisions judged", count).format(count=count)
    costly = ngettext("{count} costly", "{count} costly", review.costly).format(count=review.costly)
    return _("{judged}: {costly}, {lost} ({each} a decision)").format(
        judged=judged, costly=costly, lost=points_lost_words(review.points_lost),
        each=decimal(review.per_decision, 2))
