"""`python -m tools.engine_pair OLD NEW`: the engine of two source trees, measured side by side.

OLD and NEW are folders holding the project's source (say `git worktree add /tmp/old main`).
Each tree plays random legal rounds through its own `game.bench_engine.play_random_rounds`
(the loop of `python -m game bench engine`) in a fresh process, and two figures are printed
per edition and seat count:

- rounds per CPU second (user + system, from the process's own accounting), the best of five
  runs in one process, OLD and NEW alternated pair by pair, with the ratio of each pair and
  their median: on a shared machine the speed drifts, and a pair run within the same minute
  sees the same drift;
- with `--instructions`, the instructions a round under valgrind's callgrind (the
  difference between a short and a long run, so start-up cancels out; `--counted SHORT LONG`
  the two lengths, 10 and 60 rounds by default, longer ones with the legal actions' caches
  warmer, as in a bench's run of thousands): the same on a busy machine as on a quiet one,
  where CPU seconds are not;
- with `--expert N`, Expert's searched decisions per CPU second (N of them, 200 sampled
  worlds each, in seeded Voyage games of 4 Experts), the trees alternated likewise.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

RUNS = (("voyage", 4, 3000), ("classic", 8, 1500))  # edition, seats, rounds per timed run
PATHS = ("checked", "fast")
TIMED = """
import json, resource, sys
sys.path.insert(0, {root!r})
from game.bench_engine import play_random_rounds
play_random_rounds({edition!r}, {players}, 50, 7, {path!r})  # caches warm, as the bench does
best = 0.0
for _ in range(5):  # the best of five: what other work on the machine took from a run is gone from the best
    before = resource.getrusage(resource.RUSAGE_SELF)
    rounds = play_random_rounds({edition!r}, {players}, {rounds} // 5, 1, {path!r})
    after = resource.getrusage(resource.RUSAGE_SELF)
    best = max(best, rounds / (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime))
print(json.dumps(best))
"""
EXPERT = """
import json, resource, sys
sys.path.insert(0, {root!r})
from game.ai.expert import ExpertBot
from game.rules import GAME_OVER, ROUND_OVER, GameState, seat_view
bot, searched, game = ExpertBot.fixed_work(1, samples=200), 0, 0
before = resource.getrusage(resource.RUSAGE_SELF)
while searched < {decisions}:
    state = GameState.new_game("voyage", 4, seed=1000 + game, record_events=False)
    game += 1
    while state.phase != GAME_OVER and searched < {decisions}:
        if state.phase == ROUND_OVER:
            state.deal()
            continue
        taken = bot.samples_taken
        state.apply(bot.decide(seat_view(state, state.to_act)))
        searched += bot.samples_taken > taken  # decisions Expert searched (the rest it judges at once)
after = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps(searched / (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)))
"""
COUNTED = """
import sys
sys.path.insert(0, {root!r})
from game.bench_engine import play_random_rounds
play_random_rounds({edition!r}, {players}, {rounds}, 1, {path!r})
"""


def _python(code: str, tool: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*(tool or []), sys.executable, "-c", code], capture_output=True, text=True, check=True)


def rounds_per_cpu_second(root: Path, edition: str, players: int, rounds: int, path: str) -> float:
    code = TIMED.format(root=str(root), edition=edition, players=players, rounds=rounds, path=path)
    return float(json.loads(_python(code).stdout))


def expert_decisions_per_cpu_second(root: Path, decisions: int) -> float:
    return float(json.loads(_python(EXPERT.format(root=str(root), decisions=decisions)).stdout))


def instructions_a_round(root: Path, edition: str, players: int, path: str,
                         counted: tuple[int, int] = (10, 60)) -> float:
    """Callgrind's instruction count of `counted[0]` rounds taken from that of `counted[1]`, divided
    by their difference."""
    counts = []
    for rounds in counted:
        code = COUNTED.format(root=str(root), edition=edition, players=players, rounds=rounds, path=path)
        report = _python(code, ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]).stderr
        found = re.search(r"Collected : (\d+)", report)
        if found is None:
            raise SystemExit("valgrind printed no instruction count")
        counts.append(int(found.group(1)))
    return (counts[1] - counts[0]) / (counted[1] - counted[0])


def _tree(text: str) -> Path:
    root = Path(text).resolve()
    if not (root / "game" / "bench_engine.py").is_file():
        raise argparse.ArgumentTypeError(f"{text} holds no game/bench_engine.py (a source tree of the project)")
    return root


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.engine_pair", description=__doc__.splitlines()[0])
    parser.add_argument("old", type=_tree, help="the source tree measured first in each pair (the yardstick)")
    parser.add_argument("new", type=_tree, help="the source tree compared with it")
    parser.add_argument("--pairs", type=int, choices=range(1, 21), default=5, metavar="1-20",
                        help="alternated pairs of timed runs per edition and path (default 5)")
    parser.add_argument("--path", choices=PATHS, default="checked", help="the checked apply (default) or the fast one")
    parser.add_argument("--instructions", action="store_true", help="also count instructions a round (valgrind)")
    parser.add_argument("--counted", type=int, nargs=2, default=(10, 60), metavar=("SHORT", "LONG"),
                        help="the two run lengths whose difference --instructions counts (default 10 60)")
    parser.add_argument("--expert", type=int, choices=range(1, 1001), metavar="1-1000",
                        help="also time this many of Expert's searched decisions per tree, in the same pairs")
    args = parser.parse_args(argv)
    if args.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind on the PATH")
    if not 1 <= args.counted[0] < args.counted[1] <= 5000:
        parser.error("--counted needs 1 <= SHORT < LONG <= 5000")
    for edition, players, rounds in RUNS:
        ratios = []
        for pair in range(args.pairs):
            order = (args.old, args.new) if pair % 2 == 0 else (args.new, args.old)  # who goes first alternates
            speed = {root: rounds_per_cpu_second(root, edition, players, rounds, args.path) for root in order}
            ratios.append(speed[args.new] / speed[args.old])
            print(f"{edition} {players} {args.path}: old {speed[args.old]:.0f}, new {speed[args.new]:.0f} "
                  f"rounds per CPU second, ratio {ratios[-1]:.3f}", flush=True)
        print(f"{edition} {players} {args.path}: median ratio {statistics.median(ratios):.3f} "
              f"of {args.pairs} pairs", flush=True)
        if args.instructions:
            old, new = (instructions_a_round(root, edition, players, args.path, tuple(args.counted))
                        for root in (args.old, args.new))
            print(f"{edition} {players} {args.path}: {old / 1e6:.3f} M instructions a round old, {new / 1e6:.3f} M "
                  f"new, {old / new:.3f} times fewer", flush=True)
    if args.expert:
        _expert_pairs(args.old, args.new, args.pairs, args.expert)
    return 0


def _expert_pairs(old: Path, new: Path, pairs: int, decisions: int) -> None:
    ratios = []
    for pair in range(pairs):
        order = (old, new) if pair % 2 == 0 else (new, old)
        speed = {root: expert_decisions_per_cpu_second(root, decisions) for root in order}
        ratios.append(speed[new] / speed[old])
        print(f"expert: old {speed[old]:.2f}, new {speed[new]:.2f} searched decisions per CPU second, "
              f"ratio {ratios[-1]:.3f}", flush=True)
    print(f"expert: median ratio {statistics.median(ratios):.3f} of {pairs} pairs", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
