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
import random
import statistics
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from game.replay import game_from_scenario, play_scenario
from game.rules import (
    DRAW,
    GAME_OVER,
    REVEAL,
    TAKE,
    TURN,
    Action,
    GameState,
    SeatView,
    seat_view,
)

from .determinize import determinize, unseen_list
from .expert import CANDIDATES, CLEAR_MARGIN, ExpertJudge, near_end, round_margin
from .hard import Advice, Reason
from .rollout import play_out

METHOD = 1  # the judging method's version: a stored review of another method is judged again
DEFAULT_SAMPLES = 500  # sampled worlds per searched decision, as Expert searches in the app (docs/review.md)
GOOD_SPREADS = 2.0  # a cost within this many standard errors of the difference is noise, not an error
GOOD_FLOOR = 0.5  # ...and never less than this many points: half a point is not worth a player's worry
COSTLIEST = 3
MAX_SAMPLES = 10_000  # a decision judged on more worlds would take minutes


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


@dataclass
class Judgement:
    """One decision judged: plain data (the store and `--json` keep it as it is)."""

    index: int
    round: int
    turn: int
    action: int  # the index of the move in its round's actions: where the round replay shows it
    step: str  # "pile": draw or take; "place": where the card in hand goes
    view: dict[str, Any]  # a summary of what the seat saw (see view_summary)
    played: str
    best: str
    cost: float  # points, >= 0
    spread: float  # standard error of the cost over the sampled worlds
    good: bool
    reason: str  # Hard's reason (hard.Reason) for the move it describes: the best one, or the played one if good
    why: str  # that reason in one English line, in the game's words
    moves: int  # legal moves judged
    method: str  # "search": playouts in sampled worlds; "judgement": Expert's arithmetic (early in a round)
    worth: dict[str, float] = field(default_factory=dict)  # each move's estimated round margin


@dataclass
class Review:
    seat: int
    seed: int
    samples: int
    method: int
    decisions: list[Judgement]

    def rounds(self) -> list[dict[str, Any]]:
        """Per round: decisions judged, how many were costly, and the points they lost."""
        out: dict[int, dict[str, Any]] = {}
        for judged in self.decisions:
            row = out.setdefault(judged.round, {"round": judged.round, "decisions": 0, "costly": 0, "points_lost": 0.0})
            row["decisions"] += 1
            if not judged.good:
                row["costly"] += 1
                row["points_lost"] = round(row["points_lost"] + judged.cost, 2)
        return [out[number] for number in sorted(out)]

    def costliest(self, count: int = COSTLIEST) -> list[int]:
        """The indices of the costliest costly decisions, costliest first (ties: the earlier)."""
        costly = [judged for judged in self.decisions if not judged.good]
        costly.sort(key=lambda judged: (-judged.cost, judged.index))
        return [judged.index for judged in costly[:count]]

    def to_dict(self) -> dict[str, Any]:
        lost = sum(judged.cost for judged in self.decisions if not judged.good)
        count = len(self.decisions)
        return {
            "seat": self.seat, "seed": self.seed, "samples": self.samples, "method": self.method,
            "decisions": [asdict(judged) for judged in self.decisions],
            "rounds": self.rounds(),
            "total": {"decisions": count, "costly": sum(not judged.good for judged in self.decisions),
                      "points_lost": round(lost, 2),
                      "per_decision": round(lost / count, 3) if count else 0.0},
            "costliest": self.costliest(),
        }


# ---------------------------------------------------------------- the record, decision by decision
def decisions(record: Any, seat: int) -> list[Decision]:
    """The seat's decisions in turns, with its view at each; ScenarioError for a bad record
    (the messages of `skyjo replay`), ValueError for a seat the game does not have."""
    play_scenario(record, record_events=False)  # checked whole first: the walk below meets no surprise
    state = game_from_scenario(record, record_events=False)
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise ValueError(f"the game has seats 0 to {state.players - 1}, not {seat}")
    return list(_walk(state, record["rounds"], seat))


def _walk(state: GameState, rounds: list, seat: int) -> Iterator[Decision]:
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
        if state.phase == GAME_OVER:
            break


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


def judge(decision: Decision, seed: int, samples: int) -> Judgement:
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
        method = "search"
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
    advice = ExpertJudge(view, decision.turn).advice_for(shown)
    return Judgement(
        index=decision.index, round=decision.round, turn=decision.turn, action=decision.action,
        step="pile" if view.holding is None else "place", view=view_summary(view),
        played=move_words(view, played), best=move_words(view, moves[best]),
        cost=round(cost, 3), spread=round(spread, 3), good=good, reason=advice.reason.value,
        why=why(view, advice, good), moves=len(moves), method=method,
        worth={move_words(view, move): round(mean, 3) for move, mean in zip(moves, means)},
    )


def _judge_job(job: tuple[Decision, int, int]) -> Judgement:
    return judge(*job)


# ---------------------------------------------------------------- a whole game
Progress = Callable[[int, int], None]  # (decisions judged, decisions in all)


def review_game(record: Any, seat: int, seed: int = 1, samples: int = DEFAULT_SAMPLES, workers: int = 1,
                progress: Progress | None = None, cancel: Callable[[], bool] | None = None) -> Review:
    """Judge every decision of `seat` in the game `record`. `progress(done, total)` is called
    after each decision; `cancel()` is asked before each one and raises ReviewCancelled when
    true. `workers` > 1 shares the decisions among processes; the review is the same."""
    if not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"samples must be from 1 to {MAX_SAMPLES}")
    todo = decisions(record, seat)
    jobs = [(decision, seed, samples) for decision in todo]
    judged: list[Judgement] = []
    if progress is not None:
        progress(0, len(jobs))
    for result in _judged(jobs, workers, cancel):
        judged.append(result)
        if progress is not None:
            progress(len(judged), len(jobs))
    judged.sort(key=lambda item: item.index)
    return Review(seat, seed, samples, METHOD, judged)


def _judged(jobs: list[tuple[Decision, int, int]], workers: int,
            cancel: Callable[[], bool] | None) -> Iterator[Judgement]:
    def cancelled() -> bool:
        return cancel is not None and cancel()

    if workers <= 1 or len(jobs) < 2:
        for job in jobs:
            if cancelled():
                raise ReviewCancelled()
            yield judge(*job)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(min(workers, len(jobs))) as pool:
        for result in pool.imap_unordered(_judge_job, jobs):
            if cancelled():
                pool.terminate()
                raise ReviewCancelled()
            yield result


# ---------------------------------------------------------------- the game's words (headless: English)
def where(action: Action) -> str:
    rows = ("top", "middle", "bottom")
    assert action.col is not None and action.row is not None, "a placing action has a column and a row"
    return f"column {action.col + 1}, {rows[action.row]}"


def move_words(view: SeatView, action: Action) -> str:
    """A move as a player says it: "draw", "take the 7", "put the 3 on column 2, top"."""
    if action.verb == DRAW:
        return "draw a card"
    if action.verb == TAKE:
        return f"take the {view.discard_top}"
    if action.verb == REVEAL:
        return f"discard the {view.holding} and reveal {where(action)}"
    old = view.grid()[action.index]
    on = "the face-down card" if old == "?" else f"your {old}"
    return f"put the {view.holding} on {on} in {where(action)}"


def why(view: SeatView, advice: Advice, good: bool) -> str:
    """One line: the move's reason in the words of the hint (scenes/hints.py)."""
    lead = "Good" if good else "Better"
    reason = advice.reason
    if reason is Reason.DRAW:
        return f"{lead}: draw a card; on average it is worth more than the {advice.card} on the discard pile"
    if advice.then is not None:  # TAKE, FORCED
        return f"{lead}: take the {advice.card} and {_placing(view, advice.then)}{_ends(advice.then)}"
    if reason is Reason.REVEAL:
        line = (f"{lead}: discard the {advice.card} and reveal the card in {where(advice.action)}; "
                + ("learning a hidden card is worth more here" if advice.other > 0
                   else f"keeping the {advice.card} would not gain you anything"))
        return line + _ends(advice)
    return f"{lead}: {_placing(view, advice)}{_ends(advice)}"


def _placing(view: SeatView, advice: Advice) -> str:
    place, card, reason = where(advice.action), advice.card, advice.reason
    old = view.grid()[advice.action.index]
    phrases = {
        Reason.COMPLETE: f"put the {card} in {place}: it completes a column of {card}s, which is removed",
        Reason.LOWER: f"put the {card} on your {old} in {place}: it lowers your score by {advice.saved:g}",
        Reason.HIDDEN: f"put the {card} on the face-down card in {place}: it beats the {advice.hidden:.1f} "
                       "a hidden card is worth on average",
        Reason.PAIR: f"put the {card} in {place}: it pairs with the other {card} in that column, "
                     "towards a column of three",
        Reason.HURRY: f"put the {card} on the face-down card in {place}: you are ahead, and each card "
                      "turned face up brings the end of the round closer",
        Reason.AVOID_END: f"put the {card} in {place}: turning up your last face-down card would end the "
                          "round at a risk of a doubled score",
        Reason.AVOID_FEED: f"put the {card} in {place}: on the discard pile, the {card} would help the next player",
        Reason.SLOW: f"put the {card} in {place}: you are behind, and keeping cards face down slows the end "
                     "of the round",
    }
    return phrases.get(reason, f"put the {card} in {place}: every choice costs points here, "
                               "and this one costs the least")


def _ends(advice: Advice) -> str:
    return " (this ends the round: the others play one more turn)" if advice.ends_round else ""


def view_summary(view: SeatView) -> dict[str, Any]:
    """What the seat saw, in short: its card in hand, the discard top, the grids as the table shows them."""
    return {
        "holding": view.holding, "source": view.source if view.holding is not None else None,
        "discard_top": view.discard_top, "draw_pile": view.draw_pile,
        "grid": list(view.grid()),
        "face_down": {str(s): view.grids[s].count("?") for s in view.participants},
        "trigger": view.trigger, "totals": list(view.totals),
    }


__all__ = ["DEFAULT_SAMPLES", "METHOD", "Decision", "Judgement", "Review", "ReviewCancelled", "decisions", "judge",
           "review_game", "worths"]
