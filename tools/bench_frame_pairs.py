"""`python -m tools.bench_frame_pairs OLD NEW [--rounds N]`: the frame times of two checkouts of the
game measured in alternation, and the ratio of their medians, printed (never asserted; issue 47).

OLD and NEW are folders holding the game's source (a `git worktree add /tmp/d17 d17e02d` for the
previous release); each round runs `python -m game bench frames --json` once in each, in turn,
the first of a round alternating, so both meet the same load. Each row prints the load average
when it started. The ratio of medians per table (NEW over OLD) is the figure; the issue's target
for NEW against d17e02d: at most 1.05."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

MAX_ROUNDS = 50
RUN_TIMEOUT = 600  # s: one bench run; a hang is reported, not waited for


def run_once(tree: Path) -> list[dict]:
    """One `bench frames` run in `tree` (its rows: edition, players, median_ms, p99_ms...)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-m", "game", "bench", "frames", "--json"], cwd=tree, env=env,
                          capture_output=True, text=True, timeout=RUN_TIMEOUT, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"bench frames in {tree} failed: {done.stderr.strip().splitlines()[-1:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return result["runs"] if isinstance(result, dict) else result


def measure(old: Path, new: Path, rounds: int) -> dict[str, list[list[dict]]]:
    runs: dict[str, list[list[dict]]] = {"old": [], "new": []}
    for number in range(rounds):
        order = [("old", old), ("new", new)] if number % 2 == 0 else [("new", new), ("old", old)]
        for which, tree in order:
            load = os.getloadavg()[0]
            rows = run_once(tree)
            runs[which].append(rows)
            figures = ", ".join(f"{row['edition']} {row['players']}: median {row['median_ms']} ms, "
                                f"p99 {row['p99_ms']} ms" for row in rows)
            print(f"round {number + 1} {which} (load {load:.1f}): {figures}", flush=True)
    return runs


def ratios(runs: dict[str, list[list[dict]]]) -> list[str]:
    lines = []
    for index, row in enumerate(runs["old"][0]):
        old = [rows[index]["median_ms"] for rows in runs["old"]]
        new = [rows[index]["median_ms"] for rows in runs["new"]]
        paired = [round(n / o, 2) for o, n in zip(old, new, strict=True)]
        lines.append(f"{row['edition']} {row['players']}: median of medians {statistics.median(old)} ms old, "
                     f"{statistics.median(new)} ms new; ratio of medians "
                     f"{statistics.median(new) / statistics.median(old):.2f} (each round: {paired})")
    return lines


def folder(text: str) -> Path:
    path = Path(text)
    if not (path / "game" / "__main__.py").is_file():
        raise argparse.ArgumentTypeError(f"{text} holds no game source (no game/__main__.py)")
    return path.resolve()


def round_count(text: str) -> int:
    try:
        rounds = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 1 <= rounds <= MAX_ROUNDS:
        raise argparse.ArgumentTypeError(f"between 1 and {MAX_ROUNDS}, not {rounds}")
    return rounds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_frame_pairs", description=__doc__.splitlines()[0])
    parser.add_argument("old", type=folder, help="the checkout to compare against (e.g. d17e02d's worktree)")
    parser.add_argument("new", type=folder, help="the checkout measured")
    parser.add_argument("--rounds", type=round_count, default=4, help="runs of each, alternated (default 4)")
    args = parser.parse_args(argv)
    try:
        runs = measure(args.old, args.new, args.rounds)
    except (RuntimeError, subprocess.TimeoutExpired, ValueError, KeyError) as problem:
        print(f"bench_frame_pairs: error: {problem}", file=sys.stderr)
        return 1
    print("\n".join(ratios(runs)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
