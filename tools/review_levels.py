"""The review's yardstick: `python -m tools.review_levels --games N --samples K`.

For each level (Easy, Normal, Hard, Expert) it plays N seeded games of Voyage, that level
against two Hard players (simulate.py's `play_game`, seats rotating between games), reviews
the level's seat in each game (review.py) and prints a Markdown table: the average points
lost per decision, the share of costly decisions, and how the review's figures follow the
real outcome (the seat's round margin, the opponents' mean round score minus its own).
Expert plays in fixed-work mode with the review's own number of samples. Everything is
seeded: the same command prints the same table (only the seconds change).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from typing import Any

from game.ai import make_bot
from game.ai.expert import ExpertBot
from game.ai.review import review_game
from game.ai.review_job import voyage_record
from game.ai.simulate import MAX_GAMES, play_game

LEVELS = ("easy", "normal", "hard", "expert")
OPPONENT = "hard"
PLAYERS = 3
MAX_WORKERS = 64


def one_game(job: tuple[str, int, int, int]) -> dict[str, Any]:
    """Play game `game` of `level` against two Hard players, review the level's seat."""
    level, game, seed, samples = job
    bots = [make_bot(spec, seed) for spec in (level, OPPONENT, OPPONENT)]
    for bot in bots:
        if isinstance(bot, ExpertBot):
            bot.samples = samples
    state, seats = play_game(bots, "voyage", seed, game, record=True)
    seat = seats[0]
    review = review_game(state.record(), seat, seed=seed * 1_000_003 + game, samples=samples)
    rounds = []
    for row, scores in zip(review.round_rows(), state.round_scores):
        mine = scores[seat]
        others = [score for s, score in enumerate(scores) if s != seat and score is not None]
        if mine is not None and others:
            rounds.append((row.points_lost, statistics.fmean(others) - mine, mine))
    return {"level": level, "decisions": len(review.decisions), "costly": review.costly,
            "lost": review.points_lost, "rounds": rounds}


def run(games: int, samples: int, seed: int, workers: int) -> tuple[list[dict[str, Any]], float]:
    jobs = [(level, game, seed, samples) for level in LEVELS for game in range(games)]
    start = time.perf_counter()
    if workers <= 1:
        results = [one_game(job) for job in jobs]
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            results = pool.map(one_game, jobs, chunksize=1)
    return results, time.perf_counter() - start


def table(results: list[dict[str, Any]]) -> list[str]:
    lines = ["| level | games | decisions | costly | points lost per decision | mean round score | "
             "mean round margin |", "|---|---|---|---|---|---|---|"]
    for level in LEVELS:
        mine = [result for result in results if result["level"] == level]
        decisions = sum(result["decisions"] for result in mine)
        costly = sum(result["costly"] for result in mine)
        lost = sum(result["lost"] for result in mine)
        rounds = [entry for result in mine for entry in result["rounds"]]
        lines.append(f"| {level} | {len(mine)} | {decisions} | {costly / max(1, decisions):.1%} | "
                     f"{lost / max(1, decisions):.3f} | {statistics.fmean(r[2] for r in rounds):.2f} | "
                     f"{statistics.fmean(r[1] for r in rounds):+.2f} |")
    return lines


def correlation(results: list[dict[str, Any]]) -> tuple[float, int]:
    """Pearson's r between the points a round's review says were lost and the round margin."""
    pairs = [(entry[0], entry[1]) for result in results for entry in result["rounds"]]
    if len(pairs) < 3:
        return float("nan"), len(pairs)
    xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in pairs)
    sxx, syy = sum((x - mx) ** 2 for x in xs), sum((y - my) ** 2 for y in ys)
    return (sxy / math.sqrt(sxx * syy) if sxx and syy else float("nan")), len(pairs)


def speed(samples: int, workers: int, seeds: int = 3) -> list[str]:
    """Review one 4-round Voyage game (`voyage_record`) once per seed: the seconds each
    review took and its three costliest decisions (index: cost), to see the time and whether
    the ranking holds from seed to seed."""
    record = voyage_record(4)
    lines = []
    for seed in range(1, seeds + 1):
        start = time.perf_counter()
        review = review_game(record, 0, seed=seed, samples=samples, workers=workers)
        took = time.perf_counter() - start
        top = ", ".join(f"#{i}: {review.decisions[i].cost:.1f}" for i in review.costliest())
        lines.append(f"seed {seed}: {len(review.decisions)} decisions in {took:.1f} s; "
                     f"{review.points_lost:.1f} points lost; costliest {top}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.review_levels", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per level (default 4)")
    parser.add_argument("--samples", type=int, default=200, help="sampled worlds per searched decision (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the run (default 1)")
    parser.add_argument("--workers", type=int, default=1, help=f"processes, 1 to {MAX_WORKERS} (default 1)")
    parser.add_argument("--speed", action="store_true",
                        help="instead: time the review of one 4-round game against two computers, at seeds 1 to 3")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= MAX_GAMES or not 1 <= args.samples <= 10_000 or not 1 <= args.workers <= MAX_WORKERS:
        print(f"review_levels: error: --games 1 to {MAX_GAMES}, --samples 1 to 10000, --workers 1 to {MAX_WORKERS}",
              file=sys.stderr)
        return 2
    if args.speed:
        print("\n".join(speed(args.samples, args.workers)))
        return 0
    results, seconds = run(args.games, args.samples, args.seed, args.workers)
    r, rounds = correlation(results)
    print("\n".join(table(results)))
    print()
    print(f"Points lost in a round against the round margin: Pearson r = {r:+.2f} over {rounds} rounds.")
    print(f"{len(results)} games reviewed in {seconds:.0f} s with {args.workers} worker(s), "
          f"{args.samples} samples, seed {args.seed}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
