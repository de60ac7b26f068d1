"""`skyjo simulate`: complete headless games between bots, with a win table."""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from game.rules import EDITIONS, Options, edition_named

MAX_WORKERS = 64  # processes: a typo such as --workers 4000 must not fork-bomb the machine
MAX_BOT_TIMEOUT = 3600  # seconds per decision: past that a cmd: bot has hung (and the clock overflows)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from game.ai import LEVELS, REFERENCE_BOTS  # the level names live there once

    parser = subparsers.add_parser("simulate", help="play bots against each other headless and print a table")
    parser.add_argument("--edition", default="voyage", help=f"{' or '.join(EDITIONS)} (default voyage)")
    parser.add_argument("--players", type=int, help="number of players (default: the number of bots)")
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--bots", required=True,
                        help=f"comma-separated levels ({', '.join(LEVELS)}; yardsticks: {', '.join(REFERENCE_BOTS)}) "
                             "or cmd:<command line>, one per seat")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    parser.add_argument("--end-score", type=int, default=100, help="total that ends a game (default 100)")
    parser.add_argument("--workers", type=int, default=1,
                        help=f"worker processes, 1 to {MAX_WORKERS} (default 1); a run with adaptive "
                             "plays its games in order in one process")
    parser.add_argument("--bot-timeout", type=float, default=10.0,
                        help="seconds a cmd: bot may think per decision (default 10)")
    parser.add_argument("--expert-samples", type=int, default=None, metavar="N",
                        help="Expert's work: N sampled worlds per decision, so a seeded run repeats exactly "
                             "on any machine (default 500); 0 plays it on the clock as the app does "
                             "(expert@<ms> sets the budget), which no run repeats")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from game.ai import BotError
    from game.ai.simulate import carries_profile, simulate

    try:
        specs, options, expert_samples = _check(args)
    except ValueError as error:
        print(f"skyjo simulate: error: {error}", file=sys.stderr)
        return 2
    if args.workers > 1 and carries_profile(specs):  # the same figures as --workers 1, said so
        print("skyjo simulate: the adaptive level carries its profile from each game to the next, so the games "
              "run one after another in one process (--workers ignored)", file=sys.stderr)
    try:
        tally, seconds = simulate(specs, args.edition, args.games, args.seed, args.workers, options,
                                  show_progress=sys.stderr.isatty() and not args.json, bot_timeout=args.bot_timeout,
                                  expert_samples=expert_samples)
    except BotError as error:  # one line even if the bot's command line held one
        print(f"skyjo simulate: error: {' '.join(str(error).split())}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        return 130
    report = summary(tally, seconds)
    if any(spec.startswith("expert") for spec in specs):
        report["expert_work"] = f"{expert_samples} samples" if expert_samples else "on the clock"
    print(json.dumps(report) if args.json else table(report))
    return 0


def _check(args: argparse.Namespace) -> tuple[list[str], Options, int | None]:
    """The bots, the options and Expert's samples per decision (None: on the clock)."""
    from game.ai import check_spec
    from game.ai.expert import DEFAULT_SAMPLES
    from game.ai.simulate import MAX_EXPERT_SAMPLES, MAX_GAMES, check_fixed_work

    edition = edition_named(args.edition)
    specs = [spec.strip() for spec in args.bots.split(",")]
    players = args.players if args.players is not None else (len(specs) if len(specs) > 1 else 2)
    edition.check_players(players)  # before the seats are counted out: --players 10**20 must allocate nothing
    if len(specs) not in (1, players):
        raise ValueError(f"{len(specs)} bots given for {players} players; give one bot per seat")
    for spec in specs:
        check_spec(spec)
    if len(specs) == 1:
        specs *= players
    if not 1 <= args.games <= MAX_GAMES:
        raise ValueError(f"--games must be at least 1 and at most {MAX_GAMES}")
    if not (math.isfinite(args.bot_timeout) and 0 < args.bot_timeout <= MAX_BOT_TIMEOUT):
        raise ValueError(f"--bot-timeout must be a number of seconds above 0 and at most {MAX_BOT_TIMEOUT}")
    if not 1 <= args.workers <= MAX_WORKERS:
        raise ValueError(f"--workers must be between 1 and {MAX_WORKERS}")
    options = Options(end_score=args.end_score)
    options.validate()
    samples = DEFAULT_SAMPLES if args.expert_samples is None else args.expert_samples
    if not 0 <= samples <= MAX_EXPERT_SAMPLES:
        raise ValueError(f"--expert-samples must be from 0 (on the clock) to {MAX_EXPERT_SAMPLES}")
    expert_samples = samples or None
    check_fixed_work(specs, expert_samples)
    return specs, options, expert_samples


def summary(tally, seconds: float) -> dict:
    bots = []
    for bot in tally.bots:
        rounds = bot.round_scores
        bots.append({
            "name": bot.name,
            "wins": round(bot.wins, 3),
            "win_rate": round(bot.wins / tally.games, 4),
            "mean_round_score": round(sum(rounds) / len(rounds), 3) if rounds else None,
            "mean_final_total": round(sum(bot.final_totals) / len(bot.final_totals), 2),
            "rounds_ended": bot.rounds_ended,  # it turned up its last face-down card first
            "doubled": bot.doubled,  # of those, the rounds its score was doubled
        })
    return {
        "games": tally.games,
        "rounds": tally.rounds,
        "seconds": round(seconds, 3),
        "rounds_per_second": round(tally.rounds / seconds, 1) if seconds > 0 else None,
        "bots": bots,
    }


def table(report: dict[str, Any]) -> str:
    width = max(12, *(len(bot["name"]) for bot in report["bots"]))
    lines = [f"{'bot':<{width}}  {'wins':>9}  {'win rate':>8}  {'mean round':>10}  {'mean total':>10}  "
             f"{'ended':>6}  {'doubled':>12}"]
    for bot in report["bots"]:
        lines.append(f"{bot['name']:<{width}}  {bot['wins']:>9g}  {bot['win_rate']:>8.1%}  "
                     f"{bot['mean_round_score']:>10.2f}  {bot['mean_final_total']:>10.2f}  "
                     f"{bot['rounds_ended']:>6}  {_doubled(bot):>12}")
    lines.append(f"{report['games']} games, {report['rounds']} rounds in {report['seconds']:.2f} s "
                 f"({report['rounds_per_second']} rounds per second)")
    lines.append("ended: rounds the bot ended; doubled: of those, the rounds its score was doubled")
    if "expert_work" in report:
        lines.append(f"Expert's work per decision: {report['expert_work']}")
    return "\n".join(lines)


def _doubled(bot: dict[str, Any]) -> str:
    """"12 (34.3%)": the rounds a bot ended and was doubled in, and their share of the rounds it ended."""
    ended = bot["rounds_ended"]
    return f"{bot['doubled']} ({bot['doubled'] / ended:.1%})" if ended else "0"
