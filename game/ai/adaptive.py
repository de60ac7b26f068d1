"""The adaptive level ("Your level"): the strength knob (strength.py), set to the people at the
table and moved to keep the game close, aiming at a person's win rate near one in two.

- It starts a game at the strength of the people's profile (game/store/profiles.py; the mean
  of their strengths when several play: game/adapt.py `table_strength`), given in its spec:
  `adaptive@0.71` (the knob's number, 0 the child to 1: game/adapt.py), `adaptive@0.71/0/2` (and
  the seats of the people it plays for; without them, every other seat). Plain `adaptive` starts
  at the default of a new name.
- Between rounds it plays stronger by how far it trails the people's mean total and weaker by
  how far it leads (`in_round`): read from the view's totals alone, so a resumed or replayed
  game plays the same, and nothing is remembered that the view does not show.
- Between games it moves its strength by the result (`after_game`) when the games come to it
  one after another (`skyjo simulate`, `skyjo bot`): the profile carried across the run's
  games, as the app's store carries it across the person's games; after the first, the
  people's mean round score places a beginner at once.
"""

from __future__ import annotations

from game.adapt import DEFAULT_STRENGTH, after_game, in_round, knob_number
from game.rules import GAME_OVER, SeatView

from .strength import StrengthBot

MAX_SEAT = 7


class AdaptiveBot(StrengthBot):
    level = "adaptive"

    def __init__(
        self, seed: int = 0, strength: float = DEFAULT_STRENGTH, people: tuple[int, ...] | None = None
    ) -> None:
        super().__init__(seed, strength)
        self.people = people  # the seats of the people it plays for; None: every other seat
        self.games = 0  # games it has finished with this profile
        self._seat: int | None = None  # the seat it last played (a game's result is told by seat)
        self._rounds = 0  # the rounds of the game it last played, from its views

    def _people(self, seats: tuple[int, ...], mine: int) -> list[int]:
        chosen = seats if self.people is None else self.people
        return [seat for seat in chosen if seat != mine and seat in seats]

    def strength_now(self, view: SeatView) -> float:
        self._seat, self._rounds = view.seat, view.round
        people = self._people(view.participants, view.seat)
        return in_round(self.strength, view.totals[view.seat], [view.totals[seat] for seat in people])

    def notify(self, message: dict) -> None:
        super().notify(message)
        if message.get("type") != GAME_OVER or self._seat is None:
            return
        totals, winners, mine = message.get("totals"), message.get("winners") or [], self._seat
        if not isinstance(totals, list) or mine >= len(totals):
            return
        people = self._people(tuple(range(len(totals))), mine)
        if not people:
            return
        mean = sum(totals[seat] for seat in people) / len(people)
        person_won = mean < totals[mine] or (mean == totals[mine] and mine not in winners)
        self.strength = after_game(self.strength, self.games, person_won, mean / max(1, self._rounds))
        self.games += 1
        self._seat = None


def adaptive_spec(strength: float, people: list[int]) -> str:
    """The spec of an adaptive player starting at `strength` (inner, to 4 decimals as before the
    knob's number: the spec's 5 decimals of that number read back to the same strength) for the
    people at `people`."""
    return "/".join([f"adaptive@{knob_number(round(strength, 4)):.5f}", *(str(seat) for seat in people)])


def read_people(parts: list[str], spec: str) -> tuple[int, ...]:
    """The seats after a strength in `adaptive@<strength>/<seat>/...`: ValueError unless seat numbers."""
    if not all(part.isascii() and part.isdigit() and len(part) == 1 and int(part) <= MAX_SEAT for part in parts):
        raise ValueError(f"unknown bot {spec!r}; the adaptive level's people are seat numbers, as adaptive@0.5/0/2")
    return tuple(int(part) for part in parts)
