"""`skyjo bench engine|frames|bots`: speed figures, printed (never asserted by a timed test)."""

from __future__ import annotations

import argparse
import json


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("bench", help="measure engine throughput or frame times")
    parser.add_argument("target", choices=("engine", "frames", "bots"), help="what to measure")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per engine run (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.seconds <= 0:
        print("skyjo bench: error: --seconds must be positive")
        return 2
    if args.target == "engine":
        from game.bench_engine import bench_engine

        runs = bench_engine(args.seconds, args.seed)
        columns: tuple[str, ...] = ("edition", "players", "rounds", "seconds", "rounds_per_second")
    elif args.target == "bots":
        from game.ai.bench import bench_bots

        runs = bench_bots(seed=args.seed)
        columns = ("level", "decisions", "median_ms", "p99_ms", "max_ms")
    else:
        from skyjo.bench_frames import bench_frames

        runs = bench_frames(seed=args.seed)
        columns = ("edition", "players", "width", "height", "frames", "median_ms", "p99_ms", "max_ms")
    if args.json:
        print(json.dumps({"runs": runs}))
    else:
        print("  ".join(f"{c:>17}" for c in columns))
        for item in runs:
            print("  ".join(f"{item[c]!s:>17}" for c in columns))
    return 0
