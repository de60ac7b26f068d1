"""Honesty: a bot's decision depends on the seat's view alone (docs/rules.md §12).

For random mid-game positions, the face-down cards of every grid and the draw pile are
shuffled among themselves; the seat's view stays identical, and so must every level's
decision under the same seed.
"""

import random

import pytest
from helpers import hidden_twin

from game.ai import make_bot
from game.ai.determinize import determinize
from game.ai.expert import ExpertBot
from game.rules import GameState, check_consistency, seat_view


def mid_game_positions(count: int, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    positions = []
    for n in range(count):
        edition, players = rng.choice([("voyage", 2), ("voyage", 4), ("classic", 3), ("classic", 6)])
        state = GameState.new_game(edition, players, seed=seed * 100 + n)
        driver = make_bot("normal", seed=n)
        for _ in range(rng.randrange(0, 60)):
            if state.phase == "round_over":
                state.deal()
            if state.phase not in ("opening", "turn"):
                break
            state.apply(driver.decide(seat_view(state, state.to_act)))
        if state.phase in ("opening", "turn"):
            positions.append(state)
    return positions


def fresh(level: str, seed: int):
    if level == "expert":
        return ExpertBot(seed, samples=6)  # counted samples, not the clock: repeatable
    return make_bot(level, seed)


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert", "counting", "playout", "judge", "strength@0.65",
                                   "adaptive", "adaptive@0.8/1/2"])
def test_decisions_ignore_hidden_cards(level):
    rng = random.Random(5)
    positions = mid_game_positions(14 if level == "expert" else 40, seed=21)
    assert len(positions) >= 10
    changed_worlds = 0
    for n, state in enumerate(positions):
        seat = state.to_act
        view = seat_view(state, seat)
        for _ in range(3):
            other = hidden_twin(state, rng)
            changed_worlds += other.cards != state.cards or other.draw_pile != state.draw_pile
            assert seat_view(other, seat) == view
            assert fresh(level, n).decide(seat_view(other, seat)) == fresh(level, n).decide(view)
    assert changed_worlds > 0  # the test really moved hidden cards around


def test_expert_search_ignores_hidden_cards(monkeypatch):
    """Force Expert to search every decision: its sampled worlds must not see the real cards."""
    from game.ai import expert

    monkeypatch.setattr(expert, "near_end", lambda view: True)
    monkeypatch.setattr(expert, "CLEAR_MARGIN", float("inf"))
    rng = random.Random(6)
    searched = 0
    for n, state in enumerate(mid_game_positions(12, seed=33)):
        if state.phase != "turn":
            continue
        view = seat_view(state, state.to_act)
        bot = ExpertBot(n, samples=4)
        first = bot.decide(view)
        searched += bot.samples_taken > 0
        other = seat_view(hidden_twin(state, rng), view.seat)
        assert other == view
        assert ExpertBot(n, samples=4).decide(other) == first
    assert searched >= 3


def test_a_sampled_world_matches_the_view_exactly():
    rng = random.Random(8)
    for state in mid_game_positions(30, seed=4):
        if state.phase != "turn":
            continue
        view = seat_view(state, state.to_act)
        world = determinize(view, rng)
        check_consistency(world)
        assert seat_view(world, view.seat) == view


def test_sampling_uses_only_the_bot_generator():
    state = mid_game_positions(5, seed=9)[-1]
    view = seat_view(state, state.to_act)
    first = determinize(view, random.Random(3))
    again = determinize(view, random.Random(3))
    assert first.cards == again.cards and first.draw_pile == again.draw_pile
