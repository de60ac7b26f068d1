"""Paired games between Hard's judgement with other figures and Hard itself.

    python -m tools.tune tempo_rate=0 patience_start=40 patience_end=50 --deals 300

A trial judge is `Judge` (or, with `--base expert`, Expert's `ExpertJudge`) with some of its
figures (`Judge.FIGURES`) set otherwise; it plays without search, so a trial costs Hard's
time, not Expert's. With `--search` the trial plays as Expert does (its judge, and its search
in fixed work near a round's end), to see what a figure is still worth once the search has
its say; a deal then costs about a minute of CPU. Every deal is played twice with the seats
swapped (at four players the trial holds two alternate seats, then the other two), so the
luck of the deal cancels in pairs: a few hundred deals tell apart figures that change a
player's mean round score by half a point. The figures printed are the trial's share of the
wins and its mean round score minus Hard's, each with the standard error of the paired deals.
How Expert's own figures were chosen: docs/expert-experiments.md; a full match (`skyjo
simulate`) and the tournament remain the measures that count.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import dataclass

from game.ai.base import Bot
from game.ai.expert import DEFAULT_SAMPLES, ExpertBot, ExpertJudge
from game.ai.hard import HardBot, Judge
from game.ai.simulate import fixed_work, play_game
from game.rules import EDITIONS, SeatView

MAX_DEALS = 100_000


@dataclass(frozen=True)
class Trial:
    base: str  # "hard" or "expert": the judge whose figures the trial starts from
    figures: tuple[tuple[str, float], ...]  # the figures set otherwise
    search: bool = False  # play the trial as Expert does: the judge, and search near a round's end

    def judge_class(self) -> type[Judge]:
        start = ExpertJudge if self.base == "expert" else Judge
        return type("TrialJudge", (start,), dict(self.figures))


class TrialBot(HardBot):
    level = "trial"

    def __init__(self, seed: int, judge_class: type[Judge]) -> None:
        super().__init__(seed)
        self.judge_class = judge_class

    def judge(self, view: SeatView) -> Judge:
        return self.judge_class(view, self.turns)


class TrialExpertBot(TrialBot, ExpertBot):
    """Expert (its search, fixed work) deciding with a trial judge: what a figure is worth once
    the search has its say in the late-round decisions. TrialBot comes first so that its
    `judge` is the one Expert's `decide` asks; `decide` itself is Expert's."""

    def __init__(self, seed: int, judge_class: type[Judge]) -> None:
        super().__init__(seed, judge_class)
        fixed_work(self, DEFAULT_SAMPLES)


def parse_figure(text: str) -> tuple[str, float]:
    """'tempo_rate=0.05' -> ('tempo_rate', 0.05); ValueError naming what is wrong."""
    name, sep, value = text.partition("=")
    if not sep or name not in Judge.FIGURES:
        raise ValueError(f"{text!r}: give a figure as name=value, the name one of {', '.join(Judge.FIGURES)}")
    try:
        number = float(value)
    except ValueError:
        raise ValueError(f"{text!r}: {value!r} is not a number") from None
    if number != number or abs(number) > 1e6:
        raise ValueError(f"{text!r}: {value!r} is out of range")
    return name, number


def play_deal(trial: Trial, edition: str, players: int, seed: int, deal: int) -> list[tuple[float, float]]:
    """The deal played twice, seats swapped: per game, (the trial's share of the win, its mean
    round score minus Hard's)."""
    judge_class = trial.judge_class()
    player = TrialExpertBot if trial.search else TrialBot
    out = []
    for first in (0, 1):  # the trial in the even seats, then in the odd ones
        bots: list[Bot] = [player(deal * 16 + k, judge_class) if k % 2 == first else HardBot(deal * 16 + k)
                               for k in range(players)]
        state, seats = play_game(bots, edition, seed, deal)
        winners = state.winners or []
        trial_seats = [seats[k] for k in range(players) if k % 2 == first]
        share = sum(1 / len(winners) for s in trial_seats if s in winners)
        rounds = state.round_scores
        mine = [score for s in trial_seats for row in rounds if (score := row[s]) is not None]
        theirs = [score for s in state.participants if s not in trial_seats
                  for row in rounds if (score := row[s]) is not None]
        out.append((share, statistics.fmean(mine) - statistics.fmean(theirs)))
    return out


def _job(job: tuple) -> list[list[tuple[float, float]]]:
    trial, edition, players, seed, deals = job
    return [play_deal(trial, edition, players, seed, deal) for deal in deals]


def compare(trial: Trial, edition: str, players: int, deals: int, seed: int, workers: int = 1) -> dict:
    """Play `deals` deals twice each; the figures as a dict (see the module's docstring)."""
    chunks = [range(start, min(deals, start + 25)) for start in range(0, deals, 25)]
    jobs = [(trial, edition, players, seed, chunk) for chunk in chunks]
    if workers > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            parts = pool.map(_job, jobs)
    else:
        parts = [_job(job) for job in jobs]
    pairs = [pair for part in parts for pair in part]
    wins = [(a[0] + b[0]) / 2 for a, b in pairs]  # the trial holds half the seats: 50% is an even match
    margins = [(a[1] + b[1]) / 2 for a, b in pairs]
    return {
        "figures": dict(trial.figures), "base": trial.base, "search": trial.search,
        "edition": edition, "players": players,
        "games": 2 * len(pairs), "win_share": statistics.fmean(wins),
        "win_share_se": _se(wins), "round_difference": statistics.fmean(margins), "round_difference_se": _se(margins),
    }


def _se(values: list[float]) -> float:
    return statistics.pstdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.tune", description=__doc__.splitlines()[0])
    parser.add_argument("figures", nargs="*", help=f"name=value, the name one of {', '.join(Judge.FIGURES)}")
    parser.add_argument("--base", choices=("hard", "expert"), default="hard",
                        help="start from Hard's figures or from Expert's (default hard)")
    parser.add_argument("--search", action="store_true",
                        help=f"play the trial as Expert, searching {DEFAULT_SAMPLES} worlds a decision near a "
                             "round's end (about a minute of CPU a deal instead of a tenth of a second)")
    parser.add_argument("--edition", choices=sorted(EDITIONS), default="voyage")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--deals", type=int, default=300, help=f"deals, each played twice (1-{MAX_DEALS})")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    try:
        figures = tuple(parse_figure(text) for text in args.figures)
    except ValueError as error:
        parser.error(str(error))
    if not 1 <= args.deals <= MAX_DEALS or not 1 <= args.workers <= 64:
        parser.error(f"--deals must be 1-{MAX_DEALS} and --workers 1-64")
    trial = Trial(args.base, figures, args.search)
    result = compare(trial, args.edition, args.players, args.deals, args.seed, args.workers)
    if args.json:
        print(json.dumps(result))
    else:
        shown = " ".join(f"{k}={v:g}" for k, v in figures) or "(no change)"
        who = f"{args.base} judge" + (" searching as Expert" if args.search else "")
        print(f"{who} with {shown}, {args.edition} {args.players} players, {result['games']} games: "
              f"wins {result['win_share']:.1%} ± {result['win_share_se']:.1%} (50% is even), "
              f"mean round {result['round_difference']:+.2f} ± {result['round_difference_se']:.2f} against Hard")
    return 0


if __name__ == "__main__":
    sys.exit(main())
