"""Hard: expected value with full card counting, and judgement at the end of a round.

Every option is scored in expected points saved, from the exact multiset of cards this
seat has not seen. On top of Normal's arithmetic it weighs:
- the draw against the discard by averaging over the unseen cards;
- column completion by the copies of a value still to come and the turns left;
- ending the round: a move that leaves no face-down card is judged by the chance that an
  opponent (visible cards + counted face-down cards + a last turn) ends at or below it,
  which would double a positive score;
- tempo: when ahead it hurries the end, when behind it keeps cards face-down;
- the final turn (someone else triggered): minimise the expected final score, counting
  the chance that the final reveal completes a column;
- the discard it leaves for the next player.
"""

from __future__ import annotations

import math

from game.rules import CELLS, DRAW, REPLACE, REVEAL, TAKE, Action, SeatView

from .base import BaseBot, action_at, face_down, pick
from .evaluate import Knowledge, expected_score, grid_after, knowledge, place_gain

TEMPO = 0.12  # points per point of lead for moving towards the end
TEMPO_CAP = 1.5
PATIENCE_START = 25  # own turns in a round before the fear of doubling starts to fade
PATIENCE_END = 35
FEED = 0.5  # share of the next player's gain that a discard costs us


class HardBot(BaseBot):
    level = "hard"

    def judge(self, view: SeatView) -> Judge:
        return Judge(view, self.turns)

    def decide(self, view: SeatView) -> Action:
        if view.phase == "opening":
            return pick(view, self.spread_opening_flip(view))
        self.count_turn(view)
        judge = self.judge(view)
        if view.holding is None:
            if view.draw_pile == 0:
                return pick(view, Action(view.seat, TAKE))
            take = judge.best_for(view.discard_top, "discard")[0]  # type: ignore[arg-type]
            return pick(view, Action(view.seat, TAKE if take >= judge.draw_value() else DRAW))
        return pick(view, judge.best_for(view.holding, view.source)[1])



class Judge:
    """The evaluation of one decision."""

    def __init__(self, view: SeatView, turns: int = 0) -> None:
        self.view = view
        # Fear of doubling fades in a round that drags on, so two cautious players cannot
        # hold each other in a round that never ends.
        self.caution = max(0.0, min(1.0, (PATIENCE_END - turns) / (PATIENCE_END - PATIENCE_START)))
        self.know: Knowledge = knowledge(view, counting=True)
        self.grid = view.grid()
        self.final = view.trigger is not None
        self.hidden = face_down(self.grid)
        self.opponents = [s for s in view.participants if s != view.seat]
        self.my_est = expected_score(self.grid, self.know)
        self.variance = self._variance()
        self.opp_models = [self._opponent_model(s) for s in self.opponents]
        self.turns_left = self._turns_left()
        self.weight = min(0.7, 0.1 * self.turns_left)
        lead = min((m for m, _ in self.opp_models), default=self.my_est) - self.my_est
        self.tempo = 0.0 if self.final else max(-TEMPO_CAP, min(TEMPO_CAP, TEMPO * lead))
        self._feed_cache: dict[int, float] = {}

    # ------------------------------------------------------------ models
    def _opponent_model(self, seat: int) -> tuple[float, float]:
        """Mean and spread of an opponent's final score if the round ended now (+ one turn)."""
        grid = self.view.grids[seat]
        est = expected_score(grid, self.know)
        down = sum(1 for c in grid if c == "?")
        worst = max([c for c in grid if isinstance(c, int)] + ([self.know.mean] if down else []), default=0.0)
        improve = 0.6 * max(0.0, worst - 2.5)
        return est - improve, math.sqrt(down * self.variance + 4.0)

    def _variance(self) -> float:
        k = self.know
        if not k.total:
            return 16.0
        return sum(n * (v - k.mean) ** 2 for v, n in k.unseen.items()) / k.total

    def _turns_left(self) -> int:
        counts = [sum(1 for c in self.view.grids[s] if c == "?") for s in self.view.participants]
        return max(1, min(counts) + 2)

    def double_chance(self, score: float) -> float:
        """P(some opponent finishes at or below `score`): a trigger's positive score doubles."""
        if score <= 0 or self.caution == 0.0:
            return 0.0
        all_above = 1.0
        for mean, spread in self.opp_models:
            z = (score + 0.5 - mean) / spread
            all_above *= 1.0 - 0.5 * (1.0 + math.erf(z / math.sqrt(2)))
        return self.caution * (1.0 - all_above)

    # ------------------------------------------------------------ options
    def best_for(self, card: int, source: str | None) -> tuple[float, Action]:
        best: tuple[float, Action] | None = None
        for i, cell in enumerate(self.grid):
            if cell is None:
                continue
            value = self.replace_value(card, i)
            if best is None or value > best[0]:
                best = (value, action_at(self.view, REPLACE, i))
        if source == "draw":
            for i in self.hidden:
                value = self.reveal_value(card, i)
                if value > best[0]:  # type: ignore[index]
                    best = (value, action_at(self.view, REVEAL, i))
        return best  # type: ignore[return-value]

    def ranked(self) -> list[tuple[float, Action]]:
        """Every legal option of this decision with its value, best first (Expert's candidates)."""
        view = self.view
        if view.holding is None:
            take = self.best_for(view.discard_top, "discard")[0]  # type: ignore[arg-type]
            out = [(take, Action(view.seat, TAKE))]
            if view.draw_pile:
                out.append((self.draw_value(), Action(view.seat, DRAW)))
        else:
            out = [(self.replace_value(view.holding, i), action_at(view, REPLACE, i))
                   for i, cell in enumerate(self.grid) if cell is not None]
            if view.source == "draw":
                out += [(self.reveal_value(view.holding, i), action_at(view, REVEAL, i)) for i in self.hidden]
        out.sort(key=lambda item: -item[0])
        return out

    def replace_value(self, card: int, index: int) -> float:
        gain = place_gain(self.grid, index, card, self.know, self._pair_weight(card), self.final)
        old = self.grid[index]
        if old == "?":
            gain += self.tempo
            if len(self.hidden) == 1 and not self.final:
                after = grid_after(self.grid, action_at(self.view, REPLACE, index), card)
                gain += self._trigger_adjust(after)
        if isinstance(old, int):
            gain -= self.feed(old)
        # a hidden card leaves too, but nobody knows its value beforehand: average feeding
        return gain

    def reveal_value(self, card: int, index: int) -> float:
        value = -self.feed(card) + self.tempo
        if len(self.hidden) == 1 and not self.final:
            value += self._reveal_trigger(index)
        return value

    def _pair_weight(self, card: int) -> float:
        copies = self.know.unseen.get(card, 0)
        return self.weight * min(1.0, copies / 3)

    # ------------------------------------------------------------ ending the round
    def _trigger_adjust(self, after: tuple) -> float:
        """Gain change of ending the round with grid `after` (all face-up): the doubling risk."""
        score = sum(c for c in after if isinstance(c, int))
        return -self.double_chance(score) * score

    def _reveal_trigger(self, index: int) -> float:
        """Revealing the last face-down card ends the round at a score not yet known."""
        k = self.know
        if not k.total:
            return 0.0
        total = 0.0
        for value, n in k.unseen.items():
            after = grid_after(self.grid, action_at(self.view, REVEAL, index), value, revealed=value)
            score = sum(c for c in after if isinstance(c, int))
            total += n * (self.my_est - k.mean + value - score - self.double_chance(score) * score)
        return total / k.total

    # ------------------------------------------------------------ the draw and the discard
    def draw_value(self) -> float:
        k = self.know
        if not k.total:
            return float("-inf")
        return sum(n * self.best_for(value, "draw")[0] for value, n in k.unseen.items()) / k.total

    def feed(self, card: int) -> float:
        """What leaving `card` on the discard pile gives the next player, counted against us."""
        if card in self._feed_cache:
            return self._feed_cache[card]
        view = self.view
        seats = view.participants
        nxt = seats[(seats.index(view.seat) + 1) % len(seats)]
        cost = 0.0
        if nxt != view.trigger:
            grid = view.grids[nxt]
            gains = [place_gain(grid, i, card, self.know, 0.3, self.final) for i in range(CELLS) if grid[i] is not None]
            cost = FEED * max(0.0, max(gains, default=0.0) - 2.0)
        self._feed_cache[card] = cost
        return cost



class CountingJudge(Judge):
    """Hard's judgement without the end of the round: it never fears the doubling."""

    def double_chance(self, score: float) -> float:
        return 0.0


class CountingBot(HardBot):
    """A yardstick, not a level offered to players: a card-counting expected-value player
    that ignores the doubling risk, the kind of "hard" bot other Skyjo programs ship.
    Measuring Hard against it (`simulate --bots hard,counting`) shows what Hard's
    end-of-round judgement is worth."""

    level = "counting"

    def judge(self, view: SeatView) -> Judge:
        return CountingJudge(view, self.turns)
