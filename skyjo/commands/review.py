"""`skyjo review FILE`: Expert's review of one seat's decisions in a saved or exported game
(docs/review.md). Bad files get the one-line JSON errors of `skyjo replay`, exit status 2."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import msgspec

from game.replay import ScenarioError
from game.rules import InvalidStateError, state_from_dict
from game.ui.review_words import (
    best_words,
    cost_words,
    decision_line,
    headline,
    played_words,
    round_line,
    total_line,
    why_line,
)
from game.wire.review import ReviewData

from .replay import _fail, _parse, _read

MAX_WORKERS = 64  # processes, as for skyjo simulate
MAX_SEED = 2**63 - 1


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "review", help="review a seat's decisions in a saved or exported game with the Expert (JSON)",
        description="Replay a game log (an export, or the autosave) decision by decision and judge each decision "
                    "of one seat from that seat's view with Expert's estimate: the points each one cost, the best "
                    "move and why. Deterministic from the file, the seat, --seed and --samples.")
    parser.add_argument("file", help="exported game log or save file (JSON), or - for standard input")
    parser.add_argument("--seat", type=int, default=None,
                        help="the seat to review, from 0 (default: the first human seat of a save, else 0)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the sampled worlds (default 1)")
    parser.add_argument("--samples", type=int, default=None, metavar="K",
                        help="sampled worlds per decision late in a round (default 500)")
    parser.add_argument("--workers", type=int, default=1, help=f"worker processes, 1 to {MAX_WORKERS} (default 1)")
    parser.add_argument("--json", action="store_true", help="print the whole review as one JSON object "
                        "(without it: one line per costly decision, then the totals)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from game.ai.review import DEFAULT_SAMPLES, MAX_SAMPLES, review_game

    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    problem = _argument_problem(args, samples, MAX_SAMPLES)
    if problem:
        print(f"skyjo review: error: {problem}", file=sys.stderr)
        return 2
    try:
        record, human = _record(_parse(_read(args.file)))
        review = review_game(record, human if args.seat is None else args.seat, args.seed, samples, args.workers)
    except ScenarioError as error:
        return _fail(error)
    except RecursionError:
        return _fail(ScenarioError("the scenario is nested too deeply"))
    except ValueError as error:  # a seat the game does not have
        print(f"skyjo review: error: --seat: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    print(json.dumps(report(review)) if args.json else _text(review))
    return 0


def _argument_problem(args: argparse.Namespace, samples: int, most: int) -> str | None:
    if not 1 <= samples <= most:
        return f"--samples must be from 1 to {most}"
    if not 1 <= args.workers <= MAX_WORKERS:
        return f"--workers must be between 1 and {MAX_WORKERS}"
    if not 0 <= args.seed <= MAX_SEED:
        return f"--seed must be from 0 to {MAX_SEED}"
    if args.seat is not None and not 0 <= args.seat < 8:
        return "--seat must be from 0 to 7"
    return None


def _record(data: Any) -> tuple[dict[str, Any], int]:
    """The game record in an export (a replay scenario) or a save (its state's log), and the
    seat to review by default: a save's first human seat, else 0."""
    if not (isinstance(data, dict) and "state" in data and "rounds" not in data):
        return data, 0  # an export, or something the replay's checks will word
    try:
        state = state_from_dict(data["state"])
    except (InvalidStateError, ValueError, TypeError, KeyError) as error:
        raise ScenarioError(f"the save's game cannot be read: {error}") from None
    if state.log is None:
        raise ScenarioError("the save keeps no game record to review")
    return state.record(), _first_human(data.get("match"))


def _first_human(match: Any) -> int:
    seats = match.get("seats") if isinstance(match, dict) else None
    if isinstance(seats, list):
        for number, seat in enumerate(seats):
            if isinstance(seat, dict) and seat.get("kind") == "human":
                return number
    return 0


def report(review: ReviewData) -> dict[str, Any]:
    """The review as one JSON object: its facts (game/wire/review.py) and, beside them, their
    words (in the command line's language, English): `played_words`, `best_words`, `why`."""
    data = msgspec.to_builtins(review)
    for judged, row in zip(review.decisions, data["decisions"]):
        row.update(played_words=played_words(judged), best_words=best_words(judged), reason=judged.reasoning.reason,
                   why=why_line(judged))
    data["rounds"] = [{"round": row.round, "decisions": row.decisions, "costly": row.costly,
                       "points_lost": row.points_lost, "line": round_line(row),
                       **({} if row.end is None else msgspec.to_builtins(row.end))} for row in review.round_rows()]
    data["total"] = {"decisions": len(review.decisions), "costly": review.costly, "points_lost": review.points_lost,
                     "per_decision": review.per_decision, "line": total_line(review),
                     "headline": headline(review)}
    data["costliest"] = review.costliest()
    return data


def _text(review: ReviewData) -> str:
    lines = [f"{decision_line(judged)}: {cost_words(judged, spread=False)}. {why_line(judged)}"
             for judged in review.decisions if not judged.good]
    lines += [round_line(row) for row in review.round_rows()]
    lines += [total_line(review), headline(review)]
    return "\n".join(lines)
