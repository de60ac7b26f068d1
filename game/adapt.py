"""The adaptive level's arithmetic: a person's profile as a strength, its step after a game, and
the named level a strength is about. A shared leaf: the computer player (game/ai/adaptive.py)
plays by it, the store (game/store/profiles.py) keeps a profile by it, the statistics page words it.

A strength here is the knob's inner number (game/ai/strength.py), from -1 (a child's habits) to
1 (strongest), 0 about Easy (the floor until issue 48). A person, the specs (`strength@0.5`,
`adaptive@0.75/0`), the profiles file and the docs see the knob's number instead, from 0 (the
child) to 1: `knob_number` and `inner_strength` turn one into the other, a relabelling only, so
every game plays as it did. The anchors below say which strength plays about as well as each
named level; they were measured against Hard (docs/strength.md, "The strength knob").
"""

from __future__ import annotations

from collections.abc import Sequence

# The strength that plays about as well as each named level (docs/strength.md).
LEVEL_STRENGTHS = (("easy", 0.1), ("normal", 0.55), ("hard", 0.8), ("expert", 1.0))
# A new name: most people who open the game start near Normal's strength, a little below.
DEFAULT_STRENGTH = 0.5
# Points lost per decision by each level in Expert's review (docs/review.md, 12 games each):
# a person's reviewed figure places them between the two levels around it.
LEVEL_LOSSES = (("easy", 1.25), ("normal", 0.286), ("hard", 0.185), ("expert", 0.038))
REVIEWED_ENOUGH = 3  # reviewed games before the review's figure is trusted over the default
RESULTS_ENOUGH = 5  # games in the statistics before their win rate moves the start
RESULTS_WEIGHT = 0.4  # strength added per unit of win rate above one in two
# After a game: a step towards the person, like a learning rate: the settled step LAST_STEP, and
# while the profile is young a larger part that fades with the games it has played (FIRST_STEP
# in all at its first game, the young part halved after YOUNG_GAMES games), so a new profile
# crosses the knob in its first games, then settles where the person wins about one game in
# two (a stochastic approximation). Issue 48: with 0.12 at first the profile of an Easy player
# took 16 to 70 games to come near where it settles (docs/strength.md, "How fast a profile settles").
FIRST_STEP = 0.25
LAST_STEP = 0.04
YOUNG_GAMES = 4
# Between rounds: strength added per point the computer trails the people's mean total (a
# lead takes strength away), so a game that drifts apart is drawn back together.
ROUND_GAIN = 0.006
ROUND_CAP = 0.25
# Below 0 the knob is steeper (docs/strength.md, "Beginners": 0.1 of it there moves the win rate
# against the child by about 14 points, against Hard by about 5 above): both moves are a third there.
BEGINNER_SHARE = 1 / 3
# Near the floor the step shrinks with the room left above it, down to FLOOR_SHARE of itself at
# the floor: the child's own play (-1) wins half its games against the child, and there the
# profile cannot step below it after a loss, so a full step up after each win kept it above the
# floor on average, playing stronger than the person (docs/strength.md, "Beginners").
FLOOR_ROOM = 0.15
FLOOR_SHARE = 0.15
# A new name's first games against the adaptive level say whether the person is a beginner: each
# of the first PLACING_GAMES lost at a mean round score above BEGINNER_ROUND (Easy scores 33-39 a
# round against the adaptive level and Normal, the child model 89 against Easy) puts the profile
# where that score is if it is lower, between Easy's strength at EASY_ROUND and the child's at
# CHILD_ROUND (the child scores 84-86 a round against the knob at 0.5, a new name's strength;
# docs/strength.md, "Beginners"), rather than many small steps down from the default. One game is
# two or three rounds: a child's can score 60, so the next two games may place it lower still.
PLACING_GAMES = 3
BEGINNER_ROUND = 50.0
EASY_ROUND = 38.0
CHILD_ROUND = 85.0
MIN_STRENGTH = -1.0  # the child model (game/ai/beginner.py)
# The statistics page's word for a profile nearer the child's strength than Easy's: "about a
# beginner" rather than "about Easy" (not a level a computer can be set to, so not in LEVEL_STRENGTHS).
BEGINNER = "beginner"
MAX_GAMES = 10**6  # a profile's count of games, bounded like every figure read from a file


def knob_number(strength: float) -> float:
    """The knob's number a person sees for an inner strength: 0 the child, 0.5 about Easy, 1 the top."""
    return (strength - MIN_STRENGTH) / 2.0


def inner_strength(number: float) -> float:
    """The inner strength of a knob's number (0 to 1), exact for the few decimals a spec or a file
    holds (2 x 0.6 - 1 is 0.19999999999999996 in floating point: rounded, 0.2, the same games)."""
    return round(2.0 * number + MIN_STRENGTH, 10)


def clamp(strength: float) -> float:
    return max(MIN_STRENGTH, min(1.0, strength))


def strength_from_review(per_decision: float) -> float:
    """The strength of a person who loses `per_decision` points a decision in Expert's review:
    interpolated between the named levels around that figure."""
    losses = [loss for _, loss in LEVEL_LOSSES]
    strengths = [strength for _, strength in LEVEL_STRENGTHS]
    if per_decision >= losses[0]:
        return strengths[0] * losses[0] / per_decision  # worse than Easy: further down, towards 0
    for k in range(1, len(losses)):
        if per_decision >= losses[k]:
            share = (losses[k - 1] - per_decision) / (losses[k - 1] - losses[k])
            return strengths[k - 1] + share * (strengths[k] - strengths[k - 1])
    return strengths[-1]


def start_strength(reviewed: Sequence[float], games: int, wins: int) -> float:
    """Where a person's profile starts: their reviewed points lost per decision (the last few
    games), moved up or down by how often they win; the default for a new name."""
    strength = DEFAULT_STRENGTH
    if len(reviewed) >= REVIEWED_ENOUGH:
        recent = reviewed[-10:]
        strength = strength_from_review(sum(recent) / len(recent))
    if games >= RESULTS_ENOUGH:
        strength += RESULTS_WEIGHT * (wins / games - 0.5)
    return clamp(strength)


def after_game(strength: float, games: int, person_won: bool, person_round: float | None = None) -> float:
    """The profile's strength after one more game against the adaptive level: stronger after
    the person's win, weaker after a loss, by a step that shrinks as the profile grows (and
    below 0, as it nears the floor). After one of the first games (`games` below PLACING_GAMES)
    the person lost, a beginner's mean round score (`person_round`) places the profile at once
    (`strength_from_round`), never higher than it was."""
    if games < PLACING_GAMES and not person_won and person_round is not None and person_round > BEGINNER_ROUND:
        return clamp(min(strength, strength_from_round(person_round)))
    young = (FIRST_STEP - LAST_STEP) / (1 + games / YOUNG_GAMES)
    step = LAST_STEP + young
    if strength < 0.0:  # the young part finds the way down, so only the floor's room shrinks it
        room = max(FLOOR_SHARE, min(1.0, (strength - MIN_STRENGTH) / FLOOR_ROOM))
        step = (LAST_STEP * BEGINNER_SHARE + young) * room
    return clamp(strength + step if person_won else strength - step)


def strength_from_round(person_round: float) -> float:
    """The strength of a person scoring `person_round` points a round: Easy's at EASY_ROUND, the
    child's at CHILD_ROUND, in a straight line between (and no further either way)."""
    easy = dict(LEVEL_STRENGTHS)["easy"]
    share = (person_round - EASY_ROUND) / (CHILD_ROUND - EASY_ROUND)
    return max(MIN_STRENGTH, min(easy, easy + share * (MIN_STRENGTH - easy)))


def in_round(strength: float, mine: int, people: Sequence[int]) -> float:
    """The strength for the next round, from the game's totals: the computer trails the mean
    of the people's totals (lower is better in Skyjo) by `mine - mean`, and plays that much
    stronger; with a lead, that much weaker, but no lower than 0 (about Easy) unless the
    profile is below it already: a beginner's mistakes are for a person the profile found
    to be a beginner, not for the last rounds of a game an Easy player trails."""
    if not people:
        return strength
    gap = mine - sum(people) / len(people)
    gain = ROUND_GAIN * BEGINNER_SHARE if strength < 0.0 else ROUND_GAIN
    moved = strength + max(-ROUND_CAP, min(ROUND_CAP, gain * gap))
    return max(MIN_STRENGTH if strength < 0.0 else 0.0, min(1.0, moved))


def table_strength(strengths: Sequence[float]) -> float:
    """Several people at the table: the mean of their strengths, so the computer finishes in
    the middle of them (each wins against it about as often as not, on the table's average),
    neither out of reach of the youngest nor a walkover for the strongest."""
    return clamp(sum(strengths) / len(strengths)) if strengths else DEFAULT_STRENGTH


def about_level(strength: float) -> str:
    """The named level nearest to `strength` ('easy', 'normal', 'hard', 'expert'), or BEGINNER
    nearer the child's -1 than Easy's strength (below -0.45: an Easy player's profile, a little
    below 0, stays "about Easy")."""
    anchors = ((BEGINNER, MIN_STRENGTH), *LEVEL_STRENGTHS)
    return min(anchors, key=lambda entry: abs(entry[1] - strength))[0]
