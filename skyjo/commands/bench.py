"""`skyjo bench engine|frames|bots|idle|network|soak|reader|server`: speed figures, printed (never
asserted by a timed test)."""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

MAX_SECONDS = 3600  # --seconds: a figure needs seconds, not hours (and nan or inf would never end)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("bench", help="measure engine throughput, frame times, the idle app's CPU use, "
                                   "network round trips, the reader of untrusted JSON on the worst text, or a room "
                                   "server's rooms")
    parser.add_argument("target", choices=("engine", "frames", "bots", "idle", "network", "soak", "reader", "server"),
                        help="what to measure")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=float, default=None,
                        help="time per engine run (default 2) or per idle screen (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=None,
                        help="soak: whole games played one after another (1-1000, default 21)")
    parser.add_argument("--host", action="store_true", help="soak: a headless host serving two joined bots")
    parser.add_argument("--rooms", type=int, default=None,
                        help="server: rooms of 4 seats played at once (3 bot clients, 1 Normal computer; default 10)")
    parser.add_argument("--think-ms", type=float, default=None,
                        help="server: a bot client's pause before each move, on average (default 1000)")
    parser.add_argument("--redis", action="store_true",
                        help="server: two server processes on one redis-server (started by the bench)")
    parser.add_argument("--kill-one-at", type=float, default=None, metavar="S",
                        help="server --redis: SIGKILL one of the two processes S seconds into the play")
    parser.add_argument("--compare-one", action="store_true",
                        help="server --redis: play the rooms on one process first, then on two; the ratio")
    parser.add_argument("--saves-sync", choices=("journal", "grouped", "each"), default=None,
                        help="server: the server's --saves-sync (its saves in a journal, or in the rooms' files "
                             "durable a batch at a time or each alone)")
    parser.add_argument("--while-reviewing", action="store_true",
                        help="frames: measure again while a game review runs in the background, then cancel it")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.target == "server":  # (its own options and figures)
        from skyjo.bench_server import run as bench_server

        return bench_server(args)
    return _figures(args)


def _figures(args: argparse.Namespace) -> int:
    if args.seconds is not None and not (math.isfinite(args.seconds) and 0 < args.seconds <= MAX_SECONDS):
        print(f"skyjo bench: error: --seconds must be above 0 and at most {MAX_SECONDS}", file=sys.stderr)
        return 2
    if args.target == "engine":
        from game.bench_engine import bench_engine

        runs = bench_engine(args.seconds or 2.0, args.seed)
        columns: tuple[str, ...] = ("edition", "players", "path", "rounds", "seconds", "rounds_per_second")
    elif args.target == "bots":
        from game.ai.bench import bench_bots

        runs = bench_bots(seed=args.seed)
        columns = ("level", "decisions", "median_ms", "p99_ms", "max_ms")
    elif args.target == "idle":
        from skyjo.bench_idle import bench_idle

        runs = bench_idle(args.seconds or 10.0, args.seed)
        columns = ("scene", "seconds", "cpu_seconds_per_second", "frames_per_second")
    elif args.target == "soak":
        from skyjo.bench_soak import run_soak

        return run_soak(args)
    elif args.target == "reader":
        return _reader(args)

    elif args.target == "network":
        from skyjo.bench_network import bench_network

        runs = bench_network(seed=args.seed)
        columns = ("edition", "players", "actions", "p50_ms", "p99_ms", "host_cpu_ms_per_action")
    elif args.while_reviewing:
        from skyjo.bench_frames import bench_frames_reviewing

        runs, review = bench_frames_reviewing(seed=args.seed)
        columns = ("edition", "players", "review", "frames", "median_ms", "p99_ms", "budget_ms", "max_ms")
        _print(args, runs, columns, review)
        if not args.json:  # (the JSON has it)
            print(review_line(review))
        return 0 if review["cancelled"] and not review["children_left"] else 1
    else:
        from skyjo.bench_frames import bench_frames

        runs = bench_frames(seed=args.seed)
        columns = ("edition", "players", "width", "height", "frames", "median_ms", "p99_ms", "budget_ms", "max_ms")
    _print(args, runs, columns)
    return 0


def _reader(args: argparse.Namespace) -> int:
    from skyjo.bench_reader import bench_reader, report_lines

    figures = bench_reader()
    print(json.dumps(figures) if args.json else "\n".join(report_lines(figures)))
    return 0


def _print(args: argparse.Namespace, runs: list[dict[str, Any]], columns: tuple[str, ...],
           review: dict[str, Any] | None = None) -> None:
    if args.json:
        print(json.dumps({"runs": runs} | ({"review": review} if review is not None else {})))
    else:
        print("  ".join(f"{c:>17}" for c in columns))
        for item in runs:
            print("  ".join(f"{item[c]!s:>17}" for c in columns))


def review_line(review: dict[str, Any]) -> str:
    """How the background review went, in one line: how far it got, and whether its cancel was clean."""
    left = review["children_left"]
    ending = ("cancelled cleanly: no worker process left" if review["cancelled"] and not left
              else f"NOT cancelled cleanly: ended={review['cancelled']}, processes left: {left}")
    problem = f"; its problem: {review['problem']}" if review["problem"] else ""
    return (f"review: {review['judged']}/{review['total']} decisions judged in {review['seconds']} s "
            f"({review['workers']} workers, {review['samples']} samples, still running at the end: "
            f"{review['running_to_the_end']}); {ending} ({review['cancel_seconds']} s after the cancel){problem}")
