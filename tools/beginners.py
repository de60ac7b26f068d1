"""`python -m tools.beginners`: the adaptive level ("Your level") against one stand-in for a
person, heads-up, its profile carried from game to game as the app carries it: the figures of
docs/strength.md, "Beginners" (issue 48), printed (never asserted).

It plays exactly the games of `python -m game simulate --bots adaptive,PERSON --edition E
--games N --seed S` (the same seeding, seats and order; its `all games` line is that command's
win rate) and adds what the simulator does not keep: the profile after each game, where it
settles (its mean over games 51 to N), the first game after which it is within 0.1 of that, the
adaptive level's win rate in games 51 to N and the median gap there between the winner's total
and the person's (0 when the person won).

    python -m tools.beginners --person child --edition voyage --games 200 --seed 48
"""

from __future__ import annotations

import argparse
import json
import statistics

from game.ai import make_bot
from game.ai.adaptive import AdaptiveBot
from game.ai.simulate import play_game
from game.rules import EDITIONS

SETTLED_FROM = 50  # games before this are the profile finding its way (the games 51-200)
NEAR = 0.1  # "within 0.1 of where it settles"


def run(person: str, edition: str, games: int, seed: int, start: str = "adaptive") -> dict:
    adaptive, other = make_bot(start, seed), make_bot(person, seed)
    assert isinstance(adaptive, AdaptiveBot), "the first player is the adaptive level"
    adaptive.name, other.name = "adaptive", person
    path, won, gaps = [], [], []
    for game in range(games):
        state, seats = play_game([adaptive, other], edition, seed, game)
        mine, theirs = seats
        winners = state.winners or []
        won.append(1 / len(winners) if mine in winners else 0.0)
        gaps.append(state.totals[theirs] - min(state.totals))
        path.append(round(adaptive.strength, 4))
    late = range(SETTLED_FROM, games)
    settles = statistics.fmean(path[g] for g in late) if games > SETTLED_FROM else path[-1]
    within = next((g + 1 for g, strength in enumerate(path) if abs(strength - settles) <= NEAR), None)
    return {
        "person": person, "edition": edition, "games": games, "seed": seed,
        "win_rate_all": round(sum(won) / games, 4),
        "win_rate_late": round(sum(won[g] for g in late) / len(late), 4) if len(late) else None,
        "median_gap_late": statistics.median(gaps[g] for g in late) if len(late) else None,
        "settles_at": round(settles, 4), "games_to_within_0_1": within, "profile": path,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.beginners", description=__doc__.splitlines()[0])
    parser.add_argument("--person", default="child", help="the stand-in for the person (a bot, e.g. child, casual)")
    parser.add_argument("--edition", default="voyage", choices=sorted(EDITIONS))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=48)
    parser.add_argument("--start", default="adaptive", help="the adaptive level's spec (default: a new name)")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 100_000:
        parser.error("--games must be from 1 to 100000")
    print(json.dumps(run(args.person, args.edition, args.games, args.seed, args.start)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
