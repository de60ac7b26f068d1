"""`python -m tools.beginners`: the adaptive level ("Your level") against one stand-in for a
person, heads-up, its profile carried from game to game as the app carries it: the figures of
docs/strength.md, "Beginners" and "How fast a profile settles" (issue 48), printed (never asserted).

It plays exactly the games of `python -m game simulate --bots adaptive,PERSON --edition E
--games N --seed S` (the same seeding, seats and order, Expert at the same fixed samples per
decision; its `win_rate_all` is that command's win rate) and adds what the simulator does not
keep: the profile after each game, in the knob's numbers (0 the child, 1 the top), where it
settles (its mean over games 51 to N), the games it takes to settle (the first game after which
it is within 0.1 of that, and within 0.05, the 0.1 of the knob's inner -1..1 scale), the adaptive
level's win rate in games 51 to N and the median gap there between the winner's total and the
person's (0 when the person won). `--progress` writes a line a game on standard error, so a long
run against Expert shows where it is.

    python -m tools.beginners --person child --edition voyage --games 200 --seed 48
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from game.adapt import knob_number
from game.ai import make_bot
from game.ai.adaptive import AdaptiveBot
from game.ai.expert import DEFAULT_SAMPLES
from game.ai.simulate import MAX_EXPERT_SAMPLES, fixed_work, play_game
from game.rules import EDITIONS

SETTLED_FROM = 50  # games before this are the profile finding its way (the games 51-200)
NEAR = 0.1  # "within 0.1 of where it settles", in the knob's numbers (0 to 1)
NEARER = 0.05  # the same on the knob's inner scale (-1 to 1), as measured before the relabelling


def games_to_settle(path: list[float], settles: float, near: float) -> int | None:
    """The first game (counted from 1) after which the profile is within `near` of `settles`."""
    return next((g + 1 for g, number in enumerate(path) if abs(number - settles) <= near + 1e-9), None)


def run(person: str, edition: str, games: int, seed: int, start: str = "adaptive",
        expert_samples: int = DEFAULT_SAMPLES, progress: bool = False) -> dict:
    adaptive, other = make_bot(start, seed), fixed_work(make_bot(person, seed), expert_samples)
    assert isinstance(adaptive, AdaptiveBot), "the first player is the adaptive level"
    adaptive.name, other.name = "adaptive", person
    path, won, gaps = [], [], []
    for game in range(games):
        state, seats = play_game([adaptive, other], edition, seed, game)
        mine, theirs = seats
        winners = state.winners or []
        won.append(1 / len(winners) if mine in winners else 0.0)
        gaps.append(state.totals[theirs] - min(state.totals))
        path.append(round(knob_number(adaptive.strength), 5))
        if progress:
            print(f"game {game + 1}: profile {path[-1]}, totals adaptive {state.totals[mine]} / {person} "
                  f"{state.totals[theirs]}", file=sys.stderr, flush=True)
    late = range(SETTLED_FROM, games)
    settles = statistics.fmean(path[g] for g in late) if games > SETTLED_FROM else path[-1]
    return {
        "person": person, "edition": edition, "games": games, "seed": seed,
        "win_rate_all": round(sum(won) / games, 4),
        "win_rate_late": round(sum(won[g] for g in late) / len(late), 4) if len(late) else None,
        "median_gap_late": statistics.median(gaps[g] for g in late) if len(late) else None,
        "settles_at": round(settles, 4), "games_to_within_0_1": games_to_settle(path, settles, NEAR),
        "games_to_within_0_05": games_to_settle(path, settles, NEARER), "profile": path,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.beginners", description=__doc__.splitlines()[0])
    parser.add_argument("--person", default="child", help="the stand-in for the person (a bot, e.g. child, casual)")
    parser.add_argument("--edition", default="voyage", choices=sorted(EDITIONS))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=48)
    parser.add_argument("--start", default="adaptive", help="the adaptive level's spec (default: a new name)")
    parser.add_argument("--expert-samples", type=int, default=DEFAULT_SAMPLES, metavar="N",
                        help=f"an Expert person's sampled worlds per decision (default {DEFAULT_SAMPLES}, as simulate)")
    parser.add_argument("--progress", action="store_true", help="a line a game on standard error")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 100_000:
        parser.error("--games must be from 1 to 100000")
    if not 1 <= args.expert_samples <= MAX_EXPERT_SAMPLES:
        parser.error(f"--expert-samples must be from 1 to {MAX_EXPERT_SAMPLES}")
    try:
        result = run(args.person, args.edition, args.games, args.seed, args.start, args.expert_samples, args.progress)
    except ValueError as error:
        parser.error(str(error))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
