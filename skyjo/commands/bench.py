"""`skyjo bench engine|frames|bots|idle|network`: speed figures, printed (never asserted by a timed test)."""

from __future__ import annotations

import argparse
import json
import math
import sys

MAX_SECONDS = 3600  # --seconds: a figure needs seconds, not hours (and nan or inf would never end)


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("bench", help="measure engine throughput, frame times, the idle app's CPU use or network round trips")
    parser.add_argument("target", choices=("engine", "frames", "bots", "idle", "network", "soak"), help="what to measure")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=float, default=None,
                        help="time per engine run (default 2) or per idle screen (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=None,
                        help="soak: whole games played one after another (1-1000, default 21)")
    parser.add_argument("--host", action="store_true", help="soak: a headless host serving two joined bots")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
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
    elif args.target == "network":
        from skyjo.bench_network import bench_network

        runs = bench_network(seed=args.seed)
        columns = ("edition", "players", "actions", "p50_ms", "p99_ms", "host_cpu_ms_per_action")
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
