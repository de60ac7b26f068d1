"""Duplicate comparison of two levels on the same late-round deals, as in duplicate bridge.

Hard-vs-Hard games are stopped, once per round, at the first turn where some player has
`--face-down` or fewer face-down cards (or the end has been triggered). From each such
position the round is finished twice on the same true cards: once with `--bot` in the
seat to act and once with `--baseline` there, Hard in every other seat. The figure is
how many points the seat's round margin (the opponents' mean round score minus its own)
gains with the bot over the baseline. Both runs share the deal, so much of the luck
cancels: a few hundred positions tell apart two versions of Expert that full matches need
thousands of games to separate. This is how Expert's search window was chosen; a full
match (`skyjo simulate`) remains the measure that counts.

    python -m tools.duplicate --bot expert --positions 300 --face-down 5 --seed 7000
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass

from game.ai import COMMAND_PREFIX, LEVELS, make_level
from game.ai.expert import DEFAULT_SAMPLES, near_end, round_margin
from game.ai.simulate import check_fixed_work, fixed_work
from game.rules import CELLS, EDITIONS, GAME_OVER, ROUND_OVER, TURN, GameState, seat_view

HOST = "hard"  # plays the games that produce the positions, and every other seat


@dataclass(frozen=True)
class Position:
    state: GameState
    seat: int
    turns: tuple[int, ...]  # each seat's own turns so far this round (Hard's sense of time)


def positions(count: int, edition: str, players: int, face_down: int, seed: int) -> list[Position]:
    """`count` positions, one per round, from Hard-vs-Hard games seeded from `seed`."""
    found: list[Position] = []
    game = 0
    while len(found) < count:
        state = GameState.new_game(edition, players, seed=seed + game, record_events=False)
        game += 1
        hosts = [make_level(HOST, seed + game * 16 + s) for s in range(players)]
        marked: set[int] = set()
        while state.phase != GAME_OVER and len(found) < count:
            if state.phase == ROUND_OVER:
                for bot in hosts:
                    bot.notify({"type": ROUND_OVER})
                state.deal()
                continue
            seat = state.to_act
            assert seat is not None, "someone is to act in the opening and in a turn"
            view = seat_view(state, seat)
            if view.phase == TURN and view.holding is None and state.round not in marked and near_end(view, face_down):
                marked.add(state.round)
                found.append(Position(state.clone(), seat, tuple(b.turns for b in hosts)))
            state.apply(hosts[seat].decide(view))
    return found


def finish_round(position: Position, spec: str, seed: int, expert_samples: int | None = DEFAULT_SAMPLES) -> float:
    """The seat's round margin when `spec` plays it from `position` to the end of the round (an
    Expert searching `expert_samples` worlds per decision; None: on its clock)."""
    state = position.state.clone()
    bots = [make_level(spec if s == position.seat else HOST, seed * 16 + s) for s in range(state.players)]
    for bot in bots:
        fixed_work(bot, expert_samples)  # (in place)
    for bot, turns in zip(bots, position.turns):
        bot.join_round(state.round, turns)
    while state.phase == TURN and (seat := state.to_act) is not None:
        state.apply(bots[seat].decide(seat_view(state, seat)))
    return round_margin(state, position.seat)


def compare(bot: str, baseline: str, count: int, edition: str, players: int, face_down: int,
            seed: int, progress=None, expert_samples: int | None = DEFAULT_SAMPLES) -> dict:
    """The paired gains of `bot` over `baseline`, with their mean and standard error (the same
    figures on every run while Expert works a fixed number of samples)."""
    check_fixed_work([bot, baseline], expert_samples)
    started = time.perf_counter()
    gains = []
    for k, position in enumerate(positions(count, edition, players, face_down, seed)):
        gains.append(finish_round(position, bot, seed + k, expert_samples)
                     - finish_round(position, baseline, seed + k, expert_samples))
        if progress:
            progress(k + 1, count)
    spread = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else float("nan")
    return {"bot": bot, "baseline": baseline, "positions": len(gains), "mean_gain": statistics.fmean(gains),
            "standard_error": spread, "changed": sum(1 for g in gains if g != 0),
            "seconds": round(time.perf_counter() - started, 1)}


def _check_level(spec: str) -> str:
    """A built-in level (positions need bots that can join a round midway): not a cmd: bot."""
    if spec.startswith(COMMAND_PREFIX):
        raise argparse.ArgumentTypeError(f"{spec!r}: only built-in levels ({', '.join(LEVELS)}) can be compared")
    make_level(spec)  # its ValueError (unknown level, bad budget) is argparse's exit 2 too
    return spec


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.duplicate", description=__doc__.splitlines()[0])
    parser.add_argument("--bot", type=_check_level, default="expert", help="level to measure (default expert)")
    parser.add_argument("--baseline", type=_check_level, default=HOST, help="level it is measured against")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--face-down", type=int, default=5,
                        help="stop a round when someone has this few face-down cards")
    parser.add_argument("--edition", choices=sorted(EDITIONS), default="voyage")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--expert-samples", type=int, default=DEFAULT_SAMPLES,
                        help=f"Expert's sampled worlds per decision (default {DEFAULT_SAMPLES}); 0: on its clock")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    edition = EDITIONS[args.edition]
    if args.positions < 2:
        parser.error("--positions must be at least 2")
    if not 0 <= args.face_down <= CELLS:
        parser.error(f"--face-down must be between 0 and {CELLS}")
    if not edition.min_players <= args.players <= edition.max_players:
        parser.error(f"{args.edition} takes {edition.min_players} to {edition.max_players} players")

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            print(f"\r{done}/{total} positions", end="" if done < total else "\n", file=sys.stderr, flush=True)

    samples = args.expert_samples or None
    try:
        check_fixed_work([args.bot, args.baseline], samples)
    except ValueError as error:
        parser.error(str(error))
    result = compare(args.bot, args.baseline, args.positions, args.edition, args.players, args.face_down,
                     args.seed, progress, samples)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['bot']} over {result['baseline']}: {result['mean_gain']:+.2f} points of round margin "
              f"(standard error {result['standard_error']:.2f}) in {result['positions']} positions, "
              f"{result['changed']} changed, {result['seconds']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
