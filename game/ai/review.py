"""The review of a game by Expert: how many points each of a seat's decisions cost.

The game record (docs/replay.md: the `log` of every save and export) is replayed action by
action. At each decision of the reviewed seat in a turn (the pile, then where the card
goes) the seat's view at that moment is taken with `seat_view`, so the review knows what the
player could know then and nothing else. Every legal move is ranked by Expert's judgement
(expected points saved); late in a round, unless that judgement is clear, Expert's search
decides, as it does in play: its four best moves and the move played are played in the same
worlds sampled from the view (determinize.py), each round played out by the honest playout
policy (rollout.py), with the same playout seeds for every move (common random numbers make
the comparison fair); a move's worth is then its round margin, the opponents' mean round
score minus the seat's (in points). Elsewhere the judgement's figures are the worth.

    cost = worth(best move) - worth(move played)   (>= 0)

with its spread, the standard error of the paired difference over the sampled worlds. A
decision whose cost is within `GOOD_SPREADS` standard errors (and at least `GOOD_FLOOR`
points) of the best is "good": the estimate cannot tell the two moves apart. Only costly
decisions count in the points lost.

Fixed work, never the clock: the same record, seat, seed and samples give the same review
on any machine, with one process or several (each decision has its own seed). Opening
flips are not judged: before any card is known every flip is as good as another.
"""

from __future__ import annotations

import math
import os
import random
import statistics
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from game.replay import game_from_scenario, play_scenario
from game.rules import GAME_OVER, HIDDEN, SOURCE_DISCARD, TURN, Action, GameState, SeatView, Source, seat_view
from game.wire.review import COSTLIEST, Judged, ReviewData, RoundEnd, Seen, Worth

from .determinize import determinize, unseen_list
from .expert import CANDIDATES, CLEAR_MARGIN, ExpertJudge, near_end, round_margin
from .rollout import play_out

METHOD = 1  # the judging method's version: a stored review of another method is judged again
DEFAULT_SAMPLES = 500  # sampled worlds per searched decision, as Expert searches in the app (docs/review.md)
GOOD_SPREADS = 2.0  # a cost within this many standard errors of the difference is noise, not an error
GOOD_FLOOR = 0.5  # ...and never less than this many points: half a point is not worth a player's worry
MAX_SAMPLES = 10_000  # a decision judged on more worlds would take minutes
CANCEL_POLL = 0.05  # s: how soon a cancelled review stops its worker processes
WORKER_NICENESS = 5  # a worker process's lower priority: the window's frames come first


class ReviewCancelled(Exception):
    """The caller's cancel flag was raised before the review finished."""


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: where it was in the game and what the seat saw."""

    index: int  # 0-based over the reviewed seat's judged decisions
    round: int
    turn: int  # the seat's own turns in the round, 1-based
    action: int  # 0-based index of the move played in its round's `actions` (the replay's step)
    view: SeatView
    played: Action


# A judged decision and a whole review are declared once, in game/wire/review.py (`Judged`,
# `ReviewData`): facts without words, kept on the disk and worded where they are read.


# ---------------------------------------------------------------- the record, decision by decision
def decisions(record: Any, seat: int) -> list[Decision]:
    """The seat's decisions in turns, with its view at each; ScenarioError for a bad record
    (the messages of `skyjo replay`), ValueError for a seat the game does not have."""
    return walk(record, seat)[0]


def walk(record: Any, seat: int) -> tuple[list[Decision], list[RoundEnd]]:
    """The seat's decisions and how each round of the record ended."""
    play_scenario(record, record_events=False)  # checked whole first: the walk below meets no surprise
    state = game_from_scenario(record, record_events=False)
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise ValueError(f"the game has seats 0 to {state.players - 1}, not {seat}")
    ends: list[RoundEnd] = []
    found = list(_walk(state, record["rounds"], seat, ends))
    return found, ends


def _walk(state: GameState, rounds: list, seat: int, ends: list[RoundEnd]) -> Iterator[Decision]:
    index = 0
    for entry in rounds:
        state.deal(entry.get("deck"))
        turns = 0
        for step, item in enumerate(entry.get("actions", [])):
            action = Action.from_list(item)
            if state.phase == TURN and state.to_act == seat:
                if state.holding is None:
                    turns += 1
                yield Decision(index, state.round, turns, step, seat_view(state, seat), action)
                index += 1
            state.apply(action)
        ends.append(round_end(state, seat))
        if state.phase == GAME_OVER:
            break


def round_end(state: GameState, seat: int) -> RoundEnd:
    """How the round in `state` ended for `seat` (nothing but its number while it is in play)."""
    if state.phase == TURN or not state.round_scores or seat not in state.participants:
        return RoundEnd(round=state.round)
    raw = {other: sum(card for card in state.cards[other] if card is not None) for other in state.participants}
    others = [value for other, value in raw.items() if other != seat]
    return RoundEnd(round=state.round, ended_by=state.trigger, raw=raw[seat],
                    lowest_other=min(others) if others else None, score=state.round_scores[-1][seat])


# ---------------------------------------------------------------- one decision
def decision_seed(seed: int, index: int) -> int:
    """Each decision's own seed: the review does not depend on how decisions are shared out."""
    return (seed * 1_000_003 + index) % (2**63)


def worths(view: SeatView, moves: list[Action], seed: int, samples: int) -> list[list[float]]:
    """Each move's round margin in each of `samples` worlds sampled from the view."""
    rng = random.Random(seed)
    pool = unseen_list(view)
    results: list[list[float]] = [[] for _ in moves]
    for _ in range(samples):
        world = determinize(view, rng, pool)
        play_seed = rng.randrange(2**31)
        for k, move in enumerate(moves):
            results[k].append(_margin(world, move, view.seat, play_seed))
    return results


def _margin(world: GameState, move: Action, seat: int, play_seed: int) -> float:
    """Expert's outcome of a move in one world, in points: the round margin (Expert adds the
    worth of winning the game when a playout ends it; a review counts points only)."""
    state = world.clone()
    state.apply_unchecked(move)  # legal in the real game, so in every world agreeing with the view
    play_out(state, random.Random(play_seed))
    if not state.round_scores or state.phase == TURN:
        return 0.0  # a stalled playout: the same for every move in this world
    return round_margin(state, seat)


def judge(decision: Decision, seed: int, samples: int) -> Judged:
    """The cost of one decision, judged from the seat's view only, the way Expert decides: in
    the second half of a round (`near_end`) by the search's playouts, every legal move in the
    same sampled worlds; earlier by its judgement's arithmetic alone (expected points saved),
    which is all Expert trusts there (its playouts from many face-down cards are long and
    played by crude players: docs/expert-experiments.md)."""
    view, played = decision.view, decision.played
    ranked = ExpertJudge(view, decision.turn).ranked()
    if len(ranked) > 1 and near_end(view) and ranked[0][0] - ranked[1][0] < CLEAR_MARGIN:
        moves = [action for _, action in ranked[:CANDIDATES]]
        moves += [] if played in moves else [played]
        results = worths(view, moves, decision_seed(seed, decision.index), samples)
        method: Literal["search", "judgement"] = "search"
    else:
        moves, results = [action for _, action in ranked], [[value] for value, _ in ranked]
        method = "judgement"
    means = [statistics.fmean(row) for row in results]
    best = max(range(len(moves)), key=lambda k: (means[k], -k))  # the first of equals
    mine = moves.index(played)
    diffs = [b - p for b, p in zip(results[best], results[mine])]
    cost = max(0.0, statistics.fmean(diffs))
    spread = statistics.pstdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    good = mine == best or cost <= max(GOOD_FLOOR, GOOD_SPREADS * spread)
    shown = played if good else moves[best]
    return Judged(
        index=decision.index, round=decision.round, turn=decision.turn, action=decision.action,
        step="pile" if view.holding is None else "place", seen=seen(view),
        played=played.to_list(), best=moves[best].to_list(),
        cost=round(cost, 3), spread=round(spread, 3), good=good,
        reasoning=ExpertJudge(view, decision.turn).advice_for(shown).reasoning(), moves=len(moves), method=method,
        worths=[Worth(move.to_list(), round(mean, 3)) for move, mean in zip(moves, means)],
    )


def _judge_job(job: tuple[Decision, int, int]) -> Judged:
    return judge(*job)


# ---------------------------------------------------------------- a whole game
Progress = Callable[[int, int], None]  # (decisions judged, decisions in all)
Found = Callable[[Judged], None]  # one decision judged, handed on as it comes (in the game's order)


def review_game(record: Any, seat: int, seed: int = 1, samples: int = DEFAULT_SAMPLES, workers: int = 1,
                progress: Progress | None = None, cancel: Callable[[], bool] | None = None,
                found: Found | None = None) -> ReviewData:
    """Judge every decision of `seat` in the game `record`. `found(judged)` is called with each
    decision as it is judged, in the game's order (a screen shows the first ones while the rest
    are judged), then `progress(done, total)`; `cancel()` is asked before each one and raises
    ReviewCancelled when true. `workers` > 1 shares the decisions among processes; the review
    is the same."""
    if not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"samples must be from 1 to {MAX_SAMPLES}")
    todo, ends = walk(record, seat)
    jobs = [(decision, seed, samples) for decision in todo]
    judged: list[Judged] = []
    if progress is not None:
        progress(0, len(jobs))
    for result in _judged(jobs, workers, cancel):
        judged.append(result)
        if found is not None:
            found(result)
        if progress is not None:
            progress(len(judged), len(jobs))
    judged.sort(key=lambda item: item.index)
    return ReviewData(seat=seat, seed=seed, samples=samples, method=METHOD, decisions=judged, rounds=ends)


def _judged(jobs: list[tuple[Decision, int, int]], workers: int,
            cancel: Callable[[], bool] | None) -> Iterator[Judged]:
    def cancelled() -> bool:
        return cancel is not None and cancel()

    if workers <= 1 or len(jobs) < 2:
        for job in jobs:
            if cancelled():
                raise ReviewCancelled()
            yield judge(*job)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(min(workers, len(jobs)), initializer=_give_way) as pool:
        # in the game's order (a decision judged early waits for those before it): the screen
        # shows the decisions so far, a prefix of the game, never a gap
        results = pool.imap(_judge_job, jobs)
        for _ in jobs:
            while True:  # the cancel flag is looked at every CANCEL_POLL s, not only between results
                if cancelled():
                    pool.terminate()
                    raise ReviewCancelled()
                try:
                    result = results.next(timeout=CANCEL_POLL)
                except multiprocessing.TimeoutError:
                    continue
                break
            yield result


def _give_way() -> None:
    """A worker yields the processor to the game's window: its frames come first."""
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # (no nice on Windows; a refusal costs nothing)
        pass


# ---------------------------------------------------------------- what the seat saw
def seen(view: SeatView) -> Seen:
    """What the seat saw, in short: its card in hand, the discard top, the grids as the table shows them."""
    source: Source | None = None
    if view.holding is not None:
        source = Source.DISCARD if view.source == SOURCE_DISCARD else Source.DRAW
    return Seen(holding=view.holding, source=source,
                discard_top=view.discard_top, draw_pile=view.draw_pile, grid=list(view.grid()),
                face_down=[grid.count(HIDDEN) for grid in view.grids], trigger=view.trigger, totals=list(view.totals))


__all__ = ["COSTLIEST", "DEFAULT_SAMPLES", "METHOD", "Decision", "Judged", "ReviewCancelled", "ReviewData", "decisions",
           "judge", "review_game", "walk", "worths"]
