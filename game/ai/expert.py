"""Expert: Hard's judgement, checked by search over sampled worlds.

For each decision, Hard's arithmetic with Expert's own figures (`ExpertJudge`) ranks the
options; the best few become candidates. Expert then
repeatedly samples a world consistent with its view (determinize.py), plays every
candidate in that same world (common random numbers make the comparison fair) and plays
the round out with a fast honest policy (rollout.py). The outcome is the round score
relative to the opponents. It keeps Hard's choice unless another candidate does clearly
better across the samples.

How long it searches is either a time budget (the app: a decision never keeps a player
waiting, whatever the machine) or a fixed amount of work, a number of sampled worlds per
decision (`ExpertBot.fixed_work`, what `simulate` and the tournament use): then its play
depends on its seed alone, never on the machine's speed or load, and every measured
figure re-runs exactly from its command.
"""

from __future__ import annotations

import random
import statistics
import time

from game.rules import GAME_OVER, OPENING, TURN, Action, GameState, SeatView

from .base import face_down_count, pick
from .determinize import determinize, unseen_list
from .hard import HardBot, Judge
from .rollout import play_out

DEFAULT_BUDGET_MS = 300
# Fixed-work mode's sampled worlds per searched decision, about what the 300 ms budget buys
# (measured: 531 per search at 300 ms, 0.51 ms of CPU a sample, on the shared 2-core machine;
# 364 with the engine before issue 20).
DEFAULT_SAMPLES = 500
CANDIDATES = 4
CLEAR_MARGIN = 3.0  # Hard's top option this far ahead of the next is not searched
MIN_SAMPLES = 2  # even past the clock, never decide on fewer samples than this
MAX_SAMPLES = 2000
NEAR_END = 5  # search once some player has this few face-down cards (measured: 3 gained less)


def near_end(view: SeatView, face_down: int = NEAR_END) -> bool:
    """The second half of a round, where the choices that lead to its end are made. Earlier,
    playouts are long and played by crude players, and in duplicate tests searching from
    eight face-down cards did worse than from five: Hard's arithmetic alone decides there."""
    if view.trigger is not None:
        return True
    return min(face_down_count(view.grids[s]) for s in view.participants) <= face_down


class ExpertJudge(Judge):
    """Hard's arithmetic with Expert's own figures, tuned in paired games against Hard
    (docs/expert-experiments.md): no tempo (Hard hurries a round it leads and keeps cards
    face down in one it trails, and both cost points), a fear of doubling that fades
    later in a long round, and the worth of a reveal: a card turned face up while a later
    turn can still replace it is worth more than its expected points (it is information),
    which alone took the judgement from 52.7% to 62.9% against Hard. Hard keeps its
    figures, so its published results stay true."""

    tempo_rate = 0.0
    patience_start = 40
    patience_end = 50
    reveal_bonus = 2.5


class JudgeBot(HardBot):
    """A yardstick, not a level offered to players: Expert's judgement without its search
    (`simulate --bots judge,hard` measures what the tuned figures alone are worth)."""

    level = "judge"

    def judge(self, view: SeatView) -> Judge:
        return ExpertJudge(view, self.turns)


class ExpertBot(JudgeBot):
    """(`advise`, inherited, is its judgement's advice without the search, which gives an
    action, not a reason; the app's hints come from Hard.)"""

    level = "expert"

    def __init__(self, seed: int = 0, budget_ms: float = DEFAULT_BUDGET_MS, samples: int | None = None) -> None:
        super().__init__(seed)
        self.budget_ms = budget_ms
        self.samples = samples  # a fixed number of samples instead of the clock: exactly repeatable
        self.samples_taken = 0  # diagnostics for the bench
        self._deadline = 0.0

    @classmethod
    def fixed_work(cls, seed: int = 0, samples: int = DEFAULT_SAMPLES) -> ExpertBot:
        """Expert searching exactly `samples` sampled worlds per searched decision, never
        reading the clock: the same views and seed give the same decisions on any machine."""
        if samples < 1:
            raise ValueError("Expert needs at least one sample per decision")
        return cls(seed, samples=samples)

    @property
    def work(self) -> str:
        """How long it searches, in words for tables: '500 samples' or '300 ms'."""
        return f"{self.samples} samples" if self.samples is not None else f"{self.budget_ms:g} ms"

    def decide(self, view: SeatView) -> Action:
        if self.samples is None:  # on the clock; in fixed-work mode the clock is never read
            self._deadline = time.perf_counter() + 0.9 * self.budget_ms / 1000  # 10% kept for the rest
        if view.phase == OPENING:
            return super().decide(view)
        self.count_turn(view)
        ranked = self.judge(view).ranked()
        if len(ranked) == 1 or ranked[0][0] - ranked[1][0] >= CLEAR_MARGIN or not near_end(view):
            return pick(view, ranked[0][1])
        candidates = [action for _, action in ranked[:CANDIDATES]]
        return pick(view, self._search(view, candidates))

    def _search(self, view: SeatView, candidates: list[Action]) -> Action:
        deadline = self._deadline
        pool = unseen_list(view)
        results: list[list[float]] = [[] for _ in candidates]
        samples = 0
        while self._more(samples, deadline):
            world = determinize(view, self.rng, pool)
            play_seed = self.rng.randrange(2**31)
            for k, action in enumerate(candidates):
                results[k].append(self._outcome(world, action, view.seat, play_seed))
            samples += 1
        self.samples_taken += samples
        return candidates[_choose(results)]

    def _more(self, samples: int, deadline: float) -> bool:
        if self.samples is not None:
            return samples < self.samples
        return samples < MIN_SAMPLES or (samples < MAX_SAMPLES and time.perf_counter() < deadline)

    @staticmethod
    def _outcome(world: GameState, action: Action, seat: int, play_seed: int) -> float:
        state = world.clone()
        # the fast path: a candidate is legal in the real game, so in every world that
        # agrees with the seat's view (tests/test_expert_fixed_work.py checks it)
        state.apply_unchecked(action)
        play_out(state, random.Random(play_seed))
        if not state.round_scores or state.phase == TURN:
            return 0.0
        value = round_margin(state, seat)
        if state.phase == GAME_OVER or max(state.totals) >= state.options.end_score:
            value += GAME_WEIGHT * _win_share(state.totals, seat, state.participants)
        return value


GAME_WEIGHT = 40.0  # when a playout ends the game, winning it outweighs points


def round_margin(state: GameState, seat: int) -> float:
    """How far `seat` finished the last round below its opponents' mean score (higher is better)."""
    scores = state.round_scores[-1]
    mine = scores[seat]
    others = [score for s in state.participants if s != seat and (score := scores[s]) is not None]
    assert mine is not None, "the seat played the round"
    return sum(others) / len(others) - mine


def _win_share(totals: list[int], seat: int, seats: tuple[int, ...]) -> float:
    best = min(totals[s] for s in seats)
    if totals[seat] != best:
        return 0.0
    return 1.0 / sum(1 for s in seats if totals[s] == best)


def _choose(results: list[list[float]]) -> int:
    """Hard's choice (index 0) unless another is better by more than its paired noise."""
    base = results[0]
    best, best_edge = 0, 0.0
    for k in range(1, len(results)):
        diffs = [a - b for a, b in zip(results[k], base)]
        mean = statistics.fmean(diffs)
        spread = statistics.pstdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("inf")
        edge = mean - 1.0 * spread
        if edge > best_edge:
            best, best_edge = k, edge
    return best
