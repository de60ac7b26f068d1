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

`advise` gives the decision with its reason (`Advice`): `decide` plays its action, and the
Hint key words its reason, so the hint says why Hard really plays what it plays.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from operator import itemgetter
from typing import cast

from game.rules import (
    CELLS,
    DRAW,
    HIDDEN,
    OPENING,
    REPLACE,
    REVEAL,
    SOURCE_DISCARD,
    SOURCE_DRAW,
    TAKE,
    Action,
    SeatView,
)
from game.wire.review import Reasoning, ReasonName

from .base import BaseBot, action_at, face_down, face_down_count, pick
from .evaluate import Knowledge, cell_value, completes_column, expected_score, grid_after, knowledge, place_gain

TEMPO = 0.12  # points per point of lead for moving towards the end
TEMPO_CAP = 1.5
PATIENCE_START = 25  # own turns in a round before the fear of doubling starts to fade
PATIENCE_END = 35
FEED = 0.5  # share of the next player's gain that a discard costs us
LAST_TURN_SHARE = 0.6  # an opponent's last turn sheds this share of its worst card above LAST_TURN_FLOOR
LAST_TURN_FLOOR = 2.5
PAIR_CAP = 0.7  # a pair towards a column is worth at most this share of its value...
PAIR_RATE = 0.1  # ...and this share per turn left in the round, below the cap
SPREAD_PAD = 4.0  # added to the variance of an opponent's final score (its last turn is uncertain too)
FEED_FLOOR = 2.0  # a discard that saves the next player less than this feeds nothing
# A drawn card thrown away for a reveal is worth its expected points and, beyond them, the
# chance that the revealed card is high and replaced later for a large saving; a kept card
# near the mean leaves no such chance. Hard counts expected points only (0 here); Expert's
# judgement takes 2.5, measured in docs/expert-experiments.md ("The worth of a reveal").
REVEAL_BONUS = 0.0
REVEAL_RATE = math.inf  # the bonus is at most this much per turn left in the round (no cap)


def last_turn_gain(shown: list[int], down: int, hidden: float) -> float:
    """What an opponent is expected to save on the one turn it has after someone ends the round:
    most of its worst card (a face-down card counts as `hidden`). Hard's model of that turn,
    used by Expert's playouts too."""
    worst = max(shown + ([hidden] if down else []), default=0.0)
    return LAST_TURN_SHARE * max(0.0, worst - LAST_TURN_FLOOR)


class Reason(StrEnum):
    """Why Hard chose its action: the largest term of its arithmetic for that action."""

    SPREAD = "spread"  # an opening flip in a column with no face-up card yet (two flips always leave one)
    FORCED = "forced"  # the draw pile is empty: the discard is the only card to take
    TAKE = "take"  # the discard at its best place is worth at least a drawn card on average
    DRAW = "draw"  # a drawn card is worth more on average than the discard at its best place
    COMPLETE = "complete"  # the card completes a column of three equal cards, which is removed
    LOWER = "lower"  # the card replaces a higher face-up card
    HIDDEN = "hidden"  # the card is lower than a face-down card is worth on average
    PAIR = "pair"  # the card makes a pair towards a column of three
    HURRY = "hurry"  # ahead: one face-down card fewer brings the end of the round nearer
    # Every placement of a drawn card costs points, and a reveal would cost more because...
    AVOID_END = "avoid_end"  # ...turning up the last face-down card would end the round at a risk of doubling
    AVOID_FEED = "avoid_feed"  # ...the discarded card would help the next player
    SLOW = "slow"  # ...behind: a card turned face up brings the end of the round nearer
    LEAST_BAD = "least_bad"  # every option costs points: this one costs least
    REVEAL = "reveal"  # discarding the drawn card and revealing one is worth more than keeping it


@dataclass(frozen=True)
class Advice:
    """Hard's decision, its reason and the figures behind it (in expected points saved)."""

    action: Action
    reason: Reason
    card: int | None = None  # the card taken, drawn or placed
    value: float = 0.0  # Hard's worth of the action
    other: float = 0.0  # TAKE, DRAW: the worth of the other pile; REVEAL: of keeping the card
    saved: float = 0.0  # a placement: the points its card saves where it goes
    hidden: float = 0.0  # what a face-down card is worth: the mean of the cards not seen
    ends_round: bool = False  # it turns up the last face-down card (the others get one more turn)
    then: Advice | None = None  # TAKE, FORCED: where the card goes, and why

    def reasoning(self) -> Reasoning:
        """The reason and its figures as plain data, worded where it is read (game/ui/advice_words.py)."""
        return Reasoning(reason=cast(ReasonName, self.reason.value), action=self.action.to_list(), card=self.card,
                         saved=round(self.saved, 3), hidden=round(self.hidden, 3), other=round(self.other, 3),
                         ends_round=self.ends_round, then=None if self.then is None else self.then.reasoning())


class HardBot(BaseBot):
    level = "hard"

    def judge(self, view: SeatView) -> Judge:
        return Judge(view, self.turns)

    def decide(self, view: SeatView) -> Action:
        return self.advise(view).action

    def advise(self, view: SeatView) -> Advice:
        """The decision and why: `decide` plays exactly this action."""
        if view.phase == OPENING:
            return Advice(pick(view, self.spread_opening_flip(view)), Reason.SPREAD)
        self.count_turn(view)
        return self.judge(view).advise()


class Judge:
    """The evaluation of one decision. Its figures are class attributes, so that a level with
    other figures (Expert's `ExpertJudge`, or a trial in `tools.tune`) overrides them, not
    the arithmetic."""

    FIGURES = ("tempo_rate", "tempo_cap", "patience_start", "patience_end", "feed_share", "feed_floor",
               "pair_cap", "pair_rate", "spread_pad", "reveal_bonus", "reveal_rate")

    tempo_rate = TEMPO
    tempo_cap = TEMPO_CAP
    patience_start = PATIENCE_START
    patience_end = PATIENCE_END
    feed_share = FEED
    feed_floor = FEED_FLOOR
    pair_cap = PAIR_CAP
    pair_rate = PAIR_RATE
    spread_pad = SPREAD_PAD
    reveal_bonus = REVEAL_BONUS
    reveal_rate = REVEAL_RATE

    def __init__(self, view: SeatView, turns: int = 0) -> None:
        self.view = view
        # Fear of doubling fades in a round that drags on, so two cautious players cannot
        # hold each other in a round that never ends.
        fade = self.patience_end - self.patience_start
        self.caution = max(0.0, min(1.0, (self.patience_end - turns) / fade))
        self.know: Knowledge = knowledge(view, counting=True)
        self.grid = view.grid()
        self.final = view.trigger is not None
        self.hidden = face_down(self.grid)
        self.opponents = [s for s in view.participants if s != view.seat]
        self.my_est = expected_score(self.grid, self.know)
        self.variance = self._variance()
        self.opp_models = [self._opponent_model(s) for s in self.opponents]
        self.turns_left = self._turns_left()
        self.weight = min(self.pair_cap, self.pair_rate * self.turns_left)
        lead = min((m for m, _ in self.opp_models), default=self.my_est) - self.my_est
        self.tempo = 0.0 if self.final else max(-self.tempo_cap, min(self.tempo_cap, self.tempo_rate * lead))
        # no later turn can replace what the last face-down card or a final reveal shows
        later = len(self.hidden) > 1 and not self.final
        self.reveal_worth = min(self.reveal_bonus, self.reveal_rate * self.turns_left) if later else 0.0
        self._feed_cache: dict[int, float] = {}

    # ------------------------------------------------------------ models
    def _opponent_model(self, seat: int) -> tuple[float, float]:
        """Mean and spread of an opponent's final score if the round ended now (+ one turn)."""
        grid = self.view.grids[seat]
        est = expected_score(grid, self.know)
        down = face_down_count(grid)
        improve = last_turn_gain([c for c in grid if isinstance(c, int)], down, self.know.mean)
        return est - improve, math.sqrt(down * self.variance + self.spread_pad)

    def _variance(self) -> float:
        k = self.know
        if not k.total:
            return 16.0
        return sum(n * (v - k.mean) ** 2 for v, n in k.unseen.items()) / k.total

    def _turns_left(self) -> int:
        counts = [face_down_count(self.view.grids[s]) for s in self.view.participants]
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

    # ------------------------------------------------------------ the decision and its reason
    def advise(self) -> Advice:
        view = self.view
        if view.holding is None:
            return self._advise_piles(view.discard_pile[-1])
        value, action = self.best_for(view.holding, view.source)
        return self._placing(view.holding, pick(view, action), value, view.source == SOURCE_DRAW)

    def advice_for(self, action: Action) -> Advice:
        """Why `action`, any legal move of this decision, would be played: its reason as `advise`
        gives it for Hard's own choice (the review words the best move and the move played)."""
        view = self.view
        if view.holding is None:
            top = view.discard_pile[-1]
            take, place = self.best_for(top, SOURCE_DISCARD)
            if action.verb == DRAW:
                return Advice(action, Reason.DRAW, top, self.draw_value(), take)
            reason = Reason.FORCED if view.draw_pile == 0 else Reason.TAKE
            return Advice(action, reason, top, take, then=self._placing(top, place, take))
        card, drawn = view.holding, view.source == SOURCE_DRAW
        if action.verb == REVEAL:
            value = self.reveal_value(card, action.index)
        else:
            value = self.replace_value(card, action.index)
        return self._placing(card, action, value, drawn)

    def _advise_piles(self, top: int) -> Advice:
        view = self.view
        take, place = self.best_for(top, SOURCE_DISCARD)
        if view.draw_pile == 0:
            return Advice(pick(view, Action(view.seat, TAKE)), Reason.FORCED, top, take,
                          then=self._placing(top, place, take))
        draw = self.draw_value()
        if take >= draw:
            return Advice(pick(view, Action(view.seat, TAKE)), Reason.TAKE, top, take, draw,
                          then=self._placing(top, place, take))
        return Advice(pick(view, Action(view.seat, DRAW)), Reason.DRAW, top, draw, take)

    def _placing(self, card: int, action: Action, value: float, drawn: bool = False) -> Advice:
        """Why `card` goes where `action` puts it: the largest term of its worth (`drawn`: a
        reveal was the other choice)."""
        index, know = action.index, self.know
        ends = len(self.hidden) == 1 and self.hidden[0] == index and not self.final
        if action.verb == REVEAL:
            keep = self.best_replace(card)[0]
            return Advice(action, Reason.REVEAL, card, value, keep, hidden=know.mean, ends_round=ends)
        gain = place_gain(self.grid, index, card, know, self._pair_weight(card), self.final)
        old = self.grid[index]
        if completes_column(self.grid, index, card):
            return Advice(action, Reason.COMPLETE, card, value, saved=gain, hidden=know.mean, ends_round=ends)
        saved = cell_value(old, know) - card
        terms = [(saved, Reason.LOWER if isinstance(old, int) else Reason.HIDDEN), (gain - saved, Reason.PAIR),
                 (self.tempo if old == HIDDEN else 0.0, Reason.HURRY)]
        biggest, reason = max(terms, key=itemgetter(0))
        if biggest <= 0:
            reason = self._why_not_reveal(card) if drawn else Reason.LEAST_BAD
        return Advice(action, reason, card, value, saved=saved, hidden=know.mean, ends_round=ends)

    def _why_not_reveal(self, card: int) -> Reason:
        """Why a drawn card goes where it costs points: the worst term of a reveal instead."""
        if not self.hidden:
            return Reason.LEAST_BAD
        ends = len(self.hidden) == 1 and not self.final
        terms = [(self._reveal_trigger(self.hidden[0]) if ends else 0.0, Reason.AVOID_END),
                 (-self.feed(card), Reason.AVOID_FEED), (self.tempo, Reason.SLOW)]
        worst, reason = min(terms, key=itemgetter(0))
        return reason if worst < 0 else Reason.LEAST_BAD

    # ------------------------------------------------------------ options
    def best_replace(self, card: int) -> tuple[float, int]:
        """The worth of `card`'s best place and that place (the first of equals, in reading order)."""
        return max(((self.replace_value(card, i), i) for i, cell in enumerate(self.grid) if cell is not None),
                   key=itemgetter(0))

    def best_for(self, card: int, source: str | None) -> tuple[float, Action]:
        value, index = self.best_replace(card)
        best = (value, action_at(self.view, REPLACE, index))
        if source == SOURCE_DRAW:
            for i in self.hidden:
                value = self.reveal_value(card, i)
                if value > best[0]:
                    best = (value, action_at(self.view, REVEAL, i))
        return best

    def ranked(self) -> list[tuple[float, Action]]:
        """Every legal option of this decision with its value, best first (Expert's candidates)."""
        view = self.view
        if view.holding is None:
            take = self.best_for(view.discard_pile[-1], SOURCE_DISCARD)[0]
            out = [(take, Action(view.seat, TAKE))]
            if view.draw_pile:
                out.append((self.draw_value(), Action(view.seat, DRAW)))
        else:
            out = [(self.replace_value(view.holding, i), action_at(view, REPLACE, i))
                   for i, cell in enumerate(self.grid) if cell is not None]
            if view.source == SOURCE_DRAW:
                out += [(self.reveal_value(view.holding, i), action_at(view, REVEAL, i)) for i in self.hidden]
        out.sort(key=lambda item: -item[0])
        return out

    def replace_value(self, card: int, index: int) -> float:
        gain = place_gain(self.grid, index, card, self.know, self._pair_weight(card), self.final)
        old = self.grid[index]
        if old == HIDDEN:
            gain += self.tempo
            if len(self.hidden) == 1 and not self.final:
                after = grid_after(self.grid, action_at(self.view, REPLACE, index), card)
                gain += self._trigger_adjust(after)
        if isinstance(old, int):
            gain -= self.feed(old)
        # a hidden card leaves too, but nobody knows its value beforehand: average feeding
        return gain

    def reveal_value(self, card: int, index: int) -> float:
        value = -self.feed(card) + self.tempo + self.reveal_worth
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
        return sum(n * self.best_for(value, SOURCE_DRAW)[0] for value, n in k.unseen.items()) / k.total

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
            cost = self.feed_share * max(0.0, max(gains, default=0.0) - self.feed_floor)
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
